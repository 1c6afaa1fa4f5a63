//! Senet as reconstructed by Kendall and Bell: Cones against Spools, five pieces each, along
//! thirty squares in an inverted S, moved by four throwing sticks.
//!
//! A turn is a throw and, when the throw can be used, one move; a 1, 4 or 6 that was used
//! earns another throw. A throw no piece can use is lost with a `no_move` event.
//! `docs/rules/senet.md` tells the rules as implemented and every decision taken where the
//! seed is silent.
//!
//! The files: `action` (options, actions, events), `error` (refusals), `board` (squares,
//! pieces, defence, blockades, where a throw leads), `view` (what everybody sees), `rules`
//! (the shared seam).

mod action;
mod board;
mod computer;
mod error;
pub mod positions;
mod rules;
mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, Event, Options, PieceId, SenetOutcome, WinReason};
pub use board::{
    Blocked, Board, HOUSE_OF_BEAUTY, HOUSE_OF_REBIRTH, HOUSE_OF_WATER, Landing, PIECES, Plan,
    SQUARES,
};
pub use error::SenetError;
pub use view::{NoSecret, PhaseView, PieceView, SideView, View};

use crate::fair::GameId;
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::{Seat, Team};

/// The sticks Senet throws.
pub const STICKS: Sticks = Sticks::FourSenet;
/// The sides in seat order: seat 0 plays the Cones, who move first.
pub const SIDES: [&str; 2] = ["Cones", "Spools"];

/// One game of Senet, from the opening to the outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Senet {
    game: GameId,
    board: Board,
    /// How many turns have begun; a throw again continues the same turn.
    turn: u32,
    phase: Phase,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` is to throw the sticks; `again` when it is the throw a used 1, 4 or 6 earned.
    Throw {
        seat: Seat,
        again: bool,
    },
    /// `seat` is to move a piece by `score`; at least one piece can.
    Move {
        seat: Seat,
        score: u8,
    },
    Over {
        outcome: SenetOutcome,
    },
}

/// Whether a used throw of `score` earns another throw.
pub const fn throws_again(score: u8) -> bool {
    matches!(score, 1 | 4 | 6)
}

/// The other seat of the duel.
pub const fn opponent(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

impl Senet {
    /// A new game: the opening position, the Cones to throw.
    pub fn new(game: GameId) -> Self {
        Senet {
            game,
            board: Board::start(),
            turn: 1,
            phase: Phase::Throw {
                seat: Seat(0),
                again: false,
            },
        }
    }

    /// A game at any position, for tests.
    #[cfg(test)]
    pub fn at(board: Board, phase: Phase) -> Self {
        Senet {
            game: GameId::default(),
            board,
            turn: 1,
            phase,
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Carries out `action` for `seat`, whose turn it must be. On a refusal nothing changes:
    /// every check comes before the first change.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, SenetError> {
        if usize::from(seat.0) >= SIDES.len() {
            return Err(SenetError::NoSuchSeat { seat });
        }
        let mover = match self.phase {
            Phase::Over { .. } => return Err(SenetError::GameOver),
            Phase::Throw { seat, .. } | Phase::Move { seat, .. } => seat,
        };
        if mover != seat {
            return Err(SenetError::NotYourTurn { waiting: mover });
        }
        let mut events = Vec::new();
        match action {
            Action::Throw { faces } => self.throw(seat, faces, &mut events)?,
            Action::Move { piece } => self.move_piece(seat, piece, &mut events)?,
        }
        Ok(events)
    }

    /// The moves `seat` may make now, in piece order.
    pub fn plans(&self, seat: Seat) -> Vec<Plan> {
        match self.phase {
            Phase::Move { seat: mover, score } if mover == seat => self.board.plans(seat, score),
            _ => Vec::new(),
        }
    }

    /// The actions `seat` may take now: a move of each piece it may move.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.plans(seat)
            .into_iter()
            .map(|plan| Action::Move { piece: plan.piece })
            .collect()
    }

    fn throw(
        &mut self,
        seat: Seat,
        faces: Faces,
        events: &mut Vec<Event>,
    ) -> Result<(), SenetError> {
        if let Phase::Move { .. } = self.phase {
            return Err(SenetError::ThrowWhileMoving);
        }
        if !STICKS.fits(faces) {
            return Err(SenetError::ForeignSticks);
        }
        let score = STICKS.score(faces);
        events.push(Event::Thrown { seat, faces, score });
        if self.board.plans(seat, score).is_empty() {
            events.push(Event::NoMove { seat, score });
            self.pass_turn(seat, events);
        } else {
            self.phase = Phase::Move { seat, score };
        }
        Ok(())
    }

    fn move_piece(
        &mut self,
        seat: Seat,
        piece: PieceId,
        events: &mut Vec<Event>,
    ) -> Result<(), SenetError> {
        let Phase::Move { score, .. } = self.phase else {
            return Err(SenetError::MoveBeforeThrow);
        };
        match Board::owner(piece) {
            None => return Err(SenetError::NoSuchPiece { piece }),
            Some(owner) if owner != seat => return Err(SenetError::NotYourPiece { piece }),
            Some(_) => {}
        }
        let plan = self
            .board
            .plan(piece, score)
            .map_err(|blocked| SenetError::Blocked {
                piece,
                score,
                blocked,
            })?;
        self.board.carry_out(plan, events);
        if self.board.off(seat) == PIECES {
            let outcome = SenetOutcome {
                winner: Some(Team(seat.0)),
                reason: WinReason::AllPiecesOff,
            };
            self.phase = Phase::Over { outcome };
            events.push(Event::GameOver { outcome });
        } else if throws_again(score) {
            self.phase = Phase::Throw { seat, again: true };
            events.push(Event::ThrowAgain { seat });
        } else {
            self.pass_turn(seat, events);
        }
        Ok(())
    }

    fn pass_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let next = opponent(seat);
        self.turn += 1;
        self.phase = Phase::Throw {
            seat: next,
            again: false,
        };
        events.push(Event::TurnPassed {
            seat: next,
            turn: self.turn,
        });
    }
}
