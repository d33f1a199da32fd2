//! Nuba rules driven by the fixture files in `tests/fixtures/nuba/`.
//!
//! Each file is a script, one directive per line (`#` starts a comment):
//!
//! - `start` / `from <code>`: the position to work on;
//! - `play <move> …`: plays the moves in order (lenient forms allowed);
//! - `code <code>`, `phase placement|play`, `to-move g|r`, `musician <piece>|-`,
//!   `result ongoing|g|r|draw`: expectations about the current position;
//! - `legal <move> …` (nothing after it: no legal move), `count <n>`: the legal
//!   moves, exactly and in canonical order, or how many;
//! - `refuse <move> => <message>`: the move is refused with exactly this message;
//! - `label <move> => <label>`: the move's label for people;
//! - `bad-code <code> => <message>`: the code is refused with exactly this message.

use std::fs;
use std::path::Path;

use boardbot::games::nuba::{Nuba, NubaSettings};
use boardbot::games::{Game, Phase};

fn run_script(name: &str, text: &str) -> usize {
    let settings = NubaSettings::default();
    let mut position = Nuba::start(&settings);
    let mut checks = 0;
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = format!("{name}:{}", number + 1);
        let (directive, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let split = |rest: &str| -> (String, String) {
            match rest.split_once("=>") {
                Some((a, b)) => (a.trim().to_string(), b.trim().to_string()),
                None => panic!("{at}: expected '<input> => <expected>'"),
            }
        };
        match directive {
            "start" => position = Nuba::start(&settings),
            "from" => {
                position = Nuba::from_code(rest, &settings).unwrap_or_else(|e| panic!("{at}: bad code: {e}"));
                assert_eq!(position.to_string(), rest, "{at}: the code does not round-trip");
            }
            "play" => {
                for m in rest.split_whitespace() {
                    if let Err(e) = position.play_text(m) {
                        panic!("{at}: {m} refused in {position}: {e}");
                    }
                }
            }
            "code" => assert_eq!(position.to_string(), rest, "{at}"),
            "phase" => {
                let phase = match position.phase() {
                    Phase::Placement => "placement",
                    Phase::Play => "play",
                };
                assert_eq!(phase, rest, "{at}");
            }
            "to-move" => assert_eq!(position.seats()[position.to_move().index()].letter, rest, "{at}"),
            "musician" => {
                let musician = position.musician().map_or("-".to_string(), |p| p.to_string());
                assert_eq!(musician, rest, "{at}");
            }
            "result" => {
                let result = match position.outcome() {
                    None => "ongoing".to_string(),
                    Some(o) if o.is_draw() => "draw".to_string(),
                    Some(o) => {
                        let winners: Vec<&str> =
                            o.winners().iter().map(|s| position.seats()[s.index()].letter).collect();
                        winners.join(",")
                    }
                };
                assert_eq!(result, rest, "{at}");
            }
            "legal" => {
                let mut moves = Vec::new();
                position.legal_moves(&mut moves);
                let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
                let expected: Vec<&str> = rest.split_whitespace().collect();
                assert_eq!(moves, expected, "{at}");
            }
            "count" => {
                let mut moves = Vec::new();
                position.legal_moves(&mut moves);
                assert_eq!(moves.len().to_string(), rest, "{at}");
            }
            "refuse" => {
                let (m, message) = split(rest);
                match position.parse_move(&m) {
                    Ok(legal) => panic!("{at}: {m} accepted as {legal}"),
                    Err(e) => assert_eq!(e.to_string(), message, "{at}"),
                }
            }
            "label" => {
                let (m, label) = split(rest);
                let legal = position.parse_move(&m).unwrap_or_else(|e| panic!("{at}: {m}: {e}"));
                assert_eq!(position.describe(&legal), label, "{at}");
            }
            "bad-code" => {
                let (code, message) = split(rest);
                match Nuba::from_code(&code, &settings) {
                    Ok(p) => panic!("{at}: accepted as {p}"),
                    Err(e) => assert_eq!(e.to_string(), message, "{at}"),
                }
            }
            other => panic!("{at}: unknown directive {other}"),
        }
        checks += 1;
    }
    checks
}

#[test]
fn fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/nuba");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "fixture files missing in {}", dir.display());
    for path in files {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let checks = run_script(&name, &text);
        assert!(checks > 3, "{name} checks almost nothing");
    }
}

/// `boardbot game nuba …` through the registry, as a user would call it.
fn cli(args: &[&str]) -> (Result<(), u8>, String, String) {
    use clap::Parser;
    let mut argv = vec!["boardbot", "game", "nuba"];
    argv.extend_from_slice(args);
    let cli = boardbot::cli::Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{e}"));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = boardbot::cli::run(cli, &mut out, &mut err);
    (status, String::from_utf8_lossy(&out).into_owned(), String::from_utf8_lossy(&err).into_owned())
}

#[test]
fn command_line_plays_moves() {
    let (status, out, err) = cli(&["X@c2", "1@a5"]);
    assert_eq!(status, Ok(()));
    assert_eq!(err, "");
    assert_eq!(out.lines().next(), Some("...../R1..../...../...../..GX../..... g g:123456789 r:23456789X -"));
}

#[test]
fn command_line_json() {
    let (status, out, _) = cli(&["--json", "x@C2", "1@a5"]);
    assert_eq!(status, Ok(()));
    let value: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(value["game"], "nuba");
    assert_eq!(value["to_move"], "g");
    assert_eq!(value["status"], "ongoing");
    assert_eq!(value["result"], serde_json::Value::Null);
    assert_eq!(value["legal"].as_array().map(Vec::len), Some(81));
    let code = "R1R2R3R4GX/..R7R8./.R6.../R9..../G6G7G8G9./G1G2G3G4G5 r g:- r:- -";
    let (status, out, _) = cli(&["--json", "--from", code]);
    assert_eq!(status, Ok(()));
    let value: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(value["status"], "finished");
    assert_eq!(value["result"], serde_json::json!({ "winners": ["g"], "scores": {} }));
    assert_eq!(value["legal"], serde_json::json!([]));
}

#[test]
fn command_line_refuses_bad_moves_and_codes() {
    let (status, out, err) = cli(&["X@c2", "1@c2"]);
    assert_eq!(status, Err(1));
    assert_eq!(out, "");
    assert_eq!(err, "move 2 \"1@c2\": illegal: c2 is not on your home rows: red places on rows 5–6\n");
    let (status, out, err) = cli(&["X@c2", "X@c9"]);
    assert_eq!(status, Err(1));
    assert_eq!(out, "");
    assert_eq!(err, "move 2 \"X@c9\": malformed: \"c9\" is not a square of the 5×6 board (files a–e, ranks 1–6)\n");
    let (status, out, err) = cli(&["--from", "...../...../...../...../...../..... g g:- r:-"]);
    assert_eq!(status, Err(1));
    assert_eq!(out, "");
    assert_eq!(err, "bad position code: expected 5 fields (board, to-move, green hand, red hand, musician), found 4\n");
}
