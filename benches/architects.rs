//! 7 Wonders Architects: whole random games at 3 and 7 players, with and without Medals.

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders::architects::state::{Architects, ArchitectsConfig};
use wonders::architects::Action;

fn random_game(
    config: &ArchitectsConfig,
    seed: u64,
    rng: &mut Xoshiro256PlusPlus,
    buf: &mut Vec<Action>,
) -> u32 {
    let mut g = Architects::new(config, seed).unwrap();
    while !g.is_over() {
        g.legal_actions(buf);
        let a = buf[rng.random_range(0..buf.len())];
        g.apply(a).unwrap();
    }
    g.score(0).total()
}

fn games(c: &mut Criterion) {
    for players in [3, 7] {
        for medals in [false, true] {
            let config = ArchitectsConfig {
                medals,
                ..ArchitectsConfig::base(players)
            };
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            let mut buf = Vec::with_capacity(32);
            let mut seed = 0u64;
            let name = format!(
                "architects/random_game/{players}p{}",
                if medals { "_medals" } else { "" }
            );
            c.bench_function(&name, |b| {
                b.iter(|| {
                    seed += 1;
                    random_game(&config, seed, &mut rng, &mut buf)
                })
            });
        }
    }
}

criterion_group!(benches, games);
criterion_main!(benches);
