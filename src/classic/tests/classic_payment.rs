//! The payment search against a brute-force enumeration of every way to use own production
//! and to buy from the neighbours, on random cities.

#![allow(clippy::needless_range_loop)] // index loops read best in a brute force

use crate::payment_support;

use payment_support::{brute_force, random_cost, random_prices, random_supply};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_classic::payment::{purchase_for, quote, Quote};

const CASES: usize = 100_000;

#[test]
fn payment_search_matches_brute_force() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut several = 0;
    let mut impossible = 0;
    for case in 0..CASES {
        let cost = random_cost(&mut rng);
        let own = random_supply(&mut rng, 3, true);
        let left = random_supply(&mut rng, 2, false);
        let right = random_supply(&mut rng, 2, false);
        let prices = random_prices(&mut rng);
        let got = quote(&cost, &own, &left, &right, &prices);
        let want = brute_force(&cost, &own, &left, &right, &prices);
        let got_splits = got.map(|q: Quote| {
            (
                q.total as u32,
                q.splits()
                    .map(|(l, r)| (l as u32, r as u32))
                    .collect::<Vec<_>>(),
            )
        });
        assert_eq!(
            got_splits, want,
            "case {case}: cost {cost:?} own {own:?} left {left:?} right {right:?} prices {prices:?}"
        );
        match got {
            None => impossible += 1,
            Some(q) => {
                if q.left.count_ones() > 1 {
                    several += 1;
                }
                assert_eq!(q.canonical(), q.splits().next().unwrap());
                for (l, r) in q.splits() {
                    assert!(q.allows(l, r));
                    let p = purchase_for(&cost, &own, &left, &right, &prices, l, r)
                        .unwrap_or_else(|| panic!("case {case}: no plan for split ({l}, {r})"));
                    let paid_l: u32 = (0..7).map(|i| p.left[i] as u32 * prices[0][i] as u32).sum();
                    let paid_r: u32 = (0..7)
                        .map(|i| p.right[i] as u32 * prices[1][i] as u32)
                        .sum();
                    assert_eq!((paid_l, paid_r), (l as u32, r as u32));
                    for i in 0..7 {
                        assert!(p.left[i] <= left.fixed[i] + left.choices().len() as u8);
                    }
                }
            }
        }
    }
    // The generator covers the interesting cases.
    assert!(
        several > CASES / 50,
        "only {several} cases with several splits"
    );
    assert!(
        impossible > CASES / 50 && impossible < CASES / 2,
        "{impossible} impossible cases"
    );
}
