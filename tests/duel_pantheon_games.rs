//! Random Pantheon games to the end, with the invariants every state keeps.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders::duel::{Duel, DuelConfig};
use wonders_bots::Game;

fn pantheon() -> DuelConfig {
    DuelConfig {
        pantheon: true,
        ..DuelConfig::default()
    }
}

#[test]
fn random_pantheon_games_end_and_keep_their_invariants() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut legal = Vec::new();
    let mut activations = 0;
    for _ in 0..2000 {
        let mut g = Duel::new(pantheon(), &mut rng);
        let mut steps = 0;
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "no legal action");
            let a = legal[rng.random_range(0..legal.len())];
            if matches!(a, wonders::duel::Action::Activate { .. }) {
                activations += 1;
            }
            g.apply(a).unwrap_or_else(|e| panic!("{e}"));
            steps += 1;
            assert!(steps < 500, "the game does not end");
        }
    }
    assert!(activations > 1000, "{activations}");
}
