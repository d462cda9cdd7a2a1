//! A Duel record written by hand from the format's documentation (not by our writer), so the
//! reader is held to the documented field names and conventions, not to its own twin.

use serde_json::{json, Value};
use wonders_duel::record::{replay, ActionRecord, SetupRecord};

fn hand_made_record() -> Value {
    json!({
        "format": "wonders-record",
        "version": 1,
        "game": "duel",
        "options": {"expansions": [], "edition": null, "variants": []},
        "seed": 0,
        "players": ["human", "human"],
        "setup": {
            "wonders_offered": ["the_pyramids", "the_colossus", "the_great_lighthouse",
                "the_temple_of_artemis", "the_mausoleum", "the_great_library", "piraeus",
                "the_hanging_gardens"],
            "progress_on_board": ["agriculture", "architecture", "economy", "law", "masonry"],
            "progress_in_box": ["mathematics", "philosophy", "strategy", "theology", "urbanism"],
            "ages": {
                "1": ["lumber_yard", "stone_pit", "clay_pool", "logging_camp", "quarry", "clay_pit",
                      "glassworks", "press", "stable", "garrison", "palisade", "guard_tower",
                      "scriptorium", "workshop", "pharmacist", "apothecary", "tavern",
                      "stone_reserve", "clay_reserve", "wood_reserve"],
                "2": ["sawmill", "shelf_quarry", "brickyard", "glassblower", "drying_room",
                      "horse_breeders", "barracks", "walls", "archery_range", "parade_ground",
                      "school", "laboratory", "dispensary", "library", "brewery", "forum",
                      "caravansery", "customs_house", "temple", "statue"],
                "3": ["circus", "arsenal", "siege_workshop", "fortifications", "pretorium",
                      "academy", "university", "study", "observatory", "arena",
                      "chamber_of_commerce", "port", "lighthouse", "armory", "palace", "gardens",
                      "pantheon", "merchants_guild", "shipowners_guild", "builders_guild"]
            },
            "removed": {"1": ["theater", "altar", "baths"],
                        "2": ["courthouse", "aqueduct", "rostrum"],
                        "3": ["town_hall", "senate", "obelisk"]},
            "guilds_unused": ["magistrates_guild", "scientists_guild", "moneylenders_guild",
                              "tacticians_guild"]
        },
        "actions": [
            // Draft: round 1 P1, P2, P2, P1; round 2 P2, P1, P1, P2.
            {"player": 0, "type": "pick_wonder", "wonder": "the_pyramids"},
            {"player": 1, "type": "pick_wonder", "wonder": "the_colossus"},
            {"player": 1, "type": "pick_wonder", "wonder": "the_great_lighthouse"},
            {"player": 0, "type": "pick_wonder", "wonder": "the_temple_of_artemis"},
            {"player": 1, "type": "pick_wonder", "wonder": "the_mausoleum"},
            {"player": 0, "type": "pick_wonder", "wonder": "the_great_library"},
            {"player": 0, "type": "pick_wonder", "wonder": "piraeus"},
            {"player": 1, "type": "pick_wonder", "wonder": "the_hanging_gardens"},
            // Age I: slots 14-19 are open. The Tavern is free and gives 4 coins.
            {"player": 0, "type": "build", "card": "tavern", "paid": 0},
            {"player": 1, "type": "discard", "card": "wood_reserve", "gained": 2},
            // The Pharmacist costs 2 printed coins.
            {"player": 0, "type": "build", "card": "pharmacist", "paid": 2},
            // The Apothecary needs a glass: 2 coins, the opponent makes none.
            {"player": 1, "type": "build", "card": "apothecary", "paid": 2},
            // Discarding with one yellow card (the Tavern): 3 coins.
            {"player": 0, "type": "discard", "card": "stone_reserve", "gained": 3}
        ],
        // The game is not over: an unfinished game's result is null.
        "result": null
    })
}

/// The record's types read the record written from the documentation, and write it back as
/// it was.
#[test]
fn the_record_types_read_the_documented_record() {
    let record = hand_made_record();
    let setup: SetupRecord = serde_json::from_value(record["setup"].clone()).unwrap();
    assert_eq!(setup.wonders_offered[0], "the_pyramids");
    assert_eq!(serde_json::to_value(&setup).unwrap(), record["setup"]);
    for a in record["actions"].as_array().unwrap() {
        let typed: ActionRecord = serde_json::from_value(a.clone()).unwrap();
        assert_eq!(&serde_json::to_value(&typed).unwrap(), a);
    }
    let first: ActionRecord = serde_json::from_value(record["actions"][0].clone()).unwrap();
    assert!(matches!(first, ActionRecord::PickWonder { player: 0, .. }));
}

#[test]
fn a_record_written_from_the_documentation_replays() {
    let replayed = replay(&hand_made_record()).expect("the hand-made record replays");
    assert_eq!(replayed.actions.len(), 13);
    assert!(
        !replayed.checked_result,
        "an unfinished game has no result to check"
    );
    let g = &replayed.game;
    assert_eq!(g.player(0).coins, 7 + 4 - 2 + 3);
    assert_eq!(g.player(1).coins, 7 + 2 - 2);
    assert_eq!(g.current_seat(), 1);
}

#[test]
fn each_kind_of_mistake_is_named_at_its_action() {
    let cases: [(usize, &str, Value, &str); 5] = [
        (10, "paid", json!(1), "the rules charge 2"),
        (12, "gained", json!(2), "the rules give 3"),
        (9, "player", json!(0), "player 1's turn"),
        (11, "card", json!("library"), "not legal"),
        (1, "wonder", json!("the_sphinx"), "not legal"),
    ];
    for (index, field, value, expected) in cases {
        let mut record = hand_made_record();
        record["actions"][index][field] = value;
        let err = replay(&record).unwrap_err();
        assert_eq!(err.action, Some(index), "{err}");
        assert!(err.to_string().contains(expected), "{err}");
    }
    let mut record = hand_made_record();
    record["setup"]["ages"]["1"][0] = json!("sawmill");
    let err = replay(&record).unwrap_err();
    assert!(err.to_string().contains("setup"), "{err}");
}

/// A reader refuses what it does not know, naming it (RECORDS.md, "Keeping the format").
#[test]
fn replay_refuses_what_it_does_not_know() {
    let refused = |change: &dyn Fn(&mut Value), needle: &str| {
        let mut bad = hand_made_record();
        change(&mut bad);
        let e = replay(&bad).unwrap_err().to_string();
        assert!(e.contains(needle), "{needle}: {e}");
    };
    refused(
        &|r| r["options"]["variants"] = json!(["bogus-variant"]),
        "bogus-variant",
    );
    refused(
        &|r| r["options"]["expansions"] = json!(["pantheon"]),
        "pantheon",
    );
    refused(&|r| r["players"] = json!(["human"]), "1 bot for 2 seats");
    // Issue 28: `seed` and `players` are required; a finished game's result is not null.
    for key in ["seed", "players"] {
        refused(
            &|r| {
                r.as_object_mut().unwrap().remove(key);
            },
            &format!("`{key}` is missing"),
        );
        refused(&|r| r[key] = Value::Null, &format!("`{key}`"));
    }
    // The action's index is said once.
    let e = {
        let mut bad = hand_made_record();
        bad["actions"][8]["card"] = json!(7);
        replay(&bad).unwrap_err().to_string()
    };
    assert_eq!(e.matches("action 8").count(), 1, "{e}");
    assert!(e.contains("`card`"), "{e}");
    refused(&|r| r["seed"] = json!(-1), "`seed`");
    refused(&|r| r["seed"] = json!(1.5), "`seed`");
    refused(&|r| r["comment"] = json!("hi"), "unknown field `comment`");
    refused(&|r| r["options"]["edition"] = json!("v2"), "no editions");
    // The Tavern is free: a paid of -1 must not pass as 0.
    refused(&|r| r["actions"][8]["paid"] = json!(-1), "paid -1");
    refused(
        &|r| r["setup"]["extra"] = json!([]),
        "unknown field `extra`",
    );
    refused(
        &|r| r["actions"][8]["note"] = json!(1),
        "unknown field `note`",
    );
    refused(
        &|r| {
            r.as_object_mut().unwrap().remove("result");
        },
        "`result` is missing",
    );
}

/// At a military supremacy the winner's `military` line is written 10; a reader accepts 0
/// there too with the total that goes with it, and names the line when it is anything else.
#[test]
fn a_military_supremacy_line_may_be_written_0() {
    use wonders_bots::{Bot, Game, RandomBot};
    use wonders_common::SimGame;
    use wonders_duel::Duel;
    let (game, actions) = (0..500u64)
        .find_map(|seed| {
            let mut g = <Duel as SimGame>::new_game(&Default::default(), seed);
            let mut bot = RandomBot::<Duel>::new(seed);
            let mut actions = Vec::new();
            while !g.is_terminal() {
                let a = bot.choose(&g);
                g.apply(a).unwrap();
                actions.push(a);
            }
            let military = g.outcome().is_some_and(|(v, _)| v.id() == "military");
            military.then_some((g, actions))
        })
        .expect("a military victory among 500 random games");
    let players = vec!["random".to_string(), "random".to_string()];
    let record = game.record(&actions, &players, 0, &Default::default());
    let w = record["result"]["winner"][0].as_u64().unwrap() as usize;
    assert_eq!(record["result"]["scores"][w]["military"], 10);
    let mut zero = record.clone();
    zero["result"]["scores"][w]["military"] = json!(0);
    let total = zero["result"]["scores"][w]["total"].as_i64().unwrap();
    zero["result"]["scores"][w]["total"] = json!(total - 10);
    replay(&zero).expect("0 is accepted at the winner's military line");
    let mut wrong = record.clone();
    wrong["result"]["scores"][w]["military"] = json!(3);
    let e = replay(&wrong).unwrap_err().to_string();
    assert!(e.contains(&format!("result.scores[{w}].military")), "{e}");
    // Issue 28: a finished game's result may not be null.
    let mut null = record.clone();
    null["result"] = Value::Null;
    let e = replay(&null).unwrap_err().to_string();
    assert!(e.contains("`result` is null but the game is over"), "{e}");
    // 0 without the total that goes with it names the total.
    let mut half = record;
    half["result"]["scores"][w]["military"] = json!(0);
    let e = replay(&half).unwrap_err().to_string();
    assert!(e.contains(&format!("result.scores[{w}].total")), "{e}");
}
