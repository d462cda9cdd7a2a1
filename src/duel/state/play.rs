//! Applying an action: the draft, the three card actions, the decisions effects ask for, and
//! the flow from Age to Age.

use super::scoring::points_line;
use super::*;
use crate::events::Event;
use wonders_common::{EventSink, Unheard};

impl Duel {
    pub(super) fn illegal(action: Action, reason: impl Into<String>) -> DuelError {
        DuelError::Illegal {
            action,
            reason: reason.into(),
        }
    }

    /// Plays `action` for the player to move, or refuses it (leaving the state unchanged) when
    /// it is not legal here.
    pub fn play(&mut self, action: Action) -> Result<(), DuelError> {
        self.play_checked::<false, _>(action, &mut Unheard)
    }

    /// [`Duel::play`], telling `events` what happens, in the rules' order (nothing when the
    /// action is refused).
    pub fn play_heard<S: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), DuelError> {
        self.play_checked::<false, S>(action, events)
    }

    /// Plays `action`, one of the actions this state listed ([`Duel::legal`]), without
    /// checking again what the listing established: a Build's or a Wonder's card is
    /// accessible, a Wonder is the seat's own, unbuilt and affordable, a Build's coins are its
    /// price (its trade share, which Economy pays to the opponent, is worked out only when the
    /// opponent owns Economy). Everything else is checked as by [`Duel::play`]; debug builds
    /// check it all. The bots' searches play their moves this way.
    pub fn play_listed(&mut self, action: Action) -> Result<(), DuelError> {
        self.play_checked::<true, _>(action, &mut Unheard)
    }

    /// [`Duel::play_heard`], or with `LISTED` [`Duel::play_listed`].
    #[inline(always)]
    fn play_checked<const LISTED: bool, S: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), DuelError> {
        match self.phase {
            Phase::Over => Err(DuelError::GameOver),
            Phase::Draft => match action {
                Action::PickWonder(w) => self.pick_wonder(action, w, events),
                _ => Err(Self::illegal(action, "the Wonder draft is under way")),
            },
            Phase::Play => match self.pending.top() {
                Some(p) => self.resolve_pending(p, action, events),
                None if self.options.pantheon => self.play_card::<true, LISTED, S>(action, events),
                None => self.play_card::<false, LISTED, S>(action, events),
            },
        }
    }

    pub(super) fn pick_wonder<S: EventSink<Event>>(
        &mut self,
        action: Action,
        w: WonderId,
        events: &mut S,
    ) -> Result<(), DuelError> {
        let k = self.picks as usize;
        let round = k / 4 * 4;
        let offered = &self.setup.wonders_offered[round..round + 4];
        let forced = self.options.wonders != WonderSelection::Draft;
        let ok = if forced {
            self.setup.wonders_offered[k] == w
        } else {
            offered.contains(&w) && !self.is_picked(w)
        };
        if !ok {
            return Err(Self::illegal(
                action,
                "that Wonder is not available in this draft round",
            ));
        }
        let p = &mut self.players[self.current as usize];
        p.wonders[p.num_wonders as usize] = w;
        p.num_wonders += 1;
        self.picks += 1;
        events.emit(Event::WonderPicked {
            seat: self.current,
            wonder: w,
        });
        if self.picks == 8 {
            self.phase = Phase::Play;
            self.current = 0;
            self.refresh_costs();
            events.emit(Event::AgeBegins {
                age: 0,
                seat: 0,
                chooses: false,
            });
        } else {
            self.current = DRAFT_ORDER[self.picks as usize];
        }
        Ok(())
    }

    /// A turn's action: a layout card (and with `PANTHEON` an activation); `LISTED` as in
    /// [`Duel::play_build`].
    pub(super) fn play_card<const PANTHEON: bool, const LISTED: bool, S: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), DuelError> {
        match action {
            Action::Build { card, paid } => {
                self.play_build::<PANTHEON, LISTED, S>(action, card, paid, events)
            }
            Action::Discard { card } => self.play_discard::<LISTED, S>(action, card, events),
            Action::Wonder { card, wonder, paid } => {
                self.play_wonder::<PANTHEON, LISTED, S>(action, card, wonder, paid, events)
            }
            // With the three card actions alone in this match, it compiles to the same few
            // compares in both games (a fourth arm makes it a jump table, which mispredicts).
            _ => self.play_other_turn_action::<PANTHEON, S>(action, events),
        }
    }

    /// A turn's action other than the three card actions: with `PANTHEON` an activation.
    fn play_other_turn_action<const PANTHEON: bool, S: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), DuelError> {
        match action {
            Action::Activate {
                divinity,
                offerings,
                paid,
            } if PANTHEON => self.play_activate(action, divinity, offerings, paid, events),
            _ => Err(Self::illegal(action, "a card of the layout must be played")),
        }
    }

    /// Builds `card` for `paid` coins. With `LISTED` the action comes from this state's own
    /// list ([`Duel::play_listed`]): the card is accessible and `paid` is its price, so only
    /// the trade share Economy needs is worked out.
    pub(super) fn play_build<const PANTHEON: bool, const LISTED: bool, S: EventSink<Event>>(
        &mut self,
        action: Action,
        card: CardId,
        paid: u16,
        events: &mut S,
    ) -> Result<(), DuelError> {
        let seat = self.current as usize;
        let slot = self.slot_to_play::<LISTED>(action, card)?;
        let trade = if LISTED {
            debug_assert_eq!(
                self.card_cost(seat, card).0,
                paid,
                "{action:?} was not listed"
            );
            if self.players[1 - seat].has(Progress::Economy) {
                self.card_cost(seat, card).1
            } else {
                0
            }
        } else {
            let (cost, trade) = if PANTHEON {
                self.card_cost(seat, card)
            } else {
                self.card_cost_in::<false>(seat, card)
            };
            self.check_price::<PANTHEON>(action, seat, "the card", cost, paid)?;
            trade
        };
        let chain = self.is_chain_build(seat, card);
        self.take_slot(seat, slot);
        self.pay_in::<PANTHEON, S>(seat, paid, trade, events);
        self.build_card(seat, card, events);
        if chain && self.players[seat].has(Progress::Urbanism) {
            self.gain_coins(seat, 4, events);
        }
        self.after_effect(events);
        Ok(())
    }

    pub(super) fn play_discard<const LISTED: bool, S: EventSink<Event>>(
        &mut self,
        action: Action,
        card: CardId,
        events: &mut S,
    ) -> Result<(), DuelError> {
        let seat = self.current as usize;
        let slot = self.slot_to_play::<LISTED>(action, card)?;
        self.take_slot(seat, slot);
        events.emit(Event::CardDiscarded {
            seat: seat as u8,
            card,
        });
        self.gain_coins(seat, self.discard_value(seat), events);
        self.discard.insert(card);
        self.after_effect(events);
        Ok(())
    }

    /// Builds `wonder`, tucking `card`. With `LISTED` the action comes from this state's own
    /// list: the card is accessible, the Wonder is the seat's, unbuilt and affordable for
    /// `paid`, so none of it is checked again (debug builds do).
    pub(super) fn play_wonder<const PANTHEON: bool, const LISTED: bool, S: EventSink<Event>>(
        &mut self,
        action: Action,
        card: CardId,
        wonder: WonderId,
        paid: u16,
        events: &mut S,
    ) -> Result<(), DuelError> {
        let seat = self.current as usize;
        let slot = self.slot_to_play::<LISTED>(action, card)?;
        if LISTED {
            debug_assert!(
                self.check_wonder::<PANTHEON>(action, seat, wonder, paid)
                    .is_ok(),
                "{action:?} was not listed"
            );
        } else {
            self.check_wonder::<PANTHEON>(action, seat, wonder, paid)?;
        }
        self.take_slot(seat, slot);
        self.pay_in::<PANTHEON, S>(seat, paid, paid, events);
        self.build_wonder(seat, wonder, card, events);
        self.after_effect(events);
        Ok(())
    }

    /// Refuses `action` unless `wonder` is `seat`'s to build now, for `paid`. (Inlined: a
    /// call here costs a random game 2%.)
    #[inline(always)]
    fn check_wonder<const PANTHEON: bool>(
        &self,
        action: Action,
        seat: usize,
        wonder: WonderId,
        paid: u16,
    ) -> Result<(), DuelError> {
        let me = &self.players[seat];
        let Some(idx) = me.wonders[..me.num_wonders as usize]
            .iter()
            .position(|&w| w == wonder)
        else {
            return Err(Self::illegal(action, "that Wonder is not yours"));
        };
        if me.built >> idx & 1 == 1 {
            return Err(Self::illegal(action, "that Wonder is already built"));
        }
        if PANTHEON && self.pantheon.boxed_wonders >> wonder & 1 == 1 {
            return Err(Self::illegal(action, "that Wonder went back to the box"));
        }
        if self.wonders_built >= 7 {
            return Err(Self::illegal(action, "seven Wonders are already built"));
        }
        let cost = self.wonder_costs[seat][idx];
        self.check_price::<PANTHEON>(action, seat, "the Wonder", cost, paid)
    }

    /// Refuses `action` (which costs `what`) unless `paid` is its price `cost` and `seat` can
    /// spend that much (with `PANTHEON` counting the coins on Astarte).
    #[inline(always)]
    pub(super) fn check_price<const PANTHEON: bool>(
        &self,
        action: Action,
        seat: usize,
        what: &str,
        cost: u16,
        paid: u16,
    ) -> Result<(), DuelError> {
        if cost != paid {
            return Err(Self::illegal(action, format!("{what} costs {cost} coins")));
        }
        if cost > self.coins_to_spend::<PANTHEON>(seat) {
            return Err(Self::illegal(action, "not enough coins"));
        }
        Ok(())
    }

    /// The layout slot of `card` if it is accessible, else the error for `action`. With
    /// `LISTED` the card is known to be accessible (debug builds check it).
    #[inline]
    pub(super) fn slot_to_play<const LISTED: bool>(
        &self,
        action: Action,
        card: CardId,
    ) -> Result<usize, DuelError> {
        let slot = self.slot_of.get(card as usize).copied().unwrap_or(u8::MAX) as usize;
        if LISTED {
            debug_assert!(slot < 20 && self.accessible >> slot & 1 == 1, "{action:?}");
            return Ok(slot);
        }
        if slot < 20 && self.accessible >> slot & 1 == 1 {
            Ok(slot)
        } else {
            Err(Self::illegal(
                action,
                "that card is not accessible in the layout",
            ))
        }
    }

    /// Takes the card in `slot` off the layout for `seat`'s turn; cards it uncovers are turned
    /// face up (before any extra turn).
    pub(super) fn take_slot(&mut self, seat: usize, slot: usize) {
        self.remove_slot(slot);
        self.players[seat].turns += 1;
    }

    /// Takes layout slot `slot` off the layout (also without a turn: Pantheon's Zeus, which
    /// may take a covered card); the cards it uncovers are turned face up.
    #[inline(always)]
    pub(super) fn remove_slot(&mut self, slot: usize) {
        self.taken |= 1 << slot;
        self.accessible &= !(1 << slot);
        // Only the slots this card covered can have become accessible. Branch-free: which
        // ones do is what a random game cannot predict.
        let layout = &LAYOUTS[self.age as usize];
        for t in layout.covers[slot] {
            let t = t as usize;
            let free = (layout.covered_by[t] & !self.taken == 0) as u32;
            self.accessible |= (free << t) & !self.taken;
        }
        self.revealed |= self.accessible;
    }

    /// Records where each card of the current Age lies (`slot_of`).
    pub(super) fn index_layout(&mut self) {
        self.slot_of = [u8::MAX; NUM_CARDS];
        for (slot, &card) in self.setup.ages[self.age as usize].iter().enumerate() {
            self.slot_of[card as usize] = slot as u8;
        }
    }

    /// Pays `total` coins to the bank, of which `trade` bought resources (Economy returns
    /// those to the opponent). The treasury pays first, then the coins on Pantheon's Astarte.
    pub(super) fn pay<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        total: u16,
        trade: u16,
        events: &mut S,
    ) {
        if self.options.pantheon {
            self.pay_in::<true, S>(seat, total, trade, events)
        } else {
            self.pay_in::<false, S>(seat, total, trade, events)
        }
    }

    /// Coins `seat` may spend: its treasury (and with `PANTHEON` the coins on Astarte).
    #[inline(always)]
    fn coins_to_spend<const PANTHEON: bool>(&self, seat: usize) -> u16 {
        if PANTHEON {
            self.spendable(seat)
        } else {
            self.players[seat].coins
        }
    }

    /// [`Duel::pay`] in a game with or without Pantheon.
    #[inline(always)]
    fn pay_in<const PANTHEON: bool, S: EventSink<Event>>(
        &mut self,
        seat: usize,
        total: u16,
        trade: u16,
        events: &mut S,
    ) {
        let p = &mut self.players[seat];
        let from_astarte = if PANTHEON {
            // The treasury first, then the coins on Astarte (without a branch).
            let from_treasury = total.min(p.coins);
            p.coins -= from_treasury;
            let rest = (total - from_treasury) as u8;
            self.pantheon.astarte[seat] -= rest;
            rest
        } else {
            p.coins -= total;
            0
        };
        let to_opponent = if trade > 0 && self.players[1 - seat].has(Progress::Economy) {
            self.players[1 - seat].coins += trade;
            trade
        } else {
            0
        };
        if total > 0 {
            events.emit(Event::Paid {
                seat: seat as u8,
                coins: total,
                from_astarte,
                to_opponent,
                now: self.players[seat].coins,
            });
        }
        if to_opponent > 0 {
            events.emit(Event::CoinsGained {
                seat: 1 - seat as u8,
                coins: to_opponent,
                now: self.players[1 - seat].coins,
            });
        }
    }

    /// `seat`'s treasury gains `coins` from the bank.
    #[inline(always)]
    pub(super) fn gain_coins<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        coins: u16,
        events: &mut S,
    ) {
        self.players[seat].coins += coins;
        if coins > 0 {
            events.emit(Event::CoinsGained {
                seat: seat as u8,
                coins,
                now: self.players[seat].coins,
            });
        }
    }

    pub(super) fn lose_coins<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        coins: u16,
        events: &mut S,
    ) {
        let p = &mut self.players[seat];
        let before = p.coins;
        p.coins = p.coins.saturating_sub(coins);
        if before > p.coins {
            events.emit(Event::CoinsLost {
                seat: seat as u8,
                coins: before - p.coins,
                now: p.coins,
            });
        }
    }

    /// Waits for `decision`, taken before those already waiting, and tells who must take it.
    #[inline(always)]
    pub(super) fn ask<S: EventSink<Event>>(&mut self, decision: Pending, events: &mut S) {
        self.pending.push(decision);
        events.emit(Event::Asks {
            seat: self.current,
            decision,
        });
    }

    pub(super) fn resolve_pending<S: EventSink<Event>>(
        &mut self,
        pending: Pending,
        action: Action,
        events: &mut S,
    ) -> Result<(), DuelError> {
        if let Some(result) = self.resolve_pantheon(pending, action, events) {
            return result;
        }
        let seat = self.current as usize;
        match (pending, action) {
            (Pending::Progress, Action::Progress(t)) if self.board_tokens >> t & 1 == 1 => {
                self.pending.pop();
                self.board_tokens &= !(1 << t);
                self.gain_token(seat, t, events);
            }
            (Pending::Destroy(color), Action::Destroy(c))
                if self.players[1 - seat].city.contains(c) && CARDS[c as usize].color == color =>
            {
                self.pending.pop();
                let card = &CARDS[c as usize];
                let opp = &mut self.players[1 - seat];
                opp.city.remove(c);
                opp.colors[color as usize] -= 1;
                if let Some(line) = points_line(color) {
                    opp.card_points[line] -= card.points as i16;
                }
                for r in 0..5 {
                    opp.production.0[r] -= card.produces.0[r];
                }
                self.refresh_costs();
                self.discard.insert(c);
                events.emit(Event::CardDestroyed {
                    seat: seat as u8,
                    card: c,
                });
            }
            (Pending::Mausoleum, Action::BuildDiscarded(c)) if self.discard.contains(c) => {
                self.pending.pop();
                self.discard.remove(c);
                self.build_card(seat, c, events);
            }
            (Pending::GreatLibrary, Action::GreatLibrary(t))
                if self.box_tokens[..(self.box_len as usize).min(3)].contains(&t) =>
            {
                self.pending.pop();
                // Keep it; the two others go back to the box.
                let n = self.box_len as usize;
                let i = self.box_tokens[..n].iter().position(|&x| x == t).unwrap();
                self.box_tokens.copy_within(i + 1..n, i);
                self.box_len -= 1;
                if self.options.pantheon {
                    // Later draws (Enki) take the box's first tokens: those returned go to
                    // its back, in the order drawn.
                    let drawn = (n - 1).min(2);
                    let back: arrayvec::ArrayVec<TokenId, 2> =
                        self.box_tokens[..drawn].iter().copied().collect();
                    self.box_tokens.copy_within(drawn..n - 1, 0);
                    self.box_len -= drawn as u8;
                    self.return_to_box(&back);
                }
                self.gain_token(seat, t, events);
            }
            (Pending::Starter, Action::ChooseStarter(s)) if s < 2 => {
                self.pending.pop();
                self.current = s;
                events.emit(Event::StarterChosen {
                    seat: seat as u8,
                    starter: s,
                });
                return Ok(());
            }
            _ => {
                return Err(Self::illegal(
                    action,
                    format!("the game waits for {pending:?}"),
                ))
            }
        }
        self.after_effect(events);
        Ok(())
    }

    /// After an action: unless a decision is pending or the game ended, the turn is over.
    pub(super) fn after_effect<S: EventSink<Event>>(&mut self, events: &mut S) {
        if self.phase == Phase::Over || !self.pending.is_empty() {
            return;
        }
        // Pantheon: tokens on the cards turned over go to the player whose turn it was, first.
        if self.pantheon.tokens_on & self.revealed != 0 && self.take_turned_tokens(events) {
            return;
        }
        let seat = self.current;
        let extra = std::mem::take(&mut self.extra_turn);
        if self.taken == 0xF_FFFF {
            // End of the Age: an extra turn earned with its last card is lost.
            if self.age == 2 {
                self.phase = Phase::Over;
                events.emit(Event::GameOver);
            } else {
                self.start_age(seat, events);
            }
        } else if !extra {
            self.current = 1 - seat;
        }
    }

    pub(super) fn start_age<S: EventSink<Event>>(&mut self, last_active: u8, events: &mut S) {
        self.age += 1;
        self.taken = 0;
        self.revealed = LAYOUTS[self.age as usize].face_up;
        self.accessible = compute_accessible(self.age, 0);
        self.index_layout();
        if self.options.pantheon {
            self.start_pantheon_age(events);
        }
        // The player with the weaker military chooses who starts; with the pawn on the
        // centre, the last active player starts (rulebook) or chooses (errata).
        let weaker = match self.pawn {
            p if p > 0 => Some(1),
            p if p < 0 => Some(0),
            _ => None,
        };
        match weaker {
            Some(w) => {
                self.current = w;
                self.pending.push(Pending::Starter);
            }
            None => {
                self.current = last_active;
                if self.options.errata_next_age {
                    self.pending.push(Pending::Starter);
                }
            }
        }
        events.emit(Event::AgeBegins {
            age: self.age,
            seat: self.current,
            chooses: !self.pending.is_empty(),
        });
    }
}
