//! The engine's events tell the whole story: over thousands of random games (2–7 players,
//! with and without Medals), adding up what the events report gives each seat's final state
//! (cards in front of it, Progress tokens, pieces built, Military Victory tokens, medals, the
//! Cat), and applying without a listener plays exactly the same game.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_architects::data::{Card, MedalId};
use wonders_architects::state::{Architects, ArchitectsConfig, Event, Seat, PAYMENT_KINDS};

/// Each seat's state as the events tell it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Told {
    seats: Vec<Seat>,
    medals: Vec<Vec<MedalId>>,
    cat: Option<usize>,
    battles: u32,
    game_end: bool,
}

impl Told {
    fn new(players: usize) -> Told {
        Told {
            seats: vec![Seat::default(); players],
            medals: vec![Vec::new(); players],
            ..Told::default()
        }
    }

    fn hear(&mut self, e: &Event) {
        match e {
            Event::Placed { seat, card, .. } => self.seats[*seat].area[card.index()] += 1,
            Event::Cat { seat } => self.cat = Some(*seat),
            Event::ConflictFlipped { .. }
            | Event::OfferSkipped { .. }
            | Event::TakeSkipped { .. } => {}
            Event::Battle {
                gains,
                horns_discarded,
                ..
            } => {
                self.battles += 1;
                for (s, (&gain, horns)) in gains.iter().zip(horns_discarded).enumerate() {
                    self.seats[s].military += gain;
                    self.seats[s].area[Card::Red1Horn.index()] -= horns[0];
                    self.seats[s].area[Card::Red2Horn.index()] -= horns[1];
                }
            }
            Event::Medal { seat, medal } => self.medals[*seat].push(*medal),
            Event::TokenTaken { seat, token, set } => {
                self.seats[*seat].tokens[token.index()] += 1;
                for c in set.map(|s| s.cards()).unwrap_or_default() {
                    self.seats[*seat].area[c.index()] -= 1;
                }
            }
            Event::Built { seat, piece, paid } => {
                assert_eq!(
                    self.seats[*seat].built & (1 << piece),
                    0,
                    "piece built twice"
                );
                self.seats[*seat].built |= 1 << piece;
                for (c, &k) in PAYMENT_KINDS.iter().zip(paid) {
                    self.seats[*seat].area[c.index()] -= k;
                }
            }
            Event::GameEnd => {
                assert!(!self.game_end, "the game ends twice");
                self.game_end = true;
            }
        }
    }
}

fn configs() -> Vec<ArchitectsConfig> {
    (2..=7)
        .flat_map(|players| {
            [
                ArchitectsConfig::base(players),
                ArchitectsConfig {
                    medals: true,
                    ..ArchitectsConfig::base(players)
                },
                ArchitectsConfig {
                    medals: true,
                    medals_expert: true,
                    ..ArchitectsConfig::base(players)
                },
            ]
        })
        .collect()
}

/// 6,012 games (18 configurations × 334 seeds): the events add up to every seat's final
/// state, and the same actions applied without a listener give the same game.
#[test]
fn the_events_add_up_to_every_seats_final_state() {
    let mut battles = 0;
    let mut medals = 0;
    let mut sets = 0;
    for config in configs() {
        for seed in 0..334u64 {
            let mut g = Architects::new(&config, seed).unwrap();
            let mut silent = g.clone();
            let mut told = Told::new(config.players);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
            let mut legal = Vec::new();
            let mut events = Vec::new();
            while !g.is_over() {
                g.legal_actions(&mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                g.apply_heard(a, &mut events).unwrap();
                silent.apply(a).unwrap();
                for e in events.drain(..) {
                    sets += matches!(e, Event::TokenTaken { set: Some(_), .. }) as u32;
                    told.hear(&e);
                }
            }
            assert!(silent.is_over() && told.game_end, "seed {seed}");
            assert_eq!(
                silent.seats, g.seats,
                "seed {seed}: a listener changed the game"
            );
            for p in 0..config.players {
                let s = &g.seats[p];
                let t = &told.seats[p];
                let at = format!("{config:?} seed {seed} seat {p}");
                assert_eq!(t.area, s.area, "{at}: cards");
                assert_eq!(t.tokens, s.tokens, "{at}: Progress tokens");
                assert_eq!(t.built, s.built, "{at}: pieces built");
                assert_eq!(t.military, s.military, "{at}: Military Victory tokens");
                let mut held = told.medals[p].clone();
                let mut want = g.medals_held(p);
                held.sort_by_key(|m| m.key());
                want.sort_by_key(|m| m.key());
                assert_eq!(held, want, "{at}: medals");
                medals += held.len();
            }
            assert_eq!(told.cat, g.cat, "seed {seed}: the Cat");
            battles += told.battles;
        }
    }
    // The games exercise every kind of change the events must tell.
    assert!(
        battles > 10_000 && medals > 5_000 && sets > 5_000,
        "{battles} {medals} {sets}"
    );
}
