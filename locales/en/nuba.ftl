### Nuba: refusals of moves and position codes, end reasons, move labels, and the
### words of its picture and diagram.
###
### Glossary (keep these words the same throughout):
###   piece          one of each player's ten: wrestlers 1–9 and the champion X
###   wrestler       a piece 1–9; a lower number is a stronger wrestler
###   champion       the piece X: it takes and is taken by anything, and wins on arrival
###   hand           the pieces a player has not placed yet
###   home rows      the two rows where a player places their pieces
###   back row       the opponent's home row farthest away, where pieces arrive
###   musician       the piece on the musician space beside the board; a higher
###                  number is a better musician
###   place / step   the two kinds of move: a piece from the hand, a piece forward
###
### Variables: $square, $from, $to, $piece, $rank, $target, $mover (a rank),
### $musician (a rank), $hand, $rows, $letter, $text, $token and $found as the
### notation or the player writes them (G7, 7, X; never translated); $colour,
### $other and $owner arrive as the colour words below (nuba-colour-…) with
### $colour-id etc. holding their ids; $seat as a seat's name (nuba-seat-…).

nuba-title = Nuba

## Colours and seats

nuba-colour-green = green
nuba-colour-red = red
nuba-seat-green = Green
nuba-seat-red = Red

## Move labels: what a move did (c2-d3 · 4 takes 7, b5-b6 · 8 becomes musician)

nuba-label-places-champion = places the champion
nuba-label-places = places { $rank }
nuba-label-no-move = no move possible
nuba-label-takes = { $rank } takes { $target }
nuba-label-champion-arrives = X reaches the back row
nuba-label-becomes-musician = { $rank } becomes musician
nuba-label-replaces-musician = { $rank } replaces { $colour }'s musician { $musician }
nuba-label-leaves-board = { $rank } leaves the board ({ $colour }'s musician { $musician } stays)
nuba-label-wins = { $colour } wins
nuba-label-draw = draw

## How a game ends

nuba-end-champion = { $colour }'s champion reached { $other }'s back row
nuba-end-musician = { $other } has no piece above { $rank } and no champion left: { $colour }'s { $rank } is the final musician
nuba-end-no-moves = neither player can move: { $colour }'s musician { $rank } decides
nuba-end-no-moves-no-musician = neither player can move and there is no musician

## The picture and the diagram

nuba-view-hand = hand
nuba-view-on-board = on board
nuba-view-out = out
nuba-view-placing = Placing: each side fills its two home rows
# The space beside the board.
nuba-view-musician = Musician
nuba-diagram-seat = { $seat }: hand { $hand }, { $out } out of the game
nuba-diagram-musician = Musician: { $colour }'s { $rank }
nuba-diagram-no-musician = Musician: none
nuba-diagram-to-place = { $seat } to place a piece

## Text that is not a move

nuba-malformed-empty = empty move: write a placement like X@c2, a step like c2-d3, or pass
nuba-malformed-bad-piece = "{ $text }" is not a piece: use 1–9 or X before the @, like X@c2
nuba-malformed-bad-square = "{ $text }" is not a square of the 5×6 board (files a–e, ranks 1–6)
nuba-malformed-same-square = { $square }-{ $square } goes nowhere: a step moves a piece to another square
nuba-malformed-missing-target = "{ $text }" has no target: write a step like c2-d3

## A move that is not allowed

nuba-illegal-game-over = the game is over
nuba-illegal-placement-over = all pieces are placed: move a piece one step forward, like c2-d3
nuba-illegal-still-placing = the pieces are still being placed: place one from your hand, like X@c2
nuba-illegal-not-in-hand = your { $rank } is already placed
nuba-illegal-not-home-row = { $square } is not on your home rows: { $colour } places on rows { $rows }
nuba-illegal-occupied = { $square } is occupied by { $piece }
nuba-illegal-empty = there is no piece on { $square }
nuba-illegal-not-yours = { $square } holds a { $owner } piece, but { $mover } is to move
nuba-illegal-backwards = { $from }-{ $to } goes backwards: { $colour } pieces only move towards rank { $rank }
nuba-illegal-sideways = { $from }-{ $to } goes sideways: pieces move only straight or diagonally forward
nuba-illegal-too-far = { $from }-{ $to } is more than one step: a piece moves one square straight or diagonally forward
nuba-illegal-own-piece = { $square } holds your own piece
nuba-illegal-stronger = your { $mover } cannot take the { $target } on { $square }: a lower number is a stronger wrestler
nuba-illegal-pass-not-allowed = you may pass only when you have no other move

## A position code that is refused

nuba-code-fields = expected 5 fields (board, to-move, green hand, red hand, musician), found { $n }
nuba-code-rows = expected 6 rows separated by '/', found { $n }
nuba-code-row-length = rank { $rank } describes { $cells } cells, expected 5
nuba-code-token = unknown token "{ $token }" in rank { $rank } (a cell is '.' or G/R followed by 1–9 or X)
nuba-code-to-move = to-move must be g or r, found "{ $found }"
nuba-code-hand-prefix = the { $colour } hand must be written { $letter }:<pieces> or { $letter }:-, found "{ $text }"
nuba-code-hand = the { $colour } hand "{ $text }" must list pieces 1–9 and X, or be -
nuba-code-hand-order = the { $colour } hand "{ $text }" is not in canonical order (increasing, X last)
nuba-code-musician = the musician must be a piece like G7 or -, found "{ $found }"
nuba-code-two-musicians = "{ $found }" names more than one musician: the musician space holds one piece
nuba-code-champion-musician = { $piece } cannot be the musician: a champion that arrives wins instead
nuba-code-duplicate = { $piece } appears more than once (board, hands and musician hold each piece at most once)
nuba-code-on-goal-row = { $piece } on { $square }: a piece other than the champion leaves the board when it reaches { $other }'s back row
nuba-code-two-champions-arrived = both champions stand on their opponent's back row: the first to arrive ends the game
nuba-code-off-home-rows = { $piece } on { $square } while pieces are still in hand: nothing moves before all pieces are placed
nuba-code-early-musician = a musician ({ $piece }) while pieces are still in hand: nothing moves before all pieces are placed
