//! A turn: each seat's hidden choice, then the resolution (cards placed, payments, income),
//! passing the hands, the sixth turn, Babylon's last card and Halikarnassos' build.

use super::*;
use crate::leaders_data::LeaderEffect;

impl ClassicGame {
    pub(super) fn begin_turn(&mut self, movers: u8, refresh: bool) {
        self.step = Step::Turn;
        self.movers = movers;
        if refresh {
            for s in 0..self.n {
                self.spendable[s] = self.cities[s].coins;
                self.market[s] = self.cities[s].sells;
                self.prices[s] = self.cities[s].prices;
            }
        }
    }

    /// Plays `action` for the player to move.
    pub fn play(&mut self, action: Action) -> Result<(), ClassicError> {
        self.play_with(action, Self::terms, &mut Unheard)
    }

    /// Plays `action` for the player to move, telling `sink` what happens as the rules
    /// resolve it (nothing while a turn's choices stay hidden).
    pub fn play_heard<S: EventSink<Event>>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> Result<(), ClassicError> {
        self.play_with(action, Self::terms, sink)
    }

    /// Plays an action [`ClassicGame::legal`] listed for this state (or for one the mover
    /// cannot tell from it) without pricing it again: see
    /// [`wonders_bots::Game::apply_listed`].
    pub fn play_listed(&mut self, action: Action) -> Result<(), ClassicError> {
        self.play_with(action, Self::listed_terms, &mut Unheard)
    }

    /// Sells `card`, which the player to move holds, without checking it: the evaluation's
    /// stand-in move for the seats still to choose (it takes the card from the hand itself).
    pub(crate) fn play_held_sale(&mut self, card: CardId) -> Result<(), ClassicError> {
        let action = Action::Sell { card };
        debug_assert_eq!(self.terms(action), Ok((Free::No, 0)));
        self.play_with(action, |_, _| Ok((Free::No, 0)), &mut Unheard)
    }

    fn play_with<S: EventSink<Event>>(
        &mut self,
        action: Action,
        terms: impl Fn(&Self, Action) -> Result<(Free, u8), &'static str>,
        sink: &mut S,
    ) -> Result<(), ClassicError> {
        let seat = self.to_move();
        if self.step == Step::Over {
            return Err(ClassicError::GameOver);
        }
        let (free, bank) = terms(self, action).map_err(|reason| ClassicError::Illegal {
            seat,
            action: self.describe_action(action),
            reason,
        })?;
        let before = (self.history.len(), self.age);
        match self.step {
            Step::Turn | Step::Draft => {
                self.pending[seat] = Some((action, free, bank));
                let all_chosen = {
                    let mut m = self.movers;
                    let mut done = true;
                    while m != 0 {
                        if self.pending[m.trailing_zeros() as usize].is_none() {
                            done = false;
                        }
                        m &= m - 1;
                    }
                    done
                };
                if all_chosen {
                    if self.step == Step::Draft {
                        self.resolve_draft(sink);
                    } else if self.recruiting {
                        self.resolve_recruitment(sink);
                    } else {
                        self.resolve_turn(sink);
                    }
                }
            }
            Step::BuildDiscarded(_) => {
                self.build_from_discard(seat, action.card(), sink);
                self.advance(sink);
            }
            Step::DiscardVictory(_) | Step::BuryLeader(_) | Step::RecruitExtra(_) => {
                self.play_leader_decision(seat, action, bank, sink);
            }
            Step::CoinLoss(_) => {
                if let Action::CoinLoss { coins, debt } = action {
                    let city = &mut self.cities[seat];
                    city.coins -= u32::from(coins);
                    city.cities_seat.debt += debt;
                }
                self.push_history(seat, action, Free::No, bank, 0, sink);
                if let Action::CoinLoss { coins, debt } = action {
                    let seat = seat as u8;
                    sink.tell(|| Event::CoinLoss { seat, coins, debt });
                }
                self.advance(sink);
            }
            Step::CopyGuild(_) => {
                if let Action::CopyGuild { guild, .. } = action {
                    self.cities[seat].copied_guild = Some(guild);
                }
                self.push_history(seat, action, Free::No, 0, 0, sink);
                self.step = Step::Over;
            }
            Step::Over => unreachable!(),
        }
        if S::HEARS {
            if self.history.len() > before.0 || self.age != before.1 {
                sink.tell(|| Event::Resolved);
            }
            if self.step == Step::Over {
                sink.tell(|| self.game_over_event());
            }
        }
        Ok(())
    }

    /// Records a resolved action and tells it (with the Diplomacy tokens it gives).
    pub(super) fn push_history<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        action: Action,
        free: Free,
        pay_bank: u8,
        stage: u8,
        sink: &mut S,
    ) {
        let played = Played {
            seat: seat as u8,
            action,
            age: self.age,
            turn: if self.recruiting || self.step == Step::Draft {
                RECRUITMENT_TURN
            } else {
                self.turn
            },
            free,
            pay_bank,
            stage,
        };
        self.history.push(played);
        sink.tell(|| Event::Played(played));
        if S::HEARS {
            let tokens = self.diplomacy_taken(seat, action, stage);
            if tokens > 0 {
                let seat = seat as u8;
                sink.tell(|| Event::Diplomacy { seat, tokens });
            }
        }
    }

    /// Cities: the Diplomacy tokens `action`, just resolved, gave `seat` (a black card,
    /// Byzantium's stage `stage`, Aspasia).
    fn diplomacy_taken(&self, seat: usize, action: Action, stage: u8) -> u8 {
        let is_diplomacy = |e: &CityEffect| *e == CityEffect::Diplomacy;
        match action {
            Action::Build { card, .. }
            | Action::BuildFree { card }
            | Action::BuildDiscarded { card } => match self.cat.card(card).effect {
                Effect::City(effects) => effects.iter().filter(|e| is_diplomacy(e)).count() as u8,
                _ => 0,
            },
            Action::Wonder { .. } | Action::WonderLeader { .. } => {
                let c = &self.cities[seat];
                let board = self.cat.side(c.wonder, c.side.index());
                board.stages[stage as usize - 1]
                    .powers
                    .iter()
                    .filter(|p| matches!(p, Power::City(e) if is_diplomacy(e)))
                    .count() as u8
            }
            Action::Recruit { leader } | Action::RecruitExtra { leader } => leader
                .leader()
                .effects
                .iter()
                .map(|e| match e {
                    LeaderEffect::Diplomacy(n) => *n,
                    _ => 0,
                })
                .sum(),
            Action::Sell { .. }
            | Action::CopyGuild { .. }
            | Action::CoinLoss { .. }
            | Action::Draft { .. }
            | Action::SellLeader { .. }
            | Action::DiscardVictoryToken { .. }
            | Action::BuryLeader { .. } => 0,
        }
    }

    /// Tells the coins `seat` pays for what it just played: to the bank, then to each
    /// neighbour (with what it bought there, when `bought` explains it).
    pub(super) fn tell_payments<S: EventSink<Event>>(
        &self,
        sink: &mut S,
        seat: usize,
        bank: u8,
        neighbours: [u8; 2],
        bought: Option<crate::payment::Purchase>,
    ) {
        if !S::HEARS {
            return;
        }
        let seat_id = seat as u8;
        if bank > 0 {
            sink.tell(|| Event::Paid {
                seat: seat_id,
                to: Payee::Bank,
                coins: u32::from(bank),
                bought: None,
            });
        }
        let (l, r) = (self.left_of(seat), self.right_of(seat));
        for (coins, to, what) in [
            (neighbours[0], l, bought.map(|w| w.left)),
            (neighbours[1], r, bought.map(|w| w.right)),
        ] {
            if coins > 0 {
                sink.tell(|| Event::Paid {
                    seat: seat_id,
                    to: Payee::Seat(to as u8),
                    coins: u32::from(coins),
                    bought: what,
                });
            }
        }
    }

    /// Credits a turn's (or a step's) incomes, telling each.
    pub(super) fn credit<S: EventSink<Event>>(&mut self, income: &[u32; MAX_SEATS], sink: &mut S) {
        for (seat, (city, &inc)) in self.cities.iter_mut().zip(income).enumerate() {
            city.coins += inc;
            if S::HEARS && inc > 0 {
                let seat = seat as u8;
                sink.tell(|| Event::Income { seat, coins: inc });
            }
        }
    }

    /// Removes one copy of `card` from `seat`'s hand; returns its uid.
    pub(super) fn take_from_hand(&mut self, seat: usize, card: CardId, public: bool) -> usize {
        let mut bits = self.hand_uids(seat);
        let a = self.age as usize - 1;
        let turn = self.turn;
        let d = &mut self.deals[a];
        while bits != 0 {
            let u = bits.trailing_zeros() as usize;
            if d.cards[u] == card {
                d.removed |= 1 << u;
                d.removed_turn[u] = turn;
                d.removed_by[u] = seat as u8;
                if public {
                    d.public |= 1 << u;
                }
                return u;
            }
            bits &= bits - 1;
        }
        unreachable!("checked card not in hand")
    }

    /// Coins a building gives when built (counted after every card of the turn is placed).
    pub(super) fn coins_when_built(&self, seat: usize, card: CardId) -> u32 {
        self.cat
            .card(card)
            .effect
            .coins_when_built(self.table(), seat)
    }

    pub(super) fn resolve_turn<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let mut income = [0u32; MAX_SEATS];
        // Coins from the neighbours, and neighbours paid, per seat (for Berenice, Hatshepsut).
        let mut trade = [0u32; MAX_SEATS];
        let mut paid_neighbours = [0u8; MAX_SEATS];
        let mut built: ArrayVec<(usize, CardId, Free), MAX_SEATS> = ArrayVec::new();
        let mut stage_coins: ArrayVec<(usize, &'static [Power]), MAX_SEATS> = ArrayVec::new();
        let mut movers = self.movers;
        while movers != 0 {
            let seat = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            let (action, free, bank) = self.pending[seat].take().expect("every mover chose");
            let (l, r) = (self.left_of(seat), self.right_of(seat));
            match action {
                Action::Build { card, .. } | Action::BuildFree { card } => {
                    let (pay_left, pay_right) = match action {
                        Action::Build {
                            pay_left,
                            pay_right,
                            ..
                        } => (pay_left, pay_right),
                        _ => (0, 0),
                    };
                    // What the neighbours sold, priced on their production of the turn's start.
                    let bought = if S::HEARS && pay_left + pay_right > 0 {
                        let cost = &self.cat.card(card).cost.resources;
                        self.explain_purchase(seat, cost, pay_left, pay_right)
                    } else {
                        None
                    };
                    self.take_from_hand(seat, card, true);
                    let paid = bank as u32 + pay_left as u32 + pay_right as u32;
                    let city = &mut self.cities[seat];
                    city.add_building(self.cat.card(card));
                    city.coins -= paid;
                    if matches!(action, Action::BuildFree { .. }) {
                        city.free_build_used = true;
                    }
                    self.spendable[seat] -= paid;
                    income[l] += pay_left as u32;
                    income[r] += pay_right as u32;
                    if self.with_leaders() {
                        trade[l] += pay_left as u32;
                        trade[r] += pay_right as u32;
                        paid_neighbours[seat] = u8::from(pay_left > 0) + u8::from(pay_right > 0);
                    }
                    built.push((seat, card, free));
                    self.push_history(seat, action, free, bank, 0, sink);
                    self.tell_payments(sink, seat, bank, [pay_left, pay_right], bought);
                }
                Action::Wonder {
                    card,
                    pay_left,
                    pay_right,
                } => {
                    let bought = if S::HEARS && pay_left + pay_right > 0 {
                        let c = &self.cities[seat];
                        let board = self.cat.side(c.wonder, c.side.index());
                        let cost = &board.stages[c.stages as usize].cost.resources;
                        self.explain_purchase(seat, cost, pay_left, pay_right)
                    } else {
                        None
                    };
                    self.take_from_hand(seat, card, false);
                    // `bank`: a stage's own coin cost (Petra's).
                    let paid = bank as u32 + pay_left as u32 + pay_right as u32;
                    let city = &mut self.cities[seat];
                    let powers = city.add_stage(self.cat);
                    city.coins -= paid;
                    let stage = city.stages;
                    self.spendable[seat] -= paid;
                    income[l] += pay_left as u32;
                    income[r] += pay_right as u32;
                    if self.with_leaders() {
                        trade[l] += pay_left as u32;
                        trade[r] += pay_right as u32;
                        paid_neighbours[seat] = u8::from(pay_left > 0) + u8::from(pay_right > 0);
                    }
                    stage_coins.push((seat, powers));
                    if powers.contains(&Power::BuildFromDiscard) {
                        self.owed_discard_builds.push(seat as u8);
                    }
                    self.push_history(seat, action, Free::No, bank, stage, sink);
                    self.tell_payments(sink, seat, bank, [pay_left, pay_right], bought);
                }
                Action::Sell { card } => {
                    let u = self.take_from_hand(seat, card, false);
                    self.discard[self.age as usize - 1] |= 1 << u;
                    income[seat] += SELL_COINS;
                    self.push_history(seat, action, Free::No, 0, 0, sink);
                }
                Action::BuildDiscarded { .. }
                | Action::CopyGuild { .. }
                | Action::CoinLoss { .. }
                | Action::Draft { .. }
                | Action::Recruit { .. }
                | Action::WonderLeader { .. }
                | Action::SellLeader { .. }
                | Action::DiscardVictoryToken { .. }
                | Action::BuryLeader { .. }
                | Action::RecruitExtra { .. } => unreachable!("checked"),
            }
        }
        for &(seat, card, _) in &built {
            income[seat] += self.coins_when_built(seat, card);
        }
        for &(seat, ps) in &stage_coins {
            let city = &self.cities[seat];
            income[seat] += ps.iter().map(|p| p.coins_when_built(city)).sum::<u32>();
        }
        let cities = self.with_cities();
        if cities {
            self.cities_effects_built(&built, &stage_coins, &mut income, sink);
        }
        if let Some(table) = self.leaders.as_mut() {
            table.berenice_paid = 0;
            self.leader_turn_coins(&built, &stage_coins, &paid_neighbours, &trade, &mut income);
            self.leader_stages_built(&stage_coins);
        }
        self.credit(&income, sink);
        if cities {
            for &(seat, card, _) in &built {
                if let Effect::City(effects) = self.cat.card(card).effect {
                    for &e in effects {
                        e.after_coins(&mut self.cities[seat]);
                    }
                }
            }
        }
        self.after_turn(sink);
    }

    /// Cities: what the turn's black cards and stages do beyond their own city and coins.
    pub(super) fn cities_effects_built<S: EventSink<Event>>(
        &mut self,
        built: &[(usize, CardId, Free)],
        stages: &[(usize, &'static [Power])],
        income: &mut [u32; MAX_SEATS],
        sink: &mut S,
    ) {
        for &(seat, card, _) in built {
            if let Effect::City(effects) = self.cat.card(card).effect {
                for &e in effects {
                    self.city_effect_built(seat, e, income, sink);
                }
            }
        }
        for &(seat, ps) in stages {
            for p in ps {
                if let Power::City(e) = *p {
                    self.city_effect_built(seat, e, income, sink);
                }
            }
        }
    }

    /// What a Cities effect built by `owner` this turn does beyond its own city and its own
    /// coins: the other seats' coins (into `income`), the Raider cards' debts, the coin losses
    /// counted at the end of the turn, and a Forging Agency's build from the pile.
    fn city_effect_built<S: EventSink<Event>>(
        &mut self,
        owner: usize,
        e: CityEffect,
        income: &mut [u32; MAX_SEATS],
        sink: &mut S,
    ) {
        let (l, r) = (self.left_of(owner), self.right_of(owner));
        for (seat, inc) in income.iter_mut().enumerate().take(self.n) {
            if seat != owner {
                *inc += e.coins_to_other(seat == l || seat == r);
            }
        }
        let debt = e.debt_to_neighbours();
        if debt > 0 {
            self.cities[l].cities_seat.debt += debt;
            sink.tell(|| Event::Debt {
                seat: l as u8,
                tokens: debt,
            });
            if r != l {
                self.cities[r].cities_seat.debt += debt;
                sink.tell(|| Event::Debt {
                    seat: r as u8,
                    tokens: debt,
                });
            }
        }
        if crate::cities::is_coin_loss(e) {
            self.cities_table.turn_losses.push((owner as u8, e));
        }
        if e == CityEffect::BuildFromDiscard {
            self.cities_table.owed_forging.push(owner as u8);
        }
    }

    pub(super) fn after_turn<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let last = self.last_turn();
        if self.turn <= last {
            let t = self.turn;
            let v1 = self.cat.edition == Edition::V1;
            let mut babylon = None;
            if t == last {
                // The sixth turn's leftover is discarded, except by a city that plays it.
                let a = self.age as usize - 1;
                for seat in 0..self.n {
                    let bits = self.hand_uids(seat);
                    if bits == 0 {
                        continue;
                    }
                    if self.cities[seat].has(powers::PLAY_LAST_CARD) {
                        babylon = Some(seat as u8);
                    } else {
                        let u = bits.trailing_zeros() as usize;
                        let d = &mut self.deals[a];
                        d.removed |= 1 << u;
                        d.removed_turn[u] = last;
                        d.removed_by[u] = seat as u8;
                        self.discard[a] |= 1 << u;
                        let card = d.cards[u];
                        let seat = seat as u8;
                        sink.tell(|| Event::LastCardDiscarded { seat, card });
                    }
                }
            }
            if t < last {
                let age = self.age;
                sink.tell(|| Event::HandsPassed {
                    age,
                    to_left: age != 2,
                });
            }
            self.turn += 1;
            self.next.clear();
            if let (Some(b), true) = (babylon, v1) {
                self.next.push(Next::SeventhCard(b));
            }
            self.push_end_of_turn_steps(self.next.len());
            if let (Some(b), false) = (babylon, v1) {
                self.next.push(Next::ExtraTurn(b));
            }
            self.next
                .push(if t == last { Next::EndAge } else { Next::Turn });
        } else {
            // Babylon's extra play: its own end-of-turn steps come first.
            self.push_end_of_turn_steps(0);
        }
        self.advance(sink);
    }

    /// The end-of-turn steps owed by the turn just resolved, queued at `at` in the order the
    /// record format fixes: Leaders' decisions (Telesilla's discards, then Abu Simbel's burial
    /// and Roma night's extra recruitment in seat order), the builds from the discard pile
    /// (Halikarnassos, Solomon, Forging Agency), then Cities' coin losses.
    pub(super) fn push_end_of_turn_steps(&mut self, at: usize) {
        if self.leaders.is_none() && !self.with_cities() {
            // The base game: only Halikarnassos' builds.
            for (i, h) in self.owed_discard_builds.drain(..).enumerate() {
                self.next.insert(at + i, Next::Discarded(h));
            }
            return;
        }
        let mut steps: ArrayVec<Next, 16> = ArrayVec::new();
        if let Some(table) = self.leaders.as_mut() {
            let owed = &mut table.owed;
            steps.extend(owed.telesilla.drain(..).map(Next::TelesillaDiscards));
            owed.stages.sort_by_key(|&(s, _)| s);
            steps.extend(owed.stages.drain(..).map(|(s, bury)| {
                if bury {
                    Next::Bury(s)
                } else {
                    Next::RecruitExtra(s)
                }
            }));
        }
        steps.extend(self.owed_discard_builds.drain(..).map(Next::Discarded));
        if let Some(table) = self.leaders.as_mut() {
            steps.extend(table.owed.solomon.drain(..).map(Next::Solomon));
        }
        if self.with_cities() {
            steps.extend(self.cities_table.owed_forging.drain(..).map(Next::Forging));
            steps.push(Next::CoinLosses);
        }
        for (i, step) in steps.into_iter().enumerate() {
            self.next.insert(at + i, step);
        }
    }

    /// Moves to the next step that asks for a decision.
    pub(super) fn advance<S: EventSink<Event>>(&mut self, sink: &mut S) {
        loop {
            if self.next.is_empty() {
                return;
            }
            match self.next.remove(0) {
                Next::SeventhCard(b) => {
                    // Same turn: coins and neighbour production as at its start.
                    self.begin_turn(1 << b, false);
                    return;
                }
                Next::ExtraTurn(b) => {
                    self.begin_turn(1 << b, true);
                    return;
                }
                Next::Discarded(h) | Next::Solomon(h) | Next::Forging(h) => {
                    if !self
                        .discard_cards()
                        .difference(self.cities[h as usize].built)
                        .is_empty()
                    {
                        self.step = Step::BuildDiscarded(h);
                        return;
                    }
                }
                Next::CoinLosses => {
                    // Counted now: this turn's victory tokens and stages included.
                    let tokens: ArrayVec<u8, MAX_SEATS> = self
                        .cities
                        .iter()
                        .map(|c| c.victories[1] + c.victories[3] + c.victories[5])
                        .collect();
                    let stages: ArrayVec<u8, MAX_SEATS> =
                        self.cities.iter().map(|c| c.stages).collect();
                    let lost = {
                        let built: ArrayVec<(usize, &[CityEffect]), 16> = self
                            .cities_table
                            .turn_losses
                            .iter()
                            .map(|(owner, e)| (*owner as usize, std::slice::from_ref(e)))
                            .collect();
                        crate::cities::turn_losses(&built, &tokens, &stages)
                    };
                    self.cities_table.turn_losses.clear();
                    self.cities_table.losses = lost;
                    let mut i = 0;
                    for (seat, &l) in lost.iter().enumerate().take(self.n) {
                        if l > 0 {
                            self.next.insert(i, Next::PayLoss(seat as u8));
                            i += 1;
                        }
                    }
                }
                Next::PayLoss(s) => {
                    self.step = Step::CoinLoss(s);
                    return;
                }
                Next::EndRecruitment => {
                    self.end_recruitment();
                    return;
                }
                Next::TelesillaDiscards(owner) => {
                    let others = (0..self.n as u8).filter(|&s| s != owner);
                    let steps: ArrayVec<Next, MAX_SEATS> =
                        others.map(Next::DiscardVictory).collect();
                    for (i, step) in steps.into_iter().enumerate() {
                        self.next.insert(i, step);
                    }
                }
                Next::DiscardVictory(s) => {
                    let v = &self.cities[s as usize].victories;
                    if v[1] + v[3] + v[5] > 0 {
                        self.step = Step::DiscardVictory(s);
                        return;
                    }
                }
                Next::Bury(s) => {
                    if !self.cities[s as usize].leader_seat.face_up.is_empty() {
                        self.step = Step::BuryLeader(s);
                        return;
                    }
                }
                Next::RecruitExtra(s) => {
                    let seat = s as usize;
                    let coins = self.cities[seat].coins;
                    let affordable = self.cities[seat]
                        .leader_seat
                        .hand
                        .iter()
                        .any(|l| u32::from(self.leader_cost(seat, l)) <= coins);
                    if affordable {
                        self.step = Step::RecruitExtra(s);
                        return;
                    }
                }
                Next::Turn => {
                    self.begin_turn(self.all_seats(), true);
                    return;
                }
                Next::EndAge => {
                    self.end_age(sink);
                    return;
                }
            }
        }
    }

    pub(super) fn build_from_discard<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        card: CardId,
        sink: &mut S,
    ) {
        for a in 0..3 {
            let mut bits = self.discard[a];
            while bits != 0 {
                let u = bits.trailing_zeros() as usize;
                if self.deals[a].cards[u] == card {
                    // Told first, then what it brings.
                    let action = Action::BuildDiscarded { card };
                    self.push_history(seat, action, Free::No, 0, 0, sink);
                    self.discard[a] &= !(1 << u);
                    self.deals[a].public |= 1 << u;
                    self.cities[seat].add_building(self.cat.card(card));
                    let mut income = [0u32; MAX_SEATS];
                    income[seat] = self.coins_when_built(seat, card);
                    let effects = match self.cat.card(card).effect {
                        Effect::City(effects) => effects,
                        _ => &[],
                    };
                    for &e in effects {
                        self.city_effect_built(seat, e, &mut income, sink);
                    }
                    if self.leaders.is_some() {
                        // Xenophon, Diocletian, Nero and Berenice pay for a build from the pile
                        // too (Vitruvius only for chain builds).
                        let none = [0; MAX_SEATS];
                        let built = [(seat, card, Free::No)];
                        self.leader_turn_coins(&built, &[], &[0; MAX_SEATS], &none, &mut income);
                    }
                    self.credit(&income, sink);
                    for &e in effects {
                        e.after_coins(&mut self.cities[seat]);
                    }
                    // A Forging Agency built from the pile builds in its turn too, after the
                    // builds already owed.
                    if !self.cities_table.owed_forging.is_empty() {
                        let at = self
                            .next
                            .iter()
                            .position(|n| {
                                !matches!(
                                    n,
                                    Next::Discarded(_) | Next::Solomon(_) | Next::Forging(_)
                                )
                            })
                            .unwrap_or(self.next.len());
                        for h in std::mem::take(&mut self.cities_table.owed_forging) {
                            self.next.insert(at, Next::Forging(h));
                        }
                    }
                    return;
                }
                bits &= bits - 1;
            }
        }
        unreachable!("checked card in the discard pile")
    }
}
