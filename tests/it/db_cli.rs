//! `boardbot db check | backup | export`, run as a user runs them.

use crate::common;
use std::path::Path;

use boardbot::games::GameKind;
use boardbot::store::{GameId, Store};
use common::bin::{boardbot, stderr, stdout};
use common::store::{next_move, players, start, Rng, TempDir};

/// A database with three Kuba games of a few moves each; returns their ids.
fn fill(path: &Path) -> Vec<GameId> {
    let store = Store::open(path).expect("open");
    let p = players(&store, 2);
    let mut rng = Rng(99);
    (0..3)
        .map(|_| {
            let game = start(&store, GameKind::Kuba, &p, true);
            for _ in 0..6 {
                let (ply, text) = next_move(&store, game, &mut rng).expect("move");
                store.play_move(game, ply, &text, 1_795_467_519_000).expect("stored");
            }
            game
        })
        .collect()
}

fn tamper(path: &Path, sql: &str) {
    let conn = rusqlite::Connection::open(path).expect("open for tampering");
    conn.execute_batch(sql).expect("tamper");
}

#[test]
fn check_creates_a_missing_database_and_finds_nothing_wrong() {
    let dir = TempDir::new("cli-new");
    let db = dir.join("new.sqlite");
    let out = boardbot(&["db", "check", "--db", db.to_str().expect("path")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "0 games checked, 0 with problems\n");
    assert!(db.exists());
}

#[test]
fn check_catches_a_tampered_position_and_a_tampered_move_list() {
    let dir = TempDir::new("cli-check");
    let db = dir.join("games.sqlite");
    let games = fill(&db);
    let db_arg = db.to_str().expect("path");
    let out = boardbot(&["db", "check", "--db", db_arg]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert_eq!(stdout(&out), "3 games checked, 0 with problems\n");

    let public = Store::open(&db).expect("open").load_game(games[1]).expect("load").public_id;
    tamper(&db, &format!("UPDATE games SET position_code = 'x' || position_code WHERE id = {}", games[1].0));
    let out = boardbot(&["db", "--db", db_arg, "check"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.starts_with(&format!("{public}: cached position x")), "{text}");
    assert!(text.ends_with("3 games checked, 1 with problems\n"), "{text}");
    tamper(&db, &format!("UPDATE games SET position_code = substr(position_code, 2) WHERE id = {}", games[1].0));
    assert!(boardbot(&["db", "check", "--db", db_arg]).status.success());

    // Two moves swapped: the list no longer replays to the cached position.
    tamper(
        &db,
        &format!(
            "UPDATE moves SET ply = 1000 WHERE game_id = {0} AND ply = 1;
             UPDATE moves SET ply = 1 WHERE game_id = {0} AND ply = 3;
             UPDATE moves SET ply = 3 WHERE game_id = {0} AND ply = 1000;",
            games[2].0
        ),
    );
    let out = boardbot(&["db", "check", "--db", db_arg]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let public = Store::open(&db).expect("open").load_game(games[2]).expect("load").public_id;
    assert!(stdout(&out).starts_with(&format!("{public}: ")), "{}", stdout(&out));

    // A move removed from the middle.
    tamper(&db, &format!("DELETE FROM moves WHERE game_id = {} AND ply = 2", games[0].0));
    let out = boardbot(&["db", "check", "--db", db_arg]);
    assert!(stdout(&out).ends_with("3 games checked, 2 with problems\n"), "{}", stdout(&out));
}

#[test]
fn export_prints_a_record_that_the_game_command_replays() {
    let dir = TempDir::new("cli-export");
    let db = dir.join("games.sqlite");
    let games = fill(&db);
    let record = Store::open(&db).expect("open").load_game(games[0]).expect("load");
    let id = record.public_id.as_str().to_lowercase();
    let out = boardbot(&["db", "export", &id, "--db", db.to_str().expect("path")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let tag = |k: &str| {
        text.lines().find_map(|l| l.strip_prefix(&format!("{k}: "))).unwrap_or_else(|| panic!("{k} in {text}"))
    };
    assert_eq!(tag("Game"), record.public_id.as_str());
    assert_eq!(tag("Kind"), "kuba");
    assert_eq!(tag("Seat 1"), "p0");
    assert_eq!(tag("Created"), "1970-01-01 00:00 UTC");
    assert_eq!(tag("Result"), "ongoing");
    let moves: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(". ").filter(|(n, _)| n.parse::<u32>().is_ok()).map(|(_, m)| m))
        .collect();
    assert_eq!(moves.len(), 6);
    let mut args = vec!["game", "kuba", "--settings", tag("Settings")];
    args.extend(&moves);
    let replay = boardbot(&args);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert_eq!(stdout(&replay).lines().next(), Some(tag("Final")));

    let out = boardbot(&["db", "export", "ZZZZZZ", "--db", db.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("no game ZZZZZZ"), "{}", stderr(&out));
}

#[test]
fn backup_copies_a_consistent_database_and_the_config_names_the_file() {
    let dir = TempDir::new("cli-backup");
    let db = dir.join("live.sqlite");
    fill(&db);
    let config = dir.join("boardbot.toml");
    std::fs::write(&config, format!("[storage]\ndatabase = {:?}\n", db.to_str().expect("path"))).expect("config");
    let copy = dir.join("copy.sqlite");
    let out = boardbot(&["db", "backup", copy.to_str().expect("path"), "--config", config.to_str().expect("path")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = boardbot(&["db", "check", "--db", copy.to_str().expect("path")]);
    assert_eq!(stdout(&out), "3 games checked, 0 with problems\n");
    assert!(!dir.join("copy.sqlite.partial").exists());
    let out = boardbot(&["db", "backup", db.to_str().expect("path"), "--db", db.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot replace the database it copies"), "{}", stderr(&out));
    assert!(boardbot(&["db", "check", "--db", db.to_str().expect("path")]).status.success());
}

#[test]
fn file_problems_are_named_and_the_file_is_left_alone() {
    let dir = TempDir::new("cli-files");
    let junk = dir.join("junk.sqlite");
    let bytes = b"this is not a database, just some text that is long enough to have a header".repeat(20);
    std::fs::write(&junk, &bytes).expect("junk");
    let out = boardbot(&["db", "check", "--db", junk.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("is not a boardbot database"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&junk).expect("read"), bytes);

    let newer = dir.join("newer.sqlite");
    fill(&newer);
    tamper(&newer, "PRAGMA user_version = 99");
    let before = std::fs::read(&newer).expect("read");
    let out = boardbot(&["db", "check", "--db", newer.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains(&format!("schema version 99; this build knows up to {}", boardbot::store::SCHEMA_VERSION)),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&newer).expect("read"), before);

    let config = dir.join("bad.toml");
    std::fs::write(&config, "[storage]\ndatabse = 1\n").expect("config");
    let out = boardbot(&["db", "check", "--config", config.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("databse"), "{}", stderr(&out));
}
