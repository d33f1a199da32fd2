-- Languages: a player's own choice (`/boardbot language fr`) and the locale their
-- platform last reported (Discord's interaction locale); a community's choice
-- (`scope:server` / `scope:room`, `boardbot local --language`) and the locale its
-- platform reports (Discord's guild_locale). Tags as the platforms write them
-- (`fr`, `es-ES`); NULL when never set or seen.
ALTER TABLE players ADD COLUMN language TEXT;
ALTER TABLE players ADD COLUMN locale TEXT;
ALTER TABLE communities ADD COLUMN language TEXT;
ALTER TABLE communities ADD COLUMN locale TEXT;
