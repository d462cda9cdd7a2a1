"""wonders.tournament: our bots equal the CLI; Python bots play through the same runner."""

import numpy as np
import pytest

import wonders
from conftest import run_cli


def test_a_tournament_of_our_bots_equals_the_cli(cli, tmp_path):
    cli_csv = tmp_path / "cli.csv"
    cli_json = tmp_path / "cli.json"
    run_cli(cli, "tournament", "--game", "duel", "--bots", "random,greedy", "--games", "20", "--seed", "4",
            "--out", str(cli_csv), "--summary", str(cli_json), "--quiet")
    py_csv = tmp_path / "py.csv"
    result = wonders.tournament("duel", bots=["random", "greedy"], games=20, seed=4, csv=py_csv)
    assert py_csv.read_bytes() == cli_csv.read_bytes()
    assert result.games.equals(wonders.read_csv(cli_csv))
    import json
    assert result.report == json.loads(cli_json.read_text())


def first_legal(observation, mask):
    return int(np.flatnonzero(mask)[0])


def test_python_bots_play_in_tournaments_and_results_are_reproducible():
    seen = []

    def careful(game):
        # A determinization for the bot's own seat: the same observation as the real game's.
        seen.append(game.seed)
        return game.legal_actions()[-1]

    run = lambda: wonders.tournament("classic", bots=["greedy", first_legal, ("last", careful)], games=3, seed=2, players=3)
    a, b = run(), run()
    assert a.games.equals(b.games) and a.report == b.report
    assert [r["bot"] for r in a.ratings] == ["greedy", "first_legal", "last"]
    # 3 pairs × 3 matches × 2 legs, 3 seats each.
    assert a.games.num_rows == 3 * 3 * 2 * 3
    assert set(a.games.column("bot").to_pylist()) == {"greedy", "first_legal", "last"}
    assert seen and all(s is None for s in seen)  # determinizations carry no seed
    assert abs(sum(r["elo"] for r in a.ratings) / 3 - 1500) < 1e-6


def test_a_python_bot_that_fails_stops_the_tournament_naming_it():
    with pytest.raises(ValueError, match="bot `illegal`.*not legal"):
        wonders.tournament("duel", bots=["random", ("illegal", lambda g: 10**6)], games=2)
    def boom(game):
        raise RuntimeError("no idea")
    with pytest.raises(ValueError, match="bot `boom`.*no idea"):
        wonders.tournament("duel", bots=["random", boom], games=2)
    with pytest.raises(ValueError, match="neither"):
        wonders.tournament("duel", bots=["random", 42], games=2)
