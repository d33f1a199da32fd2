-- The web pages (issue #44). A game's page is reached by an unguessable token, never
-- by its 4-character public id; a community's page exists only while someone who
-- manages the community has turned it on, under a token of its own. Tokens are drawn
-- by the program from the system's secure random source (a migration cannot draw one
-- on both back ends), 128 bits written in base32: games made before this migration get
-- theirs when first needed.
CREATE TABLE game_links (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    token      TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- A row while the community's page is on; `/boardbot web off` deletes it, and turning
-- the page on again draws a new token, so a link given out before stays dead.
CREATE TABLE community_pages (
    community_id BIGINT PRIMARY KEY REFERENCES communities (id) ON DELETE CASCADE,
    token        TEXT NOT NULL UNIQUE,
    created_at   BIGINT NOT NULL
);

-- A community page lists the community's latest games.
CREATE INDEX games_community ON games (community_id, updated_at) WHERE community_id IS NOT NULL;
