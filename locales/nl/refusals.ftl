### Weigeringen: wat iemand te horen krijgt als een verzoek niets verandert.
### Eén bericht per variant van `Refusal` (src/service/refusal.rs), genaamd
### refused-<variant in kebab-case>. Elk zegt wat er mis is en, waar dat kan, wat je
### in plaats daarvan kunt doen. Variabelen zoals in main.ftl; $expected, $known en
### $games komen al als lijst geschreven.
###
### Woordenlijst: die van main.ftl (daar staan ook de regels die tests/it/wording.rs
### controleert), kort: challenge: uitdaging (uitdagen, aannemen, weigeren,
### intrekken); rated: met rating; casual: vrijblijvend; takeback: zet terugnemen;
### vacation: vakantie; leaderboard: ranglijst; the computer: de computer; level:
### niveau; game: partij (het soort: spel); move: zet; seat: kleur; position code:
### stellingcode; draw: gelijkspel; resign: opgeven; reminder: herinnering; rule
### options: regelopties; house rule: huisregel; abort: afbreken; replay: animatie;
### tournament: toernooi; place: plek; room: ruimte.
###
### Opties en getypte waarden (rated:yes, days:3, game:ID, challenge:N, level:,
### start:, unlimited, dm) blijven zoals ze getypt worden.

refused-from-bot = Ik neem geen commando's aan van bots.
refused-unknown-user = Ik ken @{ $name } niet.
refused-not-in-room = Ik ken { $name } niet: die persoon is niet in deze ruimte (nodig hem of haar eerst uit).
refused-ambiguous-name = Hier heten meerdere mensen { $name }: vermeld een van hen, of schrijf het gebruikers-ID.

## Een commando lezen

refused-no-command = Typ { $help } voor de commando's.
refused-unknown-game = Het spel "{ $word }" ken ik niet: de spellen zijn { $games } (en { $general } voor de rest).
refused-unknown-subcommand = { $command } heeft geen commando "{ $word }": probeer { $known }.
refused-unknown-option = { $sub } heeft geen optie { $option }: { $count ->
        [0] er zijn helemaal geen opties.
       *[other] probeer { $known }.
    }
refused-option-of-other-games = { $option }: is een optie van { $games }, niet van { $game }.
refused-bad-value-yes-no = { $option }:{ $value } is geen ja/nee-antwoord: schrijf { $option }:yes of { $option }:no.
refused-bad-value-number = { $option }:{ $value } is geen getal: schrijf bijvoorbeeld { $option }:3.
refused-bad-value-range = { $option }:{ $value } is geen getal van { $min } tot en met { $max }.
refused-bad-value-one-of = { $option }:{ $value } kan niet: kies { $choices }.
refused-bad-value-days = { $option }:{ $value } is geen aantal dagen: schrijf { $option }:3 (1, 2, 3, 5, 7 of 14) of { $option }:unlimited.
refused-bad-value-game-id = { $option }:{ $value } is geen partij-ID zoals K7Q2.
refused-bad-value-user = { $option }:{ $value } is geen persoon: schrijf { $option }:@iemand.
refused-missing-option = { $sub } heeft { $option }: nodig.
refused-extra-words = "{ $word }" hoort niet bij { $sub }.
refused-no-mention-here = Bij { $sub } noem je niemand (ik zag @{ $name }).
refused-too-many-named = Bij { $sub } noem je één speler.
refused-settings-not-object = settings:{ $text } is geen JSON-object zoals {"{"}"size":10{"}"}.
refused-bad-settings = Die regelopties werken niet: { $reason }.
refused-players-mismatch = Die regelopties werken niet: players is { $given }, maar aan de uitdaging doen { $seats } spelers mee (jij en { $opponents ->
        [one] 1 tegenstander
       *[other] { $opponents } tegenstanders
    }).

## Uitdagingen

refused-no-opponent = Noem een tegenstander: { $challenge } @bob (of { $bot } om tegen de computer te spelen).
refused-computer-one-to-one = Tegen de computer speel je één tegen één: { $challenge } { $bot }.
refused-too-many-opponents = { $max ->
        [2] { $game } is voor twee spelers: noem één tegenstander.
       *[other] { $game } is voor 2 tot { $max } spelers: noem hooguit { $opponents } tegenstanders.
    }
refused-named-twice = { $who } is twee keer genoemd.
refused-challenge-self = Je kunt jezelf niet uitdagen: noem iemand anders, of { $bot } om tegen de computer te spelen.
refused-other-bot = { $who } is een bot; de enige bot waartegen je hier kunt spelen, ben ik (daag { $bot } uit).
refused-already-challenged = Er staat al een uitdaging van jou open voor { $who } (uitdaging { $challenge }); trek die eerst in of wacht op antwoord.
# $limit: het grootste aantal openstaande uitdagingen dat één speler tegelijk mag hebben (een getal).
refused-too-many-challenges = { $limit ->
        [one] Je hebt al een openstaande uitdaging, het maximum per speler: trek die in, of wacht op antwoord, voordat je een nieuwe uitdaging doet.
       *[other] Je hebt al { $limit } openstaande uitdagingen, het maximum per speler: trek er een paar in, of wacht op antwoord, voordat je een nieuwe uitdaging doet.
    }
refused-computer-rated = Partijen tegen de computer tellen nooit mee voor de rating: laat rated:yes weg.
# $max: het grootste aantal lopende partijen tegen de computer dat één speler mag hebben (een getal, minstens 1).
refused-computer-games-limit = { $max ->
        [one] Je hebt al een lopende partij tegen de computer, en meer dan één per speler kan hier niet: maak die eerst af of geef op.
       *[other] Je hebt al { $max } lopende partijen tegen de computer, het maximum per speler hier: maak er eerst een af of geef er een op.
    }
refused-level-without-computer = level: is voor partijen tegen de computer (daag { $bot } uit).
refused-start-rated = Een beginstelling kan alleen bij vrijblijvende partijen: voeg rated:no toe, of laat start: weg.
refused-start-code = Die beginstelling kan niet: { $reason }.
refused-start-over = Die beginstelling kan niet: in die stelling is de partij al afgelopen.
refused-rated-needs-clock = Een partij met rating heeft een klok nodig: kies days:1, 2, 3, 5, 7 of 14 (3 als je niets opgeeft).
refused-bad-days = days:{ $days } is geen geldige bedenktijd: kies 1, 2, 3, 5, 7 of 14 dagen per zet, of unlimited (alleen voor vrijblijvende partijen).
refused-no-challenge-waiting = Er wacht geen { $game }-uitdaging op jouw antwoord.
refused-no-challenge-to-cancel = Je hebt geen openstaande { $game }-uitdaging om in te trekken.
refused-no-such-challenge = Uitdaging { $challenge } bestaat niet.
refused-challenge-closed = Uitdaging { $challenge } { $state ->
        [accepted] is al aangenomen
        [declined] is al geweigerd
        [expired] is verlopen
       *[cancelled] is ingetrokken
    }; die staat niet meer open.
refused-challenge-of-other-game = Uitdaging { $challenge } is voor { $actual }, niet voor { $asked }: gebruik daarvoor { $command }.
refused-own-challenge = Uitdaging { $challenge } is van jezelf; die wacht op het antwoord van de anderen (intrekken kan met { $cancel }).
refused-not-your-challenge = Uitdaging { $challenge } is niet aan jou gericht.
refused-already-accepted = Je hebt uitdaging { $challenge } al aangenomen; nu wachten we op de anderen.
refused-not-challenger = Alleen wie uitdaging { $challenge } heeft gedaan, kan die intrekken; jij kunt die wel weigeren.
refused-several-challenges = Er staan meerdere { $game }-uitdagingen open: { $list }. Zeg welke je bedoelt met challenge:{ $first }.
challenge-from = uitdaging { $challenge } van { $person }
refused-challenge-expired = Uitdaging { $challenge } is verlopen: er kwam te lang geen antwoord. Vraag om een nieuwe uitdaging.

## De partij vinden

refused-no-such-game = Partij { $id } bestaat niet.
# $id: het ID van de partij zoals getypt (K7Q2).
refused-game-elsewhere = Partij { $id } hoort bij een andere server of ruimte: alleen wie meespeelt, kan die van hieruit bekijken.
refused-wrong-kind = Partij { $id } is een { $actual }-partij, geen { $asked }-partij: gebruik daarvoor { $command }.
refused-no-game-of-kind = Je hebt geen lopende { $game }-partij; noem er een met game:ID, of begin er een met { $challenge }.
refused-several-games = Je hebt { $count } lopende { $game }-partijen; zeg welke je bedoelt met game:ID:
several-games-line = game:{ $id } tegen { $others } ({ $turn ->
        [yes] jij bent aan zet
       *[no] de ander is aan zet
    })
refused-not-seated = Je speelt niet mee in partij { $id }.
refused-not-your-turn = Je bent niet aan zet in partij { $id }: { $waiting } is aan zet.
refused-game-over = Partij { $id } is afgelopen; begin een nieuwe met challenge.
# abort na de eigen eerste zet; $id is het ID van de partij.
refused-abort-too-late = Je hebt in partij { $id } al een zet gedaan: afbreken kan niet meer (geef in plaats daarvan op).

## Zetten

refused-empty-move = Welke zet wil je doen? Bijvoorbeeld: { $move } { $example }.
refused-malformed = Die zet begrijp ik niet: { $reason }.
refused-illegal = Die zet mag niet: { $reason }.
refused-moved-on = De partij is verdergegaan terwijl je typte; kijk nog eens naar het bord.
refused-menu-move-passed = Die zet werd aangeboden bij zet { $offered } van partij { $id }, die nu bij zet { $now } is: kies opnieuw op het bord.

## Voorwaardelijke zetten (premove)

refused-premove-computer = Voorwaardelijke zetten zijn voor partijen tussen mensen: in partij { $id } speel je tegen de computer.
refused-premove-your-turn = Je bent aan zet in partij { $id }: doe je zet. Voorwaardelijke zetten leg je vast terwijl de anderen aan zet zijn.
refused-premove-move = In die reeks mag zet { $n } ({ $move }) niet: { $reason }.
refused-premove-ends-with-theirs = Een reeks eindigt met jouw antwoord: de laatste zet, { $move }, zou van { $who } zijn.
refused-premove-empty = Geef de zetten van de reeks, die van de anderen en je antwoorden om de beurt, bijvoorbeeld { $premove } line:"{ $example }".
refused-premove-too-long = Een reeks telt hoogstens { $max } zetten.
refused-premove-too-many = Je hebt al { $max } reeksen in partij { $id }, het maximum: { $clear } wist ze.

## Gelijkspel en zetten terugnemen

refused-draw-for-two = Gelijkspel aanbieden kan alleen in partijen met twee spelers; met meer spelers speel je verder of geef je op.
refused-draw-already-offered = Je aanbod van gelijkspel wacht al op antwoord.
refused-no-draw-offered = In partij { $id } is geen gelijkspel aangeboden.
refused-own-draw-offer = Dat is je eigen aanbod; de anderen moeten erop antwoorden.
refused-no-move-yet = Er is nog geen zet gespeeld.
refused-takeback-not-yours = Je kunt alleen je eigen laatste zet terugnemen, zolang de volgende nog niet gespeeld is.
refused-takeback-rated = Deze partij is met rating: een zet terugnemen kan alleen zolang je tegenstander nog niet heeft gezet.
refused-takeback-pending = Er is al gevraagd om een zet terug te nemen; dat verzoek wacht nog op antwoord.
refused-computer-no-takeback = De computer neemt geen zetten terug.
refused-no-takeback-asked = In partij { $id } is niet gevraagd om een zet terug te nemen.
refused-own-takeback = Dat is je eigen verzoek; de anderen moeten erop antwoorden.

## Ratings

refused-computer-no-rating = { $bot } heeft geen rating: partijen tegen de computer tellen nooit mee voor de rating.
refused-not-played-yet = { $who } heeft hier nog niet gespeeld.

## Klokken

refused-notify-others = Je kunt alleen je eigen herinneringen instellen: { $notify } dm.
refused-vacation-days = days:{ $days } is geen geldige vakantie: geef een aantal dagen van 1 tot en met { $cap }.
refused-on-vacation = Je bent met vakantie tot { $date }; beëindig die eerst met { $end }.
refused-language-not-manager = Alleen wie de instellingen van deze plek mag wijzigen (Server beheren op Discord, de naam van de ruimte wijzigen in Matrix), kan de taal ervan kiezen. Je eigen taal kies je zelf: laat scope: weg.
refused-language-no-community = Hier is geen server of ruimte waarvoor je een taal kunt kiezen. Je eigen taal kies je zelf: laat scope: weg.
refused-web-not-manager = Alleen wie de instellingen van deze plek mag wijzigen (Server beheren op Discord, de naam van de ruimte wijzigen in Matrix), kan de webpagina ervan aan- of uitzetten.
refused-web-no-community = Een webpagina hoort bij een server of een ruimte: vraag het daar, niet in een privébericht.
refused-web-not-served = Deze bot heeft geen webpagina's: de beheerder heeft ze niet ingesteld ([web] in de configuratie).
refused-vacation-cap = Je hebt dit jaar nog { $left ->
        [one] 1 vakantiedag
       *[other] { $left } vakantiedagen
    } over (hooguit { $cap } per jaar, { $taken } opgenomen): vraag om days:{ $left } of minder.
refused-not-on-vacation = Je bent niet met vakantie.

## Eigen zaken van de platforms

refused-not-answered = Op dit soort interactie geef ik geen antwoord.
refused-stale-button = Die knop werkt niet meer.

## De declaratie van de commando's

refused-takes-one-of = { $sub } verwacht { $words }.
refused-bad-value-text = { $option }: verwacht tekst, niet { $value }.
# Een waarde van meerdere woorden zonder aanhalingstekens getypt (line:g7-S a6-E).
refused-unquoted = Zet een waarde van meerdere woorden tussen aanhalingstekens: { $option }:"{ $value }".


## Reviews

# analysis of a game still being played; $id the game's id.
refused-review-of-game-in-progress = Partij { $id } is nog bezig: de computer analyseert een partij pas als die afgelopen is (een analyse nu zou een speler vertellen wat te spelen).
# analysis of a game that ended before its first move.
refused-nothing-to-review = Partij { $id } eindigde voor de eerste zet: er valt niets te analyseren.
# The asker's review of another game is still being made: one at a time. $game the game's title, $id its id.
refused-review-busy = Je analyse van { $game }-partij { $id } wordt nog gemaakt: vraag een nieuwe aan zodra die geplaatst is.

## Tournaments. $tournament is a tournament as tournament-tag writes it.

refused-tournament-no-community = Een toernooi hoort bij een server of een ruimte: vraag het daar, niet in een privébericht.
refused-tournament-no-clock = De partijen van een toernooi hebben een klok nodig: kies days: 1, 2, 3, 5, 7 of 14.
refused-tournament-rounds-for-swiss = rounds: is voor een Zwitsers toernooi; een toernooi alle-tegen-allen heeft zoveel rondes als de spelers nodig hebben.
refused-tournament-name-too-long = De naam van een toernooi heeft hooguit { $max } tekens.
refused-no-such-tournament = Er is geen toernooi { $id }; { $list } toont de toernooien van deze plek.
refused-tournament-elsewhere = Toernooi { $id } hoort bij een andere server of ruimte.
refused-no-tournament-here = Hier past geen toernooi; { $list } toont de toernooien van deze plek, en { $create } opent er een.
refused-several-tournaments = Er passen meerdere toernooien: { $tournaments }. Zeg welk met tournament:N.
refused-tournament-not-open = { $tournament } { $state ->
        [running] is begonnen: het neemt geen inschrijvingen meer aan
        [finished] is afgelopen
        [cancelled] is afgelast
       *[open] is open
    }.
refused-tournament-full = { $tournament } zit al vol ({ $max } spelers).
refused-already-entered = Je bent al ingeschreven voor { $tournament }.
refused-not-entered = Je bent niet ingeschreven voor { $tournament }.
refused-already-withdrawn = Je hebt je al teruggetrokken uit { $tournament }.
refused-tournament-not-yours = Alleen de maker van { $tournament }, of wie de instellingen van deze plek mag wijzigen, kan het starten.
refused-tournament-too-few = { $tournament } heeft { $players ->
        [0] nog geen spelers
        [one] maar 1 speler
       *[other] maar { $players } spelers
    }; het heeft er minstens { $needed } nodig om te beginnen.
refused-tournament-barred = Je verloor twee partijen van toernooi { $previous } op tijd en werd uit het toernooi genomen: je kunt je niet inschrijven voor { $tournament }, de volgende editie.
refused-tournament-no-abort = Partij { $id } is een toernooipartij: die kan niet worden afgebroken. Wil je ervan af, geef dan op met { $resign }.
refused-tournament-no-round = { $tournament } heeft { $paired ->
        [0] nog geen ronde { $round }: het is nog niet begonnen
        [one] nog geen ronde { $round }: alleen ronde 1 is ingedeeld
       *[other] geen ronde { $round }: rondes 1 tot en met { $paired } zijn ingedeeld
    }.
