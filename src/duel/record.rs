//! Duel game records (`wonders-record` v1, game `duel`): writing one from a game, and
//! replaying one — re-executing every action and checking every recorded figure.
//!
//! A record holds every random draw in `setup`, so replay never uses our random number
//! generator: a record made by any correct implementation of the rules replays here.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::data::{
    card_by_id, token_by_id, wonder_by_id, CardId, TokenId, WonderId, CARDS, PROGRESS_TOKENS,
    WONDERS,
};
use super::pantheon_data::{
    divinity_by_id, DivinityId, Mythology, DIVINITIES, GATE, MYTHOLOGY_TOKEN_SLOTS,
    OFFERING_TOKENS, OFFERING_TOKEN_SLOTS, PANTHEON_SPACES,
};
use super::state::{
    divinity_name, offering_values, Action, Duel, DuelConfig, DuelError, PantheonSetup, Pending,
    Score, Setup, Victory, WonderSelection, GATE_ID, NO_DIVINITY, NO_TOKEN,
};
use wonders_common::options::cut;
use wonders_common::record::{
    read_envelope, unknown_field, write_record as write_frame, RecordOptions,
    FINISHED_WITHOUT_RESULT,
};
pub use wonders_common::ReplayError;

fn err(message: impl Into<String>) -> ReplayError {
    ReplayError {
        action: None,
        message: message.into(),
    }
}

fn at(action: usize, message: impl Into<String>) -> ReplayError {
    ReplayError {
        action: Some(action),
        message: message.into(),
    }
}

// ----- the record's parts, as types ---------------------------------------------------------
//
// Written through `serde_json::to_value`, whose maps sort their keys: the fields are declared in
// that order too, so the types read as the records do.

/// A list per Age: `{"1": [...], "2": [...], "3": [...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByAge {
    #[serde(rename = "1")]
    pub age_1: Vec<String>,
    #[serde(rename = "2")]
    pub age_2: Vec<String>,
    #[serde(rename = "3")]
    pub age_3: Vec<String>,
}

/// A record's `setup` (RECORDS.md): every random draw of the game, by public id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupRecord {
    /// Each Age's 20 cards, in dealing order.
    pub ages: ByAge,
    /// Pantheon: the Grand Temples left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_temples_unused: Option<Vec<String>>,
    /// The base game: the 4 Guilds left in the box.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guilds_unused: Option<Vec<String>>,
    /// Pantheon: each Mythology's deck, top first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mythology_decks: Option<BTreeMap<String, Vec<String>>>,
    /// Pantheon: the Mythology token on each Age I slot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mythology_tokens: Option<BTreeMap<String, String>>,
    /// Pantheon: the value of the Offering token on each Age II slot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offering_tokens: Option<BTreeMap<String, u8>>,
    pub progress_in_box: Vec<String>,
    pub progress_on_board: Vec<String>,
    /// The 3 cards of each Age left out.
    pub removed: ByAge,
    /// The Wonders in the order the draft offers them.
    pub wonders_offered: Vec<String>,
}

impl SetupRecord {
    /// The record of `setup`.
    pub fn of(setup: &Setup) -> SetupRecord {
        let cards = |ids: &[CardId]| -> Vec<String> {
            ids.iter()
                .map(|&c| CARDS[c as usize].id.to_string())
                .collect()
        };
        let tokens = |ids: &[TokenId]| -> Vec<String> {
            ids.iter()
                .map(|&t| PROGRESS_TOKENS[t as usize].id.to_string())
                .collect()
        };
        let by_age = |lists: [&[CardId]; 3]| ByAge {
            age_1: cards(lists[0]),
            age_2: cards(lists[1]),
            age_3: cards(lists[2]),
        };
        let pantheon = setup.pantheon.as_ref();
        SetupRecord {
            ages: by_age([&setup.ages[0], &setup.ages[1], &setup.ages[2]]),
            // Pantheon has no Guild at all, and the base game no Grand Temple.
            grand_temples_unused: pantheon.map(|p| cards(&p.grand_temples_unused)),
            guilds_unused: pantheon.is_none().then(|| cards(&setup.guilds_unused)),
            mythology_decks: pantheon.map(|p| {
                Mythology::ALL
                    .iter()
                    .zip(&p.mythology_decks)
                    .map(|(m, deck)| {
                        let ids = deck.iter().map(|&d| DIVINITIES[d as usize].id.to_string());
                        (m.id().to_string(), ids.collect())
                    })
                    .collect()
            }),
            mythology_tokens: pantheon.map(|p| {
                MYTHOLOGY_TOKEN_SLOTS
                    .iter()
                    .zip(&p.mythology_tokens)
                    .map(|(slot, &m)| (slot.to_string(), Mythology::ALL[m as usize].id().into()))
                    .collect()
            }),
            offering_tokens: pantheon.map(|p| {
                OFFERING_TOKEN_SLOTS
                    .iter()
                    .zip(&p.offering_tokens)
                    .map(|(slot, &v)| (slot.to_string(), v))
                    .collect()
            }),
            progress_in_box: tokens(setup.progress_box()),
            progress_on_board: tokens(&setup.progress_on_board),
            removed: by_age([&setup.removed[0], &setup.removed[1], &setup.removed[2]]),
            wonders_offered: setup
                .wonders_offered
                .iter()
                .map(|&w| WONDERS[w as usize].id.to_string())
                .collect(),
        }
    }
}

/// One action of a record (RECORDS.md), named by its `type`; `player` is the seat that
/// decides it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ActionRecord {
    PickWonder {
        player: usize,
        wonder: String,
    },
    Build {
        card: String,
        paid: u16,
        player: usize,
    },
    /// `gained`: the coins the discard gives.
    Discard {
        card: String,
        gained: u16,
        player: usize,
    },
    Wonder {
        card: String,
        paid: u16,
        player: usize,
        wonder: String,
    },
    Progress {
        player: usize,
        token: String,
    },
    Destroy {
        card: String,
        player: usize,
    },
    BuildDiscarded {
        card: String,
        player: usize,
    },
    GreatLibrary {
        player: usize,
        token: String,
    },
    ChooseStarter {
        player: usize,
        starter: u8,
    },
    PlaceDivinity {
        divinity: String,
        player: usize,
        space: u8,
    },
    /// `offerings`: the values of the Offering tokens used.
    Activate {
        divinity: String,
        offerings: Vec<u8>,
        paid: u16,
        player: usize,
    },
    Gate {
        divinity: String,
        player: usize,
    },
    /// The deck taken, the Divinity activated and the rest in the order put back, top first.
    DivineTheater {
        divinity: String,
        mythology: String,
        player: usize,
        rest: Vec<String>,
    },
    Enki {
        player: usize,
        token: String,
    },
    Nisaba {
        card: String,
        player: usize,
    },
    Baal {
        card: String,
        player: usize,
    },
    /// The layout card discarded.
    Zeus {
        card: String,
        player: usize,
    },
    Anubis {
        player: usize,
        wonder: String,
    },
    Isis {
        card: String,
        player: usize,
        wonder: String,
    },
    Ra {
        player: usize,
        wonder: String,
    },
    Minerva {
        player: usize,
        square: i8,
    },
    /// Military token ids (`p1_2coins` …); `apply` none when only one token was left.
    Neptune {
        apply: Option<String>,
        discard: String,
        player: usize,
    },
}

impl ActionRecord {
    /// The record of `action` played in `state` (`None` for the Divine Theater's choice of a
    /// deck, which the next action, `divine_theater`, names).
    pub fn of(state: &Duel, action: Action) -> Option<ActionRecord> {
        let player = state.current_seat();
        let card = |c: CardId| CARDS[c as usize].id.to_string();
        let wonder = |w: WonderId| WONDERS[w as usize].id.to_string();
        let token = |t: TokenId| PROGRESS_TOKENS[t as usize].id.to_string();
        let divinity = |d: DivinityId| divinity_name(d).to_string();
        Some(match action {
            Action::PickWonder(w) => ActionRecord::PickWonder {
                player,
                wonder: wonder(w),
            },
            Action::Build { card: c, paid } => ActionRecord::Build {
                card: card(c),
                paid,
                player,
            },
            Action::Discard { card: c } => ActionRecord::Discard {
                card: card(c),
                gained: state.discard_value(player),
                player,
            },
            Action::Wonder {
                card: c,
                wonder: w,
                paid,
            } => ActionRecord::Wonder {
                card: card(c),
                paid,
                player,
                wonder: wonder(w),
            },
            Action::Progress(t) => ActionRecord::Progress {
                player,
                token: token(t),
            },
            Action::Destroy(c) => ActionRecord::Destroy {
                card: card(c),
                player,
            },
            Action::BuildDiscarded(c) => ActionRecord::BuildDiscarded {
                card: card(c),
                player,
            },
            Action::GreatLibrary(t) => ActionRecord::GreatLibrary {
                player,
                token: token(t),
            },
            Action::ChooseStarter(starter) => ActionRecord::ChooseStarter { player, starter },
            Action::PlaceDivinity { divinity: d, space } => ActionRecord::PlaceDivinity {
                divinity: divinity(d),
                player,
                space,
            },
            Action::Activate {
                divinity: d,
                offerings,
                paid,
            } => ActionRecord::Activate {
                divinity: divinity(d),
                offerings: offering_values(offerings).to_vec(),
                paid,
                player,
            },
            Action::Gate(d) => ActionRecord::Gate {
                divinity: divinity(d),
                player,
            },
            Action::DivineTheaterDeck(_) => return None,
            Action::DivineTheater { divinity: d, rest } => ActionRecord::DivineTheater {
                divinity: divinity(d),
                mythology: DIVINITIES[d as usize].mythology.id().to_string(),
                player,
                rest: rest
                    .iter()
                    .filter(|&&x| x != NO_DIVINITY)
                    .map(|&x| divinity(x))
                    .collect(),
            },
            Action::Enki(t) => ActionRecord::Enki {
                player,
                token: token(t),
            },
            Action::Nisaba(c) => ActionRecord::Nisaba {
                card: card(c),
                player,
            },
            Action::Baal(c) => ActionRecord::Baal {
                card: card(c),
                player,
            },
            Action::Zeus(slot) => ActionRecord::Zeus {
                card: card(state.slot_card(slot as usize)),
                player,
            },
            Action::Anubis(w) => ActionRecord::Anubis {
                player,
                wonder: wonder(w),
            },
            Action::Isis { card: c, wonder: w } => ActionRecord::Isis {
                card: card(c),
                player,
                wonder: wonder(w),
            },
            Action::Ra(w) => ActionRecord::Ra {
                player,
                wonder: wonder(w),
            },
            Action::Minerva(square) => ActionRecord::Minerva { player, square },
            Action::Neptune { discard, apply } => ActionRecord::Neptune {
                apply: (apply != NO_TOKEN).then(|| military_token_id(apply).to_string()),
                discard: military_token_id(discard).to_string(),
                player,
            },
        })
    }
}

/// The JSON of one action as the record writes it, given the state it is played in (`null`
/// for the Divine Theater's choice of a deck, which is not written).
pub fn action_json(state: &Duel, action: Action) -> Value {
    ActionRecord::of(state, action).map_or(Value::Null, |a| to_json(&a))
}

/// A record part as JSON (the types above always serialize).
fn to_json(part: &impl Serialize) -> Value {
    serde_json::to_value(part).expect("a record part is plain data")
}

/// The id of military token `i` (`MILITARY_TOKENS` order) in `board.json`: `p1_2coins`,
/// `p1_5coins` on seat 0's side, `p2_2coins`, `p2_5coins` on seat 1's.
pub fn military_token_id(i: u8) -> &'static str {
    ["p1_2coins", "p1_5coins", "p2_2coins", "p2_5coins"][i as usize]
}

/// A record's `result`: the winners (two for a shared victory), the victory, the score pads
/// (`total`, the base game's lines and with Pantheon its two) and the coins left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRecord {
    pub coins: [u16; 2],
    pub scores: [BTreeMap<String, i32>; 2],
    pub victory: String,
    pub winner: Vec<usize>,
}

impl ResultRecord {
    /// The result of a finished game (`None` while it is still going).
    pub fn of(game: &Duel) -> Option<ResultRecord> {
        let (victory, winners) = game.outcome()?;
        let pantheon = game.is_pantheon();
        let pad = |seat: usize| {
            let score = game.score(seat);
            let mut pad: BTreeMap<String, i32> = score
                .lines(pantheon)
                .into_iter()
                .map(|(name, v)| (name.to_string(), v))
                .collect();
            pad.insert("total".into(), score.total());
            pad
        };
        Some(ResultRecord {
            coins: [game.player(0).coins, game.player(1).coins],
            scores: [pad(0), pad(1)],
            victory: victory.id().to_string(),
            winner: winners,
        })
    }
}

/// The `result` of a finished game (`None` while it is still going).
pub fn result_json(game: &Duel) -> Option<Value> {
    ResultRecord::of(game).map(|r| to_json(&r))
}

/// The id of the Pantheon expansion in `options.expansions`.
pub const PANTHEON: &str = "pantheon";

/// The record's `options.expansions` for these options.
fn expansions(options: &DuelConfig) -> Vec<String> {
    if options.pantheon {
        vec![PANTHEON.to_string()]
    } else {
        Vec::new()
    }
}

/// Writes the record of a game played from `setup` with `options` by `players`, whose
/// actions were `actions`. The actions are re-played to fill in their figures.
pub fn write_record(
    seed: u64,
    setup: &Setup,
    options: &DuelConfig,
    players: &[String],
    actions: &[Action],
) -> Value {
    let mut game = Duel::from_setup(*setup, *options);
    let mut out = Vec::with_capacity(actions.len());
    for &a in actions {
        out.extend(ActionRecord::of(&game, a).map(|a| to_json(&a)));
        game.play(a)
            .expect("a recorded action was legal when played");
    }
    write_frame(
        "duel",
        &RecordOptions {
            expansions: expansions(options),
            variants: options.variants().iter().map(|v| v.to_string()).collect(),
            ..RecordOptions::default()
        },
        seed,
        players,
        to_json(&SetupRecord::of(setup)),
        out,
        result_json(&game),
    )
}

// ----- reading ------------------------------------------------------------------------------

fn field<'a>(obj: &'a Value, key: &str, ctx: &str) -> Result<&'a Value, ReplayError> {
    obj.get(key)
        .ok_or_else(|| err(format!("{ctx}: missing field `{key}`")))
}

fn str_field<'a>(obj: &'a Value, key: &str, ctx: &str) -> Result<&'a str, ReplayError> {
    field(obj, key, ctx)?
        .as_str()
        .ok_or_else(|| err(format!("{ctx}: field `{key}` must be a string")))
}

fn int_field(obj: &Value, key: &str, ctx: &str) -> Result<i64, ReplayError> {
    field(obj, key, ctx)?
        .as_i64()
        .ok_or_else(|| err(format!("{ctx}: field `{key}` must be an integer")))
}

fn card_id(name: &str, ctx: &str) -> Result<CardId, ReplayError> {
    card_by_id(name).ok_or_else(|| err(format!("{ctx}: unknown card `{}`", cut(name))))
}

fn wonder_id(name: &str, ctx: &str) -> Result<WonderId, ReplayError> {
    wonder_by_id(name).ok_or_else(|| err(format!("{ctx}: unknown wonder `{}`", cut(name))))
}

fn token_id(name: &str, ctx: &str) -> Result<TokenId, ReplayError> {
    token_by_id(name).ok_or_else(|| err(format!("{ctx}: unknown progress token `{}`", cut(name))))
}

fn id_list<T: Copy + Default, const N: usize>(
    v: &Value,
    ctx: &str,
    parse: impl Fn(&str, &str) -> Result<T, ReplayError>,
) -> Result<[T; N], ReplayError> {
    let arr = v
        .as_array()
        .ok_or_else(|| err(format!("{ctx}: must be a list")))?;
    if arr.len() != N {
        return Err(err(format!("{ctx}: must hold {N} ids, not {}", arr.len())));
    }
    let mut out = [T::default(); N];
    for (i, x) in arr.iter().enumerate() {
        let name = x
            .as_str()
            .ok_or_else(|| err(format!("{ctx}: ids must be strings")))?;
        out[i] = parse(name, ctx)?;
    }
    Ok(out)
}

/// The fields of a base game's `setup`.
const BASE_SETUP_FIELDS: [&str; 6] = [
    "wonders_offered",
    "progress_on_board",
    "progress_in_box",
    "ages",
    "removed",
    "guilds_unused",
];

/// The fields of a Pantheon game's `setup`: no `guilds_unused`, the expansion's four.
const PANTHEON_SETUP_FIELDS: [&str; 9] = [
    "wonders_offered",
    "progress_on_board",
    "progress_in_box",
    "ages",
    "removed",
    "grand_temples_unused",
    "mythology_tokens",
    "offering_tokens",
    "mythology_decks",
];

/// Reads a record's `setup`, a Pantheon one when `pantheon` (the record's options name the
/// expansion).
pub fn parse_setup(v: &Value, pantheon: bool) -> Result<Setup, ReplayError> {
    if pantheon && v.get("guilds_unused").is_some() {
        return Err(err(
            "setup: field `guilds_unused` is not written with the expansion `pantheon` (every \
             Guild stays in the box; `grand_temples_unused` names the Temples left out)",
        ));
    }
    known_fields(
        v,
        if pantheon {
            &PANTHEON_SETUP_FIELDS
        } else {
            &BASE_SETUP_FIELDS
        },
        "setup",
    )?;
    let ctx = "setup";
    let per_age = |key: &str| field(v, key, ctx);
    let ages_v = per_age("ages")?;
    let removed_v = per_age("removed")?;
    let mut ages = [[0; 20]; 3];
    let mut removed = [[0; 3]; 3];
    for age in 0..3 {
        let k = (age + 1).to_string();
        ages[age] = id_list(
            field(ages_v, &k, "setup.ages")?,
            &format!("setup.ages.{k}"),
            card_id,
        )?;
        removed[age] = id_list(
            field(removed_v, &k, "setup.removed")?,
            &format!("setup.removed.{k}"),
            card_id,
        )?;
    }
    let boxed = field(v, "progress_in_box", ctx)?;
    let mut progress_in_box = [0; 8];
    if pantheon {
        progress_in_box = id_list(boxed, "setup.progress_in_box", token_id)?;
    } else {
        let five: [TokenId; 5] = id_list(boxed, "setup.progress_in_box", token_id)?;
        progress_in_box[..5].copy_from_slice(&five);
    }
    let setup = Setup {
        wonders_offered: id_list(
            field(v, "wonders_offered", ctx)?,
            "setup.wonders_offered",
            wonder_id,
        )?,
        progress_on_board: id_list(
            field(v, "progress_on_board", ctx)?,
            "setup.progress_on_board",
            token_id,
        )?,
        progress_in_box,
        ages,
        removed,
        // With Pantheon every Guild stays in the box: the field is unused (as drawn).
        guilds_unused: if pantheon {
            [0; 4]
        } else {
            id_list(
                field(v, "guilds_unused", ctx)?,
                "setup.guilds_unused",
                card_id,
            )?
        },
        pantheon: if pantheon {
            Some(parse_pantheon_setup(v)?)
        } else {
            None
        },
    };
    setup.validate().map_err(|m| err(format!("setup: {m}")))?;
    Ok(setup)
}

/// Reads Pantheon's part of a `setup`: the Grand Temples left out, the Mythology tokens on
/// the Age I slots, the Offering tokens on the Age II slots and the Mythology decks.
fn parse_pantheon_setup(v: &Value) -> Result<PantheonSetup, ReplayError> {
    let ctx = "setup";
    let grand_temples_unused = id_list(
        field(v, "grand_temples_unused", ctx)?,
        "setup.grand_temples_unused",
        card_id,
    )?;
    let mythology_tokens = slot_map(
        field(v, "mythology_tokens", ctx)?,
        "setup.mythology_tokens",
        &MYTHOLOGY_TOKEN_SLOTS,
        |x, ctx| {
            let name = x
                .as_str()
                .ok_or_else(|| err(format!("{ctx}: must be a Mythology id (a string)")))?;
            mythology(name, ctx).map(|m| m as u8)
        },
    )?;
    let offering_tokens = slot_map(
        field(v, "offering_tokens", ctx)?,
        "setup.offering_tokens",
        &OFFERING_TOKEN_SLOTS,
        |x, ctx| {
            x.as_u64()
                .filter(|n| OFFERING_TOKENS.iter().any(|&o| o as u64 == *n))
                .map(|n| n as u8)
                .ok_or_else(|| {
                    err(format!(
                        "{ctx}: {} is not an Offering token's value (valid: {})",
                        cut(&x.to_string()),
                        offering_list()
                    ))
                })
        },
    )?;
    let decks_v = field(v, "mythology_decks", ctx)?;
    let valid: Vec<&str> = Mythology::ALL.iter().map(|m| m.id()).collect();
    known_fields(decks_v, &valid, "setup.mythology_decks")?;
    let mut mythology_decks = [[0; 3]; 5];
    for (m, deck) in Mythology::ALL.iter().zip(&mut mythology_decks) {
        let ctx = format!("setup.mythology_decks.{}", m.id());
        *deck = id_list(
            field(decks_v, m.id(), "setup.mythology_decks")?,
            &ctx,
            divinity_id,
        )?;
    }
    Ok(PantheonSetup {
        mythology_tokens,
        offering_tokens,
        mythology_decks,
        grand_temples_unused,
    })
}

/// Reads an object keyed by layout slot numbers (`{"2": …, "4": …}`): exactly the slots of
/// `slots`, each value read by `parse`, in `slots` order.
fn slot_map<T: Copy + Default, const N: usize>(
    v: &Value,
    ctx: &str,
    slots: &[u8; N],
    parse: impl Fn(&Value, &str) -> Result<T, ReplayError>,
) -> Result<[T; N], ReplayError> {
    let keys: Vec<String> = slots.iter().map(|s| s.to_string()).collect();
    let names: Vec<&str> = keys.iter().map(String::as_str).collect();
    known_fields(v, &names, ctx)?;
    let mut out = [T::default(); N];
    for (key, x) in keys.iter().zip(&mut out) {
        *x = parse(field(v, key, ctx)?, &format!("{ctx}.{key}"))?;
    }
    Ok(out)
}

fn mythology(name: &str, ctx: &str) -> Result<Mythology, ReplayError> {
    Mythology::by_id(name).ok_or_else(|| {
        err(format!(
            "{ctx}: unknown Mythology `{}` (valid: {})",
            cut(name),
            Mythology::ALL.map(|m| m.id()).join(", ")
        ))
    })
}

fn divinity_id(name: &str, ctx: &str) -> Result<DivinityId, ReplayError> {
    divinity_by_id(name).ok_or_else(|| {
        err(format!(
            "{ctx}: unknown divinity `{}` (valid: {})",
            cut(name),
            DIVINITIES.map(|d| d.id).join(", ")
        ))
    })
}

/// A Divinity id, or `gate` for the Gate (in an activation).
fn divinity_or_gate(name: &str, ctx: &str) -> Result<DivinityId, ReplayError> {
    if name == GATE.id {
        return Ok(GATE_ID);
    }
    divinity_by_id(name).ok_or_else(|| {
        err(format!(
            "{ctx}: unknown divinity `{}` (valid: {}, {})",
            cut(name),
            DIVINITIES.map(|d| d.id).join(", "),
            GATE.id
        ))
    })
}

/// The Offering tokens' values, for messages: `2, 3, 4`.
fn offering_list() -> String {
    OFFERING_TOKENS.map(|v| v.to_string()).join(", ")
}

/// The game's configuration from a record's `options`, as the envelope read them: Duel has no
/// edition and one expansion, `pantheon`; unknown expansions and variants are refused, naming
/// the valid ones.
pub fn config_from_record(options: &RecordOptions) -> Result<DuelConfig, ReplayError> {
    if let Some(e) = &options.edition {
        return Err(err(format!(
            "options.edition: duel has no editions (write null), not `{}`",
            cut(e)
        )));
    }
    let mut config = DuelConfig {
        wonders: WonderSelection::Draft,
        ..DuelConfig::default()
    };
    for e in &options.expansions {
        match e.as_str() {
            PANTHEON if !config.pantheon => config.pantheon = true,
            PANTHEON => {
                return Err(err(format!(
                    "options.expansions: `{PANTHEON}` is named twice"
                )))
            }
            other => {
                return Err(err(format!(
                    "options.expansions: `{}` is not available for duel (valid: {PANTHEON})",
                    cut(other)
                )))
            }
        }
    }
    for v in &options.variants {
        match v.as_str() {
            "errata-next-age" => config.errata_next_age = true,
            other => {
                return Err(err(format!(
                    "options.variants: unknown variant `{}` for duel (valid: errata-next-age)",
                    cut(other)
                )))
            }
        }
    }
    Ok(config)
}

/// The base game's action types.
const BASE_ACTIONS: [&str; 9] = [
    "pick_wonder",
    "build",
    "discard",
    "wonder",
    "progress",
    "destroy",
    "build_discarded",
    "great_library",
    "choose_starter",
];

/// Pantheon's action types, read only in a record whose options name the expansion.
const PANTHEON_ACTIONS: [&str; 13] = [
    "place_divinity",
    "activate",
    "gate",
    "divine_theater",
    "enki",
    "nisaba",
    "baal",
    "zeus",
    "anubis",
    "isis",
    "ra",
    "minerva",
    "neptune",
];

/// Reads one recorded action to be played in `game`, without checking that it is legal there.
/// Pantheon's action types are known only in a Pantheon game; `game` also places Zeus's card
/// in the current layout (the engine names it by slot).
pub fn parse_action(
    v: &Value,
    index: usize,
    game: &Duel,
) -> Result<(usize, Action, Option<i64>), ReplayError> {
    let pantheon = game.is_pantheon();
    let ctx = format!("action {index}");
    // The field readers say where (`action 67: ...`); the error's own index says it once.
    let wrap = |e: ReplayError| {
        let message = match e.message.strip_prefix(&ctx) {
            Some(rest) => rest.trim_start_matches(": ").to_string(),
            None => e.message,
        };
        at(index, message)
    };
    let player = int_field(v, "player", &ctx).map_err(wrap)?;
    if !(0..2).contains(&player) {
        return Err(at(
            index,
            format!("player {player} is not a seat (valid: 0, 1)"),
        ));
    }
    let kind = str_field(v, "type", &ctx).map_err(wrap)?;
    let known = BASE_ACTIONS.contains(&kind) || pantheon && PANTHEON_ACTIONS.contains(&kind);
    if !known {
        let mut valid = BASE_ACTIONS.to_vec();
        if pantheon {
            valid.extend(PANTHEON_ACTIONS);
        }
        let hint = if PANTHEON_ACTIONS.contains(&kind) {
            format!(
                "; `{kind}` belongs to the expansion `{PANTHEON}`, which options.expansions \
                 does not name"
            )
        } else {
            String::new()
        };
        return Err(at(
            index,
            format!(
                "unknown action type `{}` (valid: {}){hint}",
                cut(kind),
                valid.join(", ")
            ),
        ));
    }
    let card = || {
        str_field(v, "card", &ctx)
            .and_then(|c| card_id(c, &ctx))
            .map_err(wrap)
    };
    let wonder = || {
        str_field(v, "wonder", &ctx)
            .and_then(|w| wonder_id(w, &ctx))
            .map_err(wrap)
    };
    let token = || {
        str_field(v, "token", &ctx)
            .and_then(|t| token_id(t, &ctx))
            .map_err(wrap)
    };
    // `gate` only where the Gate can stand for a Divinity (an activation).
    let divinity = |gate: bool| {
        str_field(v, "divinity", &ctx)
            .and_then(|d| {
                if gate {
                    divinity_or_gate(d, &ctx)
                } else {
                    divinity_id(d, &ctx)
                }
            })
            .map_err(wrap)
    };
    // Coins are whole numbers from 0: a negative or huge `paid` is refused, never clamped
    // (a clamped -1 would pass on a free card).
    let paid = || -> Result<u16, ReplayError> {
        let p = int_field(v, "paid", &ctx).map_err(wrap)?;
        u16::try_from(p).map_err(|_| at(index, format!("paid {p} is not a number of coins")))
    };
    let military = |key: &str| -> Result<u8, ReplayError> {
        let name = str_field(v, key, &ctx).map_err(wrap)?;
        (0..4u8)
            .find(|&i| military_token_id(i) == name)
            .ok_or_else(|| {
                at(
                    index,
                    format!(
                        "{key}: unknown military token `{}` (valid: {})",
                        cut(name),
                        (0..4).map(military_token_id).collect::<Vec<_>>().join(", ")
                    ),
                )
            })
    };
    let fields: &[&str] = match kind {
        "pick_wonder" | "anubis" | "ra" => &["player", "type", "wonder"],
        "build" => &["player", "type", "card", "paid"],
        "discard" => &["player", "type", "card", "gained"],
        "wonder" => &["player", "type", "card", "wonder", "paid"],
        "progress" | "great_library" | "enki" => &["player", "type", "token"],
        "destroy" | "build_discarded" | "nisaba" | "baal" | "zeus" => &["player", "type", "card"],
        "choose_starter" => &["player", "type", "starter"],
        "place_divinity" => &["player", "type", "divinity", "space"],
        "activate" => &["player", "type", "divinity", "offerings", "paid"],
        "gate" => &["player", "type", "divinity"],
        "divine_theater" => &["player", "type", "mythology", "divinity", "rest"],
        "isis" => &["player", "type", "card", "wonder"],
        "minerva" => &["player", "type", "square"],
        "neptune" => &["player", "type", "discard", "apply"],
        _ => unreachable!("action types are checked above"),
    };
    if let Some(m) = v.as_object().and_then(|o| unknown_field(o, fields)) {
        return Err(at(index, format!("a `{kind}` action: {m}")));
    }
    let action = match kind {
        "pick_wonder" => Action::PickWonder(wonder()?),
        "build" => Action::Build {
            card: card()?,
            paid: paid()?,
        },
        "discard" => {
            let gained = int_field(v, "gained", &ctx).map_err(wrap)?;
            return Ok((
                player as usize,
                Action::Discard { card: card()? },
                Some(gained),
            ));
        }
        "wonder" => Action::Wonder {
            card: card()?,
            wonder: wonder()?,
            paid: paid()?,
        },
        "progress" => Action::Progress(token()?),
        "destroy" => Action::Destroy(card()?),
        "build_discarded" => Action::BuildDiscarded(card()?),
        "great_library" => Action::GreatLibrary(token()?),
        "choose_starter" => {
            let s = int_field(v, "starter", &ctx).map_err(wrap)?;
            if !(0..2).contains(&s) {
                return Err(at(
                    index,
                    format!("starter {s} is not a seat (valid: 0, 1)"),
                ));
            }
            Action::ChooseStarter(s as u8)
        }
        "place_divinity" => {
            let space = int_field(v, "space", &ctx).map_err(wrap)?;
            if !(1..=PANTHEON_SPACES as i64).contains(&space) {
                return Err(at(
                    index,
                    format!(
                        "space {space} is not a Pantheon space (valid: 1 to {PANTHEON_SPACES})"
                    ),
                ));
            }
            Action::PlaceDivinity {
                divinity: divinity(false)?,
                space: space as u8,
            }
        }
        "activate" => {
            let list = field(v, "offerings", &ctx)
                .map_err(wrap)?
                .as_array()
                .ok_or_else(|| at(index, "offerings: must be a list of Offering token values"))?;
            let mut offerings = 0u8;
            for x in list {
                let Some(i) = x
                    .as_u64()
                    .and_then(|n| OFFERING_TOKENS.iter().position(|&o| o as u64 == n))
                else {
                    return Err(at(
                        index,
                        format!(
                            "offerings: {} is not an Offering token's value (valid: {})",
                            cut(&x.to_string()),
                            offering_list()
                        ),
                    ));
                };
                if offerings >> i & 1 == 1 {
                    return Err(at(
                        index,
                        format!("offerings: the token of value {x} is used twice"),
                    ));
                }
                offerings |= 1 << i;
            }
            Action::Activate {
                divinity: divinity(true)?,
                offerings,
                paid: paid()?,
            }
        }
        "gate" => Action::Gate(divinity(false)?),
        "divine_theater" => {
            let m = str_field(v, "mythology", &ctx)
                .and_then(|m| mythology(m, &ctx))
                .map_err(wrap)?;
            let d = divinity(false)?;
            if DIVINITIES[d as usize].mythology != m {
                return Err(at(
                    index,
                    format!(
                        "divinity `{}` is not of the `{}` deck",
                        DIVINITIES[d as usize].id,
                        m.id()
                    ),
                ));
            }
            let list = field(v, "rest", &ctx)
                .map_err(wrap)?
                .as_array()
                .filter(|l| l.len() <= 2)
                .ok_or_else(|| at(index, "rest: must be a list of at most 2 Divinity ids"))?;
            let mut rest = [NO_DIVINITY; 2];
            for (x, r) in list.iter().zip(&mut rest) {
                let name = x
                    .as_str()
                    .ok_or_else(|| at(index, "rest: ids must be strings"))?;
                *r = divinity_id(name, &format!("{ctx}: rest")).map_err(wrap)?;
            }
            Action::DivineTheater { divinity: d, rest }
        }
        "enki" => Action::Enki(token()?),
        "nisaba" => Action::Nisaba(card()?),
        "baal" => Action::Baal(card()?),
        "zeus" => {
            let c = card()?;
            let slot = (0..20).find(|&s| game.slot_card(s) == c).ok_or_else(|| {
                at(
                    index,
                    format!(
                        "zeus: card `{}` is not in the layout of Age {}",
                        CARDS[c as usize].id,
                        game.age()
                    ),
                )
            })?;
            Action::Zeus(slot as u8)
        }
        "anubis" => Action::Anubis(wonder()?),
        "isis" => Action::Isis {
            card: card()?,
            wonder: wonder()?,
        },
        "ra" => Action::Ra(wonder()?),
        "minerva" => {
            let square = int_field(v, "square", &ctx).map_err(wrap)?;
            if !(-9..=9).contains(&square) {
                return Err(at(
                    index,
                    format!("square {square} is not on the track (valid: -9 to 9)"),
                ));
            }
            Action::Minerva(square as i8)
        }
        "neptune" => {
            let discard = military("discard")?;
            let apply = match field(v, "apply", &ctx).map_err(wrap)? {
                Value::Null => NO_TOKEN,
                _ => military("apply")?,
            };
            Action::Neptune { discard, apply }
        }
        _ => unreachable!("action types are checked above"),
    };
    Ok((player as usize, action, None))
}

/// What a successful replay found.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub game: Duel,
    pub actions: Vec<Action>,
    /// Whether the record had a `result` (and it matched).
    pub checked_result: bool,
}

/// Re-executes a Duel record: checks the frame, the setup, that every action is legal for the
/// recorded player with the recorded figures (`paid`, `gained`), and that the recorded result
/// (winners, victory type, every score line, coins) is what the game gives.
pub fn replay(record: &Value) -> Result<Replayed, ReplayError> {
    let env = read_envelope(record, "duel")?;
    if env.players.len() != 2 {
        return Err(err(format!(
            "`players` names {} bot{} for 2 seats",
            env.players.len(),
            if env.players.len() == 1 { "" } else { "s" }
        )));
    }
    let options = config_from_record(&env.options)?;
    let setup = parse_setup(env.setup, options.pantheon)?;
    let actions_v = env.actions;
    let mut game = Duel::from_setup(setup, options);
    let mut actions = Vec::with_capacity(actions_v.len());
    let mut legal = Vec::new();
    for (i, v) in actions_v.iter().enumerate() {
        let (player, action, gained) = parse_action(v, i, &game)?;
        if game.is_over() {
            return Err(at(i, "the game is already over"));
        }
        if player != game.current_seat() {
            return Err(at(
                i,
                format!(
                    "player {player} acts, but it is player {}'s turn",
                    game.current_seat()
                ),
            ));
        }
        if let Some(g) = gained {
            let expected = game.discard_value(player) as i64;
            if g != expected {
                return Err(at(
                    i,
                    format!("discard gained {g}, the rules give {expected}"),
                ));
            }
        }
        // The record's `divine_theater` is two engine decisions: the deck, then its card.
        let deck = match action {
            Action::DivineTheater { divinity, .. }
                if game.pending() == Some(Pending::DivineTheater) =>
            {
                Some(Action::DivineTheaterDeck(
                    DIVINITIES[divinity as usize].mythology as u8,
                ))
            }
            _ => None,
        };
        for action in deck.into_iter().chain([action]) {
            game.legal(&mut legal);
            if !legal.contains(&action) {
                return Err(at(i, refusal(&game, &legal, action)));
            }
            game.play(action).map_err(|e| at(i, e.to_string()))?;
            actions.push(action);
        }
    }
    let checked_result = match env.result {
        None if game.is_over() => return Err(ReplayError::record(FINISHED_WITHOUT_RESULT)),
        None => false,
        Some(result) => {
            check_result(&game, result)?;
            true
        }
    };
    Ok(Replayed {
        game,
        actions,
        checked_result,
    })
}

/// Why `action`, not among `legal`, is refused in `game`: a wrong `paid` names the right
/// figure, Offering tokens the player does not hold are named, else the rules' reason.
fn refusal(game: &Duel, legal: &[Action], action: Action) -> String {
    let hint = legal.iter().find(|&&l| same_move(l, action));
    if let Some(
        Action::Build { paid, .. } | Action::Wonder { paid, .. } | Action::Activate { paid, .. },
    ) = hint
    {
        return format!(
            "{}: paid {} recorded, the rules charge {paid}",
            kind(action),
            recorded_paid(action)
        );
    }
    if let Action::Activate { offerings, .. } = action {
        let seat = game.current_seat();
        let owned = game.pantheon().offerings[seat];
        let foreign = offerings & !owned;
        if foreign != 0 {
            return format!(
                "{}: player {seat} does not hold the Offering token{} of value {:?} (it holds {:?})",
                kind(action),
                if foreign.count_ones() == 1 { "" } else { "s" },
                offering_values(foreign),
                offering_values(owned)
            );
        }
    }
    let what = describe_action(game, action);
    // The rules' own reason, from a copy of the state (the game is plain data).
    let mut copy = *game;
    match copy.play(action) {
        Err(DuelError::Illegal { reason, .. }) => format!("{what} is not legal here: {reason}"),
        _ => format!("{what} is not legal here"),
    }
}

/// An action in words, with the record's ids (military tokens by their `board.json` names,
/// Zeus's card by its id).
fn describe_action(game: &Duel, action: Action) -> String {
    match action {
        Action::Zeus(slot) => format!(
            "zeus {} (slot {slot})",
            CARDS[game.slot_card(slot as usize) as usize].id
        ),
        Action::Neptune { discard, apply } => format!(
            "neptune discard {}, apply {}",
            military_token_id(discard),
            if apply == NO_TOKEN {
                "none"
            } else {
                military_token_id(apply)
            }
        ),
        _ => super::state::describe(action),
    }
}

fn same_move(a: Action, b: Action) -> bool {
    match (a, b) {
        (Action::Build { card: x, .. }, Action::Build { card: y, .. }) => x == y,
        (
            Action::Wonder {
                card: x, wonder: w, ..
            },
            Action::Wonder {
                card: y, wonder: v, ..
            },
        ) => x == y && w == v,
        (
            Action::Activate {
                divinity: x,
                offerings: o,
                ..
            },
            Action::Activate {
                divinity: y,
                offerings: p,
                ..
            },
        ) => x == y && o == p,
        _ => false,
    }
}

fn recorded_paid(a: Action) -> u16 {
    match a {
        Action::Build { paid, .. }
        | Action::Wonder { paid, .. }
        | Action::Activate { paid, .. } => paid,
        _ => 0,
    }
}

fn kind(a: Action) -> String {
    super::state::describe(a)
        .split(" (")
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Refuses a field of `obj` not in `known` (see [`unknown_field`]).
fn known_fields(obj: &Value, known: &[&str], ctx: &str) -> Result<(), ReplayError> {
    let o = obj
        .as_object()
        .ok_or_else(|| err(format!("{ctx} must be an object")))?;
    match unknown_field(o, known) {
        Some(m) => Err(err(format!("{ctx}: {m}"))),
        None => Ok(()),
    }
}

fn check_result(game: &Duel, result: &Value) -> Result<(), ReplayError> {
    known_fields(result, &["winner", "victory", "scores", "coins"], "result")?;
    let expected = result_json(game).ok_or_else(|| {
        err("result: the record has a result but its actions do not finish the game")
    })?;
    let ctx = "result";
    let winner = field(result, "winner", ctx)?;
    if winner != &expected["winner"] {
        return Err(err(format!(
            "result.winner is {winner}, the game gives {}",
            expected["winner"]
        )));
    }
    let victory = field(result, "victory", ctx)?;
    if victory != &expected["victory"] {
        return Err(err(format!(
            "result.victory is {victory}, the game gives {}",
            expected["victory"]
        )));
    }
    let scores = field(result, "scores", ctx)?
        .as_array()
        .ok_or_else(|| err("result.scores must be a list"))?;
    if scores.len() != 2 {
        return Err(err("result.scores must hold 2 score pads"));
    }
    // The score pad's lines: the base game's, and with Pantheon its two.
    let lines: Vec<&str> = Score::default()
        .lines(game.is_pantheon())
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let military_winner = match game.outcome() {
        Some((Victory::Military, winners)) => winners.first().copied(),
        _ => None,
    };
    for (seat, pad) in scores.iter().enumerate() {
        let want = &expected["scores"][seat];
        let pad_obj = pad
            .as_object()
            .ok_or_else(|| err(format!("result.scores[{seat}] must be an object")))?;
        if let Some(k) = pad_obj
            .keys()
            .find(|k| *k != "total" && !lines.contains(&k.as_str()))
        {
            return Err(err(format!(
                "result.scores[{seat}]: unknown score line `{}` (valid: total, {})",
                cut(k),
                lines.join(", ")
            )));
        }
        // At a military supremacy the winner's military line may be written 0 instead of 10
        // (the capital square scores nothing), with the total that goes with it.
        let mut total_offset = 0;
        for &key in &lines {
            let got = field(pad, key, &format!("result.scores[{seat}]"))?;
            let mut wanted = want[key].clone();
            if key == "military" && military_winner == Some(seat) && got == &json!(0) {
                total_offset = want[key].as_i64().unwrap_or(0);
                wanted = json!(0);
            }
            if got != &wanted {
                return Err(err(format!(
                    "result.scores[{seat}].{key}: recorded {got}, the game gives {wanted}"
                )));
            }
        }
        let got = field(pad, "total", &format!("result.scores[{seat}]"))?;
        let wanted = json!(want["total"].as_i64().unwrap_or(0) - total_offset);
        if got != &wanted {
            return Err(err(format!(
                "result.scores[{seat}].total: recorded {got}, the game gives {wanted}"
            )));
        }
    }
    let coins = field(result, "coins", ctx)?;
    if coins != &expected["coins"] {
        return Err(err(format!(
            "result.coins is {coins}, the game gives {}",
            expected["coins"]
        )));
    }
    Ok(())
}
