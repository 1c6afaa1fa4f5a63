//! The room's action log: every accepted move with what it caused, in order.
//!
//! It is the seam for persistence (a store appends each record as it happens, and replays
//! them into a fresh `Mehen` to resume a game) and the source of the game log clients see.

use crate::rules::Seat;
use crate::rules::mehen::{Action, Event};
use crate::wire::LogEntry;

/// One accepted move. `action` keeps the reveal's nonce (public once revealed) but never a
/// concealed number before its reveal: the engine does not serialize a concealment's hand.
#[derive(Clone, Debug)]
pub struct Record {
    pub seat: Seat,
    pub action: Action,
    pub events: Vec<Event>,
    /// Played by the server for a player whose timer ran out.
    pub auto: bool,
}

impl Record {
    pub fn entry(&self) -> LogEntry {
        LogEntry {
            seat: self.seat,
            auto: self.auto,
            events: self.events.clone(),
        }
    }
}

/// The records of the current game.
#[derive(Debug, Default)]
pub struct ActionLog {
    records: Vec<Record>,
}

impl ActionLog {
    pub fn push(&mut self, record: Record) {
        self.records.push(record);
    }

    /// Every accepted move of the current game, in order: enough to replay it.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    pub fn entries(&self) -> Vec<LogEntry> {
        self.records.iter().map(Record::entry).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::GameId;
    use crate::rules::mehen::autoplay::Autoplayer;
    use crate::rules::mehen::{Board, Config, Mehen, Mode};

    /// The log is the seam for persistence: replaying its records rebuilds the game exactly.
    #[test]
    fn replaying_the_records_rebuilds_the_game() {
        let config = Config {
            mode: Mode::Duel,
            board: Board::Compact,
        };
        let mut game = Mehen::new(config, GameId([3; 16]));
        let mut log = ActionLog::default();
        let mut autoplayer = Autoplayer::new(11);
        while let Some((seat, action)) = autoplayer.next_action(&game) {
            let events = game.apply(seat, action).unwrap();
            log.push(Record {
                seat,
                action,
                events,
                auto: false,
            });
        }
        let mut replayed = Mehen::new(config, GameId([3; 16]));
        for record in log.records() {
            assert_eq!(
                replayed.apply(record.seat, record.action),
                Ok(record.events.clone())
            );
        }
        assert_eq!(replayed, game);
        assert_eq!(log.entries().len(), log.records().len());
    }
}
