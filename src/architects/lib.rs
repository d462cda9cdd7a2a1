//! 7 Wonders Architects (2021) with the Medals expansion (2024).
//!
//! `data` holds the rulebook's lists; `state` the rules (setup, a turn, Battles, medals,
//! scoring); `game` the bot interface (hidden information and determinization).

pub mod data;
pub mod game;
pub mod observation;
pub mod record;
pub mod sim;
pub mod state;
pub mod view;

pub use data::{Card, MedalId, Token, WonderId};
pub use state::{
    Action, Architects, ArchitectsConfig, ArchitectsError, BoardChoice, DeckRef, Setup,
};
