//! # wonders
//!
//! Engines for the 7 Wonders family of board games, a parallel self-play simulator, and the
//! command-line tool that drives them. Each layer is a crate of its own, re-exported here under
//! its module name (`wonders::duel::…`); the game-agnostic bots live in `wonders-bots`.
//!
//! Layers (a crate depends only on the ones below it; Cargo enforces it):
//!
//! ```text
//! cli                      flags, printing, signals, progress bars (this crate)
//! registry                 the one table of games (wonders-registry: the only crate naming them)
//! sim    duel  classic  architects
//!                          peers: the runner names no game, a game knows no runner
//! common                   engine vocabulary, options grammar, record envelope, bitsets, seeds
//! ```

pub use wonders_architects as architects;
pub use wonders_classic as classic;
#[cfg(feature = "cli")]
pub mod cli;
pub use wonders_common as common;
pub use wonders_duel as duel;
pub use wonders_registry as registry;
pub use wonders_sim as sim;
