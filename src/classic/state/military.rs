//! The end of each Age: military conflicts with both neighbours.

use super::*;

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

    pub(super) fn end_age(&mut self) {
        let shields: ArrayVec<u8, MAX_SEATS> = self.cities.iter().map(|c| c.shields).collect();
        if self.cat.expansions.cities {
            // Diplomacy: a seat holding a token sits out and discards one; the others fight
            // their nearest fighting seats.
            let sits_out: ArrayVec<bool, MAX_SEATS> =
                self.cities.iter().map(|c| c.diplomacy > 0).collect();
            for (a, b) in crate::classic::cities::conflicts(&sits_out) {
                for (me, them) in [(a, b), (b, a)] {
                    let points = Self::conflict(shields[me], shields[them], self.age);
                    self.take_conflict_token(me, points);
                }
            }
            for (city, out) in self.cities.iter_mut().zip(sits_out) {
                city.diplomacy -= u8::from(out);
            }
        } else {
            for seat in 0..self.n {
                for other in [self.left_of(seat), self.right_of(seat)] {
                    let points = Self::conflict(shields[seat], shields[other], self.age);
                    self.take_conflict_token(seat, points);
                }
            }
        }
        for c in self.cities.iter_mut() {
            c.free_build_used = false;
        }
        if self.age < 3 {
            self.age += 1;
            self.begin_age();
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
        config.expansions = Expansions {
            leaders: false,
            cities: true,
        };
        let mut g = ClassicGame::new(&config, 1).unwrap();
        for (city, shields) in g.cities.iter_mut().zip([5, 1, 3, 2]) {
            city.shields = shields;
        }
        g.cities[0].diplomacy = 1;
        g.end_age();
        let military: Vec<i32> = g.cities.iter().map(|c| c.military).collect();
        assert_eq!(military, [0, -2, 2, 0]);
        assert_eq!(g.cities[0].diplomacy, 0);
        assert_eq!(g.cities[2].victories[1], 2);
        assert_eq!(g.cities[3].defeats, 1);
        // Without the token, seat 0 (5 shields) beats both neighbours.
        let mut g = ClassicGame::new(&config, 1).unwrap();
        for (city, shields) in g.cities.iter_mut().zip([5, 1, 3, 2]) {
            city.shields = shields;
        }
        g.end_age();
        assert_eq!(g.cities[0].military, 2);
        assert_eq!(g.cities[0].victories[1], 2);
    }
}
