//! `wonders._wonders`: the compiled half of the Python package `wonders`. It stands on the
//! library's registry (`wonders::registry`), never on the command line; the Python half
//! (`python/wonders/`) adds the friendly signatures, Arrow tables and environments.
//!
//! Every error reaches Python as a `ValueError` naming the bad input (the registry's messages);
//! long runs release the GIL and stop on Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyTuple};
use wonders::common::derive_seed;
use wonders::common::session::{ExternalBot, Session, SessionBot};
use wonders::registry::{
    self, Entry, ReportFormat, SimulateOptions, TournamentBot, TournamentOptions,
};
use wonders_bots::BotSpec;

fn err(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The registry entry and options of a game spec (`duel`, `classic:players=5`).
fn entry(spec: &str) -> PyResult<(&'static dyn Entry, wonders::common::OptionSet)> {
    let (game, options) = registry::parse_game_spec(spec).map_err(err)?;
    game.check(&options).map_err(err)?;
    Ok((game, options))
}

/// `game` with the options given as Python keywords appended: `("classic", {players: 5,
/// expansions: ["leaders"]})` is `classic:players=5,expansions=leaders`. Lists are joined by
/// `+`, booleans written `true`/`false`, `None` values left out; `_` in a key reads `-`.
fn spec_with(game: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    let mut spec = game.trim().to_string();
    let mut pairs = Vec::new();
    for (key, value) in options.into_iter().flatten() {
        let key: String = key.extract()?;
        if value.is_none() {
            continue;
        }
        let text = if let Ok(b) = value.cast::<PyBool>() {
            b.is_true().to_string()
        } else if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
            let items: Vec<String> = value
                .try_iter()?
                .map(|v| v.and_then(|v| v.str().map(|s| s.to_string())))
                .collect::<PyResult<_>>()?;
            items.join("+")
        } else {
            value.str()?.to_string()
        };
        pairs.push(format!("{}={text}", key.replace('_', "-")));
    }
    if !pairs.is_empty() {
        spec.push(if spec.contains(':') { ',' } else { ':' });
        spec.push_str(&pairs.join(","));
    }
    Ok(spec)
}

/// The game spec of `game` with keyword options (checked): `game_spec("classic", players=5)`.
#[pyfunction]
#[pyo3(signature = (game, **options))]
fn game_spec(game: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    let spec = spec_with(game, options)?;
    entry(&spec)?;
    Ok(spec)
}

fn bot_spec(text: &str) -> PyResult<BotSpec> {
    BotSpec::parse(text).map_err(|e| err(format!("bad bot specification `{text}`: {e}")))
}

/// Runs `job` on its own thread with the GIL released, checking for Ctrl-C every 50 ms: on an
/// interrupt the stop flag is raised, the job winds down, and `KeyboardInterrupt` is raised.
fn run_released<T: Send + 'static>(
    py: Python<'_>,
    stop: Arc<AtomicBool>,
    job: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let handle = std::thread::spawn(job);
    loop {
        let done = py.detach(|| {
            let start = std::time::Instant::now();
            while !handle.is_finished() && start.elapsed() < Duration::from_millis(50) {
                std::thread::sleep(Duration::from_millis(2));
            }
            handle.is_finished()
        });
        if done {
            break;
        }
        if let Err(e) = py.check_signals() {
            stop.store(true, Ordering::SeqCst);
            py.detach(|| {
                while !handle.is_finished() {
                    std::thread::sleep(Duration::from_millis(2));
                }
            });
            return Err(e);
        }
    }
    handle
        .join()
        .map_err(|_| err("the run panicked (a bug: please report it with its arguments)"))
}

/// Plays a self-play run through the library and writes its per-seat CSV to `csv` (exactly the
/// file `wonders simulate --out` writes), or only games `first_game..games` of that run (a
/// shard: the same rows). Returns (games played, seconds, threads).
#[pyfunction]
#[pyo3(signature = (spec, csv, games, bots, seed, threads=0, rotate_seats=false, first_game=0))]
#[allow(clippy::too_many_arguments)] // one per keyword of `wonders.simulate`
fn simulate_csv(
    py: Python<'_>,
    spec: &str,
    csv: &str,
    games: u64,
    bots: Vec<String>,
    seed: u64,
    threads: usize,
    rotate_seats: bool,
    first_game: u64,
) -> PyResult<(u64, f64, usize)> {
    let (game, options) = entry(spec)?;
    if bots.is_empty() {
        return Err(err(
            "bots: give one bot per seat, or a single one for every seat",
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let run = SimulateOptions {
        seed,
        games,
        first_game,
        threads,
        bots,
        rotate_seats,
        csv: Some(csv.into()),
        stop: Some(stop.clone()),
        force: true,
        ..SimulateOptions::default()
    };
    let report = run_released(py, stop, move || game.simulate(&options, &run))?.map_err(err)?;
    if report.interrupted {
        return Err(PyKeyboardInterrupt::new_err("simulation interrupted"));
    }
    Ok((
        report.games_played - first_game,
        report.seconds,
        report.threads,
    ))
}

/// A Python callable playing in a tournament: called with a `Game` (a determinization of the
/// game for its own seat) and returning an action id.
struct PythonBot {
    label: String,
    spec: String,
    func: Py<PyAny>,
}

impl ExternalBot for PythonBot {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn choose(&self, view: &dyn Session) -> Result<usize, String> {
        Python::attach(|py| {
            let game = Game {
                spec: self.spec.clone(),
                inner: view.clone_box(),
            };
            let answer = self
                .func
                .call1(py, (game,))
                .map_err(|e| format!("raised {e}"))?;
            answer
                .extract::<usize>(py)
                .map_err(|_| format!("returned {}, not an action id", answer.bind(py)))
        })
    }
}

/// A tournament through the library: `bots` are bot specifications (`str`) or
/// `(label, callable)` pairs. Writes the per-seat CSV to `csv`; returns the report as JSON and
/// as the command line prints it.
#[pyfunction]
#[pyo3(signature = (spec, bots, games, seed, csv, threads=0))]
fn tournament_run(
    py: Python<'_>,
    spec: &str,
    bots: &Bound<'_, PyList>,
    games: u64,
    seed: u64,
    csv: &str,
    threads: usize,
) -> PyResult<(String, String)> {
    let (game, options) = entry(spec)?;
    let mut seats = Vec::new();
    for item in bots.iter() {
        if let Ok(text) = item.extract::<String>() {
            seats.push(TournamentBot::Spec(bot_spec(&text)?));
        } else {
            let (label, func): (String, Py<PyAny>) = item.extract().map_err(|_| {
                err(format!(
                    "bots: {item} is neither a bot specification nor a callable"
                ))
            })?;
            seats.push(TournamentBot::External(Arc::new(PythonBot {
                label,
                spec: spec.to_string(),
                func,
            })));
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let run = TournamentOptions {
        seed,
        games,
        threads,
        out: Some(csv.into()),
        stop: Some(stop.clone()),
        force: true,
        ..TournamentOptions::default()
    };
    let report = run_released(py, stop, move || {
        game.tournament_with(&options, &run, &seats)
    })?
    .map_err(err)?;
    if report.interrupted {
        return Err(PyKeyboardInterrupt::new_err("tournament interrupted"));
    }
    Ok((
        report.render(ReportFormat::Json),
        report.render(ReportFormat::Text),
    ))
}

/// The seed of game `index` of a run with master seed `seed` (as the simulator derives it).
#[pyfunction(name = "derive_seed")]
fn py_derive_seed(seed: u64, index: u64) -> u64 {
    derive_seed(seed, index)
}

/// The ids of every game.
#[pyfunction]
fn game_ids() -> Vec<&'static str> {
    registry::ids()
}

/// The name of every action id of a game spec, in id order.
#[pyfunction]
fn action_labels(spec: &str) -> PyResult<Vec<String>> {
    let (game, options) = entry(spec)?;
    game.action_labels(&options).map_err(err)
}

/// The names of the observation features of a game spec, in order.
#[pyfunction]
fn observation_names(spec: &str) -> PyResult<Vec<String>> {
    let (game, options) = entry(spec)?;
    game.observation_names(&options).map_err(err)
}

/// One of our bots, made for one game by `Game.make_bot`.
#[pyclass(module = "wonders._wonders")]
struct Bot {
    game: &'static str,
    label: String,
    inner: Mutex<SessionBot>,
}

#[pymethods]
impl Bot {
    /// The bot's specification, e.g. `mcts:iterations=200`.
    #[getter]
    fn spec(&self) -> String {
        self.label.clone()
    }

    fn __repr__(&self) -> String {
        format!("<wonders bot {} for {}>", self.label, self.game)
    }
}

/// A game in progress (see the package's `Game`).
#[pyclass(module = "wonders._wonders", name = "Game")]
struct Game {
    spec: String,
    inner: Box<dyn Session>,
}

impl Game {
    fn new(spec: &str, seed: u64) -> PyResult<Self> {
        let (game, options) = entry(spec)?;
        let inner = game.session(&options, seed).map_err(err)?;
        Ok(Game {
            spec: spec.to_string(),
            inner,
        })
    }

    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat >= self.inner.num_players() {
            return Err(err(format!(
                "seat {seat}: this game has seats 0 to {}",
                self.inner.num_players() - 1
            )));
        }
        Ok(())
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (game, seed=0, **options))]
    fn py_new(game: &str, seed: u64, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Game::new(&spec_with(game, options)?, seed)
    }

    /// Rebuilds a game from `(spec, seed, steps)` (what pickling stores).
    #[staticmethod]
    fn _restore(spec: &str, seed: u64, steps: Vec<u32>) -> PyResult<Self> {
        let mut g = Game::new(spec, seed)?;
        g.inner.apply_steps(&steps).map_err(err)?;
        Ok(g)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.borrow();
        let Some(seed) = me.inner.seed() else {
            return Err(err(
                "a determinization cannot be pickled: it was not dealt from a seed",
            ));
        };
        let restore = py.get_type::<Game>().getattr("_restore")?;
        let args = (me.spec.clone(), seed, me.inner.steps().to_vec());
        PyTuple::new(py, [restore.into_any(), args.into_pyobject(py)?.into_any()])
    }

    /// The spec the game was made from (`classic:players=5`).
    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }
    /// The game's id.
    #[getter]
    fn game_id(&self) -> &'static str {
        self.inner.game_id()
    }
    /// The seed it was dealt from (`None` for a determinization).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.inner.seed()
    }
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    #[getter]
    fn current_player(&self) -> usize {
        self.inner.current_player()
    }
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }
    #[getter]
    fn action_space(&self) -> usize {
        self.inner.action_space()
    }
    #[getter]
    fn observation_size(&self) -> usize {
        self.inner.observation_len()
    }
    /// Each step so far, as an index among all legal actions of its state.
    #[getter]
    fn steps(&self) -> Vec<u32> {
        self.inner.steps().to_vec()
    }

    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_ids()
    }

    fn legal_action_names(&self) -> Vec<String> {
        let ids = self.inner.legal_ids();
        ids.into_iter()
            .map(|id| self.inner.action_label(id))
            .collect()
    }

    fn action_name(&self, id: usize) -> PyResult<String> {
        if id >= self.inner.action_space() {
            return Err(err(format!(
                "action {id}: ids are 0 to {}",
                self.inner.action_space() - 1
            )));
        }
        Ok(self.inner.action_label(id))
    }

    /// The action id `id` stands for here, as the engine names it (with its payment), or
    /// `None` if it is not legal.
    fn action_detail(&self, id: usize) -> Option<String> {
        self.inner.action_detail(id)
    }

    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; self.inner.action_space()];
        self.inner.mask(&mut mask);
        PyArray1::from_vec(py, mask)
    }

    fn apply(&mut self, action: i64) -> PyResult<()> {
        let id = usize::try_from(action)
            .map_err(|_| err(format!("action {action}: ids are non-negative")))?;
        self.inner.apply_id(id).map_err(err)
    }

    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }

    #[pyo3(signature = (seat=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat.unwrap_or_else(|| self.inner.current_player());
        self.check_seat(seat)?;
        let mut v = vec![0f32; self.inner.observation_len()];
        self.inner.observe(seat, &mut v);
        Ok(PyArray1::from_vec(py, v))
    }

    fn observation_names(&self) -> Vec<String> {
        self.inner.observation_names()
    }

    fn clone(&self) -> Self {
        Game {
            spec: self.spec.clone(),
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn determinize(&self, seat: usize, seed: u64) -> PyResult<Self> {
        self.check_seat(seat)?;
        Ok(Game {
            spec: self.spec.clone(),
            inner: self.inner.determinize(seat, seed),
        })
    }

    /// The game record as JSON (a finished game only).
    #[pyo3(signature = (players=None))]
    fn record(&self, players: Option<Vec<String>>) -> PyResult<String> {
        let players = players.unwrap_or_else(|| {
            (0..self.inner.num_players())
                .map(|s| format!("seat{s}"))
                .collect()
        });
        let v = self.inner.record(&players).map_err(err)?;
        Ok(v.to_string())
    }

    /// One of our bots (`random`, `greedy`, `mcts:iterations=200`, …) for this game.
    fn make_bot(&self, spec: &str, seed: u64) -> PyResult<Bot> {
        let parsed = bot_spec(spec)?;
        Ok(Bot {
            game: self.inner.game_id(),
            label: parsed.to_string(),
            inner: Mutex::new(self.inner.new_bot(&parsed, seed)),
        })
    }

    /// Lets `bot` play the seat to move; returns the id it played.
    fn play_bot(&mut self, py: Python<'_>, bot: &Bot) -> PyResult<usize> {
        let mut guard = bot.inner.lock().map_err(|_| err("the bot is poisoned"))?;
        let b: &mut SessionBot = &mut guard;
        let inner = &mut self.inner;
        py.detach(|| inner.play_bot(b)).map_err(err)
    }

    /// The id `bot` would play for the seat to move, without playing it.
    fn bot_action(&self, py: Python<'_>, bot: &Bot) -> PyResult<usize> {
        let mut guard = bot.inner.lock().map_err(|_| err("the bot is poisoned"))?;
        let b: &mut SessionBot = &mut guard;
        let inner = &self.inner;
        py.detach(|| inner.bot_choice(b)).map_err(err)
    }

    fn __repr__(&self) -> String {
        let state = if self.inner.is_terminal() {
            "over".to_string()
        } else {
            format!("seat {} to move", self.inner.current_player())
        };
        format!(
            "<wonders.Game {} after {} steps, {state}>",
            self.spec,
            self.inner.steps().len()
        )
    }
}

/// Many games stepped in one call, one learner seat each, the other seats played by our bots:
/// observations, masks, rewards and episode ends written into arrays allocated once.
/// Bound to the thread that made it (its bots are not shareable).
#[pyclass(module = "wonders._wonders", unsendable)]
struct BatchEnv {
    spec: String,
    seat: usize,
    seed: u64,
    opponents: Vec<BotSpec>,
    games: Vec<Box<dyn Session>>,
    bots: Vec<Vec<Option<SessionBot>>>,
    episodes: u64,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    reward: Py<PyArray1<f32>>,
    done: Py<PyArray1<bool>>,
}

impl BatchEnv {
    /// Starts a new episode in slot `i`: the game and bot seeds derive from (seed, episode), as
    /// a `simulate` run seeds game `episode` and its bots.
    fn start(&mut self, i: usize) -> PyResult<()> {
        let (game, options) = entry(&self.spec)?;
        let game_seed = derive_seed(self.seed, self.episodes);
        self.episodes += 1;
        let session = game.session(&options, game_seed).map_err(err)?;
        let n = session.num_players();
        let bots = (0..n)
            .map(|p| {
                (p != self.seat).then(|| {
                    let spec = &self.opponents[if self.opponents.len() == 1 {
                        0
                    } else {
                        p - (p > self.seat) as usize
                    }];
                    session.new_bot(spec, derive_seed(game_seed, p as u64))
                })
            })
            .collect();
        self.games[i] = session;
        self.bots[i] = bots;
        Ok(())
    }

    /// Lets the bots play slot `i` until the learner is to move or the game is over.
    fn advance(&mut self, i: usize) -> PyResult<()> {
        let game = &mut self.games[i];
        while !game.is_terminal() && game.current_player() != self.seat {
            let p = game.current_player();
            let bot = self.bots[i][p].as_mut().expect("a bot in every other seat");
            game.play_bot(bot).map_err(err)?;
        }
        Ok(())
    }

    /// Writes slot `i`'s observation and mask into the batch arrays (`obs`, `mask`: their
    /// whole contents, borrowed once per call of `step`).
    fn write(&self, i: usize, obs: &mut [f32], mask: &mut [i8]) {
        let game = &self.games[i];
        let len = game.observation_len();
        game.observe(self.seat, &mut obs[i * len..(i + 1) * len]);
        let space = game.action_space();
        game.mask(&mut mask[i * space..(i + 1) * space]);
    }
}

#[pymethods]
impl BatchEnv {
    #[new]
    #[pyo3(signature = (spec, num_envs, seat=0, opponents=vec!["greedy".to_string()], seed=0))]
    fn new(
        py: Python<'_>,
        spec: &str,
        num_envs: usize,
        seat: usize,
        opponents: Vec<String>,
        seed: u64,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(err("num_envs must be at least 1"));
        }
        let (game, options) = entry(spec)?;
        let probe = game.session(&options, 0).map_err(err)?;
        let n = probe.num_players();
        if seat >= n {
            return Err(err(format!(
                "seat {seat}: this game has seats 0 to {}",
                n - 1
            )));
        }
        if opponents.len() != 1 && opponents.len() != n - 1 {
            return Err(err(format!(
                "{} opponents for {} other seats: give one per other seat or a single one",
                opponents.len(),
                n - 1
            )));
        }
        let opponents = opponents
            .iter()
            .map(|s| bot_spec(s))
            .collect::<PyResult<Vec<_>>>()?;
        let (len, space) = (probe.observation_len(), probe.action_space());
        let mut env = BatchEnv {
            spec: spec.to_string(),
            seat,
            seed,
            opponents,
            games: (0..num_envs).map(|_| probe.clone_box()).collect(),
            bots: (0..num_envs).map(|_| Vec::new()).collect(),
            episodes: 0,
            obs: PyArray2::zeros(py, [num_envs, len], false).unbind(),
            mask: PyArray2::zeros(py, [num_envs, space], false).unbind(),
            reward: PyArray1::zeros(py, num_envs, false).unbind(),
            done: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
        };
        env.reset_all(py)?;
        Ok(env)
    }

    /// Starts a new episode in every slot (episode seeds continue from where they were).
    fn reset_all(&mut self, py: Python<'_>) -> PyResult<()> {
        let (obs, mask) = (self.obs.clone_ref(py), self.mask.clone_ref(py));
        let (mut obs, mut mask) = (obs.bind(py).readwrite(), mask.bind(py).readwrite());
        let (obs, mask) = (
            obs.as_slice_mut().expect("contiguous"),
            mask.as_slice_mut().expect("contiguous"),
        );
        for i in 0..self.games.len() {
            self.start(i)?;
            self.advance(i)?;
            self.write(i, obs, mask);
        }
        Ok(())
    }

    /// Plays `actions[i]` (an action id for the learner seat) in every slot, then lets the bots
    /// move; a finished game writes its reward (the learner's return: 1 win, 1/k shared, 0
    /// loss), sets `done[i]`, and slot `i` starts its next episode (the observation is then the
    /// new episode's first). An illegal action raises `ValueError` before anything is played.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        // A NumPy integer array is read in place; any other sequence of ints is converted.
        let actions: Vec<i64> = match actions.cast::<PyArray1<i64>>() {
            Ok(array) => array.readonly().as_array().iter().copied().collect(),
            Err(_) => actions.extract().map_err(|_| {
                err("actions: give one integer action id per environment (a list or an int64 array)")
            })?,
        };
        let n = self.games.len();
        if actions.len() != n {
            return Err(err(format!(
                "{} actions for {n} environments",
                actions.len()
            )));
        }
        for (i, &a) in actions.iter().enumerate() {
            let legal = usize::try_from(a)
                .ok()
                .filter(|&id| self.games[i].action_detail(id).is_some());
            if legal.is_none() {
                return Err(err(format!(
                    "environment {i}: action {a} is not legal (see mask[{i}])"
                )));
            }
        }
        let mut rewards = vec![0f32; n];
        let mut dones = vec![false; n];
        let (obs, mask) = (self.obs.clone_ref(py), self.mask.clone_ref(py));
        let (mut obs, mut mask) = (obs.bind(py).readwrite(), mask.bind(py).readwrite());
        let (obs, mask) = (
            obs.as_slice_mut().expect("contiguous"),
            mask.as_slice_mut().expect("contiguous"),
        );
        for (i, &a) in actions.iter().enumerate() {
            self.games[i].apply_id(a as usize).map_err(err)?;
            self.advance(i)?;
            if self.games[i].is_terminal() {
                rewards[i] = self.games[i].returns()[self.seat] as f32;
                dones[i] = true;
                self.start(i)?;
                self.advance(i)?;
            }
            self.write(i, obs, mask);
        }
        let reward = self.reward.bind(py);
        reward
            .readwrite()
            .as_slice_mut()
            .expect("contiguous")
            .copy_from_slice(&rewards);
        let done = self.done.bind(py);
        done.readwrite()
            .as_slice_mut()
            .expect("contiguous")
            .copy_from_slice(&dones);
        Ok(())
    }

    /// Observations of the learner seat, `(num_envs, observation_size)` float32.
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.obs.bind(py).clone()
    }
    /// Action masks, `(num_envs, action_space)` int8.
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.mask.bind(py).clone()
    }
    /// Rewards of the last step, `(num_envs,)` float32.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        self.reward.bind(py).clone()
    }
    /// Which slots finished an episode in the last step, `(num_envs,)` bool.
    #[getter]
    fn dones<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.done.bind(py).clone()
    }
    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }
    /// Episodes started so far.
    #[getter]
    fn episodes(&self) -> u64 {
        self.episodes
    }
    /// The game of slot `i` (a copy), e.g. to read its scores.
    fn game(&self, i: usize) -> PyResult<Game> {
        let g = self
            .games
            .get(i)
            .ok_or_else(|| err(format!("environment {i}: there are {}", self.games.len())))?;
        Ok(Game {
            spec: self.spec.clone(),
            inner: g.clone_box(),
        })
    }
}

#[pymodule]
fn _wonders(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Bot>()?;
    m.add_class::<BatchEnv>()?;
    m.add_function(wrap_pyfunction!(simulate_csv, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_run, m)?)?;
    m.add_function(wrap_pyfunction!(py_derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(game_ids, m)?)?;
    m.add_function(wrap_pyfunction!(game_spec, m)?)?;
    m.add_function(wrap_pyfunction!(action_labels, m)?)?;
    m.add_function(wrap_pyfunction!(observation_names, m)?)?;
    Ok(())
}
