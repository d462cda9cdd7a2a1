//! `wonders._wonders`: the compiled half of the Python package `wonders`. It stands on the
//! library's registry (`wonders::registry`), never on the command line; the Python half
//! (`python/wonders/`) adds the friendly signatures, Arrow tables and environments.
//!
//! Every error reaches Python as a `ValueError` naming the bad input (the registry's messages);
//! long runs release the GIL and stop on Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use std::sync::atomic::AtomicU64;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString, PyTuple};
use serde_json::Value;
use wonders::common::derive_seed;
use wonders::common::session::{ExternalBot, Session, SessionBot};
use wonders::common::OptionSet;
use wonders::registry::{
    self, Entry, ReportFormat, RunOptions, SimulateOptions, TournamentBot, TournamentOptions,
};
use wonders_bots::BotSpec;

/// The most threads a run or a batch environment may ask for (as the command line).
const MAX_THREADS: usize = 1024;
/// The most games a batch environment may hold: far beyond any learner's batch, and small
/// enough that the arrays are allocated or refused, never an aborted interpreter.
const MAX_ENVS: usize = 65_536;

fn err(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A whole number from 0 to 2^64 - 1 (a seed, a count): Python ints and NumPy integers; a
/// negative, too large, fractional or non-numeric value is a `ValueError` naming `name`.
fn u64_arg(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u64> {
    let bad = || {
        let shown = value
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| "?".into());
        let shown: String = shown.chars().take(60).collect();
        err(format!(
            "{name}: {shown} is not a whole number from 0 to 2^64 - 1"
        ))
    };
    if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyFloat>() {
        return Err(bad());
    }
    let index = value.call_method0("__index__").map_err(|_| bad())?;
    index.extract::<u64>().map_err(|_| bad())
}

/// A thread count: 0 (one per core) up to [`MAX_THREADS`].
fn threads_arg(threads: usize) -> PyResult<usize> {
    if threads > MAX_THREADS {
        return Err(err(format!(
            "threads: {threads} is more than the {MAX_THREADS} allowed (0 = one per core)"
        )));
    }
    Ok(threads)
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
    run_released_ticking(py, stop, job, |_| Ok(()))
}

/// [`run_released`], calling `tick` with the GIL every 50 ms while the job runs and once at
/// its end (a progress callback); an error from `tick` stops the job and is raised.
fn run_released_ticking<T: Send + 'static>(
    py: Python<'_>,
    stop: Arc<AtomicBool>,
    job: impl FnOnce() -> T + Send + 'static,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
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
        let ticked = tick(py);
        if done && ticked.is_ok() {
            break;
        }
        if let Err(e) = ticked.and_then(|_| py.check_signals()) {
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
///
/// `progress`, if given, is called as `progress(games_done, games)` about every 50 ms while
/// the run goes, and once at its end. `force` replaces a non-empty `csv`; without it such a
/// file is refused.
#[pyfunction]
#[pyo3(signature = (spec, csv, games, bots, seed, threads=0, rotate_seats=false, first_game=0, force=false, progress=None))]
#[allow(clippy::too_many_arguments)] // one per keyword of `wonders.simulate`
fn simulate_csv(
    py: Python<'_>,
    spec: &str,
    csv: &str,
    games: &Bound<'_, PyAny>,
    bots: Vec<String>,
    seed: &Bound<'_, PyAny>,
    threads: usize,
    rotate_seats: bool,
    first_game: u64,
    force: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<(u64, f64, usize)> {
    let (games, seed) = (u64_arg("games", games)?, u64_arg("seed", seed)?);
    let threads = threads_arg(threads)?;
    let (game, options) = entry(spec)?;
    if bots.is_empty() {
        return Err(err(
            "bots: give one bot per seat, or a single one for every seat",
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicU64::new(first_game));
    let counter = done.clone();
    let bots = bots
        .iter()
        .map(|b| bot_spec(b))
        .collect::<PyResult<Vec<_>>>()?;
    let config = game.configure(&options).map_err(err)?;
    let run = SimulateOptions {
        run: RunOptions {
            seed,
            games,
            threads,
            out: Some(csv.into()),
            stop: Some(stop.clone()),
            // Threads report out of order: keep the largest count told.
            progress: Some(Arc::new(move |n| {
                counter.fetch_max(n, Ordering::Relaxed);
            })),
            force,
            ..RunOptions::default()
        },
        first_game,
        rotate_seats,
        ..SimulateOptions::default()
    };
    // Games of this call done so far, and of this call in all.
    let total = games.saturating_sub(first_game);
    let mut told = u64::MAX;
    let tick = |py: Python<'_>| -> PyResult<()> {
        let now = done.load(Ordering::Relaxed).saturating_sub(first_game);
        if let Some(f) = &progress {
            if now != told {
                told = now;
                f.call1(py, (now, total))?;
            }
        }
        Ok(())
    };
    let report =
        run_released_ticking(py, stop, move || config.simulate(&run, &bots), tick)?.map_err(err)?;
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
    games: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    csv: &str,
    threads: usize,
) -> PyResult<(String, String)> {
    let (games, seed) = (u64_arg("games", games)?, u64_arg("seed", seed)?);
    let threads = threads_arg(threads)?;
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
    let config = game.configure(&options).map_err(err)?;
    let run = TournamentOptions {
        run: RunOptions {
            seed,
            games,
            threads,
            out: Some(csv.into()),
            stop: Some(stop.clone()),
            force: true,
            ..TournamentOptions::default().run
        },
        ..TournamentOptions::default()
    };
    let report = run_released(py, stop, move || config.tournament(&run, &seats))?.map_err(err)?;
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
fn py_derive_seed(seed: &Bound<'_, PyAny>, index: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(derive_seed(
        u64_arg("seed", seed)?,
        u64_arg("index", index)?,
    ))
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

/// A record as JSON: a `str` of JSON text, or a `dict` as `json.load` reads it.
fn record_json(record: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text: String = if let Ok(s) = record.cast::<PyString>() {
        s.to_string()
    } else if record.is_instance_of::<PyDict>() {
        let json = record.py().import("json")?;
        json.call_method1("dumps", (record,))?.extract()?
    } else {
        return Err(err(format!(
            "record: give the record as JSON text (str) or as a dict, not {}",
            record.get_type().name()?
        )));
    };
    serde_json::from_str(&text).map_err(|e| err(format!("record: not JSON ({e})")))
}

/// The game spec a record was played with, from its `game`, `players` and `options` (edition,
/// expansions, variants): what fixes its action ids and observation.
fn record_spec(record: &Value) -> PyResult<(String, &'static dyn Entry, OptionSet)> {
    let id = record.get("game").and_then(Value::as_str).ok_or_else(|| {
        err(format!(
            "record: no `game` field (valid games: {})",
            registry::ids().join(", ")
        ))
    })?;
    let mut pairs = Vec::new();
    if id != "duel" {
        if let Some(players) = record.get("players").and_then(Value::as_array) {
            pairs.push(format!("players={}", players.len()));
        }
    }
    let options = record.get("options");
    let list = |key: &str| -> Vec<String> {
        options
            .and_then(|o| o.get(key))
            .and_then(Value::as_array)
            .map(|v| {
                v.iter()
                    .filter_map(Value::as_str)
                    .map(|s| s.replace('_', "-"))
                    .collect()
            })
            .unwrap_or_default()
    };
    if let Some(edition) = options
        .and_then(|o| o.get("edition"))
        .and_then(Value::as_str)
    {
        pairs.push(format!("edition={edition}"));
    }
    let expansions = list("expansions");
    if !expansions.is_empty() {
        pairs.push(format!("expansions={}", expansions.join("+")));
    }
    let variants = list("variants");
    if !variants.is_empty() {
        pairs.push(format!("variant={}", variants.join("+")));
    }
    let spec = if pairs.is_empty() {
        id.to_string()
    } else {
        format!("{id}:{}", pairs.join(","))
    };
    let (game, options) = entry(&spec).map_err(|e| err(format!("record: {e}")))?;
    Ok((spec, game, options))
}

/// Training rows of one record: `(observations, masks, seats, actions, returns, finished)`;
/// see `wonders.records`.
#[pyfunction]
#[allow(clippy::type_complexity)] // the arrays, as NumPy receives them
fn record_rows<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
) -> PyResult<(
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<f64>>,
    bool,
)> {
    let value = record_json(record)?;
    let (_, game, options) = record_spec(&value)?;
    let rows = py
        .detach(|| game.record_rows(&options, &value))
        .map_err(|e| err(format!("record: {e}")))?;
    let n = rows.seats.len();
    let obs = PyArray1::from_vec(py, rows.observations).reshape([n, rows.observation_len])?;
    let masks = PyArray1::from_vec(py, rows.masks).reshape([n, rows.action_space])?;
    Ok((
        obs,
        masks,
        PyArray1::from_vec(py, rows.seats),
        PyArray1::from_vec(py, rows.actions),
        PyArray1::from_vec(py, rows.returns),
        rows.finished,
    ))
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

/// One game of the family in progress, stepped by integer action ids.
///
/// `Game(game, seed=0, **options)`: `game` is a game id (`duel`, `classic`, `architects`) or a
/// spec (`classic:players=5`); options are keywords (`players=5`, `expansions="leaders+cities"`,
/// lists joined with `+`). `Game(g, seed=derive_seed(s, i))` deals game `i` of a `simulate`
/// run with master seed `s`. Copies (`clone`, `copy.copy`) are independent; a game dealt from a
/// seed pickles as (spec, seed, steps).
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
        let n = self.inner.num_players();
        if seat >= n {
            return Err(err(format!(
                "seat {seat}: this game has seats 0 to {}",
                n - 1
            )));
        }
        Ok(())
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (game, seed=None, **options))]
    fn py_new(
        game: &str,
        seed: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let seed = seed.map(|s| u64_arg("seed", s)).transpose()?.unwrap_or(0);
        Game::new(&spec_with(game, options)?, seed)
    }

    /// Rebuilds a game from `(spec, seed, steps)` (what pickling stores).
    #[staticmethod]
    fn _restore(spec: &str, seed: u64, steps: Vec<u32>) -> PyResult<Self> {
        let mut g = Game::new(spec, seed)?;
        g.inner.apply_steps(&steps).map_err(err)?;
        Ok(g)
    }

    /// A game rebuilt from a `wonders-record` (JSON text or a dict), at its last recorded
    /// action: the record is checked as `wonders replay` checks it (every action legal, every
    /// recorded figure right). When the record's setup is the deal of its `seed` (any record
    /// our simulator wrote), the game is that deal with the record's steps: it pickles and
    /// writes its record like any other. Otherwise it is the record's last state as its replay
    /// reaches it, with no seed and no steps (it does not pickle).
    #[staticmethod]
    fn from_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Self> {
        let value = record_json(record)?;
        let (spec, game, options) = record_spec(&value)?;
        let inner = py
            .detach(|| game.session_from_record(&options, &value))
            .map_err(|e| err(format!("record: {e}")))?;
        Ok(Game { spec, inner })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.borrow();
        let Some(seed) = me.inner.seed() else {
            return Err(err(
                "this game cannot be pickled: it was not dealt from a seed (a determinization, \
                 or a record whose setup is not its seed's deal)",
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
    /// The game's id (`duel`, `classic`, `architects`).
    #[getter]
    fn game_id(&self) -> &'static str {
        self.inner.game_id()
    }
    /// The seed it was dealt from (`None` for a determinization).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.inner.seed()
    }
    /// The number of seats.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    /// The seat to move, or `None` once the game is over. In 7 Wonders and Architects the
    /// seats of a turn choose one after another here (each seeing only what the rules show).
    #[getter]
    fn current_player(&self) -> Option<usize> {
        (!self.inner.is_terminal()).then(|| self.inner.current_player())
    }
    /// True once the game is over.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }
    /// The number of action ids (fixed by the game and its options).
    #[getter]
    fn action_space(&self) -> usize {
        self.inner.action_space()
    }
    /// The number of observation features (fixed by the game and its options).
    #[getter]
    fn observation_size(&self) -> usize {
        self.inner.observation_len()
    }
    /// Each step so far, as an index among all legal actions of its state.
    #[getter]
    fn steps(&self) -> Vec<u32> {
        self.inner.steps().to_vec()
    }

    /// The legal action ids of the seat to move, increasing; `[]` once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_ids()
    }

    /// The names of the legal action ids, in the order of `legal_actions()`.
    fn legal_action_names(&self) -> Vec<String> {
        let ids = self.inner.legal_ids();
        ids.into_iter()
            .map(|id| self.inner.action_label(id))
            .collect()
    }

    /// The name of action id `id` (the same in every state: `build lumber_yard`).
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

    /// The legal ids as a mask: `int8[action_space]`, 1 for a legal id (all 0 once over).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; self.inner.action_space()];
        if !self.inner.is_terminal() {
            self.inner.mask(&mut mask);
        }
        PyArray1::from_vec(py, mask)
    }

    /// The legal ids as a boolean mask, `bool[action_space]` (what sb3-contrib's
    /// `MaskablePPO` asks an environment for).
    fn action_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![0i8; self.inner.action_space()];
        if !self.inner.is_terminal() {
            self.inner.mask(&mut mask);
        }
        PyArray1::from_vec(py, mask.into_iter().map(|m| m != 0).collect())
    }

    /// Plays action id `action` for the seat to move. An id that is not legal raises
    /// `ValueError` naming it and the legal ids, and the game is unchanged.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        let id = usize::try_from(action)
            .map_err(|_| err(format!("action {action}: ids are non-negative")))?;
        self.inner.apply_id(id).map_err(err)
    }

    /// Each seat's return: 1 for a sole winner, 1/k each for k seats sharing a victory, 0 for
    /// a loss; all 0 while the game is not over.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// Each seat's score (victory points) as the game stands.
    fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }

    /// What `seat` (default: the seat to move; seat 0 once over) sees:
    /// `float32[observation_size]`, named by `observation_names()`.
    #[pyo3(signature = (seat=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat.unwrap_or_else(|| {
            if self.inner.is_terminal() {
                0
            } else {
                self.inner.current_player()
            }
        });
        self.check_seat(seat)?;
        let mut v = vec![0f32; self.inner.observation_len()];
        self.inner.observe(seat, &mut v);
        Ok(PyArray1::from_vec(py, v))
    }

    /// The name of every observation feature, in order.
    fn observation_names(&self) -> Vec<String> {
        self.inner.observation_names()
    }

    /// An independent copy.
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

    /// A copy in which everything `seat` cannot see (hands, decks) is dealt again from `seed`:
    /// what a player may plan with. It has no seed, no record and does not pickle.
    fn determinize(&self, seat: usize, seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.check_seat(seat)?;
        let seed = u64_arg("seed", seed)?;
        Ok(Game {
            spec: self.spec.clone(),
            inner: self.inner.determinize(seat, seed),
        })
    }

    /// The game record (`wonders-record` JSON text) of a finished game; `players` names the
    /// seats (default `seat0`, `seat1`, …).
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

    /// One of our bots (`random`, `greedy`, `mcts:iterations=200`, …) for this game, seeded.
    fn make_bot(&self, spec: &str, seed: &Bound<'_, PyAny>) -> PyResult<Bot> {
        let seed = u64_arg("seed", seed)?;
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

/// One game of a batch environment and the bots in its other seats.
struct Slot {
    game: Box<dyn Session>,
    bots: Vec<Option<SessionBot>>,
    /// The episode ended in the last step and, in next-step autoreset, starts on the next one.
    ended: bool,
}

/// What one step did to one slot.
#[derive(Clone, Copy, Default)]
struct SlotStep {
    reward: f32,
    terminated: bool,
    /// The slot starts a new episode in this step (with this game seed).
    restart: Option<u64>,
}

/// What every slot of a batch shares: the game, the learner's seat and the bots' specs.
struct Table {
    game: &'static dyn Entry,
    options: OptionSet,
    seat: usize,
    opponents: Vec<BotSpec>,
}

impl Table {
    /// A new episode in `slot`, dealt from `game_seed`; bot `p` is seeded as a `simulate` run
    /// seeds the bot of seat `p` of that game.
    fn start(&self, slot: &mut Slot, game_seed: u64) -> Result<(), String> {
        let session = self.game.session(&self.options, game_seed)?;
        let n = session.num_players();
        slot.bots = (0..n)
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
        slot.game = session;
        slot.ended = false;
        self.advance(slot)
    }

    /// Lets the bots play until the learner is to move or the game is over.
    fn advance(&self, slot: &mut Slot) -> Result<(), String> {
        let game = &mut slot.game;
        while !game.is_terminal() && game.current_player() != self.seat {
            let p = game.current_player();
            let bot = slot.bots[p].as_mut().expect("a bot in every other seat");
            game.play_bot(bot)?;
        }
        Ok(())
    }

    /// Writes the slot's observation and mask (all 0 once its game is over).
    fn write(&self, slot: &Slot, obs: &mut [f32], mask: &mut [i8]) {
        slot.game.observe(self.seat, obs);
        if slot.game.is_terminal() {
            mask.fill(0);
        } else {
            slot.game.mask(mask);
        }
    }
}

/// Runs `work` on every item, on `pool` when there is one (the batch's threads), else here.
fn each<T: Send>(
    pool: Option<&rayon::ThreadPool>,
    items: &mut [T],
    work: impl Fn(&mut T) + Sync + Send,
) {
    use rayon::prelude::*;
    match pool {
        Some(pool) => {
            let min = (items.len() / (4 * pool.current_num_threads())).max(1);
            pool.install(|| items.par_iter_mut().with_min_len(min).for_each(work))
        }
        None => items.iter_mut().for_each(work),
    }
}

/// Many games stepped in one call, one learner seat each, the other seats played by our bots,
/// on `threads` threads with the GIL released: observations, masks, rewards and episode ends
/// are written into arrays allocated once (read them through the getters; they change in
/// place). `wonders.env.VectorEnv` wraps it as a Gymnasium `VectorEnv`.
///
/// `BatchEnv(game, num_envs, seat=0, opponents="greedy", seed=0, threads=0,
/// autoreset="same-step", **options)`: `opponents` is one bot spec for every other seat or one
/// per other seat; `threads` 0 is one per core (at most `num_envs`). Episode `k` (counted over
/// the whole batch, in slot order) deals the game a `simulate` run with master seed `seed`
/// deals as game `k`, so a batch replays exactly whatever its threads. `autoreset`:
/// `"same-step"`, a finished game's slot starts its next episode in the same step (its last
/// observation is in `final_observations`); `"next-step"`, the slot shows the finished game's
/// last observation (mask all 0) and starts the next episode on the following step, ignoring
/// that step's action (Gymnasium 1.x's default).
#[pyclass(module = "wonders._wonders", unsendable)]
struct BatchEnv {
    spec: String,
    table: Table,
    seed: u64,
    slots: Vec<Slot>,
    episodes: u64,
    pool: Option<rayon::ThreadPool>,
    next_step: bool,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    reward: Py<PyArray1<f32>>,
    done: Py<PyArray1<bool>>,
    final_obs: Py<PyArray2<f32>>,
    final_scores: Py<PyArray2<i32>>,
}

impl BatchEnv {
    /// Plays one step: `actions[i]` in slot `i` (ignored where the slot starts over), then the
    /// bots; restarts slots as the autoreset mode says; writes every array. Runs without the
    /// GIL.
    #[allow(clippy::too_many_arguments)] // the batch's arrays, borrowed once per step
    fn step_slots(
        &mut self,
        actions: Option<&[i64]>,
        obs: &mut [f32],
        mask: &mut [i8],
        reward: &mut [f32],
        done: &mut [bool],
        final_obs: &mut [f32],
        final_scores: &mut [i32],
    ) -> Result<(), String> {
        let n = self.slots.len();
        let len = obs.len() / n;
        let space = mask.len() / n;
        let players = final_scores.len() / n;
        let table = &self.table;
        let next_step = self.next_step;
        let mut steps = vec![SlotStep::default(); n];
        // 1. The learner's actions and the bots' answers (a reset plays nothing here).
        let failure = Mutex::new(None::<String>);
        {
            let mut work: Vec<_> = self
                .slots
                .iter_mut()
                .zip(steps.iter_mut())
                .zip(
                    final_obs
                        .chunks_mut(len)
                        .zip(final_scores.chunks_mut(players)),
                )
                .enumerate()
                .collect();
            each(
                self.pool.as_ref(),
                &mut work,
                |(i, ((slot, step), (fin_obs, fin_scores)))| {
                    let Some(actions) = actions else {
                        step.restart = Some(0);
                        return;
                    };
                    if slot.ended {
                        step.restart = Some(0);
                        return;
                    }
                    let played = slot
                        .game
                        .apply_id(actions[*i] as usize)
                        .and_then(|_| table.advance(slot));
                    if let Err(e) = played {
                        let mut f = failure.lock().expect("no panic holds it");
                        f.get_or_insert(format!("environment {i}: {e}"));
                        return;
                    }
                    if slot.game.is_terminal() {
                        step.reward = slot.game.returns()[table.seat] as f32;
                        step.terminated = true;
                        slot.game.observe(table.seat, fin_obs);
                        for (s, v) in fin_scores.iter_mut().zip(slot.game.scores()) {
                            *s = v;
                        }
                        if next_step {
                            slot.ended = true;
                        } else {
                            step.restart = Some(0);
                        }
                    }
                },
            );
        }
        if let Some(e) = failure.into_inner().expect("no panic holds it") {
            return Err(e);
        }
        // 2. Episode numbers in slot order, whatever the threads: the batch replays exactly.
        for step in steps.iter_mut().filter(|s| s.restart.is_some()) {
            step.restart = Some(derive_seed(self.seed, self.episodes));
            self.episodes += 1;
        }
        // 3. New episodes, then every slot's observation and mask.
        let failure = Mutex::new(None::<String>);
        {
            let mut work: Vec<_> = self
                .slots
                .iter_mut()
                .zip(steps.iter())
                .zip(obs.chunks_mut(len).zip(mask.chunks_mut(space)))
                .enumerate()
                .collect();
            each(
                self.pool.as_ref(),
                &mut work,
                |(i, ((slot, step), (obs, mask)))| {
                    if let Some(seed) = step.restart {
                        if let Err(e) = table.start(slot, seed) {
                            let mut f = failure.lock().expect("no panic holds it");
                            f.get_or_insert(format!("environment {i}: {e}"));
                            return;
                        }
                    }
                    table.write(slot, obs, mask);
                },
            );
        }
        for (i, step) in steps.iter().enumerate() {
            reward[i] = step.reward;
            done[i] = step.terminated;
        }
        match failure.into_inner().expect("no panic holds it") {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Borrows every array and steps (see [`BatchEnv::step_slots`]) with the GIL released.
    fn step_arrays(&mut self, py: Python<'_>, actions: Option<Vec<i64>>) -> PyResult<()> {
        let (obs, mask, reward, done, final_obs, final_scores) = (
            self.obs.clone_ref(py),
            self.mask.clone_ref(py),
            self.reward.clone_ref(py),
            self.done.clone_ref(py),
            self.final_obs.clone_ref(py),
            self.final_scores.clone_ref(py),
        );
        let mut obs = obs.bind(py).readwrite();
        let mut mask = mask.bind(py).readwrite();
        let mut reward = reward.bind(py).readwrite();
        let mut done = done.bind(py).readwrite();
        let mut final_obs = final_obs.bind(py).readwrite();
        let mut final_scores = final_scores.bind(py).readwrite();
        let contiguous = |_| err("the batch's arrays must stay contiguous");
        let obs = obs.as_slice_mut().map_err(contiguous)?;
        let mask = mask.as_slice_mut().map_err(contiguous)?;
        let reward = reward.as_slice_mut().map_err(contiguous)?;
        let done = done.as_slice_mut().map_err(contiguous)?;
        let final_obs = final_obs.as_slice_mut().map_err(contiguous)?;
        let final_scores = final_scores.as_slice_mut().map_err(contiguous)?;
        py.detach(|| {
            self.step_slots(
                actions.as_deref(),
                obs,
                mask,
                reward,
                done,
                final_obs,
                final_scores,
            )
        })
        .map_err(err)
    }
}

#[pymethods]
impl BatchEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, seat=0, opponents=None, seed=None, threads=0, autoreset="same-step", **options))]
    #[allow(clippy::too_many_arguments)] // the keywords of the Python class
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: &Bound<'_, PyAny>,
        seat: usize,
        opponents: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: usize,
        autoreset: &str,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let num_envs = u64_arg("num_envs", num_envs)?;
        if num_envs == 0 || num_envs > MAX_ENVS as u64 {
            return Err(err(format!(
                "num_envs: {num_envs} is not a number of games from 1 to {MAX_ENVS}"
            )));
        }
        let num_envs = num_envs as usize;
        let seed = seed.map(|s| u64_arg("seed", s)).transpose()?.unwrap_or(0);
        let threads = threads_arg(threads)?;
        let next_step = match autoreset {
            "same-step" => false,
            "next-step" => true,
            other => {
                return Err(err(format!(
                    "autoreset `{other}`: valid are `same-step` and `next-step`"
                )))
            }
        };
        let spec = spec_with(game, options)?;
        let (entry_, options) = entry(&spec)?;
        let probe = entry_.session(&options, 0).map_err(err)?;
        let n = probe.num_players();
        if seat >= n {
            return Err(err(format!(
                "seat {seat}: this game has seats 0 to {}",
                n - 1
            )));
        }
        let opponents: Vec<String> = match opponents {
            None => vec!["greedy".to_string()],
            Some(o) => {
                if let Ok(s) = o.extract::<String>() {
                    vec![s]
                } else {
                    o.extract().map_err(|_| {
                        err("opponents: give a bot spec (str) or a list of them, one per other seat")
                    })?
                }
            }
        };
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
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        }
        .min(num_envs);
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| err(format!("threads: cannot start {threads} threads ({e})")))?,
            )
        } else {
            None
        };
        let (len, space) = (probe.observation_len(), probe.action_space());
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(num_envs)
            .map_err(|_| err(format!("num_envs: not enough memory for {num_envs} games")))?;
        slots.extend((0..num_envs).map(|_| Slot {
            game: probe.clone_box(),
            bots: Vec::new(),
            ended: false,
        }));
        let mut env = BatchEnv {
            spec,
            table: Table {
                game: entry_,
                options,
                seat,
                opponents,
            },
            seed,
            slots,
            episodes: 0,
            pool,
            next_step,
            obs: PyArray2::zeros(py, [num_envs, len], false).unbind(),
            mask: PyArray2::zeros(py, [num_envs, space], false).unbind(),
            reward: PyArray1::zeros(py, num_envs, false).unbind(),
            done: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            final_obs: PyArray2::zeros(py, [num_envs, len], false).unbind(),
            final_scores: PyArray2::zeros(py, [num_envs, n], false).unbind(),
        };
        env.step_arrays(py, None)?;
        Ok(env)
    }

    /// Starts a new episode in every slot. With `seed`, episodes count again from 0 of a run
    /// with that master seed; without, they go on from where they were.
    #[pyo3(signature = (seed=None))]
    fn reset_all(&mut self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        if let Some(seed) = seed {
            self.seed = u64_arg("seed", seed)?;
            self.episodes = 0;
        }
        self.step_arrays(py, None)
    }

    /// Plays `actions[i]` (an action id for the learner seat; a list or a NumPy integer array)
    /// in every slot, then lets the bots move. A finished game writes its reward (the
    /// learner's return: 1 win, 1/k shared, 0 loss) and sets `dones[i]`; its slot starts over
    /// as the autoreset mode says. An illegal action raises `ValueError` before anything is
    /// played (slots starting over in next-step mode take any action).
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        // A NumPy int64 array is read in place; any other sequence of ints is converted.
        let actions: Vec<i64> = match actions.cast::<PyArray1<i64>>() {
            Ok(array) => array.readonly().as_array().iter().copied().collect(),
            Err(_) => actions.extract().map_err(|_| {
                err("actions: give one integer action id per environment (a list or an integer array)")
            })?,
        };
        let n = self.slots.len();
        if actions.len() != n {
            return Err(err(format!(
                "actions: {} actions for {n} environments",
                actions.len()
            )));
        }
        let (slots, pool) = (&mut self.slots, self.pool.as_ref());
        let illegal = py.detach(|| {
            let mut checks: Vec<_> = slots.iter_mut().zip(&actions).enumerate().collect();
            let bad = Mutex::new(None::<(usize, i64)>);
            each(pool, &mut checks, |(i, (slot, &a))| {
                let legal = slot.ended
                    || usize::try_from(a)
                        .ok()
                        .is_some_and(|id| slot.game.action_detail(id).is_some());
                if !legal {
                    let mut b = bad.lock().expect("no panic holds it");
                    if b.is_none_or(|(j, _)| *i < j) {
                        *b = Some((*i, a));
                    }
                }
            });
            bad.into_inner().expect("no panic holds it")
        });
        if let Some((i, a)) = illegal {
            return Err(err(format!(
                "environment {i}: action {a} is not legal (see masks[{i}])"
            )));
        }
        self.step_arrays(py, Some(actions))
    }

    /// Observations of the learner seat, `(num_envs, observation_size)` float32.
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.obs.bind(py).clone()
    }
    /// Action masks, `(num_envs, action_space)` int8 (all 0 where a game is over).
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
    /// The last observation of the games that finished in the last step (rows where `dones`),
    /// `(num_envs, observation_size)` float32.
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.final_obs.bind(py).clone()
    }
    /// Every seat's score of the games that finished in the last step (rows where `dones`),
    /// `(num_envs, num_players)` int32.
    #[getter]
    fn final_scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        self.final_scores.bind(py).clone()
    }
    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }
    /// The threads the games are stepped on.
    #[getter]
    fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.current_num_threads())
    }
    /// The spec of the game (`classic:players=5`).
    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }
    /// The learner's seat.
    #[getter]
    fn seat(&self) -> usize {
        self.table.seat
    }
    /// Episodes started so far.
    #[getter]
    fn episodes(&self) -> u64 {
        self.episodes
    }
    /// The game of slot `i` (a copy), e.g. to read its scores.
    fn game(&self, i: usize) -> PyResult<Game> {
        let slot = self.slots.get(i).ok_or_else(|| {
            err(format!(
                "environment {i}: there are {} (0 to {})",
                self.slots.len(),
                self.slots.len() - 1
            ))
        })?;
        Ok(Game {
            spec: self.spec.clone(),
            inner: slot.game.clone_box(),
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
    m.add_function(wrap_pyfunction!(record_rows, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_THREADS", MAX_THREADS)?;
    Ok(())
}
