//! Play on SQLite: a statement per game begun, per chat message and per game finished, and
//! the actions in between as multi-row `VALUES` lists within its limit on bound parameters.

use sqlx::types::Json;
use sqlx::{QueryBuilder, SqliteConnection};

use super::super::record::Entry;
use super::kept::{KeptAction, action_columns, add_reveal};
use super::{FORGET_WAITING, WritePlay, commitment_columns, seat_columns, team_column};

const INSERT_GAME: &str =
    "INSERT INTO games (id, rule_set, options, started_at, ended_at, result, room)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING";
const INSERT_SEAT: &str = "INSERT INTO seats (game_id, seat, name, team, token_hash, computer)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seat) DO NOTHING";
const FINISH_GAME: &str =
    "UPDATE games SET ended_at = $2, result = $3 WHERE id = $1 AND ended_at IS NULL";
const INSERT_CHAT: &str = "INSERT INTO chat (game_id, seq, seat, team, body, at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seq) DO NOTHING";

/// Followed by the rows' `VALUES` and [`ADD_REVEAL`].
const INSERT_ACTIONS: &str = concat!("INSERT INTO actions (", action_columns!(), ") ");
const ADD_REVEAL: &str = concat!(" ", add_reveal!());

/// Rows per `INSERT`: at 16 parameters a row, well inside SQLite's limit of 32,766.
const ROWS_PER_INSERT: usize = 1000;

impl WritePlay for SqliteConnection {
    /// Only a run of actions that ends no game: one `INSERT` up to a thousand rows.
    fn one_statement(&self, run: &[Entry]) -> bool {
        run.len() <= ROWS_PER_INSERT
            && run
                .iter()
                .all(|entry| matches!(entry.action(), Some((_, _, None))))
    }

    async fn write_play(&mut self, run: &[Entry]) -> Result<(), sqlx::Error> {
        let parts = run.chunk_by(|a, b| a.action().is_some() && b.action().is_some());
        for part in parts {
            match &part[0] {
                Entry::Game(game) => {
                    if let Some(room) = &game.room {
                        sqlx::query(FORGET_WAITING)
                            .bind(room.code.clone())
                            .execute(&mut *self)
                            .await?;
                    }
                    sqlx::query(INSERT_GAME)
                        .bind(game.id)
                        .bind(game.setup.rule_set().name())
                        .bind(Json(game.setup.options()))
                        .bind(game.started_at)
                        .bind(game.ended_at)
                        .bind(game.result.clone().map(Json))
                        .bind(game.room.clone().map(Json))
                        .execute(&mut *self)
                        .await?;
                    for seat in &game.seats {
                        let (number, name, team, token, computer) = seat_columns(seat);
                        sqlx::query(INSERT_SEAT)
                            .bind(game.id)
                            .bind(number)
                            .bind(name)
                            .bind(team)
                            .bind(token)
                            .bind(computer)
                            .execute(&mut *self)
                            .await?;
                    }
                }
                Entry::Chat { game, record } => {
                    sqlx::query(INSERT_CHAT)
                        .bind(*game)
                        .bind(i64::from(record.seq))
                        .bind(record.seat.map(|seat| i32::from(seat.0)))
                        .bind(team_column(record.channel))
                        .bind(record.body.clone())
                        .bind(record.at)
                        .execute(&mut *self)
                        .await?;
                }
                // A run of actions, which is all a play run holds besides.
                _ => insert_actions(&mut *self, part).await?,
            }
        }
        Ok(())
    }
}

/// Inserts a run of actions, then marks finished the games any of them ended.
async fn insert_actions(connection: &mut SqliteConnection, run: &[Entry]) -> sqlx::Result<()> {
    let actions: Vec<_> = run.iter().filter_map(Entry::action).collect();
    let rows = KeptAction::rows(actions.iter().map(|&(game, record, _)| (game, record)));
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut insert = QueryBuilder::new(INSERT_ACTIONS);
        insert.push_values(chunk, |mut values, row| {
            let (action, opened) = (row.action, row.opened());
            let (commitment, nonce) = commitment_columns(opened);
            values
                .push_bind(row.game)
                .push_bind(i64::from(action.seq))
                .push_bind(i32::from(action.seat.0))
                .push_bind(i64::from(action.turn))
                .push_bind(Json(&action.action))
                .push_bind(Json(&action.events))
                .push_bind(commitment)
                .push_bind(opened.reveal.map(i32::from))
                .push_bind(nonce)
                .push_bind(action.voided)
                .push_bind(action.at)
                .push_bind(opened.throw.as_ref().map(Json))
                .push_bind(action.auto)
                .push_bind(row.reveal.map(|reveal| i32::from(reveal.seat.0)))
                .push_bind(row.reveal.map(|reveal| Json(&reveal.action)))
                .push_bind(row.reveal.map(|reveal| Json(&reveal.events)));
        });
        insert.push(ADD_REVEAL);
        insert.build().execute(&mut *connection).await?;
    }
    for (game, record, outcome) in actions {
        if let Some(outcome) = outcome {
            sqlx::query(FINISH_GAME)
                .bind(game)
                .bind(record.at)
                .bind(Json(outcome))
                .execute(&mut *connection)
                .await?;
        }
    }
    Ok(())
}
