//! The bots on tiny games: tic-tac-toe strength, hidden information (honest bots provably
//! ignore it, the cheating MCTS exploits it), vector returns with three seats, determinism.

mod common;

use std::collections::HashSet;
use std::time::Instant;

use common::{
    play, CardAction, DieAction, DieGuess, HiddenCard, ThreeSeats, TicTacToe, THREE_SEAT_LEAVES,
};
use wonders_bots::{Bot, BotSpec, Budget, Game, MctsBot, MctsConfig};

fn bot<G: Game>(spec: &str, seed: u64) -> Box<dyn Bot<G>> {
    BotSpec::parse(spec).unwrap().build::<G>(seed)
}

fn choice<G: Game>(spec: &str, seed: u64, state: &G) -> G::Action {
    bot::<G>(spec, seed).choose(state)
}

// --- tic-tac-toe -----------------------------------------------------------------------------

#[test]
fn mcts_never_loses_to_random_at_tictactoe() {
    let games = 60;
    let mut wins = 0;
    for g in 0..games {
        let mcts_seat = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<TicTacToe>>> =
            vec![bot("random", 1000 + g), bot("mcts:iterations=2000", g)];
        if mcts_seat == 0 {
            bots.swap(0, 1);
        }
        let (actions, returns) = play(TicTacToe::default(), &mut bots);
        assert!(
            returns[mcts_seat] >= 0.5,
            "MCTS lost game {g} as seat {mcts_seat}: {actions:?}"
        );
        wins += usize::from(returns[mcts_seat] == 1.0);
    }
    // Against a random opponent, sound play wins far more often than it draws.
    assert!(
        wins >= games as usize * 2 / 3,
        "only {wins} wins in {games} games"
    );
}

#[test]
fn bots_take_an_immediate_win() {
    // X to move: 2 wins at once (it also blocks nothing: O's threat at 5 is beside the point).
    let state = TicTacToe::from_picture("XX. OO. ...");
    assert_eq!(state.current_player(), 0);
    for seed in 0..20 {
        for spec in [
            "greedy",
            "mcts:iterations=500",
            "mcts:iterations=500,rollout=greedy",
        ] {
            assert_eq!(choice(spec, seed, &state), 2, "{spec} seed {seed}");
        }
    }
}

#[test]
fn mcts_blocks_an_immediate_loss() {
    // X to move, no win of its own; O threatens 2 along the top row.
    let x_to_move = TicTacToe::from_picture("OO. .X. .X.");
    assert_eq!(x_to_move.current_player(), 0);
    // O to move, no win of its own; X threatens 2 along the top row.
    let o_to_move = TicTacToe::from_picture("XX. .O. ...");
    assert_eq!(o_to_move.current_player(), 1);
    for seed in 0..20 {
        for spec in [
            "mcts:iterations=1000",
            "mcts:iterations=1000,rollout=greedy,epsilon=0.5",
        ] {
            assert_eq!(choice(spec, seed, &x_to_move), 2, "{spec} seed {seed} as X");
            assert_eq!(choice(spec, seed, &o_to_move), 2, "{spec} seed {seed} as O");
        }
    }
}

#[test]
fn every_spec_builds_and_plays_legal_games() {
    for spec in [
        "random",
        "greedy",
        "greedy:determinizations=3",
        "mcts:iterations=50",
        "mcts:time_ms=2",
        "mcts:iterations=50,c=0,rollout=greedy,epsilon=0,depth=0",
        "mcts:iterations=50,depth=2",
        "mcts-cheat:iterations=50",
    ] {
        for seed in 0..3 {
            let mut bots = vec![bot::<TicTacToe>(spec, seed), bot("random", seed + 100)];
            let (actions, _) = play(TicTacToe::default(), &mut bots);
            assert!(actions.len() >= 5, "{spec}: {actions:?}");
        }
    }
}

#[test]
fn time_budget_is_honoured() {
    let config = MctsConfig {
        budget: Budget::TimeMs(30),
        ..MctsConfig::default()
    };
    let mut mcts = MctsBot::<TicTacToe>::new(config, 5);
    let start = Instant::now();
    let action = mcts.choose(&TicTacToe::default());
    let elapsed = start.elapsed();
    assert!(action < 9);
    assert!(elapsed.as_millis() >= 30, "stopped early: {elapsed:?}");
    assert!(elapsed.as_millis() < 1000, "overran: {elapsed:?}");
    assert!(
        mcts.last_iterations() > 10,
        "{} iterations",
        mcts.last_iterations()
    );
}

#[test]
fn forced_moves_are_not_searched() {
    let state = TicTacToe::from_picture("XOX XOO OX.");
    let mut mcts = MctsBot::<TicTacToe>::new(MctsConfig::default(), 1);
    assert_eq!(mcts.choose(&state), 8);
    assert_eq!(mcts.last_iterations(), 0);
}

#[test]
fn root_statistics_cover_the_budget() {
    let config = MctsConfig {
        budget: Budget::Iterations(900),
        ..MctsConfig::default()
    };
    let mut mcts = MctsBot::<TicTacToe>::new(config, 3);
    let chosen = mcts.choose(&TicTacToe::default());
    let children = mcts.root_children();
    assert_eq!(children.len(), 9);
    assert_eq!(children.iter().map(|c| c.1).sum::<u32>(), 900);
    let most = children.iter().max_by_key(|c| c.1).unwrap();
    assert_eq!(most.0, chosen);
    assert!(children.iter().all(|c| (0.0..=1.0).contains(&c.2)));
}

// --- hidden information ----------------------------------------------------------------------

const HONEST: [&str; 5] = [
    "greedy",
    "greedy:determinizations=7",
    "mcts:iterations=300",
    "mcts:iterations=300,rollout=greedy",
    "mcts:iterations=300,depth=0",
];

#[test]
fn honest_bots_ignore_the_hidden_die() {
    // Same seed, different hidden die: an honest bot sees the same information, so it must
    // make exactly the same choice.
    for spec in HONEST {
        for seed in 0..50 {
            let first = choice(spec, seed, &DieGuess::new(0));
            for die in 1..3 {
                assert_eq!(
                    choice(spec, seed, &DieGuess::new(die)),
                    first,
                    "{spec} seed {seed}"
                );
            }
        }
    }
}

#[test]
fn cheating_mcts_reads_the_hidden_die() {
    for seed in 0..20 {
        for die in 0..3 {
            let chosen = choice("mcts-cheat:iterations=300", seed, &DieGuess::new(die));
            assert_eq!(chosen, DieAction::Guess(die), "seed {seed}");
        }
    }
}

#[test]
fn honest_bots_play_safe_under_uncertainty() {
    let mut greedy_one_guesses = 0;
    for seed in 0..20 {
        for die in 0..3 {
            let state = DieGuess::new(die);
            // A guess is worth 1/3 on average, the draw 1/2.
            assert_eq!(
                choice("mcts:iterations=2000", seed, &state),
                DieAction::Safe
            );
            // 200 samples: a face drawn 100 times or more is a one-in-a-million event.
            assert_eq!(
                choice("greedy:determinizations=200", seed, &state),
                DieAction::Safe
            );
            // One determinization trusts its single sample of the die: it always guesses.
            if let DieAction::Guess(_) = choice("greedy", seed, &state) {
                greedy_one_guesses += 1;
            }
        }
    }
    assert_eq!(greedy_one_guesses, 60);
}

#[test]
fn honest_mcts_models_the_hidden_hand() {
    for seed in 0..20 {
        let mut firsts = HashSet::new();
        for card in 0..3 {
            let state = HiddenCard::new(card);
            let honest = choice("mcts:iterations=1000", seed, &state);
            firsts.insert(honest);
            // Seat 0 wins with chance 2/3 after A and 1/3 after B.
            assert_eq!(honest, CardAction::A, "seed {seed} card {card}");
            let cheat = choice("mcts-cheat:iterations=1000", seed, &state);
            let expected = if card == 0 {
                CardAction::B
            } else {
                CardAction::A
            };
            assert_eq!(cheat, expected, "cheat seed {seed} card {card}");
            // Seat 1 knows its own card and answers A with it only when it wins.
            let mut after_a = state.clone();
            after_a.apply(CardAction::A).unwrap();
            let reply = choice("mcts:iterations=300", seed, &after_a);
            if card == 0 {
                assert_eq!(reply, CardAction::Play(0), "seed {seed}");
            }
        }
        for spec in HONEST {
            let first = choice(spec, seed, &HiddenCard::new(0));
            for card in 1..3 {
                assert_eq!(
                    choice(spec, seed, &HiddenCard::new(card)),
                    first,
                    "{spec} {seed}"
                );
            }
        }
        assert_eq!(firsts.len(), 1);
    }
}

// --- three seats: vector returns -------------------------------------------------------------

/// The subgame-perfect value vector of `path`'s subtree (each seat maximising its own return).
fn spe_value(path: &mut Vec<u8>) -> [f64; 3] {
    if path.len() == 3 {
        return ThreeSeats::leaf_returns(path.iter().fold(0, |a, &x| a * 2 + usize::from(x)));
    }
    spe_best(path).1
}

/// The subgame-perfect move at `path` and the resulting value vector; panics on a tie.
fn spe_best(path: &mut Vec<u8>) -> (u8, [f64; 3]) {
    let mover = path.len();
    let values: Vec<[f64; 3]> = (0..2)
        .map(|a| {
            path.push(a);
            let v = spe_value(path);
            path.pop();
            v
        })
        .collect();
    assert!(
        (values[0][mover] - values[1][mover]).abs() > 1e-9,
        "tie at {path:?}"
    );
    let best = if values[0][mover] > values[1][mover] {
        0
    } else {
        1
    };
    (best, values[best as usize])
}

/// Seat 0's value of `path` if seats 1 and 2 moved by `rule` applied to seat 0's values.
fn seat0_model(path: &mut Vec<u8>, rule: fn(f64, f64) -> f64) -> f64 {
    if path.len() == 3 {
        return ThreeSeats::leaf_returns(path.iter().fold(0, |a, &x| a * 2 + usize::from(x)))[0];
    }
    let mut value = |a: u8| {
        path.push(a);
        let v = seat0_model(path, rule);
        path.pop();
        v
    };
    let (v0, v1) = (value(0), value(1));
    rule(v0, v1)
}

#[test]
fn three_seat_test_game_is_discriminating() {
    let (best, value) = spe_best(&mut Vec::new());
    assert_eq!(best, 1);
    assert!((value[0] - 1.0 / 3.0).abs() < 1e-9);
    // Both wrong models prefer move 0 for seat 0.
    for rule in [f64::max as fn(f64, f64) -> f64, |a, b| (a + b) / 2.0] {
        let v: Vec<f64> = (0..2).map(|a| seat0_model(&mut vec![a], rule)).collect();
        assert!(v[0] > v[1], "{v:?}");
    }
    assert_eq!(THREE_SEAT_LEAVES.len(), 8);
}

#[test]
fn mcts_backs_up_each_seats_own_return() {
    // At every decision point of the tree, the mover's MCTS finds the subgame-perfect move.
    let mut points: Vec<Vec<u8>> = vec![vec![]];
    for a in 0..2 {
        points.push(vec![a]);
        for b in 0..2 {
            points.push(vec![a, b]);
        }
    }
    for path in points {
        let state = ThreeSeats { path: path.clone() };
        let expected = spe_best(&mut path.clone()).0;
        for spec in [
            "mcts:iterations=3000",
            "mcts-cheat:iterations=3000,rollout=greedy",
        ] {
            for seed in 0..10 {
                assert_eq!(
                    choice(spec, seed, &state),
                    expected,
                    "{spec} seed {seed} at {path:?}"
                );
            }
        }
    }
}

// --- determinism -----------------------------------------------------------------------------

#[test]
fn same_seed_same_game() {
    for spec in [
        "greedy",
        "mcts:iterations=200",
        "mcts:iterations=200,rollout=greedy,depth=3",
    ] {
        let mut distinct = HashSet::new();
        for seed in 0..8 {
            let run = || {
                let mut bots = vec![bot::<TicTacToe>(spec, seed), bot(spec, seed + 1)];
                play(TicTacToe::default(), &mut bots).0
            };
            let first = run();
            assert_eq!(run(), first, "{spec} seed {seed}");
            distinct.insert(first);
        }
        // The seed matters: different seeds do not all replay one game.
        assert!(
            distinct.len() > 1,
            "{spec}: every seed played the same game"
        );
    }
}

/// A random or greedy bot re-seeded after a game plays the next exactly as one newly built
/// with that seed (what lets a runner keep its bots from game to game); a bot that cannot
/// re-seed says so, and is built again.
#[test]
fn a_reseeded_bot_plays_as_a_new_one() {
    fn games<G: Game + Clone>(spec: &str, start: G) {
        let mut kept = vec![bot::<G>(spec, 1), bot::<G>(spec, 2), bot::<G>(spec, 3)];
        kept.truncate(start.num_players());
        for seed in 10..20u64 {
            let mut fresh: Vec<_> = (0..kept.len() as u64)
                .map(|p| bot::<G>(spec, seed * 7 + p))
                .collect();
            for (p, b) in kept.iter_mut().enumerate() {
                assert!(b.reseed(seed * 7 + p as u64), "{spec} cannot be re-seeded");
            }
            let again = play(start.clone(), &mut kept);
            let new = play(start.clone(), &mut fresh);
            assert_eq!(again.0, new.0, "{spec} seed {seed}");
        }
    }
    for spec in ["random", "greedy", "greedy:determinizations=3"] {
        games(spec, TicTacToe::default());
        games(spec, ThreeSeats::default());
        games(spec, HiddenCard::new(1));
        games(spec, DieGuess::new(4));
    }
    assert!(!bot::<TicTacToe>("mcts:iterations=10", 1).reseed(2));
}

#[test]
fn same_seed_same_choices_with_hidden_information() {
    for spec in HONEST {
        let mut choices = HashSet::new();
        for seed in 0..30 {
            let mut one = bot::<DieGuess>(spec, seed);
            let mut two = bot::<DieGuess>(spec, seed);
            let state = DieGuess::new(1);
            // Several moves in a row from the same bot: its generator state carries over.
            for _ in 0..3 {
                let c = one.choose(&state);
                assert_eq!(two.choose(&state), c, "{spec} seed {seed}");
                choices.insert(c);
            }
        }
        assert!(!choices.is_empty());
    }
}
