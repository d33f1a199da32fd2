### boardbot — lo que dice el bot (español).
###
### Mismos mensajes y variables que el catálogo inglés (locales/en/main.ftl); un test
### lo comprueba. Las personas ($who, $challenger …) llegan ya escritas como las
### menciona la plataforma; las variables de comandos ($accept, $decline …) llegan
### como la plataforma escribe los comandos (/kuba accept). Los nombres de comandos y
### opciones, las palabras que se escriben (accept, decline, dm, off, here, yes/no …)
### y la notación (a7-S, K7Q2) no se traducen.
###
### Registro: tuteo (tú), español neutro; "ordenador" como en el Discord es-ES.
### Se evita "vosotros": a varios jugadores se les habla con "cada uno" o en impersonal.
###
### Glosario (mantener estas palabras en todo el catálogo). Una línea "inglés →
### español" la comprueba tests/it/wording.rs: donde el mensaje inglés usa la palabra de
### la izquierda, el español usa la de la derecha (o una palabra que empiece igual:
### "desafí" vale para "desafío" y "desafía"); "|" separa palabras que valen todas, "≠"
### nombra palabras que no se usan nunca.
###   challenge → desaf  (desafío: desafiar a alguien; "el desafío 3"); cancel: cancelar
###                    un desafío propio (anular es abort, para partidas)
###   rated / casual → por puntos | puntuaci / amistos  (una partida por puntos / amistosa) ≠ puntuada
###   rating → puntuaci  (la puntuación de un jugador)
###   takeback → deshacer | deshag | deshac  (deshacer la jugada; pedir deshacer la jugada)
###   vacation → vacaciones  (estar de vacaciones)
###   leaderboard → clasificaci  (la clasificación de un juego, y la de un torneo)
###   rank             puesto (puesto 3 de 20)
###   computer → ordenador  (el ordenador: jugar contra el ordenador)
###   game             partida (el juego es Kuba; la partida es K7Q2)
###   move             jugada
###   seat             jugador (el lugar en el orden de juego, nombrado por su color)
###   draw             empate (ofrecer un empate)
###   resign           abandonar (abandono)
###   reminder         aviso
###   clock            reloj
###   thread           hilo
###   position code    código de posición
###   abort → anul  (anular: una partida anulada, sin resultado, no cuenta)
###   replay → repetici  (repetición: la imagen animada de una partida)
###   review → análisis | analiz  (el análisis de una partida por el ordenador)
###   house rule → regla casera | reglas caseras  (una opción de reglas que elige el desafío)
###   tournament → torneo  (ronda, emparejamiento, exento, sistema suizo, todos contra
###                    todos, edición de una serie, inscribirse / darse de baja); sin
###                    nombre: "Torneo suizo de Kuba", escrito como nombre propio
###   standings → clasificaci  (la clasificación de un torneo, clasificación final)
###   language         idioma
###   upload limit     límite de subida

## Lists and small words

# Two items of a list ("a, b and c" is built from these).
list-and = { $first } y { $last }
list-or = { $first } o { $last }
list-comma = { $first }, { $rest }
# Players of a game in seat order.
list-versus = { $first } contra { $rest }
# A move and what it did: a7-S · empuja 2 canicas.
list-dot = { $first } · { $rest }

level-random = aleatorio
level-greedy = voraz
level-easy = fácil
level-medium = medio
level-hard = difícil

# A seat with its colour: @alice (Blanco)
seat = { $person } ({ $colour })
# The computer in lists: @boardbot (difícil)
computer-at-level = { $person } ({ $level })

## Times and dates

duration-days = { $days ->
    [one] 1 día
   *[other] { $days } días
}
duration-days-hours = { $days ->
    [one] 1 día
   *[other] { $days } días
} y { $hours ->
    [one] 1 hora
   *[other] { $hours } horas
}
duration-hours = { $hours ->
    [one] 1 hora
   *[other] { $hours } horas
}
duration-hours-minutes = { $hours ->
    [one] 1 hora
   *[other] { $hours } horas
} y { $minutes ->
    [one] 1 minuto
   *[other] { $minutes } minutos
}
duration-minutes = { $minutes ->
    [one] 1 minuto
   *[other] { $minutes } minutos
}
duration-under-a-minute = menos de un minuto
# el 3 de diciembre de 2026 a las 14:00 UTC (the messages say "hasta { $date }",
# "el reloj marca { $time }"). $month and $day are two digits; $month-number and
# $day-number the same as numbers, to write the month's name and the day without 0.
# Also passed: $month-number, $day-number
date-time = el { $day-number } de { $month-number ->
        [1] enero
        [2] febrero
        [3] marzo
        [4] abril
        [5] mayo
        [6] junio
        [7] julio
        [8] agosto
        [9] septiembre
        [10] octubre
        [11] noviembre
       *[12] diciembre
    } de { $year } a las { $hour }:{ $minute } UTC

## Clocks on boards

# "2 días para jugar": the duration comes as words, without its number, so no verb
# agrees with it ("queda 1 día" / "quedan 2 días" cannot be chosen).
clock-left = { $time } para jugar
clock-vacation = { $person } está de vacaciones hasta { $date }
clock-left-vacation = { $time } para jugar; { $person } está de vacaciones hasta { $date }
# After a move or on a board: whose turn it is.
to-move = Turno de { $seat }.
to-move-clock = Turno de { $seat } — { $clock }.
# On the picture's panel.
picture-clock = Reloj: { $clock }

## Challenges

challenge-first-person = empieza { $person }
challenge-first-random = primer jugador al azar
challenge-made = { $challenger } desafía a { $challenged } a una partida { $rated ->
        [yes] por puntos
       *[no] amistosa
    } de { $game } ({ $first }{ $from-position ->
        [yes] , desde una posición dada
       *[no] {""}
    }{ $days ->
        [0] {""}
        [one] , 1 día por jugada
       *[other] , { $days } días por jugada
    }); desafío { $challenge }. { $challenged }: { $count ->
        [one] acepta o rechaza
       *[other] cada uno acepta o rechaza
    } con { $accept } o { $decline }.
challenge-accepted-waiting = { $who } acepta el desafío { $challenge }; falta la respuesta de { $waiting }.
challenge-declined = { $who } rechaza el desafío de { $challenger } ({ $game }, desafío { $challenge }).
challenge-cancelled = { $who } cancela el desafío { $challenge } ({ $game }).
challenge-expired = El desafío { $challenge } de { $challenger } a { $challenged } ({ $game }) ha caducado sin respuesta.
challenges-expired = { $count ->
        [one] 1 desafío ha caducado sin respuesta:
       *[other] { $count } desafíos han caducado sin respuesta:
    }

## A game begins

opening-computer = { $who } se enfrenta al ordenador ({ $level }).
opening-accepted = { $who } acepta el desafío { $challenge }.
game-begins = { $opening } Empieza la partida { $id } de { $game }: { $players }, { $rated ->
        [yes] por puntos
       *[no] amistosa
    }. { $where ->
        [this] Se juega en el hilo de este mensaje.
       *[named] Se juega en el hilo { $thread }.
    }
game-start = Partida { $id } de { $game }. { $next }
# A game's thread's title, where threads have names (Discord): $game the game's title,
# $players its players' names (as list-versus joins them), $id the game's id.
thread-title = { $game } · { $players } · { $id }
# A message naming a thread by its title, before the thread exists: in quotation marks.
thread-title-quoted = «{ $title }»

## Moves and endings

moved = { $mover } juega { $move }. { $next }
# $next and $ending are whole sentences, capitalized ("Turno de Blanco."): after a
# full stop, not after a colon.
board-ongoing = Partida { $id } de { $game }, jugada { $ply }. { $next }
board-over = Partida { $id } de { $game }. { $ending }

end-resigned = abandono
end-timed-out = tiempo agotado
end-aborted = anulada
end-agreed = empate acordado
end-unknown = la partida ha terminado
result-none = Sin resultado.
result-draw = Empate.
result-winner = Gana { $winner }.
result-shared = { $winners } comparten el primer lugar.
game-over = Fin de la partida ({ $why }). { $result }
game-over-scores = Fin de la partida ({ $why }). { $result } Puntos: { $scores }.

confirm-resign = ¿Abandonar la partida { $id } de { $game }? No se puede deshacer.
resigned = { $who } abandona. { $ending }
draw-agreed = { $who } acepta el empate. { $ending }
timed-out = A { $who } se le ha acabado el tiempo. { $ending }
# A game ended before it began: no result, no rating change. $who is the player,
# $ending the result line (it says "anulada").
aborted-asked = { $who } anula la partida antes de su primera jugada; no cuenta para la puntuación. { $ending }
aborted-resigned = { $who } abandona antes de que hayan jugado todos: la partida queda anulada y no cuenta para la puntuación. { $ending }
aborted-timed-out = A { $who } se le ha acabado el tiempo antes de que jugaran todos: la partida queda anulada y no cuenta para la puntuación. { $ending }
left-on-time = A { $who } se le ha acabado el tiempo: deja la partida en último lugar y los demás siguen jugando. { $next }
taken-back = { $who } acepta: se deshace la última jugada. { $next }

# The picture's panel and its description for people who cannot see it.
picture-result-resigned = { $who } abandonó
picture-result-timed-out = A { $who } se le acabó el tiempo
picture-result-agreed = Empate acordado
picture-result-aborted = Anulada
picture-alt = Tablero de { $game } de la partida { $id } tras la jugada { $ply }; turno de { $colour }
picture-alt-over = Tablero de { $game } de la partida { $id } tras la jugada { $ply }; partida terminada
picture-alt-clock = { $alt }; reloj: { $clock }
picture-alt-start = La posición inicial de { $game }
# An animated replay's description: $game the game's title, $id its id, $moves how many moves it shows.
picture-alt-replay = Repetición animada de la partida { $id } de { $game }, { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}
# A rating chart's description: $player whose ratings, $games the games charted (a list).
picture-alt-chart = Evolución de la puntuación de { $player } en { $games }
# A note under a replay that had to be made smaller to fit the platform's upload limit.
picture-fit-smaller = Se ha dibujado más pequeña para no superar el límite de subida.
# A note under a replay that shows only some moves to fit the upload limit: $nth, one position in $nth is shown (the start and the end always are).
picture-fit-sampled = Muestra una de cada { $nth } posiciones para no superar el límite de subida.
# The same, when the replay was also drawn smaller.
picture-fit-smaller-sampled = Se ha dibujado más pequeña y muestra una de cada { $nth } posiciones para no superar el límite de subida.
# A note under a replay of which only the final position fits the upload limit.
picture-fit-final-only = Solo cabe la posición final dentro del límite de subida.
# The value axis of a rating chart.
chart-axis = Puntuación
# A short month name on a rating chart's dates; $month is 1 to 12.
chart-month = { $month ->
    [1] ene
    [2] feb
    [3] mar
    [4] abr
    [5] may
    [6] jun
    [7] jul
    [8] ago
    [9] sept
    [10] oct
    [11] nov
   *[12] dic
}
# Dates on a rating chart: a day ($day the day of the month, $month the month as chart-month writes it), a month ($month, $year), a year.
chart-date-day = { $day } { $month }
chart-date-month = { $month } { $year }
chart-date-year = { $year }
# Desempates: SB Sonneborn-Berger, Bu Buchholz, ED encuentro directo.
number-decimal = { $whole },{ $fraction }
standings-rank = #
standings-player = Jugador
standings-points = Ptos
standings-sonneborn-berger = SB
standings-buchholz = Bu
standings-head-to-head = ED
picture-alt-standings = Clasificación de { $title }: { $players ->
    [one] un jugador
   *[other] { $players } jugadores
}

## Replays

# A replay posted with its animated picture: $game the game's title, $id its id, $players the players (as list-versus joins them), $moves how many moves were played; $ending how it ended (as game-over says it).
replay-ongoing = Repetición de la partida { $id } de { $game } ({ $players }): { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
} hasta ahora.
replay-over = Repetición de la partida { $id } de { $game } ({ $players }), { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}. { $ending }

## Offers

attention-your-move = { $who }: te toca en la partida { $id }.
attention-game-over = { $who }: la partida { $id } ha terminado.
draw-offered = { $who } ofrece un empate en la partida { $id }. Acéptalo con { $accept } o recházalo.
draw-declined = { $who } rechaza el empate que ofreció { $offerer }. La partida sigue.
takeback-asked = { $who } pide deshacer { $move }. Responde con { $command } accept o decline.
takeback-declined = { $who } dice que no; la jugada de { $asker } se mantiene.

## Jugadas condicionales: las líneas de un jugador «si juega X, respondo Y» (/kuba premove).
## $game es el nombre del juego, $id el de la partida, $move una jugada en la notación del juego.
## Glosario: conditional move = jugada condicional; line = línea (una serie de jugadas).

moved-conditional = { $mover } juega { $move } (jugada condicional). { $next }
premoves-listed = Tus jugadas condicionales en la partida { $id } de { $game } (jugada rival → tu respuesta):
premoves-added = Jugada condicional guardada. Tus líneas en la partida { $id } de { $game } (jugada rival → tu respuesta):
premoves-added-replacing = Jugada condicional guardada; sustituye a { $replaced ->
        [one] una línea que respondía
       *[other] { $replaced } líneas que respondían
    } de otra manera a las mismas jugadas. Tus líneas en la partida { $id } de { $game } (jugada rival → tu respuesta):
premoves-already = Esa línea ya está entre tus jugadas condicionales. Tus líneas en la partida { $id } de { $game } (jugada rival → tu respuesta):
premove-line = { $n }. { $steps }
premove-step = { $theirs } → { $yours }
premoves-hint = El bot juega tu respuesta en cuanto llega la jugada rival; { $clear } las borra.
premoves-none = No tienes jugadas condicionales en la partida { $id } de { $game }. Mientras les toca a los demás, deja una con { $premove } line:"jugada-rival tu-respuesta".
premoves-cleared = { $count ->
        [0] No tenías jugadas condicionales en la partida { $id } de { $game }.
        [one] Se ha borrado tu línea de jugadas condicionales en la partida { $id } de { $game }.
       *[other] Se han borrado tus { $count } líneas de jugadas condicionales en la partida { $id } de { $game }.
    }
premoves-dropped-no-match = { $mover } ha jugado { $move } en la partida { $id } de { $game }: ninguna de tus jugadas condicionales respondía a esa jugada, así que se han borrado. Te toca.
premoves-dropped-illegal = Tu jugada condicional { $move } en la partida { $id } de { $game } ya no es válida ({ $reason }), así que se han borrado tus jugadas condicionales de esa partida. Te toca.
premoves-dropped-taken-back = Se ha deshecho una jugada en la partida { $id } de { $game }: se han borrado tus jugadas condicionales de esa partida.

## Ratings and lists

rating-shown = { $value }{ $provisional ->
    [yes] ?
   *[no] {""}
}
rating-change = { $person } { $before } → { $after } ({ $delta })
ratings-changed = Puntuaciones: { $changes }.
games-count = { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}

games-none = No tienes ninguna partida en curso. Empieza una con { $challenge } @alguien.
games-header = Tus partidas en curso ({ $count }):
games-line = game:{ $id } { $game } contra { $others }, jugada { $ply }: { $turn }
games-line-clock = game:{ $id } { $game } contra { $others }, jugada { $ply }: { $turn }, { $left } para jugar
turn-yours = te toca
turn-theirs = le toca a { $person }

history-header = Partida { $id } de { $game } ({ $players }):
history-no-moves = Todavía no hay ninguna jugada.
history-position = Posición: { $code }
history-replay = Para reproducirla: { $command }

leaderboard-empty = Todavía no se ha jugado { $everywhere ->
        [yes] en ningún sitio
       *[no] aquí
    } ninguna partida de { $game } por puntos.
leaderboard-header = Clasificación de { $game } ({ $everywhere ->
        [yes] en todas partes
       *[no] aquí
    }):
leaderboard-row = { $rank }. { $person } { $rating } ({ $games })

ratings-header = Puntuaciones de { $person }:
ratings-line = { $game } { $here ->
        [yes] aquí
       *[no] en todas partes
    }: { $rating } ({ $games }, puesto { $rank } de { $of })
ratings-none = { $person } aún no tiene puntuación.
ratings-none-game = { $person } aún no tiene puntuación en { $game }.
ratings-versus = Contra { $other }: { $games }; { $wins ->
        [one] 1 ganada
       *[other] { $wins } ganadas
    }, { $draws ->
        [one] 1 empatada
       *[other] { $draws } empatadas
    }, { $losses ->
        [one] 1 perdida
       *[other] { $losses } perdidas
    }.
no-rating-yet = Aún no tienes puntuación: juega antes una partida por puntos.

## Clocks

notify-mention = Te avisaré de tu turno con una mención allí donde se juega la partida.
notify-dm = Te avisaré de tu turno por mensaje directo.
notify-off = No recibirás avisos (tu turno se sigue anunciando cuando alguien juega).
vacation-started = { $who } está de vacaciones hasta { $date }: sus relojes quedan parados hasta entonces.
vacation-started-moved = { $who } está de vacaciones hasta { $date }: sus relojes quedan parados hasta entonces. Se han aplazado los plazos en { $moved ->
        [one] 1 partida
       *[other] { $moved } partidas
    }.
vacation-ended = { $who } ha vuelto de vacaciones: los relojes vuelven a correr.
reminder = { $who }, te toca en la partida { $id } de { $game }: tienes { $left } (hasta { $date }).

## Languages. `$language` is the language's name, from `language-<code>` below.
language-me-set = A partir de ahora te respondo en { $language }.
language-me-reset = Se ha borrado tu elección de idioma: te respondo en { $language }, según tu aplicación o este sitio.
language-community-set = A partir de ahora, aquí los mensajes van en { $language }.
language-community-reset = Se ha borrado el idioma elegido aquí: los mensajes van en { $language }.
# The languages' names, as this catalog's language writes them (lowercase, as
# Spanish writes them: "te respondo en inglés").
language-en = inglés
language-fr = francés
language-es = español
language-nl = neerlandés
language-de = alemán

## The community's web page. $url its address; $off the command that turns it off.
web-page-on = La página web de este servidor o sala está activada: { $url }
    Quien tenga el enlace ve sus clasificaciones y sus últimas partidas (nombres de los jugadores, puntuaciones y jugadas, nada más). { $off } la desactiva; si se vuelve a activar, tendrá una dirección nueva.
web-page-off = La página web de este servidor o sala está desactivada: su enlace ya no lleva a ninguna parte.
web-page-was-off = La página web de este servidor o sala ya estaba desactivada.

## Faults

apology = Lo siento, algo ha fallado por mi parte; la partida sigue igual.

## Rules and help

rules-kuba = Kuba (2 jugadores, 7×7): empuja una de tus canicas una casilla; toda la fila que tiene delante se mueve con ella. La canica que sale por el borde queda fuera, y si sacas una roja o una canica del rival vuelves a empujar. No puedes deshacer enseguida el último empuje del rival. Gana quien saque 7 rojas o las 8 canicas del rival; pierde quien no tenga ningún empuje legal. Jugadas: a7-S (la canica de a7 empuja hacia el sur). Reglas caseras que puede elegir un desafío: extra_push:optional (se puede renunciar al empuje extra con la jugada pass), repetition:draw (si una posición se repite por tercera vez y le toca al mismo jugador, hay empate).
rules-kewbz = Kewbz (2 jugadores, tablero cuadrado, 8×8 salvo que size: diga otra cosa): coloca un cubo junto a otro del tablero (en diagonal también vale), sin completar nunca un cuadrado de 2×2. Por cada esquina que creas o extiendes apilas un cubo de tu color en su vértice, hasta torres de 5. La partida termina cuando un jugador coloca su último cubo; cada uno suma las alturas de las torres coronadas con su color y resta los cubos que le quedan en la reserva. Jugadas: la casilla, p. ej. c3.
rules-cabale = Cabale (de 2 a 4 jugadores, tablero hexagonal): tu corredor avanza en línea recta, gira una vez y sigue recto; donde gira dejas un bloque (o un bloque doble), que puede capturar bloques enemigos saltando por encima de ellos en línea, y puedes poner una barrera en un lado. Cada bloque vale lo que su casilla; las capturas también puntúan. La partida termina cuando un jugador ha usado su último bloque o cuando el jugador al que le toca no puede moverse; gana quien tenga más puntos. Regla casera que puede elegir un desafío: boxed_in:pass (con 3 o 4 jugadores, el corredor que no puede moverse pasa y los demás siguen jugando, hasta que ningún corredor pueda moverse).
rules-nuba = Nuba (2 jugadores, 5×6): coloca tus fichas 1–9 y el campeón X en tus dos filas de casa; después, en cada turno, avanza una ficha un paso, recto o en diagonal, y captura una ficha enemiga de número igual o mayor (X captura cualquier ficha y cualquiera puede capturarlo). La ficha que llega a la fila del fondo se convierte en el músico si su número supera al del músico actual. Si llega el campeón, su dueño gana en el acto; si no, gana el dueño del músico en cuanto al rival no le queda ninguna ficha más alta ni campeón para reemplazarlo.
help-header = Comandos, con { $command } como ejemplo ({ $commands } funcionan igual):
help-computer = jugar contra el ordenador


## Platforms

# Matrix: under a challenge, how to answer it with a reaction.
matrix-react-to-answer = Reacciona con ✅ para aceptar o con ❌ para rechazar.

# The terminal chat's own notes (printed after "* "). `$name` is a user name
# without the @, `$where` is "#general" or "el hilo kuba-K7Q2" (terminal-where-thread),
# `$time` a date as date-time writes it.
terminal-not-a-command = no es un comando; los comandos empiezan por / (prueba /boardbot help)
terminal-who-first = primero di quién eres: /as NOMBRE
terminal-is-a-bot = @{ $name } es un bot; actúa como una persona
terminal-you-are = eres @{ $name }
terminal-usage-as = uso: /as NOMBRE (letras, cifras, - y _)
terminal-bot-account = @{ $name } es una cuenta de bot
terminal-usage-bot = uso: /bot NOMBRE
terminal-you-are-in = estás en { $where }
terminal-where-thread = el hilo { $name }
terminal-usage-in = uso: /in #canal, o /in thread kuba-K7Q2
terminal-clock-fixed = el reloj de este terminal no se puede mover
terminal-usage-wait = uso: /wait DURACIÓN (2d, 23h30m, 90m)
terminal-clock-at = el reloj marca { $time }
terminal-welcome = chat local de boardbot en { $database }. /as NOMBRE para empezar, /boardbot help, /quit.
# Buttons as the terminal lists them; `$challenge` is the challenge's number.
terminal-action-accept = Aceptar el desafío { $challenge }
terminal-action-decline = Rechazar el desafío { $challenge }
# After where a message goes: only the person who asked sees it (`$name` without the @).
terminal-only = (solo para @{ $name })

# Discord: buttons, the confirmation of a resignation, pointers to where an answer went.
discord-button-accept = Aceptar
discord-button-decline = Rechazar
discord-button-resign = Abandonar
discord-button-draw = Ofrecer empate
discord-button-flip = Girar
discord-button-web = Ver en la web
discord-button-resign-confirm = Sí, abandonar
discord-answered-in-thread = Hecho: mira { $thread }.
discord-answered-elsewhere = Hecho.
# A game's first message in the channel when Discord lets the bot make no thread for a while.
discord-game-in-channel = Discord no deja que el bot abra más hilos por ahora, así que esta partida se juega aquí, en el canal.

game-seat-unknown = ?


## Reviews

# The computer's review of a finished game (/kuba analysis). Its labels, as on chess
# sites: an inaccuracy (?!) loses 5 points of the player's winning chances or more, a
# mistake (?) 10 or more, a blunder (??) 15 or more. $game is the game's title, $id its id.
review-queued = Analizando la partida { $id } de { $game }: el análisis se publicará aquí cuando esté listo.
review-underway = El análisis de la partida { $id } de { $game } ya está en marcha: se publicará donde se pidió.
review-header = Análisis del ordenador de la partida { $id } de { $game }:
# A player's line: $seat the player with their colour (as seat writes it), $accuracy 0 to 100, then how many moves of each kind.
review-player = { $seat }: precisión { $accuracy } %, { $inaccuracies ->
    [one] 1 imprecisión
   *[other] { $inaccuracies } imprecisiones
}, { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}, { $blunders ->
    [one] 1 error grave
   *[other] { $blunders } errores graves
}
# A player who made no move (the game ended before their turn); the counts are all 0.
review-player-no-move = { $seat }: ninguna jugada
review-turning-header = Las jugadas que más cambiaron la partida:
# $move the move with its number and sign (12. c3-N??), $seat who made it, $label its kind (review-label-…), $loss the winning chances it lost in points, $best the computer's move there.
review-turning-point = { $move } de { $seat }, { $label }: { $loss ->
    [one] 1 punto
   *[other] { $loss } puntos
} de probabilidad de ganar perdidos; mejor era { $best }
review-no-turning-point = Ninguna jugada perdió suficiente probabilidad de ganar para ser una imprecisión.
review-legend = ?! imprecisión: 5 puntos de probabilidad de ganar perdidos o más; ? error: 10 o más; ?? error grave: 15 o más.
# The annotated moves, in parts: $part of $parts. After a bad move, in brackets, the computer's move.
review-moves-header = Las jugadas de la partida { $id } de { $game }, anotadas ({ $part }/{ $parts }); entre paréntesis, la jugada del ordenador:
review-why = { $move } perdió { $loss ->
    [one] 1 punto
   *[other] { $loss } puntos
}.
review-first-move = Al empezar, su jugador tenía un { $before } % con la primera jugada del ordenador y un { $after } % después de esta.
review-expects = El ordenador espera { $line }.
review-expects-ended = La partida terminó con ella.
review-better = Mejor: { $best }.
review-better-then = Mejor: { $best }, y luego { $then }.
review-then = Tras { $best } esperaba { $then }.
review-doubt = (Dudoso: entre { $low } y { $high } puntos.)
review-in-doubt = { $count ->
    [one] Una valoración es dudosa: ni buscando más a fondo pudo el ordenador decidir a qué lado de un umbral cae lo que perdió esa jugada; su línea dice cuánto puede variar.
   *[other] { $count } valoraciones son dudosas: ni buscando más a fondo pudo el ordenador decidir a qué lado de un umbral cae lo que perdieron esas jugadas; sus líneas dicen cuánto puede variar.
}
review-label-inaccuracy = imprecisión
review-label-mistake = error
review-label-blunder = error grave
# The review's picture: its title, the value axis, a line's name ($name the player, $colour their colour), the second line of a small board's caption ($best the computer's move; the first line is the move with its number and sign).
review-chart-title = { $game } { $id }: probabilidad de ganar
review-chart-axis = Probabilidad de ganar (%)
review-chart-line = { $name } ({ $colour })
review-chart-better = mejor: { $best }
# What the review's picture shows, for people who cannot see it; $marked how many bad moves it marks.
picture-alt-review = Probabilidad de ganar a lo largo de la partida { $id } de { $game }, { $marked ->
    [0] ninguna mala jugada marcada
    [one] 1 mala jugada marcada
   *[other] { $marked } malas jugadas marcadas
}

## Tournaments. $tournament is a tournament as tournament-tag writes it.

# A tournament's pairing: $tournament as tournament-tag writes it, $round the round.
# Una oración entera: game-begins la sigue y empieza con mayúscula.
opening-tournament = Ronda { $round } de { $tournament }.
# Sin nombre: "Torneo suizo de Kuba", escrito como un nombre propio (sin artículo).
tournament-tag = { $named ->
        [yes] «{ $name }»
       *[no] { $format ->
            [swiss] Torneo suizo de { $game }
           *[other] Torneo de { $game } todos contra todos
        }
    }{ $edition ->
        [1] {""}
       *[other] , edición { $edition }
    } (torneo { $id })
tournament-created = { $creator } abre { $tournament }: { $game }, { $format ->
        [swiss] sistema suizo
       *[other] todos contra todos
    }, { $days ->
        [one] 1 día
       *[other] { $days } días
    } por jugada, { $rated ->
        [yes] por puntos
       *[no] amistoso
    }, hasta { $max } jugadores{ $rounds ->
        [0] {""}
        [one] , 1 ronda
       *[other] , { $rounds } rondas
    }. { $every ->
        [0] {""}
        [one] Una nueva edición empieza 1 día después de que termine cada una.{" "}
       *[other] Una nueva edición empieza { $every } días después de que termine cada una.{" "}
    }Inscríbete con { $join }; { $creator } puede empezarlo con { $start }.
tournament-page = Su página: { $url }
tournament-joined = { $who } se inscribe en { $tournament }: { $players ->
        [one] 1 jugador
       *[other] { $players } jugadores
    }.
tournament-left = { $who } deja { $tournament }: { $players ->
        [0] no queda nadie
        [one] queda 1 jugador
       *[other] quedan { $players } jugadores
    }.
tournament-withdraws = { $who } se retira de { $tournament } y ya no será emparejado{ $resigned ->
        [0] {""}
        [one] ; su partida en curso se da por perdida
       *[other] ; sus { $resigned } partidas en curso se dan por perdidas
    }.
tournament-withdrawn = { $who } perdió dos partidas de { $tournament } por tiempo y queda retirado: ya no será emparejado{ $resigned ->
        [0] {""}
        [one] , su partida en curso se da por perdida
       *[other] , sus { $resigned } partidas en curso se dan por perdidas
    }{ $series ->
        [yes] {" "}y no queda inscrito en la edición siguiente
       *[no] {""}
    }.
tournament-started = { $tournament } empieza con { $count ->
        [one] 1 jugador
       *[other] { $count } jugadores
    }: { $players }. { $format ->
        [swiss] { $rounds ->
            [one] 1 ronda
           *[other] { $rounds } rondas
        }, cada una emparejada cuando termina la última partida de la anterior.
       *[other] { $games ->
            [one] 1 partida, que empieza ahora.
           *[other] { $games } partidas, que empiezan todas ahora.
        }
    }
tournament-round = { $tournament }: la ronda { $round } de { $of } está emparejada, { $games ->
        [one] 1 partida
       *[other] { $games } partidas
    }.
# A Swiss round's bye: a win's points.
tournament-bye = { $who } queda exento (1 punto).
# A round robin's odd field: the player without a game in that round of the schedule.
tournament-rest = { $who } descansa en esta ronda.
tournament-finished = { $tournament } ha terminado. Clasificación final:
tournament-standing-line = { $rank }. { $person } { $points } · { $sb-label } { $sb } · { $second-label } { $second }{ $withdrawn ->
        [yes] {" "}(retirado)
       *[no] {""}
    }
# $date ya empieza por "el" (date-time): "empieza { $date }", nunca "empieza el { $date }".
tournament-next-edition = { $tournament } empieza { $date }{ $count ->
        [0] {" "}sin nadie inscrito todavía. Inscríbete con { $join }.
       *[other] {" "}con { $players }. Date de baja con { $leave }; otros pueden inscribirse con { $join }.
    }
tournament-cancelled = { $tournament } no pudo empezar: { $players ->
        [0] ningún jugador
        [one] 1 jugador
       *[other] { $players } jugadores
    }, hacían falta { $needed }. La serie termina aquí.
tournament-standings-open = { $tournament } no ha empezado; { $count ->
        [0] nadie se ha inscrito todavía
        [one] 1 jugador inscrito: { $players }
       *[other] { $count } jugadores inscritos: { $players }
    }. { $starts ->
        [yes] Empezará automáticamente { $date }.
       *[no] Quien lo creó puede empezarlo con { $start }.
    }
tournament-standings = Clasificación de { $tournament }, { $format ->
        [swiss] ronda { $round } de { $of }
       *[other] { $played } de { $games ->
            [one] 1 partida jugada
           *[other] { $games } partidas jugadas
        }
    }{ $state ->
        [finished] {" "}(final)
        [cancelled] {" "}(cancelado)
       *[other] {""}
    }:
tournament-pairings = { $tournament }, ronda { $round } de { $of }:
tournament-pairing-line = Mesa { $board }: { $white } contra { $black }, partida { $id }: { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 por incomparecencia
        [black_forfeit] 0–1 por incomparecencia
       *[none] en curso
    }
tournament-list-none = Aún no hay ningún torneo aquí; abre uno con { $create }.
tournament-list-header = Los torneos de aquí:
tournament-list-line = { $tournament }: { $state ->
        [open] inscripción abierta, { $players ->
            [one] 1 jugador
           *[other] { $players } jugadores
        }
        [running] ronda { $round } de { $of }, { $players ->
            [one] 1 jugador
           *[other] { $players } jugadores
        }
        [finished] terminado
       *[cancelled] cancelado
    }
# The title of a standings picture.
standings-title = { $tournament } · ronda { $round }
