//! Records (`"game": "architects"`): the setup, every decision with the figures it shows, the
//! result; and the replay that checks each of them at its own index.

use serde_json::{json, Map, Value};

use super::data::{Card, MedalId, Token, WonderId};
use super::state::{
    Action, Architects, ArchitectsConfig, BoardChoice, DeckRef, ScienceSet, Score, Setup,
    TokenSource,
};
use crate::common::options::cut;
use crate::common::record::{
    first_difference, read_envelope, write_record, RecordOptions, ReplayError,
    FINISHED_WITHOUT_RESULT,
};
use crate::common::Replayed;

pub const GAME: &str = "architects";

fn cards(v: &[Card]) -> Value {
    json!(v.iter().map(|c| c.id()).collect::<Vec<_>>())
}

fn deck_json(d: DeckRef) -> Value {
    match d {
        DeckRef::Wonder(i) => json!(i),
        DeckRef::Central => json!("central"),
    }
}

pub fn record_options(config: &ArchitectsConfig) -> RecordOptions {
    RecordOptions {
        expansions: if config.medals {
            vec!["medals".into()]
        } else {
            vec![]
        },
        edition: None,
        variants: if config.medals_expert {
            vec!["medals_expert".into()]
        } else {
            vec![]
        },
    }
}

pub fn setup_json(setup: &Setup, config: &ArchitectsConfig) -> Value {
    let mut m = Map::new();
    m.insert(
        "wonders".into(),
        json!(setup.wonders.iter().map(|w| w.key()).collect::<Vec<_>>()),
    );
    m.insert(
        "decks".into(),
        json!(setup.decks.iter().map(|d| cards(d)).collect::<Vec<_>>()),
    );
    m.insert("central".into(), cards(&setup.central));
    m.insert(
        "progress_row".into(),
        json!(setup.progress_row.map(|t| t.id())),
    );
    m.insert(
        "progress_stack".into(),
        json!(setup
            .progress_stack
            .iter()
            .map(|t| t.id())
            .collect::<Vec<_>>()),
    );
    m.insert("conflict_tokens".into(), json!(setup.conflict_tokens));
    if config.medals {
        m.insert(
            "medals".into(),
            json!(setup.medals.iter().map(|x| x.key()).collect::<Vec<_>>()),
        );
    }
    if config.medals_expert {
        m.insert(
            "medals_centre".into(),
            json!(setup
                .medals_centre
                .iter()
                .map(|x| x.key())
                .collect::<Vec<_>>()),
        );
    }
    Value::Object(m)
}

/// The action as recorded, read before it is applied to `g` (and `deck_after` after).
pub fn action_json(g: &Architects, a: Action) -> Value {
    let p = g.current;
    let mut v = match a {
        Action::Take(d) => {
            json!({"type": "take", "deck": deck_json(d), "card": g.top(d).expect("legal").id()})
        }
        Action::Progress { from, set } => {
            let mut o = json!({
                "type": "progress",
                "token": g.token_at(from).expect("legal").id(),
                "from": match from { TokenSource::Row(_) => "row", TokenSource::Stack => "stack" },
            });
            if let Some(set) = set {
                o["set"] = cards(&set.cards());
            }
            o
        }
        Action::Construct { piece, paid } => {
            let kinds = super::state::PAYMENT_KINDS;
            let mut list: Vec<Card> = Vec::new();
            for (i, &c) in kinds.iter().enumerate() {
                list.extend(std::iter::repeat_n(c, paid[i] as usize));
            }
            list.sort_by_key(|c| c.id());
            json!({"type": "construct", "piece": piece + 1, "paid": cards(&list)})
        }
        Action::Extra {
            token,
            deck: Some(d),
        } => {
            json!({"type": "extra", "token": token.id(), "deck": deck_json(d), "card": g.top(d).expect("legal").id()})
        }
        Action::Extra { token, deck: None } => {
            json!({"type": "extra", "token": token.id(), "deck": null})
        }
        Action::Alexandria(d) => {
            json!({"type": "alexandria", "deck": deck_json(d), "card": g.top(d).expect("legal").id()})
        }
        Action::Halicarnassus { deck, keep } => {
            json!({"type": "halicarnassus", "deck": deck_json(deck), "keep": keep.id()})
        }
    };
    let mut m = Map::new();
    m.insert("player".into(), json!(p));
    if let Value::Object(o) = v.take() {
        m.extend(o);
    }
    Value::Object(m)
}

/// The deck of a Halicarnassus action after it was applied, top first.
pub fn deck_after(g: &Architects, d: DeckRef) -> Value {
    let mut v = g.deck(d).to_vec();
    v.reverse();
    cards(&v)
}

pub fn result_json(g: &Architects) -> Value {
    let n = g.players();
    let scores: Vec<Value> = (0..n)
        .map(|p| {
            let s = g.score(p);
            let mut m = Map::new();
            m.insert("total".into(), json!(s.total()));
            for (name, v) in Score::LINES.iter().zip(s.lines()) {
                m.insert((*name).into(), json!(v));
            }
            Value::Object(m)
        })
        .collect();
    json!({
        "winner": g.winners(),
        "victory": "civilian",
        "scores": scores,
        "stages_built": (0..n).map(|p| g.seats[p].stages_built()).collect::<Vec<_>>(),
    })
}

/// A whole record of the game played from `setup` with `actions`.
pub fn write(
    config: &ArchitectsConfig,
    seed: u64,
    setup: &Setup,
    players: &[String],
    actions: &[Action],
) -> Value {
    let mut g = Architects::from_setup(config, setup).expect("a drawn setup is valid");
    let mut out = Vec::with_capacity(actions.len());
    for &a in actions {
        let mut v = action_json(&g, a);
        g.apply(a).expect("recorded actions are legal");
        if let Action::Halicarnassus { deck, .. } = a {
            v["deck_after"] = deck_after(&g, deck);
        }
        out.push(v);
    }
    let result = g.is_over().then(|| result_json(&g));
    write_record(
        GAME,
        &record_options(config),
        seed,
        players,
        setup_json(setup, config),
        out,
        result,
    )
}

// ----- reading -----

fn rerr(m: impl Into<String>) -> ReplayError {
    ReplayError::record(m)
}

fn card_of(v: &Value, what: &str) -> Result<Card, String> {
    let s = v
        .as_str()
        .ok_or_else(|| format!("{what} is not a card kind"))?;
    Card::from_id(s).ok_or_else(|| {
        format!(
            "{what}: unknown card kind `{}` (valid: {})",
            cut(s),
            Card::ALL.map(|c| c.id()).join(", ")
        )
    })
}

fn card_list(v: Option<&Value>, what: &str) -> Result<Vec<Card>, String> {
    let a = v
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{what} is not a list"))?;
    a.iter().map(|x| card_of(x, what)).collect()
}

fn token_of(v: &Value, what: &str) -> Result<Token, String> {
    let s = v
        .as_str()
        .ok_or_else(|| format!("{what} is not a token id"))?;
    Token::from_id(s).ok_or_else(|| format!("{what}: unknown Progress token `{}`", cut(s)))
}

fn medal_list(v: Option<&Value>, what: &str) -> Result<Vec<MedalId>, String> {
    let a = v
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{what} is not a list"))?;
    a.iter()
        .map(|x| {
            let s = x
                .as_str()
                .ok_or_else(|| format!("{what}: not a medal id"))?;
            MedalId::from_key(s).ok_or_else(|| format!("{what}: unknown medal `{}`", cut(s)))
        })
        .collect()
}

pub fn read_setup(v: &Value, config: &ArchitectsConfig) -> Result<Setup, String> {
    let o = v.as_object().ok_or("`setup` is not an object")?;
    let mut known = vec![
        "wonders",
        "decks",
        "central",
        "progress_row",
        "progress_stack",
        "conflict_tokens",
    ];
    if config.medals {
        known.push("medals");
    }
    if config.medals_expert {
        known.push("medals_centre");
    }
    if let Some(k) = o.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(format!(
            "setup: unknown field `{}` (valid here: {})",
            cut(k),
            known.join(", ")
        ));
    }
    let wonders = o
        .get("wonders")
        .and_then(Value::as_array)
        .ok_or("setup.wonders is not a list")?
        .iter()
        .map(|w| {
            let s = w.as_str().ok_or("setup.wonders: not a Wonder id")?;
            match BoardChoice::parse(s)? {
                BoardChoice::Fixed(w) => Ok(w),
                BoardChoice::Random => Err(format!("setup.wonders: `{}` is not a Wonder", cut(s))),
            }
        })
        .collect::<Result<Vec<WonderId>, String>>()?;
    let decks = o
        .get("decks")
        .and_then(Value::as_array)
        .ok_or("setup.decks is not a list")?
        .iter()
        .map(|d| card_list(Some(d), "setup.decks"))
        .collect::<Result<Vec<_>, _>>()?;
    let central = card_list(o.get("central"), "setup.central")?;
    let row = o
        .get("progress_row")
        .and_then(Value::as_array)
        .ok_or("setup.progress_row is not a list")?;
    if row.len() != 3 {
        return Err("setup.progress_row has not 3 tokens".into());
    }
    let progress_row = [
        token_of(&row[0], "setup.progress_row")?,
        token_of(&row[1], "setup.progress_row")?,
        token_of(&row[2], "setup.progress_row")?,
    ];
    let progress_stack = o
        .get("progress_stack")
        .and_then(Value::as_array)
        .ok_or("setup.progress_stack is not a list")?
        .iter()
        .map(|t| token_of(t, "setup.progress_stack"))
        .collect::<Result<Vec<_>, _>>()?;
    let conflict_tokens = o
        .get("conflict_tokens")
        .and_then(Value::as_u64)
        .ok_or("setup.conflict_tokens is not a number")? as u32;
    let medals = if config.medals {
        medal_list(o.get("medals"), "setup.medals")?
    } else {
        vec![]
    };
    let medals_centre = if config.medals_expert {
        medal_list(o.get("medals_centre"), "setup.medals_centre")?
    } else {
        vec![]
    };
    Ok(Setup {
        wonders,
        decks,
        central,
        progress_row,
        progress_stack,
        conflict_tokens,
        medals,
        medals_centre,
        reshuffle_seed: 0,
    })
}

fn read_deck(v: Option<&Value>, n: usize) -> Result<DeckRef, String> {
    match v {
        Some(Value::String(s)) if s == "central" => Ok(DeckRef::Central),
        Some(x) => match x.as_u64() {
            Some(i) if (i as usize) < n => Ok(DeckRef::Wonder(i as u8)),
            _ => Err(format!(
                "deck {x} is not a deck (valid: 0..{}, \"central\")",
                n - 1
            )),
        },
        None => Err("`deck` is missing".into()),
    }
}

/// The whole number `key` of an action: missing and wrong-typed are told apart.
fn whole_field(o: &Map<String, Value>, key: &str) -> Result<u64, String> {
    match o.get(key) {
        None => Err(format!("`{key}` is missing")),
        Some(v) => v.as_u64().ok_or_else(|| {
            format!(
                "`{key}` is {}, not a whole number",
                crate::common::options::cut(&v.to_string())
            )
        }),
    }
}

/// The string `key` of an action: missing and wrong-typed are told apart.
fn text_field<'a>(o: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    match o.get(key) {
        None => Err(format!("`{key}` is missing")),
        Some(v) => v.as_str().ok_or_else(|| {
            format!(
                "`{key}` is {}, not a string",
                crate::common::options::cut(&v.to_string())
            )
        }),
    }
}

/// Reads one action against the state it applies to: checks its shape and every figure.
fn read_action(g: &Architects, v: &Value) -> Result<(Action, Option<Vec<Card>>), String> {
    let o = v.as_object().ok_or("an action is an object")?;
    let n = g.players();
    let player = whole_field(o, "player")? as usize;
    if player != g.current {
        return Err(format!(
            "player {player} acts but it is seat {}'s decision",
            g.current
        ));
    }
    let kind = text_field(o, "type")?;
    let fields: &[&str] = match kind {
        "take" | "alexandria" => &["player", "type", "deck", "card"],
        "progress" => &["player", "type", "token", "from", "set"],
        "construct" => &["player", "type", "piece", "paid"],
        "extra" => &["player", "type", "token", "deck", "card"],
        "halicarnassus" => &["player", "type", "deck", "keep", "deck_after"],
        other => {
            return Err(format!(
                "unknown action type `{}` (valid: take, progress, construct, extra, alexandria, halicarnassus)",
                cut(other)
            ))
        }
    };
    if let Some(k) = o.keys().find(|k| !fields.contains(&k.as_str())) {
        return Err(format!("unknown field `{}` in a `{kind}` action", cut(k)));
    }
    let check_card = |d: DeckRef| -> Result<(), String> {
        let want = card_of(o.get("card").ok_or("`card` is missing")?, "card")?;
        match g.top(d) {
            Some(c) if c == want => Ok(()),
            Some(c) => Err(format!(
                "card {} but the top of that deck is {}",
                want.id(),
                c.id()
            )),
            None => Err("that deck is empty".into()),
        }
    };
    let mut after = None;
    let action = match kind {
        "take" => {
            let d = read_deck(o.get("deck"), n)?;
            check_card(d)?;
            Action::Take(d)
        }
        "alexandria" => {
            let d = read_deck(o.get("deck"), n)?;
            check_card(d)?;
            Action::Alexandria(d)
        }
        "progress" => {
            let token = token_of(o.get("token").ok_or("`token` is missing")?, "token")?;
            let from = match o.get("from").and_then(Value::as_str) {
                Some("stack") => TokenSource::Stack,
                Some("row") => {
                    let i = g
                        .progress_row
                        .iter()
                        .position(|&t| t == Some(token))
                        .ok_or_else(|| format!("token {} is not face up", token.id()))?;
                    TokenSource::Row(i as u8)
                }
                _ => return Err("`from` is not \"row\" or \"stack\"".into()),
            };
            if g.token_at(from) != Some(token) {
                return Err(format!("token {} is not the top of the stack", token.id()));
            }
            let set = match o.get("set") {
                None => None,
                Some(s) => {
                    let mut list = card_list(Some(s), "set")?;
                    list.sort_by_key(|c| c.id());
                    let found = Card::SCIENCE
                        .into_iter()
                        .map(ScienceSet::Pair)
                        .chain([ScienceSet::Triple])
                        .find(|x| x.cards() == list);
                    Some(found.ok_or("`set` is not 2 identical or 3 different green cards")?)
                }
            };
            Action::Progress { from, set }
        }
        "construct" => {
            let piece = whole_field(o, "piece")?;
            if !(1..=5).contains(&piece) {
                return Err(format!("piece {piece} is not 1..5"));
            }
            let mut paid = [0u8; 6];
            for c in card_list(o.get("paid"), "paid")? {
                let i = match c {
                    Card::Wood => 0,
                    Card::Stone => 1,
                    Card::Clay => 2,
                    Card::Papyrus => 3,
                    Card::Glass => 4,
                    Card::Coin => 5,
                    other => {
                        return Err(format!("paid: {} is not a resource or a coin", other.id()))
                    }
                };
                paid[i] += 1;
            }
            Action::Construct {
                piece: piece as u8 - 1,
                paid,
            }
        }
        "extra" => {
            let token = token_of(o.get("token").ok_or("`token` is missing")?, "token")?;
            match o.get("deck") {
                Some(Value::Null) => {
                    if o.contains_key("card") {
                        return Err("a declined offer has no `card`".into());
                    }
                    Action::Extra { token, deck: None }
                }
                d => {
                    let d = read_deck(d, n)?;
                    check_card(d)?;
                    Action::Extra {
                        token,
                        deck: Some(d),
                    }
                }
            }
        }
        "halicarnassus" => {
            let d = read_deck(o.get("deck"), n)?;
            let keep = card_of(o.get("keep").ok_or("`keep` is missing")?, "keep")?;
            after = Some(card_list(o.get("deck_after"), "deck_after")?);
            Action::Halicarnassus { deck: d, keep }
        }
        _ => unreachable!("checked above"),
    };
    Ok((action, after))
}

pub fn read_config(
    options: &RecordOptions,
    players: usize,
) -> Result<ArchitectsConfig, ReplayError> {
    let mut medals = false;
    for e in &options.expansions {
        match e.as_str() {
            "medals" => medals = true,
            other => {
                return Err(rerr(format!(
                    "options.expansions: unknown expansion `{}` (valid: medals)",
                    cut(other)
                )))
            }
        }
    }
    if options.edition.is_some() {
        return Err(rerr(
            "options.edition: architects has no edition (valid: null)",
        ));
    }
    let mut medals_expert = false;
    for v in &options.variants {
        match v.as_str() {
            "medals_expert" => medals_expert = true,
            other => {
                return Err(rerr(format!(
                    "options.variants: unknown variant `{}` (valid: medals_expert)",
                    cut(other)
                )))
            }
        }
    }
    let config = ArchitectsConfig {
        players,
        medals,
        medals_expert,
        boards: vec![],
    };
    config.validate().map_err(|e| rerr(e.to_string()))?;
    Ok(config)
}

pub fn replay(record: &Value) -> Result<Replayed<Architects>, ReplayError> {
    let env = read_envelope(record, GAME)?;
    let n = env.players.len();
    let config = read_config(&env.options, n)?;
    let setup = read_setup(env.setup, &config).map_err(rerr)?;
    let mut g = Architects::from_setup(&config, &setup).map_err(|e| rerr(format!("setup: {e}")))?;
    let mut actions = Vec::new();
    for (i, v) in env.actions.iter().enumerate() {
        if g.is_over() {
            return Err(ReplayError::at(i, "the game is already over"));
        }
        let (a, after) = read_action(&g, v).map_err(|m| ReplayError::at(i, m))?;
        g.apply_with(a, after.as_deref(), &mut crate::common::Unheard)
            .map_err(|e| ReplayError::at(i, e.to_string()))?;
        actions.push(a);
    }
    let mut result_checked = false;
    if env.result.is_none() && g.is_over() {
        return Err(ReplayError::record(FINISHED_WITHOUT_RESULT));
    }
    if let Some(r) = env.result {
        if !g.is_over() {
            return Err(rerr("a result is recorded but the game is not over"));
        }
        let want = result_json(&g);
        if let Some(m) = first_difference("result", r, &want) {
            return Err(rerr(m));
        }
        result_checked = true;
    }
    Ok(Replayed {
        game: g,
        actions,
        result_checked,
    })
}
