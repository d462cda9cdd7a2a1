//! Records (`"game": "architects"`): the setup, every decision with the figures it shows, the
//! result; and the replay that checks each of them at its own index.
//!
//! The record's parts are typed structs ([`SetupRecord`], [`ActionRecord`], [`ResultRecord`])
//! that serde writes into the shared envelope; their fields are the record format's, so the
//! bytes are those of the format. The setup is read back through its struct, each field's
//! error naming the field (`setup.decks: unknown card kind …`). Actions are read by hand
//! against the state they apply to: their messages name the field of a wrong-typed value
//! (`` `piece` is "1", not a whole number ``), which serde's do not.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::data::{Card, MedalId, Token, WonderId};
use super::state::{
    Action, Architects, ArchitectsConfig, BoardChoice, DeckRef, ScienceSet, Setup, TokenSource,
};
use wonders_common::options::cut;
use wonders_common::record::{
    first_difference, read_envelope, write_record, RecordOptions, ReplayError,
    FINISHED_WITHOUT_RESULT,
};
use wonders_common::Replayed;

pub const GAME: &str = "architects";

// ----- the record's parts, as serde writes and reads them -----

/// Card kinds, tokens, medals and Wonders are written as their ids.
macro_rules! written_as_id {
    ($($t:ty => $id:ident),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.$id())
            }
        }
    )*};
}
written_as_id!(Card => id, Token => id, MedalId => key, WonderId => key);

/// Reads an id string (borrowed or not) with `parse`, whose error names what is valid.
fn read_id<'de, D: Deserializer<'de>, T>(
    d: D,
    expecting: &'static str,
    parse: fn(&str) -> Result<T, String>,
) -> Result<T, D::Error> {
    struct IdVisitor<T> {
        expecting: &'static str,
        parse: fn(&str) -> Result<T, String>,
    }
    impl<T> serde::de::Visitor<'_> for IdVisitor<T> {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(self.expecting)
        }
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<T, E> {
            (self.parse)(s).map_err(E::custom)
        }
    }
    d.deserialize_str(IdVisitor { expecting, parse })
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        read_id(d, "a card kind", |s| {
            Card::from_id(s).ok_or_else(|| {
                format!(
                    "unknown card kind `{}` (valid: {})",
                    cut(s),
                    Card::ALL.map(|c| c.id()).join(", ")
                )
            })
        })
    }
}

impl<'de> Deserialize<'de> for Token {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        read_id(d, "a Progress token id", |s| {
            Token::from_id(s).ok_or_else(|| format!("unknown Progress token `{}`", cut(s)))
        })
    }
}

impl<'de> Deserialize<'de> for MedalId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        read_id(d, "a medal id", |s| {
            MedalId::from_key(s).ok_or_else(|| format!("unknown medal `{}`", cut(s)))
        })
    }
}

impl<'de> Deserialize<'de> for WonderId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // The board parser's messages: Rome and Ur are named as not supported yet.
        read_id(d, "a Wonder id", |s| match BoardChoice::parse(s)? {
            BoardChoice::Fixed(w) => Ok(w),
            BoardChoice::Random => Err(format!("`{}` is not a Wonder", cut(s))),
        })
    }
}

/// A deck: its seat's number, or `"central"`.
impl Serialize for DeckRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            DeckRef::Wonder(i) => s.serialize_u8(*i),
            DeckRef::Central => s.serialize_str("central"),
        }
    }
}

/// `setup`: every random draw, lists top first (see the record format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupRecord {
    #[serde(deserialize_with = "in_field::setup_wonders")]
    pub wonders: Vec<WonderId>,
    #[serde(deserialize_with = "in_field::setup_decks")]
    pub decks: Vec<Vec<Card>>,
    #[serde(deserialize_with = "in_field::setup_central")]
    pub central: Vec<Card>,
    #[serde(deserialize_with = "in_field::setup_progress_row")]
    pub progress_row: [Token; 3],
    #[serde(deserialize_with = "in_field::setup_progress_stack")]
    pub progress_stack: Vec<Token>,
    #[serde(deserialize_with = "in_field::setup_conflict_tokens")]
    pub conflict_tokens: u32,
    /// Medals only.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "in_field::setup_medals"
    )]
    pub medals: Option<Vec<MedalId>>,
    /// The expert variant only.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "in_field::setup_medals_centre"
    )]
    pub medals_centre: Option<Vec<MedalId>>,
}

/// Reading a field of a record's part, its errors prefixed by the field's name.
mod in_field {
    use super::*;

    fn named<'de, D: Deserializer<'de>, T: DeserializeOwned>(
        d: D,
        name: &str,
    ) -> Result<T, D::Error> {
        let v = Value::deserialize(d)?;
        T::deserialize(&v).map_err(|e| D::Error::custom(format!("{name}: {e}")))
    }

    macro_rules! fields {
        ($($f:ident: $t:ty = $name:literal),*) => {$(
            pub fn $f<'de, D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                named(d, $name)
            }
        )*};
    }
    fields!(
        setup_wonders: Vec<WonderId> = "setup.wonders",
        setup_decks: Vec<Vec<Card>> = "setup.decks",
        setup_central: Vec<Card> = "setup.central",
        setup_progress_row: [Token; 3] = "setup.progress_row",
        setup_progress_stack: Vec<Token> = "setup.progress_stack",
        setup_conflict_tokens: u32 = "setup.conflict_tokens",
        setup_medals: Option<Vec<MedalId>> = "setup.medals",
        setup_medals_centre: Option<Vec<MedalId>> = "setup.medals_centre"
    );
}

/// Where a Progress token was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenFrom {
    Row,
    Stack,
}

/// One action as recorded: the decision and the figures it shows (see the record format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ActionRecord {
    Take {
        player: usize,
        deck: DeckRef,
        card: Card,
    },
    Progress {
        player: usize,
        token: Token,
        from: TokenFrom,
        /// A science set's green cards, sorted; absent for Babylon's effect.
        #[serde(skip_serializing_if = "Option::is_none")]
        set: Option<Vec<Card>>,
    },
    Construct {
        player: usize,
        /// 1..5.
        piece: u8,
        /// Sorted.
        paid: Vec<Card>,
    },
    Extra {
        player: usize,
        token: Token,
        /// `null`: the offer declined (and no `card`).
        deck: Option<DeckRef>,
        #[serde(skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
    Alexandria {
        player: usize,
        deck: DeckRef,
        card: Card,
    },
    Halicarnassus {
        player: usize,
        deck: DeckRef,
        keep: Card,
        /// The deck after the reshuffle, top first: known once the action is applied.
        #[serde(skip_serializing_if = "Option::is_none")]
        deck_after: Option<Vec<Card>>,
    },
}

/// One seat's score pad in `result.scores` (the lines of [`Score::LINES`](super::state::Score::LINES)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreRecord {
    pub total: u32,
    pub wonder: u32,
    pub civilian: u32,
    pub cat: u32,
    pub military: u32,
    pub progress: u32,
    pub medals: u32,
}

/// `result`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultRecord {
    pub winner: Vec<usize>,
    /// Always `civilian`.
    pub victory: &'static str,
    pub scores: Vec<ScoreRecord>,
    /// The tie-break, per seat.
    pub stages_built: Vec<u32>,
}

/// A part of the record as JSON (its fields are strings and numbers: serde cannot fail).
fn to_json(part: &impl Serialize) -> Value {
    serde_json::to_value(part).expect("a record's part is plain data")
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

/// The `setup` of a record.
pub fn setup_record(setup: &Setup, config: &ArchitectsConfig) -> SetupRecord {
    SetupRecord {
        wonders: setup.wonders.clone(),
        decks: setup.decks.clone(),
        central: setup.central.clone(),
        progress_row: setup.progress_row,
        progress_stack: setup.progress_stack.clone(),
        conflict_tokens: setup.conflict_tokens,
        medals: config.medals.then(|| setup.medals.clone()),
        medals_centre: config.medals_expert.then(|| setup.medals_centre.clone()),
    }
}

pub fn setup_json(setup: &Setup, config: &ArchitectsConfig) -> Value {
    to_json(&setup_record(setup, config))
}

/// The action as recorded, read before it is applied to `g` (Halicarnassus's `deck_after`
/// is added once it is applied: see [`write()`]).
pub fn action_record(g: &Architects, a: Action) -> ActionRecord {
    let player = g.current;
    let top = |d: DeckRef| g.top(d).expect("legal");
    match a {
        Action::Take(deck) => ActionRecord::Take {
            player,
            deck,
            card: top(deck),
        },
        Action::Progress { from, set } => ActionRecord::Progress {
            player,
            token: g.token_at(from).expect("legal"),
            from: match from {
                TokenSource::Row(_) => TokenFrom::Row,
                TokenSource::Stack => TokenFrom::Stack,
            },
            set: set.map(ScienceSet::cards),
        },
        Action::Construct { piece, paid } => {
            let mut list: Vec<Card> = Vec::new();
            for (i, &c) in super::state::PAYMENT_KINDS.iter().enumerate() {
                list.extend(std::iter::repeat_n(c, paid[i] as usize));
            }
            list.sort_by_key(|c| c.id());
            ActionRecord::Construct {
                player,
                piece: piece + 1,
                paid: list,
            }
        }
        Action::Extra { token, deck } => ActionRecord::Extra {
            player,
            token,
            deck,
            card: deck.map(top),
        },
        Action::Alexandria(deck) => ActionRecord::Alexandria {
            player,
            deck,
            card: top(deck),
        },
        Action::Halicarnassus { deck, keep } => ActionRecord::Halicarnassus {
            player,
            deck,
            keep,
            deck_after: None,
        },
    }
}

/// The action as recorded, read before it is applied to `g` (and `deck_after` after).
pub fn action_json(g: &Architects, a: Action) -> Value {
    to_json(&action_record(g, a))
}

/// The deck of a Halicarnassus action after it was applied, top first.
fn deck_after_cards(g: &Architects, d: DeckRef) -> Vec<Card> {
    let mut v = g.deck(d).to_vec();
    v.reverse();
    v
}

/// The deck of a Halicarnassus action after it was applied, top first.
pub fn deck_after(g: &Architects, d: DeckRef) -> Value {
    to_json(&deck_after_cards(g, d))
}

pub fn result_record(g: &Architects) -> ResultRecord {
    let n = g.players();
    ResultRecord {
        winner: g.winners(),
        victory: "civilian",
        scores: (0..n)
            .map(|p| {
                let s = g.score(p);
                let [wonder, civilian, cat, military, progress, medals] = s.lines();
                ScoreRecord {
                    total: s.total(),
                    wonder,
                    civilian,
                    cat,
                    military,
                    progress,
                    medals,
                }
            })
            .collect(),
        stages_built: (0..n).map(|p| g.seats[p].stages_built()).collect(),
    }
}

pub fn result_json(g: &Architects) -> Value {
    to_json(&result_record(g))
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
        let mut r = action_record(&g, a);
        g.apply(a).expect("recorded actions are legal");
        if let ActionRecord::Halicarnassus {
            deck, deck_after, ..
        } = &mut r
        {
            *deck_after = Some(deck_after_cards(&g, *deck));
        }
        out.push(to_json(&r));
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

/// A card kind, read as the setup reads it (`what` names the field).
fn card_of(v: &Value, what: &str) -> Result<Card, String> {
    Card::deserialize(v).map_err(|e| format!("{what}: {e}"))
}

fn card_list(v: Option<&Value>, what: &str) -> Result<Vec<Card>, String> {
    let a = v
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{what} is not a list"))?;
    a.iter().map(|x| card_of(x, what)).collect()
}

fn token_of(v: &Value, what: &str) -> Result<Token, String> {
    Token::deserialize(v).map_err(|e| format!("{what}: {e}"))
}

pub fn read_setup(v: &Value, config: &ArchitectsConfig) -> Result<Setup, String> {
    let o = v.as_object().ok_or("`setup` is not an object")?;
    // The medals' fields belong to the configuration: checked here, not by the struct.
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
    let r = SetupRecord::deserialize(v).map_err(|e| {
        let m = e.to_string();
        // A field's own error names it; serde's (a missing field) get the part's name.
        if m.starts_with("setup.") {
            m
        } else {
            format!("setup: {m}")
        }
    })?;
    let listed = |list: Option<Vec<MedalId>>, wanted: bool, name: &str| match (list, wanted) {
        (Some(list), true) => Ok(list),
        (None, true) => Err(format!("setup: missing field `{name}`")),
        (_, false) => Ok(Vec::new()),
    };
    Ok(Setup {
        medals: listed(r.medals, config.medals, "medals")?,
        medals_centre: listed(r.medals_centre, config.medals_expert, "medals_centre")?,
        wonders: r.wonders,
        decks: r.decks,
        central: r.central,
        progress_row: r.progress_row,
        progress_stack: r.progress_stack,
        conflict_tokens: r.conflict_tokens,
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
                wonders_common::options::cut(&v.to_string())
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
                wonders_common::options::cut(&v.to_string())
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
        g.apply_with(a, after.as_deref(), &mut wonders_common::Unheard)
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
