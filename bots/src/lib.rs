//! # wonders-bots
//!
//! The AI researcher's half of the project. It defines the game-agnostic [`Game`] interface and
//! the bots that play through it, and it names no game: a new game plugs in by implementing
//! [`Game`], a new bot by implementing [`Bot`].
//!
//! Bots: [`RandomBot`], [`GreedyBot`] (one-ply on [`Game::evaluate`], over the game's
//! [`Game::default_determinizations`] unless told) and [`MctsBot`]
//! (single-observer information-set MCTS, plus a cheating variant for research), and the
//! learned players of [`net`]: a network's policy ([`NetBot`]) and MCTS guided by it
//! ([`GuidedMcts`]), read from ONNX files. They are
//! usually built from a [`BotSpec`] string such as `mcts:iterations=2000,rollout=greedy`.
//!
//! ## Simultaneous turns
//!
//! Engines sequentialize a simultaneous turn (7 Wonders: every seat picks a card at once):
//! the seats choose one after another and each choice stays hidden until the last. Taken at
//! its word, that order leaves a trace in self-play: a seat's search let the seats after it
//! answer its choice, and a later seat's determinization guessed the earlier seats' hidden
//! choices uniformly at random (`mcts:iterations=200` at 3 players: seat 0 won 38.1% over
//! 10,000 games). [`Game::simultaneous_chosen`] tells the bots which decisions form one turn,
//! and by default ([`Simultaneous::Decoupled`]):
//!
//! - MCTS searches a turn as one, with **decoupled selection** (decoupled UCT, the usual
//!   simultaneous-move MCTS, inside single-observer ISMCTS): the node where a turn starts keeps
//!   per-seat statistics, each seat selects its choice from its own, whatever the others chose
//!   in the turn, and the descent goes on from the node of the joint choice. At the root, the
//!   hidden choices the determinization guessed are taken back
//!   ([`Game::withdraw_choices`]) and chosen again by the search, so every seat, first or
//!   last in the engine's order, searches the same situation. A rollout is cut only at the end
//!   of a turn, after the game's [`Game::default_rollout_turns`] whole turns (7 Wonders: two)
//!   unless the spec sets a `depth` in moves, and a greedy rollout move is valued with the
//!   others' choices of the turn neutralized.
//! - Greedy values its choice with the other seats' choices of the turn replaced by the
//!   game's neutral stand-in ([`Game::neutralize_choices`]): every seat sees the same picture.
//!
//! Why decoupled selection rather than the alternatives: several observers' trees (MO-ISMCTS)
//! cost a tree per seat and answer a different question (what each seat can tell apart),
//! while the seat-order artifact comes from the tree's shape within a turn; drawing the
//! earlier seats' pending choices from a policy would still let the later seats answer the
//! searcher's choice in its own tree. Decoupled selection removes both causes at once and
//! keeps one tree. The sequential behaviour stays reachable with `simultaneous=sequential`.
//!
//! What was measured to choose the rest (7 Wonders, 2nd edition, one `mcts:time_ms=10` among
//! `simultaneous=sequential` ones, seats rotated; results/README.md, "Simultaneous turns
//! searched as one"): at 5 players the depth of the rollout decides. Cut after one turn (5
//! moves) the decoupled search won 18.7% of 300 games, after two whole turns (10 moves)
//! 24.0% on the same seeds, after three 17.9% of 117 (two: 26.5% on those): hence 7 Wonders'
//! two turns, which at 3 players is the 6 moves it played before. What did not pay: seeding
//! the searcher's root choices with the one-ply greedy values (nothing on top of two turns),
//! and letting the other seats of the root turn choose by the greedy rollout policy instead
//! of the tree (10.2% against 18.1%: with the evaluation at that turn's end it is one-ply
//! play). Over 2,000 games each against the sequential search: 3 players 37.6% [35.5, 39.7] (1.13 times the fair share), 5 players 22.3% [20.6, 24.2] (1.12 times). Per iteration the
//! decoupled search costs more than the sequential one, its rollouts being longer (criterion
//! `classic/mcts_move` in results/BENCHMARKS.md: 0.66 times the iterations per second at 3
//! players, 0.43 at 5, 0.34 at 7); most of the time goes to 7 Wonders' evaluation in greedy
//! rollout moves.
//!
//! A rollout that reaches the end of the game is valued, in the decoupled search, by the
//! game's soft returns ([`Game::soft_returns`], [`End::Soft`]): the win chances its
//! evaluation gives the final margins, the measure a rollout cut earlier gets. With the
//! returns alone a 7 Wonders seat at 5 players read 0 from about four finished rollouts in
//! five whatever it chose, and chose its Age III cards on little else. `mcts:iterations=200`
//! self-play at 5 players (100 games each, seeds 4 and 5): 45.0 and 44.3 points a seat with
//! the returns, 46.5 and 46.2 with soft returns (the gain in guilds, science, civilian and
//! commercial cards: Age III's); and one such search among four of the old won 19.8%
//! [17.2, 22.7] of 800 games (fair share 20%) while scoring 47.3 points against their 44.6:
//! still a reward for winning, with the margins as a gradient. What did not move the points
//! at 200 iterations (100 games each, 44.0 to 45.1 against 45.0): the exploration constant
//! (0.2 to 1.0), the final move by mean rather than visits, the root's choices cut to the
//! one-ply greedy's best 5 or 8, the other seats of the root's turn choosing by the rollout
//! policy. A leaf valued by each seat's share of the points scored 45.9 and 46.5, but is no
//! reward for winning; mixed in at 30% it added nothing. The sequential search keeps
//! `end=win`.
//!
//! The decoupled search explores less than the sequential one ([`mcts::DEFAULT_DECOUPLED_C`]):
//! a seat's statistics in a simultaneous turn average over everything the others chose, so
//! its choices' means lie closer together than a sequential node's children's, and the
//! exploration term spends iterations the means no longer need. 7 Wonders at equal time
//! against the sequential search (`time_ms=10`, 2,000 games per row, the same seeds; after
//! 7 Wonders' evaluation was searched for play), share of the decoupled seat:
//!
//! | `c` | 3 players (fair 33.3%) | 5 players (fair 20%) |
//! |---:|---:|---:|
//! | 0.7 | 34.8% (1.04 times) | 19.4% (0.97) |
//! | 0.4 | 37.5% (1.13) | 20.5% (1.03) |
//! | 0.2 | 41.7% (1.25) | 21.9% (1.095) |
//! | **0.1** (the default) | **40.9% (1.23)** | **23.6% (1.18)** |
//!
//! Only the decoupled search of a simultaneous turn takes this default; the sequential search
//! and games without simultaneous turns (Duel, Architects) keep [`mcts::DEFAULT_C`].
//!
//! ## Where a learned evaluator plugs in
//!
//! [`MctsBot`] values every leaf in one function (`leaf_values`: rollout, then the returns or
//! [`Game::evaluate`]), and expands a node's untried action at one point of each descent;
//! a value network replaces the former, a prior the uniform draw of the latter.

#![warn(missing_docs)]

pub mod game;
pub mod greedy;
pub mod mcts;
pub mod net;
mod onnx;
pub mod random;
pub mod selfplay;
pub mod spec;
mod util;

pub use game::{Encoding, Game, MAX_PLAYERS};
pub use greedy::GreedyBot;
pub use mcts::{Budget, End, MctsBot, MctsConfig, Rollout, Simultaneous};
pub use net::{GuidedMcts, NetBot, Network};
pub use onnx::Scratch;
pub use random::RandomBot;
pub use spec::{did_you_mean, BotSpec, ModelFile, SpecError, BOTS_HELP};
pub use util::below;

/// A player. It is handed the true state of the game but must act only on what its seat could
/// see: anything hidden is to be read through [`Game::determinize`] for its own seat (the
/// clearly named cheating variants are the one exception).
pub trait Bot<G: Game>: Send {
    /// Chooses an action for the player to move in `state`. Never called on a finished game.
    fn choose(&mut self, state: &G) -> G::Action;

    /// Makes this bot play, from its next move on, exactly as the same bot newly built with
    /// `seed` would, and returns true; or returns false (the default) when it cannot, and the
    /// caller builds a new bot instead. A runner playing game after game re-seeds its bots
    /// rather than building them again (what it costs next to a random game is visible).
    fn reseed(&mut self, seed: u64) -> bool {
        let _ = seed;
        false
    }
}

/// The random number generator bots use: fast, small, and reproducible from a `u64` seed.
pub type BotRng = rand_xoshiro::Xoshiro256PlusPlus;
