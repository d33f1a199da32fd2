### Nuba: negativas de jugadas y códigos de posición, motivos de fin, etiquetas de
### jugadas y las palabras de su imagen y su diagrama.
###
### Glosario (mantener estas palabras en todo el catálogo; traducen las del reglamento
### neerlandés: steen, worstelaar, kampioen, muzikant, thuisveld, achterlinie):
###   ficha          piece (steen): una de las diez de cada jugador, luchadores 1–9 y el
###                  campeón X. Una ficha se nombra por su número en masculino: "el 7".
###   luchador       wrestler (worstelaar): una ficha 1–9; cuanto más bajo el número, más
###                  fuerte el luchador
###   campeón        champion (kampioen): la ficha X; captura y es capturada por cualquiera
###                  y gana al llegar
###   mano           hand: las fichas que un jugador aún no ha colocado
###   filas de casa  home rows (thuisveld): las dos filas donde un jugador coloca sus fichas
###   fila del fondo back row (achterlinie): la fila de casa del rival más lejana, adonde
###                  llegan las fichas
###   músico         musician (muzikant): la ficha que ocupa el sitio del músico junto al
###                  tablero; cuanto más alto el número, mejor músico
###   colocar / paso place / step: los dos tipos de jugada: una ficha de la mano, una
###                  ficha que avanza
###   Verde, Rojo    los jugadores (nombres propios, en mayúscula); los colores de las
###                  fichas son adjetivos femeninos: ficha verde, ficha roja, mano roja
###
### Variables: $square, $from, $to, $piece, $rank, $target, $mover (un número),
### $musician (un número), $hand, $rows, $letter, $text, $token y $found tal como los
### escribe la notación o el jugador (G7, 7, X; no se traducen); $colour, $other y
### $owner llegan como las palabras de color de abajo (nuba-colour-…, femeninas) con
### $colour-id etc. para elegir la forma; cuando el color nombra al jugador se elige
### Verde/Rojo por su id. $seat llega como nombre de jugador (nuba-seat-…).

nuba-title = Nuba

## Colours and seats

nuba-colour-green = verde
nuba-colour-red = roja
nuba-seat-green = Verde
nuba-seat-red = Rojo

## Move labels: what a move did (c2-d3 · el 4 captura al 7, b5-b6 · el 8 pasa a ser el músico)

nuba-label-places-champion = coloca al campeón
nuba-label-places = coloca el { $rank }
nuba-label-no-move = ninguna jugada posible
nuba-label-takes = el { $rank } captura al { $target }
nuba-label-champion-arrives = X llega a la fila del fondo
nuba-label-becomes-musician = el { $rank } pasa a ser el músico
nuba-label-replaces-musician = el { $rank } reemplaza al músico { $musician } de { $colour-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    }
nuba-label-leaves-board = el { $rank } sale del tablero (el músico { $musician } de { $colour-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    } se queda)
nuba-label-wins = gana { $colour-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    }
nuba-label-draw = empate

## How a game ends

nuba-end-champion = el campeón de { $colour-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    } ha llegado a la fila del fondo de { $other-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    }
nuba-end-musician = a { $other-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    } no le queda ninguna ficha mayor que el { $rank } ni campeón: el { $rank } de { $colour-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    } es el músico definitivo
nuba-end-no-moves = ningún jugador puede moverse: decide el músico { $rank } de { $colour-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    }
nuba-end-no-moves-no-musician = ningún jugador puede moverse y no hay músico

## The picture and the diagram

nuba-view-hand = mano
nuba-view-on-board = en el tablero
nuba-view-out = fuera
nuba-view-placing = Colocación: cada jugador llena sus dos filas de casa
# The space beside the board.
nuba-view-musician = Músico
nuba-diagram-seat = { $seat }: mano { $hand }, { $out ->
        [one] 1 ficha fuera de juego
       *[other] { $out } fichas fuera de juego
    }
nuba-diagram-musician = Músico: el { $rank } de { $colour-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    }
nuba-diagram-no-musician = Músico: ninguno
nuba-diagram-to-place = Le toca a { $seat } colocar una ficha

## Text that is not a move

nuba-malformed-empty = jugada vacía: escribe una colocación como X@c2, un paso como c2-d3, o pass
nuba-malformed-bad-piece = "{ $text }" no es una ficha: usa 1–9 o X delante de la @, como X@c2
nuba-malformed-bad-square = "{ $text }" no es una casilla del tablero de 5×6 (columnas a–e, filas 1–6)
nuba-malformed-same-square = { $square }-{ $square } no va a ninguna parte: un paso lleva la ficha a otra casilla
nuba-malformed-missing-target = "{ $text }" no tiene destino: escribe un paso como c2-d3

## A move that is not allowed

nuba-illegal-game-over = la partida ha terminado
nuba-illegal-placement-over = todas las fichas están colocadas: avanza una ficha un paso, como c2-d3
nuba-illegal-still-placing = todavía se están colocando las fichas: coloca una de tu mano, como X@c2
nuba-illegal-not-in-hand = tu { $rank } ya está colocado
nuba-illegal-not-home-row = { $square } no está en tus filas de casa: { $colour-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    } coloca en las filas { $rows }
nuba-illegal-occupied = { $square } está ocupada por { $piece }
nuba-illegal-empty = no hay ninguna ficha en { $square }
nuba-illegal-not-yours = en { $square } hay una ficha { $owner }, pero le toca a { $mover-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    }
nuba-illegal-backwards = { $from }-{ $to } va hacia atrás: las fichas { $colour-id ->
        [nuba-colour-green] verdes
       *[other] rojas
    } solo avanzan hacia la fila { $rank }
nuba-illegal-sideways = { $from }-{ $to } va de lado: las fichas solo avanzan recto o en diagonal
nuba-illegal-too-far = { $from }-{ $to } es más de un paso: una ficha avanza una sola casilla, recto o en diagonal
nuba-illegal-own-piece = en { $square } hay una ficha tuya
nuba-illegal-stronger = tu { $mover } no puede capturar al { $target } de { $square }: cuanto más bajo el número, más fuerte el luchador
nuba-illegal-pass-not-allowed = solo puedes pasar cuando no tienes ninguna otra jugada

## A position code that is refused

nuba-code-fields = se esperaban 5 campos (tablero, turno, mano verde, mano roja, músico), pero hay { $n }
nuba-code-rows = se esperaban 6 filas separadas por '/', pero hay { $n }
nuba-code-row-length = la fila { $rank } describe { $cells ->
        [one] 1 casilla
       *[other] { $cells } casillas
    }; deberían ser 5
nuba-code-token = elemento desconocido "{ $token }" en la fila { $rank } (una casilla es '.' o G/R seguido de 1–9 o X)
nuba-code-to-move = el turno debe ser g o r, pero es "{ $found }"
nuba-code-hand-prefix = la mano { $colour } debe escribirse { $letter }:<fichas> o { $letter }:-, pero pone "{ $text }"
nuba-code-hand = la mano { $colour } "{ $text }" debe enumerar fichas 1–9 y X, o ser -
nuba-code-hand-order = la mano { $colour } "{ $text }" no está en orden canónico (creciente, con X al final)
nuba-code-musician = el músico debe ser una ficha como G7 o -, pero pone "{ $found }"
nuba-code-two-musicians = "{ $found }" nombra más de un músico: en el sitio del músico solo cabe una ficha
nuba-code-champion-musician = { $piece } no puede ser el músico: un campeón que llega gana
nuba-code-duplicate = { $piece } aparece más de una vez (entre el tablero, las manos y el músico, cada ficha está como mucho una vez)
nuba-code-on-goal-row = { $piece } en { $square }: cualquier ficha que no sea el campeón sale del tablero al llegar a la fila del fondo de { $other-id ->
        [nuba-colour-green] Verde
       *[other] Rojo
    }
nuba-code-two-champions-arrived = los dos campeones están en la fila del fondo del rival: el primero en llegar termina la partida
nuba-code-off-home-rows = { $piece } en { $square } cuando aún quedan fichas en la mano: nada se mueve hasta que estén colocadas todas las fichas
nuba-code-early-musician = hay un músico ({ $piece }) cuando aún quedan fichas en la mano: nada se mueve hasta que estén colocadas todas las fichas
