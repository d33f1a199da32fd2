//! The web pages over HTTP (issue #44): the real server on a loopback port, over an
//! SQLite store the test fills, asked with a plain HTTP/1.1 client. Every route:
//! statuses, content types, caching, 404s for what is unknown or malformed, 405, the
//! rate limit, the reader's language, the previews' tags, the move list's links, live
//! events and the size bounds.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::lang::Lang;
use boardbot::service::pages::{Links, PageError, Pages};
use boardbot::service::{Actor, Command, Message, Place, Request, Service, ServiceOptions, TestClock};
use boardbot::store::{self, upsert_player, CommunityId, GameId, SeatHolder, Store};
use boardbot::web::{self, WebOptions};

use crate::common::store::{both_backends, community, new_game, next_move, Rng, TestDb};

/// A server on a loopback port, stopped with its runtime.
struct Server {
    addr: SocketAddr,
    base: String,
    _runtime: tokio::runtime::Runtime,
}

fn serve(pages: Pages, requests_per_minute: u32) -> Server {
    serve_with(pages, requests_per_minute, false)
}

fn serve_with(pages: Pages, requests_per_minute: u32, trust_forwarded_for: bool) -> Server {
    serve_polling(pages, requests_per_minute, trust_forwarded_for, Duration::from_millis(50))
}

/// [`serve_with`], the live pages reading their games every `poll`.
fn serve_polling(pages: Pages, requests_per_minute: u32, trust_forwarded_for: bool, poll: Duration) -> Server {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a loopback port");
    let addr = listener.local_addr().expect("address");
    let base = format!("http://{addr}");
    let options = WebOptions {
        public_url: base.clone(),
        requests_per_minute,
        trust_forwarded_for,
        poll,
        actions_per_minute: 30,
        activity: None,
    };
    let router = web::router(pages, &options);
    runtime.spawn(async move { web::serve(listener, router).await });
    Server { addr, base, _runtime: runtime }
}

/// An answer: its status, headers (names in lower case) and body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// One request on a connection of its own.
fn fetch(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("send");
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    parse(&response)
}

fn parse(response: &[u8]) -> Answer {
    let end = response.windows(4).position(|w| w == b"\r\n\r\n").map_or(response.len(), |i| i + 4);
    let head = String::from_utf8_lossy(&response[..end]);
    let mut lines = head.lines();
    let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer { status, headers, body: response[end..].to_vec() }
}

fn get(addr: SocketAddr, path: &str) -> Answer {
    fetch(addr, "GET", path, &[])
}

/// The value of `<meta property|name="key" content="…">` in a page.
fn meta(page: &str, key: &str) -> Option<String> {
    let at = page.find(&format!("=\"{key}\""))?;
    let tag_start = page[..at].rfind('<')?;
    let tag_end = at + page[at..].find('>')?;
    let tag = &page[tag_start..tag_end];
    let content = tag.split_once("content=\"")?.1;
    Some(content[..content.find('"')?].replace("&amp;", "&"))
}

/// Every `href="…"` of a page.
fn links(page: &str) -> Vec<String> {
    page.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split_once('"').map(|(l, _)| l.replace("&amp;", "&")))
        .collect()
}

/// A store with a rated Kuba game of `moves` moves between alice and bob, in the
/// community `room` (turned on when `page_on`), and its token.
struct Filled {
    store: Arc<Store>,
    game: GameId,
    token: String,
    room: CommunityId,
}

fn filled(tag: &str, moves: u32, alice: &str) -> (TestDb, Filled) {
    let db = TestDb::sqlite(tag);
    let f = fill(&db, moves, alice);
    (db, f)
}

fn fill(db: &TestDb, moves: u32, alice: &str) -> Filled {
    let store = db.open();
    let alice = alice.to_string();
    let (a, b) = store
        .write(move |tx| {
            Ok((
                upsert_player(tx, Platform::Terminal, "alice", &alice, 1)?,
                upsert_player(tx, Platform::Terminal, "bob", "bob", 1)?,
            ))
        })
        .expect("players");
    let room = community(&store, "room");
    let mut new = new_game(GameKind::Kuba, None, vec![SeatHolder::Player(a), SeatHolder::Player(b)], true);
    new.community = Some(room);
    let (game, _) = store.create_game(new).expect("create");
    let mut rng = Rng(11);
    for _ in 0..moves {
        let (ply, text) = next_move(&store, game, &mut rng).expect("the game goes on");
        store.play_move(game, ply, &text, 2_000 + i64::from(ply)).expect("move");
    }
    let token = store.read(|tx| store::game_link(tx, game)).expect("read").expect("every game has a link");
    Filled { store: Arc::new(store), game, token: token.to_string(), room }
}

fn pages_of(db: &TestDb) -> Pages {
    Pages::open(db.open(), Arc::new(TestClock::new(10_000)))
}

fn play_one(f: &Filled, seed: u64) {
    let mut rng = Rng(seed);
    let (ply, text) = next_move(&f.store, f.game, &mut rng).expect("the game goes on");
    f.store.play_move(f.game, ply, &text, 3_000 + i64::from(ply)).expect("move");
}

#[test]
fn a_games_page_shows_its_players_board_moves_and_preview() {
    let (db, f) = filled("web-page", 6, "alice");
    let server = serve(pages_of(&db), 10_000);
    let page = get(server.addr, &format!("/g/{}", f.token));
    assert_eq!(page.status, 200, "{page:?}");
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(page.header("cache-control"), Some("public, max-age=5"));
    assert_eq!(page.header("content-language"), Some("en"));
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    assert!(page.header("content-security-policy").is_some_and(|c| c.contains("default-src 'none'")));
    let html = page.text();
    assert!(html.contains("name=\"viewport\""), "readable on a phone");
    assert_eq!(meta(&html, "og:title").as_deref(), Some("Kuba · alice vs bob"));
    assert_eq!(meta(&html, "twitter:card").as_deref(), Some("summary_large_image"));
    let status = meta(&html, "og:description").expect("a status");
    assert!(status.contains("to move"), "{status}");
    // The preview's image: the board PNG of the current move, at an absolute URL.
    let image = meta(&html, "og:image").expect("an image");
    let prefix = format!("{}/g/{}/6-", server.base, f.token);
    assert!(image.starts_with(&prefix) && image.ends_with("-en.png"), "{image}");
    assert_eq!(meta(&html, "twitter:image"), Some(image.clone()));
    let alt = meta(&html, "og:image:alt").expect("alt text");
    assert!(alt.starts_with("Kuba, move 6, ") && alt.contains("to move") && alt.contains("White: "), "{alt}");
    // Every move is listed, each a link to its own page.
    let record = f.store.load_game(f.game).expect("load");
    for m in &record.moves {
        let link = format!("/g/{}/{}", f.token, m.ply);
        assert!(links(&html).contains(&link), "no link {link}");
        assert!(html.contains(&format!(">{}</a>", m.text)), "no move {}", m.text);
    }
    // The board's picture loads, is a PNG and never changes.
    let png_path = image.strip_prefix(&server.base).expect("on this server");
    let png = get(server.addr, png_path);
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert_eq!(png.header("cache-control"), Some("public, max-age=31536000, immutable"));
    assert!(png.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    let etag = png.header("etag").expect("an etag").to_string();
    let again = fetch(server.addr, "GET", png_path, &[("If-None-Match", &etag)]);
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    // A page at an earlier move shows that move's board.
    let third = get(server.addr, &format!("/g/{}/3", f.token)).text();
    assert!(third.contains(&format!("/g/{}/3-", f.token)), "the board of move 3");
    assert!(third.contains("after move 3 of 6"), "{third}");
    // The replay.
    let replay = links(&html).into_iter().find(|l| l.contains("/replay-")).expect("a replay link");
    let gif = get(server.addr, &replay);
    assert_eq!(gif.status, 200);
    assert_eq!(gif.header("content-type"), Some("image/gif"));
    assert_eq!(gif.header("cache-control"), Some("public, max-age=31536000, immutable"));
    assert!(gif.body.starts_with(b"GIF89a"));
    // HEAD is answered without a body.
    let head = fetch(server.addr, "HEAD", &format!("/g/{}", f.token), &[]);
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
}

/// The `src` of the page's board picture.
fn board_src(page: &str) -> Option<String> {
    let img = &page[page.find("<img class=\"board\"")?..];
    let src = img.split_once("src=\"")?.1;
    Some(src[..src.find('"')?].replace("&amp;", "&"))
}

/// The page shows the board as SVG, the PNG's picture as vector graphics: the same
/// size, a URL that changes with it and is kept a year, gzipped for the clients that
/// take it and plain for the others.
#[test]
fn a_games_page_shows_its_board_as_svg() {
    use std::io::Read as _;
    let (db, f) = filled("web-svg", 6, "alice");
    let server = serve(pages_of(&db), 10_000);
    let html = get(server.addr, &format!("/g/{}", f.token)).text();
    let src = board_src(&html).expect("a board picture");
    assert!(src.starts_with(&format!("/g/{}/6-", f.token)) && src.ends_with("-en.svg"), "{src}");
    let png_url = meta(&html, "og:image").expect("the preview stays a PNG");
    assert_eq!(png_url.strip_prefix(&server.base).map(|p| p.replace(".png", ".svg")), Some(src.clone()));
    let plain = get(server.addr, &src);
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-type"), Some("image/svg+xml"));
    assert_eq!(plain.header("cache-control"), Some("public, max-age=31536000, immutable"));
    assert_eq!(plain.header("content-encoding"), None);
    assert!(plain.header("vary").is_some_and(|v| v.contains("Accept-Encoding")), "{plain:?}");
    let packed = fetch(server.addr, "GET", &src, &[("Accept-Encoding", "gzip, deflate, br")]);
    assert_eq!(packed.status, 200);
    assert_eq!(packed.header("content-encoding"), Some("gzip"));
    assert_eq!(packed.header("content-type"), Some("image/svg+xml"));
    let mut unpacked = Vec::new();
    flate2::read::GzDecoder::new(&packed.body[..]).read_to_end(&mut unpacked).expect("gzip");
    assert_eq!(unpacked, plain.body, "one picture, two encodings on the wire");
    assert!(packed.body.len() * 3 < plain.body.len(), "{} gzipped of {}", packed.body.len(), plain.body.len());
    let svg = plain.text();
    crate::render_svg::well_formed(&svg).expect("well-formed");
    // The PNG's size: the cells' buttons, placed from the picture's layout, fall on
    // the cells of either.
    let png = get(server.addr, png_url.strip_prefix(&server.base).expect("here"));
    let (w, h) = boardbot::present::dimensions(&png.body).expect("a PNG's size");
    assert!(svg.starts_with(&format!("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\"")), "{w}×{h}");
    for (encoding, etag) in [("identity", plain.header("etag")), ("gzip", packed.header("etag"))] {
        let etag = etag.expect("an etag");
        let again = fetch(server.addr, "GET", &src, &[("If-None-Match", etag), ("Accept-Encoding", encoding)]);
        assert_eq!(again.status, 304, "{encoding}");
    }
    assert_ne!(plain.header("etag"), packed.header("etag"), "one tag per encoding");
    // An earlier move's page shows that move's board; a stale version is gone.
    let third = get(server.addr, &format!("/g/{}/3", f.token)).text();
    assert!(board_src(&third).is_some_and(|s| s.starts_with(&format!("/g/{}/3-", f.token))), "the board of move 3");
    assert_eq!(get(server.addr, &format!("/g/{}/6-0123456789abcdef-en.svg", f.token)).status, 404);
}

#[test]
fn a_pictures_url_changes_when_the_picture_could_and_stale_ones_are_gone() {
    let (db, f) = filled("web-keys", 4, "alice");
    let server = serve(pages_of(&db), 10_000);
    let before = meta(&get(server.addr, &format!("/g/{}", f.token)).text(), "og:image").expect("image");
    let replay_before = links(&get(server.addr, &format!("/g/{}", f.token)).text())
        .into_iter()
        .find(|l| l.contains("/replay-"))
        .expect("replay");
    play_one(&f, 5);
    let after_page = get(server.addr, &format!("/g/{}", f.token)).text();
    let after = meta(&after_page, "og:image").expect("image");
    assert_ne!(before, after, "a new move, a new preview");
    assert!(after.contains(&format!("/g/{}/5-", f.token)), "{after}");
    // Move 4's picture is still move 4's: its URL stays.
    let board_4 = before.strip_prefix(&server.base).expect("here");
    assert_eq!(get(server.addr, board_4).status, 200);
    let page_4 = get(server.addr, &format!("/g/{}/4", f.token)).text();
    assert_eq!(board_src(&page_4), Some(board_4.replace(".png", ".svg")), "the page shows move 4's board as SVG");
    assert_eq!(get(server.addr, &board_4.replace(".png", ".svg")).status, 200);
    // The replay's URL changed with the move; the old one is gone.
    assert_eq!(get(server.addr, &replay_before).status, 404);
    // A takeback replaces move 5: its old picture's URL is gone, the new one differs.
    f.store.take_back(f.game, 5, 9_000).expect("take back");
    play_one(&f, 99);
    let replaced = meta(&get(server.addr, &format!("/g/{}", f.token)).text(), "og:image").expect("image");
    let record = f.store.load_game(f.game).expect("load");
    if replaced != after {
        assert_eq!(get(server.addr, after.strip_prefix(&server.base).expect("here")).status, 404);
    } else {
        // The same move was played again: the same picture.
        assert_eq!(record.ply, 5);
    }
}

#[test]
fn unknown_and_malformed_ids_are_404_and_tell_nothing() {
    let (db, f) = filled("web-404", 3, "alice");
    let server = serve(pages_of(&db), 10_000);
    let record = f.store.load_game(f.game).expect("load");
    let other = "a".repeat(26);
    let key = "0123456789abcdef";
    let real_board = meta(&get(server.addr, &format!("/g/{}", f.token)).text(), "og:image").expect("image");
    let real_board = real_board.strip_prefix(&server.base).expect("here").to_string();
    let wrong_lang = real_board.replace("-en.png", "-pt.png");
    for path in [
        format!("/g/{other}"),
        format!("/g/{}", record.public_id),
        format!("/g/{}", record.public_id.as_str().to_ascii_lowercase()),
        format!("/g/{}", &f.token[1..]),
        format!("/g/{}x", f.token),
        format!("/g/{}", f.token.to_ascii_uppercase()),
        format!("/g/{}/4", f.token),
        format!("/g/{}/-1", f.token),
        format!("/g/{}/99999999999999", f.token),
        format!("/g/{}/abc", f.token),
        format!("/g/{}/3-{key}-en.png", f.token),
        format!("/g/{}/9-{key}-en.png", f.token),
        format!("/g/{}/3-{key}-en.svg", f.token),
        wrong_lang.replace(".png", ".svg"),
        format!("/g/{other}/3-{key}-en.png"),
        wrong_lang,
        format!("/g/{}/replay-{key}-en.gif", f.token),
        format!("/g/{other}/events"),
        format!("/c/{other}"),
        format!("/c/{}", f.token),
        "/g/../../etc/passwd".to_string(),
        "/g/%2e%2e/%2e%2e/etc/passwd".to_string(),
        "/src/main.rs".to_string(),
        "/Cargo.toml".to_string(),
        "/".to_string(),
        "/g/".to_string(),
    ] {
        let answer = get(server.addr, &path);
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.header("content-type"), Some("text/html; charset=utf-8"), "{path}");
        assert_eq!(answer.header("cache-control"), Some("no-store"), "{path}");
        assert!(answer.text().contains("There is no page at this address."), "{path}");
        assert!(!answer.text().contains(&f.token), "{path}");
    }
    assert_eq!(get(server.addr, &real_board).status, 200, "the real one");
}

#[test]
fn only_get_and_head_are_answered() {
    let (db, f) = filled("web-405", 1, "alice");
    let server = serve(pages_of(&db), 10_000);
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        for path in [format!("/g/{}", f.token), "/nowhere".to_string(), "/healthz".to_string()] {
            let answer = fetch(server.addr, method, &path, &[("Content-Length", "0")]);
            assert_eq!(answer.status, 405, "{method} {path}");
            assert_eq!(answer.header("allow"), Some("GET, HEAD"), "{method} {path}");
        }
    }
}

#[test]
fn each_address_is_rate_limited_with_a_retry_after() {
    let (db, f) = filled("web-429", 1, "alice");
    let server = serve(pages_of(&db), 5);
    let path = format!("/g/{}", f.token);
    let statuses: Vec<u16> = (0..8).map(|_| get(server.addr, &path).status).collect();
    assert_eq!(&statuses[..5], &[200; 5], "{statuses:?}");
    let refused = get(server.addr, &path);
    assert_eq!(refused.status, 429);
    let retry: u64 = refused.header("retry-after").and_then(|r| r.parse().ok()).expect("Retry-After in seconds");
    assert!((1..=60).contains(&retry), "{retry}");
    assert!(refused.text().contains("Too many requests"));
    // Every route counts, pictures and unknown paths too.
    assert_eq!(get(server.addr, "/robots.txt").status, 429);
    // A client cannot pose as another address unless the proxy is trusted.
    let forged = fetch(server.addr, "GET", &path, &[("X-Forwarded-For", "203.0.113.9")]);
    assert_eq!(forged.status, 429);
    // Behind a trusted proxy, each client's address (the last entry) has its own limit.
    let proxied = serve_with(pages_of(&db), 2, true);
    let from = |who: &str| fetch(proxied.addr, "GET", &path, &[("X-Forwarded-For", who)]).status;
    assert_eq!([from("198.51.100.1, 203.0.113.1"), from("203.0.113.1"), from("203.0.113.1")], [200, 200, 429]);
    assert_eq!(from("203.0.113.2"), 200, "another client");
}

#[test]
fn pages_are_in_the_readers_language() {
    let (db, f) = filled("web-lang", 2, "alice");
    let server = serve(pages_of(&db), 10_000);
    let path = format!("/g/{}", f.token);
    for (accept, lang, word) in [
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr", "Coups"),
        ("de", "de", "Züge"),
        ("pt-BR, nl;q=0.5", "nl", "Zetten"),
        ("es-ES,es;q=0.9", "es", "Jugadas"),
        ("ja", "en", "Moves"),
    ] {
        let page = fetch(server.addr, "GET", &path, &[("Accept-Language", accept)]);
        assert_eq!(page.status, 200);
        assert_eq!(page.header("content-language"), Some(lang), "{accept}");
        assert_eq!(page.header("vary"), Some("Accept-Language, Cookie"), "a page varies with its reader's session too");
        let html = page.text();
        assert!(html.contains(&format!("<html lang=\"{lang}\"")), "{accept}");
        assert!(html.contains(word), "{accept}: {word}");
        let image = meta(&html, "og:image").expect("image");
        assert!(image.ends_with(&format!("-{lang}.png")), "{image}");
    }
    let refused = fetch(server.addr, "GET", "/g/nothing", &[("Accept-Language", "de")]);
    assert!(refused.text().contains("Unter dieser Adresse gibt es keine Seite."));
}

#[test]
fn names_are_text_never_markup() {
    let (db, f) = filled("web-xss", 2, "<script>alert(1)</script>\"'&");
    let server = serve(pages_of(&db), 10_000);
    let html = get(server.addr, &format!("/g/{}", f.token)).text();
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{html}");
    // The only scripts are the page's own, from this server.
    assert_eq!(html.matches("<script").count(), 1);
    assert!(html.contains("<script src=\"/assets/live.js\""));
}

#[test]
fn a_community_page_exists_only_while_it_is_on() {
    let (db, f) = filled("web-community", 3, "alice");
    let server = serve(pages_of(&db), 10_000);
    let room = f.room;
    let token = f.store.write(move |tx| store::turn_page_on(tx, room, 5)).expect("on");
    let path = format!("/c/{token}");
    let page = get(server.addr, &path);
    assert_eq!(page.status, 200);
    assert_eq!(page.header("cache-control"), Some("public, max-age=60"));
    let html = page.text();
    assert!(html.contains("the room: games and leaderboards"), "{html}");
    for kind in GameKind::ALL {
        assert!(html.contains(&format!("<h3>{}</h3>", kind.title())), "{kind:?}");
    }
    assert!(links(&html).contains(&format!("/g/{}", f.token)), "the game is listed with its link");
    assert!(html.contains("alice vs bob"));
    // On again: the same page. Off: 404, and on again: a new address.
    assert_eq!(f.store.write(move |tx| store::turn_page_on(tx, room, 6)).expect("on"), token);
    assert!(f.store.write(move |tx| store::turn_page_off(tx, room)).expect("off"));
    assert_eq!(get(server.addr, &path).status, 404);
    let again = f.store.write(move |tx| store::turn_page_on(tx, room, 7)).expect("on");
    assert_ne!(again, token);
    assert_eq!(get(server.addr, &path).status, 404);
    assert_eq!(get(server.addr, &format!("/c/{again}")).status, 200);
}

#[test]
fn the_web_command_turns_the_page_on_and_off_for_managers_only() {
    let db = TestDb::sqlite("web-command");
    let options = ServiceOptions {
        scheduler: false,
        web_url: Some("https://boards.example.org/".to_string()),
        ..ServiceOptions::default()
    };
    let service = Service::start(db.open(), Arc::new(TestClock::new(1_000)), options).expect("service");
    let place = Place { community: Some("guild".into()), channel: Some("general".into()), ..Place::default() };
    let ask = |manages: bool, on: bool, place: &Place| {
        let actor = Actor { manages_community: manages, ..Actor::new(Platform::Discord, "1", "alice") };
        service.handle(&Request::new(actor, place.clone(), Command::Web { on })).remove(0).message
    };
    let Message::WebPageOn { url } = ask(true, true, &place) else { panic!("turned on") };
    assert!(url.starts_with("https://boards.example.org/c/"), "{url}");
    assert_eq!(url.len(), "https://boards.example.org/c/".len() + 26);
    let Message::WebPageOn { url: same } = ask(true, true, &place) else { panic!("still on") };
    assert_eq!(same, url);
    let refused = ask(false, false, &place);
    assert_eq!(refused, Message::Refused(boardbot::service::Refusal::WebNotManager));
    assert_eq!(ask(true, false, &place), Message::WebPageOff { was_on: true });
    assert_eq!(ask(true, false, &place), Message::WebPageOff { was_on: false });
    // The links chat messages will carry.
    let p = crate::common::store::players(service.store(), 2);
    let seats = vec![SeatHolder::Player(p[0]), SeatHolder::Player(p[1])];
    let (_, public_id) = service.store().create_game(new_game(GameKind::Kuba, None, seats, false)).expect("a game");
    let links = service.game_links(public_id.as_str(), None, Lang::Nl).expect("links");
    assert!(links.page.starts_with("https://boards.example.org/g/"), "{links:?}");
    assert!(links.board.ends_with("-nl.png") && links.board.contains("/0-"), "{links:?}");
    let direct = Place { community: None, ..place.clone() };
    assert_eq!(ask(true, true, &direct), Message::Refused(boardbot::service::Refusal::WebNoCommunity));
    // Without a web address, the bot serves no pages to turn on.
    let db = TestDb::sqlite("web-command-none");
    let options = ServiceOptions { scheduler: false, ..ServiceOptions::default() };
    let bare = Service::start(db.open(), Arc::new(TestClock::new(1_000)), options).expect("service");
    let actor = Actor { manages_community: true, ..Actor::new(Platform::Discord, "1", "alice") };
    let said = bare.handle(&Request::new(actor, place, Command::Web { on: true })).remove(0).message;
    assert_eq!(said, Message::Refused(boardbot::service::Refusal::WebNotServed));
    let p = crate::common::store::players(bare.store(), 2);
    let seats = vec![SeatHolder::Player(p[0]), SeatHolder::Player(p[1])];
    let (_, public_id) = bare.store().create_game(new_game(GameKind::Kuba, None, seats, false)).expect("a game");
    assert_eq!(bare.game_links(public_id.as_str(), None, Lang::En), None, "no web pages, no links");
}

#[test]
fn chat_gets_a_games_links_and_old_games_get_a_token_when_first_needed() {
    let (db, f) = filled("web-links", 2, "alice");
    let record = f.store.load_game(f.game).expect("load");
    let pages = pages_of(&db);
    let links = Links::new("https://boards.example.org/");
    let got = pages.links_of(record.public_id.as_str(), None, &links, Lang::Fr).expect("links");
    assert_eq!(got.page, format!("https://boards.example.org/g/{}", f.token));
    assert!(got.board.starts_with(&format!("https://boards.example.org/g/{}/2-", f.token)), "{}", got.board);
    assert!(got.board.ends_with("-fr.png"));
    let first = pages.links_of(record.public_id.as_str(), Some(1), &links, Lang::En).expect("links");
    assert!(first.board.contains("/1-"), "{}", first.board);
    assert!(pages.links_of(record.public_id.as_str(), Some(3), &links, Lang::En).is_err(), "no move 3 yet");
    // A game made before the links existed has none until asked.
    let game = f.game;
    f.store
        .write(move |tx| {
            tx.run_sql(&format!("DELETE FROM game_links WHERE game_id = {}", game.0))?;
            Ok(())
        })
        .expect("forget the link");
    let server = serve(pages_of(&db), 10_000);
    assert_eq!(get(server.addr, &format!("/g/{}", f.token)).status, 404);
    let fresh = pages.links_of(record.public_id.as_str(), None, &links, Lang::En).expect("a new link");
    assert_ne!(fresh.page, got.page);
    let path = fresh.page.strip_prefix("https://boards.example.org").expect("under the base");
    assert_eq!(get(server.addr, path).status, 200);
}

/// Opens `token`'s live events on `addr`, past the answer's head (checked).
fn open_events(addr: SocketAddr, token: &str) -> BufReader<TcpStream> {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    let head = format!("GET /g/{token}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(head.as_bytes()).expect("send");
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).expect("status line");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    let mut line = String::new();
    let mut content_type = None;
    loop {
        line.clear();
        reader.read_line(&mut line).expect("a header");
        if line.trim().is_empty() {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-type:") {
            content_type = Some(v.trim().to_string());
        }
    }
    assert_eq!(content_type.as_deref(), Some("text/event-stream"));
    reader
}

/// The next `move` event of a live stream, with its data line; panics after 10 s
/// without one.
fn next_move_event(reader: &mut BufReader<TcpStream>) -> String {
    let began = Instant::now();
    let (mut seen, mut line) = (String::new(), String::new());
    while !seen.contains("event: move") {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || began.elapsed() > Duration::from_secs(10) {
            panic!("no event within 10 s: {seen:?}");
        }
        seen.push_str(&line);
    }
    line.clear();
    reader.read_line(&mut line).expect("its data");
    seen.push_str(&line);
    seen
}

#[test]
fn an_open_page_hears_each_move_as_an_event() {
    let (db, f) = filled("web-live", 2, "alice");
    let server = serve(pages_of(&db), 10_000);
    let mut reader = open_events(server.addr, &f.token);
    // Let the poller read the game once, then play.
    std::thread::sleep(Duration::from_millis(300));
    play_one(&f, 3);
    let seen = next_move_event(&mut reader);
    assert!(seen.contains("data: 3"), "{seen:?}");
}

#[test]
fn a_page_served_by_the_bot_hears_its_moves_without_waiting_for_the_poll() {
    let (db, f) = filled("web-live-events", 2, "alice");
    let service =
        Service::start(db.open(), Arc::new(TestClock::new(10_000)), ServiceOptions::default()).expect("service");
    // A poll so slow that only the service's word can wake the page within the test.
    let server = serve_polling(service.pages(), 10_000, false, Duration::from_secs(3_600));
    let mut reader = open_events(server.addr, &f.token);
    std::thread::sleep(Duration::from_millis(300));
    let record = f.store.load_game(f.game).expect("load");
    let (_, text) = next_move(&f.store, f.game, &mut Rng(5)).expect("the game goes on");
    let who = ["alice", "bob"][usize::from(record.to_move)];
    let game = boardbot::service::GameRef { kind: GameKind::Kuba, id: Some(record.public_id.to_string()) };
    let place = Place { community: Some("room".into()), channel: Some("general".into()), ..Place::default() };
    let said = service.handle(&Request::new(
        Actor::new(Platform::Terminal, who, who),
        place,
        Command::Move { game, text, at: None },
    ));
    assert!(said.iter().all(|r| !matches!(r.message, Message::Refused(_))), "{said:?}");
    let seen = next_move_event(&mut reader);
    assert!(seen.contains("data: 3"), "{seen:?}");
}

#[test]
fn a_finished_game_is_cached_longer_and_says_how_it_ended() {
    let (db, f) = filled("web-over", 3, "alice");
    let ending = store::Ending {
        reason: store::EndReason::Resigned,
        places: vec![2, 1],
        scores: None,
        expected_ply: None,
        now: 9_000,
    };
    let before = {
        let server = serve(pages_of(&db), 10_000);
        meta(&get(server.addr, &format!("/g/{}", f.token)).text(), "og:image").expect("image")
    };
    f.store.end_game(f.game, ending).expect("resigned");
    let server = serve(pages_of(&db), 10_000);
    let page = get(server.addr, &format!("/g/{}", f.token));
    assert_eq!(page.header("cache-control"), Some("public, max-age=300"));
    let html = page.text();
    assert!(meta(&html, "og:description").is_some_and(|d| d.contains("bob wins")), "{html}");
    assert!(!html.contains("boardbot-events"), "a finished game is not followed");
    // The last board now says how it ended: a new URL.
    let after = meta(&html, "og:image").expect("image");
    assert_ne!(before.replace(&before[..before.find("/g/").unwrap_or(0)], ""), after.replace(&server.base, ""));
}

#[test]
fn size_bounds_hold_for_long_games_and_large_requests() {
    let (db, f) = filled("web-bounds", 30, "alice");
    let pages = pages_of(&db).listing(10);
    let server = serve(pages, 10_000);
    let html = get(server.addr, &format!("/g/{}", f.token)).text();
    assert!(html.contains("20 earlier moves are not listed."), "{html}");
    assert!(html.contains("<ol class=\"moves\" start=\"21\">"), "{html}");
    assert_eq!(html.matches(&format!("href=\"/g/{}/", f.token)).count() - 2 - 1, 10, "10 moves, 2 plies, the replay");
    // A request head over 16 KiB is refused, not read on.
    let big = "x".repeat(20 * 1024);
    let answer = fetch(server.addr, "GET", &format!("/g/{}", f.token), &[("X-Big", &big)]);
    assert!(answer.status == 431 || answer.status == 0, "{}", answer.status);
    // So is a request line of that size.
    let long = format!("/g/{}", "a".repeat(20 * 1024));
    let answer = get(server.addr, &long);
    assert!(answer.status == 414 || answer.status == 431 || answer.status == 0, "{}", answer.status);
    // Too many headers.
    let many: Vec<(String, String)> = (0..100).map(|i| (format!("X-H{i}"), "1".to_string())).collect();
    let refs: Vec<(&str, &str)> = many.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    let answer = fetch(server.addr, "GET", &format!("/g/{}", f.token), &refs);
    assert!(answer.status == 431 || answer.status == 0, "{}", answer.status);
    // The server still serves.
    assert_eq!(get(server.addr, &format!("/g/{}", f.token)).status, 200);
}

#[test]
fn assets_robots_and_health_are_served_from_memory() {
    let (db, f) = filled("web-assets", 0, "alice");
    let server = serve(pages_of(&db), 10_000);
    let js = get(server.addr, "/assets/live.js");
    assert_eq!(js.status, 200);
    assert_eq!(js.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert!(js.text().contains("EventSource"));
    let robots = get(server.addr, "/robots.txt");
    assert_eq!(robots.status, 200);
    assert!(robots.text().contains("Disallow: /"));
    let health = get(server.addr, "/healthz");
    assert_eq!((health.status, health.text().as_str()), (200, "ok\n"));
    // A game without a move yet.
    let page = get(server.addr, &format!("/g/{}", f.token)).text();
    assert!(page.contains("No move yet."));
    assert!(meta(&page, "og:image").is_some_and(|i| i.contains("/0-")));
}

both_backends! {
    fn the_pages_read_the_same_on_both_backends(db) {
        let f = fill(db, 5, "alice");
        let pages = Pages::open(db.open(), Arc::new(TestClock::new(10_000)));
        let page = pages.game(&f.token, None).expect("the page");
        assert_eq!((page.last_ply, page.ply, page.moves.len(), page.rated, page.ongoing), (5, 5, 5, true, true));
        let names: Vec<String> = page.players.iter().map(|p| format!("{:?}", p.person)).collect();
        assert!(names[0].contains("alice") && names[1].contains("bob"), "{names:?}");
        assert!(!names.iter().any(|n| n.contains("user_id: \"alice\"")), "no platform id on a page: {names:?}");
        assert!(pages.board(&f.token, 3, &pages.game(&f.token, Some(3)).expect("move 3").board_key).is_ok());
        assert!(matches!(pages.board(&f.token, 3, "0000000000000000"), Err(PageError::NotFound)));
        assert!(matches!(pages.game(&f.token, Some(6)), Err(PageError::NotFound)));
        assert!(pages.replay(&f.token, &page.replay_key).is_ok());
        // The live pages' poll sees a move.
        let watched = pages.watch(&f.token).expect("watched");
        let before = pages.version(watched).expect("version");
        play_one(&f, 8);
        let after = pages.version(watched).expect("version");
        assert_ne!(before, after);
        assert_eq!(after.ply(), 6);
        // A community's page lists its games once on, and is gone once off.
        let room = f.room;
        let token = f.store.write(move |tx| store::turn_page_on(tx, room, 5)).expect("on");
        let community = pages.community(token.as_str()).expect("the community's page");
        assert_eq!(community.name.as_deref(), Some("the room"));
        assert_eq!(community.leaderboards.len(), GameKind::ALL.len());
        assert_eq!(community.games.len(), 1);
        assert_eq!(community.games[0].token, f.token);
        assert_eq!(community.games[0].names, vec!["alice".to_string(), "bob".to_string()]);
        f.store.write(move |tx| store::turn_page_off(tx, room)).expect("off");
        assert!(matches!(pages.community(token.as_str()), Err(PageError::NotFound)));
    }
}

#[test]
fn a_tournaments_page_shows_its_standings_crosstable_and_rounds() {
    use boardbot::service::{TournamentAsked, TournamentCommand};
    let db = TestDb::sqlite("web-tournament");
    let options = ServiceOptions {
        scheduler: false,
        web_url: Some("https://boards.example.org/".to_string()),
        ..ServiceOptions::default()
    };
    let service = Service::start(db.open(), Arc::new(TestClock::new(1_000)), options).expect("service");
    let place = Place { community: Some("guild".into()), channel: Some("general".into()), ..Place::default() };
    let ask = |who: &str, command: TournamentCommand| {
        let actor = Actor::new(Platform::Discord, who, format!("<b>{who}</b>"));
        service.handle(&Request::new(actor, place.clone(), Command::Tournament(command))).remove(0).message
    };
    let asked = TournamentAsked {
        kind: GameKind::Kuba,
        format: boardbot::pairing::Format::RoundRobin,
        rounds: None,
        days: None,
        rated: Some(false),
        name: Some("Spring <league>".to_string()),
        max: None,
        every: None,
    };
    let Message::TournamentCreated { page: Some(url), .. } = ask("1", TournamentCommand::Create(asked)) else {
        panic!("created with a page")
    };
    assert!(url.starts_with("https://boards.example.org/t/"), "{url}");
    let path = url.trim_start_matches("https://boards.example.org").to_string();
    let server = serve(pages_of(&db), 1_000);
    // Open: the title says so, nobody in the standings yet.
    let open = get(server.addr, &path);
    assert_eq!(open.status, 200);
    let body = open.text();
    assert!(body.contains("open for entries"), "{body}");
    assert!(body.contains("Spring &lt;league&gt;"), "the name is text: {body}");
    for who in ["1", "2", "3"] {
        assert!(matches!(ask(who, TournamentCommand::Join { tournament: None }), Message::TournamentJoined { .. }));
    }
    assert!(matches!(ask("1", TournamentCommand::Start { tournament: None }), Message::TournamentStarted { .. }));
    // Running: every player in the standings, a crosstable, each round's boards
    // linked to their games' pages, and the player who rests.
    let running = get(server.addr, &path);
    assert_eq!(running.status, 200);
    let body = &running.text();
    assert!(body.contains("Standings") && body.contains("round 3 of 3"), "{body}");
    assert!(body.contains("&lt;b&gt;2&lt;/b&gt;") && !body.contains("<b>2</b>"), "names are text: {body}");
    for round in ["Round 1", "Round 2", "Round 3"] {
        assert!(body.contains(round), "{round}: {body}");
    }
    assert_eq!(body.matches("in progress").count(), 3, "three games: {body}");
    assert_eq!(body.matches("sits out this round").count(), 3, "one sits out each round: {body}");
    assert_eq!(links(body).iter().filter(|l| l.starts_with("/g/")).count(), 3, "{body}");
    assert!(body.contains(">×<"), "the crosstable's diagonal: {body}");
    // In the reader's language; an unknown token is a 404.
    let french = fetch(server.addr, "GET", &path, &[("Accept-Language", "fr")]);
    let body = french.text();
    assert!(body.contains("Ronde 1") && body.contains("en cours"), "{body}");
    assert_eq!(get(server.addr, "/t/aaaaaaaaaaaaaaaaaaaaaaaaaa").status, 404);
    assert_eq!(get(server.addr, "/t/nope").status, 404);
    // The community's page, once on, lists its tournaments with their pages.
    let manager = Actor { manages_community: true, ..Actor::new(Platform::Discord, "1", "alice") };
    let on = service.handle(&Request::new(manager, place.clone(), Command::Web { on: true })).remove(0).message;
    let Message::WebPageOn { url: community_url } = on else { panic!("turned on: {on:?}") };
    let community = get(server.addr, community_url.trim_start_matches("https://boards.example.org")).text();
    assert!(community.contains("Tournaments") && community.contains("under way"), "{community}");
    assert!(links(&community).contains(&path), "{community}");
}
