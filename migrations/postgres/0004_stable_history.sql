-- What a restarted server needs to give players back the game log and room they saw.

-- A move the server made for an absent player (its log entry says `auto`).
ALTER TABLE actions ADD COLUMN auto BOOLEAN NOT NULL DEFAULT FALSE;

-- The strength of the computer player at a seat (`easy`, `strong`); NULL for a person.
ALTER TABLE seats ADD COLUMN computer TEXT;

-- Each concealment a restart voided (actions `first` to `last`), and the chat message from
-- the server (seq `note`) that tells the players: in the game log it follows action `last`.
CREATE TABLE voids (
    game_id     UUID    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    first       BIGINT  NOT NULL,
    last        BIGINT  NOT NULL,
    note        BIGINT  NOT NULL,
    PRIMARY KEY (game_id, first)
);

-- Rooms still waiting for players: the game each will begin, and the seats taken so far.
-- A room's rows go once its game begins (the game is in `games` then) or the room closes.
CREATE TABLE waiting_rooms (
    code        TEXT        PRIMARY KEY,
    game_id     UUID        NOT NULL,
    rule_set    TEXT        NOT NULL,
    options     JSONB       NOT NULL,
    room        JSONB       NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE waiting_seats (
    code        TEXT    NOT NULL REFERENCES waiting_rooms (code) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    team        INTEGER NOT NULL,
    -- A person's token hash, or the computer player at the seat.
    token_hash  BYTEA,
    computer    TEXT,
    PRIMARY KEY (code, seat)
);
