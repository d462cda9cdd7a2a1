//! The README's shell examples run as written: every ```sh block, in order, in one scratch
//! directory, with the freshly built `wonders` first on the `PATH`. A block preceded by a line
//! `<!-- readme-test: skip (reason) -->` is left out (installing, the test suite itself, the
//! Python module); the test fails on a skip without a reason.

use std::path::Path;
use std::process::Command;

/// The README's `sh` blocks as (line of the fence, text, skipped).
fn shell_blocks(readme: &str) -> Vec<(usize, String, bool)> {
    let mut blocks = Vec::new();
    let lines: Vec<&str> = readme.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == "```sh" {
            let skip = i > 0 && lines[i - 1].starts_with("<!-- readme-test: skip");
            if skip {
                assert!(
                    lines[i - 1].contains("skip (") && lines[i - 1].ends_with(") -->"),
                    "README line {}: a skipped block says why: `{}`",
                    i,
                    lines[i - 1]
                );
            }
            let start = i + 1;
            let mut end = start;
            while end < lines.len() && lines[end].trim() != "```" {
                end += 1;
            }
            blocks.push((start, lines[start..end].join("\n"), skip));
            i = end;
        }
        i += 1;
    }
    blocks
}

#[test]
fn every_shell_block_of_the_readme_runs_as_written() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let blocks = shell_blocks(&readme);
    assert!(
        blocks.iter().filter(|b| !b.2).count() >= 15,
        "the blocks were found"
    );
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_wonders"))
        .parent()
        .unwrap()
        .to_owned();
    let dir = std::env::temp_dir().join(format!("wonders-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The README's commands run from the repository's top directory: what they read from it
    // (the shipped model in results/models/) is there.
    std::os::unix::fs::symlink(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("results"),
        dir.join("results"),
    )
    .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (line, block, skip) in &blocks {
        if *skip {
            continue;
        }
        // No meta-syntax: `a|b|c` pasted into a shell runs a pipe.
        for l in block.lines().filter(|l| !l.trim_start().starts_with('#')) {
            assert!(
                !l.contains("|csv") && !l.contains('<') || l.contains(" < "),
                "README line {line}: placeholder or alternatives in `{l}`"
            );
        }
        let started = std::time::Instant::now();
        let out = Command::new("bash")
            .args(["-euo", "pipefail", "-c", block])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "README block at line {line} failed ({}):\n{block}\n--- stderr:\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let secs = started.elapsed().as_secs_f64();
        assert!(
            secs < 60.0,
            "README block at line {line} took {secs:.1} s:\n{block}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
