//! Duel game records (`wonders-record` v1, game `duel`): writing one from a game, and
//! replaying one — re-executing every action and checking every recorded figure.
//!
//! A record holds every random draw in `setup`, so replay never uses our random number
//! generator: a record made by any correct implementation of the rules replays here.

use serde_json::{json, Map, Value};

use super::data::{
    card_by_id, token_by_id, wonder_by_id, CardId, TokenId, WonderId, CARDS, PROGRESS_TOKENS,
    WONDERS,
};
use super::pantheon_data::DIVINITIES;
use super::state::{
    divinity_name, offering_values, Action, Duel, DuelConfig, Score, Setup, Victory,
    WonderSelection, NO_DIVINITY, NO_TOKEN,
};
use crate::common::options::cut;
use crate::common::record::{
    read_envelope, unknown_field, write_record as write_frame, RecordOptions,
};
pub use crate::common::ReplayError;

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

// ----- writing ------------------------------------------------------------------------------

fn setup_json(setup: &Setup) -> Value {
    let cards =
        |ids: &[CardId]| -> Vec<&str> { ids.iter().map(|&c| CARDS[c as usize].id).collect() };
    let tokens = |ids: &[TokenId]| -> Vec<&str> {
        ids.iter()
            .map(|&t| PROGRESS_TOKENS[t as usize].id)
            .collect()
    };
    json!({
        "wonders_offered": setup.wonders_offered.iter().map(|&w| WONDERS[w as usize].id).collect::<Vec<_>>(),
        "progress_on_board": tokens(&setup.progress_on_board),
        "progress_in_box": tokens(setup.progress_box()),
        "ages": {"1": cards(&setup.ages[0]), "2": cards(&setup.ages[1]), "3": cards(&setup.ages[2])},
        "removed": {"1": cards(&setup.removed[0]), "2": cards(&setup.removed[1]), "3": cards(&setup.removed[2])},
        "guilds_unused": cards(&setup.guilds_unused),
    })
}

/// The JSON of one action as the record writes it, given the state it is played in.
pub fn action_json(state: &Duel, action: Action) -> Value {
    let player = state.current_seat();
    match action {
        Action::PickWonder(w) => {
            json!({"player": player, "type": "pick_wonder", "wonder": WONDERS[w as usize].id})
        }
        Action::Build { card, paid } => {
            json!({"player": player, "type": "build", "card": CARDS[card as usize].id, "paid": paid})
        }
        Action::Discard { card } => json!({"player": player, "type": "discard",
            "card": CARDS[card as usize].id, "gained": state.discard_value(player)}),
        Action::Wonder { card, wonder, paid } => json!({"player": player, "type": "wonder",
            "card": CARDS[card as usize].id, "wonder": WONDERS[wonder as usize].id, "paid": paid}),
        Action::Progress(t) => {
            json!({"player": player, "type": "progress", "token": PROGRESS_TOKENS[t as usize].id})
        }
        Action::Destroy(c) => {
            json!({"player": player, "type": "destroy", "card": CARDS[c as usize].id})
        }
        Action::BuildDiscarded(c) => {
            json!({"player": player, "type": "build_discarded", "card": CARDS[c as usize].id})
        }
        Action::GreatLibrary(t) => json!({"player": player, "type": "great_library",
            "token": PROGRESS_TOKENS[t as usize].id}),
        Action::ChooseStarter(s) => {
            json!({"player": player, "type": "choose_starter", "starter": s})
        }
        Action::PlaceDivinity { divinity, space } => json!({"player": player,
            "type": "place_divinity", "divinity": divinity_name(divinity), "space": space}),
        Action::Activate {
            divinity,
            offerings,
            paid,
        } => json!({"player": player, "type": "activate", "divinity": divinity_name(divinity),
            "offerings": offering_values(offerings), "paid": paid}),
        Action::Gate(d) => json!({"player": player, "type": "gate", "divinity": divinity_name(d)}),
        Action::DivineTheater { divinity, rest } => json!({"player": player,
            "type": "divine_theater",
            "mythology": DIVINITIES[divinity as usize].mythology.id(),
            "divinity": divinity_name(divinity),
            "rest": rest.iter().filter(|&&d| d != NO_DIVINITY).map(|&d| divinity_name(d)).collect::<Vec<_>>()}),
        Action::Enki(t) => {
            json!({"player": player, "type": "enki", "token": PROGRESS_TOKENS[t as usize].id})
        }
        Action::Nisaba(c) => {
            json!({"player": player, "type": "nisaba", "card": CARDS[c as usize].id})
        }
        Action::Baal(c) => json!({"player": player, "type": "baal", "card": CARDS[c as usize].id}),
        Action::Zeus(c) => json!({"player": player, "type": "zeus", "card": CARDS[c as usize].id}),
        Action::Anubis(w) => {
            json!({"player": player, "type": "anubis", "wonder": WONDERS[w as usize].id})
        }
        Action::Isis { card, wonder } => json!({"player": player, "type": "isis",
            "card": CARDS[card as usize].id, "wonder": WONDERS[wonder as usize].id}),
        Action::Ra(w) => json!({"player": player, "type": "ra", "wonder": WONDERS[w as usize].id}),
        Action::Minerva(square) => {
            json!({"player": player, "type": "minerva", "square": square})
        }
        Action::Neptune { discard, apply } => json!({"player": player, "type": "neptune",
            "discard": military_token_id(discard),
            "apply": (apply != NO_TOKEN).then(|| military_token_id(apply))}),
    }
}

/// The id of military token `i` (`MILITARY_TOKENS` order) in `board.json`: `p1_2coins`,
/// `p1_5coins` on seat 0's side, `p2_2coins`, `p2_5coins` on seat 1's.
pub fn military_token_id(i: u8) -> &'static str {
    ["p1_2coins", "p1_5coins", "p2_2coins", "p2_5coins"][i as usize]
}

fn score_json(score: &Score) -> Value {
    let mut m = Map::new();
    m.insert("total".into(), json!(score.total()));
    for (name, v) in Score::CATEGORIES.iter().zip(score.categories()) {
        m.insert((*name).into(), json!(v));
    }
    Value::Object(m)
}

/// The `result` of a finished game (`None` while it is still going).
pub fn result_json(game: &Duel) -> Option<Value> {
    let (victory, winners) = game.outcome()?;
    Some(json!({
        "winner": winners,
        "victory": victory.id(),
        "scores": [score_json(&game.score(0)), score_json(&game.score(1))],
        "coins": [game.player(0).coins, game.player(1).coins],
    }))
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
        out.push(action_json(&game, a));
        game.play(a)
            .expect("a recorded action was legal when played");
    }
    write_frame(
        "duel",
        &RecordOptions {
            variants: options.variants().iter().map(|v| v.to_string()).collect(),
            ..RecordOptions::default()
        },
        seed,
        players,
        setup_json(setup),
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

/// Reads a record's `setup`.
pub fn parse_setup(v: &Value) -> Result<Setup, ReplayError> {
    known_fields(
        v,
        &[
            "wonders_offered",
            "progress_on_board",
            "progress_in_box",
            "ages",
            "removed",
            "guilds_unused",
        ],
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
        progress_in_box: {
            let boxed: [TokenId; 5] = id_list(
                field(v, "progress_in_box", ctx)?,
                "setup.progress_in_box",
                token_id,
            )?;
            let mut all = [0; 8];
            all[..5].copy_from_slice(&boxed);
            all
        },
        ages,
        removed,
        guilds_unused: id_list(
            field(v, "guilds_unused", ctx)?,
            "setup.guilds_unused",
            card_id,
        )?,
        pantheon: None,
    };
    setup.validate().map_err(|m| err(format!("setup: {m}")))?;
    Ok(setup)
}

/// The game's configuration from a record's `options`, as the envelope read them: Duel has no
/// edition and no expansion; unknown variants are refused, naming the valid ones.
pub fn config_from_record(options: &RecordOptions) -> Result<DuelConfig, ReplayError> {
    if let Some(e) = &options.edition {
        return Err(err(format!(
            "options.edition: duel has no editions (write null), not `{}`",
            cut(e)
        )));
    }
    if let Some(e) = options.expansions.first() {
        return Err(err(format!(
            "options.expansions: `{}` is not available for duel (valid: none)",
            cut(e)
        )));
    }
    let mut config = DuelConfig {
        wonders: WonderSelection::Draft,
        ..DuelConfig::default()
    };
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

/// Reads one recorded action, without checking it against a state.
pub fn parse_action(v: &Value, index: usize) -> Result<(usize, Action, Option<i64>), ReplayError> {
    let ctx = format!("action {index}");
    let wrap = |e: ReplayError| at(index, e.message);
    let player = int_field(v, "player", &ctx).map_err(wrap)?;
    if !(0..2).contains(&player) {
        return Err(at(
            index,
            format!("player {player} is not a seat (valid: 0, 1)"),
        ));
    }
    let kind = str_field(v, "type", &ctx).map_err(wrap)?;
    let card = || {
        str_field(v, "card", &ctx)
            .and_then(|c| card_id(c, &ctx))
            .map_err(wrap)
    };
    let token = || {
        str_field(v, "token", &ctx)
            .and_then(|t| token_id(t, &ctx))
            .map_err(wrap)
    };
    // Coins are whole numbers from 0: a negative or huge `paid` is refused, never clamped
    // (a clamped -1 would pass on a free card).
    let paid = || -> Result<u16, ReplayError> {
        let p = int_field(v, "paid", &ctx).map_err(wrap)?;
        u16::try_from(p).map_err(|_| at(index, format!("paid {p} is not a number of coins")))
    };
    let fields: &[&str] = match kind {
        "pick_wonder" => &["player", "type", "wonder"],
        "build" => &["player", "type", "card", "paid"],
        "discard" => &["player", "type", "card", "gained"],
        "wonder" => &["player", "type", "card", "wonder", "paid"],
        "progress" | "great_library" => &["player", "type", "token"],
        "destroy" | "build_discarded" => &["player", "type", "card"],
        "choose_starter" => &["player", "type", "starter"],
        // An unknown type is named below.
        _ => &[],
    };
    if let Some(m) = v
        .as_object()
        .filter(|_| !fields.is_empty())
        .and_then(|o| unknown_field(o, fields))
    {
        return Err(at(index, format!("a `{kind}` action: {m}")));
    }
    let action = match kind {
        "pick_wonder" => Action::PickWonder(
            str_field(v, "wonder", &ctx)
                .and_then(|w| wonder_id(w, &ctx))
                .map_err(wrap)?,
        ),
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
            wonder: str_field(v, "wonder", &ctx)
                .and_then(|w| wonder_id(w, &ctx))
                .map_err(wrap)?,
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
        other => {
            return Err(at(
                index,
                format!(
                "unknown action type `{}` (valid: pick_wonder, build, discard, wonder, progress, \
                     destroy, build_discarded, great_library, choose_starter)",
                crate::common::options::cut(other)
            ),
            ))
        }
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
    if !env.players.is_empty() && env.players.len() != 2 {
        return Err(err(format!(
            "`players` names {} bot{} for 2 seats",
            env.players.len(),
            if env.players.len() == 1 { "" } else { "s" }
        )));
    }
    let options = config_from_record(&env.options)?;
    let setup = parse_setup(env.setup)?;
    let actions_v = env.actions;
    let mut game = Duel::from_setup(setup, options);
    let mut actions = Vec::with_capacity(actions_v.len());
    let mut legal = Vec::new();
    for (i, v) in actions_v.iter().enumerate() {
        let (player, action, gained) = parse_action(v, i)?;
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
        // A wrong `paid` gets a message naming the right figure.
        game.legal(&mut legal);
        if !legal.contains(&action) {
            let hint = legal.iter().find(|&&l| same_move(l, action));
            let msg = match hint {
                Some(Action::Build { paid, .. }) | Some(Action::Wonder { paid, .. }) => {
                    format!(
                        "{}: paid {} recorded, the rules charge {paid}",
                        kind(action),
                        recorded_paid(action)
                    )
                }
                _ => format!("{} is not legal here", super::state::describe(action)),
            };
            return Err(at(i, msg));
        }
        game.play(action).map_err(|e| at(i, e.to_string()))?;
        actions.push(action);
    }
    let checked_result = match env.result {
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
        _ => false,
    }
}

fn recorded_paid(a: Action) -> u16 {
    match a {
        Action::Build { paid, .. } | Action::Wonder { paid, .. } => paid,
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
            .find(|k| *k != "total" && !Score::CATEGORIES.contains(&k.as_str()))
        {
            return Err(err(format!(
                "result.scores[{seat}]: unknown score line `{}`",
                crate::common::options::cut(k)
            )));
        }
        // At a military supremacy the winner's military line may be written 0 instead of 10
        // (the capital square scores nothing), with the total that goes with it.
        let mut total_offset = 0;
        for key in Score::CATEGORIES {
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
