//! Rollout values of greedy's Progress-token choices in Architects, for fitting
//! `TOKEN_VALUES` (`src/architects/game.rs`) with `scripts/fit_architects_tokens.py`.
//!
//! ```text
//! cargo run --release -p wonders-architects --example token_values -- FROM GAMES ROLLOUTS OUT
//! ```
//!
//! Plays GAMES 3-player games from seed FROM, one greedy seat (rotating with the seed) among
//! two seats playing the first legal action, at random or greedy (2 : 2 : 1 by seed, as
//! `tune_weights dump`). At every token choice of the greedy seat with two or more options it
//! writes one line to OUT: for each token on offer (a face-up token, or `stack` for the top
//! of the stack), the action greedy would pick among that token's (which green cards to turn
//! in), greedy's mean chance to win after it over 8 determinizations, and its rollout value:
//! greedy's win share over ROLLOUTS playouts after it, played out by the same bots, with the
//! same determinizations and bots' seeds for every option. A line reads
//! `Decor=0.811616:0.93750 Tactics=0.831314:1.00000 stack=0.784088:0.93750`.
//!
//! The table in `game.rs` was fitted on lines of greedy before `TOKEN_VALUES` (commit
//! `277654e`), seeds 100,000–105,999, 16 rollouts (7,205 lines, about 4 minutes on each of 2
//! threads); with today's greedy the lines describe today's choices. A second pass on them
//! (seeds 106,000–111,999) moved the held-out value of greedy's pick from 0.7077 to 0.7078
//! only: the table has converged (results/README.md, issue 30's eighth round).

mod common;

use std::collections::BTreeMap;

use common::First;

use rand::SeedableRng;
use wonders_architects::state::{Phase, TokenSource};
use wonders_architects::{Action, Architects, ArchitectsConfig};
use wonders_bots::{Bot, BotRng, Game, GreedyBot, RandomBot};

const PLAYERS: usize = 3;
/// Greedy's determinizations when it reads an option's chance (its own default).
const DETERMINIZATIONS: usize = 8;

/// The token an option takes, as the fit script names it.
fn token_taken(g: &Architects, a: Action) -> Option<String> {
    match a {
        Action::Progress {
            from: TokenSource::Row(i),
            ..
        } => g.progress_row[i as usize].map(|t| t.name().to_string()),
        Action::Progress {
            from: TokenSource::Stack,
            ..
        } => Some("stack".into()),
        _ => None,
    }
}

/// The bots of game `i`: greedy at `seat`, the others by the seed's policy.
fn bots(i: u64, seat: usize, seed: u64) -> Vec<Box<dyn Bot<Architects>>> {
    (0..PLAYERS)
        .map(|s| -> Box<dyn Bot<Architects>> {
            let s64 = s as u64;
            if s == seat {
                Box::new(GreedyBot::<Architects>::new(seed))
            } else {
                match i % 5 {
                    0 | 1 => Box::new(First),
                    2 | 3 => Box::new(RandomBot::<Architects>::new(seed ^ ((7 * i + s64) << 8))),
                    _ => Box::new(GreedyBot::<Architects>::new(
                        seed ^ ((2000 + 7 * i + s64) << 8),
                    )),
                }
            }
        })
        .collect()
}

/// Greedy's win share over `rollouts` playouts after `action`.
fn rollout_value(
    g: &Architects,
    i: u64,
    seat: usize,
    action: Action,
    seed: u64,
    rollouts: u64,
) -> f64 {
    let mut won = 0.0;
    for r in 0..rollouts {
        let seed = seed.wrapping_add(r * 1_000_003);
        let mut h = g.determinize_for(seat, &mut BotRng::seed_from_u64(seed));
        h.apply(action).expect("a legal action applies");
        let mut players = bots(i, seat, seed);
        while !h.is_over() {
            let a = players[Game::current_player(&h)].choose(&h);
            h.apply(a).expect("a bot's action is legal");
        }
        let mut returns = [0.0; PLAYERS];
        Game::returns(&h, &mut returns);
        won += returns[seat];
    }
    won / rollouts as f64
}

/// One line per token choice of game `i`'s greedy seat.
fn game_lines(i: u64, rollouts: u64, lines: &mut Vec<String>) {
    let mut g = Architects::new(&ArchitectsConfig::base(PLAYERS), i).expect("3 players is valid");
    let seat = (i % PLAYERS as u64) as usize;
    let mut players = bots(i, seat, 1000 + i);
    let mut rng = BotRng::seed_from_u64(i * 7919 + 17);
    let mut actions = Vec::new();
    while !g.is_over() {
        let p = Game::current_player(&g);
        Game::legal_actions(&g, &mut actions);
        if p == seat && g.phase == Phase::Science && actions.len() >= 2 {
            let mut chance = vec![0.0; actions.len()];
            for _ in 0..DETERMINIZATIONS {
                let det = g.determinize_for(seat, &mut rng);
                for (c, &a) in chance.iter_mut().zip(&actions) {
                    let mut next = det.clone();
                    next.apply(a).expect("a legal action applies");
                    let mut out = [0.0; PLAYERS];
                    Game::evaluate(&next, &mut out);
                    *c += out[seat] / DETERMINIZATIONS as f64;
                }
            }
            let mut best: BTreeMap<String, (f64, Action)> = BTreeMap::new();
            for (&c, &a) in chance.iter().zip(&actions) {
                let Some(token) = token_taken(&g, a) else {
                    continue;
                };
                let entry = best.entry(token).or_insert((f64::MIN, a));
                if c > entry.0 {
                    *entry = (c, a);
                }
            }
            let seed: u64 = rand::Rng::random(&mut rng);
            let options: Vec<String> = best
                .iter()
                .map(|(token, &(c, a))| {
                    let q = rollout_value(&g, i, seat, a, seed, rollouts);
                    format!("{token}={c:.6}:{q:.5}")
                })
                .collect();
            lines.push(options.join(" "));
        }
        let a = players[p].choose(&g);
        g.apply(a).expect("a bot's action is legal");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: token_values FROM GAMES ROLLOUTS OUT (e.g. 100000 3000 16 tokens.txt)";
    if args.len() != 4 {
        eprintln!("error: {} arguments given\n{usage}", args.len());
        std::process::exit(2);
    }
    let number = |k: usize, name: &str| -> u64 {
        args[k].parse().unwrap_or_else(|_| {
            eprintln!("error: {name} {:?} is not a whole number\n{usage}", args[k]);
            std::process::exit(2)
        })
    };
    let (from, games, rollouts) = (
        number(0, "FROM"),
        number(1, "GAMES"),
        number(2, "ROLLOUTS").max(1),
    );
    let mut lines = Vec::new();
    for i in from..from + games {
        game_lines(i, rollouts, &mut lines);
    }
    if let Err(e) = std::fs::write(&args[3], lines.join("\n") + "\n") {
        eprintln!("error: cannot write {}: {e}", args[3]);
        std::process::exit(1);
    }
    println!("{} token choices written to {}", lines.len(), args[3]);
}
