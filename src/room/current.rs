//! The room's game and what it awaits, asked of the rules once each time the game changes
//! (a move played, a new game, a restore) rather than by everyone who reads it.

use crate::rules::replay::Replays;
use crate::rules::{Awaiting, Game, Move, Played, Refusal, Seat};

/// A game and what it awaits now.
#[derive(Debug)]
pub struct Current {
    game: Game,
    awaiting: Awaiting,
}

impl Current {
    pub fn new(game: Game) -> Current {
        let awaiting = game.awaiting();
        Current { game, awaiting }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn awaiting(&self) -> &Awaiting {
        &self.awaiting
    }

    pub fn is_over(&self) -> bool {
        self.awaiting == Awaiting::Over
    }
}

/// The room plays its moves through the one replay's `play`, which reads what the game
/// awaited before each move from here.
impl Replays for Current {
    type Action = Move;
    type Caused = Played;

    fn standing(&self) -> (Awaiting, u32) {
        (self.awaiting.clone(), self.game.turn())
    }

    fn play_action(&mut self, seat: Seat, chosen: &Move) -> Result<Played, Refusal> {
        let played = self.game.play(seat, chosen)?;
        self.awaiting = self.game.awaiting();
        Ok(played)
    }
}
