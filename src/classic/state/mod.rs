//! The game state and its rules: setup, the simultaneous turns sequentialized seat by seat,
//! passing, the sixth-turn discard, wonder powers, military at the end of each Age.
//!
//! Turn order inside the engine (see the module docs of [`super`] for the rule sources):
//! 1. every seat of the turn chooses (seat 0 first) from the state at the start of the turn;
//!    a chosen action stays hidden until the last seat has chosen;
//! 2. resolution: cards are placed (built, tucked under the wonder, sold), payments go out,
//!    then every income of the turn comes in (trade, sales, Tavern, Vineyard counting the cards
//!    built this turn, stage coins); coins received cannot have been spent this turn because
//!    choices were checked against the coins held at the start of the turn;
//! 3. hands pass (left in Ages I and III, right in Age II); on the sixth turn the unplayed card
//!    is discarded, except Babylon's with its "last card" power;
//! 4. 1st-edition Babylon plays its seventh card (part of the sixth turn: coins and neighbour
//!    production as at the start of that turn), then Halikarnassos builds from the discard pile,
//!    then 2nd-edition Babylon plays its last card as a turn of its own;
//! 5. after the sixth turn, military conflicts; after Age III, 1st-edition Olympia B copies a
//!    guild, and the game ends.

use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::{Rng, RngCore, SeedableRng};

use super::cities_data::CityEffect;
use super::city::{powers, City, Table};
use super::data::{
    CardId, Catalog, Color, Edition, Effect, Expansion, ExpansionSet, Power, Side, Wonder, BOARDS,
    MAX_GUILDS,
};
use super::expansion::catalog;
use super::leader_draft::{LeaderId, LEADERS_PER_SEAT};
use super::leaders_data::LeaderDeck;
use super::payment::{quote, Prices, Quote, Supply, Ways};
use super::vocab::ScoreLine;
use wonders_common::{GameRng, Unheard, WideCardSet};

mod determinize;
pub mod events;
mod legal;
mod military;
mod recruitment;
mod setup;
mod turn;

#[cfg(test)]
mod cities_tests;
#[cfg(test)]
pub(crate) mod leaders_tests;
#[cfg(test)]
mod teams_tests;

/// [`Played::turn`] of the leader draft's picks and of a recruitment turn's actions.
pub const RECRUITMENT_TURN: u8 = u8::MAX;

pub use determinize::SeatView;
pub use events::{Event, Payee};
pub(crate) use recruitment::LeaderTable;
use wonders_common::EventSink;

/// Most seats at a table.
pub const MAX_SEATS: usize = 7;
/// Cards dealt to each seat per Age (base game).
pub use super::data::HAND_SIZE;
/// The most cards a hand may hold in any configuration (Cities deals 8).
pub const MAX_HAND: usize = 8;
/// Card slots of one Age's deal: every hand of the largest table, packed in a `u64` mask.
pub const DEAL_SLOTS: usize = 64;
const _: () = assert!(MAX_SEATS * MAX_HAND <= DEAL_SLOTS);
/// Coins each city starts with.
pub const STARTING_COINS: u32 = 3;
/// Coins each city starts with when Leaders is played.
pub const LEADERS_STARTING_COINS: u32 = 6;
/// Coins for selling a card.
pub const SELL_COINS: u32 = 3;

/// How wonder sides are chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SidePolicy {
    /// Every seat plays side A (1st edition) / Day (2nd edition): side index 0.
    A,
    /// Every seat plays side B / Night: side index 1.
    B,
    /// Same as [`SidePolicy::A`] (the 2nd-edition name).
    Day,
    /// Same as [`SidePolicy::B`] (the 2nd-edition name).
    Night,
    /// One random side for the whole table.
    Random,
    /// An independent random side per seat (as the 1st-edition wonder cards deal them).
    Mixed,
    /// A fixed side per seat, seat 0 first (labels are mapped to the edition by index).
    PerSeat(Vec<Side>),
}

/// Everything that defines a game besides its random draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicConfig {
    /// 3..=7.
    pub players: usize,
    pub edition: Edition,
    pub sides: SidePolicy,
    /// When true, a build or stage whose cheapest total can be split several ways between
    /// the two neighbours is offered once, with the split paying the left neighbour least.
    pub collapse_payment_splits: bool,
    /// Optional fixed wonder per seat (missing or `None` entries are drawn at random).
    pub wonders: Vec<Option<Wonder>>,
    /// The expansions in play (2nd edition only).
    pub expansions: ExpansionSet,
    /// Leaders: the leader decks shuffled together; empty for the default (standard and
    /// expert, and the Cities bonus leaders when Cities is played too).
    pub leader_decks: Vec<LeaderDeck>,
    /// The team variant (Cities, 4 or 6 players): team k is seats 2k and 2k+1.
    pub teams: bool,
}

impl ClassicConfig {
    /// A default table: `players` seats, random wonders, side A/Day, every payment split.
    pub fn new(players: usize, edition: Edition) -> ClassicConfig {
        ClassicConfig {
            players,
            edition,
            sides: SidePolicy::A,
            collapse_payment_splits: false,
            wonders: Vec::new(),
            expansions: ExpansionSet::NONE,
            leader_decks: Vec::new(),
            teams: false,
        }
    }

    /// The leader decks of this configuration (none without Leaders).
    pub fn leader_decks_in_play(&self) -> Vec<LeaderDeck> {
        if !self.expansions.contains(Expansion::LEADERS) {
            Vec::new()
        } else if self.leader_decks.is_empty() {
            let mut decks = vec![LeaderDeck::Standard, LeaderDeck::Expert];
            if self.expansions.contains(Expansion::CITIES) {
                decks.push(LeaderDeck::Cities);
            }
            decks
        } else {
            self.leader_decks.clone()
        }
    }

    /// The score pad's lines: the base game's seven, then each expansion's.
    pub fn score_lines(&self) -> &'static [ScoreLine] {
        self.expansions.score_lines()
    }

    /// Cards per hand at the start of each Age: 7 in the base game, 8 with Cities.
    pub fn hand_size(&self) -> usize {
        self.expansions.hand_size()
    }
}

/// The outcome of every random draw of a game: wonders and sides, the deal of each Age (which
/// implies the guild draw), and the guilds left in the box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Per seat.
    pub wonders: Vec<(Wonder, Side)>,
    /// `hands[age - 1][seat]`: the 7 cards dealt to that seat.
    pub hands: [Vec<Vec<CardId>>; 3],
    pub guilds_unused: Vec<CardId>,
    /// Cities: the black cards of each Age left out of the game (`[age - 1]`); empty without.
    pub black_unused: [Vec<CardId>; 3],
    /// Leaders: the decks shuffled together, the 4 leaders dealt to each seat, and the others
    /// in draw order (first = drawn first); all empty without Leaders.
    pub leader_decks: Vec<LeaderDeck>,
    pub leaders: Vec<[LeaderId; LEADERS_PER_SEAT]>,
    pub leaders_box: Vec<LeaderId>,
}

/// Why a configuration or a setup was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// Why `apply` refused an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassicError {
    #[error("the game is over")]
    GameOver,
    #[error("seat {seat} cannot {action}: {reason}")]
    Illegal {
        seat: usize,
        /// The action in words, with public ids.
        action: String,
        reason: &'static str,
    },
}

/// One decision of one seat. Cards are identified by building, never by position, so an
/// action means the same in every determinization.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Build the card, paying `pay_left`/`pay_right` coins to the neighbours (the bank part
    /// of the cost is implied; nothing is paid when a chain or a wonder power makes it free).
    Build {
        card: CardId,
        pay_left: u8,
        pay_right: u8,
    },
    /// 1st-edition Olympia A: build the card for free, spending the once-per-Age free build
    /// (the player's choice: paying as usual stays legal while the power is unused).
    BuildFree { card: CardId },
    /// Tuck the card under the wonder to build the next stage.
    Wonder {
        card: CardId,
        pay_left: u8,
        pay_right: u8,
    },
    /// Discard the card for 3 coins.
    Sell { card: CardId },
    /// Halikarnassos: build a card of the discard pile for free.
    BuildDiscarded { card: CardId },
    /// 1st-edition Olympia B: copy a guild of the neighbour at seat `from`.
    CopyGuild { guild: CardId, from: u8 },
    /// Cities: the seat's coin loss of the turn, `coins` paid to the bank (at most what it
    /// holds) and the rest taken as `debt` −1 tokens.
    CoinLoss { coins: u8, debt: u8 },
    /// Leaders: a pick of the leader draft.
    Draft { leader: LeaderId },
    /// Leaders, recruitment turn: recruit a leader of the hand, paying its cost to the bank.
    Recruit { leader: LeaderId },
    /// Leaders, recruitment turn: build the next stage with a leader under the board.
    WonderLeader {
        leader: LeaderId,
        pay_left: u8,
        pay_right: u8,
    },
    /// Leaders, recruitment turn: sell a leader for 3 coins (it leaves the game).
    SellLeader { leader: LeaderId },
    /// Leaders (Telesilla): discard one of the seat's victory tokens, of value 1, 3 or 5.
    DiscardVictoryToken { value: u8 },
    /// Leaders (Abu Simbel): put a face-up leader under the board.
    BuryLeader { leader: LeaderId },
    /// Leaders (Roma night): recruit one more leader of the hand, paying its cost.
    RecruitExtra { leader: LeaderId },
}

impl Action {
    /// The card the action plays (the guild for [`Action::CopyGuild`]).
    pub fn card(self) -> CardId {
        match self {
            Action::Build { card, .. }
            | Action::BuildFree { card }
            | Action::Wonder { card, .. }
            | Action::Sell { card }
            | Action::BuildDiscarded { card } => card,
            Action::CopyGuild { guild, .. } => guild,
            // Not a card action: no seat ever asks (see the callers).
            Action::CoinLoss { .. }
            | Action::Draft { .. }
            | Action::Recruit { .. }
            | Action::WonderLeader { .. }
            | Action::SellLeader { .. }
            | Action::DiscardVictoryToken { .. }
            | Action::BuryLeader { .. }
            | Action::RecruitExtra { .. } => CardId(u8::MAX),
        }
    }
}

/// Why a build cost nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Free {
    /// Paid normally (possibly nothing, for a card without cost).
    No,
    /// The city holds a building that chains to it.
    Chain,
    /// An Olympia power.
    WonderPower,
    /// Leaders: Ramses (purple cards).
    Leader,
}

/// An action as it was resolved (the game's history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub seat: u8,
    pub action: Action,
    pub age: u8,
    /// Turn index in the Age, 0..=`last_turn()` (5 with 7-card hands); one more for Babylon's
    /// extra play and what follows it; [`RECRUITMENT_TURN`] for the leader draft and the
    /// recruitment turns.
    pub turn: u8,
    pub free: Free,
    /// Coins paid to the bank.
    pub pay_bank: u8,
    /// For a wonder action: the stage built, 1-based.
    pub stage: u8,
}

/// What a build costs a seat right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Terms {
    Free(Free),
    Pay {
        bank: u8,
        quote: Quote,
    },
    /// Leaders' Bilkis: some cheapest ways buy one unit from the bank.
    Ways {
        bank: u8,
        ways: Ways,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The seats in `movers` choose one card each.
    Turn,
    /// Halikarnassos picks a card of the discard pile.
    BuildDiscarded(u8),
    /// 1st-edition Olympia B picks a guild to copy.
    CopyGuild(u8),
    /// Cities: the seat splits its coin loss of the turn between coins and debt tokens.
    CoinLoss(u8),
    /// Leaders: the seats in `movers` pick a leader of the hand they hold.
    Draft,
    /// Leaders: the seat discards a victory token (Telesilla).
    DiscardVictory(u8),
    /// Leaders: the seat buries a face-up leader under Abu Simbel.
    BuryLeader(u8),
    /// Leaders: the seat recruits one more leader (Roma night).
    RecruitExtra(u8),
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// 1st edition: Babylon plays its seventh card within the sixth turn.
    SeventhCard(u8),
    /// Halikarnassos builds from the discard pile.
    Discarded(u8),
    /// Leaders: Solomon, recruited this turn, builds from the discard pile.
    Solomon(u8),
    /// Cities: a Forging Agency built this turn builds from the discard pile.
    Forging(u8),
    /// Leaders: Telesilla entered play for this seat: every other seat holding a victory
    /// token discards one.
    TelesillaDiscards(u8),
    /// Leaders: this seat discards one of its victory tokens (if it holds any).
    DiscardVictory(u8),
    /// Leaders: Abu Simbel's stage: this seat buries a face-up leader (if it has one).
    Bury(u8),
    /// Leaders: Roma night's stage: this seat recruits one more leader (if it can pay one).
    RecruitExtra(u8),
    /// 2nd edition: Babylon's extra turn.
    ExtraTurn(u8),
    /// Cities: count the turn's coin losses (after every build of the turn).
    CoinLosses,
    /// Cities: this seat splits its loss.
    PayLoss(u8),
    /// Leaders: the recruitment turn is over; the Age's turns begin.
    EndRecruitment,
    EndAge,
    Turn,
}

/// One Age's deal. Card `uid = packet * hand + slot` (`hand` cards per hand); packet `j` is dealt to seat `j` and held at
/// turn `t` by seat `j + t` (passing left) or `j - t` (passing right).
#[derive(Clone, Debug)]
pub(crate) struct AgeDeal {
    pub cards: [CardId; DEAL_SLOTS],
    /// Cards that have left their packet.
    pub removed: u64,
    /// Cards built face up (their identity is public).
    pub public: u64,
    pub removed_turn: [u8; DEAL_SLOTS],
    pub removed_by: [u8; DEAL_SLOTS],
}

impl Default for AgeDeal {
    fn default() -> Self {
        AgeDeal {
            cards: [CardId(0); DEAL_SLOTS],
            removed: 0,
            public: 0,
            removed_turn: [u8::MAX; DEAL_SLOTS],
            removed_by: [u8::MAX; DEAL_SLOTS],
        }
    }
}

/// Cities' part of a game: what the expansion's rules keep between the moments of a turn.
#[derive(Clone, Debug, Default)]
pub(crate) struct CitiesTable {
    /// The black cards left out of the game, every Age (a card's Age is its own).
    black_unused: WideCardSet,
    /// Forging Agencies built this turn (seat): a free build from the pile each.
    owed_forging: ArrayVec<u8, MAX_SEATS>,
    /// The coin-loss effects built this turn, with their owner (counted at step 4d).
    turn_losses: ArrayVec<(u8, CityEffect), 16>,
    /// Each seat's coin loss of the turn, while the seats split them.
    losses: [u8; MAX_SEATS],
}

/// A game of 7 Wonders for 3 to 7 players.
#[derive(Debug)]
pub struct ClassicGame {
    cat: &'static Catalog,
    n: usize,
    /// Cards per hand at the start of an Age (from the configuration).
    hand: u8,
    /// The score pad's lines (from the configuration).
    score_lines: &'static [ScoreLine],
    /// The card slots of hand `j` in a deal (`hand` bits from bit `hand * j`).
    packet_masks: [u64; MAX_SEATS],
    collapse: bool,
    /// The expansions in play (the catalog's, kept here for the hot paths).
    expansions: ExpansionSet,
    /// The team variant: team k is seats 2k and 2k+1 (see [`crate::teams`]).
    teams: bool,
    seed: Option<u64>,
    deals: [AgeDeal; 3],
    guilds_unused: ArrayVec<CardId, MAX_GUILDS>,
    /// Cities' part of the game (empty without Cities).
    cities_table: CitiesTable,
    cities: ArrayVec<City, MAX_SEATS>,
    /// 1..=3.
    age: u8,
    /// 0..=`last_turn()`, one more after the last turn.
    turn: u8,
    step: Step,
    next: ArrayVec<Next, 16>,
    movers: u8,
    pending: [Option<(Action, Free, u8)>; MAX_SEATS],
    /// Coins each seat may still spend this turn (held at its start, minus what it paid).
    spendable: [u32; MAX_SEATS],
    /// What each city sold at the start of the turn (cards built this turn are not for sale).
    market: [Supply; MAX_SEATS],
    /// Prices at the start of the turn.
    prices: [Prices; MAX_SEATS],
    /// Discard pile: uids per Age.
    discard: [u64; 3],
    /// Halikarnassos stages built this turn (seat).
    owed_discard_builds: ArrayVec<u8, 2>,
    /// Leaders: the draft and the box (boxed: games without Leaders carry nothing).
    leaders: Option<Box<LeaderTable>>,
    /// Leaders: the current turn is the Age's recruitment turn (or the draft).
    recruiting: bool,
    history: Vec<Played>,
}

/// By hand rather than derived, for the searches that copy a game per candidate move: a copy
/// leaves room in the history for the moves still to come (no reallocation on the next
/// `play`), and `clone_from` reuses the target's history allocation (none at all). Both
/// destructure every field, so a new field cannot be forgotten. (A `History` newtype with
/// its own `Clone` under a derived one was tried: the derived `clone_from` reallocates, and
/// greedy 7 Wonders ran 9% more instructions.)
impl Clone for ClassicGame {
    fn clone(&self) -> Self {
        let ClassicGame {
            cat,
            n,
            hand,
            score_lines,
            packet_masks,
            collapse,
            expansions,
            teams,
            seed,
            deals,
            guilds_unused,
            cities_table,
            cities,
            age,
            turn,
            step,
            next,
            movers,
            pending,
            spendable,
            market,
            prices,
            discard,
            owed_discard_builds,
            leaders,
            recruiting,
            history,
        } = self;
        let mut spare = Vec::with_capacity(history.len() + HISTORY_SPARE);
        spare.extend_from_slice(history);
        ClassicGame {
            cat,
            n: *n,
            hand: *hand,
            score_lines,
            packet_masks: *packet_masks,
            collapse: *collapse,
            expansions: *expansions,
            teams: *teams,
            seed: *seed,
            deals: deals.clone(),
            guilds_unused: guilds_unused.clone(),
            cities_table: cities_table.clone(),
            cities: cities.clone(),
            age: *age,
            turn: *turn,
            step: *step,
            next: next.clone(),
            movers: *movers,
            pending: *pending,
            spendable: *spendable,
            market: *market,
            prices: *prices,
            discard: *discard,
            owed_discard_builds: owed_discard_builds.clone(),
            leaders: leaders.clone(),
            recruiting: *recruiting,
            history: spare,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.copy_all_but_history(source);
        self.history.clone_from(&source.history);
    }
}

impl ClassicGame {
    /// Makes this game a copy of `source` with an empty history, keeping this one's history
    /// allocation: the start of a determinization, which never reads the history.
    pub(crate) fn copy_without_history(&mut self, source: &Self) {
        self.copy_all_but_history(source);
        self.history.clear();
    }

    /// `clone_from` for every field but the history.
    fn copy_all_but_history(&mut self, source: &Self) {
        let ClassicGame {
            cat,
            n,
            hand,
            score_lines,
            packet_masks,
            collapse,
            expansions,
            teams,
            seed,
            deals,
            guilds_unused,
            cities_table,
            cities,
            age,
            turn,
            step,
            next,
            movers,
            pending,
            spendable,
            market,
            prices,
            discard,
            owed_discard_builds,
            leaders,
            recruiting,
            history,
        } = source;
        self.cat = *cat;
        self.n.clone_from(n);
        self.hand.clone_from(hand);
        self.score_lines = *score_lines;
        self.packet_masks.clone_from(packet_masks);
        self.collapse.clone_from(collapse);
        self.expansions = *expansions;
        self.teams = *teams;
        self.seed.clone_from(seed);
        self.deals.clone_from(deals);
        self.guilds_unused.clone_from(guilds_unused);
        self.cities_table.clone_from(cities_table);
        self.cities.clone_from(cities);
        self.age.clone_from(age);
        self.turn.clone_from(turn);
        self.step.clone_from(step);
        self.next.clone_from(next);
        self.movers.clone_from(movers);
        self.pending.clone_from(pending);
        self.spendable.clone_from(spendable);
        self.market.clone_from(market);
        self.prices.clone_from(prices);
        self.discard.clone_from(discard);
        self.owed_discard_builds.clone_from(owed_discard_builds);
        self.leaders.clone_from(leaders);
        self.recruiting = *recruiting;
        // The caller decides what the history becomes.
        let _ = history;
    }
}

/// Room a copied game's history keeps for moves to come (a turn of 7 seats and then some).
const HISTORY_SPARE: usize = 16;

impl ClassicGame {
    // ----- accessors -------------------------------------------------------------------

    pub fn catalog(&self) -> &'static Catalog {
        self.cat
    }

    pub fn edition(&self) -> Edition {
        self.cat.edition
    }

    /// True when expansion `e` is in play.
    #[inline]
    pub fn plays(&self, e: Expansion) -> bool {
        self.expansions.contains(e)
    }

    /// Cities is in play.
    #[inline]
    pub(crate) fn with_cities(&self) -> bool {
        self.expansions.contains(Expansion::CITIES)
    }

    /// Leaders is in play.
    #[inline]
    pub(crate) fn with_leaders(&self) -> bool {
        self.expansions.contains(Expansion::LEADERS)
    }

    /// The seed the game was drawn from (`None` for a game built from an explicit setup).
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    pub fn players(&self) -> usize {
        self.n
    }

    /// The score pad's lines of this game's configuration.
    pub fn score_lines(&self) -> &'static [ScoreLine] {
        self.score_lines
    }

    /// Cards per hand at the start of an Age.
    pub fn hand_size(&self) -> usize {
        self.hand as usize
    }

    /// The index of an Age's last turn (5 with 7-card hands: the sixth turn); `turn` is one
    /// more after it (Babylon's extra play, Halikarnassos, the end of the Age).
    pub fn last_turn(&self) -> u8 {
        self.hand - 2
    }

    /// The card slots of hand `j` in a deal.
    #[inline]
    pub(crate) fn packet_mask(&self, j: usize) -> u64 {
        self.packet_masks[j]
    }

    pub fn city(&self, seat: usize) -> &City {
        &self.cities[seat]
    }

    /// The cities round the table, as the effects read them.
    #[inline]
    pub(crate) fn table(&self) -> Table<'_> {
        Table {
            cat: self.cat,
            cities: &self.cities,
        }
    }

    /// Current Age, 1..=3.
    pub fn age(&self) -> u8 {
        self.age
    }

    /// Turn index within the Age: 0..=`last_turn()`, one more for Babylon's extra play and
    /// what follows it.
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// Every resolved action so far, in order.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    pub fn collapses_payment_splits(&self) -> bool {
        self.collapse
    }

    /// The left neighbour of `seat` (seat + 1): receives `pay_left`, and the hand in Ages I/III.
    #[inline]
    pub fn left_of(&self, seat: usize) -> usize {
        (seat + 1) % self.n
    }

    /// The right neighbour of `seat` (seat - 1).
    #[inline]
    pub fn right_of(&self, seat: usize) -> usize {
        (seat + self.n - 1) % self.n
    }

    #[inline]
    fn all_seats(&self) -> u8 {
        ((1u16 << self.n) - 1) as u8
    }

    /// +1 when hands pass left (Ages I and III), -1 when they pass right (Age II).
    #[inline]
    fn direction(age: u8) -> isize {
        if age == 2 {
            -1
        } else {
            1
        }
    }

    /// The packet held by `seat` at turn `t` of `age`.
    #[inline]
    pub(crate) fn packet_of(&self, age: u8, seat: usize, t: u8) -> usize {
        let n = self.n as isize;
        (seat as isize - Self::direction(age) * t as isize).rem_euclid(n) as usize
    }

    /// The seat holding packet `j` at turn `t` of `age`.
    #[inline]
    pub(crate) fn holder(&self, age: u8, j: usize, t: u8) -> usize {
        let n = self.n as isize;
        (j as isize + Self::direction(age) * t as isize).rem_euclid(n) as usize
    }

    /// The uids (in the current Age's deal) of `seat`'s hand.
    #[inline]
    pub(crate) fn hand_uids(&self, seat: usize) -> u64 {
        let t = self.turn.min(self.last_turn());
        let j = self.packet_of(self.age, seat, t);
        self.packet_mask(j) & !self.deals[self.age as usize - 1].removed
    }

    /// The cards in `seat`'s hand now (in the order dealt).
    pub fn hand(&self, seat: usize) -> Vec<CardId> {
        let d = &self.deals[self.age as usize - 1];
        let mut bits = self.hand_uids(seat);
        let mut v = Vec::new();
        while bits != 0 {
            v.push(d.cards[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        v
    }

    /// Distinct buildings in `seat`'s hand.
    #[inline]
    fn hand_cards(&self, seat: usize) -> WideCardSet {
        let d = &self.deals[self.age as usize - 1];
        let mut bits = self.hand_uids(seat);
        let mut set = WideCardSet::EMPTY;
        while bits != 0 {
            set.insert(d.cards[bits.trailing_zeros() as usize].0);
            bits &= bits - 1;
        }
        set
    }

    /// Cards in the discard pile (with repeats), oldest Age first.
    pub fn discard_pile(&self) -> Vec<CardId> {
        let mut v = Vec::new();
        for a in 0..3 {
            let mut bits = self.discard[a];
            while bits != 0 {
                v.push(self.deals[a].cards[bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
        }
        v
    }

    fn discard_cards(&self) -> WideCardSet {
        let mut set = WideCardSet::EMPTY;
        for a in 0..3 {
            let mut bits = self.discard[a];
            while bits != 0 {
                set.insert(self.deals[a].cards[bits.trailing_zeros() as usize].0);
                bits &= bits - 1;
            }
        }
        set
    }

    /// True when `seat` chose this turn and waits for the others.
    pub fn has_chosen(&self, seat: usize) -> bool {
        self.pending[seat].is_some()
    }

    /// A game rebuilt from a record's setup keeps the record's seed.
    pub(crate) fn set_seed(&mut self, seed: u64) {
        self.seed = Some(seed);
    }

    /// The expansions in play.
    pub fn expansions(&self) -> ExpansionSet {
        self.expansions
    }

    /// What the game waits for.
    #[inline]
    pub(crate) fn step(&self) -> Step {
        self.step
    }

    /// Leaders: the draft and the box (`None` without Leaders).
    #[inline]
    pub(crate) fn leader_table(&self) -> Option<&LeaderTable> {
        self.leaders.as_deref()
    }

    /// Leaders: the current turn is the Age's recruitment turn (or the draft).
    #[inline]
    pub fn is_recruiting(&self) -> bool {
        self.recruiting
    }

    /// Cities: the coin loss `seat` splits now (0 when it splits none).
    pub fn loss(&self, seat: usize) -> u8 {
        self.cities_table.losses[seat]
    }

    /// True in the team variant.
    pub fn plays_in_teams(&self) -> bool {
        self.teams
    }

    /// The card in slot `uid` of an Age's deal.
    #[inline]
    pub(crate) fn dealt_card(&self, age: u8, uid: usize) -> CardId {
        self.deals[age as usize - 1].cards[uid]
    }

    /// For tests that set a position up by hand: `seat`'s city.
    #[cfg(test)]
    pub(crate) fn city_mut(&mut self, seat: usize) -> &mut City {
        &mut self.cities[seat]
    }

    /// For tests that set a position up by hand: the Age and the turn.
    #[cfg(test)]
    pub(crate) fn set_clock(&mut self, age: u8, turn: u8) {
        self.age = age;
        self.turn = turn;
    }

    /// What `seat` chose this turn, while it waits for the others (hidden from them).
    pub(crate) fn chosen(&self, seat: usize) -> Option<Action> {
        self.pending[seat].map(|(action, _, _)| action)
    }

    pub fn is_over(&self) -> bool {
        self.step == Step::Over
    }

    /// The seat that decides next.
    pub fn current_seat(&self) -> usize {
        self.to_move()
    }
}
