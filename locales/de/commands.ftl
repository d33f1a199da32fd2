### Die Befehle: was Discord zu jedem Befehl, Unterbefehl und jeder Option zeigt
### (je höchstens 100 Zeichen: Discords Grenze), die Wörter, die die Hilfe für Werte
### schreibt, und die Befehlstabelle der README. $game ist der Titel des Spiels (Kuba);
### die README übergibt readme-the-game („diesem Spiel“, im Dativ: nur nach „von“ und
### „in“ verwenden).
###
### Befehls- und Optionsnamen bleiben englisch (sie werden getippt). Ein Standardwert
### heißt so, wie ihn Discords Menü nennt („Standard: Zufällig“, aus choice-…), nie
### wie das getippte Wort (random): Ein Test prüft das. $default bringt bei Auswahlen
### diesen Menünamen, bei Ja/Nein-Optionen yes oder no für einen Selektor.
### Glossar: wie in main.ftl (du; Herausforderung, gewertet/ungewertet, Zugrücknahme,
### Urlaub, Bestenliste, Wertung, Partie, Zug, Stellungscode, Regeloptionen,
### abbrechen, Wiedergabe, Sprache, Hausregel; Kuba: Zusatzzug, Eroberung; Cabale:
### eingeschlossener Läufer).

## Commands

command-game = { $game } spielen: herausfordern, ziehen, aufgeben und mehr
command-boardbot = Deine Partien, Wertungen, Erinnerungen und dein Urlaub

## A game's subcommands

command-challenge = Jemanden herausfordern – oder mich (den Computer) auf einer Stufe
command-accept = Eine Herausforderung annehmen
command-decline = Eine Herausforderung ablehnen
command-cancel = Deine eigene Herausforderung zurückziehen
command-move = Einen Zug spielen; fang an zu tippen und wähle einen der erlaubten Züge
command-board = Das Brett zeigen (anschauen darf es jeder)
command-replay = Eine Partie als animierte Wiedergabe abspielen, beendet oder laufend (darf jeder anfordern)
command-analysis = Die Analyse einer beendeten Partie durch den Computer: Genauigkeit, Fehler, bessere Züge
command-resign = Die Partie aufgeben
command-abort = Die Partie vor deinem ersten Zug abbrechen (kein Ergebnis, nicht gewertet)
command-draw = Remis anbieten oder auf ein Angebot antworten
command-takeback = Um Rücknahme deines letzten Zuges bitten oder darauf antworten
command-premove = Bedingte Züge: auf einen Zug des Gegners sofort antworten (anzeigen, hinzufügen, löschen)
command-history = Die Züge und der Stellungscode
command-play = Die Partie auf ihrem Brett spielen: auf ihrer Webseite oder in der Discord-Aktivität
command-leaderboard = Die Bestenliste von { $game }
command-rating = Die Wertung eines Spielers oder zwei Spieler im direkten Vergleich
command-rules = Die Regeln von { $game }
command-help = Was du tun kannst

## The subcommands of boardbot

command-boardbot-games = Deine laufenden Partien, wer am Zug ist und die Restzeit
command-boardbot-rating = Die Wertung eines Spielers oder zwei Spieler im direkten Vergleich
command-boardbot-leaderboard = Die Bestenliste eines Spiels
command-boardbot-notify = Wie du erfährst, dass du am Zug bist
command-boardbot-vacation = Alle deine Uhren für ein paar Tage anhalten oder den Urlaub früher beenden
command-boardbot-language = Die Sprache, in der ich dir antworte, oder die dieses Servers oder Raums
command-boardbot-rules = Die Regeln eines Spiels
command-boardbot-web = Die Webseite dieses Servers oder Raums an oder aus (Moderatoren); oder im Web an- oder abmelden
command-boardbot-help = Was du tun kannst

## Options

option-opponent = Wen du herausforderst; wähle den Bot, um gegen den Computer zu spielen
# Discord's opponent2, opponent3 …: $players is how many play with this one.
option-opponent-more = { $players ->
        [3] Ein zweiter Gegner (3 Spieler)
        [4] Ein dritter Gegner (4 Spieler)
       *[other] Noch ein Gegner ({ $players } Spieler)
    }
option-first = Wer beginnt (Standard: { choice-first-random })
option-rated = Ob die Partie gewertet wird (Standard: nein)
option-level = Die Spielstärke des Computers (Standard: { choice-level-medium })
option-days = Zeit pro Zug (gewertet: Standard 3 Tage; { days-unlimited } nur ungewertet)
option-settings = Regeloptionen als JSON, z. B. {"{"}"size":10{"}"}
option-start = Ab diesem Stellungscode beginnen (nur ungewertet)
option-challenge = Die Nummer der Herausforderung, wenn mehrere offen sind
option-move = Der Zug, in einer Schreibweise, die das Spiel versteht
option-game-id = Die ID der Partie (K7Q2); im Thread der Partie nicht nötig
option-game-kind = Welches Spiel
option-flip = Von der anderen Seite aus zeigen
option-speed = Wie schnell die Züge aufeinanderfolgen (Standard: { choice-speed-normal })
option-answer = Fragen oder auf die offene Anfrage antworten
option-premove-line = Der Zug des Gegners, dann deine Antwort und so weiter: "g7-S a6-E f1-N b7-S"
option-premove-clear = Alle deine bedingten Züge in der Partie löschen
option-scope = Hier (Standard) oder überall
option-player = Wessen Wertung (Standard: deine)
option-vs = Im direkten Vergleich mit diesem Spieler
option-how = Eine Erwähnung dort, wo die Partie läuft, eine Direktnachricht oder gar nichts
option-user = Wessen Erinnerungen (nur deine eigenen)
option-vacation-days = Für wie viele Tage deine Uhren anhalten
option-vacation-end = Deinen Urlaub jetzt beenden
option-language = Die Sprache meiner Antworten oder zurück zur Sprache deiner App oder dieses Ortes
option-language-scope = Für dich (Standard) oder für diesen Server oder Raum (für dessen Moderatoren)
option-web-state = { choice-state-on } oder { choice-state-off }: die Seite dieses Servers oder Raums; oder dich im Web an- oder abmelden
# The choice of no deadline among the days per move.
days-unlimited = unbegrenzt

## Choices as Discord's menus name them (the word sent is the one help shows).
## choice-<option>-<word>; a choice without a message is shown as its word.
choice-first-me = Ich zuerst
choice-first-them = Gegner zuerst
choice-first-random = Zufällig
choice-level-random = Zufällig (spielt irgendeinen erlaubten Zug)
choice-level-greedy = Gierig (nimmt mit, was geht)
choice-level-easy = Leicht
choice-level-medium = Mittel
choice-level-hard = Schwer
choice-answer-offer = Anbieten
choice-answer-ask = Bitten
choice-answer-accept = Annehmen
choice-answer-decline = Ablehnen
choice-scope-here = Hier
choice-scope-global = Überall
choice-how-mention = Eine Erwähnung dort, wo die Partie läuft
choice-how-dm = Eine Direktnachricht
choice-how-off = Keine Erinnerungen
choice-state-on = An
choice-state-off = Aus
choice-state-login = Im Web anmelden
choice-state-logout = Im Web abmelden
choice-language-en = English (Englisch)
choice-language-fr = Français (Französisch)
choice-language-es = Español (Spanisch)
choice-language-nl = Nederlands (Niederländisch)
choice-language-de = Deutsch
choice-language-reset = Zurück zur Sprache meiner App oder dieses Ortes
choice-scope-me = Für mich
choice-scope-server = Für diesen Server
choice-scope-room = Für diesen Raum
choice-extension-line = Linie
choice-extension-arm = Arm
choice-speed-slow = Langsam
choice-speed-normal = Normal
choice-speed-fast = Schnell
choice-extra_push-mandatory = Pflicht
choice-extra_push-optional = Verzicht erlaubt
choice-repetition-none = Es wird weitergespielt
choice-repetition-draw = Remis
choice-boxed_in-end = Die Partie endet
choice-boxed_in-pass = Er passt, die anderen spielen weiter

## The games' rule options ($min, $max, $default from the game's declaration)

option-kewbz-size = Brettgröße, { $min } bis { $max } (Standard: { $default })
option-kewbz-extension = Wie ein gesetzter Würfel eine Ecke erweitert (Standard: { $default })
option-cabale-sharp = Ob Läufer spitz abbiegen dürfen (Standard: { $default ->
        [yes] ja
       *[other] nein
    })
# House rules: "optional" lets a player decline the push a capture earns.
option-kuba-extra-push = Der Zusatzzug nach einer Eroberung (Standard: { $default })
option-kuba-repetition = Wenn eine Stellung zum dritten Mal vorkommt (Standard: { $default })
option-cabale-boxed-in = Ein eingeschlossener Läufer bei 3 oder 4 Spielern (Standard: { $default })

## What help writes for a value

help-value-number = N
help-value-id = ID
help-value-kind = SPIEL
help-value-json = JSON
help-value-code = CODE
help-value-move = TEXT
help-value-line = "ZÜGE"
help-value-text = TEXT
help-value-opponent = @bob
help-value-user = @spieler
help-value-other = @gegner

## README's commands table

readme-table-intro = Ein Befehl pro Spiel ({ $commands }), jeweils mit den Unterbefehlen unten, und { $general } für alles andere:
readme-table-head = | Befehl | was er tut | Optionen |
readme-the-game = diesem Spiel

## Tournaments: the command, its subcommands, options and choices

command-boardbot-tournament = Turniere: Schweizer System und Rundenturnier, vom Bot geleitet
command-tournament-create = Ein Turnier eines Spiels in diesem Kanal zur Anmeldung eröffnen
command-tournament-join = Dich für ein Turnier anmelden
command-tournament-leave = Ein Turnier verlassen, oder dich aus dem laufenden zurückziehen
command-tournament-start = Ein Turnier starten (wer es eröffnet hat, oder ein Moderator)
command-tournament-standings = Der Stand eines Turniers, mit Bild
command-tournament-pairings = Die Paarungen und Ergebnisse einer Runde
command-tournament-list = Die Turniere dieses Servers oder Raums
option-format = { choice-format-swiss }: Runden nach Punkten gepaart; { choice-format-roundrobin }: Jeder spielt einmal gegen jeden
option-rounds = Runden im Schweizer System (Standard: genug für das Teilnehmerfeld, höchstens 7)
option-tournament-days = Bedenkzeit pro Zug seiner Partien (Standard: 3 Tage)
option-tournament-rated = Ob seine Partien gewertet werden (Standard: ja)
option-max = Höchstzahl der Spieler (Standard: 64)
option-every = Eine Serie: Eine neue Auflage beginnt so viele Tage nach dem Ende der vorigen
option-tournament-name = Sein Name (kommt zuletzt: der Rest der Zeile)
option-tournament = Die Nummer des Turniers, wenn hier mehrere sind
option-round = Die Runde (Standard: die zuletzt gepaarte)
choice-format-swiss = Schweizer System
choice-format-roundrobin = Rundenturnier
