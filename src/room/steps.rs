//! The steps the room supplies to the rules, through the one place that supplies steps
//! (`rules::steps`): a server-mode concealment under a nonce from the room's chance, the
//! reveal of that concealment, and the throw that is due, made from the seats' links.

use crate::fair::Nonce;
use crate::fair::throw::ThrowProof;
use crate::rules::steps::{self, Held};
use crate::rules::{Awaiting, Move, Refusal, RefusalKind, Seat, Step};

use super::Room;

impl Room {
    /// `seat`'s concealment of `number`, committed under a fresh nonce, and what the room
    /// keeps until the reveal.
    pub(super) fn conceal(&mut self, seat: Seat, number: u8) -> (Move, Held) {
        let game = self.saved.game.game();
        let turn = steps::concealment_turn(self.saved.game.awaiting(), game.turn());
        let nonce = Nonce::from_bytes(self.chance.bytes());
        let (step, held) = steps::conceal(&game.game_id(), turn, seat, number, nonce);
        (Move::Step(step), held)
    }

    /// The reveal of the room's own concealment, once the game awaits it: its concealer and
    /// the step.
    pub(super) fn reveal(&mut self) -> Option<(Seat, Move)> {
        let Awaiting::Reveal { seat, .. } = *self.saved.game.awaiting() else {
            return None;
        };
        let held = self.held.take()?;
        Some((seat, Move::Step(held.reveal())))
    }

    /// The throw that is due, made from the links gathered for it, and its proof.
    pub(super) fn throw(&self) -> Result<(Move, ThrowProof), Refusal> {
        let proof = self
            .throws
            .proof(&self.saved.game.game().game_id())
            .ok_or_else(|| Refusal::new(RefusalKind::WrongPhase, "no throw is due"))?;
        Ok((Move::Step(Step::Throw { faces: proof.faces }), proof))
    }
}
