//! The engine's command line (`notation.md`, last section): the rules cores without
//! any chat platform.

use std::io::Write;

use clap::{Parser, Subcommand};
use serde_json::{json, Map, Value};

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
}

/// Arguments of `boardbot game`.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// The game: kuba, kewbz, cabale or nuba.
    pub game: String,
    /// Start from this position code instead of the start position.
    #[arg(long, value_name = "CODE")]
    pub from: Option<String>,
    /// Print one JSON object instead of the code and diagram.
    #[arg(long)]
    pub json: bool,
    /// The game's rule options as JSON, e.g. '{"size":10}' for Kewbz.
    #[arg(long, value_name = "JSON")]
    pub settings: Option<String>,
    /// Number of players, for games that have 2 to 4 (Cabale).
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
    /// Moves to play in order, in the game's notation.
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// Arguments of `boardbot render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
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
    }
}

fn fail(err: &mut dyn Write, message: &str) -> Result<(), u8> {
    // A closed stderr leaves nothing better to do than to exit with the status.
    let _ = writeln!(err, "{message}");
    Err(1)
}

/// The settings JSON from `--settings` and `--players`.
fn settings_json(settings: &Option<String>, players: Option<u8>) -> Result<Option<String>, GameError> {
    let Some(players) = players else {
        return Ok(settings.clone());
    };
    let mut settings: Map<String, Value> = match settings {
        Some(text) => serde_json::from_str(text).map_err(|e| GameError::BadSettings(e.to_string()))?,
        None => Map::new(),
    };
    settings.insert("players".to_string(), json!(players));
    Ok(Some(Value::Object(settings).to_string()))
}

fn game(args: &GameArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let position = args.game.parse::<GameKind>().and_then(|kind| {
        let settings = settings_json(&args.settings, args.players)?;
        match &args.from {
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
    let kind = match args.game.parse::<GameKind>() {
        Ok(kind) => kind,
        Err(e) => return fail(err, &e.to_string()),
    };
    let settings = match settings_json(&args.settings, args.players) {
        Ok(s) => s,
        Err(e) => return fail(err, &e.to_string()),
    };
    let options = RenderOptions { size_px: args.size, flip: args.flip, names: args.names.clone() };
    let request =
        RenderGame { from: args.from.as_deref(), settings: settings.as_deref(), moves: &args.moves, options: &options };
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
