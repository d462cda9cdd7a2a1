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
