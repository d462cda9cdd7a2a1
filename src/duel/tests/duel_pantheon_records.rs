//! Records of Duel with Pantheon (`options.expansions: ["pantheon"]`): random games written by
//! the record writer and replayed through their JSON text; a record written by hand from the
//! format's conventions (not by our writer); and the reader's refusals, each naming the fault.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Value};
use wonders_bots::Game;
use wonders_duel::pantheon_data::{divinity_by_id, Mythology};
use wonders_duel::record::{
    action_json, parse_action, replay, write_record, ActionRecord, ResultRecord, SetupRecord,
};
use wonders_duel::{Action, Duel, DuelConfig};

fn pantheon() -> DuelConfig {
    DuelConfig {
        pantheon: true,
        ..DuelConfig::default()
    }
}

fn players() -> Vec<String> {
    vec!["random".to_string(), "random".to_string()]
}

/// A game of uniformly random legal actions, to the end; its actions.
fn random_game(config: DuelConfig, rng: &mut Xoshiro256PlusPlus) -> (Duel, Vec<Action>) {
    let mut g = Duel::new(config, rng);
    let mut legal = Vec::new();
    let mut history = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action");
        let a = legal[rng.random_range(0..legal.len())];
        g.apply(a).unwrap_or_else(|e| panic!("{e}"));
        history.push(a);
        assert!(history.len() < 500, "the game does not end");
    }
    (g, history)
}

/// Every legal action of every state of a random Pantheon game reads back as itself from the
/// JSON the writer gives it (the actions not chosen included).
#[test]
fn every_legal_action_reads_back_as_itself() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    let mut legal = Vec::new();
    let mut checked = 0;
    for _ in 0..200 {
        let mut g = Duel::new(pantheon(), &mut rng);
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            for (i, &a) in legal.iter().enumerate() {
                if matches!(a, Action::DivineTheaterDeck(_)) {
                    // Not written alone: the next action's `divine_theater` names the deck.
                    continue;
                }
                let v = action_json(&g, a);
                let (seat, back, _) =
                    parse_action(&v, i, &g).unwrap_or_else(|e| panic!("{v}: {e}"));
                assert_eq!((seat, back), (g.current_seat(), a), "{v}");
                checked += 1;
            }
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(a).unwrap();
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// How many engine actions the first `k` record actions of a game with these engine actions
/// are: a record's `divine_theater` is two (the deck, then its card).
fn engine_actions(history: &[Action], k: usize) -> usize {
    let mut written = 0;
    for (n, a) in history.iter().enumerate() {
        if written == k {
            return n;
        }
        written += usize::from(!matches!(a, Action::DivineTheaterDeck(_)));
    }
    history.len()
}

/// The record of a random Pantheon game (seed `seed` of a fixed stream), and the game.
fn random_record(seed: u64) -> (Value, Duel, Vec<Action>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (g, history) = random_game(pantheon(), &mut rng);
    let record = write_record(seed, g.setup(), g.options(), &players(), &history);
    (record, g, history)
}

/// Each part of a record (`setup`, every action, `result`) read into its type and written back
/// gives the same JSON, in base and Pantheon games.
#[test]
fn record_parts_read_into_their_types_and_back() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for i in 0..200u64 {
        let config = if i % 2 == 0 {
            pantheon()
        } else {
            DuelConfig::default()
        };
        let (g, history) = random_game(config, &mut rng);
        let record = write_record(i, g.setup(), g.options(), &players(), &history);
        let setup: SetupRecord = serde_json::from_value(record["setup"].clone()).unwrap();
        assert_eq!(setup.guilds_unused.is_none(), config.pantheon);
        assert_eq!(serde_json::to_value(&setup).unwrap(), record["setup"]);
        for a in record["actions"].as_array().unwrap() {
            let typed: ActionRecord =
                serde_json::from_value(a.clone()).unwrap_or_else(|e| panic!("{a}: {e}"));
            assert_eq!(&serde_json::to_value(&typed).unwrap(), a);
        }
        let result: ResultRecord = serde_json::from_value(record["result"].clone()).unwrap();
        assert_eq!(serde_json::to_value(&result).unwrap(), record["result"]);
        assert_eq!(result.winner, g.outcome().unwrap().1);
    }
}

/// Random Pantheon games: written, turned into JSON text, read back and replayed; the replayed
/// game writes the very same record. Every Pantheon action type shows up.
#[test]
fn random_pantheon_games_replay_to_the_same_record() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2024);
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut neptune_alone = 0;
    let mut unfinished = 0;
    for i in 0..2000u64 {
        let (g, history) = random_game(pantheon(), &mut rng);
        let record = write_record(i, g.setup(), g.options(), &players(), &history);
        let text = serde_json::to_string(&record).unwrap();
        let read: Value = serde_json::from_str(&text).unwrap();
        let replayed =
            replay(&read).unwrap_or_else(|e| panic!("game {i}: the record does not replay: {e}"));
        assert!(replayed.checked_result, "game {i}");
        assert_eq!(replayed.actions, history, "game {i}");
        let again = write_record(
            i,
            replayed.game.setup(),
            replayed.game.options(),
            &players(),
            &replayed.actions,
        );
        assert_eq!(
            serde_json::to_string(&again).unwrap(),
            text,
            "game {i}: the replayed game writes another record"
        );
        // The format's Pantheon conventions.
        assert_eq!(record["options"]["expansions"], json!(["pantheon"]));
        let setup = &record["setup"];
        assert!(setup.get("guilds_unused").is_none(), "no guilds_unused");
        assert_eq!(setup["progress_in_box"].as_array().unwrap().len(), 8);
        assert_eq!(setup["grand_temples_unused"].as_array().unwrap().len(), 2);
        for seat in 0..2 {
            let pad = &record["result"]["scores"][seat];
            let total: i64 = pad
                .as_object()
                .unwrap()
                .iter()
                .filter(|(k, _)| *k != "total")
                .map(|(_, v)| v.as_i64().unwrap())
                .sum();
            assert_eq!(pad.as_object().unwrap().len(), 11, "{pad}");
            assert_eq!(pad["total"].as_i64().unwrap(), total, "{pad}");
            assert_eq!(record["result"]["coins"][seat], g.player(seat).coins);
        }
        for a in record["actions"].as_array().unwrap() {
            *kinds
                .entry(a["type"].as_str().unwrap().to_string())
                .or_default() += 1;
            if a["type"] == "neptune" && a["apply"].is_null() {
                neptune_alone += 1;
            }
        }
        // An unfinished game: a prefix of the actions and a null result.
        if i % 10 == 0 {
            let written = read["actions"].as_array().unwrap().len();
            let k = rng.random_range(0..written);
            let mut part = read.clone();
            part["actions"].as_array_mut().unwrap().truncate(k);
            part["result"] = Value::Null;
            let r = replay(&part).unwrap_or_else(|e| panic!("game {i}, {k} actions: {e}"));
            assert!(!r.checked_result);
            assert_eq!(r.actions[..], history[..engine_actions(&history, k)]);
            unfinished += 1;
        }
    }
    eprintln!("action types in 2000 random Pantheon records: {kinds:?}");
    eprintln!("neptune with apply null: {neptune_alone}; unfinished replays: {unfinished}");
    for kind in [
        "pick_wonder",
        "build",
        "discard",
        "wonder",
        "progress",
        "destroy",
        "build_discarded",
        "great_library",
        "choose_starter",
        "place_divinity",
        "activate",
        "gate",
        "divine_theater",
        "enki",
        "nisaba",
        "baal",
        "zeus",
        "anubis",
        "isis",
        "ra",
        "minerva",
        "neptune",
    ] {
        assert!(kinds.get(kind).copied().unwrap_or(0) > 0, "no `{kind}`");
    }
}

/// A Pantheon record written by hand from the format's documentation (RECORDS.md, "Duel with
/// Pantheon"), not by our writer.
fn hand_made_record() -> Value {
    json!({
        "format": "wonders-record",
        "version": 1,
        "game": "duel",
        "options": {"expansions": ["pantheon"], "edition": null, "variants": []},
        "seed": 0,
        "players": ["human", "human"],
        "setup": {
            // 8 of the 14 Wonders, the Pantheon's two among them.
            "wonders_offered": ["the_sanctuary", "the_colossus", "the_great_lighthouse",
                "the_temple_of_artemis", "the_divine_theater", "the_great_library", "piraeus",
                "the_hanging_gardens"],
            // 5 of the 13 tokens on the board, the other 8 in the box in draw order.
            "progress_on_board": ["agriculture", "architecture", "economy", "mysticism",
                "masonry"],
            "progress_in_box": ["engineering", "mathematics", "philosophy", "strategy",
                "theology", "urbanism", "law", "poliorcetics"],
            "ages": {
                "1": ["lumber_yard", "stone_pit", "clay_pool", "logging_camp", "quarry", "clay_pit",
                      "glassworks", "press", "stable", "garrison", "palisade", "guard_tower",
                      "scriptorium", "workshop", "pharmacist", "apothecary", "tavern",
                      "stone_reserve", "clay_reserve", "wood_reserve"],
                "2": ["sawmill", "shelf_quarry", "brickyard", "glassblower", "drying_room",
                      "horse_breeders", "barracks", "walls", "archery_range", "parade_ground",
                      "school", "laboratory", "dispensary", "library", "brewery", "forum",
                      "caravansery", "customs_house", "temple", "statue"],
                // 17 Age III cards and 3 Grand Temples, by slot.
                "3": ["circus", "arsenal", "greek_grand_temple", "fortifications", "pretorium",
                      "academy", "university", "study", "observatory", "arena",
                      "chamber_of_commerce", "mesopotamian_grand_temple", "lighthouse",
                      "armory", "palace", "gardens", "pantheon", "roman_grand_temple",
                      "town_hall", "senate"]
            },
            "removed": {"1": ["theater", "altar", "baths"],
                        "2": ["courthouse", "aqueduct", "rostrum"],
                        "3": ["port", "siege_workshop", "obelisk"]},
            "grand_temples_unused": ["phoenician_grand_temple", "egyptian_grand_temple"],
            "mythology_tokens": {"2": "greek", "4": "roman", "9": "mesopotamian",
                                 "11": "egyptian", "13": "greek"},
            "offering_tokens": {"6": 3, "8": 2, "10": 4},
            "mythology_decks": {
                "mesopotamian": ["nisaba", "enki", "ishtar"],
                "phoenician": ["baal", "astarte", "tanit"],
                "greek": ["zeus", "hades", "aphrodite"],
                "egyptian": ["ra", "isis", "anubis"],
                "roman": ["minerva", "mars", "neptune"]
            }
        },
        "actions": [
            // Draft: round 1 P1, P2, P2, P1; round 2 P2, P1, P1, P2.
            {"player": 0, "type": "pick_wonder", "wonder": "the_sanctuary"},
            {"player": 1, "type": "pick_wonder", "wonder": "the_colossus"},
            {"player": 1, "type": "pick_wonder", "wonder": "the_great_lighthouse"},
            {"player": 0, "type": "pick_wonder", "wonder": "the_temple_of_artemis"},
            {"player": 1, "type": "pick_wonder", "wonder": "the_divine_theater"},
            {"player": 0, "type": "pick_wonder", "wonder": "the_great_library"},
            {"player": 0, "type": "pick_wonder", "wonder": "piraeus"},
            {"player": 1, "type": "pick_wonder", "wonder": "the_hanging_gardens"},
            // Age I: slots 14-19 are open. The Tavern (slot 16) is free and gives 4 coins.
            {"player": 0, "type": "build", "card": "tavern", "paid": 0},
            // The Pharmacist (slot 14) costs 2 printed coins.
            {"player": 1, "type": "build", "card": "pharmacist", "paid": 2},
            // The Apothecary (slot 15) needs a glass: 2 coins. Slots 9 and 10 turn over; slot
            // 9's Mesopotamian token goes to the player whose turn it was, who places one of
            // the top 2 Mesopotamian Divinities (nisaba, enki) at once.
            {"player": 0, "type": "build", "card": "apothecary", "paid": 2},
            {"player": 0, "type": "place_divinity", "divinity": "enki", "space": 2},
            // Discarding with no yellow card: 2 coins.
            {"player": 1, "type": "discard", "card": "wood_reserve", "gained": 2},
            // With the Tavern: 3 coins. Slot 13 turns over: its Greek token, then a placement
            // among zeus and hades.
            {"player": 0, "type": "discard", "card": "clay_reserve", "gained": 3},
            {"player": 0, "type": "place_divinity", "divinity": "hades", "space": 6},
            // Slots 11 and 12 turn over: slot 11's Egyptian token goes to player 1, who
            // places one of ra and isis.
            {"player": 1, "type": "discard", "card": "stone_reserve", "gained": 2},
            {"player": 1, "type": "place_divinity", "divinity": "isis", "space": 1}
        ],
        // The game is not over: an unfinished game's result is null.
        "result": null
    })
}

#[test]
fn a_pantheon_record_written_from_the_documentation_replays() {
    let replayed = replay(&hand_made_record()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replayed.actions.len(), 17);
    assert!(!replayed.checked_result);
    let g = &replayed.game;
    assert_eq!(g.player(0).coins, 7 + 4 - 2 + 3);
    assert_eq!(g.player(1).coins, 7 - 2 + 2 + 2);
    assert_eq!(g.current_seat(), 0);
    let p = g.pantheon();
    let enki = divinity_by_id("enki").unwrap();
    let hades = divinity_by_id("hades").unwrap();
    assert_eq!(p.spaces[1], enki);
    assert_eq!(p.spaces[5], hades);
    assert_eq!(p.spaces[0], divinity_by_id("isis").unwrap());
    assert_eq!(p.mythology[1][Mythology::Egyptian as usize], 1);
    assert_eq!(p.top(Mythology::Egyptian as usize), divinity_by_id("ra"));
    let mesopotamian = Mythology::Mesopotamian as usize;
    let greek = Mythology::Greek as usize;
    assert_eq!(p.mythology[0][mesopotamian], 1);
    assert_eq!(p.mythology[0][greek], 1);
    // The other card stays on top of its deck.
    assert_eq!(p.top(mesopotamian), divinity_by_id("nisaba"));
    assert_eq!(p.top(greek), divinity_by_id("zeus"));
    assert_eq!(p.deck_len[mesopotamian], 2);
    // The setup reads as written.
    let s = g.setup().pantheon.expect("a Pantheon setup");
    assert_eq!(s.offering_tokens, [3, 2, 4]);
    assert_eq!(
        s.mythology_tokens,
        [2, 4, 0, 3, 2].map(|m| Mythology::ALL[m] as u8)
    );
    // Our writer writes the hand-made setup back as it was written.
    let written = write_record(0, g.setup(), g.options(), &players(), &replayed.actions);
    assert_eq!(written["setup"], hand_made_record()["setup"]);
    assert_eq!(written["actions"], hand_made_record()["actions"]);
}

/// Replays `record` changed by `change`, expecting a refusal whose message holds `needle`.
fn refused(record: &Value, change: impl Fn(&mut Value), needle: &str) -> String {
    let mut bad = record.clone();
    change(&mut bad);
    let e = match replay(&bad) {
        Ok(_) => panic!("accepted, expected a refusal naming {needle:?}"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains(needle), "expected {needle:?} in: {e}");
    e
}

/// The reader refuses a hand-made record's faults, naming them.
#[test]
fn hand_made_faults_are_named() {
    let r = hand_made_record();
    // Issue 28: `players` is required.
    refused(
        &r,
        |r| {
            r.as_object_mut().unwrap().remove("players");
        },
        "`players` is missing",
    );
    // An unknown Divinity id.
    refused(
        &r,
        |r| r["actions"][11]["divinity"] = json!("thor"),
        "unknown divinity `thor`",
    );
    // Only the top 2 cards of the deck may be placed.
    refused(
        &r,
        |r| r["actions"][11]["divinity"] = json!("ishtar"),
        "action 11: place_divinity ishtar on space 2 is not legal here",
    );
    refused(
        &r,
        |r| r["actions"][11]["space"] = json!(7),
        "space 7 is not a Pantheon space",
    );
    // A placement on an occupied space.
    refused(
        &r,
        |r| r["actions"][14]["space"] = json!(2),
        "action 14: place_divinity hades on space 2 is not legal here",
    );
    // A placement owed is not skipped.
    refused(
        &r,
        |r| {
            r["actions"].as_array_mut().unwrap().remove(11);
        },
        "action 11",
    );
    // The expansion's options.
    refused(
        &r,
        |r| r["options"]["expansions"] = json!(["pantheon", "x"]),
        "options.expansions: `x` is not available for duel (valid: pantheon)",
    );
    refused(
        &r,
        |r| r["options"]["expansions"] = json!(["pantheon", "pantheon"]),
        "named twice",
    );
    // A Pantheon setup in a base record: the base reader knows none of its fields.
    refused(
        &r,
        |r| r["options"]["expansions"] = json!([]),
        "setup: unknown field `grand_temples_unused`",
    );
    // The setup's fields.
    refused(
        &r,
        |r| {
            r["setup"]
                .as_object_mut()
                .unwrap()
                .remove("mythology_decks");
        },
        "setup: missing field `mythology_decks`",
    );
    refused(
        &r,
        |r| r["setup"]["guilds_unused"] = json!([]),
        "`guilds_unused` is not written with the expansion `pantheon`",
    );
    refused(
        &r,
        |r| r["setup"]["mythology_tokens"]["3"] = json!("greek"),
        "setup.mythology_tokens: unknown field `3` (valid: 2, 4, 9, 11, 13)",
    );
    refused(
        &r,
        |r| r["setup"]["mythology_tokens"]["4"] = json!("norse"),
        "setup.mythology_tokens.4: unknown Mythology `norse`",
    );
    refused(
        &r,
        |r| r["setup"]["mythology_tokens"]["4"] = json!("greek"),
        "more than 2 greek Mythology tokens",
    );
    refused(
        &r,
        |r| r["setup"]["offering_tokens"]["8"] = json!(5),
        "setup.offering_tokens.8: 5 is not an Offering token's value (valid: 2, 3, 4)",
    );
    refused(
        &r,
        |r| r["setup"]["offering_tokens"]["8"] = json!(3),
        "Offering tokens",
    );
    refused(
        &r,
        |r| r["setup"]["mythology_decks"]["greek"] = json!(["zeus", "hades", "mars"]),
        "the greek deck",
    );
    refused(
        &r,
        |r| r["setup"]["mythology_decks"]["norse"] = json!([]),
        "setup.mythology_decks: unknown field `norse`",
    );
    refused(
        &r,
        |r| r["setup"]["grand_temples_unused"] = json!(["phoenician_grand_temple", "senate"]),
        "not a Grand Temple",
    );
    refused(
        &r,
        |r| {
            r["setup"]["progress_in_box"].as_array_mut().unwrap().pop();
        },
        "setup.progress_in_box: must hold 8 ids, not 7",
    );
    // Guilds have no place with Pantheon.
    refused(
        &r,
        |r| r["setup"]["ages"]["3"][2] = json!("merchants_guild"),
        "merchants_guild",
    );
}

/// The reader refuses the faults of a random game's record, naming them: a tampered `paid`,
/// an Offering token not held, a wrong `divinities` line, an unknown score line.
#[test]
fn random_record_faults_are_named() {
    let mut checked = [0; 3];
    for seed in 0..200u64 {
        let (record, g, history) = random_record(seed);
        let actions = record["actions"].as_array().unwrap();
        // A tampered `paid` on an activation names the rules' figure.
        if let Some(i) = actions.iter().position(|a| a["type"] == "activate") {
            let paid = actions[i]["paid"].as_u64().unwrap();
            let e = refused(
                &record,
                |r| r["actions"][i]["paid"] = json!(paid + 1),
                &format!("paid {} recorded, the rules charge {paid}", paid + 1),
            );
            assert!(e.starts_with(&format!("action {i}: ")), "{e}");
            checked[0] += 1;
            // An Offering token the player does not hold.
            let mut state = Duel::from_setup(*g.setup(), *g.options());
            for &a in &history[..engine_actions(&history, i)] {
                state.apply(a).unwrap();
            }
            let seat = state.current_seat();
            let held = state.pantheon().offerings[seat];
            if let Some(bit) = (0..3).find(|b| held >> b & 1 == 0) {
                let value = [2, 3, 4][bit];
                let e = refused(
                    &record,
                    |r| r["actions"][i]["offerings"] = json!([value]),
                    &format!("does not hold the Offering token of value [{value}]"),
                );
                assert!(e.starts_with(&format!("action {i}: ")), "{e}");
                checked[1] += 1;
            }
        }
        // A wrong `divinities` line, on either seat.
        let seat = (seed % 2) as usize;
        let d = record["result"]["scores"][seat]["divinities"]
            .as_i64()
            .unwrap();
        refused(
            &record,
            |r| r["result"]["scores"][seat]["divinities"] = json!(d + 1),
            &format!(
                "result.scores[{seat}].divinities: recorded {}, the game gives {d}",
                d + 1
            ),
        );
        let t = record["result"]["scores"][seat]["grand_temples"]
            .as_i64()
            .unwrap();
        refused(
            &record,
            |r| r["result"]["scores"][seat]["grand_temples"] = json!(t + 5),
            &format!("result.scores[{seat}].grand_temples"),
        );
        refused(
            &record,
            |r| {
                r["result"]["scores"][seat]
                    .as_object_mut()
                    .unwrap()
                    .remove("divinities");
            },
            "missing field `divinities`",
        );
        refused(
            &record,
            |r| r["result"]["scores"][seat]["guild_points"] = json!(0),
            "unknown score line `guild_points`",
        );
        checked[2] += 1;
    }
    eprintln!("paid tampered, offerings not held, score lines: {checked:?}");
    assert!(checked[0] > 150 && checked[1] > 100, "{checked:?}");
}

/// Other faults in Pantheon actions, each named.
#[test]
fn pantheon_action_faults_are_named() {
    // The first record holding each action type, and its index.
    let mut found: BTreeMap<&str, (Value, usize)> = BTreeMap::new();
    let wanted = [
        "activate",
        "gate",
        "divine_theater",
        "neptune",
        "minerva",
        "zeus",
    ];
    for seed in 0..400u64 {
        let (record, _, _) = random_record(seed);
        for (i, a) in record["actions"].as_array().unwrap().iter().enumerate() {
            let kind = a["type"].as_str().unwrap();
            if let Some(&k) = wanted.iter().find(|&&k| k == kind) {
                found.entry(k).or_insert_with(|| (record.clone(), i));
            }
        }
        if found.len() == wanted.len() {
            break;
        }
    }
    assert_eq!(found.len(), wanted.len(), "{:?}", found.keys());
    let (r, i) = &found["activate"];
    let i = *i;
    refused(
        r,
        |r| r["actions"][i]["offerings"] = json!([5]),
        "offerings: 5 is not an Offering token's value (valid: 2, 3, 4)",
    );
    refused(
        r,
        |r| r["actions"][i]["offerings"] = json!([2, 2]),
        "used twice",
    );
    refused(
        r,
        |r| {
            r["actions"][i].as_object_mut().unwrap().remove("offerings");
        },
        "missing field `offerings`",
    );
    refused(
        r,
        |r| r["actions"][i]["divinity"] = json!("odin"),
        "unknown divinity `odin`",
    );
    refused(
        r,
        |r| r["actions"][i]["note"] = json!(1),
        "a `activate` action: unknown field `note`",
    );
    let (r, i) = &found["gate"];
    let i = *i;
    refused(
        r,
        |r| r["actions"][i]["divinity"] = json!("gate"),
        "unknown divinity `gate`",
    );
    let (r, i) = &found["divine_theater"];
    let i = *i;
    let d = r["actions"][i]["divinity"].as_str().unwrap().to_string();
    let other = if r["actions"][i]["mythology"] == "roman" {
        "greek"
    } else {
        "roman"
    };
    refused(
        r,
        |r| r["actions"][i]["mythology"] = json!(other),
        &format!("divinity `{d}` is not of the `{other}` deck"),
    );
    refused(
        r,
        |r| r["actions"][i]["rest"] = json!(["enki", "ishtar", "nisaba"]),
        "rest: must be a list of at most 2",
    );
    let (r, i) = &found["neptune"];
    let i = *i;
    refused(
        r,
        |r| r["actions"][i]["discard"] = json!("p3_2coins"),
        "discard: unknown military token `p3_2coins` (valid: p1_2coins, p1_5coins, p2_2coins, \
         p2_5coins)",
    );
    refused(
        r,
        |r| {
            r["actions"][i].as_object_mut().unwrap().remove("apply");
        },
        "missing field `apply`",
    );
    // `null` is for the last token only: with two or more on the board it is refused.
    refused(
        r,
        |r| r["actions"][i]["apply"] = Value::Null,
        "apply none is not legal here",
    );
    let (r, i) = &found["minerva"];
    let i = *i;
    refused(
        r,
        |r| r["actions"][i]["square"] = json!(10),
        "square 10 is not on the track (valid: -9 to 9)",
    );
    let (r, i) = &found["zeus"];
    let i = *i;
    refused(
        r,
        |r| r["actions"][i]["card"] = json!("no_such_card"),
        "unknown card `no_such_card`",
    );
    // Zeus takes from the current layout (Age II or III): never an Age I card.
    refused(
        r,
        |r| r["actions"][i]["card"] = json!("lumber_yard"),
        &format!("action {i}: zeus: card `lumber_yard` is not in the layout of Age"),
    );
    // Nor a card of the layout already taken.
    let mut before = r.clone();
    before["actions"].as_array_mut().unwrap().truncate(i);
    before["result"] = Value::Null;
    let g = replay(&before).unwrap().game;
    let taken = (0..20).find(|s| g.taken_slots() >> s & 1 == 1).unwrap();
    let card = wonders_duel::data::CARDS[g.slot_card(taken) as usize].id;
    refused(
        r,
        |r| r["actions"][i]["card"] = json!(card),
        &format!("action {i}: zeus {card} (slot {taken}) is not legal here"),
    );
}

/// A base record knows nothing of Pantheon: its action types, score lines and setup fields are
/// refused, naming them, and base records still replay.
#[test]
fn base_records_refuse_pantheon_things() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let (g, history) = random_game(DuelConfig::default(), &mut rng);
    let record = write_record(7, g.setup(), g.options(), &players(), &history);
    assert_eq!(record["options"]["expansions"], json!([]));
    assert!(record["setup"].get("guilds_unused").is_some());
    assert_eq!(
        record["result"]["scores"][0].as_object().unwrap().len(),
        9,
        "no Pantheon lines in a base record"
    );
    let r = replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.checked_result);
    // A Pantheon action in a base record is an unknown action type.
    let e = refused(
        &record,
        |r| {
            r["actions"].as_array_mut().unwrap().insert(
                10,
                json!({"player": 0, "type": "place_divinity", "divinity": "enki", "space": 1}),
            )
        },
        "action 10: unknown action type `place_divinity` (valid: pick_wonder, build, discard, \
         wonder, progress, destroy, build_discarded, great_library, choose_starter)",
    );
    assert!(e.contains("expansion `pantheon`"), "{e}");
    refused(
        &record,
        |r| {
            r["actions"].as_array_mut().unwrap().insert(
                12,
                json!({"player": 0, "type": "activate", "divinity": "gate", "offerings": [],
                       "paid": 0}),
            )
        },
        "unknown action type `activate`",
    );
    // A Pantheon score line in a base record.
    refused(
        &record,
        |r| r["result"]["scores"][1]["divinities"] = json!(0),
        "result.scores[1]: unknown score line `divinities`",
    );
    // A Pantheon setup field in a base record.
    refused(
        &record,
        |r| r["setup"]["offering_tokens"] = json!({"6": 2, "8": 3, "10": 4}),
        "setup: unknown field `offering_tokens`",
    );
    // A Pantheon Wonder among a base game's.
    refused(
        &record,
        |r| r["setup"]["wonders_offered"][0] = json!("the_sanctuary"),
        "the_sanctuary",
    );
}
