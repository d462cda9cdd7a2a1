//! The greedy bot: one ply of look-ahead on the engine's heuristic [`Game::evaluate`].

use rand::SeedableRng;

use crate::mcts::Simultaneous;
use crate::util::{argmax_random_ties, copy_into, determinize_into, score_actions};
use crate::{Bot, BotRng, Game};

/// Tries every legal action on a determinization of the state for its own seat and plays the
/// one after which [`Game::evaluate`] rates its seat highest (on the state itself when the
/// game says its evaluation is public: [`Game::evaluation_is_public`]). With several determinizations it
/// maximises the sum of evaluations over them. Ties are broken by its seeded generator, so its
/// play is a deterministic function of the seed and the information its seat has. The legal
/// actions are read from the true state (a seat knows its own options); one that a
/// determinization refuses scores as a loss there.
///
/// In a simultaneous turn ([`Game::simultaneous_chosen`]) it values its choice with the
/// choices the other seats already made in the turn replaced by the game's neutral stand-in
/// ([`Game::neutralize_choices`]), the stand-in the evaluation gives the seats still to choose:
/// every seat then values its choice against the same picture of the others, whatever its
/// place in the engine's order ([`Simultaneous::Sequential`] keeps the determinization's
/// random guesses of the earlier seats' choices instead).
pub struct GreedyBot<G: Game> {
    rng: BotRng,
    determinizations: u32,
    simultaneous: Simultaneous,
    actions: Vec<G::Action>,
    sums: Vec<f64>,
    det: Option<G>,
    scratch: Option<G>,
}

impl<G: Game> GreedyBot<G> {
    /// A greedy bot averaging over the game's default number of determinizations per move
    /// ([`Game::default_determinizations`]).
    pub fn new(seed: u64) -> Self {
        Self::with_determinizations(seed, G::default_determinizations())
    }

    /// A greedy bot averaging over `determinizations` (at least 1) samples of hidden
    /// information per move.
    pub fn with_determinizations(seed: u64, determinizations: u32) -> Self {
        Self::with_options(seed, determinizations, Simultaneous::Decoupled)
    }

    /// A greedy bot averaging over `determinizations` (at least 1) samples of hidden
    /// information per move, treating simultaneous turns as `simultaneous` says.
    pub fn with_options(seed: u64, determinizations: u32, simultaneous: Simultaneous) -> Self {
        Self {
            rng: BotRng::seed_from_u64(seed),
            determinizations: determinizations.max(1),
            simultaneous,
            actions: Vec::with_capacity(64),
            sums: Vec::with_capacity(64),
            det: None,
            scratch: None,
        }
    }
}

impl<G: Game> Bot<G> for GreedyBot<G> {
    fn choose(&mut self, state: &G) -> G::Action {
        let seat = state.current_player();
        state.legal_actions(&mut self.actions);
        assert!(
            !self.actions.is_empty(),
            "GreedyBot asked to move in a finished game"
        );
        if self.actions.len() == 1 {
            return self.actions[0];
        }
        self.sums.clear();
        self.sums.resize(self.actions.len(), 0.0);
        let others = match self.simultaneous {
            Simultaneous::Decoupled => state.simultaneous_chosen().unwrap_or(0) & !(1 << seat),
            Simultaneous::Sequential => 0,
        };
        if others != 0 {
            for _ in 0..self.determinizations {
                let det = if state.evaluation_is_public() {
                    copy_into(&mut self.det, state)
                } else {
                    determinize_into(&mut self.det, state, seat, &mut self.rng)
                };
                det.neutralize_choices(others);
                score_actions(det, &self.actions, seat, &mut self.scratch, &mut self.sums);
            }
        } else if state.evaluation_is_public() {
            // Every determinization would give these same values: evaluate the state itself.
            score_actions(
                state,
                &self.actions,
                seat,
                &mut self.scratch,
                &mut self.sums,
            );
        } else {
            for _ in 0..self.determinizations {
                let det = determinize_into(&mut self.det, state, seat, &mut self.rng);
                score_actions(det, &self.actions, seat, &mut self.scratch, &mut self.sums);
            }
        }
        let sums = &self.sums;
        self.actions[argmax_random_ties(sums.len(), |i| sums[i], &mut self.rng)]
    }

    /// The generator is all a greedy bot carries from move to move: its lists are refilled
    /// at every move, and its two game states are overwritten before being read.
    fn reseed(&mut self, seed: u64) -> bool {
        self.rng = BotRng::seed_from_u64(seed);
        true
    }
}
