"""wonders.simulate equals `wonders simulate --out` for the same arguments."""

import pytest

import wonders
from conftest import run_cli

CASES = [
    # (CLI --game, python game, python options, bots, games, seed)
    ("duel", "duel", {}, ["greedy", "random"], 40, 1),
    ("classic:players=5,edition=v1", "classic", {"players": 5, "edition": "v1"}, ["greedy"], 20, 7),
    ("architects:players=3,expansions=medals", "architects", {"players": 3, "expansions": ["medals"]}, ["random"], 20, 3),
]


@pytest.mark.parametrize("cli_game,game,options,bots,games,seed", CASES)
def test_simulate_equals_the_cli_csv(cli, tmp_path, cli_game, game, options, bots, games, seed):
    cli_csv = tmp_path / "cli.csv"
    run_cli(cli, "simulate", "--game", cli_game, "--games", str(games), "--bots", ",".join(bots),
            "--seed", str(seed), "--out", str(cli_csv), "--threads", "2")
    py_csv = tmp_path / "py.csv"
    table = wonders.simulate(game, games=games, bots=bots, seed=seed, csv=py_csv, **options)
    assert py_csv.read_bytes() == cli_csv.read_bytes()
    assert table.equals(wonders.read_csv(cli_csv))
    seats = wonders.Game(game, **options).num_players
    assert table.num_rows == games * seats
    assert table.column("game_index").to_pylist() == [i for i in range(games) for _ in range(seats)]
    assert table.column("game_seed").to_pylist()[0] == wonders.derive_seed(seed, 0)


def test_several_player_counts_in_one_run_equal_the_cli(cli, tmp_path):
    cli_csv = tmp_path / "cli.csv"
    run_cli(cli, "simulate", "--game", "classic", "--players", "3-5", "--games", "12", "--bots", "random",
            "--seed", "6", "--out", str(cli_csv))
    table = wonders.simulate("classic", games=12, bots=["random"], seed=6, players="3-5", csv=tmp_path / "py.csv")
    assert (tmp_path / "py.csv").read_bytes() == cli_csv.read_bytes()
    assert set(table.column("players").to_pylist()) == {3, 4, 5}
    with pytest.raises(ValueError, match="one game has one player count"):
        wonders.Game("classic", players="3-5")


def test_simulate_without_a_file_and_thread_counts_agree():
    a = wonders.simulate("duel", games=30, bots=["random"], seed=5, threads=1)
    b = wonders.simulate("duel", games=30, bots="random", seed=5, threads=2)
    assert a.equals(b)
    df = a.to_pandas()
    # One winner per game unless shared; win flags agree with ranks.
    assert ((df["rank"] == 1) == (df["win"] == 1)).all()
    assert (df.groupby("game_index")["win"].sum() >= 1).all()


@pytest.mark.parametrize(
    "kwargs,needle",
    [
        ({"game": "chess"}, "unknown game `chess`"),
        ({"game": "duel", "players": 5}, "`players` does not apply to duel"),
        ({"game": "classic", "players": 9}, "players `9`"),
        ({"game": "duel", "bots": ["genius"]}, "genius"),
        ({"game": "duel", "bots": []}, "bots"),
        ({"game": "duel", "bots": ["random", "random", "random"]}, "3 bots given for a 2-player game"),
        ({"game": "duel", "seed": -1}, "seed: -1"),
        ({"game": "duel", "threads": 2**64}, "threads"),
    ],
)
def test_bad_arguments_raise_value_error_naming_them(kwargs, needle):
    with pytest.raises(ValueError, match=None) as e:
        wonders.simulate(games=2, **kwargs)
    assert needle in str(e.value)
