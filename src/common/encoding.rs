//! Fixed-size encodings of a game for learning code: integer action ids and observation
//! vectors. The Python module (environments, masks, NumPy arrays) stands on this, and it names
//! no game.
//!
//! - **Action ids.** Each game maps its actions onto `0..action_space(options)`, by card (or
//!   wonder, token, deck …) and never by position, so an id means the same decision in every
//!   determinization. Actions that differ only in how they pay (7 Wonders' splits between the
//!   neighbours, Architects' resource mixes) share one id; the legal action an id stands for is
//!   the one with the lowest [`Encoded::action_id`] cost, the first in `legal_actions` order on
//!   a tie (so the cheapest payment, and for 7 Wonders the split paying the left neighbour
//!   least, as `--collapse-splits` keeps).
//! - **Observations.** [`Encoded::encode`] writes, for one seat, a fixed number of `f32`
//!   features (a shape that depends on the options only) holding everything that seat may see
//!   and nothing else: a determinization for that seat never changes it. Features are listed by
//!   name ([`observation_names`]), seats relative to the observer (the observer first).

use std::collections::HashMap;

use super::engine::GameModule;

/// Where [`Encoded::encode`] writes its features: a buffer of values, or a list of names.
/// The names are built only by the naming sink, so encoding values pays nothing for them.
pub trait Sink {
    /// One feature: its value, and its name (called only when names are collected).
    fn put(&mut self, name: impl FnOnce() -> String, value: f32);

    /// A 0/1 feature.
    #[inline]
    fn flag(&mut self, name: impl FnOnce() -> String, on: bool) {
        self.put(name, if on { 1.0 } else { 0.0 });
    }
}

/// Writes values into a slice, in order.
pub struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Writer<'a> {
    /// A writer filling `out` from its start.
    pub fn new(out: &'a mut [f32]) -> Self {
        Writer { out, at: 0 }
    }

    /// Values written so far.
    pub fn written(&self) -> usize {
        self.at
    }
}

impl Sink for Writer<'_> {
    #[inline]
    fn put(&mut self, _name: impl FnOnce() -> String, value: f32) {
        self.out[self.at] = value;
        self.at += 1;
    }
}

/// Collects the names of the features.
#[derive(Default)]
pub struct Names(pub Vec<String>);

impl Sink for Names {
    fn put(&mut self, name: impl FnOnce() -> String, _value: f32) {
        self.0.push(name());
    }
}

/// Counts the features.
#[derive(Default)]
pub struct Count(pub usize);

impl Sink for Count {
    #[inline]
    fn put(&mut self, _name: impl FnOnce() -> String, _value: f32) {
        self.0 += 1;
    }
}

/// A game with fixed-size action ids and observations (see the module documentation).
pub trait Encoded: GameModule {
    /// The number of action ids for games with these options.
    fn action_space(options: &Self::Options) -> usize;

    /// The name of action id `id` (`< action_space`), e.g. `build lumber_yard`: fixed for the
    /// options, whatever the state.
    fn action_label(options: &Self::Options, id: usize) -> String;

    /// The id of a legal `action` of this state, and its cost: among the legal actions sharing
    /// an id, the one of lowest cost stands for the id.
    fn action_id(&self, action: Self::Action) -> (usize, u32);

    /// Writes what `seat` may see of this state: always the same number of features for the
    /// same options, in the same order, named as they are written.
    fn encode<S: Sink>(&self, seat: usize, out: &mut S);
}

/// The shape of `game`'s encoding for learned players (`wonders_bots::Game::encoding`), given
/// its number of action ids.
pub fn encoding_of<G: Encoded>(game: &G, action_space: usize) -> wonders_bots::Encoding {
    let mut count = Count::default();
    game.encode(0, &mut count);
    wonders_bots::Encoding {
        game: G::info().id,
        observation_len: count.0,
        action_space,
    }
}

/// The names of the observation features of a game with these options (their count is the
/// observation's length).
pub fn observation_names<G: Encoded>(options: &G::Options) -> Vec<String> {
    let mut names = Names::default();
    G::new_game(options, 0).encode(0, &mut names);
    names.0
}

/// The legal actions of `game` by id: `(id, action)` in increasing id order, one action per id
/// (the lowest cost, the first listed on a tie). `scratch` is a reusable buffer.
pub fn legal_by_id<G: Encoded>(
    game: &G,
    scratch: &mut Vec<G::Action>,
    out: &mut Vec<(usize, G::Action)>,
) {
    game.legal_actions(scratch);
    out.clear();
    wonders_bots::net::first_of_each_id(scratch, |a| game.action_id(a), |id, a| out.push((id, a)));
}

/// Checks an encoding over random games: every legal action's id is in range and round-trips
/// to a legal action with that id; the observation has the declared length for every seat.
/// Returns the number of states checked. Panics naming the first fault (a test helper).
pub fn check_encoding<G: Encoded>(options: &G::Options, games: u64, seed: u64) -> u64 {
    use rand::{Rng, SeedableRng};
    let space = G::action_space(options);
    let names = observation_names::<G>(options);
    let mut distinct = HashMap::new();
    for (i, n) in names.iter().enumerate() {
        if let Some(j) = distinct.insert(n.clone(), i) {
            panic!("observation features {j} and {i} share the name `{n}`");
        }
    }
    let mut rng = super::GameRng::seed_from_u64(seed);
    let mut scratch = Vec::new();
    let mut by_id = Vec::new();
    let mut obs = vec![0f32; names.len()];
    let mut states = 0;
    for g in 0..games {
        let mut game = G::new_game(options, super::derive_seed(seed, g));
        while !game.is_terminal() {
            states += 1;
            legal_by_id(&game, &mut scratch, &mut by_id);
            assert!(!by_id.is_empty());
            for &(id, a) in &by_id {
                assert!(id < space, "action id {id} >= action space {space}");
                assert_eq!(game.action_id(a).0, id);
            }
            for &a in &scratch {
                let id = game.action_id(a).0;
                assert!(by_id.iter().any(|(i, _)| *i == id), "id {id} lost");
            }
            for seat in 0..game.num_players() {
                let mut w = Writer::new(&mut obs);
                game.encode(seat, &mut w);
                assert_eq!(
                    w.written(),
                    names.len(),
                    "observation length of seat {seat}"
                );
                assert!(obs.iter().all(|v| v.is_finite()));
            }
            let (_, a) = by_id[rng.random_range(0..by_id.len())];
            game.apply(a).expect("a legal action by id is accepted");
        }
    }
    states
}

/// Checks that observations leak nothing and miss nothing, over random games: a seat's
/// observation is identical in `determinizations` determinizations for that seat, and every
/// action changes the observation of every seat (each action is a public fact, if only that a
/// seat has chosen). Returns the number of states checked. Panics naming the first fault.
pub fn check_observations<G: Encoded>(
    options: &G::Options,
    games: u64,
    determinizations: u32,
    seed: u64,
) -> u64 {
    use rand::{Rng, SeedableRng};
    let len = observation_names::<G>(options).len();
    let mut rng = super::GameRng::seed_from_u64(seed);
    let observe = |g: &G, seat: usize| {
        let mut v = vec![0f32; len];
        g.encode(seat, &mut Writer::new(&mut v));
        v
    };
    let mut scratch = Vec::new();
    let mut states = 0;
    for i in 0..games {
        let mut game = G::new_game(options, super::derive_seed(seed, i));
        let n = game.num_players();
        let mut before: Vec<Vec<f32>> = (0..n).map(|s| observe(&game, s)).collect();
        while !game.is_terminal() {
            states += 1;
            for (seat, seen) in before.iter().enumerate() {
                for _ in 0..determinizations {
                    let d = game.determinize(seat, &mut rng);
                    assert!(
                        observe(&d, seat) == *seen,
                        "game {i}: seat {seat}'s observation changed in a determinization"
                    );
                }
            }
            game.legal_actions(&mut scratch);
            let a = scratch[rng.random_range(0..scratch.len())];
            game.apply(a).expect("legal");
            let after: Vec<Vec<f32>> = (0..n).map(|s| observe(&game, s)).collect();
            for seat in 0..n {
                assert!(
                    after[seat] != before[seat],
                    "game {i}: {a:?} left seat {seat}'s observation unchanged"
                );
            }
            before = after;
        }
    }
    states
}
