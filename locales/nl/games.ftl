### Spellen: de woorden die alle spellen delen. Weigeringen van het spelregister (een
### onbekend spel, regelopties, stellingcodes, opgeslagen partijen die niet opnieuw
### af te spelen zijn), de kleine woorden van zetlabels, bordafbeeldingen en
### terminaldiagrammen, en uitslagen. De eigen woorden van elk spel staan in zijn
### bestand (kuba.ftl, kewbz.ftl, cabale.ftl, nuba.ftl).
###
### Woordenlijst (overal hetzelfde woord gebruiken):
###   rule options   regelopties: de opties waarmee een partij begint, in JSON
###                  ({"size":10}); optienamen (size, players …) zijn JSON-sleutels en
###                  blijven Engels
###   position code  stellingcode: de tekst die een stelling beschrijft (docs/notation.md)
###   field (of a code)  onderdeel (van een stellingcode)
###   seat           kleur: de plaats van een speler in de speelvolgorde, genoemd naar
###                  zijn kleur (Wit is aan zet)
###   move           zet, in de notatie van het project (a7-S, d4>e5, A3>C3>C2, X@c2),
###                  in elke taal hetzelfde
###   square / cell  veld; file / rank: lijn / rij
###   capture        slaan (geslagen)
###   to move        aan zet
###   draw           gelijkspel
###
### Variabelen: $seat komt als de kleur van een plaats ("Wit"); $game als de naam van
### een spel ("Kuba"); $reason als een hele zin uit het bestand van een spel; $move,
### $text, $key, $code, $given, $name, $options en $games zoals getypt of zoals de
### notatie ze schrijft (nooit vertaald).

## Zetlabels en het paneel van de afbeelding

# De zet zoals de notatie hem schrijft: het eerste deel van een label (a7-S).
game-move = { $move }
# De regel over de laatste zet in het paneel begint ermee: laatste: a7-S · duwt 2 knikkers
game-view-last = laatste: { $move }
# Na slaan is dezelfde kleur nog eens aan zet (Kuba).
game-view-again = { $seat } is nog een keer aan zet
# Tellerwaarden in het paneel: punten 12, rode 3/7, hand 139X.
game-view-number = { $n }
game-view-fraction = { $n }/{ $of }
game-view-text = { $text }

## Uitslagen

game-result-draw = Gelijkspel: { $reason }
game-result-win = { $seat } wint: { $reason }
game-result-shared = { $seats } delen de winst: { $reason }
# Kleuren die een overwinning delen, twee tegelijk: Geel en Rood (en Groen …).
game-and = { $first } en { $second }

## Terminaldiagrammen

game-diagram-to-move = { $seat } is aan zet
game-diagram-over = Partij afgelopen: { $reason }

## Weigeringen

game-unknown-game = onbekend spel "{ $name }" (spellen: { $games })
game-bad-code = ongeldige stellingcode: { $reason }
game-code-conflict = de stellingcode zegt { $key } { $code }, maar de regelopties zeggen { $given }
game-settings-not-json = de regelopties moeten JSON zijn, zoals {"{"}"size":10{"}"}, niet "{ $text }"
game-settings-not-object = de regelopties moeten een JSON-object zijn, zoals {"{"}"size":10{"}"}, niet { $text }
game-settings-none = { $game } heeft geen regelopties ("{ $key }" opgegeven)
game-settings-unknown = { $game } heeft geen optie "{ $key }" (de opties zijn: { $options })
game-settings-bad-option = { $game }, optie "{ $key }": { $reason }
game-settings-invalid = { $game }: { $reason }
# Een JSON-waarde van het verkeerde soort, in de woorden van de JSON-lezer (alleen Engels).
game-settings-value = { $reason }
game-other-game = dat is een zet van { $move-game }, niet van { $game }
# Een opgeslagen of getypte partij waarvan zet $ply niet opnieuw af te spelen is.
game-replay-malformed = zet { $ply } "{ $text }": onjuist geschreven: { $reason }
game-replay-illegal = zet { $ply } "{ $text }": niet toegestaan: { $reason }
game-replay-other-game = zet { $ply } "{ $text }": { $reason }
