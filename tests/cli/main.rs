//! The `wonders` command line end to end, and the simulation layer (runs, shards, teams).
//!
//! The root package's one integration-test binary (the games' own tests are their crates', in
//! `src/<name>/tests/`): a new test file goes in this directory with a `mod` line below.

mod cli_support;

mod cli;
mod cli_errors;
mod cli_outputs;
mod cli_refusals;
mod duel_pantheon_cli;
mod net_players;
mod readme;
mod sim_selfplay;
mod sim_shards;
mod sim_teams;
