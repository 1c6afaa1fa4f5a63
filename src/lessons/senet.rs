//! Senet's lesson: you play the Cones. Every step starts from one of Senet's named positions.

use crate::rules::senet::{Action, PieceId, Senet, positions};

use super::{Sets, Step};

// `moving(piece)` moves the Cone numbered `piece` (0 to 4, in the order the position lists
// them).
taught!(Senet, moving);

pub(super) fn steps() -> Vec<Step> {
    vec![
        Step {
            idea: "A throw moves one piece",
            look: "You play the cones. The four sticks count the flat faces that land up, and no flat face counts 6. For this step the sticks are set to 3.",
            ask: "Move the cone on square 10 three squares along the track, to 13.",
            sets: Sets::Throw(3),
            start: at(positions::opening()),
            right: moving(4),
            wrong: moving(3),
            right_says: "Right: one throw, one piece, exactly three squares.",
            wrong_says: "Any cone may use a 3, but this step asks for the one on square 10.",
        },
        Step {
            idea: "Landing on a lone piece swaps it",
            look: "A spool stands alone on square 5, two squares ahead of your cone on 3. The sticks are set to 2.",
            ask: "Land on the lone spool with the cone on square 3.",
            sets: Sets::Throw(2),
            start: at(positions::lone_spool_ahead()),
            right: moving(0),
            wrong: moving(1),
            right_says: "Right: the spool was sent back to square 3, the square your cone left.",
            wrong_says: "That cone only walks on; the one on square 3 could have swapped the spool back.",
        },
        Step {
            idea: "Two side by side defend each other",
            look: "The spools on 5 and 6 stand side by side: neither can be landed on. They can be jumped, though. The sticks are set to 4.",
            ask: "Jump the cone on square 3 over the pair, to square 7.",
            sets: Sets::Throw(4),
            start: at(positions::defended_pair()),
            right: moving(0),
            wrong: moving(1),
            right_says: "Right: a defended pair cannot be landed on, but it can be passed.",
            wrong_says: "That works, but this step asks you to jump the cone on square 3 over the pair.",
        },
        Step {
            idea: "Three in a row make a blockade",
            look: "Your cones on 5 and 6 stand together, and one on 3 is four squares behind. The spools are behind them. The sticks are set to 4.",
            ask: "Make three in a row: move the cone on square 3 to square 7.",
            sets: Sets::Throw(4),
            start: at(positions::blockade_to_make()),
            right: moving(2),
            wrong: moving(3),
            right_says: "Right: 5, 6 and 7 are a blockade; no spool may land on it or pass it.",
            wrong_says: "That cone runs on, but the cone on square 3 could have built a blockade.",
        },
        Step {
            idea: "Every piece stops on the House of Beauty",
            look: "Square 26 is the House of Beauty: every piece must land on it before going further, and a throw that would carry it past cannot be used. The sticks are set to 2.",
            ask: "Bring the cone on square 24 onto the House of Beauty.",
            sets: Sets::Throw(2),
            start: at(positions::short_of_beauty()),
            right: moving(0),
            wrong: moving(1),
            right_says: "Right: from the House of Beauty the cone may go on as usual.",
            wrong_says: "A 2 takes the cone on square 24 exactly onto 26, the stop every piece must make.",
        },
        Step {
            idea: "The House of Water drowns",
            look: "Square 27 is the House of Water: a piece that stops there drowns and goes back to square 15. The sticks are set to 1.",
            ask: "Keep your cone on 26 dry: move the other cone instead.",
            sets: Sets::Throw(1),
            start: at(positions::on_beauty()),
            right: moving(1),
            wrong: moving(0),
            right_says: "Right: the cone on 26 waits for a better throw. A 1 earns another throw, too.",
            wrong_says: "The cone on 26 would stop on 27 and drown back to square 15.",
        },
        Step {
            idea: "Leaving the board",
            look: "A piece leaves by landing exactly one square past 30: a 3 from 28, a 2 from 29, a 1 from 30. The sticks are set to 3.",
            ask: "Take the cone on square 28 off the board.",
            sets: Sets::Throw(3),
            start: at(positions::at_the_end()),
            right: moving(0),
            wrong: moving(3),
            right_says: "Right: bring all five cones off before the spools do theirs, and you win.",
            wrong_says: "A 3 from square 28 lands exactly one past 30: that cone could have left the board.",
        },
    ]
}
