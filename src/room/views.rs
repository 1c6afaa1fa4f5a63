//! Filter first, then diff: the last state sent to each viewer, and the JSON Patch that
//! brings it up to date.
//!
//! Every connection of one viewer (a seat's tabs, or all spectators) has been sent the same
//! frames since its snapshot, so the last state sent to each of those connections is one and
//! the same value. Keeping it once per viewer, not once per connection, makes a patch cost
//! one diff per viewer and keeps an idle connection's memory small.

use std::collections::HashMap;

use serde_json::Value;

use crate::rules::Viewer;
use crate::wire::RoomView;

#[derive(Debug, Default)]
pub struct Views {
    last: HashMap<Viewer, Value>,
}

impl Views {
    /// Remembers `state` as what `viewer` now holds (it is being sent whole).
    pub fn reset(&mut self, viewer: Viewer, state: &RoomView) -> serde_json::Result<()> {
        self.last.insert(viewer, serde_json::to_value(state)?);
        Ok(())
    }

    /// The operations that turn what `viewer` holds into `state`, which it then holds; `None`
    /// when nothing it can see changed.
    pub fn patch(
        &mut self,
        viewer: Viewer,
        state: &RoomView,
    ) -> serde_json::Result<Option<json_patch::Patch>> {
        let next = serde_json::to_value(state)?;
        let ops = match self.last.get(&viewer) {
            Some(last) => json_patch::diff(last, &next),
            None => return Ok(None),
        };
        self.last.insert(viewer, next);
        Ok((!ops.0.is_empty()).then_some(ops))
    }

    /// The viewer has no connection left: nothing to diff against any more.
    pub fn forget(&mut self, viewer: Viewer) {
        self.last.remove(&viewer);
    }

    /// Viewers that hold a state.
    pub fn viewers(&self) -> Vec<Viewer> {
        self.last.keys().copied().collect()
    }
}
