### Games: the words every game shares. Refusals of the game registry (an unknown
### game, rule options, position codes, stored games that do not replay), the
### small words of move labels, board pictures and terminal diagrams, and results.
### Each game's own words are in its file (kuba.ftl, kewbz.ftl, cabale.ftl,
### nuba.ftl).
###
### Glossary (keep these words the same throughout):
###   rule options   the options a game is created with, written as JSON ({"size":10});
###                  option names (size, players …) are JSON keys and stay in English
###   position code  the text that describes a position (docs/notation.md)
###   seat           a player's place in the playing order, named by its colour
###   move           a move in the project's notation (a7-S, d4>e5, A3>C3>C2, X@c2),
###                  the same in every language
###
### Variables: $seat arrives worded as a seat's colour ("White"); $game as a game's
### name ("Kuba"); $reason as a whole phrase from a game's file; $move, $text, $key,
### $code, $given, $name, $options and $games as typed or as the notation writes
### them (never translated). Numbers select plural forms: { $n -> [one] … *[other] … }.

## Move labels and the picture's panel

# The move as the notation writes it: the first part of a label (a7-S).
game-move = { $move }
# The panel's line about the last move starts with it: last: a7-S · pushes 2
game-view-last = last: { $move }
# After a capture the same seat moves again (Kuba).
game-view-again = { $seat } moves again
# Counter values on the panel: score 12, reds 3/7, hand 139X.
game-view-number = { $n }
game-view-fraction = { $n }/{ $of }
game-view-text = { $text }

## Results

game-result-draw = Draw: { $reason }
game-result-win = { $seat } wins: { $reason }
game-result-shared = { $seats } share the win: { $reason }
# Seats that share a win, two at a time: Yellow and Red (and Green …).
game-and = { $first } and { $second }

## Terminal diagrams

game-diagram-to-move = { $seat } to move
game-diagram-over = Game over: { $reason }

## Refusals

game-unknown-game = unknown game "{ $name }" (games: { $games })
game-bad-code = bad position code: { $reason }
game-code-conflict = the position code says { $key } { $code } but the rule options say { $given }
game-settings-not-json = the rule options must be JSON like {"{"}"size":10{"}"}, not "{ $text }"
game-settings-not-object = the rule options must be a JSON object like {"{"}"size":10{"}"}, not { $text }
game-settings-none = { $game } has no rule options ("{ $key }" was given)
game-settings-unknown = { $game } has no option "{ $key }" (its options: { $options })
game-settings-bad-option = { $game } option "{ $key }": { $reason }
game-settings-invalid = { $game }: { $reason }
# A JSON value of the wrong kind, in the words of the JSON reader (English only).
game-settings-value = { $reason }
game-other-game = that is a move of { $move-game }, not of { $game }
# A stored or typed game whose move number $ply does not replay.
game-replay-malformed = move { $ply } "{ $text }": malformed: { $reason }
game-replay-illegal = move { $ply } "{ $text }": illegal: { $reason }
game-replay-other-game = move { $ply } "{ $text }": { $reason }
