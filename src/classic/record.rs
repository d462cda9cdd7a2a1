//! Game records (`wonders-record` version 1, `"game": "classic"`) and their replay.
//!
//! A record holds the options, the seed, the bot spec of each seat, every random draw of the
//! setup (wonders and sides, the deal of each Age, the guilds left in the box), every action in
//! the order resolved (a turn's actions seat 0 first, then Babylon's seventh card in the 1st
//! edition, then Halikarnassos' `build_discarded`, then Babylon's extra turn in the 2nd
//! edition, then `copy_guild` at game end) and the result. Replaying rebuilds the game from
//! the setup alone, re-executes every action and checks every recorded figure.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::data::{CardId, Catalog, Edition, Expansion, ExpansionSet, Side, Wonder};
use super::expansion::catalog;
use super::leader_draft::{LeaderId, LEADERS_PER_SEAT};
use super::leaders_data::LeaderDeck;
use super::state::{Action, ClassicConfig, ClassicGame, Event, Free, Played, SidePolicy};

use super::Setup;
use wonders_common::options::cut;
pub use wonders_common::record::ReplayError;
use wonders_common::record::{
    first_difference, read_envelope, recorded_vs, unknown_field, write_record, RecordOptions,
    FINISHED_WITHOUT_RESULT,
};
use wonders_common::{EventSink, Unheard};

/// A card or a leader by its id, as the record names it.
type Id = &'static str;

/// The `setup` of a 7 Wonders record: every random draw. `hands` and `black_unused` are keyed
/// by Age (`"1"`, `"2"`, `"3"`); Cities' and Leaders' fields only with their expansion.
#[derive(Serialize)]
struct RecordedSetup {
    wonders: Vec<RecordedWonder>,
    hands: BTreeMap<String, Vec<Vec<Id>>>,
    guilds_unused: Vec<Id>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black_unused: Option<BTreeMap<String, Vec<Id>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader_decks: Option<Vec<Id>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leaders: Option<Vec<Vec<Id>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leaders_box: Option<Vec<Id>>,
}

/// A seat's wonder board.
#[derive(Serialize)]
struct RecordedWonder {
    wonder: Id,
    side: Id,
}

/// One action of a record, with the figures replay checks (payments, free builds, stages).
/// A wonder stage and a sale name either the card or (Leaders) the leader they use.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum RecordedAction {
    Build {
        player: u8,
        card: Id,
        pay_left: u8,
        pay_right: u8,
        pay_bank: u8,
        /// `chain`, `wonder_power`, `leader`, or null when paid.
        free: Option<Id>,
    },
    Wonder {
        player: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        card: Option<Id>,
        #[serde(skip_serializing_if = "Option::is_none")]
        leader: Option<Id>,
        stage: u8,
        pay_left: u8,
        pay_right: u8,
        pay_bank: u8,
    },
    Sell {
        player: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        card: Option<Id>,
        #[serde(skip_serializing_if = "Option::is_none")]
        leader: Option<Id>,
    },
    BuildDiscarded {
        player: u8,
        card: Id,
    },
    CopyGuild {
        player: u8,
        guild: Id,
        from: u8,
    },
    CoinLoss {
        player: u8,
        coins: u8,
        debt: u8,
    },
    Draft {
        player: u8,
        leader: Id,
    },
    Recruit {
        player: u8,
        leader: Id,
        pay_bank: u8,
    },
    DiscardVictoryToken {
        player: u8,
        value: u8,
    },
    BuryLeader {
        player: u8,
        leader: Id,
    },
    RecruitExtra {
        player: u8,
        leader: Id,
        pay_bank: u8,
    },
}

/// The `result` of a finished game: each seat's score (`total` and every line of the pad).
#[derive(Serialize)]
struct RecordedResult {
    winner: Vec<usize>,
    victory: Id,
    scores: Vec<BTreeMap<Id, i32>>,
    coins: Vec<u32>,
    /// The team variant's team totals.
    #[serde(skip_serializing_if = "Option::is_none")]
    team_totals: Option<Vec<i32>>,
}

fn free_id(f: Free) -> Option<Id> {
    match f {
        Free::No => None,
        Free::Chain => Some("chain"),
        Free::WonderPower => Some("wonder_power"),
        Free::Leader => Some("leader"),
    }
}

fn recorded_action(cat: &Catalog, p: &Played) -> RecordedAction {
    let key = |c: CardId| cat.card(c).key;
    let player = p.seat;
    match p.action {
        Action::Build {
            card,
            pay_left,
            pay_right,
        } => RecordedAction::Build {
            player,
            card: key(card),
            pay_left,
            pay_right,
            pay_bank: p.pay_bank,
            free: free_id(p.free),
        },
        Action::BuildFree { card } => RecordedAction::Build {
            player,
            card: key(card),
            pay_left: 0,
            pay_right: 0,
            pay_bank: 0,
            free: free_id(p.free),
        },
        Action::Wonder {
            card,
            pay_left,
            pay_right,
        } => RecordedAction::Wonder {
            player,
            card: Some(key(card)),
            leader: None,
            stage: p.stage,
            pay_left,
            pay_right,
            pay_bank: p.pay_bank,
        },
        Action::Sell { card } => RecordedAction::Sell {
            player,
            card: Some(key(card)),
            leader: None,
        },
        Action::BuildDiscarded { card } => RecordedAction::BuildDiscarded {
            player,
            card: key(card),
        },
        Action::CopyGuild { guild, from } => RecordedAction::CopyGuild {
            player,
            guild: key(guild),
            from,
        },
        Action::CoinLoss { coins, debt } => RecordedAction::CoinLoss {
            player,
            coins,
            debt,
        },
        Action::Draft { leader } => RecordedAction::Draft {
            player,
            leader: leader.leader().id,
        },
        Action::Recruit { leader } => RecordedAction::Recruit {
            player,
            leader: leader.leader().id,
            pay_bank: p.pay_bank,
        },
        Action::WonderLeader {
            leader,
            pay_left,
            pay_right,
        } => RecordedAction::Wonder {
            player,
            card: None,
            leader: Some(leader.leader().id),
            stage: p.stage,
            pay_left,
            pay_right,
            pay_bank: p.pay_bank,
        },
        Action::SellLeader { leader } => RecordedAction::Sell {
            player,
            card: None,
            leader: Some(leader.leader().id),
        },
        Action::DiscardVictoryToken { value } => {
            RecordedAction::DiscardVictoryToken { player, value }
        }
        Action::BuryLeader { leader } => RecordedAction::BuryLeader {
            player,
            leader: leader.leader().id,
        },
        Action::RecruitExtra { leader } => RecordedAction::RecruitExtra {
            player,
            leader: leader.leader().id,
            pay_bank: p.pay_bank,
        },
    }
}

/// Per-Age lists keyed `"1"`, `"2"`, `"3"`.
fn by_age<T>(per_age: impl IntoIterator<Item = T>) -> BTreeMap<String, T> {
    per_age
        .into_iter()
        .enumerate()
        .map(|(a, v)| ((a + 1).to_string(), v))
        .collect()
}

/// A value of the record: its types only hold strings, numbers, options, lists and maps.
fn to_value(v: impl Serialize) -> Value {
    serde_json::to_value(v).expect("a record's types serialize")
}

impl ClassicGame {
    /// The game's record; `players` are the bot specs of the seats, seat 0 first. A finished
    /// game's record has a `result`; an unfinished one has `"result": null`.
    pub fn record(&self, players: &[String]) -> Value {
        let cat = self.catalog();
        let keys = |cards: &[CardId]| cards.iter().map(|&c| cat.card(c).key).collect();
        let ids = |ls: &[LeaderId]| ls.iter().map(|l| l.leader().id).collect();
        let setup = self.setup();
        let leaders = self.plays(Expansion::LEADERS);
        let recorded_setup = RecordedSetup {
            wonders: setup
                .wonders
                .iter()
                .map(|(w, s)| RecordedWonder {
                    wonder: w.id(),
                    side: s.id(),
                })
                .collect(),
            hands: by_age(
                setup
                    .hands
                    .iter()
                    .map(|h| h.iter().map(|hand| keys(hand)).collect()),
            ),
            guilds_unused: keys(&setup.guilds_unused),
            black_unused: self
                .plays(Expansion::CITIES)
                .then(|| by_age(setup.black_unused.iter().map(|b| keys(b)))),
            leader_decks: leaders.then(|| setup.leader_decks.iter().map(|d| d.id()).collect()),
            leaders: leaders.then(|| setup.leaders.iter().map(|h| ids(h)).collect()),
            leaders_box: leaders.then(|| ids(&setup.leaders_box)),
        };
        let actions = self
            .history()
            .iter()
            .map(|p| to_value(recorded_action(cat, p)))
            .collect();
        let result = self.is_over().then(|| {
            let lines = self.score_lines();
            to_value(RecordedResult {
                winner: self.winners(),
                victory: "civilian",
                scores: (0..self.players())
                    .map(|s| {
                        let score = self.score(s);
                        let mut m: BTreeMap<Id, i32> = score.lines(lines).into_iter().collect();
                        m.insert("total", score.total);
                        m
                    })
                    .collect(),
                coins: (0..self.players()).map(|s| self.city(s).coins).collect(),
                team_totals: self.plays_in_teams().then(|| self.team_totals()),
            })
        });
        // Written in the record format's order (the units' order: leaders, then cities).
        let options = RecordOptions {
            expansions: self
                .catalog()
                .expansions
                .ids()
                .into_iter()
                .map(String::from)
                .collect(),
            edition: Some(self.edition().id().to_string()),
            variants: if self.plays_in_teams() {
                vec!["teams".to_string()]
            } else {
                Vec::new()
            },
        };
        let mut record = write_record(
            "classic",
            &options,
            self.seed().unwrap_or(0),
            players,
            to_value(recorded_setup),
            actions,
            result,
        );
        if self.seed().is_none() {
            // A game built from an explicit set-up, without the seed it was drawn from.
            record["seed"] = Value::Null;
        }
        record
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

/// The `leader` of an action.
fn leader_id(a: &Value) -> Result<LeaderId, String> {
    let id = str_field(a, "leader")?;
    LeaderId::from_id(id).ok_or_else(|| format!("unknown leader `{}`", cut(id)))
}

fn card_id(cat: &Catalog, v: &Value) -> Result<CardId, String> {
    let k = v.as_str().ok_or("card id is not a string")?;
    cat.find(k)
        .ok_or_else(|| format!("unknown card `{}` in {}", cut(k), cat.edition.id()))
}

fn parse_setup(cat: &Catalog, setup: &Value) -> Result<Setup, String> {
    let known = [
        "wonders",
        "hands",
        "guilds_unused",
        "black_unused",
        "leader_decks",
        "leaders",
        "leaders_box",
    ];
    if let Some(m) = setup.as_object().and_then(|o| unknown_field(o, &known)) {
        return Err(m);
    }
    let wonders = field(setup, "wonders")?
        .as_array()
        .ok_or("`wonders` is not a list")?
        .iter()
        .map(|w| {
            let id = str_field(w, "wonder")?;
            let side = str_field(w, "side")?;
            Ok((
                Wonder::from_id(id).ok_or_else(|| format!("unknown wonder `{}`", cut(id)))?,
                Side::from_id(side).ok_or_else(|| format!("unknown side `{}`", cut(side)))?,
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
    // Cities: the black cards of each Age left out (absent without Cities).
    let mut black_unused: [Vec<CardId>; 3] = Default::default();
    if let Some(v) = setup.get("black_unused") {
        for (a, out) in black_unused.iter_mut().enumerate() {
            *out = field(v, &(a + 1).to_string())?
                .as_array()
                .ok_or("`black_unused` of an Age is not a list")?
                .iter()
                .map(|c| card_id(cat, c))
                .collect::<Result<Vec<_>, String>>()?;
        }
    }
    // Leaders: the decks, the deal and the box (absent without Leaders).
    let leader_list = |v: &Value, what: &str| -> Result<Vec<LeaderId>, String> {
        v.as_array()
            .ok_or_else(|| format!("`{what}` is not a list"))?
            .iter()
            .map(|l| {
                let id = l
                    .as_str()
                    .ok_or_else(|| format!("a leader of `{what}` is not a string"))?;
                LeaderId::from_id(id).ok_or_else(|| format!("unknown leader `{}`", cut(id)))
            })
            .collect()
    };
    let leader_decks = match setup.get("leader_decks") {
        None => Vec::new(),
        Some(v) => v
            .as_array()
            .ok_or("`leader_decks` is not a list")?
            .iter()
            .map(|d| {
                let id = d.as_str().ok_or("a leader deck is not a string")?;
                LeaderDeck::from_id(id).ok_or_else(|| {
                    format!(
                        "unknown leader deck `{}` (valid: standard, expert, cities)",
                        cut(id)
                    )
                })
            })
            .collect::<Result<Vec<_>, String>>()?,
    };
    let leaders = match setup.get("leaders") {
        None => Vec::new(),
        Some(v) => v
            .as_array()
            .ok_or("`leaders` is not a list")?
            .iter()
            .map(|hand| {
                let hand = leader_list(hand, "leaders")?;
                <[LeaderId; LEADERS_PER_SEAT]>::try_from(hand.as_slice()).map_err(|_| {
                    format!(
                        "a seat's leader deal has {} leaders, not {LEADERS_PER_SEAT}",
                        hand.len()
                    )
                })
            })
            .collect::<Result<Vec<_>, String>>()?,
    };
    let leaders_box = match setup.get("leaders_box") {
        None => Vec::new(),
        Some(v) => leader_list(v, "leaders_box")?,
    };
    Ok(Setup {
        wonders,
        hands,
        guilds_unused,
        black_unused,
        leader_decks,
        leaders,
        leaders_box,
    })
}

/// The fields of each action type.
fn action_fields(kind: &str) -> Option<&'static [&'static str]> {
    Some(match kind {
        "build" => &[
            "player",
            "type",
            "card",
            "pay_left",
            "pay_right",
            "pay_bank",
            "free",
        ],
        "wonder" => &[
            "player",
            "type",
            "card",
            "leader",
            "stage",
            "pay_left",
            "pay_right",
            "pay_bank",
        ],
        "sell" => &["player", "type", "card", "leader"],
        "build_discarded" => &["player", "type", "card"],
        "draft" => &["player", "type", "leader"],
        "recruit" | "recruit_extra" => &["player", "type", "leader", "pay_bank"],
        "discard_victory_token" => &["player", "type", "value"],
        "bury_leader" => &["player", "type", "leader"],
        "copy_guild" => &["player", "type", "guild", "from"],
        "coin_loss" => &["player", "type", "coins", "debt"],
        _ => return None,
    })
}

/// Reads one action as the game to move would play it. A build recorded
/// `free: "wonder_power"` is 1st-edition Olympia A's free build when that is open to the seat.
pub(crate) fn parse_action(
    cat: &Catalog,
    a: &Value,
    game: &ClassicGame,
) -> Result<(usize, Action), String> {
    let obj = a.as_object().ok_or("an action is a JSON object")?;
    let player = u8_field(a, "player")? as usize;
    let kind = str_field(a, "type")?;
    let fields = action_fields(kind).ok_or_else(|| {
        format!(
            "unknown action type `{}` (valid: build, wonder, sell, build_discarded, copy_guild, \
             coin_loss)",
            wonders_common::options::cut(kind)
        )
    })?;
    if let Some(m) = unknown_field(obj, fields) {
        return Err(format!("a `{kind}` action: {m}"));
    }
    let action = match kind {
        "build" => {
            let card = card_id(cat, field(a, "card")?)?;
            // Olympia A's free build is spent only by "wonder_power", Caligula's only by
            // "leader" (a black card Olympia day makes free may carry "wonder_power" and
            // leave Caligula unused).
            let label = a.get("free").and_then(Value::as_str);
            let spends_free_build = player < game.players()
                && match game.free_build_label(player, card) {
                    Some(Free::WonderPower) => label == Some("wonder_power"),
                    Some(Free::Leader) => label == Some("leader"),
                    _ => false,
                };
            if spends_free_build {
                Action::BuildFree { card }
            } else {
                Action::Build {
                    card,
                    pay_left: u8_field(a, "pay_left")?,
                    pay_right: u8_field(a, "pay_right")?,
                }
            }
        }
        // The recruitment turn's stages and sales name a leader instead of a card.
        "wonder" if a.get("leader").is_some() => Action::WonderLeader {
            leader: leader_id(a)?,
            pay_left: u8_field(a, "pay_left")?,
            pay_right: u8_field(a, "pay_right")?,
        },
        "wonder" => Action::Wonder {
            card: card_id(cat, field(a, "card")?)?,
            pay_left: u8_field(a, "pay_left")?,
            pay_right: u8_field(a, "pay_right")?,
        },
        "sell" if a.get("leader").is_some() => Action::SellLeader {
            leader: leader_id(a)?,
        },
        "sell" => Action::Sell {
            card: card_id(cat, field(a, "card")?)?,
        },
        "draft" => Action::Draft {
            leader: leader_id(a)?,
        },
        "recruit" => Action::Recruit {
            leader: leader_id(a)?,
        },
        "recruit_extra" => Action::RecruitExtra {
            leader: leader_id(a)?,
        },
        "bury_leader" => Action::BuryLeader {
            leader: leader_id(a)?,
        },
        "discard_victory_token" => Action::DiscardVictoryToken {
            value: u8_field(a, "value")?,
        },
        "build_discarded" => Action::BuildDiscarded {
            card: card_id(cat, field(a, "card")?)?,
        },
        "copy_guild" => Action::CopyGuild {
            guild: card_id(cat, field(a, "guild")?)?,
            from: u8_field(a, "from")?,
        },
        "coin_loss" => Action::CoinLoss {
            coins: u8_field(a, "coins")?,
            debt: u8_field(a, "debt")?,
        },
        _ => unreachable!("action_fields knows every type"),
    };
    Ok((player, action))
}

/// Compares the figures an action carries (`pay_bank`, `free`, `stage`) with what the rules
/// give for it in the state it is played in.
fn check_figures(
    a: &Value,
    action: Action,
    free: Free,
    bank: u8,
    stage: u8,
    edition: Edition,
    both_free: bool,
) -> Result<(), String> {
    let same = |key: &str, replayed: Value| -> Result<(), String> {
        match a.get(key) {
            Some(r) if *r == replayed => Ok(()),
            Some(r) => Err(format!(
                "`{key}`: {}",
                recorded_vs(r, &replayed, "the rules give")
            )),
            None => Err(format!("`{key}` missing (the rules give {replayed})")),
        }
    };
    match action {
        Action::Build {
            pay_left,
            pay_right,
            ..
        } => {
            same("pay_bank", json!(bank))?;
            // 2nd edition: a build that costs nothing anyway may carry "wonder_power"; where
            // Ramses and Olympia's power both make it free, either label.
            let costs_nothing = free == Free::No && bank == 0 && pay_left == 0 && pay_right == 0;
            let label = a.get("free").and_then(Value::as_str);
            let label_ok =
                (edition == Edition::V2 && costs_nothing && label == Some("wonder_power"))
                    || (both_free && label == Some("wonder_power"));
            match a.get("free") {
                None if free == Free::No => Ok(()),
                _ if label_ok => Ok(()),
                _ => same("free", json!(free_id(free))),
            }
        }
        Action::BuildFree { .. } => {
            same("pay_bank", json!(0))?;
            same("pay_left", json!(0))?;
            same("pay_right", json!(0))
        }
        Action::Wonder { .. } | Action::WonderLeader { .. } => {
            same("pay_bank", json!(bank))?;
            same("stage", json!(stage))
        }
        Action::Recruit { .. } | Action::RecruitExtra { .. } => same("pay_bank", json!(bank)),
        Action::Sell { .. }
        | Action::BuildDiscarded { .. }
        | Action::CopyGuild { .. }
        | Action::CoinLoss { .. }
        | Action::Draft { .. }
        | Action::SellLeader { .. }
        | Action::DiscardVictoryToken { .. }
        | Action::BuryLeader { .. } => Ok(()),
    }
}

/// Rebuilds a game from a record, re-executes every action and checks every recorded figure
/// at its own action (payments, free builds, stages), then the result (winners, every score
/// line, coins). Returns the finished game.
pub fn replay(record: &Value) -> Result<ClassicGame, ReplayError> {
    replay_heard(record, &mut Unheard)
}

/// [`replay`], telling `sink` what happens from the set-up on (for the log).
pub fn replay_heard<S: EventSink<Event>>(
    record: &Value,
    sink: &mut S,
) -> Result<ClassicGame, ReplayError> {
    let env = read_envelope(record, "classic")?;
    let edition = env
        .options
        .edition
        .as_deref()
        .and_then(Edition::from_id)
        .ok_or_else(|| ReplayError::record("`options.edition` is not v1 or v2"))?;
    let mut expansions = ExpansionSet::NONE;
    for (i, e) in env.options.expansions.iter().enumerate() {
        if env.options.expansions[..i].contains(e) {
            return Err(ReplayError::record(format!(
                "options.expansions: `{}` is given twice",
                wonders_common::options::cut(e)
            )));
        }
        match Expansion::from_id(e) {
            Some(x) if edition == Edition::V2 => expansions.insert(x),
            Some(_) => {
                return Err(ReplayError::record(format!(
                "options.expansions: `{e}` is played with the 2nd edition (`options.edition` v2)"
            )))
            }
            None => {
                return Err(ReplayError::record(format!(
                    "options.expansions: `{}` is not available for classic (valid: {})",
                    wonders_common::options::cut(e),
                    super::expansion::IDS.join(", ")
                )))
            }
        }
    }
    // The only variant is the team variant, alone (its table is checked once the seats are
    // known).
    let teams = match env.options.variants.as_slice() {
        [] => false,
        [v] if v == "teams" => true,
        [v] => {
            return Err(ReplayError::record(format!(
                "options.variants: unknown variant `{}` for classic (valid: teams)",
                wonders_common::options::cut(v)
            )))
        }
        _ => {
            return Err(ReplayError::record(
                "options.variants: the team variant is played alone (`[\"teams\"]`)",
            ))
        }
    };
    if teams && !expansions.contains(Expansion::CITIES) {
        return Err(ReplayError::record(
            "options.variants: the team variant is played with Cities (`options.expansions` \
             must hold `cities`)",
        ));
    }
    let cat = catalog(edition, expansions);
    let setup =
        parse_setup(cat, env.setup).map_err(|e| ReplayError::record(format!("setup: {e}")))?;
    let players = setup.wonders.len();
    if env.players.len() != players {
        return Err(ReplayError::record(format!(
            "`players` names {} bot{} for {players} seats",
            env.players.len(),
            if env.players.len() == 1 { "" } else { "s" }
        )));
    }
    let config = ClassicConfig {
        players,
        edition,
        sides: SidePolicy::PerSeat(setup.wonders.iter().map(|w| w.1).collect()),
        collapse_payment_splits: false,
        wonders: setup.wonders.iter().map(|w| Some(w.0)).collect(),
        expansions,
        leader_decks: setup.leader_decks.clone(),
        teams,
    };
    if teams {
        super::teams::check_table(players, expansions.contains(Expansion::CITIES))
            .map_err(|e| ReplayError::record(format!("options.variants: {e}")))?;
    }
    let mut game = ClassicGame::from_setup(&config, &setup)
        .map_err(|e| ReplayError::record(format!("setup: {}", e.0)))?;
    game.set_seed(env.seed);
    game.tell_setup(sink);
    for (index, a) in env.actions.iter().enumerate() {
        let at = |message: String| ReplayError::at(index, message);
        if game.is_over() {
            return Err(at("the game is already over".into()));
        }
        let (player, action) = parse_action(cat, a, &game).map_err(at)?;
        if player != game.current_seat() {
            return Err(at(format!(
                "recorded for seat {player}, but seat {} is to move",
                game.current_seat()
            )));
        }
        let (free, bank) = game
            .terms(action)
            .map_err(|reason| at(format!("{}: {reason}", game.describe_action(action))))?;
        let stage = game.city(player).stages + 1;
        // Ramses and 2nd-edition Olympia's power both making a card free: either label.
        let both_free = match action {
            Action::Build { card, .. } => free == Free::Leader && game.free_by_power(player, card),
            _ => false,
        };
        check_figures(a, action, free, bank, stage, edition, both_free)
            .map_err(|m| at(format!("{}: {m}", game.describe_action(action))))?;
        game.play_heard(action, sink)
            .map_err(|e| at(e.to_string()))?;
    }
    let Some(result) = env.result else {
        if game.is_over() {
            return Err(ReplayError::record(FINISHED_WITHOUT_RESULT));
        }
        return Ok(game);
    };
    if !game.is_over() {
        return Err(ReplayError::at(
            env.actions.len(),
            "the record has a result but the game is not over after its last action",
        ));
    }
    check_result(&game, result)?;
    Ok(game)
}

/// Checks every figure of `result` and refuses fields and score lines it does not know.
pub(crate) fn check_result(game: &ClassicGame, result: &Value) -> Result<(), ReplayError> {
    let err = |m: String| ReplayError::record(format!("result: {m}"));
    let obj = result
        .as_object()
        .ok_or_else(|| err("not an object".into()))?;
    let fields: &[&str] = if game.plays_in_teams() {
        &["winner", "victory", "scores", "coins", "team_totals"]
    } else {
        &["winner", "victory", "scores", "coins"]
    };
    if let Some(m) = unknown_field(obj, fields) {
        return Err(err(m));
    }
    let n = game.players();
    // Lists are compared item by item: the message names the first one that differs.
    let same = |what: String, recorded: Option<&Value>, replayed: Value| match recorded {
        Some(r) => first_difference(&what, r, &replayed).map_or(Ok(()), |m| Err(err(m))),
        None => Err(err(format!("{what} missing (replayed {replayed})"))),
    };
    same("winner".into(), obj.get("winner"), json!(game.winners()))?;
    same("victory".into(), obj.get("victory"), json!("civilian"))?;
    if game.plays_in_teams() {
        same(
            "team_totals".into(),
            obj.get("team_totals"),
            json!(game.team_totals()),
        )?;
    }
    let coins: Vec<u32> = (0..n).map(|s| game.city(s).coins).collect();
    same("coins".into(), obj.get("coins"), json!(coins))?;
    let scores = obj
        .get("scores")
        .and_then(Value::as_array)
        .ok_or_else(|| err("`scores` is missing or not a list".into()))?;
    if scores.len() != n {
        return Err(err(format!("{} scores for {n} seats", scores.len())));
    }
    for (s, pad) in scores.iter().enumerate() {
        let score = game.score(s);
        let mut lines = score.lines(game.score_lines());
        lines.push(("total", score.total));
        let pad = pad
            .as_object()
            .ok_or_else(|| err(format!("scores[{s}] is not an object")))?;
        if let Some(k) = pad.keys().find(|k| lines.iter().all(|(l, _)| l != k)) {
            return Err(err(format!(
                "scores[{s}]: unknown score line `{}`",
                wonders_common::options::cut(k)
            )));
        }
        let other_split = aristotle_split_ok(game, s, &score, pad);
        for (k, v) in lines {
            if other_split && (k == "science" || k == "leaders") {
                continue;
            }
            same(format!("scores[{s}].{k}"), pad.get(k), json!(v))?;
        }
    }
    Ok(())
}

/// True when `pad` puts the points of one of the best science choices of `seat` on `science`
/// and `leaders` in another split than the replay (Aristotle's points: RECORDS.md, Leaders and
/// Cities reading 13); every other line is still compared.
fn aristotle_split_ok(
    game: &ClassicGame,
    seat: usize,
    score: &super::scoring::Score,
    pad: &Map<String, Value>,
) -> bool {
    use super::scoring::ScoreLine;
    let recorded = |k: &str| pad.get(k).and_then(Value::as_i64);
    let (Some(science), Some(leaders)) = (recorded("science"), recorded("leaders")) else {
        return false;
    };
    let splits = game.science_splits(seat);
    let replayed_science = i64::from(score.get(ScoreLine::SCIENCE));
    // The replay's own split tells the leaders' points that are not Aristotle's.
    let Some(&(_, aristotle)) = splits
        .iter()
        .find(|&&(sc, _)| i64::from(sc) == replayed_science)
    else {
        return false;
    };
    let rest = i64::from(score.get(super::leaders::LEADERS_LINE)) - i64::from(aristotle);
    splits
        .iter()
        .any(|&(sc, ar)| i64::from(sc) == science && i64::from(ar) + rest == leaders)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::city::powers;
    use crate::scoring::ScoreLine;
    use crate::state::leaders_tests::{at_age_one, leaders_game, seat0_turn};
    use rand::{Rng, SeedableRng};
    use wonders_common::GameRng;

    /// Random Leaders games (with Cities every other one) replay from their records through
    /// JSON text to the same game, every figure checked, and their logs tell the draft and
    /// the recruitment turns.
    #[test]
    fn random_leaders_games_replay_from_their_records_and_log_their_leaders() {
        for seed in 0..150u64 {
            let players = 3 + (seed % 5) as usize;
            let mut g = leaders_game(players, seed % 2 == 1, seed);
            let mut rng = GameRng::seed_from_u64(seed);
            let mut legal = Vec::new();
            while !g.is_over() {
                g.legal(&mut legal);
                g.play(legal[rng.random_range(0..legal.len())]).unwrap();
            }
            let specs: Vec<String> = (0..players).map(|_| "random".to_string()).collect();
            let record = g.record(&specs);
            let text = serde_json::to_string(&record).unwrap();
            let back: Value = serde_json::from_str(&text).unwrap();
            let mut events = Vec::new();
            let r = replay_heard(&back, &mut events).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(r.record(&specs), record, "seed {seed}");
            if seed < 4 {
                let log = crate::log::turn_log(&r, &events);
                let has = |text: &str| log.iter().any(|l| l.contains(text));
                assert!(has("Leader draft") && has("drafts "), "seed {seed}");
                assert!(has("Age I recruitment turn") && has("Age III recruitment turn"));
                assert!(log.iter().any(|l| l.starts_with("leaders ")));
            }
        }
    }

    #[test]
    fn a_record_spends_caligula_only_by_a_black_build_labelled_leader() {
        // Issue 28: Olympia day's first black card free, recorded "wonder_power", leaves Caligula
        // unused; a later black card of the same Age labelled "leader" spends it.
        let mut g = at_age_one(true, &["caligula"]);
        g.city_mut(0).powers |= powers::FIRST_OF_COLOUR_FREE;
        let cat = g.catalog();
        let gates = cat.find("city_gates").unwrap();
        let first = serde_json::json!({"player": 0, "type": "build", "card": "city_gates",
            "pay_left": 0, "pay_right": 0, "pay_bank": 0, "free": "wonder_power"});
        let (_, action) = parse_action(cat, &first, &g).unwrap();
        assert!(matches!(action, Action::Build { card, .. } if card == gates));
        seat0_turn(&mut g, "city_gates", |_| action);
        let played = g.history().iter().rev().find(|p| p.seat == 0).unwrap();
        assert_eq!((played.action, played.free), (action, Free::WonderPower));
        assert!(!g.city(0).free_build_used, "Caligula still unused");
        let militia = cat.find("militia").unwrap();
        let second = serde_json::json!({"player": 0, "type": "build", "card": "militia",
            "pay_left": 0, "pay_right": 0, "pay_bank": 0, "free": "leader"});
        let (_, action) = parse_action(cat, &second, &g).unwrap();
        assert_eq!(action, Action::BuildFree { card: militia });
        seat0_turn(&mut g, "militia", |_| action);
        let played = g.history().iter().rev().find(|p| p.seat == 0).unwrap();
        assert_eq!(played.free, Free::Leader);
    }

    #[test]
    fn a_record_may_put_aristotles_points_on_science_or_leaders() {
        // Issue 28 (RECORDS.md, Leaders and Cities reading 13): symbols 0/1/5 and a wild one
        // score 37 either as 0/1/6 (37 science) or 1/1/5 (34 science + Aristotle's 3).
        let mut g = at_age_one(false, &["aristotle"]);
        g.city_mut(0).science = [0, 1, 5];
        g.city_mut(0).science_wild = 1;
        let splits = g.science_splits(0);
        assert_eq!(splits, [(34, 3), (37, 0)]);
        let result = |science: i32, aristotle: i32| {
            let mut scores = Vec::new();
            for s in 0..g.players() {
                let score = g.score(s);
                let mut pad = serde_json::Map::new();
                for (k, v) in score.lines(g.score_lines()) {
                    pad.insert(k.into(), v.into());
                }
                if s == 0 {
                    let rest = score.get(crate::leaders::LEADERS_LINE)
                        - (score.get(ScoreLine::SCIENCE) + score.get(crate::leaders::LEADERS_LINE)
                            - 37);
                    pad.insert("science".into(), science.into());
                    pad.insert("leaders".into(), (rest + aristotle).into());
                }
                pad.insert("total".into(), score.total.into());
                scores.push(serde_json::Value::Object(pad));
            }
            let coins: Vec<u32> = (0..g.players()).map(|s| g.city(s).coins).collect();
            serde_json::json!({"winner": g.winners(), "victory": "civilian", "scores": scores,
                "coins": coins})
        };
        assert!(check_result(&g, &result(37, 0)).is_ok());
        assert!(check_result(&g, &result(34, 3)).is_ok());
        // Same total, but no best choice gives it.
        let err = check_result(&g, &result(36, 1)).unwrap_err().to_string();
        assert!(err.contains("scores[0].science"), "{err}");
    }
}
