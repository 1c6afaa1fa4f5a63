-- The same as migrations/postgres/0005_sleeping_rooms.sql, in SQLite's types. Alarms are
-- whole seconds in UTC (RFC 3339 text without a fraction), so they compare in time order.

CREATE TABLE rooms (
    code        TEXT    PRIMARY KEY NOT NULL,
    awake       BOOLEAN NOT NULL,
    alarm       TEXT,
    deadline    TEXT,
    active_at   TEXT,
    held        TEXT
);

CREATE INDEX rooms_alarm ON rooms (alarm) WHERE NOT awake AND alarm IS NOT NULL;
CREATE INDEX rooms_awake ON rooms (code) WHERE awake;

CREATE INDEX games_room_code ON games ((room ->> 'code'), started_at);

INSERT INTO rooms (code, awake)
    SELECT room ->> 'code', TRUE FROM games WHERE ended_at IS NULL AND room IS NOT NULL
    UNION SELECT code, TRUE FROM waiting_rooms WHERE TRUE
    ON CONFLICT (code) DO NOTHING;
