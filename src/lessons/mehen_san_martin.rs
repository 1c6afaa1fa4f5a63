//! San Martin Mehen's lesson: you play Carnelian in a duel against Lapis on the compact
//! serpent. Every step starts from one of the duel's named positions; the lesson conceals
//! the hidden number (and says which), and makes Lapis's guess when you are the one hiding.

use crate::rules::Game;
use crate::rules::mehen::{Action, MarbleId, Mehen, positions};
use crate::rules::positions::PositionError;

use super::{LESSON_GAME, Sets, Step, action};

fn at(position: positions::Position) -> Result<Game, PositionError> {
    Mehen::from_position(&position, LESSON_GAME).map(Game::from)
}

/// You hid `number`, and Lapis guessed `guess`, wrongly.
fn hid(number: u8, guess: u8) -> Sets {
    Sets::Concealed {
        number,
        guess: Some(guess),
    }
}

fn advancing(marble: u32) -> serde_json::Value {
    action(Action::Advance {
        marble: MarbleId(marble),
    })
}

pub(super) fn steps() -> Vec<Step> {
    vec![
        Step {
            idea: "Hide a number, then move by it",
            look: "You play Carnelian. Each turn you hide a number of marbles from your pile and Lapis guesses it. Here the lesson conceals 4 for you, and Lapis guessed 2: wrong, so you move exactly 4.",
            ask: "Move your marble on space 3 forward four spaces.",
            sets: hid(4, 2),
            start: at(positions::hidden_movement()),
            right: advancing(0),
            wrong: action(Action::Deploy),
            right_says: "Right: a wrong guess lets you move exactly the number you hid.",
            wrong_says: "Entering a new marble is allowed too, but this step asks you to move the marble on space 3.",
        },
        Step {
            idea: "Guess the hidden number",
            look: "Now Lapis hides a number, from 1 to the marbles in its pile, and you guess. The lesson conceals 2 for Lapis, and shows you.",
            ask: "Guess 2.",
            sets: Sets::Concealed {
                number: 2,
                guess: None,
            },
            start: at(positions::lapis_to_hide()),
            right: action(Action::Guess { number: 2 }),
            wrong: action(Action::Guess { number: 3 }),
            right_says: "Right: when Lapis opens its number, your guess matches: Lapis loses a lion and does not move.",
            wrong_says: "A wrong guess lets Lapis move by its number; guess 2 to catch it.",
        },
        Step {
            idea: "Jump one marble, capture another",
            look: "Your marbles are on 2 and 1, Lapis's on 4 and 6. The lesson conceals 4 for you, and Lapis guessed 1.",
            ask: "Move the marble on space 2 by four, onto the Lapis marble on 6.",
            sets: hid(4, 1),
            start: at(positions::jump_and_capture()),
            right: advancing(0),
            wrong: advancing(1),
            right_says: "Right: the marble you jumped stays; the one you landed on goes back to Lapis's pile.",
            wrong_says: "That marble lands on an empty space; the one on 2 could have captured.",
        },
        Step {
            idea: "Reach the head",
            look: "The serpent's head is space 48. Your marble on 44 is four short, and passing the head counts too. The lesson conceals 4 for you, and Lapis guessed 1.",
            ask: "Bring the marble on space 44 to the head.",
            sets: hid(4, 1),
            start: at(positions::near_the_head()),
            right: advancing(0),
            wrong: action(Action::Deploy),
            right_says: "Right: that marble is finished. Two marbles at the head win the duel.",
            wrong_says: "A new marble would only start its way; the one on 44 could have finished.",
        },
        Step {
            idea: "Stand a fallen lion back up",
            look: "Each time Lapis guessed your number right, one of your three lions fell: you have two standing, and lose when all three fall. The lesson conceals 3 for you, and Lapis guessed 1.",
            ask: "Instead of moving, stand your fallen lion back up.",
            sets: hid(3, 1),
            start: at(positions::a_lion_down()),
            right: action(Action::Recover),
            wrong: advancing(0),
            right_says: "Right: three lions stand again, and nothing moves this turn.",
            wrong_says: "Moving is allowed, but with a lion down you may stand it back up instead.",
        },
    ]
}
