//! What the bots' shortcuts in 7 Wonders rest on, over random positions of both editions at
//! 3–7 players: actions of one `evaluation_class` leave positions the evaluation values bit
//! for bit alike (so a one-ply search evaluates one of them), `apply_listed` plays a listed
//! action exactly as the checking `apply` does, and `evaluate_scratch` values as `evaluate`.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wonders_bots::{Game, MAX_PLAYERS};
use wonders_classic::{Action, ClassicConfig, ClassicGame, Edition, Expansion, SidePolicy};

/// Both editions, and the 2nd with Cities.
const CONFIGS: [(Edition, bool); 3] = [
    (Edition::V1, false),
    (Edition::V2, false),
    (Edition::V2, true),
];

fn evaluation(g: &ClassicGame) -> [u64; MAX_PLAYERS] {
    let mut values = [0.0; MAX_PLAYERS];
    g.evaluate(&mut values[..g.players()]);
    values.map(f64::to_bits)
}

#[test]
fn equivalent_actions_evaluate_alike_and_listed_actions_play_as_checked() {
    let mut legal = Vec::new();
    let mut compared = 0;
    let mut classes_seen = [false; 2];
    for (edition, cities) in CONFIGS {
        for players in 3..=7 {
            for game in 0..12u64 {
                let mut config = ClassicConfig::new(players, edition);
                config.expansions.set(Expansion::CITIES, cities);
                config.sides = if game % 2 == 0 {
                    SidePolicy::Mixed
                } else {
                    SidePolicy::B
                };
                let mut g = ClassicGame::new(&config, 1_000 * players as u64 + game).unwrap();
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(game);
                while !g.is_terminal() {
                    g.legal_actions(&mut legal);
                    let mover = g.current_player();
                    // The evaluation after the first action seen of each class.
                    let mut firsts: Vec<(u32, [u64; MAX_PLAYERS])> = Vec::new();
                    for &a in &legal {
                        let mut checked = g.clone();
                        checked.apply(a).unwrap();
                        let mut listed = g.clone();
                        listed.apply_listed(a).unwrap();
                        assert_eq!(checked.history(), listed.history());
                        assert_eq!(checked.seat_view(mover), listed.seat_view(mover));
                        let values = evaluation(&checked);
                        assert_eq!(values, evaluation(&listed));
                        // Valuing a scratch copy, which may resolve the turn in place.
                        let mut scratch = [0.0; MAX_PLAYERS];
                        listed.evaluate_scratch(&mut scratch[..players]);
                        assert_eq!(values, scratch.map(f64::to_bits));
                        let Some(class) = g.evaluation_class(a) else {
                            continue;
                        };
                        classes_seen[(class > 0) as usize] = true;
                        match firsts.iter().find(|(c, _)| *c == class) {
                            Some((_, first)) => {
                                assert_eq!(*first, values, "{a:?} in class {class}");
                                compared += 1;
                            }
                            None => firsts.push((class, values)),
                        }
                    }
                    let a = legal[rng.random_range(0..legal.len())];
                    g.apply(a).unwrap();
                }
            }
        }
    }
    assert_eq!(
        classes_seen,
        [true, true],
        "sales and wonder stages both compared"
    );
    assert!(compared > 20_000, "{compared} comparisons");
}

/// A determinization written into a used game (the searches' way, reusing its buffers) is the
/// one `determinize` returns for the same generator state, whatever the target held before.
#[test]
fn determinize_into_a_used_game_is_determinize() {
    use wonders_bots::BotRng;
    let mut legal = Vec::new();
    let mut target = ClassicGame::new(&ClassicConfig::new(7, Edition::V1), 1).unwrap();
    let mut checked = 0;
    for (edition, cities) in CONFIGS {
        for players in 3..=7 {
            let mut config = ClassicConfig::new(players, edition);
            config.expansions.set(Expansion::CITIES, cities);
            let mut g = ClassicGame::new(&config, 50 + players as u64).unwrap();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(players as u64);
            while !g.is_terminal() {
                let observer = g.current_player();
                let mut a = BotRng::seed_from_u64(checked);
                let mut b = a.clone();
                let fresh = g.determinize(observer, &mut a);
                g.determinize_into(observer, &mut b, &mut target);
                assert_eq!(format!("{fresh:?}"), format!("{target:?}"));
                assert_eq!(a.random::<u64>(), b.random::<u64>());
                checked += 1;
                g.legal_actions(&mut legal);
                let action = legal[rng.random_range(0..legal.len())];
                g.apply(action).unwrap();
            }
        }
    }
    assert!(checked > 500, "{checked} positions");
}

/// What the seat to move's MCTS (`iterations` a move, a fixed seed) decides in `g`, and its
/// root's children with their visits and exact means: equal searches are equal bit for bit.
type Search = (Action, Vec<(Action, u32, u64)>);
fn search(g: &ClassicGame, iterations: u32) -> Search {
    use wonders_bots::{Bot, Budget, MctsBot, MctsConfig};
    let config = MctsConfig {
        budget: Budget::Iterations(iterations),
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::<ClassicGame>::new(config, 77);
    let choice = bot.choose(g);
    let children = bot
        .root_children()
        .into_iter()
        .map(|(a, visits, mean)| (a, visits, mean.to_bits()))
        .collect();
    (choice, children)
}

/// A turn is chosen at once: the engine reports who has chosen, a later seat's search decides
/// the same, bit for bit, whatever an earlier seat chose (its choice is hidden and the search
/// chooses it again), and greedy's neutralized view keeps the mover and reads sales only.
#[test]
fn a_later_seat_decides_alike_whatever_an_earlier_seat_chose() {
    for seed in 0..4u64 {
        let g = ClassicGame::new(&ClassicConfig::new(3, Edition::V2), seed).unwrap();
        assert_eq!(g.simultaneous_chosen(), Some(0));
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let mut searches = Vec::new();
        for &a in legal.iter().take(3) {
            let mut h = g.clone();
            h.apply(a).unwrap();
            assert_eq!((h.current_player(), h.simultaneous_chosen()), (1, Some(1)));
            let mut neutral = h.clone();
            neutral.neutralize_choices(1);
            assert_eq!(neutral.current_player(), 1);
            let mut withdrawn = h.clone();
            withdrawn.withdraw_choices(1);
            assert_eq!(withdrawn.simultaneous_chosen(), Some(0));
            assert_eq!(withdrawn.current_player(), 0);
            searches.push(search(&h, 150));
        }
        assert!(
            searches.windows(2).all(|w| w[0] == w[1]),
            "seed {seed}: seat 1's search depends on seat 0's hidden choice"
        );
    }
}

/// What the test above checks on a game's first turn holds anywhere in a game: at turns
/// through all three Ages of both editions at 3 to 5 players (sides drawn per seat), each seat
/// after the first searches the same tree, bit for bit, whatever the seats before it in the
/// engine's order chose (three different choices each time). A hidden choice that reached a
/// later seat's search through the determinization, the withdrawal or the turn's legal actions
/// would show here.
#[test]
fn no_later_seat_searches_differently_for_an_earlier_seats_hidden_choice() {
    let mut compared = 0;
    for (label, turn, g) in turn_starts() {
        for seat in 1..g.players() {
            // The seats before `seat` choose at random, differently in each variant.
            let searches: Vec<_> = (0..3u64)
                .map(|variant| {
                    let h = earlier_seats_choose_at_random(&g, seat, variant * 1000 + turn);
                    search(&h, 100)
                })
                .collect();
            assert!(
                searches.windows(2).all(|w| w[0] == w[1]),
                "{label}: seat {seat}'s search depends on the earlier seats' hidden choices"
            );
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} searches compared");
}

/// Starts of simultaneous turns (every fifth turn from the third) in two random games of each
/// edition at 3 to 5 players, sides drawn per seat: `(label, turn, position)`.
fn turn_starts() -> Vec<(String, u64, ClassicGame)> {
    let mut starts = Vec::new();
    let mut legal = Vec::new();
    for edition in [Edition::V1, Edition::V2] {
        for players in 3..=5usize {
            for game in 0..2u64 {
                let mut config = ClassicConfig::new(players, edition);
                config.sides = SidePolicy::Mixed;
                let mut g = ClassicGame::new(&config, 500 + game).unwrap();
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(game);
                let mut turn = 0u64;
                while !g.is_terminal() {
                    if g.simultaneous_chosen() == Some(0) {
                        turn += 1;
                        if turn % 5 == 3 {
                            let label = format!("{edition:?}, {players} players, game {game}");
                            starts.push((format!("{label}, turn {turn}"), turn, g.clone()));
                        }
                    }
                    g.legal_actions(&mut legal);
                    g.apply(legal[rng.random_range(0..legal.len())]).unwrap();
                }
            }
        }
    }
    starts
}

/// `g` after the seats before `seat` in the engine's order chose at random (from `seed`).
fn earlier_seats_choose_at_random(g: &ClassicGame, seat: usize, seed: u64) -> ClassicGame {
    let mut h = g.clone();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut legal = Vec::new();
    while h.current_player() != seat {
        h.legal_actions(&mut legal);
        h.apply(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    h
}
