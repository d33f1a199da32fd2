### Kewbz : refus de placements, de codes de position et d’options de règles, raisons de
### fin de partie, libellés de coups, et les mots de son image et de son diagramme.
###
### Glossaire (les mots de la règle française du jeu, Family Games America : COIN,
### TOUR, cube, placer, empiler, prolonger ; écrits ici en minuscules) :
###   cube        cube : chaque joueur a une réserve de cubes de sa couleur (bleus ou
###               jaunes)
###   place       placer (un cube), un placement : un cube va sur une case vide
###               voisine d’un cube (la règle : « les joueurs placent un cube »)
###   corner      coin : trois cubes en L (un angle de 90°) ; « coin double » quand un
###               placement en crée deux au même endroit
###   extension   prolongement : un cube qui allonge la ligne de cubes d’un coin
###               existant (prolonger un coin)
###   vertex      cube d’angle : le cube « qui forme le COIN », à l’angle du L, où
###               l’on empile les cubes gagnés (jamais « sommet » : dans la règle, le
###               sommet est le dessus d’une tour)
###   tower       tour : une pile de cubes sur un cube d’angle, 5 au plus, qui
###               appartient à la couleur du cube de son sommet
###   supply      réserve : les cubes qu’un joueur peut encore placer ou empiler
###   earn        rapporter : un placement rapporte des cubes à empiler
###   Blue, Yellow  les camps : Bleu, Jaune (majuscule, sans article, comme la règle :
###               « Bleu commence ») ; un cube bleu, jaune
###
### Variables : $square, $vertex, $corner, $opposite, $example, $text, $symbol, $run
### et $found tels que la notation ou le joueur les écrit (jamais traduits) ; $colour
### arrive comme un mot de couleur ci-dessous (kewbz-colour-…) avec son id dans
### $colour-id, sur lequel on choisit le nom du camp ; $seat comme le nom d’un camp
### (kewbz-seat-…) ; $what comme une suite de coins et de prolongements
### (kewbz-label-corners …).

kewbz-title = Kewbz

## Colours and seats

kewbz-colour-blue = bleu
kewbz-colour-yellow = jaune
kewbz-seat-blue = Bleu
kewbz-seat-yellow = Jaune

## Move labels: what a placement did (d5 · coin en d4 +1 · tour d4 ×2)

kewbz-label-corners = { $n ->
    [1] coin
    [2] coin double
   *[other] { $n } coins
}
kewbz-label-extensions = { $n ->
    [1] prolongement
   *[other] { $n } prolongements
}
kewbz-label-both = { $corners } + { $extensions }
kewbz-label-growth = { $what } en { $vertex } +{ $stacked }
kewbz-label-tower-full = tour { $vertex } pleine
kewbz-label-tower = tour { $vertex } ×{ $height }
kewbz-label-last-cube = dernier cube
# A chat menu's square where the player must choose where their last cubes go.
kewbz-label-earns = rapporte { $earned ->
    [one] { $earned } cube
   *[other] { $earned } cubes
}, il t’en reste { $left } : choisis où { $left ->
    [one] l’empiler
   *[other] les empiler
}

## How a game ends, with the final scores

kewbz-end-last-cube = { $colour-id ->
    [kewbz-colour-blue] { kewbz-seat-blue }
   *[other] { kewbz-seat-yellow }
} a placé le dernier cube ; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }
kewbz-end-no-cubes = { $colour-id ->
    [kewbz-colour-blue] { kewbz-seat-blue }
   *[other] { kewbz-seat-yellow }
} n’a plus de cubes ; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }
kewbz-end-blocked = plus aucun cube ne peut être placé ; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }

## The picture and the diagram

kewbz-view-cubes-left = cubes restants
kewbz-view-score = score
kewbz-diagram-seat = { $seat } : { $cubes } { $cubes ->
    [one] cube restant
   *[other] cubes restants
}, score { $score }

## Text that is not a placement

kewbz-malformed-empty = coup vide : écris la case où va ton cube, comme d4
kewbz-malformed-bad-square = « { $text } » n’est pas une case : écris une lettre de colonne et un numéro de rangée, comme d4
kewbz-malformed-bad-vertex = « { $text } » après « > » n’est pas une case : donne les cubes d’angle comme d4>e5,f6
kewbz-malformed-empty-choice = rien après « > » : donne les cubes d’angle qui reçoivent tes cubes, comme d4>e5,f6

## A placement that is not allowed

kewbz-illegal-game-over = la partie est terminée
kewbz-illegal-off-board = { $square } est hors du plateau { $size }×{ $size }
kewbz-illegal-occupied = { $square } est occupée : les cubes se placent sur des cases vides
kewbz-illegal-not-adjacent = { $square } ne touche aucun cube : place ton cube à côté d’un cube du plateau (diagonales comprises)
kewbz-illegal-block = { $square } compléterait un carré de 2×2 cubes (de { $corner } à { $opposite })
kewbz-illegal-nothing-earned = { $square } ne rapporte aucun cube, il n’y a donc rien à choisir : écris-le sans « > »
kewbz-illegal-last-cube = en { $square }, tu places ton dernier cube et il n’en reste aucun à empiler : écris-le sans « > »
kewbz-illegal-enough = { $square } rapporte { $earned ->
    [one] { $earned } cube
   *[other] { $earned } cubes
} et il t’en reste { $left }, assez pour tous : écris-le sans « > »
kewbz-illegal-not-earning = { $vertex } ne reçoit aucun cube quand le cube est placé en { $square }
kewbz-illegal-too-many = { $vertex } est nommée { $named } fois mais ne reçoit que { $earned ->
    [one] { $earned } cube
   *[other] { $earned } cubes
}
kewbz-illegal-wrong-count = la liste après « > » nomme { $named ->
    [one] { $named } cube
   *[other] { $named } cubes
}, mais il t’en reste { $left } à empiler : nommes-en exactement { $left }
kewbz-illegal-choice-needed = { $square } rapporte { $earned ->
    [one] { $earned } cube
   *[other] { $earned } cubes
} mais il ne t’en reste que { $left } : choisis où les empiler, comme { $example }

## A position code that is refused

kewbz-code-fields = 3 champs attendus (plateau, trait, réserves), { $n } { $n ->
    [one] trouvé
   *[other] trouvés
}
kewbz-code-size = le plateau a { $n } { $n ->
    [one] rangée
   *[other] rangées
} : seuls les plateaux de { $min } à { $max } rangées sont pris en charge
kewbz-code-row-length = la rangée { $rank } décrit { $cells } { $cells ->
    [one] case
   *[other] cases
}, mais le plateau fait { $size } cases de large
kewbz-code-not-square = le plateau n’est pas carré : { $rows } { $rows ->
    [one] rangée
   *[other] rangées
} de { $columns } { $columns ->
    [one] case
   *[other] cases
}
kewbz-code-symbol = symbole inconnu « { $symbol } » dans la rangée { $rank } (utilise b, y, des piles (…) et des chiffres)
kewbz-code-run = suite de cases vides non canonique « { $run } » dans la rangée { $rank } (écris 10 comme 91)
kewbz-code-stack = pile incorrecte « { $text } » dans la rangée { $rank } : écris de 2 à 5 cubes de bas en haut, comme (byb)
kewbz-code-too-high = la pile en { $square } a { $height } cubes : les tours s’arrêtent à 5
kewbz-code-block = les cases de { $corner } à { $opposite } forment un carré de 2×2, ce que la règle n’autorise jamais
kewbz-code-to-move = le trait doit être b ou y, trouvé « { $found } »
kewbz-code-supplies = les réserves doivent s’écrire <bleu>-<jaune> comme 32-32, trouvé « { $found } »
kewbz-code-supply-above = { $colour-id ->
    [kewbz-colour-blue] { kewbz-seat-blue }
   *[other] { kewbz-seat-yellow }
} a { $supply } cubes en réserve, mais le jeu n’en donne que { $cubes } à chaque joueur
kewbz-code-too-many-cubes = { $colour-id ->
    [kewbz-colour-blue] { kewbz-seat-blue }
   *[other] { kewbz-seat-yellow }
} a { $on-board } { $on-board ->
    [one] cube
   *[other] cubes
} sur le plateau et { $supply } en réserve, plus que les { $cubes } du jeu

## Rule options that are refused

kewbz-option-size = la taille de plateau { $n } n’est pas prise en charge : utilise de { $min } à { $max }
kewbz-option-cubes = { $n } cubes par joueur, ce n’est pas pris en charge : utilise de 1 à { $max }
