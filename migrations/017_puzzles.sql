-- Puzzles (issue #52): positions of finished, reviewed games where the mover made a
-- mistake or a blunder and one move is clearly best, given to people to solve.

-- A game whose review is stored, waiting for the puzzle finder (pending), then
-- done with how many puzzles it gave. The pending rows are the queue: a restart
-- resumes them. Games reviewed before this table existed are queued by it.
CREATE TABLE puzzle_scans (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'done')),
    found      INTEGER CHECK (found IS NULL OR found >= 0),
    created_at INTEGER NOT NULL,
    done_at    INTEGER,
    CHECK ((status = 'done') = (found IS NOT NULL))
) STRICT;
CREATE INDEX puzzle_scans_pending ON puzzle_scans (created_at) WHERE status = 'pending';
INSERT INTO puzzle_scans (game_id, status, created_at)
    SELECT game_id, 'pending', done_at FROM reviews WHERE status = 'done';

-- A puzzle: the position before move `ply` of its game, whose mover (seat, played
-- by player_id, or the computer when NULL) played `played`; `best` is the answer
-- and `line` (JSON, the best move first) what follows while it is forced. Each
-- puzzle has a Glicko-2 rating of its own, moved by people's rated attempts, and an
-- unguessable token for its web page (as a game's, `game_links`).
CREATE TABLE puzzles (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id),
    ply          INTEGER NOT NULL CHECK (ply >= 1),
    kind         TEXT NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    player_id    INTEGER REFERENCES players (id),
    community_id INTEGER REFERENCES communities (id),
    code         TEXT NOT NULL,
    played       TEXT NOT NULL,
    label        TEXT NOT NULL CHECK (label IN ('mistake', 'blunder')),
    best         TEXT NOT NULL,
    line         TEXT NOT NULL,
    margin       REAL NOT NULL,
    rating       REAL NOT NULL,
    deviation    REAL NOT NULL,
    volatility   REAL NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved       INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    token        TEXT NOT NULL UNIQUE,
    created_at   INTEGER NOT NULL,
    UNIQUE (game_id, ply)
) STRICT;
CREATE INDEX puzzles_player ON puzzles (player_id, kind) WHERE player_id IS NOT NULL;
CREATE INDEX puzzles_community ON puzzles (community_id, kind, rating);

-- A puzzle given to a person: open until answered (one open puzzle per person and
-- game), then the move they answered and whether it was the best. A rated attempt
-- (the person's first at that puzzle, outside a streak) moved both ratings:
-- rating_before and rating_after are the person's.
CREATE TABLE puzzle_attempts (
    id            INTEGER PRIMARY KEY,
    puzzle_id     INTEGER NOT NULL REFERENCES puzzles (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    kind          TEXT NOT NULL,
    community_id  INTEGER REFERENCES communities (id),
    streak        INTEGER NOT NULL CHECK (streak IN (0, 1)),
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    given_at      INTEGER NOT NULL,
    answer        TEXT,
    solved        INTEGER CHECK (solved IS NULL OR solved IN (0, 1)),
    answered_at   INTEGER,
    rating_before REAL,
    rating_after  REAL,
    CHECK ((answered_at IS NULL) = (solved IS NULL))
) STRICT;
CREATE UNIQUE INDEX puzzle_attempts_open ON puzzle_attempts (player_id, kind) WHERE answered_at IS NULL;
CREATE INDEX puzzle_attempts_player ON puzzle_attempts (player_id, puzzle_id);
CREATE INDEX puzzle_attempts_community ON puzzle_attempts (community_id, kind, player_id);

-- A person's puzzle rating per game (Glicko-2, apart from the game's rating).
CREATE TABLE puzzle_ratings (
    player_id  INTEGER NOT NULL REFERENCES players (id),
    kind       TEXT NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts   INTEGER NOT NULL CHECK (attempts >= 0),
    solved     INTEGER NOT NULL CHECK (solved >= 0),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, kind)
) STRICT;
CREATE INDEX puzzle_ratings_board ON puzzle_ratings (kind, rating DESC);

-- A person's streaks per game: the one running (current puzzles solved in a row,
-- running while its open puzzle waits) and the best one ended.
CREATE TABLE puzzle_streaks (
    player_id  INTEGER NOT NULL REFERENCES players (id),
    kind       TEXT NOT NULL,
    running    INTEGER NOT NULL CHECK (running IN (0, 1)),
    current    INTEGER NOT NULL CHECK (current >= 0),
    best       INTEGER NOT NULL CHECK (best >= 0),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, kind)
) STRICT;
