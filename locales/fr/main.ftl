### boardbot — ce que dit le bot (français).
###
### Les mêmes messages, avec les mêmes variables, que le catalogue anglais (locales/en),
### qui fait référence ; un test le vérifie. Les personnes ($who, $challenger …)
### arrivent déjà écrites comme la plateforme les mentionne (@alice, <@123>, une
### pastille Matrix) ; les commandes ($accept, $decline …) comme la plateforme les
### écrit (/kuba accept, !kuba accept).
###
### Pluriels : { $n -> [one] … *[other] … }. En français, [one] vaut pour 0 ET 1
### (« 0 partie », « 1 jour ») : écrire { $n } dans [one], jamais « 1 ».
###
### Registre : tutoiement (tu, ton, tes), comme entre joueurs sur un serveur de
### discussion ; les descriptions des commandes Discord sont à l’infinitif, comme dans
### l’interface de Discord. Typographie : espace insécable (U+00A0) avant : ; ! ? et à
### l’intérieur des guillemets « » ; apostrophe typographique ’. Ce que l’on tape reste
### tel quel : noms de commandes et d’options (days:3, game:ID, challenge:N), mots de
### commande (accept, decline, offer, ask, mention, dm, off, here, global, yes, no,
### unlimited, les niveaux random … hard), la notation (a7-S, N/E/S/W), @bob, K7Q2.
###
### Glossaire (garder ces mots partout, dans tous les fichiers). Une ligne
### « anglais → français » est vérifiée par tests/it/wording.rs : là où le message
### anglais emploie le mot de gauche, le message français emploie celui de droite (ou
### un mot qui commence comme lui : « cote » vaut pour « cotes ») ; « | » sépare des
### mots qui conviennent tous, « ≠ » nomme des mots à n’employer nulle part.
###   challenge → défi  (le défi 3) ; défier quelqu’un ; lancer un défi
###   accept/decline  accepter / refuser (un défi, une nulle, une reprise)
###   cancel          retirer (son propre défi) ; jamais « annuler », qui est abort
###   rated / casual → classé | cote / amical  (partie classée / amicale) : compte pour la cote, ou non
###   rating → cote  (la cote de @alice) ; « ? » après une cote provisoire
###   leaderboard → classement  (les meilleures cotes d’un jeu) ; le classement d’un tournoi aussi
###   takeback → reprise | reprend  (reprendre son dernier coup avec l’accord des autres ;
###                   demander à reprendre un coup)
###   vacation → vacances  (toutes les pendules d’un joueur à l’arrêt)
###   computer → ordinateur  (l’ordinateur, le bot comme adversaire, à un niveau)
###   level           niveau : aléatoire, glouton, facile, moyen, difficile
###   game            partie (une partie de Kuba) ; jeu (Kuba est un jeu)
###   move            coup (a7-S) ; « coup 12 » : le 12e coup de la partie
###   seat            camp : la place d’un joueur, nommé par sa couleur (Blanc, Bleu …),
###                   sans article : « au tour de Blanc », « Jaune gagne »
###   resign / draw   abandonner / nulle (proposer la nulle, partie nulle)
###   clock           pendule ; le temps qui reste : « il reste 2 jours »
###   reminder        rappel
###   thread          fil (de discussion)
###   board           plateau ; square / cell : case ; rank : rangée ; file : colonne
###   position code   code de position
###   rule options    options de règles
###   house rule → variante  (une option de règles qu’un défi peut choisir)
###   abort → annul  (annuler la partie avant le premier coup : pas de résultat, la
###                   partie ne compte pas pour les cotes)
###   replay → animation ≠ rediffusion  (revoir une partie en animation, image animée)
###   review → analys  (l’analyse d’une partie terminée par l’ordinateur)
###   rating chart    évolution de la cote (graphique)
###   tournament → tournoi  (ronde, appariement, exempt, système suisse, toutes rondes,
###                   édition d’une série, s’inscrire / se désinscrire) ; sans nom :
###                   « Tournoi suisse de Kuba », écrit comme un nom propre, sans article
###   standings → classement  (le classement d’un tournoi, classement final)
###   language        langue ; les noms de langues en minuscules (en français)
###   server / room   serveur (Discord) / salon (Matrix, et le salon du terminal)
###   upload limit    taille maximale d’envoi (des fichiers sur la plateforme)

## Lists and small words

# Two items of a list ("a, b and c" is built from these).
list-and = { $first } et { $last }
list-or = { $first } ou { $last }
list-comma = { $first }, { $rest }
# Players of a game in seat order.
list-versus = { $first } contre { $rest }
# A move and what it did: a7-S · pousse 2 billes.
list-dot = { $first } · { $rest }

level-random = aléatoire
level-greedy = glouton
level-easy = facile
level-medium = moyen
level-hard = difficile

# A seat with its colour: @alice (Blanc)
seat = { $person } ({ $colour })
# The computer in lists: @boardbot (difficile)
computer-at-level = { $person } ({ $level })

## Times and dates

duration-days = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}
duration-days-hours = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} et { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}
duration-hours = { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}
duration-hours-minutes = { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
} et { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
duration-minutes = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
duration-under-a-minute = moins d’une minute
# 3 décembre 2026 à 14:00 UTC (« 1er » pour le premier du mois), toujours après
# « jusqu’au » ou « le » (donc sans article). $day et $month sont sur deux chiffres ;
# on écrit le mois en toutes lettres à partir de $month-number.
# Also passed: $day, $month
date-time = { $day-number ->
    [1] 1er
   *[other] { $day-number }
} { $month-number ->
    [1] janvier
    [2] février
    [3] mars
    [4] avril
    [5] mai
    [6] juin
    [7] juillet
    [8] août
    [9] septembre
    [10] octobre
    [11] novembre
   *[12] décembre
} { $year } à { $hour }:{ $minute } UTC

## Clocks on boards

clock-left = il reste { $time }
clock-vacation = { $person } est en vacances jusqu’au { $date }
clock-left-vacation = il reste { $time } ; { $person } est en vacances jusqu’au { $date }
# After a move or on a board: whose turn it is.
to-move = Au tour de { $seat }.
to-move-clock = Au tour de { $seat } — { $clock }.
# On the picture's panel.
picture-clock = Pendule : { $clock }

## Challenges

challenge-first-person = { $person } commence
challenge-first-random = premier joueur tiré au sort
challenge-made = { $challenger } défie { $challenged } pour une partie { $rated ->
        [yes] classée
       *[no] amicale
    } de { $game } ({ $first }{ $from-position ->
        [yes] , depuis une position donnée
       *[no] {""}
    }{ $days ->
        [0] {""}
        [one] , { $days } jour par coup
       *[other] , { $days } jours par coup
    }) ; défi { $challenge }. { $challenged } : { $count ->
        [one] accepte ou refuse
       *[other] acceptez ou refusez chacun
    } avec { $accept } ou { $decline }.
challenge-accepted-waiting = { $who } accepte le défi { $challenge } ; on attend { $waiting }.
challenge-declined = { $who } refuse le défi { $challenge } de { $challenger } ({ $game }).
challenge-cancelled = { $who } retire le défi { $challenge } ({ $game }).
challenge-expired = Le défi { $challenge } de { $challenger } à { $challenged } ({ $game }) a expiré sans réponse.
challenges-expired = { $count ->
    [one] { $count } défi a expiré sans réponse :
   *[other] { $count } défis ont expiré sans réponse :
}

## A game begins

opening-computer = { $who } affronte l’ordinateur ({ $level }).
opening-accepted = { $who } accepte le défi { $challenge }.
game-begins = { $opening } La partie de { $game } { $id } commence : { $players }, { $rated ->
        [yes] classée
       *[no] amicale
    }. { $where ->
        [this] Jouez dans le fil de ce message.
       *[named] Jouez dans le fil { $thread }.
    }
game-start = Partie de { $game } { $id }. { $next }
# A game's thread's title, where threads have names (Discord): $game the game's title,
# $players its players' names (as list-versus joins them), $id the game's id.
thread-title = { $game } · { $players } · { $id }
# A message naming a thread by its title, before the thread exists: in quotation marks.
thread-title-quoted = « { $title } »

## Moves and endings

moved = { $mover } joue { $move }. { $next }
board-ongoing = Partie de { $game } { $id }, coup { $ply }. { $next }
board-over = Partie de { $game } { $id }. { $ending }

end-resigned = abandon
end-timed-out = temps écoulé
end-aborted = partie annulée
end-agreed = nulle d’un commun accord
end-unknown = raison inconnue
result-none = Pas de résultat.
result-draw = Partie nulle.
result-winner = { $winner } gagne.
result-shared = { $winners } se partagent la première place.
game-over = Fin de la partie ({ $why }). { $result }
game-over-scores = Fin de la partie ({ $why }). { $result } Scores : { $scores }.

confirm-resign = Abandonner la partie de { $game } { $id } ? C’est définitif.
resigned = { $who } abandonne. { $ending }
draw-agreed = { $who } accepte la nulle. { $ending }
timed-out = { $who } n’a plus de temps. { $ending }
# A game ended before it began: no result, no rating change. $who is the player,
# $ending the result line (it says "aborted").
aborted-asked = { $who } annule la partie avant d’avoir joué son premier coup : elle ne compte pas pour les cotes. { $ending }
aborted-resigned = { $who } abandonne avant que tous les joueurs aient joué : la partie est annulée et ne compte pas pour les cotes. { $ending }
aborted-timed-out = { $who } a dépassé son temps avant que tous les joueurs aient joué : la partie est annulée et ne compte pas pour les cotes. { $ending }
left-on-time = { $who } n’a plus de temps et quitte la partie à la dernière place ; les autres continuent. { $next }
taken-back = { $who } accepte : le dernier coup est repris. { $next }

# The picture's panel and its description for people who cannot see it.
picture-result-resigned = { $who } a abandonné
picture-result-timed-out = Temps écoulé pour { $who }
picture-result-agreed = Nulle d’un commun accord
picture-result-aborted = Partie annulée
picture-alt = Plateau de la partie de { $game } { $id } après le coup { $ply }, au tour de { $colour }
picture-alt-over = Plateau de la partie de { $game } { $id } après le coup { $ply }, partie terminée
picture-alt-clock = { $alt }, pendule : { $clock }
picture-alt-start = La position de départ de { $game }
# An animated replay's description: $game the game's title, $id its id, $moves how many moves it shows.
picture-alt-replay = Animation de la partie de { $game } { $id }, { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
# A rating chart's description: $player whose ratings, $games the games charted (a list).
picture-alt-chart = Évolution de la cote de { $player } à { $games }
# A note under a replay that had to be made smaller to fit the platform's upload limit.
picture-fit-smaller = Image réduite pour respecter la taille maximale d’envoi.
# A note under a replay that shows only some moves to fit the upload limit: $nth, one position in $nth is shown (the start and the end always are).
picture-fit-sampled = Seule une position sur { $nth } est montrée, pour respecter la taille maximale d’envoi.
# The same, when the replay was also drawn smaller.
picture-fit-smaller-sampled = Image réduite, et seule une position sur { $nth } est montrée, pour respecter la taille maximale d’envoi.
# A note under a replay of which only the final position fits the upload limit.
picture-fit-final-only = Seule la position finale tient dans la taille maximale d’envoi.
# The value axis of a rating chart.
chart-axis = Cote
# A short month name on a rating chart's dates; $month is 1 to 12.
chart-month = { $month ->
    [1] janv.
    [2] févr.
    [3] mars
    [4] avr.
    [5] mai
    [6] juin
    [7] juil.
    [8] août
    [9] sept.
    [10] oct.
    [11] nov.
   *[12] déc.
}
# Dates on a rating chart: a day ($day the day of the month, $month the month as chart-month writes it), a month ($month, $year), a year.
chart-date-day = { $day } { $month }
chart-date-month = { $month } { $year }
chart-date-year = { $year }
# Départage : SB Sonneborn-Berger, Bu Buchholz, CD confrontation directe.
number-decimal = { $whole },{ $fraction }
standings-rank = #
standings-player = Joueur
standings-points = Pts
standings-sonneborn-berger = SB
standings-buchholz = Bu
standings-head-to-head = CD
picture-alt-standings = Classement de { $title } : { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}

## Replays

# A replay posted with its animated picture: $game the game's title, $id its id, $players the players (as list-versus joins them), $moves how many moves were played; $ending how it ended (as game-over says it).
replay-ongoing = Animation de la partie de { $game } { $id } ({ $players }) : { $moves ->
    [one] { $moves } coup joué
   *[other] { $moves } coups joués
} jusqu’ici.
replay-over = Animation de la partie de { $game } { $id } ({ $players }), { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}. { $ending }

## Offers

attention-your-move = { $who } : à toi de jouer dans la partie { $id }.
attention-game-over = { $who } : la partie { $id } est terminée.
draw-offered = { $who } propose la nulle dans la partie { $id }. Accepte avec { $accept }, ou refuse.
draw-declined = { $who } refuse la nulle proposée par { $offerer }. La partie continue.
takeback-asked = { $who } demande à reprendre { $move }. Réponds avec { $command } accept ou decline.
takeback-declined = { $who } refuse ; le coup de { $asker } est maintenu.

## Coups conditionnels : les lignes d’un joueur « s’il joue X, je réponds Y » (/kuba premove).
## $game est le nom du jeu, $id l’identifiant de la partie, $move un coup dans la notation du jeu.
## Glossaire : conditional move = coup conditionnel ; line = ligne (une suite de coups).

moved-conditional = { $mover } joue { $move } (coup conditionnel). { $next }
premoves-listed = Tes coups conditionnels dans la partie de { $game } { $id } (coup adverse → ta réponse) :
premoves-added = Coup conditionnel enregistré. Tes lignes dans la partie de { $game } { $id } (coup adverse → ta réponse) :
premoves-added-replacing = Coup conditionnel enregistré ; il remplace { $replaced ->
        [one] { $replaced } ligne qui répondait
       *[other] { $replaced } lignes qui répondaient
    } autrement aux mêmes coups. Tes lignes dans la partie de { $game } { $id } (coup adverse → ta réponse) :
premoves-already = Cette ligne fait déjà partie de tes coups conditionnels. Tes lignes dans la partie de { $game } { $id } (coup adverse → ta réponse) :
premove-line = { $n }. { $steps }
premove-step = { $theirs } → { $yours }
premoves-hint = Le bot joue ta réponse dès que le coup adverse arrive ; { $clear } les efface.
premoves-none = Tu n’as aucun coup conditionnel dans la partie de { $game } { $id }. Pendant que c’est aux autres de jouer, laisses-en un avec { $premove } line:"coup-adverse ta-réponse".
premoves-cleared = { $count ->
        [0] Tu n’avais aucun coup conditionnel dans la partie de { $game } { $id }.
        [one] Ta ligne de coups conditionnels dans la partie de { $game } { $id } est effacée.
       *[other] Tes { $count } lignes de coups conditionnels dans la partie de { $game } { $id } sont effacées.
    }
premoves-dropped-no-match = { $mover } a joué { $move } dans la partie de { $game } { $id } : aucun de tes coups conditionnels n’y répondait, ils sont donc effacés. C’est à toi de jouer.
premoves-dropped-illegal = Ton coup conditionnel { $move } dans la partie de { $game } { $id } n’est plus possible ({ $reason }) : tes coups conditionnels de cette partie sont donc effacés. C’est à toi de jouer.
premoves-dropped-taken-back = Un coup a été repris dans la partie de { $game } { $id } : tes coups conditionnels de cette partie sont effacés.

## Ratings and lists

rating-shown = { $value }{ $provisional ->
    [yes] ?
   *[no] {""}
}
rating-change = { $person } { $before } → { $after } ({ $delta })
ratings-changed = Cotes : { $changes }.
games-count = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}

games-none = Tu n’as aucune partie en cours. Lances-en une avec { $challenge } @quelqu’un.
games-header = Tes parties en cours ({ $count }) :
games-line = game:{ $id } { $game } contre { $others }, coup { $ply } : { $turn }
games-line-clock = game:{ $id } { $game } contre { $others }, coup { $ply } : { $turn }, il reste { $left }
turn-yours = à toi de jouer
turn-theirs = au tour de { $person }

history-header = Partie de { $game } { $id } ({ $players }) :
history-no-moves = Aucun coup pour l’instant.
history-position = Position : { $code }
history-replay = Pour la revoir : { $command }

leaderboard-empty = Aucune partie classée de { $game } n’a encore été jouée { $everywhere ->
        [yes] nulle part
       *[no] ici
    }.
leaderboard-header = { $everywhere ->
        [yes] Classement général de { $game } :
       *[no] Classement de { $game } ici :
    }
leaderboard-row = { $rank }. { $person } { $rating } ({ $games })

ratings-header = Cotes de { $person } :
ratings-line = { $game } { $here ->
        [yes] ici
       *[no] au classement général
    } : { $rating } ({ $games }, rang { $rank } sur { $of })
ratings-none = { $person } n’a pas encore de cote.
ratings-none-game = { $person } n’a pas encore de cote à { $game }.
ratings-versus = Contre { $other } : { $games }, { $wins } { $wins ->
        [one] gagnée
       *[other] gagnées
    }, { $draws } { $draws ->
        [one] nulle
       *[other] nulles
    }, { $losses } { $losses ->
        [one] perdue
       *[other] perdues
    }.
no-rating-yet = Tu n’as pas encore de cote : joue d’abord une partie classée.

## Clocks

notify-mention = Je te rappellerai ton tour par une mention là où se joue la partie.
notify-dm = Je te rappellerai ton tour par message privé.
notify-off = Tu ne recevras aucun rappel (ton tour est toujours annoncé quand un coup est joué).
vacation-started = { $who } est en vacances jusqu’au { $date } : ses pendules sont à l’arrêt jusque-là.
vacation-started-moved = { $who } est en vacances jusqu’au { $date } : ses pendules sont à l’arrêt jusque-là. Échéances repoussées dans { $moved ->
        [one] { $moved } partie
       *[other] { $moved } parties
    }.
vacation-ended = { $who } est de retour de vacances : les pendules repartent.
reminder = { $who }, c’est ton tour dans la partie de { $game } { $id } : il te reste { $left } (jusqu’au { $date }).

## Languages. `$language` is the language's name, from `language-<code>` below.
language-me-set = Désormais, je te réponds en { $language }.
language-me-reset = Ton choix de langue est effacé : je te réponds en { $language }, la langue de ton application ou celle choisie ici.
language-community-set = Ici, les messages sont désormais en { $language }.
language-community-reset = Le choix de langue fait ici est effacé : les messages sont désormais en { $language }.
# The languages' names, as this catalog's language writes them (after « en »).
language-en = anglais
language-fr = français
language-es = espagnol
language-nl = néerlandais
language-de = allemand

## The community's web page. $url its address; $off the command that turns it off.
web-page-on = La page web de ce serveur ou salon est activée : { $url }
    Toute personne qui a le lien voit ses classements et ses dernières parties (noms des joueurs, cotes et coups, rien d’autre). { $off } la désactive ; réactivée, elle aura une nouvelle adresse.
web-page-off = La page web de ce serveur ou salon est désactivée : son lien ne mène plus nulle part.
web-page-was-off = La page web de ce serveur ou salon était déjà désactivée.

## Faults

apology = Désolé, quelque chose s’est mal passé de mon côté ; la partie n’a pas changé.

## Rules and help

rules-kuba = Kuba (2 joueurs, 7×7) : pousse une de tes billes d’une case, avec toute la ligne de billes devant elle ; une bille poussée hors du plateau est sortie, et sortir une rouge ou une bille adverse te donne une poussée de plus. Tu ne peux pas défaire aussitôt la dernière poussée de l’adversaire. On gagne en sortant 7 rouges ou les 8 billes adverses ; un joueur sans poussée possible perd. Coups : a7-S (la bille en a7 pousse vers le sud). Variantes qu’un défi peut choisir : extra_push:optional (on peut renoncer à la poussée supplémentaire en jouant le coup pass), repetition:draw (une position répétée une troisième fois, avec le même joueur au trait, rend la partie nulle).
rules-kewbz = Kewbz (2 joueurs, plateau carré, 8×8 sauf indication contraire de size:) : place un cube à côté d’un cube du plateau (diagonales comprises), sans jamais compléter un carré de 2×2. Pour chaque coin que tu crées ou prolonges, tu empiles un cube de ta couleur sur le cube qui forme ce coin, jusqu’à des tours de 5 cubes. La partie finit quand un joueur a placé son dernier cube ; chacun marque la hauteur des tours coiffées de sa couleur, moins les cubes restés dans sa réserve. Coups : la case, p. ex. c3.
rules-cabale = Cabale (2 à 4 joueurs, plateau hexagonal) : ton coureur avance en ligne droite, tourne une fois et repart tout droit. Tu laisses un bloc (ou un bloc double) là où il a tourné ; ce bloc peut prendre des blocs adverses en sautant par-dessus, en ligne droite. Tu peux ensuite poser une barrière sur un côté de case. Les blocs rapportent la valeur de leur case, et les prises rapportent aussi des points. La partie finit quand un joueur a posé son dernier bloc ou que le joueur au trait ne peut plus bouger ; celui qui a le plus de points l’emporte. Variante qu’un défi peut choisir : boxed_in:pass (à 3 ou 4 joueurs, un coureur qui ne peut plus bouger passe son tour et les autres continuent, jusqu’à ce qu’aucun coureur ne puisse bouger).
rules-nuba = Nuba (2 joueurs, 5×6) : place tes lutteurs 1 à 9 et le champion X sur tes deux rangées de départ, puis, à chaque tour, avance une pièce d’une case, tout droit ou en diagonale vers l’avant, en prenant une pièce adverse de numéro égal ou supérieur (X prend n’importe quelle pièce et peut être pris par n’importe laquelle). Une pièce qui atteint la rangée du fond devient musicien si son numéro bat celui du musicien en place. Le champion qui y arrive gagne aussitôt ; sinon, le propriétaire du musicien gagne dès que l’adversaire n’a plus de pièce plus haute ni de champion pour le remplacer.
help-header = Commandes, ici pour { $command } ({ $commands } fonctionnent de la même façon) :
help-computer = jouer contre l’ordinateur


## Platforms

# Matrix: under a challenge, how to answer it with a reaction.
matrix-react-to-answer = Réagis avec ✅ pour accepter ou ❌ pour refuser.

# The terminal chat's own notes (printed after "* "). `$name` is a user name
# without the @, `$where` is "#general" or "thread kuba-K7Q2" (terminal-where-thread),
# `$time` a date as date-time writes it.
terminal-not-a-command = ce n’est pas une commande ; les commandes commencent par / (essaie /boardbot help)
terminal-who-first = dis d’abord qui tu es : /as NOM
terminal-is-a-bot = @{ $name } est un bot ; choisis le nom d’une personne
terminal-you-are = tu es @{ $name }
terminal-usage-as = syntaxe : /as NOM (lettres, chiffres, - et _)
terminal-bot-account = @{ $name } est un compte de bot
terminal-usage-bot = syntaxe : /bot NOM
terminal-you-are-in = tu es dans { $where }
terminal-where-thread = le fil { $name }
terminal-usage-in = syntaxe : /in #salon, ou /in thread kuba-K7Q2
terminal-clock-fixed = l’horloge de ce terminal ne peut pas être avancée
terminal-usage-wait = syntaxe : /wait DURÉE (2d, 23h30m, 90m)
terminal-clock-at = l’horloge indique le { $time }
terminal-welcome = Discussion locale de boardbot sur { $database }. /as NOM pour commencer, /boardbot help pour l’aide, /quit pour quitter.
# After where a message goes: only the person who asked sees it (`$name` without the @).
terminal-only = (pour @{ $name } seulement)
# Buttons as the terminal lists them; `$challenge` is the challenge's number.
terminal-action-accept = Accepter le défi { $challenge }
terminal-action-decline = Refuser le défi { $challenge }

# Discord: buttons, the confirmation of a resignation, pointers to where an answer went.
discord-button-accept = Accepter
discord-button-decline = Refuser
discord-button-resign = Abandonner
discord-button-draw = Proposer la nulle
discord-button-flip = Retourner
discord-button-web = Voir sur le web
discord-button-resign-confirm = Oui, abandonner
discord-answered-in-thread = C’est fait : voir { $thread }.
discord-answered-elsewhere = C’est fait.
# A game's first message in the channel when Discord lets the bot make no thread for a while.
discord-game-in-channel = Discord ne laisse pas le bot ouvrir de nouveau fil pour l’instant : cette partie se joue donc ici, dans le salon.

game-seat-unknown = ?


## Reviews

# The computer's review of a finished game (/kuba analysis). Its labels, as on chess
# sites: an inaccuracy (?!) loses 5 points of the player's winning chances or more, a
# mistake (?) 10 or more, a blunder (??) 15 or more. $game is the game's title, $id its id.
review-queued = Analyse de la partie de { $game } { $id } en cours : elle sera publiée ici dès qu’elle sera prête.
review-underway = L’analyse de la partie de { $game } { $id } est déjà en cours : elle sera publiée là où elle a été demandée.
review-header = Analyse par l’ordinateur de la partie de { $game } { $id } :
# A player's line: $seat the player with their colour (as seat writes it), $accuracy 0 to 100, then how many moves of each kind.
review-player = { $seat } : précision { $accuracy } %, { $inaccuracies ->
    [one] { $inaccuracies } imprécision
   *[other] { $inaccuracies } imprécisions
}, { $mistakes ->
    [one] { $mistakes } erreur
   *[other] { $mistakes } erreurs
}, { $blunders ->
    [one] { $blunders } gaffe
   *[other] { $blunders } gaffes
}
# A player who made no move (the game ended before their turn); the counts are all 0.
review-player-no-move = { $seat } : aucun coup
review-turning-header = Les coups qui ont le plus changé la partie :
# $move the move with its number and sign (12. c3-N??), $seat who made it, $label its kind (review-label-…), $loss the winning chances it lost in points, $best the computer's move there.
review-turning-point = { $move } de { $seat }, { $label } : { $loss ->
    [one] { $loss } point
   *[other] { $loss } points
} de chances de gain perdus ; mieux valait { $best }
review-no-turning-point = Aucun coup n’a perdu assez de chances de gain pour être une imprécision.
review-legend = ?! imprécision : 5 points de chances de gain perdus ou plus ; ? erreur : 10 ou plus ; ?? gaffe : 15 ou plus.
# The annotated moves, in parts: $part of $parts. After a bad move, in brackets, the computer's move.
review-moves-header = Les coups de la partie de { $game } { $id }, annotés ({ $part }/{ $parts }) ; entre parenthèses, le coup de l’ordinateur :
review-why = { $move } a perdu { $loss ->
    [one] { $loss } point
   *[other] { $loss } points
}.
review-first-move = Au départ, son joueur avait { $before } % avec le premier coup de l’ordinateur, { $after } % après celui-ci.
review-expects = L’ordinateur s’attend à { $line }.
review-expects-ended = La partie s’est terminée sur ce coup.
review-better = Mieux : { $best }.
review-better-then = Mieux : { $best }, puis { $then }.
review-then = Après { $best }, il prévoyait { $then }.
review-doubt = (Incertain : entre { $low } et { $high } points.)
review-in-doubt = { $count ->
    [one] { $count } verdict est incertain : même en cherchant plus loin, l’ordinateur n’a pas pu dire de quel côté d’un seuil tombe la perte de ce coup ; sa ligne dit de combien elle peut s’écarter.
   *[other] { $count } verdicts sont incertains : même en cherchant plus loin, l’ordinateur n’a pas pu dire de quel côté d’un seuil tombe la perte de ces coups ; leurs lignes disent de combien elle peut s’écarter.
}
review-label-inaccuracy = imprécision
review-label-mistake = erreur
review-label-blunder = gaffe
# The review's picture: its title, the value axis, a line's name ($name the player, $colour their colour), the second line of a small board's caption ($best the computer's move; the first line is the move with its number and sign).
review-chart-title = { $game } { $id } : chances de gain
review-chart-axis = Chances de gain (%)
review-chart-line = { $name } ({ $colour })
review-chart-better = mieux : { $best }
# What the review's picture shows, for people who cannot see it; $marked how many bad moves it marks.
picture-alt-review = Chances de gain au fil de la partie de { $game } { $id }, { $marked ->
    [0] aucun mauvais coup marqué
    [one] { $marked } mauvais coup marqué
   *[other] { $marked } mauvais coups marqués
}

## Tournaments. $tournament is a tournament as tournament-tag writes it.

# A tournament's pairing: $tournament as tournament-tag writes it, $round the round.
# Une phrase entière, car game-begins la suit et commence par une majuscule.
opening-tournament = Ronde { $round } de { $tournament }.
# Sans nom : « Tournoi suisse de Kuba », écrit comme un nom propre (sans article).
tournament-tag = { $named ->
        [yes] « { $name } »
       *[no] { $format ->
            [swiss] Tournoi suisse
           *[other] Tournoi toutes rondes
        } de { $game }
    }{ $edition ->
        [1] {""}
       *[other] , édition { $edition }
    } (tournoi { $id })
tournament-created = { $creator } ouvre { $tournament } : { $game }, { $format ->
        [swiss] système suisse
       *[other] toutes rondes
    }, { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } par coup, parties { $rated ->
        [yes] classées
       *[no] amicales
    }, jusqu’à { $max } joueurs{ $rounds ->
        [0] {""}
        [one] , { $rounds } ronde
       *[other] , { $rounds } rondes
    }. { $every ->
        [0] {""}
        [one] Une nouvelle édition commence { $every } jour après la fin de chacune.{" "}
       *[other] Une nouvelle édition commence { $every } jours après la fin de chacune.{" "}
    }Inscris-toi avec { $join } ; { $creator } peut le lancer avec { $start }.
tournament-page = Sa page : { $url }
tournament-joined = { $who } s’inscrit à { $tournament } : { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }.
tournament-left = { $who } quitte { $tournament } : { $players ->
        [0] il ne reste plus personne
        [one] il reste { $players } joueur
       *[other] il reste { $players } joueurs
    }.
tournament-withdraws = { $who } se retire de { $tournament } et ne sera plus apparié.{ $resigned ->
        [0] {""}
        [one] {" "}Sa partie en cours est perdue par abandon.
       *[other] {" "}Ses { $resigned } parties en cours sont perdues par abandon.
    }
tournament-withdrawn = { $who } a perdu deux parties de { $tournament } au temps et en est retiré : il ne sera plus apparié{ $resigned ->
        [0] {""}
        [one] , sa partie en cours est perdue par abandon
       *[other] , ses { $resigned } parties en cours sont perdues par abandon
    }{ $series ->
        [yes] , et il n’est pas inscrit à l’édition suivante
       *[no] {""}
    }.
tournament-started = { $tournament } commence avec { $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    } : { $players }. { $format ->
        [swiss] { $rounds ->
            [one] { $rounds } ronde
           *[other] { $rounds } rondes
        }, chacune appariée quand la dernière partie de la précédente se termine.
       *[other] { $games ->
            [one] { $games } partie, qui commence maintenant.
           *[other] { $games } parties, qui commencent toutes maintenant.
        }
    }
tournament-round = { $tournament } : la ronde { $round } sur { $of } est appariée, { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }.
# A Swiss round's bye: a win's points.
tournament-bye = { $who } est exempt (1 point).
# A round robin's odd field: the player without a game in that round of the schedule.
tournament-rest = { $who } est au repos à cette ronde.
tournament-finished = { $tournament } est terminé. Classement final :
tournament-standing-line = { $rank }. { $person } { $points } · { $sb-label } { $sb } · { $second-label } { $second }{ $withdrawn ->
        [yes] {" "}(retiré)
       *[no] {""}
    }
tournament-next-edition = { $tournament } commence le { $date }{ $count ->
        [0] {"\u00A0"}; personne n’est encore inscrit. Inscris-toi avec { $join }.
       *[other] {" "}avec { $players }. Désinscris-toi avec { $leave } ; d’autres peuvent s’inscrire avec { $join }.
    }
tournament-cancelled = { $tournament } n’a pas pu commencer : { $players ->
        [0] aucun joueur
        [one] { $players } joueur
       *[other] { $players } joueurs
    }, il en fallait { $needed }. La série s’arrête là.
tournament-standings-open = { $tournament } n’a pas commencé ; { $count ->
        [0] personne ne s’est encore inscrit
        [one] { $count } joueur inscrit : { $players }
       *[other] { $count } joueurs inscrits : { $players }
    }. { $starts ->
        [yes] Il commence de lui-même le { $date }.
       *[no] Son créateur peut le lancer avec { $start }.
    }
tournament-standings = Classement de { $tournament }, { $format ->
        [swiss] ronde { $round } sur { $of }
       *[other] { $played ->
            [one] { $played } partie jouée sur { $games }
           *[other] { $played } parties jouées sur { $games }
        }
    }{ $state ->
        [finished] {" "}(final)
        [cancelled] {" "}(annulé)
       *[other] {""}
    } :
tournament-pairings = { $tournament }, ronde { $round } sur { $of } :
tournament-pairing-line = Table { $board } : { $white } contre { $black }, partie { $id } : { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 par forfait
        [black_forfeit] 0–1 par forfait
       *[none] en cours
    }
tournament-list-none = Aucun tournoi ici pour l’instant ; ouvre-en un avec { $create }.
tournament-list-header = Les tournois d’ici :
tournament-list-line = { $tournament } : { $state ->
        [open] inscriptions ouvertes, { $players ->
            [0] aucun joueur
            [one] { $players } joueur
           *[other] { $players } joueurs
        }
        [running] ronde { $round } sur { $of }, { $players ->
            [0] aucun joueur
            [one] { $players } joueur
           *[other] { $players } joueurs
        }
        [finished] terminé
       *[cancelled] annulé
    }
# The title of a standings picture.
standings-title = { $tournament } · ronde { $round }
