//! `wonders cards`: a game's components with their public ids, as a table, CSV or JSON.

use clap::{Args, ValueEnum};
use serde_json::{Map, Value};

use super::args::GameArgs;
use super::output::{stdout_error, CliResult, Out};
use crate::common::{Cell, Table};

/// Output format of the listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned text, one section per kind of component.
    Table,
    /// One CSV row per component, every column.
    Csv,
    /// A JSON list of objects; numbers are JSON numbers, absent values `null`.
    Json,
}

#[derive(Args, Debug)]
pub struct CardsArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
}

pub fn run(args: CardsArgs) -> CliResult {
    let (game, options) = args.game.resolve()?;
    let table = game.components(&options)?;
    let mut out = Out::new();
    match args.format {
        Format::Json => {
            let rows: Vec<Value> = table.rows.iter().map(|r| json_row(&table, r)).collect();
            serde_json::to_writer_pretty(out.writer(), &rows)
                .map_err(|e| stdout_error(e.into()))?;
            out.line("")?;
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(out.writer());
            let written = w.write_record(&table.columns).and_then(|()| {
                table
                    .rows
                    .iter()
                    .try_for_each(|r| w.write_record(r.iter().map(Cell::text)))
            });
            written
                .and_then(|()| w.flush().map_err(csv::Error::from))
                .map_err(|e| match e.into_kind() {
                    csv::ErrorKind::Io(e) => stdout_error(e),
                    other => format!("cannot write CSV: {other:?}").into(),
                })?;
        }
        Format::Table => write_text(&mut out, &table)?,
    }
    out.finish()?;
    Ok(0)
}

fn json_row(table: &Table, row: &[Cell]) -> Value {
    let mut m = Map::new();
    for (col, cell) in table.columns.iter().zip(row) {
        let v = match cell {
            Cell::Text(s) => Value::from(s.as_str()),
            Cell::Int(n) => Value::from(*n),
            Cell::Empty => Value::Null,
        };
        m.insert((*col).to_string(), v);
    }
    Value::Object(m)
}

/// One section per kind (the first column); each row shows its id and name (the next two
/// columns) and then every field that has a value.
fn write_text(out: &mut Out, table: &Table) -> Result<(), super::output::CliError> {
    let mut kind = String::new();
    for row in &table.rows {
        let text: Vec<String> = row.iter().map(Cell::text).collect();
        if text[0] != kind {
            kind = text[0].clone();
            out.line(&format!("\n== {kind} =="))?;
        }
        let details: Vec<String> = table
            .columns
            .iter()
            .zip(row)
            .skip(3)
            .filter(|(_, c)| !matches!(c, Cell::Empty) && **c != Cell::Text(String::new()))
            .map(|(k, c)| format!("{k}={}", c.text()))
            .collect();
        out.line(&format!(
            "{:<24} {:<28} {}",
            text.get(1).map_or("", |s| s.as_str()),
            text.get(2).map_or("", |s| s.as_str()),
            details.join("  ")
        ))?;
    }
    Ok(())
}
