//! Setting a game up: the deal of every Age and the boards, from a seed or from a record's
//! setup.

use super::*;
use crate::cities_data::black_cards_per_age;
use crate::leader_draft::{check_decks, deal};
use crate::leaders_data::LEADERS;

/// A leader deal: the decks shuffled together, 4 leaders per seat, the box in draw order.
pub(super) type LeaderDeal = (
    Vec<LeaderDeck>,
    Vec<[LeaderId; LEADERS_PER_SEAT]>,
    Vec<LeaderId>,
);

impl ClassicGame {
    /// A new game with every random draw taken from `seed`.
    pub fn new(config: &ClassicConfig, seed: u64) -> Result<ClassicGame, SetupError> {
        let (wonders, decks, guilds_unused, black_unused, leaders) = Self::draw(config, seed)?;
        let mut g = Self::build(
            config,
            &wonders,
            &decks,
            &guilds_unused,
            &black_unused,
            leaders.as_ref(),
        );
        g.seed = Some(seed);
        Ok(g)
    }

    /// The random draws of a game with this seed (what [`ClassicGame::new`] plays).
    pub fn draw_setup(config: &ClassicConfig, seed: u64) -> Result<Setup, SetupError> {
        let (wonders, decks, guilds_unused, black_unused, leaders) = Self::draw(config, seed)?;
        let hand = config.hand_size();
        let hands = decks.map(|d| d.chunks(hand).map(|c| c.to_vec()).collect());
        let (leader_decks, leaders, leaders_box) = leaders.unwrap_or_default();
        Ok(Setup {
            wonders,
            hands,
            guilds_unused: guilds_unused.to_vec(),
            black_unused,
            leader_decks,
            leaders,
            leaders_box,
        })
    }

    /// Wonders and sides, the three shuffled decks (hand `j` = the `j`-th run of hand-size
    /// cards), the guilds left in the box, and with Cities the black cards left out per Age.
    #[allow(clippy::type_complexity)]
    pub(super) fn draw(
        config: &ClassicConfig,
        seed: u64,
    ) -> Result<
        (
            Vec<(Wonder, Side)>,
            [ArrayVec<CardId, DEAL_SLOTS>; 3],
            ArrayVec<CardId, MAX_GUILDS>,
            [Vec<CardId>; 3],
            Option<LeaderDeal>,
        ),
        SetupError,
    > {
        let n = config.players;
        if !(3..=7).contains(&n) {
            return Err(SetupError(format!("{n} players (3 to 7 allowed)")));
        }
        if config.teams {
            crate::teams::check_table(n, config.expansions.contains(Expansion::CITIES))
                .map_err(SetupError)?;
        }
        let cat = catalog(config.edition, config.expansions);
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
        if let Some(w) = fixed.iter().flatten().find(|w| !cat.boards.contains(w)) {
            return Err(SetupError(format!(
                "board {} is not in this game (boards: {})",
                w.id(),
                cat.boards
                    .iter()
                    .map(|b| b.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let mut pool: ArrayVec<Wonder, { BOARDS.len() }> = cat
            .boards
            .iter()
            .copied()
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
        let mut guilds: ArrayVec<CardId, MAX_GUILDS> = cat.guilds.iter().copied().collect();
        guilds.shuffle(&mut rng);
        let unused: ArrayVec<CardId, MAX_GUILDS> = guilds[n + 2..].iter().copied().collect();
        // Cities: as many black cards of each Age as players join its deck (drawn only with
        // Cities, so that base games keep their deals).
        let mut black_unused: [Vec<CardId>; 3] = Default::default();
        let mut black_dealt: [Vec<CardId>; 3] = Default::default();
        if config.expansions.contains(Expansion::CITIES) {
            for a in 0..3 {
                let mut blacks = cat.blacks[a].clone();
                blacks.shuffle(&mut rng);
                black_unused[a] = blacks.split_off(black_cards_per_age(n));
                // Left out, they have no order: table order, as the game keeps them.
                black_unused[a].sort();
                black_dealt[a] = blacks;
            }
        }
        let decks = std::array::from_fn(|a| {
            let mut deck: ArrayVec<CardId, DEAL_SLOTS> =
                cat.deck(a as u8 + 1, n).iter().copied().collect();
            if a == 2 {
                deck.extend(guilds[..n + 2].iter().copied());
            }
            deck.extend(black_dealt[a].iter().copied());
            deck.shuffle(&mut rng);
            deck
        });
        // Leaders: the decks shuffled together, 4 per seat, the rest in the box in draw order.
        let leaders = if config.expansions.contains(Expansion::LEADERS) {
            let decks = config.leader_decks_in_play();
            check_decks(&decks, config.expansions.contains(Expansion::CITIES))
                .map_err(SetupError)?;
            let (deal, boxed) = deal(&decks, n, &mut rng);
            Some((decks, deal, boxed))
        } else {
            None
        };
        Ok((wonders, decks, unused, black_unused, leaders))
    }

    /// The game at the start of Age I, from draws already known to be valid.
    pub(super) fn build(
        config: &ClassicConfig,
        wonders: &[(Wonder, Side)],
        decks: &[ArrayVec<CardId, DEAL_SLOTS>; 3],
        unused: &[CardId],
        black_unused: &[Vec<CardId>; 3],
        leaders: Option<&LeaderDeal>,
    ) -> ClassicGame {
        let cat = catalog(config.edition, config.expansions);
        let mut deals: [AgeDeal; 3] = Default::default();
        for (d, deck) in deals.iter_mut().zip(decks) {
            d.cards[..deck.len()].copy_from_slice(deck);
        }
        let coins = if leaders.is_some() {
            LEADERS_STARTING_COINS
        } else {
            STARTING_COINS
        };
        let cities = wonders
            .iter()
            .map(|&(w, s)| City::new(cat, w, s, coins))
            .collect();
        let mut g = ClassicGame {
            cat,
            n: config.players,
            hand: config.hand_size() as u8,
            score_lines: config.score_lines(),
            packet_masks: std::array::from_fn(|j| {
                let h = config.hand_size();
                ((1u64 << h) - 1) << (h * j)
            }),
            collapse: config.collapse_payment_splits,
            expansions: config.expansions,
            teams: config.teams,
            seed: None,
            deals,
            guilds_unused: unused.iter().copied().collect(),
            cities_table: CitiesTable {
                black_unused: black_unused.iter().flatten().map(|c| c.0).collect(),
                ..CitiesTable::default()
            },
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
            leaders: leaders
                .map(|(decks, deal, boxed)| Box::new(LeaderTable::new(decks, deal, boxed))),
            recruiting: false,
            history: Vec::with_capacity(160),
        };
        if g.leaders.is_some() {
            // The leader draft comes first.
            g.begin_turn(g.all_seats(), true);
            g.step = Step::Draft;
        } else {
            g.begin_age();
        }
        g
    }

    /// A game from explicit draws (a record's setup), checked against the rules.
    pub fn from_setup(config: &ClassicConfig, setup: &Setup) -> Result<ClassicGame, SetupError> {
        let n = config.players;
        if !(3..=7).contains(&n) {
            return Err(SetupError(format!("{n} players (3 to 7 allowed)")));
        }
        let cat = catalog(config.edition, config.expansions);
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
        let mut decks: [ArrayVec<CardId, DEAL_SLOTS>; 3] = Default::default();
        for age in 1..=3u8 {
            let hands = &setup.hands[age as usize - 1];
            let hand = config.hand_size();
            if hands.len() != n || hands.iter().any(|h| h.len() != hand) {
                return Err(SetupError(format!(
                    "Age {age}: {n} hands of {hand} cards expected"
                )));
            }
            let mut dealt: Vec<CardId> = hands.iter().flatten().copied().collect();
            let mut expected = cat.deck(age, n).to_vec();
            let blacks = &cat.blacks[age as usize - 1];
            let unused = &setup.black_unused[age as usize - 1];
            if !config.expansions.contains(Expansion::CITIES) && !unused.is_empty() {
                return Err(SetupError(
                    "black cards left out, but Cities is not in play".into(),
                ));
            }
            if config.expansions.contains(Expansion::CITIES) {
                let black: Vec<CardId> = dealt
                    .iter()
                    .copied()
                    .filter(|&c| cat.card(c).color == Color::Black)
                    .collect();
                let mut all: Vec<CardId> = black.iter().chain(unused).copied().collect();
                all.sort();
                if black.len() != black_cards_per_age(n) || all != *blacks {
                    return Err(SetupError(format!(
                        "Age {age}: {} black cards of this Age dealt, and with the ones left out \
                         they must make the Age's {}",
                        black_cards_per_age(n),
                        blacks.len()
                    )));
                }
                expected.extend_from_slice(&black);
            }
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
        let leaders = if config.expansions.contains(Expansion::LEADERS) {
            check_decks(
                &setup.leader_decks,
                config.expansions.contains(Expansion::CITIES),
            )
            .map_err(SetupError)?;
            if setup.leaders.len() != n {
                return Err(SetupError(format!(
                    "{} leader hands dealt for {n} seats",
                    setup.leaders.len()
                )));
            }
            let mut all: Vec<LeaderId> = setup.leaders.iter().flatten().copied().collect();
            all.extend_from_slice(&setup.leaders_box);
            all.sort();
            let mut decks: Vec<LeaderId> = (0..LEADERS.len())
                .filter(|&i| setup.leader_decks.contains(&LEADERS[i].deck))
                .map(|i| LeaderId(i as u8))
                .collect();
            decks.sort();
            if all != decks {
                return Err(SetupError(
                    "the leaders dealt and in the box are not the leader decks' leaders, once each"
                        .into(),
                ));
            }
            Some((
                setup.leader_decks.clone(),
                setup.leaders.clone(),
                setup.leaders_box.clone(),
            ))
        } else if !setup.leaders.is_empty() || !setup.leaders_box.is_empty() {
            return Err(SetupError(
                "leaders dealt, but Leaders is not in play".into(),
            ));
        } else {
            None
        };
        Ok(Self::build(
            config,
            &setup.wonders,
            &decks,
            &setup.guilds_unused,
            &setup.black_unused,
            leaders.as_ref(),
        ))
    }

    /// The setup this game was dealt (current deals as dealt; guilds left in the box).
    pub fn setup(&self) -> Setup {
        let mut hands: [Vec<Vec<CardId>>; 3] = Default::default();
        for (a, h) in hands.iter_mut().enumerate() {
            *h = (0..self.n)
                .map(|j| {
                    let h = self.hand_size();
                    self.deals[a].cards[j * h..(j + 1) * h].to_vec()
                })
                .collect();
        }
        Setup {
            wonders: self.cities.iter().map(|c| (c.wonder, c.side)).collect(),
            hands,
            guilds_unused: self.guilds_unused.to_vec(),
            leader_decks: self
                .leaders
                .as_ref()
                .map_or(Vec::new(), |t| t.decks.to_vec()),
            leaders: self
                .leaders
                .as_ref()
                .map_or(Vec::new(), |t| t.deal.to_vec()),
            leaders_box: self
                .leaders
                .as_ref()
                .map_or(Vec::new(), |t| t.dealt_box.to_vec()),
            black_unused: std::array::from_fn(|a| {
                self.cities_table
                    .black_unused
                    .iter()
                    .map(CardId)
                    .filter(|&c| self.cat.card(c).ages >> (a + 1) & 1 == 1)
                    .collect()
            }),
        }
    }
}
