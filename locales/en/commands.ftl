### The commands: what Discord shows for each command, subcommand and option (at most
### 100 characters each: Discord's limit), the words help writes for values, and
### README's commands table. The ids are named by the declaration
### (src/service/commands.rs) and by each game's rule options (src/games/*/mod.rs).
### $game is the game's title (Kuba); README passes "the game".

## Commands

command-game = Play { $game }: challenge, move, resign and more
command-boardbot = Your games, ratings, reminders and vacations

## A game's subcommands

command-challenge = Challenge someone, or me (the computer) with a level
command-accept = Accept a challenge
command-decline = Decline a challenge
command-cancel = Take back your own challenge
command-move = Play a move; start typing and pick one of the legal moves
command-board = Show the board (anyone may look)
command-replay = An animated replay of a game, over or going on (anyone may ask)
command-analysis = The computer's review of a finished game: accuracy, mistakes and better moves
command-resign = Resign the game
command-abort = Abort the game before your first move (no result, not rated)
command-draw = Offer a draw, or answer an offer
command-takeback = Ask to take back your last move, or answer
command-premove = Conditional moves: if they play this, answer that at once (list, add, clear)
command-history = The moves and the position code
command-play = Play the game on its board: its web page, or Discord's Activity
command-leaderboard = The best players of { $game }
command-rating = A player's rating, or two players head to head
command-rules = The rules of { $game }
command-help = What you can do

## The subcommands of boardbot

command-boardbot-games = Your games in progress, whose turn and the time left
command-boardbot-rating = A player's rating, or two players head to head
command-boardbot-leaderboard = The best players of a game
command-boardbot-notify = How you are told it is your turn
command-boardbot-vacation = Pause all your clocks for some days, or end your vacation early
command-boardbot-language = The language I answer you in, or this server's or room's
command-boardbot-rules = The rules of a game
command-boardbot-web = This server's or room's web page on or off (moderators); or sign in on the web pages, or out
command-boardbot-help = What you can do
command-boardbot-tournament = Tournaments: Swiss and round robin, run by the bot

## The subcommands of boardbot tournament

command-tournament-create = Open a tournament of a game in this channel, for entries
command-tournament-join = Enter a tournament
command-tournament-leave = Leave a tournament, or withdraw from it once it runs
command-tournament-start = Start a tournament (its creator, or a moderator)
command-tournament-standings = A tournament's standings, with a picture
command-tournament-pairings = A round's pairings and results
command-tournament-list = This server's or room's tournaments

## Options

option-opponent = Who you challenge; pick the bot to play the computer
# Discord's opponent2, opponent3 …: $players is how many play with this one.
option-opponent-more = { $players ->
        [3] A second opponent (3 players)
        [4] A third opponent (4 players)
       *[other] One more opponent ({ $players } players)
    }
option-first = Who moves first (default: { choice-first-random })
option-rated = Whether the game counts for ratings (default: no)
option-level = The computer's strength (default: { choice-level-medium })
option-days = Time per move (rated: 3 days unless chosen; { days-unlimited }: casual only)
option-settings = Rule options as JSON, e.g. {"{"}"size":10{"}"}
option-start = Start from this position code (casual only)
option-challenge = The challenge's number, when several are open
option-move = The move, in any notation the game takes
option-game-id = The game's id (K7Q2); not needed in the game's thread
option-game-kind = Which game
option-flip = Draw it from the other side
option-speed = How fast the moves follow each other (default: { choice-speed-normal })
option-answer = Ask, or answer the pending request
option-premove-line = Their move, then your answer, and so on: "g7-S a6-E f1-N b7-S"
option-premove-clear = Clear all your conditional moves in the game
option-scope = Here (default) or everywhere
option-player = Whose rating (default: yours)
option-vs = Head to head against this player
option-how = A mention in the game's place, a direct message, or nothing
option-user = Whose reminders (only your own)
option-vacation-days = How many days to pause your clocks
option-vacation-end = End your vacation now
option-language = The language I answer in, or back to your app's or this place's
option-language-scope = Yours (default), or this server's or room's (for its moderators)
option-web-state = { choice-state-on } or { choice-state-off }: this place's page; or sign yourself in or out on the web
option-format = { choice-format-swiss }: rounds paired by score; { choice-format-roundrobin }: everyone plays everyone once
option-rounds = Rounds of a Swiss (default: enough for the field, at most 7)
option-tournament-days = Time per move of its games (default: 3 days)
option-tournament-rated = Whether its games count for ratings (default: yes)
option-max = The most players (default: 64)
option-every = A series: a new edition starts this many days after each one ends
option-tournament-name = Its name (comes last: the rest of the line)
option-tournament = The tournament's number, when several are here
option-round = The round (default: the last paired)
# The choice of no deadline among the days per move.
days-unlimited = unlimited

## Choices as Discord's menus name them (the word sent is the one help shows).
## choice-<option>-<word>; a choice without a message is shown as its word. Option
## descriptions name a default by these names ({ choice-first-random }), never by the
## word typed: a test checks it.
choice-first-me = Me first
choice-first-them = Them first
choice-first-random = At random
choice-level-random = Random (plays any legal move)
choice-level-greedy = Greedy (takes what it can)
choice-level-easy = Easy
choice-level-medium = Medium
choice-level-hard = Hard
choice-answer-offer = Offer
choice-answer-ask = Ask
choice-answer-accept = Accept
choice-answer-decline = Decline
choice-scope-here = Here
choice-scope-global = Everywhere
choice-how-mention = A mention in the game's place
choice-how-dm = A direct message
choice-how-off = No reminders
choice-state-on = On
choice-state-off = Off
choice-state-login = Sign in on the web
choice-state-logout = Sign out on the web
choice-language-en = English
choice-language-fr = Français (French)
choice-language-es = Español (Spanish)
choice-language-nl = Nederlands (Dutch)
choice-language-de = Deutsch (German)
choice-language-reset = Back to my app's or this place's language
choice-scope-me = Mine
choice-scope-server = This server's
choice-scope-room = This room's
choice-format-swiss = Swiss
choice-format-roundrobin = Round robin
choice-extension-line = Line
choice-extension-arm = Arm
choice-speed-slow = Slow
choice-speed-normal = Normal
choice-speed-fast = Fast
choice-extra_push-mandatory = Mandatory
choice-extra_push-optional = Optional
choice-repetition-none = Play on
choice-repetition-draw = The game is drawn
choice-boxed_in-end = The game ends
choice-boxed_in-pass = It passes, the others play on
## The games' rule options ($min, $max, $default from the game's declaration; a choice's
## $default arrives as its menu name above, choice-<option>-<word>; a yes/no one's as
## the word yes or no, for a selector)

option-kewbz-size = Board size, { $min } to { $max } (default: { $default })
option-kewbz-extension = How a placement extends a corner (default: { $default })
option-cabale-sharp = Whether runners may turn sharply (default: { $default })
# House rules: "optional" lets a player decline the push a capture earns.
option-kuba-extra-push = The extra push after a capture (default: { $default })
option-kuba-repetition = When a position occurs a third time (default: { $default })
option-cabale-boxed-in = A boxed-in runner, with 3 or 4 players (default: { $default })

## What help writes for a value

help-value-number = N
help-value-id = ID
help-value-kind = KIND
help-value-json = JSON
help-value-code = CODE
help-value-move = TEXT
help-value-line = "MOVES"
help-value-text = TEXT
help-value-opponent = @bob
help-value-user = @user
help-value-other = @other

## README's commands table

readme-table-intro = One command per game ({ $commands }), each with the subcommands below, and { $general } for the rest:
readme-table-head = | command | what it does | options |
readme-the-game = the game
