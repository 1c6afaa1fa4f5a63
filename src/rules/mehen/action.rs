//! What a seat may do, and what the game answers that it did.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::{Commitment, Nonce};
use crate::rules::{Concealed, Outcome, Seat, Team, number_id};

number_id! {
    /// A marble on the serpent, named from the moment it enters until it leaves (captured) or
    /// the game ends. Ids grow in order of entry, so the lowest id is the earliest marble.
    pub struct MarbleId(pub u32);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Six-player: the team to move names the teammate who acts on this opportunity.
    Choose { seat: Seat },
    /// The actor hides a number of marbles, published only as its commitment. `hand` is the
    /// number itself when whoever makes the commitment shares it with the engine (the
    /// server-held mode): it is then checked against the range at once and shown to the
    /// concealer's own view. It is never serialized.
    Conceal {
        commitment: Commitment,
        #[serde(skip)]
        hand: Option<Concealed>,
    },
    /// The opposing side names a number in the concealer's range.
    Guess { number: u8 },
    /// The concealer opens the commitment.
    Reveal { number: u8, nonce: Nonce },
    /// The concealer does not open the commitment (a client that never revealed in time).
    /// It counts as a correct guess.
    Withhold,
    /// After a wrong guess: move one of the actor's marbles by the concealed number.
    Advance { marble: MarbleId },
    /// After a wrong guess: enter a marble at the tail and move it by the concealed number.
    Deploy,
    /// Duel, after a wrong guess: stand one fallen lion back up.
    Recover,
    /// Six-player, after a wrong guess: revive a frozen teammate.
    Revive { seat: Seat },
}

/// Why a game of Mehen ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// Two marbles (six-player: two different teammates' marbles) reached the head.
    TwoFinished,
    /// All three of the losing player's lions fell.
    LionsFallen,
    /// All three players of the losing team were frozen at once.
    AllFrozen,
}

pub type MehenOutcome = Outcome<WinReason>;

/// Everything that happened, in order. Events carry only what every viewer may know:
/// the concealed number appears first in `Revealed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A new round of six team opportunities begins (six-player).
    RoundStarted {
        round: u32,
    },
    /// Nobody on the team could act, so its opportunity passed (six-player).
    OpportunitySkipped {
        team: Team,
    },
    /// The actor for this turn is known.
    ActorChosen {
        seat: Seat,
        turn: u32,
    },
    /// `turn` is the turn number bound into the commitment, so a reveal can be checked
    /// from the two events alone.
    Concealed {
        seat: Seat,
        turn: u32,
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
    LionFell {
        seat: Seat,
        standing: u8,
    },
    Frozen {
        seat: Seat,
    },
    LionStood {
        seat: Seat,
        standing: u8,
    },
    Revived {
        seat: Seat,
        by: Seat,
    },
    Deployed {
        marble: MarbleId,
        seat: Seat,
        to: u8,
    },
    Advanced {
        marble: MarbleId,
        seat: Seat,
        from: u8,
        to: u8,
    },
    Captured {
        marble: MarbleId,
        owner: Seat,
        at: u8,
        by: MarbleId,
    },
    Finished {
        marble: MarbleId,
        seat: Seat,
    },
    /// A teammate of the team's first finisher loses a marble from the reserve for good.
    MarbleLost {
        seat: Seat,
    },
    /// The actor had no legal action after a wrong guess; the turn ends.
    Passed {
        seat: Seat,
    },
    GameOver {
        outcome: MehenOutcome,
    },
}
