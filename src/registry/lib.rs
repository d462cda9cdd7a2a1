//! The one table of games: each game's id, its options grammar, and what can be done with it
//! (play with a log, replay, list components, simulate, tournament). This is the only module
//! that names games; the command line and the Python module reach games only through it.
//!
//! Adding a game: implement [`GameModule`] and `common::encoding::Encoded` (its action ids and
//! observation) in its module and add one line to [`GAMES`].

use std::marker::PhantomData;

mod web;
pub use web::{replay_for_page, replay_view_by_prefixes, PlayTable, SeatHolder};

use serde_json::Value;
use wonders_bots::BotSpec;

use wonders_architects::Architects;
use wonders_classic::ClassicGame;
use wonders_common::encoding::{observation_names, Encoded};
use wonders_common::options::cut;
use wonders_common::session::{self, ExternalBot, ExternalFactory, Failure, Session};
use wonders_common::view::TableView;
#[cfg(doc)]
use wonders_common::GameModule;
use wonders_common::{GameInfo, OptionSet, ReplayError, Table};
use wonders_duel::Duel;
use wonders_sim as sim;
// What the command line and Python need of the runner, so that they reach it through the one
// table of games rather than beside it.
pub use wonders_sim::outputs::OutputFile;
pub use wonders_sim::{
    Progress, ReportFormat, RunOptions, SelfPlayRun, SimulateOptions, SimulateReport,
    TournamentOptions, TournamentReport,
};

/// Every game, in the order `wonders games` lists them.
pub static GAMES: &[&dyn Entry] = &[
    &Registered::<Duel>::NEW,
    &Registered::<ClassicGame>::NEW,
    &Registered::<Architects>::NEW,
];

/// The game `id`, or an error listing the games.
pub fn game(id: &str) -> Result<&'static dyn Entry, String> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.info().id == id)
        .ok_or_else(|| {
            format!(
                "unknown game `{}`{} (valid: {})",
                cut(id),
                wonders_bots::did_you_mean(id, &ids()),
                ids().join(", ")
            )
        })
}

/// The ids of every game.
pub fn ids() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.info().id).collect()
}

/// Splits a game spec `id` or `id:key=value,...` into the game and its options.
pub fn parse_game_spec(spec: &str) -> Result<(&'static dyn Entry, OptionSet), String> {
    let (id, options) = spec.split_once(':').unwrap_or((spec, ""));
    let game = game(id.trim())?;
    let options = OptionSet::parse(options).map_err(|e| e.to_string())?;
    Ok((game, options))
}

/// A seat-holder of a tournament: one of our bots, or one from outside (a Python callable).
#[derive(Clone)]
pub enum TournamentBot {
    /// One of our bots.
    Spec(BotSpec),
    /// A bot from outside.
    External(std::sync::Arc<dyn ExternalBot>),
}

/// A game played by `play`: its log, its score pad, and its record.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The readable log: header, every step, and the score pad.
    pub log: Vec<String>,
    /// The final score pad alone.
    pub score_pad: Vec<String>,
    /// The game record.
    pub record: Value,
}

/// A record replayed and found consistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayedRecord {
    /// Actions re-executed.
    pub actions: usize,
    /// True when the record had a `result` and every figure of it matched.
    pub result_checked: bool,
}

/// One game of the registry, with its options still in text form: every method checks them
/// first (unknown keys are refused, naming the valid ones).
pub trait Entry: Sync {
    /// The game's description.
    fn info(&self) -> &'static GameInfo;
    /// Checks the options; returns the label the CSV's `options` column would hold.
    fn check(&self, options: &OptionSet) -> Result<String, String>;
    /// Seats of a game with these options.
    fn seats(&self, options: &OptionSet) -> Result<usize, String>;
    /// Plays one game from `seed` with one bot per seat (or one for every seat), seeded exactly
    /// as game `i` of a `simulate` run whose game seed is `seed`.
    fn play(&self, options: &OptionSet, seed: u64, bots: &[BotSpec]) -> Result<PlayedGame, String>;
    /// Replays a record of this game and checks it.
    fn replay(&self, record: &Value) -> Result<ReplayedRecord, ReplayError>;
    /// The component table.
    fn components(&self, options: &OptionSet) -> Result<Table, String>;
    /// The options parsed and checked once, as a [`Configuration`] to run: `simulate` and
    /// `tournament` start here. A `players` value naming several counts (`3-7`, `3+5`) gives
    /// one configuration per count.
    fn configure(&self, options: &OptionSet) -> Result<Box<dyn Configuration>, String>;
    /// A game to play step by step through action ids (the Python module's `Game`).
    fn session(&self, options: &OptionSet, seed: u64) -> Result<Box<dyn Session>, String>;
    /// The number of action ids of games with these options.
    fn action_space(&self, options: &OptionSet) -> Result<usize, String>;
    /// The name of every action id, in id order.
    fn action_labels(&self, options: &OptionSet) -> Result<Vec<String>, String>;
    /// The names of the observation features, in order.
    fn observation_names(&self, options: &OptionSet) -> Result<Vec<String>, String>;
    /// A record of this game as a [`Session`] at its last recorded action: the record is
    /// checked as `replay` checks it, its setup dealt as written. `options` are the record's
    /// options in the options grammar (they fix the action ids and the observation).
    fn session_from_record(
        &self,
        options: &OptionSet,
        record: &Value,
    ) -> Result<Box<dyn Session>, String>;
    /// One training row per recorded action of a record (checked as `replay` checks it): what
    /// the player to move saw, its legal ids, the id it played, and every seat's return.
    fn record_rows(&self, options: &OptionSet, record: &Value) -> Result<RecordRows, String>;
    /// Self-play training data (see [`sim::self_play`]).
    fn self_play(
        &self,
        options: &OptionSet,
        run: &sim::SelfPlayRun,
    ) -> Result<sim::SelfPlayData, String>;
    /// A record of this game replayed for the web page: every step's table view, the lines of
    /// each action and the score pad (see `common::view`).
    fn replay_view(&self, record: &Value) -> Result<Value, ReplayError>;
    /// A game for the web page: a person or a bot at each seat.
    fn start_play(
        &self,
        options: &OptionSet,
        seed: u64,
        holders: Vec<SeatHolder>,
    ) -> Result<Box<dyn PlayTable>, String>;
}

/// A game's options parsed and checked (by [`Entry::configure`]): what `simulate` and
/// `tournament` play, and what the command line asks before a run (its label, its seats).
pub trait Configuration: Send + Sync {
    /// The game's description.
    fn info(&self) -> &'static GameInfo;
    /// The label the CSV's `options` column holds (the labels of a run over several player
    /// counts joined by ` | `).
    fn label(&self) -> String;
    /// The seats of each configuration, read from the options (no game is set up).
    fn seats(&self) -> Vec<usize>;
    /// A self-play run: `bots` holds one bot per seat (seat 0 first) or a single one for
    /// every seat; game `i` plays configuration `i mod k` of a run over `k` player counts.
    fn simulate(&self, run: &SimulateOptions, bots: &[BotSpec]) -> Result<SimulateReport, String>;
    /// A tournament between bots of ours (`Spec`) and bots from outside (`External`), on one
    /// configuration. An external bot's failure stops the run and is returned as the error.
    fn tournament(
        &self,
        run: &TournamentOptions,
        bots: &[TournamentBot],
    ) -> Result<TournamentReport, String>;
}

/// The [`Configuration`] of a game type: one set of options per player count of the run.
struct Configured<G: wonders_common::SimGame> {
    variants: Vec<G::Options>,
    /// Why a single game cannot be played with these options (several player counts).
    not_single: Option<String>,
}

impl<G: Encoded> Configuration for Configured<G> {
    fn info(&self) -> &'static GameInfo {
        G::info()
    }

    fn label(&self) -> String {
        let labels: Vec<String> = self.variants.iter().map(G::options_label).collect();
        labels.join(" | ")
    }

    fn seats(&self) -> Vec<usize> {
        self.variants.iter().map(G::players).collect()
    }

    fn simulate(&self, run: &SimulateOptions, bots: &[BotSpec]) -> Result<SimulateReport, String> {
        let factories: Vec<&dyn sim::BotFactory<G>> = bots.iter().map(|b| b as _).collect();
        sim::simulate::<G>(run, &self.variants, &factories).map_err(|e| e.to_string())
    }

    fn tournament(
        &self,
        run: &TournamentOptions,
        bots: &[TournamentBot],
    ) -> Result<TournamentReport, String> {
        if let Some(e) = &self.not_single {
            return Err(e.clone());
        }
        let options = &self.variants[0];
        let stop = run.run.stop.clone().unwrap_or_default();
        let failure = Failure::new(stop.clone());
        let owned: Vec<Box<dyn sim::BotFactory<G>>> = bots
            .iter()
            .map(|b| -> Box<dyn sim::BotFactory<G>> {
                match b {
                    TournamentBot::Spec(spec) => Box::new(spec.clone()),
                    TournamentBot::External(bot) => Box::new(ExternalFactory {
                        bot: bot.clone(),
                        options: options.clone(),
                        failure: failure.clone(),
                    }),
                }
            })
            .collect();
        let factories: Vec<&dyn sim::BotFactory<G>> = owned.iter().map(|b| b.as_ref()).collect();
        let run = TournamentOptions {
            run: RunOptions {
                stop: Some(stop),
                ..run.run.clone()
            },
            ..run.clone()
        };
        let report = sim::tournament::<G>(&run, options, &factories).map_err(|e| e.to_string());
        match failure.take() {
            Some(message) => Err(message),
            None => report,
        }
    }
}

/// The training rows of one record (see [`Entry::record_rows`]): row `k` is the state before
/// action `k`.
#[derive(Clone, Debug, Default)]
pub struct RecordRows {
    /// Features per observation.
    pub observation_len: usize,
    /// Action ids.
    pub action_space: usize,
    /// `rows * observation_len` features: what the player to move saw.
    pub observations: Vec<f32>,
    /// `rows * action_space` flags: the legal ids of that state.
    pub masks: Vec<i8>,
    /// The seat that moved.
    pub seats: Vec<u32>,
    /// The id of the action it played (an id stands for its cheapest payment: a recorded
    /// dearer payment has the same id).
    pub actions: Vec<u32>,
    /// Every seat's return at the end of the record (all 0 if it stops before the end).
    pub returns: Vec<f64>,
    /// True when the record's game is over.
    pub finished: bool,
}

/// A record replayed: the state its setup deals, the state after its last action, its
/// actions, and the state before each action when asked (`prefixes`: the record cut before
/// action `k` and replayed, for records whose setup is not their seed's deal).
struct RecordGame<G: Encoded> {
    initial: G,
    last: G,
    actions: Vec<G::Action>,
}

impl<G: Encoded> RecordGame<G> {
    fn read(record: &Value) -> Result<Self, String> {
        let replayed = G::replay(record).map_err(|e| e.to_string())?;
        let initial = Self::before(record, 0)?;
        Ok(RecordGame {
            initial,
            last: replayed.game,
            actions: replayed.actions,
        })
    }

    /// The state before action `k` of the record, as its own replay reaches it.
    fn before(record: &Value, k: usize) -> Result<G, String> {
        let mut cut = record.clone();
        if let Some(fields) = cut.as_object_mut() {
            let actions = fields
                .get("actions")
                .and_then(Value::as_array)
                .map(|a| a[..k.min(a.len())].to_vec())
                .unwrap_or_default();
            fields.insert("actions".into(), Value::Array(actions));
            fields.insert("result".into(), Value::Null);
        }
        Ok(G::replay(&cut).map_err(|e| e.to_string())?.game)
    }

    /// The deal of the record's seed played as recorded, when it is the record's game.
    fn dealt(&self, options: &G::Options, record: &Value) -> Option<session::Of<G>> {
        let seed = record.get("seed").and_then(Value::as_u64)?;
        session::Of::<G>::from_seed_and_record(
            options.clone(),
            seed,
            &self.initial,
            &self.last,
            &self.actions,
        )
    }
}

/// The registry's handle on a game type.
pub struct Registered<G>(PhantomData<fn() -> G>);

impl<G> Registered<G> {
    /// The handle.
    pub const NEW: Registered<G> = Registered(PhantomData);
}

/// The player counts of a `players` value that names several (`3-7`, `3+5+7`), or `None`
/// for a single value (left to the game to check).
fn player_counts(value: &str) -> Result<Option<Vec<usize>>, String> {
    let number = |t: &str| {
        t.trim().parse::<usize>().map_err(|_| {
            format!(
                "players `{}`: write a number, a range (3-7) or a list (3+5+7)",
                cut(value)
            )
        })
    };
    if let Some((low, high)) = value.split_once('-') {
        let (low, high) = (number(low)?, number(high)?);
        if low >= high {
            return Err(format!(
                "players `{}`: a range goes from the lower count to the higher (e.g. 3-7)",
                cut(value)
            ));
        }
        return Ok(Some((low..=high).collect()));
    }
    let parts: Vec<&str> = value.split(['+', ',']).collect();
    if parts.len() < 2 {
        return Ok(None);
    }
    let mut counts = parts
        .into_iter()
        .map(number)
        .collect::<Result<Vec<_>, _>>()?;
    counts.sort_unstable();
    if let Some(w) = counts.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!(
            "players `{}`: {} is given twice (a list names each count once, e.g. 3+5+7)",
            cut(value),
            w[0]
        ));
    }
    Ok(Some(counts))
}

/// Why a game cannot be played with a `players` value naming several counts.
fn several_counts(value: &str) -> String {
    format!(
        "players `{}`: one game has one player count (a range or list of counts is for \
         simulate)",
        cut(value)
    )
}

impl<G: Encoded> Registered<G> {
    /// The options of one game (a `players` value naming several counts is refused).
    fn options(&self, options: &OptionSet) -> Result<G::Options, String> {
        options.check_keys(G::info()).map_err(|e| e.to_string())?;
        if let Some(value) = options.get("players") {
            if player_counts(value)?.is_some() {
                return Err(several_counts(value));
            }
        }
        G::parse_options(options)
    }

    /// One configuration per player count when `players` names several, else one; each
    /// parsed once.
    fn configured(&self, options: &OptionSet) -> Result<Configured<G>, String> {
        options.check_keys(G::info()).map_err(|e| e.to_string())?;
        let players = options.get("players");
        let counts = match players {
            Some(value) => player_counts(value)?,
            None => None,
        };
        let variants = match counts {
            None => vec![G::parse_options(options)?],
            Some(counts) => counts
                .into_iter()
                .map(|n| G::parse_options(&options.with("players", &n.to_string())))
                .collect::<Result<_, _>>()?,
        };
        Ok(Configured {
            not_single: (variants.len() > 1).then(|| several_counts(players.unwrap_or(""))),
            variants,
        })
    }
}

impl<G: Encoded + TableView> Entry for Registered<G> {
    fn info(&self) -> &'static GameInfo {
        G::info()
    }

    fn check(&self, options: &OptionSet) -> Result<String, String> {
        Ok(self.configured(options)?.label())
    }

    fn seats(&self, options: &OptionSet) -> Result<usize, String> {
        Ok(G::players(&self.options(options)?))
    }

    fn configure(&self, options: &OptionSet) -> Result<Box<dyn Configuration>, String> {
        Ok(Box::new(self.configured(options)?))
    }

    fn play(&self, options: &OptionSet, seed: u64, bots: &[BotSpec]) -> Result<PlayedGame, String> {
        let options = self.options(options)?;
        let seats = G::players(&options);
        let bots = sim::seat_bots(bots, seats).map_err(|e| e.to_string())?;
        let factories: Vec<&dyn sim::BotFactory<G>> = bots.iter().map(|b| *b as _).collect();
        let (game, actions) =
            sim::play_one::<G>(&options, seed, &factories).map_err(|e| e.to_string())?;
        let labels: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
        Ok(PlayedGame {
            log: G::play_log(&options, seed, &labels, &actions),
            score_pad: game.score_pad(),
            record: game.record(&actions, &labels, seed, &options),
        })
    }

    fn replay(&self, record: &Value) -> Result<ReplayedRecord, ReplayError> {
        G::replay(record).map(|r| ReplayedRecord {
            actions: r.actions.len(),
            result_checked: r.result_checked,
        })
    }

    fn components(&self, options: &OptionSet) -> Result<Table, String> {
        Ok(G::components(&self.options(options)?))
    }

    fn self_play(
        &self,
        options: &OptionSet,
        run: &sim::SelfPlayRun,
    ) -> Result<sim::SelfPlayData, String> {
        let options = self.options(options)?;
        sim::self_play::<G>(&options, run).map_err(|e| e.to_string())
    }

    fn session(&self, options: &OptionSet, seed: u64) -> Result<Box<dyn Session>, String> {
        Ok(Box::new(session::Of::<G>::new(
            self.options(options)?,
            seed,
        )))
    }

    fn action_space(&self, options: &OptionSet) -> Result<usize, String> {
        Ok(G::action_space(&self.options(options)?))
    }

    fn action_labels(&self, options: &OptionSet) -> Result<Vec<String>, String> {
        let options = self.options(options)?;
        Ok((0..G::action_space(&options))
            .map(|id| G::action_label(&options, id))
            .collect())
    }

    fn observation_names(&self, options: &OptionSet) -> Result<Vec<String>, String> {
        Ok(observation_names::<G>(&self.options(options)?))
    }

    fn session_from_record(
        &self,
        options: &OptionSet,
        record: &Value,
    ) -> Result<Box<dyn Session>, String> {
        let options = self.options(options)?;
        let read = RecordGame::<G>::read(record)?;
        Ok(match read.dealt(&options, record) {
            Some(dealt) => Box::new(dealt),
            None => Box::new(session::Of::<G>::from_state(options, read.last)),
        })
    }

    fn record_rows(&self, options: &OptionSet, record: &Value) -> Result<RecordRows, String> {
        let options = self.options(options)?;
        let read = RecordGame::<G>::read(record)?;
        let dealt = read.dealt(&options, record);
        let seeded = dealt.is_some();
        let mut game = match dealt {
            // Rebuilt from the seed: walk it again from the deal.
            Some(_) => session::Of::<G>::new(options.clone(), record["seed"].as_u64().unwrap_or(0)),
            None => session::Of::<G>::from_state(options.clone(), read.initial.clone()),
        };
        let (len, space) = (game.observation_len(), game.action_space());
        let mut rows = RecordRows {
            observation_len: len,
            action_space: space,
            observations: vec![0.0; read.actions.len() * len],
            masks: vec![0; read.actions.len() * space],
            ..RecordRows::default()
        };
        for (k, &action) in read.actions.iter().enumerate() {
            if !seeded && k > 0 {
                // Only the record's own replay knows what was drawn: replay it up to here.
                game = session::Of::<G>::from_state(
                    options.clone(),
                    RecordGame::<G>::before(record, k)?,
                );
            }
            let seat = game.current_player();
            game.observe(seat, &mut rows.observations[k * len..(k + 1) * len]);
            game.mask(&mut rows.masks[k * space..(k + 1) * space]);
            rows.seats.push(seat as u32);
            rows.actions.push(game.game().action_id(action).0 as u32);
            if seeded {
                game.play_action(action)
                    .map_err(|e| format!("action {k}: {e}"))?;
            }
        }
        if !seeded {
            game = session::Of::<G>::from_state(options, read.last);
        }
        rows.returns = game.returns();
        rows.finished = game.is_terminal();
        Ok(rows)
    }

    fn replay_view(&self, record: &Value) -> Result<Value, ReplayError> {
        web::replay_view::<G>(record)
    }

    fn start_play(
        &self,
        options: &OptionSet,
        seed: u64,
        holders: Vec<SeatHolder>,
    ) -> Result<Box<dyn PlayTable>, String> {
        web::start_play::<G>(self.options(options)?, seed, holders)
    }
}

/// Replays one record of any game: the record's `game` field picks the game.
pub fn replay(record: &Value) -> Result<ReplayedRecord, ReplayError> {
    let id = record.get("game").and_then(Value::as_str).ok_or_else(|| {
        ReplayError::record(format!(
            "not a game record (no `game` field; valid games: {})",
            ids().join(", ")
        ))
    })?;
    game(id).map_err(ReplayError::record)?.replay(record)
}
