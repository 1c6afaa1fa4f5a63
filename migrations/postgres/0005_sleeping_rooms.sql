-- Rooms that sleep: a room's task ends while nobody is there, and the next request naming
-- its code wakes it from the store (src/room/registry.rs).

-- One row a room: whether its task is awake, and while it sleeps what waking it needs. An
-- awake room's row says so, so a server that stopped with it awake wakes it at start-up.
--   alarm      when a sleeping room must be woken to act (a turn timer, a reveal deadline,
--              abandonment); NULL when nothing is due.
--   deadline   the turn timer's deadline it slept with, restored as it was.
--   active_at  the last time a person used the room, for abandonment.
--   held       the number and nonce of the room's own concealment not yet revealed, kept
--              only while the room sleeps (NULL while awake, so a crash still voids it).
CREATE TABLE rooms (
    code        TEXT        PRIMARY KEY,
    awake       BOOLEAN     NOT NULL,
    alarm       TIMESTAMPTZ,
    deadline    TIMESTAMPTZ,
    active_at   TIMESTAMPTZ,
    held        JSONB
);

CREATE INDEX rooms_alarm ON rooms (alarm) WHERE NOT awake AND alarm IS NOT NULL;
CREATE INDEX rooms_awake ON rooms (code) WHERE awake;

-- A room's games by its code: what waking it reads.
CREATE INDEX games_room_code ON games ((room ->> 'code'), started_at);

-- Every room an older server reopened at start-up is awake for this one's first start-up.
INSERT INTO rooms (code, awake)
    SELECT room ->> 'code', TRUE FROM games WHERE ended_at IS NULL AND room IS NOT NULL
    UNION SELECT code, TRUE FROM waiting_rooms WHERE TRUE
    ON CONFLICT (code) DO NOTHING;
