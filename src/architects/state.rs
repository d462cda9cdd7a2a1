//! The rules of 7 Wonders Architects (+ Medals): setup from a seed, a turn as a sequence of
//! decisions (`Action`), the automatic steps between them, Battles, medals and the score pad.
//!
//! A turn follows the fixed order of the record format: take a card, then settle (stage-effect
//! decision, science sets, construction, extra-card offers), then the end of turn (Battle, end
//! of game). `apply` checks an action against `legal_actions` and then runs every automatic
//! step up to the next decision, so the state always waits on one seat's decision or is over.

use std::ops::ControlFlow;

use arrayvec::ArrayVec;
use rand::{Rng, SeedableRng};

use super::data::{
    Card, Colour, Cost, MedalId, Requirement, StageEffect, Token, WonderId, CARD_KINDS, CAT_VP,
    CENTRAL_DECK, CONFLICT_TOKENS, CULTURE_VP, DECOR_VP_FINISHED, DECOR_VP_UNFINISHED,
    HALICARNASSUS_LOOK, MEDALS_EXTRA_CULTURE, MEDAL_VP, MILITARY_TOKEN_VP, PROGRESS_TOKENS,
    TACTICS_SHIELDS, TOKEN_KINDS, UNPUBLISHED_WONDERS, WONDERS,
};
use wonders_common::seed::GameRng;
use wonders_common::shuffle::shuffle;
use wonders_common::{EventSink, Unheard};

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 7;

/// Which Wonder a seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardChoice {
    Random,
    Fixed(WonderId),
}

impl BoardChoice {
    /// Parses one seat's board: a base Wonder id or `random`. Rome and Ur are refused.
    pub fn parse(text: &str) -> Result<BoardChoice, String> {
        if text == "random" {
            return Ok(BoardChoice::Random);
        }
        if let Some(w) = WonderId::from_key(text) {
            return Ok(BoardChoice::Fixed(w));
        }
        if UNPUBLISHED_WONDERS.contains(&text) {
            return Err(format!(
                "Wonder `{text}` (Medals) is not supported: its pieces and deck are not public yet"
            ));
        }
        let valid: Vec<&str> = WonderId::ALL.iter().map(|w| w.key()).collect();
        Err(format!(
            "unknown Wonder `{}`; valid: {}, random",
            wonders_common::options::cut(text),
            valid.join(", ")
        ))
    }
}

/// A game's configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchitectsConfig {
    pub players: usize,
    pub medals: bool,
    /// The Medals expert variant: 2 more medals in the centre (needs `medals`).
    pub medals_expert: bool,
    /// One choice per seat; empty means every seat random.
    pub boards: Vec<BoardChoice>,
}

impl ArchitectsConfig {
    pub fn base(players: usize) -> Self {
        ArchitectsConfig {
            players,
            medals: false,
            medals_expert: false,
            boards: Vec::new(),
        }
    }

    pub fn validate(&self) -> Result<(), ArchitectsError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(ArchitectsError::Setup(format!(
                "{} players: 7 Wonders Architects plays with 2 to 7",
                self.players
            )));
        }
        if self.medals_expert && !self.medals {
            return Err(ArchitectsError::Setup(
                "the medals-expert variant needs the medals expansion".into(),
            ));
        }
        if !self.boards.is_empty() && self.boards.len() != self.players {
            return Err(ArchitectsError::Setup(format!(
                "{} boards given for {} players: give one per seat, `random` for a seat whose \
                 Wonder is drawn (e.g. `--boards olympia{}`)",
                self.boards.len(),
                self.players,
                ",random".repeat(self.players - 1)
            )));
        }
        let mut seen = Vec::new();
        for b in &self.boards {
            if let BoardChoice::Fixed(w) = b {
                if seen.contains(w) {
                    return Err(ArchitectsError::Setup(format!(
                        "Wonder `{}` given to two seats",
                        w.key()
                    )));
                }
                seen.push(*w);
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArchitectsError {
    /// The action is not among the legal actions of this position.
    Illegal(String),
    /// The game is over.
    GameOver,
    /// A configuration or setup that cannot be played.
    Setup(String),
}

impl std::fmt::Display for ArchitectsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArchitectsError::Illegal(m) => write!(f, "illegal action: {m}"),
            ArchitectsError::GameOver => write!(f, "the game is over"),
            ArchitectsError::Setup(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for ArchitectsError {}

/// A deck on the table: deck d is seat d's Wonder deck (between seat d and seat d+1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeckRef {
    Wonder(u8),
    Central,
}

/// Where a Progress token is taken: a face-up slot (0..3) or the top of the stack (blind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenSource {
    Row(u8),
    Stack,
}

/// A science set: 2 identical symbols or one of each of the 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScienceSet {
    Pair(Card),
    Triple,
}

impl ScienceSet {
    /// The green cards spent, sorted by id as records write them.
    pub fn cards(self) -> Vec<Card> {
        let mut v = match self {
            ScienceSet::Pair(c) => vec![c, c],
            ScienceSet::Triple => Card::SCIENCE.to_vec(),
        };
        v.sort_by_key(|c| c.id());
        v
    }
}

/// Resources and coins spent on a piece: a count per card of [`PAYMENT_KINDS`].
pub type Payment = [u8; 6];

/// The cards a [`Payment`] counts, in its order.
pub const PAYMENT_KINDS: [Card; 6] = [
    Card::Wood,
    Card::Stone,
    Card::Clay,
    Card::Papyrus,
    Card::Glass,
    Card::Coin,
];

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take the top card of a deck (start of turn).
    Take(DeckRef),
    /// Take a Progress token: for a science set (`set`) or Babylon's effect (`set: None`).
    Progress {
        from: TokenSource,
        set: Option<ScienceSet>,
    },
    /// Build piece `piece` (0-based) paying `paid`.
    Construct { piece: u8, paid: Payment },
    /// Answer a pending extra-card offer: take the top of `deck`, or decline (`None`).
    Extra { token: Token, deck: Option<DeckRef> },
    /// Alexandria's effect: the top card of any deck.
    Alexandria(DeckRef),
    /// Halicarnassus's effect: keep a card of kind `keep` among the top 5 of `deck`.
    Halicarnassus { deck: DeckRef, keep: Card },
}

/// Every random draw of a game: enough to replay it without our random number generator
/// (Halicarnassus's reshuffles excepted, drawn from `reshuffle_seed` and recorded per action).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub wonders: Vec<WonderId>,
    /// One deck per seat, top first.
    pub decks: Vec<Vec<Card>>,
    /// Top first.
    pub central: Vec<Card>,
    pub progress_row: [Token; 3],
    /// Top first.
    pub progress_stack: Vec<Token>,
    pub conflict_tokens: u32,
    /// Medal i lies beside deck i (Medals only).
    pub medals: Vec<MedalId>,
    /// The 2 central medals (expert variant only).
    pub medals_centre: Vec<MedalId>,
    pub reshuffle_seed: u64,
}

impl Setup {
    /// Draws every random element of a game from `seed`.
    pub fn draw(config: &ArchitectsConfig, seed: u64) -> Result<Setup, ArchitectsError> {
        let d = Drawn::draw(config, seed)?;
        Ok(Setup {
            wonders: d.wonders.to_vec(),
            decks: d.decks.iter().map(|deck| deck.to_vec()).collect(),
            central: d.central.to_vec(),
            progress_row: d.progress_row,
            progress_stack: d.progress_stack.to_vec(),
            conflict_tokens: d.conflict_tokens,
            medals: d.medals.to_vec(),
            medals_centre: d.medals_centre.to_vec(),
            reshuffle_seed: d.reshuffle_seed,
        })
    }
}

/// A [`Setup`] in inline storage (every list top first): what a new game is built from
/// without touching the heap.
struct Drawn {
    wonders: ArrayVec<WonderId, MAX_PLAYERS>,
    decks: ArrayVec<WonderDeck, MAX_PLAYERS>,
    central: CentralDeck,
    progress_row: [Token; 3],
    progress_stack: ArrayVec<Token, TOKEN_BOX_MAX>,
    conflict_tokens: u32,
    medals: ArrayVec<MedalId, MAX_PLAYERS>,
    medals_centre: ArrayVec<MedalId, 2>,
    reshuffle_seed: u64,
}

impl Drawn {
    /// Draws every random element of a game from `seed`, in a fixed order: the Wonders, each
    /// seat's deck, the central deck, the Progress tokens, the medals, the reshuffle seed.
    fn draw(config: &ArchitectsConfig, seed: u64) -> Result<Drawn, ArchitectsError> {
        config.validate()?;
        let n = config.players;
        let mut rng = GameRng::seed_from_u64(seed);
        let fixed = |w: &WonderId| config.boards.contains(&BoardChoice::Fixed(*w));
        let mut pool: ArrayVec<WonderId, 7> =
            WonderId::ALL.into_iter().filter(|w| !fixed(w)).collect();
        shuffle(&mut pool, &mut rng);
        let wonders: ArrayVec<WonderId, MAX_PLAYERS> = (0..n)
            .map(|seat| match config.boards.get(seat) {
                Some(BoardChoice::Fixed(w)) => *w,
                Some(BoardChoice::Random) | None => pool.pop().expect("7 Wonders for 7 seats"),
            })
            .collect();
        let decks = wonders
            .iter()
            .map(|&w| {
                let mut d = WonderDeck::from(WONDER_CARDS[w as usize]);
                shuffle(&mut d, &mut rng);
                d
            })
            .collect();
        let mut central = CentralDeck::from(CENTRAL_CARDS);
        shuffle(&mut central, &mut rng);
        let mut tokens: ArrayVec<Token, TOKEN_BOX_MAX> =
            token_box(config.medals).into_iter().collect();
        shuffle(&mut tokens, &mut rng);
        let progress_row = [tokens[0], tokens[1], tokens[2]];
        let progress_stack = tokens[3..].iter().copied().collect();
        let (mut medals, mut medals_centre) = (ArrayVec::new(), ArrayVec::new());
        if config.medals {
            let mut all = MedalId::ALL;
            shuffle(&mut all, &mut rng);
            medals.extend(all[..n].iter().copied());
            if config.medals_expert {
                medals_centre.extend(all[n..n + 2].iter().copied());
            }
        }
        Ok(Drawn {
            wonders,
            decks,
            central,
            progress_row,
            progress_stack,
            conflict_tokens: CONFLICT_TOKENS[n],
            medals,
            medals_centre,
            reshuffle_seed: rng.random(),
        })
    }
}

/// The cards of a deck list, one entry per copy, in the list's order (`expand` at compile
/// time, so a new game copies its decks instead of building them).
const fn expanded<const N: usize>(counts: &[(Card, u32); CARD_KINDS]) -> [Card; N] {
    let mut cards = [Card::Wood; N];
    let (mut kind, mut next) = (0, 0);
    while kind < CARD_KINDS {
        let mut copy = 0;
        while copy < counts[kind].1 {
            cards[next] = counts[kind].0;
            next += 1;
            copy += 1;
        }
        kind += 1;
    }
    assert!(
        next == N,
        "a deck list's copies must fill the array exactly"
    );
    cards
}

/// Each Wonder's 25 cards, in the order of `WonderId` (`expand` of its deck list).
const WONDER_CARDS: [[Card; 25]; 7] = {
    let mut decks = [[Card::Wood; 25]; 7];
    let mut w = 0;
    while w < 7 {
        decks[w] = expanded(&WONDERS[w].deck);
        w += 1;
    }
    decks
};

/// The 60 central cards (`expand` of the central deck list).
const CENTRAL_CARDS: [Card; 60] = expanded(&CENTRAL_DECK);

/// The cards of a deck list, one entry per copy.
pub fn expand(counts: &[(Card, u32); CARD_KINDS]) -> Vec<Card> {
    let total: u32 = counts.iter().map(|&(_, k)| k).sum();
    let mut v = Vec::with_capacity(total as usize);
    for &(c, k) in counts {
        for _ in 0..k {
            v.push(c);
        }
    }
    v
}

/// The Progress tokens in the box (15, or 19 with Medals), one entry per copy.
pub fn token_box(medals: bool) -> Vec<Token> {
    let mut v = Vec::with_capacity(PROGRESS_TOKENS.len() + 2);
    for (t, copies, expansion) in PROGRESS_TOKENS {
        if expansion && !medals {
            continue;
        }
        let mut k = copies;
        if t == Token::Culture && medals {
            k += MEDALS_EXTRA_CULTURE;
        }
        v.extend(std::iter::repeat_n(t, k as usize));
    }
    v
}

/// A medal on the table and who holds it (a bit per seat; several only for the central
/// "2 Military Victory tokens in one Battle" medal won by several seats in one Battle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MedalSlot {
    pub medal: MedalId,
    /// `Some(i)`: between seat i and seat i+1; `None`: in the centre (expert variant).
    pub beside_deck: Option<usize>,
    pub holders: u8,
}

/// What one seat has in front of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    pub area: [u8; CARD_KINDS],
    /// Built pieces, bit k = piece k+1.
    pub built: u8,
    pub tokens: [u8; TOKEN_KINDS],
    pub military: u32,
}

impl Seat {
    pub fn count(&self, c: Card) -> u32 {
        self.area[c.index()] as u32
    }

    pub fn colour_count(&self, colour: Colour) -> u32 {
        Card::ALL
            .iter()
            .filter(|c| c.colour() == colour)
            .map(|&c| self.count(c))
            .sum()
    }

    pub fn cards(&self) -> u32 {
        self.area.iter().map(|&k| k as u32).sum()
    }

    pub fn stages_built(&self) -> u32 {
        self.built.count_ones()
    }

    pub fn has(&self, t: Token) -> bool {
        self.tokens[t.index()] > 0
    }

    pub fn token_count(&self) -> u32 {
        self.tokens.iter().map(|&k| k as u32).sum()
    }
}

/// The decision the game waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Take,
    /// Babylon's, Alexandria's or Halicarnassus's effect.
    StageEffect(StageEffect),
    Science,
    Construct,
    Offer(Token),
    Over,
}

/// What happened as the engine applied an action, in the order the rules make it happen.
/// Complete enough to follow every seat's state: the cards placed, less those spent
/// (`TokenTaken::set`, `Built::paid`) and discarded at Battles, are the seat's area; the tokens
/// taken, the pieces built, the medals claimed and the Battles' gains are the rest.
/// Inline (no heap), so that building one for [`Unheard`] costs nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Placed {
        seat: usize,
        card: Card,
        from: DeckRef,
    },
    Cat {
        seat: usize,
    },
    ConflictFlipped {
        seat: usize,
        flipped: u32,
        remaining: u32,
    },
    /// Shields and Military Victory tokens won, per seat; then the horn cards each seat
    /// discards (`[red_1horn, red_2horn]`; none with Entrenchment).
    Battle {
        shields: ArrayVec<u32, MAX_PLAYERS>,
        gains: ArrayVec<u32, MAX_PLAYERS>,
        horns_discarded: ArrayVec<[u8; 2], MAX_PLAYERS>,
    },
    Medal {
        seat: usize,
        medal: MedalId,
    },
    /// A Progress token taken: for a science set (the green cards spent) or Babylon's effect.
    TokenTaken {
        seat: usize,
        token: Token,
        set: Option<ScienceSet>,
    },
    /// Piece `piece` (0-based) built, paying `paid` (counts of [`PAYMENT_KINDS`]).
    Built {
        seat: usize,
        piece: usize,
        paid: Payment,
    },
    OfferSkipped {
        seat: usize,
        token: Token,
    },
    TakeSkipped {
        seat: usize,
    },
    GameEnd,
}

/// A Wonder's deck in play (25 cards at most: cards never move between decks).
pub type WonderDeck = ArrayVec<Card, 25>;
/// The central deck in play (60 cards at most).
pub type CentralDeck = ArrayVec<Card, 60>;
/// Most Progress tokens in the box (with Medals).
pub const TOKEN_BOX_MAX: usize = 19;

/// A game of 7 Wonders Architects. Every part of it lives inline (no heap), so a new game
/// or a copy for a search allocates nothing.
#[derive(Debug)]
pub struct Architects {
    pub config: ArchitectsConfig,
    pub wonders: ArrayVec<WonderId, MAX_PLAYERS>,
    /// Wonder decks, top LAST (so taking is `pop`).
    pub decks: ArrayVec<WonderDeck, MAX_PLAYERS>,
    /// Top last.
    pub central: CentralDeck,
    pub progress_row: [Option<Token>; 3],
    /// Top last.
    pub progress_stack: ArrayVec<Token, TOKEN_BOX_MAX>,
    pub conflict_total: u32,
    pub conflict_flipped: u32,
    pub cat: Option<usize>,
    pub seats: ArrayVec<Seat, MAX_PLAYERS>,
    /// One beside each deck, then the central ones (expert variant).
    pub medals: ArrayVec<MedalSlot, { MAX_PLAYERS + 2 }>,
    pub discard: [u32; CARD_KINDS],
    pub current: usize,
    pub phase: Phase,
    /// Stage effects waiting for a decision, oldest first (at most one per piece built).
    pending_effects: ArrayVec<StageEffect, 5>,
    /// Extra-card offers, oldest first (at most one per extra-card token).
    offers: ArrayVec<Token, 8>,
    /// Tokens used this turn (bit per `Token`).
    used: u32,
    battle_due: bool,
    /// Military Victory tokens won by each seat in the Battle being resolved.
    battle_gains: [u32; MAX_PLAYERS],
    pub turns: u32,
    rng: GameRng,
}

/// A copy of `a` by block copies: `ArrayVec`'s own `clone` copies element by element, and the
/// bots copy a state for every action they try.
fn copied<T: Copy, const N: usize>(a: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    let mut out = ArrayVec::new();
    out.try_extend_from_slice(a)
        .expect("a copy fits the capacity of its source");
    out
}

impl Clone for Architects {
    fn clone(&self) -> Self {
        // Destructured so that a new field cannot be forgotten here.
        let Architects {
            config,
            wonders,
            decks,
            central,
            progress_row,
            progress_stack,
            conflict_total,
            conflict_flipped,
            cat,
            seats,
            medals,
            discard,
            current,
            phase,
            pending_effects,
            offers,
            used,
            battle_due,
            battle_gains,
            turns,
            rng,
        } = self;
        Architects {
            config: config.clone(),
            wonders: copied(wonders),
            decks: decks.iter().map(copied).collect(),
            central: copied(central),
            progress_row: *progress_row,
            progress_stack: copied(progress_stack),
            conflict_total: *conflict_total,
            conflict_flipped: *conflict_flipped,
            cat: *cat,
            seats: copied(seats),
            medals: copied(medals),
            discard: *discard,
            current: *current,
            phase: *phase,
            pending_effects: copied(pending_effects),
            offers: copied(offers),
            used: *used,
            battle_due: *battle_due,
            battle_gains: *battle_gains,
            turns: *turns,
            rng: rng.clone(),
        }
    }
}

impl Architects {
    pub fn new(config: &ArchitectsConfig, seed: u64) -> Result<Architects, ArchitectsError> {
        // A setup we drew ourselves is valid by construction: skip `from_setup`'s checks.
        Ok(Architects::from_drawn(config, Drawn::draw(config, seed)?))
    }

    pub fn from_setup(
        config: &ArchitectsConfig,
        setup: &Setup,
    ) -> Result<Architects, ArchitectsError> {
        config.validate()?;
        let n = config.players;
        let bad = |m: String| Err(ArchitectsError::Setup(m));
        if setup.wonders.len() != n || setup.decks.len() != n {
            return bad(format!(
                "setup has {} Wonders for {n} players",
                setup.wonders.len()
            ));
        }
        for (i, w) in setup.wonders.iter().enumerate() {
            if setup.wonders[..i].contains(w) {
                return bad(format!("Wonder `{}` dealt twice", w.key()));
            }
            if !same_cards(&setup.decks[i], &expand(&w.wonder().deck)) {
                return bad(format!("deck {i} is not the deck of {}", w.name()));
            }
        }
        if !same_cards(&setup.central, &expand(&CENTRAL_DECK)) {
            return bad("the central deck is not the 60 central cards".into());
        }
        let mut tokens: Vec<Token> = setup.progress_row.to_vec();
        tokens.extend(&setup.progress_stack);
        let mut expected = token_box(config.medals);
        tokens.sort();
        expected.sort();
        if tokens != expected {
            return bad("the Progress tokens are not the tokens in the box".into());
        }
        if setup.conflict_tokens != CONFLICT_TOKENS[n] {
            return bad(format!(
                "{} Conflict tokens; {n} players use {}",
                setup.conflict_tokens, CONFLICT_TOKENS[n]
            ));
        }
        let want_medals = if config.medals { n } else { 0 };
        let want_centre = if config.medals_expert { 2 } else { 0 };
        if setup.medals.len() != want_medals || setup.medals_centre.len() != want_centre {
            return bad("wrong number of medals for this configuration".into());
        }
        let all_medals: Vec<MedalId> = setup
            .medals
            .iter()
            .chain(&setup.medals_centre)
            .copied()
            .collect();
        for (i, m) in all_medals.iter().enumerate() {
            if all_medals[..i].contains(m) {
                return bad(format!("medal `{}` placed twice", m.key()));
            }
        }
        // Checked above: every list fits its inline storage.
        let drawn = Drawn {
            wonders: setup.wonders.iter().copied().collect(),
            decks: setup
                .decks
                .iter()
                .map(|d| d.iter().copied().collect())
                .collect(),
            central: setup.central.iter().copied().collect(),
            progress_row: setup.progress_row,
            progress_stack: setup.progress_stack.iter().copied().collect(),
            conflict_tokens: setup.conflict_tokens,
            medals: setup.medals.iter().copied().collect(),
            medals_centre: setup.medals_centre.iter().copied().collect(),
            reshuffle_seed: setup.reshuffle_seed,
        };
        Ok(Architects::from_drawn(config, drawn))
    }

    /// The game at the start of a valid setup (checked by `from_setup`, or drawn by us).
    fn from_drawn(config: &ArchitectsConfig, drawn: Drawn) -> Architects {
        let n = config.players;
        let Drawn {
            wonders,
            mut decks,
            mut central,
            progress_row,
            mut progress_stack,
            conflict_tokens,
            medals: beside,
            medals_centre,
            reshuffle_seed,
        } = drawn;
        // Setups list decks top first; the game keeps the top last, so taking is `pop`.
        for d in &mut decks {
            d.reverse();
        }
        central.reverse();
        progress_stack.reverse();
        let mut medals: ArrayVec<MedalSlot, { MAX_PLAYERS + 2 }> = beside
            .iter()
            .enumerate()
            .map(|(i, &medal)| MedalSlot {
                medal,
                beside_deck: Some(i),
                holders: 0,
            })
            .collect();
        medals.extend(medals_centre.iter().map(|&medal| MedalSlot {
            medal,
            beside_deck: None,
            holders: 0,
        }));
        let mut game = Architects {
            config: config.clone(),
            wonders,
            decks,
            central,
            progress_row: progress_row.map(Some),
            progress_stack,
            conflict_total: conflict_tokens,
            conflict_flipped: 0,
            cat: None,
            seats: (0..n).map(|_| Seat::default()).collect(),
            medals,
            discard: [0; CARD_KINDS],
            current: 0,
            phase: Phase::Take,
            pending_effects: ArrayVec::new(),
            offers: ArrayVec::new(),
            used: 0,
            battle_due: false,
            battle_gains: [0; MAX_PLAYERS],
            turns: 0,
            rng: GameRng::seed_from_u64(reshuffle_seed),
        };
        // Every deck is full at the start: the first take is never skipped, nothing to tell.
        game.start_turn(&mut Unheard);
        game
    }

    pub fn players(&self) -> usize {
        self.config.players
    }

    pub fn current_player(&self) -> usize {
        self.current
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    // ----- decks -----

    /// Seat p's left deck (its own Wonder's).
    pub fn left_deck(&self, p: usize) -> DeckRef {
        DeckRef::Wonder(p as u8)
    }

    /// Seat p's right deck (its right neighbour's Wonder's).
    pub fn right_deck(&self, p: usize) -> DeckRef {
        // A branch, not `% n`: this runs several times a turn and a division is slow.
        let right = if p == 0 { self.players() } else { p } - 1;
        DeckRef::Wonder(right as u8)
    }

    /// The 3 decks seat p can take from: left, right, central.
    pub fn reachable(&self, p: usize) -> [DeckRef; 3] {
        [self.left_deck(p), self.right_deck(p), DeckRef::Central]
    }

    pub fn deck(&self, d: DeckRef) -> &[Card] {
        match d {
            DeckRef::Wonder(i) => &self.decks[i as usize],
            DeckRef::Central => &self.central,
        }
    }

    /// Takes the top card of `d`.
    fn pop_card(&mut self, d: DeckRef) -> Option<Card> {
        match d {
            DeckRef::Wonder(i) => self.decks[i as usize].pop(),
            DeckRef::Central => self.central.pop(),
        }
    }

    /// The top card of a deck (for the central deck: hidden from the players).
    pub fn top(&self, d: DeckRef) -> Option<Card> {
        self.deck(d).last().copied()
    }

    /// Can the current seat take the top card of `d` (one of its reachable decks, not empty)?
    fn may_take_from(&self, d: DeckRef) -> bool {
        let p = self.current;
        let reachable =
            (d == DeckRef::Central) | (d == self.left_deck(p)) | (d == self.right_deck(p));
        reachable && !self.deck(d).is_empty()
    }

    fn can_take(&self, p: usize) -> bool {
        self.reachable(p).iter().any(|&d| self.top(d).is_some())
    }

    // ----- derived facts -----

    pub fn shields(&self, p: usize) -> u32 {
        let s = &self.seats[p];
        let wonder = self.wonders[p].wonder();
        let rhodes = (0..5)
            .filter(|&k| s.built & (1 << k) != 0 && wonder.pieces[k].effect == StageEffect::Shield)
            .count() as u32;
        let tactics = if s.has(Token::Tactics) {
            TACTICS_SHIELDS
        } else {
            0
        };
        s.colour_count(Colour::Red) + rhodes + tactics
    }

    /// Pieces that may be built now: unbuilt, every piece of a lower level built.
    pub fn available_pieces(&self, p: usize) -> Vec<usize> {
        self.open_pieces(p).collect()
    }

    /// `available_pieces` in the same order, without allocating (the evaluation reads it
    /// several times per seat per position).
    pub fn open_pieces(&self, p: usize) -> impl Iterator<Item = usize> {
        let mask = self.available_mask(p);
        (0..5).filter(move |&k| mask & (1 << k) != 0)
    }

    /// `available_pieces` as a bit set (bit k = piece k), without allocating.
    fn available_mask(&self, p: usize) -> u8 {
        OPEN_PIECES[self.wonders[p] as usize][self.seats[p].built as usize]
    }

    fn token_unused(&self, p: usize, t: Token) -> bool {
        self.seats[p].has(t) && self.used & (1 << t.index()) == 0
    }

    fn tokens_left(&self) -> bool {
        !self.progress_stack.is_empty() || self.progress_row.iter().any(|t| t.is_some())
    }

    /// Every exact payment of piece `k` by seat p with the tokens it may still use this turn.
    pub fn payments(&self, p: usize, k: usize) -> Vec<Payment> {
        let mut out = Vec::new();
        let _ = self.for_each_payment(p, k, &mut |pay| {
            out.push(*pay);
            ControlFlow::<()>::Continue(())
        });
        out
    }

    /// Calls `f` on each of `payments(p, k)` in order, without allocating; stops at `Break`.
    fn for_each_payment<B>(
        &self,
        p: usize,
        k: usize,
        f: &mut impl FnMut(&Payment) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let (cost, have, economy, engineering) = self.payment_terms(p, k);
        PaymentSearch::new(cost, have, economy, engineering).run(cost.count() as u8, f)
    }

    /// What paying for piece `k` by seat p depends on: the cost, the cards it holds (in
    /// [`PAYMENT_KINDS`] order), and whether Economy and Engineering may still be used.
    fn payment_terms(&self, p: usize, k: usize) -> (Cost, [u8; 6], bool, bool) {
        let cost = self.wonders[p].wonder().pieces[k].cost;
        let area = &self.seats[p].area;
        let have = PAYMENT_KINDS.map(|c| area[c.index()]);
        let economy = self.token_unused(p, Token::Economy);
        let engineering = self.token_unused(p, Token::Engineering);
        (cost, have, economy, engineering)
    }

    /// Can seat p build some piece now?
    fn affordable(&self, p: usize) -> bool {
        // Asked after every decision, and usually false: the cards held and the tokens are
        // read once for all open pieces, not once per piece as `payment_terms` would.
        let (_, have, economy, engineering) = self.payment_terms(p, 0);
        let reach = PayReach::new(&have, economy, engineering);
        let pieces = &self.wonders[p].wonder().pieces;
        let mut mask = self.available_mask(p);
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            if reach.covers(pieces[k].cost) {
                return true;
            }
            mask &= mask - 1;
        }
        false
    }

    /// Is `Construct { piece, paid }` legal now? The same answer as looking it up in
    /// `legal_actions`, without listing every payment: `payments` holds exactly the payments
    /// within the cards held that `payment_valid` accepts.
    fn construct_legal(&self, piece: u8, paid: &Payment) -> bool {
        let (p, k) = (self.current, piece as usize);
        if k >= 5 || self.available_mask(p) & (1 << k) == 0 {
            return false;
        }
        let (cost, have, economy, engineering) = self.payment_terms(p, k);
        paid.iter().zip(&have).all(|(x, h)| x <= h)
            && payment_valid(cost, paid, economy, engineering)
    }

    /// Does `science_sets(p)` list anything? (Asked after every decision: no list built.)
    fn has_science_set(&self, p: usize) -> bool {
        let [a, b, c] = Card::SCIENCE.map(|c| self.seats[p].area[c.index()]);
        // `|` and `&`, not `||` and `&&`: one hard-to-predict branch instead of four.
        (a >= 2) | (b >= 2) | (c >= 2) | ((a >= 1) & (b >= 1) & (c >= 1))
    }

    /// The science sets seat p can turn in: pairs in symbol order, then the triple.
    fn science_sets(&self, p: usize) -> ArrayVec<ScienceSet, 4> {
        let s = &self.seats[p];
        let mut v = ArrayVec::new();
        for c in Card::SCIENCE {
            if s.count(c) >= 2 {
                v.push(ScienceSet::Pair(c));
            }
        }
        if Card::SCIENCE.iter().all(|&c| s.count(c) >= 1) {
            v.push(ScienceSet::Triple);
        }
        v
    }

    /// Where a token can be taken: face-up slots (one per token kind), then the stack.
    fn token_sources(&self) -> ArrayVec<TokenSource, 4> {
        let mut v = ArrayVec::new();
        for i in 0..3 {
            if let Some(t) = self.progress_row[i] {
                // Two face-up copies of Culture are one choice.
                if !self.progress_row[..i].contains(&Some(t)) {
                    v.push(TokenSource::Row(i as u8));
                }
            }
        }
        if !self.progress_stack.is_empty() {
            v.push(TokenSource::Stack);
        }
        v
    }

    /// The token a source gives now.
    pub fn token_at(&self, from: TokenSource) -> Option<Token> {
        match from {
            TokenSource::Row(i) => self.progress_row.get(i as usize).copied().flatten(),
            TokenSource::Stack => self.progress_stack.last().copied(),
        }
    }

    // ----- legal actions -----

    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.for_each_legal(&mut |a| out.push(a));
    }

    /// Calls `out` on each legal action in the order `legal_actions` lists them: the one
    /// generator behind both the list and `is_legal`, so neither allocates.
    fn for_each_legal(&self, out: &mut impl FnMut(Action)) {
        let p = self.current;
        match self.phase {
            Phase::Over => {}
            Phase::Take => {
                for d in self.reachable(p) {
                    if self.top(d).is_some() {
                        out(Action::Take(d));
                    }
                }
            }
            Phase::StageEffect(effect) => match effect {
                StageEffect::TakeProgressToken => {
                    for from in self.token_sources() {
                        out(Action::Progress { from, set: None });
                    }
                }
                StageEffect::TakeTopAnyDeck => {
                    for i in 0..self.players() {
                        if !self.decks[i].is_empty() {
                            out(Action::Alexandria(DeckRef::Wonder(i as u8)));
                        }
                    }
                    if !self.central.is_empty() {
                        out(Action::Alexandria(DeckRef::Central));
                    }
                }
                StageEffect::LookFiveKeepOne => {
                    for d in [self.left_deck(p), self.right_deck(p)] {
                        let cards = self.deck(d);
                        let top5 = &cards[cards.len().saturating_sub(HALICARNASSUS_LOOK)..];
                        for c in Card::ALL {
                            if top5.contains(&c) {
                                out(Action::Halicarnassus { deck: d, keep: c });
                            }
                        }
                    }
                }
                StageEffect::None
                | StageEffect::TakeTopCentral
                | StageEffect::TakeTopLeftAndRight
                | StageEffect::Shield => unreachable!("automatic effects are never pending"),
            },
            Phase::Science => {
                for set in self.science_sets(p) {
                    for from in self.token_sources() {
                        out(Action::Progress {
                            from,
                            set: Some(set),
                        });
                    }
                }
            }
            Phase::Construct => {
                let mask = self.available_mask(p);
                for k in 0..5 {
                    if mask & (1 << k) != 0 {
                        let _ = self.for_each_payment(p, k, &mut |&paid| {
                            out(Action::Construct {
                                piece: k as u8,
                                paid,
                            });
                            ControlFlow::<()>::Continue(())
                        });
                    }
                }
            }
            Phase::Offer(token) => {
                for d in self.reachable(p) {
                    if self.top(d).is_some() {
                        out(Action::Extra {
                            token,
                            deck: Some(d),
                        });
                    }
                }
                out(Action::Extra { token, deck: None });
            }
        }
    }

    pub fn is_legal(&self, action: Action) -> bool {
        match action {
            Action::Construct { piece, paid } => {
                return self.phase == Phase::Construct && self.construct_legal(piece, &paid);
            }
            // The common actions are checked directly, each exactly as `for_each_legal` lists
            // it in its phase; the rare effect answers are looked up in the list.
            Action::Take(d) => {
                return self.phase == Phase::Take && self.may_take_from(d);
            }
            Action::Extra { token, deck } => {
                return self.phase == Phase::Offer(token)
                    && deck.is_none_or(|d| self.may_take_from(d));
            }
            Action::Progress { from, set } => {
                let phase_allows = match set {
                    Some(set) => {
                        self.phase == Phase::Science
                            && self.science_sets(self.current).contains(&set)
                    }
                    None => self.phase == Phase::StageEffect(StageEffect::TakeProgressToken),
                };
                return phase_allows && self.token_sources().contains(&from);
            }
            Action::Alexandria(_) | Action::Halicarnassus { .. } => {}
        }
        let mut found = false;
        self.for_each_legal(&mut |a| found |= a == action);
        found
    }

    // ----- apply -----

    /// Plays one decision; an illegal action leaves the state unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), ArchitectsError> {
        self.apply_with(action, None, &mut Unheard)
    }

    /// Like `apply`, telling `sink` what happens (logs, the web page).
    pub fn apply_heard(
        &mut self,
        action: Action,
        sink: &mut impl EventSink<Event>,
    ) -> Result<(), ArchitectsError> {
        self.apply_with(action, None, sink)
    }

    /// Like `apply_heard`; for Halicarnassus, `deck_after` (top first) replaces our own
    /// reshuffle (a replayed record carries the order).
    pub fn apply_with<S: EventSink<Event>>(
        &mut self,
        action: Action,
        deck_after: Option<&[Card]>,
        sink: &mut S,
    ) -> Result<(), ArchitectsError> {
        if self.is_over() || !self.is_legal(action) {
            return Err(self.refusal(action));
        }
        let p = self.current;
        if let (Action::Halicarnassus { deck, keep }, Some(after)) = (action, deck_after) {
            self.check_deck_after(deck, keep, after)?;
        }
        match action {
            Action::Take(d) => {
                self.turns += 1;
                let card = self.pop_card(d).expect("legal take");
                self.place(p, card, d, sink);
            }
            Action::Progress { from, set } => {
                if let Some(set) = set {
                    for c in set.cards() {
                        self.seats[p].area[c.index()] -= 1;
                        self.discard[c.index()] += 1;
                    }
                } else {
                    self.pending_effects.remove(0);
                }
                self.take_token(p, from, set, sink);
            }
            Action::Construct { piece, paid } => self.construct(p, piece as usize, paid, sink),
            Action::Extra { token, deck } => {
                self.offers.retain(|t| *t != token);
                if let Some(d) = deck {
                    self.used |= 1 << token.index();
                    let card = self.pop_card(d).expect("legal extra");
                    self.place(p, card, d, sink);
                }
            }
            Action::Alexandria(d) => {
                self.pending_effects.remove(0);
                let card = self.pop_card(d).expect("legal deck");
                self.place(p, card, d, sink);
            }
            Action::Halicarnassus { deck, keep } => {
                self.pending_effects.remove(0);
                let rng = &mut self.rng;
                match deck {
                    DeckRef::Wonder(i) => {
                        keep_and_reshuffle(&mut self.decks[i as usize], keep, deck_after, rng)
                    }
                    DeckRef::Central => {
                        keep_and_reshuffle(&mut self.central, keep, deck_after, rng)
                    }
                }
                self.place(p, keep, deck, sink);
            }
        }
        self.advance(sink);
        Ok(())
    }

    /// Why `apply` refuses `action`. Out of line: the hot path never builds an error.
    #[cold]
    #[inline(never)]
    fn refusal(&self, action: Action) -> ArchitectsError {
        if self.is_over() {
            ArchitectsError::GameOver
        } else {
            ArchitectsError::Illegal(format!("{action:?} in phase {:?}", self.phase))
        }
    }

    /// Is `after` (top first) the deck `deck` less one `keep`, as a replayed Halicarnassus
    /// reshuffle must be? (Only replays pass it: kept out of `apply`'s hot path.)
    #[cold]
    #[inline(never)]
    fn check_deck_after(
        &self,
        deck: DeckRef,
        keep: Card,
        after: &[Card],
    ) -> Result<(), ArchitectsError> {
        let mut expected = self.deck(deck).to_vec();
        let pos = expected
            .iter()
            .rposition(|&c| c == keep)
            .expect("legal keep");
        expected.remove(pos);
        if same_cards(&expected, after) {
            Ok(())
        } else {
            Err(ArchitectsError::Illegal(
                "deck_after is not the deck without the kept card".into(),
            ))
        }
    }

    /// Places a card in front of seat p: Cat, horns, extra-card offers, medals.
    fn place<S: EventSink<Event>>(&mut self, p: usize, card: Card, from: DeckRef, sink: &mut S) {
        self.seats[p].area[card.index()] += 1;
        sink.emit(Event::Placed {
            seat: p,
            card,
            from,
        });
        if card.has_cat() && self.cat != Some(p) {
            self.cat = Some(p);
            sink.emit(Event::Cat { seat: p });
        }
        let horns = card.horns();
        if horns > 0 {
            let remaining = self.conflict_total - self.conflict_flipped;
            let flipped = horns.min(remaining);
            if flipped > 0 {
                self.conflict_flipped += flipped;
                if self.conflict_flipped == self.conflict_total {
                    self.battle_due = true;
                }
                sink.emit(Event::ConflictFlipped {
                    seat: p,
                    flipped,
                    remaining: self.conflict_total - self.conflict_flipped,
                });
            }
        }
        if let Some(t) = card.extra_card_token() {
            if self.token_unused(p, t) && !self.offers.contains(&t) {
                self.offers.push(t);
            }
        }
        self.claim_medals(p, sink);
    }

    fn take_token<S: EventSink<Event>>(
        &mut self,
        p: usize,
        from: TokenSource,
        set: Option<ScienceSet>,
        sink: &mut S,
    ) {
        let token = match from {
            TokenSource::Row(i) => {
                let t = self.progress_row[i as usize].expect("legal slot");
                self.progress_row[i as usize] = self.progress_stack.pop();
                t
            }
            TokenSource::Stack => self.progress_stack.pop().expect("legal stack"),
        };
        self.seats[p].tokens[token.index()] += 1;
        sink.emit(Event::TokenTaken {
            seat: p,
            token,
            set,
        });
        self.claim_medals(p, sink);
    }

    fn construct<S: EventSink<Event>>(&mut self, p: usize, k: usize, paid: Payment, sink: &mut S) {
        let piece = self.wonders[p].wonder().pieces[k];
        let kinds = PAYMENT_KINDS;
        for (i, &c) in kinds.iter().enumerate() {
            self.seats[p].area[c.index()] -= paid[i];
            self.discard[c.index()] += paid[i] as u32;
        }
        let cards: u32 = paid.iter().map(|&x| x as u32).sum();
        if cards < piece.cost.count() {
            self.used |= 1 << Token::Economy.index();
        }
        if !grey_fits(piece.cost, &paid) {
            self.used |= 1 << Token::Engineering.index();
        }
        self.seats[p].built |= 1 << k;
        sink.emit(Event::Built {
            seat: p,
            piece: k,
            paid,
        });
        self.claim_medals(p, sink);
        match piece.effect {
            StageEffect::None | StageEffect::Shield => {}
            StageEffect::TakeTopCentral => {
                if let Some(c) = self.central.pop() {
                    self.place(p, c, DeckRef::Central, sink);
                }
            }
            StageEffect::TakeTopLeftAndRight => {
                for d in [self.left_deck(p), self.right_deck(p)] {
                    if let Some(c) = self.pop_card(d) {
                        self.place(p, c, d, sink);
                    }
                }
            }
            StageEffect::TakeTopAnyDeck
            | StageEffect::TakeProgressToken
            | StageEffect::LookFiveKeepOne => self.pending_effects.push(piece.effect),
        }
        if self.token_unused(p, Token::Architecture) && !self.offers.contains(&Token::Architecture)
        {
            self.offers.push(Token::Architecture);
        }
    }

    /// Runs the automatic steps until a decision is due (or the game is over).
    fn advance<S: EventSink<Event>>(&mut self, sink: &mut S) {
        loop {
            let p = self.current;
            // 1. a stage effect that needs a decision (skipped when impossible)
            if let Some(&effect) = self.pending_effects.first() {
                let possible = match effect {
                    StageEffect::TakeProgressToken => self.tokens_left(),
                    StageEffect::TakeTopAnyDeck => {
                        !self.central.is_empty() || self.decks.iter().any(|d| !d.is_empty())
                    }
                    StageEffect::LookFiveKeepOne => {
                        !self.deck(self.left_deck(p)).is_empty()
                            || !self.deck(self.right_deck(p)).is_empty()
                    }
                    StageEffect::None
                    | StageEffect::TakeTopCentral
                    | StageEffect::TakeTopLeftAndRight
                    | StageEffect::Shield => unreachable!("automatic effects are never pending"),
                };
                if possible {
                    self.phase = Phase::StageEffect(effect);
                    return;
                }
                self.pending_effects.remove(0);
                continue;
            }
            // 2. science sets
            if self.has_science_set(p) && self.tokens_left() {
                self.phase = Phase::Science;
                return;
            }
            // 3. construction
            if self.affordable(p) {
                self.phase = Phase::Construct;
                return;
            }
            // 4. extra-card offers
            if let Some(&token) = self.offers.first() {
                if self.can_take(p) {
                    self.phase = Phase::Offer(token);
                    return;
                }
                self.offers.remove(0);
                sink.emit(Event::OfferSkipped { seat: p, token });
                continue;
            }
            // End of turn.
            if self.battle_due {
                self.battle(sink);
            }
            if self.seats[p].built == 0b1_1111 {
                self.phase = Phase::Over;
                sink.emit(Event::GameEnd);
                return;
            }
            self.current = if p + 1 == self.players() { 0 } else { p + 1 };
            if !self.start_turn(sink) {
                return;
            }
        }
    }

    /// Starts the current seat's turn. Returns true when the take is skipped (nothing to take)
    /// and the turn must be settled at once; false when a decision or the end is reached.
    fn start_turn<S: EventSink<Event>>(&mut self, sink: &mut S) -> bool {
        self.used = 0;
        self.offers.clear();
        self.pending_effects.clear();
        // Every deck is some seat's left deck and the central deck is everyone's: nobody can
        // take exactly when every deck is empty.
        if self.central.is_empty() && self.decks.iter().all(|d| d.is_empty()) {
            self.phase = Phase::Over;
            sink.emit(Event::GameEnd);
            return false;
        }
        if self.can_take(self.current) {
            self.phase = Phase::Take;
            false
        } else {
            sink.emit(Event::TakeSkipped { seat: self.current });
            true
        }
    }

    /// A Battle for all seats, then the horn cards leave (unless Entrenchment) and the Conflict
    /// tokens return to Peace.
    fn battle<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let n = self.players();
        let mut shields = [0u32; MAX_PLAYERS];
        for (q, s) in shields[..n].iter_mut().enumerate() {
            *s = self.shields(q);
        }
        let shields = &shields[..n];
        let mut gains = [0u32; MAX_PLAYERS];
        for (q, g) in gains[..n].iter_mut().enumerate() {
            *g = battle_gain(shields, q);
        }
        for (seat, gain) in self.seats.iter_mut().zip(&gains) {
            seat.military += gain;
        }
        self.battle_gains = gains;
        // The horn cards that leave after the medals: told with the Battle, before the medals
        // it wins (which still count them).
        let mut horns_discarded = ArrayVec::<[u8; 2], MAX_PLAYERS>::new();
        for seat in &self.seats {
            horns_discarded.push(if seat.has(Token::Entrenchment) {
                [0, 0]
            } else {
                [Card::Red1Horn, Card::Red2Horn].map(|c| seat.area[c.index()])
            });
        }
        sink.emit(Event::Battle {
            shields: shields.iter().copied().collect(),
            gains: gains[..n].iter().copied().collect(),
            horns_discarded,
        });
        // Medals after the Battle, every seat in turn order from the active one; the central
        // one-Battle medal may go to several seats of this Battle.
        if !self.medals.is_empty() {
            let before: ArrayVec<u8, { MAX_PLAYERS + 2 }> =
                self.medals.iter().map(|m| m.holders).collect();
            for i in 0..n {
                let q = (self.current + i) % n;
                self.claim_medals_at_battle(q, &before, sink);
            }
        }
        self.battle_gains = [0; MAX_PLAYERS];
        for q in 0..n {
            if !self.seats[q].has(Token::Entrenchment) {
                for c in [Card::Red1Horn, Card::Red2Horn] {
                    let k = self.seats[q].area[c.index()];
                    self.seats[q].area[c.index()] = 0;
                    self.discard[c.index()] += k as u32;
                }
            }
        }
        self.conflict_flipped = 0;
        self.battle_due = false;
    }

    // ----- medals -----

    fn may_claim(&self, slot: &MedalSlot, p: usize) -> bool {
        let n = self.players();
        match slot.beside_deck {
            Some(i) => p == i || p == (i + 1) % n,
            None => true,
        }
    }

    pub fn meets(&self, p: usize, medal: MedalId) -> bool {
        medal
            .medal()
            .requires
            .iter()
            .all(|&r| self.requirement_met(p, r))
    }

    /// One condition of a medal objective, for seat p now.
    pub fn requirement_met(&self, p: usize, r: Requirement) -> bool {
        let s = &self.seats[p];
        match r {
            Requirement::Colour(colour, min) => s.colour_count(colour) >= min,
            Requirement::Kinds(kinds, min) => kinds.iter().map(|&c| s.count(c)).sum::<u32>() >= min,
            Requirement::Cards(min) => s.cards() >= min,
            Requirement::StagesBuilt(min) => s.stages_built() >= min,
            Requirement::ProgressTokens(min) => s.token_count() >= min,
            Requirement::MilitaryTokens(min) => s.military >= min,
            Requirement::CatPawn => self.cat == Some(p),
            Requirement::MilitaryTokensInOneBattle(min) => self.battle_gains[p] >= min,
        }
    }

    /// Medals seat p may still claim (unclaimed, beside it or in the centre).
    pub fn open_medals(&self, p: usize) -> impl Iterator<Item = MedalId> + '_ {
        self.medals
            .iter()
            .filter(move |m| m.holders == 0 && self.may_claim(m, p))
            .map(|m| m.medal)
    }

    #[inline]
    fn claim_medals<S: EventSink<Event>>(&mut self, p: usize, sink: &mut S) {
        // Most games are played without Medals: skip the call entirely then.
        if !self.medals.is_empty() {
            self.claim_open_medals(p, sink);
        }
    }

    fn claim_open_medals<S: EventSink<Event>>(&mut self, p: usize, sink: &mut S) {
        for i in 0..self.medals.len() {
            let slot = &self.medals[i];
            if slot.holders == 0 && self.may_claim(slot, p) && self.meets(p, slot.medal) {
                self.medals[i].holders |= 1 << p;
                let medal = self.medals[i].medal;
                sink.emit(Event::Medal { seat: p, medal });
            }
        }
    }

    fn claim_medals_at_battle<S: EventSink<Event>>(
        &mut self,
        p: usize,
        before: &[u8],
        sink: &mut S,
    ) {
        for (i, &held_before) in before.iter().enumerate() {
            let slot = &self.medals[i];
            let shared = slot.beside_deck.is_none()
                && slot.medal == MedalId::Military2OneBattle
                && held_before == 0;
            let open = slot.holders == 0 || (shared && slot.holders & (1 << p) == 0);
            if open && self.may_claim(slot, p) && self.meets(p, slot.medal) {
                self.medals[i].holders |= 1 << p;
                let medal = self.medals[i].medal;
                sink.emit(Event::Medal { seat: p, medal });
            }
        }
    }

    pub fn medals_held(&self, p: usize) -> Vec<MedalId> {
        self.medals
            .iter()
            .filter(|m| m.holders & (1 << p) != 0)
            .map(|m| m.medal)
            .collect()
    }

    // ----- scoring -----

    pub fn score(&self, p: usize) -> Score {
        let s = &self.seats[p];
        let wonder = self.wonders[p].wonder();
        let wonder_vp = (0..5)
            .filter(|&k| s.built & (1 << k) != 0)
            .map(|k| wonder.pieces[k].vp)
            .sum();
        let civilian = s.count(Card::Blue3Vp) * Card::Blue3Vp.vp()
            + s.count(Card::Blue2VpCat) * Card::Blue2VpCat.vp();
        let cat = if self.cat == Some(p) { CAT_VP } else { 0 };
        let military = s.military * MILITARY_TOKEN_VP;
        let mut progress = 0;
        for t in Token::ALL {
            let k = s.tokens[t.index()] as u32;
            if k == 0 {
                continue;
            }
            progress += match t {
                Token::Decor => {
                    if s.stages_built() == 5 {
                        DECOR_VP_FINISHED
                    } else {
                        DECOR_VP_UNFINISHED
                    }
                }
                Token::Politics => s.count(Card::Blue2VpCat),
                Token::Strategy => s.military,
                Token::Education => 2 * s.token_count(),
                Token::Culture => CULTURE_VP[(k as usize).min(3)],
                Token::Logistics => 2 * s.colour_count(Colour::Grey),
                Token::Urbanism
                | Token::Crafts
                | Token::Jewellery
                | Token::Science
                | Token::Propaganda
                | Token::Architecture
                | Token::Economy
                | Token::Engineering
                | Token::Tactics
                | Token::Domestication
                | Token::Entrenchment => 0,
            };
        }
        let held = self.medals.iter().filter(|m| m.holders & (1 << p) != 0);
        let medals = held.count() as u32 * MEDAL_VP;
        Score {
            wonder: wonder_vp,
            civilian,
            cat,
            military,
            progress,
            medals,
        }
    }

    /// The winners: highest total, then more stages built; still tied, shared.
    pub fn winners(&self) -> Vec<usize> {
        let key = |p: usize| (self.score(p).total(), self.seats[p].stages_built());
        let best = (0..self.players()).map(key).max().expect("2+ seats");
        (0..self.players()).filter(|&p| key(p) == best).collect()
    }

    /// Cards on the table, in areas and in the discard pile (a conservation check).
    pub fn cards_in_play(&self) -> u32 {
        let decks: usize = self.decks.iter().map(|d| d.len()).sum::<usize>() + self.central.len();
        let areas: u32 = self.seats.iter().map(|s| s.cards()).sum();
        decks as u32 + areas + self.discard.iter().sum::<u32>()
    }

    /// Re-samples what `observer` cannot see: every Wonder deck under its (public) top (under the
    /// top 5 Halicarnassus's owner is looking at), the central deck (except a top the observer
    /// peeked at with the Cat or Domestication at the start of its turn), the stack.
    pub fn determinize_for(&self, observer: usize, rng: &mut dyn rand::RngCore) -> Architects {
        let mut g = self.clone();
        // Halicarnassus's owner sees the top 5 of its two decks while it chooses.
        let looking = self.current == observer
            && self.phase == Phase::StageEffect(StageEffect::LookFiveKeepOne);
        let seen_by_looking = [self.left_deck(observer), self.right_deck(observer)];
        for (i, d) in g.decks.iter_mut().enumerate() {
            let seen = if looking && seen_by_looking.contains(&DeckRef::Wonder(i as u8)) {
                HALICARNASSUS_LOOK
            } else {
                1
            };
            let hidden = d.len().saturating_sub(seen);
            shuffle(&mut d[..hidden], rng);
        }
        let peeked = self.current == observer
            && self.phase == Phase::Take
            && (self.cat == Some(observer) || self.seats[observer].has(Token::Domestication));
        let keep = if peeked { 1 } else { 0 };
        let len = g.central.len();
        shuffle(&mut g.central[..len.saturating_sub(keep)], rng);
        shuffle(&mut g.progress_stack, rng);
        g.rng = GameRng::seed_from_u64(rng.next_u64());
        g
    }
}

/// The score pad of one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wonder: u32,
    pub civilian: u32,
    pub cat: u32,
    pub military: u32,
    pub progress: u32,
    pub medals: u32,
}

impl Score {
    /// The score pad's lines, in record order.
    pub const LINES: [&'static str; 6] = [
        "wonder", "civilian", "cat", "military", "progress", "medals",
    ];

    pub fn lines(&self) -> [u32; 6] {
        [
            self.wonder,
            self.civilian,
            self.cat,
            self.military,
            self.progress,
            self.medals,
        ]
    }

    pub fn total(&self) -> u32 {
        self.lines().iter().sum()
    }
}

/// Military Victory tokens seat q wins in a Battle.
pub fn battle_gain(shields: &[u32], q: usize) -> u32 {
    let n = shields.len();
    if n == 2 {
        let (mine, theirs) = (shields[q], shields[1 - q]);
        if mine <= theirs {
            0
        } else if mine >= 2 && mine >= 2 * theirs {
            2
        } else {
            1
        }
    } else {
        let left = shields[(q + 1) % n];
        let right = shields[(q + n - 1) % n];
        (shields[q] > left) as u32 + (shields[q] > right) as u32
    }
}

/// `OPEN_PIECES[wonder][built]`: the pieces that may be built next (bit k = piece k), given
/// the built ones. Only the lowest level with an unbuilt piece is open.
const OPEN_PIECES: [[u8; 32]; 7] = {
    let mut table = [[0u8; 32]; 7];
    let mut w = 0;
    while w < 7 {
        let pieces = &WONDERS[w].pieces;
        let mut built = 0;
        while built < 32 {
            let mut lowest = u8::MAX;
            let mut k = 0;
            while k < 5 {
                if built & (1 << k) == 0 && pieces[k].level < lowest {
                    lowest = pieces[k].level;
                }
                k += 1;
            }
            let mut mask = 0u8;
            k = 0;
            while k < 5 {
                if built & (1 << k) == 0 && pieces[k].level == lowest {
                    mask |= 1 << k;
                }
                k += 1;
            }
            table[w][built] = mask;
            built += 1;
        }
        w += 1;
    }
    table
};

/// Is there any valid payment of `cost` from `have` (wood..glass, coin)? The same answer as
/// a non-empty payment list, in a few operations: under the grey rule at most `greys` grey
/// cards can be paid (all of them with Engineering, one per kind for "different", the largest
/// kind for "identical"), coins fill the rest; Economy allows one card less if a coin is paid.
pub fn can_pay(cost: Cost, have: &[u8; 6], economy: bool, engineering: bool) -> bool {
    PayReach::new(have, economy, engineering).covers(cost)
}

/// What `can_pay` needs of the cards held, read once for several costs.
struct PayReach {
    /// The most grey cards payable under each cost's rule (both the sum with Engineering):
    /// one per kind ("different"), one kind ("identical").
    different: u32,
    identical: u32,
    coins: u32,
    economy: bool,
}

impl PayReach {
    #[inline]
    fn new(have: &[u8; 6], economy: bool, engineering: bool) -> PayReach {
        let grey = &have[..5];
        let any = grey.iter().map(|&k| k as u32).sum();
        let (different, identical) = if engineering {
            (any, any)
        } else {
            (
                grey.iter().filter(|&&k| k > 0).count() as u32,
                grey.iter().copied().max().unwrap_or(0) as u32,
            )
        };
        PayReach {
            different,
            identical,
            coins: have[5] as u32,
            economy,
        }
    }

    #[inline]
    fn covers(&self, cost: Cost) -> bool {
        // Selected, not branched on: which rule a random piece has is hard to predict.
        let greys = [self.different, self.identical][matches!(cost, Cost::Identical(_)) as usize];
        let n = cost.count();
        let coins = self.coins;
        // Without short circuits: the answer is hard to predict, one branch is cheaper than three.
        (greys + coins >= n) | (self.economy & (coins >= 1) & (greys + coins + 1 >= n))
    }
}

/// Do the grey cards of `paid` meet the cost's identical/different rule (coins fill gaps)?
pub fn grey_fits(cost: Cost, paid: &Payment) -> bool {
    let kinds = paid[..5].iter().filter(|&&k| k > 0).count();
    match cost {
        Cost::Identical(_) => kinds <= 1,
        Cost::Different(_) => paid[..5].iter().all(|&k| k <= 1),
    }
}

/// Is `paid` an exact payment of `cost` with the tokens still usable?
pub fn payment_valid(cost: Cost, paid: &Payment, economy: bool, engineering: bool) -> bool {
    let cards: u32 = paid.iter().map(|&k| k as u32).sum();
    let count = cost.count();
    let exact = cards == count || (economy && paid[5] >= 1 && cards + 1 == count);
    exact && (engineering || grey_fits(cost, paid))
}

/// What the grey cards of a payment must look like (`grey_fits`), as a search constraint.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GreyRule {
    /// Engineering: any mix.
    Free,
    /// At most one grey kind (coins fill the rest).
    Identical,
    /// At most one card of each grey kind (coins fill the rest).
    Different,
}

/// The exact payments of one piece by one seat, searched by counts per kind (a payment is a
/// multiset of card kinds), never by card subsets, with every impossible branch cut early.
struct PaymentSearch {
    have: [u8; 6],
    economy: bool,
    rule: GreyRule,
    /// `reach[i]`: the most cards kinds i.. (greys under `rule`, then coins) can still pay.
    reach: [u8; 6],
    /// `held_from[i]`: the first grey kind `≥ i` the seat holds (5: none). Kinds it lacks are
    /// paid 0 without a level of search each.
    held_from: [u8; 6],
}

impl PaymentSearch {
    fn new(cost: Cost, have: [u8; 6], economy: bool, engineering: bool) -> PaymentSearch {
        let rule = match (engineering, cost) {
            (true, _) => GreyRule::Free,
            (false, Cost::Identical(_)) => GreyRule::Identical,
            (false, Cost::Different(_)) => GreyRule::Different,
        };
        let mut reach = [0u8; 6];
        reach[5] = have[5];
        for i in (0..5).rev() {
            let usable = match rule {
                GreyRule::Free | GreyRule::Identical => have[i],
                GreyRule::Different => have[i].min(1),
            };
            // For Identical only one grey kind counts: the largest, not the sum.
            reach[i] = match rule {
                GreyRule::Identical => usable.max(reach[i + 1] - have[5]) + have[5],
                GreyRule::Free | GreyRule::Different => usable + reach[i + 1],
            };
        }
        let mut held_from = [5u8; 6];
        for i in (0..5).rev() {
            held_from[i] = if have[i] > 0 {
                i as u8
            } else {
                held_from[i + 1]
            };
        }
        PaymentSearch {
            have,
            economy,
            rule,
            reach,
            held_from,
        }
    }

    /// Calls `f` on every valid payment of `count` cards, in increasing lexicographic order of
    /// the counts (wood first, coins last): the order legal actions list them in. Stops at the
    /// first `Break`.
    fn run<B>(&self, count: u8, f: &mut impl FnMut(&Payment) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut pay = [0u8; 6];
        self.grey(0, count, false, &mut pay, f)
    }

    /// Chooses how many cards of grey kind `i` to pay, `left` cards still owed.
    fn grey<B>(
        &self,
        i: usize,
        left: u8,
        grey_used: bool,
        pay: &mut Payment,
        f: &mut impl FnMut(&Payment) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let i = self.held_from[i] as usize;
        // Nothing left to pay, no grey kind left, or one grey kind paid under the identical
        // rule: the other greys stay at 0.
        if i == 5 || left == 0 || (self.rule == GreyRule::Identical && grey_used) {
            return self.coins(left, pay, f);
        }
        // Economy lets the payment be one card short.
        if self.reach[i] < left.saturating_sub(self.economy as u8) {
            return ControlFlow::Continue(());
        }
        let max = match self.rule {
            GreyRule::Free => self.have[i].min(left),
            GreyRule::Different => self.have[i].min(left).min(1),
            GreyRule::Identical if grey_used => 0,
            GreyRule::Identical => self.have[i].min(left),
        };
        for k in 0..=max {
            pay[i] = k;
            self.grey(i + 1, left - k, grey_used || k > 0, pay, f)?;
        }
        pay[i] = 0;
        ControlFlow::Continue(())
    }

    /// The coins: `left - 1` of them with Economy (one card short, at least one coin paid),
    /// then exactly `left`.
    fn coins<B>(
        &self,
        left: u8,
        pay: &mut Payment,
        f: &mut impl FnMut(&Payment) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.economy && left >= 2 && left - 1 <= self.have[5] {
            pay[5] = left - 1;
            f(pay)?;
        }
        if left <= self.have[5] {
            pay[5] = left;
            f(pay)?;
        }
        pay[5] = 0;
        ControlFlow::Continue(())
    }
}

/// Halicarnassus: takes one `keep` from the top 5 of `cards` (copies are interchangeable, so
/// the topmost) and reshuffles the rest, or puts them in a replayed order (`after`, top first).
fn keep_and_reshuffle<const N: usize>(
    cards: &mut ArrayVec<Card, N>,
    keep: Card,
    after: Option<&[Card]>,
    rng: &mut GameRng,
) {
    let pos = cards.iter().rposition(|&c| c == keep).expect("legal keep");
    cards.remove(pos);
    match after {
        // Checked by `check_deck_after`: the same cards, so they fit.
        Some(after) => *cards = after.iter().rev().copied().collect(),
        None => shuffle(cards, rng),
    }
}

fn same_cards(a: &[Card], b: &[Card]) -> bool {
    let mut x = a.to_vec();
    let mut y = b.to_vec();
    x.sort();
    y.sort();
    x == y
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain definition the search must match: every multiset of cards from `have` of
    /// `count` or `count - 1` cards that `payment_valid` accepts, in lexicographic order.
    fn brute_force(cost: Cost, have: &[u8; 6], economy: bool, engineering: bool) -> Vec<Payment> {
        let mut out = Vec::new();
        let mut pay = [0u8; 6];
        fn rec(have: &[u8; 6], i: usize, left: u8, pay: &mut Payment, f: &mut dyn FnMut(&Payment)) {
            if i == 6 {
                if left <= 1 {
                    f(pay);
                }
                return;
            }
            for k in 0..=have[i].min(left) {
                pay[i] = k;
                rec(have, i + 1, left - k, pay, f);
            }
            pay[i] = 0;
        }
        rec(have, 0, cost.count() as u8, &mut pay, &mut |p| {
            if payment_valid(cost, p, economy, engineering) {
                out.push(*p);
            }
        });
        out
    }

    #[test]
    fn the_payment_search_lists_exactly_the_valid_payments_in_order() {
        let costs = [2, 3, 4]
            .into_iter()
            .flat_map(|n| [Cost::Different(n), Cost::Identical(n)]);
        for cost in costs {
            for code in 0..4usize.pow(6) {
                let mut have = [0u8; 6];
                for (i, h) in have.iter_mut().enumerate() {
                    *h = (code / 4usize.pow(i as u32) % 4) as u8;
                }
                for (economy, engineering) in
                    [(false, false), (true, false), (false, true), (true, true)]
                {
                    let mut got = Vec::new();
                    let _ = PaymentSearch::new(cost, have, economy, engineering).run(
                        cost.count() as u8,
                        &mut |p| {
                            got.push(*p);
                            ControlFlow::<()>::Continue(())
                        },
                    );
                    assert_eq!(
                        can_pay(cost, &have, economy, engineering),
                        !got.is_empty(),
                        "can_pay {cost:?} {have:?} economy {economy} engineering {engineering}"
                    );
                    assert_eq!(
                        got,
                        brute_force(cost, &have, economy, engineering),
                        "{cost:?} {have:?} economy {economy} engineering {engineering}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_card_offers_the_token_whose_trigger_lists_it() {
        for card in Card::ALL {
            let by_trigger: Vec<Token> = Token::ALL
                .into_iter()
                .filter(|t| t.extra_card_trigger().contains(&card))
                .collect();
            assert_eq!(
                card.extra_card_token().into_iter().collect::<Vec<_>>(),
                by_trigger
            );
        }
    }
}
