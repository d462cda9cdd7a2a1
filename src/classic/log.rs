//! Readable game logs and the card listing.

use serde::Serialize;

use super::cities_data::CityEffect;
use super::data::{
    CardId, Class, Direction, Edition, Effect, ExpansionSet, Per, Power, Resource, Whose, RESOURCES,
};
use super::expansion::catalog;
use super::leaders_data::LeaderStagePower;
use super::state::{
    Action, ClassicConfig, ClassicGame, Free, Played, SidePolicy, RECRUITMENT_TURN,
};
use crate::common::text::{count, score_pad, seat, seats, title_case};

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
            .map(|&e| crate::classic::cities::effect_text(e))
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
        Power::City(e) => crate::classic::cities::effect_text(e),
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

fn purchase_text(p: &[u8; RESOURCES]) -> String {
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

/// A readable account of a game: each seat's action with what it paid to whom and for which
/// resources, the coins each seat received, the military results of each Age and the final
/// score pad. Works on a game in progress too (up to its last resolved action).
pub fn turn_log(game: &ClassicGame) -> Vec<String> {
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
        | Action::Recruit { .. }
        | Action::SellLeader { .. }
        | Action::DiscardVictoryToken { .. }
        | Action::BuryLeader { .. } => 0,
        // Aspasia recruited by Roma night's stage.
        Action::RecruitExtra { leader } => leader
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
pub(crate) fn played_text(g: &ClassicGame, p: &Played) -> String {
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
