//! `GET /api/games/{id}/replay`: a finished game replayed through its own rules, with what
//! the game awaited and showed publicly after every action, for the web client's replay
//! page (which so holds no copy of any rules).
//!
//! The game comes from the archive exactly as its audit bundle does (same refusals: no
//! archive, no such game, still being played). Each action that was not voided is played
//! again through the one replay (`rules::replay`), as the room played it, a throw with its
//! proof. Only public views leave the server: no secret, no team chat.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Serialize;

use crate::fair::throw::ThrowProof;
use crate::rules::{Awaiting, Events, Game, Seat, Tree};
use crate::store::bundle::Bundle;
use crate::wire::ApiErrorCode;

use super::App;
use super::archive::{self, ArchivedGame};
use super::rooms::{Answer, Refusal};

/// A finished game, step by step.
#[derive(Debug, Serialize)]
pub struct Replay {
    /// The game and its seats, as the archive lists it.
    #[serde(flatten)]
    pub game: ArchivedGame,
    /// The game before its first action.
    pub start: Frame,
    pub steps: Vec<ReplayStep>,
}

/// The game at one point: what it awaited, and its public view.
#[derive(Debug, Serialize)]
pub struct Frame {
    pub awaiting: Awaiting,
    pub view: Tree,
}

/// One action: whose it was, what it caused, and the game after it.
#[derive(Debug, Serialize)]
pub struct ReplayStep {
    /// The action's place in the stored log.
    pub seq: u32,
    pub seat: Seat,
    pub events: Events,
    /// A throw's proof, for the page to check (`docs/fair-throws.md`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throw: Option<ThrowProof>,
    #[serde(flatten)]
    pub after: Frame,
}

impl Frame {
    fn of(game: &Game) -> Self {
        Frame {
            awaiting: game.awaiting(),
            view: game.view(),
        }
    }
}

/// `GET /api/games/{id}/replay`.
pub async fn replay(app: State<Arc<App>>, id: Path<String>) -> Answer<Json<Replay>> {
    let Json(bundle) = archive::bundle(app, id).await?;
    replay_bundle(&bundle).map(Json).map_err(|problem| {
        tracing::warn!(game = %bundle.game.id, %problem, "a stored game does not replay");
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiErrorCode::Database,
            format!("the stored game does not replay: {problem}"),
        )
    })
}

/// Plays the bundle's game again; what went wrong when an action is refused.
fn replay_bundle(bundle: &Bundle) -> Result<Replay, String> {
    let record = &bundle.game;
    let archived = ArchivedGame::of(record)?;
    let start = Frame::of(&record.setup.start(record.game_id()));
    let live: Vec<_> = bundle
        .actions
        .iter()
        .filter(|action| !action.voided)
        .collect();
    let mut steps = Vec::with_capacity(live.len());
    record
        .replay(live.iter().copied(), |game, logged| {
            let action = live[steps.len()];
            steps.push(ReplayStep {
                seq: action.seq,
                seat: action.seat,
                events: logged.caused.events,
                throw: action.throw.clone(),
                after: Frame::of(game),
            });
        })
        .map_err(|error| {
            let seq = live.get(error.index).map_or(0, |action| action.seq);
            format!("action {seq}: {}", error.refusal)
        })?;
    Ok(Replay {
        game: archived,
        start,
        steps,
    })
}
