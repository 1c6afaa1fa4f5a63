//! San Martin Mehen's lesson: you play Carnelian in a duel against Lapis on the compact
//! serpent, then a Lion in the six-player team game (choosing who acts, reviving). Every step starts from one of the
//! rule set's named positions. In the first you hide the number yourself and the lesson
//! makes Lapis's guess; in the others the lesson conceals the number (and says which), and
//! makes the other side's guess when you are the one hiding.

use crate::rules::mehen::{Action, MarbleId, Mehen, positions};
use crate::rules::positions::PositionError;
use crate::rules::{Game, Seat};

use super::{Hiding, LESSON_GAME, Sets, Step, action};

taught!(Mehen);

fn at_teams(position: positions::TeamsPosition) -> Result<Game, PositionError> {
    Mehen::from_teams_position(&position, LESSON_GAME).map(Game::from)
}

fn advancing(marble: u32) -> serde_json::Value {
    action(Action::Advance {
        marble: MarbleId(marble),
    })
}

pub(super) fn steps() -> Vec<Step> {
    vec![
        Step {
            idea: "Hide a number",
            look: "You play Carnelian. Each turn begins with you hiding some marbles from your pile in a closed hand, from 1 to all it holds (five here: your sixth marble is on the serpent), and Lapis guessing how many. A right guess knocks down one of your lions; a wrong one lets you move by the number you hid. In this step the lesson makes Lapis guess 2.",
            ask: "Hide 4 marbles: tap the fourth marble of your pile, then close your hand.",
            sets: Sets::Hide { guess: 2 },
            start: at(positions::hidden_movement()),
            right: Hiding::action(4),
            wrong: Hiding::action(2),
            right_says: "Right: Lapis guessed 2 and missed, so you may move exactly 4, the number you hid.",
            wrong_says: "This step asks for 4: a number Lapis does not guess, which the next step moves your marble by.",
        },
        Step {
            idea: "Move by the number you hid",
            look: "The lesson conceals 4 for you, as you just did, and Lapis guessed 2: wrong, so you move exactly 4.",
            ask: "Move your marble on space 3 forward four spaces.",
            sets: Sets::guessed(4, 2),
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
            sets: Sets::to_guess(2),
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
            sets: Sets::guessed(4, 1),
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
            sets: Sets::guessed(4, 1),
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
            sets: Sets::guessed(3, 1),
            start: at(positions::a_lion_down()),
            right: action(Action::Recover),
            wrong: advancing(0),
            right_says: "Right: three lions stand again, and nothing moves this turn.",
            wrong_says: "Moving is allowed, but with a lion down you may stand it back up instead.",
        },
        Step {
            idea: "Play as a team: choose who acts",
            look: "Six can play, two teams of three: the Lions and the Lionesses take turns, and on each turn the team picks one teammate who has not acted yet this round to hide a number and move. Each player has one marble on the serpent, and the first team to bring two different teammates to the head wins. You are the Lion already at the head (a finished player acts only to revive a frozen teammate); your teammates are Hori, on 45, and Meryt, on 5.",
            ask: "Choose Hori, on 45, to act for the team.",
            sets: Sets::Nothing,
            start: at_teams(positions::second_finisher_to_choose()),
            right: action(Action::Choose { seat: Seat(1) }),
            wrong: action(Action::Choose { seat: Seat(2) }),
            right_says: "Right: if the Lionesses miss a number of 3 or more, Hori reaches the head as the second Lion and your team wins.",
            wrong_says: "Meryt may act too, but only Hori, on 45, can bring a second Lion to the head this turn.",
        },
        Step {
            idea: "Revive a frozen teammate",
            look: "Each player has one lion, and a right guess freezes it: a frozen player cannot act, and a team whose three are frozen at once loses. You are the Lion on space 1; your teammate Meryt, on 3, froze this round. The lesson conceals 2 for you, and the Lionesses guessed 1.",
            ask: "Instead of moving, revive Meryt.",
            sets: Sets::guessed(2, 1),
            start: at_teams(positions::team_revival()),
            right: action(Action::Revive { seat: Seat(2) }),
            wrong: advancing(0),
            right_says: "Right: Meryt's lion stands again, her marble stays on 3, and she may still act this round.",
            wrong_says: "Moving is allowed, but Meryt can do nothing while frozen, until one of you revives her.",
        },
    ]
}
