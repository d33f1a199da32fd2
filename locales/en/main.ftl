### boardbot — what the bot says (English, the reference catalog).
###
### Every other language has the same messages with the same variables; a test
### checks it. Variables holding people ($who, $challenger …) arrive already written
### as the platform mentions them (@alice, <@123>, a Matrix pill); $command-like
### variables ($accept, $decline …) arrive written as the platform types commands
### (/kuba accept, !kuba accept). Numbers select plural forms: { $n -> [one] … *[other] … }.
###
### Glossary (keep these words the same throughout):
###   challenge     an invitation to play, numbered (challenge 3)
###   rated/casual  counts for ratings / does not
###   takeback      undoing one's last move with the others' agreement
###   vacation      a pause of all of a player's clocks
###   leaderboard   the best rated players of a game
###   the computer  the bot playing as an opponent, at a level
###   replay        the animated picture of a whole game
###   review        the computer's analysis of a finished game (/kuba analysis)
###   tournament    Swiss or round robin, its rounds, pairings, bye and standings; a
###                 series' editions
###
### Every other language's glossary maps these words, indented, English on the left:
### `rating → cote`. tests/it/wording.rs checks that where an English message uses the
### word on the left, the translation uses the one on the right. Where an English
### message uses such a word in another sense (a subcommand typed as it is), its comment
### says so for every language: `# Glossary aside: challenge — why`; a number that is
### never 1 is said the same way: `# Always plural: $max (why)`.

## Lists and small words

# Two items of a list ("a, b and c" is built from these).
list-and = { $first } and { $last }
list-or = { $first } or { $last }
list-comma = { $first }, { $rest }
# Players of a game in seat order.
list-versus = { $first } vs { $rest }
# A move and what it did: a7-S · pushes 2.
list-dot = { $first } · { $rest }

level-random = random
level-greedy = greedy
level-easy = easy
level-medium = medium
level-hard = hard

# A seat with its colour: @alice (White)
seat = { $person } ({ $colour })
# The computer in lists: @boardbot (hard)
computer-at-level = { $person } ({ $level })

## Times and dates

duration-days = { $days ->
    [one] 1 day
   *[other] { $days } days
}
duration-days-hours = { $days ->
    [one] 1 day
   *[other] { $days } days
} { $hours ->
    [one] 1 hour
   *[other] { $hours } hours
}
duration-hours = { $hours ->
    [one] 1 hour
   *[other] { $hours } hours
}
duration-hours-minutes = { $hours ->
    [one] 1 hour
   *[other] { $hours } hours
} { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}
duration-minutes = { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}
duration-under-a-minute = less than a minute
# 2026-12-03 14:00 UTC. $month and $day are two digits; the numbers are given too,
# to choose a month's name or write "1er" (French) with a selector.
# Also passed: $month-number, $day-number
date-time = { $year }-{ $month }-{ $day } { $hour }:{ $minute } UTC

## Clocks on boards

clock-left = { $time } left
clock-vacation = { $person } is on vacation until { $date }
clock-left-vacation = { $time } left; { $person } is on vacation until { $date }
# After a move or on a board: whose turn it is.
to-move = { $seat } to move.
to-move-clock = { $seat } to move — { $clock }.
# On the picture's panel.
picture-clock = Clock: { $clock }

## Challenges

challenge-first-person = { $person } moves first
challenge-first-random = first player at random
challenge-made = { $challenger } challenges { $challenged } to a { $rated ->
        [yes] rated
       *[no] casual
    } game of { $game } ({ $first }{ $from-position ->
        [yes] , from a given position
       *[no] {""}
    }{ $days ->
        [0] {""}
        [one] , 1 day a move
       *[other] , { $days } days a move
    }); challenge { $challenge }. { $challenged }: { $count ->
        [one] accept or decline
       *[other] each accept or decline
    } with { $accept } or { $decline }.
challenge-accepted-waiting = { $who } accepts challenge { $challenge }; waiting for { $waiting }.
challenge-declined = { $who } declines { $challenger }'s { $game } challenge (challenge { $challenge }).
challenge-cancelled = { $who } cancels { $game } challenge { $challenge }.
challenge-expired = Challenge { $challenge } from { $challenger } to { $challenged } ({ $game }) expired unanswered.
challenges-expired = { $count } challenges expired unanswered:

## A game begins

opening-computer = { $who } takes on the computer ({ $level }).
opening-accepted = { $who } accepts challenge { $challenge }.
# A tournament's pairing: $tournament as tournament-tag writes it, $round the round.
opening-tournament = { $tournament }, round { $round }:
game-begins = { $opening } { $game } game { $id } begins: { $players }, { $rated ->
        [yes] rated
       *[no] casual
    }. { $where ->
        [this] Play in this message's thread.
       *[named] Play in thread { $thread }.
    }
game-start = { $game } game { $id }. { $next }
# A game's thread's title, where threads have names (Discord): $game the game's title,
# $players its players' names (as list-versus joins them), $id the game's id.
thread-title = { $game } · { $players } · { $id }
# A message naming a thread by its title, before the thread exists: in quotation marks.
thread-title-quoted = “{ $title }”

## Moves and endings

moved = { $mover } plays { $move }. { $next }
board-ongoing = { $game } game { $id }, move { $ply }: { $next }
board-over = { $game } game { $id }: { $ending }

end-resigned = resignation
end-timed-out = time ran out
end-aborted = aborted
end-agreed = draw agreed
end-unknown = the game ended
result-none = No result.
result-draw = It is a draw.
result-winner = { $winner } wins.
result-shared = { $winners } share first place.
game-over = Game over ({ $why }). { $result }
game-over-scores = Game over ({ $why }). { $result } Scores: { $scores }.

confirm-resign = Resign { $game } game { $id }? This cannot be undone.
resigned = { $who } resigns. { $ending }
draw-agreed = { $who } accepts the draw. { $ending }
timed-out = { $who } ran out of time. { $ending }
# A game ended before it began: no result, no rating change. $who is the player,
# $ending the result line (it says "aborted").
aborted-asked = { $who } aborts the game before their first move; it is not rated. { $ending }
aborted-resigned = { $who } resigns before every player has moved: the game is aborted, not rated. { $ending }
aborted-timed-out = { $who } ran out of time before every player had moved: the game is aborted, not rated. { $ending }
left-on-time = { $who } ran out of time and leaves the game, ranked last; the others play on. { $next }
taken-back = { $who } accepts: the last move is taken back. { $next }

# The picture's panel and its description for people who cannot see it.
picture-result-resigned = { $who } resigned
picture-result-timed-out = { $who } ran out of time
picture-result-agreed = Draw by agreement
picture-result-aborted = Aborted
picture-alt = { $game } board of game { $id } after move { $ply }, { $colour } to move
picture-alt-over = { $game } board of game { $id } after move { $ply }, game over
picture-alt-clock = { $alt }, clock: { $clock }
picture-alt-start = The start position of { $game }
# An animated replay's description: $game the game's title, $id its id, $moves how many moves it shows.
picture-alt-replay = Animated replay of { $game } game { $id }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}
# A rating chart's description: $player whose ratings, $games the games charted (a list).
picture-alt-chart = { $player }'s rating over time in { $games }
# A note under a replay that had to be made smaller to fit the platform's upload limit.
picture-fit-smaller = Drawn smaller to fit the upload limit.
# A note under a replay that shows only some moves to fit the upload limit: $nth, one position in $nth is shown (the start and the end always are).
picture-fit-sampled = Shows one position in { $nth } to fit the upload limit.
# The same, when the replay was also drawn smaller.
picture-fit-smaller-sampled = Drawn smaller and shows one position in { $nth } to fit the upload limit.
# A note under a replay of which only the final position fits the upload limit.
picture-fit-final-only = Only the final position fits the upload limit.
# The value axis of a rating chart.
chart-axis = Rating
# A short month name on a rating chart's dates; $month is 1 to 12.
chart-month = { $month ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
}
# Dates on a rating chart: a day ($day the day of the month, $month the month as chart-month writes it), a month ($month, $year), a year.
chart-date-day = { $day } { $month }
chart-date-month = { $month } { $year }
chart-date-year = { $year }
# A number with a fraction, as on a tournament's standings: $whole the whole part, $fraction the digits after the decimal separator (5, 25 or 75).
number-decimal = { $whole }.{ $fraction }
# The column headers of a tournament's standings picture, kept short: the place, the player, the points, then the tie-breaks (Sonneborn-Berger, Buchholz, head-to-head: the points scored against the players tied with them).
standings-rank = #
standings-player = Player
standings-points = Pts
standings-sonneborn-berger = SB
standings-buchholz = Bh
standings-head-to-head = H2H
# A standings picture's description, for people who cannot see it: $title the tournament, $players how many players it lists.
picture-alt-standings = Standings of { $title }: { $players ->
    [one] one player
   *[other] { $players } players
}

## Replays

# A replay posted with its animated picture: $game the game's title, $id its id, $players the players (as list-versus joins them), $moves how many moves were played; $ending how it ended (as game-over says it).
replay-ongoing = Replay of { $game } game { $id } ({ $players }): { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} so far.
replay-over = Replay of { $game } game { $id } ({ $players }), { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}. { $ending }

## Offers

attention-your-move = { $who }: your move in game { $id }.
attention-game-over = { $who }: game { $id } is over.
draw-offered = { $who } offers a draw in game { $id }. Accept with { $accept }, or decline.
draw-declined = { $who } declines { $offerer }'s draw offer. Play on.
takeback-asked = { $who } asks to take back { $move }. Answer with { $command } accept or decline.
takeback-declined = { $who } declines; { $asker }'s move stands.

## Conditional moves: a player's lines "if they play X, I answer Y" (/kuba premove).
## $game is the game's title, $id its id; $move a move in the game's notation.

moved-conditional = { $mover } plays { $move } (a conditional move). { $next }
# The heads of the answers to premove (the asker's alone); the lines follow, one a line.
premoves-listed = Your conditional moves in { $game } game { $id } (their move → your answer):
premoves-added = Conditional move saved. Your lines in { $game } game { $id } (their move → your answer):
premoves-added-replacing = Conditional move saved; it replaces { $replaced ->
        [one] a line
       *[other] { $replaced } lines
    } that answered the same moves differently. Your lines in { $game } game { $id } (their move → your answer):
premoves-already = That line is already among your conditional moves. Your lines in { $game } game { $id } (their move → your answer):
# A line: $n its number, $steps its premove-step parts, joined as list-comma joins.
premove-line = { $n }. { $steps }
# The others' move(s), then the reader's answer: g7-S → a6-E
premove-step = { $theirs } → { $yours }
# $clear is the command that clears them (/kuba premove clear).
premoves-hint = The bot plays your answer as soon as their move comes; { $clear } clears them.
# $premove is the command (/kuba premove).
premoves-none = You have no conditional moves in { $game } game { $id }. While the others are to move, leave one with { $premove } line:"their-move your-answer".
premoves-cleared = { $count ->
        [0] You had no conditional moves in { $game } game { $id }.
        [one] Your line of conditional moves in { $game } game { $id } is cleared.
       *[other] Your { $count } lines of conditional moves in { $game } game { $id } are cleared.
    }
# Told to the player alone (a direct message) when their lines are dropped.
premoves-dropped-no-match = { $mover } played { $move } in { $game } game { $id }: none of your conditional moves answered it, so they are cleared. It is your move.
premoves-dropped-illegal = Your conditional move { $move } in { $game } game { $id } is no longer legal ({ $reason }), so your conditional moves there are cleared. It is your move.
premoves-dropped-taken-back = A move was taken back in { $game } game { $id }: your conditional moves there are cleared.

## Ratings and lists

rating-shown = { $value }{ $provisional ->
    [yes] ?
   *[no] {""}
}
rating-change = { $person } { $before } → { $after } ({ $delta })
ratings-changed = Ratings: { $changes }.
games-count = { $count ->
    [one] 1 game
   *[other] { $count } games
}

games-none = You have no game in progress. Start one with { $challenge } @someone.
games-header = Your games in progress ({ $count }):
games-line = game:{ $id } { $game } vs { $others }, move { $ply }: { $turn }
games-line-clock = game:{ $id } { $game } vs { $others }, move { $ply }: { $turn }, { $left } left
turn-yours = your turn
turn-theirs = { $person } to move

history-header = { $game } game { $id } ({ $players }):
history-no-moves = No move yet.
history-position = Position: { $code }
history-replay = Replay: { $command }

leaderboard-empty = No rated { $game } game has been played { $everywhere ->
        [yes] everywhere
       *[no] here
    } yet.
leaderboard-header = { $game } leaderboard ({ $everywhere ->
        [yes] everywhere
       *[no] here
    }):
leaderboard-row = { $rank }. { $person } { $rating } ({ $games })

ratings-header = Ratings of { $person }:
ratings-line = { $game } { $here ->
        [yes] here
       *[no] everywhere
    }: { $rating } ({ $games }, rank { $rank } of { $of })
ratings-none = { $person } has no rating yet.
ratings-none-game = { $person } has no rating yet in { $game }.
ratings-versus = Against { $other }: { $games }, { $wins } won, { $draws } drawn, { $losses } lost.
no-rating-yet = You have no rating yet: play a rated game first.

## Clocks

notify-mention = You will be reminded of your turn by a mention in the game's place.
notify-dm = You will be reminded of your turn by a direct message.
notify-off = You will get no reminders (your turn is still announced when a move is made).

vacation-started = { $who } is on vacation until { $date }: { $who }'s clocks stand still until then.
vacation-started-moved = { $who } is on vacation until { $date }: { $who }'s clocks stand still until then. Deadlines moved in { $moved ->
        [one] 1 game
       *[other] { $moved } games
    }.
vacation-ended = { $who } is back from vacation: the clocks run again.
reminder = { $who }, it is your turn in { $game } game { $id }: { $left } left (until { $date }).

## Languages. `$language` is the language's name, from `language-<code>` below.
language-me-set = From now on I answer you in { $language }.
language-me-reset = Your language choice is cleared: I answer you in { $language }, as your app or this place says.
language-community-set = Messages here are now in { $language }.
language-community-reset = The language chosen here is cleared: messages here are in { $language }.
# The languages' names, as this catalog's language writes them.
language-en = English
language-fr = French
language-es = Spanish
language-nl = Dutch
language-de = German

## The community's web page. $url its address; $off the command that turns it off.
web-page-on = This place's web page is on: { $url }
    Anyone with the link sees its leaderboards and its latest games (players' names, ratings and moves, nothing else). { $off } takes it down; turned on again, it gets a new address.
web-page-off = This place's web page is off: its link no longer opens.
web-page-was-off = This place's web page was already off.

## Tournaments. $tournament is a tournament as tournament-tag writes it; $format is
## swiss or round_robin; $join, $leave, $start, $create are commands to type.

# A tournament: its name when it has one, else its game and format; the edition of a
# series after the first; always its number, which commands take (tournament:3).
tournament-tag = { $named ->
        [yes] “{ $name }”
       *[no] { $game } { $format ->
            [swiss] Swiss
           *[other] round robin
        }
    }{ $edition ->
        [1] {""}
       *[other] , edition { $edition }
    } (tournament { $id })
# The answer to create. $rounds is 0 when the field decides; $every 0 when it is not a series.
# Always plural: $max (a tournament takes 2 players or more)
tournament-created = { $creator } opens { $tournament }: { $game }, { $format ->
        [swiss] Swiss
       *[other] round robin
    }, { $days ->
        [one] 1 day
       *[other] { $days } days
    } a move, { $rated ->
        [yes] rated
       *[no] casual
    }, up to { $max } players{ $rounds ->
        [0] {""}
        [one] , 1 round
       *[other] , { $rounds } rounds
    }{ $every ->
        [0] {""}
        [one] ; a new edition starts 1 day after each one ends
       *[other] ; a new edition starts { $every } days after each one ends
    }. Join with { $join }; { $creator } can start it with { $start }.
tournament-page = Its page: { $url }
tournament-joined = { $who } joins { $tournament }: { $players ->
        [one] 1 player
       *[other] { $players } players
    }.
# Also passed: $resigned
tournament-left = { $who } leaves { $tournament }: { $players ->
        [one] 1 player
       *[other] { $players } players
    } now.
tournament-withdraws = { $who } withdraws from { $tournament } and is not paired again{ $resigned ->
        [0] {""}
        [one] ; their game in progress is resigned
       *[other] ; their { $resigned } games in progress are resigned
    }.
tournament-withdrawn = { $who } lost two games of { $tournament } on time and is withdrawn: not paired again{ $resigned ->
        [0] {""}
        [one] , their game in progress resigned
       *[other] , their { $resigned } games in progress resigned
    }{ $series ->
        [yes] , and not entered in its next edition
       *[no] {""}
    }.
tournament-started = { $tournament } begins with { $count ->
        [one] 1 player
       *[other] { $count } players
    }: { $players }. { $format ->
        [swiss] { $rounds ->
            [one] 1 round
           *[other] { $rounds } rounds
        }, each paired when the last game of the one before ends.
       *[other] { $games ->
            [one] 1 game, starting now
           *[other] { $games } games, all starting now
        }.
    }
tournament-round = { $tournament }: round { $round } of { $of } is paired, { $games ->
        [one] 1 game
       *[other] { $games } games
    }.
# A Swiss round's bye: a win's points.
tournament-bye = { $who } has the bye (1 point).
# A round robin's odd field: the player without a game in that round of the schedule.
tournament-rest = { $who } sits out this round.
tournament-finished = { $tournament } is over. Final standings:
# One line of standings: 1. @carol 3 · SB 4.5 · Bh 6. The labels come from standings-*.
tournament-standing-line = { $rank }. { $person } { $points } · { $sb-label } { $sb } · { $second-label } { $second }{ $withdrawn ->
        [yes] {" "}(withdrawn)
       *[no] {""}
    }
# Also passed: $id
tournament-next-edition = { $tournament } starts on { $date }{ $count ->
        [0] ; nobody has entered yet. Join it with { $join }.
       *[other] {" "}with { $players }. Leave it with { $leave }; others may join with { $join }.
    }
tournament-cancelled = { $tournament } could not start: { $players ->
        [one] 1 player
       *[other] { $players } players
    }, { $needed } needed. The series ends here.
tournament-standings-open = { $tournament } has not started; { $count ->
        [0] nobody has entered yet
        [one] 1 player entered: { $players }
       *[other] { $count } players entered: { $players }
    }. { $starts ->
        [yes] It starts by itself on { $date }.
       *[no] Its creator can start it with { $start }.
    }
tournament-standings = Standings of { $tournament }, { $format ->
        [swiss] round { $round } of { $of }
       *[other] { $played } of { $games ->
            [one] 1 game
           *[other] { $games } games
        } played
    }{ $state ->
        [finished] {" "}(final)
        [cancelled] {" "}(cancelled)
       *[other] {""}
    }:
tournament-pairings = { $tournament }, round { $round } of { $of }:
# A board: $result is none (in progress), white, black, draw, white_forfeit or black_forfeit.
tournament-pairing-line = Board { $board }: { $white } vs { $black }, game { $id }: { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 by forfeit
        [black_forfeit] 0–1 by forfeit
       *[none] in progress
    }
tournament-list-none = No tournament here yet; open one with { $create }.
tournament-list-header = Tournaments here:
tournament-list-line = { $tournament }: { $state ->
        [open] open, { $players ->
            [one] 1 player
           *[other] { $players } players
        }
        [running] round { $round } of { $of }, { $players ->
            [one] 1 player
           *[other] { $players } players
        }
        [finished] over
       *[cancelled] cancelled
    }
# The title of a standings picture.
# Also passed: $of
standings-title = { $tournament } · round { $round }

## Faults

apology = Sorry, something went wrong on my side; the game is unchanged.

## Rules and help

rules-kuba = Kuba (2 players, 7×7): push one of your marbles one square, moving the whole line in front of it; a marble pushed off the edge is out, and pushing off a red or an opponent's marble gives you another push. You may not undo the opponent's last push at once. Win by pushing off 7 reds or all 8 of the opponent's marbles; a player with no legal push loses. Moves: a7-S (the marble on a7 pushes south). House rules a challenge may choose: extra_push:optional (the extra push may be declined with the move pass), repetition:draw (a position repeated a third time with the same player to move is a draw).
rules-kewbz = Kewbz (2 players, a square board, 8×8 unless size: says otherwise): place a cube next to one on the board (diagonals count), never completing a 2×2 block. Each corner you make or extend stacks a cube of your colour on its vertex, up to towers of 5. The game ends when a player has placed their last cube; each player scores the heights of the towers topped with their colour, minus the cubes left in their supply. Moves: the cell, e.g. c3.
rules-cabale = Cabale (2 to 4 players, a hexagonal board): your runner moves in a straight line, turns once and moves on; you leave a block (or a double block) where it turned, which may capture enemy blocks by jumping them in a line, and may put a blockade on an edge. Blocks score their cell's value; captures score too. The game ends when a player has used their last block or the player to move cannot move; the most points wins. House rule a challenge may choose: boxed_in:pass (with 3 or 4 players a runner that cannot move passes and the others play on, until no runner can move).
rules-nuba = Nuba (2 players, 5×6): place your pieces 1–9 and the champion X on your two home rows, then move one piece a step forward or diagonally forward each turn, capturing an enemy of equal or higher number (X captures and is captured by anything). A piece reaching the far row becomes the musician if its number beats the current one. The champion arriving wins at once; otherwise the musician's owner wins once the opponent has no higher piece and no champion left to replace it.
help-header = Commands, shown for { $command } ({ $commands } work alike):
help-computer = play the computer


## Platforms

# Matrix: under a challenge, how to answer it with a reaction.
matrix-react-to-answer = React ✅ to accept or ❌ to decline.

# The terminal chat's own notes (printed after "* "). `$name` is a user name
# without the @, `$where` is "#general" or "thread kuba-K7Q2" (terminal-where-thread),
# `$time` a date as date-time writes it.
terminal-not-a-command = not a command; commands start with / (try /boardbot help)
terminal-who-first = say who you are first: /as NAME
terminal-is-a-bot = @{ $name } is a bot; act as a person
terminal-you-are = you are @{ $name }
terminal-usage-as = usage: /as NAME (letters, digits, - and _)
terminal-bot-account = @{ $name } is a bot account
terminal-usage-bot = usage: /bot NAME
terminal-you-are-in = you are in { $where }
terminal-where-thread = thread { $name }
terminal-usage-in = usage: /in #channel, or /in thread kuba-K7Q2
terminal-clock-fixed = this terminal's clock cannot be moved
terminal-usage-wait = usage: /wait DURATION (2d, 23h30m, 90m)
terminal-clock-at = the clock is at { $time }
terminal-welcome = boardbot local chat on { $database }. /as NAME to begin, /boardbot help, /quit.
# After where a message goes: only the person who asked sees it (`$name` without the @).
terminal-only = (only @{ $name })
# Buttons as the terminal lists them; `$challenge` is the challenge's number.
terminal-action-accept = Accept challenge { $challenge }
terminal-action-decline = Decline challenge { $challenge }

# Discord: buttons, the confirmation of a resignation, pointers to where an answer went.
discord-button-accept = Accept
discord-button-decline = Decline
discord-button-resign = Resign
discord-button-draw = Offer draw
discord-button-flip = Flip
discord-button-web = View on the web
discord-button-resign-confirm = Yes, resign
discord-answered-in-thread = Done: see { $thread }.
discord-answered-elsewhere = Done.
# A game's first message in the channel when Discord lets the bot make no thread for a while.
discord-game-in-channel = Discord lets the bot open no new thread for now, so this game is played here, in the channel.

game-seat-unknown = ?

## Reviews

# The computer's review of a finished game (/kuba analysis). Its labels, as on chess
# sites: an inaccuracy (?!) loses 5 points of the player's winning chances or more, a
# mistake (?) 10 or more, a blunder (??) 15 or more. $game is the game's title, $id its id.
review-queued = Reviewing { $game } game { $id }: the review will be posted here when it is ready.
review-underway = The review of { $game } game { $id } is under way: it will be posted where it was asked for.
review-header = The computer's review of { $game } game { $id }:
# A player's line: $seat the player with their colour (as seat writes it), $accuracy 0 to 100, then how many moves of each kind.
review-player = { $seat }: accuracy { $accuracy }%, { $inaccuracies ->
    [one] 1 inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] 1 blunder
   *[other] { $blunders } blunders
}
# A player who made no move (the game ended before their turn); the counts are all 0.
# Also passed: $inaccuracies, $mistakes, $blunders
review-player-no-move = { $seat }: no move
review-turning-header = The moves that changed the game most:
# $move the move with its number and sign (12. c3-N??), $seat who made it, $label its kind (review-label-…), $loss the winning chances it lost in points, $best the computer's move there.
review-turning-point = { $move } by { $seat }, { $label }: { $loss ->
    [one] 1 point
   *[other] { $loss } points
} of winning chances lost; better { $best }
review-no-turning-point = No move lost enough winning chances to be called an inaccuracy.
review-legend = ?! inaccuracy: 5 points of winning chances lost or more; ? mistake: 10 or more; ?? blunder: 15 or more.
# The annotated moves, in parts: $part of $parts. After a bad move, in brackets, the computer's move.
review-moves-header = The moves of { $game } game { $id }, annotated ({ $part }/{ $parts }); in brackets the computer's move:
# Why a bad move is bad, after the annotated moves: one line per labelled move, its
# sentences in this order. $move the move with its number and sign (12. c3-N??), $loss
# the winning chances it lost, in points.
review-why = { $move } lost { $loss ->
    [one] 1 point
   *[other] { $loss } points
}.
# Only for the game's first move, which people find hardest to believe: its player's
# winning chances with the computer's first move ($before) and after the move played
# ($after), in percent.
review-first-move = From the start its player had { $before }% with the computer's first move, { $after }% after this one.
# $line the moves the computer expects after the move played, the reply first.
review-expects = The computer expects { $line }.
review-expects-ended = The game ended with it.
# $best the computer's move; $then the moves it expected after it.
review-better = Better: { $best }.
review-better-then = Better: { $best }, then { $then }.
# Under a turning point of the summary, which names $best already.
review-then = After { $best } it expected { $then }.
# A label in doubt: even with its deeper search, the computer could only say that the
# move lost between $low and $high points (95 % sure); the label is the likelier one.
# Always plural: $high (a label in doubt has its interval across a threshold, 5 points at least)
review-doubt = (In doubt: { $low } to { $high } points.)
# Under the legend, when some labels are in doubt; $count how many.
review-in-doubt = { $count ->
    [one] One label is in doubt: even searching deeper, the computer could not tell on which side of a threshold its move's loss lies; its line says how far it may be.
   *[other] { $count } labels are in doubt: even searching deeper, the computer could not tell on which side of a threshold their moves' losses lie; their lines say how far they may be.
}
review-label-inaccuracy = inaccuracy
review-label-mistake = mistake
review-label-blunder = blunder
# The review's picture: its title, the value axis, a line's name ($name the player, $colour their colour), the second line of a small board's caption ($best the computer's move; the first line is the move with its number and sign).
review-chart-title = { $game } { $id }: winning chances
review-chart-axis = Winning chances (%)
review-chart-line = { $name } ({ $colour })
review-chart-better = better: { $best }
# What the review's picture shows, for people who cannot see it; $marked how many bad moves it marks.
picture-alt-review = Winning chances along { $game } game { $id }, { $marked ->
    [0] no bad move marked
    [one] 1 bad move marked
   *[other] { $marked } bad moves marked
}
