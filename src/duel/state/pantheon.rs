//! Pantheon: the Divinities, the Gate, Mythology and Offering tokens, Grand Temples and the
//! expansion's Wonders and Progress tokens, as the record format fixes them (RECORDS.md, "Duel
//! with Pantheon").
//!
//! What a Pantheon game adds to the state lives in [`Pantheon`]; the rules that need no state
//! (what an activation costs, what is paid) are the free functions below, kept apart so the
//! one reading of the cost rule (space cost, Gate doubled, then the Sanctuary, then Offerings)
//! lives in one place.

use crate::data::{CardId, TokenId};
use crate::pantheon_data::{
    space_cost, DivinityId, DIVINITIES, GATE, NUM_DIVINITIES, OFFERING_TOKENS, PANTHEON_SPACES,
};

/// The Gate's id where a Divinity id is expected (on a space, in an activation).
pub const GATE_ID: DivinityId = 15;
/// No Divinity (an empty space, an unused entry).
pub const NO_DIVINITY: DivinityId = 0xFF;
/// No military token (Neptune's second token when none is left).
pub const NO_TOKEN: u8 = 0xFF;
/// The Minerva pawn is not on the track.
pub const NO_MINERVA: i8 = i8::MIN;

/// Where a seat knows a Divinity may be, as bits (the seat's *whereabouts* of it): bit `k` (0-5)
/// = Pantheon space `k + 1`, bit `6 + i` = position `i` of its Mythology deck (top = 0). The true
/// place is always among the bits; one bit means the seat knows where it is, none that it has
/// left the decks and spaces (activated, which everyone sees).
pub type Whereabouts = u16;

/// The Whereabouts bits of the Pantheon spaces.
pub const ON_SPACES: Whereabouts = (1 << PANTHEON_SPACES) - 1;
/// The Whereabouts bits of a deck's positions.
pub const IN_DECK: Whereabouts = 0b111 << PANTHEON_SPACES;

/// The Whereabouts bit of deck position `i` (top = 0).
pub const fn deck_position(i: usize) -> Whereabouts {
    1 << (PANTHEON_SPACES + i)
}

/// The Whereabouts bits of the first `n` deck positions.
const fn deck_positions(n: u8) -> Whereabouts {
    ((1 << n) - 1) << PANTHEON_SPACES
}

/// The Divinities of each Mythology (3 each), in id order.
const BY_MYTHOLOGY: [[DivinityId; 3]; 5] = {
    let mut by = [[0; 3]; 5];
    let mut count = [0; 5];
    let mut d = 0;
    while d < NUM_DIVINITIES {
        let m = DIVINITIES[d].mythology as usize;
        by[m][count[m]] = d as DivinityId;
        count[m] += 1;
        d += 1;
    }
    by
};

/// The Divinities of Mythology `m` (3 each).
pub fn divinities_of(m: usize) -> impl Iterator<Item = DivinityId> {
    BY_MYTHOLOGY[m].into_iter()
}

/// Pantheon's part of a game's state; all empty in a base game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pantheon {
    /// What lies on each space (index 0 = space 1): a Divinity, the Gate ([`GATE_ID`]) or
    /// nothing ([`NO_DIVINITY`]).
    pub spaces: [DivinityId; PANTHEON_SPACES],
    /// Bit `k`: seat 1 placed the Divinity on space `k + 1` (else seat 0), while face down.
    pub placed_by: u8,
    /// The Divinities on the spaces are face up (from the start of Age II).
    pub revealed: bool,
    /// Each Mythology deck, top first, `deck_len` cards.
    pub decks: [[DivinityId; 3]; 5],
    pub deck_len: [u8; 5],
    /// What each seat knows of where each Divinity is ([`Whereabouts`]): from the cards it
    /// placed, the tops it drew and put back, the Gate's tops, the deck it ordered with the
    /// Divine Theater, and the opponent's placements from tops it knew.
    pub whereabouts: [[Whereabouts; NUM_DIVINITIES]; 2],
    /// Layout slots of the current Age whose card still carries a token (Mythology tokens in
    /// Age I, Offering tokens in Age II).
    pub tokens_on: u32,
    /// Mythology tokens each seat owns, per Mythology.
    pub mythology: [[u8; 5]; 2],
    /// Offering tokens each seat owns: bit `i` = the token of value `OFFERING_TOKENS[i]`.
    pub offerings: [u8; 2],
    /// Coins on each seat's Astarte.
    pub astarte: [u8; 2],
    /// The Divinities each seat has activated (bit per id).
    pub activated: [u16; 2],
    /// The Divinities each seat placed (bit per id), for the statistics.
    pub placed: [u16; 2],
    /// The Progress tokens lying on Enki since it was revealed.
    pub enki: [TokenId; 2],
    pub enki_len: u8,
    /// The Minerva pawn's square, or [`NO_MINERVA`].
    pub minerva: i8,
    /// Wonders sent to the box by the 7-Wonder limit (bit per id): they stay there.
    pub boxed_wonders: u16,
    /// Coins off each of a seat's activations: the `pantheon_discount` of its built Wonders
    /// (2 with the Sanctuary), kept as Wonders are built and unbuilt.
    pub discount: [u8; 2],
    /// The card tucked under each seat's Wonder, by position in its list (Anubis sends it to
    /// the discard pile).
    pub tucked: [[CardId; 5]; 2],
}

impl Default for Pantheon {
    fn default() -> Self {
        Pantheon {
            spaces: [NO_DIVINITY; PANTHEON_SPACES],
            placed_by: 0,
            revealed: false,
            decks: [[NO_DIVINITY; 3]; 5],
            deck_len: [0; 5],
            whereabouts: [[0; NUM_DIVINITIES]; 2],
            tokens_on: 0,
            mythology: [[0; 5]; 2],
            offerings: [0; 2],
            astarte: [0; 2],
            activated: [0; 2],
            placed: [0; 2],
            enki: [0; 2],
            enki_len: 0,
            minerva: NO_MINERVA,
            boxed_wonders: 0,
            discount: [0; 2],
            tucked: [[0; 5]; 2],
        }
    }
}

impl Pantheon {
    /// The space (1-6) holding `divinity` (or the Gate), if any.
    pub fn space_of(&self, divinity: DivinityId) -> Option<u8> {
        self.spaces
            .iter()
            .position(|&d| d == divinity)
            .map(|i| i as u8 + 1)
    }

    /// The empty spaces, bit `k` for space `k + 1` (six compares: `contains` on bytes would
    /// call `memchr`).
    pub fn empty_spaces(&self) -> u8 {
        (0..PANTHEON_SPACES).fold(0, |m, k| m | ((self.spaces[k] == NO_DIVINITY) as u8) << k)
    }

    /// The top card of deck `m`, if any.
    pub fn top(&self, m: usize) -> Option<DivinityId> {
        (self.deck_len[m] > 0).then(|| self.decks[m][0])
    }

    /// Takes `divinity` out of deck `m` (wherever it lies).
    pub fn take_from_deck(&mut self, m: usize, divinity: DivinityId) {
        let n = self.deck_len[m] as usize;
        if let Some(i) = self.decks[m][..n].iter().position(|&d| d == divinity) {
            self.decks[m].copy_within(i + 1..n, i);
            self.decks[m][n - 1] = NO_DIVINITY;
            self.deck_len[m] -= 1;
        }
    }

    /// Where `divinity` truly is, as a [`Whereabouts`] bit (0 once it has left the decks and
    /// spaces).
    pub fn place_of(&self, divinity: DivinityId) -> Whereabouts {
        if let Some(k) = self.spaces.iter().position(|&d| d == divinity) {
            return 1 << k;
        }
        let m = DIVINITIES[divinity as usize].mythology as usize;
        let n = self.deck_len[m] as usize;
        match self.decks[m][..n].iter().position(|&d| d == divinity) {
            Some(i) => deck_position(i),
            None => 0,
        }
    }

    /// Puts `divinity` on the place `bit` (a space or a position of its deck).
    pub(in crate::state) fn put(&mut self, divinity: DivinityId, bit: Whereabouts) {
        let k = bit.trailing_zeros() as usize;
        if k < PANTHEON_SPACES {
            self.spaces[k] = divinity;
        } else {
            let m = DIVINITIES[divinity as usize].mythology as usize;
            self.decks[m][k - PANTHEON_SPACES] = divinity;
        }
    }

    /// Both seats see that `divinity` is at `place` (a [`Whereabouts`] bit; 0 = gone).
    fn seen_at(&mut self, divinity: DivinityId, place: Whereabouts) {
        for seat in &mut self.whereabouts {
            seat[divinity as usize] = place;
        }
    }

    /// The deck of Mythology `m` lost its top (the Gate took it): what lay below moves up.
    fn deck_lost_top(&mut self, m: usize) {
        for d in divinities_of(m) {
            for seat in &mut self.whereabouts {
                let w = seat[d as usize];
                seat[d as usize] = w & ON_SPACES | (w & IN_DECK) >> 1 & IN_DECK;
            }
        }
    }

    /// `placer` put `divinity`, one of the top two cards of deck `m`, on the space with bit
    /// `space` (the other stays on top). The placer saw both; the opponent only that one of
    /// the two top cards went to the space.
    fn learn_placement(&mut self, placer: usize, m: usize, divinity: DivinityId, space: u16) {
        let len = self.deck_len[m];
        // The other of the two drawn, put back on top (none if the deck is now empty).
        let put_back = if len > 0 {
            self.decks[m][0]
        } else {
            NO_DIVINITY
        };
        let in_deck = ON_SPACES | deck_positions(len);
        // Written as selects, not branches: which card went where is random.
        for d in divinities_of(m) {
            let d = d as usize;
            let below = |w: Whereabouts| {
                // Position 2 moves up to 1; positions 0 and 1 were the two drawn.
                let deck = (w & IN_DECK) >> PANTHEON_SPACES;
                (deck & 0b100) >> 1 << PANTHEON_SPACES
            };
            let w = self.whereabouts[placer][d];
            let mut known = w & ON_SPACES | below(w);
            known = if d == put_back as usize {
                deck_position(0)
            } else {
                known
            };
            known = if d == divinity as usize { space } else { known };
            self.whereabouts[placer][d] = known;
            let w = self.whereabouts[1 - placer][d];
            let drawn = (w & deck_positions(2) != 0) as Whereabouts * (space | deck_position(0));
            self.whereabouts[1 - placer][d] = (w & ON_SPACES | drawn | below(w)) & in_deck;
        }
    }

    /// Mythology and Offering tokens `seat` owns (Mysticism's count).
    pub fn tokens_owned(&self, seat: usize) -> u32 {
        self.mythology[seat].iter().map(|&n| n as u32).sum::<u32>()
            + self.offerings[seat].count_ones()
    }
}

/// What activating the card on Pantheon space `space` (1-6) costs `seat`: the space's cost for
/// that seat, times the Gate's factor for the Gate, then less `discount` (the
/// `pantheon_discount` of the seat's built Wonders: 2 with the Sanctuary), after the doubling
/// and not below 0.
pub fn activation_cost(space: u8, seat: usize, gate: bool, discount: u8) -> u8 {
    let base = space_cost(space, seat);
    let cost = if gate { base * GATE.cost_factor } else { base };
    cost.saturating_sub(discount)
}

/// The coins paid for an activation costing `cost` with the Offering tokens in `offerings` (bit
/// `i` = the token of value `OFFERING_TOKENS[i]`): each token takes its value off, and a value
/// beyond the cost is lost (Offerings give no change).
#[inline]
pub fn coins_due(cost: u8, offerings: u8) -> u8 {
    cost.saturating_sub(OFFERING_SUMS[offerings as usize & 7])
}

/// The subsets of the Offering tokens in `owned` (a bit set), in increasing order: the empty
/// one first.
pub fn offering_subsets(owned: u8) -> &'static [u8] {
    let owned = owned as usize & 7;
    &OFFERING_SUBSETS[owned][..1 << owned.count_ones()]
}

/// [`offering_subsets`] of each bit set, padded.
const OFFERING_SUBSETS: [[u8; 8]; 8] = {
    let mut table = [[0u8; 8]; 8];
    let mut owned = 0;
    while owned < 8 {
        let mut n = 0;
        let mut sub = 0;
        while sub < 8 {
            if sub & !owned == 0 {
                table[owned][n] = sub as u8;
                n += 1;
            }
            sub += 1;
        }
        owned += 1;
    }
    table
};

/// What each set of Offering tokens takes off, by bit set (bit `i` = `OFFERING_TOKENS[i]`).
const OFFERING_SUMS: [u8; 8] = {
    let mut sums = [0u8; 8];
    let mut bits = 0;
    while bits < 8 {
        let mut i = 0;
        while i < OFFERING_TOKENS.len() {
            if bits >> i & 1 == 1 {
                sums[bits] += OFFERING_TOKENS[i];
            }
            i += 1;
        }
        bits += 1;
    }
    sums
};

/// The engine's Pantheon rules: tokens taken as cards turn over, Divinities placed, the start
/// of Age II, activations and every Divinity's effect and decision.
mod rules {
    use super::super::*;
    use super::*;
    use crate::events::Event;
    use crate::pantheon_data::{
        DivinityEffect, MYTHOLOGY_TOKEN_SLOTS, OFFERING_TOKEN_SLOTS, POLIORCETICS_COINS_PER_SQUARE,
    };
    use wonders_common::EventSink;

    /// Byte-lane constants for [`affordable_spaces`].
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

    /// Each seat's space costs in the byte lanes of a `u64` (lane `k` = space `k + 1`).
    const SPACE_COST_LANES: [u64; 2] = {
        let mut lanes = [0u64; 2];
        let mut k = 0;
        while k < PANTHEON_SPACES {
            lanes[0] |= (space_cost(k as u8 + 1, 0) as u64) << (8 * k);
            lanes[1] |= (space_cost(k as u8 + 1, 1) as u64) << (8 * k);
            k += 1;
        }
        lanes
    };

    /// The high bit of each byte lane of `x` that is zero.
    const fn zero_lanes(x: u64) -> u64 {
        !(((x & LOW7) + LOW7) | x | LOW7)
    }

    /// The spaces (bit `k` = space `k + 1`) holding a card that costs `seat` at most `limit`
    /// coins, the Gate's cost doubled: the six spaces at once in the byte lanes of a `u64`
    /// (this runs for every turn of a Pantheon game from Age II on).
    pub(in crate::state) fn affordable_spaces(
        spaces: &[DivinityId; PANTHEON_SPACES],
        seat: usize,
        limit: u16,
    ) -> u8 {
        let mut bytes = [NO_DIVINITY; 8];
        bytes[..PANTHEON_SPACES].copy_from_slice(spaces);
        let lanes = u64::from_le_bytes(bytes);
        let empty = zero_lanes(lanes ^ (NO_DIVINITY as u64 * ONES));
        let gate = (zero_lanes(lanes ^ (GATE_ID as u64 * ONES)) >> 7) * 0xFF;
        let base = SPACE_COST_LANES[seat];
        // Every lane stays below 128: no carry or borrow crosses a lane below.
        let cost = base + (base & gate) * (GATE.cost_factor as u64 - 1);
        let limit = limit.min(0x7F) as u64 * ONES;
        let within = ((limit | HIGH) - cost) & HIGH & !empty;
        // Lane k's high bit to bit k.
        ((within >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
    }

    /// For each layout slot, the index of its token among `slots` (those marked).
    const fn token_of_slot(slots: &[u8]) -> [u8; 20] {
        let mut index = [0xFF; 20];
        let mut i = 0;
        while i < slots.len() {
            index[slots[i] as usize] = i as u8;
            i += 1;
        }
        index
    }

    /// Which Mythology token (by index in the set-up) lies on each Age I slot.
    const MYTHOLOGY_TOKEN_OF_SLOT: [u8; 20] = token_of_slot(&MYTHOLOGY_TOKEN_SLOTS);
    /// Which Offering token (by index in the set-up) lies on each Age II slot.
    const OFFERING_TOKEN_OF_SLOT: [u8; 20] = token_of_slot(&OFFERING_TOKEN_SLOTS);

    /// Bit per slot of `slots`.
    fn slot_bits(slots: &[u8]) -> u32 {
        slots.iter().fold(0, |m, &s| m | 1 << s)
    }

    impl Duel {
        /// True in a Pantheon game.
        #[inline]
        pub fn is_pantheon(&self) -> bool {
            self.options.pantheon
        }

        /// Sets Pantheon's state up from the setup (Mythology decks, the Age I tokens).
        pub(in crate::state) fn init_pantheon(&mut self) {
            let Some(ps) = self.setup.pantheon else {
                return;
            };
            self.pantheon.decks = ps.mythology_decks;
            self.pantheon.deck_len = [3; 5];
            self.pantheon.whereabouts = [[IN_DECK; NUM_DIVINITIES]; 2];
            self.pantheon.tokens_on = slot_bits(&MYTHOLOGY_TOKEN_SLOTS);
        }

        /// Coins `seat` can spend: its treasury and the coins on its Astarte.
        #[inline]
        pub fn spendable(&self, seat: usize) -> u16 {
            self.players[seat].coins + self.pantheon.astarte[seat] as u16
        }

        /// The Mythology of the token on Age I slot `slot`.
        fn mythology_token_at(&self, slot: u32) -> u8 {
            let ps = self.setup.pantheon.as_ref().expect("a Pantheon game");
            ps.mythology_tokens[MYTHOLOGY_TOKEN_OF_SLOT[slot as usize] as usize]
        }

        /// The index (in `OFFERING_TOKENS`) of the Offering token on Age II slot `slot`.
        fn offering_token_at(&self, slot: u32) -> usize {
            let ps = self.setup.pantheon.as_ref().expect("a Pantheon game");
            let value = ps.offering_tokens[OFFERING_TOKEN_OF_SLOT[slot as usize] as usize];
            OFFERING_TOKENS
                .iter()
                .position(|&v| v == value)
                .expect("a known value")
        }

        /// End of a turn: the player whose turn it was takes the tokens on the cards turned
        /// face up, in slot order; each Mythology token asks for a Divinity to be placed.
        /// True when a decision is now waiting (the turn is not over).
        #[inline(never)]
        pub(in crate::state) fn take_turned_tokens<S: EventSink<Event>>(
            &mut self,
            events: &mut S,
        ) -> bool {
            let ready = self.pantheon.tokens_on & self.revealed;
            if ready == 0 {
                return false;
            }
            self.pantheon.tokens_on &= !ready;
            let seat = self.current as usize;
            let mut places: arrayvec::ArrayVec<u8, 5> = arrayvec::ArrayVec::new();
            let mut bits = ready;
            while bits != 0 {
                let slot = bits.trailing_zeros();
                bits &= bits - 1;
                if self.age == 0 {
                    let m = self.mythology_token_at(slot);
                    self.pantheon.mythology[seat][m as usize] += 1;
                    self.players[seat].chains |= 1 << Chain::of_mythology(m) as u32;
                    places.push(m);
                    events.emit(Event::MythologyToken {
                        seat: seat as u8,
                        mythology: Mythology::ALL[m as usize],
                        deck_empty: self.pantheon.deck_len[m as usize] == 0,
                    });
                } else {
                    let i = self.offering_token_at(slot);
                    self.pantheon.offerings[seat] |= 1 << i;
                    events.emit(Event::OfferingToken {
                        seat: seat as u8,
                        value: OFFERING_TOKENS[i],
                    });
                }
            }
            // The first token's placement is decided first.
            for &m in places.iter().rev() {
                if self.pantheon.deck_len[m as usize] > 0 && self.pantheon.empty_spaces() != 0 {
                    self.ask(Pending::PlaceDivinity(m), events);
                }
            }
            !self.pending.is_empty()
        }

        /// Where `seat` knows `divinity` may be now ([`Whereabouts`]): what it learnt, and while
        /// it decides a placement from that Divinity's deck the top two it drew, or while it
        /// decides the Divine Theater's card the whole deck it chose.
        pub fn whereabouts(&self, seat: usize, divinity: DivinityId) -> Whereabouts {
            let p = &self.pantheon;
            let known = p.whereabouts[seat][divinity as usize];
            let m = DIVINITIES[divinity as usize].mythology as usize;
            let shown = match self.pending.top() {
                Some(Pending::PlaceDivinity(x)) if x as usize == m => deck_positions(2),
                Some(Pending::DivineTheaterCard(x)) if x as usize == m => IN_DECK,
                _ => 0,
            };
            let at = p.place_of(divinity);
            if self.current as usize == seat && at & shown != 0 {
                at
            } else {
                known
            }
        }

        /// How many cards from the top of deck `m` `seat` knows now (see
        /// [`Duel::whereabouts`]).
        pub fn sees(&self, seat: usize, m: usize) -> u8 {
            let p = &self.pantheon;
            let n = p.deck_len[m] as usize;
            p.decks[m][..n]
                .iter()
                .enumerate()
                .take_while(|&(i, &d)| self.whereabouts(seat, d) == deck_position(i))
                .count() as u8
        }

        /// The Divinities `seat` may place from deck `m`: its top two (one if only one is left).
        pub fn placeable(&self, m: usize) -> &[DivinityId] {
            let n = (self.pantheon.deck_len[m] as usize).min(2);
            &self.pantheon.decks[m][..n]
        }

        /// Start of Age II: the Gate on the empty space (the lowest if several), the Divinities
        /// turned face up, Enki's tokens drawn; the Offering tokens lie on their slots.
        #[inline(never)]
        pub(in crate::state) fn start_pantheon_age<S: EventSink<Event>>(&mut self, events: &mut S) {
            match self.age {
                1 => {
                    let p = &mut self.pantheon;
                    if let Some(i) = p.spaces.iter().position(|&d| d == NO_DIVINITY) {
                        p.spaces[i] = GATE_ID;
                        events.emit(Event::GatePlaced { space: i as u8 + 1 });
                    }
                    for (k, &d) in p.spaces.iter().enumerate() {
                        if d != NO_DIVINITY && d != GATE_ID {
                            events.emit(Event::DivinityRevealed {
                                space: k as u8 + 1,
                                divinity: d,
                                placed_by: p.placed_by >> k & 1,
                            });
                        }
                    }
                    p.revealed = true;
                    p.placed_by = 0;
                    // Every face-down card is seen: what is on no space is in a deck.
                    for seat in &mut p.whereabouts {
                        for w in seat.iter_mut() {
                            *w &= IN_DECK;
                        }
                    }
                    for k in 0..PANTHEON_SPACES {
                        let d = p.spaces[k];
                        if d != NO_DIVINITY && d != GATE_ID {
                            p.seen_at(d, 1 << k);
                        }
                    }
                    p.tokens_on = slot_bits(&OFFERING_TOKEN_SLOTS);
                    if self.pantheon.spaces.contains(&ENKI) {
                        self.draw_for_enki(events);
                    }
                    if let Some(ps) = &self.setup.pantheon {
                        events.emit(Event::OfferingTokensLaid {
                            values: ps.offering_tokens,
                        });
                    }
                }
                _ => self.pantheon.tokens_on = 0,
            }
        }

        /// Enki revealed: the first 2 Progress tokens of the box go on the card.
        fn draw_for_enki<S: EventSink<Event>>(&mut self, events: &mut S) {
            let n = (self.box_len as usize).min(2);
            self.pantheon.enki[..n].copy_from_slice(&self.box_tokens[..n]);
            self.pantheon.enki_len = n as u8;
            self.remove_from_box(n);
            if n > 0 {
                events.emit(Event::EnkiDrawn {
                    tokens: self.pantheon.enki[..n].iter().copied().collect(),
                });
            }
        }

        /// Takes the first `n` tokens off the box.
        fn remove_from_box(&mut self, n: usize) {
            let len = self.box_len as usize;
            self.box_tokens.copy_within(n..len, 0);
            self.box_len -= n as u8;
        }

        /// Puts tokens back at the end of the box, in this order.
        pub(in crate::state) fn return_to_box(&mut self, tokens: &[TokenId]) {
            for &t in tokens {
                self.box_tokens[self.box_len as usize] = t;
                self.box_len += 1;
            }
        }

        /// Enki's tokens go back to the box (Enki revealed by the Gate or the Divine Theater
        /// and not chosen).
        fn return_enki_tokens<S: EventSink<Event>>(&mut self, events: &mut S) {
            let n = self.pantheon.enki_len as usize;
            let tokens = self.pantheon.enki;
            self.return_to_box(&tokens[..n]);
            self.pantheon.enki_len = 0;
            if n > 0 {
                events.emit(Event::EnkiReturned {
                    tokens: tokens[..n].iter().copied().collect(),
                });
            }
        }

        /// Coins off each of `seat`'s activations: the Sanctuary's 2 once built.
        #[inline]
        pub fn pantheon_discount(&self, seat: usize) -> u8 {
            debug_assert_eq!(
                self.pantheon.discount[seat],
                {
                    let p = &self.players[seat];
                    (0..p.wonders.len())
                        .map(|i| {
                            (p.built >> i & 1) * WONDERS[p.wonders[i] as usize].pantheon_discount
                        })
                        .sum::<u8>()
                },
                "stale discount"
            );
            self.pantheon.discount[seat]
        }

        /// What activating the card on space `space` (1-6) costs `seat` before Offerings.
        pub fn activation_price(&self, seat: usize, space: u8) -> u8 {
            let gate = self.pantheon.spaces[space as usize - 1] == GATE_ID;
            activation_cost(space, seat, gate, self.pantheon_discount(seat))
        }

        /// The activations `seat` may make this turn (from Age II on): every card on a space,
        /// with every set of its Offering tokens it can afford.
        #[inline]
        pub(in crate::state) fn activation_actions(&self, out: &mut Vec<Action>) {
            debug_assert!(self.age > 0 && self.pantheon.revealed, "before the reveal");
            let seat = self.current as usize;
            let owned = self.pantheon.offerings[seat];
            let spendable = self.spendable(seat);
            let discount = self.pantheon_discount(seat);
            // The spaces whose card is affordable with all the tokens: most often none. A cost
            // `c` less the discount and the tokens, not below 0, is at most `spendable` exactly
            // when `c` is at most their sum.
            let spaces = &self.pantheon.spaces;
            let limit = spendable + (discount + OFFERING_SUMS[owned as usize & 7]) as u16;
            let mut affordable = affordable_spaces(spaces, seat, limit);
            let subsets = offering_subsets(owned);
            while affordable != 0 {
                let i = affordable.trailing_zeros() as usize;
                affordable &= affordable - 1;
                let d = spaces[i];
                let cost = activation_cost(i as u8 + 1, seat, d == GATE_ID, discount);
                // Every subset of the owned tokens, the empty one first, each kept only if
                // affordable, without a branch (as the Builds in `card_actions`).
                for &sub in subsets {
                    let paid = coins_due(cost, sub) as u16;
                    let len = out.len();
                    out.push(Action::Activate {
                        divinity: d,
                        offerings: sub,
                        paid,
                    });
                    out.truncate(len + (paid <= spendable) as usize);
                }
            }
        }

        /// Plays an activation: pays, takes the card off its space and applies it.
        pub(in crate::state) fn play_activate<S: EventSink<Event>>(
            &mut self,
            action: Action,
            divinity: DivinityId,
            offerings: u8,
            paid: u16,
            events: &mut S,
        ) -> Result<(), DuelError> {
            let seat = self.current as usize;
            if self.age == 0 || !self.pantheon.revealed {
                return Err(Self::illegal(
                    action,
                    "Divinities are activated from Age II on",
                ));
            }
            let Some(space) = self.pantheon.space_of(divinity) else {
                return Err(Self::illegal(action, "that card is not in the Pantheon"));
            };
            if offerings & !self.pantheon.offerings[seat] != 0 {
                return Err(Self::illegal(action, "those Offering tokens are not yours"));
            }
            let cost = self.activation_price(seat, space);
            let due = coins_due(cost, offerings) as u16;
            self.check_price::<true>(action, seat, "the activation", due, paid)?;
            self.pantheon.spaces[space as usize - 1] = NO_DIVINITY;
            if divinity != GATE_ID {
                self.pantheon.seen_at(divinity, 0);
            }
            self.pantheon.offerings[seat] &= !offerings;
            events.emit(Event::DivinityActivated {
                seat: seat as u8,
                divinity,
                space: Some(space),
            });
            // No trade: Economy pays nothing.
            self.pay(seat, paid, 0, events);
            if divinity == GATE_ID {
                // The top card of each deck is revealed; Enki among them draws its tokens.
                events.emit(Event::GateReveals {
                    tops: (0..5).filter_map(|m| self.pantheon.top(m)).collect(),
                });
                if (0..5).any(|m| self.pantheon.top(m) == Some(ENKI)) {
                    self.draw_for_enki(events);
                }
                if (0..5).any(|m| self.pantheon.deck_len[m] > 0) {
                    // Every top is shown to both seats.
                    for m in 0..5 {
                        if let Some(top) = self.pantheon.top(m) {
                            self.pantheon.seen_at(top, deck_position(0));
                            for d in divinities_of(m).filter(|&d| d != top) {
                                for seat in &mut self.pantheon.whereabouts {
                                    seat[d as usize] &= !deck_position(0);
                                }
                            }
                        }
                    }
                    self.ask(Pending::Gate, events);
                }
            } else {
                self.activate_divinity(seat, divinity, events);
            }
            self.after_effect(events);
            Ok(())
        }

        /// `seat` activates `divinity`: its effect now, and its decision if it has one to take.
        pub(in crate::state) fn activate_divinity<S: EventSink<Event>>(
            &mut self,
            seat: usize,
            divinity: DivinityId,
            events: &mut S,
        ) {
            self.pantheon.activated[seat] |= 1 << divinity;
            let opp = &self.players[1 - seat];
            let decision = match DIVINITIES[divinity as usize].effect {
                DivinityEffect::ProgressChoice { .. } => {
                    (self.pantheon.enki_len > 0).then_some(Pending::Enki)
                }
                DivinityEffect::Science(symbol) => {
                    self.add_science(seat, symbol, events);
                    None
                }
                DivinityEffect::CopyOpponentScience => {
                    (opp.colors[Color::Green as usize] > 0).then_some(Pending::Nisaba)
                }
                DivinityEffect::ProtectedCoins(n) => {
                    self.pantheon.astarte[seat] += n;
                    events.emit(Event::AstarteCoins {
                        seat: seat as u8,
                        coins: n,
                        now: self.pantheon.astarte[seat],
                    });
                    None
                }
                DivinityEffect::StealCard(colors) => colors
                    .iter()
                    .any(|&c| opp.colors[c as usize] > 0)
                    .then_some(Pending::Baal),
                DivinityEffect::Coins(n) => {
                    self.gain_coins(seat, n as u16, events);
                    None
                }
                DivinityEffect::Points(_) => None,
                DivinityEffect::BuildFromDiscard => {
                    (!self.discard.is_empty()).then_some(Pending::Hades)
                }
                DivinityEffect::DiscardLayoutCard => {
                    (self.taken != 0xF_FFFF).then_some(Pending::Zeus)
                }
                DivinityEffect::UnbuildWonder => {
                    (self.players.iter().any(|p| p.built != 0)).then_some(Pending::Anubis)
                }
                DivinityEffect::WonderFromDiscard => (!self.discard.is_empty()
                    && self.wonders_built < 7
                    && self.buildable_wonders(seat) != 0)
                    .then_some(Pending::Isis),
                DivinityEffect::StealUnbuiltWonder => {
                    (self.buildable_wonders(1 - seat) != 0).then_some(Pending::Ra)
                }
                DivinityEffect::Shields(n) => {
                    self.move_pawn(seat, n, events);
                    None
                }
                DivinityEffect::MinervaPawn => Some(Pending::Minerva),
                DivinityEffect::MilitaryTokens => {
                    (self.military_tokens != 0).then_some(Pending::Neptune)
                }
            };
            if let Some(d) = decision {
                if self.phase != Phase::Over {
                    self.ask(d, events);
                    if d == Pending::Enki {
                        let p = &self.pantheon;
                        events.emit(Event::EnkiOffers {
                            seat: seat as u8,
                            tokens: p.enki[..p.enki_len as usize].iter().copied().collect(),
                        });
                    }
                }
            }
        }

        /// Positions (bit per index in its list) of `seat`'s Wonders it may still build: not
        /// built, not sent to the box.
        pub fn buildable_wonders(&self, seat: usize) -> u8 {
            let p = &self.players[seat];
            let all = (1u8 << p.num_wonders) - 1;
            all & !(p.built | self.boxed_positions(seat))
        }

        /// Positions (bit per index in its list) of `seat`'s Wonders the 7-Wonder limit sent
        /// to the box.
        pub(in crate::state) fn boxed_positions(&self, seat: usize) -> u8 {
            let p = &self.players[seat];
            (0..p.num_wonders as usize)
                .filter(|&i| self.pantheon.boxed_wonders >> p.wonders[i] & 1 == 1)
                .fold(0, |m, i| m | 1 << i)
        }

        /// Moves card `card` of the opponent's city into `seat`'s (Baal): its production and
        /// nothing else.
        fn steal_card<S: EventSink<Event>>(&mut self, seat: usize, card: CardId, events: &mut S) {
            let c = &CARDS[card as usize];
            events.emit(Event::CardTaken {
                seat: seat as u8,
                card,
            });
            {
                let opp = &mut self.players[1 - seat];
                opp.city.remove(card);
                opp.colors[c.color as usize] -= 1;
                for r in 0..5 {
                    opp.production.0[r] -= c.produces.0[r];
                }
            }
            let me = &mut self.players[seat];
            me.city.insert(card);
            me.colors[c.color as usize] += 1;
            for r in 0..5 {
                me.production.0[r] += c.produces.0[r];
            }
            self.refresh_costs();
        }

        /// Anubis: `wonder` (built, either seat's) becomes unbuilt; what it gave once is kept,
        /// what it gives while built (points, production, the Sanctuary's discount) goes, and
        /// its tucked card goes to the discard pile.
        fn unbuild_wonder<S: EventSink<Event>>(
            &mut self,
            actor: usize,
            wonder: WonderId,
            events: &mut S,
        ) {
            let seat = if self.players[0].built_wonders().any(|w| w == wonder) {
                0
            } else {
                1
            };
            let w = &WONDERS[wonder as usize];
            let p = &mut self.players[seat];
            let i = p.wonders[..p.num_wonders as usize]
                .iter()
                .position(|&x| x == wonder)
                .expect("a built Wonder");
            p.built &= !(1 << i);
            p.wonder_points -= w.points as i16;
            self.pantheon.discount[seat] -= w.pantheon_discount;
            if !w.produces_one_of.is_empty() {
                if w.produces_one_of.get(Resource::Wood) > 0 {
                    p.choice_raw -= 1;
                } else {
                    p.choice_goods -= 1;
                }
            }
            let card = self.pantheon.tucked[seat][i];
            p.tucked.remove(card);
            self.discard.insert(card);
            events.emit(Event::WonderUnbuilt {
                seat: actor as u8,
                owner: seat as u8,
                wonder,
                card,
            });
            self.wonders_built -= 1;
            self.refresh_costs();
        }

        /// Ra: the opponent's unbuilt `wonder` joins `seat`'s Wonders.
        fn take_wonder<S: EventSink<Event>>(
            &mut self,
            seat: usize,
            wonder: WonderId,
            events: &mut S,
        ) {
            events.emit(Event::WonderTaken {
                seat: seat as u8,
                wonder,
            });
            let opp = &mut self.players[1 - seat];
            let n = opp.num_wonders as usize;
            let i = opp.wonders[..n]
                .iter()
                .position(|&x| x == wonder)
                .expect("an opponent's Wonder");
            // Close the gap in the opponent's lists (Wonders, built bits, tucked cards).
            opp.wonders.copy_within(i + 1..n, i);
            let low = opp.built & ((1 << i) - 1);
            opp.built = low | (opp.built >> (i + 1)) << i;
            opp.num_wonders -= 1;
            let tucked = &mut self.pantheon.tucked[1 - seat];
            tucked.copy_within(i + 1..n, i);
            let me = &mut self.players[seat];
            me.wonders[me.num_wonders as usize] = wonder;
            me.num_wonders += 1;
            self.refresh_costs();
        }

        /// The Pantheon decisions: checks `action` against the waiting decision and plays it.
        /// `None` when `pending` is not a Pantheon decision.
        #[inline(never)]
        pub(in crate::state) fn resolve_pantheon<S: EventSink<Event>>(
            &mut self,
            pending: Pending,
            action: Action,
            events: &mut S,
        ) -> Option<Result<(), DuelError>> {
            if !pending.is_pantheon() {
                return None;
            }
            let seat = self.current as usize;
            let refused = |why: &str| Some(Err(Self::illegal(action, why.to_string())));
            match (pending, action) {
                (Pending::PlaceDivinity(m), Action::PlaceDivinity { divinity, space }) => {
                    let m = m as usize;
                    if !self.placeable(m).contains(&divinity) {
                        return refused("that Divinity is not among the top cards of its deck");
                    }
                    if !(1..=6).contains(&space)
                        || self.pantheon.spaces[space as usize - 1] != NO_DIVINITY
                    {
                        return refused("that space is not empty");
                    }
                    self.pending.pop();
                    let p = &mut self.pantheon;
                    p.take_from_deck(m, divinity);
                    p.spaces[space as usize - 1] = divinity;
                    p.learn_placement(seat, m, divinity, 1 << (space - 1));
                    p.placed_by = p.placed_by & !(1 << (space - 1)) | (seat as u8) << (space - 1);
                    p.placed[seat] |= 1 << divinity;
                    let put_back = p.top(m);
                    events.emit(Event::DivinityPlaced {
                        seat: seat as u8,
                        divinity,
                        space,
                        put_back,
                    });
                }
                (Pending::Gate, Action::Gate(d)) => {
                    let Some(m) = (0..5).find(|&m| self.pantheon.top(m) == Some(d)) else {
                        return refused("that Divinity is not on top of a deck");
                    };
                    self.pending.pop();
                    // The chosen top is gone (the tops were shown when the Gate was activated).
                    self.pantheon.take_from_deck(m, d);
                    self.pantheon.seen_at(d, 0);
                    self.pantheon.deck_lost_top(m);
                    // Enki shown on top of its deck drew its tokens: not chosen, they go back.
                    // (An Enki in the Pantheon keeps the tokens it drew at Age II.)
                    let enki_in_deck = (0..5).any(|k| self.pantheon.top(k) == Some(ENKI));
                    events.emit(Event::DivinityActivated {
                        seat: seat as u8,
                        divinity: d,
                        space: None,
                    });
                    if d != ENKI && enki_in_deck && self.pantheon.enki_len > 0 {
                        self.return_enki_tokens(events);
                    }
                    self.activate_divinity(seat, d, events);
                }
                (Pending::DivineTheater, Action::DivineTheaterDeck(m)) => {
                    if m >= 5 || self.pantheon.deck_len[m as usize] == 0 {
                        return refused("that Mythology deck is empty");
                    }
                    self.pending.pop();
                    self.ask(Pending::DivineTheaterCard(m), events);
                }
                (Pending::DivineTheaterCard(m), Action::DivineTheater { divinity, rest }) => {
                    let m = m as usize;
                    let n = self.pantheon.deck_len[m] as usize;
                    if !self.pantheon.decks[m][..n].contains(&divinity) {
                        return refused("that Divinity is not in the deck taken");
                    }
                    let mut others: arrayvec::ArrayVec<DivinityId, 3> = self.pantheon.decks[m][..n]
                        .iter()
                        .copied()
                        .filter(|&d| d != divinity)
                        .collect();
                    let given: arrayvec::ArrayVec<DivinityId, 2> =
                        rest.iter().copied().filter(|&d| d != NO_DIVINITY).collect();
                    let mut sorted = given.clone();
                    sorted.sort();
                    others.sort();
                    if sorted[..] != others[..] || rest[..given.len()] != given[..] {
                        return refused("the rest must be the deck's other cards, each once");
                    }
                    self.pending.pop();
                    let p = &mut self.pantheon;
                    p.decks[m] = [NO_DIVINITY; 3];
                    p.decks[m][..given.len()].copy_from_slice(&given);
                    p.deck_len[m] = given.len() as u8;
                    // The builder saw the deck and ordered it; the opponent saw neither: what
                    // it knew to be in the deck may now be anywhere in it.
                    let len = p.deck_len[m];
                    for d in divinities_of(m) {
                        let w = &mut p.whereabouts[1 - seat][d as usize];
                        if *w & IN_DECK != 0 {
                            *w = *w & ON_SPACES | deck_positions(len);
                        }
                    }
                    p.seen_at(divinity, 0);
                    for (i, &d) in given.iter().enumerate() {
                        p.whereabouts[seat][d as usize] = deck_position(i);
                    }
                    events.emit(Event::DivinityActivated {
                        seat: seat as u8,
                        divinity,
                        space: None,
                    });
                    let had_enki = divinity == ENKI || given.contains(&ENKI);
                    if had_enki {
                        self.draw_for_enki(events);
                        if divinity != ENKI {
                            self.return_enki_tokens(events);
                        }
                    }
                    self.activate_divinity(seat, divinity, events);
                }
                (Pending::Enki, Action::Enki(t)) => {
                    let n = self.pantheon.enki_len as usize;
                    let tokens = self.pantheon.enki;
                    if !tokens[..n].contains(&t) {
                        return refused("that token is not on Enki");
                    }
                    self.pending.pop();
                    self.pantheon.enki_len = 0;
                    let back: arrayvec::ArrayVec<TokenId, 2> =
                        tokens[..n].iter().copied().filter(|&x| x != t).collect();
                    self.return_to_box(&back);
                    if !back.is_empty() {
                        events.emit(Event::EnkiReturned { tokens: back });
                    }
                    self.gain_token(seat, t, events);
                }
                (Pending::Nisaba, Action::Nisaba(c)) => {
                    let card = &CARDS[c as usize];
                    let Some(symbol) = card.science.filter(|_| {
                        card.color == Color::Green && self.players[1 - seat].city.contains(c)
                    }) else {
                        return refused("that is not a green card of the opponent");
                    };
                    self.pending.pop();
                    self.add_science(seat, symbol, events);
                }
                (Pending::Baal, Action::Baal(c)) => {
                    let color = CARDS[c as usize].color;
                    if !self.players[1 - seat].city.contains(c)
                        || !matches!(color, Color::Brown | Color::Grey)
                    {
                        return refused("that is not a brown or grey card of the opponent");
                    }
                    self.pending.pop();
                    self.steal_card(seat, c, events);
                }
                (Pending::Hades, Action::BuildDiscarded(c)) if self.discard.contains(c) => {
                    self.pending.pop();
                    self.discard.remove(c);
                    self.build_card(seat, c, events);
                }
                (Pending::Zeus, Action::Zeus(slot)) => {
                    let slot = slot as usize;
                    if slot >= 20 || self.taken >> slot & 1 == 1 {
                        return refused("that card is not in the layout");
                    }
                    let c = self.setup.ages[self.age as usize][slot];
                    self.pending.pop();
                    events.emit(Event::LayoutCardDiscarded {
                        seat: seat as u8,
                        slot: slot as u8,
                        card: c,
                        face_down: self.revealed >> slot & 1 == 0,
                        token_discarded: self.pantheon.tokens_on >> slot & 1 == 1,
                    });
                    self.pantheon.tokens_on &= !(1 << slot);
                    self.remove_slot(slot);
                    self.discard.insert(c);
                }
                (Pending::Anubis, Action::Anubis(w)) => {
                    if !self
                        .players
                        .iter()
                        .any(|p| p.built_wonders().any(|x| x == w))
                    {
                        return refused("that Wonder is not built");
                    }
                    self.pending.pop();
                    self.unbuild_wonder(seat, w, events);
                }
                (Pending::Isis, Action::Isis { card, wonder }) => {
                    let p = &self.players[seat];
                    let ok = self.discard.contains(card)
                        && (0..p.num_wonders as usize).any(|i| {
                            p.wonders[i] == wonder && self.buildable_wonders(seat) >> i & 1 == 1
                        })
                        && self.wonders_built < 7;
                    if !ok {
                        return refused(
                            "Isis needs a discarded card and a Wonder of yours to build",
                        );
                    }
                    self.pending.pop();
                    self.discard.remove(card);
                    self.build_wonder(seat, wonder, card, events);
                }
                (Pending::Ra, Action::Ra(w)) => {
                    let opp = &self.players[1 - seat];
                    let ok = (0..opp.num_wonders as usize).any(|i| {
                        opp.wonders[i] == w && self.buildable_wonders(1 - seat) >> i & 1 == 1
                    });
                    if !ok {
                        return refused("that is not an unbuilt Wonder of the opponent");
                    }
                    self.pending.pop();
                    self.take_wonder(seat, w, events);
                }
                (Pending::Minerva, Action::Minerva(square)) => {
                    if !(-9..=9).contains(&square) || square == self.pawn {
                        return refused("Minerva goes on a track square other than the pawn's");
                    }
                    self.pending.pop();
                    self.pantheon.minerva = square;
                    events.emit(Event::MinervaPlaced {
                        seat: seat as u8,
                        square,
                    });
                }
                (Pending::Neptune, Action::Neptune { discard, apply }) => {
                    let on = self.military_tokens;
                    let has = |i: u8| i < 4 && on >> i & 1 == 1;
                    let last = on.count_ones() == 1;
                    let ok = has(discard)
                        && if apply == NO_TOKEN {
                            last
                        } else {
                            apply != discard && has(apply)
                        };
                    if !ok {
                        return refused("Neptune takes two military tokens on the board");
                    }
                    self.pending.pop();
                    self.military_tokens &= !(1 << discard);
                    events.emit(Event::MilitaryTokenDiscarded { token: discard });
                    if apply != NO_TOKEN {
                        self.military_tokens &= !(1 << apply);
                        events.emit(Event::MilitaryTokenApplied {
                            token: apply,
                            victim: 1 - seat as u8,
                        });
                        let coins = MILITARY_TOKENS[apply as usize].2;
                        self.lose_coins(1 - seat, coins as u16, events);
                    }
                }
                _ => {
                    return Some(Err(Self::illegal(
                        action,
                        format!("the game waits for {pending:?}"),
                    )))
                }
            }
            self.after_effect(events);
            Some(Ok(()))
        }

        /// The actions of a waiting Pantheon decision ([`Pending::is_pantheon`]).
        #[inline(never)]
        pub(in crate::state) fn pantheon_actions(&self, pending: Pending, out: &mut Vec<Action>) {
            let seat = self.current as usize;
            let p = &self.pantheon;
            match pending {
                Pending::PlaceDivinity(m) => {
                    for &d in self.placeable(m as usize) {
                        // Each space, kept only if empty, without a branch.
                        for (k, &on) in p.spaces.iter().enumerate() {
                            let len = out.len();
                            out.push(Action::PlaceDivinity {
                                divinity: d,
                                space: k as u8 + 1,
                            });
                            out.truncate(len + (on == NO_DIVINITY) as usize);
                        }
                    }
                }
                Pending::Gate => out.extend((0..5).filter_map(|m| p.top(m)).map(Action::Gate)),
                Pending::DivineTheater => out.extend(
                    (0..5u8)
                        .filter(|&m| p.deck_len[m as usize] > 0)
                        .map(Action::DivineTheaterDeck),
                ),
                Pending::DivineTheaterCard(m) => {
                    let m = m as usize;
                    let n = p.deck_len[m] as usize;
                    let deck = &p.decks[m][..n];
                    for (i, &d) in deck.iter().enumerate() {
                        // The others, in their order and the other way round.
                        let mut rest = [NO_DIVINITY; 2];
                        let mut k = 0;
                        for (j, &x) in deck.iter().enumerate() {
                            if j != i {
                                rest[k] = x;
                                k += 1;
                            }
                        }
                        out.push(Action::DivineTheater { divinity: d, rest });
                        if k == 2 {
                            out.push(Action::DivineTheater {
                                divinity: d,
                                rest: [rest[1], rest[0]],
                            });
                        }
                    }
                }
                Pending::Enki => out.extend(
                    p.enki[..p.enki_len as usize]
                        .iter()
                        .map(|&t| Action::Enki(t)),
                ),
                Pending::Nisaba => out.extend(
                    self.players[1 - seat]
                        .city
                        .iter()
                        .filter(|&c| CARDS[c as usize].color == Color::Green)
                        .map(Action::Nisaba),
                ),
                Pending::Baal => out.extend(
                    self.players[1 - seat]
                        .city
                        .iter()
                        .filter(|&c| matches!(CARDS[c as usize].color, Color::Brown | Color::Grey))
                        .map(Action::Baal),
                ),
                Pending::Hades => out.extend(self.discard.iter().map(Action::BuildDiscarded)),
                Pending::Zeus => out.extend(
                    (0..20u8)
                        .filter(|&s| self.taken >> s & 1 == 0)
                        .map(Action::Zeus),
                ),
                Pending::Anubis => {
                    for pl in &self.players {
                        out.extend(pl.built_wonders().map(Action::Anubis));
                    }
                }
                Pending::Isis => {
                    let me = &self.players[seat];
                    let buildable = self.buildable_wonders(seat);
                    for c in self.discard.iter() {
                        for i in 0..me.num_wonders as usize {
                            if buildable >> i & 1 == 1 {
                                out.push(Action::Isis {
                                    card: c,
                                    wonder: me.wonders[i],
                                });
                            }
                        }
                    }
                }
                Pending::Ra => {
                    let opp = &self.players[1 - seat];
                    let buildable = self.buildable_wonders(1 - seat);
                    out.extend(
                        (0..opp.num_wonders as usize)
                            .filter(|&i| buildable >> i & 1 == 1)
                            .map(|i| Action::Ra(opp.wonders[i])),
                    );
                }
                Pending::Minerva => out.extend(
                    (-9..=9i8)
                        .filter(|&sq| sq != self.pawn)
                        .map(Action::Minerva),
                ),
                Pending::Neptune => {
                    let on = self.military_tokens;
                    let tokens: arrayvec::ArrayVec<u8, 4> =
                        (0..4u8).filter(|&i| on >> i & 1 == 1).collect();
                    for &d in &tokens {
                        if tokens.len() == 1 {
                            out.push(Action::Neptune {
                                discard: d,
                                apply: NO_TOKEN,
                            });
                        }
                        for &a in &tokens {
                            if a != d {
                                out.push(Action::Neptune {
                                    discard: d,
                                    apply: a,
                                });
                            }
                        }
                    }
                }
                _ => unreachable!("{pending:?} is not a Pantheon decision"),
            }
        }

        /// The Minerva pawn before a step of the Conflict pawn onto `square`: the move stops
        /// there, and the pawn is discarded. True when the move must stop.
        #[inline]
        pub(in crate::state) fn minerva_stops<S: EventSink<Event>>(
            &mut self,
            square: i8,
            events: &mut S,
        ) -> bool {
            if self.pantheon.minerva == square {
                self.pantheon.minerva = NO_MINERVA;
                events.emit(Event::MinervaStops { square });
                true
            } else {
                false
            }
        }

        /// Poliorcetics: the opponent of `seat` loses a coin per square `seat` moved the pawn.
        pub(in crate::state) fn poliorcetics<S: EventSink<Event>>(
            &mut self,
            seat: usize,
            squares: u8,
            events: &mut S,
        ) {
            if squares > 0 && self.players[seat].has(Progress::Poliorcetics) {
                events.emit(Event::Poliorcetics { seat: seat as u8 });
                let coins = (squares * POLIORCETICS_COINS_PER_SQUARE) as u16;
                self.lose_coins(1 - seat, coins, events);
            }
        }
    }

    /// Enki's id.
    pub(in crate::state) const ENKI: DivinityId = 0;

    #[cfg(test)]
    mod tests {
        use super::*;

        /// The lanes give what the rule gives space by space, on every mix of empty spaces,
        /// Divinities and the Gate, for both seats and every budget up to past the dearest.
        #[test]
        fn affordable_spaces_is_the_rule_space_by_space() {
            let kinds = [NO_DIVINITY, 3, GATE_ID];
            for mix in 0..3usize.pow(PANTHEON_SPACES as u32) {
                let mut spaces = [NO_DIVINITY; PANTHEON_SPACES];
                let mut m = mix;
                for s in &mut spaces {
                    *s = kinds[m % 3];
                    m /= 3;
                }
                for seat in 0..2 {
                    for limit in 0..=300u16 {
                        let rule = (0..PANTHEON_SPACES).fold(0u8, |bits, k| {
                            let cost = activation_cost(k as u8 + 1, seat, spaces[k] == GATE_ID, 0);
                            let ok = spaces[k] != NO_DIVINITY && cost as u16 <= limit;
                            bits | (ok as u8) << k
                        });
                        assert_eq!(affordable_spaces(&spaces, seat, limit), rule, "{spaces:?}");
                    }
                }
            }
        }
    }
}
