//! Plays uniformly random 7 Wonders Architects games on one thread and prints the rate: the
//! engine's raw speed, with no bot or simulator overhead.
//!
//! `cargo run --release --example architects_random_games -- 3 1000000` (players, games;
//! add `medals` as a third argument for the Medals expansion)

use std::time::Instant;

use rand::{Rng, SeedableRng};
use wonders::architects::state::{Architects, ArchitectsConfig};
use wonders::common::GameRng;

fn main() {
    let mut args = std::env::args().skip(1);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let medals = args.next().is_some_and(|a| a == "medals");
    let config = ArchitectsConfig {
        medals,
        ..ArchitectsConfig::base(players)
    };
    let mut rng = GameRng::seed_from_u64(1);
    let mut buf = Vec::with_capacity(32);
    let mut actions = 0u64;
    let mut checksum = 0u64;
    let start = Instant::now();
    for seed in 0..games {
        let mut g = Architects::new(&config, seed).expect("a valid configuration");
        while !g.is_over() {
            g.legal_actions(&mut buf);
            let a = buf[rng.random_range(0..buf.len())];
            g.apply(a).expect("a legal action");
            actions += 1;
        }
        checksum += u64::from(g.score(0).total());
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} random {players}-player games, {actions} actions in {secs:.2} s: {:.0} games/s, \
         {:.2} µs/game (seat 0 scored {checksum} in all)",
        games as f64 / secs,
        secs * 1e6 / games as f64
    );
}
