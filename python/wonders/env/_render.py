"""The table as a person reads it: the text of ``render_mode="ansi"``."""

from __future__ import annotations

from collections import Counter

from .. import Game

_GROUPS: dict[str, list[tuple[str, str]]] = {}


def _groups(game: Game) -> list[tuple[str, str]]:
    """(group, item) of every observation feature: the group is the longest prefix of the
    name (by ``_``-separated words) that at least 3 features share (``seat_0_city``,
    ``hand``), the item the rest (``clay_pool``); a name sharing no prefix is its own item."""
    if game.spec not in _GROUPS:
        names = game.observation_names()
        words = [n.split("_") for n in names]
        shared = Counter(tuple(w[:k]) for w in words for k in range(1, len(w)))
        out = []
        for w in words:
            k = max((k for k in range(1, len(w)) if shared[tuple(w[:k])] >= 3), default=0)
            out.append((" ".join(w[:k]), "_".join(w[k:])))
        _GROUPS[game.spec] = out
    return _GROUPS[game.spec]


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
    for (head, item), value in zip(_groups(game), game.observation(seat)):
        if value == 0:
            continue
        groups.setdefault(head, []).append(item if value == 1 else f"{item} {value:g}")
    for head, items in groups.items():
        lines.append(f"  {head or 'game'}: " + ", ".join(items))
    if not over:
        names = game.legal_action_names()
        lines.append(f"legal actions ({len(names)}): " + ", ".join(names[:40]) + (" …" if len(names) > 40 else ""))
    return "\n".join(lines)
