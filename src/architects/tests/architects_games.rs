//! Random games at 2–7 players, with and without Medals: invariants hold at every step
//! (100,008 games: every card conserved, 25 a seat + 60, so 235 at 7 players; scores equal
//! their lines; the end condition).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_architects::state::{Architects, ArchitectsConfig, Phase};
use wonders_bots::Game;

fn configs() -> Vec<ArchitectsConfig> {
    let mut v = Vec::new();
    for players in 2..=7 {
        v.push(ArchitectsConfig::base(players));
        v.push(ArchitectsConfig {
            medals: true,
            ..ArchitectsConfig::base(players)
        });
        v.push(ArchitectsConfig {
            medals: true,
            medals_expert: true,
            ..ArchitectsConfig::base(players)
        });
    }
    v
}

/// Plays a random game, checking invariants after every action; returns the actions.
fn play(config: &ArchitectsConfig, seed: u64) -> (Architects, Vec<wonders_architects::Action>) {
    let mut g = Architects::new(config, seed).unwrap();
    let total = 25 * config.players as u32 + 60;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xabc);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    let mut steps = 0;
    while !g.is_over() {
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action in {:?}", g.phase);
        let a = legal[rng.random_range(0..legal.len())];
        g.apply(a).unwrap();
        actions.push(a);
        assert_eq!(g.cards_in_play(), total, "cards conserved");
        // A Battle resolves at the end of the turn that flipped the last Conflict token.
        if g.phase == Phase::Take {
            assert!(g.conflict_flipped < g.conflict_total);
        }
        steps += 1;
        assert!(steps < 10_000);
    }
    (g, actions)
}

/// 100,008 games: 18 configurations (2–7 players; base, Medals, expert) × 5,556 seeds.
#[test]
fn a_hundred_thousand_random_games_keep_their_invariants() {
    check_random_games(5_556);
}

fn check_random_games(seeds: u64) {
    for config in configs() {
        for seed in 0..seeds {
            let (g, _) = play(&config, seed);
            let n = config.players;
            let mut evals = vec![0.0; n];
            g.evaluate(&mut evals);
            assert!((evals.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            for p in 0..n {
                let s = g.score(p);
                assert_eq!(s.total(), s.lines().iter().sum::<u32>());
                if !config.medals {
                    assert_eq!(s.medals, 0);
                }
                assert!(g.medals_held(p).len() <= if config.medals_expert { 4 } else { 2 });
            }
            let winners = g.winners();
            assert!(!winners.is_empty());
            // The game ends when a Wonder is complete (or nobody can take a card).
            assert!(
                g.seats.iter().any(|s| s.stages_built() == 5)
                    || (0..n).all(|p| g.reachable(p).iter().all(|&d| g.top(d).is_none()))
            );
        }
    }
}

#[test]
fn same_seed_same_game_and_illegal_actions_change_nothing() {
    for config in configs() {
        let (a, xs) = play(&config, 7);
        let (b, ys) = play(&config, 7);
        assert_eq!(xs, ys);
        assert_eq!(format!("{:?}", a.seats), format!("{:?}", b.seats));
        // Replaying the actions from the same setup gives the same game.
        let mut g = Architects::new(&config, 7).unwrap();
        let mut legal = Vec::new();
        for &x in &xs {
            g.legal_actions(&mut legal);
            let snapshot = format!("{g:?}");
            // An action of another phase is refused and leaves the state as it was.
            let wrong = wonders_architects::Action::Extra {
                token: wonders_architects::Token::Decor,
                deck: None,
            };
            assert!(g.apply(wrong).is_err());
            assert_eq!(format!("{g:?}"), snapshot);
            g.apply(x).unwrap();
        }
        assert!(g.is_over());
        assert_eq!(g.winners(), a.winners());
    }
}

#[test]
fn determinizations_keep_what_the_observer_saw() {
    let config = ArchitectsConfig {
        medals: true,
        ..ArchitectsConfig::base(4)
    };
    let mut g = Architects::new(&config, 11).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut legal = Vec::new();
    for _ in 0..40 {
        if g.is_over() {
            break;
        }
        for observer in 0..4 {
            let d = g.determinize(observer, &mut rng);
            assert_eq!(format!("{:?}", d.seats), format!("{:?}", g.seats));
            assert_eq!(d.progress_row, g.progress_row);
            assert_eq!(d.cat, g.cat);
            assert_eq!(d.medals, g.medals);
            for i in 0..4 {
                // The top of a face-up Wonder deck is public; the rest keeps its cards.
                assert_eq!(d.decks[i].last(), g.decks[i].last());
                let (mut x, mut y) = (d.decks[i].clone(), g.decks[i].clone());
                x.sort();
                y.sort();
                assert_eq!(x, y);
            }
            let (mut x, mut y) = (d.central.clone(), g.central.clone());
            x.sort();
            y.sort();
            assert_eq!(x, y);
            let mut la = Vec::new();
            d.legal_actions(&mut la);
            g.legal_actions(&mut legal);
            assert_eq!(
                la, legal,
                "the observer's choices do not depend on hidden cards"
            );
        }
        g.legal_actions(&mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        g.apply(a).unwrap();
    }
}

#[test]
fn records_replay_through_json_text() {
    use wonders_common::{GameModule, SimGame};
    for config in configs() {
        for seed in 0..30u64 {
            let (g, actions) = play(&config, seed);
            let players: Vec<String> = (0..config.players).map(|i| format!("random{i}")).collect();
            let record = g.record(&actions, &players, seed, &config);
            let text = serde_json::to_string(&record).unwrap();
            let back: serde_json::Value = serde_json::from_str(&text).unwrap();
            let replayed = Architects::replay(&back).unwrap_or_else(|e| panic!("{e}"));
            assert!(replayed.result_checked);
            assert_eq!(replayed.actions, actions);
            assert_eq!(replayed.game.winners(), g.winners());
            // A tampered figure is refused at its own index.
            let mut bad = back.clone();
            bad["actions"][0]["card"] =
                serde_json::json!(if back["actions"][0]["card"] == "wood" {
                    "glass"
                } else {
                    "wood"
                });
            let e = Architects::replay(&bad).unwrap_err();
            assert_eq!(e.action, Some(0), "{e}");
            let log = Architects::play_log(&config, seed, &players, &actions);
            assert!(log
                .iter()
                .any(|l| l.starts_with("Shared victory: ") || l.contains(" wins (")));
            let outcome = g.outcome();
            assert_eq!(outcome.seats.len(), config.players);
            for (p, s) in outcome.seats.iter().enumerate() {
                assert_eq!(s.total, s.categories.iter().map(|c| c.1).sum::<i32>());
                assert_eq!(s.wonders[0].stages_built, g.seats[p].stages_built());
            }
        }
    }
}

#[test]
fn halicarnassus_reshuffles_are_recorded() {
    use wonders_architects::state::BoardChoice;
    use wonders_architects::WonderId;
    use wonders_common::{GameModule, SimGame};
    let mut found = 0;
    for seed in 0..300u64 {
        let config = ArchitectsConfig {
            boards: vec![
                BoardChoice::Fixed(WonderId::Halicarnassus),
                BoardChoice::Random,
                BoardChoice::Random,
            ],
            ..ArchitectsConfig::base(3)
        };
        let (g, actions) = play(&config, seed);
        let record = g.record(
            &actions,
            &["a".into(), "b".into(), "c".into()],
            seed,
            &config,
        );
        let n = record["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["type"] == "halicarnassus")
            .count();
        if n > 0 {
            found += 1;
            let a = record["actions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|a| a["type"] == "halicarnassus")
                .unwrap();
            assert!(a["deck_after"].is_array());
            assert!(Architects::replay(&record).unwrap().result_checked);
        }
    }
    assert!(found > 10);
}

#[test]
fn bots_play_it_and_greedy_beats_random() {
    use wonders_bots::{Bot, GreedyBot, MctsBot, MctsConfig, RandomBot};
    let config = ArchitectsConfig {
        medals: true,
        ..ArchitectsConfig::base(4)
    };
    let games = 200;
    let mut greedy_wins = 0.0;
    for seed in 0..games {
        let mut g = Architects::new(&config, seed).unwrap();
        let mut greedy = GreedyBot::<Architects>::new(seed);
        let mut randoms: Vec<RandomBot<Architects>> =
            (0..3).map(|i| RandomBot::new(seed * 7 + i)).collect();
        while !g.is_over() {
            let p = g.current_player();
            let a = if p == 0 {
                greedy.choose(&g)
            } else {
                randoms[p - 1].choose(&g)
            };
            g.apply(a).unwrap();
        }
        let mut r = [0.0; 4];
        g.returns(&mut r);
        greedy_wins += r[0];
    }
    let rate = greedy_wins / games as f64;
    assert!(
        rate > 0.5,
        "greedy wins {rate} of its games against 3 random bots"
    );
    // MCTS plays a whole game on determinizations.
    let mut g = Architects::new(&ArchitectsConfig::base(3), 3).unwrap();
    let mut bots: Vec<MctsBot<Architects>> = (0..3)
        .map(|i| {
            MctsBot::new(
                MctsConfig {
                    budget: wonders_bots::Budget::Iterations(50),
                    ..MctsConfig::default()
                },
                i,
            )
        })
        .collect();
    while !g.is_over() {
        let p = g.current_player();
        let a = bots[p].choose(&g);
        g.apply(a).unwrap();
    }
}

#[test]
fn module_options_label_components_and_views() {
    use rand::SeedableRng;
    use wonders_architects::state::BoardChoice;
    use wonders_architects::WonderId;
    use wonders_common::{GameModule, OptionSet, SimGame};
    let info = Architects::info();
    assert_eq!(
        (info.id, info.name, info.seats, info.default_seats),
        ("architects", "7 Wonders Architects", (2, 7), 4)
    );
    let parse = |t: &str| Architects::parse_options(&OptionSet::parse(t).unwrap());
    let c = parse("").unwrap();
    assert_eq!(c.players, 4);
    assert_eq!(Architects::options_label(&c), "4p");
    assert_eq!(
        Architects::options_label(&parse("players=4,expansions=medals").unwrap()),
        "4p,medals"
    );
    assert_eq!(
        Architects::options_label(
            &parse("players=4,expansions=medals,variant=medals-expert").unwrap()
        ),
        "4p,medals-expert"
    );
    let c = parse("players=3,boards=giza+random+rhodes").unwrap();
    assert_eq!(
        c.boards,
        vec![
            BoardChoice::Fixed(WonderId::Giza),
            BoardChoice::Random,
            BoardChoice::Fixed(WonderId::Rhodes)
        ]
    );
    let g = Architects::new_game(&c, 9);
    assert_eq!(
        (g.wonders[0], g.wonders[2]),
        (WonderId::Giza, WonderId::Rhodes)
    );
    let e = parse("players=8").unwrap_err();
    assert!(e.contains('8') && e.contains("2 to 7"), "{e}");
    let e = parse("expansions=leaders").unwrap_err();
    assert!(e.contains("leaders") && e.contains("medals"), "{e}");
    let e = parse("variant=hard").unwrap_err();
    assert!(e.contains("hard") && e.contains("medals-expert"), "{e}");
    let e = parse("players=2,boards=rome+giza").unwrap_err();
    assert!(e.contains("rome") && e.contains("not public"), "{e}");
    let e = parse("players=2,boards=giza+giza").unwrap_err();
    assert!(e.contains("giza"), "{e}");
    let e = parse("players=3,boards=giza+rhodes").unwrap_err();
    assert!(e.contains('2') && e.contains('3'), "{e}");

    let t = Architects::components(&parse("expansions=medals").unwrap());
    assert_eq!(t.columns[0], "kind");
    let kinds = |k: &str| t.rows.iter().filter(|r| r[0].text() == k).count();
    assert_eq!(
        (
            kinds("card"),
            kinds("wonder_piece"),
            kinds("progress_token"),
            kinds("medal")
        ),
        (14, 35, 17, 12)
    );
    let base = Architects::components(&parse("").unwrap());
    assert_eq!(
        base.rows
            .iter()
            .filter(|r| r[0].text() == "progress_token")
            .count(),
        14
    );

    // A seat's view never changes under its own determinization.
    let config = ArchitectsConfig {
        medals: true,
        ..ArchitectsConfig::base(5)
    };
    let mut g = Architects::new(&config, 4).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut legal = Vec::new();
    while !g.is_over() {
        for seat in 0..5 {
            assert_eq!(g.determinize(seat, &mut rng).view(seat), g.view(seat));
        }
        g.legal_actions(&mut legal);
        g.apply(legal[rng.random_range(0..legal.len())]).unwrap();
    }
}
