//! The concealed-number exchange of the marble-guessing games (San Martin Mehen, Pharaohs and
//! lions Mehen): a seat conceals a number from a range as a commitment, the other side
//! guesses it, and the concealer opens the commitment or withholds it.
//!
//! The rule sets keep who plays each part and what the answer brings; the range, the
//! commitment held, the guess and the checks of the reveal are written here, once. Every step
//! checks everything before it answers with a new value, so a refusal changes nothing.
//!
//! `flow` is the exchange as every such rule set plays it; `judgement` is how
//! a computer player looks through the exchange; `played`, for the tests of both rule sets,
//! plays their games out between computer and random players.

mod flow;
mod judgement;
pub mod played;
mod turn_error;

pub use flow::GuessingGame;
pub(crate) use flow::exchange_events;
pub(crate) use judgement::guessing_player;
pub use judgement::{Exchanges, Moment, Reach, after, best_for, judge, payoff, race};
pub use turn_error::TurnError;

use std::ops::RangeInclusive;

use thiserror::Error;

use crate::fair::{Commitment, GameId, Nonce};

use super::{Concealed, RefusalKind, Seat};

/// The numbers a concealment may hold and a guess may name: 1 to `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub max: u8,
}

impl Range {
    pub const fn up_to(max: u8) -> Self {
        Range { max }
    }

    /// Every number of the range, lowest first.
    pub fn numbers(self) -> RangeInclusive<u8> {
        1..=self.max
    }

    fn check(self, what: &'static str, number: u8) -> Result<(), GuessingError> {
        if self.numbers().contains(&number) {
            Ok(())
        } else {
            Err(GuessingError::OutOfRange {
                what,
                number,
                max: self.max,
            })
        }
    }
}

/// A concealed number as the game holds it: the commitment every seat sees, the range it was
/// concealed from, and the number itself when whoever made the commitment shares it with the
/// engine (the server-held mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Concealment {
    commitment: Commitment,
    hand: Option<Concealed>,
    range: Range,
}

impl Concealment {
    /// Conceals a number from `range`: a number shared with the engine must lie in it.
    pub fn new(
        commitment: Commitment,
        hand: Option<Concealed>,
        range: Range,
    ) -> Result<Self, GuessingError> {
        if let Some(hand) = hand {
            range.check("conceal", hand.expose())?;
        }
        Ok(Concealment {
            commitment,
            hand,
            range,
        })
    }

    pub fn commitment(&self) -> Commitment {
        self.commitment
    }

    pub fn range(&self) -> Range {
        self.range
    }

    /// The concealed number while the engine holds it, for its concealer's eyes alone.
    pub fn hand(&self) -> Option<u8> {
        self.hand.map(Concealed::expose)
    }

    /// A guess at the number, which must lie in the range.
    pub fn guess(self, number: u8) -> Result<Guessed, GuessingError> {
        self.range.check("guess", number)?;
        Ok(Guessed {
            concealment: self,
            guess: number,
        })
    }
}

/// A concealment and the guess named at it, awaiting the concealer's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guessed {
    concealment: Concealment,
    guess: u8,
}

impl Guessed {
    pub fn concealment(&self) -> &Concealment {
        &self.concealment
    }

    pub fn guess(&self) -> u8 {
        self.guess
    }

    /// The concealer opens the commitment it made in `game` on `turn` from its seat
    /// `concealer`: `number` must lie in the range, open the commitment with `nonce`, and be
    /// the number the engine holds, if it holds one.
    pub fn reveal(
        &self,
        game: &GameId,
        turn: u32,
        concealer: Seat,
        number: u8,
        nonce: Nonce,
    ) -> Result<Answer, GuessingError> {
        self.concealment.range.check("reveal", number)?;
        let commitment = self.concealment.commitment;
        let opens = commitment.opens_to(game, turn, concealer.0, &nonce, number);
        if !opens || self.concealment.hand().is_some_and(|hand| hand != number) {
            return Err(GuessingError::CommitmentMismatch);
        }
        Ok(Answer {
            number,
            correct: self.guess == number,
        })
    }

    /// The concealer does not open the commitment: it counts as a correct guess.
    pub fn withhold(&self) -> Answer {
        Answer {
            number: self.guess,
            correct: true,
        }
    }
}

/// How an exchange ended: the number it settled on (the guess itself, when the reveal was
/// withheld) and whether the guess was right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    pub number: u8,
    pub correct: bool,
}

/// Why a step of the exchange was refused. The exchange is as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GuessingError {
    #[error("{what} {number} is outside 1–{max}")]
    OutOfRange {
        what: &'static str,
        number: u8,
        max: u8,
    },
    #[error("the revealed number and nonce do not open the commitment")]
    CommitmentMismatch,
}

impl GuessingError {
    pub fn kind(&self) -> RefusalKind {
        match self {
            GuessingError::OutOfRange { .. } => RefusalKind::OutOfRange,
            GuessingError::CommitmentMismatch => RefusalKind::CommitmentMismatch,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: GameId = GameId([7; 16]);
    const NONCE: Nonce = Nonce::from_bytes([3; 32]);
    const SEAT: Seat = Seat(1);

    fn concealed(number: u8, told: bool) -> Concealment {
        let commitment = Commitment::new(&GAME, 4, SEAT.0, &NONCE, number);
        let hand = told.then_some(Concealed::new(number));
        Concealment::new(commitment, hand, Range::up_to(5)).unwrap()
    }

    #[test]
    fn a_number_told_to_the_engine_must_lie_in_the_range() {
        let commitment = Commitment::new(&GAME, 4, SEAT.0, &NONCE, 6);
        let refused = Concealment::new(commitment, Some(Concealed::new(6)), Range::up_to(5));
        let outside = GuessingError::OutOfRange {
            what: "conceal",
            number: 6,
            max: 5,
        };
        assert_eq!(refused, Err(outside));
        assert!(Concealment::new(commitment, None, Range::up_to(5)).is_ok());
        assert_eq!(concealed(5, true).hand(), Some(5));
        assert_eq!(concealed(5, false).hand(), None);
    }

    #[test]
    fn a_guess_must_lie_in_the_range() {
        for number in [0, 6] {
            let error = concealed(3, true).guess(number).unwrap_err();
            assert_eq!(error.kind(), RefusalKind::OutOfRange);
        }
        assert_eq!(concealed(3, true).guess(5).unwrap().guess(), 5);
    }

    #[test]
    fn a_reveal_must_open_the_commitment_and_match_the_hand() {
        let guessed = concealed(3, true).guess(2).unwrap();
        let reveal = |turn, seat, number, nonce| guessed.reveal(&GAME, turn, seat, number, nonce);
        let mismatch = Err(GuessingError::CommitmentMismatch);
        assert_eq!(reveal(4, SEAT, 2, NONCE), mismatch, "another number");
        assert_eq!(reveal(5, SEAT, 3, NONCE), mismatch, "another turn");
        assert_eq!(reveal(4, Seat(0), 3, NONCE), mismatch, "another seat");
        assert_eq!(reveal(4, SEAT, 3, Nonce::from_bytes([0; 32])), mismatch);
        let answer = Answer {
            number: 3,
            correct: false,
        };
        assert_eq!(reveal(4, SEAT, 3, NONCE), Ok(answer));

        let told_otherwise = Concealment::new(
            Commitment::new(&GAME, 4, SEAT.0, &NONCE, 3),
            Some(Concealed::new(4)),
            Range::up_to(5),
        );
        let guessed = told_otherwise.unwrap().guess(3).unwrap();
        for number in [3, 4] {
            assert_eq!(guessed.reveal(&GAME, 4, SEAT, number, NONCE), mismatch);
        }
    }

    #[test]
    fn a_right_guess_and_a_withheld_reveal_count_alike() {
        let guessed = concealed(2, false).guess(2).unwrap();
        let right = Answer {
            number: 2,
            correct: true,
        };
        assert_eq!(guessed.reveal(&GAME, 4, SEAT, 2, NONCE), Ok(right));
        assert_eq!(concealed(4, true).guess(2).unwrap().withhold(), right);
    }
}
