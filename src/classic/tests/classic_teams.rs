//! The team variant over many random games (Cities, with and without Leaders, 4 and 6 seats):
//! the winners are whole teams decided by the team totals then the partners' coins, returns
//! and ranks are the teams', records carry `team_totals` and replay through JSON, a seat's
//! determinizations keep its partner's hand, and records that break the variant's table are
//! refused with a message naming the fault.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_bots::Game;
use wonders_classic::{replay, ClassicConfig, ClassicGame, Edition, SidePolicy};
use wonders_classic::{Expansion, ExpansionSet};

/// Random games per table (4 or 6 seats, with or without Leaders): 100,000 in all.
const GAMES: u64 = 25_000;

fn config(players: usize, leaders: bool, game: u64) -> ClassicConfig {
    let mut c = ClassicConfig::new(players, Edition::V2);
    c.expansions = ExpansionSet::NONE
        .with_if(Expansion::LEADERS, leaders)
        .with(Expansion::CITIES);
    c.sides = if game % 2 == 0 {
        SidePolicy::Mixed
    } else {
        SidePolicy::Night
    };
    c.teams = true;
    c
}

/// Checks a finished team game against the variant's end: team totals, winners, ranks, returns.
fn check_end(g: &ClassicGame) {
    let n = g.players();
    let totals: Vec<i32> = (0..n).map(|s| g.score(s).total).collect();
    let keys: Vec<(i32, u32)> = (0..n / 2)
        .map(|t| {
            (
                totals[2 * t] + totals[2 * t + 1],
                g.city(2 * t).coins() + g.city(2 * t + 1).coins(),
            )
        })
        .collect();
    let team_totals: Vec<i32> = keys.iter().map(|k| k.0).collect();
    assert_eq!(g.team_totals(), team_totals);
    let best = *keys.iter().max().unwrap();
    let winners: Vec<usize> = (0..n).filter(|&s| keys[s / 2] == best).collect();
    assert_eq!(g.winners(), winners);
    let mut returns = [0.0; 8];
    g.returns(&mut returns);
    for (s, &got) in returns.iter().enumerate().take(n) {
        let expected = if winners.contains(&s) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
        assert_eq!(got, expected);
    }
    let ranks = g.ranks();
    for s in 0..n {
        assert_eq!(ranks[s], ranks[s ^ 1], "partners share a rank");
        let better = keys.iter().filter(|k| **k > keys[s / 2]).count();
        assert_eq!(ranks[s], 1 + better);
    }
}

fn run(players: usize, leaders: bool) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(players as u64 * 31 + u64::from(leaders));
    let mut buf = Vec::new();
    let mut shared = 0;
    for game in 0..GAMES {
        let seed = rng.random::<u64>();
        let mut g = ClassicGame::new(&config(players, leaders, game), seed).unwrap();
        let mut steps = 0;
        while !g.is_terminal() {
            g.legal_actions(&mut buf);
            assert!(!buf.is_empty());
            if game % 500 == 0 && steps % 23 == 7 {
                let me = g.current_player();
                let d = g.determinize(me, &mut rng);
                assert_eq!(d.hand(me ^ 1), g.hand(me ^ 1), "the partner's hand");
                assert_eq!(d.seat_view(me), g.seat_view(me));
            }
            g.apply(buf[rng.random_range(0..buf.len())]).unwrap();
            steps += 1;
        }
        check_end(&g);
        shared += usize::from(g.winners().len() > 2);
        for s in 0..players {
            // Two tokens per conflict, one conflict per Age: at most 6 defeats from conflicts
            // (Leaders: Tomyris' opposing neighbour may take hers too).
            let military = g.score(s).get(wonders_classic::ScoreLine::MILITARY);
            let (least, most) = if leaders { (-30, 60) } else { (-12, 36) };
            assert!((least..=most).contains(&military), "military {military}");
        }
        if game % 250 == 0 {
            let specs: Vec<String> = (0..players).map(|_| "random".to_string()).collect();
            let record = g.record(&specs);
            assert_eq!(record["options"]["variants"], serde_json::json!(["teams"]));
            assert_eq!(
                record["result"]["team_totals"],
                serde_json::json!(g.team_totals())
            );
            let text = serde_json::to_string(&record).unwrap();
            let back: serde_json::Value = serde_json::from_str(&text).unwrap();
            let r = replay(&back).unwrap_or_else(|e| panic!("replay failed: {e}"));
            assert_eq!(r.record(&specs), record);
        }
    }
    // Shared victories happen but are rare.
    assert!(shared < GAMES as usize / 20, "{shared} shared victories");
}

#[test]
fn random_team_games_at_4_players() {
    run(4, false);
    run(4, true);
}

#[test]
fn random_team_games_at_6_players() {
    run(6, false);
    run(6, true);
}

/// A finished 4-seat team game's record.
fn team_record() -> serde_json::Value {
    let mut g = ClassicGame::new(&config(4, false, 0), 3).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut buf = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut buf);
        g.apply(buf[rng.random_range(0..buf.len())]).unwrap();
    }
    let specs: Vec<String> = (0..4).map(|_| "random".to_string()).collect();
    g.record(&specs)
}

#[test]
fn records_that_break_the_team_variant_are_refused() {
    let good = team_record();
    assert!(replay(&good).is_ok());
    let refused = |change: &dyn Fn(&mut serde_json::Value), expected: &str| {
        let mut r = good.clone();
        change(&mut r);
        let e = replay(&r).expect_err("refused").to_string();
        assert!(e.contains(expected), "{e}");
    };
    refused(
        &|r| r["result"]["team_totals"][0] = serde_json::json!(-1),
        "team_totals",
    );
    refused(
        &|r| {
            r["result"].as_object_mut().unwrap().remove("team_totals");
        },
        "team_totals missing",
    );
    refused(
        &|r| r["options"]["variants"] = serde_json::json!(["teams", "teams"]),
        "alone",
    );
    refused(
        &|r| r["options"]["variants"] = serde_json::json!(["duo"]),
        "unknown variant `duo`",
    );
    refused(
        &|r| r["options"]["expansions"] = serde_json::json!([]),
        "Cities",
    );
    // Issue 28: `players` is required here too.
    refused(
        &|r| {
            r.as_object_mut().unwrap().remove("players");
        },
        "`players` is missing",
    );
    // Five seats cannot sit in teams of two.
    let mut five = ClassicConfig::new(5, Edition::V2);
    five.expansions.set(Expansion::CITIES, true);
    let mut g = ClassicGame::new(&five, 1).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut buf = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut buf);
        g.apply(buf[rng.random_range(0..buf.len())]).unwrap();
    }
    let mut r = g.record(&vec!["random".to_string(); 5]);
    r["options"]["variants"] = serde_json::json!(["teams"]);
    let e = replay(&r).expect_err("refused").to_string();
    assert!(
        e.contains("5 players (the team variant seats 4 or 6"),
        "{e}"
    );
    // Without the variant, team_totals is an unknown field and the winners differ.
    refused(
        &|r| r["options"]["variants"] = serde_json::json!([]),
        "result",
    );
}
