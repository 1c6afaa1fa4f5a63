//! Kendall–Skiryuk Mehen's lesson: you play Carnelian against Lapis on the compact serpent.
//! Every step starts from one of its named positions.

use serde_json::Value;

use crate::rules::Seat;
use crate::rules::mehen_kendall::{Action, MehenKendall, PieceId, positions};

use super::{Sets, Step, action};

taught!(MehenKendall);

/// Moving the piece `piece` of Carnelian's (a ball 0 to 5 in the order the position lists
/// them, or the lion).
fn moving(piece: PieceId) -> Value {
    action(Action::Move { piece })
}

fn ball(index: u8) -> PieceId {
    PieceId::ball(Seat(0), index)
}

pub(super) fn steps() -> Vec<Step> {
    vec![
        Step {
            idea: "A 1 brings a ball onto the serpent",
            look: "You play Carnelian. Your six balls wait off the board, by the serpent's tail. Three sticks score the flat sides that land up (1, 2 or 3), and no flat side scores 6. For this step the sticks are set to 1.",
            ask: "Use the 1 to put a ball on cell 1, at the tail.",
            sets: Sets::Throw(1),
            start: at(positions::opening()),
            right: action(Action::EnterBall),
            wrong: action(Action::Save),
            right_says: "Right: only a 1 brings a piece on, one at a time, onto an empty cell 1.",
            wrong_says: "Saving the 1 is allowed, and useful later at the centre, but this step asks you to bring a ball on.",
        },
        Step {
            idea: "Landing on another's piece swaps them",
            look: "Your balls are on cells 5 and 12, heading for the centre. A Lapis ball stands on 7, two cells ahead of your ball on 5. The sticks are set to 2.",
            ask: "Land on the Lapis ball with your ball on cell 5.",
            sets: Sets::Throw(2),
            start: at(positions::a_ball_to_swap()),
            right: moving(ball(0)),
            wrong: moving(ball(1)),
            right_says: "Right: the two swapped, and the Lapis ball now stands on cell 5, where yours came from.",
            wrong_says: "That ball just walks on; the one on cell 5 could have swapped the Lapis ball back.",
        },
        Step {
            idea: "The centre takes an exact throw, or saved ones",
            look: "The serpent's head, the centre, is cell 40. Your ball on 36 needs exactly 4 to get there, and you have two saved ones: each spent takes one cell off a throw that is too big. The sticks are set to 6.",
            ask: "Bring the ball on cell 36 into the centre, spending your two saved ones.",
            sets: Sets::Throw(6),
            start: at(positions::short_of_the_centre()),
            right: moving(ball(0)),
            wrong: moving(ball(1)),
            right_says: "Right: 6 less the two ones spent is exactly 4. Any number of pieces may share the centre.",
            wrong_says: "The ball on cell 5 may go, but with the two saved ones the ball on 36 reaches the centre exactly.",
        },
        Step {
            idea: "Leaving the centre costs four saved ones",
            look: "Your ball waits in the centre. To turn back towards the tail it pays 4 saved ones (a lion pays 10), and you have 4. The sticks are set to 2.",
            ask: "Take the ball out of the centre, paying your four saved ones.",
            sets: Sets::Throw(2),
            start: at(positions::waiting_in_the_centre()),
            right: moving(ball(0)),
            wrong: moving(ball(1)),
            right_says: "Right: the ball heads back to the tail now. Without four ones it would have waited while your other balls moved.",
            wrong_says: "The ball on cell 5 may move, but you have the four ones the ball in the centre needs to leave.",
        },
        Step {
            idea: "Your first ball home earns your lion",
            look: "Your ball on cell 2 is on its way back out. Reaching or passing the tail brings it home; no exact throw is needed. The sticks are set to 2.",
            ask: "Bring the ball on cell 2 home.",
            sets: Sets::Throw(2),
            start: at(positions::almost_home()),
            right: moving(ball(0)),
            wrong: moving(ball(1)),
            right_says: "Right: your first ball home earns your lion. It waits by the tail and comes on with a 1, like a ball.",
            wrong_says: "That ball walks on, but the one on cell 2 could have come home and earned you a lion.",
        },
        Step {
            idea: "A lion heading home eats balls",
            look: "Your lion moves twice as far as a ball. It is heading back out on cell 39, and a Lapis ball stands on 33, six cells further out. The sticks are set to 3.",
            ask: "Move your lion: 3 doubled lands it on the Lapis ball.",
            sets: Sets::Throw(3),
            start: at(positions::lion_behind_a_ball()),
            right: moving(PieceId::lion(Seat(0))),
            wrong: moving(ball(1)),
            right_says: "Right: the ball is eaten for good. The player whose lion eats the most balls wins.",
            wrong_says: "That ball walks on, but your lion, heading home, could have eaten the Lapis ball.",
        },
    ]
}
