//! A runner for rule fixtures written in the project's notation, for any game.
//!
//! A fixture file is a list of cases separated by blank lines:
//!
//! ```text
//! case <name>
//! from <position code>          optional; the start position otherwise
//! settings <json>               optional
//! moves <move> <move> …         optional; played in order
//! error <message>               the moves must fail with exactly this message
//! code <position code>          the position after the moves
//! legal <move> <move> …         the exact legal moves, in order (`legal -` for none)
//! count <n>                     the number of legal moves
//! result ongoing | winners=<seats> scores=<seat>:<n>,…   (`winners=-` for a draw)
//! ```

// Each test crate uses only part of these helpers.
#![allow(dead_code)]

pub mod bin;
#[cfg(feature = "discord")]
pub mod discord_double;
#[cfg(feature = "discord")]
pub mod discord_sign;
pub mod output;
pub mod postgres;
pub mod skips;
pub mod store;
#[cfg(feature = "matrix")]
pub mod synapse;

use boardbot::games::{GameKind, Position};

/// Runs every case of a fixture file and returns how many cases ran.
pub fn run_fixtures(kind: GameKind, text: &str) -> usize {
    let mut cases = 0;
    for block in text.split("\n\n") {
        let lines: Vec<&str> = block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
        if lines.is_empty() {
            continue;
        }
        run_case(kind, &lines);
        cases += 1;
    }
    cases
}

fn field<'a>(lines: &[&'a str], key: &str) -> Option<&'a str> {
    lines
        .iter()
        .find_map(|l| l.strip_prefix(key).and_then(|rest| rest.strip_prefix(' ').or((rest.is_empty()).then_some(""))))
}

fn run_case(kind: GameKind, lines: &[&str]) {
    let name = field(lines, "case").unwrap_or_else(|| panic!("a case needs a name: {lines:?}"));
    let settings = field(lines, "settings");
    let start = Position::setup(kind, field(lines, "from"), settings);
    let mut position = match (start, field(lines, "error")) {
        (Ok(p), _) => p,
        (Err(e), Some(expected)) => {
            assert_eq!(e.to_string(), expected, "case {name}");
            return;
        }
        (Err(e), None) => panic!("case {name}: {e}"),
    };
    let moves: Vec<&str> = field(lines, "moves").map(|m| m.split_whitespace().collect()).unwrap_or_default();
    let failure = position.play_all(&moves).err().map(|e| e.to_string());
    match (failure, field(lines, "error")) {
        (None, None) => {}
        (Some(f), Some(expected)) => assert_eq!(f, expected, "case {name}"),
        (Some(f), None) => panic!("case {name}: {f}"),
        (None, Some(expected)) => panic!("case {name}: expected the error {expected:?}"),
    }
    if let Some(code) = field(lines, "code") {
        assert_eq!(position.code(), code, "case {name}");
    }
    if let Some(legal) = field(lines, "legal") {
        let expected: Vec<&str> = if legal == "-" { vec![] } else { legal.split_whitespace().collect() };
        assert_eq!(legal_texts(&position), expected, "case {name}");
    }
    if let Some(count) = field(lines, "count") {
        assert_eq!(position.legal_moves().len().to_string(), count, "case {name}");
    }
    if let Some(result) = field(lines, "result") {
        assert_eq!(describe_result(&position), result, "case {name}");
    }
}

/// `ongoing`, or `winners=<letters> scores=<letter>:<n>,…` as fixtures write it.
pub fn describe_result(position: &Position) -> String {
    let seats = position.seats();
    let Some(outcome) = position.outcome() else {
        return "ongoing".to_string();
    };
    let winners: Vec<&str> = outcome.winners().iter().map(|s| seats[s.index()].letter).collect();
    let winners = if winners.is_empty() { "-".to_string() } else { winners.join(",") };
    let scores: Vec<String> =
        outcome.scores.iter().flatten().enumerate().map(|(i, s)| format!("{}:{}", seats[i].letter, s)).collect();
    let scores = if scores.is_empty() { "-".to_string() } else { scores.join(",") };
    format!("winners={winners} scores={scores}")
}

/// The legal moves in canonical notation.
pub fn legal_texts(position: &Position) -> Vec<String> {
    position.legal_moves().iter().map(ToString::to_string).collect()
}

/// A reply as a person reads it in English in the terminal (tests assert on words).
pub trait Said {
    /// The words.
    fn text(&self) -> String;
    /// The picture drawn (a board, a replay, a chart), if the reply has one.
    fn picture(&self) -> Option<boardbot::present::Drawn>;
}

impl Said for boardbot::service::Reply {
    fn text(&self) -> String {
        boardbot::present::say(&self.message, boardbot::lang::Lang::En, &boardbot::present::Plain::default()).text
    }

    fn picture(&self) -> Option<boardbot::present::Drawn> {
        self.picture
            .as_ref()
            .map(|p| boardbot::present::draw(p, boardbot::lang::Lang::En, 200, None).expect("the picture draws"))
    }
}

/// A plain HTTP/1.1 GET: the status and the body (status 0 when nothing answers).
pub fn http_get(addr: &str, path: &str) -> (u16, String) {
    let Ok(mut stream) = std::net::TcpStream::connect(addr) else { return (0, String::new()) };
    stream.set_read_timeout(Some(std::time::Duration::from_secs(20))).expect("timeout");
    let head = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if std::io::Write::write_all(&mut stream, head.as_bytes()).is_err() {
        return (0, String::new());
    }
    let mut response = Vec::new();
    let _ = std::io::Read::read_to_end(&mut stream, &mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// Everything `request` caused, in the order a text chat shows it: the service's
/// answer, then the notices it made for other people (the board in a game's thread,
/// the rating changes, a ping), claimed from the outbox and marked delivered. The
/// request gets a key of its own when it has none, so its notices can be told from
/// the computer's.
pub fn everything(
    service: &boardbot::service::Service,
    request: boardbot::service::Request,
) -> Vec<boardbot::service::Reply> {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut request = request;
    let key = match &request.via.key {
        Some(key) => key.clone(),
        None => {
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let key = format!("test-{}-{n}", std::process::id());
            request.via.key = Some(key.clone());
            key
        }
    };
    let mut replies = service.handle(&request);
    for reply in &replies {
        service.answered(reply);
    }
    // Claimed for no time at all: what is not this request's stays for later.
    let claimed = service.claim_some(request.actor.platform, "everything", std::time::Duration::ZERO, 1000);
    for m in claimed.into_iter().filter(|m| m.request.as_deref() == Some(key.as_str())) {
        service.delivered(m.id);
        replies.push(m.reply);
    }
    replies
}

/// The messages the outbox holds for `platform` now, in the order they would be
/// claimed, without keeping them claimed: what a deliverer would take.
pub fn pending(
    service: &boardbot::service::Service,
    platform: boardbot::config::Platform,
) -> Vec<(boardbot::store::MessageId, boardbot::service::Reply)> {
    let claimed = service.claim_some(platform, "a look", std::time::Duration::ZERO, 100);
    claimed.into_iter().map(|m| (m.id, m.reply)).collect()
}

/// A casual challenge of `kind` to `opponent`, the challenger moving first, with no
/// other option: the command most tests begin a game with.
pub fn casual_challenge(
    kind: boardbot::games::GameKind,
    opponent: boardbot::service::Target,
) -> boardbot::service::Command {
    boardbot::service::Command::Challenge {
        kind,
        opponents: vec![opponent],
        rated: false,
        first: boardbot::service::First::Me,
        level: None,
        settings: None,
        start: None,
        time: None,
    }
}
