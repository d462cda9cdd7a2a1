//! Every game through the shared parts: the conformance kit and golden counts, the
//! encodings, MCTS games; the registry's table and web replays; the crates' layers.
//!
//! The wonders-registry crate's one test binary (`cargo test -p wonders-registry`; the crate has
//! no unit tests, so that it is compiled once): a new test file goes in this directory with a
//! `mod` line below.

mod classic_across;
mod conformance;
mod conformance_kit;
mod crate_layers;
mod encoding;
mod greedy_strength;
mod mcts_games;
mod network;
mod registry_table;
mod registry_web;
