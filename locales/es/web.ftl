### boardbot — las páginas web (español).
###
### La página de una partida (jugadores, turno, tablero, jugadas, repetición) y la de
### una comunidad (sus clasificaciones y sus últimas partidas), vistas en un
### navegador. Los nombres llegan solos ($players, $name); $game es el título de un
### juego (Kuba). Registro: tuteo, como en el resto del bot.
###
### Glosario: el de main.ftl; aquí sobre todo jugada (el turno de un jugador, numerado
### desde 1), tablero (la imagen de la posición), repetición (la imagen animada de toda
### la partida), puntuación (de un jugador), clasificación (las mejores puntuaciones),
### por puntos / amistosa.

## La página de una partida

web-title-game = { $game } · { $players }
web-subtitle = Partida de { $game } { $id } · { $rated ->
    [yes] por puntos
   *[no] amistosa
}
web-player-rated = { $colour } · puntuación { $rating }
web-player-unrated = { $colour } · aún sin puntuación
web-player-computer = { $colour } · el ordenador ({ $level })
web-heading-players = Jugadores
web-heading-board = Tablero
web-heading-moves = Jugadas
web-heading-replay = Repetición
web-showing-last = { $ply ->
    [0] La posición inicial.
   *[other] El tablero tras la última jugada, la jugada { $ply }.
}
web-showing = { $ply ->
    [0] { $last ->
        [one] La posición inicial; desde entonces se ha jugado 1 jugada.
       *[other] La posición inicial; desde entonces se han jugado { $last } jugadas.
    }
   *[other] El tablero tras la jugada { $ply } de { $last }.
}
web-first = Inicio
web-previous = Anterior
web-next = Siguiente
web-last = Última jugada
web-moves-none = Aún no hay jugadas.
web-moves-left-out = { $count ->
    [one] No se lista 1 jugada anterior.
   *[other] No se listan { $count } jugadas anteriores.
}
web-replay-link = Ver toda la partida como repetición animada
web-live = Esta página sigue la partida: se actualiza sola con cada jugada.

## Lo que muestra un tablero, para quien no puede verlo.

web-alt = { $position }. { $seats }
web-alt-to-move = { $game }, { $ply ->
    [0] posición inicial
   *[other] jugada { $ply }
}, turno de { $colour }
web-alt-over = { $game }, jugada { $ply }, partida terminada
web-alt-seat = { $colour }: { $counters }
web-alt-counter = { $label } { $value }
web-alt-join = { $first }; { $rest }

## La página de una comunidad

web-title-community = { $name }: partidas y clasificaciones
web-title-community-unnamed = Partidas y clasificaciones
web-heading-leaderboards = Clasificaciones
web-leaderboard-empty = Aún no hay partidas por puntos.
web-heading-games = Últimas partidas
web-games-none = Aún no hay partidas.
web-col-rank = Puesto
web-col-player = Jugador
web-col-rating = Puntuación
web-col-games = Partidas
web-col-game = Juego
web-col-players = Jugadores
web-col-moves = Jugadas
web-col-state = Estado
web-col-when = Último cambio
web-state-ongoing = en curso
web-state-over = terminada

## Errores y pie de página

web-not-found-title = No encontrada
web-not-found = No hay ninguna página en esta dirección.
web-too-many-title = Demasiadas peticiones
web-too-many = Demasiadas peticiones desde tu dirección: vuelve a intentarlo en un momento.
web-error-title = Algo ha fallado
web-error = Algo ha fallado por nuestra parte; vuelve a intentarlo más tarde.
web-footer = Partidas jugadas con boardbot en un chat. Las páginas muestran los nombres de los jugadores, sus puntuaciones y sus jugadas, nada más.

## A tournament's page. $tournament as tournament-tag writes it; $state is open,
## running, finished or cancelled.

web-title-tournament = { $tournament }: { $state ->
        [open] inscripción abierta
        [running] ronda { $round } de { $of }
        [finished] clasificación final
       *[cancelled] cancelado
    }
web-heading-standings = Clasificación
web-standings-none = Nadie se ha inscrito todavía.
web-heading-round = Ronda { $round }
web-col-board = Mesa
web-col-result = Resultado
# $result is none (in progress), white, black, draw, white_forfeit or black_forfeit.
web-result = { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 por incomparecencia
        [black_forfeit] 0–1 por incomparecencia
       *[none] en curso
    }
# A community page's list of its tournaments.
web-heading-tournaments = Torneos
web-tournament-line = { $tournament }: { $state ->
        [open] inscripción abierta
        [running] en juego
        [finished] terminado
       *[cancelled] cancelado
    }

# The game's page, on a line of its own under a game message in chat (Matrix, the terminal).
web-link-line = En la web: { $url }

## Jugar en la página (issue #51)

# En el chat, solo para quien lo pidió: $url inicia su sesión, $logout es el comando.
web-login-link = Tu enlace para iniciar sesión en las páginas de las partidas: { $url }
    Sirve una sola vez, en { $minutes } minutos: no lo compartas. { $logout } cierra tu sesión en todas partes.
web-logged-out = { $count ->
    [0] No tenías ninguna sesión abierta en las páginas web.
    [one] Sesión cerrada: tu sesión en las páginas web ha terminado.
   *[other] Sesión cerrada: tus { $count } sesiones en las páginas web han terminado.
}
web-play-here = Juega la partida de { $game } { $id } en su tablero: { $url }
    Inicia sesión antes con { $login }.
web-signed-in-as = Sesión iniciada como { $name }
web-sign-out = Cerrar sesión
web-your-games-link = Tus partidas
web-sign-in-title = Iniciar sesión
web-sign-in-lead = Este enlace inicia tu sesión, para jugar tus partidas en sus páginas.
web-sign-in-button = Iniciar sesión
web-sign-in-refused = Este enlace no inicia ninguna sesión: ya se usó, o sus 10 minutos han pasado. Pide uno nuevo en el chat con /boardbot web login.
web-signed-out = Has cerrado la sesión.
web-your-games = Tus partidas en curso
web-your-games-none = No tienes ninguna partida en curso.
web-game-line = { $game } { $id } contra { $opponents } · jugada { $ply } · { $turn ->
    [yes] te toca
   *[no] le toca al rival
}
web-sign-in-to-play = ¿Es tu partida? Inicia sesión con /boardbot web login en el chat para jugarla aquí.
web-heading-play = Tu juego
web-you-play = Juegas con { $colour }.
web-your-turn = Te toca: elige una casilla y luego una jugada.
web-your-turn-parts = Tu turno sigue: elige su parte siguiente.
web-not-your-turn = Esperando la jugada de tu rival.
web-squares = Casillas del tablero
web-moves-from = Jugadas desde { $square }
web-next-parts = Siguiente parte de tu turno
web-other-moves = Jugadas sin casilla
web-start-again = Empezar el turno de nuevo
web-move-label = Jugada
web-play-button = Jugar
web-move-hint = Cualquier notación que acepte el juego, como en el chat.

# Las jugadas condicionales en la página, mientras mueve el rival (como /kuba premove en el chat).
web-premoves-heading = Jugadas condicionales
web-premoves-explain = Si juega esto, responder al momento aquello: escribe su jugada, luego tu respuesta, y así sucesivamente (g7-S a6-E f1-N b7-S).
web-premove-label = Línea
web-premove-save = Guardar
web-premoves-show = Ver mis jugadas condicionales
web-premoves-clear = Borrarlas todas
web-resign = Abandonar
web-resign-question = ¿Abandonar esta partida? Termina y la pierdes.
web-resign-confirm = Sí, abandonar
web-draw-offer = Ofrecer tablas
web-draw-accept = Aceptar las tablas
web-draw-decline = Rechazar las tablas
web-draw-by-me = Has ofrecido tablas.
web-draw-to-me = Tu rival ofrece tablas.
web-takeback-ask = Pedir deshacer tu última jugada
web-takeback-accept = Aceptar deshacerla
web-takeback-decline = Rechazar deshacerla
web-takeback-by-me = Has pedido deshacer tu última jugada.
web-takeback-to-me = Tu rival pide deshacer su última jugada.
web-forbidden-title = Rechazado
web-forbidden = Esta petición se ha rechazado: no venía de esta página, o tu sesión ha terminado. Recarga la página y vuelve a intentarlo.
web-slow-down-title = Más despacio
web-slow-down = Demasiadas peticiones de esta sesión: espera un momento y vuelve a intentarlo.
web-activity-title = boardbot
web-activity-loading = Conectando con Discord…
web-activity-failed = Discord no ha iniciado tu sesión. Cierra la Actividad y vuelve a abrirla.
