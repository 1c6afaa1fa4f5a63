//! Fencing tokens: what keeps a room's former owner from writing once another node owns it.
//!
//! With several nodes (`src/cluster/`), a room is served by the node holding its lease. A
//! lease can be lost without its holder knowing at once (the node paused, or was cut off
//! from NATS while the lease expired), and meanwhile another node may claim the room. So
//! every claim raises the room's fence in the store (`room_fences`): the number of its
//! newest owner, one more than the last. The owner's journal entries carry its number, and
//! the journal writes them only while that number is the room's latest: reading the fence
//! locks its row until the batch commits, so a claim waits for the write under way and the
//! write after the claim is refused. The refused owner learns it from its [`Fence`] and
//! lets the room go; what it had not committed was never shown to anyone.

use std::sync::atomic::{AtomicU64, Ordering};

use super::{Store, StoreError, with_pool};

const RAISE: &str = "INSERT INTO room_fences (code, fence) VALUES ($1, 1)
    ON CONFLICT (code) DO UPDATE SET fence = room_fences.fence + 1
    RETURNING fence";

/// One owner's claim on a room: the room's code and the owner's number.
#[derive(Debug)]
pub struct Fence {
    code: String,
    number: i64,
    /// Entries the store refused since another owner's number passed this one.
    refused: AtomicU64,
}

impl Fence {
    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn number(&self) -> i64 {
        self.number
    }

    /// Whether the store has refused an entry of this owner: another owns the room.
    pub fn lost(&self) -> bool {
        self.refused() > 0
    }

    /// How many of this owner's entries the store refused.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Acquire)
    }

    pub(super) fn refuse(&self) {
        self.refused.fetch_add(1, Ordering::AcqRel);
    }
}

impl Store {
    /// Makes the caller the newest owner of room `code`: its fence, one more than the last.
    /// Waits for a batch of a former owner under way to commit first.
    pub async fn raise_fence(&self, code: &str) -> Result<Fence, StoreError> {
        let number: i64 = with_pool!(self, pool => {
            sqlx::query_scalar(RAISE).bind(code).fetch_one(pool).await?
        });
        Ok(Fence {
            code: code.to_owned(),
            number,
            refused: AtomicU64::new(0),
        })
    }
}
