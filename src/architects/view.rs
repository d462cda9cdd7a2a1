//! 7 Wonders Architects' table for the web page: the Wonder decks (top card face up), the
//! central deck (face down), the Progress tokens, the Conflict tokens, the Cat, the medals, and
//! each seat's cards, Wonder pieces and tokens. See `common::view`.

use serde_json::{json, Value};

use super::data::{Card, Colour, MEDALS};
use super::sim::{action_line, event_line};
use super::state::{Action, Architects, DeckRef};
use wonders_common::view::{
    card, card_with, cards_section, fact, facts_section, hidden, TableView,
};

/// A card's name as printed words.
fn card_name(c: Card) -> &'static str {
    match c {
        Card::Wood => "Wood",
        Card::Stone => "Stone",
        Card::Clay => "Clay",
        Card::Papyrus => "Papyrus",
        Card::Glass => "Glass",
        Card::Coin => "Gold",
        Card::Blue3Vp => "3 VP",
        Card::Blue2VpCat => "2 VP + Cat",
        Card::GreenTablet => "Tablet",
        Card::GreenGear => "Gear",
        Card::GreenCompass => "Compass",
        Card::Red0Horn => "Shield",
        Card::Red1Horn => "Shield, 1 horn",
        Card::Red2Horn => "Shield, 2 horns",
    }
}

fn colour_id(c: Colour) -> &'static str {
    match c {
        Colour::Grey => "grey",
        Colour::Yellow => "yellow",
        Colour::Blue => "blue",
        Colour::Green => "green",
        Colour::Red => "red",
    }
}

fn arch_card(c: Card) -> Value {
    card(card_name(c), colour_id(c.colour()))
}

impl Architects {
    fn deck_view(&self, d: DeckRef, title: &str) -> Value {
        let cards = self.deck(d);
        let mut out = Vec::new();
        // Top first; a Wonder deck shows its top card, the central deck none.
        for (k, &c) in cards.iter().rev().enumerate() {
            let v = arch_card(c);
            if k == 0 && d != DeckRef::Central {
                out.push(v);
            } else if k < 3 {
                out.push(hidden(v, &[], "deck"));
            }
        }
        let mut s = cards_section(&format!("{title}: {} card(s)", cards.len()), out);
        s["deck"] = json!(true);
        s
    }

    fn seat_view(&self, p: usize) -> Value {
        let s = &self.seats[p];
        let w = self.wonders[p].wonder();
        let pieces: Vec<Value> = w
            .pieces
            .iter()
            .enumerate()
            .map(|(k, piece)| {
                let built = s.built >> k & 1 == 1;
                let mut v = card_with(
                    &format!("Piece {}{}", k + 1, if built { " (built)" } else { "" }),
                    "wonder",
                    &format!("level {}, {} VP", piece.level, piece.vp),
                );
                if built {
                    v["built"] = json!(true);
                }
                v
            })
            .collect();
        let mut cards = Vec::new();
        for colour in [
            Colour::Grey,
            Colour::Yellow,
            Colour::Blue,
            Colour::Green,
            Colour::Red,
        ] {
            for c in Card::ALL.iter().filter(|c| c.colour() == colour) {
                for _ in 0..s.count(*c) {
                    cards.push(arch_card(*c));
                }
            }
        }
        let tokens: Vec<Value> = super::data::Token::ALL
            .iter()
            .filter(|t| s.has(**t))
            .map(|t| card(t.id(), "token"))
            .collect();
        let medals: Vec<Value> = self
            .medals_held(p)
            .into_iter()
            .map(|m| card(m.key(), "token"))
            .collect();
        let mut facts = vec![
            fact("shields", self.shields(p)),
            fact("military victory tokens", s.military),
            fact("pieces built", format!("{}/5", s.stages_built())),
        ];
        if self.cat == Some(p) {
            facts.push(fact("the Cat", "here"));
        }
        let mut sections = vec![
            cards_section(&format!("{} pieces", w.name), pieces),
            cards_section("Cards", cards),
            cards_section("Progress tokens", tokens),
        ];
        if !self.medals.is_empty() {
            sections.push(cards_section("Medals", medals));
        }
        json!({
            "name": format!("seat {p} ({})", w.name),
            "coins": s.count(Card::Coin),
            "facts": facts.into_iter().map(|(l, v)| json!([l, v])).collect::<Vec<_>>(),
            "sections": sections,
        })
    }
}

impl TableView for Architects {
    fn table_view(&self) -> Value {
        let mut board = vec![facts_section(
            "Table",
            vec![
                fact("turn", self.turns + 1),
                fact(
                    "Conflict tokens",
                    format!(
                        "{} at war, {} at peace",
                        self.conflict_flipped,
                        self.conflict_total - self.conflict_flipped
                    ),
                ),
                fact(
                    "the Cat",
                    self.cat
                        .map_or("in the box".to_string(), |p| format!("with seat {p}")),
                ),
            ],
        )];
        board.push(json!({
            "title": "Conflict tokens",
            "conflict": {"total": self.conflict_total, "war": self.conflict_flipped},
        }));
        let mut row: Vec<Value> = self
            .progress_row
            .iter()
            .flatten()
            .map(|t| card(t.id(), "token"))
            .collect();
        if let Some(&t) = self.progress_stack.last() {
            row.push(hidden(
                card(t.id(), "token"),
                &[],
                &format!("stack ({})", self.progress_stack.len()),
            ));
        }
        board.push(cards_section("Progress tokens", row));
        board.push(self.deck_view(DeckRef::Central, "Central deck"));
        for p in 0..self.players() {
            board.push(self.deck_view(
                DeckRef::Wonder(p as u8),
                &format!(
                    "Deck {p} (between seat {p} and seat {})",
                    (p + 1) % self.players()
                ),
            ));
        }
        if !self.medals.is_empty() {
            let medals: Vec<Value> = self
                .medals
                .iter()
                .map(|m| {
                    let holders: Vec<String> = (0..self.players())
                        .filter(|&p| m.holders >> p & 1 == 1)
                        .map(|p| format!("seat {p}"))
                        .collect();
                    let place = match m.beside_deck {
                        Some(i) => format!("beside deck {i}"),
                        None => "centre".into(),
                    };
                    let held = if holders.is_empty() {
                        String::new()
                    } else {
                        format!(", held by {}", holders.join(" and "))
                    };
                    card_with(m.medal.key(), "token", &format!("{place}{held}"))
                })
                .collect();
            board.push(cards_section(
                &format!("Medals ({} in all)", MEDALS.len()),
                medals,
            ));
        }
        json!({
            "title": format!("7 Wonders Architects{}", if self.config.medals { " + Medals" } else { "" }),
            "to_move": (!self.is_over()).then_some(self.current),
            "board": board,
            "seats": (0..self.players()).map(|p| self.seat_view(p)).collect::<Vec<_>>(),
        })
    }

    fn stage_label(&self) -> String {
        if self.is_over() {
            "game over".into()
        } else {
            format!("turn {}", self.turns + 1)
        }
    }

    fn action_text(&self, action: Action) -> String {
        // The central deck is face down: its top card is not named before it is taken.
        let blind = match action {
            Action::Take(d) | Action::Alexandria(d) => d == DeckRef::Central,
            Action::Extra { deck: Some(d), .. } => d == DeckRef::Central,
            _ => false,
        };
        if blind {
            let what = match action {
                Action::Alexandria(_) => "Alexandria: take",
                Action::Extra { .. } => "use the extra-card token: take",
                _ => "take",
            };
            return format!("{what} the top card of the central deck (face down)");
        }
        action_line(self, action).trim().to_string()
    }

    fn step_lines(before: &Architects, action: Action, _after: &Architects) -> Vec<String> {
        // The automatic steps (cards placed, Battles, tokens) come from the engine's events,
        // replayed from the state before.
        let mut g = before.clone();
        let mut events = Vec::new();
        let mut lines = vec![action_line(before, action).trim().to_string()];
        if g.apply_heard(action, &mut events).is_ok() {
            lines.extend(events.iter().map(|e| event_line(&g, e).trim().to_string()));
        }
        lines
    }
}
