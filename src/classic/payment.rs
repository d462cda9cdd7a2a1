//! Paying for a build: the cheapest ways to cover a resource cost from the city's own
//! production and from what its two neighbours sell.
//!
//! Own production is always used first (it is free). What remains is bought: each neighbour
//! sells its fixed production (starting resource, brown and grey cards) and its brown "one of"
//! cards, each symbol once per turn, at the buyer's price for that neighbour and resource
//! (2 coins, or 1 with a discount). The search returns the lowest total and *every* way of
//! splitting that total between the two neighbours: who receives the coins matters, so each
//! split is a distinct legal action.
//!
//! The search is a depth-first walk over the "one of" cards that can still help (an own card
//! is always used when it can help: it costs nothing; a neighbour's card is given to one of
//! the needed resources: more supply never hurts), with a closed form at the leaves: per
//! resource, buy from the cheaper neighbour first; at equal prices every feasible split costs
//! the same and the achievable left payments form an interval. It works on the stack only.
//!
//! The walk is the one search of the game: what happens at its leaves is a `Pricing`: the
//! closed form above for the base game, or Cities' rebates ([`super::cities_payment`]), where
//! a rebate may make a dearer side free and the leaf enumerates the splits instead.

use super::data::RESOURCES;

/// Most "one of" groups a city can hold (six brown cards, Caravansery, Forum, two stages).
pub const MAX_CHOICES: usize = 12;

/// Production of a city: fixed units per resource, plus groups that give one resource of a
/// set (a bitmask over [`super::Resource`] indices) per turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Supply {
    pub fixed: [u8; RESOURCES],
    choices: [u8; MAX_CHOICES],
    len: u8,
}

impl Supply {
    /// Adds `count` fixed units of resource index `r`.
    #[inline]
    pub fn add_fixed(&mut self, r: usize, count: u8) {
        self.fixed[r] += count;
    }

    /// Adds a group giving one resource of `mask` per turn.
    #[inline]
    pub fn add_choice(&mut self, mask: u8) {
        assert!((self.len as usize) < MAX_CHOICES, "too many choice groups");
        self.choices[self.len as usize] = mask;
        self.len += 1;
    }

    /// The "one of" groups, as resource bitmasks.
    #[inline]
    pub fn choices(&self) -> &[u8] {
        &self.choices[..self.len as usize]
    }
}

/// Price per resource when buying from the left (index 0) and the right (index 1) neighbour.
pub type Prices = [[u8; RESOURCES]; 2];

/// The standard prices: 2 coins everywhere.
pub const FULL_PRICES: Prices = [[2; RESOURCES]; 2];

/// The cheapest ways to pay a resource cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quote {
    /// Lowest total paid to the neighbours.
    pub total: u8,
    /// Bit `x` set: paying `x` to the left neighbour and `total - x` to the right one is a
    /// cheapest way.
    pub left: u64,
}

impl Quote {
    /// Every cheapest split `(to_left, to_right)`, the smallest left payment first.
    pub fn splits(self) -> impl Iterator<Item = (u8, u8)> {
        let total = self.total;
        let mut bits = self.left;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let x = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some((x, total - x))
        })
    }

    /// The canonical split used when splits are collapsed: the one paying the left neighbour
    /// the least.
    #[inline]
    pub fn canonical(self) -> (u8, u8) {
        let x = self.left.trailing_zeros() as u8;
        (x, self.total - x)
    }

    /// True when `(to_left, to_right)` is one of the cheapest splits.
    #[inline]
    pub fn allows(self, to_left: u8, to_right: u8) -> bool {
        to_left as u32 + to_right as u32 == self.total as u32
            && to_left < 64
            && self.left >> to_left & 1 == 1
    }
}

/// How the search prices a purchase once every "one of" group has been given out: each
/// neighbour now sells fixed units only (`sl`, `sr`), and `need` (the resources of mask `nm`)
/// must be bought. Every cheapest `(to_left, to_right)` found goes to `best`.
pub(crate) trait Pricing {
    #[allow(clippy::too_many_arguments)]
    fn price(
        &self,
        need: &[u8; RESOURCES],
        nm: u8,
        sl: &[u8; RESOURCES],
        sr: &[u8; RESOURCES],
        prices: &Prices,
        best: &mut Best,
    );
}

/// The base game's pricing: per resource, the cheaper neighbour first (see the module doc).
struct ClosedForm;

impl Pricing for ClosedForm {
    #[inline]
    fn price(
        &self,
        need: &[u8; RESOURCES],
        nm: u8,
        sl: &[u8; RESOURCES],
        sr: &[u8; RESOURCES],
        prices: &Prices,
        best: &mut Best,
    ) {
        leaf(need, nm, sl, sr, prices, best)
    }
}

struct Market<'a, P> {
    left: &'a Supply,
    right: &'a Supply,
    prices: &'a Prices,
    pricing: &'a P,
}

/// The lowest total found so far, and every left payment reaching it (bit `x`: `x` to the
/// left neighbour).
pub(crate) struct Best {
    total: u32,
    left: u64,
}

impl Best {
    #[inline]
    pub(crate) fn offer(&mut self, total: u32, left: u64) {
        if total < self.total {
            self.total = total;
            self.left = left;
        } else if total == self.total {
            self.left |= left;
        }
    }
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

/// The cheapest ways to pay `cost` (resources only) with `own` production, buying the rest
/// from `left` and `right` at `prices`. `None` when the neighbours cannot supply it.
pub fn quote(
    cost: &[u8; RESOURCES],
    own: &Supply,
    left: &Supply,
    right: &Supply,
    prices: &Prices,
) -> Option<Quote> {
    search(cost, own, left, right, prices, &ClosedForm)
}

/// [`quote`] with the leaves priced by `pricing`.
pub(crate) fn search<P: Pricing>(
    cost: &[u8; RESOURCES],
    own: &Supply,
    left: &Supply,
    right: &Supply,
    prices: &Prices,
    pricing: &P,
) -> Option<Quote> {
    let mut need = [0u8; RESOURCES];
    for r in 0..RESOURCES {
        need[r] = cost[r].saturating_sub(own.fixed[r]);
    }
    if needed(&need) == 0 {
        return Some(Quote { total: 0, left: 1 });
    }
    let market = Market {
        left,
        right,
        prices,
        pricing,
    };
    let mut best = Best {
        total: u32::MAX,
        left: 0,
    };
    use_own(&mut need, own.choices(), &market, &mut best);
    (best.total != u32::MAX).then_some(Quote {
        total: best.total as u8,
        left: best.left,
    })
}

fn use_own<P: Pricing>(
    need: &mut [u8; RESOURCES],
    choices: &[u8],
    market: &Market<P>,
    best: &mut Best,
) {
    if best.total == 0 {
        return;
    }
    let nm = needed(need);
    if nm == 0 {
        best.offer(0, 1);
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
                use_own(need, tail, market, best);
                need[r] += 1;
            }
            return;
        }
        rest = tail;
    }
    let mut sl = market.left.fixed;
    let mut sr = market.right.fixed;
    buy(
        need,
        nm,
        &mut sl,
        &mut sr,
        market.left.choices(),
        market.right.choices(),
        market,
        best,
    );
}

/// The neighbours' "one of" groups, each given to one needed resource, then the leaf.
#[allow(clippy::too_many_arguments)]
fn buy<P: Pricing>(
    need: &[u8; RESOURCES],
    nm: u8,
    sl: &mut [u8; RESOURCES],
    sr: &mut [u8; RESOURCES],
    lch: &[u8],
    rch: &[u8],
    market: &Market<P>,
    best: &mut Best,
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
                buy(need, nm, sl, sr, tail, rch, market, best);
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
                buy(need, nm, sl, sr, &[], tail, market, best);
                sr[r] -= 1;
            }
            return;
        }
        rest = tail;
    }
    market.pricing.price(need, nm, sl, sr, market.prices, best);
}

#[inline]
fn leaf(
    need: &[u8; RESOURCES],
    nm: u8,
    sl: &[u8; RESOURCES],
    sr: &[u8; RESOURCES],
    prices: &Prices,
    best: &mut Best,
) {
    let mut total = 0u32;
    let mut lset: u64 = 1;
    let mut bits = nm;
    while bits != 0 {
        let r = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let (n, a, b) = (need[r] as u32, sl[r] as u32, sr[r] as u32);
        if a + b < n {
            return;
        }
        let (pl, pr) = (prices[0][r] as u32, prices[1][r] as u32);
        if pl < pr {
            let x = n.min(a);
            total += x * pl + (n - x) * pr;
            lset <<= x * pl;
        } else if pl > pr {
            let y = n.min(b);
            let x = n - y;
            total += x * pl + y * pr;
            lset <<= x * pl;
        } else {
            total += n * pl;
            let lo = n.saturating_sub(b);
            let hi = n.min(a);
            let mut acc = 0u64;
            for x in lo..=hi {
                acc |= lset << (x * pl);
            }
            lset = acc;
        }
        if total > best.total {
            return;
        }
    }
    best.offer(total, lset);
}

/// What was bought from each neighbour, per resource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Purchase {
    pub left: [u8; RESOURCES],
    pub right: [u8; RESOURCES],
}

/// One purchase plan paying exactly `to_left` and `to_right` (a cheapest split from
/// [`quote`]); used to explain a payment in logs, not on the hot path.
pub fn purchase_for(
    cost: &[u8; RESOURCES],
    own: &Supply,
    left: &Supply,
    right: &Supply,
    prices: &Prices,
    to_left: u8,
    to_right: u8,
) -> Option<Purchase> {
    let mut need = [0u8; RESOURCES];
    for r in 0..RESOURCES {
        need[r] = cost[r].saturating_sub(own.fixed[r]);
    }
    let mut found = None;
    plan_own(
        &mut need,
        own.choices(),
        left,
        right,
        prices,
        (to_left, to_right),
        &mut found,
    );
    found
}

fn plan_own(
    need: &mut [u8; RESOURCES],
    choices: &[u8],
    left: &Supply,
    right: &Supply,
    prices: &Prices,
    want: (u8, u8),
    found: &mut Option<Purchase>,
) {
    if found.is_some() {
        return;
    }
    let nm = needed(need);
    if let Some((&c, tail)) = choices.split_first() {
        let m = c & nm;
        if m == 0 {
            return plan_own(need, tail, left, right, prices, want, found);
        }
        let mut bits = m;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            need[r] -= 1;
            plan_own(need, tail, left, right, prices, want, found);
            need[r] += 1;
        }
        return;
    }
    let (mut sl, mut sr) = (left.fixed, right.fixed);
    plan_buy(
        need,
        &mut sl,
        &mut sr,
        left.choices(),
        right.choices(),
        prices,
        want,
        found,
    );
}

#[allow(clippy::too_many_arguments)]
fn plan_buy(
    need: &[u8; RESOURCES],
    sl: &mut [u8; RESOURCES],
    sr: &mut [u8; RESOURCES],
    lch: &[u8],
    rch: &[u8],
    prices: &Prices,
    want: (u8, u8),
    found: &mut Option<Purchase>,
) {
    if found.is_some() {
        return;
    }
    let nm = needed(need);
    let (side, rest) = match (lch.split_first(), rch.split_first()) {
        (Some((&c, t)), _) => ((0, c), (t, rch)),
        (None, Some((&c, t))) => ((1, c), (lch, t)),
        (None, None) => {
            let mut p = Purchase::default();
            if split_exact(
                need,
                sl,
                sr,
                prices,
                0,
                want.0 as u32,
                want.1 as u32,
                &mut p,
            ) {
                *found = Some(p);
            }
            return;
        }
    };
    let m = side.1 & nm;
    if m == 0 {
        return plan_buy(need, sl, sr, rest.0, rest.1, prices, want, found);
    }
    let mut bits = m;
    while bits != 0 {
        let r = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let s = if side.0 == 0 { &mut *sl } else { &mut *sr };
        s[r] += 1;
        plan_buy(need, sl, sr, rest.0, rest.1, prices, want, found);
        let s = if side.0 == 0 { &mut *sl } else { &mut *sr };
        s[r] -= 1;
    }
}

#[allow(clippy::too_many_arguments)]
fn split_exact(
    need: &[u8; RESOURCES],
    sl: &[u8; RESOURCES],
    sr: &[u8; RESOURCES],
    prices: &Prices,
    r: usize,
    want_left: u32,
    want_right: u32,
    out: &mut Purchase,
) -> bool {
    if r == RESOURCES {
        return want_left == 0 && want_right == 0;
    }
    let n = need[r];
    for x in 0..=n.min(sl[r]) {
        let y = n - x;
        if y > sr[r] {
            continue;
        }
        let (cl, cr) = (
            x as u32 * prices[0][r] as u32,
            y as u32 * prices[1][r] as u32,
        );
        if cl > want_left || cr > want_right {
            continue;
        }
        out.left[r] = x;
        out.right[r] = y;
        if split_exact(
            need,
            sl,
            sr,
            prices,
            r + 1,
            want_left - cl,
            want_right - cr,
            out,
        ) {
            return true;
        }
    }
    false
}

/// Every resource, as a "one of" mask.
pub const ANY_RESOURCE: u8 = (1 << RESOURCES) - 1;

/// A Leaders discount (Hammurabi, Leonidas, Archimedes on their colour, Imhotep on stages):
/// one resource of the buyer's choice is not paid, which is a wild own resource for that
/// build. The city's production with one more "one of" group of every resource (a copy on the
/// stack, read by [`quote`] like any other own production).
#[inline]
pub fn with_wild(own: &Supply) -> Supply {
    let mut s = *own;
    s.add_choice(ANY_RESOURCE);
    s
}

/// The cheapest ways to pay a build or a stage when Bilkis may buy one unit from the bank: the
/// plain splits between the neighbours, and the splits with the bank's unit (its `price` more
/// to the bank). Only ways reaching the lowest total are kept; their neighbour totals differ
/// by the price, so a split names its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ways {
    pub plain: Option<Quote>,
    pub unit: Option<(Quote, u8)>,
}

/// Bilkis (Leaders): `plain` (the cheapest neighbour payments of `resources`) beside the
/// cheapest ways that buy one unit of them from the bank for `price`; only the lowest totals
/// stay. `quote_rest` quotes what is left once one unit comes from the bank (the engine's own
/// quote: the bank's coin is added to the coins it checks).
pub fn with_bank_unit(
    resources: &[u8; RESOURCES],
    price: u8,
    plain: Option<Quote>,
    mut quote_rest: impl FnMut(&[u8; RESOURCES]) -> Option<Quote>,
) -> Ways {
    let mut best: Option<Quote> = None;
    for r in 0..RESOURCES {
        if resources[r] == 0 {
            continue;
        }
        let mut rest = *resources;
        rest[r] -= 1;
        let Some(q) = quote_rest(&rest) else {
            continue;
        };
        best = match best {
            Some(b) if b.total < q.total => Some(b),
            Some(b) if b.total == q.total => Some(Quote {
                total: b.total,
                left: b.left | q.left,
            }),
            _ => Some(q),
        };
    }
    let unit_total = best.map(|u| u.total as u32 + price as u32);
    match (plain, unit_total) {
        (Some(p), Some(t)) if t < p.total as u32 => Ways {
            plain: None,
            unit: best.map(|u| (u, price)),
        },
        (Some(p), Some(t)) if t == p.total as u32 => Ways {
            plain,
            unit: best.map(|u| (u, price)),
        },
        (Some(_), _) => Ways { plain, unit: None },
        (None, _) => Ways {
            plain: None,
            unit: best.map(|u| (u, price)),
        },
    }
}
