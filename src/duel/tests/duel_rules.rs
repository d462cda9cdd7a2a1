//! The rulebook's worked examples, replayed on hand-made deals.
//!
//! Each test deals the cards so that the ones it needs come up in a known order (the layout is
//! filled in reverse dealing order, so the `k`-th card of an Age's script is the `k`-th card
//! taken), plays the turns, and checks the concrete numbers of the rules. Page numbers are
//! those of the Italian rulebook (seed 000); "notes N" refers to item N of the project's rules
//! notes.
//!
//! Seat 0 is Denise (player 1, first to play Age I), seat 1 is Lorenzo.

use wonders_bots::Game;
use wonders_duel::data::{
    card_by_id, token_by_id, wonder_by_id, CardId, Color, Resources, TokenId, WonderId,
    BASE_TOKENS, CARDS, DECK_STARTS,
};
use wonders_duel::log::describe_step;
use wonders_duel::state::{Pending, Victory, DRAFT_ORDER};
use wonders_duel::{Action, Duel, DuelConfig, Event, Setup};

const DENISE: usize = 0;
const LORENZO: usize = 1;
/// Index of each resource in the engine's price arrays.
const STONE: usize = 2;
const GLASS: usize = 3;

fn c(id: &str) -> CardId {
    card_by_id(id).unwrap_or_else(|| panic!("no card {id}"))
}
fn w(id: &str) -> WonderId {
    wonder_by_id(id).unwrap_or_else(|| panic!("no wonder {id}"))
}
fn t(id: &str) -> TokenId {
    token_by_id(id).unwrap_or_else(|| panic!("no token {id}"))
}

/// A hand-made deal. `ages[a]` is the order in which Age `a`'s cards will be taken; `"_"` is
/// any card nobody cares about (filled from the rest of the deck). Missing cards are fillers.
struct Deal<'a> {
    ages: [&'a [&'a str]; 3],
    wonders: [[&'a str; 4]; 2],
    board: [&'a str; 5],
    /// The first boxed tokens in draw order (the rest follow in id order).
    box_first: &'a [&'a str],
}

const DEFAULT_WONDERS: [[&str; 4]; 2] = [
    [
        "the_pyramids",
        "the_great_lighthouse",
        "the_temple_of_artemis",
        "the_statue_of_zeus",
    ],
    [
        "circus_maximus",
        "piraeus",
        "the_appian_way",
        "the_colossus",
    ],
];
const DEFAULT_BOARD: [&str; 5] = ["agriculture", "law", "philosophy", "strategy", "urbanism"];

impl Deal<'_> {
    fn setup(&self) -> Setup {
        let mut ages = [[0u8; 20]; 3];
        let mut removed = [[0u8; 3]; 3];
        let mut guilds_unused = [0u8; 4];
        for (age, script) in self.ages.iter().enumerate() {
            let named: Vec<CardId> = script
                .iter()
                .filter(|&&s| s != "_")
                .map(|&s| c(s))
                .collect();
            for &n in &named {
                let card = &CARDS[n as usize];
                assert_eq!(card.age as usize, age + 1, "{} is not in that Age", card.id);
            }
            let is_guild = |x: CardId| CARDS[x as usize].guild.is_some();
            let end = if age == 2 {
                DECK_STARTS[4]
            } else {
                DECK_STARTS[age + 1]
            };
            let unused: Vec<CardId> = (DECK_STARTS[age]..end)
                .filter(|x| !named.contains(x))
                .collect();
            let named_guilds = named.iter().filter(|&&x| is_guild(x)).count();
            assert!(named_guilds <= 3);
            // Fillers: the missing Guilds first (Age III needs exactly 3), then the others.
            let mut fillers: Vec<CardId> = unused
                .iter()
                .copied()
                .filter(|&x| is_guild(x))
                .take(3 - named_guilds.min(3))
                .collect();
            if age < 2 {
                fillers.clear();
            }
            fillers.extend(unused.iter().copied().filter(|&x| !is_guild(x)));
            let mut fillers = fillers.into_iter();
            let mut order: Vec<CardId> = script
                .iter()
                .map(|&s| {
                    if s == "_" {
                        fillers.next().unwrap()
                    } else {
                        c(s)
                    }
                })
                .collect();
            while order.len() < 20 {
                order.push(fillers.next().unwrap());
            }
            assert_eq!(
                order.len(),
                20,
                "too many cards scripted in Age {}",
                age + 1
            );
            for (i, &card) in order.iter().enumerate() {
                ages[age][19 - i] = card;
            }
            let rest: Vec<CardId> = fillers.collect();
            assert_eq!(rest.len(), 3);
            removed[age].copy_from_slice(&rest);
            if age == 2 {
                let left: Vec<CardId> = (DECK_STARTS[3]..DECK_STARTS[4])
                    .filter(|x| !order.contains(x))
                    .collect();
                guilds_unused.copy_from_slice(&left);
            }
        }
        let board: [TokenId; 5] = self.board.map(t);
        let mut boxed: Vec<TokenId> = self.box_first.iter().map(|&s| t(s)).collect();
        for x in 0..BASE_TOKENS as u8 {
            if !board.contains(&x) && !boxed.contains(&x) {
                boxed.push(x);
            }
        }
        let mut offered = [0u8; 8];
        let mut next = [0usize; 2];
        for (k, o) in offered.iter_mut().enumerate() {
            let seat = DRAFT_ORDER[k] as usize;
            *o = w(self.wonders[seat][next[seat]]);
            next[seat] += 1;
        }
        let setup = Setup {
            wonders_offered: offered,
            progress_on_board: board,
            progress_in_box: {
                let mut all = [0; 8];
                all[..5].copy_from_slice(&boxed);
                all
            },
            ages,
            removed,
            guilds_unused,
            pantheon: None,
        };
        setup.validate().unwrap();
        setup
    }

    /// The game after the Wonder draft.
    fn start(&self, options: DuelConfig) -> Duel {
        let setup = self.setup();
        let mut g = Duel::from_setup(setup, options);
        for &offered in &setup.wonders_offered {
            act(&mut g, Action::PickWonder(offered));
        }
        assert!(!g.is_drafting());
        assert_eq!(g.current_seat(), DENISE, "player 1 starts Age I (p.6)");
        for (seat, wonders) in self.wonders.iter().enumerate() {
            let mut mine: Vec<_> = wonders.iter().map(|&s| w(s)).collect();
            let p = g.player(seat);
            let mut got = p.wonders[..p.num_wonders as usize].to_vec();
            mine.sort();
            got.sort();
            assert_eq!(got, mine);
        }
        g
    }
}

fn deal<'a>(ages: [&'a [&'a str]; 3]) -> Deal<'a> {
    Deal {
        ages,
        wonders: DEFAULT_WONDERS,
        board: DEFAULT_BOARD,
        box_first: &[],
    }
}

fn act(g: &mut Duel, a: Action) {
    let before = *g;
    g.play(a).unwrap_or_else(|e| {
        panic!(
            "{e} (age {}, seat {} to move, pending {:?})",
            before.age(),
            before.current_seat(),
            before.pending()
        )
    });
}

fn coins(g: &Duel, seat: usize) -> u16 {
    g.player(seat).coins
}

/// The card in the highest accessible slot: the next card of the script.
fn next_card(g: &Duel) -> CardId {
    let acc = g.accessible_slots();
    assert_ne!(acc, 0);
    g.slot_card(31 - acc.leading_zeros() as usize)
}

/// Builds `id` for the player to move, paying what the engine asks; returns the price.
fn build(g: &mut Duel, id: &str) -> u16 {
    let card = c(id);
    let (paid, _) = g.card_cost(g.current_seat(), card);
    act(g, Action::Build { card, paid });
    paid
}

fn discard(g: &mut Duel, id: &str) {
    act(g, Action::Discard { card: c(id) });
}

fn discard_next(g: &mut Duel) {
    let card = next_card(g);
    act(g, Action::Discard { card });
}

fn discard_n(g: &mut Duel, n: usize) {
    for _ in 0..n {
        discard_next(g);
    }
}

/// Builds a Wonder with the next card of the script; returns the price.
fn wonder(g: &mut Duel, id: &str) -> u16 {
    let wonder = w(id);
    let card = next_card(g);
    let paid = g.wonder_cost(g.current_seat(), wonder);
    act(g, Action::Wonder { card, wonder, paid });
    paid
}

/// Discards the rest of the current Age.
fn finish_age(g: &mut Duel) {
    let age = g.age();
    while !g.is_over() && g.age() == age && g.pending().is_none() {
        discard_next(g);
    }
}

fn legal(g: &Duel) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal(&mut v);
    v
}

fn res(units: &str) -> Resources {
    Resources::parse(units)
}

// ----- costs and trading ---------------------------------------------------------------------

/// p.7-8: "Lorenzo produces 2 stone with his Shelf Quarry: Denise pays 4 coins per stone;
/// Lorenzo's third stone costs 2, since Denise produces none." Fortifications cost Lorenzo 5
/// (3 for the clay, Denise has 1; 2 for the papyrus), Caravansery 7 (2 + 3 + 2), the Aqueduct
/// 12 for Denise. Notes 5-6.
#[test]
fn trade_prices_follow_the_opponents_brown_and_grey_cards() {
    let mut g = deal([
        &["clay_pool", "_", "glassworks"],
        &["shelf_quarry", "_", "caravansery", "aqueduct"],
        &[],
    ])
    .start(DuelConfig::default());
    assert_eq!(g.trade_prices(DENISE), [2; 5]);
    assert_eq!(build(&mut g, "clay_pool"), 0);
    discard_next(&mut g);
    assert_eq!(build(&mut g, "glassworks"), 1);
    finish_age(&mut g);
    assert_eq!(g.age(), 2);
    // Pawn on the centre, seed rule: the last active player (Lorenzo took card 20) starts.
    assert_eq!(g.current_seat(), LORENZO);
    assert_eq!(g.pending(), None);
    assert_eq!(coins(&g, DENISE), 7 - 1 + 8 * 2);
    assert_eq!(coins(&g, LORENZO), 7 + 10 * 2);

    assert_eq!(build(&mut g, "shelf_quarry"), 2);
    assert_eq!(g.player(LORENZO).production.0, [0, 0, 2, 0, 0]);
    assert_eq!(
        g.trade_prices(DENISE)[STONE],
        4,
        "Denise buys stone at 2 + 2"
    );
    assert_eq!(g.trade_prices(DENISE), [2, 2, 4, 2, 2]);
    assert_eq!(g.trade_prices(LORENZO), [2, 3, 2, 3, 2]);
    assert_eq!(g.trade_cost(LORENZO, res("SSS"), 0), 2, "the third stone");
    assert_eq!(g.trade_cost(DENISE, res("S"), 0), 4);
    assert_eq!(g.trade_cost(DENISE, res("SS"), 0), 8);
    assert_eq!(g.card_cost(LORENZO, c("fortifications")), (5, 5));
    assert_eq!(g.card_cost(LORENZO, c("caravansery")), (7, 5));
    assert_eq!(g.card_cost(DENISE, c("aqueduct")), (12, 12));

    discard_next(&mut g);
    let before = coins(&g, LORENZO);
    assert_eq!(build(&mut g, "caravansery"), 7);
    assert_eq!(coins(&g, LORENZO), before - 7);
    // Choice production never raises the opponent's prices (notes 5)...
    assert_eq!(g.trade_prices(DENISE), [2, 2, 4, 2, 2]);
    // ... but serves its owner: the Caravansery gives the clay of the Fortifications.
    assert_eq!(g.card_cost(LORENZO, c("fortifications")), (2, 2));

    let before = coins(&g, DENISE);
    assert_eq!(build(&mut g, "aqueduct"), 12);
    assert_eq!(coins(&g, DENISE), before - 12);
    assert!(g.player(DENISE).city.contains(c("aqueduct")));
}

/// p.7 and notes 7: a Reserve fixes the price of its resource at 1, the Customs House those of
/// glass and papyrus; other resources keep their price.
#[test]
fn reserves_and_customs_house_buy_at_one_coin() {
    let mut g = deal([
        &["stone_reserve", "quarry", "_", "press"],
        &["_", "customs_house"],
        &[],
    ])
    .start(DuelConfig::default());
    build(&mut g, "stone_reserve");
    build(&mut g, "quarry");
    assert_eq!(g.trade_prices(DENISE), [2, 2, 1, 2, 2]);
    discard_next(&mut g);
    build(&mut g, "press");
    assert_eq!(g.trade_prices(DENISE), [2, 2, 1, 2, 3]);
    finish_age(&mut g);
    discard_next(&mut g);
    assert_eq!(g.current_seat(), DENISE);
    assert_eq!(build(&mut g, "customs_house"), 4);
    assert_eq!(g.trade_prices(DENISE), [2, 2, 1, 1, 1]);
    assert_eq!(
        g.trade_cost(DENISE, res("WSSGPP"), 0),
        2 + 1 + 1 + 1 + 1 + 1
    );
}

/// p.8: chains make a card entirely free, coin cost included: Palisade → Fortifications,
/// Baths → Aqueduct. Notes 8: Urbanism then pays 4 coins, and only on chain builds.
#[test]
fn chains_are_free_and_urbanism_pays_on_chain_builds() {
    let mut g = deal([
        &["pharmacist", "palisade", "baths", "_", "garrison"],
        &[
            "_",
            "dispensary",
            "_",
            "aqueduct",
            "barracks",
            "glassblower",
        ],
        &[],
    ])
    .start(DuelConfig::default());
    assert_eq!(build(&mut g, "pharmacist"), 2);
    assert_eq!(build(&mut g, "palisade"), 2);
    assert!(g.is_chain_build(LORENZO, c("fortifications")));
    assert_eq!(g.card_cost(LORENZO, c("fortifications")), (0, 0));
    assert_eq!(g.card_cost(DENISE, c("fortifications")), (8, 8));
    assert_eq!(build(&mut g, "baths"), 2);
    discard_next(&mut g);
    assert_eq!(build(&mut g, "garrison"), 2);
    finish_age(&mut g);
    assert_eq!(g.age(), 2);
    // Lorenzo's Palisade and Denise's Garrison: the pawn is back on the centre.
    assert_eq!(g.pawn(), 0);
    assert_eq!((g.pending(), g.current_seat()), (None, LORENZO));
    discard_next(&mut g);

    // Dispensary (2 clay + 1 stone) through the Pharmacist's gear: free, and a science pair.
    assert_eq!(g.card_cost(DENISE, c("dispensary")), (0, 0));
    let before = coins(&g, DENISE);
    assert_eq!(build(&mut g, "dispensary"), 0);
    assert_eq!(coins(&g, DENISE), before, "no Urbanism yet");
    assert_eq!(g.pending(), Some(Pending::Progress));
    assert_eq!(
        g.current_seat(),
        DENISE,
        "the pair's owner chooses the token"
    );
    let mut offered = legal(&g);
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut board: Vec<Action> = DEFAULT_BOARD
        .iter()
        .map(|&s| Action::Progress(t(s)))
        .collect();
    board.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, board, "the 5 board tokens are offered");
    act(&mut g, Action::Progress(t("urbanism")));
    assert_eq!(
        coins(&g, DENISE),
        before + 6,
        "Urbanism gives 6 coins at once"
    );
    assert!(!g.board_tokens().any(|x| x == t("urbanism")));
    assert_eq!(g.current_seat(), LORENZO);
    discard_next(&mut g);

    let before = coins(&g, DENISE);
    assert_eq!(g.card_cost(DENISE, c("aqueduct")), (0, 0));
    assert_eq!(build(&mut g, "aqueduct"), 0);
    assert_eq!(
        coins(&g, DENISE),
        before + 4,
        "Urbanism: +4 on a chain build"
    );

    // Lorenzo's Barracks (3 coins) through the Garrison... is Denise's chain, not his.
    assert_eq!(g.card_cost(LORENZO, c("barracks")), (3, 0));
    discard(&mut g, "barracks");
    let before = coins(&g, DENISE);
    assert_eq!(build(&mut g, "glassblower"), 0);
    assert_eq!(
        coins(&g, DENISE),
        before,
        "a free card without a chain pays nothing"
    );
}

/// p.9: "Discarding the Aqueduct, Lorenzo gains 4 coins, since his city holds the Tavern and
/// the Clay Reserve." Notes 11.
#[test]
fn discarding_pays_two_plus_one_per_yellow_card() {
    let mut g = deal([&["_", "tavern", "_", "clay_reserve"], &["aqueduct"], &[]])
        .start(DuelConfig::default());
    assert_eq!(g.discard_value(LORENZO), 2);
    discard_next(&mut g);
    assert_eq!(coins(&g, DENISE), 9);
    let before = coins(&g, LORENZO);
    build(&mut g, "tavern");
    assert_eq!(coins(&g, LORENZO), before + 4, "the Tavern gives 4 coins");
    discard_next(&mut g);
    assert_eq!(build(&mut g, "clay_reserve"), 3);
    assert_eq!(g.discard_value(LORENZO), 4);
    assert_eq!(g.discard_value(DENISE), 2);
    finish_age(&mut g);
    assert_eq!(g.current_seat(), LORENZO);
    let before = coins(&g, LORENZO);
    discard(&mut g, "aqueduct");
    assert_eq!(coins(&g, LORENZO), before + 4);
    assert!(g.discard_pile().contains(c("aqueduct")));
}

/// Notes 9 (p.13 Masonry and Architecture): 2 resource units are waived, best the most
/// expensive ones; non-blue cards are not discounted by Masonry.
#[test]
fn masonry_and_architecture_waive_the_two_most_expensive_units() {
    let mut d = deal([
        &["pharmacist", "_", "scriptorium"],
        &["shelf_quarry", "dispensary", "_", "library", "_", "rostrum"],
        &[],
    ]);
    d.board = [
        "masonry",
        "architecture",
        "agriculture",
        "law",
        "philosophy",
    ];
    let mut g = d.start(DuelConfig::default());
    build(&mut g, "pharmacist");
    discard_next(&mut g);
    build(&mut g, "scriptorium");
    finish_age(&mut g);
    assert_eq!(g.current_seat(), LORENZO);
    build(&mut g, "shelf_quarry");
    build(&mut g, "dispensary");
    act(&mut g, Action::Progress(t("masonry")));
    discard_next(&mut g);
    build(&mut g, "library");
    assert_eq!(g.pending(), Some(Pending::Progress), "quill pair");
    act(&mut g, Action::Progress(t("architecture")));
    assert_eq!(g.trade_prices(DENISE), [2, 2, 4, 2, 2]);

    // Town Hall, 2 wood + 3 stone: 16 coins; the two waived units are stones (4 each).
    assert_eq!(g.trade_cost(DENISE, res("WWSSS"), 0), 16);
    assert_eq!(g.card_cost(DENISE, c("town_hall")), (8, 8));
    assert_eq!(g.card_cost(DENISE, c("aqueduct")), (4, 4));
    assert_eq!(g.card_cost(DENISE, c("palace")), (2 + 2 + 2, 6));
    // Not a blue card: full price.
    assert_eq!(g.card_cost(DENISE, c("walls")), (8, 8));
    assert_eq!(g.card_cost(DENISE, c("arsenal")), (10, 10));
    // Architecture: the Pyramids (3 stone + 1 papyrus) cost 14 without it, 6 with it.
    assert_eq!(g.trade_cost(DENISE, res("SSSP"), 0), 14);
    assert_eq!(g.wonder_cost(DENISE, w("the_pyramids")), 6);
    assert_eq!(g.wonder_cost(DENISE, w("the_great_library")), 2 + 2 + 2);
    // Lorenzo has neither token.
    assert_eq!(g.card_cost(LORENZO, c("town_hall")), (2 + 2 + 2, 6));
    assert_eq!(g.wonder_cost(LORENZO, w("the_pyramids")), 2 + 2);

    discard_next(&mut g);
    let before = coins(&g, DENISE);
    assert_eq!(
        build(&mut g, "rostrum"),
        0,
        "Rostrum (wood + stone) entirely waived"
    );
    assert_eq!(coins(&g, DENISE), before);
}

/// p.13 Economy and notes 10: the holder receives what the opponent spends on trading, after
/// the opponent's 1-coin discounts; printed coin costs do not count.
#[test]
fn economy_receives_the_opponents_trade_spending() {
    let mut d = deal([
        &["_", "pharmacist"],
        &[
            "dispensary",
            "caravansery",
            "_",
            "customs_house",
            "_",
            "library",
        ],
        &[],
    ]);
    d.board = ["economy", "agriculture", "law", "philosophy", "strategy"];
    let mut g = d.start(DuelConfig::default());
    discard_next(&mut g);
    build(&mut g, "pharmacist");
    finish_age(&mut g);
    assert_eq!(g.current_seat(), LORENZO);
    build(&mut g, "dispensary");
    act(&mut g, Action::Progress(t("economy")));

    let (l0, d0) = (coins(&g, LORENZO), coins(&g, DENISE));
    // Caravansery: 2 printed coins + glass 2 + papyrus 2.
    assert_eq!(g.card_cost(DENISE, c("caravansery")), (6, 4));
    build(&mut g, "caravansery");
    assert_eq!(coins(&g, DENISE), d0 - 6);
    assert_eq!(coins(&g, LORENZO), l0 + 4, "only the 4 coins of trade");
    discard_next(&mut g);

    // Customs House: 4 printed coins, no trade.
    let l0 = coins(&g, LORENZO);
    assert_eq!(build(&mut g, "customs_house"), 4);
    assert_eq!(coins(&g, LORENZO), l0);
    discard_next(&mut g);

    // Library (wood, stone, glass): the Caravansery gives the wood or the stone, the other
    // costs 2, the glass 1 (Customs House): 3 coins of trade.
    let (l0, d0) = (coins(&g, LORENZO), coins(&g, DENISE));
    assert_eq!(g.card_cost(DENISE, c("library")), (3, 3));
    // Told as events: the payment names the opponent's share, which he gains.
    let mut events = Vec::new();
    let card = c("library");
    g.play_heard(Action::Build { card, paid: 3 }, &mut events)
        .unwrap();
    assert_eq!(coins(&g, LORENZO), l0 + 3);
    assert_eq!(
        events[..2],
        [
            Event::Paid {
                seat: 0,
                coins: 3,
                from_astarte: 0,
                to_opponent: 3,
                now: d0 - 3
            },
            Event::CoinsGained {
                seat: 1,
                coins: 3,
                now: l0 + 3
            },
        ]
    );
}

// ----- military ------------------------------------------------------------------------------

/// p.11: "Denise builds the Archery Range (2 shields) ... entering the new zone, Lorenzo
/// discards 2 coins and the token goes back to the box." Notes 18-19, 21.
#[test]
fn shields_move_the_pawn_and_loot_military_tokens_once() {
    let mut g = deal([
        &["guard_tower"],
        &["archery_range", "_", "walls", "_", "parade_ground"],
        &[],
    ])
    .start(DuelConfig::default());
    build(&mut g, "guard_tower");
    assert_eq!(g.pawn(), 1);
    assert_eq!(g.score(DENISE).military, 2);
    assert_eq!(g.score(LORENZO).military, 0);
    finish_age(&mut g);
    // The weaker player (Lorenzo, pawn on his side) chooses who starts Age II.
    assert_eq!(
        (g.pending(), g.current_seat()),
        (Some(Pending::Starter), LORENZO)
    );
    assert_eq!(
        legal(&g),
        vec![Action::ChooseStarter(0), Action::ChooseStarter(1)]
    );
    act(&mut g, Action::ChooseStarter(DENISE as u8));
    assert_eq!((g.pending(), g.current_seat()), (None, DENISE));

    assert_eq!(g.military_tokens_left(), 0b1111);
    let l0 = coins(&g, LORENZO);
    assert_eq!(build(&mut g, "archery_range"), 6);
    assert_eq!(g.pawn(), 3);
    assert_eq!(
        coins(&g, LORENZO),
        l0 - 2,
        "the 2-coin token on Lorenzo's side"
    );
    assert_eq!(g.military_tokens_left(), 0b1011, "that token is removed");
    assert_eq!(g.score(DENISE).military, 5);

    discard_next(&mut g);
    let l0 = coins(&g, LORENZO);
    assert_eq!(build(&mut g, "walls"), 4);
    assert_eq!(g.pawn(), 5);
    assert_eq!(coins(&g, LORENZO), l0, "no token left in that zone");
    discard_next(&mut g);
    let l0 = coins(&g, LORENZO);
    build(&mut g, "parade_ground");
    assert_eq!(g.pawn(), 7);
    assert_eq!(coins(&g, LORENZO), l0 - 5, "the 5-coin token");
    assert_eq!(g.military_tokens_left(), 0b0011);
    assert_eq!(g.score(DENISE).military, 10);
}

/// p.11 told as events (`Duel::play_heard`): the Archery Range is paid, built, moves the
/// pawn two squares, one at a time, and entering Lorenzo's zone loots the 2-coin token.
#[test]
fn the_archery_range_example_told_as_events() {
    let mut g = deal([&["guard_tower"], &["archery_range"], &[]]).start(DuelConfig::default());
    build(&mut g, "guard_tower");
    finish_age(&mut g);
    act(&mut g, Action::ChooseStarter(DENISE as u8));
    let (d0, l0) = (coins(&g, DENISE), coins(&g, LORENZO));
    let card = c("archery_range");
    let (before, mut events) = (g, Vec::new());
    g.play_heard(Action::Build { card, paid: 6 }, &mut events)
        .unwrap();
    assert_eq!(
        events,
        vec![
            Event::Paid {
                seat: 0,
                coins: 6,
                from_astarte: 0,
                to_opponent: 0,
                now: d0 - 6
            },
            Event::CardBuilt { seat: 0, card },
            Event::PawnMoved {
                seat: 0,
                from: 1,
                to: 2
            },
            Event::PawnMoved {
                seat: 0,
                from: 2,
                to: 3
            },
            Event::MilitaryTokenLooted {
                token: 2,
                victim: 1
            },
            Event::CoinsLost {
                seat: 1,
                coins: 2,
                now: l0 - 2
            },
        ]
    );
    let log = describe_step(&before, Action::Build { card, paid: 6 }, &events);
    assert_eq!(
        log,
        [
            "seat 0 builds Archery Range [red] for 6 coins (1 wood at 2 (2 + 0 opponent), 1 \
             stone at 2 (2 + 0 opponent), 1 papyrus at 2 (2 + 0 opponent))"
                .to_string(),
            "  seat 1 loses 2 coins (".to_string() + &(l0 - 2).to_string() + " now)",
            "  Conflict pawn 1 -> 3".to_string(),
            "  Military token: seat 1 loses up to 2 coins".to_string(),
        ]
    );
}

/// Notes 18: a player with fewer coins than the loss loses them all (Appian Way).
#[test]
fn coin_losses_stop_at_zero() {
    let mut d = deal([&["_", "_", "_", "_", "lumber_yard"], &[], &[]]);
    d.wonders = [
        [
            "the_appian_way",
            "the_pyramids",
            "the_sphinx",
            "the_colossus",
        ],
        [
            "circus_maximus",
            "piraeus",
            "the_great_library",
            "the_mausoleum",
        ],
    ];
    let mut g = d.start(DuelConfig::default());
    // Denise needs 10 coins for the Appian Way (2 clay, 2 stone, 1 papyrus).
    discard_next(&mut g);
    discard_next(&mut g);
    assert_eq!(coins(&g, DENISE), 9);
    discard_next(&mut g);
    // Lorenzo spends his coins on Piraeus first: 2 wood, clay, stone = 8.
    assert_eq!(wonder(&mut g, "piraeus"), 8);
    assert_eq!(coins(&g, LORENZO), 1);
    assert_eq!(g.current_seat(), LORENZO, "Piraeus: play again");
    assert_eq!(build(&mut g, "lumber_yard"), 0);
    assert_eq!(coins(&g, LORENZO), 1);
    // Denise has 11; the Appian Way gives her 3 and takes Lorenzo's only coin.
    assert_eq!(wonder(&mut g, "the_appian_way"), 10);
    assert_eq!(coins(&g, DENISE), 1 + 3);
    assert_eq!(coins(&g, LORENZO), 0);
    assert_eq!(g.current_seat(), DENISE);
}

/// p.11-12 and notes 19: the pawn reaching the capital ends the game at once (and the
/// evaluation sees it coming one move ahead).
#[test]
fn military_supremacy_ends_the_game_at_once() {
    let mut g = deal([
        &[
            "stable",
            "_",
            "garrison",
            "_",
            "palisade",
            "_",
            "guard_tower",
        ],
        &[
            "_",
            "horse_breeders",
            "_",
            "barracks",
            "_",
            "walls",
            "_",
            "archery_range",
        ],
        &[],
    ])
    .start(DuelConfig::default());
    build(&mut g, "stable");
    discard_next(&mut g);
    build(&mut g, "garrison");
    discard_next(&mut g);
    build(&mut g, "palisade");
    assert_eq!(g.pawn(), 3);
    discard_next(&mut g);
    build(&mut g, "guard_tower");
    assert_eq!(g.pawn(), 4);
    finish_age(&mut g);
    act(&mut g, Action::ChooseStarter(LORENZO as u8));
    discard_next(&mut g);
    assert_eq!(build(&mut g, "horse_breeders"), 0, "chain from the Stable");
    discard_next(&mut g);
    assert_eq!(build(&mut g, "barracks"), 0, "chain from the Garrison");
    assert_eq!(g.pawn(), 6);
    discard_next(&mut g);
    // Two shields would not reach the capital yet: the evaluation weighs the position.
    assert_eq!(g.supremacy_in_reach(), None);
    build(&mut g, "walls");
    assert_eq!(g.pawn(), 8);
    assert!(!g.is_over());
    discard_next(&mut g);
    // Now the Archery Range does: the evaluation (greedy's) gives Denise, to move, the game.
    assert_eq!(g.supremacy_in_reach(), Some(DENISE));
    let mut chances = [0.5; 2];
    g.evaluate(&mut chances);
    assert_eq!(chances, [1.0, 0.0]);
    build(&mut g, "archery_range");
    assert_eq!(g.pawn(), 9);
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some((Victory::Military, vec![DENISE])));
    assert!(legal(&g).is_empty());
    assert!(g
        .play(Action::Discard {
            card: next_card(&g)
        })
        .is_err());
    let mut r = [0.0; 2];
    g.returns(&mut r);
    assert_eq!(r, [1.0, 0.0]);
}

/// Notes 20: Strategy adds a shield to later red cards only, never to Wonders.
#[test]
fn strategy_adds_a_shield_to_later_red_cards() {
    let mut d = deal([
        &["pharmacist", "_", "guard_tower"],
        &["_", "dispensary", "_", "walls", "_", "_"],
        &[],
    ]);
    d.wonders[0] = [
        "the_colossus",
        "the_great_lighthouse",
        "the_temple_of_artemis",
        "the_statue_of_zeus",
    ];
    d.wonders[1] = [
        "circus_maximus",
        "piraeus",
        "the_appian_way",
        "the_pyramids",
    ];
    let mut g = d.start(DuelConfig::default());
    build(&mut g, "pharmacist");
    discard_next(&mut g);
    build(&mut g, "guard_tower");
    assert_eq!(g.pawn(), 1);
    finish_age(&mut g);
    act(&mut g, Action::ChooseStarter(LORENZO as u8));
    discard_next(&mut g);
    build(&mut g, "dispensary");
    act(&mut g, Action::Progress(t("strategy")));
    assert_eq!(g.pawn(), 1, "the token does not touch earlier cards");
    discard_next(&mut g);
    build(&mut g, "walls");
    assert_eq!(g.pawn(), 1 + 3, "2 shields + 1");
    discard_next(&mut g);
    wonder(&mut g, "the_colossus");
    assert_eq!(g.pawn(), 4 + 2, "Wonders get no extra shield");
}

// ----- science -------------------------------------------------------------------------------

/// p.11 and notes 22: 6 different symbols win at once; the Law token's scales count.
#[test]
fn science_supremacy_with_the_law_token() {
    let mut g = deal([
        &[
            "scriptorium",
            "_",
            "_",
            "_",
            "workshop",
            "_",
            "pharmacist",
            "_",
            "_",
            "_",
            "apothecary",
        ],
        &["_", "dispensary"],
        &["academy"],
    ])
    .start(DuelConfig::default());
    // Denise needs the coins of two discards on the way.
    build(&mut g, "scriptorium");
    discard_n(&mut g, 3);
    build(&mut g, "workshop");
    discard_next(&mut g);
    build(&mut g, "pharmacist");
    discard_n(&mut g, 3);
    assert_eq!(coins(&g, DENISE), 5);
    assert_eq!(build(&mut g, "apothecary"), 2);
    assert_eq!(g.player(DENISE).science.count_ones(), 4);
    finish_age(&mut g);
    assert_eq!(g.current_seat(), LORENZO);
    discard_next(&mut g);
    build(&mut g, "dispensary");
    act(&mut g, Action::Progress(t("law")));
    assert_eq!(g.player(DENISE).science.count_ones(), 5);
    assert!(!g.is_over());
    finish_age(&mut g);
    assert_eq!(g.age(), 3);
    assert_eq!(
        g.current_seat(),
        DENISE,
        "Denise took the last card of Age II"
    );
    build(&mut g, "academy");
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some((Victory::Science, vec![DENISE])));
}

/// p.11 and notes 22: each pair lets its owner take one of the board tokens (and only those),
/// whose effect applies at once.
#[test]
fn science_pair_takes_a_board_token_and_its_effect() {
    let mut d = deal([
        &["pharmacist", "_", "scriptorium"],
        &["_", "dispensary", "_", "library"],
        &[],
    ]);
    d.board = ["philosophy", "agriculture", "law", "strategy", "urbanism"];
    let mut g = d.start(DuelConfig::default());
    build(&mut g, "pharmacist");
    discard_next(&mut g);
    build(&mut g, "scriptorium");
    finish_age(&mut g);
    discard_next(&mut g);
    build(&mut g, "dispensary");
    assert!(
        g.play(Action::Progress(t("mathematics"))).is_err(),
        "a boxed token cannot be taken"
    );
    act(&mut g, Action::Progress(t("philosophy")));
    assert_eq!(g.score(DENISE).progress, 7);
    discard_next(&mut g);
    let before = coins(&g, DENISE);
    build(&mut g, "library");
    act(&mut g, Action::Progress(t("agriculture")));
    assert_eq!(coins(&g, DENISE), before + 6);
    assert_eq!(g.score(DENISE).progress, 7 + 4);
    assert_eq!(g.board_tokens().count(), 3);
    // Green VP are science points: Pharmacist 0 + Scriptorium 0 + Dispensary 2 + Library 2.
    assert_eq!(g.score(DENISE).science, 4);
}

// ----- Wonders -------------------------------------------------------------------------------

/// p.10: "Denise has just built the Colossus, the 7th Wonder of the game (4 by Lorenzo, 3 by
/// Denise): the Pyramids go back to the box." Notes 13. Also "play again" chains (notes 14).
#[test]
fn only_seven_wonders_are_built() {
    let mut d = deal([&[], &[], &[]]);
    d.wonders = [
        [
            "the_great_lighthouse",
            "circus_maximus",
            "the_colossus",
            "the_pyramids",
        ],
        [
            "the_temple_of_artemis",
            "the_hanging_gardens",
            "piraeus",
            "the_sphinx",
        ],
    ];
    let mut g = d.start(DuelConfig::default());
    finish_age(&mut g);
    assert_eq!((g.age(), g.current_seat()), (2, LORENZO));
    assert_eq!((coins(&g, DENISE), coins(&g, LORENZO)), (27, 27));

    assert_eq!(wonder(&mut g, "the_temple_of_artemis"), 8);
    assert_eq!(coins(&g, LORENZO), 27 - 8 + 12);
    assert_eq!(g.current_seat(), LORENZO, "play again");
    assert_eq!(wonder(&mut g, "the_hanging_gardens"), 8);
    assert_eq!(coins(&g, LORENZO), 31 - 8 + 6);
    assert_eq!(g.current_seat(), LORENZO);
    assert_eq!(wonder(&mut g, "piraeus"), 8);
    assert_eq!(g.current_seat(), LORENZO);
    // Piraeus gives one of the two glasses of the Sphinx.
    assert_eq!(wonder(&mut g, "the_sphinx"), 6);
    assert_eq!(coins(&g, LORENZO), 29 - 8 - 6);
    assert_eq!(g.current_seat(), LORENZO);
    discard_next(&mut g);
    assert_eq!(g.current_seat(), DENISE);
    assert_eq!(g.wonders_built_total(), 4);

    assert_eq!(wonder(&mut g, "the_great_lighthouse"), 8);
    assert_eq!(g.current_seat(), LORENZO);
    discard_next(&mut g);
    // The Great Lighthouse's raw material covers one of the Circus Maximus' units.
    assert_eq!(wonder(&mut g, "circus_maximus"), 6);
    assert_eq!(g.pawn(), 1);
    assert_eq!(g.pending(), None, "Lorenzo has no grey card to lose");
    discard_next(&mut g);
    let l0 = coins(&g, LORENZO);
    assert_eq!(wonder(&mut g, "the_colossus"), 6);
    assert_eq!(g.pawn(), 3);
    assert_eq!(coins(&g, LORENZO), l0 - 2);
    assert_eq!(g.wonders_built_total(), 7);
    assert_eq!(coins(&g, DENISE), 27 - 8 - 6 - 6);

    discard_next(&mut g);
    assert_eq!(g.current_seat(), DENISE);
    assert!(
        !legal(&g).iter().any(|a| matches!(a, Action::Wonder { .. })),
        "the Pyramids are back in the box"
    );
    let pyramids = w("the_pyramids");
    let cost = g.wonder_cost(DENISE, pyramids);
    assert!(g
        .play(Action::Wonder {
            card: next_card(&g),
            wonder: pyramids,
            paid: cost,
        })
        .is_err());
}

/// p.9 and notes 14: "play again" earned with the last card of an Age is lost.
#[test]
fn extra_turn_with_the_last_card_of_an_age_is_lost() {
    let mut script: Vec<&str> = vec!["_", "guard_tower"];
    script.extend(["_"; 18]);
    let mut g = deal([&script, &[], &[]]).start(DuelConfig::default());
    discard_next(&mut g);
    build(&mut g, "guard_tower");
    assert_eq!(g.pawn(), -1);
    discard_n(&mut g, 17);
    assert_eq!(g.current_seat(), LORENZO);
    assert_eq!(g.taken_slots().count_ones(), 19);
    assert_eq!(wonder(&mut g, "the_appian_way"), 10);
    assert_eq!(g.age(), 2);
    // Denise is weaker and chooses; Lorenzo's extra turn is gone.
    assert_eq!(
        (g.pending(), g.current_seat()),
        (Some(Pending::Starter), DENISE)
    );
    act(&mut g, Action::ChooseStarter(DENISE as u8));
    assert_eq!(g.current_seat(), DENISE);
}

/// p.13 Theology and notes 14: every later Wonder plays again, but never twice.
#[test]
fn theology_gives_one_extra_turn_per_wonder() {
    let mut d = deal([&["pharmacist"], &["_", "dispensary"], &[]]);
    d.board = ["theology", "agriculture", "law", "philosophy", "strategy"];
    d.wonders[0] = [
        "the_pyramids",
        "the_sphinx",
        "the_colossus",
        "the_mausoleum",
    ];
    d.wonders[1] = [
        "circus_maximus",
        "piraeus",
        "the_appian_way",
        "the_great_lighthouse",
    ];
    let mut g = d.start(DuelConfig::default());
    build(&mut g, "pharmacist");
    finish_age(&mut g);
    discard_next(&mut g);
    build(&mut g, "dispensary");
    act(&mut g, Action::Progress(t("theology")));
    assert_eq!(g.current_seat(), LORENZO);
    discard_next(&mut g);
    assert_eq!(coins(&g, DENISE), 7 - 2 + 9 * 2);
    assert_eq!(wonder(&mut g, "the_pyramids"), 8);
    assert_eq!(
        g.current_seat(),
        DENISE,
        "Theology: the Pyramids play again"
    );
    assert_eq!(wonder(&mut g, "the_sphinx"), 8);
    assert_eq!(g.current_seat(), DENISE, "the Sphinx plays again");
    discard_next(&mut g);
    assert_eq!(g.current_seat(), LORENZO, "but only once");
}

/// p.16 and notes 16: the Great Library draws 3 tokens from those boxed at setup; one is kept
/// and applied, the other two go back.
#[test]
fn great_library_draws_from_the_box() {
    let mut d = deal([&[], &[], &[]]);
    d.board = [
        "architecture",
        "economy",
        "masonry",
        "mathematics",
        "strategy",
    ];
    d.box_first = &["agriculture", "philosophy", "urbanism", "law", "theology"];
    d.wonders[0] = [
        "the_great_library",
        "the_pyramids",
        "the_sphinx",
        "the_colossus",
    ];
    d.wonders[1] = [
        "circus_maximus",
        "piraeus",
        "the_appian_way",
        "the_great_lighthouse",
    ];
    let mut g = d.start(DuelConfig::default());
    discard_n(&mut g, 4);
    assert_eq!(coins(&g, DENISE), 11);
    assert_eq!(wonder(&mut g, "the_great_library"), 10);
    assert_eq!(g.pending(), Some(Pending::GreatLibrary));
    assert_eq!(g.current_seat(), DENISE);
    let offered = legal(&g);
    assert_eq!(offered.len(), 3);
    for a in &offered {
        let Action::GreatLibrary(x) = *a else {
            panic!("{a:?}")
        };
        assert!(g.box_tokens().contains(&x));
        assert!(!g.board_tokens().any(|b| b == x));
    }
    assert!(offered.contains(&Action::GreatLibrary(t("agriculture"))));
    assert!(
        g.play(Action::GreatLibrary(t("economy"))).is_err(),
        "a board token is not in the box"
    );
    act(&mut g, Action::GreatLibrary(t("agriculture")));
    assert_eq!(coins(&g, DENISE), 1 + 6);
    assert_eq!(g.score(DENISE).progress, 4);
    assert_eq!(g.box_tokens().len(), 4);
    assert!(!g.box_tokens().contains(&t("agriculture")));
    assert_eq!(g.board_tokens().count(), 5);
    assert_eq!(g.current_seat(), LORENZO);
}

/// p.16 and notes 15, 17: the Statue of Zeus and Circus Maximus put an opponent's brown / grey
/// card in the discard pile, where the Mausoleum can build it for free (not the cards removed
/// at setup).
#[test]
fn statue_of_zeus_circus_maximus_and_mausoleum() {
    let mut d = deal([&["_", "quarry", "tavern", "glassworks"], &[], &[]]);
    d.wonders[0] = [
        "the_statue_of_zeus",
        "circus_maximus",
        "the_mausoleum",
        "the_pyramids",
    ];
    d.wonders[1] = [
        "the_great_library",
        "piraeus",
        "the_appian_way",
        "the_colossus",
    ];
    let mut g = d.start(DuelConfig::default());
    discard_next(&mut g);
    build(&mut g, "quarry");
    discard(&mut g, "tavern");
    assert_eq!(build(&mut g, "glassworks"), 1);
    finish_age(&mut g);
    assert_eq!(coins(&g, DENISE), 27);
    assert_eq!(g.current_seat(), LORENZO);
    discard_next(&mut g);

    // Statue of Zeus: wood, clay, stone (3: Lorenzo's Quarry), 2 papyrus = 11.
    assert_eq!(wonder(&mut g, "the_statue_of_zeus"), 11);
    assert_eq!(g.pawn(), 1);
    assert_eq!(g.pending(), Some(Pending::Destroy(Color::Brown)));
    assert_eq!(g.current_seat(), DENISE);
    assert_eq!(legal(&g), vec![Action::Destroy(c("quarry"))]);
    act(&mut g, Action::Destroy(c("quarry")));
    assert!(!g.player(LORENZO).city.contains(c("quarry")));
    assert!(g.discard_pile().contains(c("quarry")));
    assert_eq!(g.player(LORENZO).production.0, [0, 0, 0, 1, 0]);
    assert_eq!(g.trade_prices(DENISE)[STONE], 2);
    assert_eq!(g.current_seat(), LORENZO);
    discard_next(&mut g);
    discard_next(&mut g);
    discard_next(&mut g);

    // Circus Maximus: wood, 2 stone, glass (3: Lorenzo's Glassworks) = 9.
    assert_eq!(g.trade_prices(DENISE)[GLASS], 3);
    assert_eq!(wonder(&mut g, "circus_maximus"), 9);
    assert_eq!(g.pending(), Some(Pending::Destroy(Color::Grey)));
    act(&mut g, Action::Destroy(c("glassworks")));
    assert_eq!(g.player(LORENZO).production.0, [0; 5]);
    assert_eq!(g.player(LORENZO).colors[Color::Grey as usize], 0);
    assert_eq!(g.trade_prices(DENISE)[GLASS], 2);
    discard_next(&mut g);
    discard_next(&mut g);
    discard_next(&mut g);

    assert_eq!(coins(&g, DENISE), 27 - 11 + 2 - 9 + 2);
    assert_eq!(wonder(&mut g, "the_mausoleum"), 10);
    assert_eq!(g.pending(), Some(Pending::Mausoleum));
    let pile = g.discard_pile();
    let mut offered: Vec<Action> = legal(&g);
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut expected: Vec<Action> = pile.iter().map(Action::BuildDiscarded).collect();
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, expected, "every discarded card, and only those");
    for removed in &g.setup().removed {
        for &r in removed {
            assert!(!pile.contains(r), "removed cards are not in the pile");
        }
    }
    let before = coins(&g, DENISE);
    act(&mut g, Action::BuildDiscarded(c("tavern")));
    assert_eq!(
        coins(&g, DENISE),
        before + 4,
        "built for free, its effect applied"
    );
    assert!(g.player(DENISE).city.contains(c("tavern")));
    assert!(!g.discard_pile().contains(c("tavern")));
    assert_eq!(g.current_seat(), LORENZO);
}

// ----- Ages and the end of the game ----------------------------------------------------------

/// p.10: with the pawn on the centre, the last active player starts the next Age (seed text);
/// with the publisher's errata (notes 23) that player chooses instead.
#[test]
fn next_age_starter_on_the_centre_square() {
    // Lorenzo's extra turn (Piraeus) makes Denise take the last card of Age I.
    let script: &[&str] = &["_", "_", "_", "_"];
    for errata in [false, true] {
        let mut g = deal([script, &[], &[]]).start(DuelConfig {
            errata_next_age: errata,
            ..DuelConfig::default()
        });
        discard_n(&mut g, 3);
        assert_eq!(wonder(&mut g, "piraeus"), 8);
        assert_eq!(g.current_seat(), LORENZO);
        finish_age(&mut g);
        assert_eq!(g.age(), 2);
        assert_eq!(g.pawn(), 0);
        if errata {
            assert_eq!(
                (g.pending(), g.current_seat()),
                (Some(Pending::Starter), DENISE)
            );
            act(&mut g, Action::ChooseStarter(LORENZO as u8));
            assert_eq!((g.pending(), g.current_seat()), (None, LORENZO));
        } else {
            assert_eq!((g.pending(), g.current_seat()), (None, DENISE));
        }
    }
    // Without the extra turn, Lorenzo takes card 20 and starts (or chooses).
    for errata in [false, true] {
        let mut g = deal([&[], &[], &[]]).start(DuelConfig {
            errata_next_age: errata,
            ..DuelConfig::default()
        });
        finish_age(&mut g);
        let pending = if errata { Some(Pending::Starter) } else { None };
        assert_eq!((g.pending(), g.current_seat()), (pending, LORENZO));
    }
}

/// p.10: the weaker player (pawn on their side) chooses, whatever the variant.
#[test]
fn next_age_starter_chosen_by_the_weaker_player() {
    for errata in [false, true] {
        let mut g = deal([&["_", "guard_tower"], &[], &[]]).start(DuelConfig {
            errata_next_age: errata,
            ..DuelConfig::default()
        });
        discard_next(&mut g);
        build(&mut g, "guard_tower");
        finish_age(&mut g);
        assert_eq!(
            (g.pending(), g.current_seat()),
            (Some(Pending::Starter), DENISE)
        );
        act(&mut g, Action::ChooseStarter(LORENZO as u8));
        assert_eq!((g.pending(), g.current_seat()), (None, LORENZO));
        assert!(g.play(Action::ChooseStarter(0)).is_err());
    }
}

/// Plays the game to its end by discarding every card.
fn play_out(g: &mut Duel) {
    while !g.is_over() {
        if g.pending() == Some(Pending::Starter) {
            panic!("unexpected choice of starter");
        }
        discard_next(g);
    }
}

/// p.12 and notes 26: equal totals are decided by blue-card VP.
#[test]
fn tie_is_broken_by_civilian_points() {
    let mut age2: Vec<&str> = vec!["_"; 18];
    age2.push("brewery");
    let mut g = deal([&["theater", "_", "altar"], &age2, &[]]).start(DuelConfig::default());
    build(&mut g, "theater");
    discard_next(&mut g);
    build(&mut g, "altar");
    finish_age(&mut g);
    assert_eq!(g.current_seat(), LORENZO);
    discard_n(&mut g, 18);
    assert_eq!(g.current_seat(), LORENZO);
    let before = coins(&g, LORENZO);
    build(&mut g, "brewery");
    assert_eq!(coins(&g, LORENZO), before + 6);
    finish_age(&mut g);
    assert_eq!(
        g.current_seat(),
        DENISE,
        "Denise took the last card of Age II"
    );
    play_out(&mut g);
    // Denise: 7 + 28 discards * 2 = 63 coins = 21 VP, + 6 blue VP.
    // Lorenzo: 7 + 19 * 2 + 6 (Brewery) + 10 * 3 = 81 coins = 27 VP.
    assert_eq!(coins(&g, DENISE), 63);
    assert_eq!(coins(&g, LORENZO), 81);
    let (s0, s1) = (g.score(DENISE), g.score(LORENZO));
    assert_eq!((s0.total(), s1.total()), (27, 27));
    assert_eq!((s0.civilian, s1.civilian), (6, 0));
    assert_eq!((s0.treasury, s1.treasury), (21, 27));
    assert_eq!(g.outcome(), Some((Victory::Civilian, vec![DENISE])));
}

/// p.12: still tied on blue VP, the victory is shared.
#[test]
fn full_tie_is_a_shared_victory() {
    let mut g = deal([&["theater", "altar"], &[], &[]]).start(DuelConfig::default());
    build(&mut g, "theater");
    build(&mut g, "altar");
    play_out(&mut g);
    let (s0, s1) = (g.score(DENISE), g.score(LORENZO));
    assert_eq!(s0, s1);
    assert_eq!(s0.total(), 3 + 65 / 3);
    assert_eq!(
        g.outcome(),
        Some((Victory::Civilian, vec![DENISE, LORENZO]))
    );
    let mut r = [0.0; 2];
    g.returns(&mut r);
    assert_eq!(r, [0.5, 0.5]);
}

/// p.15 and notes 24: a guild counts in the city that has the most, for coins when built and
/// for VP at the end; the Shipowners count brown and grey of one city together; the
/// Moneylenders count the richest city's sets of 3 coins.
#[test]
fn guilds_count_in_the_city_with_the_most() {
    let mut g = deal([
        &[
            "quarry",
            "theater",
            "clay_pool",
            "altar",
            "_",
            "baths",
            "_",
            "glassworks",
            "_",
            "press",
            "_",
            "lumber_yard",
        ],
        &[],
        &[
            "magistrates_guild",
            "_",
            "shipowners_guild",
            "_",
            "moneylenders_guild",
        ],
    ])
    .start(DuelConfig::default());
    build(&mut g, "quarry");
    build(&mut g, "theater");
    build(&mut g, "clay_pool");
    build(&mut g, "altar");
    discard_next(&mut g);
    assert_eq!(build(&mut g, "baths"), 3, "stone at 2 + Denise's Quarry");
    discard_next(&mut g);
    build(&mut g, "glassworks");
    discard_next(&mut g);
    build(&mut g, "press");
    discard_next(&mut g);
    build(&mut g, "lumber_yard");
    finish_age(&mut g);
    assert_eq!((coins(&g, DENISE), coins(&g, LORENZO)), (23, 10));
    finish_age(&mut g);
    assert_eq!(g.age(), 3);
    assert_eq!(g.current_seat(), DENISE);
    assert_eq!((coins(&g, DENISE), coins(&g, LORENZO)), (43, 30));
    assert_eq!(g.trade_prices(DENISE), [3, 2, 2, 3, 3]);

    // Magistrates (2 wood, clay, papyrus): 3 + 3 + 0 + 3 = 9; 1 coin per blue card of the
    // city with the most (Lorenzo's 3).
    assert_eq!(build(&mut g, "magistrates_guild"), 9);
    assert_eq!(coins(&g, DENISE), 43 - 9 + 3);
    assert_eq!(g.score(DENISE).guilds, 3);
    discard_next(&mut g);
    // Shipowners (clay, stone, glass, papyrus): 3 + 3 = 6; Lorenzo's city has 1 brown + 2 grey
    // = 3, Denise's 2 brown: 3 coins (not 2 brown + 2 grey from two cities).
    assert_eq!(build(&mut g, "shipowners_guild"), 6);
    assert_eq!(coins(&g, DENISE), 37 - 6 + 3);
    assert_eq!(g.score(DENISE).guilds, 3 + 3);
    discard_next(&mut g);
    assert_eq!(coins(&g, LORENZO), 34);
    // Moneylenders (2 wood, 2 stone): 3 + 3 + 0 + 2 = 8, no coins when built.
    assert_eq!(build(&mut g, "moneylenders_guild"), 8);
    assert_eq!(coins(&g, DENISE), 34 - 8);
    // Lorenzo is the richest: 34 coins = 11 sets of 3.
    assert_eq!(g.score(DENISE).guilds, 3 + 3 + 11);
    assert_eq!(
        g.score(LORENZO).guilds,
        0,
        "guilds score for their owner only"
    );
}
