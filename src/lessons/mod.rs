//! Lessons: each rule set taught a step at a time, on its own board, from the named
//! positions its rules' tests start from (`rules::<rule set>::positions`).
//!
//! A step teaches one idea: it starts a game at a named position, throws the sticks to the
//! score the lesson sets (and says so), conceals the number it sets, or asks the learner to
//! conceal one, and asks for one move. [`Step::answer`] plays the
//! move a learner sent through the rules themselves and judges it: the move asked for is
//! right; any other is wrong, told why in one sentence (the rules' own refusal when they
//! forbid it). Nothing here is stored or seated: a lesson is rebuilt from its position on
//! every request, so it needs no room, no socket and no row.
//!
//! The files: one per rule set with its steps (`senet`, `men_asymmetric`, `men_symmetric`,
//! `mehen_kendall`, `mehen_san_martin`, `mehen_pharaohs`),
//! and `tests`, which play every step's right and wrong answers.

/// The helpers a lesson file writes its steps with, for its rule set `$rules`: `at`, the
/// game at one of the rule set's named positions (its `positions`, which the file imports);
/// with `moving`, also `moving(piece)`, the rule set's `Action::Move` of the piece numbered
/// `piece` (a `PieceId`) in the order the position lists them.
macro_rules! taught {
    ($rules:ident) => {
        fn at(
            position: positions::Position,
        ) -> Result<crate::rules::Game, crate::rules::positions::PositionError> {
            $rules::from_position(&position, super::LESSON_GAME).map(crate::rules::Game::from)
        }
    };
    ($rules:ident, moving) => {
        taught!($rules);

        fn moving(piece: u8) -> serde_json::Value {
            super::action(Action::Move {
                piece: PieceId(piece),
            })
        }
    };
}

mod mehen_kendall;
mod mehen_pharaohs;
mod mehen_san_martin;
mod men_asymmetric;
mod men_symmetric;
mod senet;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use thiserror::Error;

use crate::fair::{GameId, Nonce};
use crate::rules::positions::PositionError;
use crate::rules::steps;
use crate::rules::{Awaiting, Events, Game, Played, Refusal, RuleSet, Seat, Step as RoomStep};

/// The id every lesson's game is bound to: a lesson's throws are set, not drawn, and it is
/// never stored, so no id needs to be its own.
const LESSON_GAME: GameId = GameId([0; 16]);

/// The nonce every lesson's concealed number is committed with: the lesson says the number
/// anyway, so nothing needs hiding.
const LESSON_NONCE: Nonce = Nonce::from_bytes([0; 32]);

/// One step of a lesson: one idea, a position, the throw it sets, the move it asks for.
#[derive(Clone, Debug)]
pub struct Step {
    /// The idea, as a title.
    pub idea: &'static str,
    /// What to look at on the board, and what the throw was set to.
    pub look: &'static str,
    /// The move asked for, in words.
    pub ask: &'static str,
    /// What the lesson sets before asking: a throw, or a concealed number.
    pub sets: Sets,
    start: Result<Game, PositionError>,
    /// The action asked for, as a client sends it.
    pub right: Value,
    /// A legal action that is not the one asked for, which the tests play.
    pub wrong: Value,
    /// What a right answer is told.
    pub right_says: &'static str,
    /// What a legal but wrong answer is told.
    pub wrong_says: &'static str,
}

/// What a step sets before it asks, as the room would take it from the players: the score
/// the sticks fall to, or the number the concealer hides (and, when the step asks for the
/// concealer's move after the guess, the guess the other side makes; the lesson then opens
/// the commitment too). With `Hide`, the learner is the concealer: the step asks for the
/// number, and the lesson answers it with `guess` for the other side and opens it. With
/// `Nothing`, the step asks for the move its position awaits (a choice of who moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sets {
    Throw(u8),
    Concealed { number: u8, guess: Option<u8> },
    Hide { guess: u8 },
    Nothing,
}

impl Sets {
    /// The lesson conceals `number` and asks for the guess.
    const fn to_guess(number: u8) -> Sets {
        Sets::Concealed {
            number,
            guess: None,
        }
    }

    /// The lesson conceals `number`, makes the guess `guess` at it and opens it, and asks
    /// for what follows.
    const fn guessed(number: u8, guess: u8) -> Sets {
        Sets::Concealed {
            number,
            guess: Some(guess),
        }
    }

    /// The score thrown, if the step throws.
    pub fn throw(self) -> Option<u8> {
        match self {
            Sets::Throw(score) => Some(score),
            _ => None,
        }
    }

    /// The number concealed, if the lesson conceals one.
    pub fn concealed(self) -> Option<u8> {
        match self {
            Sets::Concealed { number, .. } => Some(number),
            _ => None,
        }
    }

    /// The guess the lesson makes for the guessing side, if it makes one.
    pub fn guess(self) -> Option<u8> {
        match self {
            Sets::Concealed { guess, .. } => guess,
            Sets::Hide { guess } => Some(guess),
            _ => None,
        }
    }
}

/// How a learner conceals a number in a lesson: `{"type": "conceal", "number": N}`.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum Hiding {
    Conceal { number: u8 },
}

impl Hiding {
    fn action(number: u8) -> Value {
        json!({"type": "conceal", "number": number})
    }
}

/// The names the lessons give the other players at a table of more than two, by seat, so a
/// step's words can point at one ("your teammate Hori, on 45"); at a table of two each is
/// called by its side.
const NAMES: [&str; 6] = ["Ani", "Hori", "Meryt", "Ahmose", "Bast", "Kiya"];

/// What a lesson calls the player at `seat` of a table of `seats`, if not by its side.
pub fn name(seats: usize, seat: Seat) -> Option<&'static str> {
    NAMES
        .get(usize::from(seat.0))
        .copied()
        .filter(|_| seats > 2)
}

/// A step as its lesson opens it: the game after the set throw, the seat the learner plays
/// and what the throw caused.
#[derive(Clone, Debug)]
pub struct Opened {
    pub game: Game,
    pub you: Seat,
    pub events: Events,
}

impl Opened {
    /// What the learner may send: the rules' legal actions, or the numbers to conceal when
    /// the game awaits the learner's concealment.
    pub fn legal(&self) -> Vec<Value> {
        match self.game.awaiting() {
            Awaiting::Conceal { seat, min, max, .. } if seat == self.you => {
                (min..=max).map(Hiding::action).collect()
            }
            _ => self.game.legal_actions(self.you),
        }
    }
}

/// How a learner's move was judged. After a right one, the game as it went on (with the
/// move's events); after a wrong one, nothing: the step stands as it was.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub right: bool,
    pub says: String,
    pub after: Option<Opened>,
}

/// A lesson whose data does not fit its rules: the tests keep every lesson clear of these.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum LessonError {
    #[error("the lesson's position is not legal: {0}")]
    Position(#[from] PositionError),
    #[error("the lesson sets a throw of {score}, which these sticks never score")]
    NoSuchScore { score: u8 },
    #[error("the lesson's position does not await the throw it sets")]
    NoThrowAwaited,
    #[error("the lesson's throw was refused: {0}")]
    ThrowRefused(Refusal),
    #[error("after its throw the lesson awaits no move")]
    NoMoveAwaited,
    #[error("the lesson's position does not await the number it conceals")]
    NoConcealAwaited,
    #[error("the lesson's concealed number or guess was refused: {0}")]
    GuessingRefused(Refusal),
}

impl Step {
    /// The step's game after what it sets, with the seat whose move is asked: the one to
    /// act, the side to guess, or the concealer.
    pub fn open(&self) -> Result<Opened, LessonError> {
        let mut game = self.start.clone()?;
        let events = match self.sets {
            Sets::Throw(score) => throw(&mut game, score)?,
            Sets::Concealed { number, guess } => {
                let refused = LessonError::GuessingRefused;
                let mut events = conceal(&mut game, number)?.map_err(refused)?;
                if let Some(guess) = guess {
                    events.extend(guess_and_open(&mut game, number, guess)?);
                }
                Events::of(&events)
            }
            Sets::Hide { .. } if !matches!(game.awaiting(), Awaiting::Conceal { .. }) => {
                return Err(LessonError::NoConcealAwaited);
            }
            Sets::Hide { .. } | Sets::Nothing => Events::of::<Value>(&[]),
        };
        let you = match game.awaiting() {
            Awaiting::Action { seats } | Awaiting::Guess { seats, .. } => seats.first().copied(),
            Awaiting::Conceal { seat, .. } => Some(seat),
            _ => None,
        };
        let you = you.ok_or(LessonError::NoMoveAwaited)?;
        Ok(Opened { game, you, events })
    }

    /// Plays `action` from the step's opening and judges it.
    pub fn answer(&self, action: &Value) -> Result<Verdict, LessonError> {
        let Opened { mut game, you, .. } = self.open()?;
        let played = match self.sets {
            Sets::Hide { guess } => hide(&mut game, action, guess)?,
            _ => game.apply(you, action),
        };
        Ok(match played {
            Err(refusal) => Verdict {
                right: false,
                says: sentence(&refusal.message),
                after: None,
            },
            Ok(played) if played.action == self.right => Verdict {
                right: true,
                says: self.right_says.to_owned(),
                after: Some(Opened {
                    game,
                    you,
                    events: played.events,
                }),
            },
            Ok(_) => Verdict {
                right: false,
                says: self.wrong_says.to_owned(),
                after: None,
            },
        })
    }
}

/// Throws the sticks to `score` for the seat awaited to throw.
fn throw(game: &mut Game, score: u8) -> Result<Events, LessonError> {
    let Awaiting::Throw { seat, sticks } = game.awaiting() else {
        return Err(LessonError::NoThrowAwaited);
    };
    let faces = sticks
        .scoring(score)
        .ok_or(LessonError::NoSuchScore { score })?;
    let thrown = game
        .apply_step(seat, RoomStep::Throw { faces })
        .map_err(LessonError::ThrowRefused)?;
    Ok(thrown.events)
}

/// Conceals `number` for the seat awaited to conceal, committed with the lessons' own nonce
/// through the steps a room supplies: the events, or the rules' refusal.
fn conceal(game: &mut Game, number: u8) -> Result<Result<Vec<Value>, Refusal>, LessonError> {
    let Awaiting::Conceal { seat, turn, .. } = game.awaiting() else {
        return Err(LessonError::NoConcealAwaited);
    };
    let (step, _) = steps::conceal(&LESSON_GAME, turn, seat, number, LESSON_NONCE);
    Ok(game
        .apply_step(seat, step)
        .map(|played| played.events.values()))
}

/// Makes `guess` for the guessing side and opens the concealed `number`: their events.
fn guess_and_open(game: &mut Game, number: u8, guess: u8) -> Result<Vec<Value>, LessonError> {
    let Awaiting::Guess {
        seats, concealer, ..
    } = game.awaiting()
    else {
        return Err(LessonError::NoMoveAwaited);
    };
    let guesser = seats.first().copied().ok_or(LessonError::NoMoveAwaited)?;
    let refused = LessonError::GuessingRefused;
    let guessed = game
        .apply(guesser, &json!({"type": "guess", "number": guess}))
        .map_err(refused)?;
    let nonce = LESSON_NONCE;
    let revealed = game
        .apply_step(concealer, RoomStep::Reveal { number, nonce })
        .map_err(refused)?;
    Ok([guessed, revealed]
        .map(|played| played.events.values())
        .concat())
}

/// The learner's concealment `action`, played through the rules: concealed, answered with
/// the lesson's `guess` and opened, as one move; the rules' refusal of a number they do not
/// allow, or of anything but a concealment.
fn hide(
    game: &mut Game,
    action: &Value,
    guess: u8,
) -> Result<Result<Played, Refusal>, LessonError> {
    let Ok(Hiding::Conceal { number }) = Hiding::deserialize(action) else {
        let refusal = Refusal::illegal("this step asks you to hide a number of marbles");
        return Ok(Err(refusal));
    };
    let mut events = match conceal(game, number)? {
        Ok(events) => events,
        Err(refusal) => return Ok(Err(refusal)),
    };
    events.extend(guess_and_open(game, number, guess)?);
    Ok(Ok(Played {
        action: Hiding::action(number),
        events: Events::of(&events),
    }))
}

/// A refusal's message as a sentence: a capital first, a full stop last.
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
    let mut text = first.unwrap_or_default() + chars.as_str();
    if !text.ends_with('.') {
        text.push('.');
    }
    text
}

/// The lesson of `rule_set`: every rule set has one.
pub fn lesson(rule_set: RuleSet) -> Vec<Step> {
    match rule_set {
        RuleSet::Senet => senet::steps(),
        RuleSet::MenAsymmetric => men_asymmetric::steps(),
        RuleSet::MenSymmetric => men_symmetric::steps(),
        RuleSet::MehenKendallSkiryuk => mehen_kendall::steps(),
        RuleSet::MehenSanMartin => mehen_san_martin::steps(),
        RuleSet::MehenPharaohs => mehen_pharaohs::steps(),
    }
}

/// An action as a client sends it.
fn action(action: impl Serialize) -> Value {
    serde_json::to_value(action).unwrap_or(Value::Null)
}
