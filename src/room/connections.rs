//! A room's connections: joining and leaving, and the messages a seat sends that are not
//! moves (chat, proposals, chains).

use tracing::debug;

use super::effects::{Audience, Out};
use super::handle::{ConnId, Credentials};
use super::request::Request;
use super::{Room, chat};
use crate::rules::{Awaiting, Seat, Viewer};
use crate::store::journal::JournalError;
use crate::store::record::{self, ChatRecord, Entry};
use crate::wire::{Channel, ChatLine, ErrorCode, Proposal, RoomStatus, ServerMessage};

impl Room {
    pub(super) fn connect(
        &mut self,
        conn: ConnId,
        credentials: Credentials,
    ) -> Result<Viewer, ErrorCode> {
        let viewer = match credentials {
            Credentials::Seat(token) => {
                Viewer::Seat(self.seats.find(&token).ok_or(ErrorCode::BadToken)?)
            }
            Credentials::Spectator => Viewer::Spectator,
        };
        match viewer {
            Viewer::Seat(seat) => {
                if self.seats.connect(seat) {
                    self.send(
                        Audience::Everyone,
                        &ServerMessage::Presence {
                            seat,
                            connected: true,
                        },
                    );
                }
            }
            Viewer::Spectator => self.watchers.spectators += 1,
        }
        self.plan_computers();
        self.publish();
        self.watchers.conns.insert(conn, viewer);
        self.emit(Out::Subscribe(conn, viewer));
        self.send_snapshot(conn);
        debug!(conn, ?viewer, "joined");
        Ok(viewer)
    }

    pub(super) fn remove_conn(&mut self, conn: ConnId) {
        let Some(viewer) = self.watchers.conns.remove(&conn) else {
            return;
        };
        self.emit(Out::Unsubscribe(conn));
        match viewer {
            Viewer::Seat(seat) => {
                if self.seats.disconnect(seat, self.now) {
                    self.send(
                        Audience::Everyone,
                        &ServerMessage::Presence {
                            seat,
                            connected: false,
                        },
                    );
                }
            }
            Viewer::Spectator => self.watchers.spectators -= 1,
        }
        if !self.watchers.conns.values().any(|&other| other == viewer) {
            self.watchers.views.forget(viewer);
        }
        self.release_waiting_throw();
        self.publish();
    }

    pub(super) fn on_request(&mut self, conn: ConnId, request: Request) {
        let Some(&viewer) = self.watchers.conns.get(&conn) else {
            return;
        };
        let Viewer::Seat(seat) = viewer else {
            return self.refuse(
                conn,
                ErrorCode::NotAPlayer,
                "spectators watch; only players play and chat",
            );
        };
        match request {
            Request::Chat { channel, text } => {
                let Some(name) = self.seats.name(seat).cloned() else {
                    return;
                };
                if let Err(refusal) = self.save_chat(seat, channel, String::from(text.clone())) {
                    return self.refuse(conn, ErrorCode::Unsaved, &refusal.to_string());
                }
                let line = ChatLine {
                    channel,
                    seat,
                    name,
                    text,
                };
                self.chat.push(&self.table, line.clone());
                if let Some(readers) = chat::audience(&self.table, channel, seat) {
                    self.send(readers, &ServerMessage::Chat(line));
                }
            }
            Request::Propose { number } => self.propose(conn, seat, number),
            Request::Chain { anchor, length } => match self.throws.commit(seat, anchor, length) {
                Ok(()) => self.publish(),
                Err(refusal) => self.refuse(conn, refusal.code(), &refusal.to_string()),
            },
            Request::Throw { index, link } => self.on_throw(conn, seat, index, link),
            Request::Play { version, asked } => self.on_move(conn, seat, version, asked),
        }
    }

    /// A guess suggested to the team. It is kept (for later arrivals' snapshots) only
    /// while the proposer's side is guessing, and must fit that guess's range; at other
    /// times it is talk, within any range a guess of this game may take.
    pub(super) fn propose(&mut self, conn: ConnId, seat: Seat, number: u8) {
        let open = match self.saved.game.awaiting() {
            Awaiting::Guess {
                seats, min, max, ..
            } if seats.contains(&seat) => Some((*min, *max)),
            _ => None,
        };
        let Some((min, max)) = open.or_else(|| self.saved.game.game().guesses()) else {
            return self.refuse(conn, ErrorCode::WrongPhase, "this game has no guesses");
        };
        if !(min..=max).contains(&number) {
            let why = format!("a proposal is a guess, {min}–{max}");
            return self.refuse(conn, ErrorCode::OutOfRange, &why);
        }
        let proposal = Proposal { seat, number };
        if open.is_some() {
            self.proposals.set(proposal);
        }
        if let Some(team) = chat::audience(&self.table, Channel::Team, seat) {
            self.send(team, &ServerMessage::Proposal(proposal));
        }
    }

    /// Saves a chat message of the game under way; a room still filling its seats has no
    /// game to keep it with.
    pub(super) fn save_chat(
        &mut self,
        seat: Seat,
        channel: Channel,
        body: String,
    ) -> Result<(), JournalError> {
        if self.status() == RoomStatus::Waiting {
            return Ok(());
        }
        let Some(place) = self.reserve(1)?.pop() else {
            return Ok(());
        };
        let channel = match channel {
            Channel::Table => record::Channel::Table,
            Channel::Team => match self.table.team_of(seat) {
                Some(team) => record::Channel::Team(team),
                None => return Ok(()),
            },
        };
        let game = self.saved.game_id;
        let at = self.now;
        self.write(
            Some(place),
            Entry::Chat {
                game,
                record: ChatRecord {
                    seq: self.saved.next_chat_seq,
                    seat: Some(seat),
                    channel,
                    body,
                    at,
                },
            },
        );
        self.saved.next_chat_seq += 1;
        Ok(())
    }
}
