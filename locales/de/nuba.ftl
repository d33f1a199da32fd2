### Nuba: Absagen von Zügen und Stellungscodes, Gründe für das Ende,
### Zugbeschriftungen und die Wörter von Bild und Diagramm.
###
### Glossar (diese Wörter überall gleich verwenden). Nuba ist ein deutsches Spiel
### (Reiner Knizia, Amigo 1995); die Wörter folgen dem deutschen Spiel und seinen
### Besprechungen (Ringer, Musiker, Champion, Grundlinie, setzen, ziehen, schlagen),
### die der niederländischen Regel entsprechen (worstelaar, muzikant, kampioen,
### thuisveld):
###   piece          Stein: einer der zehn jedes Spielers, die Ringer 1–9 und der
###                  Champion X; ein Stein mit Zahl: die 7
###   wrestler       Ringer: ein Stein 1–9; je niedriger die Zahl, desto stärker der Ringer
###   champion       Champion: der Stein X; schlägt jeden, wird von jedem geschlagen und
###                  gewinnt, sobald er ankommt
###   hand           Vorrat: die Steine, die jemand noch nicht gesetzt hat
###   home rows      Heimreihen: die zwei Reihen, auf die ein Spieler seine Steine setzt
###   back row       Grundlinie: die fernste Heimreihe des Gegners, wo Steine ankommen
###   musician       Musiker: der Stein auf dem Musikerfeld neben dem Brett; je höher
###                  die Zahl, desto besser der Musiker
###   place / step   setzen (ein Stein aus dem Vorrat) / ziehen, ein Schritt (ein Stein
###                  ein Feld vorwärts)
###   pass           passen; getippt wird pass
###
### Variablen: $square, $from, $to, $piece, $rank, $target, $mover (eine Zahl),
### $musician (eine Zahl), $hand, $rows, $letter, $text, $token und $found wie
### notiert oder getippt (G7, 7, X); $colour, $other und $owner kommen als kleines
### Farbadjektiv (nuba-colour-…) mit $colour-id usw., über die die Nachrichten
### „Grün“/„Rot“ oder „grüne“/„rote“ wählen; $seat als Name eines Platzes
### (nuba-seat-…).

nuba-title = Nuba

## Colours and seats

nuba-colour-green = grün
nuba-colour-red = rot
nuba-seat-green = Grün
nuba-seat-red = Rot

## Move labels: what a move did (c2-d3 · 4 schlägt 7, b5-b6 · 8 wird Musiker)

nuba-label-places-champion = setzt den Champion
nuba-label-places = setzt die { $rank }
nuba-label-no-move = kein Zug möglich
nuba-label-takes = { $rank } schlägt { $target }
nuba-label-champion-arrives = X erreicht die Grundlinie
nuba-label-becomes-musician = { $rank } wird Musiker
nuba-label-replaces-musician = { $rank } löst den Musiker { $musician } von { $colour-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} ab
nuba-label-leaves-board = { $rank } verlässt das Brett (der Musiker { $musician } von { $colour-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} bleibt)
nuba-label-wins = { $colour-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} gewinnt
nuba-label-draw = Remis

## How a game ends

nuba-end-champion = der Champion von { $colour-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} hat die Grundlinie von { $other-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} erreicht
nuba-end-musician = { $other-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} hat keinen Stein über { $rank } und keinen Champion mehr: Die { $rank } von { $colour-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} ist endgültig Musiker
nuba-end-no-moves = keiner kann mehr ziehen: Es entscheidet der Musiker { $rank } von { $colour-id ->
    [nuba-colour-green] Grün
   *[other] Rot
}
nuba-end-no-moves-no-musician = keiner kann mehr ziehen, und es gibt keinen Musiker

## The picture and the diagram

nuba-view-hand = Vorrat
nuba-view-on-board = auf dem Brett
nuba-view-out = draußen
nuba-view-placing = Aufstellen: Jede Seite füllt ihre zwei Heimreihen
# The space beside the board.
nuba-view-musician = Musiker
nuba-diagram-seat = { $seat }: Vorrat { $hand }, { $out } aus dem Spiel
nuba-diagram-musician = Musiker: die { $rank } von { $colour-id ->
    [nuba-colour-green] Grün
   *[other] Rot
}
nuba-diagram-no-musician = Musiker: keiner
nuba-diagram-to-place = { $seat } setzt einen Stein

## Text that is not a move

nuba-malformed-empty = leerer Zug: Schreib ein Setzen wie X@c2, einen Schritt wie c2-d3 oder pass
nuba-malformed-bad-piece = „{ $text }“ ist kein Stein: Schreib 1–9 oder X vor das @, etwa X@c2
nuba-malformed-bad-square = „{ $text }“ ist kein Feld des 5×6-Bretts (Spalten a–e, Reihen 1–6)
nuba-malformed-same-square = { $square }-{ $square } führt nirgendwohin: Ein Schritt bringt einen Stein auf ein anderes Feld
nuba-malformed-missing-target = „{ $text }“ hat kein Ziel: Schreib einen Schritt wie c2-d3

## A move that is not allowed

nuba-illegal-game-over = die Partie ist beendet
nuba-illegal-placement-over = alle Steine sind gesetzt: Zieh einen Stein einen Schritt vorwärts, etwa c2-d3
nuba-illegal-still-placing = die Steine werden noch gesetzt: Setz einen aus deinem Vorrat, etwa X@c2
nuba-illegal-not-in-hand = { $rank ->
    [X] dein Champion ist
   *[other] deine { $rank } ist
} schon gesetzt
nuba-illegal-not-home-row = { $square } liegt nicht auf deinen Heimreihen: { $colour-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} setzt auf die Reihen { $rows }
nuba-illegal-occupied = { $square } ist schon von { $piece } besetzt
nuba-illegal-empty = auf { $square } steht kein Stein
nuba-illegal-not-yours = auf { $square } steht ein { $owner-id ->
    [nuba-colour-green] grüner
   *[other] roter
} Stein, aber { $mover-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} ist am Zug
nuba-illegal-backwards = { $from }-{ $to } geht rückwärts: { $colour-id ->
    [nuba-colour-green] Grüne
   *[other] Rote
} Steine ziehen nur in Richtung Reihe { $rank }
nuba-illegal-sideways = { $from }-{ $to } geht seitwärts: Steine ziehen nur gerade oder diagonal vorwärts
nuba-illegal-too-far = { $from }-{ $to } ist mehr als ein Schritt: Ein Stein zieht ein Feld gerade oder diagonal vorwärts
nuba-illegal-own-piece = auf { $square } steht dein eigener Stein
nuba-illegal-stronger = deine { $mover } kann die { $target } auf { $square } nicht schlagen: Je niedriger die Zahl, desto stärker der Ringer
nuba-illegal-pass-not-allowed = du darfst nur passen, wenn du keinen anderen Zug hast

## A position code that is refused

nuba-code-fields = 5 Abschnitte erwartet (Brett, Zugrecht, grüner Vorrat, roter Vorrat, Musiker), { $n } gefunden
nuba-code-rows = 6 Reihen erwartet, getrennt durch '/', { $n } gefunden
nuba-code-row-length = Reihe { $rank } beschreibt { $cells ->
    [one] 1 Feld
   *[other] { $cells } Felder
}, erwartet sind 5
nuba-code-token = unbekanntes Element „{ $token }“ in Reihe { $rank } (ein Feld ist '.' oder G/R, gefolgt von 1–9 oder X)
nuba-code-to-move = das Zugrecht muss g oder r sein, gefunden: „{ $found }“
nuba-code-hand-prefix = der { $colour-id ->
    [nuba-colour-green] grüne
   *[other] rote
} Vorrat muss als { $letter }:<Steine> oder { $letter }:- geschrieben sein, gefunden: „{ $text }“
nuba-code-hand = der { $colour-id ->
    [nuba-colour-green] grüne
   *[other] rote
} Vorrat „{ $text }“ muss Steine 1–9 und X aufzählen oder - sein
nuba-code-hand-order = der { $colour-id ->
    [nuba-colour-green] grüne
   *[other] rote
} Vorrat „{ $text }“ ist nicht in kanonischer Reihenfolge (aufsteigend, X zuletzt)
nuba-code-musician = der Musiker muss ein Stein wie G7 sein oder -, gefunden: „{ $found }“
nuba-code-two-musicians = „{ $found }“ nennt mehr als einen Musiker: Auf dem Musikerfeld steht nur ein Stein
nuba-code-champion-musician = { $piece } kann nicht Musiker sein: Ein Champion, der ankommt, gewinnt stattdessen
nuba-code-duplicate = { $piece } kommt mehr als einmal vor (Brett, Vorräte und Musikerfeld enthalten jeden Stein höchstens einmal)
nuba-code-on-goal-row = { $piece } auf { $square }: Jeder Stein außer dem Champion verlässt das Brett, wenn er die Grundlinie von { $other-id ->
    [nuba-colour-green] Grün
   *[other] Rot
} erreicht
nuba-code-two-champions-arrived = beide Champions stehen auf der Grundlinie des Gegners: Wer zuerst ankommt, beendet die Partie
nuba-code-off-home-rows = { $piece } auf { $square }, während noch Steine im Vorrat sind: Nichts zieht, bevor alle Steine gesetzt sind
nuba-code-early-musician = ein Musiker ({ $piece }), während noch Steine im Vorrat sind: Nichts zieht, bevor alle Steine gesetzt sind
