//! The binary run twice on one database file: a game begun in the first run is
//! finished in the second, and a computer killed while thinking moves when the bot
//! is back.

use crate::common;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardbot-restart-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `boardbot local` on `db` with `input`; returns standard output.
fn local(db: &Path, input: &str) -> String {
    local_with(db, &[], input)
}

/// [`local`] with more arguments.
fn local_with(db: &Path, args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["local", "--db"])
        .arg(db)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input");
    let out = child.wait_with_output().expect("the binary ends");
    assert!(out.status.success(), "exit {:?}: {}", out.status, common::bin::stderr(&out));
    common::bin::stdout(&out)
}

/// The game id in `Play in thread kuba-K7Q2.`
fn game_id(output: &str) -> String {
    let after = output.split("Play in thread ").nth(1).expect("a game began");
    let name: String = after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
    name.split_once('-').expect("kind-id").1.to_string()
}

#[test]
fn a_game_begun_in_one_run_is_finished_in_the_next() {
    let dir = temp("people");
    let db = dir.join("boardbot.sqlite");
    let script = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sessions/kuba_two_players.txt"))
        .expect("the Kuba session");
    let inputs: Vec<&str> = script.lines().filter_map(|l| l.strip_prefix("> ")).collect();
    let half = inputs.len() / 2;
    let first = inputs[..half].join("\n") + "\n";
    // The second run starts as whoever the first run acted as last.
    let last_as = inputs[..half].iter().rev().find(|l| l.starts_with("/as ")).expect("an /as line");
    let second = format!("{last_as}\n{}\n", inputs[half..].join("\n"));

    let out1 = local(&db, &first);
    let id = game_id(&out1);
    assert!(!out1.contains("Game over"), "{out1}");
    let out2 = local(&db, &second);
    assert!(out2.contains("Game over (black has no legal push). @alice wins."), "{out2}");
    assert!(!out2.contains("refused"), "{out2}");

    let export = common::bin::boardbot(&["db", "export", &id, "--db", db.to_str().expect("utf-8 path")]);
    let text = common::bin::stdout(&export);
    assert!(text.contains("Result: 1-2") && text.contains("79. f6-W"), "{text}");
    let check = common::bin::boardbot(&["db", "check", "--db", db.to_str().expect("utf-8 path")]);
    assert!(check.status.success(), "{}", common::bin::stdout(&check));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_computer_moves_after_a_restart_in_the_middle_of_its_search() {
    let dir = temp("computer");
    let db = dir.join("boardbot.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["local", "--db"])
        .arg(&db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // The hard level thinks for seconds: the process is killed meanwhile.
    stdin.write_all(b"/as alice\n/kuba challenge @boardbot level:hard first:them\n").expect("input");
    stdin.flush().expect("flush");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut seen = String::new();
    for line in lines.by_ref() {
        let line = line.expect("a line");
        seen.push_str(&line);
        seen.push('\n');
        if line.contains("to move.") {
            break;
        }
    }
    child.kill().expect("kill");
    let _ = child.wait();
    assert!(seen.contains("@boardbot (White) to move."), "{seen}");
    assert!(!seen.contains("@boardbot plays"), "{seen}");

    let out = local(&db, "/as alice\n/boardbot games\n");
    assert!(out.contains("[thread kuba-") && out.contains("@boardbot plays"), "{out}");
    assert!(out.contains("@alice (Black) to move."), "{out}");
    assert!(out.contains(", move 1: your turn"), "{out}");
    // Delivered once: a third run prints nothing of it again.
    let again = local(&db, "/as alice\n");
    assert!(!again.contains("@boardbot plays"), "{again}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_starts_the_terminal_by_default_and_names_what_is_not_built() {
    let dir = temp("run");
    let db = dir.join("boardbot.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["run", "--db"])
        .arg(&db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(b"/as alice\n/boardbot games\n").expect("input");
    let out = child.wait_with_output().expect("ends");
    assert!(out.status.success());
    assert!(common::bin::stdout(&out).contains("[#general] (only @alice) You have no game in progress."));

    let config = dir.join("discord.toml");
    std::fs::write(&config, "[chat]\nplatform = \"discord\"\n[discord]\ntoken = \"x\"\n").expect("config");
    let out = common::bin::boardbot(&[
        "run",
        "--config",
        config.to_str().expect("utf-8"),
        "--db",
        db.to_str().expect("utf-8"),
    ]);
    // Discord runs, and says what it lacks (or that this build has no Discord).
    assert_eq!(out.status.code(), Some(1));
    let said = if cfg!(feature = "discord") { "discord.application_id is not set" } else { "built without Discord" };
    assert!(common::bin::stderr(&out).contains(said), "{}", common::bin::stderr(&out));
    let config = dir.join("matrix.toml");
    std::fs::write(
        &config,
        "[chat]\nplatform = \"matrix\"\n[matrix]\nhomeserver = \"http://x\"\nuser = \"@b:x\"\npassword = \"p\"\n",
    )
    .expect("config");
    let out = common::bin::boardbot(&[
        "run",
        "--config",
        config.to_str().expect("utf-8"),
        "--db",
        db.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    // Matrix runs, and says it cannot reach the homeserver (or that this build has no Matrix).
    let said = if cfg!(feature = "matrix") { "cannot reach http://x" } else { "built without Matrix" };
    assert!(common::bin::stderr(&out).contains(said), "{}", common::bin::stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `boardbot local --language fr`: the terminal speaks French, and keeps it; a language
/// the bot does not speak is a usage error.
#[test]
fn the_terminals_language_is_chosen_on_the_command_line_and_kept() {
    let dir = temp("language");
    let db = dir.join("boardbot.sqlite");
    let out = local_with(&db, &["--language", "fr"], "/as alice\n/kuba challenge @bob\n");
    assert!(out.contains("tu es @alice"), "{out}");
    assert!(out.contains("défie @bob"), "{out}");
    let again = local(&db, "/as bob\n/kuba accept\n");
    assert!(again.contains("accepte le défi 1"), "{again}");
    let refused = Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["local", "--language", "pt", "--db"])
        .arg(&db)
        .output()
        .expect("the binary runs");
    assert!(!refused.status.success());
    assert!(common::bin::stderr(&refused).contains("no catalog for the language \"pt\""));
    let _ = std::fs::remove_dir_all(&dir);
}
