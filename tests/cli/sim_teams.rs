//! 7 Wonders' team variant through the simulator: the CSV's `team` column, the summary's team
//! tables read against the CSV, resuming an interrupted run, and tournaments seating one bot
//! per team.

use crate::cli_support;
use cli_support::{bots, read_csv, tmp};

use std::path::Path;

use wonders::common::OptionSet;
use wonders::registry::{
    parse_game_spec, Entry, ReportFormat, RunOptions, SimulateOptions, SimulateReport,
    TournamentBot, TournamentOptions,
};
use wonders::sim::Summary;

const TEAMS_4P: &str = "classic:players=4,edition=v2,expansions=cities,variant=teams";
const TEAMS_6P: &str = "classic:players=6,edition=v2,expansions=leaders+cities,variant=teams";

fn spec(text: &str) -> (&'static dyn Entry, OptionSet) {
    parse_game_spec(text).unwrap()
}

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

fn simulate(game: &str, csv: &Path, games: u64, more: SimulateOptions) -> SimulateReport {
    let (entry, options) = spec(game);
    let opts = SimulateOptions {
        run: RunOptions {
            seed: 17,
            games,
            threads: 2,
            out: Some(csv.to_owned()),
            chunk_size: 8,
            ..more.run.clone()
        },
        ..more.clone()
    };
    let config = entry.configure(&options).unwrap();
    config.simulate(&opts, &bots("random")).unwrap()
}

/// Each team's victory share per game, from the CSV's rows (a winning seat counts 1/k of the
/// k winners, a team the sum of its seats'), keyed by team.
fn team_shares_from_csv(header: &[String], rows: &[Vec<String>], players: usize) -> Vec<f64> {
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let mut shares = vec![0.0; players / 2];
    for game in rows.chunks(players) {
        let winners = game.iter().filter(|r| r[col("win")] == "1").count();
        assert!(winners > 0, "a game without a winner");
        for r in game {
            if r[col("win")] == "1" {
                let team: usize = r[col("team")].parse().unwrap();
                shares[team] += 1.0 / winners as f64;
            }
        }
    }
    shares
}

#[test]
fn a_run_in_teams_has_a_team_column_and_team_tables() {
    for (game, players, games) in [(TEAMS_4P, 4, 40), (TEAMS_6P, 6, 20)] {
        let csv = tmp(&format!("run-{players}.csv"));
        let report = simulate(
            game,
            &csv,
            games,
            SimulateOptions {
                run: RunOptions {
                    force: true,
                    ..RunOptions::default()
                },
                ..Default::default()
            },
        );
        assert_eq!(report.games_played, games);
        let (header, rows) = read_csv(&csv);
        let col = |name: &str| header.iter().position(|h| h == name).unwrap();
        // `team` sits between `seat` and `bot`.
        assert_eq!(col("team"), col("seat") + 1);
        assert_eq!(col("bot"), col("team") + 1);
        assert_eq!(rows.len() as u64, games * players as u64);
        for r in &rows {
            let seat: usize = r[col("seat")].parse().unwrap();
            assert_eq!(r[col("team")], (seat / 2).to_string());
            // Team games never pass for ordinary Cities games in a CSV.
            assert!(
                r[col("options")].ends_with(",teams"),
                "{}",
                r[col("options")]
            );
        }

        // The summary's team table is the CSV's count: per team, its seats' victory shares.
        let summary = report.summary.rows();
        let shares = team_shares_from_csv(&header, &rows, players);
        let team_rows: Vec<_> = summary
            .iter()
            .filter(|r| r.table == "win_rate_by_team")
            .collect();
        assert_eq!(team_rows.len(), players / 2);
        for (t, r) in team_rows.iter().enumerate() {
            assert_eq!(
                (r.bot.as_str(), r.key.clone(), r.n),
                ("all", t.to_string(), games)
            );
            assert!((r.value - shares[t] / games as f64).abs() < 1e-12, "{r:?}");
            let (lo, hi) = (r.ci_low.unwrap(), r.ci_high.unwrap());
            assert!(lo <= r.value && r.value <= hi && lo < hi, "{r:?}");
        }
        // Every game gives out one whole victory over its teams.
        let total: f64 = team_rows.iter().map(|r| r.value).sum();
        assert!((total - 1.0).abs() < 1e-9, "team shares sum to {total}");

        // One board pair per team and game, named by the partners' boards in order.
        let pairs: Vec<_> = summary
            .iter()
            .filter(|r| r.table == "win_rate_by_board_pair")
            .collect();
        assert_eq!(
            pairs.iter().map(|r| r.n).sum::<u64>(),
            games * (players / 2) as u64
        );
        for r in &pairs {
            let (x, y) = r.key.split_once('+').unwrap();
            assert!(x < y, "{}", r.key);
        }
        let first = &rows[0..2];
        let mut boards = [
            first[0][col("wonder")].clone(),
            first[1][col("wonder")].clone(),
        ];
        boards.sort();
        let key = boards.join("+");
        let csv_pair_games = rows
            .chunks(2)
            .filter(|t| {
                let mut b = [t[0][col("wonder")].clone(), t[1][col("wonder")].clone()];
                b.sort();
                b.join("+") == key
            })
            .count() as u64;
        let row = pairs.iter().find(|r| r.key == key).unwrap();
        assert_eq!(row.n, csv_pair_games);

        let text = report.summary.render(ReportFormat::Text);
        let fair = format!("(fair share {:.1}%)", 100.0 / (players / 2) as f64);
        assert!(
            text.contains(&format!("Win rate by team position {fair}")),
            "{text}"
        );
        assert!(text.contains("Win rate by board pair (all, fair share"));
        let md = report.summary.render(ReportFormat::Markdown);
        assert!(md.contains("### Win rate by team position"));
        let json = report.summary.render(ReportFormat::Json);
        assert!(json.contains("\"table\": \"win_rate_by_board_pair\""));
        let csv_summary = report.summary.render(ReportFormat::Csv);
        assert!(csv_summary.contains(&format!("\nwin_rate_by_team,all,0,{games},")));
    }
}

#[test]
fn a_run_without_teams_has_no_team_column() {
    let csv = tmp("no-teams.csv");
    let report = simulate(
        "classic:players=4,edition=v2,expansions=cities",
        &csv,
        6,
        SimulateOptions {
            run: RunOptions {
                force: true,
                ..RunOptions::default()
            },
            ..Default::default()
        },
    );
    let (header, _) = read_csv(&csv);
    assert!(!header.iter().any(|h| h == "team"));
    let i = header.iter().position(|h| h == "seat").unwrap();
    assert_eq!(header[i + 1], "bot");
    let text = every_format(&report.summary);
    assert!(!text.contains("team") && !text.contains("board_pair"));
}

/// Drops the last `bytes` bytes of a file, as a run killed in the middle of a write leaves it.
fn tear(path: &Path, bytes: u64) {
    let len = std::fs::metadata(path).unwrap().len();
    let f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    f.set_len(len - bytes).unwrap();
}

#[test]
fn an_interrupted_run_in_teams_resumes_to_the_uninterrupted_run() {
    let full_csv = tmp("full.csv");
    let full = simulate(
        TEAMS_4P,
        &full_csv,
        40,
        SimulateOptions {
            run: RunOptions {
                force: true,
                ..RunOptions::default()
            },
            ..Default::default()
        },
    );
    let full_text = std::fs::read_to_string(&full_csv).unwrap();

    let csv = tmp("resumed.csv");
    let cut = simulate(
        TEAMS_4P,
        &csv,
        40,
        SimulateOptions {
            run: RunOptions {
                stop_after: Some(13),
                force: true,
                ..RunOptions::default()
            },
            ..Default::default()
        },
    );
    assert!(cut.interrupted && cut.games_played < 40);
    // Killed in the middle of a row.
    tear(&csv, 9);
    let resumed = simulate(
        TEAMS_4P,
        &csv,
        40,
        SimulateOptions {
            resume: true,
            ..Default::default()
        },
    );
    assert_eq!(resumed.games_resumed, cut.games_played - 1);
    assert_eq!(resumed.games_played, 40);
    assert!(
        std::fs::read_to_string(&csv).unwrap() == full_text,
        "the resumed CSV differs from the uninterrupted run's"
    );
    assert_eq!(every_format(&resumed.summary), every_format(&full.summary));

    // A team column that does not say the run's teams is refused, naming it.
    let bad = tmp("bad-team.csv");
    let mut lines: Vec<String> = full_text.lines().map(String::from).collect();
    assert!(lines[2].contains(",4,1,0,random,"), "{}", lines[2]);
    lines[2] = lines[2].replace(",4,1,0,random,", ",4,1,1,random,");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    // Resuming `csv_file` as a run of `game`: the error.
    let resume_error = |game: &str, csv_file: &Path| {
        let (entry, options) = spec(game);
        entry
            .configure(&options)
            .unwrap()
            .simulate(
                &SimulateOptions {
                    run: RunOptions {
                        seed: 17,
                        games: 40,
                        out: Some(csv_file.to_owned()),
                        ..RunOptions::default()
                    },
                    resume: true,
                    ..Default::default()
                },
                &bots("random"),
            )
            .unwrap_err()
    };
    let e = resume_error(TEAMS_4P, &bad);
    assert!(
        e.contains("line 2") && e.contains("seat 1 is in team \"1\"") && e.contains("team \"0\""),
        "{e}"
    );
    // Resuming a team run without the variant is refused at the header.
    let e = resume_error("classic:players=4,edition=v2,expansions=cities", &csv);
    assert!(e.contains("the header is not this run's"), "{e}");
}

#[test]
fn a_tournament_in_teams_seats_one_bot_per_team() {
    for (game, players, games) in [(TEAMS_4P, 4usize, 10u64), (TEAMS_6P, 6, 4)] {
        let (entry, options) = spec(game);
        let out = tmp(&format!("tournament-{players}.csv"));
        let opts = TournamentOptions {
            run: RunOptions {
                seed: 5,
                games,
                threads: 2,
                out: Some(out.clone()),
                chunk_size: 4,
                force: true,
                ..TournamentOptions::default().run
            },
            ..Default::default()
        };
        let seats: Vec<TournamentBot> = bots("random,greedy")
            .into_iter()
            .map(TournamentBot::Spec)
            .collect();
        let config = entry.configure(&options).unwrap();
        let report = config.tournament(&opts, &seats).unwrap();
        assert_eq!(report.games_played, 2 * games);
        assert_eq!(report.teams, players / 2);

        let (header, rows) = read_csv(&out);
        let col = |name: &str| header.iter().position(|h| h == name).unwrap();
        assert_eq!(col("team"), col("seat") + 1);
        // Leg 0: teams a, b, a …; leg 1: b, a, b … — partners always one bot.
        let (mut wins_a, mut wins_b, mut draws) = (0, 0, 0);
        for game in rows.chunks(players) {
            let leg: usize = game[0][col("leg")].parse().unwrap();
            let mut score = [0.0; 2];
            let winners = game.iter().filter(|r| r[col("win")] == "1").count() as f64;
            for r in game {
                let seat: usize = r[col("seat")].parse().unwrap();
                assert_eq!(r[col("team")], (seat / 2).to_string());
                let side = (seat / 2 + leg) % 2;
                let want = if side == 0 { "bot_a" } else { "bot_b" };
                assert_eq!(r[col("bot")], r[col(want)], "seat {seat} of leg {leg}");
                if r[col("win")] == "1" {
                    score[side] += 1.0 / winners;
                }
            }
            if (score[0] - score[1]).abs() < 1e-9 {
                draws += 1;
            } else if score[0] > score[1] {
                wins_a += 1;
            } else {
                wins_b += 1;
            }
        }
        // The pair's score is each bot's seats' victory shares summed, as the CSV says.
        let pair = &report.pairs[0];
        assert_eq!(
            (pair.wins_a, pair.wins_b, pair.draws),
            (wins_a, wins_b, draws)
        );

        // The multi-seat tables count teams: each bot holds players/2 teams over a match's two
        // legs, against the fair share 1/teams.
        let teams = players / 2;
        assert_eq!(report.seat_shares.len(), 2);
        let mut total_wins = 0.0;
        for s in &report.seat_shares {
            assert_eq!(s.seat_games, games * teams as u64);
            assert!((s.fair - 1.0 / teams as f64).abs() < 1e-12);
            total_wins += s.wins;
        }
        assert!((total_wins - (2 * games) as f64).abs() < 1e-9);
        assert_eq!(report.ranking_ratings.len(), 2);
        let text = report.render(ReportFormat::Text);
        assert!(
            text.contains(&format!(
                "Victory share per team held (both partners), against the fair share 1/{teams}"
            )),
            "{text}"
        );
        assert!(text.contains("team-games"));
        let csv_report = report.render(ReportFormat::Csv);
        assert!(csv_report.contains("\nteam_share,random,,"));
        assert!(!csv_report.contains("seat_share"));
        let json = report.render(ReportFormat::Json);
        assert!(json.contains(&format!("\"teams\": {teams}")));
    }
}
