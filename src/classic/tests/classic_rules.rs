//! The rule books' worked examples and targeted rule situations.

use wonders_bots::Game;
use wonders_classic::city::science_points;
use wonders_classic::payment::{quote, Supply, FULL_PRICES};
use wonders_classic::{
    Action, CardId, ClassicConfig, ClassicGame, Edition, Free, Resource, Setup, Side, SidePolicy,
    Wonder,
};

fn cost(pairs: &[(Resource, u8)]) -> [u8; 7] {
    let mut c = [0; 7];
    for &(r, q) in pairs {
        c[r as usize] += q;
    }
    c
}

/// 2nd-edition rule book, "Costo in risorse": producing 2 stone, 1 ore and 1 papyrus, you can
/// build the Barracks (ore) or the Scriptorium (papyrus), not the Guard Tower (clay).
#[test]
fn production_example() {
    let mut own = Supply::default();
    own.add_fixed(Resource::Stone as usize, 2);
    own.add_fixed(Resource::Ore as usize, 1);
    own.add_fixed(Resource::Papyrus as usize, 1);
    let none = Supply::default();
    let q = |c: [u8; 7]| quote(&c, &own, &none, &none, &FULL_PRICES);
    assert_eq!(q(cost(&[(Resource::Ore, 1)])).map(|q| q.total), Some(0));
    assert_eq!(q(cost(&[(Resource::Papyrus, 1)])).map(|q| q.total), Some(0));
    assert_eq!(q(cost(&[(Resource::Clay, 1)])), None);
    // Resources are not spent: both stones serve every turn, but never three at once.
    assert_eq!(q(cost(&[(Resource::Stone, 2)])).map(|q| q.total), Some(0));
    assert_eq!(q(cost(&[(Resource::Stone, 3)])), None);
}

/// 2nd-edition rule book, military example: at the end of Age II, strength 4 against a left
/// neighbour with 5 and a right neighbour with 2: a defeat (-1) and an Age II victory (+3).
#[test]
fn military_example() {
    assert_eq!(ClassicGame::conflict(4, 5, 2), -1);
    assert_eq!(ClassicGame::conflict(4, 2, 2), 3);
    assert_eq!(ClassicGame::conflict(3, 3, 3), 0);
    assert_eq!(ClassicGame::conflict(1, 0, 1), 1);
    assert_eq!(ClassicGame::conflict(9, 0, 3), 5);
}

/// 1st-edition summary and 2nd-edition table: n identical symbols score n squared (1, 4, 9,
/// 16, 25, 36, … 81), each set of three different symbols 7 more.
#[test]
fn science_table() {
    for (n, p) in [
        (1, 1),
        (2, 4),
        (3, 9),
        (4, 16),
        (5, 25),
        (6, 36),
        (7, 49),
        (8, 64),
        (9, 81),
    ] {
        assert_eq!(science_points([n, 0, 0], 0), p);
        assert_eq!(science_points([0, 0, n], 0), p);
    }
    assert_eq!(science_points([1, 1, 1], 0), 10);
    assert_eq!(science_points([2, 2, 2], 0), 26);
    assert_eq!(science_points([3, 2, 1], 0), 9 + 4 + 1 + 7);
    // Wild symbols go where they score most.
    assert_eq!(science_points([1, 1, 0], 1), 10);
    assert_eq!(science_points([3, 0, 0], 1), 16);
    assert_eq!(science_points([2, 2, 1], 2), 9 + 4 + 4 + 14);
}

/// A 3-player table with chosen wonders; each seat's first hand starts with the given cards.
fn table(
    edition: Edition,
    wonders: [(Wonder, usize); 3],
    keys: [&[&str]; 3],
    seed: u64,
) -> (ClassicConfig, Setup) {
    let mut config = ClassicConfig::new(3, edition);
    config.wonders = wonders.iter().map(|w| Some(w.0)).collect();
    config.sides = SidePolicy::PerSeat(wonders.iter().map(|w| Side::of(edition, w.1)).collect());
    let mut setup = ClassicGame::draw_setup(&config, seed).unwrap();
    let cat = wonders_classic::catalog(edition, wonders_classic::ExpansionSet::NONE);
    let hands = &mut setup.hands[0];
    let keys_all = keys;
    for (seat, keys) in keys.iter().enumerate() {
        for (i, key) in keys.iter().enumerate() {
            let id = cat.find(key).unwrap();
            let fixed =
                |s: usize, k: usize| (s < seat && k < keys_all[s].len()) || (s == seat && k < i);
            let (s, k) = (0..3)
                .flat_map(|s| (0..7).map(move |k| (s, k)))
                .find(|&(s, k)| hands[s][k] == id && !fixed(s, k))
                .unwrap_or_else(|| panic!("{key} not in the Age I deck"));
            let tmp = hands[seat][i];
            hands[seat][i] = id;
            hands[s][k] = tmp;
        }
    }
    (config, setup)
}

fn id(g: &ClassicGame, key: &str) -> CardId {
    g.catalog().find(key).unwrap()
}

fn legal(g: &ClassicGame) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

fn sell_first(g: &mut ClassicGame) {
    let a = *legal(g)
        .iter()
        .find(|a| matches!(a, Action::Sell { .. }))
        .unwrap();
    g.apply(a).unwrap();
}

fn build(g: &mut ClassicGame, key: &str) {
    let card = id(g, key);
    g.apply(Action::Build {
        card,
        pay_left: 0,
        pay_right: 0,
    })
    .unwrap();
}

/// Income (sales, trade) arrives at the end of the turn; a building placed this turn sells
/// nothing to the neighbours until the next turn.
#[test]
fn same_turn_income_and_production() {
    // Seat 0 Ephesos (papyrus), seat 1 Gizah (stone), seat 2 Rhodos (ore): nobody makes wood.
    let (config, setup) = table(
        Edition::V1,
        [
            (Wonder::EPHESOS, 0),
            (Wonder::GIZAH, 0),
            (Wonder::RHODOS, 0),
        ],
        [&["lumber_yard"], &["stockade"], &[]],
        11,
    );
    let mut g = ClassicGame::from_setup(&config, &setup).unwrap();
    build(&mut g, "lumber_yard");
    // Seat 1 cannot buy wood from seat 0's Lumber Yard this turn.
    let stockade = id(&g, "stockade");
    assert!(!legal(&g)
        .iter()
        .any(|a| matches!(a, Action::Build { card, .. } if *card == stockade)));
    assert!(g.hand(1).contains(&stockade));
    sell_first(&mut g);
    assert_eq!(g.city(1).coins(), 3, "a sale pays at the end of the turn");
    sell_first(&mut g);
    assert_eq!(
        (g.city(0).coins(), g.city(1).coins(), g.city(2).coins()),
        (3, 6, 6)
    );
    assert_eq!(g.turn(), 1);
    // Hands passed left: seat 1 now holds seat 0's hand.
    assert_eq!(g.hand(1).len(), 6);
}

/// Equal prices: each cheapest split between the neighbours is its own action (or one, when
/// collapsed). West Trading Post: raw resources from the left neighbour at 1 coin, from the
/// next turn on.
#[test]
fn payment_splits_and_trading_post() {
    // Seat 0 Ephesos A (stage 1: 2 stone); left seat 1 Gizah (stone); right seat 2 Rhodos.
    for (post, collapse) in [(false, false), (false, true), (true, false)] {
        let (mut config, setup) = table(
            Edition::V1,
            [
                (Wonder::EPHESOS, 0),
                (Wonder::GIZAH, 0),
                (Wonder::RHODOS, 0),
            ],
            [&["west_trading_post"], &["stone_pit"], &["timber_yard"]],
            5,
        );
        config.collapse_payment_splits = collapse;
        let mut g = ClassicGame::from_setup(&config, &setup).unwrap();
        if post {
            build(&mut g, "west_trading_post");
        } else {
            sell_first(&mut g);
        }
        build(&mut g, "stone_pit");
        let timber = id(&g, "timber_yard");
        g.apply(Action::Build {
            card: timber,
            pay_left: 0,
            pay_right: 0,
        })
        .unwrap();
        let mut pays: Vec<(u8, u8)> = legal(&g)
            .into_iter()
            .filter_map(|a| match a {
                Action::Wonder {
                    pay_left,
                    pay_right,
                    ..
                } => Some((pay_left, pay_right)),
                _ => None,
            })
            .collect();
        pays.sort();
        pays.dedup();
        // Left (Gizah + Stone Pit) sells 2 stone, right (Rhodos + Timber Yard) 1.
        let expected: &[(u8, u8)] = match (post, collapse) {
            (true, _) => &[(2, 0)],
            (false, false) => &[(2, 2), (4, 0)],
            (false, true) => &[(2, 2)],
        };
        assert_eq!(pays, expected, "post {post}, collapse {collapse}");
        let a = legal(&g)
            .into_iter()
            .find(|a| matches!(a, Action::Wonder { .. }))
            .unwrap();
        let before: Vec<u32> = (0..3).map(|s| g.city(s).coins()).collect();
        g.apply(a).unwrap();
        sell_first(&mut g);
        sell_first(&mut g);
        let (l, r) = match a {
            Action::Wonder {
                pay_left,
                pay_right,
                ..
            } => (pay_left as u32, pay_right as u32),
            _ => unreachable!(),
        };
        assert_eq!(g.city(0).coins(), before[0] - l - r);
        assert_eq!(g.city(1).coins(), before[1] + l + 3);
        assert_eq!(g.city(2).coins(), before[2] + r + 3);
        assert_eq!(
            before,
            vec![if post { 3 } else { 6 }, 3, 2],
            "seat 2 paid 1 coin for its Timber Yard"
        );
        assert_eq!(g.city(0).stages(), 1);
    }
}

/// Playing many random games with every wonder at the table exercises every special power;
/// check the order the records promise and the powers' limits.
#[test]
fn wonder_powers_in_random_games() {
    use rand::{Rng, SeedableRng};
    for edition in [Edition::V1, Edition::V2] {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(99);
        let (mut last_card, mut from_discard, mut copies, mut power_free, mut chains) =
            (0, 0, 0, 0, 0);
        let mut buf = Vec::new();
        for game in 0..3000u64 {
            let mut config = ClassicConfig::new(7, edition);
            config.sides = SidePolicy::Mixed;
            let mut g = ClassicGame::new(&config, game).unwrap();
            while !g.is_terminal() {
                g.legal_actions(&mut buf);
                // Prefer wonder stages so that powers come into play.
                let stages: Vec<Action> = buf
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Wonder { .. }))
                    .collect();
                let a = if !stages.is_empty() && rng.random_range(0..3) > 0 {
                    stages[rng.random_range(0..stages.len())]
                } else {
                    buf[rng.random_range(0..buf.len())]
                };
                g.apply(a).unwrap();
            }
            let h = g.history();
            for (i, p) in h.iter().enumerate() {
                let w = g.city(p.seat as usize).wonder();
                if p.turn == 6
                    && matches!(
                        p.action,
                        Action::Build { .. } | Action::Wonder { .. } | Action::Sell { .. }
                    )
                {
                    assert_eq!(w, Wonder::BABYLON);
                    last_card += 1;
                }
                if let Action::BuildDiscarded { .. } = p.action {
                    assert_eq!(w, Wonder::HALIKARNASSOS);
                    from_discard += 1;
                    // It follows the turn's actions (and Babylon's seventh card, 1st edition).
                    let prev = &h[i - 1];
                    assert!(prev.turn <= p.turn);
                }
                if let Action::CopyGuild { .. } = p.action {
                    assert_eq!((edition, w, i), (Edition::V1, Wonder::OLYMPIA, h.len() - 1));
                    copies += 1;
                }
                if p.free == Free::WonderPower {
                    assert_eq!(w, Wonder::OLYMPIA);
                    power_free += 1;
                    if edition == Edition::V2 && g.city(p.seat as usize).side() == Side::Night {
                        assert!(
                            p.turn == 0 || p.turn == 5,
                            "Olympia night frees the first and last card"
                        );
                    }
                }
                if p.free == Free::Chain {
                    chains += 1;
                    assert_eq!(p.pay_bank, 0);
                }
            }
            // Each Age: Babylon plays at most one extra card.
            for age in 1..=3 {
                let extra = h
                    .iter()
                    .filter(|p| {
                        p.age == age
                            && p.turn == 6
                            && !matches!(
                                p.action,
                                Action::BuildDiscarded { .. } | Action::CopyGuild { .. }
                            )
                    })
                    .count();
                assert!(extra <= 1);
            }
        }
        assert!(
            last_card > 100,
            "{edition:?}: {last_card} last cards played"
        );
        assert!(
            from_discard > 100,
            "{edition:?}: {from_discard} builds from the discard pile"
        );
        assert!(
            power_free > 100,
            "{edition:?}: {power_free} free builds by wonder power"
        );
        assert!(chains > 100, "{edition:?}: {chains} chain builds");
        if edition == Edition::V1 {
            assert!(copies > 10, "{copies} guilds copied");
        }
    }
}

/// Determinization keeps what the observer has seen (its hand, the hand it passed on) and
/// re-samples what it has not (other hands, later deals, the guild draw).
#[test]
fn determinization_keeps_the_seen_and_resamples_the_unseen() {
    use rand::SeedableRng;
    let config = ClassicConfig::new(4, Edition::V2);
    let mut g = ClassicGame::new(&config, 77).unwrap();
    // Turn 1: everyone sells its first card (face down).
    for _ in 0..4 {
        sell_first(&mut g);
    }
    assert_eq!(g.turn(), 1);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let sorted = |mut v: Vec<CardId>| {
        v.sort();
        v
    };
    let (mut other_changed, mut guilds_changed) = (false, false);
    for _ in 0..50 {
        let d = g.determinize(0, &mut rng);
        assert_eq!(d.hand(0), g.hand(0));
        // Seat 1 (left) now holds seat 0's first hand minus the card seat 0 sold.
        assert_eq!(sorted(d.hand(1)), sorted(g.hand(1)));
        other_changed |= sorted(d.hand(2)) != sorted(g.hand(2));
        guilds_changed |= sorted(d.setup().guilds_unused) != sorted(g.setup().guilds_unused);
        assert_eq!(
            sorted(d.setup().hands[1].concat()),
            sorted(g.setup().hands[1].concat())
        );
    }
    assert!(other_changed && guilds_changed);
}
