"""PettingZoo AEC environments, the Gymnasium wrapper and the batch environment."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import wonders
from wonders.env import BatchEnv, SingleAgentEnv, architects_v0, classic_v0, duel_v0

AEC = [
    (duel_v0, {}),
    (duel_v0, {"expansions": "pantheon"}),
    (classic_v0, {"players": 3}),
    (classic_v0, {"players": 5, "edition": "v1"}),
    (classic_v0, {"players": 6, "expansions": "leaders+cities", "variant": "teams"}),
    (architects_v0, {"players": 4, "expansions": "medals"}),
]


@pytest.mark.parametrize("module,options", AEC)
def test_pettingzoo_api(module, options):
    api_test(module.env(**options), num_cycles=2000)


@pytest.mark.parametrize("module,options", AEC[:2])
def test_pettingzoo_seed_test(module, options):
    seed_test(lambda: module.env(**options), num_cycles=200)


def play_episode(env, seed, rng):
    env.reset(seed=seed)
    trace = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        trace.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return trace


@pytest.mark.parametrize("module,options", AEC)
def test_reset_with_a_seed_replays_the_same_episode(module, options):
    env = module.env(**options)
    a = play_episode(env, 42, np.random.default_rng(0))
    b = play_episode(env, 42, np.random.default_rng(0))
    c = play_episode(env, 43, np.random.default_rng(0))
    assert a == b and a != c
    # Final rewards are the game's returns: they sum to 1.
    n = len(env.possible_agents)
    assert abs(sum(r for (_, _, _, r) in a[-n:]) - 1.0) < 1e-9


def test_aec_masks_are_zero_for_seats_not_to_move_and_illegal_actions_raise():
    env = classic_v0.raw_env(players=4)
    env.reset(seed=1)
    mover = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == mover)
    illegal = int(np.flatnonzero(env.observe(mover)["action_mask"] == 0)[0])
    before = env.observe(mover)["observation"].copy()
    with pytest.raises(ValueError):
        env.step(illegal)
    assert env.agent_selection == mover
    assert np.array_equal(env.observe(mover)["observation"], before)


@pytest.mark.parametrize("game,options", [("duel", {}), ("classic", {"players": 4}), ("architects", {"players": 3})])
def test_gymnasium_env_checker(game, options):
    check_env(SingleAgentEnv(game, opponents="random", illegal_action="penalty", **options), skip_render_check=True)


def test_single_agent_env_plays_whole_episodes_against_greedy():
    env = SingleAgentEnv("duel", seat=1, opponents="greedy")
    rng = np.random.default_rng(0)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        done, steps = False, 0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
            steps += 1
        assert reward in (0.0, 0.5, 1.0) and steps > 5
        assert env.game.is_terminal and info["scores"] == env.game.scores()
    with pytest.raises(ValueError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="genius"):
        SingleAgentEnv("duel", opponents="genius")


def test_batch_env_steps_many_games_into_preallocated_arrays():
    env = BatchEnv("duel", 16, seat=0, opponents=["random"], seed=3)
    obs, masks, rewards, dones = env.observations, env.masks, env.rewards, env.dones
    assert obs.shape == (16, wonders.Game("duel").observation_size) and obs.dtype == np.float32
    assert masks.shape == (16, 1202) and masks.dtype == np.int8
    for i in range(16):
        g = env.game(i)
        assert np.array_equal(obs[i], g.observation(0))
        assert np.array_equal(masks[i], g.action_mask())
    rng = np.random.default_rng(1)
    finished, wins = 0, 0.0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        env.step(actions)
        assert env.observations is not None and np.shares_memory(env.observations, obs)
        finished += int(dones.sum())
        wins += float(rewards[dones].sum())
        assert (rewards[~dones] == 0).all()
    assert finished > 16 and 0 < wins < finished
    assert env.episodes == 16 + finished
    bad = [0] * 16
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad if masks[0][0] == 0 else [int(np.flatnonzero(masks[0] == 0)[0])] * 16)


def test_batch_env_is_reproducible():
    def run():
        env = BatchEnv("architects:players=3", 4, seat=1, opponents=["greedy"], seed=9)
        out = []
        for _ in range(50):
            env.step([int(np.flatnonzero(m)[0]) for m in env.masks])
            out.append((env.observations.copy(), env.rewards.copy()))
        return out
    a, b = run(), run()
    assert all(np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1]) for x, y in zip(a, b))


def test_batch_env_takes_numpy_actions_and_bot_action_does_not_play():
    env = BatchEnv("duel", 8, opponents=["greedy"], seed=4)
    actions = np.array([int(np.flatnonzero(m)[0]) for m in env.masks], dtype=np.int64)
    env.step(actions[::1])
    env.step(np.repeat(np.array([int(np.flatnonzero(m)[0]) for m in env.masks], dtype=np.int64), 2)[::2])  # strided
    g = wonders.Game("classic", players=3, seed=2)
    bot_a, bot_b = g.make_bot("greedy", 5), g.make_bot("greedy", 5)
    clone = g.clone()
    chosen = g.bot_action(bot_a)
    assert g.steps == [] and chosen in g.legal_actions()
    assert clone.play_bot(bot_b) == chosen
