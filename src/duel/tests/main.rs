//! 7 Wonders Duel and Pantheon: tables, rules, random games, records, determinization.
//!
//! The wonders-duel crate's one integration-test binary (`cargo test -p wonders-duel`):
//! a new test file goes in this directory with a `mod` line below.

mod duel_data;
mod duel_determinize;
mod duel_events;
mod duel_pantheon_data;
mod duel_pantheon_games;
mod duel_pantheon_records;
mod duel_pantheon_rules;
mod duel_random;
mod duel_records;
mod duel_rules;
