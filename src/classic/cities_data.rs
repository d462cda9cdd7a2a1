//! Cities, 2nd edition: the 42 black cards and the boards Byzantium and Petra, written like the
//! card list of the rule book (the project's own transcription of the published cards; ids are
//! lowercase snake_case English names, as in records).
//!
//! Black cards carry no player-count marks and no chains: each Age, as many black cards of that
//! Age as there are players are drawn at random into the Age deck (one copy of each card,
//! 14 per Age). Costs are written as on the card (`"1 coin + wood"`, `""` for free).
//!
//! Data conflicts and single-source values (the values below follow the reference's recorded
//! choice): Embassy gives **3** points (one transcription says 2); Cells' 2 points per Age I
//! victory token rest on one source; the exact costs of Secret Warehouse, Raider Fort,
//! Guardhouse, Raider Garrison, Prison and Memorial rest on one source (a second agrees on
//! which resources and whether coins are due). Byzantium and Petra are the 2nd-edition boards
//! (Petra's coin stages 5 and 10; the 1st edition's were 7 and 14).

use super::vocab::Direction::{self, Left, Right};
use super::vocab::Resource::{self, Clay, Stone};

/// What a black card, or a stage of a Cities board, does. Every coin amount is from the bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CityEffect {
    /// Victory points at game end (`cities` line for black cards, `wonders` for stages).
    Points(u8),
    /// Coins once, when built.
    Coins(u8),
    /// Military strength.
    Shields(u8),
    /// Each neighbour gains these coins once, when built.
    NeighboursGainCoins(u8),
    /// Every other seat gains these coins once, when built.
    OthersGainCoins(u8),
    /// Every other seat loses these coins (paid in coins or taken as debt tokens).
    OthersLoseCoins(u8),
    /// Every other seat loses this many coins per military victory token it holds.
    OthersLoseCoinsPerVictoryToken(u8),
    /// Every other seat loses this many coins per wonder stage it has built.
    OthersLoseCoinsPerStage(u8),
    /// One Diplomacy token: the owner sits out the next military conflicts.
    Diplomacy,
    /// Raider cards: a military victory token of this value, at once.
    VictoryToken(u8),
    /// Each neighbour takes this many −1 debt tokens at once (no choice).
    NeighboursTakeDebt(u8),
    /// Game end: `points` per military victory token of value `value` the owner holds.
    PointsPerVictoryToken { value: u8, points: u8 },
    /// Game end: a copy of one science symbol of a neighbour's green cards.
    CopyNeighbourScience,
    /// Clandestine Wharves: the purchases from this neighbour cost this many coins less per
    /// turn (West = left, East = right, as the trading posts).
    WharfRebate(Direction, u8),
    /// Smuggler's Cache: a neighbour's starting (board) resource costs this many coins less.
    StartingResourceRebate(u8),
    /// Secret Warehouse: one more unit each turn of a type the city makes with brown or grey
    /// cards or its board; not for sale.
    SecretWarehouse,
    /// Black Market: one unit each turn of a type the city does not make with brown or grey
    /// cards or its board; not for sale.
    BlackMarket,
    /// Architect Firm: wonder stages need no resources (their coin cost is still paid).
    FreeWonderResources,
    /// Forging Agency: at the end of the turn it is built, build a discarded card for free.
    BuildFromDiscard,
    /// Memorial: these coins per defeat token the owner holds, when built.
    CoinsPerDefeatToken(u8),
    /// Memorial: then the owner discards all its defeat tokens.
    DiscardDefeatTokens,
    /// Secret Network: `coins` per black card of the owner when built, `points` per black card
    /// at game end.
    PerBlackCard { coins: u8, points: u8 },
    /// Slave Market: `coins` per military victory token when built, `points` per victory
    /// token at game end.
    PerVictoryToken { coins: u8, points: u8 },
}

/// One black card as printed.
pub struct BlackRow {
    pub age: u8,
    pub key: &'static str,
    pub name: &'static str,
    pub cost: &'static str,
    pub effects: &'static [CityEffect],
}

const fn black(
    age: u8,
    key: &'static str,
    name: &'static str,
    cost: &'static str,
    effects: &'static [CityEffect],
) -> BlackRow {
    BlackRow {
        age,
        key,
        name,
        cost,
        effects,
    }
}

/// One side of a Cities board as printed: starting resource, then the stages in building order.
pub struct CityBoardRow {
    pub wonder: &'static str,
    pub name: &'static str,
    pub side: &'static str,
    pub resource: Resource,
    pub stages: &'static [CityStageRow],
}

/// One stage of a Cities board as printed.
pub struct CityStageRow {
    pub cost: &'static str,
    pub effects: &'static [CityEffect],
}

const fn side(
    wonder: &'static str,
    name: &'static str,
    side: &'static str,
    resource: Resource,
    stages: &'static [CityStageRow],
) -> CityBoardRow {
    CityBoardRow {
        wonder,
        name,
        side,
        resource,
        stages,
    }
}

const fn stage(cost: &'static str, effects: &'static [CityEffect]) -> CityStageRow {
    CityStageRow { cost, effects }
}

use CityEffect::*;

/// The 42 black cards, 14 per Age, Age I first, alphabetical within an Age.
#[rustfmt::skip]
pub const BLACK_CARDS: &[BlackRow] = &[
    black(1, "cells", "Cells", "", &[PointsPerVictoryToken { value: 1, points: 2 }]),
    black(1, "city_gates", "City Gates", "1 coin + wood", &[Points(4)]),
    black(1, "customs", "Customs", "", &[Points(4), OthersGainCoins(1)]),
    black(1, "dive", "Dive", "", &[Coins(6), NeighboursGainCoins(1)]),
    black(1, "east_clandestine_wharf", "East Clandestine Wharf", "1 coin", &[WharfRebate(Right, 1)]),
    black(1, "hideout", "Hideout", "", &[Points(2), OthersLoseCoins(1)]),
    black(1, "militia", "Militia", "3 coins", &[Shields(2)]),
    black(1, "opium_stash", "Opium Stash", "", &[Coins(3), OthersLoseCoins(1)]),
    black(1, "pigeonhole", "Pigeonhole", "1 coin + ore", &[CopyNeighbourScience]),
    black(1, "raider_camp", "Raider Camp", "", &[VictoryToken(1), NeighboursTakeDebt(1)]),
    black(1, "residence", "Residence", "clay", &[Points(1), Diplomacy]),
    black(1, "secret_warehouse", "Secret Warehouse", "2 coins", &[SecretWarehouse]),
    black(1, "smugglers_cache", "Smuggler's Cache", "", &[StartingResourceRebate(1)]),
    black(1, "west_clandestine_wharf", "West Clandestine Wharf", "1 coin", &[WharfRebate(Left, 1)]),
    black(2, "architect_firm", "Architect Firm", "1 coin + papyrus", &[Points(2), FreeWonderResources]),
    black(2, "band_of_spies", "Band of Spies", "2 coins + stone + clay", &[CopyNeighbourScience]),
    black(2, "black_market", "Black Market", "ore + textile", &[BlackMarket]),
    black(2, "consulate", "Consulate", "clay + papyrus", &[Points(2), Diplomacy]),
    black(2, "forging_agency", "Forging Agency", "2 coins", &[BuildFromDiscard]),
    black(2, "gambling_den", "Gambling Den", "1 coin", &[Coins(9), NeighboursGainCoins(2)]),
    black(2, "guardhouse", "Guardhouse", "2 coins + wood + ore", &[PointsPerVictoryToken { value: 3, points: 3 }]),
    black(2, "lair", "Lair", "wood + glass", &[Points(3), OthersLoseCoins(2)]),
    black(2, "mercenaries", "Mercenaries", "4 coins + papyrus", &[Shields(3)]),
    black(2, "opium_den", "Opium Den", "papyrus", &[Coins(4), OthersLoseCoins(3)]),
    black(2, "raider_fort", "Raider Fort", "1 coin + clay + ore", &[VictoryToken(3), NeighboursTakeDebt(1)]),
    black(2, "sepulcher", "Sepulcher", "stone + glass + textile", &[Points(4), OthersLoseCoinsPerVictoryToken(1)]),
    black(2, "tabularium", "Tabularium", "2 coins + wood + ore + textile", &[Points(6)]),
    black(2, "trade_center", "Trade Center", "stone + clay + papyrus", &[Points(6), OthersGainCoins(2)]),
    black(3, "brotherhood", "Brotherhood", "2 wood + ore + textile", &[Points(4), OthersLoseCoins(3)]),
    black(3, "capitol", "Capitol", "2 coins + 2 stone + 2 clay + glass + papyrus", &[Points(8)]),
    black(3, "cenotaph", "Cenotaph", "stone + 2 clay + glass + textile", &[Points(5), OthersLoseCoinsPerVictoryToken(1)]),
    black(3, "chamber_of_builders", "Chamber of Builders", "wood + clay + glass + papyrus", &[Points(4), OthersLoseCoinsPerStage(1)]),
    black(3, "contingent", "Contingent", "5 coins + textile", &[Shields(5)]),
    black(3, "embassy", "Embassy", "stone + textile + papyrus", &[Points(3), Diplomacy]),
    black(3, "memorial", "Memorial", "wood + stone + textile", &[CoinsPerDefeatToken(2), DiscardDefeatTokens]),
    black(3, "mint", "Mint", "2 wood + clay + glass + textile", &[Points(8), OthersGainCoins(3)]),
    black(3, "opium_distillery", "Opium Distillery", "wood + glass", &[Coins(5), OthersLoseCoins(5)]),
    black(3, "prison", "Prison", "2 coins + clay + 2 ore + papyrus", &[PointsPerVictoryToken { value: 5, points: 4 }]),
    black(3, "raider_garrison", "Raider Garrison", "2 coins + 2 stone + textile", &[VictoryToken(5), NeighboursTakeDebt(1)]),
    black(3, "secret_network", "Secret Network", "stone + papyrus", &[PerBlackCard { coins: 1, points: 1 }]),
    black(3, "slave_market", "Slave Market", "2 wood + 2 ore", &[PerVictoryToken { coins: 1, points: 1 }]),
    black(3, "torture_chamber", "Torture Chamber", "3 coins + 2 ore + glass", &[CopyNeighbourScience]),
];

/// Byzantium and Petra, 2nd edition (sides Day and Night).
#[rustfmt::skip]
pub const CITY_BOARDS: &[CityBoardRow] = &[
    side("byzantium", "Byzantium", "day", Stone, &[
        stage("clay + ore", &[Points(3)]),
        stage("2 wood + papyrus", &[Diplomacy, Points(4)]),
        stage("2 clay + glass + textile", &[Points(7)]),
    ]),
    side("byzantium", "Byzantium", "night", Stone, &[
        stage("wood + ore + papyrus", &[Diplomacy, Points(4)]),
        stage("2 ore + glass + textile", &[Diplomacy, Points(6)]),
    ]),
    side("petra", "Petra", "day", Clay, &[
        stage("wood + stone", &[Points(3)]),
        stage("5 coins", &[Points(7)]),
        stage("wood + 2 stone + papyrus", &[Points(7)]),
    ]),
    side("petra", "Petra", "night", Clay, &[
        stage("2 clay + 2 ore", &[Points(3), OthersLoseCoins(2)]),
        stage("10 coins", &[Points(14)]),
    ]),
];

/// Black cards of each Age added to the Age deck: one per player.
pub const fn black_cards_per_age(players: usize) -> usize {
    players
}

/// Cards per hand with Cities (7 turns per Age; the 8th card is discarded, Babylon plays it).
pub const CITIES_HAND_SIZE: usize = 8;

/// Diplomacy tokens in the box.
pub const DIPLOMACY_TOKENS: u8 = 4;
