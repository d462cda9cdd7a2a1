//! Cities' own rules that need no game state: who fights whom under Diplomacy, how much a seat
//! loses to a coin-loss effect, how a loss may be split between coins and debt tokens, what a
//! neighbour's rebates leave to pay, and the coins and points of black cards that count.
//!
//! Sources: the 2nd-edition rule book, section CITIES and its effect sheet; the record format's
//! readings ("Coin losses, debts, Diplomacy").

use std::ops::RangeInclusive;

use super::cities_data::{CityEffect, BLACK_CARDS, CITY_BOARDS};
use super::cities_payment::Rebates;
use super::data::{Content, Direction, Edition, Effect, Power, Row, Unit};
use super::vocab::{Color, ScoreLine};
use wonders_common::FeatureTable;

/// Cities' score-pad line for its black cards.
pub const CITIES_LINE: ScoreLine = ScoreLine::new("cities", 8);
/// Cities' score-pad line: −1 per debt token.
pub const DEBT_LINE: ScoreLine = ScoreLine::new("debt", 9);

/// The Cities expansion's part of one seat's city: its tokens and what its black cards and
/// stages leave for later moments. A game without Cities keeps it at zero, which every rule
/// reads as the base game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CitiesSeat {
    /// −1 debt tokens taken.
    pub(crate) debt: u8,
    /// Diplomacy tokens held (each sits out one Age's conflicts).
    pub(crate) diplomacy: u8,
    /// Copies of one science symbol of a neighbour's green cards, chosen at game end
    /// (Pigeonhole, Band of Spies, Torture Chamber).
    pub(crate) science_copies: u8,
    /// The Clandestine Wharves' and Smuggler's Cache's rebates on purchases.
    pub(crate) rebates: Rebates,
}

impl CitiesSeat {
    /// −1 debt tokens taken.
    pub fn debt(&self) -> u8 {
        self.debt
    }

    /// Diplomacy tokens held.
    pub fn diplomacy(&self) -> u8 {
        self.diplomacy
    }

    /// Copies of a neighbour's science symbol to choose at game end.
    pub fn science_copies(&self) -> u8 {
        self.science_copies
    }

    /// The rebates on purchases from the neighbours (their starting resources unset: the
    /// turn's payment search fills them in).
    pub fn rebates(&self) -> Rebates {
        self.rebates
    }
}

/// The 42 black cards' ids, in table order.
const BLACK_KEYS: [&str; BLACK_CARDS.len()] = {
    let mut keys = [""; BLACK_CARDS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = BLACK_CARDS[i].key;
        i += 1;
    }
    keys
};

/// The black cards each seat built, CSV column `black_cards`.
static BLACK_BUILT: FeatureTable = FeatureTable {
    column: "black_cards",
    id: "win_rate_by_black_card",
    title: "Win rate by black card built",
    key: "black_card",
    keys: &BLACK_KEYS,
    games_with: true,
};

/// Cities as a unit: the black cards (one more card per hand), Byzantium and Petra, the
/// `cities` and `debt` lines.
pub const UNIT: Unit = Unit {
    id: "cities",
    name: "Cities",
    lines: &[CITIES_LINE, DEBT_LINE],
    feature: Some(&BLACK_BUILT),
    extra_hand: 1,
    content,
};

/// The black cards and the boards. A board stage's points go on the wonders line like any
/// stage's; its other effects are Cities powers.
fn content(_: Edition, c: &mut Content) {
    c.rows.extend(BLACK_CARDS.iter().map(|b| Row {
        age: b.age,
        key: b.key,
        name: b.name,
        color: Color::Black,
        copies: &[],
        cost: b.cost,
        chain_from: &[],
        effect: Effect::City(b.effects),
    }));
    for b in CITY_BOARDS {
        let powers = |effects: &[CityEffect]| {
            effects
                .iter()
                .map(|&e| match e {
                    CityEffect::Points(p) => Power::Points(p),
                    e => Power::City(e),
                })
                .collect()
        };
        let stages = b.stages.iter().map(|st| (st.cost, powers(st.effects)));
        c.sides.push((
            b.wonder,
            b.side,
            b.name,
            Some(b.resource),
            None,
            stages.collect(),
        ));
    }
}

/// The military conflicts of an Age's end under Diplomacy: every seat of `sits_out` (holding a
/// Diplomacy token) sits out; each other seat fights its nearest fighting seats on each side.
/// Yields each conflict once, as `(seat, nearest fighting seat to its left)` (the left
/// neighbour is seat p+1). With two fighting seats they fight once; with one or none, nobody
/// fights. With nobody sitting out these are the base game's `n` conflicts of neighbours.
pub fn conflicts(sits_out: &[bool]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let n = sits_out.len();
    let fighting = sits_out.iter().filter(|&&s| !s).count();
    (0..n)
        .filter(move |&a| !sits_out[a] && fighting >= 2)
        .filter_map(move |a| {
            let b = (1..n).map(|k| (a + k) % n).find(|&b| !sits_out[b])?;
            // Two fighters would meet twice going round the table: once is the rule.
            (fighting > 2 || a < b).then_some((a, b))
        })
}

/// The military of an Age's end under Diplomacy: each conflict of [`conflicts`] gives the
/// winner the Age's victory points and the loser a defeat token. Returns per seat the
/// military points gained (defeats count −1) and the defeat tokens taken.
pub fn military(shields: &[u8], sits_out: &[bool], age: u8) -> ([i32; 7], [u8; 7]) {
    let (mut points, mut defeats) = ([0i32; 7], [0u8; 7]);
    for (a, b) in conflicts(sits_out) {
        for (me, them) in [(a, b), (b, a)] {
            let p = super::ClassicGame::conflict(shields[me], shields[them], age);
            points[me] += p;
            defeats[me] += u8::from(p < 0);
        }
    }
    (points, defeats)
}

/// Each seat's total coin loss of a turn: every effect of `built` (the seat that built it and
/// the effects of its card or stage) hits every other seat, counted on `tokens` (military
/// victory tokens held) and `stages` (stages built) at that moment, this turn's included.
pub fn turn_losses(built: &[(usize, &[CityEffect])], tokens: &[u8], stages: &[u8]) -> [u8; 7] {
    let mut lost = [0u8; 7];
    for &(owner, effects) in built {
        for &e in effects {
            for seat in (0..tokens.len()).filter(|&s| s != owner) {
                let coins = loss(e, tokens[seat], stages[seat]).unwrap_or(0);
                lost[seat] = lost[seat].saturating_add(coins);
            }
        }
    }
    lost
}

/// The coins a seat holding `tokens` military victory tokens and `stages` built wonder stages
/// loses to one effect of another seat's black card or stage; `None` for an effect that takes
/// no coins. Raider cards' debts are not a loss with a choice: see
/// [`CityEffect::NeighboursTakeDebt`].
pub fn loss(effect: CityEffect, tokens: u8, stages: u8) -> Option<u8> {
    match effect {
        CityEffect::OthersLoseCoins(n) => Some(n),
        CityEffect::OthersLoseCoinsPerVictoryToken(n) => Some(n.saturating_mul(tokens)),
        CityEffect::OthersLoseCoinsPerStage(n) => Some(n.saturating_mul(stages)),
        CityEffect::Points(_)
        | CityEffect::Coins(_)
        | CityEffect::Shields(_)
        | CityEffect::NeighboursGainCoins(_)
        | CityEffect::OthersGainCoins(_)
        | CityEffect::Diplomacy
        | CityEffect::VictoryToken(_)
        | CityEffect::NeighboursTakeDebt(_)
        | CityEffect::PointsPerVictoryToken { .. }
        | CityEffect::CopyNeighbourScience
        | CityEffect::WharfRebate(..)
        | CityEffect::StartingResourceRebate(_)
        | CityEffect::SecretWarehouse
        | CityEffect::BlackMarket
        | CityEffect::FreeWonderResources
        | CityEffect::BuildFromDiscard
        | CityEffect::CoinsPerDefeatToken(_)
        | CityEffect::DiscardDefeatTokens
        | CityEffect::PerBlackCard { .. }
        | CityEffect::PerVictoryToken { .. } => None,
    }
}

/// True for the effects that make every other seat lose coins at the end of the turn (the
/// ones [`loss`] counts).
pub fn is_coin_loss(effect: CityEffect) -> bool {
    loss(effect, 0, 0).is_some()
}

/// The coins a seat may pay against a turn's total `loss` while holding `coins`; the rest
/// becomes −1 debt tokens. Any split is legal: paying nothing and taking all as debt included.
pub fn coin_loss_payments(loss: u8, coins: u8) -> RangeInclusive<u8> {
    0..=loss.min(coins)
}

/// What a side's purchases cost after the rebates that apply to it (Clandestine Wharf,
/// Smuggler's Cache): they stack, and a side's payment never goes below 0.
pub fn after_rebates(price: u8, rebates: u8) -> u8 {
    price.saturating_sub(rebates)
}

/// The `cities` points of one effect at game end, for a city holding `black_cards` black
/// cards and these military victory tokens (`tokens[v]` = tokens of value v: 1, 3 or 5; Raider
/// tokens included); `None` for an effect that never scores at the end.
pub fn end_points(effect: CityEffect, black_cards: u8, tokens: &[u8; 6]) -> Option<i32> {
    match effect {
        CityEffect::Points(p) => Some(i32::from(p)),
        CityEffect::PointsPerVictoryToken { value, points } => {
            Some(i32::from(points) * i32::from(tokens[value as usize]))
        }
        CityEffect::PerBlackCard { points, .. } => Some(i32::from(points) * i32::from(black_cards)),
        CityEffect::PerVictoryToken { points, .. } => Some(
            i32::from(points)
                * (i32::from(tokens[1]) + i32::from(tokens[3]) + i32::from(tokens[5])),
        ),
        CityEffect::Coins(_)
        | CityEffect::Shields(_)
        | CityEffect::NeighboursGainCoins(_)
        | CityEffect::OthersGainCoins(_)
        | CityEffect::OthersLoseCoins(_)
        | CityEffect::OthersLoseCoinsPerVictoryToken(_)
        | CityEffect::OthersLoseCoinsPerStage(_)
        | CityEffect::Diplomacy
        | CityEffect::VictoryToken(_)
        | CityEffect::NeighboursTakeDebt(_)
        | CityEffect::CopyNeighbourScience
        | CityEffect::WharfRebate(..)
        | CityEffect::StartingResourceRebate(_)
        | CityEffect::SecretWarehouse
        | CityEffect::BlackMarket
        | CityEffect::FreeWonderResources
        | CityEffect::BuildFromDiscard
        | CityEffect::CoinsPerDefeatToken(_)
        | CityEffect::DiscardDefeatTokens => None,
    }
}

/// The `cities` points of one black card at game end (the sum of its effects' [`end_points`]).
pub fn black_points(effects: &[CityEffect], black_cards: u8, tokens: &[u8; 6]) -> i32 {
    effects
        .iter()
        .filter_map(|&e| end_points(e, black_cards, tokens))
        .sum()
}

/// A black card's or a Cities stage's effect in words, for the card listing and the log.
pub fn effect_text(e: CityEffect) -> String {
    match e {
        CityEffect::Points(p) => format!("{p} VP"),
        CityEffect::Coins(c) => wonders_common::text::count(c, "coin"),
        CityEffect::Shields(s) => wonders_common::text::count(s, "shield"),
        CityEffect::NeighboursGainCoins(c) => format!(
            "each neighbour gains {}",
            wonders_common::text::count(c, "coin")
        ),
        CityEffect::OthersGainCoins(c) => format!(
            "every other city gains {}",
            wonders_common::text::count(c, "coin")
        ),
        CityEffect::OthersLoseCoins(c) => format!(
            "every other city loses {}",
            wonders_common::text::count(c, "coin")
        ),
        CityEffect::OthersLoseCoinsPerVictoryToken(c) => {
            format!("every other city loses {c} coins per military victory token it holds")
        }
        CityEffect::OthersLoseCoinsPerStage(c) => {
            format!("every other city loses {c} coins per wonder stage it has built")
        }
        CityEffect::Diplomacy => "a Diplomacy token".into(),
        CityEffect::VictoryToken(v) => format!("a military victory token of {v}"),
        CityEffect::NeighboursTakeDebt(d) => format!("each neighbour takes {d} debt"),
        CityEffect::PointsPerVictoryToken { value, points } => {
            format!("{points} VP per military victory token of {value}")
        }
        CityEffect::CopyNeighbourScience => {
            "science: copies a symbol of a neighbour's green card".into()
        }
        CityEffect::WharfRebate(side, c) => {
            let from = match side {
                Direction::Left => "the left neighbour",
                Direction::Right => "the right neighbour",
                Direction::Both => "each neighbour",
            };
            format!("{c} coin less each turn for purchases from {from}")
        }
        CityEffect::StartingResourceRebate(c) => {
            format!("{c} coin less for a neighbour's starting resource")
        }
        CityEffect::SecretWarehouse => {
            "one more unit of a resource the city produces, each turn (not for sale)".into()
        }
        CityEffect::BlackMarket => {
            "one unit of a resource the city does not produce, each turn (not for sale)".into()
        }
        CityEffect::FreeWonderResources => "wonder stages need no resources".into(),
        CityEffect::BuildFromDiscard => "builds a discarded card for free".into(),
        CityEffect::CoinsPerDefeatToken(c) => format!("{c} coins per defeat token"),
        CityEffect::DiscardDefeatTokens => "discards all own defeat tokens".into(),
        CityEffect::PerBlackCard { coins, points } => {
            format!("{coins} coins and {points} VP per black card")
        }
        CityEffect::PerVictoryToken { coins, points } => {
            format!("{coins} coins and {points} VP per military victory token")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(sits_out: &[bool]) -> Vec<(usize, usize)> {
        conflicts(sits_out).collect()
    }

    #[test]
    fn without_diplomacy_every_seat_fights_both_neighbours() {
        assert_eq!(all(&[false; 3]), [(0, 1), (1, 2), (2, 0)]);
        assert_eq!(all(&[false; 7]).len(), 7);
    }

    #[test]
    fn the_neighbours_of_a_seat_that_sits_out_fight_each_other() {
        // The rule book's case: seat 1 sits out, seats 0 and 2 fight each other.
        assert_eq!(
            all(&[false, true, false, false, false]),
            [(0, 2), (2, 3), (3, 4), (4, 0)]
        );
        assert_eq!(
            all(&[true, true, false, false, true, false]),
            [(2, 3), (3, 5), (5, 2)]
        );
    }

    #[test]
    fn two_fighters_fight_once_and_a_lone_fighter_not_at_all() {
        assert_eq!(all(&[false, true, false]), [(0, 2)]);
        assert_eq!(all(&[true, false, true, false, true]), [(1, 3)]);
        assert!(all(&[true, false, true]).is_empty());
        assert!(all(&[true; 4]).is_empty());
    }

    #[test]
    fn without_diplomacy_the_military_is_the_base_games() {
        let shields = [3, 1, 4, 1, 5];
        let (points, defeats) = military(&shields, &[false; 5], 2);
        for seat in 0..5 {
            let (l, r) = ((seat + 1) % 5, (seat + 4) % 5);
            let want = crate::ClassicGame::conflict(shields[seat], shields[l], 2)
                + crate::ClassicGame::conflict(shields[seat], shields[r], 2);
            assert_eq!(points[seat], want, "seat {seat}");
        }
        assert_eq!(&defeats[..5], [1, 2, 0, 2, 0]);
    }

    #[test]
    fn a_seat_that_sits_out_neither_wins_nor_loses() {
        // Seat 1 (strongest) sits out: seats 0 and 2 fight each other, 2 wins; 0 and 3 too.
        let (points, defeats) = military(&[2, 9, 3, 1], &[false, true, false, false], 3);
        assert_eq!(&points[..4], [5 - 1, 0, 5 + 5, -1 - 1]);
        assert_eq!(&defeats[..4], [1, 0, 0, 2]);
        // Two fighters fight once.
        let (points, _) = military(&[2, 9, 3], &[false, true, false], 1);
        assert_eq!(&points[..3], [-1, 0, 1]);
    }

    #[test]
    fn a_turns_losses_add_up_for_every_other_seat() {
        let lair = [CityEffect::Points(3), CityEffect::OthersLoseCoins(2)];
        let cenotaph = [
            CityEffect::Points(5),
            CityEffect::OthersLoseCoinsPerVictoryToken(1),
        ];
        let chamber = [
            CityEffect::Points(4),
            CityEffect::OthersLoseCoinsPerStage(1),
        ];
        let built: [(usize, &[CityEffect]); 3] = [(0, &lair), (1, &cenotaph), (2, &chamber)];
        let lost = turn_losses(&built, &[1, 2, 0, 4], &[3, 0, 1, 2]);
        assert_eq!(&lost[..4], [1 + 3, 2, 2, 2 + 4 + 2]);
    }

    #[test]
    fn coin_losses_count_tokens_and_stages_at_the_moment() {
        assert_eq!(loss(CityEffect::OthersLoseCoins(5), 4, 3), Some(5));
        assert_eq!(
            loss(CityEffect::OthersLoseCoinsPerVictoryToken(1), 4, 3),
            Some(4)
        );
        assert_eq!(loss(CityEffect::OthersLoseCoinsPerStage(1), 4, 3), Some(3));
        assert_eq!(loss(CityEffect::NeighboursTakeDebt(1), 4, 3), None);
        assert_eq!(loss(CityEffect::Points(4), 4, 3), None);
    }

    #[test]
    fn a_loss_splits_between_coins_held_and_debt() {
        assert_eq!(coin_loss_payments(3, 10), 0..=3);
        assert_eq!(coin_loss_payments(5, 2), 0..=2);
        assert_eq!(coin_loss_payments(2, 0), 0..=0);
    }

    #[test]
    fn every_black_card_and_stage_reads_in_words() {
        use super::super::cities_data::{BLACK_CARDS, CITY_BOARDS};
        let texts = |effects: &[CityEffect]| {
            effects
                .iter()
                .map(|&e| effect_text(e))
                .collect::<Vec<_>>()
                .join("; ")
        };
        let embassy = BLACK_CARDS.iter().find(|b| b.key == "embassy").unwrap();
        assert_eq!(texts(embassy.effects), "3 VP; a Diplomacy token");
        let wharf = BLACK_CARDS
            .iter()
            .find(|b| b.key == "west_clandestine_wharf");
        assert_eq!(
            texts(wharf.unwrap().effects),
            "1 coin less each turn for purchases from the left neighbour"
        );
        assert_eq!(
            texts(CITY_BOARDS[3].stages[0].effects),
            "3 VP; every other city loses 2 coins"
        );
        assert!(BLACK_CARDS.iter().all(|b| !texts(b.effects).is_empty()));
    }

    #[test]
    fn rebates_stack_and_never_pay_below_zero() {
        assert_eq!(after_rebates(4, 1), 3);
        assert_eq!(after_rebates(2, 2), 0);
        assert_eq!(after_rebates(1, 2), 0);
    }

    #[test]
    fn black_cards_score_their_points_tokens_and_black_cards() {
        let tokens = [0, 2, 0, 1, 0, 3];
        assert_eq!(black_points(&[CityEffect::Points(8)], 1, &tokens), 8);
        let cells = CityEffect::PointsPerVictoryToken {
            value: 1,
            points: 2,
        };
        assert_eq!(black_points(&[cells], 1, &tokens), 4);
        let prison = CityEffect::PointsPerVictoryToken {
            value: 5,
            points: 4,
        };
        assert_eq!(black_points(&[prison], 1, &tokens), 12);
        let network = CityEffect::PerBlackCard {
            coins: 1,
            points: 1,
        };
        assert_eq!(black_points(&[network], 5, &tokens), 5);
        let market = CityEffect::PerVictoryToken {
            coins: 1,
            points: 1,
        };
        assert_eq!(black_points(&[market], 5, &tokens), 6);
        assert_eq!(
            black_points(&[CityEffect::Coins(9), CityEffect::Diplomacy], 1, &tokens),
            0
        );
    }
}
