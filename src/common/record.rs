//! The record envelope (`wonders-record` version 1) shared by every game: the common frame
//! written around a game's `setup`, `actions` and `result`, the checks every reader makes of
//! it, and the one [`ReplayError`] shape every game's replay reports.

use std::fmt;

use serde_json::{json, Map, Value};

/// The `format` of every record.
pub const FORMAT: &str = "wonders-record";
/// The only version written and read.
pub const VERSION: u64 = 1;

/// The top-level fields of a record; any other is refused.
const FIELDS: [&str; 9] = [
    "format", "version", "game", "options", "seed", "players", "setup", "actions", "result",
];

/// A problem found while reading or replaying a record, located as precisely as possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Index of the action (0-based) where it went wrong, if it is about an action.
    pub action: Option<usize>,
    /// What is wrong, in the record's own terms.
    pub message: String,
}

impl ReplayError {
    /// An error about the record as a whole (frame, setup, result).
    pub fn record(message: impl Into<String>) -> ReplayError {
        ReplayError {
            action: None,
            message: message.into(),
        }
    }

    /// An error about action `index`.
    pub fn at(index: usize, message: impl Into<String>) -> ReplayError {
        ReplayError {
            action: Some(index),
            message: message.into(),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action {
            Some(i) => write!(f, "action {i}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The `options` object of the frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordOptions {
    /// Expansion ids, in the record's order.
    pub expansions: Vec<String>,
    /// The edition (`v1`, `v2`), where the game has editions.
    pub edition: Option<String>,
    /// Variant ids, in the record's order.
    pub variants: Vec<String>,
}

impl RecordOptions {
    fn to_json(&self) -> Value {
        json!({
            "expansions": self.expansions,
            "edition": self.edition,
            "variants": self.variants,
        })
    }
}

/// The first key of `obj` that is not in `known`, as a message naming it and the valid ones:
/// every reader refuses what it does not know.
pub fn unknown_field(obj: &Map<String, Value>, known: &[&str]) -> Option<String> {
    obj.keys().find(|k| !known.contains(&k.as_str())).map(|k| {
        format!(
            "unknown field `{}` (valid: {})",
            super::options::cut(k),
            known.join(", ")
        )
    })
}

/// Writes a whole record: the common frame around a game's `setup`, `actions` and `result`
/// (`None` while the game is not over: written as `null`).
pub fn write_record(
    game: &str,
    options: &RecordOptions,
    seed: u64,
    players: &[String],
    setup: Value,
    actions: Vec<Value>,
    result: Option<Value>,
) -> Value {
    let mut m = Map::new();
    m.insert("format".into(), json!(FORMAT));
    m.insert("version".into(), json!(VERSION));
    m.insert("game".into(), json!(game));
    m.insert("options".into(), options.to_json());
    m.insert("seed".into(), json!(seed));
    m.insert("players".into(), json!(players));
    m.insert("setup".into(), setup);
    m.insert("actions".into(), Value::Array(actions));
    m.insert("result".into(), result.unwrap_or(Value::Null));
    Value::Object(m)
}

/// A record's frame, read and checked; the game reads `setup`, `actions` and `result`.
#[derive(Clone, Debug)]
pub struct Envelope<'a> {
    /// The options.
    pub options: RecordOptions,
    /// The game's seed, if recorded.
    pub seed: Option<u64>,
    /// The bot spec of each seat, seat 0 first (the game checks the count).
    pub players: Vec<String>,
    /// The game's `setup` object.
    pub setup: &'a Value,
    /// The actions, in order.
    pub actions: &'a [Value],
    /// The `result`, or `None` when the record has `"result": null`.
    pub result: Option<&'a Value>,
}

/// Reads and checks the frame of a record of `game`: `format`, `version`, `game`, the options'
/// shape, a `seed` that is a u64, `players` as a list of strings, `setup`, `actions` as a list,
/// a `result` field (which may be `null` for an unfinished game), and no unknown field.
pub fn read_envelope<'a>(record: &'a Value, game: &str) -> Result<Envelope<'a>, ReplayError> {
    let err = |m: String| ReplayError::record(m);
    let obj = record
        .as_object()
        .ok_or_else(|| err("a record is a JSON object".into()))?;
    if let Some(m) = unknown_field(obj, &FIELDS) {
        return Err(err(m));
    }
    if obj.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(err(format!("`format` is not \"{FORMAT}\"")));
    }
    if obj.get("version").and_then(Value::as_u64) != Some(VERSION) {
        return Err(err(format!("`version` is not {VERSION}")));
    }
    match obj.get("game").and_then(Value::as_str) {
        Some(g) if g == game => {}
        Some(g) => {
            return Err(err(format!(
                "`game` is `{}`, not `{game}`",
                super::options::cut(g)
            )))
        }
        None => return Err(err("`game` is missing or not a string".into())),
    }
    let options = read_options(obj.get("options"))?;
    let seed = match obj.get("seed") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_u64().ok_or_else(|| {
            err(format!(
                "`seed` {} is not a whole number from 0 to 2^64-1",
                super::options::cut(&v.to_string())
            ))
        })?),
    };
    let players = match obj.get("players") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|p| {
                p.as_str().map(String::from).ok_or_else(|| {
                    err("`players` holds a value that is not a bot spec string".into())
                })
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(err("`players` is not a list".into())),
    };
    let setup = obj
        .get("setup")
        .filter(|s| s.is_object())
        .ok_or_else(|| err("`setup` is missing or not an object".into()))?;
    let actions = obj
        .get("actions")
        .and_then(Value::as_array)
        .ok_or_else(|| err("`actions` is missing or not a list".into()))?;
    let result = match obj.get("result") {
        None => {
            return Err(err(
                "`result` is missing (write `\"result\": null` for an unfinished game)".into(),
            ))
        }
        Some(Value::Null) => None,
        Some(r) => Some(r),
    };
    Ok(Envelope {
        options,
        seed,
        players,
        setup,
        actions,
        result,
    })
}

fn read_options(v: Option<&Value>) -> Result<RecordOptions, ReplayError> {
    let err = |m: String| ReplayError::record(m);
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(RecordOptions::default());
    };
    let obj = v
        .as_object()
        .ok_or_else(|| err("`options` is not an object".into()))?;
    if let Some(m) = unknown_field(obj, &["expansions", "edition", "variants"]) {
        return Err(err(format!("options: {m}")));
    }
    let list = |key: &str| -> Result<Vec<String>, ReplayError> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(a)) => a
                .iter()
                .map(|x| {
                    x.as_str()
                        .map(String::from)
                        .ok_or_else(|| err(format!("`options.{key}` holds a non-string")))
                })
                .collect(),
            Some(_) => Err(err(format!("`options.{key}` is not a list"))),
        }
    };
    let edition = match obj.get("edition") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(err("`options.edition` is not a string".into())),
    };
    Ok(RecordOptions {
        expansions: list("expansions")?,
        edition,
        variants: list("variants")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Value {
        write_record(
            "duel",
            &RecordOptions::default(),
            7,
            &["random".into(), "greedy".into()],
            json!({}),
            vec![],
            Some(json!({"winner": [0]})),
        )
    }

    #[test]
    fn a_written_frame_reads_back() {
        let r = sample();
        let e = read_envelope(&r, "duel").unwrap();
        assert_eq!(e.seed, Some(7));
        assert_eq!(e.players, vec!["random", "greedy"]);
        assert!(e.result.is_some());
    }

    #[test]
    fn the_frame_refuses_what_it_does_not_know() {
        let mut r = sample();
        r["bogus"] = json!(1);
        assert!(read_envelope(&r, "duel")
            .unwrap_err()
            .message
            .contains("unknown field `bogus`"));
        let mut r = sample();
        r["seed"] = json!(-3);
        assert!(read_envelope(&r, "duel")
            .unwrap_err()
            .message
            .contains("`seed`"));
        let mut r = sample();
        r.as_object_mut().unwrap().remove("result");
        assert!(read_envelope(&r, "duel")
            .unwrap_err()
            .message
            .contains("`result` is missing"));
        assert!(read_envelope(&sample(), "classic")
            .unwrap_err()
            .message
            .contains("not `classic`"));
    }
}
