### Refusals: what the person who asked is told when a request changes nothing.
### One message per variant of `Refusal` (src/service/refusal.rs), named
### refused-<variant in kebab case>. Each says what is wrong and, where there is one,
### what to do instead. Variables as in main.ftl; $expected, $known and $games arrive
### already worded as lists.

refused-from-bot = I do not take commands from bots.
refused-unknown-user = I do not know @{ $name }.
refused-not-in-room = I do not know { $name }: they are not in this room (invite them first).
refused-ambiguous-name = Several people here are called { $name }: mention one, or write their user id.

## Reading a command

refused-no-command = Type { $help } for the commands.
refused-unknown-game = I do not know the game "{ $word }": the games are { $games } (and { $general } for the rest).
refused-unknown-subcommand = { $command } has no command "{ $word }": try { $known }.
refused-unknown-option = { $sub } has no option { $option }: { $count ->
        [0] it takes no options.
       *[other] it takes { $known }.
    }
refused-option-of-other-games = { $option }: is an option of { $games }, not of { $game }.
refused-bad-value-yes-no = { $option }:{ $value } is not a yes/no answer: write { $option }:yes or { $option }:no.
refused-bad-value-number = { $option }:{ $value } is not a number: write e.g. { $option }:3.
refused-bad-value-range = { $option }:{ $value } is not a number from { $min } to { $max }.
refused-bad-value-one-of = { $option }:{ $value } is not { $choices }.
refused-bad-value-days = { $option }:{ $value } is not a number of days: write { $option }:3 (1, 2, 3, 5, 7 or 14) or { $option }:unlimited.
refused-bad-value-game-id = { $option }:{ $value } is not a game id such as K7Q2.
refused-bad-value-user = { $option }:{ $value } is not a person: write { $option }:@someone.
refused-missing-option = { $sub } needs { $option }:.
refused-extra-words = { $sub } does not take "{ $word }".
refused-no-mention-here = { $sub } names nobody (found @{ $name }).
refused-too-many-named = { $sub } takes one player.
refused-settings-not-object = settings:{ $text } is not a JSON object such as {"{"}"size":10{"}"}.
refused-bad-settings = Those rule options do not work: { $reason }.
# Always plural: $seats (2 or more)
refused-players-mismatch = Those rule options do not work: players is { $given } but the challenge seats { $seats } (you and { $opponents ->
        [one] 1 opponent
       *[other] { $opponents } opponents
    }).

## Challenges

refused-no-opponent = Name an opponent: { $challenge } @bob (or { $bot } to play the computer).
refused-computer-one-to-one = Play the computer one to one: { $challenge } { $bot }.
# Always plural: $opponents (2 or more where it is shown)
refused-too-many-opponents = { $max ->
        [2] { $game } is for two players: name one opponent.
       *[other] { $game } is for 2 to { $max } players: name up to { $opponents } opponents.
    }
refused-named-twice = { $who } is named twice.
refused-challenge-self = You cannot challenge yourself: name someone else, or { $bot } to play the computer.
refused-other-bot = { $who } is a bot; the only bot you can play here is me (challenge { $bot }).
refused-already-challenged = You already have a challenge waiting for { $who } (challenge { $challenge }); cancel it first or wait for an answer.
# $limit: the most open challenges one player may have made at once (a number).
refused-too-many-challenges = You already have { $limit } open challenges, the most one player may have: cancel some, or wait for answers, before making another.
refused-computer-rated = Games against the computer are never rated: leave out rated:yes.
# $max: the most games in progress against the computer one player may have (a number, at least 1).
refused-computer-games-limit = { $max ->
        [one] You already have a game in progress against the computer, the most one player may have here; finish or resign it first.
       *[other] You already have { $max } games in progress against the computer, the most one player may have here; finish or resign one first.
    }
refused-level-without-computer = level: is for games against the computer (challenge { $bot }).
refused-start-rated = A starting position is for casual games only: add rated:no, or leave out start:.
refused-start-code = That starting position is refused: { $reason }.
refused-start-over = That starting position is refused: the game is already over in that position.
refused-rated-needs-clock = A rated game needs a clock: choose days:1, 2, 3, 5, 7 or 14 (3 when you say nothing).
refused-bad-days = days:{ $days } is not a time control: choose 1, 2, 3, 5, 7 or 14 days per move, or unlimited (casual games only).
refused-no-challenge-waiting = No { $game } challenge is waiting for your answer.
refused-no-challenge-to-cancel = You have no open { $game } challenge to cancel.
refused-no-such-challenge = There is no challenge { $challenge }.
refused-challenge-closed = Challenge { $challenge } { $state ->
        [accepted] was accepted
        [declined] was declined
        [expired] has expired
       *[cancelled] was cancelled
    }; it is no longer open.
refused-challenge-of-other-game = Challenge { $challenge } is for { $actual }, not { $asked }: use { $command } for it.
refused-own-challenge = Challenge { $challenge } is your own; it waits for the others' answer (cancel it with { $cancel }).
refused-not-your-challenge = Challenge { $challenge } is not addressed to you.
refused-already-accepted = You have already accepted challenge { $challenge }; waiting for the others.
refused-not-challenger = Only the player who made challenge { $challenge } can cancel it; you can decline it.
refused-several-challenges = Several { $game } challenges are open: { $list }. Say which one with challenge:{ $first }.
challenge-from = challenge { $challenge } from { $person }
refused-challenge-expired = Challenge { $challenge } has expired: it waited too long for an answer. Ask for a new one.

## Finding the game

refused-no-such-game = There is no game { $id }.
# $id: the game's id as typed (K7Q2).
refused-game-elsewhere = Game { $id } belongs to another server or room: only its players can look at it from here.
refused-wrong-kind = Game { $id } is a { $actual } game, not { $asked }: use { $command } for it.
refused-no-game-of-kind = You have no { $game } game in progress; name one with game:ID, or start one with { $challenge }.
# Always plural: $count (2 or more)
refused-several-games = You have { $count } { $game } games in progress; say which with game:ID:
several-games-line = game:{ $id } vs { $others } ({ $turn ->
        [yes] your turn
       *[no] their turn
    })
refused-not-seated = You are not playing in game { $id }.
refused-not-your-turn = It is not your turn in game { $id }: { $waiting } is to move.
# Glossary aside: challenge — the subcommand, typed as it is
refused-game-over = Game { $id } is over; start a new one with challenge.
# abort after one's own first move; $id is the game's id.
refused-abort-too-late = You have already moved in game { $id }: it can no longer be aborted (resign instead).

## Moves

refused-empty-move = That move is refused: say which move, e.g. { $move } { $example }.
refused-malformed = That move is refused: { $reason }.
refused-illegal = That move is refused: { $reason }.
refused-moved-on = The game has moved on while you were typing; look at the board again.
refused-menu-move-passed = That move was offered at move { $offered } of game { $id }, which is now at move { $now }: pick from the board again.

## Conditional moves (premove)

refused-premove-computer = Conditional moves are for games between people: in game { $id } you play the computer.
refused-premove-your-turn = It is your turn in game { $id }: play your move. Conditional moves are left while the others are to move.
# A move of a line refused by the rules: $n its place in the line, $reason as refused-illegal gives it.
refused-premove-move = In that line, move { $n } ({ $move }) is refused: { $reason }.
refused-premove-ends-with-theirs = A line ends with your answer: its last move, { $move }, would be { $who }'s.
refused-premove-empty = Give the line's moves, theirs and your answers in turn, e.g. { $premove } line:"{ $example }".
# Always plural: $max (the service's limit, 10 moves a line)
refused-premove-too-long = A line holds at most { $max } moves.
# Always plural: $max (the service's limit, 8 lines a game)
refused-premove-too-many = You have { $max } lines in game { $id } already, the most there may be: { $clear } clears them.

## Draws and takebacks

refused-draw-for-two = Draw offers are for two-player games; with more players, play on or resign.
refused-draw-already-offered = Your draw offer is already waiting for an answer.
refused-no-draw-offered = No draw is offered in game { $id }.
refused-own-draw-offer = That is your own offer; the others answer it.
refused-no-move-yet = No move has been played yet.
refused-takeback-not-yours = You can only take back your own last move, before the next one is played.
refused-takeback-rated = This game is rated: a move can be taken back only before your opponent has moved.
refused-takeback-pending = A takeback is already asked for; waiting for an answer.
refused-computer-no-takeback = The computer does not take moves back.
refused-no-takeback-asked = No takeback is asked for in game { $id }.
refused-own-takeback = That is your own request; the others answer it.

## Ratings

refused-computer-no-rating = { $bot } has no rating: games against the computer are never rated.
refused-not-played-yet = { $who } has not played here yet.

## Clocks

refused-notify-others = You can only choose your own reminders: { $notify } dm.
refused-vacation-days = days:{ $days } is not a vacation: give a number of days from 1 to { $cap }.
refused-on-vacation = You are on vacation until { $date }; end it with { $end } first.
refused-language-not-manager = Only people who may change this place's settings (Manage Server on Discord, changing the room's name in Matrix) can choose its language. Your own language is yours to choose: leave out the scope.
refused-language-no-community = There is no server or room here to choose a language for. Your own language is yours to choose: leave out the scope.
refused-web-not-manager = Only people who may change this place's settings (Manage Server on Discord, changing the room's name in Matrix) can turn its web page on or off.
refused-web-no-community = A web page belongs to a server or a room: ask there, not in a direct message.
refused-web-not-served = This bot serves no web pages: its operator has not set them up ([web] in its configuration).
refused-vacation-cap = You have { $left } vacation days left this year (at most { $cap } a year, { $taken } taken): ask for days:{ $left } or fewer.
refused-not-on-vacation = You are not on vacation.

## Tournaments. $tournament is a tournament as tournament-tag writes it.

refused-tournament-no-community = Tournaments belong to a server or a room: ask there, not in a direct message.
refused-tournament-no-clock = A tournament's games need a clock: choose days: 1, 2, 3, 5, 7 or 14.
refused-tournament-rounds-for-swiss = rounds: is for a Swiss; a round robin has as many rounds as its players need.
refused-tournament-name-too-long = A tournament's name takes at most { $max } characters.
refused-no-such-tournament = There is no tournament { $id }; { $list } shows this place's.
refused-tournament-elsewhere = Tournament { $id } belongs to another server or room.
refused-no-tournament-here = No tournament here fits; { $list } shows this place's, and { $create } opens one.
refused-several-tournaments = Several tournaments fit: { $tournaments }. Say which with tournament:N.
refused-tournament-not-open = { $tournament } { $state ->
        [running] has started: it takes no more entries
        [finished] is over
        [cancelled] was cancelled
       *[open] is open
    }.
# Always plural: $max (a tournament takes 2 players or more)
refused-tournament-full = { $tournament } has its { $max } players already.
refused-already-entered = You are in { $tournament } already.
refused-not-entered = You are not in { $tournament }.
refused-already-withdrawn = You have withdrawn from { $tournament } already.
refused-tournament-not-yours = Only the creator of { $tournament }, or someone who may change this place's settings, can start it.
refused-tournament-too-few = { $tournament } has { $players ->
        [one] 1 player
       *[other] { $players } players
    }; it needs at least { $needed } to start.
refused-tournament-barred = You lost two games of tournament { $previous } on time and were withdrawn: you may not enter { $tournament }, its next edition.
refused-tournament-no-abort = Game { $id } is a tournament game: it cannot be aborted. To give it up, resign with { $resign }.
refused-tournament-no-round = { $tournament } has no round { $round }{ $paired ->
        [0] {" "}yet: it has not started
        [one] {" "}yet: only round 1 is paired
       *[other] : rounds 1 to { $paired } are paired
    }.

## The platforms' own

refused-not-answered = This kind of interaction is not something I answer.
refused-stale-button = That button is not one of mine any more.

## The commands' declaration

refused-takes-one-of = { $sub } takes { $words }.
refused-bad-value-text = { $option }: takes text, not { $value }.
# A value of several words typed without quotes (line:g7-S a6-E).
refused-unquoted = Put a value of several words in quotes: { $option }:"{ $value }".

## Reviews

# analysis of a game still being played; $id the game's id.
refused-review-of-game-in-progress = Game { $id } is still being played: the computer reviews a game once it is over (a review now would tell a player what to play).
# analysis of a game that ended before its first move.
refused-nothing-to-review = Game { $id } ended before its first move: there is nothing to review.
# The asker's review of another game is still being made: one at a time. $game the game's title, $id its id.
refused-review-busy = Your review of { $game } game { $id } is still being made: ask for another one once it is posted.
