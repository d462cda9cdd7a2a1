//! Greedy, the default bot of the balance runs, must beat trivial play by a wide margin, or
//! its win rates say nothing: one greedy seat among trivial ones (the same policy in every
//! other seat), greedy rotated through every seat. Policies: the first legal action, always
//! selling (7 Wonders) or discarding (Duel) when allowed, uniformly random. Architects has no
//! sale: first legal action and random there.
//!
//! Each bar sits below what greedy wins over thousands of games (each test says how much;
//! results/README.md has the runs), and far above what greedy scored before its evaluation
//! learned what it missed.

use rand::SeedableRng;
use wonders_architects::{Architects, ArchitectsConfig};
use wonders_bots::{Bot, BotRng, Game, GreedyBot, RandomBot, MAX_PLAYERS};
use wonders_classic::{Action as ClassicAction, ClassicConfig, ClassicGame, Edition};
use wonders_duel::{Action as DuelAction, Duel, DuelConfig};

/// A trivial policy: the first legal action, or the first one `prefer` accepts.
struct Trivial<G: Game> {
    prefer: fn(&G::Action) -> bool,
    actions: Vec<G::Action>,
}

impl<G: Game> Bot<G> for Trivial<G> {
    fn choose(&mut self, state: &G) -> G::Action {
        state.legal_actions(&mut self.actions);
        *self
            .actions
            .iter()
            .find(|a| (self.prefer)(a))
            .unwrap_or(&self.actions[0])
    }
}

#[derive(Clone, Copy, Debug)]
enum Policy {
    First,
    Sell,
    Random,
}

fn trivial<G: Game>(policy: Policy, sell: fn(&G::Action) -> bool, seed: u64) -> Box<dyn Bot<G>> {
    match policy {
        Policy::First => Box::new(Trivial::<G> {
            prefer: |_| false,
            actions: Vec::new(),
        }),
        Policy::Sell => Box::new(Trivial::<G> {
            prefer: sell,
            actions: Vec::new(),
        }),
        Policy::Random => Box::new(RandomBot::<G>::new(seed)),
    }
}

/// Greedy's share of the wins over `games` games, its seat rotating, the others playing
/// `policy`.
fn greedy_share<G: Game>(
    games: u64,
    policy: Policy,
    sell: fn(&G::Action) -> bool,
    new_game: impl Fn(u64) -> G,
) -> f64 {
    let mut won = 0.0;
    for i in 0..games {
        let mut g = new_game(i);
        let n = g.num_players();
        let seat = (i % n as u64) as usize;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..n)
            .map(|s| {
                if s == seat {
                    Box::new(GreedyBot::<G>::new(1000 + i)) as Box<dyn Bot<G>>
                } else {
                    trivial::<G>(policy, sell, 7 * i + s as u64)
                }
            })
            .collect();
        while !g.is_terminal() {
            let a = bots[g.current_player()].choose(&g);
            g.apply(a).unwrap();
        }
        let mut r = [0.0; MAX_PLAYERS];
        g.returns(&mut r[..n]);
        won += r[seat];
    }
    let share = won / games as f64;
    eprintln!("greedy against {policy:?}: {share:.3} of {games} games");
    share
}

/// Greedy wins 0.960 and 0.964 of 4,000 games from seeds 0 and 100,000 against the first
/// legal action since its evaluation sees a supremacy in reach and values production at its
/// worth (0.803 before, results/README.md): the issue asks 0.80.
#[test]
fn greedy_beats_first_legal_action_in_duel() {
    let share = greedy_share(
        200,
        Policy::First,
        |_| false,
        |i| Duel::new(DuelConfig::default(), &mut BotRng::seed_from_u64(i)),
    );
    assert!(
        share >= 0.9,
        "greedy won {share:.3} against the first legal action"
    );
}

/// Over 10,000 games (seeds 0 to 9,999, as this test plays them) greedy wins 0.967 [0.963,
/// 0.970] against the first legal action, 1.000 against always selling and 0.999 against
/// random play (0.972, 1.000 and 1.000 over the 1,000 played here). The evaluation before its
/// constants were searched won 0.897 against the first legal action (results/README.md), so
/// the bar of 0.94 tells the two apart with room either side.
#[test]
fn greedy_beats_trivial_play_in_7_wonders_at_3_players() {
    for (policy, bar) in [
        (Policy::First, 0.94),
        (Policy::Sell, 0.97),
        (Policy::Random, 0.97),
    ] {
        let share = greedy_share(
            1000,
            policy,
            |a| matches!(a, ClassicAction::Sell { .. }),
            |i| ClassicGame::new(&ClassicConfig::new(3, Edition::V2), i).unwrap(),
        );
        assert!(share >= bar, "greedy won {share:.3} against {policy:?}");
    }
}

/// Greedy wins 0.875–0.879 of its games against two seats taking the first deck listed and
/// 0.905–0.915 against two random seats (6,000 games each over two seed ranges,
/// results/README.md): far above the 0.50 of its first evaluation, short of the 0.90
/// against the first deck (so the bar here is 0.80), which MCTS with 1,000 iterations reaches
/// (0.92).
#[test]
fn greedy_beats_trivial_play_in_architects_at_3_players() {
    for policy in [Policy::First, Policy::Random] {
        let share = greedy_share(
            300,
            policy,
            |_: &wonders_architects::Action| false,
            |i| Architects::new(&ArchitectsConfig::base(3), i).unwrap(),
        );
        assert!(share >= 0.8, "greedy won {share:.3} against {policy:?}");
    }
}

#[test]
fn duel_discard_policy_is_beaten_too() {
    let share = greedy_share(
        30,
        Policy::Sell,
        |a| matches!(a, DuelAction::Discard { .. }),
        |i| Duel::new(DuelConfig::default(), &mut BotRng::seed_from_u64(i)),
    );
    assert!(share >= 0.8, "greedy won {share:.3} against discarding");
}
