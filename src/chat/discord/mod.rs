//! The Discord adapter: slash commands, autocompletion, buttons and a thread per game,
//! over the gateway or as an HTTP interactions endpoint, with one request path for both.
//!
//! Built as matrix-rust-sdk's `command_bot` is: decode, call the service, post, in
//! modules of their own:
//!
//! - `decode.rs`: a slash command's options read back as the service's command;
//! - `answer.rs`: an interaction in, its response out — the service's answer itself
//!   within two seconds, else a deferred response finished when it has answered —
//!   and what follows the response, one future made with it (`answer::FollowUp`);
//! - `words.rs`: how a reply looks: [`DiscordGrammar`], Discord's length, buttons, the
//!   people it may notify, its picture as a file or by URL;
//! - `post.rs`: where a reply goes (a channel, a game's thread made when needed, a
//!   person's direct messages) and posting it there; the delivery runtime's poster;
//! - `rest.rs`: every REST call within Discord's limits ([`crate::chat::pace`]);
//! - `http.rs`: the HTTP interactions endpoint, signatures checked; the gateway is here;
//! - `commands.rs`: the commands' registration; `activity.rs`: the Activity's sign-in.
//!
//! # Choices made here
//!
//! - **One code path.** Both modes turn an interaction (serenity's model, received
//!   from the gateway or parsed from the webhook's body) into the same immediate
//!   response and follow-up ([`Bot::answer`]). The commands are built with serenity's
//!   builders rather than poise: poise's framework dispatches gateway events only, and
//!   with it the HTTP mode would have needed a second parser of the same options.
//! - **The answer in the response when it can be.** The service has two seconds: its
//!   answer then is the response itself (on the gateway with its picture attached; on
//!   the HTTP endpoint, which cannot carry a file, deferred with the answer's
//!   visibility and edited in, or with public web pages one response with the board by
//!   URL). Slower, the response is deferred and finished when the service has answered.
//!   What goes elsewhere is the outbox's, posted by the delivery runtime.
//! - **Threads.** A game's first public message creates a public thread titled
//!   "Kuba · alice vs bob · K7Q2" in the channel where it was agreed and records it
//!   with the service, so commands typed there find the game. When the bot may not
//!   create threads, or Discord allows none for a while, the game is played in the
//!   channel.
//! - **Buttons** carry everything in their custom id (`bb:accept:kuba:17`,
//!   `bb:resign:kuba:K7Q2`), so they work after a restart; Resign asks for a
//!   confirmation; Flip shows the flipped board to the presser only.
//! - **The computer and the clocks** speak through the outbox, which one task per
//!   process delivers with a lease, so several HTTP processes on one database never
//!   post a message twice.
//! - **Secrets**: the token comes from the configuration or the environment and is
//!   never logged.

pub mod activity;
mod answer;
pub mod commands;
pub mod decode;
mod http;
mod post;
mod rest;
mod words;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use serenity::all::{Command, GatewayIntents, GuildId, HttpBuilder, Interaction};
use serenity::async_trait;
use serenity::builder::Builder;
use serenity::client::{Context, EventHandler};

pub use http::serve;
pub use words::DiscordGrammar;

use crate::config::Discord as DiscordConfig;
use crate::config::Platform;
use crate::service::Service;

/// The adapter: the service, Discord's REST client and who the bot is.
#[derive(Clone)]
pub struct Bot {
    pub(crate) service: Service,
    /// Every call the bot makes on its own and for its answers, within Discord's limits.
    pub(crate) rest: Arc<rest::Rest>,
    /// The application's id, which is also the bot's user id.
    pub(crate) application_id: u64,
    /// The ids of the registered commands by name, for clickable command mentions.
    pub(crate) commands: Arc<HashMap<String, u64>>,
    /// `/kuba play` launches the Activity (`[discord] activity`).
    pub(crate) activity: bool,
    /// Where games are played and people are written to, as learnt.
    pub(crate) places: Arc<post::Places>,
}

/// Why the Discord adapter cannot run.
#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    /// A key the mode needs is not set.
    #[error("{0} is not set (in the [discord] section of the configuration, or in the environment)")]
    Missing(&'static str),
    /// The public key is not 64 hex digits of a valid key.
    #[error("discord.public_key is not an Ed25519 public key in hex (64 digits)")]
    PublicKey,
    /// Listening failed.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// What the system said.
        source: std::io::Error,
    },
    /// Discord (or the proxy) refused or could not be reached.
    #[error("Discord: {0}")]
    Discord(String),
}

/// serenity's REST client for `config`, for registering and listing the commands and
/// for the gateway: through `api_proxy` when set (serenity ignores a proxy while its
/// own rate limiter is on). Everything else the bot sends goes through its own client
/// ([`rest::Rest`]), which keeps Discord's limits as Discord states them, proxy or not.
pub fn rest(config: &DiscordConfig) -> Result<serenity::http::Http, DiscordError> {
    let token = config.token.expose();
    if token.is_empty() {
        return Err(DiscordError::Missing("discord.token"));
    }
    let mut builder = HttpBuilder::new(token);
    if let Some(id) = config.application_id {
        builder = builder.application_id(id.into());
    }
    if let Some(proxy) = config.api_proxy.as_deref().filter(|p| !p.is_empty()) {
        builder = builder.proxy(proxy.trim_end_matches('/')).ratelimiter_disabled(true);
    }
    Ok(builder.build())
}

async fn bot(config: &DiscordConfig, service: Service) -> Result<Bot, DiscordError> {
    let application_id = config.application_id.ok_or(DiscordError::Missing("discord.application_id"))?;
    let http = Arc::new(rest(config)?);
    let proxy = config.api_proxy.as_deref().filter(|p| !p.is_empty());
    let limited = Arc::new(rest::Rest::new(http.token(), application_id, proxy));
    let commands = Arc::new(command_ids(&http, config).await);
    Ok(Bot { service, rest: limited, application_id, commands, activity: config.activity, places: Arc::default() })
}

/// The ids of the registered commands by name, so hints can be clickable command
/// mentions; empty (plain `/kuba accept` hints) when Discord cannot be asked.
async fn command_ids(http: &serenity::http::Http, config: &DiscordConfig) -> HashMap<String, u64> {
    let listed = match config.dev_guild {
        Some(guild) => GuildId::new(guild).get_commands(http).await,
        None => Command::get_global_commands(http).await,
    };
    match listed {
        Ok(commands) => commands.into_iter().map(|c| (c.name, c.id.get())).collect(),
        Err(e) => {
            tracing::warn!("cannot list the registered commands (hints will not be clickable): {e}");
            HashMap::new()
        }
    }
}

/// Starts the delivery runtime of Discord's outbox messages.
fn spawn_delivery(bot: &Bot) {
    let poster = post::DiscordPoster::new(bot.clone());
    let service = bot.service.clone();
    tokio::spawn(crate::chat::delivery::run(service, Platform::Discord, poster));
}

/// `boardbot discord register`: the commands, globally or in `dev_guild`.
pub async fn register(config: &DiscordConfig) -> Result<String, DiscordError> {
    let http = rest(config)?;
    if config.application_id.is_none() {
        return Err(DiscordError::Missing("discord.application_id"));
    }
    let definitions = commands::definitions();
    let count = definitions.len();
    match config.dev_guild {
        Some(guild) => {
            GuildId::new(guild)
                .set_commands(&http, definitions)
                .await
                .map_err(|e| DiscordError::Discord(e.to_string()))?;
            Ok(format!("registered {count} commands in server {guild} (they show at once)"))
        }
        None => {
            Command::set_global_commands(&http, definitions).await.map_err(|e| DiscordError::Discord(e.to_string()))?;
            Ok(format!("registered {count} commands globally (Discord may take up to an hour to show them)"))
        }
    }
}

/// `boardbot discord --http ADDR`: serves the interactions endpoint until Ctrl-C.
pub async fn run_http(config: &DiscordConfig, service: Service, addr: SocketAddr) -> Result<(), DiscordError> {
    let key = config.public_key.trim();
    if key.is_empty() {
        return Err(DiscordError::Missing("discord.public_key"));
    }
    let verifier = parse_key(key)?;
    let bot = bot(config, service).await?;
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|source| DiscordError::Listen { addr, source })?;
    spawn_delivery(&bot);
    tracing::info!("serving Discord interactions on http://{}", listener.local_addr().map_or(addr, |a| a));
    serve(listener, bot, verifier).await.map_err(|e| DiscordError::Discord(e.to_string()))
}

fn parse_key(key: &str) -> Result<serenity::interactions_endpoint::Verifier, DiscordError> {
    if key.len() != 64 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(DiscordError::PublicKey);
    }
    let mut bytes = [0u8; 32];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&key[2 * i..2 * i + 2], 16).map_err(|_| DiscordError::PublicKey)?;
    }
    serenity::interactions_endpoint::Verifier::try_new(bytes).map_err(|_| DiscordError::PublicKey)
}

/// The gateway's events: interactions go to the shared handler.
struct Gateway {
    bot: Bot,
}

#[async_trait]
impl EventHandler for Gateway {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let (id, token) = match &interaction {
            Interaction::Command(i) | Interaction::Autocomplete(i) => (i.id, i.token.clone()),
            Interaction::Component(i) => (i.id, i.token.clone()),
            Interaction::Modal(i) => (i.id, i.token.clone()),
            Interaction::Ping(i) => (i.id, i.token.clone()),
            _ => return,
        };
        let answered = self.bot.answer(interaction, true).await;
        if let Err(e) = answered.response.execute(&ctx.http, (id, &token)).await {
            tracing::error!("cannot answer an interaction: {e}");
            return;
        }
        if let Some(follow_up) = answered.then {
            follow_up.await;
        }
    }

    async fn ready(&self, _ctx: Context, ready: serenity::model::gateway::Ready) {
        tracing::info!("connected to Discord as {} in {} servers", ready.user.name, ready.guilds.len());
    }
}

/// `boardbot discord`: the gateway, with no privileged intents. `shards` is
/// `(first, last, total)` when this process serves only shards `first` to `last`
/// (both included) of `total` (`--shards`, `--shard-total`); otherwise it is the one
/// shard of one. `metrics` serves `/healthz` and `/metrics` on that address.
pub async fn run_gateway(
    config: &DiscordConfig,
    service: Service,
    shards: Option<(u32, u32, u32)>,
    metrics: Option<SocketAddr>,
) -> Result<(), DiscordError> {
    if let Some(addr) = metrics {
        let listener =
            crate::chat::observe::bind(addr).await.map_err(|source| DiscordError::Listen { addr, source })?;
        let observed = service.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::chat::observe::serve(listener, observed).await {
                tracing::error!("/healthz and /metrics stopped: {e}");
            }
        });
    }
    let bot = bot(config, service).await?;
    spawn_delivery(&bot);
    // The gateway client gets its own REST client, built the same way (proxy included).
    let mut client = serenity::client::ClientBuilder::new_with_http(rest(config)?, GatewayIntents::GUILDS)
        .event_handler(Gateway { bot })
        .await
        .map_err(|e| DiscordError::Discord(e.to_string()))?;
    let started = match shards {
        // serenity 0.12's range is inclusive of its end: `first..last` serves `last` too.
        Some((first, last, total)) => {
            tracing::info!("serving gateway shards {first} to {last} of {total}");
            client.start_shard_range(first..last, total).await
        }
        None => client.start().await,
    };
    started.map_err(|e| DiscordError::Discord(e.to_string()))
}
