### Nuba : refus de coups et de codes de position, raisons de fin de partie, libellés
### de coups, et les mots de son image et de son diagramme.
###
### Glossaire (garder ces mots partout ; ils suivent la règle néerlandaise :
### worstelaar, kampioen, muzikant, thuisveld) :
###   piece          pièce : une des dix de chaque joueur, les lutteurs 1 à 9 et le
###                  champion X ; « le 7 », « ton 3 » pour une pièce par son numéro
###   wrestler       lutteur : une pièce 1 à 9 ; plus le numéro est bas, plus le
###                  lutteur est fort
###   champion       champion : la pièce X ; elle prend n’importe quelle pièce et peut
###                  être prise par n’importe laquelle, et gagne en arrivant
###   hand           main : les pièces qu’un joueur n’a pas encore posées (« en main »)
###   home rows      rangées de départ : les deux rangées où un joueur pose ses pièces
###   back row       rangée du fond : la rangée de départ adverse la plus éloignée, où
###                  les pièces arrivent
###   musician       musicien : la pièce sur la place du musicien, à côté du plateau ;
###                  plus le numéro est haut, meilleur est le musicien ; le dernier est
###                  le musicien définitif
###   place / step   poser (une pièce de sa main) / avancer d’un pas (d’une case)
###   Green, Red     les camps : Vert, Rouge (majuscule, sans article) ; une pièce
###                  verte, rouge
###
### Variables : $square, $from, $to, $piece, $rank, $target, $mover (un numéro),
### $musician (un numéro), $hand, $rows, $letter, $text, $token et $found tels que la
### notation ou le joueur les écrit (G7, 7, X ; jamais traduits) ; $colour, $other
### et $owner arrivent comme les mots de couleur ci-dessous (nuba-colour-…) avec
### leurs ids dans $colour-id etc., sur lesquels on choisit le nom du camp (Vert) ou
### l’adjectif accordé (verte) ; $seat comme le nom d’un camp (nuba-seat-…).

nuba-title = Nuba

## Colours and seats

nuba-colour-green = vert
nuba-colour-red = rouge
nuba-seat-green = Vert
nuba-seat-red = Rouge

## Move labels: what a move did (c2-d3 · le 4 prend le 7, b5-b6 · le 8 devient musicien)

nuba-label-places-champion = pose le champion
nuba-label-places = pose le { $rank }
nuba-label-no-move = aucun coup possible
nuba-label-takes = le { $rank } prend le { $target }
nuba-label-champion-arrives = X atteint la rangée du fond
nuba-label-becomes-musician = le { $rank } devient musicien
nuba-label-replaces-musician = le { $rank } remplace le musicien { $musician } de { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
}
nuba-label-leaves-board = le { $rank } quitte le plateau (le musicien { $musician } de { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} reste)
nuba-label-wins = { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} gagne
nuba-label-draw = nulle

## How a game ends

nuba-end-champion = le champion de { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} a atteint la rangée du fond de { $other-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
}
nuba-end-musician = { $other-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} n’a plus de pièce au-dessus de { $rank } ni de champion : le { $rank } de { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} est le musicien définitif
nuba-end-no-moves = aucun joueur ne peut bouger : le musicien { $rank } de { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} décide
nuba-end-no-moves-no-musician = aucun joueur ne peut bouger et il n’y a pas de musicien

## The picture and the diagram

nuba-view-hand = en main
nuba-view-on-board = sur le plateau
nuba-view-out = hors jeu
nuba-view-placing = Placement : chaque camp remplit ses deux rangées de départ
# The space beside the board.
nuba-view-musician = Musicien
nuba-diagram-seat = { $seat } : en main { $hand }, hors jeu { $out }
nuba-diagram-musician = Musicien : le { $rank } de { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
}
nuba-diagram-no-musician = Musicien : aucun
nuba-diagram-to-place = Au tour de { $seat } de poser une pièce

## Text that is not a move

nuba-malformed-empty = coup vide : écris une pose comme X@c2, un pas comme c2-d3, ou pass
nuba-malformed-bad-piece = « { $text } » n’est pas une pièce : mets 1 à 9 ou X avant le @, comme X@c2
nuba-malformed-bad-square = « { $text } » n’est pas une case du plateau 5×6 (colonnes a–e, rangées 1–6)
nuba-malformed-same-square = { $square }-{ $square } ne mène nulle part : un pas déplace une pièce sur une autre case
nuba-malformed-missing-target = « { $text } » n’a pas de case d’arrivée : écris un pas comme c2-d3

## A move that is not allowed

nuba-illegal-game-over = la partie est terminée
nuba-illegal-placement-over = toutes les pièces sont posées : avance une pièce d’un pas, comme c2-d3
nuba-illegal-still-placing = les pièces ne sont pas encore toutes posées : poses-en une de ta main, comme X@c2
nuba-illegal-not-in-hand = ton { $rank } est déjà posé
nuba-illegal-not-home-row = { $square } n’est pas sur tes rangées de départ : { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} pose sur les rangées { $rows }
nuba-illegal-occupied = { $square } est occupée par { $piece }
nuba-illegal-empty = il n’y a pas de pièce en { $square }
nuba-illegal-not-yours = { $square } contient une pièce { $owner-id ->
    [nuba-colour-green] verte
   *[other] rouge
}, mais c’est au tour de { $mover-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
}
nuba-illegal-backwards = { $from }-{ $to } recule : les pièces { $colour-id ->
    [nuba-colour-green] vertes
   *[other] rouges
} n’avancent que vers la rangée { $rank }
nuba-illegal-sideways = { $from }-{ $to } va de côté : les pièces n’avancent que tout droit ou en diagonale vers l’avant
nuba-illegal-too-far = { $from }-{ $to } fait plus d’un pas : une pièce avance d’une case, tout droit ou en diagonale vers l’avant
nuba-illegal-own-piece = { $square } contient une de tes pièces
nuba-illegal-stronger = ton { $mover } ne peut pas prendre le { $target } en { $square } : plus le numéro est bas, plus le lutteur est fort
nuba-illegal-pass-not-allowed = tu ne peux passer que si tu n’as aucun autre coup

## A position code that is refused

nuba-code-fields = 5 champs attendus (plateau, trait, main verte, main rouge, musicien), { $n } { $n ->
    [one] trouvé
   *[other] trouvés
}
nuba-code-rows = 6 rangées séparées par « / » attendues, { $n } { $n ->
    [one] trouvée
   *[other] trouvées
}
nuba-code-row-length = la rangée { $rank } décrit { $cells } { $cells ->
    [one] case
   *[other] cases
}, 5 attendues
nuba-code-token = élément inconnu « { $token } » dans la rangée { $rank } (une case s’écrit « . », ou G/R suivi de 1–9 ou X)
nuba-code-to-move = le trait doit être g ou r, trouvé « { $found } »
nuba-code-hand-prefix = la main { $colour-id ->
    [nuba-colour-green] verte
   *[other] rouge
} doit s’écrire { $letter }:<pièces> ou { $letter }:-, trouvé « { $text } »
nuba-code-hand = la main { $colour-id ->
    [nuba-colour-green] verte
   *[other] rouge
} « { $text } » doit lister des pièces 1–9 et X, ou être -
nuba-code-hand-order = la main { $colour-id ->
    [nuba-colour-green] verte
   *[other] rouge
} « { $text } » n’est pas dans l’ordre canonique (croissant, X à la fin)
nuba-code-musician = le musicien doit être une pièce comme G7, ou -, trouvé « { $found } »
nuba-code-two-musicians = « { $found } » désigne plus d’un musicien : la place du musicien ne tient qu’une pièce
nuba-code-champion-musician = { $piece } ne peut pas être le musicien : un champion qui arrive gagne à la place
nuba-code-duplicate = { $piece } apparaît plus d’une fois (plateau, mains et musicien contiennent chaque pièce une fois au plus)
nuba-code-on-goal-row = { $piece } en { $square } : une pièce autre que le champion quitte le plateau quand elle atteint la rangée du fond de { $other-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
}
nuba-code-two-champions-arrived = les deux champions sont sur la rangée du fond adverse : le premier arrivé termine la partie
nuba-code-off-home-rows = { $piece } en { $square } alors que des pièces sont encore en main : rien ne bouge avant que toutes les pièces soient posées
nuba-code-early-musician = un musicien ({ $piece }) alors que des pièces sont encore en main : rien ne bouge avant que toutes les pièces soient posées
