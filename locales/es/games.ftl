### Juegos: las palabras que comparten todos los juegos. Negativas del registro de
### juegos (un juego desconocido, opciones de reglas, códigos de posición, partidas
### guardadas que no se pueden reproducir), las palabras pequeñas de las etiquetas de
### jugadas, las imágenes del tablero, los diagramas de terminal y los resultados.
### Las palabras propias de cada juego están en su archivo (kuba.ftl, kewbz.ftl,
### cabale.ftl, nuba.ftl).
###
### Glosario (mantener estas palabras en todo el catálogo):
###   opciones de reglas   rule options: las opciones con que se crea una partida,
###                        escritas en JSON ({"size":10}); los nombres de opción
###                        (size, players …) son claves JSON y siguen en inglés
###   código de posición   position code: el texto que describe una posición
###   jugador              seat: el lugar en el orden de juego, nombrado por su color
###                        (Blanco, Azul, Verde …: nombres propios, en mayúscula)
###   jugada               move: en la notación del proyecto (a7-S, d4>e5, A3>C3>C2,
###                        X@c2), igual en todos los idiomas
###   casilla              square / cell: un espacio del tablero
###   tablero              board
###   empate               draw
###
### Variables: $seat llega como nombre del color de un jugador ("Blanco"); $game como
### nombre de un juego ("Kuba"); $reason como frase entera del archivo de un juego;
### $move, $text, $key, $code, $given, $name, $options y $games tal como se
### escribieron o como los escribe la notación (no se traducen).

## Move labels and the picture's panel

# The move as the notation writes it: the first part of a label (a7-S).
game-move = { $move }
# The panel's line about the last move starts with it: última: a7-S · empuja 2 canicas
game-view-last = última: { $move }
# After a capture the same seat moves again (Kuba).
game-view-again = { $seat } vuelve a jugar
# Counter values on the panel: puntos 12, rojas 3/7, mano 139X.
game-view-number = { $n }
game-view-fraction = { $n }/{ $of }
game-view-text = { $text }

## Results

game-result-draw = Empate: { $reason }
game-result-win = Gana { $seat }: { $reason }
game-result-shared = { $seats } comparten la victoria: { $reason }
# Seats that share a win, two at a time: Amarillo y Rojo (y Verde …).
game-and = { $first } y { $second }

## Terminal diagrams

game-diagram-to-move = Turno de { $seat }
game-diagram-over = Fin de la partida: { $reason }

## Refusals

game-unknown-game = juego desconocido "{ $name }" (juegos: { $games })
game-bad-code = código de posición incorrecto: { $reason }
game-code-conflict = el código de posición dice { $key } { $code }, pero las opciones de reglas dicen { $given }
game-settings-not-json = las opciones de reglas deben ir en JSON, como {"{"}"size":10{"}"}, no "{ $text }"
game-settings-not-object = las opciones de reglas deben ser un objeto JSON, como {"{"}"size":10{"}"}, no { $text }
game-settings-none = { $game } no tiene opciones de reglas (se ha indicado "{ $key }")
game-settings-unknown = { $game } no tiene la opción "{ $key }" (sus opciones: { $options })
game-settings-bad-option = { $game }, opción "{ $key }": { $reason }
game-settings-invalid = { $game }: { $reason }
# A JSON value of the wrong kind, in the words of the JSON reader (English only).
game-settings-value = { $reason }
game-other-game = esa jugada es de { $move-game }, no de { $game }
# A stored or typed game whose move number $ply does not replay.
game-replay-malformed = jugada { $ply } "{ $text }": mal escrita: { $reason }
game-replay-illegal = jugada { $ply } "{ $text }": ilegal: { $reason }
game-replay-other-game = jugada { $ply } "{ $text }": { $reason }
