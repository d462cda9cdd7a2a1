//! A run split by game index (`SimulateOptions::first_game`): the shards' rows, in order, are
//! the whole run's rows.

use crate::cli_support::bots;
use wonders::common::OptionSet;
use wonders::registry::{game, RunOptions, SimulateOptions};

fn run(dir: &std::path::Path, name: &str, first: u64, games: u64) -> String {
    let path = dir.join(name);
    let opts = SimulateOptions {
        run: RunOptions {
            seed: 9,
            games,
            threads: 2,
            out: Some(path.clone()),
            ..RunOptions::default()
        },
        first_game: first,
        ..SimulateOptions::default()
    };
    let report = game("duel")
        .unwrap()
        .configure(&OptionSet::new())
        .unwrap()
        .simulate(&opts, &bots("greedy,random"))
        .unwrap();
    assert_eq!(report.games_played, games);
    assert_eq!(report.summary.games(), games - first);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn shards_put_together_are_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("wonders-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let whole = run(&dir, "whole.csv", 0, 30);
    let mut joined = String::new();
    for (k, (a, b)) in [(0, 7), (7, 8), (8, 30)].into_iter().enumerate() {
        let shard = run(&dir, &format!("shard{k}.csv"), a, b);
        let (header, rows) = shard.split_once('\n').unwrap();
        if k == 0 {
            joined.push_str(header);
            joined.push('\n');
        }
        joined.push_str(rows);
    }
    assert_eq!(joined, whole);
    let e = game("duel")
        .unwrap()
        .configure(&OptionSet::new())
        .unwrap()
        .simulate(
            &SimulateOptions {
                run: RunOptions {
                    games: 5,
                    ..RunOptions::default()
                },
                first_game: 6,
                ..SimulateOptions::default()
            },
            &bots("greedy,random"),
        )
        .unwrap_err();
    assert!(e.contains("empty"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
