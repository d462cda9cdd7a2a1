//! Arguments shared by several commands: which game with which rules, and the bot list.

use clap::Args;
use wonders_bots::BotSpec;

use super::{duel_variants, GameKind, WondersMode};
use crate::classic::{ClassicConfig, ClassicGame, Edition, Side, SidePolicy, Wonder};
use crate::duel::data::wonder_by_id;
use crate::duel::state::WonderSelection;
use crate::duel::DuelOptions;

/// Options shared by every game: which game, its rules.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game to play: `duel` (7 Wonders Duel) or `classic` (7 Wonders, 3-7 players).
    #[arg(long, value_enum, default_value = "duel")]
    pub game: GameKind,
    /// Rule variants, comma-separated. Duel: `errata-next-age` (the player who took the last
    /// card chooses who starts when the pawn is on the centre, instead of starting).
    #[arg(long = "variant", value_delimiter = ',')]
    pub variants: Vec<String>,
    /// 7 Wonders: number of players, 3 to 7.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// 7 Wonders: `v2` (2020, Day/Night sides) or `v1` (2010, A/B sides).
    #[arg(long, default_value = "v2")]
    pub edition: String,
    /// 7 Wonders: wonder sides: `day`, `night`, `a`, `b` (all seats), `random` (one draw for
    /// the table), `mixed` (a draw per seat), or one side per seat, e.g. `a,b,a,a`.
    #[arg(long, default_value = "day")]
    pub sides: String,
    /// 7 Wonders: a fixed board per seat, comma-separated, `random` for a drawn one, e.g.
    /// `gizah,babylon,random,rhodos` (ids: alexandria, babylon, ephesos, gizah,
    /// halikarnassos, olympia, rhodos). Default: all drawn at random.
    #[arg(long)]
    pub boards: Option<String>,
    /// 7 Wonders: offer one payment split per build instead of every cheapest split between
    /// the two neighbours (faster; who gets the coins is then fixed).
    #[arg(long)]
    pub collapse_splits: bool,
    /// How the Duel Wonders are chosen: `draft` (by the bots, as in the rulebook) or `random`
    /// (a random deal of 4 + 4).
    #[arg(long, value_enum, default_value = "draft")]
    pub wonders: WondersMode,
    /// Fixed Duel Wonders for a controlled experiment: 4 ids for seat 0, a slash, 4 for seat 1,
    /// e.g. `the_pyramids,the_sphinx,piraeus,the_colossus/the_appian_way,circus_maximus,
    /// the_mausoleum,the_great_library`. Overrides `--wonders`.
    #[arg(long)]
    pub fixed_wonders: Option<String>,
}

impl GameArgs {
    /// The 7 Wonders configuration, checked by setting up one game.
    pub fn classic_config(&self) -> Result<ClassicConfig, String> {
        if !(3..=7).contains(&self.players) {
            return Err(format!(
                "--players {}: 7 Wonders seats 3 to 7 players",
                self.players
            ));
        }
        let edition = Edition::from_id(&self.edition)
            .ok_or_else(|| format!("--edition `{}`: valid editions are v1 and v2", self.edition))?;
        let sides = match self.sides.as_str() {
            "day" => SidePolicy::Day,
            "night" => SidePolicy::Night,
            "a" => SidePolicy::A,
            "b" => SidePolicy::B,
            "random" => SidePolicy::Random,
            "mixed" => SidePolicy::Mixed,
            list => SidePolicy::PerSeat(per_seat("--sides", list, "sides", self.players, |x| {
                Side::from_id(x).ok_or_else(|| {
                    format!(
                        "--sides `{list}`: `{x}` is not a side (valid: day, night, a, b, random, \
                         mixed, or one side per seat)"
                    )
                })
            })?),
        };
        let wonders = match &self.boards {
            None => Vec::new(),
            Some(list) => per_seat("--boards", list, "boards", self.players, |x| match x {
                "random" => Ok(None),
                id => Wonder::from_id(id).map(Some).ok_or_else(|| {
                    let valid: Vec<&str> = Wonder::ALL.iter().map(|w| w.id()).collect();
                    format!(
                        "--boards: unknown board `{id}` (valid: {}, random)",
                        valid.join(", ")
                    )
                }),
            })?,
        };
        let config = ClassicConfig {
            players: self.players,
            edition,
            sides,
            collapse_payment_splits: self.collapse_splits,
            wonders,
        };
        ClassicGame::new(&config, 0).map_err(|e| format!("invalid 7 Wonders set-up: {e}"))?;
        Ok(config)
    }

    pub fn duel_options(&self) -> Result<DuelOptions, String> {
        let mut wonders = match self.wonders {
            WondersMode::Draft => WonderSelection::Draft,
            WondersMode::Random => WonderSelection::Random,
        };
        if let Some(text) = &self.fixed_wonders {
            wonders = WonderSelection::Fixed(parse_fixed_wonders(text)?);
        }
        Ok(DuelOptions {
            errata_next_age: duel_variants(&self.variants)?,
            wonders,
        })
    }
}

/// Parses `a,b,c,d/e,f,g,h` into two sets of 4 distinct Wonder ids.
fn parse_fixed_wonders(text: &str) -> Result<[[u8; 4]; 2], String> {
    let valid = || {
        crate::duel::data::WONDERS
            .iter()
            .map(|w| w.id)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let halves: Vec<&str> = text.split('/').collect();
    if halves.len() != 2 {
        return Err(format!(
            "--fixed-wonders `{text}`: give 4 wonder ids for seat 0, `/`, 4 for seat 1"
        ));
    }
    let mut out = [[0u8; 4]; 2];
    let mut seen = Vec::new();
    for (seat, half) in halves.iter().enumerate() {
        let ids: Vec<&str> = half
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if ids.len() != 4 {
            return Err(format!(
                "--fixed-wonders: seat {seat} needs 4 wonders, got {}",
                ids.len()
            ));
        }
        for (i, id) in ids.iter().enumerate() {
            let w = wonder_by_id(id).ok_or_else(|| {
                format!(
                    "--fixed-wonders: unknown wonder `{id}` (valid: {})",
                    valid()
                )
            })?;
            if seen.contains(&w) {
                return Err(format!("--fixed-wonders: `{id}` is given twice"));
            }
            seen.push(w);
            out[seat][i] = w;
        }
    }
    Ok(out)
}

/// Parses a comma-separated list of bot specs, one per seat (or one for every seat).
pub(crate) fn parse_bots(text: &str, seats: usize) -> Result<Vec<BotSpec>, String> {
    let mut specs: Vec<&str> = split_specs(text);
    if specs.len() == 1 {
        specs = vec![specs[0]; seats];
    }
    if specs.len() != seats {
        return Err(format!(
            "--bots needs {seats} bot specs (one per seat, comma-separated), got {}: `{text}`",
            specs.len()
        ));
    }
    specs
        .iter()
        .map(|s| BotSpec::parse(s).map_err(|e| e.to_string()))
        .collect()
}

/// Splits `random,mcts:iterations=200,c=0.5,greedy` into specs: a comma starts a new spec
/// only when what follows is not a `key=value` parameter of the previous one.
pub(crate) fn split_specs(text: &str) -> Vec<&str> {
    let mut specs = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b',' {
            let rest = &text[i + 1..];
            let next = rest.split(',').next().unwrap_or("");
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

/// A comma-separated list of one item per seat, each parsed by `parse`; `flag` and `what`
/// name the option and its items in the error when the count is not the player count.
fn per_seat<T>(
    flag: &str,
    list: &str,
    what: &str,
    players: usize,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let items = list
        .split(',')
        .map(|x| parse(x.trim()))
        .collect::<Result<Vec<T>, String>>()?;
    if items.len() != players {
        return Err(format!(
            "{flag} `{list}`: {} {what} for {players} players",
            items.len()
        ));
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_lists_split_between_specs_not_inside_parameters() {
        assert_eq!(
            split_specs("random,mcts:iterations=200,c=0.5,greedy"),
            vec!["random", "mcts:iterations=200,c=0.5", "greedy"]
        );
        assert_eq!(
            split_specs("mcts:time_ms=5,mcts-cheat:iterations=9"),
            vec!["mcts:time_ms=5", "mcts-cheat:iterations=9"]
        );
        assert_eq!(parse_bots("greedy", 3).unwrap().len(), 3);
        assert!(parse_bots("random,random,random", 2)
            .unwrap_err()
            .contains("needs 2 bot specs"));
        assert!(parse_bots("nobot,random", 2)
            .unwrap_err()
            .contains("unknown bot"));
    }

    #[test]
    fn fixed_wonders_name_the_bad_id() {
        let ok = parse_fixed_wonders(
            "the_pyramids,the_sphinx,piraeus,the_colossus/the_appian_way,circus_maximus,the_mausoleum,the_great_library",
        )
        .unwrap();
        assert_eq!(ok[0][0], wonder_by_id("the_pyramids").unwrap());
        assert_eq!(ok[1][3], wonder_by_id("the_great_library").unwrap());
        let err = parse_fixed_wonders("a,b,c,d/e,f,g,h").unwrap_err();
        assert!(
            err.contains("unknown wonder `a`") && err.contains("the_pyramids"),
            "{err}"
        );
        assert!(parse_fixed_wonders("the_pyramids/the_sphinx").is_err());
    }
}
