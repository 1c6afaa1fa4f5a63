-- The room a game is played in (its code, turn timer and commitment mode), so a restarted
-- server reopens it under the same code. NULL for a game not played in a room.
ALTER TABLE games ADD COLUMN room JSONB;
