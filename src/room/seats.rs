//! Who sits where: display names, the hash of each seat's token, and presence.

use tokio::time::Instant;

use crate::rules::{Seat, Table};
use crate::store::journal::JournalError;
use crate::store::record::SeatRecord;
use crate::wire::{DisplayName, SeatToken, SeatView, TokenHash};

#[derive(Debug, Default)]
struct Slot {
    name: Option<DisplayName>,
    token: Option<TokenHash>,
    /// Open connections playing this seat (a player may have two tabs open).
    connections: u32,
    /// When the last connection of a taken seat closed, for the disconnection grace period.
    left_at: Option<Instant>,
}

/// Why a seat could not be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatError {
    NoSuchSeat,
    Taken,
    /// The last seat would start the game, and the game cannot be saved right now.
    Unsaved(JournalError),
}

#[derive(Debug)]
pub struct Seats {
    table: Table,
    slots: Vec<Slot>,
}

impl Seats {
    pub fn new(table: Table) -> Self {
        Seats {
            slots: table.seats.iter().map(|_| Slot::default()).collect(),
            table,
        }
    }

    /// The seats of a stored game, taken by the names and token hashes it was played with,
    /// every player away since `now` (so the disconnection grace applies to them). A stored
    /// name that no longer passes the checks leaves its seat unnamed.
    pub fn restore(table: Table, records: &[SeatRecord], now: Instant) -> Self {
        let mut seats = Seats::new(table);
        for record in records {
            if let Some(slot) = seats.slots.get_mut(usize::from(record.seat.0)) {
                slot.name = DisplayName::try_from(record.name.clone()).ok();
                slot.token = record.token;
                slot.left_at = Some(now);
            }
        }
        seats
    }

    /// What is stored of each seat: its name, team and token hash.
    pub fn records(&self) -> Vec<SeatRecord> {
        self.numbered()
            .map(|(seat, slot)| SeatRecord {
                seat,
                name: slot
                    .name
                    .as_ref()
                    .map_or_else(String::new, |n| n.as_str().to_owned()),
                team: self.table.seats[usize::from(seat.0)].team,
                token: slot.token,
            })
            .collect()
    }

    /// Every slot with its seat number.
    fn numbered(&self) -> impl Iterator<Item = (Seat, &Slot)> {
        self.slots
            .iter()
            .enumerate()
            .map(|(index, slot)| (Seat(index as u8), slot))
    }

    /// Gives `seat` (or the first free one) to `name`, with a fresh token.
    pub fn take(
        &mut self,
        seat: Option<Seat>,
        name: DisplayName,
    ) -> Result<(Seat, SeatToken), SeatError> {
        let index = match seat {
            Some(seat) => {
                let index = usize::from(seat.0);
                match self.slots.get(index) {
                    None => return Err(SeatError::NoSuchSeat),
                    Some(slot) if slot.token.is_some() => return Err(SeatError::Taken),
                    Some(_) => index,
                }
            }
            None => self
                .slots
                .iter()
                .position(|slot| slot.token.is_none())
                .ok_or(SeatError::Taken)?,
        };
        let token = SeatToken::random();
        let slot = &mut self.slots[index];
        slot.name = Some(name);
        slot.token = Some(token.hash());
        Ok((Seat(index as u8), token))
    }

    /// The seat whose token this is.
    pub fn find(&self, token: &SeatToken) -> Option<Seat> {
        let hash = token.hash();
        self.slots
            .iter()
            .position(|slot| slot.token == Some(hash))
            .map(|index| Seat(index as u8))
    }

    pub fn all_taken(&self) -> bool {
        self.slots.iter().all(|slot| slot.token.is_some())
    }

    pub fn none_taken(&self) -> bool {
        self.slots.iter().all(|slot| slot.token.is_none())
    }

    pub fn name(&self, seat: Seat) -> Option<&DisplayName> {
        self.slots[usize::from(seat.0)].name.as_ref()
    }

    /// Counts a new connection of `seat`; true when the seat was not connected before.
    pub fn connect(&mut self, seat: Seat) -> bool {
        let slot = &mut self.slots[usize::from(seat.0)];
        slot.connections += 1;
        slot.left_at = None;
        slot.connections == 1
    }

    /// Counts a closed connection of `seat`; true when that was its last one.
    pub fn disconnect(&mut self, seat: Seat, now: Instant) -> bool {
        let slot = &mut self.slots[usize::from(seat.0)];
        slot.connections = slot.connections.saturating_sub(1);
        let gone = slot.connections == 0;
        if gone {
            slot.left_at = Some(now);
        }
        gone
    }

    /// When `seat` lost its last connection, if it has none now.
    pub fn left_at(&self, seat: Seat) -> Option<Instant> {
        let slot = &self.slots[usize::from(seat.0)];
        (slot.connections == 0).then_some(slot.left_at).flatten()
    }

    pub fn views(&self) -> Vec<SeatView> {
        self.numbered()
            .map(|(seat, slot)| {
                let side = self.table.seats[usize::from(seat.0)];
                SeatView {
                    seat,
                    team: side.team,
                    side: side.side,
                    name: slot.name.clone(),
                    connected: slot.connections > 0,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Setup;
    use crate::rules::mehen::{Board, Config, Mode};

    fn duel() -> Table {
        Setup::MehenSanMartin(Config {
            mode: Mode::Duel,
            board: Board::Compact,
        })
        .table()
    }

    fn name(text: &str) -> DisplayName {
        DisplayName::try_from(text.to_owned()).unwrap()
    }

    #[test]
    fn seats_fill_in_order_and_tokens_find_them() {
        let mut seats = Seats::new(duel());
        let (first, token) = seats.take(None, name("Ada")).unwrap();
        assert_eq!(first, Seat(0));
        assert_eq!(seats.find(&token), Some(Seat(0)));
        assert_eq!(seats.find(&SeatToken::random()), None);
        assert!(!seats.all_taken());
        assert_eq!(
            seats.take(Some(Seat(0)), name("Ben")),
            Err(SeatError::Taken)
        );
        assert_eq!(
            seats.take(Some(Seat(7)), name("Ben")),
            Err(SeatError::NoSuchSeat)
        );
        assert_eq!(seats.take(None, name("Ben")).unwrap().0, Seat(1));
        assert!(seats.all_taken());
        assert_eq!(seats.take(None, name("Cy")), Err(SeatError::Taken));
    }

    #[test]
    fn presence_counts_connections() {
        let mut seats = Seats::new(duel());
        seats.take(None, name("Ada")).unwrap();
        assert!(seats.connect(Seat(0)));
        assert!(!seats.connect(Seat(0)));
        let now = Instant::now();
        assert!(!seats.disconnect(Seat(0), now));
        assert!(seats.views()[0].connected);
        assert!(seats.disconnect(Seat(0), now));
        assert_eq!(seats.left_at(Seat(0)), Some(now));
        assert!(!seats.views()[0].connected);
    }
}
