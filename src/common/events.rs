//! What happened, told by the engine as it applies an action.
//!
//! Each game has its own typed `Event` enum (payments and to whom, cards revealed, tokens
//! taken, points moved …) and applies an action through one function generic over an
//! [`EventSink`]. Logs, the web page and anything else that tells a game's story listen with a
//! `Vec`; the search and the simulator apply with [`Unheard`], which compiles to nothing, so
//! the hot path pays nothing for the stream. Telling the story this way keeps it next to the
//! rule that makes it happen, instead of diffing states or replaying from the set-up.

/// Where an engine tells what happened.
pub trait EventSink<E> {
    /// False for a sink that drops everything ([`Unheard`]): the engine then skips building
    /// the events that cost something to build (hands, scores, what a payment bought); an
    /// event built and dropped unheard would still cost its drop.
    const HEARS: bool = true;

    /// One thing that happened, in the order the rules make it happen.
    fn emit(&mut self, event: E);

    /// Tells the event `event` builds, built only if the sink hears.
    #[inline(always)]
    fn tell(&mut self, event: impl FnOnce() -> E)
    where
        Self: Sized,
    {
        if Self::HEARS {
            self.emit(event());
        }
    }
}

/// A sink that hears nothing: play without a story (searches, simulations).
#[derive(Clone, Copy, Debug, Default)]
pub struct Unheard;

impl<E> EventSink<E> for Unheard {
    const HEARS: bool = false;

    #[inline(always)]
    fn emit(&mut self, _event: E) {}
}

impl<E> EventSink<E> for Vec<E> {
    #[inline]
    fn emit(&mut self, event: E) {
        self.push(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tell(sink: &mut impl EventSink<u8>) {
        sink.emit(1);
        sink.emit(2);
    }

    #[test]
    fn a_vec_hears_every_event_in_order_and_unheard_none() {
        let mut heard = Vec::new();
        tell(&mut heard);
        assert_eq!(heard, [1, 2]);
        tell(&mut Unheard);
        let mut built = 0;
        let mut build = || {
            built += 1;
            3u8
        };
        Unheard.tell(&mut build);
        heard.tell(&mut build);
        assert_eq!((built, heard.as_slice()), (1, &[1, 2, 3][..]));
    }
}
