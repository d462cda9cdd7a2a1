//! The conformance kit catches what it claims to: a small card game with a hidden deck passes
//! it, and each of its broken variants (one defect each) is caught by the check named for it.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use serde_json::{json, Value};
use wonders_bots::Game;
use wonders_common::conformance::{conformance, golden};
use wonders_common::record::{read_envelope, write_record, RecordOptions};
use wonders_common::{
    GameInfo, GameModule, GameOutcome, GameRng, OptionSet, ReplayError, Replayed, SeatOutcome,
    SimGame, Table, WonderColumns,
};

/// One defect planted in the game, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bug {
    None,
    /// `apply` refuses a listed action.
    RefusesListed,
    /// `apply` accepts an action it does not list.
    AcceptsUnlisted,
    /// A refused action still changes the state.
    ChangesWhenRefusing,
    /// A determinization changes what the observer saw.
    DeterminizeLeaks,
    /// Returns do not sum to 1.
    ReturnsOverOne,
    /// A total that is not the sum of its lines.
    TotalNotLines,
    /// Replay does not check the result.
    ReplayTrustsResult,
    /// The set-up depends on something other than the seed.
    NotDeterministic,
}

/// Two players take turns; a hidden deck of 8 cards worth 1–4; a player takes the top card
/// (`Take`) or, while two or more cards remain, the top two (`TakeTwo`, worth one point less).
#[derive(Clone, Debug)]
struct Cards {
    bug: Bug,
    deck: [u8; 8],
    next: usize,
    points: [i32; 2],
    bonus: [i32; 2],
    turn: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Move {
    Take,
    TakeTwo,
}

#[derive(Debug)]
struct Refused;

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not legal")
    }
}

impl std::error::Error for Refused {}

static NOISE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Cards {
    fn deal(bug: Bug, seed: u64) -> Cards {
        let extra = if bug == Bug::NotDeterministic {
            NOISE.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        } else {
            0
        };
        let mut deck = [1, 1, 2, 2, 3, 3, 4, 4];
        deck.shuffle(&mut GameRng::seed_from_u64(seed ^ extra));
        Cards {
            bug,
            deck,
            next: 0,
            points: [0; 2],
            bonus: [0; 2],
            turn: 0,
        }
    }

    fn lines(&self, seat: usize) -> [(&'static str, i32); 2] {
        [("cards", self.points[seat]), ("bonus", self.bonus[seat])]
    }

    fn total(&self, seat: usize) -> i32 {
        let t = self.points[seat] + self.bonus[seat];
        if self.bug == Bug::TotalNotLines {
            t + 1
        } else {
            t
        }
    }
}

impl Game for Cards {
    type Action = Move;
    type Error = Refused;

    fn num_players(&self) -> usize {
        2
    }
    fn current_player(&self) -> usize {
        self.turn % 2
    }
    fn legal_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.next < 8 {
            out.push(Move::Take);
        }
        if self.next + 2 <= 8 {
            out.push(Move::TakeTwo);
        }
    }
    fn apply(&mut self, m: Move) -> Result<(), Refused> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        let refuse = !legal.contains(&m)
            || (self.bug == Bug::RefusesListed && m == Move::TakeTwo && self.next == 4);
        let accept_anyway = self.bug == Bug::AcceptsUnlisted && self.next < 8;
        if refuse && !accept_anyway {
            if self.bug == Bug::ChangesWhenRefusing {
                self.bonus[0] += 1;
            }
            return Err(Refused);
        }
        let seat = self.current_player();
        let take = if m == Move::TakeTwo && self.next + 2 <= 8 {
            2
        } else {
            1
        };
        for _ in 0..take {
            self.points[seat] += self.deck[self.next] as i32;
            self.next += 1;
        }
        if take == 2 {
            self.bonus[seat] -= 1;
        }
        self.turn += 1;
        Ok(())
    }
    fn is_terminal(&self) -> bool {
        self.next == 8
    }
    fn returns(&self, out: &mut [f64]) {
        let (a, b) = (self.total(0), self.total(1));
        out[0] = if a > b {
            1.0
        } else if a == b {
            0.5
        } else {
            0.0
        };
        out[1] = if self.bug == Bug::ReturnsOverOne {
            1.0
        } else {
            1.0 - out[0]
        };
    }
    fn scores(&self, out: &mut [i32]) {
        out[0] = self.points[0] + self.bonus[0];
        out[1] = self.points[1] + self.bonus[1];
    }
    fn evaluate(&self, out: &mut [f64]) {
        if self.is_terminal() {
            return self.returns(out);
        }
        out[0] = 0.5;
        out[1] = 0.5;
    }
    fn determinize(&self, _observer: usize, rng: &mut dyn RngCore) -> Cards {
        let mut d = self.clone();
        d.deck[self.next..].shuffle(rng);
        if self.bug == Bug::DeterminizeLeaks {
            d.points[1] += 1;
        }
        d
    }
}

impl SimGame for Cards {
    type Options = Bug;
    fn players(_: &Bug) -> usize {
        2
    }
    fn new_game(bug: &Bug, seed: u64) -> Cards {
        Cards::deal(*bug, seed)
    }
    fn game_name(_: &Bug) -> &'static str {
        "cards"
    }
    fn options_label(bug: &Bug) -> String {
        format!("{bug:?}")
    }
    fn score_categories(_: &Bug) -> Vec<&'static str> {
        vec!["cards", "bonus"]
    }
    fn wonder_columns(_: &Bug) -> WonderColumns {
        WonderColumns::OnePerSeat
    }
    fn record(&self, actions: &[Move], players: &[String], seed: u64, bug: &Bug) -> Value {
        let result = json!({
            "winner": (0..2).filter(|&s| self.outcome().seats[s].win).collect::<Vec<_>>(),
            "scores": (0..2).map(|s| json!({"total": self.total(s)})).collect::<Vec<_>>(),
        });
        write_record(
            "cards",
            &RecordOptions {
                variants: vec![format!("{bug:?}")],
                ..RecordOptions::default()
            },
            seed,
            players,
            json!({"deck": self.deck}),
            actions
                .iter()
                .map(|m| json!({"type": format!("{m:?}")}))
                .collect(),
            Some(result),
        )
    }
    fn outcome_into(&self, out: &mut GameOutcome) {
        let mut r = [0.0; 2];
        self.returns(&mut r);
        *out = GameOutcome {
            victory: "points".into(),
            turns: self.turn as u32,
            seats: (0..2)
                .map(|s| SeatOutcome {
                    wonders: Vec::new(),
                    rank: if r[s] > 0.0 { 1 } else { 2 },
                    win: r[s] > 0.0,
                    categories: self.lines(s).to_vec(),
                    total: self.total(s),
                    coins: 0,
                    features: Vec::new(),
                })
                .collect(),
        };
    }
}

static INFO: GameInfo = GameInfo {
    id: "cards",
    name: "Cards",
    seats: (2, 2),
    default_seats: 2,
    options: &[],
    expansions: &[],
    variants: &[],
    score_lines: &["cards", "bonus"],
};

impl GameModule for Cards {
    type View = (usize, [i32; 2], [i32; 2], usize);
    fn info() -> &'static GameInfo {
        &INFO
    }
    fn parse_options(_: &OptionSet) -> Result<Bug, String> {
        Ok(Bug::None)
    }
    fn replay(record: &Value) -> Result<Replayed<Cards>, ReplayError> {
        let e = read_envelope(record, "cards")?;
        let bug = match e.options.variants.first().map(String::as_str) {
            Some("ReplayTrustsResult") => Bug::ReplayTrustsResult,
            _ => Bug::None,
        };
        let mut game = Cards::deal(bug, 0);
        for (i, card) in e.setup["deck"].as_array().unwrap().iter().enumerate() {
            game.deck[i] = card.as_u64().unwrap() as u8;
        }
        let mut actions = Vec::new();
        for (i, a) in e.actions.iter().enumerate() {
            let m = match a["type"].as_str() {
                Some("Take") => Move::Take,
                Some("TakeTwo") => Move::TakeTwo,
                _ => return Err(ReplayError::at(i, "unknown action")),
            };
            game.apply(m).map_err(|_| ReplayError::at(i, "not legal"))?;
            actions.push(m);
        }
        let result = e.result.ok_or_else(|| ReplayError::record("no result"))?;
        if bug != Bug::ReplayTrustsResult {
            for s in 0..2 {
                if result["scores"][s]["total"] != json!(game.total(s)) {
                    return Err(ReplayError::record(format!("seat {s}: total differs")));
                }
            }
        }
        Ok(Replayed {
            game,
            actions,
            result_checked: true,
        })
    }
    fn play_log(_: &Bug, _: u64, _: &[String], _: &[Move]) -> Vec<String> {
        Vec::new()
    }
    fn score_pad(&self) -> Vec<String> {
        Vec::new()
    }
    fn components(_: &Bug) -> Table {
        Table {
            title: "cards",
            columns: vec!["kind"],
            rows: Vec::new(),
        }
    }
    fn view(&self, _seat: usize) -> Self::View {
        (self.next, self.points, self.bonus, self.turn)
    }
}

/// The kit's panic message for a game with `bug`, or `None` when it passes.
fn kit_verdict(bug: Bug) -> Option<String> {
    catch_unwind(AssertUnwindSafe(|| conformance::<Cards>(&bug, 30, 1)))
        .err()
        .map(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "a panic without a message".into())
        })
}

#[test]
fn a_sound_game_passes_and_each_defect_is_caught_by_its_check() {
    assert_eq!(kit_verdict(Bug::None), None);
    for (bug, check) in [
        (Bug::RefusesListed, "a listed action"),
        (Bug::AcceptsUnlisted, "an unlisted action"),
        (Bug::ChangesWhenRefusing, "changed the state"),
        (Bug::DeterminizeLeaks, "a determinization"),
        (Bug::ReturnsOverOne, "returns"),
        (Bug::TotalNotLines, "scores"),
        (Bug::ReplayTrustsResult, "changed total"),
        (Bug::NotDeterministic, "determinism"),
    ] {
        let verdict = kit_verdict(bug).unwrap_or_else(|| panic!("{bug:?} passed the kit"));
        assert!(
            verdict.contains(check) && verdict.contains("game seed"),
            "{bug:?}: {verdict}"
        );
    }
}

#[test]
fn golden_counts_are_stable_and_change_with_the_rules() {
    let a = golden::<Cards>(&Bug::None, 100, 3);
    assert_eq!(a, golden::<Cards>(&Bug::None, 100, 3));
    assert_eq!(a.games, 100);
    // Every game takes 8 cards in 4 to 8 actions.
    assert!((400..=800).contains(&a.actions), "{a}");
    // A rule change (here: who wins) changes the score hash, not the counts.
    let b = golden::<Cards>(&Bug::ReturnsOverOne, 100, 3);
    assert_eq!((a.actions, a.legal_sum), (b.actions, b.legal_sum));
    assert_ne!(a.score_hash, b.score_hash);
}
