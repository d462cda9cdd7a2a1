//! Plays uniformly random 7 Wonders Duel games on one thread and prints the rate: the
//! engine's raw speed, with no bot or simulator overhead.
//!
//! `cargo run --release --example duel_random_games -- 1000000`
//! `cargo run --release --example duel_random_games -- 1000000 pantheon` (with the expansion)

use std::time::Instant;

use rand::{Rng, SeedableRng};
use wonders::common::GameRng;
use wonders::duel::{Duel, DuelConfig};
use wonders_bots::Game;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200_000);
    let config = match std::env::args().nth(2).as_deref() {
        None => DuelConfig::default(),
        Some("pantheon") => DuelConfig {
            pantheon: true,
            ..DuelConfig::default()
        },
        Some(other) => {
            eprintln!("unknown expansion '{other}' (valid: pantheon)");
            std::process::exit(2);
        }
    };
    let mut rng = GameRng::seed_from_u64(1);
    let mut buf = Vec::with_capacity(64);
    let mut actions = 0u64;
    let start = Instant::now();
    for _ in 0..games {
        let mut g = Duel::new(config, &mut rng);
        while !g.is_terminal() {
            g.legal_actions(&mut buf);
            let a = buf[rng.random_range(0..buf.len())];
            g.apply(a).expect("a legal action");
            actions += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} random games, {actions} actions in {secs:.2} s: {:.0} games/s, {:.2} µs/game",
        games as f64 / secs,
        secs * 1e6 / games as f64
    );
}
