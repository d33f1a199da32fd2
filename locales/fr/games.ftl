### Jeux : les mots communs à tous les jeux. Refus du registre des jeux (jeu inconnu,
### options de règles, codes de position, parties enregistrées qui ne se rejouent
### pas), petits mots des libellés de coups, des images du plateau et des diagrammes
### du terminal, et résultats. Les mots propres à chaque jeu sont dans son fichier
### (kuba.ftl, kewbz.ftl, cabale.ftl, nuba.ftl).
###
### Glossaire (garder ces mots partout) :
###   rule options    options de règles : celles avec lesquelles une partie est créée,
###                   écrites en JSON ({"size":10}) ; les noms d’options (size,
###                   players …) sont des clés JSON et restent en anglais
###   position code   code de position : le texte qui décrit une position
###                   (docs/notation.md)
###   seat            camp : la place d’un joueur dans l’ordre de jeu, nommé par sa
###                   couleur, avec une majuscule et sans article (Blanc, Jaune)
###   move            coup, dans la notation du projet (a7-S, d4>e5, A3>C3>C2, X@c2),
###                   la même dans toutes les langues
###   to move         au trait / au tour de ; champ « to-move » d’un code : le trait
###   square / cell   case (féminin : « d4 est occupée ») ; rank : rangée ; file : colonne
###
### Variables : $seat arrive écrit comme la couleur d’un camp (« Blanc ») ; $game
### comme le nom d’un jeu (« Kuba ») ; $reason comme une phrase entière d’un fichier
### de jeu ; $move, $text, $key, $code, $given, $name, $options et $games tels que
### tapés ou écrits par la notation (jamais traduits).

## Move labels and the picture's panel

# The move as the notation writes it: the first part of a label (a7-S).
game-move = { $move }
# The panel's line about the last move starts with it: dernier coup : a7-S · pousse 2 billes
game-view-last = dernier coup : { $move }
# After a capture the same seat moves again (Kuba).
game-view-again = { $seat } rejoue
# Counter values on the panel: score 12, rouges 3/7, en main 139X.
game-view-number = { $n }
game-view-fraction = { $n }/{ $of }
game-view-text = { $text }

## Results

game-result-draw = Nulle : { $reason }
game-result-win = { $seat } gagne : { $reason }
game-result-shared = { $seats } se partagent la victoire : { $reason }
# Seats that share a win, two at a time: Jaune et Rouge (et Vert …).
game-and = { $first } et { $second }

## Terminal diagrams

game-diagram-to-move = Au tour de { $seat }
game-diagram-over = Partie terminée : { $reason }

## Refusals

game-unknown-game = jeu inconnu « { $name } » (jeux : { $games })
game-bad-code = code de position incorrect : { $reason }
game-code-conflict = le code de position indique { $key } { $code }, mais les options de règles indiquent { $given }
game-settings-not-json = les options de règles doivent être du JSON comme {"{"}"size":10{"}"}, pas « { $text } »
game-settings-not-object = les options de règles doivent être un objet JSON comme {"{"}"size":10{"}"}, pas { $text }
game-settings-none = { $game } n’a pas d’options de règles (reçu : « { $key } »)
game-settings-unknown = { $game } n’a pas d’option « { $key } » (ses options : { $options })
game-settings-bad-option = { $game }, option « { $key } » : { $reason }
game-settings-invalid = { $game } : { $reason }
# A JSON value of the wrong kind, in the words of the JSON reader (English only).
game-settings-value = { $reason }
game-other-game = c’est un coup de { $move-game }, pas de { $game }
# A stored or typed game whose move number $ply does not replay.
game-replay-malformed = coup { $ply } « { $text } » : mal écrit : { $reason }
game-replay-illegal = coup { $ply } « { $text } » : interdit : { $reason }
game-replay-other-game = coup { $ply } « { $text } » : { $reason }
