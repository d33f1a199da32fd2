### boardbot — die Webseiten (Deutsch).
###
### Die Seite einer Partie (Spieler, wer am Zug ist, Brett, Züge, Wiedergabe) und die
### Seite einer Gemeinschaft (ihre Bestenlisten und letzten Partien), im Browser
### angesehen. Namen kommen allein ($players, $name); $game ist der Titel eines Spiels
### (Kuba). Anrede: du, wie im übrigen Bot.
###
### Glossar: wie in main.ftl; hier vor allem Zug (die Runde eines Spielers, ab 1
### gezählt), Brett (das Bild der Stellung), Wiedergabe (das bewegte Bild der ganzen
### Partie), Bestenliste, Wertung, gewertet / ungewertet.

## Die Seite einer Partie

web-title-game = { $game } · { $players }
web-subtitle = { $game }-Partie { $id } · { $rated ->
    [yes] gewertet
   *[no] ungewertet
}
web-player-rated = { $colour } · Wertung { $rating }
web-player-unrated = { $colour } · noch keine Wertung
web-player-computer = { $colour } · der Computer ({ $level })
web-heading-players = Spieler
web-heading-board = Brett
web-heading-moves = Züge
web-heading-replay = Wiedergabe
web-showing-last = { $ply ->
    [0] Die Ausgangsstellung.
   *[other] Das Brett nach dem letzten Zug, Zug { $ply }.
}
web-showing = { $ply ->
    [0] { $last ->
        [one] Die Ausgangsstellung; seitdem wurde 1 Zug gespielt.
       *[other] Die Ausgangsstellung; seitdem wurden { $last } Züge gespielt.
    }
   *[other] Das Brett nach Zug { $ply } von { $last }.
}
web-first = Anfang
web-previous = Zurück
web-next = Weiter
web-last = Letzter Zug
web-moves-none = Noch kein Zug.
web-moves-left-out = { $count ->
    [one] 1 früherer Zug ist nicht aufgeführt.
   *[other] { $count } frühere Züge sind nicht aufgeführt.
}
web-replay-link = Die ganze Partie als animierte Wiedergabe ansehen
web-live = Diese Seite folgt der Partie: Sie aktualisiert sich von selbst, wenn ein Zug gespielt wird.

## Was ein Brett zeigt, für alle, die es nicht sehen können.

web-alt = { $position }. { $seats }
web-alt-to-move = { $game }, { $ply ->
    [0] Ausgangsstellung
   *[other] Zug { $ply }
}, { $colour } am Zug
web-alt-over = { $game }, Zug { $ply }, Partie beendet
web-alt-seat = { $colour }: { $counters }
web-alt-counter = { $label } { $value }
web-alt-join = { $first }; { $rest }

## Die Seite einer Gemeinschaft

web-title-community = { $name }: Partien und Bestenlisten
web-title-community-unnamed = Partien und Bestenlisten
web-heading-leaderboards = Bestenlisten
web-leaderboard-empty = Noch keine gewertete Partie.
web-heading-games = Letzte Partien
web-games-none = Noch keine Partie.
web-col-rank = Platz
web-col-player = Spieler
web-col-rating = Wertung
web-col-games = Partien
web-col-game = Spiel
web-col-players = Spieler
web-col-moves = Züge
web-col-state = Status
web-col-when = Zuletzt geändert
web-state-ongoing = läuft
web-state-over = beendet

## Fehler und Fußzeile

web-not-found-title = Nicht gefunden
web-not-found = Unter dieser Adresse gibt es keine Seite.
web-too-many-title = Zu viele Anfragen
web-too-many = Zu viele Anfragen von deiner Adresse: Versuch es gleich noch einmal.
web-error-title = Etwas ist schiefgegangen
web-error = Bei uns ist etwas schiefgegangen; versuch es später noch einmal.
web-footer = Partien, gespielt mit boardbot in einem Chat. Die Seiten zeigen die Namen der Spieler, ihre Wertungen und Züge, sonst nichts.

## A tournament's page. $tournament as tournament-tag writes it; $state is open,
## running, finished or cancelled.

web-title-tournament = { $tournament }: { $state ->
        [open] Anmeldung offen
        [running] Runde { $round } von { $of }
        [finished] Endstand
       *[cancelled] abgesagt
    }
web-heading-standings = Stand
web-standings-none = Noch niemand ist angemeldet.
web-heading-round = Runde { $round }
web-col-board = Brett
web-col-result = Ergebnis
# $result is none (in progress), white, black, draw, white_forfeit or black_forfeit.
web-result = { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 kampflos
        [black_forfeit] 0–1 kampflos
       *[none] läuft
    }
# A community page's list of its tournaments.
web-heading-tournaments = Turniere
web-tournament-line = { $tournament }: { $state ->
        [open] Anmeldung offen
        [running] läuft
        [finished] vorbei
       *[cancelled] abgesagt
    }

# The game's page, on a line of its own under a game message in chat (Matrix, the terminal).
web-link-line = Im Web: { $url }

## Auf der Seite spielen (issue #51)

# Im Chat, nur für die Person, die gefragt hat: $url meldet sie an, $logout ist der Befehl.
web-login-link = Dein Link zur Anmeldung auf den Seiten der Partien: { $url }
    Er gilt einmal, innerhalb von { $minutes } Minuten: Behalte ihn für dich. { $logout } meldet dich überall ab.
web-logged-out = { $count ->
    [0] Du warst auf den Webseiten nicht angemeldet.
    [one] Abgemeldet: Deine Sitzung auf den Webseiten ist beendet.
   *[other] Abgemeldet: Deine { $count } Sitzungen auf den Webseiten sind beendet.
}
web-play-here = Spiel die { $game }-Partie { $id } auf ihrem Brett: { $url }
    Melde dich dort zuerst mit { $login } an.
web-signed-in-as = Angemeldet als { $name }
web-sign-out = Abmelden
web-your-games-link = Deine Partien
web-sign-in-title = Anmelden
web-sign-in-lead = Dieser Link meldet dich an, damit du deine Partien auf ihren Seiten spielen kannst.
web-sign-in-button = Anmelden
web-sign-in-refused = Dieser Link meldet niemanden an: Er wurde schon benutzt, oder seine 10 Minuten sind vorbei. Fordere im Chat mit /boardbot web login einen neuen an.
web-signed-out = Du bist abgemeldet.
web-your-games = Deine laufenden Partien
web-your-games-none = Du hast keine laufende Partie.
web-game-line = { $game } { $id } gegen { $opponents } · Zug { $ply } · { $turn ->
    [yes] du bist am Zug
   *[no] der Gegner ist am Zug
}
web-sign-in-to-play = Ist das deine Partie? Melde dich im Chat mit /boardbot web login an, um sie hier zu spielen.
web-heading-play = Dein Spiel
web-you-play = Du spielst { $colour }.
web-your-turn = Du bist am Zug: Wähle ein Feld, dann einen Zug.
web-your-turn-parts = Dein Zug geht weiter: Wähle den nächsten Teil.
web-not-your-turn = Warten auf den Zug deines Gegners.
web-squares = Felder des Bretts
web-moves-from = Züge von { $square }
web-next-parts = Nächster Teil deines Zugs
web-other-moves = Züge ohne Feld
web-start-again = Den Zug neu beginnen
web-move-label = Zug
web-play-button = Spielen
web-move-hint = Jede Schreibweise, die das Spiel kennt, wie im Chat.

# Bedingte Züge auf der Seite, während der Gegner am Zug ist (wie /kuba premove im Chat).
web-premoves-heading = Bedingte Züge
web-premoves-explain = Spielt der Gegner dies, sofort das antworten: schreib seinen Zug, dann deine Antwort und so weiter (g7-S a6-E f1-N b7-S).
web-premove-label = Zugfolge
web-premove-save = Speichern
web-premoves-show = Meine bedingten Züge zeigen
web-premoves-clear = Alle löschen
web-resign = Aufgeben
web-resign-question = Diese Partie aufgeben? Sie endet, und du verlierst sie.
web-resign-confirm = Ja, aufgeben
web-draw-offer = Remis anbieten
web-draw-accept = Remis annehmen
web-draw-decline = Remis ablehnen
web-draw-by-me = Du hast Remis angeboten.
web-draw-to-me = Dein Gegner bietet Remis an.
web-takeback-ask = Bitten, deinen letzten Zug zurückzunehmen
web-takeback-accept = Zurücknahme annehmen
web-takeback-decline = Zurücknahme ablehnen
web-takeback-by-me = Du hast gebeten, deinen letzten Zug zurückzunehmen.
web-takeback-to-me = Dein Gegner bittet, seinen letzten Zug zurückzunehmen.
web-forbidden-title = Abgelehnt
web-forbidden = Diese Anfrage wurde abgelehnt: Sie kam nicht von dieser Seite, oder deine Sitzung ist beendet. Lade die Seite neu und versuch es noch einmal.
web-slow-down-title = Langsamer
web-slow-down = Zu viele Anfragen aus dieser Sitzung: Warte einen Moment und versuch es noch einmal.
web-activity-title = boardbot
web-activity-loading = Verbindung mit Discord…
web-activity-failed = Discord hat dich nicht angemeldet. Schließ die Aktivität und öffne sie noch einmal.
