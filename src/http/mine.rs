//! `POST /api/rooms/mine`: the games a client holds seats in, each at a glance. The tokens
//! come in the body (never in a URL, so never in a log), and each is answered on its own:
//! the seat's summary, or `not_yours` for a token that holds no seat of its room and for a
//! room that is not there, alike. The rooms are asked a few at a time, answers in the order
//! asked.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use futures_util::{StreamExt, stream};
use time::OffsetDateTime;
use tokio::time::Instant;

use crate::room::unix_ms;
use crate::wire::{FindMine, HeldSeat, MINE_MAX, Mine, MyRoom};

use super::App;
use super::limits::Client;
use super::rooms::{Answer, Refusal};

/// How many rooms one request asks at once.
const AT_ONCE: usize = 8;

pub async fn mine(
    State(app): State<Arc<App>>,
    client: Client,
    body: Result<Json<FindMine>, JsonRejection>,
) -> Answer<Json<Mine>> {
    app.limits.lookups.take(client, Instant::now())?;
    let Json(FindMine { tokens }) = body?;
    if tokens.len() > MINE_MAX {
        let message = format!("ask about at most {MINE_MAX} seats at once");
        return Err(Refusal::bad_request(message));
    }
    let rooms = stream::iter(tokens)
        .map(|held| my_room(&app, held))
        .buffered(AT_ONCE)
        .collect()
        .await;
    let now_ms = unix_ms(OffsetDateTime::now_utc());
    Ok(Json(Mine { now_ms, rooms }))
}

/// What the room of `held` says of its token.
async fn my_room(app: &App, HeldSeat { room, token }: HeldSeat) -> MyRoom {
    match app.registry.glance(&room, &token).await.ok().flatten() {
        Some(summary) => MyRoom::Seated(summary),
        None => MyRoom::NotYours { room },
    }
}
