//! # wonders
//!
//! Engines for the 7 Wonders family of board games, a parallel self-play simulator, and the
//! command-line tool that drives them. The game-agnostic bots live in the `wonders-bots` crate.
//!
//! Layers (imports only point down):
//!
//! ```text
//! cli                      flags, printing, signals, progress bars
//! registry                 the one table of games (the only module that names them)
//! sim    duel  classic     peers: the runner names no game, a game knows no runner
//! common                   engine vocabulary, options grammar, record envelope, bitsets, seeds
//! ```

pub mod architects;
pub mod classic;
pub mod cli;
pub mod common;
pub mod duel;
pub mod registry;
pub mod sim;
