//! What happened in a game of 7 Wonders, told by the engine as it applies an action, in the
//! rulebook's order of resolution: a turn's choices revealed in seat order with what each
//! paid to whom, the incomes at the turn's end, the steps the turn owes (Halikarnassos,
//! Babylon, Cities' coin losses, Leaders' decisions), the conflicts at each Age's end and the
//! final score.
//!
//! The log ([`crate::log::turn_log`]) formats these events; it never replays the game.
//! [`ClassicGame::play_heard`] and [`ClassicGame::tell_setup`] gather them;
//! [`ClassicGame::play`] tells nobody ([`Unheard`](wonders_common::Unheard)) at no cost.

use super::{ClassicGame, Played};
use crate::data::{CardId, Side, Wonder, RESOURCES};
use wonders_common::EventSink;

/// Who receives a payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payee {
    /// The bank: a card's or a stage's coin cost, a leader's recruitment.
    Bank,
    /// A neighbour selling resources (it receives the coins at the turn's end: an
    /// [`Event::Income`]).
    Seat(u8),
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The set-up: a seat's wonder board and its starting coins.
    Seated {
        seat: u8,
        wonder: Wonder,
        side: Side,
        coins: u32,
    },
    /// An Age's hands as dealt, one per seat in seat order.
    HandsDealt { age: u8, hands: Vec<Vec<CardId>> },
    /// The hands passed after a turn (left in Ages I and III, right in Age II).
    HandsPassed { age: u8, to_left: bool },
    /// A seat's action revealed and resolved: a turn's choices in seat order, then the steps
    /// the turn owes (builds from the discard pile, Babylon's last card, coin losses, Leaders'
    /// decisions), the leader draft's picks and the recruitment turns' actions.
    Played(Played),
    /// The card left in `seat`'s hand after an Age's last turn, discarded (face down).
    LastCardDiscarded { seat: u8, card: CardId },
    /// Coins `seat` pays for what it just played (follows its [`Event::Played`]). To a
    /// neighbour: `bought` is what it bought there, when the resources can be told apart.
    Paid {
        seat: u8,
        to: Payee,
        coins: u32,
        bought: Option<[u8; RESOURCES]>,
    },
    /// Coins `seat` receives when a turn (or a step) resolves: its neighbours' payments, its
    /// sales and its buildings', stages' and leaders' coins; at an Age's end, Nero's.
    Income { seat: u8, coins: u32 },
    /// Cities: `seat` pays a coin loss, taking debt tokens for the coins it does not pay.
    CoinLoss { seat: u8, coins: u8, debt: u8 },
    /// Cities: a neighbour's Raider card gives `seat` debt tokens.
    Debt { seat: u8, tokens: u8 },
    /// Cities: `seat` takes Diplomacy tokens (a black card, Byzantium's stage, Aspasia).
    Diplomacy { seat: u8, tokens: u8 },
    /// An Age's conflicts: each seat's shields, whether it sat out by Diplomacy (team variant:
    /// used a Diplomacy token), and each seat's military points after them.
    Conflicts {
        age: u8,
        shields: Vec<u8>,
        diplomacy: Vec<bool>,
        military: Vec<i32>,
    },
    /// The turn (or the one-seat step) is resolved: everything it did is told above.
    Resolved,
    /// The game is over: each seat's points on each line of the score pad (in the order of
    /// [`ClassicGame::score_lines`]) and in total, its coins, and the winners (in the team
    /// variant, every seat of the winning teams, and each team's total).
    GameOver {
        points: Vec<Vec<i32>>,
        totals: Vec<i32>,
        coins: Vec<u32>,
        winners: Vec<usize>,
        team_totals: Vec<i32>,
    },
}

impl ClassicGame {
    /// Tells the set-up: each seat's board and coins, then the hands of the current Age.
    pub fn tell_setup(&self, sink: &mut impl EventSink<Event>) {
        for seat in 0..self.players() {
            let city = self.city(seat);
            sink.emit(Event::Seated {
                seat: seat as u8,
                wonder: city.wonder,
                side: city.side,
                coins: city.coins,
            });
        }
        self.tell_hands(sink);
    }

    /// Tells the hands of the current Age as they are now (dealt).
    pub(crate) fn tell_hands<S: EventSink<Event>>(&self, sink: &mut S) {
        if !S::HEARS {
            return;
        }
        sink.emit(Event::HandsDealt {
            age: self.age(),
            hands: (0..self.players()).map(|s| self.hand(s)).collect(),
        });
    }

    /// The final score as an event (the game must be over).
    pub(crate) fn game_over_event(&self) -> Event {
        let n = self.players();
        let scores: Vec<_> = (0..n).map(|s| self.score(s)).collect();
        let lines = self.score_lines();
        Event::GameOver {
            points: scores
                .iter()
                .map(|sc| sc.lines(lines).into_iter().map(|l| l.1).collect())
                .collect(),
            totals: scores.iter().map(|sc| sc.total).collect(),
            coins: (0..n).map(|s| self.city(s).coins).collect(),
            winners: self.winners(),
            team_totals: self.team_totals(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ClassicConfig, Edition};
    use super::*;
    use wonders_common::Unheard;

    /// The rulebook's conflicts at the end of Age II: more shields than a neighbour takes a
    /// victory token of 3 points, fewer a defeat token of -1, a tie nothing. Seats 0, 1, 2 hold
    /// 3, 2 and 5 shields: +3 - 1, -1 - 1, +3 + 3. Then Age III is dealt.
    #[test]
    fn the_conflicts_of_age_two_are_told_with_their_points() {
        let mut g = ClassicGame::new(&ClassicConfig::new(3, Edition::V2), 5).unwrap();
        g.age = 2;
        for (city, shields) in g.cities.iter_mut().zip([3, 2, 5]) {
            city.shields = shields;
        }
        let mut events = Vec::new();
        g.end_age(&mut events);
        assert_eq!(
            events[0],
            Event::Conflicts {
                age: 2,
                shields: vec![3, 2, 5],
                diplomacy: vec![false; 3],
                military: vec![2, -2, 6],
            }
        );
        assert!(matches!(&events[1], Event::HandsDealt { age: 3, hands } if hands.len() == 3));
        assert_eq!(events.len(), 2);
        // Unheard: the same game, nothing built for nobody.
        let mut quiet = ClassicGame::new(&ClassicConfig::new(3, Edition::V2), 5).unwrap();
        quiet.age = 2;
        for (city, shields) in quiet.cities.iter_mut().zip([3, 2, 5]) {
            city.shields = shields;
        }
        quiet.end_age(&mut Unheard);
        let military = |g: &ClassicGame| g.cities.iter().map(|c| c.military).collect::<Vec<_>>();
        assert_eq!(military(&quiet), military(&g));
    }
}
