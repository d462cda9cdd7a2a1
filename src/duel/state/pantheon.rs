//! Pantheon rules that need no game state: what an activation costs and what is paid.
//!
//! The Pantheon engine builds on these; they are kept apart so the one reading of the cost
//! rule (space cost, Gate doubled, then the Sanctuary, then Offerings) lives in one place.

use crate::duel::pantheon_data::{space_cost, GATE};

/// What activating the card on Pantheon space `space` (1-6) costs `seat`: the space's cost for
/// that seat, times the Gate's factor for the Gate, then less `discount` (the
/// `pantheon_discount` of the seat's built Wonders: 2 with the Sanctuary), after the doubling
/// and not below 0.
pub fn activation_cost(space: u8, seat: usize, gate: bool, discount: u8) -> u8 {
    let base = space_cost(space, seat);
    let cost = if gate { base * GATE.cost_factor } else { base };
    cost.saturating_sub(discount)
}

/// The coins paid for an activation costing `cost` with these Offering tokens: each token takes
/// its value off, and a value beyond the cost is lost (Offerings give no change).
pub fn coins_due(cost: u8, offerings: &[u8]) -> u8 {
    let off: u16 = offerings.iter().map(|&v| v as u16).sum();
    (cost as u16).saturating_sub(off) as u8
}
