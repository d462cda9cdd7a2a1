//! The learned players' network runtime on the shipped Duel model: the evaluation the searches
//! ask for gives the values of the plain reference arithmetic to the last bit, over every
//! position of whole games (so a faster runtime cannot change how a guided search plays).

use std::sync::Arc;

use rand::SeedableRng;
use wonders_bots::net::{legal_by_id, Evaluator, Network};
use wonders_bots::{Bot, Game, GreedyBot, RandomBot, Scratch};
use wonders_common::GameRng;
use wonders_duel::{Duel, DuelConfig};

const MODEL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../results/models/duel.onnx"
);

#[test]
fn the_searches_evaluation_matches_the_reference_arithmetic_bit_for_bit() {
    let net = Arc::new(Network::load(MODEL).unwrap());
    let mut eval = Evaluator::new(net.clone());
    let (mut actions, mut ids, mut selected) = (Vec::new(), Vec::new(), Vec::new());
    let (mut logits, mut values) = (Vec::new(), [0.0; 2]);
    let (mut scratch, mut policy, mut value) = (Scratch::default(), Vec::new(), Vec::new());
    let mut observation = vec![0.0; net.observation_len()];
    let mut positions = 0;
    for seed in 0..12u64 {
        let mut game = Duel::new(DuelConfig::default(), &mut GameRng::seed_from_u64(seed));
        net.check(&game).unwrap();
        // Random and greedy play reach different positions.
        let mut bots: [Box<dyn Bot<Duel>>; 2] = if seed % 2 == 0 {
            [
                Box::new(RandomBot::new(seed)),
                Box::new(GreedyBot::new(seed)),
            ]
        } else {
            [
                Box::new(GreedyBot::new(seed)),
                Box::new(GreedyBot::new(seed + 1)),
            ]
        };
        while !game.is_terminal() {
            legal_by_id(&game, &mut actions, &mut ids);
            eval.logits(&game, &ids, &mut logits, &mut values);
            let mover = game.current_player();
            game.observe(mover, &mut observation);
            selected.clear();
            selected.extend(ids.iter().map(|&(id, _)| id));
            net.evaluate_reference(
                &observation,
                &selected,
                &mut scratch,
                &mut policy,
                &mut value,
            );
            assert_eq!(logits.len(), ids.len());
            for (k, (a, b)) in logits.iter().zip(&policy).enumerate() {
                assert_eq!(a.to_bits(), b.to_bits(), "seed {seed}: logit {k}: {a} {b}");
            }
            for k in 0..2 {
                let a = values[(mover + k) % 2];
                assert_eq!(a, f64::from(value[k]), "seed {seed}: value {k}");
            }
            positions += 1;
            let a = bots[mover].choose(&game);
            game.apply(a).unwrap();
        }
    }
    assert!(positions > 12 * 60, "{positions} positions");
}
