//! Pharaohs and lions Mehen's lesson: you play the Lions' pharaoh against the Lionesses'.
//! Every step starts from one of its named positions; the lesson conceals the Lionesses'
//! number (and says which), and makes your guess when the step asks what follows it.

use crate::rules::Game;
use crate::rules::mehen_pharaohs::{Action, MehenPharaohs, PharaohId, positions};
use crate::rules::positions::PositionError;

use super::{LESSON_GAME, Sets, Step, action};

fn at(position: positions::Position) -> Result<Game, PositionError> {
    MehenPharaohs::from_position(&position, LESSON_GAME).map(Game::from)
}

/// The lesson conceals `number` and asks for the guess.
fn to_guess(number: u8) -> Sets {
    Sets::Concealed {
        number,
        guess: None,
    }
}

fn guessing(number: u8) -> serde_json::Value {
    action(Action::Guess { number })
}

pub(super) fn steps() -> Vec<Step> {
    vec![
        Step {
            idea: "Guess the hidden marbles",
            look: "You play the Lions. On their turn the Lionesses hide 1 to 5 marbles and you guess how many: their pharaoh moves that far only if you miss. The lesson conceals 3 for them, and shows you.",
            ask: "Guess 3.",
            sets: to_guess(3),
            start: at(positions::lionesses_to_move()),
            right: guessing(3),
            wrong: guessing(1),
            right_says: "Right: when they open their hand your guess matches, and their pharaoh stays where it is.",
            wrong_says: "A miss lets their pharaoh walk on by the number they hid; guess 3 to stop it.",
        },
        Step {
            idea: "A right guess sets a lion loose",
            look: "The lesson conceals 2 for the Lionesses and guessed 2 for you: right. Now you may set one of your lions on their pharaoh.",
            ask: "Unleash a lion on the Lionesses' pharaoh.",
            sets: Sets::Concealed {
                number: 2,
                guess: Some(2),
            },
            start: at(positions::lionesses_to_move()),
            right: action(Action::Unleash {
                target: PharaohId(1),
            }),
            wrong: action(Action::Spare),
            right_says: "Right: before that pharaoh moves again, its side must fight your lion off.",
            wrong_says: "Keeping the lion back is allowed, but this step asks you to set it on their pharaoh.",
        },
        Step {
            idea: "Fight the lion on your pharaoh",
            look: "A lioness attacks your pharaoh on space 10. Before it moves, the Lionesses hide 1 to 3 marbles and you guess: a right guess kills the lioness. The lesson conceals 2 for them.",
            ask: "Guess 2.",
            sets: to_guess(2),
            start: at(positions::lion_on_your_pharaoh()),
            right: guessing(2),
            wrong: guessing(1),
            right_says: "Right: once they open their hand the lioness is dead, and your pharaoh moves as usual.",
            wrong_says: "A miss leaves the lioness on your pharaoh, which cannot move this turn; guess 2.",
        },
    ]
}
