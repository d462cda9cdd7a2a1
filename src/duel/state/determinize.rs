//! Hidden information: determinizations for the bots, and what a seat sees.

use super::pantheon::Whereabouts;
use super::*;
use crate::pantheon_data::{NUM_DIVINITIES, PANTHEON_SPACES};
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

/// What [`Duel::seat_view`] returns: compared field by field, and printed (`{:?}`) only when a
/// check fails (formatting it at every comparison was most of the tests' time on Duel).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    phase: Phase,
    age: u8,
    taken: u32,
    revealed: u32,
    /// The face-up cards of the layout still to take: (slot, card).
    face_up: Vec<(usize, CardId)>,
    players: [Player; 2],
    pawn: i8,
    military_tokens: u8,
    board_tokens: u16,
    box_len: u8,
    /// The boxed tokens a pending Great Library has drawn.
    drawn: Vec<TokenId>,
    discard: CardSet,
    current: u8,
    pending: Option<Pending>,
    extra_turn: bool,
    wonders_built: u8,
    picks: u8,
    /// The draft's Wonders on offer so far (the second round's only once it began).
    offered: Vec<WonderId>,
    supremacy: Option<(Victory, u8)>,
    /// With Pantheon, its public state and what this seat knows of it.
    pantheon: Option<PantheonView>,
}

/// What a seat sees on one Pantheon space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SpaceView {
    Empty,
    Gate,
    Divinity(DivinityId),
    /// Face down, placed by the other seat: only its Mythology shows.
    FaceDown(Mythology),
}

/// Pantheon's part of a [`SeatView`].
#[derive(Clone, Debug, PartialEq, Eq)]
struct PantheonView {
    spaces: [SpaceView; PANTHEON_SPACES],
    /// Who placed each face-down Divinity (0 once they are revealed).
    placed_by: u8,
    revealed: bool,
    deck_len: [u8; 5],
    /// Where the seat knows each Divinity may be, and where it knows it is for sure (those stay
    /// put in every determinization).
    known: [(Whereabouts, Option<Whereabouts>); NUM_DIVINITIES],
    tokens_on: u32,
    mythology: [[u8; 5]; 2],
    offerings: [u8; 2],
    astarte: [u8; 2],
    activated: [u16; 2],
    /// The Divinities this seat placed.
    placed: u16,
    enki: Vec<TokenId>,
    minerva: i8,
    boxed_wonders: u16,
}

impl Duel {
    /// What `seat` sees: the cities, coins, tokens, the Conflict pawn, the face-up cards of the
    /// layout, the discard pile, the draft so far, whose turn and what is pending (both seats
    /// see the same in the base game); never the face-down cards, the cards removed from the
    /// Ages, the unused guilds or the order of the boxed tokens (except the 3 drawn by a
    /// pending Great Library). With Pantheon also the Pantheon's public state (Mythologies of
    /// face-down Divinities, deck sizes, tokens, Astarte, Minerva, Enki's tokens) with the
    /// Divinities the seat placed face down and the deck cards it knows. Determinizations for
    /// `seat` must leave it unchanged.
    pub fn seat_view(&self, seat: usize) -> SeatView {
        let age = self.age as usize;
        let face_up = match self.phase {
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
        SeatView {
            phase: self.phase,
            age: self.age,
            taken: self.taken,
            revealed: self.revealed,
            face_up,
            players: self.players,
            pawn: self.pawn,
            military_tokens: self.military_tokens,
            board_tokens: self.board_tokens,
            box_len: self.box_len,
            drawn: drawn.to_vec(),
            discard: self.discard,
            current: self.current,
            pending: self.pending.top(),
            extra_turn: self.extra_turn,
            wonders_built: self.wonders_built,
            picks: self.picks,
            offered: offered.to_vec(),
            supremacy: self.supremacy,
            pantheon: self.options.pantheon.then(|| self.pantheon_view(seat)),
        }
    }

    fn pantheon_view(&self, seat: usize) -> PantheonView {
        let p = &self.pantheon;
        let spaces = std::array::from_fn(|k| {
            let mine = (p.placed_by >> k & 1) as usize == seat;
            match p.spaces[k] {
                NO_DIVINITY => SpaceView::Empty,
                GATE_ID => SpaceView::Gate,
                d if p.revealed || mine => SpaceView::Divinity(d),
                d => SpaceView::FaceDown(DIVINITIES[d as usize].mythology),
            }
        });
        let known = std::array::from_fn(|d| {
            let w = self.whereabouts(seat, d as DivinityId);
            (
                w,
                (w.count_ones() == 1).then(|| p.place_of(d as DivinityId)),
            )
        });
        PantheonView {
            spaces,
            placed_by: if p.revealed { 0 } else { p.placed_by },
            revealed: p.revealed,
            deck_len: p.deck_len,
            known,
            tokens_on: p.tokens_on,
            mythology: p.mythology,
            offerings: p.offerings,
            astarte: p.astarte,
            activated: p.activated,
            placed: p.placed[seat],
            enki: p.enki[..p.enki_len as usize].to_vec(),
            minerva: p.minerva,
            boxed_wonders: p.boxed_wonders,
        }
    }
}
