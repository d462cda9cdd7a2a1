//! `wonders simulate`: self-play runs.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use super::csv_out::{check_outcome, seat_teams, Columns, GameRow, TidyCsv};
use super::outputs::OutputFile;
use super::resume::{as_in_csv, resume_csv, resume_records, Expected, Resumed};
use super::runner::{labels, play_game, pool, Runner, Step, StopControl};
use super::{BotFactory, GameOutcome, Progress, SimError, SimGame, Summary};
use crate::common::derive_seed;

/// Options of a self-play run (the command line fills them).
#[derive(Clone)]
pub struct SimulateOptions {
    /// Master seed: game `i` is played from `derive_seed(seed, i)`.
    pub seed: u64,
    /// Number of games: the run is games `0..games`.
    pub games: u64,
    /// Play only games `first_game..games` of the run (a shard of it: the rows are those of
    /// the whole run's CSV for these games, header included). `resume` does not apply.
    pub first_game: u64,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// Bot specifications: one per seat (seat 0 first), or a single one for every seat.
    pub bots: Vec<String>,
    /// Rotate the bots round the table: in game `i`, seat `p` gets bot `(p + i) mod n`, so with
    /// different bots each sits in every seat equally often.
    pub rotate_seats: bool,
    /// The per-seat CSV to write (see [`CSV_COLUMNS_DOC`](super::CSV_COLUMNS_DOC)).
    pub csv: Option<PathBuf>,
    /// A JSON Lines file of game records, one per game in game order. An existing directory
    /// gets the file `<game>-seed<seed>.jsonl` inside it.
    pub records: Option<PathBuf>,
    /// A summary file, format by extension (`.md`, `.csv`, `.json`, `.txt`), written at the end
    /// (also after an interruption).
    pub summary: Option<PathBuf>,
    /// Told the number of games done as games finish (the command line draws a bar with it).
    pub progress: Option<Progress>,
    /// Stop flag (the command line raises it on Ctrl-C or SIGTERM): when raised, games in progress are
    /// abandoned and the run ends with the whole games done before them.
    pub stop: Option<Arc<AtomicBool>>,
    /// Test hook: raise the stop flag once this many games have finished.
    pub stop_after: Option<u64>,
    /// Games played in parallel before their results are written in order; bounds memory.
    pub chunk_size: u64,
    /// Continue an interrupted run: keep the whole games already in `csv` (and `records`),
    /// read them back into the summary, and play the rest. A missing CSV starts the run.
    pub resume: bool,
    /// Overwrite a non-empty `csv`, `records` or `summary` file; without it (and without
    /// `resume`) such a file is refused, so the output of another run is never lost by mistake.
    pub force: bool,
}

impl Default for SimulateOptions {
    fn default() -> Self {
        Self {
            seed: 0,
            games: 1000,
            first_game: 0,
            threads: 0,
            bots: vec!["random".into()],
            rotate_seats: false,
            csv: None,
            records: None,
            summary: None,
            progress: None,
            stop: None,
            stop_after: None,
            chunk_size: 1024,
            resume: false,
            force: false,
        }
    }
}

/// What a self-play run did.
#[derive(Clone, Debug)]
pub struct SimulateReport {
    /// The summary of every game played.
    pub summary: Summary,
    /// Games asked for.
    pub games_requested: u64,
    /// The end of the games played and written (games `first_game..games_played`), those of a
    /// resumed run included.
    pub games_played: u64,
    /// Games read back from the CSV of the run resumed (0 unless resuming).
    pub games_resumed: u64,
    /// The first game of a shard ([`SimulateOptions::first_game`]; 0 for a whole run).
    pub first_game: u64,
    /// True when the run was stopped before the end.
    pub interrupted: bool,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
    /// Worker threads used.
    pub threads: usize,
}

impl SimulateReport {
    /// `N games in S s (R games/s, T threads)`, with a note when interrupted.
    pub fn throughput_line(&self) -> String {
        let new_games = self.games_played - self.games_resumed.max(self.first_game);
        let rate = if self.seconds > 0.0 {
            new_games as f64 / self.seconds
        } else {
            0.0
        };
        let mut line = format!(
            "{} game{} in {:.2} s ({:.1} games/s, {} thread{})",
            new_games,
            if new_games == 1 { "" } else { "s" },
            self.seconds,
            rate,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        );
        if self.games_resumed > 0 {
            line.push_str(&format!(
                ", after {} games of the resumed run",
                self.games_resumed
            ));
        }
        if self.interrupted {
            line.push_str(&format!(
                " — interrupted after {} of {} games",
                self.games_played, self.games_requested
            ));
        }
        line
    }
}

/// Runs a self-play run with bots parsed from `opts.bots`.
pub fn simulate<G: SimGame>(
    opts: &SimulateOptions,
    game_opts: &G::Options,
) -> Result<SimulateReport, SimError> {
    let specs = super::parse_specs(&opts.bots)?;
    let factories: Vec<&dyn BotFactory<G>> = specs.iter().map(|s| s as _).collect();
    simulate_with_bots::<G>(opts, game_opts, &factories)
}

/// [`simulate_mixed`] with bots parsed from `opts.bots`.
pub fn simulate_mixed_specs<G: SimGame>(
    opts: &SimulateOptions,
    variants: &[G::Options],
) -> Result<SimulateReport, SimError> {
    let specs = super::parse_specs(&opts.bots)?;
    let factories: Vec<&dyn BotFactory<G>> = specs.iter().map(|s| s as _).collect();
    simulate_mixed::<G>(opts, variants, &factories)
}

/// Runs a self-play run with the given bots (`opts.bots` is ignored): one per seat, or one for
/// every seat.
pub fn simulate_with_bots<G: SimGame>(
    opts: &SimulateOptions,
    game_opts: &G::Options,
    bots: &[&dyn BotFactory<G>],
) -> Result<SimulateReport, SimError> {
    simulate_mixed::<G>(opts, std::slice::from_ref(game_opts), bots)
}

/// Runs a self-play run over several configurations of one game (player counts): game `i` is
/// played with `variants[i mod k]`, so the counts stay balanced however far the run gets. The
/// variants must share their CSV columns (score pad, wonder columns, the game's own lists).
pub fn simulate_mixed<G: SimGame>(
    opts: &SimulateOptions,
    variants: &[G::Options],
    bots: &[&dyn BotFactory<G>],
) -> Result<SimulateReport, SimError> {
    let start = Instant::now();
    let Some(first) = variants.first() else {
        return Err(SimError::Options("no game configuration to play".into()));
    };
    let k = variants.len() as u64;
    let variant_of = |i: u64| &variants[(i % k) as usize];
    // (label, players) of each variant, in variant order.
    let shapes: Vec<(String, usize)> = variants
        .iter()
        .map(|o| {
            let players = G::new_game(o, derive_seed(opts.seed, 0)).num_players();
            (G::options_label(o), players)
        })
        .collect();
    let shape_of = |i: u64| &shapes[(i % k) as usize];
    // The team of each seat of each variant (empty when not played in teams).
    let teams: Vec<Vec<usize>> = variants
        .iter()
        .zip(&shapes)
        .map(|(o, &(_, players))| seat_teams::<G>(o, players))
        .collect::<Result<_, _>>()?;
    let teams_of = |i: u64| teams[(i % k) as usize].as_slice();
    for &(_, players) in &shapes {
        // One per seat or one for every seat (the same rule as a single game's).
        super::seat_bots(bots, players)?;
    }
    // Who sits where depends only on the game's configuration and, when rotating, on the
    // game index modulo the seat count: set every seating (and its labels) up once.
    type Seating<'b, G> = (Vec<&'b dyn BotFactory<G>>, Arc<[String]>);
    let seatings: Vec<Vec<Seating<'_, G>>> = shapes
        .iter()
        .map(|&(_, players)| {
            let rotations = if opts.rotate_seats { players } else { 1 };
            (0..rotations)
                .map(|r| {
                    let seats: Vec<&dyn BotFactory<G>> = (0..players)
                        .map(|p| bots[((p + r) % players) % bots.len()])
                        .collect();
                    let names = labels(&seats).into();
                    (seats, names)
                })
                .collect()
        })
        .collect();
    let seating_of = |i: u64| {
        let rotations = &seatings[(i % k) as usize];
        &rotations[(i % rotations.len() as u64) as usize]
    };
    let seats_of = |i: u64| -> &[&dyn BotFactory<G>] { &seating_of(i).0 };

    let game = G::game_name(first);
    let label = if shapes.len() == 1 {
        shapes[0].0.clone()
    } else {
        shapes
            .iter()
            .map(|s| s.0.as_str())
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let columns = Columns::of::<G>(first);
    for (o, (l, _)) in variants.iter().zip(&shapes) {
        let c = Columns::of::<G>(o);
        if c.categories != columns.categories
            || c.wonders != columns.wonders
            || c.features != columns.features
            || c.teams != columns.teams
        {
            return Err(SimError::Options(format!(
                "{l} and {} give the CSV different columns: run them apart",
                shapes[0].0
            )));
        }
    }

    let records_file = opts
        .records
        .as_deref()
        .map(|p| records_path(p, game, &file_label(&shapes), opts.seed));
    if let Some(p) = &opts.summary {
        super::ReportFormat::from_path(p)?;
    }
    // Open and lock every output before reading or writing any: outputs that are one file are
    // refused, as is a file another run holds, or one holding data without --force.
    let [mut csv_out, mut records_out, summary_out] = OutputFile::open_some(
        [
            ("--out", opts.csv.as_deref()),
            ("--records", records_file.as_deref()),
            ("--summary", opts.summary.as_deref()),
        ],
        opts.force || opts.resume,
        opts.first_game == 0,
    )?;
    let mut summary =
        Summary::new(game, &label, opts.seed, &columns).with_seat_order(G::seat_order(first));
    // Resuming: read back the games already played, and cut the files after them.
    let resumed = match (&opts.csv, opts.resume) {
        (Some(path), true) => {
            let bots_of = |i: u64| seating_of(i).1.to_vec();
            let expected = Expected {
                run_seed: opts.seed,
                game,
                variants: &shapes,
                teams: &teams,
                columns: &columns,
                bots_of: &bots_of,
            };
            resume_csv(path, &expected, &mut summary)?
        }
        (None, true) => {
            return Err(SimError::Options(
                "--resume needs --out: the CSV of the run to continue".into(),
            ))
        }
        (_, false) => Resumed {
            games: 0,
            last: None,
        },
    };
    let Resumed {
        games: resumed,
        last,
    } = resumed;
    // Game i is a pure function of the seed, i and the options only for one version of the
    // engine and bots: play the last game again and check it comes out as the CSV says.
    if let Some((bots, outcome)) = last {
        let i = resumed - 1;
        let game_seed = derive_seed(opts.seed, i);
        let seats = seats_of(i);
        let never = StopControl::new(None, None);
        let replayed = play_game::<G>(variant_of(i), i, game_seed, seats, &never, false)?
            .map(|(g, _)| as_in_csv(&g.outcome(), &columns));
        if replayed.as_ref() != Some(&outcome) || *seating_of(i).1 != *bots {
            return Err(SimError::Options(format!(
                "cannot resume: game {i} plays differently now than in the CSV (the engine or a \
                 bot changed since the run began); start the run again in a new file"
            )));
        }
    }
    if opts.first_game > 0 && opts.resume {
        return Err(SimError::Options(
            "--resume continues a whole run, not a shard starting at a later game".into(),
        ));
    }
    if opts.first_game > opts.games {
        return Err(SimError::Options(format!(
            "a shard from game {} of a {}-game run is empty",
            opts.first_game, opts.games
        )));
    }
    if resumed > opts.games {
        return Err(SimError::Options(format!(
            "cannot resume: the CSV already holds {resumed} games, more than the {} asked for",
            opts.games
        )));
    }

    // Start every output before the first game, so an unwritable file fails at once.
    let mut csv = match (&mut csv_out, resumed) {
        (Some(f), 0) => {
            f.truncate()?;
            Some(TidyCsv::create(f.path(), f.handle()?, &columns, false)?)
        }
        (Some(f), _) => Some(TidyCsv::append(f.path(), f.handle()?, &columns, false)),
        (None, _) => None,
    };
    let mut records = match &mut records_out {
        Some(f) => {
            if resumed > 0 {
                resume_records(f.path(), resumed)?;
            } else {
                f.truncate()?;
            }
            Some((f.path().to_owned(), BufWriter::new(f.handle()?)))
        }
        None => None,
    };
    for f in [&mut csv_out, &mut records_out].into_iter().flatten() {
        f.commit()?;
    }

    let pool = pool(opts.threads)?;
    let stop = StopControl::new(opts.stop.clone(), opts.stop_after);

    struct Played {
        bots: Arc<[String]>,
        game_seed: u64,
        outcome: GameOutcome,
        record: Option<String>,
    }
    let want_records = records.is_some();
    let job = |i: u64| -> Result<Option<Played>, SimError> {
        let game_seed = derive_seed(opts.seed, i);
        let seats = seats_of(i);
        let game_opts = variant_of(i);
        let Some((g, actions)) =
            play_game::<G>(game_opts, i, game_seed, seats, &stop, want_records)?
        else {
            return Ok(None);
        };
        let outcome = g.outcome();
        check_outcome(&outcome, shape_of(i).1, &columns).map_err(|message| SimError::Outcome {
            game_index: i,
            game_seed,
            message,
        })?;
        let bots = seating_of(i).1.clone();
        let record =
            want_records.then(|| g.record(&actions, &bots, game_seed, game_opts).to_string());
        Ok(Some(Played {
            bots,
            game_seed,
            outcome,
            record,
        }))
    };
    let sink = |step: Step<Played>| -> Result<(), SimError> {
        let (i, p) = match step {
            Step::Game(i, p) => (i, p),
            Step::ChunkDone => {
                flush_all(csv.as_mut(), records.as_mut())?;
                // Whole games up to here: what a failed write later is cut back to.
                for f in [&mut csv_out, &mut records_out].into_iter().flatten() {
                    f.commit()?;
                }
                return Ok(());
            }
        };
        if let Some(csv) = csv.as_mut() {
            let row = GameRow {
                run_seed: opts.seed,
                game_index: i,
                game_seed: p.game_seed,
                game,
                options: &shape_of(i).0,
                bots: &p.bots,
                teams: teams_of(i),
                outcome: &p.outcome,
            };
            csv.write_game(None, &row)?;
        }
        if let (Some((path, w)), Some(rec)) = (records.as_mut(), p.record) {
            writeln!(w, "{rec}").map_err(|e| SimError::io(path.as_path(), e))?;
        }
        summary.add_game_with_teams(&p.bots, teams_of(i), &p.outcome);
        Ok(())
    };
    let runner = Runner {
        pool: &pool,
        first: resumed.max(opts.first_game),
        total: opts.games,
        chunk: opts.chunk_size,
        stop: &stop,
        progress: opts.progress.as_ref(),
    };
    let played = runner.run(job, sink);
    let kept = keep_whole_games(&played, &mut csv, &mut records, [&csv_out, &records_out]);
    let played = played?;
    kept?;
    if let (Some(f), Some(p)) = (&summary_out, &opts.summary) {
        f.replace_with(&summary.render(super::ReportFormat::from_path(p)?))?;
    }
    Ok(SimulateReport {
        summary,
        games_requested: opts.games,
        games_played: played,
        games_resumed: resumed,
        first_game: opts.first_game,
        interrupted: played < opts.games,
        seconds: start.elapsed().as_secs_f64(),
        threads: pool.current_num_threads(),
    })
}

/// The options part of a records file name: a run over several shapes (player counts) names
/// what differs once, joined by `+`, and what they share once: `2p+3p+4p`, `v2,3p+5p,day`.
fn file_label<T>(shapes: &[(String, T)]) -> String {
    let parts: Vec<Vec<&str>> = shapes.iter().map(|s| s.0.split(',').collect()).collect();
    let width = parts[0].len();
    if parts.iter().any(|p| p.len() != width) {
        return shapes
            .iter()
            .map(|s| s.0.as_str())
            .collect::<Vec<_>>()
            .join("+");
    }
    (0..width)
        .map(|i| {
            let mut values: Vec<&str> = parts.iter().map(|p| p[i]).collect();
            values.dedup();
            values.join("+")
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The records file for `--records PATH`: `PATH` itself, or, when it is a directory, a file
/// inside it named after the game, its options and the seed, so that runs differing only in
/// options do not overwrite each other (`classic-v2_5p_day-seed1.jsonl`).
fn records_path(path: &Path, game: &str, options: &str, seed: u64) -> PathBuf {
    if path.is_dir() {
        // Anything but letters, digits and `+-.` becomes one `_`, never several in a row.
        let mut name = String::new();
        for c in options.chars() {
            if c.is_ascii_alphanumeric() || "+-.".contains(c) {
                name.push(c);
            } else if !name.ends_with('_') {
                name.push('_');
            }
        }
        let options = name.trim_matches('_');
        path.join(format!("{game}-{options}-seed{seed}.jsonl"))
    } else {
        path.to_owned()
    }
}

/// Ends the writing of a run's appended outputs so they hold whole games only: flushes what
/// was written, unless a write failed (`played` is an I/O error: the buffers may then hold
/// part of a game), or flushing fails; then drops the writers and cuts each file back to its
/// last whole games.
fn keep_whole_games(
    played: &Result<u64, SimError>,
    csv: &mut Option<TidyCsv>,
    records: &mut Option<(PathBuf, BufWriter<File>)>,
    files: [&Option<OutputFile>; 2],
) -> Result<(), SimError> {
    let flushed = match played {
        Err(SimError::Io { .. }) => Ok(()),
        _ => flush_all(csv.as_mut(), records.as_mut()),
    };
    if flushed.is_err() || matches!(played, Err(SimError::Io { .. })) {
        // Dropping a buffered writer writes what it holds: drop them before cutting.
        *csv = None;
        *records = None;
        for f in files.into_iter().flatten() {
            f.roll_back();
        }
    }
    flushed
}

fn flush_all(
    csv: Option<&mut TidyCsv>,
    records: Option<&mut (PathBuf, BufWriter<File>)>,
) -> Result<(), SimError> {
    if let Some(csv) = csv {
        csv.flush()?;
    }
    if let Some((path, w)) = records {
        w.flush().map_err(|e| SimError::io(path.as_path(), e))?;
    }
    Ok(())
}
