//! Small building blocks shared by every game: card bitsets and seed derivation.

pub mod cardset;
pub mod seed;

pub use cardset::CardSet;
pub use seed::{derive_seed, GameRng};
