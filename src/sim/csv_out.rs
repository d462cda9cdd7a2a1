//! The tidy per-seat CSV of `simulate` and `tournament`.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use super::{GameOutcome, SimError, WonderColumns};
use crate::common::{FeatureTable, SimGame};

/// The columns of the per-game CSV, one row per seat per game, header first, games in index
/// order (for the README).
///
/// | column | meaning |
/// |---|---|
/// | `pair`, `bot_a`, `bot_b`, `leg` | tournament only, first: the pair's index (pairs in order (0,1), (0,2), …, (1,2), …), its two bots, and the leg: 0 = `bot_a` in seat 0, 1 = seats swapped |
/// | `run_seed` | the master seed of the run (`--seed`) |
/// | `game_index` | the game's index in the run, from 0 (tournament: `2·match + leg`) |
/// | `game_seed` | the game's own seed, `derive_seed(run_seed, game_index)` (tournament: `derive_seed(run_seed, match)`, shared by both legs); replays the game alone |
/// | `game` | the game's id: `duel`, `classic`, … |
/// | `options` | the game's options label (edition, expansions, player count) |
/// | `players` | the number of seats |
/// | `seat` | the seat, 0 = first player |
/// | `team` | team games only (7 Wonders' team variant), right after `seat`: the seat's team, from 0 (seats `2k` and `2k+1` are team `k`); absent otherwise |
/// | `bot` | the bot specification playing that seat (canonical text) |
/// | `wonders` | Duel: the 4 wonders the seat drafted, `;`-separated, in draft order |
/// | `wonders_built` | Duel: those of them it built, `;`-separated (empty if none) |
/// | `wonder` | 7 Wonders: the seat's wonder board |
/// | `side` | 7 Wonders: its side (`a`, `b`, `day`, `night`) |
/// | `stages_built` | 7 Wonders: how many stages the seat built |
/// | game's own lists | e.g. Architects' `medals`, `progress_tokens`: the seat's keys, `;`-separated (see each game's section) |
/// | `rank` | final rank, 1 = best; tied seats share a rank |
/// | `win` | 1 if the seat won (every seat of a shared victory gets 1), else 0 |
/// | `victory` | the game's victory type (`civilian`, `military`, `science`, …), same on every row of a game |
/// | `score_<category>` | one column per score-pad line of the game, in the pad's order (e.g. `score_civilian`) |
/// | `total` | the total score |
/// | `coins` | coins at the end of the game |
/// | `turns` | turns the game lasted, as the engine counts them; same on every row of a game |
pub const CSV_COLUMNS_DOC: &str = "pair,bot_a,bot_b,leg (tournament only): the pair index, its two bots, \
and the leg (0 = bot_a in seat 0, 1 = swapped); run_seed: master seed; game_index: index of the game in \
the run (tournament: 2*match+leg); game_seed: the game's own seed; game: duel|classic|...; options: \
options label; players: number of seats; seat: 0 = first player; team (team games only): \
the seat's team, from 0 (seats 2k and 2k+1 are team k); bot: bot specification; \
wonders / wonders_built (Duel): drafted and built wonders, ';'-separated; wonder / side / \
stages_built (7 Wonders): the seat's board, side and stages built; then the game's own \
lists (e.g. medals), ';'-separated; rank: 1 = best, ties share; \
win: 1 if the seat won (shared victories: every winner); victory: victory type; score_<category>: \
each score-pad line; total: total score; coins: final coins; turns: turns played.";

/// Where a game sits in a tournament (the extra leading columns).
pub(crate) struct TournamentCols<'a> {
    pub pair: usize,
    pub bot_a: &'a str,
    pub bot_b: &'a str,
    pub leg: u8,
}

/// The facts of one finished game that go on every one of its rows.
pub(crate) struct GameRow<'a> {
    pub run_seed: u64,
    pub game_index: u64,
    pub game_seed: u64,
    pub game: &'a str,
    pub options: &'a str,
    pub bots: &'a [String],
    /// The team of each seat (see [`seat_teams`]); empty when the game is not played in teams.
    pub teams: &'a [usize],
    pub outcome: &'a GameOutcome,
}

/// What shapes a game's CSV columns and summary tables, known from its options before the
/// first game is played.
#[derive(Clone, Debug)]
pub struct Columns {
    /// The score pad's lines.
    pub categories: Vec<&'static str>,
    pub wonders: WonderColumns,
    /// The game's own dimensions.
    pub features: &'static [&'static FeatureTable],
    /// The seats play in teams ([`SimGame::team_of`]): the CSV has a `team` column after
    /// `seat`, and the summary win rates per team and per pair of partners' boards.
    pub teams: bool,
}

impl Columns {
    /// The columns of a game played with `options`.
    pub fn of<G: SimGame>(options: &G::Options) -> Columns {
        Columns {
            categories: G::score_categories(options),
            wonders: G::wonder_columns(options),
            features: G::feature_tables(options),
            teams: G::team_of(options, 0).is_some(),
        }
    }
}

/// The team of each seat of a game of `players` seats played with `options`, seat 0 first;
/// empty when the options do not play in teams. Refuses a game that puts some seats in teams
/// and not others.
pub(crate) fn seat_teams<G: SimGame>(
    options: &G::Options,
    players: usize,
) -> Result<Vec<usize>, SimError> {
    let teams: Vec<Option<usize>> = (0..players).map(|p| G::team_of(options, p)).collect();
    if teams.iter().all(Option::is_none) {
        return Ok(Vec::new());
    }
    teams
        .iter()
        .enumerate()
        .map(|(p, t)| {
            t.ok_or_else(|| {
                SimError::Options(format!(
                    "{}: seat {p} plays in no team while others do",
                    G::options_label(options)
                ))
            })
        })
        .collect()
}

/// The header row of the per-game CSV (see [`CSV_COLUMNS_DOC`]).
pub(crate) fn csv_header(columns: &Columns, tournament: bool) -> Vec<String> {
    let Columns {
        categories,
        wonders,
        features,
        teams,
    } = columns;
    let mut header: Vec<String> = Vec::new();
    if tournament {
        header.extend(["pair", "bot_a", "bot_b", "leg"].map(String::from));
    }
    header.extend(
        [
            "run_seed",
            "game_index",
            "game_seed",
            "game",
            "options",
            "players",
            "seat",
        ]
        .map(String::from),
    );
    if *teams {
        header.push("team".into());
    }
    header.push("bot".into());
    match wonders {
        WonderColumns::Drafted => header.extend(["wonders", "wonders_built"].map(String::from)),
        WonderColumns::OnePerSeat => {
            header.extend(["wonder", "side", "stages_built"].map(String::from))
        }
    }
    header.extend(features.iter().map(|f| f.column.to_owned()));
    header.extend(["rank", "win", "victory"].map(String::from));
    header.extend(categories.iter().map(|c| format!("score_{c}")));
    header.extend(["total", "coins", "turns"].map(String::from));
    header
}

/// A CSV file being written, header already out.
pub(crate) struct TidyCsv {
    path: PathBuf,
    writer: csv::Writer<BufWriter<File>>,
    columns: Columns,
    tournament: bool,
    row: Vec<String>,
}

impl TidyCsv {
    /// Writes the header to `file` (an output just emptied), so an unwritable file fails
    /// before any game is played.
    pub fn create(
        path: &Path,
        file: File,
        columns: &Columns,
        tournament: bool,
    ) -> Result<Self, SimError> {
        let header = csv_header(columns, tournament);
        let mut csv = Self::over(path, file, columns, tournament);
        csv.writer.write_record(&header).map_err(|e| csv.err(e))?;
        csv.flush()?;
        Ok(csv)
    }

    /// Adds games at the end of `file`, an existing CSV (opened for appending) that holds the
    /// header and whole games already.
    pub fn append(path: &Path, file: File, columns: &Columns, tournament: bool) -> Self {
        Self::over(path, file, columns, tournament)
    }

    fn over(path: &Path, file: File, columns: &Columns, tournament: bool) -> Self {
        Self {
            path: path.to_owned(),
            writer: csv::WriterBuilder::new().from_writer(BufWriter::new(file)),
            columns: columns.clone(),
            tournament,
            row: Vec::new(),
        }
    }

    fn err(&self, e: csv::Error) -> SimError {
        SimError::io(&self.path, e.into())
    }

    /// Writes the rows of one game, seat 0 first. The outcome was checked against the columns.
    pub fn write_game(
        &mut self,
        t: Option<&TournamentCols<'_>>,
        g: &GameRow<'_>,
    ) -> Result<(), SimError> {
        let wonders = self.columns.wonders;
        let players = g.outcome.seats.len();
        for (seat, s) in g.outcome.seats.iter().enumerate() {
            let row = &mut self.row;
            row.clear();
            if self.tournament {
                let t = t.expect("tournament columns for a tournament CSV");
                row.extend([
                    t.pair.to_string(),
                    t.bot_a.into(),
                    t.bot_b.into(),
                    t.leg.to_string(),
                ]);
            }
            row.extend([
                g.run_seed.to_string(),
                g.game_index.to_string(),
                g.game_seed.to_string(),
                g.game.to_owned(),
                g.options.to_owned(),
                players.to_string(),
                seat.to_string(),
            ]);
            if self.columns.teams {
                let team = g
                    .teams
                    .get(seat)
                    .expect("a team for every seat of a team game");
                row.push(team.to_string());
            }
            row.push(g.bots[seat].clone());
            let join = |f: &dyn Fn(&super::WonderHeld) -> Option<String>| {
                s.wonders.iter().filter_map(f).collect::<Vec<_>>().join(";")
            };
            match wonders {
                WonderColumns::Drafted => {
                    row.push(join(&|w| Some(w.id.to_string())));
                    row.push(join(&|w| w.is_built().then(|| w.id.to_string())));
                }
                WonderColumns::OnePerSeat => {
                    row.push(join(&|w| Some(w.id.to_string())));
                    row.push(join(&|w| w.side.as_deref().map(str::to_owned)));
                    row.push(join(&|w| Some(w.stages_built.to_string())));
                }
            }
            for &table in self.columns.features {
                let keys: Vec<&str> = s
                    .features
                    .iter()
                    .filter(|f| std::ptr::eq(f.table, table))
                    .map(|f| f.key)
                    .collect();
                row.push(keys.join(";"));
            }
            row.extend([
                s.rank.to_string(),
                u8::from(s.win).to_string(),
                g.outcome.victory.to_string(),
            ]);
            for c in &self.columns.categories {
                row.push(s.score(c).to_string());
            }
            row.extend([
                s.total.to_string(),
                s.coins.to_string(),
                g.outcome.turns.to_string(),
            ]);
            if let Err(e) = self.writer.write_record(&self.row) {
                return Err(self.err(e));
            }
        }
        Ok(())
    }

    /// Pushes everything written so far to the file.
    pub fn flush(&mut self) -> Result<(), SimError> {
        self.writer.flush().map_err(|e| SimError::io(&self.path, e))
    }
}

/// Checks that an engine's outcome fits the declared columns: one entry per seat, exactly the
/// declared score categories, and features of declared tables, each key once, in order.
pub(crate) fn check_outcome(
    outcome: &GameOutcome,
    players: usize,
    columns: &Columns,
) -> Result<(), String> {
    let categories = &columns.categories;
    if outcome.seats.len() != players {
        return Err(format!(
            "outcome has {} seats for {players} players",
            outcome.seats.len()
        ));
    }
    for (p, s) in outcome.seats.iter().enumerate() {
        // Engines list their lines in the declared order, usually as the very same strings:
        // check that first, and the set of names only if it fails.
        let in_order = s.categories.len() == categories.len()
            && s.categories
                .iter()
                .zip(categories)
                .all(|(a, b)| same_str(a.0, b));
        if !in_order {
            let names: Vec<&str> = s.categories.iter().map(|(n, _)| *n).collect();
            if names.len() != categories.len() || categories.iter().any(|c| !names.contains(c)) {
                return Err(format!(
                    "seat {p} scored categories {names:?}, the game declares {categories:?}"
                ));
            }
        }
        // Position of each feature in (table, key) order: must increase strictly.
        let mut last = None;
        for f in &s.features {
            let table = columns
                .features
                .iter()
                .position(|t| std::ptr::eq(*t, f.table));
            let key = f.table.keys.iter().position(|k| *k == f.key);
            let (Some(table), Some(key)) = (table, key) else {
                return Err(format!(
                    "seat {p} has feature {}:{} of no declared table",
                    f.table.column, f.key
                ));
            };
            if last.is_some_and(|l| l >= (table, key)) {
                return Err(format!(
                    "seat {p}: feature {}:{} is repeated or out of order",
                    f.table.column, f.key
                ));
            }
            last = Some((table, key));
        }
    }
    Ok(())
}

/// String equality that first tries the pointer (the common case for `&'static` names).
pub(crate) fn same_str(a: &str, b: &str) -> bool {
    std::ptr::eq(a, b) || a == b
}
