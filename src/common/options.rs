//! How a game describes itself and how its options are written as text.
//!
//! One grammar for every game: `key=value` pairs separated by commas, list values joined by
//! `+`, e.g. `edition=v2,players=5,expansions=leaders+cities`. The command line builds the same
//! pairs from its flags (`--players 5` is `players=5`), so both routes meet in one parser.

use std::fmt;

/// One option a game accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// The key (also the command-line flag without its `--`).
    pub key: &'static str,
    /// The values it takes, for help texts (`3..7`, `v1|v2`, …).
    pub values: &'static str,
    /// The value used when the option is not given.
    pub default: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// What a game says about itself: for `--help`, `wonders games`, and to refuse options that do
/// not apply to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The id used on the command line, in records and in the CSV (`duel`, `classic`, …).
    pub id: &'static str,
    /// The game's name (`7 Wonders Duel`).
    pub name: &'static str,
    /// Seats: fewest and most.
    pub seats: (usize, usize),
    /// Seats when the options do not say.
    pub default_seats: usize,
    /// Every option the game accepts.
    pub options: &'static [OptionInfo],
    /// Expansions offered (values of `expansions`).
    pub expansions: &'static [&'static str],
    /// Rule variants offered (values of `variant`).
    pub variants: &'static [&'static str],
    /// The score pad's lines of the base game, in printed order (the total excluded);
    /// expansions may add lines (see `SimGame::score_categories`).
    pub score_lines: &'static [&'static str],
}

impl GameInfo {
    /// The option `key`, if the game accepts it.
    pub fn option(&self, key: &str) -> Option<&'static OptionInfo> {
        self.options.iter().find(|o| o.key == key)
    }

    /// The keys the game accepts, comma-separated (for error messages).
    pub fn option_keys(&self) -> String {
        self.options
            .iter()
            .map(|o| o.key)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Options as text: `key=value` pairs in the order given, each key at most once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionSet {
    pairs: Vec<(String, String)>,
}

/// Why an option text did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(pub String);

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionError {}

impl OptionSet {
    /// No options: every default.
    pub fn new() -> OptionSet {
        OptionSet::default()
    }

    /// Parses `key=value,key=value` (an empty text is no option; an empty item between
    /// commas is an error).
    pub fn parse(text: &str) -> Result<OptionSet, OptionError> {
        let mut set = OptionSet::new();
        if text.trim().is_empty() {
            return Ok(set);
        }
        for item in text.split(',').map(str::trim) {
            if item.is_empty() {
                return Err(OptionError(format!(
                    "options `{}`: an empty option between commas (write key=value,key=value)",
                    cut(text)
                )));
            }
            let Some((key, value)) = item.split_once('=') else {
                return Err(OptionError(format!(
                    "option `{}` has no value (write key=value, e.g. players=5)",
                    cut(item)
                )));
            };
            set.insert(key.trim(), value.trim())?;
        }
        Ok(set)
    }

    /// Adds `key=value`; a key given twice is an error.
    pub fn insert(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        if key.is_empty() {
            return Err(OptionError(format!("option `={}` has no key", cut(value))));
        }
        if self.get(key).is_some() {
            return Err(OptionError(format!("option `{}` is given twice", cut(key))));
        }
        self.pairs.push((key.to_string(), value.to_string()));
        Ok(())
    }

    /// The same options with `key` set to `value` (added, or its value replaced).
    pub fn with(&self, key: &str, value: &str) -> OptionSet {
        let mut set = self.clone();
        match set.pairs.iter_mut().find(|(k, _)| k == key) {
            Some(pair) => pair.1 = value.to_string(),
            None => set.pairs.push((key.to_string(), value.to_string())),
        }
        set
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The list value of `key` (`a+b+c`, or commas where the command line split them), empty
    /// if not given.
    pub fn list(&self, key: &str) -> Vec<&str> {
        self.get(key)
            .map(|v| {
                v.split(['+', ','])
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The keys given, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.pairs.iter().map(|(k, _)| k.as_str())
    }

    /// True when no option is given.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Refuses keys that `info` does not list, naming the valid ones, and an expansion or a
    /// variant named twice or empty (`cities+cities`, `leaders++cities`).
    pub fn check_keys(&self, info: &GameInfo) -> Result<(), OptionError> {
        for key in self.keys() {
            if info.option(key).is_none() {
                return Err(OptionError(format!(
                    "option `{}` does not apply to {} (its options: {})",
                    cut(key),
                    info.id,
                    info.option_keys()
                )));
            }
        }
        for (key, valid) in [("expansions", info.expansions), ("variant", info.variants)] {
            let Some(value) = self.get(key).filter(|v| !v.trim().is_empty()) else {
                continue;
            };
            let items: Vec<&str> = value.split(['+', ',']).map(str::trim).collect();
            for (i, item) in items.iter().enumerate() {
                if item.is_empty() {
                    return Err(OptionError(format!(
                        "{key} `{}`: an empty name in the list (valid: {})",
                        cut(value),
                        valid.join(", ")
                    )));
                }
                if items[..i].contains(item) {
                    return Err(OptionError(format!(
                        "{key}: `{}` is given twice",
                        cut(item)
                    )));
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for OptionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (k, v)) in self.pairs.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

/// A user's value cut to a readable length for an error message, its control characters
/// escaped (`\n`, `\u{1b}`): an error line is one line and never drives the terminal.
pub fn cut(text: &str) -> String {
    const MAX: usize = 40;
    let shown = |s: &mut dyn Iterator<Item = char>| -> String {
        s.map(|c| {
            if c.is_control() {
                c.escape_default().collect()
            } else {
                c.to_string()
            }
        })
        .collect()
    };
    let n = text.chars().count();
    if n <= MAX {
        shown(&mut text.chars())
    } else {
        format!("{}… ({n} characters)", shown(&mut text.chars().take(MAX)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_parse_and_print_back() {
        let set = OptionSet::parse("edition=v2, players=5,expansions=leaders+cities").unwrap();
        assert_eq!(set.get("players"), Some("5"));
        assert_eq!(set.list("expansions"), vec!["leaders", "cities"]);
        assert_eq!(
            set.to_string(),
            "edition=v2,players=5,expansions=leaders+cities"
        );
        assert!(OptionSet::parse("players")
            .unwrap_err()
            .0
            .contains("no value"));
        assert!(OptionSet::parse("a=1,a=2").unwrap_err().0.contains("twice"));
    }

    #[test]
    fn long_values_are_cut() {
        let long = "x".repeat(10_000);
        let msg = OptionSet::parse(&long).unwrap_err().0;
        assert!(msg.len() < 200, "{msg}");
        assert!(msg.contains("10000 characters"));
    }
}
