//! `boardbot render` as a user runs it.

use crate::common;
use common::bin::boardbot;

/// A temporary file of this process for one test: tests run in parallel, so no
/// two tests may share a name.
fn out_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("boardbot-render-cli-{}-{name}.png", std::process::id()))
}

#[test]
fn writes_a_png_of_the_requested_width() {
    let path = out_file("requested-width");
    let p = path.to_str().expect("a UTF-8 temp path");
    let o = boardbot(&["render", "kuba", "g2-W", "a2-E", "--flip", "--size", "300", "--names", "Ada,Grace", "-o", p]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let img = image::open(&path).expect("a PNG was written").to_rgb8();
    assert_eq!(img.width(), 300);
    assert!(img.height() > 300);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn every_game_renders_from_the_command_line() {
    for (game, moves) in [("kuba", "g2-W"), ("kewbz", "d4"), ("cabale", "@A3"), ("nuba", "X@c2")] {
        let path = out_file(&format!("every-game-{game}"));
        let p = path.to_str().expect("a UTF-8 temp path");
        let o = boardbot(&["render", game, moves, "-o", p, "--size", "200"]);
        assert!(o.status.success(), "{game}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(std::fs::metadata(&path).map(|m| m.len() > 1000).unwrap_or(false), "{game}");
        let _ = std::fs::remove_file(&path);
    }
}

#[test]
fn refusals_exit_1_and_say_why() {
    let path = out_file("refused");
    let p = path.to_str().expect("a UTF-8 temp path");
    let o = boardbot(&["render", "kuba", "g2-W", "b7-W", "-o", p]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("move 2 \"b7-W\""));
    assert!(!path.exists());
    let o = boardbot(&["render", "kuba", "--size", "20", "-o", p]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "picture width 20 px is not supported: use 160 to 4096\n");
    let o = boardbot(&["render", "chess", "-o", p]);
    assert_eq!(o.status.code(), Some(2));
    let o = boardbot(&["render", "kuba", "--names", "A,B,C", "-o", p]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "3 names for 2 seats: give at most one name per seat\n");
    let o = boardbot(&["render", "kuba", "--from", "not a code", "-o", p]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!path.exists());
}
