-- What a message the bot posted on a platform offers, for platforms where people answer
-- a message rather than press a button on it (a ✅ reaction in Matrix accepts the
-- challenge the message announced). Written when the message is posted, read when
-- someone reacts, so reactions keep working after a restart.
CREATE TABLE message_actions (
    platform    TEXT NOT NULL,
    message_id  TEXT NOT NULL,
    -- The service's actions as JSON (an array); the store does not read it.
    actions     TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (platform, message_id)
) STRICT, WITHOUT ROWID;
