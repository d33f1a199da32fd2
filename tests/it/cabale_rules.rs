//! Data-driven Cabale tests through the registry, from `tests/fixtures/cabale/*.txt`.
//!
//! A fixture file is a list of cases separated by blank lines. Each case starts with
//! `case <name>` and runs its lines in order against one position:
//!
//! ```text
//! settings <json>          rule options (before `from`/`start`)
//! from <code>              start from this position code
//! bad-code <text>          `from` must be refused, with a message containing <text>
//! play <move> <move> …     moves that must be legal, played in order
//! legal <move>             a move that must be legal here (not played)
//! illegal <move> => <text> refused as illegal, with a message containing <text>
//! malformed <move> => <t>  refused as malformed, with a message containing <t>
//! paths <n>                runner paths offered as the first step of a turn
//! turns <n>                complete legal moves
//! code <code>              the position code now
//! to-move <letter>         the seat to move
//! phase <placement|play>
//! scores <a>-<b>…          current scores in seat order
//! outcome ongoing | draw | winners <letters> | reason <text>
//! ```

use std::fs;
use std::path::Path;

use boardbot::games::{GameKind, MoveRejected, Phase, Position, SetupError};

struct Case {
    name: String,
    settings: Option<String>,
    position: Option<Position>,
}

impl Case {
    fn position(&mut self) -> &mut Position {
        if self.position.is_none() {
            let start = Position::setup(GameKind::Cabale, None, self.settings.as_deref());
            self.position = Some(start.unwrap_or_else(|e| panic!("{}: {e}", self.name)));
        }
        match self.position.as_mut() {
            Some(p) => p,
            None => unreachable!("set above"),
        }
    }
}

fn split_expect(rest: &str) -> (&str, &str) {
    rest.split_once("=>").map_or((rest.trim(), ""), |(a, b)| (a.trim(), b.trim()))
}

fn run_line(case: &mut Case, line: &str) {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    let name = case.name.clone();
    match word {
        "settings" => case.settings = Some(rest.to_string()),
        "from" => {
            let p = Position::setup(GameKind::Cabale, Some(rest), case.settings.as_deref());
            case.position = Some(p.unwrap_or_else(|e| panic!("{name}: {e}")));
        }
        "bad-code" => {
            let (code, message) = split_expect(rest);
            match Position::setup(GameKind::Cabale, Some(code), case.settings.as_deref()) {
                Err(SetupError::BadCode(m)) => {
                    assert!(m.to_string().contains(message), "{name}: \"{m}\" lacks \"{message}\"")
                }
                other => panic!("{name}: expected a refused code, got {other:?}"),
            }
        }
        "play" => {
            for m in rest.split_whitespace() {
                if let Err(e) = case.position().play_text(m) {
                    panic!("{name}: {m}: {e}");
                }
            }
        }
        "legal" => {
            let p = case.position();
            if let Err(e) = p.parse_move(rest).and_then(|m| p.describe(&m)) {
                panic!("{name}: {rest}: {e}");
            }
        }
        "illegal" | "malformed" => {
            let (m, message) = split_expect(rest);
            let before = case.position().code();
            let result = case.position().play_text(m);
            match (word, result) {
                ("illegal", Err(MoveRejected::Illegal(e))) => {
                    let e = e.to_string();
                    assert!(e.contains(message), "{name}: {m}: \"{e}\" lacks \"{message}\"")
                }
                ("malformed", Err(MoveRejected::Malformed(e))) => {
                    let e = e.to_string();
                    assert!(e.contains(message), "{name}: {m}: \"{e}\" lacks \"{message}\"")
                }
                (_, other) => panic!("{name}: {m}: expected {word}, got {other:?}"),
            }
            assert_eq!(case.position().code(), before, "{name}: a refused move changed the position");
        }
        "paths" => {
            let n: usize = rest.parse().unwrap_or_else(|_| panic!("{name}: bad count {rest}"));
            assert_eq!(case.position().menu("", "", usize::MAX).choices.len(), n, "{name}: paths");
        }
        "turns" => {
            let n: usize = rest.parse().unwrap_or_else(|_| panic!("{name}: bad count {rest}"));
            assert_eq!(case.position().legal_moves().len(), n, "{name}: complete turns");
        }
        "code" => assert_eq!(case.position().code(), rest, "{name}: code"),
        "to-move" => {
            let p = case.position();
            assert_eq!(p.seats()[p.to_move().index()].letter, rest, "{name}: to-move");
        }
        "phase" => {
            let expected = if rest == "placement" { Phase::Placement } else { Phase::Play };
            assert_eq!(case.position().phase(), expected, "{name}: phase");
        }
        "scores" => {
            let expected: Vec<i32> = rest.split('-').map(|s| s.parse().unwrap_or(i32::MIN)).collect();
            assert_eq!(case.position().scores().as_deref(), Some(&expected[..]), "{name}: scores");
        }
        "outcome" => {
            let outcome = case.position().outcome();
            let (kind, detail) = rest.split_once(' ').unwrap_or((rest, ""));
            match (kind, outcome) {
                ("ongoing", None) => {}
                ("draw", Some(o)) => assert!(o.is_draw(), "{name}: {o:?}"),
                ("winners", Some(o)) => {
                    let p = case.position();
                    let letters: String = o.winners().iter().map(|s| p.seats()[s.index()].letter).collect();
                    assert_eq!(letters, detail, "{name}: winners");
                    assert!(p.legal_moves().is_empty(), "{name}: moves after the end");
                }
                ("reason", Some(o)) => assert_eq!(o.reason.to_string(), detail, "{name}: reason"),
                (_, other) => panic!("{name}: expected outcome {rest}, got {other:?}"),
            }
        }
        _ => panic!("{name}: unknown fixture line \"{line}\""),
    }
}

fn run_file(file: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cabale").join(file);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases = 0;
    for block in text.split("\n\n") {
        let lines: Vec<&str> = block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("//")).collect();
        let Some(first) = lines.first() else { continue };
        let name = first.strip_prefix("case ").unwrap_or_else(|| panic!("{file}: a case starts with `case`: {first}"));
        let mut case = Case { name: format!("{file}: {name}"), settings: None, position: None };
        for line in &lines[1..] {
            run_line(&mut case, line);
        }
        cases += 1;
    }
    cases
}

#[test]
fn rule_fixtures() {
    assert!(run_file("rules.txt") >= 10);
}

#[test]
fn move_count_fixtures() {
    assert!(run_file("counts.txt") >= 6);
}

#[test]
fn replayed_game_fixtures() {
    assert!(run_file("games.txt") >= 3);
}
