//! The generic simulation layer: parallel self-play runs, tidy per-seat CSV, summaries with
//! Wilson intervals, and bot-vs-bot tournaments with Bradley–Terry / Elo ratings.
//!
//! The simulator knows a game only through [`wonders_bots::Game`] and the small [`SimGame`]
//! trait below (how to set a game up from options and a seed, what the per-seat facts of a
//! finished game are, and its record). Every result is a pure function of the master seed, the
//! game index and the options: game `i` of a run with seed `s` is set up from
//! [`derive_seed(s, i)`](wonders_common::derive_seed) and the bot in seat `p` is seeded with
//! `derive_seed(game_seed, p)`, so outputs are byte-identical whatever the thread count.
//!
//! Entry points: [`simulate`] and [`tournament`], both over one set of [`RunOptions`] and the
//! same phases (check, open outputs, resume, play, finish: see the `run` module), with bots
//! given typed ([`BotFactory`]: a parsed [`wonders_bots::BotSpec`] or any custom maker). They
//! print nothing; they return reports that render themselves as text, Markdown, CSV or JSON. The library installs no signal handler and draws nothing: a run
//! takes a stop flag (raised by the caller, e.g. on Ctrl-C) and a [`Progress`] callback.

mod csv_out;
pub mod outputs;
mod render;
mod resume;
mod run;
mod runner;
mod selfplay;
mod simulate;
mod static_keys;
pub mod stats;
mod summary;
mod tournament;

use std::path::PathBuf;
use std::sync::Arc;

pub use wonders_common::engine::BotFactory;
use wonders_common::engine::{GameOutcome, SeatOutcome, SimGame, WonderColumns, WonderHeld};

pub use csv_out::{Columns, CSV_COLUMNS_DOC};
pub use render::ReportFormat;
pub use run::RunOptions;
pub use runner::Played;
pub use selfplay::{self_play, SelfPlayData, SelfPlayRun};
pub use simulate::{simulate, SimulateOptions, SimulateReport};
pub use summary::{Summary, SummaryRow};
pub use tournament::{tournament, PairResult, Rating, TournamentOptions, TournamentReport};

/// A progress callback: told the number of games done so far (those of a resumed run
/// included) each time a game finishes, from the worker threads. The library draws nothing; the
/// command line turns this into a progress bar.
pub type Progress = Arc<dyn Fn(u64) + Send + Sync>;

/// The bots of a game's seats from a list of one per seat or a single one for every seat.
pub fn seat_bots<T>(bots: &[T], seats: usize) -> Result<Vec<&T>, SimError> {
    match bots.len() {
        1 => Ok(vec![&bots[0]; seats]),
        n if n == seats => Ok(bots.iter().collect()),
        n => Err(SimError::Options(format!(
            "{n} bots given for a {seats}-player game: give one per seat or a single one"
        ))),
    }
}

/// Why a run failed. Interrupting a run is not an error (the report says it was interrupted).
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// An output file could not be created or written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// A bot specification did not parse.
    #[error("bad bot specification: {0}")]
    BotSpec(String),
    /// The options are inconsistent (bot count, game count, …).
    #[error("{0}")]
    Options(String),
    /// The thread pool could not be built.
    #[error("cannot start {threads} worker threads: {message}")]
    ThreadPool {
        /// Threads asked for.
        threads: usize,
        /// The cause.
        message: String,
    },
    /// A bot chose an action the engine refused: a bug in the bot or the engine.
    #[error("game {game_index} (seed {game_seed}): seat {seat} ({bot}) played {action}, refused: {message}")]
    IllegalAction {
        /// Index of the game in the run.
        game_index: u64,
        /// The game's seed, to replay it.
        game_seed: u64,
        /// The seat that moved.
        seat: usize,
        /// The bot in that seat.
        bot: String,
        /// The action, as the engine names it.
        action: String,
        /// The engine's reason.
        message: String,
    },
    /// The engine reported an outcome that does not fit the declared columns.
    #[error("game {game_index} (seed {game_seed}): {message}")]
    Outcome {
        /// Index of the game in the run.
        game_index: u64,
        /// The game's seed.
        game_seed: u64,
        /// What was wrong.
        message: String,
    },
}

/// Plays one game from its seed to the end, bot `p` seeded with `derive_seed(game_seed, p)`
/// exactly as in a run: game `i` of a run with seed `s` is
/// `play_one(options, derive_seed(s, i), seats)`. Useful to replay a CSV row or to record a
/// single game.
pub fn play_one<G: SimGame>(
    options: &G::Options,
    game_seed: u64,
    seats: &[&dyn BotFactory<G>],
) -> Result<Played<G>, SimError> {
    let stop = runner::StopControl::new(None, None);
    let mut bots = runner::SeatBots::default();
    let game = runner::play_game::<G, _>(
        options,
        0,
        game_seed,
        seats,
        &mut bots,
        &stop,
        true,
        |g, a| (g.clone(), a.to_vec()),
    )?;
    Ok(game.expect("a run without a stop flag plays to the end"))
}

impl SimError {
    fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        SimError::Io {
            path: path.into(),
            source,
        }
    }
}
