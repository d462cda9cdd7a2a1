//! The `wonders` command line: parses flags, reaches the games through the registry, prints.
//! It owns no game logic and names no game.

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

mod args;
mod cards;
mod output;
mod play;
mod replay;
mod signals;
mod sim;

use output::{CliError, Out};
pub use output::{CliResult, BROKEN_PIPE_STATUS};

const AFTER_HELP: &str = "Examples:
  wonders games                                  (every game and its options)
  wonders play --game duel --seed 7 --bots greedy,random --record game.json
  wonders replay game.json                       (or a JSON Lines file, or - for stdin)
  wonders play --game classic --players 5 --edition v2 --sides day --seed 3
  wonders play --game classic:players=5,edition=v1,sides=b --seed 3
  wonders simulate --game duel --games 1000000 --bots greedy --out games.csv --summary summary.md
  wonders simulate ... --resume     (the same command again: goes on after an interruption)
  wonders tournament --game duel --bots random,greedy,mcts:iterations=500 --games 1000

Bots: random | greedy[:determinizations=K,simultaneous=decoupled|sequential] |
      mcts[:iterations=N|time_ms=T,c=X,rollout=random|greedy,epsilon=E,depth=D|none,
           simultaneous=decoupled|sequential] |
      mcts-cheat[:same as mcts] (searches the true state: a research baseline)

Ctrl-C or SIGTERM stops a run after the games in progress: the files hold whole games and the
summary of the games done is printed (exit status 130).";

/// Self-play simulator and AI lab for the 7 Wonders family of board games.
#[derive(Parser, Debug)]
#[command(
    name = "wonders",
    version,
    about,
    long_about = None,
    arg_required_else_help = true,
    after_help = AFTER_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games, their seats, options, expansions, variants and score lines.
    Games,
    /// Play one game between bots and print a readable log of it.
    Play(play::PlayArgs),
    /// Re-execute game records and check every action and every recorded figure.
    Replay(replay::ReplayArgs),
    /// List a game's components (cards, Wonders, tokens …) with their public ids.
    Cards(cards::CardsArgs),
    /// Play many games in parallel: per-game CSV, records, and a balance summary.
    Simulate(sim::SimulateArgs),
    /// Play every pair of bots with seats swapped: win-rate matrix and Elo ratings.
    Tournament(sim::TournamentArgs),
}

/// Runs the command line and returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let result = match cli.command {
        Command::Games => games(),
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Cards(args) => cards::run(args),
        Command::Simulate(args) => sim::simulate(args),
        Command::Tournament(args) => sim::tournament(args),
    };
    match result {
        Ok(code) => code,
        Err(CliError::BrokenPipe) => BROKEN_PIPE_STATUS,
        Err(CliError::Message(message)) => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: {message}");
            1
        }
    }
}

/// `wonders games`.
fn games() -> CliResult {
    let mut out = Out::new();
    for g in crate::registry::GAMES {
        let info = g.info();
        let seats = if info.seats.0 == info.seats.1 {
            format!("{} players", info.seats.0)
        } else {
            format!("{} to {} players", info.seats.0, info.seats.1)
        };
        out.line(&format!("{} — {} ({seats})", info.id, info.name))?;
        for o in info.options {
            out.line(&format!(
                "  {:<16} {:<28} default {:<8} {}",
                o.key, o.values, o.default, o.help
            ))?;
        }
        let list = |l: &[&str]| {
            if l.is_empty() {
                "none".to_string()
            } else {
                l.join(", ")
            }
        };
        out.line(&format!("  expansions: {}", list(info.expansions)))?;
        out.line(&format!("  variants: {}", list(info.variants)))?;
        out.line(&format!("  score lines: {}", info.score_lines.join(", ")))?;
        out.line("")?;
    }
    out.line("Options go after the game's id (--game classic:players=5,edition=v1) or as flags (--players 5).")?;
    out.finish()?;
    Ok(0)
}

/// Opens a file for writing, naming it in the error.
pub(crate) fn create_file(path: &PathBuf) -> Result<std::io::BufWriter<std::fs::File>, String> {
    std::fs::File::create(path)
        .map(std::io::BufWriter::new)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The error of a failed write to `path`.
pub(crate) fn write_error(path: &Path, e: std::io::Error) -> CliError {
    CliError::Message(format!("cannot write {}: {e}", path.display()))
}
