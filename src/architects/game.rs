//! The bot interface: `wonders_bots::Game` for `Architects`.

use rand::RngCore;
use wonders_bots::Game;

use super::data::{Card, Colour, Token};
use super::state::{Action, Architects, ArchitectsError};

impl Game for Architects {
    type Action = Action;
    type Error = ArchitectsError;

    fn encoding(&self) -> Option<wonders_bots::Encoding> {
        Some(crate::common::encoding::encoding_of(
            self,
            <Architects as crate::common::encoding::Encoded>::action_space(&self.config),
        ))
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        crate::common::encoding::Encoded::encode(
            self,
            seat,
            &mut crate::common::encoding::Writer::new(out),
        );
    }

    fn encoded_action(&self, action: Self::Action) -> (usize, u32) {
        crate::common::encoding::Encoded::action_id(self, action)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    fn current_player(&self) -> usize {
        self.current
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        Architects::legal_actions(self, out)
    }

    fn apply(&mut self, action: Action) -> Result<(), ArchitectsError> {
        Architects::apply(self, action)
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    fn returns(&self, out: &mut [f64]) {
        let n = self.players();
        out[..n].fill(0.0);
        if self.is_over() {
            let w = self.winners();
            for &p in &w {
                out[p] = 1.0 / w.len() as f64;
            }
        }
    }

    fn scores(&self, out: &mut [i32]) {
        for (p, o) in out.iter_mut().enumerate().take(self.players()) {
            *o = self.score(p).total() as i32;
        }
    }

    /// A softmax over each seat's position value (score so far plus what its cards are worth
    /// toward the next piece, a science set, the next Battle and an open medal).
    fn evaluate(&self, out: &mut [f64]) {
        let n = self.players();
        if self.is_over() {
            self.returns(out);
            return;
        }
        let values: Vec<f64> = (0..n).map(|p| self.position_value(p)).collect();
        let best = values.iter().cloned().fold(f64::MIN, f64::max);
        let mut sum = 0.0;
        for p in 0..n {
            out[p] = ((values[p] - best) / 6.0).exp();
            sum += out[p];
        }
        for o in out[..n].iter_mut() {
            *o /= sum;
        }
    }

    fn mover_options_are_known(&self) -> bool {
        true
    }

    fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
        self.determinize_for(observer, rng)
    }
}

impl Architects {
    /// Score so far plus the worth of the cards in front of seat p toward what they will give
    /// (a piece, a science set, a Battle, a medal).
    pub fn position_value(&self, p: usize) -> f64 {
        let s = &self.seats[p];
        let mut v = self.score(p).total() as f64;
        // Resources and coins toward the next piece (a piece averages ~5 VP for 3 cards).
        let toward_piece = s.colour_count(Colour::Grey) + s.count(Card::Coin);
        if s.stages_built() < 5 {
            v += 1.3 * toward_piece.min(4) as f64;
            // Racing to the end: each built stage brings the game's end nearer.
            v += 1.5 * s.stages_built() as f64;
        }
        // Green cards toward a set (a token is worth ~4 VP).
        v += 1.5 * s.colour_count(Colour::Green) as f64;
        // Shields toward the next Battle against the neighbours.
        let n = self.players();
        let mine = self.shields(p) as f64;
        let others = [(p + 1) % n, (p + n - 1) % n];
        for q in others {
            v += (mine - self.shields(q) as f64).clamp(-2.0, 2.0) * 0.6;
        }
        // Open medals: part of their 4 VP for each condition already met.
        for medal in self.open_medals(p) {
            let reqs = medal.medal().requires;
            let met = reqs.iter().filter(|&&r| self.requirement_met(p, r)).count();
            v += 2.0 * met as f64 / reqs.len() as f64;
        }
        if s.has(Token::Strategy) {
            v += 0.5;
        }
        v
    }
}
