//! The use cases through the service API alone: no terminal, no platform.

use crate::common::Said;
use std::sync::Arc;
use std::time::Duration;

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::service::{
    Action, Actor, Answer, Command, Destination, First, GameRef, Place, Reply, Request, Service, ServiceOptions,
    Target, TestClock,
};
use boardbot::store::Store;

struct World {
    service: Service,
    dir: std::path::PathBuf,
}

impl Drop for World {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn world(name: &str) -> World {
    let dir = std::env::temp_dir().join(format!("boardbot-service-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let store = Store::open(&dir.join("db.sqlite")).expect("store");
    let clock = Arc::new(TestClock::new(1_800_000_000_000));
    let service =
        Service::start(store, clock, ServiceOptions { picture_px: 200, scheduler: false, ..ServiceOptions::default() })
            .expect("service");
    World { service, dir }
}

fn actor(name: &str) -> Actor {
    Actor::new(Platform::Discord, format!("id-{name}"), name)
}

fn user(name: &str) -> Target {
    Target::User { user_id: format!("id-{name}"), display_name: name.to_string(), is_bot: false }
}

fn place() -> Place {
    Place { community: Some("server".into()), channel: Some("chan".into()), thread: None, locale: None }
}

impl World {
    fn ask(&self, who: &str, command: Command) -> Vec<Reply> {
        self.service.handle(&Request { actor: actor(who), place: place(), command })
    }

    fn challenge(&self, who: &str, kind: GameKind, opponents: Vec<Target>, rated: bool) -> Vec<Reply> {
        self.ask(
            who,
            Command::Challenge {
                kind,
                opponents,
                rated,
                first: First::Me,
                level: None,
                settings: None,
                start: None,
                time: None,
            },
        )
    }

    fn play(&self, who: &str, kind: GameKind, text: &str) -> Vec<Reply> {
        self.ask(who, Command::Move { game: GameRef { kind, id: None }, text: text.to_string() })
    }
}

fn game_id(replies: &[Reply]) -> String {
    replies
        .iter()
        .find_map(|r| match &r.destination {
            Destination::Thread { game, .. } => Some(game.clone()),
            _ => None,
        })
        .expect("a reply in the game's thread")
}

fn refused(replies: &[Reply]) -> String {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].only_actor, "{replies:?}");
    replies[0].text()
}

#[test]
fn a_challenge_offers_answers_and_a_game_offers_moves() {
    let w = world("flow");
    let r = w.challenge("alice", GameKind::Kuba, vec![user("bob")], true);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].mentions[0].name, "bob");
    assert!(matches!(r[0].actions[..], [Action::Accept { challenge: 1, .. }, Action::Decline { challenge: 1, .. }]));
    assert!(!r[0].only_actor);

    let r = w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(matches!(&r[0].destination, Destination::Channel { channel } if channel == "chan"));
    let board = &r[1];
    let picture = board.picture().expect("a board");
    assert_eq!(&picture.png[..4], b"\x89PNG");
    assert!(board.actions.iter().any(|a| matches!(a, Action::Move { text, .. } if text == "a7-S")));
    assert_eq!(board.mentions[0].name, "alice");

    let r = w.play("alice", GameKind::Kuba, "a7 down");
    assert!(r[0].text().starts_with("@alice plays a7-S"), "{r:?}");
    assert_eq!(r[0].mentions[0].name, "bob");

    let r = w.ask("bob", Command::Resign { game: GameRef { kind: GameKind::Kuba, id: None } });
    assert!(r[0].text().contains("@alice wins"), "{r:?}");
    assert!(r.iter().any(|m| m.text().starts_with("Ratings: @alice 1500? → ")), "{r:?}");
}

#[test]
fn refusals_change_nothing() {
    let w = world("refusals");
    w.challenge("alice", GameKind::Kuba, vec![user("bob")], false);
    let r = w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
    let id = game_id(&r);
    let before = w.service.store().find_game(&id).expect("the game");

    assert!(refused(&w.play("bob", GameKind::Kuba, "a1-N")).contains("not your turn"));
    assert!(refused(&w.play("carol", GameKind::Kuba, "a7-S")).contains("no Kuba game"));
    assert!(refused(&w.play("alice", GameKind::Kuba, "d2-N")).contains("That move is refused: d2 holds a red marble"));
    assert!(refused(&w.challenge("alice", GameKind::Kuba, vec![user("alice")], false)).contains("yourself"));
    let bot = Target::User { user_id: "x".into(), display_name: "x".into(), is_bot: true };
    assert!(refused(&w.challenge("alice", GameKind::Kuba, vec![bot], false)).contains("is a bot"));
    assert!(
        refused(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: Some(1) })).contains("no longer open")
    );
    let bot_actor = Request { actor: Actor { is_bot: true, ..actor("bob") }, place: place(), command: Command::Games };
    assert!(refused(&w.service.handle(&bot_actor)).contains("bots"));
    assert_eq!(w.service.store().find_game(&id).expect("the game"), before);
}

#[test]
fn a_game_is_found_by_its_thread_and_ambiguity_lists_the_ids() {
    let w = world("ambiguous");
    w.challenge("alice", GameKind::Nuba, vec![user("bob")], false);
    let one = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Nuba, challenge: None }));
    w.challenge("alice", GameKind::Nuba, vec![user("carol")], false);
    let two = game_id(&w.ask("carol", Command::Accept { kind: GameKind::Nuba, challenge: None }));
    let text = refused(&w.play("alice", GameKind::Nuba, "1@a1")).to_string();
    assert!(text.contains(&format!("game:{one}")) && text.contains(&format!("game:{two}")), "{text}");

    let in_thread = Place { thread: Some(format!("nuba-{two}")), ..place() };
    let r = w.service.handle(&Request {
        actor: actor("alice"),
        place: in_thread,
        command: Command::Move { game: GameRef { kind: GameKind::Nuba, id: None }, text: "1@a1".into() },
    });
    assert!(r[0].text().starts_with("@alice plays"), "{r:?}");
    assert_eq!(w.service.store().find_game(&two).expect("game").ply, 1);
    assert_eq!(w.service.store().find_game(&one).expect("game").ply, 0);
}

#[test]
fn cabale_starts_when_everyone_has_accepted() {
    let w = world("cabale");
    w.challenge("alice", GameKind::Cabale, vec![user("bob"), user("carol"), user("dave")], false);
    for who in ["bob", "carol"] {
        let r = w.ask(who, Command::Accept { kind: GameKind::Cabale, challenge: None });
        assert!(r[0].text().contains("waiting for"), "{r:?}");
    }
    let r = w.ask("dave", Command::Accept { kind: GameKind::Cabale, challenge: None });
    assert!(r[0].text().contains("begins: @alice (Yellow) vs @bob (Red) vs @carol (Green) vs @dave (Blue)"), "{r:?}");
    let id = game_id(&r);
    let record = w.service.store().find_game(&id).expect("game");
    assert_eq!(record.seats.len(), 4);
    // Placements first: every one is a whole move.
    let first = w.service.choices(&id, "", "", 25).expect("choices");
    assert!(!first.is_empty() && first.iter().all(|a| matches!(a, Action::Move { complete: true, .. })));
    assert!(w.service.choices("NOPE", "", "", 25).is_err());
}

#[test]
fn the_computer_speaks_through_the_outlet() {
    let w = world("computer");
    let r = w.ask(
        "alice",
        Command::Challenge {
            kind: GameKind::Kuba,
            opponents: vec![Target::Computer],
            rated: false,
            first: First::Them,
            level: Some("random".parse().expect("a level")),
            settings: None,
            start: None,
            time: None,
        },
    );
    let id = game_id(&r);
    let seen = w.service.wait_for_messages(0, Duration::from_secs(10));
    assert!(seen > 0);
    w.service.wait_until_idle();
    let pending = w.service.pending(Platform::Discord);
    assert_eq!(pending.len(), 1, "{pending:?}");
    let (message, reply) = &pending[0];
    assert!(reply.text().starts_with("@boardbot plays"), "{reply:?}");
    assert_eq!(&reply.picture().as_ref().expect("a board").png[..4], b"\x89PNG");
    assert_eq!(reply.mentions[0].name, "alice");
    assert!(w.service.pending(Platform::Matrix).is_empty());
    w.service.delivered(*message);
    assert!(w.service.pending(Platform::Discord).is_empty());
    assert_eq!(w.service.store().find_game(&id).expect("game").ply, 1);
    let r = w.ask("alice", Command::Draw { game: GameRef { kind: GameKind::Kuba, id: None }, answer: Answer::Ask });
    assert!(refused(&r).contains("computer does not take draw"));
}

#[test]
fn a_broken_game_gets_an_apology_not_the_error() {
    let w = world("apology");
    w.challenge("alice", GameKind::Kuba, vec![user("bob")], false);
    let id = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
    w.service
        .store()
        .write(|tx| {
            tx.run_sql("UPDATE games SET position_code = 'garbage'")?;
            Ok(())
        })
        .expect("tamper");
    let r = w.play("alice", GameKind::Kuba, "a7-S");
    assert_eq!(refused(&r), "Sorry, something went wrong on my side; the game is unchanged.");
    assert_eq!(w.service.store().find_game(&id).expect("game").ply, 0);
}

#[test]
fn two_submissions_for_one_turn_store_one_move() {
    let w = world("race");
    w.challenge("alice", GameKind::Kuba, vec![user("bob")], false);
    let id = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
    let threads: Vec<_> = ["a7-S", "a6-E"]
        .into_iter()
        .map(|mv| {
            let service = w.service.clone();
            std::thread::spawn(move || {
                service.handle(&Request {
                    actor: actor("alice"),
                    place: place(),
                    command: Command::Move { game: GameRef { kind: GameKind::Kuba, id: None }, text: mv.into() },
                })
            })
        })
        .collect();
    let replies: Vec<Vec<Reply>> = threads.into_iter().map(|t| t.join().expect("thread")).collect();
    let played = replies.iter().filter(|r| r[0].text().starts_with("@alice plays")).count();
    assert_eq!(played, 1, "{replies:?}");
    assert_eq!(w.service.store().find_game(&id).expect("game").ply, 1);
}

#[test]
fn draws_takebacks_history_and_ratings() {
    let w = world("lists");
    let kuba = |id: Option<String>| GameRef { kind: GameKind::Kuba, id };
    w.challenge("alice", GameKind::Kuba, vec![user("bob")], true);
    let id = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
    w.play("alice", GameKind::Kuba, "a7-S");
    // Rated: a takeback before the opponent has moved is allowed.
    let r = w.ask("alice", Command::Takeback { game: kuba(None), answer: Answer::Ask });
    assert!(r[0].text().contains("asks to take back a7-S"), "{r:?}");
    assert_eq!(r[0].mentions[0].name, "bob");
    let r = w.ask("bob", Command::Takeback { game: kuba(None), answer: Answer::Accept });
    assert!(r[0].text().contains("taken back"), "{r:?}");
    assert_eq!(w.service.store().find_game(&id).expect("game").ply, 0);
    w.play("alice", GameKind::Kuba, "a7-S");
    w.play("bob", GameKind::Kuba, "a1-E");
    let r = w.ask("bob", Command::Takeback { game: kuba(None), answer: Answer::Ask });
    assert!(refused(&r).contains("rated"), "{r:?}");

    let r = w.ask("alice", Command::History { game: kuba(Some(id.to_lowercase())) });
    assert!(r[0].text().contains("1. a7-S  2. a1-E"), "{r:?}");
    assert!(r[0].text().contains("Replay: boardbot game kuba --settings '{}' 'a7-S' 'a1-E'"), "{r:?}");

    w.ask("alice", Command::Draw { game: kuba(None), answer: Answer::Ask });
    assert!(refused(&w.ask("alice", Command::Draw { game: kuba(None), answer: Answer::Accept })).contains("your own"));
    let r = w.ask("bob", Command::Draw { game: kuba(None), answer: Answer::Accept });
    assert!(r[0].text().contains("It is a draw."), "{r:?}");

    let r = w.ask("carol", Command::Leaderboard { kind: GameKind::Kuba, global: false });
    assert!(r[0].text().contains("1. @") && r[0].text().contains("(1 game)"), "{r:?}");
    let r = w.ask("carol", Command::Rating { kind: None, player: Some(user("alice")), versus: Some(user("bob")) });
    assert!(r[0].text().contains("Against @bob: 1 game, 0 won, 1 drawn, 0 lost."), "{r:?}");
    let r = w.ask("carol", Command::Games);
    assert!(r[0].text().contains("no game in progress") && r[0].only_actor, "{r:?}");
    let r = w.ask("carol", Command::Rules { kind: None });
    assert_eq!(r.len(), 4);
    assert!(r.iter().all(|m| m.picture().is_some()));
}

#[test]
fn a_leaderboard_question_creates_no_community() {
    let w = world("board-unknown");
    // No game was ever played in "server": the board is empty, and asking stores nothing.
    let r = w.ask("carol", Command::Leaderboard { kind: GameKind::Kuba, global: false });
    assert_eq!(r[0].text(), "No rated Kuba game has been played here yet.", "{r:?}");
    let known =
        w.service.store().read(|tx| boardbot::store::find_community(tx, Platform::Discord, "server")).expect("read");
    assert_eq!(known, None);
    let r = w.ask("carol", Command::Leaderboard { kind: GameKind::Kuba, global: true });
    assert_eq!(r[0].text(), "No rated Kuba game has been played everywhere yet.", "{r:?}");
}
