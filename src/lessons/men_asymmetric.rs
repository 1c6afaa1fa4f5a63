//! Asymmetric Men's lesson: you play White, and Black where the seed's example 11.6 has
//! Black move. Every step starts from one of its named positions.

use crate::rules::men_asymmetric::{Action, MenAsymmetric, PieceId, positions};

use super::{Sets, Step, action};

// `moving(piece)` moves the stack topped by piece `piece` (white 0–4, black 5–9, numbered as
// the position lists them).
taught!(MenAsymmetric, moving);

pub(super) fn steps() -> Vec<Step> {
    vec![
        Step {
            idea: "Entering the board",
            look: "You play White, the small pieces, starting at the narrow end. Four sticks: one to four flat faces up count 1 to 4, none counts 5. For this step the sticks are set to 3.",
            ask: "Bring a new white piece onto the board: it lands on your third line.",
            sets: Sets::Throw(3),
            start: at(positions::one_white_entered()),
            right: action(Action::Enter),
            wrong: moving(0),
            right_says: "Right: a piece entering counts its lines from your end of the board.",
            wrong_says: "That moves the piece already out; this step asks you to enter a waiting one.",
        },
        Step {
            idea: "Landing on your own piece stacks",
            look: "Your piece on line 2 is exactly a throw of 2 away from the start. The sticks are set to 2.",
            ask: "Enter a piece onto line 2, on top of your own.",
            sets: Sets::Throw(2),
            start: at(positions::one_white_entered()),
            right: action(Action::Enter),
            wrong: moving(0),
            right_says: "Right: the two whites are now one stack and travel together, led by the top piece.",
            wrong_says: "That moves the lone piece on; entering would have stacked two whites on line 2.",
        },
        Step {
            idea: "Two whites capture a black",
            look: "Two of your whites are stacked on line 3, and a lone black stands on line 5. The sticks are set to 2.",
            ask: "Bring the pair down on the black.",
            sets: Sets::Throw(2),
            start: at(positions::pair_behind_a_black()),
            right: moving(2),
            wrong: moving(0),
            right_says: "Right: two whites on a black capture it: 1 point, and a capture earns another turn.",
            wrong_says: "That adds a third white to the stack; the pair on line 3 could have captured the black.",
        },
        Step {
            idea: "A lone piece captures nothing",
            look: "One white alone cannot capture. Landing on a black puts your white on top: the stack is yours to move, in your direction. The sticks are set to 1.",
            ask: "Land your white from line 4 on the black on line 5.",
            sets: Sets::Throw(1),
            start: at(positions::lone_white_behind_a_black()),
            right: moving(0),
            wrong: action(Action::Enter),
            right_says: "Right: no capture, but the black now travels under your white, your way.",
            wrong_says: "Entering is fine in a game, but this step asks you to land on the black.",
        },
        Step {
            idea: "Only pieces right under you are captured",
            look: "Line 5 holds, top to bottom: white, black, white, black. A fifth white waits on line 3. The sticks are set to 2.",
            ask: "Land the white from line 3 on the stack on line 5.",
            sets: Sets::Throw(2),
            start: at(positions::example_11_5()),
            right: moving(2),
            wrong: moving(3),
            right_says: "Right: the black under the two whites is captured; the bottom black, cut off by a white, stays.",
            wrong_says: "That white walks on; the one on line 3 could have captured a black from the stack.",
        },
        Step {
            idea: "One black captures two whites",
            look: "Now you play Black, the large pieces, moving the other way. Four whites are stacked on line 10; your black waits on line 12. The sticks are set to 2.",
            ask: "Land the black from line 12 on the four whites.",
            sets: Sets::Throw(2),
            start: at(positions::example_11_6()),
            right: moving(5),
            wrong: moving(6),
            right_says: "Right: the top two whites are captured for 2 points; the two below now travel Black's way.",
            wrong_says: "That only stacks your blacks; the black on line 12 could have captured two whites.",
        },
        Step {
            idea: "Off the far end scores",
            look: "Your white tops a stack on line 15 with a black under it. The sticks are set to 2.",
            ask: "Move that stack off the far end.",
            sets: Sets::Throw(2),
            start: at(positions::stack_near_the_end()),
            right: moving(0),
            wrong: moving(1),
            right_says: "Right: your white scores a point and the black goes back to its start. Most points wins.",
            wrong_says: "That white walks on; the stack on line 15 could have left the board and scored.",
        },
    ]
}
