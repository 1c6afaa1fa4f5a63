//! The current game's log as the room holds it. When the server keeps games, an entry the
//! viewers have been told and the store has been handed is let go: a long game would
//! otherwise keep its whole log in memory for the snapshots of players who join late. Such a
//! snapshot leaves the room without its log ([`Unread`]); the task reads the log back from
//! the store once everything written before the snapshot is committed, and sends it whole.
//! Without a store the room keeps every entry, and a snapshot leaves complete.

use axum::extract::ws::Utf8Bytes;
use uuid::Uuid;

use super::publish::encode;
use crate::wire::{LogEntry, ServerMessage};

#[derive(Debug, Default)]
pub(super) struct GameLog {
    /// The entries at the front that only the store keeps.
    dropped: usize,
    /// The entries from `dropped` on.
    held: Vec<LogEntry>,
    /// How many entries the viewers have been sent: the rest go with the next patch.
    told: usize,
    /// How many entries from the front were handed to the store.
    kept: usize,
}

impl GameLog {
    /// The log of a game read back from the store, every entry told, the first `kept`
    /// entries kept by the store.
    pub fn stored(entries: Vec<LogEntry>, kept: usize) -> GameLog {
        let told = entries.len();
        let mut log = GameLog {
            dropped: 0,
            held: entries,
            told,
            kept: kept.min(told),
        };
        log.let_go();
        log
    }

    pub fn len(&self) -> usize {
        self.dropped + self.held.len()
    }

    /// Adds `entry`, which the store was handed too (`kept`) or not.
    pub fn push(&mut self, entry: LogEntry, kept: bool) {
        if kept && self.kept == self.len() {
            self.kept += 1;
        }
        self.held.push(entry);
    }

    /// The entries not yet told, now counted as told; `let_go` once they are sent.
    pub fn news(&mut self) -> &[LogEntry] {
        let from = self.told - self.dropped;
        self.told = self.len();
        &self.held[from..]
    }

    /// Lets go of the entries both told and kept by the store.
    pub fn let_go(&mut self) {
        let gone = self.told.min(self.kept) - self.dropped;
        if gone > 0 {
            self.held.drain(..gone);
            self.dropped += gone;
            if self.held.is_empty() {
                self.held = Vec::new();
            }
        }
    }

    /// The whole log when the room holds it; else how many entries from the front are to be
    /// read from the store, and those that follow.
    pub fn for_snapshot(&self) -> (usize, Vec<LogEntry>) {
        (self.dropped, self.held.clone())
    }
}

/// A snapshot whose log's first `entries` entries are to be read from the store, where game
/// `game` keeps them.
#[derive(Debug)]
pub struct Unread {
    pub game: Uuid,
    pub entries: usize,
    pub snapshot: ServerMessage,
}

impl Unread {
    /// The snapshot with `stored`, the game's log as the store holds it, put in front of
    /// its log, encoded; `None` when the store holds fewer entries than the room let go.
    pub fn complete(self, mut stored: Vec<LogEntry>) -> Option<Utf8Bytes> {
        let mut snapshot = self.snapshot;
        let ServerMessage::Snapshot { log, .. } = &mut snapshot else {
            return None;
        };
        if stored.len() < self.entries {
            return None;
        }
        stored.truncate(self.entries);
        stored.append(log);
        *log = stored;
        encode(&snapshot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::scripted::Script;
    use crate::rules::examples::concealing_duel;
    use crate::rules::{Events, Seat, Viewer};
    use crate::wire::CommitmentMode;

    fn entry(seat: u8) -> LogEntry {
        LogEntry {
            seat: Seat(seat),
            auto: false,
            events: Events::default(),
            note: None,
            throw: None,
        }
    }

    #[test]
    fn entries_told_and_kept_are_let_go() {
        let mut log = GameLog::default();
        log.push(entry(0), true);
        log.push(entry(1), true);
        assert_eq!(log.news().len(), 2);
        log.let_go();
        assert_eq!((log.len(), log.for_snapshot()), (2, (2, Vec::new())));
        log.push(entry(0), true);
        assert_eq!(log.for_snapshot(), (2, vec![entry(0)]), "not yet told");
        assert_eq!(log.news(), [entry(0)]);
        log.let_go();
        assert_eq!(log.for_snapshot(), (3, Vec::new()));
    }

    #[test]
    fn without_a_store_every_entry_is_held() {
        let mut log = GameLog::default();
        log.push(entry(0), false);
        log.push(entry(1), true);
        log.news();
        log.let_go();
        assert_eq!(log.for_snapshot(), (0, vec![entry(0), entry(1)]));
    }

    #[test]
    fn a_stored_log_is_held_from_its_first_entry_not_kept() {
        let log = GameLog::stored(vec![entry(0), entry(1), entry(0)], 2);
        assert_eq!((log.len(), log.for_snapshot()), (3, (2, vec![entry(0)])));
    }

    fn unread(entries: usize, held: Vec<LogEntry>) -> Unread {
        let script = Script::new(concealing_duel(), CommitmentMode::Server, None);
        Unread {
            game: Uuid::nil(),
            entries,
            snapshot: ServerMessage::Snapshot {
                version: 9,
                state: Box::new(script.room.room_view(Viewer::Spectator)),
                log: held,
                chat: Vec::new(),
                proposals: Vec::new(),
                now_ms: 0,
            },
        }
    }

    #[test]
    fn a_snapshot_takes_as_many_stored_entries_as_it_lacks() {
        let stored = vec![entry(0), entry(1), entry(0)];
        let frame = unread(2, vec![entry(1)]).complete(stored).unwrap();
        let snapshot: serde_json::Value = serde_json::from_str(&frame).unwrap();
        let seats: Vec<_> = snapshot["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| entry["seat"].clone())
            .collect();
        assert_eq!(seats, [0, 1, 1]);
        assert_eq!(unread(2, Vec::new()).complete(vec![entry(0)]), None);
    }
}
