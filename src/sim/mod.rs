//! The generic simulation layer: parallel self-play runs, tidy per-seat CSV, summaries with
//! Wilson intervals, and bot-vs-bot tournaments with Bradley–Terry / Elo ratings.
//!
//! The simulator knows a game only through [`wonders_bots::Game`] and the small [`SimGame`]
//! trait below (how to set a game up from options and a seed, what the per-seat facts of a
//! finished game are, and its record). Every result is a pure function of the master seed, the
//! game index and the options: game `i` of a run with seed `s` is set up from
//! [`derive_seed(s, i)`](crate::common::derive_seed) and the bot in seat `p` is seeded with
//! `derive_seed(game_seed, p)`, so outputs are byte-identical whatever the thread count.
//!
//! Entry points for the command line: [`simulate`] / [`simulate_with_bots`] and [`tournament`] /
//! [`tournament_with_bots`]. They print nothing; they return reports that render themselves as
//! text, Markdown, CSV or JSON. The library installs no signal handler and draws nothing: a run
//! takes a stop flag (raised by the caller, e.g. on Ctrl-C) and a [`Progress`] callback.

mod csv_out;
mod render;
mod resume;
mod runner;
mod selfplay;
mod simulate;
pub mod stats;
mod summary;
mod tournament;

use std::path::PathBuf;
use std::sync::Arc;

use wonders_bots::{Bot, BotSpec, Game};

use crate::common::engine::{GameOutcome, SeatOutcome, SimGame, WonderColumns, WonderHeld};

pub use csv_out::{Columns, CSV_COLUMNS_DOC};
pub use render::ReportFormat;
pub use runner::Played;
pub use selfplay::{self_play, SelfPlayData, SelfPlayRun};
pub use simulate::{
    simulate, simulate_mixed, simulate_mixed_specs, simulate_with_bots, SimulateOptions,
    SimulateReport,
};
pub use summary::{Summary, SummaryRow};
pub use tournament::{
    tournament, tournament_with_bots, PairResult, Rating, TournamentOptions, TournamentReport,
};

/// A progress callback: told the number of games done so far (those of a resumed run
/// included) each time a game finishes, from the worker threads. The library draws nothing; the
/// command line turns this into a progress bar.
pub type Progress = Arc<dyn Fn(u64) + Send + Sync>;

/// A source of bots for one seat: a parsed [`BotSpec`] or any custom maker (tests, research
/// scripts). The label names the bot in every output and must be unique within a tournament.
pub trait BotFactory<G: Game>: Send + Sync {
    /// The bot's name in outputs (for a spec, its canonical text).
    fn label(&self) -> String;
    /// A fresh bot seeded with `seed`.
    fn build(&self, seed: u64) -> Box<dyn Bot<G>>;
    /// Refuses a game the bot cannot play (a network made for another game), with a message
    /// saying why. Checked on each game before its bots are built.
    fn check(&self, game: &G) -> Result<(), String> {
        let _ = game;
        Ok(())
    }
}

impl<G: Game> BotFactory<G> for BotSpec {
    fn label(&self) -> String {
        self.to_string()
    }
    fn check(&self, game: &G) -> Result<(), String> {
        BotSpec::check(self, game).map_err(|e| e.to_string())
    }
    fn build(&self, seed: u64) -> Box<dyn Bot<G>> {
        BotSpec::build::<G>(self, seed)
    }
}

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

/// Parses bot specifications, naming the first bad one.
pub(crate) fn parse_specs(specs: &[String]) -> Result<Vec<BotSpec>, SimError> {
    specs
        .iter()
        .map(|s| BotSpec::parse(s).map_err(|e| SimError::BotSpec(e.to_string())))
        .collect()
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
    let game = runner::play_game::<G>(options, 0, game_seed, seats, &stop, true)?;
    Ok(game.expect("a run without a stop flag plays to the end"))
}

/// Refuses a run whose outputs would clobber each other (the same file given twice) or
/// overwrite the non-empty output of another run without `force`: checked before anything runs.
pub(crate) fn check_outputs(
    outputs: &[(&str, Option<&std::path::Path>)],
    overwritten: &[(&str, Option<&std::path::Path>)],
    force: bool,
) -> Result<(), SimError> {
    let named: Vec<(&str, std::path::PathBuf)> = outputs
        .iter()
        .filter_map(|(flag, p)| p.map(|p| (*flag, same_file_key(p))))
        .collect();
    for (i, (a, pa)) in named.iter().enumerate() {
        if let Some((b, _)) = named[..i].iter().find(|(_, pb)| pb == pa) {
            return Err(SimError::Options(format!(
                "{b} and {a} name the same file {}: give each output its own file",
                pa.display()
            )));
        }
    }
    if !force {
        for (flag, path) in overwritten {
            let Some(path) = path else { continue };
            if std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() > 0) {
                return Err(SimError::Options(format!(
                    "{flag} {} already holds data: add --force to overwrite it, or --resume to \
                     continue the run it holds",
                    path.display()
                )));
            }
        }
    }
    Ok(())
}

/// A path as compared for sameness: its directory resolved (so `./x` and `x` are one file).
fn same_file_key(path: &std::path::Path) -> std::path::PathBuf {
    let name = path.file_name().map(|n| n.to_owned());
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => std::path::PathBuf::from("."),
    };
    match (std::fs::canonicalize(&dir), name) {
        (Ok(d), Some(n)) => d.join(n),
        _ => path.to_owned(),
    }
}

impl SimError {
    fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        SimError::Io {
            path: path.into(),
            source,
        }
    }
}
