### boardbot — puzzels uit de eigen partijen van spelers (Nederlands).
###
### Een puzzel is een stelling uit een afgelopen partij waarin de speler aan zet een
### fout of een blunder maakte en één zet duidelijk de beste is: wie erom vraagt,
### zoekt die zet. Dezelfde berichten en variabelen als de Engelse catalogus (een test
### controleert dat). Personen ($person, $mover) komen geschreven zoals het platform
### ze vermeldt; commando's ($solve, $puzzle, $analysis) zoals het platform ze typt
### (/kuba solve). Zetten en reeksen zetten ($answer, $played, $line) zijn notatie:
### die blijven zoals ze zijn.
###
### Woordenlijst (naast die van main.ftl; overal hetzelfde woord gebruiken):
###   puzzle          puzzel (puzzel 12)
###   solve / answer  oplossen / antwoorden: de zet geven; opgelost: het was de beste
###   the line        het vervolg: de beste zet en de zetten die volgen zolang ze
###                   gedwongen zijn
###   streak          reeks: puzzels na elkaar opgelost, tot de eerste misser
###   puzzle rating   puzzelrating, los van de rating van het spel
###   mistake/blunder fout / blunder (de woorden van de analyse, review-label-…)

## Commando's (wat Discord toont: hoogstens 100 tekens)

command-puzzle = Een puzzel uit je eigen partijen, daarna uit die van hier; een reeks, je rating, de ranglijst
command-solve = Beantwoord je puzzel: begin te typen en kies de beste zet
option-puzzle-mode = Een reeks tot je eerste misser, je puzzelrating of de ranglijst van hier
option-solve-move = Je antwoord: de zet, in elke notatie die het spel kent
choice-mode-streak = Reeks
choice-mode-rating = Mijn puzzelrating
choice-mode-leaderboard = Ranglijst

## Een puzzel

# Shown first when the person asked for a puzzle while one is still open.
puzzle-again = Je puzzel wacht nog op je antwoord:
# From the person's own game: $id the game, $ply the move that was a mistake, $played what they played.
puzzle-given-own = Je { $game }-partij { $id }, zet { $ply }: hier speelde je { $played }; vind iets beters.
puzzle-given-community = Een stelling uit de { $game }-partijen die hier gespeeld zijn: vind de beste zet.
# $colour the side the person plays, $puzzle its number, $rating the puzzle's own rating.
puzzle-given-task = { $colour } is aan zet (jij). Puzzel { $puzzle } (rating { $rating }): antwoord met { $solve } of kies je zet in het menu.
puzzle-streak-so-far = Reeks: { $count ->
        [0] je eerste puzzel. Eén misser maakt er een eind aan.
        [one] tot nu toe 1 puzzel na elkaar opgelost.
       *[other] tot nu toe { $count } puzzels na elkaar opgelost.
    }
puzzle-page = Op het web: { $url }

## Een beantwoorde puzzel

puzzle-solved = Goed: { $answer } is de beste zet (puzzel { $puzzle }).
puzzle-missed = Niet de beste zet: { $answer }. De beste was { $best } (puzzel { $puzzle }).
# $line the moves in order, joined by arrows (e1-E → d2-N → f3-W).
puzzle-line = Het vervolg: { $line }.
# Where the puzzle came from: $mover played $played, a $label (review-label-…).
puzzle-origin = In { $game }-partij { $id }, zet { $ply }, speelde { $mover } { $played }: een { $label }.
puzzle-rating-change = Je puzzelrating: { $before } → { $after } ({ $delta }).
puzzle-not-rated = Dit antwoord verandert je rating niet: je had deze puzzel al eens gekregen.
puzzle-streak-going = Reeks: { $count } na elkaar opgelost (beste reeks { $best }). Hier is de volgende.
puzzle-streak-over = De reeks is voorbij: { $count } na elkaar opgelost (beste reeks { $best }).
puzzle-streak-exhausted = Er is geen puzzel meer voor je: je reeks eindigt bij { $count } (beste reeks { $best }).

## Ratings en de ranglijst

puzzle-rating = Puzzelrating van { $person } in { $game }: { $rating } ({ $solved } van { $attempts ->
        [one] { $attempts } puzzel
       *[other] { $attempts } puzzels
    } opgelost; beste reeks { $best }).
puzzle-rating-none = { $person } heeft nog geen puzzelrating in { $game }: { $puzzle } geeft een puzzel.
# Glossary aside: leaderboard — de ranglijst van de puzzels, als één woord: puzzelranglijst
puzzle-leaderboard-header = Puzzelranglijst { $game } (hier):
puzzle-leaderboard-row = { $rank }. { $person } { $rating } ({ $solved }/{ $attempts } opgelost, beste reeks { $best })
puzzle-leaderboard-empty = Hier heeft nog niemand een { $game }-puzzel beantwoord: { $puzzle } geeft er een.

## Weigeringen

refused-puzzle-none-left = { $alone ->
        [yes] Er wacht nog geen { $game }-puzzel op je uit je eigen partijen: puzzels komen uit de fouten van afgelopen partijen die de computer analyseerde ({ $analysis }), en hier tellen alleen je eigen partijen.
       *[no] Er wacht nog geen { $game }-puzzel op je: puzzels komen uit de fouten van afgelopen partijen die de computer analyseerde ({ $analysis }), eerst die van jou, dan die van deze server of ruimte.
    }
refused-puzzle-nothing-to-solve = Er wacht geen { $game }-puzzel op je antwoord: { $puzzle } geeft er een.
# Glossary aside: leaderboard — de ranglijst van de puzzels, als één woord: puzzelranglijst
refused-puzzle-no-community = De puzzelranglijst van { $game } hoort bij een server of een ruimte: vraag er daar om.
refused-puzzle-answered-before = Je hebt { $game }-puzzel { $puzzle } al beantwoord: alleen je eerste antwoord telt.
refused-puzzle-not-for-you = Je speelde de andere kant in de { $game }-partij waar puzzel { $puzzle } uit komt: je weet hoe het verderging, dus deze is niet voor jou.
refused-puzzle-other-open = Je { $game }-puzzel { $puzzle } wacht nog op je antwoord: beantwoord die eerst.

## De webpagina van een puzzel

web-puzzle-title = { $game }-puzzel { $puzzle }
web-puzzle-task = { $colour } is aan zet: vind de beste zet.
web-puzzle-rating = Puzzelrating { $rating } · { $solved } van de { $attempts } keer opgelost
web-puzzle-label = Jouw zet
web-puzzle-check = Controleren
web-puzzle-right = Goed: { $answer } is de beste zet.
web-puzzle-wrong = Niet de beste zet: { $answer }. De beste was { $best }.
web-puzzle-refused = { $answer } kan hier niet gespeeld worden.
web-puzzle-line = Het vervolg: { $line }.
web-puzzle-origin = In { $game }-partij { $id }, zet { $ply }, werd { $played } gespeeld: een { $label }.
web-puzzle-no-rating = Antwoorden op deze pagina tellen voor niemands rating mee: in de chat doet het commando solve dat wel.
web-puzzle-sign-in = Log in de chat in met /boardbot web login om hier te antwoorden voor je puzzelrating.
web-puzzle-heading = Je antwoord
web-puzzle-rated = Je antwoord telt mee voor je puzzelrating, net als in de chat: alleen het eerste.
web-puzzle-free = Deze puzzel heb je niet in de chat gekregen: als je hem hier beantwoordt, krijg je hem, en je antwoord telt mee voor je puzzelrating zoals een eerste antwoord in de chat.
web-puzzle-streak = Deze puzzel hoort bij je reeks: één misser maakt er een eind aan.
web-puzzle-answered = Je hebt deze puzzel al beantwoord: alleen je eerste antwoord telt.
web-puzzle-not-for-you = Je speelde de andere kant in deze partij: je weet hoe het verderging, dus deze puzzel is niet voor jou.
# $puzzle the number of the puzzle that waits; the link to its page follows.
web-puzzle-other-open = Je { $game }-puzzel { $puzzle } wacht nog op je antwoord: beantwoord die eerst.
web-puzzle-other-link = Naar puzzel { $puzzle }
web-puzzle-next = De volgende puzzel van je reeks
