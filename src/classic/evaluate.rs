//! The heuristic evaluation of a 7 Wonders position, for the greedy bot and for MCTS rollout
//! cut-offs ([`wonders_bots::Game::evaluate`]).
//!
//! Each seat's city is valued in victory points: the points it already holds (coins counted
//! at their exact third of a point rather than the score pad's whole thirds), plus what its
//! city promises for the rest of the game. The promises fade as the game runs out, so at the
//! end only the points remain:
//! - coins buy resources and buildings: early coins are worth more than their third;
//! - production is worth what it saves toward what is still to build (the remaining wonder
//!   stages and a typical Age's costs), and a little beyond that (neighbours buy it);
//! - a wonder stage is worth its printed points, its lasting effects (production, shields,
//!   science and coins are counted where they belong; the powers that act later are valued by
//!   the turns left to use them), and the progress of the next stage toward being affordable;
//! - science: the points of the symbols held (wild symbols placed best), plus what the next
//!   symbols would add while there are turns left to gain them;
//! - military: the expected conflict tokens against each neighbour for every conflict still
//!   to come, sharper the nearer the conflict;
//! - trading discounts (commercial prospects) and the buildings that chain into later ones
//!   for free; guilds and commercial cards are counted at their points as they stand.
//!
//! The values become win chances through a softmax, so a seat prefers gaining on the leaders.
//! The evaluation reads only the cities (public) and the clock: it never looks at a hand, so
//! it is fair on the true state and on any determinization alike.

use std::cell::RefCell;

use arrayvec::ArrayVec;
use std::sync::OnceLock;

use super::city::{powers, science_points, City};
use super::data::{Catalog, Expansion, Power, RESOURCES};
use super::state::ClassicGame;

thread_local! {
    /// The copy `evaluate_position` resolves a turn on, kept per thread between calls.
    static RESOLVED: RefCell<Option<ClassicGame>> = const { RefCell::new(None) };
}

/// Softness of the win chances: a lead of this many points is worth a factor e.
const TEMPERATURE: f64 = 4.0;

// The constants below marked "searched" were found by a coordinate search for play
// (results/README.md, "7 Wonders' evaluation, searched for play"): greedy's share against the
// first legal action and one changed seat's share among greedy bots at 3 and 5 players.

/// Extra value of a coin (beyond its third of a point) at the start of the game, fading with
/// the turns left; coins past [`COIN_CAP`] buy little more. Searched.
const COIN_PREMIUM: f64 = 0.2;
const COIN_CAP: u32 = 12;

/// Points per unit of production that covers something still to build, at the start of the
/// game (fading with the turns left), and per unit beyond that. `PRODUCTION_NEEDED` searched:
/// a resource a city needs saves it coins or a discard on every build that uses it.
const PRODUCTION_NEEDED: f64 = 4.95;
const PRODUCTION_SPARE: f64 = 0.4;

/// Units of each raw and manufactured resource a city typically still needs for its
/// buildings (besides its wonder), per Age still to come.
const RAW_DEMAND: u8 = 2;
const MANUFACTURED_DEMAND: u8 = 1;

/// Points for each stage built beyond its printed effects: a stage uses a card no one else
/// can have and keeps the wonder moving. Searched.
const STAGE_BONUS: f64 = 0.75;

/// Points for a next stage whose whole cost the city produces itself (scaled by the share
/// it covers). Searched.
const NEXT_STAGE_PROGRESS: f64 = 2.0;

/// Points of a wonder power that acts later (free builds, building from the discard pile,
/// playing the last card, copying a guild) at the start of the game, fading with the turns
/// left.
const POWER_VALUE: f64 = 7.0;

/// Points per science symbol held while the game is young: more symbols are coming, and the
/// science score grows faster than linearly. Searched (4.5 times the first guess).
const SCIENCE_PROSPECT: f64 = 5.4;

/// Points per trading discount (one neighbour, one resource, one coin less) at the start of
/// the game.
const DISCOUNT_VALUE: f64 = 0.35;

/// Points for each coin of rebate a Clandestine Wharf gives on a turn's purchases from one
/// neighbour, and for Smuggler's Cache's rebate on the neighbours' starting resources, at the
/// start of the game (rough: a purchase from one side about every third turn).
const REBATE_VALUE: f64 = 2.0;
const CACHE_VALUE: f64 = 1.0;

/// Points for a building that makes a later one free, at the start of the game.
const CHAIN_VALUE: f64 = 1.2;

impl ClassicGame {
    /// The heuristic win chances of every seat, written into `out[..players]` (see the module
    /// documentation). On a finished game, the real returns.
    pub(crate) fn evaluate_position(&self, out: &mut [f64]) {
        use wonders_bots::Game;
        if self.is_over() {
            return self.returns(out);
        }
        if self.choice_waiting() {
            // On a per-thread copy reused from call to call: no allocation per evaluation.
            RESOLVED.with(|slot| {
                let mut slot = slot.borrow_mut();
                let g = match slot.as_mut() {
                    Some(g) => {
                        g.clone_from(self);
                        g
                    }
                    None => slot.insert(self.clone()),
                };
                g.evaluate_scratch_position(out);
            });
        } else {
            self.evaluate_resolved(out);
        }
    }

    /// `evaluate_position` on a state that may be changed: the turn is resolved in place.
    pub(crate) fn evaluate_scratch_position(&mut self, out: &mut [f64]) {
        use wonders_bots::Game;
        if self.is_over() {
            return self.returns(out);
        }
        if self.choice_waiting() {
            self.resolve_with_sales();
        }
        self.evaluate_resolved(out);
    }

    /// The returns of a finished game smoothed by its margins
    /// ([`wonders_bots::Game::soft_returns`]): the win chances this module's softmax gives the
    /// final totals (coins breaking ties by a thousandth of a point each), as `evaluate`
    /// gives them to projected values before the end. False before the end.
    pub(crate) fn soft_returns_position(&self, out: &mut [f64]) -> bool {
        if !self.is_over() {
            return false;
        }
        let n = self.players();
        let mut values = [0.0f64; super::state::MAX_SEATS];
        for (s, v) in values.iter_mut().enumerate().take(n) {
            *v = f64::from(self.score(s).total) + 0.001 * f64::from(self.city(s).coins);
        }
        win_chances(&values[..n], self.plays_in_teams(), out);
        true
    }

    /// True when a seat has chosen an action of a turn not yet resolved.
    fn choice_waiting(&self) -> bool {
        (0..self.players()).any(|s| self.has_chosen(s))
    }

    /// A chosen action takes effect only when the turn resolves: resolves it, the seats still
    /// to choose selling a card (a neutral stand-in), so its effect counts.
    fn resolve_with_sales(&mut self) {
        while !self.is_over() && self.choice_waiting() {
            if self.step() == super::state::Step::Draft || self.is_recruiting() {
                // Leaders: the draft's picks and the recruitment turn have their own stand-in
                // (the first legal action: a pick, or a recruitment).
                let mut legal = Vec::new();
                self.legal(&mut legal);
                match legal.first() {
                    Some(&a) if self.play(a).is_ok() => continue,
                    _ => break,
                }
            }
            // Selling is always legal while a seat holds a card; no need to list moves.
            let uids = self.hand_uids(self.current_seat());
            if uids == 0 {
                break;
            }
            let card = self.dealt_card(self.age(), uids.trailing_zeros() as usize);
            if self.play_held_sale(card).is_err() {
                break;
            }
        }
    }

    /// `evaluate_position` of a position with no choice waiting for the turn to resolve.
    fn evaluate_resolved(&self, out: &mut [f64]) {
        use wonders_bots::Game;
        let g = self;
        if g.is_over() {
            return g.returns(out);
        }
        let n = g.players();
        let mut values = [0.0f64; super::state::MAX_SEATS];
        for (s, v) in values.iter_mut().enumerate().take(n) {
            *v = g.seat_value(s);
        }
        win_chances(&values[..n], g.plays_in_teams(), out);
    }

    /// The share of the game's card plays still to come, from 1 at the start to 0 after the
    /// last turn of Age III.
    pub fn plays_left_share(&self) -> f64 {
        let per_age = self.last_turn() as i32 + 1;
        let in_age = (per_age - self.turn() as i32).max(0);
        let left = (3 - self.age() as i32) * per_age + in_age;
        left as f64 / (3 * per_age) as f64
    }

    /// What `seat`'s city is worth, in victory points, by the heuristic of this module.
    pub fn seat_value(&self, seat: usize) -> f64 {
        let city = self.city(seat);
        let cat = self.catalog();
        let left = self.plays_left_share();
        // Points held, coins at their exact third, military and science as valued below.
        let mut value = self.construction_points(seat) as f64 + city.coins as f64 / 3.0;
        value += COIN_PREMIUM * city.coins.min(COIN_CAP) as f64 * left;
        value += self.military_value(seat);
        value += science_value(city, left);
        value += production_value(cat, city, self.age(), left);
        value += wonder_value(cat, city, left);
        value += commerce_value(cat, city, left);
        if cat.expansions.contains(Expansion::CITIES) {
            value += self.cities_value(seat, left);
        }
        if self.leader_table().is_some() {
            value += self.leaders_value(seat, left);
        }
        value
    }

    /// Leaders: the face-up leaders' points as they stand and buried leaders' points, the
    /// science symbols leaders add, the coins the powers that pay during play will bring (a
    /// rough rate of the occasions to come), and a leader still in hand at `LEADER_IN_HAND`
    /// points (a recruitment to come). Reads only what every seat sees (hand sizes).
    fn leaders_value(&self, seat: usize, left: f64) -> f64 {
        let city = self.city(seat);
        let facts = |s: usize| self.leader_facts(s);
        let (own, l, r) = (
            facts(seat),
            facts(self.left_of(seat)),
            facts(self.right_of(seat)),
        );
        let mut value: f64 = city
            .leader_seat
            .face_up
            .iter()
            .map(|x| f64::from(x.leader().end_points(&own, &l, &r)))
            .sum();
        value += city
            .leader_seat
            .buried
            .iter()
            .map(|x| f64::from(x.leader().cost.buried_points()))
            .sum::<f64>();
        let symbols = city.leader_seat.face_up.iter().fold([0u8; 3], |mut s, x| {
            for (held, add) in s.iter_mut().zip(x.leader().science().symbols) {
                *held += add;
            }
            s
        });
        if symbols != [0; 3] {
            let mut with = city.clone();
            for (held, add) in with.science.iter_mut().zip(symbols) {
                *held += add;
            }
            value += science_value(&with, left) - science_value(city, left);
        }
        let p = city.leader_seat.powers;
        let per_build: u32 = p.coins_per_build.iter().map(|&c| u32::from(c)).sum();
        let coins_to_come = f64::from(per_build) * LEADER_BUILDS_PER_COLOUR
            + f64::from(p.coins_per_chain) * LEADER_CHAINS
            + f64::from(p.coins_per_victory) * LEADER_VICTORIES
            + f64::from(p.coins_per_neighbour_paid) * LEADER_PAID_NEIGHBOURS
            + f64::from(p.extra_bank_coin) * LEADER_BANK_TURNS
            + f64::from(p.stage_coins) * LEADER_STAGES;
        value += left * coins_to_come / 3.0;
        let savings = p.discounts.count_ones() as f64 * LEADER_DISCOUNT
            + p.free_colors.count_ones() as f64 * LEADER_FREE_COLOUR
            + f64::from(u8::from(p.free_recruitment)) * LEADER_FREE_RECRUITMENT;
        value += left * savings;
        // What a face-up leader's end-of-game rule will still add as the city grows.
        value += left * LEADER_FACE_UP * city.leader_seat.face_up.len() as f64;
        value + LEADER_IN_HAND * city.leader_seat.hand.len() as f64
    }

    /// Cities: debt tokens at their −1 point each; copies of a neighbour's science symbol as
    /// the symbols they will add (where a neighbour shows one); a Diplomacy token as the
    /// current Age's conflicts not fought (their expected tokens, won or lost, given back).
    fn cities_value(&self, seat: usize, left: f64) -> f64 {
        let city = self.city(seat);
        let mut value = -f64::from(city.cities_seat.debt);
        if city.cities_seat.science_copies > 0 {
            let (l, r) = (
                self.city(self.left_of(seat)),
                self.city(self.right_of(seat)),
            );
            let shown: u8 = (0..3).map(|f| l.science[f] + r.science[f]).sum();
            let copies = city.cities_seat.science_copies.min(shown);
            if copies > 0 {
                let mut with_copies = city.clone();
                with_copies.science_wild += copies;
                value += science_value(&with_copies, left) - science_value(city, left);
            }
        }
        if city.cities_seat.diplomacy > 0 && !self.conflicts_done() {
            let per_age = self.last_turn() as i32 + 1;
            let distance = (per_age - self.turn() as i32).max(0);
            let points = ClassicGame::victory_points(self.age()) as f64;
            // One token of each conflict of the Age given back (of 1; of 2 in teams).
            let (rivals, _) = self.rivals(seat);
            for &other in &rivals {
                let lead = city.shields as i32 - self.city(other).shields as i32;
                let win = conflict_win_chance(lead, distance);
                value -= LATER_CONFLICT_WEIGHT[0] * (win * points - (1.0 - win));
            }
        }
        value
    }

    /// Conflict tokens held plus the expected tokens of the conflicts to come against both
    /// neighbours: the shield lead decides, more surely the nearer the conflict.
    pub(crate) fn military_value(&self, seat: usize) -> f64 {
        let city = self.city(seat);
        let mut value = city.military as f64;
        if self.conflicts_done() {
            return value;
        }
        let per_age = self.last_turn() as i32 + 1;
        let turns_to_conflict = (per_age - self.turn() as i32).max(0);
        let (rivals, tokens) = self.rivals(seat);
        for &other in &rivals {
            let lead = city.shields as i32 - self.city(other).shields as i32;
            for age in self.age()..=3 {
                let distance = turns_to_conflict + per_age * (age - self.age()) as i32;
                let win = conflict_win_chance(lead, distance);
                let points = ClassicGame::victory_points(age) as f64;
                let weight = LATER_CONFLICT_WEIGHT[(age - self.age()) as usize];
                value += tokens * weight * (win * points - (1.0 - win));
            }
        }
        value
    }

    /// The seats `seat` fights at each Age's end, and the tokens each conflict is fought for:
    /// both neighbours for one token, or in teams the opposing neighbour for two.
    fn rivals(&self, seat: usize) -> (ArrayVec<usize, 2>, f64) {
        if self.plays_in_teams() {
            let other = crate::teams::opposing_neighbour(seat, self.players());
            (std::iter::once(other).collect(), 2.0)
        } else {
            ([self.left_of(seat), self.right_of(seat)].into(), 1.0)
        }
    }
}

/// Each seat's win chance from its value (projected or final points): a softmax at
/// [`TEMPERATURE`], or by teams in the team variant.
fn win_chances(values: &[f64], teams: bool, out: &mut [f64]) {
    if teams {
        return team_chances(values, out);
    }
    let max = values.iter().cloned().fold(f64::MIN, f64::max);
    let mut sum = 0.0;
    for (o, v) in out.iter_mut().zip(values) {
        *o = ((v - max) / TEMPERATURE).exp();
        sum += *o;
    }
    for o in out.iter_mut().take(values.len()) {
        *o /= sum;
    }
}

/// The team variant's win chances from each seat's value: a softmax over the teams' summed
/// values (softer by √2, the spread of a sum of two seats), each partner holding half its
/// team's chance, as in the returns of a finished game.
fn team_chances(values: &[f64], out: &mut [f64]) {
    let teams: ArrayVec<f64, 4> = values.chunks(2).map(|p| p[0] + p[1]).collect();
    let max = teams.iter().cloned().fold(f64::MIN, f64::max);
    let temperature = TEMPERATURE * std::f64::consts::SQRT_2;
    let chances: ArrayVec<f64, 4> = teams
        .iter()
        .map(|v| ((v - max) / temperature).exp())
        .collect();
    let sum: f64 = chances.iter().sum();
    for (s, o) in out.iter_mut().take(values.len()).enumerate() {
        *o = chances[s / 2] / sum / 2.0;
    }
}

/// Leaders' evaluation: the occasions to come over a whole game that the coin powers count
/// (builds of one colour, chain builds, victory tokens, neighbours paid, turns the bank pays,
/// stages), what a discount, a free colour and free recruitments save over a game, in points,
/// a leader held for a later recruitment, and what a face-up leader's rule will still add
/// over a whole game (scaled by the share of the game left).
const LEADER_BUILDS_PER_COLOUR: f64 = 3.0;
const LEADER_CHAINS: f64 = 3.0;
const LEADER_VICTORIES: f64 = 3.0;
const LEADER_PAID_NEIGHBOURS: f64 = 6.0;
const LEADER_BANK_TURNS: f64 = 10.0;
const LEADER_STAGES: f64 = 2.0;
const LEADER_DISCOUNT: f64 = 1.5;
const LEADER_FREE_COLOUR: f64 = 4.0;
const LEADER_FREE_RECRUITMENT: f64 = 2.0;
const LEADER_IN_HAND: f64 = 1.5;
const LEADER_FACE_UP: f64 = 3.0;

/// Later conflicts are contested: the weight of the conflict `k` Ages after the current one
/// is `1 / (1 + k/4)` (computed by the same arithmetic, so the values are those bits).
const LATER_CONFLICT_WEIGHT: [f64; 3] = {
    const fn weight(k: f64) -> f64 {
        1.0 / (1.0 + 0.25 * k)
    }
    [weight(0.0), weight(1.0), weight(2.0)]
};

/// The chance of winning a conflict `distance` plays away with a shield lead of `lead`.
/// Shields change hands quickly: a lead is a near-certain win only at the conflict itself.
/// Both arguments are whole numbers, so the usual ones come from a table computed once with
/// the very same arithmetic (`tanh` was a tenth of a greedy game).
#[inline]
fn conflict_win_chance(lead: i32, distance: i32) -> f64 {
    fn exact(lead: i32, distance: i32) -> f64 {
        let spread = 0.6 + 0.35 * distance as f64;
        0.5 + 0.5 * (lead as f64 / spread).tanh()
    }
    const MAX_LEAD: i32 = 40;
    const LEADS: usize = 2 * MAX_LEAD as usize + 1;
    const DISTANCES: usize = 32;
    static TABLE: OnceLock<[[f64; DISTANCES]; LEADS]> = OnceLock::new();
    let (l, d) = ((lead + MAX_LEAD) as usize, distance as usize);
    if l >= LEADS || d >= DISTANCES {
        return exact(lead, distance);
    }
    let table = TABLE.get_or_init(|| {
        let mut t = [[0.0; DISTANCES]; LEADS];
        for (l, row) in t.iter_mut().enumerate() {
            for (d, v) in row.iter_mut().enumerate() {
                *v = exact(l as i32 - MAX_LEAD, d as i32);
            }
        }
        t
    });
    table[l][d]
}

/// Science points held, plus the promise of the symbols to come.
fn science_value(city: &City, left: f64) -> f64 {
    let held = science_points(city.symbols(), city.science_wild) as f64;
    let symbols = city.science.iter().map(|&c| c as u32).sum::<u32>() + city.science_wild as u32;
    held + SCIENCE_PROSPECT * symbols as f64 * left
}

/// What the city's production is worth toward what it still has to build.
fn production_value(cat: &Catalog, city: &City, age: u8, left: f64) -> f64 {
    if left <= 0.0 {
        return 0.0;
    }
    // Demand: the remaining wonder stages plus a typical Age's buildings per Age to come.
    let ages_to_come = 4 - age;
    let mut demand = [0u8; RESOURCES];
    for (r, d) in demand.iter_mut().enumerate() {
        let per_age = if r < 4 {
            RAW_DEMAND
        } else {
            MANUFACTURED_DEMAND
        };
        *d = per_age * ages_to_come.min(2);
    }
    let board = cat.side(city.wonder, city.side.index());
    for stage in &board.stages[city.stages as usize..] {
        for (d, &q) in demand.iter_mut().zip(&stage.cost.resources) {
            *d = d.saturating_add(q);
        }
    }
    let mut met = [0u8; RESOURCES];
    let mut spare = 0u32;
    for r in 0..RESOURCES {
        let units = city.own.fixed[r];
        met[r] = units.min(demand[r]);
        spare += (units - met[r]) as u32;
    }
    // A "one of" group goes where the most demand is still unmet.
    let mut place = |mask: u8| {
        let best = (0..RESOURCES)
            .filter(|&r| mask >> r & 1 == 1)
            .max_by_key(|&r| demand[r] - met[r]);
        match best {
            Some(r) if met[r] < demand[r] => met[r] += 1,
            _ => spare += 1,
        }
    };
    for &mask in city.own.choices() {
        place(mask);
    }
    // Cities: Secret Warehouse adds a unit of a type the city sells (makes with brown or grey
    // cards or its board), Black Market one of a type it does not: each a "one of" group.
    let warehouses = [powers::SECRET_WAREHOUSE, powers::BLACK_MARKET];
    let sold = if warehouses.iter().any(|&p| city.has(p)) {
        city.sells.choices().iter().fold(
            (0..RESOURCES).fold(0u8, |m, r| m | u8::from(city.sells.fixed[r] > 0) << r),
            |m, &c| m | c,
        )
    } else {
        0
    };
    let all = (1u8 << RESOURCES) - 1;
    for (power, mask) in warehouses.into_iter().zip([sold, all & !sold]) {
        if city.has(power) {
            place(mask);
        }
    }
    let needed: u32 = met.iter().map(|&m| m as u32).sum();
    (PRODUCTION_NEEDED * needed as f64 + PRODUCTION_SPARE * spare as f64) * left
}

/// Stage bonuses, the powers still to act, and the next stage's progress.
fn wonder_value(cat: &Catalog, city: &City, left: f64) -> f64 {
    let board = cat.side(city.wonder, city.side.index());
    let mut value = STAGE_BONUS * city.stages as f64;
    // The powers are bits of one word: one mask and a popcount count the held ones.
    const LATER_POWERS: u16 = powers::PLAY_LAST_CARD
        | powers::BUILD_FROM_DISCARD
        | powers::FREE_BUILD_EACH_AGE
        | powers::FIRST_OF_COLOUR_FREE
        | powers::FIRST_OF_AGE_FREE
        | powers::LAST_OF_AGE_FREE;
    let held = city.powers_in(LATER_POWERS);
    value += POWER_VALUE * held as f64 * left;
    if city.has(powers::COPY_GUILD) {
        // Copying a neighbour's guild pays at the end whatever the clock says.
        value += POWER_VALUE * 0.5;
    }
    // Halikarnassos' build happens at the end of the turn its stage is built.
    if let Some(next) = board.stages.get(city.stages as usize) {
        let total: u32 = next.cost.resources.iter().map(|&q| q as u32).sum();
        if total > 0 && left > 0.0 {
            let mut need = next.cost.resources;
            for (n, &f) in need.iter_mut().zip(&city.own.fixed) {
                *n = n.saturating_sub(f);
            }
            for &mask in city.own.choices() {
                if let Some(r) = (0..RESOURCES).find(|&r| mask >> r & 1 == 1 && need[r] > 0) {
                    need[r] -= 1;
                }
            }
            let missing: u32 = need.iter().map(|&q| q as u32).sum();
            let covered = 1.0 - missing as f64 / total as f64;
            let worth = next
                .powers
                .iter()
                .map(|p| match p {
                    Power::Points(v) => *v as f64,
                    _ => 2.0,
                })
                .sum::<f64>();
            value += NEXT_STAGE_PROGRESS.min(worth) * covered * left.min(0.7);
        }
    }
    value
}

/// Trading discounts and chain sources.
fn commerce_value(cat: &Catalog, city: &City, left: f64) -> f64 {
    if left <= 0.0 {
        return 0.0;
    }
    let discounts: u32 = city
        .prices
        .iter()
        .flatten()
        .map(|&p| 2u32.saturating_sub(p as u32))
        .sum();
    let chains = city.built.intersection(cat.chain_sources).len();
    // Cities: the Clandestine Wharves' and Smuggler's Cache's rebates on purchases.
    let rebates = REBATE_VALUE
        * f64::from(city.cities_seat.rebates.wharf[0] + city.cities_seat.rebates.wharf[1])
        + CACHE_VALUE * f64::from(city.cities_seat.rebates.cache);
    (DISCOUNT_VALUE * discounts as f64 + CHAIN_VALUE * chains as f64 + rebates) * left
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use wonders_bots::{BotRng, Game};

    use super::*;
    use crate::data::{Edition, Wonder};
    use crate::state::{Action, ClassicConfig};

    /// A 3-player 2nd-edition game at the start of Age I, seat 0 on Gizah (Day), coins 3 each.
    fn start() -> ClassicGame {
        let mut config = ClassicConfig::new(3, Edition::V2);
        config.wonders = vec![
            Some(Wonder::GIZAH),
            Some(Wonder::BABYLON),
            Some(Wonder::RHODOS),
        ];
        ClassicGame::new(&config, 7).expect("a valid configuration")
    }

    /// Seat 0's value after `change` to its city, minus its value after selling a card
    /// (3 coins): what a one-ply search compares.
    fn gain_over_sale(g: &ClassicGame, change: impl Fn(&mut City, &'static Catalog)) -> f64 {
        let cat = g.catalog();
        let mut built = g.clone();
        change(built.city_mut(0), cat);
        let mut sold = g.clone();
        sold.city_mut(0).coins += 3;
        built.seat_value(0) - sold.seat_value(0)
    }

    fn build(key: &'static str) -> impl Fn(&mut City, &'static Catalog) {
        move |city, cat| city.add_building(cat.card(cat.find(key).expect("a known card")))
    }

    /// Cities' payment cards are worth something while purchases are still to come: each
    /// wharf, the cache, Secret Warehouse and Black Market add to the city's value early and
    /// nothing after the last turn.
    #[test]
    fn the_payment_black_cards_have_a_value() {
        let mut config = ClassicConfig::new(3, Edition::V2);
        config.expansions.insert(Expansion::CITIES);
        let mut g = ClassicGame::new(&config, 7).expect("a valid configuration");
        for key in [
            "west_clandestine_wharf",
            "east_clandestine_wharf",
            "smugglers_cache",
            "secret_warehouse",
            "black_market",
        ] {
            let before = g.seat_value(0);
            let mut h = g.clone();
            let cat = h.catalog();
            build(key)(h.city_mut(0), cat);
            assert!(h.seat_value(0) > before + 0.5, "{key}");
        }
        g.set_clock(3, g.last_turn() + 1);
        let mut h = g.clone();
        let cat = h.catalog();
        build("west_clandestine_wharf")(h.city_mut(0), cat);
        assert_eq!(h.seat_value(0), g.seat_value(0));
    }

    #[test]
    fn a_wonder_stage_beats_a_sale() {
        let g = start();
        assert!(
            gain_over_sale(&g, |c, cat| {
                c.add_stage(cat);
            }) > 1.0
        );
    }

    #[test]
    fn early_production_beats_a_sale_and_fades_by_age_three() {
        let mut g = start();
        let early = gain_over_sale(&g, build("lumber_yard"));
        assert!(early > 0.5, "Age I lumber yard worth {early} over a sale");
        g.set_clock(3, g.last_turn());
        let late = gain_over_sale(&g, build("lumber_yard"));
        assert!(
            late < 0.0,
            "a resource at the last turn is worth {late} over a sale"
        );
    }

    #[test]
    fn production_toward_the_wonder_beats_production_it_never_needs() {
        // A unit of production is worth more for the raw resource Gizah Day's stages need most
        // than for the one they need least.
        let g = start();
        let cat = g.catalog();
        let board = cat.side(Wonder::GIZAH, 0);
        let mut need = [0u32; RESOURCES];
        for s in &board.stages {
            for (n, &q) in need.iter_mut().zip(&s.cost.resources) {
                *n += q as u32;
            }
        }
        let most = (0..4).max_by_key(|&r| need[r]).unwrap();
        let least = (0..4).min_by_key(|&r| need[r]).unwrap();
        assert!(need[most] > need[least] + 2);
        let with = |r: usize| {
            let mut h = g.clone();
            // Pile on five units so the typical demand is covered and the stages decide.
            h.city_mut(0).own.add_fixed(r, 5);
            h.seat_value(0)
        };
        assert!(with(most) > with(least));
    }

    #[test]
    fn science_builds_beat_a_sale() {
        let mut g = start();
        let gain = gain_over_sale(&g, build("apothecary"));
        assert!(gain > 0.5, "first symbol worth {gain} over a sale");
        // Completing a set of three symbols is worth more than a lone symbol.
        let cat = g.catalog();
        build("workshop")(g.city_mut(0), cat);
        build("scriptorium")(g.city_mut(0), cat);
        let set = gain_over_sale(&g, build("apothecary"));
        assert!(set > gain + 5.0, "completing a set worth {set}");
    }

    #[test]
    fn shields_that_win_the_coming_conflict_beat_a_sale() {
        let mut g = start();
        // The last turn of Age I, every city without shields.
        g.set_clock(g.age(), g.last_turn());
        let gain = gain_over_sale(&g, build("stockade"));
        // Two sure victories (+1 each) instead of two ties, and a lead for later Ages.
        assert!(gain > 1.5, "a winning shield worth {gain} over a sale");
        // Falling behind both neighbours costs.
        let mut behind = g.clone();
        behind.city_mut(1).shields = 1;
        behind.city_mut(2).shields = 1;
        assert!(behind.seat_value(0) < g.seat_value(0) - 1.5);
    }

    #[test]
    fn coins_are_worth_more_early_than_late() {
        let mut g = start();
        let early = gain_over_sale(&g, |c, _| c.coins += 6);
        g.set_clock(3, g.last_turn() + 1);
        let late = gain_over_sale(&g, |c, _| c.coins += 6);
        assert!(early > late);
        assert!(
            (late - 1.0).abs() < 1e-9,
            "3 more coins at the end: 1 point, got {late}"
        );
    }

    #[test]
    fn evaluation_is_a_distribution_and_ignores_hidden_hands() {
        let mut g = start();
        let mut rng = BotRng::seed_from_u64(3);
        let mut buf = Vec::new();
        // Play a few whole turns so the cities differ.
        for _ in 0..9 {
            g.legal(&mut buf);
            let a = buf[buf.len() / 2];
            g.play(a).unwrap();
        }
        let mut here = [0.0; 3];
        g.evaluate(&mut here);
        assert!((here.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(here.iter().all(|&v| v > 0.0 && v < 1.0));
        // At the start of a turn the evaluation reads the cities only: every determinization
        // (other hands re-dealt) is valued the same, and evaluating twice gives the same.
        for observer in 0..3 {
            let d = g.determinize(observer, &mut rng);
            let mut there = [0.0; 3];
            d.evaluate(&mut there);
            assert_eq!(here, there);
        }
    }

    /// A whole 4-player game between greedy bots: the same seeds give the same game, and the
    /// bots build wonder stages (the evaluation before this one never did).
    #[test]
    fn greedy_games_are_deterministic_and_build_stages() {
        use wonders_bots::{Bot, GreedyBot};
        let play = || {
            let mut g = ClassicGame::new(&ClassicConfig::new(4, Edition::V2), 11).unwrap();
            let mut bots: Vec<GreedyBot<ClassicGame>> =
                (0..4).map(|s| GreedyBot::new(100 + s)).collect();
            while !g.is_over() {
                let seat = g.current_seat();
                let a = bots[seat].choose(&g);
                g.play(a).unwrap();
            }
            let history: Vec<Action> = g.history().iter().map(|p| p.action).collect();
            let stages: u32 = (0..4).map(|s| g.city(s).stages as u32).sum();
            (history, stages)
        };
        let (first, stages) = play();
        let (second, _) = play();
        assert_eq!(first, second);
        assert!(stages >= 4, "greedy built {stages} stages over four seats");
    }

    /// The soft returns exist only at the end, sum to 1, put the winner first and rank the
    /// others by their totals: what a search reads from a finished rollout.
    #[test]
    fn soft_returns_rank_the_seats_by_their_final_totals() {
        let mut g = start();
        let mut buf = Vec::new();
        let mut soft = [0.0; 3];
        while !g.is_over() {
            assert!(!g.soft_returns(&mut soft));
            g.legal(&mut buf);
            g.play(buf[buf.len() / 2]).unwrap();
        }
        assert!(g.soft_returns(&mut soft));
        assert!((soft.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let mut returns = [0.0; 3];
        g.returns(&mut returns);
        let winner = (0..3)
            .max_by(|&a, &b| returns[a].total_cmp(&returns[b]))
            .unwrap();
        assert!(
            (0..3).all(|s| soft[s] <= soft[winner]),
            "{soft:?} {returns:?}"
        );
        let total = |s: usize| g.score(s).total;
        for a in 0..3 {
            for b in 0..3 {
                if total(a) > total(b) {
                    assert!(soft[a] > soft[b], "{soft:?}");
                }
            }
        }
    }

    #[test]
    fn a_finished_game_evaluates_to_its_returns() {
        let mut g = start();
        let mut buf = Vec::new();
        while !g.is_over() {
            g.legal(&mut buf);
            g.play(buf[0]).unwrap();
        }
        let (mut e, mut r) = ([0.0; 3], [0.0; 3]);
        g.evaluate(&mut e);
        g.returns(&mut r);
        assert_eq!(e, r);
    }
}
