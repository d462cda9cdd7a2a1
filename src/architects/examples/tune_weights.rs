//! Tunes the weights of Architects' evaluation (`WEIGHTS` in `src/architects/game.rs`) for
//! play: each candidate is scored by greedy's win share as `greedy_strength.rs` measures it
//! (one greedy seat among trivial ones, seats rotated), on fixed game seeds so candidates are
//! compared on the same games.
//!
//! ```text
//! cargo run --release -p wonders-architects --example tune_weights -- \
//!     eval|greedy [--games N] [--from SEED] [--players P] [--determinizations D] [--threads T] [--round | --round-every K] [--without-answer] [--bot SPEC] [--takes SPEC [--takes-near K] | --rest SPEC [--rest-only PHASE]] [W0 W1 ...]
//! cargo run --release -p wonders-architects --example tune_weights -- \
//!     search [same options] [--rounds R] [--step S] [--greedy-weight L] [W0 W1 ...]
//! ```
//!
//! Run from the repository's root; the options default to 1,000 games from seed 0, 3 players,
//! greedy's 8 determinizations, one thread. `dump [--rollouts K] [--out FILE]` writes
//! rollout values of greedy's decisions for `scripts/fit_architects_weights.py` (see there).
//!
//! `eval` prints the win share against the first legal action and against uniformly random
//! play (the weights given, or today's; with `--bot SPEC`, of that bot instead of greedy, e.g.
//! `--bot mcts:iterations=1000`: how far any bot gets against trivial play; with `--takes SPEC`,
//! of greedy whose Take decisions that bot makes, with `--takes-near K` only once some seat is
//! within K cards of finishing its Wonder: which of greedy's decisions fall short; with `--rest
//! SPEC`, greedy's Takes and that bot's every other decision, with `--rest-only PHASE` only
//! those of one phase: `science`, `construct`, `offer` or `effect`); `greedy` the win share of one seat with the weights
//! given among seats playing greedy with today's. `search` is a coordinate search: each round tries,
//! weight by weight, the weight times (1 ± step) and plus/minus step times the largest weight's
//! size, keeps any change that raises the mean of the two shares (plus `L` times the share of
//! one seat among today's greedy, with `--greedy-weight L`), and halves the step when a round
//! keeps none; it prints every improvement as a weight table to paste into game.rs.
//! Check what it finds on other seeds (`eval --from`): it also learns its seeds' luck.
//! `dump` plays 3 players only, the count the fit script reads. `--round` makes the seat
//! under test evaluate one round deeper ([`Architects::evaluate_round_with`]: every other seat
//! answers with its best take before the model reads the position), a look-ahead measured at
//! about 7 times greedy's cost; `--round-every K` only on one determinization in K (drawn per
//! determinization), the others one ply deep. `--without-answer` makes it evaluate as greedy
//! did before the answer near the end ([`Architects::evaluate_one_ply_with`]): `eval
//! --without-answer` reproduces that greedy's shares, `greedy --without-answer` pits it
//! against today's.

mod common;

use common::First;
use std::sync::Arc;

use rand::RngCore;
use wonders_architects::game::{FEATURES, WEIGHTS};
use wonders_architects::state::Phase;
use wonders_architects::{Action, Architects, ArchitectsConfig, ArchitectsError};
use wonders_bots::{Bot, BotSpec, Game, GreedyBot, RandomBot, MAX_PLAYERS};

type Weights = [f64; FEATURES];

/// Architects evaluated with the weights it carries.
#[derive(Clone)]
struct Tuned {
    game: Architects,
    weights: Arc<Weights>,
    /// Evaluate one round deeper ([`Architects::evaluate_round_with`]).
    round: bool,
    /// With `round`: the look-ahead on one determinization in this many (drawn per
    /// determinization), the others one ply deep.
    round_every: u32,
    /// Evaluate without the answer near the end ([`Architects::evaluate_one_ply_with`]).
    one_ply: bool,
    /// The seat that made the last action applied: after a Take that ends its turn the seat
    /// to move is already the next one, and the round look-ahead starts from the mover's.
    mover: usize,
}

impl Game for Tuned {
    type Action = Action;
    type Error = ArchitectsError;

    fn num_players(&self) -> usize {
        self.game.num_players()
    }
    fn current_player(&self) -> usize {
        self.game.current_player()
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        Game::legal_actions(&self.game, out)
    }
    fn apply(&mut self, action: Action) -> Result<(), ArchitectsError> {
        self.mover = self.game.current_player();
        Game::apply(&mut self.game, action)
    }
    fn is_terminal(&self) -> bool {
        self.game.is_terminal()
    }
    fn returns(&self, out: &mut [f64]) {
        self.game.returns(out)
    }
    fn scores(&self, out: &mut [i32]) {
        self.game.scores(out)
    }
    fn evaluate(&self, out: &mut [f64]) {
        self.clone().evaluate_scratch(out)
    }
    fn evaluate_scratch(&mut self, out: &mut [f64]) {
        if self.round {
            self.game
                .evaluate_round_with(&self.weights, self.mover, out)
        } else if self.one_ply {
            self.game.evaluate_one_ply_with(&self.weights, out)
        } else {
            self.game.evaluate_with(&self.weights, out)
        }
    }
    fn default_determinizations() -> u32 {
        Architects::default_determinizations()
    }
    fn mover_options_are_known(&self) -> bool {
        true
    }
    fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
        Tuned {
            game: self.game.determinize_for(observer, rng),
            weights: self.weights.clone(),
            round: self.round_every > 0 && rng.next_u32() % self.round_every == 0,
            round_every: self.round_every,
            one_ply: self.one_ply,
            mover: self.mover,
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Policy {
    First,
    Random,
    /// Greedy with today's weights ([`WEIGHTS`]).
    Greedy,
}

/// Greedy evaluating with its own weights, whatever the state carries.
struct Weighted {
    greedy: GreedyBot<Tuned>,
    weights: Arc<Weights>,
}

impl Bot<Tuned> for Weighted {
    fn choose(&mut self, state: &Tuned) -> Action {
        let mut mine = state.clone();
        mine.weights = self.weights.clone();
        mine.round = false;
        mine.round_every = 0;
        mine.one_ply = false;
        self.greedy.choose(&mine)
    }
}

struct Options {
    games: u64,
    from: u64,
    players: usize,
    determinizations: u32,
    threads: u64,
    rounds: u32,
    step: f64,
    /// The greedy seat under test evaluates one round deeper.
    round: bool,
    /// ... on one determinization in this many.
    round_every: u32,
    /// The greedy seat under test evaluates without the answer near the end (as greedy did
    /// before it).
    one_ply: bool,
    /// `eval`: this bot in the seat under test instead of greedy.
    bot: Option<BotSpec>,
    /// The seat under test plays greedy except its Take decisions, which this bot makes
    /// (`--takes SPEC`): where greedy's shortfall lies.
    takes: Option<BotSpec>,
    /// With `takes`: only once some seat is within this many cards of finishing its Wonder.
    takes_near: Option<f64>,
    /// The seat under test plays greedy's Take decisions and this bot's every other decision
    /// (`--rest SPEC`): the converse of `takes`.
    rest: Option<BotSpec>,
    /// With `rest`: only decisions of this phase (`--rest-only science|construct|effect|offer`).
    rest_only: Option<String>,
    /// `search`: the weight of the share among today's greedy in a candidate's score.
    greedy_weight: f64,
}

/// The phases `--rest-only` names, as [`Takes`] tells them apart.
const REST_PHASES: [&str; 4] = ["science", "construct", "offer", "effect"];

/// Greedy with another bot's Take decisions (`--takes`): always, or only once some seat is
/// within `near` cards of finishing its Wonder.
struct Takes {
    greedy: GreedyBot<Tuned>,
    takes: Box<dyn Bot<Architects>>,
    near: Option<f64>,
    /// The other bot makes every decision but the Takes instead (`--rest`).
    rest: bool,
    /// With `rest`: only the decisions of this phase.
    rest_only: Option<String>,
}

impl Bot<Tuned> for Takes {
    fn choose(&mut self, state: &Tuned) -> Action {
        let take = state.game.phase == Phase::Take;
        let near = self
            .near
            .is_none_or(|k| state.game.fewest_cards_to_finish() <= k);
        let kind = match state.game.phase {
            Phase::Science => "science",
            Phase::Construct => "construct",
            Phase::StageEffect(_) => "effect",
            Phase::Offer(_) => "offer",
            Phase::Take | Phase::Over => "take",
        };
        let only = self.rest_only.as_deref().is_none_or(|k| k == kind);
        let by_other = if self.rest {
            !take && only
        } else {
            take && near
        };
        if by_other {
            self.takes.choose(&state.game)
        } else {
            self.greedy.choose(state)
        }
    }
}

/// Greedy's wins over games `from..from + games`, its seat rotating, the others playing
/// `policy` (the seeds of `greedy_strength.rs`).
fn wins(o: &Options, w: &Arc<Weights>, policy: Policy, from: u64, games: u64) -> f64 {
    let mut won = 0.0;
    for i in from..from + games {
        let game = Architects::new(&ArchitectsConfig::base(o.players), i).unwrap();
        let mut g = Tuned {
            game,
            weights: w.clone(),
            round: o.round,
            round_every: o.round_every,
            one_ply: o.one_ply,
            mover: 0,
        };
        let n = o.players;
        let seat = (i % n as u64) as usize;
        let mut bots: Vec<Box<dyn Bot<Tuned>>> = (0..n)
            .map(|s| -> Box<dyn Bot<Tuned>> {
                if s == seat {
                    let greedy =
                        GreedyBot::<Tuned>::with_determinizations(1000 + i, o.determinizations);
                    match (&o.takes, &o.rest) {
                        (Some(spec), _) | (None, Some(spec)) => Box::new(Takes {
                            greedy,
                            takes: spec.build::<Architects>(3000 + i),
                            near: o.takes_near,
                            rest: o.rest.is_some(),
                            rest_only: o.rest_only.clone(),
                        }),
                        (None, None) => Box::new(greedy),
                    }
                } else {
                    match policy {
                        Policy::First => Box::new(First),
                        Policy::Random => Box::new(RandomBot::<Tuned>::new(7 * i + s as u64)),
                        Policy::Greedy => Box::new(Weighted {
                            greedy: GreedyBot::with_determinizations(
                                2000 + 7 * i + s as u64,
                                o.determinizations,
                            ),
                            weights: Arc::new(WEIGHTS),
                        }),
                    }
                }
            })
            .collect();
        while !g.is_terminal() {
            let a = bots[g.current_player()].choose(&g);
            Game::apply(&mut g, a).unwrap();
        }
        let mut r = [0.0; MAX_PLAYERS];
        g.returns(&mut r[..n]);
        won += r[seat];
    }
    won
}

/// The wins of a seat playing `spec` over games `from..from + games`, its seat rotating, the
/// others playing `policy` (first legal action or random) on the plain game: how far any bot
/// gets against trivial play (`eval --bot SPEC`).
fn spec_wins(o: &Options, spec: &BotSpec, policy: Policy, from: u64, games: u64) -> f64 {
    let mut won = 0.0;
    let mut actions = Vec::new();
    for i in from..from + games {
        let mut g = Architects::new(&ArchitectsConfig::base(o.players), i).unwrap();
        let n = o.players;
        let seat = (i % n as u64) as usize;
        let mut bot = spec.build::<Architects>(1000 + i);
        let mut others: Vec<RandomBot<Architects>> =
            (0..n).map(|s| RandomBot::new(7 * i + s as u64)).collect();
        while !g.is_over() {
            let p = Game::current_player(&g);
            let a = if p == seat {
                bot.choose(&g)
            } else if matches!(policy, Policy::Random) {
                others[p].choose(&g)
            } else {
                Game::legal_actions(&g, &mut actions);
                actions[0]
            };
            Game::apply(&mut g, a).unwrap();
        }
        let mut r = [0.0; MAX_PLAYERS];
        g.returns(&mut r[..n]);
        won += r[seat];
    }
    won
}

/// Win shares against the first legal action and against random play.
fn shares(o: &Options, w: &Weights) -> [f64; 2] {
    if let Some(spec) = &o.bot {
        let s: Vec<f64> = [Policy::First, Policy::Random]
            .iter()
            .map(|&policy| {
                on_threads(o, |from, games| spec_wins(o, spec, policy, from, games))
                    .into_iter()
                    .sum::<f64>()
                    / o.games as f64
            })
            .collect();
        return [s[0], s[1]];
    }
    let s = shares_against(o, w, &[Policy::First, Policy::Random]);
    [s[0], s[1]]
}

/// Win shares against each policy.
fn shares_against(o: &Options, w: &Weights, policies: &[Policy]) -> Vec<f64> {
    let w = Arc::new(*w);
    let mut out = vec![0.0; policies.len()];
    for (k, &policy) in policies.iter().enumerate() {
        let won: f64 = on_threads(o, |from, games| wins(o, &w, policy, from, games))
            .into_iter()
            .sum();
        out[k] = won / o.games as f64;
    }
    out
}

/// `run(from, games)` over the run's games `o.from..o.from + o.games`, split into
/// `o.threads` consecutive parts played at once; the parts' results in order.
fn on_threads<T: Send>(o: &Options, run: impl Fn(u64, u64) -> T + Sync) -> Vec<T> {
    let per = o.games.div_ceil(o.threads);
    let run = &run;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..o.threads)
            .map(|t| {
                let from = o.from + t * per;
                let games = per.min((o.from + o.games).saturating_sub(from));
                s.spawn(move || run(from, games))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}

/// `text` read as a number for `what`, or an `error:` line and exit.
fn number<T: std::str::FromStr>(what: &str, text: &str) -> T {
    text.parse()
        .unwrap_or_else(|_| fail(&format!("{what} wants a number, got {text:?}")))
}

/// `text` read as a bot spec, or an `error:` line and exit.
fn bot_spec(text: &str) -> BotSpec {
    BotSpec::parse(text).unwrap_or_else(|e| fail(&e.to_string()))
}

fn table(w: &Weights) -> String {
    let items: Vec<String> = w.iter().map(|x| format!("{x:.4}")).collect();
    items.join(", ")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let command = args.next().unwrap_or_default();
    let mut o = Options {
        games: 1000,
        from: 0,
        players: 3,
        determinizations: Architects::default_determinizations(),
        threads: 1,
        rounds: 10,
        step: 0.3,
        round: false,
        round_every: 0,
        one_ply: false,
        bot: None,
        takes: None,
        takes_near: None,
        rest: None,
        rest_only: None,
        greedy_weight: 0.0,
    };
    let mut w = WEIGHTS;
    let mut given = Vec::new();
    let mut rollouts = 16;
    let mut out = String::from("positions.f32");
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match a.as_str() {
            "--games" => o.games = number::<u64>(&a, &value()).max(1),
            "--from" => o.from = number(&a, &value()),
            "--players" => o.players = number(&a, &value()),
            "--determinizations" => o.determinizations = number(&a, &value()),
            "--threads" => o.threads = number::<u64>(&a, &value()).max(1),
            "--rounds" => o.rounds = number(&a, &value()),
            "--step" => o.step = number(&a, &value()),
            "--rollouts" => rollouts = number(&a, &value()),
            "--out" => out = value(),
            "--bot" => o.bot = Some(bot_spec(&value())),
            "--takes" => o.takes = Some(bot_spec(&value())),
            "--takes-near" => o.takes_near = Some(number(&a, &value())),
            "--rest" => o.rest = Some(bot_spec(&value())),
            "--rest-only" => {
                let phase = value();
                if !REST_PHASES.contains(&phase.as_str()) {
                    fail(&format!(
                        "--rest-only {phase:?}: the phases are {}",
                        REST_PHASES.join(", ")
                    ));
                }
                o.rest_only = Some(phase)
            }
            "--without-answer" => o.one_ply = true,
            "--greedy-weight" => o.greedy_weight = number(&a, &value()),
            "--round" => {
                o.round = true;
                o.round_every = o.round_every.max(1)
            }
            "--round-every" => {
                o.round = true;
                o.round_every = number::<u32>(&a, &value()).max(1)
            }
            x => given.extend(
                x.split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(|s| number::<f64>("a weight", s)),
            ),
        }
    }
    if !(2..=7).contains(&o.players) || (command == "dump" && o.players != 3) {
        fail(&format!(
            "--players {} (Architects has 2 to 7; dump plays 3)",
            o.players
        ));
    }
    if o.takes.is_some() && o.bot.is_some() {
        fail("--takes makes greedy's Take decisions; with --bot there is no greedy seat to change");
    }
    if o.rest.is_some() && (o.takes.is_some() || o.bot.is_some() || command == "dump") {
        fail("--rest makes greedy's decisions other than Takes; it goes with eval, greedy or search, without --takes or --bot");
    }
    if o.greedy_weight < 0.0 || (o.greedy_weight > 0.0 && command != "search") {
        fail("--greedy-weight L (L >= 0) weighs a search candidate's strength among greedy: it goes with search");
    }
    if o.bot.is_some() && command == "search" {
        fail("--bot plays a fixed bot in the seat under test: there are no weights to search");
    }
    if o.rest_only.is_some() && o.rest.is_none() {
        fail("--rest-only PHASE needs --rest SPEC (the bot that makes that phase's decisions)");
    }
    if o.takes_near.is_some() && o.takes.is_none() {
        fail("--takes-near K needs --takes SPEC (the bot that takes near the end)");
    }
    if o.takes.is_some() && command == "dump" {
        fail("--takes is for eval, greedy and search; dump records greedy's own decisions");
    }
    if !given.is_empty() {
        if given.len() != FEATURES {
            fail(&format!(
                "{} weights given; give all {FEATURES}",
                given.len()
            ));
        }
        w.copy_from_slice(&given);
    }
    match command.as_str() {
        "eval" => {
            let s = shares(&o, &w);
            let player = match (&o.bot, &o.takes) {
                (Some(spec), _) => format!("bot {spec}"),
                (None, None) if o.rest.is_some() => format!(
                    "greedy's Take decisions, {} determinizations, {} by {}",
                    o.determinizations,
                    o.rest_only
                        .as_ref()
                        .map_or("every other decision".to_string(), |k| format!(
                            "the {k} decisions"
                        )),
                    o.rest.as_ref().unwrap()
                ),
                (None, Some(spec)) => format!(
                    "greedy, {} determinizations, Take decisions by {spec}{}",
                    o.determinizations,
                    o.takes_near
                        .map(|k| format!(" once a seat is within {k} cards"))
                        .unwrap_or_default()
                ),
                (None, None) => format!("greedy, {} determinizations", o.determinizations),
            };
            println!(
                "first {:.4} random {:.4} mean {:.4} ({} games each from seed {}, {} players, {player})",
                s[0], s[1], (s[0] + s[1]) / 2.0, o.games, o.from, o.players
            );
        }
        "greedy" => {
            let s = shares_against(&o, &w, &[Policy::Greedy]);
            println!(
                "against today's greedy {:.4} (fair {:.4}; {} games from seed {}, {} players, {} determinizations)",
                s[0], 1.0 / o.players as f64, o.games, o.from, o.players, o.determinizations
            );
        }
        "search" => search(&o, w),
        "dump" => dump(&o, &w, rollouts, &out),
        _ => fail(&format!(
            "unknown command {command:?}: eval, greedy, search or dump"
        )),
    }
}

/// The search's score of weights `w`: the mean of the shares against the first legal action
/// and random play, plus `o.greedy_weight` times the share of one seat among today's greedy
/// (measured only when that weight is not 0). The shares, and the score.
fn score(o: &Options, w: &Weights) -> ([f64; 3], f64) {
    let policies: &[Policy] = if o.greedy_weight > 0.0 {
        &[Policy::First, Policy::Random, Policy::Greedy]
    } else {
        &[Policy::First, Policy::Random]
    };
    let v = shares_against(o, w, policies);
    let s = [v[0], v[1], v.get(2).copied().unwrap_or(0.0)];
    (s, (s[0] + s[1]) / 2.0 + o.greedy_weight * s[2])
}

/// The shares of [`score`] as the search prints them (the share among greedy only if measured).
fn shown(o: &Options, s: [f64; 3]) -> String {
    let among = if o.greedy_weight > 0.0 {
        format!(" among greedy {:.4}", s[2])
    } else {
        String::new()
    };
    format!("first {:.4} random {:.4}{among}", s[0], s[1])
}

fn search(o: &Options, mut w: Weights) {
    let (s, mut best) = score(o, &w);
    println!("start: {} score {best:.4}", shown(o, s));
    let mut step = o.step;
    for round in 0..o.rounds {
        let scale = w.iter().map(|x| x.abs()).fold(0.0, f64::max);
        let mut kept = 0;
        for k in 0..FEATURES {
            let base = w[k];
            let tries = [
                base * (1.0 + step),
                base * (1.0 - step),
                base + step * scale * 0.5,
                base - step * scale * 0.5,
            ];
            for t in tries {
                let mut c = w;
                c[k] = t;
                let (s, m) = score(o, &c);
                if m > best {
                    best = m;
                    w = c;
                    kept += 1;
                    println!(
                        "round {round} weight {k} {base:.4} -> {t:.4}: {} score {m:.4}\n  [{}]",
                        shown(o, s),
                        table(&w)
                    );
                    break;
                }
            }
        }
        if kept == 0 {
            step /= 2.0;
            println!("round {round}: no gain, step {step}");
        }
    }
    println!("final score {best:.4}\n  [{}]", table(&w));
}

/// Determinizations per position in `dump` (as greedy's default).
const DUMP_DETS: usize = 8;
/// Take actions per position in `dump` (left, right, central at most).
const DUMP_ACTIONS: usize = 3;

/// The policy of the seats around greedy in game `i` of `dump`: first legal action, random,
/// or today's greedy (2 : 2 : 1).
fn dump_policy(i: u64) -> Policy {
    match i % 5 {
        0 | 1 => Policy::First,
        2 | 3 => Policy::Random,
        _ => Policy::Greedy,
    }
}

fn bots_for(
    o: &Options,
    i: u64,
    seat: usize,
    policy: Policy,
    seed: u64,
) -> Vec<Box<dyn Bot<Tuned>>> {
    (0..o.players)
        .map(|s| -> Box<dyn Bot<Tuned>> {
            if s == seat {
                Box::new(GreedyBot::<Tuned>::with_determinizations(
                    seed,
                    o.determinizations,
                ))
            } else {
                match policy {
                    Policy::First => Box::new(First),
                    Policy::Random => {
                        Box::new(RandomBot::<Tuned>::new(seed ^ ((7 * i + s as u64) << 8)))
                    }
                    Policy::Greedy => Box::new(GreedyBot::<Tuned>::with_determinizations(
                        seed ^ ((2000 + 7 * i + s as u64) << 8),
                        o.determinizations,
                    )),
                }
            }
        })
        .collect()
}

/// One record per sampled Take decision of greedy's seat with at least 2 options, as f32:
/// Q[3] (greedy's win share over `rollouts` playouts after the action, the same
/// determinizations and bot seeds for every action), valid[3], terminal[3], terminal
/// return[3], then features[3 actions][8 determinizations][players][FEATURES] of the settled
/// state after the action (seat order rotated so the mover comes first).
fn dump_games(o: &Options, w: &Arc<Weights>, rollouts: u64, from: u64, games: u64) -> Vec<f32> {
    use rand::SeedableRng;
    let n = o.players;
    let mut data = Vec::new();
    let mut actions = Vec::new();
    for i in from..from + games {
        let policy = dump_policy(i);
        let seat = (i % n as u64) as usize;
        let mut g = Tuned {
            game: Architects::new(&ArchitectsConfig::base(n), i).unwrap(),
            weights: w.clone(),
            round: false,
            round_every: 0,
            one_ply: false,
            mover: 0,
        };
        let mut bots = bots_for(o, i, seat, policy, 1000 + i);
        let mut rng = wonders_bots::BotRng::seed_from_u64(i * 7919 + 17);
        while !g.is_terminal() {
            let p = g.current_player();
            Game::legal_actions(&g, &mut actions);
            if p == seat
                && g.game.phase == wonders_architects::state::Phase::Take
                && actions.len() >= 2
                && rand::Rng::random_bool(&mut rng, 0.5)
            {
                let mut q = [0.0f32; DUMP_ACTIONS];
                let mut valid = [0.0f32; DUMP_ACTIONS];
                let mut term = [0.0f32; DUMP_ACTIONS];
                let mut term_ret = [0.0f32; DUMP_ACTIONS];
                let mut feats = vec![0.0f32; DUMP_ACTIONS * DUMP_DETS * n * FEATURES];
                let dets: Vec<Architects> = (0..DUMP_DETS)
                    .map(|_| g.game.determinize_for(seat, &mut rng))
                    .collect();
                let roll_seed: u64 = rand::Rng::random(&mut rng);
                for (a, &action) in actions.iter().enumerate().take(DUMP_ACTIONS) {
                    valid[a] = 1.0;
                    for (d, det) in dets.iter().enumerate() {
                        let mut next = det.clone();
                        next.apply(action).unwrap();
                        let mut chances = [0.0; MAX_PLAYERS];
                        next.evaluate_with(w, &mut chances[..n]);
                        if next.is_over() {
                            term[a] = 1.0;
                            term_ret[a] = chances[seat] as f32;
                        }
                        let fewest = next.fewest_cards_to_finish();
                        for k in 0..n {
                            let f = next.seat_features((seat + k) % n, fewest);
                            let at = ((a * DUMP_DETS + d) * n + k) * FEATURES;
                            for (x, y) in feats[at..at + FEATURES].iter_mut().zip(f) {
                                *x = y as f32;
                            }
                        }
                    }
                    let mut won = 0.0;
                    for r in 0..rollouts {
                        let seed = roll_seed.wrapping_add(r * 1_000_003);
                        let mut det_rng = wonders_bots::BotRng::seed_from_u64(seed);
                        let mut h = Tuned {
                            game: g.game.determinize_for(seat, &mut det_rng),
                            weights: w.clone(),
                            round: false,
                            round_every: 0,
                            one_ply: false,
                            mover: 0,
                        };
                        Game::apply(&mut h, action).unwrap();
                        let mut rb = bots_for(o, i, seat, policy, seed);
                        while !h.is_terminal() {
                            let x = rb[h.current_player()].choose(&h);
                            Game::apply(&mut h, x).unwrap();
                        }
                        let mut ret = [0.0; MAX_PLAYERS];
                        h.returns(&mut ret[..n]);
                        won += ret[seat];
                    }
                    q[a] = (won / rollouts as f64) as f32;
                }
                data.extend_from_slice(&q);
                data.extend_from_slice(&valid);
                data.extend_from_slice(&term);
                data.extend_from_slice(&term_ret);
                data.extend_from_slice(&feats);
            }
            let a = bots[p].choose(&g);
            Game::apply(&mut g, a).unwrap();
        }
    }
    data
}

fn dump(o: &Options, w: &Weights, rollouts: u64, out: &str) {
    let w = Arc::new(*w);
    let data: Vec<f32> = on_threads(o, |from, games| dump_games(o, &w, rollouts, from, games))
        .into_iter()
        .flatten()
        .collect();
    let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
    if let Err(e) = std::fs::write(out, bytes) {
        fail(&format!("cannot write {out}: {e}"));
    }
    let record = 4 * DUMP_ACTIONS + DUMP_ACTIONS * DUMP_DETS * o.players * FEATURES;
    println!(
        "{} positions written to {out} ({record} f32 each)",
        data.len() / record
    );
}
