//! Invariants over many uniformly random 7 Wonders Duel games.

use rand::{Rng, SeedableRng};
use wonders_bots::Game;
use wonders_common::{derive_seed, CardSet, GameRng};
use wonders_duel::data::{Progress, Resources, CARDS, NUM_CARDS, WONDERS};
use wonders_duel::record::{replay, write_record};
use wonders_duel::{Action, Duel, DuelConfig};

/// Every card of the current Age's deck (plus guilds in Age III) is in exactly one place.
fn check_conservation(g: &Duel) {
    let mut places = CardSet::EMPTY;
    let mut count = 0u32;
    let mut add = |s: CardSet| {
        assert!(places.intersection(s).is_empty(), "a card is in two places");
        places = places.union(s);
        count += s.len();
    };
    for seat in 0..2 {
        add(g.player(seat).city);
        add(g.player(seat).tucked);
    }
    add(g.discard_pile());
    let setup = g.setup();
    for age in 0..3 {
        add(setup.removed[age].iter().copied().collect());
    }
    add(setup.guilds_unused.iter().copied().collect());
    let current = (g.age() - 1) as usize;
    for age in 0..3 {
        let layout: CardSet = setup.ages[age].iter().copied().collect();
        if age > current || g.is_drafting() {
            add(layout);
        } else if age == current {
            let untaken: CardSet = (0..20)
                .filter(|s| g.taken_slots() >> s & 1 == 0)
                .map(|s| setup.ages[age][s])
                .collect();
            add(untaken);
        }
    }
    assert_eq!(count, 73, "every card somewhere exactly once");
}

/// Plausible actions to try against the legal list: every card built, discarded or used for
/// each Wonder at a few prices, every token, every starter.
fn unlisted_candidates(g: &Duel) -> Vec<Action> {
    let mut out = Vec::new();
    for card in 0..NUM_CARDS as u8 {
        for paid in [0u16, 1, 3] {
            out.push(Action::Build { card, paid });
        }
        out.push(Action::Discard { card });
        out.push(Action::Destroy(card));
        out.push(Action::BuildDiscarded(card));
        for wonder in 0..12u8 {
            out.push(Action::Wonder {
                card,
                wonder,
                paid: g.wonder_cost(g.current_seat(), wonder),
            });
        }
    }
    for t in 0..10u8 {
        out.push(Action::Progress(t));
        out.push(Action::GreatLibrary(t));
    }
    for w in 0..12u8 {
        out.push(Action::PickWonder(w));
    }
    out.push(Action::ChooseStarter(0));
    out.push(Action::ChooseStarter(1));
    out
}

trait LegalVec {
    fn legal_actions_vec(&self) -> Vec<Action>;
}

impl LegalVec for Duel {
    fn legal_actions_vec(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }
}

#[test]
fn random_games_keep_invariants() {
    let games = 100_000u64;
    let mut actions = Vec::new();
    let mut history = Vec::new();
    let mut civil = 0;
    for i in 0..games {
        let seed = derive_seed(12345, i);
        let mut rng = GameRng::seed_from_u64(seed);
        let mut g = Duel::new(DuelConfig::default(), &mut rng);
        history.clear();
        let mut steps = 0;
        while !g.is_terminal() {
            g.legal_actions(&mut actions);
            assert!(!actions.is_empty());
            // Every legal action is accepted, and actions not listed are refused without
            // changing anything (checked on copies, for a sample of states).
            if i % 100 == 0 {
                for &a in &actions {
                    let mut copy = g;
                    copy.apply(a)
                        .unwrap_or_else(|e| panic!("legal action refused: {e}"));
                }
                for candidate in unlisted_candidates(&g)
                    .into_iter()
                    .filter(|_| i % 1000 == 0)
                {
                    if !actions.contains(&candidate) {
                        let mut copy = g;
                        assert!(
                            copy.apply(candidate).is_err(),
                            "{candidate:?} accepted but not listed"
                        );
                        assert_eq!(
                            copy.legal_actions_vec(),
                            actions,
                            "a refused action changed the state"
                        );
                    }
                }
            }
            let a = actions[rng.random_range(0..actions.len())];
            g.apply(a).unwrap();
            history.push(a);
            if i % 10 == 0 {
                check_conservation(&g);
            }
            steps += 1;
            assert!(steps < 400);
        }
        let mut r = [0.0; 2];
        g.returns(&mut r);
        assert!((r[0] + r[1] - 1.0).abs() < 1e-9);
        for seat in 0..2 {
            let s = g.score(seat);
            assert_eq!(s.total(), s.categories().iter().sum::<i32>());
        }
        if g.outcome().unwrap().0 == wonders_duel::state::Victory::Civilian {
            civil += 1;
        }
        // The record replays to the same game, through its JSON text.
        if i % 50 == 0 {
            let players = vec!["random".to_string(), "random".to_string()];
            let record = write_record(seed, g.setup(), g.options(), &players, &history);
            let text = serde_json::to_string(&record).unwrap();
            let replayed = replay(&serde_json::from_str(&text).unwrap())
                .unwrap_or_else(|e| panic!("game {i}: record does not replay: {e}"));
            assert!(replayed.checked_result);
            assert_eq!(replayed.actions, history);
            assert_eq!(replayed.game.score(0), g.score(0));
            assert_eq!(replayed.game.score(1), g.score(1));
        }
        // Same seed, same game.
        if i % 1000 == 0 {
            let mut rng2 = GameRng::seed_from_u64(seed);
            let mut g2 = Duel::new(DuelConfig::default(), &mut rng2);
            for &a in &history {
                g2.apply(a).unwrap();
            }
            assert_eq!(g2.score(0), g.score(0));
            assert_eq!(g2.score(1), g.score(1));
        }
    }
    assert!(civil > 0);
}

/// The cheapest trade for `need` found by trying every way to use `seat`'s choice productions
/// (each picks one resource of its group) and to place `waive` free units.
fn brute_force_trade_cost(g: &Duel, seat: usize, need: Resources, waive: u8) -> u16 {
    let me = g.player(seat);
    let price = g.trade_prices(seat);
    // Every production a seat has is one of: a raw choice (0..3), a goods choice (3..5), or a
    // waived unit (any of 0..5).
    let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
    groups.extend((0..me.choice_raw).map(|_| 0..3));
    groups.extend((0..me.choice_goods).map(|_| 3..5));
    groups.extend((0..waive).map(|_| 0..5));
    let mut best = u16::MAX;
    let mut picks = vec![0usize; groups.len()];
    fn search(
        k: usize,
        groups: &[std::ops::Range<usize>],
        picks: &mut Vec<usize>,
        have: [u8; 5],
        need: [u8; 5],
        price: [u16; 5],
        best: &mut u16,
    ) {
        if k == groups.len() {
            let mut have = have;
            for &r in picks.iter() {
                have[r] += 1;
            }
            let cost = (0..5)
                .map(|r| need[r].saturating_sub(have[r]) as u16 * price[r])
                .sum();
            *best = (*best).min(cost);
            return;
        }
        for r in groups[k].clone() {
            picks[k] = r;
            search(k + 1, groups, picks, have, need, price, best);
        }
    }
    search(
        0,
        &groups,
        &mut picks,
        me.production.0,
        need.0,
        price,
        &mut best,
    );
    best
}

#[test]
fn payment_search_matches_brute_force() {
    // Choice productions and waives appear late: check every position of many games, for
    // every card and Wonder cost, with 0 and 2 waived units.
    let mut rng = GameRng::seed_from_u64(11);
    let mut buf = Vec::new();
    let mut checked = 0u64;
    let mut with_choices = 0u64;
    for _ in 0..300 {
        let mut g = Duel::new(DuelConfig::default(), &mut rng);
        while !g.is_terminal() {
            for seat in 0..2 {
                let me = g.player(seat);
                with_choices += (me.choice_raw + me.choice_goods > 0) as u64;
                let needs = CARDS
                    .iter()
                    .map(|c| c.cost)
                    .chain(WONDERS.iter().map(|w| w.cost));
                for need in needs {
                    for waive in [0, 2] {
                        assert_eq!(
                            g.trade_cost(seat, need, waive),
                            brute_force_trade_cost(&g, seat, need, waive),
                            "seat {seat} needs {need:?} waiving {waive}: {:?}",
                            g.player(seat)
                        );
                        checked += 1;
                    }
                }
            }
            g.legal_actions(&mut buf);
            let a = buf[rng.random_range(0..buf.len())];
            g.apply(a).unwrap();
        }
    }
    assert!(
        checked > 1_000_000 && with_choices > 1_000,
        "{checked} {with_choices}"
    );
}

/// A listed action played without being priced again (`apply_listed`, as the bots play) leaves
/// exactly the state the fully checked `apply` leaves, for every action listed at every step of
/// random base and Pantheon games (Economy included: its trade share is still paid).
#[test]
fn listed_actions_play_as_checked_ones() {
    let mut legal = Vec::new();
    // Builds with trade whose trade share Economy pays to the opponent: the case where a
    // listed Build still needs its trade worked out.
    let mut economy_builds = 0;
    for pantheon in [false, true] {
        let config = DuelConfig {
            pantheon,
            ..DuelConfig::default()
        };
        for game in 0..60u64 {
            let mut rng = GameRng::seed_from_u64(derive_seed(77, game));
            let mut g = Duel::new(config, &mut rng);
            while !g.is_terminal() {
                g.legal_actions(&mut legal);
                let mover = g.current_player();
                for &a in &legal {
                    if let Action::Build { card, .. } = a {
                        let economy = g.player(1 - mover).has(Progress::Economy);
                        economy_builds += (economy && g.card_cost(mover, card).1 > 0) as u32;
                    }
                    let mut checked = g;
                    checked.apply(a).unwrap();
                    let mut listed = g;
                    listed.apply_listed(a).unwrap();
                    assert_eq!(format!("{checked:?}"), format!("{listed:?}"), "{a:?}");
                }
                let a = legal[rng.random_range(0..legal.len())];
                g.apply(a).unwrap();
            }
        }
    }
    assert!(
        economy_builds > 0,
        "no Build paid trade to an Economy owner"
    );
}
