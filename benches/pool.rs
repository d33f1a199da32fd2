//! The computer's pool under load (`cargo bench --bench pool`), three scenarios:
//!
//! 1. **Twenty people playing `hard`** on the configured workers (default: one per
//!    core), each answering the computer at once, so the pool is never idle: the
//!    time from a move being due to the computer's move (p50, p99, max against
//!    the promise, twice the level's budget), the budget scales granted, and the
//!    queue's length over time.
//! 2. **A hostile player**: one owner submits 1,000 `hard` jobs at once, then
//!    another owner one `easy` job: how long the second waits for its move.
//! 3. **People's own moves while every worker thinks**: a `move` request through
//!    the service (find the game, check, store durably, draw the board), one every
//!    few milliseconds, without load and then with the twenty `hard` games
//!    thinking, measured by criterion in the same run; p50 and p99 printed at the
//!    end.
//!
//! `BENCH_POOL_WORKERS=N` sets the workers, `BENCH_POOL_MOVES=N` the moves per
//! person in scenario 1 (5), `BENCH_POOL_SCENARIOS=twenty,hostile,people` which
//! scenarios run (all).

mod common;

use common::{kuba_game, quiet_move, Rng as BenchRng};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use boardbot::ai::pool::{default_workers, PROMISE};
use boardbot::ai::{position_key, Grant, Job, Level, MoveRequest, Pool, PoolConfig, Rng};
use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::service::{Actor, Command, GameRef, Place, Request, Service, ServiceOptions, SystemClock};
use boardbot::store::test_support::{record_move, RecordMove};
use boardbot::store::{all_games, create_game, load_game, replay, upsert_player, Store};
use criterion::Criterion;

/// People playing the computer at once.
const PEOPLE: usize = 20;

/// One person's game against the computer: the position, its history, and a
/// generator for the person's replies.
struct Game {
    position: Position,
    history: Vec<u64>,
    rng: Rng,
}

impl Game {
    /// A game of `kind` a few random moves in.
    fn new(kind: GameKind, seed: u64) -> Game {
        let mut rng = Rng::new(seed);
        let mut position = Position::start(&kind.default_settings());
        let mut history = vec![position_key(&position)];
        for _ in 0..6 {
            if !Game::reply(&mut position, &mut rng) {
                break;
            }
            history.push(position_key(&position));
        }
        Game { position, history, rng }
    }

    /// Plays a random move that does not end the game; false when there is none.
    fn reply(position: &mut Position, rng: &mut Rng) -> bool {
        let legal = position.legal_moves();
        for _ in 0..8 {
            if legal.is_empty() {
                return false;
            }
            let mut next = position.clone();
            if next.play(&legal[rng.below(legal.len())]).is_ok() && !next.is_over() {
                *position = next;
                return true;
            }
        }
        false
    }

    /// The computer's move at `level` within `grant`, then the person's reply (a
    /// new game when either ends it).
    fn computer_moves(&mut self, level: Level, grant: Grant, seed: u64) {
        let player = level.player();
        let request =
            MoveRequest { position: &self.position, player: &player, seed, history: &self.history, scale: grant.scale };
        let moved = request.run().ok().and_then(|r| self.position.play_text(&r.mv).ok()).is_some();
        self.history.push(position_key(&self.position));
        if !moved || self.position.is_over() || !Game::reply(&mut self.position, &mut self.rng) {
            *self = Game::new(self.position.kind(), self.rng.next_u64());
        } else {
            self.history.push(position_key(&self.position));
        }
    }
}

/// What one finished job reports.
struct Done {
    owner: usize,
    total: Duration,
    scale: f64,
}

/// Keeps `PEOPLE` games against `hard` going on `pool`, each person answering at
/// once, until `moves` moves each (or `stop`). Returns every job's report.
fn twenty_hard(pool: &Pool<usize>, moves: usize, stop: &AtomicBool) -> Vec<Done> {
    let (tx, rx) = mpsc::channel::<(Done, Game)>();
    let level = Level::Hard;
    let submit = |owner: usize, mut game: Game, ply: u64| {
        let tx = tx.clone();
        let due = Instant::now();
        let job = Job::new(owner, due, level.full_budget(), move |grant| {
            game.computer_moves(level, grant, owner as u64 * 1_000 + ply);
            let _ = tx.send((Done { owner, total: due.elapsed(), scale: grant.scale }, game));
        });
        pool.submit(job).is_ok()
    };
    for owner in 0..PEOPLE {
        let kind = GameKind::ALL[owner % GameKind::ALL.len()];
        submit(owner, Game::new(kind, owner as u64 + 1), 0);
    }
    let mut done = Vec::new();
    let mut made = [0usize; PEOPLE];
    let mut running = PEOPLE;
    while running > 0 {
        let Ok((report, game)) = rx.recv_timeout(Duration::from_secs(60)) else { break };
        let owner = report.owner;
        made[owner] += 1;
        done.push(report);
        if made[owner] < moves && !stop.load(Ordering::Relaxed) && submit(owner, game, made[owner] as u64) {
            continue;
        }
        running -= 1;
    }
    done
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted.get(((sorted.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0)
}

/// Scenario 1.
fn scenario_twenty(workers: usize, moves: usize) {
    let pool: Arc<Pool<usize>> = Arc::new(Pool::start(PoolConfig::new(workers)).expect("pool"));
    let stop = AtomicBool::new(false);
    let samples: Mutex<Vec<(f64, usize)>> = Mutex::new(Vec::new());
    let start = Instant::now();
    let finished = AtomicBool::new(false);
    let done = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                let waiting = pool.stats().waiting;
                if let Ok(mut s) = samples.lock() {
                    s.push((start.elapsed().as_secs_f64(), waiting));
                }
                std::thread::sleep(Duration::from_millis(250));
            }
        });
        let done = twenty_hard(&pool, moves, &stop);
        finished.store(true, Ordering::Relaxed);
        done
    });
    let promise = PROMISE * Level::Hard.full_budget().as_secs_f64();
    let mut totals: Vec<f64> = done.iter().map(|d| d.total.as_secs_f64()).collect();
    totals.sort_by(f64::total_cmp);
    let mut scales: Vec<f64> = done.iter().map(|d| d.scale).collect();
    scales.sort_by(f64::total_cmp);
    let late = totals.iter().filter(|&&t| t > promise).count();
    println!(
        "{PEOPLE} people playing hard on {workers} workers, {} computer moves in {:.1} s:",
        done.len(),
        start.elapsed().as_secs_f64()
    );
    println!(
        "  due to move: p50 {:.2} s  p99 {:.2} s  max {:.2} s  (promise {promise:.1} s, target p99 <= 6 s: {}; {late} later than the promise)",
        percentile(&totals, 0.5),
        percentile(&totals, 0.99),
        totals.last().copied().unwrap_or(0.0),
        if percentile(&totals, 0.99) <= 6.0 { "met" } else { "NOT met" }
    );
    println!(
        "  budget scale granted: min {:.2}  p50 {:.2}  max {:.2}",
        scales.first().copied().unwrap_or(0.0),
        percentile(&scales, 0.5),
        scales.last().copied().unwrap_or(0.0)
    );
    let series = samples.lock().map(|s| s.clone()).unwrap_or_default();
    let line: Vec<String> = series.iter().step_by(4).map(|(t, q)| format!("{t:.0}s:{q}")).collect();
    println!("  queue length over time (every second): {}", line.join(" "));
    let stats = pool.stats();
    println!(
        "  pool: {} done, {} shrunk, {} late, peak queue {}, mean think {:.2} s",
        stats.done,
        stats.shrunk,
        stats.late,
        stats.peak_waiting,
        stats.thought.as_secs_f64() / stats.done.max(1) as f64
    );
}

/// Scenario 2.
fn scenario_hostile(workers: usize) {
    let pool: Pool<&'static str> = Pool::start(PoolConfig::new(workers)).expect("pool");
    let position = Game::new(GameKind::Kuba, 7).position;
    let t0 = Instant::now();
    for i in 0..1_000u64 {
        let p = position.clone();
        let job = Job::new("hostile", t0, Level::Hard.full_budget(), move |grant: Grant| {
            let player = Level::Hard.player();
            let _ = MoveRequest { position: &p, player: &player, seed: i, history: &[], scale: grant.scale }.run();
        });
        pool.submit(job).expect("submit");
    }
    std::thread::sleep(Duration::from_millis(10));
    let (tx, rx) = mpsc::channel();
    let due = Instant::now();
    let p = position.clone();
    let job = Job::new("other", due, Level::Easy.full_budget(), move |grant: Grant| {
        let player = Level::Easy.player();
        let _ = MoveRequest { position: &p, player: &player, seed: 1, history: &[], scale: grant.scale }.run();
        let _ = tx.send((due.elapsed(), grant));
    });
    pool.submit(job).expect("submit");
    match rx.recv_timeout(Duration::from_secs(300)) {
        Ok((took, grant)) => println!(
            "one player's 1,000 hard jobs, then another player's easy job: its move after {:.3} s (waited {:.3} s behind {} jobs, scale {:.2})",
            took.as_secs_f64(),
            grant.waited.as_secs_f64(),
            grant.queued,
            grant.scale
        ),
        Err(_) => println!("the other player's easy job was not served within 300 s"),
    }
    // Dropping the pool drops the hostile jobs still waiting.
    drop(pool);
}

/// A database of `games` Kuba games between alice and bob, a few moves in.
fn fill(path: &Path, games: usize) {
    let store = Store::open(path).expect("open");
    store
        .write(move |tx| {
            let a = upsert_player(tx, Platform::Terminal, "alice", "alice", 0)?;
            let b = upsert_player(tx, Platform::Terminal, "bob", "bob", 0)?;
            let new = kuba_game(a, b, boardbot::store::Place { channel: Some("general".into()), thread: None });
            let config = boardbot::rating::RatingConfig::default();
            let mut rng = BenchRng(0x9e37_79b9_7f4a_7c15);
            for _ in 0..games {
                let (game, _) = create_game(tx, &new)?;
                let mut position = Position::start(&GameKind::Kuba.default_settings());
                for ply in 1..=4u32 {
                    let Some(text) = quiet_move(&position, &mut rng) else { break };
                    let base = position.code();
                    let seat = position.to_move().0;
                    position.play_text(&text).map_err(|e| boardbot::store::StoreError::Invalid(e.to_string()))?;
                    let after = replay::advance(GameKind::Kuba, None, &base, &[&text], ply)?;
                    record_move(tx, &RecordMove { game, ply, base_code: base, seat, text, after, now: 0 }, &config)?;
                }
            }
            Ok(())
        })
        .expect("fill");
}

/// The people's games of scenario 3, played in turn.
struct HumanMoves {
    list: Vec<(String, Position)>,
    next: usize,
    rng: BenchRng,
    times: Vec<Duration>,
    /// Requests the service answered with anything but the board (logged).
    failed: usize,
}

/// The pause before each person's move, not timed: people's requests arrive one at a
/// time, and the thread that serves them waits in between (back to back, the
/// benchmark itself would be a third thread competing for the CPU all the time).
const PAUSE: Duration = Duration::from_millis(5);

impl HumanMoves {
    fn play(&mut self, service: &Service) -> Duration {
        std::thread::sleep(PAUSE);
        loop {
            let i = self.next % self.list.len();
            self.next += 1;
            let (id, position) = &mut self.list[i];
            let Some(text) = quiet_move(position, &mut self.rng) else { continue };
            let who = if position.to_move().0 == 0 { "alice" } else { "bob" };
            let request = Request {
                actor: Actor::new(Platform::Terminal, who, who),
                place: Place { channel: Some("general".into()), ..Place::default() },
                command: Command::Move {
                    game: GameRef { kind: GameKind::Kuba, id: Some(id.clone()) },
                    text: text.clone(),
                    at: None,
                },
                via: Default::default(),
            };
            let start = Instant::now();
            let replies = service.handle(&request);
            let took = start.elapsed();
            if replies.first().is_some_and(|r| r.board().is_some()) {
                position.play_text(&text).expect("legal");
            } else {
                self.failed += 1;
                eprintln!("a move was not played: {replies:?}");
            }
            self.times.push(took);
            return took;
        }
    }

    fn percentiles(&mut self) -> (f64, f64, usize) {
        let mut v: Vec<f64> = self.times.drain(..).map(|d| d.as_secs_f64() * 1e3).collect();
        v.sort_by(f64::total_cmp);
        (percentile(&v, 0.5), percentile(&v, 0.99), v.len())
    }
}

/// Scenario 3.
fn scenario_people(workers: usize) {
    let dir: PathBuf = std::env::temp_dir().join(format!("boardbot-bench-pool-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("bench folder");
    let path = dir.join("bench.sqlite");
    fill(&path, 200);
    let service = Service::start(Store::open(&path).expect("open"), Arc::new(SystemClock), ServiceOptions::default())
        .expect("service");
    let list = service
        .store()
        .read(|tx| {
            let mut out = Vec::new();
            for id in all_games(tx)? {
                let record = load_game(tx, id)?;
                let position = Position::setup(GameKind::Kuba, Some(&record.code), Some(&record.settings))
                    .map_err(|e| boardbot::store::StoreError::Invalid(e.to_string()))?;
                out.push((record.public_id.to_string(), position));
            }
            Ok(out)
        })
        .expect("load");
    let mut people = HumanMoves { list, next: 0, rng: BenchRng(42), times: Vec::new(), failed: 0 };
    let mut c = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(10))
        .configure_from_args();
    c.bench_function("move request, computer idle", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| people.play(&service)).sum())
    });
    let idle = people.percentiles();

    let pool: Pool<usize> = Pool::start(PoolConfig::new(workers)).expect("pool");
    let stop = AtomicBool::new(false);
    /// Stops the load however the measurement ends, so the scope can close.
    struct Stop<'a>(&'a AtomicBool);
    impl Drop for Stop<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    let loaded = std::thread::scope(|scope| {
        let load = scope.spawn(|| twenty_hard(&pool, usize::MAX, &stop));
        let _stop = Stop(&stop);
        // Let every worker start thinking before measuring.
        std::thread::sleep(Duration::from_secs(1));
        c.bench_function("move request, 20 hard games thinking", |b| {
            b.iter_custom(|iters| (0..iters).map(|_| people.play(&service)).sum())
        });
        let loaded = people.percentiles();
        let busy = pool.stats();
        stop.store(true, Ordering::Relaxed);
        let _ = load.join();
        (loaded, busy)
    });
    c.final_summary();
    let ((l50, l99, ln), busy) = loaded;
    println!(
        "move request, computer idle:            p50 {:.2} ms  p99 {:.2} ms  ({} samples)",
        idle.0, idle.1, idle.2
    );
    println!(
        "move request, 20 hard games thinking:   p50 {l50:.2} ms  p99 {l99:.2} ms  ({ln} samples; {} of {} workers busy, {} waiting; target p99 <= 20 ms: {})",
        busy.running,
        busy.workers,
        busy.waiting,
        if l99 <= 20.0 { "met" } else { "NOT met" }
    );
    drop(service);
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    // The service's own errors (an apology to the player) are logged here.
    let _ = tracing_subscriber::fmt().with_writer(std::io::stderr).with_max_level(tracing::Level::WARN).try_init();
    let workers = std::env::var("BENCH_POOL_WORKERS").ok().and_then(|w| w.parse().ok()).unwrap_or_else(default_workers);
    let moves = std::env::var("BENCH_POOL_MOVES").ok().and_then(|w| w.parse().ok()).unwrap_or(5);
    let only = std::env::var("BENCH_POOL_SCENARIOS").unwrap_or_default();
    let wanted = |name: &str| only.trim().is_empty() || only.split(',').any(|s| s.trim() == name);
    if wanted("twenty") {
        scenario_twenty(workers, moves);
    }
    if wanted("hostile") {
        scenario_hostile(workers);
    }
    if wanted("people") {
        scenario_people(workers);
    }
}
