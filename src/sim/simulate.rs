//! `wonders simulate`: self-play runs.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use super::csv_out::GameRow;
use super::resume::{as_in_csv, resume_csv, resume_records, Expected, Resumed};
use super::run::{check_configurations, play, play_checked, Outputs, RunOptions, Shape};
use super::runner::{labels, play_game, SeatBots, Step, StopControl};
use super::{BotFactory, GameOutcome, SimError, SimGame, Summary};
use wonders_common::derive_seed;

/// Options of a self-play run (the command line and the Python module fill them): the run
/// options every run takes, and what only a self-play run has.
#[derive(Clone, Default)]
pub struct SimulateOptions {
    /// Seed, games, threads, the CSV (`out`) and summary files, progress and stop.
    pub run: RunOptions,
    /// Play only games `first_game..run.games` of the run (a shard of it: the rows are those
    /// of the whole run's CSV for these games, header included). `resume` does not apply.
    pub first_game: u64,
    /// Rotate the bots round the table: in game `i`, seat `p` gets bot `(p + i) mod n`, so with
    /// different bots each sits in every seat equally often.
    pub rotate_seats: bool,
    /// A JSON Lines file of game records, one per game in game order. An existing directory
    /// gets the file `<game>-<options>-seed<seed>.jsonl` inside it.
    pub records: Option<PathBuf>,
    /// Continue an interrupted run: keep the whole games already in the CSV (and `records`),
    /// read them back into the summary, and play the rest. A missing CSV starts the run.
    pub resume: bool,
}

impl SimulateOptions {
    /// Refuses options that contradict each other, before any file is touched.
    fn check(&self) -> Result<(), SimError> {
        if self.resume && self.run.out.is_none() {
            return Err(SimError::Options(
                "--resume needs --out: the CSV of the run to continue".into(),
            ));
        }
        if self.first_game > 0 && self.resume {
            return Err(SimError::Options(
                "--resume continues a whole run, not a shard starting at a later game".into(),
            ));
        }
        if self.first_game > self.run.games {
            return Err(SimError::Options(format!(
                "a shard from game {} of a {}-game run is empty",
                self.first_game, self.run.games
            )));
        }
        Ok(())
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

/// Runs a self-play run over one or several configurations of one game (player counts): game
/// `i` is played with `variants[i mod k]`, so the counts stay balanced however far the run
/// gets. The variants must share their CSV columns (score pad, wonder columns, the game's own
/// lists). `bots` holds one bot per seat (seat 0 first) or a single one for every seat.
pub fn simulate<'b, G: SimGame>(
    opts: &SimulateOptions,
    variants: &[G::Options],
    bots: &[&'b dyn BotFactory<G>],
) -> Result<SimulateReport, SimError> {
    let start = Instant::now();
    let run = &opts.run;

    // 1. Check: the configurations, the bots for each, the options.
    let (shapes, columns) = check_configurations::<G>(variants)?;
    for shape in &shapes {
        // One per seat or one for every seat (the same rule as a single game's).
        super::seat_bots(bots, shape.players)?;
    }
    opts.check()?;
    let k = variants.len() as u64;
    let variant_of = |i: u64| &variants[(i % k) as usize];
    let shape_of = |i: u64| &shapes[(i % k) as usize];
    // Who sits where depends only on the game's configuration and, when rotating, on the
    // game index modulo the seat count: set every seating (and its labels) up once.
    type Seating<'s, G> = (Vec<&'s dyn BotFactory<G>>, Arc<[String]>);
    let seatings: Vec<Vec<Seating<'_, G>>> = shapes
        .iter()
        .map(|shape| {
            let players = shape.players;
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
    let game = G::game_name(&variants[0]);
    let label = shapes
        .iter()
        .map(|s| s.label.as_str())
        .collect::<Vec<_>>()
        .join(" | ");

    // 2. Open every output.
    let records_file = opts
        .records
        .as_deref()
        .map(|p| records_path(p, game, &file_label(&shapes), run.seed));
    let mut outputs = Outputs::open(
        run,
        records_file.as_deref(),
        run.force || opts.resume,
        opts.first_game == 0,
    )?;
    let mut summary =
        Summary::new(game, &label, run.seed, &columns).with_seat_order(G::seat_order(&variants[0]));

    // 3. Resume: read back the games already played, and cut the files after them.
    let mut resumed = 0;
    if let (Some(path), true) = (outputs.csv_path(), opts.resume) {
        let bots_of = |i: u64| seating_of(i).1.to_vec();
        let expected = Expected {
            run_seed: run.seed,
            game,
            shapes: &shapes,
            columns: &columns,
            bots_of: &bots_of,
        };
        let Resumed { games, last } = resume_csv(path, &expected, &mut summary)?;
        resumed = games;
        // Game i is a pure function of the seed, i and the options only for one version of
        // the engine and bots: play the last game again and check it comes out as the CSV
        // says.
        if let Some((bots, outcome)) = last {
            let i = resumed - 1;
            let (seats, names) = seating_of(i);
            let never = StopControl::new(None, None);
            let replayed = play_game::<G, _>(
                variant_of(i),
                i,
                derive_seed(run.seed, i),
                seats,
                &mut SeatBots::default(),
                &never,
                false,
                |g, _| as_in_csv(&g.outcome(), &columns),
            )?;
            if replayed.as_ref() != Some(&outcome) || **names != *bots {
                return Err(SimError::Options(format!(
                    "cannot resume: game {i} plays differently now than in the CSV (the engine \
                     or a bot changed since the run began); start the run again in a new file"
                )));
            }
        }
        if resumed > run.games {
            return Err(SimError::Options(format!(
                "cannot resume: the CSV already holds {resumed} games, more than the {} asked \
                 for",
                run.games
            )));
        }
        if let (Some(path), true) = (outputs.records_path(), resumed > 0) {
            resume_records(path, resumed)?;
        }
    }

    // 4. Play, writing each game in order.
    outputs.start(&columns, false, resumed)?;
    // The bots of game `i` are found again from `i` by the sink (no shared list to count
    // references to, twice per game). One `Done` is written over from game to game.
    #[derive(Default)]
    struct Done {
        game_seed: u64,
        outcome: GameOutcome,
        record: Option<String>,
    }
    let want_records = outputs.wants_records();
    let job = |i: u64,
               kept: &mut SeatBots<'b, G>,
               stop: &StopControl,
               done: &mut Done|
     -> Result<bool, SimError> {
        let game_seed = derive_seed(run.seed, i);
        let (seats, bots) = seating_of(i);
        let game_opts = variant_of(i);
        let record = |g: &G, actions: &[G::Action]| {
            want_records.then(|| g.record(actions, bots, game_seed, game_opts).to_string())
        };
        let Some(record) = play_checked::<G, _>(
            game_opts,
            i,
            game_seed,
            seats,
            kept,
            stop,
            &columns,
            want_records,
            &mut done.outcome,
            record,
        )?
        else {
            return Ok(false);
        };
        done.game_seed = game_seed;
        done.record = record;
        Ok(true)
    };
    let sink = |step: Step<&mut Done>| -> Result<(), SimError> {
        let (i, d) = match step {
            Step::Game(i, d) => (i, d),
            Step::ChunkDone => return outputs.chunk_done(),
        };
        let shape = shape_of(i);
        let bots = &seating_of(i).1;
        let row = GameRow {
            run_seed: run.seed,
            game_index: i,
            game_seed: d.game_seed,
            game,
            options: &shape.label,
            bots,
            teams: &shape.teams,
            outcome: &d.outcome,
        };
        outputs.write_game(None, &row, d.record.as_deref())?;
        summary.add_game_with_teams(bots, &shape.teams, &d.outcome);
        Ok(())
    };
    let (played, threads) = play(run, resumed.max(opts.first_game), run.games, job, sink);

    // 5. Finish: whole games only in the files, then the summary.
    let kept = outputs.finish(&played);
    let played = played?;
    kept?;
    outputs.write_summary(|format| summary.render(format))?;
    Ok(SimulateReport {
        summary,
        games_requested: run.games,
        games_played: played,
        games_resumed: resumed,
        first_game: opts.first_game,
        interrupted: played < run.games,
        seconds: start.elapsed().as_secs_f64(),
        threads,
    })
}

/// The options part of a records file name: a run over several shapes (player counts) names
/// what differs once, joined by `+`, and what they share once: `2p+3p+4p`, `v2,3p+5p,day`.
fn file_label(shapes: &[Shape]) -> String {
    let parts: Vec<Vec<&str>> = shapes
        .iter()
        .map(|s| s.label.split(',').collect())
        .collect();
    let width = parts[0].len();
    if parts.iter().any(|p| p.len() != width) {
        return shapes
            .iter()
            .map(|s| s.label.as_str())
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
