//! Forwarded connections, on the node that holds their sockets: the frames their rooms'
//! owners send come in on this node's subject and go to each connection's queue, as a local
//! room's would; and a heartbeat to each room now and then finds what either side lost.
//!
//! A connection whose queue is full is let go (its socket closes, and its client reconnects
//! for a fresh snapshot), as a local room lets a slow connection go. So is one whose owner's
//! messages skip a number: NATS lost one on the way. A room whose owner no longer answers
//! closes its connections with "service restart": their clients reconnect, and the room
//! wakes on a node that is alive.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use async_nats::{Message, RequestErrorKind, Subscriber};
use futures_util::StreamExt;
use tracing::debug;

use super::Cluster;
use super::message::{CLOSE, CONN, SEQ, Served, ToRoom};
use super::packing::{MORE, Unpacker};
use crate::metrics::Metrics;
use crate::room::queue;
use crate::room::{ConnId, Outbound};
use crate::wire::RoomCode;

/// The close code of a connection whose room moved to another node (RFC 6455's "service
/// restart"): its client reconnects.
pub const MOVED_CODE: u16 = 1012;
pub const MOVED: &str = "the room moved to another server: reconnect";
const MISSED: &str = "frames were lost between servers: reconnect";

/// Heartbeats a room may miss before its connections are closed.
const MISSES: u32 = 2;

/// The connections this node forwards, by number.
#[derive(Debug, Default)]
pub struct Relay {
    conns: Mutex<HashMap<ConnId, Forwarded>>,
}

#[derive(Debug)]
struct Forwarded {
    room: RoomCode,
    out: queue::Sender<Outbound>,
    /// The number of the owner's next message for the connection.
    next: u64,
    /// Its frames, back from the messages that carry them.
    unpacker: Unpacker,
}

/// Why an owner's message was not queued for its connection.
#[derive(Debug)]
enum Undelivered {
    /// A message before it was lost on the way: the client must start afresh.
    Missed,
    /// The connection is gone here, or its queue is full.
    Refused,
}

impl Relay {
    /// A connection forwarded to `room`'s owner, its frames for `out`.
    pub fn add(&self, conn: ConnId, room: RoomCode, out: queue::Sender<Outbound>, m: &Metrics) {
        let forwarded = Forwarded {
            room,
            out,
            next: 1,
            unpacker: Unpacker::default(),
        };
        if self.conns().insert(conn, forwarded).is_none() {
            m.forwarded.inc();
        }
    }

    /// Lets a connection go: its queue closes (unless `closing` says why first).
    pub fn remove(&self, conn: ConnId, closing: Option<Outbound>, metrics: &Metrics) {
        let Some(forwarded) = self.conns().remove(&conn) else {
            return;
        };
        metrics.forwarded.dec();
        if let Some(closing) = closing {
            let _ = forwarded.out.try_send(closing);
        }
    }

    /// The connections forwarded, by room.
    fn by_room(&self) -> HashMap<RoomCode, Vec<ConnId>> {
        let mut rooms: HashMap<RoomCode, Vec<ConnId>> = HashMap::new();
        for (&conn, forwarded) in self.conns().iter() {
            rooms.entry(forwarded.room.clone()).or_default().push(conn);
        }
        rooms
    }

    /// Queues an owner's message for its connection.
    fn deliver(&self, message: &Message, metrics: &Metrics) {
        let headers = message.headers.as_ref();
        let header = |name| {
            headers
                .and_then(|h| h.get(name))
                .map(|value| value.as_str())
        };
        let number = |name| header(name).and_then(|value| value.parse::<u64>().ok());
        let (Some(conn), Some(seq)) = (number(CONN), number(SEQ)) else {
            return debug!("a node message without its connection or number");
        };
        let more = header(MORE).is_some();
        match (self.send(conn, seq, &message.payload, more), header(CLOSE)) {
            (Ok(()), None) => {}
            (Ok(()), Some(super::door::MOVED_AWAY)) => {
                self.remove(conn, Some(moved()), metrics);
            }
            (Err(Undelivered::Missed), _) => {
                debug!(
                    conn,
                    seq, "a forwarded connection missed a message: it reconnects"
                );
                self.remove(conn, Some(missed()), metrics);
            }
            // Dropped by the room, or too slow here: the socket closes as too slow.
            _ => self.remove(conn, None, metrics),
        }
    }

    /// Queues the frames of message `seq` for `conn` if it is the one the connection waits
    /// for.
    fn send(&self, conn: ConnId, seq: u64, payload: &[u8], more: bool) -> Result<(), Undelivered> {
        let mut conns = self.conns();
        let forwarded = conns.get_mut(&conn).ok_or(Undelivered::Refused)?;
        if seq != forwarded.next {
            return Err(Undelivered::Missed);
        }
        forwarded.next += 1;
        let mut frames = forwarded.unpacker.unpack(payload, more);
        let outbound = match frames.len() {
            0 => return Ok(()),
            1 => Outbound::Frame(frames.remove(0)),
            _ => Outbound::Frames(frames),
        };
        forwarded
            .out
            .try_send(outbound)
            .map_err(|_| Undelivered::Refused)
    }

    fn conns(&self) -> std::sync::MutexGuard<'_, HashMap<ConnId, Forwarded>> {
        // Every change is one insert or removal: a panicking holder leaves nothing half done.
        self.conns.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What a connection whose room moved is told before it closes.
pub fn moved() -> Outbound {
    Outbound::Close {
        code: MOVED_CODE,
        reason: MOVED,
    }
}

/// What a connection that missed an owner's message is told before it closes.
fn missed() -> Outbound {
    Outbound::Close {
        code: MOVED_CODE,
        reason: MISSED,
    }
}

/// Takes the owners' messages for this node's connections, for as long as the node runs.
pub async fn listen(cluster: Cluster, mut messages: Subscriber) {
    while let Some(message) = messages.next().await {
        cluster.relay().deliver(&message, cluster.metrics());
    }
}

/// Sends every room with connections forwarded from here a heartbeat each renewal period,
/// and closes what the owner no longer knows, or every connection of a room whose owner has
/// missed [`MISSES`] heartbeats in a row.
pub async fn heartbeats(cluster: Cluster) {
    let mut missed: HashMap<RoomCode, u32> = HashMap::new();
    let mut beat = tokio::time::interval(cluster.renewal());
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        beat.tick().await;
        let rooms = cluster.relay().by_room();
        missed.retain(|room, _| rooms.contains_key(room));
        let beats = rooms.into_iter().map(|(room, conns)| {
            let cluster = cluster.clone();
            async move {
                let ask = ToRoom::Heartbeat {
                    node: cluster.run().to_owned(),
                    conns: conns.clone(),
                };
                let answer = cluster.ask::<Served<Vec<ConnId>>>(&room, &ask).await;
                (room, conns, answer)
            }
        });
        let answers = futures_util::future::join_all(beats).await;
        for (room, conns, answer) in answers {
            let lost: Vec<ConnId> = match answer {
                Ok(Some(known)) => {
                    missed.remove(&room);
                    conns.into_iter().filter(|c| !known.contains(c)).collect()
                }
                Ok(None) => conns,
                Err(RequestErrorKind::TimedOut) => {
                    let misses = missed.entry(room.clone()).or_default();
                    *misses += 1;
                    if *misses < MISSES {
                        continue;
                    }
                    conns
                }
                Err(_) => conns,
            };
            for conn in lost {
                debug!(%room, conn, "closing a forwarded connection its room lost");
                cluster
                    .relay()
                    .remove(conn, Some(moved()), cluster.metrics());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use async_nats::HeaderMap;
    use bytes::Bytes;

    use super::*;

    /// The owner's message `seq` for connection 7, holding `frames`.
    fn message(seq: u64, frames: &str) -> Message {
        let mut headers = HeaderMap::new();
        headers.insert(CONN, "7");
        headers.insert(SEQ, seq.to_string().as_str());
        if let Some(part) = frames.strip_suffix('+') {
            headers.insert(MORE, "1");
            return Message {
                payload: Bytes::from(part.to_owned()),
                headers: Some(headers),
                ..message(0, "")
            };
        }
        Message {
            subject: "node".into(),
            reply: None,
            payload: Bytes::from(frames.to_owned()),
            headers: Some(headers),
            status: None,
            description: None,
            length: frames.len(),
        }
    }

    fn relay() -> (Relay, queue::Receiver<Outbound>, Metrics) {
        let (relay, metrics) = (Relay::default(), Metrics::default());
        let (out, queued) = queue::channel(8);
        relay.add(7, RoomCode::random(), out, &metrics);
        (relay, queued, metrics)
    }

    #[tokio::test]
    async fn messages_in_order_reach_the_connection() {
        let (relay, mut queued, metrics) = relay();
        relay.deliver(&message(1, "a"), &metrics);
        relay.deliver(&message(2, "b\nc"), &metrics);
        assert_eq!(queued.recv().await.unwrap().into_frames(), ["a"]);
        assert_eq!(queued.recv().await.unwrap().into_frames(), ["b", "c"]);
        assert_eq!(metrics.forwarded.get(), 1);
    }

    /// A frame too large for one message comes in parts (marked here by a `+`), and
    /// reaches the connection once whole.
    #[tokio::test]
    async fn a_frame_in_parts_reaches_the_connection_whole() {
        let (relay, mut queued, metrics) = relay();
        relay.deliver(&message(1, "{\"big\":+"), &metrics);
        relay.deliver(&message(2, "\"snap+"), &metrics);
        relay.deliver(&message(3, "shot\"}"), &metrics);
        relay.deliver(&message(4, "a\nb"), &metrics);
        let whole = queued.recv().await.unwrap().into_frames();
        assert_eq!(whole, ["{\"big\":\"snapshot\"}"]);
        assert_eq!(queued.recv().await.unwrap().into_frames(), ["a", "b"]);
    }

    /// A message lost on the way shows in the next one's number: the connection is told to
    /// reconnect and closes, and nothing after the gap reaches it.
    #[tokio::test]
    async fn a_connection_that_missed_a_message_reconnects() {
        let (relay, mut queued, metrics) = relay();
        relay.deliver(&message(1, "a"), &metrics);
        relay.deliver(&message(3, "c"), &metrics);
        relay.deliver(&message(4, "d"), &metrics);
        assert_eq!(queued.recv().await.unwrap().into_frames(), ["a"]);
        let closing = queued.recv().await;
        assert!(
            matches!(
                closing,
                Some(Outbound::Close {
                    code: MOVED_CODE,
                    reason: MISSED
                })
            ),
            "{closing:?}"
        );
        assert!(queued.recv().await.is_none(), "the queue closed");
        assert_eq!(metrics.forwarded.get(), 0);
    }
}
