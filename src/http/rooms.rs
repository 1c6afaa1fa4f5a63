//! The rooms API: create a room, read it, take a seat, ask for a rematch. JSON both ways;
//! every refusal is an [`ApiError`] with a status that fits it. Creating rooms and taking
//! seats count against the client's limits (`limits`).

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use tokio::time::Instant;

use crate::room::{Missing, RematchError, RoomGone, RoomHandle, SeatError, Unopened};
use crate::rules::RuleSet;
use crate::store::journal::JournalError;
use crate::wire::{
    ApiError, ApiErrorCode, CreateRoom, MAX_TURN_TIMER, Rematch, RoomCode, RoomCreated, RoomInfo,
    RuleSets, SeatTaken, TakeSeat,
};

use super::App;
use super::limits::{Client, whole_seconds};

/// A refusal, as the client receives it.
#[derive(Debug)]
pub struct Refusal {
    status: StatusCode,
    error: ApiError,
    /// How long the client should wait before it asks again (`Retry-After`).
    retry_after: Option<Duration>,
}

impl Refusal {
    pub(super) fn new(status: StatusCode, code: ApiErrorCode, message: impl Into<String>) -> Self {
        Refusal {
            status,
            error: ApiError {
                code,
                message: message.into(),
            },
            retry_after: None,
        }
    }

    pub(super) fn retry_after(self, wait: Duration) -> Self {
        Refusal {
            retry_after: Some(wait),
            ..self
        }
    }

    pub(super) fn too_large(max: usize) -> Self {
        Refusal::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiErrorCode::TooLarge,
            format!("a request body is at most {max} bytes"),
        )
    }

    pub(super) fn bad_request(message: impl Into<String>) -> Self {
        Refusal::new(StatusCode::BAD_REQUEST, ApiErrorCode::BadRequest, message)
    }

    /// A refusal of something that is not there (404).
    pub(super) fn not_found(code: ApiErrorCode, message: &str) -> Self {
        Refusal::new(StatusCode::NOT_FOUND, code, message)
    }

    fn no_such_room() -> Self {
        Refusal::not_found(ApiErrorCode::NoSuchRoom, "there is no such room")
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.error)).into_response();
        if let Some(wait) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, whole_seconds(wait).into());
        }
        response
    }
}

impl From<JsonRejection> for Refusal {
    fn from(rejection: JsonRejection) -> Self {
        let (status, code) = match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => {
                (StatusCode::PAYLOAD_TOO_LARGE, ApiErrorCode::TooLarge)
            }
            _ => (StatusCode::BAD_REQUEST, ApiErrorCode::BadRequest),
        };
        Refusal::new(status, code, rejection.body_text())
    }
}

pub type Answer<T> = Result<T, Refusal>;

/// The room `code` names, asked with `ask` (woken from the store if it sleeps, and found
/// on whichever node owns it).
async fn ask<T, Fut>(app: &App, code: String, ask: impl Fn(RoomHandle) -> Fut) -> Answer<T>
where
    Fut: Future<Output = Result<T, RoomGone>>,
{
    let code = RoomCode::try_from(code).map_err(|_| Refusal::no_such_room())?;
    app.registry.ask(&code, ask).await.map_err(Refusal::from)
}

impl From<Missing> for Refusal {
    fn from(missing: Missing) -> Self {
        match missing {
            Missing::NoSuchRoom => Refusal::no_such_room(),
            Missing::Unreachable => Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ApiErrorCode::Unsaved,
                "the server cannot reach its store right now, try again shortly",
            ),
        }
    }
}

pub async fn create(
    State(app): State<Arc<App>>,
    client: Client,
    body: Result<Json<CreateRoom>, JsonRejection>,
) -> Answer<(StatusCode, Json<RoomCreated>)> {
    app.limits.rooms.take(client, Instant::now())?;
    let Json(settings) = body?;
    if settings.turn_timer.is_some_and(|s| s > MAX_TURN_TIMER) {
        let message = format!("a turn timer is at most {MAX_TURN_TIMER} seconds");
        return Err(Refusal::bad_request(message));
    }
    let code = app
        .registry
        .create(settings)
        .await
        .map_err(|unopened| match unopened {
            Unopened::TooManyRooms => Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ApiErrorCode::TooManyRooms,
                "the server is full: try again later",
            ),
            Unopened::Unreachable => Missing::Unreachable.into(),
        })?;
    let link = format!("{}/r/{code}", app.public_url);
    Ok((StatusCode::CREATED, Json(RoomCreated { code, link })))
}

/// `GET /api/rule-sets`: the rule sets this server offers, their options and seats.
pub async fn rule_sets() -> Json<RuleSets> {
    Json(RuleSets {
        rule_sets: RuleSet::ALL
            .iter()
            .map(|rule_set| rule_set.info())
            .collect(),
    })
}

pub async fn info(State(app): State<Arc<App>>, Path(code): Path<String>) -> Answer<Json<RoomInfo>> {
    let info = ask(&app, code, |room| async move { room.info().await }).await;
    info.map(Json)
}

pub async fn take_seat(
    State(app): State<Arc<App>>,
    Path(code): Path<String>,
    client: Client,
    body: Result<Json<TakeSeat>, JsonRejection>,
) -> Answer<(StatusCode, Json<SeatTaken>)> {
    app.limits.seats.take(client, Instant::now())?;
    let Json(request) = body?;
    let seat = request.seat;
    let sitter = request.sitter().map_err(Refusal::bad_request)?;
    let taken = ask(&app, code, |room| {
        let sitter = sitter.clone();
        async move { room.take_seat(seat, sitter).await }
    });
    Ok((StatusCode::CREATED, Json(taken.await??)))
}

pub async fn rematch(
    State(app): State<Arc<App>>,
    Path(code): Path<String>,
    body: Result<Json<Rematch>, JsonRejection>,
) -> Answer<Json<RoomInfo>> {
    let Json(Rematch { token }) = body?;
    let info = ask(&app, code, |room| {
        let token = token.clone();
        async move { room.rematch(token).await }
    });
    Ok(Json(info.await??))
}

impl From<SeatError> for Refusal {
    fn from(error: SeatError) -> Self {
        match error {
            SeatError::Taken => Refusal::new(
                StatusCode::CONFLICT,
                ApiErrorCode::SeatTaken,
                "that seat is taken (or every seat is)",
            ),
            SeatError::NoPerson => Refusal::new(
                StatusCode::CONFLICT,
                ApiErrorCode::NoPerson,
                "a computer player joins a table where a person has a seat: take one first",
            ),
            SeatError::NoSuchSeat => Refusal::new(
                StatusCode::BAD_REQUEST,
                ApiErrorCode::NoSuchSeat,
                "there is no such seat at this table",
            ),
            SeatError::Unsaved(error) => error.into(),
        }
    }
}

impl From<RematchError> for Refusal {
    fn from(error: RematchError) -> Self {
        match error {
            RematchError::BadToken => Refusal::new(
                StatusCode::FORBIDDEN,
                ApiErrorCode::BadToken,
                "that token is no seat of this room",
            ),
            RematchError::NotOver => Refusal::new(
                StatusCode::CONFLICT,
                ApiErrorCode::NotOver,
                "a rematch can start once the game is over",
            ),
            RematchError::Unsaved(error) => error.into(),
        }
    }
}

impl From<JournalError> for Refusal {
    fn from(error: JournalError) -> Self {
        Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ApiErrorCode::Unsaved,
            error.to_string(),
        )
    }
}
