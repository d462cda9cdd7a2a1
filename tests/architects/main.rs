//! 7 Wonders Architects (+Medals): tables, rules, random games.
//!
//! One test binary per family (each binary links the library once at the test profile's
//! opt-level): a new test file goes in this directory with a `mod` line below.

mod architects_data;
mod architects_events;
mod architects_games;
mod architects_record;
mod architects_rules;
