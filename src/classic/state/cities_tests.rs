//! Cities' rules in the engine, on hand-built positions: payments with rebates and the
//! never-for-sale units, Architect Firm, coin losses and debts, Raider cards, Memorial,
//! science copies, Petra's stages.

use super::*;
use crate::data::{Resource, RESOURCES};

fn cities_game(players: usize, seed: u64) -> ClassicGame {
    let mut config = ClassicConfig::new(players, Edition::V2);
    config.expansions = ExpansionSet::NONE.with(Expansion::CITIES);
    ClassicGame::new(&config, seed).unwrap()
}

/// A 3-seat Cities game with seat 0 on Petra, on `sides`.
fn petra(sides: SidePolicy) -> ClassicGame {
    let mut config = ClassicConfig::new(3, Edition::V2);
    config.expansions = ExpansionSet::NONE.with(Expansion::CITIES);
    config.wonders = vec![Some(Wonder::PETRA)];
    config.sides = sides;
    ClassicGame::new(&config, 1).unwrap()
}

fn id(g: &ClassicGame, key: &str) -> CardId {
    g.cat.find(key).unwrap_or_else(|| panic!("no card {key}"))
}

/// Puts `card` in `seat`'s hand now (in place of its first card).
fn give(g: &mut ClassicGame, seat: usize, card: CardId) {
    let u = g.hand_uids(seat).trailing_zeros() as usize;
    g.deals[g.age as usize - 1].cards[u] = card;
}

/// Gives a city a building without playing it (its lasting effects, no coins).
fn build(g: &mut ClassicGame, seat: usize, key: &str) {
    let c = id(g, key);
    g.cities[seat].add_building(g.cat.card(c));
}

/// Plays one turn: `seat` plays `action`, everyone else sells its first card.
fn turn(g: &mut ClassicGame, seat: usize, action: Action) {
    for s in 0..g.n {
        let a = if s == seat {
            action
        } else {
            Action::Sell { card: g.hand(s)[0] }
        };
        g.play(a).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The resources of `wonder`'s board, to pick a neighbour that sells what a test needs.
fn board_resource(g: &ClassicGame, seat: usize) -> Resource {
    let c = &g.cities[seat];
    g.cat.side(c.wonder, c.side.index()).resource.unwrap()
}

#[test]
fn clandestine_wharf_and_smugglers_cache_take_coins_off_a_side_never_below_zero() {
    let mut g = cities_game(3, 4);
    let (left, right) = (g.left_of(0), g.right_of(0));
    // Seat 0 makes nothing; the left neighbour sells only its board's resource, the right
    // one nothing.
    let r = board_resource(&g, left);
    g.cities[0].own = Supply::default();
    g.cities[left].sells = Supply::default();
    g.cities[left].sells.add_fixed(r as usize, 1);
    g.cities[right].sells = Supply::default();
    g.begin_turn(g.all_seats(), true);
    let mut cost = [0u8; RESOURCES];
    cost[r as usize] = 1;
    // Buying it is 2 coins…
    assert_eq!(g.cities_quote(0, &cost, false).unwrap().total, 2);
    // …1 with the West Clandestine Wharf (left = west)…
    build(&mut g, 0, "west_clandestine_wharf");
    assert_eq!(g.cities_quote(0, &cost, false).unwrap().total, 1);
    // …and 0, not −1, with Smuggler's Cache as well (it is the neighbour's starting resource).
    build(&mut g, 0, "smugglers_cache");
    assert_eq!(g.cities_quote(0, &cost, false).unwrap().total, 0);
}

#[test]
fn secret_warehouse_and_black_market_add_a_unit_never_for_sale() {
    let mut g = cities_game(3, 7);
    g.cities[0].own = Supply::default();
    g.cities[0].sells = Supply::default();
    g.cities[0].own.add_fixed(Resource::Wood as usize, 1);
    g.cities[0].sells.add_fixed(Resource::Wood as usize, 1);
    // Nobody sells anything: only the city's own units count.
    for s in 1..3 {
        g.cities[s].sells = Supply::default();
    }
    g.begin_turn(g.all_seats(), true);
    let mut two_wood = [0u8; RESOURCES];
    two_wood[Resource::Wood as usize] = 2;
    let mut wood_and_glass = [0u8; RESOURCES];
    wood_and_glass[Resource::Wood as usize] = 1;
    wood_and_glass[Resource::Glass as usize] = 1;
    assert_eq!(g.cities_quote(0, &two_wood, false), None);
    build(&mut g, 0, "secret_warehouse");
    assert_eq!(
        g.cities_quote(0, &two_wood, false).map(|q| q.total),
        Some(0)
    );
    // The warehouse makes only a type the city makes: no glass.
    assert_eq!(g.cities_quote(0, &wood_and_glass, false), None);
    build(&mut g, 0, "black_market");
    assert_eq!(
        g.cities_quote(0, &wood_and_glass, false).map(|q| q.total),
        Some(0)
    );
    // Neither is for sale to the neighbours.
    assert_eq!(g.cities[0].sells.choices().len(), 0);
}

#[test]
fn a_coin_loss_is_split_by_each_other_seat_in_seat_order() {
    let mut g = cities_game(3, 2);
    let hideout = id(&g, "hideout");
    give(&mut g, 1, hideout);
    g.cities[0].coins = 0;
    turn(
        &mut g,
        1,
        Action::Build {
            card: hideout,
            pay_left: 0,
            pay_right: 0,
        },
    );
    // Seat 0 (no coins: sale coins of this turn included, it holds 3) then seat 2.
    assert_eq!(g.current_seat(), 0);
    let mut legal = Vec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal,
        [
            Action::CoinLoss { coins: 0, debt: 1 },
            Action::CoinLoss { coins: 1, debt: 0 }
        ]
    );
    g.play(Action::CoinLoss { coins: 0, debt: 1 }).unwrap();
    assert_eq!(g.current_seat(), 2);
    let coins = g.cities[2].coins;
    g.play(Action::CoinLoss { coins: 1, debt: 0 }).unwrap();
    assert_eq!(g.cities[2].coins, coins - 1);
    assert_eq!(
        (g.cities[0].cities_seat.debt, g.cities[2].cities_seat.debt),
        (1, 0)
    );
    assert_eq!(g.step, Step::Turn);
    assert_eq!(g.score(0).get(crate::cities::DEBT_LINE), -1);
    // A split that does not add up, or pays coins not held, is refused.
    let opium = id(&g, "opium_stash");
    give(&mut g, 1, opium);
    turn(
        &mut g,
        1,
        Action::Build {
            card: opium,
            pay_left: 0,
            pay_right: 0,
        },
    );
    assert!(g.play(Action::CoinLoss { coins: 0, debt: 2 }).is_err());
    g.cities[0].coins = 0;
    assert!(g.play(Action::CoinLoss { coins: 1, debt: 0 }).is_err());
    assert!(g.play(Action::CoinLoss { coins: 0, debt: 1 }).is_ok());
}

#[test]
fn raider_cards_give_a_victory_token_and_a_debt_to_each_neighbour() {
    let mut g = cities_game(4, 5);
    let raider = id(&g, "raider_camp");
    give(&mut g, 0, raider);
    turn(
        &mut g,
        0,
        Action::Build {
            card: raider,
            pay_left: 0,
            pay_right: 0,
        },
    );
    assert_eq!(g.cities[0].victories[1], 1);
    assert_eq!(g.cities[0].military, 1);
    let debts: Vec<u8> = g.cities.iter().map(|c| c.cities_seat.debt).collect();
    assert_eq!(debts, [0, 1, 0, 1], "seats 1 and 3 sit next to seat 0");
    assert_eq!(g.step, Step::Turn, "no choice: no coin-loss step");
}

#[test]
fn memorial_pays_for_defeat_tokens_then_discards_them() {
    let mut g = cities_game(3, 8);
    g.cities[0].defeats = 3;
    g.cities[0].military = -3 + 1;
    g.cities[0].coins = 20;
    let memorial = id(&g, "memorial");
    give(&mut g, 0, memorial);
    // Free of resources for the test: the seat makes what it needs.
    for r in [Resource::Wood, Resource::Stone, Resource::Textile] {
        g.cities[0].own.add_fixed(r as usize, 1);
    }
    g.begin_turn(g.all_seats(), true);
    turn(
        &mut g,
        0,
        Action::Build {
            card: memorial,
            pay_left: 0,
            pay_right: 0,
        },
    );
    assert_eq!(g.cities[0].coins, 20 + 2 * 3);
    assert_eq!(g.cities[0].defeats, 0);
    assert_eq!(
        g.cities[0].military, 1,
        "the −1 tokens are gone, the victory stays"
    );
}

#[test]
fn science_copies_take_the_best_family_a_neighbour_shows() {
    let mut g = cities_game(3, 3);
    let (l, r) = (g.left_of(0), g.right_of(0));
    g.cities[0].science = [2, 2, 1];
    g.cities[l].science = [0, 0, 0];
    g.cities[r].science = [1, 0, 0];
    g.cities[0].cities_seat.science_copies = 1;
    // Only the compass is shown next door: 3² + 2² + 1² + 7 = 21 (a gear would give 25).
    assert_eq!(g.score(0).get(ScoreLine::SCIENCE), 21);
    g.cities[l].science = [0, 0, 4];
    assert_eq!(g.score(0).get(ScoreLine::SCIENCE), 4 + 4 + 4 + 14);
    // With no green card next door, a copy gives nothing.
    g.cities[l].science = [0; 3];
    g.cities[r].science = [0; 3];
    assert_eq!(g.score(0).get(ScoreLine::SCIENCE), 4 + 4 + 1 + 7);
    // Two copies, one gear card next door: a card is copied once, so one gear and nothing
    // more (2² + 2² + 2² + 2 × 7 = 26, where two gears would give 4 + 4 + 9 + 7 = 24… and a
    // compass from the other side 3² + 2² + 2² + 14 = 31).
    g.cities[0].cities_seat.science_copies = 2;
    g.cities[l].science = [0, 0, 1];
    assert_eq!(g.score(0).get(ScoreLine::SCIENCE), 26);
    g.cities[r].science = [1, 0, 0];
    assert_eq!(g.score(0).get(ScoreLine::SCIENCE), 31);
}

#[test]
fn architect_firm_leaves_a_stage_its_coins_only() {
    let mut g = petra(SidePolicy::Day);
    g.cities[0].own = Supply::default();
    for s in 1..3 {
        g.cities[s].sells = Supply::default();
    }
    g.cities[0].coins = 6;
    g.begin_turn(g.all_seats(), true);
    assert_eq!(g.stage_quote(0), None, "stage 1 needs wood and stone");
    build(&mut g, 0, "architect_firm");
    assert!(g.stage_quote(0).is_some());
    // Petra day's second stage costs 5 coins, paid to the bank.
    g.cities[0].stages = 1;
    let card = g.hand(0)[0];
    let coins = g.cities[0].coins;
    turn(
        &mut g,
        0,
        Action::Wonder {
            card,
            pay_left: 0,
            pay_right: 0,
        },
    );
    assert_eq!(g.cities[0].coins, coins - 5);
    assert_eq!(
        g.history().iter().find(|p| p.seat == 0).unwrap().pay_bank,
        5
    );
}

#[test]
fn petra_night_first_stage_makes_every_other_seat_lose_two_coins() {
    let mut g = petra(SidePolicy::Night);
    for r in [Resource::Clay, Resource::Ore] {
        g.cities[0].own.add_fixed(r as usize, 2);
    }
    g.begin_turn(g.all_seats(), true);
    let card = g.hand(0)[0];
    turn(
        &mut g,
        0,
        Action::Wonder {
            card,
            pay_left: 0,
            pay_right: 0,
        },
    );
    let mut legal = Vec::new();
    g.legal(&mut legal);
    assert_eq!(g.current_seat(), 1);
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::CoinLoss { coins, debt } if coins + debt == 2)));
}

/// What one black card does, built by seat 0 of a 4-seat table (seats 1 and 3 its neighbours,
/// seat 2 across).
#[derive(Debug, Default, PartialEq)]
struct Done {
    /// Coins seat 0 gains beyond paying the card.
    coins: i32,
    /// Coins each neighbour and the seat across gain (after a sale and any loss paid in coins).
    neighbours: i32,
    across: i32,
    /// Debt tokens each neighbour takes.
    neighbour_debt: u8,
    shields: u8,
    diplomacy: u8,
    /// The victory token taken at once (Raider cards).
    token: u8,
    /// Seat 0's `cities` line at the end.
    cities: i32,
    copies: u8,
}

/// The expected [`Done`] of every black card, and anything else it must have changed.
fn expected(key: &str) -> (Done, &'static str) {
    let d = |coins, neighbours, across, cities| Done {
        coins,
        neighbours,
        across,
        cities,
        ..Done::default()
    };
    match key {
        "cells" => (d(0, 0, 0, 2), ""),
        "city_gates" => (d(0, 0, 0, 4), ""),
        "customs" => (d(0, 1, 1, 4), ""),
        "dive" => (d(6, 1, 0, 0), ""),
        "east_clandestine_wharf" => (d(0, 0, 0, 0), "wharf right"),
        "hideout" => (d(0, -1, -1, 2), ""),
        "militia" => (
            Done {
                shields: 2,
                ..d(0, 0, 0, 0)
            },
            "",
        ),
        "opium_stash" => (d(3, -1, -1, 0), ""),
        "pigeonhole" | "band_of_spies" | "torture_chamber" => (
            Done {
                copies: 1,
                ..d(0, 0, 0, 0)
            },
            "",
        ),
        "raider_camp" => (
            Done {
                token: 1,
                neighbour_debt: 1,
                ..d(0, 0, 0, 0)
            },
            "",
        ),
        "residence" => (
            Done {
                diplomacy: 1,
                ..d(0, 0, 0, 1)
            },
            "",
        ),
        "secret_warehouse" => (d(0, 0, 0, 0), "warehouse"),
        "smugglers_cache" => (d(0, 0, 0, 0), "cache"),
        "west_clandestine_wharf" => (d(0, 0, 0, 0), "wharf left"),
        "architect_firm" => (d(0, 0, 0, 2), "firm"),
        "black_market" => (d(0, 0, 0, 0), "market"),
        "consulate" => (
            Done {
                diplomacy: 1,
                ..d(0, 0, 0, 2)
            },
            "",
        ),
        "forging_agency" => (d(0, 0, 0, 0), "forging"),
        "gambling_den" => (d(9, 2, 0, 0), ""),
        "guardhouse" => (d(0, 0, 0, 3), ""),
        "lair" => (d(0, -2, -2, 3), ""),
        "mercenaries" => (
            Done {
                shields: 3,
                ..d(0, 0, 0, 0)
            },
            "",
        ),
        "opium_den" => (d(4, -3, -3, 0), ""),
        "raider_fort" => (
            Done {
                token: 3,
                neighbour_debt: 1,
                ..d(0, 0, 0, 0)
            },
            "",
        ),
        // Every other seat holds 2 victory tokens and 3 stages.
        "sepulcher" => (d(0, -2, -2, 4), ""),
        "tabularium" => (d(0, 0, 0, 6), ""),
        "trade_center" => (d(0, 2, 2, 6), ""),
        "brotherhood" => (d(0, -3, -3, 4), ""),
        "capitol" => (d(0, 0, 0, 8), ""),
        "cenotaph" => (d(0, -2, -2, 5), ""),
        "chamber_of_builders" => (d(0, -3, -3, 4), ""),
        "contingent" => (
            Done {
                shields: 5,
                ..d(0, 0, 0, 0)
            },
            "",
        ),
        "embassy" => (
            Done {
                diplomacy: 1,
                ..d(0, 0, 0, 3)
            },
            "",
        ),
        // Seat 0 holds 2 defeat tokens.
        "memorial" => (d(4, 0, 0, 0), "memorial"),
        "mint" => (d(0, 3, 3, 8), ""),
        "opium_distillery" => (d(5, -5, -5, 0), ""),
        // Seat 0 holds one victory token of each value (1, 3, 5).
        "prison" => (d(0, 0, 0, 4), ""),
        "raider_garrison" => (
            Done {
                token: 5,
                neighbour_debt: 1,
                ..d(0, 0, 0, 0)
            },
            "",
        ),
        "secret_network" => (d(1, 0, 0, 1), ""),
        "slave_market" => (d(3, 0, 0, 3), ""),
        other => panic!("no hand-built case for the black card {other}"),
    }
}

#[test]
fn every_black_card_does_what_its_card_says() {
    for b in crate::cities_data::BLACK_CARDS {
        let mut config = ClassicConfig::new(4, Edition::V2);
        config.expansions = ExpansionSet::NONE.with(Expansion::CITIES);
        config.sides = SidePolicy::Day;
        config.wonders = [
            Wonder::GIZAH,
            Wonder::BABYLON,
            Wonder::EPHESOS,
            Wonder::RHODOS,
        ]
        .map(Some)
        .to_vec();
        let mut g = ClassicGame::new(&config, 5).unwrap();
        let card = id(&g, b.key);
        give(&mut g, 0, card);
        let me = &mut g.cities[0];
        for r in 0..RESOURCES {
            me.own.add_fixed(r, 3);
        }
        me.coins = 20;
        me.victories = [0, 1, 0, 1, 0, 1];
        me.defeats = 2;
        me.military = 9 - 2;
        for s in 1..4 {
            g.cities[s].victories[1] = 2;
            g.cities[s].military = 2;
            g.cities[s].stages = 3;
        }
        g.begin_turn(g.all_seats(), true);
        let before: Vec<City> = g.cities.iter().cloned().collect();
        turn(
            &mut g,
            0,
            Action::Build {
                card,
                pay_left: 0,
                pay_right: 0,
            },
        );
        let forging = matches!(g.step, Step::BuildDiscarded(0));
        while let Step::CoinLoss(s) = g.step {
            let loss = g.cities_table.losses[s as usize];
            g.play(Action::CoinLoss {
                coins: loss,
                debt: 0,
            })
            .unwrap();
        }
        let cost = i32::from(g.cat.card(card).cost.coins);
        let delta = |s: usize| g.cities[s].coins as i32 - before[s].coins as i32;
        let me = &g.cities[0];
        let got = Done {
            coins: delta(0) + cost,
            neighbours: delta(1) - 3,
            across: delta(2) - 3,
            neighbour_debt: g.cities[1].cities_seat.debt,
            shields: me.shields - before[0].shields,
            diplomacy: me.cities_seat.diplomacy,
            token: (1..6)
                .find(|&v| me.victories[v] > before[0].victories[v])
                .unwrap_or(0) as u8,
            cities: g.score(0).get(crate::cities::CITIES_LINE),
            copies: me.cities_seat.science_copies,
        };
        let (want, special) = expected(b.key);
        assert_eq!(got, want, "{}", b.key);
        // Both neighbours alike; the seat across never takes a neighbour's share.
        assert_eq!(delta(3), delta(1), "{}", b.key);
        assert_eq!(
            g.cities[3].cities_seat.debt, g.cities[1].cities_seat.debt,
            "{}",
            b.key
        );
        assert_eq!(g.cities[2].cities_seat.debt, 0, "{}", b.key);
        if want.token > 0 {
            assert_eq!(me.military, before[0].military + i32::from(want.token));
        }
        let flag = |p: u16| me.has(p);
        assert_eq!(
            special == "warehouse",
            flag(powers::SECRET_WAREHOUSE),
            "{}",
            b.key
        );
        assert_eq!(special == "market", flag(powers::BLACK_MARKET), "{}", b.key);
        assert_eq!(
            special == "firm",
            flag(powers::FREE_WONDER_RESOURCES),
            "{}",
            b.key
        );
        assert_eq!(special == "forging", forging, "{}", b.key);
        let wharf = match special {
            "wharf left" => [1, 0],
            "wharf right" => [0, 1],
            _ => [0, 0],
        };
        assert_eq!(me.cities_seat.rebates.wharf, wharf, "{}", b.key);
        assert_eq!(
            me.cities_seat.rebates.cache,
            u8::from(special == "cache"),
            "{}",
            b.key
        );
        if special == "memorial" {
            assert_eq!((me.defeats, me.military), (0, 9), "{}", b.key);
        } else {
            assert_eq!(me.defeats, 2, "{}", b.key);
        }
    }
}

/// The end of a turn: Halikarnassos builds from the pile before a Forging Agency, and the coin
/// losses come after every build (a black card built from the pile counts in its turn).
#[test]
fn end_of_turn_steps_keep_the_record_formats_order() {
    let mut g = cities_game(3, 1);
    g.next.clear();
    g.owed_discard_builds.push(2);
    g.cities_table.owed_forging.push(0);
    g.push_end_of_turn_steps(0);
    assert_eq!(
        g.next[..],
        [Next::Discarded(2), Next::Forging(0), Next::CoinLosses]
    );
}
