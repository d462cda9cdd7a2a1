//! What every game and the simulator share: card bitsets, seed derivation, the engine
//! vocabulary every game implements ([`engine`]), the sink each engine tells what happened to
//! ([`events`]), how games describe themselves and write
//! their options ([`options`]), the record envelope ([`record`]), plain tables ([`table`]),
//! a fast shuffle with `rand`'s results ([`shuffle`]) and the conformance kit every game runs
//! ([`conformance`]).

pub mod cardset;
pub mod conformance;
pub mod encoding;
pub mod engine;
pub mod events;
pub mod options;
pub mod record;
pub mod seed;
pub mod session;
pub mod shuffle;
pub mod table;
pub mod text;
pub mod view;

pub use cardset::{CardSet, WideCardSet};
pub use engine::{
    BotFactory, Feature, FeatureTable, GameModule, GameOutcome, Replayed, SeatOutcome, SimGame,
    WonderColumns, WonderHeld,
};
pub use events::{EventSink, Unheard};
pub use options::{GameInfo, OptionInfo, OptionSet};
pub use record::ReplayError;
pub use seed::{derive_seed, GameRng};
pub use table::{Cell, Table};
