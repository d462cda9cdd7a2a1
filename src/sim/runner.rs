//! The parallel engine shared by `simulate` and `tournament`: plays games in chunks on a local
//! rayon pool and hands the finished ones to a sink strictly in game order, so memory is bounded
//! by the chunk size and outputs do not depend on the thread count.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use wonders_bots::Game;

use super::{BotFactory, SimError, SimGame};
use crate::common::derive_seed;

/// Stop conditions shared by the worker threads.
pub(crate) struct StopControl {
    /// Set by Ctrl-C (or the caller): start no new game, abandon games in progress.
    pub flag: Arc<AtomicBool>,
    /// Test hook: raise `flag` once this many games have finished.
    pub after: Option<u64>,
    finished: AtomicU64,
}

impl StopControl {
    pub fn new(flag: Option<Arc<AtomicBool>>, after: Option<u64>) -> Self {
        Self {
            flag: flag.unwrap_or_default(),
            after,
            finished: AtomicU64::new(0),
        }
    }

    pub fn stopped(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    fn game_finished(&self) {
        let done = self.finished.fetch_add(1, Ordering::Relaxed) + 1;
        if self.after.is_some_and(|k| done >= k) {
            self.flag.store(true, Ordering::Relaxed);
        }
    }
}

/// Builds the local pool: `threads = 0` means one thread per core.
pub(crate) fn pool(threads: usize) -> Result<rayon::ThreadPool, SimError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::ThreadPool {
            threads,
            message: e.to_string(),
        })
}

/// A progress bar on stderr with rate and ETA, hidden unless asked for and stderr is a terminal.
pub(crate) fn progress_bar(show: bool, total: u64) -> ProgressBar {
    if !show || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} games  {per_sec}  ETA {eta}",
    ) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// A finished game and the actions that made it.
pub type Played<G> = (G, Vec<<G as wonders_bots::Game>::Action>);

/// Plays one game to the end with one bot per seat; bot `p` is seeded with
/// `derive_seed(game_seed, p)`. Returns the finished game and its actions (what a record
/// holds), or `None` when stopped before the end.
pub(crate) fn play_game<G: SimGame>(
    options: &G::Options,
    game_index: u64,
    game_seed: u64,
    seats: &[&dyn BotFactory<G>],
    stop: &StopControl,
) -> Result<Option<Played<G>>, SimError> {
    let mut game = G::new_game(options, game_seed);
    if game.num_players() != seats.len() {
        return Err(SimError::Options(format!(
            "the game seats {} players but {} bots were given",
            game.num_players(),
            seats.len()
        )));
    }
    let mut bots: Vec<_> = seats
        .iter()
        .enumerate()
        .map(|(p, f)| f.build(derive_seed(game_seed, p as u64)))
        .collect();
    let mut actions = Vec::with_capacity(128);
    while !game.is_terminal() {
        if stop.stopped() {
            return Ok(None);
        }
        let seat = game.current_player();
        let action = bots[seat].choose(&game);
        if let Err(e) = game.apply(action) {
            return Err(SimError::IllegalAction {
                game_index,
                game_seed,
                seat,
                bot: seats[seat].label(),
                action: game.action_name(action),
                message: e.to_string(),
            });
        }
        actions.push(action);
    }
    stop.game_finished();
    Ok(Some((game, actions)))
}

/// The results of one chunk of games, in index order.
type ChunkResults<T> = Vec<Result<Option<T>, SimError>>;

/// What the sink of [`Runner::run`] is handed.
pub(crate) enum Step<T> {
    /// Game `i` finished with this result (in index order).
    Game(u64, T),
    /// The games of a chunk have all been handed over.
    ChunkDone,
}

/// Where and how games are run: the pool, how many games, in chunks of how many, when to stop
/// and what to tick.
pub(crate) struct Runner<'a> {
    pub pool: &'a rayon::ThreadPool,
    /// The first game to play (games before it were played by an earlier, resumed run).
    pub first: u64,
    pub total: u64,
    pub chunk: u64,
    pub stop: &'a StopControl,
    pub bar: &'a ProgressBar,
}

impl Runner<'_> {
    /// Runs `job(i)` for `i in first..total`, `chunk` games at a time, and feeds `sink` the
    /// results in index order. Stops at the first game that was not finished (stop flag): the
    /// sink sees exactly games `first..k`. Returns `k`. After each chunk the sink gets [`Step::ChunkDone`] (to
    /// flush outputs, so an interrupted or killed run leaves whole games on disk).
    pub fn run<T: Send>(
        &self,
        job: impl Fn(u64) -> Result<Option<T>, SimError> + Sync,
        mut sink: impl FnMut(Step<T>) -> Result<(), SimError> + Send,
    ) -> Result<u64, SimError> {
        let chunk = self.chunk.max(1);
        let compute = |start: u64, end: u64| -> ChunkResults<T> {
            self.pool.install(|| {
                (start..end)
                    .into_par_iter()
                    .map(|i| {
                        if self.stop.stopped() {
                            return Ok(None);
                        }
                        let r = job(i);
                        self.bar.inc(1);
                        r
                    })
                    .collect()
            })
        };
        // Hands a computed chunk to the sink in index order; `Ok(false)` once a game was not
        // finished (the run stopped), after which nothing more is handed over.
        let feed = |sink: &mut dyn FnMut(Step<T>) -> Result<(), SimError>,
                    start: u64,
                    results: ChunkResults<T>|
         -> Result<(u64, bool), SimError> {
            let mut done = start;
            let mut complete = true;
            for (i, r) in (start..).zip(results) {
                match r? {
                    Some(t) if complete => {
                        sink(Step::Game(i, t))?;
                        done = i + 1;
                    }
                    _ => complete = false,
                }
            }
            sink(Step::ChunkDone)?;
            Ok((done, complete))
        };
        // A pipeline: while the sink writes chunk k (on its own thread), the pool plays chunk
        // k + 1, so writing and summarising never leave the workers idle.
        let mut done = self.first;
        let mut next = self.first;
        let mut ready: Option<(u64, ChunkResults<T>)> = None;
        loop {
            let range = (next < self.total && !self.stop.stopped())
                .then(|| (next, (next + chunk).min(self.total)));
            if ready.is_none() && range.is_none() {
                break;
            }
            let (computed, fed) = if self.pool.current_num_threads() == 1 {
                // One thread means one core: write, then play, in turn.
                let fed = ready
                    .take()
                    .map(|(start, results)| feed(&mut sink, start, results));
                (range.map(|(start, end)| (start, compute(start, end))), fed)
            } else {
                std::thread::scope(|scope| {
                    let sink = &mut sink;
                    let feeding = ready
                        .take()
                        .map(|(start, results)| scope.spawn(move || feed(sink, start, results)));
                    let computed = range.map(|(start, end)| (start, compute(start, end)));
                    let fed = feeding.map(|h| h.join().expect("the output thread panicked"));
                    (computed, fed)
                })
            };
            if let Some(fed) = fed {
                let (upto, complete) = fed?;
                done = upto;
                if !complete {
                    break;
                }
            }
            if let Some((_, end)) = range {
                next = end;
            }
            ready = computed;
        }
        Ok(done)
    }
}

/// The seats of a game as trait objects, bot `labels[p]` in seat `p`.
pub(crate) fn labels<G: Game>(seats: &[&dyn BotFactory<G>]) -> Vec<String> {
    seats.iter().map(|f| f.label()).collect()
}
