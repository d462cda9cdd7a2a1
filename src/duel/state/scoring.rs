//! The score pad.

use super::*;

/// The score pad of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    pub civilian: i32,
    pub science: i32,
    pub commercial: i32,
    pub guilds: i32,
    pub wonders: i32,
    pub progress: i32,
    pub treasury: i32,
    pub military: i32,
}

impl Score {
    /// The score-pad lines in the record's order (after `total`).
    pub const CATEGORIES: [&'static str; 8] = [
        "civilian",
        "science",
        "commercial",
        "guilds",
        "wonders",
        "progress",
        "treasury",
        "military",
    ];

    pub fn categories(&self) -> [i32; 8] {
        [
            self.civilian,
            self.science,
            self.commercial,
            self.guilds,
            self.wonders,
            self.progress,
            self.treasury,
            self.military,
        ]
    }

    pub fn total(&self) -> i32 {
        self.categories().iter().sum()
    }
}

impl Duel {
    /// The score pad of `seat` as it stands (final once the game is over).
    pub fn score(&self, seat: usize) -> Score {
        let p = &self.players[seat];
        let mut s = Score::default();
        for c in p.city.iter() {
            let card = &CARDS[c as usize];
            let pts = card.points as i32;
            match card.color {
                Color::Blue => s.civilian += pts,
                Color::Green => s.science += pts,
                Color::Yellow => s.commercial += pts,
                Color::Purple => {
                    let g = card.guild.expect("purple cards are guilds");
                    let n = self
                        .guild_count_of(seat, g.counts)
                        .max(self.guild_count_of(1 - seat, g.counts));
                    s.guilds += g.points_per as i32 * n as i32;
                }
                _ => {}
            }
        }
        s.wonders = p
            .built_wonders()
            .map(|w| WONDERS[w as usize].points as i32)
            .sum();
        for (t, token) in PROGRESS_TOKENS.iter().enumerate() {
            if p.progress >> t & 1 == 1 {
                s.progress += token.points as i32;
            }
        }
        if p.has(Progress::Mathematics) {
            s.progress += 3 * p.progress.count_ones() as i32;
        }
        s.treasury = (p.coins / 3) as i32;
        let lead = if seat == 0 { self.pawn } else { -self.pawn };
        if lead > 0 {
            s.military = military_points(lead as u8) as i32;
        }
        s
    }
}
