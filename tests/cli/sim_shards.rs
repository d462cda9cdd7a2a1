//! A run split by game index (`SimulateOptions::first_game`): the shards' rows, in order, are
//! the whole run's rows.

use wonders::common::OptionSet;
use wonders::registry::{game, SimulateOptions};

fn run(dir: &std::path::Path, name: &str, first: u64, games: u64) -> String {
    let path = dir.join(name);
    let opts = SimulateOptions {
        seed: 9,
        games,
        first_game: first,
        threads: 2,
        bots: vec!["greedy".into(), "random".into()],
        csv: Some(path.clone()),
        ..SimulateOptions::default()
    };
    let report = game("duel")
        .unwrap()
        .simulate(&OptionSet::new(), &opts)
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
        .simulate(
            &OptionSet::new(),
            &SimulateOptions {
                games: 5,
                first_game: 6,
                ..SimulateOptions::default()
            },
        )
        .unwrap_err();
    assert!(e.contains("empty"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
