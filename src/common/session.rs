//! A game in progress behind one object-safe interface, whatever the game: what the Python
//! module's `Game`, environments and tournaments hold. It speaks action ids (see
//! [`super::encoding`]), keeps the actions played so a finished game has its record, and can
//! be rebuilt from its options, seed and steps (pickling).

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rand::SeedableRng;
use serde_json::Value;
use wonders_bots::{Bot, BotSpec};

use super::encoding::{legal_by_id, observation_names, Count, Encoded, Writer};
use super::engine::BotFactory;
use super::GameRng;

/// A bot for a [`Session`] of the same game (made by [`Session::new_bot`]).
pub type SessionBot = Box<dyn Any + Send>;

/// A game in progress, seen through action ids. Made by the registry from a game id, options
/// and a seed.
pub trait Session: Send + Sync {
    /// The game's id (`duel`, …).
    fn game_id(&self) -> &'static str;
    /// Seats.
    fn num_players(&self) -> usize;
    /// The seat to move (meaningless once the game is over).
    fn current_player(&self) -> usize;
    /// True once the game is over.
    fn is_terminal(&self) -> bool;
    /// Number of action ids.
    fn action_space(&self) -> usize;
    /// Number of observation features.
    fn observation_len(&self) -> usize;
    /// The names of the observation features.
    fn observation_names(&self) -> Vec<String>;
    /// The legal action ids of the player to move, increasing; empty once the game is over.
    fn legal_ids(&self) -> Vec<usize>;
    /// Writes the action mask (1 for a legal id) into `out[..action_space]`.
    fn mask(&self, out: &mut [i8]);
    /// The name of id `id` (fixed for the options, whatever the state).
    fn action_label(&self, id: usize) -> String;
    /// The action an id stands for in this state, as the engine names it (with its payment).
    fn action_detail(&self, id: usize) -> Option<String>;
    /// Plays id `id` for the player to move; an id that is not legal is refused with a message
    /// naming it, and the game is unchanged.
    fn apply_id(&mut self, id: usize) -> Result<(), String>;
    /// Per-seat returns (see `wonders_bots::Game::returns`): 1 for a sole winner, `1/k` for `k`
    /// seats sharing, 0 for a loss; all 0 while the game is not over.
    fn returns(&self) -> Vec<f64>;
    /// Per-seat scores.
    fn scores(&self) -> Vec<i32>;
    /// Writes what `seat` sees into `out[..observation_len]`.
    fn observe(&self, seat: usize, out: &mut [f32]);
    /// A copy.
    fn clone_box(&self) -> Box<dyn Session>;
    /// A copy in which everything `seat` cannot see is re-sampled from `seed`. It has no
    /// record and cannot be pickled (it was never dealt from a seed).
    fn determinize(&self, seat: usize, seed: u64) -> Box<dyn Session>;
    /// The seed the game was set up from, or `None` for a determinization.
    fn seed(&self) -> Option<u64>;
    /// Each step played so far, as the index of the action among all legal actions of its
    /// state (payment variants included): with the options and seed, the game rebuilds exactly.
    fn steps(&self) -> &[u32];
    /// Replays steps from [`Session::steps`] onto this game.
    fn apply_steps(&mut self, steps: &[u32]) -> Result<(), String>;
    /// The game record (JSON) of a finished game, `players` naming the seats.
    fn record(&self, players: &[String]) -> Result<Value, String>;
    /// A bot of this game from a specification, seeded.
    fn new_bot(&self, spec: &BotSpec, seed: u64) -> SessionBot;
    /// Lets `bot` (from [`Session::new_bot`] of the same game) play the player to move; returns
    /// the id it played.
    fn play_bot(&mut self, bot: &mut SessionBot) -> Result<usize, String>;
    /// The id `bot` would play for the player to move, without playing it (the id's action may
    /// pay differently from the bot's own choice: an id plays its cheapest payment).
    fn bot_choice(&self, bot: &mut SessionBot) -> Result<usize, String>;
}

/// The [`Session`] of a game type.
pub struct Of<G: Encoded> {
    options: G::Options,
    seed: Option<u64>,
    game: G,
    actions: Vec<G::Action>,
    steps: Vec<u32>,
    space: usize,
    obs_len: usize,
    /// A buffer for the legal actions of `game` (all of them, payment variants included).
    legal: Vec<G::Action>,
    /// One action per legal id, worked out when first asked for in a state (bots moving in a
    /// batch environment never need it).
    by_id: OnceLock<Vec<(usize, G::Action)>>,
}

impl<G: Encoded> Clone for Of<G> {
    fn clone(&self) -> Self {
        Of {
            options: self.options.clone(),
            seed: self.seed,
            game: self.game.clone(),
            actions: self.actions.clone(),
            steps: self.steps.clone(),
            space: self.space,
            obs_len: self.obs_len,
            legal: self.legal.clone(),
            by_id: self.by_id.clone(),
        }
    }
}

impl<G: Encoded> Of<G> {
    /// A new game from its options and seed.
    pub fn new(options: G::Options, seed: u64) -> Self {
        let game = G::new_game(&options, seed);
        let mut s = Self::from_state(options, game);
        s.seed = Some(seed);
        s
    }

    /// A session on a state reached some other way (a determinization): no seed, no record.
    pub fn from_state(options: G::Options, game: G) -> Self {
        // The observation's length depends on the options only: count this state's features.
        let mut count = Count::default();
        game.encode(0, &mut count);
        Of {
            space: G::action_space(&options),
            obs_len: count.0,
            options,
            seed: None,
            game,
            actions: Vec::new(),
            steps: Vec::new(),
            legal: Vec::new(),
            by_id: OnceLock::new(),
        }
    }

    /// The deal of `seed` with a record's `actions` played, when it is the record's game:
    /// every seat sees the same as in `initial` (the record's setup) before the first action
    /// and as in `last` (the record replayed) after the last one. `None` otherwise (a setup
    /// that is not that seed's deal): only the record's own replay knows that game then.
    pub fn from_seed_and_record(
        options: G::Options,
        seed: u64,
        initial: &G,
        last: &G,
        actions: &[G::Action],
    ) -> Option<Self> {
        let n = initial.num_players();
        let mut dealt = Self::new(options, seed);
        if !(0..n).all(|p| dealt.game.view(p) == initial.view(p)) {
            return None;
        }
        for &a in actions {
            dealt.play(a).ok()?;
        }
        (0..n)
            .all(|p| dealt.game.view(p) == last.view(p))
            .then_some(dealt)
    }

    /// The state itself.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Plays `action` (one of the state's legal actions, any payment) for the player to move.
    pub fn play_action(&mut self, action: G::Action) -> Result<(), String> {
        self.play(action)
    }

    /// The action `bot` chooses for the player to move.
    fn ask(&self, bot: &mut SessionBot) -> Result<G::Action, String> {
        if self.game.is_terminal() {
            return Err("the game is over".into());
        }
        let bot = bot
            .downcast_mut::<Result<Box<dyn Bot<G>>, String>>()
            .ok_or_else(|| format!("this bot was made for another game than {}", G::info().id))?;
        // A bot refused for this game (a network made for another) says why at its first move.
        Ok(bot.as_mut().map_err(|e| e.clone())?.choose(&self.game))
    }

    /// The legal actions by id (see [`legal_by_id`]).
    fn by_id(&self) -> &[(usize, G::Action)] {
        self.by_id.get_or_init(|| {
            let (mut scratch, mut out) = (Vec::new(), Vec::new());
            legal_by_id(&self.game, &mut scratch, &mut out);
            out
        })
    }

    fn play(&mut self, action: G::Action) -> Result<(), String> {
        self.game.legal_actions(&mut self.legal);
        let index = self
            .legal
            .iter()
            .position(|a| *a == action)
            .ok_or_else(|| {
                format!(
                    "{} is not a legal action here",
                    self.game.action_name(action)
                )
            })?;
        self.game
            .apply(action)
            .map_err(|e| format!("{} was refused: {e}", self.game.action_name(action)))?;
        self.actions.push(action);
        self.steps.push(index as u32);
        self.by_id = OnceLock::new();
        Ok(())
    }
}

impl<G: Encoded> Session for Of<G> {
    fn game_id(&self) -> &'static str {
        G::info().id
    }
    fn num_players(&self) -> usize {
        self.game.num_players()
    }
    fn current_player(&self) -> usize {
        self.game.current_player()
    }
    fn is_terminal(&self) -> bool {
        self.game.is_terminal()
    }
    fn action_space(&self) -> usize {
        self.space
    }
    fn observation_len(&self) -> usize {
        self.obs_len
    }
    fn observation_names(&self) -> Vec<String> {
        observation_names::<G>(&self.options)
    }
    fn legal_ids(&self) -> Vec<usize> {
        self.by_id().iter().map(|(id, _)| *id).collect()
    }
    fn mask(&self, out: &mut [i8]) {
        out[..self.space].fill(0);
        for (id, _) in self.by_id() {
            out[*id] = 1;
        }
    }
    fn action_label(&self, id: usize) -> String {
        G::action_label(&self.options, id)
    }
    fn action_detail(&self, id: usize) -> Option<String> {
        self.by_id()
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, a)| self.game.action_name(*a))
    }
    fn apply_id(&mut self, id: usize) -> Result<(), String> {
        if self.game.is_terminal() {
            return Err("the game is over: no action is legal".into());
        }
        let Some(&(_, action)) = self.by_id().iter().find(|(i, _)| *i == id) else {
            let what = if id < self.space {
                format!("`{}`", self.action_label(id))
            } else {
                format!("out of range (ids are 0..{})", self.space)
            };
            return Err(format!(
                "action {id} ({what}) is not legal for seat {} here; legal ids: {:?}",
                self.current_player(),
                self.legal_ids()
            ));
        };
        self.play(action)
    }
    fn returns(&self) -> Vec<f64> {
        let mut r = vec![0.0; self.num_players()];
        if self.game.is_terminal() {
            self.game.returns(&mut r);
        }
        r
    }
    fn scores(&self) -> Vec<i32> {
        let mut s = vec![0; self.num_players()];
        self.game.scores(&mut s);
        s
    }
    fn observe(&self, seat: usize, out: &mut [f32]) {
        self.game
            .encode(seat, &mut Writer::new(&mut out[..self.obs_len]));
    }
    fn clone_box(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
    fn determinize(&self, seat: usize, seed: u64) -> Box<dyn Session> {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut d = self.clone();
        d.game = self.game.determinize(seat, &mut rng);
        d.seed = None;
        d.actions.clear();
        d.steps.clear();
        d.by_id = OnceLock::new();
        Box::new(d)
    }
    fn seed(&self) -> Option<u64> {
        self.seed
    }
    fn steps(&self) -> &[u32] {
        &self.steps
    }
    fn apply_steps(&mut self, steps: &[u32]) -> Result<(), String> {
        for (k, &i) in steps.iter().enumerate() {
            self.game.legal_actions(&mut self.legal);
            let action = *self.legal.get(i as usize).ok_or_else(|| {
                format!(
                    "step {k}: index {i} but only {} legal actions",
                    self.legal.len()
                )
            })?;
            self.play(action).map_err(|e| format!("step {k}: {e}"))?;
        }
        Ok(())
    }
    fn record(&self, players: &[String]) -> Result<Value, String> {
        let Some(seed) = self.seed else {
            return Err("a determinization has no record (it was not dealt from a seed)".into());
        };
        if !self.game.is_terminal() {
            return Err("the game is not over: a record is written for a finished game".into());
        }
        if players.len() != self.num_players() {
            return Err(format!(
                "{} player names for a {}-seat game",
                players.len(),
                self.num_players()
            ));
        }
        Ok(self
            .game
            .record(&self.actions, players, seed, &self.options))
    }
    fn new_bot(&self, spec: &BotSpec, seed: u64) -> SessionBot {
        let bot: Result<Box<dyn Bot<G>>, String> = match spec.check(&self.game) {
            Ok(()) => Ok(spec.build::<G>(seed)),
            Err(e) => Err(e.to_string()),
        };
        Box::new(bot)
    }
    fn play_bot(&mut self, bot: &mut SessionBot) -> Result<usize, String> {
        let action = self.ask(bot)?;
        let id = self.game.action_id(action).0;
        self.play(action)?;
        Ok(id)
    }
    fn bot_choice(&self, bot: &mut SessionBot) -> Result<usize, String> {
        Ok(self.game.action_id(self.ask(bot)?).0)
    }
}

/// A bot written outside the library (a Python callable): it chooses an action id seeing only
/// a determinization of the game for its own seat.
pub trait ExternalBot: Send + Sync {
    /// Its name in reports (unique in a tournament).
    fn label(&self) -> String;
    /// The id to play in `view` (a determinization for the seat to move), or why it failed.
    fn choose(&self, view: &dyn Session) -> Result<usize, String>;
}

/// The first failure of an external bot in a run, and the run's stop flag: a bot cannot return
/// an error through [`Bot::choose`], so it records the failure, stops the run, and plays a
/// legal action while the run winds down. The caller reports the failure.
#[derive(Clone)]
pub struct Failure {
    /// The message of the first failure.
    pub message: Arc<Mutex<Option<String>>>,
    /// Raised on failure; give it to the run as its stop flag.
    pub stop: Arc<AtomicBool>,
}

impl Failure {
    /// No failure yet, stopping `stop` on the first.
    pub fn new(stop: Arc<AtomicBool>) -> Self {
        Failure {
            message: Arc::new(Mutex::new(None)),
            stop,
        }
    }

    fn record(&self, message: String) {
        if let Ok(mut m) = self.message.lock() {
            m.get_or_insert(message);
        }
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The first failure, if any.
    pub fn take(&self) -> Option<String> {
        self.message.lock().ok().and_then(|mut m| m.take())
    }
}

/// An [`ExternalBot`] as the simulator's [`BotFactory`] for game `G`.
pub struct ExternalFactory<G: Encoded> {
    /// The bot.
    pub bot: Arc<dyn ExternalBot>,
    /// The options of the games it plays.
    pub options: G::Options,
    /// Where it reports a failure.
    pub failure: Failure,
}

impl<G: Encoded> BotFactory<G> for ExternalFactory<G> {
    fn label(&self) -> String {
        self.bot.label()
    }

    fn build(&self, seed: u64) -> Box<dyn Bot<G>> {
        Box::new(ExternalPlayer::<G> {
            bot: self.bot.clone(),
            options: self.options.clone(),
            failure: self.failure.clone(),
            rng: GameRng::seed_from_u64(seed),
            scratch: Vec::new(),
            by_id: Vec::new(),
        })
    }
}

struct ExternalPlayer<G: Encoded> {
    bot: Arc<dyn ExternalBot>,
    options: G::Options,
    failure: Failure,
    rng: GameRng,
    scratch: Vec<G::Action>,
    by_id: Vec<(usize, G::Action)>,
}

impl<G: Encoded> Bot<G> for ExternalPlayer<G> {
    fn choose(&mut self, state: &G) -> G::Action {
        let seat = state.current_player();
        legal_by_id(state, &mut self.scratch, &mut self.by_id);
        let fallback = self.by_id[0].1;
        if self.failure.stop.load(Ordering::Relaxed) {
            return fallback;
        }
        let view =
            Of::<G>::from_state(self.options.clone(), state.determinize(seat, &mut self.rng));
        let label = self.bot.label();
        match self.bot.choose(&view) {
            Ok(id) => match self.by_id.iter().find(|(i, _)| *i == id) {
                Some((_, a)) => *a,
                None => {
                    self.failure.record(format!(
                        "bot `{label}` (seat {seat}) chose action {id}, which is not legal (legal ids: {:?})",
                        self.by_id.iter().map(|(i, _)| *i).collect::<Vec<_>>()
                    ));
                    fallback
                }
            },
            Err(e) => {
                self.failure
                    .record(format!("bot `{label}` (seat {seat}) failed: {e}"));
                fallback
            }
        }
    }
}
