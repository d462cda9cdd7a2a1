//! Pantheon activation costs against the rulebook's example and FAQ and the record format's
//! reading (space cost for the seat, Gate doubled, then the Sanctuary's 2, then Offerings with
//! no change).

use wonders_duel::pantheon_data::PANTHEON_WONDERS;
use wonders_duel::state::pantheon::{activation_cost, coins_due};

/// The Sanctuary's discount, as the engine reads it from the Wonder.
fn sanctuary() -> u8 {
    let w = &PANTHEON_WONDERS[0];
    assert_eq!(w.id, "the_sanctuary");
    w.pantheon_discount
}

#[test]
fn a_space_costs_its_seats_price() {
    // Space k costs seat 0 9-k and seat 1 k+2.
    let seat0: Vec<u8> = (1..=6).map(|k| activation_cost(k, 0, false, 0)).collect();
    let seat1: Vec<u8> = (1..=6).map(|k| activation_cost(k, 1, false, 0)).collect();
    assert_eq!(seat0, [8, 7, 6, 5, 4, 3]);
    assert_eq!(seat1, [3, 4, 5, 6, 7, 8]);
}

#[test]
fn the_gate_costs_double_and_the_sanctuary_comes_after() {
    assert_eq!(activation_cost(1, 0, true, 0), 16);
    assert_eq!(activation_cost(1, 1, true, 0), 6);
    // Doubled first, then 2 off: 16 - 2, not (8 - 2) * 2.
    assert_eq!(activation_cost(1, 0, true, sanctuary()), 14);
    assert_eq!(activation_cost(6, 0, true, sanctuary()), 4);
    assert_eq!(activation_cost(6, 0, false, sanctuary()), 1);
    assert_eq!(activation_cost(3, 1, false, sanctuary()), 3);
}

#[test]
fn the_rulebook_example_mars_for_5_with_a_3_offering() {
    // Denise activates Mars: 5 coins, 3 through an Offering token and 2 from her treasury.
    let cost = activation_cost(4, 0, false, 0);
    assert_eq!(cost, 5);
    assert_eq!(coins_due(cost, 0b010), 2, "the 3 is bit 1");
}

#[test]
fn offerings_give_no_change_and_may_be_combined() {
    // Tokens by bit: 0b001 = the 2, 0b010 = the 3, 0b100 = the 4.
    assert_eq!(coins_due(3, 0b100), 0, "the 1 left over is lost");
    assert_eq!(coins_due(8, 0b101), 2);
    assert_eq!(coins_due(8, 0b111), 0);
    assert_eq!(coins_due(16, 0b111), 7);
    assert_eq!(coins_due(6, 0), 6);
}
