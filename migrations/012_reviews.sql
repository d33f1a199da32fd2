-- reviews: the computer's review of a finished game, one per game. A review is
-- queued as pending (asked for, or queued when the game ended), with where to post
-- it (destination: the service's JSON) and who asked; a restart resumes the pending
-- ones. Once made it is kept (result: the service's JSON), so asking again is
-- instant. A person has at most one pending review at a time (reviews_asked).
CREATE TABLE reviews (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id),
    status       TEXT NOT NULL CHECK (status IN ('pending', 'done')),
    requested_by INTEGER REFERENCES players (id),
    platform     TEXT NOT NULL,
    destination  TEXT NOT NULL,
    community_id INTEGER REFERENCES communities (id),
    playouts     INTEGER NOT NULL CHECK (playouts > 0),
    result       TEXT,
    created_at   INTEGER NOT NULL,
    done_at      INTEGER,
    CHECK ((status = 'done') = (result IS NOT NULL))
) STRICT;
CREATE INDEX reviews_pending ON reviews (created_at) WHERE status = 'pending';
CREATE UNIQUE INDEX reviews_asked ON reviews (requested_by) WHERE status = 'pending';
