//! 7 Wonders Duel as the registry sees it: its description and options grammar, replay, the
//! readable log, the component table, and what a seat sees.

use serde_json::Value;

use super::data::{
    wonder_by_id, Card, CoinsPer, GuildCount, Resource, Resources, Wonder, BASE_CARDS, BASE_TOKENS,
    BASE_WONDERS, CARDS, FIRST_GRAND_TEMPLE, NUM_TOKENS, NUM_WONDERS, PROGRESS_TOKENS, WONDERS,
};
use super::events::Event;
use super::log::{describe_step, mythology_tokens_line, score_pad};
use super::pantheon_data::{
    space_cost, DivinityEffect, GrandTemple, Mythology, DIVINITIES, GATE, GRAND_TEMPLES,
    GRAND_TEMPLE_POINTS, MYTHOLOGY_TOKENS_PER_MYTHOLOGY, MYTHOLOGY_TOKEN_SLOTS, OFFERING_TOKENS,
    OFFERING_TOKEN_SLOTS, PANTHEON_SPACES,
};
use super::record;
use super::record::PANTHEON;
use super::state::{Action, Duel, DuelConfig, Score, WonderSelection};
use wonders_common::options::cut;
use wonders_common::{
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
        key: "expansions",
        values: "pantheon",
        default: "-",
        help: "Pantheon: Divinities, the Gate, Offerings, Grand Temples, 2 Wonders, 3 tokens",
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
    expansions: &[PANTHEON],
    variants: &["errata-next-age"],
    score_lines: &Score::CATEGORIES,
};

impl GameModule for Duel {
    type View = crate::SeatView;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn parse_options(options: &OptionSet) -> Result<DuelConfig, String> {
        let mut pantheon = false;
        for e in options.list("expansions") {
            match e {
                PANTHEON => pantheon = true,
                other => {
                    return Err(format!(
                        "expansion `{}` is not valid for duel (valid: {PANTHEON})",
                        cut(other)
                    ))
                }
            }
        }
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
            wonders = WonderSelection::Fixed(parse_fixed_wonders(text, pantheon)?);
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
            pantheon,
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
                "7 Wonders Duel{}, seed {seed}: seat 0 = {}, seat 1 = {}",
                if options.pantheon {
                    " with Pantheon"
                } else {
                    ""
                },
                players[0],
                players[1]
            ),
            "=== Wonder draft ===".to_string(),
        ];
        let mut events = Vec::new();
        for &action in actions {
            let before = game;
            events.clear();
            game.play_heard(action, &mut events)
                .expect("the actions of a played game are legal");
            lines.extend(describe_step(&before, action, &events));
            if events
                .iter()
                .any(|e| matches!(e, Event::AgeBegins { age: 0, .. }))
            {
                lines.push("=== Age I begins ===".to_string());
                lines.extend(mythology_tokens_line(&game));
            }
        }
        lines.push("=== Final score ===".to_string());
        lines.extend(game.score_pad());
        lines
    }

    fn score_pad(&self) -> Vec<String> {
        score_pad(self).lines().map(String::from).collect()
    }

    fn components(options: &DuelConfig) -> Table {
        components(options.pantheon)
    }

    fn view(&self, seat: usize) -> crate::SeatView {
        self.seat_view(seat)
    }
}

/// Parses `a,b,c,d/e,f,g,h` (ids separated by `,` or `+`) into two sets of 4 distinct Wonders:
/// the base game's 12, and with `pantheon` also the Sanctuary and the Divine Theater.
fn parse_fixed_wonders(text: &str, pantheon: bool) -> Result<[[u8; 4]; 2], String> {
    let in_play = if pantheon { NUM_WONDERS } else { BASE_WONDERS };
    let valid = || {
        WONDERS[..in_play]
            .iter()
            .map(|w| w.id)
            .collect::<Vec<_>>()
            .join(", ")
    };
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
            if w as usize >= in_play {
                return Err(format!(
                    "fixed-wonders: `{id}` is a Pantheon Wonder (add expansions pantheon)"
                ));
            }
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

/// The columns Pantheon's listing adds: the Mythology of a Divinity, deck or Grand Temple, a
/// Divinity's Italian name, and what activating a card on a Pantheon space costs each seat
/// (before the Gate's doubling, the Sanctuary and Offerings).
const PANTHEON_COLUMNS: [&str; 4] = [
    "mythology",
    "name_it",
    "activation_cost_p1",
    "activation_cost_p2",
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

/// The effect of a Wonder, in words.
fn wonder_effect(w: &Wonder) -> String {
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
    if w.pantheon_discount > 0 {
        effect.push(format!(
            "each later Pantheon activation costs {} coins less (after the Gate's doubling, not \
             below 0)",
            w.pantheon_discount
        ));
    }
    if w.activates_from_deck {
        effect.push(
            "take a Mythology deck, activate one of its Divinities free, put the rest back in \
             any order"
                .into(),
        );
    }
    effect.join("; ")
}

/// A component row: `kind`, `id`, `name`, then the other columns by name (absent ones empty).
/// `extra` is true when the table has Pantheon's columns.
fn row(kind: &str, id: &str, name: &str, fields: &[(&str, Cell)], extra: bool) -> Vec<Cell> {
    let columns: Vec<&str> = if extra {
        COLUMNS.iter().chain(&PANTHEON_COLUMNS).copied().collect()
    } else {
        COLUMNS.to_vec()
    };
    columns
        .iter()
        .map(|&col| match col {
            "kind" => kind.into(),
            "id" => id.into(),
            "name" => name.into(),
            _ => fields
                .iter()
                .find(|(k, _)| *k == col)
                .map_or(Cell::Empty, |(_, v)| v.clone()),
        })
        .collect()
}

/// Every card, Wonder and Progress token with every field; with Pantheon, the game's cards
/// (every Guild stays in the box), the Grand Temples, the 14 Wonders, the 13 tokens, the
/// Mythologies, the Divinities, the Gate, the Pantheon spaces and the Offering tokens.
fn components(pantheon: bool) -> Table {
    let mut rows = Vec::new();
    let int = |n: i64| Cell::Int(n);
    let (n_wonders, n_tokens) = if pantheon {
        (NUM_WONDERS, NUM_TOKENS)
    } else {
        (BASE_WONDERS, BASE_TOKENS)
    };
    for c in &CARDS[..BASE_CARDS] {
        if pantheon && c.guild.is_some() {
            continue;
        }
        rows.push(row(
            "card",
            c.id,
            c.name,
            &[
                ("age", int(c.age as i64)),
                ("color", c.color.id().into()),
                ("cost_coins", int(c.cost_coins as i64)),
                ("cost", resources(c.cost)),
                ("chain_from", c.chain_from.map(|x| x.id()).into()),
                ("chain_to", c.chain_to.map(|x| x.id()).into()),
                ("produces", resources(c.produces)),
                ("produces_one_of", choice(c.produces_one_of)),
                ("points", int(c.points as i64)),
                ("shields", int(c.shields as i64)),
                ("science", c.science.map(|s| s.id()).into()),
                ("coins", int(c.coins as i64)),
                ("effect", text_or_empty(card_effect(c))),
            ],
            pantheon,
        ));
    }
    if pantheon {
        let points = GRAND_TEMPLE_POINTS[1..]
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("/");
        for (i, t) in GRAND_TEMPLES.iter().enumerate() {
            let card = &CARDS[FIRST_GRAND_TEMPLE as usize + i];
            let m = t.mythology;
            rows.push(row(
                "grand_temple",
                t.id,
                t.name,
                &[
                    ("age", int(GrandTemple::AGE as i64)),
                    ("color", GrandTemple::COLOR.id().into()),
                    ("cost_coins", int(card.cost_coins as i64)),
                    ("cost", resources(t.cost)),
                    ("chain_from", card.chain_from.map(|x| x.id()).into()),
                    (
                        "effect",
                        format!(
                            "free with a {} Mythology token (kept; a chain build); 1/2/3 Grand \
                         Temples in a city: {points} VP; card no. {}",
                            m.name(),
                            t.num
                        )
                        .into(),
                    ),
                    ("mythology", m.id().into()),
                ],
                true,
            ));
        }
    }
    for w in &WONDERS[..n_wonders] {
        rows.push(row(
            "wonder",
            w.id,
            w.name,
            &[
                ("cost", resources(w.cost)),
                ("produces_one_of", choice(w.produces_one_of)),
                ("points", int(w.points as i64)),
                ("shields", int(w.shields as i64)),
                ("coins", int(w.coins as i64)),
                ("effect", text_or_empty(wonder_effect(w))),
            ],
            pantheon,
        ));
    }
    for t in &PROGRESS_TOKENS[..n_tokens] {
        rows.push(row(
            "progress",
            t.id,
            t.name,
            &[
                ("points", int(t.points as i64)),
                ("coins", int(t.coins as i64)),
                ("effect", text_or_empty(t.rule.to_string())),
            ],
            pantheon,
        ));
    }
    if pantheon {
        pantheon_rows(&mut rows);
    }
    let mut columns = COLUMNS.to_vec();
    if pantheon {
        columns.extend(PANTHEON_COLUMNS);
    }
    Table {
        title: "duel components",
        columns,
        rows,
    }
}

/// Pantheon's own components: the Mythologies (decks and tokens), the Divinities, the Gate, the
/// spaces and the Offering tokens.
fn pantheon_rows(rows: &mut Vec<Vec<Cell>>) {
    let int = |n: i64| Cell::Int(n);
    let slots = |s: &[u8]| {
        s.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    for m in Mythology::ALL {
        let divinities: Vec<&str> = m.divinities().map(|d| DIVINITIES[d as usize].id).collect();
        rows.push(row(
            "mythology",
            m.id(),
            m.name(),
            &[
                ("color", m.deck_color().id().into()),
                (
                    "effect",
                    format!(
                        "{} Divinities; deck of 3 ({}), back {}; {MYTHOLOGY_TOKENS_PER_MYTHOLOGY} \
                         Mythology tokens ({}): 5 of the 10 lie on the Age I cards of slots {}, \
                         whoever turns such a card over takes the token, places one of the top 2 \
                         {} Divinities face down on an empty space, and builds the {} free",
                        m.theme(),
                        divinities.join(", "),
                        m.deck_color().id(),
                        m.symbol(),
                        slots(&MYTHOLOGY_TOKEN_SLOTS),
                        m.name(),
                        GRAND_TEMPLES[m as usize].name,
                    )
                    .into(),
                ),
                ("mythology", m.id().into()),
            ],
            true,
        ));
    }
    for d in &DIVINITIES {
        let mut fields = vec![
            ("effect", Cell::from(d.rule)),
            ("mythology", d.mythology.id().into()),
            ("name_it", d.name_it.into()),
        ];
        match d.effect {
            DivinityEffect::Science(s) => fields.push(("science", s.id().into())),
            DivinityEffect::ProtectedCoins(n) | DivinityEffect::Coins(n) => {
                fields.push(("coins", int(n as i64)))
            }
            DivinityEffect::Points(n) => fields.push(("points", int(n as i64))),
            DivinityEffect::Shields(n) => fields.push(("shields", int(n as i64))),
            _ => {}
        }
        rows.push(row("divinity", d.id, d.name, &fields, true));
    }
    rows.push(row(
        "gate",
        GATE.id,
        GATE.name,
        &[
            (
                "effect",
                format!(
                    "put on the empty space at the start of Age II; activation costs {} times \
                     its space's cost. {}",
                    GATE.cost_factor, GATE.rule
                )
                .into(),
            ),
            ("name_it", GATE.name_it.into()),
        ],
        true,
    ));
    for space in 1..=PANTHEON_SPACES as u8 {
        rows.push(row(
            "space",
            &format!("space_{space}"),
            &format!("Pantheon space {space}"),
            &[
                ("activation_cost_p1", int(space_cost(space, 0) as i64)),
                ("activation_cost_p2", int(space_cost(space, 1) as i64)),
            ],
            true,
        ));
    }
    for v in OFFERING_TOKENS {
        rows.push(row(
            "offering",
            &format!("offering_{v}"),
            &format!("Offering token {v}"),
            &[(
                "effect",
                format!(
                    "{v} coins off one Pantheon activation (several may be used together, no \
                     change given), then discarded; the 3 lie on the Age II cards of slots {}, \
                     whoever turns such a card over takes the token",
                    slots(&OFFERING_TOKEN_SLOTS)
                )
                .into(),
            )],
            true,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_bad_values_are_named() {
        let o = |t: &str| Duel::parse_options(&OptionSet::parse(t).unwrap());
        assert_eq!(o("").unwrap().wonders, WonderSelection::Draft);
        assert!(!o("").unwrap().pantheon);
        assert_eq!(
            o("wonders=random").unwrap().wonders,
            WonderSelection::Random
        );
        assert!(o("variant=errata-next-age").unwrap().errata_next_age);
        assert!(o("wonders=chaos").unwrap_err().contains("draft and random"));
        assert!(o("variant=x").unwrap_err().contains("errata-next-age"));
        let fixed = o("fixed-wonders=the_pyramids+the_sphinx+piraeus+the_colossus/the_appian_way+circus_maximus+the_mausoleum+the_great_library").unwrap();
        assert!(matches!(fixed.wonders, WonderSelection::Fixed(_)));
        let e = parse_fixed_wonders("a,b,c,d/e,f,g,h", false).unwrap_err();
        assert!(
            e.contains("unknown wonder `a`") && e.contains("the_pyramids"),
            "{e}"
        );
        assert!(!e.contains("the_sanctuary"), "{e}");
        assert!(parse_fixed_wonders("the_pyramids/the_sphinx", false).is_err());
    }

    #[test]
    fn pantheon_is_an_expansion_of_duel() {
        let o = |t: &str| Duel::parse_options(&OptionSet::parse(t).unwrap());
        assert!(Duel::info().expansions.contains(&"pantheon"));
        let p = o("expansions=pantheon,variant=errata-next-age,wonders=random").unwrap();
        assert!(p.pantheon && p.errata_next_age);
        assert_eq!(p.wonders, WonderSelection::Random);
        let e = o("expansions=agora").unwrap_err();
        assert!(e.contains("`agora`") && e.contains("pantheon"), "{e}");
        // The Pantheon Wonders only with Pantheon.
        let fixed = "fixed-wonders=the_sanctuary+the_sphinx+piraeus+the_colossus/the_appian_way+circus_maximus+the_mausoleum+the_divine_theater";
        let e = o(fixed).unwrap_err();
        assert!(e.contains("the_sanctuary") && e.contains("pantheon"), "{e}");
        let p = o(&format!("expansions=pantheon,{fixed}")).unwrap();
        let WonderSelection::Fixed(seats) = p.wonders else {
            panic!("fixed")
        };
        assert_eq!(seats[0][0], 12);
        assert_eq!(seats[1][3], 13);
        let e = parse_fixed_wonders("x,b,c,d/e,f,g,h", true).unwrap_err();
        assert!(e.contains("the_divine_theater"), "{e}");
    }

    #[test]
    fn the_component_table_has_every_component_once() {
        let t = components(false);
        assert_eq!(t.rows.len(), 73 + 12 + 10);
        assert_eq!(t.columns.len(), 16);
        assert!(t.rows.iter().all(|r| r.len() == t.columns.len()));
        let forum = t.rows.iter().find(|r| r[1] == Cell::from("forum")).unwrap();
        assert_eq!(forum[10], Cell::from("glass/papyrus (not for sale)"));
    }

    #[test]
    fn the_pantheon_table_lists_the_expansion() {
        let t = components(true);
        let count = |kind: &str| t.rows.iter().filter(|r| r[0] == Cell::from(kind)).count();
        assert!(t.rows.iter().all(|r| r.len() == t.columns.len()));
        assert_eq!(count("card"), 66, "every Guild stays in the box");
        assert_eq!(count("grand_temple"), 5);
        assert_eq!(count("wonder"), 14);
        assert_eq!(count("progress"), 13);
        assert_eq!(count("mythology"), 5);
        assert_eq!(count("divinity"), 15);
        assert_eq!(count("gate"), 1);
        assert_eq!(count("space"), 6);
        assert_eq!(count("offering"), 3);
        let col = |name: &str| t.columns.iter().position(|c| *c == name).unwrap();
        let find = |id: &str| t.rows.iter().find(|r| r[1] == Cell::from(id)).unwrap();
        assert_eq!(find("space_1")[col("activation_cost_p1")], Cell::Int(8));
        assert_eq!(find("space_1")[col("activation_cost_p2")], Cell::Int(3));
        assert_eq!(find("tanit")[col("coins")], Cell::Int(12));
        assert_eq!(find("aphrodite")[col("points")], Cell::Int(9));
        assert_eq!(find("mars")[col("shields")], Cell::Int(2));
        assert_eq!(find("ishtar")[col("science")], Cell::from("law"));
        assert_eq!(find("zeus")[col("mythology")], Cell::from("greek"));
        let temple = find("greek_grand_temple");
        assert_eq!(
            temple[col("cost")],
            Cell::from("3 stone + 1 glass + 1 papyrus")
        );
        assert!(temple[col("effect")].text().contains("5/12/21 VP"));
        assert!(find("the_sanctuary")[col("effect")]
            .text()
            .contains("2 coins less"));
        assert!(find("the_divine_theater")[col("effect")]
            .text()
            .contains("Mythology deck"));
        assert!(find("mysticism")[col("effect")].text().contains("2 VP"));
    }
}
