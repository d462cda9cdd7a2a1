//! The events the engine tells (`ClassicGame::play_heard`) over thousands of random games at
//! 3 to 7 seats, with and without Leaders and Cities, and in teams: the coins and debt tokens
//! they move are every seat's coins and debts after every resolved step, every card dealt
//! leaves its hand exactly once, and telling changes nothing in the game.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_classic::{
    Action, ClassicConfig, ClassicGame, Edition, Event, Expansion, ExpansionSet, SidePolicy,
};

/// The table of random game `seed`: both editions, 3 to 7 seats, each expansion on or off,
/// the team variant at an even table with Cities.
fn config(seed: u64) -> ClassicConfig {
    let players = 3 + (seed % 5) as usize;
    let edition = if seed % 9 == 0 {
        Edition::V1
    } else {
        Edition::V2
    };
    let mut config = ClassicConfig::new(players, edition);
    config.sides = SidePolicy::Mixed;
    if edition == Edition::V2 {
        let (leaders, cities) = ((seed / 5) % 2 == 1, (seed / 10) % 2 == 1);
        config.expansions = ExpansionSet::NONE
            .with_if(Expansion::LEADERS, leaders)
            .with_if(Expansion::CITIES, cities);
        config.teams = cities && players % 2 == 0 && seed % 3 == 0;
    }
    config
}

/// Coins and debt tokens per seat as the events moved them.
#[derive(Default)]
struct Tally {
    coins: Vec<i64>,
    debt: Vec<u32>,
}

impl Tally {
    fn hear(&mut self, event: &Event) {
        match *event {
            Event::Seated { seat, coins, .. } => {
                self.coins.resize(seat as usize + 1, 0);
                self.debt.resize(seat as usize + 1, 0);
                self.coins[seat as usize] = i64::from(coins);
            }
            Event::Paid { seat, coins, .. } => self.coins[seat as usize] -= i64::from(coins),
            Event::Income { seat, coins } => self.coins[seat as usize] += i64::from(coins),
            Event::CoinLoss { seat, coins, debt } => {
                self.coins[seat as usize] -= i64::from(coins);
                self.debt[seat as usize] += u32::from(debt);
            }
            Event::Debt { seat, tokens } => self.debt[seat as usize] += u32::from(tokens),
            _ => {}
        }
    }
}

#[test]
fn the_coins_and_debts_the_events_move_are_each_seats_after_every_step() {
    let mut tables = std::collections::HashSet::new();
    for seed in 0..2000u64 {
        let config = config(seed);
        tables.insert((config.players, config.expansions, config.teams));
        let mut g = ClassicGame::new(&config, seed).unwrap();
        let mut told = ClassicGame::new(&config, seed).unwrap();
        let mut events = Vec::new();
        told.tell_setup(&mut events);
        let mut tally = Tally::default();
        let mut heard = 0;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut legal = Vec::new();
        while !g.is_over() {
            g.legal(&mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            g.play(action).unwrap();
            told.play_heard(action, &mut events).unwrap();
            for e in &events[heard..] {
                tally.hear(e);
                if *e == Event::Resolved {
                    for s in 0..config.players {
                        let city = told.city(s);
                        let at =
                            format!("seed {seed}, seat {s}, after {} actions", g.history().len());
                        assert_eq!(tally.coins[s], i64::from(city.coins()), "coins: {at}");
                        assert_eq!(
                            tally.debt[s],
                            u32::from(city.cities_seat().debt()),
                            "debt: {at}"
                        );
                    }
                }
            }
            heard = events.len();
        }
        assert_eq!(
            told.history(),
            g.history(),
            "seed {seed}: telling changes nothing"
        );
        assert!(told.is_over(), "seed {seed}");
        let over = events
            .iter()
            .filter(|e| matches!(e, Event::GameOver { .. }))
            .count();
        assert_eq!(over, 1, "seed {seed}: one final score");
        let ages = events
            .iter()
            .filter(|e| matches!(e, Event::Conflicts { .. }))
            .count();
        assert_eq!(ages, 3, "seed {seed}: three Ages of conflicts");
    }
    assert_eq!(
        tables.len(),
        24,
        "every table: 5 seat counts by 4 expansion sets, and teams"
    );
}

#[test]
fn every_card_dealt_leaves_its_hand_exactly_once() {
    for seed in 0..1000u64 {
        let config = config(seed);
        let mut g = ClassicGame::new(&config, seed).unwrap();
        let mut events = Vec::new();
        g.tell_setup(&mut events);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut legal = Vec::new();
        while !g.is_over() {
            g.legal(&mut legal);
            g.play_heard(legal[rng.random_range(0..legal.len())], &mut events)
                .unwrap();
        }
        let mut dealt = vec![Vec::new(); 3];
        let mut left = vec![Vec::new(); 3];
        let mut age = 1;
        for e in &events {
            match e {
                Event::HandsDealt { age: a, hands } => {
                    age = *a;
                    dealt[*a as usize - 1].extend(hands.iter().flatten().copied());
                }
                Event::Played(p) => match p.action {
                    Action::Build { card, .. }
                    | Action::BuildFree { card }
                    | Action::Wonder { card, .. }
                    | Action::Sell { card } => left[p.age as usize - 1].push(card),
                    _ => {}
                },
                Event::LastCardDiscarded { card, .. } => left[age as usize - 1].push(*card),
                _ => {}
            }
        }
        for a in 0..3 {
            dealt[a].sort();
            left[a].sort();
            assert_eq!(dealt[a], left[a], "seed {seed}, Age {}", a + 1);
            assert_eq!(
                dealt[a].len(),
                config.players * g.hand_size(),
                "seed {seed}"
            );
        }
    }
}
