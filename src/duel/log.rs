//! A readable account of a Duel game, turn by turn: what each player did, what it paid and
//! why, military moves and loot, science pairs and Progress tokens, and the final score pad.

use std::fmt::Write;

use super::data::{Resource, CARDS, MILITARY_TOKENS, PROGRESS_TOKENS, WONDERS};
use super::state::{Action, Duel, Pending, Score};

const AGES: [&str; 3] = ["I", "II", "III"];

fn plural(n: u16) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// How a payment breaks down: printed coins, then each bought resource at its price.
fn payment_reason(
    game: &Duel,
    seat: usize,
    printed: u16,
    need: super::data::Resources,
    waive: u8,
) -> String {
    let (bought, _) = game.purchase(seat, need, waive);
    let prices = game.trade_prices(seat);
    let mut parts = Vec::new();
    if printed > 0 {
        parts.push(format!("{printed} printed"));
    }
    for r in Resource::ALL {
        let n = bought.get(r);
        if n > 0 {
            let p = prices[r as usize];
            let why = if p == 1 {
                "fixed price".to_string()
            } else {
                format!("2 + {} opponent", p - 2)
            };
            parts.push(format!("{n} {} at {p} ({why})", r.id()));
        }
    }
    if waive > 0 {
        parts.push(format!("{waive} units waived"));
    }
    parts.join(", ")
}

/// The lines describing `action`, played in `before` and leading to `after`.
pub fn describe_step(before: &Duel, action: Action, after: &Duel) -> Vec<String> {
    let seat = before.current_seat();
    let who = format!("P{}", seat + 1);
    let mut lines = Vec::new();
    match action {
        Action::PickWonder(w) => {
            lines.push(format!("Draft: {who} takes {}", WONDERS[w as usize].name));
        }
        Action::Build { card, paid } => {
            let c = &CARDS[card as usize];
            let how = if paid == 0 && before.is_chain_build(seat, card) {
                " free by chain".to_string()
            } else if paid == 0 {
                " for free".to_string()
            } else {
                let waive = before.player(seat).card_waive(c);
                format!(
                    " for {paid} coin{} ({})",
                    plural(paid),
                    payment_reason(before, seat, c.cost_coins as u16, c.cost, waive)
                )
            };
            lines.push(format!("{who} builds {} [{}]{how}", c.name, c.color.id()));
        }
        Action::Discard { card } => {
            let gained = before.discard_value(seat);
            lines.push(format!(
                "{who} discards {} for {gained} coin{}",
                CARDS[card as usize].name,
                plural(gained)
            ));
        }
        Action::Wonder { card, wonder, paid } => {
            let w = &WONDERS[wonder as usize];
            let waive = before.player(seat).wonder_waive();
            let pay = if paid == 0 {
                "for free".to_string()
            } else {
                format!(
                    "for {paid} coin{} ({})",
                    plural(paid),
                    payment_reason(before, seat, 0, w.cost, waive)
                )
            };
            lines.push(format!(
                "{who} builds the Wonder {} with {} {pay}",
                w.name, CARDS[card as usize].name
            ));
            if after.wonders_built_total() == 7 && before.wonders_built_total() == 6 {
                lines.push(
                    "  Seventh Wonder built: the last unbuilt Wonder goes back to the box".into(),
                );
            }
        }
        Action::Progress(t) => lines.push(format!(
            "  {who} takes the Progress token {}",
            PROGRESS_TOKENS[t as usize].name
        )),
        Action::Destroy(c) => lines.push(format!(
            "  {who} destroys the opponent's {}",
            CARDS[c as usize].name
        )),
        Action::BuildDiscarded(c) => lines.push(format!(
            "  {who} builds {} from the discard pile for free",
            CARDS[c as usize].name
        )),
        Action::GreatLibrary(t) => lines.push(format!(
            "  {who} keeps the boxed Progress token {}",
            PROGRESS_TOKENS[t as usize].name
        )),
        Action::ChooseStarter(s) => {
            lines.push(format!("  {who} chooses P{} to start the Age", s + 1))
        }
        // TODO(pantheon branch): the expansion's own lines.
        _ => lines.push(format!("  {who}: {}", super::state::describe(action))),
    }
    // Coins moved by the action's effects.
    for p in 0..2 {
        let (b, a) = (before.player(p).coins as i32, after.player(p).coins as i32);
        let spent = match action {
            Action::Build { paid, .. } | Action::Wonder { paid, .. } if p == seat => paid as i32,
            _ => 0,
        };
        let delta = a - b + spent;
        let discard_gain = matches!(action, Action::Discard { .. }) && p == seat;
        if delta != 0 && !discard_gain {
            lines.push(format!(
                "  P{} {} {} coin{} ({} now)",
                p + 1,
                if delta > 0 { "gains" } else { "loses" },
                delta.abs(),
                plural(delta.unsigned_abs() as u16),
                a
            ));
        }
    }
    if before.pawn() != after.pawn() {
        lines.push(format!(
            "  Conflict pawn {} -> {}",
            before.pawn(),
            after.pawn()
        ));
        let looted = before.military_tokens_left() & !after.military_tokens_left();
        for (i, &(lo, _, coins)) in MILITARY_TOKENS.iter().enumerate() {
            if looted >> i & 1 == 1 {
                let victim = if lo > 0 { 2 } else { 1 };
                lines.push(format!(
                    "  Military token: P{victim} loses up to {coins} coins"
                ));
            }
        }
    }
    if after.pending() == Some(Pending::Progress) && before.pending() != Some(Pending::Progress) {
        lines.push(format!(
            "  {who} has a pair of scientific symbols: chooses a Progress token"
        ));
    }
    if after.age() != before.age() && !after.is_over() {
        lines.push(format!(
            "=== Age {} begins ===",
            AGES[(after.age() - 1) as usize]
        ));
        if after.pending() == Some(Pending::Starter) {
            lines.push(format!(
                "  P{} chooses who starts",
                after.current_seat() + 1
            ));
        } else {
            lines.push(format!("  P{} starts", after.current_seat() + 1));
        }
    }
    lines
}

/// The final score pad and the victory.
pub fn score_pad(game: &Duel) -> String {
    let mut out = String::new();
    let scores = [game.score(0), game.score(1)];
    let _ = writeln!(out, "{:<12} {:>5} {:>5}", "", "P1", "P2");
    for (i, name) in Score::CATEGORIES.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:<12} {:>5} {:>5}",
            name,
            scores[0].categories()[i],
            scores[1].categories()[i]
        );
    }
    let _ = writeln!(
        out,
        "{:<12} {:>5} {:>5}",
        "total",
        scores[0].total(),
        scores[1].total()
    );
    let _ = writeln!(
        out,
        "{:<12} {:>5} {:>5}",
        "coins",
        game.player(0).coins,
        game.player(1).coins
    );
    if let Some((victory, winners)) = game.outcome() {
        let names: Vec<String> = winners.iter().map(|w| format!("P{}", w + 1)).collect();
        let _ = writeln!(
            out,
            "{} by {} victory",
            if winners.len() == 2 {
                "Shared victory".to_string()
            } else {
                format!("{} wins", names[0])
            },
            victory.id()
        );
    }
    out
}
