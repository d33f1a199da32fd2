-- Signing in on the web pages (issue #51). `/boardbot web login` gives a person a
-- link that signs them in once, within 10 minutes; signing in opens a session kept by
-- a cookie, which ends after 30 days unused or at `/boardbot web logout`. Neither the
-- link's token nor the session's id is kept: only their SHA-256, so a copy of the
-- database signs nobody in. The same tables as SQLite's migrations/015_web_sessions.sql.
CREATE TABLE web_logins (
    token_hash TEXT PRIMARY KEY,
    player_id  BIGINT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    -- Set when the link signed someone in: it never does again.
    used_at    BIGINT
);

CREATE INDEX web_logins_player ON web_logins (player_id);
CREATE INDEX web_logins_expiry ON web_logins (expires_at);

CREATE TABLE web_sessions (
    session_hash TEXT PRIMARY KEY,
    player_id    BIGINT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    -- When it was last used (kept to the hour): 30 days past it, the session is over.
    seen_at      BIGINT NOT NULL,
    -- How it began: 'link' (a login link) or 'activity' (Discord's Activity).
    via          TEXT NOT NULL CHECK (via IN ('link', 'activity'))
);

CREATE INDEX web_sessions_player ON web_sessions (player_id);
CREATE INDEX web_sessions_seen ON web_sessions (seen_at);

-- `/kuba play` on Discord launches the Activity, and a launch carries nothing: the game
-- the person asked for is kept here for a few minutes, and the Activity's sign-in
-- opens it (once) instead of the person's list of games. One row a person: the last
-- game asked for.
CREATE TABLE web_launches (
    player_id  BIGINT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL
);

CREATE INDEX web_launches_expiry ON web_launches (expires_at);
