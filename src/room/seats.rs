//! Who sits where: display names, the hash of each seat's token, computer players, and
//! presence.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::rules::computer::Strength;
use crate::rules::{Seat, Table};
use crate::store::journal::JournalError;
use crate::store::record::SeatRecord;
use crate::wire::{DisplayName, SeatToken, SeatView, TokenHash};

#[derive(Debug, Default)]
struct Slot {
    name: Option<DisplayName>,
    token: Option<TokenHash>,
    /// The seat is played by a computer player of this strength.
    computer: Option<Strength>,
    /// Open connections playing this seat (a player may have two tabs open).
    connections: u32,
    /// When the last connection of a taken seat closed, for the disconnection grace period.
    left_at: Option<OffsetDateTime>,
}

impl Slot {
    fn is_taken(&self) -> bool {
        self.token.is_some() || self.computer.is_some()
    }
}

/// The name a computer player's seat shows.
fn computer_name(strength: Strength) -> DisplayName {
    let name = match strength {
        Strength::Easy => "Easy computer",
        Strength::Strong => "Strong computer",
    };
    DisplayName::try_from(name.to_owned()).expect("a computer's name is a valid display name")
}

/// Why a seat could not be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatError {
    NoSuchSeat,
    Taken,
    /// A computer player takes a seat only at a table where a person sits.
    NoPerson,
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
    pub fn restore(table: Table, records: &[SeatRecord], now: OffsetDateTime) -> Self {
        let mut seats = Seats::new(table);
        for record in records {
            if let Some(slot) = seats.slots.get_mut(usize::from(record.seat.0)) {
                slot.name = DisplayName::try_from(record.name.clone()).ok();
                slot.token = record.token;
                slot.computer = record.computer;
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
                computer: slot.computer,
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

    /// Gives `seat` (or the first free one) to `name`, whose token hashes to `token`.
    pub fn take(
        &mut self,
        seat: Option<Seat>,
        name: DisplayName,
        token: TokenHash,
    ) -> Result<Seat, SeatError> {
        let index = self.free(seat)?;
        let slot = &mut self.slots[index];
        slot.name = Some(name);
        slot.token = Some(token);
        Ok(Seat(index as u8))
    }

    /// Gives `seat` (or the first free one) to a computer player of `strength`. A table of
    /// computers alone plays for nobody, so a person must have a seat already.
    pub fn take_computer(
        &mut self,
        seat: Option<Seat>,
        strength: Strength,
    ) -> Result<Seat, SeatError> {
        if !self.slots.iter().any(|slot| slot.token.is_some()) {
            return Err(SeatError::NoPerson);
        }
        let index = self.free(seat)?;
        let slot = &mut self.slots[index];
        slot.name = Some(computer_name(strength));
        slot.computer = Some(strength);
        Ok(Seat(index as u8))
    }

    /// The index of `seat` if it is free, or of the first free seat.
    fn free(&self, seat: Option<Seat>) -> Result<usize, SeatError> {
        match seat {
            Some(seat) => {
                let index = usize::from(seat.0);
                match self.slots.get(index) {
                    None => Err(SeatError::NoSuchSeat),
                    Some(slot) if slot.is_taken() => Err(SeatError::Taken),
                    Some(_) => Ok(index),
                }
            }
            None => self
                .slots
                .iter()
                .position(|slot| !slot.is_taken())
                .ok_or(SeatError::Taken),
        }
    }

    /// The strength of the computer player at `seat`, if a computer plays it.
    pub fn computer(&self, seat: Seat) -> Option<Strength> {
        self.slots.get(usize::from(seat.0))?.computer
    }

    /// Whether a person who holds a seat is connected: computers play only for someone.
    pub fn person_present(&self) -> bool {
        self.slots
            .iter()
            .any(|slot| slot.token.is_some() && slot.connections > 0)
    }

    /// Whether a person who holds one of `seats` is connected.
    pub fn any_person_at(&self, seats: &[Seat]) -> bool {
        seats.iter().any(|seat| {
            self.slots
                .get(usize::from(seat.0))
                .is_some_and(|slot| slot.token.is_some() && slot.connections > 0)
        })
    }

    /// Whether a person holding `seat` is connected.
    pub fn connected(&self, seat: Seat) -> bool {
        self.any_person_at(&[seat])
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
        self.slots.iter().all(Slot::is_taken)
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
    pub fn disconnect(&mut self, seat: Seat, now: OffsetDateTime) -> bool {
        let slot = &mut self.slots[usize::from(seat.0)];
        slot.connections = slot.connections.saturating_sub(1);
        let gone = slot.connections == 0;
        if gone {
            slot.left_at = Some(now);
        }
        gone
    }

    /// When `seat` lost its last connection, if it has none now.
    pub fn left_at(&self, seat: Seat) -> Option<OffsetDateTime> {
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
                    side: side.side.into(),
                    name: slot.name.clone(),
                    connected: slot.connections > 0 || slot.computer.is_some(),
                    computer: slot.computer,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::examples::table;

    fn duel() -> Table {
        table(2, 1)
    }

    fn name(text: &str) -> DisplayName {
        DisplayName::try_from(text.to_owned()).unwrap()
    }

    fn token(byte: char) -> SeatToken {
        SeatToken::try_from(byte.to_string().repeat(64)).unwrap()
    }

    #[test]
    fn seats_fill_in_order_and_tokens_find_them() {
        let mut seats = Seats::new(duel());
        let first = seats.take(None, name("Ada"), token('a').hash()).unwrap();
        assert_eq!(first, Seat(0));
        assert_eq!(seats.find(&token('a')), Some(Seat(0)));
        assert_eq!(seats.find(&token('b')), None);
        assert!(!seats.all_taken());
        assert_eq!(
            seats.take(Some(Seat(0)), name("Ben"), token('b').hash()),
            Err(SeatError::Taken)
        );
        assert_eq!(
            seats.take(Some(Seat(7)), name("Ben"), token('b').hash()),
            Err(SeatError::NoSuchSeat)
        );
        assert_eq!(
            seats.take(None, name("Ben"), token('b').hash()),
            Ok(Seat(1))
        );
        assert!(seats.all_taken());
        assert_eq!(
            seats.take(None, name("Cy"), token('c').hash()),
            Err(SeatError::Taken)
        );
    }

    #[test]
    fn presence_counts_connections() {
        let mut seats = Seats::new(duel());
        seats.take(None, name("Ada"), token('a').hash()).unwrap();
        assert!(seats.connect(Seat(0)));
        assert!(!seats.connect(Seat(0)));
        let now = OffsetDateTime::UNIX_EPOCH;
        assert!(!seats.disconnect(Seat(0), now));
        assert!(seats.views()[0].connected);
        assert!(seats.disconnect(Seat(0), now));
        assert_eq!(seats.left_at(Seat(0)), Some(now));
        assert!(!seats.views()[0].connected);
    }
}
