//! Interactions signed and POSTed as Discord sends them: the application's test key,
//! the `X-Signature-Ed25519` / `X-Signature-Timestamp` headers over the timestamp and
//! the raw body, one plain HTTP/1.1 request per connection. Shared by the Discord
//! tests (`tests/it/discord.rs`) and the benchmarks that drive the real binary
//! (`benches/discord_http.rs`, `benches/discord_memory.rs`).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ed25519_dalek::{Signer, SigningKey};
use serde_json::Value;

/// The application's signing key in the tests (its public half is the bot's
/// `public_key`, [`public_key_hex`]).
pub fn key() -> SigningKey {
    SigningKey::from_bytes(&[7u8; 32])
}

/// The application's public key as the bot's configuration takes it: 64 hex digits.
pub fn public_key_hex() -> String {
    hex(key().verifying_key().as_bytes())
}

/// Bytes in lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Now, in seconds since the epoch, as a signature's timestamp.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_secs() as i64
}

/// A plain HTTP/1.1 POST; the status and the body.
pub fn post(addr: &str, headers: &[(&str, String)], body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    // The head and the body leave in one write, as a client with Nagle's algorithm
    // off sends them: a measured latency is the bot's, not a delayed second segment's.
    let _ = stream.set_nodelay(true);
    let mut request = format!(
        "POST /interactions HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    let mut request = request.into_bytes();
    request.extend_from_slice(body);
    stream.write_all(&request).expect("write");
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// Posts `body` to the bot at `addr`, signed with `key` at the instant `at` (seconds).
pub fn sign_and_post_at(addr: &str, key: &SigningKey, at: i64, body: &[u8]) -> (u16, String) {
    let ts = at.to_string();
    let message = [ts.as_bytes(), body].concat();
    let signature = hex(&key.sign(&message).to_bytes());
    post(addr, &[("X-Signature-Ed25519", signature), ("X-Signature-Timestamp", ts)], body)
}

/// Posts `body` signed now with the application's key to the bot listening at `addr`.
pub fn signed_at(addr: &str, body: &Value) -> (u16, String) {
    let bytes = body.to_string().into_bytes();
    sign_and_post_at(addr, &key(), now(), &bytes)
}

/// Starts `boardbot discord --http ADDR` with the application `application_id`, the
/// tests' key and the Discord double at `double_url`, its log filter from the
/// environment variable `log_var` (`warn` when unset); `more` adds arguments and
/// variables. Returns once it listens on `addr` (within `within`).
pub fn start_discord_bot(
    addr: &str,
    application_id: &str,
    double_url: &str,
    log_var: &str,
    within: Duration,
    more: impl FnOnce(&mut Command),
) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardbot"));
    command
        .args(["discord", "--http", addr])
        .env("BOARDBOT_DISCORD_TOKEN", "test-token")
        .env("BOARDBOT_DISCORD_APPLICATION_ID", application_id)
        .env("BOARDBOT_DISCORD_PUBLIC_KEY", public_key_hex())
        .env("BOARDBOT_DISCORD_API_PROXY", double_url)
        .env("RUST_LOG", std::env::var(log_var).unwrap_or_else(|_| "warn".to_string()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    more(&mut command);
    let child = command.spawn().expect("the bot starts");
    let until = Instant::now() + within;
    while TcpStream::connect(addr).is_err() {
        assert!(Instant::now() < until, "the bot does not listen on {addr}");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}
