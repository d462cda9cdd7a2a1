//! Duel's table for the web page: the Age's card structure (face-down cards hidden from both
//! players), the Conflict track with its military tokens, the Progress tokens, the Wonders,
//! and with Pantheon the Divinities, the Gate and the tokens. See `common::view`.

use serde_json::{json, Value};

use super::data::{
    is_grand_temple, Color, CARDS, LAYOUTS, MILITARY_TOKENS, PROGRESS_TOKENS, WONDERS,
};
use super::log::describe_step;
use super::pantheon_data::{Mythology, DIVINITIES, OFFERING_TOKENS};
use super::state::pantheon::NO_MINERVA;
use super::state::{Action, Duel, GATE_ID, NO_DIVINITY};
use wonders_common::view::{
    card, card_with, cards_section, fact, facts_section, hidden, TableView,
};

const AGES: [&str; 3] = ["I", "II", "III"];

/// A Duel card by id, in its colour (Grand Temples are purple-less black-bordered: drawn as
/// their own colour).
fn duel_card(id: u8) -> Value {
    let c = &CARDS[id as usize];
    let colour = if is_grand_temple(id) {
        "divinity"
    } else {
        c.color.id()
    };
    card(c.name, colour)
}

/// Where each slot of the Age's structure is drawn: `[row, column]`, columns in half-card
/// steps so that each row sits over the gaps of the one it covers.
fn slot_positions(age: usize) -> Vec<[f32; 2]> {
    let rows = LAYOUTS[age].rows;
    let widest = *rows.iter().max().unwrap_or(&1) as f32;
    let mut out = Vec::with_capacity(20);
    for (r, &n) in rows.iter().enumerate() {
        // Age III's fourth row: two cards with a gap of two between them.
        let gapped = age == 2 && r == 3;
        for i in 0..n {
            let x = if gapped {
                (widest - 4.0) / 2.0 + 0.5 + 2.0 * i as f32
            } else {
                (widest - n as f32) / 2.0 + i as f32
            };
            out.push([r as f32, x]);
        }
    }
    out
}

impl Duel {
    /// The card structure of the current Age: every slot not yet taken, face-down ones known to
    /// nobody.
    fn structure(&self) -> Value {
        let age = (self.age() - 1) as usize;
        let positions = slot_positions(age);
        let taken = self.taken_slots();
        let revealed = self.revealed_slots();
        let accessible = self.accessible_slots();
        let mut cards = Vec::new();
        for (slot, pos) in positions.iter().enumerate() {
            if taken >> slot & 1 == 1 {
                continue;
            }
            let id = self.slot_card(slot);
            let mut c = duel_card(id);
            c["pos"] = json!(pos);
            c["slot"] = json!(slot);
            if accessible >> slot & 1 == 1 {
                c["accessible"] = json!(true);
            }
            if self.pantheon().tokens_on >> slot & 1 == 1 {
                c["note"] = json!(if age == 0 {
                    "Mythology token"
                } else {
                    "Offering token"
                });
            }
            if revealed >> slot & 1 == 0 {
                let back = if CARDS[id as usize].color == Color::Purple {
                    "Guild".to_string()
                } else if is_grand_temple(id) {
                    "Grand Temple".to_string()
                } else {
                    format!("Age {}", AGES[age])
                };
                c = hidden(c, &[], &back);
                c["pos"] = json!(pos);
            }
            cards.push(c);
        }
        json!({"title": format!("Age {} structure", AGES[age]), "structure": cards})
    }

    /// The Conflict track: the pawn, the Minerva pawn and the military tokens still there.
    fn conflict_track(&self) -> Value {
        let tokens: Vec<Value> = MILITARY_TOKENS
            .iter()
            .enumerate()
            .filter(|(i, _)| self.military_tokens_left() >> i & 1 == 1)
            .map(|(_, &(lo, hi, coins))| json!({"from": lo, "to": hi, "coins": coins}))
            .collect();
        let minerva = self.pantheon().minerva;
        json!({
            "title": "Conflict track",
            "track": {
                "pawn": self.pawn(),
                "minerva": (minerva != NO_MINERVA).then_some(minerva),
                "tokens": tokens,
                "left": "P1's capital",
                "right": "P2's capital",
            }
        })
    }

    fn pantheon_board(&self) -> Vec<Value> {
        let p = self.pantheon();
        let mut spaces = Vec::new();
        for (k, &d) in p.spaces.iter().enumerate() {
            let placer = (p.placed_by >> k & 1) as usize;
            let c = match d {
                NO_DIVINITY => continue,
                GATE_ID => card_with("Gate", "wonder", &format!("space {}", k + 1)),
                d => {
                    let div = &DIVINITIES[d as usize];
                    let c = card_with(
                        div.name,
                        "divinity",
                        &format!("space {}, {}", k + 1, div.mythology.name()),
                    );
                    if p.revealed {
                        c
                    } else {
                        hidden(
                            c,
                            &[placer],
                            &format!("{} (space {})", div.mythology.name(), k + 1),
                        )
                    }
                }
            };
            spaces.push(c);
        }
        let mut decks = Vec::new();
        for (m, deck) in p.decks.iter().enumerate() {
            let name = Mythology::ALL[m].name();
            for &d in &deck[..p.deck_len[m] as usize] {
                let div = &DIVINITIES[d as usize];
                decks.push(hidden(
                    card_with(div.name, "divinity", name),
                    &[],
                    &format!("{name} deck"),
                ));
            }
        }
        let mut out = vec![cards_section("Pantheon", spaces)];
        if !decks.is_empty() {
            out.push(cards_section("Mythology decks (top first)", decks));
        }
        if p.enki_len > 0 {
            out.push(cards_section(
                "On Enki",
                p.enki[..p.enki_len as usize]
                    .iter()
                    .map(|&t| card(PROGRESS_TOKENS[t as usize].name, "token"))
                    .collect(),
            ));
        }
        out
    }

    fn player_view(&self, seat: usize) -> Value {
        let pl = self.player(seat);
        let mut city: Vec<Value> = Vec::new();
        for colour in Color::ALL {
            for id in pl.city.iter() {
                if CARDS[id as usize].color == colour {
                    city.push(duel_card(id));
                }
            }
        }
        let wonders: Vec<Value> = (0..pl.num_wonders as usize)
            .map(|i| {
                let w = &WONDERS[pl.wonders[i] as usize];
                let built = pl.built >> i & 1 == 1;
                let mut c = card_with(w.name, "wonder", if built { "built" } else { "not built" });
                if built {
                    c["built"] = json!(true);
                }
                c
            })
            .collect();
        let tokens: Vec<Value> = (0..PROGRESS_TOKENS.len())
            .filter(|&t| pl.progress >> t & 1 == 1)
            .map(|t| card(PROGRESS_TOKENS[t].name, "token"))
            .collect();
        let mut facts = vec![fact("coins", pl.coins)];
        let p = self.pantheon();
        if self.options().pantheon {
            let myth: Vec<String> = Mythology::ALL
                .iter()
                .enumerate()
                .filter(|(m, _)| p.mythology[seat][*m] > 0)
                .map(|(m, my)| format!("{} ×{}", my.name(), p.mythology[seat][m]))
                .collect();
            let offerings: Vec<String> = OFFERING_TOKENS
                .iter()
                .enumerate()
                .filter(|(i, _)| p.offerings[seat] >> i & 1 == 1)
                .map(|(_, v)| format!("-{v}"))
                .collect();
            facts.push(fact("Mythology tokens", none_if_empty(&myth)));
            facts.push(fact("Offering tokens", none_if_empty(&offerings)));
            if p.astarte[seat] > 0 {
                facts.push(fact("coins on Astarte", p.astarte[seat]));
            }
        }
        let mut sections = vec![
            cards_section("Wonders", wonders),
            cards_section("City", city),
            cards_section("Progress tokens", tokens),
        ];
        if self.options().pantheon {
            let activated: Vec<Value> = (0..DIVINITIES.len())
                .filter(|&d| p.activated[seat] >> d & 1 == 1)
                .map(|d| card(DIVINITIES[d].name, "divinity"))
                .collect();
            sections.push(cards_section("Divinities activated", activated));
        }
        json!({
            "name": format!("P{}", seat + 1),
            "coins": pl.coins,
            "facts": facts.into_iter().map(|(l, v)| json!([l, v])).collect::<Vec<_>>(),
            "sections": sections,
        })
    }
}

fn none_if_empty(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

impl TableView for Duel {
    fn table_view(&self) -> Value {
        let mut board = Vec::new();
        if self.is_drafting() {
            let picks = self.draft_picks() as usize;
            let offered = &self.setup().wonders_offered[if picks < 4 { 0..4 } else { 4..8 }];
            let taken: Vec<u8> = (0..2)
                .flat_map(|s| {
                    let p = self.player(s);
                    p.wonders[..p.num_wonders as usize].to_vec()
                })
                .collect();
            board.push(cards_section(
                "Wonders offered",
                offered
                    .iter()
                    .filter(|w| !taken.contains(w))
                    .map(|&w| card(WONDERS[w as usize].name, "wonder"))
                    .collect(),
            ));
        } else if !self.is_over() {
            board.push(self.structure());
        }
        board.push(self.conflict_track());
        board.push(cards_section(
            "Progress tokens on the board",
            self.board_tokens()
                .map(|t| card(PROGRESS_TOKENS[t as usize].name, "token"))
                .collect(),
        ));
        if self.options().pantheon {
            board.extend(self.pantheon_board());
        }
        board.push(cards_section(
            "Discard pile",
            self.discard_pile().iter().map(duel_card).collect(),
        ));
        board.push(facts_section(
            "Progress tokens in the box",
            vec![fact("count", self.box_tokens().len())],
        ));
        json!({
            "title": if self.options().pantheon { "7 Wonders Duel with Pantheon" } else { "7 Wonders Duel" },
            "to_move": (!self.is_over()).then(|| self.current_seat()),
            "board": board,
            "seats": (0..2).map(|s| self.player_view(s)).collect::<Vec<_>>(),
        })
    }

    fn stage_label(&self) -> String {
        if self.is_over() {
            "game over".into()
        } else if self.is_drafting() {
            "Wonder draft".into()
        } else {
            format!("Age {}", AGES[(self.age() - 1) as usize])
        }
    }

    fn step_lines(before: &Duel, action: Action, _after: &Duel) -> Vec<String> {
        // The step played again, heard this time: its lines are told by its events.
        let (mut game, mut events) = (*before, Vec::new());
        if game.play_heard(action, &mut events).is_err() {
            return Vec::new();
        }
        describe_step(before, action, &events)
            .into_iter()
            .map(|l| l.trim().to_string())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DuelConfig;
    use wonders_bots::Game;
    use wonders_common::view::redact;
    use wonders_common::SimGame;

    #[test]
    fn the_structure_hides_face_down_cards_from_both_seats() {
        let mut g = Duel::new_game(&DuelConfig::default(), 3);
        let mut legal = Vec::new();
        while g.is_drafting() {
            g.legal_actions(&mut legal);
            g.apply(legal[0]).unwrap();
        }
        let v = g.table_view();
        let structure = v["board"][0]["structure"].as_array().unwrap();
        assert_eq!(structure.len(), 20);
        // Age I: 2-3-4-5-6, odd rows (1st, 3rd, 5th) face up: 2 + 4 + 6 = 12 face up.
        let hidden = structure
            .iter()
            .filter(|c| c.get("known_to").is_some())
            .count();
        assert_eq!(hidden, 8);
        for seat in 0..2 {
            let seen = redact(&v, seat);
            let down = seen["board"][0]["structure"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["face_down"] == true)
                .count();
            assert_eq!(down, 8);
        }
        assert_eq!(v["seats"][0]["coins"], 7);
    }
}
