//! `wonders tournament`: every pair of bots, mirror games on shared seeds, a win-rate matrix and
//! Bradley–Terry / Elo ratings.
//!
//! Pairs are taken in order (0,1), (0,2), …, (1,2), … Match `j` of pair `p` is played on the
//! seed `derive_seed(seed, p·games + j)` twice: leg 0 with `bot_a` in seat 0, leg 1 with the
//! seats swapped; its games have indices `2·(p·games + j) + leg`. In a game of more than two
//! seats the pair's bots sit alternately (`a, b, a, …` in leg 0, `b, a, b, …` in leg 1), so over
//! the two legs each bot holds every seat once. In a game played in teams (7 Wonders' team
//! variant, [`SimGame::team_of`]) one bot plays both partners of a team and the bots alternate
//! per team instead: teams `a, b, a, …` in leg 0 (seats `a, a, b, b, a, a` at 6 players), `b, a,
//! b, …` in leg 1, so each bot holds every team position once.
//!
//! A game between `a` and `b` is scored by the victory each side holds: a shared victory counts
//! `1/k` per winning seat, a bot's score is the sum over its seats. The bot with more wins the
//! game; equal scores (a victory shared across the two bots) are a draw, counted as half a win
//! in rates and ratings.
//!
//! With more than two seats (7 Wonders at 3–7 players) the report adds what a multi-player
//! game needs: each bot's victory share per seat it held against the fair share `1/n`, with
//! Wilson intervals, and a rating from every game's full ranking. The ranking is split into
//! the pairwise results between seats of different bots (the better rank wins, equal ranks
//! draw), each counted with weight `1/(n−1)` so a seat contributes about one game's worth of
//! evidence per game, and fitted by Bradley–Terry, the pairwise form of Plackett–Luce.
//! These sections are absent for two-seat games, whose report is unchanged.
//!
//! In teams, those two sections count teams, not seats: partners share their result (a team's
//! victory share is the sum of its seats', its rank the best of theirs, which the rules make
//! the same for both), so each bot's victory share per team held is set against the fair
//! share `1/T` of `T` teams, and the ranking compares the teams of different bots, each
//! comparison weighted `1/(T−1)`. Partners are never compared with each other: one bot plays
//! them both. The game's score between the two bots is the same as without teams: each bot's
//! seats' victory shares summed.

use std::time::Instant;

use serde::Serialize;

use super::csv_out::{GameRow, TournamentCols};
use super::render::{pct, pct_interval, write_file, Table};
use super::run::{check_configurations, play, play_checked, Outputs, RunOptions, Shape};
use super::runner::{SeatBots, Step, StopControl};
use super::stats::{bradley_terry, bradley_terry_errors, wilson, ELO_PER_NAT, Z95};
use super::{BotFactory, GameOutcome, ReportFormat, SimError, SimGame};
use wonders_common::derive_seed;

/// Options of a tournament (the command line and the Python module fill them): the run
/// options every run takes (`games` is the number of matches per pair, each two games on one
/// seed, seats swapped), and what only a tournament has.
#[derive(Clone)]
pub struct TournamentOptions {
    /// Seed, matches per pair, threads, the CSV (`out`, tournament columns first) and report
    /// files, progress and stop.
    pub run: RunOptions,
    /// Virtual draws added to every pair in the rating fit, so a clean sweep still gives a
    /// finite rating (0 = plain maximum likelihood).
    pub prior_draws: f64,
}

impl Default for TournamentOptions {
    fn default() -> Self {
        Self {
            run: RunOptions {
                games: 100,
                ..RunOptions::default()
            },
            prior_draws: 1.0,
        }
    }
}

/// The results of one pair of bots.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairResult {
    /// Index of the first bot in the list.
    pub a: usize,
    /// Index of the second bot.
    pub b: usize,
    /// Games played between them (both legs).
    pub games: u64,
    /// Games `a` won.
    pub wins_a: u64,
    /// Games `b` won.
    pub wins_b: u64,
    /// Drawn games (victory shared across the two bots).
    pub draws: u64,
}

impl PairResult {
    /// `a`'s score rate (draws half) with its Wilson 95% interval.
    pub fn rate_a(&self) -> (f64, f64, f64) {
        let score = self.wins_a as f64 + self.draws as f64 / 2.0;
        let n = self.games as f64;
        let (lo, hi) = wilson(score, n, Z95);
        (if n > 0.0 { score / n } else { 0.0 }, lo, hi)
    }

    /// The same from `b`'s side.
    pub fn rate_b(&self) -> (f64, f64, f64) {
        let (r, lo, hi) = self.rate_a();
        (1.0 - r, 1.0 - hi, 1.0 - lo)
    }
}

/// A bot's rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The bot.
    pub bot: String,
    /// Elo (Bradley–Terry strength × 400/ln 10), the mean of the field at 1500.
    pub elo: f64,
    /// Lower bound: `elo − 1.96·se`, the standard error from the Fisher information.
    pub ci_low: f64,
    /// Upper bound.
    pub ci_high: f64,
    /// Games the bot played.
    pub games: u64,
    /// Its score rate over them (draws half).
    pub score: f64,
}

/// A bot's victory share per seat in a game of more than two seats (in teams: per team).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatShare {
    /// The bot.
    pub bot: String,
    /// Seats it held, summed over the games (in teams: teams it held).
    pub seat_games: u64,
    /// Victories over those seats (a victory shared by `k` seats counts `1/k`).
    pub wins: f64,
    /// `wins / seat_games`.
    pub share: f64,
    /// Wilson 95% interval of the share.
    pub ci_low: f64,
    /// Upper bound.
    pub ci_high: f64,
    /// The fair share `1/n` of an `n`-seat game (in teams: `1/T` of a game of `T` teams).
    pub fair: f64,
}

/// What a tournament did.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentReport {
    /// The game's id.
    pub game: String,
    /// The options label.
    pub options: String,
    /// The master seed.
    pub seed: u64,
    /// The bots, in the order given.
    pub bots: Vec<String>,
    /// One entry per pair, pairs in order (0,1), (0,2), …
    pub pairs: Vec<PairResult>,
    /// One rating per bot, in the order given.
    pub ratings: Vec<Rating>,
    /// Seats per game.
    #[serde(skip_serializing_if = "two_seats")]
    pub players: usize,
    /// Teams per game when the game is played in teams (the bots are then seated per team and
    /// `seat_shares` and `ranking_ratings` count teams), else 0.
    #[serde(skip_serializing_if = "no_teams")]
    pub teams: usize,
    /// Games of more than two seats: each bot's victory share per seat (in teams: per team),
    /// in the order given.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seat_shares: Vec<SeatShare>,
    /// Games of more than two seats: ratings from the games' full rankings (see the module
    /// documentation), in the order given.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ranking_ratings: Vec<Rating>,
    /// Games where seat 0 was played, and the share of victory seat 0 took (1/k for shared).
    pub seat0_games: u64,
    /// Seat 0's victory share.
    pub seat0_score: f64,
    /// Games asked for.
    pub games_requested: u64,
    /// Games played (games `0..games_played`).
    pub games_played: u64,
    /// True when stopped before the end.
    pub interrupted: bool,
    /// Wall-clock seconds (not in the rendered report, which is thread-count independent).
    pub seconds: f64,
    /// Worker threads used.
    pub threads: usize,
}

/// Runs a tournament between `bots` (at least two, with different labels) on games set up
/// with `game_opts`.
pub fn tournament<'b, G: SimGame>(
    opts: &TournamentOptions,
    game_opts: &G::Options,
    bots: &[&'b dyn BotFactory<G>],
) -> Result<TournamentReport, SimError> {
    let start = Instant::now();
    let run = &opts.run;

    // 1. Check: the bots, the number of games, the configuration.
    let names: Vec<String> = bots.iter().map(|b| b.label()).collect();
    if names.len() < 2 {
        return Err(SimError::Options(
            "a tournament needs at least two bots".into(),
        ));
    }
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(SimError::Options(format!("bot `{n}` is listed twice")));
        }
    }
    let pairs: Vec<(usize, usize)> = (0..names.len())
        .flat_map(|a| (a + 1..names.len()).map(move |b| (a, b)))
        .collect();
    let total = (pairs.len() as u64)
        .checked_mul(run.games)
        .and_then(|n| n.checked_mul(2))
        .ok_or_else(|| {
            SimError::Options(format!(
                "--games {}: {} pairs × 2 seatings × that many games is more than 2^64",
                run.games,
                pairs.len()
            ))
        })?;
    let (shapes, columns) = check_configurations::<G>(std::slice::from_ref(game_opts))?;
    let Shape {
        label,
        players,
        teams,
    } = shapes.into_iter().next().expect("one configuration");
    // The units the multi-seat tables count: seats, or teams.
    let n_teams = teams.iter().max().map_or(0, |t| t + 1);
    let units = if teams.is_empty() { players } else { n_teams };
    let ranked = players > 2 && units > 1;
    let game = G::game_name(game_opts);

    // 2. Open every output (a tournament is not resumed), and start the CSV.
    let mut outputs = Outputs::open(run, None, run.force, false)?;
    outputs.start(&columns, true, 0)?;

    // 4. Play. Game g: match m = g / 2, leg g % 2; pair m / games.
    let seating = |g: u64| -> (usize, u8, Vec<usize>) {
        let (m, leg) = (g / 2, (g % 2) as u8);
        let p = (m / run.games.max(1)) as usize;
        let (a, b) = pairs[p];
        (p, leg, pair_seating(players, &teams, leg, a, b))
    };
    #[derive(Default)]
    struct Done {
        game_seed: u64,
        outcome: GameOutcome,
    }
    let job = |g: u64,
               kept: &mut SeatBots<'b, G>,
               stop: &StopControl,
               done: &mut Done|
     -> Result<bool, SimError> {
        let game_seed = derive_seed(run.seed, g / 2);
        let (_, _, seats) = seating(g);
        let seats: Vec<&dyn BotFactory<G>> = seats.iter().map(|&i| bots[i]).collect();
        let finished = play_checked::<G, _>(
            game_opts,
            g,
            game_seed,
            &seats,
            kept,
            stop,
            &columns,
            false,
            &mut done.outcome,
            |_, _| (),
        )?;
        done.game_seed = game_seed;
        Ok(finished.is_some())
    };

    let mut results: Vec<PairResult> = pairs
        .iter()
        .map(|&(a, b)| PairResult {
            a,
            b,
            games: 0,
            wins_a: 0,
            wins_b: 0,
            draws: 0,
        })
        .collect();
    let (mut seat0_games, mut seat0_score) = (0u64, 0.0f64);
    let mut ranking = RankingTally::new(names.len(), units);
    let sink = |step: Step<&mut Done>| -> Result<(), SimError> {
        let (g, played) = match step {
            Step::Game(g, p) => (g, p),
            Step::ChunkDone => return outputs.chunk_done(),
        };
        let (p, leg, seats) = seating(g);
        let o = &played.outcome;
        let winners = o.seats.iter().filter(|s| s.win).count().max(1) as f64;
        let share = |s: usize| if o.seats[s].win { 1.0 / winners } else { 0.0 };
        let r = &mut results[p];
        let score_a: f64 = (0..players).filter(|&s| seats[s] == r.a).map(share).sum();
        let score_b: f64 = (0..players).filter(|&s| seats[s] == r.b).map(share).sum();
        r.games += 1;
        // Shares are multiples of 1/k with k ≤ 8: compare with a tolerance for rounding.
        if (score_a - score_b).abs() < 1e-9 {
            r.draws += 1;
        } else if score_a > score_b {
            r.wins_a += 1;
        } else {
            r.wins_b += 1;
        }
        seat0_games += 1;
        seat0_score += share(0);
        if ranked {
            let ranks: Vec<u32> = o.seats.iter().map(|s| s.rank).collect();
            let shares: Vec<f64> = (0..players).map(share).collect();
            if teams.is_empty() {
                ranking.add(&seats, &ranks, &shares);
            } else {
                let (bots, ranks, shares) = per_team(&teams, &seats, &ranks, &shares);
                ranking.add(&bots, &ranks, &shares);
            }
        }
        if !outputs.writes_csv() {
            return Ok(());
        }
        let seat_names: Vec<String> = seats.iter().map(|&i| names[i].clone()).collect();
        let t = TournamentCols {
            pair: p,
            bot_a: &names[r.a],
            bot_b: &names[r.b],
            leg,
        };
        let row = GameRow {
            run_seed: run.seed,
            game_index: g,
            game_seed: played.game_seed,
            game,
            options: &label,
            bots: &seat_names,
            teams: &teams,
            outcome: o,
        };
        outputs.write_game(Some(&t), &row, None)
    };
    let (played, threads) = play(run, 0, total, job, sink);

    // 5. Finish: whole games only in the CSV, then the report.
    let kept = outputs.finish(&played);
    let played = played?;
    kept?;

    let ratings = rate(&names, &results, opts.prior_draws);
    let (seat_shares, ranking_ratings) = if ranked {
        (
            ranking.shares(&names),
            ranking.ratings(&names, opts.prior_draws),
        )
    } else {
        (Vec::new(), Vec::new())
    };
    let report = TournamentReport {
        game: game.to_owned(),
        options: label,
        seed: run.seed,
        bots: names,
        pairs: results,
        ratings,
        players,
        teams: n_teams,
        seat_shares,
        ranking_ratings,
        seat0_games,
        seat0_score,
        games_requested: total,
        games_played: played,
        interrupted: played < total,
        seconds: start.elapsed().as_secs_f64(),
        threads,
    };
    outputs.write_summary(|format| report.render(format))?;
    Ok(report)
}

fn two_seats(players: &usize) -> bool {
    *players <= 2
}

fn no_teams(teams: &usize) -> bool {
    *teams == 0
}

/// The bot of each seat in leg `leg` of a game between bots `a` and `b` at a table of
/// `players` seats: alternately per seat (`a, b, a, …`; leg 1 swapped), or, when `teams` gives
/// each seat's team, alternately per team, one bot for both partners (teams `a, b, a, …`).
fn pair_seating(players: usize, teams: &[usize], leg: u8, a: usize, b: usize) -> Vec<usize> {
    (0..players)
        .map(|s| {
            let unit = if teams.is_empty() { s } else { teams[s] };
            if (unit + leg as usize) % 2 == 0 {
                a
            } else {
                b
            }
        })
        .collect()
}

/// A game's seats as teams: per team (numbered from 0), the bot of its first seat (one bot
/// plays the team), its best rank (the rules give partners the same) and the sum of its seats'
/// victory shares.
fn per_team(
    teams: &[usize],
    seats: &[usize],
    ranks: &[u32],
    shares: &[f64],
) -> (Vec<usize>, Vec<u32>, Vec<f64>) {
    let n = teams.iter().max().map_or(0, |t| t + 1);
    let mut bots = vec![None; n];
    let mut best = vec![u32::MAX; n];
    let mut share = vec![0.0; n];
    for (s, &t) in teams.iter().enumerate() {
        bots[t].get_or_insert(seats[s]);
        best[t] = best[t].min(ranks[s]);
        share[t] += shares[s];
    }
    let bots = bots
        .into_iter()
        .map(|b| b.expect("every team number has a seat"))
        .collect();
    (bots, best, share)
}

/// Per-seat victories and the pairwise results between seats of different bots, summed over
/// the games of more than two seats.
struct RankingTally {
    players: usize,
    seat_games: Vec<u64>,
    seat_wins: Vec<f64>,
    /// `wins[i][j]`: weighted pairwise wins of bot `i`'s seats over bot `j`'s (draws half).
    wins: Vec<Vec<f64>>,
    /// Weighted pairwise comparisons between bots `i` and `j`.
    games: Vec<Vec<f64>>,
    /// Games each bot took part in, and its victory share summed over them.
    played: Vec<u64>,
    score: Vec<f64>,
}

impl RankingTally {
    fn new(bots: usize, players: usize) -> Self {
        Self {
            players,
            seat_games: vec![0; bots],
            seat_wins: vec![0.0; bots],
            wins: vec![vec![0.0; bots]; bots],
            games: vec![vec![0.0; bots]; bots],
            played: vec![0; bots],
            score: vec![0.0; bots],
        }
    }

    /// One game: the bot of each seat, each seat's rank (1 = best) and victory share.
    fn add(&mut self, seats: &[usize], ranks: &[u32], shares: &[f64]) {
        let weight = 1.0 / (self.players as f64 - 1.0);
        for (s, &bot) in seats.iter().enumerate() {
            self.seat_games[bot] += 1;
            self.seat_wins[bot] += shares[s];
            for t in s + 1..seats.len() {
                let other = seats[t];
                if other == bot {
                    continue;
                }
                let (w_s, w_t) = match ranks[s].cmp(&ranks[t]) {
                    std::cmp::Ordering::Less => (1.0, 0.0),
                    std::cmp::Ordering::Greater => (0.0, 1.0),
                    std::cmp::Ordering::Equal => (0.5, 0.5),
                };
                self.wins[bot][other] += weight * w_s;
                self.wins[other][bot] += weight * w_t;
                self.games[bot][other] += weight;
                self.games[other][bot] += weight;
            }
        }
        let mut present: Vec<usize> = seats.to_vec();
        present.sort_unstable();
        present.dedup();
        for bot in present {
            self.played[bot] += 1;
            self.score[bot] += (0..seats.len())
                .filter(|&s| seats[s] == bot)
                .map(|s| shares[s])
                .sum::<f64>();
        }
    }

    fn shares(&self, names: &[String]) -> Vec<SeatShare> {
        let fair = 1.0 / self.players as f64;
        names
            .iter()
            .enumerate()
            .map(|(i, bot)| {
                let n = self.seat_games[i] as f64;
                let (lo, hi) = wilson(self.seat_wins[i], n, Z95);
                SeatShare {
                    bot: bot.clone(),
                    seat_games: self.seat_games[i],
                    wins: self.seat_wins[i],
                    share: if n > 0.0 { self.seat_wins[i] / n } else { 0.0 },
                    ci_low: lo,
                    ci_high: hi,
                    fair,
                }
            })
            .collect()
    }

    fn ratings(&self, names: &[String], prior_draws: f64) -> Vec<Rating> {
        let theta = bradley_terry(&self.wins, &self.games, prior_draws);
        let with_prior: Vec<Vec<f64>> = self
            .games
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&g| if g > 0.0 { g + prior_draws } else { 0.0 })
                    .collect()
            })
            .collect();
        let se = bradley_terry_errors(&theta, &with_prior);
        (0..names.len())
            .map(|i| elo_rating(&names[i], theta[i], se[i], self.played[i], self.score[i]))
            .collect()
    }
}

/// A Bradley–Terry strength and its standard error as Elo around 1500 with a 95% interval.
fn elo_rating(bot: &str, theta: f64, se: f64, games: u64, score: f64) -> Rating {
    let elo = 1500.0 + theta * ELO_PER_NAT;
    let half = Z95 * se * ELO_PER_NAT;
    Rating {
        bot: bot.to_owned(),
        elo,
        ci_low: elo - half,
        ci_high: elo + half,
        games,
        score: if games > 0 { score / games as f64 } else { 0.0 },
    }
}

/// Fits Bradley–Terry on the pair results and converts to Elo around 1500.
fn rate(names: &[String], pairs: &[PairResult], prior_draws: f64) -> Vec<Rating> {
    let n = names.len();
    let mut wins = vec![vec![0.0; n]; n];
    let mut games = vec![vec![0.0; n]; n];
    let mut played = vec![0u64; n];
    let mut score = vec![0.0; n];
    for r in pairs {
        let half = r.draws as f64 / 2.0;
        wins[r.a][r.b] += r.wins_a as f64 + half;
        wins[r.b][r.a] += r.wins_b as f64 + half;
        games[r.a][r.b] += r.games as f64;
        games[r.b][r.a] += r.games as f64;
        played[r.a] += r.games;
        played[r.b] += r.games;
        score[r.a] += r.wins_a as f64 + half;
        score[r.b] += r.wins_b as f64 + half;
    }
    let theta = bradley_terry(&wins, &games, prior_draws);
    let with_prior: Vec<Vec<f64>> = games
        .iter()
        .map(|row| {
            row.iter()
                .map(|&g| if g > 0.0 { g + prior_draws } else { 0.0 })
                .collect()
        })
        .collect();
    let se = bradley_terry_errors(&theta, &with_prior);
    (0..n)
        .map(|i| elo_rating(&names[i], theta[i], se[i], played[i], score[i]))
        .collect()
}

impl TournamentReport {
    /// The result of `row` against `col` (indices into `bots`): score rate with its interval,
    /// games and draws; `None` on the diagonal.
    pub fn cell(&self, row: usize, col: usize) -> Option<(f64, f64, f64, u64, u64)> {
        let r = self
            .pairs
            .iter()
            .find(|r| (r.a, r.b) == (row, col) || (r.a, r.b) == (col, row))?;
        let (rate, lo, hi) = if r.a == row { r.rate_a() } else { r.rate_b() };
        Some((rate, lo, hi, r.games, r.draws))
    }

    fn tables(&self) -> Vec<Table> {
        let mut headers: Vec<&str> = vec!["row vs column"];
        headers.extend(self.bots.iter().map(String::as_str));
        let mut matrix = Table::new(
            "Score rate of the row bot against the column bot (draws half), 95% Wilson \
             interval, draws",
            &headers,
            1,
        );
        for (i, bot) in self.bots.iter().enumerate() {
            let mut row = vec![bot.clone()];
            for j in 0..self.bots.len() {
                row.push(match self.cell(i, j) {
                    // The diagonal, and pairs an interrupted tournament never reached.
                    None | Some((_, _, _, 0, _)) => "—".into(),
                    Some((r, lo, hi, n, d)) => {
                        format!("{} {} n={n} d={d}", pct(r), pct_interval(lo, hi))
                    }
                });
            }
            matrix.rows.push(row);
        }
        let mut ratings = Table::new(
            "Elo (Bradley–Terry, mean 1500, 95% interval from the Fisher information)",
            &["bot", "Elo", "95% CI", "games", "score"],
            1,
        );
        let mut order: Vec<&Rating> = self.ratings.iter().collect();
        order.sort_by(|a, b| b.elo.total_cmp(&a.elo).then_with(|| a.bot.cmp(&b.bot)));
        for r in order {
            ratings.rows.push(vec![
                r.bot.clone(),
                format!("{:.0}", r.elo),
                format!("[{:.0}, {:.0}]", r.ci_low, r.ci_high),
                r.games.to_string(),
                pct(r.score),
            ]);
        }
        let mut tables = vec![matrix, ratings];
        if !self.seat_shares.is_empty() {
            let (title, unit_games) = if self.teams > 0 {
                (
                    format!(
                        "Victory share per team held (both partners), against the fair share \
                         1/{} (95% Wilson interval)",
                        self.teams
                    ),
                    "team-games",
                )
            } else {
                (
                    format!(
                        "Victory share per seat held, against the fair share 1/{} (95% Wilson \
                         interval)",
                        self.players
                    ),
                    "seat-games",
                )
            };
            let mut shares = Table::new(
                title,
                &["bot", unit_games, "share", "95% CI", "fair", "share / fair"],
                1,
            );
            for s in &self.seat_shares {
                shares.rows.push(vec![
                    s.bot.clone(),
                    s.seat_games.to_string(),
                    pct(s.share),
                    pct_interval(s.ci_low, s.ci_high),
                    pct(s.fair),
                    format!("{:.2}", s.share / s.fair),
                ]);
            }
            tables.push(shares);
            let title = if self.teams > 0 {
                "Elo from the teams' full rankings (pairwise Plackett–Luce between the teams \
                 of different bots, each comparison weighted 1/(T−1), mean 1500, 95% interval)"
            } else {
                "Elo from the full rankings (pairwise Plackett–Luce, each comparison weighted \
                 1/(n−1), mean 1500, 95% interval)"
            };
            let mut ratings = Table::new(
                title,
                &["bot", "Elo", "95% CI", "games", "victory share"],
                1,
            );
            let mut order: Vec<&Rating> = self.ranking_ratings.iter().collect();
            order.sort_by(|a, b| b.elo.total_cmp(&a.elo).then_with(|| a.bot.cmp(&b.bot)));
            for r in order {
                ratings.rows.push(vec![
                    r.bot.clone(),
                    format!("{:.0}", r.elo),
                    format!("[{:.0}, {:.0}]", r.ci_low, r.ci_high),
                    r.games.to_string(),
                    pct(r.score),
                ]);
            }
            tables.push(ratings);
        }
        tables
    }

    fn heading(&self) -> String {
        // In teams, seat 0 holds half of its team's victory: report the team's.
        let (who, factor) = if self.teams > 0 {
            ("Team 0", 2.0)
        } else {
            ("Seat 0", 1.0)
        };
        let score = factor * self.seat0_score;
        let (lo, hi) = wilson(score, self.seat0_games as f64, Z95);
        let seat0 = if self.seat0_games > 0 {
            score / self.seat0_games as f64
        } else {
            0.0
        };
        format!(
            "Tournament of {} ({}), seed {}: {} of {} games{}. {who} victory share {} {}.",
            self.game,
            self.options,
            self.seed,
            self.games_played,
            self.games_requested,
            if self.interrupted {
                " (interrupted)"
            } else {
                ""
            },
            pct(seat0),
            pct_interval(lo, hi)
        )
    }

    /// The report in `format`; contains no timing, so it is identical for any thread count.
    pub fn render(&self, format: ReportFormat) -> String {
        let mut out = String::new();
        match format {
            ReportFormat::Text | ReportFormat::Markdown => {
                if format == ReportFormat::Markdown {
                    out.push_str(&format!("## Tournament: {}\n\n", self.game));
                }
                out.push_str(&self.heading());
                out.push_str("\n\n");
                for t in self.tables() {
                    if format == ReportFormat::Text {
                        t.text(&mut out);
                    } else {
                        t.markdown(&mut out);
                    }
                }
            }
            ReportFormat::Csv => {
                let mut w = csv::Writer::from_writer(Vec::new());
                let rows = self.csv_rows();
                for r in rows {
                    // Writing to memory cannot fail.
                    let _ = w.write_record(r);
                }
                out = String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default();
            }
            ReportFormat::Json => {
                let mut doc = serde_json::to_value(self).unwrap_or_default();
                if let Some(m) = doc.as_object_mut() {
                    // Keep the document thread-count independent like the other formats.
                    m.remove("seconds");
                    m.remove("threads");
                }
                out = serde_json::to_string_pretty(&doc).unwrap_or_default();
                out.push('\n');
            }
        }
        out
    }

    /// `table,row,col,n,value,ci_low,ci_high,draws`: one `matrix` line per ordered pair of
    /// bots (the row bot's score rate), one `elo` line per bot; with more than two seats, one
    /// `seat_share` line per bot (victory share per seat; in teams `team_share`, per team) and
    /// one `ranking_elo` line per bot.
    fn csv_rows(&self) -> Vec<Vec<String>> {
        let mut rows = vec![[
            "table", "row", "col", "n", "value", "ci_low", "ci_high", "draws",
        ]
        .map(String::from)
        .to_vec()];
        for i in 0..self.bots.len() {
            for j in 0..self.bots.len() {
                if let Some((r, lo, hi, n, d)) = self.cell(i, j) {
                    rows.push(vec![
                        "matrix".into(),
                        self.bots[i].clone(),
                        self.bots[j].clone(),
                        n.to_string(),
                        format!("{r:.6}"),
                        format!("{lo:.6}"),
                        format!("{hi:.6}"),
                        d.to_string(),
                    ]);
                }
            }
        }
        // Pairwise and ranking ratings share one row shape.
        let ratings = |kind: &str, ratings: &[_]| -> Vec<Vec<String>> {
            ratings
                .iter()
                .map(|r: &Rating| {
                    vec![
                        kind.into(),
                        r.bot.clone(),
                        String::new(),
                        r.games.to_string(),
                        format!("{:.3}", r.elo),
                        format!("{:.3}", r.ci_low),
                        format!("{:.3}", r.ci_high),
                        String::new(),
                    ]
                })
                .collect()
        };
        rows.extend(ratings("elo", &self.ratings));
        let share_table = if self.teams > 0 {
            "team_share"
        } else {
            "seat_share"
        };
        for s in &self.seat_shares {
            rows.push(vec![
                share_table.into(),
                s.bot.clone(),
                String::new(),
                s.seat_games.to_string(),
                format!("{:.6}", s.share),
                format!("{:.6}", s.ci_low),
                format!("{:.6}", s.ci_high),
                String::new(),
            ]);
        }
        rows.extend(ratings("ranking_elo", &self.ranking_ratings));
        rows
    }

    /// `N games in S s (R games/s, T threads)`.
    pub fn throughput_line(&self) -> String {
        let rate = if self.seconds > 0.0 {
            self.games_played as f64 / self.seconds
        } else {
            0.0
        };
        format!(
            "{} game{} in {:.2} s ({:.1} games/s, {} thread{})",
            self.games_played,
            if self.games_played == 1 { "" } else { "s" },
            self.seconds,
            rate,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )
    }

    /// Writes the report to `path`, in the format its extension names.
    pub fn write_to(&self, path: &std::path::Path) -> Result<(), SimError> {
        write_file(path, &self.render(ReportFormat::from_path(path)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three 3-seat games between bots 0 and 1: twice bot 0 alone ahead of two bot-1 seats,
    /// once bot 1 alone ahead of two bot-0 seats. Each cross-bot comparison weighs 1/2, so
    /// bot 0 won 2 of 3 weighted comparisons: Bradley–Terry gives p = 2/3, a strength gap of
    /// ln 2 (±ln 2 / 2 around the mean), Elo 1500 ± 0.3466 × 400/ln 10 = 1560.2 / 1439.8;
    /// the information of the gap is 3 · (2/3)(1/3) = 2/3, so each strength's standard error
    /// is sqrt(1 / (4 · 2/3)) = 0.6124, a 95% half-width of 1.96 × 0.6124 × 173.72 = 208.5 Elo.
    #[test]
    fn ranking_ratings_match_hand_computed_values() {
        let mut tally = RankingTally::new(2, 3);
        tally.add(&[0, 1, 1], &[1, 2, 3], &[1.0, 0.0, 0.0]);
        tally.add(&[1, 0, 1], &[2, 1, 2], &[0.0, 1.0, 0.0]);
        tally.add(&[1, 0, 0], &[1, 2, 3], &[1.0, 0.0, 0.0]);
        let names = vec!["a".to_string(), "b".to_string()];
        let ratings = tally.ratings(&names, 0.0);
        assert!((ratings[0].elo - 1560.21).abs() < 0.05, "{:?}", ratings[0]);
        assert!((ratings[1].elo - 1439.79).abs() < 0.05, "{:?}", ratings[1]);
        let half = ratings[0].ci_high - ratings[0].elo;
        assert!((half - 208.5).abs() < 0.5, "half-width {half}");
        // Games each bot sat in, and its victory share per game.
        assert_eq!((ratings[0].games, ratings[1].games), (3, 3));
        assert!((ratings[0].score - 2.0 / 3.0).abs() < 1e-12);

        let shares = tally.shares(&names);
        assert_eq!((shares[0].seat_games, shares[1].seat_games), (4, 5));
        assert!((shares[0].share - 0.5).abs() < 1e-12);
        assert!((shares[1].share - 0.2).abs() < 1e-12);
        assert!((shares[0].fair - 1.0 / 3.0).abs() < 1e-12);
        let (lo, hi) = wilson(2.0, 4.0, Z95);
        assert_eq!((shares[0].ci_low, shares[0].ci_high), (lo, hi));
    }

    /// Without teams the pair's bots alternate per seat; in teams, per team, both partners
    /// played by one bot; leg 1 swaps them.
    #[test]
    fn seating_alternates_per_seat_or_per_team() {
        let (a, b) = (3, 7);
        assert_eq!(pair_seating(3, &[], 0, a, b), [a, b, a]);
        assert_eq!(pair_seating(3, &[], 1, a, b), [b, a, b]);
        assert_eq!(pair_seating(4, &[], 0, a, b), [a, b, a, b]);
        assert_eq!(pair_seating(4, &[0, 0, 1, 1], 0, a, b), [a, a, b, b]);
        assert_eq!(pair_seating(4, &[0, 0, 1, 1], 1, a, b), [b, b, a, a]);
        let six = [0, 0, 1, 1, 2, 2];
        assert_eq!(pair_seating(6, &six, 0, a, b), [a, a, b, b, a, a]);
        assert_eq!(pair_seating(6, &six, 1, a, b), [b, b, a, a, b, b]);
        // Over the two legs each bot holds every team position once, and partners are always
        // one bot.
        for leg in [0, 1] {
            let seats = pair_seating(6, &six, leg, a, b);
            assert!(seats.chunks(2).all(|t| t[0] == t[1]));
        }
        for s in 0..6 {
            let held: Vec<usize> = [0, 1].map(|leg| pair_seating(6, &six, leg, a, b)[s]).into();
            assert!(held.contains(&a) && held.contains(&b));
        }
    }

    /// A 6-seat game in teams seen as its 3 teams: the bot of each, the best rank of its seats
    /// and the sum of their shares; the ranking then compares only teams of different bots,
    /// each comparison weighted 1/(T−1) = 1/2.
    #[test]
    fn teams_are_ranked_as_units() {
        let teams = [0, 0, 1, 1, 2, 2];
        let seats = [0, 0, 1, 1, 0, 0];
        // Team 1 (bot 1) wins, team 0 is second, team 2 third.
        let ranks = [2, 2, 1, 1, 3, 3];
        let shares = [0.0, 0.0, 0.5, 0.5, 0.0, 0.0];
        let (bots, ranks, shares) = per_team(&teams, &seats, &ranks, &shares);
        assert_eq!(bots, [0, 1, 0]);
        assert_eq!(ranks, [2, 1, 3]);
        assert_eq!(shares, [0.0, 1.0, 0.0]);
        let mut tally = RankingTally::new(2, 3);
        tally.add(&bots, &ranks, &shares);
        // Bot 1's team beat both of bot 0's: two comparisons of weight 1/2; bot 0's two teams
        // are never compared with each other.
        assert!((tally.wins[1][0] - 1.0).abs() < 1e-12);
        assert!(tally.wins[0][1].abs() < 1e-12);
        assert!((tally.games[0][1] - 1.0).abs() < 1e-12);
        assert_eq!((tally.seat_games[0], tally.seat_games[1]), (2, 1));
        assert!((tally.seat_wins[1] - 1.0).abs() < 1e-12);
        let shares = tally.shares(&["a".to_string(), "b".to_string()]);
        assert!((shares[0].fair - 1.0 / 3.0).abs() < 1e-12);
        // Individual ranks (partners apart): the team's rank is its best seat's.
        let (_, ranks, _) = per_team(&[0, 0, 1, 1], &[0, 0, 1, 1], &[4, 1, 2, 3], &[0.0; 4]);
        assert_eq!(ranks, [1, 2]);
    }

    /// Equal ranks between different bots are half a win each.
    #[test]
    fn tied_ranks_are_draws() {
        let mut tally = RankingTally::new(2, 3);
        tally.add(&[0, 1, 1], &[1, 1, 3], &[0.5, 0.5, 0.0]);
        // Seat 0 (bot 0) draws seat 1 and beats seat 2, each comparison weighing 1/2.
        assert!((tally.wins[0][1] - 0.75).abs() < 1e-12);
        assert!((tally.wins[1][0] - 0.25).abs() < 1e-12);
        assert!((tally.games[0][1] - 1.0).abs() < 1e-12);
    }
}
