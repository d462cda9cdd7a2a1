//! Architects' action ids and observation vector (see [`wonders_common::encoding`]).
//!
//! Action ids, `n` players and `D = n + 1` decks (deck `i` is seat `i`'s Wonder deck, deck `n`
//! the central deck): `take d` (`D`); `progress t for s` (18 × 5: `t` one of the 17 token
//! kinds, or `stack` for the face-down top; `s` none, a pair of each green card, or a triple);
//! `construct piece k` (5); `extra t: take d | decline` (17 × (`D` + 1)); `alexandria d` (`D`);
//! `halicarnassus d keep c` (`D` × 14). A token in the row is named by kind, not by slot (two
//! slots holding the same kind share an id). The payments of one piece share its id: the id
//! spends the fewest cards, the first listed payment on a tie.
//!
//! Observation, seats relative to the observer (`seat_0` is the observer, `seat_1` the next
//! seat, …; deck `k` lies between seat `k` and seat `k + 1`): the decision waited on, whose turn,
//! each seat's Wonder, the top card and size of each Wonder deck, the size of the central deck
//! and of the Progress stack, the face-up Progress tokens, the Conflict tokens flipped, the Cat,
//! every seat's cards, pieces built, tokens and Military Victory points, and the medals and
//! their holders. Never the order of the face-down decks.

use super::data::{Card, MedalId, StageEffect, Token, WonderId, CARD_KINDS, TOKEN_KINDS};
use super::state::{Action, DeckRef, Phase, ScienceSet, TokenSource};
use super::Architects;
use wonders_common::encoding::{Encoded, Sink};

const SETS: usize = 5;
const TOKEN_SOURCES: usize = TOKEN_KINDS + 1;
const PIECES: usize = 5;

/// Where each group of ids starts, for `n` players.
struct Layout {
    decks: usize,
    take: usize,
    progress: usize,
    construct: usize,
    extra: usize,
    alexandria: usize,
    halicarnassus: usize,
    end: usize,
}

impl Layout {
    fn new(players: usize) -> Layout {
        let decks = players + 1;
        let take = 0;
        let progress = take + decks;
        let construct = progress + TOKEN_SOURCES * SETS;
        let extra = construct + PIECES;
        let alexandria = extra + TOKEN_KINDS * (decks + 1);
        let halicarnassus = alexandria + decks;
        let end = halicarnassus + decks * CARD_KINDS;
        Layout {
            decks,
            take,
            progress,
            construct,
            extra,
            alexandria,
            halicarnassus,
            end,
        }
    }

    fn deck(&self, d: DeckRef) -> usize {
        match d {
            DeckRef::Wonder(i) => i as usize,
            DeckRef::Central => self.decks - 1,
        }
    }

    fn deck_name(&self, d: usize) -> String {
        if d == self.decks - 1 {
            "central".into()
        } else {
            format!("deck_{d}")
        }
    }
}

fn set_index(set: Option<ScienceSet>) -> usize {
    match set {
        None => 0,
        Some(ScienceSet::Pair(c)) => 1 + Card::SCIENCE.iter().position(|&s| s == c).unwrap_or(0),
        Some(ScienceSet::Triple) => 4,
    }
}

fn effect_index(e: StageEffect) -> usize {
    match e {
        StageEffect::None => 0,
        StageEffect::TakeTopAnyDeck => 1,
        StageEffect::TakeProgressToken => 2,
        StageEffect::TakeTopCentral => 3,
        StageEffect::LookFiveKeepOne => 4,
        StageEffect::TakeTopLeftAndRight => 5,
        StageEffect::Shield => 6,
    }
}

const EFFECT_NAMES: [&str; 7] = [
    "none",
    "take_top_any_deck",
    "take_progress_token",
    "take_top_central",
    "look_five_keep_one",
    "take_top_left_and_right",
    "shield",
];

impl Encoded for Architects {
    fn action_space(options: &Self::Options) -> usize {
        Layout::new(options.players).end
    }

    fn action_label(options: &Self::Options, id: usize) -> String {
        let l = Layout::new(options.players);
        if id < l.progress {
            format!("take {}", l.deck_name(id - l.take))
        } else if id < l.construct {
            let k = id - l.progress;
            let source = match k / SETS {
                t if t < TOKEN_KINDS => Token::ALL[t].id(),
                _ => "stack",
            };
            let set = match k % SETS {
                0 => "",
                4 => " for a triple",
                s => match Card::SCIENCE[s - 1] {
                    Card::GreenTablet => " for a tablet pair",
                    Card::GreenGear => " for a gear pair",
                    _ => " for a compass pair",
                },
            };
            format!("progress {source}{set}")
        } else if id < l.extra {
            format!("construct piece {}", id - l.construct + 1)
        } else if id < l.alexandria {
            let k = id - l.extra;
            let token = Token::ALL[k / (l.decks + 1)].id();
            match k % (l.decks + 1) {
                d if d == l.decks => format!("extra {token}: decline"),
                d => format!("extra {token}: take {}", l.deck_name(d)),
            }
        } else if id < l.halicarnassus {
            format!("alexandria {}", l.deck_name(id - l.alexandria))
        } else {
            let k = id - l.halicarnassus;
            format!(
                "halicarnassus {} keep {}",
                l.deck_name(k / CARD_KINDS),
                Card::ALL[k % CARD_KINDS].id()
            )
        }
    }

    fn action_id(&self, action: Action) -> (usize, u32) {
        let l = Layout::new(self.config.players);
        match action {
            Action::Take(d) => (l.take + l.deck(d), 0),
            Action::Progress { from, set } => {
                let source = match from {
                    TokenSource::Row(k) => {
                        self.progress_row[k as usize].map_or(TOKEN_KINDS, |t| t.index())
                    }
                    TokenSource::Stack => TOKEN_KINDS,
                };
                (l.progress + source * SETS + set_index(set), 0)
            }
            Action::Construct { piece, paid } => (
                l.construct + piece as usize,
                paid.iter().map(|&k| k as u32).sum(),
            ),
            Action::Extra { token, deck } => {
                let d = deck.map_or(l.decks, |d| l.deck(d));
                (l.extra + token.index() * (l.decks + 1) + d, 0)
            }
            Action::Alexandria(d) => (l.alexandria + l.deck(d), 0),
            Action::Halicarnassus { deck, keep } => (
                l.halicarnassus + l.deck(deck) * CARD_KINDS + keep.index(),
                0,
            ),
        }
    }

    fn encode<S: Sink>(&self, seat: usize, out: &mut S) {
        let n = self.config.players;
        let rel = |k: usize| (seat + k) % n;
        let over = self.phase == Phase::Over;
        out.flag(|| "phase_take".into(), self.phase == Phase::Take);
        let effect = match self.phase {
            Phase::StageEffect(e) => Some(effect_index(e)),
            _ => None,
        };
        for (i, name) in EFFECT_NAMES.iter().enumerate() {
            out.flag(|| format!("phase_stage_effect_{name}"), effect == Some(i));
        }
        out.flag(|| "phase_science".into(), self.phase == Phase::Science);
        out.flag(|| "phase_construct".into(), self.phase == Phase::Construct);
        let offer = match self.phase {
            Phase::Offer(t) => Some(t),
            _ => None,
        };
        for t in Token::ALL {
            out.flag(|| format!("phase_offer_{}", t.id()), offer == Some(t));
        }
        out.flag(|| "phase_over".into(), over);
        for k in 0..n {
            out.flag(
                || format!("seat_{k}_to_move"),
                !over && self.current == rel(k),
            );
        }
        for k in 0..n {
            for w in WonderId::ALL {
                out.flag(
                    || format!("seat_{k}_wonder_{}", w.key()),
                    self.wonders[rel(k)] == w,
                );
            }
        }
        for k in 0..n {
            let deck = &self.decks[rel(k)];
            out.put(|| format!("deck_{k}_size"), deck.len() as f32);
            let top = deck.last().copied();
            for c in Card::ALL {
                out.flag(|| format!("deck_{k}_top_{}", c.id()), top == Some(c));
            }
        }
        out.put(|| "central_size".into(), self.central.len() as f32);
        out.put(
            || "progress_stack_size".into(),
            self.progress_stack.len() as f32,
        );
        let mut row = [0u8; TOKEN_KINDS];
        for t in self.progress_row.iter().flatten() {
            row[t.index()] += 1;
        }
        for t in Token::ALL {
            out.put(|| format!("progress_row_{}", t.id()), row[t.index()] as f32);
        }
        out.put(|| "conflict_flipped".into(), self.conflict_flipped as f32);
        out.put(|| "conflict_total".into(), self.conflict_total as f32);
        for k in 0..n {
            out.flag(|| format!("seat_{k}_has_cat"), self.cat == Some(rel(k)));
        }
        for k in 0..n {
            let s = &self.seats[rel(k)];
            for c in Card::ALL {
                out.put(|| format!("seat_{k}_cards_{}", c.id()), s.count(c) as f32);
            }
            for p in 0..PIECES {
                out.flag(
                    || format!("seat_{k}_piece_{}_built", p + 1),
                    s.built >> p & 1 == 1,
                );
            }
            for t in Token::ALL {
                out.put(
                    || format!("seat_{k}_token_{}", t.id()),
                    s.tokens[t.index()] as f32,
                );
            }
            out.put(|| format!("seat_{k}_military"), s.military as f32);
        }
        // Medals by kind: on the table or not, and which seats hold one of that kind.
        for m in MedalId::ALL {
            let slots = self.medals.iter().filter(|s| s.medal == m);
            let (present, holders) = slots.fold((false, 0u8), |(_, h), s| (true, h | s.holders));
            out.flag(|| format!("medal_{}_on_table", m.key()), present);
            for k in 0..n {
                out.flag(
                    || format!("medal_{}_held_by_seat_{k}", m.key()),
                    holders >> rel(k) & 1 == 1,
                );
            }
        }
    }
}
