-- Finished and unfinished games, their seats, every action in order, and table/team chat.
-- Rule-set options, actions, events and results are JSONB so they can be queried in place.

CREATE TABLE games (
    id          UUID PRIMARY KEY,
    rule_set    TEXT        NOT NULL,
    options     JSONB       NOT NULL,
    started_at  TIMESTAMPTZ NOT NULL,
    ended_at    TIMESTAMPTZ,
    result      JSONB
);

-- The archive lists finished games newest first, filtered by rule set.
CREATE INDEX games_finished ON games (ended_at DESC, id) WHERE ended_at IS NOT NULL;
-- Restore looks for the unfinished ones.
CREATE INDEX games_unfinished ON games (id) WHERE ended_at IS NULL;

CREATE TABLE seats (
    game_id     UUID    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    team        INTEGER NOT NULL,
    -- SHA-256 of the seat token: the token itself is never stored.
    token_hash  BYTEA,
    PRIMARY KEY (game_id, seat)
);

-- The archive's player filter compares names case-insensitively.
CREATE INDEX seats_name ON seats (lower(name));

CREATE TABLE actions (
    game_id     UUID        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT      NOT NULL,
    seat        INTEGER     NOT NULL,
    turn        BIGINT      NOT NULL,
    action      JSONB       NOT NULL,
    events      JSONB       NOT NULL,
    -- Copied out of the payload so an auditor can read them without parsing it.
    commitment  TEXT,
    reveal      INTEGER,
    nonce       TEXT,
    -- A concealment that a restart interrupted before its reveal, made again afterwards.
    voided      BOOLEAN     NOT NULL DEFAULT FALSE,
    at          TIMESTAMPTZ NOT NULL,
    -- The key that makes a retried append a no-op.
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE chat (
    game_id     UUID        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT      NOT NULL,
    -- NULL: a message from the server itself (for example a voided concealment).
    seat        INTEGER,
    -- NULL: table chat; otherwise the team that alone may read it.
    team        INTEGER,
    body        TEXT        NOT NULL,
    at          TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, seq)
);
