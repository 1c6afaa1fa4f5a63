//! One replay for every use: restoring a game after a restart, verifying an audit bundle,
//! the replay page and the tests all rebuild a game from its options, its id and its
//! actions here, and nowhere else.

use thiserror::Error;

use crate::fair::GameId;

use super::{Awaiting, Refusal, Rules, Seat};

/// A game rebuilt from its log, with what each action met and caused.
#[derive(Clone, Debug)]
pub struct Replayed<G: Rules> {
    pub game: G,
    pub steps: Vec<ReplayStep<G::Event>>,
}

/// One action of a replay: what the game awaited when it came, and the events it caused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayStep<E> {
    pub awaiting: Awaiting,
    pub turn: u32,
    pub events: Vec<E>,
}

/// The action at `index` (counted from 0 among those replayed) was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("action {index} does not replay: {refusal}")]
pub struct ReplayError {
    pub index: usize,
    pub refusal: Refusal,
}

/// Plays `actions` in order on a new game of `options` and `id`.
pub fn replay<'a, G: Rules>(
    options: &G::Options,
    id: GameId,
    actions: impl IntoIterator<Item = (Seat, &'a G::Action)>,
) -> Result<Replayed<G>, ReplayError> {
    let mut game = G::new(options, id);
    let mut steps = Vec::new();
    for (index, (seat, action)) in actions.into_iter().enumerate() {
        let awaiting = game.awaiting();
        let turn = game.turn();
        let events = game
            .apply(seat, action)
            .map_err(|refusal| ReplayError { index, refusal })?;
        steps.push(ReplayStep {
            awaiting,
            turn,
            events,
        });
    }
    Ok(Replayed { game, steps })
}

impl<G: Rules> Replayed<G> {
    /// The index of the concealment whose commitment is still open (awaiting its guess or
    /// its reveal) at the end of the replay.
    pub fn open_concealment(&self) -> Option<usize> {
        let open = matches!(
            self.game.awaiting(),
            Awaiting::Guess { .. } | Awaiting::Reveal { .. }
        );
        if !open {
            return None;
        }
        self.steps
            .iter()
            .rposition(|step| matches!(step.awaiting, Awaiting::Conceal { .. }))
    }
}
