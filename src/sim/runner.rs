//! The parallel engine shared by `simulate` and `tournament`: plays games in batches on a local
//! rayon pool and hands the finished ones to a sink strictly in game order, so memory is bounded
//! by the batches in flight and outputs do not depend on the thread count.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

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

/// Whether each game of a batch finished, in index order.
type BatchResults = Vec<Result<bool, SimError>>;

/// What the sink of [`Runner::run`] is handed.
pub(crate) enum Step<T> {
    /// Game `i` finished with this result (in index order).
    Game(u64, T),
    /// The games of a batch have all been handed over: a good moment to flush the outputs.
    ChunkDone,
}

/// Where and how games are run: the pool, how many games, in batches of at most how many,
/// when to stop and what to tick.
pub(crate) struct Runner<'a> {
    pub pool: &'a rayon::ThreadPool,
    /// The first game to play (games before it were played by an earlier, resumed run).
    pub first: u64,
    pub total: u64,
    /// The most games a batch holds: on one thread this many, on several this many divided
    /// among the threads (each worker's batches hold at most `chunk / threads`).
    pub chunk: u64,
    pub stop: &'a StopControl,
    /// Told the number of games done (those of a resumed run included) as games finish.
    pub progress: Option<&'a Progress>,
}

/// How long a batch of games should take on one thread: rows reach the disk about this often
/// (so a killed run loses about this much), and batches of fast games stay large enough that
/// handing them over costs nothing next to playing them.
const CHUNK_TARGET: Duration = Duration::from_millis(500);

/// Batches a worker may hold ahead of the oldest batch not yet handed to the sink, per
/// thread: the bound on the results waiting in memory, and how far the other workers can run
/// on while one plays a long game.
const BATCHES_PER_THREAD: u64 = 4;

/// A batch one worker played: its first game's index, whether each game finished, and the
/// games' results (the list is handed back to the workers once written).
struct Batch<T> {
    start: u64,
    finished: BatchResults,
    results: Vec<T>,
}

/// Held by a worker: if its job panics, the other workers are told to end and one waiting
/// for a result list is woken, so the panic reaches the caller instead of leaving the sink's
/// side waiting for a batch that will never come.
struct WakeOnPanic<'a, T> {
    halt: &'a AtomicBool,
    spare: &'a mpsc::Sender<Vec<T>>,
}

impl<T> Drop for WakeOnPanic<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.halt.store(true, Ordering::Relaxed);
            let _ = self.spare.send(Vec::new());
        }
    }
}

impl Runner<'_> {
    /// Runs `job(i, worker, result)` for `i in first..total` and feeds `sink` the results in
    /// index order. `job` writes game `i`'s result over `result` (one reused from an earlier
    /// game: its lists keep their capacity) and says whether the game finished; `worker` is
    /// what one worker keeps from game to game (its bots), made by `worker()`. Stops at the
    /// first game that was not finished (stop flag): the sink sees exactly games `first..k`.
    /// Returns `k`. After each batch the sink gets [`Step::ChunkDone`] (to flush outputs, so
    /// an interrupted or killed run leaves whole games on disk).
    ///
    /// On several threads each worker takes the next games in a batch of its own whenever it
    /// is free, with no barrier between batches: a long game (MCTS at 7 players beside games
    /// at 3) holds up only its own thread, while the others go on with later games, whose
    /// results wait in order for it. A worker's batches start at one game and grow or shrink
    /// so that each takes about [`CHUNK_TARGET`] (fast games go in hundreds, slow ones one at
    /// a time), and a worker waits only when [`BATCHES_PER_THREAD`] batches a thread are
    /// played but not yet handed over. Batching changes only when rows are written, never
    /// what they hold.
    pub fn run<T: Send + Default, W>(
        &self,
        worker: impl Fn() -> W + Sync + Send,
        job: impl Fn(u64, &mut W, &mut T) -> Result<bool, SimError> + Sync,
        mut sink: impl FnMut(Step<&mut T>) -> Result<(), SimError> + Send,
    ) -> Result<u64, SimError> {
        let threads = self.pool.current_num_threads() as u64;
        if threads == 1 {
            return self
                .pool
                .install(|| self.run_streaming(&worker, &job, &mut sink));
        }
        let max_batch = self.chunk.max(1).div_ceil(threads);
        let next = AtomicU64::new(self.first);
        let done_games = AtomicU64::new(self.first);
        // Raised once the sink's side hands over no more: workers then take no new batch.
        let halt = AtomicBool::new(false);
        let (played_tx, played_rx) = mpsc::channel::<Batch<T>>();
        // The result lists circulate: a worker needs one to take a batch, the sink's side
        // hands it back once the batch is written. Their number bounds what waits in memory.
        let (spare_tx, spare_rx) = mpsc::channel::<Vec<T>>();
        for _ in 0..threads * BATCHES_PER_THREAD {
            spare_tx.send(Vec::new()).expect("the receiver is here");
        }
        let spare_rx = Mutex::new(spare_rx);
        let work = |played_tx: &mpsc::Sender<Batch<T>>| {
            let _wake = WakeOnPanic {
                halt: &halt,
                spare: &spare_tx,
            };
            let mut w = worker();
            let mut size = 1;
            loop {
                let Ok(mut results) = spare_rx.lock().expect("no worker panics holding it").recv()
                else {
                    break;
                };
                let start = if self.stop.stopped() || halt.load(Ordering::Relaxed) {
                    self.total
                } else {
                    next.fetch_add(size, Ordering::Relaxed)
                };
                if start >= self.total {
                    // Handed on, so a worker waiting for a list sees the same and ends too.
                    let _ = spare_tx.send(results);
                    break;
                }
                let end = (start + size).min(self.total);
                let started = Instant::now();
                results.resize_with((end - start) as usize, T::default);
                let finished = (start..end)
                    .zip(results.iter_mut())
                    .map(|(i, t)| {
                        if self.stop.stopped() {
                            return Ok(false);
                        }
                        let r = job(i, &mut w, t);
                        if let Some(progress) = self.progress {
                            progress(done_games.fetch_add(1, Ordering::Relaxed) + 1);
                        }
                        r
                    })
                    .collect();
                size = next_chunk(end - start, started.elapsed(), max_batch);
                let batch = Batch {
                    start,
                    finished,
                    results,
                };
                if played_tx.send(batch).is_err() {
                    break;
                }
            }
        };
        std::thread::scope(|scope| {
            // The channel of played batches closes when the last worker ends, so the sink's
            // side sees a run stopped between two batches end too.
            let workers = scope.spawn(move || {
                let ended = self.pool.broadcast(|_| work(&played_tx));
                drop(played_tx);
                ended
            });
            let fed = self.feed(&mut sink, &played_rx, &spare_tx);
            // Once the sink's side hands over no more (every game, the first game a stop cut
            // short, or an error), the workers take no new batch; those waiting for a list
            // are woken to see it.
            halt.store(true, Ordering::Relaxed);
            for _ in 0..threads {
                let _ = spare_tx.send(Vec::new());
            }
            if let Err(panic) = workers.join() {
                std::panic::resume_unwind(panic);
            }
            fed
        })
    }

    /// The sink's side of [`Runner::run`] on several threads: takes the workers' batches as
    /// they come, hands them to `sink` in index order, and gives each result list back.
    /// Returns the end of the games handed over once every game is, or at the first game not
    /// finished (the run stopped) or the first error.
    fn feed<T>(
        &self,
        sink: &mut impl FnMut(Step<&mut T>) -> Result<(), SimError>,
        played: &mpsc::Receiver<Batch<T>>,
        spare: &mpsc::Sender<Vec<T>>,
    ) -> Result<u64, SimError> {
        let mut waiting: BTreeMap<u64, Batch<T>> = BTreeMap::new();
        let mut done = self.first;
        while done < self.total {
            let Ok(batch) = played.recv() else {
                // Every worker ended (the run stopped): the games handed over are the run.
                break;
            };
            waiting.insert(batch.start, batch);
            while let Some(mut batch) = waiting.remove(&done) {
                let mut complete = true;
                for ((i, r), t) in (batch.start..)
                    .zip(batch.finished.drain(..))
                    .zip(&mut batch.results)
                {
                    if r? {
                        sink(Step::Game(i, t))?;
                    } else {
                        complete = false;
                        break;
                    }
                    done = i + 1;
                }
                sink(Step::ChunkDone)?;
                let _ = spare.send(batch.results);
                if !complete {
                    return Ok(done);
                }
            }
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
            chunk = next_chunk(end - start, started.elapsed(), max_chunk);
        }
        Ok(done)
    }
}

/// The size of the next batch, given that the last one of `size` games took `took` on one
/// thread: aimed at [`CHUNK_TARGET`], at most doubling, at least one game, at most `max`.
fn next_chunk(size: u64, took: Duration, max: u64) -> u64 {
    let per_game = took.as_secs_f64() / size.max(1) as f64;
    let aimed = if per_game > 0.0 {
        (CHUNK_TARGET.as_secs_f64() / per_game) as u64
    } else {
        u64::MAX
    };
    aimed.min(size * 2).min(max).max(1)
}

/// The seats of a game as trait objects, bot `labels[p]` in seat `p`.
pub(crate) fn labels<G: Game>(seats: &[&dyn BotFactory<G>]) -> Vec<String> {
    seats.iter().map(|f| f.label()).collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Condvar;

    use super::*;

    #[test]
    fn batches_follow_their_games_speed_within_their_bounds() {
        let secs = Duration::from_secs_f64;
        // Slow games (2 s each): one at a time.
        assert_eq!(next_chunk(1, secs(2.0), 1024), 1);
        assert_eq!(next_chunk(4, secs(8.0), 1024), 1);
        // Fast games (1 ms each): aimed at 500 ms, but at most doubling from batch to batch.
        assert_eq!(next_chunk(16, secs(0.016), 1024), 32);
        assert_eq!(next_chunk(400, secs(0.4), 1024), 500);
        // Never past the run's own batch size.
        assert_eq!(next_chunk(512, secs(0.0001), 1024), 1024);
        assert_eq!(next_chunk(2, secs(0.0001), 3), 3);
    }

    /// A runner on `threads` threads over games `0..total`, with a stop flag raised after
    /// `stop_after` games when given.
    fn run_games(
        threads: usize,
        total: u64,
        stop_after: Option<u64>,
        job: impl Fn(u64, &mut u64) -> Result<bool, SimError> + Sync,
    ) -> (Result<u64, SimError>, Vec<u64>, usize) {
        let pool = pool(threads).expect("a pool");
        let stop = StopControl::new(None, stop_after);
        let runner = Runner {
            pool: &pool,
            first: 0,
            total,
            chunk: 1024,
            stop: &stop,
            progress: None,
        };
        let (mut games, mut batches) = (Vec::new(), 0);
        let done = runner.run(
            || (),
            |i, _, result: &mut u64| {
                let finished = job(i, result)?;
                if finished {
                    stop.game_finished();
                }
                Ok(finished)
            },
            |step| {
                match step {
                    Step::Game(i, result) => {
                        assert_eq!(*result, i, "game {i} handed over with its own result");
                        games.push(i);
                    }
                    Step::ChunkDone => batches += 1,
                }
                Ok(())
            },
        );
        (done, games, batches)
    }

    /// Game 0 lasts until 10 other games have been played: with chunks that end together
    /// (the runner before this one: 2 games, then at least 16) the others waited for game
    /// 0's chunk to end and game 0 timed out; now the other thread goes on with later games
    /// meanwhile (its batches of 1, 2, 4 and 8 games), and game 0 still reaches the sink
    /// first.
    #[test]
    fn a_long_game_holds_up_only_its_own_thread() {
        let played = (Mutex::new(0u64), Condvar::new());
        let (done, games, _) = run_games(2, 30, None, |i, result| {
            if i == 0 {
                let (count, cv) = &played;
                let (count, timeout) = cv
                    .wait_timeout_while(count.lock().unwrap(), Duration::from_secs(20), |&mut c| {
                        c < 10
                    })
                    .unwrap();
                assert!(
                    !timeout.timed_out(),
                    "game 0 waited in vain: {} other games played",
                    *count
                );
            } else {
                *played.0.lock().unwrap() += 1;
                played.1.notify_all();
            }
            *result = i;
            Ok(true)
        });
        assert_eq!(done.expect("the run ends"), 30);
        assert_eq!(games, (0..30).collect::<Vec<u64>>());
    }

    /// Every game reaches the sink once and in order, whatever the threads; fast games go in
    /// batches of many (fewer flushes than games).
    #[test]
    fn every_game_is_handed_over_once_in_order() {
        for threads in [1, 2, 3] {
            let (done, games, batches) = run_games(threads, 5_000, None, |i, result| {
                *result = i;
                Ok(true)
            });
            assert_eq!(done.expect("the run ends"), 5_000);
            assert_eq!(games, (0..5_000).collect::<Vec<u64>>(), "{threads} threads");
            assert!(batches < 200, "{threads} threads: {batches} batches");
        }
    }

    /// Stopped after some games (the stop flag, as Ctrl-C raises it): the sink sees exactly
    /// the games before the first one cut short, and the run says where it ended.
    #[test]
    fn a_stopped_run_hands_over_a_whole_prefix() {
        for threads in [1, 2] {
            let (done, games, _) = run_games(threads, 10_000, Some(100), |i, result| {
                std::thread::sleep(Duration::from_micros(200));
                *result = i;
                Ok(true)
            });
            // On several threads the games cut short may come before the 100th to finish.
            let done = done.expect("a stop is not an error");
            assert!((1..10_000).contains(&done), "{threads} threads: {done}");
            assert_eq!(games, (0..done).collect::<Vec<u64>>(), "{threads} threads");
        }
    }

    /// A job that panics takes the run down with its panic (the old runner's behaviour, by
    /// rayon) rather than leaving it waiting for the batch that will never come.
    #[test]
    fn a_panicking_game_reaches_the_caller() {
        let ran = std::panic::catch_unwind(|| {
            run_games(2, 1_000, None, |i, result| {
                assert_ne!(i, 300, "game 300 panics");
                *result = i;
                Ok(true)
            })
        });
        let panic = ran.expect_err("the panic reaches the caller");
        let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(message.contains("game 300 panics"), "{message}");
    }

    /// An error ends the run with that error, after the games before it and none after.
    #[test]
    fn an_error_ends_the_run_after_the_games_before_it() {
        for threads in [1, 2] {
            let (done, games, _) = run_games(threads, 1_000, None, |i, result| {
                if i == 300 {
                    return Err(SimError::Options(format!("game {i} refused")));
                }
                *result = i;
                Ok(true)
            });
            match done {
                Err(SimError::Options(m)) => assert_eq!(m, "game 300 refused"),
                other => panic!("{threads} threads: {other:?}"),
            }
            assert_eq!(games, (0..300).collect::<Vec<u64>>(), "{threads} threads");
        }
    }
}
