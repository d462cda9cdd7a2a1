//! The 7 Wonders Duel components, transcribed from the rulebook's card list and checked card by
//! card (see the tests in `tests/duel_data.rs`): 73 building cards, 12 Wonders, 10 Progress
//! tokens and the three Age layouts.
//!
//! Ids are the public snake_case English names; a card's index in [`CARDS`] is its [`CardId`].

use super::pantheon_data::{
    GRAND_TEMPLES, NUM_GRAND_TEMPLES, PANTHEON_PROGRESS_TOKENS, PANTHEON_WONDERS,
};
pub(crate) use super::vocab::wonder;
pub use super::vocab::{
    Chain, Color, Progress, ProgressToken, Resource, Resources, Science, Wonder,
};

/// Index into [`CARDS`].
pub type CardId = u8;
/// Index into [`WONDERS`].
pub type WonderId = u8;
/// Index into [`PROGRESS_TOKENS`].
pub type TokenId = u8;

/// What a guild counts, in the city that has the most of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuildCount {
    /// Cards of these colours, counted together in one city (Shipowners: brown + grey).
    Cards(&'static [Color]),
    /// Constructed Wonders (Builders Guild).
    Wonders,
    /// Full sets of 3 coins (Moneylenders Guild).
    CoinSetsOf3,
}

/// A guild's rule: at game end `points_per` VP per counted item, and when built
/// `coins_per` coins per counted item, each time in the city with the most of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guild {
    pub counts: GuildCount,
    pub points_per: u8,
    pub coins_per: u8,
}

/// One-off coins that an Age III commercial card gives when built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoinsPer {
    /// Coins per card of this colour in your own city (the Lighthouse counts itself).
    Card(u8, Color),
    /// Coins per Wonder constructed in your own city (Arena).
    Wonder(u8),
}

/// A building card (Age card or Guild).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    pub id: &'static str,
    pub name: &'static str,
    /// 1, 2 or 3 (Guilds are Age III cards).
    pub age: u8,
    pub color: Color,
    /// Coins paid to the bank.
    pub cost_coins: u8,
    /// Resource units needed (produced or bought).
    pub cost: Resources,
    /// Owning a card with this chain symbol makes this card free.
    pub chain_from: Option<Chain>,
    /// The chain symbol this card gives.
    pub chain_to: Option<Chain>,
    /// Fixed production (brown and grey cards).
    pub produces: Resources,
    /// One unit of one of these each turn (Forum, Caravansery); never sold.
    pub produces_one_of: Resources,
    pub points: u8,
    pub shields: u8,
    pub science: Option<Science>,
    /// Coins taken once, when built.
    pub coins: u8,
    /// Resources then bought from the bank for 1 coin each (Reserves, Customs House).
    pub trade_at_one: Resources,
    pub coins_per: Option<CoinsPer>,
    pub guild: Option<Guild>,
}

const fn card(id: &'static str, name: &'static str, age: u8, color: Color) -> Card {
    Card {
        id,
        name,
        age,
        color,
        cost_coins: 0,
        cost: Resources::NONE,
        chain_from: None,
        chain_to: None,
        produces: Resources::NONE,
        produces_one_of: Resources::NONE,
        points: 0,
        shields: 0,
        science: None,
        coins: 0,
        trade_at_one: Resources::NONE,
        coins_per: None,
        guild: None,
    }
}

impl Card {
    /// The chain symbol that makes this card free, as a bit mask over [`Chain`] (0 if none).
    #[inline(always)]
    pub const fn chain_from_mask(&self) -> u32 {
        match self.chain_from {
            Some(chain) => 1 << chain as u32,
            None => 0,
        }
    }

    const fn cost(mut self, coins: u8, resources: &str) -> Card {
        self.cost_coins = coins;
        self.cost = Resources::parse(resources);
        self
    }
    const fn chain_from(mut self, chain: Chain) -> Card {
        self.chain_from = Some(chain);
        self
    }
    const fn chain_to(mut self, chain: Chain) -> Card {
        self.chain_to = Some(chain);
        self
    }
    const fn produces(mut self, resources: &str) -> Card {
        self.produces = Resources::parse(resources);
        self
    }
    const fn produces_one_of(mut self, resources: &str) -> Card {
        self.produces_one_of = Resources::parse(resources);
        self
    }
    const fn points(mut self, points: u8) -> Card {
        self.points = points;
        self
    }
    const fn shields(mut self, shields: u8) -> Card {
        self.shields = shields;
        self
    }
    const fn science(mut self, symbol: Science) -> Card {
        self.science = Some(symbol);
        self
    }
    const fn coins(mut self, coins: u8) -> Card {
        self.coins = coins;
        self
    }
    const fn trade_at_one(mut self, resources: &str) -> Card {
        self.trade_at_one = Resources::parse(resources);
        self
    }
    const fn coins_per_card(mut self, coins: u8, color: Color) -> Card {
        self.coins_per = Some(CoinsPer::Card(coins, color));
        self
    }
    const fn coins_per_wonder(mut self, coins: u8) -> Card {
        self.coins_per = Some(CoinsPer::Wonder(coins));
        self
    }
    const fn guild(mut self, counts: GuildCount, points_per: u8, coins_per: u8) -> Card {
        self.guild = Some(Guild {
            counts,
            points_per,
            coins_per,
        });
        self
    }
}

use Chain::*;
use Color::*;
use Science::*;

/// Number of building cards of the base game (Age cards and Guilds).
pub const BASE_CARDS: usize = 73;

/// Number of building cards with Pantheon's 5 Grand Temples, which come after the base game's
/// (ids 73 to 77, in `pantheon_data::GRAND_TEMPLES` order).
pub const NUM_CARDS: usize = BASE_CARDS + NUM_GRAND_TEMPLES;

/// Every building card: Age I (ids 0-22), Age II (23-45), Age III (46-65), Guilds (66-72).
const BASE_CARD_TABLE: [Card; BASE_CARDS] = [
    // Age 1 — brown
    card("lumber_yard", "Lumber Yard", 1, Brown).produces("W"),
    card("stone_pit", "Stone Pit", 1, Brown)
        .cost(1, "")
        .produces("S"),
    card("clay_pool", "Clay Pool", 1, Brown).produces("C"),
    card("logging_camp", "Logging Camp", 1, Brown)
        .cost(1, "")
        .produces("W"),
    card("quarry", "Quarry", 1, Brown).produces("S"),
    card("clay_pit", "Clay Pit", 1, Brown)
        .cost(1, "")
        .produces("C"),
    // Age 1 — grey
    card("glassworks", "Glassworks", 1, Grey)
        .cost(1, "")
        .produces("G"),
    card("press", "Press", 1, Grey).cost(1, "").produces("P"),
    // Age 1 — red
    card("stable", "Stable", 1, Red)
        .cost(0, "W")
        .chain_to(Horseshoe)
        .shields(1),
    card("garrison", "Garrison", 1, Red)
        .cost(0, "C")
        .chain_to(Sword)
        .shields(1),
    card("palisade", "Palisade", 1, Red)
        .cost(2, "")
        .chain_to(Tower)
        .shields(1),
    card("guard_tower", "Guard Tower", 1, Red).shields(1),
    // Age 1 — green
    card("scriptorium", "Scriptorium", 1, Green)
        .cost(2, "")
        .chain_to(Book)
        .science(Quill),
    card("workshop", "Workshop", 1, Green)
        .cost(0, "P")
        .points(1)
        .science(PlumbLine),
    card("pharmacist", "Pharmacist", 1, Green)
        .cost(2, "")
        .chain_to(Gear)
        .science(MortarPestle),
    card("apothecary", "Apothecary", 1, Green)
        .cost(0, "G")
        .points(1)
        .science(Wheel),
    // Age 1 — yellow
    card("tavern", "Tavern", 1, Yellow).chain_to(Vase).coins(4),
    card("stone_reserve", "Stone Reserve", 1, Yellow)
        .cost(3, "")
        .trade_at_one("S"),
    card("clay_reserve", "Clay Reserve", 1, Yellow)
        .cost(3, "")
        .trade_at_one("C"),
    card("wood_reserve", "Wood Reserve", 1, Yellow)
        .cost(3, "")
        .trade_at_one("W"),
    // Age 1 — blue
    card("theater", "Theater", 1, Blue).chain_to(Mask).points(3),
    card("altar", "Altar", 1, Blue).chain_to(Moon).points(3),
    card("baths", "Baths", 1, Blue)
        .cost(0, "S")
        .chain_to(WaterDrop)
        .points(3),
    // Age 2 — brown
    card("sawmill", "Sawmill", 2, Brown)
        .cost(2, "")
        .produces("WW"),
    card("shelf_quarry", "Shelf Quarry", 2, Brown)
        .cost(2, "")
        .produces("SS"),
    card("brickyard", "Brickyard", 2, Brown)
        .cost(2, "")
        .produces("CC"),
    // Age 2 — grey
    card("glassblower", "Glass-Blower", 2, Grey).produces("G"),
    card("drying_room", "Drying Room", 2, Grey).produces("P"),
    // Age 2 — red
    card("horse_breeders", "Horse Breeders", 2, Red)
        .cost(0, "WC")
        .chain_from(Horseshoe)
        .shields(1),
    card("barracks", "Barracks", 2, Red)
        .cost(3, "")
        .chain_from(Sword)
        .shields(1),
    card("walls", "Walls", 2, Red).cost(0, "SS").shields(2),
    card("archery_range", "Archery Range", 2, Red)
        .cost(0, "WSP")
        .chain_to(Target)
        .shields(2),
    card("parade_ground", "Parade Ground", 2, Red)
        .cost(0, "CCG")
        .chain_to(Helmet)
        .shields(2),
    // Age 2 — green
    card("school", "School", 2, Green)
        .cost(0, "WPP")
        .chain_to(Lyre)
        .points(1)
        .science(Wheel),
    card("laboratory", "Laboratory", 2, Green)
        .cost(0, "WGG")
        .chain_to(Lamp)
        .points(1)
        .science(PlumbLine),
    card("dispensary", "Dispensary", 2, Green)
        .cost(0, "CCS")
        .chain_from(Gear)
        .points(2)
        .science(MortarPestle),
    card("library", "Library", 2, Green)
        .cost(0, "WSG")
        .chain_from(Book)
        .points(2)
        .science(Quill),
    // Age 2 — yellow
    card("brewery", "Brewery", 2, Yellow)
        .chain_to(Barrel)
        .coins(6),
    card("forum", "Forum", 2, Yellow)
        .cost(3, "C")
        .produces_one_of("GP"),
    card("caravansery", "Caravansery", 2, Yellow)
        .cost(2, "GP")
        .produces_one_of("WCS"),
    card("customs_house", "Customs House", 2, Yellow)
        .cost(4, "")
        .trade_at_one("GP"),
    // Age 2 — blue
    card("temple", "Temple", 2, Blue)
        .cost(0, "WP")
        .chain_from(Moon)
        .chain_to(Sun)
        .points(4),
    card("statue", "Statue", 2, Blue)
        .cost(0, "CC")
        .chain_from(Mask)
        .chain_to(Column)
        .points(4),
    card("courthouse", "Courthouse", 2, Blue)
        .cost(0, "WWG")
        .points(5),
    card("aqueduct", "Aqueduct", 2, Blue)
        .cost(0, "SSS")
        .chain_from(WaterDrop)
        .points(5),
    card("rostrum", "Rostrum", 2, Blue)
        .cost(0, "WS")
        .chain_to(GreekBuilding)
        .points(4),
    // Age 3 — red
    card("circus", "Circus", 3, Red)
        .cost(0, "CCSS")
        .chain_from(Helmet)
        .shields(2),
    card("arsenal", "Arsenal", 3, Red)
        .cost(0, "WWCCC")
        .shields(3),
    card("siege_workshop", "Siege Workshop", 3, Red)
        .cost(0, "WWWG")
        .chain_from(Target)
        .shields(2),
    card("fortifications", "Fortifications", 3, Red)
        .cost(0, "CSSP")
        .chain_from(Tower)
        .shields(2),
    card("pretorium", "Pretorium", 3, Red)
        .cost(8, "")
        .shields(3),
    // Age 3 — green
    card("academy", "Academy", 3, Green)
        .cost(0, "WSGG")
        .points(3)
        .science(Sundial),
    card("university", "University", 3, Green)
        .cost(0, "CGP")
        .chain_from(Lyre)
        .points(2)
        .science(ArmillarySphere),
    card("study", "Study", 3, Green)
        .cost(0, "WWGP")
        .points(3)
        .science(Sundial),
    card("observatory", "Observatory", 3, Green)
        .cost(0, "SPP")
        .chain_from(Lamp)
        .points(2)
        .science(ArmillarySphere),
    // Age 3 — yellow
    card("arena", "Arena", 3, Yellow)
        .cost(0, "WCS")
        .chain_from(Barrel)
        .points(3)
        .coins_per_wonder(2),
    card("chamber_of_commerce", "Chamber of Commerce", 3, Yellow)
        .cost(0, "PP")
        .points(3)
        .coins_per_card(3, Grey),
    card("port", "Port", 3, Yellow)
        .cost(0, "WGP")
        .points(3)
        .coins_per_card(2, Brown),
    card("lighthouse", "Lighthouse", 3, Yellow)
        .cost(0, "CCG")
        .chain_from(Vase)
        .points(3)
        .coins_per_card(1, Yellow),
    card("armory", "Armory", 3, Yellow)
        .cost(0, "SSG")
        .points(3)
        .coins_per_card(1, Red),
    // Age 3 — blue
    card("palace", "Palace", 3, Blue).cost(0, "WCSGG").points(7),
    card("gardens", "Gardens", 3, Blue)
        .cost(0, "WWCC")
        .chain_from(Column)
        .points(6),
    card("pantheon", "Pantheon", 3, Blue)
        .cost(0, "WCPP")
        .chain_from(Sun)
        .points(6),
    card("town_hall", "Town Hall", 3, Blue)
        .cost(0, "WWSSS")
        .points(7),
    card("senate", "Senate", 3, Blue)
        .cost(0, "CCSP")
        .chain_from(GreekBuilding)
        .points(5),
    card("obelisk", "Obelisk", 3, Blue).cost(0, "SSG").points(5),
    // Guilds — purple
    card("merchants_guild", "Merchants Guild", 3, Purple)
        .cost(0, "WCGP")
        .guild(GuildCount::Cards(&[Yellow]), 1, 1),
    card("shipowners_guild", "Shipowners Guild", 3, Purple)
        .cost(0, "CSGP")
        .guild(GuildCount::Cards(&[Brown, Grey]), 1, 1),
    card("builders_guild", "Builders Guild", 3, Purple)
        .cost(0, "WCSSG")
        .guild(GuildCount::Wonders, 2, 0),
    card("magistrates_guild", "Magistrates Guild", 3, Purple)
        .cost(0, "WWCP")
        .guild(GuildCount::Cards(&[Blue]), 1, 1),
    card("scientists_guild", "Scientists Guild", 3, Purple)
        .cost(0, "WWCC")
        .guild(GuildCount::Cards(&[Green]), 1, 1),
    card("moneylenders_guild", "Moneylenders Guild", 3, Purple)
        .cost(0, "WWSS")
        .guild(GuildCount::CoinSetsOf3, 1, 0),
    card("tacticians_guild", "Tacticians Guild", 3, Purple)
        .cost(0, "CSSP")
        .guild(GuildCount::Cards(&[Red]), 1, 1),
];

/// Every building card: the base game's, then Pantheon's Grand Temples (purple Age III cards
/// that score by how many a city has; their cost is printed, and a Mythology token of the
/// temple's Mythology makes it free).
pub const CARDS: [Card; NUM_CARDS] = {
    let mut all = [BASE_CARD_TABLE[0]; NUM_CARDS];
    let mut i = 0;
    while i < BASE_CARDS {
        all[i] = BASE_CARD_TABLE[i];
        i += 1;
    }
    while i < NUM_CARDS {
        let t = &GRAND_TEMPLES[i - BASE_CARDS];
        let mut c = card(t.id, t.name, 3, Purple);
        c.cost = t.cost;
        c.chain_from = Some(Chain::of_mythology(t.mythology as u8));
        all[i] = c;
        i += 1;
    }
    all
};

/// The first Grand Temple's card id.
pub const FIRST_GRAND_TEMPLE: CardId = BASE_CARDS as CardId;

/// True for Pantheon's Grand Temples.
#[inline]
pub const fn is_grand_temple(card: CardId) -> bool {
    card >= FIRST_GRAND_TEMPLE
}

/// First card id of each deck: Age I, Age II, Age III, Guilds, end.
pub const DECK_STARTS: [u8; 5] = [0, 23, 46, 66, 73];

/// Looks a card up by its id (`lumber_yard`).
pub fn card_by_id(id: &str) -> Option<CardId> {
    CARDS.iter().position(|c| c.id == id).map(|i| i as CardId)
}

/// Number of base-game Wonders.
pub const BASE_WONDERS: usize = 12;

/// Number of Wonders with Pantheon's two (ids 12 and 13, after the base game's).
pub const NUM_WONDERS: usize = BASE_WONDERS + PANTHEON_WONDERS.len();

/// Each card's resource cost packed (see [`Resources::packed`]): the payment search's copy of
/// `CARDS[i].cost`, so that it does not repack the cost on every call.
pub static CARD_COSTS_PACKED: [u64; NUM_CARDS] = {
    let mut packed = [0u64; NUM_CARDS];
    let mut i = 0;
    while i < NUM_CARDS {
        packed[i] = CARDS[i].cost.packed();
        i += 1;
    }
    packed
};

/// Every Wonder: the 12 of the base game, then Pantheon's Sanctuary and Divine Theater.
pub const WONDERS: [Wonder; NUM_WONDERS] = {
    let mut all = [BASE_WONDER_TABLE[0]; NUM_WONDERS];
    let mut i = 0;
    while i < BASE_WONDERS {
        all[i] = BASE_WONDER_TABLE[i];
        i += 1;
    }
    while i < NUM_WONDERS {
        all[i] = PANTHEON_WONDERS[i - BASE_WONDERS];
        i += 1;
    }
    all
};

/// The 12 Wonders of the base game.
const BASE_WONDER_TABLE: [Wonder; BASE_WONDERS] = [
    wonder("the_pyramids", "The Pyramids", "SSSP", 9),
    wonder("the_colossus", "The Colossus", "CCCG", 3).shields(2),
    wonder("the_great_lighthouse", "The Great Lighthouse", "WSPP", 4).produces_one_of("WCS"),
    wonder("the_temple_of_artemis", "The Temple of Artemis", "WSGP", 0)
        .coins(12)
        .play_again(),
    wonder("the_mausoleum", "The Mausoleum", "CCGGP", 2).builds_from_discard(),
    wonder("the_great_library", "The Great Library", "WWWGP", 4).takes_boxed_token(),
    wonder("piraeus", "Piraeus", "WWCS", 2)
        .produces_one_of("GP")
        .play_again(),
    wonder("the_hanging_gardens", "The Hanging Gardens", "WWGP", 3)
        .coins(6)
        .play_again(),
    wonder("the_statue_of_zeus", "The Statue of Zeus", "WCSPP", 3)
        .shields(1)
        .destroys(Brown),
    wonder("the_sphinx", "The Sphinx", "CSGG", 6).play_again(),
    wonder("the_appian_way", "The Appian Way", "CCSSP", 3)
        .coins(3)
        .opponent_loses(3)
        .play_again(),
    wonder("circus_maximus", "Circus Maximus", "WSSG", 3)
        .shields(1)
        .destroys(Grey),
];

/// The packed trade-cost product never carries from one 12-bit lane into the next: in lane
/// `k` it sums at most five `count × price` terms, a count is at most the largest unit count of
/// any cost, and a price at most 2 + every card's production of a resource together.
const _: () = {
    let mut max_count = 0u32;
    let mut max_production = [0u32; 5];
    let mut i = 0;
    while i < NUM_CARDS {
        let mut r = 0;
        while r < 5 {
            if CARDS[i].cost.0[r] as u32 > max_count {
                max_count = CARDS[i].cost.0[r] as u32;
            }
            max_production[r] += CARDS[i].produces.0[r] as u32;
            r += 1;
        }
        i += 1;
    }
    let mut w = 0;
    while w < NUM_WONDERS {
        let mut r = 0;
        while r < 5 {
            if WONDERS[w].cost.0[r] as u32 > max_count {
                max_count = WONDERS[w].cost.0[r] as u32;
            }
            r += 1;
        }
        w += 1;
    }
    let mut r = 0;
    while r < 5 {
        assert!(5 * max_count * (2 + max_production[r]) < 4096);
        r += 1;
    }
};

/// Each Wonder's resource cost packed (see [`Resources::packed`]): the payment search's copy of
/// `WONDERS[i].cost`, so that it does not repack the cost on every call.
pub static WONDER_COSTS_PACKED: [u64; NUM_WONDERS] = {
    let mut packed = [0u64; NUM_WONDERS];
    let mut i = 0;
    while i < NUM_WONDERS {
        packed[i] = WONDERS[i].cost.packed();
        i += 1;
    }
    packed
};

/// Looks a Wonder up by its id (`the_pyramids`).
pub fn wonder_by_id(id: &str) -> Option<WonderId> {
    WONDERS
        .iter()
        .position(|w| w.id == id)
        .map(|i| i as WonderId)
}

/// Number of base-game Progress tokens.
pub const BASE_TOKENS: usize = 10;

/// Number of Progress tokens with Pantheon's three (ids 10 to 12).
pub const NUM_TOKENS: usize = BASE_TOKENS + PANTHEON_PROGRESS_TOKENS.len();

/// Every Progress token: the 10 of the base game, then Pantheon's Mysticism, Poliorcetics and
/// Engineering.
pub const PROGRESS_TOKENS: [ProgressToken; NUM_TOKENS] = {
    let mut all = [BASE_TOKEN_TABLE[0]; NUM_TOKENS];
    let mut i = 0;
    while i < BASE_TOKENS {
        all[i] = BASE_TOKEN_TABLE[i];
        i += 1;
    }
    while i < NUM_TOKENS {
        all[i] = PANTHEON_PROGRESS_TOKENS[i - BASE_TOKENS];
        i += 1;
    }
    all
};

const BASE_TOKEN_TABLE: [ProgressToken; BASE_TOKENS] = [
    ProgressToken {
        id: "agriculture",
        name: "Agriculture",
        kind: Progress::Agriculture,
        points: 4,
        coins: 6,
        rule: "Take 6 coins now. Worth 4 VP.",
    },
    ProgressToken {
        id: "architecture",
        name: "Architecture",
        kind: Progress::Architecture,
        points: 0,
        coins: 0,
        rule: "Every later Wonder costs 2 resources less (the most expensive ones).",
    },
    ProgressToken {
        id: "economy",
        name: "Economy",
        kind: Progress::Economy,
        points: 0,
        coins: 0,
        rule: "You receive the coins the opponent spends on trading.",
    },
    ProgressToken {
        id: "law",
        name: "Law",
        kind: Progress::Law,
        points: 0,
        coins: 0,
        rule: "Gives the scales scientific symbol.",
    },
    ProgressToken {
        id: "masonry",
        name: "Masonry",
        kind: Progress::Masonry,
        points: 0,
        coins: 0,
        rule: "Every later blue card costs 2 resources less (the most expensive ones).",
    },
    ProgressToken {
        id: "mathematics",
        name: "Mathematics",
        kind: Progress::Mathematics,
        points: 0,
        coins: 0,
        rule: "At game end, 3 VP per Progress token you own, this one included.",
    },
    ProgressToken {
        id: "philosophy",
        name: "Philosophy",
        kind: Progress::Philosophy,
        points: 7,
        coins: 0,
        rule: "Worth 7 VP.",
    },
    ProgressToken {
        id: "strategy",
        name: "Strategy",
        kind: Progress::Strategy,
        points: 0,
        coins: 0,
        rule: "Every later red card gives 1 extra shield.",
    },
    ProgressToken {
        id: "theology",
        name: "Theology",
        kind: Progress::Theology,
        points: 0,
        coins: 0,
        rule: "Every later Wonder has 'play again'.",
    },
    ProgressToken {
        id: "urbanism",
        name: "Urbanism",
        kind: Progress::Urbanism,
        points: 0,
        coins: 6,
        rule: "Take 6 coins now; 4 coins each time you build through a chain.",
    },
];

/// Looks a Progress token up by its id (`urbanism`).
pub fn token_by_id(id: &str) -> Option<TokenId> {
    PROGRESS_TOKENS
        .iter()
        .position(|t| t.id == id)
        .map(|i| i as TokenId)
}

/// The layout of one Age: 20 slots numbered in dealing order (row by row from the row dealt
/// first, left to right), as in the reference's board description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Row sizes from the row dealt first.
    pub rows: &'static [u8],
    /// Bit `s` set when slot `s` is dealt face up (odd rows).
    pub face_up: u32,
    /// For each slot, the slots that must all be taken before it is accessible.
    pub covered_by: [u32; 20],
    /// For each slot, the (at most two) slots it covers: the inverse of `covered_by`. A slot
    /// that covers fewer names itself in the free places, so a fixed two-step loop needs no
    /// branch (a taken slot never becomes accessible again).
    pub covers: [[u8; 2]; 20],
}

/// The inverse relation of `covered_by` (see [`Layout::covers`]); fails to compile if a slot
/// covered more than two others.
const fn inverse(covered_by: [u32; 20]) -> [[u8; 2]; 20] {
    let mut covers = [[0u8; 2]; 20];
    let mut count = [0usize; 20];
    let mut s = 0;
    while s < 20 {
        covers[s] = [s as u8, s as u8];
        s += 1;
    }
    let mut t = 0;
    while t < 20 {
        let mut s = 0;
        while s < 20 {
            if covered_by[t] >> s & 1 == 1 {
                covers[s][count[s]] = t as u8;
                count[s] += 1;
            }
            s += 1;
        }
        t += 1;
    }
    covers
}

const fn layout(rows: &'static [u8], face_up: u32, covered_by: [u32; 20]) -> Layout {
    Layout {
        rows,
        face_up,
        covered_by,
        covers: inverse(covered_by),
    }
}

const fn bits(slots: &[u8]) -> u32 {
    let mut m = 0u32;
    let mut i = 0;
    while i < slots.len() {
        m |= 1 << slots[i];
        i += 1;
    }
    m
}

/// Age I: a pyramid of 2-3-4-5-6 cards; Age II: an inverted pyramid 6-5-4-3-2; Age III: an
/// hourglass 2-3-4-2-4-3-2. Odd rows face up.
pub const LAYOUTS: [Layout; 3] = [
    layout(
        &[2, 3, 4, 5, 6],
        bits(&[0, 1, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19]),
        [
            bits(&[2, 3]),
            bits(&[3, 4]),
            bits(&[5, 6]),
            bits(&[6, 7]),
            bits(&[7, 8]),
            bits(&[9, 10]),
            bits(&[10, 11]),
            bits(&[11, 12]),
            bits(&[12, 13]),
            bits(&[14, 15]),
            bits(&[15, 16]),
            bits(&[16, 17]),
            bits(&[17, 18]),
            bits(&[18, 19]),
            0,
            0,
            0,
            0,
            0,
            0,
        ],
    ),
    layout(
        &[6, 5, 4, 3, 2],
        bits(&[0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 18, 19]),
        [
            bits(&[6]),
            bits(&[6, 7]),
            bits(&[7, 8]),
            bits(&[8, 9]),
            bits(&[9, 10]),
            bits(&[10]),
            bits(&[11]),
            bits(&[11, 12]),
            bits(&[12, 13]),
            bits(&[13, 14]),
            bits(&[14]),
            bits(&[15]),
            bits(&[15, 16]),
            bits(&[16, 17]),
            bits(&[17]),
            bits(&[18]),
            bits(&[18, 19]),
            bits(&[19]),
            0,
            0,
        ],
    ),
    layout(
        &[2, 3, 4, 2, 4, 3, 2],
        bits(&[0, 1, 5, 6, 7, 8, 11, 12, 13, 14, 18, 19]),
        [
            bits(&[2, 3]),
            bits(&[3, 4]),
            bits(&[5, 6]),
            bits(&[6, 7]),
            bits(&[7, 8]),
            bits(&[9]),
            bits(&[9]),
            bits(&[10]),
            bits(&[10]),
            bits(&[11, 12]),
            bits(&[13, 14]),
            bits(&[15]),
            bits(&[15, 16]),
            bits(&[16, 17]),
            bits(&[17]),
            bits(&[18]),
            bits(&[18, 19]),
            bits(&[19]),
            0,
            0,
        ],
    ),
];

/// Coins each player starts with.
pub const STARTING_COINS: u16 = 7;

/// Military tokens: (squares of the zone, coins lost by the player whose side it is on).
/// Positions are from player 1's point of view: positive = towards player 2's capital.
pub const MILITARY_TOKENS: [(i8, i8, u8); 4] = [(-5, -3, 2), (-8, -6, 5), (3, 5, 2), (6, 8, 5)];

/// End-of-game military VP for the leader by distance of the pawn from the centre.
pub const fn military_points(distance: u8) -> u8 {
    match distance {
        0 => 0,
        1..=2 => 2,
        3..=5 => 5,
        _ => 10,
    }
}
