//! `/healthz` and `/metrics`, served by every chat process that runs on an async
//! runtime: beside the Discord interactions endpoint (`--http`), or on an address of
//! their own (`--metrics ADDR`) for the Discord gateway and Matrix.
//!
//! - `GET /healthz`: 200 `ok` when the database answers within [`HEALTH_TIMEOUT`], 503
//!   otherwise. The store's pool reconnects by itself, so a worker turns healthy again
//!   once the database is back, without a restart; a load balancer takes it out of
//!   rotation meanwhile.
//! - `GET /metrics`: the service's figures in Prometheus' text format.
//!
//! Both ask the blocking store on a blocking thread, never on the runtime's workers.

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::service::Service;

/// How long `/healthz` waits for the database before saying it is unhealthy: well
/// under a load balancer's usual check timeout.
pub const HEALTH_TIMEOUT: Duration = Duration::from_secs(3);

/// Prometheus' text format's content type.
const PROMETHEUS_TEXT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The two routes, over `service`.
pub fn routes(service: Service) -> Router {
    Router::new().route("/healthz", get(healthz)).route("/metrics", get(metrics)).with_state(service)
}

/// Serves the two routes alone on `listener` until Ctrl-C or SIGTERM.
pub async fn serve(listener: tokio::net::TcpListener, service: Service) -> std::io::Result<()> {
    tracing::info!("serving /healthz and /metrics on http://{}", listener.local_addr()?);
    axum::serve(listener, routes(service)).await
}

/// Binds `addr` for [`serve`].
pub async fn bind(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr).await
}

async fn healthz(State(service): State<Service>) -> Response {
    let check = tokio::task::spawn_blocking(move || service.healthy());
    let (status, text) = match tokio::time::timeout(HEALTH_TIMEOUT, check).await {
        Ok(Ok(Ok(()))) => (StatusCode::OK, "ok\n"),
        Ok(Ok(Err(e))) => {
            tracing::warn!("health check: the database does not answer: {e}");
            (StatusCode::SERVICE_UNAVAILABLE, "the database does not answer\n")
        }
        Ok(Err(_)) | Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "the database does not answer\n"),
    };
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

async fn metrics(State(service): State<Service>) -> Response {
    match tokio::task::spawn_blocking(move || service.render_metrics()).await {
        Ok(text) => (StatusCode::OK, [(header::CONTENT_TYPE, PROMETHEUS_TEXT)], text).into_response(),
        Err(e) => {
            tracing::error!("the metrics could not be gathered: {e}");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                "internal error\n",
            )
                .into_response()
        }
    }
}
