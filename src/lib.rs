//! # wonders
//!
//! Engines for the 7 Wonders family of board games, a parallel self-play simulator, and the
//! command-line tool that drives them. The game-agnostic bots live in the `wonders-bots` crate.
//!
//! Layers (imports only point down): `cli` → `sim` → games (`duel`, …) → `common`.

pub mod common;
pub mod cli;
pub mod classic;
pub mod duel;
