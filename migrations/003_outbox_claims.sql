-- A claim on an undelivered message: which process is delivering it and until when.
-- Several processes may serve one platform; a claim keeps two of them from sending
-- the same message, and its expiry lets another take over from one that crashed.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until INTEGER;
