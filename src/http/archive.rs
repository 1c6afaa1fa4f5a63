//! The archive: finished games, newest first, and the audit bundle of each (table chat
//! only; team chat never leaves its team).

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use uuid::Uuid;

use crate::store::bundle::Bundle;
use crate::store::queries::{ArchivePage, ArchiveQuery};
use crate::store::{Store, StoreError};
use crate::wire::ApiErrorCode;

use super::App;
use super::rooms::{Answer, Refusal};

/// `GET /api/games?rule_set=&player=&page=&per_page=`
pub async fn list(
    State(app): State<Arc<App>>,
    query: Result<Query<ArchiveQuery>, QueryRejection>,
) -> Answer<Json<ArchivePage>> {
    let Query(query) = query.map_err(|rejection| {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            ApiErrorCode::BadRequest,
            rejection.body_text(),
        )
    })?;
    let page = store(&app)?.finished(&query).await.map_err(unanswered)?;
    Ok(Json(page))
}

/// `GET /api/games/{id}/bundle`: 404 for an unknown game and for one still being played.
pub async fn bundle(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<Json<Bundle>> {
    let no_such_game = || {
        Refusal::new(
            StatusCode::NOT_FOUND,
            ApiErrorCode::NoSuchGame,
            "there is no finished game by that id",
        )
    };
    let id = Uuid::parse_str(&id).map_err(|_| no_such_game())?;
    let bundle = store(&app)?.bundle(id).await.map_err(unanswered)?;
    bundle.map(Json).ok_or_else(no_such_game)
}

fn store(app: &App) -> Answer<&Store> {
    app.store.as_ref().ok_or_else(|| {
        Refusal::new(
            StatusCode::NOT_FOUND,
            ApiErrorCode::NoArchive,
            "this server keeps no games (it runs with --memory-only)",
        )
    })
}

fn unanswered(error: StoreError) -> Refusal {
    tracing::warn!(%error, "an archive query failed");
    Refusal::new(
        StatusCode::SERVICE_UNAVAILABLE,
        ApiErrorCode::Database,
        error.to_string(),
    )
}
