//! The Pantheon expansion's components, transcribed from its rulebook and card images and checked
//! field by field (see `tests/duel_pantheon_data.rs`): 15 Divinities in 5 Mythology decks, the
//! Gate, the 6 Pantheon spaces, 10 Mythology and 3 Offering tokens, 5 Grand Temples, 2 Wonders
//! and 3 Progress tokens.
//!
//! Each table keeps the base game's conventions: ids are the public snake_case English names,
//! and a Divinity's index in [`DIVINITIES`] is its [`DivinityId`] (3 per Mythology, in
//! [`Mythology`] order).

use super::vocab::{wonder, Color, Progress, ProgressToken, Resources, Science, Wonder};

/// Index into [`DIVINITIES`].
pub type DivinityId = u8;

/// The five Mythologies: each has a deck of 3 Divinities, 2 Mythology tokens and a Grand Temple.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mythology {
    Mesopotamian = 0,
    Phoenician = 1,
    Greek = 2,
    Egyptian = 3,
    Roman = 4,
}

impl Mythology {
    pub const ALL: [Mythology; 5] = [
        Mythology::Mesopotamian,
        Mythology::Phoenician,
        Mythology::Greek,
        Mythology::Egyptian,
        Mythology::Roman,
    ];

    pub const fn id(self) -> &'static str {
        match self {
            Mythology::Mesopotamian => "mesopotamian",
            Mythology::Phoenician => "phoenician",
            Mythology::Greek => "greek",
            Mythology::Egyptian => "egyptian",
            Mythology::Roman => "roman",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Mythology::Mesopotamian => "Mesopotamian",
            Mythology::Phoenician => "Phoenician",
            Mythology::Greek => "Greek",
            Mythology::Egyptian => "Egyptian",
            Mythology::Roman => "Roman",
        }
    }

    /// What the Mythology's Divinities are about (the rulebook's grouping).
    pub const fn theme(self) -> &'static str {
        match self {
            Mythology::Mesopotamian => "scientific",
            Mythology::Phoenician => "commercial",
            Mythology::Greek => "civilian",
            Mythology::Egyptian => "wonders",
            Mythology::Roman => "military",
        }
    }

    /// The symbol on its token and the back of its cards.
    pub const fn symbol(self) -> &'static str {
        match self {
            Mythology::Mesopotamian => "winged bull (lamassu)",
            Mythology::Phoenician => "ship",
            Mythology::Greek => "torch",
            Mythology::Egyptian => "ankh",
            Mythology::Roman => "eagle",
        }
    }

    /// The colour of its deck's back.
    pub const fn deck_color(self) -> Color {
        match self {
            Mythology::Mesopotamian => Color::Green,
            Mythology::Phoenician => Color::Yellow,
            Mythology::Greek => Color::Blue,
            Mythology::Egyptian => Color::Grey,
            Mythology::Roman => Color::Red,
        }
    }

    /// The Divinities of its deck, as a range of [`DivinityId`].
    pub const fn divinities(self) -> std::ops::Range<DivinityId> {
        let first = 3 * self as u8;
        first..first + 3
    }

    /// Looks a Mythology up by its id (`greek`).
    pub fn by_id(id: &str) -> Option<Mythology> {
        Mythology::ALL.into_iter().find(|m| m.id() == id)
    }
}

/// What a Divinity does when activated. Each variant's rule lives in one place of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivinityEffect {
    /// Enki: when revealed, draws this many Progress tokens from the box onto the card; the
    /// activating player keeps one, the other goes back.
    ProgressChoice { drawn: u8 },
    /// Ishtar: a scientific symbol for good.
    Science(Science),
    /// Nisaba: the Snake token on one of the opponent's green cards; a copy of its symbol.
    CopyOpponentScience,
    /// Astarte: coins put on the card, out of the treasury and safe from losses, spendable; at
    /// the end each coin still on it is worth 1 VP.
    ProtectedCoins(u8),
    /// Baal: one card of these colours taken from the opponent's city into one's own.
    StealCard(&'static [Color]),
    /// Tanit: coins from the bank.
    Coins(u8),
    /// Aphrodite: victory points at the end.
    Points(u8),
    /// Hades: a card of the discard pile built free.
    BuildFromDiscard,
    /// Zeus: any card of the current layout (with a token on it) to the discard pile.
    DiscardLayoutCard,
    /// Anubis: a built Wonder (either player's) becomes unbuilt; its card to the discard pile.
    UnbuildWonder,
    /// Isis: a card of the discard pile builds one of one's Wonders free.
    WonderFromDiscard,
    /// Ra: one of the opponent's unbuilt Wonders joins one's own.
    StealUnbuiltWonder,
    /// Mars: shields, as on a red card.
    Shields(u8),
    /// Minerva: the Minerva pawn on any square of the military track; the Conflict pawn stops
    /// before it once.
    MinervaPawn,
    /// Neptune: one military token discarded unapplied, then another applied and discarded.
    MilitaryTokens,
}

/// A Divinity card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divinity {
    pub id: &'static str,
    pub name: &'static str,
    /// The Italian rulebook's name; `None` where the rulebook lost it (Baal).
    pub name_it: Option<&'static str>,
    pub mythology: Mythology,
    pub effect: DivinityEffect,
    pub rule: &'static str,
}

/// Number of Divinities.
pub const NUM_DIVINITIES: usize = 15;

use DivinityEffect::*;
use Mythology::*;

const fn divinity(
    id: &'static str,
    name: &'static str,
    name_it: Option<&'static str>,
    mythology: Mythology,
    effect: DivinityEffect,
    rule: &'static str,
) -> Divinity {
    Divinity {
        id,
        name,
        name_it,
        mythology,
        effect,
        rule,
    }
}

/// The 15 Divinities, 3 per Mythology deck, in [`Mythology`] order.
pub const DIVINITIES: [Divinity; NUM_DIVINITIES] = [
    // Mesopotamian (scientific)
    divinity(
        "enki",
        "Enki",
        Some("Enki"),
        Mesopotamian,
        ProgressChoice { drawn: 2 },
        "When revealed, draws 2 Progress tokens from the box; take one, the other goes back.",
    ),
    divinity(
        "ishtar",
        "Ishtar",
        Some("Ishtar"),
        Mesopotamian,
        Science(Science::Law),
        "Gives the scales (law) scientific symbol.",
    ),
    divinity(
        "nisaba",
        "Nisaba",
        Some("Nisaba"),
        Mesopotamian,
        CopyOpponentScience,
        "The Snake on an opponent's green card: you gain a copy of its scientific symbol.",
    ),
    // Phoenician (commercial)
    divinity(
        "astarte",
        "Astarte",
        Some("Astarte"),
        Phoenician,
        ProtectedCoins(7),
        "7 coins on the card, safe from losses and spendable; 1 VP per coin left at the end.",
    ),
    divinity(
        "baal",
        "Baal",
        None,
        Phoenician,
        StealCard(&[Color::Brown, Color::Grey]),
        "Take a brown or grey card of the opponent's city into yours.",
    ),
    divinity(
        "tanit",
        "Tanit",
        Some("Tanit"),
        Phoenician,
        Coins(12),
        "Take 12 coins.",
    ),
    // Greek (civilian)
    divinity(
        "aphrodite",
        "Aphrodite",
        Some("Afrodite"),
        Greek,
        Points(9),
        "Worth 9 VP.",
    ),
    divinity(
        "hades",
        "Hades",
        Some("Ade"),
        Greek,
        BuildFromDiscard,
        "Build a card of the discard pile for free.",
    ),
    divinity(
        "zeus",
        "Zeus",
        Some("Zeus"),
        Greek,
        DiscardLayoutCard,
        "Put any card of the current layout (and its token) in the discard pile.",
    ),
    // Egyptian (wonders)
    divinity(
        "anubis",
        "Anubis",
        Some("Anubi"),
        Egyptian,
        UnbuildWonder,
        "A built Wonder becomes unbuilt (its effects kept); its card goes to the discard pile.",
    ),
    divinity(
        "isis",
        "Isis",
        Some("Iside"),
        Egyptian,
        WonderFromDiscard,
        "Build one of your Wonders for free with a card of the discard pile.",
    ),
    divinity(
        "ra",
        "Ra",
        Some("Ra"),
        Egyptian,
        StealUnbuiltWonder,
        "Take one of the opponent's unbuilt Wonders.",
    ),
    // Roman (military)
    divinity(
        "mars",
        "Mars",
        Some("Marte"),
        Roman,
        Shields(2),
        "Gives 2 shields.",
    ),
    divinity(
        "minerva",
        "Minerva",
        Some("Minerva"),
        Roman,
        MinervaPawn,
        "The Minerva pawn on a track square: the Conflict pawn stops before it once.",
    ),
    divinity(
        "neptune",
        "Neptune",
        Some("Nettuno"),
        Roman,
        MilitaryTokens,
        "Discard a military token unapplied, then apply and discard another.",
    ),
];

/// Looks a Divinity up by its id (`enki`).
pub fn divinity_by_id(id: &str) -> Option<DivinityId> {
    DIVINITIES
        .iter()
        .position(|d| d.id == id)
        .map(|i| i as DivinityId)
}

/// The Gate card: put on the empty Pantheon space at the start of Age II.
pub struct Gate {
    pub id: &'static str,
    pub name: &'static str,
    pub name_it: &'static str,
    /// Its activation costs this many times its space's cost.
    pub cost_factor: u8,
    pub rule: &'static str,
}

pub const GATE: Gate = Gate {
    id: "gate",
    name: "Gate",
    name_it: "Portale",
    cost_factor: 2,
    rule: "Costs double. Reveal the top card of each Mythology deck, activate one of them for \
           free; the others go back face down on their decks.",
};

/// Number of Pantheon spaces.
pub const PANTHEON_SPACES: usize = 6;

/// The activation cost of Pantheon spaces 1-6, `[seat 0, seat 1]`: each seat pays 3 on the
/// space nearest to it, rising to 8 on the farthest. Seat 0 is the Age I first player.
pub const SPACE_COSTS: [[u8; 2]; PANTHEON_SPACES] =
    [[8, 3], [7, 4], [6, 5], [5, 6], [4, 7], [3, 8]];

/// The activation cost of Pantheon space `space` (1-6) for `seat`, before the Gate, the
/// Sanctuary and Offering tokens.
pub const fn space_cost(space: u8, seat: usize) -> u8 {
    SPACE_COSTS[space as usize - 1][seat]
}

/// Mythology tokens per Mythology (10 in all).
pub const MYTHOLOGY_TOKENS_PER_MYTHOLOGY: u8 = 2;

/// The Age I slots that carry a Mythology token (all dealt face down).
pub const MYTHOLOGY_TOKEN_SLOTS: [u8; 5] = [2, 4, 9, 11, 13];

/// The values of the 3 Offering tokens: coins off one activation, no change given.
pub const OFFERING_TOKENS: [u8; 3] = [2, 3, 4];

/// The Age II slots that carry an Offering token (all dealt face down).
pub const OFFERING_TOKEN_SLOTS: [u8; 3] = [6, 8, 10];

/// A Grand Temple: a purple Age III card, free for a player owning a Mythology token of its
/// Mythology (the token is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrandTemple {
    pub id: &'static str,
    pub name: &'static str,
    /// The card number printed in the reference list (74-78).
    pub num: u8,
    pub mythology: Mythology,
    /// Resource cost (no Grand Temple costs coins).
    pub cost: Resources,
}

impl GrandTemple {
    pub const AGE: u8 = 3;
    pub const COLOR: Color = Color::Purple;
}

/// Number of Grand Temples; 3 of them go into the Age III deck.
pub const NUM_GRAND_TEMPLES: usize = 5;
/// Grand Temples shuffled into the Age III deck.
pub const GRAND_TEMPLES_IN_PLAY: usize = 3;
/// Age III cards removed to make room for them (with all the Guilds).
pub const AGE_III_CARDS_REMOVED: usize = 3;

const fn temple(
    id: &'static str,
    name: &'static str,
    num: u8,
    mythology: Mythology,
    cost: &str,
) -> GrandTemple {
    GrandTemple {
        id,
        name,
        num,
        mythology,
        cost: Resources::parse(cost),
    }
}

/// The 5 Grand Temples, in [`Mythology`] order.
pub const GRAND_TEMPLES: [GrandTemple; NUM_GRAND_TEMPLES] = [
    temple(
        "mesopotamian_grand_temple",
        "Mesopotamian Grand Temple",
        74,
        Mesopotamian,
        "WWWGP",
    ),
    temple(
        "phoenician_grand_temple",
        "Phoenician Grand Temple",
        75,
        Phoenician,
        "WSGPP",
    ),
    temple(
        "greek_grand_temple",
        "Greek Grand Temple",
        76,
        Greek,
        "SSSGP",
    ),
    temple(
        "egyptian_grand_temple",
        "Egyptian Grand Temple",
        77,
        Egyptian,
        "CCCGP",
    ),
    temple(
        "roman_grand_temple",
        "Roman Grand Temple",
        78,
        Roman,
        "CSGGP",
    ),
];

/// End-of-game VP for 0, 1, 2 and 3 Grand Temples in a city.
pub const GRAND_TEMPLE_POINTS: [u8; 4] = [0, 5, 12, 21];

/// Looks a Grand Temple up by its id (`greek_grand_temple`).
pub fn grand_temple_by_id(id: &str) -> Option<usize> {
    GRAND_TEMPLES.iter().position(|t| t.id == id)
}

/// The 2 Wonders of Pantheon, shuffled in with the 12 of the base game.
pub const PANTHEON_WONDERS: [Wonder; 2] = [
    wonder("the_sanctuary", "The Sanctuary", "SSGP", 0)
        .play_again()
        .pantheon_discount(2),
    wonder("the_divine_theater", "The Divine Theater", "WWGPP", 2).activates_from_deck(),
];

/// The 3 Progress tokens of Pantheon, shuffled in with the 10 of the base game.
pub const PANTHEON_PROGRESS_TOKENS: [ProgressToken; 3] = [
    ProgressToken {
        id: "mysticism",
        name: "Mysticism",
        kind: Progress::Mysticism,
        points: 0,
        coins: 0,
        rule: "At game end, 2 VP per Mythology token and per Offering token you still own.",
    },
    ProgressToken {
        id: "poliorcetics",
        name: "Poliorcetics",
        kind: Progress::Poliorcetics,
        points: 0,
        coins: 0,
        rule: "Each time you move the Conflict pawn, the opponent loses 1 coin per square moved.",
    },
    ProgressToken {
        id: "engineering",
        name: "Engineering",
        kind: Progress::Engineering,
        points: 0,
        coins: 0,
        rule: "Build any card showing a chain symbol for 1 coin (not a chain: Urbanism pays \
               nothing).",
    },
];

/// Mysticism's VP per Mythology or Offering token still owned.
pub const MYSTICISM_POINTS_PER_TOKEN: u8 = 2;
/// Coins the opponent loses per square with Poliorcetics.
pub const POLIORCETICS_COINS_PER_SQUARE: u8 = 1;
/// Engineering's price for a card showing a chain symbol.
pub const ENGINEERING_PRICE: u8 = 1;

/// The expansion's component counts, as on the box's list.
pub struct Components {
    pub pantheon_board: u8,
    pub divinity_cards: u8,
    pub gate_card: u8,
    pub grand_temple_cards: u8,
    pub wonder_cards: u8,
    pub mythology_tokens: u8,
    pub offering_tokens: u8,
    pub snake_token: u8,
    pub progress_tokens: u8,
    pub minerva_pawn: u8,
}

pub const COMPONENTS: Components = Components {
    pantheon_board: 1,
    divinity_cards: NUM_DIVINITIES as u8,
    gate_card: 1,
    grand_temple_cards: NUM_GRAND_TEMPLES as u8,
    wonder_cards: PANTHEON_WONDERS.len() as u8,
    mythology_tokens: 5 * MYTHOLOGY_TOKENS_PER_MYTHOLOGY,
    offering_tokens: OFFERING_TOKENS.len() as u8,
    snake_token: 1,
    progress_tokens: PANTHEON_PROGRESS_TOKENS.len() as u8,
    minerva_pawn: 1,
};
