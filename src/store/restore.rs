//! A stored game rebuilt through the engine, for a restarted server to resume.
//!
//! In a trustless room the concealer's client holds the number and nonce behind its
//! commitment, and the stored commitment stays as valid as it was: the game resumes where
//! it stood, and the concealer reveals once back (or the reveal deadline withholds it).
//!
//! When the room's server made the commitment, the number behind one not yet revealed died
//! with that server, and the engine has no way to take back a concealment. So a trailing
//! concealment, with the guess made at it, is voided: the game is replayed up to just
//! before it, which is the state in which the actor conceals again. The voided actions stay
//! stored (and in the game log players see), marked, with a note after them.
//!
//! A room that went to sleep on purpose kept that number in its row ([`super::rooms`]):
//! waking it restores the concealment as it was, once the kept number is found to open the
//! stored commitment (else it is voided as after a crash).

use thiserror::Error;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::rules::replay::{ReplayError, open_concealment};
use crate::rules::steps::{self, Held};
use crate::rules::{Awaiting, Game, Seat};
use crate::wire::CommitmentMode;

use super::queries::StoredGame;
use super::record::{ActionRecord, Channel, ChatRecord, Entry, VoidRecord};
use super::rooms::Kept;

/// A game ready to go on.
#[derive(Clone, Debug)]
pub struct Restored {
    pub game: Game,
    /// The sequence number the next action takes (voided ones keep theirs).
    pub next_seq: u32,
    /// The next chat sequence number.
    pub next_chat_seq: u32,
    /// The concealment voided by this restore, if the server died in the middle of one.
    pub voided: Option<Voided>,
    /// The number behind the room's own open concealment, when the room kept it.
    pub held: Option<Held>,
}

/// A concealment (and the guess at it) that a restart cut off before the reveal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voided {
    pub seat: Seat,
    pub turn: u32,
    /// The first and last sequence numbers voided.
    pub first: u32,
    pub last: u32,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum RestoreError {
    #[error("action {seq} does not replay: {}", .error.refusal)]
    Refused { seq: u32, error: ReplayError },
}

/// Replays `stored` through the rules, voiding a trailing unrevealed concealment unless the
/// game is played in a trustless room.
pub fn restore(stored: &StoredGame) -> Result<Restored, RestoreError> {
    restore_kept(stored, None)
}

/// The same, with the number of the trailing concealment that the room `kept` while it
/// slept: a concealment it opens is restored rather than voided.
pub fn restore_kept(stored: &StoredGame, kept: Option<Kept>) -> Result<Restored, RestoreError> {
    let trustless = stored
        .game
        .room
        .as_ref()
        .is_some_and(|room| room.commitment == CommitmentMode::Trustless);
    let live: Vec<&ActionRecord> = stored.actions.iter().filter(|r| !r.voided).collect();
    let refused = |error: ReplayError| RestoreError::Refused {
        seq: live.get(error.index).map_or(0, |record| record.seq),
        error,
    };
    let mut met: Vec<Awaiting> = Vec::with_capacity(live.len());
    let game = stored
        .game
        .replay(live.iter().copied(), |_, logged| met.push(logged.awaiting))
        .map_err(refused)?;
    let next_seq = stored.actions.last().map_or(0, |record| record.seq + 1);
    let open = open_concealment(&game.awaiting(), met.iter()).filter(|_| !trustless);
    let held = open.and_then(|index| kept.and_then(|kept| reopen(stored, live[index], kept)));
    let (game, voided) = match open {
        Some(_) if held.is_some() => (game, None),
        Some(index) => {
            let before = stored
                .game
                .replay(live[..index].iter().copied(), |_, _| {})
                .map_err(refused)?;
            let voided = Voided {
                seat: live[index].seat,
                turn: before.turn(),
                first: live[index].seq,
                last: next_seq - 1,
            };
            (before, Some(voided))
        }
        None => (game, None),
    };
    Ok(Restored {
        game,
        next_seq,
        next_chat_seq: stored.chat.last().map_or(0, |record| record.seq + 1),
        voided,
        held,
    })
}

/// The concealment of `record` held again, when `kept` opens its commitment.
fn reopen(stored: &StoredGame, record: &ActionRecord, kept: Kept) -> Option<Held> {
    let game = stored.game.game_id();
    let (turn, seat) = (record.turn, record.seat);
    record
        .commitment?
        .opens_to(&game, turn, seat.0, &kept.nonce, kept.number)
        .then(|| steps::conceal(&game, turn, seat, kept.number, kept.nonce).1)
}

impl Voided {
    /// What the game log says about it, in the players' words.
    pub fn note(&self) -> String {
        format!(
            "The server restarted before {} revealed the concealment of turn {}: that \
             concealment and any guess at it are void, and {} conceals again.",
            self.seat, self.turn, self.seat
        )
    }

    /// The journal entries that record it: the note in the table chat as a message from
    /// the server, numbered `chat_seq`, and the actions marked voided with the note after
    /// them in the game log.
    pub fn entries(&self, game: Uuid, chat_seq: u32, at: OffsetDateTime) -> [Entry; 2] {
        [
            Entry::Chat {
                game,
                record: ChatRecord {
                    seq: chat_seq,
                    seat: None,
                    channel: Channel::Table,
                    body: self.note(),
                    at,
                },
            },
            Entry::Void {
                game,
                record: VoidRecord {
                    first: self.first,
                    last: self.last,
                    note: chat_seq,
                },
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::examples::concealing_duel;
    use crate::rules::random::RandomPlayer;
    use crate::rules::replay;
    use crate::store::record::{GameRecord, RoomRecord};

    /// A stored duel of `actions` random actions.
    fn stored(actions: usize) -> StoredGame {
        let game = GameRecord {
            id: Uuid::from_bytes([3; 16]),
            setup: concealing_duel(),
            seats: Vec::new(),
            started_at: OffsetDateTime::UNIX_EPOCH,
            ended_at: None,
            result: None,
            room: None,
        };
        let mut state = game.setup.start(game.game_id());
        let mut player = RandomPlayer::new(11);
        let actions = (0..actions as u32)
            .map(|seq| {
                let (seat, chosen) = state.random_move(&mut player).expect("not over yet");
                let logged = replay::play(&mut state, seat, &chosen).expect("legal");
                ActionRecord::new(seq, seat, &chosen, logged, OffsetDateTime::UNIX_EPOCH)
            })
            .collect();
        StoredGame {
            game,
            actions,
            chat: Vec::new(),
            voids: Vec::new(),
        }
    }

    /// Whether the restored game awaits a concealment from seat 0.
    fn seat_0_conceals(game: &Game) -> bool {
        matches!(game.awaiting(), Awaiting::Conceal { seat: Seat(0), .. })
    }

    #[test]
    fn a_game_between_turns_restores_as_it_was() {
        // The duel's turn opens with a concealment: action 0 conceals, 1 guesses, 2 reveals.
        let restored = restore(&stored(0)).expect("replays");
        assert_eq!((restored.next_seq, restored.voided), (0, None));
        assert!(seat_0_conceals(&restored.game));
    }

    #[test]
    fn a_concealment_awaiting_its_guess_is_voided() {
        let restored = restore(&stored(1)).expect("replays");
        let voided = restored.voided.expect("voided");
        assert_eq!((voided.first, voided.last, voided.seat), (0, 0, Seat(0)));
        assert_eq!(restored.next_seq, 1);
        assert!(seat_0_conceals(&restored.game));
        assert!(voided.note().contains("seat 0 conceals again"));
    }

    #[test]
    fn a_guessed_concealment_is_voided_with_its_guess() {
        let restored = restore(&stored(2)).expect("replays");
        let voided = restored.voided.expect("voided");
        assert_eq!((voided.first, voided.last, voided.turn), (0, 1, 1));
        assert!(seat_0_conceals(&restored.game));
    }

    #[test]
    fn a_trustless_concealment_survives() {
        let mut game = stored(2);
        game.game.room = Some(RoomRecord {
            code: "ABCDEFGHJK".into(),
            turn_timer: None,
            commitment: CommitmentMode::Trustless,
            game_number: 1,
            first_version: 1,
        });
        let restored = restore(&game).expect("replays");
        assert_eq!((restored.next_seq, restored.voided), (2, None));
        assert!(matches!(
            restored.game.awaiting(),
            Awaiting::Reveal { seat: Seat(0), .. }
        ));
    }

    /// A duel whose seat 0 concealed 4 under a nonce of sevens.
    fn concealed_by_hand() -> StoredGame {
        let mut game = stored(0);
        let mut state = game.game.setup.start(game.game.game_id());
        let nonce = crate::fair::Nonce::from_bytes([7; 32]);
        let (step, _) = steps::conceal(&game.game.game_id(), 1, Seat(0), 4, nonce);
        let chosen = crate::rules::Move::Step(step);
        let logged = replay::play(&mut state, Seat(0), &chosen).expect("legal");
        let at = OffsetDateTime::UNIX_EPOCH;
        game.actions
            .push(ActionRecord::new(0, Seat(0), &chosen, logged, at));
        game
    }

    #[test]
    fn a_kept_number_that_opens_the_concealment_restores_it() {
        let nonce = crate::fair::Nonce::from_bytes([7; 32]);
        let kept = Kept { number: 4, nonce };
        let restored = restore_kept(&concealed_by_hand(), Some(kept)).expect("replays");
        assert_eq!(restored.voided, None);
        assert_eq!(restored.held.map(|held| held.number()), Some(4));
        assert!(matches!(restored.game.awaiting(), Awaiting::Guess { .. }));
    }

    #[test]
    fn a_kept_number_that_does_not_open_it_is_no_use() {
        let nonce = crate::fair::Nonce::from_bytes([7; 32]);
        let kept = Kept { number: 5, nonce };
        let restored = restore_kept(&concealed_by_hand(), Some(kept)).expect("replays");
        assert!(restored.voided.is_some());
        assert!(restored.held.is_none());
    }

    #[test]
    fn voided_actions_are_skipped_on_the_next_restore() {
        let mut game = stored(2);
        for record in &mut game.actions {
            record.voided = true;
        }
        let restored = restore(&game).expect("replays");
        assert_eq!((restored.next_seq, restored.voided), (2, None));
    }

    #[test]
    fn an_action_that_does_not_replay_is_named() {
        let mut game = stored(3);
        game.actions.swap(1, 2);
        let error = restore(&game).expect_err("out of order");
        assert!(
            matches!(error, RestoreError::Refused { seq: 2, .. }),
            "{error}"
        );
    }
}
