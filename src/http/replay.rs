//! `GET /api/games/{id}/replay`: a finished game replayed through its own rules, with what
//! the game awaited and showed publicly after every action, for the web client's replay
//! page (which so holds no copy of any rules).
//!
//! The game comes from the archive exactly as its audit bundle does (same refusals: no
//! archive, no such game, still being played). It is started from its setup and id, and
//! each action that was not voided is played again as the room played it: a plain action,
//! or the step (concealment, reveal, throw) the record holds, a throw with its proof. Only
//! public views leave the server: no secret, no team chat.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Serialize;
use serde_json::Value;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::fair::throw::ThrowProof;
use crate::rules::{Awaiting, Events, Game, Move, Seat, Setup, Team, Tree};
use crate::store::bundle::Bundle;
use crate::wire::ApiErrorCode;

use super::App;
use super::archive;
use super::rooms::{Answer, Refusal};

/// A finished game, step by step.
#[derive(Debug, Serialize)]
pub struct Replay {
    pub id: Uuid,
    /// The rule set and its options: `rule_set` and `options`.
    #[serde(flatten)]
    pub setup: Setup,
    pub seats: Vec<ReplaySeat>,
    #[serde(with = "time::serde::rfc3339")]
    pub started_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub ended_at: Option<OffsetDateTime>,
    /// The outcome as the rule set words it.
    pub result: Option<Value>,
    /// The game before its first action.
    pub start: Frame,
    pub steps: Vec<ReplayStep>,
}

/// A seat with its player and the side it played, in the game's own words.
#[derive(Debug, Serialize)]
pub struct ReplaySeat {
    pub seat: Seat,
    pub team: Team,
    pub side: &'static str,
    pub name: String,
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
    let setup = &record.setup;
    let table = setup.table();
    let seats = record
        .seats
        .iter()
        .map(|seat| {
            let side = table.seats.get(usize::from(seat.seat.0));
            Ok(ReplaySeat {
                seat: seat.seat,
                team: seat.team,
                side: side
                    .ok_or_else(|| format!("{} is not at this table", seat.seat))?
                    .side,
                name: seat.name.clone(),
            })
        })
        .collect::<Result<_, String>>()?;
    let mut game = setup.start(record.game_id());
    let start = Frame::of(&game);
    let mut steps = Vec::new();
    for action in bundle.actions.iter().filter(|action| !action.voided) {
        let chosen = match setup.step_of(&action.action) {
            Some(step) => Move::Step(step),
            None => Move::Action(action.action.clone()),
        };
        let played = game
            .play(action.seat, &chosen)
            .map_err(|refusal| format!("action {}: {refusal}", action.seq))?;
        steps.push(ReplayStep {
            seq: action.seq,
            seat: action.seat,
            events: played.events,
            throw: action.throw.clone(),
            after: Frame::of(&game),
        });
    }
    Ok(Replay {
        id: record.id,
        setup: setup.clone(),
        seats,
        started_at: record.started_at,
        ended_at: record.ended_at,
        result: record.result.clone(),
        start,
        steps,
    })
}
