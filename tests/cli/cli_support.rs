//! What the command-line and simulator tests share: running the `wonders` binary, reading what
//! it printed, a scratch directory per test binary, and reading a CSV it wrote.

// Each test file uses a part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Bot specifications from their text (`random,greedy`), as the command line parses them.
pub fn bots(text: &str) -> Vec<wonders_bots::BotSpec> {
    wonders_bots::BotSpec::parse_list(text).expect("valid bot specifications")
}

/// Runs the `wonders` binary with these arguments.
pub fn wonders(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wonders"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A path named `name` in this test binary's own scratch directory (shared by every file of
/// the binary: a name must be unique among them).
pub fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "wonders-{}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Standard output then standard error.
pub fn text(o: &Output) -> String {
    stdout(o) + &stderr(o)
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// A CSV's header and rows.
pub fn read_csv(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header = r.headers().unwrap().iter().map(String::from).collect();
    let rows = r
        .records()
        .map(|x| x.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}
