### De commando's: wat Discord toont bij elk commando, subcommando en elke optie
### (hooguit 100 tekens elk: de grens van Discord), de woorden die de hulp voor
### waarden schrijft, en de commandotabel van README. De namen van commando's en
### opties blijven Engels (die typ je); alleen hun beschrijvingen zijn vertaald.
### $game is de naam van het spel (Kuba); README geeft "het spel" mee.
###
### Woordenlijst (dezelfde als in main.ftl; overal hetzelfde woord gebruiken):
###   challenge → uitdaging (uitdagen, aannemen, weigeren, intrekken)
###   rated → met rating; casual → vrijblijvend
###   takeback → zet terugnemen; vacation → vakantie; leaderboard → ranglijst
###   the computer → de computer; level → niveau; game → partij (het soort: spel)
###   move → zet; seat → kleur; position code → stellingcode; draw → gelijkspel
###   resign → opgeven; reminder → herinnering; rule options → regelopties

## Commando's

command-game = Speel { $game }: uitdagen, zetten, opgeven en meer
command-boardbot = Je partijen, ratings, herinneringen en vakanties

## De subcommando's van een spel

command-challenge = Daag iemand uit, of mij (de computer) op een niveau naar keuze
command-accept = Neem een uitdaging aan
command-decline = Weiger een uitdaging
command-cancel = Trek je eigen uitdaging in
command-move = Doe een zet; begin te typen en kies een van de geldige zetten
command-board = Toon het bord (iedereen mag kijken)
command-resign = Geef de partij op
command-draw = Bied gelijkspel aan, of antwoord op een aanbod
command-takeback = Vraag om je laatste zet terug te nemen, of antwoord op zo'n verzoek
command-history = De zetten en de stellingcode
command-leaderboard = De beste spelers van { $game }
command-rating = De rating van een speler, of twee spelers onderling vergeleken
command-rules = De regels van { $game }
command-help = Wat je allemaal kunt doen

## De subcommando's van boardbot

command-boardbot-games = Je lopende partijen, wie aan zet is en hoeveel tijd er nog is
command-boardbot-rating = De rating van een speler, of twee spelers onderling vergeleken
command-boardbot-leaderboard = De beste spelers van een spel
command-boardbot-notify = Hoe je hoort dat je aan zet bent
command-boardbot-vacation = Zet al je klokken een aantal dagen stil, of beëindig je vakantie eerder
command-boardbot-rules = De regels van een spel
command-boardbot-help = Wat je allemaal kunt doen

## Opties

option-opponent = Wie je uitdaagt; kies de bot om tegen de computer te spelen
# Discords opponent2, opponent3 …: $players is het aantal spelers met deze erbij.
option-opponent-more = { $players ->
        [3] Een tweede tegenstander (3 spelers)
        [4] Een derde tegenstander (4 spelers)
       *[other] Nog een tegenstander ({ $players } spelers)
    }
option-first = Wie begint (standaard willekeurig)
option-rated = Of de partij meetelt voor de rating (standaard nee)
option-level = De sterkte van de computer (standaard medium)
option-days = Tijd per zet (met rating standaard 3 dagen; onbeperkt alleen vrijblijvend)
option-settings = Regelopties als JSON, bijvoorbeeld {"{"}"size":10{"}"}
option-start = Begin vanuit deze stellingcode (alleen vrijblijvend)
option-challenge = Het nummer van de uitdaging, als er meerdere openstaan
option-move = De zet, in elke notatie die het spel kent
option-game-id = Het ID van de partij (K7Q2); niet nodig in de thread van de partij
option-game-kind = Welk spel
option-flip = Toon het bord vanaf de andere kant
option-answer = Vraag, of beantwoord het openstaande verzoek
option-scope = Hier (standaard) of overal
option-player = Wiens rating (standaard die van jou)
option-vs = Onderling vergeleken met deze speler
option-how = Een vermelding op de plek van de partij, een privébericht, of niets
option-user = Wiens herinneringen (alleen die van jou)
option-vacation-days = Hoeveel dagen je klokken stilstaan
option-vacation-end = Beëindig je vakantie nu
# Geen deadline, als keuze tussen de dagen per zet.
days-unlimited = onbeperkt

## De regelopties van de spellen ($min, $max, $default uit de declaratie van het spel)

option-kewbz-size = Grootte van het bord, { $min } tot { $max } (standaard { $default })
option-kewbz-extension = Hoe een plaatsing een hoek verlengt (standaard { $default })
option-cabale-sharp = Of lopers scherp mogen afslaan (standaard { $default })

## Wat de hulp voor een waarde schrijft

help-value-number = N
help-value-id = ID
help-value-kind = SPEL
help-value-json = JSON
help-value-code = CODE
help-value-move = ZET
help-value-text = TEKST
help-value-opponent = @bob
help-value-user = @gebruiker
help-value-other = @ander

## De commandotabel van README

readme-table-intro = Eén commando per spel ({ $commands }), elk met de subcommando's hieronder, en { $general } voor de rest:
readme-table-head = | commando | wat het doet | opties |
readme-the-game = het spel
