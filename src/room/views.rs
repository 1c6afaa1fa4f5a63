//! Filter first, then diff: what each viewer was last sent, and the JSON Patch that brings
//! it up to date.
//!
//! A viewer's state is the public state (what a spectator sees) with fields of its own:
//! `you`, fixed for the viewer; `secret`, what the rules show that viewer alone (the number
//! it concealed); and `legal`, the actions its seat may send now. So the room diffs the
//! public state once per change, and each viewer's patch is that public patch plus whatever
//! of its own part changed. Every
//! connection of a viewer has been sent the same frames since its snapshot, so all of them
//! hold the same state, and one patch, encoded once, serves them all.

use std::collections::HashMap;

use super::patch::PatchText;
use crate::rules::{Tree, Viewer};
use crate::wire::RoomView;

#[derive(Debug, Default)]
pub struct Views {
    /// The public state as last sent, once any viewer holds one.
    public: Option<RoomView>,
    /// What each viewer was last shown of its own.
    own: HashMap<Viewer, Own>,
}

/// A viewer's own part of its state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Own {
    /// `null` for nothing.
    pub secret: Tree,
    pub legal: Vec<Tree>,
}

/// The patches of one change, as the comma-separated JSON text of their operations: the
/// public ones, and for each viewer whose own part changed, those that follow the public
/// ones in its patch.
#[derive(Debug, Default)]
pub struct Changes {
    pub public: String,
    pub own: Vec<(Viewer, String)>,
}

impl Views {
    /// A viewer is being sent its whole state: `public` is the public state now, `own` the
    /// viewer's own part of it.
    pub fn reset(&mut self, viewer: Viewer, public: RoomView, own: Own) {
        self.public = Some(public);
        self.own.insert(viewer, own);
    }

    /// The viewer has no connection left.
    pub fn forget(&mut self, viewer: Viewer) {
        self.own.remove(&viewer);
        if self.own.is_empty() {
            self.public = None;
        }
    }

    /// The patches from what viewers hold to `public` and the own parts `own_of` gives.
    pub fn changes(
        &mut self,
        public: RoomView,
        own_of: impl Fn(Viewer) -> Own,
    ) -> serde_json::Result<Changes> {
        let Some(last) = &self.public else {
            self.public = Some(public);
            return Ok(Changes::default());
        };
        let ops = diff_room(last, &public)?;
        self.public = Some(public);
        let mut own = Vec::new();
        for (&viewer, shown) in &mut self.own {
            let now = own_of(viewer);
            if now == *shown {
                continue;
            }
            let mut ops = PatchText::default();
            ops.field("secret", &shown.secret, &now.secret)?;
            ops.field("legal", &shown.legal, &now.legal)?;
            *shown = now;
            own.push((viewer, ops.into_text()));
        }
        Ok(Changes {
            public: ops.into_text(),
            own,
        })
    }
}

/// The text of a `patch` frame whose operations are the concatenation of `parts`, each the
/// comma-separated JSON text of some operations: the public operations, encoded once for
/// every viewer, then a viewer's own; `log` is the JSON array of the log's new entries, or
/// empty for none. It is exactly what serializing `ServerMessage::Patch` gives.
pub fn patch_frame(version: u64, now_ms: u64, parts: &[&str], log: &str) -> String {
    let length = parts.iter().map(|part| part.len() + 1).sum::<usize>() + log.len();
    let mut frame = String::with_capacity(length + 72);
    frame.push_str(r#"{"type":"patch","version":"#);
    frame.push_str(itoa::Buffer::new().format(version));
    frame.push_str(r#","ops":["#);
    let mut first = true;
    for part in parts.iter().filter(|part| !part.is_empty()) {
        if !first {
            frame.push(',');
        }
        frame.push_str(part);
        first = false;
    }
    frame.push(']');
    if !log.is_empty() {
        frame.push_str(r#","log":"#);
        frame.push_str(log);
    }
    frame.push_str(r#","now_ms":"#);
    frame.push_str(itoa::Buffer::new().format(now_ms));
    frame.push('}');
    frame
}

/// The operations from one public state to the next. Fields are compared as they are, and
/// only those that changed are serialized and diffed: most of a state stays the same from one
/// move to the next. The destructuring names every field, so a field added to the state
/// cannot be forgotten here.
fn diff_room(old: &RoomView, new: &RoomView) -> serde_json::Result<PatchText> {
    let RoomView {
        room,
        setup,
        game_id,
        game_number,
        status,
        commitment,
        turn_timer,
        deadline_ms,
        seats,
        spectators,
        you,
        awaiting,
        game,
        secret,
        legal,
        throws,
    } = new;
    let mut ops = PatchText::default();
    ops.field("room", &old.room, room)?;
    if old.setup != *setup {
        ops.field("rule_set", &old.setup.rule_set(), &setup.rule_set())?;
        ops.field("options", &old.setup.options(), &setup.options())?;
    }
    ops.field("game_id", &old.game_id, game_id)?;
    ops.field("game_number", &old.game_number, game_number)?;
    ops.field("status", &old.status, status)?;
    ops.field("commitment", &old.commitment, commitment)?;
    ops.field("turn_timer", &old.turn_timer, turn_timer)?;
    ops.field("deadline_ms", &old.deadline_ms, deadline_ms)?;
    ops.field("seats", &old.seats, seats)?;
    ops.field("spectators", &old.spectators, spectators)?;
    ops.field("you", &old.you, you)?;
    ops.field("awaiting", &old.awaiting, awaiting)?;
    ops.tree("game", &old.game, game)?;
    ops.tree("secret", &old.secret, secret)?;
    ops.field("legal", &old.legal, legal)?;
    ops.field("throws", &old.throws, throws)?;
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use json_patch::jsonptr::PointerBuf;
    use json_patch::{Patch, PatchOperation, ReplaceOperation};
    use serde_json::{Value, json};

    use super::*;
    use crate::fair::GameId;
    use crate::rules::examples::{concealing_duel, every_setup};
    use crate::rules::random::RandomPlayer;
    use crate::rules::{Events, Game, Seat};
    use crate::wire::{CommitmentMode, LogEntry, RoomCode, RoomStatus};

    fn operations(text: &str) -> Vec<PatchOperation> {
        serde_json::from_str(&format!("[{text}]")).unwrap()
    }

    fn state(game: &Game) -> RoomView {
        RoomView {
            room: RoomCode::try_from("abcdefghij".to_owned()).unwrap(),
            setup: game.setup(),
            game_id: uuid::Uuid::nil(),
            game_number: 1,
            status: RoomStatus::Playing,
            commitment: CommitmentMode::Server,
            turn_timer: None,
            deadline_ms: None,
            seats: Vec::new(),
            spectators: 0,
            you: None,
            awaiting: game.awaiting(),
            game: game.view(),
            secret: Tree::Null,
            legal: Vec::new(),
            throws: None,
        }
    }

    #[test]
    fn a_spliced_frame_is_the_serialized_patch() {
        use crate::wire::ServerMessage;
        let op = |path: &str, value: Value| {
            PatchOperation::Replace(ReplaceOperation {
                path: PointerBuf::parse(path).unwrap(),
                value,
            })
        };
        let public = vec![op("/spectators", json!(2)), op("/game/turn", json!(5))];
        let own = vec![op("/legal", json!([{"type": "deploy"}]))];
        let text = |ops: &[PatchOperation]| {
            let array = serde_json::to_string(ops).unwrap();
            array[1..array.len() - 1].to_owned()
        };
        let entry = LogEntry {
            seat: Seat(1),
            auto: false,
            events: Events::default(),
            note: Some("a note".to_owned()),
            throw: None,
        };
        for (parts, all, log) in [
            (
                vec![text(&public), text(&own)],
                [public.clone(), own.clone()].concat(),
                vec![entry.clone()],
            ),
            (vec![text(&[]), text(&own)], own.clone(), vec![]),
            (
                vec![text(&public)],
                public.clone(),
                vec![entry.clone(), entry],
            ),
        ] {
            let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
            let news = match log.is_empty() {
                true => String::new(),
                false => serde_json::to_string(&log).unwrap(),
            };
            let message = ServerMessage::Patch {
                version: 9,
                ops: json_patch::Patch(all),
                log,
                now_ms: 1234,
            };
            assert_eq!(
                patch_frame(9, 1234, &parts, &news),
                serde_json::to_string(&message).unwrap()
            );
        }
    }

    /// Along the first stretch of a game of every preset, the field-wise patch turns each
    /// state into the next exactly.
    #[test]
    fn patches_follow_every_game() {
        for setup in every_setup() {
            let mut game = setup.start(GameId([5; 16]));
            let mut player = RandomPlayer::new(3);
            let mut last = state(&game);
            let mut held = serde_json::to_value(&last).unwrap();
            for _ in 0..300 {
                let Some((seat, chosen)) = game.random_move(&mut player) else {
                    break;
                };
                game.play(seat, &chosen).unwrap();
                let next = state(&game);
                let patch = Patch(operations(&diff_room(&last, &next).unwrap().into_text()));
                json_patch::patch(&mut held, &patch).unwrap();
                assert_eq!(held, serde_json::to_value(&next).unwrap(), "{setup:?}");
                last = next;
            }
        }
    }

    #[test]
    fn the_concealer_alone_gets_its_secret() {
        let game = concealing_duel().start(GameId([5; 16]));
        let public = state(&game);
        let mut views = Views::default();
        views.reset(Viewer::Seat(Seat(0)), public.clone(), Own::default());
        views.reset(Viewer::Spectator, public.clone(), Own::default());
        let mut next = public.clone();
        next.spectators = 1;
        let concealer = Viewer::Seat(Seat(0));
        let hand = Own {
            secret: Tree::of(&json!({"hand": 4})),
            legal: Vec::new(),
        };
        let changes = views
            .changes(next, |v| {
                if v == concealer {
                    hand.clone()
                } else {
                    Own::default()
                }
            })
            .unwrap();
        let public_ops = operations(&changes.public);
        assert_eq!(public_ops.len(), 1);
        assert_eq!(changes.own.len(), 1);
        let (viewer, own) = &changes.own[0];
        assert_eq!(*viewer, concealer);
        let own = operations(own);
        let mut seen = serde_json::to_value(&public).unwrap();
        seen["you"] = json!(0);
        let patch = Patch([public_ops, own].concat());
        json_patch::patch(&mut seen, &patch).unwrap();
        assert_eq!(seen["secret"]["hand"], 4);
        assert_eq!(seen["spectators"], 1);
    }
}
