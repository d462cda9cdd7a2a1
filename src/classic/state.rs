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

use super::city::{powers, City};
use super::data::{
    catalog, CardId, Catalog, Color, Edition, Effect, Per, Power, Side, Whose, Wonder,
};
use super::payment::{quote, Prices, Quote, Supply};
use crate::common::{CardSet, GameRng};

/// Most seats at a table.
pub const MAX_SEATS: usize = 7;
/// Cards dealt to each seat per Age.
pub const HAND_SIZE: usize = 7;
/// Coins each city starts with.
pub const STARTING_COINS: u32 = 3;
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
        }
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
}

/// Why a configuration or a setup was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid classic setup: {0}")]
pub struct SetupError(pub String);

/// Why `apply` refused an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassicError {
    #[error("the game is over")]
    GameOver,
    #[error("seat {seat} cannot play {action:?}: {reason}")]
    Illegal {
        seat: usize,
        action: Action,
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
}

/// An action as it was resolved (the game's history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub seat: u8,
    pub action: Action,
    pub age: u8,
    /// Turn index in the Age, 0..=5; 6 for Babylon's extra play and what follows it.
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
    Pay { bank: u8, quote: Quote },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The seats in `movers` choose one card each.
    Turn,
    /// Halikarnassos picks a card of the discard pile.
    BuildDiscarded(u8),
    /// 1st-edition Olympia B picks a guild to copy.
    CopyGuild(u8),
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// 1st edition: Babylon plays its seventh card within the sixth turn.
    SeventhCard(u8),
    /// Halikarnassos builds from the discard pile.
    Discarded(u8),
    /// 2nd edition: Babylon's extra turn.
    ExtraTurn(u8),
    EndAge,
    Turn,
}

/// One Age's deal. Card `uid = packet * 7 + slot`; packet `j` is dealt to seat `j` and held at
/// turn `t` by seat `j + t` (passing left) or `j - t` (passing right).
#[derive(Clone, Debug)]
pub(crate) struct AgeDeal {
    pub cards: [CardId; 49],
    /// Cards that have left their packet.
    pub removed: u64,
    /// Cards built face up (their identity is public).
    pub public: u64,
    pub removed_turn: [u8; 49],
    pub removed_by: [u8; 49],
}

impl Default for AgeDeal {
    fn default() -> Self {
        AgeDeal {
            cards: [CardId(0); 49],
            removed: 0,
            public: 0,
            removed_turn: [u8::MAX; 49],
            removed_by: [u8::MAX; 49],
        }
    }
}

#[inline]
fn packet_mask(j: usize) -> u64 {
    0x7F << (7 * j)
}

/// A game of 7 Wonders for 3 to 7 players.
#[derive(Clone, Debug)]
pub struct ClassicGame {
    pub(crate) cat: &'static Catalog,
    pub(crate) n: usize,
    pub(crate) collapse: bool,
    pub(crate) seed: Option<u64>,
    pub(crate) deals: [AgeDeal; 3],
    pub(crate) guilds_unused: ArrayVec<CardId, 10>,
    pub(crate) cities: ArrayVec<City, MAX_SEATS>,
    /// 1..=3.
    pub(crate) age: u8,
    /// 0..=5, 6 after the sixth turn.
    pub(crate) turn: u8,
    pub(crate) step: Step,
    next: ArrayVec<Next, 6>,
    pub(crate) movers: u8,
    pending: [Option<(Action, Free, u8)>; MAX_SEATS],
    /// Coins each seat may still spend this turn (held at its start, minus what it paid).
    spendable: [u32; MAX_SEATS],
    /// What each city sold at the start of the turn (cards built this turn are not for sale).
    market: [Supply; MAX_SEATS],
    /// Prices at the start of the turn.
    prices: [Prices; MAX_SEATS],
    /// Discard pile: uids per Age.
    pub(crate) discard: [u64; 3],
    /// Halikarnassos stages built this turn (seat).
    owed_discard_builds: ArrayVec<u8, 2>,
    pub(crate) history: Vec<Played>,
}

impl ClassicGame {
    /// A new game with every random draw taken from `seed`.
    pub fn new(config: &ClassicConfig, seed: u64) -> Result<ClassicGame, SetupError> {
        let (wonders, decks, guilds_unused) = Self::draw(config, seed)?;
        let mut g = Self::build(config, &wonders, &decks, &guilds_unused);
        g.seed = Some(seed);
        Ok(g)
    }

    /// The random draws of a game with this seed (what [`ClassicGame::new`] plays).
    pub fn draw_setup(config: &ClassicConfig, seed: u64) -> Result<Setup, SetupError> {
        let (wonders, decks, guilds_unused) = Self::draw(config, seed)?;
        let hands = decks.map(|d| d.chunks(HAND_SIZE).map(|c| c.to_vec()).collect());
        Ok(Setup {
            wonders,
            hands,
            guilds_unused: guilds_unused.to_vec(),
        })
    }

    /// Wonders and sides, the three shuffled decks (hand `j` = cards `7j..7j+7`), the guilds
    /// left in the box.
    #[allow(clippy::type_complexity)]
    fn draw(
        config: &ClassicConfig,
        seed: u64,
    ) -> Result<
        (
            Vec<(Wonder, Side)>,
            [ArrayVec<CardId, 49>; 3],
            ArrayVec<CardId, 10>,
        ),
        SetupError,
    > {
        let n = config.players;
        if !(3..=7).contains(&n) {
            return Err(SetupError(format!("{n} players (3 to 7 allowed)")));
        }
        let cat = catalog(config.edition);
        let mut rng = GameRng::seed_from_u64(seed);
        // Wonders: fixed ones first, the rest drawn from those left.
        let fixed: ArrayVec<Option<Wonder>, MAX_SEATS> = (0..n)
            .map(|s| config.wonders.get(s).copied().flatten())
            .collect();
        for (i, f) in fixed.iter().enumerate() {
            if f.is_some() && fixed[..i].contains(f) {
                return Err(SetupError(format!(
                    "wonder {} fixed twice",
                    f.unwrap().id()
                )));
            }
        }
        let mut pool: ArrayVec<Wonder, 7> = Wonder::ALL
            .into_iter()
            .filter(|w| !fixed.contains(&Some(*w)))
            .collect();
        pool.shuffle(&mut rng);
        let table_side = rng.random_range(0..2usize);
        let mut wonders = Vec::with_capacity(n);
        for (s, f) in fixed.iter().enumerate() {
            let w = match f {
                Some(w) => *w,
                None => pool
                    .pop()
                    .ok_or_else(|| SetupError("not enough wonders".into()))?,
            };
            let index = match &config.sides {
                SidePolicy::A | SidePolicy::Day => 0,
                SidePolicy::B | SidePolicy::Night => 1,
                SidePolicy::Random => table_side,
                SidePolicy::Mixed => rng.random_range(0..2usize),
                SidePolicy::PerSeat(v) => v
                    .get(s)
                    .ok_or_else(|| SetupError(format!("no side given for seat {s}")))?
                    .index(),
            };
            wonders.push((w, Side::of(config.edition, index)));
        }
        let mut guilds: ArrayVec<CardId, 10> = cat.guilds.iter().copied().collect();
        guilds.shuffle(&mut rng);
        let unused: ArrayVec<CardId, 10> = guilds[n + 2..].iter().copied().collect();
        let decks = std::array::from_fn(|a| {
            let mut deck: ArrayVec<CardId, 49> = cat.deck(a as u8 + 1, n).iter().copied().collect();
            if a == 2 {
                deck.extend(guilds[..n + 2].iter().copied());
            }
            deck.shuffle(&mut rng);
            deck
        });
        Ok((wonders, decks, unused))
    }

    /// The game at the start of Age I, from draws already known to be valid.
    fn build(
        config: &ClassicConfig,
        wonders: &[(Wonder, Side)],
        decks: &[ArrayVec<CardId, 49>; 3],
        unused: &[CardId],
    ) -> ClassicGame {
        let cat = catalog(config.edition);
        let mut deals: [AgeDeal; 3] = Default::default();
        for (d, deck) in deals.iter_mut().zip(decks) {
            d.cards[..deck.len()].copy_from_slice(deck);
        }
        let cities = wonders
            .iter()
            .map(|&(w, s)| City::new(cat, w, s, STARTING_COINS))
            .collect();
        let mut g = ClassicGame {
            cat,
            n: config.players,
            collapse: config.collapse_payment_splits,
            seed: None,
            deals,
            guilds_unused: unused.iter().copied().collect(),
            cities,
            age: 1,
            turn: 0,
            step: Step::Turn,
            next: ArrayVec::new(),
            movers: 0,
            pending: [None; MAX_SEATS],
            spendable: [0; MAX_SEATS],
            market: [Supply::default(); MAX_SEATS],
            prices: [[[2; 7]; 2]; MAX_SEATS],
            discard: [0; 3],
            owed_discard_builds: ArrayVec::new(),
            history: Vec::with_capacity(160),
        };
        g.begin_turn(g.all_seats(), true);
        g
    }

    /// A game from explicit draws (a record's setup), checked against the rules.
    pub fn from_setup(config: &ClassicConfig, setup: &Setup) -> Result<ClassicGame, SetupError> {
        let n = config.players;
        if !(3..=7).contains(&n) {
            return Err(SetupError(format!("{n} players (3 to 7 allowed)")));
        }
        let cat = catalog(config.edition);
        if setup.wonders.len() != n {
            return Err(SetupError(format!(
                "{} wonders for {n} seats",
                setup.wonders.len()
            )));
        }
        for (i, (w, s)) in setup.wonders.iter().enumerate() {
            if setup.wonders[..i].iter().any(|(v, _)| v == w) {
                return Err(SetupError(format!("wonder {} twice", w.id())));
            }
            if Side::of(config.edition, s.index()) != *s {
                return Err(SetupError(format!(
                    "side {} does not exist in {}",
                    s.id(),
                    config.edition.id()
                )));
            }
        }
        let mut all_guilds: Vec<CardId> = setup.guilds_unused.clone();
        let mut decks: [ArrayVec<CardId, 49>; 3] = Default::default();
        for age in 1..=3u8 {
            let hands = &setup.hands[age as usize - 1];
            if hands.len() != n || hands.iter().any(|h| h.len() != HAND_SIZE) {
                return Err(SetupError(format!(
                    "Age {age}: {n} hands of {HAND_SIZE} cards expected"
                )));
            }
            let mut dealt: Vec<CardId> = hands.iter().flatten().copied().collect();
            let mut expected = cat.deck(age, n).to_vec();
            if age == 3 {
                let guilds: Vec<CardId> = dealt
                    .iter()
                    .copied()
                    .filter(|&c| cat.card(c).color == Color::Purple)
                    .collect();
                if guilds.len() != n + 2 {
                    return Err(SetupError(format!(
                        "{} guilds dealt, {} expected",
                        guilds.len(),
                        n + 2
                    )));
                }
                expected.extend_from_slice(&guilds);
                all_guilds.extend_from_slice(&guilds);
            }
            decks[age as usize - 1] = dealt.iter().copied().collect();
            dealt.sort();
            expected.sort();
            if dealt != expected {
                return Err(SetupError(format!(
                    "Age {age}: the deal is not this Age's deck for {n} players"
                )));
            }
        }
        all_guilds.sort();
        let mut box_guilds = cat.guilds.clone();
        box_guilds.sort();
        if all_guilds != box_guilds {
            return Err(SetupError(
                "guilds dealt and unused are not the box's guilds".into(),
            ));
        }
        Ok(Self::build(
            config,
            &setup.wonders,
            &decks,
            &setup.guilds_unused,
        ))
    }

    /// The setup this game was dealt (current deals as dealt; guilds left in the box).
    pub fn setup(&self) -> Setup {
        let mut hands: [Vec<Vec<CardId>>; 3] = Default::default();
        for (a, h) in hands.iter_mut().enumerate() {
            *h = (0..self.n)
                .map(|j| self.deals[a].cards[j * HAND_SIZE..(j + 1) * HAND_SIZE].to_vec())
                .collect();
        }
        Setup {
            wonders: self.cities.iter().map(|c| (c.wonder, c.side)).collect(),
            hands,
            guilds_unused: self.guilds_unused.to_vec(),
        }
    }

    // ----- accessors -------------------------------------------------------------------

    pub fn catalog(&self) -> &'static Catalog {
        self.cat
    }

    pub fn edition(&self) -> Edition {
        self.cat.edition
    }

    /// The seed the game was drawn from (`None` for a game built from an explicit setup).
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    pub fn players(&self) -> usize {
        self.n
    }

    pub fn city(&self, seat: usize) -> &City {
        &self.cities[seat]
    }

    /// Current Age, 1..=3.
    pub fn age(&self) -> u8 {
        self.age
    }

    /// Turn index within the Age: 0..=5, 6 for Babylon's extra play and what follows it.
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
        let t = self.turn.min(5);
        let j = self.packet_of(self.age, seat, t);
        packet_mask(j) & !self.deals[self.age as usize - 1].removed
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
    fn hand_cards(&self, seat: usize) -> CardSet {
        let d = &self.deals[self.age as usize - 1];
        let mut bits = self.hand_uids(seat);
        let mut set = CardSet::EMPTY;
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

    fn discard_cards(&self) -> CardSet {
        let mut set = CardSet::EMPTY;
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

    // ----- turn flow ---------------------------------------------------------------------

    fn begin_turn(&mut self, movers: u8, refresh: bool) {
        self.step = Step::Turn;
        self.movers = movers;
        if refresh {
            for s in 0..self.n {
                self.spendable[s] = self.cities[s].coins;
                self.market[s] = self.cities[s].sells;
                self.prices[s] = self.cities[s].prices;
            }
        }
    }

    fn to_move(&self) -> usize {
        match self.step {
            Step::Turn => {
                let mut m = self.movers;
                while m != 0 {
                    let s = m.trailing_zeros() as usize;
                    if self.pending[s].is_none() {
                        return s;
                    }
                    m &= m - 1;
                }
                0
            }
            Step::BuildDiscarded(s) | Step::CopyGuild(s) => s as usize,
            Step::Over => 0,
        }
    }

    /// What building `card` costs `seat` now; `None` when it may not build it.
    pub(crate) fn build_terms(&self, seat: usize, card: CardId) -> Option<Terms> {
        let city = &self.cities[seat];
        if city.built.contains(card.0) {
            return None;
        }
        let c = self.cat.card(card);
        if !c.chain_from.intersection(city.built).is_empty() {
            return Some(Terms::Free(Free::Chain));
        }
        if c.cost.is_free() {
            return Some(Terms::Pay {
                bank: 0,
                quote: Quote { total: 0, left: 1 },
            });
        }
        let budget = self.spendable[seat];
        let paid = if (c.cost.coins as u32) <= budget {
            let (l, r) = (self.left_of(seat), self.right_of(seat));
            quote(
                &c.cost.resources,
                &city.own,
                &self.market[l],
                &self.market[r],
                &self.prices[seat],
            )
            .filter(|q| q.total as u32 + c.cost.coins as u32 <= budget)
        } else {
            None
        };
        // 2nd-edition Olympia's powers apply by themselves; 1st-edition Olympia A's free build
        // is an action of its own (see `free_build_allowed`).
        let power = (city.has(powers::FIRST_OF_COLOUR_FREE) && city.colors[c.color as usize] == 0)
            || (city.has(powers::FIRST_OF_AGE_FREE) && self.turn == 0)
            || (city.has(powers::LAST_OF_AGE_FREE) && self.turn == 5);
        match paid {
            // A power is used only when it saves coins (or makes the build possible).
            Some(q) if !power || (q.total == 0 && c.cost.coins == 0) => Some(Terms::Pay {
                bank: c.cost.coins,
                quote: q,
            }),
            _ if power => Some(Terms::Free(Free::WonderPower)),
            _ => None,
        }
    }

    /// True when `seat` may spend 1st-edition Olympia A's free build on `card`: the power is
    /// unused this Age, and the card has a printed cost, is not owned, and its chain does not
    /// make it free anyway (RECORDS.md: whatever the seat could afford).
    pub fn free_build_allowed(&self, seat: usize, card: CardId) -> bool {
        let city = &self.cities[seat];
        let c = self.cat.card(card);
        city.has(powers::FREE_BUILD_EACH_AGE)
            && !city.free_build_used
            && !c.cost.is_free()
            && !city.built.contains(card.0)
            && c.chain_from.intersection(city.built).is_empty()
    }

    /// The cheapest ways for `seat` to build its next wonder stage; `None` when complete or
    /// unaffordable.
    pub(crate) fn stage_quote(&self, seat: usize) -> Option<Quote> {
        let city = &self.cities[seat];
        let board = self.cat.side(city.wonder, city.side.index());
        let stage = board.stages.get(city.stages as usize)?;
        let (l, r) = (self.left_of(seat), self.right_of(seat));
        quote(
            &stage.cost.resources,
            &city.own,
            &self.market[l],
            &self.market[r],
            &self.prices[seat],
        )
        .filter(|q| q.total as u32 + stage.cost.coins as u32 <= self.spendable[seat])
    }

    fn push_splits(&self, q: Quote, out: &mut Vec<Action>, make: impl Fn(u8, u8) -> Action) {
        if self.collapse {
            let (l, r) = q.canonical();
            out.push(make(l, r));
        } else {
            for (l, r) in q.splits() {
                out.push(make(l, r));
            }
        }
    }

    /// Legal actions of the player to move (see [`wonders_bots::Game::legal_actions`]).
    pub fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.step {
            Step::Over => {}
            Step::Turn => {
                let seat = self.to_move();
                let cards = self.hand_cards(seat);
                let stage = self.stage_quote(seat);
                let city = &self.cities[seat];
                let free_build_open =
                    city.has(powers::FREE_BUILD_EACH_AGE) && !city.free_build_used;
                for id in cards.iter() {
                    let card = CardId(id);
                    match self.build_terms(seat, card) {
                        Some(Terms::Free(_)) => out.push(Action::Build {
                            card,
                            pay_left: 0,
                            pay_right: 0,
                        }),
                        Some(Terms::Pay { quote, .. }) => {
                            self.push_splits(quote, out, |pay_left, pay_right| Action::Build {
                                card,
                                pay_left,
                                pay_right,
                            })
                        }
                        None => {}
                    }
                    if free_build_open && self.free_build_allowed(seat, card) {
                        out.push(Action::BuildFree { card });
                    }
                    if let Some(q) = stage {
                        self.push_splits(q, out, |pay_left, pay_right| Action::Wonder {
                            card,
                            pay_left,
                            pay_right,
                        });
                    }
                    out.push(Action::Sell { card });
                }
            }
            Step::BuildDiscarded(seat) => {
                let built = self.cities[seat as usize].built;
                for id in self.discard_cards().difference(built).iter() {
                    out.push(Action::BuildDiscarded { card: CardId(id) });
                }
            }
            Step::CopyGuild(seat) => {
                let seat = seat as usize;
                for from in [self.left_of(seat), self.right_of(seat)] {
                    for id in self.cities[from].built.iter() {
                        if self.cat.card(CardId(id)).color == Color::Purple {
                            out.push(Action::CopyGuild {
                                guild: CardId(id),
                                from: from as u8,
                            });
                        }
                    }
                }
            }
        }
    }

    /// What `action` would be for the player to move: whether it is free (and why) and what it
    /// pays the bank; the reason when it is not legal.
    pub fn terms(&self, action: Action) -> Result<(Free, u8), &'static str> {
        self.check(action)
    }

    /// Checks `action` for the player to move and returns its free status and bank payment.
    fn check(&self, action: Action) -> Result<(Free, u8), &'static str> {
        let seat = self.to_move();
        match (self.step, action) {
            (Step::Over, _) => Err("the game is over"),
            (
                Step::Turn,
                Action::Build {
                    card,
                    pay_left,
                    pay_right,
                },
            ) => {
                if !self.hand_cards(seat).contains(card.0) {
                    return Err("card not in hand");
                }
                match self.build_terms(seat, card) {
                    None => Err("cannot build this card"),
                    Some(Terms::Free(f)) if pay_left == 0 && pay_right == 0 => Ok((f, 0)),
                    Some(Terms::Free(_)) => Err("this build is free"),
                    Some(Terms::Pay { bank, quote }) => {
                        if self.split_ok(quote, pay_left, pay_right) {
                            Ok((Free::No, bank))
                        } else {
                            Err("not a cheapest payment")
                        }
                    }
                }
            }
            (Step::Turn, Action::BuildFree { card }) => {
                if !self.hand_cards(seat).contains(card.0) {
                    Err("card not in hand")
                } else if self.free_build_allowed(seat, card) {
                    Ok((Free::WonderPower, 0))
                } else {
                    Err("no free build to spend on this card")
                }
            }
            (
                Step::Turn,
                Action::Wonder {
                    card,
                    pay_left,
                    pay_right,
                },
            ) => {
                if !self.hand_cards(seat).contains(card.0) {
                    return Err("card not in hand");
                }
                match self.stage_quote(seat) {
                    Some(q) if self.split_ok(q, pay_left, pay_right) => Ok((Free::No, 0)),
                    Some(_) => Err("not a cheapest payment"),
                    None => Err("cannot build the next stage"),
                }
            }
            (Step::Turn, Action::Sell { card }) => {
                if self.hand_cards(seat).contains(card.0) {
                    Ok((Free::No, 0))
                } else {
                    Err("card not in hand")
                }
            }
            (Step::BuildDiscarded(s), Action::BuildDiscarded { card }) => {
                if !self.discard_cards().contains(card.0) {
                    Err("card not in the discard pile")
                } else if self.cities[s as usize].built.contains(card.0) {
                    Err("already built")
                } else {
                    Ok((Free::No, 0))
                }
            }
            (Step::CopyGuild(s), Action::CopyGuild { guild, from }) => {
                let s = s as usize;
                let from = from as usize;
                if (from == self.left_of(s) || from == self.right_of(s))
                    && from < self.n
                    && self.cities[from].built.contains(guild.0)
                    && self.cat.card(guild).color == Color::Purple
                {
                    Ok((Free::No, 0))
                } else {
                    Err("no such guild next door")
                }
            }
            _ => Err("not an action of this step"),
        }
    }

    #[inline]
    fn split_ok(&self, q: Quote, l: u8, r: u8) -> bool {
        if self.collapse {
            q.canonical() == (l, r)
        } else {
            q.allows(l, r)
        }
    }

    /// Plays `action` for the player to move.
    pub fn play(&mut self, action: Action) -> Result<(), ClassicError> {
        let seat = self.to_move();
        if self.step == Step::Over {
            return Err(ClassicError::GameOver);
        }
        let (free, bank) = self.check(action).map_err(|reason| ClassicError::Illegal {
            seat,
            action,
            reason,
        })?;
        match self.step {
            Step::Turn => {
                self.pending[seat] = Some((action, free, bank));
                let all_chosen = {
                    let mut m = self.movers;
                    let mut done = true;
                    while m != 0 {
                        if self.pending[m.trailing_zeros() as usize].is_none() {
                            done = false;
                        }
                        m &= m - 1;
                    }
                    done
                };
                if all_chosen {
                    self.resolve_turn();
                }
            }
            Step::BuildDiscarded(_) => {
                self.build_from_discard(seat, action.card());
                self.advance();
            }
            Step::CopyGuild(_) => {
                if let Action::CopyGuild { guild, .. } = action {
                    self.cities[seat].copied_guild = Some(guild);
                }
                self.push_history(seat, action, Free::No, 0, 0);
                self.step = Step::Over;
            }
            Step::Over => unreachable!(),
        }
        Ok(())
    }

    fn push_history(&mut self, seat: usize, action: Action, free: Free, pay_bank: u8, stage: u8) {
        self.history.push(Played {
            seat: seat as u8,
            action,
            age: self.age,
            turn: self.turn,
            free,
            pay_bank,
            stage,
        });
    }

    /// Removes one copy of `card` from `seat`'s hand; returns its uid.
    fn take_from_hand(&mut self, seat: usize, card: CardId, public: bool) -> usize {
        let mut bits = self.hand_uids(seat);
        let a = self.age as usize - 1;
        let turn = self.turn;
        let d = &mut self.deals[a];
        while bits != 0 {
            let u = bits.trailing_zeros() as usize;
            if d.cards[u] == card {
                d.removed |= 1 << u;
                d.removed_turn[u] = turn;
                d.removed_by[u] = seat as u8;
                if public {
                    d.public |= 1 << u;
                }
                return u;
            }
            bits &= bits - 1;
        }
        unreachable!("checked card not in hand")
    }

    /// Coins a building gives when built (counted after every card of the turn is placed).
    fn coins_when_built(&self, seat: usize, card: CardId) -> u32 {
        match self.cat.card(card).effect {
            Effect::Coins(n) => n as u32,
            Effect::Commerce {
                per, whose, coins, ..
            } => coins as u32 * self.count(seat, per, whose),
            _ => 0,
        }
    }

    /// Counts `per` over the cities `whose` names, from `seat`'s point of view.
    pub(crate) fn count(&self, seat: usize, per: Per, whose: Whose) -> u32 {
        let one = |s: usize| match per {
            Per::Cards(colors) => self.cities[s].count(colors),
            Per::Stages => self.cities[s].stages as u32,
        };
        match whose {
            Whose::Own => one(seat),
            Whose::Neighbours => one(self.left_of(seat)) + one(self.right_of(seat)),
            Whose::OwnAndNeighbours => {
                one(seat) + one(self.left_of(seat)) + one(self.right_of(seat))
            }
        }
    }

    fn resolve_turn(&mut self) {
        let mut income = [0u32; MAX_SEATS];
        let mut built: ArrayVec<(usize, CardId), MAX_SEATS> = ArrayVec::new();
        let mut stage_coins: ArrayVec<(usize, &'static [Power]), MAX_SEATS> = ArrayVec::new();
        let mut movers = self.movers;
        while movers != 0 {
            let seat = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            let (action, free, bank) = self.pending[seat].take().expect("every mover chose");
            let (l, r) = (self.left_of(seat), self.right_of(seat));
            match action {
                Action::Build { card, .. } | Action::BuildFree { card } => {
                    let (pay_left, pay_right) = match action {
                        Action::Build {
                            pay_left,
                            pay_right,
                            ..
                        } => (pay_left, pay_right),
                        _ => (0, 0),
                    };
                    self.take_from_hand(seat, card, true);
                    let paid = bank as u32 + pay_left as u32 + pay_right as u32;
                    let city = &mut self.cities[seat];
                    city.add_building(self.cat.card(card));
                    city.coins -= paid;
                    if matches!(action, Action::BuildFree { .. }) {
                        city.free_build_used = true;
                    }
                    self.spendable[seat] -= paid;
                    income[l] += pay_left as u32;
                    income[r] += pay_right as u32;
                    built.push((seat, card));
                    self.push_history(seat, action, free, bank, 0);
                }
                Action::Wonder {
                    card,
                    pay_left,
                    pay_right,
                } => {
                    self.take_from_hand(seat, card, false);
                    let paid = pay_left as u32 + pay_right as u32;
                    let city = &mut self.cities[seat];
                    let powers = city.add_stage(self.cat);
                    city.coins -= paid;
                    let stage = city.stages;
                    self.spendable[seat] -= paid;
                    income[l] += pay_left as u32;
                    income[r] += pay_right as u32;
                    stage_coins.push((seat, powers));
                    if powers.contains(&Power::BuildFromDiscard) {
                        self.owed_discard_builds.push(seat as u8);
                    }
                    self.push_history(seat, action, Free::No, 0, stage);
                }
                Action::Sell { card } => {
                    let u = self.take_from_hand(seat, card, false);
                    self.discard[self.age as usize - 1] |= 1 << u;
                    income[seat] += SELL_COINS;
                    self.push_history(seat, action, Free::No, 0, 0);
                }
                Action::BuildDiscarded { .. } | Action::CopyGuild { .. } => unreachable!("checked"),
            }
        }
        for &(seat, card) in &built {
            income[seat] += self.coins_when_built(seat, card);
        }
        for &(seat, ps) in &stage_coins {
            for p in ps {
                if let Power::Coins(c) = *p {
                    income[seat] += c as u32;
                }
            }
        }
        for (city, inc) in self.cities.iter_mut().zip(income) {
            city.coins += inc;
        }
        self.after_turn();
    }

    fn after_turn(&mut self) {
        if self.turn < 6 {
            let t = self.turn;
            let v1 = self.cat.edition == Edition::V1;
            let mut babylon = None;
            if t == 5 {
                // The sixth turn's leftover is discarded, except by a city that plays it.
                let a = self.age as usize - 1;
                for seat in 0..self.n {
                    let bits = self.hand_uids(seat);
                    if bits == 0 {
                        continue;
                    }
                    if self.cities[seat].has(powers::PLAY_LAST_CARD) {
                        babylon = Some(seat as u8);
                    } else {
                        let u = bits.trailing_zeros() as usize;
                        let d = &mut self.deals[a];
                        d.removed |= 1 << u;
                        d.removed_turn[u] = 5;
                        d.removed_by[u] = seat as u8;
                        self.discard[a] |= 1 << u;
                    }
                }
            }
            self.turn += 1;
            self.next.clear();
            if let (Some(b), true) = (babylon, v1) {
                self.next.push(Next::SeventhCard(b));
            }
            for &h in &self.owed_discard_builds {
                self.next.push(Next::Discarded(h));
            }
            self.owed_discard_builds.clear();
            if let (Some(b), false) = (babylon, v1) {
                self.next.push(Next::ExtraTurn(b));
            }
            self.next
                .push(if t == 5 { Next::EndAge } else { Next::Turn });
        } else {
            // Babylon's extra play: a Halikarnassos stage it owes comes first.
            for (i, &h) in self.owed_discard_builds.iter().enumerate() {
                self.next.insert(i, Next::Discarded(h));
            }
            self.owed_discard_builds.clear();
        }
        self.advance();
    }

    /// Moves to the next step that asks for a decision.
    fn advance(&mut self) {
        loop {
            if self.next.is_empty() {
                return;
            }
            match self.next.remove(0) {
                Next::SeventhCard(b) => {
                    // Same turn: coins and neighbour production as at its start.
                    self.begin_turn(1 << b, false);
                    return;
                }
                Next::ExtraTurn(b) => {
                    self.begin_turn(1 << b, true);
                    return;
                }
                Next::Discarded(h) => {
                    if !self
                        .discard_cards()
                        .difference(self.cities[h as usize].built)
                        .is_empty()
                    {
                        self.step = Step::BuildDiscarded(h);
                        return;
                    }
                }
                Next::Turn => {
                    self.begin_turn(self.all_seats(), true);
                    return;
                }
                Next::EndAge => {
                    self.end_age();
                    return;
                }
            }
        }
    }

    fn build_from_discard(&mut self, seat: usize, card: CardId) {
        for a in 0..3 {
            let mut bits = self.discard[a];
            while bits != 0 {
                let u = bits.trailing_zeros() as usize;
                if self.deals[a].cards[u] == card {
                    self.discard[a] &= !(1 << u);
                    self.deals[a].public |= 1 << u;
                    self.cities[seat].add_building(self.cat.card(card));
                    let coins = self.coins_when_built(seat, card);
                    self.cities[seat].coins += coins;
                    self.push_history(seat, Action::BuildDiscarded { card }, Free::No, 0, 0);
                    return;
                }
                bits &= bits - 1;
            }
        }
        unreachable!("checked card in the discard pile")
    }

    /// Victory points of a military victory in `age`.
    pub fn victory_points(age: u8) -> i32 {
        [1, 3, 5][age as usize - 1]
    }

    /// Conflict points a city with `own` shields takes against a neighbour with `other`
    /// shields at the end of `age`: 1/3/5 for a victory, -1 for a defeat, 0 for a tie.
    pub fn conflict(own: u8, other: u8, age: u8) -> i32 {
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => Self::victory_points(age),
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
        }
    }

    fn end_age(&mut self) {
        let shields: ArrayVec<u8, MAX_SEATS> = self.cities.iter().map(|c| c.shields).collect();
        for seat in 0..self.n {
            for other in [self.left_of(seat), self.right_of(seat)] {
                let points = Self::conflict(shields[seat], shields[other], self.age);
                let city = &mut self.cities[seat];
                city.military += points;
                if points < 0 {
                    city.defeats += 1;
                }
            }
        }
        for c in self.cities.iter_mut() {
            c.free_build_used = false;
        }
        if self.age < 3 {
            self.age += 1;
            self.turn = 0;
            self.begin_turn(self.all_seats(), true);
            return;
        }
        self.turn = 6;
        for seat in 0..self.n {
            if self.cities[seat].has(powers::COPY_GUILD) {
                let has_guild = [self.left_of(seat), self.right_of(seat)]
                    .iter()
                    .any(|&s| self.cities[s].colors[Color::Purple as usize] > 0);
                if has_guild {
                    self.step = Step::CopyGuild(seat as u8);
                    return;
                }
            }
        }
        self.step = Step::Over;
    }

    pub fn is_over(&self) -> bool {
        self.step == Step::Over
    }

    /// The seat that decides next.
    pub fn current_seat(&self) -> usize {
        self.to_move()
    }

    // ----- hidden information -------------------------------------------------------------

    /// A copy where everything `observer` has not seen is re-sampled: identities of cards it
    /// never saw (other hands, face-down cards, future deals, the guild draw) are shuffled
    /// among themselves; cards it saw in a hand it passed on, that have since left that hand
    /// face down, swap places at random with the ones still in it; other seats' hidden choices
    /// of this turn are replaced by random legal ones.
    pub fn determinized(&self, observer: usize, rng: &mut dyn RngCore) -> ClassicGame {
        let mut g = self.clone();
        g.history.clear();
        let cur = self.age as usize - 1;
        let mut unseen_guilds: Vec<CardId> = self.guilds_unused.to_vec();
        for a in 0..3 {
            let age = a as u8 + 1;
            if a > cur {
                break;
            }
            let last_turn = if a < cur { 5 } else { self.turn.min(5) };
            let d = &self.deals[a];
            let dealt = if self.n * HAND_SIZE == 64 {
                u64::MAX
            } else {
                (1u64 << (self.n * HAND_SIZE)) - 1
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
                    .find(|&t| self.holder(age, j, t) == observer);
                let Some(t0) = seen else {
                    continue;
                };
                let mut earlier = 0u64;
                for t in 0..=t0 {
                    if self.holder(age, j, t) == observer {
                        for u in j * HAND_SIZE..(j + 1) * HAND_SIZE {
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
                for u in j * HAND_SIZE..(j + 1) * HAND_SIZE {
                    let at_last_look = d.removed >> u & 1 == 0 || d.removed_turn[u] >= t0;
                    let by_other_later =
                        d.removed >> u & 1 == 1 && d.removed_by[u] as usize != observer;
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
            let mut ids: Vec<CardId> = Vec::new();
            let mut bits = unknown;
            while bits != 0 {
                ids.push(d.cards[bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
            if a == 2 {
                let mut pool: Vec<CardId> = ids
                    .iter()
                    .copied()
                    .filter(|&c| self.cat.card(c).color == Color::Purple)
                    .collect();
                let k = pool.len();
                pool.append(&mut unseen_guilds);
                pool.shuffle(rng);
                unseen_guilds = pool.split_off(k);
                let mut it = pool.into_iter();
                for c in ids.iter_mut() {
                    if self.cat.card(*c).color == Color::Purple {
                        *c = it.next().unwrap();
                    }
                }
            }
            ids.shuffle(rng);
            let gd = &mut g.deals[a];
            let mut bits = unknown;
            let mut it = ids.into_iter();
            while bits != 0 {
                gd.cards[bits.trailing_zeros() as usize] = it.next().unwrap();
                bits &= bits - 1;
            }
            for group in groups {
                let mut ids: ArrayVec<CardId, HAND_SIZE> = ArrayVec::new();
                let mut bits = group;
                while bits != 0 {
                    ids.push(gd.cards[bits.trailing_zeros() as usize]);
                    bits &= bits - 1;
                }
                ids.shuffle(rng);
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
            let mut deck = self.cat.deck(age, self.n).to_vec();
            if age == 3 {
                let mut pool = unseen_guilds.clone();
                for u in 0..self.n * HAND_SIZE {
                    let c = self.deals[2].cards[u];
                    if self.cat.card(c).color == Color::Purple {
                        pool.push(c);
                    }
                }
                pool.shuffle(rng);
                unseen_guilds = pool.split_off(self.n + 2);
                deck.extend_from_slice(&pool);
            }
            deck.shuffle(rng);
            g.deals[a].cards[..deck.len()].copy_from_slice(&deck);
        }
        g.guilds_unused = unseen_guilds.into_iter().collect();
        // Other seats' hidden choices of this turn: re-chosen at random.
        if g.step == Step::Turn {
            let mut buf = Vec::with_capacity(32);
            for s in 0..self.n {
                if s != observer && g.pending[s].is_some() {
                    g.pending[s] = None;
                    let saved = g.movers;
                    // Ask for seat s's options as if it were to move.
                    g.movers = 1 << s;
                    g.legal(&mut buf);
                    g.movers = saved;
                    let a = buf[rng.random_range(0..buf.len())];
                    let terms = {
                        let saved = g.movers;
                        g.movers = 1 << s;
                        let r = g.check(a).expect("listed action is legal");
                        g.movers = saved;
                        r
                    };
                    g.pending[s] = Some((a, terms.0, terms.1));
                }
            }
        }
        g
    }
}

impl ClassicGame {
    /// For a log: which resources `seat` buys from each neighbour when it pays `to_left` and
    /// `to_right` for `cost` in the current turn.
    pub(crate) fn explain_purchase(
        &self,
        seat: usize,
        cost: &[u8; super::data::RESOURCES],
        to_left: u8,
        to_right: u8,
    ) -> Option<super::payment::Purchase> {
        let (l, r) = (self.left_of(seat), self.right_of(seat));
        super::payment::purchase_for(
            cost,
            &self.cities[seat].own,
            &self.market[l],
            &self.market[r],
            &self.prices[seat],
            to_left,
            to_right,
        )
    }

    /// What the player to move may still spend this turn.
    pub fn spendable(&self, seat: usize) -> u32 {
        self.spendable[seat]
    }
}

impl ClassicGame {
    /// True once Age III's conflicts are resolved (only the guild copy may remain).
    pub fn conflicts_done(&self) -> bool {
        self.age == 3 && matches!(self.step, Step::CopyGuild(_) | Step::Over)
    }
}

impl ClassicGame {
    /// Part of what `seat` sees, enough to check determinizations: every city (cards, coins,
    /// wonder stages, military tokens), the Age, turn and step, which seats have chosen, its
    /// own hand and its own chosen action, and the size of the discard pile. Determinizations
    /// for `seat` must leave it unchanged.
    pub fn seat_view(&self, seat: usize) -> String {
        let mut hand = self.hand(seat);
        hand.sort();
        let chosen: Vec<bool> = (0..self.n).map(|s| self.has_chosen(s)).collect();
        let own = match self.step {
            Step::Turn => self.pending[seat],
            _ => None,
        };
        format!(
            "age {} turn {} step {:?} movers {:#x} chosen {chosen:?} hand {hand:?} own {own:?} \
             discarded {} cities {:?}",
            self.age,
            self.turn,
            self.step,
            self.movers,
            self.discard_pile().len(),
            self.cities,
        )
    }
}
