### Los comandos: lo que Discord muestra para cada comando, subcomando y opción (como
### mucho 100 caracteres cada uno: el límite de Discord), las palabras que la ayuda
### escribe para los valores y la tabla de comandos del README. Los ids los nombra la
### declaración (src/service/commands.rs) y las opciones de reglas de cada juego
### (src/games/*/mod.rs). $game es el título del juego (Kuba); el README pasa
### readme-the-game ("este juego").
###
### Los nombres de comandos y opciones se quedan en inglés: es lo que se escribe. Un
### valor por defecto se nombra, entre comillas, como lo nombra el menú de Discord
### (por defecto, «Al azar», de choice-…), nunca con la palabra que se escribe (random): un test lo
### comprueba. Con "este juego" valen "de { $game }" y "a { $game }" (con "el juego"
### saldría "de el juego").
### Glosario: el de main.ftl (desafío, por puntos, amistosa, deshacer la jugada,
### vacaciones, clasificación, el ordenador, partida, jugada, puntuación, aviso,
### anular, repetición, regla casera, idioma).

## Commands

command-game = Jugar a { $game }: desafiar, jugar, abandonar y más
command-boardbot = Tus partidas, puntuaciones, avisos y vacaciones

## A game's subcommands

command-challenge = Desafiar a alguien, o a mí (el ordenador) con un nivel
command-accept = Aceptar un desafío
command-decline = Rechazar un desafío
command-cancel = Cancelar tu propio desafío
command-move = Hacer una jugada; empieza a escribir y elige una de las jugadas legales
command-board = Mostrar el tablero (cualquiera puede mirarlo)
command-replay = Una repetición animada de una partida, terminada o en curso (cualquiera puede pedirla)
command-analysis = El análisis del ordenador de una partida terminada: precisión, errores y mejores jugadas
command-resign = Abandonar la partida
command-abort = Anular la partida antes de tu primera jugada (sin resultado, no cuenta para la puntuación)
command-draw = Ofrecer un empate o responder a una oferta
command-takeback = Pedir deshacer tu última jugada, o responder a la petición
command-premove = Jugadas condicionales: responder al momento a la jugada rival prevista (ver, añadir, borrar)
command-history = Las jugadas y el código de posición
command-play = Jugar la partida en su tablero: su página web, o la Actividad de Discord
command-leaderboard = Los mejores jugadores de { $game }
command-rating = La puntuación de un jugador, o el cara a cara de dos jugadores
command-rules = Las reglas de { $game }
command-help = Lo que puedes hacer

## The subcommands of boardbot

command-boardbot-games = Tus partidas en curso, a quién le toca y el tiempo que queda
command-boardbot-rating = La puntuación de un jugador, o el cara a cara de dos jugadores
command-boardbot-leaderboard = Los mejores jugadores de un juego
command-boardbot-notify = Cómo te aviso de que es tu turno
command-boardbot-vacation = Parar todos tus relojes unos días, o terminar antes tus vacaciones
command-boardbot-language = El idioma en que te respondo, o el de este servidor o sala
command-boardbot-rules = Las reglas de un juego
command-boardbot-web = La página web de este servidor o sala, activada o no (moderadores); o tu sesión en las páginas web
command-boardbot-help = Lo que puedes hacer

## Options

option-opponent = A quién desafías; elige al bot para jugar contra el ordenador
# Discord's opponent2, opponent3 …: $players is how many play with this one.
option-opponent-more = { $players ->
        [3] Un segundo rival (3 jugadores)
        [4] Un tercer rival (4 jugadores)
       *[other] Un rival más ({ $players } jugadores)
    }
option-first = Quién empieza (por defecto, «{ choice-first-random }»)
option-rated = Si la partida cuenta para la puntuación (por defecto, no)
option-level = La fuerza del ordenador (por defecto, «{ choice-level-medium }»)
option-days = Tiempo por jugada (por puntos: 3 días por defecto; { days-unlimited }: solo amistosas)
option-settings = Opciones de reglas en JSON, p. ej. {"{"}"size":10{"}"}
option-start = Empezar desde este código de posición (solo amistosas)
option-challenge = El número del desafío, si hay varios abiertos
option-move = La jugada, en cualquier notación que admita el juego
option-game-id = El id de la partida (K7Q2); no hace falta en el hilo de la partida
option-game-kind = Qué juego
option-flip = Verlo desde el otro lado
option-speed = A qué velocidad se suceden las jugadas (por defecto, «{ choice-speed-normal }»)
option-answer = Pedir, o responder a la petición pendiente
option-premove-line = La jugada rival, luego tu respuesta, y así sucesivamente: "g7-S a6-E f1-N b7-S"
option-premove-clear = Borrar todas tus jugadas condicionales de la partida
option-scope = Aquí (por defecto) o en todas partes
option-player = De quién es la puntuación (por defecto, la tuya)
option-vs = Cara a cara contra este jugador
option-how = Una mención donde se juega la partida, un mensaje directo o nada
option-user = De quién son los avisos (solo los tuyos)
option-vacation-days = Cuántos días parar tus relojes
option-vacation-end = Terminar ya tus vacaciones
option-language = El idioma en que te respondo, o volver al de tu aplicación o de este sitio
option-language-scope = El tuyo (por defecto), o el de este servidor o sala (para sus moderadores)
option-web-state = «{ choice-state-on }» o «{ choice-state-off }»: la página de aquí; o iniciar o cerrar tu sesión en la web
# The choice of no deadline among the days per move.
days-unlimited = sin límite

## Choices as Discord's menus name them (the word sent is the one help shows).
## choice-<option>-<word>; a choice without a message is shown as its word.
choice-first-me = Empiezo yo
choice-first-them = Empieza el rival
choice-first-random = Al azar
choice-level-random = Aleatorio (hace cualquier jugada legal)
choice-level-greedy = Voraz (captura lo que puede)
choice-level-easy = Fácil
choice-level-medium = Medio
choice-level-hard = Difícil
choice-answer-offer = Ofrecer
choice-answer-ask = Pedir
choice-answer-accept = Aceptar
choice-answer-decline = Rechazar
choice-scope-here = Aquí
choice-scope-global = En todas partes
choice-how-mention = Una mención donde se juega la partida
choice-how-dm = Un mensaje directo
choice-how-off = Sin avisos
choice-state-on = Activada
choice-state-off = Desactivada
choice-state-login = Iniciar sesión en la web
choice-state-logout = Cerrar sesión en la web
choice-language-en = English (inglés)
choice-language-fr = Français (francés)
choice-language-es = Español
choice-language-nl = Nederlands (neerlandés)
choice-language-de = Deutsch (alemán)
choice-language-reset = Volver al idioma de mi aplicación o de este sitio
choice-scope-me = El mío
choice-scope-server = El de este servidor
choice-scope-room = El de esta sala
choice-extension-line = Línea
choice-extension-arm = Brazo
choice-speed-slow = Lenta
choice-speed-normal = Normal
choice-speed-fast = Rápida
choice-extra_push-mandatory = Obligatorio
choice-extra_push-optional = Se puede renunciar
choice-repetition-none = Se sigue jugando
choice-repetition-draw = Es empate
choice-boxed_in-end = La partida termina
choice-boxed_in-pass = Pasa y los demás siguen

## The games' rule options ($min, $max, $default from the game's declaration)

option-kewbz-size = Tamaño del tablero, de { $min } a { $max } (por defecto, { $default })
option-kewbz-extension = Cómo se extiende una esquina al colocar (por defecto, «{ $default }»)
option-cabale-sharp = Si los corredores pueden hacer giros cerrados (por defecto, { $default ->
        [yes] sí
       *[other] no
    })
# House rules: "optional" lets a player decline the push a capture earns.
option-kuba-extra-push = El empuje extra tras una captura (por defecto, «{ $default }»)
option-kuba-repetition = Cuando una posición se repite por tercera vez (por defecto, «{ $default }»)
option-cabale-boxed-in = Un corredor bloqueado, con 3 o 4 jugadores (por defecto, «{ $default }»)

## What help writes for a value

help-value-number = N
help-value-id = ID
help-value-kind = JUEGO
help-value-json = JSON
help-value-code = CÓDIGO
help-value-move = TEXTO
help-value-line = "JUGADAS"
help-value-text = TEXTO
help-value-opponent = @bob
help-value-user = @usuario
help-value-other = @otro

## README's commands table

readme-table-intro = Un comando por juego ({ $commands }), cada uno con los subcomandos de abajo, y { $general } para lo demás:
readme-table-head = | comando | qué hace | opciones |
readme-the-game = este juego

## Tournaments: the command, its subcommands, options and choices

command-boardbot-tournament = Torneos: sistema suizo y todos contra todos, dirigidos por el bot
command-tournament-create = Abrir la inscripción a un torneo de un juego en este canal
command-tournament-join = Inscribirte en un torneo
command-tournament-leave = Dejar un torneo, o retirarte de él una vez empezado
command-tournament-start = Empezar un torneo (quien lo creó, o un moderador)
command-tournament-standings = La clasificación de un torneo, con una imagen
command-tournament-pairings = Los emparejamientos y resultados de una ronda
command-tournament-list = Los torneos de este servidor o de esta sala
option-format = «{ choice-format-swiss }»: rondas emparejadas por puntos; «{ choice-format-roundrobin }»: una partida contra cada rival
option-rounds = Rondas de un torneo suizo (por defecto, las necesarias según los inscritos, como mucho 7)
option-tournament-days = Tiempo por jugada de sus partidas (por defecto, 3 días)
option-tournament-rated = Si sus partidas cuentan para la puntuación (por defecto, sí)
option-max = El máximo de jugadores (por defecto, 64)
option-every = Una serie: una nueva edición empieza tantos días después de que termine cada una
option-tournament-name = Su nombre (va al final: el resto de la línea)
option-tournament = El número del torneo, cuando aquí hay varios
option-round = La ronda (por defecto, la última emparejada)
choice-format-swiss = Sistema suizo
choice-format-roundrobin = Todos contra todos
