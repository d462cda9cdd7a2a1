//! # wonders
//!
//! Engines for the 7 Wonders family of board games, a parallel self-play simulator, and the
//! command-line tool that drives them. The game-agnostic bots live in the `wonders-bots` crate.
//!
//! Layers (imports only point down): `cli` → `sim` → games (`duel`, `classic`) → `common`.

pub mod architects;
pub mod classic;
pub mod cli;
pub mod common;
pub mod duel;
pub mod sim;
