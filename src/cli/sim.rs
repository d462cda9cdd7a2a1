//! `wonders simulate` and `wonders tournament`: self-play at scale.

use std::path::PathBuf;

use clap::Args;

use super::args::{output_path, parse_bots, GameArgs};
use super::output::{CliResult, Out};
use super::signals::{progress_bar, stop_flag};
use crate::registry::{
    ReportFormat, RunOptions, SimulateOptions, TournamentBot, TournamentOptions,
};

/// The most worker threads a run may ask for.
const MAX_THREADS: usize = 1024;

pub(super) fn threads(n: &str) -> Result<usize, String> {
    match n.parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(format!(
            "expected a whole number from 0 (one per core) to {MAX_THREADS}"
        )),
    }
}

/// Examples under `wonders simulate --help`.
const SIMULATE_EXAMPLES: &str = "Examples:
  wonders simulate --game duel --games 100000 --bots greedy --out games.csv --summary summary.md
  wonders simulate --game classic --players 3-7 --expansions cities --games 10000 --out c.csv
  wonders simulate --game classic --edition v2 --expansions cities --variant teams --players 4 \\
      --games 10000 --out teams.csv --summary teams.md
      (the team variant: a team column in the CSV, win rates per team and per pair of boards)";

/// Examples under `wonders tournament --help`.
const TOURNAMENT_EXAMPLES: &str = "Examples:
  wonders tournament --game duel --bots random,greedy,mcts:iterations=500 --games 1000
  wonders tournament --game classic --expansions cities --variant teams --players 4 \\
      --bots random,greedy --games 500
      (in teams one bot plays both partners: teams a, b, then b, a on the same seed)";

/// The flags `simulate` and `tournament` share: how the run is seeded, spread over threads,
/// written and shown.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Master seed: game i (in a tournament, match i, both legs) is played from a seed derived
    /// from (seed, i) only.
    #[arg(long, default_value = "1", allow_hyphen_values = true, value_parser = super::args::seed)]
    seed: u64,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value = "0", value_parser = threads)]
    threads: usize,
    /// Per-game CSV (one row per seat per game; columns documented in the README).
    #[arg(long, value_parser = output_path)]
    out: Option<PathBuf>,
    /// Write the summary to this file; the format follows the extension: .md, .csv, .json, .txt.
    #[arg(long, value_parser = output_path)]
    summary: Option<PathBuf>,
    /// Overwrite a non-empty --out or --summary file (without it, that is refused).
    #[arg(long)]
    force: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

impl RunArgs {
    /// The shared run options of `games` games, with a progress bar unless `--quiet`; the
    /// bar is returned to be cleared when the run ends.
    fn options(
        self,
        games: u64,
        bar_total: u64,
    ) -> Result<(indicatif::ProgressBar, RunOptions), String> {
        let (bar, progress) = progress_bar(!self.quiet, bar_total);
        let run = RunOptions {
            seed: self.seed,
            games,
            threads: self.threads,
            out: self.out,
            summary: self.summary,
            progress,
            stop: Some(stop_flag()?),
            force: self.force,
            ..RunOptions::default()
        };
        Ok((bar, run))
    }
}

#[derive(Args, Debug)]
#[command(
    after_help = SIMULATE_EXAMPLES,
    mut_arg("force", |a| a.help("Overwrite a non-empty --out, --records or --summary file (without it, that is refused)")),
)]
pub struct SimulateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Bot specs: one per seat (seat 0 first), or one for every seat, comma-separated.
    #[arg(long, default_value = "greedy")]
    bots: String,
    #[command(flatten)]
    run: RunArgs,
    /// Rotate the bots round the table so each sits in every seat equally often.
    #[arg(long)]
    rotate_seats: bool,
    /// Also write every game record to this JSON Lines file (or, for a directory, to a file
    /// inside it named after the game, its options and the seed).
    #[arg(long, value_parser = output_path)]
    records: Option<PathBuf>,
    /// Continue an interrupted run: keep the whole games already in the --out CSV (and
    /// --records file), count them in the summary (--summary is rewritten), and play the
    /// rest. Give the run's own --games, --seed, bots and game options; a CSV from another run
    /// is refused.
    #[arg(long, requires = "out", conflicts_with = "force")]
    resume: bool,
}

#[derive(Args, Debug)]
#[command(
    after_help = TOURNAMENT_EXAMPLES,
    mut_arg("summary", |a| a.help("Write the report to this file; the format follows the extension: .md, .csv, .json, .txt")),
)]
pub struct TournamentArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The bots, comma-separated: every pair plays.
    #[arg(long)]
    bots: String,
    /// Games per pair and per seating (each is played twice, seats swapped, on the same seed).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    #[command(flatten)]
    run: RunArgs,
}

/// A line on standard error; a closed standard error loses it but stops nothing.
fn note(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

pub fn simulate(args: SimulateArgs) -> CliResult {
    let config = args.game.configure()?;
    let bots = parse_bots(&args.bots)?;
    let (bar, run) = args.run.options(args.games, args.games)?;
    let opts = SimulateOptions {
        run,
        rotate_seats: args.rotate_seats,
        records: args.records,
        resume: args.resume,
        ..SimulateOptions::default()
    };
    let report = config.simulate(&opts, &bots);
    bar.finish_and_clear();
    let report = report?;
    finish(
        &report.summary.render(ReportFormat::Text),
        report
            .interrupted
            .then_some((report.games_played, report.games_requested)),
        &report.throughput_line(),
    )
}

pub fn tournament(args: TournamentArgs) -> CliResult {
    let config = args.game.configure()?;
    let bots: Vec<TournamentBot> = parse_bots(&args.bots)?
        .into_iter()
        .map(TournamentBot::Spec)
        .collect();
    let n = bots.len() as u64;
    let total = (n * n.saturating_sub(1) / 2).saturating_mul(args.games.saturating_mul(2));
    let (bar, run) = args.run.options(args.games, total)?;
    let opts = TournamentOptions {
        run,
        ..TournamentOptions::default()
    };
    let report = config.tournament(&opts, &bots);
    bar.finish_and_clear();
    let report = report?;
    finish(
        &report.render(ReportFormat::Text),
        report
            .interrupted
            .then_some((report.games_played, report.games_requested)),
        &report.throughput_line(),
    )
}

/// Prints a run's report, then on standard error how far an interrupted run went and its
/// throughput; exit status 130 after an interruption (as for Ctrl-C).
fn finish(report: &str, interrupted: Option<(u64, u64)>, throughput: &str) -> CliResult {
    let mut out = Out::new();
    out.write(report)?;
    out.finish()?;
    if let Some((played, requested)) = interrupted {
        note(&format!(
            "interrupted: {played} of {requested} games played and written"
        ));
    }
    note(throughput);
    Ok(if interrupted.is_some() { 130 } else { 0 })
}
