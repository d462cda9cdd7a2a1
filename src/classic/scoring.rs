//! End-of-game scoring by the lines of the score pad.

use serde::Serialize;

use super::city::science_points;
use super::data::{CardId, Effect};
use super::effects::Line;
use super::state::ClassicGame;

/// One seat's score, by the score pad's lines; `total` is their sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Score {
    pub total: i32,
    /// Conflict tokens: 1/3/5 per victory in Age I/II/III, -1 per defeat.
    pub military: i32,
    /// 1 point per 3 coins.
    pub treasury: i32,
    /// Points printed on the wonder stages built.
    pub wonders: i32,
    /// Blue cards.
    pub civilian: i32,
    /// Green cards, with wild symbols placed to score the most.
    pub science: i32,
    /// Yellow cards (Age III: Lighthouse, Haven, Chamber of Commerce, Ludus, Arena).
    pub commercial: i32,
    /// Purple cards (and the guild copied by 1st-edition Olympia B).
    pub guilds: i32,
}

impl Score {
    /// The lines in score-pad order with their record keys, total last.
    pub fn lines(&self) -> [(&'static str, i32); 8] {
        [
            ("military", self.military),
            ("treasury", self.treasury),
            ("wonders", self.wonders),
            ("civilian", self.civilian),
            ("science", self.science),
            ("commercial", self.commercial),
            ("guilds", self.guilds),
            ("total", self.total),
        ]
    }
}

impl ClassicGame {
    /// The score of `seat` as it stands (final once the game is over). Each effect's points
    /// are its own rule, in [`super::effects`]; a guild copied by 1st-edition Olympia B scores
    /// in its city as if built there.
    pub fn score(&self, seat: usize) -> Score {
        let city = self.city(seat);
        let mut s = Score {
            military: city.military,
            treasury: (city.coins / 3) as i32,
            ..Score::default()
        };
        let board = self.cat.side(city.wonder, city.side.index());
        for stage in &board.stages[..city.stages as usize] {
            s.wonders += stage.powers.iter().map(|p| p.end_points()).sum::<i32>();
        }
        let mut wild = city.science_wild;
        let copied = city.copied_guild.map(|g| self.cat.card(g).effect);
        if copied == Some(Effect::ScienceWild) {
            wild += 1;
        }
        let mut add = |effect: Effect| {
            let (line, points) = effect.end_points(self, seat);
            match line {
                Line::Civilian => s.civilian += points,
                Line::Commercial => s.commercial += points,
                Line::Guilds => s.guilds += points,
                Line::Nothing => {}
            }
        };
        for id in city.built.iter() {
            add(self.cat.card(CardId(id)).effect);
        }
        if let Some(effect) = copied {
            add(effect);
        }
        s.science = science_points(city.symbols(), wild) as i32;
        s.total =
            s.military + s.treasury + s.wonders + s.civilian + s.science + s.commercial + s.guilds;
        s
    }

    /// Seats that win: highest total, then most coins; a remaining tie is shared.
    pub fn winners(&self) -> Vec<usize> {
        let keys: Vec<(i32, u32)> = (0..self.players())
            .map(|s| (self.score(s).total, self.city(s).coins))
            .collect();
        let best = *keys.iter().max().unwrap();
        (0..self.players()).filter(|&s| keys[s] == best).collect()
    }

    /// Final rank of each seat, 1 = best (ties by total then coins share a rank).
    pub fn ranks(&self) -> Vec<usize> {
        let keys: Vec<(i32, u32)> = (0..self.players())
            .map(|s| (self.score(s).total, self.city(s).coins))
            .collect();
        keys.iter()
            .map(|k| 1 + keys.iter().filter(|o| *o > k).count())
            .collect()
    }
}
