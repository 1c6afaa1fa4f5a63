//! What the room tells its viewers: each viewer's patch after a change, snapshots, refusals,
//! and any message for an audience, each encoded once.

use axum::extract::ws::Utf8Bytes;
use tracing::{debug, error};

use super::effects::{Audience, Out};
use super::handle::ConnId;
use super::log::Unread;
use super::timer::unix_ms;
use super::views::{self, Own};
use super::{Room, own_for};
use crate::rules::Viewer;
use crate::wire::{ErrorCode, ServerMessage};

impl Room {
    /// Sends each viewer the patch from its last state to its current one, with the log's
    /// entries since the last patch: the public operations and the entries, encoded once,
    /// to everyone; followed by its own operations to a viewer whose secret or legal actions
    /// changed.
    pub(super) fn publish(&mut self) {
        let watched = !self.watchers.conns.is_empty();
        let news = match self.saved.log.news() {
            _ if !watched => Ok(String::new()),
            [] => Ok(String::new()),
            news => serde_json::to_string(news),
        };
        self.saved.log.let_go();
        if !watched {
            return;
        }
        let news = match news {
            Ok(text) => text,
            Err(fault) => return error!(%fault, "could not encode the log's entries"),
        };
        let public = self.room_view(Viewer::Spectator);
        let game = self.saved.game.game();
        let changes = match self
            .watchers
            .views
            .changes(public, |viewer| own_for(game, viewer))
        {
            Ok(changes) => changes,
            Err(fault) => return error!(%fault, "could not build a patch"),
        };
        let (version, now_ms) = (self.saved.version, unix_ms(self.now));
        let own: Vec<Viewer> = changes.own.iter().map(|(viewer, _)| *viewer).collect();
        let own = match own.is_empty() {
            true => Audience::Everyone,
            false => Audience::AllBut(own),
        };
        if !changes.public.is_empty() || !news.is_empty() {
            let frame = views::patch_frame(version, now_ms, &[&changes.public], &news);
            let frame = Utf8Bytes::from(frame);
            self.emit(Out::Send(own, frame));
        }
        for (viewer, ops) in &changes.own {
            let frame = views::patch_frame(version, now_ms, &[&changes.public, ops], &news);
            let frame = Utf8Bytes::from(frame);
            self.effects
                .out
                .push(Out::Send(Audience::Viewer(*viewer), frame));
        }
    }

    /// What `viewer` alone is shown of the game.
    pub(super) fn own_of(&self, viewer: Viewer) -> Own {
        own_for(self.saved.game.game(), viewer)
    }

    pub(super) fn send_snapshot(&mut self, conn: ConnId) {
        let Some(&viewer) = self.watchers.conns.get(&conn) else {
            return;
        };
        let public = self.room_view(Viewer::Spectator);
        self.watchers
            .views
            .reset(viewer, public, self.own_of(viewer));
        let (unread, log) = self.saved.log.for_snapshot();
        let snapshot = ServerMessage::Snapshot {
            version: self.saved.version,
            state: Box::new(self.room_view(viewer)),
            log,
            chat: self.chat.read(&self.table, viewer),
            proposals: self.proposals.read(&self.table, viewer),
            now_ms: unix_ms(self.now),
        };
        if unread > 0 {
            let game = self.saved.game_id;
            let snapshot = Unread {
                game,
                entries: unread,
                snapshot,
            };
            self.emit(Out::Unread(conn, Box::new(snapshot)));
        } else if let Some(frame) = encode(&snapshot) {
            self.emit(Out::To(conn, frame));
        }
    }

    pub(super) fn refuse(&mut self, conn: ConnId, code: ErrorCode, message: &str) {
        debug!(conn, ?code, "refused");
        let error = ServerMessage::Error {
            code,
            message: message.to_owned(),
        };
        if let Some(frame) = encode(&error) {
            self.emit(Out::Answer(conn, frame));
        }
    }

    /// Encodes `message` once and queues it for every connection of the audience.
    pub(super) fn send(&mut self, audience: Audience, message: &ServerMessage) {
        if let Some(frame) = encode(message) {
            self.emit(Out::Send(audience, frame));
        }
    }
}

/// `message` as one text frame; `None`, logged, when it cannot be encoded.
pub(super) fn encode(message: &ServerMessage) -> Option<Utf8Bytes> {
    match serde_json::to_string(message) {
        Ok(text) => Some(Utf8Bytes::from(text)),
        Err(fault) => {
            error!(%fault, "could not encode a frame");
            None
        }
    }
}
