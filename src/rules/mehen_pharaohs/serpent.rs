//! Moving a pharaoh along the serpent: landing on pharaohs, entering, and delivery.
//!
//! Space 1 is the first space next to the tail and space 70 the last playing space; the
//! head lies beyond it, and a move that would pass space 70 delivers the pharaoh through
//! the head. A pharaoh waiting beside the tail enters by moving the concealed number from
//! space 0.

use super::action::{Event, PharaohId, Place};
use super::{MehenPharaohs, SPACES};

impl MehenPharaohs {
    /// Moves `pharaoh` `distance` spaces, following the rules for whatever it lands on.
    /// Returns whether the move won the game.
    pub(super) fn move_pharaoh(
        &mut self,
        pharaoh: PharaohId,
        distance: u8,
        events: &mut Vec<Event>,
    ) -> bool {
        let from = self.place(pharaoh);
        let start = match from {
            Place::Waiting => 0,
            Place::Serpent(space) => space,
            Place::Delivered => return false,
        };
        let mut to = start.saturating_add(distance);
        loop {
            if to > SPACES {
                return self.deliver(pharaoh, from, events);
            }
            match self.occupant(to) {
                Some(other) if self.pharaoh_team(other) == self.pharaoh_team(pharaoh) => to += 1,
                Some(other) => {
                    self.land(pharaoh, from, to, events);
                    match from {
                        Place::Serpent(back) => {
                            self.pharaohs.insert(other, Place::Serpent(back));
                            events.push(Event::Swapped {
                                pharaoh: other,
                                to: back,
                            });
                        }
                        _ => self.send_off(other, events),
                    }
                    return false;
                }
                None => {
                    self.land(pharaoh, from, to, events);
                    return false;
                }
            }
        }
    }

    /// The pharaoh on `space`, if any.
    pub(super) fn occupant(&self, space: u8) -> Option<PharaohId> {
        self.pharaohs
            .iter()
            .find(|&(_, &place)| place == Place::Serpent(space))
            .map(|(&id, _)| id)
    }

    fn land(&mut self, pharaoh: PharaohId, from: Place, space: u8, events: &mut Vec<Event>) {
        let to = Place::Serpent(space);
        self.pharaohs.insert(pharaoh, to);
        events.push(Event::Moved { pharaoh, from, to });
    }

    /// An entering pharaoh landed on `pharaoh`: it leaves the board to start again, and a
    /// lion attacking it goes back to its team.
    fn send_off(&mut self, pharaoh: PharaohId, events: &mut Vec<Event>) {
        self.pharaohs.insert(pharaoh, Place::Waiting);
        events.push(Event::SentOff { pharaoh });
        self.return_lion(pharaoh, events);
    }

    /// The pharaoh passes space 70 into the head; the game ends when its team has delivered all.
    fn deliver(&mut self, pharaoh: PharaohId, from: Place, events: &mut Vec<Event>) -> bool {
        let to = Place::Delivered;
        self.pharaohs.insert(pharaoh, to);
        events.push(Event::Moved { pharaoh, from, to });
        let team = self.pharaoh_team(pharaoh);
        let all = self
            .pharaohs
            .iter()
            .filter(|&(&id, _)| self.pharaoh_team(id) == team)
            .all(|(_, &place)| place == Place::Delivered);
        if all {
            self.finish_game(team, events);
        }
        all
    }
}
