### boardbot — wat de bot zegt (Nederlands).
###
### Dezelfde berichten en variabelen als de Engelse catalogus (een test controleert
### dat). Personen ($who, $challenger …) komen al geschreven zoals het platform ze
### vermeldt (@alice, <@123>, een Matrix-pill); commando's ($accept, $decline …)
### zoals het platform ze typt (/kuba accept, !kuba accept): die blijven Engels.
### Meervoud met { $n -> [one] … *[other] … }.
###
### Aanspreekvorm: informeel (je/jij), zoals in een chatserver gebruikelijk is.
###
### Woordenlijst (overal hetzelfde woord gebruiken). Een regel "Engels → Nederlands"
### controleert tests/it/wording.rs: waar het Engelse bericht het woord links gebruikt,
### gebruikt het Nederlandse het woord rechts (of een woord dat zo begint: "uitdag" geldt
### voor "uitdaging" en "uitdagen"); "|" scheidt woorden die allemaal goed zijn, "≠"
### noemt woorden die nergens horen.
###   challenge → uitdag | uitdaa | daagt | daag  (uitdaging; uitdagen; aannemen / weigeren / intrekken)
###   rated / casual → met rating | rating / vrijblijvend  (telt mee voor de rating / telt niet mee) ≠ gerate, vriendschappelijk
###   takeback → terugne | terug te nemen | neemt  (een zet terugnemen met instemming van de anderen)
###   vacation → vakantie  (al iemands klokken staan stil)
###   leaderboard → ranglijst
###   computer → computer  (de computer: de bot als tegenstander, op een niveau)
###   level            niveau
###   game (a match)   partij (Kuba-partij K7Q2); game (the kind): spel
###   move             zet (aan zet zijn, een zet doen)
###   seat             kleur (de plaats van een speler, genoemd naar zijn kleur)
###   position code    stellingcode; position: stelling
###   draw             gelijkspel (gelijkspel aanbieden)
###   resign           opgeven
###   clock            klok; time left: nog … (nog 2 dagen); time ran out: de tijd
###                    van … is om; als reden van het einde: tijdsoverschrijding
###   reminder         herinnering
###   mention / dm     vermelding / privébericht
###   thread           thread (de thread: "speel in de thread …")
###   rule options     regelopties
###   house rule → huisregel  (een regeloptie die een uitdaging kan kiezen)
###   abort → afbre | afgebroken | breek  (afbreken: een partij vóór de eerste zetten stoppen, geen uitslag)
###   replay → animatie  (een partij naspelen als bewegende afbeelding)
###   review → analyse | analyseer | geanalyseerd  (de analyse van een partij door de computer)
###   tournament → toernooi  (ronde, indeling, bye, Zwitsers systeem, alle-tegen-allen,
###                    editie van een reeks, zich inschrijven / uitschrijven); zonder naam:
###                    "Zwitsers Kuba-toernooi", geschreven als eigennaam
###   standings → stand | eindstand  (de stand van een toernooi)
###   rating chart     ratinggrafiek
###   upload limit     uploadlimiet
###   place            plek (een server, ruimte of kanaal); room: ruimte

## Lijsten en kleine woorden

# Twee elementen van een lijst ("a, b en c" wordt hieruit opgebouwd).
list-and = { $first } en { $last }
list-or = { $first } of { $last }
list-comma = { $first }, { $rest }
# Spelers van een partij in volgorde van hun plaats.
list-versus = { $first } tegen { $rest }
# Een zet en wat die deed: a7-S · duwt 2 knikkers.
list-dot = { $first } · { $rest }

level-random = willekeurig
level-greedy = gulzig
level-easy = makkelijk
level-medium = gemiddeld
level-hard = moeilijk

# Een plaats met haar kleur: @alice (Wit)
seat = { $person } ({ $colour })
# De computer in lijsten: @boardbot (moeilijk)
computer-at-level = { $person } ({ $level })

## Tijden en data

duration-days = { $days ->
    [one] 1 dag
   *[other] { $days } dagen
}
duration-days-hours = { $days ->
    [one] 1 dag
   *[other] { $days } dagen
} en { $hours ->
    [one] 1 uur
   *[other] { $hours } uur
}
duration-hours = { $hours ->
    [one] 1 uur
   *[other] { $hours } uur
}
duration-hours-minutes = { $hours ->
    [one] 1 uur
   *[other] { $hours } uur
} en { $minutes ->
    [one] 1 minuut
   *[other] { $minutes } minuten
}
duration-minutes = { $minutes ->
    [one] 1 minuut
   *[other] { $minutes } minuten
}
duration-under-a-minute = minder dan een minuut
# 3 december 2026 om 14:00 UTC. $day en $month zijn twee cijfers; $day-number en
# $month-number zijn dezelfde getallen, om de dag zonder voorloopnul en de maand bij
# naam te schrijven.
# Also passed: $month, $day
date-time = { $day-number } { $month-number ->
    [1] januari
    [2] februari
    [3] maart
    [4] april
    [5] mei
    [6] juni
    [7] juli
    [8] augustus
    [9] september
    [10] oktober
    [11] november
   *[12] december
} { $year } om { $hour }:{ $minute } UTC

## Klokken bij borden

clock-left = nog { $time }
clock-vacation = { $person } is met vakantie tot { $date }
clock-left-vacation = nog { $time }; { $person } is met vakantie tot { $date }
# Na een zet of bij een bord: wie aan zet is.
to-move = { $seat } is aan zet.
to-move-clock = { $seat } is aan zet — { $clock }.
# In het paneel van de afbeelding.
picture-clock = Klok: { $clock }

## Uitdagingen

challenge-first-person = { $person } begint
challenge-first-random = wie begint wordt geloot
challenge-made = { $challenger } daagt { $challenged } uit voor een { $rated ->
        [yes] partij { $game } met rating
       *[no] vrijblijvende partij { $game }
    } ({ $first }{ $from-position ->
        [yes] , vanuit een gegeven stelling
       *[no] {""}
    }{ $days ->
        [0] {""}
        [one] , 1 dag per zet
       *[other] , { $days } dagen per zet
    }); uitdaging { $challenge }. { $challenged }: { $count ->
        [one] neem de uitdaging aan met { $accept } of weiger met { $decline }.
       *[other] ieder neemt aan met { $accept } of weigert met { $decline }.
    }
challenge-accepted-waiting = { $who } neemt uitdaging { $challenge } aan; nu nog wachten op { $waiting }.
challenge-declined = { $who } weigert de { $game }-uitdaging van { $challenger } (uitdaging { $challenge }).
challenge-cancelled = { $who } trekt { $game }-uitdaging { $challenge } in.
challenge-expired = Uitdaging { $challenge } van { $challenger } aan { $challenged } ({ $game }) is verlopen zonder antwoord.
challenges-expired = { $count ->
        [one] 1 uitdaging is verlopen zonder antwoord:
       *[other] { $count } uitdagingen zijn verlopen zonder antwoord:
    }

## Een partij begint

opening-computer = { $who } neemt het op tegen de computer ({ $level }).
opening-accepted = { $who } neemt uitdaging { $challenge } aan.
game-begins = { $opening } { $game }-partij { $id } begint: { $players }, { $rated ->
        [yes] met rating
       *[no] vrijblijvend
    }. { $where ->
        [this] Speel in de thread van dit bericht.
       *[named] Speel in de thread { $thread }.
    }
game-start = { $game }-partij { $id }. { $next }
# De titel van de thread van een partij, waar threads een naam hebben (Discord): $game
# de naam van het spel, $players de namen van de spelers (zoals list-versus ze
# samenvoegt), $id het ID van de partij.
thread-title = { $game } · { $players } · { $id }
# Een bericht dat een thread bij zijn titel noemt, voordat de thread bestaat: tussen
# aanhalingstekens.
thread-title-quoted = ‘{ $title }’

## Zetten en het einde

moved = { $mover } speelt { $move }. { $next }
board-ongoing = { $game }-partij { $id }, zet { $ply }: { $next }
# $ending is een hele zin met hoofdletter ("Partij afgelopen …"): na een punt.
board-over = { $game }-partij { $id }. { $ending }

end-resigned = opgegeven
end-timed-out = tijdsoverschrijding
end-aborted = afgebroken
end-agreed = gelijkspel overeengekomen
end-unknown = de partij is afgelopen
result-none = Geen uitslag.
result-draw = Het is gelijkspel.
result-winner = { $winner } wint.
result-shared = { $winners } delen de eerste plaats.
game-over = Partij afgelopen ({ $why }). { $result }
game-over-scores = Partij afgelopen ({ $why }). { $result } Punten: { $scores }.

confirm-resign = { $game }-partij { $id } opgeven? Dit kan niet ongedaan worden gemaakt.
resigned = { $who } geeft op. { $ending }
draw-agreed = { $who } neemt het gelijkspel aan. { $ending }
timed-out = De tijd van { $who } is om. { $ending }
# Een partij die eindigt voordat ze echt begonnen is: geen uitslag, geen verandering van
# rating. $who is de speler, $ending de uitslagregel (die zegt "afgebroken").
aborted-asked = { $who } breekt de partij af, nog vóór de eigen eerste zet; de partij telt niet mee voor de rating. { $ending }
aborted-resigned = { $who } geeft op terwijl nog niet iedere speler een zet heeft gedaan: de partij wordt afgebroken en telt niet mee voor de rating. { $ending }
aborted-timed-out = De tijd van { $who } is om terwijl nog niet iedere speler een zet heeft gedaan: de partij wordt afgebroken en telt niet mee voor de rating. { $ending }
left-on-time = De tijd van { $who } is om: { $who } verlaat de partij en eindigt als laatste; de anderen spelen verder. { $next }
taken-back = { $who } stemt in: de laatste zet is teruggenomen. { $next }

# Het paneel van de afbeelding en de beschrijving voor wie haar niet kan zien.
picture-result-resigned = { $who } heeft opgegeven
picture-result-timed-out = De tijd van { $who } is om
picture-result-agreed = Gelijkspel overeengekomen
picture-result-aborted = Afgebroken
picture-alt = { $game }-bord van partij { $id } na zet { $ply }, { $colour } is aan zet
picture-alt-over = { $game }-bord van partij { $id } na zet { $ply }, de partij is afgelopen
picture-alt-clock = { $alt }, klok: { $clock }
picture-alt-start = De beginstelling van { $game }
# De beschrijving van een animatie: $game de naam van het spel, $id het ID van de
# partij, $moves hoeveel zetten ze toont.
picture-alt-replay = Animatie van { $game }-partij { $id }, { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
}
# De beschrijving van een ratinggrafiek: $player wiens ratings, $games de spellen in de
# grafiek (als lijst).
picture-alt-chart = Verloop van de rating van { $player } in { $games }
# Een notitie onder een animatie die kleiner getekend is om binnen de uploadlimiet van
# het platform te passen.
picture-fit-smaller = Kleiner getekend om binnen de uploadlimiet te passen.
# Een notitie onder een animatie die maar een deel van de stellingen toont: één op de
# $nth (de begin- en eindstelling altijd).
picture-fit-sampled = Toont één op de { $nth } stellingen om binnen de uploadlimiet te passen.
# Hetzelfde, als de animatie ook kleiner getekend is.
picture-fit-smaller-sampled = Kleiner getekend en toont één op de { $nth } stellingen om binnen de uploadlimiet te passen.
# Een notitie onder een animatie waarvan alleen de eindstelling binnen de uploadlimiet past.
picture-fit-final-only = Alleen de eindstelling past binnen de uploadlimiet.
# De waarde-as van een ratinggrafiek.
chart-axis = Rating
# Een korte maandnaam bij de data van een ratinggrafiek; $month is 1 tot en met 12.
chart-month = { $month ->
    [1] jan
    [2] feb
    [3] mrt
    [4] apr
    [5] mei
    [6] jun
    [7] jul
    [8] aug
    [9] sep
    [10] okt
    [11] nov
   *[12] dec
}
# Data op een ratinggrafiek: een dag ($day de dag van de maand, $month de maand zoals
# chart-month die schrijft), een maand ($month, $year), een jaar.
chart-date-day = { $day } { $month }
chart-date-month = { $month } { $year }
chart-date-year = { $year }
# Tiebreaks: SB Sonneborn-Berger, Bh Buchholz, OR onderling resultaat.
number-decimal = { $whole },{ $fraction }
standings-rank = #
standings-player = Speler
standings-points = Ptn
standings-sonneborn-berger = SB
standings-buchholz = Bh
standings-head-to-head = OR
picture-alt-standings = Stand van { $title }: { $players ->
    [one] één speler
   *[other] { $players } spelers
}

## Animaties

# Een animatie met haar afbeelding: $game de naam van het spel, $id het ID, $players de
# spelers (zoals list-versus ze samenvoegt), $moves hoeveel zetten er gespeeld zijn;
# $ending hoe de partij eindigde (zoals game-over het zegt).
replay-ongoing = Animatie van { $game }-partij { $id } ({ $players }): tot nu toe { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
}.
replay-over = Animatie van { $game }-partij { $id } ({ $players }), { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
}. { $ending }

## Aanbiedingen

attention-your-move = { $who }: jij bent aan zet in partij { $id }.
attention-game-over = { $who }: partij { $id } is afgelopen.
draw-offered = { $who } biedt gelijkspel aan in partij { $id }. Neem het aan met { $accept }, of weiger.
draw-declined = { $who } weigert het gelijkspel dat { $offerer } aanbood. Er wordt verder gespeeld.
takeback-asked = { $who } vraagt om { $move } terug te nemen. Antwoord met { $command } accept of decline.
takeback-declined = { $who } weigert; de zet van { $asker } blijft staan.

## Voorwaardelijke zetten: de reeksen van een speler "als hij X speelt, antwoord ik Y" (/kuba premove).
## $game is de naam van het spel, $id die van de partij, $move een zet in de notatie van het spel.
## Woordenlijst: conditional move = voorwaardelijke zet; line = reeks (van zetten).

moved-conditional = { $mover } speelt { $move } (voorwaardelijke zet). { $next }
premoves-listed = Je voorwaardelijke zetten in { $game }-partij { $id } (zet van de tegenstander → jouw antwoord):
premoves-added = Voorwaardelijke zet opgeslagen. Je reeksen in { $game }-partij { $id } (zet van de tegenstander → jouw antwoord):
premoves-added-replacing = Voorwaardelijke zet opgeslagen; die vervangt { $replaced ->
        [one] een reeks die anders op dezelfde zetten antwoordde
       *[other] { $replaced } reeksen die anders op dezelfde zetten antwoordden
    }. Je reeksen in { $game }-partij { $id } (zet van de tegenstander → jouw antwoord):
premoves-already = Die reeks staat al bij je voorwaardelijke zetten. Je reeksen in { $game }-partij { $id } (zet van de tegenstander → jouw antwoord):
premove-line = { $n }. { $steps }
premove-step = { $theirs } → { $yours }
premoves-hint = De bot speelt je antwoord zodra de zet van de tegenstander binnenkomt; { $clear } wist ze.
premoves-none = Je hebt geen voorwaardelijke zetten in { $game }-partij { $id }. Terwijl de anderen aan zet zijn, leg je er een vast met { $premove } line:"zet-tegenstander jouw-antwoord".
premoves-cleared = { $count ->
        [0] Je had geen voorwaardelijke zetten in { $game }-partij { $id }.
        [one] Je reeks voorwaardelijke zetten in { $game }-partij { $id } is gewist.
       *[other] Je { $count } reeksen voorwaardelijke zetten in { $game }-partij { $id } zijn gewist.
    }
premoves-dropped-no-match = { $mover } speelde { $move } in { $game }-partij { $id }: geen van je voorwaardelijke zetten was daarop een antwoord, dus ze zijn gewist. Je bent aan zet.
premoves-dropped-illegal = Je voorwaardelijke zet { $move } in { $game }-partij { $id } mag niet meer ({ $reason }), dus je voorwaardelijke zetten in die partij zijn gewist. Je bent aan zet.
premoves-dropped-taken-back = Er is een zet teruggenomen in { $game }-partij { $id }: je voorwaardelijke zetten in die partij zijn gewist.

## Ratings en lijsten

rating-shown = { $value }{ $provisional ->
    [yes] ?
   *[no] {""}
}
rating-change = { $person } { $before } → { $after } ({ $delta })
ratings-changed = Ratings: { $changes }.
games-count = { $count ->
    [one] 1 partij
   *[other] { $count } partijen
}

games-none = Je hebt geen lopende partij. Begin er een met { $challenge } @iemand.
games-header = Je lopende partijen ({ $count }):
games-line = game:{ $id } { $game } tegen { $others }, zet { $ply }: { $turn }
games-line-clock = game:{ $id } { $game } tegen { $others }, zet { $ply }: { $turn }, nog { $left }
turn-yours = jij bent aan zet
turn-theirs = { $person } is aan zet

history-header = { $game }-partij { $id } ({ $players }):
history-no-moves = Nog geen zet gespeeld.
history-position = Stelling: { $code }
history-replay = Naspelen: { $command }

leaderboard-empty = { $everywhere ->
        [yes] Er is nog nergens een { $game }-partij met rating gespeeld.
       *[no] Er is hier nog geen { $game }-partij met rating gespeeld.
    }
leaderboard-header = Ranglijst { $game } ({ $everywhere ->
        [yes] overal
       *[no] hier
    }):
leaderboard-row = { $rank }. { $person } { $rating } ({ $games })

ratings-header = Ratings van { $person }:
ratings-line = { $game } { $here ->
        [yes] hier
       *[no] overal
    }: { $rating } ({ $games }, plaats { $rank } van { $of })
ratings-none = { $person } heeft nog geen rating.
ratings-none-game = { $person } heeft nog geen rating in { $game }.
ratings-versus = Tegen { $other }: { $games }, { $wins } gewonnen, { $draws } gelijk, { $losses } verloren.
no-rating-yet = Je hebt nog geen rating: speel eerst een partij met rating.

## Klokken

notify-mention = Als je aan zet bent, krijg je een herinnering via een vermelding op de plek van de partij.
notify-dm = Als je aan zet bent, krijg je een herinnering via een privébericht.
notify-off = Je krijgt geen herinneringen (na elke zet wordt nog steeds gemeld wie aan zet is).
vacation-started = { $who } is met vakantie tot { $date }: tot dan staan de klokken van { $who } stil.
vacation-started-moved = { $who } is met vakantie tot { $date }: tot dan staan de klokken van { $who } stil. In { $moved ->
        [one] 1 partij
       *[other] { $moved } partijen
    } zijn de deadlines verschoven.
vacation-ended = { $who } is terug van vakantie: de klokken lopen weer.
reminder = { $who }, je bent aan zet in { $game }-partij { $id }: je hebt nog { $left } (tot { $date }).

## Talen. `$language` is de naam van de taal, uit `language-<code>` hieronder.
language-me-set = Vanaf nu antwoord ik je in het { $language }.
language-me-reset = Je taalkeuze is gewist: ik antwoord je in het { $language }, zoals je app of deze plek aangeeft.
language-community-set = Berichten hier zijn vanaf nu in het { $language }.
language-community-reset = De taal die hier gekozen was, is gewist: berichten hier zijn in het { $language }.
# De namen van de talen, zoals het Nederlands ze schrijft.
language-en = Engels
language-fr = Frans
language-es = Spaans
language-nl = Nederlands
language-de = Duits

## The community's web page. $url its address; $off the command that turns it off.
web-page-on = De webpagina van deze plek staat aan: { $url }
    Iedereen met de link ziet de ranglijsten en de laatste partijen (namen van spelers, ratings en zetten, verder niets). { $off } haalt hem weg; zet je hem weer aan, dan krijgt hij een nieuw adres.
web-page-off = De webpagina van deze plek staat uit: de link opent niet meer.
web-page-was-off = De webpagina van deze plek stond al uit.

## Fouten

apology = Sorry, er ging bij mij iets mis; de partij is niet veranderd.

## Regels en hulp

rules-kuba = Kuba (2 spelers, 7×7): duw een van je knikkers één veld verder; de hele rij knikkers ervoor schuift mee. Een knikker die over de rand wordt geduwd, is eraf, en wie een rode of een knikker van de tegenstander eraf duwt, mag nog een keer duwen. Je mag de laatste duw van je tegenstander niet meteen terugdraaien. Je wint door 7 rode knikkers of alle 8 knikkers van je tegenstander eraf te duwen; wie niet meer kan duwen, verliest. Zetten: a7-S (de knikker op a7 duwt naar het zuiden). Huisregels die een uitdaging kan kiezen: extra_push:optional (je mag de extra duw overslaan met de zet pass), repetition:draw (staat dezelfde stelling voor de derde keer op het bord met dezelfde speler aan zet, dan is het gelijkspel).
rules-kewbz = Kewbz (2 spelers, een vierkant bord, 8×8 tenzij size: iets anders zegt): plaats een kubus naast een kubus op het bord (diagonaal telt ook), maar maak nooit een blok van 2×2. Voor elke hoek die je maakt of verlengt, stapel je een kubus van jouw kleur op het hoekpunt, tot torens van hooguit 5 hoog. De partij eindigt als een speler zijn laatste kubus heeft geplaatst; elke speler krijgt punten voor de hoogte van de torens met zijn kleur bovenop, min één punt voor elke kubus die hij nog in voorraad heeft. Zetten: het veld, bijvoorbeeld c3.
rules-cabale = Cabale (2 tot 4 spelers, een zeshoekig bord): je loper gaat in een rechte lijn, slaat één keer af en gaat rechtdoor verder; waar hij afsloeg, laat je een blok (of een dubbel blok) achter. Dat blok mag blokken van de tegenstanders slaan door er in een rechte lijn overheen te springen, en je mag een blokkade op een zijde zetten. Blokken leveren de waarde van hun veld op; geslagen blokken tellen ook mee. De partij eindigt als een speler zijn laatste blok heeft gebruikt of als wie aan zet is niet kan bewegen; wie de meeste punten heeft, wint. Huisregel die een uitdaging kan kiezen: boxed_in:pass (met 3 of 4 spelers past een loper die niet kan bewegen, en spelen de anderen verder tot geen enkele loper meer kan bewegen).
rules-nuba = Nuba (2 spelers, 5×6): plaats je stenen 1–9 en de kampioen X op de twee rijen van je thuisveld, en zet daarna elke beurt één steen een stap recht of schuin vooruit. Je slaat een steen van de tegenstander met een gelijk of hoger getal (X slaat alles en kan door alles geslagen worden). Een steen die de achterlijn bereikt, wordt muzikant als zijn getal hoger is dan dat van de huidige muzikant. Komt de kampioen daar aan, dan win je meteen; anders wint de eigenaar van de muzikant zodra de tegenstander geen hogere steen en geen kampioen meer heeft om hem te vervangen.
help-header = Commando's, weergegeven voor { $command } ({ $commands } werken net zo):
help-computer = speel tegen de computer


## Platforms

# Matrix: onder een uitdaging, hoe je met een reactie antwoordt.
matrix-react-to-answer = Reageer met ✅ om aan te nemen of met ❌ om te weigeren.

# De eigen notities van de terminalchat (na "* " geprint). `$name` is een gebruikersnaam
# zonder @, `$where` is "#general" of "thread kuba-K7Q2" (terminal-where-thread),
# `$time` een datum zoals date-time die schrijft.
terminal-not-a-command = geen commando; commando's beginnen met / (probeer /boardbot help)
terminal-who-first = zeg eerst wie je bent: /as NAAM
terminal-is-a-bot = @{ $name } is een bot; kies een persoon
terminal-you-are = je bent @{ $name }
terminal-usage-as = gebruik: /as NAAM (letters, cijfers, - en _)
terminal-bot-account = @{ $name } is een botaccount
terminal-usage-bot = gebruik: /bot NAAM
terminal-you-are-in = je zit in { $where }
terminal-where-thread = thread { $name }
terminal-usage-in = gebruik: /in #kanaal, of /in thread kuba-K7Q2
terminal-clock-fixed = de klok van deze terminal kan niet verzet worden
terminal-usage-wait = gebruik: /wait DUUR (2d, 23h30m, 90m)
terminal-clock-at = de klok staat op { $time }
terminal-welcome = lokale chat van boardbot op { $database }. /as NAAM om te beginnen, /boardbot help, /quit.
# Knoppen zoals de terminal ze opsomt; `$challenge` is het nummer van de uitdaging.
terminal-action-accept = Uitdaging { $challenge } aannemen
terminal-action-decline = Uitdaging { $challenge } weigeren
# Na de plek van een bericht: alleen wie het vroeg, ziet het (`$name` zonder @).
terminal-only = (alleen voor @{ $name })

# Discord: knoppen, de bevestiging van opgeven, verwijzingen naar waar een antwoord staat.
discord-button-accept = Aannemen
discord-button-decline = Weigeren
discord-button-resign = Opgeven
discord-button-draw = Gelijkspel aanbieden
discord-button-flip = Omdraaien
discord-button-web = Bekijk op het web
discord-button-resign-confirm = Ja, opgeven
discord-answered-in-thread = Gedaan: zie { $thread }.
discord-answered-elsewhere = Gedaan.
# Het eerste bericht van een partij in het kanaal als Discord de bot een tijd geen thread laat maken.
discord-game-in-channel = Discord laat de bot voorlopig geen nieuwe threads openen, dus deze partij wordt hier in het kanaal gespeeld.

game-seat-unknown = ?


## Reviews

# The computer's review of a finished game (/kuba analysis). Its labels, as on chess
# sites: an inaccuracy (?!) loses 5 points of the player's winning chances or more, a
# mistake (?) 10 or more, a blunder (??) 15 or more. $game is the game's title, $id its id.
review-queued = { $game }-partij { $id } wordt geanalyseerd: de analyse wordt hier geplaatst zodra ze klaar is.
review-underway = De analyse van { $game }-partij { $id } is al bezig: ze wordt geplaatst waar erom gevraagd werd.
review-header = De analyse van { $game }-partij { $id } door de computer:
# A player's line: $seat the player with their colour (as seat writes it), $accuracy 0 to 100, then how many moves of each kind.
review-player = { $seat }: nauwkeurigheid { $accuracy }%, { $inaccuracies ->
    [one] 1 onnauwkeurigheid
   *[other] { $inaccuracies } onnauwkeurigheden
}, { $mistakes ->
    [one] 1 fout
   *[other] { $mistakes } fouten
}, { $blunders ->
    [one] 1 blunder
   *[other] { $blunders } blunders
}
# A player who made no move (the game ended before their turn); the counts are all 0.
review-player-no-move = { $seat }: geen zet
review-turning-header = De zetten die de partij het meest veranderden:
# $move the move with its number and sign (12. c3-N??), $seat who made it, $label its kind (review-label-…), $loss the winning chances it lost in points, $best the computer's move there.
review-turning-point = { $move } van { $seat }, { $label }: { $loss ->
    [one] 1 punt
   *[other] { $loss } punten
} winstkans verloren; beter was { $best }
review-no-turning-point = Geen enkele zet verloor genoeg winstkans om een onnauwkeurigheid te heten.
review-legend = ?! onnauwkeurigheid: 5 punten winstkans verloren of meer; ? fout: 10 of meer; ?? blunder: 15 of meer.
# The annotated moves, in parts: $part of $parts. After a bad move, in brackets, the computer's move.
review-moves-header = De zetten van { $game }-partij { $id }, met commentaar ({ $part }/{ $parts }); tussen haakjes de zet van de computer:
review-why = { $move } verloor { $loss ->
    [one] 1 punt
   *[other] { $loss } punten
}.
review-first-move = Bij de start had de speler { $before }% met de eerste zet van de computer, en { $after }% na deze zet.
review-expects = De computer verwacht { $line }.
review-expects-ended = De partij eindigde met deze zet.
review-better = Beter: { $best }.
review-better-then = Beter: { $best }, daarna { $then }.
review-then = Na { $best } verwachtte hij { $then }.
review-doubt = (Onzeker: tussen { $low } en { $high } punten.)
review-in-doubt = { $count ->
    [one] Eén oordeel is onzeker: ook na dieper zoeken kon de computer niet zeggen aan welke kant van een grens het verlies van die zet ligt; de regel ervan zegt hoeveel het kan schelen.
   *[other] { $count } oordelen zijn onzeker: ook na dieper zoeken kon de computer niet zeggen aan welke kant van een grens het verlies van die zetten ligt; hun regels zeggen hoeveel het kan schelen.
}
review-label-inaccuracy = onnauwkeurigheid
review-label-mistake = fout
review-label-blunder = blunder
# The review's picture: its title, the value axis, a line's name ($name the player, $colour their colour), the second line of a small board's caption ($best the computer's move; the first line is the move with its number and sign).
review-chart-title = { $game } { $id }: winstkansen
review-chart-axis = Winstkans (%)
review-chart-line = { $name } ({ $colour })
review-chart-better = beter: { $best }
# What the review's picture shows, for people who cannot see it; $marked how many bad moves it marks.
picture-alt-review = Winstkansen in het verloop van { $game }-partij { $id }, { $marked ->
    [0] geen slechte zet gemarkeerd
    [one] 1 slechte zet gemarkeerd
   *[other] { $marked } slechte zetten gemarkeerd
}

## Tournaments. $tournament is a tournament as tournament-tag writes it.

# A tournament's pairing: $tournament as tournament-tag writes it, $round the round.
# Een hele zin: game-begins volgt erop.
opening-tournament = Ronde { $round } van { $tournament }.
# Zonder naam: 'Zwitsers Kuba-toernooi', geschreven als een eigennaam (zonder lidwoord).
tournament-tag = { $named ->
        [yes] ‘{ $name }’
       *[no] { $format ->
            [swiss] Zwitsers { $game }-toernooi
           *[other] { $game }-toernooi alle-tegen-allen
        }
    }{ $edition ->
        [1] {""}
       *[other] , editie { $edition }
    } (toernooi { $id })
tournament-created = { $creator } opent { $tournament }: { $game }, { $format ->
        [swiss] Zwitsers systeem
       *[other] alle-tegen-allen
    }, { $days ->
        [one] 1 dag
       *[other] { $days } dagen
    } per zet, { $rated ->
        [yes] met rating
       *[no] vrijblijvend
    }, tot { $max } spelers{ $rounds ->
        [0] {""}
        [one] , 1 ronde
       *[other] , { $rounds } rondes
    }. { $every ->
        [0] {""}
        [one] Een nieuwe editie begint 1 dag nadat de vorige is afgelopen.{" "}
       *[other] Een nieuwe editie begint { $every } dagen nadat de vorige is afgelopen.{" "}
    }Schrijf je in met { $join }; { $creator } kan het starten met { $start }.
tournament-page = De pagina: { $url }
tournament-joined = { $who } schrijft zich in voor { $tournament }: { $players ->
        [one] 1 speler
       *[other] { $players } spelers
    }.
tournament-left = { $who } verlaat { $tournament }: { $players ->
        [0] er doet niemand meer mee
        [one] nog 1 speler
       *[other] nog { $players } spelers
    }.
tournament-withdraws = { $who } trekt zich terug uit { $tournament } en wordt niet meer ingedeeld{ $resigned ->
        [0] {""}
        [one] ; de lopende partij wordt opgegeven
       *[other] ; de { $resigned } lopende partijen worden opgegeven
    }.
tournament-withdrawn = { $who } verloor twee partijen van { $tournament } op tijd en wordt uit het toernooi genomen: geen indeling meer{ $resigned ->
        [0] {""}
        [one] , de lopende partij opgegeven
       *[other] , de { $resigned } lopende partijen opgegeven
    }{ $series ->
        [yes] , en niet ingeschreven voor de volgende editie
       *[no] {""}
    }.
tournament-started = { $tournament } begint met { $count ->
        [one] 1 speler
       *[other] { $count } spelers
    }: { $players }. { $format ->
        [swiss] { $rounds ->
            [one] 1 ronde
           *[other] { $rounds } rondes
        }; elke ronde wordt ingedeeld zodra de laatste partij van de vorige is afgelopen.
       *[other] { $games ->
            [one] 1 partij, die nu begint.
           *[other] { $games } partijen, die allemaal nu beginnen.
        }
    }
tournament-round = { $tournament }: ronde { $round } van { $of } is ingedeeld, { $games ->
        [one] 1 partij
       *[other] { $games } partijen
    }.
# A Swiss round's bye: a win's points.
tournament-bye = { $who } heeft een bye (1 punt).
# A round robin's odd field: the player without a game in that round of the schedule.
tournament-rest = { $who } is deze ronde vrij.
tournament-finished = { $tournament } is afgelopen. Eindstand:
tournament-standing-line = { $rank }. { $person } { $points } · { $sb-label } { $sb } · { $second-label } { $second }{ $withdrawn ->
        [yes] {" "}(teruggetrokken)
       *[no] {""}
    }
tournament-next-edition = { $tournament } begint op { $date }{ $count ->
        [0] ; er heeft zich nog niemand ingeschreven. Schrijf je in met { $join }.
       *[other] {" "}met { $players }. Uitschrijven kan met { $leave }; anderen kunnen zich inschrijven met { $join }.
    }
tournament-cancelled = { $tournament } kon niet beginnen: { $players ->
        [0] geen spelers
        [one] 1 speler
       *[other] { $players } spelers
    }, er waren er { $needed } nodig. De reeks eindigt hier.
tournament-standings-open = { $tournament } is nog niet begonnen; { $count ->
        [0] er heeft zich nog niemand ingeschreven
        [one] 1 speler ingeschreven: { $players }
       *[other] { $count } spelers ingeschreven: { $players }
    }. { $starts ->
        [yes] Het begint vanzelf op { $date }.
       *[no] De maker kan het starten met { $start }.
    }
tournament-standings = Stand van { $tournament }, { $format ->
        [swiss] ronde { $round } van { $of }
       *[other] { $played } van { $games ->
            [one] 1 partij
           *[other] { $games } partijen
        } gespeeld
    }{ $state ->
        [finished] {" "}(eindstand)
        [cancelled] {" "}(afgelast)
       *[other] {""}
    }:
tournament-pairings = { $tournament }, ronde { $round } van { $of }:
tournament-pairing-line = Bord { $board }: { $white } tegen { $black }, partij { $id }: { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 reglementair
        [black_forfeit] 0–1 reglementair
       *[none] bezig
    }
tournament-list-none = Hier is nog geen toernooi; open er een met { $create }.
tournament-list-header = Toernooien hier:
tournament-list-line = { $tournament }: { $state ->
        [open] inschrijving open, { $players ->
            [one] 1 speler
           *[other] { $players } spelers
        }
        [running] ronde { $round } van { $of }, { $players ->
            [one] 1 speler
           *[other] { $players } spelers
        }
        [finished] afgelopen
       *[cancelled] afgelast
    }
# The title of a standings picture.
standings-title = { $tournament } · ronde { $round }
