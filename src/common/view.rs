//! The table as a person sees it, as JSON for the web page (`wonders serve`, `replay --html`).
//!
//! Each game draws its own table ([`TableView`]) out of a small vocabulary the page renders
//! without knowing any rule: *sections* of *cards* (a name, a colour, a note) and *facts*
//! (label, value), a board per game and one per seat, and the score pad at the end. Everything
//! hidden from someone carries `known_to` (the seats that know it; empty: face down for all)
//! and `back` (what the others see); [`redact`] turns a view into what one seat sees.
//!
//! A view holds everything; the page's "everything" switch shows it all and its "as seat K
//! sees it" switch applies the same redaction as [`redact`].

use serde_json::{json, Map, Value};

use super::engine::GameModule;

/// A game that can draw its table (see the module doc).
pub trait TableView: GameModule + std::fmt::Debug {
    /// The table with everything on it: `{"title", "board": [section], "seats": [seat]}`, each
    /// seat `{"name", "coins", "facts": [[label, value]], "sections": [section]}`.
    fn table_view(&self) -> Value;

    /// Where the game stands: `Age II, turn 3`, `Wonder draft`, `game over`.
    fn stage_label(&self) -> String;

    /// The lines describing `action`, played in `before` and leading to `after`: what was
    /// done, what it paid and to whom.
    fn step_lines(before: &Self, action: Self::Action, after: &Self) -> Vec<String> {
        let _ = after;
        vec![wonders_bots::Game::action_name(before, action)]
    }

    /// The lines of a step as the seats other than the mover see them: by default the same as
    /// [`TableView::step_lines`]; a game where a choice stays hidden (a simultaneous turn not
    /// yet resolved, a card played face down) says less.
    fn public_step_lines(before: &Self, action: Self::Action, after: &Self) -> Vec<String> {
        Self::step_lines(before, action, after)
    }

    /// A legal action as offered to a person: the first line [`TableView::step_lines`] would
    /// write for it (with what it pays), from a copy of the state it is applied to. A game
    /// whose lines would tell the mover something hidden (a face-down card it takes) overrides
    /// this.
    fn action_text(&self, action: Self::Action) -> String {
        let mut after = self.clone();
        match wonders_bots::Game::apply(&mut after, action) {
            Ok(()) => Self::step_lines(self, action, &after)
                .into_iter()
                .next()
                .unwrap_or_else(|| wonders_bots::Game::action_name(self, action)),
            Err(_) => wonders_bots::Game::action_name(self, action),
        }
    }
}

/// A card: `name` on a `colour` (the page's palette: brown, grey, blue, green, yellow, red,
/// purple, black, white, wonder, token, divinity, back).
pub fn card(name: &str, colour: &str) -> Value {
    json!({"name": name, "colour": colour})
}

/// A card with a note under its name (its cost, what it gives, …).
pub fn card_with(name: &str, colour: &str, note: &str) -> Value {
    json!({"name": name, "colour": colour, "note": note})
}

/// Marks `item` as known only to `known_to`; the others see `back` (e.g. `Age II`).
pub fn hidden(mut item: Value, known_to: &[usize], back: &str) -> Value {
    if let Value::Object(m) = &mut item {
        m.insert("known_to".into(), json!(known_to));
        m.insert("back".into(), json!(back));
    }
    item
}

/// A section of cards.
pub fn cards_section(title: &str, cards: Vec<Value>) -> Value {
    json!({"title": title, "cards": cards})
}

/// A section of facts (label, value).
pub fn facts_section(title: &str, facts: Vec<(String, String)>) -> Value {
    json!({"title": title, "facts": facts.into_iter().map(|(l, v)| json!([l, v])).collect::<Vec<_>>()})
}

/// A fact.
pub fn fact(label: &str, value: impl ToString) -> (String, String) {
    (label.to_string(), value.to_string())
}

/// The view as `observer` sees it: every object whose `known_to` does not hold `observer`
/// becomes a face-down card showing its `back`.
pub fn redact(view: &Value, observer: usize) -> Value {
    match view {
        Value::Object(m) => {
            if let Some(Value::Array(known)) = m.get("known_to") {
                if !known.iter().any(|k| k.as_u64() == Some(observer as u64)) {
                    let back = m.get("back").cloned().unwrap_or(json!("?"));
                    let mut out = Map::new();
                    out.insert("name".into(), back);
                    out.insert("colour".into(), json!("back"));
                    out.insert("face_down".into(), json!(true));
                    if let Some(pos) = m.get("pos") {
                        out.insert("pos".into(), pos.clone());
                    }
                    return Value::Object(out);
                }
            }
            Value::Object(
                m.iter()
                    .map(|(k, v)| (k.clone(), redact(v, observer)))
                    .collect(),
            )
        }
        Value::Array(a) => Value::Array(a.iter().map(|v| redact(v, observer)).collect()),
        other => other.clone(),
    }
}

/// What a step moved, from the coins of each seat in the views before and after it: e.g.
/// `["seat 0: -3 coins", "seat 1: +2 coins"]` (the page shows it next to the step's lines).
pub fn coin_changes(before: &Value, after: &Value, names: &[String]) -> Vec<String> {
    let coins = |v: &Value| -> Vec<i64> {
        v["seats"]
            .as_array()
            .map(|s| s.iter().map(|s| s["coins"].as_i64().unwrap_or(0)).collect())
            .unwrap_or_default()
    };
    let (b, a) = (coins(before), coins(after));
    b.iter()
        .zip(&a)
        .enumerate()
        .filter(|(_, (b, a))| a != b)
        .map(|(k, (b, a))| {
            let name = names.get(k).cloned().unwrap_or_else(|| format!("seat {k}"));
            format!(
                "{name}: {:+} coin{}",
                a - b,
                if (a - b).abs() == 1 { "" } else { "s" }
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redaction_hides_from_everyone_not_named() {
        let v = json!({"seats": [{"sections": [{"cards": [
            hidden(card("Lumber Yard", "brown"), &[0], "Age I"),
            card("Altar", "blue"),
        ]}]}]});
        let seen0 = redact(&v, 0);
        assert_eq!(
            seen0["seats"][0]["sections"][0]["cards"][0]["name"],
            "Lumber Yard"
        );
        let seen1 = redact(&v, 1);
        let c = &seen1["seats"][0]["sections"][0]["cards"][0];
        assert_eq!(c["name"], "Age I");
        assert_eq!(c["face_down"], true);
        assert_eq!(
            seen1["seats"][0]["sections"][0]["cards"][1]["name"],
            "Altar"
        );
    }

    #[test]
    fn coin_changes_name_each_seat_that_gained_or_paid() {
        let b = json!({"seats": [{"coins": 7}, {"coins": 3}, {"coins": 3}]});
        let a = json!({"seats": [{"coins": 4}, {"coins": 5}, {"coins": 3}]});
        let names = vec!["P1".to_string(), "P2".to_string(), "P3".to_string()];
        assert_eq!(
            coin_changes(&b, &a, &names),
            vec!["P1: -3 coins", "P2: +2 coins"]
        );
    }
}
