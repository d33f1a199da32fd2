//! The database file: a full disk, a read-only file and an upgrade from the first
//! schema version.

use crate::common;
use std::path::Path;

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::store::test_support::DirectWrites;
use boardbot::store::{upsert_player, OpenOptions, Status, Store, StoreError, SCHEMA_VERSION};
use common::store::{next_move, players, start, Rng, TempDir};

/// Made by the first schema version: two Kuba games between two players, one of them
/// resigned after a few moves.
const FIXTURE_V1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/store_v1.sqlite");

#[test]
fn a_database_of_the_first_schema_opens_with_the_current_code() {
    let dir = TempDir::new("store-upgrade");
    let path = dir.join("v1.sqlite");
    std::fs::copy(FIXTURE_V1, &path).expect("copy the fixture");
    let store = Store::open(&path).expect("opens");
    assert!(store.check(|_| {}).expect("check").is_empty());
    let games = store.read(boardbot::store::all_games).expect("games");
    assert_eq!(games.len(), 2);
    let over = store.load_game(games[0]).expect("load");
    assert_eq!(over.status, Status::Over);
    let mut rng = Rng(5);
    let (ply, text) = next_move(&store, games[1], &mut rng).expect("the second game goes on");
    store.play_move(games[1], ply, &text, 10).expect("a move on an upgraded file");
    let version: i64 = rusqlite::Connection::open(&path)
        .and_then(|c| c.pragma_query_value(None, "user_version", |r| r.get(0)))
        .expect("version");
    assert_eq!(version, SCHEMA_VERSION);
}

/// Writes the fixture above; run by hand (`cargo test --test it store_files:: -- --ignored`)
/// only when the first schema's fixture must be made again, which it never should.
#[test]
#[ignore]
fn make_fixture_v1() {
    let path = Path::new(FIXTURE_V1);
    let _ = std::fs::remove_file(path);
    let store = Store::open(path).expect("create");
    let p = players(&store, 2);
    let mut rng = Rng(1);
    for i in 0..2 {
        let game = start(&store, GameKind::Kuba, &p, true);
        for _ in 0..5 {
            let (ply, text) = next_move(&store, game, &mut rng).expect("move");
            store.play_move(game, ply, &text, 1_000 + i64::from(ply)).expect("stored");
        }
        if i == 0 {
            let ending = boardbot::store::Ending {
                reason: boardbot::store::EndReason::Resigned,
                places: vec![2, 1],
                scores: None,
                expected_ply: None,
                now: 2_000,
            };
            store.end_game(game, ending).expect("resign");
        }
    }
    drop(store);
    // One self-contained file: no WAL beside it.
    let conn = rusqlite::Connection::open(path).expect("reopen");
    conn.pragma_update(None, "journal_mode", "DELETE").expect("journal mode");
}

#[test]
fn a_full_disk_keeps_everything_written_before_and_nothing_of_the_failed_write() {
    let dir = TempDir::new("store-full");
    let path = dir.join("full.sqlite");
    drop(Store::open(&path).expect("create"));
    let pages: u64 = rusqlite::Connection::open(&path)
        .and_then(|c| c.pragma_query_value(None, "page_count", |r| r.get(0)))
        .expect("pages");
    let store = Store::open_with(&path, &OpenOptions { max_page_count: Some(pages + 4), ..OpenOptions::default() })
        .expect("open capped");
    let p = players(&store, 2);
    let game = start(&store, GameKind::Kuba, &p, false);
    let mut stored = 0;
    let mut full = None;
    for i in 0..10_000 {
        let big = "n".repeat(2_000);
        match store.write(move |tx| upsert_player(tx, Platform::Terminal, &format!("big{i}"), &big, 1)) {
            Ok(_) => stored += 1,
            Err(e) => {
                full = Some(e);
                break;
            }
        }
    }
    assert_eq!(full, Some(StoreError::DiskFull));
    assert_eq!(full.map(|e| e.to_string()).as_deref(), Some("the disk is full: the last change was not saved"));
    // Still usable for reads, and whatever was acknowledged is there.
    let mut rng = Rng(2);
    let record = store.load_game(game).expect("load");
    assert_eq!(record.ply, 0);
    drop(store);
    let store = Store::open(&path).expect("reopen without the cap");
    for i in 0..stored {
        let found =
            store.read(|tx| boardbot::store::find_player(tx, Platform::Terminal, &format!("big{i}"))).expect("read");
        assert!(found.is_some(), "big{i}");
    }
    let found =
        store.read(|tx| boardbot::store::find_player(tx, Platform::Terminal, &format!("big{stored}"))).expect("read");
    assert!(found.is_none());
    let (ply, text) = next_move(&store, game, &mut rng).expect("move");
    store.play_move(game, ply, &text, 5).expect("room again");
    assert!(store.check(|_| {}).expect("check").is_empty());
}

#[test]
fn a_read_only_file_is_refused_unchanged() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("store-readonly");
    let path = dir.join("ro.sqlite");
    {
        let store = Store::open(&path).expect("create");
        players(&store, 1);
    }
    let before = std::fs::read(&path).expect("read");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    // Root writes anyway: then there is nothing to test.
    if std::fs::OpenOptions::new().write(true).open(&path).is_ok() {
        eprintln!("skipped: this user can write read-only files");
        return;
    }
    let refused = Store::open(&path).expect_err("read-only");
    assert!(matches!(refused, StoreError::ReadOnly(_) | StoreError::CannotOpen { .. }), "{refused}");
    assert_eq!(std::fs::read(&path).expect("read"), before);
}
