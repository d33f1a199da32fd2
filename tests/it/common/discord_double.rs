//! A Discord double: a loopback HTTP server that plays the part of Discord's REST API
//! for the calls the bot makes, answers with bodies shaped like Discord's, and records
//! every request. The bot reaches it through `api_proxy`.
//!
//! Like Discord, it honours `enforce_nonce`: a message posted with a nonce already
//! used in that channel within the last few minutes (by the bot, the only author
//! here) creates nothing, and the answer is the message made the first time.
//!
//! By default it answers at once and limits nothing (the tests of what the bot says).
//! Started with [`Strict`] it is as strict as Discord (issue #55): each answer comes
//! after a latency with jitter; buckets with Discord's headers (`X-RateLimit-Limit`,
//! `-Remaining`, `-Reset`, `-Reset-After`, `-Bucket`, and `-Scope` on a refusal),
//! windows counted from the first request's arrival; a refusal is a 429 with
//! `retry_after` (and `global`) and changes nothing; 5 messages per 5 s in a channel, a
//! global limit of 50 requests a second (interaction callbacks and the application's
//! webhooks apart, as Discord documents), the interactions' webhooks limited per token,
//! and threads limited per server beyond what any header says, a burst over it
//! answered with a long `retry_after` (Discord has asked for 145–280 s). It counts the
//! requests sent into a bucket after it was announced empty (a `Remaining: 0` or a 429
//! already on its way back) and before it reset: what Discord counts toward banning a
//! bot's address. It can fail chosen paths ([`Fault`]), and it keeps which answer of
//! an interaction reached it first ([`Double::respond`]).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;

/// Discord's Activity: the OAuth2 code exchange and Bearer `users/@me` (issue #51).
#[path = "discord_oauth.rs"]
pub mod oauth;

/// One request the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    /// GET, POST, PATCH, PUT, DELETE.
    pub method: String,
    /// The path under the proxy, `/api/v10/channels/600/messages`.
    pub path: String,
    /// The content type (multipart when files are attached).
    pub content_type: String,
    /// The raw body.
    pub body: Vec<u8>,
    /// A message post answered with the message its nonce made before: nothing new
    /// was created.
    pub repeat: bool,
    /// Refused as Discord refuses an interaction's webhook it does not know yet
    /// (404, code 10015): a strict double's answer to an edit that comes before the
    /// interaction's response.
    pub unknown_webhook: bool,
    /// When the double received it (for the benchmarks' latencies).
    pub at: Instant,
    /// The status it was answered with.
    pub status: u16,
    /// Refused as too many (429), and for what: `user` (its bucket), `shared` (a
    /// server's threads) or `global`.
    pub limited: Option<&'static str>,
    /// Sent into a bucket that had been announced empty (or held by a 429), before
    /// its reset.
    pub into_empty: bool,
    /// An edit of an interaction's response whose first answer to reach Discord was
    /// ephemeral ([`Double::respond`]): it stays where only one person sees it.
    pub into_ephemeral: bool,
}

impl Call {
    /// The body as text (lossy: attachments are binary).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// Whether a PNG file is attached.
    pub fn has_png(&self) -> bool {
        self.content_type.starts_with("multipart/") && self.body.windows(8).any(|w| w == b"\x89PNG\r\n\x1a\n")
    }

    /// The files attached (the multipart parts other than `payload_json`), each as
    /// its file name, its content type and its bytes.
    pub fn files(&self) -> Vec<(String, String, Vec<u8>)> {
        let Some(boundary) = self.content_type.split("boundary=").nth(1) else { return Vec::new() };
        let delimiter = format!("--{}", boundary.trim_matches('"'));
        let body = &self.body;
        let mut starts: Vec<usize> = body
            .windows(delimiter.len())
            .enumerate()
            .filter(|(_, w)| *w == delimiter.as_bytes())
            .map(|(i, _)| i)
            .collect();
        starts.push(body.len());
        let mut files = Vec::new();
        for pair in starts.windows(2) {
            let part = &body[pair[0] + delimiter.len()..pair[1]];
            let Some(head_end) = part.windows(4).position(|w| w == b"\r\n\r\n") else { continue };
            let head = String::from_utf8_lossy(&part[..head_end]).to_string();
            let Some(name) = head.split("filename=\"").nth(1).and_then(|r| r.split('"').next()) else { continue };
            let content_type = head
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-type:").map(|v| v.trim().to_string()))
                .unwrap_or_default();
            // The part's data ends before the CRLF that precedes the next delimiter.
            let data = &part[head_end + 4..];
            let data = data.strip_suffix(b"\r\n").unwrap_or(data);
            files.push((name.to_string(), content_type, data.to_vec()));
        }
        files
    }

    /// The JSON payload: the body, or the `payload_json` part of a multipart body.
    pub fn json(&self) -> serde_json::Value {
        if let Ok(v) = serde_json::from_slice(&self.body) {
            return v;
        }
        let text = self.text();
        let Some(at) = text.find("name=\"payload_json\"") else { return serde_json::Value::Null };
        let rest = &text[at..];
        let start = rest.find("\r\n\r\n").map_or(0, |i| i + 4);
        let end = rest[start..].find("\r\n--").map_or(rest.len(), |i| start + i);
        serde_json::from_str(&rest[start..end]).unwrap_or(serde_json::Value::Null)
    }

    /// The message text sent.
    pub fn content(&self) -> String {
        self.json()["content"].as_str().unwrap_or_default().to_string()
    }
}

/// How long Discord remembers a nonce ("the past few minutes").
const NONCE_WINDOW: Duration = Duration::from_secs(300);

/// How strict the double is. `Strict::default()` is the lenient double.
#[derive(Clone, Debug, Default)]
pub struct Strict {
    /// Each answer leaves this long after its request arrived …
    pub latency: Duration,
    /// … plus up to this much more, at random.
    pub jitter: Duration,
    /// Messages per channel: how many in a window of how long.
    pub channel_messages: Option<(u32, Duration)>,
    /// Threads made per server: how many in a window of how long, and how long a
    /// request over it is held (its `retry_after`). No header states this limit.
    pub server_threads: Option<(u32, Duration, Duration)>,
    /// Requests a second for the whole bot, interactions apart.
    pub global: Option<u32>,
    /// Requests per interaction token to its webhook: how many in how long.
    pub webhooks: Option<(u32, Duration)>,
    /// An interaction's webhook is unknown until the test says its response arrived
    /// ([`Double::acknowledge`]).
    pub unknown_until_acknowledged: bool,
}

impl Strict {
    /// Discord as issue #55 measured it: 80 ms a call (± 20 ms), 5 messages per 5 s a
    /// channel, 10 threads per 60 s a server then 120 s of penalty, 50 requests a
    /// second, 5 calls per 2 s to an interaction's webhook.
    pub fn discord() -> Strict {
        Strict::discord_at(Duration::from_millis(80))
    }

    /// [`Strict::discord`] with another latency (tests keep it short), jitter a
    /// quarter of it.
    pub fn discord_at(latency: Duration) -> Strict {
        Strict {
            latency,
            jitter: latency / 4,
            channel_messages: Some((5, Duration::from_secs(5))),
            server_threads: Some((10, Duration::from_secs(60), Duration::from_secs(120))),
            global: Some(50),
            webhooks: Some((5, Duration::from_secs(2))),
            unknown_until_acknowledged: false,
        }
    }
}

/// A failure the double answers a path with, for the bot to survive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// 500, as Discord fails now and then.
    ServerError,
    /// No answer for a minute: the bot's call times out.
    Hang,
    /// 404 Unknown Webhook (10015), as for an interaction whose token is void.
    UnknownWebhook,
}

/// A window of a bucket: when it started (the first arrival), how many came, and
/// until when it was announced empty (or held).
#[derive(Clone, Copy, Debug)]
struct Window {
    started: Instant,
    count: u32,
    empty_until: Option<Instant>,
    held_until: Option<Instant>,
}

/// The buckets, by name.
#[derive(Default)]
struct Buckets {
    windows: HashMap<String, Window>,
    /// Interactions' first answers to reach Discord, by token: ephemeral or not.
    responses: HashMap<String, bool>,
}

/// What a strict double decided about one request before answering it.
struct Verdict {
    /// Refused: the scope, `retry_after`, and whether it is global.
    refused: Option<(&'static str, Duration)>,
    /// The bucket's headers for the answer: name, limit, remaining, reset-after.
    headers: Vec<(String, u32, u32, Duration)>,
    /// Buckets announced empty by this answer (to mark when it leaves).
    empties: Vec<(String, Instant)>,
    into_empty: bool,
}

#[derive(Default)]
struct Recorder {
    calls: Mutex<Vec<Call>>,
    /// Rung at each call recorded.
    arrived: std::sync::Condvar,
    next_id: AtomicU64,
    /// The messages made with a nonce, by channel and nonce, and when.
    nonces: Mutex<HashMap<(String, String), (Instant, serde_json::Value)>>,
    /// Strict: the interaction tokens whose response Discord has (the test says so,
    /// [`Double::acknowledge`]); the webhook of any other is unknown. `None`: every
    /// token is known.
    answered: Mutex<Option<std::collections::HashSet<String>>>,
    /// How strict it is.
    strict: Strict,
    buckets: Mutex<Buckets>,
    /// Paths (substrings) answered with a failure.
    faults: Mutex<Vec<(String, Fault)>>,
    /// For the jitter.
    seed: AtomicU64,
}

impl Recorder {
    fn record(&self, call: Call) {
        self.calls.lock().expect("the recorder").push(call);
        self.arrived.notify_all();
    }
}

/// The running double.
pub struct Double {
    /// Its base URL, for `api_proxy`.
    pub url: String,
    recorder: Arc<Recorder>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Double {
    /// Waits until no call has come for `quiet` (the bot has finished what it was
    /// doing), at most ten seconds; returns the calls.
    pub fn settle(&self, quiet: Duration) -> Vec<Call> {
        let until = Instant::now() + Duration::from_secs(10);
        let mut seen = self.calls().len();
        let mut since = Instant::now();
        while Instant::now() < until {
            std::thread::sleep(Duration::from_millis(25));
            let now = self.calls().len();
            if now != seen {
                seen = now;
                since = Instant::now();
            } else if since.elapsed() >= quiet {
                break;
            }
        }
        self.calls()
    }

    /// Starts the double on a free loopback port.
    pub fn start() -> Double {
        Double::start_with(Strict::default())
    }

    /// Starts a double that, as Discord, does not know an interaction's webhook before
    /// it has the interaction's response: an edit or a follow-up before then is
    /// refused with "Unknown Webhook" (404, code 10015). The tests say when a response
    /// has arrived with [`Double::acknowledge`].
    pub fn start_strict() -> Double {
        Double::start_with(Strict { unknown_until_acknowledged: true, ..Strict::default() })
    }

    /// Answers requests to paths containing `path` with `fault` from now on.
    pub fn fail(&self, path: &str, fault: Fault) {
        self.recorder.faults.lock().expect("the faults").push((path.to_string(), fault));
    }

    /// Stops failing every path.
    pub fn heal(&self) {
        self.recorder.faults.lock().expect("the faults").clear();
    }

    /// An answer to the interaction of `token` reached Discord (the test plays
    /// Discord's part for the HTTP endpoint's responses): the first one counts, as
    /// Discord takes one response per interaction; its webhook is known from now on.
    /// Returns whether this one was the first.
    pub fn respond(&self, token: &str, response: &serde_json::Value) -> bool {
        let ephemeral = response["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0;
        let first = {
            let mut buckets = self.recorder.buckets.lock().expect("the buckets");
            let first = !buckets.responses.contains_key(token);
            buckets.responses.entry(token.to_string()).or_insert(ephemeral);
            first
        };
        self.acknowledge(token);
        first
    }

    /// The calls refused as too many.
    pub fn refused(&self) -> Vec<Call> {
        self.calls().into_iter().filter(|c| c.limited.is_some()).collect()
    }

    /// The calls sent into a bucket announced empty, before it reset.
    pub fn sent_into_empty(&self) -> Vec<Call> {
        self.calls().into_iter().filter(|c| c.into_empty).collect()
    }

    /// Discord has the response to the interaction of `token`: its webhook is known.
    pub fn acknowledge(&self, token: &str) {
        if let Some(known) = self.recorder.answered.lock().expect("the tokens").as_mut() {
            known.insert(token.to_string());
        }
    }

    /// Starts a double as strict as `strict` says.
    pub fn start_with(strict: Strict) -> Double {
        let answered = strict.unknown_until_acknowledged.then(std::collections::HashSet::new);
        let recorder = Arc::new(Recorder {
            calls: Mutex::new(Vec::new()),
            arrived: std::sync::Condvar::new(),
            next_id: AtomicU64::new(9000),
            nonces: Mutex::new(HashMap::new()),
            answered: Mutex::new(answered),
            strict,
            buckets: Mutex::new(Buckets::default()),
            faults: Mutex::new(Vec::new()),
            seed: AtomicU64::new(0x2545_f491_4f6c_dd1d),
        });
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<SocketAddr>();
        let state = recorder.clone();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
                ready_tx.send(listener.local_addr().expect("an address")).expect("the test waits");
                let app = Router::new().fallback(handle).with_state(state);
                let _ = axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await;
            });
        });
        let addr = ready_rx.recv_timeout(Duration::from_secs(10)).expect("the double starts");
        Double { url: format!("http://{addr}"), recorder, stop: Some(stop), thread: Some(thread) }
    }

    /// The messages created (posts answered with an earlier message are not, nor
    /// refused ones).
    pub fn created(&self) -> Vec<Call> {
        self.calls()
            .into_iter()
            .filter(|c| {
                c.method == "POST"
                    && c.path.ends_with("/messages")
                    && c.path.contains("/channels/")
                    && !c.repeat
                    && c.status < 300
            })
            .collect()
    }

    /// Every call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.recorder.calls.lock().expect("the recorder").clone()
    }

    /// The calls from the `from`th on (0 is the first since the last
    /// [`Double::clear`]), without copying the ones before.
    pub fn calls_since(&self, from: usize) -> Vec<Call> {
        let calls = self.recorder.calls.lock().expect("the recorder");
        calls.get(from..).map(<[Call]>::to_vec).unwrap_or_default()
    }

    /// Waits until more than `seen` calls are recorded (since the last
    /// [`Double::clear`]), at most `timeout`; how many there are.
    pub fn wait_past(&self, seen: usize, timeout: Duration) -> usize {
        let calls = self.recorder.calls.lock().expect("the recorder");
        let (calls, _) =
            self.recorder.arrived.wait_timeout_while(calls, timeout, |c| c.len() <= seen).expect("the recorder");
        calls.len()
    }

    /// How many calls were recorded since the last [`Double::clear`].
    pub fn count(&self) -> usize {
        self.recorder.calls.lock().expect("the recorder").len()
    }

    /// Forgets the calls so far.
    pub fn clear(&self) {
        self.recorder.calls.lock().expect("the recorder").clear();
    }

    /// Waits until the calls satisfy `done` (the bot answers on its own time).
    pub fn wait_for(&self, what: &str, done: impl Fn(&[Call]) -> bool) -> Vec<Call> {
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            let calls = self.calls();
            if done(&calls) {
                return calls;
            }
            assert!(Instant::now() < until, "timed out waiting for {what}; calls: {:#?}", summary(&calls));
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Method, path and content of each call, for failure messages.
pub fn summary(calls: &[Call]) -> Vec<String> {
    calls.iter().map(|c| format!("{} {} {}", c.method, c.path, c.content())).collect()
}

impl Drop for Double {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn user_json() -> serde_json::Value {
    serde_json::json!({"id": "1000", "username": "boardbot", "discriminator": "0", "global_name": null,
                       "avatar": null, "bot": true})
}

fn message_json(id: u64, channel: &str, body: &serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "id": id.to_string(), "channel_id": channel, "author": user_json(),
        "content": body["content"].as_str().unwrap_or_default(),
        "timestamp": "2026-11-23T12:00:00.000000+00:00", "edited_timestamp": null,
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": [], "embeds": [], "pinned": false, "type": 0, "flags": 0,
        "components": []
    })
}

fn json(status: StatusCode, value: serde_json::Value) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], value.to_string()).into_response()
}

/// A bucket a request counts in: its name, the hash announced, its limit and window,
/// the scope of a refusal, whether headers announce it, and the penalty when over.
type Counted = (String, &'static str, u32, Duration, &'static str, bool, Option<Duration>);

/// The strict double's decision for a request arriving at `now`: which buckets it
/// counts in, and whether one refuses it.
fn judge(rec: &Recorder, method: &str, parts: &[&str], now: Instant) -> Verdict {
    let strict = &rec.strict;
    let mut verdict = Verdict { refused: None, headers: Vec::new(), empties: Vec::new(), into_empty: false };
    let mut counted: Vec<Counted> = Vec::new();
    let interaction = matches!(parts, ["interactions", ..] | ["webhooks", ..]);
    if let (Some(per_second), false) = (strict.global, interaction) {
        counted.push(("global".into(), "", per_second, Duration::from_secs(1), "global", false, None));
    }
    match (method, parts) {
        ("POST", ["channels", channel, "messages"]) => {
            if let Some((limit, per)) = strict.channel_messages {
                counted.push((format!("messages {channel}"), "b-messages", limit, per, "user", true, None));
            }
        }
        ("POST", ["channels", _, "threads"]) => {
            if let Some((limit, per, penalty)) = strict.server_threads {
                // Every channel here is in server 500.
                counted.push(("threads 500".into(), "b-threads", limit, per, "shared", false, Some(penalty)));
            }
        }
        (_, ["webhooks", _, token, ..]) => {
            if let Some((limit, per)) = strict.webhooks {
                counted.push((format!("webhook {token}"), "b-webhook", limit, per, "user", true, None));
            }
        }
        _ => {}
    }
    let mut buckets = rec.buckets.lock().expect("the buckets");
    // First, whether any refuses it (then it counts in none: no side effect).
    let mut refuser: Option<String> = None;
    for (name, _, limit, per, scope, _, penalty) in &counted {
        let w = buckets.windows.entry(name.clone()).or_insert(Window {
            started: now,
            count: 0,
            empty_until: None,
            held_until: None,
        });
        if w.held_until.is_some_and(|until| until > now) {
            verdict.into_empty |= w.empty_until.is_some_and(|until| until > now);
            let wait = w.held_until.map_or(Duration::ZERO, |until| until - now);
            if verdict.refused.is_none() {
                verdict.refused = Some((scope, wait));
                refuser = Some(name.clone());
            }
            continue;
        }
        if now >= w.started + *per {
            *w = Window { started: now, count: 0, empty_until: None, held_until: None };
        }
        if w.empty_until.is_some_and(|until| until > now) {
            verdict.into_empty = true;
        }
        if w.count >= *limit {
            let wait = match penalty {
                Some(penalty) => {
                    w.held_until = Some(now + *penalty);
                    *penalty
                }
                None => w.started + *per - now,
            };
            if verdict.refused.is_none() {
                verdict.refused = Some((scope, wait));
                refuser = Some(name.clone());
            }
        }
    }
    if let (Some((_, wait)), Some(name)) = (verdict.refused, refuser) {
        // A refusal says its bucket is empty until then.
        verdict.empties.push((name, now + wait));
        return verdict;
    }
    for (name, hash, limit, per, _, announced, _) in &counted {
        let w = buckets.windows.get_mut(name).expect("made above");
        w.count += 1;
        let reset_after = w.started + *per - now;
        if *announced {
            verdict.headers.push((hash.to_string(), *limit, limit - w.count, reset_after));
        }
        if w.count >= *limit && *announced {
            verdict.empties.push((name.clone(), w.started + *per));
        }
    }
    verdict
}

/// A number in `0..n`, for the jitter.
fn below(rec: &Recorder, n: u64) -> u64 {
    let mut x = rec.seed.fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::Relaxed);
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    if n == 0 {
        0
    } else {
        x % n
    }
}

async fn handle(
    State(rec): State<Arc<Recorder>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let arrived = Instant::now();
    let path = uri.path().to_string();
    let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let verdict = judge(&rec, method.as_str(), &parts, arrived);
    let fault = rec.faults.lock().expect("the faults").iter().find(|(p, _)| path.contains(p.as_str())).map(|(_, f)| *f);
    let (mut response, mut call) = answer(&rec, &method, &path, &parts, &headers, body, arrived, &verdict, fault);
    let strict = &rec.strict;
    let jitter = below(&rec, strict.jitter.as_micros() as u64);
    let delay = strict.latency + Duration::from_micros(jitter);
    if fault == Some(Fault::Hang) {
        tokio::time::sleep(Duration::from_secs(60)).await;
    } else if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    // Announced when the answer leaves: a request arriving from now on was sent
    // knowing it.
    {
        let left = Instant::now();
        let mut buckets = rec.buckets.lock().expect("the buckets");
        for (name, until) in &verdict.empties {
            if let Some(w) = buckets.windows.get_mut(name) {
                if *until > left {
                    w.empty_until = Some(w.empty_until.map_or(*until, |u| u.max(*until)));
                }
            }
        }
    }
    let epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    for (hash, limit, remaining, reset_after) in &verdict.headers {
        let h = response.headers_mut();
        let mut put = |name: &'static str, value: String| {
            if let Ok(v) = value.parse() {
                h.insert(name, v);
            }
        };
        put("x-ratelimit-bucket", hash.clone());
        put("x-ratelimit-limit", limit.to_string());
        put("x-ratelimit-remaining", remaining.to_string());
        put("x-ratelimit-reset-after", format!("{:.3}", reset_after.as_secs_f64()));
        put("x-ratelimit-reset", format!("{:.3}", (epoch + *reset_after).as_secs_f64()));
    }
    call.status = response.status().as_u16();
    rec.record(call);
    response
}

/// The answer to one request, and its record (recorded once the answer leaves).
#[allow(clippy::too_many_arguments)]
fn answer(
    rec: &Recorder,
    method: &Method,
    path: &str,
    parts: &[&str],
    headers: &HeaderMap,
    body: Bytes,
    arrived: Instant,
    verdict: &Verdict,
    fault: Option<Fault>,
) -> (Response, Call) {
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let mut call = Call {
        method: method.to_string(),
        path: path.to_string(),
        content_type,
        body: body.to_vec(),
        repeat: false,
        unknown_webhook: false,
        at: arrived,
        status: 0,
        limited: None,
        into_empty: verdict.into_empty,
        into_ephemeral: false,
    };
    if let Some((scope, wait)) = verdict.refused {
        call.limited = Some(scope);
        let global = scope == "global";
        let mut response = json(
            StatusCode::TOO_MANY_REQUESTS,
            serde_json::json!({"message": "You are being rate limited.", "retry_after": wait.as_secs_f64(),
                               "global": global, "code": 0}),
        );
        let h = response.headers_mut();
        h.insert("retry-after", wait.as_secs_f64().ceil().to_string().parse().expect("a header"));
        h.insert("x-ratelimit-scope", scope.parse().expect("a header"));
        if global {
            h.insert("x-ratelimit-global", "true".parse().expect("a header"));
        }
        return (response, call);
    }
    match fault {
        Some(Fault::ServerError) => {
            return (json(StatusCode::INTERNAL_SERVER_ERROR, serde_json::json!({"message": "500", "code": 0})), call)
        }
        Some(Fault::UnknownWebhook) => {
            call.unknown_webhook = true;
            return (
                json(StatusCode::NOT_FOUND, serde_json::json!({"message": "Unknown Webhook", "code": 10015})),
                call,
            );
        }
        Some(Fault::Hang) | None => {}
    }
    let payload = call.json();
    // Discord's Activity: its code exchange and Bearer `users/@me` (discord_oauth.rs).
    if let Some(answer) = oauth::answer(method.as_str(), parts, headers, &body) {
        return (answer, call);
    }
    // A strict double knows an interaction's webhook only once it has its response.
    if let ["webhooks", _, token, ..] = parts {
        let unknown = rec.answered.lock().expect("the tokens").as_ref().is_some_and(|known| !known.contains(*token));
        if unknown {
            call.unknown_webhook = true;
            return (
                json(StatusCode::NOT_FOUND, serde_json::json!({"message": "Unknown Webhook", "code": 10015})),
                call,
            );
        }
        if method == Method::PATCH {
            let buckets = rec.buckets.lock().expect("the buckets");
            call.into_ephemeral = buckets.responses.get(*token).copied().unwrap_or(false);
        }
    }
    // A nonce enforced and seen in this channel lately: the first message, nothing new.
    let nonce = match (method.as_str(), parts, &payload["nonce"]) {
        ("POST", ["channels", channel, "messages"], serde_json::Value::String(n))
            if payload["enforce_nonce"] == serde_json::Value::Bool(true) =>
        {
            Some((channel.to_string(), n.clone()))
        }
        _ => None,
    };
    if let Some(key) = &nonce {
        let nonces = rec.nonces.lock().expect("the nonces");
        if let Some((_, message)) = nonces.get(key).filter(|(at, _)| at.elapsed() < NONCE_WINDOW) {
            call.repeat = true;
            let message = message.clone();
            drop(nonces);
            return (json(StatusCode::OK, message), call);
        }
    }
    let id = rec.next_id.fetch_add(1, Ordering::SeqCst);
    let response = match (method.as_str(), parts) {
        ("POST", ["channels", channel, "messages"]) => {
            let mut message = message_json(id, channel, &payload);
            if let Some(key) = nonce {
                message["nonce"] = serde_json::Value::String(key.1.clone());
                rec.nonces.lock().expect("the nonces").insert(key, (Instant::now(), message.clone()));
            }
            json(StatusCode::OK, message)
        }
        ("POST", ["channels", channel, "threads"]) => json(
            StatusCode::CREATED,
            serde_json::json!({
                "id": id.to_string(), "type": 11, "guild_id": "500", "parent_id": channel,
                "name": payload["name"], "owner_id": "1000", "member_count": 1, "message_count": 0,
                "thread_metadata": {"archived": false, "auto_archive_duration": 1440,
                                    "archive_timestamp": "2026-11-23T12:00:00.000000+00:00", "locked": false},
                "rate_limit_per_user": 0, "flags": 0
            }),
        ),
        ("POST", ["users", "@me", "channels"]) => json(
            StatusCode::OK,
            serde_json::json!({"id": id.to_string(), "type": 1, "last_message_id": null,
                               "recipients": [{"id": payload["recipient_id"], "username": "someone",
                                               "discriminator": "0", "avatar": null}]}),
        ),
        ("POST", ["webhooks", _, _]) => json(StatusCode::OK, message_json(id, "600", &payload)),
        ("PATCH", ["webhooks", _, _, "messages", _]) => json(StatusCode::OK, message_json(id, "600", &payload)),
        ("DELETE", ["webhooks", _, _, "messages", _]) => StatusCode::NO_CONTENT.into_response(),
        ("POST", ["interactions", _, _, "callback"]) => StatusCode::NO_CONTENT.into_response(),
        ("PUT", ["applications", _, "commands"]) | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            json(StatusCode::OK, serde_json::json!([]))
        }
        // The registered commands, with ids for clickable command mentions.
        ("GET", ["applications", app, "commands"]) | ("GET", ["applications", app, "guilds", _, "commands"]) => {
            let commands: Vec<serde_json::Value> = ["kuba", "kewbz", "cabale", "nuba", "boardbot"]
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    serde_json::json!({"id": (9001 + i).to_string(), "application_id": app, "version": "1",
                                       "type": 1, "name": name, "description": "d", "options": [],
                                       "default_member_permissions": null, "nsfw": false})
                })
                .collect();
            json(StatusCode::OK, serde_json::Value::Array(commands))
        }
        _ => json(StatusCode::NOT_FOUND, serde_json::json!({"message": "Unknown route", "code": 0})),
    };
    (response, call)
}
