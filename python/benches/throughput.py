"""Throughput of the Python module (figures for results/BENCHMARKS.md).

    python python/benches/throughput.py [--cli target/release/wonders] [--ray GAMES]

Prints: the batch environment's steps/s on Duel (observation and mask encoding included), the
PettingZoo AEC loop's steps/s, and wonders.simulate's games/s next to the CLI's for the same
run. With --ray (and --cli): a greedy Duel run of GAMES games as Ray shards on a local
instance with 2 CPUs, next to the CLI with 2 threads (choose GAMES for a run of a few minutes:
about 500,000). Wall-clock figures on a shared machine: run it twice and keep the spread in
mind.
"""

import argparse
import os
import subprocess
import tempfile
import time

import numpy as np

import wonders
from wonders.env import BatchEnv, duel_v0


def batch_env(num_envs=256, calls=1000, opponent="random"):
    """Learner steps per second inside BatchEnv.step (the action choice, a fixed random
    preference order per game applied to the mask in NumPy, is not timed)."""
    env = BatchEnv("duel", num_envs, seat=0, opponents=[opponent], seed=1)
    masks = env.masks
    noise = np.random.default_rng(0).random(masks.shape, dtype=np.float32) + 1.0
    start_episodes = env.episodes
    stepping = 0.0
    for _ in range(calls):
        actions = (masks * noise).argmax(1)
        t = time.perf_counter()
        env.step(actions)
        stepping += time.perf_counter() - t
    return num_envs * calls / stepping, env.episodes - start_episodes, stepping


def aec_loop(steps=20000):
    env = duel_v0.raw_env()
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    t = time.perf_counter()
    n = 0
    while n < steps:
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            n += 1
        env.reset()
    return n / (time.perf_counter() - t)


def simulate_vs_cli(cli, games=200_000, threads=2):
    t = time.perf_counter()
    wonders.simulate("duel", games=games, bots=["greedy"], seed=1, threads=threads)
    py = games / (time.perf_counter() - t)
    with tempfile.TemporaryDirectory() as d:
        t = time.perf_counter()
        subprocess.run([cli, "simulate", "--game", "duel", "--games", str(games), "--bots", "greedy", "--seed", "1",
                        "--threads", str(threads), "--out", os.path.join(d, "x.csv"), "--quiet"], check=True,
                       stdout=subprocess.DEVNULL)
        c = games / (time.perf_counter() - t)
    return py, c


def ray_vs_cli(cli, games, shard_size=25_000):
    """Games/s of wonders.ray.simulate on a fresh local Ray instance with 2 CPUs (start-up
    included) and of the CLI with 2 threads, both writing their rows to disk."""
    import ray
    import wonders.ray

    with tempfile.TemporaryDirectory() as d:
        t = time.perf_counter()
        subprocess.run([cli, "simulate", "--game", "duel", "--games", str(games), "--bots", "greedy", "--seed", "1",
                        "--threads", "2", "--out", os.path.join(d, "x.csv"), "--quiet"], check=True,
                       stdout=subprocess.DEVNULL)
        c = games / (time.perf_counter() - t)
        t = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False)
        wonders.ray.simulate("duel", games=games, bots=["greedy"], seed=1, out_dir=os.path.join(d, "shards"),
                             shard_size=shard_size)
        r = games / (time.perf_counter() - t)
        ray.shutdown()
    return r, c


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--cli", default=None, help="the release CLI, to compare simulate with")
    p.add_argument("--ray", type=int, default=0, metavar="GAMES", help="also time Ray shards against the CLI")
    a = p.parse_args()
    rate, episodes, dt = batch_env()
    print(f"batch env (duel, 256 games, random opponent, 1 thread): {rate:,.0f} learner steps/s "
          f"inside step() (each also plays the opponent's reply: ~{2 * rate:,.0f} moves/s), "
          f"{episodes} episodes in {dt:.2f} s of stepping")
    print(f"PettingZoo AEC loop (duel, random legal actions): {aec_loop():,.0f} steps/s")
    if a.cli:
        py, c = simulate_vs_cli(a.cli)
        print(f"simulate duel greedy 200,000 games, 2 threads: wonders.simulate {py:,.0f} games/s, CLI {c:,.0f} games/s "
              f"({100 * py / c:.0f}%)")
    if a.cli and a.ray:
        r, c = ray_vs_cli(a.cli, a.ray)
        print(f"duel greedy {a.ray} games: Ray (local, 2 CPUs, shards of 25,000) {r:,.0f} games/s, CLI (2 threads) "
              f"{c:,.0f} games/s ({100 * r / c:.0f}%)")
