//! Pharaohs and lions Mehen's lesson: you play the Lions against the Lionesses, first as a
//! team of two choosing which pharaoh moves, then alone. Every step starts from one of its
//! named positions. Where you hide the marbles the lesson makes the Lionesses' guess; where
//! they hide, the lesson conceals their number (and says which), and makes your guess when
//! the step asks what follows it.

use crate::rules::mehen_pharaohs::{Action, MehenPharaohs, PharaohId, positions};

use super::{Hiding, Sets, Step, action};

taught!(MehenPharaohs);

fn guessing(number: u8) -> serde_json::Value {
    action(Action::Guess { number })
}

pub(super) fn steps() -> Vec<Step> {
    vec![
        Step {
            idea: "Choose which pharaoh moves",
            look: "You play the Lions, here you and Hori against two Lionesses, one pharaoh each. Each turn your team first names which of its pharaohs moves. Yours is on 10, with a lioness attacking it: it must fight her off before it can move. Hori's is on 30.",
            ask: "Choose Hori's pharaoh, on 30.",
            sets: Sets::Nothing,
            start: at(positions::two_pharaohs_to_choose()),
            right: action(Action::Choose {
                pharaoh: PharaohId(1),
            }),
            wrong: action(Action::Choose {
                pharaoh: PharaohId(0),
            }),
            right_says: "Right: Hori now hides marbles for its move, with no lioness in the way.",
            wrong_says: "Yours must first win a fight with the lioness, and if your guess misses the turn ends there; Hori's moves freely.",
        },
        Step {
            idea: "Hide marbles: a miss moves your pharaoh",
            look: "Now one against one. When your pharaoh moves you hide 1 to 5 marbles in your fist and the Lionesses guess how many; if they miss, your pharaoh walks exactly that far. Theirs stands three spaces ahead of yours, and landing on it swaps the two. In this step the lesson makes them guess 1.",
            ask: "Hide 3 marbles: tap the third marble, then close your hand.",
            sets: Sets::Hide { guess: 1 },
            start: at(positions::a_swap_ahead()),
            right: Hiding::action(3),
            wrong: Hiding::action(1),
            right_says: "Right: they guessed 1 and missed, so your pharaoh walked 3 onto theirs, and theirs went back to your old space, 10.",
            wrong_says: "Hide 3: only a walk that ends on their pharaoh swaps the two, and a number they guess does not move you at all.",
        },
        Step {
            idea: "Guess the hidden marbles",
            look: "On their turn the Lionesses hide 1 to 5 marbles and you guess how many: their pharaoh moves that far only if you miss. The lesson conceals 3 for them, and shows you.",
            ask: "Guess 3.",
            sets: Sets::to_guess(3),
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
            sets: Sets::guessed(2, 2),
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
            sets: Sets::to_guess(2),
            start: at(positions::lion_on_your_pharaoh()),
            right: guessing(2),
            wrong: guessing(1),
            right_says: "Right: once they open their hand the lioness is dead, and your pharaoh moves as usual.",
            wrong_says: "A miss leaves the lioness on your pharaoh, which cannot move this turn; guess 2.",
        },
    ]
}
