"""``wonders.tournament``: our bots and Python callables in the simulator's round robin."""

from __future__ import annotations

import inspect
import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, Union

from . import _wonders

BotLike = Union[str, Callable[..., int], "tuple[str, Callable[..., int]]"]


@dataclass
class TournamentResult:
    """A finished tournament: ``games`` holds one row per seat per game (the columns of
    ``wonders tournament --out``), ``report`` the JSON report (``pairs``, ``ratings`` with Elo
    and 95% intervals, …) and ``text`` the report as the command line prints it."""

    games: Any
    report: dict = field(repr=False)
    text: str = field(repr=False)

    @property
    def ratings(self) -> list:
        return self.report["ratings"]

    def __str__(self) -> str:
        return self.text


def _positional_arity(f) -> int | None:
    try:
        params = inspect.signature(f).parameters.values()
    except (TypeError, ValueError):
        return None
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(1 for p in params if p.kind in kinds and p.default is inspect.Parameter.empty)


def _seat(bot: BotLike):
    """A bot as the library takes it: a spec string, or (label, callable of one Game)."""
    if isinstance(bot, str):
        return bot
    if isinstance(bot, tuple) and len(bot) == 2 and isinstance(bot[0], str) and callable(bot[1]):
        label, f = bot
    elif callable(bot):
        label, f = getattr(bot, "__name__", type(bot).__name__), bot
    else:
        raise ValueError(
            f"bots: {bot!r} is neither a bot specification (e.g. 'greedy'), a callable, nor a (label, callable) pair"
        )
    if _positional_arity(f) == 2:
        # (observation, mask) -> action id
        return (label, lambda game, f=f: f(game.observation(), game.action_mask()))
    return (label, f)


def tournament(
    game: str = "duel",
    bots: Sequence[BotLike] = ("random", "greedy"),
    games: int = 1000,
    seed: int = 1,
    threads: int = 0,
    csv: str | os.PathLike | None = None,
    **options,
) -> TournamentResult:
    """Every pair of ``bots`` plays ``games`` matches, each twice on one seed with the seats
    swapped, exactly as ``wonders tournament`` does (same seeds, rows and ratings).

    A bot is a specification (``"greedy"``, ``"mcts:iterations=200"``), a callable, or a
    ``(label, callable)`` pair. A callable of one argument gets a ``wonders.Game`` holding a
    determinization of the game for its own seat (everything it may see, the rest re-dealt:
    it cannot cheat, and may search on clones); a callable of two gets ``(observation, mask)``.
    It returns a legal action id. Python bots run one at a time (the GIL); our bots in the same
    tournament run on every core. A bot that raises or returns an illegal id stops the
    tournament with ``ValueError`` naming it.
    """
    from . import _check_counts, game_spec, read_csv

    spec = game_spec(game, **options)
    seats = [_seat(b) for b in bots]
    _check_counts(games=games, seed=seed, threads=threads)
    with tempfile.TemporaryDirectory(prefix="wonders-") as d:
        path = os.fspath(csv) if csv is not None else os.path.join(d, "tournament.csv")
        report, text = _wonders.tournament_run(spec, seats, games, seed, path, threads)
        table = read_csv(path)
    return TournamentResult(games=table, report=json.loads(report), text=text)
