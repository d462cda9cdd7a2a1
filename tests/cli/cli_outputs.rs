//! Nothing lost, nothing overwritten: outputs reached through links, two runs on one file,
//! overwrites without `--force`, a file-size limit, two quick signals, a huge record.
#![cfg(unix)]

use crate::cli_support;
use cli_support::{stderr, tmp, wonders};

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_wonders");

fn assert_error(o: &Output, needles: &[&str]) {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.starts_with("error: "), "{e}");
    for n in needles {
        assert!(e.contains(n), "{n:?} not in {e}");
    }
    assert!(!e.contains("panicked"), "{e}");
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A run that goes on until stopped: Duel, random bots, a billion games.
fn endless(extra: &[&str]) -> Endless {
    Endless(
        Command::new(BIN)
            .args([
                "simulate",
                "--games",
                "1000000000",
                "--bots",
                "random",
                "--quiet",
                "--threads",
                "1",
            ])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    )
}

/// An endless run, killed when the test ends however it ends: a failed assertion must not
/// leave a billion-game run writing to the temporary directory.
struct Endless(Child);

impl std::ops::Deref for Endless {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Endless {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Endless {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until `path` holds more than `bytes` bytes (the run is writing games).
fn wait_for_data(path: &Path, bytes: u64) {
    let start = Instant::now();
    while std::fs::metadata(path).map_or(0, |m| m.len()) <= bytes {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no data in {path:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, times: usize) {
    let pid = child.id().to_string();
    let script = vec![format!("kill -TERM {pid}"); times].join("; ");
    assert!(Command::new("sh")
        .args(["-c", &script])
        .status()
        .unwrap()
        .success());
}

/// Every row of a Duel CSV is whole and the games are whole (two rows each).
fn assert_whole_duel_games(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.ends_with('\n'), "a torn last line in {path:?}");
    let mut r = csv::Reader::from_path(path).unwrap();
    let width = r.headers().unwrap().len();
    let mut rows = 0;
    for row in r.records() {
        assert_eq!(row.unwrap().len(), width);
        rows += 1;
    }
    assert_eq!(rows % 2, 0, "{rows} rows: a game cut in half");
    rows / 2
}

#[test]
fn outputs_that_are_one_file_through_a_link_are_refused() {
    // A symbolic link to a file that does not exist yet: --records would write into the CSV.
    let (csv, link) = (tmp("alias.csv"), tmp("alias-link.jsonl"));
    std::os::unix::fs::symlink(&csv, &link).unwrap();
    let o = wonders(&[
        "simulate",
        "--games",
        "3",
        "--quiet",
        "--out",
        s(&csv),
        "--records",
        s(&link),
    ]);
    assert_error(&o, &["--out", "--records", "name the same file"]);
    assert!(!csv.exists(), "nothing is left behind");
    // The link first.
    let o = wonders(&[
        "simulate",
        "--games",
        "3",
        "--quiet",
        "--out",
        s(&link),
        "--records",
        s(&csv),
    ]);
    assert_error(&o, &["--out", "--records", "name the same file"]);
    assert!(!csv.exists(), "nothing is left behind");

    // A hard link: two names, one file.
    let (a, b) = (tmp("hard.csv"), tmp("hard.md"));
    std::fs::write(&a, "").unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    for command in [
        &["simulate"][..],
        &["tournament", "--bots", "random,greedy"][..],
    ] {
        let mut args = command.to_vec();
        args.extend([
            "--games",
            "2",
            "--quiet",
            "--out",
            s(&a),
            "--summary",
            s(&b),
        ]);
        let o = wonders(&args);
        assert_error(&o, &["--out", "--summary", "name the same file"]);
        assert_eq!(std::fs::read(&a).unwrap(), b"", "nothing was written");
    }
}

#[test]
fn a_second_run_on_a_file_being_written_is_refused_at_once() {
    let (csv, records) = (tmp("locked.csv"), tmp("locked.jsonl"));
    let mut first = endless(&["--out", s(&csv), "--records", s(&records)]);
    wait_for_data(&csv, 1000);

    // Another run with --force, another run writing only the records, and a --resume of the
    // run in progress: each refused at once, naming the file, without touching it.
    let started = Instant::now();
    for (args, named) in [
        (vec!["--out", s(&csv), "--force"], &csv),
        (
            vec![
                "--out",
                s(&tmp("other.csv")),
                "--records",
                s(&records),
                "--force",
            ],
            &records,
        ),
        (
            vec!["--out", s(&csv), "--records", s(&records), "--resume"],
            &csv,
        ),
    ] {
        let mut all = vec!["simulate", "--games", "5", "--bots", "random", "--quiet"];
        all.extend(args);
        let o = wonders(&all);
        assert_error(&o, &[s(named), "being written by another run"]);
    }
    assert!(started.elapsed() < Duration::from_secs(20));
    let o = wonders(&[
        "tournament",
        "--bots",
        "random,greedy",
        "--games",
        "2",
        "--quiet",
        "--out",
        s(&csv),
        "--force",
    ]);
    assert_error(&o, &[s(&csv), "being written by another run"]);

    signal(&first, 1);
    let status = first.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let games = assert_whole_duel_games(&csv);
    let lines = std::fs::read_to_string(&records).unwrap().lines().count();
    assert_eq!(lines, games, "one record per game, nothing interleaved");
    // The lock went with the run: the file is free again, and the run goes on.
    let more = (games + 2).to_string();
    let o = wonders(&[
        "simulate",
        "--games",
        &more,
        "--bots",
        "random",
        "--quiet",
        "--threads",
        "1",
        "--out",
        s(&csv),
        "--records",
        s(&records),
        "--resume",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(assert_whole_duel_games(&csv), games + 2);
}

#[test]
fn existing_records_and_summaries_need_force() {
    // play --record
    let record = tmp("kept.json");
    std::fs::write(&record, "precious\n").unwrap();
    let o = wonders(&["play", "--seed", "3", "--quiet", "--record", s(&record)]);
    assert_error(
        &o,
        &["--record", s(&record), "already holds data", "--force"],
    );
    assert_eq!(std::fs::read_to_string(&record).unwrap(), "precious\n");
    let o = wonders(&[
        "play",
        "--seed",
        "3",
        "--quiet",
        "--record",
        s(&record),
        "--force",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(wonders(&["replay", s(&record)]).status.success());
    // An empty file is no one's output: it needs no --force.
    let empty = tmp("empty.json");
    std::fs::write(&empty, "").unwrap();
    assert!(wonders(&["play", "--quiet", "--record", s(&empty)])
        .status
        .success());

    // --summary of simulate and of tournament
    for (i, command) in [
        &["simulate"][..],
        &["tournament", "--bots", "random,greedy"][..],
    ]
    .into_iter()
    .enumerate()
    {
        let summary = tmp(&format!("kept-{i}.md"));
        std::fs::write(&summary, "precious\n").unwrap();
        let mut args = command.to_vec();
        args.extend(["--games", "2", "--quiet", "--summary", s(&summary)]);
        let o = wonders(&args);
        assert_error(&o, &["--summary", s(&summary), "already holds data"]);
        assert_eq!(std::fs::read_to_string(&summary).unwrap(), "precious\n");
        args.push("--force");
        let o = wonders(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(std::fs::read_to_string(&summary).unwrap().contains('|'));
    }
}

#[test]
fn a_file_size_limit_is_a_write_error_keeping_whole_games() {
    let csv = tmp("limited.csv");
    let records = tmp("limited.jsonl");
    // 64 blocks of 512 bytes: the records file reaches the limit within a few games.
    let o = Command::new("sh")
        .args([
            "-c",
            &format!(
                "ulimit -f 64 && exec {BIN} simulate --games 100000 --bots random --quiet \
                 --threads 1 --out {} --records {}",
                s(&csv),
                s(&records)
            ),
        ])
        .output()
        .unwrap();
    assert_error(&o, &["cannot write", "File too large"]);
    let games = assert_whole_duel_games(&csv);
    assert!(games > 0);
    let text = std::fs::read_to_string(&records).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'));
    assert_eq!(text.lines().count(), games, "the records match the CSV");
    // And the run goes on from there.
    let o = wonders(&[
        "simulate",
        "--games",
        "20",
        "--bots",
        "random",
        "--quiet",
        "--threads",
        "1",
        "--out",
        s(&csv),
        "--records",
        s(&records),
        "--resume",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(assert_whole_duel_games(&csv), 20);
}

#[test]
fn two_quick_sigterms_never_destroy_the_summary() {
    let (csv, summary) = (tmp("twice.csv"), tmp("twice.md"));
    std::fs::write(&summary, "the summary of an earlier run\n").unwrap();
    let mut run = endless(&["--out", s(&csv), "--summary", s(&summary), "--force"]);
    wait_for_data(&csv, 1000);
    // While the run goes on, the earlier summary is still whole.
    assert_eq!(
        std::fs::read_to_string(&summary).unwrap(),
        "the summary of an earlier run\n"
    );
    // What `timeout` does: the signal to the process, then to its group.
    signal(&run, 2);
    let status = run.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.contains('|') && text.contains("duel"), "{text:?}");
    assert_whole_duel_games(&csv);
}

#[test]
fn a_huge_record_is_refused_without_huge_memory() {
    // A 100 MB record that is mostly one array: a JSON value per two bytes of text.
    let path = tmp("huge.json");
    {
        use std::io::Write;
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        f.write_all(b"{\"game\": \"duel\", \"actions\": [0")
            .unwrap();
        let chunk = ",0".repeat(1 << 16);
        for _ in 0..(50 << 20) / (1 << 16) {
            f.write_all(chunk.as_bytes()).unwrap();
        }
        f.write_all(b"]}\n").unwrap();
    }
    // 1 GB of address space: what parsing it whole would take many times over.
    let o = Command::new("sh")
        .args([
            "-c",
            &format!("ulimit -v 1000000 && exec {BIN} replay {}", s(&path)),
        ])
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_error(&o, &["longer than"]);
}
