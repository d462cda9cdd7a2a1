//! 7 Wonders Duel for the self-play simulator.

use rand::SeedableRng;

use super::data::{is_grand_temple, WONDERS};
use super::pantheon_data::{DIVINITIES, NUM_DIVINITIES};
use super::record::{write_record, PANTHEON};
use super::state::{Action, Duel, DuelConfig, Score, WonderSelection};
use wonders_common::GameRng;
use wonders_common::{Feature, FeatureTable, GameOutcome, SimGame, WonderColumns, WonderHeld};

/// The 15 Divinities' ids, in table order.
const DIVINITY_KEYS: [&str; NUM_DIVINITIES] = {
    let mut keys = [""; NUM_DIVINITIES];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = DIVINITIES[i].id;
        i += 1;
    }
    keys
};

/// Pantheon: the Divinities each seat activated (through the Gate and the Divine Theater
/// too; the Gate itself is not a Divinity), CSV column `divinities_activated`.
static DIVINITIES_ACTIVATED: FeatureTable = FeatureTable {
    column: "divinities_activated",
    id: "win_rate_by_divinity_activated",
    title: "Win rate by Divinity activated",
    key: "divinity",
    keys: &DIVINITY_KEYS,
    games_with: true,
};

/// Pantheon: the Divinities each seat placed on the Pantheon in Age I, CSV column
/// `divinities_placed`.
static DIVINITIES_PLACED: FeatureTable = FeatureTable {
    column: "divinities_placed",
    id: "win_rate_by_divinity_placed",
    title: "Win rate by Divinity placed",
    key: "divinity",
    keys: &DIVINITY_KEYS,
    games_with: false,
};

/// Pantheon: how many Grand Temples each seat built (one key per seat and game), CSV column
/// `grand_temples`.
static GRAND_TEMPLES_BUILT: FeatureTable = FeatureTable {
    column: "grand_temples",
    id: "win_rate_by_grand_temples",
    title: "Win rate by Grand Temples built",
    key: "grand_temples",
    keys: &["0", "1", "2", "3"],
    games_with: false,
};

impl Duel {
    /// Seat `seat`'s Pantheon facts: the Divinities it activated, those it placed (each in
    /// table order), then its Grand Temple count, added to `features`.
    fn pantheon_features(&self, seat: usize, features: &mut Vec<Feature>) {
        let p = self.pantheon();
        let divinities = |bits: u16, table: &'static FeatureTable| {
            (0..NUM_DIVINITIES)
                .filter(move |&d| bits >> d & 1 == 1)
                .map(move |d| Feature {
                    table,
                    key: DIVINITY_KEYS[d],
                })
        };
        let temples = self
            .player(seat)
            .city
            .iter()
            .filter(|&c| is_grand_temple(c))
            .count()
            .min(3);
        features.extend(
            divinities(p.activated[seat], &DIVINITIES_ACTIVATED)
                .chain(divinities(p.placed[seat], &DIVINITIES_PLACED))
                .chain(std::iter::once(Feature {
                    table: &GRAND_TEMPLES_BUILT,
                    key: GRAND_TEMPLES_BUILT.keys[temples],
                })),
        );
    }
}

impl SimGame for Duel {
    type Options = DuelConfig;

    fn new_game(options: &DuelConfig, seed: u64) -> Duel {
        Duel::new(*options, &mut GameRng::seed_from_u64(seed))
    }

    fn players(_: &DuelConfig) -> usize {
        2
    }

    fn game_name(_: &DuelConfig) -> &'static str {
        "duel"
    }

    fn options_label(options: &DuelConfig) -> String {
        let mut parts = vec![match options.wonders {
            WonderSelection::Draft => "draft".to_string(),
            WonderSelection::Random => "random-wonders".to_string(),
            WonderSelection::Fixed(seats) => format!(
                "fixed-wonders:{}/{}",
                seats[0].map(|w| WONDERS[w as usize].id).join("+"),
                seats[1].map(|w| WONDERS[w as usize].id).join("+")
            ),
        }];
        if options.pantheon {
            parts.push(PANTHEON.to_string());
        }
        parts.extend(options.variants().iter().map(|v| v.to_string()));
        parts.join(",")
    }

    fn score_categories(options: &DuelConfig) -> Vec<&'static str> {
        let mut lines = Score::CATEGORIES.to_vec();
        if options.pantheon {
            lines.extend(Score::PANTHEON_CATEGORIES);
        }
        lines
    }

    fn feature_tables(options: &DuelConfig) -> &'static [&'static FeatureTable] {
        static PANTHEON_TABLES: [&FeatureTable; 3] = [
            &DIVINITIES_ACTIVATED,
            &DIVINITIES_PLACED,
            &GRAND_TEMPLES_BUILT,
        ];
        if options.pantheon {
            &PANTHEON_TABLES
        } else {
            &[]
        }
    }

    fn seat_order(_: &DuelConfig) -> Option<&'static str> {
        Some("seat 0 plays first")
    }

    fn wonder_columns(_: &DuelConfig) -> WonderColumns {
        WonderColumns::Drafted
    }

    fn record(
        &self,
        actions: &[Action],
        players: &[String],
        seed: u64,
        options: &DuelConfig,
    ) -> serde_json::Value {
        write_record(seed, self.setup(), options, players, actions)
    }

    fn outcome_into(&self, out: &mut GameOutcome) {
        let scores = [self.score(0), self.score(1)];
        let (victory, won) = self.victory(&scores).expect("outcome of a finished game");
        let pantheon = self.is_pantheon();
        for (seat, o) in out.reset(2).iter_mut().enumerate() {
            let p = self.player(seat);
            let score = scores[seat];
            o.wonders
                .extend((0..p.num_wonders as usize).map(|i| WonderHeld {
                    id: WONDERS[p.wonders[i] as usize].id.into(),
                    side: None,
                    stages_built: (p.built >> i & 1) as u32,
                    stages_total: 1,
                }));
            o.rank = if won[seat] { 1 } else { 2 };
            o.win = won[seat];
            o.categories
                .extend(Score::CATEGORIES.into_iter().zip(score.categories()));
            if pantheon {
                o.categories.extend(
                    Score::PANTHEON_CATEGORIES
                        .into_iter()
                        .zip([score.divinities, score.grand_temples]),
                );
                self.pantheon_features(seat, &mut o.features);
            }
            o.total = score.total();
            o.coins = p.coins as i32;
        }
        out.victory = victory.id().into();
        out.turns = (self.player(0).turns + self.player(1).turns) as u32;
    }
}
