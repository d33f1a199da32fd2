### Kewbz: Absagen von Zügen, Stellungscodes und Regeloptionen, Gründe für das Ende,
### Zugbeschriftungen und die Wörter von Bild und Diagramm.
###
### Glossar (diese Wörter überall gleich verwenden). Die Wörter stammen aus dem
### deutschen Teil der Kewbz-Regel (Family Games America): Würfel, ECKE, DOPPEL-ECKE,
### TURM, erweitern, Blau, Gelb, Spielbrett; hier in normaler Schreibung:
###   cube        Würfel: ein Spielstein; jeder hat einen Vorrat in seiner Farbe
###               (blau oder gelb)
###   place       setzen: ein Würfel kommt auf ein freies Feld neben einem Würfel
###   corner      Ecke: drei Würfel im Winkel (L); zwei auf einmal: Doppelecke
###   extension   Erweiterung: ein Würfel, der eine bestehende Ecke verlängert (erweitern)
###   vertex      Eckwürfel: der Würfel im Knick einer Ecke; auf ihn werden die
###               gewonnenen Würfel gestapelt
###   tower       Turm: ein Stapel auf einem Eckwürfel, höchstens 5 hoch; er gehört
###               der Farbe, die oben liegt
###   supply      Vorrat: die Würfel, die jemand noch setzen oder stapeln kann
###   2×2 block   2×2-Quadrat (verboten)
###   earns       bringt (ein Zug bringt Würfel zum Stapeln)
###
### Variablen: $square, $vertex, $corner, $opposite, $example, $text, $symbol, $run
### und $found wie notiert oder getippt; $colour kommt als kleines Farbadjektiv
### (kewbz-colour-…) mit $colour-id, über die die Nachrichten „Blau“/„Gelb“ wählen;
### $seat als Name eines Platzes (kewbz-seat-…); $what als Wendung aus Ecken und
### Erweiterungen (kewbz-label-corners …).

kewbz-title = Kewbz

## Colours and seats

kewbz-colour-blue = blau
kewbz-colour-yellow = gelb
kewbz-seat-blue = Blau
kewbz-seat-yellow = Gelb

## Move labels: what a placement did (d5 · Ecke an d4 +1 · Turm d4 ×2)

kewbz-label-corners = { $n ->
    [1] Ecke
    [2] Doppelecke
   *[other] { $n } Ecken
}
kewbz-label-extensions = { $n ->
    [1] Erweiterung
   *[other] { $n } Erweiterungen
}
kewbz-label-both = { $corners } + { $extensions }
kewbz-label-growth = { $what } an { $vertex } +{ $stacked }
kewbz-label-tower-full = Turm { $vertex } voll
kewbz-label-tower = Turm { $vertex } ×{ $height }
kewbz-label-last-cube = letzter Würfel
# A chat menu's square where the player must choose where their last cubes go.
kewbz-label-earns = bringt { $earned ->
    [one] 1 Würfel
   *[other] { $earned } Würfel
}, { $left } übrig: Wähle, wohin { $left ->
    [one] er kommt
   *[other] sie kommen
}

## How a game ends, with the final scores

kewbz-end-last-cube = { $colour-id ->
    [kewbz-colour-blue] Blau
   *[other] Gelb
} hat den letzten Würfel gesetzt; Blau { $blue }, Gelb { $yellow }
kewbz-end-no-cubes = { $colour-id ->
    [kewbz-colour-blue] Blau
   *[other] Gelb
} hat keine Würfel mehr; Blau { $blue }, Gelb { $yellow }
kewbz-end-blocked = nirgends kann noch ein Würfel gesetzt werden; Blau { $blue }, Gelb { $yellow }

## The picture and the diagram

kewbz-view-cubes-left = Würfel übrig
kewbz-view-score = Punkte
kewbz-diagram-seat = { $seat }: { $cubes } Würfel übrig, Punktestand { $score }

## Text that is not a placement

kewbz-malformed-empty = leerer Zug: Schreib das Feld, auf das dein Würfel kommt, etwa d4
kewbz-malformed-bad-square = „{ $text }“ ist kein Feld: Schreib einen Buchstaben für die Spalte und eine Zahl für die Reihe, etwa d4
kewbz-malformed-bad-vertex = „{ $text }“ nach '>' ist kein Feld: Zähl die Eckwürfel so auf: d4>e5,f6
kewbz-malformed-empty-choice = nichts nach '>': Zähl die Eckwürfel auf, die deine Würfel bekommen, etwa d4>e5,f6

## A placement that is not allowed

kewbz-illegal-game-over = die Partie ist beendet
kewbz-illegal-off-board = { $square } liegt außerhalb des { $size }×{ $size }-Bretts
kewbz-illegal-occupied = { $square } ist besetzt: Würfel werden auf freie Felder gesetzt
kewbz-illegal-not-adjacent = { $square } berührt keinen Würfel: Setz neben einen Würfel auf dem Brett (diagonal zählt auch)
kewbz-illegal-block = { $square } würde ein 2×2-Quadrat aus Würfeln schließen ({ $corner } bis { $opposite })
kewbz-illegal-nothing-earned = { $square } bringt keinen Würfel, es gibt also nichts zu wählen: Schreib den Zug ohne '>'
kewbz-illegal-last-cube = mit { $square } setzt du deinen letzten Würfel, zum Stapeln bleibt also keiner: Schreib den Zug ohne '>'
kewbz-illegal-enough = { $square } bringt { $earned ->
    [one] 1 Würfel
   *[other] { $earned } Würfel
}, und du hast noch { $left }, genug für alle: Schreib den Zug ohne '>'
kewbz-illegal-not-earning = { $vertex } bekommt keinen Würfel, wenn der Würfel auf { $square } kommt
kewbz-illegal-too-many = { $vertex } ist { $named }-mal genannt, bekommt aber nur { $earned }
kewbz-illegal-wrong-count = die '>'-Liste nennt { $named ->
    [one] 1 Würfel
   *[other] { $named } Würfel
}, aber du hast noch { $left } zum Stapeln: Nenne genau { $left }
kewbz-illegal-choice-needed = { $square } bringt { $earned ->
    [one] 1 Würfel
   *[other] { $earned } Würfel
}, aber du hast nur noch { $left }: Wähle, wohin sie kommen, etwa { $example }

## A position code that is refused

kewbz-code-fields = 3 Abschnitte erwartet (Brett, Zugrecht, Vorräte), { $n } gefunden
kewbz-code-size = das Brett hat { $n ->
    [one] 1 Reihe
   *[other] { $n } Reihen
}: Möglich sind Bretter mit { $min } bis { $max } Reihen
kewbz-code-row-length = Reihe { $rank } beschreibt { $cells ->
    [one] 1 Feld
   *[other] { $cells } Felder
}, das Brett ist aber { $size } Felder breit
kewbz-code-not-square = das Brett ist nicht quadratisch: { $rows ->
    [one] 1 Reihe
   *[other] { $rows } Reihen
} mit je { $columns ->
    [one] 1 Feld
   *[other] { $columns } Feldern
}
kewbz-code-symbol = unbekanntes Zeichen '{ $symbol }' in Reihe { $rank } (erlaubt: b, y, Stapel in (…) und Ziffern)
kewbz-code-run = nicht kanonische Folge leerer Felder „{ $run }“ in Reihe { $rank } (schreib 10 als 91)
kewbz-code-stack = ungültiger Stapel „{ $text }“ in Reihe { $rank }: Schreib 2 bis 5 Würfel von unten nach oben, etwa (byb)
kewbz-code-too-high = der Stapel auf { $square } hat { $height } Würfel: Türme sind höchstens 5 hoch
kewbz-code-block = die Felder { $corner } bis { $opposite } bilden ein 2×2-Quadrat, und das erlauben die Regeln nie
kewbz-code-to-move = das Zugrecht muss b oder y sein, gefunden: „{ $found }“
kewbz-code-supplies = die Vorräte müssen als <von Blau>-<von Gelb> angegeben sein, etwa 32-32, gefunden: „{ $found }“
kewbz-code-supply-above = { $colour-id ->
    [kewbz-colour-blue] Blau
   *[other] Gelb
} hat noch { $supply } Würfel, das Spiel gibt aber jedem nur { $cubes }
kewbz-code-too-many-cubes = { $colour-id ->
    [kewbz-colour-blue] Blau
   *[other] Gelb
} hat { $on-board } Würfel auf dem Brett und { $supply } im Vorrat, mehr als die { $cubes }, die das Spiel vorsieht

## Rule options that are refused

kewbz-option-size = Brettgröße { $n } geht nicht: Möglich sind { $min } bis { $max }
kewbz-option-cubes = { $n } Würfel pro Spieler { $n ->
    [one] geht
   *[other] gehen
} nicht: Möglich sind 1 bis { $max }
