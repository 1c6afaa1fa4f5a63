//! An arena player that bounds what guessing can bring: the oracle, told every concealed
//! number when it guesses (the arena holds them, playing the room's part). No fair player
//! can do as well, so its score against a player is an upper bound on any fair player's;
//! what it leaves short of 100% is the part of the game that no guess decides.

use hesy::rules::computer::{Decision, Strength};
use hesy::rules::random::SplitMix64;
use hesy::rules::steps::Supplier;
use hesy::rules::{Awaiting, Game, Seat};
use serde_json::Value;

/// The oracle's decision: the concealed number when it guesses, the strong player's
/// otherwise.
pub fn oracle(
    game: &Game,
    seat: Seat,
    awaiting: &Awaiting,
    steps: &Supplier,
    rng: &mut SplitMix64,
) -> Option<Decision<Value>> {
    match awaiting {
        Awaiting::Guess { concealer, .. } => {
            let number = steps.number_of(*concealer)?;
            let action = game.guess(seat, number)?;
            Some(Decision::Guess { number, action })
        }
        _ => game.decide(seat, Strength::Strong, rng),
    }
}
