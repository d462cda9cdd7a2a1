//! The team variant of Cities ("Partita a squadre"): 4 or 6 players in teams of two
//! neighbours. Team k is seats 2k and 2k+1, so every seat has one neighbour who is its partner
//! and one who is not, its opposing neighbour. Partners never fight; each seat fights its
//! opposing neighbour for doubled tokens, one fewer for each Diplomacy token used; the team
//! with the higher total wins, then the one with more coins.
//!
//! Everything else is the game with Cities (and Leaders if played): coin losses already hit
//! every other seat, the partner included, and purchases already follow the restrictions the
//! rule book lists for partners (own resources first, chains always used).

/// Checks that a table can play in teams: Cities in play, 4 or 6 players.
pub fn check_table(players: usize, cities: bool) -> Result<(), String> {
    if !cities {
        return Err(
            "variant teams: the team variant is played with Cities (add expansions cities)".into(),
        );
    }
    if players != 4 && players != 6 {
        return Err(format!(
            "variant teams: {players} players (the team variant seats 4 or 6 players)"
        ));
    }
    Ok(())
}

/// The team of `seat`.
pub fn team(seat: usize) -> usize {
    seat / 2
}

/// The partner of `seat`: an even seat's left neighbour, an odd seat's right neighbour.
pub fn partner(seat: usize) -> usize {
    seat ^ 1
}

/// The neighbour of `seat` who is not its partner, at a table of `players` seats.
pub fn opposing_neighbour(seat: usize, players: usize) -> usize {
    if seat % 2 == 0 {
        (seat + players - 1) % players
    } else {
        (seat + 1) % players
    }
}

/// The end-of-Age conflicts at a table of `players` seats: each team's odd seat against the
/// next team's even seat, `(1, 2), (3, 0)` at 4 players. Every seat is in exactly one.
pub fn conflicts(players: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..players / 2).map(move |k| (2 * k + 1, (2 * k + 2) % players))
}

/// Tokens each side of a conflict takes: 2, one fewer for each of the two seats that uses a
/// Diplomacy token.
pub fn tokens(diplomacy: [bool; 2]) -> u8 {
    2 - u8::from(diplomacy[0]) - u8::from(diplomacy[1])
}

/// The winning teams of a finished game, sorted, from each seat's total and coins: the
/// highest team total, then the most coins of the two partners together; a remaining tie is
/// shared.
pub fn winning_teams(totals: &[i32], coins: &[u32]) -> Vec<usize> {
    let keys = team_keys(totals, coins);
    let best = keys.iter().max().copied();
    (0..keys.len()).filter(|&t| Some(keys[t]) == best).collect()
}

/// Each team's rank, 1 = best (teams tied on total and coins share a rank).
pub fn team_ranks(totals: &[i32], coins: &[u32]) -> Vec<usize> {
    let keys = team_keys(totals, coins);
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|o| *o > k).count())
        .collect()
}

/// Each team's total score.
pub fn team_totals(totals: &[i32]) -> Vec<i32> {
    totals.chunks(2).map(|t| t.iter().sum()).collect()
}

/// (total, coins) of each team, the order that decides the game.
fn team_keys(totals: &[i32], coins: &[u32]) -> Vec<(i32, u32)> {
    totals
        .chunks(2)
        .zip(coins.chunks(2))
        .map(|(t, c)| (t.iter().sum(), c.iter().sum()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seating table of the record format: partners and opposing neighbours at 4 and 6.
    #[test]
    fn partners_and_opposing_neighbours_follow_the_seating() {
        let opposing = |n: usize| (0..n).map(|s| opposing_neighbour(s, n)).collect::<Vec<_>>();
        assert_eq!(opposing(4), [3, 2, 1, 0]);
        assert_eq!(opposing(6), [5, 2, 1, 4, 3, 0]);
        assert_eq!((0..6).map(partner).collect::<Vec<_>>(), [1, 0, 3, 2, 5, 4]);
        assert_eq!(conflicts(4).collect::<Vec<_>>(), [(1, 2), (3, 0)]);
        assert_eq!(conflicts(6).collect::<Vec<_>>(), [(1, 2), (3, 4), (5, 0)]);
        for n in [4, 6] {
            for s in 0..n {
                // The partner and the opposing neighbour are the two neighbours.
                let neighbours = [(s + 1) % n, (s + n - 1) % n];
                assert!(neighbours.contains(&partner(s)));
                assert!(neighbours.contains(&opposing_neighbour(s, n)));
                assert_ne!(partner(s), opposing_neighbour(s, n));
                assert_eq!(team(partner(s)), team(s));
                // Exactly one conflict, against the opposing neighbour.
                let mine: Vec<_> = conflicts(n).filter(|&(a, b)| a == s || b == s).collect();
                assert_eq!(mine.len(), 1);
                let (a, b) = mine[0];
                assert_eq!(if a == s { b } else { a }, opposing_neighbour(s, n));
            }
        }
    }

    #[test]
    fn diplomacy_takes_one_token_per_user() {
        assert_eq!(tokens([false, false]), 2);
        assert_eq!(tokens([true, false]), 1);
        assert_eq!(tokens([false, true]), 1);
        assert_eq!(tokens([true, true]), 0);
    }

    /// The record format's example: seat 0 has the best total, but team 1 wins; then ties on
    /// the total broken by the partners' coins together, and a tie on both shared.
    #[test]
    fn the_team_total_then_the_team_coins_decide() {
        assert_eq!(team_totals(&[30, 18, 37, 20]), [48, 57]);
        assert_eq!(winning_teams(&[30, 18, 37, 20], &[39, 47, 45, 61]), [1]);
        // 50 each: team 0 has 10 + 12 coins, team 1 has 20 + 1.
        assert_eq!(winning_teams(&[25, 25, 40, 10], &[10, 12, 20, 1]), [0]);
        assert_eq!(team_ranks(&[25, 25, 40, 10], &[10, 12, 20, 1]), [1, 2]);
        assert_eq!(winning_teams(&[25, 25, 40, 10], &[10, 11, 20, 1]), [0, 1]);
        assert_eq!(
            team_ranks(&[25, 25, 40, 10, 1, 1], &[10, 11, 20, 1, 0, 0]),
            [1, 1, 3]
        );
        assert!(check_table(5, true).unwrap_err().contains("4 or 6"));
        assert!(check_table(4, false).unwrap_err().contains("Cities"));
        assert!(check_table(6, true).is_ok());
    }
}
