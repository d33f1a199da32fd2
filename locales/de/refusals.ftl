### Absagen: was jemand erfährt, dessen Anfrage nichts ändert.
### Eine Nachricht pro Variante von `Refusal` (src/service/refusal.rs), benannt
### refused-<Variante in kebab-case>. Jede sagt, was nicht stimmt, und, wo es das
### gibt, was stattdessen zu tun ist. Variablen wie in main.ftl; $expected, $known und
### $games kommen schon als Listen formuliert an.
###
### Glossar: wie in main.ftl (du; Herausforderung, gewertet/ungewertet,
### Zugrücknahme, Urlaub, Bestenliste, Wertung, Partie, Zug, Platz, Remis,
### Stellungscode; abbrechen, Sprache, Hausregel). Getippte Wörter (accept, rated:yes,
### days:3, game:ID, dm, unlimited, K7Q2) bleiben, wie sie sind; Beispielnamen sind
### deutsch (@jemand). $reason nach einem Doppelpunkt: { CAPITALIZE($reason) }.

refused-from-bot = Von Bots nehme ich keine Befehle an.
refused-unknown-user = Ich kenne @{ $name } nicht.
refused-not-in-room = Ich kenne { $name } nicht: Diese Person ist nicht in diesem Raum (lade sie zuerst ein).
refused-ambiguous-name = Hier heißen mehrere Leute { $name }: Erwähne eine Person oder schreib ihre Nutzer-ID.

## Reading a command

refused-no-command = Tippe { $help }, um die Befehle zu sehen.
refused-unknown-game = Das Spiel „{ $word }“ kenne ich nicht. Ich kenne { $games } (und { $general } für alles andere).
refused-unknown-subcommand = { $command } hat keinen Befehl „{ $word }“: Versuch es mit { $known }.
refused-unknown-option = { $sub } hat keine Option { $option }: { $count ->
        [0] Dieser Befehl hat gar keine Optionen.
        [one] Möglich ist nur { $known }.
       *[other] Möglich sind { $known }.
    }
refused-option-of-other-games = { $option }: ist eine Option von { $games }, nicht von { $game }.
refused-bad-value-yes-no = { $option }:{ $value } ist keine Ja/Nein-Antwort: Schreib { $option }:yes oder { $option }:no.
refused-bad-value-number = { $option }:{ $value } ist keine Zahl: Schreib z. B. { $option }:3.
refused-bad-value-range = { $option }:{ $value } ist keine Zahl von { $min } bis { $max }.
refused-bad-value-one-of = { $option }:{ $value } geht nicht: Wähle { $choices }.
refused-bad-value-days = { $option }:{ $value } ist keine Anzahl von Tagen: Schreib { $option }:3 (1, 2, 3, 5, 7 oder 14) oder { $option }:unlimited.
refused-bad-value-game-id = { $option }:{ $value } ist keine Partie-ID wie K7Q2.
refused-bad-value-user = { $option }:{ $value } ist keine Person: Schreib { $option }:@jemand.
refused-missing-option = { $sub } braucht { $option }:.
refused-extra-words = Mit „{ $word }“ kann { $sub } nichts anfangen.
refused-no-mention-here = { $sub } erwartet keine Person (gefunden: @{ $name }).
refused-too-many-named = { $sub } erwartet nur einen Spieler.
refused-settings-not-object = settings:{ $text } ist kein JSON-Objekt wie {"{"}"size":10{"}"}.
refused-bad-settings = Diese Regeloptionen gehen nicht: { CAPITALIZE($reason) }.
refused-players-mismatch = Diese Regeloptionen gehen nicht: players ist { $given }, aber die Herausforderung hat { $seats } Plätze (du und { $opponents } Gegner).

## Challenges

refused-no-opponent = Nenne einen Gegner: { $challenge } @bob (oder { $bot }, um gegen den Computer zu spielen).
refused-computer-one-to-one = Gegen den Computer spielst du nur zu zweit: { $challenge } { $bot }.
refused-too-many-opponents = { $max ->
        [2] { $game } ist ein Spiel für zwei: Nenne einen Gegner.
       *[other] { $game } ist für 2 bis { $max } Spieler: Nenne höchstens { $opponents } Gegner.
    }
refused-named-twice = { $who } ist doppelt genannt.
refused-challenge-self = Du kannst dich nicht selbst herausfordern: Nenne jemand anderen, oder { $bot }, um gegen den Computer zu spielen.
refused-other-bot = { $who } ist ein Bot; der einzige Bot, gegen den du hier spielen kannst, bin ich (fordere { $bot } heraus).
refused-already-challenged = Du hast schon eine offene Herausforderung an { $who } (Herausforderung { $challenge }); zieh sie zuerst zurück oder warte auf eine Antwort.
# $limit: the most open challenges one player may have made at once (a number).
refused-too-many-challenges = { $limit ->
        [one] Du hast schon eine offene Herausforderung, und mehr als eine darf niemand haben: Zieh sie zurück oder warte auf eine Antwort, bevor du eine neue stellst.
       *[other] Du hast schon { $limit } offene Herausforderungen, und mehr darf niemand haben: Zieh welche zurück oder warte auf Antworten, bevor du eine neue stellst.
    }
refused-computer-rated = Partien gegen den Computer werden nie gewertet: Lass rated:yes weg.
# $max: the most games in progress against the computer one player may have (a number, at least 1).
refused-computer-games-limit = { $max ->
        [one] Du hast schon eine laufende Partie gegen den Computer, und mehr ist hier nicht erlaubt; spiel sie zuerst zu Ende oder gib sie auf.
       *[other] Du hast schon { $max } laufende Partien gegen den Computer, und mehr sind hier nicht erlaubt; spiel zuerst eine zu Ende oder gib eine auf.
    }
refused-level-without-computer = level: gibt es nur für Partien gegen den Computer (fordere { $bot } heraus).
refused-start-rated = Eine Startstellung gibt es nur bei ungewerteten Partien: Ergänze rated:no oder lass start: weg.
refused-start-code = Diese Startstellung geht nicht: { CAPITALIZE($reason) }.
refused-start-over = Diese Startstellung geht nicht: In dieser Stellung ist die Partie schon vorbei.
refused-rated-needs-clock = Eine gewertete Partie braucht eine Uhr: Wähle days:1, 2, 3, 5, 7 oder 14 (ohne Angabe 3).
refused-bad-days = days:{ $days } ist keine Bedenkzeit: Wähle 1, 2, 3, 5, 7 oder 14 Tage pro Zug oder unbegrenzt (days:unlimited, nur bei ungewerteten Partien).
refused-no-challenge-waiting = Keine { $game }-Herausforderung wartet auf deine Antwort.
refused-no-challenge-to-cancel = Du hast keine offene { $game }-Herausforderung, die du zurückziehen könntest.
refused-no-such-challenge = Es gibt keine Herausforderung { $challenge }.
refused-challenge-closed = Herausforderung { $challenge } { $state ->
        [accepted] wurde angenommen
        [declined] wurde abgelehnt
        [expired] ist abgelaufen
       *[cancelled] wurde zurückgezogen
    }; sie ist nicht mehr offen.
refused-challenge-of-other-game = Herausforderung { $challenge } gilt für { $actual }, nicht für { $asked }: Nimm dafür { $command }.
refused-own-challenge = Herausforderung { $challenge } ist deine eigene; sie wartet auf die Antwort der anderen (zurückziehen kannst du sie mit { $cancel }).
refused-not-your-challenge = Herausforderung { $challenge } ist nicht an dich gerichtet.
refused-already-accepted = Du hast Herausforderung { $challenge } schon angenommen; jetzt fehlen noch die anderen.
refused-not-challenger = Nur wer Herausforderung { $challenge } gestellt hat, kann sie zurückziehen; du kannst sie ablehnen.
refused-several-challenges = Es sind mehrere { $game }-Herausforderungen offen: { $list }. Sag mit challenge:{ $first }, welche du meinst.
challenge-from = Herausforderung { $challenge } von { $person }
refused-challenge-expired = Herausforderung { $challenge } ist abgelaufen: Sie hat zu lange auf eine Antwort gewartet. Bitte um eine neue.

## Finding the game

refused-no-such-game = Es gibt keine Partie { $id }.
# $id: the game's id as typed (K7Q2).
refused-game-elsewhere = Partie { $id } gehört zu einem anderen Server oder Raum: Von hier aus können sie nur ihre Spieler ansehen.
refused-wrong-kind = Partie { $id } ist eine { $actual }-Partie, keine { $asked }-Partie: Nimm dafür { $command }.
refused-no-game-of-kind = Du hast keine laufende { $game }-Partie; nenne eine mit game:ID oder starte eine mit { $challenge }.
refused-several-games = Du hast { $count } laufende { $game }-Partien; sag mit game:ID, welche du meinst:
several-games-line = game:{ $id } gegen { $others } ({ $turn ->
        [yes] du bist am Zug
       *[no] nicht dein Zug
    })
refused-not-seated = Du spielst in Partie { $id } nicht mit.
refused-not-your-turn = In Partie { $id } bist du nicht am Zug: { $waiting } ist dran.
refused-game-over = Partie { $id } ist beendet; starte eine neue mit challenge.
# abort after one's own first move; $id is the game's id.
refused-abort-too-late = Du hast in Partie { $id } schon gezogen: Sie lässt sich nicht mehr abbrechen (gib stattdessen auf).

## Moves

refused-empty-move = Dieser Zug geht nicht: Sag, welchen Zug du meinst, z. B. { $move } { $example }.
refused-malformed = Dieser Zug geht nicht: { CAPITALIZE($reason) }.
refused-illegal = Dieser Zug geht nicht: { CAPITALIZE($reason) }.
refused-moved-on = Die Partie ist weitergegangen, während du getippt hast; schau dir das Brett noch einmal an.
refused-menu-move-passed = Dieser Zug wurde bei Zug { $offered } der Partie { $id } angeboten, die jetzt bei Zug { $now } ist: Wähle noch einmal auf dem Brett.

## Bedingte Züge (premove)

refused-premove-computer = Bedingte Züge gibt es nur in Partien zwischen Menschen: In Partie { $id } spielst du gegen den Computer.
refused-premove-your-turn = In Partie { $id } bist du am Zug: Spiel deinen Zug. Bedingte Züge hinterlegt man, solange die anderen am Zug sind.
refused-premove-move = In dieser Zugfolge geht Zug { $n } ({ $move }) nicht: { CAPITALIZE($reason) }.
refused-premove-ends-with-theirs = Eine Zugfolge endet mit deiner Antwort: Ihr letzter Zug, { $move }, wäre der von { $who }.
refused-premove-empty = Gib die Züge der Zugfolge an, die der anderen und deine Antworten im Wechsel, z. B. { $premove } line:"{ $example }".
refused-premove-too-long = Eine Zugfolge hat höchstens { $max } Züge.
refused-premove-too-many = Du hast schon { $max } Zugfolgen in Partie { $id }, mehr geht nicht: { $clear } löscht sie.

## Draws and takebacks

refused-draw-for-two = Remis kann man nur in Partien zu zweit anbieten; mit mehr Spielern heißt es weiterspielen oder aufgeben.
refused-draw-already-offered = Dein Remisangebot wartet schon auf eine Antwort.
refused-no-draw-offered = In Partie { $id } ist kein Remis angeboten.
refused-own-draw-offer = Das ist dein eigenes Angebot; antworten müssen die anderen.
refused-no-move-yet = Es wurde noch kein Zug gespielt.
refused-takeback-not-yours = Du kannst nur deinen eigenen letzten Zug zurücknehmen, und nur, bevor der nächste gespielt ist.
refused-takeback-rated = Diese Partie ist gewertet: Ein Zug kann nur zurückgenommen werden, bevor dein Gegner gezogen hat.
refused-takeback-pending = Um eine Zugrücknahme wurde schon gebeten; sie wartet auf eine Antwort.
refused-computer-no-takeback = Der Computer nimmt keine Züge zurück.
refused-no-takeback-asked = In Partie { $id } hat niemand um eine Zugrücknahme gebeten.
refused-own-takeback = Das ist deine eigene Bitte; antworten müssen die anderen.

## Ratings

refused-computer-no-rating = { $bot } hat keine Wertung: Partien gegen den Computer werden nie gewertet.
refused-not-played-yet = { $who } hat hier noch nicht gespielt.

## Clocks

refused-notify-others = Du kannst nur deine eigenen Erinnerungen einstellen: { $notify } dm.
refused-vacation-days = days:{ $days } ist kein Urlaub: Gib eine Zahl von Tagen von 1 bis { $cap } an.
refused-on-vacation = Du bist bis zum { $date } im Urlaub; beende ihn zuerst mit { $end }.
refused-language-not-manager = Die Sprache hier können nur Leute wählen, die die Einstellungen dieses Servers oder Raums ändern dürfen (auf Discord „Server verwalten“, in Matrix: den Raumnamen ändern). Deine eigene Sprache wählst du selbst: Lass dafür scope: weg.
refused-language-no-community = Hier gibt es keinen Server und keinen Raum, für den sich eine Sprache wählen ließe. Deine eigene Sprache wählst du selbst: Lass dafür scope: weg.
refused-web-not-manager = Die Webseite hier können nur Leute an- oder ausschalten, die die Einstellungen dieses Servers oder Raums ändern dürfen (auf Discord „Server verwalten“, in Matrix: den Raumnamen ändern).
refused-web-no-community = Eine Webseite gehört zu einem Server oder Raum: Frag dort, nicht in einer Direktnachricht.
refused-web-not-served = Dieser Bot hat keine Webseiten: Wer ihn betreibt, hat sie nicht eingerichtet ([web] in seiner Konfiguration).
refused-vacation-cap = Du hast dieses Jahr noch { $left ->
        [one] 1 Urlaubstag
       *[other] { $left } Urlaubstage
    } (höchstens { $cap } pro Jahr, { $taken } genommen): Nimm days:{ $left } oder weniger.
refused-not-on-vacation = Du bist nicht im Urlaub.

## The platforms' own

refused-not-answered = Auf diese Art von Interaktion antworte ich nicht.
refused-stale-button = Dieser Button gehört nicht mehr zu mir.

## The commands' declaration

refused-takes-one-of = { $sub } erwartet { $words }.
refused-bad-value-text = { $option }: erwartet Text, nicht { $value }.
# Ein Wert aus mehreren Wörtern ohne Anführungszeichen getippt (line:g7-S a6-E).
refused-unquoted = Setz einen Wert aus mehreren Wörtern in Anführungszeichen: { $option }:"{ $value }".


## Reviews

# analysis of a game still being played; $id the game's id.
refused-review-of-game-in-progress = Partie { $id } läuft noch: Der Computer analysiert eine Partie erst, wenn sie beendet ist (eine Analyse jetzt würde einem Spieler sagen, was er ziehen soll).
# analysis of a game that ended before its first move.
refused-nothing-to-review = Partie { $id } endete vor ihrem ersten Zug: Es gibt nichts zu analysieren.
# The asker's review of another game is still being made: one at a time. $game the game's title, $id its id.
refused-review-busy = Deine Analyse der { $game }-Partie { $id } wird noch erstellt: Fordere eine weitere an, sobald sie erschienen ist.

## Tournaments. $tournament is a tournament as tournament-tag writes it.

refused-tournament-no-community = Turniere gehören zu einem Server oder Raum: Frag dort, nicht in einer Direktnachricht.
refused-tournament-no-clock = Die Partien eines Turniers brauchen eine Uhr: Wähle days: 1, 2, 3, 5, 7 oder 14.
refused-tournament-rounds-for-swiss = rounds: gilt für das Schweizer System; ein Rundenturnier hat so viele Runden, wie seine Spieler brauchen.
refused-tournament-name-too-long = Der Name eines Turniers hat höchstens { $max } Zeichen.
refused-no-such-tournament = Es gibt kein Turnier { $id }; { $list } zeigt die Turniere hier.
refused-tournament-elsewhere = Turnier { $id } gehört zu einem anderen Server oder Raum.
refused-no-tournament-here = Hier passt kein Turnier; { $list } zeigt die Turniere hier, und { $create } eröffnet eines.
refused-several-tournaments = Mehrere Turniere passen: { $tournaments }. Sag mit tournament:N, welches.
refused-tournament-not-open = { $tournament } { $state ->
        [running] hat begonnen: Es nimmt keine Anmeldungen mehr an
        [finished] ist beendet
        [cancelled] wurde abgesagt
       *[open] ist offen
    }.
refused-tournament-full = { $tournament } ist schon voll ({ $max } Spieler).
refused-already-entered = Du bist für { $tournament } schon angemeldet.
refused-not-entered = Du bist für { $tournament } nicht angemeldet.
refused-already-withdrawn = Du hast dich aus { $tournament } schon zurückgezogen.
refused-tournament-not-yours = Nur wer { $tournament } eröffnet hat oder die Einstellungen dieses Servers oder Raums ändern darf, kann es starten.
refused-tournament-too-few = { $tournament } hat { $players ->
        [0] noch keine Spieler
        [one] erst 1 Spieler
       *[other] erst { $players } Spieler
    }; es braucht mindestens { $needed }, um zu beginnen.
refused-tournament-barred = Du hast zwei Partien von Turnier { $previous } auf Zeit verloren und wurdest zurückgezogen: Du kannst dich nicht für { $tournament }, seine nächste Auflage, anmelden.
refused-tournament-no-abort = Partie { $id } ist eine Turnierpartie: Sie kann nicht abgebrochen werden. Um sie aufzugeben, nutze { $resign }.
refused-tournament-no-round = { $tournament } hat { $paired ->
        [0] noch keine Runde { $round }: Es hat nicht begonnen
        [one] noch keine Runde { $round }: Nur Runde 1 ist gepaart
       *[other] keine Runde { $round }: Die Runden 1 bis { $paired } sind gepaart
    }.
