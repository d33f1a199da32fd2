### Kewbz: weigeringen van plaatsingen, stellingcodes en regelopties, hoe een partij
### eindigt, zetlabels, en de woorden van de afbeelding en het diagram.
###
### Woordenlijst (overal hetzelfde woord gebruiken; de spelregels zeggen in het Frans
### COIN, TOUR, cube en in het Spaans ESQUINA, TORRE, cubo):
###   cube        kubus (meervoud kubussen): een speelstuk; elke speler heeft een
###               voorraad van zijn kleur (blauw of geel)
###   Blue, Yellow  de kleuren als spelers: Blauw, Geel (hoofdletter: "Blauw wint");
###               als bijvoeglijk naamwoord klein: een blauwe kubus
###   place       plaatsen / plaatsing: een zet; één kubus komt op een leeg veld naast
###               een kubus
###   corner      hoek: drie kubussen in een L; de kubus in de knik is het hoekpunt
###   double corner  dubbele hoek
###   extension   verlenging: een kubus die een bestaande hoek langer maakt (verlengen)
###   vertex      hoekpunt: de kubus in de knik van een hoek, waarop verdiende kubussen
###               gestapeld worden
###   tower       toren: een stapel kubussen op een hoekpunt, hooguit 5 hoog, van de
###               kleur van de bovenste kubus
###   supply      voorraad: de kubussen die een speler nog kan plaatsen of stapelen
###   earn        opleveren (een hoek levert kubussen op)
###   score       punten
###
### Variabelen: $square, $vertex, $corner, $opposite, $example, $text, $symbol, $run
### en $found zoals de notatie of de speler ze schrijft (nooit vertaald); $colour komt
### als een kleurwoord hieronder (kewbz-colour-…) met $colour-id als id, waarop je de
### naam van de speler kiest (Blauw, Geel: kewbz-seat-…); $seat als de
### naam van een kleur (kewbz-seat-…); $what als een woordgroep van hoeken en
### verlengingen (kewbz-label-corners …).

kewbz-title = Kewbz

## Kleuren en plaatsen

kewbz-colour-blue = blauw
kewbz-colour-yellow = geel
kewbz-seat-blue = Blauw
kewbz-seat-yellow = Geel

## Zetlabels: wat een plaatsing deed (d5 · hoek bij d4 +1 · toren d4 ×2)

kewbz-label-corners = { $n ->
    [1] hoek
    [2] dubbele hoek
   *[other] { $n } hoeken
}
kewbz-label-extensions = { $n ->
    [1] verlenging
   *[other] { $n } verlengingen
}
kewbz-label-both = { $corners } + { $extensions }
kewbz-label-growth = { $what } bij { $vertex } +{ $stacked }
kewbz-label-tower-full = toren { $vertex } vol
kewbz-label-tower = toren { $vertex } ×{ $height }
kewbz-label-last-cube = laatste kubus
# Een veld in een chatmenu waar de speler moet kiezen waar zijn laatste kubussen heen gaan.
kewbz-label-earns = levert { $earned ->
    [one] 1 kubus
   *[other] { $earned } kubussen
} op, je hebt er nog { $left }: kies waar { $left ->
    [one] hij komt
   *[other] ze komen
}

## Hoe een partij eindigt, met de eindstand

kewbz-end-last-cube = { $colour-id ->
    [kewbz-colour-blue] { kewbz-seat-blue }
   *[other] { kewbz-seat-yellow }
} heeft de laatste kubus geplaatst; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }
kewbz-end-no-cubes = { $colour-id ->
    [kewbz-colour-blue] { kewbz-seat-blue }
   *[other] { kewbz-seat-yellow }
} heeft geen kubussen meer; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }
kewbz-end-blocked = nergens kan nog een kubus geplaatst worden; { kewbz-seat-blue } { $blue }, { kewbz-seat-yellow } { $yellow }

## De afbeelding en het diagram

kewbz-view-cubes-left = kubussen over
kewbz-view-score = punten
kewbz-diagram-seat = { $seat }: nog { $cubes ->
    [one] 1 kubus
   *[other] { $cubes } kubussen
}, { $score ->
    [one] 1 punt
   *[other] { $score } punten
}

## Tekst die geen plaatsing is

kewbz-malformed-empty = lege zet: schrijf het veld waar je kubus komt, zoals d4
kewbz-malformed-bad-square = "{ $text }" is geen veld: schrijf een lijnletter en een rijnummer, zoals d4
kewbz-malformed-bad-vertex = "{ $text }" na '>' is geen veld: noem hoekpunten zoals d4>e5,f6
kewbz-malformed-empty-choice = niets na '>': noem de hoekpunten die je kubussen krijgen, zoals d4>e5,f6

## Een plaatsing die niet mag

kewbz-illegal-game-over = de partij is afgelopen
kewbz-illegal-off-board = { $square } ligt buiten het bord van { $size }×{ $size }
kewbz-illegal-occupied = { $square } is bezet: kubussen komen op lege velden
kewbz-illegal-not-adjacent = { $square } raakt geen enkele kubus: plaats naast een kubus op het bord (diagonaal telt ook)
kewbz-illegal-block = { $square } zou een blok van 2×2 kubussen maken ({ $corner } tot { $opposite })
kewbz-illegal-nothing-earned = { $square } levert geen kubus op, dus er valt niets te kiezen: schrijf het zonder '>'
kewbz-illegal-last-cube = met { $square } plaats je je laatste kubus, dus er blijft niets over om te stapelen: schrijf het zonder '>'
kewbz-illegal-enough = { $square } levert { $earned ->
    [one] 1 kubus
   *[other] { $earned } kubussen
} op en je hebt er nog { $left }, genoeg voor allemaal: schrijf het zonder '>'
kewbz-illegal-not-earning = { $vertex } levert geen kubus op als de kubus op { $square } komt
kewbz-illegal-too-many = { $vertex } wordt { $named } keer genoemd, maar levert er maar { $earned } op
kewbz-illegal-wrong-count = de lijst na '>' noemt { $named ->
    [one] 1 kubus
   *[other] { $named } kubussen
}, maar je hebt er nog { $left } om te stapelen: noem er precies { $left }
kewbz-illegal-choice-needed = { $square } levert { $earned ->
    [one] 1 kubus
   *[other] { $earned } kubussen
} op, maar je hebt er nog maar { $left }: kies waar ze komen, zoals { $example }

## Een stellingcode die niet klopt

kewbz-code-fields = 3 onderdelen verwacht (bord, aan zet, voorraden), { $n } gevonden
kewbz-code-size = het bord heeft { $n ->
    [one] 1 rij
   *[other] { $n } rijen
}: borden van { $min } tot { $max } rijen worden ondersteund
kewbz-code-row-length = rij { $rank } beschrijft { $cells ->
    [one] 1 veld
   *[other] { $cells } velden
}, maar het bord is { $size } velden breed
kewbz-code-not-square = het bord is niet vierkant: { $rows ->
    [one] 1 rij
   *[other] { $rows } rijen
} van { $columns ->
    [one] 1 veld
   *[other] { $columns } velden
}
kewbz-code-symbol = onbekend teken '{ $symbol }' in rij { $rank } (gebruik b, y, stapels (…) en cijfers)
kewbz-code-run = lege velden "{ $run }" in rij { $rank } zijn niet op de standaardmanier geschreven (schrijf 10 als 91)
kewbz-code-stack = ongeldige stapel "{ $text }" in rij { $rank }: schrijf 2 tot 5 kubussen van onder naar boven, zoals (byb)
kewbz-code-too-high = de stapel op { $square } telt { $height } kubussen: torens zijn hooguit 5 hoog
kewbz-code-block = de velden { $corner } tot { $opposite } vormen een blok van 2×2, en dat staan de regels nooit toe
kewbz-code-to-move = aan zet moet b of y zijn, "{ $found }" gevonden
kewbz-code-supplies = de voorraden moeten <van Blauw>-<van Geel> zijn, zoals 32-32, "{ $found }" gevonden
kewbz-code-supply-above = { $colour-id ->
    [kewbz-colour-blue] { kewbz-seat-blue }
   *[other] { kewbz-seat-yellow }
} heeft nog { $supply } kubussen, maar het spel geeft elke speler er { $cubes }
kewbz-code-too-many-cubes = { $colour-id ->
    [kewbz-colour-blue] { kewbz-seat-blue }
   *[other] { kewbz-seat-yellow }
} heeft { $on-board ->
    [one] 1 kubus
   *[other] { $on-board } kubussen
} op het bord en nog { $supply } over, meer dan de { $cubes } van het spel

## Regelopties die niet kunnen

kewbz-option-size = bordgrootte { $n } wordt niet ondersteund: gebruik { $min } tot { $max }
kewbz-option-cubes = { $n } kubussen per speler wordt niet ondersteund: gebruik 1 tot { $max }
