//! 7 Wonders Architects for the simulator and the command line: `SimGame` and `GameModule`
//! (options, records, the readable log, the component table, what a seat sees).

use serde_json::Value;

use super::data::{
    Card, Colour, Cost, MedalId, StageEffect, Token, WonderId, CENTRAL_DECK, MEDALS,
    PROGRESS_TOKENS, WONDERS,
};
use super::record;
use super::state::{
    grey_fits, Action, Architects, ArchitectsConfig, BoardChoice, DeckRef, Event, MedalSlot, Phase,
    Score, Seat, Setup, TokenSource, MAX_PLAYERS, MIN_PLAYERS,
};
use wonders_common::text::count;
use wonders_common::{
    Cell, Feature, FeatureTable, GameInfo, GameModule, GameOutcome, OptionInfo, OptionSet,
    ReplayError, Replayed, SimGame, Table, WonderColumns, WonderHeld,
};

static INFO: GameInfo = GameInfo {
    id: "architects",
    name: "7 Wonders Architects",
    seats: (MIN_PLAYERS, MAX_PLAYERS),
    default_seats: 4,
    options: &[
        OptionInfo { key: "players", values: "2..7", default: "4", help: "number of players" },
        OptionInfo { key: "expansions", values: "medals", default: "", help: "the Medals expansion" },
        OptionInfo {
            key: "variant",
            values: "medals-expert",
            default: "",
            help: "Medals expert variant: 2 more medals in the centre",
        },
        OptionInfo {
            key: "boards",
            values: "WONDER|random per seat, joined by +",
            default: "random",
            help: "the Wonder of each seat (alexandria, babylon, ephesus, giza, halicarnassus, olympia, rhodes)",
        },
    ],
    expansions: &["medals"],
    variants: &["medals-expert"],
    score_lines: &["wonder", "civilian", "cat", "military", "progress", "medals"],
};

/// The medals' keys, in table order.
const MEDAL_KEYS: [&str; MEDALS.len()] = {
    let mut keys = [""; MEDALS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = MEDALS[i].key;
        i += 1;
    }
    keys
};

/// The Progress tokens' ids, in table order.
const TOKEN_KEYS: [&str; Token::ALL.len()] = {
    let mut keys = [""; Token::ALL.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = Token::ALL[i].id();
        i += 1;
    }
    keys
};

/// Medals won (with the Medals expansion): CSV column `medals`.
static MEDALS_WON: FeatureTable = FeatureTable {
    column: "medals",
    id: "win_rate_by_medal",
    title: "Win rate by medal won",
    key: "medal",
    keys: &MEDAL_KEYS,
    games_with: true,
};

/// Progress tokens held at the end: CSV column `progress_tokens`.
static TOKENS_HELD: FeatureTable = FeatureTable {
    column: "progress_tokens",
    id: "win_rate_by_progress_token",
    title: "Win rate by Progress token held",
    key: "token",
    keys: &TOKEN_KEYS,
    games_with: false,
};

fn drawn(options: &ArchitectsConfig, seed: u64) -> Setup {
    Setup::draw(options, seed).expect("options were checked by parse_options")
}

impl Architects {
    /// Seat `p`'s medals won, then its Progress tokens, each in table order, added to
    /// `features`.
    fn features(&self, p: usize, features: &mut Vec<Feature>) {
        let held = self.medals_held(p);
        let medals = MedalId::ALL
            .into_iter()
            .filter(|m| held.contains(m))
            .map(|m| Feature {
                table: &MEDALS_WON,
                key: m.key(),
            });
        let tokens = Token::ALL
            .into_iter()
            .filter(|&t| self.seats[p].has(t))
            .map(|t| Feature {
                table: &TOKENS_HELD,
                key: t.id(),
            });
        features.extend(medals.chain(tokens));
    }
}

impl SimGame for Architects {
    type Options = ArchitectsConfig;

    fn new_game(options: &ArchitectsConfig, seed: u64) -> Architects {
        Architects::new(options, seed).expect("options were checked by parse_options")
    }

    fn players(options: &ArchitectsConfig) -> usize {
        options.players
    }

    fn game_name(_: &ArchitectsConfig) -> &'static str {
        record::GAME
    }

    fn options_label(options: &ArchitectsConfig) -> String {
        let mut s = format!("{}p", options.players);
        if options.medals_expert {
            s.push_str(",medals-expert");
        } else if options.medals {
            s.push_str(",medals");
        }
        if options.boards.iter().any(|b| *b != BoardChoice::Random) {
            let boards: Vec<&str> = options
                .boards
                .iter()
                .map(|b| match b {
                    BoardChoice::Random => "random",
                    BoardChoice::Fixed(w) => w.key(),
                })
                .collect();
            s.push_str(&format!(",boards={}", boards.join("+")));
        }
        s
    }

    fn score_categories(_: &ArchitectsConfig) -> Vec<&'static str> {
        Score::LINES.to_vec()
    }

    fn wonder_columns(_: &ArchitectsConfig) -> WonderColumns {
        WonderColumns::OnePerSeat
    }

    fn feature_tables(options: &ArchitectsConfig) -> &'static [&'static FeatureTable] {
        static BASE: [&FeatureTable; 1] = [&TOKENS_HELD];
        static WITH_MEDALS: [&FeatureTable; 2] = [&MEDALS_WON, &TOKENS_HELD];
        if options.medals {
            &WITH_MEDALS
        } else {
            &BASE
        }
    }

    fn seat_order(_: &ArchitectsConfig) -> Option<&'static str> {
        Some("seat 0 plays first, then clockwise")
    }

    fn record(
        &self,
        actions: &[Action],
        players: &[String],
        seed: u64,
        options: &ArchitectsConfig,
    ) -> Value {
        record::write(options, seed, &drawn(options, seed), players, actions)
    }

    fn outcome_into(&self, out: &mut GameOutcome) {
        let n = self.players();
        let winners = self.winners();
        let key = |p: usize| (self.score(p).total(), self.seats[p].stages_built());
        for (p, o) in out.reset(n).iter_mut().enumerate() {
            let score = self.score(p);
            o.wonders.push(WonderHeld {
                id: self.wonders[p].key().into(),
                side: None,
                stages_built: self.seats[p].stages_built(),
                stages_total: 5,
            });
            o.rank = 1 + (0..n).filter(|&q| key(q) > key(p)).count() as u32;
            o.win = winners.contains(&p);
            o.categories.extend(
                Score::LINES
                    .iter()
                    .copied()
                    .zip(score.lines().map(|v| v as i32)),
            );
            o.total = score.total() as i32;
            o.coins = self.seats[p].count(Card::Coin) as i32;
            self.features(p, &mut o.features);
        }
        out.victory = "civilian".into();
        out.turns = self.turns;
    }
}

/// What one seat sees: everything but the face-down decks' order (the tops of the Wonder decks
/// are public; the central deck and the Progress stack are hidden).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchitectsView {
    pub seat: usize,
    pub current: usize,
    pub phase: Phase,
    pub wonders: Vec<WonderId>,
    pub deck_tops: Vec<Option<Card>>,
    pub deck_sizes: Vec<usize>,
    pub central_size: usize,
    pub progress_row: [Option<Token>; 3],
    pub progress_stack_size: usize,
    pub conflict_flipped: u32,
    pub cat: Option<usize>,
    pub seats: Vec<Seat>,
    pub medals: Vec<MedalSlot>,
}

fn deck_name(d: DeckRef) -> String {
    match d {
        DeckRef::Wonder(i) => format!("deck {i}"),
        DeckRef::Central => "the central deck".into(),
    }
}

fn paid_text(paid: &[u8; 6]) -> String {
    let kinds = super::state::PAYMENT_KINDS;
    let mut v = Vec::new();
    for (i, c) in kinds.iter().enumerate() {
        for _ in 0..paid[i] {
            v.push(c.name());
        }
    }
    v.join(" + ")
}

pub(crate) fn event_line(g: &Architects, e: &Event) -> String {
    match e {
        Event::Placed { seat, card, from } => format!(
            "    seat {seat} places {} (from {})",
            card.name(),
            deck_name(*from)
        ),
        Event::Cat { seat } => format!("    the Cat moves to seat {seat}"),
        Event::ConflictFlipped {
            seat,
            flipped,
            remaining,
        } => {
            format!(
                "    seat {seat}'s horns flip {}; {remaining} at Peace",
                count(*flipped, "Conflict token")
            )
        }
        Event::Battle { shields, gains, .. } => {
            let seats: Vec<String> = shields
                .iter()
                .zip(gains)
                .enumerate()
                .map(|(s, (&sh, &won))| format!("seat {s} {} +{won}", count(sh, "shield")))
                .collect();
            format!(
                "    Battle (shields, Military Victory tokens won): {}; horn cards discarded",
                seats.join(", ")
            )
        }
        Event::Medal { seat, medal } => {
            format!("    seat {seat} claims the medal {}", medal.name())
        }
        Event::TokenTaken { seat, token, .. } => {
            format!("    seat {seat} takes the Progress token {}", token.name())
        }
        Event::Built { seat, piece, .. } => {
            let p = g.wonders[*seat].wonder().pieces[*piece];
            format!(
                "    seat {seat} builds {} piece {} ({} VP)",
                g.wonders[*seat].name(),
                piece + 1,
                p.vp
            )
        }
        Event::OfferSkipped { seat, token } => format!(
            "    seat {seat}'s {} offer lapses: no card to take",
            token.name()
        ),
        Event::TakeSkipped { seat } => format!("seat {seat} has no card to take"),
        Event::GameEnd => "the game ends".into(),
    }
}

pub(crate) fn action_line(g: &Architects, a: Action) -> String {
    let p = g.current;
    match a {
        Action::Take(d) => format!(
            "turn {}: seat {p} ({}) takes {} from {}",
            g.turns + 1,
            g.wonders[p].name(),
            g.top(d).map_or("?", |c| c.name()),
            deck_name(d)
        ),
        Action::Progress { from, set } => {
            let t = g.token_at(from).map_or("?", |t| t.name());
            let src = match from {
                TokenSource::Row(_) => "face up",
                TokenSource::Stack => "the stack, blind",
            };
            match set {
                Some(s) => format!(
                    "  seat {p} converts {} into the Progress token {t} ({src})",
                    s.cards().iter().map(|c| c.name()).collect::<Vec<_>>().join(" + ")
                ),
                None => format!("  seat {p} (Babylon) takes the Progress token {t} ({src})"),
            }
        }
        Action::Construct { piece, paid } => {
            let piece_cost = g.wonders[p].wonder().pieces[piece as usize].cost;
            let cost = match piece_cost {
                Cost::Different(k) => format!("{k} different"),
                Cost::Identical(k) => format!("{k} identical"),
            };
            let mut with = Vec::new();
            if paid.iter().map(|&k| k as u32).sum::<u32>() < piece_cost.count() {
                with.push("Economy: one coin counts as 2");
            }
            if !grey_fits(piece_cost, &paid) {
                with.push("Engineering: identical/different ignored");
            }
            let with = if with.is_empty() { String::new() } else { format!(" ({})", with.join("; ")) };
            format!("  seat {p} constructs piece {} (cost {cost}) paying {}{with}", piece + 1, paid_text(&paid))
        }
        Action::Extra { token, deck: Some(d) } => format!(
            "  seat {p} uses {} for an extra card: {} from {}",
            token.name(),
            g.top(d).map_or("?", |c| c.name()),
            deck_name(d)
        ),
        Action::Extra { token, deck: None } => format!("  seat {p} declines the {} extra card", token.name()),
        Action::Alexandria(d) => format!(
            "  seat {p} (Alexandria) takes {} from {}",
            g.top(d).map_or("?", |c| c.name()),
            deck_name(d)
        ),
        Action::Halicarnassus { deck, keep } => format!(
            "  seat {p} (Halicarnassus) looks at the top 5 of {} and keeps {}; the deck is reshuffled",
            deck_name(deck),
            keep.name()
        ),
    }
}

fn effect_name(e: StageEffect) -> &'static str {
    match e {
        StageEffect::None => "",
        StageEffect::TakeTopAnyDeck => "take the top card of any deck",
        StageEffect::TakeProgressToken => "take a Progress token",
        StageEffect::TakeTopCentral => "take the top card of the central deck",
        StageEffect::LookFiveKeepOne => "look at 5 cards of your left or right deck, keep 1",
        StageEffect::TakeTopLeftAndRight => "take the top card of your left and right decks",
        StageEffect::Shield => "+1 Shield",
    }
}

impl GameModule for Architects {
    type View = ArchitectsView;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn parse_options(options: &OptionSet) -> Result<ArchitectsConfig, String> {
        let players = match options.get("players") {
            None => INFO.default_seats,
            Some(s) => match s.parse::<usize>() {
                Ok(n) if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) => n,
                _ => {
                    return Err(format!(
                        "players `{}` is not valid for architects (valid: 2 to 7)",
                        wonders_common::options::cut(s)
                    ))
                }
            },
        };
        let mut medals = false;
        for e in options.list("expansions") {
            match e {
                "medals" => medals = true,
                other => {
                    return Err(format!(
                        "expansion `{}` is not valid for architects (valid: medals)",
                        wonders_common::options::cut(other)
                    ))
                }
            }
        }
        let mut medals_expert = false;
        for v in options.list("variant") {
            match v {
                "medals-expert" => medals_expert = true,
                other => {
                    return Err(format!(
                        "variant `{}` is not valid for architects (valid: medals-expert)",
                        wonders_common::options::cut(other)
                    ))
                }
            }
        }
        if medals_expert {
            medals = true;
        }
        let boards = options
            .list("boards")
            .into_iter()
            .map(BoardChoice::parse)
            .collect::<Result<Vec<_>, _>>()?;
        let boards = if boards.len() == 1 && boards[0] == BoardChoice::Random {
            vec![]
        } else {
            boards
        };
        let config = ArchitectsConfig {
            players,
            medals,
            medals_expert,
            boards,
        };
        config.validate().map_err(|e| e.to_string())?;
        Ok(config)
    }

    fn replay(record: &Value) -> Result<Replayed<Architects>, ReplayError> {
        record::replay(record)
    }

    fn play_log(
        options: &ArchitectsConfig,
        seed: u64,
        players: &[String],
        actions: &[Action],
    ) -> Vec<String> {
        let mut g = Architects::new_game(options, seed);
        let mut events = Vec::new();
        let mut lines = vec![format!(
            "7 Wonders Architects, {}, seed {seed}",
            <Architects as SimGame>::options_label(options)
        )];
        for (p, w) in g.wonders.iter().enumerate() {
            let who = players.get(p).map_or("?", |s| s.as_str());
            lines.push(format!("seat {p}: {} ({who})", w.name()));
        }
        if !g.medals.is_empty() {
            let m: Vec<String> = g
                .medals
                .iter()
                .map(|s| match s.beside_deck {
                    Some(i) => format!("{} beside deck {i}", s.medal.name()),
                    None => format!("{} in the centre", s.medal.name()),
                })
                .collect();
            lines.push(format!("medals: {}", m.join(", ")));
        }
        lines.push(format!(
            "Progress tokens face up: {}",
            g.progress_row
                .iter()
                .flatten()
                .map(|t| t.name())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        for &a in actions {
            let mut line = action_line(&g, a);
            if let Action::Take(_) = a {
                let tops: Vec<String> = g
                    .reachable(g.current)
                    .iter()
                    .filter(|&&d| d != DeckRef::Central)
                    .map(|&d| {
                        format!(
                            "{} top {}",
                            deck_name(d),
                            g.top(d).map_or("empty", |c| c.name())
                        )
                    })
                    .collect();
                line.push_str(&format!(" [{}]", tops.join(", ")));
            }
            lines.push(line);
            if g.apply_heard(a, &mut events).is_err() {
                lines.push("  (illegal action: the log stops here)".into());
                break;
            }
            // The card an action takes is already in its line; other placed cards (Ephesus,
            // Olympia) get a line of their own.
            let mut direct = matches!(
                a,
                Action::Take(_)
                    | Action::Extra { deck: Some(_), .. }
                    | Action::Alexandria(_)
                    | Action::Halicarnassus { .. }
            );
            for e in events.drain(..) {
                if direct && matches!(e, Event::Placed { .. }) {
                    direct = false;
                    continue;
                }
                lines.push(event_line(&g, &e));
            }
        }
        if g.is_over() {
            lines.push("=== Final score ===".into());
            lines.extend(g.score_pad());
        }
        lines
    }

    fn score_pad(&self) -> Vec<String> {
        let n = self.players();
        let scores: Vec<Score> = (0..n).map(|p| self.score(p)).collect();
        // (row label, one cell per seat), then columns as wide as their widest cell.
        let mut rows: Vec<(&str, Vec<String>)> = Vec::new();
        rows.push((
            "",
            (0..n).map(|p| self.wonders[p].name().to_string()).collect(),
        ));
        for (i, name) in Score::LINES.iter().enumerate() {
            rows.push((
                name,
                scores.iter().map(|s| s.lines()[i].to_string()).collect(),
            ));
        }
        rows.push((
            "total",
            scores.iter().map(|s| s.total().to_string()).collect(),
        ));
        rows.push((
            "stages",
            (0..n)
                .map(|p| self.seats[p].stages_built().to_string())
                .collect(),
        ));
        let header: Vec<String> = (0..n).map(wonders_common::text::seat).collect();
        let rows: Vec<(String, Vec<String>)> =
            rows.into_iter().map(|(l, c)| (l.to_string(), c)).collect();
        let mut lines = wonders_common::text::score_pad(&header, &rows);
        // Medal names are phrases: one line per seat below the table, not a column.
        if self.medals.iter().any(|m| m.holders != 0) {
            for p in 0..n {
                let names: Vec<&str> = self.medals_held(p).iter().map(|m| m.name()).collect();
                if !names.is_empty() {
                    lines.push(format!("medals of seat {p}: {}", names.join("; ")));
                }
            }
        }
        let w = self.winners();
        let best = scores[w[0]].total();
        let tied = (0..n).filter(|&p| scores[p].total() == best).count();
        let how = if w.len() > 1 {
            "shared victory"
        } else if tied > 1 {
            "tie broken by stages built"
        } else {
            "highest total"
        };
        lines.push(if w.len() == 1 {
            format!("seat {} wins ({how})", w[0])
        } else {
            format!(
                "Shared victory: {} ({how})",
                wonders_common::text::seats(&w)
            )
        });
        lines
    }

    fn components(options: &ArchitectsConfig) -> Table {
        let columns = vec![
            "kind",
            "id",
            "name",
            "colour",
            "count",
            "level",
            "cost",
            "vp",
            "effect",
            "expansion",
        ];
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        let colour = |c: Colour| match c {
            Colour::Grey => "grey",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Red => "red",
        };
        for (c, k) in CENTRAL_DECK {
            let total: u32 = k + WONDERS.iter().map(|w| w.deck[c.index()].1).sum::<u32>();
            rows.push(vec![
                "card".into(),
                c.id().into(),
                c.name().into(),
                colour(c.colour()).into(),
                Cell::Int(total as i64),
                Cell::Empty,
                Cell::Empty,
                Cell::Int(c.vp() as i64),
                match c.horns() {
                    0 if c.has_cat() => "cat icon".into(),
                    0 => Cell::Empty,
                    h => count(h, "horn").into(),
                },
                "base".into(),
            ]);
        }
        for w in &WONDERS {
            for (i, p) in w.pieces.iter().enumerate() {
                rows.push(vec![
                    "wonder_piece".into(),
                    format!("{}:{}", w.key, i + 1).into(),
                    w.name.into(),
                    Cell::Empty,
                    Cell::Int(1),
                    Cell::Int(p.level as i64),
                    match p.cost {
                        Cost::Different(k) => format!("{k} different"),
                        Cost::Identical(k) => format!("{k} identical"),
                    }
                    .into(),
                    Cell::Int(p.vp as i64),
                    Cell::from(Some(effect_name(p.effect)).filter(|s| !s.is_empty())),
                    "base".into(),
                ]);
            }
        }
        for (t, copies, medals) in PROGRESS_TOKENS {
            if medals && !options.medals {
                continue;
            }
            let copies = if t == Token::Culture && options.medals {
                copies + 1
            } else {
                copies
            };
            rows.push(vec![
                "progress_token".into(),
                t.id().into(),
                t.name().into(),
                Cell::Empty,
                Cell::Int(copies as i64),
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                if medals { "medals" } else { "base" }.into(),
            ]);
        }
        if options.medals {
            for m in &MEDALS {
                rows.push(vec![
                    "medal".into(),
                    m.key.into(),
                    m.id.name().into(),
                    Cell::Empty,
                    Cell::Int(1),
                    Cell::Empty,
                    Cell::Empty,
                    Cell::Int(4),
                    m.id.requirement_text().into(),
                    "medals".into(),
                ]);
            }
        }
        Table {
            title: "components",
            columns,
            rows,
        }
    }

    fn view(&self, seat: usize) -> ArchitectsView {
        ArchitectsView {
            seat,
            current: self.current,
            phase: self.phase,
            wonders: self.wonders.to_vec(),
            deck_tops: self.decks.iter().map(|d| d.last().copied()).collect(),
            deck_sizes: self.decks.iter().map(|d| d.len()).collect(),
            central_size: self.central.len(),
            progress_row: self.progress_row,
            progress_stack_size: self.progress_stack.len(),
            conflict_flipped: self.conflict_flipped,
            cat: self.cat,
            seats: self.seats.to_vec(),
            medals: self.medals.to_vec(),
        }
    }
}
