//! The commands' declaration (`service::commands`) and what is derived from it: every
//! registered game on every platform, the text parser against the parser it replaces,
//! Discord's decoder against the text parser, and README's commands table.

use std::path::PathBuf;

use boardbot::chat::text;
use boardbot::games::GameKind;
use boardbot::service::commands::{self, Kind};
use boardbot::service::{Command, Refusal, Target, UserError};

fn people(name: &str) -> Option<Target> {
    match name.to_ascii_lowercase().as_str() {
        "boardbot" => Some(Target::Computer),
        "zed" => None,
        other => Some(Target::User { user_id: other.to_string(), display_name: other.to_string(), is_bot: other == "robo" }),
    }
}

fn new_parse(line: &str) -> Result<Option<Command>, Refusal> {
    text::parse(line, &mut |name: &str| people(name).ok_or_else(|| Refusal::UnknownUser(name.to_string())))
}

fn old_parse(line: &str) -> Result<Option<Command>, UserError> {
    #[allow(deprecated)]
    boardbot::chat::command::parse(line, &mut |name: &str| {
        people(name).ok_or_else(|| UserError::UnknownUser(name.to_string()))
    })
}

/// Every command line of the scripted sessions, and more.
fn lines() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let mut lines: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/sessions") {
        let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a session");
        for line in text.lines().filter_map(|l| l.strip_prefix("> ")) {
            let line = line.replace("{G1}", "K7Q2").replace("{G2}", "ABCD");
            if !["/as", "/in", "/bot", "/wait"].iter().any(|t| line.starts_with(t)) {
                lines.push(line);
            }
        }
    }
    let more = [
        "/kuba",
        "/boardbot",
        "!KUBA Move a7 down",
        "/kuba move a7 down game:k7q2",
        "/kuba accept challenge:#2",
        "/kuba accept challenge:x",
        "/kuba accept yes",
        "/kuba board flip:no",
        "/kuba board flip:maybe",
        "/kuba draw offer",
        "/kuba draw yes",
        "/kuba draw no",
        "/kuba draw maybe",
        "/kuba takeback ask game:K7Q2",
        "/kuba takeback offer",
        "/kuba leaderboard scope:community",
        "/kuba leaderboard scope:mars",
        "/kuba leaderboard extra",
        "/kuba rating @bob",
        "/kuba rating @bob @carol",
        "/kuba rating vs:@carol",
        "/kuba rating vs:@zed",
        "/kuba rules now",
        "/kuba help me",
        "/kuba resign now",
        "/kuba history game:K7Q2 now",
        "/kewbz challenge @bob extension:arm size:6",
        "/kewbz challenge @bob settings:{\"cubes\":10}",
        "/kewbz challenge @bob settings:[1]",
        "/cabale challenge @bob sharp:no",
        "/cabale challenge @bob sharp:maybe",
        "/nuba challenge @bob sharp:yes",
        "/kuba challenge @bob days:3",
        "/kuba challenge @bob days:none",
        "/kuba challenge @bob first:random rated:no",
        "/kuba challenge @boardbot level:easy",
        "/kuba challenge @bob start:",
        "/kuba challenge @bob extra",
        "/kuba challenge @robo",
        "/boardbot rating game:kuba",
        "/boardbot rating game:chess",
        "/boardbot leaderboard game:nuba",
        "/boardbot rules",
        "/boardbot rules game:cabale",
        "/boardbot notify mention",
        "/boardbot notify direct",
        "/boardbot notify none",
        "/boardbot notify",
        "/boardbot notify dm off",
        "/boardbot vacation",
        "/boardbot vacation days:x",
        "/boardbot vacation days:3 end",
        "/boardbot vacation later",
        "/boardbot games extra",
        "/boardbot games scope:x",
        "/boardbot castle",
        "/",
        "!",
        "/ kuba",
        "/kuba move a7-S game:k7q2 game:ZZZZ",
    ];
    lines.extend(more.iter().map(|s| s.to_string()));
    lines
}

/// Lines the new parser reads differently on purpose: it refuses a mention or words
/// that a subcommand ignored before, instead of dropping them silently.
const STRICTER: &[&str] = &["/kuba leaderboard extra", "/boardbot games extra"];

/// The text parser accepts what the one it replaces accepted, with the same command,
/// and refuses what it refused. (Remove with `chat::command`.)
#[test]
fn the_text_parser_agrees_with_the_old_one() {
    let mut problems = Vec::new();
    for line in lines() {
        let (old, new) = (old_parse(&line), new_parse(&line));
        match (&old, &new) {
            (Ok(a), Ok(b)) if a == b => {}
            (Err(_), Err(_)) => {}
            (Ok(_), Err(_)) if STRICTER.contains(&line.as_str()) => {}
            _ => problems.push(format!("{line}\n  old: {old:?}\n  new: {new:?}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every game of the registry has its command in the text syntax (the terminal and
/// Matrix), on Discord and in help.
#[test]
fn every_registered_game_appears_on_every_platform() {
    let heads: Vec<&str> = text::heads().collect();
    let general = boardbot::present::help_text(boardbot::lang::Lang::En, &boardbot::present::Plain::default(), None);
    let bang = boardbot::present::Plain { prefix: '!', bot: "boardbot".into() };
    for kind in GameKind::ALL {
        let name = kind.name();
        assert!(heads.contains(&name), "text heads lack {name}");
        assert!(text::is_head(name), "Matrix would not answer !{name}");
        assert_eq!(
            new_parse(&format!("!{name} help")),
            Ok(Some(Command::Help { kind: Some(*kind) })),
            "the text parser does not read !{name}"
        );
        assert!(general.contains(&format!("/{name}")), "help does not name /{name}:\n{general}");
        let own = boardbot::present::help_text(boardbot::lang::Lang::En, &bang, Some(*kind));
        assert!(own.contains(&format!("!{name} challenge")), "help for {name}:\n{own}");
        let challenge = commands::game_command_of(*kind).sub("challenge").expect("challenge");
        for rule in kind.rule_options() {
            assert!(challenge.option(rule.name).is_some(), "{name} challenge lacks {}", rule.name);
            assert!(own.contains(&format!("{}:", rule.name)), "help for {name} lacks {}:\n{own}", rule.name);
        }
        let Some(Kind::Users { max }) = challenge.option("opponent").map(|o| o.kind.clone()) else {
            panic!("{name}: no opponents")
        };
        assert_eq!(max + 1, *kind.players().end(), "{name}: opponents");
    }
    #[cfg(feature = "discord")]
    {
        let names: Vec<String> = boardbot::chat::discord::commands::definitions()
            .iter()
            .map(|c| serde_json::to_value(c).expect("JSON")["name"].as_str().unwrap_or_default().to_string())
            .collect();
        for kind in GameKind::ALL {
            assert!(names.iter().any(|n| n == kind.name()), "Discord lacks /{kind}");
        }
    }
}
