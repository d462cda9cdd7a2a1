//! Payment: trade prices, the cheapest purchase of missing resources (the dearest covered by
//! choice production and waived units first), and what each card and Wonder costs a seat.

use super::*;
use crate::pantheon_data::ENGINEERING_PRICE;

/// Per 12-bit lane (see [`Resources::packed`]), `need - have` where positive, else 0:
/// `(need | HIGH) - have` keeps a lane's high bit exactly when need >= have there (all counts
/// are far below 2048).
#[inline(always)]
pub(super) fn missing_units(need: u64, have: u64) -> u64 {
    const HIGH: u64 = 0x800_800_800_800_800;
    let t = (need | HIGH) - have;
    t & (((t & HIGH) >> 11) * 0x7FF)
}

/// Trade prices in 12-bit lanes in reverse order (papyrus lowest), so that one multiplication
/// by a packed count vector gathers `Σ count × price` in the top lane (see [`lane_dot`]).
#[inline]
pub(super) fn prices_reversed(price: &[u16; 5]) -> u64 {
    Resources([
        price[4] as u8,
        price[3] as u8,
        price[2] as u8,
        price[1] as u8,
        price[0] as u8,
    ])
    .packed()
}

/// `Σ count × price` over the five lanes of `packed`: lane 4 of the product
/// `packed × prices_reversed` is exactly that sum, and no lane reaches 4096 (a compile-time
/// check in `data.rs` bounds counts and prices), so nothing carries into it.
#[inline(always)]
pub(super) fn lane_dot(packed: u64, reversed_prices: u64) -> u16 {
    (packed.wrapping_mul(reversed_prices) >> 48 & 0xFFF) as u16
}

/// The resources in the order a player covers missing units: dearest trade price first, ties
/// by resource order (as bit offsets of their packed lanes). Worked out whenever the prices
/// change, so that covering units is a fixed sequence of steps with no branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DearestFirst {
    /// Wood, clay and stone (what a raw-material choice production can be).
    raw: [u8; 3],
    /// Glass and papyrus.
    goods: [u8; 2],
    /// All five (what Masonry and Architecture waive).
    all: [u8; 5],
}

impl DearestFirst {
    pub(super) fn new(price: &[u16; 5]) -> DearestFirst {
        // Sort keys: the price above the resource's rank reversed, so that sorting them in
        // decreasing order puts the dearest first and breaks ties in resource order. Sorting
        // networks (a fixed sequence of compare-exchanges) need no branch.
        let key = |r: usize| price[r] << 8 | (0xFF - r as u16);
        let mut all: [u16; 5] = std::array::from_fn(key);
        let mut raw: [u16; 3] = std::array::from_fn(key);
        let mut goods = [key(3), key(4)];
        sort_decreasing(
            &mut all,
            &[
                (0, 3),
                (1, 4),
                (0, 2),
                (1, 3),
                (0, 1),
                (2, 4),
                (1, 2),
                (3, 4),
                (2, 3),
            ],
        );
        sort_decreasing(&mut raw, &[(0, 2), (0, 1), (1, 2)]);
        sort_decreasing(&mut goods, &[(0, 1)]);
        // Stored as the lanes' bit offsets in a packed vector (see `Resources::packed`).
        let lane = |k: u16| 12 * (0xFF - (k & 0xFF)) as u8;
        DearestFirst {
            raw: raw.map(lane),
            goods: goods.map(lane),
            all: all.map(lane),
        }
    }
}

/// Sorts `keys` in decreasing order with the sorting network `network`.
#[inline(always)]
pub(super) fn sort_decreasing<const N: usize>(keys: &mut [u16; N], network: &[(usize, usize)]) {
    for &(i, j) in network {
        let (a, b) = (keys[i], keys[j]);
        keys[i] = a.max(b);
        keys[j] = a.min(b);
    }
}

/// Removes up to `units` units from the lanes of `missing`, taking the lanes at the bit
/// offsets in `order` (dearest first). Missing counts are those of one cost (below 256).
#[inline(always)]
pub(super) fn cover_dearest(missing: u64, order: &[u8], mut units: u8) -> u64 {
    let mut missing = missing;
    for &r in order {
        let shift = r as u32 & 63;
        let used = units.min((missing >> shift & 0xFFF) as u8);
        missing -= (used as u64) << shift;
        units -= used;
    }
    missing
}

impl Duel {
    /// Price of one unit of each resource bought by `seat`: 2 + the opponent's brown and grey
    /// production of it, or 1 with the matching Reserve / Customs House.
    #[inline]
    pub fn trade_prices(&self, seat: usize) -> [u16; 5] {
        self.prices[seat]
    }

    /// Recomputes both trade price tables and the cost of every unbuilt Wonder; called
    /// whenever something they depend on changes (production, a trade discount, a choice
    /// production, Architecture, the draft's end), never on the per-move path.
    pub(super) fn refresh_costs(&mut self) {
        self.refresh_prices();
        for seat in 0..2 {
            let waive = self.players[seat].wonder_waive();
            // All four, built or not: a fixed loop is cheaper than skipping.
            for i in 0..self.players[seat].num_wonders as usize {
                let w = self.players[seat].wonders[i];
                self.wonder_costs[seat][i] = self
                    .purchase_packed(seat, WONDER_COSTS_PACKED[w as usize], waive)
                    .1;
            }
        }
    }

    pub(super) fn refresh_prices(&mut self) {
        for seat in 0..2 {
            let me = &self.players[seat];
            let opp = &self.players[1 - seat];
            let prices = std::array::from_fn(|r| {
                if me.trade_at_one >> r & 1 == 1 {
                    1
                } else {
                    2 + opp.production.0[r] as u16
                }
            });
            // A seat's own production, choices and tokens leave its prices as they were.
            if prices != self.prices[seat] {
                self.prices[seat] = prices;
                self.dearest[seat] = DearestFirst::new(&prices);
                self.prices_reversed[seat] = prices_reversed(&prices);
            }
            self.production[seat] = self.players[seat].production.packed();
        }
    }

    /// Coins `seat` must spend on trade to have `need`, using its own production optimally:
    /// choice productions cover the most expensive missing units of their group, then `waive`
    /// units (Architecture, Masonry) drop the most expensive units left.
    #[inline]
    pub fn trade_cost(&self, seat: usize, need: Resources, waive: u8) -> u16 {
        self.purchase(seat, need, waive).1
    }

    /// The units of each resource `seat` buys to have `need`, and what they cost (see
    /// [`Duel::trade_cost`]).
    #[inline(always)]
    pub fn purchase(&self, seat: usize, need: Resources, waive: u8) -> (Resources, u16) {
        let (missing, cost) = self.purchase_packed(seat, need.packed(), waive);
        (Resources::unpack(missing), cost)
    }

    /// [`Duel::purchase`] on a packed need, giving the packed units bought.
    #[inline(always)]
    pub(super) fn purchase_packed(&self, seat: usize, need: u64, waive: u8) -> (u64, u16) {
        let me = &self.players[seat];
        let order = &self.dearest[seat];
        debug_assert_eq!(
            self.production[seat],
            me.production.packed(),
            "stale production"
        );
        let mut missing = missing_units(need, self.production[seat]);
        // The two choice groups are disjoint and waived units fit anything, so covering each
        // group's dearest missing units first, then waiving the dearest units left, is
        // optimal. The tests depend on the seat, not the card: they predict well.
        if me.choice_raw > 0 {
            missing = cover_dearest(missing, &order.raw, me.choice_raw);
        }
        if me.choice_goods > 0 {
            missing = cover_dearest(missing, &order.goods, me.choice_goods);
        }
        if waive > 0 {
            missing = cover_dearest(missing, &order.all, waive);
        }
        (missing, lane_dot(missing, self.prices_reversed[seat]))
    }

    /// `(total coins, of which trade)` for `seat` to build `card`; a chain makes it free.
    #[inline]
    pub fn card_cost(&self, seat: usize, card: CardId) -> (u16, u16) {
        if self.players[seat].has(Progress::Engineering) {
            self.card_cost_in::<true>(seat, card)
        } else {
            self.card_cost_in::<false>(seat, card)
        }
    }

    /// [`Duel::card_cost`] for a seat that owns (`ENGINEERING`) Pantheon's Engineering token
    /// or not: the token is tested once per turn, not once per card.
    #[inline(always)]
    pub(super) fn card_cost_in<const ENGINEERING: bool>(
        &self,
        seat: usize,
        card: CardId,
    ) -> (u16, u16) {
        let c = &CARDS[card as usize];
        let me = &self.players[seat];
        debug_assert_eq!(ENGINEERING, me.has(Progress::Engineering));
        // Written without branches on the card: a random game's choices defeat prediction.
        let chained = me.chains & c.chain_from_mask() != 0;
        let trade = self
            .purchase_packed(seat, CARD_COSTS_PACKED[card as usize], me.card_waive(c))
            .1;
        let total = c.cost_coins as u16 + trade;
        if chained {
            (0, 0)
        } else if ENGINEERING && c.chain_from.is_some() && total >= 1 {
            // Pantheon's Engineering: a card showing a chain symbol costs 1 coin (no trade,
            // and not a chain build).
            (ENGINEERING_PRICE as u16, 0)
        } else {
            (total, trade)
        }
    }

    /// Whether `seat` would build `card` for free through a chain.
    #[inline]
    pub fn is_chain_build(&self, seat: usize, card: CardId) -> bool {
        CARDS[card as usize]
            .chain_from
            .is_some_and(|chain| self.players[seat].chains >> chain as u32 & 1 == 1)
    }

    /// Coins (all of them trade) for `seat` to build `wonder`.
    #[inline]
    pub fn wonder_cost(&self, seat: usize, wonder: WonderId) -> u16 {
        let p = &self.players[seat];
        match p.wonders[..p.num_wonders as usize]
            .iter()
            .position(|&w| w == wonder)
        {
            Some(i) => self.wonder_costs[seat][i],
            None => self.trade_cost(seat, WONDERS[wonder as usize].cost, p.wonder_waive()),
        }
    }

    /// Coins `seat` gets for discarding: 2 + 1 per yellow card in its city.
    #[inline]
    pub fn discard_value(&self, seat: usize) -> u16 {
        2 + self.players[seat].colors[Color::Yellow as usize] as u16
    }
}
