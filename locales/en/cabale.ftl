### Cabale: refusals of moves, position codes and rule options, end reasons, move
### labels, and the words of its picture and diagram.
###
### Glossary (keep these words the same throughout):
###   cell        one of the 61 hexagons (A1 … I9), each printed with a value
###   runner      a player's piece that moves along a path: straight, one turn, straight
###   turn        a move: the runner's path, the block it leaves, its captures and blockade
###   block       a player's piece left where the runner turned; two stacked make a
###               double (block), worth twice the cell
###   capture     a block jumping over an enemy block, which it takes
###   blockade    a wall on the edge between two cells, which nothing crosses
###   edge        the border between two neighbouring cells (D4|D5)
###   leave       a seat leaving the game, ranked last, while the others play on
###
### Variables: $cell, $to, $from, $first, $second, $given, $runner, $edge, $edges,
### $text, $after, $found, $row, $symbol, $letter and $letters as the notation or
### the player writes them (never translated); $seat arrives as a seat's name
### (cabale-seat-…) with $seat-id holding its id; $field as a field of the position
### code (cabale-field-…); $expected as what was expected (cabale-expected-…);
### $runner in the diagram as a phrase (cabale-diagram-runner-…).

cabale-title = Cabale

## Seats

cabale-seat-yellow = Yellow
cabale-seat-red = Red
cabale-seat-green = Green
cabale-seat-blue = Blue

## Move labels: what a move did (A3>C3>C2 · double on C3 (6) · blockade D4|D5)

cabale-label-runner-starts = runner starts on { $cell }
cabale-label-leaves = { $seat } leaves the game
cabale-label-block = block on { $cell } ({ $value })
cabale-label-double = double on { $cell } ({ $value })
cabale-label-last-block = last block, ends the game
cabale-label-takes = takes { $captures } (to { $to }, { $value })
cabale-label-blockade = blockade { $edge }
# A chat menu's runner path, before the block, captures and blockade are chosen.
cabale-label-turn-on = turn on { $cell } ({ $value })

## How a game ends

cabale-end-last-block = { $seat } placed their last block
cabale-end-stuck = { $seat }'s runner cannot move
# House rule boxed_in:pass: every runner still playing is boxed in.
cabale-end-all-stuck = no runner can move
# On the picture's panel and under the diagram when the house rule is in force.
cabale-rules-boxed-in-pass = house rule: a boxed-in runner passes

## The picture and the diagram

cabale-view-score = score
cabale-view-blocks = blocks
cabale-view-doubles = doubles
cabale-view-blockades = blockades
cabale-view-taken = taken
cabale-view-taken-value = { $single } single, { $double } double
cabale-view-placing = Placing runners on edge cells (not corners)
cabale-diagram-blockades = blockades: { $edges }
cabale-diagram-no-blockades = blockades: none
cabale-diagram-seat = { $seat } ({ $letter }): runner { $number } { $runner }; { $blocks ->
        [one] 1 block
       *[other] { $blocks } blocks
    }, { $doubles ->
        [one] 1 double
       *[other] { $doubles } doubles
    }, { $blockades ->
        [one] 1 blockade
       *[other] { $blockades } blockades
    } left; captured { $single } single, { $double } double; { $points ->
        [one] 1 point
       *[other] { $points } points
    }
cabale-diagram-runner-on = on { $cell }
cabale-diagram-runner-not-placed = not placed
cabale-diagram-to-place = { $seat } to place a runner

## Text that is not a move

cabale-malformed-empty = empty move: write @A3 to place the runner, or a turn like A3>C3>C2
cabale-malformed-bad-cell = "{ $text }" is not a cell of the board (rows A–I, e.g. A1–A5, E1–E9, I5–I9)
cabale-malformed-expected = expected { $expected } after "{ $after }", found "{ $found }"
cabale-malformed-not-neighbours = { $first } and { $second } are not neighbours: a blockade goes on the edge between two adjacent cells
cabale-expected-cell = a cell
cabale-expected-turn-cell = '>' and the cell where the runner turns
cabale-expected-stop-cell = '>' and the cell where the runner stops
cabale-expected-wall-cell = '|' and the second cell of the blockade edge
cabale-expected-end = the end of the move
cabale-expected-turn-part = '+', 'x<cell>', '#<cell>|<cell>' or the end of the move

## A move that is not allowed

cabale-illegal-game-over = the game is over
cabale-illegal-cannot-leave = a seat can leave only after the runners are placed and while at least three seats play on
cabale-illegal-place-runner-first = runners are still being placed: { $seat } places a runner first, like @A3
cabale-illegal-runners-placed = every runner is already on the board: move yours with a turn like A3>C3>C2
cabale-illegal-start-on-corner = { $cell } is a corner: runners start on an edge cell that is not a corner
cabale-illegal-start-not-on-edge = { $cell } is not on the edge of the board: runners start on an edge cell
cabale-illegal-start-taken = { $cell } is taken by another runner
cabale-illegal-not-your-runner = your runner is on { $runner }, not on { $given }
cabale-illegal-not-straight = { $first } and { $second } are not on a straight line: the runner moves straight, turns once, and moves straight
cabale-illegal-no-turn = the runner must turn at { $cell }: going on straight is not a turn
cabale-illegal-turns-back = the runner may not turn back the way it came at { $cell }
cabale-illegal-sharp-turn = the turn at { $cell } is a sharp (120°) turn, which these settings do not allow
cabale-illegal-occupied = the runner cannot enter { $cell }: it is not empty
cabale-illegal-crosses-blockade = the runner cannot cross the blockade on { $edge }
cabale-illegal-no-doubles-left = you have already built all your double blocks
cabale-illegal-no-block-for-double = a double block needs two blocks, and you have only one left
cabale-illegal-after-last-block = placing your last block ends the game at once: no captures or blockade may follow
cabale-illegal-jump-not-straight = the block on { $from } cannot land on { $to }: a jump goes over one neighbour to the cell right behind it
cabale-illegal-jump-changes-direction = the jump to { $cell } leaves the line: further captures continue in the same direction
cabale-illegal-nothing-to-capture = there is no enemy block on { $cell } to capture
cabale-illegal-landing-occupied = the block cannot land on { $cell }: it is not empty
cabale-illegal-jump-blocked = the block cannot jump across the blockade on { $edge }
cabale-illegal-no-blockades-left = you have no blockades left
cabale-illegal-already-walled = { $edge } already has a blockade
cabale-illegal-edge-not-allowed = these settings do not allow a blockade on { $edge }

## A position code that is refused

cabale-field-supplies = supplies
cabale-field-doubles = doubles
cabale-field-blockades = blockades
cabale-field-captures = captures
# Instead of a seat: the blocks of all seats counted together.
cabale-code-every-seat = every seat together
cabale-code-fields = expected 7 fields (board, to-move, supplies, doubles, blockades, captures, walls), or 8 with the seats that left, found { $n }
cabale-code-players = the supplies field has { $n } entries, but Cabale is for 2 to 4 players
cabale-code-entries = the { $field } field has { $found } entries, expected one per seat ({ $expected })
cabale-code-counter = the { $field } field has a bad counter "{ $text }"
cabale-code-counter-too-high = { $seat }'s { $field } counter is { $value }, above its starting value { $max }
cabale-code-rows = expected 9 rows separated by '/', found { $n }
cabale-code-row-length = row { $row } has { $found } cells, expected { $expected }
cabale-code-symbol = unknown symbol '{ $symbol }' in row { $row } (use . y r g b Y R G B 1 2 3 4)
# Always plural: $players (2 to 4)
cabale-code-seat-not-in-game = '{ $symbol }' in row { $row } belongs to a seat that a { $players }-player game does not have
cabale-code-duplicate-runner = the runner { $runner } is on the board more than once
cabale-code-to-move = to-move must be one of { $letters }, found "{ $found }"
cabale-code-captures = captures must be <singles>.<doubles> per seat like 0.0-2.1, found "{ $found }"
cabale-code-left = the seats that left must be letters of the game's seats in seat order, at most all but two, not the seat to move, after the runners are placed: found "{ $found }"
cabale-code-walls = walls must be '-' or edges like D4|D5,E5|E6, found "{ $found }"
cabale-code-wall-order = walls must be listed once each, in board order: "{ $found }" is out of place
cabale-code-placement = runners are placed in seat order: with { $placed } placed, { $seat } is to move and later runners are not on the board
cabale-code-pieces-during-placement = blocks and blockades cannot be on the board while runners are still being placed
# Always plural: $count (more than a seat starts with)
cabale-code-too-many-blocks = { $seat } has { $count } blocks on the board, in supply and captured by others, but starts with { $max }
cabale-code-too-many-doubles = { $seat } has { $count ->
        [one] 1 double block
       *[other] { $count } double blocks
    } on the board, left to build and captured by others, but may build { $max }
cabale-code-too-many-blockades = { $on-board ->
        [one] 1 blockade
       *[other] { $on-board } blockades
    } on the board and { $left } left, but the game has { $max }

## Rule options that are refused

cabale-option-players = Cabale is for 2 to 4 players, not { $n }
cabale-option-edge = "{ $text }" is not an edge between two neighbouring cells (like D4|D5)
