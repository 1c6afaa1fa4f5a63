//! Every query, written once for both backends (see the module documentation of
//! [`crate::store`] for why one SQL text serves both).

use serde::{Deserialize, Serialize};
use sqlx::QueryBuilder;
use sqlx::types::Json;
use uuid::Uuid;

use crate::rules::Team;

use crate::rules::RuleSet;
use crate::rules::computer::Strength;

use super::record::{ActionRecord, Channel, ChatRecord, Entry, GameRecord, VoidRecord};
use super::rows::{self, ActionRow, ChatRow, GameSeatRow, VoidRow, WaitingRow};
use super::{Store, StoreError, with_pool};

/// Games (filtered by the `WHERE` clause given) joined with their seats, one row per seat.
macro_rules! games_with_seats {
    ($filter:literal) => {
        concat!(
            "SELECT g.id, g.rule_set, g.options, g.started_at, g.ended_at, g.result, g.room,
                    s.seat, s.name, s.team, s.token_hash, s.computer
             FROM (SELECT * FROM games WHERE ",
            $filter,
            ") g JOIN seats s ON s.game_id = g.id
             ORDER BY g.ended_at DESC, g.started_at, g.id, s.seat"
        )
    };
}

const INSERT_GAME: &str =
    "INSERT INTO games (id, rule_set, options, started_at, ended_at, result, room)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING";
const INSERT_SEAT: &str = "INSERT INTO seats (game_id, seat, name, team, token_hash, computer)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seat) DO NOTHING";
/// Followed by the rows' `VALUES` and `ON CONFLICT (game_id, seq) DO NOTHING`.
const INSERT_ACTIONS: &str = "INSERT INTO actions
     (game_id, seq, seat, turn, action, events, commitment, reveal, nonce, voided, at, throw_proof,
      auto) ";
const FINISH_GAME: &str =
    "UPDATE games SET ended_at = $2, result = $3 WHERE id = $1 AND ended_at IS NULL";
const INSERT_CHAT: &str = "INSERT INTO chat (game_id, seq, seat, team, body, at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seq) DO NOTHING";
const VOID_ACTIONS: &str =
    "UPDATE actions SET voided = TRUE WHERE game_id = $1 AND seq BETWEEN $2 AND $3";
const INSERT_VOID: &str = "INSERT INTO voids (game_id, first, last, note)
     VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, first) DO NOTHING";
const INSERT_WAITING: &str =
    "INSERT INTO waiting_rooms (code, game_id, rule_set, options, room, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING";
const INSERT_WAITING_SEAT: &str =
    "INSERT INTO waiting_seats (code, seat, name, team, token_hash, computer)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code, seat) DO NOTHING";
/// Run in this order, so no seat is left without its room.
const FORGET_WAITING: [&str; 2] = [
    "DELETE FROM waiting_seats WHERE code = $1",
    "DELETE FROM waiting_rooms WHERE code = $1",
];

const SELECT_ACTIONS: &str = "SELECT seq, seat, turn, action, events, commitment, reveal, nonce,
            voided, at, throw_proof, auto
     FROM actions WHERE game_id = $1 ORDER BY seq";
const SELECT_VOIDS: &str = "SELECT first, last, note FROM voids WHERE game_id = $1 ORDER BY first";
/// Waiting rooms with their seats taken, one row per seat (a room without any: one row).
const SELECT_WAITING: &str =
    "SELECT w.code, w.game_id, w.rule_set, w.options, w.room, w.created_at,
            s.seat, s.name, s.team, s.token_hash, s.computer
     FROM waiting_rooms w LEFT JOIN waiting_seats s ON s.code = w.code
     ORDER BY w.created_at, w.code, s.seat";
/// Table chat, and team chat when `$2` (every team) or of the team `$3`.
const SELECT_CHAT: &str = "SELECT seq, seat, team, body, at FROM chat
     WHERE game_id = $1 AND (team IS NULL OR $2 OR team = $3) ORDER BY seq";

/// Actions per `INSERT`: at 13 parameters a row, well inside both backends' limits on bound
/// parameters (65,535 and 32,766).
const ROWS_PER_INSERT: usize = 1000;

/// What the archive lists: finished games, newest first, one page at a time. It
/// deserializes from a URL's query string (`?rule_set=mehen-san-martin&player=Ann&page=2`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct ArchiveQuery {
    pub rule_set: Option<RuleSet>,
    /// A player's display name, compared without regard to case.
    pub player: Option<String>,
    /// From 0.
    pub page: u32,
    /// Games per page, 1 to [`ArchiveQuery::MAX_PER_PAGE`]; 0 means the default.
    pub per_page: u32,
}

impl ArchiveQuery {
    pub const DEFAULT_PER_PAGE: u32 = 20;
    pub const MAX_PER_PAGE: u32 = 100;

    fn limit(&self) -> u32 {
        match self.per_page {
            0 => Self::DEFAULT_PER_PAGE,
            n => n.min(Self::MAX_PER_PAGE),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArchivePage {
    pub games: Vec<GameRecord>,
    /// The page to ask for next, while there is one.
    pub next_page: Option<u32>,
}

/// Who chat is read for: team chat reaches its own team and the server, nobody else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChatReader {
    /// The server restoring a room: every message.
    Server,
    Team(Team),
    /// Spectators and the archive: table chat alone.
    Public,
}

/// A game with everything stored about it: what a restored room or an audit starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub game: GameRecord,
    pub actions: Vec<ActionRecord>,
    pub chat: Vec<ChatRecord>,
    /// The concealments restarts voided, in order.
    pub voids: Vec<VoidRecord>,
}

impl Store {
    /// Writes `entries` in order, in one transaction. Every entry is idempotent (its key
    /// already present leaves it as it was), so writing a batch again never duplicates.
    pub async fn write(&self, entries: &[Entry]) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            // Consecutive actions, of whatever games, go in one statement; every other entry
            // stands alone in its run.
            let runs = entries.chunk_by(|a, b| a.action().is_some() && b.action().is_some());
            for run in runs {
                match &run[0] {
                    Entry::Game(game) => {
                        if let Some(room) = &game.room {
                            for forget in FORGET_WAITING {
                                sqlx::query(forget).bind(room.code.clone()).execute(&mut *tx).await?;
                            }
                        }
                        sqlx::query(INSERT_GAME)
                            .bind(game.id)
                            .bind(game.setup.rule_set().name())
                            .bind(Json(game.setup.options()))
                            .bind(game.started_at)
                            .bind(game.ended_at)
                            .bind(game.result.clone().map(Json))
                            .bind(game.room.clone().map(Json))
                            .execute(&mut *tx)
                            .await?;
                        for seat in &game.seats {
                            sqlx::query(INSERT_SEAT)
                                .bind(game.id)
                                .bind(i32::from(seat.seat.0))
                                .bind(seat.name.clone())
                                .bind(i32::from(seat.team.0))
                                .bind(seat.token.map(|hash| hash.0.to_vec()))
                                .bind(seat.computer.map(Strength::name))
                                .execute(&mut *tx)
                                .await?;
                        }
                    }
                    Entry::Action { .. } => {
                        for rows in run.chunks(ROWS_PER_INSERT) {
                            let mut insert = QueryBuilder::new(INSERT_ACTIONS);
                            insert.push_values(rows.iter().filter_map(Entry::action), |mut row, (game, record)| {
                                row.push_bind(game)
                                    .push_bind(i64::from(record.seq))
                                    .push_bind(i32::from(record.seat.0))
                                    .push_bind(i64::from(record.turn))
                                    .push_bind(Json(record.action.clone()))
                                    .push_bind(Json(record.events.clone()))
                                    .push_bind(record.commitment.map(|c| hex::encode(c.as_bytes())))
                                    .push_bind(record.reveal.map(i32::from))
                                    .push_bind(record.nonce.map(|n| hex::encode(n.as_bytes())))
                                    .push_bind(record.voided)
                                    .push_bind(record.at)
                                    .push_bind(record.throw.clone().map(Json))
                                    .push_bind(record.auto);
                            });
                            insert.push(" ON CONFLICT (game_id, seq) DO NOTHING");
                            insert.build().execute(&mut *tx).await?;
                        }
                        for (game, record) in run.iter().filter_map(Entry::action) {
                            if let Some(outcome) = record.outcome() {
                                sqlx::query(FINISH_GAME)
                                    .bind(game)
                                    .bind(record.at)
                                    .bind(Json(outcome))
                                    .execute(&mut *tx)
                                    .await?;
                            }
                        }
                    }
                    Entry::Chat { game, record } => {
                        sqlx::query(INSERT_CHAT)
                            .bind(*game)
                            .bind(i64::from(record.seq))
                            .bind(record.seat.map(|seat| i32::from(seat.0)))
                            .bind(match record.channel {
                                Channel::Table => None,
                                Channel::Team(team) => Some(i32::from(team.0)),
                            })
                            .bind(record.body.clone())
                            .bind(record.at)
                            .execute(&mut *tx)
                            .await?;
                    }
                    Entry::Void { game, record } => {
                        sqlx::query(VOID_ACTIONS)
                            .bind(*game)
                            .bind(i64::from(record.first))
                            .bind(i64::from(record.last))
                            .execute(&mut *tx)
                            .await?;
                        sqlx::query(INSERT_VOID)
                            .bind(*game)
                            .bind(i64::from(record.first))
                            .bind(i64::from(record.last))
                            .bind(i64::from(record.note))
                            .execute(&mut *tx)
                            .await?;
                    }
                    Entry::Waiting(game) => {
                        let Some(room) = &game.room else { continue };
                        sqlx::query(INSERT_WAITING)
                            .bind(room.code.clone())
                            .bind(game.id)
                            .bind(game.setup.rule_set().name())
                            .bind(Json(game.setup.options()))
                            .bind(Json(room.clone()))
                            .bind(game.started_at)
                            .execute(&mut *tx)
                            .await?;
                        for seat in game.seats.iter().filter(|seat| seat.is_taken()) {
                            sqlx::query(INSERT_WAITING_SEAT)
                                .bind(room.code.clone())
                                .bind(i32::from(seat.seat.0))
                                .bind(seat.name.clone())
                                .bind(i32::from(seat.team.0))
                                .bind(seat.token.map(|hash| hash.0.to_vec()))
                                .bind(seat.computer.map(Strength::name))
                                .execute(&mut *tx)
                                .await?;
                        }
                    }
                    Entry::Closed { code } => {
                        for forget in FORGET_WAITING {
                            sqlx::query(forget).bind(code.clone()).execute(&mut *tx).await?;
                        }
                    }
                }
            }
            tx.commit().await?;
            Ok(())
        })
    }

    /// Every game not yet finished, with all its actions and chat: what start-up restores.
    pub async fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError> {
        let rows: Vec<GameSeatRow> = with_pool!(self, pool => {
            sqlx::query_as(games_with_seats!("ended_at IS NULL")).fetch_all(pool).await?
        });
        let mut stored = Vec::new();
        for game in rows::games(rows)? {
            stored.push(self.with_log(game, ChatReader::Server).await?);
        }
        Ok(stored)
    }

    /// Every room waiting for players, as the game it will begin with the seats taken so
    /// far: what start-up reopens besides the unfinished games.
    pub async fn waiting(&self) -> Result<Vec<GameRecord>, StoreError> {
        let rows: Vec<WaitingRow> = with_pool!(self, pool => {
            sqlx::query_as(SELECT_WAITING).fetch_all(pool).await?
        });
        rows::waiting(rows)
    }

    /// One game with its actions and the chat `reader` may see, or `None` if there is no
    /// game by that id.
    pub async fn game(
        &self,
        id: Uuid,
        reader: ChatReader,
    ) -> Result<Option<StoredGame>, StoreError> {
        let rows: Vec<GameSeatRow> = with_pool!(self, pool => {
            sqlx::query_as(games_with_seats!("id = $1")).bind(id).fetch_all(pool).await?
        });
        match rows::games(rows)?.pop() {
            Some(game) => Ok(Some(self.with_log(game, reader).await?)),
            None => Ok(None),
        }
    }

    /// Finished games matching `query`, newest first.
    pub async fn finished(&self, query: &ArchiveQuery) -> Result<ArchivePage, StoreError> {
        let limit = query.limit();
        let offset = i64::from(query.page) * i64::from(limit);
        // One game more than the page holds tells whether another page follows.
        let rows: Vec<GameSeatRow> = with_pool!(self, pool => {
            sqlx::query_as(games_with_seats!(
                "ended_at IS NOT NULL
                 AND ($1 IS NULL OR rule_set = $1)
                 AND ($2 IS NULL OR EXISTS (SELECT 1 FROM seats p
                      WHERE p.game_id = games.id AND lower(p.name) = lower($2)))
                 ORDER BY ended_at DESC, started_at, id LIMIT $3 OFFSET $4"
            ))
            .bind(query.rule_set.map(RuleSet::name))
            .bind(query.player.as_deref())
            .bind(i64::from(limit) + 1)
            .bind(offset)
            .fetch_all(pool)
            .await?
        });
        let mut games = rows::games(rows)?;
        let more = games.len() > limit as usize;
        games.truncate(limit as usize);
        Ok(ArchivePage {
            games,
            next_page: more.then_some(query.page + 1),
        })
    }

    /// The chat of `game` that `reader` may see.
    pub async fn chat(
        &self,
        game: Uuid,
        reader: ChatReader,
    ) -> Result<Vec<ChatRecord>, StoreError> {
        let (every_team, team) = match reader {
            ChatReader::Server => (true, None),
            ChatReader::Team(team) => (false, Some(i32::from(team.0))),
            ChatReader::Public => (false, None),
        };
        let rows: Vec<ChatRow> = with_pool!(self, pool => {
            sqlx::query_as(SELECT_CHAT)
                .bind(game)
                .bind(every_team)
                .bind(team)
                .fetch_all(pool)
                .await?
        });
        rows.into_iter().map(|row| row.parse(game)).collect()
    }

    async fn with_log(
        &self,
        game: GameRecord,
        reader: ChatReader,
    ) -> Result<StoredGame, StoreError> {
        let rows: Vec<ActionRow> = with_pool!(self, pool => {
            sqlx::query_as(SELECT_ACTIONS).bind(game.id).fetch_all(pool).await?
        });
        let actions = rows
            .into_iter()
            .map(|row| row.parse(game.id))
            .collect::<Result<_, _>>()?;
        let chat = self.chat(game.id, reader).await?;
        let rows: Vec<VoidRow> = with_pool!(self, pool => {
            sqlx::query_as(SELECT_VOIDS).bind(game.id).fetch_all(pool).await?
        });
        let voids = rows
            .into_iter()
            .map(|row| row.parse(game.id))
            .collect::<Result<_, _>>()?;
        Ok(StoredGame {
            game,
            actions,
            chat,
            voids,
        })
    }
}
