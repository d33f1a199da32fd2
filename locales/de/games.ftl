### Spiele: die Wörter, die alle Spiele teilen. Absagen des Spieleverzeichnisses
### (unbekanntes Spiel, Regeloptionen, Stellungscodes, gespeicherte Partien, die sich
### nicht nachspielen lassen), die kleinen Wörter der Zugbeschriftungen, Brettbilder
### und Terminal-Diagramme, und Ergebnisse. Die eigenen Wörter jedes Spiels stehen in
### seiner Datei (kuba.ftl, kewbz.ftl, cabale.ftl, nuba.ftl).
###
### Glossar (diese Wörter überall gleich verwenden):
###   rule options   Regeloptionen: die Optionen, mit denen eine Partie angelegt wird,
###                  als JSON ({"size":10}); Optionsnamen (size, players …) sind
###                  JSON-Schlüssel und bleiben englisch
###   position code  Stellungscode: der Text, der eine Stellung beschreibt
###   field (of a code) Abschnitt (eines Stellungscodes: Brett, Zugrecht …)
###   to-move        Zugrecht (der Abschnitt, der sagt, wer am Zug ist)
###   seat           Platz: der Platz eines Spielers in der Zugfolge, nach seiner Farbe
###                  benannt
###   move           Zug, in der Notation des Projekts (a7-S, d4>e5, A3>C3>C2, X@c2),
###                  in jeder Sprache gleich
###   square / cell  Feld; rank / row Reihe; file Spalte
###   draw           Remis
###
### Variablen: $seat kommt als Farbe eines Platzes („Weiß“); $game als Name eines
### Spiels („Kuba“); $reason als ganze Wendung aus der Datei eines Spiels (klein
### beginnend; nach einem Doppelpunkt als { CAPITALIZE($reason) }, groß, außer wenn sie
### mit Notation wie d4 beginnt); $move, $text, $key, $code, $given, $name, $options und $games so, wie
### sie getippt oder notiert werden (nie übersetzt).

## Move labels and the picture's panel

# The move as the notation writes it: the first part of a label (a7-S).
game-move = { $move }
# The panel's line about the last move starts with it: zuletzt: a7-S · schiebt 2 Kugeln
game-view-last = zuletzt: { $move }
# After a capture the same seat moves again (Kuba).
game-view-again = { $seat } zieht noch einmal
# Counter values on the panel: score 12, reds 3/7, hand 139X.
game-view-number = { $n }
game-view-fraction = { $n }/{ $of }
game-view-text = { $text }

## Results

game-result-draw = Remis: { CAPITALIZE($reason) }
game-result-win = { $seat } gewinnt: { CAPITALIZE($reason) }
game-result-shared = { $seats } teilen sich den Sieg: { CAPITALIZE($reason) }
# Seats that share a win, two at a time: Gelb und Rot (und Grün …).
game-and = { $first } und { $second }

## Terminal diagrams

game-diagram-to-move = { $seat } ist am Zug
game-diagram-over = Partie beendet: { CAPITALIZE($reason) }

## Refusals

game-unknown-game = unbekanntes Spiel „{ $name }“ (Spiele: { $games })
game-bad-code = ungültiger Stellungscode: { CAPITALIZE($reason) }
game-code-conflict = laut Stellungscode ist { $key } { $code }, laut Regeloptionen aber { $given }
game-settings-not-json = die Regeloptionen müssen JSON sein, etwa {"{"}"size":10{"}"}, nicht „{ $text }“
game-settings-not-object = die Regeloptionen müssen ein JSON-Objekt sein, etwa {"{"}"size":10{"}"}, nicht { $text }
game-settings-none = { $game } hat keine Regeloptionen („{ $key }“ wurde angegeben)
game-settings-unknown = { $game } hat keine Option „{ $key }“ (seine Optionen: { $options })
game-settings-bad-option = { $game }, Option „{ $key }“: { CAPITALIZE($reason) }
game-settings-invalid = { $game }: { CAPITALIZE($reason) }
# A JSON value of the wrong kind, in the words of the JSON reader (English only).
game-settings-value = { $reason }
game-other-game = das ist ein Zug in { $move-game }, nicht in { $game }
# A stored or typed game whose move number $ply does not replay.
game-replay-malformed = Zug { $ply } „{ $text }“: fehlerhaft: { CAPITALIZE($reason) }
game-replay-illegal = Zug { $ply } „{ $text }“: nicht erlaubt: { CAPITALIZE($reason) }
game-replay-other-game = Zug { $ply } „{ $text }“: { CAPITALIZE($reason) }
