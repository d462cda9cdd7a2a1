//! Paying for a build with Cities' rebates: the Clandestine Wharves (1 coin off the turn's
//! purchases from one neighbour) and Smuggler's Cache (1 coin off a neighbour's starting
//! resource) stack, and a side's payment never goes below 0:
//! `max(0, units × prices − rebates)` per neighbour.
//!
//! Own production is used first and the neighbours' "one of" groups are given out as in
//! [`super::payment::quote`]: the walk is the same one. Only the leaves differ: with rebates
//! the cheapest purchase is no longer the one with the lowest price total (a rebate may make a
//! dearer side free), so they enumerate every way to split each needed resource between the
//! neighbours; costs need a handful of units, so this stays small. Secret Warehouse and Black
//! Market are own "one of" groups of the buyer's supply (never in what a neighbour sells).

use super::data::RESOURCES;
use super::payment::{search, Best, Prices, Pricing, Quote, Supply};

/// The rebates a buyer has this turn, per neighbour (index 0 = left, 1 = right).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rebates {
    /// Clandestine Wharves: coins off the turn's purchases from that neighbour.
    pub wharf: [u8; 2],
    /// Smuggler's Cache: coins off when the neighbour's starting resource is bought from it.
    pub cache: u8,
    /// Resource index of each neighbour's starting resource (`None` for a board without one).
    pub start: [Option<u8>; 2],
}

impl Rebates {
    /// True when no rebate applies: the base search answers.
    pub fn is_none(&self) -> bool {
        self.wharf == [0, 0] && self.cache == 0
    }
}

/// The cheapest ways to pay `cost` with `own` production, buying the rest from `left` and
/// `right` at `prices`, after `rebates`. The quote's splits are the coins actually paid to each
/// side. `None` when the neighbours cannot supply the cost.
pub fn quote_with_rebates(
    cost: &[u8; RESOURCES],
    own: &Supply,
    left: &Supply,
    right: &Supply,
    prices: &Prices,
    rebates: &Rebates,
) -> Option<Quote> {
    if rebates.is_none() {
        return super::payment::quote(cost, own, left, right, prices);
    }
    search(cost, own, left, right, prices, rebates)
}

impl Pricing for Rebates {
    fn price(
        &self,
        need: &[u8; RESOURCES],
        nm: u8,
        sl: &[u8; RESOURCES],
        sr: &[u8; RESOURCES],
        prices: &Prices,
        best: &mut Best,
    ) {
        self.split(need, nm, sl, sr, prices, [0, 0], [false; 2], best);
    }
}

impl Rebates {
    /// Every split of the first needed resource of `nm` between the neighbours, then the rest;
    /// at the end, the rebates. `spent` = coins before rebates per side, `start` = whether each
    /// neighbour's starting resource was bought from it.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &self,
        need: &[u8; RESOURCES],
        nm: u8,
        sl: &[u8; RESOURCES],
        sr: &[u8; RESOURCES],
        prices: &Prices,
        spent: [u32; 2],
        start: [bool; 2],
        best: &mut Best,
    ) {
        if nm == 0 {
            let off = |side: usize| {
                u32::from(self.wharf[side]) + u32::from(self.cache) * u32::from(start[side])
            };
            let to_left = spent[0].saturating_sub(off(0));
            let to_right = spent[1].saturating_sub(off(1));
            best.offer(to_left + to_right, 1 << to_left);
            return;
        }
        let r = nm.trailing_zeros() as usize;
        let rest = nm & (nm - 1);
        let n = need[r];
        let lo = n.saturating_sub(sr[r]);
        let hi = n.min(sl[r]);
        let (pl, pr) = (u32::from(prices[0][r]), u32::from(prices[1][r]));
        let is_start = |side: usize| self.start[side] == Some(r as u8);
        for x in lo..=hi {
            let y = n - x;
            let start = [
                start[0] || (x > 0 && is_start(0)),
                start[1] || (y > 0 && is_start(1)),
            ];
            let spent = [spent[0] + u32::from(x) * pl, spent[1] + u32::from(y) * pr];
            self.split(need, rest, sl, sr, prices, spent, start, best);
        }
    }
}
