//! The `wonders` command line: parses flags, runs the engines and the simulator, prints. It
//! owns no game logic.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

mod args;
mod cards;
mod play;
mod replay;
mod signals;
mod sim;

const AFTER_HELP: &str = "Examples:
  wonders play --game duel --seed 7 --bots greedy,random --record game.json
  wonders replay game.json
  wonders play --game classic --players 5 --edition v2 --sides day --seed 3
  wonders simulate --game duel --games 1000000 --bots greedy --out games.csv --summary summary.md
  wonders simulate ... --resume     (the same command again: goes on after an interruption)
  wonders tournament --game duel --bots random,greedy,mcts:iterations=500 --games 1000

Bots: random | greedy[:determinizations=K] |
      mcts[:iterations=N|time_ms=T,c=X,rollout=random|greedy,epsilon=E,depth=D|none] |
      mcts-cheat[:same as mcts] (searches the true state: a research baseline)";

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

/// The games the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    /// 7 Wonders Duel, 2 players.
    Duel,
    /// 7 Wonders, 3 to 7 players, 1st or 2nd edition.
    Classic,
}

/// Output format of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Csv,
    Json,
}

/// How the Duel Wonders are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WondersMode {
    /// The rulebook's draft, decided by the bots.
    Draft,
    /// A random deal of 4 Wonders each (the draft's picks are forced).
    Random,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play one game between bots and print a readable log of it.
    Play(play::PlayArgs),
    /// Re-execute game records and check every action and every recorded figure.
    Replay(replay::ReplayArgs),
    /// List a game's cards, Wonders and Progress tokens with their public ids.
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
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Cards(args) => cards::run(args),
        Command::Simulate(args) => sim::simulate(args),
        Command::Tournament(args) => sim::tournament(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            1
        }
    }
}

/// A user-facing error: one line, naming the bad value and what would be valid.
pub type CliResult = Result<i32, String>;

/// Parses `--variant` values for Duel.
pub(crate) fn duel_variants(variants: &[String]) -> Result<bool, String> {
    let mut errata = false;
    for v in variants {
        match v.as_str() {
            "errata-next-age" => errata = true,
            other => {
                return Err(format!(
                    "unknown variant `{other}` for duel (valid: errata-next-age)"
                ))
            }
        }
    }
    Ok(errata)
}

/// Opens a file for writing, naming it in the error.
pub(crate) fn create_file(path: &PathBuf) -> Result<std::io::BufWriter<std::fs::File>, String> {
    std::fs::File::create(path)
        .map(std::io::BufWriter::new)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
