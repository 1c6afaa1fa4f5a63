//! The concealer's answer to a guess, as every marble-guessing rule set plays it: it opens
//! its commitment or withholds it, the game tells everyone, and the answer is settled. A rule
//! set says who may answer now and what an answer brings; the order of the checks, the
//! events and the settling are written here, once.

use crate::fair::{GameId, Nonce};
use crate::rules::Seat;

use super::{Answer, Guessed, GuessingError};

/// A rule set whose concealers answer guesses.
pub trait Answering {
    type Error: From<GuessingError>;
    type Event;
    /// What the answer settles besides the guess (whose turn it is, over what).
    type Pending;

    /// The game and the turn the concealment awaiting its answer was committed for.
    fn committed(&self) -> (GameId, u32);

    /// The guess awaiting its answer and what the answer settles, when `seat` is the
    /// concealer who may answer it now; else why not, naming `action`.
    fn answering(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(Self::Pending, Guessed), Self::Error>;

    /// The concealer opened its commitment to `number`: what the rule set keeps of it.
    fn opened(&mut self, _seat: Seat, _pending: &Self::Pending, _number: u8) {}

    /// Carries out what the answer brings.
    fn settle(&mut self, pending: Self::Pending, answer: Answer, events: &mut Vec<Self::Event>);

    /// The event of an opened commitment.
    fn revealed(seat: Seat, turn: u32, number: u8, nonce: Nonce, correct: bool) -> Self::Event;

    /// The event of a withheld reveal.
    fn withheld(seat: Seat) -> Self::Event;

    /// `seat` opens its commitment with `number` and `nonce`.
    fn reveal(
        &mut self,
        seat: Seat,
        number: u8,
        nonce: Nonce,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        let (pending, guessed) = self.answering(seat, "reveal")?;
        let (game, turn) = self.committed();
        let answer = guessed.reveal(&game, turn, seat, number, nonce)?;
        self.opened(seat, &pending, number);
        events.push(Self::revealed(seat, turn, number, nonce, answer.correct));
        self.settle(pending, answer, events);
        Ok(())
    }

    /// `seat` does not open its commitment: the guess counts as right.
    fn withhold(&mut self, seat: Seat, events: &mut Vec<Self::Event>) -> Result<(), Self::Error> {
        let (pending, guessed) = self.answering(seat, "withhold the reveal")?;
        events.push(Self::withheld(seat));
        self.settle(pending, guessed.withhold(), events);
        Ok(())
    }
}

/// Writes, inside an `impl Answering`, the events of the two answers for a rule set whose
/// event type, named in the call, has `Revealed { seat, turn, number, nonce, correct }` and
/// `Withheld { seat }`.
macro_rules! answer_events {
    ($event:ident) => {
        fn revealed(
            seat: $crate::rules::Seat,
            turn: u32,
            number: u8,
            nonce: $crate::fair::Nonce,
            correct: bool,
        ) -> $event {
            $event::Revealed {
                seat,
                turn,
                number,
                nonce,
                correct,
            }
        }

        fn withheld(seat: $crate::rules::Seat) -> $event {
            $event::Withheld { seat }
        }
    };
}

pub(crate) use answer_events;
