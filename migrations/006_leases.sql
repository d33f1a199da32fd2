-- Leases: which process runs a singleton (the clocks' scheduler, the computer's
-- queue) when several serve one database. The holder renews its lease before
-- expires_at; another process takes it over once it has run out.
CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    holder     TEXT NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
