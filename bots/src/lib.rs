//! # wonders-bots
//!
//! The AI researcher's half of the project. It defines the game-agnostic [`Game`] interface and
//! the bots that play through it, and it names no game: a new game plugs in by implementing
//! [`Game`], a new bot by implementing [`Bot`].

pub mod game;
pub mod random;
pub mod spec;

pub use game::{Game, MAX_PLAYERS};
pub use random::RandomBot;
pub use spec::{BotSpec, SpecError};

/// A player. It is handed the true state of the game but must act only on what its seat could
/// see: anything hidden is to be read through [`Game::determinize`] for its own seat (the
/// clearly named cheating variants are the one exception).
pub trait Bot<G: Game>: Send {
    /// Chooses an action for the player to move in `state`. Never called on a finished game.
    fn choose(&mut self, state: &G) -> G::Action;
}

/// The random number generator bots use: fast, small, and reproducible from a `u64` seed.
pub type BotRng = rand_xoshiro::Xoshiro256PlusPlus;
