//! Game records: the `classic` frame of `wonders-record` v1, replay, and the errors a
//! tampered record gives; the turn log and the card listing.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Value};
use wonders_bots::Game;
use wonders_classic::{
    card_rows, replay, turn_log, Action, ClassicConfig, ClassicGame, Edition, Event, Free,
    ReplayError, SidePolicy,
};

fn random_game(players: usize, edition: Edition, seed: u64) -> ClassicGame {
    let mut config = ClassicConfig::new(players, edition);
    config.sides = SidePolicy::Mixed;
    let mut g = ClassicGame::new(&config, seed).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut buf = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut buf);
        g.apply(buf[rng.random_range(0..buf.len())]).unwrap();
    }
    g
}

/// A random game with the events its engine told, set-up first.
fn random_told_game(players: usize, edition: Edition, seed: u64) -> (ClassicGame, Vec<Event>) {
    let mut config = ClassicConfig::new(players, edition);
    config.sides = SidePolicy::Mixed;
    let mut g = ClassicGame::new(&config, seed).unwrap();
    let mut events = Vec::new();
    g.tell_setup(&mut events);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut buf = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut buf);
        g.play_heard(buf[rng.random_range(0..buf.len())], &mut events)
            .unwrap();
    }
    (g, events)
}

fn specs(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("random:seed={i}")).collect()
}

#[test]
fn record_frame() {
    let g = random_game(5, Edition::V2, 42);
    let r = g.record(&specs(5));
    assert_eq!(r["format"], "wonders-record");
    assert_eq!(r["version"], 1);
    assert_eq!(r["game"], "classic");
    assert_eq!(
        r["options"],
        json!({"expansions": [], "edition": "v2", "variants": []})
    );
    assert_eq!(r["seed"], 42);
    assert_eq!(r["players"].as_array().unwrap().len(), 5);
    let setup = &r["setup"];
    assert_eq!(setup["wonders"].as_array().unwrap().len(), 5);
    for age in ["1", "2", "3"] {
        let hands = setup["hands"][age].as_array().unwrap();
        assert_eq!(hands.len(), 5);
        assert!(hands.iter().all(|h| h.as_array().unwrap().len() == 7));
    }
    assert_eq!(setup["guilds_unused"].as_array().unwrap().len(), 10 - 7);
    let actions = r["actions"].as_array().unwrap();
    // 18 turns of 5 seats, plus any extra plays and builds from the discard pile.
    assert!(actions.len() >= 90);
    for a in actions {
        let t = a["type"].as_str().unwrap();
        assert!(a["player"].is_u64());
        match t {
            "build" => {
                for k in ["card", "pay_left", "pay_right", "pay_bank", "free"] {
                    assert!(a.get(k).is_some(), "{k} missing in {a}");
                }
            }
            "wonder" => {
                for k in ["card", "stage", "pay_left", "pay_right", "pay_bank"] {
                    assert!(a.get(k).is_some(), "{k} missing in {a}");
                }
            }
            "sell" | "build_discarded" => assert!(a["card"].is_string()),
            "copy_guild" => panic!("no guild copy in the 2nd edition"),
            _ => panic!("unknown type {t}"),
        }
    }
    let result = &r["result"];
    assert_eq!(result["victory"], "civilian");
    assert_eq!(result["coins"].as_array().unwrap().len(), 5);
    for s in result["scores"].as_array().unwrap() {
        let keys = [
            "total",
            "military",
            "treasury",
            "wonders",
            "civilian",
            "science",
            "commercial",
            "guilds",
        ];
        assert_eq!(s.as_object().unwrap().len(), keys.len());
        let sum: i64 = keys[1..].iter().map(|k| s[k].as_i64().unwrap()).sum();
        assert_eq!(s["total"].as_i64().unwrap(), sum);
    }
    let winners = result["winner"].as_array().unwrap();
    assert!(!winners.is_empty());
}

#[test]
fn replay_checks_every_figure() {
    let g = random_game(4, Edition::V1, 7);
    let record = g.record(&specs(4));
    let again = replay(&record).unwrap();
    assert_eq!(again.record(&specs(4)), record);

    let first_build = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["type"] == "build" && a["pay_bank"] == 1)
        .expect("a build paying the bank");
    let mut bad = record.clone();
    bad["actions"][first_build]["pay_bank"] = json!(0);
    // Named at the build itself, not after the game.
    match replay(&bad) {
        Err(ReplayError {
            action: Some(index),
            message,
        }) => {
            assert_eq!(index, first_build);
            assert!(message.contains("pay_bank"), "{message}");
        }
        other => panic!("tampered pay_bank not caught: {other:?}"),
    }

    let mut bad = record.clone();
    bad["result"]["scores"][2]["science"] = json!(999);
    assert!(
        matches!(replay(&bad), Err(ReplayError { action: None, message: m }) if m.contains("scores[2].science"))
    );

    let mut bad = record.clone();
    bad["actions"][0]["player"] = json!(1);
    assert!(matches!(
        replay(&bad),
        Err(ReplayError {
            action: Some(0),
            ..
        })
    ));

    let mut bad = record.clone();
    bad["actions"][3]["card"] = json!("palace");
    assert!(matches!(
        replay(&bad),
        Err(ReplayError {
            action: Some(3),
            ..
        })
    ));

    let mut bad = record.clone();
    bad["setup"]["hands"]["1"][0][0] = json!("palace");
    assert!(
        matches!(replay(&bad), Err(ReplayError { action: None, message: m }) if m.starts_with("setup"))
    );

    let mut bad: Value = record;
    bad["actions"].as_array_mut().unwrap().pop();
    assert!(replay(&bad).is_err());
}

#[test]
fn from_setup_reproduces_new() {
    for edition in [Edition::V1, Edition::V2] {
        let mut config = ClassicConfig::new(6, edition);
        config.sides = SidePolicy::Mixed;
        let setup = ClassicGame::draw_setup(&config, 123).unwrap();
        let a = ClassicGame::new(&config, 123).unwrap();
        let b = ClassicGame::from_setup(&config, &setup).unwrap();
        assert_eq!(a.setup(), setup);
        assert_eq!(b.setup(), setup);
        for s in 0..6 {
            assert_eq!(a.hand(s), b.hand(s));
        }
    }
}

#[test]
fn turn_log_and_card_listing() {
    let (g, events) = random_told_game(3, Edition::V1, 3);
    assert_eq!(g.history(), random_game(3, Edition::V1, 3).history());
    let log = turn_log(&g, &events);
    assert!(log[0].starts_with("7 Wonders 1st edition, 3 players"));
    assert!(log.iter().any(|l| l.starts_with("Age III turn 6")));
    assert_eq!(
        log.iter().filter(|l| l.starts_with("End of Age")).count(),
        3
    );
    assert!(
        log.iter()
            .any(|l| l.contains(" to seat ") && l.contains(" for ")),
        "payments explained"
    );
    let final_at = log.iter().position(|l| l == "=== Final score ===").unwrap();
    // Seats as columns, then the boards, the 7 score lines, total, coins and the winner.
    assert_eq!(
        log[final_at + 1].split_whitespace().collect::<Vec<_>>(),
        ["seat", "0", "seat", "1", "seat", "2"]
    );
    assert!(log[final_at + 3].starts_with("military "));
    assert_eq!(log.len(), final_at + 13, "{:#?}", &log[final_at..]);

    for edition in [Edition::V1, Edition::V2] {
        let rows = card_rows(edition);
        assert_eq!(rows.iter().filter(|r| r.kind == "card").count(), 148);
        let stages = rows.iter().filter(|r| r.kind == "stage").count();
        // Gizah B has 4 stages, Rhodos B 2, 2nd-edition Babylon Night 2.
        assert_eq!(stages, if edition == Edition::V1 { 42 } else { 41 });
        let json = serde_json::to_value(&rows).unwrap();
        assert_eq!(json.as_array().unwrap().len(), rows.len());
    }
}

/// A v1 game with Olympia A in seat 0 (and a fixed deal), played by random bots.
fn olympia_a_game(seed: u64) -> ClassicGame {
    let mut config = ClassicConfig::new(3, Edition::V1);
    config.sides = SidePolicy::A;
    config.wonders = vec![Some(wonders_classic::Wonder::OLYMPIA), None, None];
    let mut g = ClassicGame::new(&config, seed).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut legal = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        g.apply(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    g
}

/// 1st-edition Olympia A's free build is the player's choice (RECORDS.md): while it is unused
/// in the Age, a card with a printed cost may be paid for as usual or built with the power.
#[test]
fn olympia_a_may_keep_its_free_build_for_a_dearer_card() {
    let mut config = ClassicConfig::new(3, Edition::V1);
    config.sides = SidePolicy::A;
    config.wonders = vec![Some(wonders_classic::Wonder::OLYMPIA), None, None];
    // Random games until seat 0 holds the power unused: then both choices must be offered.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut legal = Vec::new();
    let mut seen_both = false;
    let mut kept_and_paid = false;
    for seed in 0..40u64 {
        let mut g = ClassicGame::new(&config, seed).unwrap();
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            if g.current_player() == 0 {
                let free: Vec<_> = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::BuildFree { card } => Some(*card),
                        _ => None,
                    })
                    .collect();
                for card in &free {
                    if legal
                        .iter()
                        .any(|a| matches!(a, Action::Build { card: c, .. } if c == card))
                    {
                        seen_both = true;
                    }
                }
                // Prefer paying while the power is open: it must stay open afterwards.
                if let Some(paid) = legal
                    .iter()
                    .find(|a| matches!(a, Action::Build { card, .. } if free.contains(card)))
                {
                    let (free_kind, _) = g.terms(*paid).unwrap();
                    assert_eq!(free_kind, Free::No);
                    kept_and_paid = true;
                }
            }
            g.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        // Whatever was chosen, the record replays.
        replay(&g.record(&specs(3))).unwrap();
    }
    assert!(seen_both, "never offered both paying and the free build");
    assert!(kept_and_paid);
    // Games where the power was spent write it as a free build and replay.
    let g = olympia_a_game(5);
    let r = g.record(&specs(3));
    replay(&r).unwrap();
}

/// 2nd edition: a build that costs nothing anyway may be recorded `free: "wonder_power"` by
/// another implementation; it changes nothing and replays.
#[test]
fn a_free_label_on_a_build_that_costs_nothing_replays() {
    let g = random_game(4, Edition::V2, 12);
    let mut record = g.record(&specs(4));
    let i = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| {
            a["type"] == "build"
                && a["free"].is_null()
                && a["pay_bank"] == 0
                && a["pay_left"] == 0
                && a["pay_right"] == 0
        })
        .expect("a build that costs nothing");
    record["actions"][i]["free"] = json!("wonder_power");
    replay(&record).unwrap();
    // A paying build may not claim it.
    let mut bad = g.record(&specs(4));
    let j = bad["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["type"] == "build" && a["pay_bank"] == 1)
        .expect("a paying build");
    bad["actions"][j]["free"] = json!("wonder_power");
    let e = replay(&bad).unwrap_err();
    assert_eq!(e.action, Some(j), "{e}");
}

/// A reader refuses what it does not know, naming it.
#[test]
fn replay_refuses_what_it_does_not_know() {
    let g = random_game(3, Edition::V2, 4);
    let record = g.record(&specs(3));
    let refused = |change: &dyn Fn(&mut Value), needle: &str| {
        let mut bad = record.clone();
        change(&mut bad);
        let e = replay(&bad).unwrap_err().to_string();
        assert!(e.contains(needle), "{needle}: {e}");
    };
    refused(
        &|r| r["options"]["variants"] = json!(["bogus-variant"]),
        "bogus-variant",
    );
    refused(
        &|r| r["options"]["expansions"] = json!(["armada"]),
        "armada",
    );
    refused(
        &|r| r["players"] = json!(["random", "random"]),
        "2 bots for 3 seats",
    );
    refused(&|r| r["seed"] = json!("x"), "`seed`");
    refused(&|r| r["bogus"] = json!(1), "unknown field `bogus`");
    refused(
        &|r| r["actions"][0]["bogus"] = json!(1),
        "unknown field `bogus`",
    );
    refused(
        &|r| r["actions"][0]["type"] = json!("steal"),
        "unknown action type `steal`",
    );
    refused(
        &|r| r["result"]["scores"][0]["luck"] = json!(0),
        "unknown score line `luck`",
    );
    refused(&|r| r["result"]["mood"] = json!(0), "unknown field `mood`");
    refused(
        &|r| {
            r.as_object_mut().unwrap().remove("result");
        },
        "`result` is missing",
    );
    // Issue 28: a record says everything needed to play it again, and nothing unknown.
    for key in ["seed", "players"] {
        refused(
            &|r| {
                r.as_object_mut().unwrap().remove(key);
            },
            &format!("`{key}` is missing"),
        );
        refused(&|r| r[key] = Value::Null, &format!("`{key}`"));
    }
    refused(
        &|r| r["setup"]["bogus"] = json!([]),
        "setup: unknown field `bogus`",
    );
    refused(&|r| r["result"] = Value::Null, "`result` is null");
    // A figure written with a fraction is named as such, not as a different number.
    let j = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["type"] == "build" && a["pay_bank"] == 0)
        .expect("a build paying nothing to the bank");
    refused(
        &|r| r["actions"][j]["pay_bank"] = json!(0.0),
        "recorded 0.0, not a whole number (the rules give 0)",
    );
    refused(
        &|r| r["result"]["coins"][0] = json!(r["result"]["coins"][0].as_u64().unwrap() as f64),
        "not a whole number",
    );
}
