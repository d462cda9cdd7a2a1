//! The `wonders` command line end to end: play, record, replay, cards, simulate.

use crate::cli_support;
use cli_support::{text, tmp, wonders};

#[test]
fn a_recorded_duel_replays_and_a_tampered_one_is_named() {
    let record = tmp("duel.json");
    let out = wonders(&[
        "play",
        "--game",
        "duel",
        "--seed",
        "7",
        "--bots",
        "greedy,random",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let log = text(&out);
    assert!(
        log.contains("=== Wonder draft ===") && log.contains("=== Final score ==="),
        "{log}"
    );
    let out = wonders(&["replay", record.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));

    // Change the first paid build's price: replay names the action and the right price.
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let actions = v["actions"].as_array_mut().unwrap();
    let i = actions
        .iter()
        .position(|a| a["type"] == "build" && a["paid"].as_u64().unwrap() > 0)
        .unwrap();
    let paid = actions[i]["paid"].as_u64().unwrap();
    actions[i]["paid"] = serde_json::json!(paid + 1);
    let bad = tmp("duel-bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let out = wonders(&["replay", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let msg = text(&out);
    assert!(
        msg.contains(&format!("action {i}")) && msg.contains(&format!("the rules charge {paid}")),
        "{msg}"
    );
}

#[test]
fn a_recorded_classic_game_replays() {
    let record = tmp("classic.json");
    let out = wonders(&[
        "play",
        "--game",
        "classic",
        "--players",
        "4",
        "--edition",
        "v1",
        "--sides",
        "mixed",
        "--seed",
        "3",
        "--bots",
        "random",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let out = wonders(&["replay", record.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn bad_input_is_one_clear_line() {
    let out = wonders(&["play", "--bots", "nosuchbot,random"]);
    assert_eq!(out.status.code(), Some(1));
    let msg = text(&out);
    assert!(
        msg.starts_with("error: ") && msg.contains("nosuchbot") && msg.contains("greedy"),
        "{msg}"
    );
    assert_eq!(msg.trim_end().lines().count(), 1, "{msg}");
    let out = wonders(&["replay", "/no/such/file.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("cannot read /no/such/file.json"));
    let out = wonders(&["play", "--game", "classic", "--players", "8"]);
    assert!(text(&out).contains("3 to 7"));
}

#[test]
fn cards_lists_every_duel_component() {
    let out = wonders(&["cards", "--game", "duel", "--format", "csv"]);
    assert!(out.status.success());
    let csv = String::from_utf8(out.stdout).unwrap();
    // Header + 73 cards + 12 Wonders + 10 tokens.
    assert_eq!(csv.lines().count(), 1 + 73 + 12 + 10);
    assert!(csv.contains("card,caravansery,Caravansery,2,yellow,2,1 glass + 1 papyrus"));
    let out = wonders(&[
        "cards",
        "--game",
        "classic",
        "--edition",
        "v2",
        "--format",
        "json",
    ]);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Values are typed: numbers are JSON numbers, absent values null; stages have columns of
    // their own.
    let first = &rows[0];
    assert!(
        first["age"].is_u64() && first["players"].is_u64(),
        "{first}"
    );
    let stage = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "stage")
        .unwrap();
    assert!(stage["stage"].is_u64() && stage["wonder_side"].is_string() && stage["age"].is_null());
    assert_eq!(
        rows.as_array()
            .unwrap()
            .iter()
            .filter(|r| r["kind"] == "card")
            .count(),
        148
    );
}

#[test]
fn simulate_is_identical_for_one_and_two_threads() {
    let run = |threads: &str| {
        let csv = tmp(&format!("sim-{threads}.csv"));
        let summary = tmp(&format!("sim-{threads}.json"));
        let out = wonders(&[
            "simulate",
            "--game",
            "duel",
            "--games",
            "300",
            "--bots",
            "greedy,random",
            "--seed",
            "5",
            "--threads",
            threads,
            "--quiet",
            "--out",
            csv.to_str().unwrap(),
            "--summary",
            summary.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out));
        (std::fs::read(csv).unwrap(), std::fs::read(summary).unwrap())
    };
    let (csv1, sum1) = run("1");
    let (csv2, sum2) = run("2");
    assert_eq!(csv1, csv2);
    assert_eq!(sum1, sum2);
    // One row per seat per game, plus the header.
    assert_eq!(csv1.iter().filter(|&&b| b == b'\n').count(), 1 + 2 * 300);
}

#[test]
fn any_simulated_game_replays_from_its_csv_row_with_play() {
    let csv = tmp("rows.csv");
    let out = wonders(&[
        "simulate",
        "--game",
        "duel",
        "--games",
        "40",
        "--bots",
        "greedy,random",
        "--seed",
        "9",
        "--quiet",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let mut rows = csv::Reader::from_path(&csv).unwrap();
    let header = rows.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let records: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    // Game 17: its two rows give the seed, the bots and the totals.
    let game: Vec<&csv::StringRecord> = records
        .iter()
        .filter(|r| &r[col("game_index")] == "17")
        .collect();
    let bots = format!("{},{}", &game[0][col("bot")], &game[1][col("bot")]);
    let out = wonders(&[
        "play",
        "--game",
        "duel",
        "--seed",
        &game[0][col("game_seed")],
        "--bots",
        &bots,
        "--quiet",
    ]);
    let pad = text(&out);
    let total = pad
        .lines()
        .find(|l| l.starts_with("total"))
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>();
    assert_eq!(total[1], &game[0][col("total")], "{pad}");
    assert_eq!(total[2], &game[1][col("total")], "{pad}");
}

#[test]
fn an_interrupted_simulate_resumes_to_the_full_run() {
    let path = |name: &str| tmp(name).to_str().unwrap().to_owned();
    let (full, part) = (path("resume-full.csv"), path("resume-part.csv"));
    let run = |games: &str, out: &str, extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "--game",
            "duel",
            "--games",
            games,
            "--bots",
            "greedy,random",
            "--seed",
            "4",
            "--quiet",
            "--out",
            out,
        ];
        args.extend_from_slice(extra);
        wonders(&args)
    };
    assert!(run("12", &full, &[]).status.success());
    // The first 5 games, then the rest with --resume.
    assert!(run("5", &part, &[]).status.success());
    let out = run("12", &part, &["--resume"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("7 games in"), "{}", text(&out));
    assert_eq!(
        std::fs::read_to_string(&part).unwrap(),
        std::fs::read_to_string(&full).unwrap()
    );
    // Another seed's CSV is refused on one line, naming the difference.
    let out = wonders(&[
        "simulate",
        "--game",
        "duel",
        "--games",
        "20",
        "--bots",
        "greedy,random",
        "--seed",
        "5",
        "--quiet",
        "--out",
        &part,
        "--resume",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let msg = String::from_utf8_lossy(&out.stderr);
    assert_eq!(msg.lines().count(), 1, "{msg}");
    assert!(
        msg.contains("run_seed is \"4\" where this run has \"5\""),
        "{msg}"
    );
}

/// What a newcomer reads: one way to name seats in every game's log, score pads with a column
/// per seat, display names, suggestions for typos, and a seed's range.
#[test]
fn outputs_explain_themselves() {
    let duel = text(&wonders(&["play", "--game", "duel", "--seed", "7"]));
    assert!(duel.starts_with("7 Wonders Duel, seed 7: seat 0 = greedy, seat 1 = greedy"));
    assert!(duel.contains("\nDraft: seat 0 takes The "), "{duel}");
    let pad = &duel[duel.find("=== Final score ===\n").unwrap() + 20..];
    assert_eq!(
        pad.lines()
            .next()
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>(),
        ["seat", "0", "seat", "1"]
    );
    assert!(!duel.contains("P1") && !duel.contains("P2"), "{duel}");

    let classic = text(&wonders(&[
        "play",
        "--game",
        "classic:players=3",
        "--seed",
        "3",
    ]));
    assert!(
        classic.contains("builds Lumber Yard"),
        "display names: {classic}"
    );
    assert!(
        !classic.contains("lumber_yard") && !classic.contains("(s)"),
        "{classic}"
    );
    assert!(classic.contains("=== Final score ==="), "{classic}");

    let arch = text(&wonders(&[
        "play",
        "--game",
        "architects",
        "--players",
        "3",
        "--expansions",
        "medals",
        "--seed",
        "3",
    ]));
    assert!(
        arch.contains("medals of seat 1: 3 Wonder stages; 7 cards"),
        "{arch}"
    );
    assert!(!arch.contains("_"), "ids instead of names: {arch}");

    let cards = text(&wonders(&[
        "cards",
        "--game",
        "architects",
        "--expansions",
        "medals",
        "--format",
        "csv",
    ]));
    assert!(
        cards.contains("yellow_catblue_hornred,\"yellow, blue Cat and red horn cards\""),
        "{cards}"
    );
    assert!(
        !cards.contains("Colour(") && !cards.contains("Kinds("),
        "{cards}"
    );

    // `wonders games`: one header per game, every row's columns aligned under it.
    let games = text(&wonders(&["games"]));
    assert!(!games.contains("default -"), "{games}");
    let mut lines = games.lines();
    while let Some(header) = lines.find(|l| l.trim_start().starts_with("option ")) {
        // Columns are counted in characters (values hold `…`).
        let at = header.chars().count()
            - header.split("default").nth(1).unwrap().chars().count()
            - "default".len();
        for row in lines
            .clone()
            .take_while(|l| !l.starts_with("  expansions:"))
        {
            let row: Vec<char> = row.chars().collect();
            let shown: String = row.iter().collect();
            assert_eq!(
                row[at - 2..at],
                [' ', ' '],
                "`{shown}` misaligned under `{header}`"
            );
            assert_ne!(row[at], ' ', "`{shown}` has no default");
        }
    }

    let e = text(&wonders(&["play", "--game", "dual"]));
    assert!(
        e.contains("unknown game `dual` (did you mean `duel`?)"),
        "{e}"
    );
    let e = text(&wonders(&["play", "--bots", "grdy"]));
    assert!(
        e.contains("(did you mean `greedy`?)") && e.lines().count() == 1 && e.len() < 160,
        "{e}"
    );
    let out = wonders(&["play", "--seed", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("seeds are whole numbers from 0 to 18446744073709551615"));
}

/// A run over several player counts: a clean records file name, the fair share beside the
/// pooled win rates, and no sides in Architects' wonder table.
#[test]
fn several_player_counts_name_their_records_and_fair_share() {
    let dir = tmp("records-dir-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let out = wonders(&[
        "simulate",
        "--game",
        "architects",
        "--players",
        "2-3",
        "--games",
        "6",
        "--seed",
        "1",
        "--records",
        dir.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(dir.join("architects-2p+3p-seed1.jsonl").is_file());
    let summary = text(&out);
    // 3 games at 2 players and 3 at 3: 6 victories over 15 seat-games.
    assert!(
        summary.contains("Win rate by bot (pooled fair share 40.0% over every player count)"),
        "{summary}"
    );
    assert!(
        summary.contains("Win rate by wonder (all, pooled fair share"),
        "{summary}"
    );
    assert!(!summary.contains("and side"), "{summary}");
}

#[test]
fn the_web_replay_says_what_each_build_paid_in_the_logs_words() {
    // Seed 3 at 3 players: a seat builds Aqueduct free by chain, another buys wood from seat 1
    // for its Stables.
    let record = tmp("paid-3p.json");
    let html = tmp("paid-3p.html");
    let o = wonders(&[
        "play",
        "--game",
        "classic",
        "--players",
        "3",
        "--seed",
        "3",
        "--quiet",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let o = wonders(&[
        "replay",
        "--html",
        html.to_str().unwrap(),
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("builds Aqueduct, free by chain"),
        "chain build"
    );
    assert!(
        page.contains("builds Stables, paying 2 to seat 1 for wood"),
        "purchase"
    );
    assert!(!page.contains("paying free"), "a free build pays nothing");
}
