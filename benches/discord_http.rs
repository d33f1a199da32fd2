//! A person's move through Discord's HTTP interactions endpoint (issue #43): the real
//! binary (`boardbot discord --http`, on a fresh SQLite database) and the tests' Discord
//! double on loopback (`tests/it/common/discord_double.rs`, which stamps each REST call
//! it receives). Games are set up as people set them up (a signed `/kuba challenge`,
//! then the Accept button); then each move is a signed `/kuba move` application
//! command POSTed to the endpoint, in the game's thread, picked legal and not ending
//! the game from the position replayed here.
//!
//! A move's latency runs from the instant it was due to the instant the double has
//! both the board (the interaction's answer with its picture: the edit of the deferred
//! response carrying the PNG, a follow-up carrying it, or a type-4 response with the
//! board as an embed) and the opponent's notification (a message naming them in
//! `allowed_mentions`, or the type-4 response doing so). Moves are due at fixed times
//! per game (an open loop): a move is sent when due, or as soon as the one before it in
//! its game is done when that comes later, and its latency still counts from when it
//! was due, so a bot that falls behind shows it (no coordinated omission).
//!
//! `cargo bench --features discord --bench discord_http` runs (a) one game, moves one
//! after the other, and (b) 8 games at once. `BOARDBOT_BENCH_PUBLIC_URL=1` runs (c)
//! instead: the bot with `[web] listen` and `public_url`, where a move's answer may be
//! one type-4 response carrying the board as an embed image and naming the opponent;
//! its latency is then to that response (to the edit and the notice, as in (a), while
//! the bot still defers). `BOARDBOT_BENCH_MOVES` sets the measured moves per mode (300),
//! `BOARDBOT_BENCH_INTERVAL_MS` the time between two moves of a game (1,100 ms),
//! `BOARDBOT_BENCH_LOG` the bot's `RUST_LOG`.
//!
//! Why a move a game every 1.1 s: each move's notice is a message in the game's
//! thread, and Discord allows a bot 5 messages per 5 s in a channel, which the bot's
//! pacer keeps (`chat::pace`). A game moving faster than that has its notices queued
//! behind one another, a second apart: at a move every 200 ms the latency grew without
//! bound (p50 20 s after 100 moves), which measures Discord's limit, not the bot.
//! Targets (issue #43, without `public_url`): p50 ≤ 40 ms and p99 ≤ 80 ms with one
//! game, p99 ≤ 150 ms with 8; with `public_url`, p50 ≤ 15 ms.

mod common;
mod discord;

use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::{Duration, Instant};

use discord::discord_double::Double;
use discord::{env_or, free_port, memory, start_bot, stream, Bench, Interactions, Measured};

/// Runs `streams` games at once, `moves` measured in all, on a new bot; prints the
/// figures against `targets` (p50, p99 in ms).
fn run(label: &str, streams: usize, moves: usize, interval: Duration, public_url: bool, targets: (Option<f64>, f64)) {
    let dir = std::env::temp_dir().join(format!("boardbot-bench-discord-{}-{streams}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("bench folder");
    let double = Arc::new(Double::start());
    let config = public_url.then(|| {
        let port = free_port();
        let path = dir.join("boardbot.toml");
        let text = format!("[web]\nlisten = \"127.0.0.1:{port}\"\npublic_url = \"http://127.0.0.1:{port}\"\n");
        std::fs::write(&path, text).expect("the configuration");
        path
    });
    let bot = start_bot(&dir, &double, config.as_deref(), &[]);
    let pid = bot.child.id();
    let bench = Arc::new(Bench {
        addr: bot.addr.clone(),
        double: double.clone(),
        interactions: Interactions::load(),
        people: AtomicU64::new(0),
    });
    let per_stream = moves.div_ceil(streams);
    let began = Instant::now();
    let handles: Vec<_> = (0..streams)
        .map(|i| {
            let bench = bench.clone();
            let offset = interval * i as u32 / streams as u32;
            std::thread::spawn(move || {
                let channel = (6_000 + i).to_string();
                stream(&bench, &channel, per_stream, interval, offset, 0x9e37_79b9 + i as u64)
            })
        })
        .collect();
    let mut all = Measured::default();
    for handle in handles {
        let m = handle.join().expect("a stream");
        all.latencies.extend(m.latencies);
        all.responses.extend(m.responses);
        all.boards.extend(m.boards);
        all.notices.extend(m.notices);
        all.direct += m.direct;
        all.deferred += m.deferred;
        all.late += m.late;
    }
    let took = began.elapsed().as_secs_f64();
    let (rss, hwm) = memory(pid);
    drop(bot);
    let _ = std::fs::remove_dir_all(&dir);
    let mut l = all.latencies;
    l.sort_unstable();
    let at = |q: f64| l[((l.len() as f64 - 1.0) * q).round() as usize] as f64 / 1000.0;
    let (p50, p99) = (at(0.5), at(0.99));
    let verdict = {
        let mut v = Vec::new();
        if let Some(t) = targets.0 {
            v.push(if p50 <= t { format!("p50 within {t} ms") } else { format!("p50 OVER {t} ms") });
        }
        v.push(if p99 <= targets.1 {
            format!("p99 within {} ms", targets.1)
        } else {
            format!("p99 OVER {} ms", targets.1)
        });
        v.join(", ")
    };
    println!(
        "  {label:<36} {:>6} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>5} {:>6}/{:<6} {:>6.0}/{:<4.0}  {verdict}",
        l.len(),
        p50,
        at(0.9),
        p99,
        at(1.0),
        all.late,
        all.direct,
        all.deferred,
        rss,
        hwm,
    );
    let p50 = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v.get(v.len() / 2).map_or(f64::NAN, |us| *us as f64 / 1000.0)
    };
    println!(
        "  {:<36} from the request, p50: response {:.2} ms, board {:.2} ms, notice {:.2} ms ({} notices apart)",
        "",
        p50(&mut all.responses),
        p50(&mut all.boards),
        p50(&mut all.notices),
        all.notices.len()
    );
    eprintln!("  ({label}: {:.1} s, {:.1} moves/s)", took, l.len() as f64 / took);
}

fn main() {
    // `cargo bench` passes `--bench`; anything else (a filter) is ignored.
    let moves = env_or("BOARDBOT_BENCH_MOVES", 300) as usize;
    let every = Duration::from_millis(env_or("BOARDBOT_BENCH_INTERVAL_MS", 1_100));
    let public_url = std::env::var("BOARDBOT_BENCH_PUBLIC_URL").is_ok_and(|v| !v.is_empty() && v != "0");
    println!(
        "\na person's move through `boardbot discord --http` and the Discord double, {moves} moves measured per row{}",
        if public_url { ", with [web] public_url" } else { "" }
    );
    println!(
        "  {:<36} {:>6} {:>8} {:>8} {:>8} {:>8} {:>5} {:>13} {:>11}",
        "", "moves", "p50 ms", "p90 ms", "p99 ms", "max ms", "late", "direct/defer", "RSS/HWM MB"
    );
    let ms = every.as_millis();
    // Without public_url: p50 ≤ 40 ms and p99 ≤ 80 ms alone, p99 ≤ 150 ms with 8.
    // With it: p50 ≤ 15 ms (the single response).
    let one_p50 = if public_url { 15.0 } else { 40.0 };
    run(&format!("one game, a move every {ms} ms"), 1, moves, every, public_url, (Some(one_p50), 80.0));
    run(&format!("8 games, each a move every {ms} ms"), 8, moves, every, public_url, (None, 150.0));
}
