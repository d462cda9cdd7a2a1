//! Small helpers shared by the greedy bot and the MCTS rollouts: buffer-reusing state copies,
//! one-ply scoring, and arg-max with seeded tie-breaking.

use rand::{Rng, RngCore};

use crate::{BotRng, Game, MAX_PLAYERS};

/// Two values closer than this count as a tie (sums of a few evaluations pick up rounding).
const TIE_EPSILON: f64 = 1e-9;

/// `rng.random_range(0..n)` for `1 <= n <= u32::MAX`: the very numbers rand 0.9 draws and the
/// value it returns (its 32-bit Canon's method), without its generic layers, which cost
/// several times the draw itself. Random rollouts draw one per move, the engines' shuffles one
/// per chunk of positions. Tested against rand.
#[inline]
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!((1..=u32::MAX as usize).contains(&n), "below({n})");
    let range = n as u32;
    let product = u64::from(rng.next_u32()) * u64::from(range);
    let (mut result, low) = ((product >> 32) as u32, product as u32);
    // Only when the low half is within `range` of overflowing can a second draw carry one.
    if low > range.wrapping_neg() {
        let next = ((u64::from(rng.next_u32()) * u64::from(range)) >> 32) as u32;
        result += low.checked_add(next).is_none() as u32;
    }
    result as usize
}

/// Makes `slot` a copy of `src`, reusing the allocation already in `slot` when there is one.
pub(crate) fn copy_into<'a, G: Game>(slot: &'a mut Option<G>, src: &G) -> &'a mut G {
    match slot {
        Some(s) => s.clone_from(src),
        None => *slot = Some(src.clone()),
    }
    slot.as_mut().expect("slot was just filled")
}

/// Makes `slot` a fresh determinization of `state` for `observer`, reusing its allocation.
pub(crate) fn determinize_into<'a, G: Game>(
    slot: &'a mut Option<G>,
    state: &G,
    observer: usize,
    rng: &mut BotRng,
) -> &'a mut G {
    match slot {
        Some(s) => state.determinize_into(observer, rng, s),
        None => *slot = Some(state.determinize(observer, rng)),
    }
    slot.as_mut().expect("slot was just filled")
}

/// Adds to `sums[i]` the evaluation, for `seat`, of `state` after `actions[i]`. An action the
/// state refuses adds nothing (it scores as a loss) rather than aborting a whole game. Actions
/// the game puts in one [`Game::evaluation_class`] are evaluated once: the others get the
/// same value without a copy, an application or an evaluation.
pub(crate) fn score_actions<G: Game>(
    state: &G,
    actions: &[G::Action],
    seat: usize,
    scratch: &mut Option<G>,
    sums: &mut [f64],
) {
    /// Classes remembered per call; a hand has a handful (7 Wonders: sales, and the wonder
    /// stage per payment split). Past this many, actions are simply evaluated.
    const CLASSES: usize = 8;
    let n = state.num_players();
    let mut values = [0.0; MAX_PLAYERS];
    let mut known = [(0u32, 0.0f64); CLASSES];
    let mut known_len = 0;
    for (sum, &action) in sums.iter_mut().zip(actions) {
        let class = state.evaluation_class(action);
        if let Some(c) = class {
            if let Some(&(_, v)) = known[..known_len].iter().find(|&&(k, _)| k == c) {
                *sum += v;
                continue;
            }
        }
        let next = copy_into(scratch, state);
        if next.apply_listed(action).is_ok() {
            next.evaluate_scratch(&mut values[..n]);
            *sum += values[seat];
            if let Some(c) = class {
                if known_len < CLASSES {
                    known[known_len] = (c, values[seat]);
                    known_len += 1;
                }
            }
        }
    }
}

/// Index of the largest of `len` scores, ties broken uniformly at random by `rng`.
pub(crate) fn argmax_random_ties(
    len: usize,
    mut score: impl FnMut(usize) -> f64,
    rng: &mut BotRng,
) -> usize {
    let mut best = f64::NEG_INFINITY;
    let mut chosen = 0;
    let mut ties = 0u32;
    for i in 0..len {
        let v = score(i);
        if v > best + TIE_EPSILON {
            best = v;
            chosen = i;
            ties = 1;
        } else if (v - best).abs() <= TIE_EPSILON {
            // Reservoir sampling: the k-th tied index replaces the choice with chance 1/k.
            ties += 1;
            if below(rng, ties as usize) == 0 {
                chosen = i;
            }
        }
    }
    chosen
}

/// The epsilon-greedy policy on [`Game::evaluate`]: with chance `epsilon` a uniformly random
/// action, otherwise the action whose successor the mover evaluates highest (ties at random).
pub(crate) fn epsilon_greedy<G: Game>(
    state: &G,
    actions: &[G::Action],
    epsilon: f64,
    scratch: &mut Option<G>,
    sums: &mut Vec<f64>,
    rng: &mut BotRng,
) -> G::Action {
    if actions.len() == 1 {
        return actions[0];
    }
    if epsilon > 0.0 && rng.random::<f64>() < epsilon {
        return actions[below(rng, actions.len())];
    }
    sums.clear();
    sums.resize(actions.len(), 0.0);
    score_actions(state, actions, state.current_player(), scratch, sums);
    actions[argmax_random_ties(actions.len(), |i| sums[i], rng)]
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::below;
    use crate::BotRng;

    /// `below` gives rand's values and leaves the generator where rand leaves it, for small
    /// and awkward ranges alike (the second draw is rare: ranges near 2^32 force it).
    #[test]
    fn below_draws_what_rand_draws() {
        let ns = (1..300usize)
            .chain([1 << 16, 1_000_003, (1 << 31) + 1, u32::MAX as usize - 1])
            .chain([u32::MAX as usize]);
        for (seed, n) in ns.enumerate() {
            let mut ours = BotRng::seed_from_u64(seed as u64);
            let mut theirs = ours.clone();
            for _ in 0..200 {
                assert_eq!(below(&mut ours, n), theirs.random_range(0..n), "n = {n}");
            }
            assert_eq!(ours.random::<u64>(), theirs.random::<u64>(), "n = {n}");
        }
    }
}
