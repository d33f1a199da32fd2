//! What the Discord benchmarks share (`discord_http`, `discord_memory`): the real
//! binary started as `boardbot discord --http` against the tests' Discord double,
//! interactions built from the tests' fixtures and signed with the tests' key, games
//! set up as people set them up and streams of legal moves at fixed times.

// Each benchmark uses part of these.
#![allow(dead_code)]

#[path = "../../tests/it/common/discord_double.rs"]
pub mod discord_double;
#[path = "../../tests/it/common/discord_sign.rs"]
pub mod discord_sign;

use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use boardbot::games::{GameKind, Position};
use discord_double::{summary, Call, Double};
use serde_json::{json, Value};

use crate::common::{quiet_move, Rng};

/// The application's id, which is also the bot's user id.
pub const BOT: &str = "1000";
/// Moves a game lasts here at most before its stream starts another: games of a
/// usual length, not one ever longer replay.
pub const MOVES_PER_GAME: usize = 60;
/// Moves of each stream not measured (the first connections, caches, the allocator).
pub const WARM_UP: usize = 3;
/// How long a move may take before the benchmark gives up on the bot.
pub const GIVE_UP: Duration = Duration::from_secs(20);

pub fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// The bot as a process; killed when dropped.
pub struct Bot {
    pub child: Child,
    pub addr: String,
}

impl Bot {
    /// Stops the bot as an operator does (SIGTERM: it finishes what it was doing and
    /// exits; what the allocator prints at exit, with `MIMALLOC_SHOW_STATS=1`, goes to
    /// standard error), killing it after 10 s.
    pub fn stop(mut self) {
        // rustix is a dependency on Linux only; elsewhere the bot is killed.
        #[cfg(target_os = "linux")]
        {
            use rustix::process::{kill_process, Pid, Signal};
            let _ = kill_process(Pid::from_child(&self.child), Signal::TERM);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = self.child.kill();
        let until = Instant::now() + Duration::from_secs(10);
        while Instant::now() < until {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        eprintln!("the bot did not stop within 10 s of SIGTERM: killed");
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port()
}

/// Starts `boardbot discord --http` on a new database in `dir`, against `double`,
/// with the configuration file `config` when given.
pub fn start_bot(dir: &Path, double: &Double, config: Option<&Path>, env: &[(&str, &str)]) -> Bot {
    let addr = format!("127.0.0.1:{}", free_port());
    let db = dir.join("bench.sqlite");
    let within = Duration::from_secs(20);
    let child = discord_sign::start_discord_bot(&addr, BOT, &double.url, "BOARDBOT_BENCH_LOG", within, |c| {
        c.arg("--db").arg(&db).envs(env.iter().copied());
        if let Some(config) = config {
            c.arg("--config").arg(config);
        }
    });
    Bot { child, addr }
}

/// VmRSS and VmHWM of process `pid`, in MB.
pub fn memory(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Interactions as Discord sends them, from the tests' fixtures.
pub struct Interactions {
    command: Value,
    component: Value,
    next: AtomicU64,
}

pub fn user_json(id: &str) -> Value {
    json!({"id": id, "username": format!("p{id}"), "discriminator": "0", "global_name": null, "avatar": null,
           "bot": false})
}

impl Interactions {
    pub fn load() -> Interactions {
        let fixture = |name: &str| -> Value {
            let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/discord").join(name);
            serde_json::from_str(&std::fs::read_to_string(&path).expect("the fixture")).expect("fixture JSON")
        };
        Interactions { command: fixture("command.json"), component: fixture("component.json"), next: AtomicU64::new(1) }
    }

    /// `base` from `user`, in `channel` or in its game's `thread`, with an id and a
    /// token of its own.
    pub fn from(&self, base: &Value, user: &str, channel: &str, thread: Option<&str>) -> Value {
        let mut i = base.clone();
        i["member"]["user"] = user_json(user);
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        i["id"] = json!((100_000 + n).to_string());
        i["token"] = json!(format!("bench-{n}"));
        match thread {
            Some(thread) => {
                i["channel"] =
                    json!({"id": thread, "type": 11, "name": "a game", "parent_id": channel, "permissions": "0"});
                i["channel_id"] = json!(thread);
            }
            None => {
                i["channel"]["id"] = json!(channel);
                i["channel_id"] = json!(channel);
            }
        }
        i
    }

    /// `/kuba SUB` with `options`; `users` are the people the options name.
    pub fn command(
        &self,
        user: &str,
        sub: &str,
        options: Value,
        users: &[&str],
        channel: &str,
        thread: Option<&str>,
    ) -> Value {
        let mut i = self.from(&self.command, user, channel, thread);
        let resolved: serde_json::Map<String, Value> = users.iter().map(|u| (u.to_string(), user_json(u))).collect();
        i["data"]["name"] = json!("kuba");
        i["data"]["options"] = json!([{"type": 1, "name": sub, "options": options}]);
        i["data"]["resolved"] = json!({"users": resolved});
        i
    }

    /// A press of the button `custom_id`.
    pub fn button(&self, user: &str, custom_id: &str, channel: &str) -> Value {
        let mut i = self.from(&self.component, user, channel, None);
        i["data"]["custom_id"] = json!(custom_id);
        i
    }
}

/// Whether `call` names `user` in its `allowed_mentions` (it may notify them).
pub fn notifies(payload: &Value, user: &str) -> bool {
    payload["allowed_mentions"]["users"].as_array().is_some_and(|users| users.iter().any(|u| u == user))
}

/// One game of a stream, between two people of its own, in its thread.
pub struct Game {
    first: String,
    second: String,
    thread: String,
    position: Position,
    played: usize,
}

/// What a stream shares: the bot's address, the double, the interactions.
pub struct Bench {
    pub addr: String,
    pub double: Arc<Double>,
    pub interactions: Interactions,
    pub people: AtomicU64,
}

/// How a move's answer came.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Way {
    /// Deferred, then the response edited with the board (or a follow-up with it).
    Deferred,
    /// One type-4 response carrying the board and naming the opponent.
    Direct,
}

impl Bench {
    pub fn signed(&self, body: &Value) -> (u16, Value) {
        let (status, text) = discord_sign::signed_at(&self.addr, body);
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Waits until `found` says yes of the calls from `from` on; the call it found.
    pub fn wait_call(&self, from: usize, what: &str, found: impl Fn(&Call) -> bool) -> Call {
        let until = Instant::now() + GIVE_UP;
        let mut seen = from;
        loop {
            for call in self.double.calls_since(seen) {
                if found(&call) {
                    return call;
                }
                seen += 1;
            }
            let left = until.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "gave up waiting for {what}; calls: {:#?}",
                summary(&self.double.calls_since(from))
            );
            self.double.wait_past(seen, left);
        }
    }

    /// A new game in `channel`: a challenge from one new person to another, accepted
    /// by the button; the first board in its thread.
    pub fn new_game(&self, channel: &str) -> Game {
        let n = self.people.fetch_add(2, Ordering::Relaxed);
        let (first, second) = ((20_000 + n).to_string(), (20_001 + n).to_string());
        let options =
            json!([{"type": 6, "name": "opponent", "value": second}, {"type": 3, "name": "first", "value": "me"}]);
        let challenge = self.interactions.command(&first, "challenge", options, &[&second], channel, None);
        let (status, response) = self.signed(&challenge);
        assert_eq!(status, 200, "the challenge: {response}");
        let accept = response["data"]["components"][0]["components"][0]["custom_id"]
            .as_str()
            .unwrap_or_else(|| panic!("no Accept button: {response}"))
            .to_string();
        let mark = self.double.count();
        let (status, response) = self.signed(&self.interactions.button(&second, &accept, channel));
        assert_eq!(status, 200, "the acceptance: {response}");
        // The first board, posted in the game's new thread, tells the first to move.
        let me = format!("<@{first}>");
        let board = self.wait_call(mark, "the first board", |c| {
            c.method == "POST"
                && c.path.ends_with("/messages")
                && !c.path.contains(&format!("/channels/{channel}/"))
                && c.content().contains(&me)
        });
        let thread = board.path.split('/').nth(4).expect("a channel").to_string();
        Game { first, second, thread, position: Position::start(&GameKind::Kuba.default_settings()), played: 0 }
    }

    /// Plays one move of `game`: when it was done (board and notice at the double)
    /// and how. `None` when the game has no quiet move left.
    pub fn play(&self, game: &mut Game, channel: &str, rng: &mut Rng) -> Option<Done> {
        let mv = quiet_move(&game.position, rng)?;
        let seat = game.position.to_move().index();
        let (mover, other) = if seat == 0 { (&game.first, &game.second) } else { (&game.second, &game.first) };
        let mut next = game.position.clone();
        next.play_text(&mv).expect("a legal move");
        // Who is told: the next to move, unless the mover moves again.
        let told = (next.to_move().index() != seat).then(|| other.clone());
        let picked = format!("{mv}@{}", game.played);
        let options = json!([{"type": 3, "name": "move", "value": picked}]);
        let body = self.interactions.command(mover, "move", options, &[], channel, Some(&game.thread));
        let token = body["token"].as_str().expect("a token").to_string();
        let mark = self.double.count();
        let sent = Instant::now();
        let (status, response) = self.signed(&body);
        let answered = Instant::now();
        assert_eq!(status, 200, "{mv}: {response}");
        let data = &response["data"];
        let flags = data["flags"].as_u64().unwrap_or(0);
        assert!(flags & 64 == 0, "{mv} refused: {}", data["content"]);
        let done = match response["type"].as_u64() {
            Some(4) => {
                let has_board =
                    data["embeds"].as_array().is_some_and(|e| e.iter().any(|e| e["image"]["url"].is_string()));
                assert!(has_board, "{mv}: a type-4 answer without the board: {response}");
                let notice = match &told {
                    Some(user) if !notifies(data, user) => Some(self.wait_call(mark, "the notice", |c| {
                        c.method == "POST" && c.path.ends_with(&format!("/channels/{}/messages", game.thread)) && {
                            let payload = c.json();
                            notifies(&payload, user)
                        }
                    })),
                    _ => None,
                };
                let notice = notice.map(|n| n.at);
                let at = notice.map_or(answered, |n| n.max(answered));
                Done { at, way: Way::Direct, sent, answered, board: answered, notice }
            }
            Some(5) => {
                let board = self.wait_call(mark, "the board", |c| {
                    c.path.contains(&format!("/webhooks/{BOT}/{token}"))
                        && (c.method == "PATCH" || c.method == "POST")
                        && !c.unknown_webhook
                        && c.has_png()
                });
                let notice = told.as_ref().map(|user| {
                    self.wait_call(mark, "the notice", |c| {
                        c.method == "POST" && c.path.ends_with(&format!("/channels/{}/messages", game.thread)) && {
                            let payload = c.json();
                            notifies(&payload, user)
                        }
                    })
                });
                let notice = notice.map(|n| n.at);
                let at = notice.map_or(board.at, |n| n.max(board.at));
                Done { at, way: Way::Deferred, sent, answered, board: board.at, notice }
            }
            other => panic!("{mv}: an unexpected response {other:?}: {response}"),
        };
        game.position = next;
        game.played += 1;
        Some(done)
    }
}

/// How a move went.
pub struct Done {
    /// When the board and the notice were both at the double.
    pub at: Instant,
    /// How the move was answered.
    pub way: Way,
    /// When the request left.
    pub sent: Instant,
    /// When the HTTP response came back.
    pub answered: Instant,
    /// When the board was at the double (the response itself, when it carries it).
    pub board: Instant,
    /// When the opponent's notice was at the double, when one was sent apart.
    pub notice: Option<Instant>,
}

/// What one stream measured: latencies in microseconds, and the answers' paths.
#[derive(Default)]
pub struct Measured {
    /// Each move's latency, in microseconds.
    pub latencies: Vec<u64>,
    /// From each request's sending to its HTTP response, in microseconds.
    pub responses: Vec<u64>,
    /// From each request's sending to its board at the double, in microseconds.
    pub boards: Vec<u64>,
    /// From each request's sending to its notice at the double (moves with one apart).
    pub notices: Vec<u64>,
    /// Moves answered by one type-4 response.
    pub direct: usize,
    /// Moves answered by a deferred response and its edit.
    pub deferred: usize,
    /// Moves sent after their time (the one before in their game was not done).
    pub late: usize,
}

/// One stream of moves in `channel`, a move due every `interval`, `moves` measured
/// after the warm-up; `offset` shifts its schedule against the other streams'.
pub fn stream(bench: &Bench, channel: &str, moves: usize, interval: Duration, offset: Duration, seed: u64) -> Measured {
    let mut rng = Rng(seed);
    let mut measured = Measured::default();
    let mut game = bench.new_game(channel);
    let mut count = 0;
    let mut start = Instant::now() + offset;
    let mut due_index = 0u32;
    while measured.latencies.len() < moves {
        let due = start + interval * due_index;
        let now = Instant::now();
        if due > now {
            std::thread::sleep(due - now);
        } else if count >= WARM_UP {
            measured.late += 1;
        }
        let played = if game.played >= MOVES_PER_GAME { None } else { bench.play(&mut game, channel, &mut rng) };
        match played {
            Some(done) => {
                if count >= WARM_UP {
                    let since = |t: Instant| t.saturating_duration_since(done.sent).as_micros() as u64;
                    measured.latencies.push(done.at.saturating_duration_since(due).as_micros() as u64);
                    measured.responses.push(since(done.answered));
                    measured.boards.push(since(done.board));
                    measured.notices.extend(done.notice.map(since));
                    match done.way {
                        Way::Direct => measured.direct += 1,
                        Way::Deferred => measured.deferred += 1,
                    }
                }
                count += 1;
                due_index += 1;
            }
            None => {
                // A new game, set up off the clock: the schedule starts again after it.
                game = bench.new_game(channel);
                start = Instant::now() + interval;
                due_index = 0;
            }
        }
    }
    measured
}
