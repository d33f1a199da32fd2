//! `boardbot db check | backup | export | copy`, run as a user runs them, on an SQLite
//! file and on a PostgreSQL database.

use crate::common;
use std::path::Path;

use boardbot::games::GameKind;
use boardbot::store::test_support::DirectWrites;
use boardbot::store::{GameId, Store};
use common::bin::{boardbot, stderr, stdout};
use common::store::{both_backends, next_move, players, start, Rng, TempDir, TestDb};

/// A database with three Kuba games of a few moves each; returns their ids.
fn fill(path: &Path) -> Vec<GameId> {
    fill_store(&Store::open(path).expect("open"))
}

fn fill_store(store: &Store) -> Vec<GameId> {
    let p = players(store, 2);
    let mut rng = Rng(99);
    (0..3)
        .map(|_| {
            let game = start(store, GameKind::Kuba, &p, true);
            for _ in 0..6 {
                let (ply, text) = next_move(store, game, &mut rng).expect("move");
                store.play_move(game, ply, &text, 1_795_467_519_000).expect("stored");
            }
            game
        })
        .collect()
}

/// Runs each statement of `sql` (separated by `;`) on `db`.
fn tamper_db(db: &TestDb, sql: &str) {
    let store = db.open();
    for statement in sql.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let statement = statement.to_string();
        store.write(move |tx| tx.run_sql(&statement)).expect("tamper");
    }
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

both_backends! {
    fn check_catches_a_tampered_position_and_a_tampered_move_list(db) {
        let games = fill_store(&db.open());
        let arg = db.arg();
        let db_arg = arg.as_str();
        let out = boardbot(&["db", "check", "--db", db_arg]);
        assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
        assert_eq!(stdout(&out), "3 games checked, 0 with problems\n");

        let public = db.open().load_game(games[1]).expect("load").public_id;
        tamper_db(db, &format!("UPDATE games SET position_code = 'x' || position_code WHERE id = {}", games[1].0));
        let out = boardbot(&["db", "--db", db_arg, "check"]);
        assert_eq!(out.status.code(), Some(1));
        let text = stdout(&out);
        assert!(text.starts_with(&format!("{public}: cached position x")), "{text}");
        assert!(text.ends_with("3 games checked, 1 with problems\n"), "{text}");
        tamper_db(db, &format!("UPDATE games SET position_code = substr(position_code, 2) WHERE id = {}", games[1].0));
        assert!(boardbot(&["db", "check", "--db", db_arg]).status.success());

        // Two moves swapped: the list no longer replays to the cached position.
        tamper_db(
            db,
            &format!(
                "UPDATE moves SET ply = 1000 WHERE game_id = {0} AND ply = 1;
                 UPDATE moves SET ply = 1 WHERE game_id = {0} AND ply = 3;
                 UPDATE moves SET ply = 3 WHERE game_id = {0} AND ply = 1000;",
                games[2].0
            ),
        );
        let out = boardbot(&["db", "check", "--db", db_arg]);
        assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
        let public = db.open().load_game(games[2]).expect("load").public_id;
        assert!(stdout(&out).starts_with(&format!("{public}: ")), "{}", stdout(&out));

        // A move removed from the middle.
        tamper_db(db, &format!("DELETE FROM moves WHERE game_id = {} AND ply = 2", games[0].0));
        let out = boardbot(&["db", "check", "--db", db_arg]);
        assert!(stdout(&out).ends_with("3 games checked, 2 with problems\n"), "{}", stdout(&out));
    }
}

both_backends! {
    fn export_prints_a_record_that_the_game_command_replays(db) {
        let games = fill_store(&db.open());
        let record = db.open().load_game(games[0]).expect("load");
        let id = record.public_id.as_str().to_lowercase();
        let out = boardbot(&["db", "export", &id, "--db", &db.arg()]);
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

        let out = boardbot(&["db", "export", "ZZZZZZ", "--db", &db.arg()]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).starts_with("no game ZZZZZZ"), "{}", stderr(&out));
    }
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

#[test]
fn a_postgres_database_is_backed_up_with_pg_dump_and_the_url_never_shows_its_password() {
    let Some(db) = TestDb::postgres("cli-pg-backup") else { return };
    let url = db.arg();
    let out = boardbot(&["db", "backup", "x.sqlite", "--db", &url]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("back it up with pg_dump"), "{}", stderr(&out));
    // The URL from the environment or the configuration, a password in it.
    let secret = url.replacen("postgres://postgres@", "postgres://postgres:pw-xyzzy@", 1);
    let out = common::bin::boardbot_env(&["db", "check"], &[("BOARDBOT_DATABASE_URL", secret.as_str())]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "0 games checked, 0 with problems\n");
    let dir = TempDir::new("cli-pg-config");
    let config = dir.join("boardbot.toml");
    std::fs::write(&config, format!("[storage]\nurl = {:?}\n", secret.clone() + "_missing")).expect("config");
    let out = boardbot(&["--config", config.to_str().expect("path"), "db", "check"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("postgres:***@"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("pw-xyzzy"), "{}", stderr(&out));
}

#[test]
fn db_copy_moves_an_sqlite_database_to_postgres_and_back() {
    let Some(pg) = TestDb::postgres("cli-copy") else { return };
    let dir = TempDir::new("cli-copy");
    let db = dir.join("games.sqlite");
    let games = fill(&db);
    let src = db.to_str().expect("path");
    let out = boardbot(&["--db", src, "db", "copy", "--to", &pg.arg()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("moves: 18 rows\n"), "{text}");
    assert!(text.contains("games: 3 rows\n"), "{text}");
    assert!(text.ends_with("; the counts agree\n"), "{text}");
    let out = boardbot(&["db", "check", "--db", &pg.arg()]);
    assert_eq!(stdout(&out), "3 games checked, 0 with problems\n", "{}", stderr(&out));
    let public = Store::open(&db).expect("open").load_game(games[1]).expect("load").public_id;
    let export = |database: &str| stdout(&boardbot(&["db", "export", public.as_str(), "--db", database]));
    assert_eq!(export(src), export(&pg.arg()));
    // Into a database that has games already: refused, nothing changed.
    let out = boardbot(&["db", "copy", "--db", src, "--to", &pg.arg()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("is not empty"), "{}", stderr(&out));
    // And back into a new file.
    let back = dir.join("back.sqlite");
    let out = boardbot(&["db", "copy", "--db", &pg.arg(), "--to", back.to_str().expect("path")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(export(back.to_str().expect("path")), export(src));
    let out = boardbot(&["db", "copy", "--db", &pg.arg(), "--to", back.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1), "an existing file is not overwritten");
}

#[test]
fn db_and_config_are_taken_before_or_after_the_subcommand() {
    let dir = TempDir::new("cli-global");
    let (before, after) = (dir.join("before.sqlite"), dir.join("after.sqlite"));
    let out = boardbot(&["--db", before.to_str().expect("path"), "local"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = boardbot(&["local", "--db", after.to_str().expect("path")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(before.exists() && after.exists());
    let config = dir.join("boardbot.toml");
    std::fs::write(&config, format!("[storage]\ndatabase = {:?}\n", before.to_str().expect("path"))).expect("config");
    for args in [
        ["--config", config.to_str().expect("path"), "db", "check"],
        ["db", "check", "--config", config.to_str().expect("path")],
    ] {
        let out = boardbot(&args);
        assert_eq!(stdout(&out), "0 games checked, 0 with problems\n", "{args:?}: {}", stderr(&out));
    }
}
