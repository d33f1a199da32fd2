### Kuba (Traboulet): refusals of moves and position codes, end reasons, move
### labels, and the words of its picture and diagram.
###
### Glossary (keep these words the same throughout):
###   marble        a playing piece; each player has 8, of their colour (white or black)
###   red           one of the 13 neutral red marbles; pushing off 7 wins
###   push          a move: a marble moves one square and the line in front of it with it
###   push off      a marble pushed over the edge leaves the board (it is "taken")
###   ban           the push that would undo the opponent's last push, forbidden for one turn
###   N, E, S, W    directions, as the notation writes them (d2-N)
###
### Variables: $square, $from, $behind, $push, $text, $symbol, $run and $found as the
### notation or the player writes them (never translated); $colour, $owner,
### $winner, $loser, $mover and $other arrive as the colour words below
### (kuba-colour-…), with $colour-id etc. holding the term's id for agreement;
### $seat as a seat's name (kuba-seat-…); $dir as a direction (kuba-dir-…).

kuba-title = Kuba

## Colours, seats and directions

kuba-colour-white = white
kuba-colour-black = black
kuba-seat-white = White
kuba-seat-black = Black
kuba-dir-n = N
kuba-dir-e = E
kuba-dir-s = S
kuba-dir-w = W

## Move labels: what a push did (a7-S · pushes 2 · takes a red)

kuba-label-pushes = pushes { $n }
kuba-label-takes-seventh-red = takes the 7th red and wins
kuba-label-takes-red = takes a red
kuba-label-takes-last-marble = takes the last opposing marble and wins
kuba-label-takes-marble = takes a { $colour } marble
# The move "pass": the player who has just captured does not push again.
kuba-label-declines-extra-push = declines the extra push

## How a game ends

kuba-end-seven-reds = { $colour } pushed off 7 red marbles
kuba-end-all-marbles = { $winner } pushed off every { $loser } marble
kuba-end-no-push = { $mover } has no legal push
# House rule repetition:draw: the game is drawn.
kuba-end-repetition = the same position occurred a third time

## The picture and the diagram

kuba-view-reds = reds
kuba-view-taken = taken
kuba-view-ban = { $seat } may not push { $push }
kuba-diagram-seat = { $seat }: { $reds } red, { $taken } { $other } marbles taken
kuba-diagram-to-move-ban = { $seat } to move (may not push { $push })
# After a capture under the house rule extra_push:optional; "pass" is the move as typed.
kuba-diagram-to-move-extra = { $seat } to move (may push again or pass)
kuba-view-extra = { $seat } may push again or pass

## The house rules in force, on the picture's panel and under the diagram

kuba-rules-extra-optional = house rule: the extra push may be declined
kuba-rules-repetition-draw = house rule: a third repetition draws
kuba-rules-both = house rules: the extra push may be declined, a third repetition draws

## Text that is not a push

kuba-malformed-empty = empty move: write a square and a direction, like d2-N
kuba-malformed-bad-square = "{ $text }" is not a square of the 7×7 board (files a–g, ranks 1–7)
kuba-malformed-bad-direction = "{ $text }" is not a direction: use N, E, S or W (or a target square)
kuba-malformed-not-adjacent = { $from } and { $to } are not neighbours: a push moves a marble one square
kuba-malformed-missing-direction = "{ $text }" has no direction: write it like d2-N

## A push that is not allowed

kuba-illegal-game-over = the game is over
kuba-illegal-empty = there is no marble on { $square }
kuba-illegal-red = { $square } holds a red marble: only your own marbles can be pushed
kuba-illegal-not-yours = { $square } holds a { $owner } marble, but { $owner } is not to move
kuba-illegal-no-access = the marble on { $from } cannot be pushed { $dir }: the square behind it, { $behind }, is not free
kuba-illegal-own-marble-off = it would push your own marble off the board
kuba-illegal-banned = { $push } is banned this turn: it would push straight back the opponent's last push
kuba-illegal-pass-mandatory = the extra push after a capture is mandatory in this game: it cannot be declined
kuba-illegal-nothing-to-decline = there is no extra push to decline: pass only right after a capture

## A position code that is refused

kuba-code-fields = expected 4 fields (board, to-move, reds, ban), found { $n }
kuba-code-rows = expected 7 rows separated by '/', found { $n }
kuba-code-row-length = rank { $rank } describes { $squares } squares, expected 7
kuba-code-symbol = unknown symbol '{ $symbol }' in rank { $rank } (use W, B, R and digits 1–7)
kuba-code-run = non-canonical run of empty squares "{ $run }" in rank { $rank }
kuba-code-to-move = to-move must be w or b, found "{ $found }"
kuba-code-reds = red counts must be <by white>-<by black> like 0-0, found "{ $found }"
# Always plural: $count (more than 8)
kuba-code-too-many = { $count } { $colour } marbles on the board, the game has 8
kuba-code-too-many-reds = { $on-board } red marbles on the board and { $captured } captured, the game has 13
kuba-code-ban = ban must be a push like d4-W or -, found "{ $found }"
kuba-code-needs-optional-extra-push = the ban field + marks an extra push that may be declined: the code needs extra_push:optional
kuba-code-ban-not-mover = the ban names { $square }, which holds no { $colour } marble, but { $colour } is to move
