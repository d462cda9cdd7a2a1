//! Every game through the shared parts: the conformance kit and golden counts, the
//! encodings, MCTS games.
//!
//! One test binary per family (each binary links the library once at the test profile's
//! opt-level): a new test file goes in this directory with a `mod` line below.

mod conformance;
mod conformance_kit;
mod crate_layers;
mod encoding;
mod greedy_strength;
mod mcts_games;
