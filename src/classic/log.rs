//! Readable game logs and the card listing.

use serde::Serialize;

use super::data::{
    CardId, Class, Direction, Edition, Effect, ExpansionSet, Per, Power, Resource, Whose, RESOURCES,
};
use super::expansion::catalog;
use super::leaders_data::LeaderStagePower;

use super::state::{Action, ClassicGame, Event, Free, Payee, Played, RECRUITMENT_TURN};
use wonders_common::text::{count, score_pad, seat, seats, title_case};

fn per_text(per: Per) -> String {
    match per {
        Per::Cards(colors) => colors.iter().map(|c| c.id()).collect::<Vec<_>>().join("/") + " card",
        Per::Stages => "wonder stage".to_string(),
    }
}

fn whose_text(whose: Whose) -> &'static str {
    match whose {
        Whose::Own => "own city",
        Whose::Neighbours => "both neighbours",
        Whose::OwnAndNeighbours => "own city and both neighbours",
    }
}

fn resources_text(rs: &[Resource]) -> String {
    rs.iter().map(|r| r.id()).collect::<Vec<_>>().join("/")
}

/// A card effect in words.
pub fn effect_text(e: &Effect) -> String {
    match *e {
        Effect::Produce(r, n) => format!("produces {n} {}", r.id()),
        Effect::OneOf(rs) => format!("produces one of {}", resources_text(rs)),
        Effect::Points(p) => format!("{p} VP"),
        Effect::PointsOn(line, p) => format!("{p} VP on the {} line", line.id()),
        Effect::City(effects) => effects
            .iter()
            .map(|&e| crate::cities::effect_text(e))
            .collect::<Vec<_>>()
            .join("; "),
        Effect::Shields(s) => count(s, "shield"),
        Effect::Science(s) => format!("science: {}", s.id()),
        Effect::Coins(c) => count(c, "coin"),
        Effect::Discount(d, c) => {
            let class = match c {
                Class::Raw => "raw",
                Class::Manufactured => "manufactured",
            };
            let from = match d {
                Direction::Left => "the left neighbour",
                Direction::Right => "the right neighbour",
                Direction::Both => "both neighbours",
            };
            format!("buys {class} resources from {from} at 1 coin")
        }
        Effect::Commerce {
            per,
            whose,
            coins,
            points,
        } => {
            let mut s = format!(
                "{coins} coins per {} in {}",
                per_text(per),
                whose_text(whose)
            );
            if points > 0 {
                s += &format!("; {points} VP per {} at game end", per_text(per));
            }
            s
        }
        Effect::Guild { per, whose, points } => {
            format!("{points} VP per {} in {}", per_text(per), whose_text(whose))
        }
        Effect::ScienceWild => "science: one symbol of choice".to_string(),
        Effect::PerDefeat { whose, points } => {
            format!("{points} VP per defeat token in {}", whose_text(whose))
        }
        Effect::WonderComplete(p) => format!("{p} VP if every wonder stage is built"),
    }
}

/// A wonder-stage power in words.
pub fn power_text(p: &Power) -> String {
    match *p {
        Power::Points(v) => format!("{v} VP"),
        Power::Shields(s) => count(s, "shield"),
        Power::Coins(c) => count(c, "coin"),
        Power::OneOf(rs) => format!("produces one of {} (not for sale)", resources_text(rs)),
        Power::ScienceWild => "science: one symbol of choice".into(),
        Power::RawDiscountBoth => "raw resources from both neighbours at 1 coin".into(),
        Power::PlayLastCard => "plays the last card of each Age".into(),
        Power::BuildFromDiscard => "builds a discarded card for free".into(),
        Power::FreeBuildEachAge => "one free build each Age".into(),
        Power::CopyGuild => "copies a neighbour's guild at game end".into(),
        Power::FirstOfColourFree => "a building of a new colour is free".into(),
        Power::FirstOfAgeFree => "the first card of each Age is free".into(),
        Power::LastOfAgeFree => "the last card of each Age is free".into(),
        Power::City(e) => crate::cities::effect_text(e),
        Power::Leaders(p) => match p {
            LeaderStagePower::DrawLeaders(n) => format!("draws {n} leaders from the box"),
            LeaderStagePower::RecruitExtra => "recruits one more leader at once".into(),
            LeaderStagePower::BuryLeader => {
                "buries a face-up leader: twice its cost in points".into()
            }
            LeaderStagePower::Points(v) => format!("{v} VP"),
            LeaderStagePower::Coins(c) => format!("{c} coins"),
        },
    }
}

/// One row of the card listing: a physical card copy, or a wonder stage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardRow {
    pub edition: &'static str,
    /// `"card"` or `"stage"`.
    pub kind: &'static str,
    /// Card: its Age. Stage: 0.
    pub age: u8,
    /// Card id, or wonder id for a stage.
    pub id: &'static str,
    /// Card name, or the wonder's monument name.
    pub name: &'static str,
    /// Card colour; for a stage the side (`a`, `b`, `day`, `night`).
    pub color: &'static str,
    /// Card: printed minimum player count (`"3+"`) or `"guild"`. Stage: its number (`"2"`).
    pub players: String,
    pub cost: String,
    /// Buildings that make this one free (comma-separated ids).
    pub chain_from: String,
    pub effect: String,
}

/// Every card copy and every wonder stage of an edition, in table order.
pub fn card_rows(edition: Edition) -> Vec<CardRow> {
    let cat = catalog(edition, ExpansionSet::NONE);
    let mut rows = Vec::new();
    for copy in &cat.copies {
        let c = cat.card(copy.card);
        rows.push(CardRow {
            edition: edition.id(),
            kind: "card",
            age: copy.age,
            id: c.key,
            name: c.name,
            color: c.color.id(),
            players: copy
                .min_players
                .map_or("guild".to_string(), |p| format!("{p}+")),
            cost: c.cost.describe(),
            chain_from: c
                .chain_from
                .iter()
                .map(|i| cat.card(CardId(i)).key)
                .collect::<Vec<_>>()
                .join(","),
            effect: effect_text(&c.effect),
        });
    }
    for &w in &cat.boards {
        for side in 0..2 {
            let s = cat.side(w, side);
            for (k, st) in s.stages.iter().enumerate() {
                rows.push(CardRow {
                    edition: edition.id(),
                    kind: "stage",
                    age: 0,
                    id: w.id(),
                    name: s.name,
                    color: s.side.id(),
                    players: (k + 1).to_string(),
                    cost: st.cost.describe(),
                    chain_from: String::new(),
                    effect: st
                        .powers
                        .iter()
                        .map(power_text)
                        .collect::<Vec<_>>()
                        .join("; ")
                        + &if k == 0 {
                            match s.resource {
                                Some(r) => format!(" (board produces {})", r.id()),
                                None => " (the board produces nothing)".into(),
                            }
                        } else {
                            String::new()
                        },
                });
            }
        }
    }
    rows
}

pub(crate) fn purchase_text(p: &[u8; RESOURCES]) -> String {
    let mut parts = Vec::new();
    for r in Resource::ALL {
        match p[r as usize] {
            0 => {}
            1 => parts.push(r.id().to_string()),
            q => parts.push(format!("{q} {}", r.id())),
        }
    }
    parts.join(" + ")
}

const AGES: [&str; 3] = ["I", "II", "III"];

/// A seat as the log names it: `seat 2 (Gizah A)`.
fn seat_name(game: &ClassicGame, s: usize) -> String {
    let c = game.city(s);
    format!(
        "seat {s} ({} {})",
        title_case(c.wonder.id()),
        title_case(c.side.id())
    )
}

/// A readable account of a game from the events its engine told (set-up included, see
/// [`ClassicGame::tell_setup`]): each seat's action with what it paid to whom and for which
/// resources, the coins each seat received, the military results of each Age and the final
/// score pad. Works on a game in progress too (up to its last resolved action).
pub fn turn_log(game: &ClassicGame, events: &[Event]) -> Vec<String> {
    let n = game.players();
    let mut out = Vec::new();
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
    let cat = game.catalog();
    if let Some(Event::HandsDealt { hands, .. }) = events
        .iter()
        .find(|e| matches!(e, Event::HandsDealt { .. }))
    {
        for (s, hand) in hands.iter().enumerate() {
            let names: Vec<&str> = hand.iter().map(|&c| cat.card(c).name).collect();
            out.push(format!(
                "  {}: hand of Age I: {}",
                seat_name(game, s),
                names.join(", ")
            ));
        }
    }
    let last_turn = game.last_turn();
    let mut header = (0u8, u8::MAX);
    let mut lines_of_turn: Vec<String> = Vec::new();
    // Coins as the events moved them, and as last shown; debt and Diplomacy tokens taken
    // since the last resolved step; military points at the last Age's end.
    let mut coins: Vec<u32> = vec![0; n];
    let mut coins_shown: Vec<u32> = vec![0; n];
    let mut debt_taken: Vec<u8> = vec![0; n];
    let mut diplomacy_taken: Vec<u8> = vec![0; n];
    let mut military_before: Vec<i32> = vec![0; n];
    let mut conflicts = None;
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::Seated { seat, coins: c, .. } => {
                coins[*seat as usize] = *c;
                coins_shown[*seat as usize] = *c;
            }
            Event::HandsDealt { .. }
            | Event::HandsPassed { .. }
            | Event::LastCardDiscarded { .. } => {}
            Event::Played(p) => {
                // Coin losses and Leaders' decisions end the turn they belong to: no header of
                // their own. The leader draft and the recruitment turns have theirs.
                let ends_a_turn = matches!(
                    p.action,
                    Action::CoinLoss { .. }
                        | Action::DiscardVictoryToken { .. }
                        | Action::BuryLeader { .. }
                        | Action::RecruitExtra { .. }
                );
                let key = if matches!(p.action, Action::Draft { .. }) {
                    (0, RECRUITMENT_TURN - 1)
                } else {
                    (p.age, p.turn)
                };
                if key != header && !ends_a_turn {
                    header = key;
                    let age = AGES[p.age as usize - 1];
                    out.push(match p.action {
                        Action::Draft { .. } => {
                            "Leader draft (picks face down, hands pass right)".into()
                        }
                        _ if p.turn == RECRUITMENT_TURN => format!("Age {age} recruitment turn"),
                        _ if p.turn <= last_turn => format!("Age {age} turn {}", p.turn + 1),
                        _ if last_turn == 5 => format!("Age {age} after the sixth turn"),
                        _ => format!("Age {age} after the last turn"),
                    });
                }
                let text = played_text(game, p, &events[i + 1..]);
                lines_of_turn.push(format!("  {}: {text}", seat_name(game, p.seat as usize)));
            }
            Event::Paid { seat, coins: c, .. } => coins[*seat as usize] -= c,
            Event::Income { seat, coins: c } => coins[*seat as usize] += c,
            Event::CoinLoss {
                seat,
                coins: c,
                debt,
            } => {
                coins[*seat as usize] -= u32::from(*c);
                debt_taken[*seat as usize] += debt;
            }
            Event::Debt { seat, tokens } => debt_taken[*seat as usize] += tokens,
            Event::Diplomacy { seat, tokens } => diplomacy_taken[*seat as usize] += tokens,
            Event::Conflicts { .. } => conflicts = Some(event),
            Event::Resolved => {
                // The turn (or step) resolved: print it with the coins received.
                out.append(&mut lines_of_turn);
                let gains: Vec<String> = (0..n)
                    .filter(|&s| coins[s] != coins_shown[s])
                    .map(|s| format!("seat {s} {} -> {}", coins_shown[s], coins[s]))
                    .collect();
                coins_shown.clone_from(&coins);
                if !gains.is_empty() {
                    out.push(format!("  coins: {}", gains.join(", ")));
                }
                let debts: Vec<String> = (0..n)
                    .filter(|&s| debt_taken[s] > 0)
                    .map(|s| format!("seat {s} +{}", debt_taken[s]))
                    .collect();
                debt_taken.fill(0);
                if !debts.is_empty() {
                    out.push(format!("  debt tokens: {}", debts.join(", ")));
                }
                for (s, taken) in diplomacy_taken.iter_mut().enumerate() {
                    if *taken > 0 {
                        out.push(format!(
                            "  seat {s} takes {}",
                            count(*taken, "Diplomacy token")
                        ));
                    }
                    *taken = 0;
                }
                if let Some(Event::Conflicts {
                    age,
                    shields,
                    diplomacy,
                    military,
                }) = conflicts.take()
                {
                    out.push(conflicts_text(
                        game,
                        *age,
                        shields,
                        diplomacy,
                        military,
                        &military_before,
                    ));
                    military_before.clone_from(military);
                }
            }
            Event::GameOver { .. } => {
                out.append(&mut lines_of_turn);
                out.push("=== Final score ===".into());
                out.extend(final_score(game, event));
            }
        }
    }
    out.append(&mut lines_of_turn);
    out
}

/// The line of an Age's conflicts: each seat's shields and the military points it took since
/// the last Age's end, with who sat out by Diplomacy and who fought whom.
fn conflicts_text(
    game: &ClassicGame,
    age: u8,
    shields: &[u8],
    diplomacy: &[bool],
    military: &[i32],
    military_before: &[i32],
) -> String {
    let n = game.players();
    let parts: Vec<String> = (0..n)
        .map(|s| {
            format!(
                "seat {s}: {}, {:+} VP",
                count(shields[s], "shield"),
                military[s] - military_before[s]
            )
        })
        .collect();
    let sat_out: Vec<String> = (0..n)
        .filter(|&s| diplomacy[s])
        .map(|s| format!("seat {s}"))
        .collect();
    let diplomacy_note = if game.plays_in_teams() {
        team_conflicts_text(n, shields, diplomacy)
    } else if sat_out.is_empty() {
        String::new()
    } else {
        // Who fought whom once the seats sitting out are left aside.
        let fights: Vec<String> = crate::cities::conflicts(diplomacy)
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        let fights = if fights.is_empty() {
            "nobody fights".to_string()
        } else {
            format!("conflicts {}", fights.join(", "))
        };
        format!(" ({} sat out by Diplomacy; {fights})", sat_out.join(", "))
    };
    format!(
        "End of Age {}: military{diplomacy_note} {}",
        AGES[age as usize - 1],
        parts.join(", ")
    )
}

/// The score pad (a column per seat, as in every game's log), the winners and, in the team
/// variant, the teams' totals.
fn final_score(game: &ClassicGame, game_over: &Event) -> Vec<String> {
    let Event::GameOver {
        points,
        totals,
        coins,
        winners,
        team_totals,
    } = game_over
    else {
        return Vec::new();
    };
    let n = game.players();
    let header: Vec<String> = (0..n).map(seat).collect();
    let mut rows: Vec<(String, Vec<String>)> = vec![(
        String::new(),
        (0..n)
            .map(|s| {
                let c = game.city(s);
                format!("{} {}", title_case(c.wonder.id()), title_case(c.side.id()))
            })
            .collect(),
    )];
    for (i, line) in game.score_lines().iter().enumerate() {
        rows.push((
            line.id().to_string(),
            points.iter().map(|p| p[i].to_string()).collect(),
        ));
    }
    rows.push((
        "total".into(),
        totals.iter().map(|t| t.to_string()).collect(),
    ));
    rows.push((
        "coins".into(),
        coins.iter().map(|c| c.to_string()).collect(),
    ));
    let mut out = score_pad(&header, &rows);
    if !game.plays_in_teams() {
        out.push(if winners.len() == 1 {
            format!("{} wins", seat(winners[0]))
        } else {
            format!("Shared victory: {}", seats(winners))
        });
    } else {
        let totals: Vec<String> = team_totals
            .iter()
            .enumerate()
            .map(|(t, total)| {
                let coins = coins[2 * t] + coins[2 * t + 1];
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
    out
}

/// The final score pad of a finished game, as its log ends.
pub fn score_pad_of(game: &ClassicGame) -> Vec<String> {
    final_score(game, &game.game_over_event())
}

/// The team variant's conflicts of an Age's end: who fought whom, with the shields and the
/// tokens at stake (2, one fewer per Diplomacy token used); `uses_diplomacy` per seat.
fn team_conflicts_text(n: usize, shields: &[u8], uses_diplomacy: &[bool]) -> String {
    let fights: Vec<String> = crate::teams::conflicts(n)
        .map(|(a, b)| {
            let tokens = crate::teams::tokens([uses_diplomacy[a], uses_diplomacy[b]]);
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
                shields[a],
                shields[b],
                if tokens == 1 { "" } else { "s" }
            )
        })
        .collect();
    format!(" (teams: {})", fights.join("; "))
}

/// Each action the events tell as resolved, with its seat, in the log's words.
pub(crate) fn played_texts(game: &ClassicGame, events: &[Event]) -> Vec<(usize, String)> {
    events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e {
            Event::Played(p) => Some((p.seat as usize, played_text(game, p, &events[i + 1..]))),
            _ => None,
        })
        .collect()
}

/// What one resolved action did and what it paid, to whom and why, as the log and the web page
/// say it; `after` holds the events that follow it (its payments come before the next action).
fn played_text(game: &ClassicGame, p: &Played, after: &[Event]) -> String {
    let cat = game.catalog();
    let name = |c: CardId| cat.card(c).name;
    match p.action {
        Action::Build { card, .. } | Action::Wonder { card, .. } => {
            let what = if matches!(p.action, Action::Build { .. }) {
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
                    let payments = after
                        .iter()
                        .take_while(|e| !matches!(e, Event::Played(_) | Event::Resolved));
                    for e in payments {
                        if let Event::Paid {
                            seat,
                            to: Payee::Seat(to),
                            coins,
                            bought,
                        } = e
                        {
                            if *seat == p.seat {
                                paid.push(format!(
                                    "{coins} to seat {to} for {}",
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
