//! Setting a game up: every random draw (the Wonders offered, the tokens, the three Ages' layouts,
//! the removed cards and guilds) in a [`Setup`], and a game from a setup.

use super::*;

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
                return Err(format!(
                    "wonder {} is unknown or offered twice",
                    WONDERS.get(w as usize).map_or("?", |x| x.id)
                ));
            }
            wonders |= 1 << w;
        }
        let mut tokens = 0u16;
        for &t in self.progress_on_board.iter().chain(&self.progress_in_box) {
            if t as usize >= NUM_TOKENS || tokens >> t & 1 == 1 {
                return Err(format!(
                    "progress token {} is unknown or appears twice",
                    PROGRESS_TOKENS.get(t as usize).map_or("?", |x| x.id)
                ));
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
                        return Err(format!(
                            "unused guild {} is not a guild or appears twice",
                            CARDS.get(g as usize).map_or("?", |x| x.id)
                        ));
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
}
