//! Playing on the web pages (issue #51) over HTTP: the real server on a loopback
//! port over a running service, asked with a plain HTTP/1.1 client. Signing in with a
//! link from chat, the playable page (squares, the moves a square offers, the typed
//! form), a move through the mover with its board and notice in the outbox, a refusal
//! in chat's words, and the hostile readers: another origin, no cookie, another
//! person's session, a used or expired link, a session after `/boardbot web logout`,
//! the per-session rate limit; each refused with nothing stored. The sessions' life
//! is checked on both back ends.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::Duration;

use boardbot::config::Platform;
use boardbot::lang::Lang;
use boardbot::present::web::WebGrammar;
use boardbot::service::{
    Actor, Command, Destination, GameRef, Message, Place, Request, Service, ServiceOptions, TestClock, MINUTE,
};
use boardbot::store;
use boardbot::web::{self, WebOptions};

use crate::common::store::{both_backends, TestDb};

/// The service and its pages on a loopback port.
pub(crate) struct World {
    pub(crate) service: Service,
    clock: Arc<TestClock>,
    pub(crate) addr: SocketAddr,
    base: String,
    _runtime: tokio::runtime::Runtime,
}

const DAY: i64 = 24 * 60 * MINUTE;

fn world(db: &TestDb, actions_per_minute: u32) -> World {
    world_with(db, actions_per_minute, ServiceOptions::default())
}

/// [`world`] over a service with `options` (its pages' address and no scheduler
/// set here).
pub(crate) fn world_with(db: &TestDb, actions_per_minute: u32, options: ServiceOptions) -> World {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a loopback port");
    let addr = listener.local_addr().expect("address");
    let base = format!("http://{addr}");
    let clock = Arc::new(TestClock::new(1_000_000));
    let options = ServiceOptions { scheduler: false, web_url: Some(base.clone()), ..options };
    let service = Service::start(db.open(), clock.clone(), options).expect("service");
    let options = WebOptions {
        public_url: base.clone(),
        requests_per_minute: 10_000,
        trust_forwarded_for: false,
        poll: Duration::from_millis(50),
        actions_per_minute,
        activity: None,
    };
    let router = web::router(service.pages(), &options);
    runtime.spawn(async move { web::serve(listener, router).await });
    World { service, clock, addr, base, _runtime: runtime }
}

pub(crate) fn actor(name: &str) -> Actor {
    Actor { manages_community: true, ..Actor::new(Platform::Terminal, name, name) }
}

/// A terminal user named `name`, as a challenge names them.
fn terminal_user(name: &str) -> boardbot::service::Target {
    boardbot::service::Target::User { user_id: name.into(), display_name: name.into(), is_bot: false }
}

pub(crate) fn place() -> Place {
    Place { community: Some("terminal".into()), channel: Some("general".into()), ..Place::default() }
}

impl World {
    pub(crate) fn ask(&self, who: &str, command: Command) -> Vec<boardbot::service::Reply> {
        let replies = self.service.handle(&Request::new(actor(who), place(), command));
        for r in &replies {
            self.service.answered(r);
        }
        replies
    }

    /// A Kuba game between alice (White, first) and bob: its public id and its page's
    /// token.
    fn game(&self) -> (String, String) {
        self.ask("alice", crate::common::casual_challenge(boardbot::games::GameKind::Kuba, terminal_user("bob")));
        self.ask("bob", Command::Accept { kind: boardbot::games::GameKind::Kuba, challenge: None });
        let store = self.service.store();
        let alice = store.player_id(Platform::Terminal, "alice").expect("read").expect("alice");
        let games = store.read(|tx| store::games_in_progress(tx, alice)).expect("games");
        let game = games.first().expect("a game").clone();
        let token = store.read(|tx| store::game_link(tx, game.id)).expect("read").expect("a link");
        (game.public_id.as_str().to_string(), token.to_string())
    }

    /// The login link's token `/boardbot web login` gives `who`.
    pub(crate) fn link(&self, who: &str) -> String {
        let replies = self.ask(who, Command::WebLogin);
        let [reply] = replies.as_slice() else { panic!("one answer: {replies:?}") };
        assert!(reply.only_actor, "for the actor alone");
        assert!(matches!(&reply.destination, Destination::Direct(u) if u.user_id == who), "{reply:?}");
        let Message::WebLogin { url, minutes: 10 } = &reply.message else { panic!("a link: {reply:?}") };
        let prefix = format!("{}/login/", self.base);
        assert!(url.starts_with(&prefix), "{url}");
        url[prefix.len()..].to_string()
    }

    /// Signs in with the link's token: the session's cookie value.
    pub(crate) fn sign_in(&self, token: &str) -> String {
        let page = get(self.addr, &format!("/login/{token}"), None);
        assert_eq!(page.status, 200, "{page:?}");
        assert!(page.text().contains("action=\"/login\""), "a button that signs in");
        let answer = post(self.addr, "/login", &[("token", token)], None, SAME_SITE);
        assert_eq!(answer.status, 303, "{}", answer.text());
        assert_eq!(answer.header("location"), Some("/me"));
        let cookie = answer.header("set-cookie").expect("a cookie").to_string();
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
            "{cookie}"
        );
        assert!(!cookie.contains("Secure"), "plain http: no Secure ({cookie})");
        assert!(cookie.contains("Max-Age=2592000"), "30 days: {cookie}");
        cookie.split(';').next().and_then(|c| c.strip_prefix("boardbot_session=")).expect("the session").to_string()
    }

    fn ply(&self, public_id: &str) -> u32 {
        self.service.store().find_game(public_id).expect("the game").ply
    }
}

/// An answer: its status, headers (names in lower case) and body.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// What a browser says of a form sent from the page itself.
pub(crate) const SAME_SITE: &[(&str, &str)] = &[("Sec-Fetch-Site", "same-origin")];

fn request(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes()).expect("send");
    stream.write_all(body).expect("send");
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let end = response.windows(4).position(|w| w == b"\r\n\r\n").map_or(response.len(), |i| i + 4);
    let text = String::from_utf8_lossy(&response[..end]);
    let mut lines = text.lines();
    let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer { status, headers, body: response[end..].to_vec() }
}

pub(crate) fn get(addr: SocketAddr, path: &str, session: Option<&str>) -> Answer {
    let cookie = session.map(|s| format!("boardbot_session={s}"));
    let headers: Vec<(&str, &str)> = cookie.iter().map(|c| ("Cookie", c.as_str())).collect();
    request(addr, "GET", path, &headers, b"")
}

fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub(crate) fn post(
    addr: SocketAddr,
    path: &str,
    form: &[(&str, &str)],
    session: Option<&str>,
    more: &[(&str, &str)],
) -> Answer {
    let body: Vec<String> = form.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect();
    let cookie = session.map(|s| format!("boardbot_session={s}"));
    let mut headers: Vec<(&str, &str)> = vec![("Content-Type", "application/x-www-form-urlencoded")];
    headers.extend(cookie.iter().map(|c| ("Cookie", c.as_str())));
    headers.extend_from_slice(more);
    request(addr, "POST", path, &headers, body.join("&").as_bytes())
}

/// The value of the first `name="…" value="…"` hidden field of a page.
pub(crate) fn field(page: &str, name: &str) -> String {
    let at = page.find(&format!("name=\"{name}\" value=\"")).unwrap_or_else(|| panic!("no {name} in {page}"));
    let rest = &page[at + name.len() + 15..];
    rest[..rest.find('"').expect("a value")].to_string()
}

/// Every button `name="…" value="…"` of a page, by its value.
pub(crate) fn buttons(page: &str, name: &str) -> Vec<String> {
    page.split(&format!("name=\"{name}\" value=\""))
        .skip(1)
        .filter_map(|rest| rest.split_once('"').map(|(v, _)| v.to_string()))
        .collect()
}

#[test]
fn a_player_signs_in_by_the_link_and_plays_a_move_by_square_and_move() {
    let db = TestDb::sqlite("web-play");
    let w = world(&db, 1_000);
    let (id, token) = w.game();
    let alice = w.sign_in(&w.link("alice"));
    // Signed in: the page says who, with a sign-out button, and the player's part.
    let page = get(w.addr, &format!("/g/{token}"), Some(&alice));
    assert_eq!(page.status, 200);
    assert_eq!(page.header("cache-control"), Some("private, no-store"), "a signed-in page is the reader's own");
    let html = page.text();
    assert!(html.contains("Signed in as alice") && html.contains("action=\"/logout\""), "{html}");
    assert!(html.contains("You play White."), "{html}");
    assert!(!html.contains(&alice), "the session's id is never in a page");
    // Every square is a button named by its coordinate; those that start a move are on.
    let squares = buttons(&html, "pick");
    assert_eq!(squares.len(), 49, "{squares:?}");
    assert!(squares.contains(&"a7".to_string()) && squares.contains(&"d4".to_string()));
    assert!(html.contains("name=\"pick\" value=\"d4\"") && html.contains("disabled"), "empty squares are off");
    // The square a7 offers its moves, each a button named by the move.
    let picked = get(w.addr, &format!("/g/{token}?pick=a7"), Some(&alice)).text();
    assert_eq!(buttons(&picked, "move"), ["a7-E", "a7-S"], "{picked}");
    assert!(picked.contains("aria-pressed=\"true\""), "the square picked says so");
    // A square not of the menu offers nothing: the page does not trust the query.
    assert!(buttons(&get(w.addr, &format!("/g/{token}?pick=z9"), Some(&alice)).text(), "move").is_empty());
    let (csrf, key, at) = (field(&picked, "csrf"), field(&picked, "key"), field(&picked, "at"));
    assert_eq!(at, "0");
    let played = post(
        w.addr,
        &format!("/g/{token}/move"),
        &[("csrf", &csrf), ("key", &key), ("at", &at), ("move", "a7-E")],
        Some(&alice),
        SAME_SITE,
    );
    assert_eq!(played.status, 303, "{}", played.text());
    assert_eq!(played.header("location"), Some(format!("/g/{token}").as_str()));
    assert_eq!(w.ply(&id), 1);
    // The board in the game's thread and bob's "your move" wait in the outbox for
    // the chat's delivery, as a move made in chat would cause them.
    let pending = crate::common::pending(&w.service, Platform::Terminal);
    let board = pending.iter().find(|(_, r)| matches!(r.message, Message::Moved { .. })).expect("the board");
    assert!(matches!(&board.1.destination, Destination::Thread { .. }), "{board:?}");
    assert!(board.1.mentions.iter().any(|u| u.user_id == "bob"), "bob is told: {board:?}");
    assert!(board.1.board().is_some_and(|b| b.ply == 1), "with the board");
    // The same form sent again is the same request: nothing more.
    let again = post(
        w.addr,
        &format!("/g/{token}/move"),
        &[("csrf", &csrf), ("key", &key), ("at", &at), ("move", "a7-E")],
        Some(&alice),
        SAME_SITE,
    );
    assert_eq!(again.status, 303);
    assert_eq!(w.ply(&id), 1);
    // Bob, signed in, plays by the typed form.
    let bob = w.sign_in(&w.link("bob"));
    let page = get(w.addr, &format!("/g/{token}"), Some(&bob)).text();
    assert!(page.contains("for=\"move-text\"") && page.contains(">Move</label>") && page.contains(">Play</button>"));
    let typed = post(
        w.addr,
        &format!("/g/{token}/move"),
        &[("csrf", &field(&page, "csrf")), ("key", &field(&page, "key")), ("at", "1"), ("move", "g7 down")],
        Some(&bob),
        SAME_SITE,
    );
    assert_eq!(typed.status, 303, "{}", typed.text());
    assert_eq!(w.ply(&id), 2);
    // /me lists the game, linked to its page.
    let me = get(w.addr, "/me", Some(&bob)).text();
    assert!(me.contains(&format!("href=\"/g/{token}\"")) && !me.contains("your turn"), "{me}");
}

#[test]
fn conditional_moves_are_left_listed_and_cleared_on_the_page_and_answer_through_the_mover() {
    let db = TestDb::sqlite("web-premoves");
    let w = world(&db, 1_000);
    let (id, token) = w.game();
    let premove = format!("/g/{token}/premove");
    // alice is to move: no conditional moves for her now.
    let alice = w.sign_in(&w.link("alice"));
    let page = get(w.addr, &format!("/g/{token}"), Some(&alice)).text();
    assert!(!page.contains(&format!("action=\"{premove}\"")), "not on one's own turn: {page}");
    // bob waits: his part offers a line to leave, his lines, and a way to clear them.
    let bob = w.sign_in(&w.link("bob"));
    let page = get(w.addr, &format!("/g/{token}"), Some(&bob)).text();
    assert!(page.contains(">Conditional moves</h3>") && page.contains(&format!("action=\"{premove}\"")), "{page}");
    assert!(page.contains("for=\"premove-line\"") && page.contains(">Line</label>"), "{page}");
    let csrf = field(&page, "csrf");
    let send = |form: &[(&str, &str)]| {
        let mut all = vec![("csrf", csrf.as_str()), ("at", "0")];
        all.extend_from_slice(form);
        post(w.addr, &premove, &all, Some(&bob), SAME_SITE)
    };
    // A line that is not legal is refused in chat's words, and nothing is kept.
    let refused = send(&[("key", "p1"), ("line", "a7-E z9-Q")]);
    assert_eq!(refused.status, 422, "{}", refused.text());
    assert!(refused.text().contains("z9"), "{}", refused.text());
    let saved = send(&[("key", "p2"), ("line", "a7-E g7-S")]);
    assert_eq!(saved.status, 200, "{}", saved.text());
    assert!(
        saved.text().contains("Conditional move saved.") && saved.text().contains("a7-E → g7-S"),
        "{}",
        saved.text()
    );
    let listed = send(&[("key", "p3")]);
    assert!(listed.text().contains("Your conditional moves in Kuba game") && listed.text().contains("a7-E → g7-S"));
    // alice plays the move the line expects, in chat: bob's answer comes at once.
    let r = w.ask(
        "alice",
        Command::Move {
            game: GameRef { kind: boardbot::games::GameKind::Kuba, id: Some(id.clone()) },
            text: "a7-E".into(),
            at: None,
        },
    );
    assert!(r.iter().all(|r| !matches!(r.message, Message::Refused(_))), "{r:?}");
    w.service.wait_until_idle();
    assert_eq!(w.ply(&id), 2, "bob's conditional answer was played");
    let moves: Vec<String> =
        w.service.store().find_game(&id).expect("the game").moves.into_iter().map(|m| m.text).collect();
    assert_eq!(moves, ["a7-E", "g7-S"]);
    // A new line, then cleared from the page.
    let page = get(w.addr, &format!("/g/{token}"), Some(&bob)).text();
    assert!(page.contains(&format!("action=\"{premove}\"")), "alice is to move again: {page}");
    let again = |form: &[(&str, &str)]| {
        let mut all = vec![("csrf", csrf.as_str()), ("at", "2")];
        all.extend_from_slice(form);
        post(w.addr, &premove, &all, Some(&bob), SAME_SITE)
    };
    let saved = again(&[("key", "p4"), ("line", "a6-E a1-N")]);
    assert_eq!(saved.status, 200, "{}", saved.text());
    let cleared = again(&[("key", "p5"), ("clear", "1")]);
    assert_eq!(cleared.status, 200, "{}", cleared.text());
    let listed = again(&[("key", "p6")]).text();
    assert!(listed.contains("You have no conditional moves in Kuba game"), "{listed}");
    // Without the page's form token, nothing.
    let forged =
        post(w.addr, &premove, &[("csrf", "nope"), ("key", "p7"), ("line", "a6-E a1-N")], Some(&bob), SAME_SITE);
    assert_eq!(forged.status, 403);
    assert!(again(&[("key", "p8")]).text().contains("You have no conditional moves"));
}

#[test]
fn a_refused_move_says_why_in_chats_words_and_changes_nothing() {
    let db = TestDb::sqlite("web-refused");
    let w = world(&db, 1_000);
    let (id, token) = w.game();
    let bob = w.sign_in(&w.link("bob"));
    let page = get(w.addr, &format!("/g/{token}"), Some(&bob)).text();
    assert!(page.contains("Waiting for your opponent"), "{page}");
    let form = [("csrf", field(&page, "csrf")), ("key", "k1".to_string()), ("at", "0".into()), ("move", "g7-S".into())];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let refused = post(w.addr, &format!("/g/{token}/move"), &form, Some(&bob), SAME_SITE);
    assert_eq!(refused.status, 422);
    // The words chat gives the same request.
    let chat = w.service.handle(&Request::new(
        actor("bob"),
        place(),
        Command::Move {
            game: GameRef { kind: boardbot::games::GameKind::Kuba, id: Some(id.clone()) },
            text: "g7-S".into(),
            at: None,
        },
    ));
    let said = boardbot::present::say(&chat[0].message, Lang::En, &WebGrammar).text;
    assert!(matches!(chat[0].message, Message::Refused(_)), "{chat:?}");
    let shown = refused.text();
    let escaped = said.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    assert!(shown.contains(&escaped), "{said:?} in {shown}");
    assert!(shown.contains("role=\"alert\""), "{shown}");
    assert_eq!(w.ply(&id), 0);
}

#[test]
fn hostile_requests_are_refused_and_store_nothing() {
    let db = TestDb::sqlite("web-hostile");
    let w = world(&db, 1_000);
    let (id, token) = w.game();
    let link = w.link("alice");
    let alice = w.sign_in(&link);
    let page = get(w.addr, &format!("/g/{token}?pick=a7"), Some(&alice)).text();
    let csrf = field(&page, "csrf");
    let path = format!("/g/{token}/move");
    let form = |key: &'static str| vec![("csrf", csrf.clone()), ("key", key.to_string()), ("move", "a7-E".into())];
    let send = |form: &[(&str, String)], session: Option<&str>, more: &[(&str, &str)]| {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        post(w.addr, &path, &form, session, more)
    };
    // A POST replayed from another site, with the cookie a browser would attach.
    let cross = send(&form("a"), Some(&alice), &[("Sec-Fetch-Site", "cross-site"), ("Origin", "https://evil.example")]);
    assert_eq!(cross.status, 403);
    assert!(cross.text().contains("did not come from this page"), "{}", cross.text());
    let old_browser = send(&form("b"), Some(&alice), &[("Origin", "https://evil.example")]);
    assert_eq!(old_browser.status, 403);
    assert_eq!(send(&form("c"), Some(&alice), &[]).status, 403, "neither header: not a browser's form");
    // The page's own origin, told by an older browser, is accepted.
    let own_origin = [("Origin", w.base.as_str())];
    // Without the cookie.
    assert_eq!(send(&form("d"), None, SAME_SITE).status, 403);
    // Without the form token, or with a wrong one.
    let mut wrong = form("e");
    wrong[0].1 = "x".repeat(32);
    assert_eq!(send(&wrong, Some(&alice), SAME_SITE).status, 403);
    assert_eq!(send(&form("f")[1..], Some(&alice), SAME_SITE).status, 403);
    // Another person's session: carol plays no part in the game.
    let carol = w.sign_in(&w.link("carol"));
    let carols = get(w.addr, "/me", Some(&carol)).text();
    assert!(carols.contains("Signed in as carol"), "{carols}");
    let carol_csrf = field(&carols, "csrf");
    let as_carol = vec![("csrf", carol_csrf.clone()), ("key", "g".to_string()), ("move", "a7-E".into())];
    assert_eq!(send(&as_carol, Some(&carol), SAME_SITE).status, 403);
    // Carol's cookie with alice's token, and alice's cookie with carol's.
    assert_eq!(send(&form("h"), Some(&carol), SAME_SITE).status, 403);
    let mixed = vec![("csrf", carol_csrf), ("key", "i".to_string()), ("move", "a7-E".into())];
    assert_eq!(send(&mixed, Some(&alice), SAME_SITE).status, 403);
    // A made-up session.
    let forged = "a".repeat(52);
    assert_eq!(send(&form("j"), Some(&forged), SAME_SITE).status, 403);
    assert_eq!(w.ply(&id), 0, "nothing was played");
    // The used link signs nobody in again; an expired one neither.
    let reused = post(w.addr, "/login", &[("token", &link)], None, SAME_SITE);
    assert_eq!(reused.status, 403);
    assert!(reused.header("set-cookie").is_none());
    assert!(reused.text().contains("signs nobody in"), "{}", reused.text());
    let late = w.link("alice");
    w.clock.advance(10 * MINUTE + 1);
    let expired = post(w.addr, "/login", &[("token", &late)], None, SAME_SITE);
    assert_eq!(expired.status, 403);
    assert!(expired.header("set-cookie").is_none());
    // A sign-in posted from another site is refused too (it would sign the victim in
    // as the attacker).
    let fresh = w.link("alice");
    let planted = post(w.addr, "/login", &[("token", &fresh)], None, &[("Sec-Fetch-Site", "cross-site")]);
    assert_eq!(planted.status, 403);
    // The real thing, from the page's origin told by an older browser, plays.
    let ok = send(&form("k"), Some(&alice), &own_origin);
    assert_eq!(ok.status, 303, "{}", ok.text());
    assert_eq!(w.ply(&id), 1);
    // The pages forbid inline scripts and framing; forms post only here.
    let csp = get(w.addr, &format!("/g/{token}"), None).header("content-security-policy").expect("a CSP").to_string();
    assert!(csp.contains("script-src 'self';") && csp.contains("form-action 'self'"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    let script_src = csp.split(';').find(|d| d.trim().starts_with("script-src")).expect("script-src");
    assert!(!script_src.contains("unsafe-inline"), "{csp}");
}

#[test]
fn logging_out_ends_every_session_of_that_person() {
    let db = TestDb::sqlite("web-logout");
    let w = world(&db, 1_000);
    let (id, token) = w.game();
    let first = w.sign_in(&w.link("alice"));
    let second = w.sign_in(&w.link("alice"));
    let unused = w.link("alice");
    assert_eq!(w.service.web_sessions_of(&actor("alice")).expect("read"), 2);
    let page = get(w.addr, &format!("/g/{token}?pick=a7"), Some(&first)).text();
    let replies = w.ask("alice", Command::WebLogout);
    assert!(matches!(replies[0].message, Message::WebLoggedOut { sessions: 2 }), "{replies:?}");
    assert_eq!(w.service.web_sessions_of(&actor("alice")).expect("read"), 0);
    for session in [&first, &second] {
        let me = get(w.addr, "/me", Some(session)).text();
        assert!(!me.contains("Signed in as"), "{me}");
    }
    let form = [("csrf", field(&page, "csrf")), ("key", "z".to_string()), ("move", "a7-E".into())];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(post(w.addr, &format!("/g/{token}/move"), &form, Some(&first), SAME_SITE).status, 403);
    assert_eq!(post(w.addr, "/login", &[("token", &unused)], None, SAME_SITE).status, 403, "its links too");
    assert_eq!(w.ply(&id), 0);
    // The page's own button ends its session alone.
    let third = w.sign_in(&w.link("alice"));
    let fourth = w.sign_in(&w.link("alice"));
    let me = get(w.addr, "/me", Some(&third)).text();
    let out = post(w.addr, "/logout", &[("csrf", &field(&me, "csrf"))], Some(&third), SAME_SITE);
    assert_eq!(out.status, 303);
    assert!(out.header("set-cookie").is_some_and(|c| c.contains("Max-Age=0")), "{out:?}");
    assert!(!get(w.addr, "/me", Some(&third)).text().contains("Signed in as"));
    assert!(get(w.addr, "/me", Some(&fourth)).text().contains("Signed in as alice"));
}

#[test]
fn each_session_is_rate_limited() {
    let db = TestDb::sqlite("web-session-limit");
    let w = world(&db, 3);
    let (id, token) = w.game();
    let bob = w.sign_in(&w.link("bob"));
    let page = get(w.addr, &format!("/g/{token}"), Some(&bob)).text();
    let csrf = field(&page, "csrf");
    let statuses: Vec<u16> = (0..5)
        .map(|i| {
            let key = format!("r{i}");
            let form = [("csrf", csrf.as_str()), ("key", key.as_str()), ("answer", "offer")];
            post(w.addr, &format!("/g/{token}/draw"), &form, Some(&bob), SAME_SITE).status
        })
        .collect();
    assert_eq!(&statuses[3..], &[429, 429], "{statuses:?}");
    assert!(statuses[..3].iter().all(|s| *s != 429), "{statuses:?}");
    assert_eq!(w.ply(&id), 0);
}

both_backends! {
    fn sessions_are_kept_hashed_used_once_and_end_after_thirty_days_unused(db) {
        let clock = Arc::new(TestClock::new(5_000_000));
        let options = ServiceOptions {
            scheduler: false,
            web_url: Some("https://boards.example.org".to_string()),
            ..ServiceOptions::default()
        };
        let service = Service::start(db.open(), clock.clone(), options).expect("service");
        let replies = service.handle(&Request::new(actor("alice"), place(), Command::WebLogin));
        let Message::WebLogin { url, .. } = &replies[0].message else { panic!("{replies:?}") };
        let token = url.rsplit('/').next().expect("a token").to_string();
        assert!(url.starts_with("https://boards.example.org/login/"), "{url}");
        let session = service.web_sign_in(&token).expect("signed in");
        assert!(service.web_sign_in(&token).is_err(), "once");
        assert_eq!(session.signed.actor.user_id, "alice");
        // Nothing in the store signs anyone in: only digests are kept.
        let secret = session.secret.clone();
        let touched = |table: &str, column: &str, value: &str| {
            let sql = format!("UPDATE {table} SET created_at = created_at WHERE {column} = '{value}'");
            service.store().write(move |tx| tx.run_sql(&sql)).expect("sql")
        };
        let digest = |s: &str| {
            use sha2::Digest;
            data_encoding::HEXLOWER.encode(&sha2::Sha256::digest(s.as_bytes()))
        };
        assert_eq!(touched("web_logins", "token_hash", &token), 0);
        assert_eq!(touched("web_logins", "token_hash", &digest(&token)), 1);
        assert_eq!(touched("web_sessions", "session_hash", &secret), 0);
        assert_eq!(touched("web_sessions", "session_hash", &digest(&secret)), 1);
        // Used: the session lasts while it is used, and ends 30 days after its last use.
        clock.advance(29 * DAY);
        assert!(service.web_session(&secret).expect("read").is_some());
        clock.advance(29 * DAY);
        assert!(service.web_session(&secret).expect("read").is_some(), "used 29 days ago: alive");
        clock.advance(30 * DAY + 1);
        assert!(service.web_session(&secret).expect("read").is_none(), "30 days unused: over");
    }
}

both_backends! {
    /// `/kuba play` on Discord launches the Activity, which carries nothing: the service
    /// keeps the game asked for, and the Activity's sign-in opens it, once, within ten
    /// minutes; the last game asked for wins; other platforms keep nothing.
    fn the_activity_opens_the_game_kuba_play_asked_for_once_within_ten_minutes(db) {
        let clock = Arc::new(TestClock::new(5_000_000));
        let options = ServiceOptions {
            scheduler: false,
            web_url: Some("https://boards.example.org".to_string()),
            ..ServiceOptions::default()
        };
        let service = Service::start(db.open(), clock.clone(), options).expect("service");
        let discord = |name: &str| Actor::new(Platform::Discord, format!("{name}-id"), name);
        let here = Place { community: Some("guild".into()), channel: Some("general".into()), ..Place::default() };
        let ask = |who: Actor, command: Command| {
            let replies = service.handle(&Request::new(who, here.clone(), command));
            for r in &replies {
                service.answered(r);
            }
            replies
        };
        let bob = boardbot::service::Target::User {
            user_id: "bob-id".into(),
            display_name: "bob".into(),
            is_bot: false,
        };
        for kind in [boardbot::games::GameKind::Kuba, boardbot::games::GameKind::Nuba] {
            ask(discord("alice"), crate::common::casual_challenge(kind, bob.clone()));
            ask(discord("bob"), Command::Accept { kind, challenge: None });
        }
        let store = service.store();
        let alice = store.player_id(Platform::Discord, "alice-id").expect("read").expect("alice");
        let games = store.read(|tx| store::games_in_progress(tx, alice)).expect("games");
        assert_eq!(games.len(), 2);
        let token_of = |i: usize| {
            let id = games[i].id;
            store.read(move |tx| store::game_link(tx, id)).expect("read").map(|t| t.to_string())
        };
        let play = |i: usize| {
            let game = GameRef { kind: games[i].kind, id: Some(games[i].public_id.as_str().to_string()) };
            let replies = ask(discord("alice"), Command::Play { game });
            assert!(replies.iter().any(|r| matches!(r.message, Message::PlayOnWeb { .. })), "{replies:?}");
        };
        // Nothing asked for: the Activity shows the list.
        assert_eq!(service.take_activity_launch(alice).expect("read"), None);
        play(0);
        assert_eq!(service.take_activity_launch(alice).expect("read"), token_of(0));
        assert!(token_of(0).is_some());
        assert_eq!(service.take_activity_launch(alice).expect("read"), None, "once");
        // The last game asked for is the one opened.
        play(0);
        play(1);
        assert_eq!(service.take_activity_launch(alice).expect("read"), token_of(1));
        // Past ten minutes, the list again.
        play(1);
        clock.advance(10 * MINUTE + 1);
        assert_eq!(service.take_activity_launch(alice).expect("read"), None, "expired");
        // Bob never asked; a terminal player's `play` keeps nothing.
        let bob_id = store.player_id(Platform::Discord, "bob-id").expect("read").expect("bob");
        assert_eq!(service.take_activity_launch(bob_id).expect("read"), None);
        // Taken, expired or not, the row is gone.
        assert_eq!(store.write(|tx| tx.run_sql("DELETE FROM web_launches")).expect("sql"), 0);
        let terminal = |name: &str| Actor::new(Platform::Terminal, name, name);
        ask(terminal("cid"), crate::common::casual_challenge(boardbot::games::GameKind::Kuba, terminal_user("dan")));
        ask(terminal("dan"), Command::Accept { kind: boardbot::games::GameKind::Kuba, challenge: None });
        let game = GameRef { kind: boardbot::games::GameKind::Kuba, id: None };
        let replies = ask(terminal("cid"), Command::Play { game });
        assert!(replies.iter().any(|r| matches!(r.message, Message::PlayOnWeb { .. })), "{replies:?}");
        assert_eq!(store.write(|tx| tx.run_sql("DELETE FROM web_launches")).expect("sql"), 0, "not Discord");
    }
}
