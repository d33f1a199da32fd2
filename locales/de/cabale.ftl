### Cabale: Absagen von Zügen, Stellungscodes und Regeloptionen, Gründe für das Ende,
### Zugbeschriftungen und die Wörter von Bild und Diagramm.
###
### Glossar (diese Wörter überall gleich verwenden). Cabale ist ein deutsches Spiel
### (Roland Siegers, Goldsieber 1999, Neuauflage von „Winkeladvokat“, Schmidt 1986);
### die Wörter folgen dem deutschen Spielmaterial und seinen Besprechungen
### (Läufer, Punktestein, Doppelstein, Blockade, Felderkante, schlagen, überspringen,
### abbiegen):
###   cell        Feld: eines der 61 Sechsecke (A1 … I9), jedes mit einem Wert bedruckt
###   runner      Läufer: die Figur, die einen Weg zieht: geradeaus, einmal abbiegen,
###               geradeaus
###   turn        Zug: der Weg des Läufers, der Stein, den er zurücklässt, seine Schläge
###               und seine Blockade; to turn (abbiegen) nur für das Abknicken des Wegs
###   block       Stein (Punktestein): bleibt dort liegen, wo der Läufer abgebogen ist
###   double      Doppelstein: zwei gestapelte Steine, zählt das Feld doppelt
###   capture     schlagen: ein Stein überspringt einen gegnerischen Stein und nimmt ihn
###   blockade    Blockade: eine Wand auf der Kante zwischen zwei Feldern, über die
###               nichts hinweggeht; auch im Stellungscode (walls: „gesetzte
###               Blockaden“, nie „Mauern“)
###   edge        Kante: die Grenze zwischen zwei benachbarten Feldern (D4|D5); der
###               Brettrand heißt Rand, seine Felder Randfelder
###   leave       ausscheiden: ein Platz verlässt die Partie auf dem letzten Rang, die
###               anderen spielen weiter
###   supply      Vorrat
###   boxed in    eingeschlossen: ein Läufer, der nicht ziehen kann
###   house rule  Hausregel
###
### Variablen: $cell, $to, $from, $first, $second, $given, $runner, $edge, $edges,
### $text, $after, $found, $row, $symbol, $letter und $letters wie notiert oder
### getippt; $seat kommt als Name eines Platzes (cabale-seat-…) mit $seat-id; $field
### als Abschnitt des Stellungscodes (cabale-field-…); $expected als das Erwartete
### (cabale-expected-…); $runner im Diagramm als Wendung (cabale-diagram-runner-…).

cabale-title = Cabale

## Seats

cabale-seat-yellow = Gelb
cabale-seat-red = Rot
cabale-seat-green = Grün
cabale-seat-blue = Blau

## Move labels: what a move did (A3>C3>C2 · Doppelstein auf C3 (6) · Blockade D4|D5)

cabale-label-runner-starts = Läufer startet auf { $cell }
cabale-label-leaves = { $seat } scheidet aus
cabale-label-block = Stein auf { $cell } ({ $value })
cabale-label-double = Doppelstein auf { $cell } ({ $value })
cabale-label-last-block = letzter Stein, Partie endet
cabale-label-takes = schlägt { $captures ->
    [one] 1 Stein
   *[other] { $captures } Steine
} (bis { $to }, { $value })
cabale-label-blockade = Blockade { $edge }
# A chat menu's runner path, before the block, captures and blockade are chosen.
cabale-label-turn-on = abbiegen auf { $cell } ({ $value })

## How a game ends

cabale-end-last-block = { $seat } hat den letzten Stein gesetzt
cabale-end-stuck = der Läufer von { $seat } kann nicht mehr ziehen
# House rule boxed_in:pass: every runner still playing is boxed in.
cabale-end-all-stuck = kein Läufer kann mehr ziehen
# On the picture's panel and under the diagram when the house rule is in force.
cabale-rules-boxed-in-pass = Hausregel: Ein eingeschlossener Läufer passt

## The picture and the diagram

cabale-view-score = Punkte
cabale-view-blocks = Steine
cabale-view-doubles = Doppelsteine
cabale-view-blockades = Blockaden
cabale-view-taken = geschlagen
cabale-view-taken-value = { $single } einfach, { $double } doppelt
cabale-view-placing = Die Läufer werden auf Randfelder gesetzt (keine Ecken)
cabale-diagram-blockades = Blockaden: { $edges }
cabale-diagram-no-blockades = Blockaden: keine
cabale-diagram-seat = { $seat } ({ $letter }): Läufer { $number } { $runner }; noch { $blocks ->
    [one] 1 Stein
   *[other] { $blocks } Steine
}, { $doubles ->
    [one] 1 Doppelstein
   *[other] { $doubles } Doppelsteine
}, { $blockades ->
    [one] 1 Blockade
   *[other] { $blockades } Blockaden
}; geschlagen: { $single } einfach, { $double } doppelt; { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
cabale-diagram-runner-on = auf { $cell }
cabale-diagram-runner-not-placed = nicht gesetzt
cabale-diagram-to-place = { $seat } setzt einen Läufer

## Text that is not a move

cabale-malformed-empty = leerer Zug: Schreib @A3, um den Läufer zu setzen, oder einen Zug wie A3>C3>C2
cabale-malformed-bad-cell = „{ $text }“ ist kein Feld des Bretts (Reihen A–I, z. B. A1–A5, E1–E9, I5–I9)
cabale-malformed-expected = nach „{ $after }“ wurde { $expected } erwartet, gefunden: „{ $found }“
cabale-malformed-not-neighbours = { $first } und { $second } sind keine Nachbarn: Eine Blockade kommt auf die Kante zwischen zwei benachbarten Feldern
cabale-expected-cell = ein Feld
cabale-expected-turn-cell = '>' und das Feld, auf dem der Läufer abbiegt
cabale-expected-stop-cell = '>' und das Feld, auf dem der Läufer stehen bleibt
cabale-expected-wall-cell = '|' und das zweite Feld der Blockadekante
cabale-expected-end = das Ende des Zugs
cabale-expected-turn-part = '+', 'x<Feld>', '#<Feld>|<Feld>' oder das Ende des Zugs

## A move that is not allowed

cabale-illegal-game-over = die Partie ist beendet
cabale-illegal-cannot-leave = ein Platz kann erst ausscheiden, wenn alle Läufer gesetzt sind, und nur, solange noch mindestens drei Plätze weiterspielen
cabale-illegal-place-runner-first = die Läufer werden noch gesetzt: { $seat } setzt zuerst einen Läufer, etwa mit @A3
cabale-illegal-runners-placed = alle Läufer stehen schon auf dem Brett: Zieh deinen mit einem Zug wie A3>C3>C2
cabale-illegal-start-on-corner = { $cell } ist eine Ecke: Läufer starten auf einem Randfeld, das keine Ecke ist
cabale-illegal-start-not-on-edge = { $cell } liegt nicht am Rand des Bretts: Läufer starten auf einem Randfeld
cabale-illegal-start-taken = auf { $cell } steht schon ein anderer Läufer
cabale-illegal-not-your-runner = dein Läufer steht auf { $runner }, nicht auf { $given }
cabale-illegal-not-straight = { $first } und { $second } liegen nicht auf einer Geraden: Der Läufer zieht geradeaus, biegt einmal ab und zieht geradeaus weiter
cabale-illegal-no-turn = der Läufer muss auf { $cell } abbiegen: Geradeaus weiterziehen ist kein Abbiegen
cabale-illegal-turns-back = der Läufer darf auf { $cell } nicht in die Richtung abbiegen, aus der er kam
cabale-illegal-sharp-turn = auf { $cell } wäre das eine spitze Kurve (120°), und die erlauben diese Regeloptionen nicht
cabale-illegal-occupied = der Läufer kann nicht auf { $cell } ziehen: Das Feld ist nicht frei
cabale-illegal-crosses-blockade = der Läufer kann die Blockade auf { $edge } nicht überqueren
cabale-illegal-no-doubles-left = du hast schon alle deine Doppelsteine gebaut
cabale-illegal-no-block-for-double = ein Doppelstein braucht zwei Steine, und du hast nur noch einen
cabale-illegal-after-last-block = dein letzter Stein beendet die Partie sofort: Danach darfst du weder schlagen noch eine Blockade setzen
cabale-illegal-jump-not-straight = der Stein auf { $from } kann nicht auf { $to } landen: Ein Sprung geht über ein Nachbarfeld auf das Feld direkt dahinter
cabale-illegal-jump-changes-direction = der Sprung nach { $cell } verlässt die Linie: Weitere Schläge gehen in dieselbe Richtung
cabale-illegal-nothing-to-capture = auf { $cell } steht kein gegnerischer Stein, den du schlagen könntest
cabale-illegal-landing-occupied = der Stein kann nicht auf { $cell } landen: Das Feld ist nicht frei
cabale-illegal-jump-blocked = der Stein kann nicht über die Blockade auf { $edge } springen
cabale-illegal-no-blockades-left = du hast keine Blockaden mehr
cabale-illegal-already-walled = auf { $edge } steht schon eine Blockade
cabale-illegal-edge-not-allowed = diese Regeloptionen erlauben keine Blockade auf { $edge }

## A position code that is refused

cabale-field-supplies = Vorräte
cabale-field-doubles = Doppelsteine
cabale-field-blockades = Blockaden
cabale-field-captures = Schläge
# Instead of a seat: the blocks of all seats counted together.
cabale-code-every-seat = alle Plätze zusammen
cabale-code-fields = 7 Abschnitte erwartet (Brett, Zugrecht, Vorräte, Doppelsteine, Blockaden, Schläge, gesetzte Blockaden) oder 8 mit den ausgeschiedenen Plätzen, { $n } gefunden
cabale-code-players = der Abschnitt „Vorräte“ hat { $n ->
    [one] 1 Eintrag
   *[other] { $n } Einträge
}, Cabale ist aber für 2 bis 4 Spieler
cabale-code-entries = der Abschnitt „{ $field }“ hat { $found ->
    [one] 1 Eintrag
   *[other] { $found } Einträge
}, erwartet ist einer pro Platz ({ $expected })
cabale-code-counter = der Abschnitt „{ $field }“ hat einen ungültigen Zähler „{ $text }“
cabale-code-counter-too-high = der Zähler „{ $field }“ von { $seat } steht auf { $value }, über seinem Startwert { $max }
cabale-code-rows = 9 Reihen erwartet, getrennt durch '/', { $n } gefunden
cabale-code-row-length = Reihe { $row } hat { $found ->
    [one] 1 Feld
   *[other] { $found } Felder
}, erwartet sind { $expected }
cabale-code-symbol = unbekanntes Zeichen '{ $symbol }' in Reihe { $row } (erlaubt: . y r g b Y R G B 1 2 3 4)
cabale-code-seat-not-in-game = '{ $symbol }' in Reihe { $row } gehört zu einem Platz, den es in einer Partie mit { $players } Spielern nicht gibt
cabale-code-duplicate-runner = der Läufer { $runner } steht mehr als einmal auf dem Brett
cabale-code-to-move = das Zugrecht muss einer der Buchstaben { $letters } sein, gefunden: „{ $found }“
cabale-code-captures = die Schläge müssen pro Platz als <einfach>.<doppelt> angegeben sein, etwa 0.0-2.1, gefunden: „{ $found }“
cabale-code-left = die ausgeschiedenen Plätze müssen Buchstaben von Plätzen der Partie sein, in der Zugfolge, höchstens alle bis auf zwei, nicht der Platz am Zug, und erst nach dem Setzen der Läufer; gefunden: „{ $found }“
cabale-code-walls = die gesetzten Blockaden müssen '-' sein oder Kanten wie D4|D5,E5|E6, gefunden: „{ $found }“
cabale-code-wall-order = jede gesetzte Blockade darf nur einmal vorkommen, in der Reihenfolge des Bretts: „{ $found }“ steht an der falschen Stelle
cabale-code-placement = die Läufer werden in der Zugfolge gesetzt: Bei { $placed } gesetzten Läufern ist { $seat } am Zug, und spätere Läufer stehen noch nicht auf dem Brett
cabale-code-pieces-during-placement = solange die Läufer noch gesetzt werden, dürfen keine Steine und keine Blockaden auf dem Brett sein
cabale-code-too-many-blocks = { $seat-id ->
    [cabale-code-every-seat] alle Plätze zusammen haben { $count } Steine auf dem Brett, im Vorrat und bei anderen geschlagen, beginnen aber mit { $max }
   *[other] { $seat } hat { $count ->
        [one] 1 Stein
       *[other] { $count } Steine
    } auf dem Brett, im Vorrat und bei anderen geschlagen, beginnt aber mit { $max }
}
cabale-code-too-many-doubles = { $seat-id ->
    [cabale-code-every-seat] alle Plätze zusammen haben { $count ->
        [one] 1 Doppelstein
       *[other] { $count } Doppelsteine
    } auf dem Brett, noch zu bauen und bei anderen geschlagen, dürfen aber nur { $max } bauen
   *[other] { $seat } hat { $count ->
        [one] 1 Doppelstein
       *[other] { $count } Doppelsteine
    } auf dem Brett, noch zu bauen und bei anderen geschlagen, darf aber nur { $max } bauen
}
cabale-code-too-many-blockades = { $on-board ->
    [one] 1 Blockade
   *[other] { $on-board } Blockaden
} auf dem Brett und { $left } übrig, das Spiel hat aber nur { $max }

## Rule options that are refused

cabale-option-players = Cabale ist für 2 bis 4 Spieler, nicht für { $n }
cabale-option-edge = „{ $text }“ ist keine Kante zwischen zwei benachbarten Feldern (etwa D4|D5)
