-- Clocks across days: how each player wants to be reminded, vacations, and the
-- reminders already sent.

-- 'mention' in the game's place, 'direct' message, or 'off'.
ALTER TABLE players ADD COLUMN notify TEXT NOT NULL DEFAULT 'mention'
    CHECK (notify IN ('mention', 'direct', 'off'));

-- A player's vacation: every clock of theirs stands still from starts_at to ends_at.
-- Ending it early sets ends_at to that moment; days counts the days it took from the
-- yearly allowance (the days booked, or the days begun when ended early).
CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    starts_at  INTEGER NOT NULL,
    ends_at    INTEGER NOT NULL,
    days       INTEGER NOT NULL CHECK (days > 0),
    CHECK (ends_at >= starts_at)
) STRICT;
CREATE INDEX vacations_player ON vacations (player_id, ends_at);

-- A reminder is sent once per game, turn deadline and point before it: the row is
-- written in the transaction that queues the message, so it is never sent twice and
-- a deadline that moves (a vacation) gets its reminders again.
CREATE TABLE reminders_sent (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    deadline  INTEGER NOT NULL,
    point_ms  INTEGER NOT NULL,
    sent_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, deadline, point_ms)
) STRICT, WITHOUT ROWID;

