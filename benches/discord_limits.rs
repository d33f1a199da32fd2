//! Discord as it really is (issue #55): the real binary (`boardbot discord --http`, on
//! a fresh SQLite database) against the tests' Discord double made as strict as
//! Discord ([`Strict::discord`]: 80 ms a call ± 20 ms, 5 messages per 5 s a channel,
//! 10 threads per 60 s a server then 120 s of penalty, 50 requests a second, 5 calls per
//! 2 s to an interaction's webhook), three loads, each on a bot and a double of its own:
//!
//! 1. **30 people challenge the computer at once in one channel** (`first:them`, the
//!    computer moves first): when each game's first computer move is at the double,
//!    from the instant the challenges were sent. The minimum Discord's limits allow:
//!    10 games get a thread at once (one call); the other 20 cannot have one for a
//!    minute, so their boards go in the channel, 5 per 5 s: the 20th leaves 3 windows
//!    after the first, 15 s, plus a call. Target: within that minimum plus 20 s.
//! 2. **200 games in 200 threads each make a move within one second** (the games
//!    stored beforehand, threads made): when every board (the edit of each move's
//!    deferred response) and every opponent's notice (a message in each thread) is at
//!    the double, from the first move sent. The edits do not count toward the global
//!    limit (an interaction's webhook), the 200 notices do: at 50 a second the global
//!    limit allows them in 200 / 50 = 4 s. Target: within 1.25 × that, 5 s.
//! 3. **8 games of people, each moving every 1.1 s** (as `discord_http`'s second row):
//!    a move's board at the double (the edit carrying the picture), from when the
//!    move was due. Target: p50 ≤ 3 × the call latency (240 ms), p99 ≤ 1 s.
//!
//! `cargo bench --features discord --bench discord_limits`. `BOARDBOT_BENCH_ONLY=1`
//! (or 2, 3) runs one load; `BOARDBOT_BENCH_MOVES` sets the third's measured moves
//! (240), `BOARDBOT_BENCH_LOG` the bot's `RUST_LOG`. Each row also says what the
//! double refused as too many and what was sent into a bucket it had said was empty.

mod common;
mod discord;

use std::path::Path;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::store::{Place, Store};
use common::Rng;
use discord::discord_double::{summary, Call, Double, Strict};
use discord::{env_or, start_bot, stream, Bench, Interactions, Measured, BOT};
use serde_json::json;

/// The channel the games are asked for in (the fixtures' server is 500).
const CHANNEL: &str = "600";

fn fresh_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardbot-bench-limits-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("bench folder");
    dir
}

fn posted(c: &Call) -> bool {
    c.method == "POST" && c.path.starts_with("/api/v10/channels/") && c.path.ends_with("/messages") && c.status == 200
}

/// What the double refused and what was sent into empty buckets, for a row.
fn refusals(double: &Double) -> String {
    let refused = double.refused();
    let messages = refused.iter().filter(|c| c.path.contains("/messages")).count();
    let threads = refused.iter().filter(|c| c.path.ends_with("/threads")).count();
    format!(
        "429: {} ({} on messages, {} on threads); sent into an empty bucket: {}",
        refused.len(),
        messages,
        threads,
        double.sent_into_empty().len()
    )
}

fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// Load 1: 30 people challenge the computer at once in one channel.
fn against_the_computer(latency: Duration) {
    let people = 30usize;
    let dir = fresh_dir("computer");
    let double = Double::start_with(Strict::discord_at(latency));
    let bot = start_bot(&dir, &double, None, &[]);
    let interactions = Interactions::load();
    let began = Instant::now();
    let senders: Vec<_> = (0..people)
        .map(|i| {
            let who = (40_000 + i).to_string();
            let options = json!([{"type": 6, "name": "opponent", "value": BOT},
                                 {"type": 3, "name": "level", "value": "random"},
                                 {"type": 3, "name": "first", "value": "them"}]);
            let body = interactions.command(&who, "challenge", options, &[BOT], CHANNEL, None);
            let addr = bot.addr.clone();
            std::thread::spawn(move || discord::discord_sign::signed_at(&addr, &body).0)
        })
        .collect();
    for s in senders {
        assert_eq!(s.join().expect("sent"), 200);
    }
    let said = format!("<@{BOT}> plays");
    let until = Instant::now() + Duration::from_secs(240);
    let boards = loop {
        let calls = double.calls();
        let boards: Vec<Call> = calls.into_iter().filter(|c| posted(c) && c.content().contains(&said)).collect();
        if boards.len() >= people {
            break boards;
        }
        assert!(
            Instant::now() < until,
            "gave up: {} of {people} computer moves; calls: {:#?}",
            boards.len(),
            summary(&double.calls())
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut at: Vec<Duration> = boards.iter().map(|c| c.at.saturating_duration_since(began)).collect();
    at.sort();
    let calls = double.calls();
    let threads = calls.iter().filter(|c| c.path.ends_with("/threads") && c.status == 201).count();
    let in_channel = boards.iter().filter(|c| c.path.contains(&format!("/channels/{CHANNEL}/"))).count();
    // The minimum the limits allow: the games beyond the threads a server may make at
    // once have their boards in the channel, 5 per window of 5 s.
    let beyond = people.saturating_sub(10) as u32;
    let windows = beyond.div_ceil(5).saturating_sub(1);
    let minimum = Duration::from_secs(5) * windows + latency;
    let target = minimum + Duration::from_secs(20);
    let last = *at.last().expect("boards");
    println!(
        "  1. {people} people vs the computer, one channel: first board {:.2} s, median {:.2} s, last {:.2} s \
         (minimum the limits allow {:.2} s; target ≤ {:.2} s: {})",
        seconds(at[0]),
        seconds(at[at.len() / 2]),
        seconds(last),
        seconds(minimum),
        seconds(target),
        if last <= target { "within" } else { "OVER" },
    );
    println!("     threads made {threads}, games played in the channel {in_channel}; {}", refusals(&double));
    drop(bot);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Stores `games` games of two people each, in threads of their own under the
/// channel, in the bot's database at `dir`: who plays each, and its thread.
fn stored_games(dir: &Path, games: usize) -> Vec<(String, String, String)> {
    let store = Store::open(&dir.join("bench.sqlite")).expect("the database");
    let made = store
        .write(move |tx| {
            let community = boardbot::store::upsert_community(tx, Platform::Discord, "500", None, 0)?;
            let mut made = Vec::new();
            for i in 0..games {
                let (a, b) = ((50_000 + 2 * i).to_string(), (50_001 + 2 * i).to_string());
                let pa = boardbot::store::upsert_player(tx, Platform::Discord, &a, &format!("p{a}"), 0)?;
                let pb = boardbot::store::upsert_player(tx, Platform::Discord, &b, &format!("p{b}"), 0)?;
                let thread = (80_000 + i).to_string();
                let place = Place { channel: Some(CHANNEL.to_string()), thread: Some(thread.clone()) };
                let mut new = common::kuba_game(pa, pb, place);
                new.community = Some(community);
                boardbot::store::create_game(tx, &new)?;
                made.push((a, b, thread));
            }
            Ok(made)
        })
        .expect("the games");
    drop(store);
    made
}

/// Load 2: 200 games in 200 threads, each a move within one second.
fn two_hundred_threads(latency: Duration) {
    let games = 200usize;
    let dir = fresh_dir("threads");
    let made = stored_games(&dir, games);
    let double = Double::start_with(Strict::discord_at(latency));
    let bot = start_bot(&dir, &double, None, &[]);
    let interactions = Arc::new(Interactions::load());
    let start = Position::start(&GameKind::Kuba.default_settings());
    let mut rng = Rng(0x200);
    let moves: Vec<(String, String, String, String)> = made
        .into_iter()
        .map(|(a, b, thread)| {
            let mv = common::quiet_move(&start, &mut rng).expect("a move");
            (a, b, thread, mv)
        })
        .collect();
    let senders = 16usize;
    let began = Instant::now();
    let handles: Vec<_> = (0..senders)
        .map(|s| {
            let mine: Vec<(usize, (String, String, String, String))> =
                moves.iter().cloned().enumerate().filter(|(i, _)| i % senders == s).collect();
            let (addr, interactions) = (bot.addr.clone(), interactions.clone());
            std::thread::spawn(move || {
                let mut tokens = Vec::new();
                for (i, (a, _, thread, mv)) in mine {
                    // Spread evenly over the second.
                    let due = began + Duration::from_secs(1) * i as u32 / games as u32;
                    if let Some(wait) = due.checked_duration_since(Instant::now()) {
                        std::thread::sleep(wait);
                    }
                    let options = json!([{"type": 3, "name": "move", "value": mv}]);
                    let body = interactions.command(&a, "move", options, &[], CHANNEL, Some(&thread));
                    let token = body["token"].as_str().expect("a token").to_string();
                    let (status, text) = discord::discord_sign::signed_at(&addr, &body);
                    assert_eq!(status, 200, "{text}");
                    tokens.push(token);
                }
                tokens
            })
        })
        .collect();
    let tokens: Vec<String> = handles.into_iter().flat_map(|h| h.join().expect("sent")).collect();
    let sent = began.elapsed();
    let until = Instant::now() + Duration::from_secs(120);
    let (boards, notices) = loop {
        let calls = double.calls();
        let boards: Vec<&Call> = calls
            .iter()
            .filter(|c| {
                c.method == "PATCH" && c.status == 200 && c.has_png() && tokens.iter().any(|t| c.path.contains(t))
            })
            .collect();
        let notices: Vec<&Call> =
            calls.iter().filter(|c| posted(c) && c.content().contains("your move") && !c.repeat).collect();
        if boards.len() >= games && notices.len() >= games {
            let last_board = boards.iter().map(|c| c.at).max().expect("boards");
            let last_notice = notices.iter().map(|c| c.at).max().expect("notices");
            break (last_board.saturating_duration_since(began), last_notice.saturating_duration_since(began));
        }
        assert!(Instant::now() < until, "gave up: {} boards, {} notices of {games}", boards.len(), notices.len());
        std::thread::sleep(Duration::from_millis(50));
    };
    let allowed = Duration::from_secs_f64(games as f64 / 50.0);
    let target = allowed.mul_f64(1.25);
    let last = boards.max(notices);
    println!(
        "  2. {games} games in {games} threads, a move each within {:.2} s: last board {:.2} s, last notice {:.2} s \
         (the global limit allows the {games} notices in {:.2} s; target ≤ {:.2} s: {})",
        seconds(sent),
        seconds(boards),
        seconds(notices),
        seconds(allowed),
        seconds(target),
        if last <= target { "within" } else { "OVER" },
    );
    println!("     {}", refusals(&double));
    drop(bot);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Load 3: 8 games of people, each a move every 1.1 s.
fn eight_games(latency: Duration, moves: usize) {
    let dir = fresh_dir("eight");
    let double = Arc::new(Double::start_with(Strict::discord_at(latency)));
    let bot = start_bot(&dir, &double, None, &[]);
    let bench = Arc::new(Bench {
        addr: bot.addr.clone(),
        double: double.clone(),
        interactions: Interactions::load(),
        people: AtomicU64::new(0),
    });
    let (streams, interval) = (8usize, Duration::from_millis(1_100));
    let per_stream = moves.div_ceil(streams);
    let handles: Vec<_> = (0..streams)
        .map(|i| {
            let bench = bench.clone();
            let offset = interval * i as u32 / streams as u32;
            std::thread::spawn(move || stream(&bench, CHANNEL, per_stream, interval, offset, 0x8e37 + i as u64))
        })
        .collect();
    let mut all = Measured::default();
    for h in handles {
        let m = h.join().expect("a stream");
        all.boards.extend(m.boards);
        all.latencies.extend(m.latencies);
        all.late += m.late;
    }
    let mut boards = all.boards.clone();
    boards.sort_unstable();
    let at = |v: &[u64], q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize] as f64 / 1000.0;
    let (p50, p99) = (at(&boards, 0.5), at(&boards, 0.99));
    let target50 = 3.0 * latency.as_secs_f64() * 1000.0;
    let mut both = all.latencies.clone();
    both.sort_unstable();
    println!(
        "  3. 8 games, a move every 1.1 s each, {} moves: board p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms \
         (targets p50 ≤ {:.0} ms, p99 ≤ 1000 ms: {}); board and notice p50 {:.1} ms, p99 {:.1} ms; late {}",
        boards.len(),
        p50,
        at(&boards, 0.9),
        p99,
        at(&boards, 1.0),
        target50,
        if p50 <= target50 && p99 <= 1000.0 { "within" } else { "OVER" },
        at(&both, 0.5),
        at(&both, 0.99),
        all.late,
    );
    println!("     {}", refusals(&double));
    drop(bot);
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    let latency = Duration::from_millis(80);
    let only = env_or("BOARDBOT_BENCH_ONLY", 0);
    let moves = env_or("BOARDBOT_BENCH_MOVES", 240) as usize;
    println!("\nDiscord's limits and latency (80 ms a call): the real binary against the strict double");
    if only == 0 || only == 1 {
        against_the_computer(latency);
    }
    if only == 0 || only == 2 {
        two_hundred_threads(latency);
    }
    if only == 0 || only == 3 {
        eight_games(latency, moves);
    }
}
