//! The bot's session: the homeserver checked once, the login (or the session saved
//! in the store folder, so the device stays the same across restarts), and what
//! tells that the homeserver ended it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::UserId;
use matrix_sdk::Client;

use super::MatrixError;
use crate::config::Matrix as MatrixConfig;

/// Asks the homeserver for its versions once, so that a wrong address or a server that
/// is down is said at once (matrix-sdk itself retries for up to 15 minutes).
pub(super) async fn probe(homeserver: &str) -> Result<(), MatrixError> {
    let unreachable = |e: &dyn std::fmt::Display| MatrixError::Homeserver(format!("cannot reach {homeserver}: {e}"));
    let http =
        matrix_sdk::reqwest::Client::builder().timeout(Duration::from_secs(15)).build().map_err(|e| unreachable(&e))?;
    let url = format!("{}/_matrix/client/versions", homeserver.trim_end_matches('/'));
    let response = http.get(&url).send().await.map_err(|e| unreachable(&e))?;
    if !response.status().is_success() {
        return Err(unreachable(&format!("{url} answered {}", response.status())));
    }
    Ok(())
}

/// How long to wait after `failures` failures in a row: doubling, at most a minute.
pub(super) fn backoff(failures: u32) -> Duration {
    Duration::from_secs(2u64.saturating_pow(failures.min(6)).min(60))
}

/// The saved session: the device and its access token.
fn session_path(store: &Path) -> PathBuf {
    store.join("session.json")
}

fn read_session(store: &Path) -> Option<MatrixSession> {
    let text = std::fs::read_to_string(session_path(store)).ok()?;
    match serde_json::from_str(&text) {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::warn!("the saved Matrix session does not read, logging in again: {e}");
            None
        }
    }
}

fn write_session(store: &Path, session: &MatrixSession) -> Result<(), MatrixError> {
    let path = session_path(store);
    let failed = |e: &dyn std::fmt::Display| MatrixError::Store { path: path.clone(), message: e.to_string() };
    let json = serde_json::to_string(session).map_err(|e| failed(&e))?;
    let tmp = path.with_extension("json.tmp");
    {
        use std::io::Write;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            // The access token is a password: only the bot's user may read it.
            options.mode(0o600);
        }
        let mut file = options.open(&tmp).map_err(|e| failed(&e))?;
        file.write_all(json.as_bytes()).and_then(|()| file.sync_all()).map_err(|e| failed(&e))?;
    }
    std::fs::rename(&tmp, &path).map_err(|e| failed(&e))
}

/// A client on the store, logged in: from the saved session unless `relogin`, else
/// with the password (on the saved device when there is one).
pub(super) async fn connect(
    config: &MatrixConfig,
    user: &UserId,
    store: &Path,
    relogin: bool,
) -> Result<Client, MatrixError> {
    let client = Client::builder()
        .homeserver_url(config.homeserver.trim())
        .sqlite_store(store, None)
        .build()
        .await
        .map_err(|e| MatrixError::Homeserver(e.to_string()))?;
    let saved = read_session(store).filter(|s| s.meta.user_id == user);
    if let (Some(session), false) = (&saved, relogin) {
        client.restore_session(session.clone()).await.map_err(|e| MatrixError::Homeserver(e.to_string()))?;
        tracing::info!("restored the session of {} on device {}", session.meta.user_id, session.meta.device_id);
        return Ok(client);
    }
    let mut login = client
        .matrix_auth()
        .login_username(user, config.password.expose())
        .initial_device_display_name(config.device_name());
    let device = saved.as_ref().map(|s| s.meta.device_id.to_string());
    if let Some(device) = &device {
        login = login.device_id(device);
    }
    let response = login.send().await.map_err(|e| MatrixError::Homeserver(format!("cannot log in as {user}: {e}")))?;
    tracing::info!("logged in as {} on device {}", response.user_id, response.device_id);
    if let Some(session) = client.matrix_auth().session() {
        write_session(store, &session)?;
    }
    Ok(client)
}

/// Why serving stopped.
pub(super) enum Ended {
    /// The access token is no longer valid; `soft` when the device still exists.
    SessionGone {
        /// A soft logout: the device and its keys are still there.
        soft: bool,
    },
}

/// `Some(soft_logout)` when the error says the access token is no longer valid.
pub(super) fn session_gone(e: &matrix_sdk::Error) -> Option<bool> {
    use matrix_sdk::ruma::api::error::ErrorKind;
    match e.client_api_error_kind() {
        Some(ErrorKind::UnknownToken(data)) => Some(data.soft_logout),
        _ => None,
    }
}
