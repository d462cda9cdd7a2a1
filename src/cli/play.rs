//! `wonders play`: one game between bots, with a readable log.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use rand::SeedableRng;
use wonders_bots::Game;

use super::args::{parse_bots, GameArgs};
use super::{create_file, CliResult, GameKind};
use crate::classic::{turn_log, ClassicGame};
use crate::common::{derive_seed, GameRng};
use crate::duel::log::{describe_step, score_pad};
use crate::duel::record::write_record;
use crate::duel::Duel;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The game's seed: the same seed and bots give the same game. Bots are seeded exactly as in
    /// `simulate`, so `--seed <game_seed> --bots <the row's bots>` replays any game of a run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bot specs, comma-separated: one per seat (seat 0 first) or one for every seat, e.g.
    /// `random,greedy` or `mcts:iterations=500`. Bots: random, greedy, mcts, mcts-cheat (see
    /// the README).
    #[arg(long, default_value = "greedy")]
    bots: String,
    /// Write the game record (JSON) to this file.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Print only the final score pad.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: PlayArgs) -> CliResult {
    match args.game.game {
        GameKind::Duel => play_duel(args),
        GameKind::Classic => play_classic(args),
    }
}

fn play_classic(args: PlayArgs) -> CliResult {
    let config = args.game.classic_config()?;
    let specs = parse_bots(&args.bots, config.players)?;
    let mut record_out = args.record.as_ref().map(create_file).transpose()?;
    let mut game = ClassicGame::new(&config, args.seed).map_err(|e| e.to_string())?;
    let mut bots: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(seat, s)| s.build::<ClassicGame>(derive_seed(args.seed, seat as u64)))
        .collect();
    while !game.is_terminal() {
        let seat = game.current_player();
        let action = bots[seat].choose(&game);
        game.apply(action)
            .map_err(|e| format!("bot {} played an illegal action: {e}", specs[seat]))?;
    }
    let log = turn_log(&game);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let shown: &[String] = if args.quiet {
        let pad = log
            .iter()
            .rposition(|l| l.starts_with("Final"))
            .unwrap_or(0);
        &log[pad..]
    } else {
        let _ = writeln!(
            out,
            "Bots: {}",
            specs
                .iter()
                .enumerate()
                .map(|(i, s)| format!("seat {i} = {s}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        &log
    };
    for line in shown {
        let _ = writeln!(out, "{line}");
    }
    if let Some(w) = record_out.as_mut() {
        let players: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        serde_json::to_writer_pretty(&mut *w, &game.record(&players))
            .map_err(|e| format!("cannot write the record: {e}"))?;
        writeln!(w)
            .and_then(|_| w.flush())
            .map_err(|e| format!("cannot write the record: {e}"))?;
    }
    Ok(0)
}

fn play_duel(args: PlayArgs) -> CliResult {
    let specs = parse_bots(&args.bots, 2)?;
    let options = args.game.duel_options()?;
    // Fail on an unwritable record path before playing.
    let mut record_out = args.record.as_ref().map(create_file).transpose()?;

    let mut rng = GameRng::seed_from_u64(args.seed);
    let mut game = Duel::new(options, &mut rng);
    let mut bots: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(seat, s)| s.build::<Duel>(derive_seed(args.seed, seat as u64)))
        .collect();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut actions = Vec::new();
    if !args.quiet {
        let _ = writeln!(
            out,
            "7 Wonders Duel, seed {}: P1 = {}, P2 = {}",
            args.seed, specs[0], specs[1]
        );
        let _ = writeln!(out, "=== Wonder draft ===");
    }
    while !game.is_terminal() {
        let seat = game.current_player();
        let action = bots[seat].choose(&game);
        let before = game.clone();
        game.apply(action)
            .map_err(|e| format!("bot {} played an illegal action: {e}", specs[seat]))?;
        actions.push(action);
        if !args.quiet {
            if before.is_drafting() && !game.is_drafting() {
                for line in describe_step(&before, action, &game) {
                    let _ = writeln!(out, "{line}");
                }
                let _ = writeln!(out, "=== Age I begins ===");
                continue;
            }
            for line in describe_step(&before, action, &game) {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    let _ = writeln!(out, "=== Final score ===");
    let _ = write!(out, "{}", score_pad(&game));
    if let Some(w) = record_out.as_mut() {
        let players: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        let record = write_record(args.seed, game.setup(), &options, &players, &actions);
        serde_json::to_writer_pretty(&mut *w, &record)
            .map_err(|e| format!("cannot write the record: {e}"))?;
        writeln!(w)
            .and_then(|_| w.flush())
            .map_err(|e| format!("cannot write the record: {e}"))?;
    }
    Ok(0)
}
