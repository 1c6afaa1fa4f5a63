//! Turn timers: the deadline of the step the game waits on, the grace period of a player who
//! has disconnected, and the move the server makes for an absent player.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

use crate::rules::Seat;
use crate::rules::mehen::autoplay::Autoplayer;
use crate::rules::mehen::{Action, Mehen, Phase};

use super::play::Move;
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
    pub fn start(&mut self, clock: &Clock, game: &Mehen, trustless: bool, now: Instant) {
        let limit = match game.phase() {
            Phase::Over { .. } => None,
            Phase::Reveal { .. } if trustless => Some(clock.step.unwrap_or(clock.reveal)),
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
    pub fn grace_until(&self, clock: &Clock, game: &Mehen, seats: &Seats) -> Option<Instant> {
        let mut left = Vec::new();
        for seat in awaited(game) {
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

/// The seats the current step waits on: the actor, the team choosing, or the side guessing.
fn awaited(game: &Mehen) -> Vec<Seat> {
    let mode = game.config().mode;
    match *game.phase() {
        Phase::Choose { team } => mode.seats_of(team).collect(),
        Phase::Guess { actor, .. } => game
            .seats()
            .filter(|&seat| game.team_of(seat) != game.team_of(actor))
            .collect(),
        Phase::Conceal { actor } | Phase::Reveal { actor, .. } | Phase::Act { actor, .. } => {
            vec![actor]
        }
        Phase::Over { .. } => Vec::new(),
    }
}

/// The move made for an absent player: a random number in range to conceal or guess, a
/// random legal choice otherwise, and a withheld reveal (which counts as a correct guess).
pub fn default_move(autoplayer: &mut Autoplayer, game: &Mehen) -> Option<(Seat, Move)> {
    if let Phase::Reveal { actor, .. } = *game.phase() {
        return Some((actor, Move::Play(Action::Withhold)));
    }
    let (seat, action) = autoplayer.next_action(game)?;
    let chosen = match action {
        // The autoplayer's nonce is not secret; the room draws its own for the number.
        Action::Conceal {
            hand: Some(hand), ..
        } => Move::Conceal(hand.expose()),
        action => Move::Play(action),
    };
    Some((seat, chosen))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::{Commitment, GameId, Nonce};
    use crate::rules::Concealed;
    use crate::rules::mehen::{Board, Config, Mode};

    /// Default moves alone play a whole six-player game to its end, a withheld reveal
    /// included.
    #[test]
    fn default_moves_finish_a_game() {
        let config = Config {
            mode: Mode::Teams,
            board: Board::Compact,
        };
        let game_id = GameId([1; 16]);
        let mut game = Mehen::new(config, game_id);
        let mut autoplayer = Autoplayer::new(7);
        for _ in 0..10_000 {
            let Some((seat, chosen)) = default_move(&mut autoplayer, &game) else {
                break;
            };
            let action = match chosen {
                Move::Conceal(number) => {
                    assert!((1..=game.reserve(seat)).contains(&number));
                    let nonce = Nonce::random();
                    Action::Conceal {
                        commitment: Commitment::new(&game_id, game.turn(), seat.0, &nonce, number),
                        hand: Some(Concealed::new(number)),
                    }
                }
                Move::Play(action) => action,
            };
            game.apply(seat, action).unwrap();
        }
        assert!(game.outcome().is_some());
    }
}
