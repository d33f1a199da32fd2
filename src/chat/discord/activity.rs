//! Discord's side of the Activity (issue #51): the OAuth2 code the Activity's page got
//! from the Discord client, exchanged for an access token at `oauth2/token` with the
//! application's client secret, then who it belongs to (`users/@me`, Bearer). Through
//! the bot's own API base, so `api_proxy` (`BOARDBOT_DISCORD_API_PROXY`) points it at
//! a proxy or at the tests' double as it does the bot's other calls.

use std::sync::Arc;
use std::time::Duration;

use super::DiscordError;
use crate::config::Discord as DiscordConfig;
use crate::web::activity::{ActivityError, ActivityOptions, ActivityUser, Exchanged, SignIn};

/// Discord's API, when no proxy is set.
const DISCORD: &str = "https://discord.com";
/// The API version the bot speaks (serenity's).
const VERSION: &str = "/api/v10";
/// How long one call to Discord may take.
const TIMEOUT: Duration = Duration::from_secs(10);

/// The Activity's options for `config`: its application id, and the exchange of codes.
pub fn options(config: &DiscordConfig) -> Result<ActivityOptions, DiscordError> {
    let application_id = config.application_id.ok_or(DiscordError::Missing("discord.application_id"))?;
    let secret = config.client_secret.expose().trim().to_string();
    if secret.is_empty() {
        return Err(DiscordError::Missing("discord.client_secret"));
    }
    let base = config.api_proxy.as_deref().map(str::trim).filter(|p| !p.is_empty()).unwrap_or(DISCORD);
    let client = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .build()
        .map_err(|e| DiscordError::Discord(format!("cannot set up an HTTP client: {e}")))?;
    let exchange = Exchange {
        client,
        api: format!("{}{VERSION}", base.trim_end_matches('/')),
        client_id: application_id.to_string(),
        secret,
    };
    Ok(ActivityOptions { application_id, sign_in: Arc::new(exchange) })
}

/// The code exchange, with the application's credentials.
struct Exchange {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or the proxy's.
    api: String,
    client_id: String,
    secret: String,
}

#[derive(serde::Deserialize)]
struct Token {
    access_token: String,
}

#[derive(serde::Deserialize)]
struct Me {
    id: String,
    username: String,
    #[serde(default)]
    global_name: Option<String>,
}

async fn read<T: serde::de::DeserializeOwned>(response: reqwest::Response, what: &str) -> Result<T, ActivityError> {
    let status = response.status();
    let body = response.bytes().await.map_err(|e| ActivityError::Unreachable(format!("{what}: {e}")))?;
    if status.is_client_error() {
        let said = String::from_utf8_lossy(&body).chars().take(200).collect::<String>();
        return Err(ActivityError::Refused(format!("{what}: {status} {said}")));
    }
    if !status.is_success() {
        return Err(ActivityError::Unreachable(format!("{what}: {status}")));
    }
    serde_json::from_slice(&body)
        .map_err(|e| ActivityError::Unreachable(format!("{what}: an answer that does not read: {e}")))
}

impl SignIn for Exchange {
    fn exchange(&self, code: String) -> Exchanged {
        let (client, api, client_id, secret) =
            (self.client.clone(), self.api.clone(), self.client_id.clone(), self.secret.clone());
        Box::pin(async move {
            let form = [
                ("client_id", client_id.as_str()),
                ("client_secret", secret.as_str()),
                ("grant_type", "authorization_code"),
                ("code", code.as_str()),
            ];
            let sent = client.post(format!("{api}/oauth2/token")).form(&form).send().await;
            let response = sent.map_err(|e| ActivityError::Unreachable(format!("oauth2/token: {e}")))?;
            let token: Token = read(response, "oauth2/token").await?;
            let sent = client
                .get(format!("{api}/users/@me"))
                .header(reqwest::header::AUTHORIZATION, format!("Bearer {}", token.access_token))
                .send()
                .await;
            let response = sent.map_err(|e| ActivityError::Unreachable(format!("users/@me: {e}")))?;
            let me: Me = read(response, "users/@me").await?;
            let name = me.global_name.filter(|n| !n.trim().is_empty()).unwrap_or(me.username);
            Ok(ActivityUser { id: me.id, name, access_token: token.access_token })
        })
    }
}
