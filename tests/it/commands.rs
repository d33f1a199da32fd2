//! The commands' declaration (`service::commands`) and what is derived from it: every
//! registered game on every platform, the text parser against the parser it replaces,
//! Discord's decoder against the text parser, and README's commands table.

use std::path::PathBuf;

use boardbot::chat::text;
use boardbot::games::GameKind;
use boardbot::service::commands::{self, Kind};
use boardbot::service::{Command, Refusal, Target};

fn people(name: &str) -> Option<Target> {
    match name.to_ascii_lowercase().as_str() {
        "boardbot" => Some(Target::Computer),
        "zed" => None,
        other => {
            Some(Target::User { user_id: other.to_string(), display_name: other.to_string(), is_bot: other == "robo" })
        }
    }
}

fn new_parse(line: &str) -> Result<Option<Command>, Refusal> {
    text::parse(line, &mut |name: &str| people(name).ok_or_else(|| Refusal::UnknownUser(name.to_string())))
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

// ---------------------------------------------------------------------------
// README

/// Where README's generated table begins and ends.
const BEGIN: &str = "<!-- commands: begin";
const END: &str = "<!-- commands: end -->";

/// README's commands table is the one the declaration gives;
/// `BLESS=1 cargo test --test it commands::` writes it.
#[test]
fn readme_shows_the_declared_commands() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let begin = readme.find(BEGIN).expect("README has the commands table's begin marker");
    let from = begin + readme[begin..].find('\n').expect("a line after the marker") + 1;
    let to = from + readme[from..].find(END).expect("README has the commands table's end marker");
    let table = boardbot::present::commands_table(boardbot::lang::Lang::En);
    if readme[from..to] == table {
        return;
    }
    if std::env::var_os("BLESS").is_some() {
        let written = format!("{}{table}{}", &readme[..from], &readme[to..]);
        std::fs::write(&path, written).expect("README.md written");
        return;
    }
    let shown: Vec<&str> = readme[from..to].lines().collect();
    let wanted: Vec<&str> = table.lines().collect();
    let first = shown.iter().zip(&wanted).position(|(a, b)| a != b).unwrap_or(shown.len().min(wanted.len()));
    panic!(
        "README's commands table differs from the declaration (BLESS=1 cargo test --test it commands:: rewrites it); \
         first difference at its line {}:\n  README: {:?}\n  wanted: {:?}",
        first + 1,
        shown.get(first),
        wanted.get(first)
    );
}

// ---------------------------------------------------------------------------
// Discord and text end in the same command

#[cfg(feature = "discord")]
mod discord {
    use super::*;
    use boardbot::chat::discord::decode::decode;
    use serde_json::{json, Value};
    use serenity::all::{CommandInteraction, PartialMember, User};

    /// Discord's users: the ids of the text's names.
    const USERS: [(&str, &str); 4] = [("12", "bob"), ("13", "carol"), ("14", "dave"), ("1000", "boardbot")];

    fn interaction(name: &str, sub: &str, options: Value) -> CommandInteraction {
        let users: serde_json::Map<String, Value> = USERS
            .iter()
            .map(|(id, name)| {
                let user = json!({"id": id, "username": name, "discriminator": "0", "global_name": null,
                                  "avatar": null, "bot": *id == "1000"});
                (id.to_string(), user)
            })
            .collect();
        let body = json!({
            "id": "7001", "application_id": "1000", "type": 2,
            "data": {"id": "3000", "name": name, "type": 1,
                     "options": [{"type": 1, "name": sub, "options": options}],
                     "resolved": {"users": users}},
            "channel_id": "600", "token": "t", "version": 1, "locale": "en-US", "entitlements": [],
            "authorizing_integration_owners": {}, "context": 0, "attachment_size_limit": 10485760,
            "app_permissions": "0",
            "user": {"id": "11", "username": "alice", "discriminator": "0", "global_name": null, "avatar": null}
        });
        serde_json::from_value(body).expect("an interaction")
    }

    fn target(user: &User, _: Option<&PartialMember>) -> Target {
        people(&user.name).expect("a known user")
    }

    fn s(name: &str, value: &str) -> Value {
        json!({"type": 3, "name": name, "value": value})
    }
    fn i(name: &str, value: i64) -> Value {
        json!({"type": 4, "name": name, "value": value})
    }
    fn b(name: &str, value: bool) -> Value {
        json!({"type": 5, "name": name, "value": value})
    }
    fn u(name: &str, who: &str) -> Value {
        let id = USERS.iter().find(|(_, n)| *n == who).map(|(id, _)| *id).expect("a user");
        json!({"type": 6, "name": name, "value": id})
    }

    /// (text, command, subcommand, Discord's options): both give the same command,
    /// or the same refusal.
    fn cases() -> Vec<(&'static str, &'static str, &'static str, Vec<Value>)> {
        vec![
            (
                "/kuba challenge @bob first:me rated:yes days:2",
                "kuba",
                "challenge",
                vec![u("opponent", "bob"), s("first", "me"), b("rated", true), s("days", "2")],
            ),
            (
                "/kuba challenge @bob first:them days:unlimited",
                "kuba",
                "challenge",
                vec![u("opponent", "bob"), i("first", 1), i("days", 0)],
            ),
            ("/kuba challenge @bob days:5", "kuba", "challenge", vec![u("opponent", "bob"), i("days", 5)]),
            (
                "/kewbz challenge @bob size:10 extension:arm",
                "kewbz",
                "challenge",
                vec![u("opponent", "bob"), i("size", 10), s("extension", "arm")],
            ),
            (
                "/kewbz challenge @bob extension:line",
                "kewbz",
                "challenge",
                vec![u("opponent", "bob"), i("extension", 0)],
            ),
            (
                "/cabale challenge @bob @carol @dave sharp:no",
                "cabale",
                "challenge",
                vec![u("opponent3", "dave"), u("opponent", "bob"), b("sharp", false), u("opponent2", "carol")],
            ),
            (
                "/kuba challenge @boardbot level:hard",
                "kuba",
                "challenge",
                vec![u("opponent", "boardbot"), i("level", 4)],
            ),
            (
                "/nuba challenge @boardbot level:easy first:random",
                "nuba",
                "challenge",
                vec![u("opponent", "boardbot"), s("level", "easy"), s("first", "random")],
            ),
            (
                "/kuba challenge @bob start:7/7/7/RW5/7/7/B6 w 6-0 -",
                "kuba",
                "challenge",
                vec![u("opponent", "bob"), s("start", "7/7/7/RW5/7/7/B6 w 6-0 -")],
            ),
            (
                r#"/kewbz challenge @bob settings:{"cubes":12} size:6"#,
                "kewbz",
                "challenge",
                vec![u("opponent", "bob"), s("settings", r#"{"cubes":12}"#), i("size", 6)],
            ),
            ("/kuba accept challenge:2", "kuba", "accept", vec![i("challenge", 2)]),
            ("/kuba decline", "kuba", "decline", vec![]),
            ("/kuba cancel challenge:1", "kuba", "cancel", vec![i("challenge", 1)]),
            ("/kuba move a7 down game:K7Q2", "kuba", "move", vec![s("move", "a7 down"), s("game", "K7Q2")]),
            ("/cabale move @A2", "cabale", "move", vec![s("move", "@A2")]),
            ("/kuba board flip:yes", "kuba", "board", vec![b("flip", true)]),
            ("/kuba resign game:K7Q2", "kuba", "resign", vec![s("game", "K7Q2")]),
            ("/kuba draw accept", "kuba", "draw", vec![s("answer", "accept")]),
            ("/kuba draw decline", "kuba", "draw", vec![i("answer", 2)]),
            ("/kuba draw", "kuba", "draw", vec![]),
            ("/kewbz takeback ask", "kewbz", "takeback", vec![i("answer", 0)]),
            ("/kewbz takeback decline", "kewbz", "takeback", vec![s("answer", "decline")]),
            ("/kuba history game:AB", "kuba", "history", vec![s("game", "AB")]),
            ("/kuba leaderboard scope:global", "kuba", "leaderboard", vec![i("scope", 1)]),
            ("/kuba leaderboard", "kuba", "leaderboard", vec![s("scope", "here")]),
            ("/kuba rating @bob vs:@carol", "kuba", "rating", vec![u("player", "bob"), u("vs", "carol")]),
            ("/kuba rules", "kuba", "rules", vec![]),
            ("/nuba help", "nuba", "help", vec![]),
            ("/boardbot games", "boardbot", "games", vec![]),
            ("/boardbot rating game:kewbz @bob", "boardbot", "rating", vec![i("game", 1), u("player", "bob")]),
            ("/boardbot rating", "boardbot", "rating", vec![]),
            (
                "/boardbot leaderboard game:nuba scope:global",
                "boardbot",
                "leaderboard",
                vec![s("game", "nuba"), s("scope", "global")],
            ),
            ("/boardbot notify dm", "boardbot", "notify", vec![s("how", "dm")]),
            ("/boardbot notify off @bob", "boardbot", "notify", vec![i("how", 2), u("user", "bob")]),
            ("/boardbot vacation days:7", "boardbot", "vacation", vec![i("days", 7)]),
            ("/boardbot vacation end", "boardbot", "vacation", vec![b("end", true)]),
            ("/boardbot rules game:cabale", "boardbot", "rules", vec![s("game", "cabale")]),
            ("/boardbot help", "boardbot", "help", vec![]),
            // The same refusals.
            ("/kewbz challenge @bob size:30", "kewbz", "challenge", vec![u("opponent", "bob"), i("size", 30)]),
            ("/kuba challenge @bob size:10", "kuba", "challenge", vec![u("opponent", "bob"), i("size", 10)]),
            (
                "/cabale challenge @bob sharp:maybe",
                "cabale",
                "challenge",
                vec![u("opponent", "bob"), s("sharp", "maybe")],
            ),
            ("/kuba challenge @bob days:soon", "kuba", "challenge", vec![u("opponent", "bob"), s("days", "soon")]),
            (
                "/kuba challenge @bob settings:[1]",
                "kuba",
                "challenge",
                vec![u("opponent", "bob"), s("settings", "[1]")],
            ),
            ("/boardbot vacation days:3 end", "boardbot", "vacation", vec![i("days", 3), b("end", true)]),
            ("/boardbot vacation", "boardbot", "vacation", vec![]),
            ("/boardbot rating game:chess", "boardbot", "rating", vec![s("game", "chess")]),
        ]
    }

    #[test]
    fn discord_and_text_give_the_same_command() {
        let mut problems = Vec::new();
        for (line, name, sub, options) in cases() {
            let from_text = new_parse(line).map(|c| c.expect("a command"));
            let from_discord = decode(&interaction(name, sub, Value::Array(options.clone())), &mut target);
            if from_text != from_discord {
                problems.push(format!("{line}\n  text:    {from_text:?}\n  discord: {from_discord:?}"));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn discord_refuses_wrong_types_and_unknown_options_by_name() {
        let refused = |name: &str, sub: &str, options: Vec<Value>| {
            decode(&interaction(name, sub, Value::Array(options)), &mut target).expect_err("refused")
        };
        let named = |r: Refusal| match r {
            Refusal::BadValue { option, .. }
            | Refusal::UnknownOption { option, .. }
            | Refusal::OptionOfOtherGames { option, .. } => option,
            other => panic!("{other:?}"),
        };
        // Kewbz size sent as text used to be ignored and made a game of the default size.
        assert_eq!(named(refused("kewbz", "challenge", vec![u("opponent", "bob"), s("size", "x")])), "size");
        assert_eq!(named(refused("kuba", "challenge", vec![u("opponent", "bob"), s("rated", "x")])), "rated");
        assert_eq!(named(refused("kuba", "challenge", vec![s("opponent", "bob")])), "opponent");
        assert_eq!(named(refused("kuba", "board", vec![s("flip", "sideways")])), "flip");
        assert_eq!(named(refused("kuba", "accept", vec![s("challenge", "two")])), "challenge");
        assert_eq!(named(refused("kuba", "accept", vec![b("challenge", true)])), "challenge");
        assert_eq!(named(refused("kuba", "draw", vec![i("answer", 7)])), "answer");
        assert_eq!(named(refused("kuba", "move", vec![u("move", "bob")])), "move");
        assert_eq!(named(refused("kuba", "resign", vec![s("colour", "red")])), "colour");
        assert_eq!(named(refused("kuba", "challenge", vec![u("opponent2", "bob")])), "opponent2");
        assert_eq!(named(refused("nuba", "challenge", vec![b("sharp", true)])), "sharp");
        assert_eq!(named(refused("boardbot", "leaderboard", vec![i("game", 9)])), "game");
        assert!(matches!(
            refused("kuba", "castle", vec![]),
            Refusal::UnknownSubcommand { word, .. } if word == "castle"
        ));
        assert_eq!(refused("chess", "challenge", vec![]), Refusal::UnknownGame("chess".into()));
    }
}
