//! 7 Wonders Duel with Pantheon through the command line: the option, the log, the component
//! listing, simulate's CSV and summary, resume, and tournaments.

use crate::cli_support;
use cli_support::{read_csv, stdout, text, tmp, wonders};

use std::path::PathBuf;

const DIVINITIES: [&str; 15] = [
    "enki",
    "ishtar",
    "nisaba",
    "astarte",
    "baal",
    "tanit",
    "aphrodite",
    "hades",
    "zeus",
    "anubis",
    "isis",
    "ra",
    "mars",
    "minerva",
    "neptune",
];

#[test]
fn games_lists_pantheon_among_duel_expansions() {
    let out = wonders(&["games"]);
    assert!(out.status.success(), "{}", text(&out));
    let log = stdout(&out);
    let duel = &log[log.find("duel —").unwrap()..log.find("classic —").unwrap()];
    assert!(duel.contains("expansions: pantheon"), "{duel}");
}

#[test]
fn a_pantheon_game_logs_what_the_expansion_adds_and_replays() {
    let record = tmp("p7.json");
    let out = wonders(&[
        "play",
        "--game",
        "duel",
        "--expansions",
        "pantheon",
        "--seed",
        "7",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let log = stdout(&out);
    for needle in [
        "7 Wonders Duel with Pantheon, seed 7",
        "  Mythology tokens: ",
        "Mythology token from a card turned over",
        "Divinity face down on space",
        "=== Age II begins ===",
        "  The Gate goes on the empty space",
        "  The Divinities are revealed: ",
        "  Offering tokens: ",
        "Offering token",
        " activates ",
        "Grand Temple [purple]",
        "=== Final score ===",
    ] {
        assert!(log.contains(needle), "`{needle}` missing from:\n{log}");
    }
    // A placement names the Mythology for everyone, the Divinity only as seen by its placer.
    let place = log
        .lines()
        .find(|l| l.contains("Divinity face down on space"))
        .unwrap();
    assert!(place.contains("(seen by seat "), "{place}");
    // The score pad's two Pantheon lines.
    let pad = &log[log.find("=== Final score ===").unwrap()..];
    assert!(
        pad.contains("\ndivinities ") && pad.contains("\ngrand_temples "),
        "{pad}"
    );
    let out = wonders(&["replay", record.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn many_pantheon_games_play_to_the_end_with_every_kind_of_bot() {
    for seed in 0..40u64 {
        let s = seed.to_string();
        let out = wonders(&[
            "play",
            "--game",
            "duel:expansions=pantheon",
            "--seed",
            &s,
            "--bots",
            "random,random",
        ]);
        assert!(out.status.success(), "seed {seed}: {}", text(&out));
        assert!(!stdout(&out).contains(": activate_"), "raw action text");
    }
    let out = wonders(&[
        "play",
        "--game",
        "duel",
        "--expansions",
        "pantheon",
        "--variant",
        "errata-next-age",
        "--wonders",
        "random",
        "--seed",
        "3",
        "--bots",
        "mcts:iterations=50,greedy",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn pantheon_wonders_are_fixed_only_with_the_expansion() {
    let fixed = "the_sanctuary,the_sphinx,piraeus,the_colossus/the_appian_way,circus_maximus,\
                 the_mausoleum,the_divine_theater";
    let out = wonders(&[
        "play",
        "--game",
        "duel",
        "--fixed-wonders",
        fixed,
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out).contains("add expansions pantheon"),
        "{}",
        text(&out)
    );
    let out = wonders(&[
        "play",
        "--game",
        "duel",
        "--expansions",
        "pantheon",
        "--fixed-wonders",
        fixed,
        "--seed",
        "1",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(stdout(&out).contains("Draft: seat 0 takes The Sanctuary"));
    let out = wonders(&["cards", "--game", "duel", "--expansions", "agora"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("valid: pantheon"), "{}", text(&out));
}

#[test]
fn cards_lists_every_pantheon_component() {
    let out = wonders(&[
        "cards",
        "--game",
        "duel",
        "--expansions",
        "pantheon",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let of = |kind: &str| -> Vec<&serde_json::Value> {
        rows.iter().filter(|r| r["kind"] == kind).collect()
    };
    let divinities: Vec<&str> = of("divinity")
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(divinities, DIVINITIES);
    for r in of("divinity") {
        assert!(r["mythology"].is_string() && r["effect"].is_string(), "{r}");
    }
    assert_eq!(of("gate").len(), 1);
    assert_eq!(of("mythology").len(), 5);
    assert_eq!(of("offering").len(), 3);
    let spaces = of("space");
    assert_eq!(spaces.len(), 6);
    assert_eq!(spaces[0]["activation_cost_p1"], 8);
    assert_eq!(spaces[5]["activation_cost_p2"], 8);
    let temples = of("grand_temple");
    assert_eq!(temples.len(), 5);
    assert!(temples
        .iter()
        .all(|t| t["cost"].is_string() && t["effect"].as_str().unwrap().contains("5/12/21")));
    let wonders_listed: Vec<&str> = of("wonder")
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(wonders_listed.len(), 14);
    assert!(
        wonders_listed.contains(&"the_sanctuary") && wonders_listed.contains(&"the_divine_theater")
    );
    let tokens: Vec<&str> = of("progress")
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(&tokens[10..], ["mysticism", "poliorcetics", "engineering"]);
    // Every Guild stays in the box.
    assert_eq!(of("card").len(), 66);
    assert!(!rows.iter().any(|r| r["id"] == "scientists_guild"));

    // The base listing is the base game's alone.
    let out = wonders(&["cards", "--game", "duel", "--format", "csv"]);
    assert!(out.status.success(), "{}", text(&out));
    let csv = stdout(&out);
    assert_eq!(csv.lines().count(), 1 + 73 + 12 + 10);
    assert!(!csv.contains("the_sanctuary") && !csv.contains("grand_temple"));
    assert!(!csv.lines().next().unwrap().contains("mythology"));

    // The text table has a section per kind.
    let out = wonders(&["cards", "--game", "duel", "--expansions", "pantheon"]);
    assert!(out.status.success(), "{}", text(&out));
    let table = stdout(&out);
    for section in [
        "== divinity ==",
        "== gate ==",
        "== space ==",
        "== grand_temple ==",
    ] {
        assert!(table.contains(section), "{section}");
    }
}

#[test]
fn simulate_writes_pantheon_columns_and_tables() {
    let csv = tmp("sim.csv");
    let summary = tmp("sim.json");
    let out = wonders(&[
        "simulate",
        "--game",
        "duel",
        "--expansions",
        "pantheon",
        "--games",
        "50",
        "--seed",
        "3",
        "--threads",
        "2",
        "--quiet",
        "--force",
        "--out",
        csv.to_str().unwrap(),
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let (header, rows) = read_csv(&csv);
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name} in {header:?}"))
    };
    assert_eq!(rows.len(), 100);
    for row in &rows {
        assert!(
            row[col("options")].split(',').any(|p| p == "pantheon"),
            "{row:?}"
        );
        let temples: u32 = row[col("grand_temples")].parse().unwrap();
        let points = [0, 5, 12, 21][temples as usize];
        assert_eq!(row[col("score_grand_temples")], points.to_string());
        for d in row[col("divinities_activated")]
            .split(';')
            .chain(row[col("divinities_placed")].split(';'))
            .filter(|s| !s.is_empty())
        {
            assert!(DIVINITIES.contains(&d), "{d}");
        }
        // The total is the sum of the lines, the two new ones included.
        let lines: i64 = header
            .iter()
            .enumerate()
            .filter(|(_, h)| h.starts_with("score_"))
            .map(|(i, _)| row[i].parse::<i64>().unwrap())
            .sum();
        assert_eq!(lines.to_string(), row[col("total")]);
    }
    assert!(col("score_divinities") < col("score_grand_temples"));
    assert!(col("score_military") < col("score_divinities"));
    // Across 100 seat-games, Divinities are placed (5 a game).
    let placed: usize = rows
        .iter()
        .map(|r| {
            r[col("divinities_placed")]
                .split(';')
                .filter(|s| !s.is_empty())
                .count()
        })
        .sum();
    assert_eq!(placed, 250);

    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    let summary_text = s.to_string();
    for table in [
        "win_rate_by_divinity_activated",
        "games_with_divinity_activated",
        "win_rate_by_divinity_placed",
        "win_rate_by_grand_temples",
    ] {
        assert!(
            summary_text.contains(table),
            "{table} missing from the summary"
        );
    }
    assert!(summary_text.contains("the_sanctuary") && summary_text.contains("the_divine_theater"));

    // A base run keeps its columns and label.
    let base = tmp("base.csv");
    let out = wonders(&[
        "simulate",
        "--game",
        "duel",
        "--games",
        "4",
        "--quiet",
        "--force",
        "--out",
        base.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let (header, rows) = read_csv(&base);
    assert!(!header
        .iter()
        .any(|h| h.contains("divinit") || h.contains("temple")));
    assert!(rows.iter().all(|r| r[4] == "draft"), "{rows:?}");
}

#[test]
fn a_pantheon_run_resumes_to_the_uninterrupted_bytes() {
    let full = tmp("pantheon-full.csv");
    let part = tmp("part.csv");
    let run = |games: &str, path: &PathBuf, extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "--game",
            "duel:expansions=pantheon",
            "--games",
            games,
            "--seed",
            "9",
            "--threads",
            "1",
            "--quiet",
            "--out",
            path.to_str().unwrap(),
        ];
        args.extend(extra);
        let out = wonders(&args);
        assert!(out.status.success(), "{}", text(&out));
    };
    run("30", &full, &["--force"]);
    run("12", &part, &["--force"]);
    run("30", &part, &["--resume"]);
    assert_eq!(std::fs::read(&full).unwrap(), std::fs::read(&part).unwrap());
    // A base run's CSV is not resumed as a Pantheon one.
    let base = tmp("base-resume.csv");
    let out = wonders(&[
        "simulate",
        "--game",
        "duel",
        "--games",
        "3",
        "--seed",
        "9",
        "--quiet",
        "--force",
        "--out",
        base.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let out = wonders(&[
        "simulate",
        "--game",
        "duel:expansions=pantheon",
        "--games",
        "6",
        "--seed",
        "9",
        "--quiet",
        "--resume",
        "--out",
        base.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
}

#[test]
fn a_pantheon_tournament_runs() {
    let out = wonders(&[
        "tournament",
        "--game",
        "duel",
        "--expansions",
        "pantheon",
        "--bots",
        "random,greedy",
        "--games",
        "4",
        "--seed",
        "1",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(stdout(&out).contains("greedy"));
}
