//! Which node owns a room, the registry's part: with several nodes a room is this node's
//! once its lease is claimed and its fence raised (`super::cluster`); it leaves when another
//! node takes it over, or when this node stops.

use std::sync::Arc;

use tracing::warn;

use crate::store::Store;
use crate::store::journal::Journal;
use crate::wire::RoomCode;

use super::Command;
use super::cluster::Unclaimed;
use super::registry::{Missing, Registry};
use super::wake::Unowned;

impl Registry {
    /// The journal a room of this node writes through, once the room is this node's: with
    /// several nodes, its lease claimed and its fence raised. A room to wake must be in
    /// `stored` first (a code no room has gets no lease and no fence); a new room is not yet.
    pub(super) async fn owned(
        &self,
        code: &RoomCode,
        stored: Option<&Store>,
    ) -> Result<Option<Journal>, Unowned> {
        let config = self.config();
        let (Some(cluster), Some(store), Some(journal)) =
            (&config.cluster, &config.store, &config.journal)
        else {
            return Ok(config.journal.clone());
        };
        let unowned = |unclaimed| match unclaimed {
            Unclaimed::Taken => Unowned::Elsewhere,
            Unclaimed::Unreachable => Unowned::Missing(Missing::Unreachable),
        };
        if let Some(stored) = stored {
            // Reads first: a room another node holds, or a code no room has, costs no write.
            if cluster.held(code).await.map_err(unowned)? {
                return Err(Unowned::Elsewhere);
            }
            match stored.has_room(code.as_str()).await {
                Ok(true) => {}
                Ok(false) => return Err(Missing::NoSuchRoom.into()),
                Err(_) => return Err(Missing::Unreachable.into()),
            }
        }
        cluster.claim(code).await.map_err(unowned)?;
        match store.raise_fence(code.as_str()).await {
            Ok(fence) => {
                cluster.fenced(code, fence.number());
                Ok(Some(journal.fenced(Arc::new(fence))))
            }
            Err(error) => {
                warn!(%code, %error, "cannot raise a room's fence");
                cluster.vacate(code).await;
                Err(Unowned::Missing(Missing::Unreachable))
            }
        }
    }

    /// With several nodes, opens the door of room `code`, now awake here.
    pub(super) fn opened(&self, code: &RoomCode) {
        if let Some(cluster) = &self.config().cluster {
            cluster.open(code, self);
        }
    }

    /// With several nodes: room `code` is another node's now. Its task here (if any) ends
    /// at once, telling its connections to reconnect.
    pub async fn evict(&self, code: &RoomCode) {
        if let Some(room) = self.here(code) {
            let _ = room.send(Command::Leave).await;
        }
    }

    /// Every room awake here leaves (the node stops): its connections are told to
    /// reconnect, and its lease is given up once what it wrote is committed.
    pub async fn leave_all(&self) {
        let codes: Vec<RoomCode> = self.rooms().keys().cloned().collect();
        for code in codes {
            self.evict(&code).await;
        }
    }
}
