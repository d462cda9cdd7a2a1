"""Learner steps per second of the Gymnasium vector environment, the action choice included
(figures for results/BENCHMARKS.md, "Python: the vector environment").

    python python/benches/vector_throughput.py [--game duel] [--envs 256] [--seconds 10]

Each step: the learner's action is chosen in NumPy from the mask (a random legal id:
`argmax(mask * noise)` per game, `noise` one of 8 tables of random bytes drawn before the
loop, so that drawing random numbers is not what is measured), then `VectorEnv.step` plays it and the opponent's reply in every game
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
    shape = obs["action_mask"].shape
    tables = [np.frombuffer(rng.bytes(envs * shape[1]), dtype=np.uint8).reshape(shape) | 1 for _ in range(8)]
    steps, episodes = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        noise = tables[(steps // envs) % 8]
        actions = np.argmax(obs["action_mask"].view(np.uint8) * noise, axis=1)
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
    args = p.parse_args()
    for copy in (True, False):
        for threads in (1, 2):
            rate, episodes = measure(args.game, args.envs, threads, args.seconds, args.opponent, copy)
            print(
                f"{args.game}, {args.envs} games, {threads} thread(s), copy={copy}: "
                f"{rate:,.0f} learner steps/s ({episodes} games finished)"
            )


if __name__ == "__main__":
    main()
