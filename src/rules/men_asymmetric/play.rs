//! Throws, moves and the end of the game. Every handler checks everything before it changes
//! anything, so a refusal leaves the game untouched.

use crate::rules::men_symmetric::{MenError, PieceId, Reach, Side};
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::{Outcome, Seat};

use super::action::{Action, Event, Reason};
use super::stacks::land;
use super::view::Place;
use super::{MenAsymmetric, Phase};

/// What a side moves: a piece from its start, or a stack it controls, named by its top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mover {
    Enter,
    Stack(PieceId),
}

impl MenAsymmetric {
    pub(super) fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, MenError> {
        let side = Side::of_seat(seat).ok_or(MenError::NoSuchSeat { seat })?;
        let mut events = Vec::new();
        match (self.phase, action) {
            (Phase::Over { .. }, _) => return Err(MenError::GameOver),
            (Phase::Throw { side: to_throw } | Phase::Move { side: to_throw, .. }, _)
                if to_throw != side =>
            {
                return Err(MenError::NotYourTurn {
                    waiting: self.waiting_for(),
                });
            }
            (Phase::Throw { .. }, Action::Throw { faces }) => {
                self.throw(side, faces, &mut events)?
            }
            (Phase::Move { score, .. }, Action::Enter) => {
                self.make_move(side, Mover::Enter, score, &mut events)?
            }
            (Phase::Move { score, .. }, Action::Move { piece }) => {
                self.make_move(side, Mover::Stack(piece), score, &mut events)?
            }
            (_, Action::Throw { .. }) => return Err(self.wrong_phase("throw the sticks")),
            (_, Action::Enter | Action::Move { .. }) => {
                return Err(self.wrong_phase("move before throwing"));
            }
        }
        Ok(events)
    }

    fn waiting_for(&self) -> String {
        match self.phase {
            Phase::Throw { side } => format!("{} to throw the sticks", side.name()),
            Phase::Move { side, score } => format!("{} to move {score}", side.name()),
            Phase::Over { .. } => "nothing: the game is over".into(),
        }
    }

    fn wrong_phase(&self, action: &'static str) -> MenError {
        MenError::WrongPhase {
            action,
            waiting: self.waiting_for(),
        }
    }

    fn throw(&mut self, side: Side, faces: Faces, events: &mut Vec<Event>) -> Result<(), MenError> {
        if !Sticks::FourMen.fits(faces) {
            return Err(MenError::SticksBeyond { faces: faces.0 });
        }
        let score = Sticks::FourMen.score(faces);
        events.push(Event::Thrown { side, faces, score });
        if self.movers(side, score).is_empty() {
            events.push(Event::NoMove { side });
            self.start_turn(side.opponent());
        } else {
            self.phase = Phase::Move { side, score };
        }
        Ok(())
    }

    fn start_turn(&mut self, side: Side) {
        self.turn += 1;
        self.phase = Phase::Throw { side };
    }

    /// Everything `side` may move by `score`, with where each goes.
    pub(super) fn movers(&self, side: Side, score: u8) -> Vec<(Mover, Reach)> {
        std::iter::once(Mover::Enter)
            .chain(self.pieces(side).map(Mover::Stack))
            .filter_map(|mover| Some((mover, self.reach(side, mover, score).ok()?.1)))
            .collect()
    }

    /// The narrow line `mover` leaves (0 from the start) and where `score` takes it, or
    /// why it cannot move.
    fn reach(&self, side: Side, mover: Mover, score: u8) -> Result<(u8, Reach), MenError> {
        match mover {
            Mover::Enter if self.count(side, Place::Start) == 0 => Err(MenError::CannotEnter {
                why: "none of your pieces is waiting at the start",
            }),
            Mover::Enter => Ok((0, Reach::from(0, score))),
            Mover::Stack(piece) => {
                match piece.side() {
                    None => return Err(MenError::NoSuchPiece { piece }),
                    Some(owner) if owner != side => return Err(MenError::NotYourPiece { piece }),
                    Some(_) => {}
                }
                let Place::Line(line) = self.place(piece) else {
                    return Err(MenError::CannotMove {
                        piece,
                        why: "is not on the board",
                    });
                };
                if self.stack(line).last() != Some(&piece) {
                    return Err(MenError::CannotMove {
                        piece,
                        why: "is not on top of its stack: the top piece controls it",
                    });
                }
                let own = side.narrow_line(line);
                Ok((line, Reach::from(own, score)))
            }
        }
    }

    fn make_move(
        &mut self,
        side: Side,
        mover: Mover,
        score: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), MenError> {
        let (from, to) = self.reach(side, mover, score)?;
        let moving = match mover {
            Mover::Enter => {
                let piece = self
                    .pieces(side)
                    .find(|&p| self.place(p) == Place::Start)
                    .ok_or(MenError::CannotEnter {
                        why: "none of your pieces is waiting at the start",
                    })?;
                if let Reach::Line(own) = to {
                    let line = side.narrow_line(own);
                    events.push(Event::Entered { piece, line });
                }
                vec![piece]
            }
            Mover::Stack(piece) => {
                events.push(Event::Moved { piece, from, to });
                std::mem::take(&mut self.stacks[usize::from(from - 1)])
            }
        };
        let captured = match to {
            Reach::Line(own) => self.land_on(side, side.narrow_line(own), &moving, events),
            Reach::Off => {
                self.finish(side, moving, events);
                false
            }
        };
        if let Some(outcome) = self.ending() {
            self.phase = Phase::Over { outcome };
            events.push(Event::GameOver { outcome });
        } else if captured {
            events.push(Event::SecondTurn { side });
            self.start_turn(side);
        } else {
            self.start_turn(side.opponent());
        }
        Ok(())
    }

    /// Lands `moving` on narrow `line`; whether it captured.
    fn land_on(
        &mut self,
        side: Side,
        line: u8,
        moving: &[PieceId],
        events: &mut Vec<Event>,
    ) -> bool {
        let stack = &mut self.stacks[usize::from(line - 1)];
        let taken = land(stack, moving, side);
        if taken.is_empty() {
            return false;
        }
        // Rule 10 over rule 9: one point per piece taken, two for black's capture of two
        // whites, one for white's capture of one black.
        let points = taken.len() as u8;
        self.points[usize::from(side.seat().0)] += points;
        self.captured.extend_from_slice(&taken);
        events.push(Event::Captured {
            pieces: taken,
            by: side,
            points,
        });
        true
    }

    /// A stack controlled by `side` left the far end: `side`'s pieces score a point each,
    /// the opponent's go back to their start.
    fn finish(&mut self, side: Side, moving: Vec<PieceId>, events: &mut Vec<Event>) {
        let (own, theirs): (Vec<PieceId>, Vec<PieceId>) =
            moving.into_iter().partition(|p| p.side() == Some(side));
        self.points[usize::from(side.seat().0)] += own.len() as u8;
        self.finished.extend_from_slice(&own);
        events.push(Event::Finished { pieces: own, side });
        if !theirs.is_empty() {
            events.push(Event::SentBack { pieces: theirs });
        }
    }

    /// The end of rule 15, once a side has nothing left to play; most points wins.
    fn ending(&self) -> Option<super::MenOutcome> {
        let reason = if Side::BOTH
            .iter()
            .any(|&s| self.count(s, Place::Captured) == super::PIECES)
        {
            Reason::AllCaptured
        } else if Side::BOTH.iter().any(|&s| self.is_done(s)) {
            Reason::AllMovedOff
        } else {
            return None;
        };
        let (white, black) = (self.points(Side::White), self.points(Side::Black));
        let winner = match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Side::White.team()),
            std::cmp::Ordering::Less => Some(Side::Black.team()),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome { winner, reason })
    }
}
