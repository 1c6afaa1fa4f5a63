//! Edgar San Martin Jr.'s Mehen: the duel (Carnelian against Lapis) and the six-player team
//! game (Lions against Lionesses), on the compact (49) or extended (127) serpent.
//!
//! A turn runs through phases: the team to move chooses its actor (six-player only), the
//! actor conceals a number as a commitment, the other side guesses, the actor reveals, and
//! after a wrong guess the actor takes one action. `docs/rules/mehen-san-martin.md` tells the
//! rules as implemented and every decision taken where the seed is silent.
//!
//! The files: `config` (modes, boards, seats), `action` (actions and events), `error`
//! (refusals), `turn` (phases and who acts next), `serpent` (marbles, movement, capture),
//! `view` (what each viewer sees), `rules` (the shared seam), `positions` (a duel from a
//! described position, and the named ones). The concealed-number exchange
//! itself (range, commitment, guess, reveal) is `rules::guessing`, shared with Pharaohs and
//! lions Mehen.

mod action;
mod computer;
mod config;
mod error;
pub mod positions;
mod rules;
mod serpent;
mod turn;
mod view;

pub use action::{Action, Event, MarbleId, MehenOutcome, WinReason};
pub use config::{Board, Config, MARBLES, Mode};
pub use error::MehenError;
pub use serpent::Marble;
pub use turn::Phase;
pub use view::{ActOption, Hand, PhaseView, PlayerView, RoundView, View};

use crate::fair::GameId;
use crate::rules::guessing::{GuessingGame, TurnError};
use crate::rules::{Seat, Team};

/// One game of San Martin Mehen, from set-up to outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mehen {
    config: Config,
    game: GameId,
    players: Vec<Player>,
    /// Marbles on the serpent, finished ones included, in order of entry.
    marbles: Vec<Marble>,
    next_marble: u32,
    /// How many turns have begun; the current turn's number in commitments.
    turn: u32,
    round: Round,
    phase: Phase,
}

/// What a player holds besides marbles on the serpent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Player {
    /// Standing lions. In the six-player game 0 means frozen.
    lions: u8,
    /// Marbles given up for good when a teammate first finished (six-player).
    lost: u8,
}

/// The six-player round: six team opportunities, each player acting at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Round {
    number: u32,
    /// 0 to 5; even opportunities are the Lions', odd ones the Lionesses'.
    opportunity: u8,
    /// Bit `s` is set once seat `s` has acted this round.
    acted: u8,
}

impl Mehen {
    /// A new game, ready for its first turn. `game` binds every commitment to this game.
    pub fn new(config: Config, game: GameId) -> Self {
        let lions = config.mode.lions();
        let mut mehen = Mehen {
            config,
            game,
            players: vec![Player { lions, lost: 0 }; usize::from(config.mode.seats())],
            marbles: Vec::new(),
            next_marble: 0,
            turn: 0,
            round: Round {
                number: 1,
                opportunity: 0,
                acted: 0,
            },
            phase: Phase::Conceal { actor: Seat(0) },
        };
        // The opening is fully determined, so its events say nothing a view does not.
        let mut opening = Vec::new();
        match config.mode {
            Mode::Duel => mehen.start_turn(Seat(0), &mut opening),
            Mode::Teams => mehen.open_opportunity(&mut opening),
        }
        mehen
    }

    /// Carries out `action` for `seat`. On a refusal nothing changes.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, MehenError> {
        if seat.0 >= self.config.mode.seats() {
            return Err(TurnError::NoSuchSeat { seat }.into());
        }
        let mut events = Vec::new();
        match action {
            Action::Choose { seat: chosen } => self.choose(seat, chosen, &mut events)?,
            Action::Conceal { commitment, hand } => {
                self.conceal(seat, commitment, hand, &mut events)?
            }
            Action::Guess { number } => self.guess(seat, number, &mut events)?,
            Action::Reveal { number, nonce } => self.reveal(seat, number, nonce, &mut events)?,
            Action::Withhold => self.withhold(seat, &mut events)?,
            Action::Advance { marble } => self.advance(seat, marble, &mut events)?,
            Action::Deploy => self.deploy(seat, &mut events)?,
            Action::Recover => self.recover(seat, &mut events)?,
            Action::Revive { seat: frozen } => self.revive(seat, frozen, &mut events)?,
        }
        Ok(events)
    }

    pub fn config(&self) -> Config {
        self.config
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Marbles on the serpent, finished ones included, in order of entry.
    pub fn marbles(&self) -> &[Marble] {
        &self.marbles
    }

    pub fn team_of(&self, seat: Seat) -> Team {
        self.config.mode.team_of(seat)
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.config.mode.seats()).map(Seat)
    }

    /// Standing lions of `seat` (six-player: 1, or 0 when frozen).
    pub fn lions(&self, seat: Seat) -> u8 {
        self.player(seat).lions
    }

    pub fn is_frozen(&self, seat: Seat) -> bool {
        self.config.mode == Mode::Teams && self.player(seat).lions == 0
    }

    /// Marbles `seat` has given up for good.
    pub fn lost(&self, seat: Seat) -> u8 {
        self.player(seat).lost
    }

    /// Marbles in `seat`'s pile: the most it may conceal, and so the range of the guess.
    pub fn reserve(&self, seat: Seat) -> u8 {
        MARBLES - self.on_serpent(seat) - self.player(seat).lost
    }

    fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat.0)]
    }

    fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[usize::from(seat.0)]
    }
}

#[cfg(test)]
mod tests;
