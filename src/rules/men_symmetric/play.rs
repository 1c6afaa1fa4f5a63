//! Moves, blocks and traps: symmetric Men as a [`Variant`] of the turn both Men rule sets
//! share. Every handler checks everything before it changes anything, so a refusal leaves
//! the game untouched.

use crate::fair::GameId;
use crate::rules::Outcome;
use crate::rules::men::{BOARD_LINES, LINES, MenError, Mover, PIECES, Reach, Round, Side, Variant};

use super::MenSymmetric;
use super::action::{Action, Event, MenOutcome, Options, Reason};
use super::view::{MoveView, Place, View};

impl Variant for MenSymmetric {
    const NAME: &'static str = "men-symmetric";
    const TITLE: &'static str = "Men (symmetric)";

    type Options = Options;
    type Action = Action;
    type Reason = Reason;
    type Event = Event;
    type View = View;
    type Move = MoveView;

    fn start(game: GameId) -> Self {
        MenSymmetric::new(game)
    }

    fn round(&self) -> &Round<Reason> {
        &self.round
    }

    fn round_mut(&mut self) -> &mut Round<Reason> {
        &mut self.round
    }

    /// Where `mover` lands by `score`, or why it cannot move.
    fn reach(&self, side: Side, mover: Mover, score: u8) -> Result<Reach, MenError> {
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
        let leaves_own_block = from > 0 && self.count(side, Place::Line(from)) >= 2;
        if self.crosses_block(side, from, to)
            && (!leaves_own_block || self.throw_has_open_use(side, score))
        {
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

    fn carry(
        &mut self,
        side: Side,
        mover: Mover,
        score: u8,
        events: &mut Vec<Event>,
    ) -> Result<bool, MenError> {
        let to = self.reach(side, mover, score)?;
        let piece = match mover {
            Mover::Enter => side
                .pieces()
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
        Ok(match to {
            Reach::Line(line) => self.spring_traps(side, line, events),
            Reach::Off => false,
        })
    }

    /// The first side to move all its pieces off wins.
    fn ending(&self) -> Option<MenOutcome> {
        let winner = Side::BOTH
            .into_iter()
            .find(|&side| self.count(side, Place::Off) == PIECES)?;
        Some(Outcome {
            winner: Some(winner.team()),
            reason: Reason::AllOff,
        })
    }

    fn view(&self) -> View {
        MenSymmetric::view(self)
    }

    fn show(side: Side, action: Action, to: Reach) -> MoveView {
        MoveView {
            action,
            to,
            board_line: to.line().map(|line| side.board_line(line)),
        }
    }
}

impl MenSymmetric {
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

    /// Whether some piece of `side` (entering, or on the board) can move by `score` without
    /// crossing an opposing block: only when none can may a piece leave its own block
    /// across one, so that facing blocks never stop the game for good.
    fn throw_has_open_use(&self, side: Side, score: u8) -> bool {
        let entering = (self.count(side, Place::Start) > 0).then_some(0);
        let on_board = (1..=LINES).filter(|&line| self.count(side, Place::Line(line)) > 0);
        entering
            .into_iter()
            .chain(on_board)
            .any(|from| !self.crosses_block(side, from, Reach::from(from, score)))
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
            let victim = opponent
                .pieces()
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
