//! Self-play data for training networks: many games played in parallel by MCTS (guided by a
//! network, or plain to start from nothing), every position with a choice kept as
//! (observation, legal-id mask, visit shares, final returns). See `wonders_bots::selfplay`.
//!
//! Game `i` is dealt from `derive_seed(seed, i)` and played from the same seed, so a run with
//! an iteration budget is a pure function of its arguments, whatever the thread count.

use std::path::Path;

use rayon::prelude::*;
use wonders_bots::net::GuidedConfig;
use wonders_bots::selfplay::{self_play as play, SelfPlayConfig};
use wonders_bots::ModelFile;

use super::runner::pool;
use super::{SimError, SimGame};
use wonders_common::derive_seed;

/// What to generate.
#[derive(Clone, Debug)]
pub struct SelfPlayRun {
    /// Games to play.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The network guiding the search, or `None` for plain MCTS (with random rollouts).
    pub model: Option<ModelFile>,
    /// Search iterations per decision.
    pub iterations: u32,
    /// Exploration constant (PUCT with a network, UCB without).
    pub c: Option<f64>,
    /// Each seat's first decisions drawn in proportion to the visits.
    pub sample_moves: u32,
    /// Dirichlet noise at the guided search's root: (concentration, weight), or none.
    pub noise: Option<(f64, f64)>,
    /// With a network: the weight of a random rollout's returns in a leaf's value (0: the
    /// network's value alone).
    pub mix: f64,
}

/// The generated rows, one per kept position, as flat row-major arrays.
#[derive(Clone, Debug, Default)]
pub struct SelfPlayData {
    /// Features per observation.
    pub observation_len: usize,
    /// Action ids.
    pub action_space: usize,
    /// Seats.
    pub players: usize,
    /// Rows.
    pub rows: usize,
    /// `rows × observation_len` observations of the seat to move.
    pub observations: Vec<f32>,
    /// `rows × action_space`: 1 for a legal id.
    pub masks: Vec<u8>,
    /// `rows × action_space`: the search's visit shares.
    pub policies: Vec<f32>,
    /// `rows × players`: the returns, seats from the mover on.
    pub values: Vec<f32>,
}

/// Plays a self-play run of `run.games` games with `options`.
pub fn self_play<G: SimGame>(
    options: &G::Options,
    run: &SelfPlayRun,
) -> Result<SelfPlayData, SimError> {
    let first = G::new_game(options, derive_seed(run.seed, 0));
    let Some(encoding) = first.encoding() else {
        return Err(SimError::Options(
            "this game has no observation encoding for networks".into(),
        ));
    };
    if let Some(model) = &run.model {
        model.network.check(&first).map_err(SimError::BotSpec)?;
    }
    let mut config = SelfPlayConfig {
        network: run.model.as_ref().map(|m| m.network.clone()),
        sample_moves: run.sample_moves,
        ..SelfPlayConfig::default()
    };
    config.guided = GuidedConfig {
        budget: wonders_bots::Budget::Iterations(run.iterations),
        c: run.c.unwrap_or(config.guided.c),
        root_noise: run.noise,
        mix: run.mix,
        ..config.guided
    };
    config.mcts.budget = wonders_bots::Budget::Iterations(run.iterations);
    config.mcts.rollout = wonders_bots::Rollout::Random;
    config.mcts.c = run.c.or(config.mcts.c);
    let games: Vec<_> = pool(run.threads)?.install(|| {
        (0..run.games)
            .into_par_iter()
            .map(|i| {
                let game_seed = derive_seed(run.seed, i);
                play(G::new_game(options, game_seed), &config, game_seed)
            })
            .collect()
    });
    let (a, p) = (encoding.action_space, first.num_players());
    let mut data = SelfPlayData {
        observation_len: encoding.observation_len,
        action_space: a,
        players: p,
        ..SelfPlayData::default()
    };
    for position in games.into_iter().flatten() {
        data.rows += 1;
        data.observations.extend_from_slice(&position.observation);
        let mut mask = vec![0u8; a];
        for &id in &position.legal {
            mask[id as usize] = 1;
        }
        data.masks.extend_from_slice(&mask);
        let mut policy = vec![0f32; a];
        for &(id, share) in &position.policy {
            policy[id as usize] = share;
        }
        data.policies.extend_from_slice(&policy);
        data.values.extend_from_slice(&position.value);
    }
    Ok(data)
}

impl SelfPlayData {
    /// Writes the arrays as NumPy files `observations.npy` (float32), `masks.npy` (uint8),
    /// `policies.npy` (float32) and `values.npy` (float32) in `dir`, created if needed.
    pub fn write_npy(&self, dir: &Path) -> Result<(), SimError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| SimError::Io { path, source }
        };
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        let f32s = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let files: [(&str, &str, usize, Vec<u8>); 4] = [
            (
                "observations",
                "<f4",
                self.observation_len,
                f32s(&self.observations),
            ),
            ("masks", "|u1", self.action_space, self.masks.clone()),
            ("policies", "<f4", self.action_space, f32s(&self.policies)),
            ("values", "<f4", self.players, f32s(&self.values)),
        ];
        for (name, dtype, width, bytes) in files {
            let path = dir.join(format!("{name}.npy"));
            std::fs::write(&path, npy(dtype, self.rows, width, &bytes)).map_err(io(&path))?;
        }
        Ok(())
    }
}

/// A NumPy `.npy` file (format 1.0) of a `rows × width` C-order array.
fn npy(dtype: &str, rows: usize, width: usize, data: &[u8]) -> Vec<u8> {
    let mut header =
        format!("{{'descr': '{dtype}', 'fortran_order': False, 'shape': ({rows}, {width}), }}");
    // Magic (6) + version (2) + length (2) + header, padded with spaces to a multiple of 64
    // and ended by a newline.
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    out
}
