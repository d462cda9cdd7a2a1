//! 7 Wonders' table for the web page: each city with its buildings by colour, its Wonder
//! stages, coins, military and debt tokens, leaders and black cards; the hands (each known to
//! its holder, and to its partner in the team variant), the choices made this turn (hidden
//! until the turn resolves) and the discard pile (face down). See `common::view`.

use serde_json::{json, Value};

use super::state::{Action, ClassicGame, Step};
use crate::data::{CardId, Color};
use crate::leader_draft::{LeaderId, LeaderSet};
use crate::log::{effect_text, played_texts, power_text};
use wonders_common::view::{
    card, card_with, cards_section, fact, facts_section, hidden, TableView,
};

const AGES: [&str; 3] = ["I", "II", "III"];

fn leaders_of(set: LeaderSet) -> impl Iterator<Item = LeaderId> {
    (0..64u8)
        .filter(move |&i| set.0 >> i & 1 == 1)
        .map(LeaderId)
}

fn leader_card(l: LeaderId) -> Value {
    card(l.leader().name, "white")
}

impl ClassicGame {
    fn card_value(&self, c: CardId) -> Value {
        let k = self.catalog().card(c);
        card(k.name, k.color.id())
    }

    /// A card in a hand, with what it does (shown when pointed at).
    fn hand_card(&self, c: CardId) -> Value {
        let mut v = self.card_value(c);
        v["title"] = json!(effect_text(&self.catalog().card(c).effect));
        v
    }

    /// The seats that know what `seat` holds: itself, and its partner in the team variant.
    fn knowers(&self, seat: usize) -> Vec<usize> {
        (0..self.players())
            .filter(|&o| self.knows(o, seat))
            .collect()
    }

    /// `seat K (Gizah day)`.
    fn seat_name(&self, seat: usize) -> String {
        let c = self.city(seat);
        let board = self.catalog().side(c.wonder, c.side.index());
        format!("seat {seat} ({} {})", board.name, c.side.id())
    }

    fn city_view(&self, seat: usize) -> Value {
        let c = self.city(seat);
        let board = self.catalog().side(c.wonder, c.side.index());
        let knowers = self.knowers(seat);
        let stages: Vec<Value> = board
            .stages
            .iter()
            .enumerate()
            .map(|(i, st)| {
                let built = (i as u8) < c.stages;
                let powers: Vec<String> = st.powers.iter().map(power_text).collect();
                let mut v = card_with(
                    &format!("Stage {}{}", i + 1, if built { " (built)" } else { "" }),
                    "wonder",
                    &powers.join(", "),
                );
                if built {
                    v["built"] = json!(true);
                }
                v
            })
            .collect();
        let mut sections = vec![cards_section("Wonder stages", stages)];
        for colour in Color::ALL {
            let cards: Vec<Value> = c
                .built
                .iter()
                .map(CardId)
                .filter(|&id| self.catalog().card(id).color == colour)
                .map(|id| self.card_value(id))
                .collect();
            if !cards.is_empty() {
                sections.push(json!({"title": colour.id(), "cards": cards, "colour": colour.id()}));
            }
        }
        if self.with_leaders() {
            sections.push(cards_section(
                "Leaders",
                leaders_of(c.leader_seat.face_up).map(leader_card).collect(),
            ));
            if !c.leader_seat.buried.is_empty() {
                sections.push(cards_section(
                    "Under Abu Simbel",
                    leaders_of(c.leader_seat.buried).map(leader_card).collect(),
                ));
            }
            let mut held: Vec<Value> = leaders_of(c.leader_seat.hand)
                .map(|l| hidden(leader_card(l), &knowers, "Leader"))
                .collect();
            if let Some(t) = self.leader_table() {
                if !t.draft.is_over() {
                    held.extend(
                        leaders_of(t.draft.picks(seat))
                            .map(|l| hidden(leader_card(l), &knowers, "Leader")),
                    );
                    sections.push(cards_section(
                        "Leader draft hand",
                        leaders_of(t.draft.hand(seat))
                            .map(|l| hidden(leader_card(l), &knowers, "Leader"))
                            .collect(),
                    ));
                }
            }
            sections.push(cards_section("Leaders in hand", held));
        }
        if !self.is_over() {
            let back = format!("Age {}", AGES[self.age() as usize - 1]);
            sections.push(cards_section(
                "Hand",
                self.hand(seat)
                    .into_iter()
                    .map(|id| hidden(self.hand_card(id), &knowers, &back))
                    .collect(),
            ));
        }
        if let Some(action) = self.chosen(seat) {
            if matches!(self.step(), Step::Turn | Step::Draft) {
                sections.push(cards_section(
                    "Chosen this turn",
                    vec![hidden(
                        card(&self.describe_action(action), "white"),
                        &knowers,
                        "chosen (hidden)",
                    )],
                ));
            }
        }
        let victories: Vec<String> = (1..6)
            .filter(|&v| c.victories[v] > 0)
            .map(|v| format!("{}×{v}", c.victories[v]))
            .collect();
        let mut facts = vec![
            fact("coins", c.coins),
            fact("shields", c.shields),
            fact(
                "military tokens",
                format!(
                    "{} (victories {}, defeats {})",
                    c.military,
                    if victories.is_empty() {
                        "none".to_string()
                    } else {
                        victories.join(" + ")
                    },
                    c.defeats
                ),
            ),
            fact(
                "wonder stages",
                format!("{}/{}", c.stages, board.stages.len()),
            ),
        ];
        if self.with_cities() {
            facts.push(fact("debt tokens", c.cities_seat.debt));
            facts.push(fact("diplomacy tokens", c.cities_seat.diplomacy));
        }
        if self.plays_in_teams() {
            facts.push(fact("team", seat / 2));
        }
        json!({
            "name": self.seat_name(seat),
            "coins": c.coins,
            "facts": facts.into_iter().map(|(l, v)| json!([l, v])).collect::<Vec<_>>(),
            "sections": sections,
        })
    }
}

impl TableView for ClassicGame {
    fn table_view(&self) -> Value {
        let discard: Vec<Value> = self
            .discard_pile()
            .into_iter()
            .map(|id| hidden(self.card_value(id), &[], "discarded"))
            .collect();
        let mut facts = vec![
            fact("edition", self.edition().id()),
            fact("players", self.players()),
            fact("where", self.stage_label()),
            fact(
                "hands pass",
                if self.age() == 2 {
                    "right (to the lower seat)"
                } else {
                    "left (to the higher seat)"
                },
            ),
        ];
        if let Some(t) = self.leader_table() {
            facts.push(fact("leaders in the box", t.boxed.order().len()));
        }
        let title = format!(
            "7 Wonders ({} edition){}{}",
            if self.edition() == crate::Edition::V1 {
                "1st"
            } else {
                "2nd"
            },
            self.expansions()
                .units()
                .map(|u| format!(" + {}", u.name))
                .collect::<String>(),
            if self.plays_in_teams() { ", teams" } else { "" },
        );
        json!({
            "title": title,
            "to_move": (!self.is_over()).then(|| self.current_seat()),
            "board": [facts_section("Table", facts), cards_section("Discard pile", discard)],
            "seats": (0..self.players()).map(|s| self.city_view(s)).collect::<Vec<_>>(),
        })
    }

    fn stage_label(&self) -> String {
        if self.is_over() {
            return "game over".into();
        }
        let age = AGES[self.age() as usize - 1];
        if let Some(t) = self.leader_table() {
            if !t.draft.is_over() {
                return "Leader draft".into();
            }
        }
        if self.is_recruiting() {
            return format!("Age {age}, recruitment");
        }
        format!(
            "Age {age}, turn {}",
            (self.turn() + 1).min(self.last_turn() + 1)
        )
    }

    fn step_lines(before: &ClassicGame, action: Action, after: &ClassicGame) -> Vec<String> {
        // What resolved in this step, in the log's own words (what each build paid, to whom and
        // why); a choice still hidden in its turn has resolved nothing yet.
        let resolved = &after.history()[before.history().len()..];
        // The step told again, on a copy of the state before it, for what each paid and why.
        let mut events = Vec::new();
        before
            .clone()
            .play_heard(action, &mut events)
            .expect("the step was played");
        if resolved.is_empty() {
            let seat = before.current_seat();
            return vec![format!(
                "{} chooses: {}",
                before.seat_name(seat),
                before.describe_action(action)
            )];
        }
        let mut lines: Vec<String> = played_texts(before, &events)
            .into_iter()
            .map(|(seat, text)| format!("{}: {text}", before.seat_name(seat)))
            .collect();
        if resolved.len() > 1 || before.turn() != after.turn() {
            lines.insert(0, "the turn resolves: every choice is revealed".into());
        }
        lines
    }

    fn public_step_lines(before: &ClassicGame, action: Action, after: &ClassicGame) -> Vec<String> {
        let seat = before.current_seat();
        let who = before.seat_name(seat);
        let pending = after.has_chosen(seat) && matches!(after.step(), Step::Turn | Step::Draft);
        let line = match action {
            Action::Draft { .. } => format!("{who} drafts a leader (face down)"),
            _ if pending => format!("{who} has chosen (hidden until the turn resolves)"),
            Action::Sell { .. } => format!("{who} sells a card (face down) for 3 coins"),
            Action::SellLeader { .. } => format!("{who} sells a leader (face down) for 3 coins"),
            Action::Wonder { .. } | Action::WonderLeader { .. } => {
                format!("{who} builds a Wonder stage (the card face down under it)")
            }
            _ => return Self::step_lines(before, action, after),
        };
        vec![line]
    }
}
