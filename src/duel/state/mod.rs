//! The state of a 7 Wonders Duel game and its rules.
//!
//! Every random draw is made when the game is set up and kept in [`Setup`], so [`Duel::play`]
//! is a pure function of the state and the action. Decisions that an effect asks for (a
//! Progress token after a science pair, the card the Statue of Zeus destroys, …) are actions of
//! the player who decides, like any other move.
//!
//! Seats: seat 0 is "player 1" of the rulebook (first pick of the Wonder draft and first turn of
//! Age I). The Conflict pawn's position is counted from seat 0's point of view: positive means
//! towards seat 1's capital.

use std::fmt;

use rand::seq::SliceRandom;
use rand::RngCore;

use super::data::{
    is_grand_temple, military_points, Card, CardId, Chain, CoinsPer, Color, GuildCount, Progress,
    Resource, Resources, Science, TokenId, WonderId, BASE_CARDS, BASE_TOKENS, BASE_WONDERS, CARDS,
    CARD_COSTS_PACKED, DECK_STARTS, FIRST_GRAND_TEMPLE, LAYOUTS, MILITARY_TOKENS, NUM_CARDS,
    NUM_TOKENS, NUM_WONDERS, PROGRESS_TOKENS, STARTING_COINS, WONDERS, WONDER_COSTS_PACKED,
};
use super::pantheon_data::{DivinityId, Mythology, DIVINITIES, GATE, OFFERING_TOKENS};
use wonders_common::CardSet;

/// Who picks at each of the 8 steps of the Wonder draft: round 1 P1, P2, P2, P1; round 2 P2,
/// P1, P1, P2.
pub const DRAFT_ORDER: [u8; 8] = [0, 1, 1, 0, 1, 0, 0, 1];

mod determinize;
mod effects;
mod legal;
pub mod pantheon;
pub use pantheon::{GATE_ID, NO_DIVINITY, NO_TOKEN};
#[cfg(test)]
mod pantheon_tests;
mod payment;
mod play;
mod scoring;
mod setup;

pub use crate::vocab::{Pending, Victory};

/// The Conflict pawn's distance from the middle to a capital: reaching it wins (military
/// supremacy).
pub const CAPITAL: i8 = 9;
/// Distinct scientific symbols that win the game (scientific supremacy).
pub const SCIENCE_SUPREMACY: u32 = 6;
pub use determinize::SeatView;
use payment::*;
pub use scoring::Score;
pub use setup::{PantheonSetup, Setup};

/// The slots of Age `age` (0-based) not taken and no longer covered.
#[inline]
fn compute_accessible(age: u8, taken: u32) -> u32 {
    let layout = &LAYOUTS[age as usize];
    let mut acc = 0u32;
    let mut open = !taken & 0xF_FFFF;
    while open != 0 {
        let s = open.trailing_zeros();
        open &= open - 1;
        if layout.covered_by[s as usize] & !taken == 0 {
            acc |= 1 << s;
        }
    }
    acc
}

/// How the Wonders are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WonderSelection {
    /// The rulebook's draft, decided by the players.
    #[default]
    Draft,
    /// A random deal of 4 + 4: the draft's picks are forced (each pick takes the next offered
    /// Wonder), so the record is still an ordinary draft record.
    Random,
    /// These Wonders for seat 0 and seat 1 (a controlled experiment); forced picks as above.
    Fixed([[WonderId; 4]; 2]),
}

/// Game options: rule variants, the Wonder selection and the expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DuelConfig {
    /// The publisher's errata (2016) on who starts the next Age when the Conflict pawn is on
    /// the centre square: the last active player *chooses* who starts, instead of starting
    /// (the rulebook's text). Recorded as the variant `errata-next-age`.
    pub errata_next_age: bool,
    pub wonders: WonderSelection,
    /// The Pantheon expansion.
    pub pantheon: bool,
}

impl DuelConfig {
    /// The record's `options.variants`.
    pub fn variants(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.errata_next_age {
            v.push("errata-next-age");
        }
        v
    }
}

/// One decision. Cards, Wonders and tokens are named by id, never by position, so an action
/// means the same in every determinization.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take a Wonder in the draft.
    PickWonder(WonderId),
    /// Build an accessible card, paying `paid` coins (printed coins + trade; 0 by chain).
    Build { card: CardId, paid: u16 },
    /// Discard an accessible card for 2 coins + 1 per yellow card.
    Discard { card: CardId },
    /// Build a Wonder, tucking the accessible `card` under it, paying `paid` coins of trade.
    Wonder {
        card: CardId,
        wonder: WonderId,
        paid: u16,
    },
    /// Take a Progress token from the board after a science pair.
    Progress(TokenId),
    /// Put this opponent card in the discard pile (Statue of Zeus, Circus Maximus).
    Destroy(CardId),
    /// Build this discarded card for free (Mausoleum).
    BuildDiscarded(CardId),
    /// Keep this token among the 3 drawn from the box (Great Library).
    GreatLibrary(TokenId),
    /// Choose who starts the next Age.
    ChooseStarter(u8),
    /// Pantheon: put this Divinity (one of the top two of its deck) face down on an empty
    /// space (1-6).
    PlaceDivinity { divinity: DivinityId, space: u8 },
    /// Pantheon: activate the Divinity (or the Gate, [`GATE_ID`]) on its space, using the
    /// Offering tokens in `offerings` (bit `i` = `OFFERING_TOKENS[i]`) and paying `paid`.
    Activate {
        divinity: DivinityId,
        offerings: u8,
        paid: u16,
    },
    /// Pantheon: the Divinity the Gate activates (the top of a Mythology deck).
    Gate(DivinityId),
    /// Pantheon: the deck (Mythology index) the Divine Theater's builder takes to look
    /// through. Records merge it into the next action's `divine_theater`.
    DivineTheaterDeck(u8),
    /// Pantheon: the Divine Theater's Divinity (of the deck taken) and the order the rest of
    /// that deck goes back, top first ([`NO_DIVINITY`] where there is none).
    DivineTheater {
        divinity: DivinityId,
        rest: [DivinityId; 2],
    },
    /// Pantheon: the Progress token kept from Enki.
    Enki(TokenId),
    /// Pantheon: the opponent's green card whose symbol Nisaba copies.
    Nisaba(CardId),
    /// Pantheon: the opponent's brown or grey card Baal takes.
    Baal(CardId),
    /// Pantheon: the layout slot (0-19) whose card Zeus sends to the discard pile. Named by
    /// slot: a face-down card is known by its place only.
    Zeus(u8),
    /// Pantheon: the built Wonder Anubis unbuilds.
    Anubis(WonderId),
    /// Pantheon: the discarded card Isis tucks under one of the seat's Wonders, built free.
    Isis { card: CardId, wonder: WonderId },
    /// Pantheon: the opponent's unbuilt Wonder Ra takes.
    Ra(WonderId),
    /// Pantheon: the square (-9..=9) the Minerva pawn goes on.
    Minerva(i8),
    /// Pantheon: the military token discarded unapplied and the one applied ([`NO_TOKEN`]
    /// when none is left to apply), as indices into `MILITARY_TOKENS`.
    Neptune { discard: u8, apply: u8 },
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelError {
    /// The game is over.
    GameOver,
    /// The action is not among the legal actions of this state.
    Illegal { action: Action, reason: String },
}

impl fmt::Display for DuelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelError::GameOver => f.write_str("the game is over"),
            DuelError::Illegal { action, reason } => {
                write!(f, "illegal action {}: {reason}", describe(*action))
            }
        }
    }
}

impl std::error::Error for DuelError {}

/// A short English description of an action, with public ids.
pub fn describe(action: Action) -> String {
    match action {
        Action::PickWonder(w) => format!("pick_wonder {}", WONDERS[w as usize].id),
        Action::Build { card, paid } => format!("build {} (paid {paid})", CARDS[card as usize].id),
        Action::Discard { card } => format!("discard {}", CARDS[card as usize].id),
        Action::Wonder { card, wonder, paid } => format!(
            "wonder {} with {} (paid {paid})",
            WONDERS[wonder as usize].id, CARDS[card as usize].id
        ),
        Action::Progress(t) => format!("progress {}", PROGRESS_TOKENS[t as usize].id),
        Action::Destroy(c) => format!("destroy {}", CARDS[c as usize].id),
        Action::BuildDiscarded(c) => format!("build_discarded {}", CARDS[c as usize].id),
        Action::GreatLibrary(t) => format!("great_library {}", PROGRESS_TOKENS[t as usize].id),
        Action::ChooseStarter(s) => format!("choose_starter {s}"),
        Action::PlaceDivinity { divinity, space } => {
            format!(
                "place_divinity {} on space {space}",
                divinity_name(divinity)
            )
        }
        Action::Activate {
            divinity,
            offerings,
            paid,
        } => format!(
            "activate {} (offerings {:?}, paid {paid})",
            divinity_name(divinity),
            offering_values(offerings)
        ),
        Action::Gate(d) => format!("gate {}", divinity_name(d)),
        Action::DivineTheaterDeck(m) => {
            format!("divine_theater deck {}", Mythology::ALL[m as usize].id())
        }
        Action::DivineTheater { divinity, rest } => format!(
            "divine_theater {} (rest {})",
            divinity_name(divinity),
            rest.iter()
                .filter(|&&d| d != NO_DIVINITY)
                .map(|&d| divinity_name(d))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Action::Enki(t) => format!("enki {}", PROGRESS_TOKENS[t as usize].id),
        Action::Nisaba(c) => format!("nisaba {}", CARDS[c as usize].id),
        Action::Baal(c) => format!("baal {}", CARDS[c as usize].id),
        Action::Zeus(slot) => format!("zeus slot {slot}"),
        Action::Anubis(w) => format!("anubis {}", WONDERS[w as usize].id),
        Action::Isis { card, wonder } => format!(
            "isis {} under {}",
            CARDS[card as usize].id, WONDERS[wonder as usize].id
        ),
        Action::Ra(w) => format!("ra {}", WONDERS[w as usize].id),
        Action::Minerva(square) => format!("minerva {square}"),
        Action::Neptune { discard, apply } => {
            format!("neptune discard token {discard}, apply {apply}")
        }
    }
}

/// A Divinity's id, or `gate`.
pub fn divinity_name(d: DivinityId) -> &'static str {
    if d == GATE_ID {
        GATE.id
    } else {
        DIVINITIES[d as usize].id
    }
}

/// The values of the Offering tokens in a bit set (bit `i` = `OFFERING_TOKENS[i]`).
pub fn offering_values(bits: u8) -> arrayvec::ArrayVec<u8, 3> {
    (0..3)
        .filter(|&i| bits >> i & 1 == 1)
        .map(|i| OFFERING_TOKENS[i])
        .collect()
}

/// The decisions waiting, the one to take first on top: a decision caused by another comes
/// before those already waiting. Plain data, like the game; the top is a field of its own, so
/// reading it costs what an `Option` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decisions {
    top: Option<Pending>,
    /// The decisions under the top, the next one last.
    below: [Pending; 5],
    below_len: u8,
}

impl Default for Decisions {
    fn default() -> Self {
        Decisions {
            top: None,
            below: [Pending::Starter; 5],
            below_len: 0,
        }
    }
}

impl Decisions {
    /// The decision to take now.
    #[inline(always)]
    pub fn top(&self) -> Option<Pending> {
        self.top
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.top.is_none()
    }
    #[inline]
    pub fn push(&mut self, p: Pending) {
        if let Some(t) = self.top {
            self.below[self.below_len as usize] = t;
            self.below_len += 1;
        }
        self.top = Some(p);
    }
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.below_len.checked_sub(1).map(|i| {
            self.below_len = i;
            self.below[i as usize]
        });
    }
    pub fn clear(&mut self) {
        self.top = None;
        self.below_len = 0;
    }
}

/// One player's city and treasury.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Player {
    pub coins: u16,
    /// The buildings in the city.
    pub city: CardSet,
    /// Cards tucked under built Wonders (they have no effect).
    pub tucked: CardSet,
    /// Fixed production of the brown and grey cards: the only production that raises the
    /// opponent's trade price.
    pub production: Resources,
    /// Number of "one of wood/clay/stone" productions (Caravansery, Great Lighthouse).
    pub choice_raw: u8,
    /// Number of "one of glass/papyrus" productions (Forum, Piraeus).
    pub choice_goods: u8,
    /// Resources bought at 1 coin (bit per [`Resource`]).
    pub trade_at_one: u8,
    /// Cards per [`Color`].
    pub colors: [u8; 7],
    /// Chain symbols owned (bit per [`super::data::Chain`]).
    pub chains: u32,
    /// Scientific symbols owned (bit per [`Science`]).
    pub science: u8,
    /// Symbols that have made their pair (bit per [`Science`]): with Pantheon's copies a symbol
    /// may come a third time, which makes no new pair.
    pub paired: u8,
    /// Progress tokens owned (bit per token id).
    pub progress: u16,
    /// The Wonders taken in the draft, in pick order (a fifth with Pantheon's Ra).
    pub wonders: [WonderId; 5],
    pub num_wonders: u8,
    /// Bit `i` set when `wonders[i]` is built.
    pub built: u8,
    /// Card turns played (build, discard or Wonder), for statistics.
    pub turns: u16,
    /// Running score-pad tallies, kept as cards and Wonders are built (the score is asked
    /// for every candidate move of a search): the printed points of the blue, green and
    /// yellow cards in the city, and of the built Wonders.
    pub card_points: [i16; 3],
    pub wonder_points: i16,
}

impl Player {
    #[inline]
    pub fn has(&self, token: Progress) -> bool {
        self.progress >> token as u8 & 1 == 1
    }

    /// Resource units waived when this player builds `card`: 2 for a blue card with Masonry.
    #[inline]
    pub fn card_waive(&self, card: &Card) -> u8 {
        2 * ((card.color == Color::Blue) & self.has(Progress::Masonry)) as u8
    }

    /// Resource units waived when this player builds a Wonder: 2 with Architecture.
    #[inline]
    pub fn wonder_waive(&self) -> u8 {
        2 * self.has(Progress::Architecture) as u8
    }

    /// Adds a "one of these each turn" production (Forum, Caravansery, Great Lighthouse,
    /// Piraeus): raw-material choices and manufactured-good choices are counted apart.
    fn add_choice(&mut self, one_of: Resources) {
        if one_of.is_empty() {
            return;
        }
        if one_of.get(Resource::Wood) > 0 {
            self.choice_raw += 1;
        } else {
            self.choice_goods += 1;
        }
    }

    /// Number of Wonders built.
    #[inline]
    pub fn wonders_built(&self) -> u8 {
        self.built.count_ones() as u8
    }

    /// The Wonders built, as ids.
    pub fn built_wonders(&self) -> impl Iterator<Item = WonderId> + '_ {
        (0..self.num_wonders as usize)
            .filter(|&i| self.built >> i & 1 == 1)
            .map(|i| self.wonders[i])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Draft,
    Play,
    Over,
}

/// A 7 Wonders Duel game. Plain data, `Copy`: a search copies it once per candidate move,
/// and a bitwise copy is the cheapest there is.
#[derive(Clone, Copy, Debug)]
pub struct Duel {
    setup: Setup,
    options: DuelConfig,
    phase: Phase,
    /// Current Age, 0-based.
    age: u8,
    /// Layout slots taken this Age.
    taken: u32,
    /// Layout slots whose card is face up (or was, before being taken).
    revealed: u32,
    /// Layout slots that can be taken now (kept up to date as slots are taken).
    accessible: u32,
    /// Trade price of each resource for each seat (see [`Duel::trade_prices`]).
    prices: [[u16; 5]; 2],
    /// Each seat's resources by trade price, dearest first (kept with `prices`).
    dearest: [DearestFirst; 2],
    /// `prices` packed for [`lane_dot`].
    prices_reversed: [u64; 2],
    /// Each seat's fixed production, packed (kept with `prices`).
    production: [u64; 2],
    /// What each seat's Wonders cost it, by position in its draft (see [`Duel::wonder_cost`]).
    wonder_costs: [[u16; 5]; 2],
    /// The slot of each card in the current Age's layout (`u8::MAX` if not in it).
    slot_of: [u8; NUM_CARDS],
    players: [Player; 2],
    /// Conflict pawn, -9..=9, positive towards seat 1's capital.
    pawn: i8,
    /// Bit `i` set while military token `MILITARY_TOKENS[i]` is on the board.
    military_tokens: u8,
    /// Progress tokens on the board.
    board_tokens: u16,
    /// Progress tokens in the box, in draw order (5, or 8 with Pantheon).
    box_tokens: [TokenId; 8],
    box_len: u8,
    discard: CardSet,
    current: u8,
    /// The decisions waiting, the next on top.
    pending: Decisions,
    /// The player who is taking a turn earned "play again".
    extra_turn: bool,
    /// Wonders built in the game (at 7 the last one goes back to the box).
    wonders_built: u8,
    /// Draft picks made, 0..=8.
    picks: u8,
    /// Ended by supremacy: the victory and its winner.
    supremacy: Option<(Victory, u8)>,
    /// Pantheon's part of the state (empty in a base game).
    pantheon: pantheon::Pantheon,
}

impl Duel {
    // ----- observation -------------------------------------------------------------------

    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn options(&self) -> &DuelConfig {
        &self.options
    }
    pub fn player(&self, seat: usize) -> &Player {
        &self.players[seat]
    }
    /// The seat to move.
    pub fn current_seat(&self) -> usize {
        self.current as usize
    }
    /// The current Age, 1..=3 (1 during the draft).
    pub fn age(&self) -> u8 {
        self.age + 1
    }
    pub fn is_drafting(&self) -> bool {
        self.phase == Phase::Draft
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// The decision to take now, if one is waiting.
    pub fn pending(&self) -> Option<Pending> {
        self.pending.top()
    }
    /// Pantheon's state.
    pub fn pantheon(&self) -> &pantheon::Pantheon {
        &self.pantheon
    }
    pub fn pawn(&self) -> i8 {
        self.pawn
    }
    /// The Conflict pawn seen from `seat`'s capital: positive toward the opponent's (a
    /// military lead), [`CAPITAL`] there.
    pub fn pawn_toward_opponent(&self, seat: usize) -> i8 {
        if seat == 0 {
            self.pawn
        } else {
            -self.pawn
        }
    }
    /// The seat that won by a military or scientific supremacy, once one has.
    pub fn supremacy_winner(&self) -> Option<usize> {
        self.supremacy.map(|(_, w)| w as usize)
    }
    pub fn military_tokens_left(&self) -> u8 {
        self.military_tokens
    }
    pub fn discard_pile(&self) -> CardSet {
        self.discard
    }
    pub fn board_tokens(&self) -> impl Iterator<Item = TokenId> {
        let mask = self.board_tokens;
        (0..NUM_TOKENS as u8).filter(move |&t| mask >> t & 1 == 1)
    }
    pub fn box_tokens(&self) -> &[TokenId] {
        &self.box_tokens[..self.box_len as usize]
    }
    pub fn wonders_built_total(&self) -> u8 {
        self.wonders_built
    }
    pub fn draft_picks(&self) -> u8 {
        self.picks
    }
    /// Slots of the current Age already taken.
    pub fn taken_slots(&self) -> u32 {
        self.taken
    }
    /// Slots whose card is (or was) face up.
    pub fn revealed_slots(&self) -> u32 {
        self.revealed
    }
    /// The card in layout slot `slot` of the current Age.
    pub fn slot_card(&self, slot: usize) -> CardId {
        self.setup.ages[self.age as usize][slot]
    }

    /// Slots of the current Age that can be taken now (bit per slot).
    #[inline]
    pub fn accessible_slots(&self) -> u32 {
        self.accessible
    }

    /// The victory type and the winning seats of a finished game (two seats = shared).
    pub fn outcome(&self) -> Option<(Victory, Vec<usize>)> {
        if self.phase != Phase::Over {
            return None;
        }
        let (victory, won) = self.victory(&[self.score(0), self.score(1)])?;
        Some((victory, (0..2).filter(|&seat| won[seat]).collect()))
    }

    /// The victory type of a finished game whose seats scored `s` ([`Duel::score`]) and, per
    /// seat, whether it won (both = shared): [`Duel::outcome`] without a list, for the
    /// simulator's per-game outcome, which has the scores already.
    pub fn victory(&self, s: &[Score; 2]) -> Option<(Victory, [bool; 2])> {
        if self.phase != Phase::Over {
            return None;
        }
        if let Some((v, w)) = self.supremacy {
            return Some((v, [w == 0, w == 1]));
        }
        let (t0, t1) = (s[0].total(), s[1].total());
        let won = if t0 != t1 {
            [t0 > t1, t1 > t0]
        } else if s[0].civilian != s[1].civilian {
            [s[0].civilian > s[1].civilian, s[1].civilian > s[0].civilian]
        } else {
            [true, true]
        };
        Some((Victory::Civilian, won))
    }
}
