//! What the web page asks of the games (`wonders serve`, `replay --html`): a record replayed
//! step by step as table views, and a game played by people against bots. The rules stay in
//! the engines: the page gets states, legal actions and the words that describe them.

use serde_json::{json, Value};
use wonders_bots::{Bot, BotSpec};

use wonders_common::encoding::Encoded;
use wonders_common::view::{coin_changes, redact, TableView};
use wonders_common::{derive_seed, ReplayError};

/// The most actions a record may have for the page (a 7-player game with every expansion has
/// a few hundred): a longer one is refused rather than replayed for minutes.
const MAX_STEPS: usize = 5_000;

/// Each seat's score-pad lines and total, when the game is over.
fn score_pad<G: TableView>(game: &G) -> Value {
    if !game.is_terminal() {
        return Value::Null;
    }
    let outcome = game.outcome();
    let lines: Vec<&str> = outcome
        .seats
        .first()
        .map(|s| s.categories.iter().map(|(n, _)| *n).collect())
        .unwrap_or_default();
    json!({
        "victory": outcome.victory,
        "lines": lines,
        "seats": outcome.seats.iter().map(|s| json!({
            "values": s.categories.iter().map(|(_, v)| *v).collect::<Vec<_>>(),
            "total": s.total,
            "rank": s.rank,
            "win": s.win,
        })).collect::<Vec<_>>(),
    })
}

/// One step of a replay: where the game stands, who moved, what happened, the table after.
fn step_json<G: TableView>(
    before: Option<(&G, G::Action, &Value)>,
    after: &G,
    view: Value,
    names: &[String],
) -> Value {
    let (seat, lines, public, coins) = match before {
        Some((b, action, before_view)) => (
            Some(b.current_player()),
            G::step_lines(b, action, after),
            G::public_step_lines(b, action, after),
            coin_changes(before_view, &view, names),
        ),
        None => (None, vec!["Set-up".to_string()], Vec::new(), Vec::new()),
    };
    let public = (public != lines).then_some(public);
    json!({
        "label": after.stage_label(),
        "seat": seat,
        "lines": lines,
        "public_lines": public,
        "coins": coins,
        "view": view,
    })
}

fn seat_names(view: &Value) -> Vec<String> {
    view["seats"]
        .as_array()
        .map(|s| {
            s.iter()
                .map(|s| s["name"].as_str().unwrap_or("?").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A record replayed for the page: every step's table (everything on it, hidden things marked),
/// the lines describing each action, and the score pad at the end. The record is replayed and
/// checked whole first: a bad record gives the replay's error.
pub(super) fn replay_view<G: TableView>(record: &Value) -> Result<Value, ReplayError> {
    let full = G::replay(record)?;
    if full.actions.len() > MAX_STEPS {
        return Err(ReplayError::record(format!(
            "{} actions: the page shows records of at most {MAX_STEPS}",
            full.actions.len()
        )));
    }
    // The state after each action: the start replayed from the record's setup, then each
    // action applied. Should the states so reached end elsewhere than the record's replay (a
    // record whose draws our engine would make otherwise, e.g. another implementation's
    // reshuffle), each state is replayed from the record's own prefix instead.
    let mut prefix = record.clone();
    prefix["result"] = Value::Null;
    prefix["actions"] = json!([]);
    let mut states = Vec::with_capacity(full.actions.len() + 1);
    states.push(G::replay(&prefix)?.game);
    for &action in &full.actions {
        let mut next = states[states.len() - 1].clone();
        if next.apply(action).is_err() {
            break;
        }
        states.push(next);
    }
    // Compared whole (hidden deck orders included), through their debugging form.
    let same_end = states.len() == full.actions.len() + 1
        && format!("{:?}", states[full.actions.len()]) == format!("{:?}", full.game);
    if !same_end {
        return replay_view_by_prefixes::<G>(record, &full);
    }
    let mut page = steps_json(record, &states, &full.actions, &full);
    page["stepped_by"] = json!("actions");
    Ok(page)
}

/// The page's replay: a step per action (`states[k + 1]` follows `actions[k]`).
fn steps_json<G: TableView>(
    record: &Value,
    states: &[G],
    actions: &[G::Action],
    full: &wonders_common::Replayed<G>,
) -> Value {
    let views: Vec<Value> = states.iter().map(|g| g.table_view()).collect();
    let names = seat_names(&views[0]);
    let mut steps = vec![step_json::<G>(None, &states[0], views[0].clone(), &names)];
    for (k, &action) in actions.iter().enumerate() {
        steps.push(step_json::<G>(
            Some((&states[k], action, &views[k])),
            &states[k + 1],
            views[k + 1].clone(),
            &names,
        ));
    }
    json!({
        "game": G::info().id,
        "title": views[0]["title"],
        "players": record["players"],
        "seats": names,
        "steps": steps,
        "score": score_pad(&full.game),
        "result_checked": full.result_checked,
    })
}

/// `replay_view` the slow way: the state after each recorded action replayed from the
/// record's own prefix (a recorded action may stand for several of the engine's, e.g. Duel's
/// Divine Theater: the step shows the last). Public for the test that compares it with the fast
/// path.
pub fn replay_view_by_prefixes<G: TableView>(
    record: &Value,
    full: &wonders_common::Replayed<G>,
) -> Result<Value, ReplayError> {
    let recorded = record["actions"].as_array().cloned().unwrap_or_default();
    let mut prefix = record.clone();
    prefix["result"] = Value::Null;
    let mut states = Vec::with_capacity(recorded.len() + 1);
    let mut last_actions = Vec::with_capacity(recorded.len());
    for k in 0..=recorded.len() {
        prefix["actions"] = Value::Array(recorded[..k].to_vec());
        // The whole record keeps its result: a finished game's result may not be null.
        if k == recorded.len() {
            prefix["result"] = record["result"].clone();
        }
        let r = G::replay(&prefix)?;
        if k > 0 {
            last_actions.push(*r.actions.last().ok_or_else(|| {
                ReplayError::at(k - 1, "the record's action made no move of the game")
            })?);
        }
        states.push(r.game);
    }
    let mut page = steps_json(record, &states, &last_actions, full);
    page["stepped_by"] = json!("record prefixes");
    Ok(page)
}

/// Who holds a seat in a game played on the page.
#[derive(Clone, Debug)]
pub enum SeatHolder {
    /// A person, choosing among the legal actions.
    Person,
    /// One of our bots.
    Bot(BotSpec),
}

/// A game played on the page: people at some seats, bots at the others.
pub trait PlayTable {
    /// The game's id.
    fn game_id(&self) -> &'static str;
    /// The table as the person to move sees it (or the first person's seat once the game is
    /// over: then everything is shown), the legal actions when a person is to move, the lines
    /// of every step so far, and the score pad at the end.
    fn state(&self) -> Value;
    /// A person plays legal action `index` (from [`PlayTable::state`]'s list); then the bots
    /// answer until a person is to move or the game is over.
    fn act(&mut self, index: usize) -> Result<(), String>;
    /// The record of the finished game.
    fn record(&self) -> Result<Value, String>;
}

struct Playing<G: TableView> {
    options: G::Options,
    seed: u64,
    game: G,
    actions: Vec<G::Action>,
    holders: Vec<SeatHolder>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    /// Each step: stage label, seat, its lines, and its lines as the other seats see them.
    log: Vec<(String, usize, Vec<String>, Vec<String>)>,
    legal: Vec<G::Action>,
}

impl<G: TableView> Playing<G> {
    fn play(&mut self, action: G::Action) -> Result<(), String> {
        let before = self.game.clone();
        self.game
            .apply(action)
            .map_err(|e| format!("{} was refused: {e:?}", before.action_name(action)))?;
        self.actions.push(action);
        self.log.push((
            before.stage_label(),
            before.current_player(),
            G::step_lines(&before, action, &self.game),
            G::public_step_lines(&before, action, &self.game),
        ));
        Ok(())
    }

    /// Lets the bots move until a person is to move or the game is over.
    fn bots_answer(&mut self) -> Result<(), String> {
        while !self.game.is_terminal() {
            let seat = self.game.current_player();
            let Some(bot) = self.bots[seat].as_mut() else {
                break;
            };
            let action = bot.choose(&self.game);
            self.play(action)?;
        }
        self.game.legal_actions(&mut self.legal);
        Ok(())
    }

    fn is_person(&self, seat: usize) -> bool {
        matches!(self.holders.get(seat), Some(SeatHolder::Person))
    }
}

impl<G: TableView> PlayTable for Playing<G> {
    fn game_id(&self) -> &'static str {
        G::info().id
    }

    fn state(&self) -> Value {
        let over = self.game.is_terminal();
        let to_move = self.game.current_player();
        let view = self.game.table_view();
        let observer = if over {
            None
        } else if self.is_person(to_move) {
            Some(to_move)
        } else {
            self.holders
                .iter()
                .position(|h| matches!(h, SeatHolder::Person))
        };
        let shown = match observer {
            Some(seat) => redact(&view, seat),
            None => view,
        };
        let legal: Vec<Value> = if !over && self.is_person(to_move) {
            self.legal
                .iter()
                .enumerate()
                .map(|(i, a)| json!({"index": i, "text": self.game.action_text(*a)}))
                .collect()
        } else {
            Vec::new()
        };
        json!({
            "game": G::info().id,
            "over": over,
            "label": self.game.stage_label(),
            "to_move": (!over).then_some(to_move),
            "observer": observer,
            "holders": self.holders.iter().map(|h| match h {
                SeatHolder::Person => "person".to_string(),
                SeatHolder::Bot(b) => b.to_string(),
            }).collect::<Vec<_>>(),
            "view": shown,
            "legal": legal,
            // A person sees the full lines of their own seats' steps (and of every step once
            // the game is over), the public lines of the others'.
            "log": self.log.iter().map(|(label, seat, lines, public)| json!({
                "label": label,
                "seat": seat,
                "lines": if over || self.is_person(*seat) { lines } else { public },
            })).collect::<Vec<_>>(),
            "score": score_pad(&self.game),
        })
    }

    fn act(&mut self, index: usize) -> Result<(), String> {
        if self.game.is_terminal() {
            return Err("the game is over: no action is legal".into());
        }
        let seat = self.game.current_player();
        if !self.is_person(seat) {
            return Err(format!("seat {seat} is a bot's: wait for it to move"));
        }
        let Some(&action) = self.legal.get(index) else {
            return Err(format!(
                "action {index} is not legal here (there are {} legal actions, 0 to {})",
                self.legal.len(),
                self.legal.len().saturating_sub(1)
            ));
        };
        self.play(action)?;
        self.bots_answer()
    }

    fn record(&self) -> Result<Value, String> {
        if !self.game.is_terminal() {
            return Err("the game is not over: a record is written for a finished game".into());
        }
        let labels: Vec<String> = self
            .holders
            .iter()
            .map(|h| match h {
                SeatHolder::Person => "person".to_string(),
                SeatHolder::Bot(b) => b.to_string(),
            })
            .collect();
        Ok(self
            .game
            .record(&self.actions, &labels, self.seed, &self.options))
    }
}

/// A new game on the page: one holder per seat; the bots move first where they are to.
pub(super) fn start_play<G: TableView + Encoded>(
    options: G::Options,
    seed: u64,
    holders: Vec<SeatHolder>,
) -> Result<Box<dyn PlayTable>, String> {
    let game = G::new_game(&options, seed);
    let seats = game.num_players();
    if holders.len() != seats {
        return Err(format!(
            "{} seat holders for a {seats}-seat game: give one per seat",
            holders.len()
        ));
    }
    let bots = holders
        .iter()
        .enumerate()
        .map(|(seat, h)| match h {
            SeatHolder::Person => None,
            SeatHolder::Bot(spec) => Some(spec.build::<G>(derive_seed(seed, seat as u64 + 1))),
        })
        .collect();
    let mut table = Playing {
        options,
        seed,
        game,
        actions: Vec::new(),
        holders,
        bots,
        log: Vec::new(),
        legal: Vec::new(),
    };
    table.bots_answer()?;
    Ok(Box::new(table))
}

/// The seats of a game that a record names (`players`), for messages.
pub fn record_game(record: &Value) -> Option<&str> {
    record.get("game").and_then(Value::as_str)
}

/// Replays a record of any game for the page (see `replay_view`).
pub fn replay_for_page(record: &Value) -> Result<Value, ReplayError> {
    let id = record_game(record).ok_or_else(|| {
        ReplayError::record(format!(
            "not a game record (no `game` field; valid games: {})",
            super::ids().join(", ")
        ))
    })?;
    super::game(id)
        .map_err(ReplayError::record)?
        .replay_view(record)
}
