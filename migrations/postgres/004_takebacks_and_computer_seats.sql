-- takebacks: how many moves were ever taken back in the game. Moves are otherwise only
-- appended, so a game's moves are known from (takebacks, ply) once read: a worker that
-- remembers them reads only the moves played since (see store::Store::load_game).
ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
-- The computer's seats: what its worker polls for, without a join over every game.
CREATE INDEX seats_computer ON seats (game_id, seat) WHERE computer_level IS NOT NULL;
