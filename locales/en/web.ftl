### boardbot — the web pages (English, the reference catalog).
###
### A game's page (players, whose turn, the board, the moves, the replay) and a
### community's page (its leaderboards and latest games), shown in a browser. Names
### arrive as the players' names alone ($players, $name); $game is a game's title
### (Kuba). Numbers select plural forms.
###
### Glossary: move (one turn of a player, numbered from 1), board (the picture of the
### position), replay (the animated picture of the whole game), leaderboard, rated.

## A game's page

# The page's title and its preview's: Kuba · alice vs bob
web-title-game = { $game } · { $players }
# Under the title: the game's id as chat names it, and whether it is rated.
web-subtitle = { $game } game { $id } · { $rated ->
    [yes] rated
   *[no] casual
}
# A player's line: "White · rating 1520".
web-player-rated = { $colour } · rating { $rating }
web-player-unrated = { $colour } · no rating yet
web-player-computer = { $colour } · the computer ({ $level })
web-heading-players = Players
web-heading-board = Board
web-heading-moves = Moves
web-heading-replay = Replay
web-showing-last = { $ply ->
    [0] The start position.
   *[other] The board after the last move, move { $ply }.
}
web-showing = { $ply ->
    [0] { $last ->
        [one] The start position; 1 move has been played since.
       *[other] The start position; { $last } moves have been played since.
    }
   *[other] The board after move { $ply } of { $last }.
}
web-first = Start
web-previous = Previous
web-next = Next
web-last = Last move
web-moves-none = No move yet.
web-moves-left-out = { $count ->
    [one] 1 earlier move is not listed.
   *[other] { $count } earlier moves are not listed.
}
web-replay-link = Watch the whole game as an animated replay
web-live = This page follows the game: it updates by itself when a move is played.

## What a board shows, for people who cannot see it:
## "Kuba, move 12, White to move. White: reds 3/7, black 0/8; Black: reds 1/7, white 2/8."

web-alt = { $position }. { $seats }
web-alt-to-move = { $game }, { $ply ->
    [0] start position
   *[other] move { $ply }
}, { $colour } to move
web-alt-over = { $game }, move { $ply }, game over
web-alt-seat = { $colour }: { $counters }
web-alt-counter = { $label } { $value }
web-alt-join = { $first }; { $rest }

## A community's page

web-title-community = { $name }: games and leaderboards
web-title-community-unnamed = Games and leaderboards
web-heading-leaderboards = Leaderboards
web-leaderboard-empty = No rated game yet.
web-heading-games = Latest games
web-games-none = No game yet.
web-col-rank = Rank
web-col-player = Player
web-col-rating = Rating
web-col-games = Games
web-col-game = Game
web-col-players = Players
web-col-moves = Moves
web-col-state = State
web-col-when = Last change
web-state-ongoing = in progress
web-state-over = over

## Errors and the footer

web-not-found-title = Not found
web-not-found = There is no page at this address.
web-too-many-title = Too many requests
web-too-many = Too many requests from your address: try again in a moment.
web-error-title = Something went wrong
web-error = Something went wrong on our side; try again later.
web-footer = Played with boardbot in a chat. Pages show players' names, ratings and moves, nothing else.

## A tournament's page. $tournament as tournament-tag writes it; $state is open,
## running, finished or cancelled.

web-title-tournament = { $tournament }: { $state ->
        [open] open for entries
        [running] round { $round } of { $of }
        [finished] final standings
       *[cancelled] cancelled
    }
web-heading-standings = Standings
web-standings-none = Nobody has entered yet.
web-heading-round = Round { $round }
web-col-board = Board
web-col-result = Result
# $result is none (in progress), white, black, draw, white_forfeit or black_forfeit.
web-result = { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 by forfeit
        [black_forfeit] 0–1 by forfeit
       *[none] in progress
    }
# A community page's list of its tournaments.
web-heading-tournaments = Tournaments
web-tournament-line = { $tournament }: { $state ->
        [open] open for entries
        [running] under way
        [finished] over
       *[cancelled] cancelled
    }

# The game's page, on a line of its own under a game message in chat (Matrix, the terminal).
web-link-line = On the web: { $url }

## Playing on the page (issue #51)

# In chat, to the person who asked alone: $url signs them in, $logout is the command.
# Always plural: $minutes (a sign-in link lasts 10 minutes, a constant)
web-login-link = Your link to sign in on the game pages: { $url }
    It works once, within { $minutes } minutes: keep it to yourself. { $logout } signs you out everywhere.
web-logged-out = { $count ->
    [0] You were not signed in on the web pages.
    [one] Signed out: your session on the web pages is over.
   *[other] Signed out: your { $count } sessions on the web pages are over.
}
# `/kuba play` outside Discord's Activity: the game's page, and how to sign in.
web-play-here = Play { $game } game { $id } on its board: { $url }
    Sign in there first with { $login }.
# Who is signed in, on every page.
web-signed-in-as = Signed in as { $name }
web-sign-out = Sign out
web-your-games-link = Your games
web-sign-in-title = Sign in
web-sign-in-lead = This link signs you in, to play your games on their pages.
web-sign-in-button = Sign in
web-sign-in-refused = This link signs nobody in: it was used already, or its 10 minutes are over. Ask for a new one in chat with /boardbot web login.
web-signed-out = You are signed out.
web-your-games = Your games in progress
web-your-games-none = You have no game in progress.
web-game-line = { $game } { $id } against { $opponents } · move { $ply } · { $turn ->
    [yes] your turn
   *[no] their turn
}
web-sign-in-to-play = Is this your game? Sign in with /boardbot web login in chat to play it here.
# The part of a game's page where its player plays.
web-heading-play = Your play
web-you-play = You play { $colour }.
web-your-turn = Your turn: pick a square, then a move.
web-your-turn-parts = Your turn goes on: pick its next part.
web-not-your-turn = Waiting for your opponent's move.
web-squares = Squares of the board
web-moves-from = Moves from { $square }
web-next-parts = Next part of your turn
web-other-moves = Moves on no square
web-start-again = Start the turn again
# The form that plays a move typed as text: the label of its box and its button.
web-move-label = Move
web-play-button = Play
web-move-hint = Any notation the game takes, as in chat.

# Conditional moves on the page, while the opponent is to move (as /kuba premove in chat).
web-premoves-heading = Conditional moves
web-premoves-explain = If they play this, answer that at once: write their move, then your answer, and so on (g7-S a6-E f1-N b7-S).
web-premove-label = Line
web-premove-save = Save
web-premoves-show = Show my conditional moves
web-premoves-clear = Clear them all
web-resign = Resign
web-resign-question = Resign this game? It ends, and you lose it.
web-resign-confirm = Yes, resign
web-draw-offer = Offer a draw
web-draw-accept = Accept the draw
web-draw-decline = Decline the draw
web-draw-by-me = You offered a draw.
web-draw-to-me = Your opponent offers a draw.
web-takeback-ask = Ask to take back your last move
web-takeback-accept = Accept the takeback
web-takeback-decline = Decline the takeback
web-takeback-by-me = You asked to take back your last move.
web-takeback-to-me = Your opponent asks to take back their last move.
# A request the page refused before the game saw it.
web-forbidden-title = Refused
web-forbidden = This request was refused: it did not come from this page, or your session is over. Reload the page and try again.
web-slow-down-title = Slow down
web-slow-down = Too many requests from this session: wait a moment and try again.
# Discord's Activity.
web-activity-title = boardbot
web-activity-loading = Connecting to Discord…
web-activity-failed = Discord did not sign you in. Close the Activity and open it again.
