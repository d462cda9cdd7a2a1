//! A readable account of a Duel game, turn by turn: what each player did, what it paid and
//! why, military moves and loot, science pairs and Progress tokens, and the final score pad.

use std::fmt::Write;

use super::data::{
    is_grand_temple, Progress, Resource, TokenId, CARDS, FIRST_GRAND_TEMPLE, MILITARY_TOKENS,
    NUM_WONDERS, PROGRESS_TOKENS, WONDERS,
};
use super::events::Event;
use super::pantheon_data::{
    space_cost, DivinityEffect, DivinityId, Mythology, DIVINITIES, GATE, GRAND_TEMPLES,
    MYTHOLOGY_TOKEN_SLOTS, OFFERING_TOKEN_SLOTS,
};
use super::state::{offering_values, Action, Duel, Pending, GATE_ID, NO_DIVINITY, NO_TOKEN};

/// Enki's id.
const ENKI_ID: DivinityId = 0;

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

/// "a Greek", "an Egyptian".
fn a_or_an(word: &str) -> String {
    let vowel = word.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// "seat 0", "seat 1": the name every game's log gives a seat.
fn who(seat: usize) -> String {
    wonders_common::text::seat(seat)
}

/// A Divinity's name, or "the Gate".
fn divinity_label(d: DivinityId) -> String {
    if d == GATE_ID {
        "the Gate".to_string()
    } else {
        DIVINITIES[d as usize].name.to_string()
    }
}

/// "Zeus (greek)".
fn divinity_with_mythology(d: DivinityId) -> String {
    let div = &DIVINITIES[d as usize];
    format!("{} ({})", div.name, div.mythology.id())
}

/// A military token named by where it lies: "the 5-coin token on seat 1's side".
fn military_token(i: u8) -> String {
    let (lo, _, coins) = MILITARY_TOKENS[i as usize];
    let side = if lo > 0 { 1 } else { 0 };
    format!("the {coins}-coin military token on seat {side}'s side")
}

/// The part of the step's payment taken from the coins on Astarte (the treasury pays first).
fn from_astarte(told: &Told) -> u8 {
    told.iter()
        .find_map(|e| match *e {
            Event::Paid { from_astarte, .. } => Some(from_astarte),
            _ => None,
        })
        .unwrap_or(0)
}

/// ", 2 from Astarte" when part of a payment comes from the coins on Astarte.
fn astarte_part(told: &Told) -> String {
    match from_astarte(told) {
        0 => String::new(),
        n => format!(", {n} from Astarte"),
    }
}

/// How an activation's price is made: the space's cost for the seat, the Gate's doubling, the
/// Sanctuary, the Offering tokens used and the coins taken from Astarte.
fn activation_reason(
    before: &Duel,
    seat: usize,
    space: u8,
    gate: bool,
    offerings: u8,
    told: &Told,
) -> String {
    let base = space_cost(space, seat);
    let mut parts = vec![format!("space {space} costs {} {base}", who(seat))];
    let mut cost = base as u16;
    if gate {
        cost *= GATE.cost_factor as u16;
        parts.push(format!("doubled for the Gate: {cost}"));
    }
    let discount = before.pantheon_discount(seat) as u16;
    if discount > 0 {
        cost = cost.saturating_sub(discount);
        parts.push(format!("the Sanctuary takes {discount} off: {cost}"));
    }
    let used = offering_values(offerings);
    if !used.is_empty() {
        let values: Vec<String> = used.iter().map(|v| v.to_string()).collect();
        parts.push(format!(
            "Offering token{} {} used",
            if used.len() == 1 { "" } else { "s" },
            values.join(" + ")
        ));
    }
    if from_astarte(told) > 0 {
        parts.push(format!("{} from Astarte", from_astarte(told)));
    }
    parts.join("; ")
}

/// The events of one step, with the questions the log asks of them.
struct Told<'a>(&'a [Event]);

impl Told<'_> {
    fn iter(&self) -> impl Iterator<Item = &Event> {
        self.0.iter()
    }

    /// The step asks for `decision` next.
    fn asks(&self, decision: Pending) -> bool {
        self.iter()
            .any(|e| matches!(e, Event::Asks { decision: d, .. } if *d == decision))
    }

    /// The game ended in this step.
    fn ends(&self) -> bool {
        self.iter()
            .any(|e| matches!(e, Event::GameOver | Event::Supremacy { .. }))
    }

    /// The tokens Enki drew and kept in this step (none if it drew none or sent them back).
    fn enki_revealed(&self) -> Option<&[TokenId]> {
        let mut kept = None;
        for e in self.iter() {
            match e {
                Event::EnkiDrawn { tokens } => kept = Some(&tokens[..]),
                Event::EnkiReturned { .. } => kept = None,
                _ => {}
            }
        }
        kept
    }
}

/// What activating `divinity` by `seat` did (its effect) or asks for (its decision).
fn activation_effect(seat: usize, divinity: DivinityId, told: &Told) -> Vec<String> {
    let d = &DIVINITIES[divinity as usize];
    let me = who(seat);
    let opp = who(1 - seat);
    let asks = |p: Pending| told.asks(p) || told.ends();
    let line = match d.effect {
        DivinityEffect::ProgressChoice { .. } => {
            let offered = told.iter().find_map(|e| match e {
                Event::EnkiOffers { tokens, .. } => Some(tokens),
                _ => None,
            });
            match offered {
                Some(tokens) if asks(Pending::Enki) => {
                    format!("{}: {me} chooses one of {}", d.name, token_names(tokens))
                }
                _ => format!("{}: no Progress token on it, nothing to take", d.name),
            }
        }
        DivinityEffect::Science(symbol) => {
            format!(
                "{}: {me} gains the {} scientific symbol",
                d.name,
                symbol.id()
            )
        }
        DivinityEffect::CopyOpponentScience => {
            if asks(Pending::Nisaba) {
                format!("{}: {me} chooses a green card of {opp} to copy", d.name)
            } else {
                format!("{}: {opp} has no green card, nothing to copy", d.name)
            }
        }
        DivinityEffect::ProtectedCoins(n) => {
            let now = told
                .iter()
                .find_map(|e| match e {
                    Event::AstarteCoins { now, .. } => Some(*now),
                    _ => None,
                })
                .unwrap_or(n);
            format!(
                "{}: {n} coins on {me}'s card ({now} there now; safe from losses, 1 VP each at \
                 the end)",
                d.name,
            )
        }
        DivinityEffect::StealCard(_) => {
            if asks(Pending::Baal) {
                format!("{}: {me} chooses a brown or grey card of {opp}", d.name)
            } else {
                format!(
                    "{}: {opp} has no brown or grey card, nothing to take",
                    d.name
                )
            }
        }
        DivinityEffect::Coins(n) => format!(
            "{}: {me} takes {}",
            d.name,
            wonders_common::text::count(n, "coin")
        ),
        DivinityEffect::Points(n) => format!("{}: {n} VP for {me} at the end", d.name),
        DivinityEffect::BuildFromDiscard => {
            if asks(Pending::Hades) {
                format!("{}: {me} chooses a card of the discard pile", d.name)
            } else {
                format!("{}: the discard pile is empty, nothing to build", d.name)
            }
        }
        DivinityEffect::DiscardLayoutCard => {
            if asks(Pending::Zeus) {
                format!("{}: {me} chooses a card of the layout", d.name)
            } else {
                format!("{}: no card left in the layout", d.name)
            }
        }
        DivinityEffect::UnbuildWonder => {
            if asks(Pending::Anubis) {
                format!("{}: {me} chooses a built Wonder", d.name)
            } else {
                format!("{}: no Wonder is built, nothing to unbuild", d.name)
            }
        }
        DivinityEffect::WonderFromDiscard => {
            if asks(Pending::Isis) {
                format!("{}: {me} chooses a discarded card and a Wonder", d.name)
            } else {
                format!(
                    "{}: no discarded card, or no Wonder {me} may build, nothing to build",
                    d.name
                )
            }
        }
        DivinityEffect::StealUnbuiltWonder => {
            if asks(Pending::Ra) {
                format!("{}: {me} chooses an unbuilt Wonder of {opp}", d.name)
            } else {
                format!("{}: {opp} has no unbuilt Wonder to take", d.name)
            }
        }
        DivinityEffect::Shields(n) => format!(
            "{}: {} for {me}",
            d.name,
            wonders_common::text::count(n, "shield")
        ),
        DivinityEffect::MinervaPawn => format!("{}: {me} places the Minerva pawn", d.name),
        DivinityEffect::MilitaryTokens => {
            if asks(Pending::Neptune) {
                format!("{}: {me} chooses two military tokens", d.name)
            } else {
                format!("{}: no military token left", d.name)
            }
        }
    };
    let mut lines = vec![format!("  {line}")];
    lines.extend(enki_lines(told));
    lines
}

/// "Law and Economy".
fn token_names(tokens: &[TokenId]) -> String {
    tokens
        .iter()
        .map(|&t| PROGRESS_TOKENS[t as usize].name)
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Enki revealed during a step (the start of Age II, the Gate or the Divine Theater), with the
/// tokens drawn from the box onto it.
fn enki_lines(told: &Told) -> Vec<String> {
    told.enki_revealed()
        .map(|tokens| {
            format!(
                "  Enki is revealed: {} from the box lie on it",
                token_names(tokens)
            )
        })
        .into_iter()
        .collect()
}

/// The lines describing `action`, played in `before`, from the events it made (`events`, as
/// [`Duel::play_heard`] tells them). `before` explains prices (what the seat paid for, at which
/// trade prices) and names the decision answered; what happened comes from the events.
pub fn describe_step(before: &Duel, action: Action, events: &[Event]) -> Vec<String> {
    let told = Told(events);
    let seat = before.current_seat();
    let who = who(seat);
    let opp = self::who(1 - seat);
    let mut lines = Vec::new();
    match action {
        Action::PickWonder(w) => {
            lines.push(format!("Draft: {who} takes {}", WONDERS[w as usize].name));
        }
        Action::Build { card, paid } => {
            let c = &CARDS[card as usize];
            let engineering = before.player(seat).has(Progress::Engineering)
                && c.chain_from.is_some()
                && !before.is_chain_build(seat, card);
            let how = if paid == 0 && is_grand_temple(card) && before.is_chain_build(seat, card) {
                let m = GRAND_TEMPLES[(card - FIRST_GRAND_TEMPLE) as usize].mythology;
                format!(
                    " free with its {} Mythology token (kept; a chain build)",
                    m.name()
                )
            } else if paid == 0 && before.is_chain_build(seat, card) {
                " free by chain".to_string()
            } else if paid == 0 {
                " for free".to_string()
            } else if engineering {
                format!(
                    " for {paid} coin{} (Engineering{})",
                    plural(paid),
                    astarte_part(&told)
                )
            } else {
                let waive = before.player(seat).card_waive(c);
                format!(
                    " for {paid} coin{} ({}{})",
                    plural(paid),
                    payment_reason(before, seat, c.cost_coins as u16, c.cost, waive),
                    astarte_part(&told)
                )
            };
            lines.push(format!("{who} builds {} [{}]{how}", c.name, c.color.id()));
        }
        Action::Discard { card } => {
            let gained: u16 = told
                .iter()
                .map(|e| match e {
                    Event::CoinsGained { seat: s, coins, .. } if *s as usize == seat => *coins,
                    _ => 0,
                })
                .sum();
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
                    "for {paid} coin{} ({}{})",
                    plural(paid),
                    payment_reason(before, seat, 0, w.cost, waive),
                    astarte_part(&told)
                )
            };
            lines.push(format!(
                "{who} builds the Wonder {} with {} {pay}",
                w.name, CARDS[card as usize].name
            ));
            if told.asks(Pending::DivineTheater) {
                lines.push(format!(
                    "  {who} takes a Mythology deck to activate one of its Divinities (the Divine \
                     Theater)"
                ));
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
            "  {who} builds {} from the discard pile for free{}",
            CARDS[c as usize].name,
            if before.pending() == Some(Pending::Hades) {
                " (Hades)"
            } else {
                ""
            }
        )),
        Action::GreatLibrary(t) => lines.push(format!(
            "  {who} keeps the boxed Progress token {}",
            PROGRESS_TOKENS[t as usize].name
        )),
        Action::ChooseStarter(s) => {
            lines.push(format!("  {who} chooses seat {s} to start the Age"))
        }
        Action::PlaceDivinity { divinity, space } => {
            let m = DIVINITIES[divinity as usize].mythology;
            let put_back = told.iter().find_map(|e| match e {
                Event::DivinityPlaced { put_back, .. } => *put_back,
                _ => None,
            });
            let seen = match put_back {
                Some(other) => format!(
                    "{} placed, {} back on top of the deck",
                    DIVINITIES[divinity as usize].name, DIVINITIES[other as usize].name
                ),
                None => format!(
                    "{}, the deck's last card",
                    DIVINITIES[divinity as usize].name
                ),
            };
            lines.push(format!(
                "  {who} places {} Divinity face down on space {space} (seen by {who} only: \
                 {seen})",
                a_or_an(m.name())
            ));
        }
        Action::Activate {
            divinity,
            offerings,
            paid,
        } => {
            let gate = divinity == GATE_ID;
            let space = told
                .iter()
                .find_map(|e| match e {
                    Event::DivinityActivated { space, .. } => *space,
                    _ => None,
                })
                .unwrap_or(0);
            let pay = if paid == 0 {
                "for free".to_string()
            } else {
                format!("for {paid} coin{}", plural(paid))
            };
            lines.push(format!(
                "{who} activates {} on space {space} {pay} ({})",
                divinity_label(divinity),
                activation_reason(before, seat, space, gate, offerings, &told)
            ));
            if gate {
                let tops = told
                    .iter()
                    .find_map(|e| match e {
                        Event::GateReveals { tops } => Some(&tops[..]),
                        _ => None,
                    })
                    .unwrap_or(&[]);
                if tops.is_empty() {
                    lines.push("  The Gate: every Mythology deck is empty".into());
                } else {
                    let tops: Vec<String> =
                        tops.iter().map(|&d| divinity_with_mythology(d)).collect();
                    lines.push(format!(
                        "  The Gate reveals the top card of each Mythology deck: {}",
                        tops.join(", ")
                    ));
                }
                lines.extend(enki_lines(&told));
            } else {
                lines.extend(activation_effect(seat, divinity, &told));
            }
        }
        Action::Gate(d) => {
            lines.push(format!(
                "  {who} activates {} from the top of the {} deck for free (the Gate); the \
                 other top cards go back face down",
                DIVINITIES[d as usize].name,
                DIVINITIES[d as usize].mythology.name()
            ));
            if told.iter().any(|e| matches!(e, Event::EnkiReturned { .. })) {
                lines.push("  Enki's Progress tokens go back to the box".into());
            }
            lines.extend(activation_effect(seat, d, &told));
        }
        Action::DivineTheaterDeck(m) => lines.push(format!(
            "  {who} takes the {} deck and looks through it",
            Mythology::ALL[m as usize].name()
        )),
        Action::DivineTheater { divinity, rest } => {
            let enki_back = divinity != ENKI_ID && rest.contains(&ENKI_ID);
            let rest: Vec<&str> = rest
                .iter()
                .filter(|&&d| d != NO_DIVINITY)
                .map(|&d| DIVINITIES[d as usize].name)
                .collect();
            let back = if rest.is_empty() {
                "the deck is now empty".to_string()
            } else {
                format!(
                    "the rest go back (seen by {who} only: {}, top first)",
                    rest.join(", ")
                )
            };
            lines.push(format!(
                "  {who} activates {} for free (the Divine Theater); {back}",
                DIVINITIES[divinity as usize].name
            ));
            if enki_back {
                lines.push(
                    "  Enki was in the deck: its 2 Progress tokens were drawn and go to the back \
                     of the box"
                        .into(),
                );
            }
            lines.extend(activation_effect(seat, divinity, &told));
        }
        Action::Enki(t) => {
            let back = told
                .iter()
                .find_map(|e| match e {
                    Event::EnkiReturned { tokens } => Some(tokens),
                    _ => None,
                })
                .map_or(String::new(), |back| {
                    let names: Vec<&str> = back
                        .iter()
                        .map(|&x| PROGRESS_TOKENS[x as usize].name)
                        .collect();
                    format!("; {} goes back to the box", names.join(", "))
                });
            lines.push(format!(
                "  {who} takes the Progress token {} from Enki{back}",
                PROGRESS_TOKENS[t as usize].name
            ));
        }
        Action::Nisaba(c) => {
            let card = &CARDS[c as usize];
            lines.push(format!(
                "  {who} puts the Snake on {opp}'s {}: a copy of its {} symbol (Nisaba)",
                card.name,
                card.science.map_or("?", |s| s.id())
            ));
        }
        Action::Baal(c) => {
            let card = &CARDS[c as usize];
            lines.push(format!(
                "  {who} takes {opp}'s {} [{}] into its city (Baal)",
                card.name,
                card.color.id()
            ));
        }
        Action::Zeus(slot) => {
            if let Some(&Event::LayoutCardDiscarded {
                card,
                face_down,
                token_discarded,
                ..
            }) = told
                .iter()
                .find(|e| matches!(e, Event::LayoutCardDiscarded { .. }))
            {
                let face = if face_down { "; it was face down" } else { "" };
                lines.push(format!(
                    "  {who} puts {} from the layout in the discard pile (Zeus{face})",
                    CARDS[card as usize].name
                ));
                if token_discarded {
                    let kind = if before.age() == 1 {
                        "Mythology"
                    } else {
                        "Offering"
                    };
                    lines.push(format!(
                        "  The {kind} token on slot {slot} is discarded with it"
                    ));
                }
            }
        }
        Action::Anubis(w) => {
            if let Some(&Event::WonderUnbuilt { owner, card, .. }) = told
                .iter()
                .find(|e| matches!(e, Event::WonderUnbuilt { .. }))
            {
                let whose = if owner as usize == seat {
                    "its own".to_string()
                } else {
                    format!("{opp}'s")
                };
                lines.push(format!(
                    "  {who} unbuilds {whose} Wonder {} (Anubis): its card {} goes to the \
                     discard pile",
                    WONDERS[w as usize].name, CARDS[card as usize].name
                ));
            }
        }
        Action::Isis { card, wonder } => lines.push(format!(
            "  {who} builds the Wonder {} free with {} from the discard pile (Isis)",
            WONDERS[wonder as usize].name, CARDS[card as usize].name
        )),
        Action::Ra(w) => lines.push(format!(
            "  {who} takes {opp}'s unbuilt Wonder {} (Ra)",
            WONDERS[w as usize].name
        )),
        Action::Minerva(square) => {
            let place = match square {
                0 => "the centre".to_string(),
                s if s > 0 => format!("{s} towards seat 1's capital"),
                s => format!("{} towards seat 0's capital", -s),
            };
            lines.push(format!(
                "  {who} puts the Minerva pawn on square {square} ({place})"
            ));
        }
        Action::Neptune { discard, apply } => {
            let mut line = format!(
                "  {who} discards {} unapplied (Neptune)",
                military_token(discard)
            );
            if apply != NO_TOKEN {
                let coins = MILITARY_TOKENS[apply as usize].2;
                line += &format!(
                    ", then applies {}: {opp} loses up to {coins} coins",
                    military_token(apply)
                );
            }
            lines.push(line);
        }
    }
    // Coins moved by the action's effects: every change of a treasury but the actor's own
    // payment (said on its line) and the coins of a discard (said on its line too).
    for p in 0..2 {
        let mut delta = 0i32;
        let mut now = None;
        for e in told.iter() {
            match *e {
                Event::CoinsGained {
                    seat: s,
                    coins,
                    now: n,
                } if s as usize == p => {
                    delta += coins as i32;
                    now = Some(n);
                }
                Event::CoinsLost {
                    seat: s,
                    coins,
                    now: n,
                } if s as usize == p => {
                    delta -= coins as i32;
                    now = Some(n);
                }
                Event::Paid {
                    seat: s, now: n, ..
                } if s as usize == p => now = Some(n),
                _ => {}
            }
        }
        let discard_gain = matches!(action, Action::Discard { .. }) && p == seat;
        if let (Some(now), false) = (now, delta == 0 || discard_gain) {
            lines.push(format!(
                "  seat {} {} {} coin{} ({} now)",
                p,
                if delta > 0 { "gains" } else { "loses" },
                delta.abs(),
                plural(delta.unsigned_abs() as u16),
                now
            ));
        }
    }
    let moves: Vec<(u8, i8, i8)> = told
        .iter()
        .filter_map(|e| match *e {
            Event::PawnMoved { seat, from, to } => Some((seat, from, to)),
            _ => None,
        })
        .collect();
    if let (Some(&(mover, from, _)), Some(&(_, _, to))) = (moves.first(), moves.last()) {
        lines.push(format!("  Conflict pawn {from} -> {to}"));
        let mut looted: Vec<(u8, u8)> = told
            .iter()
            .filter_map(|e| match *e {
                Event::MilitaryTokenLooted { token, victim } => Some((token, victim)),
                _ => None,
            })
            .collect();
        looted.sort();
        for (token, victim) in looted {
            let coins = MILITARY_TOKENS[token as usize].2;
            lines.push(format!(
                "  Military token: seat {victim} loses up to {coins} coins"
            ));
        }
        if told.iter().any(|e| matches!(e, Event::Poliorcetics { .. })) {
            lines.push(format!(
                "  Poliorcetics: seat {} loses 1 coin per square seat {} moved the pawn",
                1 - mover,
                mover
            ));
        }
    }
    for e in told.iter() {
        if let Event::WondersBoxed { wonders } = *e {
            let names: Vec<&str> = (0..NUM_WONDERS)
                .filter(|&w| wonders >> w & 1 == 1)
                .map(|w| WONDERS[w].name)
                .collect();
            lines.push(format!(
                "  Seventh Wonder built: {} go{} back to the box",
                names.join(", "),
                if names.len() == 1 { "es" } else { "" }
            ));
        }
    }
    if before.is_pantheon() {
        lines.extend(pantheon_lines(&told));
    }
    if told.asks(Pending::Progress) && !matches!(action, Action::Progress(_)) {
        lines.push(format!(
            "  {who} has a pair of scientific symbols: chooses a Progress token"
        ));
    }
    for e in told.iter() {
        if let Event::AgeBegins {
            age,
            seat: starter,
            chooses,
        } = *e
        {
            // The end of the draft is said by the play log, not a step's lines.
            if age == 0 {
                continue;
            }
            lines.push(format!("=== Age {} begins ===", AGES[age as usize]));
            if before.is_pantheon() && age == 1 {
                lines.extend(age_two_lines(&told));
            }
            if chooses {
                lines.push(format!("  seat {starter} chooses who starts"));
            } else {
                lines.push(format!("  seat {starter} starts"));
            }
        }
    }
    lines
}

/// What a step did to Pantheon's pieces besides its own line: tokens taken as cards turn
/// over, the Minerva pawn stopping the Conflict pawn.
fn pantheon_lines(told: &Told) -> Vec<String> {
    let mut lines = Vec::new();
    for seat in 0..2u8 {
        for m in Mythology::ALL {
            let mut taken = 0;
            let mut empty = false;
            for e in told.iter() {
                if let Event::MythologyToken {
                    seat: s,
                    mythology,
                    deck_empty,
                } = *e
                {
                    if s == seat && mythology == m {
                        taken += 1;
                        empty = deck_empty;
                    }
                }
            }
            for _ in 0..taken {
                lines.push(format!(
                    "  {} takes {} Mythology token from a card turned over",
                    who(seat as usize),
                    a_or_an(m.name())
                ));
            }
            if taken > 0 && empty {
                lines.push(format!(
                    "  The {} deck is empty: no Divinity to place",
                    m.name()
                ));
            }
        }
        let mut values: Vec<u8> = told
            .iter()
            .filter_map(|e| match *e {
                Event::OfferingToken { seat: s, value } if s == seat => Some(value),
                _ => None,
            })
            .collect();
        values.sort();
        for v in values {
            lines.push(format!(
                "  {} takes the Offering token {v} from a card turned over",
                who(seat as usize)
            ));
        }
    }
    for e in told.iter() {
        if let Event::MinervaStops { square } = *e {
            lines.push(format!(
                "  The Conflict pawn stops before the Minerva pawn (square {square}), which is \
                 removed"
            ));
        }
    }
    lines
}

/// The start of Age II with Pantheon: the Gate on the empty space, the Divinities revealed
/// (with who placed each), Enki's tokens, the Offering tokens on their slots.
fn age_two_lines(told: &Told) -> Vec<String> {
    let mut lines = Vec::new();
    let mut revealed = Vec::new();
    for e in told.iter() {
        match *e {
            Event::GatePlaced { space } => {
                lines.push(format!("  The Gate goes on the empty space {space}"))
            }
            Event::DivinityRevealed {
                space,
                divinity,
                placed_by,
            } => revealed.push(format!(
                "space {space} {} (placed by seat {placed_by})",
                divinity_with_mythology(divinity)
            )),
            _ => {}
        }
    }
    if !revealed.is_empty() {
        lines.push(format!(
            "  The Divinities are revealed: {}",
            revealed.join(", ")
        ));
    }
    lines.extend(enki_lines(told));
    for e in told.iter() {
        if let Event::OfferingTokensLaid { values } = e {
            let tokens: Vec<String> = OFFERING_TOKEN_SLOTS
                .iter()
                .zip(values)
                .map(|(slot, v)| format!("{v} on slot {slot}"))
                .collect();
            lines.push(format!("  Offering tokens: {}", tokens.join(", ")));
        }
    }
    lines
}

/// The Mythology tokens on the Age I layout (face up on face-down cards), for the log's start
/// of Age I with Pantheon.
pub fn mythology_tokens_line(game: &Duel) -> Option<String> {
    let ps = game.setup().pantheon?;
    let tokens: Vec<String> = MYTHOLOGY_TOKEN_SLOTS
        .iter()
        .zip(ps.mythology_tokens)
        .map(|(slot, m)| format!("{} on slot {slot}", Mythology::ALL[m as usize].id()))
        .collect();
    Some(format!("  Mythology tokens: {}", tokens.join(", ")))
}

/// The final score pad, a column per seat, and the victory (with Pantheon, its two lines and
/// the coins left on Astarte).
pub fn score_pad(game: &Duel) -> String {
    let pantheon = game.is_pantheon();
    let scores = [game.score(0), game.score(1)];
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row =
        |name: &str, a: i64, b: i64| rows.push((name.into(), vec![a.to_string(), b.to_string()]));
    let lines = [scores[0].lines(pantheon), scores[1].lines(pantheon)];
    for (i, &(name, v0)) in lines[0].iter().enumerate() {
        row(name, v0 as i64, lines[1][i].1 as i64);
    }
    row("total", scores[0].total() as i64, scores[1].total() as i64);
    row(
        "coins",
        game.player(0).coins as i64,
        game.player(1).coins as i64,
    );
    if pantheon {
        let a = game.pantheon().astarte;
        row("on astarte", a[0] as i64, a[1] as i64);
    }
    let mut out = wonders_common::text::score_pad(&[who(0), who(1)], &rows).join("\n") + "\n";
    if let Some((victory, winners)) = game.outcome() {
        let _ = writeln!(
            out,
            "{} by {} victory",
            if winners.len() == 2 {
                "Shared victory".to_string()
            } else {
                format!("{} wins", who(winners[0]))
            },
            victory.id()
        );
    }
    out
}
