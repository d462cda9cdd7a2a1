//! The score pad.

use super::*;
use crate::pantheon_data::{DivinityEffect, GRAND_TEMPLE_POINTS, MYSTICISM_POINTS_PER_TOKEN};

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
    /// Pantheon: Aphrodite's points and the coins left on Astarte.
    pub divinities: i32,
    /// Pantheon: the Grand Temples (1, 2 or 3 temples: 5, 12, 21).
    pub grand_temples: i32,
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

    /// Pantheon's two lines, after the base game's.
    pub const PANTHEON_CATEGORIES: [&'static str; 2] = ["divinities", "grand_temples"];

    pub fn total(&self) -> i32 {
        self.categories().iter().sum::<i32>() + self.divinities + self.grand_temples
    }

    /// The score pad's lines in order: the base game's, then with Pantheon its two.
    pub fn lines(&self, pantheon: bool) -> Vec<(&'static str, i32)> {
        let mut lines: Vec<(&'static str, i32)> = Self::CATEGORIES
            .iter()
            .copied()
            .zip(self.categories())
            .collect();
        if pantheon {
            lines.push(("divinities", self.divinities));
            lines.push(("grand_temples", self.grand_temples));
        }
        lines
    }
}

/// Which running tally of [`Player::card_points`] a card's printed points go to: civilian
/// (blue), science (green), commercial (yellow). Guilds score by counting instead.
pub(super) fn points_line(color: Color) -> Option<usize> {
    match color {
        Color::Blue => Some(0),
        Color::Green => Some(1),
        Color::Yellow => Some(2),
        _ => None,
    }
}

/// The Guilds, as a set: the only cards whose points are counted at scoring time.
const GUILDS: CardSet = {
    let mut set = 0u128;
    let mut c = 0;
    while c < NUM_CARDS {
        if CARDS[c].guild.is_some() {
            set |= 1 << c;
        }
        c += 1;
    }
    CardSet(set)
};

/// The Progress tokens worth points by themselves (bit per token id).
const TOKENS_WITH_POINTS: u16 = {
    let mut mask = 0u16;
    let mut t = 0;
    while t < PROGRESS_TOKENS.len() {
        if PROGRESS_TOKENS[t].points != 0 {
            mask |= 1 << t;
        }
        t += 1;
    }
    mask
};

impl Duel {
    /// The score pad of `seat` as it stands (final once the game is over).
    pub fn score(&self, seat: usize) -> Score {
        let p = &self.players[seat];
        let mut s = Score {
            civilian: p.card_points[0] as i32,
            science: p.card_points[1] as i32,
            commercial: p.card_points[2] as i32,
            wonders: p.wonder_points as i32,
            ..Score::default()
        };
        for c in p.city.intersection(GUILDS).iter() {
            let g = CARDS[c as usize].guild.expect("a Guild");
            let n = self
                .guild_count_of(seat, g.counts)
                .max(self.guild_count_of(1 - seat, g.counts));
            s.guilds += g.points_per as i32 * n as i32;
        }
        let mut tokens = p.progress & TOKENS_WITH_POINTS;
        while tokens != 0 {
            s.progress += PROGRESS_TOKENS[tokens.trailing_zeros() as usize].points as i32;
            tokens &= tokens - 1;
        }
        if p.has(Progress::Mathematics) {
            s.progress += 3 * p.progress.count_ones() as i32;
        }
        if self.options.pantheon {
            let pt = &self.pantheon;
            if p.has(Progress::Mysticism) {
                s.progress += MYSTICISM_POINTS_PER_TOKEN as i32 * pt.tokens_owned(seat) as i32;
            }
            let mut activated = pt.activated[seat];
            while activated != 0 {
                let d = activated.trailing_zeros() as usize;
                activated &= activated - 1;
                if let DivinityEffect::Points(n) = DIVINITIES[d].effect {
                    s.divinities += n as i32;
                }
            }
            s.divinities += pt.astarte[seat] as i32;
            let temples = p.city.iter().filter(|&c| is_grand_temple(c)).count();
            s.grand_temples = GRAND_TEMPLE_POINTS[temples.min(3)] as i32;
        }
        s.treasury = (p.coins / 3) as i32;
        let lead = if seat == 0 { self.pawn } else { -self.pawn };
        if lead > 0 {
            s.military = military_points(lead as u8) as i32;
        }
        s
    }
}
