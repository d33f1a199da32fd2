//! Storage speed with 10,000 games in a database file on disk, durability as in
//! production (WAL, `synchronous=FULL`): the latency of one stored move next to the
//! disk's own fsync latency, durable moves per second with 64 games submitting at
//! once (group commit), and loading a 200-move game. Percentiles are printed at the
//! end. `cargo bench --bench store`.

use std::hint::black_box;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::store::{
    create_game, record_move, replay, upsert_player, GameId, NewGame, Place, RecordMove, SeatHolder, Store,
};
use criterion::{Criterion, Throughput};

const GAMES: usize = 10_000;
const MOVES_PER_GAME: usize = 20;
const CONCURRENT: usize = 64;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random legal move that does not end the game, if there is one.
fn quiet_move(game: &Position, rng: &mut Rng) -> Option<String> {
    let legal = game.legal_moves();
    for _ in 0..8 {
        let m = legal.get(rng.below(legal.len().max(1)))?;
        let mut next = game.clone();
        if next.play(m).is_ok() && next.outcome().is_none() {
            return Some(m.to_string());
        }
    }
    None
}

/// The database: 10,000 Kuba games of 20 moves, and one game of 200 moves. Returns
/// the store, the ids of the games and the long game.
fn fill(path: &Path) -> (Store, Vec<GameId>, GameId) {
    let store = Store::open(path).expect("open");
    let (games, long) = store
        .write(|tx| {
            let a = upsert_player(tx, Platform::Terminal, "a", "Alice", 0)?;
            let b = upsert_player(tx, Platform::Terminal, "b", "Bob", 0)?;
            let new = NewGame {
                kind: GameKind::Kuba,
                settings: None,
                start_code: None,
                rated: false,
                time_control: None,
                community: None,
                place: Place::default(),
                seats: vec![SeatHolder::Player(a), SeatHolder::Player(b)],
                turn_deadline: None,
                now: 0,
            };
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

    fn percentiles(&self) -> (f64, f64, usize) {
        let mut v = self.0.lock().map(|v| v.clone()).unwrap_or_default();
        v.sort();
        let at = |q: f64| v.get(((v.len() as f64 - 1.0) * q).round() as usize).map_or(0.0, |d| d.as_secs_f64() * 1e3);
        (at(0.5), at(0.99), v.len())
    }
}

/// A thread's own supply of games: the next move of its current game, moving on to
/// another of its games when one gets near its end.
struct Player {
    games: Vec<GameId>,
    next: usize,
    current: GameId,
    position: Position,
    ply: u32,
    rng: Rng,
}

impl Player {
    fn new(store: &Store, games: Vec<GameId>, seed: u64) -> Player {
        let first = games[0];
        let mut p = Player {
            games,
            next: 1,
            current: first,
            position: Position::start(&GameKind::Kuba.default_settings()),
            ply: 0,
            rng: Rng(seed | 1),
        };
        p.load(store, first);
        p
    }

    fn load(&mut self, store: &Store, game: GameId) {
        let record = store.load_game(game).expect("load");
        self.current = game;
        self.position = Position::setup(GameKind::Kuba, Some(&record.code), Some(&record.settings)).expect("code");
        self.ply = record.ply;
    }

    /// Stores one move and returns how long the store took.
    fn play(&mut self, store: &Store) -> Duration {
        loop {
            if let Some(text) = quiet_move(&self.position, &mut self.rng) {
                let start = Instant::now();
                store.play_move(self.current, self.ply + 1, &text, 1).expect("stored");
                let took = start.elapsed();
                self.position.play_text(&text).expect("legal");
                self.ply += 1;
                return took;
            }
            let next = self.games[self.next % self.games.len()];
            self.next += 1;
            self.load(store, next);
        }
    }
}

/// One 4 KiB append and fsync, like the commit of a small WAL frame.
fn fsync_once(file: &mut std::fs::File, page: &[u8]) -> Duration {
    let start = Instant::now();
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
        let mut player = Player::new(&store, games[..GAMES / 2].to_vec(), 42);
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
                Arc::new(Mutex::new(Player::new(&store, mine, 1_000 + t as u64)))
            })
            .collect();
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
    let (f50, f99, fn_) = fsync.percentiles();
    let (s50, s99, sn) = single.percentiles();
    let (c50, c99, cn) = concurrent.percentiles();
    let (l50, l99, ln) = load.percentiles();
    println!("\nstore percentiles (ms):");
    println!("  fsync 4 KiB (floor)         p50 {f50:.3}  p99 {f99:.3}  ({fn_} samples)");
    println!("  one writer, stored move     p50 {s50:.3}  p99 {s99:.3}  ({sn} samples)");
    println!("  64 at once, stored move     p50 {c50:.3}  p99 {c99:.3}  ({cn} samples)");
    println!("  load 200-move game          p50 {l50:.3}  p99 {l99:.3}  ({ln} samples)");
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
