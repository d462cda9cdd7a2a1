"""A random PettingZoo agent against our greedy bot (it trains nothing).

    python python/examples/random_vs_greedy.py [episodes]
"""

import sys

import numpy as np

from wonders.env import duel_v0

episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 200
env = duel_v0.env()
rng = np.random.default_rng(0)
wins = 0.0
for episode in range(episodes):
    env.reset(seed=episode)
    game = env.unwrapped.game
    greedy = game.make_bot("greedy", episode)  # our bot plays player_1
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            if agent == "player_0":
                wins += reward
            env.step(None)
        elif agent == "player_0":
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        else:
            env.step(env.unwrapped.game.bot_action(greedy))
print(f"random agent against greedy: {wins / episodes:.1%} of the victories over {episodes} games")
