//! The audit bundle: one finished game, everything needed to re-verify it, as one JSON
//! document. `docs/audit-bundle.md` describes the format for other implementations.

use serde::{Deserialize, Serialize};

use uuid::Uuid;

use super::queries::{ChatReader, StoredGame};
use super::record::{ActionRecord, ChatRecord, GameRecord};
use super::{Store, StoreError};

/// The only format version so far. A verifier refuses any other rather than misread it.
pub const FORMAT: &str = "hesy-audit-bundle/1";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bundle {
    pub format: String,
    pub game: GameRecord,
    /// Every action in order, voided ones included.
    pub actions: Vec<ActionRecord>,
    /// Table chat only: team chat is never served outside its team.
    pub chat: Vec<ChatRecord>,
}

impl Bundle {
    /// The bundle of a stored game. Team chat is dropped here too, whatever was loaded, and
    /// seat token hashes never serialize.
    pub fn of(stored: StoredGame) -> Self {
        Bundle {
            format: FORMAT.to_owned(),
            game: stored.game,
            actions: stored.actions,
            chat: stored
                .chat
                .into_iter()
                .filter(|message| message.readable_by(None))
                .collect(),
        }
    }
}

impl Store {
    /// The audit bundle of a finished game; `None` while it is still being played, or when
    /// there is no game by that id.
    pub async fn bundle(&self, id: Uuid) -> Result<Option<Bundle>, StoreError> {
        let stored = self.game(id, ChatReader::Public).await?;
        Ok(stored
            .filter(|stored| stored.game.ended_at.is_some())
            .map(Bundle::of))
    }
}
