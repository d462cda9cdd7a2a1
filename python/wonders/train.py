"""Train a policy-and-value network for a wonders game by self-play, AlphaZero-style.

Each iteration:

1. the Rust engine plays ``--games`` self-play games (``wonders selfplay``): MCTS guided by the
   current network (its prior in the selection; a leaf valued by a random rollout, as
   ``mcts:eval=net`` plays, or with ``--mix`` below 1 by the network's value too), or plain
   MCTS with random rollouts for the first iteration when there is no network yet; with
   ``--deeper-search N`` the guided search runs ``N`` iterations a decision from iteration
   ``--deeper-from`` on (a policy trained on an 800-iteration search's visit shares stops
   improving within the first hour; deeper searches' shares teach it more); every
   position with a choice
   becomes a row (observation of the seat to move, legal-id mask, the search's visit shares,
   the game's returns from that seat on);
2. PyTorch trains the network on the rows of the last ``--window`` iterations, on CPU
   (cross-entropy to the visit shares over legal ids, cross-entropy of the per-seat value
   softmax to the returns);
3. the network is exported to ONNX (``model.onnx`` in the run directory, with the game, its
   options, the command and the seed in the file's metadata) and a checkpoint is written, so
   ``--resume`` goes on from the last finished iteration;
4. every ``--eval-every`` iterations the network plays the fixed baselines (``net`` against
   ``random`` and ``greedy``, ``mcts:eval=net`` (its default: rollout values, the network's
   priors) against plain ``mcts`` at equal ``time_ms``),
   seats rotated, and a row is appended to the learning curve (CSV).

Run from the repository (the ``wonders`` binary is found in ``target/``, or give ``--wonders``)::

    python python/wonders/train.py --game duel --out runs/duel --minutes 60 --seed 1

or, with the package installed, ``python -m wonders.train ...``. Needs ``torch`` and ``numpy``
(and ``onnx`` to write the metadata; without it the model has none, which the bots accept).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

CURVE_COLUMNS = [
    "iteration",
    "elapsed_s",
    "positions",
    "opponent",
    "player",
    "games",
    "wins",
    "win_rate",
]


class PolicyValueNet(nn.Module):
    """An MLP over the observation: a policy head (one logit per action id) and a value head
    (one win probability per seat, observer first; softmax, so they sum to 1)."""

    def __init__(self, observation_len: int, action_space: int, players: int, hidden: int, layers: int,
                 dropout: float = 0.0):
        super().__init__()
        # Features are counts and coins of very different ranges: a fixed per-feature scale,
        # set from the first data and kept, brings them near [0, 1] (exported as a Mul).
        self.register_buffer("scale", torch.ones(observation_len))
        body: list[nn.Module] = []
        width = observation_len
        for _ in range(layers):
            # Dropout: a game's outcome is easy to memorise from its early features (its Wonders),
            # and an over-confident value misleads the search. Exported as nothing (eval mode).
            body += [nn.Linear(width, hidden), nn.ReLU(), nn.Dropout(dropout)]
            width = hidden
        self.body = nn.Sequential(*body)
        self.policy = nn.Linear(width, action_space)
        self.value = nn.Linear(width, players)

    def heads(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(x * self.scale)
        return self.policy(h), self.value(h)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        policy, value = self.heads(x)
        return policy, torch.softmax(value, dim=-1)


def find_binary(given: str | None) -> str:
    if given:
        return given
    root = Path(__file__).resolve().parents[2]
    for profile in ("release", "test", "debug"):
        # `--profile test` builds land in target/debug too; prefer an optimised build.
        path = root / "target" / profile / "wonders"
        if path.exists():
            return str(path)
    found = shutil.which("wonders")
    if found:
        return found
    sys.exit("error: no `wonders` binary: build it (cargo build --release) or give --wonders PATH")


def game_args(args) -> list[str]:
    return ["--game", args.game]


def run(cmd: list[str], quiet: bool = True) -> str:
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"error: `{shlex.join(cmd)}` failed:\n{result.stderr.strip()}")
    return result.stdout


def search_iterations(args, iteration: int) -> int:
    """The guided search's iterations a decision in the self-play of `iteration` (from 0; the
    log counts it as `iteration + 1`): the deeper search's from `--deeper-from` on, when one is
    given."""
    if args.deeper_search and iteration + 1 >= args.deeper_from:
        return args.deeper_search
    return args.search_iterations


def self_play(args, binary: str, model: Path | None, iteration: int, out: Path) -> dict:
    cmd = [binary, "selfplay", *game_args(args), "--games", str(args.games),
           "--seed", str(args.seed * 1_000_003 + iteration), "--threads", str(args.threads),
           "--sample-moves", str(args.sample_moves), "--out", str(out)]
    if model is None:
        cmd += ["--iterations", str(args.bootstrap_iterations)]
    else:
        cmd += ["--iterations", str(search_iterations(args, iteration)), "--model", str(model), "--mix", str(args.mix)]
    run(cmd)
    data = read_dense(out)
    # The dense arrays hold one policy column per action id (1,202 in Duel) where a position
    # has a handful of legal ids: the run keeps the compact form only.
    np.savez(out / COMPACT, **data)
    for name in DENSE:
        (out / f"{name}.npy").unlink()
    return data


DENSE = ("observations", "masks", "policies", "values")
COMPACT = "compact.npz"


def compact(dense: dict) -> dict:
    """The rows of one self-play batch with their legal ids only: `legal` (ids, padded with 0),
    `valid` (False on padding), `policy` (visit shares of those ids), observations as float16
    (the features are small whole numbers: exact) and the values."""
    masks = dense["masks"].astype(bool)
    rows = masks.shape[0]
    width = max(int(masks.sum(axis=1).max()) if rows else 1, 1)
    legal = np.zeros((rows, width), dtype=np.int64)
    valid = np.zeros((rows, width), dtype=bool)
    policy = np.zeros((rows, width), dtype=np.float32)
    for r in range(rows):
        ids = np.flatnonzero(masks[r])
        legal[r, : len(ids)] = ids
        valid[r, : len(ids)] = True
        policy[r, : len(ids)] = dense["policies"][r, ids]
    observations = dense["observations"]
    exact = np.array_equal(observations.astype(np.float16).astype(np.float32), observations)
    return {"observations": observations.astype(np.float16) if exact else observations,
            "legal": legal, "valid": valid, "policy": policy, "values": dense["values"].astype(np.float32),
            "action_space": np.array(masks.shape[1])}


def load_batch(directory: Path) -> dict:
    """One iteration's rows from its run directory (the compact file, or a run of an older
    version's dense arrays)."""
    if (directory / COMPACT).exists():
        with np.load(directory / COMPACT) as f:
            return {k: f[k] for k in f.files}
    return read_dense(directory)


def read_dense(directory: Path) -> dict:
    """The compact rows of the dense arrays `wonders selfplay` wrote into `directory`."""
    return compact({name: np.load(directory / f"{name}.npy") for name in DENSE})


def concatenate(batches: list[dict]) -> dict:
    """The window's rows as one set of tensors, the legal ids padded to the widest batch."""
    width = max(b["legal"].shape[1] for b in batches)

    def pad(a: np.ndarray) -> np.ndarray:
        return np.pad(a, ((0, 0), (0, width - a.shape[1])))

    return {
        "observations": torch.from_numpy(np.concatenate([b["observations"] for b in batches])),
        "legal": torch.from_numpy(np.concatenate([pad(b["legal"]) for b in batches])),
        "valid": torch.from_numpy(np.concatenate([pad(b["valid"]) for b in batches])),
        "policy": torch.from_numpy(np.concatenate([pad(b["policy"]) for b in batches])),
        "values": torch.from_numpy(np.concatenate([b["values"] for b in batches])),
    }


def train_steps(net, optimizer, data: dict, steps: int, batch: int, generator: torch.Generator,
                smoothing: float = 0.0) -> tuple[float, float]:
    """`steps` gradient steps on random batches of `data` (from `concatenate`): cross-entropy of
    the policy over the legal ids to the visit shares, and of the value softmax to the
    (smoothed) returns. Returns the last step's two losses."""
    obs, legal, valid, policies = data["observations"], data["legal"], data["valid"], data["policy"]
    # Smoothed outcome targets: a value head trained on few games grows over-confident, and a
    # confident wrong value misleads the search more than a cautious one.
    values = (1 - smoothing) * data["values"] + smoothing / data["values"].shape[1]
    n = obs.shape[0]
    policy_loss = value_loss = 0.0
    net.train()
    for _ in range(steps):
        idx = torch.randint(0, n, (min(batch, n),), generator=generator)
        logits, value_logits = net.heads(obs[idx].float())
        # The softmax over the legal ids only: the same as masking every other id out.
        logits = logits.gather(1, legal[idx]).masked_fill(~valid[idx], -1e9)
        lp = -(policies[idx] * torch.log_softmax(logits, dim=-1)).sum(-1).mean()
        lv = -(values[idx] * torch.log_softmax(value_logits, dim=-1)).sum(-1).mean()
        optimizer.zero_grad()
        (lp + lv).backward()
        optimizer.step()
        policy_loss, value_loss = lp.item(), lv.item()
    net.eval()
    return policy_loss, value_loss


def export(net, path: Path, observation_len: int, metadata: dict) -> None:
    tmp = path.with_suffix(".tmp.onnx")
    dummy = torch.zeros(1, observation_len)
    kwargs = dict(input_names=["observation"], output_names=["policy", "value"],
                  dynamic_axes={"observation": {0: "batch"}, "policy": {0: "batch"}, "value": {0: "batch"}})
    try:
        torch.onnx.export(net, (dummy,), str(tmp), dynamo=False, **kwargs)
    except TypeError:  # a torch without the `dynamo` switch
        torch.onnx.export(net, (dummy,), str(tmp), **kwargs)
    try:
        import onnx

        model = onnx.load(str(tmp))
        for key, value in metadata.items():
            entry = model.metadata_props.add()
            entry.key, entry.value = key, str(value)
        onnx.save(model, str(tmp))
    except ImportError:
        pass
    os.replace(tmp, path)


def evaluate(args, binary: str, model: Path, iteration: int, players: int) -> list[dict]:
    """The network in one seat against a baseline in every other seat, seats rotated: one row
    per baseline. `win_rate` is the share of games the network won (a shared win counts); an
    even match is 1 / players."""
    rows = []
    matches = [("net", f"net:model={model}", "random"), ("net", f"net:model={model}", "greedy")]
    if args.eval_time_ms > 0:
        matches.append(("mcts:eval=net", f"mcts:eval=net,model={model},time_ms={args.eval_time_ms}",
                        f"mcts:time_ms={args.eval_time_ms}"))
    for label, player, opponent in matches:
        csv_path = Path(args.out) / "eval.csv"
        run([binary, "simulate", *game_args(args), "--games", str(args.eval_games), "--seed",
             str(args.seed + 7919 * iteration), "--bots", ",".join([player] + [opponent] * (players - 1)), "--rotate-seats",
             "--threads", str(args.threads), "--out", str(csv_path), "--force", "--quiet"])
        games = wins = 0
        with open(csv_path, newline="") as f:
            for row in csv.DictReader(f):
                if row["bot"] == opponent:
                    continue
                games += 1
                wins += row["win"] in ("1", "true", "True")
        rows.append({"opponent": opponent.split(":")[0] if opponent.startswith("mcts") else opponent,
                     "player": label, "games": games, "wins": wins,
                     "win_rate": round(wins / games, 4) if games else 0.0})
    return rows


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="duel", help="game spec, e.g. duel, classic:players=3, architects:players=3")
    p.add_argument("--out", required=True, help="run directory (checkpoint, model.onnx, data)")
    p.add_argument("--curve", help="learning curve CSV (default: OUT/curve.csv)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=1000, help="training iterations (stop earlier with --minutes)")
    p.add_argument("--minutes", type=float, default=0, help="stop after this much wall-clock time (0: no limit)")
    p.add_argument("--games", type=int, default=200, help="self-play games per iteration")
    p.add_argument("--search-iterations", type=int, default=800, help="guided MCTS iterations per decision")
    p.add_argument("--deeper-search", type=int, default=0,
                   help="guided MCTS iterations per decision from iteration --deeper-from on (0: none): "
                        "once the policy has learnt what the shallower search knows, deeper searches' "
                        "visit shares teach it more")
    p.add_argument("--deeper-from", type=int, default=50, help="the first iteration of --deeper-search, counted from 1 as the log counts them")
    p.add_argument("--bootstrap-iterations", type=int, default=800, help="plain MCTS iterations per decision, first iteration")
    p.add_argument("--mix", type=float, default=1.0,
                   help="self-play leaves: weight of a random rollout against the network's value (1: rollouts "
                        "alone, the network giving the priors, as mcts:eval=net plays; 0: value alone)")
    p.add_argument("--sample-moves", type=int, default=10)
    p.add_argument("--window", type=int, default=10, help="iterations of data trained on")
    p.add_argument("--steps", type=int, default=250, help="gradient steps per iteration")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--dropout", type=float, default=0.2)
    p.add_argument("--weight-decay", type=float, default=1e-3)
    p.add_argument("--value-smoothing", type=float, default=0.2,
                   help="outcome targets mixed with the uniform share by this weight")
    p.add_argument("--eval-every", type=int, default=8, help="iterations between evaluations (0: never)")
    p.add_argument("--eval-games", type=int, default=60)
    p.add_argument("--eval-time-ms", type=int, default=20, help="time per move of guided vs plain MCTS (0: skip)")
    p.add_argument("--threads", type=int, default=0)
    p.add_argument("--torch-threads", type=int, default=1)
    p.add_argument("--wonders", help="path of the wonders binary")
    p.add_argument("--resume", action="store_true", help="go on from OUT/checkpoint.pt")
    args = p.parse_args(argv)
    # Checked now: the deeper search starts after many iterations, too late to learn of a typo.
    if args.deeper_search < 0:
        p.error(f"--deeper-search {args.deeper_search}: expected the iterations a decision, >= 1 (0: none)")
    if args.deeper_from < 1:
        p.error(f"--deeper-from {args.deeper_from}: expected an iteration, counted from 1")

    torch.set_num_threads(args.torch_threads)
    binary = find_binary(args.wonders)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    curve = Path(args.curve) if args.curve else out / "curve.csv"
    checkpoint = out / "checkpoint.pt"
    model_path = out / "model.onnx"
    command = "python -m wonders.train " + shlex.join(argv if argv is not None else sys.argv[1:])
    game_id = args.game.split(":")[0]

    state = None
    if args.resume:
        if not checkpoint.exists():
            sys.exit(f"error: --resume: no checkpoint at {checkpoint}")
        state = torch.load(checkpoint, weights_only=False)
    elif checkpoint.exists():
        sys.exit(f"error: {out} holds a run already: give --resume to go on, or another --out")

    generator = torch.Generator().manual_seed(args.seed)
    torch.manual_seed(args.seed)
    net = optimizer = None
    iteration, elapsed, positions, windows = 0, 0.0, 0, []
    loaded: dict[str, dict] = {}
    if state is not None:
        iteration, elapsed, positions = state["iteration"], state["elapsed"], state["positions"]
        windows = state["windows"]
        shape = state["shape"]
        net = PolicyValueNet(*shape, args.hidden, args.layers, args.dropout)
        net.load_state_dict(state["model"])
        net.eval()
        optimizer = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
        optimizer.load_state_dict(state["optimizer"])
        # The saved state carries the old run's settings: the command line's win (a resumed run
        # may lower the learning rate).
        for group in optimizer.param_groups:
            group["lr"], group["weight_decay"] = args.lr, args.weight_decay
        generator.set_state(state["generator"])
        print(f"resumed at iteration {iteration} ({elapsed / 60:.1f} min, {positions} positions)", flush=True)
    if not curve.exists():
        with open(curve, "w", newline="") as f:
            csv.writer(f).writerow(CURVE_COLUMNS)

    start = time.time() - elapsed
    while iteration < args.iterations:
        if args.minutes and time.time() - start >= args.minutes * 60:
            break
        data_dir = out / "data" / f"iter_{iteration:04d}"
        began = time.time()
        data = self_play(args, binary, model_path if net is not None else None, iteration, data_dir)
        playing = time.time() - began
        rows = data["observations"].shape[0]
        positions += rows
        windows = windows + [str(data_dir)]
        for old in windows[: -args.window]:
            shutil.rmtree(old, ignore_errors=True)  # out of the window: not trained on again
            loaded.pop(old, None)
        windows = windows[-args.window:]
        loaded[str(data_dir)] = data
        if net is None:
            shape = (data["observations"].shape[1], int(data["action_space"]), data["values"].shape[1])
            net = PolicyValueNet(*shape, args.hidden, args.layers, args.dropout)
            spread = np.abs(data["observations"].astype(np.float32)).max(axis=0)
            net.scale.copy_(torch.from_numpy(1.0 / np.maximum(spread, 1.0)).float())
            optimizer = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
        # The window stays in memory between iterations; a resumed run reads it back once.
        for d in windows:
            if d not in loaded:
                loaded[d] = load_batch(Path(d))
        began = time.time()
        window = concatenate([loaded[d] for d in windows])
        lp, lv = train_steps(net, optimizer, window, args.steps, args.batch, generator, args.value_smoothing)
        fitting = time.time() - began
        iteration += 1
        elapsed = time.time() - start
        export(net, model_path, shape[0], {
            "wonders.game": game_id, "wonders.options": args.game, "wonders.command": command,
            "wonders.seed": args.seed, "wonders.iteration": iteration,
            "wonders.training_seconds": round(elapsed), "wonders.positions": positions})
        torch.save({"iteration": iteration, "elapsed": elapsed, "positions": positions, "windows": windows,
                    "shape": shape, "model": net.state_dict(), "optimizer": optimizer.state_dict(),
                    "generator": generator.get_state(), "args": vars(args)}, checkpoint)
        print(f"iteration {iteration}: {rows} new positions ({positions} in all, "
              f"{window['observations'].shape[0]} in the window), policy loss {lp:.3f}, value loss {lv:.3f}, "
              f"self-play {playing:.0f} s, training {fitting:.0f} s, {elapsed / 60:.1f} min", flush=True)
        if args.eval_every and iteration % args.eval_every == 0:
            for row in evaluate(args, binary, model_path, iteration, shape[2]):
                row = {"iteration": iteration, "elapsed_s": round(elapsed), "positions": positions, **row}
                with open(curve, "a", newline="") as f:
                    csv.DictWriter(f, CURVE_COLUMNS).writerow(row)
                print("  " + json.dumps(row), flush=True)
            # Evaluation time is not training time.
            start = time.time() - elapsed


if __name__ == "__main__":
    main()
