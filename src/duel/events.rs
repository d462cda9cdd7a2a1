//! What happens in a Duel game (and Pantheon), told by the engine as it applies an action
//! ([`Duel::play_heard`](super::Duel::play_heard)), in the order the rules make it happen.
//!
//! Coins are told where they move: every change of a seat's treasury is a [`Event::Paid`],
//! [`Event::CoinsGained`] or [`Event::CoinsLost`] (with the treasury after it), and the coins on
//! Astarte move with [`Event::AstarteCoins`] and the `from_astarte` part of a payment, so the
//! events of a game, summed, give each seat's coins (the tests check it).

use arrayvec::ArrayVec;

use super::data::{CardId, Science, TokenId, WonderId};
use super::pantheon_data::{DivinityId, Mythology};
use super::vocab::{Pending, Victory};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The Wonder draft: `seat` takes `wonder`.
    WonderPicked { seat: u8, wonder: WonderId },
    /// `seat` builds `card` (from the layout, or from the discard pile for the Mausoleum or
    /// Hades).
    CardBuilt { seat: u8, card: CardId },
    /// `seat` discards `card` from the layout (its coins follow as [`Event::CoinsGained`]).
    CardDiscarded { seat: u8, card: CardId },
    /// `seat` builds `wonder`, tucking `card`.
    WonderBuilt {
        seat: u8,
        wonder: WonderId,
        card: CardId,
    },
    /// `seat` pays `coins` to the bank: its treasury first, then `from_astarte` from the coins
    /// on Astarte. Of them, `to_opponent` (the trade share, with the opponent's Economy) go on
    /// to the opponent, told as its [`Event::CoinsGained`]. `now`: the treasury after.
    Paid {
        seat: u8,
        coins: u16,
        from_astarte: u8,
        to_opponent: u16,
        now: u16,
    },
    /// `seat`'s treasury gains `coins` (the bank's, or the opponent's through Economy).
    CoinsGained { seat: u8, coins: u16, now: u16 },
    /// `seat`'s treasury loses `coins` to the bank (what it had, at most).
    CoinsLost { seat: u8, coins: u16, now: u16 },
    /// `seat` moves the Conflict pawn one square, from `from` to `to` (counted towards seat
    /// 1's capital).
    PawnMoved { seat: u8, from: i8, to: i8 },
    /// The pawn reaches military token `token` (index in `MILITARY_TOKENS`): `victim` loses
    /// its coins (told next, as [`Event::CoinsLost`]); the token leaves the board.
    MilitaryTokenLooted { token: u8, victim: u8 },
    /// Poliorcetics: the opponent of `seat`, who moved the pawn, loses a coin per square.
    Poliorcetics { seat: u8 },
    /// The Conflict pawn stops before the Minerva pawn on `square`, which is removed.
    MinervaStops { square: i8 },
    /// `seat` gains a scientific `symbol` (a green card, the Law token, a Divinity, a copy).
    ScienceGained { seat: u8, symbol: Science },
    /// `seat` has two of `symbol`: a pair of scientific symbols.
    SciencePair { seat: u8, symbol: Science },
    /// `seat` takes the Progress token `token` (from the board, the box or Enki).
    ProgressTaken { seat: u8, token: TokenId },
    /// `seat` destroys the opponent's `card` (to the discard pile).
    CardDestroyed { seat: u8, card: CardId },
    /// The 7-Wonder limit: the Wonders unbuilt (bit per id, those not there already) go back to
    /// the box.
    WondersBoxed { wonders: u16 },
    /// `seat` must now decide `decision`.
    Asks { seat: u8, decision: Pending },
    /// `seat` chooses `starter` to start the Age.
    StarterChosen { seat: u8, starter: u8 },
    /// The draft ended (`age` 0) or Age `age` (0-based) begins: `seat` starts or, with
    /// `chooses`, chooses who starts.
    AgeBegins { age: u8, seat: u8, chooses: bool },
    /// The game ends by military or scientific supremacy, won by `seat`.
    Supremacy { victory: Victory, seat: u8 },
    /// The last card of Age III is played: the game ends on points.
    GameOver,

    // ----- Pantheon ---------------------------------------------------------------------
    /// `seat` takes a Mythology token from a card turned over; `deck_empty`: that
    /// Mythology's deck has no Divinity left to place.
    MythologyToken {
        seat: u8,
        mythology: Mythology,
        deck_empty: bool,
    },
    /// `seat` takes the Offering token of value `value` from a card turned over.
    OfferingToken { seat: u8, value: u8 },
    /// `seat` places `divinity` face down on `space`; the other of the two cards it drew,
    /// `put_back`, goes back on top of the deck (none: the deck's last card).
    DivinityPlaced {
        seat: u8,
        divinity: DivinityId,
        space: u8,
        put_back: Option<DivinityId>,
    },
    /// Age II: the Gate goes on the empty `space`.
    GatePlaced { space: u8 },
    /// Age II: `divinity`, placed face down by `placed_by`, is turned face up on `space`.
    DivinityRevealed {
        space: u8,
        divinity: DivinityId,
        placed_by: u8,
    },
    /// Age II: the Offering tokens go on their slots (`OFFERING_TOKEN_SLOTS`), these values.
    OfferingTokensLaid { values: [u8; 3] },
    /// Enki is revealed: these Progress tokens of the box go on it.
    EnkiDrawn { tokens: ArrayVec<TokenId, 2> },
    /// Enki's tokens not taken go back to the box.
    EnkiReturned { tokens: ArrayVec<TokenId, 2> },
    /// `seat` activates `divinity` (or the Gate, `GATE_ID`), from Pantheon `space` (none:
    /// from a deck, by the Gate or the Divine Theater).
    DivinityActivated {
        seat: u8,
        divinity: DivinityId,
        space: Option<u8>,
    },
    /// The Gate shows the top card of each deck (none: every deck is empty).
    GateReveals { tops: ArrayVec<DivinityId, 5> },
    /// Enki asks `seat` to choose one of these tokens.
    EnkiOffers {
        seat: u8,
        tokens: ArrayVec<TokenId, 2>,
    },
    /// `seat` puts `coins` on its Astarte (`now` there after).
    AstarteCoins { seat: u8, coins: u8, now: u8 },
    /// Baal: `seat` takes the opponent's `card` into its city.
    CardTaken { seat: u8, card: CardId },
    /// Zeus: `seat` puts `card` from layout `slot` in the discard pile (`face_down`: it had not
    /// been turned over), with the token on it if any (`token_discarded`).
    LayoutCardDiscarded {
        seat: u8,
        slot: u8,
        card: CardId,
        face_down: bool,
        token_discarded: bool,
    },
    /// Anubis: `seat` unbuilds `owner`'s `wonder`; its tucked `card` goes to the discard pile.
    WonderUnbuilt {
        seat: u8,
        owner: u8,
        wonder: WonderId,
        card: CardId,
    },
    /// Ra: `seat` takes the opponent's unbuilt `wonder`.
    WonderTaken { seat: u8, wonder: WonderId },
    /// `seat` puts the Minerva pawn on `square`.
    MinervaPlaced { seat: u8, square: i8 },
    /// Neptune: military token `token` leaves the board unapplied.
    MilitaryTokenDiscarded { token: u8 },
    /// Neptune: military token `token` is applied: `victim` loses its coins (told next).
    MilitaryTokenApplied { token: u8, victim: u8 },
}
