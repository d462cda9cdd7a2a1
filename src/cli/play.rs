//! `wonders play`: one game between bots, with a readable log.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use rand::SeedableRng;
use wonders_bots::{BotSpec, Game};

use super::{create_file, duel_variants, CliResult, GameKind, WondersMode};
use crate::common::{derive_seed, GameRng};
use crate::duel::log::{describe_step, score_pad};
use crate::duel::record::write_record;
use crate::duel::state::WonderSelection;
use crate::duel::{Duel, DuelOptions};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(long, value_enum, default_value = "duel")]
    game: GameKind,
    /// The game's seed: the same seed and bots give the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One bot spec per seat, seat 0 first, comma-separated (see `--help` of `tournament` for
    /// the bot syntax), e.g. `random,greedy`.
    #[arg(long, default_value = "random,random")]
    bots: String,
    /// Rule variants, comma-separated. Duel: `errata-next-age` (the player who took the last
    /// card chooses who starts when the pawn is on the centre, instead of starting).
    #[arg(long = "variant", value_delimiter = ',')]
    variants: Vec<String>,
    /// How the Duel Wonders are chosen.
    #[arg(long, value_enum, default_value = "draft")]
    wonders: WondersMode,
    /// Write the game record (JSON) to this file.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Print only the final score pad.
    #[arg(long)]
    quiet: bool,
}

/// Parses a comma-separated list of bot specs, one per seat.
pub(crate) fn parse_bots(text: &str, seats: usize) -> Result<Vec<BotSpec>, String> {
    let specs: Vec<&str> = split_specs(text);
    if specs.len() != seats {
        return Err(format!(
            "--bots needs {seats} bot specs (one per seat, comma-separated), got {}: `{text}`",
            specs.len()
        ));
    }
    specs
        .iter()
        .map(|s| BotSpec::parse(s).map_err(|e| e.to_string()))
        .collect()
}

/// Splits `random,mcts:iterations=200,c=0.5,greedy` into specs: a comma starts a new spec
/// only when what follows is not a `key=value` parameter of the previous one.
pub(crate) fn split_specs(text: &str) -> Vec<&str> {
    let mut specs = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b',' {
            let rest = &text[i + 1..];
            let next = rest.split(',').next().unwrap_or("");
            let is_param = next.contains('=') && !next.contains(':');
            if !is_param {
                specs.push(text[start..i].trim());
                start = i + 1;
            }
        }
    }
    specs.push(text[start..].trim());
    specs.retain(|s| !s.is_empty());
    specs
}

pub fn run(args: PlayArgs) -> CliResult {
    match args.game {
        GameKind::Duel => play_duel(args),
    }
}

fn play_duel(args: PlayArgs) -> CliResult {
    let specs = parse_bots(&args.bots, 2)?;
    let options = DuelOptions {
        errata_next_age: duel_variants(&args.variants)?,
        wonders: match args.wonders {
            WondersMode::Draft => WonderSelection::Draft,
            WondersMode::Random => WonderSelection::Random,
        },
    };
    // Fail on an unwritable record path before playing.
    let mut record_out = args.record.as_ref().map(create_file).transpose()?;

    let mut rng = GameRng::seed_from_u64(args.seed);
    let mut game = Duel::new(options, &mut rng);
    let mut bots: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(seat, s)| s.build::<Duel>(derive_seed(args.seed, seat as u64 + 1)))
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
