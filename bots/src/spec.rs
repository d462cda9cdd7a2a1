//! Bot specifications as written on the command line: `random`, `greedy`,
//! `mcts:iterations=2000,c=0.7,rollout=greedy`, …

use std::fmt;

use crate::{Bot, Game, RandomBot};

/// A parsed bot specification: a bot kind and its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniformly random legal actions.
    Random,
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

/// The help text listing every bot and its parameters.
pub const BOTS_HELP: &str = "bots: random";

impl BotSpec {
    /// Parses one specification, e.g. `random`.
    pub fn parse(text: &str) -> Result<Self, SpecError> {
        let text = text.trim();
        let (kind, params) = match text.split_once(':') {
            Some((k, p)) => (k, Some(p)),
            None => (text, None),
        };
        match kind {
            "random" if params.is_none() => Ok(BotSpec::Random),
            "random" => Err(SpecError(format!(
                "bot `random` takes no parameters (got `{text}`)"
            ))),
            _ => Err(SpecError(format!("unknown bot `{kind}`; {BOTS_HELP}"))),
        }
    }

    /// Builds the bot, seeded with `seed`.
    pub fn build<G: Game>(&self, seed: u64) -> Box<dyn Bot<G>> {
        match self {
            BotSpec::Random => Box::new(RandomBot::<G>::new(seed)),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
        }
    }
}
