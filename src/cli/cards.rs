//! `wonders cards`: the component tables with their public ids.

use clap::Args;
use serde_json::{json, Value};

use super::{CliResult, Format, GameKind};
use crate::duel::data::{Card, CoinsPer, GuildCount, CARDS, PROGRESS_TOKENS, WONDERS};

#[derive(Args, Debug)]
pub struct CardsArgs {
    /// The game whose components to list.
    #[arg(long, value_enum, default_value = "duel")]
    game: GameKind,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// 7 Wonders: the edition, `v1` or `v2`.
    #[arg(long, default_value = "v2")]
    edition: String,
}

/// 7 Wonders: every card copy (with its player count) and every wonder stage.
fn classic_rows(edition: &str) -> Result<Vec<Row>, String> {
    let edition = crate::classic::Edition::from_id(edition)
        .ok_or_else(|| format!("--edition `{edition}`: valid editions are v1 and v2"))?;
    Ok(crate::classic::card_rows(edition)
        .into_iter()
        .map(|r| Row {
            kind: r.kind,
            id: r.id,
            name: r.name,
            fields: vec![
                ("edition", r.edition.to_string()),
                ("age", r.age.to_string()),
                ("color", r.color.to_string()),
                ("players", r.players),
                ("cost", r.cost),
                ("chain_from", r.chain_from),
                ("effect", r.effect),
            ],
        })
        .collect())
}

/// One row of the listing: kind, id, then named fields.
struct Row {
    kind: &'static str,
    id: &'static str,
    name: &'static str,
    fields: Vec<(&'static str, String)>,
}

const CLASSIC_COLUMNS: [&str; 7] = [
    "edition",
    "age",
    "color",
    "players",
    "cost",
    "chain_from",
    "effect",
];

const COLUMNS: [&str; 13] = [
    "age",
    "color",
    "cost_coins",
    "cost",
    "chain_from",
    "chain_to",
    "produces",
    "produces_one_of",
    "points",
    "shields",
    "science",
    "coins",
    "effect",
];

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

fn card_effect(c: &Card) -> String {
    let mut parts = Vec::new();
    if !c.trade_at_one.is_empty() {
        parts.push(format!("buy {} at 1 coin", c.trade_at_one));
    }
    match c.coins_per {
        Some(CoinsPer::Card(n, color)) => parts.push(format!("{n} coins per {} card", color.id())),
        Some(CoinsPer::Wonder(n)) => parts.push(format!("{n} coins per built wonder")),
        None => {}
    }
    if let Some(g) = c.guild {
        let what = match g.counts {
            GuildCount::Cards(colors) => {
                colors.iter().map(|c| c.id()).collect::<Vec<_>>().join("+") + " cards"
            }
            GuildCount::Wonders => "wonders".into(),
            GuildCount::CoinSetsOf3 => "sets of 3 coins".into(),
        };
        parts.push(format!(
            "city with most {what}: {} VP each at end, {} coin each when built",
            g.points_per, g.coins_per
        ));
    }
    parts.join("; ")
}

fn duel_rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for c in &CARDS {
        let res = |r: crate::duel::data::Resources| {
            if r.is_empty() {
                String::new()
            } else {
                r.to_string()
            }
        };
        rows.push(Row {
            kind: "card",
            id: c.id,
            name: c.name,
            fields: vec![
                ("age", c.age.to_string()),
                ("color", c.color.id().to_string()),
                ("cost_coins", c.cost_coins.to_string()),
                ("cost", res(c.cost)),
                ("chain_from", opt(c.chain_from.map(|x| x.id()))),
                ("chain_to", opt(c.chain_to.map(|x| x.id()))),
                ("produces", res(c.produces)),
                ("produces_one_of", res(c.produces_one_of)),
                ("points", c.points.to_string()),
                ("shields", c.shields.to_string()),
                ("science", opt(c.science.map(|s| s.id()))),
                ("coins", c.coins.to_string()),
                ("effect", card_effect(c)),
            ],
        });
    }
    for w in &WONDERS {
        let mut effect = Vec::new();
        if w.extra_turn {
            effect.push("play again".to_string());
        }
        if w.opponent_loses > 0 {
            effect.push(format!("opponent loses {} coins", w.opponent_loses));
        }
        if let Some(c) = w.destroys {
            effect.push(format!("destroy an opponent {} card", c.id()));
        }
        if w.builds_from_discard {
            effect.push("build a discarded card free".into());
        }
        if w.takes_boxed_token {
            effect.push("draw 3 boxed progress tokens, keep 1".into());
        }
        rows.push(Row {
            kind: "wonder",
            id: w.id,
            name: w.name,
            fields: vec![
                ("cost", w.cost.to_string()),
                (
                    "produces_one_of",
                    if w.produces_one_of.is_empty() {
                        String::new()
                    } else {
                        w.produces_one_of.to_string()
                    },
                ),
                ("points", w.points.to_string()),
                ("shields", w.shields.to_string()),
                ("coins", w.coins.to_string()),
                ("effect", effect.join("; ")),
            ],
        });
    }
    for t in &PROGRESS_TOKENS {
        rows.push(Row {
            kind: "progress",
            id: t.id,
            name: t.name,
            fields: vec![
                ("points", t.points.to_string()),
                ("coins", t.coins.to_string()),
                ("effect", t.rule.to_string()),
            ],
        });
    }
    rows
}

fn field<'a>(row: &'a Row, col: &str) -> &'a str {
    row.fields
        .iter()
        .find(|(k, _)| *k == col)
        .map_or("", |(_, v)| v.as_str())
}

pub fn run(args: CardsArgs) -> CliResult {
    let (rows, columns): (Vec<Row>, &[&str]) = match args.game {
        GameKind::Duel => (duel_rows(), &COLUMNS),
        GameKind::Classic => (classic_rows(&args.edition)?, &CLASSIC_COLUMNS),
    };
    match args.format {
        Format::Json => {
            let v: Vec<Value> = rows
                .iter()
                .map(|r| {
                    let mut o = json!({"kind": r.kind, "id": r.id, "name": r.name});
                    for (k, val) in &r.fields {
                        o[*k] = json!(val);
                    }
                    o
                })
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
            );
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(std::io::stdout());
            let mut header = vec!["kind", "id", "name"];
            header.extend(columns);
            w.write_record(&header).map_err(|e| e.to_string())?;
            for r in &rows {
                let mut rec = vec![r.kind, r.id, r.name];
                rec.extend(columns.iter().map(|c| field(r, c)));
                w.write_record(&rec).map_err(|e| e.to_string())?;
            }
            w.flush().map_err(|e| e.to_string())?;
        }
        Format::Table => {
            let mut kind = "";
            for r in &rows {
                if r.kind != kind {
                    kind = r.kind;
                    println!("\n== {}s ==", kind);
                }
                let details: Vec<String> = r
                    .fields
                    .iter()
                    .filter(|(k, v)| !v.is_empty() && v != "0" || *k == "age")
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                println!("{:<24} {:<24} {}", r.id, r.name, details.join("  "));
            }
        }
    }
    Ok(0)
}
