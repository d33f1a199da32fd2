//! Random command lines through the terminal chat: no panic, every line printed is a
//! message (`[place] …`, its indented continuation) or a terminal note (`* …`), and
//! every stored game still replays (`db check`).

use crate::common;
use common::output::Shared;

use std::sync::Arc;

use boardbot::chat::terminal::Terminal;
use boardbot::service::{Service, ServiceOptions, SystemClock};
use boardbot::store::Store;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

const WORDS: &[&str] = &[
    "/kuba",
    "/kewbz",
    "/cabale",
    "!nuba",
    "/boardbot",
    "/chess",
    "challenge",
    "accept",
    "decline",
    "cancel",
    "move",
    "board",
    "resign",
    "draw",
    "takeback",
    "history",
    "games",
    "rating",
    "leaderboard",
    "rules",
    "help",
    "@alice",
    "@bob",
    "@carol",
    "@boardbot",
    "@zed",
    "game:ZZZZ",
    "rated:yes",
    "rated:",
    "first:them",
    "first:me",
    "level:random",
    "start:",
    "settings:{}",
    "settings:[",
    "size:4",
    "sharp:no",
    "challenge:1",
    "challenge:x",
    "flip:yes",
    "vs:@bob",
    "scope:global",
    "a7-S",
    "a7",
    "down",
    "1@a1",
    "@A3",
    "a1",
    "offer",
    "yes",
    "é",
    ":",
    "::",
    "/",
    "",
    "/as alice",
    "/as bob",
    "/as carol",
    "/in #x",
    "/in kuba-ABCD",
    "/bot carol",
];

#[test]
fn random_lines_are_answered_and_break_nothing() {
    let dir = std::env::temp_dir().join(format!("boardbot-chat-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = dir.join("db.sqlite");
    let service = Service::start(
        Store::open(&db).expect("store"),
        Arc::new(SystemClock),
        ServiceOptions { picture_px: 160, ..ServiceOptions::default() },
    )
    .expect("service");
    let out = Shared::default();
    let mut terminal = Terminal::new(service.clone(), Box::new(out.clone()), dir.join("boards"));
    for line in
        ["/as alice", "/as bob", "/as carol", "/as alice", "/kuba challenge @bob first:me", "/as bob", "/kuba accept"]
    {
        terminal.line(line).expect("writes");
    }
    let terminal = std::cell::RefCell::new(terminal);
    let line = proptest::collection::vec(proptest::sample::select(WORDS), 1..6).prop_map(|w| w.join(" "));
    let mut runner = TestRunner::new(Config { cases: 300, failure_persistence: None, ..Config::default() });
    runner
        .run(&line, |line| {
            out.take();
            terminal.borrow_mut().line(&line).expect("writes");
            let printed = out.take();
            for l in printed.lines() {
                prop_assert!(
                    l.starts_with('[') || l.starts_with("* ") || l.starts_with("  "),
                    "{line:?} printed {l:?}"
                );
                prop_assert!(!l.contains("Sorry, something went wrong"), "{line:?} printed {l:?}");
            }
            Ok(())
        })
        .expect("every line is answered");
    drop(terminal);
    let problems = service.store().check(|_| {}).expect("check");
    assert!(problems.is_empty(), "{problems:?}");
    drop(service);
    let _ = std::fs::remove_dir_all(&dir);
}
