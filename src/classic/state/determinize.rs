//! Hidden information: determinizations for the bots, and what a seat sees.

use super::*;
use crate::leader_draft::{LeaderBox, LeaderSet};
use crate::leaders_data::LEADERS;
use wonders_common::shuffle::shuffle;

thread_local! {
    /// The legal-action buffer determinizations re-choose hidden choices from, per thread.
    static LEGAL: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl ClassicGame {
    /// A copy where everything `observer` has not seen is re-sampled: identities of cards it
    /// never saw (other hands, face-down cards, future deals, the guild draw) are shuffled
    /// among themselves; cards it saw in a hand it passed on, that have since left that hand
    /// face down, swap places at random with the ones still in it; other seats' hidden choices
    /// of this turn are replaced by random legal ones.
    pub fn determinized(&self, observer: usize, rng: &mut dyn RngCore) -> ClassicGame {
        let mut g = self.clone();
        g.history.clear();
        self.resample(observer, rng, &mut g);
        g
    }

    /// [`ClassicGame::determinized`] written into `out` (any game), reusing its history's
    /// allocation: the searches call it once per move or iteration. Same result for the same
    /// generator state.
    pub fn determinized_into(&self, observer: usize, rng: &mut dyn RngCore, out: &mut Self) {
        out.copy_without_history(self);
        self.resample(observer, rng, out);
    }

    /// True when `observer` knows what `seat` holds and has chosen: its own seat, and in the
    /// team variant its partner's, who may show it every card and agree on every choice.
    #[inline]
    pub(crate) fn knows(&self, observer: usize, seat: usize) -> bool {
        seat == observer || (self.teams && seat == crate::teams::partner(observer))
    }

    /// The work of `determinized` on `g`, a copy of this game without its history.
    fn resample(&self, observer: usize, rng: &mut dyn RngCore, g: &mut ClassicGame) {
        let cur = self.age as usize - 1;
        let mut black_unused = self.cities_table.black_unused;
        let mut unseen_guilds: ArrayVec<CardId, DEAL_SLOTS> =
            self.guilds_unused.iter().copied().collect();
        for a in 0..3 {
            let age = a as u8 + 1;
            if a > cur {
                break;
            }
            let last_turn = if a < cur {
                self.last_turn()
            } else {
                self.turn.min(self.last_turn())
            };
            let d = &self.deals[a];
            let hand = self.hand_size();
            let dealt = if self.n * hand == 64 {
                u64::MAX
            } else {
                (1u64 << (self.n * hand)) - 1
            };
            // Halikarnassos looking through the pile sees all of it; while it chooses, the pile
            // is kept as it is for every observer, so its choice stays possible.
            let looking = matches!(self.step, Step::BuildDiscarded(_));
            let pile_seen = if looking { self.discard[a] } else { 0 };
            let mut known = d.public | pile_seen;
            let mut groups: ArrayVec<u64, MAX_SEATS> = ArrayVec::new();
            for j in 0..self.n {
                // Latest turn at which the observer held packet j.
                let seen = (0..=last_turn)
                    .rev()
                    .find(|&t| self.knows(observer, self.holder(age, j, t)));
                let Some(t0) = seen else {
                    continue;
                };
                let mut earlier = 0u64;
                for t in 0..=t0 {
                    if self.knows(observer, self.holder(age, j, t)) {
                        for u in j * hand..(j + 1) * hand {
                            if d.removed >> u & 1 == 0 || d.removed_turn[u] >= t {
                                earlier |= 1 << u;
                            }
                        }
                    }
                }
                known |= earlier;
                // Cards seen at the last look that later left face down, by someone else, may
                // be any of those seen then and not known to have gone elsewhere.
                let mut group = 0u64;
                for u in j * hand..(j + 1) * hand {
                    let at_last_look = d.removed >> u & 1 == 0 || d.removed_turn[u] >= t0;
                    let by_other_later =
                        d.removed >> u & 1 == 1 && !self.knows(observer, d.removed_by[u] as usize);
                    let still_here = d.removed >> u & 1 == 0;
                    if at_last_look && d.public >> u & 1 == 0 && (still_here || by_other_later) {
                        group |= 1 << u;
                    }
                }
                // Only a group with cards gone face down can move anything.
                let group = group & !pile_seen;
                if group & d.removed != 0 {
                    groups.push(group);
                }
            }
            let unknown = dealt & !known;
            // Unknown identities, shuffled; unseen guilds may be swapped with the box's.
            let mut ids: ArrayVec<CardId, DEAL_SLOTS> = ArrayVec::new();
            let mut bits = unknown;
            while bits != 0 {
                ids.push(d.cards[bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
            if a == 2 {
                let mut pool: ArrayVec<CardId, DEAL_SLOTS> = ids
                    .iter()
                    .copied()
                    .filter(|&c| self.cat.card(c).color == Color::Purple)
                    .collect();
                let k = pool.len();
                pool.extend(unseen_guilds.drain(..));
                shuffle(&mut pool, rng);
                unseen_guilds = pool.drain(k..).collect();
                let mut it = pool.into_iter();
                for c in ids.iter_mut() {
                    if self.cat.card(*c).color == Color::Purple {
                        *c = it.next().unwrap();
                    }
                }
            }
            if self.cat.expansions.contains(Expansion::CITIES) {
                // Unseen black cards may be any of this Age's black cards left out.
                self.swap_unseen_blacks(a, &mut ids, &mut black_unused, rng);
            }
            shuffle(&mut ids, rng);
            let gd = &mut g.deals[a];
            let mut bits = unknown;
            let mut it = ids.into_iter();
            while bits != 0 {
                gd.cards[bits.trailing_zeros() as usize] = it.next().unwrap();
                bits &= bits - 1;
            }
            for group in groups {
                let mut ids: ArrayVec<CardId, MAX_HAND> = ArrayVec::new();
                let mut bits = group;
                while bits != 0 {
                    ids.push(gd.cards[bits.trailing_zeros() as usize]);
                    bits &= bits - 1;
                }
                shuffle(&mut ids, rng);
                let mut bits = group;
                let mut it = ids.into_iter();
                while bits != 0 {
                    gd.cards[bits.trailing_zeros() as usize] = it.next().unwrap();
                    bits &= bits - 1;
                }
            }
        }
        // Future Ages: a fresh deal from the same decks (Age III with a fresh guild draw).
        for a in cur + 1..3 {
            let age = a as u8 + 1;
            let mut deck: ArrayVec<CardId, DEAL_SLOTS> =
                self.cat.deck(age, self.n).iter().copied().collect();
            if age == 3 {
                let mut pool = unseen_guilds.clone();
                for u in 0..self.n * self.hand_size() {
                    let c = self.deals[2].cards[u];
                    if self.cat.card(c).color == Color::Purple {
                        pool.push(c);
                    }
                }
                shuffle(&mut pool, rng);
                unseen_guilds = pool.drain(self.n + 2..).collect();
                deck.extend(pool);
            }
            if self.cat.expansions.contains(Expansion::CITIES) {
                // None of this Age's black cards is seen yet: a fresh draw of them.
                let mut blacks: ArrayVec<CardId, 16> = self.cat.blacks[a].iter().copied().collect();
                shuffle(&mut blacks, rng);
                let dealt = crate::cities_data::black_cards_per_age(self.n);
                for &c in &blacks[..dealt] {
                    black_unused.remove(c.0);
                }
                for &c in &blacks[dealt..] {
                    black_unused.insert(c.0);
                }
                deck.extend(blacks[..dealt].iter().copied());
            }
            shuffle(&mut deck, rng);
            g.deals[a].cards[..deck.len()].copy_from_slice(&deck);
        }
        g.guilds_unused = unseen_guilds.into_iter().collect();
        g.cities_table.black_unused = black_unused;
        if self.leaders.is_some() {
            self.resample_leaders(observer, rng, g);
        }
        // Other seats' hidden choices of this turn (or draft round): re-chosen at random.
        let choosing = matches!(g.step, Step::Turn | Step::Draft);
        if choosing && (0..self.n).any(|s| !self.knows(observer, s) && g.pending[s].is_some()) {
            LEGAL.with_borrow_mut(|buf| self.rechoose(observer, rng, g, buf));
        }
    }

    /// Leaders: what `observer` has not seen of the leaders. During the draft, a draft it
    /// cannot tell from this one ([`Draft::determinize`]: the hands it held and its picks
    /// kept, the other picks and the leaders it never saw dealt anew). Afterwards the other
    /// seats' face-down leader hands and the box's leaders are dealt anew in the same sizes,
    /// the leaders it saw in the draft kept in the hands until Age III sends them back.
    fn resample_leaders(&self, observer: usize, rng: &mut dyn RngCore, g: &mut ClassicGame) {
        let table = self.leaders.as_ref().expect("checked by the caller");
        let gt = g.leaders.as_mut().expect("a copy has the same leaders");
        if self.step == Step::Draft {
            let pool: LeaderSet = (0..LEADERS.len())
                .filter(|&i| table.decks.contains(&LEADERS[i].deck))
                .map(|i| LeaderId(i as u8))
                .collect();
            let observers: ArrayVec<usize, 2> =
                (0..self.n).filter(|&s| self.knows(observer, s)).collect();
            let (draft, boxed) = table.draft.determinize(&observers, pool, &mut &mut *rng);
            gt.draft = draft;
            gt.boxed = LeaderBox::new(&boxed);
            return;
        }
        // Until Age III sends the hands back, a leader the observer saw in the draft is in
        // another seat's hand (or gone face down), never in the box: those fill hand slots
        // first. The rest, and the box, are the leaders it never saw.
        let returned = self.age == 3 && !self.recruiting;
        let seen = (0..self.n)
            .filter(|&s| self.knows(observer, s))
            .flat_map(|s| table.draft.seen(s))
            .fold(LeaderSet::EMPTY, |a, h| a | h);
        let mut first: ArrayVec<LeaderId, 64> = ArrayVec::new();
        let mut others: ArrayVec<LeaderId, 64> = table.boxed.order().iter().copied().collect();
        let mut slots: ArrayVec<u8, 64> = ArrayVec::new();
        for (s, city) in self.cities.iter().enumerate() {
            if self.knows(observer, s) {
                continue;
            }
            for l in city.leader_seat.hand.iter() {
                slots.push(s as u8);
                if seen.contains(l) && !returned {
                    first.push(l);
                } else {
                    others.push(l);
                }
            }
        }
        shuffle(&mut slots, rng);
        shuffle(&mut first, rng);
        shuffle(&mut others, rng);
        for s in (0..self.n).filter(|&s| !self.knows(observer, s)) {
            g.cities[s].leader_seat.hand = LeaderSet::EMPTY;
        }
        let mut rest = first.into_iter().chain(others);
        for &s in &slots {
            let l = rest.next().expect("as many leaders as slots");
            g.cities[s as usize].leader_seat.hand.insert(l);
        }
        let rest: ArrayVec<LeaderId, 64> = rest.collect();
        gt.boxed = LeaderBox::new(&rest);
    }

    /// Cities: the unseen black cards `ids` of Age `a + 1` (among a deal's unknown cards) and
    /// that Age's black cards left out, shuffled together; as many go back into the deal.
    fn swap_unseen_blacks(
        &self,
        a: usize,
        ids: &mut ArrayVec<CardId, DEAL_SLOTS>,
        black_unused: &mut WideCardSet,
        rng: &mut dyn RngCore,
    ) {
        let is_black = |c: CardId| self.cat.card(c).color == Color::Black;
        let mut pool: ArrayVec<CardId, DEAL_SLOTS> =
            ids.iter().copied().filter(|&c| is_black(c)).collect();
        let k = pool.len();
        for &c in &self.cat.blacks[a] {
            if black_unused.contains(c.0) {
                pool.push(c);
            }
        }
        shuffle(&mut pool, rng);
        for &c in &pool[..k] {
            black_unused.remove(c.0);
        }
        for &c in &pool[k..] {
            black_unused.insert(c.0);
        }
        let mut it = pool.into_iter();
        for c in ids.iter_mut() {
            if is_black(*c) {
                *c = it.next().expect("as many as were taken");
            }
        }
    }

    /// Replaces the hidden choices of this turn of every seat but `observer` in `g` with
    /// random legal ones.
    fn rechoose(
        &self,
        observer: usize,
        rng: &mut dyn RngCore,
        g: &mut ClassicGame,
        buf: &mut Vec<Action>,
    ) {
        for s in 0..self.n {
            if self.knows(observer, s) || g.pending[s].is_none() {
                continue;
            }
            g.pending[s] = None;
            // Ask for seat s's options, and the terms of the one drawn, as if it were to move.
            let saved = g.movers;
            g.movers = 1 << s;
            g.legal(buf);
            let a = buf[rng.random_range(0..buf.len())];
            let (free, bank) = g.listed_terms(a).expect("listed action is legal");
            g.movers = saved;
            g.pending[s] = Some((a, free, bank));
        }
    }

    /// The seats that have chosen in the simultaneous turn (or draft round) being chosen, as
    /// a bit mask; `None` outside one (Halikarnassos, Olympia B and the Leaders' single-seat
    /// decisions are decisions of their own).
    pub fn simultaneous_chosen(&self) -> Option<u64> {
        if !matches!(self.step, Step::Turn | Step::Draft) {
            return None;
        }
        Some(
            (0..self.n)
                .filter(|&s| self.pending[s].is_some())
                .fold(0u64, |m, s| m | 1 << s),
        )
    }

    /// Takes back the choices of this turn of the seats in `seats`: they choose again, in
    /// seat order (the seat to move may change).
    pub fn withdraw_choices(&mut self, seats: u64) {
        if self.simultaneous_chosen().is_none() {
            return;
        }
        for s in 0..self.n {
            if seats >> s & 1 == 1 {
                self.pending[s] = None;
            }
        }
    }

    /// Replaces the choices of this turn of the seats in `seats` by the stand-in the
    /// evaluation gives the seats still to choose (selling the first card of the hand; in
    /// the Leaders' draft and recruitment, the first legal action), so that an evaluation
    /// reads none of them.
    pub fn neutralize_choices(&mut self, seats: u64) {
        if self.simultaneous_chosen().is_none() {
            return;
        }
        LEGAL.with_borrow_mut(|buf| {
            for s in 0..self.n {
                if seats >> s & 1 == 0 || self.pending[s].is_none() {
                    continue;
                }
                self.pending[s] = None;
                let saved = self.movers;
                self.movers = 1 << s;
                let stand_in = if self.step == Step::Turn && !self.recruiting {
                    let uids = self.hand_uids(s);
                    (uids != 0).then(|| Action::Sell {
                        card: self.deals[self.age as usize - 1].cards
                            [uids.trailing_zeros() as usize],
                    })
                } else {
                    None
                };
                let action = stand_in.or_else(|| {
                    self.legal(buf);
                    buf.first().copied()
                });
                let terms = action.and_then(|a| self.listed_terms(a).ok().map(|t| (a, t)));
                self.movers = saved;
                if let Some((a, (free, bank))) = terms {
                    self.pending[s] = Some((a, free, bank));
                }
            }
        });
    }

    /// Part of what `seat` sees, enough to check determinizations: every city (cards, coins,
    /// wonder stages, military tokens), the Age, turn and step, which seats have chosen, its
    /// own hand and its own chosen action, and the size of the discard pile. Determinizations
    /// for `seat` must leave it unchanged.
    pub fn seat_view(&self, seat: usize) -> SeatView {
        let mut hand = self.hand(seat);
        hand.sort();
        let chosen: Vec<bool> = (0..self.n).map(|s| self.has_chosen(s)).collect();
        let own = match self.step {
            Step::Turn | Step::Draft => self.pending[seat],
            _ => None,
        };
        // Leaders: the other seats' face-down leader hands are seen by their size only; of
        // the draft, the seat sees the hands it held and its picks.
        let mut cities = self.cities.clone();
        let mut leader_hands = Vec::new();
        for (s, city) in cities.iter_mut().enumerate() {
            leader_hands.push(city.leader_seat.hand.len());
            if !self.knows(seat, s) {
                city.leader_seat.hand = LeaderSet::EMPTY;
            }
        }
        let leaders = self.leaders.as_ref().map(|t| {
            let d = &t.draft;
            let draft = (
                d.round(),
                d.seen(seat),
                d.picks(seat),
                t.boxed.order().len(),
            );
            (leader_hands, draft)
        });
        // The team variant: the partner shows its hand, its draft and its choice.
        let partner = self.teams.then(|| {
            let partner = crate::teams::partner(seat);
            let mut hand = self.hand(partner);
            hand.sort();
            let chosen = match self.step {
                Step::Turn | Step::Draft => self.pending[partner],
                _ => None,
            };
            let draft = self
                .leaders
                .as_ref()
                .map(|t| (t.draft.seen(partner), t.draft.picks(partner)));
            (hand, chosen, draft)
        });
        SeatView {
            age: self.age,
            turn: self.turn,
            step: self.step,
            movers: self.movers,
            chosen,
            hand,
            own,
            discarded: self.discard_pile().len(),
            cities,
            leaders,
            partner,
        }
    }
}

/// What [`ClassicGame::seat_view`] returns: compared field by field, and printed (`{:?}`) only
/// when a check fails. It was a `{:?}` string: formatting every city at every comparison was
/// nine tenths of the conformance kit's time on 7 Wonders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    age: u8,
    turn: u8,
    step: Step,
    movers: u8,
    chosen: Vec<bool>,
    hand: Vec<CardId>,
    own: Option<(Action, Free, u8)>,
    discarded: usize,
    cities: ArrayVec<City, MAX_SEATS>,
    /// Leaders: every seat's leader-hand size, and of the draft the round, the hands the seat
    /// held, its picks and the leaders left in the box.
    leaders: Option<(Vec<usize>, SeenDraft)>,
    /// The team variant: the partner's hand, its choice, and of the draft its hands and picks.
    partner: Option<SeenPartner>,
}

/// The leader draft as a seat sees it: the round, the hands it held, its picks, and the
/// number of leaders in the box.
type SeenDraft = (usize, Vec<LeaderSet>, LeaderSet, usize);

/// The team variant's partner, as [`SeatView`] holds it.
type SeenPartner = (
    Vec<CardId>,
    Option<(Action, Free, u8)>,
    Option<(Vec<LeaderSet>, LeaderSet)>,
);
