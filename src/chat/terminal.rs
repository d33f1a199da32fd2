//! The chat in the terminal: the embedded default platform.
//!
//! You act as named users in named channels: `/as alice`, `/in #general`, then the
//! bot's commands (`/kuba challenge @bob`). `/in thread kuba-K7Q2` (or `/in kuba-K7Q2`)
//! moves you into a game's thread; `/bot NAME` declares another bot account;
//! `/wait 2d` (or `23h30m`, `90m`) moves the clock forward and runs what fell due in
//! that time, in order (reminders, timeouts, expiries), so a correspondence game can be
//! scripted; `/quit` ends. Lines starting with `--` are comments.
//!
//! Every message of the bot is printed on its own line starting with where it goes
//! (`[#general]`, `[thread kuba-K7Q2]`, `[DM @bob]`), then `(only @alice)` when only
//! the actor sees it. Further lines of the message are indented by two spaces; a
//! board is written as a PNG file (`<game>-<ply>.png` in the boards folder) whose path
//! follows as `  board: PATH`, then the text diagram (a replay: `  replay: PATH` of a
//! GIF; a rating chart: `  chart: PATH`; a tournament's standings: `  standings: PATH`),
//! then what can be done next
//! (`  actions:`, `  moves:`). The terminal's own notes start with `* `.
//!
//! After each command the terminal waits until the computer has nothing left to
//! play and prints what the outlet holds, so scripted sessions are repeatable.

use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use super::text;
use crate::config::Platform;
use crate::lang::Lang;
use crate::present::{self, Plain};
use crate::service::{
    Action, Actor, Destination, MovableClock, Picture, Place, Refusal, Reply, Request, Service, Target,
};

/// The community every terminal user is in.
pub const COMMUNITY: &str = "terminal";
/// The bot's own name.
pub const BOT: &str = "boardbot";

/// A terminal chat session over a service.
pub struct Terminal<'a> {
    service: Service,
    out: Box<dyn Write + 'a>,
    boards: PathBuf,
    user: Option<String>,
    channel: String,
    thread: Option<String>,
    bots: BTreeSet<String>,
    clock: Option<std::sync::Arc<dyn MovableClock>>,
    lang: Lang,
    grammar: Plain,
}

impl<'a> Terminal<'a> {
    /// A session printing to `out` and writing pictures into `boards`.
    pub fn new(service: Service, out: Box<dyn Write + 'a>, boards: PathBuf) -> Terminal<'a> {
        let place = Place { community: Some(COMMUNITY.to_string()), ..Place::default() };
        let lang = service.language_at(Platform::Terminal, &place);
        Terminal {
            service,
            out,
            boards,
            user: None,
            channel: "general".to_string(),
            thread: None,
            bots: BTreeSet::new(),
            clock: None,
            lang,
            grammar: Plain::default(),
        }
    }

    /// Lets `/wait` move `clock`, the one the service reads.
    pub fn with_clock(mut self, clock: std::sync::Arc<dyn MovableClock>) -> Terminal<'a> {
        self.clock = Some(clock);
        self
    }

    /// `/wait DURATION`: moves the clock forward step by step, running what falls due
    /// at each step, so events come out in the order they would have happened.
    fn wait(&mut self, arg: &[&str]) -> std::io::Result<()> {
        let Some(clock) = self.clock.clone() else {
            return self.note("terminal-clock-fixed", &[]);
        };
        let total = match arg {
            [text] => crate::config::parse_duration(text),
            _ => Err(String::new()),
        };
        let Ok(total) = total else { return self.note("terminal-usage-wait", &[]) };
        let end = clock.now().saturating_add(total);
        // Something due now that running did not clear must not stop the clock.
        let mut stalled = false;
        loop {
            let now = clock.now();
            // The next event, if it falls before the end of the wait.
            let step = match self.service.next_due() {
                Some(next) if next > now && next <= end => next - now,
                Some(next) if next <= now && !stalled => 0,
                _ => end - now,
            };
            clock.advance(step);
            let done = self.service.run_due();
            stalled = step == 0 && done == 0;
            self.service.wait_until_idle();
            self.drain()?;
            if clock.now() >= end {
                break;
            }
        }
        let time = present::date(self.lang, clock.now());
        self.note("terminal-clock-at", &[("time", time)])
    }

    /// One of the terminal's own notes, in the terminal's language.
    fn note(&mut self, id: &str, args: &[(&str, String)]) -> std::io::Result<()> {
        let words = present::catalog::words(self.lang, id, args);
        writeln!(self.out, "* {words}")
    }

    /// Reads lines until the input ends (or `/quit`); `prompt` shows who and where
    /// you are before each line (for people at a terminal).
    pub fn run(&mut self, input: &mut dyn BufRead, prompt: bool) -> std::io::Result<()> {
        // Messages produced while no terminal was open (a restart) come first.
        self.service.wait_until_idle();
        self.drain()?;
        let mut line = String::new();
        loop {
            if prompt {
                let who = self.user.as_deref().unwrap_or("nobody");
                write!(self.out, "{who} {}> ", self.where_label())?;
                self.out.flush()?;
            }
            line.clear();
            if input.read_line(&mut line)? == 0 {
                return Ok(());
            }
            if !self.line(line.trim())? {
                return Ok(());
            }
        }
    }

    fn where_label(&self) -> String {
        match &self.thread {
            Some(t) => present::catalog::words(self.lang, "terminal-where-thread", &[("name", t.clone())]),
            None => format!("#{}", self.channel),
        }
    }

    /// Handles one line; false to stop.
    pub fn line(&mut self, line: &str) -> std::io::Result<bool> {
        if line.is_empty() || line.starts_with("--") {
            return Ok(true);
        }
        let mut words = line.split_whitespace();
        let head = words.next().unwrap_or("");
        let arg: Vec<&str> = words.collect();
        match head {
            "/quit" | "/exit" => return Ok(false),
            "/as" => {
                match arg.as_slice() {
                    [name] if valid_name(name) => {
                        let name = name.trim_start_matches('@').to_ascii_lowercase();
                        if name == BOT || self.bots.contains(&name) {
                            self.note("terminal-is-a-bot", &[("name", name)])?;
                        } else {
                            self.note("terminal-you-are", &[("name", name.clone())])?;
                            self.user = Some(name);
                        }
                    }
                    _ => self.note("terminal-usage-as", &[])?,
                }
                return Ok(true);
            }
            "/bot" => {
                match arg.as_slice() {
                    [name] if valid_name(name) => {
                        let name = name.trim_start_matches('@').to_ascii_lowercase();
                        self.note("terminal-bot-account", &[("name", name.clone())])?;
                        if self.user.as_deref() == Some(&name) {
                            self.user = None;
                        }
                        self.bots.insert(name);
                    }
                    _ => self.note("terminal-usage-bot", &[])?,
                }
                return Ok(true);
            }
            "/wait" => {
                self.wait(&arg)?;
                return Ok(true);
            }
            "/in" => {
                let target = match arg.as_slice() {
                    ["thread", name] => Some((None, Some(name.to_string()))),
                    [name] if name.starts_with('#') && valid_name(&name[1..]) => {
                        Some((Some(name[1..].to_ascii_lowercase()), None))
                    }
                    [name] if crate::service::game_of_thread(name).is_some() => Some((None, Some(name.to_string()))),
                    _ => None,
                };
                match target {
                    Some((channel, thread)) => {
                        if let Some(c) = channel {
                            self.channel = c;
                        }
                        self.thread = thread;
                        let here = self.where_label();
                        self.note("terminal-you-are-in", &[("where", here)])?;
                    }
                    None => self.note("terminal-usage-in", &[])?,
                }
                return Ok(true);
            }
            _ => {}
        }
        if !text::is_command(line) {
            self.note("terminal-not-a-command", &[])?;
            return Ok(true);
        }
        let Some(user) = self.user.clone() else {
            self.note("terminal-who-first", &[])?;
            return Ok(true);
        };
        let place = Place {
            community: Some(COMMUNITY.to_string()),
            channel: Some(self.channel.clone()),
            thread: self.thread.clone(),
            locale: None,
        };
        let actor = Actor { manages_community: true, ..Actor::new(Platform::Terminal, user.clone(), user) };
        let parsed = {
            let bots = &self.bots;
            // In a chat server everyone named exists: a new name in the terminal is a new
            // person. Only names a person could have are taken.
            let mut resolve = |name: &str| -> Result<Target, Refusal> {
                if !valid_name(name) {
                    return Err(Refusal::UnknownUser(crate::games::excerpt(name)));
                }
                let name = name.trim_start_matches('@').to_ascii_lowercase();
                if name == BOT {
                    return Ok(Target::Computer);
                }
                let is_bot = bots.contains(&name);
                Ok(Target::User { user_id: name.clone(), display_name: name, is_bot })
            };
            text::parse(line, &mut resolve)
        };
        let replies = match parsed {
            Ok(Some(command)) => {
                let choosing = matches!(command, crate::service::Command::Language { .. });
                let replies = self.service.handle(&Request::new(actor, place.clone(), command));
                if choosing {
                    // The terminal's notes follow the language chosen for it.
                    self.lang = self.service.language_at(Platform::Terminal, &place);
                }
                replies
            }
            Ok(None) => Vec::new(),
            Err(e) => vec![self.service.refuse(&actor, &place, e)],
        };
        for reply in &replies {
            self.print(reply)?;
            // The answer was kept in the outbox, claimed by this terminal: printed.
            self.service.answered(reply);
        }
        self.service.wait_until_idle();
        self.drain()?;
        Ok(true)
    }

    /// Prints what the outlet holds for this terminal, through the delivery runtime
    /// every platform shares ([`super::delivery::drain`]): each message is claimed
    /// first, so two terminals on one database never both print it, and marked
    /// delivered once printed.
    fn drain(&mut self) -> std::io::Result<()> {
        let service = self.service.clone();
        super::delivery::drain(&service, Platform::Terminal, |m| {
            self.print(&m.reply)?;
            Ok(super::delivery::Posted::Done)
        })
    }

    fn print(&mut self, reply: &Reply) -> std::io::Result<()> {
        let place = match &reply.destination {
            Destination::Channel { channel } => format!("[#{channel}]"),
            Destination::Thread { name, .. } => format!("[thread {name}]"),
            Destination::Direct(user) => format!("[DM @{}]", user.name),
        };
        let lang = reply.lang;
        let only = if reply.only_actor {
            let name = self.user.as_deref().unwrap_or("?").to_string();
            format!(" {}", present::catalog::words(lang, "terminal-only", &[("name", name)]))
        } else {
            String::new()
        };
        let words = present::say(&reply.message, lang, &self.grammar);
        let mut lines = words.text.lines();
        writeln!(self.out, "{place}{only} {}", lines.next().unwrap_or(""))?;
        for l in lines {
            writeln!(self.out, "  {l}")?;
        }
        if let Some(web) = &reply.web {
            let line = present::catalog::words(lang, "web-link-line", &[("url", web.page.clone())]);
            writeln!(self.out, "  {line}")?;
        }
        if let Some(picture) = &reply.picture {
            let label = match picture {
                Picture::Board(_) => "board",
                Picture::Replay(_) => "replay",
                Picture::Chart(_) => "chart",
                Picture::Review(_) => "review",
                Picture::Standings(_) => "standings",
                Picture::Puzzle(_) => "board",
            };
            let path = self.boards.join(present::picture_file_name(picture));
            // A file has no upload limit: the replay is drawn whole.
            let drawn = present::draw(picture, lang, self.service.picture_px(), None)
                .map_err(|e| std::io::Error::other(e.to_string()))
                .and_then(|p| std::fs::create_dir_all(&self.boards).and_then(|()| std::fs::write(&path, &p.bytes)));
            match drawn {
                Ok(()) => writeln!(self.out, "  {label}: {}", path.display())?,
                Err(e) => writeln!(self.out, "  {label}: cannot write {}: {e}", path.display())?,
            }
            let board = match picture {
                Picture::Board(board) => Some(board),
                Picture::Puzzle(p) => Some(&p.board),
                _ => None,
            };
            if let Some(board) = board {
                for l in present::diagram(board, lang).lines() {
                    writeln!(self.out, "  | {l}")?;
                }
            }
        }
        let buttons: Vec<String> = reply
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Accept { challenge, .. } => Some(("terminal-action-accept", Some(challenge))),
                Action::Decline { challenge, .. } => Some(("terminal-action-decline", Some(challenge))),
                Action::Resign { .. } => Some(("discord-button-resign", None)),
                Action::ConfirmResign { .. } => Some(("discord-button-resign-confirm", None)),
                Action::OfferDraw { .. } => Some(("discord-button-draw", None)),
                Action::Flip { .. } => Some(("discord-button-flip", None)),
                Action::Move { .. } | Action::Solve { .. } => None,
            })
            .map(|(id, challenge)| {
                let args: Vec<(&str, String)> = challenge.map(|c| ("challenge", c.to_string())).into_iter().collect();
                format!("[{}]", present::catalog::words(lang, id, &args))
            })
            .collect();
        if !buttons.is_empty() {
            writeln!(self.out, "  actions: {}", buttons.join(" "))?;
        }
        let moves: Vec<String> = reply
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Move { text, complete, .. } | Action::Solve { text, complete, .. } => {
                    Some(if *complete { text.clone() } else { format!("{text}…") })
                }
                _ => None,
            })
            .collect();
        if !moves.is_empty() {
            writeln!(self.out, "  moves: {}", moves.join(" "))?;
        }
        Ok(())
    }
}

fn valid_name(name: &str) -> bool {
    let name = name.trim_start_matches('@');
    !name.is_empty() && name.len() <= 32 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}
