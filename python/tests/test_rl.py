"""What reinforcement-learning libraries check, with their own checkers: Gymnasium's
``check_env`` on the registered environments with their defaults, PettingZoo's API, seed and
Parallel tests, and the vector environment against Gymnasium's vector contract."""

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from pettingzoo.test import parallel_api_test, parallel_seed_test, seed_test

import wonders
from wonders import derive_seed
from wonders.env import BatchEnv, VectorEnv, architects_v0, classic_v0, duel_v0

REGISTERED = [
    ("wonders/Duel-v0", {}),
    ("wonders/Duel-v0", {"expansions": "pantheon"}),
    ("wonders/Classic-v0", {}),
    ("wonders/Classic-v0", {"players": 5, "expansions": "leaders+cities"}),
    ("wonders/Architects-v0", {}),
    ("wonders/Architects-v0", {"players": 3, "expansions": "medals"}),
]


@pytest.mark.parametrize("env_id,options", REGISTERED)
def test_registered_environments_pass_check_env_with_their_defaults(env_id, options):
    env = gym.make(env_id, **options)
    assert env.spec.id == env_id
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning either (spec, render_fps, bounds, ...)
        check_env(env.unwrapped)


def test_check_env_passes_with_ansi_rendering_and_the_table_reads_as_text():
    env = gym.make("wonders/Classic-v0", players=3, render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=5)
    text = env.render()
    assert "seat 0 to move" in text and "scores:" in text and "legal actions" in text
    assert "\n" in text and len(text.splitlines()) > 4


def test_default_env_penalises_an_illegal_action_and_raise_mode_raises():
    env = gym.make("wonders/Duel-v0").unwrapped
    obs, info = env.reset(seed=3)
    assert info["game_seed"] == derive_seed(3, 0) and info["legal_actions"] == obs["action_mask"].sum()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, illegal)
    strict = gym.make("wonders/Duel-v0", illegal_action="raise").unwrapped
    strict.reset(seed=3)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_action_masks_is_the_boolean_mask_and_the_last_step_reports_scores():
    env = gym.make("wonders/Duel-v0", opponents="random").unwrapped
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        masks = env.action_masks()
        assert masks.dtype == bool and np.array_equal(masks, obs["action_mask"].astype(bool))
        obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(masks))))
    assert info["scores"] == env.game.scores() and info["returns"][0] == reward
    assert not env.action_masks().any()


@pytest.mark.parametrize("bad", [-1, 1.5, 2**64, "1"])
def test_environments_refuse_bad_seeds_naming_the_seed(bad):
    for env in (duel_v0.env(), classic_v0.parallel_env(players=3), gym.make("wonders/Duel-v0").unwrapped):
        with pytest.raises(ValueError, match="seed"):
            env.reset(seed=bad)
    with pytest.raises(ValueError, match="seed"):
        VectorEnv("duel", 2, seed=bad)


PARALLEL = [
    (classic_v0, {"players": 3}),
    (classic_v0, {"players": 7, "expansions": "leaders+cities"}),
    (classic_v0, {"players": 4, "expansions": "cities", "variant": "teams"}),
    (architects_v0, {"players": 4, "expansions": "medals"}),
]


@pytest.mark.parametrize("module,options", PARALLEL)
def test_pettingzoo_parallel_api(module, options):
    parallel_api_test(module.parallel_env(**options), num_cycles=1000)


@pytest.mark.parametrize("module,options", PARALLEL)
def test_pettingzoo_parallel_seed_test(module, options):
    parallel_seed_test(lambda: module.parallel_env(**options), num_cycles=100)


AEC_ALL = [
    (duel_v0, {}),
    (duel_v0, {"expansions": "pantheon"}),
    (classic_v0, {"players": 5, "expansions": "leaders+cities"}),
    (classic_v0, {"players": 7, "expansions": "leaders+cities"}),
    (architects_v0, {"players": 4, "expansions": "medals"}),
]


@pytest.mark.parametrize("module,options", AEC_ALL[2:])
def test_pettingzoo_seed_test_for_every_game(module, options):
    seed_test(lambda: module.env(**options), num_cycles=100)


def test_parallel_env_plays_a_7_wonders_turn_in_one_step():
    env = classic_v0.parallel_env(players=5)
    obs, infos = env.reset(seed=2)
    assert all(infos[a]["acting"] for a in env.agents)
    assert all(obs[a]["action_mask"].sum() > 0 for a in env.agents)
    steps, rng = 0, np.random.default_rng(0)
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0 for a, o in obs.items()}
        obs, rewards, terms, truncs, infos = env.step(actions)
        steps += 1
    # 3 Ages of 6 turns: about 18 steps, where the AEC environment takes 5 steps a turn.
    assert 18 <= steps <= 25
    assert abs(sum(rewards.values()) - 1.0) < 1e-9 and all(terms.values())
    assert all("scores" in i for i in infos.values())


def test_parallel_env_architects_moves_one_seat_a_step():
    env = architects_v0.parallel_env(players=3)
    obs, infos = env.reset(seed=4)
    assert sum(infos[a]["acting"] for a in env.agents) == 1


def test_parallel_env_illegal_action_raise_mode_changes_nothing():
    env = classic_v0.parallel_env(players=3, illegal_action="raise")
    obs, _ = env.reset(seed=1)
    before = env.game.steps
    bad = {a: int(np.flatnonzero(o["action_mask"] == 0)[0]) for a, o in obs.items()}
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad)
    assert env.game.steps == before


# --- the vector environment


def test_vector_env_spaces_and_next_step_autoreset():
    env = VectorEnv("duel", num_envs=6, opponents="random", seed=7, threads=2)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert env.single_observation_space == gym.make("wonders/Duel-v0").observation_space
    obs, info = env.reset(seed=7)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    ended_last = np.zeros(6, dtype=bool)
    finished = 0
    for _ in range(200):
        masks = env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terms, truncs, info = env.step(actions)
        assert env.observation_space.contains(obs) and not truncs.any()
        # A slot that ended last step starts over: reward 0, not terminated, a fresh mask.
        assert (rewards[ended_last] == 0).all() and not terms[ended_last].any()
        assert obs["action_mask"][ended_last].any(axis=1).all()
        # A slot that ends now shows the finished game: mask all 0, scores in info.
        assert not obs["action_mask"][terms].any()
        if terms.any():
            assert (info["_scores"] == terms).all() and info["scores"].shape == (6, 2)
        finished += int(terms.sum())
        ended_last = terms
    assert finished > 6


def play_vector(threads, steps=120):
    env = VectorEnv("classic", num_envs=5, opponents="greedy", seed=11, threads=threads, players=3)
    obs, _ = env.reset()
    out = []
    for _ in range(steps):
        actions = np.argmax(obs["action_mask"], axis=1)
        obs, r, t, _, _ = env.step(actions)
        out.append((obs["observation"].tobytes(), r.tobytes(), t.tobytes()))
    return out


def test_vector_env_replays_exactly_whatever_its_threads():
    assert play_vector(1) == play_vector(2)


def test_vector_env_episodes_are_the_simulators_games():
    env = VectorEnv("duel", num_envs=3, opponents="random", seed=5, threads=2)
    obs, _ = env.reset()
    batch = env.batch
    for k in range(3):  # slot k holds episode k: game k of a run with seed 5
        g = wonders.Game("duel", seed=derive_seed(5, k))
        bot = g.make_bot("random", derive_seed(derive_seed(5, k), 1))
        while g.current_player != 0:
            g.play_bot(bot)
        assert np.array_equal(batch.game(k).observation(0), g.observation(0))


def test_make_vec_through_the_registry_and_gymnasium_vector_wrappers():
    env = gym.make_vec("wonders/Classic-v0", num_envs=4, vectorization_mode="vector_entry_point", players=4, opponents="random", threads=2)
    assert isinstance(env, VectorEnv) and env.num_envs == 4
    env = RecordEpisodeStatistics(env)
    env.reset(seed=1)
    lengths = []
    for _ in range(300):
        _, _, terms, _, info = env.step(np.argmax(env.unwrapped.action_masks(), axis=1))
        if "episode" in info:
            lengths += list(info["episode"]["l"][info["_episode"]])
    assert lengths and min(lengths) > 10


def test_batch_env_takes_game_options_as_keywords_and_refuses_what_would_abort():
    env = BatchEnv("classic", 4, players=5, opponents="random", threads=2)
    assert env.observations.shape[0] == 4 and env.final_scores.shape == (4, 5) and env.threads == 2
    with pytest.raises(ValueError, match="num_envs"):
        BatchEnv("duel", 10**12)
    with pytest.raises(ValueError, match="num_envs"):
        BatchEnv("duel", -1)
    with pytest.raises(ValueError, match="threads"):
        BatchEnv("duel", 2, threads=100000)
    with pytest.raises(ValueError, match="seed"):
        BatchEnv("duel", 2, seed=-1)
    with pytest.raises(ValueError, match="autoreset"):
        BatchEnv("duel", 2, autoreset="sometimes")
