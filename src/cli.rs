//! The engine's command line (`docs/notation.md`, last section): the rules cores without
//! any chat platform.

use std::io::Write;

use clap::{Parser, Subcommand};
use serde_json::{json, Map, Value};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::ai::review::{review, Label, ReviewBudget};
use crate::ai::{
    game_history, AiError, ArenaGame, ArenaReport, ArenaRequest, Level, MctsConfig, MoveRequest, Opening, Player,
};
use crate::games::{excerpt, BoardView, GameKind, Position, ReplayError, Seat, SetupError};
use crate::lang::Lang;
use crate::present::view::{diagram_text, worded};
use crate::render::replay::{replay_within, ReplayOptions, Speed};
use crate::render::{render, RenderError, RenderOptions};

/// Why a command failed; each message is what the user reads on standard error.
#[derive(Debug, thiserror::Error)]
enum CliError {
    /// The game's options or position code were refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move was refused.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The computer player could not choose.
    #[error(transparent)]
    Ai(#[from] AiError),
    /// The picture could not be drawn.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Options that cannot go together.
    #[error("{0}")]
    Usage(String),
    /// Writing the result failed.
    #[error("cannot write {what}: {source}")]
    Write {
        /// Standard output or a file.
        what: String,
        /// What the system said.
        source: std::io::Error,
    },
}

impl clap::ValueEnum for Speed {
    fn value_variants<'a>() -> &'a [Self] {
        &Speed::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

impl clap::ValueEnum for GameKind {
    fn value_variants<'a>() -> &'a [Self] {
        GameKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// boardbot: Kuba, Kewbz, Cabale and Nuba for chat rooms.
#[derive(Debug, Parser)]
#[command(name = "boardbot", version, about)]
pub struct Cli {
    /// Where the data is: `--db` and `--config`, accepted before or after the
    /// subcommand.
    #[command(flatten)]
    pub data: crate::admin::DataArgs,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play moves from a position and print the resulting position.
    ///
    /// Prints the position code on the first line, then a diagram; with --json one
    /// JSON object. A bad move or code exits with status 1 and the reason on stderr.
    Game(GameArgs),
    /// Draw the position after the moves as a PNG picture, the last move highlighted.
    Render(RenderArgs),
    /// Draw the game as an animated GIF: the start, then one frame per move, each
    /// with its move highlighted; the final frame is held longer.
    Replay(ReplayArgs),
    /// Ask a computer player for a move and print it in canonical notation.
    ///
    /// With --json, one object: the move, its label, the playouts and milliseconds
    /// spent, and the top candidates with visits and value. A finished position, an
    /// unknown level or a zero or negative budget exits with status 1.
    Ai(AiArgs),
    /// Review a game as the bot's `analysis` command does: per move, the mover's
    /// winning chances before (with the best move) and after it, what it lost, its
    /// label and the move the computer preferred; per seat, the accuracy.
    ///
    /// Chances are in percent and losses in percentage points; a move is labelled an
    /// inaccuracy (?!) from 5 points, a mistake (?) from 10, a blunder (??) from 15,
    /// and only when the search looked at it enough (`sure`). With --json one object.
    Analyse(AnalyseArgs),
    /// Play a match between two players and print the score of side A.
    ///
    /// Side A takes seat 1 in game 1, seat 2 in game 2 and so on; every other seat
    /// is side B's. Prints wins, draws and losses, the score rate and the Elo
    /// difference with its 95 % interval. Progress goes to standard error.
    Arena(ArenaArgs),
    /// Check, back up, export or copy the database (`--db PATH|URL`, `--config PATH`).
    Db(crate::admin::DbArgs),
    /// Chat with the bot in this terminal: no token, no server, data in a local file.
    ///
    /// Act as users with `/as alice`, go to channels with `/in #general`, then use
    /// the bot's commands (`/kuba challenge @bob`). Reads standard input, so whole
    /// sessions can be scripted; exits 0 at the end of input.
    Local(LocalArgs),
    /// Start the bot on the platform the configuration names (the terminal by default).
    Run(LocalArgs),
    /// Run the Discord bot: over the gateway, or as an HTTP interactions endpoint
    /// with --http; `register` registers the slash commands.
    Discord(DiscordArgs),
    /// Run the Matrix bot: logs in to `[matrix] homeserver`, joins the rooms it is
    /// invited to and answers `!kuba …` commands there.
    Matrix(MatrixArgs),
    /// Serve the games' web pages, read-only, from the database (`--db PATH|URL`):
    /// each game's page by its unguessable link, and the communities' pages turned
    /// on with `/boardbot web on`. Several may serve one PostgreSQL database.
    Web(WebArgs),
}

/// Arguments of `boardbot web`.
#[derive(Debug, Default, clap::Args)]
pub struct WebArgs {
    /// Serve the pages on this address (e.g. 127.0.0.1:8090); default `[web] listen`.
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<std::net::SocketAddr>,
}

/// Arguments of `boardbot matrix`.
#[derive(Debug, Default, clap::Args)]
pub struct MatrixArgs {
    /// Serve /healthz and /metrics (Prometheus) on this address (e.g. 127.0.0.1:9100).
    #[arg(long, value_name = "ADDR")]
    pub metrics: Option<std::net::SocketAddr>,
}

/// A range of gateway shards, `0-1` (both ends included) or one shard, `3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardSpan {
    /// The first shard served.
    pub first: u32,
    /// The last shard served.
    pub last: u32,
}

impl std::str::FromStr for ShardSpan {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let number =
            |t: &str| t.trim().parse::<u32>().map_err(|_| format!("\"{text}\" is not a shard range such as 0-1 or 3"));
        let (first, last) = match text.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(text)?, number(text)?),
        };
        if first > last {
            return Err(format!("the shard range {text} ends before it begins"));
        }
        Ok(ShardSpan { first, last })
    }
}

impl ShardSpan {
    /// Checks the span against the total number of shards.
    pub fn within(self, total: u32) -> Result<ShardSpan, String> {
        if total == 0 || self.last >= total {
            return Err(format!(
                "shards {}-{} do not fit in --shard-total {total} (shards are numbered 0 to {})",
                self.first,
                self.last,
                total.saturating_sub(1)
            ));
        }
        Ok(self)
    }
}

/// Arguments of `boardbot discord`.
#[derive(Debug, clap::Args)]
pub struct DiscordArgs {
    /// Serve Discord's interaction webhooks on this address (e.g. 127.0.0.1:8080)
    /// instead of connecting to the gateway.
    /// `/healthz` and `/metrics` are served there too.
    #[arg(long, value_name = "ADDR")]
    pub http: Option<std::net::SocketAddr>,
    /// Over the gateway: serve only these shards (`0-1`, both included), so several
    /// processes share the bot's servers. Needs --shard-total.
    #[arg(long, value_name = "FIRST-LAST", requires = "shard_total", conflicts_with = "http")]
    pub shards: Option<ShardSpan>,
    /// Over the gateway: how many shards the bot has in all processes together.
    #[arg(long, value_name = "N", requires = "shards", conflicts_with = "http")]
    pub shard_total: Option<u32>,
    /// Over the gateway: serve /healthz and /metrics (Prometheus) on this address (the
    /// HTTP mode serves them beside the interactions).
    #[arg(long, value_name = "ADDR", conflicts_with = "http")]
    pub metrics: Option<std::net::SocketAddr>,
    /// What else to do.
    #[command(subcommand)]
    pub action: Option<DiscordAction>,
}

/// `boardbot discord register`.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum DiscordAction {
    /// Register the slash commands: in `dev_guild` when set (at once), else globally.
    Register,
}

/// Arguments of `boardbot local` and `boardbot run`.
#[derive(Debug, clap::Args)]
pub struct LocalArgs {
    /// The folder board pictures are written to (default: `boards/` beside the database).
    #[arg(long, value_name = "DIR")]
    pub boards: Option<std::path::PathBuf>,
    /// The terminal's language (en, fr, es, nl, de): its community's, and so every
    /// player's in it who has not chosen one; kept in the database.
    #[arg(long, value_name = "LANG")]
    pub language: Option<crate::lang::Lang>,
    /// Also serve the games' web pages on this address (e.g. 127.0.0.1:8090) while
    /// the session lasts.
    #[arg(long, value_name = "ADDR")]
    pub web: Option<std::net::SocketAddr>,
}

/// The game and the position a command starts from, shared by every subcommand.
#[derive(Debug, clap::Args)]
pub struct GameSelect {
    /// The game.
    #[arg(value_enum, ignore_case = true)]
    pub game: GameKind,
    /// Start from this position code instead of the start position.
    #[arg(long, value_name = "CODE")]
    pub from: Option<String>,
    /// The game's rule options as JSON, e.g. '{"size":10}' for Kewbz.
    #[arg(long, value_name = "JSON")]
    pub settings: Option<String>,
    /// Number of players, for games that have 2 to 4 (Cabale).
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
}

impl GameSelect {
    /// The settings JSON from `--settings` and `--players`; a `--players` that
    /// `--settings` contradicts is refused.
    fn settings_json(&self) -> Result<Option<String>, CliError> {
        let Some(players) = self.players else {
            return Ok(self.settings.clone());
        };
        let mut settings: Map<String, Value> = match &self.settings {
            Some(text) => match serde_json::from_str(text) {
                Ok(Value::Object(map)) => map,
                // Refused with the game's own message.
                _ => return Ok(Some(text.clone())),
            },
            None => Map::new(),
        };
        if let Some(given) = settings.get("players") {
            if given != &json!(players) {
                return Err(CliError::Usage(format!(
                    "--players {players} and --settings players {} disagree: give one",
                    excerpt(&given.to_string())
                )));
            }
        }
        settings.insert("players".to_string(), json!(players));
        Ok(Some(Value::Object(settings).to_string()))
    }

    /// The position the command starts from, before its moves.
    fn position(&self) -> Result<Position, CliError> {
        let settings = self.settings_json()?;
        Ok(Position::setup(self.game, self.from.as_deref(), settings.as_deref())?)
    }

    /// The position after `moves`, with what the last one did.
    fn replay(&self, moves: &[String]) -> Result<(Position, Option<crate::games::Played>), CliError> {
        let mut position = self.position()?;
        let last = position.play_all(moves)?;
        Ok((position, last))
    }
}

/// Arguments of `boardbot ai`.
#[derive(Debug, clap::Args)]
pub struct AiArgs {
    /// The game and the position it starts from.
    #[command(flatten)]
    pub select: GameSelect,
    /// Moves to play first, in the game's notation (options may follow them); they
    /// are the game's history, which the computer avoids going back to.
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
    /// The level: random, greedy, easy, medium or hard (or playouts:N, ms:T,
    /// alphabeta:D). Default: medium.
    #[arg(long, value_name = "L", conflicts_with_all = ["playouts", "ms"])]
    pub level: Option<String>,
    /// Search with at most this many playouts.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub playouts: Option<String>,
    /// Search for at most this many milliseconds.
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub ms: Option<String>,
    /// Seed of every random choice.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `boardbot analyse`.
#[derive(Debug, clap::Args)]
pub struct AnalyseArgs {
    /// The game and the position it starts from.
    #[command(flatten)]
    pub select: GameSelect,
    /// The game's moves, in the game's notation (options may follow them).
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
    /// Playouts of the search in each position.
    #[arg(long, value_name = "N", default_value_t = crate::ai::review::DEFAULT_PLAYOUTS)]
    pub playouts: u64,
    /// Seed of the searches: the same game, playouts and seed give the same review.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `boardbot arena`.
#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// The game and the position it starts from.
    #[command(flatten)]
    pub select: GameSelect,
    /// Side A: a level (random, greedy, easy, medium, hard) or playouts:N, ms:T,
    /// alphabeta:D.
    #[arg(long, value_name = "PLAYER")]
    pub a: String,
    /// Side B, as for --a.
    #[arg(long, value_name = "PLAYER")]
    pub b: String,
    /// Number of games (default: 10, or one per opening with --openings).
    #[arg(long, value_name = "N")]
    pub games: Option<u32>,
    /// A file of positions to start the games from, one a line: the letter of
    /// the seat side A takes, then the position code; `#` starts a comment.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<std::path::PathBuf>,
    /// Seed of the whole match.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Games played at once, one thread each.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Moves after which a game is stopped and scored a draw.
    #[arg(long, value_name = "N", default_value_t = crate::ai::DEFAULT_PLY_CAP)]
    pub ply_cap: u32,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `boardbot game`.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// The game and the position it starts from.
    #[command(flatten)]
    pub select: GameSelect,
    /// Print one JSON object instead of the code and diagram.
    #[arg(long)]
    pub json: bool,
    /// Moves to play in order, in the game's notation.
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// Arguments of `boardbot render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The game and the position it starts from.
    #[command(flatten)]
    pub select: GameSelect,
    /// Draw the board from the other player's side.
    #[arg(long)]
    pub flip: bool,
    /// Picture width in pixels.
    #[arg(long, value_name = "PX", default_value_t = 768)]
    pub size: u32,
    /// Players' names in seat order, comma-separated.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub names: Vec<String>,
    /// Where to write the PNG.
    #[arg(short, long, value_name = "FILE")]
    pub output: std::path::PathBuf,
    /// Moves to play in order; the last one is highlighted.
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// Arguments of `boardbot replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The game and the position it starts from.
    #[command(flatten)]
    pub select: GameSelect,
    /// Draw the board from the other player's side.
    #[arg(long)]
    pub flip: bool,
    /// Picture width in pixels.
    #[arg(long, value_name = "PX", default_value_t = 512)]
    pub size: u32,
    /// How fast the moves follow each other.
    #[arg(long, value_enum, ignore_case = true, default_value_t = Speed::Normal)]
    pub speed: Speed,
    /// Players' names in seat order, comma-separated.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub names: Vec<String>,
    /// Fit the GIF in this many bytes: drawn smaller, then with fewer frames
    /// (what was done is printed).
    #[arg(long, value_name = "BYTES")]
    pub max_bytes: Option<usize>,
    /// Where to write the GIF.
    #[arg(short, long, value_name = "FILE", default_value = "replay.gif")]
    pub output: std::path::PathBuf,
    /// Moves to play in order, one frame each.
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// Runs a parsed command line, writing to `out` and `err`. Returns the exit status
/// on failure.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let data = &cli.data;
    let result = match cli.command {
        Command::Game(args) => game(&args, out),
        Command::Render(args) => render_command(&args),
        Command::Replay(args) => replay_command(&args, out),
        Command::Ai(args) => ai(&args, out),
        Command::Analyse(args) => analyse(&args, out),
        Command::Arena(args) => arena(&args, out, err),
        Command::Db(args) => return crate::admin::run(data, &args, out, err),
        Command::Local(args) => return chat(data, &args, false, out, err),
        Command::Run(args) => return chat(data, &args, true, out, err),
        Command::Discord(args) => return discord_command(data, &args, out, err),
        Command::Matrix(args) => return matrix_command(data, &args, err),
        Command::Web(args) => return web_command(data, &args, err),
    };
    result.map_err(|e| {
        // A closed stderr leaves nothing better to do than to exit with the status.
        let _ = writeln!(err, "{e}");
        1
    })
}

/// What every chat platform starts from: the configuration (logging set up), the
/// database, and a service on it reading `clock`.
fn start_service(
    data: &crate::admin::DataArgs,
    clock: std::sync::Arc<dyn crate::service::Clock>,
    web: Option<std::net::SocketAddr>,
) -> Result<(crate::config::Config, crate::store::Database, crate::service::Service), String> {
    let (config, database, store) = open_store(data)?;
    let clocks = crate::service::ClockOptions {
        reminders: config.clocks.reminder_ms().map_err(|e| e.to_string())?,
        challenge_expiry: config.clocks.challenge_expiry_ms().map_err(|e| e.to_string())?,
        vacation_days_per_year: config.clocks.vacation_days_per_year,
    };
    let computer = crate::service::ComputerOptions::from_config(&config.computer);
    let leases = crate::service::LeaseOptions {
        ttl: std::time::Duration::from_secs(u64::from(config.storage.lease_seconds.max(1))),
        ..crate::service::LeaseOptions::default()
    };
    let options = crate::service::ServiceOptions {
        clocks,
        computer,
        language: config.chat.language,
        open_challenges_per_player: config.limits.open_challenges_per_player,
        leases,
        web_url: web_url(&config.web, web),
        web_public: config.web.public_url.as_deref().is_some_and(|u| !u.trim().is_empty()),
        analysis: crate::service::AnalysisOptions::from_config(&config.analysis),
        ..crate::service::ServiceOptions::default()
    };
    let service = crate::service::Service::start(store, clock, options).map_err(|e| e.to_string())?;
    Ok((config, database, service))
}

/// The address of the web pages for links: `[web] public_url`, else `http://ADDR` of
/// the address this process serves them on; `None` when neither.
fn web_url(web: &crate::config::WebConfig, serving: Option<std::net::SocketAddr>) -> Option<String> {
    match (web.public_url.as_deref().map(str::trim).filter(|u| !u.is_empty()), serving) {
        (Some(url), _) => Some(url.trim_end_matches('/').to_string()),
        (None, Some(addr)) => Some(web.base_url(addr)),
        (None, None) => None,
    }
}

/// What every command on the database starts from: the configuration (logging set
/// up), and the database opened.
fn open_store(
    data: &crate::admin::DataArgs,
) -> Result<(crate::config::Config, crate::store::Database, crate::store::Store), String> {
    let config =
        crate::config::Config::load(data.config.as_deref(), |k| std::env::var(k).ok()).map_err(|e| e.to_string())?;
    // RUST_LOG, when set, wins over `[log] level`, as in every tracing program.
    let level = std::env::var("RUST_LOG").ok().filter(|l| !l.trim().is_empty()).unwrap_or(config.log.level.clone());
    // matrix-sdk reports answers it expects (a 404 for account data not set yet) as
    // errors and warns about key backups on every sync: unless the filter names it,
    // those two are left out, so an error line stays worth a look.
    let quieted = match level.contains("matrix_sdk") {
        true => level.clone(),
        false => format!("{level},matrix_sdk::http_client=off,matrix_sdk_crypto::backups=error"),
    };
    // The added directives parse: a refusal is about the filter as given.
    let filter = tracing_subscriber::EnvFilter::try_new(&quieted)
        .map_err(|e| format!("log level \"{level}\" is not a tracing filter: {e}"))?;
    // A second initialisation (tests calling `run` twice) keeps the first.
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
    let database = data.database_in(&config);
    // Shown without a password; worth a line at start where several workers share it.
    match &database {
        crate::store::Database::Postgres(url) => tracing::info!("database: PostgreSQL at {url}"),
        crate::store::Database::Sqlite(path) => tracing::debug!("database: SQLite file {}", path.display()),
    }
    let postgres = crate::store::PostgresOptions { pool_size: config.storage.pool_size };
    let store = crate::store::Store::open_database_with(&database, &postgres)
        .map_err(|e| e.to_string())?
        .with_rating_config(config.ratings.rating_config());
    Ok((config, database, store))
}

/// `boardbot local` (`configured`: false) and `boardbot run` (true: the configured
/// platform).
fn chat(
    data: &crate::admin::DataArgs,
    args: &LocalArgs,
    configured: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), u8> {
    if configured {
        let config = match crate::config::Config::load(data.config.as_deref(), |k| std::env::var(k).ok()) {
            Ok(c) => c,
            Err(e) => return fail(err, &e.to_string()),
        };
        match config.chat.platform {
            crate::config::Platform::Terminal => {}
            crate::config::Platform::Discord => {
                let discord = DiscordArgs { http: None, shards: None, shard_total: None, metrics: None, action: None };
                return discord_command(data, &discord, out, err);
            }
            crate::config::Platform::Matrix => {
                return matrix_command(data, &MatrixArgs::default(), err);
            }
        }
    }
    // The terminal's clock is the system's, moved forward by `/wait`.
    let clock = std::sync::Arc::new(crate::service::OffsetClock::default());
    let (config, database, service) = match start_service(data, clock.clone(), args.web) {
        Ok(started) => started,
        Err(e) => return fail(err, &e),
    };
    // The web pages are served from a runtime of their own while the session lasts.
    let _web = match args.web {
        Some(addr) => {
            let runtime = match web_runtime() {
                Ok(runtime) => runtime,
                Err(e) => return fail(err, &e),
            };
            if let Err(e) = start_web(&runtime, addr, service.pages(), &config.web) {
                return fail(err, &e);
            }
            Some(runtime)
        }
        None => None,
    };
    if let Some(lang) = args.language {
        let community = crate::chat::terminal::COMMUNITY;
        if let Err(e) = service.set_community_language(crate::config::Platform::Terminal, community, Some(lang)) {
            return fail(err, &format!("cannot set the language: {e}"));
        }
    }
    let boards = args.boards.clone().unwrap_or_else(|| {
        database
            .sqlite_path()
            .and_then(|path| path.parent())
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| "boards".into(), |p| p.join("boards"))
    });
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let prompt = stdin.is_terminal();
    if prompt {
        let place = crate::service::Place {
            community: Some(crate::chat::terminal::COMMUNITY.to_string()),
            ..crate::service::Place::default()
        };
        let lang = service.language_at(crate::config::Platform::Terminal, &place);
        let welcome = crate::present::catalog::words(lang, "terminal-welcome", &[("database", database.to_string())]);
        let _ = writeln!(out, "{welcome}");
    }
    let mut input = stdin.lock();
    let mut terminal = crate::chat::terminal::Terminal::new(service, Box::new(out), boards).with_clock(clock);
    match terminal.run(&mut input, prompt) {
        Ok(()) => Ok(()),
        Err(e) => fail(err, &format!("terminal: {e}")),
    }
}

/// What Discord and Matrix start from: the service on the system's clock and, when
/// `[web] listen` is set, the web pages served there on `runtime`.
#[cfg(any(feature = "discord", feature = "matrix"))]
fn start_chat_service(
    data: &crate::admin::DataArgs,
    runtime: &tokio::runtime::Runtime,
    discord: bool,
) -> Result<(crate::config::Config, crate::store::Database, crate::service::Service), String> {
    // `[web] listen` before the service starts: the links it gives name that address.
    let listen =
        crate::config::Config::load(data.config.as_deref(), |k| std::env::var(k).ok()).ok().and_then(|c| c.web.listen);
    let (config, database, service) = start_service(data, std::sync::Arc::new(crate::service::SystemClock), listen)?;
    if let Some(addr) = config.web.listen {
        let activity = if discord { activity(&config)? } else { None };
        start_web_with(runtime, addr, service.pages(), &config.web, activity)?;
    }
    Ok((config, database, service))
}

/// Discord's Activity, when `[discord] activity` asks for it (the Discord build only).
#[cfg(any(feature = "discord", feature = "matrix"))]
fn activity(config: &crate::config::Config) -> Result<Option<crate::web::activity::ActivityOptions>, String> {
    if !config.discord.activity {
        return Ok(None);
    }
    #[cfg(feature = "discord")]
    {
        crate::chat::discord::activity::options(&config.discord).map(Some).map_err(|e| e.to_string())
    }
    #[cfg(not(feature = "discord"))]
    {
        Err("[discord] activity needs a build with Discord (--features discord)".to_string())
    }
}

/// A small runtime for the web pages of a process that has none (the terminal,
/// `boardbot web`).
fn web_runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("web")
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the web pages' runtime: {e}"))
}

/// Binds `addr` on `runtime` and serves the web pages of `pages` there, in the
/// background: an address that cannot be bound fails the command at once.
fn start_web(
    runtime: &tokio::runtime::Runtime,
    addr: std::net::SocketAddr,
    pages: crate::service::pages::Pages,
    config: &crate::config::WebConfig,
) -> Result<(), String> {
    start_web_with(runtime, addr, pages, config, None)
}

/// [`start_web`], with Discord's Activity when given.
fn start_web_with(
    runtime: &tokio::runtime::Runtime,
    addr: std::net::SocketAddr,
    pages: crate::service::pages::Pages,
    config: &crate::config::WebConfig,
    activity: Option<crate::web::activity::ActivityOptions>,
) -> Result<(), String> {
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(addr))
        .map_err(|e| format!("cannot serve the web pages on {addr}: {e}"))?;
    let mut options = crate::web::WebOptions::from_config(config, addr);
    options.activity = activity;
    let router = crate::web::router(pages, &options);
    runtime.spawn(async move {
        if let Err(e) = crate::web::serve(listener, router).await {
            tracing::error!("the web pages stopped: {e}");
        }
    });
    Ok(())
}

/// `boardbot web`: the web pages alone, read-only, on the database.
fn web_command(data: &crate::admin::DataArgs, args: &WebArgs, err: &mut dyn Write) -> Result<(), u8> {
    let (config, _, store) = match open_store(data) {
        Ok(opened) => opened,
        Err(e) => return fail(err, &e),
    };
    let Some(addr) = args.listen.or(config.web.listen) else {
        return fail(err, "no address to serve the web pages on: give --listen ADDR or set [web] listen");
    };
    let runtime = match web_runtime() {
        Ok(runtime) => runtime,
        Err(e) => return fail(err, &e),
    };
    let pages = crate::service::pages::Pages::open(store, std::sync::Arc::new(crate::service::SystemClock));
    if let Err(e) = start_web(&runtime, addr, pages, &config.web) {
        return fail(err, &e);
    }
    runtime.block_on(async {
        let ctrl_c = tokio::signal::ctrl_c();
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            match signal(SignalKind::terminate()) {
                Ok(mut term) => {
                    tokio::select! {
                        _ = ctrl_c => {}
                        _ = term.recv() => {}
                    }
                }
                Err(_) => {
                    let _ = ctrl_c.await;
                }
            }
        }
        #[cfg(not(unix))]
        {
            let _ = ctrl_c.await;
        }
    });
    tracing::info!("the web pages stop");
    Ok(())
}

/// Writes `message` to `err` and gives the failure status.
fn fail(err: &mut dyn Write, message: &str) -> Result<(), u8> {
    // A closed stderr leaves nothing better to do than to exit with the status.
    let _ = writeln!(err, "{message}");
    Err(1)
}

/// The tokio runtime the chat adapters run on.
#[cfg(any(feature = "discord", feature = "matrix"))]
fn async_runtime(err: &mut dyn Write) -> Result<tokio::runtime::Runtime, u8> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| {
        let _ = writeln!(err, "cannot start the async runtime: {e}");
        1
    })
}

/// `boardbot discord`, `boardbot discord --http ADDR`, `boardbot discord register`.
#[cfg(feature = "discord")]
fn discord_command(
    data: &crate::admin::DataArgs,
    args: &DiscordArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), u8> {
    let runtime = async_runtime(err)?;
    if let Some(DiscordAction::Register) = args.action {
        let config = match crate::config::Config::load(data.config.as_deref(), |k| std::env::var(k).ok()) {
            Ok(c) => c,
            Err(e) => return fail(err, &e.to_string()),
        };
        return match runtime.block_on(crate::chat::discord::register(&config.discord)) {
            Ok(said) => {
                let _ = writeln!(out, "{said}");
                Ok(())
            }
            Err(e) => fail(err, &e.to_string()),
        };
    }
    let shards = match (args.shards, args.shard_total) {
        (Some(span), Some(total)) => match span.within(total) {
            Ok(span) => Some((span.first, span.last, total)),
            Err(e) => return fail(err, &e),
        },
        _ => None,
    };
    let (config, _, service) = match start_chat_service(data, &runtime, true) {
        Ok(started) => started,
        Err(e) => return fail(err, &e),
    };
    let stopper = service.clone();
    let result = match args.http {
        Some(addr) => runtime.block_on(crate::chat::discord::run_http(&config.discord, service, addr)),
        None => runtime.block_on(crate::chat::discord::run_gateway(&config.discord, service, shards, args.metrics)),
    };
    // Another worker takes the clocks and the computer at once.
    stopper.stop();
    result.or_else(|e| fail(err, &e.to_string()))
}

/// `boardbot discord` in a build without the Discord client.
#[cfg(not(feature = "discord"))]
fn discord_command(
    _: &crate::admin::DataArgs,
    _: &DiscordArgs,
    _: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), u8> {
    fail(err, "this boardbot was built without Discord: build it with `--features discord`")
}

/// `boardbot matrix`.
#[cfg(feature = "matrix")]
fn matrix_command(data: &crate::admin::DataArgs, args: &MatrixArgs, err: &mut dyn Write) -> Result<(), u8> {
    let runtime = async_runtime(err)?;
    let (config, database, service) = match start_chat_service(data, &runtime, false) {
        Ok(started) => started,
        Err(e) => return fail(err, &e),
    };
    // The Matrix client's own store goes beside an SQLite file; with PostgreSQL, in
    // `boardbot.matrix/` here unless `[matrix] store` says where.
    let path = database.sqlite_path().map_or_else(|| std::path::PathBuf::from("boardbot"), |p| p.to_path_buf());
    let observed = service.clone();
    let result = runtime.block_on(async move {
        if let Some(addr) = args.metrics {
            let listener = crate::chat::observe::bind(addr)
                .await
                .map_err(|e| crate::chat::matrix::MatrixError::Listen(format!("{addr}: {e}")))?;
            tokio::spawn(async move {
                if let Err(e) = crate::chat::observe::serve(listener, observed).await {
                    tracing::error!("/healthz and /metrics stopped: {e}");
                }
            });
        }
        let stopper = service.clone();
        let ran = crate::chat::matrix::run(&config.matrix, &path, service).await;
        // Another worker takes the clocks and the computer at once.
        let _ = tokio::task::spawn_blocking(move || stopper.stop()).await;
        ran
    });
    result.or_else(|e| fail(err, &e.to_string()))
}

/// `boardbot matrix` in a build without the Matrix client.
#[cfg(not(feature = "matrix"))]
fn matrix_command(_: &crate::admin::DataArgs, _: &MatrixArgs, err: &mut dyn Write) -> Result<(), u8> {
    fail(err, "this boardbot was built without Matrix: build it with `--features matrix`")
}

/// Writes `text` to standard output.
fn write_out(out: &mut dyn Write, text: &str) -> Result<(), CliError> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|source| CliError::Write { what: "the output".to_string(), source })
}

fn game(args: &GameArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (position, _) = args.select.replay(&args.moves)?;
    let text = if args.json {
        format!("{}\n", report(&position))
    } else {
        format!("{}\n{}", position.code(), diagram_text(&position.diagram(), Lang::En))
    };
    write_out(out, &text)
}

/// Refuses more names than the game has seats.
fn check_names(names: &[String], position: &Position) -> Result<(), CliError> {
    let seats = position.seats().len();
    if names.len() > seats {
        return Err(CliError::Usage(format!(
            "{} names for {} seats: give at most one name per seat",
            names.len(),
            seats
        )));
    }
    Ok(())
}

fn render_command(args: &RenderArgs) -> Result<(), CliError> {
    let (position, last) = args.select.replay(&args.moves)?;
    check_names(&args.names, &position)?;
    let options = RenderOptions { size_px: args.size, flip: args.flip, names: args.names.clone() };
    let png = render(&worded(position.view(last.map(|played| played.view)), Lang::En), &options)?;
    std::fs::write(&args.output, png)
        .map_err(|source| CliError::Write { what: args.output.display().to_string(), source })
}

/// The views of a replay: `position`, then the position after each of `moves`
/// with that move highlighted. A refused move is named as `play_all` names it.
pub(crate) fn replay_views<S: AsRef<str>>(mut position: Position, moves: &[S]) -> Result<Vec<BoardView>, ReplayError> {
    let mut views = Vec::with_capacity(moves.len() + 1);
    views.push(worded(position.view(None), Lang::En));
    for (i, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        let played =
            position.play_text(text).map_err(|reason| ReplayError::Move { ply: i + 1, text: excerpt(text), reason })?;
        views.push(worded(position.view(Some(played.view)), Lang::En));
    }
    Ok(views)
}

/// What a replay fitted to `limit` bytes gave up, in words, or `None` when nothing.
pub(crate) fn fitted_note(fitted: &crate::render::replay::Fitted, options: &ReplayOptions) -> Option<String> {
    if fitted.is_whole(options) {
        return None;
    }
    let mut parts = Vec::new();
    if fitted.size_px != options.size_px {
        parts.push("drawn smaller".to_string());
    }
    match (fitted.frames, fitted.every_nth) {
        (1, _) => parts.push("only the final position".to_string()),
        (_, 1) => {}
        (_, n) => parts.push(format!("one position in {n}")),
    }
    if !fitted.within_limit {
        parts.push("still over the limit".to_string());
    }
    Some(parts.join(", "))
}

fn replay_command(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start = args.select.position()?;
    check_names(&args.names, &start)?;
    let views = replay_views(start, &args.moves)?;
    let options = ReplayOptions {
        size_px: args.size,
        flip: args.flip,
        speed: args.speed,
        names: args.names.clone(),
        result: None,
    };
    let fitted = replay_within(&views, &options, args.max_bytes.unwrap_or(usize::MAX))?;
    std::fs::write(&args.output, &fitted.gif)
        .map_err(|source| CliError::Write { what: args.output.display().to_string(), source })?;
    let frames = if fitted.frames == 1 { "1 frame".to_string() } else { format!("{} frames", fitted.frames) };
    let mut line = format!("{}: {frames}, {} px wide", args.output.display(), fitted.size_px);
    if let (Some(note), Some(limit)) = (fitted_note(&fitted, &options), args.max_bytes) {
        line.push_str(&format!("; to fit {limit} bytes: {note}"));
    }
    write_out(out, &format!("{line}\n"))
}

/// The JSON report of a position, as the notation specifies it.
pub fn report(position: &Position) -> Value {
    let seats = position.seats();
    let letter = |i: usize| seats.get(i).map_or("?", |s| s.letter).to_string();
    let outcome = position.outcome();
    let result = outcome.as_ref().map(|o| {
        let winners: Vec<String> = o.winners().iter().map(|s| letter(s.index())).collect();
        let scores: Map<String, Value> =
            o.scores.iter().flatten().enumerate().map(|(i, score)| (letter(i), json!(score))).collect();
        json!({ "winners": winners, "scores": scores })
    });
    let legal: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    json!({
        "game": position.kind().name(),
        "position": position.code(),
        "to_move": letter(position.to_move().index()),
        "status": if outcome.is_some() { "finished" } else { "ongoing" },
        "result": result,
        "legal": legal,
    })
}

/// The player of `boardbot ai`: a level, a playout budget, a time budget or both
/// budgets together.
fn ai_player(args: &AiArgs) -> Result<Player, AiError> {
    match (&args.level, &args.playouts, &args.ms) {
        (Some(level), _, _) => level.parse(),
        (None, None, None) => Ok(Level::Medium.player()),
        (None, playouts, ms) => {
            Ok(Player::Mcts(MctsConfig::with_budget(crate::ai::Budget::parse(playouts.as_deref(), ms.as_deref())?)))
        }
    }
}

fn ai(args: &AiArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let player = ai_player(args)?;
    let start = args.select.position()?;
    let (position, history) = game_history(&start, &args.moves).map_err(|e| match e {
        AiError::Replay(e) => CliError::Replay(e),
        other => CliError::Ai(other),
    })?;
    let report =
        MoveRequest { position: &position, player: &player, seed: args.seed, history: &history, scale: 1.0 }.run()?;
    let text = if args.json { format!("{}\n", json!(report)) } else { format!("{}\n", report.mv) };
    write_out(out, &text)
}

/// `boardbot analyse`: the review of the game, as a table or as JSON.
fn analyse(args: &AnalyseArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start = args.select.position()?;
    let budget = ReviewBudget { playouts: args.playouts, seed: args.seed };
    let done = review(&start.settings(), args.select.from.as_deref(), &args.moves, budget).map_err(|e| match e {
        AiError::Replay(e) => CliError::Replay(e),
        other => CliError::Ai(other),
    })?;
    let letter = |seat: u8| start.seats().get(usize::from(seat)).map_or("?", |s| s.letter);
    let text = if args.json {
        let plies: Vec<Value> = done
            .plies
            .iter()
            .map(|p| {
                json!({
                    "ply": p.ply,
                    "seat": letter(p.seat),
                    "move": p.mv,
                    "before": tenth(p.before),
                    "after": tenth(p.after),
                    "loss": tenth(p.loss),
                    "margin": tenth(p.margin),
                    "label": p.label.map(Label::name),
                    "best": p.best,
                    "sure": p.trusted && p.decided,
                    "line": p.line,
                    "best_line": p.best_line,
                })
            })
            .collect();
        let seats: Vec<Value> = done
            .seats
            .iter()
            .map(|s| {
                json!({
                    "seat": letter(s.seat),
                    "moves": s.moves,
                    "accuracy": s.accuracy.map(tenth),
                    "inaccuracies": s.inaccuracies,
                    "mistakes": s.mistakes,
                    "blunders": s.blunders,
                })
            })
            .collect();
        let report = json!({
            "game": start.kind().name(),
            "playouts": done.playouts,
            "spent": done.spent.iter().sum::<u64>(),
            "seed": done.seed,
            "plies": plies,
            "seats": seats,
        });
        format!("{report}\n")
    } else {
        let width = done.plies.iter().map(|p| p.mv.chars().count()).max().unwrap_or(4).max(4);
        let mut text = format!("ply seat {:width$}  before  after   loss    ±  label           sure  best\n", "move");
        for p in &done.plies {
            let label = p.label.map_or(String::new(), |l| format!("{} {}", l.name(), l.sign()));
            let sure = if p.trusted && p.decided { "yes" } else { "no" };
            let line = format!(
                "{:>3} {:<4} {:width$}  {:>6.1}  {:>5.1}  {:>5.1}  {:>4.1}  {label:<14}  {sure:<4}  {}",
                p.ply,
                letter(p.seat),
                p.mv,
                p.before,
                p.after,
                p.loss,
                p.margin,
                p.best.as_deref().unwrap_or("")
            );
            text.push_str(line.trim_end());
            text.push('\n');
        }
        for s in &done.seats {
            let accuracy = s.accuracy.map_or("-".to_string(), |a| format!("{a:.1}"));
            text.push_str(&format!(
                "{}: accuracy {accuracy}, {}, {}, {}\n",
                letter(s.seat),
                count(s.inaccuracies, "inaccuracy", "inaccuracies"),
                count(s.mistakes, "mistake", "mistakes"),
                count(s.blunders, "blunder", "blunders"),
            ));
        }
        text
    };
    write_out(out, &text)
}

/// A figure rounded to a tenth, for JSON.
fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `1 win`, `2 wins`.
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A whole number with its sign, `+0` rather than `-0` for what rounds to zero.
fn signed(x: f64) -> String {
    // Adding 0.0 turns a rounded -0.0 into 0.0.
    format!("{:+}", x.round() + 0.0)
}

/// The most games one arena run plays (each keeps a small record in memory).
const MAX_GAMES: u32 = 1_000_000;

/// The openings of an arena file: lines of a seat letter and a position code of
/// `start`'s game (with `start`'s options where the code is silent).
fn read_openings(path: &std::path::Path, start: &Position) -> Result<Vec<Opening>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Usage(format!("cannot read the openings {}: {e}", path.display())))?;
    let settings = start.settings();
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: String| CliError::Usage(format!("{} line {}: {why}", path.display(), n + 1));
        let (letter, code) =
            line.split_once(char::is_whitespace).ok_or_else(|| bad("a seat letter, then a position code".into()))?;
        let position = Position::from_code(code.trim(), &settings).map_err(|e| bad(e.to_string()))?;
        let seat = position
            .seats()
            .iter()
            .position(|s| s.letter.eq_ignore_ascii_case(letter))
            .ok_or_else(|| bad(format!("no seat \"{}\" in this game", excerpt(letter))))?;
        openings.push(Opening { position, seat: Seat(seat as u8) });
    }
    if openings.is_empty() {
        return Err(CliError::Usage(format!("{}: no opening in the file", path.display())));
    }
    Ok(openings)
}

fn arena(args: &ArenaArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let games = (|| -> Result<Vec<ArenaGame>, CliError> {
        let a: Player = args.a.parse()?;
        let b: Player = args.b.parse()?;
        let start = args.select.position()?;
        let openings = match &args.openings {
            Some(path) => read_openings(path, &start)?,
            None => Vec::new(),
        };
        let games = args.games.unwrap_or(if openings.is_empty() { 10 } else { openings.len() as u32 });
        if games == 0 || games > MAX_GAMES {
            return Err(AiError::Arena(format!("--games must be between 1 and {MAX_GAMES}")).into());
        }
        let bar = ProgressBar::with_draw_target(Some(u64::from(games)), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{bar:30} {msg}, {elapsed} (eta {eta})") {
            bar.set_style(style);
        }
        bar.set_message(format!("0/{games} games"));
        let tally = std::sync::Mutex::new((0u32, 0u32, 0u32));
        let on_game = |g: &ArenaGame| {
            // The count and the tally come from the same lock, so the line never
            // shows a game in one and not the other.
            if let Ok(mut t) = tally.lock() {
                match g.a_reward {
                    r if r >= 1.0 => t.0 += 1,
                    r if r <= 0.0 => t.2 += 1,
                    _ => t.1 += 1,
                }
                let done = t.0 + t.1 + t.2;
                bar.set_position(u64::from(done));
                bar.set_message(format!("{done}/{games} games, A +{} ={} -{}", t.0, t.1, t.2));
            }
        };
        let result = ArenaRequest {
            start: &start,
            a: &a,
            b: &b,
            games,
            seed: args.seed,
            ply_cap: args.ply_cap,
            openings: &openings,
            threads: args.threads,
            on_game: &on_game,
        }
        .run();
        bar.finish();
        if !bar.is_hidden() {
            // The bar leaves its line open; end it before anything else is printed.
            let _ = writeln!(err);
        }
        Ok(result?)
    })()?;
    let r = ArenaReport::from_games(&games);
    let text = if args.json {
        json!({
            "game": args.select.game.name(),
            "a": args.a,
            "b": args.b,
            "games": r.games,
            "a_wins": r.a_wins,
            "draws": r.draws,
            "a_losses": r.a_losses,
            "b_wins": r.a_losses,
            "b_losses": r.a_wins,
            "capped": r.capped,
            "score_rate": r.score_rate,
            "elo": r.elo,
            "elo_95": [r.elo_interval.0, r.elo_interval.1],
            "mean_plies": r.mean_plies,
        })
        .to_string()
            + "\n"
    } else {
        let side = |name: &str, wins: u32, draws: u32, losses: u32| {
            format!(
                "{name}: {}, {}, {}\n",
                count(wins, "win", "wins"),
                count(draws, "draw", "draws"),
                count(losses, "loss", "losses")
            )
        };
        format!(
            "{}{}score rate of A: {:.1} % over {} ({} stopped at the ply cap, {:.0} moves a game)\n\
             Elo difference A - B: {} (95 % interval {} .. {})\n",
            side(&format!("A {}", args.a), r.a_wins, r.draws, r.a_losses),
            side(&format!("B {}", args.b), r.a_losses, r.draws, r.a_wins),
            100.0 * r.score_rate,
            count(r.games, "game", "games"),
            r.capped,
            r.mean_plies,
            signed(r.elo),
            signed(r.elo_interval.0),
            signed(r.elo_interval.1),
        )
    };
    write_out(out, &text)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::{Cli, Command, ShardSpan};

    fn discord(args: &[&str]) -> Result<super::DiscordArgs, clap::Error> {
        let cli = Cli::try_parse_from(
            std::iter::once("boardbot").chain(std::iter::once("discord")).chain(args.iter().copied()),
        )?;
        match cli.command {
            Command::Discord(d) => Ok(d),
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn a_shard_range_is_a_span_or_one_shard_and_must_fit_the_total() {
        assert_eq!("0-1".parse::<ShardSpan>(), Ok(ShardSpan { first: 0, last: 1 }));
        assert_eq!(" 2 - 3 ".parse::<ShardSpan>(), Ok(ShardSpan { first: 2, last: 3 }));
        assert_eq!("3".parse::<ShardSpan>(), Ok(ShardSpan { first: 3, last: 3 }));
        for bad in ["", "a-b", "1-", "-1", "2-1", "0-1-2", "x"] {
            assert!(bad.parse::<ShardSpan>().is_err(), "{bad:?} parsed");
        }
        let span = ShardSpan { first: 2, last: 3 };
        assert_eq!(span.within(4), Ok(span));
        let err = span.within(3).expect_err("shard 3 of 3");
        assert!(err.contains("--shard-total 3") && err.contains("0 to 2"), "{err}");
        assert!(ShardSpan { first: 0, last: 0 }.within(0).is_err());
    }

    #[test]
    fn shards_come_with_their_total_and_never_with_the_http_mode() {
        let d = discord(&["--shards", "0-1", "--shard-total", "4"]).expect("parses");
        assert_eq!((d.shards, d.shard_total), (Some(ShardSpan { first: 0, last: 1 }), Some(4)));
        let d = discord(&["--shards", "2", "--shard-total", "4", "--metrics", "127.0.0.1:9100"]).expect("parses");
        assert_eq!(d.shards, Some(ShardSpan { first: 2, last: 2 }));
        assert_eq!(d.metrics, Some("127.0.0.1:9100".parse().expect("addr")));
        assert!(discord(&["--shards", "0-1"]).is_err(), "a range without its total");
        assert!(discord(&["--shard-total", "4"]).is_err(), "a total without a range");
        assert!(discord(&["--http", "127.0.0.1:8080", "--shards", "0-1", "--shard-total", "4"]).is_err());
        assert!(discord(&["--http", "127.0.0.1:8080", "--metrics", "127.0.0.1:9100"]).is_err());
        assert!(discord(&["--shards", "x-1", "--shard-total", "4"]).is_err());
    }
}
