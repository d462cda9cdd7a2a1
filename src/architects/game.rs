//! The bot interface: `wonders_bots::Game` for `Architects`.

use rand::RngCore;
use wonders_bots::{Game, MAX_PLAYERS};

use super::data::{Card, Colour, Cost, Token, CARD_KINDS, TOKEN_KINDS};
use super::state::{Action, Architects, ArchitectsError, DeckRef, Phase};

impl Game for Architects {
    type Action = Action;
    type Error = ArchitectsError;

    fn encoding(&self) -> Option<wonders_bots::Encoding> {
        Some(wonders_common::encoding::encoding_of(
            self,
            <Architects as wonders_common::encoding::Encoded>::action_space(&self.config),
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
        self.current
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        Architects::legal_actions(self, out)
    }

    fn apply(&mut self, action: Action) -> Result<(), ArchitectsError> {
        Architects::apply(self, action)
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    fn returns(&self, out: &mut [f64]) {
        let n = self.players();
        out[..n].fill(0.0);
        if self.is_over() {
            let w = self.winners();
            for &p in &w {
                out[p] = 1.0 / w.len() as f64;
            }
        }
    }

    fn scores(&self, out: &mut [i32]) {
        for (p, o) in out.iter_mut().enumerate().take(self.players()) {
            *o = self.score(p).total() as i32;
        }
    }

    /// The chance each seat wins once the mover has settled its turn: the decisions it still
    /// owes in this turn (construction and its payment, a science set's token, an extra card,
    /// a stage's effect) are played first, each the one after which its own chance is
    /// highest, then [`Architects::win_chances`] reads the position. A Take that completes a
    /// piece is thus valued with the piece built (and a Take that would force the last piece
    /// while behind, with the lost game it ends). Near the end, the next seat answers
    /// before the position is read ([`Architects::answer_near_the_end`]).
    fn evaluate(&self, out: &mut [f64]) {
        if self.is_over() {
            self.win_chances(out);
        } else {
            self.clone().evaluate_scratch(out);
        }
    }

    fn evaluate_scratch(&mut self, out: &mut [f64]) {
        self.evaluate_with(&WEIGHTS, out);
    }

    /// A determinization redraws the central deck, whose top a Take from it places: one
    /// sample would let greedy chase a lucky draw, so it averages over several.
    fn default_determinizations() -> u32 {
        GREEDY_DETERMINIZATIONS
    }

    fn mover_options_are_known(&self) -> bool {
        true
    }

    fn determinize(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
        self.determinize_for(observer, rng)
    }
}

/// Determinizations greedy averages over by default (`greedy` spec without
/// `determinizations=`). Measured at 3 players, one greedy seat among two playing the first
/// legal action, 1,000 games: 1 determinization won 0.78 of them, 8 won 0.84.
const GREEDY_DETERMINIZATIONS: u32 = 8;

/// The position features [`Architects::position_value`] weighs, per seat.
pub const FEATURES: usize = 25;

/// The weight of each feature of [`Architects::seat_features`] in a seat's position value (the
/// log-odds scale of the softmax in `win_chances`). First fitted by maximum likelihood to who
/// won (a conditional logit: the softmax over the seats, as `win_chances` reads it) over 256,000
/// positions at the start of a turn of 3-player games, then tuned for play: fitted so that the
/// Take greedy ranks first is the one with the highest rollout value (21,820 Take decisions of
/// greedy at 3 players, 16 playouts per action, the other seats playing the first legal action,
/// at random or greedy; `examples/tune_weights.rs dump` and
/// `scripts/fit_architects_weights.py`, inverse temperature 300, a pull of 0.01 toward the fitted
/// weights, 100 steps). Feature 17 never occurs at the start of a turn (a set is turned in at
/// once) and is set by hand to about a token's worth (feature 13).
// 0.3180 is a fitted weight, not an approximation of 1/π.
#[allow(clippy::approx_constant)]
pub const WEIGHTS: [f64; FEATURES] = [
    -0.0399, -0.0134, 0.3180, 0.4013, 0.2792, -0.1861, 0.1916, -0.0095, -0.0095, 0.0261, 0.1139,
    0.3067, 0.5074, 0.7547, 0.5249, 0.3176, -0.4330, 0.6, -0.0095, 0.1137, -0.9255, 0.3554,
    -0.1632, -0.1069, 0.7441,
];

/// Each Progress token's worth to its holder beyond what the features count of it (points
/// through the score, the extra-card tokens through feature 13), in the position value's
/// log-odds; per copy held. Fitted to rollouts of greedy's token choices, since the features
/// valued every extra-card token alike and a token's points hardly at all until the end
/// (weight 21 grows with the clock): 7,205 choices of greedy at 3 players (games from seeds
/// 100,000–105,999, the other seats playing the first legal action, at random or greedy,
/// 2 : 2 : 1), each option valued by 16 playouts (the same determinizations and bots' seeds for
/// every option); fitted on three quarters of the 6,170 whose options' values differ so that
/// greedy's top option is the one of highest rollout value (a softmax over the options at
/// inverse temperature 20 on the log-odds of greedy's chance, a pull of 0.002 toward 0). `examples/token_values.rs` and `scripts/fit_architects_tokens.py`.
/// Medals' three tokens were not fitted.
pub const TOKEN_VALUES: [f64; TOKEN_KINDS] = [
    -0.04, // Urbanism
    0.01,  // Crafts
    0.18,  // Jewellery
    0.14,  // Science
    -0.27, // Propaganda
    -0.02, // Architecture
    0.15,  // Economy
    -0.44, // Engineering
    -0.15, // Tactics
    0.19,  // Decor
    0.14,  // Politics
    0.0,   // Strategy
    0.17,  // Education
    0.01,  // Culture
    0.0,   // Logistics
    0.0,   // Domestication
    0.0,   // Entrenchment
];

/// How near a seat other than the mover must be to finishing its Wonder (in cards, as
/// [`Architects::fewest_cards_to_finish`] counts them) for the next seat to answer the
/// mover's turn before the evaluation reads the position
/// ([`Architects::answer_near_the_end`]). Measured on a prototype at 3 players, one greedy
/// seat among two playing the first legal action, 4,000 games from seed 110000: no answer
/// 0.854, within 1 card 0.857, 2 cards 0.861, 3 cards 0.865, 5 cards 0.865, at 1.04, 1.09,
/// 1.16 and 1.43 times the cost. Letting the seat after the next answer too, or the central
/// deck, gained nothing more.
pub const ANSWER_WITHIN: f64 = 3.0;

/// The 14 resource and coin cards a Wonder's five pieces cost together at most (2 + 2 + 3 +
/// 3 + 4): the scale of the game's clock in `seat_features`.
const WONDER_COST: f64 = 14.0;

impl Architects {
    /// Every seat's chance to win: the returns of a finished game, else a softmax over the
    /// seats' position values ([`Architects::position_value`]), a conditional-logit model of
    /// who wins.
    pub fn win_chances(&self, out: &mut [f64]) {
        self.win_chances_with(&WEIGHTS, out);
    }

    /// [`Architects::win_chances`] with other weights than [`WEIGHTS`]: for tuning them
    /// (`src/architects/examples/tune_weights.rs`).
    pub fn win_chances_with(&self, weights: &[f64; FEATURES], out: &mut [f64]) {
        let n = self.players();
        if self.is_over() {
            self.returns(out);
            return;
        }
        let fewest = self.fewest_cards_to_finish();
        let mut values = [0.0; MAX_PLAYERS];
        for (p, v) in values[..n].iter_mut().enumerate() {
            *v = self.position_value_with(weights, p, fewest);
        }
        let best = values[..n].iter().cloned().fold(f64::MIN, f64::max);
        let mut sum = 0.0;
        for p in 0..n {
            out[p] = (values[p] - best).exp();
            sum += out[p];
        }
        for o in out[..n].iter_mut() {
            *o /= sum;
        }
    }

    /// Plays the decisions the seat to move still owes in its turn, each the legal action after
    /// which its [`Architects::win_chances`] are highest (the first such on ties), until
    /// another seat's turn starts or the game ends.
    fn settle_turn(&mut self, weights: &[f64; FEATURES]) {
        let seat = self.current;
        let mut actions = Vec::new();
        while !self.is_over() && self.phase != Phase::Take && self.current == seat {
            match self.best_next(weights, &mut actions, |_| true, |_| {}) {
                Some(next) => *self = next,
                None => break,
            }
        }
    }

    /// The state after the legal action `keep` accepts of the seat to move that leaves its
    /// [`Architects::win_chances`] highest (the first such on ties), each candidate state
    /// passed through `then` before it is read; `None` when no such action applies.
    fn best_next(
        &self,
        weights: &[f64; FEATURES],
        actions: &mut Vec<Action>,
        keep: impl Fn(Action) -> bool,
        then: impl Fn(&mut Architects),
    ) -> Option<Architects> {
        let seat = self.current;
        let mut chances = [0.0; MAX_PLAYERS];
        Architects::legal_actions(self, actions);
        let mut best: Option<(f64, Architects)> = None;
        for &action in actions.iter() {
            if !keep(action) {
                continue;
            }
            let mut next = self.clone();
            if next.apply(action).is_err() {
                continue;
            }
            then(&mut next);
            next.win_chances_with(weights, &mut chances);
            if best.as_ref().is_none_or(|(v, _)| chances[seat] > *v) {
                best = Some((chances[seat], next));
            }
        }
        best.map(|(_, next)| next)
    }

    /// Seat p's position value: the weighted sum of its features, with weights fitted to who
    /// won (listed in this file), plus its Progress tokens' [`TOKEN_VALUES`]; `fewest` is [`Architects::fewest_cards_to_finish`] of this
    /// state.
    pub fn position_value(&self, p: usize, fewest: f64) -> f64 {
        self.position_value_with(&WEIGHTS, p, fewest)
    }

    /// [`Architects::position_value`] with other weights than [`WEIGHTS`] (the same
    /// [`TOKEN_VALUES`]).
    pub fn position_value_with(&self, weights: &[f64; FEATURES], p: usize, fewest: f64) -> f64 {
        let f = self.seat_features(p, fewest);
        let tokens: f64 = self.seats[p]
            .tokens
            .iter()
            .zip(TOKEN_VALUES)
            .map(|(&k, v)| f64::from(k) * v)
            .sum();
        f.iter().zip(weights).map(|(x, w)| x * w).sum::<f64>() + tokens
    }

    /// The evaluation ([`Game::evaluate_scratch`]) with other weights than [`WEIGHTS`]:
    /// settles the mover's turn, lets the next seat answer when the end is near
    /// ([`Architects::answer_near_the_end`]), then reads every seat's chance to win into
    /// `out`. The state is left as read (`tune_weights dump` reads its features).
    pub fn evaluate_with(&mut self, weights: &[f64; FEATURES], out: &mut [f64]) {
        self.settle_turn(weights);
        self.answer_near_the_end(weights);
        self.win_chances_with(weights, out);
    }

    /// [`Architects::evaluate_with`] without the answer near the end: greedy's evaluation
    /// before it, kept to measure against (`tune_weights --without-answer`).
    pub fn evaluate_one_ply_with(&mut self, weights: &[f64; FEATURES], out: &mut [f64]) {
        self.settle_turn(weights);
        self.win_chances_with(weights, out);
    }

    /// After the mover's turn, when a seat other than the mover is within
    /// [`ANSWER_WITHIN`] cards of finishing its Wonder: the next seat takes the face-up top
    /// (of its two Wonder decks) after which its own chance is highest, its turn settled the
    /// same way. Near the end the race decides, and a one-ply model cannot see that the
    /// mover's take leaves the next seat the card that finishes its Wonder (or takes it
    /// away). Only other seats' needs decide, so that every action of the mover is
    /// evaluated at the same depth (its own take changes its own need). The central deck
    /// is left out: its top is hidden, and answering with it gained nothing measurable.
    pub fn answer_near_the_end(&mut self, weights: &[f64; FEATURES]) {
        if self.is_over() || self.phase != Phase::Take {
            return;
        }
        let n = self.players();
        let mover = if self.current == 0 { n } else { self.current } - 1;
        let near = (0..n)
            .filter(|&q| q != mover)
            .any(|q| self.cards_to_finish(q).0 <= ANSWER_WITHIN);
        if !near {
            return;
        }
        let face_up = |a: Action| matches!(a, Action::Take(DeckRef::Wonder(_)));
        let mut actions = Vec::new();
        if let Some(next) = self.best_next(weights, &mut actions, face_up, |next| {
            next.settle_turn(weights)
        }) {
            *self = next;
        }
    }

    /// [`Architects::evaluate_with`] one round deeper: after the mover's turn, every other
    /// seat in turn takes the card after which its own chance is highest (its turn settled
    /// the same way), then the model reads the position at the mover's next turn.
    /// `mover` is the seat whose action led here (the seat to move may already be the next).
    /// Not greedy's evaluation: at 3 players it won 0.869 of 6,000 games against the first
    /// legal action when greedy (one ply deep then) won 0.847, at about 7 times the cost;
    /// greedy's answer near the end ([`Architects::answer_near_the_end`]) has that gain at
    /// greedy's cost. The `tune_weights` example's `--round` plays it.
    pub fn evaluate_round_with(
        &mut self,
        weights: &[f64; FEATURES],
        mover: usize,
        out: &mut [f64],
    ) {
        if self.current == mover {
            self.settle_turn(weights);
        }
        let mut actions = Vec::new();
        while !self.is_over() && self.current != mover {
            match self.best_next(
                weights,
                &mut actions,
                |_| true,
                |next| next.settle_turn(weights),
            ) {
                Some(next) => *self = next,
                None => break,
            }
        }
        self.win_chances_with(weights, out);
    }

    /// The resource and coin cards seat p still needs to finish its Wonder (what its unbuilt
    /// pieces cost less what it holds toward them), and the points those pieces give.
    fn cards_to_finish(&self, p: usize) -> (f64, f64) {
        let s = &self.seats[p];
        let pieces = &self.wonders[p].wonder().pieces;
        let (mut cost, mut points) = (0, 0);
        for (k, piece) in pieces.iter().enumerate() {
            if s.built & (1 << k) == 0 {
                cost += piece.cost.count();
                points += piece.vp;
            }
        }
        let held = (s.colour_count(Colour::Grey) + s.count(Card::Coin)).min(cost);
        (f64::from(cost - held), f64::from(points))
    }

    /// The fewest cards any seat still needs to finish its Wonder (at least one half): how
    /// near the game's end is. The game ends when a Wonder is finished.
    pub fn fewest_cards_to_finish(&self) -> f64 {
        (0..self.players())
            .map(|q| self.cards_to_finish(q).0)
            .fold(f64::MAX, f64::min)
            .max(0.5)
    }

    /// What the evaluation reads of seat p's position, every feature public (the seat's cards,
    /// pieces, tokens and shields, the Conflict tokens, the Cat, the Progress tokens left):
    ///
    /// - 0: points so far;
    /// - 1, 2: the open piece nearest completion: its share of cards held times its points,
    ///   and that share squared times its points (the last card counts most);
    /// - 3: resources and coins beyond what that piece can use;
    /// - 4: pieces built;
    /// - 5, 6: the race: the points of the unbuilt pieces times how near this seat is to
    ///   finishing compared with the nearest seat (`fewest` over its own need, at most 1), and
    ///   times its square: the seat that finishes first scores its whole Wonder, the others
    ///   part of it;
    /// - 7: green cards; 8: distinct science symbols; 18: science symbols held once;
    /// - 9, 10, 19, 11: shields against each neighbour: the sign of the difference, the same
    ///   weighted by the share of Conflict tokens flipped (a Battle is nearer) and by its
    ///   square, and the difference capped at 3; 20: shields;
    /// - 12: red cards without horns (their shields stay after a Battle);
    /// - 13: Progress tokens that score nothing themselves (extra cards, Tactics, ...);
    /// - 14: Economy and Engineering (cheaper pieces); 15: coins;
    /// - 16: the Cat (whose 2 points are in 0: it changes hands);
    /// - 17: a science set ready to turn in while tokens are left (a token about to be taken);
    /// - 21: points so far times how far the game has run (the fewest cards any seat needs, on
    ///   the scale of a whole Wonder): late points are safer than early ones;
    /// - 22, 23, 24: the face-up top of one of the seat's two Wonder decks would bring its
    ///   nearest piece a card nearer, would complete it, would complete its Wonder (and end
    ///   the game): what the seat takes next if nobody takes it first.
    pub fn seat_features(&self, p: usize, fewest: f64) -> [f64; FEATURES] {
        let s = &self.seats[p];
        let mut f = [0.0; FEATURES];
        f[0] = f64::from(self.score(p).total());
        let grey = Card::RESOURCES.map(|c| s.count(c));
        let coins = s.count(Card::Coin);
        let built = s.stages_built();
        if built < 5 {
            let pieces = &self.wonders[p].wonder().pieces;
            let engineering = s.has(Token::Engineering);
            let economy = u32::from(s.has(Token::Economy) && coins >= 1);
            let (mut nearest, mut nearest_squared, mut used) = (0.0, 0.0, 0);
            for k in self.open_pieces(p) {
                let piece = pieces[k];
                let count = piece.cost.count();
                let greys = self.greys_toward(piece.cost, &grey, engineering);
                let reach = (greys + coins + economy).min(count);
                let share = f64::from(reach) / f64::from(count);
                let points = f64::from(piece.vp);
                if share * points > nearest {
                    nearest = share * points;
                    nearest_squared = share * share * points;
                    used = reach;
                }
            }
            f[1] = nearest;
            f[2] = nearest_squared;
            f[3] = f64::from((grey.iter().sum::<u32>() + coins).saturating_sub(used));
            let (need, points) = self.cards_to_finish(p);
            let near = (fewest / need.max(0.5)).min(1.0);
            f[5] = points * near;
            f[6] = points * near * near;
        }
        f[4] = f64::from(built);
        let science = Card::SCIENCE.map(|c| s.count(c));
        f[7] = f64::from(science.iter().sum::<u32>());
        f[8] = science.iter().filter(|&&x| x > 0).count() as f64;
        let n = self.players();
        let mine = f64::from(self.shields(p));
        let flipped = f64::from(self.conflict_flipped) / f64::from(self.conflict_total);
        for q in [(p + 1) % n, (p + n - 1) % n] {
            let d = mine - f64::from(self.shields(q));
            f[9] += d.signum();
            f[10] += d.signum() * flipped;
            f[11] += d.clamp(-3.0, 3.0);
            f[19] += d.signum() * flipped * flipped;
        }
        f[12] = f64::from(s.count(Card::Red0Horn));
        f[13] = [
            Token::Urbanism,
            Token::Crafts,
            Token::Jewellery,
            Token::Science,
            Token::Propaganda,
            Token::Architecture,
            Token::Tactics,
        ]
        .iter()
        .filter(|&&t| s.has(t))
        .count() as f64;
        f[14] = f64::from(u32::from(s.has(Token::Economy)) + u32::from(s.has(Token::Engineering)));
        f[15] = f64::from(coins);
        f[16] = f64::from(u32::from(self.cat == Some(p)));
        let set = science.iter().any(|&x| x >= 2) || science.iter().all(|&x| x >= 1);
        let tokens_left =
            !self.progress_stack.is_empty() || self.progress_row.iter().any(|t| t.is_some());
        f[17] = f64::from(u32::from(set && tokens_left));
        f[18] = science.iter().filter(|&&x| x == 1).count() as f64;
        f[20] = mine;
        f[21] = f[0] * (1.0 - fewest / WONDER_COST);
        if built < 5 {
            let (reach, complete) = self.nearest_reach(p, &s.area);
            for deck in [self.left_deck(p), self.right_deck(p)] {
                let Some(card) = self.top(deck) else { continue };
                if !card.is_resource() && card != Card::Coin {
                    continue;
                }
                let mut area = s.area;
                area[card.index()] += 1;
                let (more, completes) = self.nearest_reach(p, &area);
                if more > reach {
                    f[22] = 1.0;
                }
                if completes && !complete {
                    f[23] = 1.0;
                    if built == 4 {
                        f[24] = 1.0;
                    }
                }
            }
        }
        f
    }

    /// With the cards `area` in front of seat p: the most cards toward an open piece its
    /// resources and coins pay, and whether they pay some open piece in full.
    fn nearest_reach(&self, p: usize, area: &[u8; CARD_KINDS]) -> (u32, bool) {
        let s = &self.seats[p];
        let grey = Card::RESOURCES.map(|c| u32::from(area[c.index()]));
        let coins = u32::from(area[Card::Coin.index()]);
        let engineering = s.has(Token::Engineering);
        let economy = u32::from(s.has(Token::Economy) && coins >= 1);
        let pieces = &self.wonders[p].wonder().pieces;
        let (mut most, mut complete) = (0, false);
        for k in self.open_pieces(p) {
            let count = pieces[k].cost.count();
            let reach = (self.greys_toward(pieces[k].cost, &grey, engineering) + coins + economy)
                .min(count);
            most = most.max(reach);
            complete |= reach == count;
        }
        (most, complete)
    }

    /// How many of the grey cards `grey` (per resource) a piece costing `cost` can use.
    fn greys_toward(&self, cost: Cost, grey: &[u32; 5], engineering: bool) -> u32 {
        if engineering {
            return grey.iter().sum();
        }
        match cost {
            Cost::Different(_) => grey.iter().filter(|&&x| x > 0).count() as u32,
            Cost::Identical(_) => grey.iter().copied().max().unwrap_or(0),
        }
    }
}
