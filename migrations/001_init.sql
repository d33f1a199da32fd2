-- Times are milliseconds since the Unix epoch (UTC), given by the caller's clock.
-- JSON columns hold text the service or the rules core defines; the store does not
-- interpret them.

CREATE TABLE players (
    id           INTEGER PRIMARY KEY,
    platform     TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    display_name TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    UNIQUE (platform, user_id)
) STRICT;

CREATE TABLE communities (
    id           INTEGER PRIMARY KEY,
    platform     TEXT NOT NULL,
    community_id TEXT NOT NULL,
    name         TEXT,
    created_at   INTEGER NOT NULL,
    UNIQUE (platform, community_id)
) STRICT;

-- Every public game id ever handed out. Rows are never deleted, so an id is never
-- reused even if its game goes.
CREATE TABLE issued_ids (
    public_id TEXT PRIMARY KEY,
    issued_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    public_id       TEXT NOT NULL UNIQUE REFERENCES issued_ids (public_id),
    kind            TEXT NOT NULL,
    settings        TEXT NOT NULL,
    start_code      TEXT,
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    time_control    TEXT,
    community_id    INTEGER REFERENCES communities (id),
    channel         TEXT,
    thread          TEXT,
    status          TEXT NOT NULL CHECK (status IN ('ongoing', 'over')),
    end_reason      TEXT CHECK (end_reason IN
                        ('finished', 'resigned', 'timed_out', 'aborted', 'drawn_by_agreement')),
    reason_key      TEXT,
    places          TEXT,
    scores          TEXT,
    ply             INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    position_code   TEXT NOT NULL,
    to_move         INTEGER NOT NULL,
    draw_offer_seat INTEGER,
    turn_deadline   INTEGER,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    ended_at        INTEGER,
    CHECK ((status = 'over') = (end_reason IS NOT NULL))
) STRICT;

CREATE INDEX games_channel ON games (channel, status) WHERE channel IS NOT NULL;
CREATE INDEX games_thread ON games (thread) WHERE thread IS NOT NULL;
CREATE INDEX games_deadline ON games (turn_deadline) WHERE turn_deadline IS NOT NULL;

-- A seat holds a player or the computer at a level, never both.
CREATE TABLE seats (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    player_id      INTEGER REFERENCES players (id),
    computer_level TEXT,
    PRIMARY KEY (game_id, seat),
    CHECK ((player_id IS NULL) <> (computer_level IS NULL))
) STRICT, WITHOUT ROWID;

CREATE INDEX seats_player ON seats (player_id, game_id) WHERE player_id IS NOT NULL;

-- The source of truth of a game: its moves in canonical text. The key makes two
-- submissions for the same ply impossible.
CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       INTEGER NOT NULL CHECK (ply >= 1),
    text      TEXT NOT NULL,
    seat      INTEGER NOT NULL,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    kind          TEXT NOT NULL,
    settings      TEXT NOT NULL,
    start_code    TEXT,
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    time_control  TEXT,
    community_id  INTEGER REFERENCES communities (id),
    channel       TEXT,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER,
    status        TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'withdrawn')),
    game_id       INTEGER REFERENCES games (id)
) STRICT;

CREATE INDEX challenges_open ON challenges (status, expires_at);

CREATE TABLE challenge_targets (
    challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    player_id    INTEGER NOT NULL REFERENCES players (id),
    answer       TEXT NOT NULL CHECK (answer IN ('pending', 'accepted', 'declined')),
    UNIQUE (challenge_id, player_id)
) STRICT;

CREATE INDEX challenge_targets_player ON challenge_targets (player_id);

-- One row per player, game kind and scope; scope 0 is global, otherwise a community id.
CREATE TABLE ratings (
    player_id  INTEGER NOT NULL REFERENCES players (id),
    kind       TEXT NOT NULL,
    scope      INTEGER NOT NULL CHECK (scope >= 0),
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, kind, scope)
) STRICT, WITHOUT ROWID;

CREATE INDEX ratings_board ON ratings (kind, scope, rating DESC);

CREATE TABLE rating_history (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    kind       TEXT NOT NULL,
    scope      INTEGER NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    at         INTEGER NOT NULL
) STRICT;

CREATE INDEX rating_history_player ON rating_history (player_id, kind, scope, at);

-- Messages the service produced on its own, kept until an adapter of that platform
-- has delivered them.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    platform     TEXT NOT NULL,
    payload      TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    delivered_at INTEGER
) STRICT;

CREATE INDEX outbox_pending ON outbox (platform, id) WHERE delivered_at IS NULL;
