//! Kendall–Skiryuk Mehen (seed 001, Dmitriy Skiryuk's rules after Timothy Kendall): two to
//! six players race six balls each from the serpent's tail to the centre and back; the first
//! ball home earns its player a lion, which runs the same journey twice as fast and eats the
//! balls it lands on while heading back. `docs/rules/mehen-kendall-skiryuk.md` tells the
//! rules as implemented and every decision taken where the seed is unclear.
//!
//! The files: `options` (players, boards, sides), `piece` (ids and places), `action`
//! (actions, events, reasons), `error` (refusals), `track` (where a move lands), `turn`
//! (throws, moves, the end), `view` (what everybody sees), `rules` (the shared seam),
//! `positions` (a game from a described position, and the named ones).

mod action;
mod computer;
mod error;
mod options;
mod piece;
pub mod positions;
mod rules;
mod track;
mod turn;
mod view;

pub use action::{Action, Event, KendallOutcome, Reason};
pub use error::KendallError;
pub use options::{BALL_EXIT, BALLS, Board, LION_EXIT, Options, Players};
pub use piece::{Kind, PieceId, Place};
pub use view::{MoveView, PhaseView, PieceView, PlayerView, Secret, View};

use crate::fair::GameId;
use crate::rules::Seat;

use piece::Spot;

/// The most players a game has.
const SEATS: usize = Players::MAX as usize;

/// One game of Kendall–Skiryuk Mehen, from set-up to outcome. It is held in place, without
/// a vector to allocate, so the search copies a position cheaply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MehenKendall {
    options: Options,
    game: GameId,
    /// Every seat's player, the seats beyond the game's players never touched.
    players: [Player; SEATS],
    /// How many throws have been made.
    turn: u32,
    phase: Phase,
    lions_home: LionsHome,
    /// Whether every ball not home was already eaten when the first lion came home.
    all_eaten_at_first_home: bool,
}

/// What one player holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Player {
    balls: [Spot; BALLS as usize],
    /// `None` until the first ball comes home.
    lion: Option<Spot>,
    /// Saved ones, shared by the player's balls and lion.
    saved: u32,
    /// Opponents' balls this player's lion ate.
    eaten: u8,
}

/// Seats in the order their lions came home: each at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LionsHome {
    seats: [Seat; SEATS],
    count: u8,
}

impl LionsHome {
    const NONE: LionsHome = LionsHome {
        seats: [Seat(0); SEATS],
        count: 0,
    };

    fn seats(&self) -> &[Seat] {
        &self.seats[..usize::from(self.count)]
    }

    fn push(&mut self, seat: Seat) {
        if let Some(slot) = self.seats.get_mut(usize::from(self.count)) {
            *slot = seat;
            self.count += 1;
        }
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Throw {
        seat: Seat,
    },
    /// The seat threw `score` and chooses what to do with it.
    Choose {
        seat: Seat,
        score: u8,
    },
    Over {
        outcome: KendallOutcome,
    },
}

impl MehenKendall {
    pub fn new(options: Options, game: GameId) -> Self {
        let player = Player {
            balls: [Spot::Off; BALLS as usize],
            lion: None,
            saved: 0,
            eaten: 0,
        };
        MehenKendall {
            options,
            game,
            players: [player; SEATS],
            turn: 0,
            phase: Phase::Throw { seat: Seat(0) },
            lions_home: LionsHome::NONE,
            all_eaten_at_first_home: false,
        }
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn cells(&self) -> u16 {
        self.options.board.cells()
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.options.seats()).map(Seat)
    }

    /// Where a piece is; `None` for an unknown id or a lion not yet earned.
    pub fn place(&self, piece: PieceId) -> Option<Place> {
        self.spot(piece).map(|spot| spot.place(self.cells()))
    }

    pub fn saved(&self, seat: Seat) -> u32 {
        self.players()
            .get(usize::from(seat.0))
            .map_or(0, |p| p.saved)
    }

    /// Opponents' balls `seat`'s lion ate.
    pub fn eaten(&self, seat: Seat) -> u8 {
        self.players()
            .get(usize::from(seat.0))
            .map_or(0, |p| p.eaten)
    }

    /// How many of `seat`'s balls are at `place` (of the kinds off board, home or eaten, or
    /// on the track when `None`).
    pub fn count_balls(&self, seat: Seat, place: Option<Place>) -> u8 {
        let cells = self.cells();
        self.players().get(usize::from(seat.0)).map_or(0, |p| {
            p.balls
                .iter()
                .filter(|spot| match place {
                    None => spot.on_track(),
                    Some(place) => spot.place(cells) == place,
                })
                .count() as u8
        })
    }

    /// Seats in the order their lions came home.
    pub fn lions_home(&self) -> &[Seat] {
        self.lions_home.seats()
    }

    /// The players of this game, by seat.
    fn players(&self) -> &[Player] {
        &self.players[..usize::from(self.options.seats())]
    }

    fn players_mut(&mut self) -> &mut [Player] {
        &mut self.players[..usize::from(self.options.seats())]
    }

    fn spot(&self, piece: PieceId) -> Option<Spot> {
        let player = self.players().get(usize::from(piece.owner().0))?;
        match piece.kind() {
            Kind::Ball => player.balls.get(piece.index()).copied(),
            Kind::Lion => player.lion,
        }
    }

    fn set_spot(&mut self, piece: PieceId, spot: Spot) {
        if let Some(player) = self.players_mut().get_mut(usize::from(piece.owner().0)) {
            match piece.kind() {
                Kind::Ball => {
                    if let Some(ball) = player.balls.get_mut(piece.index()) {
                        *ball = spot;
                    }
                }
                Kind::Lion => player.lion = Some(spot),
            }
        }
    }

    fn player_mut(&mut self, seat: Seat) -> Option<&mut Player> {
        self.players_mut().get_mut(usize::from(seat.0))
    }

    /// Every piece on the board or off it, by id, lions once earned.
    fn pieces(&self) -> impl Iterator<Item = (PieceId, Spot)> + '_ {
        self.seats()
            .flat_map(move |seat| self.ids(seat))
            .filter_map(|id| self.spot(id).map(|spot| (id, spot)))
    }

    /// The ids of `seat`'s six balls and its lion.
    fn ids(&self, seat: Seat) -> impl Iterator<Item = PieceId> + use<> {
        (0..BALLS)
            .map(move |index| PieceId::ball(seat, index))
            .chain([PieceId::lion(seat)])
    }

    /// The piece on a track cell outside the centre, if any.
    /// (Read from the players' spots directly: the search asks this for every move it weighs.)
    fn occupant(&self, cell: u16) -> Option<PieceId> {
        let cells = self.cells();
        if cell >= cells {
            return None;
        }
        let (inward, outward) = (Spot::Track(cell), Spot::Track(2 * cells - cell));
        let here = |spot: &Spot| *spot == inward || *spot == outward;
        self.players().iter().zip(0u8..).find_map(|(player, seat)| {
            let seat = Seat(seat);
            match player.balls.iter().position(here) {
                Some(index) => Some(PieceId::ball(seat, index as u8)),
                None => player.lion.filter(here).map(|_| PieceId::lion(seat)),
            }
        })
    }
}

#[cfg(test)]
mod computer_tests;
#[cfg(test)]
mod tests;
