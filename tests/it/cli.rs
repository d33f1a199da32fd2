//! The engine's command line, as a user runs it (`docs/notation.md`, last section).

use crate::common;
use common::bin::{boardbot, stderr, stdout};

use serde_json::Value;

const START: &str = "WW3BB/WW1R1BB/2RRR2/1RRRRR1/2RRR2/BB1R1WW/BB3WW w 0-0 -";

#[test]
fn prints_the_code_then_a_diagram() {
    let o = boardbot(&["game", "kuba"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(START));
    assert_eq!(lines.next(), Some("7  W W . . . B B"));
    assert!(text.contains("   a b c d e f g"));
    assert!(text.contains("White to move"));
}

#[test]
fn plays_moves_in_order() {
    let o = boardbot(&["game", "kuba", "a7-S", "g7-W"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("1W2BB1/WW1R1BB/W1RRR2/1RRRRR1/2RRR2/BB1R1WW/BB3WW w 0-0 -\n"));
}

#[test]
fn json_report_of_an_ongoing_game() {
    let o = boardbot(&["game", "KUBA", "--json"]);
    assert!(o.status.success());
    let v: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["game"], "kuba");
    assert_eq!(v["position"], START);
    assert_eq!(v["to_move"], "w");
    assert_eq!(v["status"], "ongoing");
    assert_eq!(v["result"], Value::Null);
    assert_eq!(v["legal"][0], "a6-E");
    assert_eq!(v["legal"][1], "a7-E");
    assert_eq!(v["legal"].as_array().map(Vec::len), Some(8));
}

#[test]
fn json_report_of_a_finished_game() {
    let o = boardbot(&["game", "kuba", "--from", "R6/B6/7/7/7/7/6W b 0-6 -", "--json", "a6-N"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["status"], "finished");
    assert_eq!(v["to_move"], "b", "a capture keeps the mover");
    assert_eq!(v["result"]["winners"], serde_json::json!(["b"]));
    assert_eq!(v["result"]["scores"], serde_json::json!({"w": 0, "b": 7}));
    assert_eq!(v["legal"], serde_json::json!([]));
}

#[test]
fn an_illegal_move_exits_1_with_the_reason() {
    let o = boardbot(&["game", "kuba", "a6-E", "g7-S", "b7-W"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o).trim_end(), "move 3 \"b7-W\": illegal: it would push your own marble off the board");
    let o = boardbot(&["game", "kuba", "--from", "6B/7/7/7/7/7/3WRBW w 0-0 -", "d1-E"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).trim_end(), "move 1 \"d1-E\": illegal: it would push your own marble off the board");
}

#[test]
fn options_may_follow_the_moves() {
    let o = boardbot(&["game", "kuba", "a7-S", "--json", "g7-W"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["position"], "1W2BB1/WW1R1BB/W1RRR2/1RRRRR1/2RRR2/BB1R1WW/BB3WW w 0-0 -");
}

#[test]
fn a_malformed_move_exits_1() {
    let o = boardbot(&["game", "kuba", "d2-X"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).starts_with("move 1 \"d2-X\": malformed: "), "{}", stderr(&o));
}

#[test]
fn a_bad_code_exits_1() {
    let o = boardbot(&["game", "kuba", "--from", "7/7/7 w 0-0 -"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o).trim_end(), "bad position code: expected 7 rows separated by '/', found 3");
}

#[test]
fn unknown_games_and_settings_are_refused() {
    // The game is a value clap knows: a usage error (status 2) that lists the games.
    let o = boardbot(&["game", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("invalid value 'chess'"), "{}", stderr(&o));
    assert!(stderr(&o).contains("kuba, kewbz, cabale, nuba"), "{}", stderr(&o));
    let o = boardbot(&["game", "nuba", "--players", "3"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "Nuba has no rule options (\"players\" was given)\n");
    let o = boardbot(&["game", "kuba", "--players", "3"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "Kuba has no option \"players\" (its options: extra_push, repetition)\n");
}

#[test]
fn options_that_contradict_each_other_are_refused() {
    let eight = "8/8/8/8/8/8/8/8 b 32-32";
    let o = boardbot(&["game", "kewbz", "--from", eight, "--settings", r#"{"size":10}"#]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "the position code says size 8 but the rule options say 10\n");
    let two = boardbot(&["game", "cabale"]);
    let two = stdout(&two).lines().next().expect("a code").to_string();
    let o = boardbot(&["game", "cabale", "--players", "3", "--from", &two]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "the position code says players 2 but the rule options say 3\n");
    let o = boardbot(&["game", "cabale", "--players", "3", "--settings", r#"{"players":4}"#]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "--players 3 and --settings players 4 disagree: give one\n");
    for bad in ["[]", "null", "3"] {
        let o = boardbot(&["game", "kewbz", "--settings", bad]);
        assert_eq!(o.status.code(), Some(1), "{bad}");
        assert!(stderr(&o).starts_with("the rule options must be a JSON object"), "{bad}: {}", stderr(&o));
    }
    let o = boardbot(&["game", "cabale", "--players", "7"]);
    assert_eq!(stderr(&o), "Cabale option \"players\": Cabale is for 2 to 4 players, not 7\n");
    let o = boardbot(&["game", "kewbz", "--settings", r#"{"size":100000}"#]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!stderr(&o).contains("u8") && !stderr(&o).contains("line 1"), "{}", stderr(&o));
}

#[test]
fn errors_quote_a_short_escaped_excerpt() {
    let long = format!("a6-{}", "E".repeat(130_000));
    let o = boardbot(&["game", "kuba", &long]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stderr.len() < 400, "{} bytes on stderr", o.stderr.len());
    let o = boardbot(&["game", "kuba", "a6-E\u{1b}[31mRED"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!o.stderr.contains(&0x1b), "{}", stderr(&o));
    assert!(stderr(&o).contains("\\u{1b}"), "{}", stderr(&o));
    let o = boardbot(&["game", "kuba", "zz"]);
    assert_eq!(
        stderr(&o),
        "move 1 \"zz\": malformed: \"zz\" is not a square of the 7×7 board (files a–g, ranks 1–7)\n"
    );
}

#[test]
fn a_failed_write_says_so() {
    let Ok(full) = std::fs::File::create("/dev/full") else { return };
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["game", "kuba"])
        .stdout(full)
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("cannot write the output:"), "{}", stderr(&o));
}
