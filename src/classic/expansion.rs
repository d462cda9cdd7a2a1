//! The expansions as units: the one table that lists them, and what the base game derives
//! from a set of them (the score pad, the summaries' feature tables, the hand size, the
//! catalog). Each expansion is a [`Unit`] in its own module ([`super::leaders::UNIT`],
//! [`super::cities::UNIT`]) with its rows, lines and rules: adding one is its module and a row
//! of [`UNITS`]; no combination of expansions is ever written out.

use std::sync::OnceLock;

use super::data::{Catalog, Edition, Unit};
use super::vocab::{Expansion, ExpansionSet, ScoreLine};
use super::{cities, leaders};
use wonders_common::FeatureTable;

/// Every expansion, in the score pad's order; row `i` is `Expansion::new(i)`.
pub const UNITS: &[Unit] = &[
    leaders::UNIT,
    cities::UNIT,
    #[cfg(test)]
    super::harbour::UNIT,
];
const _: () = assert!(UNITS.len() <= ExpansionSet::MAX);

/// Every expansion's id, in table order (the `expansions` option's values).
pub const IDS: [&str; UNITS.len()] = {
    let mut ids = [""; UNITS.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = UNITS[i].id;
        i += 1;
    }
    ids
};

impl Expansion {
    /// Every expansion, in table order.
    pub fn all() -> impl Iterator<Item = Expansion> {
        (0..UNITS.len()).map(Expansion::new)
    }

    /// The expansion's unit.
    pub fn unit(self) -> &'static Unit {
        &UNITS[self.index()]
    }

    /// The expansion's id (`"cities"`), as in options and records.
    pub fn id(self) -> &'static str {
        self.unit().id
    }

    /// The expansion with this id, if there is one.
    pub fn from_id(id: &str) -> Option<Expansion> {
        Expansion::all().find(|e| e.id() == id)
    }
}

impl ExpansionSet {
    /// The units of the set, in table order.
    pub fn units(self) -> impl Iterator<Item = &'static Unit> {
        self.iter().map(Expansion::unit)
    }

    /// The score pad's lines: the base game's seven, then each expansion's.
    pub fn score_lines(self) -> &'static [ScoreLine] {
        static LINES: [OnceLock<Vec<ScoreLine>>; ExpansionSet::COMBINATIONS] =
            [const { OnceLock::new() }; ExpansionSet::COMBINATIONS];
        LINES[self.index()].get_or_init(|| {
            let extra = self.units().flat_map(|u| u.lines.iter().copied());
            ScoreLine::BASE.into_iter().chain(extra).collect()
        })
    }

    /// The summaries' tables of per-seat facts (none in the base game).
    pub fn feature_tables(self) -> &'static [&'static FeatureTable] {
        static TABLES: [OnceLock<Vec<&'static FeatureTable>>; ExpansionSet::COMBINATIONS] =
            [const { OnceLock::new() }; ExpansionSet::COMBINATIONS];
        TABLES[self.index()].get_or_init(|| self.units().filter_map(|u| u.feature).collect())
    }

    /// Cards per hand at the start of each Age: 7 in the base game, more with Cities.
    pub fn hand_size(self) -> usize {
        super::data::HAND_SIZE
            + self
                .units()
                .map(|u| usize::from(u.extra_hand))
                .sum::<usize>()
    }

    /// The ids of the set, in table order (`leaders`, `cities`).
    pub fn ids(self) -> Vec<&'static str> {
        self.iter().map(Expansion::id).collect()
    }
}

/// The catalog of an edition with a set of expansions, every table checked (see
/// [`Catalog::build`]).
pub fn build_catalog(edition: Edition, expansions: ExpansionSet) -> Result<Catalog, String> {
    let units: Vec<&Unit> = expansions.units().collect();
    Catalog::build(edition, expansions, &units)
}

/// The catalog of an edition with a set of expansions, built once.
pub fn catalog(edition: Edition, expansions: ExpansionSet) -> &'static Catalog {
    static CATALOGS: [[OnceLock<Catalog>; ExpansionSet::COMBINATIONS]; 2] =
        [const { [const { OnceLock::new() }; ExpansionSet::COMBINATIONS] }; 2];
    let e = match edition {
        Edition::V1 => 0,
        Edition::V2 => 1,
    };
    // The tables are fixed and checked by the tests (src/classic/tests/classic_data.rs); a
    // configuration that builds no catalog (an expansion with the 1st edition) is refused
    // before this.
    CATALOGS[e][expansions.index()].get_or_init(|| {
        build_catalog(edition, expansions).expect("the tables of a valid configuration")
    })
}
