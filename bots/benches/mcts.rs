//! One MCTS move on tic-tac-toe's empty board: measures the search loop itself (tree descent,
//! expansion, rollouts, backpropagation) with a game too small to hide its cost.

#[path = "../tests/common/mod.rs"]
mod common;

use common::TicTacToe;
use criterion::{criterion_group, criterion_main, Criterion};
use wonders_bots::BotSpec;

fn mcts_move(c: &mut Criterion) {
    let state = TicTacToe::default();
    for spec in [
        "mcts:iterations=1000",
        "mcts:iterations=1000,rollout=greedy",
        "greedy",
    ] {
        let mut bot = BotSpec::parse(spec).unwrap().build::<TicTacToe>(1);
        c.bench_function(&format!("tictactoe {spec}"), |b| {
            b.iter(|| bot.choose(std::hint::black_box(&state)))
        });
    }
}

criterion_group!(benches, mcts_move);
criterion_main!(benches);
