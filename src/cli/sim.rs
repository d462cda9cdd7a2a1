//! `wonders simulate` and `wonders tournament`: self-play at scale.

use std::path::PathBuf;

use clap::Args;

use super::args::{split_specs, GameArgs};
use super::signals::{progress_bar, stop_flag};
use super::{CliResult, GameKind};
use crate::classic::ClassicGame;
use crate::duel::Duel;
use crate::sim::{self, ReportFormat, SimulateOptions, TournamentOptions};

#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Bot specs: one per seat (seat 0 first), or one for every seat, comma-separated.
    #[arg(long, default_value = "greedy,greedy")]
    bots: String,
    /// Master seed: game i is played from a seed derived from (seed, i) only.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Rotate the bots round the table so each sits in every seat equally often.
    #[arg(long)]
    rotate_seats: bool,
    /// Per-game CSV (one row per seat per game; columns documented in the README).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write every game record to this JSON Lines file (or into this directory).
    #[arg(long)]
    records: Option<PathBuf>,
    /// Write the summary to this file; the format follows the extension: .md, .csv, .json, .txt.
    #[arg(long)]
    summary: Option<PathBuf>,
    /// Continue an interrupted run: keep the whole games already in the --out CSV (and
    /// --records file), count them in the summary, and play the rest. Give the run's own
    /// --games, --seed, bots and game options; a CSV from another run is refused.
    #[arg(long, requires = "out")]
    resume: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
pub struct TournamentArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The bots, comma-separated: every pair plays.
    #[arg(long)]
    bots: String,
    /// Games per pair and per seating (each is played twice, seats swapped, on the same seed).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Per-game rows as CSV.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the report to this file; the format follows the extension: .md, .csv, .json, .txt.
    #[arg(long)]
    summary: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

pub fn simulate(args: SimulateArgs) -> CliResult {
    let (bar, progress) = progress_bar(!args.quiet, args.games);
    let opts = SimulateOptions {
        seed: args.seed,
        games: args.games,
        threads: args.threads,
        bots: split_specs(&args.bots)
            .into_iter()
            .map(String::from)
            .collect(),
        rotate_seats: args.rotate_seats,
        csv: args.out,
        records: args.records,
        summary: args.summary,
        progress,
        stop: Some(stop_flag()?),
        resume: args.resume,
        ..SimulateOptions::default()
    };
    let report = match args.game.game {
        GameKind::Duel => sim::simulate::<Duel>(&opts, &args.game.duel_options()?),
        GameKind::Classic => sim::simulate::<ClassicGame>(&opts, &args.game.classic_config()?),
    }
    .map_err(|e| e.to_string());
    bar.finish_and_clear();
    let report = report?;
    print!("{}", report.summary.render(ReportFormat::Text));
    if report.interrupted {
        eprintln!(
            "interrupted: {} of {} games played and written",
            report.games_played, report.games_requested
        );
    }
    eprintln!("{}", report.throughput_line());
    Ok(if report.interrupted { 130 } else { 0 })
}

pub fn tournament(args: TournamentArgs) -> CliResult {
    let pairs = split_specs(&args.bots).len() as u64;
    let total = (pairs * pairs.saturating_sub(1) / 2).saturating_mul(args.games.saturating_mul(2));
    let (bar, progress) = progress_bar(!args.quiet, total);
    let opts = TournamentOptions {
        seed: args.seed,
        games: args.games,
        threads: args.threads,
        bots: split_specs(&args.bots)
            .into_iter()
            .map(String::from)
            .collect(),
        out: args.out,
        summary: args.summary,
        progress,
        stop: Some(stop_flag()?),
        ..TournamentOptions::default()
    };
    let report = match args.game.game {
        GameKind::Duel => sim::tournament::<Duel>(&opts, &args.game.duel_options()?),
        GameKind::Classic => sim::tournament::<ClassicGame>(&opts, &args.game.classic_config()?),
    }
    .map_err(|e| e.to_string());
    bar.finish_and_clear();
    let report = report?;
    print!("{}", report.render(ReportFormat::Text));
    eprintln!("{}", report.throughput_line());
    Ok(0)
}
