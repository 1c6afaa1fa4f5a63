//! The archive: finished games, newest first, and the audit bundle of each (table chat
//! only; team chat never leaves its team). The list names the side each player played, as
//! the replay does, so a page shows "Ada (Carnelian)" without knowing any rule set's table.

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use tokio::time::Instant;
use uuid::Uuid;

use crate::rules::{RuleSet, Seat, Setup, Team};
use crate::store::bundle::Bundle;
use crate::store::queries::ArchiveQuery;
use crate::store::record::GameRecord;
use crate::store::{Store, StoreError};
use crate::wire::{ApiErrorCode, SeatToken};

use super::App;
use super::limits::Client;
use super::rooms::{Answer, Refusal};

/// A finished game as the pages show it: who sat where, and the side each played.
#[derive(Debug, Serialize)]
pub struct ArchivedGame {
    pub id: Uuid,
    /// The rule set and its options: `rule_set` and `options`.
    #[serde(flatten)]
    pub setup: Setup,
    pub seats: Vec<PlayedSeat>,
    #[serde(with = "time::serde::rfc3339")]
    pub started_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub ended_at: Option<OffsetDateTime>,
    /// The outcome as the rule set words it.
    pub result: Option<Value>,
}

/// A seat with its player and the side it played, in the game's own words.
#[derive(Debug, Serialize)]
pub struct PlayedSeat {
    pub seat: Seat,
    pub team: Team,
    pub side: &'static str,
    pub name: String,
}

impl ArchivedGame {
    /// The game of `record`; what is wrong when a seat is not at its rule set's table.
    pub fn of(record: &GameRecord) -> Result<Self, String> {
        let table = record.setup.table();
        let seats = record
            .seats
            .iter()
            .map(|seat| {
                let side = table
                    .seats
                    .get(usize::from(seat.seat.0))
                    .ok_or_else(|| format!("{} is not at this table", seat.seat))?;
                Ok(PlayedSeat {
                    seat: seat.seat,
                    team: seat.team,
                    side: side.side,
                    name: seat.name.clone(),
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(ArchivedGame {
            id: record.id,
            setup: record.setup.clone(),
            seats,
            started_at: record.started_at,
            ended_at: record.ended_at,
            result: record.result.clone(),
        })
    }
}

/// A page of the archive.
#[derive(Debug, Serialize)]
pub struct ArchiveList {
    pub games: Vec<ArchivedGame>,
    /// The page to ask for next, while there is one.
    pub next_page: Option<u32>,
}

/// `GET /api/games?rule_set=&player=&page=&per_page=`
pub async fn list(
    State(app): State<Arc<App>>,
    query: Result<Query<ArchiveQuery>, QueryRejection>,
) -> Answer<Json<ArchiveList>> {
    let Query(query) = query.map_err(|rejection| Refusal::bad_request(rejection.body_text()))?;
    find(&app, &query).await
}

/// The most seat tokens `POST /api/games/mine` takes.
pub const MINE_MAX: usize = 100;

/// `POST /api/games/mine`: the finished games a client's seats sat in. The tokens come in the
/// body, never in a URL; only their hashes are looked up.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FindMyGames {
    tokens: Vec<SeatToken>,
    #[serde(default)]
    rule_set: Option<RuleSet>,
    #[serde(default)]
    page: u32,
    #[serde(default)]
    per_page: u32,
}

pub async fn mine(
    State(app): State<Arc<App>>,
    client: Client,
    body: Result<Json<FindMyGames>, JsonRejection>,
) -> Answer<Json<ArchiveList>> {
    app.limits.lookups.take(client, Instant::now())?;
    let Json(asked) = body?;
    if asked.tokens.is_empty() || asked.tokens.len() > MINE_MAX {
        return Err(Refusal::bad_request(format!(
            "send 1 to {MINE_MAX} seat tokens"
        )));
    }
    let query = ArchiveQuery {
        rule_set: asked.rule_set,
        player: None,
        seats: asked.tokens.iter().map(SeatToken::hash).collect(),
        page: asked.page,
        per_page: asked.per_page,
    };
    find(&app, &query).await
}

/// A page of the archive's games matching `query`.
async fn find(app: &App, query: &ArchiveQuery) -> Answer<Json<ArchiveList>> {
    let page = store(app)?.finished(query).await.map_err(unanswered)?;
    let games = page.games.iter().map(ArchivedGame::of);
    let games = games.collect::<Result<_, _>>().map_err(|problem| {
        tracing::warn!(%problem, "a stored game does not fit its table");
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiErrorCode::Database,
            format!("a stored game does not fit its table: {problem}"),
        )
    })?;
    Ok(Json(ArchiveList {
        games,
        next_page: page.next_page,
    }))
}

/// `GET /api/games/{id}/bundle`: 404 for an unknown game and for one still being played.
pub async fn bundle(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<Json<Bundle>> {
    let no_such_game = || {
        Refusal::not_found(
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
        Refusal::not_found(
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
