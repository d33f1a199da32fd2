//! The game pages as a Discord Activity (issue #51, part 2), served under [`PREFIX`]
//! when `[discord] activity` is on: the operator maps the Activity's root to
//! `https://THEIR-HOST/activity` in Discord's developer portal, so Discord's proxy
//! (`https://APPLICATION_ID.discordsays.com`) reaches these routes, and the pages'
//! own links (`/g/TOKEN`, `/me`) reach the same pages here, under the prefix.
//!
//! `GET /activity` is a small page whose script (`assets/activity.js`: the Embedded
//! App SDK from npm, pinned and bundled by `src/web/activity/build.sh`, with the
//! few lines that use it) shakes hands with the Discord client, asks it to authorize
//! the application (`identify`), and posts the code it gets to `POST
//! /activity/token`. That route exchanges the code at Discord's `oauth2/token` and
//! reads `users/@me` with the access token ([`SignIn`], which the Discord adapter
//! implements through the same API base as the bot), signs the person in with a
//! cookie that works inside Discord's frame (`SameSite=None; Secure; Partitioned`),
//! and answers `{"access_token": …, "open": …}` for the SDK's `authenticate`. The
//! page then opens `open`: the game the person asked for with `/kuba play` within the
//! last minutes (Discord's launch carries nothing, so the service keeps the game asked
//! for: [`crate::service::Service::take_activity_launch`]), else `/me`, their games in
//! progress, each played as on the web.
//!
//! Only Discord may frame these routes (`frame-ancestors`).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use maud::{html, DOCTYPE};

use super::{language, play, AppState};
use crate::present::web::word;

/// Where the Activity's routes are.
pub const PREFIX: &str = "/activity";
/// The longest code accepted.
const MAX_CODE: usize = 512;

/// Who Discord says a code belongs to, and the access token it gave for it.
#[derive(Clone, PartialEq, Eq)]
pub struct ActivityUser {
    /// Their Discord user id.
    pub id: String,
    /// The name they show (their global name, else their username).
    pub name: String,
    /// The access token, for the SDK's `authenticate`.
    pub access_token: String,
}

impl std::fmt::Debug for ActivityUser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActivityUser").field("id", &self.id).field("name", &self.name).finish_non_exhaustive()
    }
}

/// Why Discord did not vouch for a code.
#[derive(Debug, thiserror::Error)]
pub enum ActivityError {
    /// Discord refused the code (unknown, used, another application's).
    #[error("Discord refused the code: {0}")]
    Refused(String),
    /// Discord could not be reached, or answered what cannot be read.
    #[error("Discord cannot be asked: {0}")]
    Unreachable(String),
}

/// A boxed future of a sign-in.
pub type Exchanged = Pin<Box<dyn Future<Output = Result<ActivityUser, ActivityError>> + Send>>;

/// Exchanges an OAuth2 code from the Activity for the person it belongs to (the
/// Discord adapter does it, through the bot's API base).
pub trait SignIn: Send + Sync {
    /// The person `code` belongs to, and an access token for them.
    fn exchange(&self, code: String) -> Exchanged;
}

/// Discord's Activity as the web pages serve it.
#[derive(Clone)]
pub struct ActivityOptions {
    /// The application's id (its OAuth2 client id).
    pub application_id: u64,
    /// Who exchanges the codes.
    pub sign_in: Arc<dyn SignIn>,
}

impl std::fmt::Debug for ActivityOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActivityOptions").field("application_id", &self.application_id).finish_non_exhaustive()
    }
}

impl ActivityOptions {
    /// The origin of the Activity's pages, as the browser sees them: Discord's proxy.
    pub fn origin(&self) -> String {
        format!("https://{}.discordsays.com", self.application_id)
    }
}

/// `GET /activity`: the page that signs in through Discord, then opens `/me`.
pub(super) async fn entry(State(shared): State<AppState>, headers: HeaderMap) -> Response {
    let lang = language(&headers);
    let Some(activity) = &shared.activity else {
        return super::error_page(StatusCode::NOT_FOUND, lang, "not-found");
    };
    let title = word(lang, "web-activity-title", &[]);
    let markup = html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex, nofollow";
                meta name="boardbot-client-id" content=(activity.application_id);
                title { (title) }
                style { (maud::PreEscaped(super::html::STYLE)) }
                script src="/assets/activity.js" defer {}
            }
            body {
                main {
                    h1 { (title) }
                    p #activity-status role="status" data-failed=(word(lang, "web-activity-failed", &[])) {
                        (word(lang, "web-activity-loading", &[]))
                    }
                }
            }
        }
    };
    super::html_response(StatusCode::OK, "no-store", lang, markup.into_string())
}

/// `GET /activity/assets/activity.js`: the SDK bundle and its use.
pub async fn script() -> Response {
    super::asset(include_str!("assets/activity.js"), "text/javascript; charset=utf-8", "public, max-age=3600")
}

/// What the Activity's page posts: Discord's OAuth2 code.
#[derive(Debug, serde::Deserialize)]
pub struct Code {
    /// The code `authorize` gave.
    pub code: String,
}

/// `POST /activity/token` with `{"code": "…"}`: exchanged with Discord, the person
/// signed in, `{"access_token": …, "open": "/g/TOKEN" or "/me"}` answered: what the
/// page opens next.
pub(super) async fn token(State(shared): State<AppState>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    let (Some(activity), Some(service)) = (shared.activity.clone(), shared.play.service.clone()) else {
        return (StatusCode::NOT_FOUND, "").into_response();
    };
    if !play::same_origin(&headers, &shared.play.origins) {
        return json_error(StatusCode::FORBIDDEN, "forbidden");
    }
    let code = match serde_json::from_slice::<Code>(&body) {
        Ok(c) if !c.code.is_empty() && c.code.len() <= MAX_CODE => c.code,
        _ => return json_error(StatusCode::BAD_REQUEST, "a JSON body {\"code\": \"…\"} is expected"),
    };
    let user = match activity.sign_in.exchange(code).await {
        Ok(user) => user,
        Err(ActivityError::Refused(why)) => {
            tracing::info!("Discord refused an Activity's code: {why}");
            return json_error(StatusCode::UNAUTHORIZED, "Discord refused the code");
        }
        Err(e) => {
            tracing::warn!("{e}");
            return json_error(StatusCode::BAD_GATEWAY, "Discord cannot be reached");
        }
    };
    let (id, name) = (user.id.clone(), user.name.clone());
    let opened = tokio::task::spawn_blocking(move || {
        let session = service.activity_sign_in(&id, &name)?;
        let asked = service.take_activity_launch(session.signed.player)?;
        Ok::<_, crate::service::WebSignInError>((session, asked))
    })
    .await;
    let (session, asked) = match opened {
        Ok(Ok(opened)) => opened,
        Ok(Err(e)) => {
            tracing::error!("cannot sign in from the Activity: {e}");
            return json_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error");
        }
        Err(e) => {
            tracing::error!("an Activity's sign-in task failed: {e}");
            return json_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error");
        }
    };
    let open = match asked {
        Some(token) => crate::service::pages::Links::relative().game(&token),
        None => "/me".to_string(),
    };
    let mut response = Json(serde_json::json!({ "access_token": user.access_token, "open": open })).into_response();
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.append(header::SET_COOKIE, play::set_cookie(Some(&session.secret), true, true));
    response
}

fn json_error(status: StatusCode, message: &'static str) -> Response {
    let mut response = (status, Json(serde_json::json!({ "error": message }))).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
