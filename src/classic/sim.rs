//! 7 Wonders (3–7 players) for the self-play simulator.

use super::data::{CardId, Expansion};
use super::leader_draft::LeaderSet;
use super::{Action, ClassicConfig, ClassicGame, SidePolicy};
use wonders_common::{Feature, FeatureTable, GameOutcome, SimGame, WonderColumns, WonderHeld};

impl ClassicGame {
    /// Seat `seat`'s facts along the expansions' tables: the buildings it built and the
    /// leaders it recruited (face up, or buried under Abu Simbel) that each table lists, in
    /// card and leader order (the tables' own), added to `features`.
    fn features(&self, seat: usize, features: &mut Vec<Feature>) {
        let cat = self.catalog();
        let city = self.city(seat);
        let recruited = city.leader_seat.face_up | city.leader_seat.buried;
        for f in &cat.features {
            let built = city.built.intersection(f.cards).iter();
            let keys = built.map(|c| cat.card(CardId(c)).key);
            let leaders = LeaderSet(recruited.0 & f.leaders).iter();
            features.extend(
                keys.chain(leaders.map(|l| l.leader().id))
                    .map(|key| Feature {
                        table: f.table,
                        key,
                    }),
            );
        }
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
        for e in options.expansions.iter() {
            label.push(',');
            label.push_str(e.id());
            if e == Expansion::LEADERS && !options.leader_decks.is_empty() {
                let decks: Vec<&str> = options.leader_decks.iter().map(|d| d.id()).collect();
                label.push_str(&format!(":{}", decks.join("+")));
            }
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
        options.expansions.feature_tables()
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

    fn outcome_into(&self, out: &mut GameOutcome) {
        let facts = self.seat_facts();
        for (o, f) in out.reset(facts.len()).iter_mut().zip(facts) {
            o.wonders.push(WonderHeld {
                id: f.wonder.into(),
                side: Some(f.side.into()),
                stages_built: f.stages_built as u32,
                stages_total: self.city(f.seat).stage_count(self.catalog()) as u32,
            });
            o.rank = f.rank as u32;
            o.win = f.winner;
            o.categories.extend(
                self.score_lines()
                    .iter()
                    .map(|&line| (line.id(), f.score.get(line))),
            );
            o.total = f.score.total;
            o.coins = f.coins as i32;
            self.features(f.seat, &mut o.features);
        }
        out.victory = "civilian".into();
        out.turns = self.history().len() as u32;
    }
}
