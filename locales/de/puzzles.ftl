### boardbot — Aufgaben aus den eigenen Partien der Spieler (Deutsch).
###
### Eine Aufgabe ist eine Stellung aus einer beendeten Partie, in der der Spieler am
### Zug einen Fehler oder einen groben Fehler gemacht hat und ein Zug klar der beste
### ist: Wer sie anfordert, sucht diesen Zug. Dieselben Nachrichten und Variablen wie
### im englischen Katalog (ein Test prüft das). Personen ($person, $mover) kommen so
### geschrieben, wie die Plattform sie erwähnt; Befehle ($solve, $puzzle, $analysis)
### so, wie die Plattform sie schreibt (/kuba solve). Züge und Zugfolgen ($answer,
### $played, $line) sind Notation und bleiben, wie sie sind.
###
### Glossar (zusätzlich zu dem in main.ftl; überall gleich verwenden):
###   puzzle          Aufgabe (Aufgabe 12)
###   solve / answer  lösen / antworten: den Zug angeben; gelöst: es war der beste
###   the line        die Fortsetzung: der beste Zug und die Züge, die folgen, solange
###                   sie erzwungen sind
###   streak          Serie: nacheinander gelöste Aufgaben, bis zum ersten Fehlgriff
###   puzzle rating   Aufgabenwertung, getrennt von der Wertung des Spiels
###   mistake/blunder Fehler / grober Fehler (die Wörter der Analyse, review-label-…)

## Befehle (was Discord zeigt: höchstens 100 Zeichen)

command-puzzle = Eine Aufgabe aus deinen Partien, dann aus denen hier; eine Serie, deine Wertung, die Bestenliste
command-solve = Deine Aufgabe beantworten: tippen und den besten Zug wählen
# Glossary aside: rating — die Wertung der Aufgaben, als ein Wort: Aufgabenwertung
option-puzzle-mode = Eine Serie bis zum ersten Fehlgriff, deine Aufgabenwertung oder die Bestenliste hier
option-solve-move = Deine Antwort: der Zug, in einer Schreibweise, die das Spiel versteht
choice-mode-streak = Serie
# Glossary aside: rating — die Wertung der Aufgaben, als ein Wort: Aufgabenwertung
choice-mode-rating = Meine Aufgabenwertung
choice-mode-leaderboard = Bestenliste

## Eine Aufgabe

# Shown first when the person asked for a puzzle while one is still open.
puzzle-again = Deine Aufgabe wartet noch auf deine Antwort:
# From the person's own game: $id the game, $ply the move that was a mistake, $played what they played.
puzzle-given-own = Deine { $game }-Partie { $id }, Zug { $ply }: Hier hast du { $played } gespielt; finde etwas Besseres.
puzzle-given-community = Eine Stellung aus den hier gespielten { $game }-Partien: Finde den besten Zug.
# $colour the side the person plays, $puzzle its number, $rating the puzzle's own rating.
puzzle-given-task = { $colour } ist am Zug (du). Aufgabe { $puzzle } (Wertung { $rating }): Antworte mit { $solve } oder wähle deinen Zug im Menü.
puzzle-streak-so-far = Serie: { $count ->
        [0] deine erste Aufgabe. Ein einziger Fehlgriff beendet sie.
        [one] bisher 1 Aufgabe nacheinander gelöst.
       *[other] bisher { $count } Aufgaben nacheinander gelöst.
    }
puzzle-page = Im Web: { $url }

## Eine beantwortete Aufgabe

puzzle-solved = Richtig: { $answer } ist der beste Zug (Aufgabe { $puzzle }).
puzzle-missed = Nicht der beste Zug: { $answer }. Der beste war { $best } (Aufgabe { $puzzle }).
# $line the moves in order, joined by arrows (e1-E → d2-N → f3-W).
puzzle-line = Die Fortsetzung: { $line }.
# Where the puzzle came from: $mover played $played, a $label (review-label-…).
puzzle-origin = In der { $game }-Partie { $id } hat { $mover } bei Zug { $ply } { $played } gespielt: ein { $label }.
puzzle-rating-change = Deine Aufgabenwertung: { $before } → { $after } ({ $delta }).
puzzle-not-rated = Diese Antwort ändert deine Wertung nicht: Du hattest diese Aufgabe schon einmal bekommen.
puzzle-streak-going = Serie: { $count } nacheinander gelöst (beste Serie { $best }). Hier kommt die nächste.
puzzle-streak-over = Die Serie ist vorbei: { $count } nacheinander gelöst (beste Serie { $best }).
puzzle-streak-exhausted = Für dich ist keine Aufgabe mehr übrig: Deine Serie endet bei { $count } (beste Serie { $best }).

## Wertungen und Bestenliste

puzzle-rating = Aufgabenwertung von { $person } in { $game }: { $rating } ({ $solved } von { $attempts ->
        [one] { $attempts } Aufgabe
       *[other] { $attempts } Aufgaben
    } gelöst; beste Serie { $best }).
# Glossary aside: rating — die Wertung der Aufgaben, als ein Wort: Aufgabenwertung
puzzle-rating-none = { $person } hat in { $game } noch keine Aufgabenwertung: { $puzzle } gibt eine Aufgabe.
# Glossary aside: leaderboard — die Bestenliste der Aufgaben, als ein Wort: Aufgabenbestenliste
puzzle-leaderboard-header = { $game }-Aufgabenbestenliste (hier):
puzzle-leaderboard-row = { $rank }. { $person } { $rating } ({ $solved }/{ $attempts } gelöst, beste Serie { $best })
puzzle-leaderboard-empty = Hier hat noch niemand eine { $game }-Aufgabe beantwortet: { $puzzle } gibt eine.

## Ablehnungen

refused-puzzle-none-left = { $alone ->
        [yes] Aus deinen Partien wartet noch keine { $game }-Aufgabe auf dich: Aufgaben entstehen aus den Fehlern beendeter Partien, die der Computer analysiert hat ({ $analysis }), und hier zählen nur deine eigenen.
       *[no] Es wartet noch keine { $game }-Aufgabe auf dich: Aufgaben entstehen aus den Fehlern beendeter Partien, die der Computer analysiert hat ({ $analysis }), zuerst aus deinen, dann aus denen dieses Servers oder Raums.
    }
refused-puzzle-nothing-to-solve = Keine { $game }-Aufgabe wartet auf deine Antwort: { $puzzle } gibt dir eine.
# Glossary aside: leaderboard — die Bestenliste der Aufgaben, als ein Wort: Aufgabenbestenliste
refused-puzzle-no-community = Die { $game }-Aufgabenbestenliste gehört zu einem Server oder Raum: Frag dort danach.
refused-puzzle-answered-before = Du hast die { $game }-Aufgabe { $puzzle } schon beantwortet: Nur deine erste Antwort zählt.
refused-puzzle-not-for-you = Du hast in der { $game }-Partie, aus der die Aufgabe { $puzzle } stammt, die andere Seite gespielt: Du weißt, wie es weiterging, also ist sie nicht für dich.
refused-puzzle-other-open = Deine { $game }-Aufgabe { $puzzle } wartet noch auf deine Antwort: Beantworte sie zuerst.

## Die Webseite einer Aufgabe

web-puzzle-title = { $game }-Aufgabe { $puzzle }
web-puzzle-task = { $colour } ist am Zug: Finde den besten Zug.
# Glossary aside: rating — die Wertung der Aufgaben, als ein Wort: Aufgabenwertung
web-puzzle-rating = Aufgabenwertung { $rating } · { $solved } von { $attempts } Mal gelöst
web-puzzle-label = Dein Zug
web-puzzle-check = Prüfen
web-puzzle-right = Richtig: { $answer } ist der beste Zug.
web-puzzle-wrong = Nicht der beste Zug: { $answer }. Der beste war { $best }.
web-puzzle-refused = { $answer } kann hier nicht gespielt werden.
web-puzzle-line = Die Fortsetzung: { $line }.
web-puzzle-origin = In der { $game }-Partie { $id } wurde bei Zug { $ply } { $played } gespielt: ein { $label }.
web-puzzle-no-rating = Antworten auf dieser Seite zählen für niemandes Wertung: Im Chat tut das der Befehl solve.
# Glossary aside: rating — die Wertung der Aufgaben, als ein Wort: Aufgabenwertung
web-puzzle-sign-in = Melde dich im Chat mit /boardbot web login an, um hier für deine Aufgabenwertung zu antworten.
web-puzzle-heading = Deine Antwort
# Glossary aside: rating — die Wertung der Aufgaben, als ein Wort: Aufgabenwertung
web-puzzle-rated = Deine Antwort zählt für deine Aufgabenwertung, wie im Chat: nur die erste.
# Glossary aside: rating — die Wertung der Aufgaben, als ein Wort: Aufgabenwertung
web-puzzle-free = Diese Aufgabe hast du nicht im Chat bekommen: Wenn du sie hier beantwortest, bekommst du sie, und deine Antwort zählt für deine Aufgabenwertung wie eine erste Antwort im Chat.
web-puzzle-streak = Diese Aufgabe gehört zu deiner Serie: Ein einziger Fehlgriff beendet sie.
web-puzzle-answered = Du hast diese Aufgabe schon beantwortet: Nur deine erste Antwort zählt.
web-puzzle-not-for-you = Du hast in dieser Partie die andere Seite gespielt: Du weißt, wie es weiterging, also ist diese Aufgabe nicht für dich.
# $puzzle the number of the puzzle that waits; the link to its page follows.
web-puzzle-other-open = Deine { $game }-Aufgabe { $puzzle } wartet noch auf deine Antwort: Beantworte sie zuerst.
web-puzzle-other-link = Zur Aufgabe { $puzzle }
web-puzzle-next = Die nächste Aufgabe deiner Serie
