### De commando's: wat Discord toont bij elk commando, subcommando en elke optie
### (hooguit 100 tekens elk: de grens van Discord), de woorden die de hulp voor
### waarden schrijft, en de commandotabel van README. De namen van commando's en
### opties blijven Engels (die typ je); alleen hun beschrijvingen zijn vertaald. Een
### standaardwaarde heet, tussen aanhalingstekens, zoals het menu van Discord haar noemt
### (standaard: ‘Willekeurig’, uit choice-…), nooit zoals je haar typt (random): een test controleert
### dat.
### $game is de naam van het spel (Kuba); README geeft "het spel" mee.
###
### Woordenlijst: die van main.ftl (daar staan ook de regels die tests/it/wording.rs
### controleert), kort: challenge: uitdaging (uitdagen, aannemen, weigeren,
### intrekken); rated: met rating; casual: vrijblijvend; takeback: zet terugnemen;
### vacation: vakantie; leaderboard: ranglijst; the computer: de computer; level:
### niveau; game: partij (het soort: spel); move: zet; seat: kleur; position code:
### stellingcode; draw: gelijkspel; resign: opgeven; reminder: herinnering; rule
### options: regelopties; house rule: huisregel; abort: afbreken; replay: animatie;
### tournament: toernooi; place: plek; room: ruimte.

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
command-replay = Een animatie van een partij, afgelopen of nog bezig (iedereen mag erom vragen)
command-analysis = De analyse van een afgelopen partij door de computer: nauwkeurigheid, fouten, betere zetten
command-resign = Geef de partij op
command-abort = Breek de partij af vóór je eerste zet (geen uitslag, telt niet mee voor de rating)
command-draw = Bied gelijkspel aan, of antwoord op een aanbod
command-takeback = Vraag om je laatste zet terug te nemen, of antwoord op zo'n verzoek
command-premove = Voorwaardelijke zetten: meteen antwoorden op een verwachte zet (tonen, toevoegen, wissen)
command-history = De zetten en de stellingcode
command-play = Speel de partij op het bord: de webpagina, of de Activity in Discord
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
command-boardbot-language = De taal waarin ik je antwoord, of die van deze server of ruimte
command-boardbot-rules = De regels van een spel
command-boardbot-web = De webpagina van deze server of ruimte aan of uit (moderators); of in- of uitloggen op het web
command-boardbot-help = Wat je allemaal kunt doen

## Opties

option-opponent = Wie je uitdaagt; kies de bot om tegen de computer te spelen
# Discords opponent2, opponent3 …: $players is het aantal spelers met deze erbij.
option-opponent-more = { $players ->
        [3] Een tweede tegenstander (3 spelers)
        [4] Een derde tegenstander (4 spelers)
       *[other] Nog een tegenstander ({ $players } spelers)
    }
option-first = Wie begint (standaard: ‘{ choice-first-random }’)
option-rated = Of de partij meetelt voor de rating (standaard: nee)
option-level = De sterkte van de computer (standaard: ‘{ choice-level-medium }’)
option-days = Tijd per zet (met rating standaard 3 dagen; { days-unlimited }: alleen vrijblijvend)
option-settings = Regelopties als JSON, bijvoorbeeld {"{"}"size":10{"}"}
option-start = Begin vanuit deze stellingcode (alleen vrijblijvend)
option-challenge = Het nummer van de uitdaging, als er meerdere openstaan
option-move = De zet, in elke notatie die het spel kent
option-game-id = Het ID van de partij (K7Q2); niet nodig in de thread van de partij
option-game-kind = Welk spel
option-flip = Toon het bord vanaf de andere kant
option-speed = Hoe snel de zetten elkaar opvolgen (standaard: ‘{ choice-speed-normal }’)
option-answer = Vraag, of beantwoord het openstaande verzoek
option-premove-line = De zet van de tegenstander, dan je antwoord, enzovoort: "g7-S a6-E f1-N b7-S"
option-premove-clear = Wis al je voorwaardelijke zetten in de partij
option-scope = Hier (standaard) of overal
option-player = Wiens rating (standaard: die van jou)
option-vs = Onderling vergeleken met deze speler
option-how = Een vermelding op de plek van de partij, een privébericht, of niets
option-user = Wiens herinneringen (alleen die van jou)
option-vacation-days = Hoeveel dagen je klokken stilstaan
option-vacation-end = Beëindig je vakantie nu
option-language = De taal waarin ik antwoord, of terug naar die van je app of van deze plek
option-language-scope = Die van jou (standaard), of die van deze server of ruimte (voor de moderators)
option-web-state = ‘{ choice-state-on }’ of ‘{ choice-state-off }’: de pagina van hier; of jezelf op het web aan- of afmelden
# Geen deadline, als keuze tussen de dagen per zet.
days-unlimited = onbeperkt

## Keuzes zoals de menu's van Discord ze noemen (het verstuurde woord is het woord dat
## de hulp toont). choice-<optie>-<woord>; een keuze zonder bericht wordt als haar woord
## getoond.
choice-first-me = Ik eerst
choice-first-them = Tegenstander eerst
choice-first-random = Willekeurig
choice-level-random = Willekeurig (speelt een willekeurige geldige zet)
choice-level-greedy = Gulzig (slaat wat hij kan)
choice-level-easy = Makkelijk
choice-level-medium = Gemiddeld
choice-level-hard = Moeilijk
choice-answer-offer = Aanbieden
choice-answer-ask = Vragen
choice-answer-accept = Aannemen
choice-answer-decline = Weigeren
choice-scope-here = Hier
choice-scope-global = Overal
choice-how-mention = Een vermelding op de plek van de partij
choice-how-dm = Een privébericht
choice-how-off = Geen herinneringen
choice-state-on = Aan
choice-state-off = Uit
choice-state-login = Inloggen op het web
choice-state-logout = Uitloggen op het web
choice-language-en = English (Engels)
choice-language-fr = Français (Frans)
choice-language-es = Español (Spaans)
choice-language-nl = Nederlands
choice-language-de = Deutsch (Duits)
choice-language-reset = Terug naar de taal van mijn app of van deze plek
choice-scope-me = Die van mij
choice-scope-server = Die van deze server
choice-scope-room = Die van deze ruimte
choice-extension-line = Lijn
choice-extension-arm = Arm
choice-speed-slow = Langzaam
choice-speed-normal = Normaal
choice-speed-fast = Snel
choice-extra_push-mandatory = Verplicht
choice-extra_push-optional = Mag worden overgeslagen
choice-repetition-none = Er wordt verder gespeeld
choice-repetition-draw = Gelijkspel
choice-boxed_in-end = De partij eindigt
choice-boxed_in-pass = Hij past, de anderen spelen verder

## De regelopties van de spellen ($min, $max, $default uit de declaratie van het spel)

option-kewbz-size = Grootte van het bord, { $min } tot en met { $max } (standaard: { $default })
option-kewbz-extension = Hoe een plaatsing een hoek verlengt (standaard: ‘{ $default }’)
option-cabale-sharp = Of lopers scherp mogen afslaan (standaard: { $default ->
        [yes] ja
       *[other] nee
    })
# Huisregels: "optional" laat een speler de duw overslaan die het eraf duwen oplevert.
option-kuba-extra-push = De extra duw na het eraf duwen van een knikker (standaard: ‘{ $default }’)
option-kuba-repetition = Als een stelling voor de derde keer voorkomt (standaard: ‘{ $default }’)
option-cabale-boxed-in = Een ingesloten loper, met 3 of 4 spelers (standaard: ‘{ $default }’)

## Wat de hulp voor een waarde schrijft

help-value-number = N
help-value-id = ID
help-value-kind = SPEL
help-value-json = JSON
help-value-code = CODE
help-value-move = ZET
help-value-line = "ZETTEN"
help-value-text = TEKST
help-value-opponent = @bob
help-value-user = @gebruiker
help-value-other = @ander

## De commandotabel van README

readme-table-intro = Eén commando per spel ({ $commands }), elk met de subcommando's hieronder, en { $general } voor de rest:
readme-table-head = | commando | wat het doet | opties |
readme-the-game = het spel

## Tournaments: the command, its subcommands, options and choices

command-boardbot-tournament = Toernooien: Zwitsers systeem en alle-tegen-allen, geleid door de bot
command-tournament-create = Een toernooi van een spel in dit kanaal openen voor inschrijving
command-tournament-join = Je inschrijven voor een toernooi
command-tournament-leave = Een toernooi verlaten, of je terugtrekken zodra het loopt
command-tournament-start = Een toernooi starten (de maker, of een moderator)
command-tournament-standings = De stand van een toernooi, met een afbeelding
command-tournament-pairings = De indeling en de uitslagen van een ronde
command-tournament-list = De toernooien van deze server of ruimte
option-format = ‘{ choice-format-swiss }’: rondes ingedeeld op punten; ‘{ choice-format-roundrobin }’: iedereen speelt tegen iedereen
option-rounds = Rondes van een Zwitsers toernooi (standaard: genoeg voor de deelnemers, hooguit 7)
option-tournament-days = Bedenktijd per zet van de partijen (standaard: 3 dagen)
option-tournament-rated = Of de partijen meetellen voor de rating (standaard: ja)
option-max = Het hoogste aantal spelers (standaard: 64)
option-every = Een reeks: een nieuwe editie begint zoveel dagen nadat de vorige is afgelopen
option-tournament-name = De naam (komt als laatste: de rest van de regel)
option-tournament = Het nummer van het toernooi, als er hier meerdere zijn
option-round = De ronde (standaard: de laatst ingedeelde)
choice-format-swiss = Zwitsers systeem
choice-format-roundrobin = Alle-tegen-allen
