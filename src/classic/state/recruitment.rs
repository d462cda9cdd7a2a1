//! Leaders: the leader draft before Age I, each Age's recruitment turn (recruit a leader of the
//! hand, build a stage with one under the board, or sell one for 3 coins), and Age III's return
//! of the leaders not recruited (RECORDS.md, "7 Wonders with Leaders and Cities").

use super::*;
use crate::leader_draft::{roma_night_reduction, Draft, LeaderBox, LeaderSet};
use crate::leaders::recruit_cost;
use crate::leaders_data::{BoardPassive, LeaderEffect, LeaderStagePower};

/// What Leaders adds to the table besides the cities' leaders.
#[derive(Clone, Debug)]
pub(crate) struct LeaderTable {
    /// The decks shuffled together.
    pub decks: ArrayVec<LeaderDeck, 3>,
    /// The 4 leaders dealt to each seat.
    pub deal: ArrayVec<[LeaderId; LEADERS_PER_SEAT], MAX_SEATS>,
    /// The box as dealt, in draw order.
    pub dealt_box: ArrayVec<LeaderId, 64>,
    pub draft: Draft,
    /// The leaders in the box now, in draw order (Age III's returns at the back).
    pub boxed: LeaderBox,
    /// The end-of-turn decisions the turn being resolved owes.
    pub owed: OwedSteps,
    /// Seats (bits) Berenice already paid in the turn being resolved (once per turn).
    pub berenice_paid: u8,
}

/// Leaders' end-of-turn decisions owed by the turn being resolved (RECORDS.md, step 4).
#[derive(Clone, Debug, Default)]
pub(crate) struct OwedSteps {
    /// Seats whose Telesilla entered play.
    pub telesilla: ArrayVec<u8, MAX_SEATS>,
    /// Stages built with a decision: (seat, true for Abu Simbel's burial, false for Roma
    /// night's extra recruitment).
    pub stages: ArrayVec<(u8, bool), MAX_SEATS>,
    /// Seats whose Solomon was recruited.
    pub solomon: ArrayVec<u8, MAX_SEATS>,
}

impl LeaderTable {
    pub fn new(
        decks: &[LeaderDeck],
        deal: &[[LeaderId; LEADERS_PER_SEAT]],
        boxed: &[LeaderId],
    ) -> Self {
        LeaderTable {
            decks: decks.iter().copied().collect(),
            deal: deal.iter().copied().collect(),
            dealt_box: boxed.iter().copied().collect(),
            draft: Draft::new(deal),
            boxed: LeaderBox::new(boxed),
            owed: OwedSteps::default(),
            berenice_paid: 0,
        }
    }
}

impl ClassicGame {
    /// The start of an Age: with Leaders its recruitment turn, for every seat holding a leader;
    /// otherwise (or when nobody holds one) the Age's first turn.
    pub(super) fn begin_age(&mut self) {
        self.turn = 0;
        if self.leaders.is_some() {
            let mut movers = 0u8;
            for (s, city) in self.cities.iter().enumerate() {
                if !city.leader_seat.hand.is_empty() {
                    movers |= 1 << s;
                }
            }
            if movers != 0 {
                self.recruiting = true;
                self.begin_turn(movers, true);
                return;
            }
        }
        self.recruiting = false;
        self.begin_turn(self.all_seats(), true);
    }

    /// The seat owning Roma's night side, if any.
    fn roma_night(&self) -> Option<usize> {
        self.cities.iter().position(|c| {
            self.cat.side(c.wonder, c.side.index()).passive
                == Some(BoardPassive::LeaderCostReduction {
                    own: 2,
                    neighbours: 1,
                })
        })
    }

    /// What recruiting `leader` costs `seat` now: its printed coins (1/2/3 by Age for the
    /// Age-variable symbol), nothing with Roma day or a face-up Maecenas, 2 less for Roma
    /// night's owner and 1 less for its neighbours, never below 0.
    pub fn leader_cost(&self, seat: usize, leader: LeaderId) -> u8 {
        let city = &self.cities[seat];
        let board = self.cat.side(city.wonder, city.side.index());
        let free = board.passive == Some(BoardPassive::FreeRecruitment)
            || city.leader_seat.powers.free_recruitment;
        let reduction = roma_night_reduction(seat, self.roma_night(), self.n);
        recruit_cost(leader.leader().cost, self.age, free, reduction)
    }

    /// The legal picks of the draft, or the recruitment turn's actions of the seat to move.
    pub(super) fn leader_actions(&self, out: &mut Vec<Action>) {
        let seat = self.to_move();
        if self.step == Step::Draft {
            let table = self.leaders.as_ref().expect("a draft has leaders");
            out.extend(
                table
                    .draft
                    .hand(seat)
                    .iter()
                    .map(|leader| Action::Draft { leader }),
            );
            return;
        }
        let stage = self.stage_ways(seat);
        for leader in self.cities[seat].leader_seat.hand.iter() {
            if self.leader_cost(seat, leader) as u32 <= self.spendable[seat] {
                out.push(Action::Recruit { leader });
            }
            self.push_ways(stage, out, |pay_left, pay_right| Action::WonderLeader {
                leader,
                pay_left,
                pay_right,
            });
            out.push(Action::SellLeader { leader });
        }
    }

    /// [`ClassicGame::terms`] of the draft and the recruitment turn's actions.
    pub(super) fn leader_terms(&self, action: Action) -> Result<(Free, u8), &'static str> {
        let seat = self.to_move();
        match (self.step, action) {
            (Step::Draft, Action::Draft { leader }) => {
                let table = self.leaders.as_ref().expect("a draft has leaders");
                if table.draft.hand(seat).contains(leader) {
                    Ok((Free::No, 0))
                } else {
                    Err("leader not in the hand")
                }
            }
            (Step::Turn, _) if !self.recruiting => Err("not the recruitment turn"),
            (Step::Turn, Action::Recruit { leader }) => {
                let cost = self.leader_cost(seat, leader);
                if !self.cities[seat].leader_seat.hand.contains(leader) {
                    Err("leader not in the hand")
                } else if cost as u32 > self.spendable[seat] {
                    Err("not enough coins")
                } else {
                    Ok((Free::No, cost))
                }
            }
            (
                Step::Turn,
                Action::WonderLeader {
                    leader,
                    pay_left,
                    pay_right,
                },
            ) => {
                if !self.cities[seat].leader_seat.hand.contains(leader) {
                    return Err("leader not in the hand");
                }
                self.stage_terms(seat, pay_left, pay_right)
            }
            (Step::Turn, Action::SellLeader { leader }) => {
                if self.cities[seat].leader_seat.hand.contains(leader) {
                    Ok((Free::No, 0))
                } else {
                    Err("leader not in the hand")
                }
            }
            _ => Err("not an action of this step"),
        }
    }

    /// Every seat picked: the round is played (its picks recorded seat by seat) and the hands
    /// pass right; after the fourth round the picks become the leader hands and Age I begins.
    pub(super) fn resolve_draft<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let mut picks = [LeaderId(0); MAX_SEATS];
        for (seat, pick) in picks.iter_mut().enumerate().take(self.n) {
            let (action, _, _) = self.pending[seat].take().expect("every seat picked");
            let Action::Draft { leader } = action else {
                unreachable!("checked");
            };
            *pick = leader;
            self.push_history(seat, action, Free::No, 0, 0, sink);
        }
        let table = self.leaders.as_mut().expect("a draft has leaders");
        table
            .draft
            .play_round(&picks[..self.n])
            .expect("picks checked against the hands");
        if !table.draft.is_over() {
            self.begin_turn(self.all_seats(), false);
            self.step = Step::Draft;
            return;
        }
        for seat in 0..self.n {
            self.cities[seat].leader_seat.hand = table.draft.picks(seat);
        }
        self.begin_age();
    }

    /// The recruitment turn resolved: payments, leaders placed face up, under a board or sold,
    /// then the coins and what recruiting a leader does at once.
    pub(super) fn resolve_recruitment<S: EventSink<Event>>(&mut self, sink: &mut S) {
        if let Some(table) = self.leaders.as_mut() {
            table.berenice_paid = 0;
        }
        let mut income = [0u32; MAX_SEATS];
        let mut trade = [0u32; MAX_SEATS];
        let mut paid_neighbours = [0u8; MAX_SEATS];
        let mut stages: ArrayVec<(usize, &'static [Power]), MAX_SEATS> = ArrayVec::new();
        let mut recruited: ArrayVec<(usize, LeaderId), MAX_SEATS> = ArrayVec::new();
        let mut movers = self.movers;
        while movers != 0 {
            let seat = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            let (action, free, bank) = self.pending[seat].take().expect("every mover chose");
            let (l, r) = (self.left_of(seat), self.right_of(seat));
            match action {
                Action::Recruit { leader } => {
                    let city = &mut self.cities[seat];
                    city.leader_seat.hand.remove(leader);
                    city.leader_seat.face_up.insert(leader);
                    city.refresh_leader_powers();
                    city.coins -= bank as u32;
                    self.spendable[seat] -= bank as u32;
                    recruited.push((seat, leader));
                    self.push_history(seat, action, free, bank, 0, sink);
                    self.tell_payments(sink, seat, bank, [0, 0], None);
                }
                Action::WonderLeader {
                    leader,
                    pay_left,
                    pay_right,
                } => {
                    let paid = bank as u32 + pay_left as u32 + pay_right as u32;
                    let city = &mut self.cities[seat];
                    city.leader_seat.hand.remove(leader);
                    let powers = city.add_stage(self.cat);
                    city.coins -= paid;
                    let stage = city.stages;
                    self.spendable[seat] -= paid;
                    income[l] += pay_left as u32;
                    income[r] += pay_right as u32;
                    trade[l] += pay_left as u32;
                    trade[r] += pay_right as u32;
                    paid_neighbours[seat] = u8::from(pay_left > 0) + u8::from(pay_right > 0);
                    stages.push((seat, powers));
                    // Halikarnassos: its build from the pile comes at the end of this turn too.
                    if powers.contains(&Power::BuildFromDiscard) {
                        self.owed_discard_builds.push(seat as u8);
                    }
                    self.push_history(seat, action, free, bank, stage, sink);
                    self.tell_payments(sink, seat, bank, [pay_left, pay_right], None);
                }
                Action::SellLeader { leader } => {
                    self.cities[seat].leader_seat.hand.remove(leader);
                    income[seat] += SELL_COINS;
                    self.push_history(seat, action, free, 0, 0, sink);
                }
                _ => unreachable!("checked by leader_terms"),
            }
        }
        for &(seat, ps) in &stages {
            let city = &self.cities[seat];
            income[seat] += ps.iter().map(|p| p.coins_when_built(city)).sum::<u32>();
        }
        if self.with_cities() {
            self.cities_effects_built(&[], &stages, &mut income, sink);
        }
        self.leader_stages_built(&stages);
        for &(seat, leader) in &recruited {
            income[seat] += self.recruited(seat, leader);
        }
        self.leader_turn_coins(&[], &stages, &paid_neighbours, &trade, &mut income);
        self.credit(&income, sink);
        self.next.clear();
        self.push_end_of_turn_steps(0);
        self.next.push(Next::EndRecruitment);
        self.advance(sink);
    }

    /// What recruiting `leader` does at once for `seat` (its coins are returned), and the
    /// end-of-turn decisions it owes (Telesilla's discards, Solomon's build).
    fn recruited(&mut self, seat: usize, leader: LeaderId) -> u32 {
        let mut coins = 0;
        for &e in leader.leader().effects {
            coins += e.on_recruit(&mut self.cities[seat], self.age);
            let table = self.leaders.as_mut().expect("recruiting has leaders");
            match e {
                LeaderEffect::OthersLoseAgeCoins => {
                    // Arsinoe: every other seat loses the Age's number of coins.
                    let loss = crate::cities_data::CityEffect::OthersLoseCoins(self.age);
                    self.cities_table.turn_losses.push((seat as u8, loss));
                }
                LeaderEffect::OthersDiscardVictoryToken => table.owed.telesilla.push(seat as u8),
                LeaderEffect::BuildFromDiscard => table.owed.solomon.push(seat as u8),
                // What these do at once is `on_recruit`'s; the rest is read where it applies.
                LeaderEffect::FreeRecruitment
                | LeaderEffect::Discount(_)
                | LeaderEffect::FreeBuilds(_)
                | LeaderEffect::FreeBlackOncePerAge
                | LeaderEffect::Coins(_)
                | LeaderEffect::CoinsPerBuild(..)
                | LeaderEffect::CoinsPerChainBuild(_)
                | LeaderEffect::CoinsPerVictoryToken(_)
                | LeaderEffect::BuyFromBank(_)
                | LeaderEffect::Shields(_)
                | LeaderEffect::Science(_)
                | LeaderEffect::Points(_)
                | LeaderEffect::PointsPerCard(..)
                | LeaderEffect::PointsPerCoins { .. }
                | LeaderEffect::PointsPerStage(_)
                | LeaderEffect::PointsPerVictoryToken(_)
                | LeaderEffect::PointsPerSet(..)
                | LeaderEffect::PointsPerScienceSet(_)
                | LeaderEffect::ExtraBankCoin(_)
                | LeaderEffect::CoinPerNeighbourPaid(_)
                | LeaderEffect::VictoryTokenOfAge
                | LeaderEffect::DiscardOwnDefeats
                | LeaderEffect::DefeatsToWinner
                | LeaderEffect::ScienceSubstitute
                | LeaderEffect::ScienceExtraOfMost
                | LeaderEffect::PointsIfMost(..)
                | LeaderEffect::PointsIfNoDefeat(_)
                | LeaderEffect::PointsPerVictoryTokenPair
                | LeaderEffect::PointsIfOnlyLeader(_)
                | LeaderEffect::OnStage { .. }
                | LeaderEffect::Diplomacy(_) => {}
            }
        }
        coins
    }

    /// Leaders' stage powers of the stages just built: Roma night's draw of leaders from the
    /// box at once, and the decisions owed (Abu Simbel's burial, Roma night's recruitment).
    pub(super) fn leader_stages_built(&mut self, stages: &[(usize, &'static [Power])]) {
        let Some(table) = self.leaders.as_mut() else {
            return;
        };
        for &(seat, powers) in stages {
            for p in powers {
                match *p {
                    Power::Leaders(LeaderStagePower::DrawLeaders(n)) => {
                        let drawn = table.boxed.draw(n as usize);
                        let hand = &mut self.cities[seat].leader_seat.hand;
                        *hand = *hand | drawn;
                    }
                    Power::Leaders(LeaderStagePower::BuryLeader) => {
                        table.owed.stages.push((seat as u8, true))
                    }
                    Power::Leaders(LeaderStagePower::RecruitExtra) => {
                        table.owed.stages.push((seat as u8, false))
                    }
                    // Built with every stage (`Power::on_build` and the turn's coins).
                    Power::Leaders(LeaderStagePower::Points(_) | LeaderStagePower::Coins(_))
                    | Power::Points(_)
                    | Power::Shields(_)
                    | Power::Coins(_)
                    | Power::OneOf(_)
                    | Power::ScienceWild
                    | Power::RawDiscountBoth
                    | Power::PlayLastCard
                    | Power::BuildFromDiscard
                    | Power::FreeBuildEachAge
                    | Power::CopyGuild
                    | Power::FirstOfColourFree
                    | Power::FirstOfAgeFree
                    | Power::LastOfAgeFree
                    | Power::City(_) => {}
                }
            }
        }
    }

    /// The legal actions of Leaders' end-of-turn decisions.
    pub(super) fn leader_decisions(&self, out: &mut Vec<Action>) {
        match self.step {
            Step::DiscardVictory(s) => {
                let v = &self.cities[s as usize].victories;
                for value in [1u8, 3, 5] {
                    if v[value as usize] > 0 {
                        out.push(Action::DiscardVictoryToken { value });
                    }
                }
            }
            Step::BuryLeader(s) => {
                out.extend(
                    self.cities[s as usize]
                        .leader_seat
                        .face_up
                        .iter()
                        .map(|leader| Action::BuryLeader { leader }),
                );
            }
            Step::RecruitExtra(s) => {
                let seat = s as usize;
                for leader in self.cities[seat].leader_seat.hand.iter() {
                    if u32::from(self.leader_cost(seat, leader)) <= self.cities[seat].coins {
                        out.push(Action::RecruitExtra { leader });
                    }
                }
            }
            _ => {}
        }
    }

    /// [`ClassicGame::terms`] of Leaders' end-of-turn decisions.
    pub(super) fn leader_decision_terms(&self, action: Action) -> Result<(Free, u8), &'static str> {
        match (self.step, action) {
            (Step::DiscardVictory(s), Action::DiscardVictoryToken { value }) => {
                let held = matches!(value, 1 | 3 | 5)
                    && self.cities[s as usize].victories[value as usize] > 0;
                if held {
                    Ok((Free::No, 0))
                } else {
                    Err("no victory token of that value")
                }
            }
            (Step::BuryLeader(s), Action::BuryLeader { leader }) => {
                if self.cities[s as usize].leader_seat.face_up.contains(leader) {
                    Ok((Free::No, 0))
                } else {
                    Err("not a face-up leader of the seat")
                }
            }
            (Step::RecruitExtra(s), Action::RecruitExtra { leader }) => {
                let seat = s as usize;
                let cost = self.leader_cost(seat, leader);
                if !self.cities[seat].leader_seat.hand.contains(leader) {
                    Err("leader not in the hand")
                } else if u32::from(cost) > self.cities[seat].coins {
                    Err("not enough coins")
                } else {
                    Ok((Free::No, cost))
                }
            }
            _ => Err("not an action of this step"),
        }
    }

    /// Plays one of Leaders' end-of-turn decisions, then goes on with the turn's steps.
    pub(super) fn play_leader_decision<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        action: Action,
        bank: u8,
        sink: &mut S,
    ) {
        // Told first, then what it brings.
        self.push_history(seat, action, Free::No, bank, 0, sink);
        match action {
            Action::DiscardVictoryToken { value } => {
                let city = &mut self.cities[seat];
                city.victories[value as usize] -= 1;
                city.military -= i32::from(value);
            }
            Action::BuryLeader { leader } => {
                let city = &mut self.cities[seat];
                city.leader_seat.face_up.remove(leader);
                city.leader_seat.buried.insert(leader);
                // Its effects stop: its shields with them.
                city.shields -= leader.leader().shields();
                city.refresh_leader_powers();
            }
            Action::RecruitExtra { leader } => {
                let city = &mut self.cities[seat];
                city.coins -= u32::from(bank);
                city.leader_seat.hand.remove(leader);
                city.leader_seat.face_up.insert(leader);
                city.refresh_leader_powers();
                // Its effects apply at once; a Telesilla's discards come right after. Its coins
                // are a bank gain of this turn: Berenice pays for them if she has not yet.
                let mut income = [0u32; MAX_SEATS];
                income[seat] = self.recruited(seat, leader);
                let none = [0; MAX_SEATS];
                self.leader_turn_coins(&[], &[], &[0; MAX_SEATS], &none, &mut income);
                self.tell_payments(sink, seat, bank, [0, 0], None);
                self.credit(&income, sink);
                let table = self.leaders.as_mut().expect("recruiting has leaders");
                for owner in table.owed.telesilla.drain(..) {
                    self.next.insert(0, Next::TelesillaDiscards(owner));
                }
                let solomon: ArrayVec<u8, MAX_SEATS> = table.owed.solomon.drain(..).collect();
                for s in solomon {
                    let at = self
                        .next
                        .iter()
                        .position(|n| {
                            !matches!(
                                n,
                                Next::Bury(_)
                                    | Next::RecruitExtra(_)
                                    | Next::Discarded(_)
                                    | Next::Solomon(_)
                            )
                        })
                        .unwrap_or(self.next.len());
                    self.next.insert(at, Next::Solomon(s));
                }
            }
            _ => unreachable!("checked by leader_decision_terms"),
        }
        self.advance(sink);
    }

    /// After the recruitment turn (and its end-of-turn steps): in Age III every seat but Roma
    /// night's owner sends the leaders left in its hand back to the box; the Age's turns begin.
    pub(super) fn end_recruitment(&mut self) {
        self.recruiting = false;
        if self.age == 3 {
            let keeper = self.roma_night();
            let mut hands: ArrayVec<LeaderSet, MAX_SEATS> =
                self.cities.iter().map(|c| c.leader_seat.hand).collect();
            let table = self.leaders.as_mut().expect("a recruitment has leaders");
            table.boxed.take_back(&mut hands, keeper);
            for (city, hand) in self.cities.iter_mut().zip(hands) {
                city.leader_seat.hand = hand;
            }
        }
        self.turn = 0;
        self.begin_turn(self.all_seats(), true);
    }

    /// Leaders: the coins face-up leaders add to a turn (RECORDS.md, step 1 and 3): Xenophon's
    /// and Diocletian's per building of their colour, Vitruvius's per chain build, Nero's per
    /// Raider token, Hatshepsut's per neighbour paid, Octavia's per stage (with every other
    /// seat's loss), and last Berenice's coin when the bank paid the seat anything.
    pub(super) fn leader_turn_coins(
        &mut self,
        built: &[(usize, CardId, Free)],
        stages: &[(usize, &'static [Power])],
        paid_neighbours: &[u8; MAX_SEATS],
        trade: &[u32; MAX_SEATS],
        income: &mut [u32; MAX_SEATS],
    ) {
        for &(seat, card, free) in built {
            let p = self.cities[seat].leader_seat.powers;
            let c = self.cat.card(card);
            income[seat] += u32::from(p.coins_per_build[c.color as usize]);
            if free == Free::Chain {
                income[seat] += u32::from(p.coins_per_chain);
            }
            if let Effect::City(effects) = c.effect {
                let tokens = effects
                    .iter()
                    .filter(|e| matches!(e, crate::cities_data::CityEffect::VictoryToken(_)))
                    .count() as u32;
                income[seat] += tokens * u32::from(p.coins_per_victory);
            }
        }
        for &(seat, _) in stages {
            let p = self.cities[seat].leader_seat.powers;
            income[seat] += u32::from(p.stage_coins);
            if p.stage_losses > 0 {
                let loss = crate::cities_data::CityEffect::OthersLoseCoins(p.stage_losses);
                self.cities_table.turn_losses.push((seat as u8, loss));
            }
        }
        let table = self.leaders.as_mut().expect("leaders in play");
        for seat in 0..self.n {
            let p = self.cities[seat].leader_seat.powers;
            income[seat] +=
                u32::from(p.coins_per_neighbour_paid) * u32::from(paid_neighbours[seat]);
            let unpaid = table.berenice_paid >> seat & 1 == 0;
            if p.extra_bank_coin > 0 && income[seat] > trade[seat] && unpaid {
                income[seat] += u32::from(p.extra_bank_coin);
                table.berenice_paid |= 1 << seat;
            }
        }
    }
}
