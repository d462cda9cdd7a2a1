//! What the tuning examples share.

use wonders_bots::{Bot, Game};

/// The trivial policy the issue measures greedy against: always the first legal action.
pub struct First;

impl<G: Game> Bot<G> for First {
    fn choose(&mut self, state: &G) -> G::Action {
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        actions[0]
    }
}
