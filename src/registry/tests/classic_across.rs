//! 7 Wonders checks that need another game or the registry: the wonders-classic crate, whose
//! own tests these would be, may depend on neither (see crate_layers.rs).

use wonders_classic::ClassicGame;

/// 1st-edition Olympia B copies a neighbour's Shipowners Guild: the copy counts in Olympia's
/// city as if built there, and Shipowners counts brown, grey and purple cards itself included
/// (reference rules notes 18 and 27). The reproduction: seat 0 (Olympia B) built the
/// Strategists Guild and copies seat 2's Shipowners Guild.
#[test]
fn olympia_b_copying_the_shipowners_guild_counts_the_copy() {
    use wonders_common::OptionSet;
    use wonders_registry as registry;
    let game = registry::game("classic").unwrap();
    let options = OptionSet::parse("edition=v1,players=3,sides=b").unwrap();
    let bots = wonders_bots::BotSpec::parse_list("random").unwrap();
    let played = game.play(&options, 1806060747620584034, &bots).unwrap();
    assert!(played
        .log
        .iter()
        .any(|l| l.contains("seat 0 (Olympia B): copies Shipowners Guild")));
    let replayed = <ClassicGame as wonders_common::GameModule>::replay(&played.record).unwrap();
    let g = replayed.game;
    let olympia = g.city(0);
    let colors = |c: wonders_classic::Color| olympia.colors()[c as usize] as i32;
    use wonders_classic::Color::{Brown, Grey, Purple};
    // Strategists: 1 per defeat token of both neighbours.
    let strategists = (g.city(1).defeats() + g.city(2).defeats()) as i32;
    // Shipowners: brown + grey + purple built (the Strategists Guild) + the copy itself.
    let shipowners = colors(Brown) + colors(Grey) + colors(Purple) + 1;
    let guilds = g.score(0).get(wonders_classic::ScoreLine::GUILDS);
    assert_eq!(guilds, strategists + shipowners);
    assert_eq!(guilds, 12);
}

/// A spec without `rollout=` gets each game's own rollout: greedy cut at 4 moves in 7 Wonders
/// (after two whole turns in the decoupled search), random to the end in Duel; an explicit
/// choice or depth wins.
#[test]
fn mcts_specs_without_a_rollout_take_the_games_own() {
    use wonders_bots::{MctsBot, MctsConfig, Rollout};
    use wonders_duel::Duel;
    let spec = |text: &str| match wonders_bots::BotSpec::parse(text).unwrap() {
        wonders_bots::BotSpec::Mcts(config) => config,
        other => panic!("{other:?}"),
    };
    let resolved = |config: MctsConfig| {
        let c = *MctsBot::<ClassicGame>::new(config, 1).config();
        (c.rollout, c.depth)
    };
    let greedy = Rollout::Greedy { epsilon: 0.1 };
    assert_eq!(resolved(spec("mcts:iterations=500")), (greedy, Some(4)));
    assert_eq!(resolved(spec("mcts:depth=9")), (greedy, Some(9)));
    assert_eq!(
        resolved(spec("mcts:rollout=random")),
        (Rollout::Random, None)
    );
    assert_eq!(resolved(spec("mcts:rollout=greedy")), (greedy, None));
    let turns = |text: &str| MctsBot::<ClassicGame>::new(spec(text), 1).rollout_turns();
    assert_eq!(turns("mcts:iterations=500"), Some(2));
    assert_eq!(turns("mcts:iterations=500,simultaneous=sequential"), None);
    assert_eq!(turns("mcts:depth=4"), None);
    assert_eq!(turns("mcts:rollout=greedy"), None);
    let duel = MctsBot::<Duel>::new(spec("mcts"), 1);
    let duel_config = *duel.config();
    assert_eq!(
        (duel_config.rollout, duel_config.depth, duel.rollout_turns()),
        (Rollout::Random, None, None)
    );
}
