//! The web pages under load (issue #44): a game's page and a cached board PNG, each
//! asked 200 times a second at a fixed rate (an open loop: a request is sent when its
//! time comes, whether the ones before were answered or not), over real loopback TCP
//! connections, one per request as new readers make them. Each latency runs from the
//! request's scheduled time to the last byte of its answer, so a server that falls
//! behind shows it (no coordinated omission). The server runs in this process as
//! `boardbot web` runs it (two runtime threads), on an SQLite database of 2,000 games;
//! the client sends each request from the bench's main thread at its time and has a
//! runtime thread of its own for the connections, on the same 2-core machine.
//!
//! `cargo bench --bench web`. `BOARDBOT_BENCH_SECS` sets each measurement's length
//! (10 s by default), `BOARDBOT_BENCH_RATE` the requests per second (200).
//! Targets (issue #44): p99 ≤ 20 ms for the page, ≤ 5 ms for the cached PNG.

mod common;

use common::{kuba_game, quiet_move, Rng};

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::service::pages::Pages;
use boardbot::service::SystemClock;
use boardbot::store::{self, upsert_player, Place, Store};
use boardbot::web::{self, WebOptions};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The binary's allocator (src/main.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const GAMES: usize = 2_000;
const MOVES_PER_GAME: usize = 40;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Fills the database; the token of one game of [`MOVES_PER_GAME`] moves.
fn fill(store: &Store) -> String {
    let (a, b) = store
        .write(|tx| {
            Ok((
                upsert_player(tx, Platform::Discord, "1", "alice", 0)?,
                upsert_player(tx, Platform::Discord, "2", "bob", 0)?,
            ))
        })
        .expect("players");
    let mut rng = Rng(7);
    let mut last = None;
    for i in 0..GAMES {
        let place = Place { channel: Some(format!("c{}", i % 50)), thread: None };
        let new = kuba_game(a, b, place);
        let mut position = Position::start(&GameKind::Kuba.default_settings());
        let mut moves = Vec::new();
        for _ in 0..MOVES_PER_GAME {
            let Some(m) = quiet_move(&position, &mut rng) else { break };
            position.play_text(&m).expect("legal");
            moves.push(m);
        }
        let game = store
            .write(move |tx| {
                let (game, _) = store::create_game(tx, &new)?;
                let mut at = store::replay::replay::<&str>(GameKind::Kuba, None, None, &[])?;
                for (ply, text) in moves.iter().enumerate() {
                    let after =
                        store::replay::advance(GameKind::Kuba, None, &at.code, &[text.as_str()], ply as u32 + 1)?;
                    let m = store::RecordMove {
                        game,
                        ply: ply as u32 + 1,
                        base_code: at.code.clone(),
                        seat: at.to_move,
                        text: text.clone(),
                        after: after.clone(),
                        now: 1,
                    };
                    store::record_move(tx, &m, &boardbot::rating::RatingConfig::default())?;
                    at = after;
                }
                Ok(game)
            })
            .expect("a game");
        last = Some(game);
    }
    let game = last.expect("games");
    store.read(|tx| store::game_link(tx, game)).expect("read").expect("a link").to_string()
}

/// One GET on a new connection: the status, or 0 when it failed.
async fn get(addr: SocketAddr, path: &str) -> u16 {
    let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await else { return 0 };
    let _ = stream.set_nodelay(true);
    let head = format!("GET {path} HTTP/1.1\r\nHost: bench\r\nAccept-Language: en\r\nConnection: close\r\n\r\n");
    if stream.write_all(head.as_bytes()).await.is_err() {
        return 0;
    }
    let mut response = Vec::with_capacity(64 * 1024);
    if stream.read_to_end(&mut response).await.is_err() {
        return 0;
    }
    std::str::from_utf8(&response[..response.len().min(16)])
        .ok()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// `rate` requests a second of `path` for `secs` seconds, at fixed times; the
/// latencies in microseconds and the count of answers other than 200. Each request
/// is sent from a thread of its own that sleeps until the request's time
/// (`std::thread::sleep` wakes within tens of microseconds, where the runtime's timer
/// rounds up to the next millisecond, which would count against the server), then
/// handed to the client's runtime.
fn load(client: &tokio::runtime::Runtime, addr: SocketAddr, path: &str, rate: u64, secs: u64) -> (Vec<u64>, usize) {
    let total = rate * secs;
    let step = Duration::from_nanos(1_000_000_000 / rate.max(1));
    let start = Instant::now() + Duration::from_millis(20);
    let mut tasks = Vec::with_capacity(total as usize);
    for i in 0..total {
        let due = start + step * i as u32;
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let path = path.to_string();
        tasks.push(client.spawn(async move {
            let status = get(addr, &path).await;
            (due.elapsed().as_micros() as u64, status)
        }));
    }
    client.block_on(async {
        let mut latencies = Vec::with_capacity(tasks.len());
        let mut failed = 0;
        for task in tasks {
            let (took, status) = task.await.expect("a request");
            latencies.push(took);
            failed += usize::from(status != 200);
        }
        (latencies, failed)
    })
}

fn report(what: &str, mut latencies: Vec<u64>, failed: usize, secs: u64, target_ms: f64) {
    latencies.sort_unstable();
    let at = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q).round() as usize] as f64 / 1000.0;
    let p99 = at(0.99);
    println!(
        "  {what:<28} {:>7} {:>8.1} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>7}  {}",
        latencies.len(),
        latencies.len() as f64 / secs as f64,
        at(0.5),
        at(0.9),
        p99,
        at(1.0),
        failed,
        if p99 <= target_ms { format!("p99 within {target_ms} ms") } else { format!("p99 OVER {target_ms} ms") }
    );
}

fn main() {
    // `cargo bench` passes `--bench`; anything else (a filter) is ignored.
    let secs = env_or("BOARDBOT_BENCH_SECS", 10);
    let rate = env_or("BOARDBOT_BENCH_RATE", 200);
    let dir = std::env::temp_dir().join(format!("boardbot-bench-web-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("bench folder");
    let path = dir.join("bench.sqlite");
    let started = Instant::now();
    let token = fill(&Store::open(&path).expect("open"));
    eprintln!("filled {GAMES} games of {MOVES_PER_GAME} moves in {:.1} s", started.elapsed().as_secs_f64());

    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("web")
        .enable_all()
        .build()
        .expect("server runtime");
    let listener = server.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a port");
    let addr = listener.local_addr().expect("address");
    let options = WebOptions {
        public_url: format!("http://{addr}"),
        requests_per_minute: 1_000_000,
        trust_forwarded_for: false,
        poll: web::POLL,
        actions_per_minute: 30,
        activity: None,
    };
    let pages = Pages::open(Store::open(&path).expect("open"), Arc::new(SystemClock));
    let router = web::router(pages, &options);
    server.spawn(async move { web::serve(listener, router).await });
    let client = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("client")
        .enable_all()
        .build()
        .expect("client runtime");

    let page = format!("/g/{token}");
    // The board PNG of the last move, as the page's preview names it, drawn once.
    let html = client.block_on(async {
        let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        let head = format!("GET {page} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n");
        stream.write_all(head.as_bytes()).await.expect("send");
        let mut body = String::new();
        stream.read_to_string(&mut body).await.expect("read");
        body
    });
    let image = html
        .split("property=\"og:image\" content=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the page's og:image")
        .replace(&format!("http://{addr}"), "");
    assert_eq!(client.block_on(get(addr, &image)), 200, "the PNG draws");
    // Warm both paths (connections, caches of the store and the allocator).
    let _ = load(&client, addr, &page, rate, 1);
    let _ = load(&client, addr, &image, rate, 1);

    println!("\n{rate} requests/s for {secs} s each, a new connection per request, {GAMES} games in the database");
    println!(
        "  {:<28} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7}",
        "", "answers", "per s", "p50 ms", "p90 ms", "p99 ms", "max ms", "not 200"
    );
    let (latencies, failed) = load(&client, addr, &page, rate, secs);
    report(&format!("game page ({MOVES_PER_GAME} moves)"), latencies, failed, secs, 20.0);
    let (latencies, failed) = load(&client, addr, &image, rate, secs);
    report("cached board PNG", latencies, failed, secs, 5.0);
    let _ = std::fs::remove_dir_all(&dir);
}
