//! Moves as the room makes them: a client's move or throw, checked and handed to the rules,
//! saved in the journal, logged and published; and the moves made for absent players.

use tracing::{debug, error, warn};

use super::effects::Place;
use super::handle::ConnId;
use super::play::Refused;
use super::{Room, UNSAVED_RETRY};
use crate::fair::throw::{ChainLink, ThrowProof};
use crate::rules::steps::Asked;
use crate::rules::{Awaiting, Move, Refusal, Seat, replay, steps};
use crate::store::record::{ActionRecord, Entry};
use crate::wire::{CommitmentMode, ErrorCode, LogEntry, RoomStatus};

impl Room {
    pub(super) fn on_move(&mut self, conn: ConnId, seat: Seat, version: u64, chosen: Asked) {
        if self.status() != RoomStatus::Playing {
            let why = match self.status() {
                RoomStatus::Waiting => "the game starts when every seat is taken",
                _ => "the game is over",
            };
            return self.refuse(conn, ErrorCode::NotPlaying, why);
        }
        if version != self.saved.version {
            let why = format!(
                "that move was made on version {version}; the room is at version {}",
                self.saved.version
            );
            return self.refuse(conn, ErrorCode::StaleVersion, &why);
        }
        if !chosen.fits(self.settings.commitment) {
            let why = match self.settings.commitment {
                CommitmentMode::Server => {
                    "this room's server commits: send `conceal` with your number"
                }
                CommitmentMode::Trustless => "this room is trustless: send `commit`, then `reveal`",
            };
            return self.refuse(conn, ErrorCode::WrongCommitmentMode, why);
        }
        self.play_asked(conn, seat, chosen);
    }

    /// A seat's link for the throw that is due; from the thrower, the throw itself.
    pub(super) fn on_throw(
        &mut self,
        conn: ConnId,
        seat: Seat,
        index: u32,
        link: Option<ChainLink>,
    ) {
        // Once the game is over no throw is due: a link that comes late, for a throw
        // already made, is ignored as it would be during the game.
        if self.status() == RoomStatus::Waiting {
            return self.refuse(conn, ErrorCode::NotPlaying, "no game is being played");
        }
        match self.throws.contribute(seat, index, link) {
            Ok(true) if self.throws.thrower() == Some(seat) => {}
            Ok(_) => return self.release_waiting_throw(),
            Err(refusal) => return self.refuse(conn, refusal.code(), &refusal.to_string()),
        }
        self.play_asked(conn, seat, Asked::Throw);
    }

    /// Makes the move a client asked for: the room goes on from it, or the client is told
    /// why it was refused.
    fn play_asked(&mut self, conn: ConnId, seat: Seat, asked: Asked) {
        match self.make_move(seat, asked, false) {
            Ok(()) => self.after_move(),
            Err(refusal) => self.refuse(conn, refusal.code(), &refusal.to_string()),
        }
    }

    /// Hands a move to the rules; in server mode, makes the commitment of a concealment,
    /// and opens it as soon as the game awaits its reveal.
    pub(super) fn make_move(
        &mut self,
        seat: Seat,
        asked: Asked,
        auto: bool,
    ) -> Result<(), Refused> {
        // A move that brings the room's own concealment to its reveal is followed at once by
        // that reveal: both places are taken first, so the reveal can always be saved.
        let places = if self.held.is_some() { 2 } else { 1 };
        let mut places = self.reserve(places)?.into_iter();
        match asked {
            Asked::Conceal(number) => {
                let (step, held) = self.conceal(seat, number);
                self.record(seat, &step, auto, places.next(), None)?;
                self.held = Some(held);
            }
            Asked::Throw => {
                let (step, proof) = self.throw()?;
                self.record(seat, &step, auto, places.next(), Some(proof))?;
                self.throws.made();
            }
            Asked::Play(chosen) => {
                self.record(seat, &chosen, auto, places.next(), None)?;
                if let Some((concealer, reveal)) = self.reveal()
                    && let Err(refusal) =
                        self.record(concealer, &reveal, false, places.next(), None)
                {
                    error!(%refusal, "the room's own reveal was refused");
                }
            }
        }
        Ok(())
    }

    /// Plays one move; on success saves it in `place` (taken by the caller), logs it and
    /// bumps the version. The next patch tells everyone.
    fn record(
        &mut self,
        seat: Seat,
        chosen: &Move,
        auto: bool,
        place: Option<Place>,
        throw: Option<ThrowProof>,
    ) -> Result<(), Refusal> {
        let logged = replay::play(&mut self.saved.game, seat, chosen)?;
        let mut record = ActionRecord::new(self.saved.next_seq, seat, chosen, logged, self.now);
        record.throw = throw;
        record.auto = auto;
        self.saved.next_seq += 1;
        self.saved.version += 1;
        // Proposals help only while a guess is open.
        if !matches!(self.saved.game.awaiting(), Awaiting::Guess { .. }) {
            self.proposals.clear();
        }
        self.effects.moves += 1;
        // The log keeps the events; the journal, when there is one, a copy.
        let events = match place {
            Some(_) => record.events.clone(),
            None => std::mem::take(&mut record.events),
        };
        let entry = LogEntry {
            seat,
            auto,
            events,
            note: None,
            throw: record.throw.clone().map(Box::new),
        };
        let game = self.saved.game_id;
        let outcome = self.saved.game.game().outcome();
        let kept = place.is_some();
        self.write(
            place,
            Entry::Action {
                game,
                record,
                outcome,
            },
        );
        self.saved.log.push(entry, kept);
        Ok(())
    }

    pub(super) fn after_move(&mut self) {
        self.throws
            .due(self.saved.game.awaiting(), &mut self.chance);
        self.start_timer();
        self.plan_computers();
        self.publish();
    }

    /// The step's deadline passed: wait for a player who just left, or play for the absent.
    pub(super) fn on_deadline(&mut self) {
        if self.status() != RoomStatus::Playing {
            return self.timer.stop();
        }
        if let Some(until) =
            self.timer
                .grace_until(&self.limits, self.saved.game.awaiting(), &self.seats)
        {
            self.timer.extend(until);
            return self.publish();
        }
        let Some((seat, chosen)) = steps::stand_in(self.saved.game.game(), &mut self.chance) else {
            return self.timer.stop();
        };
        match self.make_move(seat, chosen, true) {
            Ok(()) => {
                debug!(%seat, "played for an absent player");
                self.after_move();
            }
            // The journal is full: try again once it has had a moment to drain.
            Err(Refused::Unsaved(error)) => {
                warn!(%error, "a default move could not be saved");
                self.timer.extend(self.now + UNSAVED_RETRY);
            }
            Err(refusal) => {
                warn!(code = ?refusal.code(), "a default move was refused");
                self.timer.stop();
            }
        }
    }
}
