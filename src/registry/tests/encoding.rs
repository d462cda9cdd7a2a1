//! Action ids and observations (the Python module's encodings) for every game: ids in range and
//! round-tripping to legal actions, fixed observation lengths with distinct names, and
//! observations that a determinization for the observer never changes while every action does.

use wonders_architects::Architects;
use wonders_classic::ClassicGame;
use wonders_common::encoding::{check_encoding, check_observations, observation_names, Encoded};
use wonders_common::{GameModule, OptionSet};
use wonders_duel::Duel;

fn options<G: GameModule>(text: &str) -> G::Options {
    G::parse_options(&OptionSet::parse(text).unwrap()).unwrap()
}

fn battery<G: Encoded>(text: &str, games: u64) {
    let o = options::<G>(text);
    let states = check_encoding::<G>(&o, games, 7);
    assert!(states > games * 10, "{text}: {states} states");
    check_observations::<G>(&o, games.div_ceil(4), 3, 11);
}

#[test]
fn duel_encoding() {
    battery::<Duel>("", 200);
    battery::<Duel>("variant=errata-next-age", 50);
    let o = options::<Duel>("");
    assert_eq!(Duel::action_space(&o), 1202);
    assert_eq!(Duel::action_label(&o, 0), "pick_wonder the_pyramids");
    assert_eq!(observation_names::<Duel>(&o).len(), 545);
}

#[test]
fn duel_pantheon_encoding() {
    battery::<Duel>("expansions=pantheon", 120);
    battery::<Duel>(
        "expansions=pantheon,variant=errata-next-age,wonders=random",
        30,
    );
    let base = options::<Duel>("");
    let o = options::<Duel>("expansions=pantheon");
    // The base game's ids and features keep their meaning; Pantheon's come after them.
    assert_eq!(Duel::action_space(&o), 3107);
    for id in 0..Duel::action_space(&base) {
        assert_eq!(
            Duel::action_label(&o, id),
            Duel::action_label(&base, id),
            "id {id}"
        );
    }
    let labels: std::collections::HashSet<String> = (0..Duel::action_space(&o))
        .map(|id| Duel::action_label(&o, id))
        .collect();
    assert_eq!(labels.len(), 3107, "every label names one id");
    assert_eq!(Duel::action_label(&o, 1202), "pick_wonder the_sanctuary");
    assert!(labels.contains("place_divinity zeus on space 3"));
    assert!(labels.contains("activate gate with offerings 2+4"));
    assert!(labels.contains("divine_theater hades rest aphrodite,zeus"));
    assert_eq!(
        Duel::action_label(&o, 3106),
        "divine_theater deck roman",
        "the Divine Theater's deck comes last"
    );
    assert!(labels.contains("minerva -9") && labels.contains("minerva 9"));
    assert!(labels.contains("neptune discard p1_5coins apply none"));
    assert!(labels.contains("zeus slot 0") && labels.contains("zeus slot 19"));
    let names = observation_names::<Duel>(&o);
    let base_names = observation_names::<Duel>(&base);
    assert_eq!(names.len(), 960);
    assert_eq!(&names[..545], &base_names[..]);
    assert!(names.iter().any(|n| n == "self_city_greek_grand_temple"));
    assert!(names.iter().any(|n| n == "space_3_divinity_zeus"));
    assert!(names.iter().any(|n| n == "opponent_astarte_coins"));
    assert!(names
        .iter()
        .any(|n| n == "pending_divine_theater_card_greek"));
}

#[test]
fn classic_encoding() {
    for players in 3..=7 {
        for edition in ["v1", "v2"] {
            battery::<ClassicGame>(&format!("players={players},edition={edition}"), 12);
        }
        battery::<ClassicGame>(
            &format!("players={players},edition=v2,expansions=cities"),
            12,
        );
        battery::<ClassicGame>(
            &format!("players={players},edition=v2,expansions=leaders+cities"),
            8,
        );
    }
    for players in [4, 6] {
        battery::<ClassicGame>(
            &format!("players={players},edition=v2,expansions=cities,variant=teams"),
            12,
        );
        battery::<ClassicGame>(
            &format!("players={players},edition=v2,expansions=leaders+cities,variant=teams"),
            8,
        );
    }
}

#[test]
fn architects_encoding() {
    for players in 2..=7 {
        battery::<Architects>(&format!("players={players}"), 16);
        battery::<Architects>(&format!("players={players},expansions=medals"), 8);
    }
}

#[test]
fn observation_names_depend_on_the_options_only() {
    let o = options::<ClassicGame>("players=5");
    let names = observation_names::<ClassicGame>(&o);
    assert_eq!(names[0], "age");
    assert!(names.iter().any(|n| n == "seat_4_city_lumber_yard"));
    assert!(!names.iter().any(|n| n.starts_with("seat_5_")));
}
