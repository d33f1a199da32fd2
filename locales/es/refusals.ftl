### Negativas: lo que se le dice a quien pide algo que no cambia nada.
### Un mensaje por variante de `Refusal` (src/service/refusal.rs), llamado
### refused-<variante en kebab case>. Cada uno dice qué falla y, si lo hay, qué hacer.
### Variables como en main.ftl; $expected, $known y $games llegan ya escritas como
### listas. Los nombres de opciones (days:, game:, challenge: …) y los valores que se
### escriben (yes, no, unlimited, dm, end …) no se traducen.
###
### Glosario: el de main.ftl (desafío, por puntos, amistosa, deshacer la jugada,
### vacaciones, clasificación, el ordenador, partida, jugada, puntuación, aviso).

refused-from-bot = No acepto comandos de bots.
refused-unknown-user = No conozco a @{ $name }.
refused-not-in-room = No conozco a { $name }: no está en esta sala (invita primero a esa persona).
refused-ambiguous-name = Aquí hay varias personas que se llaman { $name }: menciona a una o escribe su id de usuario.

## Reading a command

refused-no-command = Escribe { $help } para ver los comandos.
refused-unknown-game = No conozco el juego "{ $word }": los juegos son { $games } (y { $general } para todo lo demás).
refused-unknown-subcommand = { $command } no tiene ningún comando "{ $word }": prueba con { $known }.
refused-unknown-option = { $sub } no tiene la opción { $option }: { $count ->
        [0] no admite opciones.
       *[other] admite { $known }.
    }
refused-option-of-other-games = { $option }: es una opción de { $games }, no de { $game }.
refused-bad-value-yes-no = { $option }:{ $value } no es una respuesta de sí o no: escribe { $option }:yes o { $option }:no.
refused-bad-value-number = { $option }:{ $value } no es un número: escribe, por ejemplo, { $option }:3.
refused-bad-value-range = { $option }:{ $value } no es un número entre { $min } y { $max }.
refused-bad-value-one-of = { $option }:{ $value } no es { $choices }.
refused-bad-value-days = { $option }:{ $value } no es un número de días: escribe { $option }:3 (1, 2, 3, 5, 7 o 14) o { $option }:unlimited.
refused-bad-value-game-id = { $option }:{ $value } no es un id de partida como K7Q2.
refused-bad-value-user = { $option }:{ $value } no es una persona: escribe { $option }:@alguien.
refused-missing-option = { $sub } necesita { $option }:.
refused-extra-words = { $sub } no admite "{ $word }".
refused-no-mention-here = { $sub } no admite mencionar a nadie (has escrito @{ $name }).
refused-too-many-named = { $sub } admite un solo jugador.
refused-settings-not-object = settings:{ $text } no es un objeto JSON como {"{"}"size":10{"}"}.
refused-bad-settings = Esas opciones de reglas no sirven: { $reason }.
refused-players-mismatch = Esas opciones de reglas no sirven: players vale { $given }, pero el desafío es para { $seats } jugadores (tú y { $opponents ->
        [one] 1 rival
       *[other] { $opponents } rivales
    }).

## Challenges

refused-no-opponent = Di contra quién juegas: { $challenge } @bob (o { $bot } para jugar contra el ordenador).
refused-computer-one-to-one = Contra el ordenador se juega uno contra uno: { $challenge } { $bot }.
refused-too-many-opponents = { $max ->
        [2] { $game } es para dos jugadores: nombra a un solo rival.
       *[other] { $game } es para 2 a { $max } jugadores: nombra como mucho a { $opponents } rivales.
    }
refused-named-twice = Has nombrado dos veces a { $who }.
refused-challenge-self = No puedes desafiarte a ti mismo: nombra a otra persona, o a { $bot } para jugar contra el ordenador.
refused-other-bot = { $who } es un bot; el único bot contra el que puedes jugar aquí soy yo (desafía a { $bot }).
refused-already-challenged = Ya tienes un desafío pendiente con { $who } (desafío { $challenge }); cancélalo antes o espera su respuesta.
# $limit: the most open challenges one player may have made at once (a number).
refused-too-many-challenges = Ya tienes { $limit ->
        [one] 1 desafío abierto
       *[other] { $limit } desafíos abiertos
    }, el máximo que puede tener un jugador: cancela alguno o espera respuesta antes de lanzar otro.
refused-computer-rated = Las partidas contra el ordenador nunca son por puntos: quita rated:yes.
# $max: the most games in progress against the computer one player may have (a number, at least 1).
refused-computer-games-limit = { $max ->
        [one] Ya tienes una partida en curso contra el ordenador, el máximo que puede tener aquí un jugador; termínala o abandónala antes.
       *[other] Ya tienes { $max } partidas en curso contra el ordenador, el máximo que puede tener aquí un jugador; termina o abandona alguna antes.
    }
refused-level-without-computer = level: es para partidas contra el ordenador (desafía a { $bot }).
refused-start-rated = Empezar desde una posición dada solo vale en partidas amistosas: añade rated:no o quita start:.
refused-start-code = No se puede empezar desde esa posición: { $reason }.
refused-start-over = No se puede empezar desde esa posición: en ella la partida ya ha terminado.
refused-rated-needs-clock = Una partida por puntos necesita reloj: elige days:1, 2, 3, 5, 7 o 14 (3 si no dices nada).
refused-bad-days = days:{ $days } no es un control de tiempo: elige 1, 2, 3, 5, 7 o 14 días por jugada, o unlimited (solo en partidas amistosas).
refused-no-challenge-waiting = No hay ningún desafío de { $game } que espere tu respuesta.
refused-no-challenge-to-cancel = No tienes ningún desafío de { $game } abierto que cancelar.
refused-no-such-challenge = No existe el desafío { $challenge }.
refused-challenge-closed = El desafío { $challenge } { $state ->
        [accepted] ya fue aceptado
        [declined] ya fue rechazado
        [expired] ha caducado
       *[cancelled] fue cancelado
    }; ya no está abierto.
refused-challenge-of-other-game = El desafío { $challenge } es de { $actual }, no de { $asked }: usa { $command }.
refused-own-challenge = El desafío { $challenge } es tuyo; espera la respuesta de los demás (cancélalo con { $cancel }).
refused-not-your-challenge = El desafío { $challenge } no va dirigido a ti.
refused-already-accepted = Ya has aceptado el desafío { $challenge }; falta que respondan los demás.
refused-not-challenger = Solo quien lanzó el desafío { $challenge } puede cancelarlo; tú puedes rechazarlo.
refused-several-challenges = Hay varios desafíos de { $game } abiertos: { $list }. Indica cuál con challenge:{ $first }.
challenge-from = el desafío { $challenge } de { $person }
refused-challenge-expired = El desafío { $challenge } ha caducado: pasó demasiado tiempo sin respuesta. Pide uno nuevo.

## Finding the game

refused-no-such-game = No existe la partida { $id }.
# $id: the game's id as typed (K7Q2).
refused-game-elsewhere = La partida { $id } es de otro servidor u otra sala: desde aquí solo pueden verla sus jugadores.
refused-wrong-kind = La partida { $id } es de { $actual }, no de { $asked }: usa { $command }.
refused-no-game-of-kind = No tienes ninguna partida de { $game } en curso; indica una con game:ID o empieza otra con { $challenge }.
refused-several-games = Tienes { $count } partidas de { $game } en curso; indica cuál con game:ID:
several-games-line = game:{ $id } contra { $others } ({ $turn ->
        [yes] te toca
       *[no] le toca al rival
    })
refused-not-seated = No juegas en la partida { $id }.
refused-not-your-turn = No es tu turno en la partida { $id }: le toca a { $waiting }.
refused-game-over = La partida { $id } ha terminado; empieza otra con challenge.
# abort after one's own first move; $id is the game's id.
refused-abort-too-late = Ya has jugado en la partida { $id }: ya no se puede anular (puedes abandonarla).

## Moves

refused-empty-move = Falta la jugada: indícala, por ejemplo { $move } { $example }.
refused-malformed = Esa jugada no se admite: { $reason }.
refused-illegal = Esa jugada no se admite: { $reason }.
refused-moved-on = La partida ha avanzado mientras escribías; vuelve a mirar el tablero.
refused-menu-move-passed = Esa jugada se ofreció en la jugada { $offered } de la partida { $id }, que ya va por la jugada { $now }: vuelve a elegir en el tablero.

## Jugadas condicionales (premove)

refused-premove-computer = Las jugadas condicionales son para partidas entre personas: en la partida { $id } juegas contra el ordenador.
refused-premove-your-turn = Te toca en la partida { $id }: haz tu jugada. Las jugadas condicionales se dejan preparadas mientras les toca a los demás.
refused-premove-move = En esa línea, la jugada { $n } ({ $move }) no se admite: { $reason }.
refused-premove-ends-with-theirs = Una línea termina con tu respuesta: su última jugada, { $move }, sería de { $who }.
refused-premove-empty = Indica las jugadas de la línea, las de los demás y tus respuestas por turnos; por ejemplo, { $premove } line:"{ $example }".
refused-premove-too-long = Una línea tiene como máximo { $max } jugadas.
refused-premove-too-many = Ya tienes { $max } líneas en la partida { $id }, el máximo: { $clear } las borra.

## Draws and takebacks

refused-draw-for-two = Las ofertas de empate son para partidas de dos jugadores; con más jugadores, sigue jugando o abandona.
refused-draw-already-offered = Tu oferta de empate ya está esperando respuesta.
refused-no-draw-offered = Nadie ha ofrecido un empate en la partida { $id }.
refused-own-draw-offer = Esa oferta es tuya; la responden los demás.
refused-no-move-yet = Todavía no se ha hecho ninguna jugada.
refused-takeback-not-yours = Solo puedes deshacer tu propia última jugada, antes de que se haga la siguiente.
refused-takeback-rated = Esta partida es por puntos: solo se puede deshacer una jugada antes de que tu rival juegue.
refused-takeback-pending = Ya hay una petición de deshacer la jugada; falta la respuesta.
refused-computer-no-takeback = El ordenador no deshace jugadas.
refused-no-takeback-asked = Nadie ha pedido deshacer la jugada en la partida { $id }.
refused-own-takeback = Esa petición es tuya; la responden los demás.

## Ratings

refused-computer-no-rating = { $bot } no tiene puntuación: las partidas contra el ordenador nunca son por puntos.
refused-not-played-yet = { $who } todavía no ha jugado aquí.

## Clocks

refused-notify-others = Solo puedes elegir tus propios avisos: { $notify } dm.
refused-vacation-days = days:{ $days } no sirve para unas vacaciones: indica un número de días entre 1 y { $cap }.
refused-on-vacation = Estás de vacaciones hasta { $date }; termínalas antes con { $end }.
refused-language-not-manager = Solo quien puede cambiar la configuración de este sitio (Gestionar servidor en Discord, cambiar el nombre de la sala en Matrix) puede elegir su idioma. Tu propio idioma lo eliges tú: quita scope:.
refused-language-no-community = Aquí no hay ningún servidor ni sala para el que elegir un idioma. Tu propio idioma lo eliges tú: quita scope:.
refused-web-not-manager = Solo quien puede cambiar la configuración de este sitio (Gestionar servidor en Discord, cambiar el nombre de la sala en Matrix) puede activar o desactivar su página web.
refused-web-no-community = Una página web pertenece a un servidor o a una sala: pídela allí, no en un mensaje directo.
refused-web-not-served = Este bot no sirve páginas web: quien lo aloja no las ha configurado ([web] en su configuración).
refused-vacation-cap = Te { $left ->
        [one] queda 1 día
       *[other] quedan { $left } días
    } de vacaciones este año (como mucho { $cap } al año; ya has usado { $taken }): pide days:{ $left } o menos.
refused-not-on-vacation = No estás de vacaciones.

## The platforms' own

refused-not-answered = A este tipo de interacción no respondo.
refused-stale-button = Ese botón ya no es válido.

## The commands' declaration

refused-takes-one-of = { $sub } admite { $words }.
refused-bad-value-text = { $option }: admite texto, no { $value }.
# Un valor de varias palabras escrito sin comillas (line:g7-S a6-E).
refused-unquoted = Pon entre comillas un valor de varias palabras: { $option }:"{ $value }".


## Reviews

# analysis of a game still being played; $id the game's id.
refused-review-of-game-in-progress = La partida { $id } todavía se está jugando: el ordenador analiza una partida cuando termina (un análisis ahora le diría a un jugador qué jugar).
# analysis of a game that ended before its first move.
refused-nothing-to-review = La partida { $id } terminó antes de su primera jugada: no hay nada que analizar.
# The asker's review of another game is still being made: one at a time. $game the game's title, $id its id.
refused-review-busy = Tu análisis de la partida { $id } de { $game } todavía se está haciendo: pide otro cuando se haya publicado.

## Tournaments. $tournament is a tournament as tournament-tag writes it.

refused-tournament-no-community = Un torneo pertenece a un servidor o a una sala: pídelo allí, no en un mensaje directo.
refused-tournament-no-clock = Las partidas de un torneo necesitan reloj: elige days: 1, 2, 3, 5, 7 o 14.
refused-tournament-rounds-for-swiss = rounds: solo vale para un torneo suizo; un torneo todos contra todos tiene las rondas que necesiten sus jugadores.
refused-tournament-name-too-long = El nombre de un torneo tiene como mucho { $max } caracteres.
refused-no-such-tournament = No hay ningún torneo { $id }; { $list } muestra los de aquí.
refused-tournament-elsewhere = El torneo { $id } es de otro servidor o de otra sala.
refused-no-tournament-here = Ningún torneo de aquí encaja; { $list } muestra los de aquí, y { $create } abre uno.
refused-several-tournaments = Encajan varios torneos: { $tournaments }. Di cuál con tournament:N.
refused-tournament-not-open = { $tournament } { $state ->
        [running] ya empezó: no admite más inscripciones
        [finished] ha terminado
        [cancelled] se canceló
       *[open] está abierto
    }.
refused-tournament-full = { $tournament } ya tiene sus { $max } jugadores.
refused-already-entered = Ya estás inscrito en { $tournament }.
refused-not-entered = No estás inscrito en { $tournament }.
refused-already-withdrawn = Ya te retiraste de { $tournament }.
refused-tournament-not-yours = Solo quien creó { $tournament }, o quien puede cambiar la configuración de este sitio, puede empezarlo.
refused-tournament-too-few = { $tournament } { $players ->
        [0] no tiene ningún jugador
        [one] solo tiene 1 jugador
       *[other] solo tiene { $players } jugadores
    }; necesita al menos { $needed } para empezar.
refused-tournament-barred = Perdiste dos partidas del torneo { $previous } por tiempo y fuiste retirado: no puedes inscribirte en { $tournament }, su edición siguiente.
refused-tournament-no-abort = La partida { $id } es de un torneo: no se puede anular. Para dejarla, abandona con { $resign }.
refused-tournament-no-round = { $tournament } no tiene { $paired ->
        [0] ronda { $round } todavía: no ha empezado
        [one] ronda { $round } todavía: solo está emparejada la ronda 1
       *[other] ronda { $round }: están emparejadas las rondas 1 a { $paired }
    }.
