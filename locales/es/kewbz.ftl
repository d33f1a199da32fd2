### Kewbz: negativas de colocaciones, códigos de posición y opciones de reglas,
### motivos de fin, etiquetas de jugadas y las palabras de su imagen y su diagrama.
###
### Glosario (mantener estas palabras en todo el catálogo; las mayúsculas del reglamento
### en español se escriben aquí en minúscula):
###   cubo          cube: una pieza; cada jugador tiene una reserva de cubos de su color
###                 (azul o amarillo). Del reglamento.
###   colocar       place: una jugada; un cubo va a una casilla vacía junto a otro cubo.
###                 Del reglamento ("colocar", "poner"); el sustantivo es "colocación".
###   esquina       corner: tres cubos en L (ESQUINA en el reglamento); el cubo del
###                 codo es su vértice. Dos a la vez: "esquina doble".
###   extensión     extension: un cubo que alarga una esquina existente (el reglamento:
###                 "extendiendo la línea de cubos de una ESQUINA")
###   vértice       vertex: el cubo del codo de una esquina, donde se apilan los cubos
###   torre         tower: una pila de cubos sobre un vértice, de 5 como mucho, del
###                 jugador cuyo cubo la corona (TORRE en el reglamento)
###   apilar        stack (del reglamento)
###   reserva       supply: los cubos que a un jugador le quedan por colocar o apilar
###                 (el reglamento: "cubos aún sin jugar")
###   dar / recibir earn: una colocación "da" los cubos que se apilan; el vértice los
###                 "recibe"
###   Azul, Amarillo  los jugadores (nombres propios, en mayúscula); los colores de los
###                 cubos son adjetivos masculinos: cubo azul, cubo amarillo
###
### Variables: $square, $vertex, $corner, $opposite, $example, $text, $symbol, $run y
### $found tal como los escribe la notación o el jugador (no se traducen); $colour
### llega como una palabra de color de abajo (kewbz-colour-…) con $colour-id para
### elegir la forma; $seat como nombre de jugador (kewbz-seat-…); $what como una
### frase de esquinas y extensiones (kewbz-label-corners …).

kewbz-title = Kewbz

## Colours and seats

kewbz-colour-blue = azul
kewbz-colour-yellow = amarillo
kewbz-seat-blue = Azul
kewbz-seat-yellow = Amarillo

## Move labels: what a placement did (d5 · esquina en d4 +1 · torre d4 ×2)

kewbz-label-corners = { $n ->
    [1] esquina
    [2] esquina doble
   *[other] { $n } esquinas
}
kewbz-label-extensions = { $n ->
    [1] extensión
   *[other] { $n } extensiones
}
kewbz-label-both = { $corners } + { $extensions }
kewbz-label-growth = { $what } en { $vertex } +{ $stacked }
kewbz-label-tower-full = torre { $vertex } completa
kewbz-label-tower = torre { $vertex } ×{ $height }
kewbz-label-last-cube = último cubo
# A chat menu's square where the player must choose where their last cubes go.
kewbz-label-earns = da { $earned ->
    [one] 1 cubo
   *[other] { $earned } cubos
}, { $left ->
    [one] te queda 1
   *[other] te quedan { $left }
}: elige dónde van

## How a game ends, with the final scores

kewbz-end-last-cube = { $colour-id ->
        [kewbz-colour-blue] Azul
       *[other] Amarillo
    } ha colocado el último cubo; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }
kewbz-end-no-cubes = a { $colour-id ->
        [kewbz-colour-blue] Azul
       *[other] Amarillo
    } no le quedan cubos; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }
kewbz-end-blocked = no se puede colocar ningún cubo en ninguna parte; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }

## The picture and the diagram

kewbz-view-cubes-left = en reserva
kewbz-view-score = puntos
kewbz-diagram-seat = { $seat }: { $cubes ->
        [one] 1 cubo
       *[other] { $cubes } cubos
    } en reserva, { $score ->
        [one] 1 punto
       *[other] { $score } puntos
    }

## Text that is not a placement

kewbz-malformed-empty = jugada vacía: escribe la casilla donde va tu cubo, como d4
kewbz-malformed-bad-square = "{ $text }" no es una casilla: escribe la letra de la columna y el número de la fila, como d4
kewbz-malformed-bad-vertex = "{ $text }" después de '>' no es una casilla: enumera los vértices así: d4>e5,f6
kewbz-malformed-empty-choice = no hay nada después de '>': enumera los vértices que reciben tus cubos, como d4>e5,f6

## A placement that is not allowed

kewbz-illegal-game-over = la partida ha terminado
kewbz-illegal-off-board = { $square } está fuera del tablero de { $size }×{ $size }
kewbz-illegal-occupied = { $square } está ocupada: los cubos se colocan en casillas vacías
kewbz-illegal-not-adjacent = { $square } no toca ningún cubo: coloca tu cubo junto a otro del tablero (en diagonal también vale)
kewbz-illegal-block = { $square } completaría un cuadrado de 2×2 cubos (de { $corner } a { $opposite })
kewbz-illegal-nothing-earned = colocar en { $square } no da ningún cubo, así que no hay nada que elegir: escribe la jugada sin '>'
kewbz-illegal-last-cube = con { $square } colocas tu último cubo, así que no te queda ninguno para apilar: escribe la jugada sin '>'
kewbz-illegal-enough = colocar en { $square } da { $earned ->
    [one] 1 cubo
   *[other] { $earned } cubos
} y { $left ->
    [one] te queda 1, que basta
   *[other] te quedan { $left }, que bastan
}: escribe la jugada sin '>'
kewbz-illegal-not-earning = { $vertex } no recibe ningún cubo cuando el cubo va a { $square }
kewbz-illegal-too-many = { $vertex } aparece { $named ->
    [one] 1 vez
   *[other] { $named } veces
}, pero solo recibe { $earned }
kewbz-illegal-wrong-count = la lista tras '>' nombra { $named ->
    [one] 1 cubo
   *[other] { $named } cubos
}, pero { $left ->
    [one] te queda 1
   *[other] te quedan { $left }
} para apilar: nombra exactamente { $left }
kewbz-illegal-choice-needed = colocar en { $square } da { $earned ->
    [one] 1 cubo
   *[other] { $earned } cubos
}, pero solo { $left ->
    [one] te queda 1
   *[other] te quedan { $left }
}: elige dónde van, como { $example }

## A position code that is refused

kewbz-code-fields = se esperaban 3 campos (tablero, turno, reservas), pero hay { $n }
kewbz-code-size = el tablero tiene { $n ->
        [one] 1 fila
       *[other] { $n } filas
    }: se admiten tableros de { $min } a { $max } filas
kewbz-code-row-length = la fila { $rank } describe { $cells ->
        [one] 1 casilla
       *[other] { $cells } casillas
    }, pero el tablero tiene { $size } casillas de ancho
kewbz-code-not-square = el tablero no es cuadrado: { $rows ->
        [one] 1 fila
       *[other] { $rows } filas
    } de { $columns ->
        [one] 1 casilla
       *[other] { $columns } casillas
    }
kewbz-code-symbol = símbolo desconocido '{ $symbol }' en la fila { $rank } (usa b, y, pilas (…) y cifras)
kewbz-code-run = serie no canónica de casillas vacías "{ $run }" en la fila { $rank } (10 se escribe 91)
kewbz-code-stack = pila incorrecta "{ $text }" en la fila { $rank }: escribe de 2 a 5 cubos de abajo arriba, como (byb)
kewbz-code-too-high = la pila de { $square } tiene { $height } cubos: las torres llegan como mucho a 5
kewbz-code-block = las casillas de { $corner } a { $opposite } forman un cuadrado de 2×2, algo que las reglas nunca permiten
kewbz-code-to-move = el turno debe ser b o y, pero es "{ $found }"
kewbz-code-supplies = las reservas deben escribirse <de Azul>-<de Amarillo>, como 32-32, pero pone "{ $found }"
kewbz-code-supply-above = { $colour-id ->
        [kewbz-colour-blue] Azul
       *[other] Amarillo
    } tiene { $supply } cubos en reserva, pero el juego solo da { $cubes } a cada jugador
kewbz-code-too-many-cubes = { $colour-id ->
        [kewbz-colour-blue] Azul
       *[other] Amarillo
    } tiene { $on-board ->
        [one] 1 cubo
       *[other] { $on-board } cubos
    } en el tablero y { $supply } en reserva, más que los { $cubes } que da el juego

## Rule options that are refused

kewbz-option-size = no se admite un tablero de tamaño { $n }: usa de { $min } a { $max }
kewbz-option-cubes = no se admiten { $n } cubos por jugador: usa de 1 a { $max }
