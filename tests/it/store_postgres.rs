//! What only PostgreSQL has: workers starting together, a database that is not
//! ours, connections that die under the bot, several store handles (processes) on one
//! database, leases, and copying a database across back ends.

use crate::common;
use std::sync::{Arc, Barrier};

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::store::test_support::DirectWrites;
use boardbot::store::{
    claim_messages, lease_holder, mark_delivered, push_message, release_lease, try_lease, Database, GameId, Store,
    StoreError,
};
use common::postgres::{connect, TestDatabase};
use common::store::{both_backends, next_move, players, start, Rng, TestDb};

fn url(db: &TestDatabase) -> boardbot::store::PostgresUrl {
    match Database::parse(&db.url) {
        Database::Postgres(url) => url,
        other => panic!("not a PostgreSQL URL: {other}"),
    }
}

#[test]
fn workers_starting_together_apply_each_migration_once() {
    let Some(db) = TestDatabase::create("migrate-race") else { return };
    let url = url(&db);
    let n = 4;
    let barrier = Arc::new(Barrier::new(n));
    let handles: Vec<_> = (0..n)
        .map(|_| {
            let (url, barrier) = (url.clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                Store::open_postgres(&url, &Default::default()).map(|_| ())
            })
        })
        .collect();
    for h in handles {
        h.join().expect("thread").expect("every worker opens");
    }
    let mut client = connect(&db.url);
    let rows = client.query("SELECT version, name FROM boardbot_migrations ORDER BY version", &[]).expect("query");
    let applied: Vec<(i64, String)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    let expected: Vec<(i64, String)> =
        boardbot::store::postgres::schema::MIGRATIONS.iter().map(|(v, n, _)| (*v, n.to_string())).collect();
    assert_eq!(applied, expected);
}

#[test]
fn someone_elses_database_and_a_newer_schema_are_refused_unchanged() {
    let Some(db) = TestDatabase::create("foreign") else { return };
    let mut client = connect(&db.url);
    client.batch_execute("CREATE TABLE games (id BIGINT PRIMARY KEY, name TEXT)").expect("foreign table");
    let refused = Store::open_postgres(&url(&db), &Default::default()).expect_err("foreign");
    assert!(matches!(refused, StoreError::NotADatabase { .. }), "{refused}");
    let tables: i64 =
        client.query_one("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", &[]).expect("count").get(0);
    assert_eq!(tables, 1, "nothing was added");

    let Some(db) = TestDatabase::create("too-new") else { return };
    drop(Store::open_postgres(&url(&db), &Default::default()).expect("create"));
    let mut client = connect(&db.url);
    client
        .batch_execute("INSERT INTO boardbot_migrations (version, name, checksum) VALUES (999, '999_future.sql', 'x')")
        .expect("a future migration");
    let refused = Store::open_postgres(&url(&db), &Default::default()).expect_err("too new");
    assert!(matches!(refused, StoreError::TooNew { found: 999, .. }), "{refused}");
}

#[test]
fn a_password_never_shows_in_errors_or_debug() {
    let Some(db) = TestDatabase::create("secret") else { return };
    // A database that does not exist, with a password in the URL.
    let with_password = db.url.replacen("postgres://postgres@", "postgres://postgres:hunter2-secret@", 1) + "_missing";
    let Database::Postgres(url) = Database::parse(&with_password) else { panic!("a URL") };
    assert!(!format!("{url:?} {url}").contains("hunter2"));
    let err = Store::open_postgres(&url, &Default::default()).expect_err("no such database");
    assert!(matches!(err, StoreError::Unavailable(_)), "{err:?}");
    let text = format!("{err} {err:?}");
    assert!(!text.contains("hunter2"), "{text}");
    assert!(text.contains("postgres:***@"), "{text}");
}

#[test]
fn dropped_connections_are_replaced_without_a_restart() {
    let Some(pg) = TestDatabase::create("reconnect") else { return };
    let db = TestDb::Postgres(pg);
    let store = Arc::new(db.open());
    let p = players(&store, 2);
    let games: Vec<GameId> = (0..8).map(|_| start(&store, GameKind::Kuba, &p, false)).collect();
    // Fill the pool: several connections in use at once.
    let handles: Vec<_> = games
        .iter()
        .map(|g| {
            let (store, g) = (Arc::clone(&store), *g);
            std::thread::spawn(move || {
                let (ply, text) = next_move(&store, g, &mut Rng(g.0 as u64 + 1)).expect("move");
                store.play_move(g, ply, &text, 1).expect("stored");
            })
        })
        .collect();
    for h in handles {
        h.join().expect("thread");
    }
    let TestDb::Postgres(pg) = &db else { unreachable!() };
    for round in 0..3 {
        let killed = pg.drop_connections();
        assert!(killed >= 1, "round {round}: the pool held connections");
        store.ping().expect("the database answers again");
        let mut rng = Rng(round + 9);
        for g in &games {
            let (ply, text) = next_move(&store, *g, &mut rng).expect("move");
            store.play_move(*g, ply, &text, 2).expect("a move after the connections died");
        }
        store.write(|tx| push_message(tx, Platform::Discord, "after", 3)).expect("a write after");
    }
    assert!(store.check(|_| {}).expect("check").is_empty());
}

#[test]
fn three_handles_on_one_database_store_one_winner_per_ply_and_deliver_each_message_once() {
    let Some(pg) = TestDatabase::create("three-handles") else { return };
    let db = TestDb::Postgres(pg);
    // Three store handles, each with its own pool: three workers.
    let stores: Vec<Arc<Store>> = (0..3).map(|_| Arc::new(db.open())).collect();
    let p = players(&stores[0], 2);
    let game = start(&stores[0], GameKind::Kuba, &p, false);
    let mut rng = Rng(5);
    for round in 0..8 {
        let (ply, _) = next_move(&stores[0], game, &mut rng).expect("a move");
        let barrier = Arc::new(Barrier::new(6));
        let handles: Vec<_> = (0..6)
            .map(|t| {
                let (store, barrier) = (Arc::clone(&stores[t % 3]), Arc::clone(&barrier));
                let mut rng = Rng(t as u64 * 31 + round + 1);
                std::thread::spawn(move || {
                    let (_, text) = next_move(&store, game, &mut rng).expect("a move");
                    barrier.wait();
                    store.play_move(game, ply, &text, 10)
                })
            })
            .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().expect("thread")).collect();
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
        assert!(results.iter().all(|r| r.is_ok() || *r == Err(StoreError::MovedOn)), "{results:?}");
    }
    assert_eq!(stores[1].load_game(game).expect("load").moves.len(), 8);

    // 300 messages claimed by six claimers on three handles at once: each exactly once.
    stores[0]
        .write(|tx| (0..300).try_for_each(|i| push_message(tx, Platform::Discord, &format!("m{i}"), i).map(|_| ())))
        .expect("push");
    let handles: Vec<_> = (0..6)
        .map(|t| {
            let store = Arc::clone(&stores[t % 3]);
            std::thread::spawn(move || {
                let mut got = Vec::new();
                loop {
                    let who = format!("worker{t}");
                    let batch = store
                        .write(move |tx| claim_messages(tx, Platform::Discord, &who, 1_000, 60_000, 7))
                        .expect("claim");
                    if batch.is_empty() {
                        return got;
                    }
                    for m in batch {
                        let id = m.id;
                        store.write(move |tx| mark_delivered(tx, id, 1_001)).expect("delivered");
                        got.push(m.payload);
                    }
                }
            })
        })
        .collect();
    let mut all: Vec<String> = handles.into_iter().flat_map(|h| h.join().expect("thread")).collect();
    all.sort();
    let mut expected: Vec<String> = (0..300).map(|i| format!("m{i}")).collect();
    expected.sort();
    assert_eq!(all, expected, "every message delivered exactly once");
}

both_backends! {
    fn one_holder_per_lease_and_a_dead_holders_lease_is_taken_over(db) {
        let a = Arc::new(db.open());
        let b = Arc::new(db.open());
        let lease = |store: &Store, who: &'static str, now: i64| {
            store.write(move |tx| try_lease(tx, "clocks", who, now, 1_000)).expect("lease")
        };
        assert!(lease(&a, "a", 0));
        assert!(!lease(&b, "b", 10), "a holds it");
        assert!(lease(&a, "a", 500), "a renews it");
        assert!(!lease(&b, "b", 1_400), "renewed until 1500");
        assert_eq!(b.read(|tx| lease_holder(tx, "clocks", 1_400)).expect("holder").as_deref(), Some("a"));
        // a dies: no renewal; b takes over once the lease has run out.
        assert!(lease(&b, "b", 1_500));
        assert!(!lease(&a, "a", 1_600), "a came back too late");
        assert!(b.write(|tx| release_lease(tx, "clocks", "b")).expect("release"));
        assert!(lease(&a, "a", 1_700), "free again at once");
        // Another singleton is another lease.
        assert!(b.write(|tx| try_lease(tx, "computer", "b", 1_700, 1_000)).expect("lease"));

        // Many asking at once: exactly one gets it.
        let barrier = Arc::new(Barrier::new(8));
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let (store, barrier) = (if i % 2 == 0 { Arc::clone(&a) } else { Arc::clone(&b) }, Arc::clone(&barrier));
                std::thread::spawn(move || {
                    barrier.wait();
                    let who = format!("w{i}");
                    store.write(move |tx| try_lease(tx, "queue", &who, 5_000, 1_000)).expect("lease")
                })
            })
            .collect();
        let winners = handles.into_iter().map(|h| h.join().expect("thread")).filter(|w| *w).count();
        assert_eq!(winners, 1);
    }
}

#[test]
fn a_database_is_copied_from_sqlite_to_postgres_and_back_with_every_row() {
    let Some(pg) = TestDb::postgres("copy") else { return };
    let sqlite = TestDb::sqlite("copy-src");
    let src = sqlite.open();
    let p = players(&src, 3);
    let room = common::store::community(&src, "room");
    let mut rng = Rng(77);
    let mut games = Vec::new();
    for i in 0..6 {
        let mut new = common::store::new_game(
            GameKind::Kuba,
            None,
            vec![boardbot::store::SeatHolder::Player(p[i % 3]), boardbot::store::SeatHolder::Player(p[(i + 1) % 3])],
            true,
        );
        new.community = Some(room);
        let (game, _) = src.create_game(new).expect("create");
        for _ in 0..(i * 7) {
            let Some((ply, text)) = next_move(&src, game, &mut rng) else { break };
            src.play_move(game, ply, &text, 100 + i64::from(ply)).expect("move");
        }
        games.push(game);
    }
    let ending = boardbot::store::Ending {
        reason: boardbot::store::EndReason::Resigned,
        places: vec![2, 1],
        scores: None,
        expected_ply: None,
        now: 999,
    };
    src.end_game(games[0], ending).expect("a rated ending");
    src.write(|tx| push_message(tx, Platform::Discord, "{}", 5)).expect("outbox");
    src.write(|tx| try_lease(tx, "clocks", "w", 0, 10)).expect("lease");
    let page = src.write(move |tx| boardbot::store::turn_page_on(tx, room, 7)).expect("a community's page");
    let (reviewed, asker) = (games[1], p[0]);
    src.write(move |tx| {
        let new = boardbot::store::NewReview {
            game: reviewed,
            requested_by: Some(asker),
            platform: Platform::Matrix,
            destination: "{}",
            community: Some(room),
            playouts: 9,
            now: 7,
        };
        boardbot::store::queue_review(tx, &new)?;
        boardbot::store::finish_review(tx, reviewed, "{\"review\":1}", 8)
    })
    .expect("a review");

    let dest = pg.open();
    let report = src.copy_to(&dest, |_, _| {}).expect("copy");
    assert!(report.rows() > 50, "{report:?}");
    assert!(report.tables.iter().any(|(t, n)| t == "moves" && *n > 0));
    for game in &games {
        assert_eq!(src.load_game(*game).expect("src"), dest.load_game(*game).expect("dest"));
        let link = |s: &Store| s.read(|tx| boardbot::store::game_link(tx, *game)).expect("a link");
        assert_eq!(link(&src), link(&dest), "the web links cross too");
    }
    let page_there = dest.read(move |tx| boardbot::store::community_page(tx, room)).expect("read");
    assert_eq!(page_there, Some(page), "and the community's page");
    assert!(dest.check(|_| {}).expect("check").is_empty());
    // New rows continue after the copied ids.
    let next = start(&dest, GameKind::Kuba, &p[..2], false);
    assert!(next.0 > games.iter().map(|g| g.0).max().unwrap_or(0));
    // A second copy into a database that is no longer empty is refused.
    let again = src.copy_to(&dest, |_, _| {});
    assert!(matches!(again, Err(StoreError::Invalid(_))), "{again:?}");

    // And back into a new SQLite file.
    let back = TestDb::sqlite("copy-back");
    let back_store = back.open();
    let report_back = dest.copy_to(&back_store, |_, _| {}).expect("copy back");
    assert_eq!(report_back.rows(), report.rows() + 1 + 2 + 1 + 1, "the new game, its seats, its id and its link");
    for game in &games {
        assert_eq!(src.load_game(*game).expect("src"), back_store.load_game(*game).expect("back"));
    }
    let ratings = |s: &Store| s.read(|tx| boardbot::store::player_ratings(tx, p[0], s.rating_config())).expect("r");
    assert_eq!(ratings(&src), ratings(&back_store));
    let review = |s: &Store| s.read(move |tx| boardbot::store::load_review(tx, reviewed)).expect("a review");
    assert_eq!(review(&src), review(&back_store));
    assert!(review(&dest).is_some_and(|r| r.result.as_deref() == Some("{\"review\":1}")));
}

/// `db copy` moves every table: each table of the PostgreSQL schema but the
/// migrations' own is in [`boardbot::store::TABLES`] (the SQLite schema's are checked
/// by the store's unit tests).
#[test]
fn every_table_of_the_schema_is_known_to_db_copy() {
    let Some(db) = TestDatabase::create("tables") else { return };
    drop(Store::open_postgres(&url(&db), &Default::default()).expect("the schema"));
    let mut client = connect(&db.url);
    let rows = client
        .query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename", &[])
        .expect("the tables");
    let tables: Vec<String> =
        rows.iter().map(|r| r.get::<_, String>(0)).filter(|t| t != "boardbot_migrations").collect();
    let mut copied: Vec<String> = boardbot::store::TABLES.iter().map(|(t, _, _)| t.to_string()).collect();
    copied.sort();
    assert_eq!(tables, copied);
}

#[test]
fn the_store_serves_blocking_tasks_and_closes_on_an_async_thread() {
    let Some(pg) = TestDb::postgres("async") else { return };
    let store = Arc::new(pg.open());
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    runtime.block_on(async move {
        let s = Arc::clone(&store);
        let games = tokio::task::spawn_blocking(move || s.read(boardbot::store::all_games)).await.expect("join");
        assert_eq!(games.expect("read").len(), 0);
        // The last handle goes on an async task's thread, as a service's may at shutdown.
        drop(store);
    });
}

/// A change for one game's row that commits by itself (nobody else waiting to share a
/// group commit) is still one transaction: when it fails after its first statement,
/// that statement is undone. (Run outside a transaction, each statement committed on its own: a move
/// could be stored without its request's key or its outbox rows. Issue #55.)
#[test]
fn a_grouped_change_alone_is_all_or_nothing() {
    let Some(db) = TestDatabase::create("group-alone") else { return };
    let store = Store::open_database(&Database::parse(&db.url)).expect("the database");
    let failed = store.write_for_game(GameId(1), |tx| {
        push_message(tx, Platform::Discord, "first", 1)?;
        // The second fails: there is no such message.
        mark_delivered(tx, boardbot::store::MessageId(999_999), 2)
    });
    assert!(failed.is_err());
    let left = store.read(|tx| boardbot::store::pending_messages(tx, Platform::Discord, 10)).expect("read");
    assert!(left.is_empty(), "the first statement was kept: {left:?}");
}
