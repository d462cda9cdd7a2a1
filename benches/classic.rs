//! 7 Wonders (3–7 players) hot paths: payment search, legal-move generation, whole random
//! games, and one MCTS move at 3, 5 and 7 players (iterations per second = 200 / time).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders::classic::payment::{quote, Supply, FULL_PRICES};
use wonders::classic::{ClassicConfig, ClassicGame, Edition, Expansion, Resource};
use wonders_bots::{BotSpec, Game};

fn random_game(
    config: &ClassicConfig,
    seed: u64,
    rng: &mut Xoshiro256PlusPlus,
    buf: &mut Vec<wonders::classic::Action>,
) -> i32 {
    let mut g = ClassicGame::new(config, seed).unwrap();
    while !g.is_terminal() {
        g.legal_actions(buf);
        let a = buf[rng.random_range(0..buf.len())];
        g.apply(a).unwrap();
    }
    g.score(0).total
}

fn payment(c: &mut Criterion) {
    // Palace (one of each resource) with choice cards everywhere.
    let mut own = Supply::default();
    own.add_fixed(Resource::Glass as usize, 1);
    own.add_choice(0b0011);
    own.add_choice(0b0110);
    let mut left = Supply::default();
    left.add_fixed(Resource::Stone as usize, 1);
    left.add_fixed(Resource::Textile as usize, 1);
    left.add_choice(0b1001);
    let mut right = Supply::default();
    right.add_fixed(Resource::Ore as usize, 1);
    right.add_fixed(Resource::Papyrus as usize, 1);
    right.add_fixed(Resource::Textile as usize, 1);
    right.add_choice(0b0101);
    let palace = [1u8; 7];
    c.bench_function("classic/payment/palace_with_choices", |b| {
        b.iter(|| quote(black_box(&palace), &own, &left, &right, &FULL_PRICES))
    });
    let mut two_stone = [0u8; 7];
    two_stone[Resource::Stone as usize] = 2;
    c.bench_function("classic/payment/two_stone", |b| {
        b.iter(|| quote(black_box(&two_stone), &own, &left, &right, &FULL_PRICES))
    });
}

fn legal_moves(c: &mut Criterion) {
    // A mid-game 7-player position (start of Age II after random play).
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut g = ClassicGame::new(&ClassicConfig::new(7, Edition::V2), 3).unwrap();
    let mut buf = Vec::new();
    while g.age() < 3 {
        g.legal_actions(&mut buf);
        let a = buf[rng.random_range(0..buf.len())];
        g.apply(a).unwrap();
    }
    c.bench_function("classic/legal_actions/7p_age3_start", |b| {
        b.iter(|| {
            black_box(&g).legal_actions(&mut buf);
            buf.len()
        })
    });
}

fn games(c: &mut Criterion) {
    for players in [3, 5, 7] {
        // Both editions, and the 2nd with Cities and with Leaders and Cities.
        for (edition, leaders, cities) in [
            (Edition::V1, false, false),
            (Edition::V2, false, false),
            (Edition::V2, false, true),
            (Edition::V2, true, true),
        ] {
            let mut config = ClassicConfig::new(players, edition);
            config.expansions.set(Expansion::CITIES, cities);
            config.expansions.set(Expansion::LEADERS, leaders);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            let mut buf = Vec::with_capacity(64);
            let mut seed = 0u64;
            let label = match (leaders, cities) {
                (true, _) => "_leaders_cities",
                (false, true) => "_cities",
                (false, false) => "",
            };
            c.bench_function(
                &format!("classic/random_game/{players}p_{}{label}", edition.id()),
                |b| {
                    b.iter(|| {
                        seed += 1;
                        random_game(&config, seed, &mut rng, &mut buf)
                    })
                },
            );
        }
    }
}

/// One move of `mcts:iterations=200` (7 Wonders' own rollout: greedy, cut after 4 moves in the
/// sequential search and after two whole turns in the decoupled one) from the first decision
/// of a 2nd-edition game, for the decoupled search (the default) and the sequential one.
fn mcts_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("classic/mcts_move");
    group.sample_size(10);
    for players in [3, 5, 7] {
        let state = ClassicGame::new(&ClassicConfig::new(players, Edition::V2), 1).unwrap();
        for (name, spec) in [
            ("iterations=200", "mcts:iterations=200"),
            (
                "iterations=200,simultaneous=sequential",
                "mcts:iterations=200,simultaneous=sequential",
            ),
        ] {
            let mut bot = BotSpec::parse(spec).unwrap().build::<ClassicGame>(7);
            group.bench_function(format!("{players}p_{name}"), |b| {
                b.iter(|| black_box(bot.choose(&state)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, payment, legal_moves, games, mcts_move);
criterion_main!(benches);
