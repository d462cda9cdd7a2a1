//! The summary of a self-play run: win rates with Wilson 95% intervals (per bot, per seat, per
//! wonder), victory-type shares and mean scores, accumulated game by game in game order so it is
//! identical for any thread count.
//!
//! Shared victories count `1/k` to each of the `k` winners in every win rate (the CSV's `win`
//! column marks all of them 1). A Wilson interval is then computed from the fractional number of
//! wins over the number of seat-games.
//!
//! Games played in teams (7 Wonders' team variant) add two tables counted per team and game: the
//! win rate per team position (`win_rate_by_team`: team 0, 1, …) and per pair of the partners'
//! boards (`win_rate_by_board_pair`, e.g. `babylon+gizah`). A team's share of a game's victory
//! is the sum of its seats' shares: 1 when it won alone (both partners won, each counting 1/2),
//! 1/m when `m` teams shared the victory.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::path::Path;

use serde::Serialize;

use super::csv_out::{same_str, Columns};
use super::render::{pct, pct_interval, write_file, Table};
use super::static_keys::StaticKeys;
use super::stats::{wilson, Z95};
use super::{GameOutcome, ReportFormat, SimError, WonderColumns};

/// The `bot` of rows about every seat together.
const ALL: &str = "all";

#[derive(Clone, Copy, Debug, Default)]
struct WinCount {
    n: u64,
    wins: f64,
}

impl WinCount {
    fn add(&mut self, share: f64) {
        self.n += 1;
        self.wins += share;
    }
}

#[derive(Clone, Debug, Default)]
struct Moments {
    n: u64,
    sum: i64,
    sum_sq: i128,
}

impl Moments {
    fn add(&mut self, x: i32) {
        self.n += 1;
        self.sum += i64::from(x);
        self.sum_sq += i128::from(x) * i128::from(x);
    }
}

/// One line of a summary, in a tidy shape shared by every output format.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SummaryRow {
    /// Which table: `games`, `win_rate_by_bot`, `win_rate_by_seat`, `win_rate_by_team` (games
    /// in teams), `victory_share`, `win_rate_by_wonder_drafted`, `win_rate_by_wonder_built`,
    /// `win_rate_by_wonder_side`, `win_rate_by_board_pair` (games in teams), the game's own
    /// `win_rate_by_…` and `games_with_…` tables, `mean_score`.
    pub table: Cow<'static, str>,
    /// The bot specification, or `all` for every seat together.
    pub bot: String,
    /// What the row is about: a seat number, a team number, a victory type, a wonder (`id` or
    /// `id:side`, with `@Np` appended when the run mixes player counts), the partners' boards
    /// (`id+id`, ids in order, also with `@Np`), a key of the game's own tables (a medal, a
    /// Divinity, …, also with `@Np`), a score category, `total` or `coins`.
    pub key: String,
    /// Sample size: games for `games`, `victory_share` and `games_with_…`, team-games (the
    /// games in which the team or pair of boards played) for `win_rate_by_team` and
    /// `win_rate_by_board_pair`, seat-games otherwise.
    pub n: u64,
    /// The rate, share or mean (the count for `games`).
    pub value: f64,
    /// Lower bound of the 95% interval (Wilson for rates, normal for means), if any.
    pub ci_low: Option<f64>,
    /// Upper bound of the 95% interval, if any.
    pub ci_high: Option<f64>,
}

/// A fast hash for the short strings the summary interns (wonder ids, bot labels): the
/// default SipHash costs more than the rest of a game's bookkeeping. Not DoS-resistant, which
/// does not matter for keys the program itself produces.
#[derive(Clone, Copy, Default)]
struct ShortHash(u64);

impl Hasher for ShortHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let word = u64::from_le_bytes(c.try_into().expect("8 bytes"));
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }
}

/// Distinct strings numbered in order of first appearance.
#[derive(Clone, Debug, Default)]
struct Names {
    names: Vec<String>,
    index: HashMap<String, u32, BuildHasherDefault<ShortHash>>,
    /// Numbers of strings that live for the whole program (wonder ids, feature keys), by
    /// address and length: such a string never moves and is never freed, so its address
    /// names its text, and most games are counted without hashing a single key.
    by_address: HashMap<(usize, usize), u32, BuildHasherDefault<ShortHash>>,
    /// A cache in front of `by_address`: a game's few wonders and victory type are found here
    /// without hashing.
    recent: StaticKeys<u32>,
}

impl Names {
    /// The number of `name`, given one if new.
    fn id(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i as usize;
        }
        let i = self.names.len();
        self.names.push(name.to_owned());
        self.index.insert(name.to_owned(), i as u32);
        i
    }

    /// [`Names::id`] of a string that lives for the whole program.
    #[inline]
    fn static_id(&mut self, name: &'static str) -> usize {
        match self.recent.get(name) {
            Some(i) => i as usize,
            None => self.static_id_slow(name),
        }
    }

    /// [`Names::static_id`] of a string not in `recent`.
    #[cold]
    #[inline(never)]
    fn static_id_slow(&mut self, name: &'static str) -> usize {
        let address = (name.as_ptr() as usize, name.len());
        let i = match self.by_address.get(&address) {
            Some(&i) => i as usize,
            None => {
                let i = self.id(name);
                self.by_address.insert(address, i as u32);
                i
            }
        };
        self.recent.put(name, i as u32);
        i
    }

    /// [`Names::id`] of a key borrowed from the game's tables or read back from a CSV.
    // The variant matters (only a borrowed key lives for the whole program): not a `&str`.
    #[allow(clippy::ptr_arg)]
    fn cow_id(&mut self, name: &Cow<'static, str>) -> usize {
        match name {
            Cow::Borrowed(s) => self.static_id(s),
            Cow::Owned(s) => self.id(s),
        }
    }

    fn name(&self, i: usize) -> &str {
        &self.names[i]
    }
}

/// The slot `i` of a growable table, created empty if absent.
fn slot<T: Default>(v: &mut Vec<T>, i: usize) -> &mut T {
    if v.len() <= i {
        v.resize_with(i + 1, T::default);
    }
    &mut v[i]
}

/// A summary being accumulated. Feed it every finished game in game order with
/// [`Summary::add_game`]; render it with [`Summary::render`].
#[derive(Clone, Debug)]
pub struct Summary {
    game: String,
    options: String,
    run_seed: u64,
    columns: Columns,
    games: u64,
    /// Games per player count.
    player_counts: BTreeMap<usize, u64>,
    /// Victory types, numbered in order of first appearance; `victory_games[v]` counts the
    /// games won by victory type `v` (a type is looked up by its address, not its text).
    victories: Names,
    victory_games: Vec<u64>,
    /// `[players][seat]` → wins (empty for player counts never played).
    seats: Vec<Vec<WinCount>>,
    /// Games in teams: (players, team) → the team's wins.
    teams: BTreeMap<(usize, usize), WinCount>,
    /// Bot labels; bot `b` is `who` number `b + 1` below (`who` 0 is every seat together).
    bots: Names,
    /// Wins per bot.
    bot_wins: Vec<WinCount>,
    /// Wonder and feature keys (`id` or `id:side`, a medal, …).
    keys: Names,
    /// `[table][players][who][key]` → wins; tables are the wonder tables (see
    /// [`Summary::table_ids`]), the board pairs' in games in teams (counted per team), then the
    /// game's own, in declared order.
    wins: Vec<Vec<Vec<Vec<WinCount>>>>,
    /// (feature table, players) → key → games in which some seat had it.
    games_with: BTreeMap<(&'static str, usize), BTreeMap<&'static str, u64>>,
    /// `[who]` → one entry per category, then total, then coins.
    scores: Vec<Vec<Moments>>,
    /// Reused for `id:side` keys.
    scratch: String,
    /// The numbers in `bots` of the last game's bots, seat by seat: a run seats the same bots
    /// game after game, and looking their labels up again was a visible part of a run.
    last_bots: (Vec<String>, Vec<usize>),
    /// False while every game so far seated one bot: its win and score tallies are then every
    /// seat's (`who` 0), kept once and copied when a second bot appears.
    per_bot: bool,
    /// What seat order means in the game (`seat 0 plays first`), if anything.
    seat_order: Option<&'static str>,
}

impl Summary {
    /// An empty summary for a run of `game` with the given options label, seed and columns
    /// (score categories, wonder layout, the game's own dimensions).
    pub fn new(game: &str, options: &str, run_seed: u64, columns: &Columns) -> Self {
        Self {
            game: game.to_owned(),
            options: options.to_owned(),
            run_seed,
            columns: columns.clone(),
            games: 0,
            player_counts: BTreeMap::new(),
            victories: Names::default(),
            victory_games: Vec::new(),
            seats: Vec::new(),
            teams: BTreeMap::new(),
            bots: Names::default(),
            bot_wins: Vec::new(),
            keys: Names::default(),
            wins: Vec::new(),
            games_with: BTreeMap::new(),
            scores: Vec::new(),
            scratch: String::new(),
            last_bots: (Vec::new(), Vec::new()),
            per_bot: false,
            seat_order: None,
        }
    }

    /// Says what seat order means in the game, for the title of the per-seat table (see
    /// `SimGame::seat_order`).
    pub fn with_seat_order(mut self, note: Option<&'static str>) -> Self {
        self.seat_order = note;
        self
    }

    /// Number of games accumulated.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Adds one finished game; `bots[p]` is the bot in seat `p`. For a summary whose columns
    /// play in teams, use [`Summary::add_game_with_teams`].
    pub fn add_game(&mut self, bots: &[String], outcome: &GameOutcome) {
        self.add_game_with_teams(bots, &[], outcome);
    }

    /// Adds one finished game; `bots[p]` is the bot in seat `p` and `teams[p]` its team (see
    /// `SimGame::team_of`), `teams` empty when the game is not played in teams.
    ///
    /// # Panics
    ///
    /// When the summary's columns play in teams and `teams` does not give one per seat.
    pub fn add_game_with_teams(&mut self, bots: &[String], teams: &[usize], outcome: &GameOutcome) {
        let players = outcome.seats.len();
        if self.columns.teams {
            assert_eq!(
                teams.len(),
                players,
                "a game in teams needs the team of every seat"
            );
        }
        self.games += 1;
        *self.player_counts.entry(players).or_default() += 1;
        *slot(
            &mut self.victory_games,
            self.victories.cow_id(&outcome.victory),
        ) += 1;
        let winners = outcome.seats.iter().filter(|s| s.win).count();
        let n_cats = self.columns.categories.len();
        /// A seat's (table, key) pairs: a few wonders and features, rarely more than 32.
        type SmallKeys = smallvec::SmallVec<[(usize, usize); 32]>;
        // The wonders a seat built (Duel), counted after those it drafted.
        let mut built: smallvec::SmallVec<[usize; 8]> = smallvec::SmallVec::new();
        // Each (table, key) once per game however many seats had it.
        let mut seen: Vec<(&'static str, &'static str)> = Vec::new();
        for f in outcome.seats.iter().flat_map(|s| &s.features) {
            if f.table.games_with && !seen.contains(&(f.table.id, f.key)) {
                seen.push((f.table.id, f.key));
                let by_key = self.games_with.entry((f.table.id, players)).or_default();
                *by_key.entry(f.key).or_default() += 1;
            }
        }
        let n_before_features = self.feature_offset();
        if self.last_bots.0 != bots {
            let ids = bots.iter().map(|b| self.bots.id(b)).collect();
            self.last_bots = (bots.to_vec(), ids);
            if !self.per_bot && self.bots.names.len() > 1 {
                self.split_bot_tallies();
            }
        }
        let seat_wins = slot(&mut self.seats, players);
        if seat_wins.is_empty() {
            seat_wins.resize(players, WinCount::default());
        }
        for (p, s) in outcome.seats.iter().enumerate() {
            let share = if s.win { 1.0 / winners as f64 } else { 0.0 };
            self.seats[players][p].add(share);
            let bot = self.last_bots.1[p];
            slot(&mut self.bot_wins, bot).add(share);
            // This seat's keys, each with its table, once for every seat then for its bot.
            let mut keys: SmallKeys = SmallKeys::new();
            for w in &s.wonders {
                match self.columns.wonders {
                    WonderColumns::Drafted => {
                        let key = self.keys.cow_id(&w.id);
                        keys.push((0, key));
                        if w.is_built() {
                            // After the drafted wonders (below), so that tables stay together.
                            built.push(key);
                        }
                    }
                    WonderColumns::OnePerSeat => {
                        let key = match &w.side {
                            Some(side) => {
                                self.scratch.clear();
                                self.scratch.push_str(&w.id);
                                self.scratch.push(':');
                                self.scratch.push_str(side);
                                self.keys.id(&self.scratch)
                            }
                            None => self.keys.cow_id(&w.id),
                        };
                        keys.push((0, key));
                    }
                }
            }
            keys.extend(built.drain(..).map(|key| (1, key)));
            for f in &s.features {
                let table = self
                    .columns
                    .features
                    .iter()
                    .position(|t| std::ptr::eq(*t, f.table))
                    .expect("features were checked against the declared tables");
                keys.push((n_before_features + table, self.keys.static_id(f.key)));
            }
            // By table, so that each table's row for (players, who) is found once: they come
            // in table order already (features in order are checked before a run sums them).
            if !keys.is_sorted_by_key(|k| k.0) {
                keys.sort_unstable();
            }
            // The seat's score lines in the declared order, then total and coins.
            let categories = &self.columns.categories;
            let value = |i: usize| match (categories.get(i), s.categories.get(i)) {
                // Outcomes list their lines in the declared order: look there first.
                (Some(c), Some(&(name, v))) if same_str(name, c) => v,
                (Some(c), _) => s.score(c),
                (None, _) if i == n_cats => s.total,
                (None, _) => s.coins,
            };
            let whos = [0, bot + 1];
            for &who in &whos[..if self.per_bot { 2 } else { 1 }] {
                for by_table in keys.chunk_by(|a, b| a.0 == b.0) {
                    let row = slot(slot(slot(&mut self.wins, by_table[0].0), players), who);
                    for &(_, key) in by_table {
                        slot(row, key).add(share);
                    }
                }
                let m = slot(&mut self.scores, who);
                if m.is_empty() {
                    m.resize(n_cats + 2, Moments::default());
                }
                for (i, m) in m.iter_mut().enumerate().take(n_cats + 2) {
                    m.add(value(i));
                }
            }
        }
        if self.columns.teams {
            self.add_teams(bots, teams, outcome, winners);
        }
    }

    /// Gives the first bot (`who` 1) its own win and score tallies, those of every seat so
    /// far (it played them all), when a second bot joins the run.
    fn split_bot_tallies(&mut self) {
        for by_players in &mut self.wins {
            for by_who in by_players.iter_mut().filter(|w| !w.is_empty()) {
                let all = by_who[0].clone();
                *slot(by_who, 1) = all;
            }
        }
        if let Some(all) = self.scores.first().cloned() {
            *slot(&mut self.scores, 1) = all;
        }
        self.per_bot = true;
    }

    /// The team tables of one game: each team's share of the victory (the sum of its seats'),
    /// by team position and by the pair of its boards, for every seat then for the bot playing
    /// the whole team (a team of two bots counts only among every seat's).
    fn add_teams(
        &mut self,
        bots: &[String],
        teams: &[usize],
        outcome: &GameOutcome,
        winners: usize,
    ) {
        let players = outcome.seats.len();
        let table = self.wonder_tables().len();
        let n_teams = teams.iter().max().map_or(0, |t| t + 1);
        let mut boards: smallvec::SmallVec<[&str; 4]> = smallvec::SmallVec::new();
        for team in 0..n_teams {
            boards.clear();
            let mut share = 0.0;
            // The bot of the team's seats, if one bot plays them all.
            let mut bot: Option<Option<&String>> = None;
            for (p, s) in outcome.seats.iter().enumerate() {
                if teams[p] != team {
                    continue;
                }
                if s.win {
                    share += 1.0 / winners as f64;
                }
                boards.extend(s.wonders.iter().map(|w| w.id.as_ref()));
                bot = match bot {
                    None => Some(Some(&bots[p])),
                    Some(b) => Some(b.filter(|b| **b == bots[p])),
                };
            }
            // A team number no seat has: nothing to count.
            let Some(bot) = bot else { continue };
            self.teams.entry((players, team)).or_default().add(share);
            boards.sort_unstable();
            self.scratch.clear();
            for (i, b) in boards.iter().enumerate() {
                if i > 0 {
                    self.scratch.push('+');
                }
                self.scratch.push_str(b);
            }
            let key = self.keys.id(&self.scratch);
            let bot = bot.map(|b| self.bots.id(b) + 1);
            for who in std::iter::once(0).chain(bot) {
                let by_players = slot(&mut self.wins, table);
                slot(slot(slot(by_players, players), who), key).add(share);
            }
        }
    }

    /// The games won by each victory type, types in name order.
    fn victory_games(&self) -> BTreeMap<&str, u64> {
        (0..self.victories.names.len())
            .map(|v| (self.victories.name(v), self.victory_games[v]))
            .collect()
    }

    /// The index in `wins` of the game's first own table: after the wonder tables and, in
    /// games in teams, the board pairs'.
    fn feature_offset(&self) -> usize {
        self.wonder_tables().len() + usize::from(self.columns.teams)
    }

    /// The wonder tables of this game's layout.
    fn wonder_tables(&self) -> &'static [&'static str] {
        match self.columns.wonders {
            WonderColumns::Drafted => &["win_rate_by_wonder_drafted", "win_rate_by_wonder_built"],
            WonderColumns::OnePerSeat => &["win_rate_by_wonder_side"],
        }
    }

    /// Every win-rate table by key: the wonder tables, the board pairs' in games in teams, then
    /// the game's own.
    fn table_ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        let board_pairs = self.columns.teams.then_some("win_rate_by_board_pair");
        self.wonder_tables()
            .iter()
            .copied()
            .chain(board_pairs)
            .chain(self.columns.features.iter().map(|f| f.id))
    }

    /// `, fair share 25.0%`: the win rate of a seat among equals, 1/players; over several
    /// player counts, the pooled one (a game's one victory over all its seats), said so.
    fn fair_share_note(&self) -> String {
        let games: u64 = self.player_counts.values().sum();
        let seat_games: u64 = self.player_counts.iter().map(|(&n, &g)| n as u64 * g).sum();
        if seat_games == 0 {
            return String::new();
        }
        let fair = games as f64 / seat_games as f64;
        match self.player_counts.len() {
            1 => format!(", fair share {}", pct(fair)),
            _ => format!(", pooled fair share {} over every player count", pct(fair)),
        }
    }

    /// The fair share of a team, `1/teams`, when every game had the same number of seats.
    fn team_fair_share(&self) -> Option<f64> {
        let [&players] = self.player_counts.keys().collect::<Vec<_>>()[..] else {
            return None;
        };
        let teams = self.teams.keys().filter(|(p, _)| *p == players).count();
        (teams > 0).then(|| 1.0 / teams as f64)
    }

    /// Every line of the summary, in display order.
    pub fn rows(&self) -> Vec<SummaryRow> {
        let rate_row = |table: &'static str, bot: &str, key: String, c: &WinCount| {
            let (lo, hi) = wilson(c.wins, c.n as f64, Z95);
            SummaryRow {
                table: table.into(),
                bot: bot.to_owned(),
                key,
                n: c.n,
                value: if c.n == 0 { 0.0 } else { c.wins / c.n as f64 },
                ci_low: Some(lo),
                ci_high: Some(hi),
            }
        };
        let mut rows = vec![SummaryRow {
            table: "games".into(),
            bot: ALL.into(),
            key: "games".into(),
            n: self.games,
            value: self.games as f64,
            ci_low: None,
            ci_high: None,
        }];
        // Bots in name order: (name, who).
        let mut by_name: Vec<(&str, usize)> = (0..self.bots.names.len())
            .map(|b| (self.bots.name(b), b + 1))
            .collect();
        by_name.sort_unstable();
        for &(bot, who) in &by_name {
            rows.push(rate_row(
                "win_rate_by_bot",
                bot,
                "win_rate".into(),
                &self.bot_wins[who - 1],
            ));
        }
        // With several player counts a seat's position means something per count.
        let mixed = self.player_counts.len() > 1;
        let seats = self
            .seats
            .iter()
            .enumerate()
            .flat_map(|(players, by_seat)| {
                by_seat
                    .iter()
                    .enumerate()
                    .map(move |(p, c)| (players, p, c))
            });
        for (players, p, c) in seats {
            let key = if mixed {
                format!("{p}@{players}p")
            } else {
                p.to_string()
            };
            rows.push(rate_row("win_rate_by_seat", ALL, key, c));
        }
        for (&(players, team), c) in &self.teams {
            let key = if mixed {
                format!("{team}@{players}p")
            } else {
                team.to_string()
            };
            rows.push(rate_row("win_rate_by_team", ALL, key, c));
        }
        for (v, k) in self.victory_games() {
            let c = WinCount {
                n: self.games,
                wins: k as f64,
            };
            rows.push(rate_row("victory_share", ALL, v.to_owned(), &c));
        }
        let several_bots = by_name.len() > 1;
        let bots: Vec<(&str, usize)> = std::iter::once((ALL, 0))
            .chain(by_name.iter().copied().filter(|_| several_bots))
            .collect();
        let empty = Vec::new();
        for (t, table) in self.table_ids().enumerate() {
            let by_players = self.wins.get(t).unwrap_or(&empty);
            for &(bot, who) in &bots {
                // Per player count (in count order), best first; ties by key.
                for (players, by_who) in by_players.iter().enumerate() {
                    let Some(by_key) = by_who.get(who) else {
                        continue;
                    };
                    let mut part: Vec<SummaryRow> = by_key
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| c.n > 0)
                        .map(|(key, c)| {
                            let key = self.keys.name(key);
                            let key = if mixed {
                                format!("{key}@{players}p")
                            } else {
                                key.to_owned()
                            };
                            rate_row(table, bot, key, c)
                        })
                        .collect();
                    part.sort_by(|a, b| {
                        b.value.total_cmp(&a.value).then_with(|| a.key.cmp(&b.key))
                    });
                    rows.extend(part);
                }
            }
        }
        let key_at = |key: &str, players: usize| {
            if mixed {
                format!("{key}@{players}p")
            } else {
                key.to_owned()
            }
        };
        for f in self.columns.features {
            let Some(id) = f.games_with_id() else {
                continue;
            };
            for (&players, &n) in &self.player_counts {
                let games = self.games_with.get(&(f.id, players));
                // Every key of the table, so that a key no game had reads 0%.
                for &key in f.keys {
                    let k = games.and_then(|g| g.get(key)).copied().unwrap_or(0);
                    let c = WinCount { n, wins: k as f64 };
                    let mut row = rate_row("games_with", ALL, key_at(key, players), &c);
                    row.table = Cow::Owned(id.clone());
                    rows.push(row);
                }
            }
        }
        let keys: Vec<String> = self
            .columns
            .categories
            .iter()
            .map(|c| c.to_string())
            .chain(["total".to_string(), "coins".to_string()])
            .collect();
        for &(bot, who) in &bots {
            let Some(ms) = self.scores.get(who) else {
                continue;
            };
            for (key, m) in keys.iter().zip(ms) {
                let n = m.n as f64;
                let mean = if m.n == 0 { 0.0 } else { m.sum as f64 / n };
                let (lo, hi) = if m.n > 1 {
                    let var = ((m.sum_sq as f64) - n * mean * mean) / (n - 1.0);
                    let half = Z95 * (var.max(0.0) / n).sqrt();
                    (Some(mean - half), Some(mean + half))
                } else {
                    (None, None)
                };
                rows.push(SummaryRow {
                    table: "mean_score".into(),
                    bot: bot.to_owned(),
                    key: key.clone(),
                    n: m.n,
                    value: mean,
                    ci_low: lo,
                    ci_high: hi,
                });
            }
        }
        rows
    }

    fn tables(&self) -> Vec<Table> {
        let rows = self.rows();
        let mut tables: Vec<Table> = Vec::new();
        let mut current: Option<(&str, String)> = None;
        // A single victory type (every 7 Wonders game is civilian) says nothing: no table.
        let one_victory = self.victories.names.len() <= 1;
        for r in rows
            .iter()
            .filter(|r| r.table != "games" && !(one_victory && r.table == "victory_share"))
        {
            // One table per (table, bot), except the bots' own win rates, which share one.
            let group = if r.table == "win_rate_by_bot" {
                String::new()
            } else {
                r.bot.clone()
            };
            if current.as_ref() != Some(&(r.table.as_ref(), group.clone())) {
                current = Some((r.table.as_ref(), group));
                let feature =
                    self.columns.features.iter().find(|f| {
                        f.id == r.table || f.games_with_id().as_deref() == Some(&r.table)
                    });
                let (title, key, value) = match (r.table.as_ref(), feature) {
                    ("win_rate_by_bot", _) => (
                        match self.fair_share_note().strip_prefix(", ") {
                            Some(fair) => format!("Win rate by bot ({fair})"),
                            None => "Win rate by bot".to_string(),
                        },
                        "bot",
                        "win rate",
                    ),
                    ("win_rate_by_seat", _) => (
                        match self.seat_order {
                            Some(note) => format!("Win rate by seat ({note})"),
                            None => "Win rate by seat position".to_string(),
                        },
                        "seat",
                        "win rate",
                    ),
                    ("win_rate_by_team", _) => (
                        match self.team_fair_share() {
                            Some(fair) => {
                                format!("Win rate by team position (fair share {})", pct(fair))
                            }
                            None => "Win rate by team position".to_string(),
                        },
                        "team",
                        "win rate",
                    ),
                    ("victory_share", _) => ("Victory types".to_string(), "victory", "share"),
                    ("win_rate_by_wonder_drafted", _) => (
                        format!("Win rate by wonder drafted ({})", r.bot),
                        "wonder",
                        "win rate",
                    ),
                    ("win_rate_by_wonder_built", _) => (
                        format!("Win rate by wonder built ({})", r.bot),
                        "wonder",
                        "win rate",
                    ),
                    // Keys carry `:side` only where wonders have sides (not Architects).
                    ("win_rate_by_wonder_side", _) => (
                        format!(
                            "Win rate by wonder{} ({}{})",
                            if r.key.contains(':') { " and side" } else { "" },
                            r.bot,
                            self.fair_share_note()
                        ),
                        "wonder",
                        "win rate",
                    ),
                    ("win_rate_by_board_pair", _) => {
                        let fair = match self.team_fair_share() {
                            Some(fair) => format!(", fair share {}", pct(fair)),
                            None => String::new(),
                        };
                        (
                            format!("Win rate by board pair ({}{fair})", r.bot),
                            "boards",
                            "win rate",
                        )
                    }
                    ("mean_score", _) => (format!("Mean score ({})", r.bot), "category", "mean"),
                    (id, Some(f)) if id == f.id => {
                        let fair = self.fair_share_note();
                        (format!("{} ({}{fair})", f.title, r.bot), f.key, "win rate")
                    }
                    (_, Some(f)) => {
                        let what = f.title.strip_prefix("Win rate by ").unwrap_or(f.title);
                        (format!("Games with each {what}"), f.key, "share")
                    }
                    (other, None) => (other.to_string(), "key", "value"),
                };
                let n = if r.table == "victory_share"
                    || r.table.starts_with("games_with_")
                    || r.table == "win_rate_by_team"
                    || r.table == "win_rate_by_board_pair"
                {
                    "games"
                } else {
                    "seat-games"
                };
                tables.push(Table::new(title, &[key, n, value, "95% CI"], 1));
            }
            let t = tables.last_mut().expect("a table was just pushed");
            let key = if r.table == "win_rate_by_bot" {
                r.bot.clone()
            } else {
                r.key.clone()
            };
            let (value, ci) = if r.table == "mean_score" {
                let ci = match (r.ci_low, r.ci_high) {
                    (Some(lo), Some(hi)) => format!("[{lo:.2}, {hi:.2}]"),
                    _ => String::new(),
                };
                (format!("{:.2}", r.value), ci)
            } else {
                (
                    pct(r.value),
                    pct_interval(r.ci_low.unwrap_or(0.0), r.ci_high.unwrap_or(1.0)),
                )
            };
            // The victory and games-with tables count the games; the others their sample.
            let n = if r.table == "victory_share" || r.table.starts_with("games_with_") {
                (r.value * r.n as f64).round() as u64
            } else {
                r.n
            };
            t.rows.push(vec![key, n.to_string(), value, ci]);
        }
        tables
    }

    fn heading(&self) -> String {
        let teams = if self.columns.teams {
            " A team's victory share is the sum of its seats'."
        } else {
            ""
        };
        format!(
            "{} games of {} ({}), seed {}. Shared victories count 1/k per winner; \
             intervals are 95% (Wilson for rates, normal for means).{teams}",
            self.games, self.game, self.options, self.run_seed
        )
    }

    /// The summary in `format`. Contains no timing, so it is identical for any thread count.
    pub fn render(&self, format: ReportFormat) -> String {
        let mut out = String::new();
        match format {
            ReportFormat::Text => {
                out.push_str(&self.heading());
                out.push_str("\n\n");
                for t in self.tables() {
                    t.text(&mut out);
                }
            }
            ReportFormat::Markdown => {
                out.push_str(&format!(
                    "## Summary: {}\n\n{}\n\n",
                    self.game,
                    self.heading()
                ));
                for t in self.tables() {
                    t.markdown(&mut out);
                }
            }
            ReportFormat::Csv => {
                let mut w = csv::Writer::from_writer(Vec::new());
                let opt = |x: Option<f64>| x.map(|v| format!("{v:.6}")).unwrap_or_default();
                let _ = w.write_record(["table", "bot", "key", "n", "value", "ci_low", "ci_high"]);
                for r in self.rows() {
                    let _ = w.write_record([
                        r.table.to_string(),
                        r.bot,
                        r.key,
                        r.n.to_string(),
                        format!("{:.6}", r.value),
                        opt(r.ci_low),
                        opt(r.ci_high),
                    ]);
                }
                let bytes = w.into_inner().unwrap_or_default();
                out = String::from_utf8(bytes).unwrap_or_default();
            }
            ReportFormat::Json => {
                let doc = serde_json::json!({
                    "game": self.game,
                    "options": self.options,
                    "run_seed": self.run_seed,
                    "games": self.games,
                    "shared_victory_weight": "1/k",
                    "rows": self.rows(),
                });
                out = serde_json::to_string_pretty(&doc).unwrap_or_default();
                out.push('\n');
            }
        }
        out
    }

    /// Writes the summary to `path`, in the format its extension names.
    pub fn write_to(&self, path: &Path) -> Result<(), SimError> {
        let format = ReportFormat::from_path(path)?;
        write_file(path, &self.render(format))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wonders_common::{SeatOutcome, WonderHeld};

    fn team_columns() -> Columns {
        Columns {
            categories: vec!["points"],
            wonders: WonderColumns::OnePerSeat,
            features: &[],
            teams: true,
        }
    }

    /// A 4-seat game: each seat's board and whether it won.
    fn game(seats: [(&'static str, bool); 4]) -> GameOutcome {
        GameOutcome {
            victory: "civilian".into(),
            turns: 10,
            seats: seats
                .iter()
                .map(|&(board, win)| SeatOutcome {
                    wonders: vec![WonderHeld {
                        id: board.into(),
                        side: Some("day".into()),
                        stages_built: 1,
                        stages_total: 3,
                    }],
                    rank: if win { 1 } else { 2 },
                    win,
                    categories: vec![("points", 10)],
                    total: 10,
                    coins: 3,
                    features: Vec::new(),
                })
                .collect(),
        }
    }

    fn bots(names: [&str; 4]) -> Vec<String> {
        names.iter().map(|b| b.to_string()).collect()
    }

    /// A run that seats one bot, then a second: the first bot's own tallies (kept as every
    /// seat's while it played alone) are those of a run that met both bots first.
    #[test]
    fn a_bot_alone_at_first_keeps_its_own_tallies() {
        let columns = Columns {
            teams: false,
            ..team_columns()
        };
        let alone = bots(["x", "x", "x", "x"]);
        let two = bots(["x", "y", "x", "y"]);
        let g1 = game([
            ("gizah", true),
            ("babylon", false),
            ("rhodos", false),
            ("ephesos", false),
        ]);
        let g2 = game([
            ("gizah", false),
            ("ephesos", false),
            ("babylon", true),
            ("rhodos", true),
        ]);
        let mut first_alone = Summary::new("classic", "v2,4p", 1, &columns);
        first_alone.add_game(&alone, &g1);
        first_alone.add_game(&alone, &g1);
        first_alone.add_game(&two, &g2);
        let mut both_first = Summary::new("classic", "v2,4p", 1, &columns);
        both_first.add_game(&two, &g2);
        both_first.add_game(&alone, &g1);
        both_first.add_game(&alone, &g1);
        let rows = first_alone.rows();
        assert_eq!(rows, both_first.rows());
        // x played gizah three times (won twice): its own row says so.
        let gizah = rows
            .iter()
            .find(|r| r.bot == "x" && r.key == "gizah:day")
            .expect("x's row for gizah");
        assert_eq!((gizah.n, gizah.value), (3, 2.0 / 3.0));
    }

    const TEAMS: [usize; 4] = [0, 0, 1, 1];

    /// Four games in teams 0 = seats 0+1, 1 = seats 2+3:
    /// 1. team 0 wins (both partners): team 0 takes 1;
    /// 2. team 1 wins: team 1 takes 1;
    /// 3. every seat wins (a victory shared by the two teams): 1/2 each;
    /// 4. seat 2 alone wins (individual wins): team 1 takes 1, team 0 nothing.
    ///
    /// Team 0 has 1 + 0 + 1/2 + 0 = 1.5 of 4, team 1 has 2.5 of 4. Board pairs (ids sorted):
    /// babylon+gizah is team 0 in games 1-3 (1 + 0 + 1/2 = 1.5 of 3); every other pair plays
    /// once. Bot x plays both partners of team 0 in games 1-3 only; in game 4 team 0 is x and
    /// y, which counts among every seat's figures, not x's.
    fn summary() -> Summary {
        let mut s = Summary::new("classic", "v2,4p,day,cities,teams", 5, &team_columns());
        let xy = bots(["x", "x", "y", "y"]);
        let g1 = game([
            ("gizah", true),
            ("babylon", true),
            ("rhodos", false),
            ("ephesos", false),
        ]);
        let g2 = game([
            ("babylon", false),
            ("gizah", false),
            ("ephesos", true),
            ("alexandria", true),
        ]);
        let g3 = game([
            ("gizah", true),
            ("babylon", true),
            ("rhodos", true),
            ("alexandria", true),
        ]);
        let g4 = game([
            ("olympia", false),
            ("gizah", false),
            ("babylon", true),
            ("rhodos", false),
        ]);
        s.add_game_with_teams(&xy, &TEAMS, &g1);
        s.add_game_with_teams(&xy, &TEAMS, &g2);
        s.add_game_with_teams(&xy, &TEAMS, &g3);
        s.add_game_with_teams(&bots(["x", "y", "y", "y"]), &TEAMS, &g4);
        s
    }

    fn find<'a>(rows: &'a [SummaryRow], table: &str, bot: &str, key: &str) -> &'a SummaryRow {
        rows.iter()
            .find(|r| r.table == table && r.bot == bot && r.key == key)
            .unwrap_or_else(|| panic!("no row {table} {bot} {key}"))
    }

    fn assert_rate(r: &SummaryRow, n: u64, wins: f64) {
        assert_eq!(r.n, n, "{r:?}");
        assert!((r.value - wins / n as f64).abs() < 1e-12, "{r:?}");
        let (lo, hi) = wilson(wins, n as f64, Z95);
        assert_eq!((r.ci_low, r.ci_high), (Some(lo), Some(hi)), "{r:?}");
    }

    #[test]
    fn team_win_rates_sum_the_partners_shares() {
        let s = summary();
        let rows = s.rows();
        assert_rate(find(&rows, "win_rate_by_team", ALL, "0"), 4, 1.5);
        assert_rate(find(&rows, "win_rate_by_team", ALL, "1"), 4, 2.5);
        let teams: Vec<&str> = rows
            .iter()
            .filter(|r| r.table == "win_rate_by_team")
            .map(|r| r.key.as_str())
            .collect();
        assert_eq!(teams, ["0", "1"]);
        // The per-seat tables are unchanged by teams: seat 0 won games 1 (1/2) and 3 (1/4).
        assert_rate(find(&rows, "win_rate_by_seat", ALL, "0"), 4, 0.75);
        // The team table comes right after the seat table.
        let position = |table: &str| rows.iter().position(|r| r.table == table).unwrap();
        assert_eq!(
            position("win_rate_by_team"),
            position("win_rate_by_seat") + 4
        );
    }

    #[test]
    fn board_pairs_are_unordered_and_best_first() {
        let s = summary();
        let rows = s.rows();
        let pairs: Vec<(&str, u64, f64)> = rows
            .iter()
            .filter(|r| r.table == "win_rate_by_board_pair" && r.bot == ALL)
            .map(|r| (r.key.as_str(), r.n, r.value))
            .collect();
        assert_eq!(
            pairs,
            [
                ("alexandria+ephesos", 1, 1.0),
                ("babylon+rhodos", 1, 1.0),
                ("alexandria+rhodos", 1, 0.5),
                ("babylon+gizah", 3, 0.5),
                ("ephesos+rhodos", 1, 0.0),
                ("gizah+olympia", 1, 0.0),
            ]
        );
        assert_rate(
            find(&rows, "win_rate_by_board_pair", ALL, "babylon+gizah"),
            3,
            1.5,
        );
        // Per bot: only the teams one bot played whole (x: team 0 of games 1-3).
        let x: Vec<(&str, u64)> = rows
            .iter()
            .filter(|r| r.table == "win_rate_by_board_pair" && r.bot == "x")
            .map(|r| (r.key.as_str(), r.n))
            .collect();
        assert_eq!(x, [("babylon+gizah", 3)]);
        let y: Vec<(&str, u64)> = rows
            .iter()
            .filter(|r| r.table == "win_rate_by_board_pair" && r.bot == "y")
            .map(|r| (r.key.as_str(), r.n))
            .collect();
        assert_eq!(y.len(), 4, "{y:?}");
        // Between the wonder table and the mean scores.
        let position = |table: &str| rows.iter().position(|r| r.table == table).unwrap();
        assert!(position("win_rate_by_wonder_side") < position("win_rate_by_board_pair"));
        assert!(position("win_rate_by_board_pair") < position("mean_score"));
    }

    #[test]
    fn team_tables_render_in_every_format() {
        let s = summary();
        let text = s.render(ReportFormat::Text);
        assert!(
            text.contains("Win rate by team position (fair share 50.0%)\n  team  games  win rate"),
            "{text}"
        );
        assert!(
            text.contains("\n  0         4     37.5%   [9.2, 78.1]\n"),
            "{text}"
        );
        assert!(text.contains("Win rate by board pair (all, fair share 50.0%)\n  boards "));
        assert!(text.contains("Win rate by board pair (x, fair share 50.0%)"));
        assert!(text.contains("A team's victory share is the sum of its seats'."));
        let md = s.render(ReportFormat::Markdown);
        assert!(md.contains("### Win rate by team position (fair share 50.0%)\n\n| team | games |"));
        let (lo, hi) = wilson(1.5, 3.0, Z95);
        assert!(md.contains(&format!(
            "| babylon+gizah | 3 | 50.0% | {} |",
            pct_interval(lo, hi)
        )));
        let csv = s.render(ReportFormat::Csv);
        let (lo, hi) = wilson(2.5, 4.0, Z95);
        assert!(csv.contains(&format!(
            "win_rate_by_team,all,1,4,0.625000,{lo:.6},{hi:.6}\n"
        )));
        assert!(csv.contains("win_rate_by_board_pair,x,babylon+gizah,3,0.500000,"));
        let json: serde_json::Value = serde_json::from_str(&s.render(ReportFormat::Json)).unwrap();
        let rows = json["rows"].as_array().unwrap();
        let team0 = rows
            .iter()
            .find(|r| r["table"] == "win_rate_by_team" && r["key"] == "0")
            .unwrap();
        assert_eq!(team0["n"], 4);
        assert_eq!(team0["value"], 0.375);
    }

    /// Games at 4 and 6 players: keys carry the count, and no single fair share is given.
    #[test]
    fn team_keys_name_the_player_count_when_counts_mix() {
        let mut s = summary();
        let mut six = game([
            ("gizah", false),
            ("babylon", false),
            ("rhodos", false),
            ("ephesos", false),
        ]);
        let mut extra = six.seats[0].clone();
        extra.wonders[0].id = "petra".into();
        extra.win = true;
        six.seats.push(extra.clone());
        extra.wonders[0].id = "olympia".into();
        six.seats.push(extra);
        s.add_game_with_teams(
            &["x", "x", "y", "y", "x", "x"].map(String::from),
            &[0, 0, 1, 1, 2, 2],
            &six,
        );
        let rows = s.rows();
        assert_rate(find(&rows, "win_rate_by_team", ALL, "0@4p"), 4, 1.5);
        assert_rate(find(&rows, "win_rate_by_team", ALL, "2@6p"), 1, 1.0);
        assert_rate(find(&rows, "win_rate_by_team", ALL, "0@6p"), 1, 0.0);
        assert_rate(
            find(&rows, "win_rate_by_board_pair", ALL, "olympia+petra@6p"),
            1,
            1.0,
        );
        let text = s.render(ReportFormat::Text);
        assert!(text.contains("Win rate by team position\n"), "{text}");
        assert!(text.contains("Win rate by board pair (all)\n"), "{text}");
    }

    /// Without teams nothing of the above appears.
    #[test]
    fn no_team_tables_without_teams() {
        let columns = Columns {
            teams: false,
            ..team_columns()
        };
        let mut s = Summary::new("classic", "v2,4p,day", 5, &columns);
        s.add_game(
            &bots(["x", "x", "y", "y"]),
            &game([
                ("gizah", true),
                ("babylon", false),
                ("rhodos", false),
                ("ephesos", false),
            ]),
        );
        let text = s.render(ReportFormat::Csv) + &s.render(ReportFormat::Text);
        assert!(!text.contains("team") && !text.contains("board"), "{text}");
    }

    #[test]
    #[should_panic(expected = "the team of every seat")]
    fn a_game_in_teams_needs_its_teams() {
        let mut s = Summary::new("classic", "v2,4p,day,cities,teams", 5, &team_columns());
        s.add_game(&bots(["x", "x", "y", "y"]), &game([("gizah", true); 4]));
    }
}
