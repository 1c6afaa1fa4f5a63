//! Filter first, then diff: what each viewer was last sent, and the JSON Patch that brings
//! it up to date.
//!
//! A viewer's state is the public state (what a spectator sees) with two fields of its own:
//! `you`, fixed for the viewer, and `game.hand`, the number it concealed, shown to it alone.
//! So the room diffs the public state once per change, and each viewer's patch is that
//! public patch plus, for the concealer, the change of its hand. Every connection of a
//! viewer has been sent the same frames since its snapshot, so all of them hold the same
//! state, and one patch, encoded once, serves them all.

use std::collections::HashMap;

use json_patch::{Patch, PatchOperation, ReplaceOperation, jsonptr::PointerBuf};
use serde_json::Value;

use crate::rules::Viewer;

/// Where the viewer's own concealed number sits in its state.
const HAND: &str = "/game/hand";

#[derive(Debug, Default)]
pub struct Views {
    /// The public state as last sent, once any viewer holds one.
    public: Option<Value>,
    /// The hand each seated viewer was last shown (`None` shows as `null`).
    hands: HashMap<Viewer, Option<u8>>,
}

/// The patches of one change: the public one, and the one of each viewer whose hand changed.
#[derive(Debug, Default)]
pub struct Changes {
    pub public: Patch,
    pub own: Vec<(Viewer, Patch)>,
}

impl Views {
    /// A viewer is being sent its whole state: `public` is the public state now, `hand` the
    /// viewer's hand in it.
    pub fn reset(&mut self, viewer: Viewer, public: Value, hand: Option<u8>) {
        self.public = Some(public);
        self.hands.insert(viewer, hand);
    }

    /// The viewer has no connection left.
    pub fn forget(&mut self, viewer: Viewer) {
        self.hands.remove(&viewer);
        if self.hands.is_empty() {
            self.public = None;
        }
    }

    /// The patches from what viewers hold to `public` and the hands `hand_of` gives.
    pub fn changes(&mut self, public: Value, hand_of: impl Fn(Viewer) -> Option<u8>) -> Changes {
        let Some(last) = self.public.replace(public) else {
            return Changes::default();
        };
        let public = match &self.public {
            Some(next) => json_patch::diff(&last, next),
            None => Patch::default(),
        };
        let mut own = Vec::new();
        for (&viewer, shown) in &mut self.hands {
            let hand = hand_of(viewer);
            if hand != *shown {
                *shown = hand;
                let mut ops = public.0.clone();
                ops.push(PatchOperation::Replace(ReplaceOperation {
                    path: PointerBuf::parse(HAND).expect("a valid JSON pointer"),
                    value: hand.into(),
                }));
                own.push((viewer, Patch(ops)));
            }
        }
        Changes { public, own }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::rules::Seat;

    #[test]
    fn the_concealer_alone_gets_its_hand() {
        let mut views = Views::default();
        let public = json!({"you": null, "game": {"hand": null, "turn": 1}});
        views.reset(Viewer::Seat(Seat(0)), public.clone(), None);
        views.reset(Viewer::Spectator, public, None);
        let next = json!({"you": null, "game": {"hand": null, "turn": 2}});
        let changes = views.changes(next, |viewer| {
            (viewer == Viewer::Seat(Seat(0))).then_some(4)
        });
        assert_eq!(changes.public.0.len(), 1);
        assert_eq!(changes.own.len(), 1);
        let (viewer, patch) = &changes.own[0];
        assert_eq!(*viewer, Viewer::Seat(Seat(0)));
        let mut state = json!({"you": 0, "game": {"hand": null, "turn": 1}});
        json_patch::patch(&mut state, patch).unwrap();
        assert_eq!(state, json!({"you": 0, "game": {"hand": 4, "turn": 2}}));
    }
}
