#!/usr/bin/env python3
"""Fits the weights of 7 Wonders Architects' evaluation (`WEIGHTS` in src/architects/game.rs)
for play rather than for predicting who wins: maximises, over greedy's Take decisions, the
rollout value Q of the action a softmax over the evaluation's after-action win chances picks.

Usage: scripts/fit_architects_weights.py POSITIONS[,POSITIONS...] W0,W1,... [BETA] [L2] [STEPS] [LR]

POSITIONS come from `cargo run --release -p wonders-architects --example tune_weights -- dump`
(3 players: per decision, each Take action's Q over its rollouts and the features of every seat
after it on 8 determinizations). W0,... are the starting weights (game.rs's table). BETA (100)
is the softmax's inverse temperature on win chances, L2 (0) a pull toward the start, STEPS
(200) and LR (0.03) Adam's. Prints, every 25 steps, the mean Q of the action the argmax picks on
80% of the positions it fits and on the 20% it holds out, and the weights. Needs numpy, torch.
"""
import sys

import numpy as np
import torch

PLAYERS, ACTIONS, DETS, FEATURES = 3, 3, 8, 25
RECORD = 4 * ACTIONS + ACTIONS * DETS * PLAYERS * FEATURES


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    files = sys.argv[1].split(",")
    w0 = np.array([float(x) for x in sys.argv[2].split(",")])
    if len(w0) != FEATURES:
        sys.exit(f"error: {len(w0)} weights given, the evaluation has {FEATURES}")
    beta = float(sys.argv[3]) if len(sys.argv) > 3 else 100.0
    l2 = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
    steps = int(sys.argv[5]) if len(sys.argv) > 5 else 200
    lr = float(sys.argv[6]) if len(sys.argv) > 6 else 0.03
    raw = np.concatenate([np.fromfile(f, dtype=np.float32).reshape(-1, RECORD) for f in files])
    n = len(raw)
    q = torch.tensor(raw[:, 0:3])
    valid = torch.tensor(raw[:, 3:6] > 0)
    terminal = torch.tensor(raw[:, 6:9] > 0)
    terminal_return = torch.tensor(raw[:, 9:12])
    features = torch.tensor(raw[:, 12:].reshape(n, ACTIONS, DETS, PLAYERS, FEATURES))
    order = torch.tensor(np.random.default_rng(0).permutation(n))
    cut = int(n * 0.8)
    parts = {}
    for name, idx in (("fit", order[:cut]), ("held out", order[cut:])):
        parts[name] = (features[idx], terminal[idx], terminal_return[idx], valid[idx], q[idx])
    del features
    print(f"{n} positions")

    def chances(w, part):
        f, term, ret, ok, _ = parts[part]
        v = f @ w  # [positions, actions, determinizations, seats], the mover first
        p = torch.softmax(v, dim=-1)[..., 0].mean(-1)
        return torch.where(term, ret, p).masked_fill(~ok, -1e9)

    def picked_q(w, part):
        with torch.no_grad():
            best = chances(w, part).argmax(1)
            return parts[part][4].gather(1, best[:, None]).mean().item()

    start = torch.tensor(w0, dtype=torch.float32)
    w = start.clone().requires_grad_(True)
    opt = torch.optim.Adam([w], lr=lr)
    print(f"start: fit {picked_q(start, 'fit'):.4f} held out {picked_q(start, 'held out'):.4f}")
    for step in range(1, steps + 1):
        opt.zero_grad()
        pi = torch.softmax(beta * chances(w, "fit"), dim=1)
        objective = (pi * parts["fit"][4]).sum(1).mean() - l2 * ((w - start) ** 2).sum()
        (-objective).backward()
        opt.step()
        if step % 25 == 0:
            ww = w.detach()
            print(f"step {step}: fit {picked_q(ww, 'fit'):.4f} held out {picked_q(ww, 'held out'):.4f}")
            print("  " + ",".join(f"{x:.4f}" for x in ww.numpy()), flush=True)


if __name__ == "__main__":
    main()
