//! The hide-and-guess exchange as every marble-guessing rule set plays it: the concealer
//! commits to a number, a seat of the other side guesses it, and the concealer opens its
//! commitment or withholds it. A rule set says what it waits for, who plays each part, what
//! an exchange is over and what its answer brings; the order of the checks, the events and
//! the passage from one part to the next are written here, once.

use crate::fair::{Commitment, Nonce};
use crate::rules::{Awaiting, Concealed, Rules, Seat, Team};

use super::{Answer, Concealment, Guessed, GuessingError, Range, TurnError};

/// A rule set whose turns go through hide-and-guess exchanges.
pub trait GuessingGame: Rules {
    type Error: From<GuessingError> + From<TurnError>;
    /// What an exchange is over besides its concealer (nothing, or a pharaoh and a contest).
    type Stake: Copy;
    /// What the answer settles besides the guess.
    type Pending;

    /// What the game waits for, as the end of the sentence "the game is waiting for …".
    fn waiting_for(&self) -> &'static str;

    /// The team awaited to choose who plays next, while one is.
    fn choosing(&self) -> Option<Team>;

    /// The concealer awaited, what it conceals over and the range it conceals from, while a
    /// concealment is awaited.
    fn concealing(&self) -> Option<(Seat, Self::Stake, Range)>;

    /// The concealer, the stake and the concealment awaiting a guess, while one is awaited.
    fn guessing(&self) -> Option<(Seat, Self::Stake, Concealment)>;

    /// The concealer, what the answer settles, and the guess awaiting that answer, while an
    /// answer is awaited.
    fn answering(&self) -> Option<(Seat, Self::Pending, Guessed)>;

    /// The seats that may guess at what `concealer` concealed over `stake`.
    fn guessers(&self, concealer: Seat, stake: Self::Stake) -> Vec<Seat>;

    /// Moves on to the guess at `concealment`.
    fn await_guess(&mut self, concealer: Seat, stake: Self::Stake, concealment: Concealment);

    /// Moves on to the concealer's answer to `guesser`'s guess.
    fn await_answer(
        &mut self,
        concealer: Seat,
        stake: Self::Stake,
        guessed: Guessed,
        guesser: Seat,
    );

    /// The concealer opened its commitment to `number`: what the rule set keeps of it.
    fn opened(&mut self, _seat: Seat, _pending: &Self::Pending, _number: u8) {}

    /// Carries out what the answer brings.
    fn settle(&mut self, pending: Self::Pending, answer: Answer, events: &mut Vec<Self::Event>);

    /// The event of a concealment over `stake`, committed for `turn`.
    fn concealed(seat: Seat, turn: u32, stake: Self::Stake, commitment: Commitment) -> Self::Event;

    /// The action of a guess.
    fn guess_action(number: u8) -> Self::Action;

    /// The event of a guess.
    fn guessed(by: Seat, number: u8) -> Self::Event;

    /// The event of an opened commitment.
    fn revealed(seat: Seat, turn: u32, number: u8, nonce: Nonce, correct: bool) -> Self::Event;

    /// The event of a withheld reveal.
    fn withheld(seat: Seat) -> Self::Event;

    /// What `action` acts on, when the game awaits that action (`awaited`) from a seat that
    /// `may` take it; else why not: the game is over, waits for something else, or waits
    /// for another seat.
    fn check_turn<T>(
        &self,
        action: &'static str,
        awaited: Option<T>,
        may: impl FnOnce(&T) -> bool,
    ) -> Result<T, Self::Error> {
        let waiting = self.waiting_for();
        let refusal = match awaited {
            Some(awaited) if may(&awaited) => return Ok(awaited),
            Some(_) => TurnError::NotYourTurn { action, waiting },
            None if self.outcome().is_some() => TurnError::GameOver,
            None => TurnError::WrongPhase { action, waiting },
        };
        Err(refusal.into())
    }

    /// The team choosing now, when `seat` is on it and may choose for it (`action` names the
    /// choice in a refusal).
    fn chooser(&self, seat: Seat, action: &'static str) -> Result<Team, Self::Error> {
        let awaited = self.choosing();
        let table = Self::table(&self.options());
        self.check_turn(action, awaited, |&team| table.team_of(seat) == Some(team))
    }

    /// `seat` commits to a number from the range; `hand` is the number itself when the
    /// engine is told it.
    fn conceal(
        &mut self,
        seat: Seat,
        commitment: Commitment,
        hand: Option<Concealed>,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        let awaited = self.concealing();
        let (concealer, stake, range) =
            self.check_turn("conceal", awaited, |&(c, ..)| c == seat)?;
        let concealment = Concealment::new(commitment, hand, range)?;
        self.await_guess(concealer, stake, concealment);
        events.push(Self::concealed(seat, self.turn(), stake, commitment));
        Ok(())
    }

    /// `seat` guesses `number`.
    fn guess(
        &mut self,
        seat: Seat,
        number: u8,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        let awaited = self.guessing();
        let (concealer, stake, concealment) = self.check_turn("guess", awaited, |&(c, s, _)| {
            self.guessers(c, s).contains(&seat)
        })?;
        let guessed = concealment.guess(number)?;
        self.await_answer(concealer, stake, guessed, seat);
        events.push(Self::guessed(seat, number));
        Ok(())
    }

    /// The guess awaiting its answer and what the answer settles, when `seat` is the
    /// concealer who may answer it now; else why not, naming `action`.
    fn answerable(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(Self::Pending, Guessed), Self::Error> {
        let awaited = self.answering();
        let (_, pending, guessed) = self.check_turn(action, awaited, |&(c, ..)| c == seat)?;
        Ok((pending, guessed))
    }

    /// `seat` opens its commitment with `number` and `nonce`.
    fn reveal(
        &mut self,
        seat: Seat,
        number: u8,
        nonce: Nonce,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        let (pending, guessed) = self.answerable(seat, "reveal")?;
        let turn = self.turn();
        let answer = guessed.reveal(&self.game_id(), turn, seat, number, nonce)?;
        self.opened(seat, &pending, number);
        events.push(Self::revealed(seat, turn, number, nonce, answer.correct));
        self.settle(pending, answer, events);
        Ok(())
    }

    /// `seat` does not open its commitment: the guess counts as right.
    fn withhold(&mut self, seat: Seat, events: &mut Vec<Self::Event>) -> Result<(), Self::Error> {
        let (pending, guessed) = self.answerable(seat, "withhold the reveal")?;
        events.push(Self::withheld(seat));
        self.settle(pending, guessed.withhold(), events);
        Ok(())
    }

    /// What the exchange under way awaits: a concealment, a guess or an answer (`Over` when
    /// no exchange is under way, which the rule sets never ask).
    fn exchange_awaiting(&self) -> Awaiting {
        if let Some((seat, _, range)) = self.concealing() {
            Awaiting::Conceal {
                seat,
                turn: self.turn(),
                min: 1,
                max: range.max,
            }
        } else if let Some((concealer, stake, concealment)) = self.guessing() {
            Awaiting::Guess {
                seats: self.guessers(concealer, stake),
                concealer,
                min: 1,
                max: concealment.range().max,
            }
        } else if let Some((seat, _, guessed)) = self.answering() {
            Awaiting::Reveal {
                seat,
                turn: self.turn(),
                commitment: guessed.concealment().commitment(),
            }
        } else {
            Awaiting::Over
        }
    }

    /// The guesses `seat` may make now: one a number of the range, when it is one of the
    /// guessers awaited.
    fn guesses_open(&self, seat: Seat) -> Vec<Self::Action> {
        match self.guessing() {
            Some((concealer, stake, concealment))
                if self.guessers(concealer, stake).contains(&seat) =>
            {
                let numbers = concealment.range().numbers();
                numbers.map(Self::guess_action).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The number `seat` concealed in the exchange under way, to that seat alone, while the
    /// engine holds it.
    fn concealed_hand(&self, seat: Seat) -> Option<u8> {
        let (concealer, concealment) = match (self.guessing(), self.answering()) {
            (Some((concealer, _, concealment)), _) => (concealer, concealment),
            (None, Some((concealer, _, guessed))) => (concealer, *guessed.concealment()),
            (None, None) => return None,
        };
        concealment.hand().filter(|_| seat == concealer)
    }
}

/// Writes, inside an `impl GuessingGame`, the action of a guess and the events of a guess and
/// of the two answers, for a rule set whose action type, named first in the call, has
/// `Guess { number }`, and whose event type, named second, has `Guessed { by, number }`,
/// `Revealed { seat, turn, number, nonce, correct }` and `Withheld { seat }`.
macro_rules! exchange_events {
    ($action:ident, $event:ident) => {
        fn guess_action(number: u8) -> $action {
            $action::Guess { number }
        }

        fn guessed(by: $crate::rules::Seat, number: u8) -> $event {
            $event::Guessed { by, number }
        }

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

pub(crate) use exchange_events;
