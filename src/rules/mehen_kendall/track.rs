//! Where a move lands: exact entry to the centre, the fee for leaving it, swaps and eating.

use crate::rules::Seat;

use super::error::KendallError;
use super::options::{BALL_EXIT, LION_EXIT};
use super::piece::{Kind, PieceId, Place, Spot};
use super::{MehenKendall, Phase};

/// What a move of one piece by one throw does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Landing {
    pub from: Spot,
    pub to: Spot,
    /// Saved ones the move spends.
    pub spend: u32,
    pub target: Target,
}

/// What the mover finds where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    Empty,
    /// An opponent's piece, which takes the mover's cell (the centre, when the mover
    /// leaves it: there the piece owes the saved ones any piece there owes to leave).
    Swap(PieceId),
    /// An opponent's ball, eaten by a lion heading home.
    Eat(PieceId),
}

impl MehenKendall {
    /// Where `piece` lands on a throw of `score`, or why it cannot move.
    pub(super) fn landing(&self, piece: PieceId, score: u8) -> Result<Landing, KendallError> {
        let cells = self.cells();
        let from = self
            .spot(piece)
            .ok_or(KendallError::NoSuchPiece { piece })?;
        let Spot::Track(at) = from else {
            let place = match from {
                Spot::Off => "it waits off the board and enters on a 1",
                Spot::Home => "it is home",
                _ => "it was eaten",
            };
            return Err(KendallError::NotOnTrack { piece, place });
        };
        if score == 1 {
            return Err(KendallError::OneMovesNothing);
        }
        let lion = piece.kind() == Kind::Lion;
        let steps = u16::from(score) * if lion { 2 } else { 1 };
        let saved = self.saved(piece.owner());
        let (to, spend) = if at < cells {
            let reach = at + steps;
            let over = u32::from(reach.saturating_sub(cells));
            if over > saved {
                return Err(KendallError::OverScore { over, saved });
            }
            (Spot::Track(reach.min(cells)), over)
        } else {
            let fee = match (at == cells, lion) {
                (false, _) => 0,
                (true, false) => BALL_EXIT,
                (true, true) => LION_EXIT,
            };
            if fee > saved {
                return Err(KendallError::ExitFee { need: fee, saved });
            }
            let reach = at + steps;
            let to = if reach >= 2 * cells {
                Spot::Home
            } else {
                Spot::Track(reach)
            };
            (to, fee)
        };
        let target = match to.cell(cells).and_then(|cell| self.occupant(cell)) {
            None => Target::Empty,
            Some(other) => {
                let cell = to.cell(cells).unwrap_or(0);
                if other.owner() == piece.owner() {
                    return Err(KendallError::OwnPiece { cell });
                }
                let outward = matches!(to.place(cells), Place::Outward { .. });
                if lion && outward && other.kind() == Kind::Ball {
                    Target::Eat(other)
                } else {
                    Target::Swap(other)
                }
            }
        };
        Ok(Landing {
            from,
            to,
            spend,
            target,
        })
    }

    /// Why `seat` may not enter the next ball on a 1, if it may not.
    pub(super) fn ball_entry(&self, seat: Seat) -> Result<PieceId, KendallError> {
        let player = self
            .players()
            .get(usize::from(seat.0))
            .ok_or(KendallError::NoSuchSeat { seat })?;
        if player.lion == Some(Spot::Home) {
            return Err(KendallError::LionHome);
        }
        let index = player
            .balls
            .iter()
            .position(|spot| *spot == Spot::Off)
            .ok_or(KendallError::NoBallOffBoard)?;
        self.entry_free()?;
        Ok(PieceId::ball(seat, index as u8))
    }

    /// Why `seat`'s lion may not enter on a 1, if it may not.
    pub(super) fn lion_entry(&self, seat: Seat) -> Result<PieceId, KendallError> {
        let player = self
            .players()
            .get(usize::from(seat.0))
            .ok_or(KendallError::NoSuchSeat { seat })?;
        if player.lion != Some(Spot::Off) {
            return Err(KendallError::NoLionWaiting);
        }
        self.entry_free()?;
        Ok(PieceId::lion(seat))
    }

    fn entry_free(&self) -> Result<(), KendallError> {
        match self.occupant(1) {
            Some(_) => Err(KendallError::EntryTaken),
            None => Ok(()),
        }
    }

    /// The pieces the chooser may move now, with where each lands.
    pub(super) fn moves(&self) -> impl Iterator<Item = (PieceId, Landing)> + '_ {
        let choice = match self.phase {
            Phase::Choose { seat, score } => Some((seat, score)),
            _ => None,
        };
        choice.into_iter().flat_map(move |(seat, score)| {
            self.ids(seat)
                .filter_map(move |piece| Some((piece, self.landing(piece, score).ok()?)))
        })
    }
}
