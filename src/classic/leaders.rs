//! The Leaders expansion's rules that read only a seat's finished facts: what recruiting a
//! leader costs, what each leader adds to military strength and science, and what it scores on
//! the `leaders` line. One exhaustive match per moment: a leader effect added to the tables does
//! not compile until each moment says what it does.
//!
//! The effects that act during play (discounts in the payment search, coins on builds, the bank
//! resource, tokens, the draft and the recruitment turn) hook into the game's turn; the rules
//! here are what those hooks and the scorer read.

use super::data::{Content, Edition, Power, Unit};
use super::leader_draft::LeaderSet;
use super::leaders_data::{
    CardColor, Leader, LeaderCost, LeaderEffect, LeaderStagePower, Most, LEADERS, LEADER_BOARDS,
};
use super::vocab::ScoreLine;
use wonders_common::FeatureTable;

/// Leaders' score-pad line: the face-up leaders (and Aristotle's science points).
pub const LEADERS_LINE: ScoreLine = ScoreLine::new("leaders", 7);

/// The 55 leaders' ids, in table order.
const LEADER_KEYS: [&str; LEADERS.len()] = {
    let mut keys = [""; LEADERS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = LEADERS[i].id;
        i += 1;
    }
    keys
};

/// The leaders each seat recruited (face up at the end, or buried under Abu Simbel), CSV
/// column `leaders`.
static LEADERS_RECRUITED: FeatureTable = FeatureTable {
    column: "leaders",
    id: "win_rate_by_leader",
    title: "Win rate by leader recruited",
    key: "leader",
    keys: &LEADER_KEYS,
    games_with: true,
};

/// Leaders as a unit: the leaders (dealt, drafted and recruited by the game's turn), Roma and
/// Abu Simbel, the `leaders` line.
pub const UNIT: Unit = Unit {
    id: "leaders",
    name: "Leaders",
    lines: &[LEADERS_LINE],
    feature: Some(&LEADERS_RECRUITED),
    extra_hand: 0,
    content,
};

/// The boards: a stage's points go on the wonders line and its coins come from the bank like
/// any stage's; its other effects are Leaders powers.
fn content(_: Edition, c: &mut Content) {
    for b in &LEADER_BOARDS {
        for side in &b.sides {
            let stages = side.stages.iter().map(|st| {
                let powers = st
                    .powers
                    .iter()
                    .map(|&p| match p {
                        LeaderStagePower::Points(n) => Power::Points(n),
                        LeaderStagePower::Coins(n) => Power::Coins(n),
                        p => Power::Leaders(p),
                    })
                    .collect();
                (st.cost, powers)
            });
            c.sides.push((
                b.id,
                side.side,
                b.name,
                b.resource,
                side.passive,
                stages.collect(),
            ));
        }
    }
}

/// What recruiting `cost` costs in `age` (1..=3), per the record format: the printed coins (1/2/3
/// for the Age-variable symbol), nothing when `free` (Roma day, a face-up Maecenas), less
/// `reduction` (2 for Roma night's owner, 1 for each of its neighbours), never below 0.
pub fn recruit_cost(cost: LeaderCost, age: u8, free: bool, reduction: u8) -> u8 {
    if free {
        0
    } else {
        cost.in_age(age).saturating_sub(reduction)
    }
}

/// The Leaders expansion's part of one seat's city: the leaders it holds in hand, face up and
/// buried, and what the face-up ones do during play. A game without Leaders keeps it empty,
/// which every rule reads as the base game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeaderSeat {
    /// The face-down leader hand (hidden from the other seats).
    pub(crate) hand: LeaderSet,
    /// The face-up (recruited) leaders.
    pub(crate) face_up: LeaderSet,
    /// The leaders under Abu Simbel (their effects stopped).
    pub(crate) buried: LeaderSet,
    /// What the face-up leaders do during play, summed (recomputed when one comes or goes).
    pub(crate) powers: LeaderPowers,
}

impl LeaderSeat {
    /// The face-down leader hand.
    pub fn hand(&self) -> LeaderSet {
        self.hand
    }

    /// The face-up (recruited) leaders.
    pub fn face_up(&self) -> LeaderSet {
        self.face_up
    }

    /// The leaders buried under Abu Simbel.
    pub fn buried(&self) -> LeaderSet {
        self.buried
    }

    /// What the face-up leaders do during play, summed.
    pub fn powers(&self) -> LeaderPowers {
        self.powers
    }
}

/// What a city's face-up leaders do while face up, summed over them: kept in the city and
/// recomputed when a leader is recruited or buried, so that payments and turns read flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeaderPowers {
    /// Maecenas: recruitments cost nothing.
    pub free_recruitment: bool,
    /// Imhotep, Hammurabi, Leonidas, Archimedes: a wild own resource for builds of these
    /// colours (bits by `Color as usize`) and, with [`LeaderPowers::STAGES`], wonder stages.
    pub discounts: u16,
    /// Ramses: buildings of these colours are free (bits by `Color as usize`).
    pub free_colors: u8,
    /// Caligula: one black card per Age for free.
    pub free_black_each_age: bool,
    /// Xenophon, Diocletian: coins per later building, by colour (`Color as usize`).
    pub coins_per_build: [u8; 8],
    /// Vitruvius: coins per later chain build.
    pub coins_per_chain: u8,
    /// Nero: coins per victory token taken.
    pub coins_per_victory: u8,
    /// Bilkis: the price of one resource from the bank per turn (0: no such power).
    pub bank_unit: u8,
    /// Berenice: coins once per turn (or conflict resolution) the bank pays the owner.
    pub extra_bank_coin: u8,
    /// Hatshepsut: coins per neighbour paid in a turn.
    pub coins_per_neighbour_paid: u8,
    /// Tomyris: a defeat token goes to the neighbour who beat her.
    pub defeats_to_winner: bool,
    /// Octavia: for each later stage, coins for the owner and a loss for every other seat.
    pub stage_coins: u8,
    pub stage_losses: u8,
}

impl LeaderPowers {
    /// The discount bit of wonder stages.
    pub const STAGES: u16 = 1 << 8;
}

/// What the end-of-game leader scoring reads of one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatFacts {
    /// Buildings per base colour (indexed by `Color as usize`).
    pub colors: [u8; 7],
    /// Black buildings (Cities).
    pub black: u8,
    pub coins: u32,
    /// Wonder stages built.
    pub stages: u8,
    /// Victory tokens held, by value 1, 3 and 5 (Nitocris's token included, discarded ones
    /// not).
    pub victories: [u8; 3],
    /// Defeat tokens held.
    pub defeats: u8,
    /// Face-up leaders (buried ones excluded).
    pub leaders: u8,
}

impl SeatFacts {
    fn cards(&self, color: CardColor) -> u32 {
        match color {
            CardColor::Base(c) => self.colors[c as usize] as u32,
            CardColor::Black => self.black as u32,
        }
    }

    fn most(&self, what: Most) -> u32 {
        match what {
            Most::Cards(c) => self.colors[c as usize] as u32,
            Most::Coins => self.coins,
        }
    }
}

impl LeaderEffect {
    /// Military strength while the leader is face up.
    pub fn shields(self) -> u8 {
        match self {
            LeaderEffect::Shields(n) => n,
            LeaderEffect::FreeRecruitment
            | LeaderEffect::Discount(_)
            | LeaderEffect::FreeBuilds(_)
            | LeaderEffect::FreeBlackOncePerAge
            | LeaderEffect::Coins(_)
            | LeaderEffect::CoinsPerBuild(..)
            | LeaderEffect::CoinsPerChainBuild(_)
            | LeaderEffect::CoinsPerVictoryToken(_)
            | LeaderEffect::BuyFromBank(_)
            | LeaderEffect::BuildFromDiscard
            | LeaderEffect::Science(_)
            | LeaderEffect::Points(_)
            | LeaderEffect::PointsPerCard(..)
            | LeaderEffect::PointsPerCoins { .. }
            | LeaderEffect::PointsPerStage(_)
            | LeaderEffect::PointsPerVictoryToken(_)
            | LeaderEffect::PointsPerSet(..)
            | LeaderEffect::PointsPerScienceSet(_)
            | LeaderEffect::ExtraBankCoin(_)
            | LeaderEffect::CoinPerNeighbourPaid(_)
            | LeaderEffect::VictoryTokenOfAge
            | LeaderEffect::DiscardOwnDefeats
            | LeaderEffect::OthersDiscardVictoryToken
            | LeaderEffect::DefeatsToWinner
            | LeaderEffect::ScienceSubstitute
            | LeaderEffect::ScienceExtraOfMost
            | LeaderEffect::PointsIfMost(..)
            | LeaderEffect::PointsIfNoDefeat(_)
            | LeaderEffect::PointsPerVictoryTokenPair
            | LeaderEffect::PointsIfOnlyLeader(_)
            | LeaderEffect::OnStage { .. }
            | LeaderEffect::OthersLoseAgeCoins
            | LeaderEffect::Diplomacy(_) => 0,
        }
    }

    /// What the leader adds to the end-of-game science choice.
    pub fn science(self) -> Science {
        match self {
            LeaderEffect::Science(s) => {
                let mut symbols = [0; 3];
                symbols[s as usize] = 1;
                Science {
                    symbols,
                    ..Science::NONE
                }
            }
            LeaderEffect::ScienceSubstitute => Science {
                substitute: true,
                ..Science::NONE
            },
            LeaderEffect::ScienceExtraOfMost => Science {
                extra_of_most: true,
                ..Science::NONE
            },
            LeaderEffect::PointsPerScienceSet(n) => Science {
                points_per_set: n,
                ..Science::NONE
            },
            LeaderEffect::FreeRecruitment
            | LeaderEffect::Discount(_)
            | LeaderEffect::FreeBuilds(_)
            | LeaderEffect::FreeBlackOncePerAge
            | LeaderEffect::Coins(_)
            | LeaderEffect::CoinsPerBuild(..)
            | LeaderEffect::CoinsPerChainBuild(_)
            | LeaderEffect::CoinsPerVictoryToken(_)
            | LeaderEffect::BuyFromBank(_)
            | LeaderEffect::Shields(_)
            | LeaderEffect::BuildFromDiscard
            | LeaderEffect::Points(_)
            | LeaderEffect::PointsPerCard(..)
            | LeaderEffect::PointsPerCoins { .. }
            | LeaderEffect::PointsPerStage(_)
            | LeaderEffect::PointsPerVictoryToken(_)
            | LeaderEffect::PointsPerSet(..)
            | LeaderEffect::ExtraBankCoin(_)
            | LeaderEffect::CoinPerNeighbourPaid(_)
            | LeaderEffect::VictoryTokenOfAge
            | LeaderEffect::DiscardOwnDefeats
            | LeaderEffect::OthersDiscardVictoryToken
            | LeaderEffect::DefeatsToWinner
            | LeaderEffect::PointsIfMost(..)
            | LeaderEffect::PointsIfNoDefeat(_)
            | LeaderEffect::PointsPerVictoryTokenPair
            | LeaderEffect::PointsIfOnlyLeader(_)
            | LeaderEffect::OnStage { .. }
            | LeaderEffect::OthersLoseAgeCoins
            | LeaderEffect::Diplomacy(_) => Science::NONE,
        }
    }

    /// The points a face-up leader with this effect scores on the `leaders` line at the end of
    /// the game, for a seat with facts `own` between neighbours `left` and `right`. Aristotle's
    /// points depend on the science choice and come from [`science_with_leaders`].
    pub fn end_points(self, own: &SeatFacts, left: &SeatFacts, right: &SeatFacts) -> i32 {
        match self {
            LeaderEffect::Points(n) => n as i32,
            LeaderEffect::PointsPerCard(color, n) => n as i32 * own.cards(color) as i32,
            LeaderEffect::PointsPerCoins { coins, points } => {
                points as i32 * (own.coins / coins as u32) as i32
            }
            LeaderEffect::PointsPerStage(n) => n as i32 * own.stages as i32,
            LeaderEffect::PointsPerVictoryToken(n) => {
                n as i32 * own.victories.iter().map(|&v| v as i32).sum::<i32>()
            }
            LeaderEffect::PointsPerSet(colors, n) => {
                let sets = colors
                    .iter()
                    .map(|&c| own.colors[c as usize])
                    .min()
                    .unwrap_or(0);
                n as i32 * sets as i32
            }
            // Strictly more than each neighbour separately.
            LeaderEffect::PointsIfMost(what, n) => {
                let mine = own.most(what);
                if mine > left.most(what) && mine > right.most(what) {
                    n as i32
                } else {
                    0
                }
            }
            LeaderEffect::PointsIfNoDefeat(n) => {
                if own.defeats == 0 {
                    n as i32
                } else {
                    0
                }
            }
            // Each pair of identical victory tokens scores the value of one of them.
            LeaderEffect::PointsPerVictoryTokenPair => own
                .victories
                .iter()
                .zip([1, 3, 5])
                .map(|(&held, value)| (held / 2) as i32 * value)
                .sum(),
            LeaderEffect::PointsIfOnlyLeader(n) => {
                if own.leaders == 1 {
                    n as i32
                } else {
                    0
                }
            }
            LeaderEffect::FreeRecruitment
            | LeaderEffect::Discount(_)
            | LeaderEffect::FreeBuilds(_)
            | LeaderEffect::FreeBlackOncePerAge
            | LeaderEffect::Coins(_)
            | LeaderEffect::CoinsPerBuild(..)
            | LeaderEffect::CoinsPerChainBuild(_)
            | LeaderEffect::CoinsPerVictoryToken(_)
            | LeaderEffect::BuyFromBank(_)
            | LeaderEffect::Shields(_)
            | LeaderEffect::BuildFromDiscard
            | LeaderEffect::Science(_)
            | LeaderEffect::PointsPerScienceSet(_)
            | LeaderEffect::ExtraBankCoin(_)
            | LeaderEffect::CoinPerNeighbourPaid(_)
            | LeaderEffect::VictoryTokenOfAge
            | LeaderEffect::DiscardOwnDefeats
            | LeaderEffect::OthersDiscardVictoryToken
            | LeaderEffect::DefeatsToWinner
            | LeaderEffect::ScienceSubstitute
            | LeaderEffect::ScienceExtraOfMost
            | LeaderEffect::OnStage { .. }
            | LeaderEffect::OthersLoseAgeCoins
            | LeaderEffect::Diplomacy(_) => 0,
        }
    }
}

impl Leader {
    /// The leader's points on the `leaders` line (Aristotle's excluded, see
    /// [`science_with_leaders`]).
    pub fn end_points(&self, own: &SeatFacts, left: &SeatFacts, right: &SeatFacts) -> i32 {
        self.effects
            .iter()
            .map(|e| e.end_points(own, left, right))
            .sum()
    }

    /// Military strength while face up.
    pub fn shields(&self) -> u8 {
        self.effects.iter().map(|e| e.shields()).sum()
    }
}

/// What a seat's face-up leaders add to its end-of-game science choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Science {
    /// Euclid, Ptolemy, Pythagoras: symbols per family.
    pub symbols: [u8; 3],
    /// Aganice: one non-wild symbol may become another family.
    pub substitute: bool,
    /// Enheduanna: one more symbol of a family held most, after every other choice.
    pub extra_of_most: bool,
    /// Aristotle: points per set of the three families (on the `leaders` line).
    pub points_per_set: u8,
}

impl Science {
    pub const NONE: Science = Science {
        symbols: [0; 3],
        substitute: false,
        extra_of_most: false,
        points_per_set: 0,
    };

    /// The sum of several leaders' contributions.
    pub fn join(self, other: Science) -> Science {
        Science {
            symbols: std::array::from_fn(|s| self.symbols[s] + other.symbols[s]),
            substitute: self.substitute || other.substitute,
            extra_of_most: self.extra_of_most || other.extra_of_most,
            points_per_set: self.points_per_set + other.points_per_set,
        }
    }
}

/// The best science choice of a seat with `counts` symbols per family from its cards (and
/// copies), its leaders' symbols, `wild` wild symbols, and its leaders' science powers: `(science line, leaders
/// line)`, the best total of both. Aganice changes one non-wild symbol (before the wild
/// symbols are placed; any order gives the same sets of counts), Enheduanna adds one symbol to
/// a family held most after every other choice, Aristotle scores `points_per_set` per set.
pub fn science_with_leaders(counts: [u8; 3], wild: u8, powers: Science) -> (u32, u32) {
    fn plain(c: [u8; 3]) -> u32 {
        c.iter().map(|&n| n as u32 * n as u32).sum::<u32>() + 7 * *c.iter().min().unwrap() as u32
    }
    /// The best `(science, leaders)` once every choice but the wild symbols is made.
    fn best(c: [u8; 3], wild: u8, powers: &Science) -> (u32, u32) {
        if wild > 0 {
            return (0..3)
                .map(|s| {
                    let mut d = c;
                    d[s] += 1;
                    best(d, wild - 1, powers)
                })
                .max_by_key(|&(a, b)| a + b)
                .unwrap();
        }
        let score = |c: [u8; 3]| {
            let sets = *c.iter().min().unwrap() as u32;
            (plain(c), powers.points_per_set as u32 * sets)
        };
        if !powers.extra_of_most {
            return score(c);
        }
        let most = *c.iter().max().unwrap();
        (0..3)
            .filter(|&s| c[s] == most)
            .map(|s| {
                let mut d = c;
                d[s] += 1;
                score(d)
            })
            .max_by_key(|&(a, b)| a + b)
            .unwrap()
    }
    let counts: [u8; 3] = std::array::from_fn(|s| counts[s] + powers.symbols[s]);
    let mut choice = best(counts, wild, &powers);
    if powers.substitute {
        for from in 0..3 {
            for to in 0..3 {
                if from != to && counts[from] > 0 {
                    let mut c = counts;
                    c[from] -= 1;
                    c[to] += 1;
                    let other = best(c, wild, &powers);
                    if other.0 + other.1 > choice.0 + choice.1 {
                        choice = other;
                    }
                }
            }
        }
    }
    choice
}

/// Every `(science line, leaders line)` pair some science choice of [`science_with_leaders`]
/// reaches (best or not), pushed onto `out`: a reader accepts any of those with the best total
/// (RECORDS.md, Leaders and Cities reading 13: Aristotle's points may sit on either line).
pub fn science_choices(counts: [u8; 3], wild: u8, powers: Science, out: &mut Vec<(u32, u32)>) {
    fn plain(c: [u8; 3]) -> u32 {
        c.iter().map(|&n| n as u32 * n as u32).sum::<u32>() + 7 * *c.iter().min().unwrap() as u32
    }
    fn all(c: [u8; 3], wild: u8, powers: &Science, out: &mut Vec<(u32, u32)>) {
        if wild > 0 {
            for s in 0..3 {
                let mut d = c;
                d[s] += 1;
                all(d, wild - 1, powers, out);
            }
            return;
        }
        let mut score = |c: [u8; 3]| {
            let sets = *c.iter().min().unwrap() as u32;
            out.push((plain(c), powers.points_per_set as u32 * sets));
        };
        if !powers.extra_of_most {
            return score(c);
        }
        let most = *c.iter().max().unwrap();
        for s in (0..3).filter(|&s| c[s] == most) {
            let mut d = c;
            d[s] += 1;
            score(d);
        }
    }
    let counts: [u8; 3] = std::array::from_fn(|s| counts[s] + powers.symbols[s]);
    all(counts, wild, &powers, out);
    if powers.substitute {
        for from in 0..3 {
            for to in 0..3 {
                if from != to && counts[from] > 0 {
                    let mut c = counts;
                    c[from] -= 1;
                    c[to] += 1;
                    all(c, wild, &powers, out);
                }
            }
        }
    }
}

impl Leader {
    /// What the leader adds to the end-of-game science choice.
    pub fn science(&self) -> Science {
        self.effects
            .iter()
            .fold(Science::NONE, |s, e| s.join(e.science()))
    }
}

impl LeaderEffect {
    /// The effect in words, for the log and the component table.
    pub fn text(self) -> String {
        let color = |c: CardColor| format!("{} card", c.id());
        match self {
            LeaderEffect::FreeRecruitment => "recruits every later leader for free".into(),
            LeaderEffect::Discount(on) => {
                let what = match on {
                    super::leaders_data::DiscountOn::Color(c) => format!("each {} card", c.id()),
                    super::leaders_data::DiscountOn::Stages => "each wonder stage".into(),
                };
                format!("{what} costs one resource of choice less")
            }
            LeaderEffect::FreeBuilds(c) => format!("every {} card is free", c.id()),
            LeaderEffect::FreeBlackOncePerAge => "one black card per Age for free".into(),
            LeaderEffect::Coins(n) => format!("{n} coins when recruited"),
            LeaderEffect::CoinsPerBuild(c, n) => format!("{n} coins per later {}", color(c)),
            LeaderEffect::CoinsPerChainBuild(n) => format!("{n} coins per later chain build"),
            LeaderEffect::CoinsPerVictoryToken(n) => {
                format!("{n} coins per victory token taken in conflicts")
            }
            LeaderEffect::BuyFromBank(p) => {
                format!("once per turn, one resource of choice from the bank for {p} coin")
            }
            LeaderEffect::Shields(n) => wonders_common::text::count(n, "shield"),
            LeaderEffect::BuildFromDiscard => {
                "at the end of its turn, builds a discarded Age card for free".into()
            }
            LeaderEffect::Science(s) => format!("science: {}", s.id()),
            LeaderEffect::Points(n) => format!("{n} VP"),
            LeaderEffect::PointsPerCard(c, n) => format!("{n} VP per {}", color(c)),
            LeaderEffect::PointsPerCoins { coins, points } => {
                format!("{points} VP per {coins} coins")
            }
            LeaderEffect::PointsPerStage(n) => format!("{n} VP per own wonder stage"),
            LeaderEffect::PointsPerVictoryToken(n) => format!("{n} VP per victory token"),
            LeaderEffect::PointsPerSet(cs, n) => {
                let names: Vec<&str> = cs.iter().map(|c| c.id()).collect();
                format!("{n} VP per set of {} cards", names.join("/"))
            }
            LeaderEffect::PointsPerScienceSet(n) => format!("{n} VP per set of science symbols"),
            LeaderEffect::ExtraBankCoin(n) => {
                format!("once per turn, {n} more coin when the bank pays")
            }
            LeaderEffect::CoinPerNeighbourPaid(n) => {
                format!("{n} coin per neighbour paid for resources in a turn")
            }
            LeaderEffect::VictoryTokenOfAge => "a victory token of the current Age".into(),
            LeaderEffect::DiscardOwnDefeats => "discards every own defeat token".into(),
            LeaderEffect::OthersDiscardVictoryToken => {
                "every other player discards one of its victory tokens".into()
            }
            LeaderEffect::DefeatsToWinner => {
                "a defeat token it would take goes to the neighbour who won".into()
            }
            LeaderEffect::ScienceSubstitute => {
                "at game end, one science symbol may become another".into()
            }
            LeaderEffect::ScienceExtraOfMost => {
                "at game end, one more science symbol of a family held most".into()
            }
            LeaderEffect::PointsIfMost(what, n) => {
                let what = match what {
                    Most::Cards(c) => format!("{} cards", c.id()),
                    Most::Coins => "coins".into(),
                };
                format!("{n} VP with more {what} than each neighbour")
            }
            LeaderEffect::PointsIfNoDefeat(n) => format!("{n} VP without any defeat token"),
            LeaderEffect::PointsPerVictoryTokenPair => {
                "per pair of identical victory tokens, VP equal to their value".into()
            }
            LeaderEffect::PointsIfOnlyLeader(n) => format!("{n} VP if the only face-up leader"),
            LeaderEffect::OnStage { coins, others_lose } => format!(
                "per later own wonder stage, {coins} coins and every other player loses \
                 {others_lose} coin"
            ),
            LeaderEffect::OthersLoseAgeCoins => {
                "every other player loses as many coins as the Age's number".into()
            }
            LeaderEffect::Diplomacy(n) => format!("{n} Diplomacy token"),
        }
    }
}

impl Leader {
    /// Every effect in words, `; `-separated.
    pub fn text(&self) -> String {
        let parts: Vec<String> = self.effects.iter().map(|e| e.text()).collect();
        parts.join("; ")
    }
}

/// A seat's conflict tokens with Leaders, by value: Gorgo, Alexander, Telesilla and Nitocris
/// read or change single tokens, not only their sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tokens {
    /// Victory tokens of 1, 3 and 5 points.
    pub victories: [u8; 3],
    /// Defeat tokens (−1 each), Tomyris's gifts included.
    pub defeats: u8,
}

/// The value of the victory token of `age` (1..=3): 1, 3 or 5.
pub fn victory_value(age: u8) -> u8 {
    2 * age - 1
}

impl Tokens {
    /// The `military` line: every token held.
    pub fn points(&self) -> i32 {
        self.victories
            .iter()
            .zip([1, 3, 5])
            .map(|(&n, v)| n as i32 * v)
            .sum::<i32>()
            - self.defeats as i32
    }

    /// A victory token of `age` (a conflict won, or Nitocris).
    pub fn gain_victory(&mut self, age: u8) {
        self.victories[age as usize - 1] += 1;
    }

    /// Telesilla's demand: discards a victory token of `value` (1, 3 or 5); `false` when the
    /// seat holds none.
    pub fn discard_victory(&mut self, value: u8) -> bool {
        let slot = match value {
            1 => 0,
            3 => 1,
            5 => 2,
            _ => return false,
        };
        if self.victories[slot] == 0 {
            return false;
        }
        self.victories[slot] -= 1;
        true
    }

    /// The values of the victory tokens held, smallest first (Telesilla's choices).
    pub fn victory_values(&self) -> impl Iterator<Item = u8> + '_ {
        (0..3)
            .filter(|&i| self.victories[i] > 0)
            .map(|i| 2 * i as u8 + 1)
    }
}

/// What one seat takes from one conflict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Taken {
    /// Victory tokens of the Age.
    pub victories: u8,
    /// Defeat tokens: its own, or those a beaten Tomyris gives it.
    pub defeats: u8,
}

/// One conflict at the end of an Age between two fighting seats, fought for `tokens` tokens (1;
/// 2 in the team variant, less Diplomacy): what each takes. More shields win `tokens` victory
/// tokens of the Age, fewer take `tokens` defeat tokens, equal take nothing; defeat tokens a
/// seat with Tomyris would take go to the seat that beat it.
pub fn conflict(shields: [u8; 2], tomyris: [bool; 2], tokens: u8) -> [Taken; 2] {
    let mut taken = [Taken::default(); 2];
    let (winner, loser) = match shields[0].cmp(&shields[1]) {
        std::cmp::Ordering::Greater => (0, 1),
        std::cmp::Ordering::Less => (1, 0),
        std::cmp::Ordering::Equal => return taken,
    };
    taken[winner].victories = tokens;
    if tomyris[loser] {
        taken[winner].defeats += tokens;
    } else {
        taken[loser].defeats += tokens;
    }
    taken
}
