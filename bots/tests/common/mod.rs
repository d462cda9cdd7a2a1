//! Tiny games for testing and benchmarking the bots: tic-tac-toe, two hidden-information games
//! and a three-player decision tree. Each implements `Game` in the most direct way.

#![allow(dead_code)]

use std::fmt;

use rand::{Rng, RngCore};
use wonders_bots::{Bot, Game};

/// The one error of these games: an action that is not legal.
#[derive(Debug)]
pub struct Illegal;

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal action")
    }
}

impl std::error::Error for Illegal {}

/// Plays `state` to the end; `bots[seat]` moves for `seat`. Returns the actions and returns.
pub fn play<G: Game>(mut state: G, bots: &mut [Box<dyn Bot<G>>]) -> (Vec<G::Action>, Vec<f64>) {
    let mut actions = Vec::new();
    while !state.is_terminal() {
        let action = bots[state.current_player()].choose(&state);
        state.apply(action).expect("bot chose an illegal action");
        actions.push(action);
    }
    let mut returns = vec![0.0; state.num_players()];
    state.returns(&mut returns);
    (actions, returns)
}

// ---------------------------------------------------------------------------------------------

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe: seat 0 plays X and starts, seat 1 plays O. Actions are cell indices 0..9,
/// row by row.
#[derive(Clone, Debug, Default)]
pub struct TicTacToe {
    /// 0 empty, 1 X, 2 O.
    cells: [u8; 9],
    moves: u8,
    /// `Some(seat)` once someone has three in a row.
    winner: Option<u8>,
}

impl TicTacToe {
    /// A position from a picture such as `"XO. .X. ..O"` (spaces ignored); the seat to move is
    /// inferred from the counts.
    pub fn from_picture(picture: &str) -> Self {
        let mut game = Self::default();
        let mut xs = Vec::new();
        let mut os = Vec::new();
        for (i, ch) in picture.chars().filter(|c| !c.is_whitespace()).enumerate() {
            match ch {
                'X' => xs.push(i as u8),
                'O' => os.push(i as u8),
                '.' => {}
                _ => panic!("bad picture character {ch:?}"),
            }
        }
        assert!(xs.len() == os.len() || xs.len() == os.len() + 1);
        for i in 0..xs.len() {
            game.apply(xs[i]).unwrap();
            if i < os.len() {
                game.apply(os[i]).unwrap();
            }
        }
        game
    }
}

impl Game for TicTacToe {
    type Action = u8;
    type Error = Illegal;

    fn num_players(&self) -> usize {
        2
    }

    fn current_player(&self) -> usize {
        usize::from(self.moves % 2)
    }

    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if !self.is_terminal() {
            out.extend((0..9u8).filter(|&i| self.cells[i as usize] == 0));
        }
    }

    fn apply(&mut self, action: u8) -> Result<(), Illegal> {
        if self.is_terminal() || action >= 9 || self.cells[action as usize] != 0 {
            return Err(Illegal);
        }
        let mark = 1 + self.moves % 2;
        self.cells[action as usize] = mark;
        self.moves += 1;
        if LINES
            .iter()
            .any(|l| l.iter().all(|&c| self.cells[c] == mark))
        {
            self.winner = Some(mark - 1);
        }
        Ok(())
    }

    fn is_terminal(&self) -> bool {
        self.winner.is_some() || self.moves == 9
    }

    fn returns(&self, out: &mut [f64]) {
        match self.winner {
            Some(w) => {
                out[0] = if w == 0 { 1.0 } else { 0.0 };
                out[1] = 1.0 - out[0];
            }
            None => out[..2].fill(0.5),
        }
    }

    fn scores(&self, out: &mut [i32]) {
        out[0] = i32::from(self.winner == Some(0));
        out[1] = i32::from(self.winner == Some(1));
    }

    fn evaluate(&self, out: &mut [f64]) {
        // No heuristic: an unfinished game looks even, a finished one is what it is.
        self.returns(out);
    }

    fn determinize(&self, _observer: usize, _rng: &mut dyn RngCore) -> Self {
        self.clone()
    }
}

// ---------------------------------------------------------------------------------------------

/// Seat 0 secretly rolled a three-sided die; seat 1 moves once: guess the face (win on a right
/// guess, lose otherwise) or take a safe draw. Knowing the face, guessing always wins; not
/// knowing it, a guess wins a third of the time and the draw (worth 1/2) is best.
#[derive(Clone, Debug)]
pub struct DieGuess {
    pub die: u8,
    chosen: Option<DieAction>,
}

/// Seat 1's choice in [`DieGuess`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DieAction {
    Guess(u8),
    Safe,
}

impl DieGuess {
    /// The game with the die showing `die` (0..3).
    pub fn new(die: u8) -> Self {
        Self { die, chosen: None }
    }
}

impl Game for DieGuess {
    type Action = DieAction;
    type Error = Illegal;

    fn num_players(&self) -> usize {
        2
    }

    fn current_player(&self) -> usize {
        1
    }

    fn legal_actions(&self, out: &mut Vec<DieAction>) {
        out.clear();
        if self.chosen.is_none() {
            out.extend([
                DieAction::Guess(0),
                DieAction::Guess(1),
                DieAction::Guess(2),
            ]);
            out.push(DieAction::Safe);
        }
    }

    fn apply(&mut self, action: DieAction) -> Result<(), Illegal> {
        match (self.chosen, action) {
            (None, DieAction::Guess(g)) if g < 3 => self.chosen = Some(action),
            (None, DieAction::Safe) => self.chosen = Some(action),
            _ => return Err(Illegal),
        }
        Ok(())
    }

    fn is_terminal(&self) -> bool {
        self.chosen.is_some()
    }

    fn returns(&self, out: &mut [f64]) {
        let seat1 = match self.chosen {
            Some(DieAction::Guess(g)) if g == self.die => 1.0,
            Some(DieAction::Guess(_)) => 0.0,
            _ => 0.5,
        };
        out[0] = 1.0 - seat1;
        out[1] = seat1;
    }

    fn scores(&self, out: &mut [i32]) {
        let mut r = [0.0; 2];
        self.returns(&mut r);
        out[0] = (r[0] * 2.0) as i32;
        out[1] = (r[1] * 2.0) as i32;
    }

    fn evaluate(&self, out: &mut [f64]) {
        self.returns(out);
    }

    fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
        let mut copy = self.clone();
        if observer != 0 {
            copy.die = rng.random_range(0..3);
        }
        copy
    }
}

// ---------------------------------------------------------------------------------------------

/// Seat 1 holds a secret card 0..3. Seat 0 first chooses `A` or `B`; then seat 1 may play its
/// card or pass, so seat 1's legal actions differ between determinizations.
/// - after `A`: card 0 played wins for seat 1; anything else (another card, or a pass) wins for
///   seat 0. Seat 0 wins with chance 2/3 not knowing the card.
/// - after `B`: card 1 or 2 played wins for seat 1; anything else wins for seat 0: chance 1/3.
///
/// Without peeking, `A` is right; knowing the card is 0, `B` wins for sure.
#[derive(Clone, Debug)]
pub struct HiddenCard {
    pub card: u8,
    first: Option<CardAction>,
    second: Option<CardAction>,
}

/// An action of [`HiddenCard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardAction {
    A,
    B,
    Play(u8),
    Pass,
}

impl HiddenCard {
    /// The game with seat 1 holding `card` (0..3).
    pub fn new(card: u8) -> Self {
        Self {
            card,
            first: None,
            second: None,
        }
    }
}

impl Game for HiddenCard {
    type Action = CardAction;
    type Error = Illegal;

    fn num_players(&self) -> usize {
        2
    }

    fn current_player(&self) -> usize {
        usize::from(self.first.is_some())
    }

    fn legal_actions(&self, out: &mut Vec<CardAction>) {
        out.clear();
        match (self.first, self.second) {
            (None, _) => out.extend([CardAction::A, CardAction::B]),
            (Some(_), None) => out.extend([CardAction::Play(self.card), CardAction::Pass]),
            _ => {}
        }
    }

    fn apply(&mut self, action: CardAction) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(Illegal);
        }
        if self.first.is_none() {
            self.first = Some(action);
        } else {
            self.second = Some(action);
        }
        Ok(())
    }

    fn is_terminal(&self) -> bool {
        self.second.is_some()
    }

    fn returns(&self, out: &mut [f64]) {
        let seat1_wins = match (self.first, self.second) {
            (Some(CardAction::A), Some(CardAction::Play(0))) => true,
            (Some(CardAction::B), Some(CardAction::Play(c))) => c == 1 || c == 2,
            _ => false,
        };
        out[0] = if seat1_wins { 0.0 } else { 1.0 };
        out[1] = 1.0 - out[0];
    }

    fn scores(&self, out: &mut [i32]) {
        let mut r = [0.0; 2];
        self.returns(&mut r);
        out[0] = r[0] as i32;
        out[1] = r[1] as i32;
    }

    fn evaluate(&self, out: &mut [f64]) {
        if self.is_terminal() {
            self.returns(out);
        } else {
            out[..2].fill(0.5);
        }
    }

    fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
        let mut copy = self.clone();
        if observer != 1 {
            copy.card = rng.random_range(0..3);
        }
        copy
    }
}

// ---------------------------------------------------------------------------------------------

/// Winners (bitmask over seats 0, 1, 2) of the leaves of [`ThreeSeats`], indexed by
/// `4 * a0 + 2 * a1 + a2`. Chosen so that the subgame-perfect first move (each seat maximising
/// its own return) differs both from "every seat helps seat 0" and from "the others move at
/// random": only correct vector returns find it.
pub const THREE_SEAT_LEAVES: [u8; 8] = [0b111, 0b101, 0b110, 0b001, 0b011, 0b111, 0b100, 0b111];

/// Three seats each choose 0 or 1 once, in order 0, 1, 2; the leaf's winners share the win.
#[derive(Clone, Debug, Default)]
pub struct ThreeSeats {
    pub path: Vec<u8>,
}

impl ThreeSeats {
    /// The returns of the leaf `4 * a0 + 2 * a1 + a2`.
    pub fn leaf_returns(leaf: usize) -> [f64; 3] {
        let winners = THREE_SEAT_LEAVES[leaf];
        let share = 1.0 / f64::from(winners.count_ones());
        std::array::from_fn(|seat| if winners >> seat & 1 == 1 { share } else { 0.0 })
    }
}

impl Game for ThreeSeats {
    type Action = u8;
    type Error = Illegal;

    fn num_players(&self) -> usize {
        3
    }

    fn current_player(&self) -> usize {
        self.path.len()
    }

    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if !self.is_terminal() {
            out.extend([0, 1]);
        }
    }

    fn apply(&mut self, action: u8) -> Result<(), Illegal> {
        if self.is_terminal() || action > 1 {
            return Err(Illegal);
        }
        self.path.push(action);
        Ok(())
    }

    fn is_terminal(&self) -> bool {
        self.path.len() == 3
    }

    fn returns(&self, out: &mut [f64]) {
        let leaf = self.path.iter().fold(0, |acc, &a| acc * 2 + usize::from(a));
        out[..3].copy_from_slice(&Self::leaf_returns(leaf));
    }

    fn scores(&self, out: &mut [i32]) {
        let mut r = [0.0; 3];
        self.returns(&mut r);
        for (o, v) in out.iter_mut().zip(r) {
            *o = i32::from(v > 0.0);
        }
    }

    fn evaluate(&self, out: &mut [f64]) {
        if self.is_terminal() {
            self.returns(out);
        } else {
            out[..3].fill(1.0 / 3.0);
        }
    }

    fn determinize(&self, _observer: usize, _rng: &mut dyn RngCore) -> Self {
        self.clone()
    }
}
