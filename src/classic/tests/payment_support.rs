//! What the payment tests share: the brute-force enumeration of every way to use own
//! production and to buy from the neighbours, and random cities to try it on.

// Each test file uses a part of this module.
#![allow(dead_code, clippy::needless_range_loop)] // index loops read best in a brute force

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_classic::payment::{Prices, Supply};

/// Every assignment of the "one of" groups (each gives nothing or one of its resources).
pub fn assignments(choices: &[u8], acc: [u8; 7], out: &mut Vec<[u8; 7]>) {
    let Some((&c, rest)) = choices.split_first() else {
        out.push(acc);
        return;
    };
    assignments(rest, acc, out);
    for r in 0..7 {
        if c >> r & 1 == 1 {
            let mut a = acc;
            a[r] += 1;
            assignments(rest, a, out);
        }
    }
}

/// Lowest total and every (left, right) split reaching it, by brute force.
pub fn brute_force(
    cost: &[u8; 7],
    own: &Supply,
    left: &Supply,
    right: &Supply,
    prices: &Prices,
) -> Option<(u32, Vec<(u32, u32)>)> {
    let (mut mine, mut lefts, mut rights) = (Vec::new(), Vec::new(), Vec::new());
    assignments(own.choices(), own.fixed, &mut mine);
    assignments(left.choices(), left.fixed, &mut lefts);
    assignments(right.choices(), right.fixed, &mut rights);
    // reachable[l][r]: paying l to the left and r to the right covers the cost.
    let mut reachable = [[false; 32]; 32];
    for p in &mine {
        for sl in &lefts {
            for sr in &rights {
                // All (x from left, y from right) per resource with x + y = what is missing.
                let mut pairs = vec![(0u32, 0u32)];
                let mut ok = true;
                for r in 0..7 {
                    let n = cost[r].saturating_sub(p[r]);
                    if n == 0 {
                        continue;
                    }
                    let mut next = Vec::new();
                    for x in 0..=n {
                        let y = n - x;
                        if x > sl[r] || y > sr[r] {
                            continue;
                        }
                        for &(l, rr) in &pairs {
                            next.push((
                                l + x as u32 * prices[0][r] as u32,
                                rr + y as u32 * prices[1][r] as u32,
                            ));
                        }
                    }
                    next.sort();
                    next.dedup();
                    if next.is_empty() {
                        ok = false;
                        break;
                    }
                    pairs = next;
                }
                if ok {
                    for (l, r) in pairs {
                        reachable[l as usize][r as usize] = true;
                    }
                }
            }
        }
    }
    let mut best: Option<(u32, Vec<(u32, u32)>)> = None;
    for l in 0..32 {
        for r in 0..32 {
            if reachable[l][r] {
                let t = (l + r) as u32;
                match &mut best {
                    Some((bt, v)) if *bt == t => v.push((l as u32, r as u32)),
                    Some((bt, _)) if *bt < t => {}
                    _ => best = Some((t, vec![(l as u32, r as u32)])),
                }
            }
        }
    }
    best.map(|(t, mut v)| {
        v.sort();
        (t, v)
    })
}

pub const RAW: [u8; 6] = [0b0101, 0b0110, 0b1100, 0b0011, 0b1001, 0b1010];

pub fn random_supply(rng: &mut Xoshiro256PlusPlus, max_choices: usize, yellow: bool) -> Supply {
    let mut s = Supply::default();
    for r in 0..7 {
        if rng.random_range(0..3) == 0 {
            s.add_fixed(r, rng.random_range(1..=2));
        }
    }
    for _ in 0..rng.random_range(0..=max_choices) {
        s.add_choice(RAW[rng.random_range(0..RAW.len())]);
    }
    if yellow && rng.random_range(0..4) == 0 {
        s.add_choice(if rng.random() { 0b0001111 } else { 0b1110000 });
    }
    s
}

pub fn random_cost(rng: &mut Xoshiro256PlusPlus) -> [u8; 7] {
    let mut c = [0u8; 7];
    if rng.random_range(0..20) == 0 {
        return [1; 7]; // Palace
    }
    for _ in 0..rng.random_range(1..=3) {
        c[rng.random_range(0..7)] += rng.random_range(1..=2);
    }
    c
}

pub fn random_prices(rng: &mut Xoshiro256PlusPlus) -> Prices {
    let mut p = [[2u8; 7]; 2];
    for side in 0..2 {
        if rng.random_range(0..3) == 0 {
            p[side][..4].fill(1);
        }
        if rng.random_range(0..4) == 0 {
            p[side][4..].fill(1);
        }
    }
    p
}
