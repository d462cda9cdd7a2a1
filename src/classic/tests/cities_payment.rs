//! The payment search with Cities' rebates (Clandestine Wharves, Smuggler's Cache) against a
//! brute-force enumeration of every purchase, on random cities; and, with rebates that change
//! nothing, against the base search.

#![allow(clippy::needless_range_loop)] // index loops read best in a brute force

use crate::payment_support;

use payment_support::{assignments, random_prices};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_classic::cities_payment::{quote_with_rebates, Rebates};
use wonders_classic::payment::{quote, Prices, Quote, Supply};

const CASES: usize = 50_000;

/// Lowest total and every (left, right) payment reaching it, by brute force: every supply of
/// the neighbours, every purchase per resource, then `max(0, coins − rebates)` per side.
/// `own` has fixed production only (what it lacks is then unambiguous).
fn brute_force(
    cost: &[u8; 7],
    own: &Supply,
    left: &Supply,
    right: &Supply,
    prices: &Prices,
    rb: &Rebates,
) -> Option<(u32, Vec<(u32, u32)>)> {
    let (mut lefts, mut rights) = (Vec::new(), Vec::new());
    assignments(left.choices(), left.fixed, &mut lefts);
    assignments(right.choices(), right.fixed, &mut rights);
    let need: Vec<u8> = (0..7)
        .map(|r| cost[r].saturating_sub(own.fixed[r]))
        .collect();
    let mut paid = Vec::new();
    for sl in &lefts {
        for sr in &rights {
            // (coins left, coins right, starting resource bought left, ... right)
            let mut plans = vec![(0u32, 0u32, false, false)];
            for r in 0..7 {
                let n = need[r];
                let mut next = Vec::new();
                for x in 0..=n {
                    let y = n - x;
                    if x > sl[r] || y > sr[r] {
                        continue;
                    }
                    for &(l, rr, a, b) in &plans {
                        next.push((
                            l + x as u32 * prices[0][r] as u32,
                            rr + y as u32 * prices[1][r] as u32,
                            a || (x > 0 && rb.start[0] == Some(r as u8)),
                            b || (y > 0 && rb.start[1] == Some(r as u8)),
                        ));
                    }
                }
                plans = next;
            }
            for (l, r, a, b) in plans {
                let off_l = rb.wharf[0] as u32 + if a { rb.cache as u32 } else { 0 };
                let off_r = rb.wharf[1] as u32 + if b { rb.cache as u32 } else { 0 };
                paid.push((l.saturating_sub(off_l), r.saturating_sub(off_r)));
            }
        }
    }
    let best = paid.iter().map(|&(l, r)| l + r).min()?;
    let mut splits: Vec<(u32, u32)> = paid.into_iter().filter(|&(l, r)| l + r == best).collect();
    splits.sort();
    splits.dedup();
    Some((best, splits))
}

const RAW: [u8; 6] = [0b0101, 0b0110, 0b1100, 0b0011, 0b1001, 0b1010];

fn random_supply(rng: &mut Xoshiro256PlusPlus, max_choices: usize, own_choices: bool) -> Supply {
    let mut s = Supply::default();
    for r in 0..7 {
        if rng.random_range(0..3) == 0 {
            s.add_fixed(r, rng.random_range(1..=2));
        }
    }
    for _ in 0..rng.random_range(0..=max_choices) {
        s.add_choice(RAW[rng.random_range(0..RAW.len())]);
    }
    if own_choices && rng.random_range(0..3) == 0 {
        // Secret Warehouse / Black Market: a wild own resource among some types.
        s.add_choice(rng.random_range(1..128));
    }
    s
}

fn random_cost(rng: &mut Xoshiro256PlusPlus) -> [u8; 7] {
    let mut c = [0u8; 7];
    for _ in 0..rng.random_range(1..=3) {
        c[rng.random_range(0..7)] += rng.random_range(1..=2);
    }
    c
}

fn random_rebates(rng: &mut Xoshiro256PlusPlus) -> Rebates {
    let start = |rng: &mut Xoshiro256PlusPlus| Some(rng.random_range(0..7u8));
    Rebates {
        wharf: [rng.random_range(0..=1), rng.random_range(0..=1)],
        cache: rng.random_range(0..=1),
        start: [start(rng), start(rng)],
    }
}

fn splits(q: Option<Quote>) -> Option<(u32, Vec<(u32, u32)>)> {
    q.map(|q| {
        (
            q.total as u32,
            q.splits().map(|(l, r)| (l as u32, r as u32)).collect(),
        )
    })
}

#[test]
fn rebated_search_matches_brute_force() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let (mut cheaper, mut several) = (0, 0);
    for case in 0..CASES {
        let cost = random_cost(&mut rng);
        let own = random_supply(&mut rng, 0, false);
        let left = random_supply(&mut rng, 2, false);
        let right = random_supply(&mut rng, 2, false);
        let prices = random_prices(&mut rng);
        let rb = random_rebates(&mut rng);
        let got = splits(quote_with_rebates(&cost, &own, &left, &right, &prices, &rb));
        let want = brute_force(&cost, &own, &left, &right, &prices, &rb);
        assert_eq!(
            got, want,
            "case {case}: cost {cost:?} own {own:?} left {left:?} right {right:?} \
             prices {prices:?} rebates {rb:?}"
        );
        let base = quote(&cost, &own, &left, &right, &prices);
        if let (Some(g), Some(b)) = (&got, base) {
            if g.0 < b.total as u32 {
                cheaper += 1;
            }
            if g.1.len() > 1 {
                several += 1;
            }
        }
    }
    // The generator reaches rebates that pay off and several cheapest splits.
    assert!(cheaper > CASES / 10, "only {cheaper} cheaper cases");
    assert!(
        several > CASES / 50,
        "only {several} cases with several splits"
    );
}

#[test]
fn rebates_that_change_nothing_give_the_base_quote() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    for case in 0..CASES {
        let cost = random_cost(&mut rng);
        let own = random_supply(&mut rng, 3, true);
        let left = random_supply(&mut rng, 2, false);
        let right = random_supply(&mut rng, 2, false);
        let prices = random_prices(&mut rng);
        // A Smuggler's Cache facing boards without a starting resource.
        let rb = Rebates {
            wharf: [0, 0],
            cache: 1,
            start: [None, None],
        };
        assert_eq!(
            splits(quote_with_rebates(&cost, &own, &left, &right, &prices, &rb)),
            splits(quote(&cost, &own, &left, &right, &prices)),
            "case {case}"
        );
    }
}

#[test]
fn a_wharf_and_the_cache_stack_on_one_side_and_never_pay_below_zero() {
    let own = Supply::default();
    let mut left = Supply::default();
    left.add_fixed(2, 1); // clay: the left neighbour's starting resource
    let right = Supply::default();
    let cost = [0, 0, 1, 0, 0, 0, 0];
    let rb = Rebates {
        wharf: [1, 0],
        cache: 1,
        start: [Some(2), None],
    };
    let q = quote_with_rebates(&cost, &own, &left, &right, &[[2; 7]; 2], &rb).unwrap();
    assert_eq!((q.total, q.canonical()), (0, (0, 0)));
    let cheap = [[1; 7], [2; 7]];
    let q = quote_with_rebates(&cost, &own, &left, &right, &cheap, &rb).unwrap();
    assert_eq!((q.total, q.canonical()), (0, (0, 0)));
    let only_wharf = Rebates { cache: 0, ..rb };
    let q = quote_with_rebates(&cost, &own, &left, &right, &[[2; 7]; 2], &only_wharf).unwrap();
    assert_eq!((q.total, q.canonical()), (1, (1, 0)));
}
