### boardbot — was der Bot sagt (Deutsch).
###
### Dieselben Nachrichten mit denselben Variablen wie der englische Katalog
### (locales/en/main.ftl); ein Test prüft das. Personen ($who, $challenger …) kommen
### schon als Erwähnung an (@alice, <@123>, eine Matrix-Pille), Befehle ($accept,
### $decline …) so, wie die Plattform sie schreibt (/kuba accept, !kuba accept).
### Befehls- und Optionsnamen und ihre Wörter (accept, decline, rated:yes, days:3,
### game:ID, dm …) bleiben englisch: Sie werden so getippt.
###
### Anrede: durchgehend „du“ (klein geschrieben), im Plural „ihr“ — ein freundlicher
### Spiele-Bot in einem Chat.
###
### Glossar (diese Wörter überall gleich verwenden). Eine Zeile „Englisch → Deutsch“
### prüft tests/it/wording.rs: Wo die englische Nachricht das Wort links verwendet,
### verwendet die deutsche das Wort rechts (oder ein Wort, das so beginnt: „Wertung“ gilt
### auch für „Wertungen“); „|“ trennt Wörter, die alle passen, „≠“ nennt Wörter, die
### nirgends stehen.
###   challenge → herausforder | forder  (Herausforderung; herausfordern); nummeriert: Herausforderung 3
###   rated / casual → gewertet | wertung / ungewertet  ≠ freundschaftlich
###   takeback → zugrücknahme | zurückn | zurückgen  (Zugrücknahme: einen Zug zurücknehmen)
###   vacation → urlaub  (Urlaubstage)
###   leaderboard → bestenliste  ≠ rangliste
###   rating → wertung | gewertet
###   computer → computer  (der Computer, auf einer Stufe: zufällig, gierig, leicht, mittel,
###                    schwer)
###   game             Partie (eine gespielte Partie); Spiel (Kuba, Kewbz … als Spielart)
###   move             Zug (Zug 12 = der zwölfte Zug der Partie)
###   seat             Platz (nach seiner Farbe benannt: Weiß, Blau …)
###   draw             Remis (Remis anbieten, Remisangebot, Remis vereinbart)
###   resign           aufgeben
###   clock            Uhr; time left: noch 2 Tage
###   reminder         Erinnerung; mention: Erwähnung; direct message: Direktnachricht
###   position code    Stellungscode
###   thread           Thread
###   abort → abbrech | abgebrochen | bricht  (abbrechen: eine Partie vor dem ersten Zug; nicht gewertet)
###   replay → wiedergabe  (die animierte Wiedergabe einer Partie; „Wiederholung“ ist die
###                    Stellungswiederholung)
###   review → analys  (die Analyse einer Partie durch den Computer)
###   rating chart     Wertungsverlauf; axis: Wertung
###   upload limit     Upload-Limit
###   house rule → hausregel  (die eine Herausforderung wählen kann)
###   tournament → turnier  (Runde, Paarung, spielfrei, Schweizer System, Rundenturnier,
###                    Auflage einer Serie, anmelden / abmelden, Patzer); ohne Namen:
###                    „Schweizer Kuba-Turnier“, wie ein Eigenname
###   standings → stand | endstand | tabelle  (der Stand eines Turniers)
###   language         Sprache; „auf Deutsch“, „auf Englisch“ (language-… sind die
###                    Namen ohne Endung, so wie sie nach „auf“ stehen)
###   this place       dieser Server oder Raum; hier
###   terminal usage   Aufruf: /as NAME
### Datum: 3. Dezember 2026, 14:00 UTC; steht immer nach „bis zum“.
### Nach einem Doppelpunkt beginnt ein ganzer Satz groß („Dieser Zug geht nicht: Auf d4
### liegt keine Kugel“): Wendungen aus den Spieldateien ($reason) beginnen klein und
### werden dort mit { CAPITALIZE($reason) } großgeschrieben (Notation wie d4 bleibt).
### Getippte Beispiele: @jemand, @spieler, @gegner.

## Lists and small words

# Two items of a list ("a, b and c" is built from these).
list-and = { $first } und { $last }
list-or = { $first } oder { $last }
list-comma = { $first }, { $rest }
# Players of a game in seat order.
list-versus = { $first } gegen { $rest }
# A move and what it did: a7-S · schiebt 2 Kugeln.
list-dot = { $first } · { $rest }

level-random = zufällig
level-greedy = gierig
level-easy = leicht
level-medium = mittel
level-hard = schwer

# A seat with its colour: @alice (Weiß)
seat = { $person } ({ $colour })
# The computer in lists: @boardbot (schwer)
computer-at-level = { $person } ({ $level })

## Times and dates

duration-days = { $days ->
    [one] 1 Tag
   *[other] { $days } Tage
}
duration-days-hours = { $days ->
    [one] 1 Tag
   *[other] { $days } Tage
} und { $hours ->
    [one] 1 Stunde
   *[other] { $hours } Stunden
}
duration-hours = { $hours ->
    [one] 1 Stunde
   *[other] { $hours } Stunden
}
duration-hours-minutes = { $hours ->
    [one] 1 Stunde
   *[other] { $hours } Stunden
} und { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
}
duration-minutes = { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
}
duration-under-a-minute = weniger als eine Minute
# 3. Dezember 2026, 14:00 UTC: the day and the month's name from $day-number and
# $month-number (numbers); $hour and $minute are two digits.
date-time = { $day-number }. { $month-number ->
    [1] Januar
    [2] Februar
    [3] März
    [4] April
    [5] Mai
    [6] Juni
    [7] Juli
    [8] August
    [9] September
    [10] Oktober
    [11] November
   *[12] Dezember
} { $year }, { $hour }:{ $minute } UTC

## Clocks on boards

clock-left = noch { $time }
clock-vacation = { $person } ist bis zum { $date } im Urlaub
clock-left-vacation = noch { $time }; { $person } ist bis zum { $date } im Urlaub
# After a move or on a board: whose turn it is.
to-move = { $seat } ist am Zug.
to-move-clock = { $seat } ist am Zug — { $clock }.
# On the picture's panel.
picture-clock = Uhr: { $clock }

## Challenges

challenge-first-person = { $person } beginnt
challenge-first-random = Startspieler wird ausgelost
challenge-made = { $challenger } fordert { $challenged } zu einer { $rated ->
        [yes] gewerteten
       *[no] ungewerteten
    } Partie { $game } heraus ({ $first }{ $from-position ->
        [yes] , ab einer vorgegebenen Stellung
       *[no] {""}
    }{ $days ->
        [0] {""}
        [one] , 1 Tag pro Zug
       *[other] , { $days } Tage pro Zug
    }); Herausforderung { $challenge }. { $challenged }: { $count ->
        [one] Nimm mit { $accept } an oder lehne mit { $decline } ab.
       *[other] Nehmt jeweils mit { $accept } an oder lehnt mit { $decline } ab.
    }
# $waiting: one person or a list ("@a und @b"), so no verb agrees with it.
challenge-accepted-waiting = { $who } nimmt Herausforderung { $challenge } an; jetzt wird noch auf { $waiting } gewartet.
challenge-declined = { $who } lehnt die { $game }-Herausforderung von { $challenger } ab (Herausforderung { $challenge }).
challenge-cancelled = { $who } zieht die { $game }-Herausforderung { $challenge } zurück.
challenge-expired = Herausforderung { $challenge } von { $challenger } an { $challenged } ({ $game }) ist unbeantwortet abgelaufen.
challenges-expired = { $count ->
        [one] 1 Herausforderung ist unbeantwortet abgelaufen:
       *[other] { $count } Herausforderungen sind unbeantwortet abgelaufen:
    }

## A game begins

opening-computer = { $who } spielt gegen den Computer ({ $level }).
opening-accepted = { $who } nimmt Herausforderung { $challenge } an.
game-begins = { $opening } Die { $game }-Partie { $id } beginnt: { $players }, { $rated ->
        [yes] gewertet
       *[no] ungewertet
    }. { $where ->
        [this] Gespielt wird im Thread dieser Nachricht.
       *[named] Gespielt wird im Thread { $thread }.
    }
game-start = { $game }-Partie { $id }. { $next }
# A game's thread's title, where threads have names (Discord): $game the game's title,
# $players its players' names (as list-versus joins them), $id the game's id.
thread-title = { $game } · { $players } · { $id }
# A message naming a thread by its title, before the thread exists: in quotation marks.
thread-title-quoted = „{ $title }“

## Moves and endings

moved = { $mover } spielt { $move }. { $next }
board-ongoing = { $game }-Partie { $id }, Zug { $ply }: { $next }
board-over = { $game }-Partie { $id }: { $ending }

end-resigned = Aufgabe
end-timed-out = Zeit abgelaufen
end-aborted = abgebrochen
end-agreed = Remis vereinbart
end-unknown = Grund unbekannt
result-none = Kein Ergebnis.
result-draw = Ergebnis: Remis.
result-winner = { $winner } gewinnt.
result-shared = { $winners } teilen sich den ersten Platz.
game-over = Partie beendet ({ $why }). { $result }
game-over-scores = Partie beendet ({ $why }). { $result } Punkte: { $scores }.

confirm-resign = Die { $game }-Partie { $id } aufgeben? Das lässt sich nicht rückgängig machen.
resigned = { $who } gibt auf. { $ending }
draw-agreed = { $who } nimmt das Remis an. { $ending }
timed-out = { $who } hat die Zeit überschritten. { $ending }
# A game ended before it began: no result, no rating change. $who is the player,
# $ending the result line (it says "abgebrochen").
aborted-asked = { $who } bricht die Partie vor dem ersten eigenen Zug ab; sie wird nicht gewertet. { $ending }
aborted-resigned = { $who } gibt auf, bevor alle Spieler gezogen haben: Die Partie wird abgebrochen und nicht gewertet. { $ending }
aborted-timed-out = { $who } hat die Zeit überschritten, noch bevor alle Spieler gezogen hatten: Die Partie wird abgebrochen und nicht gewertet. { $ending }
left-on-time = { $who } hat die Zeit überschritten und scheidet aus (letzter Rang); die anderen spielen weiter. { $next }
taken-back = { $who } ist einverstanden: Der letzte Zug wird zurückgenommen. { $next }

# The picture's panel and its description for people who cannot see it.
picture-result-resigned = { $who } hat aufgegeben
picture-result-timed-out = { $who } hat die Zeit überschritten
picture-result-agreed = Remis vereinbart
picture-result-aborted = Abgebrochen
picture-alt = { $game }-Brett der Partie { $id } nach Zug { $ply }, { $colour } ist am Zug
picture-alt-over = { $game }-Brett der Partie { $id } nach Zug { $ply }, Partie beendet
picture-alt-clock = { $alt }, Uhr: { $clock }
picture-alt-start = Die Ausgangsstellung von { $game }
# An animated replay's description: $game the game's title, $id its id, $moves how many moves it shows.
picture-alt-replay = Animierte Wiedergabe der { $game }-Partie { $id }, { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}
# A rating chart's description: $player whose ratings, $games the games charted (a list).
picture-alt-chart = Wertungsverlauf von { $player } in { $games }
# A note under a replay that had to be made smaller to fit the platform's upload limit.
picture-fit-smaller = Verkleinert, um das Upload-Limit einzuhalten.
# Only one position in $nth is shown (the start and the end always are): "jede 3. Stellung".
picture-fit-sampled = Zeigt nur jede { $nth }. Stellung, um das Upload-Limit einzuhalten.
# The same, when the replay was also drawn smaller.
picture-fit-smaller-sampled = Verkleinert und zeigt nur jede { $nth }. Stellung, um das Upload-Limit einzuhalten.
# A note under a replay of which only the final position fits the upload limit.
picture-fit-final-only = Nur die Endstellung passt ins Upload-Limit.
# The value axis of a rating chart.
chart-axis = Wertung
# A short month name on a rating chart's dates; $month is 1 to 12.
chart-month = { $month ->
    [1] Jan
    [2] Feb
    [3] Mär
    [4] Apr
    [5] Mai
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Okt
    [11] Nov
   *[12] Dez
}
# Dates on a rating chart: a day (3. Dez), a month (Dez 2026), a year.
chart-date-day = { $day }. { $month }
chart-date-month = { $month } { $year }
chart-date-year = { $year }
# Feinwertungen: SB Sonneborn-Berger, Bh Buchholz, DV direkter Vergleich.
number-decimal = { $whole },{ $fraction }
standings-rank = #
standings-player = Spieler
standings-points = Pkt.
standings-sonneborn-berger = SB
standings-buchholz = Bh
standings-head-to-head = DV
picture-alt-standings = Stand von { $title }: { $players ->
    [one] ein Spieler
   *[other] { $players } Spieler
}

## Replays

# A replay posted with its animated picture: $players as list-versus joins them, $moves how many moves were played; $ending how it ended (as game-over says it).
replay-ongoing = Wiedergabe der { $game }-Partie { $id } ({ $players }): bisher { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}.
replay-over = Wiedergabe der { $game }-Partie { $id } ({ $players }), { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}. { $ending }

## Offers

attention-your-move = { $who }: Du bist am Zug in Partie { $id }.
attention-game-over = { $who }: Partie { $id } ist zu Ende.
draw-offered = { $who } bietet in Partie { $id } Remis an. Annehmen mit { $accept } – oder ablehnen.
draw-declined = { $who } lehnt das Remisangebot von { $offerer } ab. Es wird weitergespielt.
takeback-asked = { $who } möchte { $move } zurücknehmen. Antworte mit { $command } accept oder decline.
takeback-declined = { $who } lehnt ab; der Zug von { $asker } bleibt stehen.

## Bedingte Züge: die Zugfolgen eines Spielers „spielt er X, antworte ich Y“ (/kuba premove).
## $game ist der Name des Spiels, $id die der Partie, $move ein Zug in der Notation des Spiels.
## Glossar: conditional move = bedingter Zug; line = Zugfolge.

moved-conditional = { $mover } spielt { $move } (bedingter Zug). { $next }
premoves-listed = Deine bedingten Züge in der { $game }-Partie { $id } (Zug des Gegners → deine Antwort):
premoves-added = Bedingter Zug gespeichert. Deine Zugfolgen in der { $game }-Partie { $id } (Zug des Gegners → deine Antwort):
premoves-added-replacing = Bedingter Zug gespeichert; er ersetzt { $replaced ->
        [one] eine Zugfolge, die auf dieselben Züge anders geantwortet hat
       *[other] { $replaced } Zugfolgen, die auf dieselben Züge anders geantwortet haben
    }. Deine Zugfolgen in der { $game }-Partie { $id } (Zug des Gegners → deine Antwort):
premoves-already = Diese Zugfolge ist schon unter deinen bedingten Zügen. Deine Zugfolgen in der { $game }-Partie { $id } (Zug des Gegners → deine Antwort):
premove-line = { $n }. { $steps }
premove-step = { $theirs } → { $yours }
premoves-hint = Der Bot spielt deine Antwort, sobald der Zug des Gegners kommt; { $clear } löscht sie.
premoves-none = Du hast keine bedingten Züge in der { $game }-Partie { $id }. Solange die anderen am Zug sind, hinterlegst du einen mit { $premove } line:"Gegnerzug deine-Antwort".
premoves-cleared = { $count ->
        [0] Du hattest keine bedingten Züge in der { $game }-Partie { $id }.
        [one] Deine Zugfolge bedingter Züge in der { $game }-Partie { $id } ist gelöscht.
       *[other] Deine { $count } Zugfolgen bedingter Züge in der { $game }-Partie { $id } sind gelöscht.
    }
premoves-dropped-no-match = { $mover } hat in der { $game }-Partie { $id } { $move } gespielt: Keiner deiner bedingten Züge war eine Antwort darauf, deshalb sind sie gelöscht. Du bist am Zug.
premoves-dropped-illegal = Dein bedingter Zug { $move } in der { $game }-Partie { $id } ist nicht mehr erlaubt ({ $reason }), deshalb sind deine bedingten Züge in dieser Partie gelöscht. Du bist am Zug.
premoves-dropped-taken-back = In der { $game }-Partie { $id } wurde ein Zug zurückgenommen: Deine bedingten Züge in dieser Partie sind gelöscht.

## Ratings and lists

rating-shown = { $value }{ $provisional ->
    [yes] ?
   *[no] {""}
}
rating-change = { $person } { $before } → { $after } ({ $delta })
ratings-changed = Wertungen: { $changes }.
games-count = { $count ->
    [one] 1 Partie
   *[other] { $count } Partien
}

games-none = Du hast keine laufende Partie. Starte eine mit { $challenge } @jemand.
games-header = Deine laufenden Partien ({ $count }):
games-line = game:{ $id } { $game } gegen { $others }, Zug { $ply }: { $turn }
games-line-clock = game:{ $id } { $game } gegen { $others }, Zug { $ply }: { $turn }, noch { $left }
turn-yours = du bist am Zug
turn-theirs = { $person } ist am Zug

history-header = { $game }-Partie { $id } ({ $players }):
history-no-moves = Noch kein Zug.
history-position = Stellungscode: { $code }
history-replay = Nachspielen: { $command }

leaderboard-empty = { $everywhere ->
        [yes] Es wurde noch nirgends eine gewertete { $game }-Partie gespielt.
       *[no] Hier wurde noch keine gewertete { $game }-Partie gespielt.
    }
leaderboard-header = { $game }-Bestenliste ({ $everywhere ->
        [yes] überall
       *[no] hier
    }):
leaderboard-row = { $rank }. { $person } { $rating } ({ $games })

ratings-header = Wertungen von { $person }:
ratings-line = { $game } { $here ->
        [yes] hier
       *[no] überall
    }: { $rating } ({ $games }, Rang { $rank } von { $of })
ratings-none = { $person } hat noch keine Wertung.
ratings-none-game = { $person } hat in { $game } noch keine Wertung.
ratings-versus = Gegen { $other }: { $games }, { $wins } gewonnen, { $draws } remis, { $losses } verloren.
no-rating-yet = Du hast noch keine Wertung: Spiel zuerst eine gewertete Partie.

## Clocks

notify-mention = Wenn du am Zug bist, erinnere ich dich mit einer Erwähnung dort, wo die Partie läuft.
notify-dm = Wenn du am Zug bist, erinnere ich dich per Direktnachricht.
notify-off = Du bekommst keine Erinnerungen (nach jedem Zug wird trotzdem angesagt, wer am Zug ist).
vacation-started = { $who } ist bis zum { $date } im Urlaub: Bis dahin stehen die Uhren von { $who } still.
vacation-started-moved = { $who } ist bis zum { $date } im Urlaub: Bis dahin stehen die Uhren von { $who } still. In { $moved ->
        [one] einer Partie
       *[other] { $moved } Partien
    } wurden die Fristen verschoben.
vacation-ended = { $who } ist aus dem Urlaub zurück: Die Uhren laufen wieder.
reminder = { $who }, du bist in der { $game }-Partie { $id } am Zug: noch { $left } (bis zum { $date }).

## Languages. `$language` is the language's name, from `language-<code>` below, as
## it reads after „auf“ (auf Deutsch).
language-me-set = Ab jetzt antworte ich dir auf { $language }.
language-me-reset = Deine Sprachwahl wurde zurückgesetzt: Ich antworte dir auf { $language }, so wie es deine App oder die Einstellung hier vorgibt.
language-community-set = Hier schreibe ich ab jetzt auf { $language }.
language-community-reset = Die hier gewählte Sprache wurde zurückgesetzt: Hier schreibe ich jetzt auf { $language }.
# The languages' names.
language-en = Englisch
language-fr = Französisch
language-es = Spanisch
language-nl = Niederländisch
language-de = Deutsch

## The community's web page. $url its address; $off the command that turns it off.
web-page-on = Die Webseite dieses Servers oder Raums ist aktiviert: { $url }
    Wer den Link hat, sieht die Bestenlisten und die letzten Partien (Namen der Spieler, Wertungen und Züge, sonst nichts). { $off } nimmt sie vom Netz; wieder aktiviert, bekommt sie eine neue Adresse.
web-page-off = Die Webseite dieses Servers oder Raums ist deaktiviert: Ihr Link führt nirgends mehr hin.
web-page-was-off = Die Webseite dieses Servers oder Raums war schon deaktiviert.

## Faults

apology = Entschuldige, bei mir ist etwas schiefgelaufen; die Partie ist unverändert.

## Rules and help

rules-kuba = Kuba (2 Spieler, 7×7): Schieb eine deiner Kugeln ein Feld weit; die ganze Reihe vor ihr wird mitgeschoben. Eine Kugel, die über den Rand geschoben wird, ist draußen, und wer eine rote oder eine gegnerische Kugel hinausschiebt, darf gleich noch einmal schieben. Den letzten Zug des Gegners darfst du nicht sofort rückgängig machen. Es gewinnt, wer 7 rote Kugeln oder alle 8 gegnerischen Kugeln hinausschiebt; wer keinen erlaubten Zug hat, verliert. Züge: a7-S (die Kugel auf a7 schiebt nach Süden). Hausregeln, die eine Herausforderung wählen kann: extra_push:optional (auf den Zusatzzug darf man mit dem Zug pass verzichten), repetition:draw (kommt dieselbe Stellung mit demselben Spieler am Zug zum dritten Mal vor, endet die Partie remis).
rules-kewbz = Kewbz (2 Spieler, quadratisches Brett, 8×8, wenn size: nichts anderes sagt): Setz einen Würfel neben einen Würfel auf dem Brett (auch diagonal), aber nie so, dass ein 2×2-Quadrat entsteht. Für jede Ecke, die du bildest oder erweiterst, stapelst du einen Würfel deiner Farbe auf ihren Eckwürfel, bis zu Türmen von 5 Würfeln. Die Partie endet, sobald jemand den letzten Würfel gesetzt hat; jeder zählt die Höhen der Türme, auf denen oben seine Farbe liegt, und zieht die Würfel ab, die noch in seinem Vorrat sind. Züge: das Feld, z. B. c3.
rules-cabale = Cabale (2 bis 4 Spieler, sechseckiges Brett): Dein Läufer zieht geradeaus, biegt einmal ab und zieht weiter; auf dem Feld, wo er abgebogen ist, lässt du einen Stein (oder einen Doppelstein) zurück. Dieser Stein kann gegnerische Steine schlagen, indem er in einer Linie über sie springt, und du darfst eine Blockade auf eine Kante setzen. Steine zählen den Wert ihres Feldes, geschlagene Steine zählen auch. Die Partie endet, sobald jemand seinen letzten Stein gesetzt hat oder der Läufer am Zug nicht ziehen kann; die meisten Punkte gewinnen. Hausregel, die eine Herausforderung wählen kann: boxed_in:pass (bei 3 oder 4 Spielern passt ein eingeschlossener Läufer, und die anderen spielen weiter, bis kein Läufer mehr ziehen kann).
rules-nuba = Nuba (2 Spieler, 5×6): Setz deine Steine 1–9 und den Champion X auf deine zwei Heimreihen, dann zieh abwechselnd einen Stein ein Feld gerade oder diagonal vorwärts; dabei schlägst du einen gegnerischen Stein mit gleicher oder höherer Zahl (X schlägt jeden und wird von jedem geschlagen). Ein Stein, der die gegnerische Grundlinie erreicht, wird Musiker, wenn seine Zahl höher ist als die des bisherigen Musikers. Kommt der Champion dort an, gewinnt er sofort; sonst gewinnt, wem der Musiker gehört, sobald der Gegner keinen höheren Stein und keinen Champion mehr hat, der ihn ablösen könnte.
help-header = Befehle, gezeigt für { $command } ({ $commands } funktionieren genauso):
help-computer = gegen den Computer spielen


## Platforms

# Matrix: under a challenge, how to answer it with a reaction.
matrix-react-to-answer = Reagiere mit ✅, um anzunehmen, oder mit ❌, um abzulehnen.

# The terminal chat's own notes (printed after "* "). `$name` is a user name
# without the @, `$where` is "#general" or "Thread kuba-K7Q2" (terminal-where-thread),
# `$time` a date as date-time writes it. NAME, #channel and thread are typed as they are.
terminal-not-a-command = kein Befehl; Befehle beginnen mit / (versuch es mit /boardbot help)
terminal-who-first = sag zuerst, wer du bist: /as NAME
terminal-is-a-bot = @{ $name } ist ein Bot; tritt als Mensch auf
terminal-you-are = du bist @{ $name }
terminal-usage-as = Aufruf: /as NAME (Buchstaben, Ziffern, - und _)
terminal-bot-account = @{ $name } ist ein Bot-Konto
terminal-usage-bot = Aufruf: /bot NAME
terminal-you-are-in = du bist hier: { $where }
terminal-where-thread = Thread { $name }
terminal-usage-in = Aufruf: /in #channel oder /in thread kuba-K7Q2
terminal-clock-fixed = die Uhr dieses Terminals lässt sich nicht verstellen
terminal-usage-wait = Aufruf: /wait DAUER (2d, 23h30m, 90m)
terminal-clock-at = die Uhr zeigt { $time }
terminal-welcome = boardbot, lokaler Chat auf { $database }. Mit /as NAME geht es los; /boardbot help, /quit.
# Buttons as the terminal lists them; `$challenge` is the challenge's number.
terminal-action-accept = Herausforderung { $challenge } annehmen
terminal-action-decline = Herausforderung { $challenge } ablehnen
# After where a message goes: only the person who asked sees it (`$name` without the @).
terminal-only = (nur für @{ $name })

# Discord: buttons, the confirmation of a resignation, pointers to where an answer went.
discord-button-accept = Annehmen
discord-button-decline = Ablehnen
discord-button-resign = Aufgeben
discord-button-draw = Remis anbieten
discord-button-flip = Brett drehen
discord-button-web = Im Web ansehen
discord-button-resign-confirm = Ja, aufgeben
discord-answered-in-thread = Erledigt: siehe { $thread }.
discord-answered-elsewhere = Erledigt.
# Die erste Nachricht einer Partie im Kanal, wenn Discord den Bot eine Weile keinen Thread eröffnen lässt.
discord-game-in-channel = Discord lässt den Bot vorerst keine neuen Threads eröffnen, deshalb wird diese Partie hier im Kanal gespielt.

game-seat-unknown = ?


## Reviews

# The computer's review of a finished game (/kuba analysis). Its labels, as on chess
# sites: an inaccuracy (?!) loses 5 points of the player's winning chances or more, a
# mistake (?) 10 or more, a blunder (??) 15 or more. $game is the game's title, $id its id.
review-queued = Die { $game }-Partie { $id } wird analysiert: Die Analyse erscheint hier, sobald sie fertig ist.
review-underway = Die Analyse der { $game }-Partie { $id } läuft schon: Sie erscheint dort, wo sie angefordert wurde.
review-header = Analyse der { $game }-Partie { $id } durch den Computer:
# A player's line: $seat the player with their colour (as seat writes it), $accuracy 0 to 100, then how many moves of each kind.
review-player = { $seat }: Genauigkeit { $accuracy } %, { $inaccuracies ->
    [one] 1 Ungenauigkeit
   *[other] { $inaccuracies } Ungenauigkeiten
}, { $mistakes ->
    [one] 1 Fehler
   *[other] { $mistakes } Fehler
}, { $blunders ->
    [one] 1 Patzer
   *[other] { $blunders } Patzer
}
# A player who made no move (the game ended before their turn); the counts are all 0.
review-player-no-move = { $seat }: kein Zug
review-turning-header = Die Züge, die die Partie am stärksten verändert haben:
# $move the move with its number and sign (12. c3-N??), $seat who made it, $label its kind (review-label-…), $loss the winning chances it lost in points, $best the computer's move there.
review-turning-point = { $move } von { $seat }, { $label }: { $loss ->
    [one] 1 Punkt
   *[other] { $loss } Punkte
} Gewinnchance verloren; besser { $best }
review-no-turning-point = Kein Zug hat genug Gewinnchance verloren, um als Ungenauigkeit zu gelten.
review-legend = ?! Ungenauigkeit: 5 Punkte Gewinnchance verloren oder mehr; ? Fehler: 10 oder mehr; ?? Patzer: 15 oder mehr.
# The annotated moves, in parts: $part of $parts. After a bad move, in brackets, the computer's move.
review-moves-header = Die Züge der { $game }-Partie { $id }, kommentiert ({ $part }/{ $parts }); in Klammern der Zug des Computers:
review-why = { $move } hat { $loss ->
    [one] 1 Punkt
   *[other] { $loss } Punkte
} verloren.
review-first-move = Zu Beginn hatte sein Spieler mit dem ersten Zug des Computers { $before } %, nach diesem Zug { $after } %.
review-expects = Der Computer erwartet { $line }.
review-expects-ended = Mit diesem Zug endete die Partie.
review-better = Besser: { $best }.
review-better-then = Besser: { $best }, dann { $then }.
review-then = Nach { $best } erwartete er { $then }.
review-doubt = (Unsicher: zwischen { $low } und { $high } Punkten.)
review-in-doubt = { $count ->
    [one] Eine Einstufung ist unsicher: Auch mit tieferer Suche konnte der Computer nicht sagen, auf welcher Seite einer Schwelle der Verlust dieses Zugs liegt; seine Zeile sagt, wie weit er abweichen kann.
   *[other] { $count } Einstufungen sind unsicher: Auch mit tieferer Suche konnte der Computer nicht sagen, auf welcher Seite einer Schwelle der Verlust dieser Züge liegt; ihre Zeilen sagen, wie weit er abweichen kann.
}
review-label-inaccuracy = Ungenauigkeit
review-label-mistake = Fehler
review-label-blunder = Patzer
# The review's picture: its title, the value axis, a line's name ($name the player, $colour their colour), the second line of a small board's caption ($best the computer's move; the first line is the move with its number and sign).
review-chart-title = { $game } { $id }: Gewinnchancen
review-chart-axis = Gewinnchance (%)
review-chart-line = { $name } ({ $colour })
review-chart-better = besser: { $best }
# What the review's picture shows, for people who cannot see it; $marked how many bad moves it marks.
picture-alt-review = Gewinnchancen im Verlauf der { $game }-Partie { $id }, { $marked ->
    [0] kein schlechter Zug markiert
    [one] 1 schlechter Zug markiert
   *[other] { $marked } schlechte Züge markiert
}

## Tournaments. $tournament is a tournament as tournament-tag writes it.

# A tournament's pairing: $tournament as tournament-tag writes it, $round the round.
opening-tournament = { $tournament }, Runde { $round }:
tournament-tag = { $named ->
        [yes] „{ $name }“
       *[no] { $format ->
            [swiss] Schweizer { $game }-Turnier
           *[other] { $game }-Rundenturnier
        }
    }{ $edition ->
        [1] {""}
       *[other] , { $edition }. Auflage
    } (Turnier { $id })
tournament-created = { $creator } eröffnet { $tournament }: { $game }, { $format ->
        [swiss] Schweizer System
       *[other] Rundenturnier
    }, { $days ->
        [one] 1 Tag
       *[other] { $days } Tage
    } pro Zug, { $rated ->
        [yes] gewertet
       *[no] ungewertet
    }, bis zu { $max } Spieler{ $rounds ->
        [0] {""}
        [one] , 1 Runde
       *[other] , { $rounds } Runden
    }. { $every ->
        [0] {""}
        [one] Eine neue Auflage beginnt 1 Tag nach dem Ende der vorigen.{" "}
       *[other] Eine neue Auflage beginnt { $every } Tage nach dem Ende der vorigen.{" "}
    }Anmelden mit { $join }; { $creator } kann es mit { $start } starten.
tournament-page = Seine Seite: { $url }
tournament-joined = { $who } meldet sich für { $tournament } an: { $players ->
        [one] 1 Spieler
       *[other] { $players } Spieler
    }.
tournament-left = { $who } verlässt { $tournament }: { $players ->
        [0] Jetzt ist niemand mehr angemeldet
        [one] noch 1 Spieler
       *[other] noch { $players } Spieler
    }.
tournament-withdraws = { $who } zieht sich aus { $tournament } zurück und wird nicht mehr gepaart{ $resigned ->
        [0] {""}
        [one] ; die laufende Partie wird aufgegeben
       *[other] ; die { $resigned } laufenden Partien werden aufgegeben
    }.
tournament-withdrawn = { $who } hat zwei Partien von { $tournament } auf Zeit verloren und wird zurückgezogen: nicht mehr gepaart{ $resigned ->
        [0] {""}
        [one] , die laufende Partie aufgegeben
       *[other] , die { $resigned } laufenden Partien aufgegeben
    }{ $series ->
        [yes] , und nicht für die nächste Auflage angemeldet
       *[no] {""}
    }.
tournament-started = { $tournament } beginnt mit { $count ->
        [one] 1 Spieler
       *[other] { $count } Spielern
    }: { $players }. { $format ->
        [swiss] { $rounds ->
            [one] 1 Runde
           *[other] { $rounds } Runden
        }, jede gepaart, sobald die letzte Partie der vorigen endet.
       *[other] { $games ->
            [one] 1 Partie, sie beginnt jetzt.
           *[other] { $games } Partien, alle beginnen jetzt.
        }
    }
tournament-round = { $tournament }: Runde { $round } von { $of } ist gepaart, { $games ->
        [one] 1 Partie
       *[other] { $games } Partien
    }.
# A Swiss round's bye: a win's points.
tournament-bye = { $who } ist spielfrei (1 Punkt).
# A round robin's odd field: the player without a game in that round of the schedule.
tournament-rest = { $who } setzt diese Runde aus.
tournament-finished = { $tournament } ist beendet. Endstand:
tournament-standing-line = { $rank }. { $person } { $points } · { $sb-label } { $sb } · { $second-label } { $second }{ $withdrawn ->
        [yes] {" "}(zurückgezogen)
       *[no] {""}
    }
tournament-next-edition = { $tournament } beginnt am { $date }. { $count ->
        [0] Noch ist niemand angemeldet. Anmelden mit { $join }.
        [one] Angemeldet ist { $players }. Abmelden mit { $leave }; andere können sich mit { $join } anmelden.
       *[other] Angemeldet sind { $players }. Abmelden mit { $leave }; andere können sich mit { $join } anmelden.
    }
tournament-cancelled = { $tournament } konnte nicht beginnen: { $players ->
        [0] kein Spieler
        [one] 1 Spieler
       *[other] { $players } Spieler
    }, { $needed } wären nötig gewesen. Die Serie endet hier.
tournament-standings-open = { $tournament } hat noch nicht begonnen; { $count ->
        [0] noch ist niemand angemeldet
        [one] 1 Spieler angemeldet: { $players }
       *[other] { $count } Spieler angemeldet: { $players }
    }. { $starts ->
        [yes] Es beginnt von selbst am { $date }.
       *[no] Wer es eröffnet hat, kann es mit { $start } starten.
    }
tournament-standings = Stand von { $tournament }, { $format ->
        [swiss] Runde { $round } von { $of }
       *[other] { $played } von { $games ->
            [one] 1 Partie
           *[other] { $games } Partien
        } gespielt
    }{ $state ->
        [finished] {" "}(Endstand)
        [cancelled] {" "}(abgesagt)
       *[other] {""}
    }:
tournament-pairings = { $tournament }, Runde { $round } von { $of }:
tournament-pairing-line = Brett { $board }: { $white } gegen { $black }, Partie { $id }: { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white_forfeit] 1–0 kampflos
        [black_forfeit] 0–1 kampflos
       *[none] läuft
    }
tournament-list-none = Hier gibt es noch kein Turnier; eröffne eines mit { $create }.
tournament-list-header = Turniere hier:
tournament-list-line = { $tournament }: { $state ->
        [open] Anmeldung offen, { $players ->
            [one] 1 Spieler
           *[other] { $players } Spieler
        }
        [running] Runde { $round } von { $of }, { $players ->
            [one] 1 Spieler
           *[other] { $players } Spieler
        }
        [finished] beendet
       *[cancelled] abgesagt
    }
# The title of a standings picture.
standings-title = { $tournament } · Runde { $round }
