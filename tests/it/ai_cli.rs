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
