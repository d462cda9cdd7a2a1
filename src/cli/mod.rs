//! The `wonders` command line: parses flags, reaches the games through the registry, prints.
//! It owns no game logic and names no game.

use clap::{Parser, Subcommand};

mod args;
mod cards;
mod output;
mod play;
mod replay;
mod selfplay;
mod signals;
mod sim;
mod web;

pub use output::{note_stdout_closed_at_start, CliResult, BROKEN_PIPE_STATUS};
use output::{CliError, Out};

const AFTER_HELP: &str = "Examples:
  wonders games                                  (every game and its options)
  wonders play --game duel --seed 7 --bots greedy,random --record game.json
  wonders replay game.json                       (or a JSON Lines file, or - for stdin)
  wonders replay --html game.html game.json      (a page stepping through it, no server)
  wonders serve --records runs/                  (replay and play in the browser)
  wonders play --game classic --players 5 --edition v2 --sides day --seed 3
  wonders play --game classic:players=5,edition=v1,sides=b --seed 3
  wonders simulate --game duel --games 1000000 --bots greedy --out games.csv --summary summary.md
  wonders simulate ... --resume     (the same command again: goes on after an interruption)
  wonders tournament --game duel --bots random,greedy,mcts:iterations=500 --games 1000

Bots: random | greedy[:determinizations=K,simultaneous=decoupled|sequential] |
      mcts[:iterations=N|time_ms=T,c=X,rollout=random|greedy,epsilon=E,depth=D|none,
           simultaneous=decoupled|sequential,end=win|soft] |
      mcts-cheat[:same as mcts] (searches the true state: a research baseline) |
      net:model=PATH[,temperature=T] | mcts:eval=net,model=PATH[,iterations=N|time_ms=T,c=X]

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
    /// Self-play training data for networks (NumPy arrays): see `python/wonders/train.py`.
    Selfplay(selfplay::SelfPlayArgs),
    /// A local web page that replays records and plays games against the bots.
    Serve(web::ServeArgs),
}

/// Runs the command line and returns the process exit code.
pub fn run() -> i32 {
    signals::ignore_file_size_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // A usage error: stderr is the only place to say it.
            let _ = e.print();
            return 2;
        }
        Err(e) => {
            // `--help` and `--version` are output like any other: a write error is an error.
            return match help_or_version(&e.render().to_string()) {
                Ok(()) => 0,
                Err(CliError::BrokenPipe) => BROKEN_PIPE_STATUS,
                Err(CliError::Message(message)) => {
                    use std::io::Write;
                    let _ = writeln!(std::io::stderr(), "error: {message}");
                    1
                }
            };
        }
    };
    let result = match cli.command {
        Command::Games => games(),
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Cards(args) => cards::run(args),
        Command::Simulate(args) => sim::simulate(args),
        Command::Tournament(args) => sim::tournament(args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Serve(args) => web::serve(args),
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

/// Prints the help or version text clap rendered, through [`Out`] (which refuses a closed
/// standard output and reports a failed write or flush).
fn help_or_version(text: &str) -> Result<(), CliError> {
    let mut out = Out::new();
    out.write(text)?;
    out.finish()
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
        // Columns sized to this game's widest value, so every row lines up.
        let default = |d: &'static str| if d.is_empty() || d == "-" { "none" } else { d };
        let width = |f: &dyn Fn(&crate::common::OptionInfo) -> usize, header: &str| {
            info.options
                .iter()
                .map(f)
                .chain([header.len()])
                .max()
                .unwrap_or(0)
        };
        let key_w = width(&|o| o.key.len(), "option");
        let values_w = width(&|o| o.values.chars().count(), "values");
        let default_w = width(&|o| default(o.default).chars().count(), "default");
        if !info.options.is_empty() {
            out.line(&format!(
                "  {:<key_w$}  {:<values_w$}  {:<default_w$}  meaning",
                "option", "values", "default"
            ))?;
        }
        for o in info.options {
            out.line(&format!(
                "  {:<key_w$}  {:<values_w$}  {:<default_w$}  {}",
                o.key,
                o.values,
                default(o.default),
                o.help
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
