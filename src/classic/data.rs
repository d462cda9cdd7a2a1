//! The card and wonder tables of both editions, written like the card lists of the rule books,
//! and the [`Catalog`] an engine reads them through.
//!
//! The tables are the project's own transcription of the published cards (ids are lowercase
//! snake_case English names). Rows are grouped by Age; a building printed on several copies has
//! one row listing the player counts of its copies (`&[3, 6]` = a `3+` and a `6+` copy); guilds
//! list none (players + 2 of them are drawn). Costs are written as on the card: `"2 stone + ore"`,
//! `"1 coin"`, `""` for free.
//!
//! Disputed 2nd-edition Age III costs (no official card list with costs was found; the majority
//! of the independent transcriptions is followed):
//! - Town Hall: 2 stone + ore + glass (minority reading: 3 stone + glass);
//! - Arena: 2 stone + ore (minority reading: 2 clay + ore);
//! - Circus: 3 stone + ore (minority reading: 3 clay + ore).

use super::cities_data::CityEffect;
use super::leaders_data::{BoardPassive, LeaderStagePower, LEADERS};
pub use super::vocab::{
    Color, Direction, Expansion, ExpansionSet, Resource, ScoreLine, Symbol, RESOURCES,
};
use wonders_common::{FeatureTable, WideCardSet};

/// The most guilds a catalog may hold (the base game's 10 and the expansions').
pub const MAX_GUILDS: usize = 16;

/// Cards dealt to each seat per Age in the base game (the expansions may add some).
pub const HAND_SIZE: usize = 7;

/// Which printing of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edition {
    /// 1st edition (2010): wonder sides A and B.
    V1,
    /// 2nd edition (2020): wonder sides Day and Night.
    V2,
}

impl Edition {
    /// `"v1"` or `"v2"`, as in records.
    pub fn id(self) -> &'static str {
        match self {
            Edition::V1 => "v1",
            Edition::V2 => "v2",
        }
    }

    pub fn from_id(id: &str) -> Option<Edition> {
        match id {
            "v1" => Some(Edition::V1),
            "v2" => Some(Edition::V2),
            _ => None,
        }
    }
}

/// Resource class a discount applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Raw,
    Manufactured,
}

/// Whose cities an effect counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Whose {
    Own,
    Neighbours,
    OwnAndNeighbours,
}

/// What an effect counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Per {
    /// Buildings of these colours.
    Cards(&'static [Color]),
    /// Wonder stages built.
    Stages,
}

/// What a building does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Fixed production every turn (brown and grey cards: neighbours may buy it).
    Produce(Resource, u8),
    /// One of these resources every turn; neighbours may buy it from brown cards only, never
    /// from yellow ones (Caravansery, Forum).
    OneOf(&'static [Resource]),
    /// Victory points at game end.
    Points(u8),
    /// Military strength.
    Shields(u8),
    /// One science symbol.
    Science(Symbol),
    /// Coins from the bank once, when built.
    Coins(u8),
    /// Buying these resources from these neighbours costs 1 coin instead of 2.
    Discount(Direction, Class),
    /// Yellow cards of Ages II and III: `coins` per counted item once when built, `points` per
    /// counted item at game end (recounted).
    Commerce {
        per: Per,
        whose: Whose,
        coins: u8,
        points: u8,
    },
    /// Guild: `points` per counted item at game end.
    Guild { per: Per, whose: Whose, points: u8 },
    /// Scientists Guild: one science symbol of the owner's choice at game end.
    ScienceWild,
    /// 1st-edition Strategists Guild: points per defeat token of the counted cities.
    PerDefeat { whose: Whose, points: u8 },
    /// 2nd-edition Decorators Guild: points if every stage of the own wonder is built.
    WonderComplete(u8),
    /// Cities: a black card's effects, in printed order (each one's rule: `effects.rs`).
    City(&'static [CityEffect]),
    /// Points at game end on a line of the score pad (an expansion's own line).
    PointsOn(ScoreLine, u8),
}

/// What a wonder stage gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Power {
    Points(u8),
    Shields(u8),
    /// Coins from the bank once, when the stage is built.
    Coins(u8),
    /// One of these resources every turn, for the owner only (not for sale).
    OneOf(&'static [Resource]),
    /// A science symbol of the owner's choice at game end.
    ScienceWild,
    /// 1st-edition Olympia B: raw resources from both neighbours at 1 coin.
    RawDiscountBoth,
    /// Babylon: the last card of each Age is played instead of discarded.
    PlayLastCard,
    /// Halikarnassos: at the end of the turn, build one discarded card for free.
    BuildFromDiscard,
    /// 1st-edition Olympia A: once per Age, build a card from the hand for free.
    FreeBuildEachAge,
    /// 1st-edition Olympia B: at game end, copy a guild of a neighbour.
    CopyGuild,
    /// 2nd-edition Olympia Day: a building of a colour not yet in the city is free.
    FirstOfColourFree,
    /// 2nd-edition Olympia Night: the first card of each Age is free if built.
    FirstOfAgeFree,
    /// 2nd-edition Olympia Night: the last (6th) card of each Age is free if built.
    LastOfAgeFree,
    /// A Cities board's stage effect other than its points (Diplomacy, Petra's coin loss).
    City(CityEffect),
    /// A Leaders board's stage effect other than points and coins (Roma night's draw and
    /// extra recruitment, Abu Simbel's burial).
    Leaders(LeaderStagePower),
}

/// Every wonder board's id, in table order: a [`Wonder`] is a row of this list. Which boards a
/// game may deal is its catalog's ([`Catalog::boards`]); the expansions' boards are rows to add
/// here and in their catalogs' board tables.
pub const BOARDS: [&str; 11] = [
    "alexandria",
    "babylon",
    "ephesos",
    "gizah",
    "halikarnassos",
    "olympia",
    "rhodos",
    "byzantium",
    "petra",
    "roma",
    "abu_simbel",
];

/// A wonder board, by its row in [`BOARDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wonder(u8);

impl Wonder {
    pub const ALEXANDRIA: Wonder = Wonder(0);
    pub const BABYLON: Wonder = Wonder(1);
    pub const EPHESOS: Wonder = Wonder(2);
    pub const GIZAH: Wonder = Wonder(3);
    pub const HALIKARNASSOS: Wonder = Wonder(4);
    pub const OLYMPIA: Wonder = Wonder(5);
    pub const RHODOS: Wonder = Wonder(6);
    /// Cities.
    pub const BYZANTIUM: Wonder = Wonder(7);
    /// Cities.
    pub const PETRA: Wonder = Wonder(8);
    /// Leaders.
    pub const ROMA: Wonder = Wonder(9);
    /// Leaders.
    pub const ABU_SIMBEL: Wonder = Wonder(10);

    /// The board's id (`"gizah"`), as in records.
    pub fn id(self) -> &'static str {
        BOARDS[self.0 as usize]
    }

    /// The board with this id, if there is one.
    pub fn from_id(id: &str) -> Option<Wonder> {
        BOARDS
            .iter()
            .position(|&b| b == id)
            .map(|i| Wonder(i as u8))
    }

    /// The board's row in [`BOARDS`].
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A wonder board side. `A`/`Day` is side index 0, `B`/`Night` index 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    A,
    B,
    Day,
    Night,
}

impl Side {
    /// 0 for A/Day, 1 for B/Night.
    pub fn index(self) -> usize {
        match self {
            Side::A | Side::Day => 0,
            Side::B | Side::Night => 1,
        }
    }

    /// The side with this index under this edition's labels.
    pub fn of(edition: Edition, index: usize) -> Side {
        match (edition, index) {
            (Edition::V1, 0) => Side::A,
            (Edition::V1, _) => Side::B,
            (Edition::V2, 0) => Side::Day,
            (Edition::V2, _) => Side::Night,
        }
    }

    /// `"a"`, `"b"`, `"day"` or `"night"`, as in records.
    pub fn id(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
            Side::Day => "day",
            Side::Night => "night",
        }
    }

    pub fn from_id(id: &str) -> Option<Side> {
        match id {
            "a" | "A" => Some(Side::A),
            "b" | "B" => Some(Side::B),
            "day" => Some(Side::Day),
            "night" => Some(Side::Night),
            _ => None,
        }
    }
}

/// One building as printed, before its cost is parsed and its chains resolved.
pub struct Row {
    pub age: u8,
    pub key: &'static str,
    pub name: &'static str,
    pub color: Color,
    /// Minimum player count of each copy; empty for guilds.
    pub copies: &'static [u8],
    pub cost: &'static str,
    /// Owning any of these buildings makes this one free.
    pub chain_from: &'static [&'static str],
    pub effect: Effect,
}

#[allow(clippy::too_many_arguments)]
const fn row(
    age: u8,
    key: &'static str,
    name: &'static str,
    color: Color,
    copies: &'static [u8],
    cost: &'static str,
    chain_from: &'static [&'static str],
    effect: Effect,
) -> Row {
    Row {
        age,
        key,
        name,
        color,
        copies,
        cost,
        chain_from,
        effect,
    }
}

/// One wonder side as printed.
pub struct SideRow {
    pub wonder: &'static str,
    pub name: &'static str,
    pub side: &'static str,
    pub resource: Resource,
    pub stages: &'static [StageRow],
}

/// One wonder stage as printed.
pub struct StageRow {
    pub cost: &'static str,
    pub powers: &'static [Power],
}

const fn side(
    wonder: &'static str,
    name: &'static str,
    side: &'static str,
    resource: Resource,
    stages: &'static [StageRow],
) -> SideRow {
    SideRow {
        wonder,
        name,
        side,
        resource,
        stages,
    }
}

const fn stage(cost: &'static str, powers: &'static [Power]) -> StageRow {
    StageRow { cost, powers }
}

use Class::*;
use Color::*;
use Direction::*;
use Effect::*;
use Per::*;
use Resource::*;
use Symbol::*;
use Whose::*;

/// Age I, 1st edition: one row per building, `copies` = the player counts printed on its copies.
#[rustfmt::skip]
const V1_AGE_I: &[Row] = &[
    row(1, "lumber_yard", "Lumber Yard", Brown, &[3, 4], "", &[], Produce(Wood, 1)),
    row(1, "stone_pit", "Stone Pit", Brown, &[3, 5], "", &[], Produce(Stone, 1)),
    row(1, "clay_pool", "Clay Pool", Brown, &[3, 5], "", &[], Produce(Clay, 1)),
    row(1, "ore_vein", "Ore Vein", Brown, &[3, 4], "", &[], Produce(Ore, 1)),
    row(1, "tree_farm", "Tree Farm", Brown, &[6], "1 coin", &[], OneOf(&[Wood, Clay])),
    row(1, "excavation", "Excavation", Brown, &[4], "1 coin", &[], OneOf(&[Stone, Clay])),
    row(1, "clay_pit", "Clay Pit", Brown, &[3], "1 coin", &[], OneOf(&[Clay, Ore])),
    row(1, "timber_yard", "Timber Yard", Brown, &[3], "1 coin", &[], OneOf(&[Wood, Stone])),
    row(1, "forest_cave", "Forest Cave", Brown, &[5], "1 coin", &[], OneOf(&[Wood, Ore])),
    row(1, "mine", "Mine", Brown, &[6], "1 coin", &[], OneOf(&[Stone, Ore])),
    row(1, "loom", "Loom", Grey, &[3, 6], "", &[], Produce(Textile, 1)),
    row(1, "glassworks", "Glassworks", Grey, &[3, 6], "", &[], Produce(Glass, 1)),
    row(1, "press", "Press", Grey, &[3, 6], "", &[], Produce(Papyrus, 1)),
    row(1, "altar", "Altar", Blue, &[3, 5], "", &[], Points(2)),
    row(1, "theater", "Theater", Blue, &[3, 6], "", &[], Points(2)),
    row(1, "baths", "Baths", Blue, &[3, 7], "stone", &[], Points(3)),
    row(1, "tavern", "Tavern", Yellow, &[4, 5, 7], "", &[], Coins(5)),
    row(1, "east_trading_post", "East Trading Post", Yellow, &[3, 7], "", &[], Discount(Right, Raw)),
    row(1, "west_trading_post", "West Trading Post", Yellow, &[3, 7], "", &[], Discount(Left, Raw)),
    row(1, "marketplace", "Marketplace", Yellow, &[3, 6], "", &[], Discount(Both, Manufactured)),
    row(1, "stockade", "Stockade", Red, &[3, 7], "wood", &[], Shields(1)),
    row(1, "barracks", "Barracks", Red, &[3, 5], "ore", &[], Shields(1)),
    row(1, "guard_tower", "Guard Tower", Red, &[3, 4], "clay", &[], Shields(1)),
    row(1, "apothecary", "Apothecary", Green, &[3, 5], "textile", &[], Science(Compass)),
    row(1, "workshop", "Workshop", Green, &[3, 7], "glass", &[], Science(Gear)),
    row(1, "scriptorium", "Scriptorium", Green, &[3, 4], "papyrus", &[], Science(Tablet)),
    row(1, "pawnshop", "Pawnshop", Blue, &[4, 7], "", &[], Points(3)),
];

/// Age II, 1st edition: one row per building, `copies` = the player counts printed on its copies.
#[rustfmt::skip]
const V1_AGE_II: &[Row] = &[
    row(2, "sawmill", "Sawmill", Brown, &[3, 4], "1 coin", &[], Produce(Wood, 2)),
    row(2, "quarry", "Quarry", Brown, &[3, 4], "1 coin", &[], Produce(Stone, 2)),
    row(2, "brickyard", "Brickyard", Brown, &[3, 4], "1 coin", &[], Produce(Clay, 2)),
    row(2, "foundry", "Foundry", Brown, &[3, 4], "1 coin", &[], Produce(Ore, 2)),
    row(2, "loom", "Loom", Grey, &[3, 5], "", &[], Produce(Textile, 1)),
    row(2, "glassworks", "Glassworks", Grey, &[3, 5], "", &[], Produce(Glass, 1)),
    row(2, "press", "Press", Grey, &[3, 5], "", &[], Produce(Papyrus, 1)),
    row(2, "aqueduct", "Aqueduct", Blue, &[3, 7], "3 stone", &["baths"], Points(5)),
    row(2, "temple", "Temple", Blue, &[3, 6], "wood + clay + glass", &["altar"], Points(3)),
    row(2, "statue", "Statue", Blue, &[3, 7], "wood + 2 ore", &["theater"], Points(4)),
    row(2, "courthouse", "Courthouse", Blue, &[3, 5], "2 clay + textile", &["scriptorium"], Points(4)),
    row(2, "caravansery", "Caravansery", Yellow, &[3, 5, 6], "2 wood", &["marketplace"], OneOf(&[Wood, Stone, Clay, Ore])),
    row(2, "forum", "Forum", Yellow, &[3, 6, 7], "2 clay", &["east_trading_post", "west_trading_post"], OneOf(&[Glass, Textile, Papyrus])),
    row(2, "vineyard", "Vineyard", Yellow, &[3, 6], "", &[], Commerce { per: Cards(&[Brown]), whose: OwnAndNeighbours, coins: 1, points: 0 }),
    row(2, "bazaar", "Bazaar", Yellow, &[4, 7], "", &[], Commerce { per: Cards(&[Grey]), whose: OwnAndNeighbours, coins: 2, points: 0 }),
    row(2, "stables", "Stables", Red, &[3, 5], "wood + clay + ore", &["apothecary"], Shields(2)),
    row(2, "archery_range", "Archery Range", Red, &[3, 6], "2 wood + ore", &["workshop"], Shields(2)),
    row(2, "walls", "Walls", Red, &[3, 7], "3 stone", &[], Shields(2)),
    row(2, "training_ground", "Training Ground", Red, &[4, 6, 7], "wood + 2 ore", &[], Shields(2)),
    row(2, "dispensary", "Dispensary", Green, &[3, 4], "2 ore + glass", &["apothecary"], Science(Compass)),
    row(2, "laboratory", "Laboratory", Green, &[3, 5], "2 clay + papyrus", &["workshop"], Science(Gear)),
    row(2, "library", "Library", Green, &[3, 6], "2 stone + textile", &["scriptorium"], Science(Tablet)),
    row(2, "school", "School", Green, &[3, 7], "wood + papyrus", &[], Science(Tablet)),
];

/// Age III, 1st edition: one row per building, `copies` = the player counts printed on its copies.
#[rustfmt::skip]
const V1_AGE_III: &[Row] = &[
    row(3, "pantheon", "Pantheon", Blue, &[3, 6], "2 clay + ore + glass + textile + papyrus", &["temple"], Points(7)),
    row(3, "gardens", "Gardens", Blue, &[3, 4], "wood + 2 clay", &["statue"], Points(5)),
    row(3, "town_hall", "Town Hall", Blue, &[3, 5, 6], "2 stone + ore + glass", &[], Points(6)),
    row(3, "palace", "Palace", Blue, &[3, 7], "wood + stone + clay + ore + glass + textile + papyrus", &[], Points(8)),
    row(3, "senate", "Senate", Blue, &[3, 5], "2 wood + stone + ore", &["library"], Points(6)),
    row(3, "lighthouse", "Lighthouse", Yellow, &[3, 6], "stone + glass", &["caravansery"], Commerce { per: Cards(&[Yellow]), whose: Own, coins: 1, points: 1 }),
    row(3, "haven", "Haven", Yellow, &[3, 4], "wood + ore + textile", &["forum"], Commerce { per: Cards(&[Brown]), whose: Own, coins: 1, points: 1 }),
    row(3, "chamber_of_commerce", "Chamber of Commerce", Yellow, &[4, 6], "2 clay + papyrus", &[], Commerce { per: Cards(&[Grey]), whose: Own, coins: 2, points: 2 }),
    row(3, "arena", "Arena", Yellow, &[3, 5, 7], "2 stone + ore", &["dispensary"], Commerce { per: Stages, whose: Own, coins: 3, points: 1 }),
    row(3, "arsenal", "Arsenal", Red, &[3, 4, 7], "2 wood + ore + textile", &[], Shields(3)),
    row(3, "siege_workshop", "Siege Workshop", Red, &[3, 5], "wood + 3 clay", &["laboratory"], Shields(3)),
    row(3, "fortifications", "Fortifications", Red, &[3, 7], "stone + 3 ore", &["walls"], Shields(3)),
    row(3, "circus", "Circus", Red, &[4, 5, 6], "3 stone + ore", &["training_ground"], Shields(3)),
    row(3, "university", "University", Green, &[3, 4], "2 wood + glass + papyrus", &["library"], Science(Tablet)),
    row(3, "study", "Study", Green, &[3, 5], "wood + textile + papyrus", &["school"], Science(Gear)),
    row(3, "lodge", "Lodge", Green, &[3, 6], "2 clay + textile + papyrus", &["dispensary"], Science(Compass)),
    row(3, "academy", "Academy", Green, &[3, 7], "3 stone + glass", &["school"], Science(Compass)),
    row(3, "observatory", "Observatory", Green, &[3, 7], "2 ore + glass + textile", &["laboratory"], Science(Gear)),
    row(3, "workers_guild", "Workers Guild", Purple, &[], "wood + stone + clay + 2 ore", &[], Guild { per: Cards(&[Brown]), whose: Neighbours, points: 1 }),
    row(3, "craftsmens_guild", "Craftsmens Guild", Purple, &[], "2 stone + 2 ore", &[], Guild { per: Cards(&[Grey]), whose: Neighbours, points: 2 }),
    row(3, "magistrates_guild", "Magistrates Guild", Purple, &[], "3 wood + stone + textile", &[], Guild { per: Cards(&[Blue]), whose: Neighbours, points: 1 }),
    row(3, "traders_guild", "Traders Guild", Purple, &[], "glass + textile + papyrus", &[], Guild { per: Cards(&[Yellow]), whose: Neighbours, points: 1 }),
    row(3, "spies_guild", "Spies Guild", Purple, &[], "3 clay + glass", &[], Guild { per: Cards(&[Red]), whose: Neighbours, points: 1 }),
    row(3, "philosophers_guild", "Philosophers Guild", Purple, &[], "3 clay + textile + papyrus", &[], Guild { per: Cards(&[Green]), whose: Neighbours, points: 1 }),
    row(3, "shipowners_guild", "Shipowners Guild", Purple, &[], "3 wood + glass + papyrus", &[], Guild { per: Cards(&[Brown, Grey, Purple]), whose: Own, points: 1 }),
    row(3, "scientists_guild", "Scientists Guild", Purple, &[], "2 wood + 2 ore + papyrus", &[], ScienceWild),
    row(3, "builders_guild", "Builders Guild", Purple, &[], "2 stone + 2 clay + glass", &[], Guild { per: Stages, whose: OwnAndNeighbours, points: 1 }),
    row(3, "strategists_guild", "Strategists Guild", Purple, &[], "stone + 2 ore + textile", &[], PerDefeat { whose: Neighbours, points: 1 }),
];

/// Age I, 2nd edition: one row per building, `copies` = the player counts printed on its copies.
#[rustfmt::skip]
const V2_AGE_I: &[Row] = &[
    row(1, "lumber_yard", "Lumber Yard", Brown, &[3, 4], "", &[], Produce(Wood, 1)),
    row(1, "stone_pit", "Stone Pit", Brown, &[3, 5], "", &[], Produce(Stone, 1)),
    row(1, "clay_pool", "Clay Pool", Brown, &[3, 5], "", &[], Produce(Clay, 1)),
    row(1, "ore_vein", "Ore Vein", Brown, &[3, 4], "", &[], Produce(Ore, 1)),
    row(1, "tree_farm", "Tree Farm", Brown, &[6], "1 coin", &[], OneOf(&[Wood, Clay])),
    row(1, "excavation", "Excavation", Brown, &[4], "1 coin", &[], OneOf(&[Stone, Clay])),
    row(1, "clay_pit", "Clay Pit", Brown, &[3], "1 coin", &[], OneOf(&[Clay, Ore])),
    row(1, "timber_yard", "Timber Yard", Brown, &[3], "1 coin", &[], OneOf(&[Wood, Stone])),
    row(1, "forest_cave", "Forest Cave", Brown, &[5], "1 coin", &[], OneOf(&[Wood, Ore])),
    row(1, "mine", "Mine", Brown, &[6], "1 coin", &[], OneOf(&[Stone, Ore])),
    row(1, "loom", "Loom", Grey, &[3, 6], "", &[], Produce(Textile, 1)),
    row(1, "glassworks", "Glassworks", Grey, &[3, 6], "", &[], Produce(Glass, 1)),
    row(1, "press", "Press", Grey, &[3, 6], "", &[], Produce(Papyrus, 1)),
    row(1, "altar", "Altar", Blue, &[3, 5], "", &[], Points(3)),
    row(1, "theater", "Theater", Blue, &[3, 6], "", &[], Points(3)),
    row(1, "well", "Well", Blue, &[4, 7], "", &[], Points(3)),
    row(1, "baths", "Baths", Blue, &[3, 7], "stone", &[], Points(3)),
    row(1, "tavern", "Tavern", Yellow, &[4, 5, 7], "", &[], Coins(5)),
    row(1, "east_trading_post", "East Trading Post", Yellow, &[3, 7], "", &[], Discount(Right, Raw)),
    row(1, "west_trading_post", "West Trading Post", Yellow, &[3, 7], "", &[], Discount(Left, Raw)),
    row(1, "marketplace", "Marketplace", Yellow, &[3, 6], "", &[], Discount(Both, Manufactured)),
    row(1, "stockade", "Stockade", Red, &[3, 7], "wood", &[], Shields(1)),
    row(1, "barracks", "Barracks", Red, &[3, 5], "ore", &[], Shields(1)),
    row(1, "guard_tower", "Guard Tower", Red, &[3, 4], "clay", &[], Shields(1)),
    row(1, "apothecary", "Apothecary", Green, &[3, 5], "textile", &[], Science(Compass)),
    row(1, "workshop", "Workshop", Green, &[3, 7], "glass", &[], Science(Gear)),
    row(1, "scriptorium", "Scriptorium", Green, &[3, 4], "papyrus", &[], Science(Tablet)),
];

/// Age II, 2nd edition: one row per building, `copies` = the player counts printed on its copies.
#[rustfmt::skip]
const V2_AGE_II: &[Row] = &[
    row(2, "sawmill", "Sawmill", Brown, &[3, 4], "1 coin", &[], Produce(Wood, 2)),
    row(2, "quarry", "Quarry", Brown, &[3, 4], "1 coin", &[], Produce(Stone, 2)),
    row(2, "brickyard", "Brickyard", Brown, &[3, 4], "1 coin", &[], Produce(Clay, 2)),
    row(2, "foundry", "Foundry", Brown, &[3, 4], "1 coin", &[], Produce(Ore, 2)),
    row(2, "loom", "Loom", Grey, &[3, 5], "", &[], Produce(Textile, 1)),
    row(2, "glassworks", "Glassworks", Grey, &[3, 5], "", &[], Produce(Glass, 1)),
    row(2, "press", "Press", Grey, &[3, 5], "", &[], Produce(Papyrus, 1)),
    row(2, "aqueduct", "Aqueduct", Blue, &[3, 7], "3 stone", &["baths"], Points(5)),
    row(2, "temple", "Temple", Blue, &[3, 6], "wood + clay + glass", &[], Points(4)),
    row(2, "statue", "Statue", Blue, &[3, 7], "wood + 2 ore", &["well"], Points(4)),
    row(2, "courthouse", "Courthouse", Blue, &[3, 5], "2 clay + textile", &["scriptorium"], Points(4)),
    row(2, "caravansery", "Caravansery", Yellow, &[3, 5, 6], "2 wood", &["marketplace"], OneOf(&[Wood, Stone, Clay, Ore])),
    row(2, "forum", "Forum", Yellow, &[3, 6, 7], "2 clay", &["east_trading_post", "west_trading_post"], OneOf(&[Glass, Textile, Papyrus])),
    row(2, "vineyard", "Vineyard", Yellow, &[3, 6], "", &[], Commerce { per: Cards(&[Brown]), whose: OwnAndNeighbours, coins: 1, points: 0 }),
    row(2, "bazaar", "Bazaar", Yellow, &[4, 7], "", &[], Commerce { per: Cards(&[Grey]), whose: OwnAndNeighbours, coins: 2, points: 0 }),
    row(2, "stables", "Stables", Red, &[3, 5], "wood + clay + ore", &["apothecary"], Shields(2)),
    row(2, "archery_range", "Archery Range", Red, &[3, 6], "2 wood + ore", &["workshop"], Shields(2)),
    row(2, "walls", "Walls", Red, &[3, 7], "3 stone", &[], Shields(2)),
    row(2, "training_ground", "Training Ground", Red, &[4, 6, 7], "wood + 2 ore", &[], Shields(2)),
    row(2, "dispensary", "Dispensary", Green, &[3, 4], "2 ore + glass", &["apothecary"], Science(Compass)),
    row(2, "laboratory", "Laboratory", Green, &[3, 5], "2 clay + papyrus", &["workshop"], Science(Gear)),
    row(2, "library", "Library", Green, &[3, 6], "2 stone + textile", &["scriptorium"], Science(Tablet)),
    row(2, "school", "School", Green, &[3, 7], "wood + papyrus", &[], Science(Tablet)),
];

/// Age III, 2nd edition: one row per building, `copies` = the player counts printed on its copies.
#[rustfmt::skip]
const V2_AGE_III: &[Row] = &[
    row(3, "pantheon", "Pantheon", Blue, &[3, 6], "2 clay + ore + glass + textile + papyrus", &["altar"], Points(7)),
    row(3, "gardens", "Gardens", Blue, &[3, 4], "wood + 2 clay", &["theater"], Points(5)),
    row(3, "town_hall", "Town Hall", Blue, &[3, 6], "2 stone + ore + glass", &[], Points(6)),
    row(3, "palace", "Palace", Blue, &[3, 7], "wood + stone + clay + ore + glass + textile + papyrus", &[], Points(8)),
    row(3, "senate", "Senate", Blue, &[3, 5], "2 wood + stone + ore", &["library"], Points(6)),
    row(3, "lighthouse", "Lighthouse", Yellow, &[3, 6], "stone + glass", &["caravansery"], Commerce { per: Cards(&[Yellow]), whose: Own, coins: 1, points: 1 }),
    row(3, "haven", "Haven", Yellow, &[3, 4], "wood + ore + textile", &["forum"], Commerce { per: Cards(&[Brown]), whose: Own, coins: 1, points: 1 }),
    row(3, "chamber_of_commerce", "Chamber of Commerce", Yellow, &[4, 6], "2 clay + papyrus", &[], Commerce { per: Cards(&[Grey]), whose: Own, coins: 2, points: 2 }),
    row(3, "ludus", "Ludus", Yellow, &[5, 7], "stone + ore", &[], Commerce { per: Cards(&[Red]), whose: Own, coins: 3, points: 1 }),
    row(3, "arena", "Arena", Yellow, &[3, 5], "2 stone + ore", &["dispensary"], Commerce { per: Stages, whose: Own, coins: 3, points: 1 }),
    row(3, "arsenal", "Arsenal", Red, &[3, 5], "2 wood + ore + textile", &[], Shields(3)),
    row(3, "siege_workshop", "Siege Workshop", Red, &[3, 5], "wood + 3 clay", &["laboratory"], Shields(3)),
    row(3, "fortifications", "Fortifications", Red, &[3, 7], "clay + 3 ore", &["walls"], Shields(3)),
    row(3, "circus", "Circus", Red, &[4, 6], "3 stone + ore", &["training_ground"], Shields(3)),
    row(3, "castrum", "Castrum", Red, &[4, 7], "wood + 2 clay + papyrus", &[], Shields(3)),
    row(3, "university", "University", Green, &[3, 4], "2 wood + glass + papyrus", &["library"], Science(Tablet)),
    row(3, "study", "Study", Green, &[3, 5], "wood + textile + papyrus", &["school"], Science(Gear)),
    row(3, "lodge", "Lodge", Green, &[3, 6], "2 clay + textile + papyrus", &["dispensary"], Science(Compass)),
    row(3, "academy", "Academy", Green, &[3, 7], "3 stone + glass", &["school"], Science(Compass)),
    row(3, "observatory", "Observatory", Green, &[3, 7], "2 ore + glass + textile", &["laboratory"], Science(Gear)),
    row(3, "workers_guild", "Workers Guild", Purple, &[], "wood + stone + clay + 2 ore", &[], Guild { per: Cards(&[Brown]), whose: Neighbours, points: 1 }),
    row(3, "craftsmens_guild", "Craftsmens Guild", Purple, &[], "2 stone + 2 ore", &[], Guild { per: Cards(&[Grey]), whose: Neighbours, points: 2 }),
    row(3, "magistrates_guild", "Magistrates Guild", Purple, &[], "3 wood + stone + textile", &[], Guild { per: Cards(&[Blue]), whose: Neighbours, points: 1 }),
    row(3, "traders_guild", "Traders Guild", Purple, &[], "glass + textile + papyrus", &[], Guild { per: Cards(&[Yellow]), whose: Neighbours, points: 1 }),
    row(3, "spies_guild", "Spies Guild", Purple, &[], "2 clay + glass", &[], Guild { per: Cards(&[Red]), whose: Neighbours, points: 1 }),
    row(3, "philosophers_guild", "Philosophers Guild", Purple, &[], "3 clay + textile + papyrus", &[], Guild { per: Cards(&[Green]), whose: Neighbours, points: 1 }),
    row(3, "shipowners_guild", "Shipowners Guild", Purple, &[], "3 wood + glass + papyrus", &[], Guild { per: Cards(&[Brown, Grey, Purple]), whose: Own, points: 1 }),
    row(3, "scientists_guild", "Scientists Guild", Purple, &[], "2 wood + 2 ore + papyrus", &[], ScienceWild),
    row(3, "decorators_guild", "Decorators Guild", Purple, &[], "stone + 2 ore + textile", &[], WonderComplete(7)),
    row(3, "builders_guild", "Builders Guild", Purple, &[], "3 stone + 2 clay + glass", &[], Guild { per: Stages, whose: OwnAndNeighbours, points: 1 }),
];

/// The wonder boards (their own module: stage powers share names with card effects).
mod boards {
    use super::Power::*;
    use super::Resource::*;
    use super::{side, stage, SideRow};

    /// Wonder boards, 1st edition (sides A and B): starting resource, then the stages in building order.
    #[rustfmt::skip]
    pub(super) const V1_WONDERS: &[SideRow] = &[
        side("alexandria", "The Lighthouse of Alexandria", "a", Glass, &[
            stage("2 stone", &[Points(3)]),
            stage("2 ore", &[OneOf(&[Wood, Stone, Clay, Ore])]),
            stage("2 glass", &[Points(7)]),
        ]),
        side("alexandria", "The Lighthouse of Alexandria", "b", Glass, &[
            stage("2 clay", &[OneOf(&[Wood, Stone, Clay, Ore])]),
            stage("2 wood", &[OneOf(&[Glass, Textile, Papyrus])]),
            stage("3 stone", &[Points(7)]),
        ]),
        side("babylon", "The Hanging Gardens of Babylon", "a", Clay, &[
            stage("2 clay", &[Points(3)]),
            stage("3 wood", &[ScienceWild]),
            stage("4 clay", &[Points(7)]),
        ]),
        side("babylon", "The Hanging Gardens of Babylon", "b", Clay, &[
            stage("clay + textile", &[Points(3)]),
            stage("2 wood + glass", &[PlayLastCard]),
            stage("3 clay + papyrus", &[ScienceWild]),
        ]),
        side("ephesos", "The Temple of Artemis in Ephesos", "a", Papyrus, &[
            stage("2 stone", &[Points(3)]),
            stage("2 wood", &[Coins(9)]),
            stage("2 papyrus", &[Points(7)]),
        ]),
        side("ephesos", "The Temple of Artemis in Ephesos", "b", Papyrus, &[
            stage("2 stone", &[Points(2), Coins(4)]),
            stage("2 wood", &[Points(3), Coins(4)]),
            stage("glass + textile + papyrus", &[Points(5), Coins(4)]),
        ]),
        side("gizah", "The Pyramids of Gizah", "a", Stone, &[
            stage("2 stone", &[Points(3)]),
            stage("3 wood", &[Points(5)]),
            stage("4 stone", &[Points(7)]),
        ]),
        side("gizah", "The Pyramids of Gizah", "b", Stone, &[
            stage("2 wood", &[Points(3)]),
            stage("3 stone", &[Points(5)]),
            stage("3 clay", &[Points(5)]),
            stage("4 stone + papyrus", &[Points(7)]),
        ]),
        side("halikarnassos", "The Mausoleum of Halikarnassos", "a", Textile, &[
            stage("2 clay", &[Points(3)]),
            stage("3 ore", &[BuildFromDiscard]),
            stage("2 textile", &[Points(7)]),
        ]),
        side("halikarnassos", "The Mausoleum of Halikarnassos", "b", Textile, &[
            stage("2 ore", &[Points(2), BuildFromDiscard]),
            stage("3 clay", &[Points(1), BuildFromDiscard]),
            stage("glass + textile + papyrus", &[BuildFromDiscard]),
        ]),
        side("olympia", "The Statue of Zeus in Olympia", "a", Wood, &[
            stage("2 wood", &[Points(3)]),
            stage("2 stone", &[FreeBuildEachAge]),
            stage("2 ore", &[Points(7)]),
        ]),
        side("olympia", "The Statue of Zeus in Olympia", "b", Wood, &[
            stage("2 wood", &[RawDiscountBoth]),
            stage("2 stone", &[Points(5)]),
            stage("2 ore + textile", &[CopyGuild]),
        ]),
        side("rhodos", "The Colossus of Rhodos", "a", Ore, &[
            stage("2 wood", &[Points(3)]),
            stage("3 clay", &[Shields(2)]),
            stage("4 ore", &[Points(7)]),
        ]),
        side("rhodos", "The Colossus of Rhodos", "b", Ore, &[
            stage("3 stone", &[Points(3), Coins(3), Shields(1)]),
            stage("4 ore", &[Points(4), Coins(4), Shields(1)]),
        ]),
    ];

    /// Wonder boards, 2nd edition (sides Day and Night): starting resource, then the stages in building order.
    #[rustfmt::skip]
    pub(super) const V2_WONDERS: &[SideRow] = &[
        side("alexandria", "The Lighthouse of Alexandria", "day", Glass, &[
            stage("2 stone", &[Points(3)]),
            stage("2 ore", &[OneOf(&[Wood, Stone, Clay, Ore])]),
            stage("textile + papyrus", &[Points(7)]),
        ]),
        side("alexandria", "The Lighthouse of Alexandria", "night", Glass, &[
            stage("2 clay", &[OneOf(&[Wood, Stone, Clay, Ore])]),
            stage("3 ore", &[OneOf(&[Glass, Textile, Papyrus])]),
            stage("4 wood", &[Points(7)]),
        ]),
        side("babylon", "The Hanging Gardens of Babylon", "day", Wood, &[
            stage("2 clay", &[Points(3)]),
            stage("2 ore + textile", &[ScienceWild]),
            stage("4 wood", &[Points(7)]),
        ]),
        side("babylon", "The Hanging Gardens of Babylon", "night", Wood, &[
            stage("2 stone", &[PlayLastCard]),
            stage("3 clay + glass", &[ScienceWild]),
        ]),
        side("ephesos", "The Temple of Artemis in Ephesos", "day", Papyrus, &[
            stage("2 clay", &[Points(3)]),
            stage("2 wood", &[Coins(9)]),
            stage("2 ore + glass", &[Points(7)]),
        ]),
        side("ephesos", "The Temple of Artemis in Ephesos", "night", Papyrus, &[
            stage("2 stone", &[Points(2), Coins(4)]),
            stage("2 wood", &[Points(3), Coins(4)]),
            stage("2 ore + textile", &[Points(5), Coins(4)]),
        ]),
        side("gizah", "The Pyramids of Gizah", "day", Stone, &[
            stage("2 wood", &[Points(3)]),
            stage("2 clay + textile", &[Points(5)]),
            stage("4 stone", &[Points(7)]),
        ]),
        side("gizah", "The Pyramids of Gizah", "night", Stone, &[
            stage("2 wood", &[Points(3)]),
            stage("3 stone", &[Points(5)]),
            stage("3 clay", &[Points(5)]),
            stage("4 stone + papyrus", &[Points(7)]),
        ]),
        side("halikarnassos", "The Mausoleum of Halikarnassos", "day", Textile, &[
            stage("2 ore", &[Points(3)]),
            stage("glass + papyrus", &[BuildFromDiscard]),
            stage("3 stone", &[Points(7)]),
        ]),
        side("halikarnassos", "The Mausoleum of Halikarnassos", "night", Textile, &[
            stage("2 clay", &[Points(2), BuildFromDiscard]),
            stage("glass + papyrus", &[Points(1), BuildFromDiscard]),
            stage("3 wood", &[BuildFromDiscard]),
        ]),
        side("olympia", "The Statue of Zeus in Olympia", "day", Clay, &[
            stage("2 stone", &[Points(3)]),
            stage("2 wood", &[FirstOfColourFree]),
            stage("3 clay", &[Points(7)]),
        ]),
        side("olympia", "The Statue of Zeus in Olympia", "night", Clay, &[
            stage("2 ore", &[Points(2), FirstOfAgeFree]),
            stage("3 clay", &[Points(3), LastOfAgeFree]),
            stage("glass + textile + papyrus", &[Points(5)]),
        ]),
        side("rhodos", "The Colossus of Rhodos", "day", Ore, &[
            stage("2 wood", &[Points(3)]),
            stage("3 clay", &[Shields(2)]),
            stage("4 ore", &[Points(7)]),
        ]),
        side("rhodos", "The Colossus of Rhodos", "night", Ore, &[
            stage("3 stone", &[Points(3), Coins(3), Shields(1)]),
            stage("4 ore", &[Points(4), Coins(4), Shields(1)]),
        ]),
    ];
}

/// A building, identified within its edition by a small id (one id per name: the Age I and
/// Age II Loom are the same building).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CardId(pub u8);

/// A build cost: coins to the bank and resources per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cost {
    pub coins: u8,
    pub resources: [u8; RESOURCES],
}

impl Cost {
    /// Parses the table notation: `""`, `"1 coin"`, `"2 stone + ore + glass"`.
    pub fn parse(text: &str) -> Result<Cost, String> {
        let mut cost = Cost::default();
        for part in text.split('+').map(str::trim).filter(|p| !p.is_empty()) {
            let (count, what) = match part.split_once(' ') {
                Some((n, w)) => (
                    n.parse::<u8>()
                        .map_err(|_| format!("bad count in {part:?}"))?,
                    w,
                ),
                None => (1, part),
            };
            match what {
                "coin" | "coins" => cost.coins += count,
                _ => {
                    let r = Resource::from_id(what)
                        .ok_or_else(|| format!("unknown resource {what:?}"))?;
                    cost.resources[r as usize] += count;
                }
            }
        }
        Ok(cost)
    }

    /// True when the cost asks for neither coins nor resources.
    pub fn is_free(&self) -> bool {
        self.coins == 0 && self.resources.iter().all(|&q| q == 0)
    }

    /// The cost in table notation (`"2 stone + ore"`; `"free"` when nothing).
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.coins > 0 {
            parts.push(format!(
                "{} coin{}",
                self.coins,
                if self.coins > 1 { "s" } else { "" }
            ));
        }
        for r in Resource::ALL {
            match self.resources[r as usize] {
                0 => {}
                1 => parts.push(r.id().to_string()),
                q => parts.push(format!("{q} {}", r.id())),
            }
        }
        if parts.is_empty() {
            "free".to_string()
        } else {
            parts.join(" + ")
        }
    }
}

/// A building of one edition, resolved from its rows.
#[derive(Clone, Debug)]
pub struct Card {
    pub id: CardId,
    pub key: &'static str,
    pub name: &'static str,
    pub color: Color,
    /// Ages whose deck holds copies (bit `a` for Age `a`, 1..=3).
    pub ages: u8,
    pub cost: Cost,
    /// Buildings that make this one free.
    pub chain_from: WideCardSet,
    pub effect: Effect,
}

/// One physical card of the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardCopy {
    pub age: u8,
    pub card: CardId,
    /// Printed minimum player count; `None` for a guild.
    pub min_players: Option<u8>,
}

/// One wonder stage, resolved.
#[derive(Clone, Debug)]
pub struct Stage {
    pub cost: Cost,
    pub powers: Vec<Power>,
}

/// One side of a wonder board, resolved.
#[derive(Clone, Debug)]
pub struct WonderSide {
    pub wonder: Wonder,
    pub side: Side,
    pub name: &'static str,
    /// The starting resource (Leaders' Roma has none).
    pub resource: Option<Resource>,
    /// Leaders' Roma: what the side does besides its stages.
    pub passive: Option<BoardPassive>,
    pub stages: Vec<Stage>,
}

/// Everything an engine needs to know about one edition's components.
#[derive(Debug)]
pub struct Catalog {
    pub edition: Edition,
    /// The expansions whose content the catalog holds.
    pub expansions: ExpansionSet,
    /// Indexed by [`CardId`].
    pub cards: Vec<Card>,
    /// Every physical Age card of the box, Age I first, in table order.
    pub copies: Vec<CardCopy>,
    /// The guild ids, in table order.
    pub guilds: Vec<CardId>,
    /// The boards this catalog deals, in the order of [`BOARDS`].
    pub boards: Vec<Wonder>,
    /// The buildings that may score at the end of the game (see `Effect::scores_at_end`).
    pub end_scorers: WideCardSet,
    /// The end scorers whose points depend on what the cities hold (all but the printed points
    /// of blue cards, which a city tallies as it builds them).
    pub counted_scorers: WideCardSet,
    /// Indexed by `wonder.index() * 2 + side index` (`None` for boards of other catalogs).
    sides: Vec<Option<WonderSide>>,
    /// Non-guild decks by `[age - 1][players - 3]`.
    decks: [[Vec<CardId>; 5]; 3],
    /// Cities: the 14 black cards of each Age (`[age - 1]`), in table order; empty without.
    pub blacks: [Vec<CardId>; 3],
    /// The buildings that make some other building free (the bots' evaluation values them).
    pub chain_sources: WideCardSet,
    /// The expansions' tables of per-seat facts, with the buildings and leaders whose keys
    /// each lists (so a seat's facts are read without comparing names).
    pub features: Vec<FeatureKeys>,
}

/// An expansion's table of per-seat facts and what of a city it counts.
#[derive(Debug)]
pub struct FeatureKeys {
    pub table: &'static FeatureTable,
    /// The buildings whose keys the table lists.
    pub cards: WideCardSet,
    /// The leaders (bits by leader id) whose ids the table lists.
    pub leaders: u64,
}

/// An expansion as a unit: everything the base game derives from the set of expansions in
/// play (the score pad, the summaries' tables, the hand size, the catalog's rows). The units
/// are listed once, in `super::expansion::UNITS`; their rules live in their own modules.
pub struct Unit {
    /// The value of the `expansions` option and of records (`"cities"`).
    pub id: &'static str,
    /// Its name, as the web page writes it (`"Cities"`).
    pub name: &'static str,
    /// Its lines on the score pad, after the base game's and the units' before it.
    pub lines: &'static [ScoreLine],
    /// What the summaries split win rates by: the keys of this table a seat holds at the end
    /// (buildings built, leaders recruited), in the table's order.
    pub feature: Option<&'static FeatureTable>,
    /// Cards added to each hand at the start of an Age (Cities: 1).
    pub extra_hand: u8,
    /// Adds its buildings and board sides to a catalog.
    pub content: fn(Edition, &mut Content),
}

/// What an expansion adds to a catalog.
#[derive(Default)]
pub struct Content {
    /// Buildings, written as the base tables write them: copies per player count; guilds
    /// (purple) none, drawn with the base guilds; black cards (Cities) none: one copy each,
    /// as many of each Age dealt as there are players.
    pub rows: Vec<Row>,
    /// Board sides (each board a row of [`BOARDS`]).
    pub sides: Vec<BoardSide>,
}

/// One board side while the catalog is built: board id, side id, name, starting resource,
/// passive, and each stage's printed cost with its powers.
pub type BoardSide = (
    &'static str,
    &'static str,
    &'static str,
    Option<Resource>,
    Option<BoardPassive>,
    Vec<(&'static str, Vec<Power>)>,
);

impl Catalog {
    /// The catalog of an edition's content, every table checked: a cost that does not parse, an
    /// unknown chain, a board missing a side or naming no known board is an error naming it.
    /// `units` are the units of `expansions`, in table order (see `super::expansion::catalog`).
    pub fn build(
        edition: Edition,
        expansions: ExpansionSet,
        units: &[&Unit],
    ) -> Result<Catalog, String> {
        if edition == Edition::V1 && !expansions.is_empty() {
            return Err("the expansions are played with the 2nd edition (v2) only".into());
        }
        let (ages, boards): ([&[Row]; 3], &[SideRow]) = match edition {
            Edition::V1 => ([V1_AGE_I, V1_AGE_II, V1_AGE_III], boards::V1_WONDERS),
            Edition::V2 => ([V2_AGE_I, V2_AGE_II, V2_AGE_III], boards::V2_WONDERS),
        };
        let contents: Vec<Content> = units
            .iter()
            .map(|u| {
                let mut c = Content::default();
                (u.content)(edition, &mut c);
                c
            })
            .collect();
        // The base rows Age by Age, then each expansion's rows (so the base cards keep their
        // ids whatever the expansions).
        let all_rows = || {
            ages.into_iter()
                .flatten()
                .chain(contents.iter().flat_map(|c| &c.rows))
        };
        let mut cards: Vec<Card> = Vec::new();
        let mut copies = Vec::new();
        // Black cards: one copy each, no player-count marks; the deal draws as many of each
        // Age as there are players.
        let mut blacks: [Vec<CardId>; 3] = Default::default();
        for r in all_rows() {
            let cost = Cost::parse(r.cost).map_err(|e| format!("{}: {e}", r.key))?;
            let id = match cards.iter().position(|c| c.key == r.key) {
                Some(i) => {
                    let c = &mut cards[i];
                    // The same name in two Ages must be the same building.
                    if c.cost != cost || c.effect != r.effect || c.color != r.color {
                        return Err(format!("{}: two different buildings of one name", r.key));
                    }
                    c.ages |= 1 << r.age;
                    c.id
                }
                None => {
                    let id = CardId(cards.len() as u8);
                    cards.push(Card {
                        id,
                        key: r.key,
                        name: r.name,
                        color: r.color,
                        ages: 1 << r.age,
                        cost,
                        chain_from: WideCardSet::EMPTY,
                        effect: r.effect,
                    });
                    id
                }
            };
            if matches!(r.color, Color::Purple | Color::Black) {
                copies.push(CardCopy {
                    age: r.age,
                    card: id,
                    min_players: None,
                });
            }
            if r.color == Color::Black {
                blacks[r.age as usize - 1].push(id);
            }
            for &p in r.copies {
                copies.push(CardCopy {
                    age: r.age,
                    card: id,
                    min_players: Some(p),
                });
            }
        }
        if cards.len() > 256 {
            return Err(format!("{} buildings: card ids stop at 256", cards.len()));
        }
        for r in all_rows() {
            let id = cards.iter().position(|c| c.key == r.key).unwrap();
            for from in r.chain_from {
                let f = cards
                    .iter()
                    .position(|c| c.key == *from)
                    .ok_or_else(|| format!("{}: unknown chain {from}", r.key))?;
                cards[id].chain_from.insert(f as u8);
            }
        }
        let guilds: Vec<CardId> = cards
            .iter()
            .filter(|c| c.color == Color::Purple)
            .map(|c| c.id)
            .collect();
        if guilds.len() > MAX_GUILDS {
            return Err(format!(
                "{} guilds: a game holds {MAX_GUILDS} at most",
                guilds.len()
            ));
        }
        let mut board_list: Vec<Wonder> = Vec::new();
        let mut sides: Vec<Option<WonderSide>> = (0..BOARDS.len() * 2).map(|_| None).collect();
        // Every side as (board, side, name, resource, passive, stages as (cost, powers)): the
        // base boards' rows, then the expansions'.
        let mut rows: Vec<BoardSide> = boards
            .iter()
            .map(|b| {
                let stages = b.stages.iter().map(|st| (st.cost, st.powers.to_vec()));
                (
                    b.wonder,
                    b.side,
                    b.name,
                    Some(b.resource),
                    None,
                    stages.collect(),
                )
            })
            .collect();
        rows.extend(contents.into_iter().flat_map(|c| c.sides));
        for (wonder, side_id, name, resource, passive, stage_rows) in rows {
            let w = Wonder::from_id(wonder).ok_or_else(|| format!("unknown board {wonder}"))?;
            let side = Side::from_id(side_id)
                .filter(|s| Side::of(edition, s.index()) == *s)
                .ok_or_else(|| {
                    format!("{wonder}: side {side_id} is not a side of {}", edition.id())
                })?;
            let stages = stage_rows
                .into_iter()
                .map(|(cost, powers)| {
                    Ok(Stage {
                        cost: Cost::parse(cost).map_err(|e| format!("{wonder}: {e}"))?,
                        powers,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            let slot = &mut sides[w.index() * 2 + side.index()];
            if slot.is_some() {
                return Err(format!("{wonder} side {side_id} is given twice"));
            }
            *slot = Some(WonderSide {
                wonder: w,
                side,
                name,
                resource,
                passive,
                stages,
            });
            if !board_list.contains(&w) {
                board_list.push(w);
            }
        }
        // In the order of [`BOARDS`] (the random draws read this list), whatever the units'.
        board_list.sort_unstable();
        if let Some(w) = board_list
            .iter()
            .find(|w| sides[w.index() * 2].is_none() || sides[w.index() * 2 + 1].is_none())
        {
            return Err(format!("board {} lacks a side", w.id()));
        }
        let decks = std::array::from_fn(|a| {
            std::array::from_fn(|p| {
                copies
                    .iter()
                    .filter(|c| {
                        c.age as usize == a + 1
                            && c.min_players.is_some_and(|m| m as usize <= p + 3)
                    })
                    .map(|c| c.card)
                    .collect()
            })
        });
        let end_scorers = cards
            .iter()
            .filter(|c| c.effect.scores_at_end())
            .map(|c| c.id.0)
            .collect();
        let counted_scorers = cards
            .iter()
            .filter(|c| c.effect.scores_at_end() && !matches!(c.effect, Effect::Points(_)))
            .map(|c| c.id.0)
            .collect();
        let chain_sources = cards
            .iter()
            .fold(WideCardSet::EMPTY, |set, c| set.union(c.chain_from));
        let features = units
            .iter()
            .filter_map(|u| u.feature)
            .map(|table| FeatureKeys {
                table,
                cards: cards
                    .iter()
                    .filter(|c| table.keys.contains(&c.key))
                    .map(|c| c.id.0)
                    .collect(),
                leaders: (LEADERS.iter().enumerate())
                    .filter(|(_, l)| table.keys.contains(&l.id))
                    .fold(0, |m, (i, _)| m | 1 << i),
            })
            .collect();
        Ok(Catalog {
            edition,
            expansions,
            end_scorers,
            counted_scorers,
            cards,
            copies,
            guilds,
            boards: board_list,
            sides,
            decks,
            blacks,
            chain_sources,
            features,
        })
    }

    #[inline]
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.0 as usize]
    }

    /// The building with this id (`"lumber_yard"`), if this edition has it.
    pub fn find(&self, key: &str) -> Option<CardId> {
        self.cards.iter().find(|c| c.key == key).map(|c| c.id)
    }

    #[inline]
    pub fn side(&self, wonder: Wonder, side_index: usize) -> &WonderSide {
        self.sides[wonder.index() * 2 + side_index]
            .as_ref()
            .expect("a city's board belongs to its game's catalog")
    }

    /// The non-guild cards of an Age's deck for 3..=7 players (with repeats), in table order.
    pub fn deck(&self, age: u8, players: usize) -> &[CardId] {
        &self.decks[age as usize - 1][players - 3]
    }
}
