//! Discord's Activity (issue #51, part 2): `POST /activity/token` exchanges the code at
//! the Discord double's `oauth2/token` and reads its `users/@me` with the Bearer
//! token, through the bot's API base (`api_proxy`), signs the person in with a cookie
//! that works in Discord's frame, and answers the access token; only Discord may
//! frame the Activity's routes; `/kuba play` answers with Discord's
//! `LAUNCH_ACTIVITY` (type 12), on the real binary.

use std::sync::Arc;
use std::time::Duration;

use boardbot::config::Discord;
use boardbot::service::{Service, ServiceOptions, TestClock};
use boardbot::web::{self, WebOptions};
use serde_json::json;

use crate::common::discord_double::oauth::CLIENT_SECRET;
use crate::common::discord_double::Double;
use crate::common::store::TestDb;

const APP: u64 = 1000;

struct Served {
    service: Service,
    addr: std::net::SocketAddr,
    _runtime: tokio::runtime::Runtime,
}

fn served(db: &TestDb, double: &Double) -> Served {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a loopback port");
    let addr = listener.local_addr().expect("address");
    let base = "https://boards.example.org".to_string();
    let options = ServiceOptions { scheduler: false, web_url: Some(base.clone()), ..ServiceOptions::default() };
    let service = Service::start(db.open(), Arc::new(TestClock::new(1_000_000)), options).expect("service");
    let config: Discord = toml::from_str(&format!(
        "application_id = {APP}\nactivity = true\nclient_secret = \"{CLIENT_SECRET}\"\napi_proxy = \"{}\"\n",
        double.url
    ))
    .expect("a [discord] section");
    let activity = {
        let _entered = runtime.enter();
        boardbot::chat::discord::activity::options(&config).expect("the Activity's options")
    };
    let options = WebOptions {
        public_url: base,
        requests_per_minute: 10_000,
        trust_forwarded_for: false,
        poll: Duration::from_millis(50),
        actions_per_minute: 100,
        activity: Some(activity),
    };
    let router = web::router(service.pages(), &options);
    runtime.spawn(async move { web::serve(listener, router).await });
    Served { service, addr, _runtime: runtime }
}

fn post_json(
    addr: std::net::SocketAddr,
    path: &str,
    body: &serde_json::Value,
    headers: &[(&str, &str)],
) -> (u16, String, String) {
    use std::io::{Read, Write};
    let body = body.to_string();
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let mut head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (n, v) in headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("send");
    stream.write_all(body.as_bytes()).expect("send");
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

fn get_head(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").expect("send");
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, text)
}

#[test]
fn the_activity_exchanges_the_code_through_the_api_base_and_signs_the_person_in() {
    let double = Double::start();
    let db = TestDb::sqlite("web-activity");
    let s = served(&db, &double);
    double.grant("code-alice-1", "11", "alice");
    let from_discord = [("Sec-Fetch-Site", "same-origin")];
    let (status, head, body) = post_json(s.addr, "/activity/token", &json!({"code": "code-alice-1"}), &from_discord);
    assert_eq!(status, 200, "{head}{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let token = answer["access_token"].as_str().expect("an access token").to_string();
    assert!(token.starts_with("access-"), "{answer}");
    let cookie = head.lines().find(|l| l.starts_with("set-cookie:")).expect("a cookie").to_string();
    for attribute in ["httponly", "samesite=none", "secure", "partitioned", "path=/"] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    // Through the API base the bot uses: the double saw both calls.
    let calls = double.calls();
    let exchange = calls.iter().find(|c| c.path == "/api/v10/oauth2/token").expect("the code exchanged");
    assert_eq!(exchange.method, "POST");
    let form = exchange.text();
    for part in
        ["client_id=1000", "grant_type=authorization_code", "code=code-alice-1", "client_secret=test-client-secret"]
    {
        assert!(form.contains(part), "{part} in {form}");
    }
    assert!(calls.iter().any(|c| c.method == "GET" && c.path == "/api/v10/users/@me"), "who the token is");
    // The person is a Discord player now, signed in.
    let alice = boardbot::service::Actor::new(boardbot::config::Platform::Discord, "11", "alice");
    assert_eq!(s.service.web_sessions_of(&alice).expect("read"), 1);
    // A code works once; a made-up one, or one from another site, signs nobody in.
    let (again, _, _) = post_json(s.addr, "/activity/token", &json!({"code": "code-alice-1"}), &from_discord);
    assert_eq!(again, 401);
    double.grant("code-alice-2", "11", "alice");
    let cross = [("Sec-Fetch-Site", "cross-site"), ("Origin", "https://evil.example")];
    let (refused, _, _) = post_json(s.addr, "/activity/token", &json!({"code": "code-alice-2"}), &cross);
    assert_eq!(refused, 403);
    let discords = [("Origin", "https://1000.discordsays.com")];
    let (ok, _, _) = post_json(s.addr, "/activity/token", &json!({"code": "code-alice-2"}), &discords);
    assert_eq!(ok, 200, "Discord's proxy is the Activity's own origin");
    let (bad, _, _) = post_json(s.addr, "/activity/token", &json!({"nope": 1}), &from_discord);
    assert_eq!(bad, 400);
    assert_eq!(s.service.web_sessions_of(&alice).expect("read"), 2);
}

/// `/kuba play game:ID` opens the Activity on that game: the launch carries nothing,
/// so the token's answer says what to open, the game asked for (once, within ten
/// minutes), else the person's list.
#[test]
fn the_activity_opens_the_game_kuba_play_asked_for() {
    use boardbot::config::Platform;
    use boardbot::service::{Actor, Command, First, GameRef, Place, Request, Target};
    let double = Double::start();
    let db = TestDb::sqlite("web-activity-launch");
    let s = served(&db, &double);
    let here = Place { community: Some("guild".into()), channel: Some("general".into()), ..Place::default() };
    let ask = |who: Actor, command: Command| {
        for r in s.service.handle(&Request::new(who, here.clone(), command)) {
            s.service.answered(&r);
        }
    };
    let (alice, bob) = (Actor::new(Platform::Discord, "11", "alice"), Actor::new(Platform::Discord, "12", "bob"));
    let kind = boardbot::games::GameKind::Kuba;
    let opponents = vec![Target::User { user_id: "12".into(), display_name: "bob".into(), is_bot: false }];
    let challenge = Command::Challenge {
        kind,
        opponents,
        rated: false,
        first: First::Me,
        level: None,
        settings: None,
        start: None,
        time: None,
    };
    ask(alice.clone(), challenge);
    ask(bob, Command::Accept { kind, challenge: None });
    let store = s.service.store();
    let player = store.player_id(Platform::Discord, "11").expect("read").expect("alice");
    let game = store.read(|tx| boardbot::store::games_in_progress(tx, player)).expect("games").remove(0);
    ask(alice, Command::Play { game: GameRef { kind, id: Some(game.public_id.as_str().to_string()) } });
    let token = store.read(move |tx| boardbot::store::game_link(tx, game.id)).expect("read").expect("a page");
    let from_discord = [("Sec-Fetch-Site", "same-origin")];
    let open = |code: &str| {
        double.grant(code, "11", "alice");
        let (status, head, body) = post_json(s.addr, "/activity/token", &json!({ "code": code }), &from_discord);
        assert_eq!(status, 200, "{head}{body}");
        let answer: serde_json::Value = serde_json::from_str(&body).expect("JSON");
        assert!(answer["access_token"].is_string(), "{answer}");
        answer["open"].as_str().expect("what to open").to_string()
    };
    assert_eq!(open("code-launch-1"), format!("/g/{token}"), "the game asked for");
    assert_eq!(open("code-launch-2"), "/me", "once: then the list");
    let (status, page) = get_head(s.addr, &format!("/activity/g/{token}"));
    assert_eq!(status, 200, "the game's page under the Activity's routes: {page}");
}

#[test]
fn only_discord_frames_the_activity_and_nobody_frames_the_pages() {
    let double = Double::start();
    let db = TestDb::sqlite("web-activity-frames");
    let s = served(&db, &double);
    let (status, entry) = get_head(s.addr, "/activity");
    assert_eq!(status, 200);
    let csp = entry.lines().find(|l| l.to_ascii_lowercase().starts_with("content-security-policy:")).expect("a CSP");
    assert!(
        csp.contains("frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com"),
        "{csp}"
    );
    assert!(entry.contains("src=\"/assets/activity.js\""), "{entry}");
    let (status, script) = get_head(s.addr, "/activity/assets/activity.js");
    assert_eq!(status, 200);
    assert!(script.contains("@discord/embedded-app-sdk"), "the bundled SDK");
    let (_, me) = get_head(s.addr, "/activity/me");
    assert!(me.contains("frame-ancestors https://discord.com"), "{me}");
    let (_, page) = get_head(s.addr, "/me");
    assert!(page.contains("frame-ancestors 'none'"), "{page}");
}

/// The real bot (`boardbot discord --http`) with the Activity on: `/kuba play` answers
/// with `LAUNCH_ACTIVITY`; then, in Chromium, the Activity inside a test parent frame
/// that answers the SDK as Discord's client does opens that game, down to a move
/// played from the frame, which the bot posts in the game's thread.
#[test]
fn the_activity_plays_a_move_from_inside_discords_frame() {
    use crate::common::discord_sign::{signed_at, start_discord_bot};
    use crate::discord::{command, free_port, Opt, ALICE, BOB, BOT};
    let double = Double::start();
    let db = TestDb::sqlite("web-activity-bot");
    let dir = crate::common::store::TempDir::new("web-activity-config");
    let web = free_port();
    let config = dir.join("boardbot.toml");
    std::fs::write(
        &config,
        format!(
            "[discord]\nactivity = true\n\n[web]\nlisten = \"127.0.0.1:{web}\"\npublic_url = \"https://boards.example.org\"\n"
        ),
    )
    .expect("the configuration");
    let addr = format!("127.0.0.1:{}", free_port());
    let mut child = start_discord_bot(&addr, BOT, &double.url, "BOARDBOT_TEST_LOG", Duration::from_secs(20), |c| {
        c.env("BOARDBOT_DISCORD_CLIENT_SECRET", CLIENT_SECRET).args(["--db", &db.arg()]).arg("--config").arg(&config);
    });
    struct Kill<'a>(&'a mut std::process::Child);
    impl Drop for Kill<'_> {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let _kill = Kill(&mut child);
    let (status, _) = signed_at(
        &addr,
        &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB), Opt::Str("first", "me")], None),
    );
    assert_eq!(status, 200);
    let (status, _) = signed_at(&addr, &command(BOB, "kuba", "accept", &[], None));
    assert_eq!(status, 200);
    let (status, body) = signed_at(&addr, &command(ALICE, "kuba", "play", &[], None));
    assert_eq!(status, 200);
    let launched: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(launched["type"], 12, "LAUNCH_ACTIVITY: {body}");
    // Someone with no game gets the refusal, not the Activity.
    let (_, refused) = signed_at(&addr, &command(crate::discord::CAROL, "kuba", "play", &[], None));
    let refused: serde_json::Value = serde_json::from_str(&refused).expect("JSON");
    assert_ne!(refused["type"], 12, "{refused}");
    let Some(python) = crate::web_browser::browser() else { return };
    double.grant("code-activity-alice", ALICE, "alice");
    let script = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/web/activity.py");
    let output = std::process::Command::new(&python)
        .arg(script)
        .args(["--web", &format!("http://127.0.0.1:{web}"), "--app", BOT, "--user", ALICE, "--name", "alice"])
        .args(["--code", "code-activity-alice", "--square", "a7", "--move", "a7-E", "--opens", "game"])
        .args(["--chromium", crate::web_browser::CHROMIUM])
        .output()
        .expect("python runs");
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && said.lines().any(|l| l == "PASSED"),
        "the Activity's browser test failed:\n{said}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The move reached the game's thread, as if typed in it.
    double.wait_for("the board of the move in the thread", |calls| {
        calls.iter().any(|c| c.method == "POST" && c.path.contains("/channels/") && c.content().contains("a7-E"))
    });
    println!("{said}");
}
