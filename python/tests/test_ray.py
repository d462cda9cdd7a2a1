"""wonders.ray: shards by game index whose union is the single-machine run."""

import json
import os

import pytest

import wonders
import wonders.ray as wray


def test_shard_ranges():
    assert wray.shard_ranges(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert wray.shard_ranges(0, 4) == []
    with pytest.raises(ValueError):
        wray.shard_ranges(10, 0)


def test_shards_without_ray_equal_the_run_and_rerun_to_the_same_bytes(tmp_path):
    spec = wonders.game_spec("classic", players=3)
    whole = wonders.simulate(spec, games=25, bots=["greedy", "random", "random"], seed=3)
    paths = [wray.run_shard(spec, ["greedy", "random", "random"], 3, a, b, str(tmp_path)) for a, b in wray.shard_ranges(25, 10)]
    assert wray.read(tmp_path).equals(whole)
    before = open(paths[1], "rb").read()
    os.remove(paths[1])
    wray.run_shard(spec, ["greedy", "random", "random"], 3, 10, 20, str(tmp_path))
    assert open(paths[1], "rb").read() == before


def test_shards_of_another_run_are_refused_by_their_manifest(tmp_path):
    # A run's directory holds its manifest: the case, asked for seed 2 with random bots
    # in the directory of a seed-1 greedy run.
    out = tmp_path / "run"
    wray.check_manifest(out, wray.run_manifest("duel", ["greedy"], 1, 4))
    wray.run_shard("duel", ["greedy"], 1, 0, 4, str(out))
    with pytest.raises(ValueError, match=r"bots \['greedy'\] where this run has \['random'\]; seed 1 where this run has 2"):
        wray.simulate("duel", games=4, bots=["random"], seed=2, out_dir=out, shard_size=4)
    for other in [dict(shard_size=2), dict(rotate_seats=True), dict(game="classic")]:
        args = dict(game="duel", games=4, bots=["greedy"], seed=1, out_dir=out, shard_size=4) | other
        with pytest.raises(ValueError, match="holds the shards of another run"):
            wray.simulate(**args)
    manifest = json.load(open(out / wray.MANIFEST))
    assert manifest == {
        "format": "wonders-ray-shards", "version": 1, "game": "duel", "options": "",
        "bots": ["greedy"], "seed": 1, "shard_size": 4, "rotate_seats": False,
    }
    # The same run is accepted again (checked, not rewritten).
    wray.check_manifest(out, wray.run_manifest("duel", ["greedy"], 1, 4))
    # Shards without a manifest may be anyone's.
    bare = tmp_path / "bare"
    wray.run_shard("duel", ["greedy"], 1, 0, 4, str(bare))
    with pytest.raises(ValueError, match="no manifest.json"):
        wray.simulate("duel", games=4, bots=["greedy"], seed=1, out_dir=bare, shard_size=4)
    (bare / wray.MANIFEST).write_text("{not json")
    with pytest.raises(ValueError, match="not a readable run manifest"):
        wray.simulate("duel", games=4, bots=["greedy"], seed=1, out_dir=bare, shard_size=4)


def test_ray_simulate_on_a_local_two_cpu_instance(tmp_path):
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        out = tmp_path / "run"
        paths = wray.simulate("duel", games=60, bots=["greedy", "random"], seed=8, out_dir=out, shard_size=16)
        assert [os.path.basename(p) for p in paths] == [
            "games-000000000000-000000000016.parquet",
            "games-000000000016-000000000032.parquet",
            "games-000000000032-000000000048.parquet",
            "games-000000000048-000000000060.parquet",
        ]
        whole = wonders.simulate("duel", games=60, bots=["greedy", "random"], seed=8)
        assert wray.read(out).equals(whole)
        # An interrupted sweep resumes: only the missing shard is played again, to the same bytes.
        kept = {p: open(p, "rb").read() for p in paths}
        os.remove(paths[2])
        mtime = os.path.getmtime(paths[0])
        wray.simulate("duel", games=60, bots=["greedy", "random"], seed=8, out_dir=out, shard_size=16)
        assert {p: open(p, "rb").read() for p in paths} == kept
        assert os.path.getmtime(paths[0]) == mtime
        with pytest.raises(ValueError, match="3 bots given"):
            wray.simulate("duel", games=10, bots=["random"] * 3, out_dir=out)
        # Another run's directory is refused, not read back as this run's rows.
        with pytest.raises(ValueError, match="seed 8 where this run has 9"):
            wray.simulate("duel", games=60, bots=["greedy", "random"], seed=9, out_dir=out, shard_size=16)
        assert {p: open(p, "rb").read() for p in paths} == kept
    finally:
        ray.shutdown()


def test_python_m_wonders_ray(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "cli"
    cmd = [sys.executable, "-m", "wonders.ray", "--game", "architects:players=3", "--games", "12",
           "--bots", "random", "--seed", "2", "--shard-size", "5", "--out-dir", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "3 shards" in done.stdout
    assert wray.read(out).equals(wonders.simulate("architects", games=12, bots=["random"], seed=2, players=3))
    bad = subprocess.run(cmd[:3] + ["--game", "chess", "--out-dir", str(out)], capture_output=True, text=True)
    assert bad.returncode == 1 and "unknown game `chess`" in bad.stderr
