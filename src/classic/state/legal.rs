//! Legal actions and what each costs: builds (chains, Olympia's powers, the cheapest
//! payments and their splits between the neighbours), wonder stages, sales, and the decisions of
//! Halikarnassos and Olympia B.

use super::*;
use crate::cities;
use crate::cities_payment::{quote_with_rebates, Rebates};
use crate::data::RESOURCES;
use crate::leaders::LeaderPowers;
use crate::payment::ANY_RESOURCE;

impl ClassicGame {
    pub(super) fn to_move(&self) -> usize {
        match self.step {
            Step::Turn | Step::Draft => {
                let mut m = self.movers;
                while m != 0 {
                    let s = m.trailing_zeros() as usize;
                    if self.pending[s].is_none() {
                        return s;
                    }
                    m &= m - 1;
                }
                0
            }
            Step::BuildDiscarded(s)
            | Step::CopyGuild(s)
            | Step::CoinLoss(s)
            | Step::DiscardVictory(s)
            | Step::BuryLeader(s)
            | Step::RecruitExtra(s) => s as usize,
            Step::Over => 0,
        }
    }

    /// What building `card` costs `seat` now; `None` when it may not build it.
    pub(crate) fn build_terms(&self, seat: usize, card: CardId) -> Option<Terms> {
        let city = &self.cities[seat];
        if city.built.contains(card.0) {
            return None;
        }
        let c = self.cat.card(card);
        if !c.chain_from.intersection(city.built).is_empty() {
            return Some(Terms::Free(Free::Chain));
        }
        if c.cost.is_free() {
            return Some(Terms::Pay {
                bank: 0,
                quote: Quote { total: 0, left: 1 },
            });
        }
        // Leaders' powers are looked at only when Leaders is in play (the base game's hot
        // path skips them).
        let leaders = &city.leader_seat.powers;
        if self.with_leaders() && leaders.free_colors >> c.color as u8 & 1 == 1 {
            // Ramses: never used up, always applies.
            return Some(Terms::Free(Free::Leader));
        }
        let wild = self.with_leaders() && leaders.discounts >> c.color as u16 & 1 == 1;
        let paid = self.affordable_quote(seat, &c.cost, wild);
        let power = self.free_by_power_of(seat, c);
        if self.with_leaders() && leaders.bank_unit > 0 && !power {
            let ways = self.with_bank_unit(seat, &c.cost, wild, paid);
            return (ways.plain.is_some() || ways.unit.is_some()).then_some(Terms::Ways {
                bank: c.cost.coins,
                ways,
            });
        }
        match paid {
            // A power is used only when it saves coins (or makes the build possible).
            Some(q) if !power || (q.total == 0 && c.cost.coins == 0) => Some(Terms::Pay {
                bank: c.cost.coins,
                quote: q,
            }),
            _ if power => Some(Terms::Free(Free::WonderPower)),
            _ => None,
        }
    }

    /// True when one of 2nd-edition Olympia's powers would let `seat` build `card` for free
    /// now (for records: Ramses may make the same card free).
    pub(crate) fn free_by_power(&self, seat: usize, card: CardId) -> bool {
        self.free_by_power_of(seat, self.cat.card(card))
    }

    /// True when one of 2nd-edition Olympia's powers would let `seat` build `c` for free now.
    /// (They apply by themselves; 1st-edition Olympia A's free build is an action of its own:
    /// see `free_build_allowed`.)
    #[inline]
    fn free_by_power_of(&self, seat: usize, c: &crate::data::Card) -> bool {
        let city = &self.cities[seat];
        (city.has(powers::FIRST_OF_COLOUR_FREE) && city.colors[c.color as usize] == 0)
            || (city.has(powers::FIRST_OF_AGE_FREE) && self.turn == 0)
            || (city.has(powers::LAST_OF_AGE_FREE) && self.turn == self.last_turn())
    }

    /// [`ClassicGame::terms`] of an action [`ClassicGame::legal`] listed (for this state or one
    /// the mover cannot tell from it): the same answer without searching the payment again,
    /// since listing offered only cheapest payments. The cheap checks stay, and anything
    /// unusual (a chain, a free card, Olympia's powers) goes through `terms`.
    pub(super) fn listed_terms(&self, action: Action) -> Result<(Free, u8), &'static str> {
        let seat = self.to_move();
        let in_hand = |card: CardId| self.hand_cards(seat).contains(card.0);
        let answer = match (self.step, action) {
            (Step::Turn, Action::Build { card, .. }) if in_hand(card) => {
                let city = &self.cities[seat];
                let c = self.cat.card(card);
                let plain = !city.built.contains(card.0)
                    && c.chain_from.intersection(city.built).is_empty()
                    && !c.cost.is_free()
                    && !self.free_by_power_of(seat, c)
                    && !(self.with_leaders()
                        && (city.leader_seat.powers.free_colors >> c.color as u8 & 1 == 1
                            || city.leader_seat.powers.bank_unit > 0));
                plain.then_some(Ok((Free::No, c.cost.coins)))
            }
            (Step::Turn, Action::Wonder { card, .. })
                if in_hand(card)
                    && !(self.with_leaders()
                        && self.cities[seat].leader_seat.powers.bank_unit > 0) =>
            {
                let city = &self.cities[seat];
                let board = self.cat.side(city.wonder, city.side.index());
                ((city.stages as usize) < board.stages.len())
                    .then(|| Ok((Free::No, self.stage_coins(seat))))
            }
            _ => None,
        };
        let answer = answer.unwrap_or_else(|| self.terms(action));
        debug_assert_eq!(answer, self.terms(action), "{action:?} was not listed");
        answer
    }

    /// True when `seat` may spend 1st-edition Olympia A's free build on `card` (or, with
    /// Leaders, Caligula's on a black card: the two never meet, one edition each): the power
    /// is unused this Age, and the card has a printed cost, is not owned, and its chain does
    /// not make it free anyway (RECORDS.md: whatever the seat could afford).
    pub fn free_build_allowed(&self, seat: usize, card: CardId) -> bool {
        let city = &self.cities[seat];
        let c = self.cat.card(card);
        let caligula = city.leader_seat.powers.free_black_each_age && c.color == Color::Black;
        (city.has(powers::FREE_BUILD_EACH_AGE) || caligula)
            && !city.free_build_used
            && !c.cost.is_free()
            && !city.built.contains(card.0)
            && c.chain_from.intersection(city.built).is_empty()
    }

    /// How a free build `seat` may spend on `card` now is labelled (`None`: none to spend):
    /// 1st-edition Olympia A's by `WonderPower`, Caligula's by `Leader`. A record spends it
    /// only under that label (RECORDS.md).
    pub fn free_build_label(&self, seat: usize, card: CardId) -> Option<Free> {
        if !self.free_build_allowed(seat, card) {
            None
        } else if self.cities[seat].has(powers::FREE_BUILD_EACH_AGE) {
            Some(Free::WonderPower)
        } else {
            Some(Free::Leader)
        }
    }

    /// The cheapest ways for `seat` to build its next wonder stage; `None` when complete or
    /// unaffordable.
    pub(crate) fn stage_quote(&self, seat: usize) -> Option<Quote> {
        let city = &self.cities[seat];
        let board = self.cat.side(city.wonder, city.side.index());
        let stage = board.stages.get(city.stages as usize)?;
        if self.with_cities() && city.has(powers::FREE_WONDER_RESOURCES) {
            // Cities' Architect Firm: no resources, the coins still due.
            return (stage.cost.coins as u32 <= self.spendable[seat])
                .then_some(Quote { total: 0, left: 1 });
        }
        let wild =
            self.with_leaders() && city.leader_seat.powers.discounts & LeaderPowers::STAGES != 0;
        self.affordable_quote(seat, &stage.cost, wild)
    }

    /// The cheapest ways for `seat` to build its next wonder stage, Bilkis's included.
    pub(crate) fn stage_ways(&self, seat: usize) -> Ways {
        let plain = self.stage_quote(seat);
        let city = &self.cities[seat];
        if city.leader_seat.powers.bank_unit == 0 || city.has(powers::FREE_WONDER_RESOURCES) {
            return Ways { plain, unit: None };
        }
        let board = self.cat.side(city.wonder, city.side.index());
        match board.stages.get(city.stages as usize) {
            Some(stage) => {
                let wild = city.leader_seat.powers.discounts & LeaderPowers::STAGES != 0;
                self.with_bank_unit(seat, &stage.cost, wild, plain)
            }
            None => Ways { plain, unit: None },
        }
    }

    /// Bilkis: `plain` (the cheapest neighbour payments) beside the cheapest ways that buy one
    /// unit of the cost from the bank for the power's price; only the lowest totals stay.
    fn with_bank_unit(
        &self,
        seat: usize,
        cost: &crate::data::Cost,
        wild: bool,
        plain: Option<Quote>,
    ) -> Ways {
        let price = self.cities[seat].leader_seat.powers.bank_unit;
        crate::payment::with_bank_unit(&cost.resources, price, plain, |rest| {
            let rest = crate::data::Cost {
                resources: *rest,
                coins: cost.coins + price,
            };
            self.affordable_quote(seat, &rest, wild)
        })
    }

    /// The terms of building `seat`'s next stage paying `(l, r)` to the neighbours: its own
    /// coins to the bank (Petra's), with Bilkis's unit price when the split buys it.
    pub(super) fn stage_terms(
        &self,
        seat: usize,
        l: u8,
        r: u8,
    ) -> Result<(Free, u8), &'static str> {
        let ways = self.stage_ways(seat);
        if ways.plain.is_none() && ways.unit.is_none() {
            return Err("cannot build the next stage");
        }
        match self.ways_extra(ways, l, r) {
            Some(extra) => Ok((Free::No, self.stage_coins(seat) + extra)),
            None => Err("not a cheapest payment"),
        }
    }

    /// The extra coins to the bank of the split `(l, r)` among `ways` (its unit's price, or
    /// 0 for a plain split); `None` when it is not a cheapest way.
    pub(super) fn ways_extra(&self, ways: Ways, l: u8, r: u8) -> Option<u8> {
        if ways.plain.is_some_and(|q| self.split_ok(q, l, r)) {
            Some(0)
        } else {
            ways.unit
                .filter(|&(q, _)| self.split_ok(q, l, r))
                .map(|(_, price)| price)
        }
    }

    /// Pushes every cheapest split of `ways` as `make(to_left, to_right)`.
    pub(super) fn push_ways(
        &self,
        ways: Ways,
        out: &mut Vec<Action>,
        make: impl Fn(u8, u8) -> Action + Copy,
    ) {
        if let Some(q) = ways.plain {
            self.push_splits(q, out, make);
        }
        if let Some((q, _)) = ways.unit {
            self.push_splits(q, out, make);
        }
    }

    /// The coins the next stage of `seat` costs on its own (Petra's coin stages).
    #[inline]
    pub(super) fn stage_coins(&self, seat: usize) -> u8 {
        // Only Cities' boards have stages with a coin cost: the base game skips the look-up.
        if !self.with_cities() {
            return 0;
        }
        let city = &self.cities[seat];
        let board = self.cat.side(city.wonder, city.side.index());
        board
            .stages
            .get(city.stages as usize)
            .map_or(0, |stage| stage.cost.coins)
    }

    /// The cheapest ways for `seat` to pay `cost` with its own production and its neighbours'
    /// (as sold at the start of the turn), within the coins it may still spend; `None` when it
    /// cannot.
    // Always inlined: it is the heart of legal-move generation, and a call per card costs ~2%.
    #[inline(always)]
    pub(super) fn affordable_quote(
        &self,
        seat: usize,
        cost: &crate::data::Cost,
        wild: bool,
    ) -> Option<Quote> {
        let budget = self.spendable[seat];
        if cost.coins as u32 > budget {
            return None;
        }
        let (l, r) = (self.left_of(seat), self.right_of(seat));
        let quoted = if self.with_cities() || wild {
            self.cities_quote(seat, &cost.resources, wild)
        } else {
            quote(
                &cost.resources,
                &self.cities[seat].own,
                &self.market[l],
                &self.market[r],
                &self.prices[seat],
            )
        };
        quoted.filter(|q| q.total as u32 + cost.coins as u32 <= budget)
    }

    /// [`quote`] with the expansions' payment effects (RECORDS.md, "Payments"): a Leaders
    /// discount (`wild`) is one resource of the buyer's choice not paid; Cities' Secret
    /// Warehouse and Black Market add a unit the city never sells, and the Clandestine Wharves
    /// and Smuggler's Cache take coins off what a side is paid (never below 0).
    pub(super) fn cities_quote(
        &self,
        seat: usize,
        cost: &[u8; RESOURCES],
        wild: bool,
    ) -> Option<Quote> {
        let city = &self.cities[seat];
        let (l, r) = (self.left_of(seat), self.right_of(seat));
        let mut own = city.own;
        if wild {
            own.add_choice(ANY_RESOURCE);
        }
        if city.has(powers::SECRET_WAREHOUSE | powers::BLACK_MARKET) {
            // The types the city makes with brown and grey cards or its board: what it sells.
            let made = (0..RESOURCES).fold(0u8, |m, r| m | u8::from(city.sells.fixed[r] > 0) << r)
                | city.sells.choices().iter().fold(0, |m, &c| m | c);
            if city.has(powers::SECRET_WAREHOUSE) {
                own.add_choice(made);
            }
            if city.has(powers::BLACK_MARKET) && made != ANY_RESOURCE {
                own.add_choice(ANY_RESOURCE & !made);
            }
        }
        let start = |s: usize| {
            let c = &self.cities[s];
            self.cat
                .side(c.wonder, c.side.index())
                .resource
                .map(|r| r as u8)
        };
        let rebates = Rebates {
            start: [start(l), start(r)],
            ..city.cities_seat.rebates
        };
        quote_with_rebates(
            cost,
            &own,
            &self.market[l],
            &self.market[r],
            &self.prices[seat],
            &rebates,
        )
    }

    pub(super) fn push_splits(
        &self,
        q: Quote,
        out: &mut Vec<Action>,
        make: impl Fn(u8, u8) -> Action,
    ) {
        if self.collapse {
            let (l, r) = q.canonical();
            out.push(make(l, r));
        } else {
            for (l, r) in q.splits() {
                out.push(make(l, r));
            }
        }
    }

    /// Legal actions of the player to move (see [`wonders_bots::Game::legal_actions`]).
    pub fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.step {
            Step::Over => {}
            Step::Draft => self.leader_actions(out),
            Step::DiscardVictory(_) | Step::BuryLeader(_) | Step::RecruitExtra(_) => {
                self.leader_decisions(out)
            }
            Step::Turn if self.recruiting => self.leader_actions(out),
            Step::Turn if self.with_leaders() => self.turn_actions::<true>(out),
            Step::Turn => self.turn_actions::<false>(out),
            Step::BuildDiscarded(seat) => {
                let built = self.cities[seat as usize].built;
                for id in self.discard_cards().difference(built).iter() {
                    out.push(Action::BuildDiscarded { card: CardId(id) });
                }
            }
            Step::CoinLoss(seat) => {
                let loss = self.cities_table.losses[seat as usize];
                let coins = self.cities[seat as usize].coins.min(255) as u8;
                for paid in cities::coin_loss_payments(loss, coins) {
                    out.push(Action::CoinLoss {
                        coins: paid,
                        debt: loss - paid,
                    });
                }
            }
            Step::CopyGuild(seat) => {
                let seat = seat as usize;
                for from in [self.left_of(seat), self.right_of(seat)] {
                    for id in self.cities[from].built.iter() {
                        if self.cat.card(CardId(id)).color == Color::Purple {
                            out.push(Action::CopyGuild {
                                guild: CardId(id),
                                from: from as u8,
                            });
                        }
                    }
                }
            }
        }
    }

    /// The actions of an ordinary turn for the seat to move. `LEADERS` (the game's
    /// `with_leaders`, as a constant) leaves Leaders' checks out of the base game's code.
    fn turn_actions<const LEADERS: bool>(&self, out: &mut Vec<Action>) {
        let seat = self.to_move();
        let cards = self.hand_cards(seat);
        let stage = self.stage_quote(seat);
        let city = &self.cities[seat];
        // Bilkis: the stage's ways with the bank's unit too.
        let stage_ways =
            (LEADERS && city.leader_seat.powers.bank_unit > 0).then(|| self.stage_ways(seat));
        let free_build_open = (city.has(powers::FREE_BUILD_EACH_AGE)
            || (LEADERS && city.leader_seat.powers.free_black_each_age))
            && !city.free_build_used;
        for id in cards.iter() {
            let card = CardId(id);
            match self.build_terms(seat, card) {
                Some(Terms::Free(_)) => out.push(Action::Build {
                    card,
                    pay_left: 0,
                    pay_right: 0,
                }),
                Some(Terms::Pay { quote, .. }) => {
                    self.push_splits(quote, out, |pay_left, pay_right| Action::Build {
                        card,
                        pay_left,
                        pay_right,
                    })
                }
                Some(Terms::Ways { ways, .. }) => {
                    self.push_ways(ways, out, |pay_left, pay_right| Action::Build {
                        card,
                        pay_left,
                        pay_right,
                    })
                }
                None => {}
            }
            if free_build_open && self.free_build_allowed(seat, card) {
                out.push(Action::BuildFree { card });
            }
            let wonder = |pay_left, pay_right| Action::Wonder {
                card,
                pay_left,
                pay_right,
            };
            match stage_ways {
                Some(ways) => self.push_ways(ways, out, wonder),
                None => {
                    if let Some(q) = stage {
                        self.push_splits(q, out, wonder);
                    }
                }
            }
            out.push(Action::Sell { card });
        }
    }

    /// What `action` would be for the player to move: whether it is free (and why) and what it
    /// pays the bank; the reason when it is not legal.
    pub fn terms(&self, action: Action) -> Result<(Free, u8), &'static str> {
        let seat = self.to_move();
        if self.step == Step::Draft || (self.step == Step::Turn && self.recruiting) {
            return self.leader_terms(action);
        }
        if matches!(
            self.step,
            Step::DiscardVictory(_) | Step::BuryLeader(_) | Step::RecruitExtra(_)
        ) {
            return self.leader_decision_terms(action);
        }
        match (self.step, action) {
            (Step::Over, _) => Err("the game is over"),
            (
                Step::Turn,
                Action::Build {
                    card,
                    pay_left,
                    pay_right,
                },
            ) => {
                if !self.hand_cards(seat).contains(card.0) {
                    return Err("card not in hand");
                }
                match self.build_terms(seat, card) {
                    None => Err("cannot build this card"),
                    Some(Terms::Free(f)) if pay_left == 0 && pay_right == 0 => Ok((f, 0)),
                    Some(Terms::Free(_)) => Err("this build is free"),
                    Some(Terms::Ways { bank, ways }) => {
                        match self.ways_extra(ways, pay_left, pay_right) {
                            Some(extra) => Ok((Free::No, bank + extra)),
                            None => Err("not a cheapest payment"),
                        }
                    }
                    Some(Terms::Pay { bank, quote }) => {
                        if self.split_ok(quote, pay_left, pay_right) {
                            Ok((Free::No, bank))
                        } else {
                            Err("not a cheapest payment")
                        }
                    }
                }
            }
            (Step::Turn, Action::BuildFree { card }) => {
                if !self.hand_cards(seat).contains(card.0) {
                    Err("card not in hand")
                } else if let Some(by) = self.free_build_label(seat, card) {
                    Ok((by, 0))
                } else {
                    Err("no free build to spend on this card")
                }
            }
            (
                Step::Turn,
                Action::Wonder {
                    card,
                    pay_left,
                    pay_right,
                },
            ) => {
                if !self.hand_cards(seat).contains(card.0) {
                    return Err("card not in hand");
                }
                self.stage_terms(seat, pay_left, pay_right)
            }
            (Step::Turn, Action::Sell { card }) => {
                if self.hand_cards(seat).contains(card.0) {
                    Ok((Free::No, 0))
                } else {
                    Err("card not in hand")
                }
            }
            (Step::BuildDiscarded(s), Action::BuildDiscarded { card }) => {
                if !self.discard_cards().contains(card.0) {
                    Err("card not in the discard pile")
                } else if self.cities[s as usize].built.contains(card.0) {
                    Err("already built")
                } else {
                    Ok((Free::No, 0))
                }
            }
            (Step::CopyGuild(s), Action::CopyGuild { guild, from }) => {
                let s = s as usize;
                let from = from as usize;
                if (from == self.left_of(s) || from == self.right_of(s))
                    && from < self.n
                    && self.cities[from].built.contains(guild.0)
                    && self.cat.card(guild).color == Color::Purple
                {
                    Ok((Free::No, 0))
                } else {
                    Err("no such guild next door")
                }
            }
            (Step::CoinLoss(s), Action::CoinLoss { coins, debt }) => {
                let s = s as usize;
                if coins.checked_add(debt) != Some(self.cities_table.losses[s]) {
                    Err("coins and debt do not add up to the turn's coin loss")
                } else if coins as u32 > self.cities[s].coins {
                    Err("not that many coins held")
                } else {
                    Ok((Free::No, coins))
                }
            }
            _ => Err("not an action of this step"),
        }
    }

    #[inline]
    pub(super) fn split_ok(&self, q: Quote, l: u8, r: u8) -> bool {
        if self.collapse {
            q.canonical() == (l, r)
        } else {
            q.allows(l, r)
        }
    }

    /// For a log: which resources `seat` buys from each neighbour when it pays `to_left` and
    /// `to_right` for `cost` in the current turn.
    pub(crate) fn explain_purchase(
        &self,
        seat: usize,
        cost: &[u8; crate::data::RESOURCES],
        to_left: u8,
        to_right: u8,
    ) -> Option<crate::payment::Purchase> {
        let (l, r) = (self.left_of(seat), self.right_of(seat));
        crate::payment::purchase_for(
            cost,
            &self.cities[seat].own,
            &self.market[l],
            &self.market[r],
            &self.prices[seat],
            to_left,
            to_right,
        )
    }

    /// What the player to move may still spend this turn.
    pub fn spendable(&self, seat: usize) -> u32 {
        self.spendable[seat]
    }
}
