//! Pure game rules: no tokio, no sockets, no database, no clock, no randomness drawn here.
//!
//! Every rule set is a value that takes actions from seats and answers with events or a
//! typed error. An action that is refused leaves the value exactly as it was, so a room can
//! hand any input from the network to `apply` without first copying its state. Anything a
//! game would draw at random (a throw of the sticks, a concealed number) arrives as data, so
//! a game replays exactly from its action log.
//!
//! What the rule systems share lives here: seats, teams, viewers, outcomes, the secret
//! newtype, and the seam every rule set plugs into:
//! - `rule_set`: the [`Rules`] trait, the table, what a game awaits, the steps the room
//!   supplies as data, and the shared refusal;
//! - `game`: the one list of rule sets, and [`Game`], any game at all in JSON;
//! - `replay`: the one replay, for restore, verification, the replay page and tests;
//! - `steps`: the one place that supplies steps (concealments, reveals, throws, stand-in
//!   moves), and the names of a move at each layer;
//! - `random`: a random legal player for any rule set;
//! - `sticks`: throwing sticks and their scores;
//! - `computer`: computer players, deciding from what their seat sees;
//! - `conformance`: the property checks every rule set passes;
//! - `computer_checks`, `examples` and `testing`: for tests and benches, inside the crate
//!   and out: the checks of computer players, games of a given shape and named positions,
//!   and the helpers that play an action that must succeed or must be refused.
//!
//! Each rule set is a folder of its own: `mehen` (San Martin Mehen), `senet`,
//! `men_symmetric` and `men_asymmetric` (Men), `mehen_kendall` (Kendall–Skiryuk Mehen) and
//! `mehen_pharaohs` (Pharaohs-and-lions Mehen). Only those in the list in `game` are offered
//! in rooms.

pub mod computer;
pub mod computer_checks;
pub mod conformance;
mod events;
pub mod examples;
pub mod game;
pub mod guessing;
mod json;
pub mod mehen;
pub mod mehen_kendall;
pub mod mehen_pharaohs;
pub mod men;
pub mod men_asymmetric;
pub mod men_symmetric;
pub mod positions;
pub mod random;
pub mod replay;
mod rule_set;
pub mod senet;
pub mod steps;
pub mod sticks;
pub mod testing;
mod tree;

pub use events::Events;
pub use game::{Game, Move, Played, RuleSet, RuleSetInfo, Setup, SetupError};
pub use rule_set::{Awaiting, Payload, Refusal, RefusalKind, Rules, SeatSide, Step, Table};
pub use tree::Tree;

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Declares a number that names one thing for the whole game (a seat, a team, a piece):
/// copied, compared, ordered and hashed, and written in JSON as the bare number.
macro_rules! number_id {
    ($(#[$doc:meta])* pub struct $name:ident(pub $number:ty);) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(transparent)]
        pub struct $name(pub $number);
    };
}

pub(crate) use number_id;

number_id! {
    /// A place at the table, numbered from 0 in the order the rule set gives.
    pub struct Seat(pub u8);
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

number_id! {
    /// A side of the game. In a duel each seat is its own team; in a team game several seats
    /// share one.
    pub struct Team(pub u8);
}

/// Who a view is made for. A seat sees its own secrets; a spectator sees only what is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

/// How a finished game ended: which team won (`None`: nobody, a draw), and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Outcome<Reason> {
    pub winner: Option<Team>,
    pub reason: Reason,
}

/// A number only its owner may know, such as marbles concealed in a closed hand.
///
/// Neither `Debug` nor `Serialize` shows the value, so a secret that slips into a log line,
/// an error or a frame shows only that something is hidden. Reading it takes `expose`, which
/// stands out in review.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Concealed(u8);

impl Concealed {
    pub const fn new(value: u8) -> Self {
        Concealed(value)
    }

    pub const fn expose(self) -> u8 {
        self.0
    }
}

impl fmt::Debug for Concealed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Concealed(hidden)")
    }
}

impl Serialize for Concealed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str("hidden")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_concealed_value_never_prints() {
        let secret = Concealed::new(5);
        assert_eq!(format!("{secret:?}"), "Concealed(hidden)");
        assert_eq!(serde_json::to_string(&secret).unwrap(), "\"hidden\"");
        assert_eq!(secret.expose(), 5);
    }
}
