//! The leaders' deal and draft (Leaders, before Age I): the decks in play are shuffled
//! together, each seat is dealt 4 leaders, the rest stay in the box in draw order (Roma night
//! draws from its front); then 4 rounds in which every seat picks one leader of the hand it
//! holds, judged on the start of the round, and the rests pass to the right (seat p's rest goes
//! to seat p−1). Picks are face down: a seat knows its own picks and the hands it saw, and
//! remembers what it passed.

use arrayvec::ArrayVec;
use rand::seq::SliceRandom;

use super::leaders_data::{Leader, LeaderDeck, LEADERS};
use wonders_common::GameRng;

/// Leaders dealt to each seat, and draft rounds.
pub const LEADERS_PER_SEAT: usize = 4;

/// Most seats at a 7 Wonders table.
const MAX_SEATS: usize = 7;

/// A leader, by its row in [`LEADERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LeaderId(pub u8);

impl LeaderId {
    /// The leader's card.
    #[inline]
    pub fn leader(self) -> &'static Leader {
        &LEADERS[self.0 as usize]
    }

    /// The leader with this id (`"plato"`), if there is one.
    pub fn from_id(id: &str) -> Option<LeaderId> {
        LEADERS
            .iter()
            .position(|l| l.id == id)
            .map(|i| LeaderId(i as u8))
    }
}

/// A set of leaders (the 55 rows fit one word): a hand, a seat's picks, the face-up leaders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LeaderSet(pub u64);

/// The union of two sets of leaders.
impl std::ops::BitOr for LeaderSet {
    type Output = LeaderSet;

    #[inline]
    fn bitor(self, other: LeaderSet) -> LeaderSet {
        LeaderSet(self.0 | other.0)
    }
}

impl LeaderSet {
    pub const EMPTY: LeaderSet = LeaderSet(0);

    #[inline]
    pub fn contains(self, l: LeaderId) -> bool {
        self.0 >> l.0 & 1 == 1
    }

    #[inline]
    pub fn insert(&mut self, l: LeaderId) {
        self.0 |= 1 << l.0;
    }

    #[inline]
    pub fn remove(&mut self, l: LeaderId) {
        self.0 &= !(1 << l.0);
    }

    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The leaders, in table order.
    pub fn iter(self) -> impl Iterator<Item = LeaderId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let l = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                LeaderId(l)
            })
        })
    }
}

impl FromIterator<LeaderId> for LeaderSet {
    fn from_iter<I: IntoIterator<Item = LeaderId>>(iter: I) -> LeaderSet {
        let mut s = LeaderSet::EMPTY;
        for l in iter {
            s.insert(l);
        }
        s
    }
}

/// Checks the leader decks of a game (record format): the standard deck is always in, the
/// Cities bonus leaders only when Cities is played, no deck twice.
pub fn check_decks(decks: &[LeaderDeck], cities: bool) -> Result<(), String> {
    if !decks.contains(&LeaderDeck::Standard) {
        return Err(
            "leader decks: the standard deck is always played (valid: standard, \
                    standard+expert, and +cities with the Cities expansion)"
                .into(),
        );
    }
    if decks.contains(&LeaderDeck::Cities) && !cities {
        return Err(
            "leader decks: the 6 Cities bonus leaders are played only with the Cities expansion"
                .into(),
        );
    }
    for (i, d) in decks.iter().enumerate() {
        if decks[..i].contains(d) {
            return Err(format!("leader decks: `{}` is given twice", d.id()));
        }
    }
    Ok(())
}

/// The leaders of these decks shuffled together: `players` hands of 4 (seat 0 first), and the
/// rest in draw order (the box).
pub fn deal(
    decks: &[LeaderDeck],
    players: usize,
    rng: &mut GameRng,
) -> (Vec<[LeaderId; LEADERS_PER_SEAT]>, Vec<LeaderId>) {
    let mut all: Vec<LeaderId> = (0..LEADERS.len())
        .filter(|&i| decks.contains(&LEADERS[i].deck))
        .map(|i| LeaderId(i as u8))
        .collect();
    all.shuffle(rng);
    let hands = all
        .chunks(LEADERS_PER_SEAT)
        .take(players)
        .map(|c| std::array::from_fn(|k| c[k]))
        .collect();
    let rest = all[players * LEADERS_PER_SEAT..].to_vec();
    (hands, rest)
}

/// The draft in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    players: usize,
    /// Rounds played (4 = the draft is over).
    round: usize,
    /// The hand each seat holds now.
    hands: [LeaderSet; MAX_SEATS],
    /// Each seat's face-down picks.
    picks: [LeaderSet; MAX_SEATS],
    /// `passed[p][k]`: what seat p passed to its right after round k.
    passed: [[LeaderSet; LEADERS_PER_SEAT]; MAX_SEATS],
    /// `picked[p][k]`: seat p's pick of round k.
    picked: [[Option<LeaderId>; LEADERS_PER_SEAT]; MAX_SEATS],
}

impl Draft {
    /// The draft of a deal (one hand of 4 per seat, 3 to 7 seats).
    pub fn new(deal: &[[LeaderId; LEADERS_PER_SEAT]]) -> Draft {
        assert!((3..=MAX_SEATS).contains(&deal.len()), "3 to 7 seats");
        let mut hands = [LeaderSet::EMPTY; MAX_SEATS];
        for (h, d) in hands.iter_mut().zip(deal) {
            *h = d.iter().copied().collect();
        }
        Draft {
            players: deal.len(),
            round: 0,
            hands,
            picks: [LeaderSet::EMPTY; MAX_SEATS],
            passed: [[LeaderSet::EMPTY; LEADERS_PER_SEAT]; MAX_SEATS],
            picked: [[None; LEADERS_PER_SEAT]; MAX_SEATS],
        }
    }

    /// Rounds played.
    pub fn round(&self) -> usize {
        self.round
    }

    pub fn is_over(&self) -> bool {
        self.round == LEADERS_PER_SEAT
    }

    /// The hand `seat` picks from in this round (hidden from the others).
    pub fn hand(&self, seat: usize) -> LeaderSet {
        self.hands[seat]
    }

    /// `seat`'s face-down picks (hidden from the others).
    pub fn picks(&self, seat: usize) -> LeaderSet {
        self.picks[seat]
    }

    /// What `seat` passed to its right after `round` (0-based): it saw these leaders, and the
    /// seat to its right picks from them next.
    pub fn passed(&self, seat: usize, round: usize) -> LeaderSet {
        self.passed[seat][round]
    }

    /// `seat`'s pick of `round` (0-based), once that round is played.
    pub fn picked(&self, seat: usize, round: usize) -> Option<LeaderId> {
        self.picked[seat][round]
    }

    /// The hands `seat` has held, round by round up to the current one (what it has seen of
    /// the deal).
    pub fn seen(&self, seat: usize) -> Vec<LeaderSet> {
        (0..=self.round.min(LEADERS_PER_SEAT - 1))
            .map(|k| {
                if k == self.round {
                    self.hands[seat]
                } else {
                    let mut h = self.passed[seat][k];
                    h.insert(self.picked[seat][k].expect("a played round has its picks"));
                    h
                }
            })
            .collect()
    }

    /// A draft `observers` cannot tell from this one, drawn at random: the same hands seen and
    /// picks made by the observers (one seat, or in the team variant a seat and its partner,
    /// who show each other their hands), every other leader of `pool` (the decks in play) they
    /// never saw dealt anew among the other seats' first hands and the box, and the other
    /// seats' picks redrawn, each consistent with every hand an observer saw later. Returns the
    /// draft and the box's leaders (their order is hidden too).
    pub fn determinize(
        &self,
        observers: &[usize],
        pool: LeaderSet,
        rng: &mut impl rand::Rng,
    ) -> (Draft, Vec<LeaderId>) {
        let n = self.players;
        let r = self.round;
        // (round, observer, hand) of every sighting, by round.
        let mut sightings: Vec<(usize, usize, LeaderSet)> = observers
            .iter()
            .flat_map(|&o| {
                self.seen(o)
                    .into_iter()
                    .enumerate()
                    .map(move |(k, h)| (k, o, h))
            })
            .collect();
        sightings.sort_by_key(|&(k, o, _)| (k, o));
        let seen: LeaderSet = LeaderSet(sightings.iter().fold(0, |m, h| m | h.2 .0));
        let mut unseen: Vec<LeaderId> = LeaderSet(pool.0 & !seen.0).iter().collect();
        unseen.shuffle(rng);
        // Packet q is the hand dealt to seat q; at round k seat (q − k) mod n holds it, so an
        // observer o holds packet (o + k) mod n at round k.
        let mut dealt = vec![[LeaderId(0); LEADERS_PER_SEAT]; n];
        let mut choices = vec![vec![LeaderId(0); n]; r];
        for (q, dealt_q) in dealt.iter_mut().enumerate() {
            let sighted: Vec<(usize, LeaderSet)> = sightings
                .iter()
                .filter(|&&(k, o, _)| (o + k) % n == q)
                .map(|&(k, _, h)| (k, h))
                .collect();
            let mut content = match sighted.first() {
                Some(&(k, hand)) => {
                    let mut c = hand;
                    for _ in 0..k {
                        c.insert(unseen.pop().expect("enough unseen leaders"));
                    }
                    c
                }
                None => (0..LEADERS_PER_SEAT)
                    .map(|_| unseen.pop().expect("enough unseen leaders"))
                    .collect(),
            };
            for (slot, l) in dealt_q.iter_mut().zip(content.iter()) {
                *slot = l;
            }
            for (k, round_choices) in choices.iter_mut().enumerate() {
                let holder = (q + n - k % n) % n;
                let pick = if observers.contains(&holder) {
                    self.picked[holder][k].expect("a played round has its picks")
                } else {
                    // Only leaders no observer will see again in this packet.
                    let must_go = match sighted.iter().find(|&&(j, _)| j > k) {
                        Some(&(_, later)) => LeaderSet(content.0 & !later.0),
                        None => content,
                    };
                    let options: Vec<LeaderId> = must_go.iter().collect();
                    options[rng.random_range(0..options.len())]
                };
                content.remove(pick);
                round_choices[holder] = pick;
            }
        }
        let mut draft = Draft::new(&dealt);
        for c in &choices {
            draft
                .play_round(c)
                .expect("a determinization follows the rules");
        }
        (draft, unseen)
    }

    /// Plays one round: `choices[p]` is seat p's pick from the hand it holds; then the rests
    /// pass to the right. A pick not in the seat's hand is refused, naming it.
    pub fn play_round(&mut self, choices: &[LeaderId]) -> Result<(), String> {
        if self.is_over() {
            return Err("the leader draft is over".into());
        }
        if choices.len() != self.players {
            return Err(format!(
                "{} draft picks for {} seats",
                choices.len(),
                self.players
            ));
        }
        for (p, &l) in choices.iter().enumerate() {
            if !self.hands[p].contains(l) {
                return Err(format!(
                    "seat {p} cannot draft {}: not in the hand it holds",
                    l.leader().id
                ));
            }
        }
        let mut rests = [LeaderSet::EMPTY; MAX_SEATS];
        for (p, &l) in choices.iter().enumerate() {
            self.picks[p].insert(l);
            self.picked[p][self.round] = Some(l);
            rests[p] = self.hands[p];
            rests[p].remove(l);
            self.passed[p][self.round] = rests[p];
        }
        let n = self.players;
        for (p, &rest) in rests[..n].iter().enumerate() {
            // Seat p's rest goes to its right neighbour, seat p − 1.
            self.hands[(p + n - 1) % n] = rest;
        }
        self.round += 1;
        Ok(())
    }
}

/// The leaders left in the box, in draw order (front first), as the record format keeps them:
/// Roma night's first stage draws from the front; the leaders sent back in Age III join at the
/// back, seats in order, each seat's sorted by id. Sold and buried leaders never return.
/// Held on the stack (the game copies it with every search copy).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeaderBox(ArrayVec<LeaderId, 64>);

impl LeaderBox {
    pub fn new(order: &[LeaderId]) -> LeaderBox {
        LeaderBox(order.iter().copied().collect())
    }

    /// The leaders in draw order.
    pub fn order(&self) -> &[LeaderId] {
        &self.0
    }

    /// Draws the first `count` leaders (all of them, if fewer are left).
    pub fn draw(&mut self, count: usize) -> LeaderSet {
        let n = count.min(self.0.len());
        self.0.drain(..n).collect()
    }

    /// Age III, after the recruitment turn: every seat but `keeper` (the owner of Roma's night
    /// side, if any) sends back the leaders left in its hand (`hands`, emptied in place).
    pub fn take_back(&mut self, hands: &mut [LeaderSet], keeper: Option<usize>) {
        for (p, hand) in hands.iter_mut().enumerate() {
            if keeper == Some(p) {
                continue;
            }
            let mut back: ArrayVec<LeaderId, 64> = hand.iter().collect();
            back.sort_by_key(|l| l.leader().id);
            self.0.extend(back);
            *hand = LeaderSet::EMPTY;
        }
    }
}

/// How much less `seat` pays for a leader because of Roma's night side owned by `roma_night`:
/// 2 for the owner, 1 for each of its neighbours (seats p ± 1).
pub fn roma_night_reduction(seat: usize, roma_night: Option<usize>, players: usize) -> u8 {
    match roma_night {
        Some(owner) if owner == seat => 2,
        Some(owner) if (owner + 1) % players == seat || (seat + 1) % players == owner => 1,
        Some(_) | None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn ids(set: LeaderSet) -> Vec<&'static str> {
        set.iter().map(|l| l.leader().id).collect()
    }

    #[test]
    fn the_deal_gives_4_per_seat_and_keeps_the_rest_in_draw_order() {
        let mut rng = GameRng::seed_from_u64(5);
        let (hands, rest) = deal(&[LeaderDeck::Standard, LeaderDeck::Expert], 7, &mut rng);
        assert_eq!((hands.len(), rest.len()), (7, 49 - 28));
        let all: LeaderSet = hands.iter().flatten().chain(&rest).copied().collect();
        assert_eq!(all.len(), 49);
        assert!(all.iter().all(|l| l.leader().deck != LeaderDeck::Cities));
        let (h3, r3) = deal(&[LeaderDeck::Standard], 3, &mut rng);
        assert_eq!((h3.len(), r3.len()), (3, 34 - 12));
        // The same seed deals the same leaders.
        let again = deal(
            &[LeaderDeck::Standard, LeaderDeck::Expert],
            7,
            &mut GameRng::seed_from_u64(5),
        );
        assert_eq!(again, (hands, rest));
    }

    #[test]
    fn decks_follow_the_record_format() {
        use LeaderDeck::*;
        assert!(check_decks(&[Standard], false).is_ok());
        assert!(check_decks(&[Standard, Expert, Cities], true).is_ok());
        assert!(check_decks(&[Expert], false)
            .unwrap_err()
            .contains("standard"));
        assert!(check_decks(&[Standard, Cities], false)
            .unwrap_err()
            .contains("Cities"));
        assert!(check_decks(&[Standard, Standard], false)
            .unwrap_err()
            .contains("twice"));
    }

    #[test]
    fn the_draft_passes_right_and_ends_with_4_picks_each() {
        let l = |id| LeaderId::from_id(id).unwrap();
        let deal = [
            [l("maecenas"), l("imhotep"), l("hammurabi"), l("leonidas")],
            [l("croesus"), l("xenophon"), l("vitruvius"), l("nero")],
            [l("sappho"), l("zenobia"), l("nefertiti"), l("cleopatra")],
        ];
        let mut d = Draft::new(&deal);
        assert!(d
            .play_round(&[l("croesus"), l("croesus"), l("sappho")])
            .unwrap_err()
            .contains("seat 0 cannot draft croesus"));
        d.play_round(&[l("imhotep"), l("nero"), l("sappho")])
            .unwrap();
        // Seat 1's rest went to seat 0, seat 2's to seat 1, seat 0's to seat 2.
        assert_eq!(ids(d.hand(0)), ["croesus", "xenophon", "vitruvius"]);
        assert_eq!(ids(d.hand(1)), ["zenobia", "nefertiti", "cleopatra"]);
        assert_eq!(ids(d.hand(2)), ["maecenas", "hammurabi", "leonidas"]);
        assert_eq!(d.passed(0, 0), d.hand(2));
        for picks in [
            [l("xenophon"), l("zenobia"), l("maecenas")],
            [l("nefertiti"), l("hammurabi"), l("croesus")],
        ] {
            d.play_round(&picks).unwrap();
        }
        // Round 4's pick is forced: one leader left in each hand.
        assert!((0..3).all(|p| d.hand(p).len() == 1));
        assert_eq!(ids(d.hand(0)), ["leonidas"]);
        let last: Vec<LeaderId> = (0..3).map(|p| d.hand(p).iter().next().unwrap()).collect();
        d.play_round(&last).unwrap();
        assert!(d.is_over());
        assert_eq!(
            ids(d.picks(0)),
            ["imhotep", "leonidas", "xenophon", "nefertiti"]
        );
        let all: LeaderSet = (0..3).flat_map(|p| d.picks(p).iter()).collect();
        assert_eq!(all.len(), 12);
        assert!(d.play_round(&last).unwrap_err().contains("over"));
    }

    #[test]
    fn the_box_draws_from_the_front_and_takes_age_three_leaders_back_sorted_by_id() {
        let l = |id| LeaderId::from_id(id).unwrap();
        let mut b = LeaderBox::new(&[l("zenobia"), l("bilkis"), l("plato")]);
        assert_eq!(b.draw(2), [l("zenobia"), l("bilkis")].into_iter().collect());
        // Fewer than 4 left: all of them.
        assert_eq!(b.draw(4), [l("plato")].into_iter().collect());
        assert!(b.draw(4).is_empty());
        let hands: Vec<LeaderSet> = vec![
            [l("xenophon"), l("caesar")].into_iter().collect(),
            [l("sappho")].into_iter().collect(),
            [l("midas"), l("amytis")].into_iter().collect(),
        ];
        // Seat 1 owns Roma night: it keeps its leader; the others' go back, each seat's sorted
        // by id (caesar before xenophon, amytis before midas: the tables have them the other
        // way round).
        let mut kept = hands.clone();
        b.take_back(&mut kept, Some(1));
        assert_eq!(kept, [LeaderSet::EMPTY, hands[1], LeaderSet::EMPTY]);
        assert_eq!(
            b.order(),
            [l("caesar"), l("xenophon"), l("amytis"), l("midas")]
        );
    }

    #[test]
    fn roma_night_lowers_its_owner_by_2_and_its_neighbours_by_1() {
        assert_eq!(
            (0..5)
                .map(|p| roma_night_reduction(p, Some(0), 5))
                .collect::<Vec<_>>(),
            [2, 1, 0, 0, 1]
        );
        assert_eq!(roma_night_reduction(2, None, 5), 0);
        assert_eq!(
            (0..3)
                .map(|p| roma_night_reduction(p, Some(2), 3))
                .collect::<Vec<_>>(),
            [1, 1, 2]
        );
    }

    #[test]
    fn a_determinized_draft_keeps_everything_the_observer_saw() {
        use rand::Rng;
        let decks = [LeaderDeck::Standard, LeaderDeck::Expert];
        let pool: LeaderSet = LEADERS
            .iter()
            .enumerate()
            .filter(|(_, l)| decks.contains(&l.deck))
            .map(|(i, _)| LeaderId(i as u8))
            .collect();
        let mut rng = GameRng::seed_from_u64(11);
        let mut others_changed = 0;
        for case in 0..2000 {
            let n = 3 + case % 5;
            let (deal_, _) = deal(&decks, n, &mut rng);
            let mut real = Draft::new(&deal_);
            let rounds = rng.random_range(0..=LEADERS_PER_SEAT);
            for _ in 0..rounds {
                let picks: Vec<LeaderId> = (0..n)
                    .map(|p| {
                        let h: Vec<LeaderId> = real.hand(p).iter().collect();
                        h[rng.random_range(0..h.len())]
                    })
                    .collect();
                real.play_round(&picks).unwrap();
            }
            let o = rng.random_range(0..n);
            let (det, boxed) = real.determinize(&[o], pool, &mut rng);
            assert_eq!(det.round(), real.round());
            assert_eq!(det.seen(o), real.seen(o), "case {case}");
            assert_eq!(det.picks(o), real.picks(o));
            for k in 0..rounds {
                assert_eq!(det.picked(o, k), real.picked(o, k));
                assert_eq!(det.passed(o, k), real.passed(o, k));
            }
            // Every leader of the pool once: in a hand, among the picks, or in the box.
            let mut all: Vec<LeaderId> = boxed.clone();
            for p in 0..n {
                all.extend(det.hand(p).iter());
                all.extend(det.picks(p).iter());
                assert_eq!(det.hand(p).len(), LEADERS_PER_SEAT - rounds);
                assert_eq!(det.picks(p).len(), rounds);
            }
            all.sort();
            assert_eq!(all, pool.iter().collect::<Vec<_>>());
            if (0..n).any(|p| p != o && det.picks(p) != real.picks(p)) {
                others_changed += 1;
            }
        }
        // The hidden picks are redrawn, not copied.
        assert!(others_changed > 1000, "{others_changed}");
    }

    #[test]
    fn at_3_seats_the_leaders_passed_come_back_and_are_kept() {
        // Seat 0 passes 3 leaders after round 1; the one it gets back in round 4 is what is
        // left of them: seats 2 and 1 took the other two, one each, in rounds 2 and 3.
        let l = |id| LeaderId::from_id(id).unwrap();
        let deal = [
            [l("maecenas"), l("imhotep"), l("hammurabi"), l("leonidas")],
            [l("croesus"), l("xenophon"), l("vitruvius"), l("nero")],
            [l("sappho"), l("zenobia"), l("nefertiti"), l("cleopatra")],
        ];
        let mut d = Draft::new(&deal);
        d.play_round(&[l("maecenas"), l("croesus"), l("sappho")])
            .unwrap();
        d.play_round(&[l("xenophon"), l("zenobia"), l("imhotep")])
            .unwrap();
        d.play_round(&[l("nefertiti"), l("hammurabi"), l("vitruvius")])
            .unwrap();
        assert_eq!(ids(d.hand(0)), ["leonidas"]);
        let pool: LeaderSet = (0..34).map(LeaderId).collect();
        let mut rng = GameRng::seed_from_u64(3);
        for _ in 0..50 {
            let (det, _) = d.determinize(&[0], pool, &mut rng);
            assert_eq!(ids(det.hand(0)), ["leonidas"]);
            // Imhotep and Hammurabi, passed by seat 0, went one to each other seat.
            let taken = [l("imhotep"), l("hammurabi")];
            for p in [1, 2] {
                assert_eq!(
                    taken.iter().filter(|&&x| det.picks(p).contains(x)).count(),
                    1
                );
            }
        }
    }
}
