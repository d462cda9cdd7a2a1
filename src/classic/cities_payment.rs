//! Paying for a build with Cities' rebates: the Clandestine Wharves (1 coin off the turn's
//! purchases from one neighbour) and Smuggler's Cache (1 coin off a neighbour's starting
//! resource) stack, and a side's payment never goes below 0:
//! `max(0, units × prices − rebates)` per neighbour.
//!
//! Own production is used first, as in [`super::payment::quote`] (only what the city lacks is
//! bought). With rebates the cheapest purchase is no longer the one with the lowest price
//! total (a rebate may make a dearer side free), so the leaves enumerate every way to split
//! each needed resource between the neighbours; costs need a handful of units, so this stays
//! small. Secret Warehouse and Black Market are own "one of" groups of the buyer's supply
//! (never in what a neighbour sells). Everything works on the stack.

use super::data::RESOURCES;
use super::payment::{Prices, Quote, Supply};

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
    let mut need = [0u8; RESOURCES];
    for r in 0..RESOURCES {
        need[r] = cost[r].saturating_sub(own.fixed[r]);
    }
    let mut search = Search {
        left,
        right,
        prices,
        rebates,
        total: u32::MAX,
        splits: 0,
    };
    search.use_own(&mut need, own.choices());
    (search.total != u32::MAX).then_some(Quote {
        total: search.total as u8,
        left: search.splits,
    })
}

struct Search<'a> {
    left: &'a Supply,
    right: &'a Supply,
    prices: &'a Prices,
    rebates: &'a Rebates,
    total: u32,
    splits: u64,
}

#[inline]
fn needed(need: &[u8; RESOURCES]) -> u8 {
    let mut m = 0;
    for (r, &n) in need.iter().enumerate() {
        if n > 0 {
            m |= 1 << r;
        }
    }
    m
}

impl Search<'_> {
    fn offer(&mut self, to_left: u32, to_right: u32) {
        let total = to_left + to_right;
        if total < self.total {
            self.total = total;
            self.splits = 1 << to_left;
        } else if total == self.total {
            self.splits |= 1 << to_left;
        }
    }

    /// Own "one of" groups first: a group that can help is always used (it costs nothing).
    fn use_own(&mut self, need: &mut [u8; RESOURCES], choices: &[u8]) {
        let nm = needed(need);
        if nm == 0 {
            self.offer(0, 0);
            return;
        }
        let mut rest = choices;
        while let Some((&c, tail)) = rest.split_first() {
            let m = c & nm;
            if m != 0 {
                let mut bits = m;
                while bits != 0 {
                    let r = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    need[r] -= 1;
                    self.use_own(need, tail);
                    need[r] += 1;
                }
                return;
            }
            rest = tail;
        }
        let mut sl = self.left.fixed;
        let mut sr = self.right.fixed;
        let (lch, rch) = (self.left.choices(), self.right.choices());
        self.supply(need, nm, &mut sl, &mut sr, lch, rch);
    }

    /// The neighbours' "one of" groups, each given to one needed resource.
    fn supply(
        &mut self,
        need: &[u8; RESOURCES],
        nm: u8,
        sl: &mut [u8; RESOURCES],
        sr: &mut [u8; RESOURCES],
        lch: &[u8],
        rch: &[u8],
    ) {
        let mut rest = lch;
        while let Some((&c, tail)) = rest.split_first() {
            let m = c & nm;
            if m != 0 {
                let mut bits = m;
                while bits != 0 {
                    let r = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    sl[r] += 1;
                    self.supply(need, nm, sl, sr, tail, rch);
                    sl[r] -= 1;
                }
                return;
            }
            rest = tail;
        }
        let mut rest = rch;
        while let Some((&c, tail)) = rest.split_first() {
            let m = c & nm;
            if m != 0 {
                let mut bits = m;
                while bits != 0 {
                    let r = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    sr[r] += 1;
                    self.supply(need, nm, sl, sr, &[], tail);
                    sr[r] -= 1;
                }
                return;
            }
            rest = tail;
        }
        self.split(need, nm, sl, sr, 0, 0, [false; 2]);
    }

    /// Every split of the first needed resource of `nm` between the neighbours, then the rest;
    /// at the end, the rebates. `spent` = coins before rebates per side, `start` = whether each
    /// neighbour's starting resource was bought from it.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        need: &[u8; RESOURCES],
        nm: u8,
        sl: &[u8; RESOURCES],
        sr: &[u8; RESOURCES],
        spent_left: u32,
        spent_right: u32,
        start: [bool; 2],
    ) {
        if nm == 0 {
            let rb = self.rebates;
            let off = |side: usize| {
                u32::from(rb.wharf[side]) + u32::from(rb.cache) * u32::from(start[side])
            };
            self.offer(
                spent_left.saturating_sub(off(0)),
                spent_right.saturating_sub(off(1)),
            );
            return;
        }
        let r = nm.trailing_zeros() as usize;
        let rest = nm & (nm - 1);
        let n = need[r];
        let lo = n.saturating_sub(sr[r]);
        let hi = n.min(sl[r]);
        let (pl, pr) = (u32::from(self.prices[0][r]), u32::from(self.prices[1][r]));
        let is_start = |side: usize| self.rebates.start[side] == Some(r as u8);
        for x in lo..=hi {
            let y = n - x;
            let start = [
                start[0] || (x > 0 && is_start(0)),
                start[1] || (y > 0 && is_start(1)),
            ];
            self.split(
                need,
                rest,
                sl,
                sr,
                spent_left + u32::from(x) * pl,
                spent_right + u32::from(y) * pr,
                start,
            );
        }
    }
}
