//! # wonders-bots
//!
//! The AI researcher's half of the project. It defines the game-agnostic [`Game`] interface and
//! the bots that play through it, and it names no game: a new game plugs in by implementing
//! [`Game`], a new bot by implementing [`Bot`].
//!
//! Bots: [`RandomBot`], [`GreedyBot`] (one-ply on [`Game::evaluate`]) and [`MctsBot`]
//! (single-observer information-set MCTS, plus a cheating variant for research), and the
//! learned players of [`net`]: a network's policy ([`NetBot`]) and MCTS guided by it
//! ([`GuidedMcts`]), read from ONNX files. They are
//! usually built from a [`BotSpec`] string such as `mcts:iterations=2000,rollout=greedy`.

#![warn(missing_docs)]

pub mod game;
pub mod greedy;
pub mod mcts;
pub mod net;
mod onnx;
pub mod random;
pub mod selfplay;
pub mod spec;
mod util;

pub use game::{Encoding, Game, MAX_PLAYERS};
pub use greedy::GreedyBot;
pub use mcts::{Budget, MctsBot, MctsConfig, Rollout};
pub use net::{GuidedMcts, NetBot, Network};
pub use onnx::Scratch;
pub use random::RandomBot;
pub use spec::{did_you_mean, BotSpec, ModelFile, SpecError, BOTS_HELP};
pub use util::below;

/// A player. It is handed the true state of the game but must act only on what its seat could
/// see: anything hidden is to be read through [`Game::determinize`] for its own seat (the
/// clearly named cheating variants are the one exception).
pub trait Bot<G: Game>: Send {
    /// Chooses an action for the player to move in `state`. Never called on a finished game.
    fn choose(&mut self, state: &G) -> G::Action;
}

/// The random number generator bots use: fast, small, and reproducible from a `u64` seed.
pub type BotRng = rand_xoshiro::Xoshiro256PlusPlus;
