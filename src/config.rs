//! The TOML configuration (`config.example.toml` documents every key).
//!
//! Every key is optional: with no file at all the bot runs on the embedded defaults
//! (a SQLite file beside it, the terminal chat). Secrets may come from the
//! environment instead of the file, and are never printed: `Debug` masks them.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// Environment variable that overrides `discord.token`.
pub const DISCORD_TOKEN_ENV: &str = "BOARDBOT_DISCORD_TOKEN";
/// Environment variable that overrides `discord.application_id`.
pub const DISCORD_APPLICATION_ID_ENV: &str = "BOARDBOT_DISCORD_APPLICATION_ID";
/// Environment variable that overrides `discord.public_key`.
pub const DISCORD_PUBLIC_KEY_ENV: &str = "BOARDBOT_DISCORD_PUBLIC_KEY";
/// Environment variable that overrides `discord.api_proxy`.
pub const DISCORD_API_PROXY_ENV: &str = "BOARDBOT_DISCORD_API_PROXY";
/// Environment variable that gives the Discord application's OAuth2 client secret
/// (`discord.client_secret`), which Discord's Activity signs people in with.
pub const DISCORD_CLIENT_SECRET_ENV: &str = "BOARDBOT_DISCORD_CLIENT_SECRET";
/// Environment variable that overrides `matrix.password`.
pub const MATRIX_PASSWORD_ENV: &str = "BOARDBOT_MATRIX_PASSWORD";
/// Environment variable that overrides `storage.url`: a PostgreSQL URL (or an SQLite
/// file's path).
pub const DATABASE_URL_ENV: &str = "BOARDBOT_DATABASE_URL";

/// Why a configuration is refused.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not valid TOML for this configuration.
    #[error("{path}: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// The parser's message (line, column and what is wrong).
        message: String,
    },
    /// A value that is not what its key takes.
    #[error("{key}: {message}")]
    Invalid {
        /// The key, `clocks.reminders`.
        key: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The chosen platform lacks a required key.
    #[error("chat.platform is \"{platform}\" but {missing} is not set")]
    Missing {
        /// The platform.
        platform: Platform,
        /// The missing key.
        missing: &'static str,
    },
}

/// Where the bot talks to people.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    /// A chat in this terminal; needs no account anywhere.
    #[default]
    Terminal,
    /// A Discord bot.
    Discord,
    /// A Matrix account.
    Matrix,
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Platform::Terminal => "terminal",
            Platform::Discord => "discord",
            Platform::Matrix => "matrix",
        })
    }
}

/// A secret string whose `Debug` never shows it.
#[derive(Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// The secret itself, for the one place that needs it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() { "\"\"" } else { "\"***\"" })
    }
}

/// The whole configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Storage settings.
    pub storage: Storage,
    /// Which chat platform to use.
    pub chat: Chat,
    /// Discord account.
    pub discord: Discord,
    /// Matrix account.
    pub matrix: Matrix,
    /// Clocks across days.
    pub clocks: Clocks,
    /// Ratings.
    pub ratings: Ratings,
    /// The computer player's workers and limits.
    pub computer: Computer,
    /// What one player may hold at once.
    pub limits: Limits,
    /// The web pages.
    pub web: WebConfig,
    /// The computer's review of finished games.
    pub analysis: Analysis,
    /// Logging.
    pub log: Log,
}

/// `[web]`: the pages of the games on the web (issue #44).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// Where `boardbot discord` and `boardbot matrix` serve the pages (`127.0.0.1:8090`);
    /// `None`: they serve none. `boardbot web --listen` and `boardbot local --web`
    /// give their own.
    pub listen: Option<std::net::SocketAddr>,
    /// The address people reach the pages at, behind the operator's TLS proxy
    /// (`https://boards.example.org`); without it, links use `http://` and the
    /// listening address.
    pub public_url: Option<String>,
    /// Requests one client address may make per minute (and at once).
    pub requests_per_minute: u32,
    /// Take the client's address from the last `X-Forwarded-For` entry: only behind a
    /// proxy that sets it, or anyone could pose as any address.
    pub trust_forwarded_for: bool,
    /// Requests that change something (a move, a resignation, a sign-in) one session
    /// may make per minute (and at once).
    pub actions_per_minute: u32,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            listen: None,
            public_url: None,
            requests_per_minute: 120,
            trust_forwarded_for: false,
            actions_per_minute: 30,
        }
    }
}

impl WebConfig {
    /// The links' base: `public_url`, else `http://ADDR` of the listening address.
    pub fn base_url(&self, listen: std::net::SocketAddr) -> String {
        match self.public_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            Some(url) => url.trim_end_matches('/').to_string(),
            None => format!("http://{listen}"),
        }
    }

    /// Refuses a rate limit of zero and a public address that is not http(s).
    pub fn check(&self) -> Result<(), ConfigError> {
        if self.requests_per_minute == 0 {
            return Err(ConfigError::Invalid {
                key: "web.requests_per_minute",
                message: "0 would refuse every request: give at least 1".to_string(),
            });
        }
        if self.actions_per_minute == 0 {
            return Err(ConfigError::Invalid {
                key: "web.actions_per_minute",
                message: "0 would refuse every move from the pages: give at least 1".to_string(),
            });
        }
        if let Some(url) = self.public_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
            if rest.is_none_or(|r| r.is_empty() || r.contains(['?', '#', ' ', '"', '<', '>'])) {
                return Err(ConfigError::Invalid {
                    key: "web.public_url",
                    message: format!(
                        "\"{url}\" is not an http:// or https:// address such as https://boards.example.org"
                    ),
                });
            }
        }
        Ok(())
    }
}

/// The most connections `[storage] pool_size` may ask for; more is a typo (a
/// PostgreSQL server takes 100 by default, for every worker together).
pub const MAX_POOL_SIZE: u32 = 1_000;

/// `[storage]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Storage {
    /// The SQLite database file, when `url` is not set.
    pub database: PathBuf,
    /// A PostgreSQL database, `postgres://user:password@host:5432/boardbot` (or the
    /// environment variable [`DATABASE_URL_ENV`]); wins over `database`. A secret: it
    /// may hold a password, so `Debug` hides it whole.
    pub url: Option<Secret>,
    /// With several workers on one PostgreSQL database: how long, in seconds, the
    /// clocks' and the computer's leases last without renewal, so how soon another
    /// worker takes them over from one that died (15). Renewed every third of it.
    pub lease_seconds: u32,
    /// On PostgreSQL: how many connections this worker opens at most
    /// ([`crate::store::PostgresOptions::pool_size`]). The sum over the workers must
    /// stay under the server's `max_connections`.
    pub pool_size: u32,
}

impl Default for Storage {
    fn default() -> Self {
        Storage {
            database: PathBuf::from("boardbot.sqlite"),
            url: None,
            lease_seconds: 15,
            pool_size: crate::store::PostgresOptions::default().pool_size,
        }
    }
}

impl Storage {
    /// Where the data is: `url` when set, else the file `database`, as text for
    /// [`crate::store::Database::parse`].
    pub fn location(&self) -> String {
        match self.url.as_ref().map(|u| u.expose().trim()).filter(|u| !u.is_empty()) {
            Some(url) => url.to_string(),
            None => self.database.display().to_string(),
        }
    }

    /// Applies the environment ([`DATABASE_URL_ENV`]) through `env`.
    pub fn apply_env(&mut self, env: impl Fn(&str) -> Option<String>) {
        if let Some(url) = env(DATABASE_URL_ENV).filter(|u| !u.trim().is_empty()) {
            self.url = Some(Secret(url.trim().to_string()));
        }
    }
}

/// `[chat]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Chat {
    /// The platform.
    pub platform: Platform,
    /// The language of communities that chose none and of people whose platform
    /// reports none (Matrix, the terminal): `en`, `fr`, `es`, `nl` or `de`.
    pub language: crate::lang::Lang,
}

/// `[discord]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Discord {
    /// The bot token (or the environment variable [`DISCORD_TOKEN_ENV`]).
    pub token: Secret,
    /// The application's id (or [`DISCORD_APPLICATION_ID_ENV`]); the bot's user id too.
    pub application_id: Option<u64>,
    /// The application's public key in hex (or [`DISCORD_PUBLIC_KEY_ENV`]): checks the
    /// signatures of the HTTP interactions endpoint.
    pub public_key: String,
    /// A server id: `register` puts the commands there only, at once, for testing.
    pub dev_guild: Option<u64>,
    /// A base URL every REST call goes to instead of Discord's (or
    /// [`DISCORD_API_PROXY_ENV`]): a shared rate-limit proxy, or a test double.
    pub api_proxy: Option<String>,
    /// Serve the game pages as a Discord Activity (`/activity`, with the web pages of
    /// `[web]`), and answer `/kuba play` by launching it.
    pub activity: bool,
    /// The application's OAuth2 client secret (or [`DISCORD_CLIENT_SECRET_ENV`]): the
    /// Activity exchanges Discord's codes with it.
    pub client_secret: Secret,
}

/// `[matrix]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Matrix {
    /// The homeserver URL.
    pub homeserver: String,
    /// The bot's user id, `@boardbot:example.org`.
    pub user: String,
    /// The password (or the environment variable [`MATRIX_PASSWORD_ENV`]).
    pub password: Secret,
    /// The name of the bot's device, shown in people's device lists (default
    /// `boardbot`). The device itself stays the same across restarts.
    pub device_name: String,
    /// The folder of the Matrix client's own SQLite store (the session, the sync
    /// position and the end-to-end encryption keys). Default: beside the database,
    /// named after it (`boardbot.sqlite` → `boardbot.matrix/`).
    pub store: Option<PathBuf>,
}

/// The Matrix device's name when none is set.
const DEVICE_NAME: &str = "boardbot";

impl Default for Matrix {
    fn default() -> Self {
        Matrix {
            homeserver: String::new(),
            user: String::new(),
            password: Secret::default(),
            device_name: DEVICE_NAME.to_string(),
            store: None,
        }
    }
}

impl Matrix {
    /// The device name, `boardbot` when unset or empty.
    pub fn device_name(&self) -> &str {
        match self.device_name.trim() {
            "" => DEVICE_NAME,
            name => name,
        }
    }

    /// The store folder for a bot whose database is `database`.
    pub fn store_for(&self, database: &Path) -> PathBuf {
        match &self.store {
            Some(path) if !path.as_os_str().is_empty() => path.clone(),
            _ => match database.with_extension("matrix") {
                // A database named `x.matrix` keeps its store beside it, not in it.
                same if same == database => database.with_extension("matrix-store"),
                other => other,
            },
        }
    }
}

/// `[ratings]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Ratings {
    /// A rating whose deviation is above this is provisional: shown `1512?` and listed
    /// on leaderboards after every established player. A new player starts at 350.
    pub provisional_deviation: u32,
}

impl Default for Ratings {
    fn default() -> Self {
        Ratings { provisional_deviation: 110 }
    }
}

impl Ratings {
    /// The rating constants with this threshold.
    pub fn rating_config(&self) -> crate::rating::RatingConfig {
        crate::rating::RatingConfig {
            provisional_deviation: f64::from(self.provisional_deviation),
            ..crate::rating::RatingConfig::default()
        }
    }
}

/// `[clocks]`: durations are written like `7d`, `24h`, `23h30m` or `90m`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Clocks {
    /// When to remind the player to move, before the deadline.
    pub reminders: Vec<String>,
    /// How long a challenge waits for an answer.
    pub challenge_expiry: String,
    /// The most vacation days a player may take in a calendar year.
    pub vacation_days_per_year: u32,
}

impl Default for Clocks {
    fn default() -> Self {
        Clocks {
            reminders: vec!["24h".to_string(), "1h".to_string()],
            challenge_expiry: "7d".to_string(),
            vacation_days_per_year: 30,
        }
    }
}

impl Clocks {
    /// The reminder points in milliseconds.
    pub fn reminder_ms(&self) -> Result<Vec<i64>, ConfigError> {
        self.reminders
            .iter()
            .map(|r| parse_duration(r).map_err(|message| ConfigError::Invalid { key: "clocks.reminders", message }))
            .collect()
    }

    /// The challenge expiry in milliseconds.
    pub fn challenge_expiry_ms(&self) -> Result<i64, ConfigError> {
        parse_duration(&self.challenge_expiry)
            .map_err(|message| ConfigError::Invalid { key: "clocks.challenge_expiry", message })
    }
}

/// `[limits]`: what one player may hold at once, so that nobody can flood a channel
/// or the outbox.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// The most open challenges one player may have made (waiting for an answer).
    pub open_challenges_per_player: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { open_challenges_per_player: 20 }
    }
}

impl Limits {
    /// Refuses a limit of zero, which would forbid every challenge.
    pub fn check(&self) -> Result<(), ConfigError> {
        if self.open_challenges_per_player == 0 {
            return Err(ConfigError::Invalid {
                key: "limits.open_challenges_per_player",
                message: "0 would forbid every challenge: give at least 1".to_string(),
            });
        }
        Ok(())
    }
}

/// A duration such as `2d`, `23h30m`, `90m` or `45s`, in milliseconds; zero is refused.
pub fn parse_duration(text: &str) -> Result<i64, String> {
    let bad = || format!("\"{text}\" is not a duration: write e.g. 2d, 23h30m or 90m");
    let mut total: i64 = 0;
    let mut number = String::new();
    let mut units = 0;
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit: i64 = match c.to_ascii_lowercase() {
            'w' => 7 * 86_400_000,
            'd' => 86_400_000,
            'h' => 3_600_000,
            'm' => 60_000,
            's' => 1_000,
            _ => return Err(bad()),
        };
        let n: i64 = number.parse().map_err(|_| bad())?;
        number.clear();
        units += 1;
        total = n.checked_mul(unit).and_then(|v| total.checked_add(v)).ok_or_else(bad)?;
    }
    if !number.is_empty() || units == 0 {
        return Err(bad());
    }
    if total == 0 {
        return Err(format!("\"{text}\" is no time at all"));
    }
    Ok(total)
}

/// The most worker threads `computer.workers` accepts.
pub const MAX_WORKERS: usize = 256;

/// `[computer]`: the threads that think for the computer, and how many games one
/// player may have against it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Computer {
    /// Worker threads, 1 to [`MAX_WORKERS`]; unset: the number of cores
    /// ([`Computer::workers`]).
    pub workers: Option<usize>,
    /// The most games one player may have in progress against the computer; a
    /// challenge beyond it is refused. At least 1.
    pub max_games_per_player: u32,
}

impl Default for Computer {
    fn default() -> Self {
        Computer { workers: None, max_games_per_player: 10 }
    }
}

impl Computer {
    /// The number of worker threads: the configured one, else the machine's cores.
    pub fn workers(&self) -> usize {
        self.workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
    }

    fn check(&self) -> Result<(), ConfigError> {
        if let Some(n) = self.workers {
            if !(1..=MAX_WORKERS).contains(&n) {
                return Err(ConfigError::Invalid {
                    key: "computer.workers",
                    message: format!("{n} workers: give 1 to {MAX_WORKERS}, or leave it out for one per core"),
                });
            }
        }
        if self.max_games_per_player == 0 {
            return Err(ConfigError::Invalid {
                key: "computer.max_games_per_player",
                message: "0 games: give at least 1".to_string(),
            });
        }
        Ok(())
    }
}

/// The most playouts per position `[analysis] playouts` may ask for: a review of a
/// long game at this many would hold a worker for hours.
pub const MAX_REVIEW_PLAYOUTS: u64 = 1_000_000;

/// Which finished games are reviewed on their own, without anyone asking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AfterGame {
    /// Rated games.
    #[default]
    Rated,
    /// Every game that had a move.
    All,
    /// None: a review only when someone asks for it.
    Off,
}

/// `[analysis]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Analysis {
    /// Playouts of the search of each position of a review; the default keeps a
    /// review of a 60-move game under 20 s of one core for every game.
    pub playouts: u64,
    /// Which games are reviewed when they end, the review posted in the game's thread.
    pub after_game: AfterGame,
}

impl Default for Analysis {
    fn default() -> Self {
        Analysis { playouts: crate::ai::review::DEFAULT_PLAYOUTS, after_game: AfterGame::Rated }
    }
}

impl Analysis {
    fn check(&self) -> Result<(), ConfigError> {
        if !(1..=MAX_REVIEW_PLAYOUTS).contains(&self.playouts) {
            return Err(ConfigError::Invalid {
                key: "analysis.playouts",
                message: format!("{} playouts: give 1 to {MAX_REVIEW_PLAYOUTS}", self.playouts),
            });
        }
        Ok(())
    }
}

/// `[log]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Log {
    /// A tracing filter such as `info` or `boardbot=debug`.
    pub level: String,
}

impl Default for Log {
    fn default() -> Self {
        Log { level: "info".to_string() }
    }
}

impl Config {
    /// Parses configuration text; `origin` names it in messages.
    pub fn parse(text: &str, origin: &Path) -> Result<Config, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::Parse { path: origin.to_path_buf(), message: e.to_string() })
    }

    /// Reads a file, or gives the defaults when `path` is `None`; then applies the
    /// environment (`env` looks a variable up) and checks the chosen platform.
    pub fn load(path: Option<&Path>, env: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let mut config = match path {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|source| ConfigError::Read { path: path.to_path_buf(), source })?;
                Config::parse(&text, path)?
            }
            None => Config::default(),
        };
        if let Some(token) = env(DISCORD_TOKEN_ENV).filter(|t| !t.is_empty()) {
            config.discord.token = Secret(token);
        }
        if let Some(id) = env(DISCORD_APPLICATION_ID_ENV).filter(|t| !t.trim().is_empty()) {
            config.discord.application_id = Some(id.trim().parse().map_err(|_| ConfigError::Invalid {
                key: "discord.application_id",
                message: format!("{DISCORD_APPLICATION_ID_ENV} is not a Discord id (a number)"),
            })?);
        }
        if let Some(key) = env(DISCORD_PUBLIC_KEY_ENV).filter(|t| !t.trim().is_empty()) {
            config.discord.public_key = key.trim().to_string();
        }
        if let Some(proxy) = env(DISCORD_API_PROXY_ENV).filter(|t| !t.trim().is_empty()) {
            config.discord.api_proxy = Some(proxy.trim().to_string());
        }
        if let Some(secret) = env(DISCORD_CLIENT_SECRET_ENV).filter(|t| !t.trim().is_empty()) {
            config.discord.client_secret = Secret(secret.trim().to_string());
        }
        if let Some(password) = env(MATRIX_PASSWORD_ENV).filter(|p| !p.is_empty()) {
            config.matrix.password = Secret(password);
        }
        config.storage.apply_env(&env);
        config.check()?;
        Ok(config)
    }

    fn check(&self) -> Result<(), ConfigError> {
        self.clocks.reminder_ms()?;
        self.clocks.challenge_expiry_ms()?;
        self.computer.check()?;
        self.limits.check()?;
        self.web.check()?;
        self.analysis.check()?;
        if !(1..=MAX_POOL_SIZE).contains(&self.storage.pool_size) {
            return Err(ConfigError::Invalid {
                key: "storage.pool_size",
                message: format!("{} connections: give 1 to {MAX_POOL_SIZE}", self.storage.pool_size),
            });
        }
        let platform = self.chat.platform;
        let missing = match platform {
            Platform::Terminal => None,
            Platform::Discord if self.discord.token.expose().is_empty() => Some("discord.token"),
            Platform::Discord => None,
            Platform::Matrix if self.matrix.homeserver.is_empty() => Some("matrix.homeserver"),
            Platform::Matrix if self.matrix.user.is_empty() => Some("matrix.user"),
            Platform::Matrix if self.matrix.password.expose().is_empty() => Some("matrix.password"),
            Platform::Matrix => None,
        };
        match missing {
            Some(missing) => Err(ConfigError::Missing { platform, missing }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn the_matrix_store_lives_beside_the_database() {
        let mut m = Matrix::default();
        assert_eq!(m.store_for(Path::new("data/boardbot.sqlite")), PathBuf::from("data/boardbot.matrix"));
        assert_eq!(m.store_for(Path::new("games")), PathBuf::from("games.matrix"));
        assert_eq!(m.store_for(Path::new("x.matrix")), PathBuf::from("x.matrix-store"));
        m.store = Some(PathBuf::from("/var/lib/bb/keys"));
        assert_eq!(m.store_for(Path::new("boardbot.sqlite")), PathBuf::from("/var/lib/bb/keys"));
        m.device_name = "  ".to_string();
        assert_eq!(m.device_name(), "boardbot");
    }

    #[test]
    fn the_provisional_threshold_is_configured() {
        let config = Config::parse("[ratings]\nprovisional_deviation = 200\n", Path::new("x")).expect("parses");
        assert_eq!(config.ratings.rating_config().provisional_deviation, 200.0);
        assert_eq!(Config::default().ratings.rating_config(), crate::rating::RatingConfig::default());
        assert!(Config::parse("[ratings]\nprovisional_games = 5\n", Path::new("x")).is_err());
    }

    #[test]
    fn the_example_file_is_the_defaults() {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/config.example.toml"));
        let config = Config::load(Some(path), no_env).expect("the example parses");
        assert_eq!(config, Config::default());
        assert_eq!(config.storage.database, PathBuf::from("boardbot.sqlite"));
        assert_eq!(config.chat.platform, Platform::Terminal);
    }

    #[test]
    fn the_analysis_section_is_read_and_checked() {
        let config =
            Config::parse("[analysis]\nplayouts = 500\nafter_game = \"all\"\n", Path::new("x")).expect("parses");
        assert_eq!(config.analysis, Analysis { playouts: 500, after_game: AfterGame::All });
        assert!(config.check().is_ok());
        let off = Config::parse("[analysis]\nafter_game = \"off\"\n", Path::new("x")).expect("parses");
        assert_eq!(off.analysis.after_game, AfterGame::Off);
        assert_eq!(off.analysis.playouts, crate::ai::review::DEFAULT_PLAYOUTS);
        let zero = Config::parse("[analysis]\nplayouts = 0\n", Path::new("x")).expect("parses");
        assert!(matches!(zero.check(), Err(ConfigError::Invalid { key: "analysis.playouts", .. })));
        assert!(Config::parse("[analysis]\nafter_game = \"sometimes\"\n", Path::new("x")).is_err());
    }

    #[test]
    fn durations_read_like_people_write_them() {
        assert_eq!(parse_duration("2d"), Ok(2 * 86_400_000));
        assert_eq!(parse_duration("23h30m"), Ok(23 * 3_600_000 + 30 * 60_000));
        assert_eq!(parse_duration("90m"), Ok(90 * 60_000));
        assert_eq!(parse_duration("1w"), Ok(7 * 86_400_000));
        for bad in ["", "2", "d", "2x", "-1d", "1.5h", "0h", "99999999999999999d"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        let config = Config::parse("[clocks]\nreminders = [\"soon\"]\n", Path::new("x")).expect("parses");
        assert!(matches!(config.check(), Err(ConfigError::Invalid { key: "clocks.reminders", .. })));
    }

    #[test]
    fn no_file_means_terminal_and_sqlite() {
        let config = Config::load(None, no_env).expect("defaults");
        assert_eq!(config.chat.platform, Platform::Terminal);
    }

    #[test]
    fn secrets_come_from_the_environment_and_never_show() {
        let text = "[chat]\nplatform = \"discord\"\n";
        let err = Config::parse(text, Path::new("x")).and_then(|c| c.check().map(|_| c));
        assert!(matches!(err, Err(ConfigError::Missing { missing: "discord.token", .. })));
        let dir = std::env::temp_dir().join(format!("boardbot-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("c.toml");
        std::fs::write(&path, text).expect("write");
        let env = |k: &str| (k == DISCORD_TOKEN_ENV).then(|| "sekrit-token".to_string());
        let config = Config::load(Some(&path), env).expect("token from env");
        assert_eq!(config.discord.token.expose(), "sekrit-token");
        assert!(!format!("{config:?}").contains("sekrit"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_open_challenge_limit_is_read_and_checked() {
        let config = Config::parse("[limits]\nopen_challenges_per_player = 5\n", Path::new("c.toml")).expect("parses");
        assert_eq!(config.limits.open_challenges_per_player, 5);
        assert_eq!(Config::default().limits.open_challenges_per_player, 20);
        let zero = Config::parse("[limits]\nopen_challenges_per_player = 0\n", Path::new("c.toml")).expect("parses");
        let err = zero.check().expect_err("zero forbids every challenge");
        assert!(err.to_string().starts_with("limits.open_challenges_per_player:"), "{err}");
    }

    #[test]
    fn unknown_keys_and_bad_values_are_named() {
        let err = Config::parse("[storage]\ndatabse = \"x\"\n", Path::new("c.toml")).expect_err("typo");
        assert!(err.to_string().contains("databse"), "{err}");
        let err = Config::parse("[chat]\nplatform = \"irc\"\n", Path::new("c.toml")).expect_err("no irc");
        assert!(err.to_string().contains("irc"), "{err}");
        let err = Config::load(Some(Path::new("/nonexistent/boardbot.toml")), no_env).expect_err("missing");
        assert!(err.to_string().starts_with("cannot read /nonexistent/boardbot.toml"));
    }

    #[test]
    fn the_computer_section_is_checked() {
        let c = Config::parse("[computer]\nworkers = 3\nmax_games_per_player = 4\n", Path::new("c")).expect("parses");
        assert!(c.check().is_ok());
        assert_eq!((c.computer.workers(), c.computer.max_games_per_player), (3, 4));
        assert!(Computer::default().workers() >= 1, "one per core by default");
        for (text, key) in [
            ("workers = 0", "computer.workers"),
            ("workers = 100000", "computer.workers"),
            ("max_games_per_player = 0", "computer.max_games_per_player"),
        ] {
            let c = Config::parse(&format!("[computer]\n{text}\n"), Path::new("c")).expect("parses");
            match c.check() {
                Err(ConfigError::Invalid { key: k, .. }) => assert_eq!(k, key, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(Config::parse("[computer]\nworkers = -1\n", Path::new("c")).is_err());
        assert!(Config::parse("[computer]\nthreads = 2\n", Path::new("c")).is_err());
    }

    #[test]
    fn the_pool_size_is_read_and_checked() {
        assert_eq!(Config::default().storage.pool_size, crate::store::PostgresOptions::default().pool_size);
        let config = Config::parse("[storage]\npool_size = 3\n", Path::new("c")).expect("parses");
        assert_eq!(config.storage.pool_size, 3);
        config.check().expect("3 connections");
        for bad in [0, MAX_POOL_SIZE + 1] {
            let config = Config::parse(&format!("[storage]\npool_size = {bad}\n"), Path::new("c")).expect("parses");
            let err = config.check().expect_err("out of range");
            assert!(err.to_string().contains("storage.pool_size"), "{err}");
        }
    }

    #[test]
    fn a_database_url_comes_from_the_file_or_the_environment_and_never_shows() {
        let config = Config::load(None, no_env).expect("defaults");
        assert_eq!(config.storage.location(), "boardbot.sqlite");
        let text = "[storage]\nurl = \"postgres://bob:pw-in-file@db/boardbot\"\n";
        let config = Config::parse(text, Path::new("c")).expect("parses");
        assert_eq!(config.storage.location(), "postgres://bob:pw-in-file@db/boardbot");
        assert!(!format!("{config:?}").contains("pw-in-file"));
        let env = |k: &str| (k == DATABASE_URL_ENV).then(|| "postgres://eve:pw-in-env@other/x".to_string());
        let mut storage = config.storage.clone();
        storage.apply_env(env);
        assert_eq!(storage.location(), "postgres://eve:pw-in-env@other/x");
        assert!(!format!("{storage:?}").contains("pw-in-env"));
    }

    #[test]
    fn matrix_needs_its_three_keys() {
        let c =
            Config::parse("[chat]\nplatform = \"matrix\"\n[matrix]\nhomeserver = \"https://m.org\"\n", Path::new("c"))
                .expect("parses");
        assert!(matches!(c.check(), Err(ConfigError::Missing { missing: "matrix.user", .. })));
    }
}
