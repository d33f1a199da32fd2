//! `boardbot db …`: checking, backing up, exporting and copying the database.

use std::io::Write;
use std::path::PathBuf;

use clap::Subcommand;

use crate::config::Config;
use crate::store::{Database, GameRecord, Store, StoreError};

/// Where the data is: the flags of every subcommand that touches the database,
/// accepted before the subcommand (`boardbot --db x.sqlite local`) or after it
/// (`boardbot local --db x.sqlite`).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct DataArgs {
    /// The database: an SQLite file, or a PostgreSQL URL (postgres://user@host/db).
    /// Else BOARDBOT_DATABASE_URL, else the config's `[storage] url` or `database`,
    /// else `boardbot.sqlite` here. A missing file, or an empty PostgreSQL database,
    /// gets the latest schema.
    #[arg(long, value_name = "PATH|URL", global = true)]
    pub db: Option<String>,
    /// The configuration file.
    #[arg(long, value_name = "PATH", global = true)]
    pub config: Option<PathBuf>,
}

impl DataArgs {
    /// The database these flags name, with the environment and the configuration
    /// file's `[storage]` (its other sections are not checked).
    pub fn database(&self) -> Result<Database, String> {
        if let Some(db) = self.given() {
            return Ok(db);
        }
        let mut config = match &self.config {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                Config::parse(&text, path).map_err(|e| e.to_string())?
            }
            None => Config::default(),
        };
        config.storage.apply_env(|k| std::env::var(k).ok());
        Ok(Database::parse(&config.storage.location()))
    }

    /// The database `--db` names, else the one of `config` (loaded, the environment
    /// applied).
    pub fn database_in(&self, config: &Config) -> Database {
        self.given().unwrap_or_else(|| Database::parse(&config.storage.location()))
    }

    fn given(&self) -> Option<Database> {
        self.db.as_deref().map(str::trim).filter(|d| !d.is_empty()).map(Database::parse)
    }
}

/// Arguments of `boardbot db`.
#[derive(Debug, clap::Args)]
pub struct DbArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: DbAction,
}

/// The `db` subcommands.
#[derive(Debug, Subcommand)]
pub enum DbAction {
    /// Replay every game from its moves and report each one whose replay disagrees
    /// with its cached position, result or status (exit status 1 if any).
    Check,
    /// Copy an SQLite database to PATH while the bot runs (a consistent snapshot).
    /// A PostgreSQL database is backed up with pg_dump instead.
    Backup {
        /// Where the copy goes; an existing file is replaced only once the copy is whole.
        path: PathBuf,
    },
    /// Print a game's record: tags, the numbered moves and the final position code;
    /// with --gif, also draw the game as an animated GIF.
    Export {
        /// The game's public id, e.g. K7Q2.
        game: String,
        /// Also write the game's replay here: an animated GIF with the players' names
        /// and the result.
        #[arg(long, value_name = "FILE")]
        gif: Option<PathBuf>,
        /// The replay's width in pixels.
        #[arg(long, value_name = "PX", default_value_t = 512, requires = "gif")]
        size: u32,
    },
    /// Copy every row of the database into another, empty one: an SQLite file into
    /// PostgreSQL (--to postgres://…) or back. Stop the bot first; the rows of every
    /// table are counted on both sides.
    Copy {
        /// The destination: a PostgreSQL URL or an SQLite file, with no game in it.
        #[arg(long, value_name = "URL|PATH")]
        to: String,
    },
}

/// Runs `boardbot db …` on the database `data` names.
pub fn run(data: &DataArgs, args: &DbArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let fail = |err: &mut dyn Write, message: &str| {
        // A closed stderr leaves nothing better to do than to exit with the status.
        let _ = writeln!(err, "{message}");
        Err(1)
    };
    let database = match data.database() {
        Ok(d) => d,
        Err(e) => return fail(err, &e),
    };
    let store = match Store::open_database(&database) {
        Ok(s) => s,
        Err(e) => return fail(err, &e.to_string()),
    };
    match &args.action {
        DbAction::Check => check(&store, out, err),
        DbAction::Backup { path } => match store.backup(path) {
            Ok(()) => writeln!(out, "backed up {database} to {}", path.display()).map_err(|_| 1),
            Err(e) => fail(err, &e.to_string()),
        },
        DbAction::Export { game, gif, size } => match store.find_game(game) {
            Ok(record) => {
                if let Some(path) = gif {
                    let written = replay_gif(&record, *size).and_then(|bytes| {
                        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
                    });
                    if let Err(e) = written {
                        return fail(err, &e);
                    }
                }
                out.write_all(export(&record).as_bytes()).map_err(|_| 1)
            }
            Err(StoreError::NotFound(_)) => fail(err, &format!("no game {game} in {database}")),
            Err(e) => fail(err, &e.to_string()),
        },
        DbAction::Copy { to } => copy(&store, &Database::parse(to), out, err),
    }
}

fn copy(src: &Store, to: &Database, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let fail = |err: &mut dyn Write, message: &str| {
        let _ = writeln!(err, "{message}");
        Err(1)
    };
    if let Database::Sqlite(path) = to {
        // A file that exists may be a database with games in it, or anything else:
        // the copy makes a new one.
        if path.exists() {
            return fail(err, &format!("{} exists: copy into a new file", path.display()));
        }
    }
    let dest = match Store::open_database(to) {
        Ok(s) => s,
        Err(e) => return fail(err, &e.to_string()),
    };
    let report = match src.copy_to(&dest, |table, rows| {
        let _ = writeln!(err, "read {rows} rows of {table}");
    }) {
        Ok(r) => r,
        Err(e) => return fail(err, &format!("the copy failed: {e}")),
    };
    for (table, rows) in &report.tables {
        writeln!(out, "{table}: {rows} rows").map_err(|_| 1)?;
    }
    writeln!(out, "copied {} rows from {} to {to}; the counts agree", report.rows(), src.database()).map_err(|_| 1)
}

fn check(store: &Store, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), u8> {
    let mut games = 0;
    let problems = match store.check(|n| games = n) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return Err(1);
        }
    };
    for p in &problems {
        writeln!(out, "{}: {}", p.game, p.message).map_err(|_| 1)?;
    }
    let mut bad: Vec<_> = problems.iter().map(|p| &p.game).collect();
    bad.dedup();
    writeln!(out, "{games} games checked, {} with problems", bad.len()).map_err(|_| 1)?;
    if problems.is_empty() {
        Ok(())
    } else {
        Err(1)
    }
}

/// A stored game drawn as an animated GIF: its moves replayed from its start,
/// its players' names on every frame and its result on the last.
fn replay_gif(game: &GameRecord, size_px: u32) -> Result<Vec<u8>, String> {
    let settings = crate::games::Settings::from_json(game.kind, &game.settings).map_err(|e| e.to_string())?;
    let start = match &game.start_code {
        Some(code) => crate::games::Position::from_code(code, &settings).map_err(|e| e.to_string())?,
        None => crate::games::Position::start(&settings),
    };
    let moves: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    let views = crate::cli::replay_views(start, &moves).map_err(|e| format!("game {}: {e}", game.public_id))?;
    let mut names = vec![String::new(); game.seats.len()];
    for seat in &game.seats {
        if let Some(name) = names.get_mut(usize::from(seat.seat)) {
            name.clone_from(&seat.name);
        }
    }
    let options =
        crate::render::replay::ReplayOptions { size_px, result: result_words(game), names, ..Default::default() };
    crate::render::replay::replay(&views, &options).map_err(|e| e.to_string())
}

/// The result of a game the rules did not end, for the replay's last frame, in
/// the English of the pictures' catalog; `None` when the rules ended it (the
/// final position says so) or it goes on.
fn result_words(game: &GameRecord) -> Option<String> {
    use crate::games::Phrase;
    use crate::store::EndReason;
    let result = game.result.as_ref()?;
    // The one seat placed last: who resigned or ran out of time.
    let worst = result.places.iter().max();
    let last: Vec<&str> = game
        .seats
        .iter()
        .filter(|s| result.places.get(usize::from(s.seat)) == worst)
        .map(|s| s.name.as_str())
        .collect();
    let who = |id: &'static str, fallback: &'static str| match last.as_slice() {
        [one] if last.len() < game.seats.len() => Phrase::new(id).text("who", one),
        _ => Phrase::new(fallback),
    };
    let phrase = match result.end_reason {
        EndReason::Finished => return None,
        EndReason::Resigned => who("picture-result-resigned", "end-resigned"),
        EndReason::TimedOut => who("picture-result-timed-out", "end-timed-out"),
        EndReason::DrawnByAgreement => Phrase::new("picture-result-agreed"),
        EndReason::Aborted => Phrase::new("picture-result-aborted"),
    };
    Some(crate::present::catalog::phrase(crate::lang::Lang::En, &phrase))
}

/// Quotes a word for a POSIX shell when it needs it.
fn shell_word(word: &str) -> String {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b"@-+.,/_:=".contains(&b)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The record of a game as text: tags, the numbered moves, the final position code and
/// the `boardbot game` command that replays it.
pub fn export(game: &GameRecord) -> String {
    let mut s = String::new();
    let mut tag = |k: &str, v: &str| s.push_str(&format!("{k}: {v}\n"));
    tag("Game", game.public_id.as_str());
    tag("Kind", game.kind.name());
    tag("Settings", &game.settings);
    if let Some(code) = &game.start_code {
        tag("Start", code);
    }
    tag("Rated", if game.rated { "yes" } else { "no" });
    for seat in &game.seats {
        tag(&format!("Seat {}", u32::from(seat.seat) + 1), &seat.name);
    }
    tag("Created", &format!("{} UTC", crate::calendar::utc(game.created_at)));
    match &game.result {
        Some(r) => {
            tag("Ended", &format!("{} UTC", crate::calendar::utc(r.ended_at)));
            // Places by seat: `1-2`, `1-1` for a draw, `-` when aborted.
            let places: Vec<String> = r.places.iter().map(u8::to_string).collect();
            tag("Result", if places.is_empty() { "-".to_string() } else { places.join("-") }.as_str());
            if let Some(scores) = &r.scores {
                let scores: Vec<String> = scores.iter().map(i32::to_string).collect();
                tag("Scores", &scores.join("-"));
            }
            tag("End", r.end_reason.key());
            if let Some(key) = &r.reason_key {
                tag("Reason", key);
            }
        }
        None => tag("Result", "ongoing"),
    }
    s.push('\n');
    for m in &game.moves {
        s.push_str(&format!("{}. {}\n", m.ply, m.text));
    }
    s.push('\n');
    s.push_str(&format!("Final: {}\n", game.code));
    let mut command = format!("boardbot game {} --settings {}", game.kind.name(), shell_word(&game.settings));
    if let Some(code) = &game.start_code {
        command.push_str(&format!(" --from {}", shell_word(code)));
    }
    for m in &game.moves {
        command.push(' ');
        command.push_str(&shell_word(&m.text));
    }
    s.push_str(&format!("Replay: {command}\n"));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_are_quoted_when_needed() {
        assert_eq!(shell_word("a7-S"), "a7-S");
        assert_eq!(shell_word("A3>C3>C2#D4|D5"), "'A3>C3>C2#D4|D5'");
        assert_eq!(shell_word(r#"{"size":10}"#), r#"'{"size":10}'"#);
    }
}
