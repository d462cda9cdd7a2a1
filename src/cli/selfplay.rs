//! `wonders selfplay`: training data for networks, written as NumPy arrays.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use wonders_bots::ModelFile;

use super::args::GameArgs;
use super::output::{CliResult, Out};
use super::sim::threads;
use crate::registry::SelfPlayRun;

#[derive(Args, Debug)]
pub struct SelfPlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Master seed: game `i` is dealt and played from `derive_seed(seed, i)`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The ONNX network guiding the search (see `net:` in the README); without it, plain
    /// MCTS with random rollouts plays (a start from nothing).
    #[arg(long)]
    model: Option<String>,
    /// Search iterations per decision.
    #[arg(long, default_value_t = 200)]
    iterations: u32,
    /// Exploration constant (default: 1.5 with a model, 0.7 without).
    #[arg(long)]
    c: Option<f64>,
    /// Each seat's first K decisions are drawn in proportion to the search's visits.
    #[arg(long, default_value_t = 10)]
    sample_moves: u32,
    /// Dirichlet noise at the root of the guided search: `ALPHA,WEIGHT`, or `none`.
    #[arg(long, default_value = "0.3,0.25")]
    noise: String,
    /// With a model: the weight of a random rollout's returns in a leaf's value, from 0 (the
    /// network's value alone, AlphaZero's way) to 1 (rollouts alone, the network giving the
    /// priors).
    #[arg(long, default_value_t = 0.0)]
    mix: f64,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value = "0", value_parser = threads)]
    threads: usize,
    /// Directory for observations.npy, masks.npy, policies.npy and values.npy.
    #[arg(long)]
    out: PathBuf,
}

/// `--noise`: `ALPHA,WEIGHT` with ALPHA > 0 and WEIGHT in [0, 1], or `none`.
fn parse_noise(text: &str) -> Result<Option<(f64, f64)>, String> {
    if text == "none" {
        return Ok(None);
    }
    let bad = || format!("--noise `{text}`: expected ALPHA,WEIGHT (e.g. 0.3,0.25) or `none`");
    let (a, w) = text.split_once(',').ok_or_else(bad)?;
    let (a, w): (f64, f64) = (
        a.trim().parse().map_err(|_| bad())?,
        w.trim().parse().map_err(|_| bad())?,
    );
    if !(a > 0.0 && a.is_finite() && (0.0..=1.0).contains(&w)) {
        return Err(bad());
    }
    Ok(Some((a, w)))
}

pub fn run(args: SelfPlayArgs) -> CliResult {
    let (game, options) = args.game.resolve()?;
    if let Some(c) = args.c {
        if !(c.is_finite() && c >= 0.0) {
            return Err(format!("--c {c}: expected a finite number >= 0").into());
        }
    }
    if args.iterations == 0 {
        return Err("--iterations 0: expected a whole number >= 1"
            .to_string()
            .into());
    }
    if !(0.0..=1.0).contains(&args.mix) {
        return Err(format!("--mix {}: expected a weight from 0 to 1", args.mix).into());
    }
    let model = match &args.model {
        Some(path) => Some(ModelFile::load(path)?),
        None => None,
    };
    let run = SelfPlayRun {
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        model,
        iterations: args.iterations,
        c: args.c,
        sample_moves: args.sample_moves,
        noise: parse_noise(&args.noise)?,
        mix: args.mix,
    };
    let start = Instant::now();
    let data = game.self_play(&options, &run)?;
    data.write_npy(&args.out).map_err(|e| e.to_string())?;
    let mut out = Out::new();
    out.line(&format!(
        "{} games, {} positions ({} features, {} action ids, {} seats) in {:.1} s -> {}",
        args.games,
        data.rows,
        data.observation_len,
        data.action_space,
        data.players,
        start.elapsed().as_secs_f64(),
        args.out.display()
    ))?;
    Ok(0)
}
