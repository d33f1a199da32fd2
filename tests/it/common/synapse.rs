//! A throwaway Synapse homeserver for integration tests.
//!
//! Include it with `#[path = "common/synapse.rs"] mod synapse;`, then:
//!
//! ```ignore
//! let Some(server) = synapse::Synapse::start() else { return }; // skipped: not installed
//! let alice = server.register("alice", "secret-a"); // "@alice:localhost"
//! let token = server.login(&alice, "secret-a");
//! ```
//!
//! - Installation: `.ci/install-synapse` makes a venv at `$BOARDBOT_SYNAPSE_VENV`, or
//!   `<repo>/target/synapse-venv` (the repository's `target/`, whatever `CARGO_TARGET_DIR`
//!   says). Without it, [`Synapse::start`] returns `None` and the run says once that it
//!   skips the Matrix tests ([`super::skips`]), unless
//!   `BOARDBOT_REQUIRE_SYNAPSE` or `CI` is set (to anything but empty, `0` or `false`):
//!   then it panics, so CI can't pass by skipping.
//! - Each server is fresh: its own directory under the system's temp dir (SQLite database,
//!   media, signing key, logs), removed on drop (kept, with its path printed, when
//!   `BOARDBOT_KEEP_SYNAPSE` is set). Its server name is always `localhost`, so user ids
//!   are `@name:localhost`; the client API (and the admin API, and media) is plain HTTP
//!   at [`Synapse::base_url`], `http://127.0.0.1:PORT`, on a free loopback port.
//! - No federation, no outbound requests except to loopback, every `rc_*` rate limit
//!   raised out of reach (except the hard-coded one of the room summary API, 5/s), cheap
//!   password hashing (`bcrypt_rounds: 4`), uploads up to 50 MB, no URL previews;
//!   room versions and authenticated media (on) are Synapse's defaults.
//! - Lifetime: [`Synapse::stop`] and drop end the process. It must not outlive a test
//!   binary that dies without unwinding (SIGKILL, abort, `panic = "abort"`), so Synapse
//!   runs under a small Python bootstrap whose watchdog thread reads its standard input, a
//!   pipe that only this process holds (Rust opens its pipes close-on-exec, so no other
//!   child inherits it): when the pipe closes, whether `stop` closed it or the kernel
//!   did because the test binary died, Synapse stops as on SIGTERM (and exits hard 10 s
//!   later if still up); when the test binary died, the bootstrap also removes the
//!   server's directory. No `setsid` and no separate process group: the process stays in
//!   the test binary's group, so a ^C in the terminal reaches it too. Not PR_SET_PDEATHSIG
//!   either: that fires when the spawning *thread* ends, and each test is a thread.
//! - Cost on the 2-core dev machine (Synapse 1.163.2): a start, database created, 1.3 s
//!   when the machine is idle, 2 to 3 s when it is busy building; a restart (stop
//!   included) 1.2 to 1.8 s; a graceful stop 0.05 to 0.15 s; `register` 0.04 to 0.3 s;
//!   about 125 MB of memory per server.

#![allow(dead_code)]

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use super::skips;

/// The server name of every test server: user ids are `@name:localhost`.
pub const SERVER_NAME: &str = "localhost";

/// How long `start` and `restart` wait for the client API to answer.
const START_TIMEOUT: Duration = Duration::from_secs(60);
/// How long `stop` waits for a graceful exit before it kills.
const STOP_TIMEOUT: Duration = Duration::from_secs(10);
/// How many lines of the homeserver log `log_tail` gives.
const TAIL_LINES: usize = 100;

/// Runs Synapse (`python -c BOOTSTRAP --config-path DIR/homeserver.yaml`) with a
/// watchdog thread that stops it once its standard input, a pipe from the test binary,
/// reaches end of file: gracefully, as SIGTERM does, and by `os._exit` if it is still up
/// 10 s later (a reactor that never ran, or a hung shutdown). Unless `stop` wrote "stop"
/// into the pipe first, the test binary is gone, so the bootstrap also removes DIR.
const BOOTSTRAP: &str = r#"
import os, shutil, sys, threading, time

server_dir = os.path.dirname(os.path.abspath(sys.argv[2]))
orphaned = []

def remove_dir_if_orphaned():
    if orphaned and os.path.basename(server_dir).startswith("boardbot-synapse-"):
        shutil.rmtree(server_dir, ignore_errors=True)

def watchdog():
    told = b""
    try:
        while chunk := os.read(0, 4096):
            told += chunk
    except OSError:
        pass
    if b"stop" not in told:
        orphaned.append(True)
    os.write(2, b"boardbot-watchdog: standard input closed, stopping Synapse\n")
    # What Twisted's SIGTERM handler does, without a signal handler that logs from
    # inside whatever log line the main thread was writing ("reentrant call" errors).
    from twisted.internet import reactor
    reactor.callFromThread(lambda: reactor.running and reactor.stop())
    time.sleep(10)
    remove_dir_if_orphaned()
    os._exit(70)

threading.Thread(target=watchdog, name="boardbot-watchdog", daemon=True).start()
sys.argv = ["synapse_homeserver"] + sys.argv[1:]
from synapse.app.homeserver import main
try:
    main()
finally:
    remove_dir_if_orphaned()
"#;

/// Prints the hex HMAC-SHA1, keyed by argv[1], of argv[2:] joined by NUL bytes: the
/// `mac` of Synapse's shared-secret registration.
const HMAC_SHA1: &str = "import hashlib, hmac, sys
print(hmac.new(sys.argv[1].encode(), b'\\0'.join(a.encode() for a in sys.argv[2:]), hashlib.sha1).hexdigest())";

/// A running (or stopped, between `stop` and `restart`) Synapse homeserver.
pub struct Synapse {
    child: Option<Child>,
    dir: PathBuf,
    port: u16,
    venv: PathBuf,
    shared_secret: String,
    overrides: Value,
    /// Synapse's own rate limits (`rc_*` as shipped) rather than raised ones.
    default_limits: bool,
}

impl Synapse {
    /// Starts a fresh homeserver and waits until its client API answers, so callers can
    /// register and log in right away. `None`, with the run's skip notice on standard
    /// error ([`super::skips`]), when the venv is missing
    /// and neither `BOARDBOT_REQUIRE_SYNAPSE` nor `CI` is set; a panic when one of them
    /// is. Panics, with the log's tail, when Synapse fails to start within 60 s.
    pub fn start() -> Option<Synapse> {
        Synapse::start_with(json!({}))
    }

    /// [`Synapse::start`] with some top-level settings of `homeserver.yaml` replaced by
    /// those of `overrides` (a JSON object), such as a real rate limit for a test of it.
    pub fn start_with(overrides: Value) -> Option<Synapse> {
        Synapse::launch_new(overrides, false)
    }

    /// [`Synapse::start`] with Synapse's rate limits as it ships them (a sender's
    /// messages: a burst of 10, then one every 5 s), for a test of the bot under them.
    pub fn start_with_default_limits() -> Option<Synapse> {
        Synapse::launch_new(json!({}), true)
    }

    fn launch_new(overrides: Value, default_limits: bool) -> Option<Synapse> {
        let venv = skips::synapse_venv();
        if !skips::synapse_installed(&venv) {
            if let Some(var) = skips::required_by(&skips::SYNAPSE_REQUIRED) {
                panic!(
                    "Synapse is not installed in {} and {var} is set, so the Matrix tests can't be skipped: \
                     run .ci/install-synapse",
                    venv.display()
                );
            }
            skips::skipping(skips::Suite::Synapse, &skips::synapse_missing(&venv));
            return None;
        }
        let mut server = Synapse {
            child: None,
            dir: unique_dir(),
            port: 0,
            venv,
            shared_secret: random_hex(16),
            overrides,
            default_limits,
        };
        fs::write(server.dir.join("log.yaml"), serde_json::to_string_pretty(&server.log_config()).unwrap())
            .expect("write log.yaml");
        // The free port is found by binding port 0 and letting it go, so another
        // process may take it before Synapse binds it: then try another.
        for attempt in 1..=3 {
            server.port = free_port();
            fs::write(server.dir.join("homeserver.yaml"), serde_json::to_string_pretty(&server.config()).unwrap())
                .expect("write homeserver.yaml");
            match server.launch() {
                Ok(()) => return Some(server),
                Err(e) if attempt < 3 && server.log_tail().contains("Address already in use") => {
                    let _ = writeln!(io::stderr(), "synapse: port {} was taken, trying another ({e})", server.port);
                }
                Err(e) => panic!("{e}"),
            }
        }
        unreachable!()
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The server name, `localhost` for every test server (see [`SERVER_NAME`]).
    pub fn server_name(&self) -> &str {
        SERVER_NAME
    }

    /// The loopback port of the client API; it stays the same across `restart`.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The server's directory: `homeserver.yaml`, `homeserver.db`, `homeserver.log`,
    /// `console.log` (Synapse's standard output and error), `media_store/`.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether the process is up (it may have died since the last request).
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.as_mut().map(|c| c.try_wait()), Some(Ok(None)))
    }

    /// Registers a user who is not a server admin, through the shared-secret
    /// registration API, and returns their full user id, `@localpart:localhost`.
    pub fn register(&self, localpart: &str, password: &str) -> String {
        self.register_user(localpart, password, false)
    }

    /// Registers a server admin (one who may call `/_synapse/admin/...`), as `register`.
    pub fn register_admin(&self, localpart: &str, password: &str) -> String {
        self.register_user(localpart, password, true)
    }

    /// The shared-secret registration API, as Synapse's `register_new_matrix_user` calls
    /// it, with the HMAC-SHA1 made by the venv's Python (0.05 s rather than that script's
    /// 0.5 s).
    fn register_user(&self, localpart: &str, password: &str, admin: bool) -> String {
        let path = "/_synapse/admin/v1/register";
        let (status, reply) = self.http("GET", path, None, None);
        let Some(nonce) = reply["nonce"].as_str().filter(|_| status == 200) else {
            panic!("registering {localpart}: GET {path}: {status} {reply}\n{}", self.log_tail());
        };
        let role = if admin { "admin" } else { "notadmin" };
        let out = Command::new(self.venv.join("bin/python"))
            .args(["-c", HMAC_SHA1, &self.shared_secret, nonce, localpart, password, role])
            .stdin(Stdio::null())
            .output()
            .expect("run the venv's python");
        let mac = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        assert!(out.status.success() && !mac.is_empty(), "HMAC: {}", String::from_utf8_lossy(&out.stderr));
        let body = json!({
            "nonce": nonce,
            "username": localpart,
            "password": password,
            "admin": admin,
            "mac": mac,
        });
        let (status, reply) = self.http("POST", path, None, Some(&body));
        match reply["user_id"].as_str() {
            Some(user_id) if status == 200 => user_id.to_owned(),
            _ => panic!("registering {localpart}: POST {path}: {status} {reply}\n{}", self.log_tail()),
        }
    }

    /// Logs `user` (a localpart or a full user id) in with `m.login.password` and
    /// returns the access token of the new device. Panics on anything but 200.
    pub fn login(&self, user: &str, password: &str) -> String {
        let body = json!({
            "type": "m.login.password",
            "identifier": {"type": "m.id.user", "user": user},
            "password": password,
        });
        let (status, reply) = self.http("POST", "/_matrix/client/v3/login", None, Some(&body));
        match reply["access_token"].as_str() {
            Some(token) if status == 200 => token.to_owned(),
            _ => panic!("logging {user} in: {status} {reply}\n{}", self.log_tail()),
        }
    }

    /// One request to the server over a fresh TCP connection: `path` (with any query),
    /// a bearer `token`, a JSON `body`. Returns the status and the reply, parsed as JSON
    /// when it is JSON and as a JSON string otherwise. Panics when the server can't be
    /// reached.
    pub fn http(&self, method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> (u16, Value) {
        let body = body.map(|b| b.to_string().into_bytes());
        match request(self.port, method, path, token, body.as_deref(), Duration::from_secs(60)) {
            Ok((status, bytes)) => {
                let value = serde_json::from_slice(&bytes)
                    .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
                (status, value)
            }
            Err(e) => panic!("{method} {path} on {}: {e}\n{}", self.base_url(), self.log_tail()),
        }
    }

    /// The last 100 lines of Synapse's log, and the end of its standard output and error
    /// when those have anything: for failure messages.
    pub fn log_tail(&self) -> String {
        let mut tail = format!("--- {} (last {TAIL_LINES} lines) ---\n", self.dir.join("homeserver.log").display());
        tail.push_str(&last_lines(&self.dir.join("homeserver.log"), TAIL_LINES));
        let console = last_lines(&self.dir.join("console.log"), 30);
        if !console.trim().is_empty() {
            tail += "--- Synapse's standard output and error (last 30 lines) ---\n";
            tail.push_str(&console);
        }
        tail
    }

    /// Stops the server: gracefully, as SIGTERM does (by closing the watchdog's pipe),
    /// then SIGKILL if it is still up 10 s later. Nothing happens when it is already stopped. The directory
    /// stays, for `restart`.
    pub fn stop(&mut self) {
        let Some(mut child) = self.child.take() else { return };
        if let Some(mut stdin) = child.stdin.take() {
            // Tells the watchdog to keep the directory; closing the pipe stops Synapse.
            let _ = stdin.write_all(b"stop\n");
        }
        let deadline = Instant::now() + STOP_TIMEOUT;
        loop {
            match child.try_wait() {
                Ok(None) if Instant::now() < deadline => sleep(Duration::from_millis(20)),
                Ok(Some(_)) => return,
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return;
                }
            }
        }
    }

    /// Stops the server if it runs, and starts it again on the same port with the same
    /// data; waits, as `start` does, until it answers.
    pub fn restart(&mut self) {
        self.stop();
        if let Err(e) = self.launch() {
            panic!("{e}");
        }
    }

    /// Spawns Synapse and waits until `GET /_matrix/client/versions` answers 200.
    fn launch(&mut self) -> Result<(), String> {
        assert!(self.child.is_none(), "Synapse is already running");
        let console =
            OpenOptions::new().create(true).append(true).open(self.dir.join("console.log")).expect("open console.log");
        let started = Instant::now();
        let child = Command::new(self.venv.join("bin/python"))
            .arg("-c")
            .arg(BOOTSTRAP)
            .arg("--config-path")
            .arg(self.dir.join("homeserver.yaml"))
            .current_dir(&self.dir)
            .stdin(Stdio::piped())
            .stdout(console.try_clone().expect("clone console.log"))
            .stderr(console)
            .spawn()
            .map_err(|e| format!("can't run {}: {e}", self.venv.join("bin/python").display()))?;
        self.child = Some(child);
        loop {
            let child = self.child.as_mut().unwrap();
            if let Ok(Some(status)) = child.try_wait() {
                self.child = None;
                return Err(format!("Synapse exited ({status}) before it answered\n{}", self.log_tail()));
            }
            let path = "/_matrix/client/versions";
            if let Ok((200, _)) = request(self.port, "GET", path, None, None, Duration::from_secs(5)) {
                return Ok(());
            }
            if started.elapsed() > START_TIMEOUT {
                self.stop();
                return Err(format!(
                    "Synapse did not answer on {} within {} s\n{}",
                    self.base_url(),
                    START_TIMEOUT.as_secs(),
                    self.log_tail()
                ));
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// homeserver.yaml, as JSON (which YAML reads).
    fn config(&self) -> Value {
        let path = |name: &str| self.dir.join(name).to_string_lossy().into_owned();
        // High enough that no scripted test user is ever throttled.
        let unlimited = json!({"per_second": 100_000, "burst_count": 1_000_000});
        let mut config = json!({
            "server_name": SERVER_NAME,
            "public_baseurl": format!("{}/", self.base_url()),
            "pid_file": path("homeserver.pid"),
            "listeners": [{
                "port": self.port,
                "bind_addresses": ["127.0.0.1"],
                "type": "http",
                "tls": false,
                "x_forwarded": false,
                "resources": [{"names": ["client", "media"], "compress": false}],
            }],
            "database": {"name": "sqlite3", "args": {"database": path("homeserver.db")}},
            "log_config": path("log.yaml"),
            "media_store_path": path("media_store"),
            // Synapse makes the key on its first start.
            "signing_key_path": path("signing.key"),
            "registration_shared_secret": self.shared_secret,
            "macaroon_secret_key": random_hex(16),
            "form_secret": random_hex(16),
            "enable_registration": false,
            "report_stats": false,
            "trusted_key_servers": [],
            "suppress_key_server_warning": true,
            // No federation: no server is allowed, and no request leaves loopback.
            "federation_domain_whitelist": [],
            "ip_range_blacklist": ["0.0.0.0/0", "::/0"],
            "ip_range_whitelist": ["127.0.0.0/8", "::1/128"],
            "url_preview_enabled": false,
            "max_upload_size": "50M",
            "bcrypt_rounds": 4,
            // Finish the schema's background updates at once rather than one a second.
            "background_updates": {"sleep_enabled": false},
            "rc_message": unlimited,
            "rc_registration": unlimited,
            "rc_registration_token_validity": unlimited,
            "rc_login": {"address": unlimited, "account": unlimited, "failed_attempts": unlimited},
            "rc_admin_redaction": unlimited,
            "rc_joins": {"local": unlimited, "remote": unlimited},
            "rc_joins_per_room": unlimited,
            "rc_key_requests": unlimited,
            "rc_3pid_validation": unlimited,
            "rc_invites": {"per_room": unlimited, "per_user": unlimited, "per_issuer": unlimited},
            "rc_third_party_invite": unlimited,
            "rc_media_create": unlimited,
            "rc_presence": {"per_user": unlimited},
            "rc_delayed_event_mgmt": unlimited,
            "rc_room_creation": unlimited,
            "rc_reports": unlimited,
            "rc_user_directory": unlimited,
            "rc_profile": unlimited,
        });
        if let (Some(config), true) = (config.as_object_mut(), self.default_limits) {
            config.retain(|key, _| !key.starts_with("rc_"));
        }
        if let (Some(config), Some(overrides)) = (config.as_object_mut(), self.overrides.as_object()) {
            for (key, value) in overrides {
                config.insert(key.clone(), value.clone());
            }
        }
        config
    }

    /// log.yaml: everything at INFO to homeserver.log, unbuffered, appended across
    /// restarts.
    fn log_config(&self) -> Value {
        json!({
            "version": 1,
            "formatters": {"precise": {
                "format": "%(asctime)s - %(name)s - %(lineno)d - %(levelname)s - %(request)s - %(message)s",
            }},
            "handlers": {"file": {
                "class": "logging.FileHandler",
                "formatter": "precise",
                "filename": self.dir.join("homeserver.log").to_string_lossy(),
                "encoding": "utf8",
            }},
            "loggers": {"synapse.storage.SQL": {"level": "INFO"}},
            "root": {"level": "INFO", "handlers": ["file"]},
            "disable_existing_loggers": false,
        })
    }
}

impl Drop for Synapse {
    fn drop(&mut self) {
        self.stop();
        if std::env::var_os("BOARDBOT_KEEP_SYNAPSE").is_some_and(|v| !v.is_empty()) {
            let _ = writeln!(io::stderr(), "synapse: kept {}", self.dir.display());
        } else {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

/// A new, empty directory under the system's temp dir.
fn unique_dir() -> PathBuf {
    static COUNT: AtomicU32 = AtomicU32::new(0);
    loop {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let name =
            format!("boardbot-synapse-{}-{}-{nanos:09}", std::process::id(), COUNT.fetch_add(1, Ordering::Relaxed));
        let dir = std::env::temp_dir().join(name);
        match fs::create_dir(&dir) {
            Ok(()) => return dir,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => panic!("can't make {}: {e}", dir.display()),
        }
    }
}

/// A loopback port that was free a moment ago.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("bind a loopback port").port()
}

/// `bytes` random bytes from the kernel, in hex.
fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0; bytes];
    File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut buf)).expect("read /dev/urandom");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// The last `n` lines of a file (empty when it is missing).
fn last_lines(path: &Path, n: usize) -> String {
    let text = fs::read(path).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let mut tail = lines[lines.len().saturating_sub(n)..].join("\n");
    if !tail.is_empty() {
        tail.push('\n');
    }
    tail
}

/// One HTTP/1.1 request on a new connection to 127.0.0.1:port; the status and the body.
fn request(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&[u8]>,
    timeout: Duration,
) -> io::Result<(u16, Vec<u8>)> {
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut stream = TcpStream::connect_timeout(&addr, timeout)?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    if let Some(token) = token {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if let Some(body) = body {
        head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
    }
    head += "\r\n";
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.unwrap_or_default())?;
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply)?;

    let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, format!("{what} in the reply"));
    let split = reply.windows(4).position(|w| w == b"\r\n\r\n").ok_or_else(|| bad("no end of headers"))?;
    let head = String::from_utf8_lossy(&reply[..split]).into_owned();
    let body = &reply[split + 4..];
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| bad("no status"))?;
    let chunked = head.lines().any(|line| {
        let line = line.to_ascii_lowercase();
        line.starts_with("transfer-encoding:") && line.contains("chunked")
    });
    let body = if chunked { dechunk(body).ok_or_else(|| bad("a bad chunked body"))? } else { body.to_vec() };
    Ok((status, body))
}

/// The payload of a `Transfer-Encoding: chunked` body.
fn dechunk(mut body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let end = body.windows(2).position(|w| w == b"\r\n")?;
        let size = std::str::from_utf8(&body[..end]).ok()?.split(';').next()?.trim();
        let size = usize::from_str_radix(size, 16).ok()?;
        if size == 0 {
            return Some(out);
        }
        let chunk = body.get(end + 2..end + 2 + size)?;
        out.extend_from_slice(chunk);
        body = body.get(end + 4 + size..)?;
    }
}
