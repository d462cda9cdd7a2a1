//! The words the base game and its expansions share: resources, card colours, science symbols,
//! directions. Here, below the tables, so that the base tables ([`super::data`]) and the
//! expansions' ([`super::cities_data`], [`super::leaders_data`]) all import them and none
//! imports another back ([`super::data`] re-exports them under their old paths).

/// The seven resources; the first four are raw (brown), the last three manufactured (grey).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Resource {
    Wood,
    Stone,
    Clay,
    Ore,
    Glass,
    Textile,
    Papyrus,
}

/// Number of resource kinds.
pub const RESOURCES: usize = 7;

impl Resource {
    pub const ALL: [Resource; RESOURCES] = [
        Resource::Wood,
        Resource::Stone,
        Resource::Clay,
        Resource::Ore,
        Resource::Glass,
        Resource::Textile,
        Resource::Papyrus,
    ];

    pub fn id(self) -> &'static str {
        [
            "wood", "stone", "clay", "ore", "glass", "textile", "papyrus",
        ][self as usize]
    }

    pub fn from_id(id: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.id() == id)
    }

    pub fn is_raw(self) -> bool {
        (self as u8) < 4
    }
}

/// Card colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    Brown,
    Grey,
    Blue,
    Yellow,
    Red,
    Green,
    Purple,
    /// Cities' black cards.
    Black,
}

impl Color {
    pub const ALL: [Color; 8] = [
        Color::Brown,
        Color::Grey,
        Color::Blue,
        Color::Yellow,
        Color::Red,
        Color::Green,
        Color::Purple,
        Color::Black,
    ];

    pub fn id(self) -> &'static str {
        [
            "brown", "grey", "blue", "yellow", "red", "green", "purple", "black",
        ][self as usize]
    }
}

/// Science symbol families (the 2nd edition prints other icons for the same three families).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Symbol {
    Compass,
    Tablet,
    Gear,
}

impl Symbol {
    pub fn id(self) -> &'static str {
        ["compass", "tablet", "gear"][self as usize]
    }
}

/// Which neighbours a trading discount covers. The left neighbour is seat p+1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Left,
    Right,
    Both,
}

/// A line of the score pad: its key in records and CSV columns, and its slot in a score. The
/// base game's seven are here; an expansion declares its own (with a slot of its own) in its
/// unit ([`super::data::Unit::lines`]), so adding a line touches no list of the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreLine {
    id: &'static str,
    slot: u8,
}

impl ScoreLine {
    /// Slots a score holds: the base lines take 0..7, the expansions' the rest.
    pub const SLOTS: usize = 12;
    /// Conflict tokens: 1/3/5 per victory in Age I/II/III, -1 per defeat.
    pub const MILITARY: ScoreLine = ScoreLine::new("military", 0);
    /// 1 point per 3 coins.
    pub const TREASURY: ScoreLine = ScoreLine::new("treasury", 1);
    /// Points printed on the wonder stages built.
    pub const WONDERS: ScoreLine = ScoreLine::new("wonders", 2);
    /// Blue cards.
    pub const CIVILIAN: ScoreLine = ScoreLine::new("civilian", 3);
    /// Green cards, with wild symbols placed to score the most.
    pub const SCIENCE: ScoreLine = ScoreLine::new("science", 4);
    /// Yellow cards (Age III: Lighthouse, Haven, Chamber of Commerce, Ludus, Arena).
    pub const COMMERCIAL: ScoreLine = ScoreLine::new("commercial", 5);
    /// Purple cards (and the guild copied by 1st-edition Olympia B).
    pub const GUILDS: ScoreLine = ScoreLine::new("guilds", 6);
    /// The base game's score pad, in order.
    pub const BASE: [ScoreLine; 7] = [
        ScoreLine::MILITARY,
        ScoreLine::TREASURY,
        ScoreLine::WONDERS,
        ScoreLine::CIVILIAN,
        ScoreLine::SCIENCE,
        ScoreLine::COMMERCIAL,
        ScoreLine::GUILDS,
    ];

    /// A line with its key and slot (an expansion's lines take slots from 7 on, one each).
    pub const fn new(id: &'static str, slot: u8) -> ScoreLine {
        assert!((slot as usize) < ScoreLine::SLOTS);
        ScoreLine { id, slot }
    }

    /// The line's key in records and CSV columns.
    pub const fn id(self) -> &'static str {
        self.id
    }

    /// The line's slot in a score.
    #[inline]
    pub const fn slot(self) -> usize {
        self.slot as usize
    }
}

/// An expansion, by its row in the table of expansion units (`super::expansion::UNITS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Expansion(u8);

impl Expansion {
    /// Leaders: the draft, recruitment, Roma and Abu Simbel.
    pub const LEADERS: Expansion = Expansion(0);
    /// Cities: black cards, debts, Diplomacy, Byzantium and Petra.
    pub const CITIES: Expansion = Expansion(1);

    /// The expansion of row `index` of the units' table.
    pub const fn new(index: usize) -> Expansion {
        assert!(index < ExpansionSet::MAX);
        Expansion(index as u8)
    }

    /// The row of the units' table.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The expansions in play beside the base game: a set of [`Expansion`]s, iterated in the units'
/// table order (the score pad's and the CSV's order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExpansionSet(u8);

impl ExpansionSet {
    /// The base game alone.
    pub const NONE: ExpansionSet = ExpansionSet(0);
    /// The most expansion units a table may hold.
    pub const MAX: usize = 4;
    /// Distinct sets: the size of a table indexed by [`ExpansionSet::index`].
    pub const COMBINATIONS: usize = 1 << ExpansionSet::MAX;

    /// The set of these expansions.
    pub const fn of(expansions: &[Expansion]) -> ExpansionSet {
        let mut bits = 0;
        let mut i = 0;
        while i < expansions.len() {
            bits |= 1 << expansions[i].0;
            i += 1;
        }
        ExpansionSet(bits)
    }

    /// The set with `e` added.
    pub const fn with(self, e: Expansion) -> ExpansionSet {
        ExpansionSet(self.0 | 1 << e.0)
    }

    /// The set with `e` added when `on`.
    pub const fn with_if(self, e: Expansion, on: bool) -> ExpansionSet {
        if on {
            self.with(e)
        } else {
            self
        }
    }

    /// Adds `e`.
    pub fn insert(&mut self, e: Expansion) {
        self.0 |= 1 << e.0;
    }

    /// Adds `e` when `on`, removes it otherwise.
    pub fn set(&mut self, e: Expansion, on: bool) {
        if on {
            self.0 |= 1 << e.0;
        } else {
            self.0 &= !(1 << e.0);
        }
    }

    #[inline]
    pub const fn contains(self, e: Expansion) -> bool {
        self.0 >> e.0 & 1 == 1
    }

    /// True when no expansion is in play.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// A dense index for tables per set: `0..COMBINATIONS`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The expansions of the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = Expansion> {
        (0..ExpansionSet::MAX as u8)
            .filter(move |&i| self.0 >> i & 1 == 1)
            .map(Expansion)
    }
}
