### Kuba (Traboulet): weigeringen van zetten en stellingcodes, hoe een partij eindigt,
### zetlabels, en de woorden van de afbeelding en het diagram.
###
### Woordenlijst (overal hetzelfde woord gebruiken):
###   marble        knikker: een speelstuk; elke speler heeft er 8 van zijn kleur
###                 (wit of zwart)
###   White, Black  de kleuren als spelers: Wit, Zwart (hoofdletter: "Wit is aan zet",
###                 "Zwart wint"); als bijvoeglijk naamwoord klein: een witte knikker
###   red           rode (knikker): een van de 13 neutrale rode knikkers; wie er 7
###                 eraf duwt, wint
###   push          duwen / duw: een zet; een knikker schuift één veld op en de rij
###                 ervoor schuift mee
###   push off      eraf duwen: een knikker die over de rand gaat, verlaat het bord
###                 (hij is "geslagen")
###   taken         geslagen
###   ban           verbod: de duw die de laatste duw van de tegenstander zou
###                 terugdraaien, één beurt verboden
###   extra push    extra duw: de duw die je krijgt na het eraf duwen van een rode
###                 of een knikker van de tegenstander; huisregel extra_push:optional:
###                 je mag hem overslaan (de zet pass)
###   repetition    herhaling: dezelfde stelling voor de derde keer (huisregel
###                 repetition:draw: gelijkspel)
###   house rule    huisregel
###   N, E, S, W    richtingen, zoals de notatie ze schrijft (d2-N): blijven zo
###
### Variabelen: $square, $from, $behind, $push, $text, $symbol, $run en $found zoals
### de notatie of de speler ze schrijft (nooit vertaald); $colour, $owner, $winner,
### $loser, $mover en $other komen als de kleurwoorden hieronder (kuba-colour-…), met
### $colour-id enz. als id van de term: kies daarop de verbuiging (witte/zwarte
### knikker) of de naam van de speler (Wit, Zwart: kuba-seat-…);
### $seat als de naam van een kleur (kuba-seat-…); $dir als richting (kuba-dir-…).

kuba-title = Kuba

## Kleuren, plaatsen en richtingen

kuba-colour-white = wit
kuba-colour-black = zwart
kuba-seat-white = Wit
kuba-seat-black = Zwart
kuba-dir-n = N
kuba-dir-e = E
kuba-dir-s = S
kuba-dir-w = W

## Zetlabels: wat een duw deed (a7-S · duwt 2 knikkers · duwt een rode eraf)

kuba-label-pushes = duwt { $n ->
    [one] 1 knikker
   *[other] { $n } knikkers
}
kuba-label-takes-seventh-red = duwt de 7e rode eraf en wint
kuba-label-takes-red = duwt een rode eraf
kuba-label-takes-last-marble = duwt de laatste knikker van de tegenstander eraf en wint
kuba-label-takes-marble = duwt een { $colour-id ->
    [kuba-colour-white] witte
   *[other] zwarte
} knikker eraf
# De zet "pass": wie net een knikker eraf heeft geduwd, duwt niet nog een keer.
kuba-label-declines-extra-push = slaat de extra duw over

## Hoe een partij eindigt

kuba-end-seven-reds = { $colour-id ->
    [kuba-colour-white] { kuba-seat-white }
   *[other] { kuba-seat-black }
} heeft 7 rode knikkers eraf geduwd
kuba-end-all-marbles = { $winner-id ->
    [kuba-colour-white] { kuba-seat-white }
   *[other] { kuba-seat-black }
} heeft alle { $loser-id ->
    [kuba-colour-white] witte
   *[other] zwarte
} knikkers eraf geduwd
kuba-end-no-push = { $mover-id ->
    [kuba-colour-white] { kuba-seat-white }
   *[other] { kuba-seat-black }
} kan geen enkele knikker meer duwen
# Huisregel repetition:draw: de partij eindigt in gelijkspel.
kuba-end-repetition = dezelfde stelling stond voor de derde keer op het bord

## De afbeelding en het diagram

kuba-view-reds = rode
kuba-view-taken = geslagen
kuba-view-ban = { $seat } mag { $push } niet spelen
kuba-diagram-seat = { $seat }: { $reds } rode en { $taken } { $other-id ->
    [kuba-colour-white] witte
   *[other] zwarte
} { $taken ->
    [one] knikker
   *[other] knikkers
} geslagen
kuba-diagram-to-move-ban = { $seat } is aan zet (mag { $push } niet spelen)
# Na het eraf duwen onder de huisregel extra_push:optional; "pass" is de zet zoals je hem typt.
kuba-diagram-to-move-extra = { $seat } is aan zet (mag nog een keer duwen, of pass spelen)
kuba-view-extra = { $seat } mag nog een keer duwen, of pass spelen

## De huisregels die gelden, in het paneel van de afbeelding en onder het diagram

kuba-rules-extra-optional = huisregel: de extra duw mag worden overgeslagen
kuba-rules-repetition-draw = huisregel: een derde herhaling is gelijkspel
kuba-rules-both = huisregels: de extra duw mag worden overgeslagen, een derde herhaling is gelijkspel

## Tekst die geen duw is

kuba-malformed-empty = lege zet: schrijf een veld en een richting, zoals d2-N
kuba-malformed-bad-square = "{ $text }" is geen veld van het 7×7-bord (lijnen a–g, rijen 1–7)
kuba-malformed-bad-direction = "{ $text }" is geen richting: gebruik N, E, S of W (of een doelveld)
kuba-malformed-not-adjacent = { $from } en { $to } liggen niet naast elkaar: een duw verplaatst een knikker één veld
kuba-malformed-missing-direction = "{ $text }" heeft geen richting: schrijf het zoals d2-N

## Een duw die niet mag

kuba-illegal-game-over = de partij is afgelopen
kuba-illegal-empty = er ligt geen knikker op { $square }
kuba-illegal-red = op { $square } ligt een rode knikker: je kunt alleen je eigen knikkers duwen
kuba-illegal-not-yours = op { $square } ligt een { $owner-id ->
    [kuba-colour-white] witte
   *[other] zwarte
} knikker, maar { $owner-id ->
    [kuba-colour-white] { kuba-seat-white }
   *[other] { kuba-seat-black }
} is niet aan zet
kuba-illegal-no-access = de knikker op { $from } kan niet richting { $dir } geduwd worden: het veld erachter, { $behind }, is niet vrij
kuba-illegal-own-marble-off = dan zou je je eigen knikker eraf duwen
kuba-illegal-banned = { $push } mag deze beurt niet: die duw zou de laatste duw van je tegenstander precies terugdraaien
kuba-illegal-pass-mandatory = in deze partij is de extra duw na het eraf duwen verplicht: je kunt hem niet overslaan
kuba-illegal-nothing-to-decline = er is geen extra duw om over te slaan: pass kan alleen direct nadat je een knikker eraf hebt geduwd

## Een stellingcode die niet klopt

kuba-code-fields = 4 onderdelen verwacht (bord, aan zet, rode, verbod), { $n } gevonden
kuba-code-rows = 7 rijen verwacht, gescheiden door '/', { $n } gevonden
kuba-code-row-length = rij { $rank } beschrijft { $squares ->
    [one] 1 veld
   *[other] { $squares } velden
}, 7 verwacht
kuba-code-symbol = onbekend teken '{ $symbol }' in rij { $rank } (gebruik W, B, R en cijfers 1–7)
kuba-code-run = lege velden "{ $run }" in rij { $rank } zijn niet op de standaardmanier geschreven
kuba-code-to-move = aan zet moet w of b zijn, "{ $found }" gevonden
kuba-code-reds = het aantal geslagen rode moet <door Wit>-<door Zwart> zijn, zoals 0-0, "{ $found }" gevonden
kuba-code-too-many = { $count } { $colour-id ->
    [kuba-colour-white] witte
   *[other] zwarte
} knikkers op het bord, maar het spel heeft er 8
kuba-code-too-many-reds = { $on-board ->
    [one] 1 rode knikker
   *[other] { $on-board } rode knikkers
} op het bord en { $captured } geslagen, maar het spel heeft er 13
kuba-code-ban = het verbod moet een duw zijn zoals d4-W, of -, "{ $found }" gevonden
kuba-code-needs-optional-extra-push = een + in het verbod staat voor een extra duw die mag worden overgeslagen: daarvoor heeft de code extra_push:optional nodig
kuba-code-ban-not-mover = het verbod noemt { $square }, waar geen { $colour-id ->
    [kuba-colour-white] witte
   *[other] zwarte
} knikker ligt, terwijl { $colour-id ->
    [kuba-colour-white] { kuba-seat-white }
   *[other] { kuba-seat-black }
} aan zet is
