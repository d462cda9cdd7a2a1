"""A self-play run split by game index into Ray tasks, each writing one Parquet shard.

Game ``i`` of a run depends only on (seed, i, options, bots), so a run of ``games`` games is cut
into ranges of ``shard_size`` game indices, and the task for range ``[a, b)`` plays exactly the
rows the single-machine run has for those games (``wonders.simulate`` with the same arguments).
Each shard is written to ``games-<a>-<b>.parquet`` (12-digit indices) through a temporary file
and a rename, so a shard file is either whole or absent; a shard already on disk is not played
again, so an interrupted sweep resumes by running the same command. Re-running a shard gives the
same file, byte for byte (same wonders and pyarrow versions).

A shard's name says only which games it holds, not of which run: ``simulate`` writes the run's
manifest, ``manifest.json`` (game, options, bots, seed, shard size, seat rotation, format
version), in ``out_dir`` before the first shard, and refuses a directory whose manifest is
another run's, or that holds shards without one, as ``wonders simulate --resume`` refuses the
CSV of another run. The number of games is not part of it: a run can be extended.

Local: ``ray.init()`` (or nothing: ``simulate`` starts a local instance). A cluster:
``ray.init(address="ray://head:10001")`` or ``--address``; every node needs ``wonders``
installed and ``out_dir`` must be a directory every node can write and the driver can read
(a shared file system).

From the shell::

    python -m wonders.ray --game duel --games 1000000 --bots greedy,random --seed 1 \\
        --shard-size 50000 --out-dir runs/duel-seed1
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from typing import Sequence

from . import _wonders, game_spec, read_csv

SHARD_PATTERN = "games-{:012d}-{:012d}.parquet"
MANIFEST = "manifest.json"
# What the manifest says it is; the version changes when the shards' layout does.
MANIFEST_FORMAT = "wonders-ray-shards"
MANIFEST_VERSION = 1


def shard_ranges(games: int, shard_size: int) -> list[tuple[int, int]]:
    """The game-index ranges ``[a, b)`` of a run cut into shards of ``shard_size`` games."""
    if games < 0:
        raise ValueError(f"games: {games} is negative")
    if shard_size < 1:
        raise ValueError(f"shard_size: {shard_size}, must be at least 1")
    return [(a, min(a + shard_size, games)) for a in range(0, games, shard_size)]


def shard_path(out_dir: str | os.PathLike, start: int, end: int) -> str:
    return os.path.join(os.fspath(out_dir), SHARD_PATTERN.format(start, end))


def run_shard(
    spec: str,
    bots: Sequence[str],
    seed: int,
    start: int,
    end: int,
    out_dir: str,
    rotate_seats: bool = False,
    threads: int = 1,
) -> str:
    """Plays games ``start..end`` of the run and writes their rows as one Parquet file; returns
    its path. Runs anywhere ``wonders`` is installed (a Ray task, or plain Python)."""
    import pyarrow.parquet as pq

    final = shard_path(out_dir, start, end)
    os.makedirs(out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="wonders-shard-") as d:
        csv = os.path.join(d, "shard.csv")
        _wonders.simulate_csv(spec, csv, end, list(bots), seed, threads, rotate_seats, start)
        table = read_csv(csv)
    tmp = f"{final}.tmp-{os.getpid()}"
    pq.write_table(table, tmp)
    os.replace(tmp, final)
    return final


def run_manifest(
    spec: str, bots: Sequence[str], seed: int, shard_size: int, rotate_seats: bool = False
) -> dict:
    """What identifies a run's shards: every argument the rows depend on, and the format."""
    game, _, options = spec.partition(":")
    return {
        "format": MANIFEST_FORMAT,
        "version": MANIFEST_VERSION,
        "game": game,
        "options": options,
        "bots": list(bots),
        "seed": seed,
        "shard_size": shard_size,
        "rotate_seats": bool(rotate_seats),
    }


def _has_shards(out_dir: str) -> bool:
    return os.path.isdir(out_dir) and any(
        n.startswith("games-") and n.endswith(".parquet") for n in os.listdir(out_dir)
    )


def check_manifest(out_dir: str | os.PathLike, manifest: dict) -> None:
    """Refuses ``out_dir`` when it holds another run's shards (a different manifest, or shards
    and no manifest); otherwise writes ``manifest`` there (through a temporary file and a
    rename) if it is not there yet. Raises ``ValueError`` naming what differs."""
    out_dir = os.fspath(out_dir)
    path = os.path.join(out_dir, MANIFEST)
    try:
        with open(path, encoding="utf-8") as f:
            found = json.load(f)
    except FileNotFoundError:
        found = None
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: not a readable run manifest ({e}); use another out_dir") from e
    if found is None:
        if _has_shards(out_dir):
            raise ValueError(
                f"{out_dir} holds shards (games-*.parquet) but no {MANIFEST}: they may be of "
                "another run; use another out_dir, or remove them"
            )
        os.makedirs(out_dir, exist_ok=True)
        tmp = f"{path}.tmp-{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(manifest, f, indent=2)
            f.write("\n")
        os.replace(tmp, path)
        return
    if not isinstance(found, dict) or found.get("format") != MANIFEST_FORMAT:
        raise ValueError(f"{path} is not a wonders run manifest; use another out_dir")
    differ = [
        f"{key} {found.get(key)!r} where this run has {value!r}"
        for key, value in manifest.items()
        if found.get(key) != value
    ]
    if differ:
        raise ValueError(
            f"{out_dir} holds the shards of another run ({'; '.join(differ)}): give the run's "
            "own arguments to go on with it, or use another out_dir"
        )


def read(out_dir: str | os.PathLike):
    """Every shard of ``out_dir``, in game order, as one ``pyarrow.Table``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    names = sorted(n for n in os.listdir(out_dir) if n.startswith("games-") and n.endswith(".parquet"))
    if not names:
        raise ValueError(f"{out_dir}: no shard (games-*.parquet) in it")
    return pa.concat_tables(pq.read_table(os.path.join(out_dir, n)) for n in names)


def simulate(
    game: str = "duel",
    games: int = 1000,
    bots: Sequence[str] | str = ("greedy",),
    seed: int = 1,
    out_dir: str | os.PathLike = "wonders-shards",
    shard_size: int = 10_000,
    rotate_seats: bool = False,
    threads_per_task: int = 1,
    **options,
) -> list[str]:
    """Plays a run as Ray tasks, one per shard of ``shard_size`` game indices not yet on disk,
    each taking ``threads_per_task`` CPUs; returns every shard's path in game order (read them
    back with ``wonders.ray.read(out_dir)``). Starts a local Ray instance unless one is
    connected. The union of the shards equals ``wonders.simulate`` with the same arguments.
    An ``out_dir`` holding another run's shards is refused with a ``ValueError`` (see
    ``manifest.json`` in the module's notes)."""
    import ray

    spec = game_spec(game, **options)
    bots = [bots] if isinstance(bots, str) else list(bots)
    out_dir = os.fspath(out_dir)
    # Check every argument here, once, before any task runs (a 0-game shard checks them all).
    with tempfile.TemporaryDirectory(prefix="wonders-check-") as d:
        _wonders.simulate_csv(spec, os.path.join(d, "check.csv"), 0, bots, seed, 1, rotate_seats)
    ranges = shard_ranges(games, shard_size)
    # Shards on disk are reused by name: only if they are this run's.
    check_manifest(out_dir, run_manifest(spec, bots, seed, shard_size, rotate_seats))
    missing = [(a, b) for a, b in ranges if not os.path.exists(shard_path(out_dir, a, b))]
    if missing:
        if not ray.is_initialized():
            ray.init()
        task = ray.remote(num_cpus=threads_per_task)(run_shard)
        ray.get(
            [task.remote(spec, bots, seed, a, b, out_dir, rotate_seats, threads_per_task) for a, b in missing]
        )
    return [shard_path(out_dir, a, b) for a, b in ranges]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m wonders.ray",
        description="A self-play run split by game index into Ray tasks writing Parquet shards "
        "(re-run the same command to finish an interrupted run).",
    )
    p.add_argument("--game", default="duel", help="game spec, e.g. duel or classic:players=5")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bots", default="greedy", help="comma-separated bot specs (one per seat or one for all)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rotate-seats", action="store_true")
    p.add_argument("--shard-size", type=int, default=10_000)
    p.add_argument("--threads-per-task", type=int, default=1)
    p.add_argument("--out-dir", required=True)
    p.add_argument("--address", default=None, help="Ray cluster address (default: a local instance)")
    args = p.parse_args(argv)
    import ray

    try:
        if args.address:
            ray.init(address=args.address)
        paths = simulate(
            args.game,
            games=args.games,
            bots=[b for b in args.bots.split(",") if b],
            seed=args.seed,
            out_dir=args.out_dir,
            shard_size=args.shard_size,
            rotate_seats=args.rotate_seats,
            threads_per_task=args.threads_per_task,
        )
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"{len(paths)} shards in {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
