//! What building a card or a Wonder does: production, coins, military, science, Progress
//! tokens, and the end of the game by supremacy.

use super::scoring::points_line;
use super::*;
use crate::events::Event;
use wonders_common::EventSink;

impl Duel {
    /// Puts `card` in `seat`'s city and applies its immediate effects.
    pub(super) fn build_card<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        card: CardId,
        events: &mut S,
    ) {
        let c = &CARDS[card as usize];
        let mut refresh = false;
        events.emit(Event::CardBuilt {
            seat: seat as u8,
            card,
        });
        let coins = {
            let p = &mut self.players[seat];
            p.city.insert(card);
            p.colors[c.color as usize] += 1;
            if let Some(line) = points_line(c.color) {
                p.card_points[line] += c.points as i16;
            }
            for r in 0..5 {
                p.production.0[r] += c.produces.0[r];
            }
            p.add_choice(c.produces_one_of);
            p.trade_at_one |= c.trade_at_one.mask();
            if !c.produces.is_empty() || !c.trade_at_one.is_empty() || !c.produces_one_of.is_empty()
            {
                refresh = true;
            }
            if let Some(chain) = c.chain_to {
                p.chains |= 1 << chain as u32;
            }
            let mut coins = c.coins as u16;
            match c.coins_per {
                Some(CoinsPer::Card(n, color)) => {
                    coins += n as u16 * p.colors[color as usize] as u16
                }
                Some(CoinsPer::Wonder(n)) => coins += n as u16 * p.wonders_built() as u16,
                None => {}
            }
            coins
        };
        self.gain_coins(seat, coins, events);
        if refresh {
            self.refresh_costs();
        }
        if let Some(g) = c.guild {
            if g.coins_per > 0 {
                let n = self
                    .guild_count_of(seat, g.counts)
                    .max(self.guild_count_of(1 - seat, g.counts));
                self.gain_coins(seat, g.coins_per as u16 * n, events);
            }
        }
        if c.shields > 0 {
            let extra = (c.color == Color::Red && self.players[seat].has(Progress::Strategy)) as u8;
            self.move_pawn(seat, c.shields + extra, events);
        }
        if let Some(symbol) = c.science {
            self.add_science(seat, symbol, events);
        }
    }

    /// What a guild counts in `seat`'s city.
    pub(super) fn guild_count_of(&self, seat: usize, counts: GuildCount) -> u16 {
        let p = &self.players[seat];
        match counts {
            GuildCount::Cards(colors) => colors.iter().map(|&c| p.colors[c as usize] as u16).sum(),
            GuildCount::Wonders => p.wonders_built() as u16,
            GuildCount::CoinSetsOf3 => p.coins / 3,
        }
    }

    pub(super) fn build_wonder<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        wonder: WonderId,
        card: CardId,
        events: &mut S,
    ) {
        let w = &WONDERS[wonder as usize];
        events.emit(Event::WonderBuilt {
            seat: seat as u8,
            wonder,
            card,
        });
        {
            let p = &mut self.players[seat];
            let idx = p.wonders[..p.num_wonders as usize]
                .iter()
                .position(|&x| x == wonder)
                .expect("checked by the caller");
            p.built |= 1 << idx;
            self.pantheon.tucked[seat][idx] = card;
            self.pantheon.discount[seat] += w.pantheon_discount;
            p.wonder_points += w.points as i16;
            p.tucked.insert(card);
            p.add_choice(w.produces_one_of);
        }
        self.gain_coins(seat, w.coins as u16, events);
        if !w.produces_one_of.is_empty() {
            self.refresh_costs();
        }
        self.wonders_built += 1;
        if self.wonders_built == 7 {
            // The 7-Wonder limit: the Wonders still unbuilt go back to the box for good.
            let before = self.pantheon.boxed_wonders;
            for p in &self.players {
                for i in 0..p.num_wonders as usize {
                    if p.built >> i & 1 == 0 {
                        self.pantheon.boxed_wonders |= 1 << p.wonders[i];
                    }
                }
            }
            let boxed = self.pantheon.boxed_wonders & !before;
            if boxed != 0 {
                events.emit(Event::WondersBoxed { wonders: boxed });
            }
        }
        self.extra_turn |= w.extra_turn || self.players[seat].has(Progress::Theology);
        if w.opponent_loses > 0 {
            self.lose_coins(1 - seat, w.opponent_loses as u16, events);
        }
        if w.shields > 0 {
            self.move_pawn(seat, w.shields, events);
        }
        if self.phase == Phase::Over {
            return;
        }
        if let Some(color) = w.destroys {
            let opp = &self.players[1 - seat];
            if opp.colors[color as usize] > 0 {
                self.ask(Pending::Destroy(color), events);
            }
        }
        if w.builds_from_discard && !self.discard.is_empty() {
            self.ask(Pending::Mausoleum, events);
        }
        if w.takes_boxed_token && self.box_len > 0 {
            self.ask(Pending::GreatLibrary, events);
        }
        if w.activates_from_deck && self.pantheon.deck_len.iter().any(|&n| n > 0) {
            self.ask(Pending::DivineTheater, events);
        }
    }

    /// Moves the Conflict pawn `shields` squares towards the opponent of `seat`, one square at
    /// a time, looting military tokens on the way; reaching the capital wins at once.
    pub(super) fn move_pawn<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        shields: u8,
        events: &mut S,
    ) {
        let step: i8 = if seat == 0 { 1 } else { -1 };
        let pantheon = self.options.pantheon;
        for moved in 0..shields {
            // Pantheon's Minerva stops the pawn before her square; the rest of the move is lost.
            if pantheon && self.minerva_stops(self.pawn + step, events) {
                self.poliorcetics(seat, moved, events);
                return;
            }
            self.pawn += step;
            events.emit(Event::PawnMoved {
                seat: seat as u8,
                from: self.pawn - step,
                to: self.pawn,
            });
            if self.pawn.abs() >= super::CAPITAL {
                // Every square moved costs the opponent, the last one included (seed 002:
                // "ogni volta che fai avanzare la pedina Conflitto").
                if pantheon {
                    self.poliorcetics(seat, moved + 1, events);
                }
                self.end_by_supremacy(Victory::Military, seat, events);
                return;
            }
            for (i, &(lo, hi, coins)) in MILITARY_TOKENS.iter().enumerate() {
                if self.military_tokens >> i & 1 == 1 && (lo..=hi).contains(&self.pawn) {
                    self.military_tokens &= !(1 << i);
                    let victim = if lo > 0 { 1 } else { 0 };
                    events.emit(Event::MilitaryTokenLooted {
                        token: i as u8,
                        victim: victim as u8,
                    });
                    self.lose_coins(victim, coins as u16, events);
                }
            }
        }
        if pantheon {
            self.poliorcetics(seat, shields, events);
        }
    }

    pub(super) fn add_science<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        symbol: Science,
        events: &mut S,
    ) {
        events.emit(Event::ScienceGained {
            seat: seat as u8,
            symbol,
        });
        let bit = 1u8 << symbol as u8;
        let p = &mut self.players[seat];
        if p.science & bit != 0 {
            // A pair: take a token from the board, if any is left. A third symbol (Pantheon's
            // copies) makes no new pair.
            let new_pair = p.paired & bit == 0;
            p.paired |= bit;
            if new_pair {
                events.emit(Event::SciencePair {
                    seat: seat as u8,
                    symbol,
                });
                if self.board_tokens != 0 {
                    self.ask(Pending::Progress, events);
                }
            }
        } else {
            p.science |= bit;
            if p.science.count_ones() >= super::SCIENCE_SUPREMACY {
                self.end_by_supremacy(Victory::Science, seat, events);
            }
        }
    }

    pub(super) fn end_by_supremacy<S: EventSink<Event>>(
        &mut self,
        victory: Victory,
        seat: usize,
        events: &mut S,
    ) {
        self.supremacy = Some((victory, seat as u8));
        self.phase = Phase::Over;
        self.pending.clear();
        events.emit(Event::Supremacy {
            victory,
            seat: seat as u8,
        });
    }

    pub(super) fn gain_token<S: EventSink<Event>>(
        &mut self,
        seat: usize,
        token: TokenId,
        events: &mut S,
    ) {
        let t = &PROGRESS_TOKENS[token as usize];
        self.players[seat].progress |= 1 << token;
        events.emit(Event::ProgressTaken {
            seat: seat as u8,
            token,
        });
        self.gain_coins(seat, t.coins as u16, events);
        match t.kind {
            Progress::Law => self.add_science(seat, Science::Law, events),
            Progress::Architecture => self.refresh_costs(),
            // Their coins are taken above; the rest is read where it applies.
            Progress::Agriculture
            | Progress::Economy
            | Progress::Masonry
            | Progress::Mathematics
            | Progress::Philosophy
            | Progress::Strategy
            | Progress::Theology
            | Progress::Urbanism
            | Progress::Mysticism
            | Progress::Poliorcetics
            | Progress::Engineering => {}
        }
    }
}
