//! A player's city: buildings, wonder, treasury, and the production and price tables derived
//! from them (updated when something is built, read by every payment search).

use super::cities::CitiesSeat;
use super::data::{
    Card, Catalog, Class, Color, Direction, Per, Power, Side, Symbol, Whose, Wonder, RESOURCES,
};
use super::leaders::LeaderSeat;
use super::payment::{Prices, Supply, FULL_PRICES};
use wonders_common::WideCardSet;

/// Flags for the wonder powers a city has unlocked.
pub(crate) mod powers {
    pub const PLAY_LAST_CARD: u16 = 1 << 0;
    pub const BUILD_FROM_DISCARD: u16 = 1 << 1;
    pub const FREE_BUILD_EACH_AGE: u16 = 1 << 2;
    pub const COPY_GUILD: u16 = 1 << 3;
    pub const FIRST_OF_COLOUR_FREE: u16 = 1 << 4;
    pub const FIRST_OF_AGE_FREE: u16 = 1 << 5;
    pub const LAST_OF_AGE_FREE: u16 = 1 << 6;
    /// Cities' Secret Warehouse: one more unit of a type the city makes with brown or grey
    /// cards or its board.
    pub const SECRET_WAREHOUSE: u16 = 1 << 7;
    /// Cities' Black Market: one unit of a type the city does not make that way.
    pub const BLACK_MARKET: u16 = 1 << 8;
    /// Cities' Architect Firm: stages need no resources.
    pub const FREE_WONDER_RESOURCES: u16 = 1 << 9;
    /// Cities' Forging Agency: a free build from the discard pile at the end of its turn.
    pub const FORGING_AGENCY: u16 = 1 << 10;
}

/// One player's city. Its fields are the rules' to change (`pub(crate)`); readers outside the
/// crate use the accessors below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct City {
    pub(crate) wonder: Wonder,
    pub(crate) side: Side,
    /// Buildings, by [`super::CardId`] (a city never holds two buildings of the same name).
    pub(crate) built: WideCardSet,
    /// Buildings per colour (indexed by `Color as usize`).
    pub(crate) colors: [u8; 8],
    /// Wonder stages built.
    pub(crate) stages: u8,
    pub(crate) coins: u32,
    pub(crate) shields: u8,
    /// Science symbols from green cards (indexed by `Symbol as usize`).
    pub(crate) science: [u8; 3],
    /// Wild science symbols (Babylon stage, Scientists Guild), assigned at game end.
    pub(crate) science_wild: u8,
    /// Military token points (victories 1/3/5, defeats -1).
    pub(crate) military: i32,
    pub(crate) defeats: u8,
    /// Military victory tokens by value (`victories[v]` for v = 1, 3, 5; Cities' Raider
    /// tokens included): what Cities' black cards count.
    pub(crate) victories: [u8; 6],
    /// The Cities expansion's part (at zero without Cities).
    pub(crate) cities_seat: CitiesSeat,
    /// The Leaders expansion's part (empty without Leaders).
    pub(crate) leader_seat: LeaderSeat,
    /// What the city produces for itself.
    pub(crate) own: Supply,
    /// What neighbours may buy from it (starting resource, brown and grey cards).
    pub(crate) sells: Supply,
    /// This city's buying prices from its left and right neighbours.
    pub(crate) prices: Prices,
    pub(crate) powers: u16,
    /// 1st-edition Olympia A: the free build of this Age is spent.
    pub(crate) free_build_used: bool,
    /// 1st-edition Olympia B: the neighbour guild copied at game end.
    pub(crate) copied_guild: Option<super::CardId>,
    /// Points printed on the buildings (blue cards) and wonder stages built: the part of the
    /// score that only grows by building, kept as it grows for the bots' evaluation.
    pub(crate) printed_points: i32,
}

impl City {
    pub fn new(cat: &Catalog, wonder: Wonder, side: Side, coins: u32) -> City {
        let board = cat.side(wonder, side.index());
        let mut own = Supply::default();
        if let Some(r) = board.resource {
            own.add_fixed(r as usize, 1);
        }
        City {
            wonder,
            side,
            built: WideCardSet::EMPTY,
            colors: [0; 8],
            stages: 0,
            coins,
            shields: 0,
            science: [0; 3],
            science_wild: 0,
            military: 0,
            defeats: 0,
            victories: [0; 6],
            cities_seat: CitiesSeat::default(),
            leader_seat: LeaderSeat::default(),
            own,
            sells: own,
            prices: FULL_PRICES,
            powers: 0,
            free_build_used: false,
            copied_guild: None,
            printed_points: 0,
        }
    }

    /// The wonder board.
    pub fn wonder(&self) -> Wonder {
        self.wonder
    }

    /// The side of the wonder board in play.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Buildings, by [`super::CardId`].
    pub fn built(&self) -> WideCardSet {
        self.built
    }

    /// Buildings per colour (indexed by `Color as usize`); [`City::count`] adds a guild copied
    /// by 1st-edition Olympia B.
    pub fn colors(&self) -> [u8; 8] {
        self.colors
    }

    /// Wonder stages built.
    pub fn stages(&self) -> u8 {
        self.stages
    }

    /// Coins in the treasury.
    pub fn coins(&self) -> u32 {
        self.coins
    }

    /// Military strength (shields).
    pub fn shields(&self) -> u8 {
        self.shields
    }

    /// Wild science symbols (Babylon stage, Scientists Guild), assigned at game end.
    pub fn science_wild(&self) -> u8 {
        self.science_wild
    }

    /// Military token points (victories 1/3/5, defeats −1).
    pub fn military(&self) -> i32 {
        self.military
    }

    /// Defeat tokens held.
    pub fn defeats(&self) -> u8 {
        self.defeats
    }

    /// Military victory tokens by value (`victories()[v]` for v = 1, 3, 5).
    pub fn victories(&self) -> [u8; 6] {
        self.victories
    }

    /// The Cities expansion's part (at zero without Cities).
    pub fn cities_seat(&self) -> &CitiesSeat {
        &self.cities_seat
    }

    /// The Leaders expansion's part (empty without Leaders).
    pub fn leader_seat(&self) -> &LeaderSeat {
        &self.leader_seat
    }

    /// 1st-edition Olympia A: whether this Age's free build is spent.
    pub fn free_build_used(&self) -> bool {
        self.free_build_used
    }

    /// 1st-edition Olympia B: the neighbour guild copied at game end.
    pub fn copied_guild(&self) -> Option<super::CardId> {
        self.copied_guild
    }

    /// Points printed on the buildings (blue cards) and the wonder stages built.
    pub fn printed_points(&self) -> i32 {
        self.printed_points
    }

    #[inline]
    pub(crate) fn has(&self, power: u16) -> bool {
        self.powers & power != 0
    }

    /// How many of the powers in the mask `powers` (bits of [`powers`]) the city holds.
    pub(crate) fn powers_in(&self, powers: u16) -> u32 {
        (self.powers & powers).count_ones()
    }

    /// Adds a building and everything it changes except coins.
    pub fn add_building(&mut self, card: &Card) {
        debug_assert!(!self.built.contains(card.id.0));
        self.built.insert(card.id.0);
        self.colors[card.color as usize] += 1;
        let tradeable = matches!(card.color, Color::Brown | Color::Grey);
        card.effect.on_build(self, tradeable);
    }

    pub(crate) fn discount(&mut self, dir: Direction, class: Class) {
        let sides: &[usize] = match dir {
            Direction::Left => &[0],
            Direction::Right => &[1],
            Direction::Both => &[0, 1],
        };
        let range = match class {
            Class::Raw => 0..4,
            Class::Manufactured => 4..RESOURCES,
        };
        for &s in sides {
            for r in range.clone() {
                self.prices[s][r] = 1;
            }
        }
    }

    /// Builds the next wonder stage and applies its lasting powers (coins are the caller's).
    pub fn add_stage(&mut self, cat: &'static Catalog) -> &'static [Power] {
        let board = cat.side(self.wonder, self.side.index());
        let stage = &board.stages[self.stages as usize];
        self.stages += 1;
        for p in &stage.powers {
            p.on_build(self);
        }
        &stage.powers
    }

    /// Number of stages of this city's wonder side.
    pub fn stage_count(&self, cat: &Catalog) -> u8 {
        cat.side(self.wonder, self.side.index()).stages.len() as u8
    }

    /// Buildings of the given colours. A guild copied by 1st-edition Olympia B counts as a
    /// purple card of this city, as if built there (so a copied Shipowners Guild counts
    /// itself, as the built one does).
    pub fn count(&self, colors: &[Color]) -> u32 {
        let copy = self.copied_guild.is_some() && colors.contains(&Color::Purple);
        colors
            .iter()
            .map(|&c| self.colors[c as usize] as u32)
            .sum::<u32>()
            + copy as u32
    }

    /// Science symbols from cards, by family.
    pub fn symbols(&self) -> [u8; 3] {
        self.science
    }

    /// What `per` counts in this city.
    pub(crate) fn count_per(&self, per: Per) -> u32 {
        match per {
            Per::Cards(colors) => self.count(colors),
            Per::Stages => self.stages as u32,
        }
    }
}

/// The cities round a table, as the effects read them at a moment: a seat's own city and its
/// neighbours' (the left neighbour of seat p is seat p+1).
#[derive(Clone, Copy)]
pub(crate) struct Table<'a> {
    pub cat: &'a Catalog,
    pub cities: &'a [City],
}

impl<'a> Table<'a> {
    #[inline]
    pub fn city(&self, seat: usize) -> &'a City {
        &self.cities[seat]
    }

    #[inline]
    pub fn left_of(&self, seat: usize) -> usize {
        (seat + 1) % self.cities.len()
    }

    #[inline]
    pub fn right_of(&self, seat: usize) -> usize {
        (seat + self.cities.len() - 1) % self.cities.len()
    }

    /// Counts `per` over the cities `whose` names, from `seat`'s point of view.
    pub fn count(&self, seat: usize, per: Per, whose: Whose) -> u32 {
        let one = |s: usize| self.cities[s].count_per(per);
        match whose {
            Whose::Own => one(seat),
            Whose::Neighbours => one(self.left_of(seat)) + one(self.right_of(seat)),
            Whose::OwnAndNeighbours => {
                one(seat) + one(self.left_of(seat)) + one(self.right_of(seat))
            }
        }
    }
}

/// Science points for `counts` symbols plus `wild` symbols placed to score the most.
pub fn science_points(counts: [u8; 3], wild: u8) -> u32 {
    fn plain(c: [u8; 3]) -> u32 {
        let sq: u32 = c.iter().map(|&n| n as u32 * n as u32).sum();
        sq + 7 * *c.iter().min().unwrap() as u32
    }
    fn best(c: [u8; 3], wild: u8) -> u32 {
        if wild == 0 {
            return plain(c);
        }
        (0..3)
            .map(|s| {
                let mut d = c;
                d[s] += 1;
                best(d, wild - 1)
            })
            .max()
            .unwrap()
    }
    best(counts, wild)
}

/// The science family of a symbol, for readers.
pub fn symbol_of(index: usize) -> Symbol {
    [Symbol::Compass, Symbol::Tablet, Symbol::Gear][index]
}
