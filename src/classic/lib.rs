//! 7 Wonders for 3 to 7 players, 1st edition (2010, sides A/B) and 2nd edition (2020, sides
//! Day/Night), and with the 2nd edition the Cities expansion.
//!
//! - [`vocab`]: the words the base tables and the expansions' share (resources, colours,
//!   science symbols, directions, score-pad lines, the set of expansions);
//! - [`expansion`]: the expansions as units, listed once ([`expansion::UNITS`]); the score
//!   pad, the summaries' tables, the hand size and the catalog are derived from the set in play;
//! - [`data`]: the card and wonder tables of both editions and the [`Catalog`] built from them;
//! - [`payment`]: the cheapest ways to pay a cost with own and neighbours' production;
//! - [`city`]: a city's buildings, treasury, production and price tables;
//! - [`state`]: the rules: setup, turns, wonder powers, military; [`ClassicGame`];
//! - [`evaluate`]: the heuristic evaluation the greedy bot and MCTS cut-offs use;
//! - [`scoring`]: the score pad; [`record`]: game records and their replay; [`log`]: readable
//!   turn logs and the card listing; [`view`]: the table for the web page;
//! - [`cities_data`], [`cities`], [`cities_payment`]: the Cities expansion's tables (black
//!   cards, Byzantium, Petra), its unit and its part of each city ([`cities::CitiesSeat`]),
//!   its stateless rules (Diplomacy's conflicts, coin losses and debts, black cards' points)
//!   and how its rebates price the leaves of the one payment search; the moments of its
//!   effects are in [`effects`], its turn steps (coin losses, Forging Agency, Diplomacy at the
//!   end of an Age) in [`state`];
//! - [`leaders_data`], [`leaders`], [`leader_draft`]: the Leaders expansion's tables, its unit,
//!   its part of each city ([`leaders::LeaderSeat`]), the rules that read a seat's finished
//!   facts, and the draft; its recruitment turns are in [`state`].
//!
//! Rule decisions (sources: the 2nd-edition rule book, the 1st-edition rule book and summary):
//! - seat p's left neighbour is seat p+1; hands pass left in Ages I and III, right in Age II;
//! - each seat chooses from the state at the start of the turn: coins received during a turn
//!   (trade, sales, Tavern …) cannot be spent in it, and a building placed this turn sells
//!   nothing to the neighbours until the next turn; trading discounts apply from the next turn;
//! - Vineyard and Bazaar count the cards the neighbours build in the same turn (2nd edition
//!   explicit; applied to the 1st edition too);
//! - a build made free by a chain or a 2nd-edition Olympia power is always taken free (the
//!   power is used only when it saves coins or makes the build possible); 1st-edition Olympia
//!   A's once-per-Age free build is the player's choice: while unused, both paying as usual and
//!   spending it ([`Action::BuildFree`]) on any card with a printed cost are legal;
//! - when the cheapest total can be split several ways between the neighbours, each split is a
//!   distinct action ([`ClassicConfig::collapse_payment_splits`] keeps only the split paying
//!   the left neighbour least);
//! - Babylon's last card: 1st edition, played within the sixth turn right after the other
//!   actions, with the coins left from the start of that turn and the neighbours' production
//!   of that turn's start (its own production includes what it has just built); 2nd edition, an
//!   extra turn of its own after the sixth turn;
//! - Halikarnassos builds, at the end of the turn its stage is built, any card of the discard
//!   pile it does not already hold (including this turn's sales and sixth-turn leftovers);
//!   nothing happens when there is none;
//! - 1st-edition Olympia B copies a neighbour's guild at game end (scored in its own city,
//!   counting Olympia's cards; a copied Scientists Guild gives a wild science symbol);
//! - ties: more coins wins; still tied, the victory is shared.
//!
//! Disputed 2nd-edition costs follow the majority of the transcriptions: Town Hall
//! 2 stone + ore + glass, Arena 2 stone + ore, Circus 3 stone + ore (see [`data`]).

pub mod cities;
pub mod cities_data;
pub mod cities_payment;
pub mod city;
pub mod data;
pub mod effects;
pub mod evaluate;
pub mod expansion;
#[cfg(test)]
mod harbour;
pub mod leader_draft;
pub mod leaders;
pub mod leaders_data;
pub mod log;
pub mod module;
pub mod observation;
pub mod payment;
pub mod record;
pub mod scoring;
pub mod sim;
pub mod state;
pub mod teams;
pub mod view;
pub mod vocab;

use rand::RngCore;
use wonders_bots::mcts::DEFAULT_EPSILON;
use wonders_bots::{Game, Rollout};

pub use city::City;
pub use data::{CardId, Catalog, Color, Edition, Expansion, ExpansionSet, Resource, Side, Wonder};
pub use expansion::catalog;
pub use log::{card_rows, score_pad_of, turn_log, CardRow};
pub use record::{replay, ReplayError};
pub use scoring::{Score, ScoreLine};
pub use state::{
    Action, ClassicConfig, ClassicError, ClassicGame, Event, Free, Payee, Played, SeatView, Setup,
    SetupError, SidePolicy,
};

/// Per-seat facts for a results row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatFacts {
    pub seat: usize,
    /// Wonder id (`"gizah"`).
    pub wonder: &'static str,
    /// `"a"`, `"b"`, `"day"` or `"night"`.
    pub side: &'static str,
    pub stages_built: u8,
    /// 1 = best; tied seats share a rank.
    pub rank: usize,
    pub winner: bool,
    pub coins: u32,
    pub score: Score,
}

impl ClassicGame {
    /// Facts about every seat (meaningful once the game is over).
    pub fn seat_facts(&self) -> Vec<SeatFacts> {
        let ranks = self.ranks();
        let winners = self.winners();
        (0..self.players())
            .map(|s| {
                let c = self.city(s);
                SeatFacts {
                    seat: s,
                    wonder: c.wonder.id(),
                    side: c.side.id(),
                    stages_built: c.stages,
                    rank: ranks[s],
                    winner: winners.contains(&s),
                    coins: c.coins,
                    score: self.score(s),
                }
            })
            .collect()
    }

    /// A readable name for an action.
    pub fn describe_action(&self, action: Action) -> String {
        let name = |c: CardId| self.catalog().card(c).key;
        match action {
            Action::Build {
                card,
                pay_left,
                pay_right,
            } => {
                format!("build {} (left {pay_left}, right {pay_right})", name(card))
            }
            Action::Wonder {
                card,
                pay_left,
                pay_right,
            } => {
                format!(
                    "wonder with {} (left {pay_left}, right {pay_right})",
                    name(card)
                )
            }
            Action::BuildFree { card } => {
                format!("build {} free (Olympia's free build)", name(card))
            }
            Action::Sell { card } => format!("sell {}", name(card)),
            Action::BuildDiscarded { card } => {
                format!("build {} from the discard pile", name(card))
            }
            Action::CopyGuild { guild, from } => format!("copy {} from seat {from}", name(guild)),
            Action::CoinLoss { coins, debt } => {
                format!("lose {coins} coins and take {debt} debt tokens")
            }
            Action::Draft { leader } => format!("draft {}", leader.leader().id),
            Action::Recruit { leader } => format!("recruit {}", leader.leader().id),
            Action::WonderLeader {
                leader,
                pay_left,
                pay_right,
            } => format!(
                "wonder with {} (left {pay_left}, right {pay_right})",
                leader.leader().id
            ),
            Action::SellLeader { leader } => format!("sell {}", leader.leader().id),
            Action::DiscardVictoryToken { value } => {
                format!("discard a victory token of {value}")
            }
            Action::BuryLeader { leader } => format!("bury {}", leader.leader().id),
            Action::RecruitExtra { leader } => format!("recruit {} (Roma)", leader.leader().id),
        }
    }
}

impl Game for ClassicGame {
    type Action = Action;
    type Error = ClassicError;

    fn encoding(&self) -> Option<wonders_bots::Encoding> {
        Some(wonders_common::encoding::encoding_of(
            self,
            observation::space_of(self),
        ))
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        wonders_common::encoding::Encoded::encode(
            self,
            seat,
            &mut wonders_common::encoding::Writer::new(out),
        );
    }

    fn encoded_action(&self, action: Self::Action) -> (usize, u32) {
        wonders_common::encoding::Encoded::action_id(self, action)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    fn current_player(&self) -> usize {
        self.current_seat()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), ClassicError> {
        self.play(action)
    }

    fn apply_listed(&mut self, action: Action) -> Result<(), ClassicError> {
        self.play_listed(action)
    }

    /// Selling any card gives one class, and building the wonder stage with any card one per
    /// payment split: the evaluation reads the cities and the clock, never a hand, and the
    /// card sold or tucked changes neither (`tests/classic_bots.rs` checks it over random positions).
    fn evaluation_class(&self, action: Action) -> Option<u32> {
        match action {
            Action::Sell { .. } => Some(0),
            Action::Wonder {
                pay_left,
                pay_right,
                ..
            } => Some(1 + ((pay_left as u32) << 8 | pay_right as u32)),
            _ => None,
        }
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    fn returns(&self, out: &mut [f64]) {
        let w = self.winners();
        for (s, o) in out.iter_mut().enumerate().take(self.players()) {
            *o = if w.contains(&s) {
                1.0 / w.len() as f64
            } else {
                0.0
            };
        }
    }

    fn scores(&self, out: &mut [i32]) {
        for (s, o) in out.iter_mut().enumerate().take(self.players()) {
            *o = self.score(s).total;
        }
    }

    fn evaluate(&self, out: &mut [f64]) {
        self.evaluate_position(out);
    }

    fn evaluate_scratch(&mut self, out: &mut [f64]) {
        self.evaluate_scratch_position(out);
    }

    /// The evaluation's softmax over the final totals. The decoupled search values a finished
    /// rollout by it: at 5 players the returns are 0 for the searcher in about four rollouts
    /// of five whatever it chose, and Age III's choices were made on that (results/README.md,
    /// issue 30's fifth round: `mcts:iterations=200` self-play at 5 players went from 44.7 to
    /// 46.3 points a seat, and won as often head to head).
    fn soft_returns(&self, out: &mut [f64]) -> bool {
        self.soft_returns_position(out)
    }

    /// Greedy rollouts cut after 4 moves. Measured at 3 players, `mcts:iterations=500` against
    /// two greedy bots, 300 games with the seats rotated: random rollouts to the end won
    /// 59.3%, random ones cut at 8 moves 65.7%, greedy ones cut at 4 moves 73.5% (twice the
    /// fair share with room) at a quarter of the speed of random rollouts, greedy ones to the
    /// end 96% but 16 times slower (results/README.md).
    fn default_rollout() -> (Rollout, Option<u32>) {
        (
            Rollout::Greedy {
                epsilon: DEFAULT_EPSILON,
            },
            Some(4),
        )
    }

    /// The decoupled search's rollouts play two whole turns (the same 6 moves as the 4 of
    /// `default_rollout` rounded up to a turn's end at 3 players; 10 moves instead of 5 at 5
    /// players, where one turn of look-ahead lost to the sequential search). Measured at 5
    /// players, `mcts:time_ms=10` against four `mcts:time_ms=10,simultaneous=sequential`,
    /// seats rotated, the same 300 seeds: one turn won 18.7%, two 24.0%, three fewer
    /// (results/README.md).
    fn default_rollout_turns() -> Option<u32> {
        Some(2)
    }

    fn mover_options_are_known(&self) -> bool {
        true
    }

    /// Every turn (and Leaders' draft round and recruitment) is chosen at once; the engine
    /// asks the seats in order and hides each choice until the last.
    fn simultaneous_chosen(&self) -> Option<u64> {
        ClassicGame::simultaneous_chosen(self)
    }

    fn withdraw_choices(&mut self, seats: u64) {
        ClassicGame::withdraw_choices(self, seats);
    }

    fn neutralize_choices(&mut self, seats: u64) {
        ClassicGame::neutralize_choices(self, seats);
    }

    fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
        self.determinized(observer, rng)
    }

    fn determinize_into(&self, observer: usize, rng: &mut dyn RngCore, out: &mut Self) {
        self.determinized_into(observer, rng, out);
    }

    fn action_name(&self, action: Action) -> String {
        self.describe_action(action)
    }
}
