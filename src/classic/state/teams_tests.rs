//! The team variant's rules on hand-built positions: partners never fight, doubled tokens,
//! ties, Diplomacy on one side and on both, coin losses on the partner, Tomyris and Nero with
//! doubled conflicts, team totals and the tie-break on the partners' coins, and what a seat
//! knows of its partner.

use super::*;
use rand::{Rng, SeedableRng};

/// A team game of `players` seats (Cities, with Leaders when `leaders`), days sides.
fn team_game(players: usize, leaders: bool, seed: u64) -> ClassicGame {
    let mut config = ClassicConfig::new(players, Edition::V2);
    config.expansions = ExpansionSet::NONE
        .with_if(Expansion::LEADERS, leaders)
        .with(Expansion::CITIES);
    config.sides = SidePolicy::Day;
    config.teams = true;
    ClassicGame::new(&config, seed).unwrap()
}

fn set_shields(g: &mut ClassicGame, shields: &[u8]) {
    for (city, &s) in g.cities.iter_mut().zip(shields) {
        city.shields = s;
    }
}

fn military(g: &ClassicGame) -> Vec<i32> {
    g.cities.iter().map(|c| c.military).collect()
}

fn l(id: &str) -> LeaderId {
    LeaderId::from_id(id).unwrap()
}

#[test]
fn the_team_variant_needs_cities_and_4_or_6_players() {
    let mut config = ClassicConfig::new(5, Edition::V2);
    config.expansions.set(Expansion::CITIES, true);
    config.teams = true;
    assert!(ClassicGame::new(&config, 1)
        .unwrap_err()
        .0
        .contains("4 or 6"));
    config.players = 4;
    config.expansions.set(Expansion::CITIES, false);
    assert!(ClassicGame::new(&config, 1)
        .unwrap_err()
        .0
        .contains("Cities"));
    config.expansions.set(Expansion::CITIES, true);
    assert!(ClassicGame::new(&config, 1).is_ok());
}

/// The rule book's example (Age II: 2 shields against the opposing neighbour's 5): two defeat
/// tokens against two victory tokens of Age II. Partners with different shields never fight.
#[test]
fn partners_never_fight_and_a_conflict_gives_two_tokens() {
    let mut g = team_game(4, false, 1);
    g.age = 2;
    // Seat 1 (2 shields) against seat 2 (5); seat 3 (0) against seat 0 (9). Partners 0 and 1
    // (9 against 2) and 2 and 3 (5 against 0) do not fight.
    set_shields(&mut g, &[9, 2, 5, 0]);
    g.end_age(&mut Unheard);
    assert_eq!(military(&g), [6, -2, 6, -2]);
    assert_eq!((g.cities[1].defeats, g.cities[2].victories[3]), (2, 2));
    assert_eq!((g.cities[3].defeats, g.cities[0].victories[3]), (2, 2));
    assert_eq!(g.cities[0].defeats + g.cities[2].defeats, 0);
    // Equal shields: nothing. Age III victories are worth 5 each.
    let mut g = team_game(6, false, 1);
    g.age = 3;
    set_shields(&mut g, &[1, 4, 4, 0, 7, 1]);
    g.end_age(&mut Unheard);
    // Conflicts (1, 2) tie, (3, 4) seat 4 wins, (5, 0) tie.
    assert_eq!(military(&g), [0, 0, 0, -2, 10, 0]);
}

/// Diplomacy in teams: the holder still fights its opposing neighbour, for one token each way;
/// both sides using it, no token; the holder's partner is unaffected; every holder discards one
/// token at the resolution, even when it wins.
#[test]
fn diplomacy_takes_one_token_off_a_conflict_per_user() {
    let mut g = team_game(4, false, 2);
    g.age = 2;
    set_shields(&mut g, &[3, 2, 5, 1]);
    // The rule book's example: seat 1 (2 shields, Diplomacy) against seat 2 (5).
    g.cities[1].cities_seat.diplomacy = 1;
    g.end_age(&mut Unheard);
    assert_eq!(g.cities[1].military, -1);
    assert_eq!(g.cities[2].military, 3);
    // The partner (seat 0, 3 shields against seat 3's 1) fights for two tokens.
    assert_eq!((g.cities[0].military, g.cities[3].military), (6, -2));
    assert_eq!(g.cities[1].cities_seat.diplomacy, 0);
    // Both sides of a conflict use Diplomacy: nothing; the winner's token is used all the same.
    let mut g = team_game(4, false, 2);
    set_shields(&mut g, &[3, 2, 5, 1]);
    g.cities[1].cities_seat.diplomacy = 1;
    g.cities[2].cities_seat.diplomacy = 2;
    g.end_age(&mut Unheard);
    assert_eq!((g.cities[1].military, g.cities[2].military), (0, 0));
    assert_eq!(
        (
            g.cities[1].cities_seat.diplomacy,
            g.cities[2].cities_seat.diplomacy
        ),
        (0, 1)
    );
    assert_eq!((g.cities[0].military, g.cities[3].military), (2, -2));
}

/// "Quando viene costruito un Edificio che innesca una perdita di Monete, anche il proprio
/// compagno di squadra subisce quella perdita": seat 0's Hideout makes its partner, seat 1,
/// split a loss of 1 coin like the opposing seats.
#[test]
fn a_coin_loss_hits_the_partner_too() {
    let mut g = team_game(4, false, 3);
    let hideout = g.cat.find("hideout").unwrap();
    let u = g.hand_uids(0).trailing_zeros() as usize;
    g.deals[0].cards[u] = hideout;
    for s in 0..4 {
        let a = if s == 0 {
            Action::Build {
                card: hideout,
                pay_left: 0,
                pay_right: 0,
            }
        } else {
            Action::Sell { card: g.hand(s)[0] }
        };
        g.play(a).unwrap();
    }
    let mut losers = Vec::new();
    while g.step != Step::Turn {
        let s = g.current_seat();
        losers.push(s);
        g.play(Action::CoinLoss { coins: 1, debt: 0 }).unwrap();
    }
    assert_eq!(losers, [1, 2, 3]);
}

/// Tomyris beaten in a doubled conflict gives both defeat tokens to the neighbour who beat her;
/// Nero is paid 2 coins per victory token, 4 for a doubled victory, and Berenice's coin once.
#[test]
fn tomyris_and_nero_with_doubled_conflicts() {
    let mut g = team_game(4, true, 4);
    let mut rng = GameRng::seed_from_u64(4);
    let mut buf = Vec::new();
    while g.recruiting || g.step == Step::Draft {
        g.legal(&mut buf);
        g.play(buf[rng.random_range(0..buf.len())]).unwrap();
    }
    for city in g.cities.iter_mut() {
        city.leader_seat.face_up = Default::default();
        city.refresh_leader_powers();
        city.cities_seat.diplomacy = 0;
    }
    // Seat 1 (Tomyris, 0 shields) loses to seat 2 (Nero and Berenice, 3 shields).
    g.cities[1].leader_seat.face_up.insert(l("tomyris"));
    g.cities[1].refresh_leader_powers();
    g.cities[2].leader_seat.face_up.insert(l("nero"));
    g.cities[2].leader_seat.face_up.insert(l("berenice"));
    g.cities[2].refresh_leader_powers();
    set_shields(&mut g, &[1, 0, 3, 1]);
    let before: Vec<i32> = military(&g);
    let coins = g.cities[2].coins;
    g.end_age(&mut Unheard);
    let gained: Vec<i32> = military(&g)
        .iter()
        .zip(&before)
        .map(|(a, b)| a - b)
        .collect();
    // Seat 2: two victories of Age I and seat 1's two defeats; seat 1 nothing; 0–3 tie.
    assert_eq!(gained, [0, 0, 0, 0]);
    assert_eq!((g.cities[2].defeats, g.cities[1].defeats), (2, 0));
    assert_eq!(g.cities[2].victories[1], 2);
    assert_eq!(g.cities[2].coins, coins + 2 + 2 + 1);
}

/// The team with the higher total wins, both partners; equal totals, the more coins of the
/// two partners together; still equal, a shared victory. Ranks are the teams' ranks.
#[test]
fn team_totals_decide_then_the_partners_coins() {
    use wonders_bots::Game;
    let mut g = team_game(4, false, 5);
    let mut rng = GameRng::seed_from_u64(5);
    let mut buf = Vec::new();
    while !g.is_over() {
        g.legal(&mut buf);
        g.play(buf[rng.random_range(0..buf.len())]).unwrap();
    }
    let totals: Vec<i32> = (0..4).map(|s| g.score(s).total).collect();
    assert_eq!(
        g.team_totals(),
        [totals[0] + totals[1], totals[2] + totals[3]]
    );
    // Coins count a third of a point each: with no coins, bring the lower team level with 3
    // coins per point on its first seat; the tie then goes to the team with more coins.
    for c in g.cities.iter_mut() {
        c.coins = 0;
    }
    let base: Vec<i32> = (0..4).map(|s| g.score(s).total).collect();
    let (t0, t1) = (base[0] + base[1], base[2] + base[3]);
    let mut returns = [0.0; 4];
    if t0 == t1 {
        // Equal totals and equal coins: a victory shared by all four.
        assert_eq!(g.winners(), [0, 1, 2, 3]);
        g.returns(&mut returns);
        assert_eq!(returns, [0.25; 4]);
        return;
    }
    let (low, gap) = if t0 < t1 { (0, t1 - t0) } else { (2, t0 - t1) };
    g.cities[low].coins = 3 * gap as u32;
    assert_eq!(g.team_totals()[0], g.team_totals()[1]);
    assert_eq!(g.winners(), [low, low + 1]);
    g.returns(&mut returns);
    assert_eq!((returns[low], returns[low + 1]), (0.5, 0.5));
    assert_eq!(g.ranks()[low], 1);
    assert_eq!(g.ranks()[(low + 2) % 4], 2);
    // Two coins on each opposing seat (no point): 4 coins against 3·gap decide.
    let other = (low + 2) % 4;
    g.cities[other].coins = 2;
    g.cities[other + 1].coins = 2;
    let expected = if 4 > 3 * gap {
        [other, other + 1]
    } else {
        [low, low + 1]
    };
    assert_eq!(g.winners(), expected);
}

/// A seat knows its partner's hand and chosen action, not the opposing seats': its
/// determinizations keep the partner's cards and choice and redeal the others.
#[test]
fn a_determinization_keeps_the_partners_hand_and_choice() {
    let mut g = team_game(4, false, 6);
    let mut rng = GameRng::seed_from_u64(6);
    // The first turn: seats 0 and 1 choose; the opposing hands are unseen. (Two turns later
    // at 4 seats, the partners between them would have seen every packet.)
    let mut buf = Vec::new();
    g.legal(&mut buf);
    g.play(buf[rng.random_range(0..buf.len())]).unwrap(); // seat 0 chooses
    g.legal(&mut buf);
    g.play(buf[rng.random_range(0..buf.len())]).unwrap(); // seat 1 chooses
    assert_eq!(g.current_seat(), 2);
    let (mut opposing_changed, mut pending_changed) = (0, 0);
    for _ in 0..40 {
        let d = g.determinized(0, &mut rng);
        assert_eq!(d.hand(1), g.hand(1), "the partner's hand");
        assert_eq!(d.pending[1], g.pending[1], "the partner's choice");
        assert_eq!(d.seat_view(0), g.seat_view(0));
        opposing_changed += usize::from(d.hand(2) != g.hand(2));
        // Seen from seat 2, seat 1's choice is hidden and re-chosen.
        let d = g.determinized(2, &mut rng);
        pending_changed += usize::from(d.pending[1] != g.pending[1]);
    }
    assert!(opposing_changed > 20, "{opposing_changed} of 40");
    assert!(pending_changed > 5, "{pending_changed} of 40");
}

/// With Leaders: the partner's face-down leaders are kept, the opposing seats' redealt.
#[test]
fn a_determinization_keeps_the_partners_leaders() {
    let mut g = team_game(4, true, 7);
    let mut rng = GameRng::seed_from_u64(7);
    let mut buf = Vec::new();
    // Into the draft's second round: seat 0 knows seat 1's hands too.
    for _ in 0..4 {
        g.legal(&mut buf);
        g.play(buf[rng.random_range(0..buf.len())]).unwrap();
    }
    let draft = |g: &ClassicGame, s: usize| g.leaders.as_ref().unwrap().draft.hand(s);
    let mut changed = 0;
    for _ in 0..40 {
        let d = g.determinized(0, &mut rng);
        assert_eq!(draft(&d, 1), draft(&g, 1));
        assert_eq!(d.seat_view(0), g.seat_view(0));
        changed += usize::from(draft(&d, 2) != draft(&g, 2));
    }
    assert!(changed > 20, "{changed} of 40");
    while g.step == Step::Draft || !g.recruiting {
        g.legal(&mut buf);
        g.play(buf[rng.random_range(0..buf.len())]).unwrap();
    }
    let mut changed = 0;
    for _ in 0..40 {
        let d = g.determinized(0, &mut rng);
        assert_eq!(d.cities[1].leader_seat.hand, g.cities[1].leader_seat.hand);
        changed += usize::from(d.cities[3].leader_seat.hand != g.cities[3].leader_seat.hand);
    }
    assert!(changed > 20, "{changed} of 40");
}

/// The evaluation plays for the team: partners get equal values, summing with the other team's
/// to 1, and a military lead over the opposing neighbour counts for the team.
#[test]
fn the_evaluation_values_teams() {
    let g = team_game(4, false, 8);
    let mut out = [0.0; 4];
    g.evaluate_position(&mut out);
    assert_eq!(out[0], out[1]);
    assert_eq!(out[2], out[3]);
    assert!((out.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let mut ahead = g.clone();
    ahead.cities[1].shields = 3;
    let mut after = [0.0; 4];
    ahead.evaluate_position(&mut after);
    assert!(after[0] > out[0] && after[1] > out[1]);
    // Shields against the partner are no lead: seat 0's partner is seat 1, whose shields
    // moved nothing for seat 0's own conflict (against seat 3).
    assert!(ahead.military_value(1) > g.military_value(1));
    assert_eq!(ahead.military_value(0), g.military_value(0));
}
