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
    military_points, Card, CardId, CoinsPer, Color, GuildCount, Progress, Resource, Resources,
    Science, TokenId, WonderId, CARDS, CARD_COSTS_PACKED, DECK_STARTS, LAYOUTS, MILITARY_TOKENS,
    NUM_CARDS, NUM_TOKENS, NUM_WONDERS, PROGRESS_TOKENS, STARTING_COINS, WONDERS,
    WONDER_COSTS_PACKED,
};
use crate::common::CardSet;

/// Who picks at each of the 8 steps of the Wonder draft: round 1 P1, P2, P2, P1; round 2 P2,
/// P1, P1, P2.
pub const DRAFT_ORDER: [u8; 8] = [0, 1, 1, 0, 1, 0, 0, 1];

/// Per 12-bit lane (see [`Resources::packed`]), `need - have` where positive, else 0:
/// `(need | HIGH) - have` keeps a lane's high bit exactly when need >= have there (all counts
/// are far below 2048).
#[inline(always)]
fn missing_units(need: u64, have: u64) -> u64 {
    const HIGH: u64 = 0x800_800_800_800_800;
    let t = (need | HIGH) - have;
    t & (((t & HIGH) >> 11) * 0x7FF)
}

/// Trade prices in 12-bit lanes in reverse order (papyrus lowest), so that one multiplication
/// by a packed count vector gathers `Σ count × price` in the top lane (see [`lane_dot`]).
#[inline]
fn prices_reversed(price: &[u16; 5]) -> u64 {
    Resources([
        price[4] as u8,
        price[3] as u8,
        price[2] as u8,
        price[1] as u8,
        price[0] as u8,
    ])
    .packed()
}

/// `Σ count × price` over the five lanes of `packed`: lane 4 of the product
/// `packed × prices_reversed` is exactly that sum, and no lane reaches 4096 (a compile-time
/// check in `data.rs` bounds counts and prices), so nothing carries into it.
#[inline(always)]
fn lane_dot(packed: u64, reversed_prices: u64) -> u16 {
    (packed.wrapping_mul(reversed_prices) >> 48 & 0xFFF) as u16
}

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

/// The resources in the order a player covers missing units: dearest trade price first, ties
/// by resource order (as bit offsets of their packed lanes). Worked out whenever the prices
/// change, so that covering units is a fixed sequence of steps with no branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DearestFirst {
    /// Wood, clay and stone (what a raw-material choice production can be).
    raw: [u8; 3],
    /// Glass and papyrus.
    goods: [u8; 2],
    /// All five (what Masonry and Architecture waive).
    all: [u8; 5],
}

impl DearestFirst {
    fn new(price: &[u16; 5]) -> DearestFirst {
        // Sort keys: the price above the resource's rank reversed, so that sorting them in
        // decreasing order puts the dearest first and breaks ties in resource order. Sorting
        // networks (a fixed sequence of compare-exchanges) need no branch.
        let key = |r: usize| price[r] << 8 | (0xFF - r as u16);
        let mut all: [u16; 5] = std::array::from_fn(key);
        let mut raw: [u16; 3] = std::array::from_fn(key);
        let mut goods = [key(3), key(4)];
        sort_decreasing(
            &mut all,
            &[
                (0, 3),
                (1, 4),
                (0, 2),
                (1, 3),
                (0, 1),
                (2, 4),
                (1, 2),
                (3, 4),
                (2, 3),
            ],
        );
        sort_decreasing(&mut raw, &[(0, 2), (0, 1), (1, 2)]);
        sort_decreasing(&mut goods, &[(0, 1)]);
        // Stored as the lanes' bit offsets in a packed vector (see `Resources::packed`).
        let lane = |k: u16| 12 * (0xFF - (k & 0xFF)) as u8;
        DearestFirst {
            raw: raw.map(lane),
            goods: goods.map(lane),
            all: all.map(lane),
        }
    }
}

/// Sorts `keys` in decreasing order with the sorting network `network`.
#[inline(always)]
fn sort_decreasing<const N: usize>(keys: &mut [u16; N], network: &[(usize, usize)]) {
    for &(i, j) in network {
        let (a, b) = (keys[i], keys[j]);
        keys[i] = a.max(b);
        keys[j] = a.min(b);
    }
}

/// Removes up to `units` units from the lanes of `missing`, taking the lanes at the bit
/// offsets in `order` (dearest first). Missing counts are those of one cost (below 256).
#[inline(always)]
fn cover_dearest(missing: u64, order: &[u8], mut units: u8) -> u64 {
    let mut missing = missing;
    for &r in order {
        let shift = r as u32 & 63;
        let used = units.min((missing >> shift & 0xFFF) as u8);
        missing -= (used as u64) << shift;
        units -= used;
    }
    missing
}

/// The outcome of every random draw of a game: what a record's `setup` holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The 8 Wonders in the order revealed (first 4 = draft round 1).
    pub wonders_offered: [WonderId; 8],
    /// The 5 Progress tokens on the board.
    pub progress_on_board: [TokenId; 5],
    /// The other 5, in the order the Great Library draws them.
    pub progress_in_box: [TokenId; 5],
    /// The 20 cards of each Age, by layout slot.
    pub ages: [[CardId; 20]; 3],
    /// The 3 cards per Age returned to the box unseen.
    pub removed: [[CardId; 3]; 3],
    /// The 4 Guilds left in the box.
    pub guilds_unused: [CardId; 4],
}

impl Setup {
    /// Draws a setup: wonders, tokens, the three Age decks (3 cards removed from each) and the
    /// 3 Guilds shuffled into Age III.
    pub fn random<R: RngCore + ?Sized>(rng: &mut R) -> Setup {
        let mut wonders: [WonderId; NUM_WONDERS] = std::array::from_fn(|i| i as WonderId);
        wonders.shuffle(rng);
        let mut tokens: [TokenId; NUM_TOKENS] = std::array::from_fn(|i| i as TokenId);
        tokens.shuffle(rng);

        let mut ages = [[0; 20]; 3];
        let mut removed = [[0; 3]; 3];
        for age in 0..2 {
            let mut deck: [CardId; 23] = std::array::from_fn(|i| DECK_STARTS[age] + i as u8);
            deck.shuffle(rng);
            ages[age].copy_from_slice(&deck[..20]);
            removed[age].copy_from_slice(&deck[20..]);
        }
        let mut age3: [CardId; 20] = std::array::from_fn(|i| DECK_STARTS[2] + i as u8);
        age3.shuffle(rng);
        let mut guilds: [CardId; 7] = std::array::from_fn(|i| DECK_STARTS[3] + i as u8);
        guilds.shuffle(rng);
        removed[2].copy_from_slice(&age3[17..]);
        ages[2][..17].copy_from_slice(&age3[..17]);
        ages[2][17..].copy_from_slice(&guilds[..3]);
        ages[2].shuffle(rng);

        Setup {
            wonders_offered: wonders[..8].try_into().unwrap(),
            progress_on_board: tokens[..5].try_into().unwrap(),
            progress_in_box: tokens[5..].try_into().unwrap(),
            ages,
            removed,
            guilds_unused: guilds[3..].try_into().unwrap(),
        }
    }

    /// Checks that the setup is a possible deal: every component exactly once, each Age deck
    /// holding its own cards, 3 Guilds in Age III. Names the first problem.
    pub fn validate(&self) -> Result<(), String> {
        let mut wonders = 0u16;
        for &w in &self.wonders_offered {
            if w as usize >= NUM_WONDERS || wonders >> w & 1 == 1 {
                return Err(format!("wonder {w} is unknown or offered twice"));
            }
            wonders |= 1 << w;
        }
        let mut tokens = 0u16;
        for &t in self.progress_on_board.iter().chain(&self.progress_in_box) {
            if t as usize >= NUM_TOKENS || tokens >> t & 1 == 1 {
                return Err(format!("progress token {t} is unknown or appears twice"));
            }
            tokens |= 1 << t;
        }
        for age in 0..3 {
            let mut seen = CardSet::EMPTY;
            let mut guilds = 0;
            for &c in self.ages[age].iter().chain(&self.removed[age]) {
                let ok_deck = (c as usize) < CARDS.len()
                    && (CARDS[c as usize].age as usize == age + 1
                        || (age == 2 && CARDS[c as usize].guild.is_some()));
                if !ok_deck || seen.contains(c) {
                    return Err(format!(
                        "card {} is not an Age {} card or appears twice",
                        CARDS.get(c as usize).map_or("?", |k| k.id),
                        age + 1
                    ));
                }
                if CARDS[c as usize].guild.is_some() {
                    guilds += 1;
                    if self.removed[age].contains(&c) {
                        return Err(format!(
                            "guild {} is among the removed cards",
                            CARDS[c as usize].id
                        ));
                    }
                }
                seen.insert(c);
            }
            if age == 2 {
                for &g in &self.guilds_unused {
                    if CARDS.get(g as usize).and_then(|k| k.guild).is_none() || seen.contains(g) {
                        return Err(format!("unused guild {g} is not a guild or appears twice"));
                    }
                    seen.insert(g);
                }
                if guilds != 3 {
                    return Err(format!("Age III holds {guilds} guilds instead of 3"));
                }
            }
        }
        Ok(())
    }
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

/// Game options: rule variants and the Wonder selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DuelConfig {
    /// The publisher's errata (2016) on who starts the next Age when the Conflict pawn is on
    /// the centre square: the last active player *chooses* who starts, instead of starting
    /// (the rulebook's text). Recorded as the variant `errata-next-age`.
    pub errata_next_age: bool,
    pub wonders: WonderSelection,
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
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Victory {
    /// Most victory points after Age III.
    Civilian,
    /// The Conflict pawn reached a capital.
    Military,
    /// Six different scientific symbols.
    Science,
}

impl Victory {
    pub const fn id(self) -> &'static str {
        match self {
            Victory::Civilian => "civilian",
            Victory::Military => "military",
            Victory::Science => "science",
        }
    }
}

/// A decision an effect is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Take a Progress token from the board (science pair).
    Progress,
    /// Destroy an opponent card of this colour.
    Destroy(Color),
    /// Build a card from the discard pile (Mausoleum).
    Mausoleum,
    /// Keep one of the first 3 boxed tokens (Great Library).
    GreatLibrary,
    /// Choose who starts the next Age.
    Starter,
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
    /// Progress tokens owned (bit per token id).
    pub progress: u16,
    /// The Wonders taken in the draft, in pick order.
    pub wonders: [WonderId; 4],
    pub num_wonders: u8,
    /// Bit `i` set when `wonders[i]` is built.
    pub built: u8,
    /// Card turns played (build, discard or Wonder), for statistics.
    pub turns: u16,
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

/// The score pad of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    pub civilian: i32,
    pub science: i32,
    pub commercial: i32,
    pub guilds: i32,
    pub wonders: i32,
    pub progress: i32,
    pub treasury: i32,
    pub military: i32,
}

impl Score {
    /// The score-pad lines in the record's order (after `total`).
    pub const CATEGORIES: [&'static str; 8] = [
        "civilian",
        "science",
        "commercial",
        "guilds",
        "wonders",
        "progress",
        "treasury",
        "military",
    ];

    pub fn categories(&self) -> [i32; 8] {
        [
            self.civilian,
            self.science,
            self.commercial,
            self.guilds,
            self.wonders,
            self.progress,
            self.treasury,
            self.military,
        ]
    }

    pub fn total(&self) -> i32 {
        self.categories().iter().sum()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Draft,
    Play,
    Over,
}

/// A 7 Wonders Duel game.
#[derive(Clone, Debug)]
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
    wonder_costs: [[u16; 4]; 2],
    /// The slot of each card in the current Age's layout (`u8::MAX` if not in it).
    slot_of: [u8; NUM_CARDS],
    players: [Player; 2],
    /// Conflict pawn, -9..=9, positive towards seat 1's capital.
    pawn: i8,
    /// Bit `i` set while military token `MILITARY_TOKENS[i]` is on the board.
    military_tokens: u8,
    /// Progress tokens on the board.
    board_tokens: u16,
    /// Progress tokens in the box, in draw order.
    box_tokens: [TokenId; 5],
    box_len: u8,
    discard: CardSet,
    current: u8,
    pending: Option<Pending>,
    /// The player who is taking a turn earned "play again".
    extra_turn: bool,
    /// Wonders built in the game (at 7 the last one goes back to the box).
    wonders_built: u8,
    /// Draft picks made, 0..=8.
    picks: u8,
    /// Ended by supremacy: the victory and its winner.
    supremacy: Option<(Victory, u8)>,
}

impl Duel {
    /// A new game from a seed and options: draws the setup, then arranges the Wonders as the
    /// options ask.
    pub fn new<R: RngCore + ?Sized>(options: DuelConfig, rng: &mut R) -> Duel {
        let mut setup = Setup::random(rng);
        match options.wonders {
            WonderSelection::Draft | WonderSelection::Random => {}
            WonderSelection::Fixed(seats) => {
                // Offer them so that pick k takes wonders_offered[k] for its seat.
                let mut next = [0usize; 2];
                for (k, &seat) in DRAFT_ORDER.iter().enumerate() {
                    let seat = seat as usize;
                    setup.wonders_offered[k] = seats[seat][next[seat]];
                    next[seat] += 1;
                }
            }
        }
        Duel::from_setup(setup, options)
    }

    /// A game from a given setup (a record's `setup`): no random number is drawn.
    pub fn from_setup(setup: Setup, options: DuelConfig) -> Duel {
        let player = Player {
            coins: STARTING_COINS,
            ..Player::default()
        };
        let mut board_tokens = 0u16;
        for &t in &setup.progress_on_board {
            board_tokens |= 1 << t;
        }
        let mut game = Duel {
            setup,
            options,
            phase: Phase::Draft,
            age: 0,
            taken: 0,
            revealed: LAYOUTS[0].face_up,
            accessible: compute_accessible(0, 0),
            prices: [[2; 5]; 2],
            dearest: [DearestFirst::new(&[2; 5]); 2],
            prices_reversed: [prices_reversed(&[2; 5]); 2],
            production: [0; 2],
            wonder_costs: [[0; 4]; 2],
            slot_of: [u8::MAX; NUM_CARDS],
            players: [player; 2],
            pawn: 0,
            military_tokens: 0b1111,
            board_tokens,
            box_tokens: setup.progress_in_box,
            box_len: 5,
            discard: CardSet::EMPTY,
            current: DRAFT_ORDER[0],
            pending: None,
            extra_turn: false,
            wonders_built: 0,
            picks: 0,
            supremacy: None,
        };
        game.index_layout();
        game
    }

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
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }
    pub fn pawn(&self) -> i8 {
        self.pawn
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
        if let Some((v, w)) = self.supremacy {
            return Some((v, vec![w as usize]));
        }
        let s = [self.score(0), self.score(1)];
        let (t0, t1) = (s[0].total(), s[1].total());
        let winners = if t0 != t1 {
            vec![if t0 > t1 { 0 } else { 1 }]
        } else if s[0].civilian != s[1].civilian {
            vec![if s[0].civilian > s[1].civilian { 0 } else { 1 }]
        } else {
            vec![0, 1]
        };
        Some((Victory::Civilian, winners))
    }

    // ----- costs ---------------------------------------------------------------------------

    /// Price of one unit of each resource bought by `seat`: 2 + the opponent's brown and grey
    /// production of it, or 1 with the matching Reserve / Customs House.
    #[inline]
    pub fn trade_prices(&self, seat: usize) -> [u16; 5] {
        self.prices[seat]
    }

    /// Recomputes both trade price tables and the cost of every unbuilt Wonder; called
    /// whenever something they depend on changes (production, a trade discount, a choice
    /// production, Architecture, the draft's end), never on the per-move path.
    fn refresh_costs(&mut self) {
        self.refresh_prices();
        for seat in 0..2 {
            let waive = self.players[seat].wonder_waive();
            // All four, built or not: a fixed loop is cheaper than skipping.
            for i in 0..self.players[seat].num_wonders as usize {
                let w = self.players[seat].wonders[i];
                self.wonder_costs[seat][i] = self
                    .purchase_packed(seat, WONDER_COSTS_PACKED[w as usize], waive)
                    .1;
            }
        }
    }

    fn refresh_prices(&mut self) {
        for seat in 0..2 {
            let me = &self.players[seat];
            let opp = &self.players[1 - seat];
            let prices = std::array::from_fn(|r| {
                if me.trade_at_one >> r & 1 == 1 {
                    1
                } else {
                    2 + opp.production.0[r] as u16
                }
            });
            // A seat's own production, choices and tokens leave its prices as they were.
            if prices != self.prices[seat] {
                self.prices[seat] = prices;
                self.dearest[seat] = DearestFirst::new(&prices);
                self.prices_reversed[seat] = prices_reversed(&prices);
            }
            self.production[seat] = self.players[seat].production.packed();
        }
    }

    /// Coins `seat` must spend on trade to have `need`, using its own production optimally:
    /// choice productions cover the most expensive missing units of their group, then `waive`
    /// units (Architecture, Masonry) drop the most expensive units left.
    #[inline]
    pub fn trade_cost(&self, seat: usize, need: Resources, waive: u8) -> u16 {
        self.purchase(seat, need, waive).1
    }

    /// The units of each resource `seat` buys to have `need`, and what they cost (see
    /// [`Duel::trade_cost`]).
    #[inline(always)]
    pub fn purchase(&self, seat: usize, need: Resources, waive: u8) -> (Resources, u16) {
        let (missing, cost) = self.purchase_packed(seat, need.packed(), waive);
        (Resources::unpack(missing), cost)
    }

    /// [`Duel::purchase`] on a packed need, giving the packed units bought.
    #[inline(always)]
    fn purchase_packed(&self, seat: usize, need: u64, waive: u8) -> (u64, u16) {
        let me = &self.players[seat];
        let order = &self.dearest[seat];
        debug_assert_eq!(
            self.production[seat],
            me.production.packed(),
            "stale production"
        );
        let mut missing = missing_units(need, self.production[seat]);
        // The two choice groups are disjoint and waived units fit anything, so covering each
        // group's dearest missing units first, then waiving the dearest units left, is
        // optimal. The tests depend on the seat, not the card: they predict well.
        if me.choice_raw > 0 {
            missing = cover_dearest(missing, &order.raw, me.choice_raw);
        }
        if me.choice_goods > 0 {
            missing = cover_dearest(missing, &order.goods, me.choice_goods);
        }
        if waive > 0 {
            missing = cover_dearest(missing, &order.all, waive);
        }
        (missing, lane_dot(missing, self.prices_reversed[seat]))
    }

    /// `(total coins, of which trade)` for `seat` to build `card`; a chain makes it free.
    #[inline(always)]
    pub fn card_cost(&self, seat: usize, card: CardId) -> (u16, u16) {
        let c = &CARDS[card as usize];
        let me = &self.players[seat];
        // Written without branches on the card: a random game's choices defeat prediction.
        let chained = me.chains & c.chain_from_mask() != 0;
        let trade = self
            .purchase_packed(seat, CARD_COSTS_PACKED[card as usize], me.card_waive(c))
            .1;
        let total = c.cost_coins as u16 + trade;
        if chained {
            (0, 0)
        } else {
            (total, trade)
        }
    }

    /// Whether `seat` would build `card` for free through a chain.
    #[inline]
    pub fn is_chain_build(&self, seat: usize, card: CardId) -> bool {
        CARDS[card as usize]
            .chain_from
            .is_some_and(|chain| self.players[seat].chains >> chain as u32 & 1 == 1)
    }

    /// Coins (all of them trade) for `seat` to build `wonder`.
    #[inline]
    pub fn wonder_cost(&self, seat: usize, wonder: WonderId) -> u16 {
        let p = &self.players[seat];
        match p.wonders[..p.num_wonders as usize]
            .iter()
            .position(|&w| w == wonder)
        {
            Some(i) => self.wonder_costs[seat][i],
            None => self.trade_cost(seat, WONDERS[wonder as usize].cost, p.wonder_waive()),
        }
    }

    /// Coins `seat` gets for discarding: 2 + 1 per yellow card in its city.
    #[inline]
    pub fn discard_value(&self, seat: usize) -> u16 {
        2 + self.players[seat].colors[Color::Yellow as usize] as u16
    }

    // ----- legal actions -------------------------------------------------------------------

    /// Every legal action of the player to move, each with the coins it costs, in a
    /// deterministic order. Empty when the game is over.
    pub fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Draft => {
                let round = (self.picks / 4) as usize * 4;
                let forced = self.options.wonders != WonderSelection::Draft;
                let picked = self.picked_wonders();
                for k in round..round + 4 {
                    let w = self.setup.wonders_offered[k];
                    if forced {
                        if k == self.picks as usize {
                            out.push(Action::PickWonder(w));
                        }
                    } else if picked >> w & 1 == 0 {
                        out.push(Action::PickWonder(w));
                    }
                }
            }
            Phase::Play => match self.pending {
                Some(p) => self.pending_actions(p, out),
                None => self.card_actions(out),
            },
        }
    }

    fn is_picked(&self, w: WonderId) -> bool {
        self.picked_wonders() >> w & 1 == 1
    }

    /// The Wonders drafted so far, a bit per id.
    fn picked_wonders(&self) -> u16 {
        let mut picked = 0u16;
        for p in &self.players {
            // Unused entries are 0, a real id: count only the picked ones.
            for (i, &w) in p.wonders.iter().enumerate() {
                picked |= ((i < p.num_wonders as usize) as u16) << w;
            }
        }
        picked
    }

    fn card_actions(&self, out: &mut Vec<Action>) {
        let seat = self.current as usize;
        let me = &self.players[seat];
        // Wonder costs do not depend on the tucked card: work them out once.
        let mut wonders = [(0u8, 0u16); 4];
        let mut n_wonders = 0;
        let open = (self.wonders_built < 7) as u8;
        for i in 0..me.num_wonders as usize {
            let w = me.wonders[i];
            let cost = self.wonder_costs[seat][i];
            wonders[n_wonders] = (w, cost);
            let unbuilt = (me.built >> i & 1) ^ 1;
            n_wonders += (unbuilt & open & (cost <= me.coins) as u8) as usize;
        }
        let mut acc = self.accessible_slots();
        let ages = &self.setup.ages[self.age as usize];
        while acc != 0 {
            let slot = acc.trailing_zeros() as usize;
            acc &= acc - 1;
            let card = ages[slot];
            let (cost, _) = self.card_cost(seat, card);
            // Keep the Build only if affordable, without a branch (see `card_cost`).
            let len = out.len();
            out.push(Action::Build { card, paid: cost });
            out.truncate(len + (cost <= me.coins) as usize);
            out.push(Action::Discard { card });
            for &(wonder, paid) in &wonders[..n_wonders] {
                out.push(Action::Wonder { card, wonder, paid });
            }
        }
    }

    fn pending_actions(&self, pending: Pending, out: &mut Vec<Action>) {
        let seat = self.current as usize;
        match pending {
            Pending::Progress => {
                out.extend(self.board_tokens().map(Action::Progress));
            }
            Pending::Destroy(color) => {
                let opp = &self.players[1 - seat];
                out.extend(
                    opp.city
                        .iter()
                        .filter(|&c| CARDS[c as usize].color == color)
                        .map(Action::Destroy),
                );
            }
            Pending::Mausoleum => out.extend(self.discard.iter().map(Action::BuildDiscarded)),
            Pending::GreatLibrary => {
                let n = (self.box_len as usize).min(3);
                out.extend(
                    self.box_tokens[..n]
                        .iter()
                        .map(|&t| Action::GreatLibrary(t)),
                );
            }
            Pending::Starter => out.extend([Action::ChooseStarter(0), Action::ChooseStarter(1)]),
        }
    }

    // ----- applying actions ----------------------------------------------------------------

    fn illegal(action: Action, reason: impl Into<String>) -> DuelError {
        DuelError::Illegal {
            action,
            reason: reason.into(),
        }
    }

    /// Plays `action` for the player to move, or refuses it (leaving the state unchanged) when
    /// it is not legal here.
    pub fn play(&mut self, action: Action) -> Result<(), DuelError> {
        match self.phase {
            Phase::Over => Err(DuelError::GameOver),
            Phase::Draft => match action {
                Action::PickWonder(w) => self.pick_wonder(action, w),
                _ => Err(Self::illegal(action, "the Wonder draft is under way")),
            },
            Phase::Play => match self.pending {
                Some(p) => self.resolve_pending(p, action),
                None => self.play_card(action),
            },
        }
    }

    fn pick_wonder(&mut self, action: Action, w: WonderId) -> Result<(), DuelError> {
        let k = self.picks as usize;
        let round = k / 4 * 4;
        let offered = &self.setup.wonders_offered[round..round + 4];
        let forced = self.options.wonders != WonderSelection::Draft;
        let ok = if forced {
            self.setup.wonders_offered[k] == w
        } else {
            offered.contains(&w) && !self.is_picked(w)
        };
        if !ok {
            return Err(Self::illegal(
                action,
                "that Wonder is not available in this draft round",
            ));
        }
        let p = &mut self.players[self.current as usize];
        p.wonders[p.num_wonders as usize] = w;
        p.num_wonders += 1;
        self.picks += 1;
        if self.picks == 8 {
            self.phase = Phase::Play;
            self.current = 0;
            self.refresh_costs();
        } else {
            self.current = DRAFT_ORDER[self.picks as usize];
        }
        Ok(())
    }

    fn play_card(&mut self, action: Action) -> Result<(), DuelError> {
        match action {
            Action::Build { card, paid } => self.play_build(action, card, paid),
            Action::Discard { card } => self.play_discard(action, card),
            Action::Wonder { card, wonder, paid } => self.play_wonder(action, card, wonder, paid),
            _ => Err(Self::illegal(action, "a card of the layout must be played")),
        }
    }

    fn play_build(&mut self, action: Action, card: CardId, paid: u16) -> Result<(), DuelError> {
        let seat = self.current as usize;
        let slot = self.slot_to_play(action, card)?;
        let (cost, trade) = self.card_cost(seat, card);
        if cost != paid {
            return Err(Self::illegal(
                action,
                format!("the card costs {cost} coins"),
            ));
        }
        if cost > self.players[seat].coins {
            return Err(Self::illegal(action, "not enough coins"));
        }
        let chain = self.is_chain_build(seat, card);
        self.take_slot(seat, slot);
        self.pay(seat, paid, trade);
        self.build_card(seat, card);
        if chain && self.players[seat].has(Progress::Urbanism) {
            self.players[seat].coins += 4;
        }
        self.after_effect();
        Ok(())
    }

    fn play_discard(&mut self, action: Action, card: CardId) -> Result<(), DuelError> {
        let seat = self.current as usize;
        let slot = self.slot_to_play(action, card)?;
        self.take_slot(seat, slot);
        self.players[seat].coins += self.discard_value(seat);
        self.discard.insert(card);
        self.after_effect();
        Ok(())
    }

    fn play_wonder(
        &mut self,
        action: Action,
        card: CardId,
        wonder: WonderId,
        paid: u16,
    ) -> Result<(), DuelError> {
        let seat = self.current as usize;
        let slot = self.slot_to_play(action, card)?;
        let me = &self.players[seat];
        let Some(idx) = me.wonders[..me.num_wonders as usize]
            .iter()
            .position(|&w| w == wonder)
        else {
            return Err(Self::illegal(action, "that Wonder is not yours"));
        };
        if me.built >> idx & 1 == 1 {
            return Err(Self::illegal(action, "that Wonder is already built"));
        }
        if self.wonders_built >= 7 {
            return Err(Self::illegal(action, "seven Wonders are already built"));
        }
        let cost = self.wonder_costs[seat][idx];
        if cost != paid {
            return Err(Self::illegal(
                action,
                format!("the Wonder costs {cost} coins"),
            ));
        }
        if cost > me.coins {
            return Err(Self::illegal(action, "not enough coins"));
        }
        self.take_slot(seat, slot);
        self.pay(seat, paid, paid);
        self.build_wonder(seat, wonder, card);
        self.after_effect();
        Ok(())
    }

    /// The layout slot of `card` if it is accessible, else the error for `action`.
    #[inline]
    fn slot_to_play(&self, action: Action, card: CardId) -> Result<usize, DuelError> {
        let slot = self.slot_of.get(card as usize).copied().unwrap_or(u8::MAX) as usize;
        if slot < 20 && self.accessible >> slot & 1 == 1 {
            Ok(slot)
        } else {
            Err(Self::illegal(
                action,
                "that card is not accessible in the layout",
            ))
        }
    }

    /// Takes the card in `slot` off the layout for `seat`'s turn; cards it uncovers are turned
    /// face up (before any extra turn).
    fn take_slot(&mut self, seat: usize, slot: usize) {
        self.taken |= 1 << slot;
        self.accessible &= !(1 << slot);
        // Only the slots this card covered can have become accessible. Branch-free: which
        // ones do is what a random game cannot predict.
        let layout = &LAYOUTS[self.age as usize];
        for t in layout.covers[slot] {
            let t = t as usize;
            let free = (layout.covered_by[t] & !self.taken == 0) as u32;
            self.accessible |= (free << t) & !self.taken;
        }
        self.revealed |= self.accessible;
        self.players[seat].turns += 1;
    }

    /// Records where each card of the current Age lies (`slot_of`).
    fn index_layout(&mut self) {
        self.slot_of = [u8::MAX; NUM_CARDS];
        for (slot, &card) in self.setup.ages[self.age as usize].iter().enumerate() {
            self.slot_of[card as usize] = slot as u8;
        }
    }

    /// Pays `total` coins to the bank, of which `trade` bought resources (Economy returns
    /// those to the opponent).
    fn pay(&mut self, seat: usize, total: u16, trade: u16) {
        self.players[seat].coins -= total;
        if trade > 0 && self.players[1 - seat].has(Progress::Economy) {
            self.players[1 - seat].coins += trade;
        }
    }

    fn lose_coins(&mut self, seat: usize, coins: u16) {
        let p = &mut self.players[seat];
        p.coins = p.coins.saturating_sub(coins);
    }

    /// Puts `card` in `seat`'s city and applies its immediate effects.
    fn build_card(&mut self, seat: usize, card: CardId) {
        let c = &CARDS[card as usize];
        let mut refresh = false;
        {
            let p = &mut self.players[seat];
            p.city.insert(card);
            p.colors[c.color as usize] += 1;
            for r in 0..5 {
                p.production.0[r] += c.produces.0[r];
            }
            p.add_choice(c.produces_one_of);
            p.trade_at_one |= c.trade_at_one.mask();
            if !c.produces.is_empty() || !c.trade_at_one.is_empty() || !c.produces_one_of.is_empty()
            {
                refresh = true;
            }
            if let Some(chain) = c.chain_to {
                p.chains |= 1 << chain as u32;
            }
            let mut coins = c.coins as u16;
            match c.coins_per {
                Some(CoinsPer::Card(n, color)) => {
                    coins += n as u16 * p.colors[color as usize] as u16
                }
                Some(CoinsPer::Wonder(n)) => coins += n as u16 * p.wonders_built() as u16,
                None => {}
            }
            p.coins += coins;
        }
        if refresh {
            self.refresh_costs();
        }
        if let Some(g) = c.guild {
            if g.coins_per > 0 {
                let n = self
                    .guild_count_of(seat, g.counts)
                    .max(self.guild_count_of(1 - seat, g.counts));
                self.players[seat].coins += g.coins_per as u16 * n;
            }
        }
        if c.shields > 0 {
            let extra = (c.color == Color::Red && self.players[seat].has(Progress::Strategy)) as u8;
            self.move_pawn(seat, c.shields + extra);
        }
        if let Some(symbol) = c.science {
            self.add_science(seat, symbol);
        }
    }

    /// What a guild counts in `seat`'s city.
    fn guild_count_of(&self, seat: usize, counts: GuildCount) -> u16 {
        let p = &self.players[seat];
        match counts {
            GuildCount::Cards(colors) => colors.iter().map(|&c| p.colors[c as usize] as u16).sum(),
            GuildCount::Wonders => p.wonders_built() as u16,
            GuildCount::CoinSetsOf3 => p.coins / 3,
        }
    }

    fn build_wonder(&mut self, seat: usize, wonder: WonderId, card: CardId) {
        let w = &WONDERS[wonder as usize];
        {
            let p = &mut self.players[seat];
            let idx = p
                .wonders
                .iter()
                .position(|&x| x == wonder)
                .expect("checked by the caller");
            p.built |= 1 << idx;
            p.tucked.insert(card);
            p.coins += w.coins as u16;
            p.add_choice(w.produces_one_of);
        }
        if !w.produces_one_of.is_empty() {
            self.refresh_costs();
        }
        self.wonders_built += 1;
        self.extra_turn |= w.extra_turn || self.players[seat].has(Progress::Theology);
        if w.opponent_loses > 0 {
            self.lose_coins(1 - seat, w.opponent_loses as u16);
        }
        if w.shields > 0 {
            self.move_pawn(seat, w.shields);
        }
        if self.phase == Phase::Over {
            return;
        }
        if let Some(color) = w.destroys {
            let opp = &self.players[1 - seat];
            if opp.colors[color as usize] > 0 {
                self.pending = Some(Pending::Destroy(color));
            }
        }
        if w.builds_from_discard && !self.discard.is_empty() {
            self.pending = Some(Pending::Mausoleum);
        }
        if w.takes_boxed_token && self.box_len > 0 {
            self.pending = Some(Pending::GreatLibrary);
        }
    }

    /// Moves the Conflict pawn `shields` squares towards the opponent of `seat`, one square at
    /// a time, looting military tokens on the way; reaching the capital wins at once.
    fn move_pawn(&mut self, seat: usize, shields: u8) {
        let step: i8 = if seat == 0 { 1 } else { -1 };
        for _ in 0..shields {
            self.pawn += step;
            if self.pawn.abs() >= 9 {
                self.end_by_supremacy(Victory::Military, seat);
                return;
            }
            for (i, &(lo, hi, coins)) in MILITARY_TOKENS.iter().enumerate() {
                if self.military_tokens >> i & 1 == 1 && (lo..=hi).contains(&self.pawn) {
                    self.military_tokens &= !(1 << i);
                    let victim = if lo > 0 { 1 } else { 0 };
                    self.lose_coins(victim, coins as u16);
                }
            }
        }
    }

    fn add_science(&mut self, seat: usize, symbol: Science) {
        let bit = 1u8 << symbol as u8;
        let p = &mut self.players[seat];
        if p.science & bit != 0 {
            // A pair: take a token from the board, if any is left.
            if self.board_tokens != 0 {
                self.pending = Some(Pending::Progress);
            }
        } else {
            p.science |= bit;
            if p.science.count_ones() >= 6 {
                self.end_by_supremacy(Victory::Science, seat);
            }
        }
    }

    fn end_by_supremacy(&mut self, victory: Victory, seat: usize) {
        self.supremacy = Some((victory, seat as u8));
        self.phase = Phase::Over;
        self.pending = None;
    }

    fn gain_token(&mut self, seat: usize, token: TokenId) {
        let t = &PROGRESS_TOKENS[token as usize];
        let p = &mut self.players[seat];
        p.progress |= 1 << token;
        p.coins += t.coins as u16;
        match t.kind {
            Progress::Law => self.add_science(seat, Science::Law),
            Progress::Architecture => self.refresh_costs(),
            _ => {}
        }
    }

    fn resolve_pending(&mut self, pending: Pending, action: Action) -> Result<(), DuelError> {
        let seat = self.current as usize;
        match (pending, action) {
            (Pending::Progress, Action::Progress(t)) if self.board_tokens >> t & 1 == 1 => {
                self.pending = None;
                self.board_tokens &= !(1 << t);
                self.gain_token(seat, t);
            }
            (Pending::Destroy(color), Action::Destroy(c))
                if self.players[1 - seat].city.contains(c) && CARDS[c as usize].color == color =>
            {
                self.pending = None;
                let card = &CARDS[c as usize];
                let opp = &mut self.players[1 - seat];
                opp.city.remove(c);
                opp.colors[color as usize] -= 1;
                for r in 0..5 {
                    opp.production.0[r] -= card.produces.0[r];
                }
                self.refresh_costs();
                self.discard.insert(c);
            }
            (Pending::Mausoleum, Action::BuildDiscarded(c)) if self.discard.contains(c) => {
                self.pending = None;
                self.discard.remove(c);
                self.build_card(seat, c);
            }
            (Pending::GreatLibrary, Action::GreatLibrary(t))
                if self.box_tokens[..(self.box_len as usize).min(3)].contains(&t) =>
            {
                self.pending = None;
                // Keep it; the two others go back to the box.
                let n = self.box_len as usize;
                let i = self.box_tokens[..n].iter().position(|&x| x == t).unwrap();
                self.box_tokens.copy_within(i + 1..n, i);
                self.box_len -= 1;
                self.gain_token(seat, t);
            }
            (Pending::Starter, Action::ChooseStarter(s)) if s < 2 => {
                self.pending = None;
                self.current = s;
                return Ok(());
            }
            _ => {
                return Err(Self::illegal(
                    action,
                    format!("the game waits for {pending:?}"),
                ))
            }
        }
        self.after_effect();
        Ok(())
    }

    /// After an action: unless a decision is pending or the game ended, the turn is over.
    fn after_effect(&mut self) {
        if self.phase == Phase::Over || self.pending.is_some() {
            return;
        }
        let seat = self.current;
        let extra = std::mem::take(&mut self.extra_turn);
        if self.taken == 0xF_FFFF {
            // End of the Age: an extra turn earned with its last card is lost.
            if self.age == 2 {
                self.phase = Phase::Over;
            } else {
                self.start_age(seat);
            }
        } else if !extra {
            self.current = 1 - seat;
        }
    }

    fn start_age(&mut self, last_active: u8) {
        self.age += 1;
        self.taken = 0;
        self.revealed = LAYOUTS[self.age as usize].face_up;
        self.accessible = compute_accessible(self.age, 0);
        self.index_layout();
        // The player with the weaker military chooses who starts; with the pawn on the
        // centre, the last active player starts (rulebook) or chooses (errata).
        let weaker = match self.pawn {
            p if p > 0 => Some(1),
            p if p < 0 => Some(0),
            _ => None,
        };
        match weaker {
            Some(w) => {
                self.current = w;
                self.pending = Some(Pending::Starter);
            }
            None => {
                self.current = last_active;
                if self.options.errata_next_age {
                    self.pending = Some(Pending::Starter);
                }
            }
        }
    }

    // ----- scoring -------------------------------------------------------------------------

    /// The score pad of `seat` as it stands (final once the game is over).
    pub fn score(&self, seat: usize) -> Score {
        let p = &self.players[seat];
        let mut s = Score::default();
        for c in p.city.iter() {
            let card = &CARDS[c as usize];
            let pts = card.points as i32;
            match card.color {
                Color::Blue => s.civilian += pts,
                Color::Green => s.science += pts,
                Color::Yellow => s.commercial += pts,
                Color::Purple => {
                    let g = card.guild.expect("purple cards are guilds");
                    let n = self
                        .guild_count_of(seat, g.counts)
                        .max(self.guild_count_of(1 - seat, g.counts));
                    s.guilds += g.points_per as i32 * n as i32;
                }
                _ => {}
            }
        }
        s.wonders = p
            .built_wonders()
            .map(|w| WONDERS[w as usize].points as i32)
            .sum();
        for (t, token) in PROGRESS_TOKENS.iter().enumerate() {
            if p.progress >> t & 1 == 1 {
                s.progress += token.points as i32;
            }
        }
        if p.has(Progress::Mathematics) {
            s.progress += 3 * p.progress.count_ones() as i32;
        }
        s.treasury = (p.coins / 3) as i32;
        let lead = if seat == 0 { self.pawn } else { -self.pawn };
        if lead > 0 {
            s.military = military_points(lead as u8) as i32;
        }
        s
    }

    // ----- hidden information --------------------------------------------------------------

    /// Re-samples what nobody has seen: face-down cards of the current Age, the later Ages,
    /// the removed cards and unused Guilds, the boxed tokens' order and, during the first
    /// draft round, the second round's Wonders. (In Duel both seats see the same things; the
    /// only private fact, the 2 tokens the Great Library returns, is not tracked.)
    pub fn determinized(&self, rng: &mut dyn RngCore) -> Duel {
        let mut d = self.clone();
        if self.phase == Phase::Over {
            // Nothing hidden matters any more, and the layout as played was all seen.
            return d;
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
            let mut pool: arrayvec::ArrayVec<WonderId, NUM_WONDERS> = (0..NUM_WONDERS as u8)
                .filter(|w| !self.setup.wonders_offered[..4].contains(w))
                .collect();
            pool.shuffle(rng);
            d.setup.wonders_offered[4..].copy_from_slice(&pool[..4]);
        }
        // The 3 tokens drawn by a Great Library whose choice is pending are seen.
        let n = self.box_len as usize;
        let drawn = if self.pending == Some(Pending::GreatLibrary) {
            n.min(3)
        } else {
            0
        };
        d.box_tokens[drawn..n].shuffle(rng);
        d
    }

    fn resample_age(&mut self, age: usize, known: u32, rng: &mut dyn RngCore) {
        let ages = &mut self.setup.ages[age];
        let mut seen = CardSet::EMPTY;
        for (s, &card) in ages.iter().enumerate() {
            if known >> s & 1 == 1 {
                seen.insert(card);
            }
        }
        let deck = CardSet((1u128 << DECK_STARTS[age + 1]) - (1u128 << DECK_STARTS[age]));
        let mut regular: arrayvec::ArrayVec<CardId, 23> = deck.difference(seen).iter().collect();
        regular.shuffle(rng);
        let unknown: arrayvec::ArrayVec<usize, 20> =
            (0..20).filter(|s| known >> s & 1 == 0).collect();
        let mut fill: arrayvec::ArrayVec<CardId, 20> = arrayvec::ArrayVec::new();
        if age == 2 {
            let guilds = CardSet((1u128 << DECK_STARTS[4]) - (1u128 << DECK_STARTS[3]));
            let seen_guilds = seen.intersection(guilds).len() as usize;
            let mut pool: arrayvec::ArrayVec<CardId, 7> = guilds.difference(seen).iter().collect();
            pool.shuffle(rng);
            let k = 3 - seen_guilds;
            fill.extend(pool[..k].iter().copied());
            self.setup.guilds_unused.copy_from_slice(&pool[k..]);
        }
        let n_regular = unknown.len() - fill.len();
        fill.extend(regular[..n_regular].iter().copied());
        fill.shuffle(rng);
        for (i, &s) in unknown.iter().enumerate() {
            ages[s] = fill[i];
        }
        self.setup.removed[age].copy_from_slice(&regular[n_regular..]);
    }
}

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
        let drawn = if self.pending == Some(Pending::GreatLibrary) {
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
            self.pending,
            self.extra_turn,
            self.wonders_built,
            self.picks,
            self.supremacy,
        )
    }
}
