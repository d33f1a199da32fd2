### Kewbz: refusals of placements, position codes and rule options, end reasons,
### move labels, and the words of its picture and diagram.
###
### Glossary (keep these words the same throughout):
###   cube        a playing piece; each player has a supply of them, of their colour
###               (blue or yellow)
###   place       a move: one cube goes on an empty square next to a cube
###   corner      three cubes in an L; the cube at the bend is its vertex
###   extension   a cube that makes an existing corner longer
###   vertex      the cube at a corner's bend, where cubes earned are stacked
###   tower       a stack of cubes on a vertex, at most 5 high, owned by its top cube
###   supply      the cubes a player has left to place or stack
###
### Variables: $square, $vertex, $corner, $opposite, $example, $text, $symbol, $run
### and $found as the notation or the player writes them (never translated);
### $colour arrives as a colour word below (kewbz-colour-…) with $colour-id holding
### its id; $seat as a seat's name (kewbz-seat-…); $what as a phrase of corners and
### extensions (kewbz-label-corners …).

kewbz-title = Kewbz

## Colours and seats

kewbz-colour-blue = blue
kewbz-colour-yellow = yellow
kewbz-seat-blue = Blue
kewbz-seat-yellow = Yellow

## Move labels: what a placement did (d5 · corner at d4 +1 · tower d4 ×2)

kewbz-label-corners = { $n ->
    [1] corner
    [2] double corner
   *[other] { $n } corners
}
kewbz-label-extensions = { $n ->
    [1] extension
   *[other] { $n } extensions
}
kewbz-label-both = { $corners } + { $extensions }
kewbz-label-growth = { $what } at { $vertex } +{ $stacked }
kewbz-label-tower-full = tower { $vertex } full
kewbz-label-tower = tower { $vertex } ×{ $height }
kewbz-label-last-cube = last cube
# A chat menu's square where the player must choose where their last cubes go.
kewbz-label-earns = earns { $earned ->
    [one] 1 cube
   *[other] { $earned } cubes
}, { $left } left: choose where they go

## How a game ends, with the final scores

kewbz-end-last-cube = { $colour } placed the last cube; blue { $blue }, yellow { $yellow }
kewbz-end-no-cubes = { $colour } has no cubes left; blue { $blue }, yellow { $yellow }
kewbz-end-blocked = no cube can be placed anywhere; blue { $blue }, yellow { $yellow }

## The picture and the diagram

kewbz-view-cubes-left = cubes left
kewbz-view-score = score
kewbz-diagram-seat = { $seat }: { $cubes ->
        [one] 1 cube
       *[other] { $cubes } cubes
    } left, score { $score }

## Text that is not a placement

kewbz-malformed-empty = empty move: write the square where your cube goes, like d4
kewbz-malformed-bad-square = "{ $text }" is not a square: write a file letter and a rank, like d4
kewbz-malformed-bad-vertex = "{ $text }" after '>' is not a square: list vertices like d4>e5,f6
kewbz-malformed-empty-choice = nothing after '>': list the vertices that get your cubes, like d4>e5,f6

## A placement that is not allowed

kewbz-illegal-game-over = the game is over
kewbz-illegal-off-board = { $square } is off the { $size }×{ $size } board
kewbz-illegal-occupied = { $square } is occupied: cubes are placed on empty squares
kewbz-illegal-not-adjacent = { $square } touches no cube: place next to a cube on the board (diagonals count)
kewbz-illegal-block = { $square } would complete a 2×2 square of cubes ({ $corner } to { $opposite })
kewbz-illegal-nothing-earned = { $square } earns no cube, so there is nothing to choose: write it without '>'
kewbz-illegal-last-cube = { $square } places your last cube, so none are left to stack: write it without '>'
kewbz-illegal-enough = { $square } earns { $earned ->
    [one] 1 cube
   *[other] { $earned } cubes
} and you have { $left } left, enough for all: write it without '>'
kewbz-illegal-not-earning = { $vertex } earns no cube when the cube goes on { $square }
kewbz-illegal-too-many = { $vertex } is named { $named } times but earns only { $earned }
kewbz-illegal-wrong-count = the '>' list names { $named ->
    [one] 1 cube
   *[other] { $named } cubes
}, but you have { $left } left to stack: name exactly { $left }
kewbz-illegal-choice-needed = { $square } earns { $earned ->
    [one] 1 cube
   *[other] { $earned } cubes
} but you have only { $left } left: choose where they go, like { $example }

## A position code that is refused

kewbz-code-fields = expected 3 fields (board, to-move, supplies), found { $n }
# Always plural: $max (the largest board)
kewbz-code-size = the board has { $n } rows: boards of { $min } to { $max } rows are supported
kewbz-code-row-length = rank { $rank } describes { $cells } squares, but the board is { $size } squares wide
kewbz-code-not-square = the board is not square: { $rows } rows of { $columns } squares
kewbz-code-symbol = unknown symbol '{ $symbol }' in rank { $rank } (use b, y, (…) stacks and digits)
kewbz-code-run = non-canonical run of empty squares "{ $run }" in rank { $rank } (write 10 as 91)
kewbz-code-stack = bad stack "{ $text }" in rank { $rank }: write 2 to 5 cubes bottom to top, like (byb)
kewbz-code-too-high = the stack on { $square } has { $height } cubes: towers stop at 5
kewbz-code-block = the squares { $corner } to { $opposite } form a 2×2 block, which the rules never allow
kewbz-code-to-move = to-move must be b or y, found "{ $found }"
kewbz-code-supplies = supplies must be <blue>-<yellow> like 32-32, found "{ $found }"
kewbz-code-supply-above = { $colour } has { $supply } cubes left, but the game gives each player { $cubes }
kewbz-code-too-many-cubes = { $colour } has { $on-board ->
        [one] 1 cube
       *[other] { $on-board } cubes
    } on the board and { $supply } left, more than the { $cubes } of the game

## Rule options that are refused

kewbz-option-size = board size { $n } is not supported: use { $min } to { $max }
# Always plural: $n (1 cube per player is supported, so never refused)
kewbz-option-cubes = { $n } cubes per player is not supported: use 1 to { $max }
