//! The web pages in a real browser (issue #44): the real `boardbot local --web` with a
//! scripted terminal session on a pipe kept open, a game played in it, and
//! `tests/web/game_page.py` driving Debian's headless Chromium through Playwright for
//! Python: no console error, the board loads, every move is listed, the page follows
//! the next move by itself (played while it is open), the preview's tags point at the
//! PNG of the current move, and a community page turned off is 404.
//!
//! Needs `bash .ci/install-browser` (Chromium from Debian, Playwright in
//! `target/playwright-venv`, or `BOARDBOT_PLAYWRIGHT_VENV`). Without them the test
//! says it skipped; with `BOARDBOT_REQUIRE_BROWSER=1` (which `.ci/run` sets) it fails.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use boardbot::games::{GameKind, Position};

use crate::common::store::TempDir;

pub(crate) const CHROMIUM: &str = "/usr/bin/chromium";

/// The Python of the Playwright venv, when the browser test can run.
pub(crate) fn browser() -> Option<PathBuf> {
    let venv = std::env::var_os("BOARDBOT_PLAYWRIGHT_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/playwright-venv"));
    let python = venv.join("bin/python");
    let ready = python.exists()
        && std::path::Path::new(CHROMIUM).exists()
        && Command::new(&python).args(["-c", "import playwright.sync_api"]).status().is_ok_and(|s| s.success());
    if ready {
        return Some(python);
    }
    let why = format!("no Chromium at {CHROMIUM} or no Playwright in {}: run bash .ci/install-browser", venv.display());
    if std::env::var_os("BOARDBOT_REQUIRE_BROWSER").is_some_and(|v| v == "1") {
        panic!("the browser test cannot run: {why}");
    }
    eprintln!("skipped: {why}");
    None
}

/// The bot, its standard input kept open, its output lines on a channel.
struct Bot {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Bot {
    fn say(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the bot reads its input");
        self.stdin.flush().expect("flush");
    }

    /// The first output line containing `needle`, within 30 s.
    fn wait_for(&self, needle: &str) -> String {
        let end = Instant::now() + Duration::from_secs(30);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(needle) => return line,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        panic!("the bot never said {needle:?}");
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A free loopback port (bound and released: the bot binds it next).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("address").port()
}

/// `boardbot local --web` on `port` over the database `db`, its boards in `dir`.
fn local_bot(db: &std::path::Path, dir: &TempDir, port: u16) -> Bot {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["local", "--db"])
        .arg(db)
        .arg("--boards")
        .arg(dir.join("boards"))
        .args(["--web", &format!("127.0.0.1:{port}")])
        .env_remove("BOARDBOT_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the bot starts");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                return;
            }
        }
    });
    Bot { child, stdin, lines }
}

/// Kuba moves from the start, chosen the same way each run, each with whether White
/// (alice, who moves first) or Black (bob) plays it.
fn moves(n: usize) -> Vec<(bool, String)> {
    let mut position = Position::start(&GameKind::Kuba.default_settings());
    let mut out = Vec::new();
    for i in 0..n {
        let white = position.to_move().0 == 0;
        let legal = position.legal_moves();
        let text = legal[(i * 7) % legal.len()].to_string();
        position.play_text(&text).expect("a legal move");
        out.push((white, text));
    }
    out
}

#[test]
fn the_game_page_works_in_a_real_browser() {
    let Some(python) = browser() else { return };
    let dir = TempDir::new("web-browser");
    let db = dir.join("db.sqlite");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut bot = local_bot(&db, &dir, port);

    let played = moves(7);
    let (before, next) = played.split_at(6);
    bot.say("/as alice");
    bot.say("/kuba challenge @bob first:me");
    bot.say("/as bob");
    bot.say("/kuba accept");
    // The game's link, as chat gives it: under the game's first board.
    let started = bot.wait_for("/g/");
    let at = started.find(&format!("{base}/g/")).expect("the game's address");
    let page: String = started[at..].chars().take_while(|c| !c.is_whitespace()).collect();
    for (white, text) in before {
        bot.say(if *white { "/as alice" } else { "/as bob" });
        bot.say(&format!("/kuba move {text}"));
    }
    // The community's page, turned on and off again: its address must be 404.
    bot.say("/as alice");
    bot.say("/boardbot web on");
    let on = bot.wait_for("/c/");
    let at = on.find(&format!("{base}/c/")).expect("the page's address");
    let community: String = on[at..].chars().take_while(|c| !c.is_whitespace()).collect();
    bot.say("/boardbot web off");
    bot.wait_for("web page is off");

    let mut script = Command::new(&python)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/web/game_page.py"))
        .args(["--page", &page, "--community-off", &community, "--chromium", CHROMIUM, "--next", &next[0].1])
        .args(before.iter().map(|(_, t)| t.as_str()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python runs");
    let out = script.stdout.take().expect("stdout");
    let mut said = Vec::new();
    let mut reader = BufReader::new(out);
    let mut line = String::new();
    let began = Instant::now();
    loop {
        line.clear();
        let n = reader.read_line(&mut line).unwrap_or(0);
        if n == 0 {
            break;
        }
        said.push(line.trim_end().to_string());
        if line.trim() == "READY" {
            // The page is open: play the next move now.
            bot.say(if next[0].0 { "/as alice" } else { "/as bob" });
            bot.say(&format!("/kuba move {}", next[0].1));
        }
        assert!(began.elapsed() < Duration::from_secs(120), "the browser test takes too long: {said:?}");
    }
    let output = script.wait_with_output().expect("python ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && said.iter().any(|l| l == "PASSED"),
        "the browser test failed:\n{}\n{stderr}",
        said.join("\n")
    );
    println!("{}", said.join("\n"));
}

/// The address after `prefix` on a line of the bot's.
fn address(line: &str, prefix: &str) -> String {
    let at = line.find(prefix).unwrap_or_else(|| panic!("no {prefix} in {line:?}"));
    line[at..].chars().take_while(|c| !c.is_whitespace()).collect()
}

/// Playing on the page (issue #51) in Chromium: sign in by the links chat gives,
/// play by a square's and a move's buttons, the opponent's page follows by itself, the
/// form without JavaScript plays, a refused move shows its refusal, the keyboard
/// alone plays; the terminal shows each move with its board in the game's thread.
#[test]
fn playing_on_the_page_works_in_a_real_browser() {
    let Some(python) = browser() else { return };
    let dir = TempDir::new("web-browser-play");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut bot = local_bot(&dir.join("db.sqlite"), &dir, port);
    bot.say("/as alice");
    bot.say("/kuba challenge @bob first:me");
    bot.say("/as bob");
    bot.say("/kuba accept");
    let page = address(&bot.wait_for("/g/"), &format!("{base}/g/"));
    let mut links = Vec::new();
    for who in ["alice", "bob", "bob"] {
        bot.say(&format!("/as {who}"));
        bot.say("/boardbot web login");
        let line = bot.wait_for(&format!("[DM @{who}] (only @{who})"));
        links.push(address(&line, &format!("{base}/login/")));
    }
    // The moves: alice's by square, bob's typed, one of alice's refused, alice's by keys.
    let mut position = Position::start(&GameKind::Kuba.default_settings());
    let first = "a7-E".to_string();
    position.play_text(&first).expect("legal");
    let typed = position.legal_moves()[0].to_string();
    position.play_text(&typed).expect("legal");
    let keyed = position.legal_moves().last().expect("a move").to_string();
    let square = |m: &str| m.split('-').next().unwrap_or_default().to_string();
    let mut script = Command::new(&python)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/web/play_page.py"))
        .args(["--page", &page, "--alice", &links[0], "--bob", &links[1], "--bob-nojs", &links[2]])
        .args(["--chromium", CHROMIUM, "--first", &first, "--square", &square(&first), "--typed", &typed])
        .args(["--refused", "a7-W", "--keyed", &keyed, "--keyed-square", &square(&keyed)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python runs");
    let out = script.stdout.take().expect("stdout");
    let mut said = Vec::new();
    let mut reader = BufReader::new(out);
    let mut line = String::new();
    let began = Instant::now();
    let mut shown = Vec::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        said.push(line.trim_end().to_string());
        if let Some(played) = line.trim().strip_prefix("MOVED ") {
            // The terminal prints what waits for it at its next line: ask it something.
            bot.say("/as carol");
            bot.say("/boardbot games");
            let board = bot.wait_for(&format!("plays {played}"));
            assert!(board.starts_with("[thread kuba-"), "in the game's thread: {board}");
            bot.wait_for("  board: ");
            shown.push(played.to_string());
        }
        assert!(began.elapsed() < Duration::from_secs(180), "the browser test takes too long: {said:?}");
    }
    let output = script.wait_with_output().expect("python ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && said.iter().any(|l| l == "PASSED"),
        "the browser test failed:\n{}\n{stderr}",
        said.join("\n")
    );
    assert_eq!(shown, [first, typed, keyed], "the terminal showed every move");
    println!("{}", said.join("\n"));
}

/// A puzzle's page played signed in (issue #52) in Chromium: alice's blunder in a
/// game reviewed by `/kuba analysis` becomes her puzzle; she signs in by the link chat
/// gives, picks the square and then the best move on the puzzle's page, and the page
/// says she was right, with her puzzle rating's change.
#[test]
fn a_puzzle_is_answered_on_its_page_in_a_real_browser() {
    let Some(python) = browser() else { return };
    let dir = TempDir::new("web-browser-puzzle");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut bot = local_bot(&dir.join("db.sqlite"), &dir, port);
    // Both sides have pushed off six reds: White wins with e1-E; alice plays e1-N.
    bot.say("/as alice");
    bot.say("/kuba challenge @bob first:me start:W6/7/7/7/7/7/4WBR w 6-6 -");
    bot.say("/as bob");
    bot.say("/kuba accept");
    bot.wait_for("/g/");
    bot.say("/as alice");
    bot.say("/kuba move e1-N");
    bot.say("/as bob");
    bot.say("/kuba move f1-E");
    bot.say("/as alice");
    bot.say("/kuba analysis");
    // The finder works in the background after the review: ask until it gave one.
    let end = Instant::now() + Duration::from_secs(60);
    let page = loop {
        bot.say("/kuba puzzle");
        let line = bot.wait_for("(only @alice)");
        if line.contains("/p/") {
            break address(&line, &format!("{base}/p/"));
        }
        let mut rest = String::new();
        while let Ok(more) = bot.lines.recv_timeout(Duration::from_millis(300)) {
            rest.push_str(&more);
            rest.push('\n');
        }
        if let Some(at) = rest.find(&format!("{base}/p/")) {
            break rest[at..].chars().take_while(|c| !c.is_whitespace()).collect();
        }
        assert!(Instant::now() < end, "no puzzle was made: {line}\n{rest}");
        std::thread::sleep(Duration::from_millis(500));
    };
    bot.say("/boardbot web login");
    let link = address(&bot.wait_for("[DM @alice] (only @alice)"), &format!("{base}/login/"));
    let output = Command::new(&python)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/web/puzzle_page.py"))
        .args(["--page", &page, "--alice", &link, "--chromium", CHROMIUM, "--square", "e1", "--best", "e1-E"])
        .output()
        .expect("python runs");
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && said.lines().any(|l| l == "PASSED"),
        "the browser test failed:\n{said}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    println!("{said}");
}
