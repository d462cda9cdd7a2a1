//! What `simulate` and `tournament` share: one set of run options, and the phases every run
//! goes through, in order:
//!
//! 1. **check** the options and the configurations against each other, before any file is
//!    touched ([`check_configurations`], [`RunOptions::check`]);
//! 2. **open** every output, locked, refusing to lose another run's data ([`Outputs::open`]);
//! 3. **resume** (simulate only): read back the games an earlier run wrote;
//! 4. **play** the games in parallel, handing them to the outputs in game order ([`play`]);
//! 5. **finish**: keep whole games only, write the summary ([`Outputs::finish`],
//!    [`Outputs::write_summary`]).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::csv_out::{check_outcome, seat_teams, Columns, GameRow, TidyCsv, TournamentCols};
use super::outputs::OutputFile;
use super::runner::{play_game, pool, Runner, SeatBots, Step, StopControl};
use super::{BotFactory, GameOutcome, Progress, ReportFormat, SimError, SimGame};

/// The options every run takes, `simulate` or `tournament` (the command line and the Python
/// module fill them).
#[derive(Clone)]
pub struct RunOptions {
    /// Master seed: every game's seed is derived from it and the game's index only.
    pub seed: u64,
    /// Number of games (simulate: the run is games `0..games`; tournament: matches per pair,
    /// each played twice with the seats swapped).
    pub games: u64,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// The per-seat CSV to write (see [`CSV_COLUMNS_DOC`](super::CSV_COLUMNS_DOC)).
    pub out: Option<PathBuf>,
    /// A summary file, format by extension (`.md`, `.csv`, `.json`, `.txt`), written at the end
    /// (also after an interruption).
    pub summary: Option<PathBuf>,
    /// Told the number of games done as games finish (the command line draws a bar with it).
    pub progress: Option<Progress>,
    /// Stop flag (the command line raises it on Ctrl-C or SIGTERM): when raised, games in
    /// progress are abandoned and the run ends with the whole games done before them.
    pub stop: Option<Arc<AtomicBool>>,
    /// Test hook: raise the stop flag once this many games have finished.
    pub stop_after: Option<u64>,
    /// Games played in parallel before their results are written in order; bounds memory.
    pub chunk_size: u64,
    /// Overwrite a non-empty output file; without it such a file is refused, so the output of
    /// another run is never lost by mistake.
    pub force: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            seed: 0,
            games: 1000,
            threads: 0,
            out: None,
            summary: None,
            progress: None,
            stop: None,
            stop_after: None,
            chunk_size: 1024,
            force: false,
        }
    }
}

impl RunOptions {
    /// The summary file's format, refused (naming the valid extensions) before anything runs.
    pub(crate) fn summary_format(&self) -> Result<Option<ReportFormat>, SimError> {
        self.summary
            .as_deref()
            .map(ReportFormat::from_path)
            .transpose()
    }
}

/// What a run knows of one configuration before playing it.
pub(crate) struct Shape {
    /// The options label (the CSV's `options` column).
    pub label: String,
    /// Seats.
    pub players: usize,
    /// The team of each seat (empty when not played in teams).
    pub teams: Vec<usize>,
}

/// Phase 1: the shape of each configuration, and the CSV columns they all share (a run over
/// several configurations, e.g. player counts, writes one CSV).
pub(crate) fn check_configurations<G: SimGame>(
    variants: &[G::Options],
) -> Result<(Vec<Shape>, Columns), SimError> {
    let Some(first) = variants.first() else {
        return Err(SimError::Options("no game configuration to play".into()));
    };
    let shapes: Vec<Shape> = variants
        .iter()
        .map(|o| {
            let players = G::players(o);
            Ok(Shape {
                label: G::options_label(o),
                players,
                teams: seat_teams::<G>(o, players)?,
            })
        })
        .collect::<Result<_, SimError>>()?;
    let columns = Columns::of::<G>(first);
    for (o, shape) in variants.iter().zip(&shapes) {
        let c = Columns::of::<G>(o);
        if c.categories != columns.categories
            || c.wonders != columns.wonders
            || c.features != columns.features
            || c.teams != columns.teams
        {
            return Err(SimError::Options(format!(
                "{} and {} give the CSV different columns: run them apart",
                shape.label, shapes[0].label
            )));
        }
    }
    Ok((shapes, columns))
}

/// Plays game `index` of a run with the worker's `bots`: writes its outcome over `outcome`
/// (checked against the run's columns), and returns what `more` makes of the finished game and
/// its actions (its record, say: the actions are kept only when `keep_actions`); `None` when
/// the run was stopped first.
#[allow(clippy::too_many_arguments)] // `play_game`'s eight, the columns to check against
pub(crate) fn play_checked<'a, G: SimGame, T>(
    options: &G::Options,
    index: u64,
    game_seed: u64,
    seats: &[&'a dyn BotFactory<G>],
    bots: &mut SeatBots<'a, G>,
    stop: &StopControl,
    columns: &Columns,
    keep_actions: bool,
    outcome: &mut GameOutcome,
    more: impl FnOnce(&G, &[G::Action]) -> T,
) -> Result<Option<T>, SimError> {
    let finish = |game: &G, actions: &[G::Action]| {
        game.outcome_into(outcome);
        more(game, actions)
    };
    let Some(t) = play_game::<G, _>(
        options,
        index,
        game_seed,
        seats,
        bots,
        stop,
        keep_actions,
        finish,
    )?
    else {
        return Ok(None);
    };
    check_outcome(outcome, seats.len(), columns).map_err(|message| SimError::Outcome {
        game_index: index,
        game_seed,
        message,
    })?;
    Ok(Some(t))
}

/// Phase 4: plays games `first..total` on a pool of `run.threads`: `job(i, bots, stop,
/// result)` writes game `i`'s result over `result` (one reused from an earlier game) with
/// the bots its worker keeps, and says whether the game finished; `sink` is handed them in
/// game order. Returns the end of the whole games handed over (see [`Runner::run`]) and the
/// threads used.
pub(crate) fn play<'a, G: SimGame, T: Send + Default>(
    run: &RunOptions,
    first: u64,
    total: u64,
    job: impl Fn(u64, &mut SeatBots<'a, G>, &StopControl, &mut T) -> Result<bool, SimError> + Sync,
    sink: impl FnMut(Step<&mut T>) -> Result<(), SimError> + Send,
) -> (Result<u64, SimError>, usize) {
    let pool = match pool(run.threads) {
        Ok(p) => p,
        Err(e) => return (Err(e), 0),
    };
    let stop = StopControl::new(run.stop.clone(), run.stop_after);
    let runner = Runner {
        pool: &pool,
        first,
        total,
        chunk: run.chunk_size,
        stop: &stop,
        progress: run.progress.as_ref(),
    };
    let played = runner.run(
        SeatBots::default,
        |i, bots, result| job(i, bots, &stop, result),
        sink,
    );
    (played, pool.current_num_threads())
}

/// The output files of a run, from before the first game to the end, and their writers.
pub(crate) struct Outputs {
    csv_file: Option<OutputFile>,
    records_file: Option<OutputFile>,
    summary_file: Option<(OutputFile, ReportFormat)>,
    csv: Option<TidyCsv>,
    records: Option<(PathBuf, BufWriter<File>)>,
}

impl Outputs {
    /// Phase 2: opens and locks every output before reading or writing any: outputs that are
    /// one file are refused, as is a file another run holds, or one holding data unless
    /// `overwrite` (the message suggests `--resume` when the run is `resumable`).
    pub fn open(
        run: &RunOptions,
        records: Option<&Path>,
        overwrite: bool,
        resumable: bool,
    ) -> Result<Self, SimError> {
        let format = run.summary_format()?;
        let [csv_file, records_file, summary_file] = OutputFile::open_some(
            [
                ("--out", run.out.as_deref()),
                ("--records", records),
                ("--summary", run.summary.as_deref()),
            ],
            overwrite,
            resumable,
        )?;
        Ok(Outputs {
            csv_file,
            records_file,
            summary_file: summary_file.zip(format),
            csv: None,
            records: None,
        })
    }

    /// The CSV file, to resume from.
    pub fn csv_path(&self) -> Option<&Path> {
        self.csv_file.as_ref().map(OutputFile::path)
    }

    /// The records file, to resume from.
    pub fn records_path(&self) -> Option<&Path> {
        self.records_file.as_ref().map(OutputFile::path)
    }

    /// Starts writing before the first game, so an unwritable file fails at once: from the
    /// start (header first), or after the `resumed` games an earlier run wrote (the files
    /// already cut after them).
    pub fn start(
        &mut self,
        columns: &Columns,
        tournament: bool,
        resumed: u64,
    ) -> Result<(), SimError> {
        if let Some(f) = &mut self.csv_file {
            self.csv = Some(if resumed == 0 {
                f.truncate()?;
                TidyCsv::create(f.path(), f.handle()?, columns, tournament)?
            } else {
                TidyCsv::append(f.path(), f.handle()?, columns, tournament)
            });
        }
        if let Some(f) = &mut self.records_file {
            if resumed == 0 {
                f.truncate()?;
            }
            self.records = Some((f.path().to_owned(), BufWriter::new(f.handle()?)));
        }
        self.commit()
    }

    /// True when a CSV is written.
    pub fn writes_csv(&self) -> bool {
        self.csv_file.is_some()
    }

    /// True when game records are written.
    pub fn wants_records(&self) -> bool {
        self.records_file.is_some()
    }

    /// Writes one game: its CSV rows and its record.
    pub fn write_game(
        &mut self,
        t: Option<&TournamentCols<'_>>,
        row: &GameRow<'_>,
        record: Option<&str>,
    ) -> Result<(), SimError> {
        if let Some(csv) = &mut self.csv {
            csv.write_game(t, row)?;
        }
        if let (Some((path, w)), Some(record)) = (&mut self.records, record) {
            writeln!(w, "{record}").map_err(|e| SimError::io(path.as_path(), e))?;
        }
        Ok(())
    }

    /// Pushes the games written to disk: they are whole games, what a failed write later is
    /// cut back to.
    pub fn chunk_done(&mut self) -> Result<(), SimError> {
        self.flush()?;
        self.commit()
    }

    fn commit(&mut self) -> Result<(), SimError> {
        for f in [&mut self.csv_file, &mut self.records_file]
            .into_iter()
            .flatten()
        {
            f.commit()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), SimError> {
        if let Some(csv) = &mut self.csv {
            csv.flush()?;
        }
        if let Some((path, w)) = &mut self.records {
            w.flush().map_err(|e| SimError::io(path.as_path(), e))?;
        }
        Ok(())
    }

    /// Phase 5: ends the writing of the appended outputs so they hold whole games only:
    /// flushes what was written, unless a write failed (`played` is an I/O error: the buffers
    /// may then hold part of a game), or flushing fails; then drops the writers and cuts each
    /// file back to its last whole games.
    pub fn finish(&mut self, played: &Result<u64, SimError>) -> Result<(), SimError> {
        let write_failed = matches!(played, Err(SimError::Io { .. }));
        let flushed = if write_failed { Ok(()) } else { self.flush() };
        if write_failed || flushed.is_err() {
            // Dropping a buffered writer writes what it holds: drop them before cutting.
            self.csv = None;
            self.records = None;
            for f in [&self.csv_file, &self.records_file].into_iter().flatten() {
                f.roll_back();
            }
        }
        flushed
    }

    /// Writes the summary file, if one was asked for, whole or not at all.
    pub fn write_summary(
        &self,
        render: impl FnOnce(ReportFormat) -> String,
    ) -> Result<(), SimError> {
        match &self.summary_file {
            Some((f, format)) => f.replace_with(&render(*format)),
            None => Ok(()),
        }
    }
}
