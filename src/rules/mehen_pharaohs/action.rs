//! What a seat may do, and what the game answers that it did.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::{Commitment, Nonce};
use crate::rules::guessing::Range;
use crate::rules::{Concealed, Outcome, Seat, Team, number_id};

number_id! {
    /// A pharaoh, named by the seat that owns it: each player races exactly one.
    pub struct PharaohId(pub u8);
}

impl PharaohId {
    pub const fn owner(self) -> Seat {
        Seat(self.0)
    }
}

/// Where a pharaoh is: waiting beside the tail, on a space of the serpent (1 to 69), or
/// delivered through the head into the afterlife.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "place", content = "space", rename_all = "snake_case")]
pub enum Place {
    Waiting,
    Serpent(u8),
    Delivered,
}

/// What a concealment decides: a pharaoh's move, or a fight with the lion attacking it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Contest {
    Move,
    Lion,
}

impl Contest {
    /// The marbles the concealer may hide: 1 to 5 for a move, 1 to 3 for a lion fight.
    pub const fn range(self) -> Range {
        match self {
            Contest::Move => Range::up_to(5),
            Contest::Lion => Range::up_to(3),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// The team to move names which of its pharaohs moves this turn.
    Choose { pharaoh: PharaohId },
    /// The concealer hides marbles, published only as its commitment. `hand` is the number
    /// itself in the server-held mode; it is never serialized.
    Conceal {
        commitment: Commitment,
        #[serde(skip)]
        hand: Option<Concealed>,
    },
    /// The guessing side names a number.
    Guess { number: u8 },
    /// The concealer opens the commitment.
    Reveal { number: u8, nonce: Nonce },
    /// The concealer never opened the commitment: it counts as a correct guess.
    Withhold,
    /// After a correct guess, the guesser sets a lion on the concealer's pharaoh.
    Unleash { target: PharaohId },
    /// After a correct guess, the guesser keeps its lions back.
    Spare,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// Every pharaoh of the winning team reached the head.
    AllDelivered,
}

pub type PharaohsOutcome = Outcome<WinReason>;

/// Everything that happened, in order. The concealed number appears first in `Revealed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    TurnBegan {
        team: Team,
    },
    PharaohChosen {
        pharaoh: PharaohId,
    },
    /// `turn` is bound into the commitment, so a reveal can be checked from events alone.
    Concealed {
        seat: Seat,
        turn: u32,
        contest: Contest,
        commitment: Commitment,
    },
    Guessed {
        by: Seat,
        number: u8,
    },
    Revealed {
        seat: Seat,
        turn: u32,
        number: u8,
        nonce: Nonce,
        correct: bool,
    },
    Withheld {
        seat: Seat,
    },
    Moved {
        pharaoh: PharaohId,
        from: Place,
        to: Place,
    },
    /// An opposing pharaoh was landed on and sent back to where the mover came from.
    Swapped {
        pharaoh: PharaohId,
        to: u8,
    },
    /// An entering pharaoh landed on this one, which must start again.
    SentOff {
        pharaoh: PharaohId,
    },
    /// The guesser's own pharaoh could not take the move: under attack or delivered.
    Stayed {
        pharaoh: PharaohId,
    },
    LionUnleashed {
        by: Seat,
        target: PharaohId,
    },
    LionSpared {
        by: Seat,
    },
    LionKilled {
        target: PharaohId,
        team: Team,
    },
    /// The lion's owner was not guessed: the attack goes on and the turn ends.
    LionHeld {
        target: PharaohId,
    },
    /// Its target was sent off the board, so the lion goes back to its team.
    LionReturned {
        target: PharaohId,
        team: Team,
    },
    /// Two correct move guesses in a row brought a dead lion back.
    LionRevived {
        team: Team,
    },
    GameOver {
        outcome: PharaohsOutcome,
    },
}
