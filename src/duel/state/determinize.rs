//! Hidden information: determinizations for the bots, and what a seat sees.

use super::*;
use crate::pantheon_data::NUM_DIVINITIES;
use rand::Rng;
use wonders_common::shuffle::shuffle;

/// Every order of 2 and of 3 items, for dealing a Mythology's hidden Divinities.
const PERMUTATIONS: [&[usize]; 8] = [
    &[0, 1],
    &[1, 0],
    &[0, 1, 2],
    &[0, 2, 1],
    &[1, 0, 2],
    &[1, 2, 0],
    &[2, 0, 1],
    &[2, 1, 0],
];

impl Duel {
    /// Re-samples what nobody has seen: face-down cards of the current Age, the later Ages,
    /// the removed cards and unused Guilds, the boxed tokens' order and, during the first
    /// draft round, the second round's Wonders. (In Duel both seats see the same things; the
    /// only private fact, the 2 tokens the Great Library returns, is not tracked.)
    pub fn determinized(&self, rng: &mut dyn RngCore) -> Duel {
        self.determinized_for(0, rng)
    }

    /// [`Duel::determinized`] for `observer`, who with Pantheon also knows the Divinities it
    /// placed face down and the deck cards it has seen.
    pub fn determinized_for(&self, observer: usize, rng: &mut dyn RngCore) -> Duel {
        let mut d = *self;
        self.resample_into(observer, rng, &mut d);
        d
    }

    /// [`Duel::determinized_for`] written into `out` (a search's buffer): one copy of the
    /// state instead of two. Same result for the same generator state.
    pub fn determinized_into(&self, observer: usize, rng: &mut dyn RngCore, out: &mut Duel) {
        *out = *self;
        self.resample_into(observer, rng, out);
    }

    /// The work of `determinized_for` on `d`, a copy of this game.
    fn resample_into(&self, observer: usize, rng: &mut dyn RngCore, d: &mut Duel) {
        if self.phase == Phase::Over {
            // Nothing hidden matters any more, and the layout as played was all seen.
            return;
        }
        let start = if self.phase == Phase::Draft {
            0
        } else {
            self.age as usize
        };
        for age in start..3 {
            let known = if self.phase == Phase::Play && age == self.age as usize {
                self.revealed | self.taken
            } else {
                0
            };
            d.resample_age(age, known, rng);
        }
        d.index_layout();
        if self.phase == Phase::Draft && self.picks < 4 {
            let in_game = if self.options.pantheon {
                NUM_WONDERS
            } else {
                BASE_WONDERS
            };
            let mut pool: arrayvec::ArrayVec<WonderId, NUM_WONDERS> = (0..in_game as u8)
                .filter(|w| !self.setup.wonders_offered[..4].contains(w))
                .collect();
            shuffle(&mut pool, rng);
            d.setup.wonders_offered[4..].copy_from_slice(&pool[..4]);
        }
        // The 3 tokens drawn by a Great Library whose choice is pending are seen.
        let n = self.box_len as usize;
        let drawn = if self.pending.top() == Some(Pending::GreatLibrary) {
            n.min(3)
        } else {
            0
        };
        shuffle(&mut d.box_tokens[drawn..n], rng);
        if self.options.pantheon {
            d.resample_pantheon(observer, rng);
        }
    }

    /// Pantheon's hidden cards for `observer`: per Mythology, the Divinities whose place it
    /// does not know ([`Duel::whereabouts`]: face-down cards the opponent placed before Age II,
    /// deck cards it has not seen) are dealt anew among their places, each only where the
    /// observer knows it may be; every such deal is equally likely. A Mythology has 3
    /// Divinities, so the deals are few enough to list.
    fn resample_pantheon(&mut self, observer: usize, rng: &mut dyn RngCore) {
        use super::pantheon::divinities_of;
        for m in 0..5 {
            let mut cards: arrayvec::ArrayVec<(DivinityId, u16), 3> = arrayvec::ArrayVec::new();
            for d in divinities_of(m) {
                let w = self.whereabouts(observer, d);
                if w.count_ones() >= 2 {
                    cards.push((d, w));
                }
            }
            if cards.len() < 2 {
                continue;
            }
            let places: arrayvec::ArrayVec<u16, 3> = cards
                .iter()
                .map(|&(d, _)| self.pantheon.place_of(d))
                .collect();
            // Deal `order[i]`'s card to place `i`, where it may be.
            let fits = |order: &[usize]| {
                order
                    .iter()
                    .zip(&places)
                    .all(|(&c, &place)| cards[c].1 & place != 0)
            };
            let deals: arrayvec::ArrayVec<&[usize], 6> = PERMUTATIONS
                .iter()
                .map(|o| &o[..])
                .filter(|o| o.len() == cards.len() && fits(o))
                .collect();
            let deal = deals[rng.random_range(0..deals.len())];
            for (&c, &place) in deal.iter().zip(&places) {
                self.pantheon.put(cards[c].0, place);
            }
        }
    }

    pub(super) fn resample_age(&mut self, age: usize, known: u32, rng: &mut dyn RngCore) {
        let ages = &mut self.setup.ages[age];
        let deck_cards = &ALL_CARDS[DECK_STARTS[age] as usize..DECK_STARTS[age + 1] as usize];
        let purple_cards = if self.options.pantheon {
            &ALL_CARDS[BASE_CARDS..NUM_CARDS]
        } else {
            &ALL_CARDS[DECK_STARTS[3] as usize..DECK_STARTS[4] as usize]
        };
        // The cards not seen yet, in card order. A later Age has none seen: its deck as it is.
        let mut regular: arrayvec::ArrayVec<CardId, 23> = arrayvec::ArrayVec::new();
        let mut pool: arrayvec::ArrayVec<CardId, 7> = arrayvec::ArrayVec::new();
        let mut seen_purple = 0;
        if known == 0 {
            regular.extend(deck_cards.iter().copied());
            if age == 2 {
                pool.extend(purple_cards.iter().copied());
            }
        } else {
            // Without a branch per slot: which slots are known is what a game cannot predict.
            // An Age's cards (its deck and the purple cards) lie within 64 ids of its first,
            // so the set is built in one word.
            let first = DECK_STARTS[age];
            let seen = ages.iter().enumerate().fold(0u64, |set, (s, &card)| {
                debug_assert!((first..first + 64).contains(&card));
                set | u64::from(known >> s & 1) << (card - first)
            });
            let seen = CardSet(u128::from(seen) << first);
            // A run of consecutive card ids as a set.
            let set = |cards: &[CardId]| {
                CardSet((1u128 << (cards[0] as usize + cards.len())) - (1u128 << cards[0]))
            };
            regular.extend(set(deck_cards).difference(seen).iter());
            if age == 2 {
                pool.extend(set(purple_cards).difference(seen).iter());
                seen_purple = purple_cards.len() - pool.len();
            }
        }
        shuffle(&mut regular, rng);
        let mut fill: arrayvec::ArrayVec<CardId, 20> = arrayvec::ArrayVec::new();
        if age == 2 {
            // The 3 purple cards: Guilds, or Pantheon's Grand Temples.
            shuffle(&mut pool, rng);
            let k = 3 - seen_purple;
            fill.extend(pool[..k].iter().copied());
            match &mut self.setup.pantheon {
                Some(ps) => ps.grand_temples_unused.copy_from_slice(&pool[k..]),
                None => self.setup.guilds_unused.copy_from_slice(&pool[k..]),
            }
        }
        let unknown = 20 - (known & 0xF_FFFF).count_ones() as usize;
        let n_regular = unknown - fill.len();
        fill.extend(regular[..n_regular].iter().copied());
        shuffle(&mut fill, rng);
        if known == 0 {
            ages.copy_from_slice(&fill);
        } else {
            let mut slots = !known & 0xF_FFFF;
            for &card in &fill {
                ages[slots.trailing_zeros() as usize] = card;
                slots &= slots - 1;
            }
        }
        self.setup.removed[age].copy_from_slice(&regular[n_regular..]);
    }
}

/// Every card id in order: decks and pools are slices of it.
const ALL_CARDS: [CardId; NUM_CARDS] = {
    let mut cards = [0; NUM_CARDS];
    let mut c = 0;
    while c < NUM_CARDS {
        cards[c] = c as CardId;
        c += 1;
    }
    cards
};

impl Duel {
    /// What any seat sees of the game (both seats see the same in Duel): the cities, coins,
    /// tokens, the Conflict pawn, the face-up cards of the layout, the discard pile, the draft
    /// so far, whose turn and what is pending; never the face-down cards, the cards removed
    /// from the Ages, the unused guilds or the order of the boxed tokens (except the 3 drawn
    /// by a pending Great Library). Determinizations must leave it unchanged.
    pub fn public_view(&self) -> String {
        let age = self.age as usize;
        let face_up: Vec<(usize, CardId)> = match self.phase {
            Phase::Play => (0..20)
                .filter(|&s| self.revealed >> s & 1 == 1 && self.taken >> s & 1 == 0)
                .map(|s| (s, self.setup.ages[age][s]))
                .collect(),
            Phase::Draft | Phase::Over => Vec::new(),
        };
        let offered = match (self.phase, self.picks) {
            (Phase::Draft, 0..=3) => &self.setup.wonders_offered[..4],
            (Phase::Draft, _) => &self.setup.wonders_offered[..],
            _ => &self.setup.wonders_offered[..0],
        };
        let drawn = if self.pending.top() == Some(Pending::GreatLibrary) {
            &self.box_tokens[..(self.box_len as usize).min(3)]
        } else {
            &self.box_tokens[..0]
        };
        format!(
            "{:?} age {} taken {:#x} revealed {:#x} face up {face_up:?} players {:?} pawn {} \
             military {:#x} board {:#x} boxed {} drawn {drawn:?} discard {:?} current {} \
             pending {:?} extra {} built {} picks {} offered {offered:?} supremacy {:?}",
            self.phase,
            self.age,
            self.taken,
            self.revealed,
            self.players,
            self.pawn,
            self.military_tokens,
            self.board_tokens,
            self.box_len,
            self.discard,
            self.current,
            self.pending.top(),
            self.extra_turn,
            self.wonders_built,
            self.picks,
            self.supremacy,
        )
    }
}

impl Duel {
    /// What `seat` sees: [`Duel::public_view`], and with Pantheon the Pantheon's public state
    /// (Mythologies of face-down Divinities, deck sizes, tokens, Astarte, Minerva, Enki's
    /// tokens) with the Divinities the seat placed face down and the deck cards it knows.
    pub fn seat_view(&self, seat: usize) -> String {
        let mut view = self.public_view();
        if !self.options.pantheon {
            return view;
        }
        let p = &self.pantheon;
        let spaces: Vec<String> = p
            .spaces
            .iter()
            .enumerate()
            .map(|(k, &d)| {
                let mine = (p.placed_by >> k & 1) as usize == seat;
                match d {
                    NO_DIVINITY => "-".to_string(),
                    GATE_ID => "gate".to_string(),
                    d if p.revealed || mine => DIVINITIES[d as usize].id.to_string(),
                    d => format!("{}?", DIVINITIES[d as usize].mythology.id()),
                }
            })
            .collect();
        // Where the seat knows each Divinity may be, and which it knows for sure (those stay
        // put in every determinization).
        let known: Vec<(DivinityId, u16, Option<u16>)> = (0..NUM_DIVINITIES as DivinityId)
            .map(|d| {
                let w = self.whereabouts(seat, d);
                (d, w, (w.count_ones() == 1).then(|| p.place_of(d)))
            })
            .collect();
        view.push_str(&format!(
            " pantheon spaces {spaces:?} placed_by {:#x} revealed {} decks {:?} known {known:?} \
             tokens_on {:#x} mythology {:?} offerings {:?} astarte {:?} activated {:?} placed \
             {:?} enki {:?} minerva {} boxed {:#x} box {}",
            if p.revealed { 0 } else { p.placed_by },
            p.revealed,
            p.deck_len,
            p.tokens_on,
            p.mythology,
            p.offerings,
            p.astarte,
            p.activated,
            p.placed[seat],
            &p.enki[..p.enki_len as usize],
            p.minerva,
            p.boxed_wonders,
            self.box_len,
        ));
        view
    }
}
