//! A player that picks at random among legal choices, for any rule set: the opponent of the
//! property tests and benchmarks and the scripted player of the load test.
//!
//! Its randomness comes from a seeded generator it owns, so a seed replays the same game.
//! Its nonces come from that generator too: they are not secret, and real games never use it
//! for a commitment the room makes.

use crate::fair::Nonce;

use super::steps::Supplier;
use super::{Awaiting, Rules, Seat};

/// SplitMix64: a tiny, fast, well-mixed generator. Not for secrets.
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

    /// A number from `min` to `max` (`max` below `min` counts as `min`).
    pub fn between(&mut self, min: u8, max: u8) -> u8 {
        min + self.below(usize::from(max.saturating_sub(min)) + 1) as u8
    }

    pub fn nonce(&mut self) -> Nonce {
        let mut bytes = [0u8; 32];
        for chunk in bytes.chunks_exact_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        Nonce::from_bytes(bytes)
    }

    /// One item of `items` at random, or `None` when there is none.
    pub fn pick<T>(&mut self, mut items: Vec<T>) -> Option<T> {
        if items.is_empty() {
            return None;
        }
        let index = self.below(items.len());
        Some(items.swap_remove(index))
    }
}

/// Plays every seat of a game at random.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SplitMix64,
    /// Supplies the steps: keeps the concealments this player made until their reveals.
    steps: Supplier,
}

impl RandomPlayer {
    pub const fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: SplitMix64::new(seed),
            steps: Supplier::new(),
        }
    }

    pub fn rng(&mut self) -> &mut SplitMix64 {
        &mut self.rng
    }

    /// A seat the game waits on and a legal action for it; `None` once the game is over,
    /// or when no seat it waits on has a legal action (a stuck game, which tests catch).
    pub fn next_action<G: Rules>(&mut self, game: &G) -> Option<(Seat, G::Action)> {
        let awaiting = game.awaiting();
        let (seat, step) = match awaiting {
            Awaiting::Over => return None,
            Awaiting::Action { seats } | Awaiting::Guess { seats, .. } => {
                let choices: Vec<(Seat, G::Action)> = seats
                    .into_iter()
                    .flat_map(|seat| game.legal_actions(seat).into_iter().map(move |a| (seat, a)))
                    .collect();
                return self.rng.pick(choices);
            }
            Awaiting::Conceal {
                seat,
                turn,
                min,
                max,
            } => {
                let number = self.rng.between(min, max);
                let game = game.game_id();
                (
                    seat,
                    self.steps.conceal(&game, turn, seat, number, &mut self.rng),
                )
            }
            Awaiting::Reveal { .. } | Awaiting::Throw { .. } => {
                self.steps.due(&awaiting, &mut self.rng)?
            }
        };
        Some((seat, G::step_action(step)?))
    }
}
