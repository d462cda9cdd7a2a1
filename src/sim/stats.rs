//! Small statistics: Wilson score intervals, and Bradley–Terry strengths on the Elo scale with
//! Fisher-information intervals.

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Elo points per natural-log unit of Bradley–Terry strength (400 / ln 10).
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// The Wilson score interval for `successes` out of `n` trials at normal quantile `z`
/// (e.g. [`Z95`]). `successes` may be fractional (shared victories count `1/k`). With `n = 0`
/// the interval is the uninformative `[0, 1]`.
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Bradley–Terry strengths fitted by Hunter's MM iterations.
///
/// `wins[i][j]` is the score of `i` against `j` (a draw counts half to each), `games[i][j]` the
/// number of games between them (symmetric). `prior_draws` virtual draws are added to every pair
/// that played, which keeps strengths finite when a player wins or loses every game (use 0 for
/// the plain maximum-likelihood fit). Returns natural-log strengths `θ` with mean 0: the model
/// is `P(i beats j) = 1 / (1 + exp(θ_j − θ_i))`. A player with no games gets 0.
pub fn bradley_terry(wins: &[Vec<f64>], games: &[Vec<f64>], prior_draws: f64) -> Vec<f64> {
    let n = wins.len();
    let played = |i: usize, j: usize| i != j && games[i][j] > 0.0;
    let w = |i: usize, j: usize| wins[i][j] + if played(i, j) { prior_draws / 2.0 } else { 0.0 };
    let g = |i: usize, j: usize| games[i][j] + if played(i, j) { prior_draws } else { 0.0 };
    let mut p = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = p.clone();
        for i in 0..n {
            let total_wins: f64 = (0..n).filter(|&j| played(i, j)).map(|j| w(i, j)).sum();
            let denom: f64 = (0..n)
                .filter(|&j| played(i, j))
                .map(|j| g(i, j) / (p[i] + p[j]))
                .sum();
            if denom > 0.0 {
                // A player that never scores tends to 0; keep it positive so logs stay finite.
                next[i] = (total_wins / denom).max(1e-300);
            }
        }
        let mean_log = next.iter().map(|x| x.ln()).sum::<f64>() / n as f64;
        for x in &mut next {
            *x = (x.ln() - mean_log).exp();
        }
        let change = p
            .iter()
            .zip(&next)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p.iter().map(|x| x.ln()).collect()
}

/// Standard errors of the Bradley–Terry strengths `theta` (natural-log scale, mean-0
/// constraint) from the Fisher information of the `games` played: the information matrix is
/// the weighted graph Laplacian `L` with weights `n_ij p_ij (1 − p_ij)`, and the covariance
/// under the sum-zero constraint is its pseudo-inverse `(L + J/n)⁻¹ − J/n`. A player not
/// connected to the others gets an infinite error.
pub fn bradley_terry_errors(theta: &[f64], games: &[Vec<f64>]) -> Vec<f64> {
    let n = theta.len();
    if n < 2 {
        return vec![0.0; n];
    }
    let mut m = vec![vec![1.0 / n as f64; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && games[i][j] > 0.0 {
                let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                let info = games[i][j] * p * (1.0 - p);
                m[i][j] -= info;
                m[i][i] += info;
            }
        }
    }
    match invert(m) {
        Some(inv) => (0..n)
            .map(|i| (inv[i][i] - 1.0 / n as f64).max(0.0).sqrt())
            .collect(),
        None => vec![f64::INFINITY; n],
    }
}

/// Gauss–Jordan inversion with partial pivoting; `None` when singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for k in 0..n {
            a[col][k] /= d;
            inv[col][k] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for k in 0..n {
                        a[row][k] -= f * a[col][k];
                        inv[row][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn wilson_matches_hand_computed_values() {
        let (lo, hi) = wilson(7.0, 10.0, Z95);
        assert!(
            close(lo, 0.3968, 1e-4) && close(hi, 0.8922, 1e-4),
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0.0, 10.0, Z95);
        assert!(
            close(lo, 0.0, 1e-12) && close(hi, 0.2775, 1e-4),
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(50.0, 100.0, Z95);
        assert!(
            close(lo, 0.4038, 1e-4) && close(hi, 0.5962, 1e-4),
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn bradley_terry_recovers_consistent_strengths() {
        // Strengths 4 : 2 : 1, 30 games per pair, results exactly at expectation, so the
        // maximum-likelihood fit is the truth.
        let wins = vec![
            vec![0.0, 20.0, 24.0],
            vec![10.0, 0.0, 20.0],
            vec![6.0, 10.0, 0.0],
        ];
        let games = vec![
            vec![0.0, 30.0, 30.0],
            vec![30.0, 0.0, 30.0],
            vec![30.0, 30.0, 0.0],
        ];
        let theta = bradley_terry(&wins, &games, 0.0);
        let elo: Vec<f64> = theta.iter().map(|t| 1500.0 + t * ELO_PER_NAT).collect();
        assert!(close(elo[0], 1620.412, 1e-3), "{elo:?}");
        assert!(close(elo[1], 1500.0, 1e-3), "{elo:?}");
        assert!(close(elo[2], 1379.588, 1e-3), "{elo:?}");
    }

    #[test]
    fn fisher_errors_for_two_players() {
        // 75 of 100: Elo gap 400·log10(3) = 190.85; information of the gap 100·¾·¼ = 18.75,
        // each rating carries half the gap, so its variance is 1/(4·18.75) = 1/75.
        let wins = vec![vec![0.0, 75.0], vec![25.0, 0.0]];
        let games = vec![vec![0.0, 100.0], vec![100.0, 0.0]];
        let theta = bradley_terry(&wins, &games, 0.0);
        assert!(close((theta[0] - theta[1]) * ELO_PER_NAT, 190.849, 1e-3));
        let se = bradley_terry_errors(&theta, &games);
        assert!(close(se[0], (1.0f64 / 75.0).sqrt(), 1e-9), "{se:?}");
        assert!(close(se[0] * ELO_PER_NAT * Z95, 39.31, 0.01), "{se:?}");
    }

    #[test]
    fn prior_keeps_a_clean_sweep_finite() {
        let wins = vec![vec![0.0, 10.0], vec![0.0, 0.0]];
        let games = vec![vec![0.0, 10.0], vec![10.0, 0.0]];
        let theta = bradley_terry(&wins, &games, 1.0);
        // With one virtual draw: 10.5 of 11, odds 21.
        assert!(close(theta[0] - theta[1], 21f64.ln(), 1e-9), "{theta:?}");
    }
}
