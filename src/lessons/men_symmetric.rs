//! Symmetric Men's lesson: a race; you play White, and Black to close a trap. Every step
//! starts from one of its named positions.

use crate::rules::men_symmetric::{Action, MenSymmetric, PieceId, positions};

use super::{Sets, Step, action};

// `moving(piece)` moves piece `piece` (white 0–4, black 5–9, numbered as the position lists
// them).
taught!(MenSymmetric, moving);

pub(super) fn steps() -> Vec<Step> {
    vec![
        Step {
            idea: "Entering the race",
            look: "You play White, the small pieces, on the narrow lines; Black races the other way on the wide ones. Four sticks: one to four flat faces up count 1 to 4, none counts 5. For this step the sticks are set to 2.",
            ask: "Bring a new white piece onto the board.",
            sets: Sets::Throw(2),
            start: at(positions::one_white_out()),
            right: action(Action::Enter),
            wrong: moving(0),
            right_says: "Right: it lands on your second line. Pieces move one at a time, never as a stack.",
            wrong_says: "That moves the piece already out; this step asks you to enter a waiting one.",
        },
        Step {
            idea: "Two on a line block",
            look: "Two of your pieces on one line block Black from crossing it. Your pieces stand on your lines 3 and 5. The sticks are set to 2.",
            ask: "Bring the piece on line 3 beside the one on line 5.",
            sets: Sets::Throw(2),
            start: at(positions::block_to_make()),
            right: moving(0),
            wrong: action(Action::Enter),
            right_says: "Right: two whites on one line: no black may cross it.",
            wrong_says: "Entering is fine in a game, but this step asks you to make a block on line 5.",
        },
        Step {
            idea: "Trap a piece between two of yours",
            look: "Now you play Black. A white stands between the wide line of one black and the line your other black can reach with a 2. The sticks are set to 2.",
            ask: "Close the trap: move the black that is further back.",
            sets: Sets::Throw(2),
            start: at(positions::trap_to_close()),
            right: moving(6),
            wrong: action(Action::Enter),
            right_says: "Right: the trapped white goes back to its start, and a trap earns another turn.",
            wrong_says: "Entering is fine in a game, but the black further back could have trapped the white.",
        },
        Step {
            idea: "Race off the far end",
            look: "Your piece on line 15 is near the far end; any throw that carries it past line 16 takes it off. The sticks are set to 2.",
            ask: "Take the piece on line 15 off the board.",
            sets: Sets::Throw(2),
            start: at(positions::white_near_the_end()),
            right: moving(0),
            wrong: moving(1),
            right_says: "Right: the first to bring all five pieces off wins the race.",
            wrong_says: "That piece walks on; the one on line 15 could have left the board.",
        },
    ]
}
