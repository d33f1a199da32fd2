### Cabale: weigeringen van zetten, stellingcodes en regelopties, hoe een partij
### eindigt, zetlabels, en de woorden van de afbeelding en het diagram.
###
### Woordenlijst (overal hetzelfde woord gebruiken):
###   cell        veld: een van de 61 zeshoeken (A1 … I9), elk met een waarde erop
###   runner      loper: het stuk van een speler dat een pad aflegt: rechtdoor, één keer
###               afslaan, rechtdoor
###   turn        beurt: een zet, met het pad van de loper, het blok dat hij achterlaat,
###               wat er geslagen wordt en de blokkade; the runner turns: de loper
###               slaat af (afslaan, bocht)
###   block       blok: het stuk dat een speler achterlaat waar de loper afsloeg; twee
###               op elkaar vormen een dubbel blok, dat dubbel telt
###   capture     slaan: een blok springt over een blok van een tegenstander en neemt
###               het weg (geslagen)
###   blockade    blokkade: een muurtje op de zijde tussen twee velden, waar niets
###               overheen kan
###   edge        zijde: de grens tussen twee aangrenzende velden (D4|D5); de rand van
###               het bord heet rand (randveld)
###   boxed in    ingesloten: een loper die niet kan bewegen; huisregel boxed_in:pass:
###               hij past en de anderen spelen verder
###   house rule  huisregel
###   leave       de partij verlaten: een kleur stopt, eindigt als laatste, en de anderen
###               spelen verder
###
### Variabelen: $cell, $to, $from, $first, $second, $given, $runner, $edge, $edges,
### $text, $after, $found, $row, $symbol, $letter en $letters zoals de notatie of de
### speler ze schrijft (nooit vertaald); $seat komt als de naam van een kleur
### (cabale-seat-…) met $seat-id als id; $field als een onderdeel van de stellingcode
### (cabale-field-…); $expected als wat verwacht werd (cabale-expected-…); $runner in
### het diagram als woordgroep (cabale-diagram-runner-…).

cabale-title = Cabale

## Kleuren

cabale-seat-yellow = Geel
cabale-seat-red = Rood
cabale-seat-green = Groen
cabale-seat-blue = Blauw

## Zetlabels: wat een zet deed (A3>C3>C2 · dubbel blok op C3 (6) · blokkade D4|D5)

cabale-label-runner-starts = loper begint op { $cell }
cabale-label-leaves = { $seat } verlaat de partij
cabale-label-block = blok op { $cell } ({ $value })
cabale-label-double = dubbel blok op { $cell } ({ $value })
cabale-label-last-block = laatste blok, einde van de partij
cabale-label-takes = slaat { $captures ->
    [one] 1 blok
   *[other] { $captures } blokken
} (naar { $to }, { $value })
cabale-label-blockade = blokkade { $edge }
# Het pad van een loper in een chatmenu, voordat blok, slagen en blokkade gekozen zijn.
cabale-label-turn-on = afslaan op { $cell } ({ $value })

## Hoe een partij eindigt

cabale-end-last-block = { $seat } heeft zijn laatste blok geplaatst
cabale-end-stuck = de loper van { $seat } kan niet bewegen
# Huisregel boxed_in:pass: elke loper die nog meespeelt, is ingesloten.
cabale-end-all-stuck = geen enkele loper kan nog bewegen
# In het paneel van de afbeelding en onder het diagram als de huisregel geldt.
cabale-rules-boxed-in-pass = huisregel: een ingesloten loper past

## De afbeelding en het diagram

cabale-view-score = punten
cabale-view-blocks = blokken
cabale-view-doubles = dubbele
cabale-view-blockades = blokkades
cabale-view-taken = geslagen
cabale-view-taken-value = { $single } enkel, { $double } dubbel
cabale-view-placing = Lopers worden op randvelden gezet (niet op hoeken)
cabale-diagram-blockades = blokkades: { $edges }
cabale-diagram-no-blockades = blokkades: geen
cabale-diagram-seat = { $seat } ({ $letter }): loper { $number } { $runner }; nog { $blocks ->
        [one] 1 blok
       *[other] { $blocks } blokken
    }, { $doubles ->
        [one] 1 dubbel
       *[other] { $doubles } dubbele
    }, { $blockades ->
        [one] 1 blokkade
       *[other] { $blockades } blokkades
    }; geslagen: { $single } enkel, { $double } dubbel; { $points ->
        [one] 1 punt
       *[other] { $points } punten
    }
cabale-diagram-runner-on = op { $cell }
cabale-diagram-runner-not-placed = nog niet geplaatst
cabale-diagram-to-place = { $seat } is aan zet om een loper neer te zetten

## Tekst die geen zet is

cabale-malformed-empty = lege zet: schrijf @A3 om je loper neer te zetten, of een beurt zoals A3>C3>C2
cabale-malformed-bad-cell = "{ $text }" is geen veld van het bord (rijen A–I, bijvoorbeeld A1–A5, E1–E9, I5–I9)
cabale-malformed-expected = verwacht na "{ $after }": { $expected }; gevonden: "{ $found }"
cabale-malformed-not-neighbours = { $first } en { $second } liggen niet naast elkaar: een blokkade komt op de zijde tussen twee aangrenzende velden
cabale-expected-cell = een veld
cabale-expected-turn-cell = '>' en het veld waar de loper afslaat
cabale-expected-stop-cell = '>' en het veld waar de loper stopt
cabale-expected-wall-cell = '|' en het tweede veld van de zijde met de blokkade
cabale-expected-end = het einde van de zet
cabale-expected-turn-part = '+', 'x<veld>', '#<veld>|<veld>' of het einde van de zet

## Een zet die niet mag

cabale-illegal-game-over = de partij is afgelopen
cabale-illegal-cannot-leave = een kleur kan de partij pas verlaten als alle lopers geplaatst zijn, en alleen zolang er minstens drie kleuren verder spelen
cabale-illegal-place-runner-first = de lopers worden nog geplaatst: { $seat } zet eerst een loper neer, zoals @A3
cabale-illegal-runners-placed = alle lopers staan al op het bord: verplaats de jouwe met een beurt zoals A3>C3>C2
cabale-illegal-start-on-corner = { $cell } is een hoek: lopers beginnen op een randveld dat geen hoek is
cabale-illegal-start-not-on-edge = { $cell } ligt niet aan de rand van het bord: lopers beginnen op een randveld
cabale-illegal-start-taken = op { $cell } staat al een andere loper
cabale-illegal-not-your-runner = je loper staat op { $runner }, niet op { $given }
cabale-illegal-not-straight = { $first } en { $second } liggen niet op een rechte lijn: de loper gaat rechtdoor, slaat één keer af en gaat weer rechtdoor
cabale-illegal-no-turn = de loper moet op { $cell } afslaan: rechtdoor gaan is geen afslag
cabale-illegal-turns-back = de loper mag op { $cell } niet terugkeren langs de weg die hij kwam
cabale-illegal-sharp-turn = de bocht op { $cell } is scherp (120°), en dat staan deze regelopties niet toe
cabale-illegal-occupied = de loper kan niet naar { $cell }: dat veld is niet leeg
cabale-illegal-crosses-blockade = de loper kan niet over de blokkade op { $edge }
cabale-illegal-no-doubles-left = je hebt al je dubbele blokken gebouwd
cabale-illegal-no-block-for-double = voor een dubbel blok zijn twee blokken nodig, en je hebt er nog maar één
cabale-illegal-after-last-block = met je laatste blok eindigt de partij meteen: daarna mag je niet meer slaan en geen blokkade meer zetten
cabale-illegal-jump-not-straight = het blok op { $from } kan niet op { $to } landen: een sprong gaat over één buurveld heen naar het veld direct erachter
cabale-illegal-jump-changes-direction = de sprong naar { $cell } wijkt af van de lijn: verder slaan gaat in dezelfde richting
cabale-illegal-nothing-to-capture = op { $cell } staat geen blok van een tegenstander om te slaan
cabale-illegal-landing-occupied = het blok kan niet op { $cell } landen: dat veld is niet leeg
cabale-illegal-jump-blocked = het blok kan niet over de blokkade op { $edge } springen
cabale-illegal-no-blockades-left = je hebt geen blokkades meer
cabale-illegal-already-walled = op { $edge } staat al een blokkade
cabale-illegal-edge-not-allowed = deze regelopties staan geen blokkade op { $edge } toe

## Een stellingcode die niet klopt

cabale-field-supplies = voorraden
cabale-field-doubles = dubbele blokken
cabale-field-blockades = blokkades
cabale-field-captures = geslagen blokken
# In plaats van een kleur: de blokken van alle kleuren samen geteld.
cabale-code-every-seat = alle kleuren samen
cabale-code-fields = 7 onderdelen verwacht (bord, aan zet, voorraden, dubbele blokken, blokkades, geslagen blokken, muren), of 8 met de kleuren die de partij verlieten, { $n } gevonden
cabale-code-players = het onderdeel voorraden heeft { $n ->
    [one] 1 waarde
   *[other] { $n } waarden
}, maar Cabale is voor 2 tot 4 spelers
cabale-code-entries = het onderdeel { $field } heeft { $found ->
    [one] 1 waarde
   *[other] { $found } waarden
}, verwacht wordt één per kleur ({ $expected })
cabale-code-counter = het onderdeel { $field } heeft een ongeldige teller "{ $text }"
cabale-code-counter-too-high = bij { $seat } staat de teller voor { $field } op { $value }, boven de beginwaarde { $max }
cabale-code-rows = 9 rijen verwacht, gescheiden door '/', { $n } gevonden
cabale-code-row-length = rij { $row } heeft { $found ->
    [one] 1 veld
   *[other] { $found } velden
}, { $expected } verwacht
cabale-code-symbol = onbekend teken '{ $symbol }' in rij { $row } (gebruik . y r g b Y R G B 1 2 3 4)
cabale-code-seat-not-in-game = '{ $symbol }' in rij { $row } hoort bij een kleur die een partij met { $players } spelers niet heeft
cabale-code-duplicate-runner = loper { $runner } staat meer dan één keer op het bord
cabale-code-to-move = aan zet moet een van { $letters } zijn, "{ $found }" gevonden
cabale-code-captures = geslagen blokken moeten per kleur <enkel>.<dubbel> zijn, zoals 0.0-2.1, "{ $found }" gevonden
cabale-code-left = de kleuren die de partij verlieten, moeten letters zijn van kleuren in de partij, in speelvolgorde, hooguit alle op twee na, niet de kleur die aan zet is, en pas nadat de lopers geplaatst zijn: "{ $found }" gevonden
cabale-code-walls = muren moeten '-' zijn of zijden zoals D4|D5,E5|E6, "{ $found }" gevonden
cabale-code-wall-order = muren moeten elk één keer genoemd worden, in de volgorde van het bord: "{ $found }" staat op de verkeerde plek
cabale-code-placement = lopers worden in speelvolgorde geplaatst: met { $placed } geplaatst is { $seat } aan zet en staan latere lopers nog niet op het bord
cabale-code-pieces-during-placement = er kunnen geen blokken of blokkades op het bord staan zolang de lopers nog geplaatst worden
cabale-code-too-many-blocks = { $seat } { $seat-id ->
        [cabale-code-every-seat] hebben
       *[other] heeft
    } { $count ->
        [one] 1 blok
       *[other] { $count } blokken
    } op het bord, in voorraad en geslagen door anderen, maar { $seat-id ->
        [cabale-code-every-seat] beginnen
       *[other] begint
    } met { $max }
cabale-code-too-many-doubles = { $seat } { $seat-id ->
        [cabale-code-every-seat] hebben
       *[other] heeft
    } { $count ->
        [one] 1 dubbel blok
       *[other] { $count } dubbele blokken
    } op het bord, nog te bouwen en geslagen door anderen, maar { $seat-id ->
        [cabale-code-every-seat] mogen
       *[other] mag
    } er { $max } bouwen
cabale-code-too-many-blockades = { $on-board ->
    [one] 1 blokkade
   *[other] { $on-board } blokkades
} op het bord en nog { $left } over, maar het spel heeft er { $max }

## Regelopties die niet kunnen

cabale-option-players = Cabale is voor 2 tot 4 spelers, niet voor { $n }
cabale-option-edge = "{ $text }" is geen zijde tussen twee aangrenzende velden (zoals D4|D5)
