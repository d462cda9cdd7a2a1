//! Learned players through the command line and the registry: the shipped Duel model plays,
//! guides the search and is refused by other games with the reason; self-play makes training
//! rows for every game family.

use crate::cli_support;
use cli_support::{read_csv, stderr, stdout, tmp, wonders};

use wonders::registry::parse_game_spec;
use wonders::sim::SelfPlayRun;
use wonders_bots::{BotSpec, ModelFile};

const MODEL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/results/models/duel.onnx");

fn assert_refused(args: &[&str], needle: &str) {
    let o = wonders(args);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.starts_with("error: ") && e.contains(needle), "{e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn the_shipped_model_plays_duel_alone_and_guiding_the_search() {
    for bots in [
        format!("net:model={MODEL},greedy"),
        format!("mcts:eval=net,model={MODEL},iterations=30,random"),
        format!("net:model={MODEL},temperature=1,mcts:eval=net,model={MODEL},iterations=20"),
        // Both seats keeping their trees between moves.
        format!("mcts:eval=net,model={MODEL},iterations=40,reuse=on"),
    ] {
        let o = wonders(&[
            "play", "--game", "duel", "--seed", "5", "--bots", &bots, "--quiet",
        ]);
        assert!(o.status.success(), "{bots}: {}", stderr(&o));
    }
    // A simulate run names the bots in its CSV like any other.
    let csv = tmp("net.csv");
    let bots = format!("net:model={MODEL},random");
    let o = wonders(&[
        "simulate",
        "--game",
        "duel",
        "--games",
        "4",
        "--bots",
        &bots,
        "--rotate-seats",
        "--out",
        csv.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.matches(&format!("net:model={MODEL}")).count(), 4);
}

#[test]
fn models_for_another_game_or_shape_and_corrupt_files_are_refused() {
    let net = format!("net:model={MODEL}");
    assert_refused(
        &["play", "--game", "classic", "--bots", &net],
        "was trained for `duel` (duel), not for `classic`",
    );
    assert_refused(
        &[
            "simulate",
            "--game",
            "architects",
            "--games",
            "2",
            "--bots",
            &net,
        ],
        "not for `architects`",
    );
    // Pantheon adds features and ids: another input size.
    assert_refused(
        &["play", "--game", "duel:expansions=pantheon", "--bots", &net],
        "reads observations of 545 features, but `duel` with these options writes",
    );
    let guided = format!("mcts:eval=net,model={MODEL},time_ms=5");
    assert_refused(
        &[
            "tournament",
            "--game",
            "classic",
            "--games",
            "1",
            "--bots",
            &format!("{guided},random"),
        ],
        "not for `classic`",
    );
    let corrupt = tmp("corrupt.onnx");
    let mut bytes = std::fs::read(MODEL).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&corrupt, &bytes).unwrap();
    let spec = format!("net:model={}", corrupt.display());
    assert_refused(
        &["play", "--bots", &spec],
        "is not a network the bots can run",
    );
    assert_refused(
        &["play", "--bots", "net:model=/nowhere.onnx"],
        "cannot read model",
    );
    assert_refused(
        &["play", "--bots", &format!("{guided},reuse=yes")],
        "`reuse=yes`: expected `on` (keep the tree between moves) or `off`",
    );
}

#[test]
fn self_play_rows_are_consistent_for_every_game_family() {
    let model = ModelFile::load(MODEL).unwrap();
    for (game, model) in [
        ("duel", Some(model)),
        ("duel", None),
        ("classic:players=3", None),
        ("classic:players=7", None),
        ("architects:players=4", None),
    ] {
        let (entry, options) = parse_game_spec(game).unwrap();
        let run = SelfPlayRun {
            games: 2,
            seed: 11,
            threads: 1,
            model,
            iterations: 12,
            c: None,
            sample_moves: 4,
            noise: Some((0.3, 0.25)),
            mix: 0.5,
        };
        let data = entry.self_play(&options, &run).unwrap();
        assert!(data.rows > 20, "{game}: {} rows", data.rows);
        let (a, p) = (data.action_space, data.players);
        assert_eq!(data.observations.len(), data.rows * data.observation_len);
        for r in 0..data.rows {
            let policy = &data.policies[r * a..(r + 1) * a];
            let mask = &data.masks[r * a..(r + 1) * a];
            let value = &data.values[r * p..(r + 1) * p];
            assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{game}");
            assert!(
                mask.iter().filter(|&&m| m == 1).count() >= 2,
                "{game}: forced moves kept"
            );
            assert!(policy.iter().zip(mask).all(|(&x, &m)| m == 1 || x == 0.0));
            assert!((value.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{game}");
        }
        // Same seed, same rows.
        let again = entry.self_play(&options, &run).unwrap();
        assert_eq!(again.policies, data.policies, "{game}");
    }
}

#[test]
fn selfplay_writes_numpy_arrays() {
    let dir = tmp("selfplay");
    let o = wonders(&[
        "selfplay",
        "--game",
        "architects:players=3",
        "--games",
        "1",
        "--iterations",
        "5",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 games"), "{}", stdout(&o));
    for name in ["observations", "masks", "policies", "values"] {
        let bytes = std::fs::read(dir.join(format!("{name}.npy"))).unwrap();
        assert!(bytes.starts_with(b"\x93NUMPY\x01\x00"));
        let header_len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        assert_eq!((10 + header_len) % 64, 0, "aligned header");
        let header = String::from_utf8_lossy(&bytes[10..10 + header_len]);
        assert!(header.contains("'shape': ("), "{header}");
    }
    assert_refused(
        &["selfplay", "--out", "x", "--noise", "lots"],
        "--noise `lots`",
    );
    let spec = BotSpec::parse(&format!("net:model={MODEL}")).unwrap();
    assert_eq!(spec.to_string(), format!("net:model={MODEL}"));
}

#[test]
fn the_guided_search_beats_plain_mcts_at_equal_iterations_with_rollout_values() {
    // The guided search once valued its leaves by the network's value head alone: with the
    // shipped model it won 2 of 40 games against plain MCTS at 1,000 iterations each, and 4
    // of these 16 (`mix=0`). Random rollouts at the leaves, the network giving the priors
    // (the default), win 9 of them.
    let csv = tmp("guided_vs_mcts.csv");
    let bots = format!("mcts:eval=net,model={MODEL},iterations=500,mcts:iterations=500");
    let o = wonders(&[
        "simulate",
        "--game",
        "duel",
        "--games",
        "16",
        "--seed",
        "3",
        "--bots",
        &bots,
        "--rotate-seats",
        "--threads",
        "2",
        "--out",
        csv.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (header, rows) = read_csv(&csv);
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (bot, win) = (column("bot"), column("win"));
    let wins = rows
        .iter()
        .filter(|row| row[bot].starts_with("mcts:eval=net") && row[win] == "1")
        .count();
    assert!(wins >= 7, "the guided search won {wins} of 16 games");
}
