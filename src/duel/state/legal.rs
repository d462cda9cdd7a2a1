//! Legal actions: the draft, the accessible cards, and the decisions an effect asks for.

use super::*;

impl Duel {
    /// Every legal action of the player to move, each with the coins it costs, in a
    /// deterministic order. Empty when the game is over.
    pub fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Draft => {
                let round = (self.picks / 4) as usize * 4;
                let forced = self.options.wonders != WonderSelection::Draft;
                let picked = self.picked_wonders();
                for k in round..round + 4 {
                    let w = self.setup.wonders_offered[k];
                    if forced {
                        if k == self.picks as usize {
                            out.push(Action::PickWonder(w));
                        }
                    } else if picked >> w & 1 == 0 {
                        out.push(Action::PickWonder(w));
                    }
                }
            }
            Phase::Play => match self.pending.top() {
                Some(p) => self.pending_actions(p, out),
                None if self.options.pantheon => self.card_actions::<true>(out),
                None => self.card_actions::<false>(out),
            },
        }
    }

    pub(super) fn is_picked(&self, w: WonderId) -> bool {
        self.picked_wonders() >> w & 1 == 1
    }

    /// The Wonders drafted so far, a bit per id.
    pub(super) fn picked_wonders(&self) -> u16 {
        let mut picked = 0u16;
        for p in &self.players {
            // Unused entries are 0, a real id: count only the picked ones.
            for (i, &w) in p.wonders.iter().enumerate() {
                picked |= ((i < p.num_wonders as usize) as u16) << w;
            }
        }
        picked
    }

    /// The turn's actions on the layout (and with `PANTHEON` the activations).
    pub(super) fn card_actions<const PANTHEON: bool>(&self, out: &mut Vec<Action>) {
        let seat = self.current as usize;
        let me = &self.players[seat];
        let coins = if PANTHEON {
            self.spendable(seat)
        } else {
            me.coins
        };
        // Wonder costs do not depend on the tucked card: work them out once.
        let mut wonders = [(0u8, 0u16); 5];
        let mut n_wonders = 0;
        let open = (self.wonders_built < 7) as u8;
        let mut closed = me.built;
        // A Wonder the 7-Wonder limit sent to the box stays there (Pantheon's Anubis may
        // bring the count below 7 again): rare, so tested once.
        if PANTHEON && open == 1 && self.pantheon.boxed_wonders != 0 {
            closed |= self.boxed_positions(seat);
        }
        for i in 0..me.num_wonders as usize {
            let w = me.wonders[i];
            let cost = self.wonder_costs[seat][i];
            wonders[n_wonders] = (w, cost);
            let unbuilt = (closed >> i & 1) ^ 1;
            n_wonders += (unbuilt & open & (cost <= coins) as u8) as usize;
        }
        let wonders = &wonders[..n_wonders];
        if PANTHEON && me.has(Progress::Engineering) {
            self.layout_actions::<true>(seat, coins, wonders, out);
        } else {
            self.layout_actions::<false>(seat, coins, wonders, out);
        }
        if PANTHEON && self.pantheon.revealed {
            self.activation_actions(out);
        }
    }

    /// The Builds, Discards and Wonders of the accessible cards, for a seat with `coins` to
    /// spend and the Wonders (with their costs) it can build; `ENGINEERING` as in
    /// [`Duel::card_cost_in`].
    #[inline(always)]
    fn layout_actions<const ENGINEERING: bool>(
        &self,
        seat: usize,
        coins: u16,
        wonders: &[(WonderId, u16)],
        out: &mut Vec<Action>,
    ) {
        let mut acc = self.accessible_slots();
        let ages = &self.setup.ages[self.age as usize];
        while acc != 0 {
            let slot = acc.trailing_zeros() as usize;
            acc &= acc - 1;
            let card = ages[slot];
            let (cost, _) = self.card_cost_in::<ENGINEERING>(seat, card);
            // Keep the Build only if affordable, without a branch (see `card_cost`).
            let len = out.len();
            out.push(Action::Build { card, paid: cost });
            out.truncate(len + (cost <= coins) as usize);
            out.push(Action::Discard { card });
            for &(wonder, paid) in wonders {
                out.push(Action::Wonder { card, wonder, paid });
            }
        }
    }

    pub(super) fn pending_actions(&self, pending: Pending, out: &mut Vec<Action>) {
        if pending.is_pantheon() {
            return self.pantheon_actions(pending, out);
        }
        let seat = self.current as usize;
        match pending {
            Pending::Progress => {
                out.extend(self.board_tokens().map(Action::Progress));
            }
            Pending::Destroy(color) => {
                let opp = &self.players[1 - seat];
                out.extend(
                    opp.city
                        .iter()
                        .filter(|&c| CARDS[c as usize].color == color)
                        .map(Action::Destroy),
                );
            }
            Pending::Mausoleum => out.extend(self.discard.iter().map(Action::BuildDiscarded)),
            Pending::GreatLibrary => {
                let n = (self.box_len as usize).min(3);
                out.extend(
                    self.box_tokens[..n]
                        .iter()
                        .map(|&t| Action::GreatLibrary(t)),
                );
            }
            Pending::Starter => out.extend([Action::ChooseStarter(0), Action::ChooseStarter(1)]),
            _ => unreachable!("Pantheon's decisions are listed above"),
        }
    }
}
