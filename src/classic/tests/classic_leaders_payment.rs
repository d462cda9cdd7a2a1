//! The payment search with the Leaders additions against a brute force: a discount leader's
//! wild own resource (one resource of the buyer's choice is not paid) and Bilkis's unit from
//! the bank for 1 coin, alone and together, on random cities.

#![allow(clippy::needless_range_loop)] // index loops read best in a brute force

use crate::payment_support;

use payment_support::{brute_force, random_cost, random_prices, random_supply};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_classic::payment::{quote, with_bank_unit, with_wild, Prices, Quote, Supply, Ways};

const CASES: usize = 20_000;

/// `(left, right, bank coin)` payments at the lowest total `left + right + bank`.
type Payments = Option<(u32, Vec<(u32, u32, u32)>)>;

/// The brute force's own reading of the rules: the discount is one unit of the cost, of the
/// buyer's choice (or none), not paid; Bilkis buys one unit of the cost (or none) for 1 coin.
fn brute_force_leaders(
    cost: &[u8; 7],
    own: &Supply,
    left: &Supply,
    right: &Supply,
    prices: &Prices,
    discount: bool,
    bilkis: bool,
) -> Payments {
    let mut all: Vec<(u32, u32, u32)> = Vec::new();
    let less = |c: &[u8; 7], r: Option<usize>| {
        let mut c = *c;
        if let Some(r) = r {
            c[r] -= 1;
        }
        c
    };
    let units = |c: &[u8; 7]| {
        let mut v = vec![None];
        v.extend((0..7).filter(|&r| c[r] > 0).map(Some));
        v
    };
    let free = if discount { units(cost) } else { vec![None] };
    for d in free {
        let c = less(cost, d);
        let bank = if bilkis { units(&c) } else { vec![None] };
        for b in bank {
            let c = less(&c, b);
            if let Some((_, splits)) = brute_force(&c, own, left, right, prices) {
                let coin = b.is_some() as u32;
                all.extend(splits.into_iter().map(|(l, r)| (l, r, coin)));
            }
        }
    }
    let best = all.iter().map(|&(l, r, b)| l + r + b).min()?;
    all.retain(|&(l, r, b)| l + r + b == best);
    all.sort();
    all.dedup();
    Some((best, all))
}

/// The engine's way: the wild resource is own production; Bilkis's ways are the engine's own
/// [`with_bank_unit`] over the base quote, at 1 coin to the bank.
fn engine(
    cost: &[u8; 7],
    own: &Supply,
    left: &Supply,
    right: &Supply,
    prices: &Prices,
    discount: bool,
    bilkis: bool,
) -> Payments {
    let own = if discount { with_wild(own) } else { *own };
    let plain = quote(cost, &own, left, right, prices);
    let ways = if bilkis {
        with_bank_unit(cost, 1, plain, |rest| {
            quote(rest, &own, left, right, prices)
        })
    } else {
        Ways { plain, unit: None }
    };
    let listed = [
        ways.plain.map(|q| (q, 0)),
        ways.unit.map(|(q, price)| (q, u32::from(price))),
    ];
    let totals: Vec<u32> = listed
        .iter()
        .flatten()
        .map(|(q, b)| q.total as u32 + b)
        .collect();
    let best = *totals.iter().min()?;
    assert!(
        totals.iter().all(|&t| t == best),
        "a dearer way was kept: {ways:?}"
    );
    let mut all = Vec::new();
    for (q, b) in listed.into_iter().flatten() {
        all.extend(q.splits().map(|(l, r)| (l as u32, r as u32, b)));
    }
    all.sort();
    Some((best, all))
}

#[test]
fn leader_payments_match_brute_force() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let (mut discount_helped, mut bank_used, mut both_ways) = (0, 0, 0);
    for case in 0..CASES {
        let cost = random_cost(&mut rng);
        let own = random_supply(&mut rng, 3, true);
        let left = random_supply(&mut rng, 2, false);
        let right = random_supply(&mut rng, 2, false);
        let prices = random_prices(&mut rng);
        let (discount, bilkis) = (rng.random_range(0..2) == 1, rng.random_range(0..2) == 1);
        let got = engine(&cost, &own, &left, &right, &prices, discount, bilkis);
        let want = brute_force_leaders(&cost, &own, &left, &right, &prices, discount, bilkis);
        assert_eq!(
            got, want,
            "case {case}: cost {cost:?} own {own:?} left {left:?} right {right:?} prices \
             {prices:?} discount {discount} bilkis {bilkis}"
        );
        let plain = quote(&cost, &own, &left, &right, &prices).map(|q: Quote| q.total as u32);
        if let Some((best, payments)) = got {
            if discount && plain.is_none_or(|p| best < p) {
                discount_helped += 1;
            }
            if payments.iter().any(|p| p.2 == 1) {
                bank_used += 1;
                if payments.iter().any(|p| p.2 == 0) {
                    both_ways += 1;
                }
            }
        }
    }
    // The generator covers the interesting cases.
    assert!(discount_helped > CASES / 20, "{discount_helped}");
    assert!(bank_used > CASES / 20, "{bank_used}");
    assert!(both_ways > CASES / 200, "{both_ways}");
}

#[test]
fn a_discount_covers_one_missing_resource_of_the_buyers_choice() {
    // A card costing 2 ore + glass, nothing produced, ore at 2 and glass at 1 from the left:
    // the discount drops an ore (the dearest unit), leaving ore 2 + glass 1.
    let cost = [0, 0, 0, 2, 1, 0, 0];
    let mut left = Supply::default();
    left.add_fixed(3, 2);
    left.add_fixed(4, 1);
    let mut prices = [[2; 7]; 2];
    prices[0][4] = 1;
    let none = Supply::default();
    let q = quote(&cost, &with_wild(&none), &left, &none, &prices).unwrap();
    assert_eq!((q.total, q.canonical()), (3, (3, 0)));
    // Bilkis: one ore from the bank (1 coin), the rest from the left (2 + 1): 4 in all, less
    // than the plain 2 × 2 + 1 = 5, so only the bank's way stays.
    let quote_rest = |rest: &[u8; 7]| quote(rest, &none, &left, &none, &prices);
    let plain = quote(&cost, &none, &left, &none, &prices);
    assert_eq!(plain.map(|q| q.total), Some(5));
    let ways = with_bank_unit(&cost, 1, plain, quote_rest);
    assert_eq!(ways.plain, None);
    let (b, price) = ways.unit.unwrap();
    assert_eq!((b.total, b.canonical(), price), (3, (3, 0), 1));
    // Nothing to buy: no neighbour can supply textile, but the bank can.
    let textile = [0, 0, 0, 0, 0, 1, 0];
    let q = quote(&textile, &none, &left, &none, &prices);
    assert!(q.is_none());
    let ways = with_bank_unit(&textile, 1, q, quote_rest);
    assert_eq!(ways.plain, None);
    assert_eq!(ways.unit.map(|(b, price)| (b.total, price)), Some((0, 1)));
}
