//! 7 Wonders Architects (+Medals): tables, rules, random games.
//!
//! The wonders-architects crate's one integration-test binary (`cargo test -p wonders-architects`):
//! a new test file goes in this directory with a `mod` line below.

mod architects_data;
mod architects_evaluation;
mod architects_events;
mod architects_games;
mod architects_record;
mod architects_rules;
