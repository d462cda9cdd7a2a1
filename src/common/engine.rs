//! The engine vocabulary: what every game of the family implements, below both the games and
//! the simulator, so that the runner names no game and a game knows no runner.
//!
//! - [`SimGame`]: what the simulator needs on top of [`Game`] (set-up from options and a seed,
//!   the per-seat facts of a finished game, its record);
//! - [`GameModule`]: what the registry, the command line and the conformance kit need (the
//!   game's description and options grammar, replay, the readable log, the component tables,
//!   what a seat may see).

use std::borrow::Cow;
use std::fmt::Debug;

use serde_json::Value;
use wonders_bots::{Bot, BotSpec, Game};

use super::options::{GameInfo, OptionSet};
use super::record::ReplayError;
use super::table::Table;

/// A source of bots for one seat: a parsed [`BotSpec`] or any custom maker (tests, research
/// scripts, a Python bot behind a [`super::session::ExternalFactory`]). The label names the bot
/// in every output and must be unique within a tournament. Here rather than in the runner so
/// that what makes bots (sessions included) need not know the runner.
pub trait BotFactory<G: Game>: Send + Sync {
    /// The bot's name in outputs (for a spec, its canonical text).
    fn label(&self) -> String;
    /// A fresh bot seeded with `seed`.
    fn build(&self, seed: u64) -> Box<dyn Bot<G>>;
    /// Makes `bot`, built by this factory for an earlier game, play as `build(seed)` would,
    /// and returns true; false (the default) when it cannot, and the runner builds a new one.
    /// Here rather than only on the bot because the factory decides what `seed` becomes.
    fn reseed(&self, bot: &mut dyn Bot<G>, seed: u64) -> bool {
        let _ = (bot, seed);
        false
    }
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
    /// A spec hands `seed` to its bot unchanged, so the bot's own re-seed is the spec's.
    fn reseed(&self, bot: &mut dyn Bot<G>, seed: u64) -> bool {
        bot.reseed(seed)
    }
}

/// What the simulator needs from a game on top of [`Game`]. Each engine implements it once.
///
/// The column set of the CSV must be known before the first game is played, so everything that
/// shapes it ([`SimGame::score_categories`], [`SimGame::wonder_columns`]) depends on the options
/// only, never on a particular game.
pub trait SimGame: Game {
    /// The game's configuration as parsed by the command line (edition, expansions, player
    /// count, …).
    type Options: Clone + Send + Sync;

    /// Sets up a game from its options and its own seed; every random draw comes from `seed`.
    fn new_game(options: &Self::Options, seed: u64) -> Self;

    /// The number of seats of a game set up with `options`, read from the options (a run
    /// sizes its tables and checks its bots before setting any game up).
    fn players(options: &Self::Options) -> usize;

    /// The game's id as in records: `"duel"`, `"classic"`, …
    fn game_name(options: &Self::Options) -> &'static str;

    /// A short, stable, human-readable label of the options (e.g. `v2+leaders,5p`), written in
    /// the `options` column of the CSV.
    fn options_label(options: &Self::Options) -> String;

    /// The score pad's lines in their printed order, the total excluded (e.g. `civilian`,
    /// `science`, …). Every [`SeatOutcome::categories`] names exactly these.
    fn score_categories(options: &Self::Options) -> Vec<&'static str>;

    /// What seat order means, for the summary's per-seat table (Duel: `seat 0 plays first`);
    /// `None` where seats choose simultaneously and seat 0 is only a position at the table.
    fn seat_order(_options: &Self::Options) -> Option<&'static str> {
        None
    }

    /// How wonders are held by a seat, which decides the wonder columns of the CSV.
    fn wonder_columns(options: &Self::Options) -> WonderColumns;

    /// The team `seat` plays in, numbered from 0, when `options` play in teams (7 Wonders'
    /// team variant); `None` for every seat otherwise. Partners share their victory: every
    /// seat of a winning team has [`SeatOutcome::win`], and ranks are the teams' ranks.
    fn team_of(_options: &Self::Options, _seat: usize) -> Option<usize> {
        None
    }

    /// The game's own summary dimensions (medals won, Divinities activated, …), each a CSV
    /// column and a win-rate table; every [`SeatOutcome::features`] belongs to one of these.
    fn feature_tables(_options: &Self::Options) -> &'static [&'static FeatureTable] {
        &[]
    }

    /// The game record (`wonders-record` JSON frame, `result` included) of a finished game
    /// that was played from `new_game(options, seed)` with `actions`.
    fn record(
        &self,
        actions: &[Self::Action],
        players: &[String],
        seed: u64,
        options: &Self::Options,
    ) -> serde_json::Value;

    /// Per-seat facts of a finished game, written over `out`: its lists are emptied and
    /// refilled, their capacity kept, so that a runner handing the same outcome to game after
    /// game allocates nothing (see [`GameOutcome::reset`]). Called only when
    /// [`Game::is_terminal`] is true.
    fn outcome_into(&self, out: &mut GameOutcome);

    /// Per-seat facts of a finished game, in a new [`GameOutcome`] (see
    /// [`SimGame::outcome_into`]). Called only when [`Game::is_terminal`] is true.
    fn outcome(&self) -> GameOutcome {
        let mut out = GameOutcome::default();
        self.outcome_into(&mut out);
        out
    }
}

/// How a game gives wonders to its seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WonderColumns {
    /// Each seat drafts several wonders and builds some of them (Duel): CSV columns `wonders`
    /// and `wonders_built`; summary win rates per wonder drafted and per wonder built.
    Drafted,
    /// Each seat holds one wonder on one side and builds its stages (7 Wonders): CSV columns
    /// `wonder`, `side` and `stages_built`; summary win rates per wonder and side.
    OnePerSeat,
}

/// One dimension a game adds to the CSV and the summary: a set of facts a seat may have by the
/// end of a game (a medal won, a Divinity activated, a leader recruited), each named by a key
/// from the game's tables. Declared as a `static` by the game (see
/// [`SimGame::feature_tables`]).
#[derive(Debug, PartialEq, Eq)]
pub struct FeatureTable {
    /// The CSV column: the seat's keys, `;`-separated, in the order of [`FeatureTable::keys`].
    pub column: &'static str,
    /// The summary table of win rates per key, e.g. `win_rate_by_medal`.
    pub id: &'static str,
    /// Its title, e.g. `Win rate by medal won`.
    pub title: &'static str,
    /// The heading of its key column, e.g. `medal`.
    pub key: &'static str,
    /// Every key the game can report, in display order.
    pub keys: &'static [&'static str],
    /// When true the summary also gives the share of games in which at least one seat had
    /// each key (table `games_with_` followed by the part of `id` after `win_rate_by_`).
    pub games_with: bool,
}

impl FeatureTable {
    /// The key of this table equal to `text`, if any (reading a CSV back).
    pub fn key_named(&self, text: &str) -> Option<&'static str> {
        self.keys.iter().copied().find(|k| *k == text)
    }

    /// The id of the games-with table, if the table has one.
    pub fn games_with_id(&self) -> Option<String> {
        self.games_with.then(|| {
            let rest = self.id.strip_prefix("win_rate_by_").unwrap_or(self.id);
            format!("games_with_{rest}")
        })
    }
}

/// A fact about one seat's game that the summary splits win rates by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature {
    /// The dimension (one of the game's [`SimGame::feature_tables`]).
    pub table: &'static FeatureTable,
    /// One of `table.keys`.
    pub key: &'static str,
}

/// A wonder held by a seat at the end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WonderHeld {
    /// The wonder's id (lowercase snake_case, as in records). Borrowed from the game's tables
    /// (no allocation per game); owned only when read back from a CSV.
    pub id: Cow<'static, str>,
    /// The board side (`a`, `b`, `day`, `night`), or `None` where wonders have no sides.
    pub side: Option<Cow<'static, str>>,
    /// Stages built by the end of the game.
    pub stages_built: u32,
    /// Stages the wonder has (1 for a Duel wonder).
    pub stages_total: u32,
}

impl WonderHeld {
    /// True when every stage is built.
    pub fn is_built(&self) -> bool {
        self.stages_built >= self.stages_total && self.stages_total > 0
    }
}

/// The per-seat facts of a finished game, as the engine reports them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameOutcome {
    /// The victory type (`civilian`, `military`, `science`, …).
    pub victory: Cow<'static, str>,
    /// The number of turns played, as the engine counts them.
    pub turns: u32,
    /// One entry per seat, seat 0 first.
    pub seats: Vec<SeatOutcome>,
}

impl GameOutcome {
    /// Makes this outcome `players` seats long, each seat's lists emptied but their capacity
    /// kept: what [`SimGame::outcome_into`] starts with, so that refilling an outcome of the
    /// same shape allocates nothing. The other fields keep their values until written.
    pub fn reset(&mut self, players: usize) -> &mut [SeatOutcome] {
        self.seats.truncate(players);
        self.seats.resize_with(players, SeatOutcome::default);
        for seat in &mut self.seats {
            seat.wonders.clear();
            seat.categories.clear();
            seat.features.clear();
        }
        &mut self.seats
    }
}

/// One seat's facts in a [`GameOutcome`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatOutcome {
    /// The wonders the seat held (drafted, or its one board).
    pub wonders: Vec<WonderHeld>,
    /// Final rank, 1 = best; tied seats share a rank.
    pub rank: u32,
    /// True for every seat that won, including each seat of a shared victory.
    pub win: bool,
    /// The score pad's lines, named as in [`SimGame::score_categories`] (the total excluded).
    pub categories: Vec<(&'static str, i32)>,
    /// The total score.
    pub total: i32,
    /// Coins at the end of the game.
    pub coins: i32,
    /// The seat's facts along the game's own dimensions ([`SimGame::feature_tables`]), in
    /// table order then key order; empty for games that declare none.
    pub features: Vec<Feature>,
}

impl SeatOutcome {
    /// The score-pad line `category` (0 if the game has no such line).
    pub fn score(&self, category: &str) -> i32 {
        self.categories
            .iter()
            .find(|(n, _)| *n == category)
            .map_or(0, |(_, v)| *v)
    }
}

/// A record replayed: the finished (or stopped) game, the actions that made it, and whether a
/// recorded `result` was there to be checked.
#[derive(Clone, Debug)]
pub struct Replayed<G: Game> {
    /// The game after the last recorded action.
    pub game: G,
    /// The record's actions, in order.
    pub actions: Vec<G::Action>,
    /// True when the record had a `result` and every figure of it matched.
    pub result_checked: bool,
}

/// A game as the registry, the command line and the conformance kit see it. One
/// implementation per game module; adding a game means implementing this and adding one line
/// to the registry.
pub trait GameModule: SimGame {
    /// What a seat may see of a state: compared before and after a determinization, which must
    /// never change it.
    type View: Eq + Debug;

    /// The game's description: id, seat range, options, expansions, variants, score lines.
    fn info() -> &'static GameInfo;

    /// Options from their text form (`key=value` pairs, from `--game duel:...` or from flags).
    /// The registry has already refused keys that [`GameModule::info`] does not list; this
    /// checks the values and their combination, naming the bad value and what is valid.
    fn parse_options(options: &OptionSet) -> Result<Self::Options, String>;

    /// Rebuilds a game from a record (`setup`, never our random number generator), re-executes
    /// every action and checks every recorded figure, each action at its own index.
    fn replay(record: &Value) -> Result<Replayed<Self>, ReplayError>;

    /// The readable log of a game played from `new_game(options, seed)` with `actions` by
    /// `players` (bot labels, seat 0 first): a header, every step, and the final score pad.
    fn play_log(
        options: &Self::Options,
        seed: u64,
        players: &[String],
        actions: &[Self::Action],
    ) -> Vec<String>;

    /// The final score pad of a finished game, as printed at the end of [`GameModule::play_log`].
    fn score_pad(&self) -> Vec<String>;

    /// The components (cards, wonders or their stages, tokens, …) with their public ids and
    /// every field, as one table whose first column, `kind`, says what each row is.
    fn components(options: &Self::Options) -> Table;

    /// What `seat` may see of this state.
    fn view(&self, seat: usize) -> Self::View;
}
