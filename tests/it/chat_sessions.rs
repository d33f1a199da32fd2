//! Scripted sessions through the terminal chat (`tests/sessions/*.txt`).
//!
//! A session file is the lines typed, each prefixed by `> `, and after each the exact
//! lines the terminal prints. Game ids are random, so the output is compared after
//! each id is replaced by `{G1}`, `{G2}` … in the order games begin (and inputs may
//! use those names); the temporary folder is written `{tmp}`. Directives:
//!
//! ```text
//! === restart      the service stops and starts again on the same database file
//! === snapshot     remember `db export` of every game
//! === unchanged    every game's `db export` must equal the snapshot
//! === language fr  the terminal's community speaks French (`boardbot local --language fr`)
//! ```
//!
//! Lines starting with `#` are comments. `BLESS=1 cargo test --test it chat_sessions::`
//! rewrites the files with what the terminal printed (read the diff before committing).

use crate::common;
use common::output::Shared;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use boardbot::chat::terminal::Terminal;
use boardbot::config::Platform;
use boardbot::service::{AnalysisOptions, ComputerOptions, Service, ServiceOptions, TestClock};
use boardbot::store::{self, Store};

/// Sessions begin on 2026-11-23 at 12:00 UTC, and time moves only by `/wait`.
pub(crate) const SESSION_START: i64 = 1_795_435_200_000;

pub(crate) fn start(db: &Path, clock: &Arc<TestClock>) -> Service {
    let store = Store::open(db).expect("the database opens");
    // No scheduler thread: `/wait` runs what falls due, so the output never depends
    // on the machine's speed.
    // One worker with full budgets: the computer's moves and their order repeat exactly.
    let computer = ComputerOptions::deterministic(1);
    // Reviews at a tenth of the default budget: a debug build makes them in moments.
    let analysis = AnalysisOptions { playouts: 200, ..AnalysisOptions::default() };
    let options = ServiceOptions { picture_px: 256, scheduler: false, computer, analysis, ..ServiceOptions::default() };
    Service::start(store, clock.clone(), options).expect("the service starts")
}

fn exports(db: &Path) -> Vec<String> {
    let store = Store::open(db).expect("the database opens");
    let ids = store.read(store::all_games).expect("games");
    ids.into_iter().map(|id| boardbot::admin::export(&store.load_game(id).expect("a game"))).collect()
}

/// Names the game ids found in `text` in order: the threads the terminal prints to
/// (`[thread kuba-K7Q2]`, in every language) and English's `Play in thread kuba-K7Q2.`
pub(crate) fn bind_ids(text: &str, ids: &mut Vec<String>) {
    let mut found: Vec<(usize, &str)> = Vec::new();
    for marker in ["Play in thread ", "[thread "] {
        found.extend(text.match_indices(marker).map(|(at, m)| (at + m.len(), &text[at + m.len()..])));
    }
    found.sort_by_key(|(at, _)| *at);
    for (_, part) in found {
        let name: String = part.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        if let Some((_, id)) = name.split_once('-') {
            if !ids.iter().any(|known| known == id) {
                ids.push(id.to_string());
            }
        }
    }
}

fn normalise(text: &str, ids: &[String], tmp: &str) -> String {
    let mut out = text.replace(tmp, "{tmp}");
    // Longest first, so no id is replaced inside another.
    let mut order: Vec<(usize, &String)> = ids.iter().enumerate().collect();
    order.sort_by_key(|(_, id)| std::cmp::Reverse(id.len()));
    for (i, id) in order {
        out = out.replace(id.as_str(), &format!("{{G{}}}", i + 1));
    }
    out
}

pub(crate) fn substitute(line: &str, ids: &[String]) -> String {
    let mut out = line.to_string();
    for (i, id) in ids.iter().enumerate() {
        out = out.replace(&format!("{{G{}}}", i + 1), id);
    }
    out
}

fn run_session(name: &str) {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sessions").join(format!("{name}.txt"));
    let script = std::fs::read_to_string(&file).expect("the session file");
    let dir = std::env::temp_dir().join(format!("boardbot-session-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let tmp = dir.display().to_string();
    let db = dir.join("boardbot.sqlite");
    let bless = std::env::var_os("BLESS").is_some();

    let out = Shared::default();
    let clock = Arc::new(TestClock::new(SESSION_START));
    let new_terminal = |service: &Service| {
        Terminal::new(service.clone(), Box::new(out.clone()), dir.join("boards")).with_clock(clock.clone())
    };
    let mut service = start(&db, &clock);
    let mut terminal = new_terminal(&service);
    terminal.run(&mut std::io::empty(), false).expect("the terminal runs");
    let mut ids: Vec<String> = Vec::new();
    let mut snapshot: Option<Vec<String>> = None;
    let mut blessed = String::new();
    let mut expected: Vec<String> = Vec::new();
    let mut last_input = "(start)".to_string();
    let mut failures = Vec::new();

    // Compares what the last input printed with the lines expected after it.
    let check = |input: &str,
                 expected: &mut Vec<String>,
                 printed: &str,
                 ids: &[String],
                 blessed: &mut String,
                 failures: &mut Vec<String>| {
        let actual = normalise(printed, ids, &tmp);
        let actual_lines: Vec<&str> = actual.lines().collect();
        for l in &actual_lines {
            blessed.push_str(l);
            blessed.push('\n');
        }
        if actual_lines != expected.iter().map(String::as_str).collect::<Vec<_>>() {
            failures.push(format!(
                "after {input:?}\n--- expected\n{}\n--- actual\n{}",
                expected.join("\n"),
                actual_lines.join("\n")
            ));
        }
        expected.clear();
    };

    let mut comments: Vec<String> = Vec::new();
    let mut printed = out.take();
    bind_ids(&printed, &mut ids);
    for line in script.lines() {
        if line.starts_with('#') {
            comments.push(line.to_string());
            continue;
        }
        let input = line.strip_prefix("> ");
        let directive = line.strip_prefix("=== ");
        if input.is_none() && directive.is_none() {
            expected.push(line.to_string());
            continue;
        }
        check(&last_input, &mut expected, &printed, &ids, &mut blessed, &mut failures);
        for c in comments.drain(..) {
            blessed.push_str(&c);
            blessed.push('\n');
        }
        blessed.push_str(line);
        blessed.push('\n');
        last_input = line.to_string();
        if let Some(input) = input {
            terminal.line(&substitute(input, &ids)).expect("the terminal writes");
        }
        match directive.map(str::trim) {
            None => {}
            Some("restart") => {
                drop(terminal);
                drop(service);
                service = start(&db, &clock);
                terminal = new_terminal(&service);
                // Prints what the outlet kept while the service was down.
                terminal.run(&mut std::io::empty(), false).expect("the terminal runs");
            }
            Some(d) if d.starts_with("language ") => {
                // As `boardbot local --language xx`: the terminal's community speaks it.
                let lang: boardbot::lang::Lang = d["language ".len()..].trim().parse().expect("a language");
                service
                    .set_community_language(Platform::Terminal, boardbot::chat::terminal::COMMUNITY, Some(lang))
                    .expect("the language is set");
                drop(terminal);
                terminal = new_terminal(&service);
            }
            Some("snapshot") => snapshot = Some(exports(&db)),
            Some("unchanged") => {
                let now = exports(&db);
                if snapshot.as_ref() != Some(&now) {
                    failures.push(format!(
                        "the stored games changed:\n--- before\n{}\n--- after\n{}",
                        snapshot.clone().unwrap_or_default().join("\n"),
                        now.join("\n")
                    ));
                }
            }
            Some(other) => panic!("unknown directive {other:?}"),
        }
        printed = out.take();
        bind_ids(&printed, &mut ids);
    }
    check(&last_input, &mut expected, &printed, &ids, &mut blessed, &mut failures);
    drop(terminal);
    drop(service);
    if bless {
        std::fs::write(&file, blessed).expect("bless");
    } else {
        assert!(failures.is_empty(), "session {name}:\n{}", failures.join("\n\n"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

macro_rules! sessions {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                run_session(stringify!($name));
            }
        )*
    };
}

sessions!(
    kuba_two_players,
    kewbz_two_players,
    nuba_two_players,
    cabale_two_players,
    cabale_three_players,
    cabale_four_players,
    computer_kuba,
    computer_kewbz,
    computer_nuba,
    computer_cabale,
    draws_takebacks_and_lists,
    bad_input,
    restart_keeps_choices,
    clocks,
    abort_and_last_game,
    analysis,
    tournament_round_robin,
    tournament_swiss,
    tournament_series,
    newcomer,
    language_en,
    language_fr,
    language_es,
    language_nl,
    language_de,
    premoves,
);
