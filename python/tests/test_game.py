"""wonders.Game: ids, masks, apply, observations, determinizations, records, pickling."""

import copy
import json
import pickle
import random

import numpy as np
import pytest

import wonders

CONFIGS = [
    ("duel", {}),
    ("duel", {"wonders": "random", "variant": "errata-next-age"}),
    ("duel", {"expansions": "pantheon"}),
    ("classic", {"players": 3, "edition": "v1"}),
    ("classic", {"players": 5, "edition": "v2"}),
    ("classic", {"players": 7, "edition": "v2", "sides": "night"}),
    ("classic", {"players": 4, "expansions": "cities", "variant": "teams"}),
    ("architects", {"players": 2}),
    ("architects", {"players": 6, "expansions": "medals"}),
]


def random_game(game, options, seed, rng, stop_after=None):
    g = wonders.Game(game, seed=seed, **options)
    steps = 0
    while not g.is_terminal and (stop_after is None or steps < stop_after):
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
    return g


@pytest.mark.parametrize("game,options", CONFIGS)
def test_mask_equals_legal_actions_and_names_are_fixed(game, options):
    names = wonders.action_names(game, **options)
    rng = random.Random(1)
    for seed in range(3):
        g = wonders.Game(game, seed=seed, **options)
        assert g.action_space == len(names)
        assert g.observation_size == len(wonders.observation_names(game, **options))
        while not g.is_terminal:
            legal = g.legal_actions()
            mask = g.action_mask()
            assert mask.dtype == np.int8 and mask.shape == (g.action_space,)
            assert list(np.flatnonzero(mask)) == legal
            assert g.legal_action_names() == [names[i] for i in legal]
            for seat in range(g.num_players):
                obs = g.observation(seat)
                assert obs.dtype == np.float32 and obs.shape == (g.observation_size,)
            g.apply(rng.choice(legal))
        assert g.legal_actions() == [] and g.action_mask().sum() == 0
        returns = g.returns()
        assert abs(sum(returns) - 1.0) < 1e-9
        scores = g.scores()
        assert len(scores) == g.num_players


@pytest.mark.parametrize("game,options", CONFIGS)
def test_an_illegal_action_raises_and_changes_nothing(game, options):
    g = random_game(game, options, 3, random.Random(2), stop_after=7)
    before = (g.steps, g.current_player, [g.observation(s).tolist() for s in range(g.num_players)])
    illegal = next(i for i in range(g.action_space) if i not in g.legal_actions())
    for bad in (illegal, g.action_space, -1):
        with pytest.raises(ValueError):
            g.apply(bad)
    assert (g.steps, g.current_player, [g.observation(s).tolist() for s in range(g.num_players)]) == before


@pytest.mark.parametrize("game,options", CONFIGS)
def test_determinizations_never_change_what_a_seat_sees(game, options):
    rng = random.Random(4)
    g = wonders.Game(game, seed=11, **options)
    while not g.is_terminal:
        for seat in range(g.num_players):
            seen = g.observation(seat)
            for s in range(2):
                d = g.determinize(seat, seed=s)
                assert np.array_equal(d.observation(seat), seen)
                assert d.legal_actions() == g.legal_actions() or seat != g.current_player
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("game,options", CONFIGS)
def test_pickling_mid_game_restores_the_same_state(game, options):
    rng = random.Random(5)
    g = random_game(game, options, 21, rng, stop_after=15)
    h = pickle.loads(pickle.dumps(g))
    assert h.steps == g.steps and h.spec == g.spec and h.seed == g.seed
    # Both continue identically, including bots' payment choices kept by step index.
    bot_g, bot_h = g.make_bot("greedy", 9), h.make_bot("greedy", 9)
    while not g.is_terminal:
        assert g.play_bot(bot_g) == h.play_bot(bot_h)
        assert np.array_equal(g.observation(0), h.observation(0))
    assert h.is_terminal and g.scores() == h.scores()
    assert pickle.loads(pickle.dumps(g)).scores() == g.scores()
    c = copy.deepcopy(g)
    assert c.record() == g.record()


def test_clone_is_independent_and_determinizations_cannot_be_pickled():
    g = wonders.Game("duel", seed=1)
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert g.steps == [] and len(c.steps) == 1
    with pytest.raises(ValueError, match="determinization"):
        pickle.dumps(g.determinize(0, 1))
    with pytest.raises(ValueError, match="seat 2"):
        g.observation(2)


def test_same_seed_same_game_and_the_record_replays():
    a = random_game("classic", {"players": 4}, 8, random.Random(6))
    b = random_game("classic", {"players": 4}, 8, random.Random(6))
    assert a.steps == b.steps and a.scores() == b.scores()
    rec = json.loads(a.record(players=["p0", "p1", "p2", "p3"]))
    assert rec["game"] == "classic"
    assert [s["total"] for s in rec["result"]["scores"]] == a.scores()
    assert rec["players"] == ["p0", "p1", "p2", "p3"] and rec["seed"] == 8
    with pytest.raises(ValueError, match="not over"):
        wonders.Game("duel").record()


def test_bots_play_whole_games_and_keyword_options_read_as_the_cli_spec():
    g = wonders.Game("classic", players=5, edition="v2", seed=3)
    assert g.spec == "classic:players=5,edition=v2"
    bot = g.make_bot("greedy", 1)
    while not g.is_terminal:
        g.play_bot(bot)
    assert sorted(g.returns(), reverse=True)[0] > 0
    with pytest.raises(ValueError, match="bad bot specification"):
        g.make_bot("genius", 1)
    with pytest.raises(ValueError, match="players `9`"):
        wonders.Game("classic", players=9)
