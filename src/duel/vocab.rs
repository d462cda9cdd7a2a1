//! The words of 7 Wonders Duel that the base game's tables and Pantheon's both use: resources,
//! colours, chains, science symbols, Wonders and Progress tokens as types, how a game ends and
//! the decisions an effect may wait for (which the state and its events both name). Here, below both
//! `data` and `pantheon_data`, so that the base tables can list Pantheon's rows without the two
//! importing each other.

use std::fmt;

/// The five resources. Raw materials come from brown cards, manufactured goods from grey ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resource {
    Wood = 0,
    Clay = 1,
    Stone = 2,
    Glass = 3,
    Papyrus = 4,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Wood,
        Resource::Clay,
        Resource::Stone,
        Resource::Glass,
        Resource::Papyrus,
    ];

    pub const fn id(self) -> &'static str {
        match self {
            Resource::Wood => "wood",
            Resource::Clay => "clay",
            Resource::Stone => "stone",
            Resource::Glass => "glass",
            Resource::Papyrus => "papyrus",
        }
    }

    /// Wood, clay and stone are raw materials; glass and papyrus manufactured goods.
    pub const fn is_raw(self) -> bool {
        (self as u8) < 3
    }
}

/// A count of each resource, in the order wood, clay, stone, glass, papyrus.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Resources(pub [u8; 5]);

impl Resources {
    pub const NONE: Resources = Resources([0; 5]);

    /// Parses the compact notation of the card tables: one letter per unit, `W` wood, `C` clay,
    /// `S` stone, `G` glass, `P` papyrus (e.g. `"SSP"` = 2 stone and 1 papyrus).
    pub const fn parse(units: &str) -> Resources {
        let bytes = units.as_bytes();
        let mut counts = [0u8; 5];
        let mut i = 0;
        while i < bytes.len() {
            let r = match bytes[i] {
                b'W' => 0,
                b'C' => 1,
                b'S' => 2,
                b'G' => 3,
                b'P' => 4,
                _ => panic!("resource letters are W, C, S, G and P"),
            };
            counts[r] += 1;
            i += 1;
        }
        Resources(counts)
    }

    /// The five counts in 12-bit lanes of a `u64` (wood lowest), for lane-wise arithmetic:
    /// wide enough that a lane-wise multiply-add never carries into the next lane.
    #[inline(always)]
    pub const fn packed(self) -> u64 {
        let [w, c, s, g, p] = self.0;
        w as u64 | (c as u64) << 12 | (s as u64) << 24 | (g as u64) << 36 | (p as u64) << 48
    }

    /// The inverse of [`Resources::packed`].
    #[inline(always)]
    pub const fn unpack(packed: u64) -> Resources {
        const fn lane(packed: u64, r: u32) -> u8 {
            (packed >> (12 * r) & 0xFFF) as u8
        }
        Resources([
            lane(packed, 0),
            lane(packed, 1),
            lane(packed, 2),
            lane(packed, 3),
            lane(packed, 4),
        ])
    }

    #[inline]
    pub const fn get(self, r: Resource) -> u8 {
        self.0[r as usize]
    }

    #[inline]
    pub fn total(self) -> u8 {
        self.0.iter().sum()
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == [0; 5]
    }

    /// The resources present (count > 0) as a bit mask, bit `r` for resource `r`.
    pub fn mask(self) -> u8 {
        let mut m = 0;
        for (i, &n) in self.0.iter().enumerate() {
            if n > 0 {
                m |= 1 << i;
            }
        }
        m
    }
}

impl fmt::Debug for Resources {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Resources {
    /// `2 stone + 1 papyrus`, or `nothing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for r in Resource::ALL {
            let n = self.get(r);
            if n > 0 {
                if !first {
                    f.write_str(" + ")?;
                }
                write!(f, "{n} {}", r.id())?;
                first = false;
            }
        }
        if first {
            f.write_str("nothing")?;
        }
        Ok(())
    }
}

/// Card colours, i.e. building types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Brown = 0,
    Grey = 1,
    Blue = 2,
    Green = 3,
    Yellow = 4,
    Red = 5,
    Purple = 6,
}

impl Color {
    pub const ALL: [Color; 7] = [
        Color::Brown,
        Color::Grey,
        Color::Blue,
        Color::Green,
        Color::Yellow,
        Color::Red,
        Color::Purple,
    ];

    pub const fn id(self) -> &'static str {
        match self {
            Color::Brown => "brown",
            Color::Grey => "grey",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
            Color::Red => "red",
            Color::Purple => "purple",
        }
    }
}

/// The 17 chain symbols (the white icons under a card's cost), then Pantheon's 5 Mythology
/// tokens in [`Mythology`](super::pantheon_data::Mythology) order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chain {
    Horseshoe,
    Sword,
    Tower,
    Book,
    Gear,
    Vase,
    Mask,
    Moon,
    WaterDrop,
    Target,
    Helmet,
    Lyre,
    Lamp,
    Barrel,
    Sun,
    Column,
    GreekBuilding,
    /// Pantheon: a Mythology token owned works as the chain symbol of its Mythology's Grand
    /// Temple (the temple is then free, and that is a chain build: Urbanism pays).
    MesopotamianToken,
    PhoenicianToken,
    GreekToken,
    EgyptianToken,
    RomanToken,
}

impl Chain {
    /// The chain a Mythology token gives (`mythology` in [`Mythology`](super::pantheon_data::Mythology) order).
    pub const fn of_mythology(mythology: u8) -> Chain {
        match mythology {
            0 => Chain::MesopotamianToken,
            1 => Chain::PhoenicianToken,
            2 => Chain::GreekToken,
            3 => Chain::EgyptianToken,
            _ => Chain::RomanToken,
        }
    }

    pub const fn id(self) -> &'static str {
        match self {
            Chain::Horseshoe => "horseshoe",
            Chain::Sword => "sword",
            Chain::Tower => "tower",
            Chain::Book => "book",
            Chain::Gear => "gear",
            Chain::Vase => "vase",
            Chain::Mask => "mask",
            Chain::Moon => "moon",
            Chain::WaterDrop => "water_drop",
            Chain::Target => "target",
            Chain::Helmet => "helmet",
            Chain::Lyre => "lyre",
            Chain::Lamp => "lamp",
            Chain::Barrel => "barrel",
            Chain::Sun => "sun",
            Chain::Column => "column",
            Chain::GreekBuilding => "greek_building",
            Chain::MesopotamianToken => "mesopotamian_token",
            Chain::PhoenicianToken => "phoenician_token",
            Chain::GreekToken => "greek_token",
            Chain::EgyptianToken => "egyptian_token",
            Chain::RomanToken => "roman_token",
        }
    }
}

/// The 7 scientific symbols (six on green cards, the scales on the Law token).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Science {
    ArmillarySphere = 0,
    Wheel = 1,
    Sundial = 2,
    MortarPestle = 3,
    PlumbLine = 4,
    Quill = 5,
    Law = 6,
}

impl Science {
    pub const fn id(self) -> &'static str {
        match self {
            Science::ArmillarySphere => "armillary_sphere",
            Science::Wheel => "wheel",
            Science::Sundial => "sundial",
            Science::MortarPestle => "mortar_pestle",
            Science::PlumbLine => "plumb_line",
            Science::Quill => "quill",
            Science::Law => "law",
        }
    }
}

/// A Wonder card. No Wonder costs coins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wonder {
    pub id: &'static str,
    pub name: &'static str,
    pub cost: Resources,
    pub points: u8,
    /// "Play again": the builder takes another turn at once.
    pub extra_turn: bool,
    pub shields: u8,
    /// Coins taken from the bank when built.
    pub coins: u8,
    /// Coins the opponent loses (all of them if they have fewer) — the Appian Way.
    pub opponent_loses: u8,
    /// One unit of one of these each turn (Great Lighthouse, Piraeus); never sold.
    pub produces_one_of: Resources,
    /// Put one opponent card of this colour in the discard pile (Statue of Zeus, Circus Maximus).
    pub destroys: Option<Color>,
    /// Build a card from the discard pile for free (Mausoleum).
    pub builds_from_discard: bool,
    /// Draw 3 Progress tokens from the box, keep 1 (Great Library).
    pub takes_boxed_token: bool,
    /// Coins off each of the builder's later Pantheon activations (the Sanctuary).
    pub pantheon_discount: u8,
    /// Reveal one Mythology deck, activate one of its Divinities free (the Divine Theater).
    pub activates_from_deck: bool,
}

pub(crate) const fn wonder(id: &'static str, name: &'static str, cost: &str, points: u8) -> Wonder {
    Wonder {
        id,
        name,
        cost: Resources::parse(cost),
        points,
        extra_turn: false,
        shields: 0,
        coins: 0,
        opponent_loses: 0,
        produces_one_of: Resources::NONE,
        destroys: None,
        builds_from_discard: false,
        takes_boxed_token: false,
        pantheon_discount: 0,
        activates_from_deck: false,
    }
}

impl Wonder {
    pub(crate) const fn play_again(mut self) -> Wonder {
        self.extra_turn = true;
        self
    }
    pub(crate) const fn shields(mut self, shields: u8) -> Wonder {
        self.shields = shields;
        self
    }
    pub(crate) const fn coins(mut self, coins: u8) -> Wonder {
        self.coins = coins;
        self
    }
    pub(crate) const fn opponent_loses(mut self, coins: u8) -> Wonder {
        self.opponent_loses = coins;
        self
    }
    pub(crate) const fn produces_one_of(mut self, resources: &str) -> Wonder {
        self.produces_one_of = Resources::parse(resources);
        self
    }
    pub(crate) const fn destroys(mut self, color: Color) -> Wonder {
        self.destroys = Some(color);
        self
    }
    pub(crate) const fn builds_from_discard(mut self) -> Wonder {
        self.builds_from_discard = true;
        self
    }
    pub(crate) const fn takes_boxed_token(mut self) -> Wonder {
        self.takes_boxed_token = true;
        self
    }
    pub(crate) const fn pantheon_discount(mut self, coins: u8) -> Wonder {
        self.pantheon_discount = coins;
        self
    }
    pub(crate) const fn activates_from_deck(mut self) -> Wonder {
        self.activates_from_deck = true;
        self
    }
}

/// The 10 Progress tokens of the base game in id order, then the 3 of Pantheon
/// (`pantheon_data::PANTHEON_PROGRESS_TOKENS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Progress {
    Agriculture = 0,
    Architecture = 1,
    Economy = 2,
    Law = 3,
    Masonry = 4,
    Mathematics = 5,
    Philosophy = 6,
    Strategy = 7,
    Theology = 8,
    Urbanism = 9,
    Mysticism = 10,
    Poliorcetics = 11,
    Engineering = 12,
}

/// A Progress token's printed figures; its rule is applied where the rule bites (see the
/// engine), keyed by [`Progress`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgressToken {
    pub id: &'static str,
    pub name: &'static str,
    pub kind: Progress,
    /// Flat victory points.
    pub points: u8,
    /// Coins taken when the token is gained.
    pub coins: u8,
    pub rule: &'static str,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Victory {
    /// Most victory points after Age III.
    Civilian,
    /// The Conflict pawn reached a capital.
    Military,
    /// Six different scientific symbols.
    Science,
}

impl Victory {
    pub const fn id(self) -> &'static str {
        match self {
            Victory::Civilian => "civilian",
            Victory::Military => "military",
            Victory::Science => "science",
        }
    }
}

/// A decision an effect is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Take a Progress token from the board (science pair).
    Progress,
    /// Destroy an opponent card of this colour.
    Destroy(Color),
    /// Build a card from the discard pile (Mausoleum).
    Mausoleum,
    /// Keep one of the first 3 boxed tokens (Great Library).
    GreatLibrary,
    /// Choose who starts the next Age.
    Starter,
    /// Pantheon: place a Divinity of this Mythology (index in `Mythology::ALL`).
    PlaceDivinity(u8),
    /// Pantheon: the Gate's choice among the decks' top cards.
    Gate,
    /// Pantheon: the deck the Divine Theater's builder looks through.
    DivineTheater,
    /// Pantheon: the Divine Theater's Divinity from this deck (Mythology index) and the order
    /// of the rest; only its builder has seen the deck.
    DivineTheaterCard(u8),
    /// Pantheon: a Divinity's decision.
    Enki,
    Nisaba,
    Baal,
    /// Hades: a card of the discard pile built free (as the Mausoleum).
    Hades,
    Zeus,
    Anubis,
    Isis,
    Ra,
    Minerva,
    Neptune,
}

impl Pending {
    /// True for the decisions Pantheon adds (the only list of them).
    pub const fn is_pantheon(self) -> bool {
        match self {
            Pending::Progress
            | Pending::Destroy(_)
            | Pending::Mausoleum
            | Pending::GreatLibrary
            | Pending::Starter => false,
            Pending::PlaceDivinity(_)
            | Pending::Gate
            | Pending::DivineTheater
            | Pending::DivineTheaterCard(_)
            | Pending::Enki
            | Pending::Nisaba
            | Pending::Baal
            | Pending::Hades
            | Pending::Zeus
            | Pending::Anubis
            | Pending::Isis
            | Pending::Ra
            | Pending::Minerva
            | Pending::Neptune => true,
        }
    }
}
