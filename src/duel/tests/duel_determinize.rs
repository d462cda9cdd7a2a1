//! `Duel::determinized` re-samples only what nobody has seen.
//!
//! Thousands of random positions (random games stopped at random points): every
//! determinization must keep the cities, treasuries, discard pile, the taken and face-up slots
//! of the current Age with their cards, the board, the pawn, the Wonders and the first draft
//! round; it must be a valid deal with the right cards in each Age, and it must actually vary
//! what is hidden.

use rand::{Rng, SeedableRng};
use wonders_bots::Game;
use wonders_common::{derive_seed, CardSet, GameRng};
use wonders_duel::data::{CardId, DECK_STARTS, WONDERS};
use wonders_duel::state::Pending;
use wonders_duel::{Action, Duel, DuelConfig};

const DETERMINIZATIONS: usize = 6;

/// A random game stopped after a random number of actions (or at its end).
fn random_position(index: u64, options: DuelConfig) -> Duel {
    let mut rng = GameRng::seed_from_u64(derive_seed(0xD373, index));
    let mut g = Duel::new(options, &mut rng);
    let stop = rng.random_range(0..110);
    let mut actions = Vec::new();
    for _ in 0..stop {
        if g.is_terminal() {
            break;
        }
        g.legal_actions(&mut actions);
        let a = actions[rng.random_range(0..actions.len())];
        g.apply(a).unwrap();
    }
    g
}

/// Every card dealt to Age `age` (its layout and removed cards; the unused Guilds in Age III).
fn age_pool(g: &Duel, age: usize) -> CardSet {
    let s = g.setup();
    let mut set: CardSet = s.ages[age].iter().chain(&s.removed[age]).copied().collect();
    if age == 2 {
        set = set.union(s.guilds_unused.iter().copied().collect());
    }
    set
}

fn sorted(mut v: Vec<Action>) -> Vec<Action> {
    v.sort_by_key(|a| format!("{a:?}"));
    v
}

/// The slots of the current Age whose card has been seen (taken or face up).
fn seen_slots(g: &Duel) -> u32 {
    if g.is_drafting() {
        0
    } else {
        g.taken_slots() | g.revealed_slots()
    }
}

/// Everything public must be identical in `d`.
fn check_same_observation(g: &Duel, d: &Duel, what: &str) {
    assert_eq!(d.is_drafting(), g.is_drafting(), "{what}: phase");
    assert_eq!(d.is_over(), g.is_over(), "{what}: phase");
    assert_eq!(d.age(), g.age(), "{what}: age");
    assert_eq!(d.current_seat(), g.current_seat(), "{what}: player to move");
    assert_eq!(d.pending(), g.pending(), "{what}: pending decision");
    for seat in 0..2 {
        assert_eq!(d.player(seat), g.player(seat), "{what}: player {seat}");
    }
    assert_eq!(d.discard_pile(), g.discard_pile(), "{what}: discard pile");
    assert_eq!(d.pawn(), g.pawn(), "{what}: pawn");
    assert_eq!(
        d.military_tokens_left(),
        g.military_tokens_left(),
        "{what}: military tokens"
    );
    assert_eq!(
        d.board_tokens().collect::<Vec<_>>(),
        g.board_tokens().collect::<Vec<_>>(),
        "{what}: board tokens"
    );
    let mut bx: Vec<_> = d.box_tokens().to_vec();
    let mut gx: Vec<_> = g.box_tokens().to_vec();
    bx.sort();
    gx.sort();
    assert_eq!(bx, gx, "{what}: the box holds the same tokens");
    assert_eq!(
        d.wonders_built_total(),
        g.wonders_built_total(),
        "{what}: Wonders built"
    );
    assert_eq!(d.draft_picks(), g.draft_picks(), "{what}: draft picks");
    assert_eq!(d.options(), g.options(), "{what}: options");
    // The first draft round is always public; the second once it is revealed (pick 4).
    let (gs, ds) = (g.setup(), d.setup());
    let public = if g.is_drafting() && g.draft_picks() < 4 {
        4
    } else {
        8
    };
    assert_eq!(
        ds.wonders_offered[..public],
        gs.wonders_offered[..public],
        "{what}: Wonders offered"
    );
    assert_eq!(ds.progress_on_board, gs.progress_on_board, "{what}: tokens");
    if !g.is_drafting() {
        assert_eq!(d.taken_slots(), g.taken_slots(), "{what}: taken slots");
        assert_eq!(d.revealed_slots(), g.revealed_slots(), "{what}: revealed");
        assert_eq!(
            d.accessible_slots(),
            g.accessible_slots(),
            "{what}: accessible"
        );
        let age = (g.age() - 1) as usize;
        let seen = seen_slots(g);
        for s in 0..20 {
            if seen >> s & 1 == 1 {
                assert_eq!(
                    d.slot_card(s),
                    g.slot_card(s),
                    "{what}: seen slot {s} of Age {}",
                    age + 1
                );
            }
        }
        // Earlier Ages were played out in full, face up.
        for (a, (dl, gl)) in ds.ages.iter().zip(&gs.ages).take(age).enumerate() {
            assert_eq!(dl, gl, "{what}: layout of Age {}", a + 1);
        }
    }
}

fn check_valid_deal(g: &Duel, d: &Duel, what: &str) {
    d.setup()
        .validate()
        .unwrap_or_else(|e| panic!("{what}: invalid setup: {e}"));
    for age in 0..3 {
        assert_eq!(
            age_pool(d, age),
            age_pool(g, age),
            "{what}: Age {} is dealt from other cards",
            age + 1
        );
        let expected = if age == 2 { 27 } else { 23 };
        assert_eq!(age_pool(d, age).len(), expected, "{what}: Age {}", age + 1);
    }
    // Guilds are only in Age III's pool.
    let guilds = CardSet((1u128 << DECK_STARTS[4]) - (1u128 << DECK_STARTS[3]));
    assert_eq!(age_pool(d, 2).intersection(guilds), guilds);
    let layout_guilds = d.setup().ages[2]
        .iter()
        .filter(|&&c| guilds.contains(c))
        .count();
    assert_eq!(layout_guilds, 3, "{what}: 3 Guilds in the Age III layout");
}

/// The hidden part of a setup: unseen slots of the current Age and all of the later Ages.
fn hidden_cards(g: &Duel) -> Vec<CardId> {
    let s = g.setup();
    let (first, seen) = if g.is_drafting() {
        (0, 0)
    } else {
        ((g.age() - 1) as usize, seen_slots(g))
    };
    let mut v = Vec::new();
    for (age, layout) in s.ages.iter().enumerate().skip(first) {
        for (slot, &card) in layout.iter().enumerate() {
            if age > first || seen >> slot & 1 == 0 {
                v.push(card);
            }
        }
    }
    v
}

#[test]
fn determinizations_keep_what_was_seen() {
    let mut positions = 0;
    let mut with_hidden = 0;
    let mut varied = 0;
    let mut face_down_varied = 0;
    let mut with_face_down = 0;
    let mut pending_seen = [0usize; 5];
    let mut actions = Vec::new();
    let mut d_actions = Vec::new();
    for i in 0..4000u64 {
        let options = DuelConfig {
            errata_next_age: i % 2 == 1,
            ..DuelConfig::default()
        };
        let g = random_position(i, options);
        if g.is_over() {
            continue;
        }
        positions += 1;
        match g.pending() {
            Some(Pending::Progress) => pending_seen[0] += 1,
            Some(Pending::Destroy(_)) => pending_seen[1] += 1,
            Some(Pending::Mausoleum) => pending_seen[2] += 1,
            Some(Pending::GreatLibrary) => pending_seen[3] += 1,
            Some(Pending::Starter) => pending_seen[4] += 1,
            Some(p) => panic!("a base game waits for Pantheon's {p:?}"),
            None => {}
        }
        let mut rng = GameRng::seed_from_u64(derive_seed(77, i));
        let hidden = hidden_cards(&g);
        let face_down = if g.is_drafting() {
            0
        } else {
            (0xF_FFFFu32 & !seen_slots(&g)).count_ones()
        };
        let mut any_change = false;
        let mut face_down_change = false;
        for k in 0..DETERMINIZATIONS {
            let what = format!("game {i}, determinization {k}");
            let d = if k % 2 == 0 {
                g.determinized(&mut rng)
            } else {
                g.determinize(k % 2, &mut rng)
            };
            check_same_observation(&g, &d, &what);
            check_valid_deal(&g, &d, &what);
            if g.pending() != Some(Pending::GreatLibrary) {
                // Same information, same choices (the Great Library draw is checked apart).
                g.legal_actions(&mut actions);
                d.legal_actions(&mut d_actions);
                assert_eq!(
                    sorted(d_actions.clone()),
                    sorted(actions.clone()),
                    "{what}: legal actions"
                );
            }
            let dh = hidden_cards(&d);
            if dh != hidden {
                any_change = true;
            }
            if face_down >= 2 {
                let age = (g.age() - 1) as usize;
                let seen = seen_slots(&g);
                if (0..20)
                    .any(|s| seen >> s & 1 == 0 && d.setup().ages[age][s] != g.setup().ages[age][s])
                {
                    face_down_change = true;
                }
            }
        }
        if !hidden.is_empty() {
            with_hidden += 1;
            if any_change {
                varied += 1;
            }
        }
        if face_down >= 2 {
            with_face_down += 1;
            if face_down_change {
                face_down_varied += 1;
            }
        }
    }
    assert!(positions > 2500, "only {positions} positions");
    // Whatever is hidden (the later Ages, face-down cards) is re-sampled.
    assert!(
        with_hidden * 10 > positions * 9,
        "{with_hidden} of {positions}"
    );
    assert!(
        varied * 100 >= with_hidden * 99,
        "hidden cards re-sampled in only {varied} of {with_hidden} positions"
    );
    assert!(with_face_down > 1000, "{with_face_down}");
    assert!(
        face_down_varied * 100 >= with_face_down * 95,
        "face-down cards of the current Age re-sampled in {face_down_varied} of {with_face_down}"
    );
    // The sample reaches the effect decisions too.
    assert!(
        pending_seen[0] > 0 && pending_seen[4] > 0,
        "{pending_seen:?}"
    );
}

#[test]
fn second_draft_round_is_resampled_only_before_it_is_revealed() {
    let mut rng = GameRng::seed_from_u64(5);
    for i in 0..200u64 {
        let mut g = Duel::new(DuelConfig::default(), &mut GameRng::seed_from_u64(i));
        let picks = (i % 8) as usize;
        let mut actions = Vec::new();
        for _ in 0..picks {
            g.legal_actions(&mut actions);
            g.apply(actions[rng.random_range(0..actions.len())])
                .unwrap();
        }
        let mut second_rounds = std::collections::HashSet::new();
        for _ in 0..20 {
            let d = g.determinized(&mut rng);
            check_same_observation(&g, &d, &format!("draft {i}"));
            let second: [u8; 4] = d.setup().wonders_offered[4..].try_into().unwrap();
            // The second round never repeats a Wonder of the first.
            for w in second {
                assert!(!d.setup().wonders_offered[..4].contains(&w));
                assert!((w as usize) < WONDERS.len());
            }
            second_rounds.insert(second);
        }
        if picks < 4 {
            assert!(
                second_rounds.len() > 1,
                "draft {i}: second round never varies"
            );
        } else {
            assert_eq!(second_rounds.len(), 1, "draft {i}: revealed round changed");
        }
    }
}

/// A finished game's layout has been seen as far as it was played: determinizing a terminal
/// state (which a search may do at a leaf) must not rewrite it either.
#[test]
fn determinizations_of_finished_games_keep_the_played_layout() {
    let mut checked = 0;
    for i in 0..3000u64 {
        let g = random_position(i, DuelConfig::default());
        if !g.is_over() {
            continue;
        }
        checked += 1;
        let mut rng = GameRng::seed_from_u64(i);
        for k in 0..3 {
            let d = g.determinized(&mut rng);
            check_same_observation(&g, &d, &format!("finished game {i}, determinization {k}"));
            check_valid_deal(&g, &d, &format!("finished game {i}"));
        }
    }
    assert!(checked > 20, "only {checked} finished games");
}

/// While the Great Library's choice is pending, the 3 tokens drawn from the box are on the
/// table in front of the player choosing (rules_notes 16): re-sampling them changes that
/// player's options from one determinization to the next.
#[test]
fn determinizations_keep_the_great_library_draw() {
    let mut found = 0;
    let mut actions = Vec::new();
    let mut d_actions = Vec::new();
    for i in 0..20_000u64 {
        let mut rng = GameRng::seed_from_u64(derive_seed(0x6_1B, i));
        let mut g = Duel::new(DuelConfig::default(), &mut rng);
        while !g.is_over() && g.pending() != Some(Pending::GreatLibrary) {
            g.legal_actions(&mut actions);
            // Prefer building Wonders so the Great Library comes up often.
            let wonder: Vec<_> = actions
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Wonder { .. }))
                .collect();
            let a = if !wonder.is_empty() && rng.random_bool(0.7) {
                wonder[rng.random_range(0..wonder.len())]
            } else {
                actions[rng.random_range(0..actions.len())]
            };
            g.apply(a).unwrap();
        }
        if g.pending() != Some(Pending::GreatLibrary) {
            continue;
        }
        found += 1;
        g.legal_actions(&mut actions);
        for k in 0..10 {
            let d = g.determinized(&mut rng);
            d.legal_actions(&mut d_actions);
            assert_eq!(
                sorted(d_actions.clone()),
                sorted(actions.clone()),
                "game {i}, determinization {k}: the Great Library offers other tokens"
            );
        }
        if found >= 50 {
            break;
        }
    }
    assert!(found >= 10, "only {found} Great Library decisions reached");
}

/// What the evaluation reads of a position beside the supremacy check: after every legal
/// action, `Duel::position_value` of the true state equals that of every determinization
/// (exactly, not approximately). The supremacy check reads the options of the seat to move,
/// which may include a card the action uncovered, so the evaluation as a whole is not public
/// and says so (`evaluation_is_public`): greedy values its actions on a determinization.
#[test]
fn position_values_after_each_action_are_equal_with_and_without_determinization() {
    let mut compared = 0usize;
    let mut actions = Vec::new();
    for index in 0..3_000 {
        let g = random_position(index, DuelConfig::default());
        if g.is_terminal() {
            continue;
        }
        assert!(!g.evaluation_is_public());
        g.legal_actions(&mut actions);
        let mut rng = GameRng::seed_from_u64(derive_seed(0xE7A1, index));
        let dets: Vec<Duel> = (0..2)
            .map(|_| g.determinize(g.current_player(), &mut rng))
            .collect();
        for &a in &actions {
            let mut truth = g;
            truth.apply(a).unwrap();
            let want = [truth.position_value(0), truth.position_value(1)].map(f64::to_bits);
            for d in &dets {
                let mut next = *d;
                next.apply(a)
                    .unwrap_or_else(|e| panic!("position {index}: {a:?} refused: {e}"));
                let got = [next.position_value(0), next.position_value(1)].map(f64::to_bits);
                assert_eq!(want, got, "position {index}, action {a:?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 20_000, "only {compared} comparisons");
}
