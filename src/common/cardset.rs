//! A set of card ids (0..128) in one `u128`: membership, insertion and counting are single
//! instructions, and a city or a discard pile is a plain `Copy` value.

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
}
