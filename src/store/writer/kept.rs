//! Actions as their rows keep them: a guess with the reveal that answers it.
//!
//! The server reveals a concealed number in the same instant as the guess that asks for it,
//! so every guess was followed by a row of the server's own; in a duel, a quarter of the rows
//! written. A reveal now goes into its guess's row when the two are written together
//! (migrations `*_reveal_with_its_guess`). The row's commitment, number, nonce and throw
//! columns are then the reveal's, which a guess never has, and three columns hold the rest.
//! Its seq is the guess's plus one; its turn, time and `auto` are the guess's, which is
//! checked before the two share a row.
//!
//! A batch written again may meet its guess stored alone: the insert then adds the reveal to
//! that row. The reader ([`crate::store::rows`]) takes a row apart into its two actions, and
//! keeps one of a reveal found both in its guess's row and in its own.

use std::collections::HashMap;

/// The conflict clause of both backends' inserts into `actions`: a guess stored alone, met
/// again with its reveal (a batch written again), takes the reveal into its row; any other
/// row already stored stays as it is.
macro_rules! add_reveal {
    () => {
        "ON CONFLICT (game_id, seq) DO UPDATE SET commitment = excluded.commitment,
            reveal = excluded.reveal, nonce = excluded.nonce, throw_proof = excluded.throw_proof,
            revealed_by = excluded.revealed_by, reveal_action = excluded.reveal_action,
            reveal_events = excluded.reveal_events
        WHERE actions.revealed_by IS NULL AND excluded.revealed_by IS NOT NULL"
    };
}
pub(super) use add_reveal;

/// The columns of `actions` both backends' inserts fill, in the order they give them.
macro_rules! action_columns {
    () => {
        "game_id, seq, seat, turn, action, events, commitment, reveal, nonce, voided, at,
        throw_proof, auto, revealed_by, reveal_action, reveal_events"
    };
}
pub(super) use action_columns;

use uuid::Uuid;

use super::super::record::ActionRecord;

/// One row of `actions`: an action of `game`, with the reveal it shares its row with.
#[derive(Clone, Copy, Debug)]
pub(super) struct KeptAction<'a> {
    pub game: Uuid,
    pub action: &'a ActionRecord,
    pub reveal: Option<&'a ActionRecord>,
}

impl<'a> KeptAction<'a> {
    /// The rows that keep `actions`, in order: a reveal goes into the row of the action it
    /// answers when that is among them.
    pub fn rows(actions: impl IntoIterator<Item = (Uuid, &'a ActionRecord)>) -> Vec<Self> {
        let mut rows: Vec<KeptAction<'a>> = Vec::new();
        let mut last_of_game: HashMap<Uuid, usize> = HashMap::new();
        for (game, action) in actions {
            let last = last_of_game.get(&game).map(|&index| &mut rows[index]);
            match last {
                Some(row) if row.answered_by(action) => row.reveal = Some(action),
                _ => {
                    last_of_game.insert(game, rows.len());
                    rows.push(KeptAction {
                        game,
                        action,
                        reveal: None,
                    });
                }
            }
        }
        rows
    }

    /// Whether `next` is the reveal that answers this row's action, made with it: the next
    /// in its game's log, of the same turn, instant and hand, into a row that has no reveal's
    /// columns taken.
    fn answered_by(&self, next: &ActionRecord) -> bool {
        let action = self.action;
        self.reveal.is_none()
            && next.reveal.is_some()
            && action.seq.checked_add(1) == Some(next.seq)
            && (next.turn, next.at, next.auto) == (action.turn, action.at, action.auto)
            && !(next.voided || action.voided)
            && action.commitment.is_none()
            && action.reveal.is_none()
            && action.nonce.is_none()
            && action.throw.is_none()
    }

    /// The action whose commitment, revealed number, nonce and throw the row holds.
    pub fn opened(&self) -> &'a ActionRecord {
        self.reveal.unwrap_or(self.action)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use time::OffsetDateTime;

    use super::*;
    use crate::fair::{Commitment, Nonce};
    use crate::rules::{Events, Seat};

    fn action(seq: u32, seat: u8, at: OffsetDateTime) -> ActionRecord {
        ActionRecord {
            seq,
            seat: Seat(seat),
            turn: 4,
            action: json!({ "type": "guess", "number": 2 }),
            events: Events::default(),
            commitment: None,
            reveal: None,
            nonce: None,
            voided: false,
            at,
            throw: None,
            auto: false,
        }
    }

    fn reveal(seq: u32, at: OffsetDateTime) -> ActionRecord {
        ActionRecord {
            commitment: Some(Commitment::from_bytes([7; 32])),
            reveal: Some(3),
            nonce: Some(Nonce::from_bytes([9; 32])),
            ..action(seq, 0, at)
        }
    }

    fn shapes(rows: &[KeptAction]) -> Vec<(u32, Option<u32>)> {
        rows.iter()
            .map(|row| (row.action.seq, row.reveal.map(|reveal| reveal.seq)))
            .collect()
    }

    #[test]
    fn a_reveal_goes_into_its_guesss_row() {
        let (one, other) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let now = OffsetDateTime::UNIX_EPOCH;
        let (guess, answer) = (action(5, 1, now), reveal(6, now));
        let (elsewhere, next) = (action(0, 0, now), action(7, 0, now));
        let rows = KeptAction::rows([
            (one, &guess),
            (other, &elsewhere),
            (one, &answer),
            (one, &next),
        ]);
        assert_eq!(shapes(&rows), [(5, Some(6)), (0, None), (7, None)]);
        assert_eq!(rows[0].opened().reveal, Some(3));
        assert_eq!(rows[2].opened().reveal, None);
    }

    #[test]
    fn a_reveal_keeps_its_own_row_unless_it_answers_the_action_before_it() {
        let game = Uuid::from_u128(1);
        let now = OffsetDateTime::UNIX_EPOCH;
        let later = now + time::Duration::seconds(1);
        let cases = [
            (action(4, 1, now), reveal(6, now), "not the next in the log"),
            (
                action(5, 1, now),
                reveal(6, later),
                "made at another instant",
            ),
            (
                reveal(5, now),
                reveal(6, now),
                "the row has a reveal's columns",
            ),
            (
                ActionRecord {
                    turn: 3,
                    ..action(5, 1, now)
                },
                reveal(6, now),
                "of another turn",
            ),
            (
                ActionRecord {
                    auto: true,
                    ..action(5, 1, now)
                },
                reveal(6, now),
                "made for an absent player",
            ),
            (
                ActionRecord {
                    voided: true,
                    ..action(5, 1, now)
                },
                reveal(6, now),
                "voided",
            ),
            (action(5, 1, now), action(6, 0, now), "not a reveal"),
        ];
        for (first, second, why) in &cases {
            let rows = KeptAction::rows([(game, first), (game, second)]);
            assert_eq!(rows.len(), 2, "{why}");
        }
        let alone = reveal(6, now);
        assert_eq!(shapes(&KeptAction::rows([(game, &alone)])), [(6, None)]);
    }
}
