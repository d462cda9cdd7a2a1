//! Leaders in the engine (not yet offered by the command line): the draft, the recruitment
//! turns, Age III's return to the box, recruitment costs, and random games to the end.

use super::*;
use crate::classic::leader_draft::LeaderSet;
use crate::classic::leaders_data::LEADERS;
use rand::SeedableRng;

fn leaders_game(players: usize, cities: bool, seed: u64) -> ClassicGame {
    let mut config = ClassicConfig::new(players, Edition::V2);
    config.expansions = Expansions {
        leaders: true,
        cities,
    };
    config.sides = SidePolicy::Mixed;
    ClassicGame::new(&config, seed).unwrap()
}

fn l(id: &str) -> LeaderId {
    LeaderId::from_id(id).unwrap()
}

/// Plays random legal actions until `stop` holds (or the game ends).
fn play_until(g: &mut ClassicGame, rng: &mut GameRng, stop: impl Fn(&ClassicGame) -> bool) {
    let mut legal = Vec::new();
    while !g.is_over() && !stop(g) {
        g.legal(&mut legal);
        assert!(!legal.is_empty(), "no legal action at {:?}", g.step);
        let a = legal[rng.random_range(0..legal.len())];
        g.play(a).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn the_draft_deals_four_leaders_and_passes_right() {
    let mut g = leaders_game(4, false, 3);
    assert!(g.cities.iter().all(|c| c.coins == LEADERS_STARTING_COINS));
    assert_eq!(g.step, Step::Draft);
    let hands: Vec<LeaderSet> = (0..4)
        .map(|s| g.leaders.as_ref().unwrap().draft.hand(s))
        .collect();
    assert!(hands.iter().all(|h| h.len() == 4));
    // Every seat picks the first leader of its hand; seat 0 then holds seat 1's rest.
    let mut picks = Vec::new();
    for (s, h) in hands.iter().enumerate() {
        let pick = h.iter().next().unwrap();
        picks.push(pick);
        assert_eq!(g.current_seat(), s);
        g.play(Action::Draft { leader: pick }).unwrap();
    }
    let mut passed = hands[1];
    passed.remove(picks[1]);
    assert_eq!(g.leaders.as_ref().unwrap().draft.hand(0), passed);
    assert!(g.history().iter().all(|p| p.turn == RECRUITMENT_TURN));
    // A leader not in the hand is refused.
    assert!(g.play(Action::Draft { leader: picks[0] }).is_err());
    let mut rng = GameRng::seed_from_u64(1);
    play_until(&mut g, &mut rng, |g| g.step != Step::Draft);
    assert!(g.recruiting && g.step == Step::Turn && g.age == 1);
    assert!(g.cities.iter().all(|c| c.leader_hand.len() == 4));
    assert_eq!(g.history().len(), 16);
}

#[test]
fn recruitment_costs_follow_the_age_maecenas_and_roma() {
    let mut g = leaders_game(3, false, 5);
    let mut rng = GameRng::seed_from_u64(2);
    play_until(&mut g, &mut rng, |g| g.recruiting);
    assert_eq!(g.leader_cost(0, l("caesar")), 5);
    assert_eq!(
        g.leader_cost(0, l("nitocris")),
        1,
        "Age-variable: 1 in Age I"
    );
    g.age = 3;
    assert_eq!(g.leader_cost(0, l("nitocris")), 3);
    g.cities[0].leaders.insert(l("maecenas"));
    assert_eq!(g.leader_cost(0, l("caesar")), 0, "Maecenas face up");
    assert_eq!(g.leader_cost(1, l("caesar")), 5, "only for its owner");
}

#[test]
fn random_games_with_leaders_keep_every_leader_and_score_the_leaders_line() {
    for seed in 0..150u64 {
        let players = 3 + (seed % 5) as usize;
        let cities = seed % 2 == 1;
        let mut g = leaders_game(players, cities, seed);
        let decks = g.leaders.as_ref().unwrap().decks.clone();
        let all = LEADERS.iter().filter(|x| decks.contains(&x.deck)).count();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut legal = Vec::new();
        let mut recruited_in_age = [0usize; 3];
        while !g.is_over() {
            g.legal(&mut legal);
            assert!(!legal.is_empty());
            let a = legal[rng.random_range(0..legal.len())];
            if g.recruiting && g.step == Step::Turn {
                recruited_in_age[g.age as usize - 1] += 1;
            }
            g.play(a).unwrap();
            // Sold leaders and leaders under a board leave the game (counted once resolved).
            let sold = g
                .history()
                .iter()
                .filter(|p| {
                    matches!(
                        p.action,
                        Action::SellLeader { .. } | Action::WonderLeader { .. }
                    )
                })
                .count();
            // Every leader is in a hand, face up, under a board, sold or in the box.
            let held: usize = g
                .cities
                .iter()
                .map(|c| c.leader_hand.len() + c.leaders.len() + c.buried.len())
                .sum();
            let table = g.leaders.as_ref().unwrap();
            let in_draft: usize = if table.draft.is_over() {
                0
            } else {
                (0..players)
                    .map(|s| table.draft.hand(s).len() + table.draft.picks(s).len())
                    .sum()
            };
            assert_eq!(
                held + in_draft + sold + table.boxed.len(),
                all,
                "seed {seed} after {a:?}: {:?} age {} held {held} draft {in_draft} sold {sold} box {}",
                g.step,
                g.age,
                table.boxed.len()
            );
        }
        // One recruitment action per seat and Age: 4 leaders, 3 Ages, the last one returned.
        assert_eq!(recruited_in_age, [players; 3], "seed {seed}");
        // Age III sent every hand back to the box, but Roma night's owner's.
        assert!(
            g.cities
                .iter()
                .all(|c| c.leader_hand.is_empty()
                    || (c.wonder == Wonder::ROMA && c.side.index() == 1))
        );
        for s in 0..players {
            let score = g.score(s);
            let lines = score.lines(g.score_lines());
            assert_eq!(lines.iter().map(|(_, v)| v).sum::<i32>(), score.total);
            assert!(lines.iter().any(|(k, _)| *k == "leaders"));
            assert_eq!(lines.iter().any(|(k, _)| *k == "cities"), cities);
        }
    }
}
