//! Resident memory of `boardbot discord --http` under two loads (issue #43): the
//! binary this profile builds (release's optimisations), on a fresh SQLite database,
//! against the tests' Discord double, its `VmRSS` and `VmHWM` sampled from
//! `/proc/PID/status` every 50 ms.
//!
//! 1. **Hostile requests**: 6,000 of them, 32 at a time, each on a new connection:
//!    forged signatures, signed bodies that are not JSON, signed JSON that is not an
//!    interaction, oversized bodies (1 and 3 MB), signed interactions of types the
//!    bot does not serve, and floods of signed, valid commands that the bot refuses
//!    (a move with no game, a challenge of oneself, a button of no challenge);
//!    meanwhile 256 slowloris connections send a request head a 2 KB line every
//!    quarter of a second, for 20 s.
//! 2. **8 games at once** over the endpoint, each a move every 1.1 s (as
//!    `discord_http`'s second row), 400 moves in all.
//!
//! `cargo bench --features discord --bench discord_memory`. `BOARDBOT_BENCH_HOSTILE`
//! sets the count of hostile requests (6000), `BOARDBOT_BENCH_MOVES` the moves of the
//! second load (400); extra variables for the bot (a `MIMALLOC_…` option, say) pass
//! through its environment as they are. Target (issue #43): ≤ 100 MB in both.

mod common;
mod discord;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use discord::discord_double::Double;
use discord::discord_sign::{hex, key, now, post, sign_and_post_at};
use discord::{env_or, memory, start_bot, stream, Bench, Interactions};
use ed25519_dalek::SigningKey;
use serde_json::json;

/// Samples a process's resident memory until stopped: the highest `VmRSS` seen.
struct Sampler {
    stop: Arc<AtomicBool>,
    peak: Arc<Mutex<f64>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Sampler {
    fn start(pid: u32) -> Sampler {
        let stop = Arc::new(AtomicBool::new(false));
        let peak = Arc::new(Mutex::new(0.0f64));
        let (s, p) = (stop.clone(), peak.clone());
        let thread = std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                let (rss, _) = memory(pid);
                if let Ok(mut peak) = p.lock() {
                    *peak = peak.max(rss);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        Sampler { stop, peak, thread: Some(thread) }
    }

    /// Stops sampling; the highest `VmRSS` seen, in MB.
    fn finish(mut self) -> f64 {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        *self.peak.lock().expect("the peak")
    }
}

/// One hostile request of kind `n % 10`, as its client sends it; the status (0 when
/// the connection failed or was cut).
fn hostile(addr: &str, n: usize, interactions: &Interactions, forger: &SigningKey) -> u16 {
    let signed = |body: &[u8]| sign_and_post_at(addr, &key(), now(), body).0;
    let user = (30_000 + n % 500).to_string();
    match n % 10 {
        // A forged signature over a real command.
        0 | 1 => {
            let body = interactions.command(&user, "board", json!([]), &[], "6100", None).to_string();
            sign_and_post_at(addr, forger, now(), body.as_bytes()).0
        }
        // No signature at all.
        2 => post(addr, &[], b"{\"type\":1}").0,
        // Signed, not JSON; or JSON, not an interaction.
        3 => {
            if n % 20 == 3 {
                signed(format!("{{\"type\": 2, \"data\": [{}", "[".repeat(n % 2_000)).as_bytes())
            } else {
                signed(
                    json!({"type": 2, "id": n.to_string(), "data": {"options": "x".repeat(n % 4_000)}})
                        .to_string()
                        .as_bytes(),
                )
            }
        }
        // Oversized: 1 MB of a string signed; 3 MB unsigned.
        4 => {
            if n % 20 == 4 {
                let body = json!({"type": 2, "pad": "y".repeat(1 << 20)}).to_string();
                signed(body.as_bytes())
            } else {
                let mut body = vec![b' '; 3 << 20];
                body[0] = b'{';
                post(
                    addr,
                    &[("X-Signature-Ed25519", hex(&[0u8; 64])), ("X-Signature-Timestamp", now().to_string())],
                    &body,
                )
                .0
            }
        }
        // A signed interaction of a type the bot does not serve.
        5 => {
            let mut body = interactions.command(&user, "board", json!([]), &[], "6100", None);
            body["type"] = json!(if n % 20 == 5 { 5 } else { 99 });
            signed(body.to_string().as_bytes())
        }
        // Valid, signed, refused: a move with no game, a challenge of oneself, a
        // button of no challenge.
        6 | 7 => {
            let options = json!([{"type": 3, "name": "move", "value": "a7 down"}]);
            signed(interactions.command(&user, "move", options, &[], "6100", None).to_string().as_bytes())
        }
        8 => {
            let options = json!([{"type": 6, "name": "opponent", "value": user}]);
            signed(interactions.command(&user, "challenge", options, &[&user], "6100", None).to_string().as_bytes())
        }
        _ => signed(
            interactions.button(&user, &format!("bb:accept:kuba:{}", 1_000_000 + n), "6100").to_string().as_bytes(),
        ),
    }
}

/// Slowloris: `count` connections each sending a request head a 2 KB line every
/// quarter of a second, never finishing it, for `hold` at least and until `stop`;
/// how many the bot still held open at the end.
fn slowloris(addr: String, count: usize, hold: Duration, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        let began = Instant::now();
        let mut open: Vec<TcpStream> = (0..count)
            .filter_map(|_| TcpStream::connect(&addr).ok())
            .filter_map(|mut s| {
                s.write_all(b"POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n").ok()?;
                Some(s)
            })
            .collect();
        let filler = "z".repeat(2_048);
        let mut line = 0u64;
        while !stop.load(Ordering::Relaxed) || began.elapsed() < hold {
            std::thread::sleep(Duration::from_millis(250));
            line += 1;
            open.retain_mut(|s| s.write_all(format!("X-Slow-{line}: {filler}\r\n").as_bytes()).is_ok());
        }
        let held = open.len();
        for mut s in open {
            let _ = s.write_all(b"\r\n");
            let mut sink = Vec::new();
            let _ = s.set_read_timeout(Some(Duration::from_millis(100)));
            let _ = s.read_to_end(&mut sink);
        }
        held
    })
}

fn report(label: &str, start: f64, peak: f64, end: f64, settled: f64, hwm: f64) {
    let verdict = if hwm <= 100.0 { "within 100 MB" } else { "OVER 100 MB" };
    println!("  {label:<34} {start:>8.1} {peak:>8.1} {end:>8.1} {settled:>8.1} {hwm:>8.1}  {verdict}");
}

fn main() {
    let requests = env_or("BOARDBOT_BENCH_HOSTILE", 6_000) as usize;
    let moves = env_or("BOARDBOT_BENCH_MOVES", 400) as usize;
    println!("\nresident memory of `boardbot discord --http`, MB (VmRSS sampled every 50 ms; HWM from the kernel)");
    println!("  {:<34} {:>8} {:>8} {:>8} {:>8} {:>8}", "", "start", "peak", "end", "+5 s", "VmHWM");

    // 1. Hostile requests.
    {
        let dir = std::env::temp_dir().join(format!("boardbot-bench-memory-{}-1", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("bench folder");
        let double = Double::start();
        // Quiet: each refused request would log a warning.
        let log = std::env::var("BOARDBOT_BENCH_LOG").unwrap_or_else(|_| "error".to_string());
        let bot = start_bot(&dir, &double, None, &[("RUST_LOG", &log)]);
        let pid = bot.child.id();
        std::thread::sleep(Duration::from_millis(500));
        let (start, _) = memory(pid);
        let sampler = Sampler::start(pid);
        let stop = Arc::new(AtomicBool::new(false));
        let slow = slowloris(bot.addr.clone(), 256, Duration::from_secs(20), stop.clone());
        let interactions = Arc::new(Interactions::load());
        let next = Arc::new(AtomicUsize::new(0));
        let statuses = Arc::new(Mutex::new(std::collections::BTreeMap::<u16, usize>::new()));
        let began = Instant::now();
        let clients: Vec<_> = (0..32)
            .map(|_| {
                let (addr, interactions, next, statuses) =
                    (bot.addr.clone(), interactions.clone(), next.clone(), statuses.clone());
                std::thread::spawn(move || {
                    let forger = SigningKey::from_bytes(&[9u8; 32]);
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= requests {
                            break;
                        }
                        let status = hostile(&addr, n, &interactions, &forger);
                        *statuses.lock().expect("statuses").entry(status).or_default() += 1;
                    }
                })
            })
            .collect();
        for c in clients {
            c.join().expect("a client");
        }
        let took = began.elapsed().as_secs_f64();
        stop.store(true, Ordering::Relaxed);
        let held = slow.join().expect("slowloris");
        let (end, _) = memory(pid);
        std::thread::sleep(Duration::from_secs(5));
        let (settled, hwm) = memory(pid);
        let peak = sampler.finish();
        report(&format!("{requests} hostile requests"), start, peak, end, settled, hwm);
        eprintln!(
            "  ({requests} in {took:.1} s; statuses {:?}; {held} of 256 slowloris connections still open at the end)",
            statuses.lock().expect("statuses")
        );
        bot.stop();
        let _ = std::fs::remove_dir_all(&dir);
    }

    // 2. 8 games at once.
    {
        let dir = std::env::temp_dir().join(format!("boardbot-bench-memory-{}-2", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("bench folder");
        let double = Arc::new(Double::start());
        let bot = start_bot(&dir, &double, None, &[]);
        let pid = bot.child.id();
        std::thread::sleep(Duration::from_millis(500));
        let (start, _) = memory(pid);
        let sampler = Sampler::start(pid);
        let bench = Arc::new(Bench {
            addr: bot.addr.clone(),
            double,
            interactions: Interactions::load(),
            people: AtomicU64::new(0),
        });
        let interval = Duration::from_millis(1_100);
        let streams: Vec<_> = (0..8)
            .map(|i| {
                let bench = bench.clone();
                std::thread::spawn(move || {
                    let channel = (6_000 + i).to_string();
                    stream(&bench, &channel, moves / 8, interval, interval * i as u32 / 8, 0x51ed + i as u64)
                })
            })
            .collect();
        let mut played = 0;
        for s in streams {
            played += s.join().expect("a stream").latencies.len();
        }
        let (end, _) = memory(pid);
        std::thread::sleep(Duration::from_secs(5));
        let (settled, hwm) = memory(pid);
        let peak = sampler.finish();
        report(&format!("8 games at once, {played} moves"), start, peak, end, settled, hwm);
        bot.stop();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
