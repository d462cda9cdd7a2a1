"""Records back as games and training rows; what never aborts the interpreter or overwrites a
file; the module's version, docstrings and stubs."""

import inspect
import json
import pathlib

import numpy as np
import pytest

import wonders
import wonders.env
from wonders import Game, derive_seed
from wonders.records import read_records, record_rows, training_rows


def finished(game, seed, bots="random", **options):
    g = Game(game, seed=seed, **options)
    players = [g.make_bot(bots, derive_seed(seed, p)) for p in range(g.num_players)]
    while not g.is_terminal:
        g.play_bot(players[g.current_player])
    return g


@pytest.mark.parametrize("game,options", [("duel", {"expansions": "pantheon"}), ("classic", {"players": 4, "expansions": "leaders+cities"}), ("architects", {"players": 3, "expansions": "medals"})])
def test_from_record_rebuilds_the_game_step_for_step(game, options):
    g = finished(game, 12, **options)
    record = g.record()
    for given in (record, json.loads(record)):
        h = Game.from_record(given)
        assert h.is_terminal and h.current_player is None
        assert h.steps == g.steps and h.scores() == g.scores() and h.returns() == g.returns()
        assert h.seed == g.seed and json.loads(h.record()) == json.loads(record)
        assert all(np.array_equal(h.observation(s), g.observation(s)) for s in range(g.num_players))


def test_from_record_refuses_a_wrong_record_naming_what_is_wrong():
    record = json.loads(finished("duel", 3).record())
    record["actions"][5]["player"] = 1 - record["actions"][5]["player"]
    with pytest.raises(ValueError, match="action 5"):
        Game.from_record(record)
    with pytest.raises(ValueError, match="record"):
        Game.from_record(42)
    with pytest.raises(ValueError, match="game"):
        Game.from_record({"format": "wonders-record"})


def test_training_rows_of_a_records_file(tmp_path):
    path = tmp_path / "games.jsonl"
    games = [finished("classic", s, bots="greedy", players=3) for s in (1, 2)]
    path.write_text("".join(g.record() + "\n" for g in games))
    assert len(list(read_records(path))) == 2
    rows = training_rows(path)
    n = sum(len(g.steps) for g in games)
    assert rows["observation"].shape == (n, games[0].observation_size) and rows["action"].shape == (n,)
    assert rows["action_mask"][np.arange(n), rows["action"]].all()  # every played id was legal
    assert list(np.bincount(rows["game"])) == [len(g.steps) for g in games]
    # Row 0 of each record is the deal as its first mover saw it; outcomes are returns.
    first = Game("classic", seed=games[0].seed, players=3)
    assert np.array_equal(rows["observation"][0], first.observation(first.current_player))
    assert set(np.unique(rows["outcome"])) <= {0.0, 1.0, 0.5, 1 / 3}
    one = record_rows(games[0].record())
    assert one["finished"] and one["returns"] == pytest.approx(games[0].returns())
    seat0 = training_rows(path, seats=[0], masks=False)
    assert (seat0["seat"] == 0).all() and "action_mask" not in seat0


def test_records_file_errors_name_file_and_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(finished("duel", 1).record() + "\nnot json\n")
    with pytest.raises(ValueError, match="line 2"):
        list(read_records(bad))


def test_current_player_is_none_once_the_game_is_over():
    g = finished("duel", 5)
    assert g.current_player is None and g.legal_actions() == [] and not g.action_mask().any()
    assert "over" in repr(g)


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "3"])
def test_bad_seeds_are_value_errors_naming_the_argument(bad):
    with pytest.raises(ValueError, match="seed"):
        Game("duel", seed=bad)
    with pytest.raises(ValueError, match="seed"):
        Game("duel").make_bot("random", bad)
    with pytest.raises(ValueError, match="seed"):
        Game("duel").determinize(0, bad)
    with pytest.raises(ValueError, match="seed"):
        derive_seed(bad, 0)
    with pytest.raises(ValueError, match="seed"):
        wonders.simulate("duel", games=1, seed=bad)


def test_numpy_integers_are_seeds():
    assert Game("duel", seed=np.uint64(7)).seed == 7


def test_simulate_caps_threads_like_the_command_line():
    with pytest.raises(ValueError, match="threads: 100000 .*1024"):
        wonders.simulate("duel", games=1, threads=100000)
    with pytest.raises(ValueError, match="threads"):
        wonders._wonders.simulate_csv("duel", "/nonexistent/x.csv", 1, ["random"], 1, threads=5000)


def test_simulate_refuses_to_overwrite_a_file_without_force(tmp_path):
    csv = tmp_path / "run.csv"
    csv.write_text("precious\n")
    with pytest.raises(FileExistsError, match="force=True"):
        wonders.simulate("duel", games=2, csv=csv)
    assert csv.read_text() == "precious\n"
    table = wonders.simulate("duel", games=2, csv=csv, force=True)
    assert table.num_rows == 4 and csv.read_text().startswith("run_seed,game_index")
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert wonders.simulate("duel", games=1, csv=empty).num_rows == 2


def test_simulate_reports_progress(capsys):
    calls = []
    wonders.simulate("duel", games=300, bots=["random"], threads=2, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (300, 300)
    assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:]))
    wonders.simulate("duel", games=50, bots=["random"], progress=True)
    assert "50/50 games" in capsys.readouterr().err
    with pytest.raises(ValueError, match="progress"):
        wonders.simulate("duel", games=1, progress="yes")
    with pytest.raises(ZeroDivisionError):
        wonders.simulate("duel", games=50, progress=lambda d, t: 1 / 0)


def test_version_docstrings_and_stubs():
    assert wonders.__version__ and wonders.__version__[0].isdigit()
    package = pathlib.Path(wonders.__file__).parent
    assert (package / "py.typed").exists() and (package / "_wonders.pyi").exists()
    undocumented = []
    for cls in (wonders.Game, wonders.BatchEnv, wonders.env.VectorEnv, wonders.env.SingleAgentEnv, wonders.env.WondersAEC, wonders.env.WondersParallel):
        if not cls.__doc__:
            undocumented.append(cls.__name__)
        for name, member in vars(cls).items():
            if name.startswith("_") or not (callable(member) or isinstance(member, property) or inspect.isdatadescriptor(member)):
                continue
            if name in ("metadata",):
                continue
            if not getattr(member, "__doc__", None):
                undocumented.append(f"{cls.__name__}.{name}")
    assert undocumented == []


def test_a_record_whose_setup_is_not_its_seeds_deal_still_reads():
    import pickle

    g = finished("architects", 12, players=3, expansions="medals")
    record = json.loads(g.record())
    record["seed"] = 13
    h = Game.from_record(record)
    assert h.is_terminal and h.seed is None and h.steps == [] and h.scores() == g.scores()
    with pytest.raises(ValueError, match="pickled"):
        pickle.dumps(h)
    same, other = record_rows(g.record()), record_rows(record)
    assert np.array_equal(same["observation"], other["observation"]) and np.array_equal(same["action"], other["action"])
