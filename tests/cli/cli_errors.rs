//! The command line as a new user meets it: bad input, closed pipes, full disks, signals,
//! outputs that would clobber each other. Never a panic, never a silent loss.

use crate::cli_support;
use cli_support::{stderr, tmp, wonders};

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// Runs with standard output on `/dev/full`: every write fails with "no space left".
fn to_dev_full(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wonders"))
        .args(args)
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap()
}

fn assert_one_error_line(o: &Output, needle: &str) {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.starts_with("error: ") && e.contains(needle), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn a_full_disk_on_standard_output_is_an_error_not_a_panic_or_a_silent_success() {
    let record = tmp("full.json");
    let play = [
        "play",
        "--seed",
        "3",
        "--record",
        record.to_str().unwrap(),
        "--force",
    ];
    assert!(wonders(&play).status.success());
    for args in [
        &play[..],
        &["cards"][..],
        &["cards", "--format", "json"][..],
        &["cards", "--format", "csv", "--game", "classic"][..],
        &["simulate", "--games", "20", "--quiet", "--bots", "random"][..],
        &[
            "tournament",
            "--games",
            "5",
            "--quiet",
            "--bots",
            "random,greedy",
        ][..],
        &["replay", "--verbose", record.to_str().unwrap()][..],
        &["games"][..],
    ] {
        let o = to_dev_full(args);
        assert_one_error_line(&o, "cannot write to standard output");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for args in [
        &["cards"][..],
        &["cards", "--format", "csv", "--game", "classic"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wonders"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read one byte and hang up, as `| head -c 1` does.
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(err.is_empty(), "{err}");
        assert!(matches!(status.code(), Some(0) | Some(141)), "{status:?}");
    }
}

#[test]
fn two_outputs_on_one_file_are_refused_before_anything_runs() {
    let x = tmp("same.csv");
    let xs = x.to_str().unwrap();
    for second in ["--summary", "--records"] {
        let o = wonders(&[
            "simulate", "--games", "5", "--quiet", "--out", xs, second, xs,
        ]);
        assert_one_error_line(&o, "name the same file");
        assert!(!x.exists(), "nothing was written");
    }
    let o = wonders(&[
        "tournament",
        "--bots",
        "random,greedy",
        "--games",
        "2",
        "--quiet",
        "--out",
        xs,
        "--summary",
        xs,
    ]);
    assert_one_error_line(&o, "name the same file");
}

#[test]
fn overwriting_another_runs_csv_needs_force() {
    let csv = tmp("force.csv");
    let c = csv.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "simulate", "--games", "6", "--bots", "random", "--quiet", "--out", c,
        ];
        args.extend_from_slice(extra);
        wonders(&args)
    };
    assert!(run(&[]).status.success());
    let before = std::fs::read(&csv).unwrap();
    let o = run(&["--seed", "2"]);
    assert_one_error_line(&o, "--force");
    assert_eq!(
        std::fs::read(&csv).unwrap(),
        before,
        "the file is untouched"
    );
    assert!(run(&["--seed", "2", "--force"]).status.success());
    assert_ne!(std::fs::read(&csv).unwrap(), before);
}

#[test]
fn records_in_a_directory_are_named_after_the_options() {
    let dir = tmp("errors-records-dir");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    for sides in ["day", "night"] {
        let o = wonders(&[
            "simulate",
            "--game",
            "classic",
            "--players",
            "3",
            "--sides",
            sides,
            "--games",
            "2",
            "--bots",
            "random",
            "--quiet",
            "--records",
            d,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names[0].contains("day") && names[1].contains("night"),
        "{names:?}"
    );
}

/// Starts a long run, sends SIGTERM after `after`, and returns its output.
fn terminated(args: &[&str], after: Duration) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_wonders"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait_with_output().unwrap()
}

#[test]
fn sigterm_stops_a_run_like_ctrl_c_keeping_whole_games() {
    let csv = tmp("term.csv");
    let o = terminated(
        &[
            "simulate",
            "--games",
            "100000",
            "--bots",
            "mcts:iterations=300",
            "--quiet",
            "--out",
            csv.to_str().unwrap(),
            "--threads",
            "1",
        ],
        Duration::from_millis(2500),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("interrupted"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows = text.lines().count() - 1;
    // Whole games only (two rows each), and rows reached the disk while the run went on.
    assert!(rows > 0 && rows % 2 == 0, "{rows} rows");
    assert!(text.ends_with('\n'));

    let o = terminated(
        &[
            "tournament",
            "--games",
            "100000",
            "--bots",
            "random,mcts:iterations=300",
            "--quiet",
            "--threads",
            "1",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("(interrupted)"));
}

#[test]
fn an_interrupted_tournament_shows_unplayed_pairs_as_a_dash() {
    let o = terminated(
        &[
            "tournament",
            "--games",
            "1000000",
            "--bots",
            "mcts:iterations=200,random,greedy",
            "--quiet",
            "--threads",
            "1",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(!out.contains("n=0"), "{out}");
}

#[test]
fn options_of_another_game_are_refused_naming_the_valid_ones() {
    for (args, bad) in [
        (&["play", "--game", "duel", "--players", "5"][..], "players"),
        (&["play", "--game", "duel", "--sides", "a"][..], "sides"),
        (
            &["play", "--game", "duel", "--edition", "v1"][..],
            "edition",
        ),
        (
            &["play", "--game", "duel", "--boards", "gizah"][..],
            "boards",
        ),
        (
            &["play", "--game", "classic", "--wonders", "random"][..],
            "wonders",
        ),
        (
            &["simulate", "--game", "classic", "--fixed-wonders", "a"][..],
            "fixed-wonders",
        ),
        (&["play", "--game", "duel:players=3"][..], "players"),
    ] {
        let o = wonders(args);
        assert_one_error_line(&o, &format!("`{bad}` does not apply to"));
    }
    // A variant of another game: the game's own variants are named.
    let o = wonders(&["play", "--game", "classic", "--variant", "errata-next-age"]);
    assert_one_error_line(
        &o,
        "unknown variant `errata-next-age` for classic (valid: teams)",
    );
    let o = wonders(&["play", "--game", "chess"]);
    assert_one_error_line(&o, "unknown game `chess`");
}

#[test]
fn options_can_follow_the_game_id() {
    let a = wonders(&[
        "play",
        "--game",
        "classic:players=5,edition=v1,sides=b",
        "--seed",
        "4",
    ]);
    let b = wonders(&[
        "play",
        "--game",
        "classic",
        "--players",
        "5",
        "--edition",
        "v1",
        "--sides",
        "b",
        "--seed",
        "4",
    ]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    let o = wonders(&["play", "--game", "classic:players=5", "--players", "6"]);
    assert_one_error_line(&o, "twice");
}

#[test]
fn seven_wonders_simulates_without_a_bot_list() {
    let o = wonders(&[
        "simulate",
        "--game",
        "classic",
        "--players",
        "5",
        "--games",
        "4",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn absurd_counts_are_refused() {
    let o = wonders(&["simulate", "--games", "5", "--threads", "10000"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1024"), "{}", stderr(&o));
    let o = wonders(&[
        "tournament",
        "--bots",
        "random,greedy,mcts",
        "--games",
        "18446744073709551615",
        "--quiet",
    ]);
    assert_one_error_line(&o, "more than 2^64");
}

#[test]
fn long_bad_values_are_cut_in_messages() {
    // Just under the kernel's limit for one argument (128 KiB).
    let long = "y".repeat(100_000);
    for args in [
        vec!["play", "--bots", long.as_str()],
        vec!["play", "--game", long.as_str()],
    ] {
        let o = wonders(&args);
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).len() < 2000, "{} bytes", stderr(&o).len());
    }
}

#[test]
fn replay_reads_standard_input_and_names_the_true_line_of_a_syntax_error() {
    let record = tmp("stdin.json");
    assert!(
        wonders(&["play", "--seed", "5", "--record", record.to_str().unwrap()])
            .status
            .success()
    );
    let text = std::fs::read_to_string(&record).unwrap();
    let replay_stdin = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wonders"))
            .args(["replay", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let o = replay_stdin(&text);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("1 record replayed"));
    // Break the pretty-printed record on its line 40: the error names line 40.
    let mut lines: Vec<&str> = text.lines().collect();
    lines[39] = "  ]]] not json";
    let o = replay_stdin(&lines.join("\n"));
    assert_one_error_line(&o, "line 40");
}

#[test]
fn several_player_counts_are_one_simulate_run_and_no_single_game() {
    let out = tmp("counts.csv");
    let o = wonders(&[
        "simulate",
        "--game",
        "classic",
        "--players",
        "3-5",
        "--games",
        "6",
        "--bots",
        "random",
        "--seed",
        "4",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("6 games of classic (v2,3p,day | v2,4p,day | v2,5p,day)"),
        "{text}"
    );
    assert!(text.contains("0@5p"), "{text}");
    let csv = std::fs::read_to_string(&out).unwrap();
    // Two games of each count: 2 × (3 + 4 + 5) rows after the header.
    assert_eq!(csv.lines().count(), 1 + 24);
    let o = wonders(&["play", "--game", "classic", "--players", "3+5"]);
    assert_one_error_line(&o, "players `3+5`: one game has one player count");
    let o = wonders(&[
        "simulate",
        "--game",
        "classic",
        "--players",
        "7-3",
        "--games",
        "1",
    ]);
    assert_one_error_line(&o, "a range goes from the lower count to the higher");
    let o = wonders(&[
        "simulate",
        "--game",
        "classic",
        "--players",
        "3-9",
        "--games",
        "1",
    ]);
    assert_one_error_line(&o, "players `8`");
    let o = wonders(&[
        "simulate",
        "--game",
        "architects",
        "--players",
        "2+x",
        "--games",
        "1",
    ]);
    assert_one_error_line(&o, "write a number, a range (3-7) or a list (3+5+7)");
}
