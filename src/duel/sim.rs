//! 7 Wonders Duel for the self-play simulator.

use rand::SeedableRng;

use super::data::WONDERS;
use super::record::write_record;
use super::state::{Action, Duel, DuelConfig, Score, WonderSelection};
use crate::common::GameRng;
use crate::common::{GameOutcome, SeatOutcome, SimGame, WonderColumns, WonderHeld};

impl SimGame for Duel {
    type Options = DuelConfig;

    fn new_game(options: &DuelConfig, seed: u64) -> Duel {
        Duel::new(*options, &mut GameRng::seed_from_u64(seed))
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
        parts.extend(options.variants().iter().map(|v| v.to_string()));
        parts.join(",")
    }

    fn score_categories(_: &DuelConfig) -> Vec<&'static str> {
        Score::CATEGORIES.to_vec()
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

    fn outcome(&self) -> GameOutcome {
        let (victory, winners) = self.outcome().expect("outcome of a finished game");
        let seats = (0..2)
            .map(|seat| {
                let p = self.player(seat);
                let score = self.score(seat);
                let win = winners.contains(&seat);
                SeatOutcome {
                    wonders: (0..p.num_wonders as usize)
                        .map(|i| WonderHeld {
                            id: WONDERS[p.wonders[i] as usize].id.into(),
                            side: None,
                            stages_built: (p.built >> i & 1) as u32,
                            stages_total: 1,
                        })
                        .collect(),
                    rank: if win { 1 } else { 2 },
                    win,
                    categories: Score::CATEGORIES
                        .iter()
                        .copied()
                        .zip(score.categories())
                        .collect(),
                    total: score.total(),
                    coins: p.coins as i32,
                    features: Vec::new(),
                }
            })
            .collect();
        GameOutcome {
            victory: victory.id().into(),
            turns: (self.player(0).turns + self.player(1).turns) as u32,
            seats,
        }
    }
}
