"""Learner steps per second of the Gymnasium vector environment, the action choice included
(figures for results/BENCHMARKS.md, "Python: the vector environment").

    python python/benches/vector_throughput.py [--game duel] [--envs 256] [--seconds 10]

Each step: the learner's action is chosen in NumPy from the mask (a random legal id: fresh
random bytes, `argmax(mask * bytes)` per game), then `VectorEnv.step` plays it and the opponent's reply in every game
(observations, masks, rewards, autoreset), on 1 and then 2 threads. Counted: learner steps
(one per game per call) divided by the whole loop's wall-clock time, choice and copies
included. A shared machine gives a spread: run it twice.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wonders.env import VectorEnv


def measure(game: str, envs: int, threads: int, seconds: float, opponent: str, copy: bool) -> tuple[float, int]:
    env = VectorEnv(game, num_envs=envs, opponents=opponent, seed=1, threads=threads, copy=copy)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    steps, episodes = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        mask = obs["action_mask"]
        noise = np.frombuffer(rng.bytes(mask.size), dtype=np.uint8).reshape(mask.shape) | 1
        actions = np.argmax(mask.view(np.uint8) * noise, axis=1)
        obs, rewards, terminated, truncated, info = env.step(actions)
        steps += envs
        episodes += int(terminated.sum())
    return steps / (time.perf_counter() - start), episodes


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="duel")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--opponent", default="random")
    p.add_argument("--no-copy", action="store_true", help="return the batch's own arrays (copy=False)")
    args = p.parse_args()
    for threads in (1, 2):
        rate, episodes = measure(args.game, args.envs, threads, args.seconds, args.opponent, not args.no_copy)
        print(f"{args.game}, {args.envs} games, {threads} thread(s): {rate:,.0f} learner steps/s ({episodes} games finished)")


if __name__ == "__main__":
    main()
