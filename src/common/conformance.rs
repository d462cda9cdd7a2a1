//! The conformance kit: one battery of checks every game and configuration runs in one line,
//! in the spirit of OpenSpiel's basic tests, plus golden counts in the spirit of chess perft.
//!
//! [`conformance`] plays random games and checks what a game owes the interface, panicking
//! with the game, its options, the game seed, the action index and the check that failed:
//!
//! - **legal actions**: listed exactly while the game is not over, no duplicates, every one
//!   accepted by `apply`; the player to move is a seat; the seat count is the game's;
//! - **refusals**: actions seen legal elsewhere but not listed here are refused and leave the
//!   state unchanged (same legal actions, same view for every seat, same scores);
//! - **determinizations**: never change what the observer saw (`view`), `determinize_into`
//!   equals `determinize`, and the hidden state dealt is valid (it plays to the end);
//! - **evaluation and returns**: in [0, 1], summing to 1; `evaluate` equals `returns` at the end;
//! - **scores**: every seat's total is the sum of its lines and equals `scores`; the lines are
//!   the game's `score_categories`; winners are exactly the seats with a positive return;
//! - **records**: the record, written to JSON text and read back, replays to the same outcome
//!   with its result checked; the same record with a changed total is refused;
//! - **determinism**: the same seed and the same choices give the same record.
//!
//! [`golden`] plays random games and sums the number of legal actions over every position, the
//! actions played and a hash of the final scores: pinned in a test, any change of the rules
//! shows up as a changed number.

use std::collections::HashSet;
use std::fmt;

use rand::{Rng, SeedableRng};
use serde_json::Value;

use super::engine::GameModule;
use super::seed::{derive_seed, GameRng};

/// Sampled checks (refusals, determinizations) run at every position of the first
/// `FULL_GAMES` games, then at every `SAMPLE_EVERY`-th position.
const FULL_GAMES: u64 = 5;
const SAMPLE_EVERY: usize = 7;
/// Unlisted actions tried at a sampled position.
const REFUSALS_TRIED: usize = 6;
/// Determinized states played to the end, one in this many sampled positions.
const PLAYOUT_EVERY: usize = 5;

/// The random choices of game `seed`: a stream of its own, so the choices do not depend on
/// how the game draws its setup.
fn chooser(game_seed: u64) -> GameRng {
    GameRng::seed_from_u64(derive_seed(game_seed, 0xC401CE))
}

/// Everything that must stay the same when an action is refused, or when two states must be
/// the same game: legal actions, every seat's view, scores, the player to move.
type Fingerprint<G> = (
    Vec<<G as wonders_bots::Game>::Action>,
    Vec<<G as GameModule>::View>,
    Vec<i32>,
    usize,
);

fn fingerprint<G: GameModule>(g: &G) -> Fingerprint<G> {
    let n = g.num_players();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let views = (0..n).map(|s| g.view(s)).collect();
    let mut scores = vec![0; n];
    g.scores(&mut scores);
    let current = if g.is_terminal() {
        usize::MAX
    } else {
        g.current_player()
    };
    (legal, views, scores, current)
}

/// Where a check failed, for its message.
struct Place<'a> {
    game: &'static str,
    label: &'a str,
    seed: u64,
}

impl Place<'_> {
    fn fail(&self, action: Option<usize>, check: &str, detail: String) -> ! {
        let at = action.map_or(String::new(), |i| format!(" at action {i}"));
        panic!(
            "conformance: {} ({}), game seed {}{at}: {check}: {detail}",
            self.game, self.label, self.seed
        )
    }
}

/// Checks a distribution over seats: each value in [0, 1], the sum 1.
fn check_distribution(p: &Place, index: Option<usize>, what: &str, values: &[f64]) {
    let sum: f64 = values.iter().sum();
    if values.iter().any(|v| !(-1e-9..=1.0 + 1e-9).contains(v)) || (sum - 1.0).abs() > 1e-9 {
        p.fail(
            index,
            what,
            format!("{values:?} is not in [0, 1] summing to 1"),
        );
    }
}

/// Plays `games` random games of `options` and checks every invariant of the interface (see
/// the module docs). Panics naming the first failure.
pub fn conformance<G: GameModule>(options: &G::Options, games: u64, seed: u64) {
    let label = G::options_label(options);
    let info = G::info();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut in_pool: HashSet<G::Action> = HashSet::new();
    let mut sampled = 0usize;
    for i in 0..games {
        let game_seed = derive_seed(seed, i);
        let p = Place {
            game: info.id,
            label: &label,
            seed: game_seed,
        };
        // Choices and checks draw from streams of their own, so the choices can be replayed.
        let mut choose = chooser(game_seed);
        let mut checks = GameRng::seed_from_u64(derive_seed(game_seed, 0xC4EC));
        let mut g = G::new_game(options, game_seed);
        let n = g.num_players();
        if n < info.seats.0 || n > info.seats.1 {
            p.fail(
                None,
                "seats",
                format!("{n} seats, the game says {:?}", info.seats),
            );
        }
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        let mut out = vec![0.0; n];
        while !g.is_terminal() {
            let index = Some(actions.len());
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                p.fail(index, "legal actions", "none listed before the end".into());
            }
            let distinct: HashSet<_> = legal.iter().collect();
            if distinct.len() != legal.len() {
                p.fail(index, "legal actions", "an action is listed twice".into());
            }
            if g.current_player() >= n {
                p.fail(
                    index,
                    "current player",
                    format!("{} of {n}", g.current_player()),
                );
            }
            for &a in &legal {
                if in_pool.insert(a) {
                    pool.push(a);
                }
            }
            if i < FULL_GAMES || actions.len() % SAMPLE_EVERY == 0 {
                sampled += 1;
                check_position(&p, index, &g, &legal, &pool, &mut checks, sampled);
            }
            let a = legal[choose.random_range(0..legal.len())];
            if let Err(e) = g.apply(a) {
                p.fail(index, "a listed action", format!("{a:?} refused: {e}"));
            }
            actions.push(a);
        }
        g.legal_actions(&mut legal);
        if !legal.is_empty() {
            p.fail(None, "legal actions", "listed after the end".into());
        }
        check_end(&p, options, &g, &mut out);
        check_record(&p, options, &g, &actions, game_seed);
        // Determinism: the same seed and choices give the same game.
        let again = replay_choices::<G>(options, game_seed);
        if again.1 != actions || again.0.outcome() != g.outcome() {
            p.fail(
                None,
                "determinism",
                "the same seed played differently".into(),
            );
        }
    }
}

/// The checks of one sampled position.
fn check_position<G: GameModule>(
    p: &Place,
    index: Option<usize>,
    g: &G,
    legal: &[G::Action],
    pool: &[G::Action],
    rng: &mut GameRng,
    sampled: usize,
) {
    let n = g.num_players();
    for &a in legal {
        let mut c = g.clone();
        if let Err(e) = c.apply(a) {
            p.fail(index, "a listed action", format!("{a:?} refused: {e}"));
        }
    }
    let before = fingerprint(g);
    let listed: HashSet<_> = legal.iter().collect();
    let unlisted: Vec<&G::Action> = pool.iter().filter(|a| !listed.contains(a)).collect();
    for _ in 0..REFUSALS_TRIED.min(unlisted.len()) {
        let a = *unlisted[rng.random_range(0..unlisted.len())];
        let mut c = g.clone();
        if c.apply(a).is_ok() {
            p.fail(index, "an unlisted action", format!("{a:?} was accepted"));
        }
        if fingerprint(&c) != before {
            p.fail(
                index,
                "an unlisted action",
                format!("{a:?} was refused but changed the state"),
            );
        }
    }
    let mut out = vec![0.0; n];
    g.evaluate(&mut out);
    check_distribution(p, index, "evaluate", &out[..n]);
    for seat in 0..n {
        let state = rng.random::<u64>();
        let d = g.determinize(seat, &mut GameRng::seed_from_u64(state));
        if d.view(seat) != g.view(seat) {
            p.fail(
                index,
                "a determinization",
                format!(
                    "changed what seat {seat} saw:\n  before {:?}\n  after  {:?}",
                    g.view(seat),
                    d.view(seat)
                ),
            );
        }
        let mut into = g.clone();
        g.determinize_into(seat, &mut GameRng::seed_from_u64(state), &mut into);
        if fingerprint(&into) != fingerprint(&d) {
            p.fail(
                index,
                "determinize_into",
                format!("differs from determinize for seat {seat}"),
            );
        }
        if sampled % PLAYOUT_EVERY == 0 {
            play_out(p, index, d, rng);
        }
    }
}

/// Plays a (determinized) state to the end at random: every listed action must be accepted.
fn play_out<G: GameModule>(p: &Place, index: Option<usize>, mut g: G, rng: &mut GameRng) {
    let mut legal = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        if legal.is_empty() {
            p.fail(
                index,
                "a determinization",
                "dealt a state with no legal action".into(),
            );
        }
        let a = legal[rng.random_range(0..legal.len())];
        if let Err(e) = g.apply(a) {
            p.fail(
                index,
                "a determinization",
                format!("dealt a state refusing its listed {a:?}: {e}"),
            );
        }
    }
}

/// The checks of a finished game: returns, evaluation, scores and their lines.
fn check_end<G: GameModule>(p: &Place, options: &G::Options, g: &G, out: &mut [f64]) {
    let n = g.num_players();
    g.returns(out);
    check_distribution(p, None, "returns", &out[..n]);
    let mut eval = vec![0.0; n];
    g.evaluate(&mut eval);
    if eval[..n] != out[..n] {
        p.fail(
            None,
            "evaluate",
            format!("{eval:?} at the end, returns {out:?}"),
        );
    }
    let mut scores = vec![0; n];
    g.scores(&mut scores);
    let outcome = g.outcome();
    let lines = G::score_categories(options);
    if outcome.seats.len() != n {
        p.fail(
            None,
            "outcome",
            format!("{} seats of {n}", outcome.seats.len()),
        );
    }
    for (s, seat) in outcome.seats.iter().enumerate() {
        let names: Vec<&str> = seat.categories.iter().map(|(k, _)| *k).collect();
        if names != lines {
            p.fail(
                None,
                "score lines",
                format!("seat {s}: {names:?}, the game says {lines:?}"),
            );
        }
        let sum: i32 = seat.categories.iter().map(|(_, v)| v).sum();
        if sum != seat.total || seat.total != scores[s] {
            p.fail(
                None,
                "scores",
                format!(
                    "seat {s}: lines sum to {sum}, total {}, scores() {}",
                    seat.total, scores[s]
                ),
            );
        }
        if seat.win != (out[s] > 0.0) || (seat.win && seat.rank != 1) {
            p.fail(
                None,
                "winners",
                format!(
                    "seat {s}: win {} rank {}, return {}",
                    seat.win, seat.rank, out[s]
                ),
            );
        }
    }
}

/// The record round trip: JSON text, replay, same outcome; a changed figure is refused.
fn check_record<G: GameModule>(
    p: &Place,
    options: &G::Options,
    g: &G,
    actions: &[G::Action],
    game_seed: u64,
) {
    let players: Vec<String> = (0..g.num_players()).map(|_| "random".to_string()).collect();
    let record = g.record(actions, &players, game_seed, options);
    let text = record.to_string();
    let read: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| p.fail(None, "record", format!("not JSON: {e}")));
    let replayed = G::replay(&read)
        .unwrap_or_else(|e| p.fail(None, "record", format!("does not replay: {e}")));
    if !replayed.result_checked {
        p.fail(None, "record", "its result was not checked".into());
    }
    if replayed.actions != actions {
        p.fail(None, "record", "replays other actions".into());
    }
    if replayed.game.outcome() != g.outcome() {
        p.fail(None, "record", "replays to another outcome".into());
    }
    let mut altered = read;
    let total = &mut altered["result"]["scores"][0]["total"];
    match total.as_i64() {
        Some(t) => *total = Value::from(t + 1),
        None => p.fail(None, "record", "no result.scores[0].total".into()),
    }
    if G::replay(&altered).is_ok() {
        p.fail(
            None,
            "record",
            "a record with a changed total replays as consistent".into(),
        );
    }
}

/// Plays game `game_seed` with the kit's random choices: the finished game and its actions.
fn replay_choices<G: GameModule>(options: &G::Options, game_seed: u64) -> (G, Vec<G::Action>) {
    let mut choose = chooser(game_seed);
    let mut g = G::new_game(options, game_seed);
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        let a = legal[choose.random_range(0..legal.len())];
        g.apply(a).expect("a listed action is accepted");
        actions.push(a);
    }
    (g, actions)
}

/// Golden counts of random games: see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Golden {
    /// Games played.
    pub games: u64,
    /// Actions applied, over every game.
    pub actions: u64,
    /// Legal actions summed over every position of every game.
    pub legal_sum: u64,
    /// FNV-1a hash of every final score and return (in millionths), game by game.
    pub score_hash: u64,
}

impl fmt::Display for Golden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "games {} actions {} legal {} scores {:016x}",
            self.games, self.actions, self.legal_sum, self.score_hash
        )
    }
}

/// Plays `games` random games of `options` (game `i` from `derive_seed(seed, i)`, each choice
/// uniform among the legal actions in their listed order, drawn from a generator seeded from
/// the game seed) and counts.
pub fn golden<G: GameModule>(options: &G::Options, games: u64, seed: u64) -> Golden {
    const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = FNV_OFFSET;
    let mut mix = |x: i64| {
        for b in x.to_le_bytes() {
            hash = (hash ^ b as u64).wrapping_mul(FNV_PRIME);
        }
    };
    let (mut actions, mut legal_sum) = (0u64, 0u64);
    let mut legal = Vec::new();
    for i in 0..games {
        let game_seed = derive_seed(seed, i);
        let mut rng = GameRng::seed_from_u64(game_seed);
        let mut g = G::new_game(options, game_seed);
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            legal_sum += legal.len() as u64;
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(a).expect("a listed action is accepted");
            actions += 1;
        }
        let n = g.num_players();
        let mut scores = vec![0; n];
        g.scores(&mut scores);
        let mut returns = vec![0.0; n];
        g.returns(&mut returns);
        for s in 0..n {
            mix(scores[s] as i64);
            mix((returns[s] * 1e6).round() as i64);
        }
    }
    Golden {
        games,
        actions,
        legal_sum,
        score_hash: hash,
    }
}
