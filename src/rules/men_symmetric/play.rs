//! Throws, moves, blocks and traps. Every handler checks everything before it changes
//! anything, so a refusal leaves the game untouched.

use crate::rules::sticks::{Faces, Sticks};
use crate::rules::{Outcome, Seat};

use super::action::{Action, Event, Reason};
use super::error::MenError;
use super::lines::{BOARD_LINES, LINES, PIECES, PieceId, Reach, Side};
use super::view::Place;
use super::{MenSymmetric, Phase};

/// What a side moves: a piece from its start, or a piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mover {
    Enter,
    Piece(PieceId),
}

impl MenSymmetric {
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
                self.make_move(side, Mover::Piece(piece), score, &mut events)?
            }
            (_, Action::Throw { .. }) => return Err(self.wrong_phase("throw the sticks")),
            (_, Action::Enter | Action::Move { .. }) => {
                return Err(self.wrong_phase("move before throwing"));
            }
        }
        Ok(events)
    }

    /// What the game waits for, as the end of "the game is waiting for …".
    pub(super) fn waiting_for(&self) -> String {
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
            events.push(Event::NoMove { side, score });
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

    /// Everything `side` may move by `score`, with where each lands.
    pub(super) fn movers(&self, side: Side, score: u8) -> Vec<(Mover, Reach)> {
        let enter = std::iter::once(Mover::Enter);
        enter
            .chain(self.pieces(side).map(Mover::Piece))
            .filter_map(|mover| Some((mover, self.reach(side, mover, score).ok()?)))
            .collect()
    }

    /// Where `mover` lands by `score`, or why it cannot move.
    pub(super) fn reach(&self, side: Side, mover: Mover, score: u8) -> Result<Reach, MenError> {
        let from = match mover {
            Mover::Enter => {
                if self.count(side, Place::Start) == 0 {
                    return Err(MenError::CannotEnter {
                        why: "all your pieces have entered",
                    });
                }
                0
            }
            Mover::Piece(piece) => match (piece.side(), self.place(piece)) {
                (None, _) | (_, None) => return Err(MenError::NoSuchPiece { piece }),
                (Some(owner), _) if owner != side => return Err(MenError::NotYourPiece { piece }),
                (_, Some(Place::Start)) => {
                    return Err(MenError::CannotMove {
                        piece,
                        why: "has not entered yet: enter it instead",
                    });
                }
                (_, Some(Place::Off)) => {
                    return Err(MenError::CannotMove {
                        piece,
                        why: "has already left the board",
                    });
                }
                (_, Some(Place::Line(line))) => line,
            },
        };
        let to = Reach::from(from, score);
        let breaks_through = from > 0 && self.count(side, Place::Line(from)) >= 2;
        if !breaks_through && self.crosses_block(side, from, to) {
            return Err(match mover {
                Mover::Enter => MenError::CannotEnter {
                    why: "two or more opposing pieces on one line bar the way",
                },
                Mover::Piece(piece) => MenError::CannotMove {
                    piece,
                    why: "is barred by two or more opposing pieces on one line",
                },
            });
        }
        Ok(to)
    }

    /// Whether a move of `side` from its own line `from` (0: the start) to `to` crosses a
    /// board line holding two or more opposing pieces.
    fn crosses_block(&self, side: Side, from: u8, to: Reach) -> bool {
        let before_start = match side {
            Side::White => -1,
            Side::Black => i16::from(BOARD_LINES),
        };
        let start = if from == 0 {
            before_start
        } else {
            at_board(side, from)
        };
        let end = match to {
            Reach::Line(line) => at_board(side, line),
            Reach::Off => i16::from(BOARD_LINES) - 1 - before_start,
        };
        let (low, high) = (start.min(end), start.max(end));
        let opponent = side.opponent();
        (1..=LINES).any(|line| {
            let board = at_board(opponent, line);
            low < board && board < high && self.count(opponent, Place::Line(line)) >= 2
        })
    }

    fn make_move(
        &mut self,
        side: Side,
        mover: Mover,
        score: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), MenError> {
        let to = self.reach(side, mover, score)?;
        let piece = match mover {
            Mover::Enter => self
                .pieces(side)
                .find(|&p| self.place(p) == Some(Place::Start))
                .ok_or(MenError::CannotEnter {
                    why: "all your pieces have entered",
                })?,
            Mover::Piece(piece) => piece,
        };
        let from = match self.place(piece) {
            Some(Place::Line(line)) => line,
            _ => 0,
        };
        let place = match to {
            Reach::Line(line) => Place::Line(line),
            Reach::Off => Place::Off,
        };
        self.places[usize::from(piece.0)] = place;
        match (mover, to) {
            (Mover::Enter, Reach::Line(line)) => events.push(Event::Entered { piece, line }),
            _ => events.push(Event::Moved { piece, from, to }),
        }
        let trapped = match to {
            Reach::Line(line) => self.spring_traps(side, line, events),
            Reach::Off => false,
        };
        if self.count(side, Place::Off) == PIECES {
            let outcome = Outcome {
                winner: Some(side.team()),
                reason: Reason::AllOff,
            };
            self.phase = Phase::Over { outcome };
            events.push(Event::GameOver { outcome });
        } else if trapped {
            events.push(Event::SecondTurn { side });
            self.start_turn(side);
        } else {
            self.start_turn(side.opponent());
        }
        Ok(())
    }

    /// A piece of `side` has just landed on its own `line`: on each neighbouring board line,
    /// an opposing piece with a piece of `side` on its far side too goes back to the start
    /// (one piece per trap). Whether anything was trapped.
    fn spring_traps(&mut self, side: Side, line: u8, events: &mut Vec<Event>) -> bool {
        let opponent = side.opponent();
        let landed = at_board(side, line);
        let mut trapped = false;
        for neighbour in [landed - 1, landed + 1] {
            let beyond = 2 * neighbour - landed;
            let (Some(prey), Some(partner)) =
                (own_line(opponent, neighbour), own_line(side, beyond))
            else {
                continue;
            };
            if self.count(side, Place::Line(partner)) == 0 {
                continue;
            }
            let victim = self
                .pieces(opponent)
                .find(|&p| self.place(p) == Some(Place::Line(prey)));
            if let Some(piece) = victim {
                self.places[usize::from(piece.0)] = Place::Start;
                events.push(Event::Trapped { piece, line: prey });
                trapped = true;
            }
        }
        trapped
    }
}

fn at_board(side: Side, line: u8) -> i16 {
    i16::from(side.board_line(line))
}

/// `side`'s own line at board line `board`, when `board` is one of its lines.
fn own_line(side: Side, board: i16) -> Option<u8> {
    (1..=LINES).find(|&line| at_board(side, line) == board)
}
