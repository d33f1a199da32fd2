//! The Discord adapter from outside: the real `boardbot discord --http` process,
//! signed interaction payloads (fixtures under `tests/discord/`) posted to it, and a
//! Discord double on loopback that records every REST call the bot makes.

use crate::common::discord_double;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use boardbot::store::{self, Status, Store};
use discord_double::{summary, Call, Double};
use ed25519_dalek::{Signer, SigningKey};
use serde_json::{json, Value};

const BOT: &str = "1000";
const ALICE: &str = "11";
const BOB: &str = "12";
const CAROL: &str = "13";
const CHANNEL: &str = "600";

fn fixture(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/discord").join(name);
    serde_json::from_str(&std::fs::read_to_string(&path).expect("the fixture")).expect("fixture JSON")
}

fn key() -> SigningKey {
    SigningKey::from_bytes(&[7u8; 32])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_secs() as i64
}

/// The bot as a process, serving interactions on a loopback port.
struct Bot {
    child: Child,
    addr: String,
    dir: PathBuf,
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port()
}

fn start_bot(name: &str, double: &Double) -> Bot {
    let dir = std::env::temp_dir().join(format!("boardbot-discord-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let addr = format!("127.0.0.1:{}", free_port());
    let child = Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["discord", "--http", &addr, "--db"])
        .arg(dir.join("db.sqlite"))
        .env("BOARDBOT_DISCORD_TOKEN", "test-token")
        .env("BOARDBOT_DISCORD_APPLICATION_ID", BOT)
        .env("BOARDBOT_DISCORD_PUBLIC_KEY", hex(key().verifying_key().as_bytes()))
        .env("BOARDBOT_DISCORD_API_PROXY", &double.url)
        .env("RUST_LOG", std::env::var("BOARDBOT_TEST_LOG").unwrap_or_else(|_| "warn".to_string()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the bot starts");
    let until = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < until, "the bot does not listen on {addr}");
        std::thread::sleep(Duration::from_millis(20));
    }
    Bot { child, addr, dir }
}

/// A plain HTTP/1.1 POST; the status and the body.
fn post(addr: &str, headers: &[(&str, String)], body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let mut head = format!(
        "POST /interactions HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("write");
    stream.write_all(body).expect("write");
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// Posts `body` signed now with the application's key.
fn signed(bot: &Bot, body: &Value) -> (u16, String) {
    let bytes = body.to_string().into_bytes();
    sign_and_post(bot, &key(), now(), &bytes)
}

fn sign_and_post(bot: &Bot, key: &SigningKey, at: i64, body: &[u8]) -> (u16, String) {
    let ts = at.to_string();
    let message = [ts.as_bytes(), body].concat();
    let signature = hex(&key.sign(&message).to_bytes());
    post(&bot.addr, &[("X-Signature-Ed25519", signature), ("X-Signature-Timestamp", ts)], body)
}

static NEXT: AtomicU64 = AtomicU64::new(7100);

fn user_json(id: &str) -> Value {
    let name = match id {
        ALICE => "alice",
        BOB => "bob",
        CAROL => "carol",
        BOT => "boardbot",
        _ => "robo",
    };
    json!({"id": id, "username": name, "discriminator": "0", "global_name": null, "avatar": null,
           "bot": id == BOT || id == "99"})
}

/// An option of a slash command.
enum Opt<'a> {
    Str(&'a str, &'a str),
    Int(&'a str, i64),
    Bool(&'a str, bool),
    User(&'a str, &'a str),
    Focused(&'a str, &'a str),
}

/// Where an interaction comes from: the channel, or a game's thread in it.
fn at(interaction: &mut Value, thread: Option<&str>) {
    if let Some(thread) = thread {
        interaction["channel"] =
            json!({"id": thread, "type": 11, "name": "a game", "parent_id": CHANNEL, "permissions": "0"});
        interaction["channel_id"] = json!(thread);
    }
}

fn as_user(interaction: &mut Value, user: &str) {
    interaction["member"]["user"] = user_json(user);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    interaction["id"] = json!(n.to_string());
    interaction["token"] = json!(format!("token-{n}"));
}

fn command(user: &str, name: &str, sub: &str, options: &[Opt], thread: Option<&str>) -> Value {
    let mut i = fixture("command.json");
    as_user(&mut i, user);
    at(&mut i, thread);
    let mut opts = Vec::new();
    let mut users = serde_json::Map::new();
    for o in options {
        opts.push(match o {
            Opt::Str(n, v) => json!({"type": 3, "name": n, "value": v}),
            Opt::Int(n, v) => json!({"type": 4, "name": n, "value": v}),
            Opt::Bool(n, v) => json!({"type": 5, "name": n, "value": v}),
            Opt::User(n, id) => {
                users.insert(id.to_string(), user_json(id));
                json!({"type": 6, "name": n, "value": id})
            }
            Opt::Focused(n, v) => json!({"type": 3, "name": n, "value": v, "focused": true}),
        });
    }
    i["data"]["name"] = json!(name);
    i["data"]["options"] = json!([{"type": 1, "name": sub, "options": opts}]);
    i["data"]["resolved"] = json!({"users": users});
    if options.iter().any(|o| matches!(o, Opt::Focused(..))) {
        i["type"] = json!(4);
    }
    i
}

fn button(user: &str, custom_id: &str, thread: Option<&str>) -> Value {
    let mut i = fixture("component.json");
    as_user(&mut i, user);
    at(&mut i, thread);
    i["data"]["custom_id"] = json!(custom_id);
    i
}

/// Sends an interaction that the bot defers, and waits until it has finished with it
/// (removed or replaced the deferred response); returns the calls it made for it.
fn deferred(bot: &Bot, double: &Double, interaction: &Value) -> Vec<Call> {
    double.clear();
    let (status, body) = signed(bot, interaction);
    assert_eq!(status, 200, "{body}");
    let response: Value = serde_json::from_str(&body).expect("a JSON response");
    assert_eq!(response["type"], 5, "deferred: {response}");
    assert_eq!(response["data"]["flags"], 64, "deferred privately: {response}");
    let token = interaction["token"].as_str().expect("a token").to_string();
    double.wait_for("the end of the interaction", |calls| {
        calls.iter().any(|c| c.path.contains(&token) && (c.method == "DELETE" || c.method == "POST"))
    });
    // Public messages are posted before the deferred response is finished.
    double.calls()
}

/// The ephemeral follow-up of an interaction, if any.
fn private(calls: &[Call]) -> Option<String> {
    calls.iter().find(|c| c.method == "POST" && c.path.starts_with("/api/v10/webhooks/")).map(Call::content)
}

fn posted<'a>(calls: &'a [Call], channel: &str) -> Vec<&'a Call> {
    let path = format!("/api/v10/channels/{channel}/messages");
    calls.iter().filter(|c| c.method == "POST" && c.path == path).collect()
}

#[test]
fn signatures_are_checked_before_anything_else() {
    let double = Double::start();
    let bot = start_bot("signatures", &double);
    let ping = fixture("ping.json").to_string().into_bytes();
    // Signed now: PONG.
    let (status, body) = sign_and_post(&bot, &key(), now(), &ping);
    assert_eq!((status, body.as_str()), (200, r#"{"type":1,"data":null}"#));
    // Forged (another key), stale (over 5 minutes), missing, or for another body: 401.
    let other = SigningKey::from_bytes(&[9u8; 32]);
    assert_eq!(sign_and_post(&bot, &other, now(), &ping).0, 401);
    assert_eq!(sign_and_post(&bot, &key(), now() - 301, &ping).0, 401);
    assert_eq!(post(&bot.addr, &[], &ping).0, 401);
    let ts = now().to_string();
    let signature = hex(&key().sign(&[ts.as_bytes(), &ping].concat()).to_bytes());
    let challenge = command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB)], None).to_string();
    let (status, _) =
        post(&bot.addr, &[("X-Signature-Ed25519", signature), ("X-Signature-Timestamp", ts)], challenge.as_bytes());
    assert_eq!(status, 401);
    // The handler was never reached: no call to Discord, nothing stored.
    std::thread::sleep(Duration::from_millis(200));
    assert!(double.calls().is_empty(), "{:?}", summary(&double.calls()));
    let store = Store::open(&bot.dir.join("db.sqlite")).expect("the database");
    let players = store.read(|tx| store::find_player(tx, boardbot::config::Platform::Discord, ALICE)).expect("read");
    assert!(players.is_none(), "a forged request changed the database");
    // A signed body that is not an interaction: 400.
    assert_eq!(sign_and_post(&bot, &key(), now(), b"{not json").0, 400);
}

/// The moves of the scripted Kuba session, with who plays each.
fn scripted_kuba_game() -> Vec<(String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sessions/kuba_two_players.txt");
    let text = std::fs::read_to_string(path).expect("the session");
    let mut who = String::new();
    let mut moves = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("> /as ") {
            who = name.trim().to_string();
        } else if let Some(mv) = line.strip_prefix("> /kuba move ") {
            moves.push((who.clone(), mv.trim().to_string()));
        }
    }
    moves
}

#[test]
fn a_whole_kuba_game_between_two_users() {
    let double = Double::start();
    let bot = start_bot("game", &double);
    // The challenge: posted in the channel with Accept and Decline buttons.
    let calls = deferred(
        &bot,
        &double,
        &command(
            ALICE,
            "kuba",
            "challenge",
            &[Opt::User("opponent", BOB), Opt::Str("first", "me"), Opt::Bool("rated", true)],
            None,
        ),
    );
    let challenge = posted(&calls, CHANNEL);
    assert_eq!(challenge.len(), 1, "{:?}", summary(&calls));
    assert!(challenge[0].content().contains(&format!("<@{BOB}>")), "{}", challenge[0].content());
    let buttons = challenge[0].json()["components"][0]["components"].clone();
    assert_eq!(buttons[0]["custom_id"], "bb:accept:kuba:1");
    assert_eq!(buttons[1]["custom_id"], "bb:decline:kuba:1");
    // Bob accepts by the button: the announcement, a thread, the first board in it.
    let calls = deferred(&bot, &double, &button(BOB, "bb:accept:kuba:1", None));
    let thread_call =
        calls.iter().find(|c| c.path == format!("/api/v10/channels/{CHANNEL}/threads")).expect("a thread");
    let title = thread_call.json()["name"].as_str().unwrap_or_default().to_string();
    assert!(title.starts_with("Kuba · alice vs bob · "), "{title}");
    let game_id = title.rsplit(' ').next().expect("an id").to_string();
    let thread = calls
        .iter()
        .filter(|c| {
            c.path.starts_with("/api/v10/channels/") && c.path.ends_with("/messages") && !c.path.contains(CHANNEL)
        })
        .map(|c| c.path.split('/').nth(4).expect("a channel").to_string())
        .next()
        .expect("a message in the thread");
    let first_board = posted(&calls, &thread);
    assert!(first_board[0].has_png(), "the board is attached");
    assert!(first_board[0].content().contains(&format!("<@{ALICE}>")), "alice is told to move");
    // The moves, each after an autocomplete request, in the game's thread.
    let moves = scripted_kuba_game();
    let mut played = Vec::new();
    for (who, mv) in &moves {
        let user = if who == "alice" { ALICE } else { BOB };
        let square = &mv[..2];
        let (status, body) =
            signed(&bot, &command(user, "kuba", "move", &[Opt::Focused("move", square)], Some(&thread)));
        assert_eq!(status, 200);
        let choices: Value = serde_json::from_str(&body).expect("choices");
        assert_eq!(choices["type"], 8);
        let offered: Vec<&str> =
            choices["data"]["choices"].as_array().expect("a list").iter().filter_map(|c| c["value"].as_str()).collect();
        assert!(offered.contains(&mv.as_str()), "{mv} among {offered:?}");
        assert!(offered.len() <= 25);
        let calls = deferred(&bot, &double, &command(user, "kuba", "move", &[Opt::Str("move", mv)], Some(&thread)));
        assert_eq!(private(&calls), None, "{mv} refused: {:?}", summary(&calls));
        let boards = posted(&calls, &thread);
        assert!(boards.iter().any(|b| b.has_png() && b.content().contains(mv.as_str())), "{mv}: {:?}", summary(&calls));
        played.push(mv.clone());
    }
    // The result and the rating change were announced in the thread.
    let calls = double.calls();
    let said: Vec<String> = posted(&calls, &thread).iter().map(|c| c.content()).collect();
    assert!(said.iter().any(|t| t.contains("Game over") && t.contains("wins")), "{said:?}");
    assert!(said.iter().any(|t| t.starts_with("Ratings:")), "{said:?}");
    // The stored game is the moves played.
    let store = Store::open(&bot.dir.join("db.sqlite")).expect("the database");
    let record = store.find_game(&game_id).expect("the game");
    assert_eq!(record.status, Status::Over);
    let stored: Vec<String> = record.moves.iter().map(|m| m.text.clone()).collect();
    assert_eq!(stored, played);
    // Stale buttons: accepting the challenge again, resigning the finished game.
    let calls = deferred(&bot, &double, &button(BOB, "bb:accept:kuba:1", None));
    assert!(private(&calls).is_some_and(|t| !t.is_empty()), "{:?}", summary(&calls));
    assert!(posted(&calls, CHANNEL).is_empty());
    let calls = deferred(&bot, &double, &button(ALICE, &format!("bb:resign-confirm:kuba:{game_id}"), Some(&thread)));
    assert!(private(&calls).is_some_and(|t| t.contains("over")), "{:?}", summary(&calls));
}

#[test]
fn a_game_against_the_computer() {
    let double = Double::start();
    let bot = start_bot("computer", &double);
    let calls = deferred(
        &bot,
        &double,
        &command(
            ALICE,
            "kuba",
            "challenge",
            &[Opt::User("opponent", BOT), Opt::Str("level", "random"), Opt::Str("first", "me")],
            None,
        ),
    );
    let thread_call = calls.iter().find(|c| c.path.ends_with("/threads")).expect("a thread");
    let title = thread_call.json()["name"].as_str().unwrap_or_default().to_string();
    assert!(title.starts_with("Kuba · alice vs boardbot · "), "{title}");
    let thread = calls
        .iter()
        .filter(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL))
        .map(|c| c.path.split('/').nth(4).expect("a channel").to_string())
        .next()
        .expect("a board in the thread");
    deferred(&bot, &double, &command(ALICE, "kuba", "move", &[Opt::Str("move", "a7 down")], Some(&thread)));
    // The computer answers on its own, through the outbox, in the thread.
    let calls = double.wait_for("the computer's move", |calls| {
        calls.iter().any(|c| c.path.ends_with(&format!("{thread}/messages")) && c.content().contains("boardbot plays"))
    });
    let answer = calls.iter().find(|c| c.content().contains("boardbot plays")).expect("the move");
    assert!(answer.has_png());
    assert!(answer.content().contains(&format!("<@{ALICE}>")), "alice is told: {}", answer.content());
}

#[test]
fn refusals_are_private_and_change_nothing() {
    let double = Double::start();
    let bot = start_bot("refusals", &double);
    let refused = |interaction: &Value, words: &str| {
        let calls = deferred(&bot, &double, interaction);
        let text = private(&calls).unwrap_or_else(|| panic!("no private answer: {:?}", summary(&calls)));
        assert!(text.to_lowercase().contains(words), "{text:?} should say {words:?}");
        assert!(
            calls.iter().all(|c| !(c.method == "POST" && c.path.starts_with("/api/v10/channels/"))),
            "{:?}",
            summary(&calls)
        );
    };
    refused(&command(ALICE, "kuba", "challenge", &[Opt::User("opponent", ALICE)], None), "yourself");
    refused(&command(ALICE, "kuba", "challenge", &[Opt::User("opponent", "99")], None), "bot");
    refused(&command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB), Opt::Str("days", "4")], None), "days:4");
    refused(
        &command(
            ALICE,
            "kuba",
            "challenge",
            &[Opt::User("opponent", BOB), Opt::Bool("rated", true), Opt::Str("days", "unlimited")],
            None,
        ),
        "rated",
    );
    refused(&command(ALICE, "kewbz", "challenge", &[Opt::User("opponent", BOB), Opt::Int("size", 30)], None), "size");
    // A game, then moves out of turn and by someone not seated.
    deferred(
        &bot,
        &double,
        &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB), Opt::Str("first", "me")], None),
    );
    let calls = deferred(&bot, &double, &button(BOB, "bb:accept:kuba:1", None));
    let thread = calls
        .iter()
        .filter(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL))
        .map(|c| c.path.split('/').nth(4).expect("a channel").to_string())
        .next()
        .expect("a thread");
    refused(&command(BOB, "kuba", "move", &[Opt::Str("move", "g7-S")], Some(&thread)), "turn");
    refused(&command(CAROL, "kuba", "move", &[Opt::Str("move", "a7-S")], Some(&thread)), "play");
    refused(&command(ALICE, "kuba", "move", &[Opt::Str("move", "z9-Q")], Some(&thread)), "move");
    refused(&button(CAROL, "bb:decline:kuba:1", None), "challenge");
    // A button that is not one of ours, and Resign asking first.
    let (status, body) = signed(&bot, &button(ALICE, "something-else", None));
    assert_eq!(status, 200);
    assert!(body.contains("\"flags\":64"), "{body}");
    let (_, body) = signed(&bot, &button(ALICE, "bb:resign:kuba:ZZZZ", Some(&thread)));
    let confirm: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(confirm["type"], 4);
    assert_eq!(confirm["data"]["components"][0]["components"][0]["custom_id"], "bb:resign-confirm:kuba:ZZZZ");
    // Nothing was played.
    let store = Store::open(&bot.dir.join("db.sqlite")).expect("the database");
    let games = store.read(store::all_games).expect("games");
    assert_eq!(games.len(), 1);
    assert!(store.load_game(games[0]).expect("the game").moves.is_empty());
}

#[test]
fn the_command_definitions_respect_discords_limits() {
    let definitions = boardbot::chat::discord::commands::definitions();
    let names: Vec<String> = definitions
        .iter()
        .map(|c| serde_json::to_value(c).expect("JSON")["name"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(names, ["kuba", "kewbz", "cabale", "nuba", "boardbot"]);
    fn check(v: &Value, path: &str, problems: &mut Vec<String>) {
        let name = v["name"].as_str().unwrap_or_default();
        let ok_name = (1..=32).contains(&name.chars().count())
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
        if !ok_name {
            problems.push(format!("{path}: name {name:?}"));
        }
        let description = v["description"].as_str().unwrap_or_default();
        if !(1..=100).contains(&description.chars().count()) {
            problems.push(format!("{path} {name}: description of {} characters", description.chars().count()));
        }
        for list in ["options", "choices"] {
            if let Some(items) = v[list].as_array() {
                if items.len() > 25 {
                    problems.push(format!("{path} {name}: {} {list}", items.len()));
                }
                for item in items {
                    if list == "options" {
                        check(item, &format!("{path} {name}"), problems);
                    } else if !(1..=100).contains(&item["name"].as_str().unwrap_or_default().chars().count()) {
                        problems.push(format!("{path} {name}: choice {item}"));
                    }
                }
            }
        }
    }
    let mut problems = Vec::new();
    for c in &definitions {
        let v = serde_json::to_value(c).expect("JSON");
        check(&v, "", &mut problems);
        // Names, descriptions, values and choices of the whole command.
        fn text_len(v: &Value) -> usize {
            match v {
                Value::Object(map) => map
                    .iter()
                    .map(|(k, v)| {
                        if ["name", "description", "value"].contains(&k.as_str()) {
                            v.as_str().map_or(0, |s| s.chars().count())
                        } else {
                            text_len(v)
                        }
                    })
                    .sum(),
                Value::Array(items) => items.iter().map(text_len).sum(),
                _ => 0,
            }
        }
        let total = text_len(&v);
        if total > 8000 {
            problems.push(format!("{}: {total} characters in all", v["name"]));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn register_sends_the_definitions_globally_or_to_the_dev_guild() {
    let double = Double::start();
    let run = |extra: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_boardbot"));
        command
            .args(["discord", "register"])
            .env("BOARDBOT_DISCORD_TOKEN", "test-token")
            .env("BOARDBOT_DISCORD_APPLICATION_ID", BOT)
            .env("BOARDBOT_DISCORD_API_PROXY", &double.url);
        for (k, v) in extra {
            command.env(k, v);
        }
        command.output().expect("the binary runs")
    };
    let out = run(&[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("registered 5 commands globally"));
    let calls = double.calls();
    let put = calls.iter().find(|c| c.method == "PUT").expect("a PUT");
    assert_eq!(put.path, format!("/api/v10/applications/{BOT}/commands"));
    let names: Vec<String> = put
        .json()
        .as_array()
        .expect("a list")
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(names, ["kuba", "kewbz", "cabale", "nuba", "boardbot"]);
    // With dev_guild, from a configuration file.
    let dir = std::env::temp_dir().join(format!("boardbot-discord-register-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let config = dir.join("c.toml");
    std::fs::write(&config, "[discord]\ndev_guild = 500\n").expect("config");
    double.clear();
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardbot"));
    let out = command
        .args(["discord", "register", "--config"])
        .arg(&config)
        .env("BOARDBOT_DISCORD_TOKEN", "test-token")
        .env("BOARDBOT_DISCORD_APPLICATION_ID", BOT)
        .env("BOARDBOT_DISCORD_API_PROXY", &double.url)
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(double
        .calls()
        .iter()
        .any(|c| c.method == "PUT" && c.path == format!("/api/v10/applications/{BOT}/guilds/500/commands")));
    let _ = std::fs::remove_dir_all(&dir);
    // Without a token: a clear refusal.
    let out = Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["discord", "register"])
        .env_remove("BOARDBOT_DISCORD_TOKEN")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("discord.token is not set"));
}

#[test]
fn choices_sent_as_integers_are_understood() {
    // poise registers choices as integers (their index); the bot takes those too, and
    // `days` as a plain number of days.
    let double = Double::start();
    let bot = start_bot("integers", &double);
    let calls = deferred(
        &bot,
        &double,
        &command(
            ALICE,
            "kuba",
            "challenge",
            &[Opt::User("opponent", BOB), Opt::Int("first", 1), Opt::Int("days", 2)],
            None,
        ),
    );
    let said = posted(&calls, CHANNEL).first().map(|c| c.content()).unwrap_or_default();
    assert!(said.contains("<@12> moves first, 2 days a move"), "{said}");
}

#[test]
fn vacation_end_is_understood_as_an_option_or_as_a_subcommand() {
    let double = Double::start();
    let bot = start_bot("vacation", &double);
    let calls = deferred(&bot, &double, &command(ALICE, "boardbot", "vacation", &[Opt::Int("days", 3)], None));
    assert!(
        posted(&calls, CHANNEL).iter().any(|c| c.content().contains("is on vacation until")),
        "{:?}",
        summary(&calls)
    );
    // `/boardbot vacation end` as a subcommand group with a subcommand `end`.
    let mut end = command(ALICE, "boardbot", "vacation", &[], None);
    end["data"]["options"] =
        json!([{"type": 2, "name": "vacation", "options": [{"type": 1, "name": "end", "options": []}]}]);
    let calls = deferred(&bot, &double, &end);
    assert!(
        posted(&calls, CHANNEL).iter().any(|c| c.content().contains("is back from vacation")),
        "{:?}",
        summary(&calls)
    );
    // And as the registered boolean option.
    let calls = deferred(&bot, &double, &command(ALICE, "boardbot", "vacation", &[Opt::Bool("end", true)], None));
    assert_eq!(private(&calls).as_deref(), Some("You are not on vacation."));
}
