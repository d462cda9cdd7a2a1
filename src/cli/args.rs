//! Arguments shared by several commands: which game with which options, and the bot list.
//!
//! A game's options can be written after its id (`--game classic:players=5,edition=v1`) or as
//! flags (`--game classic --players 5 --edition v1`); both become the same `key=value` pairs,
//! which the registry checks against the game's own list (an option of another game is an
//! error naming the valid ones).

use clap::Args;
use wonders_bots::BotSpec;

use crate::common::OptionSet;
use crate::registry::{self, Configuration, Entry};

/// Which game, with which options.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game, optionally with its options: `duel`, `classic`, or e.g.
    /// `classic:players=5,edition=v2,sides=night` (`wonders games` lists every game and its
    /// options).
    #[arg(long, default_value = "duel")]
    pub game: String,
    /// Rule variants, comma-separated (Duel: `errata-next-age`; 7 Wonders: `teams`, the team
    /// variant of Cities at 4 or 6 players, seats 0+1, 2+3, 4+5 partners).
    #[arg(long = "variant", value_delimiter = ',')]
    pub variants: Vec<String>,
    /// Expansions, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub expansions: Vec<String>,
    /// 7 Wonders: number of players, 3 to 7 (default 4).
    #[arg(long)]
    pub players: Option<String>,
    /// 7 Wonders: `v2` (2020, Day/Night sides; the default) or `v1` (2010, A/B sides).
    #[arg(long)]
    pub edition: Option<String>,
    /// 7 Wonders: wonder sides: `day`, `night`, `a`, `b` (all seats), `random` (one draw for
    /// the table), `mixed` (a draw per seat), or one side per seat, e.g. `a,b,a,a` (default:
    /// day in v2, a in v1).
    #[arg(long)]
    pub sides: Option<String>,
    /// 7 Wonders: a board per seat, comma-separated, `random` for a drawn one, e.g.
    /// `gizah,babylon,random,rhodos`. Default: all drawn at random.
    #[arg(long)]
    pub boards: Option<String>,
    /// 7 Wonders: offer one payment split per build instead of every cheapest split between
    /// the two neighbours (faster; who gets the coins is then fixed).
    #[arg(long)]
    pub collapse_splits: bool,
    /// Duel: how the Wonders are chosen: `draft` (by the bots, as in the rulebook; the
    /// default) or `random` (a random deal of 4 + 4).
    #[arg(long)]
    pub wonders: Option<String>,
    /// Duel: fixed Wonders for a controlled experiment: 4 ids for seat 0, a slash, 4 for seat
    /// 1, e.g. `the_pyramids,the_sphinx,piraeus,the_colossus/the_appian_way,circus_maximus,
    /// the_mausoleum,the_great_library`. Overrides `--wonders`.
    #[arg(long)]
    pub fixed_wonders: Option<String>,
}

impl GameArgs {
    /// The game and its options (from the `--game` spec and the flags), checked by the game.
    pub fn resolve(&self) -> Result<(&'static dyn Entry, OptionSet), String> {
        let (game, options) = self.options()?;
        game.check(&options)?;
        Ok((game, options))
    }

    /// The configuration to run (`simulate`, `tournament`): the options parsed once.
    pub fn configure(&self) -> Result<Box<dyn Configuration>, String> {
        let (game, options) = self.options()?;
        game.configure(&options)
    }

    /// The game and its options in text form, flags merged into the `--game` spec.
    fn options(&self) -> Result<(&'static dyn Entry, OptionSet), String> {
        let (game, mut options) = registry::parse_game_spec(&self.game)?;
        let flags: [(&str, Option<String>); 9] = [
            (
                "variant",
                list("variant", &self.variants, game.info().variants)?,
            ),
            (
                "expansions",
                list("expansions", &self.expansions, game.info().expansions)?,
            ),
            ("players", self.players.clone()),
            ("edition", self.edition.clone()),
            ("sides", self.sides.clone()),
            ("boards", self.boards.clone()),
            (
                "collapse-splits",
                self.collapse_splits.then(|| "true".into()),
            ),
            ("wonders", self.wonders.clone()),
            ("fixed-wonders", self.fixed_wonders.clone()),
        ];
        for (key, value) in flags {
            if let Some(value) = value {
                options
                    .insert(key, &value)
                    .map_err(|e| format!("{e} (as --{key} and in --game {})", game.info().id))?;
            }
        }
        Ok((game, options))
    }
}

/// A comma-separated flag's values as one option value (`a+b`), if any; an empty name
/// (`--expansions ""`, `--variant x,`) is refused, naming the valid ones.
fn list(flag: &str, values: &[String], valid: &[&str]) -> Result<Option<String>, String> {
    if values.iter().any(|v| v.trim().is_empty()) {
        let valid = if valid.is_empty() {
            "none for this game".to_string()
        } else {
            valid.join(", ")
        };
        return Err(format!(
            "--{flag}: an empty name (valid: {valid}; leave the flag out for none)"
        ));
    }
    Ok((!values.is_empty()).then(|| values.join("+")))
}

/// An output file's path (`--out`, `--records`, `--summary`, `--record`): `-` is refused
/// rather than taken as a file named `-` (the table and summary go to standard output anyway
/// unless `--quiet`; name a file to keep them).
pub fn output_path(text: &str) -> Result<std::path::PathBuf, String> {
    match text {
        "-" => Err("`-` (standard output) is not an output file here: name a file".into()),
        "" => Err("an empty path: name a file".into()),
        _ => Ok(text.into()),
    }
}

/// Parses `--bots`: a comma-separated list of bot specs.
pub fn parse_bots(text: &str) -> Result<Vec<BotSpec>, String> {
    BotSpec::parse_list(text).map_err(|e| format!("--bots: {e}"))
}

/// Parses `--seed`: a whole number from 0 to 2^64-1. Negative values reach here too (clap would
/// otherwise read `-1` as an unknown flag), so the message can say what a seed is.
pub fn seed(text: &str) -> Result<u64, String> {
    text.trim().parse::<u64>().map_err(|_| {
        format!(
            "`{}` is not a seed: seeds are whole numbers from 0 to 18446744073709551615 (2^64-1)",
            text.chars().take(40).collect::<String>()
        )
    })
}
