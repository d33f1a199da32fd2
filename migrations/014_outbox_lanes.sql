-- The lane of each message of the outbox: the conversation it is posted in ("c:" and a
-- channel, "g:" and a game, for its thread, "d:" and a person, for their direct
-- messages). A message is claimed only when every earlier message of its lane could be
-- claimed too, so the messages of one lane go out in order, whichever process delivers
-- them, while different lanes go out at the same time. NULL (rows written before lanes,
-- and notices that gather): a lane of its own.
ALTER TABLE outbox ADD COLUMN lane TEXT;
CREATE INDEX outbox_lane ON outbox (platform, lane, id) WHERE delivered_at IS NULL AND lane IS NOT NULL;
