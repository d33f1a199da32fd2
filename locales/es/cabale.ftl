### Cabale: negativas de jugadas, códigos de posición y opciones de reglas, motivos
### de fin, etiquetas de jugadas y las palabras de su imagen y su diagrama.
###
### Glosario (mantener estas palabras en todo el catálogo; el reglamento solo existe en
### inglés, así que son las palabras llanas de un juego de tablero en español):
###   casilla       cell: uno de los 61 hexágonos (A1 … I9), cada uno con un valor impreso
###   borde         el borde del tablero (casillas del borde; las 6 esquinas no valen para salir)
###   corredor      runner: la pieza de cada jugador que recorre un camino: recto, un
###                 giro, recto
###   giro          turn: el punto donde gira el corredor; la jugada entera se llama "jugada"
###   bloque        block: la pieza que queda donde giró el corredor; dos apilados forman
###                 un bloque doble ("doble"), que vale el doble de la casilla
###   simple        un bloque sencillo capturado (frente a "doble")
###   capturar      capture: un bloque salta por encima de un bloque enemigo y se lo lleva
###   barrera       blockade: un muro sobre el lado entre dos casillas, que nada cruza
###   lado          edge: la frontera entre dos casillas vecinas (D4|D5)
###   barreras colocadas  walls: el campo del código de posición con las barreras ya
###                 puestas (nunca "muros": en el juego son barreras)
###   retirarse     leave: un jugador deja la partida en último lugar y los demás siguen
###   regla casera  house rule: una opción de reglas que elige el desafío (boxed_in:pass)
###   bloqueado     boxed in: un corredor que no puede moverse
###   Amarillo, Rojo, Verde, Azul   los jugadores (nombres propios, en mayúscula)
###
### Variables: $cell, $to, $from, $first, $second, $given, $runner, $edge, $edges,
### $text, $after, $found, $row, $symbol, $letter y $letters tal como los escribe la
### notación o el jugador (no se traducen); $seat llega como nombre de jugador
### (cabale-seat-…) con $seat-id para elegir la forma (cabale-code-every-seat pide el
### verbo en plural); $field como campo del código (cabale-field-…); $expected como
### lo que se esperaba (cabale-expected-…); $runner en el diagrama como frase
### (cabale-diagram-runner-…).

cabale-title = Cabale

## Seats

cabale-seat-yellow = Amarillo
cabale-seat-red = Rojo
cabale-seat-green = Verde
cabale-seat-blue = Azul

## Move labels: what a move did (A3>C3>C2 · doble en C3 (6) · barrera D4|D5)

cabale-label-runner-starts = el corredor empieza en { $cell }
cabale-label-leaves = { $seat } se retira de la partida
cabale-label-block = bloque en { $cell } ({ $value })
cabale-label-double = doble en { $cell } ({ $value })
cabale-label-last-block = último bloque, fin de la partida
cabale-label-takes = captura { $captures ->
        [one] 1 bloque
       *[other] { $captures } bloques
    } (cae en { $to }, { $value })
cabale-label-blockade = barrera { $edge }
# A chat menu's runner path, before the block, captures and blockade are chosen.
cabale-label-turn-on = giro en { $cell } ({ $value })

## How a game ends

cabale-end-last-block = { $seat } ha colocado su último bloque
cabale-end-stuck = el corredor de { $seat } no puede moverse
# House rule boxed_in:pass: every runner still playing is boxed in.
cabale-end-all-stuck = ningún corredor puede moverse
# On the picture's panel and under the diagram when the house rule is in force.
cabale-rules-boxed-in-pass = regla casera: un corredor bloqueado pasa

## The picture and the diagram

cabale-view-score = puntos
cabale-view-blocks = bloques
cabale-view-doubles = dobles
cabale-view-blockades = barreras
cabale-view-taken = capturados
cabale-view-taken-value = { $single ->
        [one] 1 simple
       *[other] { $single } simples
    }, { $double ->
        [one] 1 doble
       *[other] { $double } dobles
    }
cabale-view-placing = Colocación de corredores en casillas del borde (no en las esquinas)
cabale-diagram-blockades = barreras: { $edges }
cabale-diagram-no-blockades = barreras: ninguna
cabale-diagram-seat = { $seat } ({ $letter }): corredor { $number } { $runner }; le quedan { $blocks ->
        [one] 1 bloque
       *[other] { $blocks } bloques
    }, { $doubles ->
        [one] 1 doble
       *[other] { $doubles } dobles
    } y { $blockades ->
        [one] 1 barrera
       *[other] { $blockades } barreras
    }; ha capturado { $single ->
        [one] 1 simple
       *[other] { $single } simples
    } y { $double ->
        [one] 1 doble
       *[other] { $double } dobles
    }; { $points ->
        [one] 1 punto
       *[other] { $points } puntos
    }
cabale-diagram-runner-on = en { $cell }
cabale-diagram-runner-not-placed = sin colocar
cabale-diagram-to-place = Le toca a { $seat } colocar su corredor

## Text that is not a move

cabale-malformed-empty = jugada vacía: escribe @A3 para colocar el corredor, o una jugada como A3>C3>C2
cabale-malformed-bad-cell = "{ $text }" no es una casilla del tablero (filas A–I, p. ej. A1–A5, E1–E9, I5–I9)
cabale-malformed-expected = se esperaba { $expected } después de "{ $after }", pero pone "{ $found }"
cabale-malformed-not-neighbours = { $first } y { $second } no son vecinas: una barrera va en el lado entre dos casillas contiguas
cabale-expected-cell = una casilla
cabale-expected-turn-cell = '>' y la casilla donde gira el corredor
cabale-expected-stop-cell = '>' y la casilla donde se detiene el corredor
cabale-expected-wall-cell = '|' y la segunda casilla del lado de la barrera
cabale-expected-end = el final de la jugada
cabale-expected-turn-part = '+', 'x<casilla>', '#<casilla>|<casilla>' o el final de la jugada

## A move that is not allowed

cabale-illegal-game-over = la partida ha terminado
cabale-illegal-cannot-leave = un jugador solo puede retirarse cuando ya están colocados los corredores y mientras sigan jugando al menos tres
cabale-illegal-place-runner-first = todavía se están colocando los corredores: primero { $seat } coloca el suyo, como @A3
cabale-illegal-runners-placed = todos los corredores ya están en el tablero: mueve el tuyo con una jugada como A3>C3>C2
cabale-illegal-start-on-corner = { $cell } es una esquina: los corredores empiezan en una casilla del borde que no sea esquina
cabale-illegal-start-not-on-edge = { $cell } no está en el borde del tablero: los corredores empiezan en una casilla del borde
cabale-illegal-start-taken = en { $cell } ya hay otro corredor
cabale-illegal-not-your-runner = tu corredor está en { $runner }, no en { $given }
cabale-illegal-not-straight = { $first } y { $second } no están en línea recta: el corredor avanza recto, gira una vez y sigue recto
cabale-illegal-no-turn = el corredor tiene que girar en { $cell }: seguir recto no es un giro
cabale-illegal-turns-back = en { $cell } el corredor no puede girar para volver por donde ha venido
cabale-illegal-sharp-turn = el giro en { $cell } es un giro cerrado (120°), y estas opciones de reglas no lo permiten
cabale-illegal-occupied = el corredor no puede entrar en { $cell }: no está vacía
cabale-illegal-crosses-blockade = el corredor no puede cruzar la barrera de { $edge }
cabale-illegal-no-doubles-left = ya has construido todos tus bloques dobles
cabale-illegal-no-block-for-double = un bloque doble necesita dos bloques y solo te queda uno
cabale-illegal-after-last-block = al colocar tu último bloque la partida termina en el acto: después no puede haber capturas ni barrera
cabale-illegal-jump-not-straight = el bloque de { $from } no puede caer en { $to }: un salto pasa por encima de una casilla vecina y cae justo detrás
cabale-illegal-jump-changes-direction = el salto a { $cell } se sale de la línea: las capturas siguientes siguen en la misma dirección
cabale-illegal-nothing-to-capture = en { $cell } no hay ningún bloque enemigo que capturar
cabale-illegal-landing-occupied = el bloque no puede caer en { $cell }: no está vacía
cabale-illegal-jump-blocked = el bloque no puede saltar la barrera de { $edge }
cabale-illegal-no-blockades-left = no te quedan barreras
cabale-illegal-already-walled = el lado { $edge } ya tiene una barrera
cabale-illegal-edge-not-allowed = estas opciones de reglas no permiten poner una barrera en { $edge }

## A position code that is refused

cabale-field-supplies = reservas
cabale-field-doubles = dobles
cabale-field-blockades = barreras
cabale-field-captures = capturas
# Instead of a seat: the blocks of all seats counted together.
cabale-code-every-seat = todos los jugadores juntos
cabale-code-fields = se esperaban 7 campos (tablero, turno, reservas, dobles, barreras, capturas, barreras colocadas), u 8 con los jugadores retirados, pero hay { $n }
cabale-code-players = el campo de reservas tiene { $n ->
        [one] 1 entrada
       *[other] { $n } entradas
    }, pero Cabale es para 2 a 4 jugadores
cabale-code-entries = el campo de { $field } tiene { $found ->
        [one] 1 entrada
       *[other] { $found } entradas
    }; se esperaba una por jugador ({ $expected })
cabale-code-counter = el campo de { $field } tiene un contador incorrecto: "{ $text }"
cabale-code-counter-too-high = el contador de { $field } de { $seat } es { $value }, más que su valor inicial, { $max }
cabale-code-rows = se esperaban 9 filas separadas por '/', pero hay { $n }
cabale-code-row-length = la fila { $row } tiene { $found ->
        [one] 1 casilla
       *[other] { $found } casillas
    }; deberían ser { $expected }
cabale-code-symbol = símbolo desconocido '{ $symbol }' en la fila { $row } (usa . y r g b Y R G B 1 2 3 4)
cabale-code-seat-not-in-game = '{ $symbol }' en la fila { $row } es de un jugador que no existe en una partida de { $players } jugadores
cabale-code-duplicate-runner = el corredor { $runner } aparece más de una vez en el tablero
cabale-code-to-move = el turno debe ser una de estas letras: { $letters }, pero es "{ $found }"
cabale-code-captures = las capturas deben escribirse <simples>.<dobles> por jugador, como 0.0-2.1, pero pone "{ $found }"
cabale-code-left = los jugadores retirados deben ser letras de jugadores de la partida, en el orden de juego, como mucho todos menos dos, sin el jugador al que le toca y con los corredores ya colocados: pone "{ $found }"
cabale-code-walls = las barreras colocadas deben ser '-' o lados como D4|D5,E5|E6, pero pone "{ $found }"
cabale-code-wall-order = cada barrera colocada debe aparecer una sola vez, en el orden del tablero: "{ $found }" está fuera de su sitio
cabale-code-placement = los corredores se colocan en el orden de juego: con { $placed ->
        [one] 1 colocado
       *[other] { $placed } colocados
    }, le toca a { $seat } y los corredores siguientes no pueden estar en el tablero
cabale-code-pieces-during-placement = no puede haber bloques ni barreras en el tablero mientras se colocan los corredores
cabale-code-too-many-blocks = { $seat } { $seat-id ->
        [cabale-code-every-seat] tienen
       *[other] tiene
    } { $count } bloques entre el tablero, la reserva y los capturados por otros, pero { $seat-id ->
        [cabale-code-every-seat] empiezan
       *[other] empieza
    } con { $max }
cabale-code-too-many-doubles = { $seat } { $seat-id ->
        [cabale-code-every-seat] tienen
       *[other] tiene
    } { $count ->
        [one] 1 bloque doble
       *[other] { $count } bloques dobles
    } entre el tablero, los que faltan por construir y los capturados por otros, pero solo { $seat-id ->
        [cabale-code-every-seat] pueden
       *[other] puede
    } construir { $max }
cabale-code-too-many-blockades = hay { $on-board ->
        [one] 1 barrera
       *[other] { $on-board } barreras
    } en el tablero y { $left ->
        [one] queda 1
       *[other] quedan { $left }
    }, pero el juego solo tiene { $max }

## Rule options that are refused

cabale-option-players = Cabale es para 2 a 4 jugadores, no para { $n }
cabale-option-edge = "{ $text }" no es un lado entre dos casillas vecinas (como D4|D5)
