//! 7 Wonders (3-7 players): both editions, Leaders, Cities, teams; tables, payment
//! searches against brute force, rules, random games, records, bots.
//!
//! The wonders-classic crate's one integration-test binary (`cargo test -p wonders-classic`):
//! a new test file goes in this directory with a `mod` line below.

mod payment_support;

mod cities_data;
mod cities_payment;
mod classic_bots;
mod classic_cities;
mod classic_data;
mod classic_events;
mod classic_games;
mod classic_imports;
mod classic_leaders_data;
mod classic_leaders_payment;
mod classic_leaders_rules;
mod classic_payment;
mod classic_records;
mod classic_rules;
mod classic_teams;
