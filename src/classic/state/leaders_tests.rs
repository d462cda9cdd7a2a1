//! Leaders in the engine (not yet offered by the command line): the draft, the recruitment
//! turns, Age III's return to the box, recruitment costs, and random games to the end.

use super::*;
use crate::classic::leader_draft::LeaderSet;
use crate::classic::leaders_data::LEADERS;
use rand::{Rng, SeedableRng};

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
    g.cities[0].refresh_leader_powers();
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

/// A Leaders game (with Cities when `cities`) at the first ordinary turn of Age I, seat 0
/// holding `leaders` face up.
fn at_age_one(cities: bool, leaders: &[&str]) -> ClassicGame {
    let mut config = ClassicConfig::new(3, Edition::V2);
    config.expansions = Expansions {
        leaders: true,
        cities,
    };
    config.wonders = vec![
        Some(Wonder::GIZAH),
        Some(Wonder::BABYLON),
        Some(Wonder::EPHESOS),
    ];
    config.sides = SidePolicy::Day;
    let mut g = ClassicGame::new(&config, 9).unwrap();
    let mut rng = GameRng::seed_from_u64(9);
    play_until(&mut g, &mut rng, |g| {
        g.age == 1 && g.step == Step::Turn && !g.recruiting
    });
    let city = &mut g.cities[0];
    city.leaders = leaders.iter().map(|&x| l(x)).collect();
    city.refresh_leader_powers();
    city.coins = 30;
    g.begin_turn(g.all_seats(), true);
    g
}

/// Puts `key` in seat 0's hand and plays one turn: seat 0 takes `action(card)`, the others
/// sell their first card.
fn seat0_turn(g: &mut ClassicGame, key: &str, action: impl Fn(CardId) -> Action) {
    let card = g.cat.find(key).unwrap();
    let u = g.hand_uids(0).trailing_zeros() as usize;
    g.deals[0].cards[u] = card;
    for s in 0..g.n {
        let a = if s == 0 {
            action(card)
        } else {
            Action::Sell { card: g.hand(s)[0] }
        };
        g.play(a).unwrap_or_else(|e| panic!("{key}: {e}"));
    }
}

fn build(card: CardId) -> Action {
    Action::Build {
        card,
        pay_left: 0,
        pay_right: 0,
    }
}

#[test]
fn leaders_pay_for_later_builds_and_neighbours_paid() {
    // Xenophon: 2 coins per yellow building (Tavern: 5 more).
    let mut g = at_age_one(false, &["xenophon"]);
    seat0_turn(&mut g, "tavern", build);
    assert_eq!(g.cities[0].coins, 30 + 5 + 2);
    // Berenice: one more coin once the bank pays in a turn; none for a free blue card.
    let mut g = at_age_one(false, &["berenice"]);
    seat0_turn(&mut g, "tavern", build);
    assert_eq!(g.cities[0].coins, 30 + 5 + 1);
    let mut g = at_age_one(false, &["berenice"]);
    seat0_turn(&mut g, "altar", build);
    assert_eq!(g.cities[0].coins, 30);
    // Hatshepsut: a coin per neighbour paid.
    let mut g = at_age_one(false, &["hatshepsut"]);
    g.cities[0].own = crate::classic::payment::Supply::default();
    g.cities[1]
        .sells
        .add_fixed(crate::classic::data::Resource::Stone as usize, 1);
    g.begin_turn(g.all_seats(), true);
    let card = g.cat.find("baths").unwrap();
    let mut legal = Vec::new();
    let u = g.hand_uids(0).trailing_zeros() as usize;
    g.deals[0].cards[u] = card;
    g.legal(&mut legal);
    let paid = legal
        .iter()
        .find(|a| matches!(a, Action::Build { card: c, pay_left, pay_right } if *c == card && pay_left + pay_right > 0));
    if let Some(&Action::Build {
        pay_left,
        pay_right,
        ..
    }) = paid
    {
        seat0_turn(&mut g, "baths", |card| Action::Build {
            card,
            pay_left,
            pay_right,
        });
        let sides = u32::from(pay_left > 0) + u32::from(pay_right > 0);
        assert_eq!(
            g.cities[0].coins,
            30 - u32::from(pay_left + pay_right) + sides
        );
    } else {
        panic!("the neighbours of this deal sell no stone");
    }
}

#[test]
fn discounts_ramses_and_caligula_change_what_a_build_costs() {
    // Hammurabi: one resource of a blue card is not paid (Baths: one stone).
    let mut g = at_age_one(false, &["hammurabi"]);
    g.cities[0].own = crate::classic::payment::Supply::default();
    g.begin_turn(g.all_seats(), true);
    let baths = g.cat.find("baths").unwrap();
    assert!(matches!(
        g.build_terms(0, baths),
        Some(Terms::Pay { quote, .. }) if quote.total == 0
    ));
    // Ramses: purple cards free, labelled "leader".
    let g = at_age_one(false, &["ramses"]);
    let guild = g.cat.find("builders_guild").unwrap();
    assert_eq!(g.build_terms(0, guild), Some(Terms::Free(Free::Leader)));
    // Caligula: a black card with a printed cost may be built free once per Age.
    let mut g = at_age_one(true, &["caligula"]);
    let gates = g.cat.find("city_gates").unwrap();
    assert!(g.free_build_allowed(0, gates));
    seat0_turn(&mut g, "city_gates", |card| Action::BuildFree { card });
    assert_eq!(
        g.history().iter().rev().find(|p| p.seat == 0).unwrap().free,
        Free::Leader
    );
    let militia = g.cat.find("militia").unwrap();
    assert!(!g.free_build_allowed(0, militia), "once per Age");
}

#[test]
fn tomyris_nero_and_recruited_tokens() {
    // End of Age I: seat 0 (Tomyris, 0 shields) loses to both neighbours: its two defeat
    // tokens go to them. Seat 1 holds Nero: 2 coins for its victory token.
    let mut g = at_age_one(false, &["tomyris"]);
    g.cities[1].leaders.insert(l("nero"));
    g.cities[1].refresh_leader_powers();
    g.cities[1].shields = 2;
    g.cities[2].shields = 1;
    let coins = g.cities[1].coins;
    g.end_age();
    assert_eq!((g.cities[0].defeats, g.cities[0].military), (0, 0));
    // Seat 1 beat seat 0 (+1, and Tomyris's −1) and seat 2 (+1): 1 + 1 − 1.
    assert_eq!(g.cities[1].military, 1);
    assert_eq!(g.cities[1].coins, coins + 2 * 2);
    // Nitocris gives a victory token of the Age; Telesilla discards the owner's defeats.
    let mut city = g.cities[2].clone();
    let (military, defeats) = (city.military, city.defeats);
    l("nitocris").leader().effects[0].on_recruit(&mut city, 2);
    assert_eq!(city.victories[3], 1);
    assert_eq!(city.military, military + 3);
    l("telesilla").leader().effects[0].on_recruit(&mut city, 2);
    assert_eq!(city.defeats, 0);
    assert_eq!(city.military, military + 3 + i32::from(defeats));
}
