//! End-of-game scoring by the lines of the score pad.

use serde::Serialize;

use super::city::science_points;
use super::data::{CardId, Color, Effect, Power};
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
    /// Points a guild scores for `seat` (also for a copied guild).
    fn guild_points(&self, seat: usize, guild: CardId) -> i32 {
        let city = self.city(seat);
        match self.cat.card(guild).effect {
            Effect::Guild { per, whose, points } => {
                points as i32 * self.count(seat, per, whose) as i32
            }
            Effect::PerDefeat { points, .. } => {
                let d =
                    self.city(self.left_of(seat)).defeats + self.city(self.right_of(seat)).defeats;
                points as i32 * d as i32
            }
            Effect::WonderComplete(p) if city.stages == city.stage_count(self.cat) => p as i32,
            _ => 0,
        }
    }

    /// The score of `seat` as it stands (final once the game is over).
    pub fn score(&self, seat: usize) -> Score {
        let city = self.city(seat);
        let mut s = Score {
            military: city.military,
            treasury: (city.coins / 3) as i32,
            ..Score::default()
        };
        let board = self.cat.side(city.wonder, city.side.index());
        for stage in &board.stages[..city.stages as usize] {
            for p in stage.powers {
                if let Power::Points(v) = p {
                    s.wonders += *v as i32;
                }
            }
        }
        let mut wild = city.science_wild;
        for id in city.built.iter() {
            let card = self.cat.card(CardId(id));
            match (card.color, card.effect) {
                (Color::Blue, Effect::Points(v)) => s.civilian += v as i32,
                (
                    _,
                    Effect::Commerce {
                        per, whose, points, ..
                    },
                ) => s.commercial += points as i32 * self.count(seat, per, whose) as i32,
                (Color::Purple, _) => s.guilds += self.guild_points(seat, card.id),
                _ => {}
            }
        }
        if let Some(g) = city.copied_guild {
            if self.cat.card(g).effect == Effect::ScienceWild {
                wild += 1;
            }
            s.guilds += self.guild_points(seat, g);
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
