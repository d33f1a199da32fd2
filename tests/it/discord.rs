//! The Discord adapter from outside: the real `boardbot discord --http` process,
//! signed interaction payloads (fixtures under `tests/discord/`) posted to it, and a
//! Discord double on loopback that records every REST call the bot makes.

use crate::common::discord_double;
use crate::common::discord_sign::sign_and_post_at;
pub(crate) use crate::common::discord_sign::{hex, key, now, post, signed_at, start_discord_bot};

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::common::store::{both_backends, TestDb};
use boardbot::store::{self, Status};
use discord_double::{summary, Call, Double};
use ed25519_dalek::{Signer, SigningKey};
use serde_json::{json, Value};

pub(crate) const BOT: &str = "1000";
pub(crate) const ALICE: &str = "11";
pub(crate) const BOB: &str = "12";
pub(crate) const CAROL: &str = "13";
pub(crate) const CHANNEL: &str = "600";

pub(crate) fn fixture(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/discord").join(name);
    serde_json::from_str(&std::fs::read_to_string(&path).expect("the fixture")).expect("fixture JSON")
}

/// The bot as a process, serving interactions on a loopback port.
struct Bot {
    child: Child,
    addr: String,
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port()
}

/// The bot on the test database `db`, as it was left.
fn start_bot(db: &TestDb, double: &Double) -> Bot {
    start_bot_with(db, double, &[])
}

/// [`start_bot`] with more variables in its environment.
fn start_bot_with(db: &TestDb, double: &Double, env: &[(&str, &str)]) -> Bot {
    start_bot_configured(db, double, env, &[])
}

/// [`start_bot_with`] with more arguments (`--config FILE`).
fn start_bot_configured(db: &TestDb, double: &Double, env: &[(&str, &str)], more: &[&str]) -> Bot {
    let addr = format!("127.0.0.1:{}", free_port());
    let child = start_discord_bot(&addr, BOT, &double.url, "BOARDBOT_TEST_LOG", Duration::from_secs(20), |c| {
        c.envs(env.iter().copied()).args(["--db", &db.arg()]).args(more);
    });
    Bot { child, addr }
}

/// Posts `body` signed now with the application's key.
fn signed(bot: &Bot, body: &Value) -> (u16, String) {
    signed_at(&bot.addr, body)
}

fn sign_and_post(bot: &Bot, key: &SigningKey, at: i64, body: &[u8]) -> (u16, String) {
    sign_and_post_at(&bot.addr, key, at, body)
}

static NEXT: AtomicU64 = AtomicU64::new(7100);

pub(crate) fn user_json(id: &str) -> Value {
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
pub(crate) enum Opt<'a> {
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

pub(crate) fn command(user: &str, name: &str, sub: &str, options: &[Opt], thread: Option<&str>) -> Value {
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

pub(crate) fn button(user: &str, custom_id: &str, thread: Option<&str>) -> Value {
    let mut i = fixture("component.json");
    as_user(&mut i, user);
    at(&mut i, thread);
    i["data"]["custom_id"] = json!(custom_id);
    i
}

/// What the bot answered an interaction with, once it has finished with it.
pub(crate) struct Answer {
    /// The interaction's response was ephemeral.
    pub(crate) private: bool,
    /// Its words (the edited response's, when it was deferred).
    pub(crate) text: String,
    /// The board came with it.
    pub(crate) png: bool,
    /// The response itself (type 4 a message, type 5 deferred).
    pub(crate) response: Value,
    /// Every REST call made for it.
    pub(crate) calls: Vec<Call>,
}

/// Sends an interaction and waits until the bot has finished with it: the response,
/// the edit of a deferred response, and what it posted elsewhere.
fn answer(bot: &Bot, double: &Double, interaction: &Value) -> Answer {
    answer_at(&bot.addr, double, interaction)
}

/// [`answer`] from the bot listening at `addr`.
pub(crate) fn answer_at(addr: &str, double: &Double, interaction: &Value) -> Answer {
    double.clear();
    let (status, body) = signed_at(addr, interaction);
    let token = interaction["token"].as_str().expect("a token").to_string();
    // Discord has the response now: its webhook is known (to a strict double).
    double.acknowledge(&token);
    assert_eq!(status, 200, "{body}");
    let response: Value = serde_json::from_str(&body).expect("a JSON response");
    let private = response["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0;
    let (text, png, calls) = match response["type"].as_u64() {
        Some(4) => {
            let calls = double.settle(Duration::from_millis(400));
            (response["data"]["content"].as_str().unwrap_or_default().to_string(), false, calls)
        }
        Some(5) => {
            // Deferred: the answer replaces it (an edit), or a private follow-up does.
            let calls = double.wait_for("the end of the interaction", |calls| {
                calls.iter().any(|c| c.path.contains(&token) && (c.method == "PATCH" || c.method == "POST"))
            });
            let calls = {
                let _ = calls;
                double.settle(Duration::from_millis(400))
            };
            let done = calls
                .iter()
                .find(|c| c.path.contains(&token) && (c.method == "PATCH" || c.method == "POST"))
                .expect("the answer");
            (done.content(), done.has_png(), calls)
        }
        other => panic!("an unexpected response {other:?}: {response}"),
    };
    Answer { private, text, png, response, calls }
}

pub(crate) fn posted<'a>(calls: &'a [Call], channel: &str) -> Vec<&'a Call> {
    let path = format!("/api/v10/channels/{channel}/messages");
    calls.iter().filter(|c| c.method == "POST" && c.path == path).collect()
}

/// The game's thread: the channel of the first message posted outside the channel.
pub(crate) fn thread_of(calls: &[Call]) -> String {
    calls
        .iter()
        .filter(|c| {
            c.path.starts_with("/api/v10/channels/") && c.path.ends_with("/messages") && !c.path.contains(CHANNEL)
        })
        .map(|c| c.path.split('/').nth(4).expect("a channel").to_string())
        .next()
        .unwrap_or_else(|| panic!("no message in a thread: {:?}", summary(calls)))
}

both_backends! {
    fn signatures_are_checked_before_anything_else(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
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
        // The handler was never reached: no call to Discord (but the list of commands read
        // at start), nothing stored.
        std::thread::sleep(Duration::from_millis(200));
        let calls: Vec<Call> = double.calls().into_iter().filter(|c| c.method != "GET").collect();
        assert!(calls.is_empty(), "{:?}", summary(&calls));
        let store = db.open();
        let players = store.read(|tx| store::find_player(tx, boardbot::config::Platform::Discord, ALICE)).expect("read");
        assert!(players.is_none(), "a forged request changed the database");
        // A signed body that is not an interaction: 400.
        assert_eq!(sign_and_post(&bot, &key(), now(), b"{not json").0, 400);
        // A body larger than any interaction is not read: 413, even signed.
        let huge = format!("{{\"type\":1,\"pad\":\"{}\"}}", "x".repeat(300 * 1024));
        assert_eq!(sign_and_post(&bot, &key(), now(), huge.as_bytes()).0, 413);
    }
}

/// The moves of the scripted Kuba session, with who plays each.
pub(crate) fn scripted_kuba_game() -> Vec<(String, String)> {
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

both_backends! {
    fn a_whole_kuba_game_between_two_users(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
        // The challenge is the command's own public response, with Accept and Decline
        // buttons and a clickable command hint.
        let challenge = answer(
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
        assert!(!challenge.private, "{}", challenge.response);
        assert!(challenge.text.contains(&format!("<@{BOB}>")), "{}", challenge.text);
        assert!(challenge.text.contains("</kuba accept:9001>"), "a clickable hint: {}", challenge.text);
        assert_eq!(challenge.response["data"]["allowed_mentions"]["users"], json!([BOB]));
        let buttons = challenge.response["data"]["components"][0]["components"].clone();
        assert_eq!(buttons[0]["custom_id"], "bb:accept:kuba:1");
        assert_eq!(buttons[1]["custom_id"], "bb:decline:kuba:1");
        assert!(posted(&challenge.calls, CHANNEL).is_empty(), "{:?}", summary(&challenge.calls));
        // Bob accepts by the button: the announcement is the response; then a thread and
        // the first board in it.
        let accepted = answer(&bot, &double, &button(BOB, "bb:accept:kuba:1", None));
        assert!(!accepted.private && accepted.text.contains("begins"), "{}", accepted.text);
        let calls = double.wait_for("the first board", |calls| {
            calls.iter().any(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL) && c.has_png())
        });
        let thread_call =
            calls.iter().find(|c| c.path == format!("/api/v10/channels/{CHANNEL}/threads")).expect("a thread");
        let title = thread_call.json()["name"].as_str().unwrap_or_default().to_string();
        assert!(title.starts_with("Kuba · alice vs bob · "), "{title}");
        let game_id = title.rsplit(' ').next().expect("an id").to_string();
        let thread = thread_of(&calls);
        let first_board = posted(&calls, &thread);
        assert!(first_board[0].has_png(), "the board is attached");
        assert!(first_board[0].content().contains(&format!("<@{ALICE}>")), "alice is told to move");
        // The moves, each after an autocomplete request, in the game's thread: each board
        // is the command's public response, with its picture.
        let moves = scripted_kuba_game();
        let mut played = Vec::new();
        let mut last = None;
        for (ply, (who, mv)) in moves.iter().enumerate() {
            let user = if who == "alice" { ALICE } else { BOB };
            let square = &mv[..2];
            let (status, body) =
                signed(&bot, &command(user, "kuba", "move", &[Opt::Focused("move", square)], Some(&thread)));
            assert_eq!(status, 200);
            let choices: Value = serde_json::from_str(&body).expect("choices");
            assert_eq!(choices["type"], 8);
            let offered: Vec<&str> =
                choices["data"]["choices"].as_array().expect("a list").iter().filter_map(|c| c["value"].as_str()).collect();
            // Each choice carries the move number it was offered at; picked, that is
            // what Discord sends back as the option's value.
            let picked = format!("{mv}@{ply}");
            assert!(offered.contains(&picked.as_str()), "{picked} among {offered:?}");
            assert!(offered.len() <= 25);
            let board =
                answer(&bot, &double, &command(user, "kuba", "move", &[Opt::Str("move", &picked)], Some(&thread)));
            assert!(!board.private, "{mv} refused: {}", board.text);
            assert_eq!(board.response["type"], 5, "a board is deferred, then put in place with its picture");
            assert!(board.png && board.text.contains(mv.as_str()), "{mv}: {:?}", summary(&board.calls));
            played.push(mv.clone());
            last = Some(board);
        }
        // The result is the last move's board; the rating change follows in the thread.
        let last = last.expect("moves");
        assert!(last.text.contains("Game over") && last.text.contains("wins"), "{}", last.text);
        // Notices go through the outbox, paced per channel: the ratings come when the
        // notices before them in the thread have gone.
        let calls = double.wait_for("the ratings", |calls| {
            posted(calls, &thread).iter().any(|c| c.content().starts_with("Ratings:"))
        });
        let said: Vec<String> = posted(&calls, &thread).iter().map(|c| c.content()).collect();
        assert!(said.iter().any(|t| t.starts_with("Ratings:")), "{said:?}");
        // The stored game is the moves played.
        let store = db.open();
        let record = store.find_game(&game_id).expect("the game");
        assert_eq!(record.status, Status::Over);
        let stored: Vec<String> = record.moves.iter().map(|m| m.text.clone()).collect();
        assert_eq!(stored, played);
        // Stale buttons: accepting the challenge again, resigning the finished game.
        let stale = answer(&bot, &double, &button(BOB, "bb:accept:kuba:1", None));
        assert!(stale.private && !stale.text.is_empty(), "{}", stale.text);
        assert!(posted(&stale.calls, CHANNEL).is_empty());
        let over = answer(&bot, &double, &button(ALICE, &format!("bb:resign-confirm:kuba:{game_id}"), Some(&thread)));
        assert!(over.private && over.text.contains("over"), "{}", over.text);
    }
}

both_backends! {
    fn a_game_against_the_computer(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
        let begins = answer(
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
        assert!(begins.text.contains("takes on the computer"), "{}", begins.text);
        let calls = double.wait_for("the first board", |calls| {
            calls.iter().any(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL) && c.has_png())
        });
        let thread_call = calls.iter().find(|c| c.path.ends_with("/threads")).expect("a thread");
        let title = thread_call.json()["name"].as_str().unwrap_or_default().to_string();
        assert!(title.starts_with("Kuba · alice vs boardbot · "), "{title}");
        let thread = thread_of(&calls);
        let moved = answer(&bot, &double, &command(ALICE, "kuba", "move", &[Opt::Str("move", "a7 down")], Some(&thread)));
        assert!(moved.png && !moved.private, "{}", moved.text);
        // The computer answers on its own, through the outbox, in the thread.
        let computer = format!("<@{BOT}> plays");
        let calls = double.wait_for("the computer's move", |calls| {
            calls.iter().any(|c| c.path.ends_with(&format!("{thread}/messages")) && c.content().contains(&computer))
        });
        let reply = calls.iter().find(|c| c.content().contains(&computer)).expect("the move");
        assert!(reply.has_png());
        assert!(reply.content().contains(&format!("<@{ALICE}>")), "alice is told: {}", reply.content());
    }
}

both_backends! {
    /// Killed after Discord made the computer's message but before the bot recorded it
    /// delivered, the bot sends it again on restart with the same nonce, enforced: Discord
    /// (the double, as Discord does) answers with the first message and posts nothing new.
    fn a_message_sent_again_after_a_crash_is_not_posted_twice(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
        let _ = answer(
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
        let calls = double.wait_for("the first board", |calls| {
            calls.iter().any(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL) && c.has_png())
        });
        let thread = thread_of(&calls);
        let _ = answer(&bot, &double, &command(ALICE, "kuba", "move", &[Opt::Str("move", "a7 down")], Some(&thread)));
        let computer = format!("<@{BOT}> plays");
        let is_move = |c: &Call| c.path.ends_with(&format!("{thread}/messages")) && c.content().contains(&computer);
        let calls = double.wait_for("the computer's move", |calls| calls.iter().any(is_move));
        let first = calls.iter().find(|c| is_move(c)).expect("the move").json();
        let nonce = first["nonce"].as_str().expect("a nonce").to_string();
        assert_eq!(first["enforce_nonce"], json!(true), "{first}");
        assert!(nonce.len() <= 25, "{nonce}");
        // The crash: the process dies (SIGKILL), its claim runs out, and the message is
        // not recorded as delivered, as when the kill falls between Discord's answer and
        // the bot's write.
        drop(bot);
        let reopened = db
            .open()
            .write(|tx| tx.run_sql("UPDATE outbox SET delivered_at = NULL, claimed_until = NULL WHERE platform = 'discord'"))
            .expect("undo the delivery");
        assert!(reopened >= 1);
        let _bot = start_bot(db, &double);
        let calls = double.wait_for("the move sent again", |calls| calls.iter().filter(|c| is_move(c)).count() >= 2);
        let again: Vec<&Call> = calls.iter().filter(|c| is_move(c)).collect();
        assert_eq!(again[1].json()["nonce"], json!(nonce), "the same nonce");
        assert!(again[1].repeat, "the double answered with the first message");
        let created: Vec<Call> = double.created().into_iter().filter(is_move).collect();
        assert_eq!(created.len(), 1, "posted once: {:?}", summary(&created));
    }
}

both_backends! {
    fn refusals_are_private_and_change_nothing(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
        let refused = |interaction: &Value, words: &str| {
            let said = answer(&bot, &double, interaction);
            assert!(said.private, "not private: {}", said.response);
            assert_eq!(said.response["type"], 4, "a refusal is the response itself: {}", said.response);
            assert!(said.text.to_lowercase().contains(words), "{:?} should say {words:?}", said.text);
            assert!(
                said.calls.iter().all(|c| !(c.method == "POST" && c.path.starts_with("/api/v10/channels/"))),
                "{:?}",
                summary(&said.calls)
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
        // An option of the wrong type is refused by name, not ignored.
        refused(&command(ALICE, "kewbz", "challenge", &[Opt::User("opponent", BOB), Opt::Str("size", "x")], None), "size");
        // A game, then moves out of turn and by someone not seated.
        answer(
            &bot,
            &double,
            &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB), Opt::Str("first", "me")], None),
        );
        answer(&bot, &double, &button(BOB, "bb:accept:kuba:1", None));
        let calls = double.wait_for("the first board", |calls| {
            calls.iter().any(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL) && c.has_png())
        });
        let thread = thread_of(&calls);
        let store = db.open();
        let games = store.read(store::all_games).expect("games");
        let game_id = store.load_game(games[0]).expect("the game").public_id.to_string();
        refused(&command(BOB, "kuba", "move", &[Opt::Str("move", "g7-S")], Some(&thread)), "turn");
        refused(&command(CAROL, "kuba", "move", &[Opt::Str("move", "a7-S")], Some(&thread)), "play");
        refused(&command(ALICE, "kuba", "move", &[Opt::Str("move", "z9-Q")], Some(&thread)), "move");
        refused(&button(CAROL, "bb:decline:kuba:1", None), "challenge");
        // A button that is not one of ours; Resign pressed by someone not playing, or for
        // a game of another kind; Resign asking a player first.
        refused(&button(ALICE, "something-else", None), "button");
        refused(&button(CAROL, &format!("bb:resign:kuba:{game_id}"), Some(&thread)), "not playing");
        refused(&button(ALICE, &format!("bb:resign:nuba:{game_id}"), Some(&thread)), "kuba");
        let (_, body) = signed(&bot, &button(ALICE, &format!("bb:resign:kuba:{game_id}"), Some(&thread)));
        let confirm: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(confirm["type"], 4);
        assert_eq!(confirm["data"]["flags"], 64);
        assert_eq!(
            confirm["data"]["components"][0]["components"][0]["custom_id"],
            format!("bb:resign-confirm:kuba:{game_id}")
        );
        // Autocomplete offers nothing to someone not seated, nor on another option.
        let (_, body) = signed(&bot, &command(CAROL, "kuba", "move", &[Opt::Focused("move", "a")], Some(&thread)));
        let offered: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(offered["data"]["choices"], json!([]), "{offered}");
        let (_, body) = signed(&bot, &command(ALICE, "kuba", "move", &[Opt::Focused("game", "a")], Some(&thread)));
        let offered: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(offered["data"]["choices"], json!([]), "{offered}");
        // Nothing was played.
        assert_eq!(games.len(), 1);
        assert!(store.load_game(games[0]).expect("the game").moves.is_empty());
    }
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
        // Every other language's description, within the same limit.
        for locale in ["fr", "es-ES", "nl", "de"] {
            let localized = v["description_localizations"][locale].as_str().unwrap_or_default();
            if !(1..=100).contains(&localized.chars().count()) {
                problems.push(format!("{path} {name}: {locale} description {localized:?}"));
            }
        }
        for list in ["options", "choices"] {
            if let Some(items) = v[list].as_array() {
                if items.len() > 25 {
                    problems.push(format!("{path} {name}: {} {list}", items.len()));
                }
                for item in items {
                    if list == "options" {
                        check(item, &format!("{path} {name}"), problems);
                    } else {
                        if !(1..=100).contains(&item["name"].as_str().unwrap_or_default().chars().count()) {
                            problems.push(format!("{path} {name}: choice {item}"));
                        }
                        for (locale, localized) in item["name_localizations"].as_object().into_iter().flatten() {
                            let n = localized.as_str().unwrap_or_default().chars().count();
                            if !(1..=100).contains(&n) {
                                problems.push(format!("{path} {name}: {locale} choice name {localized}"));
                            }
                        }
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

both_backends! {
    fn choices_sent_as_integers_are_understood(db) {
        // poise registers choices as integers (their index); the bot takes those too, and
        // `days` as a plain number of days.
        let double = Double::start();
        let bot = start_bot(db, &double);
        let said = answer(
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
        assert!(said.text.contains("<@12> moves first, 2 days a move"), "{}", said.text);
    }
}

both_backends! {
    fn vacation_end_is_understood_as_an_option_or_as_a_subcommand(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
        let said = answer(&bot, &double, &command(ALICE, "boardbot", "vacation", &[Opt::Int("days", 3)], None));
        assert!(said.text.contains("is on vacation until"), "{}", said.text);
        // `/boardbot vacation end` as a subcommand group with a subcommand `end`.
        let mut end = command(ALICE, "boardbot", "vacation", &[], None);
        end["data"]["options"] =
            json!([{"type": 2, "name": "vacation", "options": [{"type": 1, "name": "end", "options": []}]}]);
        let said = answer(&bot, &double, &end);
        assert!(said.text.contains("is back from vacation"), "{}", said.text);
        // And as the registered boolean option.
        let said = answer(&bot, &double, &command(ALICE, "boardbot", "vacation", &[Opt::Bool("end", true)], None));
        assert!(said.private);
        assert_eq!(said.text, "You are not on vacation.");
    }
}

/// The frames of a GIF, decoded as a viewer shows them.
fn gif_frames(gif: &[u8]) -> usize {
    use image::AnimationDecoder;
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF header");
    decoder.into_frames().collect_frames().expect("every frame decodes").len()
}

both_backends! {
    fn a_replay_is_a_gif_within_the_interactions_upload_limit(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
        answer(
            &bot,
            &double,
            &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB), Opt::Str("first", "me")], None),
        );
        answer(&bot, &double, &button(BOB, "bb:accept:kuba:1", None));
        let calls = double.wait_for("the first board", |calls| {
            calls.iter().any(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL) && c.has_png())
        });
        let thread = thread_of(&calls);
        let moves = scripted_kuba_game();
        let moves = &moves[..8];
        for (who, mv) in moves {
            let user = if who == "alice" { ALICE } else { BOB };
            let board = answer(&bot, &double, &command(user, "kuba", "move", &[Opt::Str("move", mv)], Some(&thread)));
            assert!(!board.private, "{mv}: {}", board.text);
        }
        // A spectator asks in the game's thread, without an id: the thread's game.
        let replay = answer(&bot, &double, &command(CAROL, "kuba", "replay", &[Opt::Str("speed", "fast")], Some(&thread)));
        assert!(!replay.private, "{}", replay.text);
        assert_eq!(replay.response["type"], 5, "a replay is deferred, then put in place with its picture");
        assert!(replay.text.contains("Replay of Kuba game") && replay.text.contains("8 moves so far"), "{}", replay.text);
        let edit = replay.calls.iter().find(|c| c.method == "PATCH").expect("the edit");
        let files = edit.files();
        assert_eq!(files.len(), 1, "{:?}", summary(&replay.calls));
        let (name, content_type, gif) = &files[0];
        assert!(name.ends_with("-replay.gif"), "{name}");
        assert_eq!(content_type, "image/gif");
        assert_eq!(&gif[..6], b"GIF89a");
        assert_eq!(gif_frames(gif), moves.len() + 1);
        let attachments = &edit.json()["attachments"];
        assert_eq!(attachments[0]["filename"], name.as_str(), "{attachments}");
        assert!(attachments[0]["description"].as_str().is_some_and(|d| d.starts_with("Animated replay")), "{attachments}");

        // The same with an upload limit below its size: smaller, within the limit, and said.
        let limit = gif.len() * 2 / 3;
        let mut asked = command(CAROL, "kuba", "replay", &[], Some(&thread));
        asked["attachment_size_limit"] = json!(limit);
        let fitted = answer(&bot, &double, &asked);
        let edit = fitted.calls.iter().find(|c| c.method == "PATCH").expect("the edit");
        let files = edit.files();
        let (_, content_type, small) = &files[0];
        assert_eq!(content_type, "image/gif");
        assert!(small.len() <= limit, "{} > {limit}", small.len());
        assert!(fitted.text.contains("to fit the upload limit"), "{}", fitted.text);
        assert!(gif_frames(small) >= 2);
    }
}

both_backends! {
    fn each_person_reads_their_language_and_only_managers_choose_the_servers(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
        // The interaction's locale: a French Discord gets French, a Portuguese one English.
        let mut rules = command(ALICE, "boardbot", "games", &[], None);
        rules["locale"] = json!("fr");
        let said = answer(&bot, &double, &rules);
        assert!(said.private);
        assert!(said.text.contains("partie"), "French: {}", said.text);
        rules["locale"] = json!("pt-BR");
        let said = answer(&bot, &double, &rules);
        assert!(said.text.contains("game"), "English: {}", said.text);
        // A person's own choice wins over their Discord's language.
        let mut choose = command(BOB, "boardbot", "language", &[Opt::Str("language", "de")], None);
        choose["locale"] = json!("fr");
        let said = answer(&bot, &double, &choose);
        assert!(said.private);
        assert!(said.text.contains("Deutsch"), "{}", said.text);
        let mut games = command(BOB, "boardbot", "games", &[], None);
        games["locale"] = json!("fr");
        let said = answer(&bot, &double, &games);
        assert!(!said.text.contains("partie") && !said.text.contains(" game"), "German: {}", said.text);
        // The server's language: refused without Manage Server, kept with it.
        let server = |user: &str, permissions: &str| {
            let mut i =
                command(user, "boardbot", "language", &[Opt::Str("language", "nl"), Opt::Str("scope", "server")], None);
            i["member"]["permissions"] = json!(permissions);
            i
        };
        let said = answer(&bot, &double, &server(CAROL, "0"));
        assert!(said.private);
        assert!(said.text.contains("Manage Server"), "{}", said.text);
        let said = answer(&bot, &double, &server(CAROL, "32"));
        assert!(!said.private);
        assert!(said.text.contains("Nederlands"), "{}", said.text);
        // Public messages here are in Dutch now, for someone who chose nothing.
        let said = answer(&bot, &double, &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", CAROL)], None));
        assert!(said.text.contains("daagt"), "Dutch: {}", said.text);
    }
}

/// A Kuba game of alice (White, to move) against bob, begun by a challenge and the
/// Accept button; its thread.
fn alice_against_bob(addr: &str, double: &Double) -> String {
    answer_at(
        addr,
        double,
        &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB), Opt::Str("first", "me")], None),
    );
    answer_at(addr, double, &button(BOB, "bb:accept:kuba:1", None));
    let calls = double.wait_for("the first board", |calls| {
        calls.iter().any(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL) && c.has_png())
    });
    thread_of(&calls)
}

/// The values of the move menu `user` is offered in `thread` for `typed`.
fn menu_values(addr: &str, user: &str, thread: &str, typed: &str) -> Vec<String> {
    let (status, body) = signed_at(addr, &command(user, "kuba", "move", &[Opt::Focused("move", typed)], Some(thread)));
    assert_eq!(status, 200, "{body}");
    let choices: Value = serde_json::from_str(&body).expect("choices");
    choices["data"]["choices"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|c| c["value"].as_str().map(str::to_string))
        .collect()
}

both_backends! {
    /// Two picks from the menu of one move, sent at once, store one move; a pick made
    /// at a move that has passed is refused, saying so.
    fn menu_picks_are_tied_to_the_move_they_were_offered_at(db) {
        let double = Double::start();
        let bot = start_bot(db, &double);
        let thread = alice_against_bob(&bot.addr, &double);
        let picks: Vec<String> =
            menu_values(&bot.addr, ALICE, &thread, "").into_iter().filter(|v| v.ends_with("@0")).take(2).collect();
        assert_eq!(picks.len(), 2, "{picks:?}");
        let sent: Vec<_> = picks
            .iter()
            .map(|pick| {
                let (addr, asked) =
                    (bot.addr.clone(), command(ALICE, "kuba", "move", &[Opt::Str("move", pick)], Some(&thread)));
                std::thread::spawn(move || signed_at(&addr, &asked))
            })
            .collect();
        let responses: Vec<Value> = sent
            .into_iter()
            .map(|sent| {
                let (status, body) = sent.join().expect("sent");
                assert_eq!(status, 200, "{body}");
                serde_json::from_str(&body).expect("a JSON response")
            })
            .collect();
        assert_eq!(responses.iter().filter(|r| r["type"] == 5).count(), 1, "one pick is played: {responses:?}");
        let refused = responses.iter().find(|r| r["type"] == 4).expect("the other pick is refused");
        assert_eq!(refused["data"]["flags"], 64, "privately: {refused}");
        double.settle(Duration::from_millis(400));
        let store = db.open();
        let games = store.read(store::all_games).expect("games");
        let record = store.load_game(games[0]).expect("the game");
        assert_eq!(record.moves.len(), 1, "{:?}", record.moves);
        // Sent again now that the game is at move 1, a pick made at move 0 is refused.
        for pick in &picks {
            let stale = answer(&bot, &double, &command(ALICE, "kuba", "move", &[Opt::Str("move", pick)], Some(&thread)));
            assert!(stale.private, "{}", stale.response);
            assert!(stale.text.contains("offered at move 0") && stale.text.contains("now at move 1"), "{}", stale.text);
        }
        // Bob's menu offers his moves at move 1.
        let offered = menu_values(&bot.addr, BOB, &thread, "");
        assert!(!offered.is_empty() && offered.iter().all(|v| v.ends_with("@1")), "{offered:?}");
        assert_eq!(store.load_game(games[0]).expect("the game").moves.len(), 1);
    }
}

both_backends! {
    /// With `[web] public_url`, a move's answer is one response (type 4) that carries
    /// the board as an embed's image by URL, a link to the game's page, and names bob
    /// so that it notifies him: nothing deferred, nothing edited, no separate notice.
    /// The image's URL is served by the bot's own web pages.
    fn with_public_web_pages_a_move_is_answered_at_once_with_the_board_by_url(db) {
        let double = Double::start();
        let dir = crate::common::store::TempDir::new("discord-web");
        let web = format!("127.0.0.1:{}", free_port());
        let public = "https://boards.example.org/play";
        let config = dir.join("c.toml");
        std::fs::write(&config, format!("[web]\nlisten = \"{web}\"\npublic_url = \"{public}/\"\n")).expect("config");
        let bot = start_bot_configured(db, &double, &[], &["--config", config.to_str().expect("a path")]);
        let thread = alice_against_bob(&bot.addr, &double);
        // The first board in the thread, a notice, links to the game's page too.
        let first = posted(&double.calls(), &thread).into_iter().find(|c| c.has_png()).map(|c| c.json());
        let first = first.expect("the first board");
        let linked = first["components"][0]["components"].as_array().is_some_and(|b| {
            b.iter().any(|b| b["style"] == 5 && b["url"].as_str().is_some_and(|u| u.starts_with(&format!("{public}/g/"))))
        });
        assert!(linked, "{first}");
        let asked = command(ALICE, "kuba", "move", &[Opt::Str("move", "a7-S")], Some(&thread));
        let moved = answer(&bot, &double, &asked);
        let response = &moved.response;
        assert_eq!(response["type"], 4, "one response: {response}");
        let data = &response["data"];
        assert!(moved.text.contains("plays a7-S") && moved.text.contains(&format!("<@{BOB}>")), "{}", moved.text);
        assert_eq!(data["allowed_mentions"]["users"], json!([BOB]), "{data}");
        let image = data["embeds"][0]["image"]["url"].as_str().unwrap_or_else(|| panic!("an embed's image: {data}"));
        assert!(image.starts_with(&format!("{public}/g/")) && image.ends_with("-en.png"), "{image}");
        let link = data["components"][0]["components"]
            .as_array()
            .and_then(|b| b.iter().find(|b| b["style"] == 5))
            .unwrap_or_else(|| panic!("a link button: {data}"));
        let page = link["url"].as_str().expect("its address");
        assert!(page.starts_with(&format!("{public}/g/")) && image.starts_with(page), "{page} {image}");
        assert_eq!(link["label"], "View on the web");
        // No edit and no separate "your move": the response said it.
        let calls = double.settle(Duration::from_millis(800));
        let after: Vec<&Call> = calls.iter().filter(|c| c.method != "GET").collect();
        assert!(after.is_empty(), "{:?}", summary(&calls));
        // Discord fetches the board where the URL says: the bot's pages serve it.
        let path = image.strip_prefix(public).expect("under the public address");
        let (status, _) = crate::common::http_get(&web, path);
        assert_eq!(status, 200, "{path}");
    }
}

both_backends! {
    /// The process dies (aborts) right after alice's move commits, once the deferred
    /// response has gone out and before anything else: the bot restarted on the same
    /// database finishes the "thinking…" response with the board (an edit) and posts
    /// bob's "your move" once; started again, it posts nothing more.
    fn a_kill_after_a_moves_commit_loses_no_notice_and_posts_none_twice(db) {
        let double = Double::start();
        let thread = {
            let bot = start_bot(db, &double);
            alice_against_bob(&bot.addr, &double)
        };
        let mut bot = start_bot_with(db, &double, &[("BOARDBOT_FAILPOINT", "after-commit")]);
        double.clear();
        let asked = command(ALICE, "kuba", "move", &[Opt::Str("move", "a7-S")], Some(&thread));
        let token = asked["token"].as_str().expect("a token").to_string();
        let (status, body) = signed_at(&bot.addr, &asked);
        assert_eq!(status, 200, "{body}");
        let response: Value = serde_json::from_str(&body).expect("a JSON response");
        assert_eq!(response["type"], 5, "deferred: {response}");
        let until = Instant::now() + Duration::from_secs(20);
        let exit = loop {
            if let Some(exit) = bot.child.try_wait().expect("the bot's status") {
                break exit;
            }
            assert!(Instant::now() < until, "the failpoint did not end the bot");
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(!exit.success(), "{exit:?}");
        drop(bot);
        // Nothing was posted or edited after the commit, and the move is stored.
        let after: Vec<Call> = double.calls().into_iter().filter(|c| c.method != "GET").collect();
        assert!(after.is_empty(), "{:?}", summary(&after));
        let store = db.open();
        let games = store.read(store::all_games).expect("games");
        assert_eq!(store.load_game(games[0]).expect("the game").moves.len(), 1);

        let bot = start_bot(db, &double);
        let edited = |c: &Call| c.method == "PATCH" && c.path.contains(&token);
        let pinged = |c: &Call| {
            c.path == format!("/api/v10/channels/{thread}/messages") && c.content().contains(&format!("<@{BOB}>: your move"))
        };
        let calls = double.wait_for("the edit and bob's notice", |calls| {
            calls.iter().any(edited) && calls.iter().any(pinged)
        });
        let edit = calls.iter().find(|c| edited(c)).expect("the edit");
        assert!(edit.has_png() && edit.content().contains("plays a7-S"), "{:?}", summary(&calls));
        let settled = double.settle(Duration::from_millis(1500));
        let created: Vec<Call> = double.created().into_iter().filter(|c| pinged(c)).collect();
        assert_eq!(created.len(), 1, "one notice: {:?}", summary(&settled));
        let notice = created[0].json();
        assert!(notice["nonce"].is_string() && notice["enforce_nonce"] == json!(true), "{notice}");
        assert_eq!(notice["allowed_mentions"]["users"], json!([BOB]), "{notice}");
        // Started again, the bot has nothing left to post.
        drop(bot);
        double.clear();
        let _bot = start_bot(db, &double);
        let again: Vec<Call> =
            double.settle(Duration::from_millis(1500)).into_iter().filter(|c| c.method != "GET").collect();
        assert!(again.is_empty(), "{:?}", summary(&again));
    }
}

both_backends! {
    /// Against a double that, as Discord, knows an interaction's webhook only once it
    /// has the response, the edit that puts the board in place of "thinking…" is tried
    /// again until Discord takes it: every board lands. How many first edits came too
    /// early is printed (`--nocapture`).
    fn edits_wait_until_discord_knows_the_response(db) {
        let double = Double::start_strict();
        let bot = start_bot(db, &double);
        let thread = alice_against_bob(&bot.addr, &double);
        let moves = scripted_kuba_game();
        let moves = &moves[..12];
        let mut too_early = 0;
        for (who, mv) in moves {
            let user = if who == "alice" { ALICE } else { BOB };
            let board = answer(&bot, &double, &command(user, "kuba", "move", &[Opt::Str("move", mv)], Some(&thread)));
            assert!(board.png && board.text.contains(mv.as_str()), "{mv}: {:?}", summary(&board.calls));
            let edits: Vec<&Call> = board.calls.iter().filter(|c| c.method == "PATCH").collect();
            if edits.first().is_some_and(|c| c.unknown_webhook) {
                too_early += 1;
            }
        }
        eprintln!("first edits refused as Unknown Webhook: {too_early} of {}", moves.len());
    }
}

/// `/boardbot web login` and `logout` as the issue spells them (a subcommand group
/// `web` with subcommands `login`, `logout`, `on`, `off`, as an outside tester's
/// client may send them) and as registered (`/boardbot web state:login`): signed
/// interaction fixtures of each shape (`tests/discord/web-*.json`), answered alike.
#[test]
fn web_login_and_logout_are_understood_as_an_option_or_as_a_subcommand() {
    let double = Double::start();
    let db = TestDb::sqlite("discord-web-shapes");
    let dir = crate::common::store::TempDir::new("discord-web-shapes");
    let config = dir.join("c.toml");
    let web = format!("127.0.0.1:{}", free_port());
    std::fs::write(&config, format!("[web]\nlisten = \"{web}\"\npublic_url = \"https://boards.example.org\"\n"))
        .expect("config");
    let bot = start_bot_configured(&db, &double, &[], &["--config", config.to_str().expect("a path")]);
    let sent = |name: &str| {
        let mut interaction = fixture(name);
        as_user(&mut interaction, ALICE);
        answer(&bot, &double, &interaction)
    };
    for shape in ["option", "group"] {
        let said = sent(&format!("web-login-{shape}.json"));
        assert!(said.private, "{shape}: for alice alone");
        assert!(
            said.text.starts_with("Your link to sign in on the game pages: https://boards.example.org/login/"),
            "{shape}: {}",
            said.text
        );
    }
    for shape in ["option", "group"] {
        let said = sent(&format!("web-logout-{shape}.json"));
        // The links given were never used: no session (and they are void now).
        assert!(said.private, "{shape}");
        assert_eq!(said.text, "You were not signed in on the web pages.", "{shape}");
    }
    // `on` and `off` as a group's subcommands read as `state:on` and `state:off`: the
    // same answers, in the same order (on, off, on, off).
    // Alice manages the server (Manage Server, 0x20), as turning the page on asks.
    let manager = |mut i: Value| {
        i["member"]["permissions"] = json!("32");
        i
    };
    let state = |word: &str| manager(command(ALICE, "boardbot", "web", &[Opt::Str("state", word)], None));
    let as_options: Vec<String> = ["on", "off"].iter().map(|w| answer(&bot, &double, &state(w)).text).collect();
    let as_group: Vec<String> = ["on", "off"]
        .iter()
        .map(|w| {
            let mut group = fixture("web-login-group.json");
            group["data"]["options"][0]["options"][0]["name"] = json!(w);
            as_user(&mut group, ALICE);
            answer(&bot, &double, &manager(group)).text
        })
        .collect();
    // Turned on again, the page gets a new address: the same words but for it.
    let unaddressed = |texts: Vec<String>| -> Vec<String> {
        texts
            .into_iter()
            .map(|t| match t.split_once("/c/") {
                Some((before, after)) => format!("{before}/c/TOKEN{}", &after[after.len().min(26)..]),
                None => t,
            })
            .collect()
    };
    let (as_group, as_options) = (unaddressed(as_group), unaddressed(as_options));
    assert_eq!(as_group, as_options);
    assert!(
        as_options[0].starts_with("This place's web page is on: https://boards.example.org/c/TOKEN\n"),
        "{as_options:?}"
    );
    assert_eq!(as_options[1], "This place's web page is off: its link no longer opens.");
}
