//! The cost of a network evaluation and the speed of the guided search next to plain MCTS,
//! on one thread, over Duel positions from the Wonder draft's end to Age III.
//!
//! `cargo run --release --example net_speed -- results/models/duel.onnx [ROUNDS [ITERATIONS]]`
//! (the searches' iterations a move, default 1,000), or with `profile` for ITERATIONS: only
//! the searches' evaluations, a million of them, for a profiler; `profile-search`: only the
//! default guided search, 2,000 iterations a position, 20 times; `profile-plain`: the same
//! with plain MCTS; `reuse`: the guided search keeping its tree between moves (`reuse=on`)
//! against one building a fresh tree (`reuse=off`), over whole games (below).
//!
//! The searches' rates are what to read as ratios: each search runs the same positions in
//! turn, over `ROUNDS` interleaved rounds (default 5), and the best round of each is kept,
//! so a loaded machine slows them alike. Scale plain MCTS's iterations in a time budget by
//! the ratio to get the guided search's (the sweeps in `results/models/duel.md` do).

use std::sync::Arc;
use std::time::Instant;

use wonders::common::SimGame;
use wonders::duel::{Duel, DuelConfig};
use wonders_bots::net::{legal_by_id, Evaluator, GuidedConfig, GuidedMcts, Network};
use wonders_bots::{Bot, Budget, Game, GreedyBot, MctsBot, MctsConfig, Rollout, Scratch};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "results/models/duel.onnx".into());
    let rounds: usize = args
        .next()
        .map_or(5, |r| r.parse().expect("ROUNDS is a number"));
    let net = Arc::new(Network::load(&path).unwrap_or_else(|e| panic!("{e}")));
    let mut game = Duel::new_game(&DuelConfig::default(), 7);
    net.check(&game).unwrap_or_else(|e| panic!("{e}"));
    // Greedy plays the game; the searches start from every 6th position past the draft.
    let mut greedy = GreedyBot::<Duel>::new(1);
    let mut positions = Vec::new();
    let mut ply = 0;
    while !game.is_terminal() {
        if ply >= 8 && (ply - 8) % 6 == 0 {
            positions.push(game);
        }
        let a = greedy.choose(&game);
        game.apply(a).unwrap();
        ply += 1;
    }
    let first = positions[0];
    let mode = args.next();
    let iterations: u32 = mode.as_deref().and_then(|m| m.parse().ok()).unwrap_or(1000);
    if mode.as_deref() == Some("profile-search") {
        let config = GuidedConfig {
            budget: Budget::Iterations(2000),
            ..GuidedConfig::default()
        };
        let mut search = GuidedMcts::<Duel>::new(net.clone(), config, 1);
        for _ in 0..20 {
            for p in &positions {
                search.choose(p);
            }
        }
        return;
    }
    if mode.as_deref() == Some("profile-plain") {
        let config = MctsConfig {
            budget: Budget::Iterations(2000),
            rollout: Rollout::Random,
            ..MctsConfig::default()
        };
        let mut search = MctsBot::<Duel>::new(config, 1);
        for _ in 0..20 {
            for p in &positions {
                search.choose(p);
            }
        }
        return;
    }
    if mode.as_deref() == Some("reuse") {
        reuse(&net, rounds);
        return;
    }
    if mode.as_deref() == Some("profile") {
        let mut eval = Evaluator::new(net.clone());
        let (mut actions, mut ids, mut priors, mut values) =
            (Vec::new(), Vec::new(), Vec::new(), [0.0; 8]);
        for k in 0..1_000_000 {
            let p = &positions[k % positions.len()];
            legal_by_id(p, &mut actions, &mut ids);
            eval.evaluate(p, &ids, 1.0, &mut priors, &mut values);
        }
        return;
    }
    println!(
        "{} positions, plies 8 to {}",
        positions.len(),
        8 + 6 * (positions.len() - 1)
    );

    let mut obs = vec![0.0; net.observation_len()];
    first.observe(first.current_player(), &mut obs);
    let non_zero = obs.iter().filter(|&&v| v != 0.0).count();
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
            "evaluation, batch {rows:>2}: {:.2} us per position ({} -> {} ids + {} values, \
             {non_zero} non-zero features)",
            per_row * 1e6,
            net.observation_len(),
            net.action_space(),
            net.players()
        );
    }

    // As the searches ask: one position, the logits of its legal ids only; the reference
    // arithmetic (one dot product per output, the runtime before) for comparison.
    let mut eval = Evaluator::new(net.clone());
    let (mut actions, mut ids) = (Vec::new(), Vec::new());
    let (mut priors, mut values) = (Vec::new(), [0.0; 8]);
    let reps: usize = 20_000;
    let mut legal = Vec::new();
    for p in &positions {
        legal_by_id(p, &mut actions, &mut ids);
        legal.push(ids.clone());
    }
    let ids_only: Vec<Vec<u32>> = legal
        .iter()
        .map(|l| l.iter().map(|&(id, _)| id).collect())
        .collect();
    let mut best = [f64::INFINITY; 4];
    for _ in 0..rounds {
        let start = Instant::now();
        for k in 0..reps {
            let i = k % positions.len();
            eval.evaluate(&positions[i], &legal[i], 1.0, &mut priors, &mut values);
        }
        best[0] = best[0].min(start.elapsed().as_secs_f64() / reps as f64);
        let start = Instant::now();
        for k in 0..reps {
            let p = &positions[k % positions.len()];
            p.observe(p.current_player(), &mut obs);
        }
        best[1] = best[1].min(start.elapsed().as_secs_f64() / reps as f64);
        let start = Instant::now();
        for k in 0..reps {
            let i = k % positions.len();
            let p = &positions[i];
            p.observe(p.current_player(), &mut obs);
            net.evaluate_reference(&obs, &ids_only[i], &mut scratch, &mut policy, &mut value);
        }
        best[2] = best[2].min(start.elapsed().as_secs_f64() / reps as f64);
        let start = Instant::now();
        for _ in 0..reps {
            eval.evaluate(&first, &legal[0], 1.0, &mut priors, &mut values);
        }
        best[3] = best[3].min(start.elapsed().as_secs_f64() / reps as f64);
    }
    println!(
        "evaluation as the searches ask (observation, legal ids' logits, value): {:.2} us",
        best[0] * 1e6
    );
    println!(
        "  at the first position alone ({} legal ids): {:.2} us",
        legal[0].len(),
        best[3] * 1e6
    );
    println!("observation alone: {:.2} us", best[1] * 1e6);
    println!(
        "the same with the reference arithmetic (one dot product per output): {:.2} us",
        best[2] * 1e6
    );

    // The searches, `iterations` a move from every position, interleaved over the rounds.
    println!("searches: {iterations} iterations a move, {rounds} interleaved rounds");
    let budget = Budget::Iterations(iterations);
    let guided = |mix: f64| GuidedConfig {
        budget,
        mix,
        ..GuidedConfig::default()
    };
    let searches = [
        ("mcts (random rollouts)", None),
        ("mcts:eval=net (default: mix=1)", Some(guided(1.0))),
        (
            "mcts:eval=net,value_visits=4",
            Some(GuidedConfig {
                value_visits: 4,
                ..guided(1.0)
            }),
        ),
        ("mcts:eval=net,mix=0.75", Some(guided(0.75))),
        ("mcts:eval=net,mix=0.5", Some(guided(0.5))),
        ("mcts:eval=net,mix=0 (value alone)", Some(guided(0.0))),
    ];
    let plain = MctsConfig {
        budget,
        rollout: Rollout::Random,
        ..MctsConfig::default()
    };
    // The best time of each search at each position: a time budget per move buys each
    // search iterations in the ratio of its rate to plain MCTS's at that position, so the
    // ratio reported is the mean over the positions of that per-position ratio.
    let mut best = vec![vec![f64::INFINITY; searches.len()]; positions.len()];
    let mut evaluations = vec![0u64; searches.len()];
    for _ in 0..rounds {
        for (k, (_, config)) in searches.iter().enumerate() {
            let mut asked = 0;
            let mut mcts = MctsBot::<Duel>::new(plain, 1);
            let mut search = config.map(|c| GuidedMcts::<Duel>::new(net.clone(), c, 1));
            for (p, position) in positions.iter().enumerate() {
                let start = Instant::now();
                match &mut search {
                    None => {
                        mcts.choose(position);
                    }
                    Some(search) => {
                        search.choose(position);
                        asked += u64::from(search.last_evaluations());
                    }
                }
                best[p][k] = best[p][k].min(start.elapsed().as_secs_f64());
            }
            evaluations[k] = asked;
        }
    }
    let total = |k: usize| best.iter().map(|b| b[k]).sum::<f64>();
    let ratio = |k: usize| best.iter().map(|b| b[0] / b[k]).sum::<f64>() / positions.len() as f64;
    let rate: Vec<f64> = (0..searches.len())
        .map(|k| f64::from(iterations) * positions.len() as f64 / total(k))
        .collect();
    for (k, (name, _)) in searches.iter().enumerate() {
        let asked = if k == 0 {
            String::new()
        } else {
            format!(
                ", {:.0} evaluations per 1,000 iterations",
                evaluations[k] as f64 * 1000.0 / (f64::from(iterations) * positions.len() as f64)
            )
        };
        println!(
            "{name}: {:.0} iterations/s, {:.3} of plain mcts's iterations in the same time{asked}",
            rate[k],
            ratio(k)
        );
    }
}

/// `net_speed MODEL GAMES reuse`: `GAMES` games of the guided search keeping its tree
/// (`reuse=on`, 1,800 iterations a move) against plain MCTS (2,000), seats alternating; at
/// each of its moves a search without reuse (same budget) is timed on the same state. Prints
/// how much of the previous tree each search kept (the new root's visits over the previous
/// root's) and the two searches' iteration rates, the re-rooting included.
fn reuse(net: &Arc<Network>, games: usize) {
    let guided = |reuse| GuidedConfig {
        budget: Budget::Iterations(1800),
        reuse,
        ..GuidedConfig::default()
    };
    let plain = MctsConfig {
        budget: Budget::Iterations(2000),
        rollout: Rollout::Random,
        ..MctsConfig::default()
    };
    let (mut searches, mut kept_trees, mut share) = (0u32, 0u32, 0.0);
    let (mut forced, mut kept_forced) = (0u32, 0u32);
    let (mut time_on, mut time_off, mut iterations) = (0.0, 0.0, 0u64);
    let (mut evaluations_on, mut evaluations_off) = (0u64, 0u64);
    for g in 0..games {
        let seed = g as u64;
        let mut game = Duel::new_game(&DuelConfig::default(), 1000 + seed);
        let seat = g % 2;
        let mut on = GuidedMcts::<Duel>::new(net.clone(), guided(true), seed);
        let mut off = GuidedMcts::<Duel>::new(net.clone(), guided(false), seed);
        let mut mcts = MctsBot::<Duel>::new(plain, seed);
        let mut first = true;
        while !game.is_terminal() {
            let action = if game.current_player() == seat {
                let start = Instant::now();
                let action = on.choose(&game);
                let elapsed = start.elapsed().as_secs_f64();
                let (kept, previous) = on.last_kept();
                if on.last_iterations() == 0 {
                    forced += 1;
                    kept_forced += u32::from(kept > 0);
                } else {
                    let start = Instant::now();
                    off.choose(&game);
                    time_off += start.elapsed().as_secs_f64();
                    time_on += elapsed;
                    evaluations_on += u64::from(on.last_evaluations());
                    evaluations_off += u64::from(off.last_evaluations());
                    iterations += u64::from(on.last_iterations());
                    if !first {
                        searches += 1;
                        kept_trees += u32::from(kept > 0);
                        if previous > 0 {
                            share += f64::from(kept) / f64::from(previous);
                        }
                    }
                    first = false;
                }
                action
            } else {
                mcts.choose(&game)
            };
            game.apply(action).unwrap();
        }
    }
    println!(
        "{games} games, {searches} searches after each game's first: a kept tree in {:.1}%, \
         the new root starting with {:.1}% of the previous tree's visits on average (fresh \
         trees counted as 0); {forced} forced moves, {kept_forced} passing a kept tree on",
        100.0 * f64::from(kept_trees) / f64::from(searches),
        100.0 * share / f64::from(searches)
    );
    println!(
        "reuse=on: {:.0} iterations/s, reuse=off: {:.0} iterations/s on the same states \
         (ratio {:.3}); evaluations per 1,000 iterations: {:.0} and {:.0}",
        iterations as f64 / time_on,
        iterations as f64 / time_off,
        time_off / time_on,
        evaluations_on as f64 * 1000.0 / iterations as f64,
        evaluations_off as f64 * 1000.0 / iterations as f64
    );
}
