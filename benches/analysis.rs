//! The computer's review of a game (`boardbot::ai::review`), at the default playouts
//! (`[analysis] playouts`, 2,000 per position):
//!
//! 1. **A 60-move game of each kind**, reviewed whole on the calling thread: the CPU
//!    time it took (read from Linux's `/proc/thread-self/schedstat`, which other work
//!    on a busy machine does not inflate as it does wall-clock time). The games are
//!    seeded random moves that do not end them; Kewbz's and Cabale's default games
//!    end before 60 moves, so Kewbz is played on 10 × 10 with 80 cubes, and Cabale
//!    with three players (its longest game) and reported per 60 moves as well.
//!    Target: at most 20 s of one core each.
//! 2. **Two seeds**: the labels of two reviews of each game of
//!    `tests/fixtures/analysis/` (`medium` against `random`) with different seeds,
//!    and how many agree.
//! 3. **Behind people's games**: a person's computer moves (`medium`'s search, 3,000
//!    playouts) falling due every 300 ms on the computer's pool, alone and while a
//!    review runs on the same pool as background jobs (one position each): how long
//!    each move waited for a worker, with 2 workers and with 1.
//! 4. Criterion: one position's search (a review's job) in a midgame of each kind.
//!
//! `cargo bench --bench analysis`; `BENCH_ANALYSIS=games,seeds,pool` picks parts 1–3
//! (all by default).

mod common;

use std::hint::black_box;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boardbot::ai::review::{review, review_player, ReviewBudget, Reviewer};
use boardbot::ai::{game_history, Budget, Job, MctsConfig, MoveRequest, Player, Pool, PoolConfig};
use boardbot::games::{GameKind, Position, Settings};
use common::{quiet_move, Rng};
use criterion::{criterion_group, criterion_main, Criterion};

/// Moves of the reviewed games.
const MOVES: usize = 60;

/// The CPU time this thread has used, in nanoseconds, where Linux tells it.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn wanted(part: &str) -> bool {
    std::env::var("BENCH_ANALYSIS").map_or(true, |v| v.split(',').any(|p| p.trim() == part))
}

/// The settings of a kind's long game: Kewbz's default game ends before 60 moves.
fn settings(kind: GameKind) -> Settings {
    match kind {
        GameKind::Kewbz => Settings::from_json(kind, r#"{"size":10,"cubes":80}"#).expect("Kewbz options"),
        GameKind::Cabale => Settings::from_json(kind, r#"{"players":3}"#).expect("Cabale options"),
        _ => kind.default_settings(),
    }
}

/// Up to [`MOVES`] seeded random moves that do not end the game.
fn game(kind: GameKind) -> Vec<String> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut position = Position::start(&settings(kind));
    let mut moves = Vec::new();
    while moves.len() < MOVES {
        let Some(text) = quiet_move(&position, &mut rng) else { break };
        position.play_text(&text).unwrap_or_else(|e| panic!("{kind}: {text}: {e}"));
        moves.push(text);
    }
    moves
}

/// Part 1: a whole review of each kind's game.
fn games() {
    for &kind in GameKind::ALL {
        let moves = game(kind);
        let (cpu, wall) = (thread_cpu_ns(), Instant::now());
        let done = review(&settings(kind), None, &moves, ReviewBudget::default()).expect("a review");
        let wall = wall.elapsed().as_secs_f64();
        let cpu = thread_cpu_ns().zip(cpu).map(|(after, before)| (after - before) as f64 / 1e9);
        let per = |secs: f64| secs * (MOVES + 1) as f64 / (moves.len() + 1) as f64;
        let cpu = cpu.map_or("no CPU time on this system".to_string(), |s| {
            format!("{s:.1} s of CPU ({:.1} s per {MOVES} moves)", per(s))
        });
        let sure = done.plies.iter().filter(|p| p.trusted).count();
        eprintln!(
            "review {kind} ({}): {} moves at {} playouts: {cpu}, {wall:.1} s of wall time; {sure} moves sure",
            settings(kind).to_json(),
            moves.len(),
            done.playouts
        );
    }
}

/// Part 2: two seeds on the fixture games.
fn seeds() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/analysis");
    let (mut agree, mut all) = (0, 0);
    for &kind in GameKind::ALL {
        for seat in [1, 2] {
            let path = dir.join(format!("{kind}-medium-seat{seat}.txt"));
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let moves: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
            let settings = kind.default_settings();
            let a = review(&settings, None, &moves, ReviewBudget { seed: 1, ..ReviewBudget::default() });
            let b = review(&settings, None, &moves, ReviewBudget { seed: 2, ..ReviewBudget::default() });
            let (a, b) = (a.expect("a review"), b.expect("a review"));
            let same = a.plies.iter().zip(&b.plies).filter(|(x, y)| x.label == y.label).count();
            eprintln!("seeds {kind} (medium in seat {seat}): {same} of {} labels agree", moves.len());
            agree += same;
            all += moves.len();
        }
    }
    if all > 0 {
        eprintln!("seeds: {agree} of {all} labels agree ({:.0} %)", 100.0 * agree as f64 / all as f64);
    }
}

/// A review made one position a job, each job queueing the next, as the service does.
fn review_chain(pool: &Arc<Pool<u32>>, mut reviewer: Reviewer, done: mpsc::Sender<()>) {
    let weak = Arc::downgrade(pool);
    let job = Job::background(0, Duration::from_millis(100), move |_| {
        let more = reviewer.step().expect("a position searched");
        match (more, weak.upgrade()) {
            (true, Some(pool)) => review_chain(&pool, reviewer, done),
            _ => {
                let _ = done.send(());
            }
        }
    });
    pool.submit(job).expect("submitted");
}

/// Percentiles of `ms`, sorted in place: p50, p99, max.
fn spread(ms: &mut [f64]) -> String {
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    format!("p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms", at(0.5), at(0.99), at(1.0))
}

/// Part 3: people's moves with and without a review on the pool.
fn pool() {
    let kind = GameKind::Nuba;
    let moves = game(kind);
    let medium =
        Player::Mcts(MctsConfig { budget: Budget::playouts(3_000).expect("a budget"), ..MctsConfig::medium() });
    let start = Position::start(&kind.default_settings());
    let (position, history) = game_history(&start, &moves[..20]).expect("a midgame");
    for workers in [2, 1] {
        for with_review in [false, true] {
            let pool = Arc::new(Pool::start(PoolConfig::new(workers)).expect("a pool"));
            let (review_done, reviewed) = mpsc::channel();
            if with_review {
                // Two reviews, as two people may ask at once: more than one worker's worth.
                for seed in [1, 2] {
                    let reviewer =
                        Reviewer::new(&settings(kind), None, &moves, ReviewBudget { seed, ..ReviewBudget::default() })
                            .expect("a review");
                    review_chain(&pool, reviewer, review_done.clone());
                }
            }
            let waits = Arc::new(Mutex::new(Vec::new()));
            let (position, history, medium) =
                (Arc::new(position.clone()), Arc::new(history.clone()), Arc::new(medium.clone()));
            for i in 0..20u64 {
                std::thread::sleep(Duration::from_millis(300));
                let (waits, position, history, medium) =
                    (Arc::clone(&waits), Arc::clone(&position), Arc::clone(&history), Arc::clone(&medium));
                let job = Job::new(1, Instant::now(), Duration::from_millis(900), move |grant| {
                    let request = MoveRequest {
                        position: &position,
                        player: &medium,
                        seed: i,
                        history: &history,
                        scale: grant.scale,
                    };
                    black_box(request.run().expect("a move"));
                    waits.lock().expect("the waits").push(grant.waited.as_secs_f64() * 1e3);
                });
                pool.submit(job).expect("submitted");
            }
            // The moves first; the reviews go on behind them.
            while waits.lock().expect("the waits").len() < 20 {
                std::thread::sleep(Duration::from_millis(20));
            }
            let mut waited = waits.lock().expect("the waits").clone();
            let reviews = if with_review { "while 2 reviews run" } else { "alone" };
            eprintln!("pool, {workers} workers, a move every 300 ms {reviews}: waited {}", spread(&mut waited));
            drop(reviewed);
            drop(pool);
        }
    }
}

fn bench(c: &mut Criterion) {
    if wanted("games") {
        games();
    }
    if wanted("seeds") {
        seeds();
    }
    if wanted("pool") {
        pool();
    }
    let mut group = c.benchmark_group("review_position");
    group.sample_size(10);
    let player = review_player(ReviewBudget::default().playouts).expect("a player");
    for &kind in GameKind::ALL {
        let moves = game(kind);
        let start = Position::start(&settings(kind));
        let (position, history) = game_history(&start, &moves[..moves.len().min(20)]).expect("a midgame");
        group.bench_function(kind.name(), |b| {
            b.iter(|| {
                MoveRequest { position: &position, player: &player, seed: 1, history: &history, scale: 1.0 }.run()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
