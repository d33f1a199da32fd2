-- Who moves first in the game a challenge starts, kept with the challenge so that a
-- restart between the challenge and its acceptance keeps the challenger's choice.
ALTER TABLE challenges ADD COLUMN first_mover TEXT NOT NULL DEFAULT 'random'
    CHECK (first_mover IN ('challenger', 'challenged', 'random'));

-- A takeback asked for and not answered yet: the seat that asked and the ply it
-- would undo. A request for an older ply is stale and ignored.
ALTER TABLE games ADD COLUMN takeback_seat INTEGER;
ALTER TABLE games ADD COLUMN takeback_ply INTEGER;
