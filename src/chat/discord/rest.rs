//! Discord's REST API as the bot calls it, within the limits Discord states.
//!
//! serenity builds each request (its route, the JSON its builders make, the files as
//! multipart); this module sends it with reqwest and reads the answer whole, headers
//! included, which serenity's `Http` does not give back. Before a request goes, the
//! bot's [`Limits`] say whether its bucket has room; after, they learn what Discord
//! said of it (`X-RateLimit-*`), or of a refusal (429: `retry_after`, global or not,
//! and its scope). A request that may not go now is not sent: its caller is told how
//! long to wait and decides (the delivery runtime hands the message back to the
//! outbox).
//!
//! serenity's own rate limiter (`http/ratelimiting.rs` in serenity 0.12.5) is not used,
//! for four reasons read in its code: it sleeps inside the request, for as long as a
//! 429 says (a thread refused for 145–280 s would hold its message, and the lane, that
//! long); it keys buckets by serenity's route and never shares them by
//! `X-RateLimit-Bucket`; it keeps no count toward the global limit, only waits after a
//! global 429; and it sends requests to Discord even when a proxy is set, so the
//! tests' Discord double could not check it. serenity's `Http` stays for registering
//! the commands, listing them and the gateway, which run rarely.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serenity::all::{
    ChannelId, CreateAttachment, CreateInteractionResponseFollowup, CreateMessage, CreateThread,
    EditInteractionResponse, GuildChannel, Message, PrivateChannel, UserId,
};
use serenity::http::{LightMethod, Multipart, MultipartUpload, Request, Route as Endpoint};

use crate::chat::pace::{Limits, Route, Said, Scope};

/// How long a request may take before it counts as failed.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a message waits for the bucket of a channel not seen yet: Discord's limit
/// of messages in a channel, until it says its own.
const MESSAGES_GUESS: (u32, Duration) = (5, Duration::from_secs(5));
/// The longest a call made while a person waits (an interaction's answer) waits for
/// its bucket; a longer wait fails it.
pub(crate) const PATIENCE: Duration = Duration::from_secs(2);

/// Why a request did not go through.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum Failure {
    /// Not sent: its bucket (or the global limit) has no room for this long.
    #[error("not sent: a rate limit has room in {0:?}")]
    Wait(Duration),
    /// Refused as too many (429): wait this long.
    #[error("rate limited for {0:?}")]
    Limited(Duration),
    /// Refused for another reason (4xx): Discord's status, code and message.
    #[error("refused ({status}, code {code}): {message}")]
    Refused {
        /// The HTTP status.
        status: u16,
        /// Discord's JSON error code (10015 Unknown Webhook, 50013 Missing Permissions …).
        code: i64,
        /// Discord's message.
        message: String,
    },
    /// Discord failed (5xx).
    #[error("Discord failed ({0})")]
    Server(u16),
    /// No answer: the network, or a timeout.
    #[error("no answer: {0}")]
    Network(String),
    /// An answer that does not read as what was asked for.
    #[error("an answer that does not read: {0}")]
    Body(String),
}

impl Failure {
    /// Discord does not know the interaction's webhook (10015) or message (10008): an
    /// edit before the response it edits has arrived, or after its token ran out.
    pub(crate) fn unknown_webhook(&self) -> bool {
        matches!(self, Failure::Refused { status: 404, code: 10015 | 10008, .. })
    }
}

/// The REST client: serenity's requests, reqwest, the limits and what the bot learnt
/// of the channels' servers.
pub(crate) struct Rest {
    client: reqwest::Client,
    /// `Bot …`: never logged.
    token: String,
    /// A base URL in place of `https://discord.com` (`api_proxy`).
    base: Option<String>,
    application_id: u64,
    /// The limits Discord stated, for this process.
    pub(crate) limits: Arc<Limits>,
    /// The server of each channel, as learnt (interactions, threads made): a limit of a
    /// server's (its threads) is kept for all its channels.
    guilds: Mutex<HashMap<u64, u64>>,
}

impl std::fmt::Debug for Rest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rest").field("base", &self.base).field("application_id", &self.application_id).finish()
    }
}

/// Channels whose server is remembered at most; beyond, the memory starts again.
const GUILDS_KEPT: usize = 100_000;

impl Rest {
    /// A client with `token` (serenity's form, `Bot …`), for `application_id`,
    /// through `base` instead of Discord when given.
    pub(crate) fn new(token: &str, application_id: u64, base: Option<&str>) -> Rest {
        let client = reqwest::Client::builder().timeout(TIMEOUT).build().unwrap_or_else(|_| reqwest::Client::new());
        Rest {
            client,
            token: token.to_string(),
            base: base.map(|b| b.trim_end_matches('/').to_string()),
            application_id,
            limits: Arc::new(Limits::discord()),
            guilds: Mutex::new(HashMap::new()),
        }
    }

    /// Remembers that `channel` is in server `guild`.
    pub(crate) fn note_guild(&self, channel: u64, guild: u64) {
        if let Ok(mut guilds) = self.guilds.lock() {
            if guilds.len() >= GUILDS_KEPT {
                guilds.clear();
            }
            guilds.insert(channel, guild);
        }
    }

    fn guild_of(&self, channel: u64) -> Option<u64> {
        self.guilds.lock().ok().and_then(|g| g.get(&channel).copied())
    }

    /// What a request to `path` (under `/api/v10`) with `method` is counted under.
    pub(crate) fn route(&self, method: &str, path: &str) -> Route {
        let mut route = route_of(method, path, self.application_id);
        if method == "POST" && path.starts_with("/channels/") && path.ends_with("/threads") {
            // Discord limits the threads made in a server, beyond what the channel's
            // bucket says, and says so only by refusing: one at a time per server, and
            // a refusal holds the whole server.
            let channel = route.major.parse::<u64>().ok();
            let server = channel
                .and_then(|c| self.guild_of(c))
                .map_or_else(|| format!("channel {}", route.major), |g| format!("server {g}"));
            route.key = format!("POST threads in {server}");
            route.one_at_a_time = true;
            route.hold = Some(format!("threads in {server}"));
        }
        route
    }

    /// How long until a thread may be made in `channel`, if not now.
    pub(crate) fn thread_wait(&self, channel: u64) -> Option<Duration> {
        let route = self.route("POST", &format!("/channels/{channel}/threads"));
        self.limits.wait(&route, Instant::now())
    }

    /// Sends `request` once, if its limits have room now: the answer's body.
    pub(crate) async fn call(&self, request: Request<'_>, method: &str) -> Result<Vec<u8>, Failure> {
        let url = request.route_ref().path();
        let path = url.trim_start_matches("https://discord.com").trim_start_matches("/api/v10").to_string();
        let route = self.route(method, &path);
        let ticket = self.limits.admit(&route, Instant::now()).map_err(Failure::Wait)?;
        let built = request
            .build(&self.client, &self.token, self.base.as_deref())
            .map_err(|e| Failure::Body(format!("cannot build the request: {e}")));
        let built = match built {
            Ok(b) => b,
            Err(e) => {
                self.limits.unanswered(ticket, Instant::now());
                return Err(e);
            }
        };
        let response = match built.send().await {
            Ok(r) => r,
            Err(e) => {
                self.limits.unanswered(ticket, Instant::now());
                return Err(Failure::Network(without_url(&e)));
            }
        };
        let now = Instant::now();
        let status = response.status().as_u16();
        let said = said(response.headers());
        let scope_header = header(response.headers(), "x-ratelimit-scope");
        let global_header = header(response.headers(), "x-ratelimit-global").is_some();
        let retry_header = header(response.headers(), "retry-after").and_then(|v| v.parse::<f64>().ok());
        let body = match response.bytes().await {
            Ok(b) => b.to_vec(),
            Err(e) => {
                self.limits.unanswered(ticket, now);
                return Err(Failure::Network(without_url(&e)));
            }
        };
        if status == 429 {
            let json: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
            let retry = json["retry_after"].as_f64().or(retry_header).unwrap_or(5.0);
            let wait = Duration::from_secs_f64(retry.clamp(0.0, 86_400.0));
            let scope =
                if global_header || json["global"].as_bool() == Some(true) || scope_header.as_deref() == Some("global")
                {
                    Scope::Global
                } else if scope_header.as_deref() == Some("shared") || route.one_at_a_time {
                    Scope::Shared
                } else {
                    Scope::Bucket
                };
            tracing::warn!(route = %route.key, ?scope, "Discord said too many: waiting {wait:?}");
            self.limits.refused(ticket, wait, scope, &said, now);
            return Err(Failure::Limited(wait));
        }
        self.limits.learn(ticket, &said, now);
        match status {
            200..=299 => Ok(body),
            500..=599 => Err(Failure::Server(status)),
            _ => {
                let json: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
                Err(Failure::Refused {
                    status,
                    code: json["code"].as_i64().unwrap_or(0),
                    message: json["message"].as_str().unwrap_or_default().to_string(),
                })
            }
        }
    }

    /// [`Rest::call`], waiting for its limits for at most [`PATIENCE`]: for calls a
    /// person is waiting on (an interaction's answer), which have no outbox row to
    /// hand back.
    pub(crate) async fn call_patiently(&self, request: Request<'_>, method: &str) -> Result<Vec<u8>, Failure> {
        let began = Instant::now();
        loop {
            match self.call(request.clone(), method).await {
                Err(Failure::Wait(wait)) if began.elapsed() + wait <= PATIENCE => tokio::time::sleep(wait).await,
                other => return other,
            }
        }
    }

    /// Posts a message in `channel`, with `file` attached.
    pub(crate) async fn send_message(
        &self,
        channel: u64,
        message: CreateMessage,
        file: Option<CreateAttachment>,
        patient: bool,
    ) -> Result<Message, Failure> {
        let message = match &file {
            Some(file) => message.add_file(file.clone()),
            None => message,
        };
        let request = with_body(
            Request::new(Endpoint::ChannelMessages { channel_id: ChannelId::new(channel) }, LightMethod::Post),
            &message,
            file,
        )?;
        let body = if patient { self.call_patiently(request, "POST").await } else { self.call(request, "POST").await }?;
        parse(&body)
    }

    /// Makes a public thread in `channel` (without a starting message).
    pub(crate) async fn create_thread(&self, channel: u64, thread: &CreateThread<'_>) -> Result<GuildChannel, Failure> {
        let request = with_body(
            Request::new(Endpoint::ChannelThreads { channel_id: ChannelId::new(channel) }, LightMethod::Post),
            thread,
            None,
        )?;
        let made: GuildChannel = parse(&self.call(request, "POST").await?)?;
        self.note_guild(channel, made.guild_id.get());
        Ok(made)
    }

    /// The direct-message channel with `user`.
    pub(crate) async fn dm_channel(&self, user: u64) -> Result<PrivateChannel, Failure> {
        let body = serde_json::json!({ "recipient_id": UserId::new(user).to_string() });
        let request = with_body(Request::new(Endpoint::UserMeDmChannels, LightMethod::Post), &body, None)?;
        parse(&self.call(request, "POST").await?)
    }

    /// Edits the response to the interaction of `token` (`patient`: waiting for the
    /// limits a little, for an answer a person is waiting on).
    pub(crate) async fn edit_original(
        &self,
        token: &str,
        edit: EditInteractionResponse,
        file: Option<CreateAttachment>,
        patient: bool,
    ) -> Result<(), Failure> {
        let edit = match &file {
            Some(file) => edit.new_attachment(file.clone()),
            None => edit,
        };
        let application_id = self.application_id.into();
        let endpoint = Endpoint::WebhookOriginalInteractionResponse { application_id, token };
        let request = with_body(Request::new(endpoint, LightMethod::Patch), &edit, file)?;
        if patient { self.call_patiently(request, "PATCH").await } else { self.call(request, "PATCH").await }?;
        Ok(())
    }

    /// Sends a follow-up message of the interaction of `token`.
    pub(crate) async fn followup(
        &self,
        token: &str,
        followup: CreateInteractionResponseFollowup,
        file: Option<CreateAttachment>,
    ) -> Result<(), Failure> {
        let followup = match &file {
            Some(file) => followup.add_file(file.clone()),
            None => followup,
        };
        let application_id = self.application_id.into();
        let endpoint = Endpoint::WebhookFollowupMessages { application_id, token };
        let request = with_body(Request::new(endpoint, LightMethod::Post), &followup, file)?;
        self.call_patiently(request, "POST").await?;
        Ok(())
    }

    /// Deletes the response to the interaction of `token`.
    pub(crate) async fn delete_original(&self, token: &str) -> Result<(), Failure> {
        let application_id = self.application_id.into();
        let endpoint = Endpoint::WebhookOriginalInteractionResponse { application_id, token };
        self.call_patiently(Request::new(endpoint, LightMethod::Delete), "DELETE").await?;
        Ok(())
    }
}

/// `request` with `body` as its JSON, or as the `payload_json` of a multipart body
/// carrying `file` (serenity's placeholder id 0 names it in the JSON's attachments).
fn with_body<'a>(
    request: Request<'a>,
    body: &impl serde::Serialize,
    file: Option<CreateAttachment>,
) -> Result<Request<'a>, Failure> {
    match file {
        None => {
            let json = serde_json::to_vec(body).map_err(|e| Failure::Body(e.to_string()))?;
            Ok(request.body(Some(json)))
        }
        Some(file) => {
            let json = serde_json::to_string(body).map_err(|e| Failure::Body(e.to_string()))?;
            Ok(request.multipart(Some(Multipart {
                upload: MultipartUpload::Attachments(vec![file]),
                fields: vec![],
                payload_json: Some(json),
            })))
        }
    }
}

fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, Failure> {
    serde_json::from_slice(body).map_err(|e| Failure::Body(e.to_string()))
}

/// A reqwest error without its URL: the URL of a webhook holds an interaction's token.
fn without_url(e: &reqwest::Error) -> String {
    let kind = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "cannot connect"
    } else if e.is_body() || e.is_decode() {
        "the body failed"
    } else {
        "the request failed"
    };
    kind.to_string()
}

fn header(headers: &reqwest::header::HeaderMap, name: &str) -> Option<String> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string)
}

/// What Discord said of a request's bucket in its headers.
fn said(headers: &reqwest::header::HeaderMap) -> Said {
    let number = |name: &str| header(headers, name).and_then(|v| v.parse::<f64>().ok());
    Said {
        bucket: header(headers, "x-ratelimit-bucket"),
        limit: number("x-ratelimit-limit").map(|n| n.max(0.0) as u32),
        remaining: number("x-ratelimit-remaining").map(|n| n.max(0.0) as u32),
        reset_after: number("x-ratelimit-reset-after").map(|s| Duration::from_secs_f64(s.clamp(0.0, 86_400.0))),
    }
}

/// What a request is counted under, by its method and its path under `/api/v10`:
/// the major parameter (a channel, a server, a webhook with its token) kept, other
/// ids left out. The interactions' callbacks and the application's webhooks (its
/// interactions' responses and follow-ups) do not count toward the global limit.
pub(crate) fn route_of(method: &str, path: &str, application_id: u64) -> Route {
    let path = path.split('?').next().unwrap_or_default();
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let (major, major_len) = match parts.as_slice() {
        ["channels", id, ..] | ["guilds", id, ..] => (id.to_string(), 2),
        ["webhooks", id, token, ..] => (format!("{id}/{token}"), 3),
        ["interactions", id, token, ..] => (format!("{id}/{token}"), 3),
        _ => (String::new(), 0),
    };
    let mut template: Vec<String> = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let minor = i >= major_len && !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        template.push(if minor { ":id".to_string() } else { part.to_string() });
    }
    let app = application_id.to_string();
    let exempt = matches!(parts.as_slice(), ["interactions", ..])
        || matches!(parts.as_slice(), ["webhooks", id, ..] if *id == app);
    let mut route = Route::new(format!("{method} /{}", template.join("/")), major);
    route.global = !exempt;
    if method == "POST" && matches!(parts.as_slice(), ["channels", _, "messages"]) {
        route.guess = Some(MESSAGES_GUESS);
    }
    route
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_keep_their_major_parameter_and_drop_the_others() {
        let post = route_of("POST", "/channels/600/messages", 1000);
        assert_eq!(post.key, "POST /channels/600/messages");
        assert_eq!(post.major, "600");
        assert!(post.global);
        assert_eq!(post.guess, Some(MESSAGES_GUESS));
        let edit = route_of("PATCH", "/channels/600/messages/123456", 1000);
        assert_eq!(edit.key, "PATCH /channels/600/messages/:id");
        assert_eq!(edit.guess, None);
        let original = route_of("PATCH", "/webhooks/1000/tok/messages/@original", 1000);
        assert_eq!(original.major, "1000/tok");
        assert!(!original.global, "the interactions' webhooks are not counted globally");
        let callback = route_of("POST", "/interactions/77/tok/callback", 1000);
        assert!(!callback.global);
        let other_webhook = route_of("POST", "/webhooks/555/tok", 1000);
        assert!(other_webhook.global);
        let dm = route_of("POST", "/users/@me/channels", 1000);
        assert_eq!(dm.key, "POST /users/@me/channels");
        assert_eq!(dm.major, "");
    }

    #[test]
    fn threads_are_made_one_at_a_time_per_server_once_it_is_known() {
        let rest = Rest::new("Bot x", 1000, Some("http://127.0.0.1:1"));
        let before = rest.route("POST", "/channels/600/threads");
        assert_eq!(before.hold.as_deref(), Some("threads in channel 600"));
        assert!(before.one_at_a_time);
        rest.note_guild(600, 500);
        rest.note_guild(601, 500);
        let a = rest.route("POST", "/channels/600/threads");
        let b = rest.route("POST", "/channels/601/threads");
        assert_eq!(a.key, b.key);
        assert_eq!(a.hold.as_deref(), Some("threads in server 500"));
    }

    #[test]
    fn the_headers_say_the_bucket() {
        let mut h = reqwest::header::HeaderMap::new();
        h.insert("x-ratelimit-bucket", "abc".parse().expect("a header"));
        h.insert("x-ratelimit-limit", "5".parse().expect("a header"));
        h.insert("x-ratelimit-remaining", "4".parse().expect("a header"));
        h.insert("x-ratelimit-reset-after", "4.75".parse().expect("a header"));
        let s = said(&h);
        assert_eq!(s.bucket.as_deref(), Some("abc"));
        assert_eq!((s.limit, s.remaining), (Some(5), Some(4)));
        assert_eq!(s.reset_after, Some(Duration::from_millis(4_750)));
        assert_eq!(said(&reqwest::header::HeaderMap::new()), Said::default());
    }
}
