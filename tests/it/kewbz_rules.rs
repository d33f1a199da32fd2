//! Kewbz rules driven by the fixture files in `tests/fixtures/kewbz/` (their format is
//! in the README there), through the registry as the rest of the program reaches the
//! game, and the engine's command line.

use std::fs;
use std::path::{Path, PathBuf};

use boardbot::cli::{run, Cli};
use boardbot::games::{GameKind, Position};
use clap::Parser;

struct Scenario {
    name: String,
    settings: Option<String>,
    position: Position,
}

impl Scenario {
    fn new(name: &str) -> Scenario {
        Scenario { name: name.to_string(), settings: None, position: start(None) }
    }
}

fn start(settings: Option<&str>) -> Position {
    Position::setup(GameKind::Kewbz, None, settings).unwrap_or_else(|e| panic!("settings {settings:?}: {e}"))
}

fn legal(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

fn split_arrow<'a>(rest: &'a str, at: &str) -> (&'a str, &'a str) {
    rest.split_once(" => ").map(|(a, b)| (a.trim(), b.trim())).unwrap_or_else(|| panic!("{at}: expected ' => '"))
}

/// Runs one fixture file; returns how many scenarios and checks it held.
fn run_file(path: &Path) -> (usize, usize) {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut scenario: Option<Scenario> = None;
    let (mut scenarios, mut checks) = (0, 0);
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let at = format!("{}:{}", path.display(), n + 1);
        if word == "scenario" {
            scenario = Some(Scenario::new(rest));
            scenarios += 1;
            continue;
        }
        let s = scenario.as_mut().unwrap_or_else(|| panic!("{at}: directive before any scenario"));
        let at = format!("{at} ({})", s.name);
        let p = &mut s.position;
        checks += 1;
        match word {
            "settings" => {
                s.settings = Some(rest.to_string());
                s.position = start(Some(rest));
            }
            "from" => {
                s.position = Position::setup(GameKind::Kewbz, Some(rest), s.settings.as_deref())
                    .unwrap_or_else(|e| panic!("{at}: {rest}: {e}"));
            }
            "play" => {
                let (text, canonical) = match rest.split_once(" => ") {
                    Some((t, c)) => (t.trim(), Some(c.trim())),
                    None => (rest.trim(), None),
                };
                let played = p.play_text(text).unwrap_or_else(|e| panic!("{at}: {text} in {}: {e}", p.code()));
                if let Some(canonical) = canonical {
                    assert_eq!(played.text, canonical, "{at}");
                }
            }
            "describe" => {
                let (text, label) = split_arrow(rest, &at);
                let got =
                    p.parse_move(text).and_then(|m| p.describe(&m)).unwrap_or_else(|e| panic!("{at}: {text}: {e}"));
                assert_eq!(got, label, "{at}");
            }
            "code" => assert_eq!(p.code(), rest, "{at}"),
            "legal" => {
                let expected: Vec<&str> = if rest == "-" { Vec::new() } else { rest.split(' ').collect() };
                assert_eq!(legal(p), expected, "{at}");
            }
            "legal-count" => assert_eq!(p.legal_moves().len().to_string(), rest, "{at}"),
            "illegal" => {
                let (text, message) = split_arrow(line.strip_prefix("illegal").unwrap_or(""), &at);
                let before = p.code();
                let err = p.play_text(text).map(|m| panic!("{at}: {text} was accepted as {}", m.text)).unwrap_err();
                assert_eq!(err.to_string(), message, "{at}");
                assert_eq!(p.code(), before, "{at}: a refused move changed the position");
            }
            "bad-code" => {
                let (code, message) = split_arrow(rest, &at);
                let err = Position::setup(GameKind::Kewbz, Some(code), s.settings.as_deref()).map(|_| ()).unwrap_err();
                assert_eq!(err.to_string(), message, "{at}");
            }
            "scores" => {
                let expected: Vec<i32> = rest.split(' ').map(|t| t.parse().unwrap()).collect();
                assert_eq!(p.scores().as_deref(), Some(&expected[..]), "{at}");
            }
            "result" => {
                let outcome = p.outcome();
                match rest {
                    "ongoing" => assert!(outcome.is_none(), "{at}: {outcome:?}"),
                    "draw" => assert!(outcome.is_some_and(|o| o.is_draw()), "{at}"),
                    winner => {
                        let o = outcome.unwrap_or_else(|| panic!("{at}: the game is not over"));
                        let winners: Vec<&str> = o.winners().iter().map(|s| p.seats()[s.index()].letter).collect();
                        assert_eq!(winners, [winner], "{at}");
                        assert!(p.legal_moves().is_empty(), "{at}: moves after the end");
                    }
                }
            }
            other => panic!("{at}: unknown directive {other:?}"),
        }
    }
    (scenarios, checks)
}

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kewbz");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn fixture_files() {
    let files = fixtures();
    assert!(files.len() >= 4, "{files:?}");
    for file in files {
        let (scenarios, checks) = run_file(&file);
        assert!(scenarios > 0 && checks > 0, "{}: nothing checked", file.display());
    }
}

#[test]
fn the_rule_sheet_scenario_covers_its_seventeen_steps() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kewbz/rule_sheet.txt");
    let text = fs::read_to_string(&path).unwrap();
    for step in 1..=17 {
        assert!(text.lines().any(|l| l.starts_with(&format!("# {step}. "))), "step {step} is missing");
    }
    let (_, checks) = run_file(&path);
    assert!(checks >= 30);
}

/// Runs the command line; returns (status, stdout, stderr).
fn cli(args: &[&str]) -> (Result<(), u8>, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("boardbot").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run(cli, &mut out, &mut err);
    (status, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

#[test]
fn the_command_line_plays_kewbz() {
    let (status, out, err) = cli(&["game", "kewbz", "d4", "e5"]);
    assert_eq!(status, Ok(()));
    assert!(err.is_empty());
    assert!(out.starts_with("8/8/8/4y3/3b4/8/8/8 b 31-31\n"), "{out}");
    assert!(out.contains(" 5  .  .  .  .  y"), "{out}");

    let (status, out, _) = cli(&["game", "kewbz", "--json", "d4", "e4", "d5"]);
    assert_eq!(status, Ok(()));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["game"], "kewbz");
    assert_eq!(json["position"], "8/8/8/3b4/3(bb)y3/8/8/8 y 29-31");
    assert_eq!(json["to_move"], "y");
    assert_eq!(json["status"], "ongoing");
    assert_eq!(json["result"], serde_json::Value::Null);
    assert_eq!(json["legal"].as_array().unwrap().len(), 11);

    let (status, out, err) = cli(&["game", "kewbz", "d4", "e4", "h8"]);
    assert_eq!(status, Err(1));
    assert!(out.is_empty());
    assert_eq!(
        err,
        "move 3 \"h8\": illegal: h8 touches no cube: place next to a cube on the board (diagonals count)\n"
    );

    let (status, _, err) = cli(&["game", "kewbz", "d4", "x"]);
    assert_eq!(status, Err(1));
    assert_eq!(err, "move 2 \"x\": malformed: \"x\" is not a square: write a file letter and a rank, like d4\n");

    let (status, out, _) = cli(&["game", "kewbz", "--settings", r#"{"size":10}"#, "j10"]);
    assert_eq!(status, Ok(()));
    assert!(out.starts_with("9b/91/91/91/91/91/91/91/91/91 y 31-32\n"), "{out}");

    let (status, _, err) = cli(&["game", "kewbz", "--settings", r#"{"size":99}"#]);
    assert_eq!(status, Err(1));
    assert!(err.starts_with("Kewbz option \"size\": board size 99 is not supported"), "{err}");

    let (status, out, _) = cli(&["game", "kewbz", "--json", "--from", "8/8/8/8/3by3/8/8/8 b 1-31", "c4"]);
    assert_eq!(status, Ok(()));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["status"], "finished");
    assert_eq!(json["result"], serde_json::json!({"winners": ["b"], "scores": {"b": 0, "y": -31}}));
    assert_eq!(json["legal"], serde_json::json!([]));

    let (status, out, err) = cli(&["game", "kewbz", "--from", "8/8/8/8/8/8/8/9 b 1-1"]);
    assert_eq!(status, Err(1));
    assert!(out.is_empty());
    assert_eq!(err, "bad position code: rank 1 describes 9 squares, but the board is 8 squares wide\n");
}

#[test]
fn the_binary_exits_1_on_a_bad_move() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["game", "kewbz", "d4", "e4", "d5", "e5"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "move 4 \"e5\": illegal: e5 would complete a 2×2 square of cubes (d4 to e5)\n"
    );
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_boardbot")).args(["game", "kewbz", "d4"]).output().unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("8/8/8/8/3b4/8/8/8 y 31-32\n"));
}
