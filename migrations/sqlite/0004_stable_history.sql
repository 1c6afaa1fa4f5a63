-- The same as migrations/postgres/0004_stable_history.sql, in SQLite's types.

ALTER TABLE actions ADD COLUMN auto BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE seats ADD COLUMN computer TEXT;

CREATE TABLE voids (
    game_id     BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    first       INTEGER NOT NULL,
    last        INTEGER NOT NULL,
    note        INTEGER NOT NULL,
    PRIMARY KEY (game_id, first)
) WITHOUT ROWID;

CREATE TABLE waiting_rooms (
    code        TEXT PRIMARY KEY NOT NULL,
    game_id     BLOB NOT NULL,
    rule_set    TEXT NOT NULL,
    options     TEXT NOT NULL,
    room        TEXT NOT NULL,
    created_at  TEXT NOT NULL
);

CREATE TABLE waiting_seats (
    code        TEXT    NOT NULL REFERENCES waiting_rooms (code) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    team        INTEGER NOT NULL,
    token_hash  BLOB,
    computer    TEXT,
    PRIMARY KEY (code, seat)
) WITHOUT ROWID;
