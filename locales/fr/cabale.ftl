### Cabale : refus de coups, de codes de position et d’options de règles, raisons de
### fin de partie, libellés de coups, et les mots de son image et de son diagramme.
###
### Glossaire (garder ces mots partout ; la règle n’existe qu’en anglais et en
### allemand, ce sont des mots simples) :
###   cell        case : un des 61 hexagones (A1 … I9), chacun avec sa valeur imprimée
###   runner      coureur : le grand pion d’un joueur, qui suit un trajet : tout droit,
###               un virage, tout droit
###   turn        le coup : le trajet du coureur, le bloc qu’il laisse, ses prises et
###               sa barrière ; « virage » pour l’endroit où le coureur tourne
###   block       bloc : le petit pion laissé là où le coureur a tourné ; deux empilés
###               font un bloc double (un double), qui compte deux fois la case
###   capture     prise, prendre : un bloc saute par-dessus un bloc adverse et le prend
###   blockade    barrière : un mur sur le côté commun à deux cases, que rien ne
###               franchit
###   edge        côté : la limite entre deux cases voisines (D4|D5) ; « bord » est
###               celui du plateau (les cases du bord)
###   leave       quitter la partie : un camp sort, classé dernier, et les autres
###               continuent
###   boxed in    bloqué : un coureur qui ne peut plus bouger ; avec la variante
###               boxed_in:pass, il passe son tour
###   Yellow, Red, Green, Blue  les camps : Jaune, Rouge, Vert, Bleu (majuscule, sans
###               article)
###
### Variables : $cell, $to, $from, $first, $second, $given, $runner, $edge, $edges,
### $text, $after, $found, $row, $symbol, $letter et $letters tels que la notation ou
### le joueur les écrit (jamais traduits) ; $seat arrive comme le nom d’un camp
### (cabale-seat-…) avec son id dans $seat-id ; $field comme un champ du code de
### position (cabale-field-…) ; $expected comme ce qui était attendu
### (cabale-expected-…) ; $runner, dans le diagramme, comme une expression
### (cabale-diagram-runner-…).

cabale-title = Cabale

## Seats

cabale-seat-yellow = Jaune
cabale-seat-red = Rouge
cabale-seat-green = Vert
cabale-seat-blue = Bleu

## Move labels: what a move did (A3>C3>C2 · double en C3 (6) · barrière D4|D5)

cabale-label-runner-starts = le coureur part de { $cell }
cabale-label-leaves = { $seat } quitte la partie
cabale-label-block = bloc en { $cell } ({ $value })
cabale-label-double = double en { $cell } ({ $value })
cabale-label-last-block = dernier bloc, fin de la partie
cabale-label-takes = prend { $captures ->
    [one] { $captures } bloc
   *[other] { $captures } blocs
} (arrivée en { $to }, { $value })
cabale-label-blockade = barrière { $edge }
# A chat menu's runner path, before the block, captures and blockade are chosen.
cabale-label-turn-on = virage en { $cell } ({ $value })

## How a game ends

cabale-end-last-block = { $seat } a posé son dernier bloc
cabale-end-stuck = le coureur de { $seat } ne peut plus bouger
# House rule boxed_in:pass: every runner still playing is boxed in.
cabale-end-all-stuck = aucun coureur ne peut plus bouger
# On the picture's panel and under the diagram when the house rule is in force.
cabale-rules-boxed-in-pass = variante : un coureur bloqué passe son tour

## The picture and the diagram

cabale-view-score = score
cabale-view-blocks = blocs
cabale-view-doubles = doubles
cabale-view-blockades = barrières
cabale-view-taken = prises
cabale-view-taken-value = { $single } { $single ->
    [one] simple
   *[other] simples
}, { $double } { $double ->
    [one] double
   *[other] doubles
}
cabale-view-placing = Placement des coureurs sur les cases du bord (sauf les coins)
cabale-diagram-blockades = barrières : { $edges }
cabale-diagram-no-blockades = barrières : aucune
cabale-diagram-seat = { $seat } ({ $letter }) : coureur { $number } { $runner } ; reste : blocs { $blocks }, doubles { $doubles }, barrières { $blockades } ; prises : simples { $single }, doubles { $double } ; points { $points }
cabale-diagram-runner-on = en { $cell }
cabale-diagram-runner-not-placed = pas encore posé
cabale-diagram-to-place = Au tour de { $seat } de poser son coureur

## Text that is not a move

cabale-malformed-empty = coup vide : écris @A3 pour poser le coureur, ou un coup comme A3>C3>C2
cabale-malformed-bad-cell = « { $text } » n’est pas une case du plateau (rangées A à I, p. ex. A1–A5, E1–E9, I5–I9)
cabale-malformed-expected = après « { $after } », il faut { $expected }, pas « { $found } »
cabale-malformed-not-neighbours = { $first } et { $second } ne sont pas voisines : une barrière se pose sur le côté commun à deux cases voisines
cabale-expected-cell = une case
cabale-expected-turn-cell = « > » et la case où le coureur tourne
cabale-expected-stop-cell = « > » et la case où le coureur s’arrête
cabale-expected-wall-cell = « | » et la seconde case du côté de la barrière
cabale-expected-end = la fin du coup
cabale-expected-turn-part = « + », « x<case> », « #<case>|<case> » ou la fin du coup

## A move that is not allowed

cabale-illegal-game-over = la partie est terminée
cabale-illegal-cannot-leave = un camp ne peut quitter la partie qu’une fois les coureurs posés, et tant qu’au moins trois camps restent en jeu
cabale-illegal-place-runner-first = les coureurs ne sont pas encore tous posés : c’est à { $seat } de poser le sien, comme @A3
cabale-illegal-runners-placed = tous les coureurs sont déjà sur le plateau : déplace le tien avec un coup comme A3>C3>C2
cabale-illegal-start-on-corner = { $cell } est un coin : les coureurs partent d’une case du bord qui n’est pas un coin
cabale-illegal-start-not-on-edge = { $cell } n’est pas au bord du plateau : les coureurs partent d’une case du bord
cabale-illegal-start-taken = { $cell } est déjà prise par un autre coureur
cabale-illegal-not-your-runner = ton coureur est en { $runner }, pas en { $given }
cabale-illegal-not-straight = { $first } et { $second } ne sont pas alignées : le coureur va tout droit, tourne une fois, puis repart tout droit
cabale-illegal-no-turn = le coureur doit tourner en { $cell } : continuer tout droit n’est pas un virage
cabale-illegal-turns-back = le coureur ne peut pas faire demi-tour en { $cell }
cabale-illegal-sharp-turn = le virage en { $cell } est un virage serré (120°), que ces options de règles n’autorisent pas
cabale-illegal-occupied = le coureur ne peut pas entrer en { $cell } : la case n’est pas vide
cabale-illegal-crosses-blockade = le coureur ne peut pas franchir la barrière en { $edge }
cabale-illegal-no-doubles-left = tu as déjà construit tous tes blocs doubles
cabale-illegal-no-block-for-double = un bloc double demande deux blocs, et il ne t’en reste qu’un
cabale-illegal-after-last-block = poser ton dernier bloc termine aussitôt la partie : ni prise ni barrière ne peuvent suivre
cabale-illegal-jump-not-straight = le bloc en { $from } ne peut pas atterrir en { $to } : un saut passe par-dessus une case voisine et atterrit juste derrière
cabale-illegal-jump-changes-direction = le saut vers { $cell } sort de la ligne : les prises suivantes continuent dans la même direction
cabale-illegal-nothing-to-capture = il n’y a pas de bloc adverse à prendre en { $cell }
cabale-illegal-landing-occupied = le bloc ne peut pas atterrir en { $cell } : la case n’est pas vide
cabale-illegal-jump-blocked = le bloc ne peut pas sauter par-dessus la barrière en { $edge }
cabale-illegal-no-blockades-left = il ne te reste plus de barrières
cabale-illegal-already-walled = il y a déjà une barrière en { $edge }
cabale-illegal-edge-not-allowed = ces options de règles n’autorisent pas de barrière en { $edge }

## A position code that is refused

cabale-field-supplies = réserves
cabale-field-doubles = doubles
cabale-field-blockades = barrières
cabale-field-captures = prises
# Instead of a seat: the blocks of all seats counted together.
cabale-code-every-seat = tous les camps réunis
cabale-code-fields = 7 champs attendus (plateau, trait, réserves, doubles, barrières, prises, barrières posées), ou 8 avec les camps sortis, { $n } { $n ->
    [one] trouvé
   *[other] trouvés
}
cabale-code-players = le champ des réserves a { $n } { $n ->
    [one] entrée
   *[other] entrées
}, mais Cabale se joue de 2 à 4 joueurs
cabale-code-entries = le champ « { $field } » a { $found } { $found ->
    [one] entrée
   *[other] entrées
}, il en faut une par camp ({ $expected })
cabale-code-counter = le champ « { $field } » contient un compteur incorrect « { $text } »
cabale-code-counter-too-high = le compteur « { $field } » de { $seat } vaut { $value }, plus que sa valeur de départ { $max }
cabale-code-rows = 9 rangées séparées par « / » attendues, { $n } { $n ->
    [one] trouvée
   *[other] trouvées
}
cabale-code-row-length = la rangée { $row } a { $found } { $found ->
    [one] case
   *[other] cases
}, { $expected } attendues
cabale-code-symbol = symbole inconnu « { $symbol } » dans la rangée { $row } (utilise . y r g b Y R G B 1 2 3 4)
cabale-code-seat-not-in-game = « { $symbol } » dans la rangée { $row } appartient à un camp qu’une partie à { $players } joueurs n’a pas
cabale-code-duplicate-runner = le coureur { $runner } est plusieurs fois sur le plateau
cabale-code-to-move = le trait doit être l’une des lettres { $letters }, trouvé « { $found } »
cabale-code-captures = les prises doivent s’écrire <simples>.<doubles> par camp, comme 0.0-2.1, trouvé « { $found } »
cabale-code-left = les camps sortis doivent être des lettres des camps de la partie, dans l’ordre de jeu, tous sauf deux au plus, sans le camp au trait, une fois les coureurs posés : trouvé « { $found } »
cabale-code-walls = les barrières posées doivent être « - » ou des côtés comme D4|D5,E5|E6, trouvé « { $found } »
cabale-code-wall-order = chaque barrière posée doit figurer une seule fois, dans l’ordre du plateau : « { $found } » n’est pas à sa place
cabale-code-placement = les coureurs se posent dans l’ordre des camps : avec { $placed } { $placed ->
    [one] coureur posé
   *[other] coureurs posés
}, c’est au tour de { $seat } et les coureurs suivants ne sont pas sur le plateau
cabale-code-pieces-during-placement = il ne peut y avoir ni bloc ni barrière sur le plateau tant que les coureurs ne sont pas tous posés
cabale-code-too-many-blocks = { $seat-id ->
    [cabale-code-every-seat] { $seat } ont { $count } blocs sur le plateau, en réserve ou pris par les autres, alors qu’ils n’en ont que { $max } au départ
   *[other] { $seat } a { $count } blocs sur le plateau, en réserve ou pris par les autres, alors qu’il n’en a que { $max } au départ
}
cabale-code-too-many-doubles = { $seat-id ->
    [cabale-code-every-seat] { $seat } ont { $count } { $count ->
        [one] bloc double
       *[other] blocs doubles
    } sur le plateau, encore à construire ou pris par les autres, alors qu’ils ne peuvent en construire que { $max }
   *[other] { $seat } a { $count } { $count ->
        [one] bloc double
       *[other] blocs doubles
    } sur le plateau, encore à construire ou pris par les autres, alors qu’il ne peut en construire que { $max }
}
cabale-code-too-many-blockades = { $on-board } { $on-board ->
    [one] barrière
   *[other] barrières
} sur le plateau et { $left } { $left ->
    [one] restante
   *[other] restantes
}, alors que le jeu en a { $max }

## Rule options that are refused

cabale-option-players = Cabale se joue de 2 à 4 joueurs, pas { $n }
cabale-option-edge = « { $text } » n’est pas un côté entre deux cases voisines (comme D4|D5)
