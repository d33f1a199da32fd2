//! The engine's command line (`notation.md`, last section): the rules cores without
//! any chat platform.

use std::io::Write;

use clap::{Parser, Subcommand};
use serde_json::{json, Map, Value};

use crate::games::{DynGame, GameError, GameKind};

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

/// Runs a parsed command line, writing to `out` and `err`. Returns the exit status
/// on failure.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    match cli.command {
        Command::Game(args) => game(&args, out, err),
    }
}

fn fail(err: &mut dyn Write, message: &str) -> Result<(), u8> {
    // A closed stderr leaves nothing better to do than to exit with the status.
    let _ = writeln!(err, "{message}");
    Err(1)
}

/// The settings JSON from `--settings` and `--players`.
fn settings_json(args: &GameArgs) -> Result<Option<String>, GameError> {
    let Some(players) = args.players else {
        return Ok(args.settings.clone());
    };
    let mut settings: Map<String, Value> = match &args.settings {
        Some(text) => serde_json::from_str(text).map_err(|e| GameError::BadSettings(e.to_string()))?,
        None => Map::new(),
    };
    settings.insert("players".to_string(), json!(players));
    Ok(Some(Value::Object(settings).to_string()))
}

fn game(args: &GameArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let position = args.game.parse::<GameKind>().and_then(|kind| {
        let settings = settings_json(args)?;
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
