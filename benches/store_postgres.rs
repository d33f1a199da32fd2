//! Durable moves on PostgreSQL beside SQLite, with 10,000 games in the database and 64
//! games submitting at once, on loopback: moves per second and latency percentiles
//! for SQLite (one process: one writer, group commit) and for PostgreSQL with 1 and 3
//! worker processes (each its own store, its own pool of connections), next to the
//! floors measured in the same run: the disk's fsync, and PostgreSQL's own commit
//! (`INSERT` + `COMMIT` on one connection, `synchronous_commit = on`).
//!
//! `cargo bench --bench store_postgres`. The server is `BOARDBOT_TEST_POSTGRES_URL`
//! (a URL whose user may create databases) or, without it, a throwaway one started
//! as the tests start theirs. `BOARDBOT_BENCH_SECS` sets each measurement's length
//! (10 s by default), `BOARDBOT_BENCH_POOL` the connections of each worker (16, the
//! default of the store).
//!
//! The workers are this binary run again with `BOARDBOT_BENCH_CHILD` set: each
//! prepares its moves, says `ready`, waits for `go` on its standard input, plays for
//! the measurement's length and prints its count and latencies.
//!
//! Each figure is taken twice: at the store (`Store::play_move`), and end to end
//! through the service (`Service::handle` of a `move` request: find the game, check
//! the player and the move, store it durably, make the reply), each worker a whole
//! service with its clocks, its computer and, on PostgreSQL, their leases.

mod common;
#[allow(dead_code)]
#[path = "../tests/it/common/postgres.rs"]
mod postgres_server;
// The test server's helpers, which it reaches as `super::skips`.
#[allow(dead_code)]
#[path = "../tests/it/common/skips.rs"]
mod skips;

use common::{kuba_game, quiet_move, Rng};

use std::io::{BufRead, BufReader, Seek, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::service::{Actor, GameRef, Request, Service, ServiceOptions, SystemClock};
use boardbot::store::test_support::{record_move, DirectWrites, RecordMove};
use boardbot::store::{create_game, replay, upsert_player, Database, GameId, Place, PostgresOptions, Store};

/// The binary's allocator (src/main.rs): the workers here stand for it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const GAMES: usize = 10_000;
const MOVES_PER_GAME: usize = 20;
const CONCURRENT: usize = 64;
/// Games each submitting thread prepares moves for (50 each).
const GAMES_PER_THREAD: usize = 24;

const CHILD: &str = "BOARDBOT_BENCH_CHILD";

fn secs() -> u64 {
    std::env::var("BOARDBOT_BENCH_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(10)
}

fn pool() -> u32 {
    std::env::var("BOARDBOT_BENCH_POOL").ok().and_then(|s| s.parse().ok()).unwrap_or(16)
}

fn open(database: &str) -> Store {
    match Database::parse(database) {
        Database::Postgres(url) => Store::open_postgres(&url, &PostgresOptions { pool_size: pool() }).expect("open"),
        Database::Sqlite(path) => Store::open(&path).expect("open"),
    }
}

/// 10,000 Kuba games of 20 moves in an SQLite file.
fn fill(path: &Path) {
    let store = Store::open(path).expect("open");
    store
        .write(|tx| {
            let a = upsert_player(tx, Platform::Terminal, "a", "Alice", 0)?;
            let b = upsert_player(tx, Platform::Terminal, "b", "Bob", 0)?;
            let new = kuba_game(a, b, Place::default());
            let config = boardbot::rating::RatingConfig::default();
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
            for _ in 0..GAMES {
                let (game, _) = create_game(tx, &new)?;
                let mut position = Position::start(&GameKind::Kuba.default_settings());
                for ply in 1..=MOVES_PER_GAME {
                    let Some(text) = quiet_move(&position, &mut rng) else { break };
                    let base = position.code();
                    let seat = position.to_move().0;
                    position.play_text(&text).map_err(|e| boardbot::store::StoreError::Invalid(e.to_string()))?;
                    let after = replay::advance(GameKind::Kuba, None, &base, &[&text], ply as u32)?;
                    let m = RecordMove { game, ply: ply as u32, base_code: base, seat, text, after, now: 0 };
                    record_move(tx, &m, &config)?;
                }
            }
            Ok(())
        })
        .expect("fill");
}

/// How the moves are submitted.
#[derive(Clone)]
enum Via {
    /// `Store::play_move`.
    Store(Arc<Store>),
    /// A `move` request to a service.
    Service(Service),
}

impl Via {
    fn store(&self) -> &Store {
        match self {
            Via::Store(s) => s,
            Via::Service(s) => s.store(),
        }
    }

    fn submit(&self, m: &Prepared) {
        match self {
            Via::Store(s) => {
                s.play_move(m.game, m.ply, &m.text, 1).expect("stored");
            }
            Via::Service(s) => {
                let who = if m.seat == 0 { "a" } else { "b" };
                let request = Request {
                    actor: Actor::new(Platform::Terminal, who, who),
                    place: boardbot::service::Place::default(),
                    command: boardbot::service::Command::Move {
                        game: GameRef { kind: GameKind::Kuba, id: Some(m.public_id.clone()) },
                        text: m.text.clone(),
                        at: None,
                    },
                    via: Default::default(),
                };
                let replies = s.handle(&request);
                assert!(replies.first().is_some_and(|r| !r.only_actor), "refused: {replies:?}");
            }
        }
    }
}

/// A move prepared ahead: the game, its public id, the ply, the seat that plays it.
struct Prepared {
    game: GameId,
    public_id: String,
    ply: u32,
    seat: u8,
    text: String,
}

/// Moves prepared ahead, so that the timed part is the store alone.
fn prepare(store: &Store, games: &[GameId], seed: u64) -> Vec<Prepared> {
    let mut rng = Rng(seed | 1);
    let mut queue = Vec::new();
    for game in games {
        let record = store.load_game(*game).expect("load");
        let mut position = Position::setup(GameKind::Kuba, Some(&record.code), Some(&record.settings)).expect("code");
        for ply in record.ply + 1..=record.ply + 50 {
            let Some(text) = quiet_move(&position, &mut rng) else { break };
            let seat = position.to_move().0;
            position.play_text(&text).expect("legal");
            queue.push(Prepared { game: *game, public_id: record.public_id.to_string(), ply, seat, text });
        }
    }
    // Round robin over the games, as a player answering many games would.
    queue.sort_by_key(|m| (m.ply, m.game));
    queue
}

/// Plays `threads` submitters on `store` for `secs` once `go` is passed; the
/// latencies of the moves stored within the window, in microseconds, and how long the
/// submitters played (less than the window when they ran out of prepared moves).
fn play(via: &Via, games: &[GameId], threads: usize, seed: u64, go: impl FnOnce()) -> (Vec<u64>, f64) {
    let queues: Vec<Vec<Prepared>> = (0..threads)
        .map(|t| {
            let mine: Vec<GameId> = games.iter().skip(t).step_by(threads).take(GAMES_PER_THREAD).copied().collect();
            prepare(via.store(), &mine, seed + t as u64)
        })
        .collect();
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let barrier = Arc::new(Barrier::new(threads + 1));
    let window = Duration::from_secs(secs());
    let handles: Vec<_> = queues
        .into_iter()
        .map(|queue| {
            let (via, latencies, barrier) = (via.clone(), Arc::clone(&latencies), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                let end = Instant::now() + window;
                let mut mine = Vec::new();
                for m in queue {
                    let start = Instant::now();
                    if start >= end {
                        break;
                    }
                    via.submit(&m);
                    mine.push(start.elapsed().as_micros() as u64);
                }
                latencies.lock().expect("latencies").extend(mine);
            })
        })
        .collect();
    go();
    barrier.wait();
    let started = Instant::now();
    for h in handles {
        h.join().expect("thread");
    }
    let took = started.elapsed().min(window).as_secs_f64();
    let v = latencies.lock().expect("latencies").clone();
    (v, took)
}

/// The child's side: one worker process.
fn child(database: &str) {
    let threads: usize = std::env::var("BOARDBOT_BENCH_THREADS").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let index: usize = std::env::var("BOARDBOT_BENCH_INDEX").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    let workers: usize = std::env::var("BOARDBOT_BENCH_WORKERS").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let store = Arc::new(open(database));
    let all = store.read(boardbot::store::all_games).expect("games");
    let mine: Vec<GameId> = all.into_iter().skip(index).step_by(workers).collect();
    let via = match std::env::var("BOARDBOT_BENCH_VIA").as_deref() {
        Ok("service") => Via::Service(service(store)),
        _ => Via::Store(store),
    };
    let (latencies, took) = play(&via, &mine, threads, 1_000 + index as u64 * 97, || {
        println!("ready");
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        let _ = std::io::stdin().read_line(&mut line);
    });
    let text: Vec<String> = latencies.iter().map(u64::to_string).collect();
    println!("done {took} {}", text.join(" "));
}

/// A service on `store`, as a worker starts it.
fn service(store: Arc<Store>) -> Service {
    let store = Arc::try_unwrap(store).unwrap_or_else(|_| panic!("the store is shared"));
    Service::start(store, Arc::new(SystemClock), ServiceOptions::default()).expect("service")
}

/// Runs `workers` child processes sharing 64 submitters on `database`, through the
/// store or the service (`via`); every latency and the longest time a worker played.
fn processes(database: &str, workers: usize, via: &str) -> (Vec<u64>, f64) {
    let mut children: Vec<_> = (0..workers)
        .map(|i| {
            let threads = CONCURRENT / workers + usize::from(i < CONCURRENT % workers);
            Command::new(std::env::current_exe().expect("bench binary"))
                .env(CHILD, database)
                .env("BOARDBOT_BENCH_THREADS", threads.to_string())
                .env("BOARDBOT_BENCH_INDEX", i.to_string())
                .env("BOARDBOT_BENCH_WORKERS", workers.to_string())
                .env("BOARDBOT_BENCH_VIA", via)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("worker starts")
        })
        .collect();
    let mut outputs: Vec<_> =
        children.iter_mut().map(|c| BufReader::new(c.stdout.take().expect("stdout")).lines()).collect();
    for out in &mut outputs {
        let line = out.next().expect("a line").expect("read");
        assert_eq!(line, "ready");
    }
    for c in &mut children {
        writeln!(c.stdin.as_mut().expect("stdin"), "go").expect("go");
    }
    let mut all = Vec::new();
    let mut took: f64 = 0.0;
    for out in &mut outputs {
        for line in out.map_while(Result::ok) {
            if let Some(rest) = line.strip_prefix("done ") {
                let mut words = rest.split_whitespace();
                took = took.max(words.next().and_then(|t| t.parse().ok()).unwrap_or(0.0));
                all.extend(words.filter_map(|n| n.parse::<u64>().ok()));
            }
        }
    }
    for mut c in children {
        let _ = c.wait();
    }
    (all, took)
}

/// p50, p99 and the maximum in milliseconds.
fn percentiles(v: &mut [u64]) -> (f64, f64, f64) {
    v.sort_unstable();
    let at = |q: f64| v.get(((v.len() as f64 - 1.0) * q).round() as usize).map_or(0.0, |m| *m as f64 / 1e3);
    (at(0.5), at(0.99), at(1.0))
}

fn line(name: &str, latencies: &mut [u64], window: f64) {
    let n = latencies.len();
    let (p50, p99, max) = percentiles(latencies);
    println!("  {name:<44} {:>9.0} {p50:>8.2} {p99:>8.2} {max:>8.2} {n:>8}", n as f64 / window);
}

/// One 4 KiB write in place and fsync, like the commit of a small WAL frame.
fn fsync_floor(dir: &Path) -> Vec<u64> {
    let mut file = std::fs::File::create(dir.join("fsync.probe")).expect("probe");
    let page = vec![7u8; 4096];
    (0..300)
        .map(|_| {
            let start = Instant::now();
            file.seek(std::io::SeekFrom::Start(0)).expect("seek");
            file.write_all(&page).expect("write");
            file.sync_data().expect("fsync");
            start.elapsed().as_micros() as u64
        })
        .collect()
}

/// PostgreSQL's own durable commit: `INSERT` + `COMMIT` on one connection.
fn commit_floor(url: &str) -> Vec<u64> {
    let mut client = postgres_server::connect(url);
    client
        .batch_execute("SET synchronous_commit = on; CREATE TABLE IF NOT EXISTS commit_probe (n BIGINT)")
        .expect("probe table");
    (0..300)
        .map(|i: i64| {
            let start = Instant::now();
            let mut tx = client.transaction().expect("begin");
            tx.execute("INSERT INTO commit_probe (n) VALUES ($1)", &[&i]).expect("insert");
            tx.commit().expect("commit");
            start.elapsed().as_micros() as u64
        })
        .collect()
}

fn main() {
    if let Ok(database) = std::env::var(CHILD) {
        child(&database);
        return;
    }
    let Some(pg) = postgres_server::TestDatabase::create("bench") else {
        eprintln!("no PostgreSQL: set BOARDBOT_TEST_POSTGRES_URL or install postgresql");
        return;
    };
    let dir = std::env::temp_dir().join(format!("boardbot-bench-pg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("bench folder");
    let sqlite = dir.join("bench.sqlite");
    let started = Instant::now();
    fill(&sqlite);
    eprintln!("filled {GAMES} games in SQLite in {:.1} s", started.elapsed().as_secs_f64());
    let started = Instant::now();
    let report = Store::open(&sqlite).expect("open").copy_to(&open(&pg.url), |_, _| {}).expect("copy");
    eprintln!("copied {} rows to PostgreSQL in {:.1} s", report.rows(), started.elapsed().as_secs_f64());
    let sqlite_copy = dir.join("bench-b.sqlite");
    std::fs::copy(&sqlite, &sqlite_copy).expect("a second SQLite file");

    println!("\n{} s per measurement, {CONCURRENT} games submitting at once, {GAMES} games in the database, pool of {} per PostgreSQL worker", secs(), pool());
    println!("  {:<44} {:>9} {:>8} {:>8} {:>8} {:>8}", "", "moves/s", "p50 ms", "p99 ms", "max ms", "moves");
    let serial = |v: &[u64]| v.iter().sum::<u64>() as f64 / 1e6;
    let mut fsync = fsync_floor(&dir);
    let took = serial(&fsync);
    line("floor: fsync of 4 KiB (one at a time)", &mut fsync, took);
    let mut commit = commit_floor(&pg.url);
    let took = serial(&commit);
    line("floor: PostgreSQL INSERT + COMMIT (one at a time)", &mut commit, took);
    for via in ["store", "service"] {
        let store = Arc::new(open(&sqlite_copy.display().to_string()));
        let games = store.read(boardbot::store::all_games).expect("games");
        let before = store.writer_stats();
        let submit = if via == "service" { Via::Service(service(store)) } else { Via::Store(store) };
        let (mut l, took) = play(&submit, &games, CONCURRENT, 7, || {});
        let after = submit.store().writer_stats();
        line(&format!("SQLite, 1 process (group commit), {via}"), &mut l, took);
        println!(
            "    {:.1} moves a commit over {} commits",
            (after.jobs - before.jobs) as f64 / (after.commits - before.commits).max(1) as f64,
            after.commits - before.commits
        );
    }
    for via in ["store", "service"] {
        for workers in [1, 3] {
            let (mut l, took) = processes(&pg.url, workers, via);
            line(&format!("PostgreSQL, {workers} worker process(es), {via}"), &mut l, took);
        }
    }
    let mut commit = commit_floor(&pg.url);
    let took = serial(&commit);
    line("floor: PostgreSQL INSERT + COMMIT, again", &mut commit, took);
    let check = open(&pg.url).check(|_| {}).expect("check");
    assert!(check.is_empty(), "{check:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
