### boardbot — puzzles from people's own games (English, the reference catalog).
###
### A puzzle is a position of a finished game where the player to move made a mistake
### or a blunder and one move is clearly best: the person asked finds that move. The
### same messages, with the same variables, in every language; a test checks it.
### People ($person, $mover) arrive written as the platform mentions them; commands
### ($solve, $puzzle, $analysis) as the platform types them (/kuba solve). Moves and
### lines of moves ($answer, $played, $line) are notation: they stay as they are.
###
### Glossary (keep these words the same throughout):
###   puzzle          a position to solve, numbered (puzzle 12)
###   solve / answer  give the move; solved: the answer was the best move
###   the line        the best move and the moves that follow it while they are forced
###   streak          puzzles solved in a row, until the first miss
###   puzzle rating   a rating for puzzles alone, apart from the game's rating
###   mistake/blunder the review's words (review-label-…)

## Commands (what Discord shows: at most 100 characters each)

command-puzzle = A puzzle from your games, then this server's or room's; a streak, your rating, the leaderboard
command-solve = Answer your puzzle: start typing and pick the best move
option-puzzle-mode = A streak until your first miss, your puzzle rating or the leaderboard here
option-solve-move = Your answer: the move, in any notation the game takes
choice-mode-streak = Streak
choice-mode-rating = My puzzle rating
choice-mode-leaderboard = Leaderboard

## A puzzle given

# Shown first when the person asked for a puzzle while one is still open.
puzzle-again = Your puzzle is still waiting for its answer:
# From the person's own game: $id the game, $ply the move that was a mistake, $played what they played.
puzzle-given-own = Your { $game } game { $id }, move { $ply }: you played { $played } here; find better.
puzzle-given-community = A position from the { $game } games played here: find the best move.
# $colour the side the person plays, $puzzle its number, $rating the puzzle's own rating.
puzzle-given-task = You play { $colour }. Puzzle { $puzzle } (rated { $rating }): answer with { $solve } or pick your move from the menu.
puzzle-streak-so-far = Streak: { $count ->
        [0] your first puzzle. One miss ends it.
        [one] { $count } puzzle solved in a row so far.
       *[other] { $count } puzzles solved in a row so far.
    }
puzzle-page = On the web: { $url }

## A puzzle answered

puzzle-solved = Right: { $answer } is the best move (puzzle { $puzzle }).
puzzle-missed = Not the best move: { $answer }. The best was { $best } (puzzle { $puzzle }).
# $line the moves in order, joined by arrows (e1-E → d2-N → f3-W).
puzzle-line = The line: { $line }.
# Where the puzzle came from: $mover played $played, a $label (review-label-…).
puzzle-origin = In { $game } game { $id }, move { $ply }, { $mover } played { $played }: a { $label }.
puzzle-rating-change = Your puzzle rating: { $before } → { $after } ({ $delta }).
puzzle-not-rated = This answer does not change your rating: you had been given this puzzle before.
puzzle-streak-going = Streak: { $count } solved in a row (best { $best }). Here is the next one.
puzzle-streak-over = Streak over: { $count } solved in a row (best { $best }).
puzzle-streak-exhausted = No puzzle is left for you: your streak ends at { $count } (best { $best }).

## Ratings and the leaderboard

puzzle-rating = { $person }'s { $game } puzzle rating: { $rating } ({ $solved } of { $attempts ->
        [one] { $attempts } puzzle
       *[other] { $attempts } puzzles
    } solved; best streak { $best }).
puzzle-rating-none = { $person } has no { $game } puzzle rating yet: { $puzzle } gives a puzzle.
puzzle-leaderboard-header = { $game } puzzle leaderboard here:
puzzle-leaderboard-row = { $rank }. { $person } { $rating } ({ $solved }/{ $attempts } solved, best streak { $best })
puzzle-leaderboard-empty = Nobody has answered a { $game } puzzle here yet: { $puzzle } gives one.

## Refusals

refused-puzzle-none-left = No { $game } puzzle is waiting for you { $alone ->
        [yes] in your games yet: puzzles come from the mistakes of finished games the computer reviewed ({ $analysis }), and here only your own count.
       *[no] yet: puzzles come from the mistakes of finished games the computer reviewed ({ $analysis }), yours first, then this server's or room's.
    }
refused-puzzle-nothing-to-solve = You have no { $game } puzzle waiting for an answer: { $puzzle } gives one.
refused-puzzle-no-community = The { $game } puzzle leaderboard belongs to a server or a room: ask for it there.
refused-puzzle-answered-before = You have answered { $game } puzzle { $puzzle } already: only your first answer counts.
refused-puzzle-not-for-you = You played the other side of the game { $game } puzzle { $puzzle } comes from: you know what came next, so it is not yours to answer.
refused-puzzle-other-open = Your { $game } puzzle { $puzzle } is still waiting for its answer: answer it first.

## The puzzle's web page

web-puzzle-title = { $game } puzzle { $puzzle }
web-puzzle-task = { $colour } to move: find the best move.
web-puzzle-rating = Puzzle rating { $rating } · solved { $solved } of { $attempts ->
        [one] { $attempts } time
       *[other] { $attempts } times
    }
web-puzzle-label = Your move
web-puzzle-check = Check
web-puzzle-right = Right: { $answer } is the best move.
web-puzzle-wrong = Not the best move: { $answer }. The best was { $best }.
web-puzzle-refused = { $answer } cannot be played here.
web-puzzle-line = The line: { $line }.
web-puzzle-origin = In { $game } game { $id }, move { $ply }, { $played } was played: a { $label }.
web-puzzle-no-rating = Answers given on this page count for no one's rating: in chat, the solve command does.
web-puzzle-sign-in = Sign in with /boardbot web login in chat to answer here for your puzzle rating.
web-puzzle-heading = Your answer
web-puzzle-rated = Your answer counts for your puzzle rating, as in chat: only the first one.
web-puzzle-free = This puzzle was not given to you in chat: answering it here gives it to you, and your answer counts for your puzzle rating as a first answer in chat does.
web-puzzle-streak = This puzzle is part of your streak: one miss ends it.
web-puzzle-answered = You have answered this puzzle: only your first answer counts.
web-puzzle-not-for-you = You played the other side of this game: you know what came next, so this puzzle is not yours to answer.
# $puzzle the number of the puzzle that waits; the link to its page follows.
web-puzzle-other-open = Your { $game } puzzle { $puzzle } is still waiting for its answer: answer it first.
web-puzzle-other-link = Go to puzzle { $puzzle }
web-puzzle-next = The next puzzle of your streak
