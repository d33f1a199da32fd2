### Kuba (Traboulet): Absagen von Zügen und Stellungscodes, Gründe für das Ende,
### Zugbeschriftungen und die Wörter von Bild und Diagramm.
###
### Glossar (diese Wörter überall gleich verwenden). Die Regeln gibt es auf Englisch,
### Französisch und Spanisch, nicht auf Deutsch; die Wörter folgen der englischen
### Regel („push“, „conquer“) in schlichtem Deutsch:
###   marble        Kugel; jeder hat 8 in seiner Farbe (weiß oder schwarz)
###   red           rote Kugel, kurz: Rote (13 neutrale; wer 7 hinausschiebt, gewinnt)
###   push          schieben; ein Zug: eine Kugel rückt ein Feld vor und schiebt die
###                 Reihe vor ihr mit
###   push off      hinausschieben: eine Kugel über den Rand vom Brett schieben
###   taken         erobert (so nennt die Regel eine hinausgeschobene Kugel)
###   ban           Sperre: der Zug, der den letzten Zug des Gegners rückgängig machen
###                 würde, ist für einen Zug gesperrt
###   extra push    Zusatzzug: das erneute Schieben, das eine Eroberung (eine rote oder
###                 gegnerische Kugel hinausgeschoben) einbringt; darauf verzichten mit pass
###   house rule    Hausregel
###   repetition    Wiederholung (dieselbe Stellung zum dritten Mal: remis)
###   N, E, S, W    Richtungen in der Notation (d2-N) bleiben englische Buchstaben; in
###                 Sätzen: Norden, Osten, Süden, Westen
###
### Variablen: $square, $from, $behind, $push, $text, $symbol, $run und $found wie
### notiert oder getippt; $colour, $owner, $winner, $loser, $mover und $other kommen
### als kleingeschriebenes Farbadjektiv (kuba-colour-…) mit $colour-id usw.: Die
### Nachrichten wählen über die ID die passende Form (weiße Kugel, Weiß hat …);
### $seat als Name eines Platzes (kuba-seat-…); $dir als Richtung (kuba-dir-…).

kuba-title = Kuba

## Colours, seats and directions

kuba-colour-white = weiß
kuba-colour-black = schwarz
kuba-seat-white = Weiß
kuba-seat-black = Schwarz
kuba-dir-n = Norden
kuba-dir-e = Osten
kuba-dir-s = Süden
kuba-dir-w = Westen

## Move labels: what a push did (a7-S · schiebt 2 Kugeln · erobert eine Rote)

kuba-label-pushes = schiebt { $n ->
    [one] 1 Kugel
   *[other] { $n } Kugeln
}
kuba-label-takes-seventh-red = erobert die 7. Rote und gewinnt
kuba-label-takes-red = erobert eine Rote
kuba-label-takes-last-marble = erobert die letzte gegnerische Kugel und gewinnt
kuba-label-takes-marble = erobert eine { $colour-id ->
    [kuba-colour-white] weiße
   *[other] schwarze
} Kugel
# The move "pass": the player who has just captured does not push again.
kuba-label-declines-extra-push = verzichtet auf den Zusatzzug

## How a game ends

kuba-end-seven-reds = { $colour-id ->
    [kuba-colour-white] Weiß
   *[other] Schwarz
} hat 7 rote Kugeln hinausgeschoben
kuba-end-all-marbles = { $winner-id ->
    [kuba-colour-white] Weiß
   *[other] Schwarz
} hat alle { $loser-id ->
    [kuba-colour-white] weißen
   *[other] schwarzen
} Kugeln hinausgeschoben
kuba-end-no-push = { $mover-id ->
    [kuba-colour-white] Weiß
   *[other] Schwarz
} hat keinen erlaubten Zug mehr
# House rule repetition:draw: the game is drawn.
kuba-end-repetition = dieselbe Stellung ist zum dritten Mal entstanden

## The picture and the diagram

kuba-view-reds = Rote
kuba-view-taken = erobert
kuba-view-ban = { $seat } darf { $push } nicht spielen
kuba-diagram-seat = { $seat } hat { $reds } Rote und { $taken ->
    [one] 1 { $other-id ->
        [kuba-colour-white] weiße
       *[other] schwarze
    } Kugel
   *[other] { $taken } { $other-id ->
        [kuba-colour-white] weiße
       *[other] schwarze
    } Kugeln
} erobert
kuba-diagram-to-move-ban = { $seat } ist am Zug (darf { $push } nicht spielen)
# After a capture under the house rule extra_push:optional; "pass" is the move as typed.
kuba-diagram-to-move-extra = { $seat } ist am Zug (darf noch einmal schieben oder pass spielen)
kuba-view-extra = { $seat } darf noch einmal schieben oder pass spielen

## The house rules in force, on the picture's panel and under the diagram

kuba-rules-extra-optional = Hausregel: Auf den Zusatzzug darf man verzichten
kuba-rules-repetition-draw = Hausregel: Dreifache Wiederholung ist remis
kuba-rules-both = Hausregeln: Auf den Zusatzzug darf man verzichten, dreifache Wiederholung ist remis

## Text that is not a push

kuba-malformed-empty = leerer Zug: Schreib ein Feld und eine Richtung, etwa d2-N
kuba-malformed-bad-square = „{ $text }“ ist kein Feld des 7×7-Bretts (Spalten a–g, Reihen 1–7)
kuba-malformed-bad-direction = „{ $text }“ ist keine Richtung: Nimm N, E, S oder W (oder ein Zielfeld)
kuba-malformed-not-adjacent = { $from } und { $to } sind keine Nachbarn: Ein Zug schiebt eine Kugel genau ein Feld weit
kuba-malformed-missing-direction = „{ $text }“ hat keine Richtung: Schreib den Zug etwa als d2-N

## A push that is not allowed

kuba-illegal-game-over = die Partie ist beendet
kuba-illegal-empty = auf { $square } liegt keine Kugel
kuba-illegal-red = auf { $square } liegt eine rote Kugel: Schieben darfst du nur deine eigenen Kugeln
kuba-illegal-not-yours = auf { $square } liegt eine { $owner-id ->
    [kuba-colour-white] weiße Kugel, aber Weiß
   *[other] schwarze Kugel, aber Schwarz
} ist nicht am Zug
kuba-illegal-no-access = die Kugel auf { $from } kann nicht nach { $dir } geschoben werden: Das Feld dahinter, { $behind }, ist nicht frei
kuba-illegal-own-marble-off = damit würdest du deine eigene Kugel vom Brett schieben
kuba-illegal-banned = { $push } ist gerade gesperrt: Damit würdest du den letzten Zug des Gegners genau zurückschieben
kuba-illegal-pass-mandatory = der Zusatzzug nach einer Eroberung ist in dieser Partie Pflicht: Du kannst nicht darauf verzichten
kuba-illegal-nothing-to-decline = es gibt keinen Zusatzzug, auf den du verzichten könntest: Passen (pass) geht nur direkt nach einer Eroberung

## A position code that is refused

kuba-code-fields = 4 Abschnitte erwartet (Brett, Zugrecht, Rote, Sperre), { $n } gefunden
kuba-code-rows = 7 Reihen erwartet, getrennt durch '/', { $n } gefunden
kuba-code-row-length = Reihe { $rank } beschreibt { $squares ->
    [one] 1 Feld
   *[other] { $squares } Felder
}, erwartet sind 7
kuba-code-symbol = unbekanntes Zeichen '{ $symbol }' in Reihe { $rank } (erlaubt: W, B, R und die Ziffern 1–7)
kuba-code-run = nicht kanonische Folge leerer Felder „{ $run }“ in Reihe { $rank }
kuba-code-to-move = das Zugrecht muss w oder b sein, gefunden: „{ $found }“
kuba-code-reds = die Roten müssen als <von Weiß>-<von Schwarz> gezählt sein, etwa 0-0, gefunden: „{ $found }“
kuba-code-too-many = { $count } { $colour-id ->
    [kuba-colour-white] weiße
   *[other] schwarze
} Kugeln auf dem Brett, das Spiel hat nur 8
kuba-code-too-many-reds = { $on-board ->
    [one] 1 rote Kugel
   *[other] { $on-board } rote Kugeln
} auf dem Brett und { $captured } erobert, das Spiel hat nur 13
kuba-code-ban = die Sperre muss ein Zug wie d4-W sein oder -, gefunden: „{ $found }“
kuba-code-needs-optional-extra-push = ein + im Abschnitt „Sperre“ steht für einen Zusatzzug, auf den man verzichten darf: Der Code braucht extra_push:optional
kuba-code-ban-not-mover = die Sperre nennt { $square }, dort liegt aber keine { $colour-id ->
    [kuba-colour-white] weiße Kugel, und Weiß
   *[other] schwarze Kugel, und Schwarz
} ist am Zug
