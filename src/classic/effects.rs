//! Every card effect and every wonder power, and what each does at each moment of the game:
//! when it is placed, when the turn's coins come in, and at the end of the game. One exhaustive
//! match per moment, all in this file: a new effect or power does not compile until each
//! moment says what it does (an expansion's card cannot silently do nothing).

use super::cities::{self, CITIES_LINE};
use super::cities_data::CityEffect;
use super::city::{powers, City, Table};
use super::data::{Class, Color, Direction, Effect, Power, Whose};
use super::leaders::LeaderPowers;
use super::leaders_data::{CardColor, DiscountOn, LeaderEffect};
use super::vocab::ScoreLine;

impl Effect {
    /// What placing a card with this effect changes in the city (coins apart). `tradeable`:
    /// its production is for sale to the neighbours (brown and grey cards only).
    pub(crate) fn on_build(self, city: &mut City, tradeable: bool) {
        match self {
            Effect::Produce(r, n) => {
                city.own.add_fixed(r as usize, n);
                if tradeable {
                    city.sells.add_fixed(r as usize, n);
                }
            }
            Effect::OneOf(rs) => {
                let mask = rs.iter().fold(0u8, |m, &r| m | 1 << r as u8);
                city.own.add_choice(mask);
                if tradeable {
                    city.sells.add_choice(mask);
                }
            }
            Effect::Shields(n) => city.shields += n,
            Effect::Science(s) => city.science[s as usize] += 1,
            Effect::ScienceWild => city.science_wild += 1,
            Effect::Discount(dir, class) => city.discount(dir, class),
            Effect::Points(v) => city.printed_points += v as i32,
            Effect::City(effects) => {
                for &e in effects {
                    e.on_build(city);
                }
            }
            Effect::Coins(_)
            | Effect::Commerce { .. }
            | Effect::Guild { .. }
            | Effect::PerDefeat { .. }
            | Effect::WonderComplete(_)
            | Effect::PointsOn(..) => {}
        }
    }

    /// Coins from the bank when the card is built (counted after every card of the turn is
    /// placed, so Vineyard and Bazaar see the neighbours' cards of the same turn).
    pub(crate) fn coins_when_built(self, game: Table, seat: usize) -> u32 {
        match self {
            Effect::Coins(n) => n as u32,
            Effect::Commerce {
                per, whose, coins, ..
            } => coins as u32 * game.count(seat, per, whose),
            Effect::City(effects) => effects.iter().map(|&e| e.own_coins(game.city(seat))).sum(),
            Effect::Produce(..)
            | Effect::OneOf(_)
            | Effect::Points(_)
            | Effect::Shields(_)
            | Effect::Science(_)
            | Effect::ScienceWild
            | Effect::Discount(..)
            | Effect::Guild { .. }
            | Effect::PerDefeat { .. }
            | Effect::WonderComplete(_)
            | Effect::PointsOn(..) => 0,
        }
    }

    /// True when a card with this effect may score at the end of the game (the catalog keeps
    /// the set of such cards, so scoring looks at no other).
    pub(crate) fn scores_at_end(self) -> bool {
        match self {
            Effect::Points(_)
            | Effect::Commerce { .. }
            | Effect::Guild { .. }
            | Effect::PerDefeat { .. }
            | Effect::WonderComplete(_)
            | Effect::PointsOn(..) => true,
            Effect::City(effects) => effects.iter().any(|&e| e.scores_at_end()),
            Effect::Produce(..)
            | Effect::OneOf(_)
            | Effect::Shields(_)
            | Effect::Science(_)
            | Effect::ScienceWild
            | Effect::Coins(_)
            | Effect::Discount(..) => false,
        }
    }

    /// The points a card with this effect scores for `seat` at the end of the game, and the
    /// line they go on (also for a guild copied by 1st-edition Olympia B); `None` for an
    /// effect that scores nothing by itself (production, shields and science symbols are
    /// scored elsewhere).
    pub(crate) fn end_points(self, game: Table, seat: usize) -> Option<(ScoreLine, i32)> {
        let points = match self {
            Effect::Points(v) => (ScoreLine::CIVILIAN, v as i32),
            Effect::Commerce {
                per, whose, points, ..
            } => (
                ScoreLine::COMMERCIAL,
                points as i32 * game.count(seat, per, whose) as i32,
            ),
            Effect::Guild { per, whose, points } => (
                ScoreLine::GUILDS,
                points as i32 * game.count(seat, per, whose) as i32,
            ),
            Effect::PerDefeat { whose, points } => {
                let defeats = |s: usize| game.city(s).defeats as i32;
                let (l, r) = (game.left_of(seat), game.right_of(seat));
                let n = match whose {
                    Whose::Own => defeats(seat),
                    Whose::Neighbours => defeats(l) + defeats(r),
                    Whose::OwnAndNeighbours => defeats(seat) + defeats(l) + defeats(r),
                };
                (ScoreLine::GUILDS, points as i32 * n)
            }
            Effect::WonderComplete(p) => {
                let city = game.city(seat);
                let complete = city.stages == city.stage_count(game.cat);
                (ScoreLine::GUILDS, if complete { p as i32 } else { 0 })
            }
            Effect::City(effects) => {
                let city = game.city(seat);
                let black = city.colors[Color::Black as usize];
                (
                    CITIES_LINE,
                    cities::black_points(effects, black, &city.victories),
                )
            }
            Effect::PointsOn(line, v) => (line, i32::from(v)),
            Effect::Produce(..)
            | Effect::OneOf(_)
            | Effect::Shields(_)
            | Effect::Science(_)
            | Effect::ScienceWild
            | Effect::Coins(_)
            | Effect::Discount(..) => return None,
        };
        Some(points)
    }
}

impl Power {
    /// What building the stage with this power changes in the city, for the rest of the game
    /// (coins apart; the powers that act later are flags the rules look up).
    pub(crate) fn on_build(self, city: &mut City) {
        match self {
            Power::Shields(n) => city.shields += n,
            Power::Points(v) => city.printed_points += v as i32,
            Power::OneOf(rs) => {
                // A wonder's production is never for sale.
                city.own
                    .add_choice(rs.iter().fold(0u8, |m, &r| m | 1 << r as u8));
            }
            Power::ScienceWild => city.science_wild += 1,
            Power::RawDiscountBoth => city.discount(Direction::Both, Class::Raw),
            Power::PlayLastCard => city.powers |= powers::PLAY_LAST_CARD,
            Power::BuildFromDiscard => city.powers |= powers::BUILD_FROM_DISCARD,
            Power::FreeBuildEachAge => city.powers |= powers::FREE_BUILD_EACH_AGE,
            Power::CopyGuild => city.powers |= powers::COPY_GUILD,
            Power::FirstOfColourFree => city.powers |= powers::FIRST_OF_COLOUR_FREE,
            Power::FirstOfAgeFree => city.powers |= powers::FIRST_OF_AGE_FREE,
            Power::LastOfAgeFree => city.powers |= powers::LAST_OF_AGE_FREE,
            Power::City(e) => e.on_build(city),
            // Roma night's draw and extra recruitment and Abu Simbel's burial are decisions of
            // the turn's end, not lasting changes to the city.
            Power::Leaders(_) | Power::Coins(_) => {}
        }
    }

    /// Coins from the bank when the stage is built.
    pub(crate) fn coins_when_built(self, city: &City) -> u32 {
        match self {
            Power::Coins(c) => c as u32,
            Power::City(e) => e.own_coins(city),
            Power::Leaders(_) => 0,
            Power::Points(_)
            | Power::Shields(_)
            | Power::OneOf(_)
            | Power::ScienceWild
            | Power::RawDiscountBoth
            | Power::PlayLastCard
            | Power::BuildFromDiscard
            | Power::FreeBuildEachAge
            | Power::CopyGuild
            | Power::FirstOfColourFree
            | Power::FirstOfAgeFree
            | Power::LastOfAgeFree => 0,
        }
    }

    /// Points on the score pad's wonder line at the end of the game.
    pub(crate) fn end_points(self) -> i32 {
        match self {
            Power::Points(v) => v as i32,
            // Cities' and Leaders' stage points are written as `Power::Points`.
            Power::City(_)
            | Power::Leaders(_)
            | Power::Coins(_)
            | Power::Shields(_)
            | Power::OneOf(_)
            | Power::ScienceWild
            | Power::RawDiscountBoth
            | Power::PlayLastCard
            | Power::BuildFromDiscard
            | Power::FreeBuildEachAge
            | Power::CopyGuild
            | Power::FirstOfColourFree
            | Power::FirstOfAgeFree
            | Power::LastOfAgeFree => 0,
        }
    }
}

/// Cities' effects (black cards and the stages of Byzantium and Petra), moment by moment. The
/// rules that need no game state (coin losses, the `cities` points, Diplomacy's conflicts)
/// are in [`super::cities`]; the turn calls these in the order RECORDS.md fixes.
impl CityEffect {
    /// What placing the card or stage changes in the city for the rest of the game (coins,
    /// others' coins, debts and losses apart). A Raider card's victory token is taken at once.
    pub(crate) fn on_build(self, city: &mut City) {
        match self {
            CityEffect::Shields(n) => city.shields += n,
            CityEffect::Diplomacy => city.cities_seat.diplomacy += 1,
            CityEffect::VictoryToken(v) => {
                city.victories[v as usize] += 1;
                city.military += i32::from(v);
            }
            CityEffect::CopyNeighbourScience => city.cities_seat.science_copies += 1,
            CityEffect::WharfRebate(dir, n) => {
                for side in match dir {
                    Direction::Left => 0..1,
                    Direction::Right => 1..2,
                    Direction::Both => 0..2,
                } {
                    city.cities_seat.rebates.wharf[side] += n;
                }
            }
            CityEffect::StartingResourceRebate(n) => city.cities_seat.rebates.cache += n,
            CityEffect::SecretWarehouse => city.powers |= powers::SECRET_WAREHOUSE,
            CityEffect::BlackMarket => city.powers |= powers::BLACK_MARKET,
            CityEffect::FreeWonderResources => city.powers |= powers::FREE_WONDER_RESOURCES,
            CityEffect::BuildFromDiscard => city.powers |= powers::FORGING_AGENCY,
            // Points are counted at the end; the rest acts on coins, debts and losses.
            CityEffect::Points(_)
            | CityEffect::Coins(_)
            | CityEffect::NeighboursGainCoins(_)
            | CityEffect::OthersGainCoins(_)
            | CityEffect::OthersLoseCoins(_)
            | CityEffect::OthersLoseCoinsPerVictoryToken(_)
            | CityEffect::OthersLoseCoinsPerStage(_)
            | CityEffect::NeighboursTakeDebt(_)
            | CityEffect::PointsPerVictoryToken { .. }
            | CityEffect::CoinsPerDefeatToken(_)
            | CityEffect::DiscardDefeatTokens
            | CityEffect::PerBlackCard { .. }
            | CityEffect::PerVictoryToken { .. } => {}
        }
    }

    /// True when the effect may score on the `cities` line at the end of the game.
    pub(crate) fn scores_at_end(self) -> bool {
        cities::end_points(self, 0, &[0; 6]).is_some()
    }

    /// Coins the owner takes from the bank with the turn's coins (the card itself counted
    /// among its black cards).
    pub(crate) fn own_coins(self, city: &City) -> u32 {
        let victories = u32::from(city.victories[1] + city.victories[3] + city.victories[5]);
        match self {
            CityEffect::Coins(n) => u32::from(n),
            CityEffect::PerBlackCard { coins, .. } => {
                u32::from(coins) * u32::from(city.colors[Color::Black as usize])
            }
            CityEffect::PerVictoryToken { coins, .. } => u32::from(coins) * victories,
            CityEffect::CoinsPerDefeatToken(n) => u32::from(n) * u32::from(city.defeats),
            CityEffect::Points(_)
            | CityEffect::Shields(_)
            | CityEffect::NeighboursGainCoins(_)
            | CityEffect::OthersGainCoins(_)
            | CityEffect::OthersLoseCoins(_)
            | CityEffect::OthersLoseCoinsPerVictoryToken(_)
            | CityEffect::OthersLoseCoinsPerStage(_)
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
            | CityEffect::DiscardDefeatTokens => 0,
        }
    }

    /// Coins another seat takes from the bank when `owner` builds this (`neighbour`: that
    /// seat sits next to the owner).
    pub(crate) fn coins_to_other(self, neighbour: bool) -> u32 {
        match self {
            CityEffect::NeighboursGainCoins(n) => {
                if neighbour {
                    u32::from(n)
                } else {
                    0
                }
            }
            CityEffect::OthersGainCoins(n) => u32::from(n),
            CityEffect::Points(_)
            | CityEffect::Coins(_)
            | CityEffect::Shields(_)
            | CityEffect::OthersLoseCoins(_)
            | CityEffect::OthersLoseCoinsPerVictoryToken(_)
            | CityEffect::OthersLoseCoinsPerStage(_)
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
            | CityEffect::PerVictoryToken { .. } => 0,
        }
    }

    /// −1 debt tokens each neighbour of the owner takes at once (Raider cards: no choice).
    pub(crate) fn debt_to_neighbours(self) -> u8 {
        match self {
            CityEffect::NeighboursTakeDebt(n) => n,
            CityEffect::Points(_)
            | CityEffect::Coins(_)
            | CityEffect::Shields(_)
            | CityEffect::NeighboursGainCoins(_)
            | CityEffect::OthersGainCoins(_)
            | CityEffect::OthersLoseCoins(_)
            | CityEffect::OthersLoseCoinsPerVictoryToken(_)
            | CityEffect::OthersLoseCoinsPerStage(_)
            | CityEffect::Diplomacy
            | CityEffect::VictoryToken(_)
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
            | CityEffect::PerVictoryToken { .. } => 0,
        }
    }

    /// What acts after the turn's coins: Memorial's owner discards its defeat tokens (their
    /// −1 points go with them), once its coins per token are counted.
    pub(crate) fn after_coins(self, city: &mut City) {
        match self {
            CityEffect::DiscardDefeatTokens => {
                city.military += i32::from(city.defeats);
                city.defeats = 0;
            }
            CityEffect::Points(_)
            | CityEffect::Coins(_)
            | CityEffect::Shields(_)
            | CityEffect::NeighboursGainCoins(_)
            | CityEffect::OthersGainCoins(_)
            | CityEffect::OthersLoseCoins(_)
            | CityEffect::OthersLoseCoinsPerVictoryToken(_)
            | CityEffect::OthersLoseCoinsPerStage(_)
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
            | CityEffect::PerBlackCard { .. }
            | CityEffect::PerVictoryToken { .. } => {}
        }
    }
}

/// Leaders' effects at the moment a leader is recruited (face up); what they do while face up
/// (recruitment costs, payments, coins on later builds, tokens) is read where it applies, and
/// their end-of-game points are in [`super::leaders`].
impl LeaderEffect {
    /// What recruiting the leader changes in its city at once; returns the coins it takes
    /// from the bank.
    pub(crate) fn on_recruit(self, city: &mut City, age: u8) -> u32 {
        city.shields += self.shields();
        match self {
            LeaderEffect::Coins(n) => u32::from(n),
            LeaderEffect::Diplomacy(n) => {
                city.cities_seat.diplomacy += n;
                0
            }
            // Nitocris: a victory token of the Age (Nero's coins for it come with the turn's).
            LeaderEffect::VictoryTokenOfAge => {
                let value = crate::leaders::victory_value(age);
                city.victories[value as usize] += 1;
                city.military += i32::from(value);
                city.leader_seat.powers.coins_per_victory as u32
            }
            // Telesilla: her owner's defeat tokens go (their −1s with them).
            LeaderEffect::DiscardOwnDefeats => {
                city.military += i32::from(city.defeats);
                city.defeats = 0;
                0
            }
            LeaderEffect::Shields(_)
            | LeaderEffect::FreeRecruitment
            | LeaderEffect::Discount(_)
            | LeaderEffect::FreeBuilds(_)
            | LeaderEffect::FreeBlackOncePerAge
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
            | LeaderEffect::OthersDiscardVictoryToken
            | LeaderEffect::DefeatsToWinner
            | LeaderEffect::ScienceSubstitute
            | LeaderEffect::ScienceExtraOfMost
            | LeaderEffect::PointsIfMost(..)
            | LeaderEffect::PointsIfNoDefeat(_)
            | LeaderEffect::PointsPerVictoryTokenPair
            | LeaderEffect::PointsIfOnlyLeader(_)
            | LeaderEffect::OnStage { .. }
            | LeaderEffect::OthersLoseAgeCoins => 0,
        }
    }
}

impl LeaderEffect {
    /// Adds what the leader does while face up to `p` (one exhaustive match: a new effect
    /// says here whether it acts during play).
    pub(crate) fn add_powers(self, p: &mut LeaderPowers) {
        match self {
            LeaderEffect::FreeRecruitment => p.free_recruitment = true,
            LeaderEffect::Discount(DiscountOn::Color(c)) => p.discounts |= 1 << c as u16,
            LeaderEffect::Discount(DiscountOn::Stages) => p.discounts |= LeaderPowers::STAGES,
            LeaderEffect::FreeBuilds(c) => p.free_colors |= 1 << c as u8,
            LeaderEffect::FreeBlackOncePerAge => p.free_black_each_age = true,
            LeaderEffect::CoinsPerBuild(color, n) => {
                let i = match color {
                    CardColor::Base(c) => c as usize,
                    CardColor::Black => Color::Black as usize,
                };
                p.coins_per_build[i] += n;
            }
            LeaderEffect::CoinsPerChainBuild(n) => p.coins_per_chain += n,
            LeaderEffect::CoinsPerVictoryToken(n) => p.coins_per_victory += n,
            LeaderEffect::BuyFromBank(n) => p.bank_unit = n,
            LeaderEffect::ExtraBankCoin(n) => p.extra_bank_coin += n,
            LeaderEffect::CoinPerNeighbourPaid(n) => p.coins_per_neighbour_paid += n,
            LeaderEffect::DefeatsToWinner => p.defeats_to_winner = true,
            LeaderEffect::OnStage { coins, others_lose } => {
                p.stage_coins += coins;
                p.stage_losses += others_lose;
            }
            // Act once when recruited, or only at the end of the game.
            LeaderEffect::Coins(_)
            | LeaderEffect::Shields(_)
            | LeaderEffect::BuildFromDiscard
            | LeaderEffect::Science(_)
            | LeaderEffect::Points(_)
            | LeaderEffect::PointsPerCard(..)
            | LeaderEffect::PointsPerCoins { .. }
            | LeaderEffect::PointsPerStage(_)
            | LeaderEffect::PointsPerVictoryToken(_)
            | LeaderEffect::PointsPerSet(..)
            | LeaderEffect::PointsPerScienceSet(_)
            | LeaderEffect::VictoryTokenOfAge
            | LeaderEffect::DiscardOwnDefeats
            | LeaderEffect::OthersDiscardVictoryToken
            | LeaderEffect::ScienceSubstitute
            | LeaderEffect::ScienceExtraOfMost
            | LeaderEffect::PointsIfMost(..)
            | LeaderEffect::PointsIfNoDefeat(_)
            | LeaderEffect::PointsPerVictoryTokenPair
            | LeaderEffect::PointsIfOnlyLeader(_)
            | LeaderEffect::OthersLoseAgeCoins
            | LeaderEffect::Diplomacy(_) => {}
        }
    }
}

impl City {
    /// Recomputes the Leaders part's summed powers from the face-up leaders.
    pub(crate) fn refresh_leader_powers(&mut self) {
        let mut p = LeaderPowers::default();
        for l in self.leader_seat.face_up.iter() {
            for &e in l.leader().effects {
                e.add_powers(&mut p);
            }
        }
        self.leader_seat.powers = p;
    }
}
