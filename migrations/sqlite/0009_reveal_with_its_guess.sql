-- The server reveals a concealed number in the same instant as the guess that asks for it,
-- so a duel stored a third more rows than its players made moves. The reveal now goes into
-- its guess's row. On such a row `commitment`, `reveal`, `nonce` and `throw_proof` are the
-- reveal's (a guess has none of them), and the columns below hold the rest of it. Its place
-- in the log is the one after the guess; its turn, time and `auto` are the guess's.
-- A reveal stored before this, or in a write that held its guess alone, keeps a row of its own.

ALTER TABLE actions ADD COLUMN revealed_by INTEGER;
ALTER TABLE actions ADD COLUMN reveal_action TEXT;
ALTER TABLE actions ADD COLUMN reveal_events TEXT;
