### boardbot — de webpagina's (Nederlands).
###
### De pagina van een partij (spelers, wie aan zet is, het bord, de zetten, de
### animatie) en die van een gemeenschap (de ranglijsten en de laatste partijen),
### bekeken in een browser. Namen komen los binnen ($players, $name); $game is de
### titel van een spel (Kuba). Aanspreekvorm: je/jij, zoals in de rest van de bot.
###
### Woordenlijst: die van main.ftl; hier vooral zet (de beurt van een speler, genummerd
### vanaf 1), bord (de afbeelding van de stelling), animatie (de bewegende afbeelding
### van de hele partij), ranglijst, rating, partij met rating / vrijblijvende partij.

## De pagina van een partij

web-title-game = { $game } · { $players }
web-subtitle = { $game }-partij { $id } · { $rated ->
    [yes] met rating
   *[no] vrijblijvend
}
web-player-rated = { $colour } · rating { $rating }
web-player-unrated = { $colour } · nog geen rating
web-player-computer = { $colour } · de computer ({ $level })
web-heading-players = Spelers
web-heading-board = Bord
web-heading-moves = Zetten
web-heading-replay = Animatie
web-showing-last = { $ply ->
    [0] De beginstelling.
   *[other] Het bord na de laatste zet, zet { $ply }.
}
web-showing = { $ply ->
    [0] { $last ->
        [one] De beginstelling; sindsdien is er 1 zet gespeeld.
       *[other] De beginstelling; sindsdien zijn er { $last } zetten gespeeld.
    }
   *[other] Het bord na zet { $ply } van { $last }.
}
web-first = Begin
web-previous = Vorige
web-next = Volgende
web-last = Laatste zet
web-moves-none = Nog geen zet.
web-moves-left-out = { $count ->
    [one] 1 eerdere zet staat niet in de lijst.
   *[other] { $count } eerdere zetten staan niet in de lijst.
}
web-replay-link = Bekijk de hele partij als animatie
web-live = Deze pagina volgt de partij: hij werkt zichzelf bij als er een zet gespeeld wordt.

## Wat een bord laat zien, voor wie het niet kan zien.

web-alt = { $position }. { $seats }
web-alt-to-move = { $game }, { $ply ->
    [0] beginstelling
   *[other] zet { $ply }
}, { $colour } aan zet
web-alt-over = { $game }, zet { $ply }, partij afgelopen
web-alt-seat = { $colour }: { $counters }
web-alt-counter = { $label } { $value }
web-alt-join = { $first }; { $rest }

## De pagina van een gemeenschap

web-title-community = { $name }: partijen en ranglijsten
web-title-community-unnamed = Partijen en ranglijsten
web-heading-leaderboards = Ranglijsten
web-leaderboard-empty = Nog geen partij met rating.
web-heading-games = Laatste partijen
web-games-none = Nog geen partij.
web-col-rank = Plaats
web-col-player = Speler
web-col-rating = Rating
web-col-games = Partijen
web-col-game = Spel
web-col-players = Spelers
web-col-moves = Zetten
web-col-state = Status
web-col-when = Laatst gewijzigd
web-state-ongoing = loopt
web-state-over = afgelopen

## Fouten en de voettekst

web-not-found-title = Niet gevonden
web-not-found = Op dit adres staat geen pagina.
web-too-many-title = Te veel verzoeken
web-too-many = Te veel verzoeken vanaf je adres: probeer het zo meteen opnieuw.
web-error-title = Er ging iets mis
web-error = Er ging bij ons iets mis; probeer het later opnieuw.
web-footer = Partijen gespeeld met boardbot in een chat. De pagina's tonen de namen van de spelers, hun ratings en hun zetten, verder niets.

## A tournament's page. $tournament as tournament-tag writes it; $state is open,
## running, finished or cancelled.

web-title-tournament = { $tournament }: { $state ->
        [open] inschrijving open
        [running] ronde { $round } van { $of }
        [finished] eindstand
       *[cancelled] afgelast
    }
web-heading-standings = Stand
web-standings-none = Er heeft zich nog niemand ingeschreven.
web-heading-round = Ronde { $round }
web-col-board = Bord
web-col-result = Uitslag
# $result is none (in progress), white, black, draw, white_forfeit or black_forfeit.
web-result = { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 reglementair
        [black_forfeit] 0–1 reglementair
       *[none] bezig
    }
# A community page's list of its tournaments.
web-heading-tournaments = Toernooien
web-tournament-line = { $tournament }: { $state ->
        [open] inschrijving open
        [running] bezig
        [finished] afgelopen
       *[cancelled] afgelast
    }

# The game's page, on a line of its own under a game message in chat (Matrix, the terminal).
web-link-line = Op het web: { $url }

## Spelen op de pagina (issue #51)

# In de chat, alleen voor wie het vroeg: $url logt hen in, $logout is het commando.
web-login-link = Je link om in te loggen op de pagina's van de partijen: { $url }
    Hij werkt één keer, binnen { $minutes } minuten: houd hem voor jezelf. Met { $logout } log je overal uit.
web-logged-out = { $count ->
    [0] Je was niet ingelogd op de webpagina's.
    [one] Uitgelogd: je sessie op de webpagina's is voorbij.
   *[other] Uitgelogd: je { $count } sessies op de webpagina's zijn voorbij.
}
web-play-here = Speel de partij { $game } { $id } op het bord: { $url }
    Log daar eerst in met { $login }.
web-signed-in-as = Ingelogd als { $name }
web-sign-out = Uitloggen
web-your-games-link = Je partijen
web-sign-in-title = Inloggen
web-sign-in-lead = Deze link logt je in, om je partijen op hun pagina's te spelen.
web-sign-in-button = Inloggen
web-sign-in-refused = Deze link logt niemand in: hij is al gebruikt, of zijn 10 minuten zijn voorbij. Vraag in de chat een nieuwe aan met /boardbot web login.
web-signed-out = Je bent uitgelogd.
web-your-games = Je lopende partijen
web-your-games-none = Je hebt geen lopende partij.
web-game-line = { $game } { $id } tegen { $opponents } · zet { $ply } · { $turn ->
    [yes] jij bent aan zet
   *[no] de tegenstander is aan zet
}
web-sign-in-to-play = Is dit jouw partij? Log in de chat in met /boardbot web login om hem hier te spelen.
web-heading-play = Jouw spel
web-you-play = Je speelt met { $colour }.
web-your-turn = Jij bent aan zet: kies een veld en dan een zet.
web-your-turn-parts = Je beurt gaat verder: kies het volgende deel.
web-not-your-turn = Wachten op de zet van je tegenstander.
web-squares = Velden van het bord
web-moves-from = Zetten vanaf { $square }
web-next-parts = Volgend deel van je beurt
web-other-moves = Zetten zonder veld
web-start-again = Begin de beurt opnieuw
web-move-label = Zet
web-play-button = Spelen
web-move-hint = Elke notatie die het spel kent, zoals in de chat.

# Voorwaardelijke zetten op de pagina, terwijl de tegenstander aan zet is (zoals /kuba premove in de chat).
web-premoves-heading = Voorwaardelijke zetten
web-premoves-explain = Speelt de tegenstander dit, dan meteen dat: schrijf de zet van de tegenstander, dan je antwoord, enzovoort (g7-S a6-E f1-N b7-S).
web-premove-label = Reeks
web-premove-save = Opslaan
web-premoves-show = Mijn voorwaardelijke zetten tonen
web-premoves-clear = Alle wissen
web-resign = Opgeven
web-resign-question = Deze partij opgeven? Hij is dan voorbij en je verliest hem.
web-resign-confirm = Ja, opgeven
web-draw-offer = Remise aanbieden
web-draw-accept = Remise aannemen
web-draw-decline = Remise weigeren
web-draw-by-me = Je hebt remise aangeboden.
web-draw-to-me = Je tegenstander biedt remise aan.
web-takeback-ask = Vragen je laatste zet terug te nemen
web-takeback-accept = Terugnemen toestaan
web-takeback-decline = Terugnemen weigeren
web-takeback-by-me = Je hebt gevraagd je laatste zet terug te nemen.
web-takeback-to-me = Je tegenstander vraagt zijn laatste zet terug te nemen.
web-forbidden-title = Geweigerd
web-forbidden = Dit verzoek is geweigerd: het kwam niet van deze pagina, of je sessie is voorbij. Laad de pagina opnieuw en probeer het nog eens.
web-slow-down-title = Rustig aan
web-slow-down = Te veel verzoeken van deze sessie: wacht even en probeer het opnieuw.
web-activity-title = boardbot
web-activity-loading = Verbinden met Discord…
web-activity-failed = Discord heeft je niet ingelogd. Sluit de Activity en open hem opnieuw.
