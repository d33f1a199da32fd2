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
web-noscript = Zonder JavaScript laadt deze pagina elke 30 seconden opnieuw zolang de partij loopt.

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
