//! A small direct-mapped table keyed by a `&'static str` itself (its address and length), for
//! the per-game work on ids borrowed from a game's tables (wonder ids, sides, victory types):
//! such a string never moves, changes or is freed, so its address names its text, and a game's
//! few ids are found without hashing or scanning their text again game after game.

/// Slots of the table: a game's ids are few, and distinct ids of a table lie at least a few
/// bytes apart.
const SLOTS: usize = 64;

/// What a few `&'static str` keys map to; a key evicted from its slot is simply missing (the
/// caller then works it out the slow way and puts it back).
#[derive(Clone, Debug)]
pub(crate) struct StaticKeys<V: Copy + Default> {
    /// (address, length, value); no string lives at address 0, so an empty slot matches nothing.
    slots: Vec<(usize, usize, V)>,
}

impl<V: Copy + Default> Default for StaticKeys<V> {
    fn default() -> Self {
        StaticKeys {
            slots: vec![(0, 0, V::default()); SLOTS],
        }
    }
}

impl<V: Copy + Default> StaticKeys<V> {
    #[inline]
    fn key_slot(key: &'static str) -> (usize, usize, usize) {
        let address = key.as_ptr() as usize;
        (address, key.len(), (address >> 3) % SLOTS)
    }

    /// The value put for `key`, if it is still in its slot.
    #[inline]
    pub(crate) fn get(&self, key: &'static str) -> Option<V> {
        let (address, len, slot) = Self::key_slot(key);
        let (a, n, v) = self.slots[slot];
        ((a, n) == (address, len)).then_some(v)
    }

    /// Keeps `value` for `key` (evicting whatever shared its slot).
    pub(crate) fn put(&mut self, key: &'static str, value: V) {
        let (address, len, slot) = Self::key_slot(key);
        self.slots[slot] = (address, len, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_found_by_its_address_not_its_text() {
        static A: &str = "gizah";
        let mut keys = StaticKeys::<u32>::default();
        assert_eq!(keys.get(A), None);
        keys.put(A, 7);
        assert_eq!(keys.get(A), Some(7));
        // The same text elsewhere is another key (a copy may not outlive the program).
        let elsewhere: &'static str = Box::leak(String::from("gizah").into_boxed_str());
        assert_eq!(keys.get(elsewhere), None);
    }
}
