//! 100,000 random Pantheon games to the end, with the invariants every state keeps: the 15
//! Divinities each in exactly one place, tokens conserved, Astarte's coins, the score pad's
//! lines summing to the total, each seat's knowledge of where the Divinities are never ruling
//! out the truth, and determinizations that keep what the seat to move sees.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_bots::Game;
use wonders_duel::pantheon_data::NUM_DIVINITIES;
use wonders_duel::state::{GATE_ID, NO_DIVINITY};
use wonders_duel::{Action, Duel, DuelConfig};

const GAMES: u64 = 100_000;

fn pantheon() -> DuelConfig {
    DuelConfig {
        pantheon: true,
        ..DuelConfig::default()
    }
}

/// Every Divinity is in exactly one place: a deck, a space, or in front of the seat that
/// activated it.
fn check_divinities(g: &Duel) {
    let p = g.pantheon();
    let mut count = [0u8; NUM_DIVINITIES];
    for m in 0..5 {
        for &d in &p.decks[m][..p.deck_len[m] as usize] {
            count[d as usize] += 1;
        }
    }
    for &d in &p.spaces {
        if d != NO_DIVINITY && d != GATE_ID {
            count[d as usize] += 1;
        }
    }
    for seat in 0..2 {
        for (d, c) in count.iter_mut().enumerate() {
            *c += (p.activated[seat] >> d & 1) as u8;
        }
    }
    assert!(count.iter().all(|&c| c == 1), "Divinities {count:?}");
    assert!(p.spaces.iter().filter(|&&d| d == GATE_ID).count() <= 1);
    let mythology: u8 = p.mythology.iter().flatten().sum();
    assert!(mythology <= 5);
    assert_eq!(
        p.offerings[0] & p.offerings[1],
        0,
        "an Offering token has one owner"
    );
    assert!(p.astarte[0] <= 7 && p.astarte[1] <= 7);
}

/// What `seat` knows of where each Divinity is holds the truth: its true place is among the
/// seat's whereabouts of it, and none are left once it is gone.
fn check_knowledge(g: &Duel, seat: usize) {
    for d in 0..NUM_DIVINITIES as u8 {
        let (at, known) = (g.pantheon().place_of(d), g.whereabouts(seat, d));
        assert_eq!(
            at & known,
            at,
            "seat {seat} rules out where Divinity {d} is"
        );
        assert_eq!(
            at == 0,
            known == 0,
            "seat {seat} on Divinity {d}: {known:#b}"
        );
    }
}

#[test]
fn random_pantheon_games_keep_their_invariants() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut legal = Vec::new();
    let (mut activations, mut gates, mut temples) = (0u64, 0u64, 0u64);
    for game in 0..GAMES {
        let mut g = Duel::new(pantheon(), &mut rng);
        let deep = game % 1000 == 0;
        let mut steps = 0;
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "no legal action");
            if game % 10 == 0 {
                check_knowledge(&g, 0);
                check_knowledge(&g, 1);
            }
            if deep && steps % 5 == 0 {
                check_divinities(&g);
                let me = g.current_player();
                let d = g.determinize(me, &mut rng);
                assert_eq!(d.seat_view(me), g.seat_view(me));
                check_knowledge(&d, me);
                let mut theirs = Vec::new();
                d.legal_actions(&mut theirs);
                assert_eq!(theirs, legal, "the mover's options changed");
            }
            let a = legal[rng.random_range(0..legal.len())];
            match a {
                Action::Activate { divinity, .. } => {
                    activations += 1;
                    gates += u64::from(divinity == GATE_ID);
                }
                Action::Build { card, .. } if wonders_duel::data::is_grand_temple(card) => {
                    temples += 1
                }
                _ => {}
            }
            g.apply(a).unwrap_or_else(|e| panic!("{e}"));
            steps += 1;
            assert!(steps < 500, "the game does not end");
        }
        check_divinities(&g);
        for seat in 0..2 {
            let s = g.score(seat);
            let lines: i32 = s.lines(true).iter().map(|(_, v)| v).sum();
            assert_eq!(lines, s.total());
            assert_eq!(s.guilds, 0, "no Guild in a Pantheon game");
        }
    }
    // Every kind of event happens often.
    assert!(activations > GAMES * 2, "{activations} activations");
    assert!(gates > GAMES / 10, "{gates} Gates");
    assert!(temples > GAMES / 10, "{temples} Grand Temples");
}
