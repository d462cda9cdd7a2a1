//! The events the engine tells as it plays (`Duel::play_heard`), checked against the state
//! they describe over thousands of random games, with and without Pantheon: the coins, the
//! Conflict pawn, the military and Progress tokens and the cities the events report, summed,
//! are each seat's at every step.

use rand::{Rng, SeedableRng};
use wonders_bots::Game;
use wonders_common::{CardSet, GameRng};
use wonders_duel::data::{MILITARY_TOKENS, STARTING_COINS};
use wonders_duel::log::describe_step;
use wonders_duel::{Action, Duel, DuelConfig, Event};

/// What the events of a game have said so far, per seat.
#[derive(Default)]
struct Tally {
    coins: [i32; 2],
    astarte: [i32; 2],
    pawn: i32,
    military_tokens_gone: u8,
    progress: [u16; 2],
    city: [CardSet; 2],
    ended: bool,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            coins: [STARTING_COINS as i32; 2],
            ..Tally::default()
        }
    }

    fn hear(&mut self, e: &Event) {
        match *e {
            Event::Paid {
                seat,
                coins,
                from_astarte,
                now,
                ..
            } => {
                self.coins[seat as usize] -= coins as i32 - from_astarte as i32;
                self.astarte[seat as usize] -= from_astarte as i32;
                assert_eq!(self.coins[seat as usize], now as i32, "{e:?}");
            }
            Event::CoinsGained { seat, coins, now } => {
                assert!(coins > 0, "{e:?}");
                self.coins[seat as usize] += coins as i32;
                assert_eq!(self.coins[seat as usize], now as i32, "{e:?}");
            }
            Event::CoinsLost { seat, coins, now } => {
                assert!(coins > 0, "{e:?}");
                self.coins[seat as usize] -= coins as i32;
                assert_eq!(self.coins[seat as usize], now as i32, "{e:?}");
            }
            Event::AstarteCoins { seat, coins, now } => {
                self.astarte[seat as usize] += coins as i32;
                assert_eq!(self.astarte[seat as usize], now as i32, "{e:?}");
            }
            Event::PawnMoved { seat, from, to } => {
                assert_eq!(from as i32, self.pawn, "{e:?}");
                let step = if seat == 0 { 1 } else { -1 };
                assert_eq!(to - from, step, "one square towards the opponent: {e:?}");
                self.pawn = to as i32;
            }
            Event::MilitaryTokenLooted { token, victim }
            | Event::MilitaryTokenApplied { token, victim } => {
                let side = (MILITARY_TOKENS[token as usize].0 > 0) as u8;
                if matches!(e, Event::MilitaryTokenLooted { .. }) {
                    assert_eq!(victim, side, "{e:?}");
                    let (lo, hi, _) = MILITARY_TOKENS[token as usize];
                    assert!((lo..=hi).contains(&(self.pawn as i8)), "{e:?}");
                }
                self.take_military_token(token);
            }
            Event::MilitaryTokenDiscarded { token } => self.take_military_token(token),
            Event::ProgressTaken { seat, token } => {
                assert_eq!(self.progress[seat as usize] >> token & 1, 0, "{e:?}");
                self.progress[seat as usize] |= 1 << token;
            }
            Event::CardBuilt { seat, card } => {
                assert!(!self.city[seat as usize].contains(card), "{e:?}");
                self.city[seat as usize].insert(card);
            }
            Event::CardDestroyed { seat, card } => {
                assert!(self.city[1 - seat as usize].contains(card), "{e:?}");
                self.city[1 - seat as usize].remove(card);
            }
            Event::CardTaken { seat, card } => {
                assert!(self.city[1 - seat as usize].contains(card), "{e:?}");
                self.city[1 - seat as usize].remove(card);
                self.city[seat as usize].insert(card);
            }
            Event::GameOver | Event::Supremacy { .. } => self.ended = true,
            _ => {}
        }
    }

    fn take_military_token(&mut self, token: u8) {
        assert_eq!(
            self.military_tokens_gone >> token & 1,
            0,
            "token {token} twice"
        );
        self.military_tokens_gone |= 1 << token;
    }

    /// The tally is the state's.
    fn check(&self, g: &Duel, step: usize) {
        for seat in 0..2 {
            let p = g.player(seat);
            assert_eq!(
                self.coins[seat], p.coins as i32,
                "seat {seat} coins, step {step}"
            );
            assert_eq!(
                self.astarte[seat],
                g.pantheon().astarte[seat] as i32,
                "seat {seat} Astarte, step {step}"
            );
            assert_eq!(
                self.progress[seat], p.progress,
                "seat {seat} tokens, step {step}"
            );
            assert_eq!(self.city[seat], p.city, "seat {seat} city, step {step}");
        }
        assert_eq!(self.pawn, g.pawn() as i32, "pawn, step {step}");
        assert_eq!(
            self.military_tokens_gone,
            !g.military_tokens_left() & 0b1111,
            "military tokens, step {step}"
        );
        assert_eq!(self.ended, g.is_over(), "the end, step {step}");
    }
}

/// Plays `games` random games, checking the events of every step against the state, and that
/// listening changes nothing: the game played without a listener is the same game.
fn check_random_games(config: DuelConfig, games: u64, seed: u64) -> usize {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut told = 0;
    for _ in 0..games {
        let mut heard = Duel::new(config, &mut rng);
        let mut unheard = heard;
        let mut tally = Tally::new();
        let mut step = 0;
        while !heard.is_terminal() {
            heard.legal_actions(&mut legal);
            let action: Action = legal[rng.random_range(0..legal.len())];
            let before = heard;
            events.clear();
            heard.play_heard(action, &mut events).unwrap();
            unheard.apply(action).unwrap();
            assert!(!events.is_empty(), "{action:?} told nothing");
            for e in &events {
                tally.hear(e);
            }
            tally.check(&heard, step);
            assert_eq!(heard.current_seat(), unheard.current_seat());
            assert_eq!(heard.player(0), unheard.player(0));
            assert_eq!(heard.player(1), unheard.player(1));
            assert!(!describe_step(&before, action, &events).is_empty());
            told += events.len();
            step += 1;
        }
        assert_eq!(heard.outcome(), unheard.outcome());
        // The last step says how the game ended, and with whom as winner.
        let end = events
            .iter()
            .find(|e| matches!(e, Event::Supremacy { .. } | Event::GameOver));
        match end {
            Some(Event::Supremacy { victory, seat }) => {
                assert_eq!(heard.outcome(), Some((*victory, vec![*seat as usize])))
            }
            Some(_) => {}
            None => panic!("the game ended without saying so: {events:?}"),
        }
    }
    told
}

#[test]
fn the_events_of_random_base_games_add_up_to_the_state() {
    let told = check_random_games(DuelConfig::default(), 3000, 41);
    assert!(told > 3000 * 60, "{told} events");
}

#[test]
fn the_events_of_random_pantheon_games_add_up_to_the_state() {
    let config = DuelConfig {
        pantheon: true,
        ..DuelConfig::default()
    };
    let told = check_random_games(config, 3000, 42);
    assert!(told > 3000 * 60, "{told} events");
}

/// A refused action tells nothing.
#[test]
fn a_refused_action_tells_nothing() {
    let mut g = Duel::new(DuelConfig::default(), &mut GameRng::seed_from_u64(1));
    let mut events = Vec::new();
    assert!(g.play_heard(Action::ChooseStarter(0), &mut events).is_err());
    assert!(events.is_empty());
}
