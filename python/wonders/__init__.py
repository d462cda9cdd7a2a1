"""wonders: the 7 Wonders family of games for Python.

Everything runs in Rust (the ``wonders`` crate, through its game registry); this package adds
Python signatures, Arrow tables and environments:

- ``simulate(game, games=..., bots=[...], seed=...)``: a self-play run on all cores, returned
  as a ``pyarrow.Table`` with exactly the columns and values of ``wonders simulate --out``;
- ``Game(game, seed=0, **options)``: one game stepped by integer action ids;
- ``tournament(game, bots=["greedy", my_bot])``: our bots and Python callables in one round
  robin, as ``wonders tournament``;
- ``Game.from_record(...)`` and ``wonders.records``: records back as games, and records files
  as (observation, action, outcome) training rows;
- ``wonders.env``: PettingZoo AEC and Parallel environments, Gymnasium environments registered
  as ``wonders/Duel-v0``, ``wonders/Classic-v0`` and ``wonders/Architects-v0`` (on
  ``import wonders`` when Gymnasium is installed), and a threaded Gymnasium ``VectorEnv``;
- ``wonders.ray``: a run split into Parquet shards by game index over Ray.
"""

from __future__ import annotations

import os
import sys
import tempfile
from typing import Callable, Sequence, Union

from . import _wonders
from ._wonders import BatchEnv, Bot, Game, derive_seed

__version__: str = _wonders.__version__

__all__ = [
    "__version__",
    "BatchEnv",
    "Bot",
    "Game",
    "action_names",
    "derive_seed",
    "game_spec",
    "games",
    "observation_names",
    "read_csv",
    "records",
    "simulate",
    "tournament",
    "TournamentResult",
]


def games() -> list[str]:
    """The ids of every game (``duel``, ``classic``, ``architects``)."""
    return list(_wonders.game_ids())


def game_spec(game: str, **options) -> str:
    """The spec text of a game and its options, checked: ``game_spec("classic", players=5)`` is
    ``"classic:players=5"``. Lists are joined with ``+``; ``_`` in a key stands for ``-``."""
    return _wonders.game_spec(game, **options)


def action_names(game: str, **options) -> list[str]:
    """The name of every action id of a game with these options, in id order."""
    return list(_wonders.action_labels(game_spec(game, **options)))


def observation_names(game: str, **options) -> list[str]:
    """The name of every observation feature of a game with these options, in order."""
    return list(_wonders.observation_names(game_spec(game, **options)))


# Columns holding integers; every other column (bots, wonders, sides, victory types, a game's
# own dimensions such as Architects' medals) is text.
_INT_COLUMNS = {"game_index", "players", "seat", "team", "stages_built", "rank", "win", "total", "coins", "turns", "pair", "leg"}
_UNSIGNED_COLUMNS = {"run_seed", "game_seed"}


def read_csv(path: str | os.PathLike):
    """Reads a per-seat CSV of ``wonders simulate --out`` (or ``tournament``) into a
    ``pyarrow.Table`` with fixed column types: seeds as uint64, counts, ranks, scores
    (``score_*``), coins and turns as int64, every other column as strings."""
    import pyarrow as pa
    import pyarrow.csv as pacsv

    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\r\n").split(",")
    types = {}
    for name in header:
        if name in _UNSIGNED_COLUMNS:
            types[name] = pa.uint64()
        elif name in _INT_COLUMNS or name.startswith("score_"):
            types[name] = pa.int64()
        else:
            types[name] = pa.string()
    return pacsv.read_csv(
        path,
        convert_options=pacsv.ConvertOptions(
            column_types=types, strings_can_be_null=False, quoted_strings_can_be_null=False
        ),
    )


def _check_counts(**values) -> None:
    """Refuses, as ValueError, a count or seed outside 0..2^64 (Rust takes them unsigned)."""
    for name, v in values.items():
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 2**64:
            raise ValueError(f"{name}: {v!r} is not a whole number from 0 to 2^64 - 1")


def _check_threads(threads) -> None:
    _check_counts(threads=threads)
    if threads > _wonders.MAX_THREADS:
        raise ValueError(f"threads: {threads} is more than the {_wonders.MAX_THREADS} allowed (0 = one per core)")


def _check_output(name: str, path, force: bool) -> None:
    """Refuses to replace a non-empty file without ``force`` (as the command line's --force)."""
    try:
        size = os.path.getsize(path)
    except OSError:
        return
    if size > 0 and not force:
        raise FileExistsError(f"{name}: {os.fspath(path)} exists and is not empty; pass force=True to replace it")


class _Bar:
    """A progress bar on standard error: ``games done/games, rate, time left``."""

    def __init__(self, stream=None):
        import time

        self._time = time.monotonic
        self._start = time.monotonic()
        self._stream = stream or sys.stderr

    def __call__(self, done: int, total: int) -> None:
        elapsed = max(self._time() - self._start, 1e-9)
        width = 30
        filled = width * done // total if total else width
        rate = done / elapsed
        left = (total - done) / rate if rate > 0 else float("nan")
        end = "\n" if done >= total else ""
        self._stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {rate:,.0f}/s, {left:,.0f} s left {end}"
        )
        self._stream.flush()


def _bot_list(bots) -> list[str]:
    if isinstance(bots, str):
        bots = [bots]
    bots = list(bots)
    if not bots or not all(isinstance(b, str) for b in bots):
        raise ValueError(
            f"bots: give bot specifications as strings (e.g. ['greedy', 'mcts:iterations=200']), got {bots!r}"
        )
    return bots


def simulate(
    game: str = "duel",
    games: int = 1000,
    bots: Sequence[str] | str = ("greedy",),
    seed: int = 1,
    threads: int = 0,
    rotate_seats: bool = False,
    csv: str | os.PathLike | None = None,
    force: bool = False,
    progress: Union[bool, Callable[[int, int], None]] = False,
    **options,
):
    """A self-play run, computed in Rust on ``threads`` cores (0 = all, at most 1,024) with the
    GIL released.

    Returns a ``pyarrow.Table``, one row per seat per game, with the columns and values of
    ``wonders simulate --out`` for the same arguments (its defaults too: greedy bots, seed 1).
    ``csv`` also keeps the CSV file; an existing non-empty file is refused
    (``FileExistsError``) unless ``force=True``. ``progress=True`` draws a bar on standard
    error; a callable is called as ``progress(games_done, games)`` about every 50 ms and at the
    end. Game options are keywords (``players=5``, ``edition="v1"``) or part of ``game``
    (``"classic:players=5"``). Ctrl-C stops the run and raises ``KeyboardInterrupt``.
    """
    spec = game_spec(game, **options)
    _check_counts(games=games, seed=seed)
    _check_threads(threads)
    if progress is True:
        progress = _Bar()
    elif progress is False or progress is None:
        progress = None
    elif not callable(progress):
        raise ValueError(f"progress: {progress!r} is neither True/False nor a callable(games_done, games)")
    if csv is not None:
        _check_output("csv", csv, force)
        _wonders.simulate_csv(
            spec, os.fspath(csv), games, _bot_list(bots), seed, threads, rotate_seats, force=True, progress=progress
        )
        return read_csv(csv)
    with tempfile.TemporaryDirectory(prefix="wonders-") as d:
        path = os.path.join(d, "run.csv")
        _wonders.simulate_csv(spec, path, games, _bot_list(bots), seed, threads, rotate_seats, progress=progress)
        return read_csv(path)

from ._tournament import TournamentResult, tournament  # noqa: E402  (uses the names above)
from . import records  # noqa: E402,F401  (wonders.records after `import wonders`)

try:  # Gymnasium's registry: gymnasium.make("wonders/Duel-v0") after `import wonders`
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:  # the environments are optional (pip install "./python[env]")
    pass
else:
    from ._gym_register import register_envs as _register_envs

    _register_envs()
