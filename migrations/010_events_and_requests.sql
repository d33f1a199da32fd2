-- What happened, recorded in the same transaction as the change: a move played, a game
-- ended, a challenge made, accepted, declined, cancelled or expired. `kind` names the
-- event, `payload` is its JSON (the service's), `game_id` the game it is about.
CREATE TABLE events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT NOT NULL,
    game_id    INTEGER REFERENCES games (id),
    payload    TEXT NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX events_game ON events (game_id, id) WHERE game_id IS NOT NULL;

-- The events each subscriber still has to handle, queued with the event: a subscriber
-- handles one and deletes its row in one transaction, so it handles each exactly once.
CREATE TABLE event_queue (
    subscriber TEXT NOT NULL,
    event_id   INTEGER NOT NULL REFERENCES events (id),
    PRIMARY KEY (subscriber, event_id)
) STRICT, WITHOUT ROWID;

-- Requests that changed something, by the platform's id of the request (a Discord
-- interaction, a Matrix event): one delivered twice is answered once.
CREATE TABLE requests (
    request_key TEXT PRIMARY KEY,
    served_at   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- The request a message answers or follows from, and how the platform finishes an
-- answer begun elsewhere (the token of a Discord interaction): a process that restarts
-- finishes what a dead one had half-answered.
ALTER TABLE outbox ADD COLUMN request_key TEXT;
ALTER TABLE outbox ADD COLUMN answer TEXT;
-- Notices that gather while they wait (the expiries of one channel within a minute
-- make one notice): the group a waiting notice collects for.
ALTER TABLE outbox ADD COLUMN group_key TEXT;
CREATE INDEX outbox_request ON outbox (request_key) WHERE request_key IS NOT NULL;
CREATE INDEX outbox_group ON outbox (platform, group_key) WHERE group_key IS NOT NULL AND delivered_at IS NULL;
