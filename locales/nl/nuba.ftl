### Nuba: weigeringen van zetten en stellingcodes, hoe een partij eindigt, zetlabels,
### en de woorden van de afbeelding en het diagram.
###
### Woordenlijst (overal hetzelfde woord gebruiken; de woorden komen uit de
### Nederlandse spelregels van Nuba):
###   piece          steen: een van de tien stenen van elke speler, worstelaars 1–9 en
###                  de kampioen X
###   wrestler       worstelaar: een steen 1–9; hoe lager het getal, hoe sterker de
###                  worstelaar
###   champion       kampioen: de steen X; hij slaat alles en kan door alles geslagen
###                  worden, en wint zodra hij aankomt
###   hand           hand: de stenen die een speler nog niet geplaatst heeft
###   home rows      thuisveld: de twee rijen waarop een speler zijn stenen plaatst
###   back row       achterlijn: de verste rij van het thuisveld van de tegenstander,
###                  waar stenen aankomen
###   musician       muzikant: de steen op de muzikantenplek naast het bord; hoe hoger
###                  het getal, hoe beter de muzikant (voorlopige / definitieve muzikant)
###   capture        slaan
###   place / step   plaatsen / stap: de twee soorten zetten, een steen uit de hand en
###                  een steen vooruit
###   pass           passen
###
### Variabelen: $square, $from, $to, $piece, $rank, $target, $mover (een getal),
### $musician (een getal), $hand, $rows, $letter, $text, $token en $found zoals de
### notatie of de speler ze schrijft (G7, 7, X; nooit vertaald); $colour, $other,
### $owner en $mover (in nuba-illegal-not-yours) komen als de kleurwoorden hieronder
### (nuba-colour-…) met $colour-id enz. als id: kies daarop de verbuiging (groene/rode
### steen) of de naam van de speler (Groen, Rood: nuba-seat-…, met hoofdletter, ook
### na "van": de hand van Groen); $seat als de naam van een kleur (nuba-seat-…).

nuba-title = Nuba

## Kleuren en plaatsen

nuba-colour-green = groen
nuba-colour-red = rood
nuba-seat-green = Groen
nuba-seat-red = Rood

## Zetlabels: wat een zet deed (c2-d3 · 4 slaat 7, b5-b6 · 8 wordt muzikant)

nuba-label-places-champion = plaatst de kampioen
nuba-label-places = plaatst { $rank }
nuba-label-no-move = geen zet mogelijk
nuba-label-takes = { $rank } slaat { $target }
nuba-label-champion-arrives = X bereikt de achterlijn
nuba-label-becomes-musician = { $rank } wordt muzikant
nuba-label-replaces-musician = { $rank } vervangt muzikant { $musician } van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
}
nuba-label-leaves-board = { $rank } verlaat het bord (muzikant { $musician } van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} blijft)
nuba-label-wins = { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} wint
nuba-label-draw = gelijkspel

## Hoe een partij eindigt

nuba-end-champion = de kampioen van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} heeft de achterlijn van { $other-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} bereikt
nuba-end-musician = { $other-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} heeft geen steen hoger dan { $rank } en geen kampioen meer: de { $rank } van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} is de definitieve muzikant
nuba-end-no-moves = geen van beide spelers kan zetten: muzikant { $rank } van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} beslist
nuba-end-no-moves-no-musician = geen van beide spelers kan zetten en er is geen muzikant

## De afbeelding en het diagram

nuba-view-hand = hand
nuba-view-on-board = op het bord
nuba-view-out = uit het spel
nuba-view-placing = Plaatsen: elke speler vult de twee rijen van zijn thuisveld
# De plek naast het bord.
nuba-view-musician = Muzikant
nuba-diagram-seat = { $seat }: hand { $hand }, { $out } uit het spel
nuba-diagram-musician = Muzikant: { $rank } van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
}
nuba-diagram-no-musician = Muzikant: geen
nuba-diagram-to-place = { $seat } is aan zet om een steen te plaatsen

## Tekst die geen zet is

nuba-malformed-empty = lege zet: schrijf een plaatsing zoals X@c2, een stap zoals c2-d3, of pass
nuba-malformed-bad-piece = "{ $text }" is geen steen: zet 1–9 of X vóór de @, zoals X@c2
nuba-malformed-bad-square = "{ $text }" is geen veld van het 5×6-bord (lijnen a–e, rijen 1–6)
nuba-malformed-same-square = { $square }-{ $square } gaat nergens heen: een stap brengt een steen naar een ander veld
nuba-malformed-missing-target = "{ $text }" heeft geen doelveld: schrijf een stap zoals c2-d3

## Een zet die niet mag

nuba-illegal-game-over = de partij is afgelopen
nuba-illegal-placement-over = alle stenen zijn geplaatst: zet een steen één stap vooruit, zoals c2-d3
nuba-illegal-still-placing = de stenen worden nog geplaatst: plaats er een uit je hand, zoals X@c2
nuba-illegal-not-in-hand = je { $rank } staat al op het bord
nuba-illegal-not-home-row = { $square } ligt niet in je thuisveld: { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} plaatst op de rijen { $rows }
nuba-illegal-occupied = op { $square } staat al { $piece }
nuba-illegal-empty = er staat geen steen op { $square }
nuba-illegal-not-yours = op { $square } staat een { $owner-id ->
    [nuba-colour-green] groene
   *[other] rode
} steen, maar { $mover-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} is aan zet
nuba-illegal-backwards = { $from }-{ $to } gaat achteruit: { $colour-id ->
    [nuba-colour-green] groene
   *[other] rode
} stenen gaan alleen richting rij { $rank }
nuba-illegal-sideways = { $from }-{ $to } gaat zijwaarts: stenen gaan alleen recht of schuin vooruit
nuba-illegal-too-far = { $from }-{ $to } is meer dan één stap: een steen gaat één veld recht of schuin vooruit
nuba-illegal-own-piece = op { $square } staat je eigen steen
nuba-illegal-stronger = je { $mover } kan de { $target } op { $square } niet slaan: hoe lager het getal, hoe sterker de worstelaar
nuba-illegal-pass-not-allowed = je mag alleen passen als je geen andere zet hebt

## Een stellingcode die niet klopt

nuba-code-fields = 5 onderdelen verwacht (bord, aan zet, hand van Groen, hand van Rood, muzikant), { $n } gevonden
nuba-code-rows = 6 rijen verwacht, gescheiden door '/', { $n } gevonden
nuba-code-row-length = rij { $rank } beschrijft { $cells ->
    [one] 1 veld
   *[other] { $cells } velden
}, 5 verwacht
nuba-code-token = onbekend teken "{ $token }" in rij { $rank } (een veld is '.' of G/R gevolgd door 1–9 of X)
nuba-code-to-move = aan zet moet g of r zijn, "{ $found }" gevonden
nuba-code-hand-prefix = de hand van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} moet geschreven worden als { $letter }:<stenen> of { $letter }:-, "{ $text }" gevonden
nuba-code-hand = de hand van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} "{ $text }" moet stenen 1–9 en X noemen, of - zijn
nuba-code-hand-order = de hand van { $colour-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} "{ $text }" staat niet in de standaardvolgorde (oplopend, X als laatste)
nuba-code-musician = de muzikant moet een steen zijn zoals G7, of -, "{ $found }" gevonden
nuba-code-two-musicians = "{ $found }" noemt meer dan één muzikant: op de muzikantenplek staat één steen
nuba-code-champion-musician = { $piece } kan geen muzikant zijn: een kampioen die aankomt, wint meteen
nuba-code-duplicate = { $piece } komt meer dan één keer voor (bord, handen en muzikant bevatten elke steen hooguit één keer)
nuba-code-on-goal-row = { $piece } op { $square }: een steen die geen kampioen is, verlaat het bord zodra hij de achterlijn van { $other-id ->
    [nuba-colour-green] { nuba-seat-green }
   *[other] { nuba-seat-red }
} bereikt
nuba-code-two-champions-arrived = beide kampioenen staan op de achterlijn van hun tegenstander: de eerste die aankwam, beëindigt de partij
nuba-code-off-home-rows = { $piece } op { $square } terwijl er nog stenen in de hand zijn: niets beweegt voordat alle stenen geplaatst zijn
nuba-code-early-musician = een muzikant ({ $piece }) terwijl er nog stenen in de hand zijn: niets beweegt voordat alle stenen geplaatst zijn
