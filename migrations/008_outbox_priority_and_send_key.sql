-- Two priorities in the outbox: 0 for what people wait for (the computer's moves, a
-- game's end), 1 for bulk notices (expiries, reminders), claimed after every 0.
-- send_key: the idempotency key of the message on its platform (Discord's nonce,
-- Matrix's transaction id), written with the message, so that a retry after a crash
-- reuses it and the platform drops the repeat.
ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN send_key TEXT;
CREATE INDEX outbox_claim ON outbox (platform, priority, id) WHERE delivered_at IS NULL;
