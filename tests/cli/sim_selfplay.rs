//! The simulation layer on a toy race game: determinism across thread counts, the CSV schema,
//! summary statistics, tournaments, interruption and output errors.

use crate::cli_support;
use cli_support::{read_csv, tmp};

use std::collections::BTreeMap;
use std::path::Path;

use rand::{Rng, RngCore, SeedableRng};
use wonders::common::{
    derive_seed, Feature, FeatureTable, GameOutcome, GameRng, SeatOutcome, SimGame, WonderColumns,
    WonderHeld,
};
use wonders::sim::{
    play_one, simulate, tournament, BotFactory, Columns, ReportFormat, RunOptions, SimError,
    SimulateOptions, Summary, TournamentOptions,
};
use wonders_bots::{Bot, BotSpec, Game};

/// The uniformly random bot, for every seat of a run.
static RANDOM_SPEC: BotSpec = BotSpec::Random;

fn random() -> [&'static dyn BotFactory<Race>; 1] {
    [&RANDOM_SPEC]
}

// ---------------------------------------------------------------------------------------------
// The toy game: each seat in turn rests (+2 coins), advances 1–3 (costing 0–2 coins) or builds
// its next wonder stage (3 coins). Reaching square 12 wins at once ("sprint"); otherwise after 8
// rounds the best total wins ("points"), ties broken by coins, then shared.

const WONDERS: [&str; 6] = [
    "colossus",
    "lighthouse",
    "pyramids",
    "gardens",
    "temple",
    "statue",
];
const GOAL: i32 = 12;

/// The toy's own summary dimension: milestones a seat reached by the end.
static MILESTONES: FeatureTable = FeatureTable {
    column: "milestones",
    id: "win_rate_by_milestone",
    title: "Win rate by milestone reached",
    key: "milestone",
    keys: &["halfway", "builder"],
    games_with: true,
};
static RACE_FEATURES: [&FeatureTable; 1] = [&MILESTONES];
const ROUNDS: u32 = 8;
const REST: u8 = 0;
const BUILD: u8 = 4;

#[derive(Clone, Copy, Debug)]
struct RaceOptions {
    players: usize,
}

/// A wonder held: (wonder index, side, stages built, stages total).
type Stage = (usize, Option<&'static str>, u32, u32);

#[derive(Clone, Debug)]
struct Race {
    pos: Vec<i32>,
    coins: Vec<i32>,
    /// Per seat: (wonder index, side, stages built, stages total).
    wonders: Vec<Vec<Stage>>,
    to_move: usize,
    moves: u32,
    sprinter: Option<usize>,
}

#[derive(Debug)]
struct Refused(u8);
impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "action {} is not legal", self.0)
    }
}
impl std::error::Error for Refused {}

impl Race {
    fn n(&self) -> usize {
        self.pos.len()
    }

    fn categories(&self, p: usize) -> [(&'static str, i32); 3] {
        let wonders: u32 = self.wonders[p].iter().map(|w| w.2).sum();
        [
            ("distance", self.pos[p]),
            ("treasury", self.coins[p] / 3),
            ("wonders", 4 * wonders as i32),
        ]
    }

    fn total(&self, p: usize) -> i32 {
        self.categories(p).iter().map(|c| c.1).sum()
    }

    /// Seats that won.
    fn winners(&self) -> Vec<usize> {
        if let Some(s) = self.sprinter {
            return vec![s];
        }
        let key = |p: usize| (self.total(p), self.coins[p]);
        let best = (0..self.n()).map(key).max().unwrap();
        (0..self.n()).filter(|&p| key(p) == best).collect()
    }
}

impl Game for Race {
    type Action = u8;
    type Error = Refused;

    fn num_players(&self) -> usize {
        self.n()
    }
    fn current_player(&self) -> usize {
        self.to_move
    }
    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.is_terminal() {
            return;
        }
        let p = self.to_move;
        out.push(REST);
        for k in 1..=3u8 {
            if self.coins[p] >= i32::from(k) - 1 {
                out.push(k);
            }
        }
        if self.coins[p] >= 3 && self.wonders[p].iter().any(|w| w.2 < w.3) {
            out.push(BUILD);
        }
    }
    fn apply(&mut self, a: u8) -> Result<(), Refused> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if !legal.contains(&a) {
            return Err(Refused(a));
        }
        let p = self.to_move;
        match a {
            REST => self.coins[p] += 2,
            BUILD => {
                self.coins[p] -= 3;
                let w = self.wonders[p].iter_mut().find(|w| w.2 < w.3).unwrap();
                w.2 += 1;
            }
            k => {
                self.coins[p] -= i32::from(k) - 1;
                self.pos[p] += i32::from(k);
                if self.pos[p] >= GOAL {
                    self.sprinter = Some(p);
                }
            }
        }
        self.moves += 1;
        self.to_move = (p + 1) % self.n();
        Ok(())
    }
    fn is_terminal(&self) -> bool {
        self.sprinter.is_some() || self.moves >= ROUNDS * self.n() as u32
    }
    fn returns(&self, out: &mut [f64]) {
        let w = self.winners();
        for (p, o) in out.iter_mut().enumerate().take(self.n()) {
            *o = if w.contains(&p) {
                1.0 / w.len() as f64
            } else {
                0.0
            };
        }
    }
    fn scores(&self, out: &mut [i32]) {
        for (p, o) in out.iter_mut().enumerate().take(self.n()) {
            *o = self.total(p);
        }
    }
    fn evaluate(&self, out: &mut [f64]) {
        if self.is_terminal() {
            self.returns(out);
        } else {
            out[..self.n()].fill(1.0 / self.n() as f64);
        }
    }
    fn determinize(&self, _observer: usize, _rng: &mut dyn RngCore) -> Self {
        self.clone()
    }
}

impl SimGame for Race {
    type Options = RaceOptions;

    fn players(options: &RaceOptions) -> usize {
        options.players
    }

    fn new_game(options: &RaceOptions, seed: u64) -> Self {
        let n = options.players;
        let mut rng = GameRng::seed_from_u64(seed);
        let mut ids: Vec<usize> = (0..WONDERS.len()).collect();
        for i in (1..ids.len()).rev() {
            ids.swap(i, rng.random_range(0..=i));
        }
        let wonders = (0..n)
            .map(|p| {
                if n == 2 {
                    vec![(ids[2 * p], None, 0, 1), (ids[2 * p + 1], None, 0, 1)]
                } else {
                    let side = if rng.random::<bool>() { "a" } else { "b" };
                    vec![(ids[p], Some(side), 0, 2)]
                }
            })
            .collect();
        Race {
            pos: vec![0; n],
            coins: (0..n).map(|_| rng.random_range(0..4)).collect(),
            wonders,
            to_move: 0,
            moves: 0,
            sprinter: None,
        }
    }
    fn game_name(_: &RaceOptions) -> &'static str {
        "race"
    }
    fn options_label(o: &RaceOptions) -> String {
        format!("{}p", o.players)
    }
    fn score_categories(_: &RaceOptions) -> Vec<&'static str> {
        vec!["distance", "treasury", "wonders"]
    }
    fn feature_tables(_: &RaceOptions) -> &'static [&'static FeatureTable] {
        &RACE_FEATURES
    }
    fn wonder_columns(o: &RaceOptions) -> WonderColumns {
        if o.players == 2 {
            WonderColumns::Drafted
        } else {
            WonderColumns::OnePerSeat
        }
    }
    fn record(
        &self,
        actions: &[u8],
        players: &[String],
        seed: u64,
        o: &RaceOptions,
    ) -> serde_json::Value {
        serde_json::json!({
            "format": "wonders-record", "version": 1, "game": "race",
            "options": {"players": o.players}, "seed": seed, "players": players,
            "actions": actions.iter().map(|a| format!("{a:?}")).collect::<Vec<_>>(),
            "result": {"winner": self.winners(), "scores": (0..self.n()).map(|p| self.total(p)).collect::<Vec<_>>()},
        })
    }
    fn outcome_into(&self, out: &mut GameOutcome) {
        let winners = self.winners();
        let key = |p: usize| (self.sprinter == Some(p), self.total(p), self.coins[p]);
        *out = GameOutcome {
            victory: if self.sprinter.is_some() {
                "sprint"
            } else {
                "points"
            }
            .into(),
            turns: self.moves,
            seats: (0..self.n())
                .map(|p| SeatOutcome {
                    wonders: self.wonders[p]
                        .iter()
                        .map(|&(i, side, built, total)| WonderHeld {
                            id: WONDERS[i].into(),
                            side: side.map(Into::into),
                            stages_built: built,
                            stages_total: total,
                        })
                        .collect(),
                    rank: 1 + (0..self.n()).filter(|&q| key(q) > key(p)).count() as u32,
                    win: winners.contains(&p),
                    categories: self.categories(p).to_vec(),
                    total: self.total(p),
                    coins: self.coins[p],
                    features: [
                        (self.pos[p] * 2 >= GOAL, "halfway"),
                        (self.wonders[p].iter().any(|w| w.2 > 0), "builder"),
                    ]
                    .into_iter()
                    .filter(|f| f.0)
                    .map(|(_, key)| Feature {
                        table: &MILESTONES,
                        key,
                    })
                    .collect(),
                })
                .collect(),
        };
    }
}

/// Advances as far as it can afford; never rests unless it must.
struct Rusher;
struct RusherBot;
impl Bot<Race> for RusherBot {
    fn choose(&mut self, state: &Race) -> u8 {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        legal.into_iter().filter(|&a| a != BUILD).max().unwrap()
    }
}
impl BotFactory<Race> for Rusher {
    fn label(&self) -> String {
        "rusher".into()
    }
    fn build(&self, _seed: u64) -> Box<dyn Bot<Race>> {
        Box::new(RusherBot)
    }
}

/// Always rests: never wins a race, rarely wins on points.
struct Sleeper;
struct SleeperBot;
impl Bot<Race> for SleeperBot {
    fn choose(&mut self, _state: &Race) -> u8 {
        REST
    }
}
impl BotFactory<Race> for Sleeper {
    fn label(&self) -> String {
        "sleeper".into()
    }
    fn build(&self, _seed: u64) -> Box<dyn Bot<Race>> {
        Box::new(SleeperBot)
    }
}

// ---------------------------------------------------------------------------------------------

/// The summary rendered in every format, one after the other.
fn every_format(summary: &Summary) -> String {
    [
        ReportFormat::Text,
        ReportFormat::Markdown,
        ReportFormat::Csv,
        ReportFormat::Json,
    ]
    .into_iter()
    .map(|f| summary.render(f))
    .collect()
}

fn run(players: usize, threads: usize, games: u64, tag: &str) -> (String, String, String, u64) {
    let csv = tmp(&format!("{tag}-{threads}.csv"));
    let records = tmp(&format!("{tag}-{threads}.jsonl"));
    let opts = SimulateOptions {
        run: RunOptions {
            seed: 2024,
            games,
            threads,
            out: Some(csv.clone()),
            chunk_size: 37,
            ..RunOptions::default()
        },
        records: Some(records.clone()),
        ..Default::default()
    };
    let report = simulate::<Race>(&opts, &[RaceOptions { players }], &random()).unwrap();
    let summary = every_format(&report.summary);
    (
        std::fs::read_to_string(csv).unwrap(),
        summary,
        std::fs::read_to_string(records).unwrap(),
        report.games_played,
    )
}

#[test]
fn outputs_are_identical_for_one_and_two_threads() {
    for players in [2, 3] {
        let one = run(players, 1, 500, &format!("det{players}"));
        let two = run(players, 2, 500, &format!("det{players}"));
        assert_eq!(one.3, 500);
        assert_eq!(one.0, two.0, "CSV differs ({players} players)");
        assert_eq!(one.1, two.1, "summary differs ({players} players)");
        assert_eq!(one.2, two.2, "records differ ({players} players)");
        assert_eq!(one.2.lines().count(), 500);
    }
}

#[test]
fn csv_schema_and_rows_for_two_players() {
    let (text, _, records, _) = run(2, 2, 120, "schema2");
    let path = tmp("schema2-check.csv");
    std::fs::write(&path, text).unwrap();
    let (header, rows) = read_csv(&path);
    assert_eq!(
        header,
        [
            "run_seed",
            "game_index",
            "game_seed",
            "game",
            "options",
            "players",
            "seat",
            "bot",
            "wonders",
            "wonders_built",
            "milestones",
            "rank",
            "win",
            "victory",
            "score_distance",
            "score_treasury",
            "score_wonders",
            "total",
            "coins",
            "turns"
        ]
    );
    assert_eq!(rows.len(), 240);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    for (k, row) in rows.iter().enumerate() {
        let game = (k / 2) as u64;
        assert_eq!(row[col("run_seed")], "2024");
        assert_eq!(row[col("game_index")], game.to_string());
        assert_eq!(row[col("game_seed")], derive_seed(2024, game).to_string());
        assert_eq!(row[col("seat")], (k % 2).to_string());
        assert_eq!(row[col("bot")], "random");
        assert_eq!(row[col("game")], "race");
        assert_eq!(row[col("options")], "2p");
        assert_eq!(row[col("wonders")].split(';').count(), 2);
        let drafted: Vec<&str> = row[col("wonders")].split(';').collect();
        for built in row[col("wonders_built")]
            .split(';')
            .filter(|s| !s.is_empty())
        {
            assert!(drafted.contains(&built));
        }
        // The game's own list: keys in table order, `builder` exactly when a wonder is built.
        let milestones: Vec<&str> = row[col("milestones")]
            .split(';')
            .filter(|s| !s.is_empty())
            .collect();
        assert!(milestones == ["halfway", "builder"] || milestones.len() <= 1);
        assert_eq!(
            milestones.contains(&"builder"),
            !row[col("wonders_built")].is_empty()
        );
        let sum: i32 = ["score_distance", "score_treasury", "score_wonders"]
            .iter()
            .map(|c| row[col(c)].parse::<i32>().unwrap())
            .sum();
        assert_eq!(sum, row[col("total")].parse::<i32>().unwrap());
    }
    // Every game has at least one winner, and a winner has rank 1; the replayed game agrees.
    for (g, pair) in rows.chunks(2).enumerate() {
        assert!(pair.iter().any(|r| r[col("win")] == "1"));
        for r in pair {
            if r[col("win")] == "1" {
                assert_eq!(r[col("rank")], "1");
            }
        }
        let mut replay = Race::new_game(&RaceOptions { players: 2 }, derive_seed(2024, g as u64));
        let mut bots: Vec<Box<dyn Bot<Race>>> = (0..2)
            .map(|p| {
                wonders_bots::BotSpec::Random
                    .build::<Race>(derive_seed(derive_seed(2024, g as u64), p))
            })
            .collect();
        while !replay.is_terminal() {
            let a = bots[replay.current_player()].choose(&replay);
            replay.apply(a).unwrap();
        }
        assert_eq!(replay.total(0).to_string(), pair[0][col("total")]);
        let spec = wonders_bots::BotSpec::Random;
        let again = play_one::<Race>(
            &RaceOptions { players: 2 },
            derive_seed(2024, g as u64),
            &[&spec, &spec],
        )
        .unwrap()
        .0;
        assert_eq!(
            (again.pos.clone(), again.coins.clone()),
            (replay.pos.clone(), replay.coins.clone())
        );
        assert_eq!(replay.moves.to_string(), pair[1][col("turns")]);
    }
    let first: serde_json::Value = serde_json::from_str(records.lines().next().unwrap()).unwrap();
    assert_eq!(first["seed"], derive_seed(2024, 0));
    assert_eq!(first["players"], serde_json::json!(["random", "random"]));
}

#[test]
fn csv_schema_for_three_players() {
    let (text, summary, _, _) = run(3, 1, 40, "schema3");
    let path = tmp("schema3-check.csv");
    std::fs::write(&path, text).unwrap();
    let (header, rows) = read_csv(&path);
    assert_eq!(&header[8..11], ["wonder", "side", "stages_built"]);
    assert_eq!(rows.len(), 120);
    for row in &rows {
        assert!(row[9] == "a" || row[9] == "b");
        assert!(row[10].parse::<u32>().unwrap() <= 2);
    }
    assert!(summary.contains("Win rate by wonder and side (all, fair share "));
}

fn outcome(
    victory: &'static str,
    wins: &[bool],
    wonders: &[&[(&'static str, bool)]],
) -> GameOutcome {
    GameOutcome {
        victory: victory.into(),
        turns: 10,
        seats: wins
            .iter()
            .zip(wonders)
            .enumerate()
            .map(|(p, (&win, ws))| SeatOutcome {
                wonders: ws
                    .iter()
                    .map(|&(id, built)| WonderHeld {
                        id: id.into(),
                        side: None,
                        stages_built: u32::from(built),
                        stages_total: 1,
                    })
                    .collect(),
                rank: if win { 1 } else { 2 },
                win,
                categories: vec![("distance", 10 + p as i32), ("treasury", 1), ("wonders", 0)],
                total: 11 + p as i32,
                coins: 3,
                features: Vec::new(),
            })
            .collect(),
    }
}

#[test]
fn game_dimensions_split_win_rates_and_count_games() {
    let columns = Columns {
        categories: vec!["distance", "treasury", "wonders"],
        wonders: WonderColumns::Drafted,
        features: &RACE_FEATURES,
        teams: false,
    };
    let mut s = Summary::new("race", "2p", 1, &columns);
    let bots = vec!["x".to_string(), "y".to_string()];
    let f = |key| Feature {
        table: &MILESTONES,
        key,
    };
    // Eight games: seat 0 always halfway and wins 6; seat 1 halfway in the first 4 (winning
    // 2 of them); builder only for seat 1 in game 7, which it wins.
    for g in 0..8 {
        let wins: &[bool] = if g < 6 {
            &[true, false]
        } else {
            &[false, true]
        };
        let mut o = outcome("points", wins, &[&[("a", false)], &[("b", false)]]);
        o.seats[0].features = vec![f("halfway")];
        if g < 2 || (4..6).contains(&g) {
            o.seats[1].features = vec![f("halfway")];
        }
        if g == 7 {
            o.seats[1].features = vec![f("builder")];
        }
        s.add_game(&bots, &o);
    }
    let rows = s.rows();
    let find = |table: &str, key: &str| {
        rows.iter()
            .find(|r| r.table == table && r.bot == "all" && r.key == key)
            .unwrap_or_else(|| panic!("no row {table} {key}"))
            .clone()
    };
    let halfway = find("win_rate_by_milestone", "halfway");
    // 8 seat-games of seat 0 (6 wins) + 4 of seat 1 (0 wins: games 0, 1, 4, 5 went to seat 0).
    assert_eq!((halfway.n, halfway.value), (12, 0.5));
    let builder = find("win_rate_by_milestone", "builder");
    assert_eq!((builder.n, builder.value), (1, 1.0));
    // Every game had someone halfway; one game had a builder.
    assert_eq!(find("games_with_milestone", "halfway").value, 1.0);
    let built = find("games_with_milestone", "builder");
    assert_eq!((built.n, built.value), (8, 0.125));
    let text = s.render(ReportFormat::Text);
    assert!(text.contains("Win rate by milestone reached (all, fair share 50.0%)"));
    assert!(text.contains("Games with each milestone reached"), "{text}");
}

#[test]
fn summary_statistics_match_hand_computation() {
    let columns = Columns {
        categories: vec!["distance", "treasury", "wonders"],
        wonders: WonderColumns::Drafted,
        features: &[],
        teams: false,
    };
    let mut s = Summary::new("race", "2p", 1, &columns);
    let bots = vec!["x".to_string(), "y".to_string()];
    // Ten games: seat 0 wins 6 outright, 2 are shared, seat 1 wins 2 → seat 0 has 7 of 10.
    for g in 0..10 {
        let wins: &[bool] = match g {
            0..=5 => &[true, false],
            6 | 7 => &[true, true],
            _ => &[false, true],
        };
        let victory = if g < 3 { "military" } else { "civilian" };
        s.add_game(
            &bots,
            &outcome(
                victory,
                wins,
                &[&[("a", g < 5), ("b", false)], &[("c", true)]],
            ),
        );
    }
    let rows = s.rows();
    let find = |table: &str, bot: &str, key: &str| {
        rows.iter()
            .find(|r| r.table == table && r.bot == bot && r.key == key)
            .unwrap()
            .clone()
    };
    let seat0 = find("win_rate_by_seat", "all", "0");
    assert_eq!(seat0.n, 10);
    assert!((seat0.value - 0.7).abs() < 1e-12);
    assert!((seat0.ci_low.unwrap() - 0.3968).abs() < 1e-4);
    assert!((seat0.ci_high.unwrap() - 0.8922).abs() < 1e-4);
    let x = find("win_rate_by_bot", "x", "win_rate");
    assert!((x.value - 0.7).abs() < 1e-12);
    let y = find("win_rate_by_bot", "y", "win_rate");
    assert!((y.value - 0.3).abs() < 1e-12);
    let military = find("victory_share", "all", "military");
    assert_eq!(military.n, 10);
    assert!((military.value - 0.3).abs() < 1e-12);
    // Wonder "a" built in games 0–4, all won by seat 0 outright: 5 of 5.
    let built_a = find("win_rate_by_wonder_built", "all", "a");
    assert_eq!(built_a.n, 5);
    assert!((built_a.value - 1.0).abs() < 1e-12);
    let drafted_c = find("win_rate_by_wonder_drafted", "all", "c");
    assert!((drafted_c.value - 0.3).abs() < 1e-12);
    // Per-bot wonder tables appear because two bots played.
    assert_eq!(find("win_rate_by_wonder_drafted", "y", "c").n, 10);
    assert!(rows
        .iter()
        .all(|r| !(r.table.contains("wonder") && r.bot == "x" && r.key == "c")));
    let mean = find("mean_score", "y", "total");
    assert!((mean.value - 12.0).abs() < 1e-12);
    assert_eq!(mean.ci_low, Some(12.0));
    let csv = s.render(ReportFormat::Csv);
    assert!(csv.starts_with("table,bot,key,n,value,ci_low,ci_high\n"));
    assert!(
        csv.contains("win_rate_by_seat,all,0,10,0.700000,0.396778,0.892209"),
        "{csv}"
    );
    let json: serde_json::Value = serde_json::from_str(&s.render(ReportFormat::Json)).unwrap();
    assert_eq!(json["games"], 10);
    let md = s.render(ReportFormat::Markdown);
    assert!(md.contains("| 0 | 10 | 70.0% | [39.7, 89.2] |"), "{md}");
    // Without a word from the game on seat order, a seat is a position at the table.
    let text = s.render(ReportFormat::Text);
    assert!(text.contains("Win rate by seat position"), "{text}");
    let text = s
        .clone()
        .with_seat_order(Some("seat 0 plays first"))
        .render(ReportFormat::Text);
    assert!(text.contains("Win rate by seat (seat 0 plays first)"));
}

#[test]
fn interrupted_run_keeps_whole_games_in_order() {
    let full = run(2, 1, 100, "interrupt-full").0;
    for threads in [1, 2] {
        let path = tmp(&format!("interrupt-{threads}.csv"));
        let opts = SimulateOptions {
            run: RunOptions {
                seed: 2024,
                games: 100,
                threads,
                out: Some(path.clone()),
                stop_after: Some(23),
                chunk_size: 10,
                ..RunOptions::default()
            },
            ..Default::default()
        };
        let report = simulate::<Race>(&opts, &[RaceOptions { players: 2 }], &random()).unwrap();
        assert!(report.interrupted);
        assert!(report.throughput_line().contains("interrupted"));
        let k = report.games_played;
        if threads == 1 {
            assert_eq!(k, 23, "one thread finishes games in order");
        } else {
            // A game checks the flag before each move, so a game on its last move when the
            // 23rd finishes is finished and kept too: one more game per other thread at most.
            // Fewer may be kept when a game before the 23rd was abandoned.
            assert!(
                (20..=23 + threads as u64 - 1).contains(&k),
                "{k} games kept"
            );
        }
        assert_eq!(report.summary.games(), k);
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, rows) = read_csv(&path);
        assert_eq!(rows.len() as u64, 2 * k);
        // The file is exactly the first k games of the uninterrupted run.
        let lines: Vec<&str> = full.lines().take(1 + 2 * k as usize).collect();
        assert_eq!(text, lines.join("\n") + "\n");
    }
}

/// Drops the last `bytes` bytes of a file, as a run killed in the middle of a write leaves it.
fn tear(path: &Path, bytes: u64) {
    let len = std::fs::metadata(path).unwrap().len();
    let f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    f.set_len(len - bytes).unwrap();
}

#[test]
fn resumed_run_gives_the_uninterrupted_outputs() {
    // Both wonder layouts: drafted wonders (2 players) and one board per seat (3 players).
    for players in [2, 3] {
        let (full_csv, full_summary, full_records, _) =
            run(players, 2, 100, &format!("resume-full-{players}"));
        let csv = tmp(&format!("resume-{players}.csv"));
        let records = tmp(&format!("resume-{players}.jsonl"));
        let opts = SimulateOptions {
            run: RunOptions {
                seed: 2024,
                games: 100,
                threads: 2,
                out: Some(csv.clone()),
                stop_after: Some(41),
                chunk_size: 10,
                ..RunOptions::default()
            },
            records: Some(records.clone()),
            ..Default::default()
        };
        let first = simulate::<Race>(&opts, &[RaceOptions { players }], &random()).unwrap();
        assert!(first.interrupted);
        // Killed in the middle of writing: half a row and half a record.
        tear(&csv, 5);
        tear(&records, 7);
        let opts = SimulateOptions {
            run: RunOptions {
                stop_after: None,
                ..opts.run.clone()
            },
            resume: true,
            ..opts.clone()
        };
        let report = simulate::<Race>(&opts, &[RaceOptions { players }], &random()).unwrap();
        assert_eq!(report.games_resumed, first.games_played - 1);
        assert_eq!(report.games_played, 100);
        assert!(!report.interrupted);
        assert!(report.throughput_line().contains(&format!(
            "after {} games of the resumed run",
            report.games_resumed
        )));
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), full_csv);
        assert_eq!(std::fs::read_to_string(&records).unwrap(), full_records);
        assert_eq!(every_format(&report.summary), full_summary);
        // Resuming a finished run plays nothing and gives the same summary again.
        let again = simulate::<Race>(&opts, &[RaceOptions { players }], &random()).unwrap();
        assert_eq!(again.games_resumed, 100);
        assert_eq!(
            again.summary.render(ReportFormat::Json),
            report.summary.render(ReportFormat::Json)
        );
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), full_csv);
    }
}

/// A run over 3, 4 and 5 players: game i has 3 + i mod 3 seats.
fn mixed_run(
    threads: usize,
    tag: &str,
    stop_after: Option<u64>,
    resume: bool,
) -> (String, Summary) {
    let csv = tmp(&format!("{tag}.csv"));
    let opts = SimulateOptions {
        run: RunOptions {
            seed: 99,
            games: 90,
            threads,
            out: Some(csv.clone()),
            chunk_size: 7,
            stop_after,
            force: !resume,
            ..RunOptions::default()
        },
        resume,
        ..Default::default()
    };
    let variants = [3, 4, 5].map(|players| RaceOptions { players });
    let report = simulate::<Race>(&opts, &variants, &random()).unwrap();
    (std::fs::read_to_string(csv).unwrap(), report.summary)
}

#[test]
fn a_run_over_several_player_counts_interleaves_them_and_resumes() {
    let (text, summary) = mixed_run(1, "mixed-1", None, false);
    let path = tmp("mixed-check.csv");
    std::fs::write(&path, &text).unwrap();
    let (header, rows) = read_csv(&path);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    // 30 games of each count: 30 × (3 + 4 + 5) rows; each game's label and seat count match.
    assert_eq!(rows.len(), 360);
    for row in &rows {
        let game: u64 = row[col("game_index")].parse().unwrap();
        let players = 3 + game % 3;
        assert_eq!(row[col("players")], players.to_string());
        assert_eq!(row[col("options")], format!("{players}p"));
        assert!(row[col("seat")].parse::<u64>().unwrap() < players);
    }
    assert_eq!(summary.games(), 90);
    let rows = summary.rows();
    let seat = |key: &str| {
        rows.iter()
            .find(|r| r.table == "win_rate_by_seat" && r.key == key)
    };
    assert_eq!(seat("4@5p").unwrap().n, 30);
    assert!(seat("4@4p").is_none() && seat("0").is_none());
    assert!(rows
        .iter()
        .filter(|r| r.table == "win_rate_by_wonder_side")
        .all(|r| r.key.ends_with("@3p") || r.key.ends_with("@4p") || r.key.ends_with("@5p")));
    let text_summary = summary.render(ReportFormat::Text);
    assert!(
        text_summary.contains("of race (3p | 4p | 5p)"),
        "{text_summary}"
    );
    // The same with two threads, and after an interruption and a resume.
    let (two, _) = mixed_run(2, "mixed-2", None, false);
    assert!(two == text, "two threads wrote another CSV");
    let (cut, _) = mixed_run(2, "mixed-r", Some(40), false);
    assert!(cut.len() < text.len());
    tear(&tmp("mixed-r.csv"), 3);
    let (resumed, again) = mixed_run(2, "mixed-r", None, true);
    assert!(resumed == text, "the resumed CSV differs");
    assert_eq!(
        again.render(ReportFormat::Json),
        summary.render(ReportFormat::Json)
    );
}

#[test]
fn player_counts_with_other_columns_are_refused() {
    let opts = SimulateOptions {
        run: RunOptions {
            games: 4,
            ..RunOptions::default()
        },
        ..Default::default()
    };
    let variants = [2, 3].map(|players| RaceOptions { players });
    let e = simulate::<Race>(&opts, &variants, &random())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("3p and 2p give the CSV different columns"),
        "{e}"
    );
}

#[test]
fn resume_refuses_the_csv_of_another_run() {
    let csv = tmp("resume-other.csv");
    let opts = SimulateOptions {
        run: RunOptions {
            seed: 7,
            games: 20,
            out: Some(csv.clone()),
            ..RunOptions::default()
        },
        ..Default::default()
    };
    simulate::<Race>(&opts, &[RaceOptions { players: 2 }], &random()).unwrap();
    let before = std::fs::read_to_string(&csv).unwrap();
    let other_seed = SimulateOptions {
        run: RunOptions {
            seed: 8,
            games: 40,
            ..opts.clone().run.clone()
        },
        resume: true,
        ..opts.clone().clone()
    };
    let err = simulate::<Race>(&other_seed, &[RaceOptions { players: 2 }], &random()).unwrap_err();
    assert!(matches!(err, SimError::Options(_)));
    assert!(
        err.to_string()
            .contains("run_seed is \"7\" where this run has \"8\""),
        "{err}"
    );
    // Another player count means other columns.
    let other_game = SimulateOptions {
        run: RunOptions {
            games: 40,
            ..opts.clone().run.clone()
        },
        resume: true,
        ..opts.clone().clone()
    };
    let err = simulate::<Race>(&other_game, &[RaceOptions { players: 3 }], &random()).unwrap_err();
    assert!(err.to_string().contains("header"), "{err}");
    // Fewer games than the file holds.
    let fewer = SimulateOptions {
        run: RunOptions {
            games: 10,
            ..opts.clone().run.clone()
        },
        resume: true,
        ..opts.clone().clone()
    };
    let err = simulate::<Race>(&fewer, &[RaceOptions { players: 2 }], &random()).unwrap_err();
    assert!(err.to_string().contains("already holds 20 games"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        before,
        "the file is left alone"
    );
    // A game that now plays differently (here: a doctored row) means the engine or a bot
    // changed since the run began: the last game is played again and compared.
    let mut lines: Vec<String> = before.lines().map(String::from).collect();
    let last = lines.last_mut().unwrap();
    let mut fields: Vec<String> = last.split(',').map(String::from).collect();
    let coins = fields.len() - 2;
    fields[coins] = (fields[coins].parse::<i32>().unwrap() + 1).to_string();
    *last = fields.join(",");
    std::fs::write(&csv, lines.join("\n") + "\n").unwrap();
    let more = SimulateOptions {
        run: RunOptions {
            games: 40,
            ..opts.clone().run.clone()
        },
        resume: true,
        ..opts.clone().clone()
    };
    let err = simulate::<Race>(&more, &[RaceOptions { players: 2 }], &random()).unwrap_err();
    assert!(
        err.to_string().contains("game 19 plays differently"),
        "{err}"
    );
    // Without a CSV there is nothing to resume.
    let no_csv = SimulateOptions {
        run: RunOptions {
            out: None,
            ..opts.run.clone()
        },
        resume: true,
        ..opts.clone()
    };
    assert!(simulate::<Race>(&no_csv, &[RaceOptions { players: 2 }], &random()).is_err());
}

#[test]
fn tournament_matrix_and_ratings() {
    let bots: [&dyn BotFactory<Race>; 3] = [&Rusher, &wonders_bots::BotSpec::Random, &Sleeper];
    let render = |threads: usize, out: &Path| {
        let opts = TournamentOptions {
            run: RunOptions {
                seed: 7,
                games: 60,
                threads,
                out: Some(out.to_owned()),
                chunk_size: 25,
                ..TournamentOptions::default().run
            },
            ..Default::default()
        };
        tournament::<Race>(&opts, &RaceOptions { players: 2 }, &bots).unwrap()
    };
    let (p1, p2) = (tmp("tour-1.csv"), tmp("tour-2.csv"));
    let a = render(1, &p1);
    let b = render(2, &p2);
    for f in [
        ReportFormat::Text,
        ReportFormat::Markdown,
        ReportFormat::Csv,
        ReportFormat::Json,
    ] {
        assert_eq!(a.render(f), b.render(f));
    }
    assert_eq!(std::fs::read(&p1).unwrap(), std::fs::read(&p2).unwrap());
    assert_eq!(a.games_played, 3 * 120);
    for r in &a.pairs {
        assert_eq!(r.games, 120);
        assert_eq!(r.wins_a + r.wins_b + r.draws, 120);
    }
    for i in 0..3 {
        assert!(a.cell(i, i).is_none());
        for j in 0..3 {
            if let (Some(x), Some(y)) = (a.cell(i, j), a.cell(j, i)) {
                assert!((x.0 + y.0 - 1.0).abs() < 1e-12);
                assert!(x.1 <= x.0 && x.0 <= x.2);
            }
        }
    }
    let mean: f64 = a.ratings.iter().map(|r| r.elo).sum::<f64>() / 3.0;
    assert!((mean - 1500.0).abs() < 1e-6);
    // The sleeper never moves: it loses every race to the rusher.
    let (rate, _, hi, _, _) = a.cell(0, 2).unwrap();
    assert!(rate > 0.95 && hi <= 1.0);
    assert!(a.ratings[0].elo > a.ratings[2].elo);
    for r in &a.ratings {
        assert!(r.ci_low < r.elo && r.elo < r.ci_high);
    }

    // Per-game CSV: mirror legs share seeds, bots swap seats.
    let (header, rows) = read_csv(&p1);
    assert_eq!(&header[..5], ["pair", "bot_a", "bot_b", "leg", "run_seed"]);
    assert_eq!(rows.len(), 3 * 120 * 2);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (leg0, leg1) = (&rows[0..2], &rows[2..4]);
    assert_eq!(leg0[0][col("game_seed")], leg1[0][col("game_seed")]);
    assert_eq!(leg0[0][col("game_seed")], derive_seed(7, 0).to_string());
    assert_eq!(
        (leg0[0][col("bot")].as_str(), leg0[1][col("bot")].as_str()),
        ("rusher", "random")
    );
    assert_eq!(
        (leg1[0][col("bot")].as_str(), leg1[1][col("bot")].as_str()),
        ("random", "rusher")
    );
    let per_pair: BTreeMap<String, usize> = rows.iter().fold(BTreeMap::new(), |mut m, r| {
        *m.entry(r[col("pair")].clone()).or_default() += 1;
        m
    });
    assert_eq!(
        per_pair.values().copied().collect::<Vec<_>>(),
        [240, 240, 240]
    );
}

#[test]
fn three_player_tournament_seats_bots_alternately() {
    let out = tmp("tour3.csv");
    let opts = TournamentOptions {
        run: RunOptions {
            seed: 3,
            games: 10,
            threads: 2,
            out: Some(out.clone()),
            ..TournamentOptions::default().run
        },
        ..Default::default()
    };
    let bots: [&dyn BotFactory<Race>; 2] = [&Rusher, &Sleeper];
    let report = tournament::<Race>(&opts, &RaceOptions { players: 3 }, &bots).unwrap();
    assert_eq!(report.pairs[0].games, 20);
    let (header, rows) = read_csv(&out);
    let bot = header.iter().position(|h| h == "bot").unwrap();
    let seats: Vec<&str> = rows[..6].iter().map(|r| r[bot].as_str()).collect();
    assert_eq!(
        seats,
        ["rusher", "sleeper", "rusher", "sleeper", "rusher", "sleeper"]
    );
}

#[test]
fn bots_are_checked_against_the_run() {
    let opts = TournamentOptions {
        run: RunOptions {
            games: 2,
            ..TournamentOptions::default().run
        },
        ..Default::default()
    };
    let twice = [RANDOM_SPEC.clone(), RANDOM_SPEC.clone()];
    let bots: Vec<&dyn BotFactory<Race>> = twice.iter().map(|b| b as _).collect();
    let err = tournament::<Race>(&opts, &RaceOptions { players: 2 }, &bots).unwrap_err();
    assert!(err.to_string().contains("listed twice"), "{err}");
    let opts = SimulateOptions {
        run: RunOptions {
            games: 2,
            ..RunOptions::default()
        },
        ..Default::default()
    };
    let three: [&dyn BotFactory<Race>; 3] = [&RANDOM_SPEC, &RANDOM_SPEC, &RANDOM_SPEC];
    let err = simulate::<Race>(&opts, &[RaceOptions { players: 2 }], &three).unwrap_err();
    assert!(
        err.to_string()
            .contains("3 bots given for a 2-player game: give one per seat or a single one"),
        "{err}"
    );
}

#[test]
fn unwritable_output_fails_before_playing() {
    let bad = tmp("no-such-dir").join("deeper").join("out.csv");
    let opts = SimulateOptions {
        run: RunOptions {
            games: 1_000_000,
            out: Some(bad.clone()),
            ..RunOptions::default()
        },
        ..Default::default()
    };
    let err = simulate::<Race>(&opts, &[RaceOptions { players: 2 }], &random()).unwrap_err();
    assert!(matches!(err, SimError::Io { ref path, .. } if *path == bad));
    assert!(err.to_string().contains("cannot write"));
    let opts = SimulateOptions {
        run: RunOptions {
            games: 1,
            summary: Some(tmp("summary.xlsx")),
            ..RunOptions::default()
        },
        ..Default::default()
    };
    assert!(simulate::<Race>(&opts, &[RaceOptions { players: 2 }], &random()).is_err());
}

#[test]
fn rotating_seats_spreads_bots_over_seats() {
    let path = tmp("rotate.csv");
    let opts = SimulateOptions {
        run: RunOptions {
            games: 10,
            out: Some(path.clone()),
            summary: Some(tmp("rotate.md")),
            ..RunOptions::default()
        },
        rotate_seats: true,
        ..Default::default()
    };
    let bots: [&dyn BotFactory<Race>; 2] = [&Rusher, &Sleeper];
    let report = simulate::<Race>(&opts, &[RaceOptions { players: 2 }], &bots).unwrap();
    assert_eq!(report.games_played, 10);
    let (header, rows) = read_csv(&path);
    let bot = header.iter().position(|h| h == "bot").unwrap();
    let rusher_seat0 = rows
        .iter()
        .step_by(2)
        .filter(|r| r[bot] == "rusher")
        .count();
    assert_eq!(rusher_seat0, 5);
    let md = std::fs::read_to_string(tmp("rotate.md")).unwrap();
    // A records directory gets a file named after the run: game, options and seed.
    let dir = tmp("records-dir");
    std::fs::create_dir_all(&dir).unwrap();
    let opts = SimulateOptions {
        run: RunOptions {
            games: 3,
            seed: 5,
            ..RunOptions::default()
        },
        records: Some(dir.clone()),
        ..Default::default()
    };
    simulate::<Race>(&opts, &[RaceOptions { players: 3 }], &random()).unwrap();
    let jsonl = std::fs::read_to_string(dir.join("race-3p-seed5.jsonl")).unwrap();
    assert_eq!(jsonl.lines().count(), 3);
    assert!(md.starts_with("## Summary: race"));
    assert!(md.contains("Win rate by wonder drafted (rusher)"));
}

#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let opts = SimulateOptions {
        run: RunOptions {
            games: 10,
            out: Some(full.to_owned()),
            ..RunOptions::default()
        },
        ..Default::default()
    };
    let err = simulate::<Race>(&opts, &[RaceOptions { players: 2 }], &random()).unwrap_err();
    assert!(matches!(err, SimError::Io { .. }), "{err}");
}

#[test]
fn interrupted_tournament_counts_only_games_played() {
    let bots: [&dyn BotFactory<Race>; 3] = [&Rusher, &wonders_bots::BotSpec::Random, &Sleeper];
    let opts = TournamentOptions {
        run: RunOptions {
            seed: 9,
            games: 20,
            threads: 1,
            stop_after: Some(50),
            chunk_size: 8,
            ..TournamentOptions::default().run
        },
        ..Default::default()
    };
    let r = tournament::<Race>(&opts, &RaceOptions { players: 2 }, &bots).unwrap();
    assert!(r.interrupted);
    assert_eq!(r.games_requested, 120);
    assert_eq!(r.games_played, 50);
    // Games 0..40 are pair 0's, 40..50 the first of pair 1's.
    let games: Vec<u64> = r.pairs.iter().map(|p| p.games).collect();
    assert_eq!(games, [40, 10, 0]);
    assert!(r
        .render(ReportFormat::Text)
        .contains("50 of 120 games (interrupted)"));
}
