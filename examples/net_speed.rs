//! The cost of a network evaluation and the speed of the guided search (with the network's
//! value at the leaves, and with rollouts and the network's priors, the default) next to plain
//! MCTS, on one thread, from an early Duel position (after the Wonder draft).
//!
//! `cargo run --release --example net_speed -- results/models/duel.onnx`

use std::sync::Arc;
use std::time::Instant;

use wonders::common::SimGame;
use wonders::duel::{Duel, DuelConfig};
use wonders_bots::net::{legal_by_id, Evaluator, GuidedConfig, GuidedMcts, Network};
use wonders_bots::{Bot, Budget, Game, GreedyBot, MctsBot, MctsConfig, Rollout, Scratch};

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "results/models/duel.onnx".into());
    let net = Arc::new(Network::load(&path).unwrap_or_else(|e| panic!("{e}")));
    let mut game = Duel::new_game(&DuelConfig::default(), 7);
    net.check(&game).unwrap_or_else(|e| panic!("{e}"));
    // Past the draft: greedy plays the 8 Wonder picks.
    let mut greedy = GreedyBot::<Duel>::new(1);
    for _ in 0..8 {
        let a = greedy.choose(&game);
        game.apply(a).unwrap();
    }

    let mut obs = vec![0.0; net.observation_len()];
    game.observe(game.current_player(), &mut obs);
    let (mut scratch, mut policy, mut value) = (Scratch::default(), Vec::new(), Vec::new());
    for rows in [1usize, 32] {
        let batch: Vec<f32> = obs.iter().cycle().take(rows * obs.len()).copied().collect();
        let reps = 20_000 / rows;
        let start = Instant::now();
        for _ in 0..reps {
            net.evaluate_batch(&batch, rows, &mut scratch, &mut policy, &mut value);
        }
        let per_row = start.elapsed().as_secs_f64() / (reps * rows) as f64;
        println!(
            "evaluation, batch {rows:>2}: {:.1} us per position ({} -> {} ids + {} values)",
            per_row * 1e6,
            net.observation_len(),
            net.action_space(),
            net.players()
        );
    }

    // As the searches ask: one position, the logits of its legal ids only.
    let mut eval = Evaluator::new(net.clone());
    let (mut scratch, mut ids) = (Vec::new(), Vec::new());
    legal_by_id(&game, &mut scratch, &mut ids);
    let (mut priors, mut values) = (Vec::new(), [0.0; 8]);
    let reps = 20_000;
    let start = Instant::now();
    for _ in 0..reps {
        eval.evaluate(&game, &ids, 1.0, &mut priors, &mut values);
    }
    println!(
        "evaluation of {} legal ids (observation included): {:.1} us",
        ids.len(),
        start.elapsed().as_secs_f64() / f64::from(reps) * 1e6
    );

    let start = Instant::now();
    for _ in 0..reps {
        game.observe(game.current_player(), &mut obs);
    }
    println!(
        "observation alone: {:.1} us",
        start.elapsed().as_secs_f64() / f64::from(reps) * 1e6
    );
    let mut copy = game;
    let mut rng = <wonders_bots::BotRng as rand::SeedableRng>::seed_from_u64(3);
    let start = Instant::now();
    for _ in 0..reps {
        game.determinize_into(game.current_player(), &mut rng, &mut copy);
    }
    println!(
        "determinization alone: {:.1} us",
        start.elapsed().as_secs_f64() / f64::from(reps) * 1e6
    );
    // The three searches, 2,000 iterations a move from the same position, interleaved over
    // three rounds (the machine is shared: the best round of each is reported).
    let iterations = 2000;
    let moves = 5;
    let budget = Budget::Iterations(iterations);
    let value_alone = GuidedConfig {
        budget,
        mix: 0.0,
        ..GuidedConfig::default()
    };
    let rollouts = GuidedConfig {
        budget,
        ..GuidedConfig::default()
    };
    let plain = MctsConfig {
        budget,
        rollout: Rollout::Random,
        ..MctsConfig::default()
    };
    let mut best = [0.0f64; 3];
    let mut evaluations = (0, 0);
    for _ in 0..3 {
        let mut search = GuidedMcts::<Duel>::new(net.clone(), value_alone, 1);
        let start = Instant::now();
        for _ in 0..moves {
            search.choose(&game);
        }
        best[0] = best[0].max(f64::from(iterations * moves) / start.elapsed().as_secs_f64());
        let mut search = GuidedMcts::<Duel>::new(net.clone(), rollouts, 1);
        let start = Instant::now();
        for _ in 0..moves {
            search.choose(&game);
        }
        best[1] = best[1].max(f64::from(iterations * moves) / start.elapsed().as_secs_f64());
        evaluations = (search.last_evaluations(), search.last_iterations());
        let mut mcts = MctsBot::<Duel>::new(plain, 1);
        let start = Instant::now();
        for _ in 0..moves {
            mcts.choose(&game);
        }
        best[2] = best[2].max(f64::from(iterations * moves) / start.elapsed().as_secs_f64());
    }
    println!(
        "mcts:eval=net,mix=0 (value at the leaves) iterations/s: {:.0}",
        best[0]
    );
    println!(
        "mcts:eval=net (rollouts, network priors) iterations/s: {:.0} ({} evaluations in {} iterations)",
        best[1], evaluations.0, evaluations.1
    );
    println!("mcts (random rollouts) iterations/s: {:.0}", best[2]);
}
