//! Sets of card ids as bitsets: [`CardSet`] (ids 0..128, one `u128`: membership, insertion and
//! counting are single instructions) for Duel, and [`WideCardSet`] (ids 0..256, four words) for
//! 7 Wonders, whose catalog with Leaders and Cities outgrows 128 ids. Both are plain `Copy`
//! values with the same operations.

use std::fmt;

/// A set of card ids below 128.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u128);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    #[inline]
    pub const fn single(id: u8) -> CardSet {
        CardSet(1u128 << id)
    }

    #[inline]
    pub const fn contains(self, id: u8) -> bool {
        self.0 >> id & 1 == 1
    }

    #[inline]
    pub fn insert(&mut self, id: u8) {
        self.0 |= 1u128 << id;
    }

    #[inline]
    pub fn remove(&mut self, id: u8) {
        self.0 &= !(1u128 << id);
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    #[inline]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    #[inline]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The ids in increasing order.
    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl FromIterator<u8> for CardSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for id in iter {
            set.insert(id);
        }
        set
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the ids of a [`CardSet`], lowest first.
pub struct CardSetIter(u128);

impl Iterator for CardSetIter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let id = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(id)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// A set of card ids below 256, in four 64-bit words (7 Wonders with every expansion).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct WideCardSet([u64; 4]);

impl WideCardSet {
    pub const EMPTY: WideCardSet = WideCardSet([0; 4]);

    #[inline]
    pub const fn single(id: u8) -> WideCardSet {
        let mut w = [0; 4];
        w[(id >> 6) as usize] = 1 << (id & 63);
        WideCardSet(w)
    }

    #[inline]
    pub const fn contains(self, id: u8) -> bool {
        self.0[(id >> 6) as usize] >> (id & 63) & 1 == 1
    }

    #[inline]
    pub fn insert(&mut self, id: u8) {
        self.0[(id >> 6) as usize] |= 1 << (id & 63);
    }

    #[inline]
    pub fn remove(&mut self, id: u8) {
        self.0[(id >> 6) as usize] &= !(1 << (id & 63));
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    #[inline]
    fn zip(self, other: WideCardSet, f: impl Fn(u64, u64) -> u64) -> WideCardSet {
        WideCardSet(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }

    #[inline]
    pub fn union(self, other: WideCardSet) -> WideCardSet {
        self.zip(other, |a, b| a | b)
    }

    #[inline]
    pub fn intersection(self, other: WideCardSet) -> WideCardSet {
        self.zip(other, |a, b| a & b)
    }

    #[inline]
    pub fn difference(self, other: WideCardSet) -> WideCardSet {
        self.zip(other, |a, b| a & !b)
    }

    /// The ids in increasing order.
    #[inline]
    pub fn iter(self) -> WideCardSetIter {
        WideCardSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl FromIterator<u8> for WideCardSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = WideCardSet::EMPTY;
        for id in iter {
            set.insert(id);
        }
        set
    }
}

impl fmt::Debug for WideCardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the ids of a [`WideCardSet`], lowest first.
pub struct WideCardSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for WideCardSetIter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.word < 4 {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let id = (self.word as u32 * 64 + w.trailing_zeros()) as u8;
                *w &= *w - 1;
                return Some(id);
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word.min(4)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl ExactSizeIterator for WideCardSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = CardSet::EMPTY;
        for id in [0u8, 5, 64, 127] {
            s.insert(id);
        }
        assert_eq!(s.len(), 4);
        assert!(s.contains(64) && !s.contains(63));
        s.remove(5);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 64, 127]);
        assert_eq!(s.union(CardSet::single(3)).len(), 4);
        assert_eq!(s.difference(CardSet::single(0)).iter().next(), Some(64));
    }

    #[test]
    fn wide_sets_reach_id_255() {
        let mut s = WideCardSet::EMPTY;
        for id in [0u8, 63, 64, 128, 200, 255] {
            s.insert(id);
        }
        assert_eq!(s.len(), 6);
        assert!(s.contains(200) && !s.contains(199));
        s.remove(63);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 64, 128, 200, 255]);
        assert_eq!(s.iter().len(), 5);
        assert_eq!(s.union(WideCardSet::single(3)).len(), 6);
        assert_eq!(s.difference(WideCardSet::single(0)).iter().next(), Some(64));
        assert_eq!(
            s.intersection(WideCardSet::single(255)),
            WideCardSet::single(255)
        );
        assert!(WideCardSet::EMPTY.is_empty() && !s.is_empty());
    }
}
