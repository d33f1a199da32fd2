//! Playing on the pages (issue #51): signing in with a link from chat, the session's
//! cookie, the player's part of a game's page, and the requests that change a game.
//!
//! Every move, resignation, draw or takeback from a page is a [`Request`] with its
//! [`Command`] through [`Service::handle`], as chat's are: keyed (a form sent twice
//! changes the game once), through the mover, refused in chat's words; its board and
//! the opponent's notice go to the game's thread through the outbox. The page adds
//! nothing to the rules: what it offers is the service's menu ([`Service::web_panel`]).
//!
//! For hostile readers, every request that changes something must: come from the
//! pages' own origin (`Sec-Fetch-Site: same-origin`, or an `Origin` among
//! [`Play::origins`]); carry the session's cookie (never a URL: the login link's token
//! is used once, by a POST, and the page it opens has none); carry the session's form
//! token ([`crate::service::Signed::csrf`]); stay within the session's rate limit; and
//! act only in a game the session's owner plays.

use std::collections::HashMap;
use std::num::NonZeroU32;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;
use governor::{DefaultKeyedRateLimiter, Quota};

use super::{blocking, failed, html, html_response, language, AppState};
use crate::lang::Lang;
use crate::present::web::{word, WebGrammar};
use crate::service::pages::PageError;
use crate::service::{Answer, Command, GameRef, Message, PremoveAsked, Request, Service, Signed, Via};

/// The session cookie's name.
pub const COOKIE: &str = "boardbot_session";
/// How long the cookie is kept by the browser: as long as the session may last.
const COOKIE_MAX_AGE: i64 = crate::service::web_sessions::SESSION_DAYS * 24 * 60 * 60;
/// The most bytes of a form.
pub const MAX_FORM: usize = 16 * 1024;

/// What playing needs besides the pages: the service, the origins the pages are
/// served from, whether cookies must be `Secure`, and the per-session rate limit.
pub struct Play {
    /// The running service.
    pub service: Option<Service>,
    /// The origins a request that changes something may come from
    /// (`https://boards.example.org`, the Activity's).
    pub origins: Vec<String>,
    /// The pages are reached over https (`[web] public_url`): cookies are `Secure`.
    pub secure: bool,
    /// Requests that change something, per session.
    pub limiter: DefaultKeyedRateLimiter<String>,
}

impl Play {
    /// Playing over `service` (none: read-only pages), the pages reached at
    /// `public_url`, `per_minute` actions per session.
    pub fn new(service: Option<Service>, public_url: &str, per_minute: u32, more_origins: Vec<String>) -> Play {
        let per_minute = NonZeroU32::new(per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
        let mut origins = vec![origin_of(public_url)];
        origins.extend(more_origins);
        Play {
            service,
            origins,
            secure: public_url.trim().starts_with("https://"),
            limiter: DefaultKeyedRateLimiter::keyed(Quota::per_minute(per_minute)),
        }
    }
}

/// The origin of a URL: its scheme, host and port (`https://boards.example.org`).
pub fn origin_of(url: &str) -> String {
    let url = url.trim();
    let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    format!("{}://{}", scheme.to_ascii_lowercase(), host.to_ascii_lowercase())
}

/// The session id the request's cookie holds, if any.
pub fn cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
}

/// Who the request's session signs in, if anyone (read off the runtime).
pub(super) async fn viewer(shared: &AppState, headers: &HeaderMap) -> Option<Signed> {
    let service = shared.play.service.clone()?;
    let secret = cookie(headers)?;
    let found = tokio::task::spawn_blocking(move || service.web_session(&secret)).await;
    match found {
        Ok(Ok(signed)) => signed,
        Ok(Err(e)) => {
            tracing::error!("cannot read a web session: {e}");
            None
        }
        Err(e) => {
            tracing::error!("a session's task failed: {e}");
            None
        }
    }
}

/// Whether a request that changes something comes from the pages themselves: the
/// browser says so (`Sec-Fetch-Site: same-origin`), or, from a browser that does not
/// send it, its `Origin` is one of the pages'. A request with neither is refused: every
/// browser sends `Origin` with a POST.
pub fn same_origin(headers: &HeaderMap, origins: &[String]) -> bool {
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    match (site, origin) {
        (Some(site), _) => site.eq_ignore_ascii_case("same-origin"),
        (None, Some(origin)) => origins.iter().any(|o| o.eq_ignore_ascii_case(origin.trim())),
        (None, None) => false,
    }
}

/// A `Set-Cookie` for the session `secret`: `None` ends it. In Discord's Activity the
/// pages are a frame of another site's page: the cookie must then be sent from
/// there (`SameSite=None`), kept apart for that site (`Partitioned`), and so `Secure`.
pub fn set_cookie(secret: Option<&str>, secure: bool, in_frame: bool) -> HeaderValue {
    let (value, age) = match secret {
        Some(secret) => (secret, COOKIE_MAX_AGE),
        None => ("", 0),
    };
    let attributes = if in_frame {
        "; Secure; SameSite=None; Partitioned"
    } else if secure {
        "; Secure; SameSite=Lax"
    } else {
        "; SameSite=Lax"
    };
    let text = format!("{COOKIE}={value}; Path=/; Max-Age={age}; HttpOnly{attributes}");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static("boardbot_session=; Max-Age=0"))
}

/// A fresh key for a form's request: a form sent twice is one request.
pub fn nonce() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // Without randomness the form still works, only not deduplicated.
        return String::new();
    }
    data_encoding::BASE32_NOPAD.encode(&bytes).to_ascii_lowercase()
}

/// A refusal of the request before the game saw it: 403 (or 429), with words.
pub(super) fn refused(status: StatusCode, lang: Lang, kind: &str) -> Response {
    html_response(status, "no-store", lang, html::error(lang, kind))
}

/// `GET /login/TOKEN`: a page with a button that signs in (a link preview, or a mail
/// scanner following the link, must not use it up: only the button's POST does).
pub(super) async fn login_page(
    State(shared): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = language(&headers);
    if shared.play.service.is_none() || !crate::service::web_sessions::is_secret(&token) {
        return super::error_page(StatusCode::NOT_FOUND, lang, "not-found");
    }
    html_response(StatusCode::OK, "no-store", lang, html::sign_in(lang, &token))
}

/// `POST /login`: uses the link's token, sets the session's cookie and goes to the
/// person's games.
pub(super) async fn login(
    State(shared): State<AppState>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let lang = language(&headers);
    let Some(service) = shared.play.service.clone() else {
        return super::error_page(StatusCode::NOT_FOUND, lang, "not-found");
    };
    if !same_origin(&headers, &shared.play.origins) {
        return refused(StatusCode::FORBIDDEN, lang, "forbidden");
    }
    let token = form.get("token").cloned().unwrap_or_default();
    let opened = tokio::task::spawn_blocking(move || service.web_sign_in(&token)).await;
    match opened {
        Ok(Ok(session)) => {
            let mut response = see_other("/me");
            response
                .headers_mut()
                .append(header::SET_COOKIE, set_cookie(Some(&session.secret), shared.play.secure, shared.in_frame));
            response
        }
        Ok(Err(crate::service::WebSignInError::Refused)) => {
            html_response(StatusCode::FORBIDDEN, "no-store", lang, html::sign_in_refused(lang))
        }
        Ok(Err(e)) => {
            tracing::error!("cannot sign in: {e}");
            super::error_page(StatusCode::INTERNAL_SERVER_ERROR, lang, "error")
        }
        Err(e) => {
            tracing::error!("a sign-in task failed: {e}");
            super::error_page(StatusCode::INTERNAL_SERVER_ERROR, lang, "error")
        }
    }
}

/// `POST /logout`: ends this session (its form token required) and forgets the cookie.
pub(super) async fn logout(
    State(shared): State<AppState>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let lang = language(&headers);
    let (Some(service), Some(secret)) = (shared.play.service.clone(), cookie(&headers)) else {
        return refused(StatusCode::FORBIDDEN, lang, "forbidden");
    };
    let Some(signed) = viewer(&shared, &headers).await else {
        return refused(StatusCode::FORBIDDEN, lang, "forbidden");
    };
    if !same_origin(&headers, &shared.play.origins) || !form_token_ok(&form, &signed) {
        return refused(StatusCode::FORBIDDEN, lang, "forbidden");
    }
    if let Err(e) = tokio::task::spawn_blocking(move || service.web_sign_out(&secret)).await {
        tracing::error!("a sign-out task failed: {e}");
    }
    let mut response = see_other("/me");
    let in_frame = shared.in_frame;
    response.headers_mut().append(header::SET_COOKIE, set_cookie(None, shared.play.secure, in_frame));
    response
}

fn form_token_ok(form: &HashMap<String, String>, signed: &Signed) -> bool {
    form.get("csrf").is_some_and(|t| crate::service::web_sessions::same_token(t, &signed.csrf))
}

/// A redirect after a POST, to a page to GET.
pub fn see_other(to: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(to) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `GET /me`: who is signed in and their games in progress, each linked to its page.
pub(super) async fn me(State(shared): State<AppState>, headers: HeaderMap) -> Response {
    let lang = language(&headers);
    let signed = viewer(&shared, &headers).await;
    let games = match (&shared.play.service, &signed) {
        (Some(service), Some(signed)) => {
            let (service, signed) = (service.clone(), signed.clone());
            match blocking(move || service.web_games(&signed)).await {
                Ok(games) => Some(games),
                Err(e) => return failed(e, lang),
            }
        }
        _ => None,
    };
    let body = html::me(lang, signed.as_ref(), games.as_deref());
    html_response(StatusCode::OK, "private, no-store", lang, body)
}

/// What a page's form asks of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `/move`: a move (`move`: its text; `at`: the move number it was offered at).
    Move,
    /// `/resign`, confirmed.
    Resign,
    /// `/draw`: `answer` offer, accept or decline.
    Draw,
    /// `/takeback`: `answer` ask, accept or decline.
    Takeback,
    /// `/premove`: conditional moves, as `/kuba premove` in chat: `line` to add one,
    /// `clear` to clear them all, neither to list them.
    Premove,
}

impl Action {
    /// The action a game's URL names last (`/g/TOKEN/move`).
    pub fn parse(item: &str) -> Option<Action> {
        Some(match item {
            "move" => Action::Move,
            "resign" => Action::Resign,
            "draw" => Action::Draw,
            "takeback" => Action::Takeback,
            "premove" => Action::Premove,
            _ => return None,
        })
    }
}

fn answer_of(form: &HashMap<String, String>) -> Answer {
    match form.get("answer").map(String::as_str) {
        Some("accept") => Answer::Accept,
        Some("decline") => Answer::Decline,
        _ => Answer::Ask,
    }
}

/// What the conditional moves' form asks: its Clear button, a line typed (at most
/// 400 characters: eight lines of ten moves fit in chat's limits too), or the list.
fn premove_of(form: &HashMap<String, String>) -> PremoveAsked {
    let line: String = form.get("line").map(|l| l.trim().chars().take(400).collect()).unwrap_or_default();
    if form.contains_key("clear") {
        PremoveAsked::Clear
    } else if line.is_empty() {
        PremoveAsked::List
    } else {
        PremoveAsked::Add(line)
    }
}

/// The checks of every request a page's form makes that changes something: pages of
/// a running bot, sent from the pages' own origin, with the session's cookie and its
/// form token, within the session's rate limit. Passed: the service, who is signed
/// in, and the request's key (the form's `key`, kept per session: a form sent twice
/// is one request); else the refusal to send.
pub(super) async fn checked(
    shared: &AppState,
    headers: &HeaderMap,
    form: &HashMap<String, String>,
) -> Result<(Service, Signed, Option<String>), Response> {
    let lang = language(headers);
    let Some(service) = shared.play.service.clone() else {
        return Err(refused(StatusCode::FORBIDDEN, lang, "forbidden"));
    };
    if !same_origin(headers, &shared.play.origins) {
        return Err(refused(StatusCode::FORBIDDEN, lang, "forbidden"));
    }
    let Some(signed) = viewer(shared, headers).await else {
        return Err(refused(StatusCode::FORBIDDEN, lang, "forbidden"));
    };
    if !form_token_ok(form, &signed) {
        return Err(refused(StatusCode::FORBIDDEN, lang, "forbidden"));
    }
    if shared.play.limiter.check_key(&signed.handle).is_err() {
        let mut response = refused(StatusCode::TOO_MANY_REQUESTS, lang, "slow-down");
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        return Err(response);
    }
    if shared.play.limiter.len() > 10_000 {
        shared.play.limiter.retain_recent();
    }
    let key =
        form.get("key").filter(|k| !k.is_empty() && k.len() <= 64 && k.bytes().all(|b| b.is_ascii_alphanumeric()));
    let key = key.map(|k| format!("web:{}:{k}", signed.handle));
    Ok((service, signed, key))
}

/// What the page shows of the answers to a request: each one's words in `lang`, with
/// whether it is a refusal. Each is delivered so (the page is where it is read).
pub(super) fn shown(service: &Service, replies: &[crate::service::Reply], lang: Lang) -> Vec<(bool, String)> {
    replies
        .iter()
        .map(|reply| {
            service.answered(reply);
            let refusal = matches!(reply.message, Message::Refused(_) | Message::Apology);
            (refusal, crate::present::say(&reply.message, lang, &WebGrammar).text)
        })
        .collect()
}

/// `POST /g/TOKEN/ACTION`: the request a page's form makes, checked (origin, session,
/// form token, rate limit, the session's owner plays the game), then served by the
/// service like chat's. Done: back to the game's page; refused: the page with the
/// refusal, in chat's words.
pub(super) async fn act(
    shared: AppState,
    token: String,
    action: Action,
    headers: HeaderMap,
    form: HashMap<String, String>,
) -> Response {
    let lang = language(&headers);
    let (service, signed, key) = match checked(&shared, &headers, &form).await {
        Ok(checked) => checked,
        Err(refusal) => return refusal,
    };
    let (t, s) = (token.clone(), signed.clone());
    let served = blocking(move || {
        let Some((kind, id)) = service.web_game(&t, &s)? else { return Ok(None) };
        let game = GameRef { kind, id: Some(id.clone()) };
        let command = match action {
            Action::Move => Command::Move {
                game,
                text: form.get("move").cloned().unwrap_or_default().chars().take(200).collect(),
                at: form.get("at").and_then(|a| a.parse().ok()),
            },
            Action::Resign => Command::Resign { game },
            Action::Draw => Command::Draw { game, answer: answer_of(&form) },
            Action::Takeback => Command::Takeback { game, answer: answer_of(&form) },
            Action::Premove => Command::Premove { game, asked: premove_of(&form) },
        };
        let place = service.web_place(&id).map_err(PageError::from)?;
        let request = Request { actor: s.actor.clone(), place, command, via: Via { key, ..Via::default() } };
        let replies = service.handle(&request);
        Ok(Some(shown(&service, &replies, lang)))
    })
    .await;
    match served {
        Ok(None) => refused(StatusCode::FORBIDDEN, lang, "forbidden"),
        Ok(Some(said)) if said.is_empty() => see_other(&format!("/g/{token}")),
        Ok(Some(said)) => {
            let status = if said.iter().any(|(refusal, _)| *refusal) {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                StatusCode::OK
            };
            super::show_game_with(shared, token, None, lang, Some(signed), Default::default(), said, status).await
        }
        Err(e) => failed(e, lang),
    }
}

/// What the page of a game was asked to show of a turn: a square picked, the parts
/// of a turn chosen so far.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct Picking {
    /// A square's name.
    pub pick: Option<String>,
    /// The parts chosen (Cabale).
    pub chosen: Option<String>,
}

/// The query of a game's page.
pub type PickingQuery = Query<Picking>;

/// The words of a phrase of the rules cores, for a page.
pub fn phrase(lang: Lang, p: &crate::games::Phrase) -> String {
    crate::present::catalog::phrase(lang, p)
}

/// The text `word` names, for a page.
pub fn text(lang: Lang, id: &str) -> String {
    word(lang, id, &[])
}
