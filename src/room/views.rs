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

use json_patch::jsonptr::{Pointer, PointerBuf, Token};
use json_patch::{Patch, PatchOperation, ReplaceOperation};
use serde::Serialize;

use crate::rules::Viewer;
use crate::rules::mehen::View;
use crate::wire::RoomView;

#[derive(Debug, Default)]
pub struct Views {
    /// The public state as last sent, once any viewer holds one.
    public: Option<RoomView>,
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
    pub fn reset(&mut self, viewer: Viewer, public: RoomView, hand: Option<u8>) {
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
    pub fn changes(
        &mut self,
        public: RoomView,
        hand_of: impl Fn(Viewer) -> Option<u8>,
    ) -> serde_json::Result<Changes> {
        let Some(last) = &self.public else {
            self.public = Some(public);
            return Ok(Changes::default());
        };
        let ops = Patch(diff_room(last, &public)?);
        self.public = Some(public);
        let public = ops;
        let mut own = Vec::new();
        for (&viewer, shown) in &mut self.hands {
            let hand = hand_of(viewer);
            if hand != *shown {
                *shown = hand;
                let mut ops = public.0.clone();
                ops.push(PatchOperation::Replace(ReplaceOperation {
                    path: PointerBuf::from_tokens(["game", "hand"]),
                    value: hand.into(),
                }));
                own.push((viewer, Patch(ops)));
            }
        }
        Ok(Changes { public, own })
    }
}

/// The operations from one public state to the next. Fields are compared as they are, and
/// only those that changed are serialized and diffed: most of a state stays the same from one
/// move to the next. The destructuring names every field, so a field added to the state
/// cannot be forgotten here.
fn diff_room(old: &RoomView, new: &RoomView) -> serde_json::Result<Vec<PatchOperation>> {
    let RoomView {
        room,
        game_id,
        game_number,
        status,
        commitment,
        turn_timer,
        deadline_ms,
        seats,
        spectators,
        you,
        game,
    } = new;
    let mut ops = Ops::default();
    ops.field(&["room"], &old.room, room)?;
    ops.field(&["game_id"], &old.game_id, game_id)?;
    ops.field(&["game_number"], &old.game_number, game_number)?;
    ops.field(&["status"], &old.status, status)?;
    ops.field(&["commitment"], &old.commitment, commitment)?;
    ops.field(&["turn_timer"], &old.turn_timer, turn_timer)?;
    ops.field(&["deadline_ms"], &old.deadline_ms, deadline_ms)?;
    ops.field(&["seats"], &old.seats, seats)?;
    ops.field(&["spectators"], &old.spectators, spectators)?;
    ops.field(&["you"], &old.you, you)?;
    let View {
        mode,
        board,
        spaces,
        head,
        turn,
        round,
        players,
        marbles,
        phase,
        outcome,
    } = game;
    let was = &old.game;
    ops.field(&["game", "mode"], &was.mode, mode)?;
    ops.field(&["game", "board"], &was.board, board)?;
    ops.field(&["game", "spaces"], &was.spaces, spaces)?;
    ops.field(&["game", "head"], &was.head, head)?;
    ops.field(&["game", "turn"], &was.turn, turn)?;
    ops.field(&["game", "round"], &was.round, round)?;
    ops.field(&["game", "players"], &was.players, players)?;
    ops.field(&["game", "marbles"], &was.marbles, marbles)?;
    ops.field(&["game", "phase"], &was.phase, phase)?;
    ops.field(&["game", "outcome"], &was.outcome, outcome)?;
    Ok(ops.0)
}

#[derive(Default)]
struct Ops(Vec<PatchOperation>);

impl Ops {
    /// Adds the operations that turn `old` into `new` at `path`, if they differ.
    fn field<T: Serialize + PartialEq>(
        &mut self,
        path: &[&str],
        old: &T,
        new: &T,
    ) -> serde_json::Result<()> {
        if old == new {
            return Ok(());
        }
        let at = PointerBuf::from_tokens(path.iter().map(|t| Token::new(*t)));
        let ops = json_patch::diff(&serde_json::to_value(old)?, &serde_json::to_value(new)?);
        self.0.extend(ops.0.into_iter().map(|op| under(&at, op)));
        Ok(())
    }
}

/// An operation on a part of the state, moved to where that part sits in the whole.
fn under(at: &Pointer, op: PatchOperation) -> PatchOperation {
    match op {
        PatchOperation::Add(mut op) => {
            op.path = at.concat(&op.path);
            PatchOperation::Add(op)
        }
        PatchOperation::Remove(mut op) => {
            op.path = at.concat(&op.path);
            PatchOperation::Remove(op)
        }
        PatchOperation::Replace(mut op) => {
            op.path = at.concat(&op.path);
            PatchOperation::Replace(op)
        }
        PatchOperation::Move(mut op) => {
            op.path = at.concat(&op.path);
            op.from = at.concat(&op.from);
            PatchOperation::Move(op)
        }
        PatchOperation::Copy(mut op) => {
            op.path = at.concat(&op.path);
            op.from = at.concat(&op.from);
            PatchOperation::Copy(op)
        }
        PatchOperation::Test(mut op) => {
            op.path = at.concat(&op.path);
            PatchOperation::Test(op)
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::fair::GameId;
    use crate::rules::Seat;
    use crate::rules::mehen::autoplay::Autoplayer;
    use crate::rules::mehen::{Board, Config, Mehen, Mode};
    use crate::wire::{CommitmentMode, RoomCode, RoomStatus};

    fn state(game: &Mehen) -> RoomView {
        RoomView {
            room: RoomCode::random(),
            game_id: uuid::Uuid::nil(),
            game_number: 1,
            status: RoomStatus::Playing,
            commitment: CommitmentMode::Server,
            turn_timer: None,
            deadline_ms: None,
            seats: Vec::new(),
            spectators: 0,
            you: None,
            game: game.view(),
        }
    }

    /// Along a whole game, the field-wise patch turns each state into the next exactly.
    #[test]
    fn patches_follow_a_whole_game() {
        let config = Config {
            mode: Mode::Teams,
            board: Board::Compact,
        };
        let mut game = Mehen::new(config, GameId([5; 16]));
        let mut autoplayer = Autoplayer::new(3);
        let mut last = state(&game);
        last.room = RoomCode::try_from("abcdefghij".to_owned()).unwrap();
        let mut held = serde_json::to_value(&last).unwrap();
        while let Some((seat, action)) = autoplayer.next_action(&game) {
            game.apply(seat, action).unwrap();
            let mut next = state(&game);
            next.room = last.room.clone();
            let patch = Patch(diff_room(&last, &next).unwrap());
            json_patch::patch(&mut held, &patch).unwrap();
            assert_eq!(held, serde_json::to_value(&next).unwrap());
            last = next;
        }
    }

    #[test]
    fn the_concealer_alone_gets_its_hand() {
        let game = Mehen::new(
            Config {
                mode: Mode::Duel,
                board: Board::Compact,
            },
            GameId([5; 16]),
        );
        let public = state(&game);
        let mut views = Views::default();
        views.reset(Viewer::Seat(Seat(0)), public.clone(), None);
        views.reset(Viewer::Spectator, public.clone(), None);
        let mut next = public.clone();
        next.spectators = 1;
        let concealer = Viewer::Seat(Seat(0));
        let changes = views
            .changes(next, |v| (v == concealer).then_some(4))
            .unwrap();
        assert_eq!(changes.public.0.len(), 1);
        assert_eq!(changes.own.len(), 1);
        let (viewer, patch) = &changes.own[0];
        assert_eq!(*viewer, concealer);
        let mut seen = serde_json::to_value(&public).unwrap();
        seen["you"] = json!(0);
        json_patch::patch(&mut seen, patch).unwrap();
        assert_eq!(seen["game"]["hand"], 4);
        assert_eq!(seen["spectators"], 1);
    }
}
