//! The room's part in fair throws (`docs/fair-throws.md`): the seats' hash chains, the
//! throw that is due with the server's commitment to it, and the links gathered for it.
//!
//! The server's value for a throw is drawn when the throw becomes due and kept in memory
//! only; a restart draws a new one. A chain committed while a throw is due takes part from
//! the next throw on, so no link is ever chosen after the server's value is fixed.

use std::collections::BTreeMap;

use crate::fair::throw::{Chain, ChainLink, SeatLink, ServerDraw, ThrowError, ThrowProof};
use crate::fair::{GameId, Hash32};

use super::chance::RoomChance;
use crate::rules::sticks::Sticks;
use crate::rules::{Awaiting, Seat};
use crate::wire::{ChainView, PendingThrow, ThrowsView};

/// Why a chain or a link was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThrowRefusal {
    #[error("this game throws no sticks")]
    NoSticks,
    #[error("throw {asked} is not due")]
    NotDue { asked: u32 },
    #[error("your seat has committed no chain: send the throw without a link")]
    NoChain,
    #[error(
        "your chain was committed while this throw was due and takes part from the next \
         throw on: send this one without a link"
    )]
    NotYetActive,
    #[error("it is not your throw: send your link for it, or nothing")]
    NoLink,
    #[error(transparent)]
    Chain(#[from] ThrowError),
}

/// The throw that is due.
#[derive(Debug)]
struct Pending {
    index: u32,
    seat: Seat,
    sticks: Sticks,
    draw: ServerDraw,
    /// The links received for it, each checked against its seat's chain.
    links: BTreeMap<Seat, SeatLink>,
}

#[derive(Debug)]
pub struct Throws {
    /// Whether the room's rule set throws sticks at all.
    throwing: bool,
    /// The chains taking part in throws, by seat; they last across a room's games.
    chains: BTreeMap<Seat, Chain>,
    /// Chains committed while a throw was due, waiting for the next one.
    next: BTreeMap<Seat, Chain>,
    pending: Option<Pending>,
    /// Throws made in the current game.
    made: u32,
}

impl Throws {
    /// The throws of a room whose game, as it starts, awaits `awaiting`.
    pub fn new(awaiting: &Awaiting) -> Throws {
        Throws {
            throwing: matches!(awaiting, Awaiting::Throw { .. }),
            chains: BTreeMap::new(),
            next: BTreeMap::new(),
            pending: None,
            made: 0,
        }
    }

    /// A new game in the room: its throws count from 1; the chains go on.
    pub fn new_game(&mut self) {
        self.pending = None;
        self.made = 0;
    }

    /// A game restored after a restart, `made` throws into it. Its chains are gone with the
    /// server's memory: the clients commit fresh ones.
    pub fn resume(&mut self, made: usize) {
        self.made = u32::try_from(made).unwrap_or(u32::MAX);
        self.pending = None;
    }

    /// A seat commits a chain, in place of any it had, from the next throw to become due.
    pub fn commit(&mut self, seat: Seat, anchor: Hash32, length: u32) -> Result<(), ThrowRefusal> {
        if !self.throwing {
            return Err(ThrowRefusal::NoSticks);
        }
        let chain = Chain::new(anchor, length)?;
        if self.pending.is_some() {
            self.next.insert(seat, chain);
        } else {
            self.chains.insert(seat, chain);
        }
        Ok(())
    }

    /// Makes the throw the game awaits due, with a fresh server draw from `chance`, if it is
    /// not yet.
    pub fn due(&mut self, awaiting: &Awaiting, chance: &mut RoomChance) {
        let Awaiting::Throw { seat, sticks } = *awaiting else {
            self.pending = None;
            return;
        };
        if self.pending.is_some() {
            return;
        }
        self.throwing = true;
        self.chains.append(&mut self.next);
        self.pending = Some(Pending {
            index: self.made + 1,
            seat,
            sticks,
            draw: ServerDraw::from_value(Hash32(chance.bytes())),
            links: BTreeMap::new(),
        });
    }

    /// Whether a seat for which `connected` holds could still add its link to the throw that
    /// is due: it holds an active chain with links left and has sent none for this throw.
    pub fn awaits_link(&self, connected: impl Fn(Seat) -> bool) -> bool {
        let Some(pending) = &self.pending else {
            return false;
        };
        self.chains.iter().any(|(&seat, chain)| {
            seat != pending.seat
                && !chain.spent()
                && !pending.links.contains_key(&seat)
                && connected(seat)
        })
    }

    /// The seat whose throw is due.
    pub fn thrower(&self) -> Option<Seat> {
        self.pending.as_ref().map(|p| p.seat)
    }

    /// Takes `seat`'s link for throw `index`, checked against its chain, for the throw. A
    /// seat's first link for a throw counts; a later one changes nothing, and so does one
    /// for a throw already made (it was made without it). Whether `index` is the throw due.
    pub fn contribute(
        &mut self,
        seat: Seat,
        index: u32,
        link: Option<ChainLink>,
    ) -> Result<bool, ThrowRefusal> {
        let due = self.made + 1;
        if index < due {
            return Ok(false);
        }
        let pending = self
            .pending
            .as_mut()
            .filter(|pending| pending.index == index)
            .ok_or(ThrowRefusal::NotDue { asked: index })?;
        let Some(link) = link else {
            return if seat == pending.seat {
                Ok(true)
            } else {
                Err(ThrowRefusal::NoLink)
            };
        };
        if pending.links.contains_key(&seat) {
            return Ok(true);
        }
        let Some(chain) = self.chains.get_mut(&seat) else {
            return Err(match self.next.contains_key(&seat) {
                true => ThrowRefusal::NotYetActive,
                false => ThrowRefusal::NoChain,
            });
        };
        chain.check(seat, &link)?;
        chain.reveal(link);
        let anchor = chain.anchor;
        pending.links.insert(
            seat,
            SeatLink {
                seat,
                anchor,
                depth: link.depth,
                value: link.value,
            },
        );
        Ok(true)
    }

    /// The proof of the throw that is due, made from every link gathered for it. The throw
    /// stays due until [`Throws::made`] says it was played.
    pub fn proof(&self, game: &GameId) -> Option<ThrowProof> {
        let pending = self.pending.as_ref()?;
        let links = pending.links.values().copied().collect();
        Some(ThrowProof::make(
            game,
            pending.index,
            &pending.draw,
            links,
            pending.sticks,
        ))
    }

    /// The due throw was played.
    pub fn made(&mut self) {
        if self.pending.take().is_some() {
            self.made += 1;
        }
    }

    /// What everyone sees; `None` for a rule set that throws no sticks.
    pub fn view(&self) -> Option<ThrowsView> {
        let listed = |chains: &BTreeMap<Seat, Chain>, active: bool| {
            chains
                .iter()
                .map(move |(&seat, chain)| ChainView {
                    seat,
                    anchor: chain.anchor,
                    length: chain.length,
                    depth: chain.depth(),
                    active,
                })
                .collect::<Vec<_>>()
        };
        self.throwing.then(|| {
            let mut chains = listed(&self.chains, true);
            chains.retain(|chain| !self.next.contains_key(&chain.seat));
            chains.extend(listed(&self.next, false));
            chains.sort_by_key(|chain| chain.seat);
            ThrowsView {
                chains,
                pending: self.pending.as_ref().map(|p| PendingThrow {
                    index: p.index,
                    seat: p.seat,
                    commitment: p.draw.commitment(),
                }),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::throw::{HashChain, MAX_CHAIN};
    use crate::wire::ErrorCode;

    fn throw_of(seat: u8) -> Awaiting {
        Awaiting::Throw {
            seat: Seat(seat),
            sticks: Sticks::FourSenet,
        }
    }

    fn chance() -> RoomChance {
        RoomChance::new([9; 32])
    }

    fn chain(seed: u8) -> HashChain {
        HashChain::from_seed(Hash32([seed; 32]), 8)
    }

    /// The throws of a game whose seat 0 throws first, seat 1 holding a chain; its chain.
    fn seat_one_committed() -> (Throws, HashChain) {
        let mut throws = Throws::new(&throw_of(0));
        let mine = chain(1);
        throws
            .commit(Seat(1), mine.anchor(), mine.length())
            .unwrap();
        (throws, mine)
    }

    /// A link from a chain committed while the throw was due is told that the chain takes
    /// part from the next throw, not that there is none; the next throw takes it.
    #[test]
    fn a_chain_committed_while_a_throw_is_due_waits_for_the_next() {
        let mut throws = Throws::new(&throw_of(0));
        throws.due(&throw_of(0), &mut chance());
        let mut late = chain(1);
        throws
            .commit(Seat(1), late.anchor(), late.length())
            .unwrap();
        let link = late.reveal_next();
        let refusal = throws.contribute(Seat(1), 1, link).unwrap_err();
        assert_eq!(refusal, ThrowRefusal::NotYetActive);
        assert_eq!(refusal.code(), ErrorCode::WrongPhase);
        let never = throws.contribute(Seat(2), 1, chain(2).reveal_next());
        assert_eq!(never, Err(ThrowRefusal::NoChain));

        throws.made();
        throws.due(&throw_of(0), &mut chance());
        assert_eq!(throws.contribute(Seat(1), 2, link), Ok(true));
    }

    #[test]
    fn a_chain_longer_than_the_server_takes_is_out_of_range() {
        let mut throws = Throws::new(&throw_of(0));
        let refusal = throws.commit(Seat(0), Hash32([0; 32]), MAX_CHAIN + 1);
        assert_eq!(refusal.unwrap_err().code(), ErrorCode::OutOfRange);
    }

    /// A link for a throw already made changes nothing, even once no throw is due.
    #[test]
    fn a_late_link_is_ignored() {
        let (mut throws, mut mine) = seat_one_committed();
        throws.due(&throw_of(0), &mut chance());
        throws.made();
        throws.due(&Awaiting::Over, &mut chance());
        assert_eq!(throws.contribute(Seat(1), 1, mine.reveal_next()), Ok(false));
    }

    /// A throw awaits the link of a connected seat with an active chain until it arrives.
    #[test]
    fn a_throw_awaits_the_links_of_connected_seats() {
        let (mut throws, mut mine) = seat_one_committed();
        assert!(!throws.awaits_link(|_| true), "no throw is due");
        throws.due(&throw_of(0), &mut chance());
        assert!(throws.awaits_link(|_| true));
        assert!(
            !throws.awaits_link(|seat| seat != Seat(1)),
            "seat 1 is away"
        );
        throws.contribute(Seat(1), 1, mine.reveal_next()).unwrap();
        assert!(!throws.awaits_link(|_| true));
    }
}
