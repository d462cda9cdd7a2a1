"""The table as a person reads it: the text of ``render_mode="ansi"``."""

from __future__ import annotations

from .. import Game


def table_text(game: Game, seat: int | None = None) -> str:
    """The game as one seat sees it (default: the seat to move, or seat 0 once over): who is
    to move, every seat's score, what that seat's observation holds (features that are not 0,
    grouped as the observation names them), and the legal actions by name."""
    over = game.is_terminal
    if seat is None:
        seat = 0 if over else game.current_player
    lines = [f"{game.spec}: {game.num_players} seats, step {len(game.steps)}"]
    if over:
        returns = game.returns()
        best = max(returns)
        winners = [s for s, r in enumerate(returns) if r == best and r > 0]
        lines.append(f"game over; won by seat {' and '.join(map(str, winners))}")
    else:
        lines.append(f"seat {game.current_player} to move")
    lines.append("scores: " + ", ".join(f"seat {s} {v}" for s, v in enumerate(game.scores())))
    lines.append(f"what seat {seat} sees:")
    groups: dict[str, list[str]] = {}
    for name, value in zip(game.observation_names(), game.observation(seat)):
        if value == 0:
            continue
        head, _, rest = name.partition(".")
        shown = f"{value:g}" if value != 1 else ""
        groups.setdefault(head, []).append(f"{rest or head}{' ' + shown if shown else ''}")
    for head, items in groups.items():
        lines.append(f"  {head}: " + ", ".join(items))
    if not over:
        names = game.legal_action_names()
        lines.append(f"legal actions ({len(names)}): " + ", ".join(names[:40]) + (" …" if len(names) > 40 else ""))
    return "\n".join(lines)
