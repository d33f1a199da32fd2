### boardbot — les pages web (français).
###
### La page d’une partie (joueurs, trait, plateau, coups, animation) et la page
### d’une communauté (ses classements et ses dernières parties), vues dans un
### navigateur. Les noms arrivent seuls ($players, $name) ; $game est le titre d’un
### jeu (Kuba). Registre : tutoiement, comme dans le reste du bot.
###
### Glossaire : celui de main.ftl ; ici surtout coup (le tour d’un joueur, numéroté à
### partir de 1), plateau (l’image de la position), animation (l’image animée de toute
### la partie), cote (d’un joueur), classement (les meilleures cotes d’un jeu),
### classée / amicale.

## La page d’une partie

web-title-game = { $game } · { $players }
web-subtitle = Partie de { $game } { $id } · { $rated ->
    [yes] classée
   *[no] amicale
}
web-player-rated = { $colour } · cote { $rating }
web-player-unrated = { $colour } · pas encore de cote
web-player-computer = { $colour } · l’ordinateur ({ $level })
web-heading-players = Joueurs
web-heading-board = Plateau
web-heading-moves = Coups
web-heading-replay = Animation
web-showing-last = { $ply ->
    [0] La position de départ.
   *[other] Le plateau après le dernier coup, le coup { $ply }.
}
web-showing = { $ply ->
    [0] { $last ->
        [one] La position de départ ; { $last } coup a été joué depuis.
       *[other] La position de départ ; { $last } coups ont été joués depuis.
    }
   *[other] Le plateau après le coup { $ply } sur { $last }.
}
web-first = Départ
web-previous = Précédent
web-next = Suivant
web-last = Dernier coup
web-moves-none = Aucun coup pour l’instant.
web-moves-left-out = { $count ->
    [one] { $count } coup plus ancien n’est pas listé.
   *[other] { $count } coups plus anciens ne sont pas listés.
}
web-replay-link = Revoir toute la partie en animation
web-live = Cette page suit la partie : elle se met à jour toute seule quand un coup est joué.

## Ce que montre un plateau, pour qui ne peut pas le voir.

web-alt = { $position }. { $seats }
web-alt-to-move = { $game }, { $ply ->
    [0] position de départ
   *[other] coup { $ply }
}, au tour de { $colour }
web-alt-over = { $game }, coup { $ply }, partie terminée
web-alt-seat = { $colour } : { $counters }
web-alt-counter = { $label } { $value }
web-alt-join = { $first } ; { $rest }

## La page d’une communauté

web-title-community = { $name } : parties et classements
web-title-community-unnamed = Parties et classements
web-heading-leaderboards = Classements
web-leaderboard-empty = Aucune partie classée pour l’instant.
web-heading-games = Dernières parties
web-games-none = Aucune partie pour l’instant.
web-col-rank = Rang
web-col-player = Joueur
web-col-rating = Cote
web-col-games = Parties
web-col-game = Jeu
web-col-players = Joueurs
web-col-moves = Coups
web-col-state = État
web-col-when = Dernier changement
web-state-ongoing = en cours
web-state-over = terminée

## Erreurs et pied de page

web-not-found-title = Introuvable
web-not-found = Il n’y a pas de page à cette adresse.
web-too-many-title = Trop de requêtes
web-too-many = Trop de requêtes depuis ton adresse : réessaie dans un instant.
web-error-title = Quelque chose s’est mal passé
web-error = Quelque chose s’est mal passé de notre côté ; réessaie plus tard.
web-footer = Parties jouées avec boardbot dans une discussion. Les pages montrent les noms des joueurs, leurs cotes et leurs coups, rien d’autre.

## A tournament's page. $tournament as tournament-tag writes it; $state is open,
## running, finished or cancelled.

web-title-tournament = { $tournament } : { $state ->
        [open] inscriptions ouvertes
        [running] ronde { $round } sur { $of }
        [finished] classement final
       *[cancelled] annulé
    }
web-heading-standings = Classement
web-standings-none = Personne ne s’est encore inscrit.
web-heading-round = Ronde { $round }
web-col-board = Table
web-col-result = Résultat
# $result is none (in progress), white, black, draw, white_forfeit or black_forfeit.
web-result = { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 par forfait
        [black_forfeit] 0–1 par forfait
       *[none] en cours
    }
# A community page's list of its tournaments.
web-heading-tournaments = Tournois
web-tournament-line = { $tournament } : { $state ->
        [open] inscriptions ouvertes
        [running] en cours
        [finished] terminé
       *[cancelled] annulé
    }

# The game's page, on a line of its own under a game message in chat (Matrix, the terminal).
web-link-line = Sur le web : { $url }

## Jouer sur la page (issue #51)

# Dans le chat, pour la personne qui a demandé seulement : $url la connecte, $logout est la commande.
web-login-link = Ton lien pour te connecter aux pages des parties : { $url }
    Il sert une seule fois, dans les { $minutes } minutes : garde-le pour toi. { $logout } te déconnecte partout.
web-logged-out = { $count ->
    [0] Tu n’étais pas connecté aux pages web.
    [one] Déconnecté : ta session sur les pages web est terminée.
   *[other] Déconnecté : tes { $count } sessions sur les pages web sont terminées.
}
web-play-here = Joue la partie de { $game } { $id } sur son plateau : { $url }
    Connecte-toi d’abord avec { $login }.
web-signed-in-as = Connecté en tant que { $name }
web-sign-out = Se déconnecter
web-your-games-link = Tes parties
web-sign-in-title = Connexion
web-sign-in-lead = Ce lien te connecte, pour jouer tes parties sur leurs pages.
web-sign-in-button = Se connecter
web-sign-in-refused = Ce lien ne connecte personne : il a déjà servi, ou ses 10 minutes sont passées. Demandes-en un nouveau dans le chat avec /boardbot web login.
web-signed-out = Tu es déconnecté.
web-your-games = Tes parties en cours
web-your-games-none = Tu n’as aucune partie en cours.
web-game-line = { $game } { $id } contre { $opponents } · coup { $ply } · { $turn ->
    [yes] à toi de jouer
   *[no] à l’adversaire
}
web-sign-in-to-play = C’est ta partie ? Connecte-toi avec /boardbot web login dans le chat pour la jouer ici.
web-heading-play = Ton jeu
web-you-play = Tu joues { $colour }.
web-your-turn = À toi : choisis une case, puis un coup.
web-your-turn-parts = Ton tour continue : choisis sa partie suivante.
web-not-your-turn = En attente du coup de ton adversaire.
web-squares = Cases du plateau
web-moves-from = Coups depuis { $square }
web-next-parts = Suite de ton tour
web-other-moves = Coups sans case
web-start-again = Recommencer le tour
web-move-label = Coup
web-play-button = Jouer
web-move-hint = Toute notation que le jeu accepte, comme dans le chat.

# Les coups conditionnels sur la page, pendant que l’adversaire a le trait (comme /kuba premove dans le chat).
web-premoves-heading = Coups conditionnels
web-premoves-explain = S’il joue ceci, répondre aussitôt cela : écris son coup, puis ta réponse, et ainsi de suite (g7-S a6-E f1-N b7-S).
web-premove-label = Ligne
web-premove-save = Enregistrer
web-premoves-show = Voir mes coups conditionnels
web-premoves-clear = Tout effacer
web-resign = Abandonner
web-resign-question = Abandonner cette partie ? Elle se termine et tu la perds.
web-resign-confirm = Oui, abandonner
web-draw-offer = Proposer la nulle
web-draw-accept = Accepter la nulle
web-draw-decline = Refuser la nulle
web-draw-by-me = Tu as proposé la nulle.
web-draw-to-me = Ton adversaire propose la nulle.
web-takeback-ask = Demander à reprendre ton dernier coup
web-takeback-accept = Accepter la reprise
web-takeback-decline = Refuser la reprise
web-takeback-by-me = Tu as demandé à reprendre ton dernier coup.
web-takeback-to-me = Ton adversaire demande à reprendre son dernier coup.
web-forbidden-title = Refusé
web-forbidden = Cette demande est refusée : elle ne venait pas de cette page, ou ta session est terminée. Recharge la page et réessaie.
web-slow-down-title = Doucement
web-slow-down = Trop de demandes de cette session : attends un instant et réessaie.
web-activity-title = boardbot
web-activity-loading = Connexion à Discord…
web-activity-failed = Discord ne t’a pas connecté. Ferme l’Activité et rouvre-la.
