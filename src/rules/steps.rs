//! The one place that supplies steps: the moves whose values come from outside the rules.
//! A concealment commits to a number under a nonce, a reveal opens what was concealed, a
//! throw is how the sticks fell, and a stand-in plays for an absent player. The randomness
//! arrives as data (a [`Source`], a nonce, a [`Chance`]), so whoever supplies steps (the
//! room, the random player, the arena, the fuzz target) stays deterministic.
//!
//! A move has one name at each layer:
//! - **Action**: a rule set's own move, one of its `legal_actions` (`Rules::Action`; in JSON
//!   for [`Game`]);
//! - **[`Step`]**: a move whose value is supplied: a concealment, a reveal, a withheld
//!   reveal, a throw;
//! - **[`Move`]**: an action or a step, for any game: what [`Game::play`] takes;
//! - **[`Decision`]**: what a computer player chooses: an action, a number to conceal, a
//!   guess;
//! - **[`Asked`]**: a move before its values are supplied, as a client, a stand-in or a
//!   computer player asks for it;
//! - **[`Played`](super::Played)**: an accepted move and its events, as the journal keeps it.

use serde_json::Value;

use crate::fair::{Commitment, GameId, Nonce};

use super::computer::{Chance, Decision, Strength};
use super::random::SplitMix64;
use super::{Awaiting, Concealed, Game, Move, Seat, Step};

/// A move before its values are supplied. `Debug` shows a number to conceal, so an `Asked`
/// is never logged.
#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    /// Conceal this number: the supplier draws a nonce, commits to the number on the
    /// concealer's behalf and keeps both until the reveal.
    Conceal(u8),
    /// The throw that is due, made by the supplier.
    Throw,
    /// Any other move, handed to the rules as it is.
    Play(Move),
}

impl From<Decision<Value>> for Asked {
    fn from(decision: Decision<Value>) -> Self {
        match decision {
            Decision::Conceal(number) => Asked::Conceal(number),
            Decision::Play(action) | Decision::Guess { action, .. } => {
                Asked::Play(Move::Action(action))
            }
        }
    }
}

/// Where the values of supplied steps come from: nonces for concealments, and the random
/// bits the sticks fall by.
pub trait Source {
    fn nonce(&mut self) -> Nonce;
    fn throw_bits(&mut self) -> u64;
}

impl Source for SplitMix64 {
    fn nonce(&mut self) -> Nonce {
        SplitMix64::nonce(self)
    }

    fn throw_bits(&mut self) -> u64 {
        self.next_u64()
    }
}

/// A concealed number and its nonce, kept by whoever concealed it until the reveal.
/// `Debug` shows neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    hand: Concealed,
    nonce: Nonce,
}

impl Held {
    /// The number concealed.
    pub const fn number(&self) -> u8 {
        self.hand.expose()
    }

    /// The nonce the commitment binds: kept with the number while its room sleeps.
    pub const fn nonce(&self) -> Nonce {
        self.nonce
    }

    /// The reveal that opens this concealment.
    pub const fn reveal(self) -> Step {
        Step::Reveal {
            number: self.hand.expose(),
            nonce: self.nonce,
        }
    }
}

/// The turn a concealment is committed for: the one `awaiting` names, or the game's `turn`
/// when no concealment is awaited.
pub fn concealment_turn(awaiting: &Awaiting, current: u32) -> u32 {
    match *awaiting {
        Awaiting::Conceal { turn, .. } => turn,
        _ => current,
    }
}

/// The concealment of `number` by `seat` in game `game` for `turn`, under `nonce`: the step,
/// with the number in hand, and what to keep for the reveal.
pub fn conceal(game: &GameId, turn: u32, seat: Seat, number: u8, nonce: Nonce) -> (Step, Held) {
    let commitment = Commitment::new(game, turn, seat.0, &nonce, number);
    let hand = Concealed::new(number);
    let step = Step::Conceal {
        commitment,
        hand: Some(hand),
    };
    (step, Held { hand, nonce })
}

/// The reveal of what `held` keeps, or a withheld reveal when nothing is kept.
pub fn reveal(held: Option<Held>) -> Step {
    held.map_or(Step::Withhold, Held::reveal)
}

/// The move made for an absent player: what an easy computer player at that seat would do
/// (a number to conceal, an action, a guess), a withheld reveal (which counts as a correct
/// guess), and the throw that is due, without the absent thrower's link.
pub fn stand_in(game: &Game, chance: &mut dyn Chance) -> Option<(Seat, Asked)> {
    let awaiting = game.awaiting();
    match awaiting {
        Awaiting::Over => None,
        Awaiting::Throw { seat, .. } => Some((seat, Asked::Throw)),
        Awaiting::Reveal { seat, .. } => Some((seat, Asked::Play(Move::Step(Step::Withhold)))),
        Awaiting::Conceal { .. } | Awaiting::Action { .. } | Awaiting::Guess { .. } => {
            awaiting.seats().into_iter().find_map(|seat| {
                let decision = game.decide(seat, Strength::Easy, chance)?;
                Some((seat, Asked::from(decision)))
            })
        }
    }
}

/// Supplies the steps of the seats it plays for: it keeps each seat's last concealment
/// until its reveal, and throws the sticks by its [`Source`].
#[derive(Clone, Debug, Default)]
pub struct Supplier {
    held: Vec<(Seat, Held)>,
}

impl Supplier {
    pub const fn new() -> Self {
        Supplier { held: Vec::new() }
    }

    /// The concealment of `number` by `seat` in `game` for `turn`, under a nonce from
    /// `source`; kept for its reveal.
    pub fn conceal(
        &mut self,
        game: &GameId,
        turn: u32,
        seat: Seat,
        number: u8,
        source: &mut impl Source,
    ) -> Step {
        let (step, held) = conceal(game, turn, seat, number, source.nonce());
        self.held.retain(|(holder, _)| *holder != seat);
        self.held.push((seat, held));
        step
    }

    /// The number `seat` concealed last and has not revealed.
    pub fn number_of(&self, seat: Seat) -> Option<u8> {
        self.held
            .iter()
            .find(|(holder, _)| *holder == seat)
            .map(|(_, held)| held.number())
    }

    /// The step `awaiting` asks for that needs no choice: the reveal of what the seat
    /// concealed (withheld when nothing is kept), or a throw by `source`. `None` when it
    /// awaits anything else.
    pub fn due(&mut self, awaiting: &Awaiting, source: &mut impl Source) -> Option<(Seat, Step)> {
        match *awaiting {
            Awaiting::Reveal { seat, .. } => {
                let index = self.held.iter().position(|(holder, _)| *holder == seat);
                let held = index.map(|index| self.held.swap_remove(index).1);
                Some((seat, reveal(held)))
            }
            Awaiting::Throw { seat, sticks } => {
                let faces = sticks.faces(source.throw_bits());
                Some((seat, Step::Throw { faces }))
            }
            _ => None,
        }
    }

    /// The move `asked` of `seat` with its values supplied: a concealment under a nonce from
    /// `source`, kept for its reveal, or the due throw by `source`. `None` for a throw when
    /// none is due.
    pub fn supply(
        &mut self,
        game: &Game,
        seat: Seat,
        asked: Asked,
        source: &mut impl Source,
    ) -> Option<Move> {
        Some(match asked {
            Asked::Conceal(number) => {
                let turn = concealment_turn(&game.awaiting(), game.turn());
                Move::Step(self.conceal(&game.game_id(), turn, seat, number, source))
            }
            Asked::Throw => match game.awaiting() {
                Awaiting::Throw { sticks, .. } => Move::Step(Step::Throw {
                    faces: sticks.faces(source.throw_bits()),
                }),
                _ => return None,
            },
            Asked::Play(chosen) => chosen,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::examples::every_setup;

    /// Stand-in moves alone, their values supplied, play a whole game of every preset of
    /// every rule set to its end. Three reveals in four open what was concealed, as the room
    /// does for its own concealments; the fourth is the stand-in's, withheld.
    #[test]
    fn stand_in_moves_finish_every_game() {
        for setup in every_setup() {
            let mut game = setup.start(GameId([1; 16]));
            let mut chance = SplitMix64::new(7);
            let mut steps = Supplier::new();
            for _ in 0..100_000 {
                let Some((seat, asked)) = stand_in(&game, &mut chance) else {
                    break;
                };
                let awaiting = game.awaiting();
                let opens = matches!(awaiting, Awaiting::Reveal { .. })
                    && !chance.next_u64().is_multiple_of(4);
                let chosen = match opens {
                    true => Move::Step(steps.due(&awaiting, &mut chance).unwrap().1),
                    false => steps.supply(&game, seat, asked, &mut chance).unwrap(),
                };
                game.play(seat, &chosen).unwrap();
            }
            assert!(game.is_over(), "{setup:?} did not end");
        }
    }
}
