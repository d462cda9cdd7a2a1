//! Every card effect and every wonder power, and what each does at each moment of the game:
//! when it is placed, when the turn's coins come in, and at the end of the game. One exhaustive
//! match per moment, all in this file: a new effect or power does not compile until each
//! moment says what it does (an expansion's card cannot silently do nothing).

use super::city::{powers, City};
use super::data::{Class, Direction, Effect, Per, Power, Whose};
use super::state::ClassicGame;

/// The score-pad line an effect scores on at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Blue cards.
    Civilian,
    /// Yellow cards.
    Commercial,
    /// Purple cards.
    Guilds,
    /// Scores nothing by itself (production, shields, science symbols are scored elsewhere).
    Nothing,
}

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
            Effect::Coins(_)
            | Effect::Commerce { .. }
            | Effect::Guild { .. }
            | Effect::PerDefeat { .. }
            | Effect::WonderComplete(_) => {}
        }
    }

    /// Coins from the bank when the card is built (counted after every card of the turn is
    /// placed, so Vineyard and Bazaar see the neighbours' cards of the same turn).
    pub(crate) fn coins_when_built(self, game: &ClassicGame, seat: usize) -> u32 {
        match self {
            Effect::Coins(n) => n as u32,
            Effect::Commerce {
                per, whose, coins, ..
            } => coins as u32 * game.count(seat, per, whose),
            Effect::Produce(..)
            | Effect::OneOf(_)
            | Effect::Points(_)
            | Effect::Shields(_)
            | Effect::Science(_)
            | Effect::ScienceWild
            | Effect::Discount(..)
            | Effect::Guild { .. }
            | Effect::PerDefeat { .. }
            | Effect::WonderComplete(_) => 0,
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
            | Effect::WonderComplete(_) => true,
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
    /// line they go on (also for a guild copied by 1st-edition Olympia B).
    pub(crate) fn end_points(self, game: &ClassicGame, seat: usize) -> (Line, i32) {
        match self {
            Effect::Points(v) => (Line::Civilian, v as i32),
            Effect::Commerce {
                per, whose, points, ..
            } => (
                Line::Commercial,
                points as i32 * game.count(seat, per, whose) as i32,
            ),
            Effect::Guild { per, whose, points } => (
                Line::Guilds,
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
                (Line::Guilds, points as i32 * n)
            }
            Effect::WonderComplete(p) => {
                let city = game.city(seat);
                let complete = city.stages == city.stage_count(game.catalog());
                (Line::Guilds, if complete { p as i32 } else { 0 })
            }
            Effect::Produce(..)
            | Effect::OneOf(_)
            | Effect::Shields(_)
            | Effect::Science(_)
            | Effect::ScienceWild
            | Effect::Coins(_)
            | Effect::Discount(..) => (Line::Nothing, 0),
        }
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
            Power::Coins(_) => {}
        }
    }

    /// Coins from the bank when the stage is built.
    pub(crate) fn coins_when_built(self) -> u32 {
        match self {
            Power::Coins(c) => c as u32,
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
            Power::Coins(_)
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

/// What `per` counts in one city.
pub(crate) fn count_in(city: &City, per: Per) -> u32 {
    match per {
        Per::Cards(colors) => city.count(colors),
        Per::Stages => city.stages as u32,
    }
}
