-- The archive finds the games a client's seats sat in by their tokens' hashes.
CREATE INDEX seats_token_hash ON seats (token_hash);
