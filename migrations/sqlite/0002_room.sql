-- The same column as migrations/postgres/0002_room.sql, as JSON text.
ALTER TABLE games ADD COLUMN room TEXT;
