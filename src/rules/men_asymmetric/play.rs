//! Moves and the end of the game: asymmetric Men as a [`Variant`] of the turn both Men rule
//! sets share. Every handler checks everything before it changes anything, so a refusal
//! leaves the game untouched.

use crate::fair::GameId;
use crate::rules::Outcome;
use crate::rules::men::{MenError, Mover, PIECES, PieceId, Reach, Round, Side, Variant};

use super::MenAsymmetric;
use super::action::{Action, Event, Landing, MenOutcome, Options, Reason};
use super::stacks::land;
use super::view::{MoveView, Place, View};

impl Variant for MenAsymmetric {
    const NAME: &'static str = "men-asymmetric";
    const TITLE: &'static str = "Men (asymmetric)";

    type Options = Options;
    type Action = Action;
    type Reason = Reason;
    type Event = Event;
    type View = View;
    type Move = MoveView;

    fn start(game: GameId) -> Self {
        MenAsymmetric::new(game)
    }

    fn round(&self) -> &Round<Reason> {
        &self.round
    }

    fn round_mut(&mut self) -> &mut Round<Reason> {
        &mut self.round
    }

    fn reach(&self, side: Side, mover: Mover, score: u8) -> Result<Reach, MenError> {
        self.route(side, mover, score).map(|(_, to)| to)
    }

    fn carry(
        &mut self,
        side: Side,
        mover: Mover,
        score: u8,
        events: &mut Vec<Event>,
    ) -> Result<bool, MenError> {
        let (from, to) = self.route(side, mover, score)?;
        let moving = match mover {
            Mover::Enter => {
                let piece = side
                    .pieces()
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
            Mover::Piece(piece) => {
                let to = Landing::of(side, to);
                events.push(Event::Moved { piece, from, to });
                std::mem::take(&mut self.stacks[usize::from(from - 1)])
            }
        };
        Ok(match to {
            Reach::Line(own) => self.land_on(side, side.narrow_line(own), &moving, events),
            Reach::Off => {
                self.finish(side, moving, events);
                false
            }
        })
    }

    /// The end of rule 15, once a side has nothing left to play; most points wins.
    fn ending(&self) -> Option<MenOutcome> {
        let reason = if Side::BOTH
            .iter()
            .any(|&s| self.count(s, Place::Captured) == PIECES)
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

    fn view(&self) -> View {
        MenAsymmetric::view(self)
    }

    fn show(side: Side, action: Action, to: Reach) -> MoveView {
        MoveView {
            action,
            to,
            lands_on: to.line().map(|own| side.narrow_line(own)),
        }
    }
}

impl MenAsymmetric {
    /// The narrow line `mover` leaves (0 from the start) and where `score` takes it, or
    /// why it cannot move.
    fn route(&self, side: Side, mover: Mover, score: u8) -> Result<(u8, Reach), MenError> {
        match mover {
            Mover::Enter if self.count(side, Place::Start) == 0 => Err(MenError::CannotEnter {
                why: "none of your pieces is waiting at the start",
            }),
            Mover::Enter => Ok((0, Reach::from(0, score))),
            Mover::Piece(piece) => {
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
}
