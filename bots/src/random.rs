//! The uniformly random bot: every legal action equally likely.

use rand::SeedableRng;

use crate::{Bot, BotRng, Game};

/// Picks uniformly among the legal actions, from its own seeded generator.
pub struct RandomBot<G: Game> {
    rng: BotRng,
    buffer: Vec<G::Action>,
}

impl<G: Game> RandomBot<G> {
    /// A random bot drawing from a generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: BotRng::seed_from_u64(seed),
            buffer: Vec::with_capacity(64),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn choose(&mut self, state: &G) -> G::Action {
        state.legal_actions(&mut self.buffer);
        assert!(
            !self.buffer.is_empty(),
            "RandomBot asked to move in a finished game"
        );
        self.buffer[crate::util::below(&mut self.rng, self.buffer.len())]
    }

    /// The generator is all a random bot remembers (its buffer is refilled at every move).
    fn reseed(&mut self, seed: u64) -> bool {
        self.rng = BotRng::seed_from_u64(seed);
        true
    }
}
