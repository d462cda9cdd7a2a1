//! Setting a game up: every random draw (the Wonders offered, the tokens, the three Ages' layouts,
//! the removed cards and guilds) in a [`Setup`], and a game from a setup.

use super::*;
use crate::pantheon_data::{
    Mythology, MYTHOLOGY_TOKENS_PER_MYTHOLOGY, NUM_GRAND_TEMPLES, OFFERING_TOKENS,
};

/// The outcome of every random draw of a game: what a record's `setup` holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The 8 Wonders in the order revealed (first 4 = draft round 1).
    pub wonders_offered: [WonderId; 8],
    /// The 5 Progress tokens on the board.
    pub progress_on_board: [TokenId; 5],
    /// The others, in the order the Great Library (and Enki) draws them: 5, or 8 with
    /// Pantheon ([`Setup::progress_box`]; the entries after them are unused).
    pub progress_in_box: [TokenId; 8],
    /// The 20 cards of each Age, by layout slot.
    pub ages: [[CardId; 20]; 3],
    /// The 3 cards per Age returned to the box unseen.
    pub removed: [[CardId; 3]; 3],
    /// The 4 Guilds left in the box (base game; with Pantheon every Guild stays in the box).
    pub guilds_unused: [CardId; 4],
    /// Pantheon's draws, when it is played.
    pub pantheon: Option<PantheonSetup>,
}

/// Pantheon's part of a setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PantheonSetup {
    /// The Mythology (index in `Mythology::ALL`) of the token on each marked Age I slot, in
    /// `MYTHOLOGY_TOKEN_SLOTS` order; at most 2 per Mythology.
    pub mythology_tokens: [u8; 5],
    /// The value of the Offering token on each marked Age II slot, in `OFFERING_TOKEN_SLOTS`
    /// order.
    pub offering_tokens: [u8; 3],
    /// Each Mythology deck's order at the start, top first.
    pub mythology_decks: [[DivinityId; 3]; 5],
    /// The 2 Grand Temples left in the box.
    pub grand_temples_unused: [CardId; 2],
}

impl Setup {
    /// The Progress tokens in the box, in draw order.
    pub fn progress_box(&self) -> &[TokenId] {
        let n = if self.pantheon.is_some() { 8 } else { 5 };
        &self.progress_in_box[..n]
    }

    /// Draws a setup: wonders, tokens, the three Age decks (3 cards removed from each) and the
    /// 3 Guilds shuffled into Age III.
    pub fn random<R: RngCore + ?Sized>(rng: &mut R) -> Setup {
        let mut wonders: [WonderId; BASE_WONDERS] = std::array::from_fn(|i| i as WonderId);
        wonders.shuffle(rng);
        let mut tokens: [TokenId; BASE_TOKENS] = std::array::from_fn(|i| i as TokenId);
        tokens.shuffle(rng);

        let mut ages = [[0; 20]; 3];
        let mut removed = [[0; 3]; 3];
        Self::deal_ages_one_and_two(&mut ages, &mut removed, rng);
        let mut age3: [CardId; 20] = std::array::from_fn(|i| DECK_STARTS[2] + i as u8);
        age3.shuffle(rng);
        let mut guilds: [CardId; 7] = std::array::from_fn(|i| DECK_STARTS[3] + i as u8);
        guilds.shuffle(rng);
        removed[2].copy_from_slice(&age3[17..]);
        ages[2][..17].copy_from_slice(&age3[..17]);
        ages[2][17..].copy_from_slice(&guilds[..3]);
        ages[2].shuffle(rng);

        let mut progress_in_box = [0; 8];
        progress_in_box[..5].copy_from_slice(&tokens[5..]);
        Setup {
            wonders_offered: wonders[..8].try_into().unwrap(),
            progress_on_board: tokens[..5].try_into().unwrap(),
            progress_in_box,
            ages,
            removed,
            guilds_unused: guilds[3..].try_into().unwrap(),
            pantheon: None,
        }
    }

    /// Ages I and II: 20 of each deck's 23 cards, 3 removed.
    fn deal_ages_one_and_two<R: RngCore + ?Sized>(
        ages: &mut [[CardId; 20]; 3],
        removed: &mut [[CardId; 3]; 3],
        rng: &mut R,
    ) {
        for age in 0..2 {
            let mut deck: [CardId; 23] = std::array::from_fn(|i| DECK_STARTS[age] + i as u8);
            deck.shuffle(rng);
            ages[age].copy_from_slice(&deck[..20]);
            removed[age].copy_from_slice(&deck[20..]);
        }
    }

    /// Draws a Pantheon setup: 8 of the 14 Wonders, 5 of the 13 tokens on the board (8 in the
    /// box), Ages I and II as in the base game, Age III's 17 kept cards and 3 of the 5 Grand
    /// Temples (no Guild), 5 of the 10 Mythology tokens on the marked Age I slots, the 3
    /// Offering tokens on the marked Age II slots, and each Mythology deck's order.
    pub fn random_pantheon<R: RngCore + ?Sized>(rng: &mut R) -> Setup {
        let mut wonders: [WonderId; NUM_WONDERS] = std::array::from_fn(|i| i as WonderId);
        wonders.shuffle(rng);
        let mut tokens: [TokenId; NUM_TOKENS] = std::array::from_fn(|i| i as TokenId);
        tokens.shuffle(rng);
        let mut ages = [[0; 20]; 3];
        let mut removed = [[0; 3]; 3];
        Self::deal_ages_one_and_two(&mut ages, &mut removed, rng);
        let mut age3: [CardId; 20] = std::array::from_fn(|i| DECK_STARTS[2] + i as u8);
        age3.shuffle(rng);
        let mut temples: [CardId; NUM_GRAND_TEMPLES] =
            std::array::from_fn(|i| FIRST_GRAND_TEMPLE + i as u8);
        temples.shuffle(rng);
        removed[2].copy_from_slice(&age3[17..]);
        ages[2][..17].copy_from_slice(&age3[..17]);
        ages[2][17..].copy_from_slice(&temples[..3]);
        ages[2].shuffle(rng);
        let mut mythology: [u8; 10] = std::array::from_fn(|i| (i / 2) as u8);
        mythology.shuffle(rng);
        let mut offering_tokens = OFFERING_TOKENS;
        offering_tokens.shuffle(rng);
        let mythology_decks = std::array::from_fn(|m| {
            let mut deck: [DivinityId; 3] = std::array::from_fn(|i| (3 * m + i) as DivinityId);
            deck.shuffle(rng);
            deck
        });
        Setup {
            wonders_offered: wonders[..8].try_into().unwrap(),
            progress_on_board: tokens[..5].try_into().unwrap(),
            progress_in_box: tokens[5..].try_into().unwrap(),
            ages,
            removed,
            guilds_unused: [0; 4],
            pantheon: Some(PantheonSetup {
                mythology_tokens: mythology[..5].try_into().unwrap(),
                offering_tokens,
                mythology_decks,
                grand_temples_unused: temples[3..].try_into().unwrap(),
            }),
        }
    }

    /// Checks that the setup is a possible deal: every component exactly once, each Age deck
    /// holding its own cards, 3 Guilds in Age III (with Pantheon 3 Grand Temples, no Guild,
    /// and the expansion's tokens and decks). Names the first problem.
    pub fn validate(&self) -> Result<(), String> {
        let pantheon = self.pantheon.is_some();
        let (n_wonders, n_tokens) = if pantheon {
            (NUM_WONDERS, NUM_TOKENS)
        } else {
            (BASE_WONDERS, BASE_TOKENS)
        };
        let mut wonders = 0u16;
        for &w in &self.wonders_offered {
            if w as usize >= n_wonders || wonders >> w & 1 == 1 {
                return Err(format!(
                    "wonder {} is unknown or offered twice",
                    WONDERS.get(w as usize).map_or("?", |x| x.id)
                ));
            }
            wonders |= 1 << w;
        }
        let mut tokens = 0u16;
        for &t in self.progress_on_board.iter().chain(self.progress_box()) {
            if t as usize >= n_tokens || tokens >> t & 1 == 1 {
                return Err(format!(
                    "progress token {} is unknown or appears twice",
                    PROGRESS_TOKENS.get(t as usize).map_or("?", |x| x.id)
                ));
            }
            tokens |= 1 << t;
        }
        // The purple cards of Age III: Guilds, or with Pantheon Grand Temples.
        let purple = |c: CardId| {
            if pantheon {
                is_grand_temple(c)
            } else {
                (c as usize) < BASE_CARDS && CARDS[c as usize].guild.is_some()
            }
        };
        let kind = if pantheon { "Grand Temple" } else { "guild" };
        for age in 0..3 {
            let mut seen = CardSet::EMPTY;
            let mut purples = 0;
            for &c in self.ages[age].iter().chain(&self.removed[age]) {
                let ok_deck = (c as usize) < BASE_CARDS
                    && CARDS[c as usize].age as usize == age + 1
                    && CARDS[c as usize].guild.is_none();
                if !(ok_deck || age == 2 && purple(c)) || seen.contains(c) {
                    return Err(format!(
                        "card {} is not an Age {} card or appears twice",
                        CARDS.get(c as usize).map_or("?", |k| k.id),
                        age + 1
                    ));
                }
                if purple(c) {
                    purples += 1;
                    if self.removed[age].contains(&c) {
                        return Err(format!(
                            "{kind} {} is among the removed cards",
                            CARDS[c as usize].id
                        ));
                    }
                }
                seen.insert(c);
            }
            if age == 2 {
                let unused: &[CardId] = match &self.pantheon {
                    Some(p) => &p.grand_temples_unused,
                    None => &self.guilds_unused,
                };
                for &g in unused {
                    if !purple(g) || seen.contains(g) {
                        return Err(format!(
                            "unused {kind} {} is not a {kind} or appears twice",
                            CARDS.get(g as usize).map_or("?", |x| x.id)
                        ));
                    }
                    seen.insert(g);
                }
                if purples != 3 {
                    return Err(format!("Age III holds {purples} {kind}s instead of 3"));
                }
            }
        }
        if let Some(p) = &self.pantheon {
            let mut per = [0u8; 5];
            for &m in &p.mythology_tokens {
                let Some(n) = per.get_mut(m as usize) else {
                    return Err(format!("unknown Mythology {m} on a token"));
                };
                *n += 1;
                if *n > MYTHOLOGY_TOKENS_PER_MYTHOLOGY {
                    return Err(format!(
                        "more than {MYTHOLOGY_TOKENS_PER_MYTHOLOGY} {} Mythology tokens",
                        Mythology::ALL[m as usize].id()
                    ));
                }
            }
            let mut values = p.offering_tokens;
            values.sort();
            if values != OFFERING_TOKENS {
                return Err(format!(
                    "the Offering tokens are {:?}, not the values {:?}",
                    p.offering_tokens, OFFERING_TOKENS
                ));
            }
            for (m, deck) in p.mythology_decks.iter().enumerate() {
                let mut sorted = *deck;
                sorted.sort();
                let own: Vec<DivinityId> = Mythology::ALL[m].divinities().collect();
                if sorted[..] != own[..] {
                    return Err(format!(
                        "the {} deck does not hold its 3 Divinities once each",
                        Mythology::ALL[m].id()
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Duel {
    /// A new game from a seed and options: draws the setup, then arranges the Wonders as the
    /// options ask.
    pub fn new<R: RngCore + ?Sized>(options: DuelConfig, rng: &mut R) -> Duel {
        let mut setup = if options.pantheon {
            Setup::random_pantheon(rng)
        } else {
            Setup::random(rng)
        };
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
            wonder_costs: [[0; 5]; 2],
            slot_of: [u8::MAX; NUM_CARDS],
            players: [player; 2],
            pawn: 0,
            military_tokens: 0b1111,
            board_tokens,
            box_tokens: setup.progress_in_box,
            box_len: setup.progress_box().len() as u8,
            discard: CardSet::EMPTY,
            current: DRAFT_ORDER[0],
            pending: Decisions::default(),
            extra_turn: false,
            wonders_built: 0,
            picks: 0,
            supremacy: None,
            pantheon: pantheon::Pantheon::default(),
        };
        game.index_layout();
        game.init_pantheon();
        game
    }
}
