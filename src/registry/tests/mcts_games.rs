//! MCTS games of every game, under the test profile's debug assertions: the search reuses its
//! root's legal actions in every iteration (`Game::mover_options_are_known`) and checks, in
//! every iteration, that the determinization for the mover lists exactly those; engines check
//! the listed actions they play without re-pricing (`Game::apply_listed`).

use rand::SeedableRng;
use wonders_architects::state::{Architects, ArchitectsConfig};
use wonders_bots::{Bot, BotSpec, Game, MctsBot};
use wonders_classic::{ClassicConfig, ClassicGame, Edition, Expansion};
use wonders_common::GameRng;
use wonders_duel::{Duel, DuelConfig};

/// Plays `game` to its end with an MCTS bot per seat; returns the number of decisions.
fn play_mcts<G: Game>(mut game: G, seed: u64) -> u32 {
    let BotSpec::Mcts(config) = BotSpec::parse("mcts:iterations=30").unwrap() else {
        panic!("an MCTS spec");
    };
    let mut bots: Vec<MctsBot<G>> = (0..game.num_players())
        .map(|seat| MctsBot::new(config, 10 * seed + seat as u64))
        .collect();
    let mut moves = 0;
    while !game.is_terminal() {
        let a = bots[game.current_player()].choose(&game);
        game.apply(a).unwrap();
        moves += 1;
    }
    moves
}

#[test]
fn duel_mcts_games_reuse_the_roots_options() {
    for pantheon in [false, true] {
        let options = DuelConfig {
            pantheon,
            ..DuelConfig::default()
        };
        for seed in 0..10u64 {
            let g = Duel::new(options, &mut GameRng::seed_from_u64(seed));
            // A Duel game has over 60 decisions.
            assert!(play_mcts(g, seed) > 60, "pantheon {pantheon}, seed {seed}");
        }
    }
}

#[test]
fn seven_wonders_mcts_games_reuse_the_roots_options() {
    for (players, edition, leaders, cities) in [
        (3, Edition::V1, false, false),
        (5, Edition::V2, true, true),
        (7, Edition::V2, false, true),
    ] {
        let mut config = ClassicConfig::new(players, edition);
        config.expansions.set(Expansion::LEADERS, leaders);
        config.expansions.set(Expansion::CITIES, cities);
        for seed in 0..2u64 {
            let g = ClassicGame::new(&config, seed).unwrap();
            // Three Ages of 6 turns (7 with Cities) for every seat, at least.
            assert!(
                play_mcts(g, seed) >= 18 * players as u32,
                "{players} players"
            );
        }
    }
}

#[test]
fn architects_mcts_games_reuse_the_roots_options() {
    for players in [2, 4, 7] {
        for seed in 0..3u64 {
            let g = Architects::new(&ArchitectsConfig::base(players), seed).unwrap();
            assert!(play_mcts(g, seed) > 10, "{players} players");
        }
    }
}
