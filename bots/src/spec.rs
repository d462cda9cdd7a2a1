//! Bot specifications as written on the command line.
//!
//! Syntax: a bot name, optionally followed by `:` and comma-separated `key=value` parameters,
//! in any order, each at most once:
//!
//! - `random` — uniformly random legal actions; no parameters.
//! - `greedy[:determinizations=K,simultaneous=S]` — one-ply look-ahead on the engine's
//!   evaluation, averaged over `K >= 1` determinizations (default: the game's own,
//!   [`Game::default_determinizations`]). `simultaneous=decoupled`
//!   (the default) values a choice of a simultaneous turn without the others' choices of the
//!   turn; `sequential` keeps the old behaviour (see [`Simultaneous`]).
//! - `mcts[:params]` — single-observer information-set MCTS. Parameters:
//!   - `iterations=N`: iterations per move, N at least 1 (default 1000); or
//!   - `time_ms=T`: milliseconds per move instead, T at least 1 (wall clock: not reproducible);
//!   - `c=X`: UCB exploration constant, finite and not negative (default 0.7, and 0.1 in the
//!     decoupled search of a simultaneous turn: see [`crate::mcts::DEFAULT_DECOUPLED_C`]);
//!   - `rollout=random|greedy`: rollout policy (default: the game's own, see
//!     [`Game::default_rollout`]: random to the end in Duel and Architects, greedy with a
//!     depth of 4 moves in 7 Wonders, in the decoupled search two whole turns instead, see
//!     [`Game::default_rollout_turns`]);
//!   - `epsilon=E`: random-move chance of greedy rollouts, in [0, 1] (default 0.1; only with
//!     `rollout=greedy`);
//!   - `depth=D|none`: rollout moves after which `evaluate` stands in for the result (default
//!     none: play out to the end; without `rollout=`, the game's own depth unless one is
//!     given); in a decoupled search the cut waits for the end of a simultaneous turn;
//!   - `simultaneous=decoupled|sequential`: `decoupled` (default) searches a simultaneous turn
//!     as one (decoupled UCT: no seat's choice answers another's of the same turn);
//!     `sequential` searches the engine's sequentialized turn, the behaviour before (see
//!     [`Simultaneous`]);
//!   - `end=win|soft`: how a rollout that reaches the end of the game is valued: by who won
//!     (`win`), or by the game's soft returns, the win chances its evaluation gives the final
//!     margins (`soft`; the returns in a game without them). Default: `soft` in the decoupled
//!     search, `win` in the sequential one (see [`End`]).
//! - `mcts-cheat[:params]` — the same search on the true state: it sees hidden information.
//!   For research comparisons only.
//! - `net:model=PATH[,temperature=T]` — a trained network's policy alone (see [`crate::net`]):
//!   the legal action of highest logit, or with `T > 0` one drawn from the softmax of the
//!   logits divided by `T`. The model is read when the spec is parsed, and checked against
//!   the game before the first move.
//! - `mcts:eval=net,model=PATH[,iterations=N|time_ms=T,c=X,mix=M,temperature=PT,fpu=F,ask_after=K,value_visits=V,reuse=R]`
//!   — MCTS guided by the network: its policy as the PUCT prior (`c` default 1.5); a leaf is
//!   valued by a random rollout with weight `M` and by the network's value with weight
//!   `1 - M` (default 1: rollouts alone, the network asked only for priors, once a node has
//!   had `K` rollouts, default 4; 0: its value alone, AlphaZero's way). With `mix=1`,
//!   `value_visits=V` above 0 backs the network's value up as `V` visits in the iteration that
//!   expands a node, in place of that iteration's rollout. `temperature=PT` softens
//!   (> 1) or sharpens (< 1) the priors (default 1); `fpu` is what an unvisited child counts
//!   as: `net` (the network's value, default), `mean` (its visited siblings' mean) or a number
//!   in `[0, 1]`. `reuse=on` keeps the tree between moves where the game's decisions are
//!   public (Duel): the next search starts from the subtree under the moves made since, and
//!   `iterations=N` counts new iterations; `off` builds a fresh tree each move (default: see
//!   [`crate::net::DEFAULT_REUSE`]). `rollout`, `epsilon` and `depth` do not apply.
//!   `eval=rollout` is plain `mcts`.
//!
//! Examples: `mcts:iterations=2000,c=0.7,rollout=greedy`, `mcts:time_ms=200`,
//! `mcts-cheat:iterations=2000,depth=20`.
//!
//! [`BotSpec`]'s `Display` writes the canonical form: parameters in the order above, those at
//! their default value left out. It parses back to an equal spec.

use std::fmt;
use std::str::FromStr;

use std::sync::Arc;

use crate::mcts::{
    Budget, End, MctsConfig, Rollout, Simultaneous, DEFAULT_EPSILON, DEFAULT_ITERATIONS,
};
use crate::net::{
    Fpu, GuidedConfig, GuidedMcts, NetBot, NetConfig, Network, DEFAULT_ASK_AFTER, DEFAULT_MIX,
    DEFAULT_PRIOR_TEMPERATURE, DEFAULT_PUCT_C, DEFAULT_REUSE, DEFAULT_VALUE_VISITS,
};
use crate::{Bot, Game, GreedyBot, MctsBot, RandomBot};

/// A network named by a spec: its path (what the spec shows and compares) and the loaded
/// model, shared by every bot built from the spec.
#[derive(Clone)]
pub struct ModelFile {
    /// The path as written in the spec.
    pub path: String,
    /// The network read from it.
    pub network: Arc<Network>,
}

impl ModelFile {
    /// Reads the model at `path`.
    pub fn load(path: &str) -> Result<Self, String> {
        Ok(ModelFile {
            path: path.to_string(),
            network: Arc::new(Network::load(path)?),
        })
    }
}

impl PartialEq for ModelFile {
    fn eq(&self, other: &Self) -> bool {
        self.path == other.path
    }
}

impl fmt::Debug for ModelFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ModelFile({})", self.path)
    }
}

/// A parsed bot specification: a bot kind and its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniformly random legal actions.
    Random,
    /// One-ply greedy on [`Game::evaluate`] over `determinizations` samples of hidden state.
    Greedy {
        /// Determinizations averaged per move, at least 1; `None`: the game's default
        /// ([`Game::default_determinizations`]).
        determinizations: Option<u32>,
        /// How it treats a simultaneous turn.
        simultaneous: Simultaneous,
    },
    /// Honest single-observer information-set MCTS.
    Mcts(MctsConfig),
    /// MCTS on the true state: **cheats** by seeing hidden information.
    MctsCheat(MctsConfig),
    /// A network's policy alone.
    Net(ModelFile, NetConfig),
    /// MCTS guided by a network's policy and value.
    GuidedMcts(ModelFile, GuidedConfig),
}

/// Why a bot specification was refused; the message lists what is valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

/// The bots and their parameters, one line each, for `--help` texts and documentation. Errors
/// stay one short line: they name only what is valid where the mistake is (the bot kinds, or
/// one bot's parameters).
pub const BOTS_HELP: &str = "random
greedy[:determinizations=K,simultaneous=S]
                                    K >= 1 determinizations per move (default:
                                    the game's own, 1 for most games)
mcts[:iterations=N|time_ms=T,c=X,rollout=random|greedy,epsilon=E,depth=D|none,simultaneous=S,
    end=win|soft]                   defaults: iterations=1000, c=0.7 (0.1 if decoupled), the
                                    game's own rollout
                                    S: decoupled (default: a simultaneous turn searched as
                                    one) or sequential (the old play, seats in turn)
                                    end: a finished rollout valued by who won, or by its
                                    margins (default: soft if decoupled, else win)
mcts-cheat[:same as mcts]           searches the true state (sees hidden information)
net:model=PATH[,temperature=T]      a trained network's policy (ONNX), argmax at temperature 0
mcts:eval=net,model=PATH[,iterations=N|time_ms=T,c=X,mix=M,temperature=PT,fpu=F,ask_after=K,
    value_visits=V,reuse=R]         MCTS guided by the network's prior; leaves valued by
                                    a random rollout (weight M, default 1) and the
                                    network's value (weight 1 - M); PT: the priors'
                                    temperature (default 1); F: an unvisited child's value,
                                    net (default), mean or a number in [0, 1]; K: rollouts
                                    before the network is asked (default 4); V: with
                                    M=1, the visits the network's value counts as when
                                    it expands a node (default 0: none); R: on keeps
                                    the tree between moves where decisions are public
                                    (Duel), N then counting new iterations; off (default)
                                    a fresh tree each move";

/// The bot kinds, as an error lists them.
const KINDS: &str = "random, greedy, mcts, mcts-cheat, net";
/// The parameters of `mcts` and `mcts-cheat`, as an error lists them.
const MCTS_PARAMS: [&str; 8] = [
    "iterations",
    "time_ms",
    "c",
    "rollout",
    "epsilon",
    "depth",
    "simultaneous",
    "end",
];

/// The parameters of `mcts:eval=net`, as an error lists them.
const GUIDED_PARAMS: [&str; 11] = [
    "eval",
    "model",
    "iterations",
    "time_ms",
    "c",
    "mix",
    "temperature",
    "fpu",
    "ask_after",
    "value_visits",
    "reuse",
];

/// The error for a parameter `bot` does not take: it names the parameter and lists `valid`,
/// with a likely typo's correction.
fn unknown_parameter(key: &str, bot: &str, valid: &[&str]) -> String {
    format!(
        "unknown parameter `{}` for bot `{bot}`{} (its parameters: {})",
        cut(key),
        did_you_mean(key, valid),
        valid.join(", ")
    )
}

/// ` (did you mean `x`?)` when one of `valid` is a likely typo of `word` (at most a third of
/// its letters changed, or one is the other's prefix), else nothing.
pub fn did_you_mean(word: &str, valid: &[&str]) -> String {
    let word = word.to_lowercase();
    if word.is_empty() {
        return String::new();
    }
    // A beginning of a valid word (`iter` for `iterations`), else the nearest close enough.
    let prefix = valid
        .iter()
        .find(|v| word.len() >= 3 && v.starts_with(word.as_str()));
    let near = || {
        valid
            .iter()
            .map(|v| (edit_distance(&word, v), v))
            .min_by_key(|&(d, _)| d)
            .filter(|&(d, v)| d <= (v.chars().count() / 3).max(1))
            .map(|(_, v)| v)
    };
    match prefix.or_else(near) {
        Some(v) => format!(" (did you mean `{v}`?)"),
        None => String::new(),
    }
}

/// Levenshtein distance in characters (words here are a few characters long).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

impl BotSpec {
    /// Parses a comma-separated list of specifications, e.g.
    /// `random,mcts:iterations=200,c=0.5,greedy`: a comma starts a new spec only when what
    /// follows is not a `key=value` parameter of the previous one. The list is not empty.
    pub fn parse_list(text: &str) -> Result<Vec<Self>, SpecError> {
        let specs: Vec<Self> = split_list(text)
            .into_iter()
            .map(Self::parse)
            .collect::<Result<_, _>>()?;
        if specs.is_empty() {
            return Err(SpecError(format!("no bot given (bots: {KINDS})")));
        }
        Ok(specs)
    }

    /// Parses one specification, e.g. `random` or `mcts:iterations=2000,rollout=greedy`.
    pub fn parse(text: &str) -> Result<Self, SpecError> {
        let text = text.trim();
        let shown = cut(text);
        let fail = |problem: String| SpecError(format!("bad bot `{shown}`: {problem}"));
        let (kind, params) = match text.split_once(':') {
            Some((k, p)) => (k.trim(), Some(p)),
            None => (text, None),
        };
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        if let Some(params) = params {
            for part in params.split(',') {
                let part = part.trim();
                if part.is_empty() {
                    return Err(fail("empty parameter".into()));
                }
                let Some((key, value)) = part.split_once('=') else {
                    return Err(fail(format!(
                        "parameter `{}` is not of the form key=value",
                        cut(part)
                    )));
                };
                let (key, value) = (key.trim(), value.trim());
                if pairs.iter().any(|&(k, _)| k == key) {
                    return Err(fail(format!("parameter `{}` given twice", cut(key))));
                }
                pairs.push((key, value));
            }
        }
        match kind {
            "random" => match pairs.first() {
                None if params.is_none() => Ok(BotSpec::Random),
                _ => Err(fail("bot `random` takes no parameters".into())),
            },
            "greedy" => {
                let mut determinizations = None;
                let mut simultaneous = Simultaneous::default();
                for &(key, value) in &pairs {
                    match key {
                        "determinizations" => {
                            determinizations = Some(positive(key, value).map_err(fail)?)
                        }
                        "simultaneous" => simultaneous = parse_simultaneous(value).map_err(fail)?,
                        _ => {
                            return Err(fail(unknown_parameter(
                                key,
                                "greedy",
                                &["determinizations", "simultaneous"],
                            )))
                        }
                    }
                }
                Ok(BotSpec::Greedy {
                    determinizations,
                    simultaneous,
                })
            }
            "mcts" if pairs.contains(&("eval", "net")) => {
                let (model, config) = parse_guided(&pairs).map_err(fail)?;
                Ok(BotSpec::GuidedMcts(model, config))
            }
            "mcts" => {
                pairs.retain(|&pair| pair != ("eval", "rollout"));
                Ok(BotSpec::Mcts(parse_mcts(kind, &pairs).map_err(fail)?))
            }
            "net" => {
                let mut model = None;
                let mut temperature = 0.0;
                for &(key, value) in &pairs {
                    match key {
                        "model" => model = Some(value),
                        "temperature" => match value.parse::<f64>() {
                            Ok(t) if t.is_finite() && t >= 0.0 => temperature = t,
                            _ => {
                                return Err(fail(format!(
                                    "`temperature={}`: expected a finite number >= 0",
                                    cut(value)
                                )))
                            }
                        },
                        _ => {
                            return Err(fail(format!(
                                "unknown parameter `{}` for bot `net`",
                                cut(key)
                            )))
                        }
                    }
                }
                // Read last: a bad key is reported without touching the file.
                let path = model.ok_or_else(|| fail("bot `net` needs `model=PATH`".into()))?;
                let model = ModelFile::load(path).map_err(fail)?;
                Ok(BotSpec::Net(model, NetConfig { temperature }))
            }
            "mcts-cheat" => Ok(BotSpec::MctsCheat(parse_mcts(kind, &pairs).map_err(fail)?)),
            _ => Err(fail(format!(
                "unknown bot `{}`{} (bots: {KINDS})",
                cut(kind),
                did_you_mean(kind, &["random", "greedy", "mcts", "mcts-cheat", "net"])
            ))),
        }
    }

    /// Builds the bot, seeded with `seed`.
    pub fn build<G: Game>(&self, seed: u64) -> Box<dyn Bot<G>> {
        match self {
            BotSpec::Random => Box::new(RandomBot::<G>::new(seed)),
            BotSpec::Greedy {
                determinizations,
                simultaneous,
            } => Box::new(GreedyBot::<G>::with_options(
                seed,
                determinizations.unwrap_or_else(G::default_determinizations),
                *simultaneous,
            )),
            BotSpec::Mcts(config) => Box::new(MctsBot::<G>::new(*config, seed)),
            BotSpec::MctsCheat(config) => Box::new(MctsBot::<G>::new_cheating(*config, seed)),
            BotSpec::Net(model, config) => {
                Box::new(NetBot::<G>::new(model.network.clone(), *config, seed))
            }
            BotSpec::GuidedMcts(model, config) => {
                Box::new(GuidedMcts::<G>::new(model.network.clone(), *config, seed))
            }
        }
    }

    /// Refuses a game this bot cannot play: a network made for another game, another
    /// observation size or action space, or another number of seats. Every runner calls it
    /// before building the bots of a game.
    pub fn check<G: Game>(&self, game: &G) -> Result<(), SpecError> {
        match self {
            BotSpec::Net(model, _) | BotSpec::GuidedMcts(model, _) => model
                .network
                .check(game)
                .map_err(|e| SpecError(format!("bot `{self}`: {e}"))),
            _ => Ok(()),
        }
    }
}

/// Parses the parameters of `mcts:eval=net,…`.
fn parse_guided(pairs: &[(&str, &str)]) -> Result<(ModelFile, GuidedConfig), String> {
    let mut config = GuidedConfig {
        c: DEFAULT_PUCT_C,
        ..GuidedConfig::default()
    };
    let mut model = None;
    let (mut iterations, mut time_ms) = (None, None);
    for &(key, value) in pairs {
        match key {
            "eval" => {}
            "model" => model = Some(value),
            "iterations" => iterations = Some(positive(key, value)?),
            "time_ms" => time_ms = Some(u64::from(positive(key, value)?)),
            "c" => match value.parse::<f64>() {
                Ok(c) if c.is_finite() && c >= 0.0 => config.c = c,
                _ => return Err(format!("`c={}`: expected a finite number >= 0", cut(value))),
            },
            "mix" => match value.parse::<f64>() {
                Ok(m) if (0.0..=1.0).contains(&m) => config.mix = m,
                _ => {
                    return Err(format!(
                        "`mix={}`: expected the rollout's weight in a leaf's value, from 0 \
                         (the network's value alone) to 1 (a random rollout alone)",
                        cut(value)
                    ))
                }
            },
            "temperature" => match value.parse::<f64>() {
                Ok(t) if t.is_finite() && t > 0.0 => config.temperature = t,
                _ => {
                    return Err(format!(
                        "`temperature={}`: expected the priors' temperature, a finite number > 0 \
                         (1: the network's own policy)",
                        cut(value)
                    ))
                }
            },
            "value_visits" => {
                config.value_visits = whole(
                    key,
                    value,
                    "the visits a node's network value counts as when the node is expanded \
                     (with `mix=1`)",
                )?
            }
            "ask_after" => {
                config.ask_after = whole(
                    key,
                    value,
                    "the rollouts a node has before the network is asked for its priors",
                )?
            }
            "fpu" => {
                config.fpu = match value {
                    "net" => Fpu::Net,
                    "mean" => Fpu::Mean,
                    _ => match value.parse::<f64>() {
                        Ok(v) if (0.0..=1.0).contains(&v) => Fpu::Value(v),
                        _ => {
                            return Err(format!(
                                "`fpu={}`: expected what an unvisited child counts as: `net` \
                                 (the network's value), `mean` (its visited siblings' mean) or \
                                 a number from 0 to 1",
                                cut(value)
                            ))
                        }
                    },
                }
            }
            "reuse" => {
                config.reuse = match value {
                    "on" => true,
                    "off" => false,
                    _ => {
                        return Err(format!(
                            "`reuse={}`: expected `on` (keep the tree between moves) or `off` \
                             (a fresh tree each move)",
                            cut(value)
                        ))
                    }
                }
            }
            "rollout" | "epsilon" | "depth" => {
                return Err(format!(
                    "`{key}` does not apply with `eval=net`: the network values the leaves \
                     (a random rollout joins in with `mix`)"
                ))
            }
            _ => return Err(unknown_parameter(key, "mcts:eval=net", &GUIDED_PARAMS)),
        }
    }
    config.budget = match (iterations, time_ms) {
        (Some(_), Some(_)) => return Err("give `iterations` or `time_ms`, not both".into()),
        (Some(n), None) => Budget::Iterations(n),
        (None, Some(ms)) => Budget::TimeMs(ms),
        (None, None) => Budget::Iterations(DEFAULT_ITERATIONS),
    };
    if config.value_visits > 0 && config.mix < 1.0 {
        // Below 1 every leaf is valued by the network already: the key would do nothing.
        return Err(format!(
            "`value_visits={}` needs `mix=1` (with `mix={}` the network's value is in every \
             leaf's value already)",
            config.value_visits, config.mix
        ));
    }
    // Read last: a bad key is reported without touching the file.
    let model = ModelFile::load(model.ok_or("`eval=net` needs `model=PATH`")?)?;
    Ok((model, config))
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        BotSpec::parse(text)
    }
}

/// Parses the parameters of `mcts` / `mcts-cheat`; the error names the bad parameter.
fn parse_mcts(kind: &str, pairs: &[(&str, &str)]) -> Result<MctsConfig, String> {
    let mut config = MctsConfig::default();
    let mut iterations = None;
    let mut time_ms = None;
    let mut greedy = None;
    let mut epsilon = None;
    for &(key, value) in pairs {
        match key {
            "iterations" => iterations = Some(positive(key, value)?),
            "time_ms" => time_ms = Some(u64::from(positive(key, value)?)),
            "c" => match value.parse::<f64>() {
                Ok(c) if c.is_finite() && c >= 0.0 => config.c = Some(c),
                _ => return Err(format!("`c={}`: expected a finite number >= 0", cut(value))),
            },
            "rollout" => match value {
                "random" => greedy = Some(false),
                "greedy" => greedy = Some(true),
                _ => {
                    return Err(format!(
                        "`rollout={}`: expected `random` or `greedy`",
                        cut(value)
                    ))
                }
            },
            "epsilon" => match value.parse::<f64>() {
                Ok(e) if (0.0..=1.0).contains(&e) => epsilon = Some(e),
                _ => {
                    return Err(format!(
                        "`epsilon={}`: expected a number in [0, 1]",
                        cut(value)
                    ))
                }
            },
            "depth" => {
                config.depth = match value {
                    "none" => None,
                    _ => Some(value.parse::<u32>().map_err(|_| {
                        format!(
                            "`depth={}`: expected a whole number from 0 to {} or `none`",
                            cut(value),
                            u32::MAX
                        )
                    })?),
                }
            }
            "simultaneous" => config.simultaneous = parse_simultaneous(value)?,
            "end" => {
                config.end = match value {
                    "win" => Some(End::Win),
                    "soft" => Some(End::Soft),
                    _ => return Err(format!("`end={}`: expected `win` or `soft`", cut(value))),
                }
            }
            _ => return Err(unknown_parameter(key, kind, &MCTS_PARAMS)),
        }
    }
    config.budget = match (iterations, time_ms) {
        (Some(_), Some(_)) => return Err("give `iterations` or `time_ms`, not both".into()),
        (Some(n), None) => Budget::Iterations(n),
        (None, Some(ms)) => Budget::TimeMs(ms),
        (None, None) => Budget::Iterations(DEFAULT_ITERATIONS),
    };
    config.rollout = match (greedy, epsilon) {
        (Some(true), e) => Rollout::Greedy {
            epsilon: e.unwrap_or(DEFAULT_EPSILON),
        },
        (Some(false), None) => Rollout::Random,
        (None, None) => Rollout::GameDefault,
        (_, Some(_)) => return Err("`epsilon` needs `rollout=greedy`".into()),
    };
    Ok(config)
}

/// The value of a `simultaneous=` parameter.
fn parse_simultaneous(value: &str) -> Result<Simultaneous, String> {
    match value {
        "decoupled" => Ok(Simultaneous::Decoupled),
        "sequential" => Ok(Simultaneous::Sequential),
        _ => Err(format!(
            "`simultaneous={}`: expected `decoupled` or `sequential`",
            cut(value)
        )),
    }
}

/// Splits a list of specs at the commas that start a new spec (see [`BotSpec::parse_list`]).
fn split_list(text: &str) -> Vec<&str> {
    let mut specs = Vec::new();
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        if b == b',' {
            let next = text[i + 1..].split(',').next().unwrap_or("");
            let is_param = next.contains('=') && !next.contains(':');
            if !is_param {
                specs.push(text[start..i].trim());
                start = i + 1;
            }
        }
    }
    specs.push(text[start..].trim());
    specs.retain(|s| !s.is_empty());
    specs
}

/// A user's text cut to a readable length for an error message, its control characters
/// escaped (an error line is one line and never drives the terminal).
fn cut(text: &str) -> String {
    const MAX: usize = 40;
    let escaped = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().collect()
                } else {
                    c.to_string()
                }
            })
            .collect()
    };
    match text.char_indices().nth(MAX) {
        None => escaped(text),
        Some((end, _)) => format!(
            "{}… ({} characters)",
            escaped(&text[..end]),
            text.chars().count()
        ),
    }
}

/// `value` as a whole number >= 0, or the error naming `key` and what it counts (`what`).
fn whole(key: &str, value: &str, what: &str) -> Result<u32, String> {
    value.parse::<u32>().map_err(|_| {
        format!(
            "`{key}={}`: expected {what}, a whole number >= 0",
            cut(value)
        )
    })
}

/// A whole number from 1 to `u32::MAX` (the message says the whole range).
fn positive(key: &str, value: &str) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "`{key}={}`: expected a whole number from 1 to {}",
            cut(value),
            u32::MAX
        )),
    }
}

/// Writes `name` and the non-default `params` in canonical form.
fn write_spec(f: &mut fmt::Formatter<'_>, name: &str, params: &[String]) -> fmt::Result {
    f.write_str(name)?;
    if !params.is_empty() {
        write!(f, ":{}", params.join(","))?;
    }
    Ok(())
}

/// The non-default parameters of an MCTS configuration, in canonical order.
fn mcts_params(config: &MctsConfig) -> Vec<String> {
    let mut params = Vec::new();
    match config.budget {
        Budget::Iterations(DEFAULT_ITERATIONS) => {}
        Budget::Iterations(n) => params.push(format!("iterations={n}")),
        Budget::TimeMs(ms) => params.push(format!("time_ms={ms}")),
    }
    if let Some(c) = config.c {
        params.push(format!("c={c}"));
    }
    match config.rollout {
        Rollout::GameDefault => {}
        Rollout::Random => params.push("rollout=random".into()),
        Rollout::Greedy { epsilon } => {
            params.push("rollout=greedy".into());
            if epsilon != DEFAULT_EPSILON {
                params.push(format!("epsilon={epsilon}"));
            }
        }
    }
    if let Some(depth) = config.depth {
        params.push(format!("depth={depth}"));
    }
    if config.simultaneous == Simultaneous::Sequential {
        params.push("simultaneous=sequential".into());
    }
    match config.end {
        None => {}
        Some(End::Win) => params.push("end=win".into()),
        Some(End::Soft) => params.push("end=soft".into()),
    }
    params
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy {
                determinizations,
                simultaneous,
            } => {
                let mut params = Vec::new();
                if let Some(k) = determinizations {
                    params.push(format!("determinizations={k}"));
                }
                if *simultaneous == Simultaneous::Sequential {
                    params.push("simultaneous=sequential".into());
                }
                write_spec(f, "greedy", &params)
            }
            BotSpec::Mcts(config) => write_spec(f, "mcts", &mcts_params(config)),
            BotSpec::MctsCheat(config) => write_spec(f, "mcts-cheat", &mcts_params(config)),
            BotSpec::Net(model, config) => {
                let mut params = vec![format!("model={}", model.path)];
                if config.temperature != 0.0 {
                    params.push(format!("temperature={}", config.temperature));
                }
                write_spec(f, "net", &params)
            }
            BotSpec::GuidedMcts(model, config) => {
                let mut params = vec!["eval=net".to_string(), format!("model={}", model.path)];
                match config.budget {
                    Budget::Iterations(DEFAULT_ITERATIONS) => {}
                    Budget::Iterations(n) => params.push(format!("iterations={n}")),
                    Budget::TimeMs(ms) => params.push(format!("time_ms={ms}")),
                }
                if config.c != DEFAULT_PUCT_C {
                    params.push(format!("c={}", config.c));
                }
                if config.mix != DEFAULT_MIX {
                    params.push(format!("mix={}", config.mix));
                }
                if config.temperature != DEFAULT_PRIOR_TEMPERATURE {
                    params.push(format!("temperature={}", config.temperature));
                }
                if config.ask_after != DEFAULT_ASK_AFTER {
                    params.push(format!("ask_after={}", config.ask_after));
                }
                if config.value_visits != DEFAULT_VALUE_VISITS {
                    params.push(format!("value_visits={}", config.value_visits));
                }
                match config.fpu {
                    Fpu::Net => {}
                    Fpu::Mean => params.push("fpu=mean".into()),
                    Fpu::Value(v) => params.push(format!("fpu={v}")),
                }
                if config.reuse != DEFAULT_REUSE {
                    params.push(format!("reuse={}", if config.reuse { "on" } else { "off" }));
                }
                write_spec(f, "mcts", &params)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mcts(budget: Budget, c: Option<f64>, rollout: Rollout, depth: Option<u32>) -> MctsConfig {
        MctsConfig {
            budget,
            c,
            rollout,
            depth,
            simultaneous: Simultaneous::Decoupled,
            end: None,
        }
    }

    #[test]
    fn lists_split_between_specs_not_inside_parameters() {
        assert_eq!(
            split_list("random,mcts:iterations=200,c=0.5,greedy"),
            vec!["random", "mcts:iterations=200,c=0.5", "greedy"]
        );
        assert_eq!(
            split_list("mcts:time_ms=5,mcts-cheat:iterations=9"),
            vec!["mcts:time_ms=5", "mcts-cheat:iterations=9"]
        );
        assert_eq!(BotSpec::parse_list("random, greedy").unwrap().len(), 2);
        assert!(BotSpec::parse_list(" , ").unwrap_err().0.contains("no bot"));
        assert!(BotSpec::parse_list("random,nobot")
            .unwrap_err()
            .0
            .contains("unknown bot `nobot`"));
    }

    #[test]
    fn long_texts_are_cut_in_errors() {
        let long = "x".repeat(100_000);
        let e = BotSpec::parse(&long).unwrap_err().0;
        assert!(
            e.len() < 1000 && e.contains("100000 characters"),
            "{}",
            e.len()
        );
    }

    #[test]
    fn parses_the_documented_examples() {
        assert_eq!(BotSpec::parse("random"), Ok(BotSpec::Random));
        assert_eq!(
            BotSpec::parse(" greedy "),
            Ok(BotSpec::Greedy {
                determinizations: None,
                simultaneous: Simultaneous::Decoupled,
            })
        );
        assert_eq!(
            BotSpec::parse("mcts:iterations=2000,c=0.7,rollout=greedy"),
            Ok(BotSpec::Mcts(mcts(
                Budget::Iterations(2000),
                Some(0.7),
                Rollout::Greedy {
                    epsilon: DEFAULT_EPSILON
                },
                None
            )))
        );
        assert_eq!(
            BotSpec::parse("mcts:time_ms=200"),
            Ok(BotSpec::Mcts(mcts(
                Budget::TimeMs(200),
                None,
                Rollout::GameDefault,
                None
            )))
        );
        assert_eq!(
            BotSpec::parse("mcts-cheat:iterations=2000,rollout=random"),
            Ok(BotSpec::MctsCheat(mcts(
                Budget::Iterations(2000),
                None,
                Rollout::Random,
                None
            )))
        );
        assert_eq!(
            BotSpec::parse("mcts: depth = 12 , c=1.5,rollout=greedy,epsilon=0.25"),
            Ok(BotSpec::Mcts(mcts(
                Budget::Iterations(1000),
                Some(1.5),
                Rollout::Greedy { epsilon: 0.25 },
                Some(12)
            )))
        );
        assert_eq!(
            BotSpec::parse("mcts"),
            Ok(BotSpec::Mcts(MctsConfig::default()))
        );
        assert_eq!(
            "mcts:depth=none".parse(),
            Ok(BotSpec::Mcts(MctsConfig::default()))
        );
    }

    #[test]
    fn display_is_canonical_and_round_trips() {
        let cases = [
            ("random", "random"),
            ("greedy:determinizations=1", "greedy:determinizations=1"),
            ("greedy:determinizations=4", "greedy:determinizations=4"),
            ("mcts", "mcts"),
            ("mcts:iterations=1000,depth=none", "mcts"),
            // An explicit `c` is kept even at 0.7: the default depends on the search.
            ("mcts:c=0.7", "mcts:c=0.7"),
            (
                "mcts:iterations=1000,rollout=random,depth=none",
                "mcts:rollout=random",
            ),
            (
                "mcts:rollout=greedy,c=0.70,iterations=2000",
                "mcts:iterations=2000,c=0.7,rollout=greedy",
            ),
            ("mcts:time_ms=200", "mcts:time_ms=200"),
            ("mcts:epsilon=0.1,rollout=greedy", "mcts:rollout=greedy"),
            (
                "mcts:depth=0,epsilon=0.3,rollout=greedy,c=0.1,time_ms=5",
                "mcts:time_ms=5,c=0.1,rollout=greedy,epsilon=0.3,depth=0",
            ),
            ("mcts-cheat:iterations=2000", "mcts-cheat:iterations=2000"),
            ("mcts-cheat:c=0", "mcts-cheat:c=0"),
            ("mcts:simultaneous=decoupled", "mcts"),
            (
                "mcts:simultaneous=sequential,iterations=200",
                "mcts:iterations=200,simultaneous=sequential",
            ),
            (
                "greedy:simultaneous=sequential",
                "greedy:simultaneous=sequential",
            ),
            ("greedy:simultaneous=decoupled", "greedy"),
            ("mcts:end=soft", "mcts:end=soft"),
            (
                "mcts:end=win,simultaneous=sequential",
                "mcts:simultaneous=sequential,end=win",
            ),
        ];
        for (input, canonical) in cases {
            let spec = BotSpec::parse(input).unwrap();
            assert_eq!(spec.to_string(), canonical, "display of {input}");
            assert_eq!(
                BotSpec::parse(canonical),
                Ok(spec.clone()),
                "round trip of {input}"
            );
        }
        // Awkward floats survive the trip exactly.
        let spec = BotSpec::Mcts(mcts(
            Budget::Iterations(7),
            Some(0.1 + 0.2),
            Rollout::Random,
            None,
        ));
        assert_eq!(BotSpec::parse(&spec.to_string()), Ok(spec));
    }

    #[test]
    fn errors_name_the_bad_part_on_one_line() {
        let cases = [
            ("alphazero", "unknown bot `alphazero`"),
            ("random:seed=3", "bot `random` takes no parameters"),
            (
                "greedy:depth=3",
                "unknown parameter `depth` for bot `greedy`",
            ),
            ("greedy:determinizations=0", "`determinizations=0`"),
            ("mcts:iterations=lots", "`iterations=lots`"),
            ("mcts:iterations=0", "`iterations=0`"),
            ("mcts:iterations=-5", "`iterations=-5`"),
            ("mcts:time_ms=", "`time_ms=`"),
            ("mcts:c=-1", "`c=-1`"),
            ("mcts:c=inf", "`c=inf`"),
            ("mcts:c=NaN", "`c=NaN`"),
            ("mcts:rollout=smart", "`rollout=smart`"),
            ("mcts:epsilon=2,rollout=greedy", "`epsilon=2`"),
            ("mcts:epsilon=0.2", "`epsilon` needs `rollout=greedy`"),
            ("mcts:depth=-1", "`depth=-1`"),
            ("mcts:iterations=5,time_ms=5", "not both"),
            ("mcts:c=1,c=2", "parameter `c` given twice"),
            (
                "mcts-cheat:foo=1",
                "unknown parameter `foo` for bot `mcts-cheat`",
            ),
            (
                "mcts:iterations",
                "parameter `iterations` is not of the form key=value",
            ),
            ("mcts:", "empty parameter"),
            ("mcts:c=1,", "empty parameter"),
            ("mcts:simultaneous=yes", "`simultaneous=yes`"),
            ("greedy:simultaneous=", "`simultaneous=`"),
            ("mcts:end=draw", "`end=draw`"),
        ];
        for (input, part) in cases {
            let message = BotSpec::parse(input).unwrap_err().to_string();
            assert!(message.contains(part), "`{input}` gave `{message}`");
            assert!(
                message.contains(&format!("`{input}`")),
                "`{message}` omits the input"
            );
            assert!(message.len() < 160, "`{message}` is too long to read");
            assert!(!message.contains('\n'), "`{message}` is not one line");
        }
    }

    #[test]
    fn typos_get_a_suggestion_and_a_short_list() {
        let m = BotSpec::parse("grdy").unwrap_err().to_string();
        assert_eq!(
            m,
            "bad bot `grdy`: unknown bot `grdy` (did you mean `greedy`?) \
             (bots: random, greedy, mcts, mcts-cheat, net)"
        );
        let m = BotSpec::parse("mcts:iter=5").unwrap_err().to_string();
        assert!(m.contains("(did you mean `iterations`?)"), "{m}");
        assert!(m.contains("its parameters: iterations, time_ms"), "{m}");
        assert_eq!(
            did_you_mean("dual", &["duel", "classic"]),
            " (did you mean `duel`?)"
        );
        assert_eq!(
            did_you_mean("chess", &["duel", "classic", "architects"]),
            ""
        );
        assert_eq!(
            did_you_mean("arch", &["duel", "architects"]),
            " (did you mean `architects`?)"
        );
    }
}
