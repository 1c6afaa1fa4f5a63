-- The same schema as migrations/postgres, in SQLite's types: JSON is TEXT, UUIDs and hashes
-- are BLOBs, times are RFC 3339 TEXT in UTC (which sorts in time order to the second; within
-- one second the archive's order may differ from Postgres').

CREATE TABLE games (
    id          BLOB PRIMARY KEY NOT NULL,
    rule_set    TEXT NOT NULL,
    options     TEXT NOT NULL,
    started_at  TEXT NOT NULL,
    ended_at    TEXT,
    result      TEXT
);

CREATE INDEX games_finished ON games (ended_at DESC, id) WHERE ended_at IS NOT NULL;
CREATE INDEX games_unfinished ON games (id) WHERE ended_at IS NULL;

CREATE TABLE seats (
    game_id     BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    team        INTEGER NOT NULL,
    token_hash  BLOB,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_name ON seats (lower(name));

CREATE TABLE actions (
    game_id     BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    turn        INTEGER NOT NULL,
    action      TEXT    NOT NULL,
    events      TEXT    NOT NULL,
    commitment  TEXT,
    reveal      INTEGER,
    nonce       TEXT,
    voided      BOOLEAN NOT NULL DEFAULT FALSE,
    at          TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE chat (
    game_id     BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    seat        INTEGER,
    team        INTEGER,
    body        TEXT    NOT NULL,
    at          TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
