//! The game-agnostic interface every engine implements and every bot uses.
//!
//! In the spirit of OpenSpiel's `State`: a value that knows whose turn it is, which actions are
//! legal, how to apply one, when the game is over and what each seat got out of it. Games with
//! simultaneous turns sequentialize them (seats choose one after another, a chosen action stays
//! hidden until the turn resolves), so there is always exactly one player to move;
//! [`Game::simultaneous_chosen`] tells a search which decisions form one turn.
//!
//! Randomness is drawn when a game is set up and held in its state: `apply` is a pure function
//! of state and action, and there are no chance nodes. Hidden information is modelled by
//! [`Game::determinize`]: a bot that must not cheat looks at the game only through
//! determinizations for its own seat.

use std::fmt::Debug;
use std::hash::Hash;

use rand::RngCore;

use crate::mcts::Rollout;

/// The largest number of seats any game of the family seats (7 Wonders with 7 players, plus
/// one spare so fixed-size buffers never need a special case).
pub const MAX_PLAYERS: usize = 8;

/// The shape of a game's encoding for learned players: an observation of `observation_len`
/// features per seat, holding only what that seat sees, seats ordered from the observer on
/// (the observer first), and `action_space` action ids naming decisions by card, never by
/// position. Fixed by the game's options; a network trained on one shape fits no other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// The game's id, as in records (`duel`, `classic`, `architects`).
    pub game: &'static str,
    /// Features of one seat's observation.
    pub observation_len: usize,
    /// Number of action ids.
    pub action_space: usize,
}

/// A game state, seen from the outside. Every engine of the project implements it; bots, the
/// tournament runner and the simulator know games only through it.
pub trait Game: Clone + Send + Sync + 'static {
    /// One decision. Small and `Copy`: bots store millions of them. Equal actions must mean
    /// the same decision in every determinization of an information set (so identify cards by
    /// card, not by where they lie).
    type Action: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// Why `apply` refused an action.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Number of seats, 2..=[`MAX_PLAYERS`].
    fn num_players(&self) -> usize;

    /// The seat that decides next. Meaningless once [`Game::is_terminal`] is true.
    fn current_player(&self) -> usize;

    /// Clears `out` and fills it with every legal action of the player to move, in a
    /// deterministic order. Empty exactly when the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Plays `action` for the player to move. An action that `legal_actions` would not list is
    /// refused with an error and leaves the state unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    /// Plays `action`, which `legal_actions` listed for this state or for a state the player to
    /// move cannot tell from it (a determinization for the mover: a seat knows its own
    /// options). An engine may skip re-checking what listing it already established (a 7
    /// Wonders build is priced once, not twice); it must still refuse an action it cannot
    /// play. The default re-checks: it is `apply`.
    fn apply_listed(&mut self, action: Self::Action) -> Result<(), Self::Error> {
        self.apply(action)
    }

    /// True once the game has ended.
    fn is_terminal(&self) -> bool;

    /// Per-seat outcome of a finished game, written into `out[..num_players()]`: 1 for a sole
    /// winner, `1/k` for each of `k` seats sharing a victory, 0 for a loss. The values sum to 1.
    fn returns(&self, out: &mut [f64]);

    /// Per-seat raw score (victory points, or whatever the game's score pad totals), written
    /// into `out[..num_players()]`.
    fn scores(&self, out: &mut [i32]);

    /// A heuristic estimate of [`Game::returns`] for a position that is not over: one value per
    /// seat in `[0, 1]`, summing to 1. Used by the greedy bot and by MCTS rollout cut-offs. On
    /// a terminal state it must equal `returns`.
    fn evaluate(&self, out: &mut [f64]);

    /// `evaluate` of a state the caller is about to throw away (a search's scratch copy): the
    /// same values, but the state may be changed on the way, so an engine that must play on to
    /// value a position (7 Wonders resolves the turn being chosen) need not copy it first.
    fn evaluate_scratch(&mut self, out: &mut [f64]) {
        self.evaluate(out);
    }

    /// The returns of a finished game smoothed by its margins: each seat's win chance as the
    /// game's own estimate ([`Game::evaluate`]) would give it from the final scores, written
    /// into `out[..num_players()]` (in `[0, 1]`, summing to 1). For a search that values a
    /// finished rollout by how far each seat won or lost, not only by who won: at many seats
    /// the returns are 0 for most rollouts of every action, a signal too sparse to choose by.
    /// Returns false, writing nothing, on a game not over or a game without such an estimate
    /// (the default).
    fn soft_returns(&self, out: &mut [f64]) -> bool {
        let _ = out;
        false
    }

    /// The MCTS rollout a bot spec without `rollout=` gets for this game: the policy, and the
    /// depth after which `evaluate` stands in (`None`: play to the end) unless the spec sets
    /// one. Uniformly random to the end unless a game has measured something better.
    fn default_rollout() -> (Rollout, Option<u32>)
    where
        Self: Sized,
    {
        (Rollout::Random, None)
    }

    /// The depth of the decoupled search's rollouts ([`Simultaneous::Decoupled`]) for a bot
    /// spec that sets neither `rollout=` nor `depth=`, in whole simultaneous turns: the rollout
    /// is cut, and [`Game::evaluate`] stands in, once this many turns have ended. `None` (the
    /// default) keeps the move count of [`Game::default_rollout`] (the cut still waits for the
    /// end of a turn). A depth in turns looks equally far ahead at every seat count.
    ///
    /// [`Simultaneous::Decoupled`]: crate::Simultaneous::Decoupled
    fn default_rollout_turns() -> Option<u32>
    where
        Self: Sized,
    {
        None
    }

    /// How many determinizations [`GreedyBot`](crate::GreedyBot) averages over when its spec
    /// sets none. One unless a game has measured that more pay: a game whose actions can
    /// reveal a hidden card (a draw from a face-down deck) values such an action by one
    /// random card per determinization, and a single sample chases lucky draws.
    fn default_determinizations() -> u32
    where
        Self: Sized,
    {
        1
    }

    /// True when `evaluate`, on the state after any legal action of the player to move, reads
    /// only facts every seat sees, so it gives the same values whether the action was applied
    /// to this state or to any determinization of it for the mover. A one-ply search may then
    /// evaluate the true state and skip determinizing (it learns nothing hidden). The default,
    /// false, is always safe; a game that says true backs it with a test.
    fn evaluation_is_public(&self) -> bool {
        false
    }

    /// True when every determinization of this state for the player to move lists the same
    /// legal actions, in the same order, as this state (the mover knows its own options). A
    /// search may then reuse the list it made at its root in every iteration. The default,
    /// false, is always safe; searches check a true answer in debug builds.
    fn mover_options_are_known(&self) -> bool {
        false
    }

    /// True when [`Game::encoded_action`] reads the action alone, never the rest of the
    /// state: two states of this game that list the same legal actions then give them the same
    /// ids. A search may then reuse what it derived from a list (the ids, which child each
    /// action is) wherever the same list comes back. The default, false, is always safe;
    /// searches check a true answer in debug builds.
    fn action_ids_are_fixed(&self) -> bool {
        false
    }

    /// True when every seat sees each decision as it is made (which action the mover took:
    /// nothing of it stays hidden, though it may reveal a hidden card to everyone). A search
    /// may then follow the decisions made since its last move down the tree it kept, finding
    /// the state it is handed by what every seat sees, and start from the subtree it reaches.
    /// The default, false, is always safe: a search then builds a fresh tree each move.
    fn decisions_are_public(&self) -> bool {
        false
    }

    /// A label shared by actions of the player to move after which `evaluate` gives the same
    /// values bit for bit, in this state and in every determinization of it for the mover
    /// (in 7 Wonders, selling any card of the hand: the evaluation never reads a hand). A
    /// one-ply search evaluates one action per label and reuses its values for the others.
    /// `None` (the default) means the action shares its evaluation with no other; a game that
    /// labels actions backs it with a test.
    fn evaluation_class(&self, action: Self::Action) -> Option<u32> {
        let _ = action;
        None
    }

    /// Which decisions form one simultaneous turn. `Some(seats)` when the player to move is
    /// choosing in a turn every seat of it chooses at once (the engine asks them one after
    /// another and hides each choice until the turn resolves): bit `s` of `seats` is set for
    /// each seat that has already chosen in it. `None` when the decision is one of its own
    /// (every decision of Duel and Architects). Searches use it so that no seat's choice
    /// answers another's of the same turn. The default, `None`, is right for a game without
    /// simultaneous turns.
    fn simultaneous_chosen(&self) -> Option<u64> {
        None
    }

    /// Takes back the choices already made in the current simultaneous turn by `seats` (a
    /// subset of what [`Game::simultaneous_chosen`] reports): they choose again, and the player
    /// to move may change. Searches call it on their own copies so that a determinization's
    /// guesses of the hidden choices are chosen again by the search. Nothing to do by default.
    fn withdraw_choices(&mut self, seats: u64) {
        let _ = seats;
    }

    /// Replaces the choices already made in the current simultaneous turn by `seats` with the
    /// neutral stand-in [`Game::evaluate`] assumes for seats still to choose, so that an
    /// evaluation after the mover's own choice reads no other choice of the turn. The player
    /// to move stays the same. Nothing to do by default.
    fn neutralize_choices(&mut self, seats: u64) {
        let _ = seats;
    }

    /// A copy of this state in which everything `observer` cannot see has been re-sampled at
    /// random, consistently with everything it has seen (its own hand, public cards, the cards
    /// it passed on, …). Seen facts are never changed.
    fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self;

    /// Writes a determinization for `observer` into `out`, which holds some earlier state of
    /// the same game. It must behave exactly like `*out = self.determinize(observer, rng)`
    /// (same result for the same generator state); searches call it once per iteration, so an
    /// engine whose state owns heap buffers may override it to reuse `out`'s allocations.
    fn determinize_into(&self, observer: usize, rng: &mut dyn RngCore, out: &mut Self) {
        *out = self.determinize(observer, rng);
    }

    /// The fixed-size encoding learned players read (see [`Encoding`]), or `None` for a game
    /// that has none: network-guided bots refuse such a game with an error.
    fn encoding(&self) -> Option<Encoding> {
        None
    }

    /// Writes what `seat` may see into `out[..observation_len]` (see [`Encoding`]): the same
    /// values in every determinization for `seat`. Called only when [`Game::encoding`] is some.
    fn observe(&self, seat: usize, out: &mut [f32]) {
        let _ = (seat, out);
    }

    /// The id (`< action_space`) of a legal action of the player to move and its cost: actions
    /// that differ only in how they pay share an id, and the one of lowest cost stands for it.
    /// Called only when [`Game::encoding`] is some.
    fn encoded_action(&self, action: Self::Action) -> (usize, u32) {
        let _ = action;
        (0, 0)
    }

    /// A short human-readable name for `action` in this state (for logs and error messages).
    fn action_name(&self, action: Self::Action) -> String {
        format!("{action:?}")
    }
}
