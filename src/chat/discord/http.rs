//! The HTTP interactions endpoint: Discord POSTs each interaction, signed with the
//! application's key; the answer is the response body. `/healthz` and `/metrics` are
//! served beside it (`chat::observe`), so a load balancer checks each worker on the
//! port it sends interactions to.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use serenity::all::Interaction;
use serenity::interactions_endpoint::Verifier;

use super::Bot;
use crate::service::metrics::Outcome;

/// How far a request's timestamp may be from now, in seconds: older requests are
/// replays.
const FRESH_SECONDS: i64 = 300;

struct Endpoint {
    bot: Bot,
    verifier: Verifier,
}

/// Serves interactions on `listener` until Ctrl-C (or SIGTERM). The connections are
/// served as the web pages' are ([`crate::web::serve_until`]): bounded request heads
/// sent within a deadline and a bounded count of connections, so that a client
/// trickling a head (slowloris) holds neither a connection nor memory for long.
pub async fn serve(listener: tokio::net::TcpListener, bot: Bot, verifier: Verifier) -> std::io::Result<()> {
    let observed = crate::chat::observe::routes(bot.service.clone());
    let state = Arc::new(Endpoint { bot, verifier });
    let app = Router::new()
        .fallback(interaction)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
        .merge(observed);
    crate::web::serve_until(listener, app, shutdown()).await
}

/// The largest body read (413 beyond): a body is read whole before its signature is
/// checked, so a forger could otherwise make each connection hold axum's default
/// 2 MB. Discord's interactions are a few kilobytes; a command naming many members
/// stays far below this.
const MAX_BODY: usize = 256 * 1024;

async fn shutdown() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

/// Whether the request is signed by the application's key, now: checked on the raw
/// bytes, before anything reads the body.
fn authentic(verifier: &Verifier, headers: &HeaderMap, body: &[u8], now: i64) -> bool {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(signature), Some(timestamp)) = (header("x-signature-ed25519"), header("x-signature-timestamp")) else {
        return false;
    };
    let Ok(at) = timestamp.trim().parse::<i64>() else { return false };
    if (now - at).abs() > FRESH_SECONDS {
        return false;
    }
    verifier.verify(signature, timestamp, body).is_ok()
}

async fn interaction(
    State(endpoint): State<Arc<Endpoint>>,
    method: Method,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if method != Method::POST {
        return plain(StatusCode::METHOD_NOT_ALLOWED, "interactions are POSTed\n");
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    if !authentic(&endpoint.verifier, &headers, &body, now) {
        endpoint.bot.service.metrics().request(Outcome::Unauthorized);
        return plain(StatusCode::UNAUTHORIZED, "invalid request signature\n");
    }
    let interaction: Interaction = match serde_json::from_slice(&body) {
        Ok(i) => i,
        Err(e) => {
            tracing::warn!("a signed interaction that does not parse: {e}");
            endpoint.bot.service.metrics().request(Outcome::Malformed);
            return plain(StatusCode::BAD_REQUEST, "the body is not an interaction\n");
        }
    };
    let answered = endpoint.bot.answer(interaction, false).await;
    tracing::debug!(follows = answered.then.is_some(), "answered an interaction");
    let json = match serde_json::to_vec(&answered.response) {
        Ok(json) => json,
        Err(e) => {
            tracing::error!("cannot write an interaction response: {e}");
            return plain(StatusCode::INTERNAL_SERVER_ERROR, "internal error\n");
        }
    };
    if let Some(follow_up) = answered.then {
        // Edits of the response come next, at once: an edit that Discord does not
        // take yet (the response is still on its way) is tried again shortly.
        tokio::spawn(follow_up);
    }
    (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], json).into_response()
}
