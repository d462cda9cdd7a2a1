//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
//! Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), for any number of
//! players, and a clearly separate cheating variant that searches the true state.
//!
//! One tree per move, owned by the searching seat. Each iteration:
//! 1. takes a fresh determinization of the state for the searching seat (the cheating variant
//!    copies the true state instead);
//! 2. descends from the root: at each node only the children whose action is legal in this
//!    determinization are candidates, and if some legal action has no child yet, one of them
//!    (chosen at random) is expanded and the descent stops; otherwise the child maximising
//!    `mean + c * sqrt(ln(availability) / visits)` is followed, where a child's availability
//!    counts the descents in which it was a candidate;
//! 3. rolls out from there (random or epsilon-greedy moves) to the end of the game, or for at
//!    most `depth` moves after which [`Game::evaluate`] stands in for the returns (a decoupled
//!    search with the game's own rollout counts whole turns instead:
//!    [`Game::default_rollout_turns`]); a rollout that reaches the end is valued by its
//!    returns, or in the decoupled search by the game's soft returns ([`Game::soft_returns`],
//!    [`End`]);
//! 4. backpropagates the vector of per-seat returns: each node adds the value of the seat that
//!    played the action leading into it, so every seat maximises its own return (max^n).
//!
//! In a simultaneous turn ([`Game::simultaneous_chosen`]) the default search is decoupled
//! ([`Simultaneous::Decoupled`], see [`MctsBot::iterate_decoupled`](MctsBot) and the crate
//! documentation): each seat of the turn selects from statistics of its own, so no seat's
//! choice answers another's of the same turn.
//!
//! The final move is the root child with the most visits (ties: the higher mean) among the
//! actions legal in the true state (a seat knows its own options). A move with a single legal
//! action is played without search. Nodes live in an arena cleared between moves, children are
//! linked by index, and every buffer is reused, so the search loop itself allocates nothing
//! beyond what the engine's own `determinize_into`, `clone_from` and `apply` do.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};

use crate::util::{below, copy_into, determinize_into, epsilon_greedy};
use crate::{Bot, BotRng, Game, MAX_PLAYERS};

/// Default number of iterations per move.
pub const DEFAULT_ITERATIONS: u32 = 1000;
/// Default UCB exploration constant (returns lie in `[0, 1]`).
pub const DEFAULT_C: f64 = 0.7;
/// Default UCB exploration constant of the decoupled search of a simultaneous turn
/// ([`Simultaneous::Decoupled`]). Each seat's statistics there average over whatever the
/// others chose, so its choices' means lie closer together than a sequential node's children's
/// and the noise of the others' choices already spreads the visits. Measured in 7 Wonders at
/// equal time against the sequential search (`time_ms=10`, 2,000 games, seats rotated): 0.1
/// took 1.23 times the fair share at 3 players and 1.18 at 5, against 1.04 and 0.97 with 0.7
/// (the crate documentation has the whole series).
pub const DEFAULT_DECOUPLED_C: f64 = 0.1;
/// Default chance of a random move in greedy rollouts.
pub const DEFAULT_EPSILON: f64 = 0.1;

/// How long one move's search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: the search is a deterministic function of the seed.
    Iterations(u32),
    /// A wall-clock budget in milliseconds (at least one iteration is always run). The number
    /// of iterations, hence the move, depends on machine speed: the one documented exception
    /// to seed determinism.
    TimeMs(u64),
}

/// How rollouts choose moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rollout {
    /// The rollout the game is tuned for ([`Game::default_rollout`]): its policy, and its
    /// depth unless the configuration sets one. Resolved when the bot is built.
    GameDefault,
    /// Uniformly random legal actions: cheap, unbiased.
    Random,
    /// Epsilon-greedy on [`Game::evaluate`]: with chance `epsilon` a random action, otherwise
    /// the action after which the mover's evaluation is highest. Costs one copy, `apply` and
    /// `evaluate` per legal action per greedy step.
    Greedy {
        /// Chance, in `[0, 1]`, of a uniformly random move at each rollout step.
        epsilon: f64,
    },
}

/// The parameters of an MCTS bot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations or time per move.
    pub budget: Budget,
    /// UCB exploration constant, finite and non-negative; `None` (the default):
    /// [`DEFAULT_DECOUPLED_C`] in the decoupled search of a simultaneous turn, [`DEFAULT_C`]
    /// everywhere else (so games without simultaneous turns always use [`DEFAULT_C`]).
    pub c: Option<f64>,
    /// Rollout policy.
    pub rollout: Rollout,
    /// Rollout moves after which [`Game::evaluate`] replaces the real returns; `None` (the
    /// default) plays every rollout to the end of the game. `Some(0)` evaluates the expanded
    /// node directly.
    pub depth: Option<u32>,
    /// How the search treats a simultaneous turn ([`Game::simultaneous_chosen`]).
    pub simultaneous: Simultaneous,
    /// How a rollout that reaches the end of the game is valued; `None` (the default):
    /// [`End::Soft`] in the decoupled search, [`End::Win`] in the sequential one (which plays
    /// as it did before either existed).
    pub end: Option<End>,
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self {
            budget: Budget::Iterations(DEFAULT_ITERATIONS),
            c: None,
            rollout: Rollout::GameDefault,
            depth: None,
            simultaneous: Simultaneous::Decoupled,
            end: None,
        }
    }
}

/// How a bot treats the decisions of one simultaneous turn ([`Game::simultaneous_chosen`]).
/// Games without simultaneous turns play the same either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Simultaneous {
    /// As the rules have it: no seat's choice depends on another's of the same turn. MCTS
    /// selects each seat's choice from statistics of its own, shared by every choice the
    /// others make in the turn (decoupled UCT), and takes back the hidden choices its
    /// determinization guessed so that the search chooses them too; greedy (and greedy
    /// rollouts) value a choice with the others' choices of the turn replaced by the game's
    /// neutral stand-in.
    #[default]
    Decoupled,
    /// The engine's sequentialized turn taken at its word (the behaviour before decoupling,
    /// kept to reproduce old runs): a seat's search lets the seats after it answer its
    /// choice, and the hidden choices of the seats before it are the determinization's random
    /// guesses.
    Sequential,
}

/// How MCTS values a rollout that reaches the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum End {
    /// By its returns ([`Game::returns`]): who won.
    #[default]
    Win,
    /// By the game's soft returns ([`Game::soft_returns`]): the win chances its evaluation
    /// gives the final margins, as a rollout cut before the end is valued (the returns for a
    /// game without them).
    Soft,
}

/// Marks "no node" in the arena's index links.
const NONE: u32 = u32::MAX;

/// One node of the search tree: the information set reached by a sequence of actions.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    /// The action leading here (the root holds an arbitrary, never-read action).
    action: A,
    /// The seat that played `action`; `total` is that seat's return.
    mover: u8,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Descents in which this node was a legal candidate (SO-ISMCTS availability).
    avail: u32,
    /// Sum of the returns of `mover` over the iterations through this node.
    total: f64,
    /// `total / visits` (0 before the first visit), kept by the backpropagation: a node is
    /// visited once per iteration through it, but its mean is read by every descent that
    /// weighs it.
    mean: f64,
    /// Where `action` stood in the legal list the last time it was looked up: determinizations
    /// mostly list the same actions in the same order, and legal lists hold no duplicates (the
    /// conformance kit checks it), so a match there is the one place it can be.
    hint: u32,
    /// Decoupled search, on a node where a simultaneous turn starts: the head of its list of
    /// per-seat decision nodes (whose children are that seat's choices in the turn).
    slots: u32,
    /// Decoupled search, on a node where a simultaneous turn starts: the head of its list of
    /// nodes reached when the turn resolves, one per joint choice seen.
    joints: u32,
    /// A per-seat decision node: the seat; a joint node: the hash of the turn's choices.
    key: u64,
}

impl<A: Copy> Node<A> {
    fn new(action: A, mover: usize, parent: u32, next_sibling: u32, key: u64) -> Self {
        Node {
            action,
            mover: mover as u8,
            parent,
            first_child: NONE,
            next_sibling,
            visits: 0,
            avail: 0,
            total: 0.0,
            mean: 0.0,
            hint: 0,
            slots: NONE,
            joints: NONE,
            key,
        }
    }
}

/// The MCTS bot. [`MctsBot::new`] builds the honest SO-ISMCTS bot; [`MctsBot::new_cheating`]
/// builds the research variant that searches the true state, hidden information included.
pub struct MctsBot<G: Game> {
    config: MctsConfig,
    cheat: bool,
    rng: BotRng,
    nodes: Vec<Node<G::Action>>,
    root_legal: Vec<G::Action>,
    /// The root state's [`Game::mover_options_are_known`]: iterations reuse `root_legal`.
    root_options_known: bool,
    legal: Vec<G::Action>,
    /// Per legal action of the current descent step: does it already have a child?
    seen: Vec<bool>,
    /// Children legal in the current determinization, at the current descent step.
    candidates: Vec<u32>,
    /// Scratch sums for greedy rollouts.
    sums: Vec<f64>,
    /// `ln(k)` at index `k`, grown as availability counts grow (UCB takes one per child).
    ln: Vec<f64>,
    det: Option<G>,
    scratch: Option<G>,
    /// Decoupled greedy rollouts: the state with the others' choices of the turn neutralized.
    view: Option<G>,
    /// Decoupled search: the action nodes of the current descent, for backpropagation.
    path: Vec<u32>,
    /// The node whose children are the searching seat's choices at the root: the root itself,
    /// or in a decoupled simultaneous turn the root's decision node for the searching seat.
    root_decision: u32,
    /// Decoupled search with the game's default rollout: the rollout's depth in whole
    /// simultaneous turns ([`Game::default_rollout_turns`]), in place of `config.depth`'s moves.
    rollout_turns: Option<u32>,
    /// How a finished rollout is valued: [`MctsConfig::end`], its default resolved.
    end: End,
    last_iterations: u32,
}

impl<G: Game> MctsBot<G> {
    /// The honest bot: it sees the game only through determinizations for its own seat.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        Self::build(config, seed, false)
    }

    /// The **cheating** bot: every iteration searches a copy of the true state, so it knows
    /// hidden hands and deck orders. For research comparisons only (an upper bound on what
    /// perfect information buys); never a fair opponent.
    pub fn new_cheating(config: MctsConfig, seed: u64) -> Self {
        Self::build(config, seed, true)
    }

    fn build(mut config: MctsConfig, seed: u64, cheat: bool) -> Self {
        let mut rollout_turns = None;
        if config.rollout == Rollout::GameDefault {
            let (rollout, depth) = G::default_rollout();
            config.rollout = rollout;
            if config.depth.is_none() && config.simultaneous == Simultaneous::Decoupled {
                rollout_turns = G::default_rollout_turns();
            }
            config.depth = config.depth.or(depth);
        }
        Self {
            config,
            cheat,
            rng: BotRng::seed_from_u64(seed),
            nodes: Vec::new(),
            root_legal: Vec::with_capacity(64),
            root_options_known: false,
            legal: Vec::with_capacity(64),
            seen: Vec::with_capacity(64),
            candidates: Vec::with_capacity(64),
            sums: Vec::with_capacity(64),
            ln: Vec::new(),
            det: None,
            scratch: None,
            view: None,
            path: Vec::with_capacity(64),
            root_decision: 0,
            rollout_turns,
            end: config.end.unwrap_or(match config.simultaneous {
                Simultaneous::Decoupled => End::Soft,
                Simultaneous::Sequential => End::Win,
            }),
            last_iterations: 0,
        }
    }

    /// The bot's parameters.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The depth of the rollouts in whole simultaneous turns, when it is counted so (a
    /// decoupled search with the game's own rollout and no `depth`: see
    /// [`Game::default_rollout_turns`]); `None` when [`MctsConfig::depth`] counts moves.
    pub fn rollout_turns(&self) -> Option<u32> {
        self.rollout_turns
    }

    /// True for the cheating variant.
    pub fn is_cheating(&self) -> bool {
        self.cheat
    }

    /// Iterations run by the last search (0 if the last move was forced and not searched).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// The root's children after the last search, as `(action, visits, mean return for the
    /// searching seat)`. Empty if the last move was forced.
    pub fn root_children(&self) -> Vec<(G::Action, u32, f64)> {
        let mut out = Vec::new();
        if let Some(root) = self.nodes.get(self.root_decision as usize) {
            let mut child = root.first_child;
            while child != NONE {
                let node = &self.nodes[child as usize];
                out.push((node.action, node.visits, node.mean));
                child = node.next_sibling;
            }
        }
        out
    }

    /// One iteration: determinize, select/expand, roll out, backpropagate.
    fn iterate(&mut self, state: &G, seat: usize, num_players: usize) {
        let det = if self.cheat {
            copy_into(&mut self.det, state)
        } else {
            determinize_into(&mut self.det, state, seat, &mut self.rng)
        };
        let nodes = &mut self.nodes;

        // Selection and expansion.
        let mut node = 0u32;
        while !det.is_terminal() {
            // At the root, when the mover knows its options, every determinization lists the
            // root's own actions: each child stands where it was created.
            let known_root = node == 0 && self.root_options_known;
            let legal: &[G::Action] = if known_root {
                debug_assert!(
                    {
                        det.legal_actions(&mut self.legal);
                        self.legal == self.root_legal
                    },
                    "a determinization for the mover lists other options"
                );
                &self.root_legal
            } else {
                det.legal_actions(&mut self.legal);
                &self.legal
            };
            self.seen.clear();
            self.seen.resize(legal.len(), false);
            self.candidates.clear();
            let mut child = nodes[node as usize].first_child;
            while child != NONE {
                let c = &mut nodes[child as usize];
                let found = if known_root || legal.get(c.hint as usize) == Some(&c.action) {
                    Some(c.hint as usize)
                } else {
                    legal.iter().position(|&a| a == c.action)
                };
                if let Some(j) = found {
                    self.seen[j] = true;
                    self.candidates.push(child);
                    c.hint = j as u32;
                }
                child = c.next_sibling;
            }
            let mover = det.current_player();
            let untried = legal.len() - self.candidates.len();
            if untried > 0 {
                let k = below(&mut self.rng, untried);
                let j = (0..legal.len())
                    .filter(|&j| !self.seen[j])
                    .nth(k)
                    .expect("k < number of untried actions");
                let action = legal[j];
                apply_or_panic(det, action);
                let index = u32::try_from(nodes.len()).expect("search tree exceeds u32 nodes");
                let parent = &mut nodes[node as usize];
                let sibling = parent.first_child;
                parent.first_child = index;
                nodes.push(Node {
                    avail: 1,
                    hint: j as u32,
                    ..Node::new(action, mover, node, sibling, 0)
                });
                node = index;
                break;
            }
            let c = self.config.c.unwrap_or(DEFAULT_C);
            node = select_ucb(nodes, &self.candidates, c, &self.ln);
            for &c in &self.candidates {
                nodes[c as usize].avail += 1;
            }
            apply_or_panic(det, nodes[node as usize].action);
        }

        let mut values = [0.0; MAX_PLAYERS];
        self.leaf_values(num_players, &mut values);

        // Backpropagation of the return vector.
        let mut i = node;
        loop {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.total += values[n.mover as usize];
            n.mean = n.total / f64::from(n.visits);
            if i == 0 {
                break;
            }
            i = n.parent;
        }
    }

    /// The value of the position the descent reached (in `self.det`) for every seat, written
    /// into `values[..num_players]`: the rollout, then the returns or, past the rollout's
    /// depth, [`Game::evaluate`]. This is the one place a leaf is valued: a learned value
    /// function would stand in here.
    ///
    /// In a decoupled search the depth cut waits for the end of a simultaneous turn (so the
    /// evaluation never stands in for some seats' choices and not others'), and a greedy
    /// rollout move values its choice with the others' choices of the turn neutralized.
    fn leaf_values(&mut self, num_players: usize, values: &mut [f64; MAX_PLAYERS]) {
        let decoupled = self.config.simultaneous == Simultaneous::Decoupled;
        let det = self.det.as_mut().expect("the iteration determinized");
        let mut steps = 0u32;
        // Simultaneous turns ended during the rollout, for a depth in turns.
        let mut turns = 0u32;
        let mut in_turn = false;
        loop {
            if det.is_terminal() {
                let soft = self.end == End::Soft && det.soft_returns(&mut values[..num_players]);
                if !soft {
                    det.returns(&mut values[..num_players]);
                }
                break;
            }
            let simultaneous = if decoupled {
                det.simultaneous_chosen()
            } else {
                None
            };
            let chosen = simultaneous.unwrap_or(0);
            if in_turn && chosen == 0 {
                turns += 1;
            }
            in_turn = simultaneous.is_some();
            let deep = match self.rollout_turns {
                Some(t) if decoupled => turns >= t,
                _ => self.config.depth.is_some_and(|d| steps >= d),
            };
            if chosen == 0 && deep {
                det.evaluate_scratch(&mut values[..num_players]);
                break;
            }
            det.legal_actions(&mut self.legal);
            let action = match self.config.rollout {
                // `GameDefault` was resolved to one of the others when the bot was built.
                Rollout::Random | Rollout::GameDefault => {
                    self.legal[below(&mut self.rng, self.legal.len())]
                }
                Rollout::Greedy { epsilon } => {
                    let view: &G = if chosen != 0 {
                        let view = copy_into(&mut self.view, det);
                        view.neutralize_choices(chosen);
                        view
                    } else {
                        det
                    };
                    epsilon_greedy(
                        view,
                        &self.legal,
                        epsilon,
                        &mut self.scratch,
                        &mut self.sums,
                        &mut self.rng,
                    )
                }
            };
            apply_or_panic(det, action);
            steps += 1;
        }
    }

    /// One iteration of the decoupled search, for a root inside a simultaneous turn.
    ///
    /// A node where a simultaneous turn starts keeps one decision node per seat choosing in
    /// it; each seat's choice is selected (or expanded) among that decision node's children,
    /// whatever the others chose in the turn, and when the turn resolves the descent goes on
    /// from the node of the joint choice. Decisions of their own hang below the node of the
    /// action before, as in the sequential search. At the root the hidden choices the
    /// determinization guessed are taken back, so the search chooses them like the others.
    fn iterate_decoupled(&mut self, state: &G, seat: usize, num_players: usize) {
        let det = if self.cheat {
            copy_into(&mut self.det, state)
        } else {
            determinize_into(&mut self.det, state, seat, &mut self.rng)
        };
        if let Some(chosen) = det.simultaneous_chosen() {
            if chosen != 0 {
                det.withdraw_choices(chosen);
            }
        }
        let nodes = &mut self.nodes;
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        // The turn being chosen: the node where it started and the hash of its choices so far.
        let mut turn: Option<(u32, u64)> = None;
        let mut expanded = false;
        while !det.is_terminal() {
            let chosen = det.simultaneous_chosen();
            let mover = det.current_player();
            if chosen.unwrap_or(0) == 0 {
                // A new decision point: close the turn that just resolved, if any.
                if let Some((start, key)) = turn.take() {
                    if expanded {
                        break;
                    }
                    let (joint, created) = find_or_add(nodes, start, key, Link::Joint);
                    node = joint;
                    if created {
                        break;
                    }
                } else if expanded {
                    break;
                }
            }
            let parent = match chosen {
                None => node,
                Some(_) => {
                    let (start, _) = *turn.get_or_insert((node, JOINT_SEED));
                    let slot = find_or_add(nodes, start, mover as u64, Link::Slot).0;
                    if start == 0 && mover == seat {
                        self.root_decision = slot;
                    }
                    slot
                }
            };
            let known = parent == self.root_decision && mover == seat && self.root_options_known;
            let legal: &[G::Action] = if known {
                &self.root_legal
            } else {
                det.legal_actions(&mut self.legal);
                &self.legal
            };
            self.seen.clear();
            self.seen.resize(legal.len(), false);
            self.candidates.clear();
            let mut child = nodes[parent as usize].first_child;
            while child != NONE {
                let c = &mut nodes[child as usize];
                let found = if legal.get(c.hint as usize) == Some(&c.action) {
                    Some(c.hint as usize)
                } else {
                    legal.iter().position(|&a| a == c.action)
                };
                if let Some(j) = found {
                    self.seen[j] = true;
                    self.candidates.push(child);
                    c.hint = j as u32;
                }
                child = c.next_sibling;
            }
            let untried = legal.len() - self.candidates.len();
            let next = if untried > 0 && !(expanded && chosen.is_none()) {
                let k = below(&mut self.rng, untried);
                let j = (0..legal.len())
                    .filter(|&j| !self.seen[j])
                    .nth(k)
                    .expect("k < number of untried actions");
                let index = u32::try_from(nodes.len()).expect("search tree exceeds u32 nodes");
                let p = &mut nodes[parent as usize];
                let sibling = p.first_child;
                p.first_child = index;
                nodes.push(Node {
                    avail: 1,
                    hint: j as u32,
                    ..Node::new(legal[j], mover, parent, sibling, 0)
                });
                expanded = true;
                index
            } else if self.candidates.is_empty() {
                // Every legal action is untried but this descent already expanded: leave the
                // rest of the turn to the rollout.
                break;
            } else {
                // Ties at random: the seats of a turn select at the same time, and first-on-ties
                // would march them in lockstep (each always meeting the same answer).
                let best = select_ucb_random_ties(
                    nodes,
                    &self.candidates,
                    self.config.c.unwrap_or(DEFAULT_DECOUPLED_C),
                    &self.ln,
                    &mut self.rng,
                );
                for &c in &self.candidates {
                    nodes[c as usize].avail += 1;
                }
                best
            };
            let action = nodes[next as usize].action;
            apply_or_panic(det, action);
            self.path.push(next);
            match turn.as_mut() {
                Some((_, key)) => *key = mix(*key, &action),
                None => {
                    node = next;
                    if expanded {
                        break;
                    }
                }
            }
        }

        let mut values = [0.0; MAX_PLAYERS];
        self.leaf_values(num_players, &mut values);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.total += values[n.mover as usize];
            n.mean = n.total / f64::from(n.visits);
        }
    }

    /// The most visited root child legal in the true state (ties: higher mean, then first).
    fn best_root_action(&mut self) -> G::Action {
        let mut best: Option<(u32, f64, G::Action)> = None;
        let mut child = self
            .nodes
            .get(self.root_decision as usize)
            .map_or(NONE, |n| n.first_child);
        while child != NONE {
            let n = &self.nodes[child as usize];
            if self.root_legal.contains(&n.action) {
                let mean = n.mean;
                let better = match best {
                    None => true,
                    Some((v, m, _)) => n.visits > v || (n.visits == v && mean > m),
                };
                if better {
                    best = Some((n.visits, mean, n.action));
                }
            }
            child = n.next_sibling;
        }
        match best {
            Some((_, _, action)) => action,
            // Only if no determinization ever offered a truly legal action: an engine bug, but
            // a legal move is still better than a crash in the middle of a long run.
            None => self.root_legal[self.rng.random_range(0..self.root_legal.len())],
        }
    }
}

/// The candidate with the highest UCB value, `mean + c * sqrt(ln(avail) / visits)` (first one
/// on ties; children have `visits >= 1`). `ln` covers every candidate's availability.
fn select_ucb<A>(nodes: &[Node<A>], candidates: &[u32], c: f64, ln: &[f64]) -> u32 {
    let mut best = candidates[0];
    let mut best_value = f64::NEG_INFINITY;
    for &i in candidates {
        let n = &nodes[i as usize];
        debug_assert_eq!(n.mean.to_bits(), (n.total / f64::from(n.visits)).to_bits());
        let value = n.mean + c * (ln[n.avail as usize] / f64::from(n.visits)).sqrt();
        if value > best_value {
            best_value = value;
            best = i;
        }
    }
    best
}

/// The two lists a turn's starting node keeps in the decoupled search.
#[derive(Clone, Copy)]
enum Link {
    /// Per-seat decision nodes, keyed by seat.
    Slot,
    /// Nodes after the turn resolves, keyed by the hash of its joint choice.
    Joint,
}

/// Where a joint choice's hash starts.
const JOINT_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// The hash of a turn's choices so far, `key`, extended by `action` (deterministic: the
/// standard library's hasher with fixed keys).
fn mix<A: Hash>(key: u64, action: &A) -> u64 {
    let mut h = DefaultHasher::new();
    h.write_u64(key);
    action.hash(&mut h);
    h.finish()
}

/// The node keyed `key` in `start`'s `link` list, added if missing; true when added.
fn find_or_add<A: Copy>(nodes: &mut Vec<Node<A>>, start: u32, key: u64, link: Link) -> (u32, bool) {
    let head = match link {
        Link::Slot => nodes[start as usize].slots,
        Link::Joint => nodes[start as usize].joints,
    };
    let mut i = head;
    while i != NONE {
        if nodes[i as usize].key == key {
            return (i, false);
        }
        i = nodes[i as usize].next_sibling;
    }
    let index = u32::try_from(nodes.len()).expect("search tree exceeds u32 nodes");
    let s = &nodes[start as usize];
    let node = Node::new(s.action, s.mover as usize, start, head, key);
    nodes.push(node);
    match link {
        Link::Slot => nodes[start as usize].slots = index,
        Link::Joint => nodes[start as usize].joints = index,
    }
    (index, true)
}

/// `select_ucb` with ties broken uniformly at random by `rng`.
fn select_ucb_random_ties<A>(
    nodes: &[Node<A>],
    candidates: &[u32],
    c: f64,
    ln: &[f64],
    rng: &mut BotRng,
) -> u32 {
    let mut best = candidates[0];
    let mut best_value = f64::NEG_INFINITY;
    let mut ties = 0;
    for &i in candidates {
        let n = &nodes[i as usize];
        let value = n.mean + c * (ln[n.avail as usize] / f64::from(n.visits)).sqrt();
        if value > best_value {
            best_value = value;
            best = i;
            ties = 1;
        } else if value == best_value {
            ties += 1;
            if below(rng, ties) == 0 {
                best = i;
            }
        }
    }
    best
}

/// Makes `ln[k] = ln(k)` available for every `k < len`.
fn grow_ln(ln: &mut Vec<f64>, len: usize) {
    while ln.len() < len {
        ln.push((ln.len() as f64).ln());
    }
}

/// Applies an action the state itself listed as legal; a refusal is an engine bug.
fn apply_or_panic<G: Game>(state: &mut G, action: G::Action) {
    if let Err(e) = state.apply_listed(action) {
        panic!(
            "engine refused its own legal action {}: {e}",
            state.action_name(action)
        );
    }
}

impl<G: Game> Bot<G> for MctsBot<G> {
    fn choose(&mut self, state: &G) -> G::Action {
        let seat = state.current_player();
        state.legal_actions(&mut self.root_legal);
        self.root_options_known = state.mover_options_are_known();
        assert!(
            !self.root_legal.is_empty(),
            "MctsBot asked to move in a finished game"
        );
        self.nodes.clear();
        self.last_iterations = 0;
        if self.root_legal.len() == 1 {
            return self.root_legal[0];
        }
        self.nodes
            .push(Node::new(self.root_legal[0], seat, NONE, NONE, 0));
        self.root_decision = 0;
        let decoupled = self.config.simultaneous == Simultaneous::Decoupled
            && state.simultaneous_chosen().is_some();
        let num_players = state.num_players();
        let (max_iterations, deadline) = match self.config.budget {
            Budget::Iterations(n) => (n.max(1), None),
            Budget::TimeMs(ms) => (
                u32::MAX - 1,
                Some(Instant::now() + Duration::from_millis(ms)),
            ),
        };
        if let Budget::Iterations(n) = self.config.budget {
            self.nodes.reserve(n as usize + 1);
        }
        let mut done = 0;
        while done < max_iterations {
            if done > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            // A child's availability is at most the number of iterations before this one,
            // plus one.
            grow_ln(&mut self.ln, done as usize + 2);
            if decoupled {
                self.iterate_decoupled(state, seat, num_players);
            } else {
                self.iterate(state, seat, num_players);
            }
            done += 1;
        }
        self.last_iterations = done;
        self.best_root_action()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    /// Seat 0 picks 0 or 1; seat 1 then plays its hidden card (0..3) or passes (action 9).
    /// Seat 1's options thus differ between determinizations for seat 0.
    #[derive(Clone, Debug)]
    struct Hidden {
        card: u8,
        moves: Vec<u8>,
    }

    #[derive(Debug)]
    struct Refused;

    impl std::fmt::Display for Refused {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("refused")
        }
    }

    impl std::error::Error for Refused {}

    impl Game for Hidden {
        type Action = u8;
        type Error = Refused;

        fn num_players(&self) -> usize {
            2
        }

        fn current_player(&self) -> usize {
            self.moves.len()
        }

        fn legal_actions(&self, out: &mut Vec<u8>) {
            out.clear();
            match self.moves.len() {
                0 => out.extend([0, 1]),
                1 => out.extend([self.card, 9]),
                _ => {}
            }
        }

        fn apply(&mut self, action: u8) -> Result<(), Refused> {
            let mut legal = Vec::new();
            self.legal_actions(&mut legal);
            if !legal.contains(&action) {
                return Err(Refused);
            }
            self.moves.push(action);
            Ok(())
        }

        fn is_terminal(&self) -> bool {
            self.moves.len() == 2
        }

        fn returns(&self, out: &mut [f64]) {
            // Seat 1 wins by playing a card equal to seat 0's pick.
            let seat1 = f64::from(u8::from(self.moves[1] == self.moves[0]));
            out[0] = 1.0 - seat1;
            out[1] = seat1;
        }

        fn scores(&self, out: &mut [i32]) {
            out[..2].fill(0);
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
                copy.card = (rng.next_u32() % 3) as u8;
            }
            copy
        }
    }

    /// Matching pennies, sequentialized as the engines do: seat 0 picks heads or tails
    /// (0 or 1) and its pick stays hidden; seat 1 then picks and wins on a match.
    #[derive(Clone, Debug)]
    struct Pennies {
        picks: Vec<u8>,
    }

    impl Game for Pennies {
        type Action = u8;
        type Error = Refused;

        fn num_players(&self) -> usize {
            2
        }

        fn current_player(&self) -> usize {
            self.picks.len()
        }

        fn legal_actions(&self, out: &mut Vec<u8>) {
            out.clear();
            if self.picks.len() < 2 {
                out.extend([0, 1]);
            }
        }

        fn apply(&mut self, action: u8) -> Result<(), Refused> {
            if self.picks.len() == 2 || action > 1 {
                return Err(Refused);
            }
            self.picks.push(action);
            Ok(())
        }

        fn is_terminal(&self) -> bool {
            self.picks.len() == 2
        }

        fn returns(&self, out: &mut [f64]) {
            let seat1 = f64::from(u8::from(self.picks[0] == self.picks[1]));
            out[0] = 1.0 - seat1;
            out[1] = seat1;
        }

        fn scores(&self, out: &mut [i32]) {
            out[..2].fill(0);
        }

        fn evaluate(&self, out: &mut [f64]) {
            if self.is_terminal() {
                self.returns(out);
            } else {
                out[..2].fill(0.5);
            }
        }

        fn simultaneous_chosen(&self) -> Option<u64> {
            (self.picks.len() < 2).then_some((1 << self.picks.len()) - 1)
        }

        fn withdraw_choices(&mut self, seats: u64) {
            if seats & 1 == 1 && self.picks.len() == 1 {
                self.picks.clear();
            }
        }

        fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
            let mut copy = self.clone();
            if observer == 1 && copy.picks.len() == 1 {
                copy.picks[0] = (rng.next_u32() % 2) as u8;
            }
            copy
        }
    }

    /// The root children `(visits, mean)` of `seat`'s search, with seat 0's pick `picks`.
    fn pennies_search(simultaneous: Simultaneous, picks: Vec<u8>) -> Vec<(u32, f64)> {
        let config = MctsConfig {
            budget: Budget::Iterations(4000),
            // The sequential search's constant for both: this test is about the tree's shape.
            // With the decoupled default of 0.1 one of these searches mixes 64 : 36, not
            // evenly: less exploration buys 7 Wonders play at the price of a pure bluff's mix.
            c: Some(DEFAULT_C),
            simultaneous,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::<Pennies>::new(config, 5);
        bot.choose(&Pennies { picks });
        bot.root_children().iter().map(|c| (c.1, c.2)).collect()
    }

    #[test]
    fn a_simultaneous_turn_is_searched_as_one() {
        // Sequentially, seat 1's node hangs below seat 0's pick: seat 1 answers it, and seat 0
        // believes it loses whatever it picks.
        let sequential = pennies_search(Simultaneous::Sequential, Vec::new());
        assert!(sequential.iter().all(|&(_, v)| v < 0.2), "{sequential:?}");
        // Decoupled, seat 1 chooses without seeing the pick: neither seat can be answered, and
        // each mixes its picks evenly, the game's equilibrium (decoupled UCT's means need not
        // settle at the game's value of one half, but no pick looks lost).
        for picks in [Vec::new(), vec![0], vec![1]] {
            let decoupled = pennies_search(Simultaneous::Decoupled, picks.clone());
            assert_eq!(decoupled.len(), 2);
            for &(visits, mean) in &decoupled {
                assert!((1600..2400).contains(&visits), "{picks:?}: {decoupled:?}");
                assert!(mean > 0.25, "{picks:?}: {decoupled:?}");
            }
        }
    }

    /// Six rounds in which two seats each pick 0..8 at once (seat 0's pick hidden from seat
    /// 1 until the round ends); nothing is won. Records where its evaluation was called.
    #[derive(Clone, Debug)]
    struct Rounds {
        picks: Vec<u8>,
    }

    /// The fewest picks made at any evaluation of a `Rounds` game, and whether one was made
    /// in the middle of a round.
    static ROUNDS_EVALUATED_AT: std::sync::atomic::AtomicUsize =
        std::sync::atomic::AtomicUsize::new(usize::MAX);
    static ROUNDS_EVALUATED_MID_TURN: std::sync::atomic::AtomicBool =
        std::sync::atomic::AtomicBool::new(false);

    impl Game for Rounds {
        type Action = u8;
        type Error = Refused;

        fn num_players(&self) -> usize {
            2
        }

        fn current_player(&self) -> usize {
            self.picks.len() % 2
        }

        fn legal_actions(&self, out: &mut Vec<u8>) {
            out.clear();
            if !self.is_terminal() {
                out.extend(0..8);
            }
        }

        fn apply(&mut self, action: u8) -> Result<(), Refused> {
            if self.is_terminal() || action >= 8 {
                return Err(Refused);
            }
            self.picks.push(action);
            Ok(())
        }

        fn is_terminal(&self) -> bool {
            self.picks.len() == 12
        }

        fn returns(&self, out: &mut [f64]) {
            out[..2].fill(0.5);
        }

        fn scores(&self, out: &mut [i32]) {
            out[..2].fill(0);
        }

        fn evaluate(&self, out: &mut [f64]) {
            use std::sync::atomic::Ordering;
            ROUNDS_EVALUATED_AT.fetch_min(self.picks.len(), Ordering::Relaxed);
            if self.picks.len() % 2 == 1 {
                ROUNDS_EVALUATED_MID_TURN.store(true, Ordering::Relaxed);
            }
            out[..2].fill(0.5);
        }

        fn default_rollout() -> (Rollout, Option<u32>) {
            (Rollout::Random, Some(1))
        }

        fn default_rollout_turns() -> Option<u32> {
            Some(2)
        }

        fn simultaneous_chosen(&self) -> Option<u64> {
            (!self.is_terminal()).then_some((self.picks.len() % 2) as u64)
        }

        fn withdraw_choices(&mut self, seats: u64) {
            if seats & 1 == 1 && self.picks.len() % 2 == 1 {
                self.picks.pop();
            }
        }

        fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
            let mut copy = self.clone();
            if observer == 1 && copy.picks.len() % 2 == 1 {
                *copy.picks.last_mut().expect("a pick") = (rng.next_u32() % 8) as u8;
            }
            copy
        }
    }

    /// The fewest picks at an evaluation of a search from the start of a `Rounds` game.
    fn rounds_evaluated_at(config: MctsConfig) -> usize {
        use std::sync::atomic::Ordering;
        ROUNDS_EVALUATED_AT.store(usize::MAX, Ordering::Relaxed);
        ROUNDS_EVALUATED_MID_TURN.store(false, Ordering::Relaxed);
        let mut bot = MctsBot::<Rounds>::new(config, 3);
        bot.choose(&Rounds { picks: Vec::new() });
        assert!(!ROUNDS_EVALUATED_MID_TURN.load(Ordering::Relaxed));
        ROUNDS_EVALUATED_AT.load(Ordering::Relaxed)
    }

    #[test]
    fn a_decoupled_rollout_is_cut_after_the_games_whole_turns() {
        let config = MctsConfig {
            budget: Budget::Iterations(50),
            ..MctsConfig::default()
        };
        // The first descent ends after the root's turn (2 picks); the rollout then plays the
        // game's 2 whole turns, not its 1 move (which the turn's end would round up to 4).
        assert_eq!(rounds_evaluated_at(config), 6);
        // A depth the spec sets stays a number of moves, rounded up to a turn's end.
        let config = MctsConfig {
            depth: Some(1),
            ..config
        };
        assert_eq!(rounds_evaluated_at(config), 4);
    }

    /// Seat 0 picks 0 or 1 and the game ends; seat 1 wins either way, but by less after a 1:
    /// the returns cannot tell the picks apart, the soft returns can.
    #[derive(Clone, Debug)]
    struct Margins {
        pick: Option<u8>,
    }

    impl Game for Margins {
        type Action = u8;
        type Error = Refused;

        fn num_players(&self) -> usize {
            2
        }

        fn current_player(&self) -> usize {
            0
        }

        fn legal_actions(&self, out: &mut Vec<u8>) {
            out.clear();
            if self.pick.is_none() {
                out.extend([0, 1]);
            }
        }

        fn apply(&mut self, action: u8) -> Result<(), Refused> {
            if self.pick.is_some() || action > 1 {
                return Err(Refused);
            }
            self.pick = Some(action);
            Ok(())
        }

        fn is_terminal(&self) -> bool {
            self.pick.is_some()
        }

        fn returns(&self, out: &mut [f64]) {
            out[..2].copy_from_slice(&[0.0, 1.0]);
        }

        fn soft_returns(&self, out: &mut [f64]) -> bool {
            match self.pick {
                Some(1) => out[..2].copy_from_slice(&[0.4, 0.6]),
                Some(_) => out[..2].copy_from_slice(&[0.1, 0.9]),
                None => return false,
            }
            true
        }

        fn scores(&self, out: &mut [i32]) {
            out[..2].fill(0);
        }

        fn evaluate(&self, out: &mut [f64]) {
            self.returns(out);
        }

        fn determinize(&self, _: usize, _: &mut dyn RngCore) -> Self {
            self.clone()
        }
    }

    /// The root children `(action, visits, mean)` of a search of `Margins` with `config`.
    fn margins_search(config: MctsConfig) -> Vec<(u8, u32, f64)> {
        let mut bot = MctsBot::<Margins>::new(
            MctsConfig {
                budget: Budget::Iterations(200),
                ..config
            },
            1,
        );
        bot.choose(&Margins { pick: None });
        let mut children = bot.root_children();
        children.sort_by_key(|c| c.0);
        children
    }

    #[test]
    fn a_finished_rollout_is_valued_by_its_margins_unless_told_otherwise() {
        // The default (decoupled) search reads the soft returns: the narrower loss is chosen.
        let soft = margins_search(MctsConfig::default());
        assert!((soft[0].2 - 0.1).abs() < 1e-12 && (soft[1].2 - 0.4).abs() < 1e-12);
        assert!(soft[1].1 > 3 * soft[0].1, "{soft:?}");
        // Who won alone (`end=win`, and the sequential search's default): every pick loses.
        for config in [
            MctsConfig {
                end: Some(End::Win),
                ..MctsConfig::default()
            },
            MctsConfig {
                simultaneous: Simultaneous::Sequential,
                ..MctsConfig::default()
            },
        ] {
            let win = margins_search(config);
            assert!(win.iter().all(|c| c.2 == 0.0), "{win:?}");
        }
    }

    #[test]
    fn the_default_exploration_constant_depends_on_the_search() {
        fn children<G: Game>(state: &G, c: Option<f64>, simultaneous: Simultaneous) -> String {
            let config = MctsConfig {
                budget: Budget::Iterations(300),
                c,
                simultaneous,
                ..MctsConfig::default()
            };
            let mut bot = MctsBot::<G>::new(config, 9);
            bot.choose(state);
            format!("{:?}", bot.root_children())
        }
        let pennies = Pennies { picks: Vec::new() };
        let hidden = Hidden {
            card: 2,
            moves: Vec::new(),
        };
        let (decoupled, sequential) = (Simultaneous::Decoupled, Simultaneous::Sequential);
        // A simultaneous turn searched decoupled: the decoupled constant.
        let default = children(&pennies, None, decoupled);
        assert_eq!(
            default,
            children(&pennies, Some(DEFAULT_DECOUPLED_C), decoupled)
        );
        assert_ne!(default, children(&pennies, Some(DEFAULT_C), decoupled));
        // The same turn searched sequentially, and a game without simultaneous turns: 0.7.
        for (default, explicit, other) in [
            (
                children(&pennies, None, sequential),
                children(&pennies, Some(DEFAULT_C), sequential),
                children(&pennies, Some(DEFAULT_DECOUPLED_C), sequential),
            ),
            (
                children(&hidden, None, decoupled),
                children(&hidden, Some(DEFAULT_C), decoupled),
                children(&hidden, Some(DEFAULT_DECOUPLED_C), decoupled),
            ),
        ] {
            assert_eq!(default, explicit);
            assert_ne!(default, other);
        }
    }

    #[test]
    fn availability_counts_only_descents_where_a_child_is_legal() {
        let config = MctsConfig {
            budget: Budget::Iterations(3000),
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::<Hidden>::new(config, 11);
        bot.choose(&Hidden {
            card: 2,
            moves: Vec::new(),
        });
        let nodes = &bot.nodes;
        assert_eq!(
            nodes.len(),
            1 + 2 + 2 * 4,
            "two picks, each answered by 3 cards or a pass"
        );
        for node in &nodes[1..] {
            assert!(node.avail >= node.visits, "{node:?}");
        }
        for pick in 1..3 {
            let parent = &nodes[pick];
            let mut child = parent.first_child;
            let mut plays = 0;
            while child != NONE {
                let c = &nodes[child as usize];
                let share = f64::from(c.avail) / f64::from(parent.visits);
                if c.action == 9 {
                    // The pass is legal in every determinization.
                    assert!(share > 0.95, "pass available in {share} of descents");
                } else {
                    // Each card is held in about a third of the determinizations.
                    assert!((0.2..0.45).contains(&share), "card available in {share}");
                    plays += 1;
                }
                child = c.next_sibling;
            }
            assert_eq!(plays, 3);
        }
    }
}
