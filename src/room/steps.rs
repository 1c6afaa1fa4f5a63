//! The steps the room itself supplies to the rules: a server-mode concealment (its
//! commitment, with a nonce from the room's chance), the reveal of that concealment, the
//! throw that is due, and the move made for an absent player.

use crate::fair::throw::ThrowProof;
use crate::fair::{Commitment, Nonce};
use crate::rules::computer::{Chance, Decision, Strength};
use crate::rules::{Awaiting, Concealed, Game, Move, Refusal, RefusalKind, Seat, Step};

use super::Room;
use super::play::Asked;

impl Room {
    /// `seat`'s concealment of `number`, committed with a fresh nonce, and the hand and
    /// nonce the room keeps until the reveal.
    pub(super) fn conceal(&mut self, seat: Seat, number: u8) -> (Move, (Concealed, Nonce)) {
        let turn = match self.saved.game.awaiting() {
            Awaiting::Conceal { turn, .. } => turn,
            _ => self.saved.game.turn(),
        };
        let nonce = Nonce::from_bytes(self.chance.bytes());
        let commitment = Commitment::new(&self.saved.game.game_id(), turn, seat.0, &nonce, number);
        let hand = Concealed::new(number);
        let step = Step::Conceal {
            commitment,
            hand: Some(hand),
        };
        (Move::Step(step), (hand, nonce))
    }

    /// The reveal of the room's own concealment, once the game awaits it: its concealer and
    /// the step.
    pub(super) fn reveal(&mut self) -> Option<(Seat, Move)> {
        let Awaiting::Reveal { seat, .. } = self.saved.game.awaiting() else {
            return None;
        };
        let (hand, nonce) = self.held.take()?;
        let step = Step::Reveal {
            number: hand.expose(),
            nonce,
        };
        Some((seat, Move::Step(step)))
    }

    /// The throw that is due, made from the links gathered for it, and its proof.
    pub(super) fn throw(&self) -> Result<(Move, ThrowProof), Refusal> {
        let proof = self
            .throws
            .proof(&self.saved.game.game_id())
            .ok_or_else(|| Refusal::new(RefusalKind::WrongPhase, "no throw is due"))?;
        Ok((Move::Step(Step::Throw { faces: proof.faces }), proof))
    }
}

/// The move made for an absent player: what an easy computer player at that seat would do
/// (a number to conceal, an action, a guess), a withheld reveal (which counts as a correct
/// guess), and the throw that is due, without the absent thrower's link.
pub fn default_move(chance: &mut dyn Chance, game: &Game) -> Option<(Seat, Asked)> {
    let awaiting = game.awaiting();
    match awaiting {
        Awaiting::Over => None,
        Awaiting::Throw { seat, .. } => Some((seat, Asked::Throw)),
        Awaiting::Reveal { seat, .. } => Some((seat, Asked::Play(Move::Step(Step::Withhold)))),
        Awaiting::Conceal { .. } | Awaiting::Action { .. } | Awaiting::Guess { .. } => {
            awaiting.seats().into_iter().find_map(|seat| {
                let asked = match game.decide(seat, Strength::Easy, chance)? {
                    Decision::Conceal(number) => Asked::Conceal(number),
                    Decision::Play(action) | Decision::Guess { action, .. } => {
                        Asked::Play(Move::Action(action))
                    }
                };
                Some((seat, asked))
            })
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::{Commitment, GameId, Nonce};
    use crate::rules::Concealed;
    use crate::rules::examples::every_setup;
    use crate::rules::random::SplitMix64;

    /// Default moves alone play a whole game of every preset of every rule set to its end,
    /// with throws the test makes. Reveals are made as the room makes them in server mode,
    /// but one in four is the default move, withheld, as for an absent trustless concealer.
    #[test]
    fn default_moves_finish_every_game() {
        for setup in every_setup() {
            let game_id = GameId([1; 16]);
            let mut game = setup.start(game_id);
            let mut chance = SplitMix64::new(7);
            let mut held = None;
            for _ in 0..100_000 {
                let Some((seat, asked)) = default_move(&mut chance, &game) else {
                    break;
                };
                let chosen = match (asked, game.awaiting()) {
                    (Asked::Conceal(number), Awaiting::Conceal { min, max, turn, .. }) => {
                        assert!((min..=max).contains(&number));
                        let nonce = Nonce::random();
                        held = Some((number, nonce));
                        Move::Step(Step::Conceal {
                            commitment: Commitment::new(&game_id, turn, seat.0, &nonce, number),
                            hand: Some(Concealed::new(number)),
                        })
                    }
                    (Asked::Throw, Awaiting::Throw { sticks, .. }) => Move::Step(Step::Throw {
                        faces: sticks.faces(chance.next_u64()),
                    }),
                    (Asked::Play(withheld), Awaiting::Reveal { .. }) => match held.take() {
                        Some((number, nonce)) if !chance.next_u64().is_multiple_of(4) => {
                            Move::Step(Step::Reveal { number, nonce })
                        }
                        _ => withheld,
                    },
                    (Asked::Play(chosen), _) => chosen,
                    (asked, awaiting) => panic!("{asked:?} while the game awaits {awaiting:?}"),
                };
                game.play(seat, &chosen).unwrap();
            }
            assert!(game.is_over(), "{setup:?} did not end");
        }
    }
}
