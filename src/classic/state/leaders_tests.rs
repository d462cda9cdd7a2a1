//! Leaders in the engine (not yet offered by the command line): the draft, the recruitment
//! turns, Age III's return to the box, recruitment costs, and random games to the end.

use super::*;
use crate::leader_draft::LeaderSet;
use crate::leaders_data::LEADERS;
use rand::{Rng, SeedableRng};

pub(crate) fn leaders_game(players: usize, cities: bool, seed: u64) -> ClassicGame {
    let mut config = ClassicConfig::new(players, Edition::V2);
    config.expansions = ExpansionSet::NONE
        .with(Expansion::LEADERS)
        .with_if(Expansion::CITIES, cities);
    config.sides = SidePolicy::Mixed;
    ClassicGame::new(&config, seed).unwrap()
}

fn l(id: &str) -> LeaderId {
    LeaderId::from_id(id).unwrap()
}

/// Plays random legal actions until `stop` holds (or the game ends).
fn play_until(g: &mut ClassicGame, rng: &mut GameRng, stop: impl Fn(&ClassicGame) -> bool) {
    let mut legal = Vec::new();
    while !g.is_over() && !stop(g) {
        g.legal(&mut legal);
        assert!(!legal.is_empty(), "no legal action at {:?}", g.step);
        let a = legal[rng.random_range(0..legal.len())];
        g.play(a).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn the_draft_deals_four_leaders_and_passes_right() {
    let mut g = leaders_game(4, false, 3);
    assert!(g.cities.iter().all(|c| c.coins == LEADERS_STARTING_COINS));
    assert_eq!(g.step, Step::Draft);
    let hands: Vec<LeaderSet> = (0..4)
        .map(|s| g.leaders.as_ref().unwrap().draft.hand(s))
        .collect();
    assert!(hands.iter().all(|h| h.len() == 4));
    // Every seat picks the first leader of its hand; seat 0 then holds seat 1's rest.
    let mut picks = Vec::new();
    for (s, h) in hands.iter().enumerate() {
        let pick = h.iter().next().unwrap();
        picks.push(pick);
        assert_eq!(g.current_seat(), s);
        g.play(Action::Draft { leader: pick }).unwrap();
    }
    let mut passed = hands[1];
    passed.remove(picks[1]);
    assert_eq!(g.leaders.as_ref().unwrap().draft.hand(0), passed);
    assert!(g.history().iter().all(|p| p.turn == RECRUITMENT_TURN));
    // A leader not in the hand is refused.
    assert!(g.play(Action::Draft { leader: picks[0] }).is_err());
    let mut rng = GameRng::seed_from_u64(1);
    play_until(&mut g, &mut rng, |g| g.step != Step::Draft);
    assert!(g.recruiting && g.step == Step::Turn && g.age == 1);
    assert!(g.cities.iter().all(|c| c.leader_seat.hand.len() == 4));
    assert_eq!(g.history().len(), 16);
}

#[test]
fn recruitment_costs_follow_the_age_maecenas_and_roma() {
    let mut g = leaders_game(3, false, 5);
    let mut rng = GameRng::seed_from_u64(2);
    play_until(&mut g, &mut rng, |g| g.recruiting);
    assert_eq!(g.leader_cost(0, l("caesar")), 5);
    assert_eq!(
        g.leader_cost(0, l("nitocris")),
        1,
        "Age-variable: 1 in Age I"
    );
    g.age = 3;
    assert_eq!(g.leader_cost(0, l("nitocris")), 3);
    g.cities[0].leader_seat.face_up.insert(l("maecenas"));
    g.cities[0].refresh_leader_powers();
    assert_eq!(g.leader_cost(0, l("caesar")), 0, "Maecenas face up");
    assert_eq!(g.leader_cost(1, l("caesar")), 5, "only for its owner");
}

#[test]
fn random_games_with_leaders_keep_every_leader_and_score_the_leaders_line() {
    for seed in 0..150u64 {
        let players = 3 + (seed % 5) as usize;
        let cities = seed % 2 == 1;
        let mut g = leaders_game(players, cities, seed);
        let decks = g.leaders.as_ref().unwrap().decks.clone();
        let all = LEADERS.iter().filter(|x| decks.contains(&x.deck)).count();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut legal = Vec::new();
        let mut recruited_in_age = [0usize; 3];
        while !g.is_over() {
            g.legal(&mut legal);
            assert!(!legal.is_empty());
            let a = legal[rng.random_range(0..legal.len())];
            if g.recruiting && g.step == Step::Turn {
                recruited_in_age[g.age as usize - 1] += 1;
            }
            if seed % 10 == 0 && rng.random_range(0..20) == 0 {
                check_determinization(&g, &mut rng);
            }
            g.play(a).unwrap();
            // Sold leaders and leaders under a board leave the game (counted once resolved).
            let sold = g
                .history()
                .iter()
                .filter(|p| {
                    matches!(
                        p.action,
                        Action::SellLeader { .. } | Action::WonderLeader { .. }
                    )
                })
                .count();
            // Every leader is in a hand, face up, under a board, sold or in the box.
            let held: usize = g
                .cities
                .iter()
                .map(|c| {
                    c.leader_seat.hand.len()
                        + c.leader_seat.face_up.len()
                        + c.leader_seat.buried.len()
                })
                .sum();
            let table = g.leaders.as_ref().unwrap();
            let in_draft: usize = if table.draft.is_over() {
                0
            } else {
                (0..players)
                    .map(|s| table.draft.hand(s).len() + table.draft.picks(s).len())
                    .sum()
            };
            assert_eq!(
                held + in_draft + sold + table.boxed.order().len(),
                all,
                "seed {seed} after {a:?}: {:?} age {} held {held} draft {in_draft} sold {sold} box {}",
                g.step,
                g.age,
                table.boxed.order().len()
            );
        }
        // One recruitment action per seat and Age: 4 leaders, 3 Ages, the last one returned.
        assert_eq!(recruited_in_age, [players; 3], "seed {seed}");
        // Age III sent every hand back to the box, but Roma night's owner's.
        assert!(g
            .cities
            .iter()
            .all(|c| c.leader_seat.hand.is_empty()
                || (c.wonder == Wonder::ROMA && c.side.index() == 1)));
        for s in 0..players {
            let score = g.score(s);
            let lines = score.lines(g.score_lines());
            assert_eq!(lines.iter().map(|(_, v)| v).sum::<i32>(), score.total);
            assert!(lines.iter().any(|(k, _)| *k == "leaders"));
            assert_eq!(lines.iter().any(|(k, _)| *k == "cities"), cities);
        }
        // Records and logs of such games: `record.rs`'s tests.
    }
}

/// A Leaders game (with Cities when `cities`) at the first ordinary turn of Age I, seat 0
/// holding `leaders` face up.
pub(crate) fn at_age_one(cities: bool, leaders: &[&str]) -> ClassicGame {
    let mut config = ClassicConfig::new(3, Edition::V2);
    config.expansions = ExpansionSet::NONE
        .with(Expansion::LEADERS)
        .with_if(Expansion::CITIES, cities);
    config.wonders = vec![
        Some(Wonder::GIZAH),
        Some(Wonder::BABYLON),
        Some(Wonder::EPHESOS),
    ];
    config.sides = SidePolicy::Day;
    let mut g = ClassicGame::new(&config, 9).unwrap();
    let mut rng = GameRng::seed_from_u64(9);
    play_until(&mut g, &mut rng, |g| {
        g.age == 1 && g.step == Step::Turn && !g.recruiting
    });
    let city = &mut g.cities[0];
    city.leader_seat.face_up = leaders.iter().map(|&x| l(x)).collect();
    city.refresh_leader_powers();
    city.coins = 30;
    g.begin_turn(g.all_seats(), true);
    g
}

/// Puts `key` in seat 0's hand and plays one turn: seat 0 takes `action(card)`, the others
/// sell their first card.
pub(crate) fn seat0_turn(g: &mut ClassicGame, key: &str, action: impl Fn(CardId) -> Action) {
    let card = g.cat.find(key).unwrap();
    let u = g.hand_uids(0).trailing_zeros() as usize;
    g.deals[0].cards[u] = card;
    for s in 0..g.n {
        let a = if s == 0 {
            action(card)
        } else {
            Action::Sell { card: g.hand(s)[0] }
        };
        g.play(a).unwrap_or_else(|e| panic!("{key}: {e}"));
    }
}

fn build(card: CardId) -> Action {
    Action::Build {
        card,
        pay_left: 0,
        pay_right: 0,
    }
}

#[test]
fn leaders_pay_for_later_builds_and_neighbours_paid() {
    // Xenophon: 2 coins per yellow building (Tavern: 5 more).
    let mut g = at_age_one(false, &["xenophon"]);
    seat0_turn(&mut g, "tavern", build);
    assert_eq!(g.cities[0].coins, 30 + 5 + 2);
    // Berenice: one more coin once the bank pays in a turn; none for a free blue card.
    let mut g = at_age_one(false, &["berenice"]);
    seat0_turn(&mut g, "tavern", build);
    assert_eq!(g.cities[0].coins, 30 + 5 + 1);
    let mut g = at_age_one(false, &["berenice"]);
    seat0_turn(&mut g, "altar", build);
    assert_eq!(g.cities[0].coins, 30);
    // Hatshepsut: a coin per neighbour paid.
    let mut g = at_age_one(false, &["hatshepsut"]);
    g.cities[0].own = crate::payment::Supply::default();
    g.cities[1]
        .sells
        .add_fixed(crate::data::Resource::Stone as usize, 1);
    g.begin_turn(g.all_seats(), true);
    let card = g.cat.find("baths").unwrap();
    let mut legal = Vec::new();
    let u = g.hand_uids(0).trailing_zeros() as usize;
    g.deals[0].cards[u] = card;
    g.legal(&mut legal);
    let paid = legal
        .iter()
        .find(|a| matches!(a, Action::Build { card: c, pay_left, pay_right } if *c == card && pay_left + pay_right > 0));
    if let Some(&Action::Build {
        pay_left,
        pay_right,
        ..
    }) = paid
    {
        seat0_turn(&mut g, "baths", |card| Action::Build {
            card,
            pay_left,
            pay_right,
        });
        let sides = u32::from(pay_left > 0) + u32::from(pay_right > 0);
        assert_eq!(
            g.cities[0].coins,
            30 - u32::from(pay_left + pay_right) + sides
        );
    } else {
        panic!("the neighbours of this deal sell no stone");
    }
}

#[test]
fn discounts_ramses_and_caligula_change_what_a_build_costs() {
    // Hammurabi: one resource of a blue card is not paid (Baths: one stone).
    let mut g = at_age_one(false, &["hammurabi"]);
    g.cities[0].own = crate::payment::Supply::default();
    g.begin_turn(g.all_seats(), true);
    let baths = g.cat.find("baths").unwrap();
    assert!(matches!(
        g.build_terms(0, baths),
        Some(Terms::Pay { quote, .. }) if quote.total == 0
    ));
    // Ramses: purple cards free, labelled "leader".
    let g = at_age_one(false, &["ramses"]);
    let guild = g.cat.find("builders_guild").unwrap();
    assert_eq!(g.build_terms(0, guild), Some(Terms::Free(Free::Leader)));
    // Caligula: a black card with a printed cost may be built free once per Age.
    let mut g = at_age_one(true, &["caligula"]);
    let gates = g.cat.find("city_gates").unwrap();
    assert!(g.free_build_allowed(0, gates));
    seat0_turn(&mut g, "city_gates", |card| Action::BuildFree { card });
    assert_eq!(
        g.history().iter().rev().find(|p| p.seat == 0).unwrap().free,
        Free::Leader
    );
    let militia = g.cat.find("militia").unwrap();
    assert!(!g.free_build_allowed(0, militia), "once per Age");
}

#[test]
fn tomyris_nero_and_recruited_tokens() {
    // End of Age I: seat 0 (Tomyris, 0 shields) loses to both neighbours: its two defeat
    // tokens go to them. Seat 1 holds Nero: 2 coins for its victory token.
    let mut g = at_age_one(false, &["tomyris"]);
    g.cities[1].leader_seat.face_up.insert(l("nero"));
    g.cities[1].refresh_leader_powers();
    g.cities[1].shields = 2;
    g.cities[2].shields = 1;
    let coins = g.cities[1].coins;
    g.end_age(&mut Unheard);
    assert_eq!((g.cities[0].defeats, g.cities[0].military), (0, 0));
    // Seat 1 beat seat 0 (+1, and Tomyris's −1) and seat 2 (+1): 1 + 1 − 1.
    assert_eq!(g.cities[1].military, 1);
    assert_eq!(g.cities[1].coins, coins + 2 * 2);
    // Nitocris gives a victory token of the Age; Telesilla discards the owner's defeats.
    let mut city = g.cities[2].clone();
    let (military, defeats) = (city.military, city.defeats);
    l("nitocris").leader().effects[0].on_recruit(&mut city, 2);
    assert_eq!(city.victories[3], 1);
    assert_eq!(city.military, military + 3);
    l("telesilla").leader().effects[0].on_recruit(&mut city, 2);
    assert_eq!(city.defeats, 0);
    assert_eq!(city.military, military + 3 + i32::from(defeats));
}

/// Plays the recruitment turn of the current Age: seat 0 takes `action`, the others sell a
/// leader (or, without one, are not asked).
fn recruitment_turn(g: &mut ClassicGame, action: Action) {
    assert!(g.recruiting && g.step == Step::Turn);
    for s in 0..g.n {
        if g.movers >> s & 1 == 0 {
            continue;
        }
        let a = if s == 0 {
            action
        } else {
            Action::SellLeader {
                leader: g.cities[s].leader_seat.hand.iter().next().unwrap(),
            }
        };
        g.play(a).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A 3-seat Leaders game at Age I's recruitment turn, seat 0 on `board` (day or night side)
/// holding `hand` (the other seats keep what they drafted).
fn at_recruitment(board: Wonder, night: bool, hand: &[&str]) -> ClassicGame {
    let mut config = ClassicConfig::new(3, Edition::V2);
    config.expansions = ExpansionSet::NONE.with(Expansion::LEADERS);
    config.wonders = vec![Some(board), Some(Wonder::BABYLON), Some(Wonder::EPHESOS)];
    config.sides = if night {
        SidePolicy::Night
    } else {
        SidePolicy::Day
    };
    let mut g = ClassicGame::new(&config, 4).unwrap();
    let mut rng = GameRng::seed_from_u64(4);
    play_until(&mut g, &mut rng, |g| g.recruiting);
    g.cities[0].leader_seat.hand = hand.iter().map(|&x| l(x)).collect();
    g.cities[0].coins = 30;
    for r in 0..crate::data::RESOURCES {
        g.cities[0].own.add_fixed(r, 3);
    }
    g.begin_turn(g.movers, true);
    g
}

#[test]
fn telesilla_makes_every_other_seat_holding_a_victory_token_discard_one() {
    let mut g = at_recruitment(Wonder::GIZAH, false, &["telesilla", "caesar"]);
    g.cities[1].victories[3] = 1;
    g.cities[1].military = 3;
    g.cities[2].victories = [0, 2, 0, 0, 0, 1];
    g.cities[2].military = 7;
    recruitment_turn(
        &mut g,
        Action::Recruit {
            leader: l("telesilla"),
        },
    );
    assert_eq!(g.step, Step::DiscardVictory(1));
    let mut legal = Vec::new();
    g.legal(&mut legal);
    assert_eq!(legal, [Action::DiscardVictoryToken { value: 3 }]);
    g.play(legal[0]).unwrap();
    assert_eq!((g.cities[1].victories[3], g.cities[1].military), (0, 0));
    assert_eq!(g.step, Step::DiscardVictory(2));
    g.legal(&mut legal);
    assert_eq!(
        legal,
        [
            Action::DiscardVictoryToken { value: 1 },
            Action::DiscardVictoryToken { value: 5 }
        ]
    );
    g.play(Action::DiscardVictoryToken { value: 5 }).unwrap();
    assert_eq!(g.cities[2].military, 2);
    assert!(
        !g.recruiting && g.step == Step::Turn,
        "then Age I's first turn"
    );
}

#[test]
fn abu_simbel_buries_a_leader_for_twice_its_cost() {
    let mut g = at_recruitment(Wonder::ABU_SIMBEL, true, &["caesar", "sappho"]);
    g.cities[0].leader_seat.face_up.insert(l("hannibal"));
    g.cities[0].shields = 1;
    g.cities[0].refresh_leader_powers();
    // Night side: its first stage buries a leader.
    recruitment_turn(
        &mut g,
        Action::WonderLeader {
            leader: l("sappho"),
            pay_left: 0,
            pay_right: 0,
        },
    );
    assert_eq!(g.step, Step::BuryLeader(0));
    let wonders_before = g.score(0).get(ScoreLine::WONDERS);
    g.play(Action::BuryLeader {
        leader: l("hannibal"),
    })
    .unwrap();
    let city = &g.cities[0];
    assert!(
        city.leader_seat.buried.contains(l("hannibal"))
            && !city.leader_seat.face_up.contains(l("hannibal"))
    );
    assert_eq!(city.shields, 0, "its shields go with it");
    assert_eq!(g.score(0).get(ScoreLine::WONDERS), wonders_before + 4);
}

#[test]
fn roma_night_draws_leaders_and_recruits_one_more() {
    let mut g = at_recruitment(Wonder::ROMA, true, &["sappho"]);
    let boxed = g.leaders.as_ref().unwrap().boxed.order().to_vec();
    recruitment_turn(
        &mut g,
        Action::WonderLeader {
            leader: l("sappho"),
            pay_left: 0,
            pay_right: 0,
        },
    );
    // Stage 1: 5 coins and the first 4 leaders of the box into the hand.
    let hand: Vec<LeaderId> = g.cities[0].leader_seat.hand.iter().collect();
    let mut drawn = boxed[..4].to_vec();
    drawn.sort();
    assert_eq!(hand, drawn);
    assert_eq!(g.leaders.as_ref().unwrap().boxed.order(), &boxed[4..]);
    // Roma night's owner pays 2 less; its neighbours 1 less.
    let leader = drawn[0];
    let printed = leader.leader().cost.in_age(1);
    assert_eq!(g.leader_cost(0, leader), printed.saturating_sub(2));
    assert_eq!(g.leader_cost(1, leader), printed.saturating_sub(1));
    // Stage 2 (in a later turn) asks for one more recruitment at once.
    g.leader_stages_built(&[(0, &g.cat.side(Wonder::ROMA, 1).stages[1].powers[..])]);
    g.next.clear();
    g.push_end_of_turn_steps(0);
    g.next.push(Next::Turn);
    g.advance(&mut Unheard);
    assert_eq!(g.step, Step::RecruitExtra(0));
    let coins = g.cities[0].coins;
    g.play(Action::RecruitExtra { leader }).unwrap();
    assert!(g.cities[0].leader_seat.face_up.contains(leader));
    assert_eq!(
        g.cities[0].coins,
        coins - u32::from(printed.saturating_sub(2))
    );
}

#[test]
fn berenice_pays_for_a_leader_recruited_through_roma_night_that_gives_coins() {
    // Issue 28: Croesus recruited by Roma night's extra recruitment gives 6 coins from the
    // bank, and Berenice (face up) one more: the turn's first bank gain.
    let mut g = at_recruitment(Wonder::ROMA, true, &["sappho", "croesus"]);
    g.cities[0].leader_seat.face_up.insert(l("berenice"));
    g.cities[0].refresh_leader_powers();
    recruitment_turn(
        &mut g,
        Action::WonderLeader {
            leader: l("sappho"),
            pay_left: 0,
            pay_right: 0,
        },
    );
    // A later turn (nothing paid by the bank yet) builds stage 2.
    g.leaders.as_mut().unwrap().berenice_paid = 0;
    g.leader_stages_built(&[(0, &g.cat.side(Wonder::ROMA, 1).stages[1].powers[..])]);
    g.next.clear();
    g.push_end_of_turn_steps(0);
    g.next.push(Next::Turn);
    g.advance(&mut Unheard);
    assert_eq!(g.step, Step::RecruitExtra(0));
    let coins = g.cities[0].coins;
    let cost = u32::from(g.leader_cost(0, l("croesus")));
    g.play(Action::RecruitExtra {
        leader: l("croesus"),
    })
    .unwrap();
    assert_eq!(g.cities[0].coins, coins - cost + 6 + 1);
    // Once per turn: a second gain in the same turn gets no second coin.
    assert_eq!(g.leaders.as_ref().unwrap().berenice_paid & 1, 1);
}

#[test]
fn halikarnassos_built_in_a_recruitment_turn_builds_from_the_discard_pile() {
    // Issue 28 (seed 37 of the command line): a stage built with a leader under the board
    // during the recruitment turn builds from the pile at the end of that turn, before Solomon.
    let mut g = at_recruitment(Wonder::HALIKARNASSOS, true, &["phidias", "caesar"]);
    let u = g.hand_uids(1).trailing_zeros() as usize;
    g.deals[0].removed |= 1 << u;
    g.discard[0] |= 1 << u;
    let card = g.deals[0].cards[u];
    recruitment_turn(
        &mut g,
        Action::WonderLeader {
            leader: l("phidias"),
            pay_left: 0,
            pay_right: 0,
        },
    );
    assert_eq!(g.step, Step::BuildDiscarded(0));
    g.play(Action::BuildDiscarded { card }).unwrap();
    assert!(g.cities[0].built.contains(card.0));
    assert!(!g.recruiting && g.step == Step::Turn);
}

#[test]
fn solomon_builds_from_the_discard_pile_after_his_recruitment() {
    let mut g = at_recruitment(Wonder::GIZAH, false, &["solomon"]);
    // Put a card in the discard pile.
    let u = g.hand_uids(0).trailing_zeros() as usize;
    g.deals[0].removed |= 1 << u;
    g.discard[0] |= 1 << u;
    let card = g.deals[0].cards[u];
    recruitment_turn(
        &mut g,
        Action::Recruit {
            leader: l("solomon"),
        },
    );
    assert_eq!(g.step, Step::BuildDiscarded(0));
    g.play(Action::BuildDiscarded { card }).unwrap();
    assert!(g.cities[0].built.contains(card.0));
}

#[test]
fn bilkis_buys_one_unit_from_the_bank_when_it_is_among_the_cheapest() {
    use crate::data::Resource;
    let mut g = at_age_one(false, &["bilkis"]);
    g.cities[0].own = crate::payment::Supply::default();
    for s in 1..3 {
        g.cities[s].sells = crate::payment::Supply::default();
    }
    g.cities[1].sells.add_fixed(Resource::Stone as usize, 1);
    g.begin_turn(g.all_seats(), true);
    let baths = g.cat.find("baths").unwrap();
    let u = g.hand_uids(0).trailing_zeros() as usize;
    g.deals[0].cards[u] = baths;
    let mut legal = Vec::new();
    g.legal(&mut legal);
    let builds: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Build { card, .. } if *card == baths))
        .collect();
    // Stone from the bank for 1 coin beats the neighbour's 2: only that way is legal.
    assert_eq!(builds, [build(baths)]);
    assert_eq!(g.terms(build(baths)), Ok((Free::No, 1)));
    // At the neighbour's price of 1 (a trading post), both ways tie and both are legal.
    g.cities[0].prices = [[1; 7]; 2];
    g.begin_turn(g.all_seats(), true);
    g.legal(&mut legal);
    let mut builds: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Build { card, .. } if *card == baths))
        .collect();
    builds.sort();
    let pay_left = Action::Build {
        card: baths,
        pay_left: 1,
        pay_right: 0,
    };
    let mut want = vec![build(baths), pay_left];
    want.sort();
    assert_eq!(builds, want);
    assert_eq!(g.terms(pay_left), Ok((Free::No, 0)));
    assert_eq!(g.terms(build(baths)), Ok((Free::No, 1)));
    // The turn pays the bank's unit with the card.
    let coins = g.cities[0].coins;
    seat0_turn(&mut g, "baths", build);
    assert_eq!(g.cities[0].coins, coins - 1);
    let played = g.history().iter().rev().find(|p| p.seat == 0).unwrap();
    assert_eq!(played.pay_bank, 1);
}

/// A determinization for the seat to move keeps what it sees (its view and its options), and
/// plays to the end.
fn check_determinization(g: &ClassicGame, rng: &mut GameRng) {
    let me = g.current_seat();
    let mut d = g.determinized(me, rng);
    assert_eq!(d.seat_view(me), g.seat_view(me), "at {:?}", g.step);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    g.legal(&mut a);
    d.legal(&mut b);
    assert_eq!(a, b, "the observer's options changed at {:?}", g.step);
    play_until(&mut d, rng, |_| false);
    assert!(d.is_over());
}

#[test]
fn determinizations_redeal_what_the_seat_has_not_seen_of_the_leaders() {
    let mut g = leaders_game(4, false, 12);
    let mut rng = GameRng::seed_from_u64(12);
    // In the draft: the other seats' hands are dealt anew, the observer's kept.
    let mut other_hands_changed = 0;
    for _ in 0..40 {
        let d = g.determinized(0, &mut rng);
        let (real, det) = (
            &g.leaders.as_ref().unwrap().draft,
            &d.leaders.as_ref().unwrap().draft,
        );
        assert_eq!(det.hand(0), real.hand(0));
        other_hands_changed += usize::from(det.hand(2) != real.hand(2));
    }
    assert!(other_hands_changed > 20, "{other_hands_changed} of 40");
    // After the draft: the other leader hands, sizes kept.
    play_until(&mut g, &mut rng, |g| g.recruiting);
    let mut changed = 0;
    for _ in 0..40 {
        let d = g.determinized(0, &mut rng);
        assert_eq!(d.cities[0].leader_seat.hand, g.cities[0].leader_seat.hand);
        for s in 1..4 {
            assert_eq!(
                d.cities[s].leader_seat.hand.len(),
                g.cities[s].leader_seat.hand.len()
            );
        }
        changed += usize::from(d.cities[1].leader_seat.hand != g.cities[1].leader_seat.hand);
        // A leader seat 0 passed in the draft is in another hand, never in the box.
        let seen = g.leaders.as_ref().unwrap().draft.seen(0);
        let boxed = d.leaders.as_ref().unwrap().boxed.order();
        for h in seen {
            assert!(
                h.iter().all(|l| !boxed.contains(&l)),
                "a seen leader in the box"
            );
        }
    }
    assert!(changed > 20, "{changed} of 40");
}
