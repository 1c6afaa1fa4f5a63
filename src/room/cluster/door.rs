//! A room's door, on the node that owns it: what other nodes forward for the room arrives on
//! its subject, in the order each node sent it, and goes to the room's task as a local
//! request or connection's would. A forwarded connection is a connection of the room like
//! any other: it has a queue, which the fan-out fills with what its viewer may see once the
//! journal has committed it, and a task that carries the queue's frames, in order, to the
//! connection's node. So every guarantee a local connection has holds across the hop.
//!
//! A node that stops sending heartbeats for its connections is taken to be gone, and its
//! connections leave the room.

use std::collections::HashMap;
use std::time::Duration;

use async_nats::{HeaderMap, Message, Subject, Subscriber};
use axum::extract::ws::Utf8Bytes;
use bytes::Bytes;
use futures_util::StreamExt;
use serde::Serialize;
use tokio::sync::oneshot;
use tokio::time::Instant;
use tracing::debug;

use super::Cluster;
use super::message::{CLOSE, CONN, SEQ, ToRoom};
use super::packing::{MORE, pack};
use crate::room::queue::{self, TryRecvError};
use crate::room::{Command, ConnId, Heard, LocalRoom, Outbound, Registry};
use crate::wire::{ClientMessage, RoomCode};

/// The `CLOSE` header's value when the room moved away; otherwise the room dropped the
/// connection (it fell behind, or was replaced).
pub const MOVED_AWAY: &str = "moved";
const DROPPED: &str = "dropped";

/// Frames a forwarded connection may have waiting to cross to its node.
const OUTBOX: usize = 256;

/// Heartbeat periods a node may stay silent before its connections leave.
const SILENCE: u32 = 3;

/// Serves the door of room `code` until its subscription ends (the room left this node).
pub async fn serve(cluster: Cluster, registry: Registry, code: RoomCode, mut asks: Subscriber) {
    let mut door = Door {
        cluster,
        registry,
        code,
        forwarded: HashMap::new(),
        heard: HashMap::new(),
    };
    let period = door.cluster.renewal();
    let mut check = tokio::time::interval(period);
    loop {
        tokio::select! {
            message = asks.next() => match message {
                Some(message) => door.open(message).await,
                None => return,
            },
            _ = check.tick() => door.forget_silent(period * SILENCE).await,
        }
    }
}

struct Door {
    cluster: Cluster,
    registry: Registry,
    code: RoomCode,
    /// Forwarded connections: their node and number there, and their number here.
    forwarded: HashMap<(String, ConnId), ConnId>,
    /// When each node with forwarded connections was last heard from.
    heard: HashMap<String, Instant>,
}

impl Door {
    async fn open(&mut self, message: Message) {
        let ask: ToRoom = match serde_json::from_slice(&message.payload) {
            Ok(ask) => ask,
            Err(error) => return debug!(%error, "a forwarded request that does not parse"),
        };
        let reply = message.reply;
        let Some(room) = self.registry.here(&self.code) else {
            // Not here any more: the asker finds the room again.
            if let Some(reply) = reply {
                self.answer(reply, &None::<()>).await;
            }
            return;
        };
        match ask {
            ToRoom::Info => self.relay(reply, room, |reply| Command::Info { reply }),
            ToRoom::TakeSeat { seat, sitter } => {
                self.relay(reply, room, move |reply| Command::TakeSeat {
                    seat,
                    sitter,
                    reply,
                })
            }
            ToRoom::Rematch { token } => {
                self.relay(reply, room, move |reply| Command::Rematch { token, reply });
            }
            ToRoom::Summary { token } => {
                self.relay(reply, room, move |reply| Command::Summary { token, reply });
            }
            ToRoom::Connect {
                node,
                conn,
                credentials,
            } => {
                let here = self.registry.next_conn();
                let (out, outbox) = queue::channel(OUTBOX);
                let subject = self.cluster.node_subject(&node);
                tokio::spawn(carry(self.cluster.clone(), outbox, subject, conn));
                self.heard.insert(node.clone(), Instant::now());
                self.forwarded.insert((node, conn), here);
                self.relay(reply, room, move |reply| Command::Connect {
                    conn: here,
                    credentials,
                    out,
                    reply,
                });
            }
            ToRoom::Message { node, conn, text } => {
                let here = self.forwarded.get(&(node, conn)).copied();
                let heard = ClientMessage::parse(&text).map(Heard::from);
                if let (Some(conn), Ok(Heard::Request(request))) = (here, heard) {
                    let _ = room.send(Command::Message { conn, request }).await;
                }
            }
            ToRoom::Disconnect { node, conn } => {
                if let Some(conn) = self.forwarded.remove(&(node, conn)) {
                    let _ = room.send(Command::Disconnect { conn }).await;
                }
            }
            ToRoom::Heartbeat { node, conns } => {
                let known: Vec<ConnId> = conns
                    .iter()
                    .copied()
                    .filter(|&conn| self.forwarded.contains_key(&(node.clone(), conn)))
                    .collect();
                // What the node no longer serves (a join it gave up on, a close lost on
                // the way) leaves the room.
                let gone: Vec<(String, ConnId)> = self
                    .forwarded
                    .keys()
                    .filter(|(of, conn)| *of == node && !conns.contains(conn))
                    .cloned()
                    .collect();
                self.leave(&room, gone).await;
                self.heard.insert(node, Instant::now());
                if let Some(reply) = reply {
                    self.answer(reply, &Some(known)).await;
                }
            }
        }
    }

    /// Hands the room a command that carries a reply, in order with the node's other
    /// messages, and answers the asker once the room replies (without waiting for it here).
    fn relay<T: Serialize + Send + 'static>(
        &self,
        reply: Option<Subject>,
        room: LocalRoom,
        command: impl FnOnce(oneshot::Sender<T>) -> Command + Send + 'static,
    ) {
        let (answer, answered) = oneshot::channel();
        let cluster = self.cluster.clone();
        tokio::spawn(async move {
            let sent = room.send(command(answer)).await.is_ok();
            let answer = match sent {
                true => answered.await.ok(),
                false => None,
            };
            if let Some(reply) = reply {
                cluster
                    .publish(reply, HeaderMap::new(), json(&answer))
                    .await;
            }
        });
    }

    async fn answer<T: Serialize>(&self, reply: Subject, answer: &Option<T>) {
        self.cluster
            .publish(reply, HeaderMap::new(), json(answer))
            .await;
    }

    /// The connections of nodes silent for `silence` leave the room.
    async fn forget_silent(&mut self, silence: Duration) {
        let silent: Vec<String> = self
            .heard
            .iter()
            .filter(|(_, heard)| heard.elapsed() >= silence)
            .map(|(node, _)| node.clone())
            .collect();
        for node in silent {
            self.heard.remove(&node);
            let gone: Vec<(String, ConnId)> = self
                .forwarded
                .keys()
                .filter(|(of, _)| *of == node)
                .cloned()
                .collect();
            if let Some(room) = self.registry.here(&self.code) {
                debug!(%node, "a node went silent: its connections leave the room");
                self.leave(&room, gone).await;
            }
        }
    }

    /// The forwarded connections `gone` leave the room.
    async fn leave(&mut self, room: &LocalRoom, gone: Vec<(String, ConnId)>) {
        for key in gone {
            if let Some(conn) = self.forwarded.remove(&key) {
                let _ = room.send(Command::Disconnect { conn }).await;
            }
        }
    }
}

fn json<T: Serialize>(value: &T) -> Bytes {
    serde_json::to_vec(value).map_or_else(|_| Bytes::new(), Bytes::from)
}

/// Carries a forwarded connection's frames to its node, in order, as many as are waiting and
/// fit in one message; then says the connection has ended, and why. Each message is numbered.
async fn carry(
    cluster: Cluster,
    mut outbox: queue::Receiver<Outbound>,
    subject: Subject,
    conn: ConnId,
) {
    let conn = conn.to_string();
    let mut seq: u64 = 0;
    let mut headers = || {
        seq += 1;
        let mut headers = HeaderMap::new();
        headers.insert(CONN, conn.as_str());
        headers.insert(SEQ, seq.to_string().as_str());
        headers
    };
    let mut ending = None;
    while ending.is_none() {
        let Some(first) = outbox.recv().await else {
            ending = Some(DROPPED);
            break;
        };
        let mut frames: Vec<Utf8Bytes> = Vec::new();
        let mut next = Some(first);
        while let Some(item) = next.take() {
            match item {
                Outbound::Frame(frame) => frames.push(frame),
                Outbound::Frames(many) => frames.extend(many),
                Outbound::Close { .. } => {
                    ending = Some(MOVED_AWAY);
                    break;
                }
            }
            next = match outbox.try_recv() {
                Ok(item) => Some(item),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => {
                    ending = Some(DROPPED);
                    None
                }
            };
        }
        for packed in pack(&frames, cluster.max_payload()) {
            let mut headers = headers();
            if packed.more {
                headers.insert(MORE, "1");
            }
            cluster
                .publish(subject.clone(), headers, packed.payload)
                .await;
        }
    }
    let mut last = headers();
    last.insert(CLOSE, ending.unwrap_or(DROPPED));
    cluster.publish(subject, last, Bytes::new()).await;
}
