-- Tournaments (issue #45): Swiss and round robin, run by the bot. Each pairing is an
-- ordinary game of `games`; these tables say which tournament, round and board it is,
-- and hold what the pairing needs besides (the entrants, their ratings at the start,
-- the results as the tournament counts them, the byes).

CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    -- The web page's unguessable token (as a game's, `game_links`).
    token        TEXT NOT NULL UNIQUE,
    kind         TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    name         TEXT,
    -- Swiss rounds asked for; NULL: chosen for the field when it starts.
    rounds       INTEGER CHECK (rounds IS NULL OR rounds >= 1),
    days         INTEGER NOT NULL CHECK (days >= 1),
    rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
    max_players  INTEGER NOT NULL CHECK (max_players >= 2),
    -- A series: the next edition starts this many days after one ends.
    every_days   INTEGER CHECK (every_days IS NULL OR every_days >= 1),
    -- The edition before this one in its series, and this one's number in it.
    previous_id  INTEGER REFERENCES tournaments (id),
    edition      INTEGER NOT NULL DEFAULT 1 CHECK (edition >= 1),
    creator_id   INTEGER NOT NULL REFERENCES players (id),
    community_id INTEGER REFERENCES communities (id),
    channel      TEXT,
    status       TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    -- The last round paired (0 before the start), and the rounds it will have.
    round        INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    total_rounds INTEGER,
    -- When an open edition of a series starts by itself (a clock event).
    starts_at    INTEGER,
    created_at   INTEGER NOT NULL,
    started_at   INTEGER,
    ended_at     INTEGER
) STRICT;

CREATE INDEX tournaments_place ON tournaments (community_id, status);
CREATE INDEX tournaments_starts ON tournaments (starts_at) WHERE status = 'open' AND starts_at IS NOT NULL;

-- Who entered, in the order they did (`entry`), with the rating the pairing uses
-- (set at the start; NULL: unrated), games lost on time, and whether and why they
-- withdrew ('left', or 'timeouts': removed after two losses on time).
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    entry         INTEGER NOT NULL CHECK (entry >= 1),
    entered_at    INTEGER NOT NULL,
    rating        REAL,
    timeouts      INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
    left_at       INTEGER,
    left_why      TEXT CHECK (left_why IN ('left', 'timeouts')),
    PRIMARY KEY (tournament_id, player_id),
    UNIQUE (tournament_id, entry),
    CHECK ((left_at IS NULL) = (left_why IS NULL))
) STRICT, WITHOUT ROWID;

CREATE INDEX tournament_entrants_player ON tournament_entrants (player_id);

-- The rounds: one row per board (white, black, its game, the result as the
-- tournament counts it, `pairing::GameResult::key`), and the bye as a row without a
-- black player nor a game (board 0).
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    board         INTEGER NOT NULL CHECK (board >= 0),
    white_id      INTEGER NOT NULL REFERENCES players (id),
    black_id      INTEGER REFERENCES players (id),
    game_id       INTEGER UNIQUE REFERENCES games (id),
    result        TEXT CHECK (result IN ('white', 'black', 'draw', 'white_forfeit', 'black_forfeit')),
    PRIMARY KEY (tournament_id, round, board),
    CHECK ((black_id IS NULL) = (board = 0)),
    CHECK (black_id IS NOT NULL OR (game_id IS NULL AND result IS NULL))
) STRICT, WITHOUT ROWID;
