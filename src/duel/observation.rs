//! Duel's action ids and observation vector (see [`wonders_common::encoding`]).
//!
//! Action ids, base game (1,202): `pick_wonder w` (12), `build c` (73), `discard c` (73),
//! `wonder w with c` (12 × 73), `progress t` (10), `destroy c` (73), `build_discarded c` (73),
//! `great_library t` (10), `choose_starter s` (2); `c` a card id, `w` a Wonder id, `t` a
//! Progress token id, in the data tables' order. Duel has one price per build, so no payment is
//! collapsed.
//!
//! With Pantheon the base game's 1,202 ids keep their meaning, and after them come (1,900
//! more, 3,102 in all): the base kinds for the expansion's components (`pick_wonder` of its 2
//! Wonders, `build` / `discard` of the 5 Grand Temples, `wonder w with c` for its 2 Wonders with
//! any card and the base Wonders with a Grand Temple, `progress` of its 3 tokens, `destroy` /
//! `build_discarded` of a Grand Temple, `great_library` of its 3 tokens), then the expansion's
//! actions: `place_divinity d on space k` (15 × 6), `activate d|gate` with each set of Offering
//! tokens (16 × 8; the set is part of the decision, the price follows from it), `gate d` (15),
//! `divine_theater d` with the rest of its deck in each order (15 × 5), `enki t` (13),
//! `nisaba c`, `baal c` (78 each), `zeus slot s` (20 layout slots: a face-down card is known by
//! its place only), `anubis w` (14), `isis c under w` (78 × 14),
//! `ra w` (14), `minerva s` (19 squares), `neptune` (discard × apply, 4 × 5).
//!
//! Observation: everything public (Duel has no private hands): the phase, Age, whose turn and
//! what is pending, the Conflict pawn and military tokens from the observer's side, both
//! cities (observer first), the layout's slots and face-up cards, the discard pile, the Progress
//! tokens on the board (and the 3 a pending Great Library shows), and the Wonders still offered
//! in the draft. Never the face-down cards, the cards removed from the Ages or the box order.
//!
//! With Pantheon (955 features) the base game's 545 come first, unchanged (over the base
//! game's components), then the same features for the expansion's components (47: Grand
//! Temples, its Wonders and tokens), then Pantheon's own (363): the decision waited on, each space (empty, the
//! Gate, the Mythology on the card's back, and the Divinity only when it is face up or the
//! observer placed it, who placed a face-down card, what activating it costs each seat), each
//! deck's size and the cards of it the observer has seen (the card it put back, the tops the
//! Gate showed, the decks during its Divine Theater), the tokens lying on the layout, both
//! seats' Mythology and Offering tokens, coins on Astarte, activated Divinities and scientific
//! symbols, the tokens on Enki, the Minerva pawn, and the Wonders sent to the box.

use std::ops::Range;

use super::data::{
    Science, BASE_CARDS, BASE_TOKENS, BASE_WONDERS, CARDS, NUM_CARDS, NUM_TOKENS, NUM_WONDERS,
    PROGRESS_TOKENS, WONDERS,
};
use super::pantheon_data::{
    Mythology, DIVINITIES, MYTHOLOGY_TOKEN_SLOTS, NUM_DIVINITIES, OFFERING_TOKENS,
    OFFERING_TOKEN_SLOTS, PANTHEON_SPACES,
};
use super::record::military_token_id;
use super::state::{offering_values, Action, Pending, GATE_ID, NO_DIVINITY, NO_TOKEN};
use super::{Duel, DuelConfig};
use wonders_common::encoding::{Encoded, Sink};

// ----- base ids (the base game's components only) -----------------------------------------

const C: usize = BASE_CARDS;
const W: usize = BASE_WONDERS;
const T: usize = BASE_TOKENS;

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

// ----- Pantheon ids, after the base game's ----------------------------------------------------

/// Pantheon's cards (Grand Temples), Wonders and tokens.
const XC: usize = NUM_CARDS - BASE_CARDS;
const XW: usize = NUM_WONDERS - BASE_WONDERS;
const XT: usize = NUM_TOKENS - BASE_TOKENS;
/// Every card and Wonder, for the expansion's own actions.
const AC: usize = NUM_CARDS;
const AW: usize = NUM_WONDERS;
const D: usize = NUM_DIVINITIES;
/// The Divine Theater's orders of the rest of a deck: none, either card alone, both each way.
const REST_ORDERS: usize = 5;
/// Neptune's applied token: one of 4, or none.
const NEPTUNE_APPLY: usize = 5;
/// Zeus's layout slots.
const SLOTS: usize = 20;
/// Minerva's squares, -9..=9.
const SQUARES: usize = 19;

const X_PICK: usize = SPACE;
const X_BUILD: usize = X_PICK + XW;
const X_DISCARD: usize = X_BUILD + XC;
/// Pantheon's Wonders with any card.
const X_WONDER_NEW: usize = X_DISCARD + XC;
/// The base Wonders with a Grand Temple.
const X_WONDER_TEMPLE: usize = X_WONDER_NEW + XW * AC;
const X_PROGRESS: usize = X_WONDER_TEMPLE + W * XC;
const X_DESTROY: usize = X_PROGRESS + XT;
const X_BUILD_DISCARDED: usize = X_DESTROY + XC;
const X_GREAT_LIBRARY: usize = X_BUILD_DISCARDED + XC;
const PLACE: usize = X_GREAT_LIBRARY + XT;
const ACTIVATE: usize = PLACE + D * PANTHEON_SPACES;
const GATE: usize = ACTIVATE + (D + 1) * 8;
const THEATER: usize = GATE + D;
const ENKI: usize = THEATER + D * REST_ORDERS;
const NISABA: usize = ENKI + NUM_TOKENS;
const BAAL: usize = NISABA + AC;
const ZEUS: usize = BAAL + AC;
const ANUBIS: usize = ZEUS + SLOTS;
const ISIS: usize = ANUBIS + AW;
const RA: usize = ISIS + AC * AW;
const MINERVA: usize = RA + AW;
const NEPTUNE: usize = MINERVA + SQUARES;
/// The Divine Theater's deck, by Mythology (last: added after the other ids were fixed).
const THEATER_DECK: usize = NEPTUNE + 4 * NEPTUNE_APPLY;
const PANTHEON_SPACE: usize = THEATER_DECK + Mythology::ALL.len();

/// The other two Divinities of `d`'s Mythology, in id order.
fn deck_mates(d: usize) -> [usize; 2] {
    let first = d / 3 * 3;
    let mut mates = [0; 2];
    let mut k = 0;
    for x in first..first + 3 {
        if x != d {
            mates[k] = x;
            k += 1;
        }
    }
    mates
}

/// The index (0..5) of a Divine Theater's `rest` among the orders of `d`'s deck mates.
fn rest_index(d: usize, rest: [u8; 2]) -> usize {
    let [a, _] = deck_mates(d).map(|x| x as u8);
    match rest {
        [NO_DIVINITY, _] => 0,
        [x, NO_DIVINITY] if x == a => 1,
        [_, NO_DIVINITY] => 2,
        [x, _] if x == a => 3,
        _ => 4,
    }
}

/// The `rest` of order `k` of `d`'s deck mates, as ids.
fn rest_of(d: usize, k: usize) -> Vec<&'static str> {
    let [a, b] = deck_mates(d).map(|x| DIVINITIES[x].id);
    match k {
        0 => vec![],
        1 => vec![a],
        2 => vec![b],
        3 => vec![a, b],
        _ => vec![b, a],
    }
}

fn divinity_id(d: usize) -> &'static str {
    if d == GATE_ID as usize {
        "gate"
    } else {
        DIVINITIES[d].id
    }
}

/// The label of a Pantheon id (`id >= SPACE`).
fn pantheon_label(id: usize) -> String {
    let card = |c: usize| CARDS[c].id;
    let wonder = |w: usize| WONDERS[w].id;
    let token = |t: usize| PROGRESS_TOKENS[t].id;
    match id {
        _ if id < X_BUILD => format!("pick_wonder {}", wonder(W + id - X_PICK)),
        _ if id < X_DISCARD => format!("build {}", card(C + id - X_BUILD)),
        _ if id < X_WONDER_NEW => format!("discard {}", card(C + id - X_DISCARD)),
        _ if id < X_WONDER_TEMPLE => {
            let k = id - X_WONDER_NEW;
            format!("wonder {} with {}", wonder(W + k / AC), card(k % AC))
        }
        _ if id < X_PROGRESS => {
            let k = id - X_WONDER_TEMPLE;
            format!("wonder {} with {}", wonder(k / XC), card(C + k % XC))
        }
        _ if id < X_DESTROY => format!("progress {}", token(T + id - X_PROGRESS)),
        _ if id < X_BUILD_DISCARDED => format!("destroy {}", card(C + id - X_DESTROY)),
        _ if id < X_GREAT_LIBRARY => {
            format!("build_discarded {}", card(C + id - X_BUILD_DISCARDED))
        }
        _ if id < PLACE => format!("great_library {}", token(T + id - X_GREAT_LIBRARY)),
        _ if id < ACTIVATE => {
            let k = id - PLACE;
            format!(
                "place_divinity {} on space {}",
                DIVINITIES[k / PANTHEON_SPACES].id,
                k % PANTHEON_SPACES + 1
            )
        }
        _ if id < GATE => {
            let k = id - ACTIVATE;
            let offerings = offering_values((k % 8) as u8);
            let with = if offerings.is_empty() {
                String::new()
            } else {
                let v: Vec<String> = offerings.iter().map(|v| v.to_string()).collect();
                format!(" with offerings {}", v.join("+"))
            };
            format!("activate {}{with}", divinity_id(k / 8))
        }
        _ if id < THEATER => format!("gate {}", DIVINITIES[id - GATE].id),
        _ if id < ENKI => {
            let k = id - THEATER;
            let (d, order) = (k / REST_ORDERS, k % REST_ORDERS);
            let rest = rest_of(d, order);
            format!(
                "divine_theater {} rest {}",
                DIVINITIES[d].id,
                if rest.is_empty() {
                    "none".to_string()
                } else {
                    rest.join(",")
                }
            )
        }
        _ if id < NISABA => format!("enki {}", token(id - ENKI)),
        _ if id < BAAL => format!("nisaba {}", card(id - NISABA)),
        _ if id < ZEUS => format!("baal {}", card(id - BAAL)),
        _ if id < ANUBIS => format!("zeus slot {}", id - ZEUS),
        _ if id < ISIS => format!("anubis {}", wonder(id - ANUBIS)),
        _ if id < RA => {
            let k = id - ISIS;
            format!("isis {} under {}", card(k % AC), wonder(k / AC))
        }
        _ if id < MINERVA => format!("ra {}", wonder(id - RA)),
        _ if id < NEPTUNE => format!("minerva {}", (id - MINERVA) as i64 - 9),
        _ if id >= THEATER_DECK => {
            format!(
                "divine_theater deck {}",
                Mythology::ALL[id - THEATER_DECK].id()
            )
        }
        _ => {
            let k = id - NEPTUNE;
            let (discard, apply) = (k / NEPTUNE_APPLY, k % NEPTUNE_APPLY);
            format!(
                "neptune discard {} apply {}",
                military_token_id(discard as u8),
                if apply == 4 {
                    "none"
                } else {
                    military_token_id(apply as u8)
                }
            )
        }
    }
}

impl Encoded for Duel {
    fn action_space(options: &DuelConfig) -> usize {
        if options.pantheon {
            PANTHEON_SPACE
        } else {
            SPACE
        }
    }

    fn action_label(_options: &DuelConfig, id: usize) -> String {
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
            _ if id < SPACE => format!("choose_starter {}", id - STARTER),
            _ => pantheon_label(id),
        }
    }

    fn action_id(&self, action: Action) -> (usize, u32) {
        let new_card = |c: u8| c as usize >= C;
        let id = match action {
            Action::PickWonder(w) if (w as usize) < W => PICK + w as usize,
            Action::PickWonder(w) => X_PICK + w as usize - W,
            Action::Build { card, .. } if new_card(card) => X_BUILD + card as usize - C,
            Action::Build { card, .. } => BUILD + card as usize,
            Action::Discard { card } if new_card(card) => X_DISCARD + card as usize - C,
            Action::Discard { card } => DISCARD + card as usize,
            Action::Wonder { card, wonder, .. } => {
                let (w, c) = (wonder as usize, card as usize);
                if w >= W {
                    X_WONDER_NEW + (w - W) * AC + c
                } else if c >= C {
                    X_WONDER_TEMPLE + w * XC + c - C
                } else {
                    WONDER + w * C + c
                }
            }
            Action::Progress(t) if t as usize >= T => X_PROGRESS + t as usize - T,
            Action::Progress(t) => PROGRESS + t as usize,
            Action::Destroy(c) if new_card(c) => X_DESTROY + c as usize - C,
            Action::Destroy(c) => DESTROY + c as usize,
            Action::BuildDiscarded(c) if new_card(c) => X_BUILD_DISCARDED + c as usize - C,
            Action::BuildDiscarded(c) => BUILD_DISCARDED + c as usize,
            Action::GreatLibrary(t) if t as usize >= T => X_GREAT_LIBRARY + t as usize - T,
            Action::GreatLibrary(t) => GREAT_LIBRARY + t as usize,
            Action::ChooseStarter(s) => STARTER + s as usize,
            Action::PlaceDivinity { divinity, space } => {
                PLACE + divinity as usize * PANTHEON_SPACES + space as usize - 1
            }
            Action::Activate {
                divinity,
                offerings,
                ..
            } => ACTIVATE + divinity as usize * 8 + offerings as usize,
            Action::Gate(d) => GATE + d as usize,
            Action::DivineTheaterDeck(m) => THEATER_DECK + m as usize,
            Action::DivineTheater { divinity, rest } => {
                THEATER + divinity as usize * REST_ORDERS + rest_index(divinity as usize, rest)
            }
            Action::Enki(t) => ENKI + t as usize,
            Action::Nisaba(c) => NISABA + c as usize,
            Action::Baal(c) => BAAL + c as usize,
            Action::Zeus(slot) => ZEUS + slot as usize,
            Action::Anubis(w) => ANUBIS + w as usize,
            Action::Isis { card, wonder } => ISIS + wonder as usize * AC + card as usize,
            Action::Ra(w) => RA + w as usize,
            Action::Minerva(square) => MINERVA + (square + 9) as usize,
            Action::Neptune { discard, apply } => {
                let apply = if apply == NO_TOKEN { 4 } else { apply as usize };
                NEPTUNE + discard as usize * NEPTUNE_APPLY + apply
            }
        };
        let paid = match action {
            Action::Build { paid, .. }
            | Action::Wonder { paid, .. }
            | Action::Activate { paid, .. } => paid as u32,
            _ => 0,
        };
        (id, paid)
    }

    fn encode<S: Sink>(&self, seat: usize, out: &mut S) {
        self.encode_components(seat, out, 0..C, 0..W, 0..T, true);
        if self.is_pantheon() {
            self.encode_components(
                seat,
                out,
                C..NUM_CARDS,
                W..NUM_WONDERS,
                T..NUM_TOKENS,
                false,
            );
            self.encode_pantheon(seat, out);
        }
    }
}

impl Duel {
    /// The base game's features over these cards, Wonders and tokens; the features that name no
    /// component (phase, pawn, coins, slots) only when `scalars`.
    fn encode_components<S: Sink>(
        &self,
        seat: usize,
        out: &mut S,
        cards: Range<usize>,
        wonders: Range<usize>,
        tokens: Range<usize>,
        scalars: bool,
    ) {
        let me = seat;
        let drafting = self.is_drafting();
        let over = self.is_over();
        let pending = self.pending();
        if scalars {
            out.flag(|| "phase_draft".into(), drafting);
            out.flag(|| "phase_play".into(), !drafting && !over);
            out.flag(|| "phase_over".into(), over);
            out.put(|| "age".into(), self.age() as f32);
            out.flag(|| "seat_is_first_player".into(), me == 0);
            out.flag(|| "to_move".into(), !over && self.current_seat() == me);
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

            // The Conflict track seen from the observer's capital: positive = towards the
            // opponent.
            let pawn = self.pawn_toward_opponent(me);
            out.put(|| "pawn".into(), pawn as f32);
            let tokens = self.military_tokens_left();
            // MILITARY_TOKENS lists seat 0's half first (near the centre, then far): mirror
            // for seat 1.
            let order: [usize; 4] = if me == 0 { [0, 1, 2, 3] } else { [2, 3, 0, 1] };
            const TOKEN_NAMES: [&str; 4] = ["own_near", "own_far", "opponent_near", "opponent_far"];
            for (k, i) in order.into_iter().enumerate() {
                out.flag(
                    || format!("military_token_{}", TOKEN_NAMES[k]),
                    tokens >> i & 1 == 1,
                );
            }
        }

        for (who, p) in [("self", me), ("opponent", 1 - me)] {
            let player = self.player(p);
            if scalars {
                out.put(|| format!("{who}_coins"), player.coins as f32);
            }
            for c in cards.clone() {
                out.flag(
                    || format!("{who}_city_{}", CARDS[c].id),
                    player.city.contains(c as u8),
                );
            }
            for t in tokens.clone() {
                out.flag(
                    || format!("{who}_progress_{}", PROGRESS_TOKENS[t].id),
                    player.progress >> t & 1 == 1,
                );
            }
            let drafted = &player.wonders[..player.num_wonders as usize];
            for w in wonders.clone() {
                out.flag(
                    || format!("{who}_wonder_{}", WONDERS[w].id),
                    drafted.contains(&(w as u8)),
                );
            }
            for w in wonders.clone() {
                out.flag(
                    || format!("{who}_built_{}", WONDERS[w].id),
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
        if scalars {
            for s in 0..20 {
                out.flag(|| format!("slot_{s}_taken"), taken >> s & 1 == 1);
            }
            for s in 0..20 {
                out.flag(|| format!("slot_{s}_face_up"), revealed >> s & 1 == 1);
            }
            for s in 0..20 {
                out.flag(|| format!("slot_{s}_accessible"), accessible >> s & 1 == 1);
            }
        }
        let mut face_up = [false; NUM_CARDS];
        let mut open = [false; NUM_CARDS];
        for s in 0..20 {
            if revealed >> s & 1 == 1 && taken >> s & 1 == 0 {
                let c = self.slot_card(s) as usize;
                face_up[c] = true;
                open[c] = accessible >> s & 1 == 1;
            }
        }
        for c in cards.clone() {
            out.flag(|| format!("layout_face_up_{}", CARDS[c].id), face_up[c]);
        }
        for c in cards.clone() {
            out.flag(|| format!("layout_accessible_{}", CARDS[c].id), open[c]);
        }
        let discard = self.discard_pile();
        for c in cards.clone() {
            out.flag(
                || format!("discard_{}", CARDS[c].id),
                discard.contains(c as u8),
            );
        }

        let mut board = [false; NUM_TOKENS];
        for t in self.board_tokens() {
            board[t as usize] = true;
        }
        for t in tokens.clone() {
            out.flag(
                || format!("board_progress_{}", PROGRESS_TOKENS[t].id),
                board[t],
            );
        }
        // The Great Library shows the first 3 boxed tokens to the player choosing.
        let mut drawn = [false; NUM_TOKENS];
        if pending == Some(Pending::GreatLibrary) {
            for &t in self.box_tokens().iter().take(3) {
                drawn[t as usize] = true;
            }
        }
        for t in tokens {
            out.flag(
                || format!("great_library_{}", PROGRESS_TOKENS[t].id),
                drawn[t],
            );
        }

        // Wonders on offer in the draft: the first 4 revealed, then the next 4.
        let mut offered = [false; NUM_WONDERS];
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
        for w in wonders {
            out.flag(|| format!("draft_offered_{}", WONDERS[w].id), offered[w]);
        }
    }

    /// Pantheon's own features (see the module documentation).
    fn encode_pantheon<S: Sink>(&self, seat: usize, out: &mut S) {
        let me = seat;
        let pending = self.pending();
        let p = self.pantheon();
        // The decisions about one deck: a flag per Mythology for each.
        let placing = match pending {
            Some(Pending::PlaceDivinity(m)) => Some(m as usize),
            _ => None,
        };
        let theater = match pending {
            Some(Pending::DivineTheaterCard(m)) => Some(m as usize),
            _ => None,
        };
        for (name, deck) in [
            ("place_divinity", placing),
            ("divine_theater_card", theater),
        ] {
            for m in Mythology::ALL {
                out.flag(
                    || format!("pending_{name}_{}", m.id()),
                    deck == Some(m as usize),
                );
            }
        }
        let decisions = [
            ("gate", Pending::Gate),
            ("divine_theater", Pending::DivineTheater),
            ("enki", Pending::Enki),
            ("nisaba", Pending::Nisaba),
            ("baal", Pending::Baal),
            ("hades", Pending::Hades),
            ("zeus", Pending::Zeus),
            ("anubis", Pending::Anubis),
            ("isis", Pending::Isis),
            ("ra", Pending::Ra),
            ("minerva", Pending::Minerva),
            ("neptune", Pending::Neptune),
        ];
        for (name, decision) in decisions {
            out.flag(|| format!("pending_{name}"), pending == Some(decision));
        }
        out.flag(|| "pantheon_revealed".into(), p.revealed);

        // The spaces: what lies there, as far as the observer may know it.
        for k in 0..PANTHEON_SPACES {
            let d = p.spaces[k];
            let space = k + 1;
            let card = d != NO_DIVINITY && d != GATE_ID;
            let placed_by = (p.placed_by >> k & 1) as usize;
            let face_down = card && !p.revealed;
            let known = card && (p.revealed || placed_by == me);
            out.flag(|| format!("space_{space}_empty"), d == NO_DIVINITY);
            out.flag(|| format!("space_{space}_gate"), d == GATE_ID);
            for m in Mythology::ALL {
                out.flag(
                    || format!("space_{space}_mythology_{}", m.id()),
                    card && DIVINITIES[d as usize].mythology == m,
                );
            }
            for (i, div) in DIVINITIES.iter().enumerate() {
                out.flag(
                    || format!("space_{space}_divinity_{}", div.id),
                    known && d as usize == i,
                );
            }
            out.flag(
                || format!("space_{space}_placed_by_self"),
                face_down && placed_by == me,
            );
            out.flag(
                || format!("space_{space}_placed_by_opponent"),
                face_down && placed_by != me,
            );
            let occupied = d != NO_DIVINITY;
            for (who, s) in [("self", me), ("opponent", 1 - me)] {
                let cost = if occupied {
                    self.activation_price(s, space as u8)
                } else {
                    0
                };
                out.put(
                    || format!("space_{space}_activation_cost_{who}"),
                    cost as f32,
                );
            }
        }

        // The decks: sizes, and the cards the observer has seen, by position from the top.
        for m in Mythology::ALL {
            let mi = m as usize;
            out.put(|| format!("deck_{}_size", m.id()), p.deck_len[mi] as f32);
            let seen = (self.sees(me, mi) as usize).min(p.deck_len[mi] as usize);
            for (pos, name) in ["top", "second", "third"].into_iter().enumerate() {
                for d in m.divinities() {
                    out.flag(
                        || format!("deck_{}_{name}_{}", m.id(), DIVINITIES[d as usize].id),
                        pos < seen && p.decks[mi][pos] == d,
                    );
                }
            }
        }

        // Tokens still lying on the layout (face up on face-down cards).
        let setup = self.setup().pantheon;
        let playing = !self.is_drafting() && !self.is_over();
        for (i, &slot) in MYTHOLOGY_TOKEN_SLOTS.iter().enumerate() {
            let on = playing && self.age() == 1 && p.tokens_on >> slot & 1 == 1;
            for m in Mythology::ALL {
                out.flag(
                    || format!("layout_slot_{slot}_mythology_token_{}", m.id()),
                    on && setup.is_some_and(|s| s.mythology_tokens[i] == m as u8),
                );
            }
        }
        for (i, &slot) in OFFERING_TOKEN_SLOTS.iter().enumerate() {
            let on = playing && self.age() == 2 && p.tokens_on >> slot & 1 == 1;
            for v in OFFERING_TOKENS {
                out.flag(
                    || format!("layout_slot_{slot}_offering_{v}"),
                    on && setup.is_some_and(|s| s.offering_tokens[i] == v),
                );
            }
        }

        // Each seat's Pantheon holdings, observer first.
        const SCIENCE: [Science; 7] = [
            Science::ArmillarySphere,
            Science::Wheel,
            Science::Sundial,
            Science::MortarPestle,
            Science::PlumbLine,
            Science::Quill,
            Science::Law,
        ];
        for (who, s) in [("self", me), ("opponent", 1 - me)] {
            for m in Mythology::ALL {
                out.put(
                    || format!("{who}_mythology_tokens_{}", m.id()),
                    p.mythology[s][m as usize] as f32,
                );
            }
            for (i, v) in OFFERING_TOKENS.iter().enumerate() {
                out.flag(
                    || format!("{who}_offering_{v}"),
                    p.offerings[s] >> i & 1 == 1,
                );
            }
            out.put(|| format!("{who}_astarte_coins"), p.astarte[s] as f32);
            for (i, div) in DIVINITIES.iter().enumerate() {
                out.flag(
                    || format!("{who}_activated_{}", div.id),
                    p.activated[s] >> i & 1 == 1,
                );
            }
            let player = self.player(s);
            for symbol in SCIENCE {
                out.flag(
                    || format!("{who}_science_{}", symbol.id()),
                    player.science >> symbol as u8 & 1 == 1,
                );
            }
            for symbol in SCIENCE {
                out.flag(
                    || format!("{who}_science_pair_{}", symbol.id()),
                    player.paired >> symbol as u8 & 1 == 1,
                );
            }
        }

        // The tokens on a revealed Enki.
        let enki = &p.enki[..p.enki_len as usize];
        for (t, token) in PROGRESS_TOKENS.iter().enumerate() {
            out.flag(
                || format!("enki_progress_{}", token.id),
                enki.contains(&(t as u8)),
            );
        }
        // The Minerva pawn, from the observer's side like the Conflict pawn.
        let on_track = p.minerva != super::state::pantheon::NO_MINERVA;
        out.flag(|| "minerva_on_track".into(), on_track);
        let square = match (on_track, me) {
            (false, _) => 0,
            (true, 0) => p.minerva,
            (true, _) => -p.minerva,
        };
        out.put(|| "minerva_square".into(), square as f32);
        for (w, wonder) in WONDERS.iter().enumerate() {
            out.flag(
                || format!("wonder_boxed_{}", wonder.id),
                p.boxed_wonders >> w & 1 == 1,
            );
        }
    }
}
