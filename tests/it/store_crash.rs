//! Durability: a child process streams moves and prints each acknowledged one; it is
//! killed with SIGKILL at random points; after reopening, every acknowledged move is
//! there, nothing is half-written and the check finds no corrupt game.
//!
//! The child is this test binary run again with `BOARDBOT_STORE_CRASH_CHILD` naming the
//! database (a file, or a PostgreSQL URL): the `crash_child` test then plays instead of
//! returning at once. Repeats: 20 by default, `BOARDBOT_CRASH_REPEATS=N` for more. The
//! same test runs on both back ends: on PostgreSQL the client dies with transactions
//! open and commits in flight.

use crate::common;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;

use boardbot::games::GameKind;
use boardbot::store::test_support::DirectWrites;
use boardbot::store::{all_games, Database, GameId, Status, Store, StoreError};
use common::store::{both_backends, next_move, players, start, Rng};

const CHILD_ENV: &str = "BOARDBOT_STORE_CRASH_CHILD";
const GAMES_AT_ONCE: usize = 4;

/// The child's side: plays every ongoing game of the database, one thread per game,
/// printing `ack <game> <ply> <text>` once a move is acknowledged.
#[test]
fn crash_child() {
    let Ok(database) = std::env::var(CHILD_ENV) else { return };
    let store = Arc::new(Store::open_database(&Database::parse(&database)).expect("child opens"));
    let games = store.read(all_games).expect("games");
    let handles: Vec<_> = games
        .into_iter()
        .map(|game| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                let mut rng = Rng(game.0 as u64 * 7_777 + u64::from(std::process::id()));
                // Bounded, so a child that is never killed still ends.
                for _ in 0..400 {
                    let Some((ply, text)) = next_move(&store, game, &mut rng) else { return };
                    match store.play_move(game, ply, &text, 1) {
                        Ok(m) => {
                            let mut out = std::io::stdout().lock();
                            writeln!(out, "ack {} {} {}", game.0, m.ply, m.text).expect("stdout");
                            out.flush().expect("flush");
                        }
                        Err(StoreError::GameOver) => return,
                        Err(e) => panic!("child: {e}"),
                    }
                }
            })
        })
        .collect();
    for h in handles {
        let _ = h.join();
    }
}

both_backends! {
    fn every_acknowledged_move_survives_sigkill(db) {
        if std::env::var(CHILD_ENV).is_ok() {
            return;
        }
        let repeats: usize = std::env::var("BOARDBOT_CRASH_REPEATS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
        let path = db.arg();
        let mut rng = Rng(0x5eed ^ u64::from(std::process::id()));
        let mut acknowledged: Vec<(i64, u32, String)> = Vec::new();
        for repeat in 0..repeats {
            {
                // Keep enough games going; finished ones stay in the file and are checked too.
                let store = db.open();
                let p = players(&store, 2);
                let ongoing = store
                    .read(all_games)
                    .expect("games")
                    .into_iter()
                    .filter(|g| store.load_game(*g).map(|r| r.status == Status::Ongoing).unwrap_or(false))
                    .count();
                for _ in ongoing..GAMES_AT_ONCE {
                    start(&store, GameKind::Kuba, &p, false);
                }
            }
            let mut child = Command::new(std::env::current_exe().expect("test binary"))
                .args(["--exact", "store_crash::crash_child", "--nocapture", "--test-threads=1", "--quiet"])
                .env(CHILD_ENV, &path)
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("child starts");
            let target = (rng.next() % 60) as usize;
            let mut lines = BufReader::new(child.stdout.take().expect("stdout"));
            let mut seen = 0;
            let mut line = String::new();
            while seen < target {
                line.clear();
                if lines.read_line(&mut line).unwrap_or(0) == 0 {
                    break;
                }
                if let Some(ack) = parse_ack(&line) {
                    acknowledged.push(ack);
                    seen += 1;
                }
            }
            std::thread::sleep(std::time::Duration::from_micros(rng.next() % 3_000));
            child.kill().expect("SIGKILL");
            // Acknowledgements already in the pipe count too.
            for line in lines.lines().map_while(Result::ok) {
                acknowledged.extend(parse_ack(&line));
            }
            let _ = child.wait();

            let store: Store = db.open();
            let mut records = std::collections::HashMap::new();
            for (game, ply, text) in &acknowledged {
                let record = records.entry(*game).or_insert_with(|| store.load_game(GameId(*game)).expect("game"));
                let stored = record.moves.get(*ply as usize - 1).map(|m| (m.ply, m.text.as_str()));
                assert_eq!(stored, Some((*ply, text.as_str())), "repeat {repeat}: game {game} ply {ply}");
            }
            let problems = store.check(|_| {}).expect("check");
            assert!(problems.is_empty(), "repeat {repeat}: {problems:?}");
        }
        assert!(!acknowledged.is_empty());
    }
}

fn parse_ack(line: &str) -> Option<(i64, u32, String)> {
    let mut parts = line.trim().strip_prefix("ack ")?.splitn(3, ' ');
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?.to_string()))
}
