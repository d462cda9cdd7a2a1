//! Game records (`wonders-record` version 1, `"game": "classic"`) and their replay.
//!
//! A record holds the options, the seed, the bot spec of each seat, every random draw of the
//! setup (wonders and sides, the deal of each Age, the guilds left in the box), every action in
//! the order resolved (a turn's actions seat 0 first, then Babylon's seventh card in the 1st
//! edition, then Halikarnassos' `build_discarded`, then Babylon's extra turn in the 2nd
//! edition, then `copy_guild` at game end) and the result. Replaying rebuilds the game from
//! the setup alone, re-executes every action and checks every recorded figure.

use serde_json::{json, Map, Value};

use super::data::{CardId, Catalog, Edition, Side, Wonder};
use super::state::{Action, ClassicConfig, ClassicGame, Free, SetupError, SidePolicy};
use super::Setup;

/// Why a record did not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("malformed record: {0}")]
    Format(String),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("action {index}: {message}")]
    Action { index: usize, message: String },
    #[error("result: {0}")]
    Result(String),
}

fn free_id(f: Free) -> Value {
    match f {
        Free::No => Value::Null,
        Free::Chain => json!("chain"),
        Free::WonderPower => json!("wonder_power"),
    }
}

impl ClassicGame {
    /// The game's record; `players` are the bot specs of the seats, seat 0 first. A finished
    /// game's record has a `result`; an unfinished one has `"result": null`.
    pub fn record(&self, players: &[String]) -> Value {
        let cat = self.catalog();
        let key = |c: CardId| json!(cat.card(c).key);
        let setup = self.setup();
        let mut hands = Map::new();
        for (a, h) in setup.hands.iter().enumerate() {
            let v: Vec<Value> = h
                .iter()
                .map(|hand| Value::Array(hand.iter().map(|&c| key(c)).collect()))
                .collect();
            hands.insert((a + 1).to_string(), Value::Array(v));
        }
        let actions: Vec<Value> = self
            .history()
            .iter()
            .map(|p| match p.action {
                Action::Build { card, pay_left, pay_right } => json!({
                    "player": p.seat, "type": "build", "card": key(card),
                    "pay_left": pay_left, "pay_right": pay_right, "pay_bank": p.pay_bank, "free": free_id(p.free),
                }),
                Action::Wonder { card, pay_left, pay_right } => json!({
                    "player": p.seat, "type": "wonder", "card": key(card), "stage": p.stage,
                    "pay_left": pay_left, "pay_right": pay_right, "pay_bank": p.pay_bank,
                }),
                Action::Sell { card } => json!({"player": p.seat, "type": "sell", "card": key(card)}),
                Action::BuildDiscarded { card } => {
                    json!({"player": p.seat, "type": "build_discarded", "card": key(card)})
                }
                Action::CopyGuild { guild, from } => {
                    json!({"player": p.seat, "type": "copy_guild", "guild": key(guild), "from": from})
                }
            })
            .collect();
        let result = if self.is_over() {
            let scores: Vec<Value> = (0..self.players())
                .map(|s| {
                    let mut m = Map::new();
                    for (k, v) in self.score(s).lines() {
                        m.insert(k.to_string(), json!(v));
                    }
                    Value::Object(m)
                })
                .collect();
            json!({
                "winner": self.winners(),
                "victory": "civilian",
                "scores": scores,
                "coins": (0..self.players()).map(|s| self.city(s).coins).collect::<Vec<_>>(),
            })
        } else {
            Value::Null
        };
        json!({
            "format": "wonders-record",
            "version": 1,
            "game": "classic",
            "options": {"expansions": [], "edition": self.edition().id(), "variants": []},
            "seed": self.seed(),
            "players": players,
            "setup": {
                "wonders": setup.wonders.iter().map(|(w, s)| json!({"wonder": w.id(), "side": s.id()})).collect::<Vec<_>>(),
                "hands": hands,
                "guilds_unused": setup.guilds_unused.iter().map(|&c| key(c)).collect::<Vec<_>>(),
            },
            "actions": actions,
            "result": result,
        })
    }
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, String> {
    v.get(name).ok_or_else(|| format!("missing `{name}`"))
}

fn str_field<'a>(v: &'a Value, name: &str) -> Result<&'a str, String> {
    field(v, name)?
        .as_str()
        .ok_or_else(|| format!("`{name}` is not a string"))
}

fn u8_field(v: &Value, name: &str) -> Result<u8, String> {
    field(v, name)?
        .as_u64()
        .and_then(|x| u8::try_from(x).ok())
        .ok_or_else(|| format!("`{name}` is not a small integer"))
}

fn card_id(cat: &Catalog, v: &Value) -> Result<CardId, String> {
    let k = v.as_str().ok_or("card id is not a string")?;
    cat.find(k)
        .ok_or_else(|| format!("unknown card `{k}` in {}", cat.edition.id()))
}

fn parse_setup(cat: &Catalog, setup: &Value) -> Result<Setup, String> {
    let wonders = field(setup, "wonders")?
        .as_array()
        .ok_or("`wonders` is not a list")?
        .iter()
        .map(|w| {
            let id = str_field(w, "wonder")?;
            let side = str_field(w, "side")?;
            Ok((
                Wonder::from_id(id).ok_or_else(|| format!("unknown wonder `{id}`"))?,
                Side::from_id(side).ok_or_else(|| format!("unknown side `{side}`"))?,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let hands_v = field(setup, "hands")?;
    let mut hands: [Vec<Vec<CardId>>; 3] = Default::default();
    for (a, h) in hands.iter_mut().enumerate() {
        let age = field(hands_v, &(a + 1).to_string())?
            .as_array()
            .ok_or("hands of an Age is not a list")?;
        *h = age
            .iter()
            .map(|hand| {
                hand.as_array()
                    .ok_or("a hand is not a list")?
                    .iter()
                    .map(|c| card_id(cat, c))
                    .collect::<Result<Vec<_>, String>>()
            })
            .collect::<Result<Vec<_>, String>>()?;
    }
    let guilds_unused = field(setup, "guilds_unused")?
        .as_array()
        .ok_or("`guilds_unused` is not a list")?
        .iter()
        .map(|c| card_id(cat, c))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Setup {
        wonders,
        hands,
        guilds_unused,
    })
}

fn parse_action(cat: &Catalog, a: &Value) -> Result<(usize, Action), String> {
    let player = u8_field(a, "player")? as usize;
    let action = match str_field(a, "type")? {
        "build" => Action::Build {
            card: card_id(cat, field(a, "card")?)?,
            pay_left: u8_field(a, "pay_left")?,
            pay_right: u8_field(a, "pay_right")?,
        },
        "wonder" => Action::Wonder {
            card: card_id(cat, field(a, "card")?)?,
            pay_left: u8_field(a, "pay_left")?,
            pay_right: u8_field(a, "pay_right")?,
        },
        "sell" => Action::Sell {
            card: card_id(cat, field(a, "card")?)?,
        },
        "build_discarded" => Action::BuildDiscarded {
            card: card_id(cat, field(a, "card")?)?,
        },
        "copy_guild" => Action::CopyGuild {
            guild: card_id(cat, field(a, "guild")?)?,
            from: u8_field(a, "from")?,
        },
        t => return Err(format!("unknown action type `{t}`")),
    };
    Ok((player, action))
}

fn expect_eq(what: String, recorded: &Value, replayed: Value) -> Result<(), ReplayError> {
    if *recorded == replayed {
        Ok(())
    } else {
        Err(ReplayError::Result(format!(
            "{what}: recorded {recorded}, replayed {replayed}"
        )))
    }
}

/// Rebuilds a game from a record, re-executes every action and checks every recorded figure
/// (payments, free builds, stages, winners, every score line, coins). Returns the finished game.
pub fn replay(record: &Value) -> Result<ClassicGame, ReplayError> {
    let f = ReplayError::Format;
    if record.get("format").and_then(Value::as_str) != Some("wonders-record") {
        return Err(f("`format` is not \"wonders-record\"".into()));
    }
    if record.get("version").and_then(Value::as_u64) != Some(1) {
        return Err(f("`version` is not 1".into()));
    }
    if record.get("game").and_then(Value::as_str) != Some("classic") {
        return Err(f("`game` is not \"classic\"".into()));
    }
    let options = field(record, "options").map_err(f)?;
    let edition = options
        .get("edition")
        .and_then(Value::as_str)
        .and_then(Edition::from_id)
        .ok_or_else(|| ReplayError::Format("`options.edition` is not v1 or v2".into()))?;
    if options
        .get("expansions")
        .and_then(Value::as_array)
        .is_some_and(|e| !e.is_empty())
    {
        return Err(ReplayError::Format("expansions are not supported".into()));
    }
    let cat = super::data::catalog(edition);
    let setup =
        parse_setup(cat, field(record, "setup").map_err(f)?).map_err(ReplayError::Format)?;
    let config = ClassicConfig {
        players: setup.wonders.len(),
        edition,
        sides: SidePolicy::PerSeat(setup.wonders.iter().map(|w| w.1).collect()),
        collapse_payment_splits: false,
        wonders: setup.wonders.iter().map(|w| Some(w.0)).collect(),
    };
    let mut game = ClassicGame::from_setup(&config, &setup)?;
    game.seed = record.get("seed").and_then(Value::as_u64);
    let actions = field(record, "actions")
        .map_err(ReplayError::Format)?
        .as_array()
        .ok_or_else(|| ReplayError::Format("`actions` is not a list".into()))?;
    for (index, a) in actions.iter().enumerate() {
        let (player, action) =
            parse_action(cat, a).map_err(|message| ReplayError::Action { index, message })?;
        if game.is_over() {
            return Err(ReplayError::Action {
                index,
                message: "the game is already over".into(),
            });
        }
        if player != game.current_seat() {
            return Err(ReplayError::Action {
                index,
                message: format!(
                    "recorded for seat {player}, but seat {} is to move",
                    game.current_seat()
                ),
            });
        }
        game.play(action).map_err(|e| ReplayError::Action {
            index,
            message: e.to_string(),
        })?;
    }
    if !game.is_over() {
        return Err(ReplayError::Action {
            index: actions.len(),
            message: "the game is not over after the last action".into(),
        });
    }
    let replayed = game.record(&[]);
    let again = replayed["actions"].as_array().expect("own record");
    if again.len() != actions.len() {
        return Err(ReplayError::Action {
            index: again.len().min(actions.len()),
            message: format!(
                "{} actions replayed, {} recorded",
                again.len(),
                actions.len()
            ),
        });
    }
    for (index, (rec, rep)) in actions.iter().zip(again).enumerate() {
        let (Some(rec), Some(rep)) = (rec.as_object(), rep.as_object()) else {
            continue;
        };
        for (k, v) in rep {
            match rec.get(k) {
                Some(r) if r == v => {}
                Some(r) => {
                    return Err(ReplayError::Action {
                        index,
                        message: format!("`{k}`: recorded {r}, replayed {v}"),
                    })
                }
                None if k == "free" && v.is_null() => {}
                None => {
                    return Err(ReplayError::Action {
                        index,
                        message: format!("`{k}` missing (replayed {v})"),
                    })
                }
            }
        }
    }
    let result = field(record, "result").map_err(ReplayError::Format)?;
    let rep = &replayed["result"];
    expect_eq(
        "winner".into(),
        field(result, "winner").map_err(ReplayError::Result)?,
        rep["winner"].clone(),
    )?;
    expect_eq(
        "victory".into(),
        field(result, "victory").map_err(ReplayError::Result)?,
        rep["victory"].clone(),
    )?;
    expect_eq(
        "coins".into(),
        field(result, "coins").map_err(ReplayError::Result)?,
        rep["coins"].clone(),
    )?;
    let scores = field(result, "scores")
        .map_err(ReplayError::Result)?
        .as_array()
        .ok_or_else(|| ReplayError::Result("`scores` is not a list".into()))?;
    if scores.len() != game.players() {
        return Err(ReplayError::Result(format!(
            "{} scores for {} seats",
            scores.len(),
            game.players()
        )));
    }
    for (s, sc) in scores.iter().enumerate() {
        for (k, v) in game.score(s).lines() {
            let r = sc
                .get(k)
                .ok_or_else(|| ReplayError::Result(format!("scores[{s}].{k} missing")))?;
            expect_eq(format!("scores[{s}].{k}"), r, json!(v))?;
        }
    }
    Ok(game)
}
