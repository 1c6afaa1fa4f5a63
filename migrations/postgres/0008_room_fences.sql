-- Fencing tokens for rooms served by several nodes (src/store/fence.rs): the number of the
-- latest owner of each room. A node that claims a room's lease raises it by one; the journal
-- writes an owner's entries only while its number is the latest, so an owner that lost its
-- lease (paused, or cut off from NATS) can never write over the next one.
CREATE TABLE room_fences (
    code   TEXT    PRIMARY KEY,
    fence  BIGINT  NOT NULL
);
