//! End-of-game scoring by the lines of the score pad.

use super::cities::DEBT_LINE;
use super::city::science_points;
use super::data::{CardId, Color, Effect};
use super::leaders::{science_choices, science_with_leaders, Science, SeatFacts, LEADERS_LINE};
use super::state::ClassicGame;
use super::teams;
pub use super::vocab::ScoreLine;

/// The base game's score-pad keys, in order (for the game's description).
pub const BASE_LINE_IDS: [&str; ScoreLine::BASE.len()] = {
    let mut ids = [""; ScoreLine::BASE.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = ScoreLine::BASE[i].id();
        i += 1;
    }
    ids
};

/// One seat's score: a value per [`ScoreLine`]; `total` is their sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub total: i32,
    values: [i32; ScoreLine::SLOTS],
}

impl Score {
    /// The value of `line`.
    #[inline]
    pub fn get(&self, line: ScoreLine) -> i32 {
        self.values[line.slot()]
    }

    #[inline]
    fn add(&mut self, line: ScoreLine, points: i32) {
        self.values[line.slot()] += points;
        self.total += points;
    }

    /// `lines` (a configuration's score pad) with their record keys, in order.
    pub fn lines(&self, lines: &[ScoreLine]) -> Vec<(&'static str, i32)> {
        lines.iter().map(|&l| (l.id(), self.get(l))).collect()
    }
}

impl ClassicGame {
    /// The score of `seat` as it stands (final once the game is over). Each effect's points
    /// are its own rule, in [`super::effects`]; a guild copied by 1st-edition Olympia B scores
    /// in its city as if built there.
    pub fn score(&self, seat: usize) -> Score {
        let city = self.city(seat);
        let mut s = Score::default();
        s.add(ScoreLine::MILITARY, city.military);
        s.add(ScoreLine::TREASURY, (city.coins / 3) as i32);
        self.add_construction_lines(seat, &mut s);
        let wild = self.science_wild(seat);
        if self.leader_table().is_some() {
            self.add_leader_lines(seat, wild, &mut s);
        } else {
            let science = if self.with_cities() && city.cities_seat.science_copies > 0 {
                self.science_with_copies(seat, wild)
            } else {
                science_points(city.symbols(), wild)
            };
            s.add(ScoreLine::SCIENCE, science as i32);
        }
        if self.with_cities() {
            s.add(DEBT_LINE, -i32::from(city.cities_seat.debt));
        }
        s
    }

    /// The wild science symbols of `seat` (Scientists Guild, Babylon; a copied guild counts).
    fn science_wild(&self, seat: usize) -> u8 {
        let city = self.city(seat);
        let copied = city.copied_guild.map(|g| self.catalog().card(g).effect);
        city.science_wild + u8::from(copied == Some(Effect::ScienceWild))
    }

    /// Leaders: every `(science line, Aristotle's points on the leaders line)` split of the
    /// best science choices of `seat` (the score takes one of them); empty without Leaders.
    /// Copies (Cities) and leaders' powers are chosen as in [`ClassicGame::score`].
    pub fn science_splits(&self, seat: usize) -> Vec<(u32, u32)> {
        if self.leader_table().is_none() {
            return Vec::new();
        }
        let city = self.city(seat);
        let powers = city
            .leader_seat
            .face_up
            .iter()
            .fold(Science::NONE, |p, l| p.join(l.leader().science()));
        let (l, r) = (
            self.city(self.left_of(seat)),
            self.city(self.right_of(seat)),
        );
        let shown: [u8; 3] = std::array::from_fn(|f| l.science[f] + r.science[f]);
        fn all(c: [u8; 3], copies: u8, sh: [u8; 3], w: u8, p: Science, out: &mut Vec<(u32, u32)>) {
            science_choices(c, w, p, out);
            if copies > 0 {
                for f in (0..3).filter(|&f| sh[f] > 0) {
                    let (mut c, mut sh) = (c, sh);
                    c[f] += 1;
                    sh[f] -= 1;
                    all(c, copies - 1, sh, w, p, out);
                }
            }
        }
        let copies = if self.with_cities() {
            city.cities_seat.science_copies
        } else {
            0
        };
        let mut out = Vec::new();
        all(
            city.symbols(),
            copies,
            shown,
            self.science_wild(seat),
            powers,
            &mut out,
        );
        let best = out.iter().map(|&(a, b)| a + b).max().unwrap_or(0);
        out.retain(|&(a, b)| a + b == best);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Leaders: the science choice with the leaders' symbols and powers (and Cities' copies),
    /// the `leaders` line (Aristotle's points from that choice), and the buried leaders'
    /// points on the `wonders` line.
    fn add_leader_lines(&self, seat: usize, wild: u8, s: &mut Score) {
        let city = self.city(seat);
        let powers = city
            .leader_seat
            .face_up
            .iter()
            .fold(Science::NONE, |p, l| p.join(l.leader().science()));
        // Every way to assign the copies (each a distinct green card next door).
        let (l, r) = (
            self.city(self.left_of(seat)),
            self.city(self.right_of(seat)),
        );
        let shown: [u8; 3] = std::array::from_fn(|f| l.science[f] + r.science[f]);
        fn best(counts: [u8; 3], copies: u8, shown: [u8; 3], wild: u8, p: Science) -> (u32, u32) {
            let mut top = science_with_leaders(counts, wild, p);
            if copies > 0 {
                for f in (0..3).filter(|&f| shown[f] > 0) {
                    let (mut c, mut sh) = (counts, shown);
                    c[f] += 1;
                    sh[f] -= 1;
                    let other = best(c, copies - 1, sh, wild, p);
                    if other.0 + other.1 > top.0 + top.1 {
                        top = other;
                    }
                }
            }
            top
        }
        let copies = if self.with_cities() {
            city.cities_seat.science_copies
        } else {
            0
        };
        let (science, aristotle) = best(city.symbols(), copies, shown, wild, powers);
        s.add(ScoreLine::SCIENCE, science as i32);
        let facts = |s: usize| self.leader_facts(s);
        let (own, left, right) = (
            facts(seat),
            facts(self.left_of(seat)),
            facts(self.right_of(seat)),
        );
        let leaders: i32 = city
            .leader_seat
            .face_up
            .iter()
            .map(|l| l.leader().end_points(&own, &left, &right))
            .sum();
        s.add(LEADERS_LINE, leaders + aristotle as i32);
        let buried: i32 = city
            .leader_seat
            .buried
            .iter()
            .map(|l| i32::from(l.leader().cost.buried_points()))
            .sum();
        s.add(ScoreLine::WONDERS, buried);
    }

    /// What the leaders' end-of-game rules read of `seat`.
    pub(crate) fn leader_facts(&self, seat: usize) -> SeatFacts {
        let city = self.city(seat);
        SeatFacts {
            colors: std::array::from_fn(|c| city.colors[c]),
            black: city.colors[Color::Black as usize],
            coins: city.coins,
            stages: city.stages,
            victories: [city.victories[1], city.victories[3], city.victories[5]],
            defeats: city.defeats,
            leaders: city.leader_seat.face_up.len() as u8,
        }
    }

    /// Science points of `seat` with Cities' copies: each copy is the symbol of a green card
    /// of a neighbour, a card copied at most once (rules notes: copies stack, the same green
    /// card only once), all chosen with the wild symbols to score the most.
    fn science_with_copies(&self, seat: usize, wild: u8) -> u32 {
        let city = self.city(seat);
        let (l, r) = (
            self.city(self.left_of(seat)),
            self.city(self.right_of(seat)),
        );
        let shown: [u8; 3] = std::array::from_fn(|f| l.science[f] + r.science[f]);
        fn best(counts: [u8; 3], copies: u8, shown: [u8; 3], wild: u8) -> u32 {
            let mut top = science_points(counts, wild);
            if copies > 0 {
                for f in (0..3).filter(|&f| shown[f] > 0) {
                    let (mut c, mut s) = (counts, shown);
                    c[f] += 1;
                    s[f] -= 1;
                    top = top.max(best(c, copies - 1, s, wild));
                }
            }
            top
        }
        best(city.symbols(), city.cities_seat.science_copies, shown, wild)
    }

    /// The points of `seat`'s wonder stages and buildings as they stand: its score without the
    /// military, treasury and science lines (which the bots' evaluation values its own way).
    pub(crate) fn construction_points(&self, seat: usize) -> i32 {
        let city = self.city(seat);
        // The printed points are tallied as they are built; only the rest is counted here.
        let mut points = city.printed_points;
        for id in city
            .built
            .intersection(self.catalog().counted_scorers)
            .iter()
        {
            points += self
                .catalog()
                .card(CardId(id))
                .effect
                .end_points(self.table(), seat)
                .map_or(0, |e| e.1);
        }
        if let Some(g) = city.copied_guild {
            points += self
                .catalog()
                .card(g)
                .effect
                .end_points(self.table(), seat)
                .map_or(0, |e| e.1);
        }
        debug_assert_eq!(points, {
            let mut s = Score::default();
            self.add_construction_lines(seat, &mut s);
            s.total
        });
        points
    }

    /// The wonders, civilian, commercial and guilds lines.
    fn add_construction_lines(&self, seat: usize, s: &mut Score) {
        let city = self.city(seat);
        let board = self.catalog().side(city.wonder, city.side.index());
        for stage in &board.stages[..city.stages as usize] {
            let points = stage.powers.iter().map(|p| p.end_points()).sum::<i32>();
            s.add(ScoreLine::WONDERS, points);
        }
        let copied = city.copied_guild.map(|g| self.catalog().card(g).effect);
        let mut add = |effect: Effect| {
            if let Some((line, points)) = effect.end_points(self.table(), seat) {
                s.add(line, points);
            }
        };
        for id in city.built.intersection(self.catalog().end_scorers).iter() {
            add(self.catalog().card(CardId(id)).effect);
        }
        if let Some(effect) = copied {
            add(effect);
        }
    }

    /// Seats that win: highest total, then most coins; a remaining tie is shared. In the team
    /// variant, every seat of the winning teams (team total, then the partners' coins).
    pub fn winners(&self) -> Vec<usize> {
        let (totals, coins) = self.totals_and_coins();
        if self.plays_in_teams() {
            return teams::winning_teams(&totals, &coins)
                .into_iter()
                .flat_map(|t| [2 * t, 2 * t + 1])
                .collect();
        }
        let keys: Vec<(i32, u32)> = totals.into_iter().zip(coins).collect();
        let best = *keys.iter().max().unwrap();
        (0..self.players()).filter(|&s| keys[s] == best).collect()
    }

    /// Final rank of each seat, 1 = best (ties by total then coins share a rank). In the team
    /// variant, the rank of the seat's team.
    pub fn ranks(&self) -> Vec<usize> {
        let (totals, coins) = self.totals_and_coins();
        if self.plays_in_teams() {
            let ranks = teams::team_ranks(&totals, &coins);
            return (0..self.players()).map(|s| ranks[teams::team(s)]).collect();
        }
        let keys: Vec<(i32, u32)> = totals.into_iter().zip(coins).collect();
        keys.iter()
            .map(|k| 1 + keys.iter().filter(|o| *o > k).count())
            .collect()
    }

    /// Each team's total score (the team variant's `team_totals`; empty without teams).
    pub fn team_totals(&self) -> Vec<i32> {
        if !self.plays_in_teams() {
            return Vec::new();
        }
        teams::team_totals(&self.totals_and_coins().0)
    }

    /// Each seat's total score and coins.
    fn totals_and_coins(&self) -> (Vec<i32>, Vec<u32>) {
        (0..self.players())
            .map(|s| (self.score(s).total, self.city(s).coins))
            .unzip()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Edition, Wonder};
    use crate::state::{ClassicConfig, SidePolicy};

    /// RECORDS.md (`copy_guild`): a guild copied by 1st-edition Olympia B stands in Olympia's
    /// city as one more purple card for every count at scoring: the seat's own Shipowners
    /// Guild counts the copy (the copied Shipowners counting itself is in the registry's tests/classic_across.rs).
    #[test]
    fn olympia_bs_copied_guild_is_one_more_purple_card_for_its_own_shipowners() {
        let mut config = ClassicConfig::new(3, Edition::V1);
        config.wonders = vec![
            Some(Wonder::OLYMPIA),
            Some(Wonder::GIZAH),
            Some(Wonder::BABYLON),
        ];
        config.sides = SidePolicy::B;
        let mut g = ClassicGame::new(&config, 1).unwrap();
        let cat = g.catalog();
        let shipowners = cat.find("shipowners_guild").unwrap();
        let strategists = cat.find("strategists_guild").unwrap();
        let before = g.score(0).get(ScoreLine::GUILDS);
        assert_eq!(before, 0);
        g.city_mut(0).add_building(cat.card(shipowners));
        // Shipowners alone: itself, the only brown, grey or purple card.
        assert_eq!(g.score(0).get(ScoreLine::GUILDS), 1);
        g.city_mut(0).copied_guild = Some(strategists);
        // The copy is one more purple card (Strategists itself scores 0: no defeats).
        assert_eq!(g.score(0).get(ScoreLine::GUILDS), 2);
    }
}
