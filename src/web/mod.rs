//! The bot's games on the web (issue #44): a read-only HTTP server over the store, an
//! adapter like the chat ones. It imports [`crate::service`] (what a page shows,
//! [`crate::service::pages`]) and [`crate::present`] (its words), and serves:
//!
//! | route | what | caching |
//! |---|---|---|
//! | `GET /g/TOKEN`, `/g/TOKEN/PLY` | a game's page | `max-age=5` while it goes on, `300` once over |
//! | `GET /g/TOKEN/PLY-KEY-LANG.png` | a board | a year, `immutable`: the URL changes with the picture |
//! | `GET /g/TOKEN/PLY-KEY-LANG.svg` | the same board as SVG (the page shows it), gzipped | the same |
//! | `GET /g/TOKEN/replay-KEY-LANG.gif` | the replay | the same: its URL changes with the next move |
//! | `GET /g/TOKEN/events` | server-sent events, `move` when the game changes | `no-cache` |
//! | `GET /c/TOKEN` | a community's page, while it is on | `max-age=60` |
//! | `GET /t/TOKEN` | a tournament's page: standings, crosstable, pairings | `max-age=60` |
//! | `GET /p/TOKEN` | a puzzle's page, its form answered by `?move=…` (`puzzle.rs`) | `max-age=60`; answered `no-store` |
//! | `POST /p/TOKEN/solve` | a signed-in person's answer to a puzzle, as `/kuba solve` (`puzzle.rs`) | `no-store` |
//! | `GET /p/TOKEN/position-LANG.png`, `/line-LANG.png` | a puzzle's pictures | a year, `immutable` |
//! | `GET /assets/live.js`, `/assets/icon.svg`, `/robots.txt`, `/healthz` | embedded files, health | an hour, a day, none |
//!
//! For hostile readers: only `GET` and `HEAD` (any other method is 405); an unknown or
//! malformed token, ply or picture version is a plain 404 that tells nothing; a rate
//! limit per client address (`[web] requests_per_minute`, 429 with `Retry-After`);
//! nothing is read from disk but the embedded assets; bounded sizes (a request's head
//! [`MAX_HEAD`] bytes and [`MAX_HEADERS`] headers, read within [`HEAD_TIMEOUT`]; at most
//! [`MAX_CONNECTIONS`] connections and [`MAX_STREAMS`] live streams; a page lists
//! [`crate::service::pages::MOVES_LISTED`] moves at most; a replay fits in
//! [`REPLAY_LIMIT`] bytes; pictures are drawn [`DRAWS`] at a time, off the runtime,
//! and kept in a cache of [`CACHE_BYTES`]).

pub mod activity;
mod html;
mod live;
pub mod play;
mod puzzle;

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use tokio::sync::Semaphore;

use crate::lang::Lang;
use crate::present::web::{community_words, game_words, negotiate, tournament_words};
use crate::present::{self, GIF, PNG, SVG};
use crate::service::pages::{is_key, Links, PageError, Pages};
use crate::service::{Picture, Signed};

pub use live::{Live, POLL};

/// The width boards and replays are drawn at.
pub const BOARD_PX: u32 = 512;
/// The most bytes a replay may take: longer games are drawn smaller, then with fewer
/// positions ([`crate::present::draw`]).
pub const REPLAY_LIMIT: usize = 8 * 1024 * 1024;
/// The memory pictures are kept in, by their bytes.
pub const CACHE_BYTES: u64 = 64 * 1024 * 1024;
/// Pictures drawn at once; more wait their turn.
pub const DRAWS: usize = 2;
/// The most bytes of a request's line and headers.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most headers of a request.
pub const MAX_HEADERS: usize = 64;
/// How long a client may take to send a request's head.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The most connections served at once; more wait to be accepted.
pub const MAX_CONNECTIONS: usize = 1_024;
/// The most live streams (`/events`) open at once; more get 503, and their pages
/// fall back to reloading.
pub const MAX_STREAMS: usize = 512;

/// Client addresses the rate limit remembers before it forgets those not seen lately.
const FORGET_ABOVE: usize = 10_000;

/// How the web server is set up.
#[derive(Clone, Debug)]
pub struct WebOptions {
    /// The address people reach the pages at, for the previews' absolute links
    /// (`[web] public_url`, else `http://ADDR` of the listening address).
    pub public_url: String,
    /// Requests each client address may make per minute (and at once, in a burst).
    pub requests_per_minute: u32,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a
    /// proxy that sets it) rather than the connection's.
    pub trust_forwarded_for: bool,
    /// How often a watched game is read for its live pages.
    pub poll: Duration,
    /// Requests that change something one signed-in session may make per minute.
    pub actions_per_minute: u32,
    /// Discord's Activity, when it is served (`[discord] activity`).
    pub activity: Option<activity::ActivityOptions>,
}

impl WebOptions {
    /// The options for a server listening on `addr`, with the configuration's `[web]`.
    pub fn from_config(config: &crate::config::WebConfig, addr: SocketAddr) -> WebOptions {
        WebOptions {
            public_url: config.base_url(addr),
            requests_per_minute: config.requests_per_minute,
            trust_forwarded_for: config.trust_forwarded_for,
            poll: POLL,
            actions_per_minute: config.actions_per_minute,
            activity: None,
        }
    }
}

/// A picture kept in the cache: its bytes, weighed by their length.
#[derive(Clone)]
struct Weight;

impl quick_cache::Weighter<String, Bytes> for Weight {
    fn weight(&self, key: &String, val: &Bytes) -> u64 {
        (key.len() + val.len()) as u64
    }
}

type Pictures = quick_cache::sync::Cache<String, Bytes, Weight>;

/// What every request shares.
struct Shared {
    pages: Pages,
    links: Links,
    pictures: Arc<Pictures>,
    draws: Semaphore,
    streams: Arc<Semaphore>,
    live: Live,
    limiter: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    trust_forwarded_for: bool,
    /// Playing: the service, the origins, the per-session limit.
    play: Arc<play::Play>,
    /// These routes are Discord's Activity's (under `/activity`): framed by Discord,
    /// their cookie partitioned.
    in_frame: bool,
    /// Discord's Activity, when served.
    activity: Option<activity::ActivityOptions>,
}

type AppState = Arc<Shared>;

/// The client's connection address, set by [`serve`] on every request.
#[derive(Clone, Copy, Debug)]
struct Peer(SocketAddr);

/// The pages' routes over `pages`. Requests need a [`Peer`] extension ([`serve`]
/// adds it); without one they count as coming from `0.0.0.0`. People play on the
/// pages when `pages` are a running service's ([`Pages::service`]); Discord's
/// Activity is served under `/activity` when `options` have it.
pub fn router(pages: Pages, options: &WebOptions) -> Router {
    let per_minute = NonZeroU32::new(options.requests_per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
    let origins = options.activity.as_ref().map(|a| vec![a.origin()]).unwrap_or_default();
    let play =
        Arc::new(play::Play::new(pages.service().cloned(), &options.public_url, options.actions_per_minute, origins));
    let shared = Arc::new(Shared {
        links: Links::new(&options.public_url),
        pictures: Arc::new(Pictures::with_weighter(4_096, CACHE_BYTES, Weight)),
        draws: Semaphore::new(DRAWS),
        streams: Arc::new(Semaphore::new(MAX_STREAMS)),
        live: Live::new(pages.clone(), options.poll),
        limiter: Arc::new(DefaultKeyedRateLimiter::keyed(Quota::per_minute(per_minute))),
        trust_forwarded_for: options.trust_forwarded_for,
        play,
        in_frame: false,
        activity: options.activity.clone(),
        pages,
    });
    let main = routes("")
        .route("/c/{token}", get(community_page))
        .route("/t/{token}", get(tournament_page))
        .route("/p/{token}", get(puzzle::page))
        .route("/p/{token}/{item}", get(puzzle::item).post(puzzle::solve))
        .route("/favicon.ico", get(icon))
        .route("/robots.txt", get(robots))
        .route("/healthz", get(healthz))
        .fallback(not_found_anywhere)
        .layer(middleware::from_fn_with_state(Arc::clone(&shared), headers))
        .layer(middleware::from_fn_with_state(Arc::clone(&shared), guard))
        .with_state(Arc::clone(&shared));
    if shared.activity.is_none() || shared.play.service.is_none() {
        return main;
    }
    // The same pages again for Discord's Activity: Discord's proxy maps its own
    // root to `/activity` here, so their links stay the same.
    let framed = Arc::new(Shared {
        links: shared.links.clone(),
        pictures: Arc::clone(&shared.pictures),
        draws: Semaphore::new(DRAWS),
        streams: Arc::clone(&shared.streams),
        live: shared.live.clone(),
        limiter: Arc::clone(&shared.limiter),
        trust_forwarded_for: shared.trust_forwarded_for,
        play: Arc::clone(&shared.play),
        in_frame: true,
        activity: shared.activity.clone(),
        pages: shared.pages.clone(),
    });
    let framed_routes = routes(activity::PREFIX)
        .route(activity::PREFIX, get(activity::entry))
        .route(&format!("{}/", activity::PREFIX), get(activity::entry))
        .route(&format!("{}/token", activity::PREFIX), post(activity::token))
        .route(&format!("{}/assets/activity.js", activity::PREFIX), get(activity::script))
        .layer(middleware::from_fn_with_state(Arc::clone(&framed), headers))
        .layer(middleware::from_fn_with_state(Arc::clone(&framed), guard))
        .with_state(framed);
    main.merge(framed_routes)
}

/// The routes of the pages a person plays on, under `prefix` (`""`, or the
/// Activity's).
fn routes(prefix: &str) -> Router<AppState> {
    Router::new()
        .route(&format!("{prefix}/g/{{token}}"), get(game_page))
        .route(&format!("{prefix}/g/{{token}}/{{item}}"), get(game_item).post(game_post))
        .route(&format!("{prefix}/me"), get(play::me))
        .route(&format!("{prefix}/login/{{token}}"), get(play::login_page))
        .route(&format!("{prefix}/login"), post(play::login))
        .route(&format!("{prefix}/logout"), post(play::logout))
        .route(&format!("{prefix}/assets/live.js"), get(live_js))
        .route(&format!("{prefix}/assets/play.js"), get(play_js))
        .route(&format!("{prefix}/assets/icon.svg"), get(icon))
}

/// Whether `path` takes a POST: signing in and out, a game's actions, a puzzle's
/// answer, the Activity's token.
fn posts_to(path: &str) -> bool {
    let path = path.strip_prefix(activity::PREFIX).unwrap_or(path);
    if matches!(path, "/login" | "/logout" | "/token") {
        return true;
    }
    let mut parts = path.split('/');
    match (parts.next(), parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(""), Some("g"), Some(_), Some(action), None) => play::Action::parse(action).is_some(),
        (Some(""), Some("p"), Some(_), Some(puzzle::SOLVE), None) => true,
        _ => false,
    }
}

/// Serves `router` on `listener` until the task is dropped: HTTP/1.1 with bounded
/// request heads, at most [`MAX_CONNECTIONS`] at once.
pub async fn serve(listener: tokio::net::TcpListener, router: Router) -> std::io::Result<()> {
    tracing::info!("serving the web pages on http://{}", listener.local_addr()?);
    serve_until(listener, router, std::future::pending()).await
}

/// Serves `router` on `listener` as [`serve`] does (request heads of at most
/// [`MAX_HEAD`] bytes and [`MAX_HEADERS`] headers, sent within [`HEAD_TIMEOUT`]; at
/// most [`MAX_CONNECTIONS`] connections at once) until `shutdown` completes; then
/// accepts no more, lets the requests under way finish and returns. Discord's
/// interactions endpoint is served so too: a client that never finishes its head
/// (slowloris) is cut off instead of holding its connection and its buffer forever.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl std::future::Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    // Tells the connections under way to finish their request and close.
    let (closing, closed) = tokio::sync::watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&connections).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait a little, go on.
                tracing::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let router = router.clone();
        let mut closed = closed.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(Peer(peer));
                let router = router.clone();
                async move {
                    use tower::ServiceExt as _;
                    router.oneshot(request.map(Body::new)).await
                }
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .max_buf_size(MAX_HEAD)
                .max_headers(MAX_HEADERS)
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .keep_alive(true);
            let connection = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let mut connection = std::pin::pin!(connection);
            let finished = tokio::select! {
                served = connection.as_mut() => Some(served),
                // Closing, or the server's task is gone.
                () = async {
                    let _ = closed.wait_for(|closing| *closing).await;
                } => None,
            };
            let served = match finished {
                Some(served) => served,
                None => {
                    // The request under way is answered; no other is read.
                    connection.as_mut().graceful_shutdown();
                    connection.as_mut().await
                }
            };
            if let Err(e) = served {
                tracing::debug!("connection from {peer}: {e}");
            }
            drop(permit);
        });
    }
    let _ = closing.send(true);
    // Every connection holds a permit until it is done: all of them back, all done.
    let _ = connections.acquire_many(MAX_CONNECTIONS as u32).await;
    Ok(())
}

/// Binds `addr` and serves the pages of `pages` there, until the task is dropped.
pub async fn run(addr: SocketAddr, pages: Pages, options: WebOptions) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    serve(listener, router(pages, &options)).await
}

/// The client's address: the connection's, or the proxy's word for it.
fn client(shared: &Shared, request: &Request) -> IpAddr {
    let connected = request.extensions().get::<Peer>().map_or(IpAddr::from([0, 0, 0, 0]), |p| p.0.ip());
    if !shared.trust_forwarded_for {
        return connected;
    }
    request
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .next_back()
        .unwrap_or(connected)
}

/// Before every route: the rate limit per client, then the methods allowed.
async fn guard(State(shared): State<AppState>, request: Request, next: Next) -> Response {
    let who = client(&shared, &request);
    // Addresses not seen within the last minute are forgotten, so the map stays as
    // small as the clients of the last minute.
    if shared.limiter.len() > FORGET_ABOVE {
        shared.limiter.retain_recent();
    }
    if let Err(not_until) = shared.limiter.check_key(&who) {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        let lang = language(request.headers());
        let mut response = error_page(StatusCode::TOO_MANY_REQUESTS, lang, "too-many");
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        if let Ok(value) = HeaderValue::from_str(&seconds.max(1).to_string()) {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        return response;
    }
    let posting = request.method() == Method::POST && posts_to(request.uri().path());
    if request.method() != Method::GET && request.method() != Method::HEAD && !posting {
        let mut response = (StatusCode::METHOD_NOT_ALLOWED, "").into_response();
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    next.run(request).await
}

/// What a page may load and do: its own scripts only (none inline), its own forms,
/// framed by nobody, or by Discord alone for the Activity's routes.
const CSP: &str = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'self'; \
                   connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/// [`CSP`] for the Activity: framed by Discord's client and its Activity proxy.
const CSP_FRAMED: &str = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'self'; \
                          connect-src 'self'; base-uri 'none'; form-action 'self'; \
                          frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com";

/// After every route: what no page may do (scripts from elsewhere, framing, leaking its
/// address to the links it holds) and what every page says (its languages vary).
async fn headers(State(shared): State<AppState>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(if shared.in_frame { CSP_FRAMED } else { CSP }));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
    // A route's own Vary (a picture's encoding) is kept beside these.
    let vary = match h.get(header::VARY).and_then(|v| v.to_str().ok()) {
        Some(own) => HeaderValue::from_str(&format!("Accept-Language, Cookie, {own}")).ok(),
        None => None,
    };
    h.insert(header::VARY, vary.unwrap_or(HeaderValue::from_static("Accept-Language, Cookie")));
    response
}

/// The reader's language.
fn language(headers: &HeaderMap) -> Lang {
    negotiate(headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()))
}

fn html_response(status: StatusCode, cache: &'static str, lang: Lang, body: String) -> Response {
    let mut response = (status, body).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(lang.code()) {
        h.insert(header::CONTENT_LANGUAGE, value);
    }
    response
}

fn error_page(status: StatusCode, lang: Lang, kind: &str) -> Response {
    html_response(status, "no-store", lang, html::error(lang, kind))
}

/// What a failed page read becomes: 404 for what is not there, 500 (logged) for the
/// rest; the reader learns nothing more.
fn failed(error: PageError, lang: Lang) -> Response {
    match error {
        PageError::NotFound => error_page(StatusCode::NOT_FOUND, lang, "not-found"),
        PageError::Internal(e) => {
            tracing::error!("a web page failed: {e}");
            error_page(StatusCode::INTERNAL_SERVER_ERROR, lang, "error")
        }
    }
}

/// Runs blocking page work off the runtime's threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, PageError> + Send + 'static,
) -> Result<T, PageError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(PageError::Internal(format!("a page task failed: {e}"))))
}

async fn not_found_anywhere(request_headers: HeaderMap) -> Response {
    error_page(StatusCode::NOT_FOUND, language(&request_headers), "not-found")
}

async fn game_page(
    State(shared): State<AppState>,
    Path(token): Path<String>,
    picking: play::PickingQuery,
    headers: HeaderMap,
) -> Response {
    let viewer = play::viewer(&shared, &headers).await;
    let lang = language(&headers);
    show_game_with(shared, token, None, lang, viewer, picking.0, Vec::new(), StatusCode::OK).await
}

/// `POST /g/TOKEN/ACTION`: a page's form ([`play::act`]).
async fn game_post(
    State(shared): State<AppState>,
    Path((token, item)): Path<(String, String)>,
    headers: HeaderMap,
    Form(form): Form<std::collections::HashMap<String, String>>,
) -> Response {
    match play::Action::parse(&item) {
        Some(action) => play::act(shared, token, action, headers, form).await,
        None => error_page(StatusCode::NOT_FOUND, language(&headers), "not-found"),
    }
}

/// What follows a game's token: a ply, `events`, a board's picture or the replay.
enum Item {
    Ply(u32),
    Events,
    Board { ply: u32, key: String, lang: Lang, svg: bool },
    Replay { key: String, lang: Lang },
}

impl Item {
    /// Reads the last part of a game's URL; `None`: 404.
    fn parse(item: &str) -> Option<Item> {
        if item == "events" {
            return Some(Item::Events);
        }
        let number = |t: &str| {
            (!t.is_empty() && t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok()).flatten()
        };
        if let Some(ply) = number(item) {
            return Some(Item::Ply(ply));
        }
        let picture = |rest: &str| -> Option<(String, Lang)> {
            let (key, lang) = rest.split_once('-')?;
            let lang = Lang::ALL.into_iter().find(|l| l.code() == lang)?;
            is_key(key).then(|| (key.to_string(), lang))
        };
        if let Some(rest) = item.strip_prefix("replay-").and_then(|r| r.strip_suffix(".gif")) {
            let (key, lang) = picture(rest)?;
            return Some(Item::Replay { key, lang });
        }
        let (rest, svg) = match (item.strip_suffix(".png"), item.strip_suffix(".svg")) {
            (Some(rest), _) => (rest, false),
            (_, Some(rest)) => (rest, true),
            _ => return None,
        };
        let (ply, rest) = rest.split_once('-')?;
        let (key, lang) = picture(rest)?;
        Some(Item::Board { ply: number(ply)?, key, lang, svg })
    }
}

async fn game_item(
    State(shared): State<AppState>,
    Path((token, item)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    // The reader's language only for what has words: a picture's is in its URL.
    match Item::parse(&item) {
        None => error_page(StatusCode::NOT_FOUND, language(&headers), "not-found"),
        Some(Item::Ply(ply)) => {
            let viewer = play::viewer(&shared, &headers).await;
            let lang = language(&headers);
            show_game_with(shared, token, Some(ply), lang, viewer, play::Picking::default(), Vec::new(), StatusCode::OK)
                .await
        }
        Some(Item::Events) => events(shared, token, language(&headers)).await,
        Some(Item::Board { ply, key, lang: drawn_in, svg: false }) => {
            board(shared, token, ply, key, drawn_in, &headers).await
        }
        Some(Item::Board { ply, key, lang: drawn_in, svg: true }) => {
            board_svg(shared, token, ply, key, drawn_in, &headers).await
        }
        Some(Item::Replay { key, lang: drawn_in }) => replay(shared, token, key, drawn_in, &headers).await,
    }
}

/// A game's page at move `ply` (default: the last) for `viewer`: with their part to
/// play when they play in it, `notices` (what a request of theirs said: a refusal
/// first) above it.
#[allow(clippy::too_many_arguments)]
async fn show_game_with(
    shared: AppState,
    token: String,
    ply: Option<u32>,
    lang: Lang,
    viewer: Option<Signed>,
    picking: play::Picking,
    notices: Vec<(bool, String)>,
    status: StatusCode,
) -> Response {
    let pages = shared.pages.clone();
    let links = shared.links.clone();
    let service = shared.play.service.clone();
    let signed_in = viewer.is_some();
    let built = blocking(move || {
        let page = pages.game(&token, ply)?;
        let words = game_words(&page, lang);
        // The player's part, on the page of the last move only.
        let panel = match (&service, &viewer, page.ply == page.last_ply) {
            (Some(service), Some(signed), true) => {
                let chosen = picking.chosen.as_deref().unwrap_or_default();
                service.web_panel(&token, signed, picking.pick.as_deref(), chosen)?
            }
            _ => None,
        };
        let cells = match &panel {
            Some(p) if !p.squares.is_empty() => present::cell_boxes(&page.board, lang, BOARD_PX).ok(),
            _ => None,
        };
        let view = html::Viewer { signed: viewer.as_ref(), plays: service.is_some() };
        let extra = html::Playing { panel: panel.as_ref(), cells: cells.as_ref(), notices: &notices };
        Ok((page.ongoing, html::game(&page, &words, lang, &links, &view, &extra)))
    })
    .await;
    let cache = |ongoing: bool| match (signed_in, ongoing) {
        (true, _) => "private, no-store",
        (false, true) => "public, max-age=5",
        (false, false) => "public, max-age=300",
    };
    match built {
        Ok((ongoing, body)) => html_response(status, cache(ongoing), lang, body),
        Err(e) => failed(e, lang),
    }
}

/// A picture's bytes from the cache, or drawn (one drawing per picture however many
/// ask at once, [`DRAWS`] drawings at a time) and kept.
async fn picture(
    shared: &AppState,
    name: String,
    draw: impl FnOnce() -> Result<Vec<u8>, PageError> + Send + 'static,
) -> Result<Bytes, PageError> {
    if let Some(bytes) = shared.pictures.get(&name) {
        return Ok(bytes);
    }
    let guard = match shared.pictures.get_value_or_guard_async(&name).await {
        Ok(bytes) => return Ok(bytes),
        Err(guard) => guard,
    };
    let _turn = shared.draws.acquire().await.map_err(|e| PageError::Internal(e.to_string()))?;
    let bytes = Bytes::from(blocking(draw).await?);
    let _ = guard.insert(bytes.clone());
    Ok(bytes)
}

fn picture_response(bytes: Bytes, mime: &'static str, etag: &str, headers: &HeaderMap) -> Response {
    let tag = format!("\"{etag}\"");
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
    {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
        return response;
    }
    let mut response = (StatusCode::OK, bytes).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    if let Ok(value) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, value);
    }
    response
}

async fn board(
    shared: AppState,
    token: String,
    ply: u32,
    key: String,
    drawn_in: Lang,
    headers: &HeaderMap,
) -> Response {
    let name = format!("{token}/{ply}-{key}-{drawn_in}.png");
    let pages = shared.pages.clone();
    let (t, k) = (token.clone(), key.clone());
    let drawn = picture(&shared, name, move || {
        let board = pages.board(&t, ply, &k)?;
        present::picture(&board, drawn_in, BOARD_PX)
            .map(|d| d.bytes)
            .map_err(|e| PageError::Internal(format!("cannot draw a board: {e}")))
    })
    .await;
    match drawn {
        Ok(bytes) => picture_response(bytes, PNG, &format!("{ply}-{key}-{drawn_in}"), headers),
        Err(e) => failed(e, language(headers)),
    }
}

/// `GET /g/TOKEN/PLY-KEY-LANG.svg`: the board as SVG, kept gzipped (a fifth of its
/// size: glyph outlines and coordinates compress well) and sent so to every client
/// that accepts it, unpacked for the others.
async fn board_svg(
    shared: AppState,
    token: String,
    ply: u32,
    key: String,
    drawn_in: Lang,
    headers: &HeaderMap,
) -> Response {
    let name = format!("{token}/{ply}-{key}-{drawn_in}.svg");
    let pages = shared.pages.clone();
    let (t, k) = (token.clone(), key.clone());
    let drawn = picture(&shared, name, move || {
        let board = pages.board(&t, ply, &k)?;
        let svg = present::board_svg(&board, drawn_in, BOARD_PX)
            .map_err(|e| PageError::Internal(format!("cannot draw a board: {e}")))?;
        gzip(svg.as_bytes()).map_err(|e| PageError::Internal(format!("cannot compress a board: {e}")))
    })
    .await;
    let packed = match drawn {
        Ok(bytes) => bytes,
        Err(e) => return failed(e, language(headers)),
    };
    let etag = format!("{ply}-{key}-{drawn_in}-svg");
    let mut response = if accepts_gzip(headers) {
        let mut response = picture_response(packed, SVG, &format!("{etag}-gz"), headers);
        if response.status() == StatusCode::OK {
            response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        response
    } else {
        match gunzip(&packed) {
            Ok(plain) => picture_response(Bytes::from(plain), SVG, &etag, headers),
            Err(e) => return failed(PageError::Internal(format!("cannot unpack a board: {e}")), language(headers)),
        }
    };
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    response
}

/// `bytes` gzipped.
fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write as _;
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 3), flate2::Compression::default());
    encoder.write_all(bytes)?;
    encoder.finish()
}

/// `packed` gunzipped.
fn gunzip(packed: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let mut plain = Vec::with_capacity(packed.len() * 5);
    flate2::read::GzDecoder::new(packed).read_to_end(&mut plain)?;
    Ok(plain)
}

/// Whether the client takes gzip (`Accept-Encoding: gzip` or `*`, with no `q=0`).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(
        |coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused =
                parts.any(|p| p.strip_prefix("q=").is_some_and(|q| q.parse::<f32>().map_or(true, |q| q <= 0.0)));
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        },
    )
}

async fn replay(shared: AppState, token: String, key: String, drawn_in: Lang, headers: &HeaderMap) -> Response {
    let name = format!("{token}/replay-{key}-{drawn_in}.gif");
    let pages = shared.pages.clone();
    let (t, k) = (token.clone(), key.clone());
    let drawn = picture(&shared, name, move || {
        let spec = pages.replay(&t, &k)?;
        present::draw(&Picture::Replay(spec), drawn_in, BOARD_PX, Some(REPLAY_LIMIT))
            .map(|d| d.bytes)
            .map_err(|e| PageError::Internal(format!("cannot draw a replay: {e}")))
    })
    .await;
    match drawn {
        Ok(bytes) => picture_response(bytes, GIF, &format!("replay-{key}-{drawn_in}"), headers),
        Err(e) => failed(e, language(headers)),
    }
}

/// `GET /g/TOKEN/events`: an event `move` (its data the number of moves) each time
/// the game changes; a comment every 15 s keeps proxies from closing it.
async fn events(shared: AppState, token: String, lang: Lang) -> Response {
    let pages = shared.pages.clone();
    let watched = match blocking(move || pages.watch(&token)).await {
        Ok(watched) => watched,
        Err(e) => return failed(e, lang),
    };
    let Ok(permit) = Arc::clone(&shared.streams).try_acquire_owned() else {
        return error_page(StatusCode::SERVICE_UNAVAILABLE, lang, "too-many");
    };
    let receiver = shared.live.follow(watched);
    let stream = futures_util::stream::unfold((receiver, permit), |(mut receiver, permit)| async move {
        loop {
            match receiver.recv().await {
                Ok(ply) => {
                    let event = Event::default().event("move").data(ply.to_string());
                    return Some((Ok::<Event, Infallible>(event), (receiver, permit)));
                }
                // Missed changes are one change to a page that reloads its game.
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    let mut response = Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

async fn community_page(State(shared): State<AppState>, Path(token): Path<String>, headers: HeaderMap) -> Response {
    let lang = language(&headers);
    let pages = shared.pages.clone();
    let viewer = play::viewer(&shared, &headers).await;
    let cache = if viewer.is_some() { "private, no-store" } else { "public, max-age=60" };
    let plays = shared.play.service.is_some();
    let built = blocking(move || {
        let page = pages.community(&token)?;
        let view = html::Viewer { signed: viewer.as_ref(), plays };
        Ok(html::community(&community_words(&page, lang), lang, &view))
    })
    .await;
    match built {
        Ok(body) => html_response(StatusCode::OK, cache, lang, body),
        Err(e) => failed(e, lang),
    }
}

async fn tournament_page(State(shared): State<AppState>, Path(token): Path<String>, headers: HeaderMap) -> Response {
    let lang = language(&headers);
    let pages = shared.pages.clone();
    let viewer = play::viewer(&shared, &headers).await;
    let cache = if viewer.is_some() { "private, no-store" } else { "public, max-age=60" };
    let plays = shared.play.service.is_some();
    let built = blocking(move || {
        let page = pages.tournament(&token)?;
        let view = html::Viewer { signed: viewer.as_ref(), plays };
        Ok(html::tournament(&tournament_words(&page, lang), lang, &view))
    })
    .await;
    match built {
        Ok(body) => html_response(StatusCode::OK, cache, lang, body),
        Err(e) => failed(e, lang),
    }
}

fn asset(body: &'static str, mime: &'static str, cache: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

async fn live_js() -> Response {
    asset(include_str!("assets/live.js"), "text/javascript; charset=utf-8", "public, max-age=3600")
}

async fn play_js() -> Response {
    asset(include_str!("assets/play.js"), "text/javascript; charset=utf-8", "public, max-age=3600")
}

async fn icon() -> Response {
    asset(include_str!("assets/icon.svg"), "image/svg+xml", "public, max-age=86400")
}

async fn robots() -> Response {
    asset(include_str!("assets/robots.txt"), "text/plain; charset=utf-8", "public, max-age=86400")
}

async fn healthz(State(shared): State<AppState>) -> Response {
    let pages = shared.pages.clone();
    let check = tokio::task::spawn_blocking(move || pages.healthy());
    let ok = matches!(tokio::time::timeout(Duration::from_secs(3), check).await, Ok(Ok(Ok(()))));
    let (status, text) =
        if ok { (StatusCode::OK, "ok\n") } else { (StatusCode::SERVICE_UNAVAILABLE, "the database does not answer\n") };
    let mut response = (status, text).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_is_sent_to_the_clients_that_take_it() {
        let with = |value: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
            accepts_gzip(&h)
        };
        assert!(with("gzip, deflate, br") && with("br;q=1.0, gzip;q=0.8") && with("*") && with("GZIP"));
        assert!(!with("br") && !with("gzip;q=0") && !with("identity") && !with("gzip;q=0.0, br"));
        assert!(!accepts_gzip(&HeaderMap::new()));
        let packed = gzip(b"<svg/>").unwrap();
        assert_eq!(gunzip(&packed).unwrap(), b"<svg/>");
    }

    #[test]
    fn the_last_part_of_a_game_url_is_read_strictly() {
        assert!(matches!(Item::parse("12"), Some(Item::Ply(12))));
        assert!(matches!(Item::parse("0"), Some(Item::Ply(0))));
        assert!(matches!(Item::parse("events"), Some(Item::Events)));
        let key = "0123456789abcdef";
        assert!(matches!(Item::parse(&format!("3-{key}-fr.png")), Some(Item::Board { ply: 3, lang: Lang::Fr, .. })));
        assert!(matches!(Item::parse(&format!("replay-{key}-de.gif")), Some(Item::Replay { lang: Lang::De, .. })));
        assert!(matches!(
            Item::parse(&format!("3-{key}-nl.svg")),
            Some(Item::Board { ply: 3, lang: Lang::Nl, svg: true, .. })
        ));
        assert!(matches!(Item::parse(&format!("3-{key}-nl.png")), Some(Item::Board { svg: false, .. })));
        for bad in [
            "",
            "-1",
            "1e3",
            "9999999999",
            "+3",
            "..",
            "%2e%2e",
            &format!("3-{key}-pt.png"),
            &format!("3-{key}.png"),
            &format!("3-{}-en.png", &key[1..]),
            &format!("3-{}-en.png", key.to_uppercase()),
            &format!("x-{key}-en.png"),
            &format!("replay-{key}-en.png"),
            &format!("3-{key}-en.gif"),
            &format!("3-{key}-en.svg.png"),
            &format!("3-{key}-en.SVG"),
            &format!("3-{key}-en.svgz"),
            "events.js",
        ] {
            assert!(Item::parse(bad).is_none(), "{bad:?}");
        }
    }
}
