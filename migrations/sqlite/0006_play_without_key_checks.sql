-- The same change as migrations/postgres/0006_play_without_key_checks.sql: `actions` and
-- `chat` lose their foreign keys, and a trigger deletes a game's play with the game.
-- SQLite cannot drop a constraint, so both tables are made again and their rows copied.

CREATE TABLE actions_new (
    game_id     BLOB    NOT NULL,
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
    throw_proof TEXT,
    auto        BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

INSERT INTO actions_new (game_id, seq, seat, turn, action, events, commitment, reveal, nonce,
                         voided, at, throw_proof, auto)
    SELECT game_id, seq, seat, turn, action, events, commitment, reveal, nonce, voided, at,
           throw_proof, auto
    FROM actions;
DROP TABLE actions;
ALTER TABLE actions_new RENAME TO actions;

CREATE TABLE chat_new (
    game_id     BLOB    NOT NULL,
    seq         INTEGER NOT NULL,
    seat        INTEGER,
    team        INTEGER,
    body        TEXT    NOT NULL,
    at          TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

INSERT INTO chat_new (game_id, seq, seat, team, body, at)
    SELECT game_id, seq, seat, team, body, at FROM chat;
DROP TABLE chat;
ALTER TABLE chat_new RENAME TO chat;

CREATE TRIGGER games_take_their_play AFTER DELETE ON games
BEGIN
    DELETE FROM actions WHERE game_id = OLD.id;
    DELETE FROM chat WHERE game_id = OLD.id;
END;
