### Kuba (Traboulet): negativas de jugadas y códigos de posición, motivos de fin,
### etiquetas de jugadas y las palabras de su imagen y su diagrama.
###
### Glosario (mantener estas palabras en todo el catálogo). La caja dice traer reglas
### en español, pero el texto que tenemos (seeds 000/001) solo está en inglés: estas
### son las palabras corrientes en español (canica, empujar, sacar del tablero).
###   canica        marble: una pieza; cada jugador tiene 8 de su color (blancas o negras)
###   roja          red: una de las 13 canicas rojas neutrales; sacar 7 da la victoria
###   empujar       push: una jugada; una canica avanza una casilla y arrastra la fila
###                 que tiene delante. El sustantivo es "empuje".
###   sacar         push off: una canica empujada por el borde sale del tablero
###                 (queda "capturada")
###   prohibición   ban: el empuje que desharía el último empuje del rival, prohibido
###                 durante un turno
###   empuje extra  el empuje que gana quien saca una roja o una canica del rival; con la
###                 regla casera extra_push:optional se puede renunciar a él (pass)
###   regla casera  house rule: una opción de reglas que elige el desafío
###   N, E, S, W    las direcciones, tal como las escribe la notación (d2-N); W es el oeste
###   Blanco, Negro los jugadores (nombres propios, en mayúscula); los colores de las
###                 canicas son adjetivos femeninos: canica blanca, canica negra
###
### Variables: $square, $from, $behind, $push, $text, $symbol, $run y $found tal como
### los escribe la notación o el jugador (no se traducen); $colour, $owner, $winner,
### $loser, $mover y $other llegan como las palabras de color de abajo
### (kuba-colour-…, femeninas porque acompañan a "canica"), con $colour-id etc. para
### elegir la forma; cuando el color nombra al jugador se elige Blanco/Negro por su id.
### $seat llega como nombre de jugador (kuba-seat-…); $dir como dirección (kuba-dir-…).

kuba-title = Kuba

## Colours, seats and directions

kuba-colour-white = blanca
kuba-colour-black = negra
kuba-seat-white = Blanco
kuba-seat-black = Negro
kuba-dir-n = N
kuba-dir-e = E
kuba-dir-s = S
kuba-dir-w = W

## Move labels: what a push did (a7-S · empuja 2 canicas · saca una roja)

kuba-label-pushes = empuja { $n ->
        [one] 1 canica
       *[other] { $n } canicas
    }
kuba-label-takes-seventh-red = saca la 7.ª roja y gana
kuba-label-takes-red = saca una roja
kuba-label-takes-last-marble = saca la última canica rival y gana
kuba-label-takes-marble = saca una canica { $colour }
# The move "pass": the player who has just captured does not push again.
kuba-label-declines-extra-push = renuncia al empuje extra

## How a game ends

kuba-end-seven-reds = { $colour-id ->
        [kuba-colour-white] Blanco
       *[other] Negro
    } ha sacado 7 canicas rojas
kuba-end-all-marbles = { $winner-id ->
        [kuba-colour-white] Blanco
       *[other] Negro
    } ha sacado todas las canicas { $loser-id ->
        [kuba-colour-white] blancas
       *[other] negras
    }
kuba-end-no-push = { $mover-id ->
        [kuba-colour-white] Blanco
       *[other] Negro
    } no tiene ningún empuje legal
# House rule repetition:draw: the game is drawn.
kuba-end-repetition = la misma posición se ha repetido por tercera vez

## The picture and the diagram

kuba-view-reds = rojas
kuba-view-taken = capturadas
kuba-view-ban = { $seat } no puede empujar { $push }
kuba-diagram-seat = { $seat }: { $reds ->
        [one] 1 roja
       *[other] { $reds } rojas
    }, { $taken ->
        [one] 1 canica { $other-id ->
            [kuba-colour-white] blanca capturada
           *[other] negra capturada
        }
       *[other] { $taken } canicas { $other-id ->
            [kuba-colour-white] blancas capturadas
           *[other] negras capturadas
        }
    }
kuba-diagram-to-move-ban = Turno de { $seat } (no puede empujar { $push })
# After a capture under the house rule extra_push:optional; "pass" is the move as typed.
kuba-diagram-to-move-extra = Turno de { $seat } (puede volver a empujar o pasar con pass)
kuba-view-extra = { $seat } puede volver a empujar o pasar con pass

## The house rules in force, on the picture's panel and under the diagram

kuba-rules-extra-optional = regla casera: se puede renunciar al empuje extra
kuba-rules-repetition-draw = regla casera: la tercera repetición es empate
kuba-rules-both = reglas caseras: se puede renunciar al empuje extra; la tercera repetición es empate

## Text that is not a push

kuba-malformed-empty = jugada vacía: escribe una casilla y una dirección, como d2-N
kuba-malformed-bad-square = "{ $text }" no es una casilla del tablero de 7×7 (columnas a–g, filas 1–7)
kuba-malformed-bad-direction = "{ $text }" no es una dirección: usa N, E, S o W (o una casilla de destino)
kuba-malformed-not-adjacent = { $from } y { $to } no son casillas vecinas: un empuje mueve la canica una sola casilla
kuba-malformed-missing-direction = "{ $text }" no tiene dirección: escríbela como d2-N

## A push that is not allowed

kuba-illegal-game-over = la partida ha terminado
kuba-illegal-empty = no hay ninguna canica en { $square }
kuba-illegal-red = en { $square } hay una canica roja: solo puedes empujar tus propias canicas
kuba-illegal-not-yours = en { $square } hay una canica { $owner }, pero no le toca a { $owner-id ->
        [kuba-colour-white] Blanco
       *[other] Negro
    }
kuba-illegal-no-access = la canica de { $from } no se puede empujar hacia { $dir }: la casilla de detrás, { $behind }, no está libre
kuba-illegal-own-marble-off = sacaría del tablero una canica tuya
kuba-illegal-banned = { $push } está prohibido en este turno: desharía directamente el último empuje del rival
kuba-illegal-pass-mandatory = en esta partida el empuje extra tras una captura es obligatorio: no se puede renunciar a él
kuba-illegal-nothing-to-decline = no hay ningún empuje extra al que renunciar: pass solo vale justo después de una captura

## A position code that is refused

kuba-code-fields = se esperaban 4 campos (tablero, turno, rojas, prohibición), pero hay { $n }
kuba-code-rows = se esperaban 7 filas separadas por '/', pero hay { $n }
kuba-code-row-length = la fila { $rank } describe { $squares ->
        [one] 1 casilla
       *[other] { $squares } casillas
    }; deberían ser 7
kuba-code-symbol = símbolo desconocido '{ $symbol }' en la fila { $rank } (usa W, B, R y cifras del 1 al 7)
kuba-code-run = serie no canónica de casillas vacías "{ $run }" en la fila { $rank }
kuba-code-to-move = el turno debe ser w o b, pero es "{ $found }"
kuba-code-reds = el recuento de rojas debe ser <de Blanco>-<de Negro>, como 0-0, pero pone "{ $found }"
kuba-code-too-many = hay { $count } canicas { $colour-id ->
        [kuba-colour-white] blancas
       *[other] negras
    } en el tablero, pero el juego solo tiene 8
kuba-code-too-many-reds = hay { $on-board ->
        [one] 1 canica roja
       *[other] { $on-board } canicas rojas
    } en el tablero y { $captured ->
        [one] 1 capturada
       *[other] { $captured } capturadas
    }, pero el juego solo tiene 13
kuba-code-ban = la prohibición debe ser un empuje como d4-W o -, pero pone "{ $found }"
kuba-code-needs-optional-extra-push = el + del campo de prohibición indica un empuje extra al que se puede renunciar: el código necesita extra_push:optional
kuba-code-ban-not-mover = la prohibición nombra { $square }, donde no hay ninguna canica { $colour }, pero le toca a { $colour-id ->
        [kuba-colour-white] Blanco
       *[other] Negro
    }
