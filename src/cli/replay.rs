//! `wonders replay`: re-execute records and check them.

use std::io::BufRead;
use std::path::PathBuf;

use clap::Args;
use serde_json::Value;

use super::CliResult;
use crate::duel::record::replay;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A record (JSON) or a JSON Lines file of records, one per line.
    file: PathBuf,
    /// Print one line per record replayed.
    #[arg(long)]
    verbose: bool,
}

/// Reads the records of a file: one JSON document, or JSON Lines.
pub(crate) fn read_records(path: &PathBuf) -> Result<Vec<Value>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if let Ok(v) = serde_json::from_str::<Value>(&text) {
        return Ok(vec![v]);
    }
    let mut records = Vec::new();
    for (i, line) in std::io::Cursor::new(&text).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let v = serde_json::from_str(&line).map_err(|e| {
            format!(
                "{}: line {} is not a JSON record: {e}",
                path.display(),
                i + 1
            )
        })?;
        records.push(v);
    }
    if records.is_empty() {
        return Err(format!("{}: no record found", path.display()));
    }
    Ok(records)
}

pub fn run(args: ReplayArgs) -> CliResult {
    let records = read_records(&args.file)?;
    for (i, record) in records.iter().enumerate() {
        let Some(game) = record.get("game").and_then(Value::as_str) else {
            return Err(format!(
                "record {i}: not a game record (no `game` field; valid games: duel, classic)"
            ));
        };
        let result = match game {
            "duel" => replay(record)
                .map(|r| (r.actions.len(), r.checked_result))
                .map_err(|e| e.to_string()),
            "classic" => crate::classic::replay(record)
                .map(|g| (g.history().len(), g.is_over()))
                .map_err(|e| e.to_string()),
            other => {
                return Err(format!(
                    "record {i}: game `{other}` cannot be replayed (valid: duel, classic)"
                ))
            }
        };
        match result {
            Ok((n, checked)) => {
                if args.verbose {
                    println!(
                        "record {i}: ok, {n} actions{}",
                        if checked {
                            ", result checked"
                        } else {
                            ", no result to check"
                        }
                    );
                }
            }
            Err(e) => return Err(format!("record {i}: {e}")),
        }
    }
    println!(
        "{} record{} replayed, all consistent",
        records.len(),
        if records.len() == 1 { "" } else { "s" }
    );
    Ok(0)
}
