//! Many nodes, one service: rooms spread over the nodes that share a Postgres database and a
//! NATS server, any node answering for any room (docs/cluster.md).
//!
//! - **One owner per room** (`lease`): a node that wakes a room first claims its lease; it
//!   renews it while the room is awake and releases it once the room has left memory and
//!   its last entries are committed. Claiming raises the room's fence in the store
//!   (`crate::store::fence`), which refuses the writes of any former owner.
//! - **Any node serves any player** (`remote`, `door`, `relay`): a request or connection
//!   for a room another node owns crosses to that room's door over NATS; the connection's
//!   frames come back, in order, to the node holding its socket.
//! - **What nodes say** (`message`): JSON on `{cluster}.room.{code}` and
//!   `{cluster}.node.{node}`.
//!
//! Without `--nats-url` none of this runs, and the server is the single process it always was.

mod door;
mod lease;
mod message;
mod packing;
mod relay;
mod remote;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::Context;
use async_nats::{Client, HeaderMap, RequestErrorKind, Subject};
use bytes::Bytes;
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::task::AbortHandle;
use tracing::{debug, info, warn};

use crate::metrics::Metrics;
use crate::store::Store;
use crate::wire::RoomCode;

use super::{Registry, RoomGone};
pub use lease::Unclaimed;
use relay::Relay;
pub use relay::{MOVED, MOVED_CODE, moved};
pub use remote::RemoteRoom;

/// How often a node looks for rooms awake in the store that no node holds (at least).
const ADOPTION: Duration = Duration::from_secs(30);

/// NATS's own cap on a message, for a server that does not say.
const DEFAULT_MAX_PAYLOAD: usize = 1024 * 1024;
/// What a message's headers may take of the cap.
const HEADERS_ROOM: usize = 1024;

/// How long a request to a room's owner waits for its answer.
const ASK_TIMEOUT: Duration = Duration::from_secs(5);

/// How often a request that found nobody at a room's door tries again (the owner may be
/// opening it): the pause grows by this much each time.
const KNOCK: Duration = Duration::from_millis(50);
const KNOCKS: u32 = 4;

/// What joining a cluster takes.
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    pub url: String,
    /// The cluster's name: its bucket of leases and its subjects' prefix.
    pub name: String,
    /// This node's name; `None` for the host name and a random suffix.
    pub node: Option<String>,
    pub lease_ttl: Duration,
}

/// This node's place in the cluster. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Cluster {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    client: Client,
    name: String,
    node: String,
    /// This run of the node: its name and a random suffix drawn at start-up. Forwarded
    /// connections are numbered by it, so a node restarted under the same name never gets
    /// the frames of connections its former run held.
    run: String,
    /// The number of the next connection this node forwards (see [`RemoteRoom::connect`]).
    next_wire: AtomicU64,
    leases: lease::Leases,
    relay: Relay,
    /// The doors of the rooms this node owns.
    doors: Mutex<HashMap<RoomCode, AbortHandle>>,
    metrics: Arc<Metrics>,
}

/// What `/healthz` says of the cluster.
#[derive(Clone, Debug, Serialize)]
pub struct ClusterHealth {
    pub node: String,
    /// `connected` or `disconnected`.
    pub nats: &'static str,
    pub leases: usize,
    pub forwarded: u64,
}

impl Cluster {
    /// Connects to NATS, opens the bucket of leases and starts listening for this node's
    /// forwarded connections.
    pub async fn join(config: &ClusterConfig, metrics: Arc<Metrics>) -> anyhow::Result<Cluster> {
        let node = config.node.clone().unwrap_or_else(default_node);
        let connected = metrics.clone();
        let client = async_nats::ConnectOptions::new()
            .name(format!("hesy {node}"))
            .event_callback(move |event| {
                let connected = connected.clone();
                async move {
                    // Anything but a connection made means messages may have been lost.
                    match event {
                        async_nats::Event::Connected => {
                            connected.nats_connected.set(1);
                            info!(%event, "NATS");
                        }
                        async_nats::Event::Disconnected => {
                            connected.nats_connected.set(0);
                            warn!(%event, "NATS");
                        }
                        event => warn!(%event, "NATS"),
                    }
                }
            })
            .connect(&config.url)
            .await
            .with_context(|| format!("cannot connect to NATS at {}", config.url))?;
        metrics.nats_connected.set(1);
        let jetstream = async_nats::jetstream::new(client.clone());
        let leases = lease::Leases::open(&jetstream, &config.name, node.clone(), config.lease_ttl)
            .await
            .context("cannot open the bucket of room leases (is JetStream on?)")?;
        let run = format!("{node}-{}", random_suffix());
        let cluster = Cluster {
            inner: Arc::new(Inner {
                client,
                name: config.name.clone(),
                run,
                next_wire: AtomicU64::new(1),
                node,
                leases,
                relay: Relay::default(),
                doors: Mutex::default(),
                metrics,
            }),
        };
        let mine = cluster.node_subject(cluster.run());
        let messages = cluster.inner.client.subscribe(mine).await?;
        tokio::spawn(relay::listen(cluster.clone(), messages));
        tokio::spawn(relay::heartbeats(cluster.clone()));
        info!(node = cluster.node(), "joined the cluster");
        Ok(cluster)
    }

    pub fn node(&self) -> &str {
        &self.inner.node
    }

    /// The most bytes one message to another node may carry: the NATS server's cap, less
    /// room for the headers.
    fn max_payload(&self) -> usize {
        let cap = self.inner.client.server_info().max_payload;
        match cap {
            0 => DEFAULT_MAX_PAYLOAD,
            cap => cap,
        }
        .saturating_sub(HEADERS_ROOM)
    }

    /// A number for a connection this node forwards, unique in this run of it.
    fn next_wire(&self) -> u64 {
        self.inner.next_wire.fetch_add(1, Ordering::Relaxed)
    }

    /// This run of the node, as forwarded connections name it.
    fn run(&self) -> &str {
        &self.inner.run
    }

    pub fn health(&self) -> ClusterHealth {
        let connected = self.inner.client.connection_state();
        ClusterHealth {
            node: self.inner.node.clone(),
            nats: match connected {
                async_nats::connection::State::Connected => "connected",
                _ => "disconnected",
            },
            leases: self.inner.leases.count(),
            forwarded: self.inner.metrics.forwarded.get(),
        }
    }

    /// The way to room `code`, which another node owns.
    pub fn remote(&self, code: RoomCode) -> RemoteRoom {
        RemoteRoom::new(self.clone(), code)
    }

    /// Claims room `code` for this node; then its fence is raised and written with
    /// [`Cluster::fenced`].
    pub async fn claim(&self, code: &RoomCode) -> Result<(), Unclaimed> {
        let claimed = self.inner.leases.claim(code.as_str()).await;
        if claimed.is_ok() {
            self.inner
                .metrics
                .leases
                .set(self.inner.leases.count() as u64);
        }
        claimed
    }

    /// Whether some node holds room `code`'s lease now (a read, where a claim is a write).
    pub async fn held(&self, code: &RoomCode) -> Result<bool, Unclaimed> {
        self.inner.leases.is_held(code.as_str()).await
    }

    /// Writes the fence the store gave this node's claim on `code` into its lease.
    pub fn fenced(&self, code: &RoomCode, fence: i64) {
        self.inner.leases.fenced(code.as_str(), fence);
    }

    /// Opens the door of room `code`, now awake here.
    pub fn open(&self, code: &RoomCode, registry: &Registry) {
        let cluster = self.clone();
        let (registry, room) = (registry.clone(), code.clone());
        let door = tokio::spawn(async move {
            let subject = cluster.room_subject(&room);
            match cluster.inner.client.subscribe(subject).await {
                Ok(asks) => door::serve(cluster, registry, room, asks).await,
                Err(error) => warn!(%room, %error, "cannot open a room's door"),
            }
        });
        let mut doors = self.doors();
        if let Some(old) = doors.insert(code.clone(), door.abort_handle()) {
            old.abort();
        }
    }

    /// Room `code` has left memory: its door closes, and its lease is given up.
    pub async fn vacate(&self, code: &RoomCode) {
        if let Some(door) = self.doors().remove(code) {
            door.abort();
        }
        self.inner.leases.release(code.as_str()).await;
        self.inner
            .metrics
            .leases
            .set(self.inner.leases.count() as u64);
    }

    /// Renews this node's leases for as long as it runs; the rooms whose lease is lost
    /// leave memory, their connections told to reconnect.
    pub async fn keep_leases(self, registry: Registry) {
        let mut renewal = tokio::time::interval(self.renewal());
        renewal.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            renewal.tick().await;
            for code in self.inner.leases.renew().await {
                self.inner.metrics.leases_lost.inc();
                if let Ok(code) = RoomCode::try_from(code) {
                    registry.evict(&code).await;
                }
            }
            self.inner
                .metrics
                .leases
                .set(self.inner.leases.count() as u64);
        }
    }

    /// Wakes, now and then, the rooms the store says are awake but no node holds: those of
    /// a node that died (or stopped) with nobody coming back for them yet, so their timers
    /// and computer players go on. Whichever node looks first claims each.
    pub async fn adopt_orphans(self, registry: Registry, store: Store) {
        let mut look = tokio::time::interval(ADOPTION.max(self.renewal() * 6));
        look.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            look.tick().await;
            let (Ok(awake), Some(held)) =
                (store.awake().await, self.inner.leases.held_anywhere().await)
            else {
                continue;
            };
            for code in awake.into_iter().filter(|code| !held.contains(code)) {
                if let Ok(code) = RoomCode::try_from(code)
                    && let Err(missing) = registry.ring(&code).await
                {
                    debug!(%code, ?missing, "cannot adopt a room no node holds");
                }
            }
        }
    }

    fn renewal(&self) -> Duration {
        self.inner.leases.renewal()
    }

    fn relay(&self) -> &Relay {
        &self.inner.relay
    }

    fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    fn room_subject(&self, code: &RoomCode) -> Subject {
        Subject::from(format!("{}.room.{code}", self.inner.name))
    }

    fn node_subject(&self, node: &str) -> Subject {
        Subject::from(format!("{}.node.{node}", self.inner.name))
    }

    /// Asks room `code`'s owner and waits for the answer; knocks again a few times while
    /// nobody is at the door (the owner may be opening it).
    async fn ask<T: DeserializeOwned>(
        &self,
        code: &RoomCode,
        ask: &impl Serialize,
    ) -> Result<T, RequestErrorKind> {
        let payload = Bytes::from(serde_json::to_vec(ask).map_err(|_| RequestErrorKind::Other)?);
        let subject = self.room_subject(code);
        let mut knocks = 0;
        loop {
            let request = self.inner.client.request(subject.clone(), payload.clone());
            let error = match tokio::time::timeout(ASK_TIMEOUT, request).await {
                Ok(Ok(answer)) => {
                    return serde_json::from_slice(&answer.payload)
                        .map_err(|_| RequestErrorKind::Other);
                }
                Ok(Err(error)) => error.kind(),
                Err(_) => RequestErrorKind::TimedOut,
            };
            if error != RequestErrorKind::NoResponders || knocks == KNOCKS {
                debug!(%code, ?error, "a room's owner did not answer");
                return Err(error);
            }
            knocks += 1;
            tokio::time::sleep(KNOCK * knocks).await;
        }
    }

    /// Tells room `code`'s owner something that wants no answer.
    async fn tell(&self, code: &RoomCode, tell: &impl Serialize) -> Result<(), RoomGone> {
        let payload = serde_json::to_vec(tell).map_err(|_| RoomGone)?;
        let subject = self.room_subject(code);
        let published = self.inner.client.publish(subject, payload.into()).await;
        published.map_err(|_| RoomGone)
    }

    async fn publish(&self, subject: Subject, headers: HeaderMap, payload: Bytes) {
        let published = self
            .inner
            .client
            .publish_with_headers(subject, headers, payload)
            .await;
        if let Err(error) = published {
            debug!(%error, "cannot publish to NATS");
        }
    }

    fn doors(&self) -> std::sync::MutexGuard<'_, HashMap<RoomCode, AbortHandle>> {
        // Every change is one insert or removal: a panicking holder leaves nothing half done.
        self.inner
            .doors
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// The host's name and a random suffix, as NATS subjects allow.
fn default_node() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "node".to_owned());
    let host: String = host
        .trim()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    format!("{host}-{}", random_suffix())
}

/// Six random hex digits.
fn random_suffix() -> String {
    let mut suffix = [0u8; 3];
    // A node without a random source cannot make seat tokens either: a fixed suffix is fine.
    let _ = getrandom::fill(&mut suffix);
    hex::encode(suffix)
}
