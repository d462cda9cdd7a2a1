//! The web page's replays and tables: every game to its recorded totals, the slow path against
//! the fast one, errors, and what a person at the table does not hear.

use serde_json::{json, Value};
use wonders_bots::BotSpec;
use wonders_common::GameModule;
use wonders_registry::{parse_game_spec, replay_for_page, replay_view_by_prefixes, SeatHolder};

fn played(spec: &str, seed: u64) -> Value {
    let (game, options) = parse_game_spec(spec).unwrap();
    game.play(&options, seed, &[BotSpec::parse("greedy").unwrap()])
        .unwrap()
        .record
}

#[test]
fn every_game_replays_for_the_page_to_the_recorded_totals() {
    for (spec, seed) in [
        ("duel", 1),
        ("duel:expansions=pantheon", 2),
        ("classic:players=3,edition=v1,sides=b", 3),
        ("classic:players=7,expansions=leaders+cities", 4),
        ("classic:players=4,expansions=cities,variant=teams", 5),
        (
            "architects:players=4,expansions=medals,variant=medals-expert",
            6,
        ),
    ] {
        let record = played(spec, seed);
        let page = replay_for_page(&record).unwrap();
        let steps = page["steps"].as_array().unwrap();
        let replayed = wonders_registry::replay(&record).unwrap();
        assert_eq!(page["stepped_by"], "actions", "{spec}");
        assert_eq!(steps.len(), replayed.actions + 1, "{spec}");
        let totals: Vec<&Value> = page["score"]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["total"])
            .collect();
        let recorded: Vec<&Value> = record["result"]["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["total"])
            .collect();
        assert_eq!(totals, recorded, "{spec}");
        // Every step after the set-up says what was done; the last shows no one to move.
        assert!(steps[1..]
            .iter()
            .all(|s| !s["lines"][0].as_str().unwrap().is_empty()));
        assert!(steps.last().unwrap()["view"]["to_move"].is_null(), "{spec}");
    }
}

#[test]
fn the_slow_path_replays_each_recorded_action_from_the_record_itself() {
    let record = played("duel:expansions=pantheon", 2);
    let full = wonders_duel::Duel::replay(&record).unwrap();
    let page = replay_view_by_prefixes::<wonders_duel::Duel>(&record, &full).unwrap();
    let fast = replay_for_page(&record).unwrap();
    let steps = page["steps"].as_array().unwrap();
    assert_eq!(steps.len(), record["actions"].as_array().unwrap().len() + 1);
    assert_eq!(page["score"], fast["score"]);
    assert_eq!(
        steps.last().unwrap()["view"],
        fast["steps"].as_array().unwrap().last().unwrap()["view"]
    );
}

#[test]
fn a_corrupt_record_gives_the_replays_own_error() {
    let mut record = played("classic:players=3", 1);
    record["actions"][4] = json!("nonsense");
    let page = replay_for_page(&record).unwrap_err().to_string();
    let replay = wonders_registry::replay(&record).unwrap_err().to_string();
    assert_eq!(page, replay);
    assert!(page.starts_with("action 4"), "{page}");
}

#[test]
fn a_person_does_not_hear_the_bots_choices_before_the_turn_resolves() {
    let (game, options) = parse_game_spec("classic:players=3").unwrap();
    let greedy = BotSpec::parse("greedy").unwrap();
    let holders = vec![
        SeatHolder::Bot(greedy.clone()),
        SeatHolder::Bot(greedy),
        SeatHolder::Person,
    ];
    let table = game.start_play(&options, 4, holders).unwrap();
    let state = table.state();
    // Seats 0 and 1 chose first; seat 2 must not learn what.
    let log = state["log"].as_array().unwrap();
    assert_eq!(log.len(), 2);
    for entry in log {
        let line = entry["lines"][0].as_str().unwrap();
        assert!(line.contains("has chosen"), "{line}");
    }
    assert_eq!(state["observer"], 2);
    // Their hands are face down to seat 2; its own is not.
    let hand = |seat: usize| -> Vec<Value> {
        state["view"]["seats"][seat]["sections"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["title"] == "Hand")
            .unwrap()["cards"]
            .as_array()
            .unwrap()
            .clone()
    };
    assert!(hand(0).iter().all(|c| c["face_down"] == true));
    assert!(hand(2).iter().all(|c| c.get("face_down").is_none()));
    assert!(!state["legal"].as_array().unwrap().is_empty());
}
