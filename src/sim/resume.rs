//! `simulate --resume`: continue an interrupted run from the games its CSV already holds.
//!
//! Game `i` of a run is a pure function of the run seed, `i` and the options, so a run can stop
//! anywhere and go on later: the games already in the CSV are read back into the summary (in
//! game order, so every figure is the one an uninterrupted run gives), the file is cut after
//! the last whole game (a run killed outright may leave half a row), and play resumes at the
//! next index. Every row is checked against the run being resumed, so a CSV made with another
//! seed, other bots or other options is refused rather than mixed in.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use super::csv_out::{csv_header, Columns};
use super::run::Shape;
use super::{GameOutcome, SeatOutcome, SimError, Summary, WonderColumns, WonderHeld};
use wonders_common::{derive_seed, Feature};

/// What the run being resumed must match, row by row.
pub(crate) struct Expected<'a> {
    pub run_seed: u64,
    pub game: &'a str,
    /// Each configuration's label, seats and teams; game `i` has configuration `i mod k`.
    pub shapes: &'a [Shape],
    pub columns: &'a Columns,
    /// The bot labels of game `i`, seat 0 first.
    pub bots_of: &'a dyn Fn(u64) -> Vec<String>,
}

impl Expected<'_> {
    /// The configuration of game `i`.
    fn shape(&self, i: u64) -> &Shape {
        &self.shapes[(i % self.shapes.len() as u64) as usize]
    }
}

/// The whole games found in an earlier run's CSV.
pub(crate) struct Resumed {
    /// How many (the index of the next game to play).
    pub games: u64,
    /// The bots and outcome of the last one, as the CSV has them (see [`as_in_csv`]).
    pub last: Option<(Vec<String>, GameOutcome)>,
}

/// Reads the whole games of an earlier run's CSV at `path` into `summary` and cuts the file
/// after the last of them. A missing or empty file holds no game.
pub(crate) fn resume_csv(
    path: &Path,
    expected: &Expected<'_>,
    summary: &mut Summary,
) -> Result<Resumed, SimError> {
    const NONE: Resumed = Resumed {
        games: 0,
        last: None,
    };
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(NONE),
        Err(e) => return Err(SimError::io(path, e)),
    };
    let file_len = file.metadata().map_err(|e| SimError::io(path, e))?.len();
    if file_len == 0 {
        return Ok(NONE);
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(BufReader::new(file));
    let bad = |line: u64, message: String| {
        SimError::Options(format!(
            "cannot resume from {}: line {line}: {message}",
            path.display()
        ))
    };

    let mut record = csv::StringRecord::new();
    let header = csv_header(expected.columns, false);
    match reader.read_record(&mut record) {
        Ok(true) if record.iter().eq(header.iter().map(String::as_str)) => {}
        Ok(true) => {
            return Err(bad(
                1,
                format!(
                    "the header is not this run's ({}); resume with the same game options, \
                     or write to a new file",
                    header.join(",")
                ),
            ))
        }
        // Only a header cut short: start again.
        Ok(false) | Err(_) => return Ok(NONE),
    }
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .expect("a known column")
    };

    let mut games = 0u64;
    let mut last = None;
    // Where the rows after the last whole game start: the file is cut there.
    let mut end = reader.position().byte();
    let players_of = |i: u64| expected.shape(i).players;
    let mut rows: Vec<csv::StringRecord> = Vec::new();
    // A last line without its line break was cut short, even if its fields happen to count
    // right (a kill after `…,4,` leaves the last field empty).
    let torn_end = !ends_with_newline(path, file_len)?;
    loop {
        let start = reader.position().clone();
        match reader.read_record(&mut record) {
            Ok(true) if torn_end && reader.position().byte() >= file_len => break,
            Ok(true) => {}
            Ok(false) => break,
            // A row cut short by a killed run can only be the last line.
            Err(e) => {
                if is_last_line(path, start.byte())? {
                    break;
                }
                return Err(bad(start.line(), e.to_string()));
            }
        }
        if record.len() != header.len() {
            if is_last_line(path, start.byte())? {
                break;
            }
            return Err(bad(
                start.line(),
                format!("{} fields, the header has {}", record.len(), header.len()),
            ));
        }
        rows.push(record.clone());
        let players = players_of(games);
        if rows.len() < players {
            continue;
        }
        let (bots, outcome) = game_from_rows(&rows, games, expected, &col)
            .map_err(|message| bad(start.line() + 1 - players as u64, message))?;
        summary.add_game_with_teams(&bots, &expected.shape(games).teams, &outcome);
        last = Some((bots, outcome));
        games += 1;
        end = reader.position().byte();
        rows.clear();
    }
    if end < file_len {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| SimError::io(path, e))?;
        file.set_len(end).map_err(|e| SimError::io(path, e))?;
    }
    Ok(Resumed { games, last })
}

/// `outcome` as it reads back from the CSV: categories in the declared order, and only the
/// wonder facts the CSV keeps (Duel: built or not; 7 Wonders: the stages built).
pub(crate) fn as_in_csv(outcome: &GameOutcome, columns: &Columns) -> GameOutcome {
    let Columns {
        categories,
        wonders,
        ..
    } = columns;
    let mut o = outcome.clone();
    for s in &mut o.seats {
        for w in &mut s.wonders {
            match wonders {
                WonderColumns::Drafted => {
                    w.stages_built = w.is_built() as u32;
                    w.stages_total = 1;
                    w.side = None;
                }
                WonderColumns::OnePerSeat => w.stages_total = w.stages_built,
            }
        }
        s.categories = categories.iter().map(|&c| (c, s.score(c))).collect();
    }
    o
}

/// True when the file's last byte (of `len`) is a line break.
fn ends_with_newline(path: &Path, len: u64) -> Result<bool, SimError> {
    let mut file = File::open(path).map_err(|e| SimError::io(path, e))?;
    file.seek(SeekFrom::Start(len.saturating_sub(1)))
        .map_err(|e| SimError::io(path, e))?;
    let mut last = [0u8; 1];
    file.read_exact(&mut last)
        .map_err(|e| SimError::io(path, e))?;
    Ok(last[0] == b'\n')
}

/// True when no line break follows byte `offset` of the file but maybe a final one.
fn is_last_line(path: &Path, offset: u64) -> Result<bool, SimError> {
    let mut file = File::open(path).map_err(|e| SimError::io(path, e))?;
    file.seek(SeekFrom::Start(offset))
        .map_err(|e| SimError::io(path, e))?;
    let mut rest = Vec::new();
    file.read_to_end(&mut rest)
        .map_err(|e| SimError::io(path, e))?;
    let body = rest.strip_suffix(b"\n").unwrap_or(&rest);
    Ok(!body.contains(&b'\n'))
}

/// The bots and outcome of game `index` from its rows (seat 0 first), checked against the run.
fn game_from_rows(
    rows: &[csv::StringRecord],
    index: u64,
    expected: &Expected<'_>,
    col: &dyn Fn(&str) -> usize,
) -> Result<(Vec<String>, GameOutcome), String> {
    let field = |row: &csv::StringRecord, name: &str| row[col(name)].to_owned();
    let number = |row: &csv::StringRecord, name: &str| -> Result<i64, String> {
        let text = &row[col(name)];
        text.parse()
            .map_err(|_| format!("column {name} holds {text:?}, not a number"))
    };
    let bots_expected = (expected.bots_of)(index);
    let shape = expected.shape(index);
    let (options, players) = (&shape.label, shape.players);
    let game_seed = derive_seed(expected.run_seed, index);
    let mut bots = Vec::with_capacity(rows.len());
    let mut seats = Vec::with_capacity(rows.len());
    for (seat, row) in rows.iter().enumerate() {
        let checks: [(&str, String, String); 7] = [
            (
                "run_seed",
                field(row, "run_seed"),
                expected.run_seed.to_string(),
            ),
            ("game_index", field(row, "game_index"), index.to_string()),
            ("game_seed", field(row, "game_seed"), game_seed.to_string()),
            ("game", field(row, "game"), expected.game.to_owned()),
            ("options", field(row, "options"), options.clone()),
            ("players", field(row, "players"), players.to_string()),
            ("seat", field(row, "seat"), seat.to_string()),
        ];
        for (name, found, want) in checks {
            if found != want {
                return Err(format!(
                    "{name} is {found:?} where this run has {want:?}; resume with the run's own \
                     --seed, bots and game options, or write to a new file"
                ));
            }
        }
        if expected.columns.teams {
            let (found, want) = (field(row, "team"), shape.teams[seat].to_string());
            if found != want {
                return Err(format!(
                    "seat {seat} is in team {found:?} where this run has team {want:?}; resume \
                     with the run's own game options, or write to a new file"
                ));
            }
        }
        let bot = field(row, "bot");
        if bot != bots_expected[seat] {
            return Err(format!(
                "seat {seat} was played by {bot:?}, this run seats {:?} there",
                bots_expected[seat]
            ));
        }
        bots.push(bot);
        let list = |name: &str| -> Vec<String> {
            let text = &row[col(name)];
            text.split(';')
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        };
        let wonders = match expected.columns.wonders {
            WonderColumns::Drafted => {
                let built = list("wonders_built");
                list("wonders")
                    .into_iter()
                    .map(|id| WonderHeld {
                        stages_built: built.contains(&id) as u32,
                        stages_total: 1,
                        id: id.into(),
                        side: None,
                    })
                    .collect()
            }
            WonderColumns::OnePerSeat => {
                let stages = number(row, "stages_built")? as u32;
                vec![WonderHeld {
                    id: field(row, "wonder").into(),
                    side: Some(field(row, "side"))
                        .filter(|s| !s.is_empty())
                        .map(Into::into),
                    stages_built: stages,
                    // The CSV does not say how many stages the board has; nothing read back
                    // from it needs that.
                    stages_total: stages,
                }]
            }
        };
        let mut categories = Vec::with_capacity(expected.columns.categories.len());
        for &c in &expected.columns.categories {
            categories.push((c, number(row, &format!("score_{c}"))? as i32));
        }
        let mut features = Vec::new();
        for &table in expected.columns.features {
            for text in list(table.column) {
                let key = table.key_named(&text).ok_or_else(|| {
                    format!(
                        "column {} holds {text:?}, which is none of {}",
                        table.column,
                        table.keys.join(", ")
                    )
                })?;
                features.push(Feature { table, key });
            }
        }
        seats.push(SeatOutcome {
            wonders,
            rank: number(row, "rank")? as u32,
            win: number(row, "win")? == 1,
            categories,
            total: number(row, "total")? as i32,
            coins: number(row, "coins")? as i32,
            features,
        });
    }
    let outcome = GameOutcome {
        victory: field(&rows[0], "victory").into(),
        turns: number(&rows[0], "turns")? as u32,
        seats,
    };
    Ok((bots, outcome))
}

/// Counts the whole lines of the records file at `path` (a JSON Lines file being resumed), and
/// cuts it after the first `keep`. Fails if it holds fewer.
pub(crate) fn resume_records(path: &Path, keep: u64) -> Result<(), SimError> {
    let file = File::open(path).map_err(|e| SimError::io(path, e))?;
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    let mut end = 0u64;
    let mut lines = 0u64;
    while lines < keep {
        line.clear();
        let n = reader
            .read_until(b'\n', &mut line)
            .map_err(|e| SimError::io(path, e))?;
        if n == 0 || line.last() != Some(&b'\n') {
            break;
        }
        end += n as u64;
        lines += 1;
    }
    if lines < keep {
        return Err(SimError::Options(format!(
            "cannot resume: {} holds {lines} whole records but the CSV holds {keep} games; \
             resume without --records, or start the run again",
            path.display()
        )));
    }
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| SimError::io(path, e))?;
    file.set_len(end).map_err(|e| SimError::io(path, e))
}
