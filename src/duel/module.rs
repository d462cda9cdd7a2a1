//! 7 Wonders Duel as the registry sees it: its description and options grammar, replay, the
//! readable log, the component table, and what a seat sees.

use serde_json::Value;

use super::data::{
    wonder_by_id, Card, CoinsPer, GuildCount, Resource, Resources, CARDS, PROGRESS_TOKENS, WONDERS,
};
use super::log::{describe_step, score_pad};
use super::record;
use super::state::{Action, Duel, DuelConfig, Score, WonderSelection};
use crate::common::options::cut;
use crate::common::{
    Cell, GameInfo, GameModule, OptionInfo, OptionSet, ReplayError, Replayed, SimGame, Table,
};

/// The option keys Duel accepts.
const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "wonders",
        values: "draft|random",
        default: "draft",
        help: "the rulebook's draft by the bots, or a random deal of 4 + 4",
    },
    OptionInfo {
        key: "fixed-wonders",
        values: "4 ids/4 ids",
        default: "-",
        help: "fixed Wonders per seat, e.g. the_pyramids,the_sphinx,piraeus,the_colossus/...",
    },
    OptionInfo {
        key: "variant",
        values: "errata-next-age",
        default: "-",
        help: "the 2016 errata: the last player chooses who starts when the pawn is centred",
    },
];

static INFO: GameInfo = GameInfo {
    id: "duel",
    name: "7 Wonders Duel",
    seats: (2, 2),
    default_seats: 2,
    options: OPTIONS,
    expansions: &[],
    variants: &["errata-next-age"],
    score_lines: &Score::CATEGORIES,
};

impl GameModule for Duel {
    type View = String;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn parse_options(options: &OptionSet) -> Result<DuelConfig, String> {
        let mut wonders = match options.get("wonders") {
            None | Some("draft") => WonderSelection::Draft,
            Some("random") => WonderSelection::Random,
            Some(other) => {
                return Err(format!(
                    "wonders `{}`: valid values are draft and random",
                    cut(other)
                ))
            }
        };
        if let Some(text) = options.get("fixed-wonders") {
            wonders = WonderSelection::Fixed(parse_fixed_wonders(text)?);
        }
        let mut errata_next_age = false;
        for v in options.list("variant") {
            match v {
                "errata-next-age" => errata_next_age = true,
                other => {
                    return Err(format!(
                        "unknown variant `{}` for duel (valid: errata-next-age)",
                        cut(other)
                    ))
                }
            }
        }
        Ok(DuelConfig {
            errata_next_age,
            wonders,
            pantheon: false,
        })
    }

    fn replay(record: &Value) -> Result<Replayed<Duel>, ReplayError> {
        let r = record::replay(record)?;
        Ok(Replayed {
            game: r.game,
            actions: r.actions,
            result_checked: r.checked_result,
        })
    }

    fn play_log(
        options: &DuelConfig,
        seed: u64,
        players: &[String],
        actions: &[Action],
    ) -> Vec<String> {
        let mut game = Duel::new_game(options, seed);
        let mut lines = vec![
            format!(
                "7 Wonders Duel, seed {seed}: P1 = {}, P2 = {}",
                players[0], players[1]
            ),
            "=== Wonder draft ===".to_string(),
        ];
        for &action in actions {
            let before = game;
            game.play(action)
                .expect("the actions of a played game are legal");
            lines.extend(describe_step(&before, action, &game));
            if before.is_drafting() && !game.is_drafting() {
                lines.push("=== Age I begins ===".to_string());
            }
        }
        lines.push("=== Final score ===".to_string());
        lines.extend(game.score_pad());
        lines
    }

    fn score_pad(&self) -> Vec<String> {
        score_pad(self).lines().map(String::from).collect()
    }

    fn components(_: &DuelConfig) -> Table {
        components()
    }

    fn view(&self, _seat: usize) -> String {
        self.public_view()
    }
}

/// Parses `a,b,c,d/e,f,g,h` (ids separated by `,` or `+`) into two sets of 4 distinct Wonders.
fn parse_fixed_wonders(text: &str) -> Result<[[u8; 4]; 2], String> {
    let valid = || WONDERS.iter().map(|w| w.id).collect::<Vec<_>>().join(", ");
    let halves: Vec<&str> = text.split('/').collect();
    if halves.len() != 2 {
        return Err(format!(
            "fixed-wonders `{}`: give 4 wonder ids for seat 0, `/`, 4 for seat 1",
            cut(text)
        ));
    }
    let mut out = [[0u8; 4]; 2];
    let mut seen = Vec::new();
    for (seat, half) in halves.iter().enumerate() {
        let ids: Vec<&str> = half
            .split([',', '+'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if ids.len() != 4 {
            return Err(format!(
                "fixed-wonders: seat {seat} needs 4 wonders, got {}",
                ids.len()
            ));
        }
        for (i, id) in ids.iter().enumerate() {
            let w = wonder_by_id(id).ok_or_else(|| {
                format!(
                    "fixed-wonders: unknown wonder `{}` (valid: {})",
                    cut(id),
                    valid()
                )
            })?;
            if seen.contains(&w) {
                return Err(format!("fixed-wonders: `{id}` is given twice"));
            }
            seen.push(w);
            out[seat][i] = w;
        }
    }
    Ok(out)
}

/// The columns of the component table.
const COLUMNS: [&str; 16] = [
    "kind",
    "id",
    "name",
    "age",
    "color",
    "cost_coins",
    "cost",
    "chain_from",
    "chain_to",
    "produces",
    "produces_one_of",
    "points",
    "shields",
    "science",
    "coins",
    "effect",
];

fn text_or_empty(s: String) -> Cell {
    if s.is_empty() {
        Cell::Empty
    } else {
        Cell::Text(s)
    }
}

/// Resources as text (`2 stone + 1 papyrus`), none as an empty cell.
fn resources(r: Resources) -> Cell {
    if r.is_empty() {
        Cell::Empty
    } else {
        Cell::Text(r.to_string())
    }
}

/// A choice of one resource among several, written `wood/clay/stone`. In Duel only yellow cards
/// and Wonders produce a choice, and the opponent's trade price never counts it: marked.
fn choice(r: Resources) -> Cell {
    let ids: Vec<&str> = Resource::ALL
        .into_iter()
        .filter(|&x| r.get(x) > 0)
        .map(Resource::id)
        .collect();
    if ids.is_empty() {
        Cell::Empty
    } else {
        Cell::Text(format!("{} (not for sale)", ids.join("/")))
    }
}

fn card_effect(c: &Card) -> String {
    let mut parts = Vec::new();
    if !c.trade_at_one.is_empty() {
        parts.push(format!("buy {} at 1 coin", c.trade_at_one));
    }
    match c.coins_per {
        Some(CoinsPer::Card(n, color)) => parts.push(format!("{n} coins per {} card", color.id())),
        Some(CoinsPer::Wonder(n)) => parts.push(format!("{n} coins per built wonder")),
        None => {}
    }
    if let Some(g) = c.guild {
        let what = match g.counts {
            GuildCount::Cards(colors) => {
                colors.iter().map(|c| c.id()).collect::<Vec<_>>().join("+") + " cards"
            }
            GuildCount::Wonders => "wonders".into(),
            GuildCount::CoinSetsOf3 => "sets of 3 coins".into(),
        };
        parts.push(format!(
            "city with most {what}: {} VP each at end, {} coin each when built",
            g.points_per, g.coins_per
        ));
    }
    parts.join("; ")
}

/// Every card, Wonder and Progress token with every field.
fn components() -> Table {
    let mut rows = Vec::new();
    let int = |n: i64| Cell::Int(n);
    for c in &CARDS {
        rows.push(vec![
            "card".into(),
            c.id.into(),
            c.name.into(),
            int(c.age as i64),
            c.color.id().into(),
            int(c.cost_coins as i64),
            resources(c.cost),
            c.chain_from.map(|x| x.id()).into(),
            c.chain_to.map(|x| x.id()).into(),
            resources(c.produces),
            choice(c.produces_one_of),
            int(c.points as i64),
            int(c.shields as i64),
            c.science.map(|s| s.id()).into(),
            int(c.coins as i64),
            text_or_empty(card_effect(c)),
        ]);
    }
    for w in &WONDERS {
        let mut effect = Vec::new();
        if w.extra_turn {
            effect.push("play again".to_string());
        }
        if w.opponent_loses > 0 {
            effect.push(format!("opponent loses {} coins", w.opponent_loses));
        }
        if let Some(c) = w.destroys {
            effect.push(format!("destroy an opponent {} card", c.id()));
        }
        if w.builds_from_discard {
            effect.push("build a discarded card free".into());
        }
        if w.takes_boxed_token {
            effect.push("draw 3 boxed progress tokens, keep 1".into());
        }
        rows.push(vec![
            "wonder".into(),
            w.id.into(),
            w.name.into(),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            resources(w.cost),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            choice(w.produces_one_of),
            int(w.points as i64),
            int(w.shields as i64),
            Cell::Empty,
            int(w.coins as i64),
            text_or_empty(effect.join("; ")),
        ]);
    }
    for t in &PROGRESS_TOKENS {
        rows.push(vec![
            "progress".into(),
            t.id.into(),
            t.name.into(),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            int(t.points as i64),
            Cell::Empty,
            Cell::Empty,
            int(t.coins as i64),
            text_or_empty(t.rule.to_string()),
        ]);
    }
    Table {
        title: "duel components",
        columns: COLUMNS.to_vec(),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_bad_values_are_named() {
        let o = |t: &str| Duel::parse_options(&OptionSet::parse(t).unwrap());
        assert_eq!(o("").unwrap().wonders, WonderSelection::Draft);
        assert_eq!(
            o("wonders=random").unwrap().wonders,
            WonderSelection::Random
        );
        assert!(o("variant=errata-next-age").unwrap().errata_next_age);
        assert!(o("wonders=chaos").unwrap_err().contains("draft and random"));
        assert!(o("variant=x").unwrap_err().contains("errata-next-age"));
        let fixed = o("fixed-wonders=the_pyramids+the_sphinx+piraeus+the_colossus/the_appian_way+circus_maximus+the_mausoleum+the_great_library").unwrap();
        assert!(matches!(fixed.wonders, WonderSelection::Fixed(_)));
        let e = parse_fixed_wonders("a,b,c,d/e,f,g,h").unwrap_err();
        assert!(
            e.contains("unknown wonder `a`") && e.contains("the_pyramids"),
            "{e}"
        );
        assert!(parse_fixed_wonders("the_pyramids/the_sphinx").is_err());
    }

    #[test]
    fn the_component_table_has_every_component_once() {
        let t = components();
        assert_eq!(t.rows.len(), 73 + 12 + 10);
        assert!(t.rows.iter().all(|r| r.len() == t.columns.len()));
        let forum = t.rows.iter().find(|r| r[1] == Cell::from("forum")).unwrap();
        assert_eq!(forum[10], Cell::from("glass/papyrus (not for sale)"));
    }
}
