//! What the command line refuses with a line naming what is wrong (issue 28): option lists
//! with empty or repeated items, an output named `-`, output lost to a full disk or a closed
//! standard output, and records whose frame or JSON is not what the format says.

use crate::cli_support;
use cli_support::{stderr, tmp, wonders};

use serde_json::{json, Value};
use std::process::{Command, Output};

fn assert_error(o: &Output, code: i32, needle: &str) {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(code), "{e}");
    assert!(e.contains("error") && e.contains(needle), "{needle}: {e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn empty_and_repeated_list_items_are_refused() {
    for (args, needle) in [
        (
            &["--game", "duel:,,,"][..],
            "an empty option between commas",
        ),
        (
            &["--game", "classic", "--expansions", "cities,cities"][..],
            "`cities` is given twice",
        ),
        (
            &["--game", "classic:expansions=leaders+leaders"][..],
            "`leaders` is given twice",
        ),
        (
            &["--game", "duel", "--variant", "x,x"][..],
            "`x` is given twice",
        ),
        (
            &["--game", "classic", "--expansions", ""][..],
            "an empty name",
        ),
        (
            &["--game", "classic", "--players", "3+3"][..],
            "3 is given twice",
        ),
    ] {
        let mut play = vec!["play", "--quiet", "--bots", "random"];
        play.extend_from_slice(args);
        assert_error(&wonders(&play), 1, needle);
    }
    let o = wonders(&[
        "simulate",
        "--game",
        "classic",
        "--players",
        "3+3",
        "--games",
        "1",
        "--quiet",
    ]);
    assert_error(&o, 1, "3 is given twice");
}

#[test]
fn an_output_named_dash_is_refused_not_created() {
    let dir = tmp("dash");
    std::fs::create_dir_all(&dir).unwrap();
    for args in [
        &["simulate", "--games", "1", "--quiet", "--out", "-"][..],
        &["simulate", "--games", "1", "--quiet", "--summary", "-"][..],
        &[
            "tournament",
            "--bots",
            "random,greedy",
            "--games",
            "1",
            "--out",
            "-",
        ][..],
        &["play", "--record", "-"][..],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_wonders"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_error(&o, 2, "standard output");
    }
    assert!(!dir.join("-").exists(), "a file named `-` was created");
}

#[test]
fn help_and_version_report_a_failed_write() {
    for args in [&["--help"][..], &["--version"][..], &["play", "--help"][..]] {
        let o = Command::new(env!("CARGO_BIN_EXE_wonders"))
            .args(args)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_error(&o, 1, "cannot write to standard output");
    }
}

/// `wonders cards >&-`: the output cannot go anywhere, so the command fails instead of
/// exiting 0 (Linux: elsewhere a closed standard output is not told from `/dev/null`).
#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_an_error() {
    for command in ["\"$0\" cards >&-", "\"$0\" --version >&-"] {
        let o = Command::new("sh")
            .args(["-c", command, env!("CARGO_BIN_EXE_wonders")])
            .output()
            .unwrap();
        assert_error(&o, 1, "standard output: it is closed");
    }
    // A chosen /dev/null is not a closed output.
    let o = Command::new("sh")
        .args([
            "-c",
            "\"$0\" cards > /dev/null",
            env!("CARGO_BIN_EXE_wonders"),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Plays a game and returns its record.
fn record_of(args: &[&str], name: &str) -> Value {
    let path = tmp(&format!("refusals-{name}"));
    let mut play = vec!["play", "--quiet", "--record", path.to_str().unwrap()];
    play.extend_from_slice(args);
    let o = wonders(&play);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Replays `text` as a record file.
fn replay_text(text: &str, name: &str) -> Output {
    let path = tmp(&format!("refusals-replay-{name}"));
    std::fs::write(&path, text).unwrap();
    wonders(&["replay", path.to_str().unwrap()])
}

#[test]
fn records_without_what_the_format_requires_are_refused() {
    for (game, name) in [
        (&["--game", "duel"][..], "duel.json"),
        (
            &["--game", "duel", "--expansions", "pantheon"][..],
            "pantheon.json",
        ),
        (&["--game", "classic", "--players", "3"][..], "classic.json"),
        (
            &[
                "--game",
                "classic",
                "--players",
                "4",
                "--expansions",
                "cities",
                "--variant",
                "teams",
            ][..],
            "teams.json",
        ),
        (&["--game", "architects"][..], "architects.json"),
    ] {
        let mut args = vec!["--bots", "random", "--seed", "4"];
        args.extend_from_slice(game);
        let record = record_of(&args, name);
        let check = |change: &dyn Fn(&mut Value), needle: &str| {
            let mut bad = record.clone();
            change(&mut bad);
            let o = replay_text(&bad.to_string(), name);
            assert_error(&o, 1, needle);
        };
        for key in ["seed", "players"] {
            check(
                &|r| {
                    r.as_object_mut().unwrap().remove(key);
                },
                &format!("`{key}` is missing"),
            );
            check(&|r| r[key] = Value::Null, &format!("`{key}`"));
        }
        check(&|r| r["result"] = Value::Null, "`result` is null");
    }
}

#[test]
fn a_key_given_twice_is_refused() {
    let record = record_of(&["--game", "duel", "--seed", "2"], "twice.json");
    let total = record["result"]["scores"][0]["total"].clone();
    // serde_json would keep the last value: the record would replay as consistent.
    let text = record.to_string().replacen(
        &format!("\"total\":{total}"),
        &format!("\"total\":999,\"total\":{total}"),
        1,
    );
    assert!(text.contains("\"total\":999"));
    let o = replay_text(&text, "twice.json");
    assert_error(&o, 1, "the key `total` appears twice");
}

#[test]
fn an_architects_result_mismatch_names_the_field() {
    let record = record_of(&["--game", "architects", "--seed", "3"], "arch.json");
    let mut bad = record.clone();
    let total = bad["result"]["scores"][1]["total"].as_i64().unwrap();
    bad["result"]["scores"][1]["total"] = json!(total + 1);
    let o = replay_text(&bad.to_string(), "arch.json");
    assert_error(
        &o,
        1,
        &format!(
            "result.scores[1].total: recorded {}, replayed {total}",
            total + 1
        ),
    );
    assert!(stderr(&o).len() < 300, "{}", stderr(&o));
}

#[test]
fn messages_say_ranges_and_escape_control_characters() {
    let o = wonders(&["play", "--bots", "mcts:iterations=99999999999"]);
    assert_error(&o, 1, "from 1 to 4294967295");
    let o = wonders(&[
        "play",
        "--game",
        "classic",
        "--boards",
        "gizah,\u{1b}[31mred,x,y",
    ]);
    assert_error(&o, 1, "\\u{1b}[31mred");
    assert!(!stderr(&o).contains('\u{1b}'), "{}", stderr(&o));
    let o = wonders(&["play", "--game", "architects", "--boards", "\u{7}bell"]);
    assert_error(&o, 1, "\\u{7}bell");
    let long = "z".repeat(100_000);
    let o = wonders(&["play", "--game", "architects", "--boards", &long]);
    assert_error(&o, 1, "100000 characters");
    assert!(stderr(&o).len() < 2000, "{} bytes", stderr(&o).len());
}
