//! Duel's action ids and observation vector (see [`crate::common::encoding`]).
//!
//! Action ids (1,202): `pick_wonder w` (12), `build c` (73), `discard c` (73),
//! `wonder w with c` (12 × 73), `progress t` (10), `destroy c` (73), `build_discarded c` (73),
//! `great_library t` (10), `choose_starter s` (2); `c` a card id, `w` a Wonder id, `t` a
//! Progress token id, in the data tables' order. Duel has one price per build, so no payment is
//! collapsed.
//!
//! Observation: everything public (Duel has no private hands): the phase, Age, whose turn and
//! what is pending, the Conflict pawn and military tokens from the observer's side, both
//! cities (observer first), the layout's slots and face-up cards, the discard pile, the Progress
//! tokens on the board (and the 3 a pending Great Library shows), and the Wonders still offered
//! in the draft. Never the face-down cards, the cards removed from the Ages or the box order.

use super::data::{CARDS, NUM_CARDS, NUM_TOKENS, NUM_WONDERS, PROGRESS_TOKENS, WONDERS};
use super::state::{Action, Pending};
use super::Duel;
use crate::common::encoding::{Encoded, Sink};

const C: usize = NUM_CARDS;
const W: usize = NUM_WONDERS;
const T: usize = NUM_TOKENS;

const PICK: usize = 0;
const BUILD: usize = PICK + W;
const DISCARD: usize = BUILD + C;
const WONDER: usize = DISCARD + C;
const PROGRESS: usize = WONDER + W * C;
const DESTROY: usize = PROGRESS + T;
const BUILD_DISCARDED: usize = DESTROY + C;
const GREAT_LIBRARY: usize = BUILD_DISCARDED + C;
const STARTER: usize = GREAT_LIBRARY + T;
const SPACE: usize = STARTER + 2;

impl Encoded for Duel {
    fn action_space(_options: &Self::Options) -> usize {
        SPACE
    }

    fn action_label(_options: &Self::Options, id: usize) -> String {
        let card = |c: usize| CARDS[c].id;
        match id {
            _ if id < BUILD => format!("pick_wonder {}", WONDERS[id - PICK].id),
            _ if id < DISCARD => format!("build {}", card(id - BUILD)),
            _ if id < WONDER => format!("discard {}", card(id - DISCARD)),
            _ if id < PROGRESS => {
                let k = id - WONDER;
                format!("wonder {} with {}", WONDERS[k / C].id, card(k % C))
            }
            _ if id < DESTROY => format!("progress {}", PROGRESS_TOKENS[id - PROGRESS].id),
            _ if id < BUILD_DISCARDED => format!("destroy {}", card(id - DESTROY)),
            _ if id < GREAT_LIBRARY => format!("build_discarded {}", card(id - BUILD_DISCARDED)),
            _ if id < STARTER => {
                format!("great_library {}", PROGRESS_TOKENS[id - GREAT_LIBRARY].id)
            }
            _ => format!("choose_starter {}", id - STARTER),
        }
    }

    fn action_id(&self, action: Action) -> (usize, u32) {
        let id = match action {
            Action::PickWonder(w) => PICK + w as usize,
            Action::Build { card, .. } => BUILD + card as usize,
            Action::Discard { card } => DISCARD + card as usize,
            Action::Wonder { card, wonder, .. } => WONDER + wonder as usize * C + card as usize,
            Action::Progress(t) => PROGRESS + t as usize,
            Action::Destroy(c) => DESTROY + c as usize,
            Action::BuildDiscarded(c) => BUILD_DISCARDED + c as usize,
            Action::GreatLibrary(t) => GREAT_LIBRARY + t as usize,
            Action::ChooseStarter(s) => STARTER + s as usize,
            // TODO(pantheon branch): the expansion's action ids.
            _ => panic!("Pantheon actions have no id yet"),
        };
        let paid = match action {
            Action::Build { paid, .. } | Action::Wonder { paid, .. } => paid as u32,
            _ => 0,
        };
        (id, paid)
    }

    fn encode<S: Sink>(&self, seat: usize, out: &mut S) {
        let me = seat;
        let drafting = self.is_drafting();
        let over = self.is_over();
        out.flag(|| "phase_draft".into(), drafting);
        out.flag(|| "phase_play".into(), !drafting && !over);
        out.flag(|| "phase_over".into(), over);
        out.put(|| "age".into(), self.age() as f32);
        out.flag(|| "seat_is_first_player".into(), me == 0);
        out.flag(|| "to_move".into(), !over && self.current_seat() == me);
        let pending = self.pending();
        out.flag(
            || "pending_progress".into(),
            pending == Some(Pending::Progress),
        );
        out.flag(
            || "pending_destroy".into(),
            matches!(pending, Some(Pending::Destroy(_))),
        );
        out.flag(
            || "pending_mausoleum".into(),
            pending == Some(Pending::Mausoleum),
        );
        out.flag(
            || "pending_great_library".into(),
            pending == Some(Pending::GreatLibrary),
        );
        out.flag(
            || "pending_starter".into(),
            pending == Some(Pending::Starter),
        );
        out.put(|| "draft_picks".into(), self.draft_picks() as f32);
        out.put(
            || "wonders_built_total".into(),
            self.wonders_built_total() as f32,
        );

        // The Conflict track seen from the observer's capital: positive = towards the opponent.
        let pawn = if me == 0 { self.pawn() } else { -self.pawn() };
        out.put(|| "pawn".into(), pawn as f32);
        let tokens = self.military_tokens_left();
        // MILITARY_TOKENS lists seat 0's half first (near the centre, then far): mirror for seat 1.
        let order: [usize; 4] = if me == 0 { [0, 1, 2, 3] } else { [2, 3, 0, 1] };
        const TOKEN_NAMES: [&str; 4] = ["own_near", "own_far", "opponent_near", "opponent_far"];
        for (k, i) in order.into_iter().enumerate() {
            out.flag(
                || format!("military_token_{}", TOKEN_NAMES[k]),
                tokens >> i & 1 == 1,
            );
        }

        for (who, p) in [("self", me), ("opponent", 1 - me)] {
            let player = self.player(p);
            out.put(|| format!("{who}_coins"), player.coins as f32);
            for (c, card) in CARDS.iter().enumerate() {
                out.flag(
                    || format!("{who}_city_{}", card.id),
                    player.city.contains(c as u8),
                );
            }
            for (t, token) in PROGRESS_TOKENS.iter().enumerate() {
                out.flag(
                    || format!("{who}_progress_{}", token.id),
                    player.progress >> t & 1 == 1,
                );
            }
            let drafted = &player.wonders[..player.num_wonders as usize];
            for (w, wonder) in WONDERS.iter().enumerate() {
                out.flag(
                    || format!("{who}_wonder_{}", wonder.id),
                    drafted.contains(&(w as u8)),
                );
            }
            for (w, wonder) in WONDERS.iter().enumerate() {
                out.flag(
                    || format!("{who}_built_{}", wonder.id),
                    player.built_wonders().any(|b| b as usize == w),
                );
            }
        }

        // The layout of the current Age: slot states, then the face-up cards by card id.
        let playing = !drafting && !over;
        let (taken, revealed, accessible) = if playing {
            (
                self.taken_slots(),
                self.revealed_slots(),
                self.accessible_slots(),
            )
        } else {
            (0, 0, 0)
        };
        for s in 0..20 {
            out.flag(|| format!("slot_{s}_taken"), taken >> s & 1 == 1);
        }
        for s in 0..20 {
            out.flag(|| format!("slot_{s}_face_up"), revealed >> s & 1 == 1);
        }
        for s in 0..20 {
            out.flag(|| format!("slot_{s}_accessible"), accessible >> s & 1 == 1);
        }
        let mut face_up = [false; C];
        let mut open = [false; C];
        for s in 0..20 {
            if revealed >> s & 1 == 1 && taken >> s & 1 == 0 {
                let c = self.slot_card(s) as usize;
                face_up[c] = true;
                open[c] = accessible >> s & 1 == 1;
            }
        }
        for (c, card) in CARDS.iter().enumerate() {
            out.flag(|| format!("layout_face_up_{}", card.id), face_up[c]);
        }
        for (c, card) in CARDS.iter().enumerate() {
            out.flag(|| format!("layout_accessible_{}", card.id), open[c]);
        }
        let discard = self.discard_pile();
        for (c, card) in CARDS.iter().enumerate() {
            out.flag(|| format!("discard_{}", card.id), discard.contains(c as u8));
        }

        let mut board = [false; T];
        for t in self.board_tokens() {
            board[t as usize] = true;
        }
        for (t, token) in PROGRESS_TOKENS.iter().enumerate() {
            out.flag(|| format!("board_progress_{}", token.id), board[t]);
        }
        // The Great Library shows the first 3 boxed tokens to the player choosing.
        let mut drawn = [false; T];
        if pending == Some(Pending::GreatLibrary) {
            for &t in self.box_tokens().iter().take(3) {
                drawn[t as usize] = true;
            }
        }
        for (t, token) in PROGRESS_TOKENS.iter().enumerate() {
            out.flag(|| format!("great_library_{}", token.id), drawn[t]);
        }

        // Wonders on offer in the draft: the first 4 revealed, then the next 4.
        let mut offered = [false; W];
        if drafting {
            let shown = if self.draft_picks() < 4 { 4 } else { 8 };
            for &w in &self.setup().wonders_offered[..shown] {
                offered[w as usize] = true;
            }
            for p in 0..2 {
                let pl = self.player(p);
                for &w in &pl.wonders[..pl.num_wonders as usize] {
                    offered[w as usize] = false;
                }
            }
        }
        for (w, wonder) in WONDERS.iter().enumerate() {
            out.flag(|| format!("draft_offered_{}", wonder.id), offered[w]);
        }
    }
}
