//! `wonders play`: one game between bots, with a readable log.

use std::path::PathBuf;

use clap::Args;

use super::args::{output_path, parse_bots, GameArgs};
use super::output::{CliResult, Out};
use crate::registry::OutputFile;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The game's seed: the same seed and bots give the same game. Bots are seeded exactly as in
    /// `simulate`, so `--seed <game_seed> --bots <the row's bots>` replays any game of a run.
    #[arg(long, default_value = "1", allow_hyphen_values = true, value_parser = super::args::seed)]
    seed: u64,
    /// Bot specs, comma-separated: one per seat (seat 0 first) or one for every seat, e.g.
    /// `random,greedy` or `mcts:iterations=500`. Bots: random, greedy, mcts, mcts-cheat (see
    /// the README).
    #[arg(long, default_value = "greedy")]
    bots: String,
    /// Write the game record (JSON) to this file.
    #[arg(long, value_parser = output_path)]
    record: Option<PathBuf>,
    /// Overwrite a non-empty --record file (without it, that is refused).
    #[arg(long, requires = "record")]
    force: bool,
    /// Print only the final score pad.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: PlayArgs) -> CliResult {
    let (game, options) = args.game.resolve()?;
    let bots = parse_bots(&args.bots)?;
    // Open and lock the record file before playing: an unwritable path, a file holding data
    // (without --force) or one another run writes fails at once.
    let record_out = match &args.record {
        Some(path) => Some(
            OutputFile::open_all(&[("--record", path.as_path())], args.force, false)
                .map_err(|e| e.to_string())?
                .remove(0),
        ),
        None => None,
    };
    let played = game.play(&options, args.seed, &bots)?;
    // The record first: a failing standard output must not lose it. It replaces the file
    // whole, so an interrupted write never leaves a torn record.
    if let Some(file) = &record_out {
        let mut text = serde_json::to_string_pretty(&played.record)
            .map_err(|e| format!("cannot write {}: {e}", file.path().display()))?;
        text.push('\n');
        file.replace_with(&text).map_err(|e| e.to_string())?;
    }
    let mut out = Out::new();
    let lines = if args.quiet {
        &played.score_pad
    } else {
        &played.log
    };
    for line in lines {
        out.line(line)?;
    }
    out.finish()?;
    Ok(0)
}
