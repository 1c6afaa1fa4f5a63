-- A stored action's `action`, `events` and `throw_proof` are written once and read back
-- whole; nothing queries inside them. As `jsonb` the database took every value apart into
-- its binary form as the row was written, about a quarter of what a stored action cost it
-- (docs/loadtest.md, "Actions kept as written"). As `json` it checks the text is JSON and
-- keeps it as the server wrote it.

ALTER TABLE actions
    ALTER COLUMN action TYPE json,
    ALTER COLUMN events TYPE json,
    ALTER COLUMN throw_proof TYPE json;
