//! A Discord double: a loopback HTTP server that plays the part of Discord's REST API
//! for the calls the bot makes, answers with bodies shaped like Discord's, and records
//! every request. The bot reaches it through `api_proxy`.
//!
//! Like Discord, it honours `enforce_nonce`: a message posted with a nonce already
//! used in that channel within the last few minutes (by the bot, the only author
//! here) creates nothing, and the answer is the message made the first time.

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
        Double::start_with(None)
    }

    /// Starts a double that, as Discord, does not know an interaction's webhook before
    /// it has the interaction's response: an edit or a follow-up before then is
    /// refused with "Unknown Webhook" (404, code 10015). The tests say when a response
    /// has arrived with [`Double::acknowledge`].
    pub fn start_strict() -> Double {
        Double::start_with(Some(std::collections::HashSet::new()))
    }

    /// Discord has the response to the interaction of `token`: its webhook is known.
    pub fn acknowledge(&self, token: &str) {
        if let Some(known) = self.recorder.answered.lock().expect("the tokens").as_mut() {
            known.insert(token.to_string());
        }
    }

    fn start_with(answered: Option<std::collections::HashSet<String>>) -> Double {
        let recorder = Arc::new(Recorder {
            calls: Mutex::new(Vec::new()),
            arrived: std::sync::Condvar::new(),
            next_id: AtomicU64::new(9000),
            nonces: Mutex::new(HashMap::new()),
            answered: Mutex::new(answered),
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

    /// The messages created (posts answered with an earlier message are not).
    pub fn created(&self) -> Vec<Call> {
        self.calls()
            .into_iter()
            .filter(|c| {
                c.method == "POST" && c.path.ends_with("/messages") && c.path.contains("/channels/") && !c.repeat
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

async fn handle(
    State(rec): State<Arc<Recorder>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_string();
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let mut call = Call {
        method: method.to_string(),
        path: path.clone(),
        content_type,
        body: body.to_vec(),
        repeat: false,
        unknown_webhook: false,
        at: Instant::now(),
    };
    let payload = call.json();
    let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    // Discord's Activity: its code exchange and Bearer `users/@me` (discord_oauth.rs).
    if let Some(answer) = oauth::answer(method.as_str(), &parts, &headers, &body) {
        rec.record(call);
        return answer;
    }
    // A strict double knows an interaction's webhook only once it has its response.
    if let ["webhooks", _, token, ..] = parts.as_slice() {
        let unknown = rec.answered.lock().expect("the tokens").as_ref().is_some_and(|known| !known.contains(*token));
        if unknown {
            call.unknown_webhook = true;
            rec.record(call);
            return json(StatusCode::NOT_FOUND, serde_json::json!({"message": "Unknown Webhook", "code": 10015}));
        }
    }
    // A nonce enforced and seen in this channel lately: the first message, nothing new.
    let nonce = match (method.as_str(), parts.as_slice(), &payload["nonce"]) {
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
            rec.record(call);
            return json(StatusCode::OK, message);
        }
    }
    rec.record(call);
    let id = rec.next_id.fetch_add(1, Ordering::SeqCst);
    match (method.as_str(), parts.as_slice()) {
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
    }
}
