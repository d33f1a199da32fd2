//! A move from a game's page (issue #51), from its POST to the opponent's page
//! updated: the opponent's open page hears the live event (`/g/TOKEN/events`) and
//! fetches the page again, as `assets/live.js` does, then its new board (the SVG the
//! page shows, gzipped, drawn on first ask and then kept). Eight games at once, each move
//! played by its signed-in player over real loopback TCP (a new connection per
//! request, as a browser's form), through the service's mover and its SQLite commit
//! (fsync), the live pages woken by the mover's commit.
//!
//! `cargo bench --bench web_play`. `BOARDBOT_BENCH_ROUNDS` sets the moves per game
//! (60 by default). Targets (issue #51): p50 ≤ 20 ms, p99 ≤ 50 ms.
//!
//! Besides the whole, it prints each step's share (the POST answered, the event
//! heard, the page, the board) and the CPU time the process took per move (server and
//! this client together) against the wall-clock time, with the machine's load: on a
//! shared machine, a tail far above the CPU a move takes is time spent waiting for a
//! processor, not work of the server. The database is made in the system's
//! temporary folder: `TMPDIR=/dev/shm` puts it on tmpfs, where a commit's fsync costs
//! nothing, which tells the disk's share of the tail from the server's.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::service::{Actor, Command, First, Message, Place, Request, Service, ServiceOptions, SystemClock, Target};
use boardbot::store;
use boardbot::web::{self, WebOptions};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

/// The binary's allocator (src/main.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const GAMES: usize = 8;

fn actor(name: &str) -> Actor {
    Actor::new(Platform::Terminal, name, name)
}

fn place() -> Place {
    Place { community: Some("terminal".into()), channel: Some("general".into()), ..Place::default() }
}

/// A player signed in: their cookie and their form token.
#[derive(Clone)]
struct Player {
    cookie: String,
    csrf: String,
}

async fn request(addr: SocketAddr, head: String, body: String) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.write_all(head.as_bytes()).await.expect("send");
    stream.write_all(body.as_bytes()).await.expect("send");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer).await;
    answer
}

async fn get(addr: SocketAddr, path: &str, cookie: &str) -> String {
    let head =
        format!("GET {path} HTTP/1.1\r\nHost: bench\r\nCookie: boardbot_session={cookie}\r\nConnection: close\r\n\r\n");
    request(addr, head, String::new()).await
}

/// A picture, as a browser asks for it (gzip accepted): its status line and its size.
async fn picture(addr: SocketAddr, path: &str) -> (String, usize) {
    let head = format!("GET {path} HTTP/1.1\r\nHost: bench\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n");
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.write_all(head.as_bytes()).await.expect("send");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let end = answer.windows(4).position(|w| w == b"\r\n\r\n").map_or(answer.len(), |i| i + 4);
    let status = String::from_utf8_lossy(&answer[..end]).lines().next().unwrap_or_default().to_string();
    (status, answer.len() - end)
}

/// The `src` of the page's board picture.
fn board_src(page: &str) -> Option<&str> {
    let img = &page[page.find("<img class=\"board\"")?..];
    let src = img.split_once("src=\"")?.1;
    src.get(..src.find('"')?)
}

async fn post(addr: SocketAddr, path: &str, player: &Player, form: &str) -> String {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: bench\r\nCookie: boardbot_session={}\r\nSec-Fetch-Site: same-origin\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        player.cookie,
        form.len()
    );
    request(addr, head, form.to_string()).await
}

/// A page's live stream, read line by line.
async fn stream(addr: SocketAddr, token: &str, cookie: &str) -> BufReader<tokio::net::TcpStream> {
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let head = format!(
        "GET /g/{token}/events HTTP/1.1\r\nHost: bench\r\nCookie: boardbot_session={cookie}\r\nAccept: text/event-stream\r\n\r\n"
    );
    s.write_all(head.as_bytes()).await.expect("send");
    BufReader::new(s)
}

async fn next_move_event(reader: &mut BufReader<tokio::net::TcpStream>) {
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
            panic!("the live stream closed");
        }
        if line.trim() == "event: move" {
            return;
        }
    }
}

/// The CPU time this process has taken (user and system), in milliseconds (Linux).
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // After the command's name in parentheses: utime and stime are fields 14 and 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // The kernel's USER_HZ is 100 on Linux.
    Some(ticks * 10.0)
}

fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn main() {
    let rounds = std::env::var("BOARDBOT_BENCH_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60usize);
    let dir = std::env::temp_dir().join(format!("boardbot-bench-web-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("bench folder");
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("web")
        .enable_all()
        .build()
        .expect("server runtime");
    let listener = server.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a port");
    let addr = listener.local_addr().expect("address");
    let base = format!("http://{addr}");
    let options = ServiceOptions { scheduler: false, web_url: Some(base.clone()), ..ServiceOptions::default() };
    let store = store::Store::open(&dir.join("bench.sqlite")).expect("open");
    let service = Service::start(store, Arc::new(SystemClock), options).expect("service");
    let web_options = WebOptions {
        public_url: base,
        requests_per_minute: 1_000_000,
        trust_forwarded_for: false,
        poll: web::POLL,
        actions_per_minute: 1_000_000,
        activity: None,
    };
    let router = web::router(service.pages(), &web_options);
    server.spawn(async move { web::serve(listener, router).await });

    // Eight games, each between two players signed in.
    let sign_in = |service: &Service, who: &str| -> Player {
        let replies = service.handle(&Request::new(actor(who), place(), Command::WebLogin));
        let Message::WebLogin { url, .. } = &replies[0].message else { panic!("a link") };
        service.answered(&replies[0]);
        let token = url.rsplit('/').next().expect("a token");
        let session = service.web_sign_in(token).expect("signed in");
        Player { cookie: session.secret, csrf: session.signed.csrf }
    };
    let mut games = Vec::new();
    for g in 0..GAMES {
        let (a, b) = (format!("w{g}"), format!("b{g}"));
        let challenge = Command::Challenge {
            kind: GameKind::Kuba,
            opponents: vec![Target::User { user_id: b.clone(), display_name: b.clone(), is_bot: false }],
            rated: false,
            first: First::Me,
            level: None,
            settings: None,
            start: None,
            time: None,
        };
        for r in service.handle(&Request::new(actor(&a), place(), challenge)) {
            service.answered(&r);
        }
        for r in
            service.handle(&Request::new(actor(&b), place(), Command::Accept { kind: GameKind::Kuba, challenge: None }))
        {
            service.answered(&r);
        }
        let player = service.store().player_id(Platform::Terminal, &a).expect("read").expect("a player");
        let game = service.store().read(|tx| store::games_in_progress(tx, player)).expect("games")[0].id;
        let token = service.store().read(|tx| store::game_link(tx, game)).expect("read").expect("a link");
        games.push((token.to_string(), [sign_in(&service, &a), sign_in(&service, &b)]));
    }
    // The outbox fills with the boards and notices no chat delivers here: a
    // delivering thread marks them delivered, as the chat's runtime would.
    let delivering = service.clone();
    std::thread::spawn(move || loop {
        for (id, _) in delivering.claim(Platform::Terminal, "bench", Duration::from_secs(60)) {
            delivering.delivered(id);
        }
        std::thread::sleep(Duration::from_millis(20));
    });

    let client = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("client")
        .enable_all()
        .build()
        .expect("client runtime");
    // What a player's page loads besides its HTML and pictures: its scripts and its
    // styles (inline), compressed as a server or proxy sends them (gzip -9).
    let weighed = {
        let (token, players) = &games[0];
        let page = client.block_on(get(addr, &format!("/g/{token}"), &players[0].cookie));
        let style =
            page.split("<style>").nth(1).and_then(|s| s.split("</style>").next()).unwrap_or_default().to_string();
        let mut parts = vec![("styles", style)];
        for script in ["live.js", "play.js"] {
            let answer = client.block_on(get(addr, &format!("/assets/{script}"), ""));
            parts.push((script, answer.split("\r\n\r\n").nth(1).unwrap_or_default().to_string()));
        }
        parts
    };
    let gz = |text: &str| {
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(text.as_bytes()).expect("gzip");
        e.finish().expect("gzip").len()
    };
    let total: usize = weighed.iter().map(|(_, t)| gz(t)).sum();
    println!("\nthe page's scripts and styles, gzip -9 (the Activity's SDK apart):");
    for (name, text) in &weighed {
        println!("  {name:<10} {:>7} bytes, {:>6} compressed", text.len(), gz(text));
    }
    println!(
        "  total      {total:>6} bytes compressed (target ≤ 60 KB: {})",
        if total <= 60 * 1024 { "within" } else { "OVER" }
    );
    let load = || {
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let load_before = load();
    let cpu_before = cpu_ms();
    let began = Instant::now();
    let steps: Vec<[u64; 5]> = client.block_on(async move {
        let mut tasks = Vec::new();
        for (g, (token, players)) in games.into_iter().enumerate() {
            tasks.push(tokio::spawn(async move {
                let mut streams =
                    [stream(addr, &token, &players[0].cookie).await, stream(addr, &token, &players[1].cookie).await];
                tokio::time::sleep(Duration::from_millis(300)).await;
                let mut position = Position::start(&GameKind::Kuba.default_settings());
                let mut rng = common::Rng(g as u64 + 1);
                let mut took = Vec::new();
                for ply in 0..rounds {
                    let Some(text) = common::quiet_move(&position, &mut rng) else { break };
                    let mover = usize::from(position.to_move().0);
                    let other = 1 - mover;
                    position.play_text(&text).expect("legal");
                    let form = format!("csrf={}&key=m{g}x{ply}&at={ply}&move={}", players[mover].csrf, encode(&text));
                    let start = Instant::now();
                    let answer = post(addr, &format!("/g/{token}/move"), &players[mover], &form).await;
                    let posted = start.elapsed();
                    assert!(
                        answer.starts_with("HTTP/1.1 303"),
                        "the move was played: {}",
                        &answer[..answer.len().min(300)]
                    );
                    next_move_event(&mut streams[other]).await;
                    let heard = start.elapsed();
                    let page = get(addr, &format!("/g/{token}"), &players[other].cookie).await;
                    assert!(page.starts_with("HTTP/1.1 200"), "the page");
                    let paged = start.elapsed();
                    let board = board_src(&page).expect("the page's board");
                    let (status, _) = picture(addr, board).await;
                    assert!(status.starts_with("HTTP/1.1 200"), "the board: {status}");
                    let done = start.elapsed();
                    let us = |d: Duration| d.as_micros() as u64;
                    took.push([us(done), us(posted), us(heard - posted), us(paged - heard), us(done - paged)]);
                    // The mover's own stream heard it too: drain it.
                    next_move_event(&mut streams[mover]).await;
                    if position.is_over() {
                        break;
                    }
                }
                took
            }));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.expect("a game"));
        }
        all
    });
    let secs = began.elapsed().as_secs_f64();
    let cpu = cpu_ms().zip(cpu_before).map(|(after, before)| after - before);
    let column = |k: usize| {
        let mut v: Vec<u64> = steps.iter().map(|s| s[k]).collect();
        v.sort_unstable();
        v
    };
    let sorted = column(0);
    let quantile = |v: &[u64], q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize] as f64 / 1000.0;
    let at = |q: f64| quantile(&sorted, q);
    println!(
        "\na move from the page to the opponent's page updated, {GAMES} games at once ({} moves in {secs:.1} s)",
        sorted.len()
    );
    println!("  p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms", at(0.5), at(0.9), at(0.99), at(1.0));
    for (k, step) in [(1, "POST answered"), (2, "event heard"), (3, "page"), (4, "board (SVG)")] {
        let v = column(k);
        println!("    {step:<14} p50 {:.2} ms, p99 {:.2} ms", quantile(&v, 0.5), quantile(&v, 0.99));
    }
    if let Some(cpu) = cpu {
        println!(
            "  CPU time of the process (server and client): {:.2} ms a move; {:.2} s of CPU in {secs:.2} s on {} cores",
            cpu / sorted.len() as f64,
            cpu / 1000.0,
            std::thread::available_parallelism().map_or(1, |n| n.get())
        );
    }
    println!("  load average before: {load_before}, after: {}", load());
    println!(
        "  {} (targets: p50 ≤ 20 ms, p99 ≤ 50 ms)",
        if at(0.5) <= 20.0 && at(0.99) <= 50.0 { "within the targets" } else { "OVER a target" }
    );
    let _ = std::fs::remove_dir_all(&dir);
}
