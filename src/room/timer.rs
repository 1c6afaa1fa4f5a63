//! Turn timers: the deadline of the step the game waits on, the grace period of a player who
//! has disconnected, and the move the server makes for an absent player.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

use crate::rules::computer::{Chance, Decision, Strength};
use crate::rules::{Awaiting, Game, Move, Seat, Step};

use super::play::Asked;
use super::seats::Seats;

/// How long each kind of step may take.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// The room's turn timer, per step; `None` for no timer.
    pub step: Option<Duration>,
    /// How long a trustless concealer has to reveal when the room has no turn timer.
    pub reveal: Duration,
    /// How long a disconnected player is waited for once their deadline has passed.
    pub grace: Duration,
}

/// The deadline of the current step, if it has one.
#[derive(Debug, Default)]
pub struct StepTimer {
    deadline: Option<(Instant, u64)>,
}

impl StepTimer {
    /// Starts the clock of the step `game` now waits on. Only a step someone must take has a
    /// deadline: a trustless reveal always does, so a concealer cannot stall the game.
    pub fn start(&mut self, clock: &Clock, game: &Game, trustless: bool, now: Instant) {
        let limit = match game.awaiting() {
            Awaiting::Over => None,
            Awaiting::Reveal { .. } if trustless => Some(clock.step.unwrap_or(clock.reveal)),
            _ => clock.step,
        };
        self.deadline = limit.map(|limit| (now + limit, unix_ms(limit)));
    }

    pub fn stop(&mut self) {
        self.deadline = None;
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline.map(|(at, _)| at)
    }

    /// The deadline in milliseconds since the Unix epoch, as clients are shown it.
    pub fn deadline_ms(&self) -> Option<u64> {
        self.deadline.map(|(_, ms)| ms)
    }

    /// Once the deadline has passed: the end of the grace period when every seat the step
    /// waits on is disconnected and one of them left recently; `None` when it is time to play.
    pub fn grace_until(&self, clock: &Clock, game: &Game, seats: &Seats) -> Option<Instant> {
        let mut left = Vec::new();
        for seat in game.awaiting().seats() {
            left.push(seats.left_at(seat)?);
        }
        let latest = left.into_iter().max()? + clock.grace;
        (latest > self.deadline()?).then_some(latest)
    }

    /// Postpones the deadline to `until`.
    pub fn extend(&mut self, until: Instant) {
        if let Some((at, ms)) = &mut self.deadline {
            *ms += (until - *at).as_millis() as u64;
            *at = until;
        }
    }
}

/// The server's clock as clients are shown it, in milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    unix_ms(Duration::ZERO)
}

fn unix_ms(after: Duration) -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    (now + after).as_millis() as u64
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
