//! The turn both rule sets of Men play: the side to move throws the four sticks, then moves
//! a piece by the score. A side that cannot move passes; after a move comes the end of the
//! game, another throw, or the other side's turn. Every handler checks everything before it
//! changes anything, so a refusal leaves the game untouched.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::Serialize;

use crate::fair::GameId;
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::{Outcome, Payload, Seat};

use super::action::{Mover, Play, Told};
use super::error::MenError;
use super::lines::{Reach, Side};

/// One rule set of Men: how its pieces stand and move, how its game ends, and the words it
/// tells them in. The turn in this file and the seam in `rules` serve every variant.
pub trait Variant: Clone + Debug + PartialEq + Send + Sync + 'static {
    const NAME: &'static str;
    const TITLE: &'static str;

    type Options: Payload + Default;
    /// Declared with [`declare_action!`](crate::rules::men::declare_action).
    type Action: Payload + Copy + From<Play> + Into<Play>;
    type Event: Payload + From<Told<Self::Reason>>;
    type Reason: Payload + Copy;
    type View: Serialize + JsonSchema;
    /// One move as the view shows it.
    type Move: Serialize + JsonSchema;

    /// A new game: every piece at its start, white to throw.
    fn start(game: GameId) -> Self;

    /// The game's id, its turn and what it waits for.
    fn round(&self) -> &Round<Self::Reason>;

    /// The same, for the turn to move on.
    fn round_mut(&mut self) -> &mut Round<Self::Reason>;

    /// Where `mover` of `side` lands by `score`, or why it cannot move.
    fn reach(&self, side: Side, mover: Mover, score: u8) -> Result<Reach, MenError>;

    /// Moves `mover` of `side` by `score`, telling what happened in `events`, or refuses and
    /// changes nothing. Whether the move earned another throw.
    fn carry(
        &mut self,
        side: Side,
        mover: Mover,
        score: u8,
        events: &mut Vec<Self::Event>,
    ) -> Result<bool, MenError>;

    /// How the game ended, once it has.
    fn ending(&self) -> Option<Outcome<Self::Reason>>;

    fn view(&self) -> Self::View;

    /// How the view shows `action`, a move of `side` that reaches `to`.
    fn show(side: Side, action: Self::Action, to: Reach) -> Self::Move;

    /// Everything `side` may move by `score`, with where each lands.
    fn movers(&self, side: Side, score: u8) -> Vec<(Mover, Reach)> {
        Mover::every(side)
            .filter_map(|mover| Some((mover, self.reach(side, mover, score).ok()?)))
            .collect()
    }

    /// The phase as the view shows it, with the moves open to the side to move.
    fn phase_view(&self) -> PhaseView<Self::Move> {
        match self.round().phase {
            Phase::Throw { side } => PhaseView::Throw { side },
            Phase::Move { side, score } => PhaseView::Move {
                side,
                score,
                moves: self
                    .movers(side, score)
                    .into_iter()
                    .map(|(mover, to)| Self::show(side, Play::from(mover).into(), to))
                    .collect(),
            },
            Phase::Over { .. } => PhaseView::Over,
        }
    }
}

/// What every game of Men keeps beside its pieces: its id, the number of the turn under
/// way, and what it waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round<R> {
    pub game: GameId,
    pub turn: u32,
    pub phase: Phase<R>,
}

impl<R> Round<R> {
    /// The first turn of a new game: white to throw.
    pub fn new(game: GameId) -> Self {
        Round {
            game,
            turn: 1,
            phase: Phase::Throw { side: Side::White },
        }
    }

    /// The round a view shows, as a seat rebuilds the game from it: turn `turn`, waiting for
    /// what `phase` shows, `outcome` being the game's once it is over. The view does not show
    /// the game's id, so the rebuilt round has the default one.
    pub fn seen<M>(turn: u32, phase: &PhaseView<M>, outcome: Option<Outcome<R>>) -> Option<Self> {
        let phase = match *phase {
            PhaseView::Throw { side } => Phase::Throw { side },
            PhaseView::Move { side, score, .. } => Phase::Move { side, score },
            PhaseView::Over => Phase::Over { outcome: outcome? },
        };
        Some(Round {
            game: GameId::default(),
            turn,
            phase,
        })
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase<R> {
    Throw { side: Side },
    Move { side: Side, score: u8 },
    Over { outcome: Outcome<R> },
}

impl<R: Copy> Phase<R> {
    /// What the game waits for, as the end of "the game is waiting for …".
    pub fn waiting_for(&self) -> String {
        match self {
            Phase::Throw { side } => format!("{} to throw the sticks", side.name()),
            Phase::Move { side, score } => format!("{} to move {score}", side.name()),
            Phase::Over { .. } => "nothing: the game is over".into(),
        }
    }

    pub fn outcome(&self) -> Option<Outcome<R>> {
        match *self {
            Phase::Over { outcome } => Some(outcome),
            _ => None,
        }
    }

    fn wrong_phase(&self, action: &'static str) -> MenError {
        MenError::WrongPhase {
            action,
            waiting: self.waiting_for(),
        }
    }
}

// The phase as everybody sees it; `M` is how the rule set shows one move. (A plain comment:
// a doc comment would enter the published schema, which has none here.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "phase", rename_all = "snake_case")]
#[schemars(rename = "PhaseView")]
pub enum PhaseView<M> {
    Throw {
        side: Side,
    },
    Move {
        side: Side,
        score: u8,
        moves: Vec<M>,
    },
    Over,
}

/// Carries out `action` for `seat`. On a refusal nothing changes.
pub(super) fn play<V: Variant>(
    game: &mut V,
    seat: Seat,
    action: V::Action,
) -> Result<Vec<V::Event>, MenError> {
    let side = Side::of_seat(seat).ok_or(MenError::NoSuchSeat { seat })?;
    let phase = game.round().phase;
    let mut events = Vec::new();
    match (phase, action.into()) {
        (Phase::Over { .. }, _) => return Err(MenError::GameOver),
        (Phase::Throw { side: to_play } | Phase::Move { side: to_play, .. }, _)
            if to_play != side =>
        {
            return Err(MenError::NotYourTurn {
                waiting: phase.waiting_for(),
            });
        }
        (Phase::Throw { .. }, Play::Throw { faces }) => throw(game, side, faces, &mut events)?,
        (Phase::Move { score, .. }, Play::Enter) => {
            make_move(game, side, Mover::Enter, score, &mut events)?
        }
        (Phase::Move { score, .. }, Play::Move { piece }) => {
            make_move(game, side, Mover::Piece(piece), score, &mut events)?
        }
        (_, Play::Throw { .. }) => return Err(phase.wrong_phase("throw the sticks")),
        (_, Play::Enter | Play::Move { .. }) => {
            return Err(phase.wrong_phase("move before throwing"));
        }
    }
    Ok(events)
}

/// The actions `seat` may take now: the moves open to it after its throw.
pub(super) fn legal_actions<V: Variant>(game: &V, seat: Seat) -> Vec<V::Action> {
    match game.round().phase {
        Phase::Move { side, score } if side.seat() == seat => game
            .movers(side, score)
            .into_iter()
            .map(|(mover, _)| Play::from(mover).into())
            .collect(),
        _ => Vec::new(),
    }
}

fn throw<V: Variant>(
    game: &mut V,
    side: Side,
    faces: Faces,
    events: &mut Vec<V::Event>,
) -> Result<(), MenError> {
    if !Sticks::FourMen.fits(faces) {
        return Err(MenError::SticksBeyond { faces: faces.0 });
    }
    let score = Sticks::FourMen.score(faces);
    events.push(Told::Thrown { side, faces, score }.into());
    if game.movers(side, score).is_empty() {
        events.push(Told::NoMove { side, score }.into());
        start_turn(game, side.opponent());
    } else {
        game.round_mut().phase = Phase::Move { side, score };
    }
    Ok(())
}

fn make_move<V: Variant>(
    game: &mut V,
    side: Side,
    mover: Mover,
    score: u8,
    events: &mut Vec<V::Event>,
) -> Result<(), MenError> {
    let again = game.carry(side, mover, score, events)?;
    if let Some(outcome) = game.ending() {
        game.round_mut().phase = Phase::Over { outcome };
        events.push(Told::GameOver { outcome }.into());
    } else if again {
        events.push(Told::SecondTurn { side }.into());
        start_turn(game, side);
    } else {
        start_turn(game, side.opponent());
    }
    Ok(())
}

fn start_turn<V: Variant>(game: &mut V, side: Side) {
    let round = game.round_mut();
    round.turn += 1;
    round.phase = Phase::Throw { side };
}
