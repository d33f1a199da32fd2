### boardbot — ejercicios sacados de las partidas de los jugadores (español).
###
### Un ejercicio es una posición de una partida terminada en la que el jugador que
### movía cometió un error o un error grave y una jugada es claramente la mejor: quien
### lo pide busca esa jugada. Mismos mensajes y variables que el catálogo inglés; un
### test lo comprueba. Las personas ($person, $mover) llegan escritas como las
### menciona la plataforma; los comandos ($solve, $puzzle, $analysis) como los
### escribe (/kuba solve). Las jugadas y las secuencias de jugadas ($answer, $played,
### $line) son notación: no se traducen.
###
### Glosario (además del de main.ftl; mantener estas palabras en todo el catálogo):
###   puzzle          ejercicio (el ejercicio 12)
###   solve / answer  resolver / responder: dar la jugada; resuelto: era la mejor
###   the line        la secuencia: la mejor jugada y las que siguen mientras son forzadas
###   streak          racha: ejercicios resueltos seguidos, hasta el primer fallo
###   puzzle rating   puntuación de ejercicios, aparte de la puntuación del juego
###   mistake/blunder error / error grave (las palabras del análisis, review-label-…)

## Comandos (lo que muestra Discord: 100 caracteres como mucho)

command-puzzle = Un ejercicio de tus partidas y luego de las de aquí; una racha, tu puntuación, la clasificación
command-solve = Responde a tu ejercicio: empieza a escribir y elige la mejor jugada
option-puzzle-mode = Una racha hasta el primer fallo, tu puntuación de ejercicios o la clasificación de aquí
option-solve-move = Tu respuesta: la jugada, en cualquier notación que admita el juego
choice-mode-streak = Racha
choice-mode-rating = Mi puntuación de ejercicios
choice-mode-leaderboard = Clasificación

## Un ejercicio

# Shown first when the person asked for a puzzle while one is still open.
puzzle-again = Tu ejercicio sigue esperando tu respuesta:
# From the person's own game: $id the game, $ply the move that was a mistake, $played what they played.
puzzle-given-own = Tu partida { $id } de { $game }, jugada { $ply }: aquí jugaste { $played }; encuentra algo mejor.
puzzle-given-community = Una posición de las partidas de { $game } jugadas aquí: encuentra la mejor jugada.
# $colour the side the person plays, $puzzle its number, $rating the puzzle's own rating.
puzzle-given-task = Turno de { $colour } (tú). Ejercicio { $puzzle } (puntuación { $rating }): responde con { $solve } o elige tu jugada en el menú.
puzzle-streak-so-far = Racha: { $count ->
        [0] tu primer ejercicio. Un solo fallo la termina.
        [one] 1 ejercicio resuelto seguido hasta ahora.
       *[other] { $count } ejercicios resueltos seguidos hasta ahora.
    }
puzzle-page = En la web: { $url }

## Un ejercicio respondido

puzzle-solved = ¡Correcto! { $answer } es la mejor jugada (ejercicio { $puzzle }).
puzzle-missed = No es la mejor jugada: { $answer }. La mejor era { $best } (ejercicio { $puzzle }).
# $line the moves in order, joined by arrows (e1-E → d2-N → f3-W).
puzzle-line = La secuencia: { $line }.
# Where the puzzle came from: $mover played $played, a $label (review-label-…).
puzzle-origin = En la partida { $id } de { $game }, jugada { $ply }, { $mover } jugó { $played }: un { $label }.
puzzle-rating-change = Tu puntuación de ejercicios: { $before } → { $after } ({ $delta }).
puzzle-not-rated = Esta respuesta no cambia tu puntuación: ya te habían dado este ejercicio.
puzzle-streak-going = Racha: { $count ->
        [one] 1 resuelto seguido
       *[other] { $count } resueltos seguidos
    } (mejor racha: { $best }). Aquí va el siguiente.
puzzle-streak-over = Se acabó la racha: { $count ->
        [one] 1 resuelto seguido
       *[other] { $count } resueltos seguidos
    } (mejor racha: { $best }).
puzzle-streak-exhausted = No te queda ningún ejercicio: tu racha termina en { $count } (mejor racha: { $best }).

## Puntuaciones y clasificación

puzzle-rating = Puntuación de ejercicios de { $person } en { $game }: { $rating } (resueltos: { $solved } de { $attempts }; mejor racha: { $best }).
puzzle-rating-none = { $person } aún no tiene puntuación de ejercicios en { $game }: { $puzzle } da un ejercicio.
puzzle-leaderboard-header = Clasificación de ejercicios de { $game } (aquí):
puzzle-leaderboard-row = { $rank }. { $person } { $rating } (resueltos: { $solved }/{ $attempts }; mejor racha: { $best })
puzzle-leaderboard-empty = Nadie ha respondido aún a un ejercicio de { $game } aquí: { $puzzle } da uno.

## Rechazos

refused-puzzle-none-left = { $alone ->
        [yes] Todavía no te espera ningún ejercicio de { $game } en tus partidas: los ejercicios salen de los errores de partidas terminadas que analizó el ordenador ({ $analysis }), y aquí solo cuentan las tuyas.
       *[no] Todavía no te espera ningún ejercicio de { $game }: los ejercicios salen de los errores de partidas terminadas que analizó el ordenador ({ $analysis }), primero las tuyas y luego las de este servidor o sala.
    }
refused-puzzle-nothing-to-solve = No tienes ningún ejercicio de { $game } esperando respuesta: { $puzzle } te da uno.
refused-puzzle-no-community = La clasificación de ejercicios de { $game } es de un servidor o de una sala: pídela allí.
refused-puzzle-answered-before = Ya respondiste al ejercicio { $puzzle } de { $game }: solo cuenta tu primera respuesta.
refused-puzzle-not-for-you = Jugaste con el otro bando en la partida de { $game } de la que sale el ejercicio { $puzzle }: ya sabes cómo siguió, así que no te toca responderlo.
refused-puzzle-other-open = Tu ejercicio { $puzzle } de { $game } sigue esperando tu respuesta: respóndelo primero.

## La página web de un ejercicio

web-puzzle-title = { $game }: ejercicio { $puzzle }
web-puzzle-task = Turno de { $colour }: encuentra la mejor jugada.
web-puzzle-rating = Puntuación del ejercicio: { $rating } · resuelto { $solved } { $solved ->
        [one] vez
       *[other] veces
    } de { $attempts }
web-puzzle-label = Tu jugada
web-puzzle-check = Comprobar
web-puzzle-right = ¡Correcto! { $answer } es la mejor jugada.
web-puzzle-wrong = No es la mejor jugada: { $answer }. La mejor era { $best }.
web-puzzle-refused = { $answer } no se puede jugar aquí.
web-puzzle-line = La secuencia: { $line }.
web-puzzle-origin = En la partida { $id } de { $game }, jugada { $ply }, se jugó { $played }: un { $label }.
web-puzzle-no-rating = Las respuestas de esta página no cuentan para la puntuación de nadie: en el chat, el comando solve sí.
web-puzzle-sign-in = Inicia sesión con /boardbot web login en el chat para responder aquí y que cuente para tu puntuación de ejercicios.
web-puzzle-heading = Tu respuesta
web-puzzle-rated = Tu respuesta cuenta para tu puntuación de ejercicios, como en el chat: solo la primera.
web-puzzle-free = No te dieron este ejercicio en el chat: si lo respondes aquí, pasa a ser tuyo, y tu respuesta cuenta para tu puntuación de ejercicios como una primera respuesta en el chat.
web-puzzle-streak = Este ejercicio forma parte de tu racha: un solo fallo la termina.
web-puzzle-answered = Ya respondiste a este ejercicio: solo cuenta tu primera respuesta.
web-puzzle-not-for-you = Jugaste con el otro bando en esta partida: ya sabes cómo siguió, así que no te toca responder este ejercicio.
# $puzzle the number of the puzzle that waits; the link to its page follows.
web-puzzle-other-open = Tu ejercicio { $puzzle } de { $game } sigue esperando tu respuesta: respóndelo primero.
web-puzzle-other-link = Ir al ejercicio { $puzzle }
web-puzzle-next = El siguiente ejercicio de tu racha
