//! 7 Wonders Duel (2 players): the base game, exact to the last card.
//!
//! - [`data`]: the cards, Wonders, Progress tokens and Age layouts.
//! - [`pantheon_data`]: the Pantheon expansion's Divinities, Gate, tokens, Grand Temples,
//!   Wonders and Progress tokens.
//! - [`state`]: the game state and its rules ([`Duel`]).

pub mod data;
pub mod events;
pub mod game;
pub mod log;
pub mod module;
pub mod observation;
pub mod pantheon_data;
pub mod record;
pub mod sim;
pub mod state;
pub mod view;
pub mod vocab;

pub use events::Event;
pub use state::{Action, Duel, DuelConfig, DuelError, SeatView, Setup};
