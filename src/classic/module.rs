//! 7 Wonders as the registry sees it: its description and options grammar, replay, the
//! readable log, the component table, and what a seat sees.

use serde_json::Value;

use super::data::{CardId, Color, Edition, Effect, Expansion, ExpansionSet, Side, Wonder};
use super::expansion::{catalog, IDS};
use super::leader_draft::check_decks;
use super::leaders_data::LeaderDeck;
use super::log::{effect_text, power_text, score_pad_of, turn_log};
use super::record::replay;
use super::state::{Action, ClassicConfig, ClassicGame, SidePolicy};
use wonders_common::options::cut;
use wonders_common::{
    Cell, GameInfo, GameModule, OptionInfo, OptionSet, ReplayError, Replayed, SimGame, Table,
};

/// The option keys 7 Wonders accepts.
const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "players",
        values: "3..7",
        default: "4",
        help: "number of players",
    },
    OptionInfo {
        key: "edition",
        values: "v1|v2",
        default: "v2",
        help: "v2 (2020, Day/Night sides) or v1 (2010, A/B sides)",
    },
    OptionInfo {
        key: "sides",
        values: "day|night|a|b|random|mixed|x+y+…",
        default: "day/a",
        help: "wonder sides: one for all, a draw for the table, a draw per seat, or one per seat",
    },
    OptionInfo {
        key: "boards",
        values: "id|random per seat",
        default: "random",
        help: "a fixed board per seat, e.g. gizah+babylon+random",
    },
    OptionInfo {
        key: "expansions",
        values: "leaders|cities|leaders+cities",
        default: "",
        help: "2nd edition: Leaders (the draft, recruitment, Roma, Abu Simbel) and Cities \
               (black cards, debts, Diplomacy, Byzantium, Petra)",
    },
    OptionInfo {
        key: "leader-decks",
        values: "standard|standard+expert|…+cities",
        default: "standard+expert (+cities with Cities)",
        help: "Leaders: the leader decks shuffled together",
    },
    OptionInfo {
        key: "variant",
        values: "teams",
        default: "",
        help: "teams: the team variant of Cities, 4 or 6 players in teams of two neighbours \
               (seats 0+1, 2+3, 4+5)",
    },
    OptionInfo {
        key: "collapse-splits",
        values: "true|false",
        default: "false",
        help: "offer one payment split per build instead of every cheapest split",
    },
];

static INFO: GameInfo = GameInfo {
    id: "classic",
    name: "7 Wonders",
    seats: (3, 7),
    default_seats: 4,
    options: OPTIONS,
    expansions: &IDS,
    variants: &["teams"],
    score_lines: &super::scoring::BASE_LINE_IDS,
};

/// `n` `what`, with the plural where it belongs (`1 side`, `2 sides`).
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// A list of one item per seat (`a+b+a`, or commas), each parsed by `parse`.
fn per_seat<T>(
    key: &str,
    list: &str,
    what: &str,
    players: usize,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let items = list
        .split(['+', ','])
        .map(|x| parse(x.trim()))
        .collect::<Result<Vec<T>, String>>()?;
    if items.len() != players {
        return Err(format!(
            "{key} `{}`: {} for {}",
            cut(list),
            count(items.len(), what),
            count(players, "player")
        ));
    }
    Ok(items)
}

impl GameModule for ClassicGame {
    type View = crate::SeatView;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn parse_options(options: &OptionSet) -> Result<ClassicConfig, String> {
        let players = match options.get("players") {
            None => 4,
            Some(p) => match p.parse::<usize>() {
                Ok(n) if (3..=7).contains(&n) => n,
                _ => {
                    return Err(format!(
                        "players `{}`: 7 Wonders seats 3 to 7 players",
                        cut(p)
                    ))
                }
            },
        };
        let edition = match options.get("edition") {
            None => Edition::V2,
            Some(e) => Edition::from_id(e)
                .ok_or_else(|| format!("edition `{}`: valid editions are v1 and v2", cut(e)))?,
        };
        let default_sides = match edition {
            Edition::V1 => "a",
            Edition::V2 => "day",
        };
        let sides = match options.get("sides").unwrap_or(default_sides) {
            "day" => SidePolicy::Day,
            "night" => SidePolicy::Night,
            "a" => SidePolicy::A,
            "b" => SidePolicy::B,
            "random" => SidePolicy::Random,
            "mixed" => SidePolicy::Mixed,
            list => SidePolicy::PerSeat(per_seat("sides", list, "side", players, |x| {
                Side::from_id(x).ok_or_else(|| {
                    format!(
                        "sides: `{}` is not a side (valid: day, night, a, b, random, mixed, or \
                         one side per seat)",
                        cut(x)
                    )
                })
            })?),
        };
        let mut expansions = ExpansionSet::NONE;
        for e in options.list("expansions") {
            match Expansion::from_id(e) {
                Some(_) if edition != Edition::V2 => {
                    return Err(format!(
                        "expansion `{e}` is played with the 2nd edition (edition v2)"
                    ))
                }
                Some(x) => expansions.insert(x),
                None => {
                    return Err(format!(
                        "expansion `{}` is not valid for classic (valid: {})",
                        cut(e),
                        IDS.join(", ")
                    ))
                }
            }
        }
        let leader_decks = match options.get("leader-decks") {
            None => Vec::new(),
            Some(_) if !expansions.contains(Expansion::LEADERS) => {
                return Err("leader-decks: Leaders is not in play (add expansions leaders)".into())
            }
            Some(_) => {
                let decks = options
                    .list("leader-decks")
                    .into_iter()
                    .map(|d| {
                        LeaderDeck::from_id(d).ok_or_else(|| {
                            format!(
                                "leader-decks: unknown deck `{}` (valid: standard, expert, cities)",
                                cut(d)
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                check_decks(&decks, expansions.contains(Expansion::CITIES))?;
                decks
            }
        };
        let boards_in_play = catalog(edition, expansions);
        let wonders = match options.get("boards") {
            None => Vec::new(),
            Some(list) => per_seat("boards", list, "board", players, |x| match x {
                "random" => Ok(None),
                id => Wonder::from_id(id)
                    .filter(|w| boards_in_play.boards.contains(w))
                    .map(Some)
                    .ok_or_else(|| {
                        let valid: Vec<&str> =
                            boards_in_play.boards.iter().map(|w| w.id()).collect();
                        format!(
                            "boards: unknown board `{}` (valid: {}, random)",
                            cut(id),
                            valid.join(", ")
                        )
                    }),
            })?,
        };
        let collapse_payment_splits = match options.get("collapse-splits") {
            None | Some("false") => false,
            Some("true") => true,
            Some(other) => {
                return Err(format!(
                    "collapse-splits `{}`: valid values are true and false",
                    cut(other)
                ))
            }
        };
        let mut teams = false;
        for v in options.list("variant") {
            match v {
                "teams" => teams = true,
                other => {
                    return Err(format!(
                        "unknown variant `{}` for classic (valid: teams)",
                        cut(other)
                    ))
                }
            }
        }
        let config = ClassicConfig {
            players,
            edition,
            sides,
            collapse_payment_splits,
            wonders,
            expansions,
            leader_decks,
            teams,
        };
        // The combination (sides of the edition, boards given twice …) is checked by a set-up.
        ClassicGame::new(&config, 0).map_err(|e| e.0)?;
        Ok(config)
    }

    fn replay(record: &Value) -> Result<Replayed<ClassicGame>, ReplayError> {
        let game = replay(record)?;
        let actions = game.history().iter().map(|p| p.action).collect();
        let result_checked = record.get("result").is_some_and(|r| !r.is_null());
        Ok(Replayed {
            game,
            actions,
            result_checked,
        })
    }

    fn play_log(
        options: &ClassicConfig,
        seed: u64,
        players: &[String],
        actions: &[Action],
    ) -> Vec<String> {
        let mut game = ClassicGame::new_game(options, seed);
        let mut events = Vec::new();
        game.tell_setup(&mut events);
        for &a in actions {
            game.play_heard(a, &mut events)
                .expect("the actions of a played game are legal");
        }
        let seats: Vec<String> = players
            .iter()
            .enumerate()
            .map(|(i, s)| format!("seat {i} = {s}"))
            .collect();
        let mut lines = vec![format!("Bots: {}", seats.join(", "))];
        lines.extend(turn_log(&game, &events));
        lines
    }

    fn score_pad(&self) -> Vec<String> {
        score_pad_of(self)
    }

    fn components(options: &ClassicConfig) -> Table {
        components(options.edition, options.expansions)
    }

    fn view(&self, seat: usize) -> crate::SeatView {
        self.seat_view(seat)
    }
}

const COLUMNS: [&str; 13] = [
    "kind",
    "id",
    "name",
    "edition",
    "age",
    "color",
    "players",
    "wonder_side",
    "stage",
    "cost",
    "chain_from",
    "chain_to",
    "effect",
];

/// A card's effect in words; yellow choice production (Forum, Caravansery) is marked, since
/// neighbours may not buy it.
fn card_effect(c: &super::data::Card) -> String {
    let text = effect_text(&c.effect);
    match (c.color, &c.effect) {
        (Color::Yellow, Effect::OneOf(_)) => format!("{text} (not for sale)"),
        _ => text,
    }
}

/// Every card copy (with the player count it enters the deck at) and every wonder stage.
fn components(edition: Edition, expansions: ExpansionSet) -> Table {
    let cat = catalog(edition, expansions);
    let key = |c: CardId| cat.card(c).key;
    let mut rows = Vec::new();
    for copy in &cat.copies {
        let c = cat.card(copy.card);
        let chain_to: Vec<&str> = cat
            .cards
            .iter()
            .filter(|d| d.chain_from.contains(copy.card.0))
            .map(|d| d.key)
            .collect();
        let chain_from: Vec<&str> = c.chain_from.iter().map(|i| key(CardId(i))).collect();
        let list = |l: Vec<&str>| {
            if l.is_empty() {
                Cell::Empty
            } else {
                Cell::Text(l.join(","))
            }
        };
        rows.push(vec![
            "card".into(),
            c.key.into(),
            c.name.into(),
            edition.id().into(),
            Cell::Int(copy.age as i64),
            c.color.id().into(),
            match (copy.min_players, c.color) {
                (Some(p), _) => Cell::Int(p as i64),
                (None, Color::Black) => "black".into(),
                (None, _) => "guild".into(),
            },
            Cell::Empty,
            Cell::Empty,
            c.cost.describe().into(),
            list(chain_from),
            list(chain_to),
            card_effect(c).into(),
        ]);
    }
    for &w in &cat.boards {
        for side in 0..2 {
            let s = cat.side(w, side);
            for (k, st) in s.stages.iter().enumerate() {
                let mut effect = st
                    .powers
                    .iter()
                    .map(power_text)
                    .collect::<Vec<_>>()
                    .join("; ");
                if k == 0 {
                    effect += &format!(
                        " (board produces {}, for sale to the neighbours)",
                        s.resource.map_or("nothing", |r| r.id())
                    );
                }
                rows.push(vec![
                    "stage".into(),
                    w.id().into(),
                    s.name.into(),
                    edition.id().into(),
                    Cell::Empty,
                    Cell::Empty,
                    Cell::Empty,
                    s.side.id().into(),
                    Cell::Int(k as i64 + 1),
                    st.cost.describe().into(),
                    Cell::Empty,
                    Cell::Empty,
                    effect.into(),
                ]);
            }
        }
    }
    if expansions.contains(Expansion::LEADERS) {
        // Every leader of the 2nd edition (the `players` column names its deck).
        for l in crate::leaders_data::LEADERS {
            if l.deck == LeaderDeck::Cities && !expansions.contains(Expansion::CITIES) {
                continue;
            }
            let cost = match l.cost {
                crate::leaders_data::LeaderCost::Fixed(n) => {
                    format!("{n} coin{}", if n == 1 { "" } else { "s" })
                }
                crate::leaders_data::LeaderCost::ByAge => "1/2/3 coins in Age I/II/III".into(),
            };
            rows.push(vec![
                "leader".into(),
                l.id.into(),
                l.name.into(),
                edition.id().into(),
                Cell::Empty,
                Cell::Empty,
                format!("{} deck", l.deck.id()).into(),
                Cell::Empty,
                Cell::Empty,
                cost.into(),
                Cell::Empty,
                Cell::Empty,
                l.text().into(),
            ]);
        }
    }
    Table {
        title: "classic components",
        columns: COLUMNS.to_vec(),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ClassicConfig, String> {
        ClassicGame::parse_options(&OptionSet::parse(text).unwrap())
    }

    #[test]
    fn options_have_sensible_defaults_per_edition() {
        let c = parse("").unwrap();
        assert_eq!((c.players, c.edition), (4, Edition::V2));
        assert!(matches!(c.sides, SidePolicy::Day));
        assert!(matches!(parse("edition=v1").unwrap().sides, SidePolicy::A));
        assert!(matches!(
            parse("players=3,sides=a+b+a,edition=v1").unwrap().sides,
            SidePolicy::PerSeat(_)
        ));
    }

    #[test]
    fn bad_options_are_named_with_plurals_right() {
        assert!(parse("players=8").unwrap_err().contains("3 to 7"));
        assert!(parse("edition=v3").unwrap_err().contains("v1 and v2"));
        let e = parse("players=3,sides=a+b,edition=v1").unwrap_err();
        assert!(e.contains("2 sides for 3 players"), "{e}");
        let e = parse("players=3,boards=gizah").unwrap_err();
        assert!(e.contains("1 board for 3 players"), "{e}");
        let e = parse("boards=atlantis+random+random+random").unwrap_err();
        assert!(
            e.contains("unknown board `atlantis`") && e.contains("gizah"),
            "{e}"
        );
        let e = parse("boards=gizah+gizah+random+random").unwrap_err();
        assert!(!e.contains("invalid"), "{e}");
    }

    #[test]
    fn the_component_table_types_its_values() {
        let t = components(Edition::V2, ExpansionSet::NONE);
        assert_eq!(
            t.rows.iter().filter(|r| r[0] == Cell::from("card")).count(),
            148
        );
        // Cities adds its 42 black cards (one copy each, marked `black`) and two boards.
        let cities = components(Edition::V2, ExpansionSet::of(&[Expansion::CITIES]));
        let black: Vec<_> = cities
            .rows
            .iter()
            .filter(|r| r[0] == Cell::from("card") && r[6] == Cell::from("black"))
            .collect();
        assert_eq!(black.len(), 42);
        let mint = black.iter().find(|r| r[1] == Cell::from("mint")).unwrap();
        assert_eq!(mint[4], Cell::Int(3));
        assert!(cities.rows.iter().any(|r| r[1] == Cell::from("petra")));
        // Leaders adds every leader: 49 of the standard and expert decks, 55 with Cities.
        let leaders = |cities: bool| {
            let mut set = ExpansionSet::of(&[Expansion::LEADERS]);
            set.set(Expansion::CITIES, cities);
            let t = components(Edition::V2, set);
            t.rows
                .iter()
                .filter(|r| r[0] == Cell::from("leader"))
                .count()
        };
        assert_eq!((leaders(false), leaders(true)), (49, 55));
        assert!(t.rows.iter().all(|r| r.len() == t.columns.len()));
        let forum = t.rows.iter().find(|r| r[1] == Cell::from("forum")).unwrap();
        assert!(
            forum[12].text().contains("glass/textile/papyrus"),
            "{forum:?}"
        );
        let stage = t.rows.iter().find(|r| r[0] == Cell::from("stage")).unwrap();
        assert_eq!(stage[8], Cell::Int(1));
    }

    /// A test expansion written as a unit (`super::harbour`, one guild and one score-pad line,
    /// registered by its row of the units' table and nothing else) is offered by the
    /// `expansions` option, puts its card among the guilds a game deals and its line on the
    /// score pad, and a seat that builds the card scores it there and in the total.
    #[test]
    fn a_unit_is_enough_for_a_card_in_the_deck_and_a_line_on_the_score_pad() {
        use crate::harbour::HARBOUR_LINE;
        use crate::scoring::ScoreLine;
        use rand::{Rng, SeedableRng};
        use wonders_bots::Game;

        assert!(INFO.expansions.contains(&"harbour"));
        let config = parse("players=3,expansions=harbour").unwrap();
        let lines: Vec<&str> = config.score_lines().iter().map(|l| l.id()).collect();
        assert_eq!(lines.len(), ScoreLine::BASE.len() + 1);
        assert_eq!(lines.last(), Some(&"harbour"));
        let e = parse("players=3,edition=v1,expansions=harbour").unwrap_err();
        assert!(e.contains("2nd edition"), "{e}");
        let cat = catalog(Edition::V2, config.expansions);
        let guild = cat.find("harbourmasters_guild").unwrap();
        assert!(cat.guilds.contains(&guild));
        let mut built = 0;
        let mut dealt = 0;
        for seed in 0..40 {
            let mut g = ClassicGame::new(&config, seed).unwrap();
            if !g.setup().hands[2].iter().flatten().any(|&c| c == guild) {
                continue;
            }
            dealt += 1;
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut actions = Vec::new();
            while !g.is_over() {
                actions.clear();
                g.legal_actions(&mut actions);
                // The guild whenever it can be built, otherwise any legal action.
                let build = actions
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Build { card, .. } if *card == guild));
                let pick = build.unwrap_or_else(|| actions[rng.random_range(0..actions.len())]);
                g.apply(pick).unwrap();
            }
            for seat in 0..3 {
                let score = g.score(seat);
                let has = g.city(seat).built.contains(guild.0);
                assert_eq!(score.get(HARBOUR_LINE), if has { 4 } else { 0 });
                let sum: i32 = config.score_lines().iter().map(|&l| score.get(l)).sum();
                assert_eq!(sum, score.total);
                built += usize::from(has);
            }
        }
        assert!(
            dealt > 0 && built > 0,
            "dealt in {dealt} games, built {built} times"
        );
    }
}
