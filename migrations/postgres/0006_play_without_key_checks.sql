-- A stored move is one row of `actions`; its foreign key made the database look up and
-- lock (FOR KEY SHARE) the game's row for every row written, which was about two fifths
-- of what a row cost it (docs/loadtest.md, "The database's share"). The journal writes a
-- game's record before or with its first action and chat message, so the key never
-- refused anything the server wrote. What the key also did, taking a game's play with it
-- when the game is deleted, a trigger now does, once per statement: no action or message
-- outlives its game.

ALTER TABLE actions DROP CONSTRAINT actions_game_id_fkey;
ALTER TABLE chat DROP CONSTRAINT chat_game_id_fkey;

CREATE FUNCTION forget_play_of_deleted_games() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM actions WHERE game_id IN (SELECT id FROM deleted);
    DELETE FROM chat WHERE game_id IN (SELECT id FROM deleted);
    RETURN NULL;
END
$$;

CREATE TRIGGER games_take_their_play AFTER DELETE ON games
    REFERENCING OLD TABLE AS deleted
    FOR EACH STATEMENT EXECUTE FUNCTION forget_play_of_deleted_games();
