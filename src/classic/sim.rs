//! 7 Wonders (3–7 players) for the self-play simulator.

use super::cities_data::BLACK_CARDS;
use super::data::{CardId, Color};
use super::leader_draft::LeaderSet;
use super::leaders_data::LEADERS;
use super::{Action, ClassicConfig, ClassicGame, SidePolicy};
use crate::common::{
    Feature, FeatureTable, GameOutcome, SeatOutcome, SimGame, WonderColumns, WonderHeld,
};

/// The 42 black cards' ids, in table order.
const BLACK_KEYS: [&str; BLACK_CARDS.len()] = {
    let mut keys = [""; BLACK_CARDS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = BLACK_CARDS[i].key;
        i += 1;
    }
    keys
};

/// Cities: the black cards each seat built, CSV column `black_cards`.
static BLACK_BUILT: FeatureTable = FeatureTable {
    column: "black_cards",
    id: "win_rate_by_black_card",
    title: "Win rate by black card built",
    key: "black_card",
    keys: &BLACK_KEYS,
    games_with: true,
};

/// The 55 leaders' ids, in table order.
const LEADER_KEYS: [&str; LEADERS.len()] = {
    let mut keys = [""; LEADERS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = LEADERS[i].id;
        i += 1;
    }
    keys
};

/// Leaders: the leaders each seat recruited (face up at the end, or buried under Abu
/// Simbel), CSV column `leaders`.
static LEADERS_RECRUITED: FeatureTable = FeatureTable {
    column: "leaders",
    id: "win_rate_by_leader",
    title: "Win rate by leader recruited",
    key: "leader",
    keys: &LEADER_KEYS,
    games_with: true,
};

impl ClassicGame {
    /// Seat `seat`'s recruited leaders, in table order (none without Leaders).
    fn leader_features(&self, seat: usize) -> Vec<Feature> {
        let city = self.city(seat);
        LeaderSet(city.leaders.0 | city.buried.0)
            .iter()
            .map(|l| Feature {
                table: &LEADERS_RECRUITED,
                key: l.leader().id,
            })
            .collect()
    }

    /// Seat `seat`'s black cards, in table order (none without Cities).
    fn black_features(&self, seat: usize) -> Vec<Feature> {
        let cat = self.catalog();
        self.city(seat)
            .built
            .iter()
            .map(CardId)
            .filter(|&c| cat.card(c).color == Color::Black)
            .map(|c| Feature {
                table: &BLACK_BUILT,
                key: cat.card(c).key,
            })
            .collect()
    }
}

impl SimGame for ClassicGame {
    type Options = ClassicConfig;

    /// The command line checks the configuration first (see [`ClassicGame::new`]), so a
    /// setup error here is a bug.
    fn new_game(options: &ClassicConfig, seed: u64) -> ClassicGame {
        ClassicGame::new(options, seed).expect("the configuration was checked before the run")
    }

    fn players(options: &ClassicConfig) -> usize {
        options.players
    }

    fn game_name(_: &ClassicConfig) -> &'static str {
        "classic"
    }

    fn team_of(options: &ClassicConfig, seat: usize) -> Option<usize> {
        options.teams.then_some(seat / 2)
    }

    fn options_label(options: &ClassicConfig) -> String {
        let sides = match &options.sides {
            SidePolicy::A => "a".to_string(),
            SidePolicy::B => "b".to_string(),
            SidePolicy::Day => "day".to_string(),
            SidePolicy::Night => "night".to_string(),
            SidePolicy::Random => "random-sides".to_string(),
            SidePolicy::Mixed => "mixed-sides".to_string(),
            SidePolicy::PerSeat(s) => s.iter().map(|x| x.id()).collect::<Vec<_>>().join("+"),
        };
        let mut label = format!("{},{}p,{sides}", options.edition.id(), options.players);
        if options.expansions.leaders {
            label.push_str(",leaders");
            if !options.leader_decks.is_empty() {
                let decks: Vec<&str> = options.leader_decks.iter().map(|d| d.id()).collect();
                label.push_str(&format!(":{}", decks.join("+")));
            }
        }
        if options.expansions.cities {
            label.push_str(",cities");
        }
        if options.teams {
            label.push_str(",teams");
        }
        if options.wonders.iter().any(Option::is_some) {
            let boards: Vec<&str> = options
                .wonders
                .iter()
                .map(|w| w.map_or("random", |w| w.id()))
                .collect();
            label.push_str(&format!(",boards:{}", boards.join("+")));
        }
        if options.collapse_payment_splits {
            label.push_str(",collapsed-splits");
        }
        label
    }

    fn score_categories(options: &ClassicConfig) -> Vec<&'static str> {
        options.score_lines().iter().map(|l| l.id()).collect()
    }

    fn wonder_columns(_: &ClassicConfig) -> WonderColumns {
        WonderColumns::OnePerSeat
    }

    fn feature_tables(options: &ClassicConfig) -> &'static [&'static FeatureTable] {
        static CITIES: [&FeatureTable; 1] = [&BLACK_BUILT];
        static LEADERS_ONLY: [&FeatureTable; 1] = [&LEADERS_RECRUITED];
        static BOTH: [&FeatureTable; 2] = [&LEADERS_RECRUITED, &BLACK_BUILT];
        match (options.expansions.leaders, options.expansions.cities) {
            (false, false) => &[],
            (false, true) => &CITIES,
            (true, false) => &LEADERS_ONLY,
            (true, true) => &BOTH,
        }
    }

    /// The game keeps its own history, which is exactly `actions`.
    fn record(
        &self,
        _: &[Action],
        players: &[String],
        _: u64,
        _: &ClassicConfig,
    ) -> serde_json::Value {
        ClassicGame::record(self, players)
    }

    fn outcome(&self) -> GameOutcome {
        let stages_total = |seat: usize| self.city(seat).stage_count(self.catalog()) as u32;
        let seats = self
            .seat_facts()
            .into_iter()
            .map(|f| SeatOutcome {
                wonders: vec![WonderHeld {
                    id: f.wonder.into(),
                    side: Some(f.side.into()),
                    stages_built: f.stages_built as u32,
                    stages_total: stages_total(f.seat),
                }],
                rank: f.rank as u32,
                win: f.winner,
                categories: f.score.lines(self.score_lines()),
                total: f.score.total,
                coins: f.coins as i32,
                features: {
                    let mut features = Vec::new();
                    if self.catalog().expansions.leaders {
                        features.extend(self.leader_features(f.seat));
                    }
                    if self.catalog().expansions.cities {
                        features.extend(self.black_features(f.seat));
                    }
                    features
                },
            })
            .collect();
        GameOutcome {
            victory: "civilian".into(),
            turns: self.history().len() as u32,
            seats,
        }
    }
}
