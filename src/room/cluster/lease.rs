//! Leases: one owner per room among the nodes.
//!
//! A lease is the key of a room's code in the JetStream key-value bucket `{cluster}_rooms`,
//! whose value names the owner and its fence. A node claims a room by creating the key, which
//! succeeds only where it is absent; it renews every lease it holds every third of the
//! bucket's age limit by updating each key at the revision it last wrote, which fails once
//! anyone else has written it; and it deletes the key (at that revision) when the room
//! leaves it. A node that stops renewing, because it died or lost NATS, loses its leases as
//! the bucket expires them. The bucket is kept in memory: a lease is worth nothing once its
//! holder has stopped renewing it anyway.
//!
//! A lease alone cannot stop a former owner that does not yet know it lost it: the fence
//! (`crate::store::fence`) does, in the store.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use bytes::Bytes;
use futures_util::TryStreamExt;
use serde::Serialize;
use tokio::time::Instant;
use tracing::warn;

/// Why a room could not be claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unclaimed {
    /// Another node holds its lease.
    Taken,
    /// NATS does not answer.
    Unreachable,
}

/// The leases this node holds.
#[derive(Debug)]
pub struct Leases {
    bucket: kv::Store,
    node: String,
    ttl: Duration,
    held: Mutex<HashMap<String, Held>>,
}

#[derive(Clone, Copy, Debug)]
struct Held {
    /// The revision this node last wrote: renewing or releasing expects it.
    revision: u64,
    /// When NATS last confirmed the lease.
    renewed: Instant,
    /// The owner's fence, once the store has raised it (0 until then).
    fence: i64,
}

/// A lease's value: who holds it, and with which fence.
#[derive(Serialize)]
struct Holder<'a> {
    node: &'a str,
    fence: i64,
}

impl Leases {
    /// The bucket of leases named `{cluster}_rooms`, made if it is not there, its entries
    /// expiring after `ttl`.
    pub async fn open(
        jetstream: &jetstream::Context,
        cluster: &str,
        node: String,
        ttl: Duration,
    ) -> Result<Leases, jetstream::context::CreateKeyValueError> {
        let bucket = jetstream
            .create_key_value(kv::Config {
                bucket: format!("{cluster}_rooms"),
                description: "Which Hesy node owns each room".to_owned(),
                history: 1,
                max_age: ttl,
                storage: jetstream::stream::StorageType::Memory,
                ..Default::default()
            })
            .await?;
        Ok(Leases {
            bucket,
            node,
            ttl,
            held: Mutex::new(HashMap::new()),
        })
    }

    /// How often the leases are renewed.
    pub fn renewal(&self) -> Duration {
        self.ttl / 3
    }

    /// Makes this node the room's owner, where nobody is.
    pub async fn claim(&self, code: &str) -> Result<(), Unclaimed> {
        match self.bucket.create(code, self.value(0)).await {
            Ok(revision) => {
                let renewed = Instant::now();
                let held = Held {
                    revision,
                    renewed,
                    fence: 0,
                };
                self.held().insert(code.to_owned(), held);
                Ok(())
            }
            Err(error) if error.kind() == kv::CreateErrorKind::AlreadyExists => {
                Err(Unclaimed::Taken)
            }
            Err(error) => {
                warn!(%code, %error, "cannot claim a room");
                Err(Unclaimed::Unreachable)
            }
        }
    }

    /// Whether some node holds the room's lease now.
    pub async fn is_held(&self, code: &str) -> Result<bool, Unclaimed> {
        match self.bucket.entry(code).await {
            Ok(entry) => Ok(entry.is_some_and(|e| e.operation == kv::Operation::Put)),
            Err(error) => {
                warn!(%code, %error, "cannot read a room's lease");
                Err(Unclaimed::Unreachable)
            }
        }
    }

    /// Writes the fence the store gave this owner into its lease.
    pub fn fenced(&self, code: &str, fence: i64) {
        if let Some(held) = self.held().get_mut(code) {
            held.fence = fence;
        }
    }

    /// Gives the room's lease up, so another node may claim it at once.
    pub async fn release(&self, code: &str) {
        let Some(held) = self.held().remove(code) else {
            return;
        };
        let released = self
            .bucket
            .delete_expect_revision(code, Some(held.revision));
        if let Err(error) = released.await {
            // It expires by itself, or is another's already.
            warn!(%code, %error, "cannot release a lease");
        }
    }

    /// Renews every lease held, all at once, each given until the next renewal to be
    /// confirmed; the rooms whose lease is lost: another node wrote it, or NATS has not
    /// confirmed it for as long as it lasts.
    pub async fn renew(&self) -> Vec<String> {
        let held: Vec<(String, Held)> = self
            .held()
            .iter()
            .map(|(code, held)| (code.clone(), *held))
            .collect();
        let renewals = held.into_iter().map(|(code, held)| async move {
            let update = self
                .bucket
                .update(&code, self.value(held.fence), held.revision);
            let renewed = tokio::time::timeout(self.renewal(), update).await;
            (code, held, renewed)
        });
        let mut lost = Vec::new();
        for (code, held, renewed) in futures_util::future::join_all(renewals).await {
            let taken = match renewed {
                Ok(Ok(revision)) => {
                    if let Some(mine) = self.held().get_mut(&code) {
                        mine.revision = revision;
                        mine.renewed = Instant::now();
                    }
                    continue;
                }
                Ok(Err(error)) => error.kind() == kv::UpdateErrorKind::WrongLastRevision,
                Err(_) => false,
            };
            if !(taken || held.renewed.elapsed() >= self.ttl) {
                continue;
            }
            // Unless the room left meanwhile (and maybe came back, under a new lease).
            let mut mine = self.held();
            if mine.get(&code).is_some_and(|h| h.revision == held.revision) {
                mine.remove(&code);
                drop(mine);
                warn!(%code, taken, "lost the lease of a room");
                lost.push(code);
            }
        }
        lost
    }

    /// The rooms any node holds a lease on now.
    pub async fn held_anywhere(&self) -> Option<HashSet<String>> {
        let keys = self.bucket.keys().await.ok()?;
        keys.try_collect().await.ok()
    }

    /// How many leases this node holds.
    pub fn count(&self) -> usize {
        self.held().len()
    }

    fn value(&self, fence: i64) -> Bytes {
        let holder = Holder {
            node: &self.node,
            fence,
        };
        serde_json::to_vec(&holder).map_or_else(|_| Bytes::new(), Bytes::from)
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<String, Held>> {
        // Every change is one insert or removal: a panicking holder leaves nothing half done.
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
