-- Signing in on the web pages (issue #51). `/boardbot web login` gives a person a
-- link that signs them in once, within 10 minutes; signing in opens a session kept by
-- a cookie, which ends after 30 days unused or at `/boardbot web logout`. Neither the
-- link's token nor the session's id is kept: only their SHA-256, so a copy of the
-- database signs nobody in. A person is a player (a platform and a user id), as in
-- chat: the same person on two platforms has two sessions' worth of identity.
CREATE TABLE web_logins (
    token_hash TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    -- Set when the link signed someone in: it never does again.
    used_at    INTEGER
) STRICT;

CREATE INDEX web_logins_player ON web_logins (player_id);
CREATE INDEX web_logins_expiry ON web_logins (expires_at);

CREATE TABLE web_sessions (
    session_hash TEXT PRIMARY KEY,
    player_id    INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    -- When it was last used (kept to the hour): 30 days past it, the session is over.
    seen_at      INTEGER NOT NULL,
    -- How it began: 'link' (a login link) or 'activity' (Discord's Activity).
    via          TEXT NOT NULL CHECK (via IN ('link', 'activity'))
) STRICT;

CREATE INDEX web_sessions_player ON web_sessions (player_id);
CREATE INDEX web_sessions_seen ON web_sessions (seen_at);

-- `/kuba play` on Discord launches the Activity, and a launch carries nothing: the game
-- the person asked for is kept here for a few minutes, and the Activity's sign-in
-- opens it (once) instead of the person's list of games. One row a person: the last
-- game asked for.
CREATE TABLE web_launches (
    player_id  INTEGER PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX web_launches_expiry ON web_launches (expires_at);
