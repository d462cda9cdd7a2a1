//! The Leaders expansion's components (2nd edition), written like the rulebook's leader list:
//! the 55 leaders (standard deck 34, expert deck 15, the 6 Cities bonus leaders) and the two
//! boards it adds, Roma and Abu Simbel.
//!
//! Data decisions (the reference lists these as conflicts or single-source values):
//! - Plato costs 4 coins (one transcription lineage prints 3; the other sources give 4).
//! - Roma's and Abu Simbel's stage costs and points come from one source only; the effects
//!   (Roma's passives, the draw of 4 leaders, the extra recruitment, Abu Simbel's burial) are
//!   confirmed by the rulebook.

use super::vocab::Color::{self, *};
use super::vocab::{Resource, Symbol::*};

/// The three leader decks of the 2nd edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeaderDeck {
    /// The 34 leaders of a first game.
    Standard,
    /// 15 leaders added once the players know the standard ones.
    Expert,
    /// The 6 bonus leaders of the Cities box, played only when Cities is played too.
    Cities,
}

impl LeaderDeck {
    pub const ALL: [LeaderDeck; 3] = [LeaderDeck::Standard, LeaderDeck::Expert, LeaderDeck::Cities];

    /// `"standard"`, `"expert"` or `"cities"`, as in records (`setup.leader_decks`).
    pub fn id(self) -> &'static str {
        match self {
            LeaderDeck::Standard => "standard",
            LeaderDeck::Expert => "expert",
            LeaderDeck::Cities => "cities",
        }
    }

    pub fn from_id(id: &str) -> Option<LeaderDeck> {
        LeaderDeck::ALL.into_iter().find(|d| d.id() == id)
    }
}

/// What recruiting a leader costs, in coins only (leaders are never paid with resources).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeaderCost {
    /// The printed number of coins.
    Fixed(u8),
    /// The Age-variable symbol: 1 coin in Age I, 2 in Age II, 3 in Age III.
    ByAge,
}

impl LeaderCost {
    /// The printed cost in an Age (1..=3), before any reduction (Maecenas, Roma).
    pub fn in_age(self, age: u8) -> u8 {
        match self {
            LeaderCost::Fixed(n) => n,
            LeaderCost::ByAge => age,
        }
    }

    /// What a leader buried under Abu Simbel scores: twice its printed cost, 6 for the
    /// Age-variable symbol.
    pub fn buried_points(self) -> u8 {
        match self {
            LeaderCost::Fixed(n) => 2 * n,
            LeaderCost::ByAge => 6,
        }
    }
}

/// A card colour a leader counts: one of the base game's seven, or the black cards of Cities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardColor {
    Base(Color),
    Black,
}

impl CardColor {
    pub fn id(self) -> &'static str {
        match self {
            CardColor::Base(c) => c.id(),
            CardColor::Black => "black",
        }
    }
}

/// What a discount leader's builds are: one resource of the cost is not paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscountOn {
    /// Buildings of this colour.
    Color(Color),
    /// Wonder stages.
    Stages,
}

/// What the "more than each neighbour" leaders compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Most {
    /// Buildings of a colour.
    Cards(Color),
    /// Coins at the end of the game.
    Coins,
}

/// What a face-up leader does (the effect sheet of the rulebook, one variant per effect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeaderEffect {
    /// Maecenas: every later leader is recruited for free.
    FreeRecruitment,
    /// Imhotep, Hammurabi, Leonidas, Archimedes: one resource of the cost is not paid.
    Discount(DiscountOn),
    /// Ramses: every building of this colour is free.
    FreeBuilds(Color),
    /// Caligula: once per Age, one black card for free.
    FreeBlackOncePerAge,
    /// Croesus, Arsinoe: coins from the bank when recruited.
    Coins(u8),
    /// Xenophon, Diocletian: coins for each later building of this colour.
    CoinsPerBuild(CardColor, u8),
    /// Vitruvius: coins for each later chain build.
    CoinsPerChainBuild(u8),
    /// Nero: coins for each victory token taken (end of each Age).
    CoinsPerVictoryToken(u8),
    /// Bilkis: once per turn, one resource from the bank for this many coins.
    BuyFromBank(u8),
    /// Hannibal, Caesar: military strength.
    Shields(u8),
    /// Solomon: at the end of the turn it is recruited, build a discarded Age card for free.
    BuildFromDiscard,
    /// Euclid, Ptolemy, Pythagoras: a science symbol.
    Science(super::vocab::Symbol),
    /// Victory points.
    Points(u8),
    /// Points per building of a colour in the own city.
    PointsPerCard(CardColor, u8),
    /// Midas: points per so many coins.
    PointsPerCoins { coins: u8, points: u8 },
    /// Amytis: points per own wonder stage built.
    PointsPerStage(u8),
    /// Alexander: points per victory token.
    PointsPerVictoryToken(u8),
    /// Justinian, Plato: points per set of one building of each of these colours.
    PointsPerSet(&'static [Color], u8),
    /// Aristotle: points per set of the three science symbols (on top of the science line).
    PointsPerScienceSet(u8),
    /// Berenice: once per turn, one more coin when the bank pays the owner.
    ExtraBankCoin(u8),
    /// Hatshepsut: coins per neighbour paid in a turn.
    CoinPerNeighbourPaid(u8),
    /// Nitocris: a victory token of the current Age.
    VictoryTokenOfAge,
    /// Telesilla: the owner discards every defeat token.
    DiscardOwnDefeats,
    /// Telesilla: every other seat discards one of its victory tokens (its choice).
    OthersDiscardVictoryToken,
    /// Tomyris: a defeat token she would take goes to the neighbour who beat her.
    DefeatsToWinner,
    /// Aganice: at game end, one science symbol (city or leaders) may become another.
    ScienceSubstitute,
    /// Enheduanna: at game end, one more science symbol of the family held most.
    ScienceExtraOfMost,
    /// Phryne, Cornelia, Euryptyle, Theano, Makeda: points with strictly more than each
    /// neighbour.
    PointsIfMost(Most, u8),
    /// Cynisca: points with no defeat token.
    PointsIfNoDefeat(u8),
    /// Gorgo: for each pair of identical victory tokens, points equal to the token's value.
    PointsPerVictoryTokenPair,
    /// Agrippina: points if she is the owner's only face-up leader.
    PointsIfOnlyLeader(u8),
    /// Octavia: for each later wonder stage of the owner, coins for it and a loss of coins for
    /// every other seat.
    OnStage { coins: u8, others_lose: u8 },
    /// Arsinoe: every other seat loses as many coins as the current Age's number.
    OthersLoseAgeCoins,
    /// Aspasia: Diplomacy tokens.
    Diplomacy(u8),
}

/// One leader card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leader {
    /// Lowercase snake_case English name, as in records.
    pub id: &'static str,
    pub name: &'static str,
    pub deck: LeaderDeck,
    pub cost: LeaderCost,
    pub effects: &'static [LeaderEffect],
}

const fn leader(
    id: &'static str,
    name: &'static str,
    deck: LeaderDeck,
    cost: LeaderCost,
    effects: &'static [LeaderEffect],
) -> Leader {
    Leader {
        id,
        name,
        deck,
        cost,
        effects,
    }
}

/// Every leader of the 2nd edition, deck by deck in the rulebook's order.
#[rustfmt::skip]
pub const LEADERS: &[Leader] = {
    use CardColor::*;
    use LeaderCost::*;
    use LeaderDeck::*;
    use LeaderEffect::*;
    &[
        // Standard deck (34)
        leader("maecenas", "Maecenas", Standard, Fixed(1), &[FreeRecruitment]),
        leader("imhotep", "Imhotep", Standard, Fixed(3), &[Discount(DiscountOn::Stages)]),
        leader("hammurabi", "Hammurabi", Standard, Fixed(2), &[Discount(DiscountOn::Color(Blue))]),
        leader("leonidas", "Leonidas", Standard, Fixed(2), &[Discount(DiscountOn::Color(Red))]),
        leader("archimedes", "Archimedes", Standard, Fixed(4), &[Discount(DiscountOn::Color(Green))]),
        leader("ramses", "Ramses", Standard, Fixed(5), &[FreeBuilds(Purple)]),
        leader("croesus", "Croesus", Standard, Fixed(1), &[Coins(6)]),
        leader("xenophon", "Xenophon", Standard, Fixed(2), &[CoinsPerBuild(Base(Yellow), 2)]),
        leader("vitruvius", "Vitruvius", Standard, Fixed(1), &[CoinsPerChainBuild(2)]),
        leader("nero", "Nero", Standard, Fixed(1), &[CoinsPerVictoryToken(2)]),
        leader("bilkis", "Bilkis", Standard, Fixed(4), &[BuyFromBank(1)]),
        leader("hannibal", "Hannibal", Standard, Fixed(2), &[Shields(1)]),
        leader("caesar", "Caesar", Standard, Fixed(5), &[Shields(2)]),
        leader("solomon", "Solomon", Standard, Fixed(3), &[BuildFromDiscard]),
        leader("euclid", "Euclid", Standard, Fixed(5), &[Science(Compass)]),
        leader("ptolemy", "Ptolemy", Standard, Fixed(5), &[Science(Tablet)]),
        leader("pythagoras", "Pythagoras", Standard, Fixed(5), &[Science(Gear)]),
        leader("sappho", "Sappho", Standard, Fixed(1), &[Points(2)]),
        leader("zenobia", "Zenobia", Standard, Fixed(2), &[Points(3)]),
        leader("nefertiti", "Nefertiti", Standard, Fixed(3), &[Points(4)]),
        leader("cleopatra", "Cleopatra", Standard, Fixed(4), &[Points(5)]),
        leader("phidias", "Phidias", Standard, Fixed(3), &[PointsPerCard(Base(Brown), 1)]),
        leader("praxiteles", "Praxiteles", Standard, Fixed(3), &[PointsPerCard(Base(Grey), 2)]),
        leader("nebuchadnezzar", "Nebuchadnezzar", Standard, Fixed(4), &[PointsPerCard(Base(Blue), 1)]),
        leader("varro", "Varro", Standard, Fixed(3), &[PointsPerCard(Base(Yellow), 1)]),
        leader("pericles", "Pericles", Standard, Fixed(6), &[PointsPerCard(Base(Red), 2)]),
        leader("hypatia", "Hypatia", Standard, Fixed(4), &[PointsPerCard(Base(Green), 1)]),
        leader("hiram", "Hiram", Standard, Fixed(3), &[PointsPerCard(Base(Purple), 2)]),
        leader("midas", "Midas", Standard, Fixed(3), &[PointsPerCoins { coins: 3, points: 1 }]),
        leader("amytis", "Amytis", Standard, Fixed(4), &[PointsPerStage(2)]),
        leader("alexander", "Alexander", Standard, Fixed(3), &[PointsPerVictoryToken(1)]),
        leader("justinian", "Justinian", Standard, Fixed(3), &[PointsPerSet(&[Blue, Red, Green], 3)]),
        leader("plato", "Plato", Standard, Fixed(4), &[PointsPerSet(&[Brown, Grey, Blue, Yellow, Red, Green, Purple], 7)]),
        leader("aristotle", "Aristotle", Standard, Fixed(3), &[PointsPerScienceSet(3)]),
        // Expert deck (15)
        leader("berenice", "Berenice", Expert, Fixed(2), &[ExtraBankCoin(1)]),
        leader("hatshepsut", "Hatshepsut", Expert, Fixed(2), &[CoinPerNeighbourPaid(1)]),
        leader("nitocris", "Nitocris", Expert, ByAge, &[VictoryTokenOfAge]),
        leader("telesilla", "Telesilla", Expert, Fixed(3), &[DiscardOwnDefeats, OthersDiscardVictoryToken]),
        leader("tomyris", "Tomyris", Expert, Fixed(4), &[DefeatsToWinner]),
        leader("aganice", "Aganice", Expert, ByAge, &[ScienceSubstitute]),
        leader("enheduanna", "Enheduanna", Expert, Fixed(4), &[ScienceExtraOfMost]),
        leader("phryne", "Phryne", Expert, ByAge, &[PointsIfMost(Most::Cards(Blue), 5)]),
        leader("cornelia", "Cornelia", Expert, ByAge, &[PointsIfMost(Most::Cards(Yellow), 5)]),
        leader("euryptyle", "Euryptyle", Expert, ByAge, &[PointsIfMost(Most::Cards(Red), 5)]),
        leader("theano", "Theano", Expert, ByAge, &[PointsIfMost(Most::Cards(Green), 5)]),
        leader("makeda", "Makeda", Expert, ByAge, &[PointsIfMost(Most::Coins, 5)]),
        leader("cynisca", "Cynisca", Expert, ByAge, &[PointsIfNoDefeat(6)]),
        leader("gorgo", "Gorgo", Expert, Fixed(5), &[PointsPerVictoryTokenPair]),
        leader("agrippina", "Agrippina", Expert, Fixed(1), &[PointsIfOnlyLeader(7)]),
        // Cities bonus leaders (6): only with Cities
        leader("caligula", "Caligula", Cities, Fixed(3), &[FreeBlackOncePerAge]),
        leader("diocletian", "Diocletian", Cities, Fixed(2), &[CoinsPerBuild(Black, 2)]),
        leader("octavia", "Octavia", Cities, Fixed(1), &[OnStage { coins: 2, others_lose: 1 }]),
        leader("arsinoe", "Arsinoe", Cities, ByAge, &[Coins(4), OthersLoseAgeCoins]),
        leader("aspasia", "Aspasia", Cities, Fixed(3), &[Points(2), Diplomacy(1)]),
        leader("darius", "Darius", Cities, Fixed(4), &[PointsPerCard(Black, 1)]),
    ]
};

/// The leader with this id, if there is one.
pub fn leader_by_id(id: &str) -> Option<&'static Leader> {
    LEADERS.iter().find(|l| l.id == id)
}

/// What Roma's and Abu Simbel's sides do besides their stages, for as long as the board is in
/// play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardPassive {
    /// Roma day: every leader is recruited for free.
    FreeRecruitment,
    /// Roma night: the owner's leaders cost `own` less, each neighbour's `neighbours` less.
    LeaderCostReduction { own: u8, neighbours: u8 },
}

/// What a stage of the Leaders boards gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeaderStagePower {
    Points(u8),
    /// Coins from the bank once, when the stage is built.
    Coins(u8),
    /// Roma night: this many leaders from the box into the leader hand.
    DrawLeaders(u8),
    /// Roma night: at once recruit one more leader of the leader hand, paying its cost.
    RecruitExtra,
    /// Abu Simbel: bury a face-up leader under the board: its effects stop, and it scores
    /// twice its cost (6 for the Age-variable cost) on the wonders line.
    BuryLeader,
}

/// One stage as printed: its cost in the tables' notation, and what it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaderStageRow {
    pub cost: &'static str,
    pub powers: &'static [LeaderStagePower],
}

/// One side of a Leaders board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaderSideRow {
    pub side: &'static str,
    pub passive: Option<BoardPassive>,
    pub stages: &'static [LeaderStageRow],
}

/// A board the Leaders expansion adds (both sides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaderBoard {
    pub id: &'static str,
    pub name: &'static str,
    /// The starting resource; Roma has none.
    pub resource: Option<Resource>,
    /// Day, then night.
    pub sides: [LeaderSideRow; 2],
}

const fn stage(cost: &'static str, powers: &'static [LeaderStagePower]) -> LeaderStageRow {
    LeaderStageRow { cost, powers }
}

/// Roma and Abu Simbel, day side then night side, stages in building order.
#[rustfmt::skip]
pub const LEADER_BOARDS: [LeaderBoard; 2] = {
    use LeaderStagePower::*;
    [
        LeaderBoard { id: "roma", name: "Roma", resource: None, sides: [
            LeaderSideRow { side: "day", passive: Some(BoardPassive::FreeRecruitment), stages: &[
                stage("wood + clay + ore", &[Points(4)]),
                stage("2 stone + clay + textile", &[Points(6)]),
            ] },
            LeaderSideRow {
                side: "night",
                passive: Some(BoardPassive::LeaderCostReduction { own: 2, neighbours: 1 }),
                stages: &[
                    stage("wood + clay", &[Coins(5), DrawLeaders(4)]),
                    stage("stone + clay + glass", &[Points(3), RecruitExtra]),
                    stage("2 stone + papyrus", &[Points(3), RecruitExtra]),
                ],
            },
        ] },
        LeaderBoard { id: "abu_simbel", name: "Abu Simbel", resource: Some(Resource::Papyrus), sides: [
            LeaderSideRow { side: "day", passive: None, stages: &[
                stage("stone + clay", &[Points(3)]),
                stage("wood + ore", &[Points(5)]),
                stage("2 stone + glass + textile", &[BuryLeader]),
            ] },
            LeaderSideRow { side: "night", passive: None, stages: &[
                stage("2 clay + textile", &[BuryLeader]),
                stage("2 wood + glass", &[BuryLeader]),
            ] },
        ] },
    ]
};
