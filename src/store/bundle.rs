//! The audit bundle: one finished game, everything needed to re-verify it, as one JSON
//! document. `docs/audit-bundle.md` describes the format for other implementations.

use serde::{Deserialize, Serialize};

use super::queries::StoredGame;
use super::record::{ActionRecord, ChatRecord, GameRecord};

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
