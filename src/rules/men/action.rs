//! What a seat may do in either rule set of Men, and what the turn they share tells.

use crate::rules::Outcome;
use crate::rules::sticks::Faces;

use super::lines::{PieceId, Side};

/// What an action of Men asks of the turn, alike in both rule sets. Each rule set's
/// `Action`, declared with [`declare_action!`](crate::rules::men::declare_action), is its JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The sticks fell so.
    Throw { faces: Faces },
    /// Bring a piece from the start onto the board.
    Enter,
    /// Move a piece (in asymmetric Men, the stack it tops) by the throw.
    Move { piece: PieceId },
}

/// Declares a rule set's `Options` and `Action`, the same JSON in both rule sets of Men:
/// `Options` is empty (the board and pieces are fixed), `Action` comes with its bridge to
/// [`Play`] both ways. The doc comments given describe `Options` and the `Move` action in
/// the rule set's own words (the published schema shows them).
macro_rules! declare_action {
    (options: $(#[$options:meta])* moving: $(#[$moving:meta])*) => {
        $(#[$options])*
        #[derive(
            Clone,
            Debug,
            Default,
            PartialEq,
            Eq,
            serde::Serialize,
            serde::Deserialize,
            schemars::JsonSchema,
        )]
        #[serde(deny_unknown_fields)]
        pub struct Options {}

        #[derive(
            Clone,
            Copy,
            Debug,
            PartialEq,
            Eq,
            serde::Serialize,
            serde::Deserialize,
            schemars::JsonSchema,
        )]
        #[serde(tag = "type", rename_all = "snake_case")]
        pub enum Action {
            /// The sticks fell so (supplied by the room, never listed).
            Throw { faces: $crate::rules::sticks::Faces },
            /// Bring a piece from the start onto the side's own line numbered by the throw.
            Enter,
            $(#[$moving])*
            Move { piece: $crate::rules::men::PieceId },
        }

        impl From<$crate::rules::men::Play> for Action {
            fn from(play: $crate::rules::men::Play) -> Self {
                use $crate::rules::men::Play;
                match play {
                    Play::Throw { faces } => Action::Throw { faces },
                    Play::Enter => Action::Enter,
                    Play::Move { piece } => Action::Move { piece },
                }
            }
        }

        impl From<Action> for $crate::rules::men::Play {
            fn from(action: Action) -> Self {
                use $crate::rules::men::Play;
                match action {
                    Action::Throw { faces } => Play::Throw { faces },
                    Action::Enter => Play::Enter,
                    Action::Move { piece } => Play::Move { piece },
                }
            }
        }
    };
}

pub(crate) use declare_action;

/// What a side moves: a piece from its start, or a piece on the board (in asymmetric Men, the
/// stack it tops).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Enter,
    Piece(PieceId),
}

impl Mover {
    /// Entering, then each of `side`'s pieces: everything it might move.
    pub fn every(side: Side) -> impl Iterator<Item = Mover> {
        std::iter::once(Mover::Enter).chain(side.pieces().map(Mover::Piece))
    }
}

impl From<Mover> for Play {
    fn from(mover: Mover) -> Self {
        match mover {
            Mover::Enter => Play::Enter,
            Mover::Piece(piece) => Play::Move { piece },
        }
    }
}

/// What the turn both rule sets share tells: each says it in its own events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told<R> {
    Thrown {
        side: Side,
        faces: Faces,
        score: u8,
    },
    /// No piece could move by the throw; the turn passes.
    NoMove {
        side: Side,
        score: u8,
    },
    /// The move earned the mover another throw.
    SecondTurn {
        side: Side,
    },
    GameOver {
        outcome: Outcome<R>,
    },
}
