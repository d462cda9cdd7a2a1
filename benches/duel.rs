//! 7 Wonders Duel hot path: legal-move generation with costs, `apply`, a full random game.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use rand::{Rng, SeedableRng};
use wonders::common::GameRng;
use wonders::duel::{Action, Duel, DuelConfig};
use wonders_bots::{Bot, Budget, Game, MctsBot, MctsConfig};

/// Plays a uniformly random game from a fresh setup; returns the number of actions.
fn random_game(rng: &mut GameRng, buf: &mut Vec<Action>) -> usize {
    random_game_of(DuelConfig::default(), rng, buf)
}

/// [`random_game`] with these options (Pantheon).
fn random_game_of(config: DuelConfig, rng: &mut GameRng, buf: &mut Vec<Action>) -> usize {
    let mut g = Duel::new(config, rng);
    let mut n = 0;
    while !g.is_terminal() {
        g.legal_actions(buf);
        let a = buf[rng.random_range(0..buf.len())];
        g.apply(a).unwrap();
        n += 1;
    }
    n
}

/// Positions from random games: the state after `k` random actions, for k spread over a game.
fn positions(count: usize) -> Vec<Duel> {
    let mut rng = GameRng::seed_from_u64(99);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Duel::new(DuelConfig::default(), &mut rng);
        let stop = rng.random_range(8..60);
        for _ in 0..stop {
            if g.is_terminal() {
                break;
            }
            g.legal_actions(&mut buf);
            let a = buf[rng.random_range(0..buf.len())];
            g.apply(a).unwrap();
        }
        if !g.is_terminal() {
            out.push(g);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let states = positions(256);
    let mut buf = Vec::with_capacity(64);

    c.bench_function("duel/legal_actions", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % states.len();
            states[i].legal_actions(&mut buf);
            black_box(buf.len())
        })
    });

    let moves: Vec<(Duel, Action)> = states
        .iter()
        .map(|s| {
            s.legal_actions(&mut buf);
            (*s, buf[buf.len() / 2])
        })
        .collect();
    c.bench_function("duel/apply", |b| {
        let mut i = 0;
        b.iter_batched_ref(
            || {
                i = (i + 1) % moves.len();
                moves[i]
            },
            |(s, a)| s.apply(*a).unwrap(),
            BatchSize::SmallInput,
        )
    });

    c.bench_function("duel/random_game", |b| {
        let mut rng = GameRng::seed_from_u64(1);
        b.iter(|| black_box(random_game(&mut rng, &mut buf)))
    });

    let pantheon = DuelConfig {
        pantheon: true,
        ..DuelConfig::default()
    };
    c.bench_function("duel/random_game_pantheon", |b| {
        let mut rng = GameRng::seed_from_u64(1);
        b.iter(|| black_box(random_game_of(pantheon, &mut rng, &mut buf)))
    });
}

/// One move of `mcts:iterations=N` from an early Age I position (iterations per second =
/// N / time).
fn bench_mcts(c: &mut Criterion) {
    let state = positions(1).remove(0);
    let mut group = c.benchmark_group("duel/mcts_move");
    group.sample_size(10);
    for iterations in [200u32, 2000] {
        let config = MctsConfig {
            budget: Budget::Iterations(iterations),
            ..MctsConfig::default()
        };
        group.bench_function(format!("iterations={iterations}"), |b| {
            let mut bot = MctsBot::new(config, 7);
            b.iter(|| black_box(bot.choose(&state)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_mcts);
criterion_main!(benches);
