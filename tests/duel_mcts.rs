//! MCTS on Duel, with and without Pantheon, under the test profile's debug assertions: the
//! search reuses its root's legal actions in every iteration (`mover_options_are_known`) and
//! checks, in every iteration, that the determinization lists exactly those; the engine checks
//! every listed Build it plays without pricing (`apply_listed`) against its price.

use rand::SeedableRng;
use wonders::common::GameRng;
use wonders::duel::{Duel, DuelConfig};
use wonders_bots::{Bot, BotSpec, Game, MctsBot};

#[test]
fn mcts_games_run_with_the_roots_options_reused() {
    let BotSpec::Mcts(config) = BotSpec::parse("mcts:iterations=40").unwrap() else {
        panic!("an MCTS spec");
    };
    let mut moves = [0u32; 2];
    for (k, pantheon) in [false, true].into_iter().enumerate() {
        let options = DuelConfig {
            pantheon,
            ..DuelConfig::default()
        };
        for game in 0..12u64 {
            let mut rng = GameRng::seed_from_u64(game);
            let mut g = Duel::new(options, &mut rng);
            let mut bots = [
                MctsBot::<Duel>::new(config, 2 * game),
                MctsBot::<Duel>::new(config, 2 * game + 1),
            ];
            while !g.is_terminal() {
                let a = bots[g.current_player()].choose(&g);
                g.apply(a).unwrap();
                moves[k] += 1;
            }
        }
    }
    // Whole games were played (a Duel game has over 60 decisions).
    assert!(moves.iter().all(|&n| n > 12 * 60), "{moves:?}");
}
