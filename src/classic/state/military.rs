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
        for seat in 0..self.n {
            for other in [self.left_of(seat), self.right_of(seat)] {
                let points = Self::conflict(shields[seat], shields[other], self.age);
                let city = &mut self.cities[seat];
                city.military += points;
                if points < 0 {
                    city.defeats += 1;
                }
            }
        }
        for c in self.cities.iter_mut() {
            c.free_build_used = false;
        }
        if self.age < 3 {
            self.age += 1;
            self.turn = 0;
            self.begin_turn(self.all_seats(), true);
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

    /// True once Age III's conflicts are resolved (only the guild copy may remain).
    pub fn conflicts_done(&self) -> bool {
        self.age == 3 && matches!(self.step, Step::CopyGuild(_) | Step::Over)
    }
}
