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
web-noscript = Sin JavaScript, esta página se recarga cada 30 segundos mientras la partida sigue.

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
