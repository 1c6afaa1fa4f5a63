//! The thirty squares, the ten pieces on them, and where a throw can carry a piece.
//!
//! Squares are numbered 1 to 30 along the inverted S, so the track is one straight line of
//! numbers: square `n` and `n + 1` are neighbours, across the turns of the rows too.

use schemars::JsonSchema;
use serde::Serialize;
use thiserror::Error;

use crate::rules::Seat;

use super::action::{Event, PieceId};
use super::opponent;

/// The last square of the board.
pub const SQUARES: u8 = 30;
/// Pieces per player.
pub const PIECES: u8 = 5;
/// The House of Rebirth, where a drowned piece returns.
pub const HOUSE_OF_REBIRTH: u8 = 15;
/// The House of Beauty: every piece stops here before going further.
pub const HOUSE_OF_BEAUTY: u8 = 26;
/// The House of Water: a piece that stops here drowns.
pub const HOUSE_OF_WATER: u8 = 27;
/// One square past 30: landing here takes a piece off the board.
const OFF_THE_BOARD: u8 = SQUARES + 1;

/// Which square each piece stands on, by id; `None` once it has left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    squares: [Option<u8>; 2 * PIECES as usize],
}

/// Where a move ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Landing {
    /// On `square`, bumping the lone enemy piece `swaps` back to the square left.
    Square { square: u8, swaps: Option<PieceId> },
    /// On the House of Water, and from there back to `rebirth`.
    Drowns { rebirth: u8 },
    /// Off the board.
    Leaves,
}

/// One legal move of the current throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Plan {
    pub piece: PieceId,
    pub from: u8,
    pub landing: Landing,
}

/// Why a piece cannot use a throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Blocked {
    #[error("it has already left the board")]
    AlreadyOff,
    #[error("every piece must stop on the House of Beauty (26) before going further")]
    MustStopOnBeauty,
    #[error("it would overshoot: a piece leaves only by landing exactly one square past 30")]
    Overshoot,
    #[error("three enemy pieces in a row form a blockade it can neither land on nor pass")]
    Blockade,
    #[error("the enemy piece there is defended by a neighbour of its own side")]
    Defended,
    #[error("your own piece already stands there")]
    OwnPiece,
}

impl Board {
    /// The opening: the pieces alternate on the first ten squares, Spools on the odd squares
    /// and Cones on the even ones, so the Cones' leading piece stands on 10.
    pub fn start() -> Self {
        let mut squares = [None; 2 * PIECES as usize];
        for (index, square) in squares.iter_mut().enumerate() {
            let rank = (index % usize::from(PIECES)) as u8;
            let cones = index < usize::from(PIECES);
            *square = Some(2 * rank + if cones { 2 } else { 1 });
        }
        Board { squares }
    }

    /// A board with each piece on the square given by id (`None`: off the board), as a view
    /// shows it.
    pub const fn from_squares(squares: [Option<u8>; 2 * PIECES as usize]) -> Self {
        Board { squares }
    }

    /// A position for tests: the Cones' pieces on `cones`, the Spools' on `spools`, in id
    /// order; pieces not listed have left the board.
    #[cfg(test)]
    pub fn with(cones: &[u8], spools: &[u8]) -> Self {
        let mut squares = [None; 2 * PIECES as usize];
        for (seat, list) in [cones, spools].into_iter().enumerate() {
            let slots = squares.iter_mut().skip(seat * usize::from(PIECES));
            for (slot, &square) in slots.zip(list) {
                *slot = Some(square);
            }
        }
        Board { squares }
    }

    /// The seat a piece belongs to, or `None` for an id beyond the ten pieces.
    pub fn owner(piece: PieceId) -> Option<Seat> {
        (piece.0 < 2 * PIECES).then_some(Seat(piece.0 / PIECES))
    }

    /// The pieces of `seat`, in id order.
    pub fn pieces_of(seat: Seat) -> impl Iterator<Item = PieceId> {
        (0..2 * PIECES)
            .map(PieceId)
            .filter(move |&piece| Board::owner(piece) == Some(seat))
    }

    /// Every piece with its square (`None` once off), in id order.
    pub fn pieces(&self) -> impl Iterator<Item = (PieceId, Option<u8>)> + '_ {
        (0u8..).map(PieceId).zip(self.squares.iter().copied())
    }

    pub fn square_of(&self, piece: PieceId) -> Option<u8> {
        self.squares.get(usize::from(piece.0)).copied().flatten()
    }

    pub fn occupant(&self, square: u8) -> Option<PieceId> {
        self.pieces()
            .find(|&(_, at)| at == Some(square))
            .map(|(piece, _)| piece)
    }

    /// How many of `seat`'s pieces have left the board.
    pub fn off(&self, seat: Seat) -> u8 {
        Board::pieces_of(seat)
            .filter(|&piece| self.square_of(piece).is_none())
            .count() as u8
    }

    fn holds(&self, seat: Seat, square: u8) -> bool {
        self.occupant(square).and_then(Board::owner) == Some(seat)
    }

    /// Whether the piece on `square` has a piece of its own side on a neighbouring square.
    pub fn defended(&self, square: u8) -> bool {
        self.occupant(square)
            .and_then(Board::owner)
            .is_some_and(|seat| {
                self.holds(seat, square.saturating_sub(1)) || self.holds(seat, square + 1)
            })
    }

    /// Whether `square` is one of three consecutive squares all held by `seat`.
    pub fn in_blockade(&self, seat: Seat, square: u8) -> bool {
        (square.saturating_sub(2)..=square)
            .filter(|&first| first >= 1)
            .any(|first| (first..first + 3).all(|at| self.holds(seat, at)))
    }

    /// Where `score` carries `piece`, or why it cannot.
    pub fn plan(&self, piece: PieceId, score: u8) -> Result<Plan, Blocked> {
        let (Some(seat), Some(from)) = (Board::owner(piece), self.square_of(piece)) else {
            return Err(Blocked::AlreadyOff);
        };
        let enemy = opponent(seat);
        let to = from + score;
        if from < HOUSE_OF_BEAUTY && to > HOUSE_OF_BEAUTY {
            return Err(Blocked::MustStopOnBeauty);
        }
        if to > OFF_THE_BOARD {
            return Err(Blocked::Overshoot);
        }
        if (from + 1..to).any(|passed| self.in_blockade(enemy, passed)) {
            return Err(Blocked::Blockade);
        }
        let landing = match (to, self.occupant(to)) {
            (OFF_THE_BOARD, _) => Landing::Leaves,
            (HOUSE_OF_WATER, _) => Landing::Drowns {
                rebirth: self.rebirth_square(piece),
            },
            (square, None) => Landing::Square {
                square,
                swaps: None,
            },
            (_, Some(other)) if Board::owner(other) == Some(seat) => return Err(Blocked::OwnPiece),
            (square, Some(_)) if self.in_blockade(enemy, square) => return Err(Blocked::Blockade),
            (square, Some(_)) if self.defended(square) => return Err(Blocked::Defended),
            (square, Some(other)) => Landing::Square {
                square,
                swaps: Some(other),
            },
        };
        Ok(Plan {
            piece,
            from,
            landing,
        })
    }

    /// Every legal move of `seat` with `score`, in id order.
    pub fn plans(&self, seat: Seat, score: u8) -> Vec<Plan> {
        Board::pieces_of(seat)
            .filter_map(|piece| self.plan(piece, score).ok())
            .collect()
    }

    /// The House of Rebirth, or the lowest-numbered free square when another piece holds it.
    /// The drowning piece's own square counts as free: it is leaving it.
    fn rebirth_square(&self, drowning: PieceId) -> u8 {
        let free = |square: u8| self.occupant(square).is_none_or(|piece| piece == drowning);
        if free(HOUSE_OF_REBIRTH) {
            return HOUSE_OF_REBIRTH;
        }
        (1..=SQUARES)
            .find(|&square| free(square))
            .unwrap_or(HOUSE_OF_REBIRTH)
    }

    /// Carries out a plan made on this board, saying what happened.
    pub fn carry_out(&mut self, plan: Plan, events: &mut Vec<Event>) {
        let Plan {
            piece,
            from,
            landing,
        } = plan;
        let Some(seat) = Board::owner(piece) else {
            return;
        };
        let moved = |to| Event::Moved {
            piece,
            seat,
            from,
            to,
        };
        match landing {
            Landing::Square { square, swaps } => {
                self.place(piece, Some(square));
                events.push(moved(square));
                if let Some((other, owner)) = swaps.and_then(|o| Some((o, Board::owner(o)?))) {
                    self.place(other, Some(from));
                    events.push(Event::Swapped {
                        piece: other,
                        owner,
                        from: square,
                        to: from,
                    });
                }
            }
            Landing::Drowns { rebirth } => {
                self.place(piece, Some(rebirth));
                events.push(moved(HOUSE_OF_WATER));
                events.push(Event::Drowned {
                    piece,
                    seat,
                    to: rebirth,
                });
            }
            Landing::Leaves => {
                self.place(piece, None);
                events.push(Event::LeftBoard { piece, seat, from });
            }
        }
    }

    fn place(&mut self, piece: PieceId, square: Option<u8>) {
        if let Some(slot) = self.squares.get_mut(usize::from(piece.0)) {
            *slot = square;
        }
    }
}
