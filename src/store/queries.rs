//! Every query, written once for both backends (see the module documentation of
//! [`crate::store`] for why one SQL text serves both).

use serde::{Deserialize, Serialize};
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{AssertSqlSafe, FromRow};
use uuid::Uuid;

use crate::rules::{RuleSet, Team};
use crate::wire::TokenHash;

use super::record::{ActionRecord, ChatRecord, GameRecord, VoidRecord};
use super::rows::{self, ActionRow, ChatRow, GameSeatRow, LogRow, VoidRow, WaitingRow};
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

const SELECT_ACTIONS: &str = "SELECT seq, seat, turn, action, events, commitment, reveal, nonce,
            voided, at, throw_proof, auto, revealed_by, reveal_action, reveal_events
     FROM actions WHERE game_id = $1 ORDER BY seq";
const SELECT_VOIDS: &str = "SELECT first, last, note FROM voids WHERE game_id = $1 ORDER BY first";
/// Waiting rooms (filtered by the `WHERE` clause given) with their seats taken, one row per
/// seat (a room without any: one row).
macro_rules! waiting_with_seats {
    ($filter:literal) => {
        concat!(
            "SELECT w.code, w.game_id, w.rule_set, w.options, w.room, w.created_at,
                    s.seat, s.name, s.team, s.token_hash, s.computer
             FROM waiting_rooms w LEFT JOIN waiting_seats s ON s.code = w.code
             WHERE ",
            $filter,
            " ORDER BY w.created_at, w.code, s.seat"
        )
    };
}

const SELECT_WAITING: &str = waiting_with_seats!("TRUE");
/// The waiting room with the code `$1`.
pub(super) const SELECT_WAITING_ROOM: &str = waiting_with_seats!("w.code = $1");
/// Table chat, and team chat when `$2` (every team) or of the team `$3`.
const SELECT_CHAT: &str = "SELECT seq, seat, team, body, at FROM chat
     WHERE game_id = $1 AND (team IS NULL OR $2 OR team = $3) ORDER BY seq";

/// The archive's query: finished games of a rule set (`$1`) with a player of a name (`$2`),
/// `$3` of them from the `$4`th, and with `held` seats among them: one placeholder per seat's
/// token hash, from `$5` on. Only placeholders are written in; every value is bound.
fn finished_games(held: usize) -> String {
    let seats = match held {
        0 => String::new(),
        _ => {
            let places: Vec<String> = (5..5 + held).map(|n| format!("${n}")).collect();
            format!(
                " AND EXISTS (SELECT 1 FROM seats h
                  WHERE h.game_id = games.id AND h.token_hash IN ({}))",
                places.join(", ")
            )
        }
    };
    format!(
        games_with_seats!(
            "ended_at IS NOT NULL
             AND ($1 IS NULL OR rule_set = $1)
             AND ($2 IS NULL OR EXISTS (SELECT 1 FROM seats p
                  WHERE p.game_id = games.id AND lower(p.name) = lower($2))){}
             ORDER BY ended_at DESC, started_at, id LIMIT $3 OFFSET $4"
        ),
        seats
    )
}

/// What the archive lists: finished games, newest first, one page at a time. It
/// deserializes from a URL's query string (`?rule_set=mehen-san-martin&player=Ann&page=2`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct ArchiveQuery {
    pub rule_set: Option<RuleSet>,
    /// A player's display name, compared without regard to case.
    pub player: Option<String>,
    /// Games where one of these seats sat (the hashes of the seat tokens a client holds); every
    /// game when empty. Never read from a URL: tokens come in a request's body.
    #[serde(skip)]
    pub seats: Vec<TokenHash>,
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
    /// Every game not yet finished, with all its actions and chat (a server wakes their
    /// rooms one by one instead: [`Store::room`]).
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
    /// far.
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

    /// The latest game played in the room `code`, with its actions and the chat `reader`
    /// may see.
    pub async fn latest_game(
        &self,
        code: &str,
        reader: ChatReader,
    ) -> Result<Option<StoredGame>, StoreError> {
        let rows: Vec<GameSeatRow> = with_pool!(self, pool => {
            sqlx::query_as(games_with_seats!(
                "room ->> 'code' = $1 ORDER BY started_at DESC, id LIMIT 1"
            ))
            .bind(code)
            .fetch_all(pool)
            .await?
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
        let sql = finished_games(query.seats.len());
        // One game more than the page holds tells whether another page follows.
        let rows: Vec<GameSeatRow> = with_pool!(self, pool => {
            let select = sqlx::query_as(AssertSqlSafe(sql.as_str()))
                .bind(query.rule_set.map(RuleSet::name))
                .bind(query.player.as_deref())
                .bind(i64::from(limit) + 1)
                .bind(offset);
            let select = query.seats.iter().fold(select, |select, seat| select.bind(seat.0.to_vec()));
            select.fetch_all(pool).await?
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
        parse_all(rows, game)
    }

    /// The rows of `game`'s log that `query` selects (its one parameter, `$1`, the game),
    /// parsed.
    async fn log<R>(&self, query: &'static str, game: Uuid) -> Result<Vec<R::Record>, StoreError>
    where
        R: LogRow + Send + Unpin + for<'r> FromRow<'r, PgRow> + for<'r> FromRow<'r, SqliteRow>,
    {
        let rows: Vec<R> = with_pool!(self, pool => {
            sqlx::query_as(query).bind(game).fetch_all(pool).await?
        });
        parse_all(rows, game)
    }

    async fn with_log(
        &self,
        game: GameRecord,
        reader: ChatReader,
    ) -> Result<StoredGame, StoreError> {
        let actions = self.log::<ActionRow>(SELECT_ACTIONS, game.id).await?;
        let chat = self.chat(game.id, reader).await?;
        let voids = self.log::<VoidRow>(SELECT_VOIDS, game.id).await?;
        Ok(StoredGame {
            game,
            actions,
            chat,
            voids,
        })
    }
}

/// The records of `game`'s log that `rows` hold, in order.
fn parse_all<R: LogRow>(rows: Vec<R>, game: Uuid) -> Result<Vec<R::Record>, StoreError> {
    let mut log = Vec::with_capacity(rows.len());
    for row in rows {
        row.parse(game, &mut log)?;
    }
    Ok(log)
}
