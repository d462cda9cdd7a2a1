//! The log as it was told before the engine told its events: by replaying the game from its
//! set-up. Kept only to check, over many random games, that the log read from the events says
//! exactly the same.

use super::cities_data::CityEffect;
use super::data::{CardId, Edition, Effect, Power};
use super::log::purchase_text;
use super::state::{
    Action, ClassicConfig, ClassicGame, Free, Played, SidePolicy, RECRUITMENT_TURN,
};
use crate::common::text::{count, score_pad, seat, seats, title_case};

const AGES: [&str; 3] = ["I", "II", "III"];

/// A readable account of a game: each seat's action with what it paid to whom and for which
/// resources, the coins each seat received, the military results of each Age and the final
/// score pad. Works on a game in progress too (up to its last resolved action).
pub fn replayed_turn_log(game: &ClassicGame) -> Vec<String> {
    let n = game.players();
    let setup = game.setup();
    let config = ClassicConfig {
        players: n,
        edition: game.edition(),
        sides: SidePolicy::PerSeat(setup.wonders.iter().map(|w| w.1).collect()),
        collapse_payment_splits: false,
        wonders: setup.wonders.iter().map(|w| Some(w.0)).collect(),
        expansions: game.catalog().expansions,
        leader_decks: setup.leader_decks.clone(),
        teams: game.plays_in_teams(),
    };
    let mut g = ClassicGame::from_setup(&config, &setup).expect("a game's own setup is valid");
    let cat = game.catalog();
    let name = |c: CardId| cat.card(c).name;
    let mut out = Vec::new();
    let seat_name = |s: usize| {
        let c = game.city(s);
        format!(
            "seat {s} ({} {})",
            title_case(c.wonder.id()),
            title_case(c.side.id())
        )
    };
    out.push(format!(
        "7 Wonders {} edition, {n} players{}",
        if game.edition() == Edition::V1 {
            "1st"
        } else {
            "2nd"
        },
        game.seed().map_or(String::new(), |s| format!(", seed {s}"))
    ));
    if game.plays_in_teams() {
        let teams: Vec<String> = (0..n / 2)
            .map(|t| format!("team {t} = seats {} and {}", 2 * t, 2 * t + 1))
            .collect();
        out.push(format!(
            "Team variant: {}; each seat fights only its opposing neighbour, for 2 tokens",
            teams.join(", ")
        ));
    }
    for s in 0..n {
        out.push(format!(
            "  {}: hand of Age I: {}",
            seat_name(s),
            g.hand(s)
                .iter()
                .map(|&c| name(c))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut header = (0u8, u8::MAX);
    let mut lines_of_turn: Vec<String> = Vec::new();
    let mut coins_before: Vec<u32> = (0..n).map(|s| g.city(s).coins).collect();
    let mut military_before: Vec<i32> = (0..n).map(|s| g.city(s).military).collect();
    // Cities: Diplomacy tokens held at the end of the last resolved turn and gained since,
    // and debt tokens as last shown.
    let mut diplomacy: Vec<u8> = vec![0; n];
    let mut diplomacy_gained: Vec<u8> = vec![0; n];
    let mut debt_before: Vec<u8> = vec![0; n];
    let mut final_conflicts_shown = false;
    for p in game.history() {
        let seat = p.seat as usize;
        // Coin losses and Leaders' decisions end the turn they belong to: no header of their
        // own. The leader draft and the recruitment turns have theirs.
        let ends_a_turn = matches!(
            p.action,
            Action::CoinLoss { .. }
                | Action::DiscardVictoryToken { .. }
                | Action::BuryLeader { .. }
                | Action::RecruitExtra { .. }
        );
        let key = if matches!(p.action, Action::Draft { .. }) {
            (0, RECRUITMENT_TURN - 1)
        } else if p.turn == RECRUITMENT_TURN {
            (g.age(), RECRUITMENT_TURN)
        } else {
            (g.age(), g.turn())
        };
        if key != header && !ends_a_turn {
            header = key;
            let age = AGES[g.age() as usize - 1];
            out.push(match p.action {
                Action::Draft { .. } => "Leader draft (picks face down, hands pass right)".into(),
                _ if p.turn == RECRUITMENT_TURN => format!("Age {age} recruitment turn"),
                _ if g.turn() <= g.last_turn() => format!("Age {age} turn {}", g.turn() + 1),
                _ if g.last_turn() == 5 => format!("Age {age} after the sixth turn"),
                _ => format!("Age {age} after the last turn"),
            });
        }
        let age_before = g.age();
        let text = played_text(&g, p);
        lines_of_turn.push(format!("  {}: {text}", seat_name(seat)));
        diplomacy_gained[seat] += diplomacy_tokens(&g, seat, p.action);
        let before = (g.age(), g.turn(), g.history().len());
        g.play(p.action).expect("a game's own history replays");
        if g.history().len() > before.2 || g.age() != before.0 {
            // The turn (or step) resolved: print it with the coins received.
            out.append(&mut lines_of_turn);
            let mut gains = Vec::new();
            for (s, before) in coins_before.iter_mut().enumerate() {
                let now = g.city(s).coins;
                if now != *before {
                    gains.push(format!("seat {s} {before} -> {now}"));
                }
                *before = now;
            }
            if !gains.is_empty() {
                out.push(format!("  coins: {}", gains.join(", ")));
            }
            let mut debts = Vec::new();
            for (s, before) in debt_before.iter_mut().enumerate() {
                let now = g.city(s).debt;
                if now != *before {
                    debts.push(format!("seat {s} +{}", now - *before));
                }
                *before = now;
            }
            if !debts.is_empty() {
                out.push(format!("  debt tokens: {}", debts.join(", ")));
            }
            for (s, gained) in diplomacy_gained.iter_mut().enumerate() {
                if *gained > 0 {
                    out.push(format!(
                        "  seat {s} takes {}",
                        count(*gained, "Diplomacy token")
                    ));
                }
                diplomacy[s] += std::mem::take(gained);
            }
        }
        if g.age() != age_before || (g.conflicts_done() && !final_conflicts_shown) {
            final_conflicts_shown |= g.conflicts_done();
            let shown = age_before;
            let mut parts = Vec::new();
            for (s, before) in military_before.iter_mut().enumerate() {
                let c = g.city(s);
                parts.push(format!(
                    "seat {s}: {}, {:+} VP",
                    count(c.shields, "shield"),
                    c.military - *before
                ));
                *before = c.military;
            }
            let sits_out: Vec<bool> = (0..n).map(|s| diplomacy[s] > 0).collect();
            let sat_out: Vec<String> = (0..n)
                .filter(|&s| sits_out[s])
                .map(|s| format!("seat {s}"))
                .collect();
            for d in diplomacy.iter_mut() {
                *d = d.saturating_sub(1);
            }
            let diplomacy_note = if g.plays_in_teams() {
                team_conflicts_text(&g, &sits_out)
            } else if sat_out.is_empty() {
                String::new()
            } else {
                // Who fought whom once the seats sitting out are left aside.
                let fights: Vec<String> = crate::classic::cities::conflicts(&sits_out)
                    .map(|(a, b)| format!("{a}-{b}"))
                    .collect();
                let fights = if fights.is_empty() {
                    "nobody fights".to_string()
                } else {
                    format!("conflicts {}", fights.join(", "))
                };
                format!(" ({} sat out by Diplomacy; {fights})", sat_out.join(", "))
            };
            out.push(format!(
                "End of Age {}: military{diplomacy_note} {}",
                AGES[shown as usize - 1],
                parts.join(", ")
            ));
        }
    }
    out.append(&mut lines_of_turn);
    if g.is_over() {
        // The score pad: a column per seat, as in every game's log.
        let winners = g.winners();
        let header: Vec<String> = (0..n).map(seat).collect();
        let mut rows: Vec<(String, Vec<String>)> = vec![(
            String::new(),
            (0..n)
                .map(|s| {
                    let c = g.city(s);
                    format!("{} {}", title_case(c.wonder.id()), title_case(c.side.id()))
                })
                .collect(),
        )];
        let scores: Vec<_> = (0..n).map(|s| g.score(s)).collect();
        for (i, line) in g.score_lines().iter().enumerate() {
            rows.push((
                line.id().to_string(),
                scores
                    .iter()
                    .map(|sc| sc.lines(g.score_lines())[i].1.to_string())
                    .collect(),
            ));
        }
        rows.push((
            "total".into(),
            scores.iter().map(|sc| sc.total.to_string()).collect(),
        ));
        rows.push((
            "coins".into(),
            (0..n).map(|s| g.city(s).coins.to_string()).collect(),
        ));
        out.push("=== Final score ===".into());
        out.extend(score_pad(&header, &rows));
        if !g.plays_in_teams() {
            out.push(if winners.len() == 1 {
                format!("{} wins", seat(winners[0]))
            } else {
                format!("Shared victory: {}", seats(&winners))
            });
        }
        if g.plays_in_teams() {
            let totals: Vec<String> = g
                .team_totals()
                .iter()
                .enumerate()
                .map(|(t, total)| {
                    let coins = g.city(2 * t).coins + g.city(2 * t + 1).coins;
                    format!("team {t} {total} ({coins} coins)")
                })
                .collect();
            let won: Vec<String> = winners
                .chunks(2)
                .map(|pair| format!("team {}", pair[0] / 2))
                .collect();
            out.push(format!(
                "Team totals: {}; {} {}",
                totals.join(", "),
                won.join(" and "),
                if won.len() == 1 {
                    "wins"
                } else {
                    "share the victory"
                }
            ));
        }
    }
    out
}

/// The team variant's conflicts of an Age's end: who fought whom, with the shields and the
/// tokens at stake (2, one fewer per Diplomacy token used); `uses_diplomacy` per seat.
fn team_conflicts_text(g: &ClassicGame, uses_diplomacy: &[bool]) -> String {
    let fights: Vec<String> = crate::classic::teams::conflicts(g.players())
        .map(|(a, b)| {
            let tokens = crate::classic::teams::tokens([uses_diplomacy[a], uses_diplomacy[b]]);
            let users: Vec<String> = [a, b]
                .iter()
                .filter(|&&s| uses_diplomacy[s])
                .map(|s| format!("seat {s}"))
                .collect();
            let diplomacy = if users.is_empty() {
                String::new()
            } else {
                format!(", Diplomacy by {}", users.join(" and "))
            };
            format!(
                "seat {a} ({}) against seat {b} ({}) for {tokens} token{}{diplomacy}",
                g.city(a).shields,
                g.city(b).shields,
                if tokens == 1 { "" } else { "s" }
            )
        })
        .collect();
    format!(" (teams: {})", fights.join("; "))
}

/// Cities: the Diplomacy tokens `action` gives `seat` (a black card or a Byzantium stage).
fn diplomacy_tokens(g: &ClassicGame, seat: usize, action: Action) -> u8 {
    let is_diplomacy = |e: &CityEffect| *e == CityEffect::Diplomacy;
    match action {
        Action::Build { card, .. }
        | Action::BuildFree { card }
        | Action::BuildDiscarded { card } => match g.catalog().card(card).effect {
            Effect::City(effects) => effects.iter().filter(|e| is_diplomacy(e)).count() as u8,
            _ => 0,
        },
        Action::Wonder { .. } => {
            let c = g.city(seat);
            let board = g.catalog().side(c.wonder, c.side.index());
            board.stages.get(c.stages as usize).map_or(0, |st| {
                st.powers
                    .iter()
                    .filter(|p| matches!(p, Power::City(e) if is_diplomacy(e)))
                    .count() as u8
            })
        }
        Action::Sell { .. }
        | Action::CopyGuild { .. }
        | Action::CoinLoss { .. }
        | Action::Draft { .. }
        | Action::SellLeader { .. }
        | Action::DiscardVictoryToken { .. }
        | Action::BuryLeader { .. } => 0,
        // Aspasia (the replayed log forgot her recruitment in a recruitment turn).
        Action::Recruit { leader } | Action::RecruitExtra { leader } => leader
            .leader()
            .effects
            .iter()
            .map(|e| match e {
                crate::classic::leaders_data::LeaderEffect::Diplomacy(n) => *n,
                _ => 0,
            })
            .sum(),
        // Byzantium's stages with a leader under the board give their tokens too.
        Action::WonderLeader { .. } => {
            let c = g.city(seat);
            let board = g.catalog().side(c.wonder, c.side.index());
            board.stages.get(c.stages as usize).map_or(0, |st| {
                st.powers
                    .iter()
                    .filter(|p| matches!(p, Power::City(e) if is_diplomacy(e)))
                    .count() as u8
            })
        }
    }
}

/// What one resolved action did and what it paid, to whom and why, as the log and the web page
/// say it. `g` is the game before the action's turn resolved (what neighbours sold is priced
/// on their cities of that moment).
fn played_text(g: &ClassicGame, p: &Played) -> String {
    let cat = g.catalog();
    let name = |c: CardId| cat.card(c).name;
    let seat = p.seat as usize;
    match p.action {
        Action::Build {
            card,
            pay_left,
            pay_right,
        }
        | Action::Wonder {
            card,
            pay_left,
            pay_right,
        } => {
            let is_build = matches!(p.action, Action::Build { .. });
            let cost = if is_build {
                cat.card(card).cost.resources
            } else {
                let c = g.city(seat);
                cat.side(c.wonder, c.side.index()).stages[c.stages as usize]
                    .cost
                    .resources
            };
            let what = if is_build {
                format!("builds {}", name(card))
            } else {
                format!("builds wonder stage {} (tucking {})", p.stage, name(card))
            };
            let mut paid = Vec::new();
            match p.free {
                Free::Chain => return format!("{what}, free by chain"),
                Free::WonderPower => return format!("{what}, free by wonder power"),
                Free::Leader => return format!("{what}, free by a leader"),
                Free::No => {
                    if p.pay_bank > 0 {
                        paid.push(format!("{} to the bank", p.pay_bank));
                    }
                    if pay_left + pay_right > 0 {
                        let why = g.explain_purchase(seat, &cost, pay_left, pay_right);
                        for (amount, to, bought) in [
                            (pay_left, g.left_of(seat), why.map(|w| w.left)),
                            (pay_right, g.right_of(seat), why.map(|w| w.right)),
                        ] {
                            if amount > 0 {
                                paid.push(format!(
                                    "{amount} to seat {to} for {}",
                                    bought.map_or("resources".into(), |b| purchase_text(&b))
                                ));
                            }
                        }
                    }
                }
            }
            if paid.is_empty() {
                what
            } else {
                format!("{what}, paying {}", paid.join(", "))
            }
        }
        Action::BuildFree { card } => {
            format!(
                "builds {}, free by Olympia's free build of the Age",
                name(card)
            )
        }
        Action::Sell { card } => format!("sells {} for 3 coins", name(card)),
        Action::BuildDiscarded { card } => {
            format!("builds {} from the discard pile", name(card))
        }
        Action::CopyGuild { guild, from } => format!("copies {} from seat {from}", name(guild)),
        Action::CoinLoss { coins, debt } => {
            format!(
                "loses {}: pays {coins}, takes {}",
                count(coins + debt, "coin"),
                count(debt, "debt token")
            )
        }
        Action::Draft { leader } => format!("drafts {} (face down)", leader.leader().name),
        Action::Recruit { leader } => {
            format!(
                "recruits {}, paying {} to the bank",
                leader.leader().name,
                p.pay_bank
            )
        }
        Action::WonderLeader {
            leader,
            pay_left,
            pay_right,
        } => format!(
            "builds wonder stage {} with {} under the board, paying {pay_left} left, \
             {pay_right} right, {} to the bank",
            p.stage,
            leader.leader().name,
            p.pay_bank
        ),
        Action::SellLeader { leader } => {
            format!("sells {} for 3 coins", leader.leader().name)
        }
        Action::DiscardVictoryToken { value } => {
            format!("discards a victory token of {value} (Telesilla)")
        }
        Action::BuryLeader { leader } => {
            format!("buries {} under Abu Simbel", leader.leader().name)
        }
        Action::RecruitExtra { leader } => format!(
            "recruits {} (Roma), paying {} to the bank",
            leader.leader().name,
            p.pay_bank
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::data::{Expansion, ExpansionSet};
    use crate::common::GameRng;
    use rand::{Rng, SeedableRng};

    /// The log read from the events says, line for line, what the log replayed from the
    /// set-up said, over random games of every table: both editions, 3 to 7 seats, Leaders,
    /// Cities, both, and the team variant.
    #[test]
    fn the_log_of_the_events_is_the_replayed_log() {
        for seed in 0..400u64 {
            let players = 3 + (seed % 5) as usize;
            let edition = if seed % 7 == 0 {
                Edition::V1
            } else {
                Edition::V2
            };
            let mut config = ClassicConfig::new(players, edition);
            config.sides = SidePolicy::Mixed;
            if edition == Edition::V2 {
                let (leaders, cities) = ((seed / 2) % 2 == 1, (seed / 4) % 2 == 1);
                config.expansions = ExpansionSet::NONE
                    .with_if(Expansion::LEADERS, leaders)
                    .with_if(Expansion::CITIES, cities);
                config.teams = cities && players % 2 == 0 && seed % 3 == 0;
            }
            let mut g = ClassicGame::new(&config, seed).unwrap();
            let mut events = Vec::new();
            g.tell_setup(&mut events);
            let mut rng = GameRng::seed_from_u64(seed);
            let mut legal = Vec::new();
            // Some games stop half-way: the log of a game in progress too.
            let stop = if seed % 10 == 9 { 40 } else { usize::MAX };
            while !g.is_over() && g.history().len() < stop {
                g.legal(&mut legal);
                g.play_telling(legal[rng.random_range(0..legal.len())], &mut events)
                    .unwrap();
            }
            let told = crate::classic::log::turn_log(&g, &events);
            let replayed = replayed_turn_log(&g);
            for (i, (a, b)) in told.iter().zip(&replayed).enumerate() {
                assert_eq!(a, b, "seed {seed} line {i} ({config:?})");
            }
            assert_eq!(told.len(), replayed.len(), "seed {seed}");
        }
    }
}
