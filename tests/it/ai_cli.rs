//! `boardbot ai` and `boardbot arena` from the outside.

use crate::common;
use common::bin::{boardbot, stderr, stdout};

use serde_json::Value;

const SEVENTH_RED: &str = "WW3BB/WW3BB/7/2R1R2/7/BB5/BB3WR w 6-0 -";

#[test]
fn prints_the_move_in_canonical_notation() {
    let o = boardbot(&["ai", "kuba", "--from", SEVENTH_RED, "--level", "greedy"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "f1-E\n");
}

#[test]
fn json_has_the_move_the_cost_and_the_candidates() {
    let o = boardbot(&["ai", "kuba", "--playouts", "200", "--seed", "4", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert!(v["move"].is_string());
    assert_eq!(v["playouts"], 200);
    assert!(v["ms"].is_u64());
    let candidates = v["candidates"].as_array().expect("candidates");
    assert!(!candidates.is_empty() && candidates.len() <= 5);
    assert_eq!(candidates[0]["move"], v["move"]);
    assert!(candidates[0]["visits"].as_u64().is_some_and(|n| n > 0));
    let again = boardbot(&["ai", "kuba", "--playouts", "200", "--seed", "4", "--json"]);
    let w: Value = serde_json::from_str(&stdout(&again)).expect("one JSON object");
    assert_eq!(v["move"], w["move"], "same seed, same move");
}

#[test]
fn moves_are_played_before_choosing() {
    let o = boardbot(&["ai", "nuba", "x@c2", "1@a5", "--level", "easy", "--playouts", "5"]);
    assert_eq!(o.status.code(), Some(2), "--level and --playouts exclude each other");
    let o = boardbot(&["ai", "nuba", "x@c2", "1@a5", "--level", "easy"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).trim().contains('@'), "a placement: {}", stdout(&o));
}

#[test]
fn refusals_exit_1_with_a_reason() {
    let cases: [(&[&str], &str); 6] = [
        (&["ai", "kuba", "--from", SEVENTH_RED, "f1-E"], "game is over"),
        (&["ai", "kuba", "--level", "grandmaster"], "unknown player"),
        (&["ai", "kuba", "--playouts", "0"], "bad budget"),
        (&["ai", "kuba", "--ms", "-20"], "bad budget"),
        (&["ai", "kuba", "z9-N"], "move 1"),
        (&["arena", "kuba", "--a", "greedy", "--b", "ms:0"], "bad budget"),
    ];
    for (args, reason) in cases {
        let o = boardbot(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(reason), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn arena_counts_every_game_for_both_sides() {
    let o = boardbot(&["arena", "kuba", "--a", "greedy", "--b", "random", "--games", "4", "--json", "--threads", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["games"], 4);
    let sum = ["a_wins", "draws", "a_losses"].iter().map(|k| v[k].as_u64().unwrap_or(99)).sum::<u64>();
    assert_eq!(sum, 4);
    assert_eq!(v["b_wins"], v["a_losses"]);
    assert!(v["elo_95"].as_array().is_some_and(|a| a.len() == 2));
    let text = boardbot(&["arena", "nuba", "--a", "random", "--b", "greedy", "--games", "2"]);
    assert!(text.status.success(), "{}", stderr(&text));
    assert!(stdout(&text).contains("Elo difference"), "{}", stdout(&text));
}

#[test]
fn arena_rotates_seats_in_cabale_with_three_players() {
    let o =
        boardbot(&["arena", "cabale", "--players", "3", "--a", "greedy", "--b", "random", "--games", "3", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["games"], 3);
}

#[test]
fn arena_text_counts_in_words() {
    let o = boardbot(&["arena", "kuba", "--a", "greedy", "--b", "random", "--games", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("A greedy: 1 win, 0 draws, 0 losses\n"), "{text}");
    assert!(text.contains("B random: 0 wins, 0 draws, 1 loss\n"), "{text}");
    assert!(text.contains("over 1 game ("), "{text}");
    assert!(!text.contains("-0 "), "{text}");
}

/// White is far ahead with one marble and two moves; after a1-N g7-S a2-S g6-N,
/// a1-N would bring back a position of the game.
const SHUFFLE: &str = "6B/7/2RRR2/2RRR2/2RR3/7/W6 w 5-0 -";

#[test]
fn the_moves_given_are_the_history_the_computer_avoids() {
    for seed in ["1", "2", "3", "4"] {
        let o = boardbot(&[
            "ai", "kuba", "--from", SHUFFLE, "a1-N", "g7-S", "a2-S", "g6-N", "--level", "greedy", "--seed", seed,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), "a1-E\n", "seed {seed}");
    }
    // The same position without its history: both moves look alike to greedy.
    let blind: Vec<String> = ["1", "2", "3", "4"]
        .iter()
        .map(|seed| stdout(&boardbot(&["ai", "kuba", "--from", SHUFFLE, "--level", "greedy", "--seed", seed])))
        .collect();
    assert!(blind.iter().any(|m| m == "a1-N\n"), "{blind:?}");
}

/// A file of openings in a fresh folder.
fn openings(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardbot-openings-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("won.txt");
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn arena_plays_one_game_from_each_opening_with_a_in_its_seat() {
    // White takes the seventh red at once; then Black, ahead by a red and its
    // move, takes the seventh too (greedy finds a win in one).
    let path = openings(
        "two",
        &format!("# seat, then code\nw {SEVENTH_RED}\n\nb WW3BB/WW3BB/7/2R1R2/7/WB5/RB3WW b 0-6 - # Black's turn\n"),
    );
    let file = path.to_str().expect("utf-8");
    let o = boardbot(&["arena", "kuba", "--a", "greedy", "--b", "random", "--openings", file, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!((v["games"].as_u64(), v["a_wins"].as_u64()), (Some(2), Some(2)), "{v}");
    assert_eq!(v["mean_plies"].as_f64(), Some(1.0));
    let o =
        boardbot(&["arena", "kuba", "--a", "random", "--b", "greedy", "--openings", file, "--games", "4", "--json"]);
    let v: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["games"].as_u64(), Some(4), "--games cycles through the openings");
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

#[test]
fn arena_refuses_bad_openings_with_the_line() {
    let cases = [
        ("seat", format!("x {SEVENTH_RED}\n"), "line 1: no seat \"x\""),
        ("code", "w WW3BB\n".to_string(), "line 1:"),
        ("alone", "# nothing\nw\n".to_string(), "line 2: a seat letter, then a position code"),
        ("empty", "# nothing\n".to_string(), "no opening"),
        ("over", "w 7/7/7/W6/7/7/B6 w 7-0 -\n".to_string(), "the game is over"),
    ];
    for (name, text, reason) in cases {
        let path = openings(name, &text);
        let o =
            boardbot(&["arena", "kuba", "--a", "greedy", "--b", "random", "--openings", path.to_str().expect("utf-8")]);
        assert_eq!(o.status.code(), Some(1), "{name}");
        assert!(stderr(&o).contains(reason), "{name}: {}", stderr(&o));
        let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
    }
    let o = boardbot(&["arena", "kuba", "--a", "greedy", "--b", "random", "--openings", "/nonexistent/won.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read the openings"), "{}", stderr(&o));
}
