//! `wonders play`: one game between bots, with a readable log.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::args::{output_path, parse_bots, GameArgs};
use super::output::{CliResult, Out};
use super::{create_file, write_error};

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
    /// Print only the final score pad.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: PlayArgs) -> CliResult {
    let (game, options) = args.game.resolve()?;
    let bots = parse_bots(&args.bots)?;
    // Fail on an unwritable record path before playing.
    let mut record_out = args.record.as_ref().map(create_file).transpose()?;
    let played = game.play(&options, args.seed, &bots)?;
    // The record first: a failing standard output must not lose it.
    if let (Some(w), Some(path)) = (record_out.as_mut(), &args.record) {
        serde_json::to_writer_pretty(&mut *w, &played.record)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(w))
            .and_then(|()| w.flush())
            .map_err(|e| write_error(path, e))?;
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
