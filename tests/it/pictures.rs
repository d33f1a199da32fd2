//! The pictures replies carry, through the service and `present::draw`: a replay of
//! any game for anyone, fitted to an upload limit and saying so; the rating chart
//! beside the ratings; and the final board of every way a game ends, with the
//! result on it and the last move highlighted.

use crate::common::Said;
use std::sync::Arc;

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::lang::Lang;
use boardbot::present::{draw, Drawn, GIF, PNG};
use boardbot::render::replay::Speed;
use boardbot::service::{
    Actor, Answer, Command, Destination, EndedBy, First, GameRef, Picture, Place, Reply, Request, Service,
    ServiceOptions, Target, TestClock, TimeAsked, DAY,
};
use boardbot::store::Store;
use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;

struct World {
    service: Service,
    clock: Arc<TestClock>,
    dir: std::path::PathBuf,
}

impl Drop for World {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn world(name: &str) -> World {
    let dir = std::env::temp_dir().join(format!("boardbot-pictures-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let store = Store::open(&dir.join("db.sqlite")).expect("store");
    let clock = Arc::new(TestClock::new(1_800_000_000_000));
    let service = Service::start(
        store,
        clock.clone(),
        ServiceOptions { picture_px: 320, scheduler: false, ..ServiceOptions::default() },
    )
    .expect("service");
    World { service, clock, dir }
}

fn actor(name: &str) -> Actor {
    Actor::new(Platform::Discord, format!("id-{name}"), name)
}

fn user(name: &str) -> Target {
    Target::User { user_id: format!("id-{name}"), display_name: name.to_string(), is_bot: false }
}

fn kuba(id: Option<&str>) -> GameRef {
    GameRef { kind: GameKind::Kuba, id: id.map(str::to_string) }
}

impl World {
    fn ask_in(&self, who: &str, channel: &str, command: Command) -> Vec<Reply> {
        let place = Place { community: Some("server".into()), channel: Some(channel.into()), ..Place::default() };
        crate::common::everything(&self.service, Request { actor: actor(who), place, command, via: Default::default() })
    }

    fn ask(&self, who: &str, command: Command) -> Vec<Reply> {
        self.ask_in(who, "chan", command)
    }

    /// A game of Kuba between `a` (first) and `b`; its id.
    fn kuba_game(&self, a: &str, b: &str, rated: bool, start: Option<&str>, time: Option<TimeAsked>) -> String {
        let challenge = Command::Challenge {
            kind: GameKind::Kuba,
            opponents: vec![user(b)],
            rated,
            first: First::Me,
            level: None,
            settings: None,
            start: start.map(str::to_string),
            time,
        };
        self.ask(a, challenge);
        let replies = self.ask(b, Command::Accept { kind: GameKind::Kuba, challenge: None });
        replies
            .iter()
            .find_map(|r| match &r.destination {
                Destination::Thread { game, .. } => Some(game.clone()),
                _ => None,
            })
            .expect("the game begins")
    }

    fn play(&self, who: &str, id: &str, text: &str) -> Vec<Reply> {
        let r = self.ask(who, Command::Move { game: kuba(Some(id)), text: text.to_string(), at: None });
        assert!(!r[0].only_actor, "{who} plays {text}: {}", r[0].text());
        r
    }

    fn replay(&self, who: &str, id: Option<&str>) -> Vec<Reply> {
        self.ask_in(who, "elsewhere", Command::Replay { game: kuba(id), flip: false, speed: Speed::Fast })
    }
}

/// The frames of a GIF, decoded as a viewer shows them.
fn frames(gif: &[u8]) -> usize {
    let decoder = GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF header");
    decoder.into_frames().collect_frames().expect("every frame decodes").len()
}

/// The replay of `reply` drawn 512 px wide within `limit` bytes.
fn replay_drawn(reply: &Reply, limit: Option<usize>) -> Drawn {
    let picture = reply.picture.as_ref().expect("a picture");
    assert!(matches!(picture, Picture::Replay(_)), "a replay: {reply:?}");
    draw(picture, Lang::En, 512, limit).expect("the replay draws")
}

const MOVES: [&str; 6] = ["a7-S", "a1-E", "a6-S", "b1-E", "a5-S", "c1-E"];

#[test]
fn anyone_gets_the_replay_of_a_game_with_a_frame_per_move() {
    let w = world("replay");
    let id = w.kuba_game("alice", "bob", false, None, None);
    for (i, m) in MOVES.iter().enumerate() {
        w.play(if i % 2 == 0 { "alice" } else { "bob" }, &id, m);
    }
    // A spectator names the game; the answer goes where they asked, for everyone.
    let r = w.replay("carol", Some(&id));
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(!r[0].only_actor);
    assert!(matches!(&r[0].destination, Destination::Channel { channel } if channel == "elsewhere"));
    let text = r[0].text();
    assert!(text.contains(&format!("Replay of Kuba game {id} (@alice vs @bob): 6 moves so far.")), "{text}");
    let drawn = replay_drawn(&r[0], None);
    assert_eq!(drawn.mime, GIF);
    assert_eq!(drawn.file_name, format!("{id}-replay.gif"));
    assert_eq!(&drawn.bytes[..6], b"GIF89a");
    assert_eq!(drawn.size.0, 512);
    assert_eq!(drawn.note, None);
    assert!(drawn.alt.contains("Animated replay of Kuba game") && drawn.alt.contains("6 moves"), "{}", drawn.alt);
    assert_eq!(frames(&drawn.bytes), MOVES.len() + 1);

    // Without an id: the player's game in progress.
    let mine = w.replay("bob", None);
    assert_eq!(mine[0].message, r[0].message);
    // Flipped, slow: the file says so.
    let flipped = w.ask("bob", Command::Replay { game: kuba(None), flip: true, speed: Speed::Slow });
    let Some(Picture::Replay(spec)) = &flipped[0].picture else { panic!("a replay: {flipped:?}") };
    assert!(spec.flip && spec.speed == Speed::Slow);
    assert_eq!(
        draw(flipped[0].picture.as_ref().unwrap(), Lang::En, 320, None).unwrap().file_name,
        format!("{id}-replay-flipped.gif")
    );

    // Once it is over, the game played last; its final frame says how it ended.
    w.ask("alice", Command::Resign { game: kuba(None) });
    let last = w.replay("alice", None);
    let text = last[0].text();
    assert!(
        text.contains(&format!("Replay of Kuba game {id} (@alice vs @bob), 6 moves. Game over (resignation).")),
        "{text}"
    );
    let Some(Picture::Replay(spec)) = &last[0].picture else { panic!("a replay") };
    assert!(matches!(spec.ended, Some(EndedBy::Resigned(_))), "{:?}", spec.ended);

    // Someone who never played, outside any game's place: told there is none.
    let none = w.replay("dave", None);
    assert!(none[0].only_actor && none[0].picture.is_none(), "{none:?}");
    let unknown = w.replay("dave", Some("ZZZZ"));
    assert!(unknown[0].only_actor, "{unknown:?}");
}

#[test]
fn a_replay_over_the_upload_limit_is_fitted_and_says_so() {
    let w = world("replay-limit");
    let id = w.kuba_game("alice", "bob", false, None, None);
    for (i, m) in MOVES.iter().enumerate() {
        w.play(if i % 2 == 0 { "alice" } else { "bob" }, &id, m);
    }
    let r = w.replay("carol", Some(&id));
    let whole = replay_drawn(&r[0], None);
    // Each limit below the whole replay gives a GIF within it, and a note.
    for limit in [whole.bytes.len() * 3 / 4, whole.bytes.len() / 3, 20_000] {
        let fitted = replay_drawn(&r[0], Some(limit));
        assert!(fitted.bytes.len() <= limit, "{} > {limit}", fitted.bytes.len());
        let note = fitted.note.expect("a note says what was given up");
        assert!(note.ends_with("to fit the upload limit.") || note.contains("Only the final position"), "{note}");
        assert!(frames(&fitted.bytes) >= 1);
        assert_eq!(fitted.mime, GIF);
    }
    // At the limit exactly, nothing is given up.
    assert_eq!(replay_drawn(&r[0], Some(whole.bytes.len())).note, None);
    // Smaller first: a little under the whole size keeps every move.
    let smaller = replay_drawn(&r[0], Some(whole.bytes.len() * 9 / 10));
    assert_eq!(smaller.note.as_deref(), Some("Drawn smaller to fit the upload limit."));
    assert_eq!(frames(&smaller.bytes), MOVES.len() + 1);
    assert!(smaller.size.0 < 512);
    eprintln!("a replay of {} moves at 512 px: {} bytes", MOVES.len(), whole.bytes.len());
}

#[test]
fn ratings_come_with_a_chart_once_there_is_a_rated_game() {
    let w = world("chart");
    // No rated game yet: words only.
    let r = w.ask("alice", Command::Rating { kind: None, player: None, versus: None });
    assert!(r[0].picture.is_none(), "{r:?}");
    let id = w.kuba_game("alice", "bob", true, None, None);
    w.play("alice", &id, "a7-S");
    let r = w.ask("carol", Command::Rating { kind: None, player: Some(user("alice")), versus: None });
    assert!(r[0].picture.is_none(), "a game in progress rates nobody: {r:?}");
    // Both have moved: the resignation is rated (before that it would be an abort).
    w.play("bob", &id, "a1-N");
    w.ask("bob", Command::Resign { game: kuba(Some(&id)) });

    let r = w.ask("carol", Command::Rating { kind: None, player: Some(user("alice")), versus: None });
    let Some(Picture::Chart(spec)) = &r[0].picture else { panic!("a chart: {r:?}") };
    assert_eq!(spec.player, "alice");
    assert_eq!(spec.lines.len(), 1);
    assert_eq!(spec.lines[0].kind, GameKind::Kuba);
    assert_eq!(spec.lines[0].points.len(), 1);
    assert!(spec.lines[0].points[0].rating > 1500.0, "the winner's rating went up: {spec:?}");
    let drawn = r[0].picture().expect("the chart draws");
    assert_eq!(drawn.mime, PNG);
    assert_eq!(&drawn.bytes[..4], b"\x89PNG");
    assert_eq!(drawn.file_name, "ratings-alice.png");
    assert_eq!(drawn.alt, "alice's rating over time in Kuba");
    // Another game asked: no line, so words only.
    let r = w.ask("alice", Command::Rating { kind: Some(GameKind::Nuba), player: None, versus: None });
    assert!(r[0].picture.is_none(), "{r:?}");
    let r = w.ask("alice", Command::Rating { kind: Some(GameKind::Kuba), player: None, versus: None });
    assert!(matches!(r[0].picture, Some(Picture::Chart(_))), "{r:?}");
}

/// The board of the reply that ends a game: the last move highlighted, and how it ended.
fn final_board(replies: &[Reply]) -> &boardbot::service::Board {
    let board = replies.iter().find_map(Reply::board).expect("the ending carries the board");
    assert!(board.view.last.is_some(), "the last move is highlighted: {board:?}");
    assert!(board.view.to_move.is_none() || board.ended.is_some(), "{board:?}");
    board
}

#[test]
fn every_ending_carries_the_final_board() {
    let w = world("endings");
    // By the rules: seven reds.
    let id = w.kuba_game("alice", "bob", false, Some("R6/B6/7/7/7/7/6W b 0-6 -"), None);
    let r = w.ask("alice", Command::Move { game: kuba(Some(&id)), text: "a6-N".into(), at: None });
    let r = if r[0].only_actor { w.play("bob", &id, "a6-N") } else { r };
    let board = final_board(&r);
    assert!(board.ended.is_none() && board.view.result.is_some(), "the rules' result: {board:?}");
    assert!(r[0].picture().is_some());

    // Resignation.
    let id = w.kuba_game("alice", "bob", false, None, None);
    w.play("alice", &id, "a7-S");
    let board = final_board(&w.ask("bob", Command::Resign { game: kuba(Some(&id)) })).clone();
    assert!(matches!(board.ended, Some(EndedBy::Resigned(_))), "{board:?}");

    // A draw agreed.
    let id = w.kuba_game("alice", "bob", false, None, None);
    w.play("alice", &id, "a7-S");
    w.ask("alice", Command::Draw { game: kuba(Some(&id)), answer: Answer::Ask });
    let board = final_board(&w.ask("bob", Command::Draw { game: kuba(Some(&id)), answer: Answer::Accept })).clone();
    assert_eq!(board.ended, Some(EndedBy::Agreed));

    // Time out, told through the outlet.
    let id = w.kuba_game("alice", "bob", false, None, Some(TimeAsked::Days(1)));
    w.play("alice", &id, "a7-S");
    crate::common::pending(&w.service, Platform::Discord).into_iter().for_each(|(m, _)| w.service.delivered(m));
    w.clock.advance(2 * DAY);
    w.service.run_due();
    let told: Vec<Reply> = crate::common::pending(&w.service, Platform::Discord).into_iter().map(|(_, r)| r).collect();
    let board = final_board(&told);
    assert!(matches!(board.ended, Some(EndedBy::TimedOut(_))), "{board:?}");
    let drawn = told.iter().find_map(|r| r.picture()).expect("drawn");
    assert!(drawn.alt.contains("game over"), "{}", drawn.alt);
}
