"""The training pipeline end to end, tiny: self-play by the engine, a PyTorch network trained,
exported to ONNX, read back by the Rust bots (as `net:` and `mcts:eval=net`) from the command
line and from Python, with a checkpoint that `--resume` goes on from."""

import csv
import subprocess

import pytest

torch = pytest.importorskip("torch")

import wonders  # noqa: E402
from wonders import train  # noqa: E402

TINY = ["--games", "2", "--bootstrap-iterations", "20", "--search-iterations", "8", "--steps", "5",
        "--batch", "32", "--hidden", "16", "--eval-every", "1", "--eval-games", "2",
        "--eval-time-ms", "2", "--threads", "1"]


@pytest.mark.parametrize("game", ["duel", "classic:players=3", "architects:players=3"])
def test_trains_exports_and_plays(cli, tmp_path, game):
    out = tmp_path / "run"
    train.main(["--game", game, "--out", str(out), "--iterations", "2", "--wonders", cli, *TINY])
    model = out / "model.onnx"
    rows = list(csv.DictReader(open(out / "curve.csv")))
    # Two evaluations (after iterations 1 and 2), three opponents each.
    assert [r["iteration"] for r in rows] == ["1"] * 3 + ["2"] * 3
    assert {r["opponent"] for r in rows} == {"random", "greedy", "mcts"}
    assert all(int(r["games"]) == 2 for r in rows)
    # The model plays from Python, policy alone and guiding the search.
    g = wonders.Game(game.split(":")[0], seed=3, **dict(o.split("=") for o in game.split(":")[1:]))
    for spec in (f"net:model={model}", f"mcts:eval=net,model={model},iterations=8"):
        bot = g.make_bot(spec, seed=1)
        assert bot.spec == spec
        played = g.play_bot(bot)
        assert 0 <= played < g.action_space
    # --resume goes on from the checkpoint: one more iteration, one more evaluation.
    train.main(["--game", game, "--out", str(out), "--iterations", "3", "--wonders", cli, "--resume", *TINY,
                "--lr", "0.0005"])
    rows = list(csv.DictReader(open(out / "curve.csv")))
    assert [r["iteration"] for r in rows][-3:] == ["3"] * 3
    # The resumed run trains at the learning rate it was given, not the saved one.
    saved = torch.load(out / "checkpoint.pt", weights_only=False)
    assert saved["iteration"] == 3
    assert [g["lr"] for g in saved["optimizer"]["param_groups"]] == [0.0005]


def test_the_deeper_search_starts_at_its_iteration():
    from types import SimpleNamespace

    args = SimpleNamespace(search_iterations=800, deeper_search=3200, deeper_from=50)
    # The log's iteration 49 is the self-play of index 48.
    assert [train.search_iterations(args, i) for i in (0, 48, 49, 200)] == [800, 800, 3200, 3200]
    args.deeper_search = 0
    assert train.search_iterations(args, 200) == 800


@pytest.mark.parametrize("bad", [["--deeper-search", "-5"], ["--deeper-from", "0"]])
def test_a_bad_deeper_search_is_refused_before_any_play(tmp_path, capsys, bad):
    with pytest.raises(SystemExit):
        train.main(["--game", "duel", "--out", str(tmp_path / "run"), *bad])
    assert f"{bad[0]} {bad[1]}: expected" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


def test_a_model_of_another_game_is_refused(cli, tmp_path):
    out = tmp_path / "run"
    # The last of a repeated flag counts: no evaluation here.
    train.main(["--game", "duel", "--out", str(out), "--iterations", "1", "--wonders", cli, *TINY,
                "--eval-every", "0"])
    model = out / "model.onnx"
    result = subprocess.run([cli, "play", "--game", "classic:players=3", "--bots", f"net:model={model}"],
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert "trained for `duel`" in result.stderr and "not for `classic`" in result.stderr
    g = wonders.Game("classic", seed=1, players=3)
    bot = g.make_bot(f"net:model={model}", seed=1)
    with pytest.raises(Exception, match="trained for `duel`"):
        g.play_bot(bot)


def test_compact_rows_keep_the_legal_ids_and_the_same_loss():
    """The run keeps only each row's legal ids: the policy loss over them is the loss of the
    full softmax with every other id masked out, and whole-number observations stay exact."""
    import numpy as np

    rng = np.random.default_rng(5)
    rows, actions = 6, 40
    masks = np.zeros((rows, actions), dtype=np.uint8)
    policies = np.zeros((rows, actions), dtype=np.float32)
    for r in range(rows):
        ids = rng.choice(actions, size=1 + r, replace=False)
        masks[r, ids] = 1
        shares = rng.random(len(ids)).astype(np.float32)
        policies[r, ids] = shares / shares.sum()
    dense = {"observations": rng.integers(-8, 40, size=(rows, 7)).astype(np.float32), "masks": masks,
             "policies": policies, "values": np.tile(np.array([[1.0, 0.0]], dtype=np.float32), (rows, 1))}
    data = train.compact(dense)
    assert data["legal"].shape == (rows, rows) and int(data["action_space"]) == actions
    assert data["observations"].dtype == np.float16
    assert np.array_equal(data["observations"].astype(np.float32), dense["observations"])
    for r in range(rows):
        k = r + 1
        assert data["valid"][r].sum() == k
        assert list(data["legal"][r, :k]) == list(np.flatnonzero(masks[r]))
        assert np.allclose(data["policy"][r, :k], policies[r, np.flatnonzero(masks[r])])
    window = train.concatenate([data, train.compact({k: v[:2] for k, v in dense.items()})])
    assert window["legal"].shape == (rows + 2, rows)  # the narrower batch padded
    logits = torch.from_numpy(rng.normal(size=(rows, actions)).astype(np.float32))
    full = logits.masked_fill(~torch.from_numpy(masks).bool(), -1e9)
    expected = -(torch.from_numpy(policies) * torch.log_softmax(full, -1)).sum(-1)
    gathered = logits.gather(1, window["legal"][:rows]).masked_fill(~window["valid"][:rows], -1e9)
    got = -(window["policy"][:rows] * torch.log_softmax(gathered, -1)).sum(-1)
    assert torch.allclose(got, expected, atol=1e-5)
