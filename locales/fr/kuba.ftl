### Kuba (Traboulet) : refus de coups et de codes de position, raisons de fin de
### partie, libellés de coups, et les mots de son image et de son diagramme.
###
### Glossaire (garder ces mots partout) :
###   marble        bille ; chaque joueur en a 8, de sa couleur (blanches ou noires)
###   red           rouge (une rouge, les rouges) : une des 13 billes rouges neutres ;
###                 en sortir 7 fait gagner
###   push          poussée, pousser : une bille avance d’une case et pousse avec elle
###                 la ligne de billes devant elle
###   push off      sortir (du plateau) : la bille poussée par-dessus le bord quitte le
###                 jeu ; pour celui qui la sort, elle est prise (« prend une rouge »)
###   ban           interdiction : la poussée qui défairait la dernière poussée
###                 adverse, interdite pendant un tour
###   extra push    poussée supplémentaire : celle que gagne une prise ; y renoncer
###                 (variante extra_push:optional), c’est jouer le coup pass
###   repetition    répétition (de position) : la variante repetition:draw
###   N, E, S, W    directions, comme les écrit la notation (d2-N) ; en toutes lettres :
###                 nord, est, sud, ouest
###   White, Black  les camps : Blanc, Noir (majuscule, sans article) ; la couleur
###                 d’une bille s’accorde : une bille blanche, noire
###
### Variables : $square, $from, $behind, $push, $text, $symbol, $run et $found tels
### que la notation ou le joueur les écrit (jamais traduits) ; $colour, $owner,
### $winner, $loser, $mover et $other arrivent comme les mots de couleur ci-dessous
### (kuba-colour-…), avec $colour-id etc. pour l’accord : on choisit sur l’id le nom
### du camp (Blanc) ou l’adjectif accordé (blanche) ; $seat comme le nom d’un camp
### (kuba-seat-…) ; $dir comme une direction (kuba-dir-…).

kuba-title = Kuba

## Colours, seats and directions

kuba-colour-white = blanc
kuba-colour-black = noir
kuba-seat-white = Blanc
kuba-seat-black = Noir
kuba-dir-n = N
kuba-dir-e = E
kuba-dir-s = S
kuba-dir-w = W

## Move labels: what a push did (a7-S · pousse 2 billes · prend une rouge)

kuba-label-pushes = pousse { $n ->
    [one] { $n } bille
   *[other] { $n } billes
}
kuba-label-takes-seventh-red = prend la 7e rouge et gagne
kuba-label-takes-red = prend une rouge
kuba-label-takes-last-marble = prend la dernière bille adverse et gagne
kuba-label-takes-marble = prend une bille { $colour-id ->
    [kuba-colour-white] blanche
   *[other] noire
}
# The move "pass": the player who has just captured does not push again.
kuba-label-declines-extra-push = renonce à la poussée supplémentaire

## How a game ends

kuba-end-seven-reds = { $colour-id ->
    [kuba-colour-white] { kuba-seat-white }
   *[other] { kuba-seat-black }
} a sorti 7 billes rouges
kuba-end-all-marbles = { $winner-id ->
    [kuba-colour-white] { kuba-seat-white }
   *[other] { kuba-seat-black }
} a sorti toutes les billes { $loser-id ->
    [kuba-colour-white] blanches
   *[other] noires
}
kuba-end-no-push = { $mover-id ->
    [kuba-colour-white] { kuba-seat-white }
   *[other] { kuba-seat-black }
} n’a plus aucune poussée possible
# House rule repetition:draw: the game is drawn.
kuba-end-repetition = la même position s’est produite une troisième fois

## The picture and the diagram

kuba-view-reds = rouges
kuba-view-taken = prises
kuba-view-ban = { $seat } ne peut pas pousser { $push }
kuba-diagram-seat = { $seat } a pris { $reds } { $reds ->
    [one] rouge
   *[other] rouges
} et { $taken } { $taken ->
    [one] { $other-id ->
        [kuba-colour-white] bille blanche
       *[other] bille noire
    }
   *[other] { $other-id ->
        [kuba-colour-white] billes blanches
       *[other] billes noires
    }
}
kuba-diagram-to-move-ban = Au tour de { $seat } (sans pouvoir pousser { $push })
# After a capture under the house rule extra_push:optional; "pass" is the move as typed.
kuba-diagram-to-move-extra = Au tour de { $seat } (qui peut pousser encore ou jouer pass)
kuba-view-extra = { $seat } peut pousser encore ou jouer pass

## The house rules in force, on the picture's panel and under the diagram

kuba-rules-extra-optional = variante : on peut renoncer à la poussée supplémentaire
kuba-rules-repetition-draw = variante : nulle à la troisième répétition
kuba-rules-both = variantes : on peut renoncer à la poussée supplémentaire, nulle à la troisième répétition

## Text that is not a push

kuba-malformed-empty = coup vide : écris une case et une direction, comme d2-N
kuba-malformed-bad-square = « { $text } » n’est pas une case du plateau 7×7 (colonnes a–g, rangées 1–7)
kuba-malformed-bad-direction = « { $text } » n’est pas une direction : utilise N, E, S ou W (ou une case d’arrivée)
kuba-malformed-not-adjacent = { $from } et { $to } ne sont pas voisines : une poussée déplace une bille d’une case
kuba-malformed-missing-direction = « { $text } » n’a pas de direction : écris le coup comme d2-N

## A push that is not allowed

kuba-illegal-game-over = la partie est terminée
kuba-illegal-empty = il n’y a pas de bille en { $square }
kuba-illegal-red = { $square } contient une bille rouge : tu ne peux pousser que tes propres billes
kuba-illegal-not-yours = { $square } contient une bille { $owner-id ->
    [kuba-colour-white] blanche, mais ce n’est pas au tour de { kuba-seat-white }
   *[other] noire, mais ce n’est pas au tour de { kuba-seat-black }
}
kuba-illegal-no-access = la bille en { $from } ne peut pas être poussée { $dir-id ->
    [kuba-dir-n] vers le nord (N)
    [kuba-dir-e] vers l’est (E)
    [kuba-dir-s] vers le sud (S)
   *[kuba-dir-w] vers l’ouest (W)
} : la case derrière elle, { $behind }, n’est pas libre
kuba-illegal-own-marble-off = cette poussée sortirait ta propre bille du plateau
kuba-illegal-banned = la poussée { $push } est interdite ce tour-ci : elle défairait la dernière poussée de l’adversaire
kuba-illegal-pass-mandatory = la poussée supplémentaire après une prise est obligatoire dans cette partie : on ne peut pas y renoncer
kuba-illegal-nothing-to-decline = il n’y a pas de poussée supplémentaire à laquelle renoncer : pass ne se joue que juste après une prise

## A position code that is refused

kuba-code-fields = 4 champs attendus (plateau, trait, rouges, interdiction), { $n } { $n ->
    [one] trouvé
   *[other] trouvés
}
kuba-code-rows = 7 rangées séparées par « / » attendues, { $n } { $n ->
    [one] trouvée
   *[other] trouvées
}
kuba-code-row-length = la rangée { $rank } décrit { $squares } { $squares ->
    [one] case
   *[other] cases
}, 7 attendues
kuba-code-symbol = symbole inconnu « { $symbol } » dans la rangée { $rank } (utilise W, B, R et les chiffres 1 à 7)
kuba-code-run = suite de cases vides non canonique « { $run } » dans la rangée { $rank }
kuba-code-to-move = le trait doit être w ou b, trouvé « { $found } »
kuba-code-reds = les rouges doivent s’écrire <prises par Blanc>-<prises par Noir> comme 0-0, trouvé « { $found } »
kuba-code-too-many = { $count } billes { $colour-id ->
    [kuba-colour-white] blanches
   *[other] noires
} sur le plateau, alors que le jeu en a 8
kuba-code-too-many-reds = { $on-board } { $on-board ->
    [one] bille rouge
   *[other] billes rouges
} sur le plateau et { $captured } { $captured ->
    [one] prise
   *[other] prises
}, alors que le jeu en a 13
kuba-code-ban = l’interdiction doit être une poussée comme d4-W, ou -, trouvé « { $found } »
kuba-code-needs-optional-extra-push = un + dans le champ d’interdiction marque une poussée supplémentaire à laquelle on peut renoncer : le code demande extra_push:optional
kuba-code-ban-not-mover = l’interdiction désigne { $square }, qui ne contient aucune bille { $colour-id ->
    [kuba-colour-white] blanche, alors que c’est au tour de { kuba-seat-white }
   *[other] noire, alors que c’est au tour de { kuba-seat-black }
}
