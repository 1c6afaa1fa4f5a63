//! The trait every rule set implements, and the shapes it speaks in: the table it is played
//! at, what it awaits next, the steps the room supplies as data, and the shared refusal.
//!
//! A rule set is a pure value. It never draws randomness or secrets: a concealed number
//! arrives as a commitment (with the number itself when the room holds it), a throw of the
//! sticks arrives as the faces that fell. So a game replays exactly from its action log.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::fair::{Commitment, GameId, Nonce};

use super::sticks::{Faces, Sticks};
use super::{Concealed, Outcome, Seat, Team, Viewer};

/// A rule set's options, actions, events and reasons: cloned, compared, shown in logs, read
/// and written as JSON with a schema (the protocol and the journal carry them), and sent
/// between tasks.
pub trait Payload:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + JsonSchema + Send + Sync
{
}

impl<T> Payload for T where
    T: Clone + Debug + PartialEq + Serialize + DeserializeOwned + JsonSchema + Send + Sync
{
}

/// One rule system: its options, actions, events, views and outcome.
///
/// `apply` either carries out an action and answers with what happened, or refuses it and
/// leaves the game exactly as it was. `legal_actions` lists every action `apply` accepts
/// from a seat, except the steps the room supplies (concealing, revealing, throwing), which
/// carry values no list can hold; `awaiting` says when those are due.
pub trait Rules: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The stable name in the protocol, the database and audit bundles: `mehen-san-martin`.
    const NAME: &'static str;
    /// The name a player reads.
    const TITLE: &'static str;

    type Options: Payload;
    type Action: Payload;
    type Event: Payload;
    /// What everybody may see: the board as it stands at the table.
    type View: Serialize + JsonSchema;
    /// What one seat sees besides the public view, such as the number it concealed.
    type Secret: Debug + PartialEq + Serialize + JsonSchema;
    type Reason: Payload + Copy;

    /// The seats and sides `options` make. Options are checked where they are parsed, so
    /// every value of `Options` is playable.
    fn table(options: &Self::Options) -> Table;

    /// The set-ups a start page offers, one per way of seating the table.
    fn presets() -> Vec<Self::Options>;

    /// The widest range any guess of this game may take, `(min, max)`: what a teammate may
    /// propose while no guess is open. `None` for a game without guesses.
    fn guesses(_options: &Self::Options) -> Option<(u8, u8)> {
        None
    }

    /// A new game, ready for its first step. `game` binds every commitment and throw to it.
    fn new(options: &Self::Options, game: GameId) -> Self;

    fn options(&self) -> Self::Options;

    /// The id bound into this game's commitments and throws.
    fn game_id(&self) -> GameId;

    /// How many turns have begun: the number bound into the current turn's commitment.
    fn turn(&self) -> u32;

    /// Carries out `action` for `seat`; on a refusal nothing changes.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Vec<Self::Event>, Refusal>;

    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    fn awaiting(&self) -> Awaiting;

    fn view(&self) -> Self::View;

    /// What `seat` alone is shown right now, if anything.
    fn secret(&self, seat: Seat) -> Option<Self::Secret>;

    fn outcome(&self) -> Option<Outcome<Self::Reason>>;

    /// The rule set's action for a step the room supplies; `None` when this rule set has no
    /// such step (a game without concealed numbers never conceals).
    fn step_action(step: Step) -> Option<Self::Action>;

    /// The step an action is, if it is one: the inverse of `step_action`.
    fn step_of(action: &Self::Action) -> Option<Step>;
}

/// The seats of a game and the side each plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Table {
    pub seats: Vec<SeatSide>,
}

/// A seat's team and the name of its side in the game's own words (Carnelian, Lions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SeatSide {
    pub team: Team,
    pub side: &'static str,
}

impl Table {
    /// A table of `count` seats, each on the team `team_of` gives and playing the side
    /// `side` names for that team.
    pub fn new(
        count: u8,
        team_of: impl Fn(Seat) -> Team,
        side: impl Fn(Team) -> &'static str,
    ) -> Table {
        let seats = (0..count)
            .map(|seat| {
                let team = team_of(Seat(seat));
                SeatSide {
                    team,
                    side: side(team),
                }
            })
            .collect();
        Table { seats }
    }

    /// A table on which every seat is a team of its own, playing the side `sides` names
    /// for it in turn.
    pub fn team_a_seat(sides: &[&'static str]) -> Table {
        let seats = (0..)
            .zip(sides)
            .map(|(seat, &side)| SeatSide {
                team: Team(seat),
                side,
            })
            .collect();
        Table { seats }
    }

    pub fn team_of(&self, seat: Seat) -> Option<Team> {
        self.seats.get(usize::from(seat.0)).map(|s| s.team)
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seats.len() as u8).map(Seat)
    }

    /// The seats on `team`.
    pub fn team(&self, team: Team) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(move |&s| self.team_of(s) == Some(team))
    }

    /// Whether a viewer may read what `team` alone may read.
    pub fn is_on(&self, viewer: Viewer, team: Team) -> bool {
        matches!(viewer, Viewer::Seat(seat) if self.team_of(seat) == Some(team))
    }
}

/// What the game waits for next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Awaiting {
    /// An action (one of `legal_actions`) from any one of `seats`.
    Action { seats: Vec<Seat> },
    /// A guess at the number `concealer` committed to, `min` to `max`, from any one of
    /// `seats`: a team may talk it over and propose numbers first.
    Guess {
        seats: Vec<Seat>,
        concealer: Seat,
        min: u8,
        max: u8,
    },
    /// `seat` is to conceal a number from `min` to `max`, committed for `turn`.
    Conceal {
        seat: Seat,
        turn: u32,
        min: u8,
        max: u8,
    },
    /// `seat` is to open its commitment of `turn`.
    Reveal {
        seat: Seat,
        turn: u32,
        commitment: Commitment,
    },
    /// `seat` is to throw `sticks`.
    Throw { seat: Seat, sticks: Sticks },
    /// The game is over.
    Over,
}

impl Awaiting {
    /// The seats the game waits on.
    pub fn seats(&self) -> Vec<Seat> {
        match self {
            Awaiting::Action { seats } | Awaiting::Guess { seats, .. } => seats.clone(),
            Awaiting::Conceal { seat, .. }
            | Awaiting::Reveal { seat, .. }
            | Awaiting::Throw { seat, .. } => vec![*seat],
            Awaiting::Over => Vec::new(),
        }
    }
}

/// A step whose value the room supplies: randomness and secrets arrive as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A number concealed as its commitment. `hand` is the number itself when whoever made
    /// the commitment shares it (the server-held mode); it is never serialized.
    Conceal {
        commitment: Commitment,
        hand: Option<Concealed>,
    },
    /// The concealer opens its commitment.
    Reveal { number: u8, nonce: Nonce },
    /// The concealer did not open its commitment in time.
    Withhold,
    /// The sticks fell so.
    Throw { faces: Faces },
}

/// Why an action was refused, for the protocol's error code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RefusalKind {
    /// The action is not one of this rule set's, or its fields do not fit it.
    Malformed,
    GameOver,
    NoSuchSeat,
    NotYourTurn,
    WrongPhase,
    OutOfRange,
    CommitmentMismatch,
    /// Anything else the rules forbid; the message says what.
    Illegal,
}

/// A refused action, in words a player understands. The game is as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct Refusal {
    pub kind: RefusalKind,
    pub message: String,
}

impl Refusal {
    pub fn new(kind: RefusalKind, message: impl Into<String>) -> Self {
        Refusal {
            kind,
            message: message.into(),
        }
    }

    pub fn illegal(message: impl Into<String>) -> Self {
        Refusal::new(RefusalKind::Illegal, message)
    }
}

/// Writes, inside an `impl Rules`, the step mapping of a rule set whose steps are the
/// hide-and-guess ones (its `Action` has `Conceal`, `Reveal` and `Withhold` as the steps are
/// shaped); it has no throws. Called with the name of the rule set's action type.
macro_rules! guessing_steps {
    ($action:ident) => {
        fn step_action(step: $crate::rules::Step) -> Option<$action> {
            use $crate::rules::Step;
            Some(match step {
                Step::Conceal { commitment, hand } => $action::Conceal { commitment, hand },
                Step::Reveal { number, nonce } => $action::Reveal { number, nonce },
                Step::Withhold => $action::Withhold,
                Step::Throw { .. } => return None,
            })
        }

        fn step_of(action: &$action) -> Option<$crate::rules::Step> {
            use $crate::rules::Step;
            Some(match *action {
                $action::Conceal { commitment, hand } => Step::Conceal { commitment, hand },
                $action::Reveal { number, nonce } => Step::Reveal { number, nonce },
                $action::Withhold => Step::Withhold,
                _ => return None,
            })
        }
    };
}

/// Writes, inside an `impl Rules`, the step mapping of a rule set whose only steps are throws
/// of the sticks (its action type, named in the call, has `Throw { faces }`).
macro_rules! throw_steps {
    ($action:ident) => {
        fn step_action(step: $crate::rules::Step) -> Option<$action> {
            match step {
                $crate::rules::Step::Throw { faces } => Some($action::Throw { faces }),
                _ => None,
            }
        }

        fn step_of(action: &$action) -> Option<$crate::rules::Step> {
            match *action {
                $action::Throw { faces } => Some($crate::rules::Step::Throw { faces }),
                _ => None,
            }
        }
    };
}

/// Writes, inside an `impl Rules`, the methods every rule set but Men's answers alike:
/// `game_id`, `turn` and `outcome` from its fields `game`, `turn` and `phase` (finished in
/// `Phase::Over { outcome }`), and `apply` (taking the action by value and refusing with the
/// rule set's own error), `legal_actions` and `view` through inherent methods of the same
/// names. Called with the name of the rule set's type.
macro_rules! inherent_seam {
    ($game:ident) => {
        fn game_id(&self) -> $crate::fair::GameId {
            self.game
        }

        fn turn(&self) -> u32 {
            self.turn
        }

        fn apply(
            &mut self,
            seat: $crate::rules::Seat,
            action: &Self::Action,
        ) -> Result<Vec<Self::Event>, $crate::rules::Refusal> {
            $game::apply(self, seat, *action).map_err($crate::rules::Refusal::from)
        }

        fn legal_actions(&self, seat: $crate::rules::Seat) -> Vec<Self::Action> {
            $game::legal_actions(self, seat)
        }

        fn view(&self) -> Self::View {
            $game::view(self)
        }

        fn outcome(&self) -> Option<$crate::rules::Outcome<Self::Reason>> {
            match self.phase {
                Phase::Over { outcome } => Some(outcome),
                _ => None,
            }
        }
    };
}

pub(crate) use {guessing_steps, inherent_seam, throw_steps};
