//! Many random games per player count and edition, checking invariants: cards conserved,
//! hands shrink by one per turn, score = sum of its lines, the legal actions are exactly those
//! `apply` accepts (every listed action on sampled states, random unlisted ones), records
//! replay to the same result, determinizations keep what the observer has seen.

#![allow(clippy::needless_range_loop)] // seats index several parallel arrays

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders::classic::{replay, Action, CardId, ClassicConfig, ClassicGame, Edition, SidePolicy};
use wonders::classic::{Expansion, ExpansionSet};
use wonders_bots::Game;

/// Games per player count and edition (the heavy checks run on a sample of them).
const GAMES: u64 = 50_000;
/// One game in this many gets the expensive checks.
const DEEP_EVERY: u64 = 500;

/// Games per player count with Cities (100,000 in all).
const CITIES_GAMES: u64 = 20_000;
/// Games per player count with Leaders, alone and with Cities (100,000 in all).
const LEADERS_GAMES: u64 = 10_000;

fn config(players: usize, edition: Edition, expansions: ExpansionSet, game: u64) -> ClassicConfig {
    let mut c = ClassicConfig::new(players, edition);
    c.expansions = expansions;
    c.sides = if game % 2 == 0 {
        SidePolicy::Mixed
    } else {
        SidePolicy::B
    };
    c.collapse_payment_splits = game % 7 == 3;
    c
}

fn cards_in_play(g: &ClassicGame) -> usize {
    let n = g.players();
    // Leaders: a stage built with a leader under the board holds no card.
    let leader_stages = g
        .history()
        .iter()
        .filter(|p| matches!(p.action, Action::WonderLeader { .. }))
        .count();
    let placed: usize = (0..n)
        .map(|s| g.city(s).built().len() as usize + g.city(s).stages() as usize)
        .sum::<usize>()
        - leader_stages;
    let in_hands: usize = if g.is_over() {
        0
    } else {
        (0..n).map(|s| g.hand(s).len()).sum()
    };
    placed + g.discard_pile().len() + in_hands
}

fn check_listed_and_unlisted(g: &ClassicGame, legal: &[Action], rng: &mut Xoshiro256PlusPlus) {
    for &a in legal {
        let mut h = g.clone();
        h.apply(a)
            .unwrap_or_else(|e| panic!("listed action refused: {e}"));
    }
    let cards = g.catalog().cards.len() as u8;
    let mut refused = 0;
    while refused < 20 {
        let card = CardId(rng.random_range(0..cards));
        let (l, r) = (rng.random_range(0..5u8), rng.random_range(0..5u8));
        let a = match rng.random_range(0..5) {
            0 => Action::Build {
                card,
                pay_left: l,
                pay_right: r,
            },
            1 => Action::Wonder {
                card,
                pay_left: l,
                pay_right: r,
            },
            2 => Action::Sell { card },
            3 => Action::BuildDiscarded { card },
            _ => Action::CopyGuild {
                guild: card,
                from: rng.random_range(0..8),
            },
        };
        if legal.contains(&a) {
            continue;
        }
        let mut h = g.clone();
        assert!(h.apply(a).is_err(), "unlisted action {a:?} accepted");
        let mut again = Vec::new();
        h.legal_actions(&mut again);
        assert_eq!(again, legal, "a refused action changed the state");
        refused += 1;
    }
}

fn check_determinization(g: &ClassicGame, rng: &mut Xoshiro256PlusPlus) {
    let me = g.current_player();
    let d = g.determinize(me, rng);
    assert_eq!(d.hand(me), g.hand(me));
    for s in 0..g.players() {
        assert_eq!(d.hand(s).len(), g.hand(s).len());
        assert_eq!(d.city(s).built(), g.city(s).built());
        assert_eq!(d.city(s).coins(), g.city(s).coins());
    }
    assert_eq!(d.discard_pile().len(), g.discard_pile().len());
    let (mut a, mut b) = (Vec::new(), Vec::new());
    g.legal_actions(&mut a);
    d.legal_actions(&mut b);
    assert_eq!(a, b, "the observer's options changed");
    // Determinized games (for the seat to move and for another seat) play to the end.
    let other = g.determinize((me + 1) % g.players(), rng);
    for mut d in [d, other] {
        let mut buf = Vec::new();
        while !d.is_terminal() {
            d.legal_actions(&mut buf);
            assert!(
                !buf.is_empty(),
                "a determinized state without legal actions"
            );
            d.apply(buf[rng.random_range(0..buf.len())]).unwrap();
        }
    }
}

fn run(players: usize, edition: Edition) {
    run_with(players, edition, ExpansionSet::NONE, GAMES);
}

fn run_with(players: usize, edition: Edition, expansions: ExpansionSet, games: u64) {
    let cities = expansions.contains(Expansion::CITIES);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(
        players as u64 * 1000
            + edition as u64
            + if cities { 77 } else { 0 }
            + if expansions.contains(Expansion::LEADERS) {
                177
            } else {
                0
            },
    );
    let mut buf = Vec::with_capacity(64);
    let mut scores = [0i32; 8];
    for game in 0..games {
        let deep = game % DEEP_EVERY == 0;
        let seed = rng.random::<u64>();
        let mut g = ClassicGame::new(&config(players, edition, expansions, game), seed).unwrap();
        let hand = g.hand_size();
        let total_cards = 3 * hand * players;
        let mut steps = 0;
        while !g.is_terminal() {
            g.legal_actions(&mut buf);
            assert!(!buf.is_empty());
            if deep || rng.random_range(0..200) == 0 {
                check_listed_and_unlisted(&g, &buf, &mut rng);
            }
            if deep
                && (steps % 37 == 5
                    || !matches!(
                        buf[0],
                        Action::Build { .. } | Action::Wonder { .. } | Action::Sell { .. }
                    ))
            {
                check_determinization(&g, &mut rng);
            }
            let a = buf[rng.random_range(0..buf.len())];
            g.apply(a).unwrap();
            steps += 1;
            if !g.is_terminal() && g.turn() <= g.last_turn() {
                let expected_hand = hand - g.turn() as usize;
                for s in 0..players {
                    let h = g.hand(s).len();
                    assert!(
                        h == expected_hand,
                        "seat {s} holds {h} cards at turn {}",
                        g.turn()
                    );
                }
            }
        }
        buf.clear();
        g.legal_actions(&mut buf);
        assert!(buf.is_empty());
        // Every card dealt so far is in a city, under a wonder or in the discard pile.
        assert_eq!(cards_in_play(&g), total_cards, "cards not conserved");
        g.scores(&mut scores);
        let mut returns = [0.0; 8];
        g.returns(&mut returns);
        assert!((returns[..players].iter().sum::<f64>() - 1.0).abs() < 1e-9);
        for s in 0..players {
            let sc = g.score(s);
            let sum: i32 = sc.lines(g.score_lines()).iter().map(|l| l.1).sum();
            assert_eq!(sum, sc.total);
            assert_eq!(scores[s], sc.total);
            let military = sc.get(wonders::classic::ScoreLine::MILITARY);
            // Cities: Raider tokens (1 + 3 + 5 at most) and Memorial's discarded defeats;
            // Leaders: Nitocris's tokens, and Tomyris's defeats given to the winners.
            let (least, most) = match (expansions.contains(Expansion::LEADERS), cities) {
                (false, false) => (-6, 18),
                (false, true) => (-6, 27),
                (true, _) => (-18, 45),
            };
            assert!((least..=most).contains(&military), "military {military}");
        }
        if deep || game % 50 == 1 {
            let specs: Vec<String> = (0..players).map(|_| "random".to_string()).collect();
            let record = g.record(&specs);
            let text = serde_json::to_string(&record).unwrap();
            let back: serde_json::Value = serde_json::from_str(&text).unwrap();
            let r = replay(&back).unwrap_or_else(|e| panic!("replay failed: {e}"));
            for s in 0..players {
                assert_eq!(r.score(s), g.score(s));
            }
            assert_eq!(r.record(&specs), record);
        }
    }
}

#[test]
fn random_games_3_players_v1() {
    run(3, Edition::V1);
}
#[test]
fn random_games_4_players_v1() {
    run(4, Edition::V1);
}
#[test]
fn random_games_5_players_v1() {
    run(5, Edition::V1);
}
#[test]
fn random_games_6_players_v1() {
    run(6, Edition::V1);
}
#[test]
fn random_games_7_players_v1() {
    run(7, Edition::V1);
}
#[test]
fn random_games_3_players_v2() {
    run(3, Edition::V2);
}
#[test]
fn random_games_4_players_v2() {
    run(4, Edition::V2);
}
#[test]
fn random_games_5_players_v2() {
    run(5, Edition::V2);
}
#[test]
fn random_games_6_players_v2() {
    run(6, Edition::V2);
}
#[test]
fn random_games_7_players_v2() {
    run(7, Edition::V2);
}
const CITIES: ExpansionSet = ExpansionSet::NONE.with(Expansion::CITIES);
const LEADERS: ExpansionSet = ExpansionSet::NONE.with(Expansion::LEADERS);
const BOTH: ExpansionSet = ExpansionSet::NONE
    .with(Expansion::LEADERS)
    .with(Expansion::CITIES);

#[test]
fn random_games_with_cities_3_and_4_players() {
    run_with(3, Edition::V2, CITIES, CITIES_GAMES);
    run_with(4, Edition::V2, CITIES, CITIES_GAMES);
}
#[test]
fn random_games_with_cities_5_players() {
    run_with(5, Edition::V2, CITIES, CITIES_GAMES);
}
#[test]
fn random_games_with_cities_6_and_7_players() {
    run_with(6, Edition::V2, CITIES, CITIES_GAMES);
    run_with(7, Edition::V2, CITIES, CITIES_GAMES);
}
#[test]
fn random_games_with_leaders_at_3_to_7_players() {
    for players in 3..=7 {
        run_with(players, Edition::V2, LEADERS, LEADERS_GAMES);
    }
}
#[test]
fn random_games_with_leaders_and_cities_at_3_to_7_players() {
    for players in 3..=7 {
        run_with(players, Edition::V2, BOTH, LEADERS_GAMES);
    }
}

/// A spec without `rollout=` gets each game's own rollout: greedy cut at 4 moves in 7 Wonders
/// (after two whole turns in the decoupled search), random to the end in Duel; an explicit
/// choice or depth wins.
#[test]
fn mcts_specs_without_a_rollout_take_the_games_own() {
    use wonders::duel::Duel;
    use wonders_bots::{MctsBot, MctsConfig, Rollout};
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
