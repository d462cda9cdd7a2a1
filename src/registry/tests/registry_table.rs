//! The table of games: ids, options of another game, records back as games and training rows,
//! what each game says of itself.

use serde_json::Value;
use wonders_bots::BotSpec;
use wonders_common::OptionSet;
use wonders_registry::{game, parse_game_spec, GAMES};

#[test]
fn games_are_found_by_id_and_unknown_ones_listed() {
    assert_eq!(game("duel").unwrap().info().id, "duel");
    let e = game("chess").err().unwrap();
    assert!(
        e.contains("unknown game `chess`") && e.contains("classic") && !e.contains("mean"),
        "{e}"
    );
    let e = game("dual").err().unwrap();
    assert!(
        e.contains("unknown game `dual` (did you mean `duel`?)"),
        "{e}"
    );
}

#[test]
fn options_of_another_game_are_refused_naming_the_valid_ones() {
    let (duel, opts) = parse_game_spec("duel:players=5").unwrap();
    let e = duel.check(&opts).unwrap_err();
    assert!(e.contains("`players` does not apply to duel"), "{e}");
    let (classic, opts) = parse_game_spec("classic:fixed-wonders=x").unwrap();
    let e = classic.check(&opts).unwrap_err();
    assert!(
        e.contains("`fixed-wonders` does not apply to classic") && e.contains("players"),
        "{e}"
    );
}

#[test]
fn a_record_comes_back_as_the_same_game_and_as_training_rows() {
    for spec in [
        "duel:expansions=pantheon",
        "classic:players=4,boards=gizah+random+random+random",
        "architects:players=3,expansions=medals",
    ] {
        let (game, options) = parse_game_spec(spec).unwrap();
        let bots = [BotSpec::parse("random").unwrap()];
        let record = game.play(&options, 7, &bots).unwrap().record;
        let played = game.session(&options, 7).unwrap();
        let s = game.session_from_record(&options, &record).unwrap();
        assert!(s.is_terminal(), "{spec}");
        assert_eq!(s.seed(), Some(7), "{spec}: the setup is the deal of seed 7");
        let players = vec!["random".to_string(); s.num_players()];
        assert_eq!(s.record(&players).unwrap(), record, "{spec}");
        let rows = game.record_rows(&options, &record).unwrap();
        assert_eq!(rows.actions.len(), s.steps().len(), "{spec}");
        assert!(rows.finished && rows.returns == s.returns(), "{spec}");
        // Row 0 is the deal as its first mover saw it; every played id was legal.
        let mut first = vec![0.0; rows.observation_len];
        played.observe(played.current_player(), &mut first);
        assert_eq!(
            rows.observations[..rows.observation_len],
            first[..],
            "{spec}"
        );
        for (k, &id) in rows.actions.iter().enumerate() {
            assert_eq!(
                rows.masks[k * rows.action_space + id as usize],
                1,
                "{spec} row {k}"
            );
        }
        // A record whose setup is not its seed's deal is still read, without its seed.
        let mut other = record.clone();
        other["seed"] = Value::from(8u64);
        let s = game.session_from_record(&options, &other).unwrap();
        assert!(s.is_terminal() && s.seed().is_none(), "{spec}");
        let replayed = game.record_rows(&options, &other).unwrap();
        assert_eq!(replayed.observations, rows.observations, "{spec}");
        assert_eq!(replayed.masks, rows.masks, "{spec}");
        assert_eq!(replayed.actions, rows.actions, "{spec}");
        // A wrong record is refused, naming the action.
        let mut bad = record.clone();
        bad["actions"][3]["player"] = Value::from(9u64);
        let e = game.session_from_record(&options, &bad).err().unwrap();
        assert!(e.contains("action 3"), "{spec}: {e}");
    }
}

#[test]
fn every_game_describes_itself() {
    for g in GAMES {
        let info = g.info();
        assert!(info.seats.0 <= info.default_seats && info.default_seats <= info.seats.1);
        assert_eq!(g.seats(&OptionSet::new()).unwrap(), info.default_seats);
        assert!(!info.score_lines.is_empty());
    }
}
