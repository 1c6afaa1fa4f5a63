//! A player that picks at random among legal choices: the opponent of property tests and
//! benchmarks, the scripted player of load tests, and the stand-in for an absent player
//! whose turn timer ran out.
//!
//! Its randomness comes from a seeded generator it owns, so a seed replays the same game.

use crate::fair::{Commitment, Nonce};
use crate::rules::{Concealed, Seat};

use super::action::Action;
use super::config::{Mode, opponent};
use super::{Mehen, Phase};

/// SplitMix64: a tiny, fast, well-mixed generator. Not for secrets; nonces of real games come
/// from the operating system.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub const fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; `n` must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Plays every seat of a game at random.
#[derive(Clone, Debug)]
pub struct Autoplayer {
    rng: SplitMix64,
    /// The number and nonce of the concealment this player made and has not yet revealed.
    held: Option<(u8, Nonce)>,
}

impl Autoplayer {
    pub const fn new(seed: u64) -> Self {
        Autoplayer {
            rng: SplitMix64::new(seed),
            held: None,
        }
    }

    /// A number the actor may conceal, or the other side may guess: 1 to `max`.
    pub fn number(&mut self, max: u8) -> u8 {
        1 + self.rng.below(usize::from(max.max(1))) as u8
    }

    /// The seat the game waits on and a legal action for it; `None` once the game is over.
    /// Where several seats may act (a team choosing or guessing) it speaks for the first.
    pub fn next_action(&mut self, game: &Mehen) -> Option<(Seat, Action)> {
        let mode = game.config().mode;
        match *game.phase() {
            Phase::Over { .. } => None,
            Phase::Choose { team } => {
                let seat = mode.seats_of(team).next()?;
                Some((seat, self.pick(game.legal_actions(seat))?))
            }
            Phase::Conceal { actor } => {
                let number = self.number(game.reserve(actor));
                let mut bytes = [0u8; 32];
                for chunk in bytes.chunks_exact_mut(8) {
                    chunk.copy_from_slice(&self.rng.next_u64().to_le_bytes());
                }
                let nonce = Nonce::from_bytes(bytes);
                let commitment =
                    Commitment::new(&game.game_id(), game.turn(), actor.0, &nonce, number);
                self.held = Some((number, nonce));
                let hand = Some(Concealed::new(number));
                Some((actor, Action::Conceal { commitment, hand }))
            }
            Phase::Guess { actor, .. } => {
                let guesser = match mode {
                    Mode::Duel => Seat(1 - actor.0),
                    Mode::Teams => mode.seats_of(opponent(game.team_of(actor))).next()?,
                };
                let number = self.number(game.reserve(actor));
                Some((guesser, Action::Guess { number }))
            }
            Phase::Reveal { actor, .. } => Some((
                actor,
                match self.held.take() {
                    Some((number, nonce)) => Action::Reveal { number, nonce },
                    None => Action::Withhold,
                },
            )),
            Phase::Act { actor, .. } => Some((actor, self.pick(game.legal_actions(actor))?)),
        }
    }

    fn pick(&mut self, mut actions: Vec<Action>) -> Option<Action> {
        if actions.is_empty() {
            return None;
        }
        let index = self.rng.below(actions.len());
        Some(actions.swap_remove(index))
    }
}
