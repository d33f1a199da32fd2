### Refus : ce que l’on répond à la personne dont la demande ne change rien.
### Un message par variante de `Refusal` (src/service/refusal.rs), nommé
### refused-<variante en kebab-case>. Chacun dit ce qui ne va pas et, s’il y en a un,
### quoi faire à la place. Variables comme dans main.ftl ; $expected, $known et
### $games arrivent déjà écrits en listes ; $sub est le nom tapé d’une sous-commande
### (challenge, rating …), d’où « la commande { $sub } ».
###
### Glossaire : celui de main.ftl (défi, partie classée / amicale, cote, classement,
### reprise, vacances, l’ordinateur, coup, code de position, options de règles).
### Tutoiement. Impératif suivi de « en » : « lances-en une », « nommes-en ».

refused-from-bot = Je ne prends pas d’ordres des bots.
refused-unknown-user = Je ne connais pas @{ $name }.
refused-not-in-room = Je ne connais pas { $name } : cette personne n’est pas dans ce salon (invite-la d’abord).
refused-ambiguous-name = Plusieurs personnes s’appellent { $name } ici : mentionnes-en une, ou écris son identifiant.

## Reading a command

refused-no-command = Tape { $help } pour voir les commandes.
refused-unknown-game = Je ne connais pas le jeu « { $word } » : les jeux sont { $games } (et { $general } pour le reste).
refused-unknown-subcommand = { $command } n’a pas de commande « { $word } » : essaie { $known }.
refused-unknown-option = La commande { $sub } n’a pas d’option { $option } : { $count ->
        [0] elle n’en prend aucune.
       *[other] elle prend { $known }.
    }
refused-option-of-other-games = { $option }: est une option de { $games }, pas de { $game }.
refused-bad-value-yes-no = { $option }:{ $value } n’est pas une réponse oui/non : écris { $option }:yes ou { $option }:no.
refused-bad-value-number = { $option }:{ $value } n’est pas un nombre : écris par exemple { $option }:3.
refused-bad-value-range = { $option }:{ $value } n’est pas un nombre de { $min } à { $max }.
refused-bad-value-one-of = { $option }:{ $value } n’est pas possible : choisis { $choices }.
refused-bad-value-days = { $option }:{ $value } n’est pas un nombre de jours : écris { $option }:3 (1, 2, 3, 5, 7 ou 14) ou { $option }:unlimited.
refused-bad-value-game-id = { $option }:{ $value } n’est pas un identifiant de partie comme K7Q2.
refused-bad-value-user = { $option }:{ $value } n’est pas une personne : écris { $option }:@quelqu’un.
refused-missing-option = Il manque { $option }: à la commande { $sub }.
refused-extra-words = La commande { $sub } ne prend pas « { $word } ».
refused-no-mention-here = La commande { $sub } ne prend pas de mention (reçu : @{ $name }).
refused-too-many-named = La commande { $sub } ne prend qu’un seul joueur.
refused-settings-not-object = settings:{ $text } n’est pas un objet JSON comme {"{"}"size":10{"}"}.
refused-bad-settings = Ces options de règles ne conviennent pas : { $reason }.
refused-players-mismatch = Ces options de règles ne conviennent pas : players vaut { $given }, mais le défi réunit { $seats } joueurs (toi et { $opponents ->
        [one] { $opponents } adversaire
       *[other] { $opponents } adversaires
    }).

## Challenges

refused-no-opponent = Nomme un adversaire : { $challenge } @bob (ou { $bot } pour jouer contre l’ordinateur).
refused-computer-one-to-one = On joue contre l’ordinateur en tête-à-tête : { $challenge } { $bot }.
refused-too-many-opponents = { $max ->
        [2] { $game } se joue à deux : nomme un seul adversaire.
       *[other] { $game } se joue de 2 à { $max } joueurs : nomme jusqu’à { $opponents } adversaires.
    }
refused-named-twice = { $who } apparaît deux fois.
refused-challenge-self = Tu ne peux pas te défier toi-même : nomme quelqu’un d’autre, ou { $bot } pour jouer contre l’ordinateur.
refused-other-bot = { $who } est un bot ; le seul bot contre qui tu peux jouer ici, c’est moi (défie { $bot }).
refused-already-challenged = Tu as déjà un défi en attente pour { $who } (défi { $challenge }) ; retire-le d’abord ou attends sa réponse.
# $limit: the most open challenges one player may have made at once (a number).
refused-too-many-challenges = Tu as déjà { $limit ->
        [one] { $limit } défi ouvert
       *[other] { $limit } défis ouverts
    }, le maximum pour un joueur : retires-en ou attends des réponses avant d’en lancer un autre.
refused-computer-rated = Les parties contre l’ordinateur ne sont jamais classées : retire rated:yes.
# $max: the most games in progress against the computer one player may have (a number, at least 1).
refused-computer-games-limit = { $max ->
        [one] Tu as déjà { $max } partie en cours contre l’ordinateur, le maximum autorisé ici ; termine-la ou abandonne-la d’abord.
       *[other] Tu as déjà { $max } parties en cours contre l’ordinateur, le maximum autorisé ici ; termines-en une ou abandonnes-en une d’abord.
    }
refused-level-without-computer = level: ne sert que pour les parties contre l’ordinateur (défie { $bot }).
refused-start-rated = Une position de départ n’est possible qu’en partie amicale : ajoute rated:no, ou retire start:.
refused-start-code = Cette position de départ est refusée : { $reason }.
refused-start-over = Cette position de départ est refusée : la partie y est déjà terminée.
refused-rated-needs-clock = Une partie classée a besoin d’une pendule : choisis days:1, 2, 3, 5, 7 ou 14 (3 si tu ne précises rien).
refused-bad-days = days:{ $days } n’est pas une cadence : choisis 1, 2, 3, 5, 7 ou 14 jours par coup, ou unlimited (parties amicales seulement).
refused-no-challenge-waiting = Aucun défi de { $game } n’attend ta réponse.
refused-no-challenge-to-cancel = Tu n’as aucun défi de { $game } en cours à retirer.
refused-no-such-challenge = Le défi { $challenge } n’existe pas.
refused-challenge-closed = Le défi { $challenge } { $state ->
        [accepted] a été accepté
        [declined] a été refusé
        [expired] a expiré
       *[cancelled] a été retiré
    } ; il n’est plus ouvert.
refused-challenge-of-other-game = Le défi { $challenge } est pour { $actual }, pas pour { $asked } : utilise { $command }.
refused-own-challenge = Le défi { $challenge } est le tien ; il attend la réponse des autres (retire-le avec { $cancel }).
refused-not-your-challenge = Le défi { $challenge } ne t’est pas adressé.
refused-already-accepted = Tu as déjà accepté le défi { $challenge } ; on attend les autres.
refused-not-challenger = Seul le joueur qui a lancé le défi { $challenge } peut le retirer ; toi, tu peux le refuser.
refused-several-challenges = Plusieurs défis de { $game } sont ouverts : { $list }. Précise lequel avec challenge:{ $first }.
challenge-from = défi { $challenge } de { $person }
refused-challenge-expired = Le défi { $challenge } a expiré : il a attendu trop longtemps une réponse. Lances-en un nouveau.

## Finding the game

refused-no-such-game = La partie { $id } n’existe pas.
# $id: the game's id as typed (K7Q2).
refused-game-elsewhere = La partie { $id } appartient à un autre serveur ou salon : seuls ses joueurs peuvent la consulter d’ici.
refused-wrong-kind = La partie { $id } est une partie de { $actual }, pas de { $asked } : utilise { $command }.
refused-no-game-of-kind = Tu n’as aucune partie de { $game } en cours ; désigne une partie avec game:ID, ou lances-en une avec { $challenge }.
refused-several-games = Tu as { $count } parties de { $game } en cours ; précise laquelle avec game:ID :
several-games-line = game:{ $id } contre { $others } ({ $turn ->
        [yes] à toi de jouer
       *[no] au tour de l’adversaire
    })
refused-not-seated = Tu ne joues pas dans la partie { $id }.
refused-not-your-turn = Ce n’est pas ton tour dans la partie { $id } : c’est à { $waiting } de jouer.
refused-game-over = La partie { $id } est terminée ; lances-en une nouvelle avec challenge.
# abort after one's own first move; $id is the game's id.
refused-abort-too-late = Tu as déjà joué dans la partie { $id } : elle ne peut plus être annulée (abandonne plutôt).

## Moves

refused-empty-move = Ce coup est refusé : indique le coup, par exemple { $move } { $example }.
refused-malformed = Ce coup est refusé : { $reason }.
refused-illegal = Ce coup est refusé : { $reason }.
refused-moved-on = La partie a avancé pendant que tu tapais ; regarde à nouveau le plateau.
refused-menu-move-passed = Ce coup était proposé au coup { $offered } de la partie { $id }, qui en est maintenant au coup { $now } : choisis à nouveau sur le plateau.

## Coups conditionnels (premove)

refused-premove-computer = Les coups conditionnels sont pour les parties entre personnes : dans la partie { $id }, tu joues contre l’ordinateur.
refused-premove-your-turn = C’est ton tour dans la partie { $id } : joue ton coup. On laisse des coups conditionnels pendant que c’est aux autres de jouer.
refused-premove-move = Dans cette ligne, { $n ->
        [1] le premier coup
       *[other] le { $n }e coup
    } ({ $move }) est refusé : { $reason }.
refused-premove-ends-with-theirs = Une ligne se termine par ta réponse : son dernier coup, { $move }, serait celui de { $who }.
refused-premove-empty = Indique les coups de la ligne, ceux des autres et tes réponses tour à tour, par exemple { $premove } line:"{ $example }".
refused-premove-too-long = Une ligne compte au plus { $max } coups.
refused-premove-too-many = Tu as déjà { $max } lignes dans la partie { $id }, le maximum : { $clear } les efface.

## Draws and takebacks

refused-draw-for-two = Les propositions de nulle sont réservées aux parties à deux ; à plus de deux, continue à jouer ou abandonne.
refused-draw-already-offered = Ta proposition de nulle attend déjà une réponse.
refused-no-draw-offered = Aucune nulle n’est proposée dans la partie { $id }.
refused-own-draw-offer = C’est ta propre proposition ; c’est aux autres d’y répondre.
refused-no-move-yet = Aucun coup n’a encore été joué.
refused-takeback-not-yours = Tu ne peux reprendre que ton propre dernier coup, avant que le suivant soit joué.
refused-takeback-rated = Cette partie est classée : un coup ne peut être repris qu’avant que ton adversaire ait joué.
refused-takeback-pending = Une reprise est déjà demandée ; on attend une réponse.
refused-computer-no-takeback = L’ordinateur n’accepte pas les reprises.
refused-no-takeback-asked = Aucune reprise n’est demandée dans la partie { $id }.
refused-own-takeback = C’est ta propre demande ; c’est aux autres d’y répondre.

## Ratings

refused-computer-no-rating = { $bot } n’a pas de cote : les parties contre l’ordinateur ne sont jamais classées.
refused-not-played-yet = { $who } n’a encore jamais joué ici.

## Clocks

refused-notify-others = Tu ne peux choisir que tes propres rappels : { $notify } dm.
refused-vacation-days = days:{ $days } n’est pas une durée de vacances : indique un nombre de jours de 1 à { $cap }.
refused-on-vacation = Tu es en vacances jusqu’au { $date } ; termine-les d’abord avec { $end }.
refused-language-not-manager = Seules les personnes qui peuvent modifier les réglages d’ici (« Gérer le serveur » sur Discord, changer le nom du salon sur Matrix) peuvent en choisir la langue. Ta propre langue, tu la choisis toi-même : retire scope:.
refused-language-no-community = Il n’y a ici ni serveur ni salon dont on puisse choisir la langue. Ta propre langue, tu la choisis toi-même : retire scope:.
refused-web-not-manager = Seules les personnes qui peuvent modifier les réglages d’ici (« Gérer le serveur » sur Discord, changer le nom du salon sur Matrix) peuvent activer ou désactiver sa page web.
refused-web-no-community = Une page web appartient à un serveur ou à un salon : demande-la là-bas, pas en message privé.
refused-web-not-served = Ce bot ne sert pas de pages web : la personne qui l’héberge ne les a pas configurées ([web] dans sa configuration).
refused-vacation-cap = Il te reste { $left ->
        [one] { $left } jour
       *[other] { $left } jours
    } de vacances cette année (au plus { $cap } par an, { $taken } déjà pris) : demande days:{ $left } ou moins.
refused-not-on-vacation = Tu n’es pas en vacances.

## The platforms' own

refused-not-answered = Je ne réponds pas à ce genre d’interaction.
refused-stale-button = Ce bouton n’est plus valable.

## The commands' declaration

refused-takes-one-of = La commande { $sub } attend { $words }.
refused-bad-value-text = { $option }: attend du texte, pas { $value }.
# Une valeur de plusieurs mots tapée sans guillemets (line:g7-S a6-E).
refused-unquoted = Mets entre guillemets une valeur de plusieurs mots : { $option }:"{ $value }".


## Reviews

# analysis of a game still being played; $id the game's id.
refused-review-of-game-in-progress = La partie { $id } est encore en cours : l’ordinateur n’analyse une partie qu’une fois terminée (une analyse maintenant dirait à un joueur quoi jouer).
# analysis of a game that ended before its first move.
refused-nothing-to-review = La partie { $id } s’est terminée avant son premier coup : il n’y a rien à analyser.
# The asker's review of another game is still being made: one at a time. $game the game's title, $id its id.
refused-review-busy = Ton analyse de la partie de { $game } { $id } est encore en cours : demandes-en une autre une fois qu’elle sera publiée.

## Tournaments. $tournament is a tournament as tournament-tag writes it.

refused-tournament-no-community = Un tournoi appartient à un serveur ou à un salon : demande-le là-bas, pas en message privé.
refused-tournament-no-clock = Les parties d’un tournoi ont besoin d’une pendule : choisis days: 1, 2, 3, 5, 7 ou 14.
refused-tournament-rounds-for-swiss = rounds: sert au système suisse ; un tournoi toutes rondes a autant de rondes qu’il en faut pour que chacun affronte chacun.
refused-tournament-name-too-long = Le nom d’un tournoi compte au plus { $max } caractères.
refused-no-such-tournament = Il n’y a pas de tournoi { $id } ; { $list } montre ceux d’ici.
refused-tournament-elsewhere = Le tournoi { $id } appartient à un autre serveur ou salon.
refused-no-tournament-here = Aucun tournoi ici ne convient ; { $list } montre ceux d’ici, et { $create } en ouvre un.
refused-several-tournaments = Plusieurs tournois conviennent : { $tournaments }. Précise lequel avec tournament:N.
refused-tournament-not-open = { $tournament } { $state ->
        [running] a commencé : il ne prend plus d’inscriptions
        [finished] est terminé
        [cancelled] a été annulé
       *[open] est ouvert
    }.
refused-tournament-full = { $tournament } a déjà ses { $max } joueurs.
refused-already-entered = Tu es déjà inscrit à { $tournament }.
refused-not-entered = Tu n’es pas inscrit à { $tournament }.
refused-already-withdrawn = Tu t’es déjà retiré de { $tournament }.
refused-tournament-not-yours = Seul le créateur de { $tournament }, ou une personne qui peut modifier les réglages d’ici, peut le lancer.
refused-tournament-too-few = { $tournament } { $players ->
        [0] n’a aucun joueur
        [one] n’a qu’un joueur
       *[other] n’a que { $players } joueurs
    } ; il lui en faut au moins { $needed } pour commencer.
refused-tournament-barred = Tu as perdu deux parties du tournoi { $previous } au temps et en as été retiré : tu ne peux pas t’inscrire à { $tournament }, son édition suivante.
refused-tournament-no-abort = La partie { $id } est une partie de tournoi : elle ne peut pas être annulée. Pour y renoncer, abandonne avec { $resign }.
refused-tournament-no-round = { $tournament } n’a { $paired ->
        [0] pas encore de ronde { $round } : il n’a pas commencé
        [one] pas encore de ronde { $round } : seule la ronde 1 est appariée
       *[other] pas de ronde { $round } : les rondes 1 à { $paired } sont appariées
    }.
