//! Learned players: a policy-and-value network read from an ONNX file, the bot that plays its
//! policy alone (`net:model=PATH`) and the search it guides (`mcts:eval=net,model=PATH`).
//!
//! **The model's contract.** One input, a batch of observations of the seat to move
//! ([`Game::observe`], `observation_len` features); two outputs: `policy`, one logit per action
//! id (`action_space` of them; illegal ids are masked here, so the network need not), and
//! `value`, one win probability per seat (they sum to 1), seats ordered from the observer on as
//! in the observation: `value[k]` is the share of seat `(observer + k) % players`. The file's
//! metadata may name the game (`wonders.game`); the training script writes it, with the
//! options, the command and the seed that made the model.
//!
//! **Hidden information.** The network reads only the observation of the seat to move, which
//! is the same in every determinization for that seat. The guided search determinizes for its
//! own seat as plain MCTS does and asks the network about the seat to move in each sampled
//! state.
//!
//! **The guided search** (in the spirit of AlphaZero's PUCT, over information sets as in
//! SO-ISMCTS): each iteration takes a fresh determinization for the searching seat and
//! descends; at a node not yet expanded the network is asked (its policy becomes the node's
//! children's priors) and the leaf is valued, else the child legal in this determinization
//! maximising `Q + c * P * sqrt(N) / (1 + n)` is followed (`Q` the child's mean return for its
//! mover, or the network's value at the parent while unvisited; `N` the visits of the legal
//! children). Children are action ids, not actions: payments that share an id are one
//! decision, played at its cheapest (as `net:` plays and as Python's action ids do).
//!
//! **Tree reuse** (`reuse=on`, where the game's decisions are public: Duel): the search keeps
//! the state it was handed, its choice and its tree; the next search replays its choice and
//! the tree's decisions on that state, breadth first, until it reaches a state every seat
//! sees exactly as the one handed now, and starts from that node's subtree, copied into a
//! fresh arena, with the root's priors read again on the true state.
//!
//! **Leaf values** (`mix`, AlphaGo's mix): a random rollout's returns with weight `mix`, the
//! network's value with weight `1 - mix`. The default, 1, is rollouts alone: the network
//! gives only the priors, and is then asked about a node once it has had `ask_after`
//! rollouts (default 4) (most leaves never are). The value comes with those priors, free:
//! `value_visits=V` backs it up as `V` visits in the iteration that asks, instead of that
//! iteration's rollout (default 0: it only stands for unvisited children; not a clear gain
//! with the Duel models, `results/models/duel.md`). `mix=0` is AlphaZero's value at the
//! leaves; with the first shipped Duel model (`duel_v1.onnx`), whose value head picks the
//! winner of 3 held-out positions in 4, that search won 2 of 40 games against plain MCTS at
//! equal iterations, where rollout values win about two in three at 500 iterations a move
//! (`results/models/duel.md`).

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};

use crate::mcts::Budget;
use crate::onnx::{softmax, Graph, Scratch};
use crate::util::{below, determinize_into};
use crate::{Bot, BotRng, Encoding, Game, MAX_PLAYERS};

/// The default exploration constant of the guided search's PUCT rule.
pub const DEFAULT_PUCT_C: f64 = 1.5;

/// The default weight of a random rollout's returns in a leaf's value: rollouts alone, the
/// network giving the priors. The first Duel model's value head, alone at the leaves, made
/// the search lose 92% of its games to plain MCTS (`results/models/duel.md`).
pub const DEFAULT_MIX: f64 = 1.0;

/// The default temperature of the guided search's priors (`softmax(logits / T)`): the
/// network's own policy. With the shipped Duel model at about the iterations 20 ms buy on a
/// quiet core (1,700 guided against 2,000 plain), 2 won 58.3% of 1,000 games against plain
/// MCTS over five seeds and 1 won 55.8% of the same seeds' games: not a clear difference (on
/// the three seeds 2 was not picked on, 1 won more), so the default stays
/// (`results/models/duel.md`).
pub const DEFAULT_PRIOR_TEMPERATURE: f64 = 1.0;

/// With rollout values alone (`mix=1`), the rollouts a node has before the network is asked
/// for its children's priors. Measured on Duel at 500 iterations a move against plain MCTS:
/// 1, 2 and 4 won the same share (68-69% of 100 games), and 4 asks the network least (86% of
/// plain MCTS's iterations in the same time, against 62% with 1).
pub const DEFAULT_ASK_AFTER: u32 = 4;

/// By default an expanded node's value is not backed up with `mix=1` (see
/// [`GuidedConfig::value_visits`]).
pub const DEFAULT_VALUE_VISITS: u32 = 0;

/// Whether the guided search keeps its tree between moves by default (see
/// [`GuidedConfig::reuse`]). Measured on Duel with the shipped model at 1,800 new iterations a
/// move: a kept root starts with 34% of the previous tree's visits, and the search runs
/// 0.96 of a fresh one's iterations a second; it won 51.9% of 800 games against the same
/// search without it (a fresh search with 2,400 iterations won 52.8% of 800 against 1,800:
/// more visits are worth little at this budget), and against plain MCTS at 2,000 iterations
/// 58.8% of 800 where the fresh search won 58.0% on the same seeds (the longer-trained
/// network: 59.4% against 61.5%). No gain: a fresh tree stays the default, and every
/// earlier result reproduces (`results/models/duel.md`).
pub const DEFAULT_REUSE: bool = false;

/// How many decisions after its own move the search follows down its kept tree to find the
/// state it is handed (in Duel one or two, the other seat's reply, a token or a replayed turn).
const REUSE_DEPTH: u32 = 8;

/// How many states the search looks at, at most, on its way down the kept tree: a bound on
/// the cost of a move the tree does not hold.
const REUSE_STATES: usize = 512;

/// A loaded policy-and-value network with its declared shape.
pub struct Network {
    graph: Graph,
    path: String,
    observation_len: usize,
    action_space: usize,
    players: usize,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({}: {} -> {} ids, {} seats)",
            self.path, self.observation_len, self.action_space, self.players
        )
    }
}

impl Network {
    /// Reads the ONNX file at `path`. The error names the file and what is wrong with it.
    pub fn load(path: &str) -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read model `{path}`: {e}"))?;
        Self::from_bytes(&bytes, path)
    }

    /// Reads a model from the bytes of an ONNX file; `path` names it in errors.
    pub fn from_bytes(bytes: &[u8], path: &str) -> Result<Network, String> {
        let graph = Graph::from_bytes(bytes)
            .map_err(|e| format!("model `{path}` is not a network the bots can run: {e}"))?;
        let width = |name: &str| {
            graph.output_width(name).ok_or_else(|| {
                format!(
                    "model `{path}` has no output `{name}` (its outputs: {:?}; a player network \
                     has `policy` and `value`)",
                    graph.output_names()
                )
            })
        };
        let action_space = width("policy")?;
        let players = width("value")?;
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "model `{path}` values {players} seats: a game seats 2 to {MAX_PLAYERS}"
            ));
        }
        Ok(Network {
            observation_len: graph.input_width(),
            graph,
            path: path.to_string(),
            action_space,
            players,
        })
    }

    /// The file it was read from.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The game the file's metadata names, if any.
    pub fn game(&self) -> Option<&str> {
        self.graph.metadata("wonders.game")
    }

    /// The file's metadata entry `key` (e.g. `wonders.options`, `wonders.command`).
    pub fn metadata(&self, key: &str) -> Option<&str> {
        self.graph.metadata(key)
    }

    /// Features per observation.
    pub fn observation_len(&self) -> usize {
        self.observation_len
    }

    /// Action ids.
    pub fn action_space(&self) -> usize {
        self.action_space
    }

    /// Seats valued.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Refuses a game this network was not made for, naming the difference.
    pub fn check<G: Game>(&self, game: &G) -> Result<(), String> {
        let path = &self.path;
        let Some(encoding) = game.encoding() else {
            return Err(format!(
                "model `{path}`: this game has no observation encoding for networks"
            ));
        };
        let Encoding {
            game: id,
            observation_len,
            action_space,
        } = encoding;
        if let Some(trained) = self.game() {
            if trained != id {
                return Err(format!(
                    "model `{path}` was trained for `{trained}`{}, not for `{id}`",
                    self.metadata("wonders.options")
                        .map(|o| format!(" ({o})"))
                        .unwrap_or_default()
                ));
            }
        }
        let options = self
            .metadata("wonders.options")
            .map(|o| format!(" (it was trained with options {o})"))
            .unwrap_or_default();
        if self.observation_len != observation_len {
            return Err(format!(
                "model `{path}` reads observations of {} features, but `{id}` with these \
                 options writes {observation_len}{options}",
                self.observation_len
            ));
        }
        if self.action_space != action_space {
            return Err(format!(
                "model `{path}` scores {} action ids, but `{id}` with these options has \
                 {action_space}{options}",
                self.action_space
            ));
        }
        if self.players != game.num_players() {
            return Err(format!(
                "model `{path}` values {} seats, but this game seats {}{options}",
                self.players,
                game.num_players()
            ));
        }
        Ok(())
    }

    /// Evaluates `rows` observations at once: fills `policy` with `rows * action_space`
    /// logits and `value` with `rows * players` win probabilities (observer-relative seats).
    pub fn evaluate_batch(
        &self,
        observations: &[f32],
        rows: usize,
        scratch: &mut Scratch,
        policy: &mut Vec<f32>,
        value: &mut Vec<f32>,
    ) {
        self.graph.run(observations, rows, scratch);
        policy.clear();
        policy.extend_from_slice(self.graph.output("policy", scratch));
        value.clear();
        value.extend_from_slice(self.graph.output("value", scratch));
    }

    /// What [`Evaluator::logits`] computes for `observation`, with the plain arithmetic of
    /// the first runtime (one dot product per output of a dense layer): the logits of `ids`
    /// into `policy` (in that order) and the `players` values into `value` (from the
    /// observer's seat on). Slower, the same values to the last bit; for checks and timings.
    pub fn evaluate_reference(
        &self,
        observation: &[f32],
        ids: &[u32],
        scratch: &mut Scratch,
        policy: &mut Vec<f32>,
        value: &mut Vec<f32>,
    ) {
        let graph = &self.graph;
        let compact = graph.run_one_selected_reference(observation, scratch, "policy", ids);
        let logits = graph.output("policy", scratch);
        policy.clear();
        if compact {
            policy.extend_from_slice(logits);
        } else {
            policy.extend(ids.iter().map(|&id| logits[id as usize]));
        }
        value.clear();
        value.extend_from_slice(graph.output("value", scratch));
    }
}

/// The legal actions of the player to move by id: `(id, action)`, in increasing id order, one
/// action per id (the lowest cost, the first listed on a tie). `scratch` is a reusable buffer.
pub fn legal_by_id<G: Game>(
    state: &G,
    scratch: &mut Vec<G::Action>,
    out: &mut Vec<(u32, G::Action)>,
) {
    state.legal_actions(scratch);
    listed_by_id(state, scratch, out);
}

/// [`legal_by_id`] of the list `listed` that `state.legal_actions` wrote.
fn listed_by_id<G: Game>(state: &G, listed: &[G::Action], out: &mut Vec<(u32, G::Action)>) {
    out.clear();
    first_of_each_id(
        listed,
        |a| state.encoded_action(a),
        |id, a| out.push((id as u32, a)),
    );
}

/// Calls `each(id, action)` for the actions of `listed` in increasing id order, one per id:
/// of the actions `id_of` gives one id (and a cost), the one of lowest cost, the first
/// listed on a tie. The one rule by which the searches, the network bot and the engine's
/// sessions turn a legal list into ids.
pub fn first_of_each_id<A: Copy>(
    listed: &[A],
    id_of: impl Fn(A) -> (usize, u32),
    mut each: impl FnMut(usize, A),
) {
    // Sorted by (id, cost, position in the list), each packed into one integer when it
    // fits (always, for the project's games): the sort is then of plain words.
    let mut keys: smallvec::SmallVec<[u64; 64]> = smallvec::SmallVec::new();
    let mut packed = listed.len() < 1 << 16;
    for (k, &a) in listed.iter().enumerate() {
        let (id, cost) = id_of(a);
        packed &= id < 1 << 24 && cost < 1 << 24;
        keys.push((id as u64) << 40 | u64::from(cost) << 16 | k as u64);
    }
    if !packed {
        let mut keyed: Vec<(usize, u32, usize)> = listed
            .iter()
            .enumerate()
            .map(|(k, &a)| {
                let (id, cost) = id_of(a);
                (id, cost, k)
            })
            .collect();
        keyed.sort_unstable();
        let mut last = usize::MAX;
        for &(id, _, k) in &keyed {
            if id != last {
                each(id, listed[k]);
                last = id;
            }
        }
        return;
    }
    keys.sort_unstable();
    let mut last = u64::MAX;
    for &key in &keys {
        let id = key >> 40;
        if id != last {
            each(id as usize, listed[(key & 0xffff) as usize]);
            last = id;
        }
    }
}

/// One network plus the buffers to ask it about one state at a time.
pub struct Evaluator {
    net: Arc<Network>,
    scratch: Scratch,
    selected: Vec<u32>,
}

impl Evaluator {
    /// An evaluator of `net`.
    pub fn new(net: Arc<Network>) -> Self {
        Evaluator {
            net,
            scratch: Scratch::default(),
            selected: Vec::new(),
        }
    }

    /// The network.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// Asks the network about `state` for its player to move: writes into `priors` the
    /// softmax of the logits of `ids` (with `temperature`; 1 is the network's own), and into
    /// `values[..players]` each seat's win probability, by absolute seat.
    pub fn evaluate<G: Game>(
        &mut self,
        state: &G,
        ids: &[(u32, G::Action)],
        temperature: f32,
        priors: &mut Vec<f32>,
        values: &mut [f64],
    ) {
        self.logits(state, ids, priors, values);
        priors.iter_mut().for_each(|p| *p /= temperature);
        softmax(priors, false);
    }

    /// [`Evaluator::evaluate`] before the softmax: the logits of `ids`, in that order, into
    /// `logits`, and each seat's win probability into `values[..players]`, by absolute seat.
    pub fn logits<G: Game>(
        &mut self,
        state: &G,
        ids: &[(u32, G::Action)],
        logits: &mut Vec<f32>,
        values: &mut [f64],
    ) {
        let mover = state.current_player();
        let graph = &self.net.graph;
        // The observation is written straight into the network's input.
        state.observe(mover, graph.input_mut(&mut self.scratch, 1));
        // Only the legal ids' logits: the policy layer is most of the network's cost.
        self.selected.clear();
        self.selected.extend(ids.iter().map(|&(id, _)| id));
        let compact = graph.run_one_selected(&mut self.scratch, "policy", &self.selected);
        let policy = graph.output("policy", &self.scratch);
        logits.clear();
        if compact {
            logits.extend_from_slice(policy);
        } else {
            logits.extend(ids.iter().map(|&(id, _)| policy[id as usize]));
        }
        let value = graph.output("value", &self.scratch);
        let players = self.net.players;
        for k in 0..players {
            values[(mover + k) % players] = f64::from(value[k]);
        }
    }
}

/// The parameters of `net:`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetConfig {
    /// 0: the legal id of highest logit (ties: the lowest id); above 0, an id drawn from the
    /// softmax of the legal logits divided by the temperature.
    pub temperature: f64,
}

/// Plays the network's policy alone: no search.
pub struct NetBot<G: Game> {
    eval: Evaluator,
    config: NetConfig,
    rng: BotRng,
    scratch: Vec<G::Action>,
    ids: Vec<(u32, G::Action)>,
    priors: Vec<f32>,
}

impl<G: Game> NetBot<G> {
    /// The bot; `seed` drives its draws when the temperature is above 0.
    pub fn new(net: Arc<Network>, config: NetConfig, seed: u64) -> Self {
        NetBot {
            eval: Evaluator::new(net),
            config,
            rng: BotRng::seed_from_u64(seed),
            scratch: Vec::new(),
            ids: Vec::new(),
            priors: Vec::new(),
        }
    }
}

impl<G: Game> Bot<G> for NetBot<G> {
    fn choose(&mut self, state: &G) -> G::Action {
        legal_by_id(state, &mut self.scratch, &mut self.ids);
        assert!(
            !self.ids.is_empty(),
            "NetBot asked to move in a finished game"
        );
        if self.ids.len() == 1 {
            return self.ids[0].1;
        }
        let mut values = [0.0; MAX_PLAYERS];
        let t = self.config.temperature;
        self.eval.evaluate(
            state,
            &self.ids,
            if t > 0.0 { t as f32 } else { 1.0 },
            &mut self.priors,
            &mut values,
        );
        let k = if t > 0.0 {
            sample(&self.priors, &mut self.rng)
        } else {
            argmax(&self.priors)
        };
        self.ids[k].1
    }
}

/// The first index of the largest value.
fn argmax(values: &[f32]) -> usize {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best
}

/// An index drawn with probability proportional to `weights` (not all zero).
pub(crate) fn sample(weights: &[f32], rng: &mut BotRng) -> usize {
    let total: f32 = weights.iter().sum();
    let mut x = rng.random::<f32>() * total;
    for (i, &w) in weights.iter().enumerate() {
        if x < w {
            return i;
        }
        x -= w;
    }
    weights.iter().rposition(|&w| w > 0.0).unwrap_or(0)
}

/// The parameters of the guided search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GuidedConfig {
    /// Iterations or time per move.
    pub budget: Budget,
    /// PUCT exploration constant, finite and non-negative.
    pub c: f64,
    /// Self-play exploration: Dirichlet noise of concentration `alpha` mixed into the root's
    /// priors with weight `weight`. `None` in matches.
    pub root_noise: Option<(f64, f64)>,
    /// The weight, in `[0, 1]`, of a random rollout's returns in a leaf's value (AlphaGo's
    /// mix): `0` values a leaf by the network alone, `1` by the rollout alone (the network
    /// then gives only the priors).
    pub mix: f64,
    /// The temperature of the priors (`softmax(logits / T)`), finite and > 0: above 1
    /// softens the network's policy, below 1 sharpens it (default
    /// [`DEFAULT_PRIOR_TEMPERATURE`]).
    pub temperature: f64,
    /// What an unvisited child counts as in the selection (first-play urgency).
    pub fpu: Fpu,
    /// With `mix=1`, the rollouts a node has before the network is asked for its children's
    /// priors (0 asks at once).
    pub ask_after: u32,
    /// With `mix=1`, the visits the network's value at a node counts as in the iteration that
    /// expands the node: that iteration backs the value up with this weight instead of
    /// descending to a rollout (0: the value only stands for unvisited children, see
    /// [`Fpu::Net`]). The value comes with the priors' evaluation, so it costs nothing more.
    pub value_visits: u32,
    /// Keep the tree between moves: start from the subtree under the decisions made since the
    /// last move, where the game's decisions are public ([`Game::decisions_are_public`]) and
    /// its ids fixed; elsewhere, or when the tree does not hold them, a fresh tree. The
    /// budget counts new iterations only.
    pub reuse: bool,
}

/// What the guided search counts an unvisited child's value as (first-play urgency).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fpu {
    /// The network's value for the seat to move at the parent, read when it was expanded.
    Net,
    /// The mean return, for the seat to move at the parent, of its visited children (the
    /// network's value while none is visited).
    Mean,
    /// A fixed value in `[0, 1]` (1: optimistic, an unvisited child is tried early).
    Value(f64),
}

impl Default for GuidedConfig {
    fn default() -> Self {
        GuidedConfig {
            budget: Budget::Iterations(crate::mcts::DEFAULT_ITERATIONS),
            c: DEFAULT_PUCT_C,
            root_noise: None,
            mix: DEFAULT_MIX,
            temperature: DEFAULT_PRIOR_TEMPERATURE,
            fpu: Fpu::Net,
            ask_after: DEFAULT_ASK_AFTER,
            value_visits: DEFAULT_VALUE_VISITS,
            reuse: DEFAULT_REUSE,
        }
    }
}

const NONE: u32 = u32::MAX;

/// The listings a descent step compares its legal list with, most recently used first,
/// before it makes a new one: where determinizations reveal many different cards, lists
/// rarely come back, and comparing with all of them would cost more than it saves.
const LISTINGS_LOOKED_AT: u32 = 6;

/// A node of the guided tree: an action id played from its parent's information set.
#[derive(Clone, Copy, Debug)]
struct Node {
    id: u32,
    /// The seat that played `id`; `total` sums its returns.
    mover: u8,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    total: f64,
    /// `total / visits`, kept by the backpropagation: read by every selection among the
    /// node's siblings, where a division per child would cost more.
    mean: f64,
    prior: f32,
    /// True once the network was asked about this node (its children hold the priors).
    expanded: bool,
    /// The network's value, for the seat to move here, when it was expanded: what its
    /// unvisited children count as.
    value_to_move: f32,
    /// Index in `GuidedMcts::listings` of what the last descent through this node derived
    /// from its legal list, or `NONE`.
    listing: u32,
}

impl Node {
    /// A node not yet visited nor expanded: `id` played by `mover` from `parent`, listed
    /// before `next_sibling`.
    fn new(id: u32, mover: usize, parent: u32, next_sibling: u32, prior: f32) -> Node {
        Node {
            id,
            mover: mover as u8,
            parent,
            first_child: NONE,
            next_sibling,
            visits: 0,
            total: 0.0,
            mean: 0.0,
            prior,
            expanded: false,
            value_to_move: 0.0,
            listing: NONE,
        }
    }
}

/// What a descent derived at a node from the legal list of its determinization: the list
/// itself (`listed` in `GuidedMcts::listed`) and the node's children legal under it, in the
/// order of the node's child list, each with the action its id stands for (`choices` in
/// `GuidedMcts::choices`). A later determinization that lists the same actions gets the same
/// children and actions, so it reuses them instead of keying, sorting and matching ids
/// again. A listing never goes stale: once made, every id of its list has a child, so the
/// children added later (for other lists) have other ids and are prepended, leaving its
/// children and their order as they were. A node keeps one per list seen (they differ by
/// the cards a determinization revealed on the way), chained by `next`.
#[derive(Clone, Copy, Debug)]
struct Listing {
    listed: (u32, u32),
    choices: (u32, u32),
    next: u32,
}

fn range((start, len): (u32, u32)) -> std::ops::Range<usize> {
    start as usize..(start + len) as usize
}

/// MCTS guided by a network: priors in the selection, values at the leaves.
pub struct GuidedMcts<G: Game> {
    config: GuidedConfig,
    eval: Evaluator,
    rng: BotRng,
    nodes: Vec<Node>,
    root_ids: Vec<(u32, G::Action)>,
    ids: Vec<(u32, G::Action)>,
    scratch: Vec<G::Action>,
    priors: Vec<f32>,
    candidates: Vec<u32>,
    /// For each of `candidates`, the place of its id in `ids`.
    candidate_ids: Vec<u32>,
    /// By action id: 1 + its place in `ids` while a descent step matches children to them.
    position: Vec<u32>,
    det: Option<G>,
    last_iterations: u32,
    /// The root state's [`Game::mover_options_are_known`]: iterations reuse `root_ids`.
    root_options_known: bool,
    /// Network evaluations of the last search (the root's included).
    last_evaluations: u32,
    /// The game's [`Game::action_ids_are_fixed`]: nodes then keep a [`Listing`].
    fixed_ids: bool,
    listings: Vec<Listing>,
    listed: Vec<G::Action>,
    choices: Vec<(u32, G::Action)>,
    /// With `reuse`: the state the last search was handed and the action it chose; `nodes`
    /// still holds its tree.
    kept: Option<(G, G::Action)>,
    /// The root's visits when the last search started (kept from the tree before) and the
    /// previous tree's root visits then.
    last_kept: (u32, u32),
    /// Buffers of the re-rooting: the new arena, and the old index of each of its nodes.
    spare: Vec<Node>,
    old_index: Vec<u32>,
    /// States on the way down the kept tree, with their node and depth.
    frontier: VecDeque<(G, u32, u32)>,
    /// Every seat's observation of the state handed, and of a state on the way.
    seen: Vec<f32>,
    observed: Vec<f32>,
}

impl<G: Game> GuidedMcts<G> {
    /// The search, seeded with `seed`.
    pub fn new(net: Arc<Network>, config: GuidedConfig, seed: u64) -> Self {
        GuidedMcts {
            config,
            eval: Evaluator::new(net),
            rng: BotRng::seed_from_u64(seed),
            nodes: Vec::new(),
            root_ids: Vec::new(),
            ids: Vec::new(),
            scratch: Vec::new(),
            priors: Vec::new(),
            candidates: Vec::new(),
            candidate_ids: Vec::new(),
            position: Vec::new(),
            det: None,
            last_iterations: 0,
            root_options_known: false,
            last_evaluations: 0,
            fixed_ids: false,
            listings: Vec::new(),
            listed: Vec::new(),
            choices: Vec::new(),
            kept: None,
            last_kept: (0, 0),
            spare: Vec::new(),
            old_index: Vec::new(),
            frontier: VecDeque::new(),
            seen: Vec::new(),
            observed: Vec::new(),
        }
    }

    /// The visits the root started the last search with, kept from the tree before (0 for a
    /// fresh tree), and the visits of that tree's root: their ratio is the share of the
    /// previous search the last one kept.
    pub fn last_kept(&self) -> (u32, u32) {
        self.last_kept
    }

    /// Iterations run by the last search (0 if the move was forced).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// Network evaluations run by the last search, the root's included (0 if the move was
    /// forced).
    pub fn last_evaluations(&self) -> u32 {
        self.last_evaluations
    }

    /// The root's children after the last search: `(action id, visits)`.
    pub fn root_visits(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        if let Some(root) = self.nodes.first() {
            let mut child = root.first_child;
            while child != NONE {
                let n = &self.nodes[child as usize];
                out.push((n.id, n.visits));
                child = n.next_sibling;
            }
        }
        out
    }

    /// The child of `node` for action id `id`.
    fn child(&self, node: u32, id: u32) -> Option<u32> {
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let n = &self.nodes[child as usize];
            if n.id == id {
                return Some(child);
            }
            child = n.next_sibling;
        }
        None
    }

    /// The node of the kept tree whose state is `state`, if the tree holds the way there and
    /// the node was expanded: from the state the last search was handed, down the action it
    /// chose, then breadth first down the tree's expanded children legal on the way (at most
    /// [`REUSE_DEPTH`] decisions, [`REUSE_STATES`] states), until a state shows every seat
    /// what `state` shows, with the same player to move and legal ids (`root_ids`). The ways
    /// are replayed on the state handed then, so the true way leads exactly to `state`; the
    /// decisions on it are public, so nothing hidden is read. Consumes what was kept.
    fn follow(&mut self, state: &G) -> Option<u32> {
        let (before, action) = self.kept.take()?;
        if self.nodes.is_empty() || !state.decisions_are_public() || !state.action_ids_are_fixed() {
            return None;
        }
        let first = self.child(0, before.encoded_action(action).0 as u32)?;
        let mut after = before;
        after.apply(action).ok()?;
        let players = state.num_players();
        let len = self.eval.network().observation_len();
        self.seen.resize(players * len, 0.0);
        for (seat, seen) in self.seen.chunks_mut(len).enumerate() {
            state.observe(seat, seen);
        }
        self.observed.resize(len, 0.0);
        let mover = state.current_player();
        self.frontier.clear();
        self.frontier.push_back((after, first, 0));
        // Breadth first, each state moved out as it is looked at (no copy).
        let mut looked = 0;
        while looked < REUSE_STATES {
            let Some((at, node, depth)) = self.frontier.pop_front() else {
                break;
            };
            looked += 1;
            if at.is_terminal() {
                continue;
            }
            legal_by_id(&at, &mut self.scratch, &mut self.ids);
            let same = at.current_player() == mover
                && self.ids.len() == self.root_ids.len()
                && self.ids.iter().zip(&self.root_ids).all(|(a, b)| a.0 == b.0)
                && (0..players).all(|seat| {
                    at.observe(seat, &mut self.observed);
                    self.observed[..] == self.seen[seat * len..(seat + 1) * len]
                });
            if same {
                return self.nodes[node as usize].expanded.then_some(node);
            }
            if depth == REUSE_DEPTH {
                continue;
            }
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let n = &self.nodes[child as usize];
                if n.expanded {
                    if let Ok(i) = self.ids.binary_search_by_key(&n.id, |&(id, _)| id) {
                        let mut next = at.clone();
                        if next.apply_listed(self.ids[i].1).is_ok() {
                            self.frontier.push_back((next, child, depth + 1));
                        }
                    }
                }
                child = n.next_sibling;
            }
        }
        None
    }

    /// Makes `node`'s subtree the whole tree, `node` its root (index 0): copied breadth first
    /// into the spare arena with its visits, totals and priors, every child list in its
    /// order. The listings are not copied (the search makes them again where it needs them).
    fn reroot(&mut self, node: u32) {
        let mut tree = std::mem::take(&mut self.spare);
        tree.clear();
        self.old_index.clear();
        let mut root = self.nodes[node as usize];
        root.parent = NONE;
        root.next_sibling = NONE;
        root.first_child = NONE;
        tree.push(root);
        self.old_index.push(node);
        let mut i = 0;
        while i < tree.len() {
            let mut child = self.nodes[self.old_index[i] as usize].first_child;
            let mut previous = NONE;
            while child != NONE {
                let mut n = self.nodes[child as usize];
                let next = n.next_sibling;
                n.parent = i as u32;
                n.next_sibling = NONE;
                n.first_child = NONE;
                let index = tree.len() as u32;
                tree.push(n);
                self.old_index.push(child);
                if previous == NONE {
                    tree[i].first_child = index;
                } else {
                    tree[previous as usize].next_sibling = index;
                }
                previous = index;
                child = next;
            }
            i += 1;
        }
        for n in &mut tree {
            n.listing = NONE;
        }
        self.spare = std::mem::replace(&mut self.nodes, tree);
    }

    /// Adds children to `node` for `ids` with `priors`.
    fn expand(&mut self, node: u32, mover: usize, values: &[f64]) {
        let mut last = self.nodes[node as usize].first_child;
        for (&(id, _), &prior) in self.ids.iter().zip(&self.priors).rev() {
            let index = self.nodes.len() as u32;
            self.nodes.push(Node::new(id, mover, node, last, prior));
            last = index;
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = last;
        n.expanded = true;
        n.value_to_move = values[mover] as f32;
    }

    /// Mixes the returns of a uniformly random rollout from `det` (played to the end) into
    /// `values` with weight `mix`.
    fn mix_rollout(&mut self, det: &mut G, players: usize, values: &mut [f64; MAX_PLAYERS]) {
        while !det.is_terminal() {
            det.legal_actions(&mut self.scratch);
            let action = self.scratch[below(&mut self.rng, self.scratch.len())];
            if let Err(e) = det.apply_listed(action) {
                panic!(
                    "engine refused its own legal action {}: {e}",
                    det.action_name(action)
                );
            }
        }
        let mut returns = [0.0; MAX_PLAYERS];
        det.returns(&mut returns[..players]);
        let mix = self.config.mix;
        for (v, r) in values.iter_mut().zip(returns).take(players) {
            *v = (1.0 - mix) * *v + mix * r;
        }
    }

    /// One iteration from a fresh determinization.
    fn iterate(&mut self, state: &G, seat: usize, players: usize) {
        // The determinization is taken out of `self` while the tree grows.
        let mut slot = self.det.take();
        let det = determinize_into(&mut slot, state, seat, &mut self.rng);
        let mut node = 0u32;
        let mut values = [0.0; MAX_PLAYERS];
        // The visits this iteration's return counts as: more than one for a lazy
        // expansion's network value (`value_visits`).
        let mut weight = 1;
        let lazy = self.config.mix >= 1.0;
        loop {
            if det.is_terminal() {
                det.returns(&mut values[..players]);
                break;
            }
            // With rollout values alone the network is needed only for the priors of a
            // node's children, so it is asked once the node has had `ask_after` rollouts:
            // most leaves of a search are visited once or twice, and a rollout costs less
            // than an evaluation.
            let leaf = &self.nodes[node as usize];
            if lazy && !leaf.expanded && leaf.visits < self.config.ask_after {
                self.mix_rollout(det, players, &mut values);
                break;
            }
            // The root's listing, made from the root's own options, holds in every
            // determinization when the mover knows those options; another node's holds when
            // this determinization lists the same actions as the last one through it.
            let mut listing = leaf.listing;
            let reuse = if node == 0 && self.root_options_known {
                debug_assert!(
                    {
                        legal_by_id(det, &mut self.scratch, &mut self.ids);
                        self.ids == self.root_ids
                    },
                    "a determinization for the mover lists other options"
                );
                true
            } else {
                det.legal_actions(&mut self.scratch);
                let (mut found, mut previous, mut looked) = (NONE, NONE, 0);
                while listing != NONE && looked < LISTINGS_LOOKED_AT {
                    looked += 1;
                    let l = &self.listings[listing as usize];
                    if self.listed[range(l.listed)] == self.scratch {
                        found = listing;
                        break;
                    }
                    previous = listing;
                    listing = l.next;
                }
                if found != NONE && previous != NONE {
                    // Moved to the front: a node's lists are not equally common (most
                    // determinizations reveal no card on the way to some nodes).
                    let next = self.listings[found as usize].next;
                    self.listings[previous as usize].next = next;
                    self.listings[found as usize].next = self.nodes[node as usize].listing;
                    self.nodes[node as usize].listing = found;
                }
                listing = found;
                found != NONE
            };
            let (next, action) = if reuse {
                let choices = range(self.listings[listing as usize].choices);
                debug_assert!(
                    {
                        listed_by_id(det, &self.scratch, &mut self.ids);
                        let fixed = &self.choices[choices.clone()];
                        (node == 0 && self.root_options_known || self.ids.len() == fixed.len())
                            && fixed.iter().all(|&(child, action)| {
                                det.encoded_action(action).0 as u32 == self.nodes[child as usize].id
                            })
                    },
                    "a listing reused for another list of ids"
                );
                let choices = &self.choices[choices];
                let k = self.select(node, choices.iter().map(|&(child, _)| child));
                choices[k]
            } else {
                self.descend_listed(det, node, players, lazy, &mut values)
            };
            if next == NONE {
                if lazy {
                    weight = self.config.value_visits;
                }
                break;
            }
            if let Err(e) = det.apply_listed(action) {
                panic!(
                    "engine refused its own legal action {}: {e}",
                    det.action_name(action)
                );
            }
            node = next;
        }
        self.det = slot;
        let mut i = node;
        loop {
            let n = &mut self.nodes[i as usize];
            n.visits += weight;
            n.total += f64::from(weight) * values[n.mover as usize];
            n.mean = n.total / f64::from(n.visits);
            if i == 0 {
                break;
            }
            i = n.parent;
        }
    }

    /// A step of the descent at `node` without a listing to reuse: `det`'s legal list (in
    /// `scratch`) by id; the network asked if the node is not expanded yet (`NONE` returned
    /// when that ends the iteration, `values` then holding the leaf's value); children added
    /// for ids legal here that have none; the child to follow and its action. The node's
    /// listing is then made for the determinizations that list the same actions.
    fn descend_listed(
        &mut self,
        det: &mut G,
        node: u32,
        players: usize,
        lazy: bool,
        values: &mut [f64; MAX_PLAYERS],
    ) -> (u32, G::Action) {
        listed_by_id(det, &self.scratch, &mut self.ids);
        let mover = det.current_player();
        if !self.nodes[node as usize].expanded {
            let t = self.config.temperature as f32;
            self.eval
                .evaluate(det, &self.ids, t, &mut self.priors, values);
            self.last_evaluations += 1;
            self.expand(node, mover, &values[..players]);
            if lazy && self.config.value_visits > 0 {
                return (NONE, self.ids[0].1);
            }
            if !lazy {
                if self.config.mix > 0.0 {
                    self.mix_rollout(det, players, values);
                }
                return (NONE, self.ids[0].1);
            }
        }
        // Children legal in this determinization; ids no child has yet join with a
        // uniform prior (the network was asked in another determinization). `position`
        // maps a legal id to its place in `ids` (plus 1; 0 elsewhere, and again on return).
        if self.position.is_empty() {
            self.position.resize(self.eval.network().action_space(), 0);
        }
        for (k, &(id, _)) in self.ids.iter().enumerate() {
            self.position[id as usize] = k as u32 + 1;
        }
        self.candidates.clear();
        self.candidate_ids.clear();
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            let place = &mut self.position[c.id as usize];
            if *place != 0 {
                self.candidates.push(child);
                self.candidate_ids.push(*place - 1);
                *place = 0;
            }
            child = c.next_sibling;
        }
        let found = self.candidates.len();
        if found < self.ids.len() {
            let uniform = 1.0 / self.ids.len() as f32;
            for k in 0..self.ids.len() {
                let id = self.ids[k].0;
                if self.position[id as usize] != 0 {
                    self.position[id as usize] = 0;
                    let index = self.nodes.len() as u32;
                    let parent = &mut self.nodes[node as usize];
                    let sibling = parent.first_child;
                    parent.first_child = index;
                    self.nodes
                        .push(Node::new(id, mover, node, sibling, uniform));
                    self.candidates.push(index);
                    self.candidate_ids.push(k as u32);
                }
            }
        }
        let k = self.select(node, self.candidates.iter().copied());
        let best = self.candidates[k];
        let action = self.ids[self.candidate_ids[k] as usize].1;
        if self.fixed_ids {
            // The node's child list now starts with the children just added, the last
            // added first, and goes on with the ones there before.
            let start = self.listed.len() as u32;
            self.listed.extend_from_slice(&self.scratch);
            let (n, added) = (self.candidates.len(), self.candidates.len() - found);
            let first = self.choices.len() as u32;
            for i in 0..n {
                let j = if i < added { n - 1 - i } else { i - added };
                let id = self.candidate_ids[j] as usize;
                self.choices.push((self.candidates[j], self.ids[id].1));
            }
            let parent = &mut self.nodes[node as usize];
            self.listings.push(Listing {
                listed: (start, self.scratch.len() as u32),
                choices: (first, n as u32),
                next: parent.listing,
            });
            parent.listing = self.listings.len() as u32 - 1;
        }
        (best, action)
    }

    /// The position in `candidates` (children of `node` legal in this determinization, none
    /// missing) of the one maximising `Q + c * P * sqrt(N) / (1 + n)` (the first on ties).
    fn select(&self, node: u32, candidates: impl Iterator<Item = u32> + Clone) -> usize {
        let mut parent_visits = 0u32;
        for c in candidates.clone() {
            parent_visits += self.nodes[c as usize].visits;
        }
        let net_value = f64::from(self.nodes[node as usize].value_to_move);
        let fpu = match self.config.fpu {
            Fpu::Net => net_value,
            Fpu::Mean if parent_visits > 0 => {
                // Summed only here: a chain of dependent additions per child.
                let mut parent_total = 0.0;
                for c in candidates.clone() {
                    parent_total += self.nodes[c as usize].total;
                }
                parent_total / f64::from(parent_visits)
            }
            Fpu::Mean => net_value,
            Fpu::Value(v) => v,
        };
        let sqrt_n = f64::from(parent_visits.max(1)).sqrt();
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        for (k, c) in candidates.enumerate() {
            let n = &self.nodes[c as usize];
            let q = if n.visits > 0 { n.mean } else { fpu };
            let score =
                q + self.config.c * f64::from(n.prior) * sqrt_n / (1.0 + f64::from(n.visits));
            if score > best_score {
                best_score = score;
                best = k;
            }
        }
        best
    }

    /// Runs the search for the player to move and returns the action it chose, or `None` for
    /// a forced move. [`GuidedMcts::root_visits`] then gives the visits of the root's
    /// children by id (with `reuse`, those kept from the last search included).
    pub fn search(&mut self, state: &G) -> Option<G::Action> {
        let started = Instant::now();
        let seat = state.current_player();
        let players = state.num_players();
        legal_by_id(state, &mut self.scratch, &mut self.root_ids);
        self.root_options_known = state.mover_options_are_known();
        assert!(
            !self.root_ids.is_empty(),
            "GuidedMcts asked to move in a finished game"
        );
        let previous_visits = self.nodes.first().map_or(0, |root| root.visits);
        let kept = if self.config.reuse {
            self.follow(state)
        } else {
            None
        };
        self.listings.clear();
        self.listed.clear();
        self.choices.clear();
        self.fixed_ids = state.action_ids_are_fixed();
        self.last_iterations = 0;
        self.last_evaluations = 0;
        self.last_kept = (0, previous_visits);
        match kept {
            Some(node) => {
                self.reroot(node);
                self.last_kept.0 = self.nodes[0].visits;
            }
            None => self.nodes.clear(),
        }
        if self.root_ids.len() == 1 {
            // A forced move: a kept tree goes on to the next move unsearched.
            let action = self.root_ids[0].1;
            if self.config.reuse && !self.nodes.is_empty() {
                self.kept = Some((state.clone(), action));
            }
            return None;
        }
        if self.nodes.is_empty() {
            self.nodes.push(Node::new(0, seat, NONE, NONE, 1.0));
        }
        // The root's evaluation reads only the mover's observation: ask once, on the true
        // state, then mix in the self-play noise. A kept root gets its priors again: its
        // children's were read in a determinization, which may have revealed other cards.
        let mut values = [0.0; MAX_PLAYERS];
        self.ids.clone_from(&self.root_ids);
        let t = self.config.temperature as f32;
        self.eval
            .evaluate(state, &self.ids, t, &mut self.priors, &mut values);
        self.last_evaluations = 1;
        if let Some((alpha, weight)) = self.config.root_noise {
            let noise = dirichlet(alpha, self.priors.len(), &mut self.rng);
            for (p, n) in self.priors.iter_mut().zip(noise) {
                *p = ((1.0 - weight) * f64::from(*p) + weight * n) as f32;
            }
        }
        if self.nodes[0].first_child == NONE {
            self.expand(0, seat, &values[..players]);
        } else {
            self.refresh_root(seat, &values[..players]);
        }
        if self.root_options_known {
            // Every iteration's determinization lists the root's options: its children of
            // those ids (all of them in a fresh tree).
            let mut child = self.nodes[0].first_child;
            while child != NONE {
                if let Ok(k) = self
                    .root_ids
                    .binary_search_by_key(&self.nodes[child as usize].id, |&(id, _)| id)
                {
                    self.choices.push((child, self.root_ids[k].1));
                }
                child = self.nodes[child as usize].next_sibling;
            }
            self.listings.push(Listing {
                listed: (0, 0),
                choices: (0, self.choices.len() as u32),
                next: NONE,
            });
            self.nodes[0].listing = 0;
        }
        let (max_iterations, deadline) = match self.config.budget {
            Budget::Iterations(n) => (n.max(1), None),
            Budget::TimeMs(ms) => (u32::MAX - 1, Some(started + Duration::from_millis(ms))),
        };
        let mut done = 0;
        while done < max_iterations {
            if done > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.iterate(state, seat, players);
            done += 1;
        }
        self.last_iterations = done;
        // The most visited child legal in the true state (ties: the higher prior).
        let mut best: Option<(u32, f32, u32)> = None;
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let n = &self.nodes[child as usize];
            if self
                .root_ids
                .binary_search_by_key(&n.id, |&(id, _)| id)
                .is_ok()
                && best.is_none_or(|(v, p, _)| n.visits > v || (n.visits == v && n.prior > p))
            {
                best = Some((n.visits, n.prior, n.id));
            }
            child = n.next_sibling;
        }
        let id = best.map_or(self.root_ids[0].0, |(_, _, id)| id);
        let k = self
            .root_ids
            .binary_search_by_key(&id, |&(id, _)| id)
            .expect("checked legal");
        let action = self.root_ids[k].1;
        if self.config.reuse {
            self.kept = Some((state.clone(), action));
        }
        Some(action)
    }

    /// Gives a kept root the priors and value just read on the true state: its children of
    /// the legal ids take their new priors, and the legal ids it has no child for join
    /// (before the others, as a descent adds them).
    fn refresh_root(&mut self, seat: usize, values: &[f64]) {
        if self.position.is_empty() {
            self.position.resize(self.eval.network().action_space(), 0);
        }
        for (k, &(id, _)) in self.ids.iter().enumerate() {
            self.position[id as usize] = k as u32 + 1;
        }
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let n = &mut self.nodes[child as usize];
            let place = &mut self.position[n.id as usize];
            if *place != 0 {
                n.prior = self.priors[*place as usize - 1];
                *place = 0;
            }
            child = n.next_sibling;
        }
        for k in 0..self.ids.len() {
            let id = self.ids[k].0;
            if self.position[id as usize] != 0 {
                self.position[id as usize] = 0;
                let index = self.nodes.len() as u32;
                let sibling = self.nodes[0].first_child;
                self.nodes
                    .push(Node::new(id, seat, 0, sibling, self.priors[k]));
                self.nodes[0].first_child = index;
            }
        }
        let root = &mut self.nodes[0];
        root.expanded = true;
        root.value_to_move = values[seat] as f32;
    }
}

impl<G: Game> Bot<G> for GuidedMcts<G> {
    fn choose(&mut self, state: &G) -> G::Action {
        match self.search(state) {
            Some(action) => action,
            None => self.root_ids[0].1,
        }
    }

    /// A new bot's generator, and no tree kept (the other buffers hold nothing a search
    /// reads before writing it).
    fn reseed(&mut self, seed: u64) -> bool {
        self.rng = BotRng::seed_from_u64(seed);
        self.kept = None;
        self.nodes.clear();
        true
    }
}

/// A draw from a symmetric Dirichlet distribution of concentration `alpha` over `n` values.
fn dirichlet(alpha: f64, n: usize, rng: &mut BotRng) -> Vec<f64> {
    let mut draws: Vec<f64> = (0..n).map(|_| gamma(alpha, rng)).collect();
    let sum: f64 = draws.iter().sum();
    if sum > 0.0 {
        draws.iter_mut().for_each(|d| *d /= sum);
    } else {
        draws.fill(1.0 / n as f64);
    }
    draws
}

/// A Gamma(`shape`, 1) draw (Marsaglia and Tsang; shapes below 1 by the boost
/// `Gamma(a) = Gamma(a + 1) * U^(1/a)`).
fn gamma(shape: f64, rng: &mut BotRng) -> f64 {
    if shape < 1.0 {
        let u: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
        return gamma(shape + 1.0, rng) * u.powf(1.0 / shape);
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal draw (Box-Muller).
        let (u1, u2): (f64, f64) = (rng.random::<f64>().max(f64::MIN_POSITIVE), rng.random());
        let x = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::onnx::tests::mlp_file;
    use crate::{BotSpec, Game};
    use rand::RngCore;

    /// Take-away: a pile of stones, each player in turn takes 1 to `most` (ids 0 to `most - 1`);
    /// whoever takes the last stone wins. With `most` 2, from 5 stones the winning move is to
    /// take 2. The observation tells every state apart (the pile in binary, the player to move).
    #[derive(Clone, Debug)]
    struct TakeAway {
        pile: u8,
        mover: usize,
        winner: Option<usize>,
        /// The largest take.
        most: u8,
        /// Taking 2 gives the same player another turn (as some Duel Wonders do).
        again: bool,
        /// What `decisions_are_public` answers: a search may keep its tree only when true.
        public: bool,
    }

    #[derive(Debug)]
    struct Refused;
    impl fmt::Display for Refused {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("refused")
        }
    }
    impl std::error::Error for Refused {}

    impl Game for TakeAway {
        type Action = u8;
        type Error = Refused;
        fn num_players(&self) -> usize {
            2
        }
        fn current_player(&self) -> usize {
            self.mover
        }
        fn legal_actions(&self, out: &mut Vec<u8>) {
            out.clear();
            if self.winner.is_none() {
                out.extend((1..=self.most).filter(|&t| t <= self.pile));
            }
        }
        fn apply(&mut self, take: u8) -> Result<(), Refused> {
            if self.winner.is_some() || !(1..=self.most).contains(&take) || take > self.pile {
                return Err(Refused);
            }
            self.pile -= take;
            if self.pile == 0 {
                self.winner = Some(self.mover);
            }
            if !(self.again && take == 2) {
                self.mover = 1 - self.mover;
            }
            Ok(())
        }
        fn is_terminal(&self) -> bool {
            self.winner.is_some()
        }
        fn returns(&self, out: &mut [f64]) {
            out[..2].fill(0.0);
            if let Some(w) = self.winner {
                out[w] = 1.0;
            }
        }
        fn scores(&self, out: &mut [i32]) {
            out[..2].fill(0);
        }
        fn evaluate(&self, out: &mut [f64]) {
            out[..2].fill(0.5);
        }
        fn determinize(&self, _observer: usize, _rng: &mut dyn RngCore) -> Self {
            self.clone()
        }
        fn encoding(&self) -> Option<Encoding> {
            Some(Encoding {
                game: "take-away",
                observation_len: 6,
                action_space: usize::from(self.most),
            })
        }
        fn observe(&self, _seat: usize, out: &mut [f32]) {
            for (bit, v) in out[..5].iter_mut().enumerate() {
                *v = f32::from(self.pile >> bit & 1);
            }
            out[5] = self.mover as f32;
        }
        fn encoded_action(&self, take: u8) -> (usize, u32) {
            (usize::from(take - 1), 0)
        }
        fn action_ids_are_fixed(&self) -> bool {
            true
        }
        fn mover_options_are_known(&self) -> bool {
            self.public
        }
        fn decisions_are_public(&self) -> bool {
            self.public
        }
    }

    fn start() -> TakeAway {
        TakeAway {
            pile: 5,
            mover: 0,
            winner: None,
            most: 2,
            again: false,
            public: false,
        }
    }

    /// Subtraction, the take-away game of takes 1 to 3 whose decisions are public: the
    /// reuse tests' game.
    fn subtract(pile: u8) -> TakeAway {
        TakeAway {
            pile,
            most: 3,
            public: true,
            ..start()
        }
    }

    /// Writes a model file of the given shape and returns its path.
    fn model(name: &str, obs: usize, actions: usize, players: usize, game: &str) -> String {
        let dir = std::env::temp_dir().join(format!("wonders-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let meta = [("wonders.game", game), ("wonders.options", "test")];
        std::fs::write(&path, mlp_file(obs, 8, actions, players, &meta)).unwrap();
        path.to_string_lossy().into_owned()
    }

    /// Cards by value (0-5) in a face-up row of three and a face-down deck; each player in
    /// turn takes a card of the row by value (the lowest slot stands for its value) and the
    /// deck's top card takes its place. Nine turns; the higher total wins. Determinizations
    /// shuffle the deck, so the lists below the root differ by the cards they reveal.
    #[derive(Clone, Debug)]
    struct Reveal {
        row: Vec<u8>,
        deck: Vec<u8>,
        totals: [u32; 2],
        turn: usize,
        /// What `action_ids_are_fixed` answers (true is right: ids read the value alone).
        fixed: bool,
    }

    /// The Reveal deal of `seed`: a row of 3 cards and a deck of 11, values 0 to 5.
    fn reveal(seed: u64, fixed: bool) -> Reveal {
        let mut rng = BotRng::seed_from_u64(seed);
        let mut row: Vec<u8> = (0..14).map(|_| rng.random_range(0..6)).collect();
        let deck = row.split_off(3);
        Reveal {
            row,
            deck,
            totals: [0; 2],
            turn: 0,
            fixed,
        }
    }

    impl Game for Reveal {
        /// `(slot, value)`.
        type Action = (u8, u8);
        type Error = Refused;
        fn num_players(&self) -> usize {
            2
        }
        fn current_player(&self) -> usize {
            self.turn % 2
        }
        fn legal_actions(&self, out: &mut Vec<(u8, u8)>) {
            out.clear();
            if !self.is_terminal() {
                out.extend(self.row.iter().enumerate().map(|(i, &v)| (i as u8, v)));
            }
        }
        fn apply(&mut self, (slot, value): (u8, u8)) -> Result<(), Refused> {
            if self.is_terminal() || self.row.get(slot as usize) != Some(&value) {
                return Err(Refused);
            }
            self.totals[self.turn % 2] += u32::from(value);
            match self.deck.pop() {
                Some(card) => self.row[slot as usize] = card,
                None => {
                    self.row.remove(slot as usize);
                }
            }
            self.turn += 1;
            Ok(())
        }
        fn is_terminal(&self) -> bool {
            self.turn == 9 || self.row.is_empty()
        }
        fn returns(&self, out: &mut [f64]) {
            let [a, b] = self.totals;
            out[0] = if a > b {
                1.0
            } else if a == b {
                0.5
            } else {
                0.0
            };
            out[1] = 1.0 - out[0];
        }
        fn scores(&self, out: &mut [i32]) {
            out[0] = self.totals[0] as i32;
            out[1] = self.totals[1] as i32;
        }
        fn evaluate(&self, out: &mut [f64]) {
            self.returns(out);
        }
        fn determinize(&self, _observer: usize, rng: &mut dyn RngCore) -> Self {
            let mut det = self.clone();
            for i in (1..det.deck.len()).rev() {
                let j = rng.next_u32() as usize % (i + 1);
                det.deck.swap(i, j);
            }
            det
        }
        fn mover_options_are_known(&self) -> bool {
            true
        }
        fn action_ids_are_fixed(&self) -> bool {
            self.fixed
        }
        fn decisions_are_public(&self) -> bool {
            true
        }
        fn encoding(&self) -> Option<Encoding> {
            Some(Encoding {
                game: "reveal",
                observation_len: 6,
                action_space: 6,
            })
        }
        fn observe(&self, _seat: usize, out: &mut [f32]) {
            out[..6].fill(0.0);
            for &v in &self.row {
                out[usize::from(v)] += 1.0;
            }
        }
        fn encoded_action(&self, (slot, value): (u8, u8)) -> (usize, u32) {
            (usize::from(value), u32::from(slot))
        }
    }

    #[test]
    fn reused_listings_search_exactly_as_listing_every_time() {
        // The same searches with and without listings kept (`action_ids_are_fixed`): the same
        // visits, evaluations and moves, over whole games whose determinizations reveal
        // different cards.
        let path = model("reveal.onnx", 6, 6, 2, "reveal");
        let net = Arc::new(Network::load(&path).unwrap());
        for (mix, fpu) in [(1.0, Fpu::Net), (0.5, Fpu::Mean), (1.0, Fpu::Value(1.0))] {
            let config = GuidedConfig {
                budget: Budget::Iterations(600),
                mix,
                fpu,
                ask_after: 1,
                ..GuidedConfig::default()
            };
            for seed in 0..4u64 {
                let mut games = [true, false].map(|fixed| reveal(seed, fixed));
                let mut searches =
                    [0, 1].map(|_| GuidedMcts::<Reveal>::new(net.clone(), config, seed));
                while !games[0].is_terminal() {
                    let kept = searches[0].choose(&games[0]);
                    let listed = searches[1].choose(&games[1]);
                    assert_eq!(kept, listed, "{mix} {fpu:?} seed {seed}");
                    assert_eq!(searches[0].root_visits(), searches[1].root_visits());
                    assert_eq!(
                        searches[0].last_evaluations(),
                        searches[1].last_evaluations()
                    );
                    for game in &mut games {
                        game.apply(kept).unwrap();
                    }
                }
            }
        }
    }

    impl<G: Game> GuidedMcts<G> {
        /// The children of `node`: `(node, action id, visits, expanded)`, in list order.
        fn children(&self, node: u32) -> Vec<(u32, u32, u32, bool)> {
            let mut out = Vec::new();
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let n = &self.nodes[child as usize];
                out.push((child, n.id, n.visits, n.expanded));
                child = n.next_sibling;
            }
            out
        }
    }

    fn reusing(iterations: u32, reuse: bool) -> GuidedConfig {
        GuidedConfig {
            budget: Budget::Iterations(iterations),
            reuse,
            ..GuidedConfig::default()
        }
    }

    #[test]
    fn after_the_reply_the_search_starts_from_the_subtree_it_kept() {
        let net = Arc::new(Network::load(&model("keep.onnx", 6, 3, 2, "take-away")).unwrap());
        for seed in 0..3 {
            let mut search = GuidedMcts::<TakeAway>::new(net.clone(), reusing(2000, true), seed);
            let mut state = subtract(21);
            let ours = search.choose(&state);
            assert_eq!(search.last_kept(), (0, 0));
            // The other seat's reply: the one the tree visited most under our move.
            let (ours_node, ..) = search
                .children(0)
                .into_iter()
                .find(|c| c.1 == u32::from(ours - 1))
                .unwrap();
            let (reply_node, reply, visits, expanded) = search
                .children(ours_node)
                .into_iter()
                .max_by_key(|c| c.2)
                .unwrap();
            assert!(expanded && visits > 0);
            let grandchildren = search.children(reply_node);
            state.apply(ours).unwrap();
            state.apply(reply as u8 + 1).unwrap();
            search.choose(&state);
            // The new root is the old grandchild, with its visits, and 2,000 new iterations.
            assert_eq!(search.last_kept(), (visits, 2000), "seed {seed}");
            assert_eq!(search.last_iterations(), 2000);
            assert_eq!(search.nodes[0].visits, visits + 2000);
            let now = search.children(0);
            assert_eq!(now.len(), grandchildren.len());
            for ((_, id, before, _), (_, again, after, _)) in grandchildren.iter().zip(&now) {
                assert_eq!(id, again);
                assert!(after >= before);
            }
            // Without the key, the same moves give a fresh tree.
            let mut fresh = GuidedMcts::<TakeAway>::new(net.clone(), reusing(2000, false), seed);
            fresh.choose(&subtract(21));
            fresh.choose(&state);
            assert_eq!(fresh.last_kept(), (0, 2000));
            assert_eq!(fresh.nodes[0].visits, 2000);
        }
    }

    #[test]
    fn a_state_the_tree_does_not_hold_gives_a_fresh_tree() {
        let net = Arc::new(Network::load(&model("fresh.onnx", 6, 3, 2, "take-away")).unwrap());
        // Another game.
        let mut search = GuidedMcts::<TakeAway>::new(net.clone(), reusing(300, true), 1);
        search.choose(&subtract(21));
        search.choose(&subtract(30));
        assert_eq!(search.last_kept(), (0, 300));
        assert_eq!(search.nodes[0].visits, 300);
        // A reply the small tree never expanded.
        let mut search = GuidedMcts::<TakeAway>::new(net.clone(), reusing(12, true), 1);
        let mut state = subtract(21);
        let ours = search.choose(&state);
        let (ours_node, ..) = search
            .children(0)
            .into_iter()
            .find(|c| c.1 == u32::from(ours - 1))
            .unwrap();
        let replies = search.children(ours_node);
        let reply = (0..3)
            .find(|&id| !replies.iter().any(|c| c.1 == id && c.3))
            .expect("a reply not expanded");
        state.apply(ours).unwrap();
        state.apply(reply as u8 + 1).unwrap();
        search.choose(&state);
        assert_eq!(search.last_kept().0, 0);
        assert_eq!(search.nodes[0].visits, 12);
        // A game whose decisions are not public (take-away with `public` false): never kept.
        let net = Arc::new(Network::load(&model("hidden.onnx", 6, 2, 2, "take-away")).unwrap());
        let mut search = GuidedMcts::<TakeAway>::new(net, reusing(400, true), 1);
        let mut game = TakeAway {
            pile: 12,
            ..start()
        };
        while !game.is_terminal() {
            let a = search.choose(&game);
            assert_eq!(search.last_kept().0, 0);
            game.apply(a).unwrap();
        }
    }

    #[test]
    fn a_reseeded_search_keeps_nothing_and_plays_as_a_new_one() {
        let net = Arc::new(Network::load(&model("reseed.onnx", 6, 3, 2, "take-away")).unwrap());
        let mut search = GuidedMcts::<TakeAway>::new(net.clone(), reusing(500, true), 1);
        let mut state = subtract(21);
        let ours = search.choose(&state);
        state.apply(ours).unwrap();
        state.apply(1).unwrap();
        assert!(search.reseed(8));
        let mut new = GuidedMcts::<TakeAway>::new(net, reusing(500, true), 8);
        assert_eq!(search.choose(&state), new.choose(&state));
        assert_eq!(search.last_kept().0, 0);
        assert_eq!(search.root_visits(), new.root_visits());
    }

    #[test]
    fn kept_trees_play_whole_games_with_reveals() {
        // Reveals change the legal lists below the root, so a kept tree holds children of
        // ids the true state does not list and lacks some it does; the debug checks of the
        // listings run at every step. Both seats keep their trees.
        let net = Arc::new(Network::load(&model("revealkeep.onnx", 6, 6, 2, "reveal")).unwrap());
        let mut kept = 0;
        for seed in 0..4u64 {
            let mut game = reveal(seed, true);
            let mut searches = [0, 1]
                .map(|s| GuidedMcts::<Reveal>::new(net.clone(), reusing(400, true), seed + s));
            while !game.is_terminal() {
                let search = &mut searches[game.current_player()];
                let action = search.choose(&game);
                kept += u32::from(search.last_kept().0 > 0);
                // A forced move searches nothing and passes the kept tree on.
                let new = search.last_iterations();
                assert!(new == 400 || new == 0);
                if let Some(root) = search.nodes.first() {
                    assert_eq!(root.visits, search.last_kept().0 + new);
                }
                game.apply(action).unwrap();
            }
        }
        assert!(kept >= 8, "{kept} moves kept a tree");
    }

    #[test]
    fn specs_load_the_model_and_round_trip() {
        let path = model("ok.onnx", 6, 2, 2, "take-away");
        let net = BotSpec::parse(&format!("net:model={path}")).unwrap();
        assert_eq!(net.to_string(), format!("net:model={path}"));
        let hot = BotSpec::parse(&format!("net:temperature=0.5,model={path}")).unwrap();
        assert_eq!(hot.to_string(), format!("net:model={path},temperature=0.5"));
        let guided =
            BotSpec::parse(&format!("mcts:iterations=50,model={path},eval=net,c=2")).unwrap();
        let text = format!("mcts:eval=net,model={path},iterations=50,c=2");
        assert_eq!(guided.to_string(), text);
        assert_eq!(BotSpec::parse(&text).unwrap(), guided);
        assert_eq!(
            BotSpec::parse("mcts:eval=rollout,iterations=5").unwrap(),
            BotSpec::parse("mcts:iterations=5").unwrap()
        );
        let list = BotSpec::parse_list(&format!("net:model={path},greedy")).unwrap();
        assert_eq!(list.len(), 2);
        for spec in [net, hot, guided] {
            spec.check(&start()).unwrap();
            let mut bot = spec.build::<TakeAway>(3);
            let mut game = start();
            while !game.is_terminal() {
                let a = bot.choose(&game);
                game.apply(a).unwrap();
            }
        }
    }

    #[test]
    fn bad_models_and_keys_are_refused_with_the_reason() {
        let dir = std::env::temp_dir().join(format!("wonders-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let corrupt = dir.join("corrupt.onnx");
        std::fs::write(&corrupt, b"\x08\x07\x3a\xff\xff\x01garbage").unwrap();
        let corrupt = corrupt.to_string_lossy().into_owned();
        let cases = [
            (
                format!("net:model={corrupt}"),
                "is not a network the bots can run",
            ),
            ("net:model=/no/such/file.onnx".into(), "cannot read model"),
            ("net".into(), "needs `model=PATH`"),
            ("mcts:eval=net".into(), "`eval=net` needs `model=PATH`"),
            ("net:model=x,depth=3".into(), "unknown parameter `depth`"),
        ];
        for (spec, part) in cases {
            let e = BotSpec::parse(&spec).unwrap_err().to_string();
            assert!(e.contains(part), "`{spec}` gave `{e}`");
        }
        let path = model("ok2.onnx", 6, 2, 2, "take-away");
        let e = BotSpec::parse(&format!("mcts:eval=net,model={path},rollout=greedy"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("does not apply with `eval=net`"), "{e}");
        // Models of another shape or game: refused by the check, with the difference named.
        let cases = [
            (
                model("obs.onnx", 7, 2, 2, "take-away"),
                "observations of 7 features",
            ),
            (
                model("ids.onnx", 6, 3, 2, "take-away"),
                "scores 3 action ids",
            ),
            (model("seats.onnx", 6, 2, 3, "take-away"), "values 3 seats"),
            (
                model("game.onnx", 6, 2, 2, "duel"),
                "trained for `duel` (test)",
            ),
        ];
        for (path, part) in cases {
            for spec in [
                format!("net:model={path}"),
                format!("mcts:eval=net,model={path}"),
            ] {
                let spec = BotSpec::parse(&spec).unwrap();
                let e = spec.check(&start()).unwrap_err().to_string();
                assert!(e.contains(part), "{e}");
            }
        }
    }

    #[test]
    fn guided_search_finds_the_winning_move_from_its_returns() {
        // An untrained network: the search must still find the win from the terminal returns.
        let path = model("plain.onnx", 6, 2, 2, "take-away");
        let net = Arc::new(Network::load(&path).unwrap());
        let config = GuidedConfig {
            budget: Budget::Iterations(400),
            ..GuidedConfig::default()
        };
        for seed in 0..5 {
            let mut search = GuidedMcts::<TakeAway>::new(net.clone(), config, seed);
            assert_eq!(search.choose(&start()), 2, "seed {seed}");
            assert_eq!(search.last_iterations(), 400);
            let visits: u32 = search.root_visits().iter().map(|v| v.1).sum();
            assert_eq!(visits, 400);
        }
    }

    #[test]
    fn rollout_values_find_the_win_and_ask_the_network_only_for_priors() {
        let path = model("mix.onnx", 6, 2, 2, "take-away");
        let net = Arc::new(Network::load(&path).unwrap());
        for mix in [1.0, 0.5] {
            let config = GuidedConfig {
                budget: Budget::Iterations(400),
                mix,
                ..GuidedConfig::default()
            };
            let mut search = GuidedMcts::<TakeAway>::new(net.clone(), config, 7);
            assert_eq!(search.choose(&start()), 2, "mix {mix}");
            let evaluations = search.last_evaluations();
            if mix == 1.0 {
                // A node is expanded after DEFAULT_ASK_AFTER rollouts: at most one evaluation
                // for every DEFAULT_ASK_AFTER + 1 iterations through it, the root's on top.
                assert!(
                    evaluations <= 400 / (DEFAULT_ASK_AFTER + 1) + 1,
                    "{evaluations} evaluations"
                );
            } else {
                // The network values every new leaf (a pile of 5 has few positions: the
                // leaves run out, and the later iterations end at terminal states).
                assert!(evaluations > 1, "{evaluations} evaluations");
            }
        }
    }

    #[test]
    fn an_expanded_nodes_value_counts_as_value_visits_and_replaces_its_rollout() {
        let path = model("value-visits.onnx", 6, 2, 2, "take-away");
        let net = Arc::new(Network::load(&path).unwrap());
        for value_visits in [0, 1, 3] {
            let config = GuidedConfig {
                budget: Budget::Iterations(400),
                value_visits,
                ..GuidedConfig::default()
            };
            let mut search = GuidedMcts::<TakeAway>::new(net.clone(), config, 7);
            assert_eq!(search.choose(&start()), 2, "value_visits {value_visits}");
            let visits: u32 = search.root_visits().iter().map(|v| v.1).sum();
            // The root's own evaluation is made before the iterations and backs nothing up;
            // every other one ends its iteration with `value_visits` visits instead of one.
            let expansions = search.last_evaluations() - 1;
            assert!(expansions > 0);
            if value_visits == 0 {
                assert_eq!(visits, 400);
            } else {
                assert_eq!(
                    visits,
                    400 + (value_visits - 1) * expansions,
                    "{value_visits}"
                );
            }
        }
    }

    #[test]
    fn a_move_that_gives_another_turn_backs_up_the_right_seats_value() {
        // Taking 2 keeps the turn: from 3 stones, taking 2 then 1 wins, taking 1 hands the
        // other seat 2 stones and the game. A search that took turns to alternate would
        // credit the second move to the other seat and take 1.
        let path = model("again.onnx", 6, 2, 2, "take-away");
        let net = Arc::new(Network::load(&path).unwrap());
        let state = TakeAway {
            pile: 3,
            again: true,
            ..start()
        };
        for mix in [0.0, 1.0] {
            let config = GuidedConfig {
                budget: Budget::Iterations(300),
                mix,
                ..GuidedConfig::default()
            };
            for seed in 0..3 {
                let mut search = GuidedMcts::<TakeAway>::new(net.clone(), config, seed);
                assert_eq!(search.choose(&state), 2, "mix {mix}, seed {seed}");
            }
        }
    }

    #[test]
    fn the_mix_key_round_trips_and_is_checked() {
        let path = model("mixspec.onnx", 6, 2, 2, "take-away");
        let spec = BotSpec::parse(&format!("mcts:eval=net,model={path},mix=0.25")).unwrap();
        assert_eq!(
            spec.to_string(),
            format!("mcts:eval=net,model={path},mix=0.25")
        );
        let default = BotSpec::parse(&format!("mcts:eval=net,model={path},mix=1")).unwrap();
        assert_eq!(default.to_string(), format!("mcts:eval=net,model={path}"));
        for bad in ["2", "-0.5", "x", "NaN"] {
            let e = BotSpec::parse(&format!("mcts:eval=net,model={path},mix={bad}"))
                .unwrap_err()
                .to_string();
            assert!(
                e.contains(&format!("`mix={bad}`")) && e.contains("from 0"),
                "{e}"
            );
        }
    }

    #[test]
    fn prior_temperature_first_play_urgency_and_ask_after_round_trip_and_are_checked() {
        let path = model("fpuspec.onnx", 6, 2, 2, "take-away");
        for (given, shown) in [
            ("temperature=2,fpu=mean", "temperature=2,fpu=mean"),
            ("fpu=0.5,ask_after=0", "ask_after=0,fpu=0.5"),
            ("temperature=1,fpu=net", ""),
        ] {
            let spec = BotSpec::parse(&format!("mcts:eval=net,model={path},{given}")).unwrap();
            let mut want = format!("mcts:eval=net,model={path}");
            if !shown.is_empty() {
                want = format!("{want},{shown}");
            }
            assert_eq!(spec.to_string(), want, "{given}");
        }
        for (bad, part) in [
            ("temperature=0", "> 0"),
            ("temperature=-1", "> 0"),
            ("temperature=inf", "> 0"),
            ("fpu=2", "`net`"),
            ("fpu=high", "`mean`"),
            ("ask_after=-1", "whole number"),
            ("reuse=yes", "`on`"),
        ] {
            let e = BotSpec::parse(&format!("mcts:eval=net,model={path},{bad}"))
                .unwrap_err()
                .to_string();
            assert!(e.contains(&format!("`{bad}`")) && e.contains(part), "{e}");
        }
    }

    #[test]
    fn the_reuse_and_value_visits_keys_round_trip_and_bad_ones_are_refused() {
        let path = model("reusespec.onnx", 6, 2, 2, "take-away");
        let base = format!("mcts:eval=net,model={path}");
        let (default, other) = if DEFAULT_REUSE {
            ("on", "off")
        } else {
            ("off", "on")
        };
        let spec = BotSpec::parse(&format!("{base},reuse={other},iterations=9")).unwrap();
        assert_eq!(
            spec.to_string(),
            format!("{base},iterations=9,reuse={other}")
        );
        let BotSpec::GuidedMcts(_, config) = &spec else {
            panic!("{spec}")
        };
        assert_eq!(config.reuse, !DEFAULT_REUSE);
        let spec = BotSpec::parse(&format!("{base},reuse={default}")).unwrap();
        assert_eq!(spec.to_string(), base);
        let e = BotSpec::parse(&format!("{base},reuze=on"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown parameter `reuze`")
                && e.contains("did you mean `reuse`?")
                && e.contains("ask_after, value_visits, reuse"),
            "{e}"
        );
        let spec = BotSpec::parse(&format!("{base},value_visits=4")).unwrap();
        assert_eq!(spec.to_string(), format!("{base},value_visits=4"));
        let BotSpec::GuidedMcts(_, config) = &spec else {
            panic!("{spec}")
        };
        assert_eq!(config.value_visits, 4);
        let e = BotSpec::parse(&format!("{base},value_visits=-1"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("`value_visits=-1`: expected the visits"), "{e}");
        let e = BotSpec::parse(&format!("{base},mix=0.5,value_visits=4"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("`value_visits=4` needs `mix=1`"), "{e}");
        assert!(BotSpec::parse(&format!("{base},mix=0.5,value_visits=0")).is_ok());
    }

    #[test]
    fn every_first_play_urgency_and_temperature_still_finds_the_win() {
        let path = model("fpuplay.onnx", 6, 2, 2, "take-away");
        let net = Arc::new(Network::load(&path).unwrap());
        for fpu in [Fpu::Net, Fpu::Mean, Fpu::Value(0.0), Fpu::Value(1.0)] {
            for temperature in [1.0, 2.0] {
                let config = GuidedConfig {
                    budget: Budget::Iterations(400),
                    fpu,
                    temperature,
                    ..GuidedConfig::default()
                };
                for seed in 0..3 {
                    let mut search = GuidedMcts::<TakeAway>::new(net.clone(), config, seed);
                    assert_eq!(search.choose(&start()), 2, "{fpu:?} {temperature} {seed}");
                }
            }
        }
    }

    #[test]
    fn self_play_rows_hold_visit_shares_and_returns_from_the_mover() {
        let path = model("sp.onnx", 6, 2, 2, "take-away");
        let net = Arc::new(Network::load(&path).unwrap());
        for network in [None, Some(net)] {
            let config = crate::selfplay::SelfPlayConfig {
                network,
                ..Default::default()
            };
            let rows = crate::selfplay::self_play(start(), &config, 9);
            assert!(!rows.is_empty());
            for row in &rows {
                let total: f32 = row.policy.iter().map(|p| p.1).sum();
                assert!((total - 1.0).abs() < 1e-5);
                assert_eq!(row.value.iter().sum::<f32>(), 1.0);
                assert_eq!(row.legal.len(), row.policy.len());
            }
            // Consecutive rows alternate movers, so their values are mirrored.
            for pair in rows.windows(2) {
                assert_eq!(pair[0].value[0], pair[1].value[1]);
            }
        }
    }

    #[test]
    fn without_reuse_the_search_plays_as_before_it_could_keep_trees() {
        // Whole games of Reveal, both seats searching, every move's choice and root visits
        // folded into one number: the value the search gave before `reuse` existed.
        let net = Arc::new(Network::load(&model("golden.onnx", 6, 6, 2, "reveal")).unwrap());
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut fold = |v: u64| {
            hash ^= v;
            hash = hash.wrapping_mul(0x100_0000_01b3);
        };
        for seed in 0..4u64 {
            let mut game = reveal(seed, true);
            let config = GuidedConfig {
                budget: Budget::Iterations(300),
                reuse: false,
                ..GuidedConfig::default()
            };
            let mut searches =
                [0, 1].map(|s| GuidedMcts::<Reveal>::new(net.clone(), config, seed + s));
            while !game.is_terminal() {
                let search = &mut searches[game.current_player()];
                let action = search.choose(&game);
                fold(u64::from(action.0) << 8 | u64::from(action.1));
                for (id, visits) in search.root_visits() {
                    fold(u64::from(id) << 32 | u64::from(visits));
                }
                fold(u64::from(search.last_evaluations()));
                game.apply(action).unwrap();
            }
        }
        assert_eq!(hash, 0xeee0_6cbb_331f_f263);
    }
}
