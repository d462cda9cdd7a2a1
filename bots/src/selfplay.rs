//! Self-play games that make a network's training targets: at every decision with a choice,
//! the seat to move searches (MCTS guided by the current network, or plain MCTS to start
//! from nothing), and the position is kept as (observation, legal ids, the search's visit
//! shares by id); once the game is over every kept position gets the game's returns, seats
//! ordered from that position's mover on (the network's value convention).

use std::sync::Arc;

use rand::SeedableRng;

use crate::mcts::{Budget, MctsBot, MctsConfig};
use crate::net::{legal_by_id, sample, GuidedConfig, GuidedMcts, Network};
use crate::{Bot, BotRng, Game};

/// How self-play searches and picks its moves.
#[derive(Clone, Debug)]
pub struct SelfPlayConfig {
    /// The network guiding the search, or `None` for plain MCTS with `mcts`'s parameters.
    pub network: Option<Arc<Network>>,
    /// The guided search's parameters (iterations, PUCT constant, root noise).
    pub guided: GuidedConfig,
    /// Plain MCTS's parameters, when there is no network.
    pub mcts: MctsConfig,
    /// Each seat's first `sample_moves` decisions are drawn in proportion to the visits
    /// (exploration); later ones take the most visited id.
    pub sample_moves: u32,
}

impl Default for SelfPlayConfig {
    fn default() -> Self {
        SelfPlayConfig {
            network: None,
            guided: GuidedConfig {
                budget: Budget::Iterations(200),
                root_noise: Some((0.3, 0.25)),
                // The network's value at the leaves, as AlphaZero: the shipped Duel model's
                // recipe (`wonders selfplay --mix` changes it).
                mix: 0.0,
                // A fresh tree each move: the policy targets are the visits of one search of
                // the budget, as the shipped models learnt them.
                reuse: false,
                // Leaf values as `mix` says, nothing more.
                value_visits: 0,
                ..GuidedConfig::default()
            },
            mcts: MctsConfig {
                budget: Budget::Iterations(500),
                ..MctsConfig::default()
            },
            sample_moves: 10,
        }
    }
}

/// One kept position.
#[derive(Clone, Debug)]
pub struct Position {
    /// The mover's observation.
    pub observation: Vec<f32>,
    /// The legal action ids, increasing.
    pub legal: Vec<u32>,
    /// The search's visit shares, by id (summing to 1).
    pub policy: Vec<(u32, f32)>,
    /// The game's returns, seats from the mover on.
    pub value: Vec<f32>,
}

/// Plays `game` to its end by self-play and returns its positions. `seed` drives every draw:
/// the same game, configuration and seed give the same positions (with an iteration budget).
/// The caller checks the network against the game first ([`Network::check`]).
pub fn self_play<G: Game>(mut game: G, config: &SelfPlayConfig, seed: u64) -> Vec<Position> {
    let players = game.num_players();
    let encoding = game
        .encoding()
        .expect("self-play needs a game with an observation encoding");
    let mut rng = BotRng::seed_from_u64(seed);
    enum Searcher<G: Game> {
        Guided(Box<GuidedMcts<G>>),
        Plain(Box<MctsBot<G>>),
    }
    let mut searchers: Vec<Searcher<G>> = (0..players)
        .map(|p| {
            let seed = seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(p as u64 + 1));
            match &config.network {
                Some(net) => {
                    Searcher::Guided(Box::new(GuidedMcts::new(net.clone(), config.guided, seed)))
                }
                None => Searcher::Plain(Box::new(MctsBot::new(config.mcts, seed))),
            }
        })
        .collect();
    let mut positions: Vec<(usize, Position)> = Vec::new();
    let mut moves = vec![0u32; players];
    let (mut scratch, mut ids) = (Vec::new(), Vec::new());
    while !game.is_terminal() {
        let seat = game.current_player();
        legal_by_id(&game, &mut scratch, &mut ids);
        if ids.len() == 1 {
            apply(&mut game, ids[0].1);
            continue;
        }
        // Visits by id of the true state's legal ids.
        let mut visits = vec![0f32; ids.len()];
        let at = |id: u32| ids.binary_search_by_key(&id, |&(i, _)| i).ok();
        match &mut searchers[seat] {
            Searcher::Guided(search) => {
                search.search(&game);
                for (id, n) in search.root_visits() {
                    if let Some(k) = at(id) {
                        visits[k] += n as f32;
                    }
                }
            }
            Searcher::Plain(search) => {
                search.choose(&game);
                for (action, n, _) in search.root_children() {
                    if let Some(k) = at(game.encoded_action(action).0 as u32) {
                        visits[k] += n as f32;
                    }
                }
            }
        }
        let total: f32 = visits.iter().sum();
        if total <= 0.0 {
            visits.fill(1.0);
        }
        let total: f32 = visits.iter().sum();
        let mut observation = vec![0.0; encoding.observation_len];
        game.observe(seat, &mut observation);
        positions.push((
            seat,
            Position {
                observation,
                legal: ids.iter().map(|&(id, _)| id).collect(),
                policy: ids
                    .iter()
                    .zip(&visits)
                    .map(|(&(id, _), &v)| (id, v / total))
                    .collect(),
                value: Vec::new(),
            },
        ));
        let k = if moves[seat] < config.sample_moves {
            sample(&visits, &mut rng)
        } else {
            // The most visited id (the first on a tie: ids are increasing).
            let mut best = 0;
            for (i, &v) in visits.iter().enumerate() {
                if v > visits[best] {
                    best = i;
                }
            }
            best
        };
        moves[seat] += 1;
        apply(&mut game, ids[k].1);
    }
    let mut returns = vec![0.0; players];
    game.returns(&mut returns);
    positions
        .into_iter()
        .map(|(seat, mut p)| {
            p.value = (0..players)
                .map(|k| returns[(seat + k) % players] as f32)
                .collect();
            p
        })
        .collect()
}

fn apply<G: Game>(game: &mut G, action: G::Action) {
    if let Err(e) = game.apply(action) {
        panic!(
            "engine refused its own legal action {}: {e}",
            game.action_name(action)
        );
    }
}
