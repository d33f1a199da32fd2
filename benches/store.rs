//! Storage speed with 10,000 games in a database file on disk, durability as in
//! production (WAL, `synchronous=FULL`): the latency of one stored move next to the
//! disk's own fsync latency, durable moves per second with 64 games submitting at
//! once (group commit), and loading a 200-move game. Percentiles are printed at the
//! end. `cargo bench --bench store`.

mod common;

use common::{kuba_game, quiet_move, Rng};

use std::hint::black_box;
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::store::test_support::{record_move, DirectWrites, RecordMove};
use boardbot::store::{create_game, replay, upsert_player, GameId, Place, Store};
use criterion::{Criterion, Throughput};

const GAMES: usize = 10_000;
const MOVES_PER_GAME: usize = 20;
const CONCURRENT: usize = 64;

/// The database: 10,000 Kuba games of 20 moves, and one game of 200 moves. Returns
/// the store, the ids of the games and the long game.
fn fill(path: &Path) -> (Store, Vec<GameId>, GameId) {
    let store = Store::open(path).expect("open");
    let (games, long) = store
        .write(|tx| {
            let a = upsert_player(tx, Platform::Terminal, "a", "Alice", 0)?;
            let b = upsert_player(tx, Platform::Terminal, "b", "Bob", 0)?;
            let new = kuba_game(a, b, Place::default());
            let config = boardbot::rating::RatingConfig::default();
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
            let mut play = |game: GameId, plies: usize| -> Result<usize, boardbot::store::StoreError> {
                let mut position = Position::start(&GameKind::Kuba.default_settings());
                for ply in 1..=plies {
                    let Some(text) = quiet_move(&position, &mut rng) else { return Ok(ply - 1) };
                    let base = position.code();
                    let seat = position.to_move().0;
                    position.play_text(&text).map_err(|e| boardbot::store::StoreError::Invalid(e.to_string()))?;
                    let after = replay::advance(GameKind::Kuba, None, &base, &[&text], ply as u32)?;
                    let m = RecordMove { game, ply: ply as u32, base_code: base, seat, text, after, now: 0 };
                    record_move(tx, &m, &config)?;
                }
                Ok(plies)
            };
            let mut games = Vec::with_capacity(GAMES);
            for _ in 0..GAMES {
                let (id, _) = create_game(tx, &new)?;
                play(id, MOVES_PER_GAME)?;
                games.push(id);
            }
            let long = loop {
                let (id, _) = create_game(tx, &new)?;
                if play(id, 200)? == 200 {
                    break id;
                }
            };
            Ok((games, long))
        })
        .expect("fill");
    (store, games, long)
}

/// Latencies gathered by one scenario, printed as percentiles at the end.
#[derive(Default)]
struct Samples(Mutex<Vec<Duration>>);

impl Samples {
    fn push(&self, d: Duration) {
        if let Ok(mut v) = self.0.lock() {
            v.push(d);
        }
    }

    /// p50, p90, p99, p99.9 and the maximum in milliseconds, and the sample count.
    fn percentiles(&self) -> ([f64; 5], usize) {
        let mut v = self.0.lock().map(|v| v.clone()).unwrap_or_default();
        v.sort();
        let at = |q: f64| v.get(((v.len() as f64 - 1.0) * q).round() as usize).map_or(0.0, |d| d.as_secs_f64() * 1e3);
        ([at(0.5), at(0.9), at(0.99), at(0.999), at(1.0)], v.len())
    }
}

/// A thread's own supply of moves: its games, and moves computed ahead of time so
/// that the timed part is the store alone (and the two cores are not busy finding
/// moves while the writer works).
struct Player {
    games: Vec<GameId>,
    next_game: usize,
    queue: std::collections::VecDeque<(GameId, u32, String)>,
    rng: Rng,
}

impl Player {
    fn new(games: Vec<GameId>, seed: u64) -> Player {
        Player { games, next_game: 0, queue: Default::default(), rng: Rng(seed | 1) }
    }

    /// Queues quiet moves of the next games until `n` are waiting.
    fn prepare(&mut self, store: &Store, n: usize) {
        while self.queue.len() < n {
            let game = self.games[self.next_game % self.games.len()];
            self.next_game += 1;
            let record = store.load_game(game).expect("load");
            let mut ply = record.ply + self.queue.iter().filter(|(g, _, _)| *g == game).count() as u32;
            if ply != record.ply {
                // Still has queued moves: every game is used once per lap.
                continue;
            }
            let mut position =
                Position::setup(GameKind::Kuba, Some(&record.code), Some(&record.settings)).expect("code");
            for _ in 0..50 {
                let Some(text) = quiet_move(&position, &mut self.rng) else { break };
                position.play_text(&text).expect("legal");
                ply += 1;
                self.queue.push_back((game, ply, text));
            }
        }
    }

    /// Stores one move and returns how long the store took.
    fn play(&mut self, store: &Store) -> Duration {
        if self.queue.is_empty() {
            self.prepare(store, 1);
        }
        let (game, ply, text) = self.queue.pop_front().expect("a prepared move");
        let start = Instant::now();
        store.play_move(game, ply, &text, 1).expect("stored");
        start.elapsed()
    }
}

/// One 4 KiB write in place and fsync, like the commit of a small WAL frame (the WAL
/// is reused from its start after a checkpoint, so its size rarely changes).
fn fsync_once(file: &mut std::fs::File, page: &[u8]) -> Duration {
    let start = Instant::now();
    file.seek(std::io::SeekFrom::Start(0)).expect("seek");
    file.write_all(page).expect("write");
    file.sync_data().expect("fsync");
    start.elapsed()
}

fn main() {
    let dir: PathBuf = std::env::temp_dir().join(format!("boardbot-bench-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("bench folder");
    let path = dir.join("bench.sqlite");
    let started = Instant::now();
    let (store, games, long) = fill(&path);
    let store = Arc::new(store);
    eprintln!(
        "filled {} games ({} MB) in {:.1} s",
        games.len() + 1,
        std::fs::metadata(&path).map_or(0, |m| m.len() / 1_000_000),
        started.elapsed().as_secs_f64()
    );

    let mut c = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(8))
        .configure_from_args();

    let fsync = Samples::default();
    let single = Samples::default();
    let concurrent = Samples::default();
    let load = Samples::default();

    {
        let mut file = std::fs::File::create(dir.join("fsync.probe")).expect("probe file");
        let page = vec![7u8; 4096];
        fsync_once(&mut file, &page);
        c.bench_function("fsync of 4 KiB (the floor)", |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let d = fsync_once(&mut file, &page);
                    fsync.push(d);
                    total += d;
                }
                total
            })
        });
    }

    {
        let mut player = Player::new(games[..GAMES / 2].to_vec(), 42);
        player.prepare(&store, 4_000);
        c.bench_function("one writer: one stored move", |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let d = player.play(&store);
                    single.push(d);
                    total += d;
                }
                total
            })
        });
    }

    {
        let rest = &games[GAMES / 2..];
        let players: Vec<Arc<Mutex<Player>>> = (0..CONCURRENT)
            .map(|t| {
                let mine: Vec<GameId> = rest.iter().skip(t).step_by(CONCURRENT).copied().collect();
                let mut player = Player::new(mine, 1_000 + t as u64);
                player.prepare(&store, 1_000);
                Arc::new(Mutex::new(player))
            })
            .collect();
        let before = store.writer_stats();
        let mut group = c.benchmark_group("64 games at once");
        group.throughput(Throughput::Elements(1));
        group.bench_function("durable move (time per move = 1 / throughput)", |b| {
            b.iter_custom(|iters| {
                let per_thread = iters.div_ceil(CONCURRENT as u64);
                let start = Instant::now();
                std::thread::scope(|s| {
                    for player in &players {
                        let (store, concurrent) = (&store, &concurrent);
                        s.spawn(move || {
                            let mut player = player.lock().expect("player");
                            for _ in 0..per_thread {
                                concurrent.push(player.play(store));
                            }
                        });
                    }
                });
                // Time per move overall: the wall time shared by every move made.
                start.elapsed().mul_f64(iters as f64 / (per_thread * CONCURRENT as u64) as f64)
            })
        });
        group.finish();
        let after = store.writer_stats();
        let (commits, jobs) = (after.commits - before.commits, after.jobs - before.jobs);
        println!(
            "64 at once: {jobs} moves in {commits} commits ({:.1} a commit, largest {}), {:.2} ms a batch of which {:.2} ms committing",
            jobs as f64 / commits.max(1) as f64,
            after.largest_batch,
            (after.busy_micros - before.busy_micros) as f64 / 1e3 / commits.max(1) as f64,
            (after.commit_micros - before.commit_micros) as f64 / 1e3 / commits.max(1) as f64
        );
    }

    c.bench_function("load a 200-move game by id", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                let record = store.load_game(black_box(long)).expect("load");
                let d = start.elapsed();
                assert_eq!(record.moves.len(), 200);
                load.push(d);
                total += d;
            }
            total
        })
    });

    c.final_summary();
    println!("\nstore latency percentiles (ms)        p50      p90      p99    p99.9      max  samples");
    for (name, samples) in [
        ("fsync 4 KiB in place (the floor)", &fsync),
        ("one writer, stored move", &single),
        ("64 at once, stored move", &concurrent),
        ("load a 200-move game", &load),
    ] {
        let ([p50, p90, p99, p999, max], n) = samples.percentiles();
        println!("  {name:<34} {p50:>8.3} {p90:>8.3} {p99:>8.3} {p999:>8.3} {max:>8.3} {n:>8}");
    }
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
