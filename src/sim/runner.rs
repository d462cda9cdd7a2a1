//! The parallel engine shared by `simulate` and `tournament`: plays games in chunks on a local
//! rayon pool and hands the finished ones to a sink strictly in game order, so memory is bounded
//! by the chunk size and outputs do not depend on the thread count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use wonders_bots::{Bot, Game};

use super::{BotFactory, Progress, SimError, SimGame};
use wonders_common::derive_seed;

/// Stop conditions shared by the worker threads.
pub(crate) struct StopControl {
    /// Raised by the caller (the command line on Ctrl-C or SIGTERM): start no new game,
    /// abandon games in progress.
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

/// A finished game and the actions that made it.
pub type Played<G> = (G, Vec<<G as wonders_bots::Game>::Action>);

/// The bots of one worker, kept from game to game with the factory that built each: building
/// them for every game (a box and a move buffer each) was a visible cost next to a random
/// game. A kept bot is used again only when its seat's factory is the same and re-seeds it
/// ([`BotFactory::reseed`]: it then plays exactly as a newly built bot); otherwise the seat's
/// bot is built anew.
pub(crate) struct SeatBots<'a, G: Game> {
    /// Inline for up to 8 seats.
    seats: smallvec::SmallVec<[KeptBot<'a, G>; 8]>,
}

/// A seat's bot and the factory that built it.
type KeptBot<'a, G> = (&'a dyn BotFactory<G>, Box<dyn Bot<G>>);

impl<G: Game> Default for SeatBots<'_, G> {
    fn default() -> Self {
        Self {
            seats: smallvec::SmallVec::new(),
        }
    }
}

impl<'a, G: Game> SeatBots<'a, G> {
    /// The bots of a game whose seed is `game_seed`: seat `p`'s bot is `seats[p]`'s, seeded
    /// with `derive_seed(game_seed, p)`.
    fn seat(&mut self, seats: &[&'a dyn BotFactory<G>], game_seed: u64) -> &mut [KeptBot<'a, G>] {
        self.seats.truncate(seats.len());
        for (p, &factory) in seats.iter().enumerate() {
            let seed = derive_seed(game_seed, p as u64);
            let reseeded = self.seats.get_mut(p).is_some_and(|(kept, bot)| {
                std::ptr::eq(*kept, factory) && factory.reseed(&mut **bot, seed)
            });
            if !reseeded {
                let built = (factory, factory.build(seed));
                match self.seats.get_mut(p) {
                    Some(slot) => *slot = built,
                    None => self.seats.push(built),
                }
            }
        }
        &mut self.seats
    }
}

/// Plays one game to the end with one bot per seat, taken from `bots` (see [`SeatBots`]):
/// bot `p` is `seats[p]`'s, seeded with `derive_seed(game_seed, p)`. Returns what `finish`
/// makes of the finished game and its actions (what a record holds; left empty unless
/// `keep_actions`), or `None` when stopped before the end. The game is handed over by
/// reference: a state moved from call to call was copied each time, a visible cost next to a
/// random game.
#[allow(clippy::too_many_arguments)] // the game, its seats and bots, and what to keep of it
pub(crate) fn play_game<'a, G: SimGame, T>(
    options: &G::Options,
    game_index: u64,
    game_seed: u64,
    seats: &[&'a dyn BotFactory<G>],
    bots: &mut SeatBots<'a, G>,
    stop: &StopControl,
    keep_actions: bool,
    finish: impl FnOnce(&G, &[G::Action]) -> T,
) -> Result<Option<T>, SimError> {
    let mut game = G::new_game(options, game_seed);
    if game.num_players() != seats.len() {
        return Err(SimError::Options(format!(
            "the game seats {} players but {} bots were given",
            game.num_players(),
            seats.len()
        )));
    }
    for f in seats {
        f.check(&game).map_err(SimError::BotSpec)?;
    }
    let bots = bots.seat(seats, game_seed);
    let mut actions = Vec::with_capacity(if keep_actions { 128 } else { 0 });
    while !game.is_terminal() {
        if stop.stopped() {
            return Ok(None);
        }
        let seat = game.current_player();
        let action = bots[seat].1.choose(&game);
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
        if keep_actions {
            actions.push(action);
        }
    }
    stop.game_finished();
    Ok(Some(finish(&game, &actions)))
}

/// Whether each game of a chunk finished, in index order.
type ChunkResults = Vec<Result<bool, SimError>>;

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
    /// Told the number of games done (those of a resumed run included) as games finish.
    pub progress: Option<&'a Progress>,
}

/// How long a chunk of games should take: rows reach the disk about this often (so a killed
/// run loses about this much), and chunks stay long enough to keep every core busy. Slower
/// games are held to [`MIN_GAMES_PER_THREAD`] instead.
const CHUNK_TARGET: Duration = Duration::from_millis(500);

/// The fewest games a chunk gives each thread once the first chunk has timed them. A chunk
/// ends when its slowest game does, so with one game a thread the threads that finish first
/// wait for the last: slow games of unequal length (MCTS at 3 and at 7 players) left a
/// quarter of two cores idle. With eight, rayon's work stealing evens the load and the wait
/// at a chunk's end is a small part of it; such chunks then take longer than
/// [`CHUNK_TARGET`], and a killed run loses at most the two chunks in flight.
const MIN_GAMES_PER_THREAD: u64 = 8;

impl Runner<'_> {
    /// Runs `job(i, worker, result)` for `i in first..total`, a chunk of games at a time, and
    /// feeds `sink` the results in index order. `job` writes game `i`'s result over `result`
    /// (one reused from an earlier game: its lists keep their capacity) and says whether the
    /// game finished; `worker` is what one worker keeps from game to game (its bots), made
    /// by `worker()`. Stops at the first game that was not finished (stop flag): the sink sees
    /// exactly games `first..k`. Returns `k`. After each chunk the sink gets
    /// [`Step::ChunkDone`] (to flush outputs, so an interrupted or killed run leaves whole games
    /// on disk). Chunks start at one game per thread and grow or shrink so that each takes
    /// about [`CHUNK_TARGET`], never fewer than [`MIN_GAMES_PER_THREAD`] games a thread after
    /// the first nor more than `chunk` games: fast games are written in large batches, slow
    /// ones (MCTS) every few seconds. Chunking changes only when rows are written, never what
    /// they hold.
    pub fn run<T: Send + Default, W>(
        &self,
        worker: impl Fn() -> W + Sync + Send,
        job: impl Fn(u64, &mut W, &mut T) -> Result<bool, SimError> + Sync,
        mut sink: impl FnMut(Step<&mut T>) -> Result<(), SimError> + Send,
    ) -> Result<u64, SimError> {
        let max_chunk = self.chunk.max(1);
        let threads = self.pool.current_num_threads() as u64;
        if threads == 1 {
            return self
                .pool
                .install(|| self.run_streaming(&worker, &job, &mut sink));
        }
        let mut chunk = threads.min(max_chunk);
        let done_games = AtomicU64::new(self.first);
        // Plays games `start..` into `results`, one per slot, each worker with its own state.
        let compute = |start: u64, results: &mut [T]| -> ChunkResults {
            self.pool.install(|| {
                results
                    .par_iter_mut()
                    .enumerate()
                    .map_init(&worker, |w, (k, t)| {
                        if self.stop.stopped() {
                            return Ok(false);
                        }
                        let r = job(start + k as u64, w, t);
                        if let Some(progress) = self.progress {
                            progress(done_games.fetch_add(1, Ordering::Relaxed) + 1);
                        }
                        r
                    })
                    .collect()
            })
        };
        // Hands a computed chunk to the sink in index order; `Ok(false)` once a game was not
        // finished (the run stopped), after which nothing more is handed over.
        let feed = |sink: &mut dyn FnMut(Step<&mut T>) -> Result<(), SimError>,
                    start: u64,
                    finished: ChunkResults,
                    results: &mut [T]|
         -> Result<(u64, bool), SimError> {
            let mut done = start;
            let mut complete = true;
            for ((i, r), t) in (start..).zip(finished).zip(results) {
                match r? {
                    true if complete => {
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
        // k + 1, so writing and summarising never leave the workers idle. The two chunks'
        // result lists go back and forth, so results are reused rather than made per game.
        let mut done = self.first;
        let mut next = self.first;
        let mut ready: Option<(u64, ChunkResults, Vec<T>)> = None;
        let mut spare: Vec<T> = Vec::new();
        loop {
            let range = (next < self.total && !self.stop.stopped())
                .then(|| (next, (next + chunk).min(self.total)));
            if ready.is_none() && range.is_none() {
                break;
            }
            let started = Instant::now();
            let (computed, fed) = std::thread::scope(|scope| {
                let sink = &mut sink;
                let feeding = ready.take().map(|(start, finished, mut results)| {
                    scope.spawn(move || (feed(sink, start, finished, &mut results), results))
                });
                let computed = range.map(|(start, end)| {
                    let mut results = std::mem::take(&mut spare);
                    results.resize_with((end - start) as usize, T::default);
                    (start, compute(start, &mut results), results)
                });
                let fed = feeding.map(|h| h.join().expect("the output thread panicked"));
                (computed, fed)
            });
            if let Some((fed, results)) = fed {
                spare = results;
                let (upto, complete) = fed?;
                done = upto;
                if !complete {
                    break;
                }
            }
            if let Some((start, end)) = range {
                next = end;
                chunk = next_chunk(
                    end - start,
                    started.elapsed(),
                    threads * MIN_GAMES_PER_THREAD,
                    max_chunk,
                );
            }
            ready = computed;
        }
        Ok(done)
    }
}

impl Runner<'_> {
    /// [`Runner::run`] on one thread (called on the pool's only worker): each game goes to
    /// the sink as soon as it ends, on the thread that played it, and one result is written
    /// over from game to game. Holding a chunk of finished games first (tens of thousands of
    /// random games) sent them to the sink after they had left the caches, and freed their
    /// outcomes on another thread than the one that made them, both visible costs next to a
    /// random Duel game. Chunks still say when the outputs are flushed ([`Step::ChunkDone`]),
    /// as on several threads.
    fn run_streaming<T: Default, W>(
        &self,
        worker: &impl Fn() -> W,
        job: &(impl Fn(u64, &mut W, &mut T) -> Result<bool, SimError> + Sync),
        sink: &mut impl FnMut(Step<&mut T>) -> Result<(), SimError>,
    ) -> Result<u64, SimError> {
        let max_chunk = self.chunk.max(1);
        let mut chunk = 1;
        let mut done = self.first;
        let mut w = worker();
        let mut result = T::default();
        while done < self.total && !self.stop.stopped() {
            let started = Instant::now();
            let (start, end) = (done, (done + chunk).min(self.total));
            let mut complete = true;
            for i in start..end {
                if self.stop.stopped() || !job(i, &mut w, &mut result)? {
                    complete = false;
                    break;
                }
                if let Some(progress) = self.progress {
                    progress(i + 1);
                }
                sink(Step::Game(i, &mut result))?;
                done = i + 1;
            }
            sink(Step::ChunkDone)?;
            if !complete {
                break;
            }
            chunk = next_chunk(end - start, started.elapsed(), 1, max_chunk);
        }
        Ok(done)
    }
}

/// The size of the next chunk, given that the last one of `size` games took `took`: aimed at
/// [`CHUNK_TARGET`], at most doubling, at least `least` games, at most `max`.
fn next_chunk(size: u64, took: Duration, least: u64, max: u64) -> u64 {
    let per_game = took.as_secs_f64() / size.max(1) as f64;
    let aimed = if per_game > 0.0 {
        (CHUNK_TARGET.as_secs_f64() / per_game) as u64
    } else {
        u64::MAX
    };
    aimed.min(size * 2).max(least).min(max).max(1)
}

/// The seats of a game as trait objects, bot `labels[p]` in seat `p`.
pub(crate) fn labels<G: Game>(seats: &[&dyn BotFactory<G>]) -> Vec<String> {
    seats.iter().map(|f| f.label()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_follow_their_games_speed_within_their_bounds() {
        let secs = Duration::from_secs_f64;
        // Slow games (2 s each): the floor, 8 games a thread on 2 threads, not one a thread.
        assert_eq!(next_chunk(2, secs(4.0), 16, 1024), 16);
        assert_eq!(next_chunk(16, secs(32.0), 16, 1024), 16);
        // Fast games (1 ms each): aimed at 500 ms, but at most doubling from chunk to chunk.
        assert_eq!(next_chunk(16, secs(0.016), 16, 1024), 32);
        assert_eq!(next_chunk(400, secs(0.4), 16, 1024), 500);
        // Never past the run's own chunk size, even below the floor.
        assert_eq!(next_chunk(512, secs(0.0001), 16, 1024), 1024);
        assert_eq!(next_chunk(2, secs(4.0), 16, 4), 4);
    }

    /// Through the runner itself on 2 threads, games slow enough (80 ms) that 500 ms hold
    /// fewer than 16 of them: one game a thread to time them, then 8 a thread at once and
    /// after (the floor of one a thread gave 2, 4, 8, 12, 8); every game handed over once, in
    /// order.
    #[test]
    fn slow_games_go_eight_a_thread_after_the_first_chunk() {
        let pool = pool(2).expect("a pool of 2 threads");
        let stop = StopControl::new(None, None);
        let runner = Runner {
            pool: &pool,
            first: 0,
            total: 34,
            chunk: 1024,
            stop: &stop,
            progress: None,
        };
        let (mut chunks, mut games, mut in_chunk) = (Vec::new(), Vec::new(), 0);
        let done = runner
            .run(
                || (),
                |i, _, result: &mut u64| {
                    std::thread::sleep(Duration::from_millis(80));
                    *result = i;
                    Ok(true)
                },
                |step| {
                    match step {
                        Step::Game(i, result) => {
                            assert_eq!(*result, i);
                            games.push(i);
                            in_chunk += 1;
                        }
                        Step::ChunkDone => chunks.push(std::mem::take(&mut in_chunk)),
                    }
                    Ok(())
                },
            )
            .expect("the run ends");
        assert_eq!(done, 34);
        assert_eq!(chunks, [2, 16, 16]);
        assert_eq!(games, (0..34).collect::<Vec<u64>>());
    }
}
