-- Conditional moves (issue #51): while the others are to move, a player leaves lines
-- "if they play X, I answer Y" in a game. A row is one line's moves still to come, in
-- canonical notation separated by single spaces, the first of them expected as move
-- `ply` + 1 of the game; `line` numbers a player's lines of a game in the order given.
-- The rows go when the game ends, a move is taken back, the line is played out or
-- left behind, or the player clears them.
CREATE TABLE premoves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    line       INTEGER NOT NULL CHECK (line >= 1),
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    moves      TEXT NOT NULL CHECK (moves <> ''),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, player_id, line)
) STRICT, WITHOUT ROWID;
