//! 7 Wonders Duel through the game-agnostic [`Game`] interface.

use rand::RngCore;
use wonders_bots::Game;

use super::data::{Color, Progress, BASE_CARDS, BASE_WONDERS, CARDS, WONDERS};
use super::pantheon_data::OFFERING_TOKENS;
use super::state::{describe, Action, Duel, DuelError, Pending, CAPITAL, SCIENCE_SUPREMACY};

impl Game for Duel {
    type Action = Action;
    type Error = DuelError;

    fn encoding(&self) -> Option<wonders_bots::Encoding> {
        Some(wonders_common::encoding::encoding_of(
            self,
            <Duel as wonders_common::encoding::Encoded>::action_space(self.options()),
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
        2
    }

    fn current_player(&self) -> usize {
        self.current_seat()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), DuelError> {
        self.play(action)
    }

    fn apply_listed(&mut self, action: Action) -> Result<(), DuelError> {
        self.play_listed(action)
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    fn returns(&self, out: &mut [f64]) {
        out[..2].fill(0.0);
        if let Some((_, winners)) = self.outcome() {
            for &w in &winners {
                out[w] = 1.0 / winners.len() as f64;
            }
        }
    }

    fn scores(&self, out: &mut [i32]) {
        for (seat, o) in out.iter_mut().enumerate().take(2) {
            *o = self.score(seat).total();
        }
    }

    /// The seat to move wins if one of its options ends the game by a supremacy at once
    /// ([`Duel::supremacy_in_reach`]); otherwise a logistic curve of the difference of the
    /// seats' [`Duel::position_value`].
    fn evaluate(&self, out: &mut [f64]) {
        if self.is_over() {
            self.returns(out);
            return;
        }
        if self.is_pantheon() && self.pending().is_some_and(is_divine_decision) {
            return self.evaluate_best_decision(out);
        }
        if let Some(winner) = self.supremacy_in_reach() {
            out[winner] = 1.0;
            out[1 - winner] = 0.0;
            return;
        }
        let diff = self.position_value(0) - self.position_value(1);
        let p0 = 1.0 / (1.0 + (-diff / 8.0).exp());
        out[0] = p0;
        out[1] = 1.0 - p0;
    }

    /// Not public: the supremacy check reads the options of the seat to move, among them a
    /// card that the action just valued uncovered in the structure (face down until then), so
    /// greedy values its actions on a determinization. (`position_value` alone reads only
    /// public facts: checked in `tests/duel_determinize.rs`.) With Pantheon, a Divinity's
    /// decision is valued by its best option, which may read the decks.
    fn evaluation_is_public(&self) -> bool {
        false
    }

    /// A seat's options read only what it sees: the face-up cards and both cities, and with
    /// Pantheon the spaces' face-up cards, the top cards it drew or the deck it looks through.
    /// (Checked by the searches in debug builds, so by every MCTS test and game.)
    fn mover_options_are_known(&self) -> bool {
        true
    }

    /// An action's id is its card, Wonder, token or Divinity and what it does with it
    /// (`Encoded::action_id` reads nothing else).
    fn action_ids_are_fixed(&self) -> bool {
        true
    }

    /// Every decision of the base game is played face up (a card taken from the structure, a
    /// Wonder built with a known card, a token chosen). With Pantheon a Divinity is placed face
    /// down: not public.
    fn decisions_are_public(&self) -> bool {
        !self.is_pantheon()
    }

    fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Duel {
        // Both seats see the same things in the base game; with Pantheon a seat knows the
        // Divinities it placed face down and the deck cards it saw.
        self.determinized_for(observer, rng)
    }

    fn determinize_into(&self, observer: usize, rng: &mut dyn RngCore, out: &mut Duel) {
        self.determinized_into(observer, rng, out);
    }

    fn action_name(&self, action: Action) -> String {
        describe(action)
    }
}

/// The decisions a Divinity (or the Gate, or the Divine Theater) asks for: the evaluation
/// values them by their best option, since the effect lies in the choice. (A placement's
/// effect shows only later.)
fn is_divine_decision(p: Pending) -> bool {
    p.is_pantheon() && !matches!(p, Pending::PlaceDivinity(_))
}

thread_local! {
    /// The option list [`Duel::supremacy_in_reach`] fills, kept per thread between calls.
    static OPTIONS: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The most shields one action of the base game adds, read from the card and Wonder tables:
/// the most a base card gives, one more for a red card with Strategy (which leaves Wonders
/// alone), or the most a base Wonder gives.
const MOST_SHIELDS_AT_ONCE: i8 = {
    let mut most = 0;
    let mut i = 0;
    while i < BASE_CARDS {
        let card = &CARDS[i];
        let shields = card.shields + (card.shields > 0 && matches!(card.color, Color::Red)) as u8;
        if shields > most {
            most = shields;
        }
        i += 1;
    }
    let mut w = 0;
    while w < BASE_WONDERS {
        if WONDERS[w].shields > most {
            most = WONDERS[w].shields;
        }
        w += 1;
    }
    most as i8
};

/// What [`Duel::position_value`] counts, in victory points. Tuned for play (greedy's win share
/// against the first legal action, random play, its first evaluation and MCTS): production is
/// worth about 4.4 times and coins 2.2 times the first values (0.9 and 0.15, science 0.5, with
/// which greedy won 0.80 against the first legal action). Production that pays for later
/// builds leaves coins to keep and to spend on Guilds: in greedy self-play a seat now ends with
/// 19.4 coins and 5.7 Guild points, with the first values 11.8 and 3.6 (results/README.md,
/// "Duel greedy's second evaluation").
///
/// Points per unit of production (of any kind, choice production included) per Age still to
/// come after this one: every unit saves its price at each purchase for the rest of the game.
const PRODUCTION_PER_AGE: f64 = 4.0;
/// Points per coin: a third, as the score counts them at the end, and the coins buy until
/// then.
const COIN: f64 = 1.0 / 3.0;
/// Points per square of a military lead (in Conflict pawn spaces): the nearer the capital, the
/// nearer a military supremacy.
const MILITARY_LEAD_SQUARED: f64 = 0.35;
/// Points per square of the distinct scientific symbols held.
const SCIENCE_SQUARED: f64 = 0.3;
/// Points of the Strategy token (each military building moves the pawn one more space).
const STRATEGY: f64 = 2.0;
/// Points per commercial (yellow) building: cheaper trade and coins to come.
const COMMERCIAL: f64 = 0.5;

impl Duel {
    /// The seat to move, when one of its options wins the game at once by a military or
    /// scientific supremacy. A one-ply search that valued a position by its points alone
    /// left the other seat the card that ends the game (against a seat that always played the
    /// first legal action, a quarter of greedy's losses were such supremacies).
    pub fn supremacy_in_reach(&self) -> Option<usize> {
        let seat = self.current_seat();
        // In the base game no action adds more than one scientific symbol or more than
        // MOST_SHIELDS_AT_ONCE shields: most positions need no look at the options.
        // (Pantheon's Divinities move the pawn and give symbols otherwise: always looked at.)
        if !self.is_pantheon() {
            let lead = self.pawn_toward_opponent(seat);
            let symbols = self.player(seat).science.count_ones();
            if symbols + 1 < SCIENCE_SUPREMACY && lead + MOST_SHIELDS_AT_ONCE < CAPITAL {
                return None;
            }
        }
        let in_reach = OPTIONS.with_borrow_mut(|options| {
            self.legal(options);
            options.iter().any(|&action| {
                let mut after = *self;
                after.play_listed(action).is_ok() && after.supremacy_winner() == Some(seat)
            })
        });
        in_reach.then_some(seat)
    }

    /// The evaluation of a waiting Divinity decision: that of its best option for the seat
    /// deciding.
    fn evaluate_best_decision(&self, out: &mut [f64]) {
        let seat = self.current_seat();
        let mut options = Vec::new();
        self.legal(&mut options);
        let mut best: Option<[f64; 2]> = None;
        for a in options {
            let mut g = *self;
            if g.play(a).is_err() {
                continue;
            }
            let mut v = [0.0; 2];
            g.evaluate(&mut v);
            if best.is_none_or(|b| v[seat] > b[seat]) {
                best = Some(v);
            }
        }
        let v = best.expect("a waiting decision has an option");
        out[..2].copy_from_slice(&v);
    }

    /// A rough worth of `seat`'s position in victory points: the score pad so far, plus what
    /// production, a military lead and scientific symbols promise for the rest of the game.
    pub fn position_value(&self, seat: usize) -> f64 {
        let p = self.player(seat);
        let score = self.score(seat);
        let mut v = score.total() as f64;
        // Production saves coins for the rest of the game; worth less as the game goes on.
        let ages_left = (3 - self.age()) as f64;
        let production = p.production.total() as f64 + (p.choice_raw + p.choice_goods) as f64;
        v += production * PRODUCTION_PER_AGE * ages_left;
        v += p.coins as f64 * COIN;
        // A military lead threatens supremacy.
        let lead = f64::from(self.pawn_toward_opponent(seat));
        if lead > 0.0 {
            v += lead * lead * MILITARY_LEAD_SQUARED;
        }
        // Distinct scientific symbols threaten supremacy and pairs bring tokens.
        let symbols = p.science.count_ones() as f64;
        v += symbols * symbols * SCIENCE_SQUARED;
        if p.has(Progress::Strategy) {
            v += STRATEGY;
        }
        v += p.colors[Color::Yellow as usize] as f64 * COMMERCIAL;
        if self.is_pantheon() {
            v += self.pantheon_prospects(seat, ages_left);
        }
        v
    }

    /// Pantheon's promises, in victory points: Offering tokens are coins off a later
    /// activation, Mythology tokens place Divinities and build a Grand Temple free, coins on
    /// Astarte are already points (counted by the score) and spendable. The Divinities on the
    /// spaces are open to both seats and count for neither.
    fn pantheon_prospects(&self, seat: usize, ages_left: f64) -> f64 {
        let p = self.pantheon();
        let offerings: u32 = (0..3)
            .filter(|&i| p.offerings[seat] >> i & 1 == 1)
            .map(|i| OFFERING_TOKENS[i] as u32)
            .sum();
        let mythology: u32 = p.mythology[seat].iter().map(|&n| n as u32).sum();
        // Coins are worth about a third of a point at the end, more while they can buy.
        offerings as f64 * 0.3 + mythology as f64 * (1.0 + ages_left)
    }
}
