//! The engine's command line (`notation.md`, last section): the rules cores without
//! any chat platform.

use std::io::Write;

use clap::{Parser, Subcommand};
use serde_json::{json, Map, Value};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::ai::{AiError, ArenaGame, ArenaReport, ArenaRequest, Budget, Level, MctsConfig, MoveRequest, Player};
use crate::games::{DynGame, GameError, GameKind};
use crate::render::{render_game, RenderGame, RenderOptions};

/// boardbot: Kuba, Kewbz, Cabale and Nuba for chat rooms.
#[derive(Debug, Parser)]
#[command(name = "boardbot", version, about)]
pub struct Cli {
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
    /// Ask a computer player for a move and print it in canonical notation.
    ///
    /// With --json, one object: the move, its label, the playouts and milliseconds
    /// spent, and the top candidates with visits and value. A finished position, an
    /// unknown level or a zero or negative budget exits with status 1.
    Ai(AiArgs),
    /// Play a match between two players and print the score of side A.
    ///
    /// Side A takes seat 1 in game 1, seat 2 in game 2 and so on; every other seat
    /// is side B's. Prints wins, draws and losses, the score rate and the Elo
    /// difference with its 95 % interval. Progress goes to standard error.
    Arena(ArenaArgs),
    /// Check, back up or export the database (`--db PATH`, `--config PATH`).
    Db(crate::admin::DbArgs),
}

/// The game and the position a command starts from, shared by every subcommand.
#[derive(Debug, clap::Args)]
pub struct GameSelect {
    /// The game: kuba, kewbz, cabale or nuba.
    pub game: String,
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
    /// The game kind named.
    fn kind(&self) -> Result<GameKind, GameError> {
        self.game.parse()
    }

    /// The settings JSON from `--settings` and `--players`.
    fn settings_json(&self) -> Result<Option<String>, GameError> {
        let Some(players) = self.players else {
            return Ok(self.settings.clone());
        };
        let mut settings: Map<String, Value> = match &self.settings {
            Some(text) => serde_json::from_str(text).map_err(|e| GameError::BadSettings(e.to_string()))?,
            None => Map::new(),
        };
        settings.insert("players".to_string(), json!(players));
        Ok(Some(Value::Object(settings).to_string()))
    }
}

/// Arguments of `boardbot ai`.
#[derive(Debug, clap::Args)]
pub struct AiArgs {
    /// The game and the position it starts from.
    #[command(flatten)]
    pub select: GameSelect,
    /// Moves to play first, in the game's notation (options may follow them).
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
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: u32,
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

/// Runs a parsed command line, writing to `out` and `err`. Returns the exit status
/// on failure.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    match cli.command {
        Command::Game(args) => game(&args, out, err),
        Command::Render(args) => render(&args, err),
        Command::Ai(args) => ai(&args, out, err),
        Command::Arena(args) => arena(&args, out, err),
        Command::Db(args) => crate::admin::run(&args, out, err),
    }
}

fn fail(err: &mut dyn Write, message: &str) -> Result<(), u8> {
    // A closed stderr leaves nothing better to do than to exit with the status.
    let _ = writeln!(err, "{message}");
    Err(1)
}

fn game(args: &GameArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let position = args.select.kind().and_then(|kind| {
        let settings = args.select.settings_json()?;
        match &args.select.from {
            Some(code) => kind.from_code(code, settings.as_deref()),
            None => kind.start(settings.as_deref()),
        }
    });
    let mut position = match position {
        Ok(p) => p,
        Err(e) => return fail(err, &e.to_string()),
    };
    for (i, text) in args.moves.iter().enumerate() {
        if let Err(e) = position.play(text) {
            return fail(err, &format!("move {} \"{}\": {}", i + 1, text, e));
        }
    }
    let text = if args.json {
        format!("{}\n", report(position.as_ref()))
    } else {
        format!("{}\n{}", position.code(), position.diagram())
    };
    if out.write_all(text.as_bytes()).is_err() {
        return Err(1);
    }
    Ok(())
}

fn render(args: &RenderArgs, err: &mut dyn Write) -> Result<(), u8> {
    let kind = match args.select.kind() {
        Ok(kind) => kind,
        Err(e) => return fail(err, &e.to_string()),
    };
    let settings = match args.select.settings_json() {
        Ok(s) => s,
        Err(e) => return fail(err, &e.to_string()),
    };
    let options = RenderOptions { size_px: args.size, flip: args.flip, names: args.names.clone() };
    let request = RenderGame {
        from: args.select.from.as_deref(),
        settings: settings.as_deref(),
        moves: &args.moves,
        options: &options,
    };
    let png = match render_game(kind, request) {
        Ok(png) => png,
        Err(e) => return fail(err, &e.to_string()),
    };
    if let Err(e) = std::fs::write(&args.output, png) {
        return fail(err, &format!("cannot write {}: {e}", args.output.display()));
    }
    Ok(())
}

/// The JSON report of a position, as `notation.md` specifies it.
pub fn report(position: &dyn DynGame) -> Value {
    let seats = position.seats();
    let letter = |i: usize| seats.get(i).map_or("?", |s| s.letter).to_string();
    let outcome = position.outcome();
    let result = outcome.as_ref().map(|o| {
        let winners: Vec<String> = o.winners().iter().map(|s| letter(s.index())).collect();
        let scores: Map<String, Value> =
            o.scores.iter().flatten().enumerate().map(|(i, score)| (letter(i), json!(score))).collect();
        json!({ "winners": winners, "scores": scores })
    });
    json!({
        "game": position.kind().name(),
        "position": position.code(),
        "to_move": letter(position.to_move().index()),
        "status": if outcome.is_some() { "finished" } else { "ongoing" },
        "result": result,
        "legal": position.legal_moves(),
    })
}

/// The player of `boardbot ai`: a level, a playout budget, a time budget or both
/// budgets together.
fn ai_player(args: &AiArgs) -> Result<Player, AiError> {
    let number = |text: &str| match text.trim().parse::<i64>() {
        Ok(n) if n > 0 => Ok(n as u64),
        _ => Err(AiError::BadBudget(text.to_string())),
    };
    match (&args.level, &args.playouts, &args.ms) {
        (Some(level), _, _) => level.parse(),
        (None, None, None) => Ok(Level::Medium.player()),
        (None, playouts, ms) => {
            let playouts = playouts.as_deref().map(number).transpose()?;
            let ms = ms.as_deref().map(number).transpose()?;
            Ok(Player::Mcts(MctsConfig::with_budget(Budget::new(playouts, ms)?)))
        }
    }
}

fn ai(args: &AiArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let report = (|| {
        let player = ai_player(args)?;
        let kind = args.select.kind()?;
        let settings = args.select.settings_json()?;
        MoveRequest {
            code: args.select.from.as_deref(),
            settings: settings.as_deref(),
            moves: &args.moves,
            player: &player,
            seed: args.seed,
        }
        .run(kind)
    })();
    let report = match report {
        Ok(r) => r,
        Err(e) => return fail(err, &e.to_string()),
    };
    let text = if args.json { format!("{}\n", json!(report)) } else { format!("{}\n", report.mv) };
    out.write_all(text.as_bytes()).map_err(|_| 1)
}

/// The most games one arena run plays (each keeps a small record in memory).
const MAX_GAMES: u32 = 1_000_000;

fn arena(args: &ArenaArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let games = (|| {
        let a: Player = args.a.parse()?;
        let b: Player = args.b.parse()?;
        if args.games == 0 || args.games > MAX_GAMES {
            return Err(AiError::Arena(format!("--games must be between 1 and {MAX_GAMES}")));
        }
        let kind = args.select.kind()?;
        let settings = args.select.settings_json()?;
        let bar = ProgressBar::with_draw_target(Some(u64::from(args.games)), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} (eta {eta}) {msg}") {
            bar.set_style(style);
        }
        let tally = std::sync::Mutex::new((0u32, 0u32, 0u32));
        let on_game = |g: &ArenaGame| {
            if let Ok(mut t) = tally.lock() {
                match g.a_reward {
                    r if r >= 1.0 => t.0 += 1,
                    r if r <= 0.0 => t.2 += 1,
                    _ => t.1 += 1,
                }
                bar.set_message(format!("A +{} ={} -{}", t.0, t.1, t.2));
            }
            bar.inc(1);
        };
        let result = ArenaRequest {
            code: args.select.from.as_deref(),
            settings: settings.as_deref(),
            a: &a,
            b: &b,
            games: args.games,
            seed: args.seed,
            ply_cap: args.ply_cap,
            threads: args.threads,
            on_game: &on_game,
        }
        .run(kind);
        bar.finish();
        result
    })();
    let games = match games {
        Ok(g) => g,
        Err(e) => return fail(err, &e.to_string()),
    };
    let r = ArenaReport::from_games(&games);
    let text = if args.json {
        json!({
            "game": args.select.game.to_ascii_lowercase(),
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
        format!(
            "A {}: {} wins, {} draws, {} losses\nB {}: {} wins, {} draws, {} losses\n\
             score rate of A: {:.1} % over {} games ({} stopped at the ply cap, {:.0} moves a game)\n\
             Elo difference A - B: {:+.0} (95 % interval {:+.0} .. {:+.0})\n",
            args.a,
            r.a_wins,
            r.draws,
            r.a_losses,
            args.b,
            r.a_losses,
            r.draws,
            r.a_wins,
            100.0 * r.score_rate,
            r.games,
            r.capped,
            r.mean_plies,
            r.elo,
            r.elo_interval.0,
            r.elo_interval.1,
        )
    };
    out.write_all(text.as_bytes()).map_err(|_| 1)
}
