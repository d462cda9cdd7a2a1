//! Seeds: game `i` of a run with master seed `s` is played from `derive_seed(s, i)` only, so a
//! run gives the same games whatever the thread count, and one game can be replayed alone.

/// The generator engines use to set up a game.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// SplitMix64's finaliser: a bijective mix of all 64 bits.
#[inline]
pub const fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of stream `index` under `master` (game index in a run, seat of a bot, …).
#[inline]
pub const fn derive_seed(master: u64, index: u64) -> u64 {
    splitmix64(splitmix64(master) ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_differ_and_are_stable() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
        assert_eq!(derive_seed(7, 3), derive_seed(7, 3));
    }
}
