### boardbot — les problèmes tirés des parties des joueurs (français).
###
### Un problème est une position d’une partie terminée où le joueur au trait a fait
### une erreur ou une gaffe et où un coup est nettement le meilleur : la personne qui
### le demande cherche ce coup. Mêmes messages et mêmes variables que le catalogue
### anglais ; un test le vérifie. Les personnes ($person, $mover) arrivent écrites
### comme la plateforme les mentionne ; les commandes ($solve, $puzzle, $analysis)
### comme elle les écrit (/kuba solve). Les coups et les suites de coups ($answer,
### $played, $line) sont de la notation : ils restent tels quels.
###
### Glossaire (en plus de celui de main.ftl, garder ces mots partout) :
###   puzzle          problème (le problème 12)
###   solve / answer  résoudre / répondre : donner le coup ; résolu : c’était le meilleur
###   the line        la suite : le meilleur coup et les coups qui suivent tant qu’ils
###                   sont forcés (pas « variante », qui désigne une option de règles)
###   streak          série : des problèmes résolus d’affilée, jusqu’au premier raté
###   puzzle rating   cote aux problèmes, distincte de la cote du jeu
###   mistake/blunder erreur / gaffe (les mots de l’analyse, review-label-…)

## Commandes (ce qu’affiche Discord : 100 caractères au plus)

command-puzzle = Obtenir un problème tiré de tes parties, puis de celles d’ici ; une série, ta cote, le classement
command-solve = Répondre à ton problème : commence à taper et choisis le meilleur coup
option-puzzle-mode = Une série jusqu’au premier raté, ta cote aux problèmes ou le classement d’ici
option-solve-move = Ta réponse : le coup, dans n’importe quelle notation acceptée par le jeu
choice-mode-streak = Série
choice-mode-rating = Ma cote aux problèmes
choice-mode-leaderboard = Classement

## Un problème donné

# Shown first when the person asked for a puzzle while one is still open.
puzzle-again = Ton problème attend toujours ta réponse :
# From the person's own game: $id the game, $ply the move that was a mistake, $played what they played.
puzzle-given-own = Ta partie de { $game } { $id }, coup { $ply } : tu as joué { $played } ici ; trouve mieux.
puzzle-given-community = Une position tirée des parties de { $game } jouées ici : trouve le meilleur coup.
# $colour the side the person plays, $puzzle its number, $rating the puzzle's own rating.
puzzle-given-task = Au trait : { $colour } (toi). Problème { $puzzle } (cote { $rating }) : réponds avec { $solve } ou choisis ton coup dans le menu.
puzzle-streak-so-far = Série : { $count ->
        [0] ton premier problème. Un seul raté y met fin.
        [one] { $count } problème résolu d’affilée jusqu’ici.
       *[other] { $count } problèmes résolus d’affilée jusqu’ici.
    }
puzzle-page = Sur le web : { $url }

## Un problème résolu (ou non)

puzzle-solved = Bien vu : { $answer } est le meilleur coup (problème { $puzzle }).
puzzle-missed = Pas le meilleur coup : { $answer }. Le meilleur était { $best } (problème { $puzzle }).
# $line the moves in order, joined by arrows (e1-E → d2-N → f3-W).
puzzle-line = La suite : { $line }.
# Where the puzzle came from: $mover played $played, a $label (review-label-…).
puzzle-origin = Dans la partie de { $game } { $id }, au coup { $ply }, { $mover } a joué { $played } : une { $label }.
puzzle-rating-change = Ta cote aux problèmes : { $before } → { $after } ({ $delta }).
puzzle-not-rated = Cette réponse ne change pas ta cote : ce problème t’avait déjà été donné.
puzzle-streak-going = Série : { $count ->
        [one] { $count } résolu d’affilée
       *[other] { $count } résolus d’affilée
    } (record : { $best }). Voici le suivant.
puzzle-streak-over = Fin de la série : { $count ->
        [one] { $count } résolu d’affilée
       *[other] { $count } résolus d’affilée
    } (record : { $best }).
puzzle-streak-exhausted = Il ne reste plus de problème pour toi : ta série s’arrête à { $count } (record : { $best }).

## Cotes et classement

puzzle-rating = Cote aux problèmes de { $person } à { $game } : { $rating } ({ $solved } { $solved ->
        [one] résolu
       *[other] résolus
    } sur { $attempts } ; meilleure série : { $best }).
puzzle-rating-none = { $person } n’a pas encore de cote aux problèmes à { $game } : { $puzzle } donne un problème.
puzzle-leaderboard-header = Classement des problèmes de { $game } ici :
puzzle-leaderboard-row = { $rank }. { $person } { $rating } ({ $solved }/{ $attempts } { $solved ->
        [one] résolu
       *[other] résolus
    }, meilleure série : { $best })
puzzle-leaderboard-empty = Personne n’a encore répondu à un problème de { $game } ici : { $puzzle } en donne un.

## Refus

refused-puzzle-none-left = Aucun problème de { $game } ne t’attend { $alone ->
        [yes] dans tes parties pour l’instant : les problèmes viennent des erreurs des parties terminées analysées par l’ordinateur ({ $analysis }), et ici seules les tiennes comptent.
       *[no] pour l’instant : les problèmes viennent des erreurs des parties terminées analysées par l’ordinateur ({ $analysis }), les tiennes d’abord, puis celles de ce serveur ou de ce salon.
    }
refused-puzzle-nothing-to-solve = Tu n’as aucun problème de { $game } en attente de réponse : { $puzzle } t’en donne un.
refused-puzzle-no-community = Le classement des problèmes de { $game } est celui d’un serveur ou d’un salon : demande-le là-bas.
refused-puzzle-answered-before = Tu as déjà répondu au problème de { $game } { $puzzle } : seule ta première réponse compte.
refused-puzzle-not-for-you = Tu jouais l’autre camp dans la partie de { $game } d’où vient le problème { $puzzle } : tu connais la suite, ce n’est donc pas à toi d’y répondre.
refused-puzzle-other-open = Ton problème de { $game } { $puzzle } attend toujours ta réponse : réponds-y d’abord.

## La page web d’un problème

web-puzzle-title = { $game } : problème { $puzzle }
web-puzzle-task = Au trait, { $colour } : trouve le meilleur coup.
web-puzzle-rating = Cote du problème : { $rating } · résolu { $solved } fois sur { $attempts }
web-puzzle-label = Ton coup
web-puzzle-check = Vérifier
web-puzzle-right = Bien vu : { $answer } est le meilleur coup.
web-puzzle-wrong = Pas le meilleur coup : { $answer }. Le meilleur était { $best }.
web-puzzle-refused = { $answer } ne peut pas être joué ici.
web-puzzle-line = La suite : { $line }.
web-puzzle-origin = Dans la partie de { $game } { $id }, au coup { $ply }, { $played } a été joué : une { $label }.
web-puzzle-no-rating = Les réponses données sur cette page ne comptent pour la cote de personne : dans la discussion, la commande solve, si.
web-puzzle-sign-in = Connecte-toi avec /boardbot web login dans le chat pour répondre ici et que ta réponse compte pour ta cote aux problèmes.
web-puzzle-heading = Ta réponse
web-puzzle-rated = Ta réponse compte pour ta cote aux problèmes, comme dans le chat : seule la première.
web-puzzle-free = Ce problème ne t’a pas été donné dans le chat : y répondre ici te le donne, et ta réponse compte pour ta cote aux problèmes comme une première réponse dans le chat.
web-puzzle-streak = Ce problème fait partie de ta série : un seul raté y met fin.
web-puzzle-answered = Tu as déjà répondu à ce problème : seule ta première réponse compte.
web-puzzle-not-for-you = Tu jouais l’autre camp dans cette partie : tu connais la suite, ce n’est donc pas à toi de répondre à ce problème.
# $puzzle the number of the puzzle that waits; the link to its page follows.
web-puzzle-other-open = Ton problème de { $game } { $puzzle } attend toujours ta réponse : réponds-y d’abord.
web-puzzle-other-link = Aller au problème { $puzzle }
web-puzzle-next = Le problème suivant de ta série
