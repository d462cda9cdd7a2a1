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
use super::state::{Action, Duel, DuelOptions, Score, Setup, WonderSelection};
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
        "progress_in_box": tokens(&setup.progress_in_box),
        "ages": {"1": cards(&setup.ages[0]), "2": cards(&setup.ages[1]), "3": cards(&setup.ages[2])},
        "removed": {"1": cards(&setup.removed[0]), "2": cards(&setup.removed[1]), "3": cards(&setup.removed[2])},
        "guilds_unused": cards(&setup.guilds_unused),
    })
}

/// The JSON of one action as the record writes it, given the state it is played in.
pub fn action_json(state: &Duel, action: Action) -> Value {
    let player = state.current();
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
    }
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
    options: &DuelOptions,
    players: &[String],
    actions: &[Action],
) -> Value {
    let mut game = Duel::from_setup(*setup, *options);
    let mut out = Vec::with_capacity(actions.len());
    for &a in actions {
        out.push(action_json(&game, a));
        game.apply_action(a)
            .expect("a recorded action was legal when played");
    }
    let mut record = json!({
        "format": "wonders-record",
        "version": 1,
        "game": "duel",
        "options": {"expansions": [], "edition": null, "variants": options.variants()},
        "seed": seed,
        "players": players,
        "setup": setup_json(setup),
        "actions": out,
    });
    if let Some(result) = result_json(&game) {
        record["result"] = result;
    }
    record
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
    card_by_id(name).ok_or_else(|| err(format!("{ctx}: unknown card `{name}`")))
}

fn wonder_id(name: &str, ctx: &str) -> Result<WonderId, ReplayError> {
    wonder_by_id(name).ok_or_else(|| err(format!("{ctx}: unknown wonder `{name}`")))
}

fn token_id(name: &str, ctx: &str) -> Result<TokenId, ReplayError> {
    token_by_id(name).ok_or_else(|| err(format!("{ctx}: unknown progress token `{name}`")))
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
        progress_in_box: id_list(
            field(v, "progress_in_box", ctx)?,
            "setup.progress_in_box",
            token_id,
        )?,
        ages,
        removed,
        guilds_unused: id_list(
            field(v, "guilds_unused", ctx)?,
            "setup.guilds_unused",
            card_id,
        )?,
    };
    setup.validate().map_err(|m| err(format!("setup: {m}")))?;
    Ok(setup)
}

/// Reads a record's `options` (unknown variants are refused, naming the valid ones).
pub fn parse_options(v: Option<&Value>) -> Result<DuelOptions, ReplayError> {
    let mut options = DuelOptions {
        wonders: WonderSelection::Draft,
        ..DuelOptions::default()
    };
    let Some(v) = v else { return Ok(options) };
    if let Some(exp) = v.get("expansions").and_then(Value::as_array) {
        if let Some(e) = exp.first() {
            return Err(err(format!(
                "options.expansions: `{e}` is not supported for duel (valid: none)"
            )));
        }
    }
    if let Some(vars) = v.get("variants").and_then(Value::as_array) {
        for var in vars {
            match var.as_str() {
                Some("errata-next-age") => options.errata_next_age = true,
                _ => {
                    return Err(err(format!(
                        "options.variants: unknown variant {var} (valid: \"errata-next-age\")"
                    )))
                }
            }
        }
    }
    Ok(options)
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
    let paid = || int_field(v, "paid", &ctx).map_err(wrap);
    let action = match kind {
        "pick_wonder" => {
            Action::PickWonder(str_field(v, "wonder", &ctx).and_then(|w| wonder_id(w, &ctx)).map_err(wrap)?)
        }
        "build" => Action::Build { card: card()?, paid: paid()?.clamp(0, u16::MAX as i64) as u16 },
        "discard" => {
            let gained = int_field(v, "gained", &ctx).map_err(wrap)?;
            return Ok((player as usize, Action::Discard { card: card()? }, Some(gained)));
        }
        "wonder" => Action::Wonder {
            card: card()?,
            wonder: str_field(v, "wonder", &ctx).and_then(|w| wonder_id(w, &ctx)).map_err(wrap)?,
            paid: paid()?.clamp(0, u16::MAX as i64) as u16,
        },
        "progress" => Action::Progress(token()?),
        "destroy" => Action::Destroy(card()?),
        "build_discarded" => Action::BuildDiscarded(card()?),
        "great_library" => Action::GreatLibrary(token()?),
        "choose_starter" => {
            let s = int_field(v, "starter", &ctx).map_err(wrap)?;
            if !(0..2).contains(&s) {
                return Err(at(index, format!("starter {s} is not a seat (valid: 0, 1)")));
            }
            Action::ChooseStarter(s as u8)
        }
        other => {
            return Err(at(
                index,
                format!(
                    "unknown action type `{other}` (valid: pick_wonder, build, discard, wonder, progress, \
                     destroy, build_discarded, great_library, choose_starter)"
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
    if record.get("format").and_then(Value::as_str) != Some("wonders-record") {
        return Err(err(
            "not a game record: `format` must be \"wonders-record\"",
        ));
    }
    match record.get("version").and_then(Value::as_i64) {
        Some(1) => {}
        other => {
            return Err(err(format!(
                "unsupported record version {other:?} (valid: 1)"
            )))
        }
    }
    match record.get("game").and_then(Value::as_str) {
        Some("duel") => {}
        other => {
            return Err(err(format!(
                "`game` is {other:?}, this replays \"duel\" records"
            )))
        }
    }
    let options = parse_options(record.get("options"))?;
    let setup = parse_setup(field(record, "setup", "record")?)?;
    let actions_v = field(record, "actions", "record")?
        .as_array()
        .ok_or_else(|| err("record: `actions` must be a list"))?;
    let mut game = Duel::from_setup(setup, options);
    let mut actions = Vec::with_capacity(actions_v.len());
    let mut legal = Vec::new();
    for (i, v) in actions_v.iter().enumerate() {
        let (player, action, gained) = parse_action(v, i)?;
        if game.is_over() {
            return Err(at(i, "the game is already over"));
        }
        if player != game.current() {
            return Err(at(
                i,
                format!(
                    "player {player} acts, but it is player {}'s turn",
                    game.current()
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
        game.legal_actions_into(&mut legal);
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
        game.apply_action(action)
            .map_err(|e| at(i, e.to_string()))?;
        actions.push(action);
    }
    let checked_result = match record.get("result") {
        None | Some(Value::Null) => false,
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

fn check_result(game: &Duel, result: &Value) -> Result<(), ReplayError> {
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
    for (seat, pad) in scores.iter().enumerate() {
        let want = &expected["scores"][seat];
        for key in std::iter::once("total").chain(Score::CATEGORIES) {
            let got = field(pad, key, &format!("result.scores[{seat}]"))?;
            if got != &want[key] {
                return Err(err(format!(
                    "result.scores[{seat}].{key} is {got}, the game gives {}",
                    want[key]
                )));
            }
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
