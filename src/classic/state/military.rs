//! The end of each Age: military conflicts with both neighbours (with Diplomacy, the nearest
//! fighting seats; in the team variant, the opposing neighbour for two tokens).

use super::*;
use crate::teams;

impl ClassicGame {
    /// Victory points of a military victory in `age`.
    pub fn victory_points(age: u8) -> i32 {
        [1, 3, 5][age as usize - 1]
    }

    /// Conflict points a city with `own` shields takes against a neighbour with `other`
    /// shields at the end of `age`: 1/3/5 for a victory, -1 for a defeat, 0 for a tie.
    pub fn conflict(own: u8, other: u8, age: u8) -> i32 {
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => Self::victory_points(age),
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
        }
    }

    pub(super) fn end_age<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let shields: ArrayVec<u8, MAX_SEATS> = self.cities.iter().map(|c| c.shields).collect();
        // Who holds Diplomacy (only with Cities): sits out, or in teams lowers the stakes.
        let diplomacy: ArrayVec<bool, MAX_SEATS> = self
            .cities
            .iter()
            .map(|c| c.cities_seat.diplomacy > 0)
            .collect();
        if self.teams {
            self.team_conflicts(&shields, sink);
        } else if self.leaders.is_some() {
            self.leader_conflicts(&shields, sink);
        } else if self.cat.expansions.contains(Expansion::CITIES) {
            // Diplomacy: a seat holding a token sits out and discards one; the others fight
            // their nearest fighting seats.
            let sits_out: ArrayVec<bool, MAX_SEATS> = self
                .cities
                .iter()
                .map(|c| c.cities_seat.diplomacy > 0)
                .collect();
            for (a, b) in crate::cities::conflicts(&sits_out) {
                for (me, them) in [(a, b), (b, a)] {
                    let points = Self::conflict(shields[me], shields[them], self.age);
                    self.take_conflict_token(me, points);
                }
            }
            for (city, out) in self.cities.iter_mut().zip(sits_out) {
                city.cities_seat.diplomacy -= u8::from(out);
            }
        } else {
            for seat in 0..self.n {
                for other in [self.left_of(seat), self.right_of(seat)] {
                    let points = Self::conflict(shields[seat], shields[other], self.age);
                    self.take_conflict_token(seat, points);
                }
            }
        }
        if S::HEARS {
            sink.tell(|| Event::Conflicts {
                age: self.age,
                shields: shields.to_vec(),
                diplomacy: diplomacy.to_vec(),
                military: self.cities.iter().map(|c| c.military).collect(),
            });
        }
        for c in self.cities.iter_mut() {
            c.free_build_used = false;
        }
        if self.age < 3 {
            self.age += 1;
            self.begin_age();
            self.tell_hands(sink);
            return;
        }
        self.turn = self.last_turn() + 1;
        for seat in 0..self.n {
            if self.cities[seat].has(powers::COPY_GUILD) {
                let has_guild = [self.left_of(seat), self.right_of(seat)]
                    .iter()
                    .any(|&s| self.cities[s].colors[Color::Purple as usize] > 0);
                if has_guild {
                    self.step = Step::CopyGuild(seat as u8);
                    return;
                }
            }
        }
        self.step = Step::Over;
    }

    /// The conflicts with Leaders (and Diplomacy when Cities is played too): each fighting seat
    /// against its nearest fighting seats, for one token.
    fn leader_conflicts<S: EventSink<Event>>(&mut self, shields: &[u8], sink: &mut S) {
        let sits_out: ArrayVec<bool, MAX_SEATS> = self
            .cities
            .iter()
            .map(|c| self.with_cities() && c.cities_seat.diplomacy > 0)
            .collect();
        let pairs: ArrayVec<(usize, usize, u8), MAX_SEATS> = crate::cities::conflicts(&sits_out)
            .map(|(a, b)| (a, b, 1))
            .collect();
        self.fight(shields, &pairs, sink);
        for (city, out) in self.cities.iter_mut().zip(sits_out) {
            city.cities_seat.diplomacy -= u8::from(out);
        }
    }

    /// The team variant's conflicts: each seat against its opposing neighbour, never its
    /// partner, for 2 tokens, one fewer for each seat of the two that holds Diplomacy. Every
    /// holder uses one token, whatever the outcome.
    fn team_conflicts<S: EventSink<Event>>(&mut self, shields: &[u8], sink: &mut S) {
        let holds: ArrayVec<bool, MAX_SEATS> = self
            .cities
            .iter()
            .map(|c| c.cities_seat.diplomacy > 0)
            .collect();
        let pairs: ArrayVec<(usize, usize, u8), MAX_SEATS> = teams::conflicts(self.n)
            .map(|(a, b)| (a, b, teams::tokens([holds[a], holds[b]])))
            .filter(|&(_, _, tokens)| tokens > 0)
            .collect();
        self.fight(shields, &pairs, sink);
        for (city, used) in self.cities.iter_mut().zip(holds) {
            city.cities_seat.diplomacy -= u8::from(used);
        }
    }

    /// Resolves `conflicts` (two seats and the tokens they fight for) with the Leaders powers
    /// (none without Leaders): Tomyris gives her defeat tokens to the seat that beat her; Nero
    /// pays for each victory token, and Berenice adds her coin to that bank payment once.
    fn fight<S: EventSink<Event>>(
        &mut self,
        shields: &[u8],
        conflicts: &[(usize, usize, u8)],
        sink: &mut S,
    ) {
        let value = crate::leaders::victory_value(self.age);
        let mut victories = [0u8; MAX_SEATS];
        for &(a, b, tokens) in conflicts {
            let tomyris = [a, b].map(|s| self.cities[s].leader_seat.powers.defeats_to_winner);
            let taken = crate::leaders::conflict([shields[a], shields[b]], tomyris, tokens);
            for (seat, t) in [(a, taken[0]), (b, taken[1])] {
                let city = &mut self.cities[seat];
                city.victories[value as usize] += t.victories;
                city.military += i32::from(value) * i32::from(t.victories);
                victories[seat] += t.victories;
                city.defeats += t.defeats;
                city.military -= i32::from(t.defeats);
            }
        }
        for (seat, city) in self.cities.iter_mut().enumerate() {
            let p = city.leader_seat.powers;
            let nero = u32::from(victories[seat]) * u32::from(p.coins_per_victory);
            if nero > 0 {
                let coins = nero + u32::from(p.extra_bank_coin);
                city.coins += coins;
                let seat = seat as u8;
                sink.tell(|| Event::Income { seat, coins });
            }
        }
    }

    /// `seat` takes the token of one conflict worth `points` (0 for a tie: no token).
    fn take_conflict_token(&mut self, seat: usize, points: i32) {
        let city = &mut self.cities[seat];
        city.military += points;
        if points < 0 {
            city.defeats += 1;
        } else if points > 0 {
            city.victories[points as usize] += 1;
        }
    }

    /// True once Age III's conflicts are resolved (only the guild copy may remain).
    pub fn conflicts_done(&self) -> bool {
        self.age == 3 && matches!(self.step, Step::CopyGuild(_) | Step::Over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cities, 4 seats, end of Age I: seat 0 holds a Diplomacy token and sits out; seats 1, 2
    /// and 3 fight their nearest fighting seats (1–2, 2–3, 3–1).
    #[test]
    fn diplomacy_sits_a_seat_out_and_its_neighbours_fight_each_other() {
        let mut config = ClassicConfig::new(4, Edition::V2);
        config.expansions = ExpansionSet::NONE.with(Expansion::CITIES);
        let mut g = ClassicGame::new(&config, 1).unwrap();
        for (city, shields) in g.cities.iter_mut().zip([5, 1, 3, 2]) {
            city.shields = shields;
        }
        g.cities[0].cities_seat.diplomacy = 1;
        g.end_age(&mut Unheard);
        let military: Vec<i32> = g.cities.iter().map(|c| c.military).collect();
        assert_eq!(military, [0, -2, 2, 0]);
        assert_eq!(g.cities[0].cities_seat.diplomacy, 0);
        assert_eq!(g.cities[2].victories[1], 2);
        assert_eq!(g.cities[3].defeats, 1);
        // Without the token, seat 0 (5 shields) beats both neighbours.
        let mut g = ClassicGame::new(&config, 1).unwrap();
        for (city, shields) in g.cities.iter_mut().zip([5, 1, 3, 2]) {
            city.shields = shields;
        }
        g.end_age(&mut Unheard);
        assert_eq!(g.cities[0].military, 2);
        assert_eq!(g.cities[0].victories[1], 2);
    }
}
