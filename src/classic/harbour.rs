//! A test expansion written as a unit, to show that a unit is all an expansion needs: one
//! guild (drawn with the base guilds) that scores on a score-pad line of its own. It touches
//! nothing of the base but its row in [`super::expansion::UNITS`]; the test that plays it is
//! in [`super::module`]'s tests (it is parsed from the `expansions` option like the others).

use super::data::{Content, Edition, Effect, Row, Unit};
use super::vocab::{Color, ScoreLine};

/// Harbour's line: the Harbourmasters Guild's points.
pub const HARBOUR_LINE: ScoreLine = ScoreLine::new("harbour", 10);

/// The unit.
pub const UNIT: Unit = Unit {
    id: "harbour",
    name: "Harbour",
    lines: &[HARBOUR_LINE],
    feature: None,
    extra_hand: 0,
    content,
};

fn content(_: Edition, c: &mut Content) {
    c.rows.push(Row {
        age: 3,
        key: "harbourmasters_guild",
        name: "Harbourmasters Guild",
        color: Color::Purple,
        copies: &[],
        cost: "wood",
        chain_from: &[],
        effect: Effect::PointsOn(HARBOUR_LINE, 4),
    });
}
