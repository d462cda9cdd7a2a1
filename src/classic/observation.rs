//! 7 Wonders' action ids and observation vector (see [`wonders_common::encoding`]).
//!
//! Action ids, `C` the number of buildings of the options' catalog (by [`CardId`]):
//! `build c`, `build_free c` (1st-edition Olympia A), `wonder with c`, `sell c`,
//! `build_discarded c` (Halikarnassos), each `C` ids, then `copy_guild g from left|right`
//! (1st-edition Olympia B, `2C` ids): `7C` in all; with Cities, 256 more for `coin_loss`
//! paying 0..=255 coins; with Leaders, those 256 and then `draft`, `recruit`, `wonder with`
//! and `sell` of each leader, then `bury_leader` and `recruit_extra` of each (64 ids each),
//! then `discard_victory_token` of value 0..=127. The payment splits of one build share its id:
//! the id plays the cheapest split, paying the left neighbour least on a tie (what
//! `--collapse-splits` keeps).
//!
//! Observation, seats relative to the observer (`seat_0` is the observer, `seat_1` its left
//! neighbour — the next seat —, and so on round the table): the Age, turn and step, who has
//! chosen this turn, the observer's hand (copies per building), the size of the discard pile,
//! and every city (board and side, stages, coins, shields, military points and defeats, cards per
//! colour, science symbols, the buildings; with Cities also the coin loss the observer has to
//! split, and every city's black cards, debt and Diplomacy tokens and science copies; in the team
//! variant the partner's side and hand, and its leaders). Never the other hands, the cards chosen
//! but not yet revealed, the decks or the discard pile's content (discards are face down).

use super::data::{CardId, Color, Expansion};
use super::leader_draft::LeaderId;
use super::leaders_data::LEADERS;
use super::state::{Action, Step};
use super::ClassicGame;
use wonders_common::encoding::{Encoded, Sink};
use wonders_common::SimGame;

const COLOR_NAMES: [&str; 7] = ["brown", "grey", "blue", "yellow", "red", "green", "purple"];

/// The number of action ids of this game's options (see [`Encoded::action_space`]).
pub(crate) fn space_of(game: &ClassicGame) -> usize {
    // Cities: `coin_loss` paying 0..=255 coins (the rest as debt), after the card ids.
    let expansions = game.catalog().expansions;
    // Leaders' ids follow the coin losses' block (kept even without Cities).
    let extra = if expansions.contains(Expansion::LEADERS) {
        256 + 512
    } else if expansions.contains(Expansion::CITIES) {
        256
    } else {
        0
    };
    7 * game.catalog().cards.len() + extra
}

impl Encoded for ClassicGame {
    fn action_space(options: &Self::Options) -> usize {
        space_of(&ClassicGame::new_game(options, 0))
    }

    fn action_label(options: &Self::Options, id: usize) -> String {
        let game = ClassicGame::new_game(options, 0);
        let cards = &game.catalog().cards;
        let c = cards.len();
        let key = |i: usize| cards[i % c].key;
        match id / c {
            0 => format!("build {}", key(id)),
            1 => format!("build_free {}", key(id)),
            2 => format!("wonder with {}", key(id)),
            3 => format!("sell {}", key(id)),
            4 => format!("build_discarded {}", key(id)),
            7.. if id < 7 * c + 256 => format!("coin_loss paying {} coins", id - 7 * c),
            7.. if id >= 7 * c + 512 + 128 => {
                format!("discard_victory_token {}", id - 7 * c - 512 - 128)
            }
            7.. => {
                let k = id - 7 * c - 256;
                let leader = crate::leaders_data::LEADERS
                    .get(k % 64)
                    .map_or("?", |l| l.id);
                let kind = [
                    "draft",
                    "recruit",
                    "wonder with",
                    "sell",
                    "bury",
                    "recruit_extra",
                ][k / 64];
                format!("{kind} {leader}")
            }
            _ => {
                let k = id - 5 * c;
                let side = if k % 2 == 0 { "left" } else { "right" };
                format!("copy_guild {} from {side}", key(k / 2))
            }
        }
    }

    fn action_id(&self, action: Action) -> (usize, u32) {
        let c = self.catalog().cards.len();
        let split = |l: u8, r: u8| (l as u32 + r as u32) * 256 + l as u32;
        match action {
            Action::Build {
                card,
                pay_left,
                pay_right,
            } => (card.0 as usize, split(pay_left, pay_right)),
            Action::BuildFree { card } => (c + card.0 as usize, 0),
            Action::Wonder {
                card,
                pay_left,
                pay_right,
            } => (2 * c + card.0 as usize, split(pay_left, pay_right)),
            Action::Sell { card } => (3 * c + card.0 as usize, 0),
            Action::BuildDiscarded { card } => (4 * c + card.0 as usize, 0),
            Action::CopyGuild { guild, from } => {
                let right = from as usize != self.left_of(self.current_seat());
                (5 * c + 2 * guild.0 as usize + right as usize, 0)
            }
            Action::CoinLoss { coins, .. } => (7 * c + coins as usize, 0),
            // Leaders: four blocks of one id per leader after the coin losses.
            Action::Draft { leader } => (7 * c + 256 + leader.0 as usize, 0),
            Action::Recruit { leader } => (7 * c + 256 + 64 + leader.0 as usize, 0),
            Action::WonderLeader {
                leader,
                pay_left,
                pay_right,
            } => (
                7 * c + 256 + 128 + leader.0 as usize,
                split(pay_left, pay_right),
            ),
            Action::SellLeader { leader } => (7 * c + 256 + 192 + leader.0 as usize, 0),
            Action::BuryLeader { leader } => (7 * c + 512 + leader.0 as usize, 0),
            Action::RecruitExtra { leader } => (7 * c + 512 + 64 + leader.0 as usize, 0),
            Action::DiscardVictoryToken { value } => (7 * c + 512 + 128 + value as usize, 0),
        }
    }

    fn encode<S: Sink>(&self, seat: usize, out: &mut S) {
        let n = self.players();
        let cat = self.catalog();
        let over = self.is_over();
        out.put(|| "age".into(), self.age() as f32);
        out.put(|| "turn".into(), self.turn() as f32);
        out.flag(|| "step_turn".into(), self.step() == Step::Turn);
        out.flag(
            || "step_build_discarded".into(),
            matches!(self.step(), Step::BuildDiscarded(_)),
        );
        out.flag(
            || "step_copy_guild".into(),
            matches!(self.step(), Step::CopyGuild(_)),
        );
        let cities = cat.expansions.contains(Expansion::CITIES);
        if cities {
            let loss = match self.step() {
                Step::CoinLoss(s) if s as usize == seat => self.loss(seat),
                _ => 0,
            };
            out.flag(
                || "step_coin_loss".into(),
                matches!(self.step(), Step::CoinLoss(_)),
            );
            out.put(|| "coin_loss_to_split".into(), loss as f32);
        }
        let leaders = self.leader_table();
        if let Some(table) = leaders {
            out.flag(|| "step_draft".into(), self.step() == Step::Draft);
            out.flag(
                || "step_recruitment".into(),
                self.is_recruiting() && self.step() == Step::Turn,
            );
            out.flag(
                || "step_leader_decision".into(),
                matches!(
                    self.step(),
                    Step::DiscardVictory(_) | Step::BuryLeader(_) | Step::RecruitExtra(_)
                ),
            );
            // The observer's leaders in hand (the draft hand while drafting), and its picks.
            let hand = if table.draft.is_over() {
                self.city(seat).leader_seat.hand
            } else {
                table.draft.hand(seat)
            };
            let picks = table.draft.picks(seat);
            for (i, l) in LEADERS.iter().enumerate() {
                let id = LeaderId(i as u8);
                out.flag(|| format!("leader_hand_{}", l.id), hand.contains(id));
                out.flag(|| format!("leader_picked_{}", l.id), picks.contains(id));
            }
        }
        out.flag(|| "over".into(), over);
        out.flag(|| "to_move".into(), !over && self.current_seat() == seat);
        for k in 0..n {
            out.flag(
                || format!("seat_{k}_has_chosen"),
                self.has_chosen((seat + k) % n),
            );
        }
        let mut hand = vec![0u8; cat.cards.len()];
        for c in self.hand(seat) {
            hand[c.0 as usize] += 1;
        }
        for (card, count) in cat.cards.iter().zip(&hand) {
            out.put(|| format!("hand_{}", card.key), *count as f32);
        }
        if self.plays_in_teams() {
            // The team variant: the partner shows its hand (and its leaders); which neighbour it
            // is tells the observer's seat parity, and so which neighbour it fights.
            let partner = crate::teams::partner(seat);
            out.flag(|| "partner_is_left".into(), partner == (seat + 1) % n);
            let mut hand = vec![0u8; cat.cards.len()];
            for c in self.hand(partner) {
                hand[c.0 as usize] += 1;
            }
            for (card, count) in cat.cards.iter().zip(&hand) {
                out.put(|| format!("partner_hand_{}", card.key), *count as f32);
            }
            if let Some(table) = leaders {
                let hand = if table.draft.is_over() {
                    self.city(partner).leader_seat.hand
                } else {
                    table.draft.hand(partner)
                };
                for (i, l) in LEADERS.iter().enumerate() {
                    let id = LeaderId(i as u8);
                    out.flag(
                        || format!("partner_leader_hand_{}", l.id),
                        hand.contains(id),
                    );
                }
            }
        }
        out.put(
            || "discard_pile_size".into(),
            self.discard_pile().len() as f32,
        );
        for k in 0..n {
            let city = self.city((seat + k) % n);
            for board in &cat.boards {
                out.flag(
                    || format!("seat_{k}_board_{}", board.id()),
                    city.wonder == *board,
                );
            }
            out.flag(|| format!("seat_{k}_side_b"), city.side.index() == 1);
            out.put(|| format!("seat_{k}_stages"), city.stages as f32);
            out.put(|| format!("seat_{k}_coins"), city.coins as f32);
            out.put(|| format!("seat_{k}_shields"), city.shields as f32);
            out.put(|| format!("seat_{k}_military"), city.military as f32);
            out.put(|| format!("seat_{k}_defeats"), city.defeats as f32);
            for (color, name) in COLOR_NAMES.iter().enumerate() {
                out.put(
                    || format!("seat_{k}_{name}_cards"),
                    city.colors[color] as f32,
                );
            }
            for (s, name) in ["compass", "tablet", "gear"].iter().enumerate() {
                out.put(
                    || format!("seat_{k}_science_{name}"),
                    city.science[s] as f32,
                );
            }
            out.put(
                || format!("seat_{k}_science_wild"),
                city.science_wild as f32,
            );
            out.flag(|| format!("seat_{k}_free_build_used"), city.free_build_used);
            if leaders.is_some() {
                out.put(
                    || format!("seat_{k}_leader_hand_size"),
                    city.leader_seat.hand.len() as f32,
                );
                for (i, l) in LEADERS.iter().enumerate() {
                    let id = LeaderId(i as u8);
                    out.flag(
                        || format!("seat_{k}_leader_{}", l.id),
                        city.leader_seat.face_up.contains(id),
                    );
                    out.flag(
                        || format!("seat_{k}_buried_{}", l.id),
                        city.leader_seat.buried.contains(id),
                    );
                }
                out.put(
                    || format!("seat_{k}_victory_tokens"),
                    (city.victories[1] + city.victories[3] + city.victories[5]) as f32,
                );
            }
            if cities {
                out.put(
                    || format!("seat_{k}_black_cards"),
                    city.colors[Color::Black as usize] as f32,
                );
                out.put(|| format!("seat_{k}_debt"), city.cities_seat.debt as f32);
                out.put(
                    || format!("seat_{k}_diplomacy"),
                    city.cities_seat.diplomacy as f32,
                );
                out.put(
                    || format!("seat_{k}_science_copies"),
                    city.cities_seat.science_copies as f32,
                );
            }
            for (i, card) in cat.cards.iter().enumerate() {
                out.flag(
                    || format!("seat_{k}_city_{}", card.key),
                    city.built.contains(CardId(i as u8).0),
                );
            }
        }
    }
}
