//! The tidy per-seat CSV of `simulate` and `tournament`.

use std::borrow::Cow;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::static_keys::StaticKeys;
use super::{GameOutcome, SimError, WonderColumns};
use wonders_common::{FeatureTable, SimGame};

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
///
/// Rows are formatted by hand straight into the file's buffer (numbers without `fmt`, text
/// quoted only where needed), which goes to the file in large writes: a random Duel game plays
/// in a few microseconds, and a row of `String` fields cost as much as the game. The bytes are
/// those the `csv` crate's writer gives (see [`push_text`]).
pub(crate) struct TidyCsv {
    path: PathBuf,
    file: File,
    columns: Columns,
    tournament: bool,
    /// Whole games not yet written to the file (never part of a game, so a failed write
    /// leaves the file cut at a game's end or in the last game written).
    rows: Vec<u8>,
    /// What every row of the game being written starts with, up to its seat.
    prefix: Vec<u8>,
    /// A `;`-separated list being built.
    list: Vec<u8>,
    /// Wonder ids and sides seen to need no quotes.
    plain: PlainIds,
    /// Fields that stay the same from game to game, formatted once and reused while they do.
    same: SameFields,
}

/// The fields a run repeats on every row (its seed, the game and options, the bots, the
/// victory type), kept formatted with their commas: a random Duel game plays in a few
/// microseconds, so quoting and formatting them again for every row was a visible part of a
/// run. Each is kept with the text it was made from and made again when that changes.
#[derive(Default)]
struct SameFields {
    /// `run_seed,` for this seed.
    run_seed: Option<(u64, Vec<u8>)>,
    /// `game,options,players,` for (game, options, players).
    game: Option<((String, String, usize), Vec<u8>)>,
    /// `bot,` for each seat of these bots.
    bots: Option<(Vec<String>, Vec<Vec<u8>>)>,
    /// `victory,` for this victory type.
    victory: Option<(String, Vec<u8>)>,
}

/// `text` as one CSV field followed by a comma.
fn field(text: &str) -> Vec<u8> {
    let mut v = Vec::with_capacity(text.len() + 1);
    push_text(&mut v, text.as_bytes());
    v.push(b',');
    v
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
        let mut csv = Self::over(path, file, columns, tournament);
        for (i, name) in csv_header(columns, tournament).iter().enumerate() {
            if i > 0 {
                csv.rows.push(b',');
            }
            push_text(&mut csv.rows, name.as_bytes());
        }
        csv.rows.push(b'\n');
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
            file,
            columns: columns.clone(),
            tournament,
            rows: Vec::with_capacity(2 * WRITE_SIZE),
            prefix: Vec::new(),
            list: Vec::new(),
            plain: PlainIds::default(),
            same: SameFields::default(),
        }
    }

    /// Writes the rows of one game, seat 0 first. The outcome was checked against the columns.
    pub fn write_game(
        &mut self,
        t: Option<&TournamentCols<'_>>,
        g: &GameRow<'_>,
    ) -> Result<(), SimError> {
        let Self {
            columns,
            rows,
            prefix,
            list,
            plain,
            same,
            ..
        } = self;
        let players = g.outcome.seats.len();
        if same
            .run_seed
            .as_ref()
            .is_none_or(|(seed, _)| *seed != g.run_seed)
        {
            let mut v = Vec::new();
            push_uint(&mut v, g.run_seed);
            v.push(b',');
            same.run_seed = Some((g.run_seed, v));
        }
        if same.game.as_ref().is_none_or(|((game, options, n), _)| {
            *n != players || game != g.game || options != g.options
        }) {
            let mut v = field(g.game);
            v.extend_from_slice(&field(g.options));
            push_uint(&mut v, players as u64);
            v.push(b',');
            same.game = Some(((g.game.into(), g.options.into(), players), v));
        }
        if same.bots.as_ref().is_none_or(|(bots, _)| **bots != *g.bots) {
            let fields = g.bots.iter().map(|b| field(b)).collect();
            same.bots = Some((g.bots.to_vec(), fields));
        }
        if same
            .victory
            .as_ref()
            .is_none_or(|(victory, _)| *victory != g.outcome.victory)
        {
            let victory = g.outcome.victory.to_string();
            same.victory = Some((victory, field(&g.outcome.victory)));
        }
        let (Some((_, run_seed)), Some((_, game_fields)), Some((_, bots)), Some((_, victory))) =
            (&same.run_seed, &same.game, &same.bots, &same.victory)
        else {
            unreachable!("every repeated field was formatted above");
        };
        // The game's own columns, the same on each of its rows.
        prefix.clear();
        if self.tournament {
            let t = t.expect("tournament columns for a tournament CSV");
            push_uint(prefix, t.pair as u64);
            prefix.push(b',');
            push_text(prefix, t.bot_a.as_bytes());
            prefix.push(b',');
            push_text(prefix, t.bot_b.as_bytes());
            prefix.push(b',');
            push_uint(prefix, t.leg.into());
            prefix.push(b',');
        }
        prefix.extend_from_slice(run_seed);
        push_uint(prefix, g.game_index);
        prefix.push(b',');
        push_uint(prefix, g.game_seed);
        prefix.push(b',');
        prefix.extend_from_slice(game_fields);

        for (seat, s) in g.outcome.seats.iter().enumerate() {
            rows.extend_from_slice(prefix);
            push_uint(rows, seat as u64);
            rows.push(b',');
            if columns.teams {
                let team = g
                    .teams
                    .get(seat)
                    .expect("a team for every seat of a team game");
                push_uint(rows, *team as u64);
                rows.push(b',');
            }
            rows.extend_from_slice(&bots[seat]);
            match columns.wonders {
                WonderColumns::Drafted => {
                    push_ids(rows, list, plain, s.wonders.iter().map(|w| &w.id));
                    push_ids(
                        rows,
                        list,
                        plain,
                        s.wonders.iter().filter(|w| w.is_built()).map(|w| &w.id),
                    );
                }
                WonderColumns::OnePerSeat => {
                    push_ids(rows, list, plain, s.wonders.iter().map(|w| &w.id));
                    push_ids(
                        rows,
                        list,
                        plain,
                        s.wonders.iter().filter_map(|w| w.side.as_ref()),
                    );
                    // One board per seat: its stage count, `;`-joined should a seat hold more.
                    for (i, w) in s.wonders.iter().enumerate() {
                        if i > 0 {
                            rows.push(b';');
                        }
                        push_uint(rows, w.stages_built.into());
                    }
                    rows.push(b',');
                }
            }
            for &table in columns.features {
                push_list(
                    rows,
                    list,
                    s.features
                        .iter()
                        .filter(|f| std::ptr::eq(f.table, table))
                        .map(|f| f.key),
                );
            }
            push_uint(rows, s.rank.into());
            rows.push(b',');
            rows.push(if s.win { b'1' } else { b'0' });
            rows.push(b',');
            rows.extend_from_slice(victory);
            for (i, c) in columns.categories.iter().enumerate() {
                // Engines list their lines in the declared order (checked, with a search as
                // the fallback).
                let score = match s.categories.get(i) {
                    Some(&(name, v)) if same_str(name, c) => v,
                    _ => s.score(c),
                };
                push_int(rows, score.into());
                rows.push(b',');
            }
            push_int(rows, s.total.into());
            rows.push(b',');
            push_int(rows, s.coins.into());
            rows.push(b',');
            push_uint(rows, g.outcome.turns.into());
            rows.push(b'\n');
        }
        if self.rows.len() >= WRITE_SIZE {
            self.flush()?;
        }
        Ok(())
    }

    /// Pushes everything written so far to the file.
    pub fn flush(&mut self) -> Result<(), SimError> {
        let written = self.file.write_all(&self.rows);
        self.rows.clear();
        written.map_err(|e| SimError::io(&self.path, e))
    }
}

/// The CSV's rows go to the file in writes of about this many bytes.
const WRITE_SIZE: usize = 1 << 16;

/// Appends `items`, `;`-separated, as one CSV field and a comma (see [`push_text`]); `scratch`
/// holds the field should it need quotes.
fn push_list<'a>(line: &mut Vec<u8>, scratch: &mut Vec<u8>, items: impl Iterator<Item = &'a str>) {
    // Written in place, then quoted only if it must be (never, with the games' ids).
    let start = line.len();
    for (i, item) in items.enumerate() {
        if i > 0 {
            line.push(b';');
        }
        line.extend_from_slice(item.as_bytes());
    }
    if needs_quotes(&line[start..]) {
        scratch.clear();
        scratch.extend_from_slice(&line[start..]);
        line.truncate(start);
        quote(line, scratch);
    }
    line.push(b',');
}

/// Ids borrowed from a game's tables (wonders, sides) seen to need no quotes: such a string
/// never moves nor changes, so a row's ids are not scanned again game after game.
#[derive(Default)]
struct PlainIds(StaticKeys<bool>);

impl PlainIds {
    /// True when `id` needs no quotes.
    // The variant matters (only a borrowed id lives for the whole program): not a `&str`.
    #[allow(clippy::ptr_arg)]
    #[inline]
    fn is_plain(&mut self, id: &Cow<'static, str>) -> bool {
        match id {
            Cow::Borrowed(text) if self.0.get(text).is_some() => true,
            _ => self.check(id),
        }
    }

    /// [`PlainIds::is_plain`] of an id not seen before: scanned, and kept if borrowed and
    /// plain.
    #[allow(clippy::ptr_arg)]
    #[cold]
    #[inline(never)]
    fn check(&mut self, id: &Cow<'static, str>) -> bool {
        let plain = !needs_quotes(id.as_bytes());
        if let (Cow::Borrowed(text), true) = (id, plain) {
            self.0.put(text, true);
        }
        plain
    }
}

/// [`push_list`] for ids: the list needs quotes exactly when one of its ids does (`;` does
/// not), and ids already seen plain are not scanned.
fn push_ids<'a>(
    line: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
    plain: &mut PlainIds,
    ids: impl Iterator<Item = &'a Cow<'static, str>>,
) {
    let start = line.len();
    let mut quoted = false;
    for (i, id) in ids.enumerate() {
        if i > 0 {
            line.push(b';');
        }
        quoted |= !plain.is_plain(id);
        line.extend_from_slice(id.as_bytes());
    }
    if quoted {
        scratch.clear();
        scratch.extend_from_slice(&line[start..]);
        line.truncate(start);
        quote(line, scratch);
    }
    line.push(b',');
}

/// True when `text` holds a comma, a double quote or a line break: what the `csv` crate's
/// writer quotes by default.
fn needs_quotes(text: &[u8]) -> bool {
    // Eight bytes at a time: a byte of `word` equal to `b` leaves a zero byte in `word ^ b·1…1`,
    // found by the usual has-zero-byte test; the few bytes left one by one.
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has = |word: u64, b: u8| {
        let x = word ^ (ONES * u64::from(b));
        x.wrapping_sub(ONES) & !x & HIGHS != 0
    };
    let mut chunks = text.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        if has(word, b',') | has(word, b'"') | has(word, b'\n') | has(word, b'\r') {
            return true;
        }
    }
    chunks
        .remainder()
        .iter()
        .any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
}

/// Appends `text` as one CSV field, as the `csv` crate's writer does by default: quoted only
/// when it holds a comma, a double quote or a line break, its quotes then doubled; an empty
/// field is empty.
fn push_text(line: &mut Vec<u8>, text: &[u8]) {
    if needs_quotes(text) {
        quote(line, text);
    } else {
        line.extend_from_slice(text);
    }
}

/// Appends `text` in double quotes, its own double quotes doubled.
fn quote(line: &mut Vec<u8>, text: &[u8]) {
    line.push(b'"');
    for &b in text {
        if b == b'"' {
            line.push(b'"');
        }
        line.push(b);
    }
    line.push(b'"');
}

/// Appends `n` in decimal.
// Inlined: a dozen numbers a row, each a call costing more than its one or two digits.
#[inline(always)]
fn push_uint(line: &mut Vec<u8>, n: u64) {
    // Most numbers of a row (scores, coins, seats, ranks) are below 100: their one or two
    // digits are pushed as they are; larger ones go through `push_long`.
    if n < 10 {
        line.push(b'0' + n as u8);
    } else if n < 100 {
        line.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
    } else {
        push_long(line, n);
    }
}

/// Appends `n` in decimal, `-` first when negative.
#[inline(always)]
fn push_int(line: &mut Vec<u8>, n: i64) {
    match u64::try_from(n) {
        Ok(n) => push_uint(line, n),
        Err(_) => push_long(line, n),
    }
}

/// Appends `n` in decimal, formatted two digits at a time into a stack buffer (no `fmt`, no
/// allocation), which costs a copy of unknown length: kept out of line.
#[inline(never)]
fn push_long(line: &mut Vec<u8>, n: impl itoa::Integer) {
    line.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Fields come out as the `csv` crate writes them: quoted only where needed, numbers in
    /// decimal whatever their sign or size.
    #[test]
    fn fields_are_written_as_the_csv_crate_writes_them() {
        let texts = [
            "",
            "plain",
            "a,b",
            "say \"hi\"",
            "two\nlines",
            "cr\r",
            "mcts:c=1.4,iterations=9",
            "é;ü",
            "sixteen bytes ok",
            "seventeen bytes!\r",
            "the_pyramids;the_sphinx;piraeus;the_colossus",
        ];
        let numbers = [
            0i64,
            7,
            -7,
            9,
            10,
            -10,
            99,
            100,
            -99,
            -100,
            1234567890,
            i64::from(i32::MIN),
            i64::MAX,
        ];
        let mut ours = Vec::new();
        let mut theirs = csv::Writer::from_writer(Vec::new());
        let mut record: Vec<String> = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            if i > 0 {
                ours.push(b',');
            }
            push_text(&mut ours, t.as_bytes());
            record.push(t.to_string());
        }
        for n in numbers {
            ours.push(b',');
            push_int(&mut ours, n);
            record.push(n.to_string());
        }
        ours.push(b',');
        push_uint(&mut ours, u64::MAX);
        record.push(u64::MAX.to_string());
        // Lists: `;`-joined, quoted as a whole when an item needs it.
        for items in [&["a", "b"][..], &["the_pyramids", "b,c"], &[]] {
            ours.push(b',');
            push_list(&mut ours, &mut Vec::new(), items.iter().copied());
            ours.pop();
            record.push(items.join(";"));
        }
        // Ids: the same list, borrowed and owned, twice (the second time from the plain ids
        // seen the first time).
        let mut plain = PlainIds::default();
        for _ in 0..2 {
            for items in [&["a", "b"][..], &["the_pyramids", "b,c"], &["x\"y"], &[]] {
                let borrowed: Vec<Cow<'static, str>> =
                    items.iter().map(|&i| Cow::Borrowed(i)).collect();
                let owned: Vec<Cow<'static, str>> =
                    items.iter().map(|&i| Cow::Owned(i.to_owned())).collect();
                for ids in [borrowed, owned] {
                    ours.push(b',');
                    push_ids(&mut ours, &mut Vec::new(), &mut plain, ids.iter());
                    ours.pop();
                    record.push(items.join(";"));
                }
            }
        }
        ours.push(b'\n');
        theirs.write_record(&record).unwrap();
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            String::from_utf8(theirs.into_inner().unwrap()).unwrap()
        );
    }
}
