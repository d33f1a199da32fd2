//! A `move` request end to end through the service — find the game, check the
//! actor and the move, apply it, store it durably (WAL, `synchronous=FULL`), render
//! the PNG — with 10,000 games in progress in a database file on disk, next to the
//! disk's own fsync latency measured in the same run; then the resident memory after
//! the service has started on (and read) those 10,000 games. Percentiles are printed
//! at the end. `cargo bench --bench service`.

mod common;

use common::{kuba_game, quiet_move, Rng};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::lang::Lang;
use boardbot::service::{Actor, Command, GameRef, Place, Request, Service, ServiceOptions, SystemClock};
use boardbot::store::test_support::{record_move, RecordMove};
use boardbot::store::{all_games, create_game, load_game, replay, upsert_player, GameId, Store};
use criterion::Criterion;

const GAMES: usize = 10_000;
const MOVES_PER_GAME: usize = 6;

/// 10,000 Kuba games in progress between two players, a few moves into each.
fn fill(path: &Path) {
    let store = Store::open(path).expect("open");
    store
        .write(|tx| {
            let a = upsert_player(tx, Platform::Terminal, "alice", "alice", 0)?;
            let b = upsert_player(tx, Platform::Terminal, "bob", "bob", 0)?;
            let new = kuba_game(a, b, boardbot::store::Place { channel: Some("general".into()), thread: None });
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

/// The games the benchmark plays in turn, with their positions kept beside.
struct Games {
    list: Vec<(GameId, String, Position)>,
    next: usize,
    rng: Rng,
}

impl Games {
    /// Sends one `move` request and returns how long the service took.
    fn play(&mut self, service: &Service) -> Duration {
        loop {
            let i = self.next % self.list.len();
            self.next += 1;
            let (_, id, position) = &mut self.list[i];
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
            // End to end: the words and the picture the platform posts, as an adapter
            // makes them.
            let grammar = boardbot::present::Plain::default();
            let drawn: Vec<_> = replies
                .iter()
                .map(|r| {
                    let words = boardbot::present::say(&r.message, Lang::En, &grammar);
                    let picture =
                        r.picture.as_ref().map(|p| boardbot::present::draw(p, Lang::En, service.picture_px(), None));
                    (words, picture)
                })
                .collect();
            let took = start.elapsed();
            assert!(
                drawn.first().is_some_and(|(_, p)| p.as_ref().is_some_and(|p| p.is_ok()))
                    && replies.first().is_some_and(|r| !r.only_actor),
                "the move was refused: {replies:?}"
            );
            position.play_text(&text).expect("legal");
            return took;
        }
    }
}

/// One 4 KiB append and fsync, like the commit of a small WAL frame.
fn fsync_once(file: &mut std::fs::File, page: &[u8]) -> Duration {
    let start = Instant::now();
    file.write_all(page).expect("write");
    file.sync_all().expect("fsync");
    start.elapsed()
}

/// Resident memory of this process in MB (Linux: /proc/self/statm).
fn resident_mb() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096.0 / 1e6)
}

fn main() {
    let dir: PathBuf = std::env::temp_dir().join(format!("boardbot-bench-service-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("bench folder");
    let path = dir.join("bench.sqlite");
    let started = Instant::now();
    fill(&path);
    eprintln!(
        "filled {GAMES} games ({} MB) in {:.1} s",
        std::fs::metadata(&path).map_or(0, |m| m.len() / 1_000_000),
        started.elapsed().as_secs_f64()
    );

    // The process as the bot starts it: the service reads every game at start (to
    // queue the computer's), then every game is loaded once more.
    let before = resident_mb();
    let service = Service::start(Store::open(&path).expect("open"), Arc::new(SystemClock), ServiceOptions::default())
        .expect("service");
    let list: Vec<(GameId, String, Position)> = service
        .store()
        .read(|tx| {
            let mut out = Vec::new();
            for id in all_games(tx)? {
                let record = load_game(tx, id)?;
                let position = Position::setup(GameKind::Kuba, Some(&record.code), Some(&record.settings))
                    .map_err(|e| boardbot::store::StoreError::Invalid(e.to_string()))?;
                out.push((id, record.public_id.to_string(), position));
            }
            Ok(out)
        })
        .expect("load");
    let loaded = resident_mb();
    let mut games = Games { list, next: 0, rng: Rng(42) };

    let mut c = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(8))
        .configure_from_args();
    let fsync = Samples::default();
    let moves = Samples::default();
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
    c.bench_function("move request end to end (10,000 games on disk)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let d = games.play(&service);
                moves.push(d);
                total += d;
            }
            total
        })
    });
    c.final_summary();

    let (f50, f99, fn_) = fsync.percentiles();
    let (m50, m99, mn) = moves.percentiles();
    println!("fsync of 4 KiB:         p50 {f50:.2} ms  p99 {f99:.2} ms  ({fn_} samples)");
    println!("move request end to end: p50 {m50:.2} ms  p99 {m99:.2} ms  ({mn} samples)");
    println!(
        "target p99 <= fsync p99 + 5 ms = {:.2} ms: {}",
        f99 + 5.0,
        if m99 <= f99 + 5.0 { "met" } else { "NOT met" }
    );
    match (before, loaded) {
        (Some(b), Some(l)) => println!(
            "resident memory: {b:.1} MB before the service, {l:.1} MB after loading {GAMES} games in progress (target <= 100 MB): {}",
            if l <= 100.0 { "met" } else { "NOT met" }
        ),
        _ => println!("resident memory: /proc/self/statm is not available here"),
    }
    drop(service);
    let _ = std::fs::remove_dir_all(&dir);
}
