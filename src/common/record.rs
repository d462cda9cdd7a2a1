//! The record envelope (`wonders-record` version 1) shared by every game: the common frame
//! written around a game's `setup`, `actions` and `result`, the checks every reader makes of
//! it, and the one [`ReplayError`] shape every game's replay reports.

use std::fmt;

use serde::Serialize;
use serde_json::{Map, Value};

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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RecordOptions {
    /// Expansion ids, in the record's order.
    pub expansions: Vec<String>,
    /// The edition (`v1`, `v2`), where the game has editions.
    pub edition: Option<String>,
    /// Variant ids, in the record's order.
    pub variants: Vec<String>,
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

/// A JSON value read like `serde_json::Value`, but an object that gives one key twice is
/// refused (serde_json keeps the last silently: `"total": 999, "total": 66` would read as 66).
/// Every record reader parses through it.
#[derive(Clone, Debug, PartialEq)]
pub struct StrictValue(pub Value);

impl<'de> serde::Deserialize<'de> for StrictValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor).map(StrictValue)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(StrictVisitor)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(StrictValue(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut obj = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if obj.contains_key(&key) {
                return Err(serde::de::Error::custom(format!(
                    "the key `{}` appears twice in one object",
                    super::options::cut(&key)
                )));
            }
            let StrictValue(v) = map.next_value()?;
            obj.insert(key, v);
        }
        Ok(Value::Object(obj))
    }
}

/// Why a record whose actions finish the game may not say `"result": null`.
pub const FINISHED_WITHOUT_RESULT: &str =
    "`result` is null but the game is over after the last action (null is for an unfinished \
     game: write the result)";

/// How a recorded figure differs from the one the rules give, for a message after its name:
/// a number written with a fraction says so (`0.0` is not the whole number `0`).
pub fn recorded_vs(recorded: &Value, rules: &Value, verb: &str) -> String {
    let fraction = recorded.is_f64() && (rules.is_u64() || rules.is_i64());
    let r = super::options::cut(&recorded.to_string());
    if fraction {
        format!("recorded {r}, not a whole number ({verb} {rules})")
    } else {
        format!("recorded {r}, {verb} {rules}")
    }
}

/// The first place where `recorded` differs from `replayed` (both JSON, compared field by
/// field and item by item), named by its path from `path`: `result.scores[1].total: recorded
/// 30, replayed 31`. `None` when they are equal.
pub fn first_difference(path: &str, recorded: &Value, replayed: &Value) -> Option<String> {
    match (recorded, replayed) {
        (Value::Object(r), Value::Object(w)) => {
            if let Some(k) = r.keys().find(|k| !w.contains_key(*k)) {
                let known: Vec<&str> = w.keys().map(String::as_str).collect();
                return Some(format!(
                    "{path}: {}",
                    unknown_field(r, &known)
                        .unwrap_or_else(|| format!("unknown field `{}`", super::options::cut(k)),)
                ));
            }
            w.iter().find_map(|(k, v)| match r.get(k) {
                None => Some(format!("{path}.{k} missing (replayed {v})")),
                Some(rv) => first_difference(&format!("{path}.{k}"), rv, v),
            })
        }
        (Value::Array(r), Value::Array(w)) if r.len() == w.len() => r
            .iter()
            .zip(w)
            .enumerate()
            .find_map(|(i, (a, b))| first_difference(&format!("{path}[{i}]"), a, b)),
        _ if recorded == replayed => None,
        _ => {
            let shown = if replayed.is_array() || replayed.is_object() {
                format!(
                    "{path}: recorded {}, replayed {replayed}",
                    super::options::cut(&recorded.to_string())
                )
            } else {
                format!("{path}: {}", recorded_vs(recorded, replayed, "replayed"))
            };
            Some(shown)
        }
    }
}

/// The frame of a record as written: the common fields around a game's own parts.
#[derive(Serialize)]
struct Frame<'a> {
    format: &'static str,
    version: u64,
    game: &'a str,
    options: &'a RecordOptions,
    seed: u64,
    players: &'a [String],
    setup: Value,
    actions: Vec<Value>,
    /// `null` while the game is not over.
    result: Option<Value>,
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
    let frame = Frame {
        format: FORMAT,
        version: VERSION,
        game,
        options,
        seed,
        players,
        setup,
        actions,
        result,
    };
    serde_json::to_value(frame).expect("a record's frame is plain data")
}

/// A record's frame, read and checked; the game reads `setup`, `actions` and `result`.
#[derive(Clone, Debug)]
pub struct Envelope<'a> {
    /// The options.
    pub options: RecordOptions,
    /// The game's seed (required: a record says everything needed to play it again).
    pub seed: u64,
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
/// shape, a `seed` that is a u64, `players` as a list of strings (both required), `setup`,
/// `actions` as a list, a `result` field (which may be `null` for an unfinished game), and no
/// unknown field.
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
        None => {
            return Err(err(
                "`seed` is missing (the game's own seed, a whole number from 0 to 2^64-1)".into(),
            ))
        }
        Some(v) => v.as_u64().ok_or_else(|| {
            err(format!(
                "`seed` {} is not a whole number from 0 to 2^64-1",
                super::options::cut(&v.to_string())
            ))
        })?,
    };
    let players = match obj.get("players") {
        None | Some(Value::Null) => {
            return Err(err(format!(
                "`players` is {} (a list of bot specs, one per seat, seat 0 first)",
                if obj.contains_key("players") {
                    "null"
                } else {
                    "missing"
                }
            )))
        }
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
    use serde_json::json;

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
    fn a_key_given_twice_is_refused() {
        let text = r#"{"a": {"total": 999, "total": 66}}"#;
        let e = serde_json::from_str::<StrictValue>(text).unwrap_err();
        assert!(
            e.to_string().contains("the key `total` appears twice"),
            "{e}"
        );
        let v: StrictValue =
            serde_json::from_str(r#"{"a": [1, -2, 0.5, null, "x", {"b": true}]}"#).unwrap();
        assert_eq!(v.0, json!({"a": [1, -2, 0.5, null, "x", {"b": true}]}));
    }

    #[test]
    fn a_written_frame_reads_back() {
        let r = sample();
        let e = read_envelope(&r, "duel").unwrap();
        assert_eq!(e.seed, 7);
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
        // Issue 28: `seed` and `players` are required.
        for key in ["seed", "players"] {
            let mut r = sample();
            r.as_object_mut().unwrap().remove(key);
            let e = read_envelope(&r, "duel").unwrap_err().message;
            assert!(e.contains(&format!("`{key}` is missing")), "{e}");
            r[key] = Value::Null;
            let e = read_envelope(&r, "duel").unwrap_err().message;
            assert!(e.contains(&format!("`{key}`")), "{e}");
        }
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
