"""Trains sb3-contrib's MaskablePPO on 7 Wonders Duel against our random bot, then measures
its win rate against random and greedy.

    pip install "./python[env,train]"        # gymnasium, pettingzoo, torch, sb3-contrib
    python python/examples/train_maskable_ppo.py                    # the documented budget
    python python/examples/train_maskable_ppo.py --timesteps 2000 --eval-games 20   # a smoke run

The learner sits in seat 0 of `wonders/Duel-v0` (the registered Gymnasium environment); the
policy sees the observation vector and the legal-action mask (MultiInputPolicy), and MaskablePPO
samples only legal actions through the environment's `action_masks()`. The reward is the game's
return: 1 for a win, 0.5 for a draw, 0 for a loss. Prints one line per evaluation and, at the
end, a JSON line with the measured result (see README, "Training with MaskablePPO").
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium as gym

import wonders  # registers wonders/Duel-v0


def make_env(opponent: str, seed: int):
    def thunk():
        env = gym.make("wonders/Duel-v0", opponents=opponent, illegal_action="raise")
        env.reset(seed=seed)
        return env

    return thunk


def evaluate(model, opponent: str, games: int, seed: int) -> float:
    """The model's mean return (wins + half draws) over `games` games in seat 0, playing the
    most likely legal action."""
    env = gym.make("wonders/Duel-v0", opponents=opponent, illegal_action="raise")
    total = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g) if g == 0 else env.reset()
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        total += reward
    return total / games


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--timesteps", type=int, default=50_000, help="learner steps to train (default 50,000)")
    p.add_argument("--n-envs", type=int, default=8, help="games played side by side (default 8)")
    p.add_argument("--opponent", default="random", help="the bot trained against (default random)")
    p.add_argument("--eval-games", type=int, default=300, help="games per evaluation (default 300)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--save", help="save the trained model here (a .zip)")
    args = p.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)  # a small network: threads cost more than they give
    venv = DummyVecEnv([make_env(args.opponent, args.seed * 1000 + i) for i in range(args.n_envs)])
    model = MaskablePPO(
        "MultiInputPolicy",
        venv,
        n_steps=256,
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        verbose=0,
    )
    before = {"random": evaluate(model, "random", min(args.eval_games, 50), 10**6)}
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    seconds = time.perf_counter() - start
    result = {
        "timesteps": args.timesteps,
        "train_seconds": round(seconds, 1),
        "untrained_vs_random": before["random"],
        "vs_random": evaluate(model, "random", args.eval_games, 10**6),
        "vs_greedy": evaluate(model, "greedy", args.eval_games, 2 * 10**6),
        "eval_games": args.eval_games,
        "wonders": wonders.__version__,
    }
    if args.save:
        model.save(args.save)
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
