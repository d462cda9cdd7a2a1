//! A faster Fisher–Yates shuffle that gives exactly the permutation `rand`'s
//! [`SliceRandom::shuffle`](rand::seq::SliceRandom::shuffle) gives for the same generator
//! state, drawing the same random numbers.
//!
//! `rand` draws one number for several positions at once (a "chunk" uniform over a product of
//! consecutive range sizes) and splits it with a division and a remainder per position, each
//! waiting on the one before. Those divisions are most of a game's set-up time in the simpler
//! engines, and the searches shuffle every unseen card at every iteration. Here each position's
//! quotient is one multiplication of the draw by a precomputed reciprocal (exact for every
//! 32-bit numerator), independent of the other positions, and a block's swaps wait until its
//! indices are known. Seeds keep their games: records, golden counts and published results
//! stay valid. A test compares the two on every length up to a few hundred and many seeds.

use rand::Rng;
use wonders_bots::below;

/// Largest divisor with a precomputed reciprocal: decks, token piles and Wonder pools are far
/// smaller. Longer slices fall back to plain division for the positions beyond it.
const FAST_DIVISORS: usize = 256;

/// `RECIPROCAL[d] = ⌈2⁶⁴ / d⌉`: then `n / d == (n · RECIPROCAL[d]) >> 64` for every `u32` `n`
/// and `d ≥ 2` (Lemire, Kaser & Kurz, "Faster remainder by direct computation", 2019).
const RECIPROCAL: [u64; FAST_DIVISORS + 1] = {
    let mut table = [0u64; FAST_DIVISORS + 1];
    let mut d = 2;
    while d <= FAST_DIVISORS {
        table[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    table
};

/// Most range sizes one draw covers: from size 2, `2 · 3 · … · 12 < 2³²`.
const MAX_CHUNK: usize = 11;
// Chunks only get shorter as sizes grow: the first one is the longest.
const _: () = assert!(chunk_of(2).1 == MAX_CHUNK);

/// Range sizes up to which a chunk's quotients come from [`PREFIX`].
const PREFIX_ROWS: usize = 64;

/// `PREFIX[m][j] = ⌈2⁶⁴ / (m (m+1) … (m+j-1))⌉` for `1 ≤ j <` the chunk length from `m`: a
/// chunk's draw divided by the product of its first `j` range sizes is one multiplication
/// (exact: the products stay below 2³²). Each quotient comes straight from the draw, so a
/// chunk's positions do not wait on each other's divisions.
const PREFIX: [[u64; MAX_CHUNK]; PREFIX_ROWS + 1] = {
    let mut table = [[0u64; MAX_CHUNK]; PREFIX_ROWS + 1];
    let mut m = 2;
    while m <= PREFIX_ROWS {
        let (_, count) = chunk_of(m as u32);
        let mut product = 1u64;
        let mut j = 1;
        while j < count {
            product *= (m + j - 1) as u64;
            table[m][j] = u64::MAX / product + 1;
            j += 1;
        }
        m += 1;
    }
    table
};

/// `(n · c) >> 64`.
#[inline]
fn mul_high(n: u32, c: u64) -> u32 {
    ((u128::from(n) * u128::from(c)) >> 64) as u32
}

/// `n / d` and `n % d` for `d ≥ 2`.
#[inline]
fn div_rem(n: u32, d: u32) -> (u32, u32) {
    let q = if (d as usize) <= FAST_DIVISORS {
        mul_high(n, RECIPROCAL[d as usize])
    } else {
        n / d
    };
    (q, n - q * d)
}

/// How many consecutive range sizes `m, m+1, …` one `u32` draw covers, and their product
/// (`rand`'s own chunking rule: as many as fit without overflow).
const fn chunk_of(m: u32) -> (u32, usize) {
    let mut product = m;
    let mut next = m + 1;
    while let Some(p) = product.checked_mul(next) {
        product = p;
        next += 1;
    }
    (product, (next - m) as usize)
}

/// `CHUNKS[m] = chunk_of(m)` for the range sizes with a reciprocal.
const CHUNKS: [(u32, usize); FAST_DIVISORS + 1] = {
    let mut table = [(0, 0); FAST_DIVISORS + 1];
    let mut m = 2;
    while m <= FAST_DIVISORS {
        table[m] = chunk_of(m as u32);
        m += 1;
    }
    table
};

/// [`chunk_of`], looked up where it can be.
#[inline]
fn chunk(m: u32) -> (u32, usize) {
    match CHUNKS.get(m as usize) {
        Some(&c) => c,
        None => chunk_of(m),
    }
}

/// Shuffles `items` in place: the same permutation as `items.shuffle(rng)`, drawing the same
/// numbers from `rng`.
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    let len = items.len();
    if len <= 1 {
        return;
    }
    if len >= u32::MAX as usize {
        // `rand` switches algorithm here; no deck of ours comes near.
        rand::seq::SliceRandom::shuffle(items, rng);
        return;
    }
    // Position 0 swaps with itself and draws nothing. From position 1 on, position `i` swaps
    // with a uniform index in `0..=i`; one draw serves a chunk of consecutive positions.
    // The indices of a block of positions are worked out first and the swaps done after: a
    // swap's addresses are then known early, so the processor need not guess whether a load
    // reads what an earlier swap is about to store (a wrong guess costs a pipeline flush).
    const BLOCK: usize = 64;
    let mut index = [0u32; BLOCK];
    let mut i = 1;
    while i < len {
        let first = i;
        let mut n = 0;
        while i < len && n + MAX_CHUNK <= BLOCK {
            let (bound, count) = chunk(i as u32 + 1);
            // rand's draw for `random_range(..bound)`, without its generic layers.
            let draw = below(rng, bound as usize) as u32;
            let last = i + count - 1;
            // Position `pos` swaps with the draw's digit in base `pos + 1`: the quotient by the
            // sizes before it, modulo its own size (the last takes the whole quotient).
            let mut quotient = draw;
            match PREFIX.get(i + 1) {
                Some(row) => {
                    for (j, pos) in (i..=last.min(len - 1)).enumerate() {
                        index[n] = if pos == last {
                            quotient
                        } else {
                            let next = mul_high(draw, row[j + 1]);
                            let digit = quotient - next * (pos as u32 + 1);
                            quotient = next;
                            digit
                        };
                        n += 1;
                    }
                }
                None => {
                    for pos in i..=last.min(len - 1) {
                        index[n] = if pos == last {
                            quotient
                        } else {
                            let (q, r) = div_rem(quotient, pos as u32 + 1);
                            quotient = q;
                            r
                        };
                        n += 1;
                    }
                }
            }
            i = last + 1;
        }
        for (k, &j) in index[..n].iter().enumerate() {
            items.swap(first + k, j as usize);
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::{RngCore, SeedableRng};

    use super::*;
    use crate::GameRng;

    #[test]
    fn the_reciprocals_divide_exactly_at_the_edges() {
        for d in 2..=FAST_DIVISORS as u32 {
            for n in [
                0,
                1,
                d - 1,
                d,
                d + 1,
                u32::MAX - 1,
                u32::MAX,
                u32::MAX / d * d,
            ] {
                assert_eq!(div_rem(n, d), (n / d, n % d), "{n} / {d}");
            }
        }
        let mut rng = GameRng::seed_from_u64(7);
        for _ in 0..200_000 {
            let (n, d) = (
                rng.next_u32(),
                rng.next_u32() % (FAST_DIVISORS as u32 - 1) + 2,
            );
            assert_eq!(div_rem(n, d), (n / d, n % d), "{n} / {d}");
        }
    }

    #[test]
    fn it_gives_rands_permutation_and_leaves_the_generator_where_rand_does() {
        for len in 0..400usize {
            for seed in 0..40u64 {
                let mut ours: Vec<usize> = (0..len).collect();
                let mut theirs = ours.clone();
                let mut a = GameRng::seed_from_u64(seed * 1_000 + len as u64);
                let mut b = a.clone();
                shuffle(&mut ours, &mut a);
                theirs.shuffle(&mut b);
                assert_eq!(ours, theirs, "length {len}, seed {seed}");
                assert_eq!(a.next_u64(), b.next_u64(), "length {len}, seed {seed}");
            }
        }
    }
}
