### Les commandes : ce que Discord affiche pour chaque commande, sous-commande et
### option (100 caractères au plus chacune : la limite de Discord), les mots que l’aide
### écrit pour les valeurs, et le tableau des commandes du README. Les ids viennent de
### la déclaration (src/service/commands.rs) et des options de règles de chaque jeu
### (src/games/*/mod.rs). $game est le titre du jeu (Kuba) ; le README passe
### readme-the-game (« ce jeu »), d’où « de { $game } » et jamais « du jeu ».
###
### Les descriptions sont à l’infinitif, comme l’interface de Discord (« Accepter un
### défi ») ; quand il faut un pronom, c’est le tutoiement (« ton dernier coup »). Les
### noms des commandes, des options et des choix restent ceux que l’on tape ; une
### valeur par défaut est nommée, entre guillemets, comme le menu de Discord la nomme
### (par défaut : « Au hasard », d’après choice-…), jamais par le mot tapé (random), ce qu’un test
### vérifie ; oui/non s’écrit en français. cancel (un défi) : retirer ; abort (une
### partie) : annuler.
### Glossaire : celui de main.ftl.

## Commands

command-game = Jouer à { $game } : défis, coups, abandon et plus encore
command-boardbot = Tes parties, tes cotes, tes rappels et tes vacances

## A game's subcommands

command-challenge = Défier quelqu’un, ou moi (l’ordinateur) à un niveau donné
command-accept = Accepter un défi
command-decline = Refuser un défi
command-cancel = Retirer ton propre défi
command-move = Jouer un coup ; commence à taper et choisis parmi les coups possibles
command-board = Afficher le plateau (tout le monde peut regarder)
command-replay = Revoir une partie en animation, terminée ou en cours (tout le monde peut la demander)
command-analysis = Voir l’analyse par l’ordinateur d’une partie terminée : précision, erreurs, meilleurs coups
command-resign = Abandonner la partie
command-abort = Annuler la partie avant ton premier coup (sans résultat, ne compte pas pour les cotes)
command-draw = Proposer la nulle, ou répondre à une proposition
command-takeback = Demander à reprendre ton dernier coup, ou répondre à une demande
command-premove = Coups conditionnels : répondre aussitôt au coup adverse prévu (lister, ajouter, effacer)
command-history = Les coups joués et le code de position
command-play = Jouer la partie sur son plateau : sa page web, ou l’Activité Discord
command-leaderboard = Les meilleurs joueurs de { $game }
command-rating = La cote d’un joueur, ou le face-à-face de deux joueurs
command-rules = Les règles de { $game }
command-help = Ce que tu peux faire

## The subcommands of boardbot

command-boardbot-games = Tes parties en cours, à qui le tour et le temps restant
command-boardbot-rating = La cote d’un joueur, ou le face-à-face de deux joueurs
command-boardbot-leaderboard = Les meilleurs joueurs d’un jeu
command-boardbot-notify = Comment te prévenir que c’est ton tour
command-boardbot-vacation = Arrêter toutes tes pendules pour quelques jours, ou finir tes vacances plus tôt
command-boardbot-language = Choisir la langue de mes réponses, pour toi ou pour ce serveur ou salon
command-boardbot-rules = Les règles d’un jeu
command-boardbot-web = La page web de ce serveur ou salon, activée ou non (modérateurs) ; ou ta connexion aux pages web
command-boardbot-help = Ce que tu peux faire

## Options

option-opponent = Qui tu défies ; choisis le bot pour jouer contre l’ordinateur
# Discord's opponent2, opponent3 …: $players is how many play with this one.
option-opponent-more = { $players ->
        [3] Un deuxième adversaire (3 joueurs)
        [4] Un troisième adversaire (4 joueurs)
       *[other] Un adversaire de plus ({ $players } joueurs)
    }
option-first = Qui commence (par défaut : « { choice-first-random } »)
option-rated = Si la partie compte pour les cotes (par défaut : non)
option-level = La force de l’ordinateur (par défaut : « { choice-level-medium } »)
option-days = Temps par coup (partie classée : 3 jours par défaut ; { days-unlimited } : partie amicale seulement)
option-settings = Options de règles en JSON, p. ex. {"{"}"size":10{"}"}
option-start = Partir de ce code de position (partie amicale seulement)
option-challenge = Le numéro du défi, quand plusieurs sont ouverts
option-move = Le coup, dans n’importe quelle notation acceptée par le jeu
option-game-id = L’identifiant de la partie (K7Q2) ; inutile dans le fil de la partie
option-game-kind = Quel jeu
option-flip = Afficher le plateau vu de l’autre côté
option-speed = La vitesse de l’animation (par défaut : « { choice-speed-normal } »)
option-answer = Demander, ou répondre à la demande en cours
option-premove-line = Le coup adverse, puis ta réponse, et ainsi de suite : "g7-S a6-E f1-N b7-S"
option-premove-clear = Effacer tous tes coups conditionnels de la partie
option-scope = Le classement d’ici (par défaut) ou le classement général
option-player = De qui afficher la cote (par défaut : toi)
option-vs = Face-à-face avec ce joueur
option-how = Une mention là où se joue la partie, un message privé, ou rien
option-user = De qui régler les rappels (toi seulement)
option-vacation-days = Pendant combien de jours arrêter tes pendules
option-vacation-end = Finir tes vacances maintenant
option-language = La langue de mes réponses, ou revenir à celle de ton application ou d’ici
option-language-scope = La tienne (par défaut), ou celle de ce serveur ou salon (pour ses modérateurs)
option-web-state = « { choice-state-on } » ou « { choice-state-off } » : la page d’ici ; ou te connecter au web, ou t’en déconnecter
# The choice of no deadline among the days per move.
days-unlimited = illimité

## Choices as Discord's menus name them (the word sent is the one help shows).
## choice-<option>-<word>; a choice without a message is shown as its word.
choice-first-me = Moi d’abord
choice-first-them = L’adversaire d’abord
choice-first-random = Au hasard
choice-level-random = Aléatoire (joue n’importe quel coup permis)
choice-level-greedy = Glouton (prend tout ce qu’il peut)
choice-level-easy = Facile
choice-level-medium = Moyen
choice-level-hard = Difficile
choice-answer-offer = Proposer
choice-answer-ask = Demander
choice-answer-accept = Accepter
choice-answer-decline = Refuser
choice-scope-here = Ici
choice-scope-global = Général
choice-how-mention = Une mention là où se joue la partie
choice-how-dm = Un message privé
choice-how-off = Aucun rappel
choice-state-on = Activée
choice-state-off = Désactivée
choice-state-login = Me connecter au web
choice-state-logout = Me déconnecter du web
choice-language-en = English (anglais)
choice-language-fr = Français
choice-language-es = Español (espagnol)
choice-language-nl = Nederlands (néerlandais)
choice-language-de = Deutsch (allemand)
choice-language-reset = Revenir à la langue de mon application ou d’ici
choice-scope-me = La mienne
choice-scope-server = Celle de ce serveur
choice-scope-room = Celle de ce salon
choice-extension-line = Ligne
choice-extension-arm = Branche
choice-speed-slow = Lente
choice-speed-normal = Normale
choice-speed-fast = Rapide
choice-extra_push-mandatory = Obligatoire
choice-extra_push-optional = Facultative
choice-repetition-none = La partie continue
choice-repetition-draw = La partie est nulle
choice-boxed_in-end = La partie s’arrête
choice-boxed_in-pass = Il passe, les autres continuent

## The games' rule options ($min, $max, $default from the game's declaration)

option-kewbz-size = Taille du plateau, de { $min } à { $max } (par défaut : { $default })
option-kewbz-extension = Comment un placement prolonge un coin (par défaut : « { $default } »)
option-cabale-sharp = Si les coureurs peuvent prendre des virages serrés (par défaut : { $default ->
        [yes] oui
       *[other] non
    })
# House rules: "optional" lets a player decline the push a capture earns.
option-kuba-extra-push = La poussée supplémentaire après une prise (par défaut : « { $default } »)
option-kuba-repetition = Quand une position revient pour la troisième fois (par défaut : « { $default } »)
option-cabale-boxed-in = Un coureur bloqué, à 3 ou 4 joueurs (par défaut : « { $default } »)

## What help writes for a value

help-value-number = N
help-value-id = ID
help-value-kind = JEU
help-value-json = JSON
help-value-code = CODE
help-value-move = TEXTE
help-value-line = "COUPS"
help-value-text = TEXTE
help-value-opponent = @bob
help-value-user = @joueur
help-value-other = @autre

## README's commands table

readme-table-intro = Une commande par jeu ({ $commands }), chacune avec les sous-commandes ci-dessous, et { $general } pour le reste :
readme-table-head = | commande | ce qu’elle fait | options |
readme-the-game = ce jeu

## Tournaments: the command, its subcommands, options and choices

command-boardbot-tournament = Tournois : système suisse et toutes rondes, organisés par le bot
command-tournament-create = Ouvrir aux inscriptions un tournoi d’un jeu dans ce salon
command-tournament-join = S’inscrire à un tournoi
command-tournament-leave = Quitter un tournoi, ou s’en retirer une fois commencé
command-tournament-start = Lancer un tournoi (son créateur, ou un modérateur)
command-tournament-standings = Le classement d’un tournoi, avec une image
command-tournament-pairings = Les appariements et les résultats d’une ronde
command-tournament-list = Les tournois de ce serveur ou de ce salon
option-format = « { choice-format-swiss } » : rondes appariées selon le score ; « { choice-format-roundrobin } » : une partie contre chacun
option-rounds = Rondes d’un tournoi suisse (par défaut : assez pour les inscrits, au plus 7)
option-tournament-days = Temps par coup de ses parties (par défaut : 3 jours)
option-tournament-rated = Si ses parties comptent pour les cotes (par défaut : oui)
option-max = Le nombre maximal de joueurs (par défaut : 64)
option-every = Une série : une nouvelle édition commence ce nombre de jours après la fin de chacune
option-tournament-name = Son nom (en dernier : le reste de la ligne)
option-tournament = Le numéro du tournoi, quand il y en a plusieurs ici
option-round = La ronde (par défaut : la dernière appariée)
choice-format-swiss = Système suisse
choice-format-roundrobin = Toutes rondes
