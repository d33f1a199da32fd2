//! `/kuba analysis` through the service: only finished games, made once and kept,
//! one pending review per person, posted through the outbox where it was asked for,
//! resumed after a restart; and the reviews table on both back ends.

use crate::common::Said;
use std::sync::Arc;

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::service::{
    AnalysisOptions, Command, ComputerOptions, Destination, First, GameRef, Message, Picture, Place, Reply, Request,
    Service, ServiceOptions, Target, TestClock,
};
use boardbot::store::{self, NewReview, Queued};

use crate::common::store::{both_backends, TestDb};

fn options() -> ServiceOptions {
    ServiceOptions {
        picture_px: 200,
        scheduler: false,
        computer: ComputerOptions::deterministic(1),
        analysis: AnalysisOptions { playouts: 40, ..AnalysisOptions::default() },
        ..ServiceOptions::default()
    }
}

fn start(db: &TestDb) -> Service {
    Service::start(db.open(), Arc::new(TestClock::new(1_800_000_000_000)), options()).expect("service")
}

fn ask_at(service: &Service, who: &str, channel: &str, command: Command) -> Vec<Reply> {
    let actor = boardbot::service::Actor::new(Platform::Discord, format!("id-{who}"), who);
    let place = Place { community: Some("server".into()), channel: Some(channel.into()), ..Place::default() };
    crate::common::everything(service, Request::new(actor, place, command))
}

fn ask(service: &Service, who: &str, command: Command) -> Vec<Reply> {
    ask_at(service, who, "chan", command)
}

fn user(name: &str) -> Target {
    Target::User { user_id: format!("id-{name}"), display_name: name.to_string(), is_bot: false }
}

fn kuba(id: Option<&str>) -> GameRef {
    GameRef { kind: GameKind::Kuba, id: id.map(str::to_string) }
}

fn analysis(id: &str) -> Command {
    Command::Analysis { game: kuba(Some(id)) }
}

/// A Kuba game between `a` and `b`, `a` moving first; its id.
fn begin(service: &Service, a: &str, b: &str) -> String {
    ask(service, a, crate::common::casual_challenge(GameKind::Kuba, user(b)));
    let replies = ask(service, b, Command::Accept { kind: GameKind::Kuba, challenge: None });
    replies
        .iter()
        .find_map(|r| match &r.destination {
            Destination::Thread { game, .. } => Some(game.clone()),
            _ => None,
        })
        .expect("the game's thread")
}

/// Two moves of game `id`, then `b` resigns.
fn finish(service: &Service, id: &str, a: &str, b: &str) {
    let play =
        |who, text: &str| ask(service, who, Command::Move { game: kuba(Some(id)), text: text.to_string(), at: None });
    play(a, "a6-E");
    play(b, "g7-S");
    ask(service, b, Command::Resign { game: kuba(Some(id)) });
}

fn only(replies: &[Reply]) -> String {
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies[0].text()
}

both_backends! {
    fn a_review_is_refused_for_a_game_in_progress_an_unknown_game_or_none_at_all(db) {
        let service = start(db);
        let id = begin(&service, "alice", "bob");
        let text = only(&ask(&service, "carol", analysis(&id)));
        assert!(text.contains("is still being played"), "{text}");
        assert!(text.contains(&id), "{text}");
        let text = only(&ask(&service, "alice", analysis("ZZZZ")));
        assert!(text.contains("ZZZZ"), "{text}");
        // Without an id, in the channel: the actor's game in progress is meant.
        let text = only(&ask(&service, "alice", Command::Analysis { game: kuba(None) }));
        assert!(text.contains("is still being played"), "{text}");
        // Someone with no game of that kind, anywhere.
        let text = only(&ask_at(&service, "dave", "elsewhere", Command::Analysis { game: kuba(None) }));
        assert!(text.contains("no Kuba game"), "{text}");
        // Aborted before any move: nothing to review.
        ask(&service, "alice", Command::Abort { game: kuba(Some(&id)) });
        let text = only(&ask(&service, "alice", analysis(&id)));
        assert!(text.contains("nothing to review"), "{text}");
        assert!(service.store().read(|tx| store::pending_reviews(tx, 10)).expect("read").is_empty(), "refusals queue nothing");
    }

    fn a_review_is_made_once_posted_where_it_was_asked_and_given_again_at_once(db) {
        let service = start(db);
        let id = begin(&service, "alice", "bob");
        finish(&service, &id, "alice", "bob");
        let answer = only(&ask_at(&service, "carol", "lobby", analysis(&id)));
        assert!(answer.starts_with(&format!("Reviewing Kuba game {id}")), "{answer}");
        service.wait_until_idle();
        let posted = crate::common::pending(&service, Platform::Discord);
        let review = posted
            .iter()
            .map(|(_, r)| r)
            .find(|r| matches!(r.message, Message::Review { .. }))
            .expect("the review, posted");
        assert_eq!(review.destination, Destination::Channel { channel: "lobby".into() }, "where it was asked for");
        assert_eq!(review.mentions.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(), ["carol"]);
        let text = review.text();
        assert!(text.contains("@alice (White): accuracy"), "{text}");
        assert!(text.contains("@bob (Black): accuracy"), "{text}");
        let picture = review.picture().expect("the chart, drawn again from the stored review");
        assert_eq!(picture.file_name, format!("{id}-review.png"));
        let moves = posted.iter().map(|(_, r)| r).find(|r| matches!(r.message, Message::ReviewMoves { .. }));
        let moves = moves.expect("the annotated moves").text();
        assert!(moves.contains("1. a6-E") && moves.contains("2. g7-S"), "{moves}");

        // Asked again, by anyone: at once, as the answer itself, nothing queued.
        let again = ask(&service, "alice", analysis(&id));
        assert!(matches!(again[0].message, Message::Review { .. }), "{again:?}");
        assert!(matches!(again[0].picture, Some(Picture::Review(_))));
        assert!(again.iter().any(|r| matches!(r.message, Message::ReviewMoves { .. })));
        assert_eq!(again[0].text(), text.replace("@carol", "").trim_end().to_string().as_str().trim_end(), "the same review");
    }

    fn one_review_at_a_time_per_person_and_a_pending_one_survives_a_restart(db) {
        let service = start(db);
        let first = begin(&service, "alice", "bob");
        finish(&service, &first, "alice", "bob");
        let second = begin(&service, "alice", "bob");
        finish(&service, &second, "alice", "bob");
        // The review of the first game is queued but not made: the store is written
        // as the command does, with no worker to make it.
        let game = service.store().find_game(&first).expect("the game").id;
        let asker = service.store().player_id(Platform::Discord, "id-carol").expect("read");
        let asker = match asker {
            Some(p) => p,
            None => service
                .store()
                .write(|tx| store::upsert_player(tx, Platform::Discord, "id-carol", "carol", 0))
                .expect("carol"),
        };
        let queued = service
            .store()
            .write(move |tx| {
                let destination = r#"{"Channel":{"channel":"lobby"}}"#;
                let new = NewReview {
                    game,
                    requested_by: Some(asker),
                    platform: Platform::Discord,
                    destination,
                    community: None,
                    playouts: 40,
                    now: 0,
                };
                store::queue_review(tx, &new)
            })
            .expect("queued");
        assert_eq!(queued, Queued::Yes);
        let text = only(&ask(&service, "carol", analysis(&second)));
        assert!(text.contains(&format!("Your review of Kuba game {first} is still being made")), "{text}");
        let text = only(&ask(&service, "bob", analysis(&first)));
        assert!(text.contains("is under way"), "{text}");
        service.stop();
        drop(service);

        // A restart resumes it and posts it (on PostgreSQL, once the new process holds
        // the computer's lease: its lease thread looks for pending reviews).
        let service = start(db);
        let made = || {
            service.wait_until_idle();
            let row = service.store().read(move |tx| store::load_review(tx, game)).expect("read").expect("a row");
            row.result.is_some()
        };
        let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !made() {
            assert!(std::time::Instant::now() < until, "the pending review was not resumed");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let posted = crate::common::pending(&service, Platform::Discord);
        assert!(posted.iter().any(|(_, r)| matches!(r.message, Message::Review { .. })
            && r.destination == Destination::Channel { channel: "lobby".into() }));
        // Now carol may ask for another.
        let text = only(&ask(&service, "carol", analysis(&second)));
        assert!(text.starts_with("Reviewing"), "{text}");
    }

    fn the_reviews_table_keeps_one_review_per_game_and_one_pending_per_person(db) {
        let store = db.open();
        let players = crate::common::store::players(&store, 2);
        let game = crate::common::store::start(&store, GameKind::Kuba, &players, false);
        let other = crate::common::store::start(&store, GameKind::Kuba, &players, false);
        let asker = store.write(|tx| store::upsert_player(tx, Platform::Discord, "id-carol", "carol", 0)).expect("carol");
        let new = move |game| NewReview {
            game,
            requested_by: Some(asker),
            platform: Platform::Matrix,
            destination: "{}",
            community: None,
            playouts: 7,
            now: 5,
        };
        assert_eq!(store.write(move |tx| store::queue_review(tx, &new(game))).expect("queued"), Queued::Yes);
        assert_eq!(store.write(move |tx| store::queue_review(tx, &new(game))).expect("queued"), Queued::Exists);
        assert_eq!(store.write(move |tx| store::queue_review(tx, &new(other))).expect("queued"), Queued::Busy(game));
        let row = store.read(move |tx| store::load_review(tx, game)).expect("read").expect("a row");
        assert_eq!((row.platform, row.playouts, row.created_at, row.result), (Platform::Matrix, 7, 5, None));
        assert_eq!(store.read(move |tx| store::pending_review_of(tx, asker)).expect("read"), Some(game));
        assert!(store.write(move |tx| store::finish_review(tx, game, "{\"made\":1}", 9)).expect("made"));
        assert!(!store.write(move |tx| store::finish_review(tx, game, "{}", 10)).expect("once"));
        let row = store.read(move |tx| store::load_review(tx, game)).expect("read").expect("a row");
        assert_eq!((row.result.as_deref(), row.done_at), (Some("{\"made\":1}"), Some(9)));
        // Made: the person may ask for another; a made review is never dropped.
        assert_eq!(store.write(move |tx| store::queue_review(tx, &new(other))).expect("queued"), Queued::Yes);
        store.write(move |tx| store::drop_review(tx, game)).expect("dropped");
        assert!(store.read(move |tx| store::load_review(tx, game)).expect("read").is_some());
        store.write(move |tx| store::drop_review(tx, other)).expect("dropped");
        assert!(store.read(move |tx| store::load_review(tx, other)).expect("read").is_none());
        assert!(store.read(|tx| store::pending_reviews(tx, 10)).expect("read").is_empty());
    }
}

/// A Kuba game from a position where both have pushed off 6 reds: `a` moves e1-N
/// (e1-E would have won), `b` wins with f1-E. Its id.
fn blunder_game(service: &Service, a: &str, b: &str) -> String {
    ask(
        service,
        a,
        Command::Challenge {
            kind: GameKind::Kuba,
            opponents: vec![user(b)],
            rated: false,
            first: First::Me,
            level: None,
            settings: None,
            start: Some("W6/7/7/7/7/7/4WBR w 6-6 -".to_string()),
            time: None,
        },
    );
    let replies = ask(service, b, Command::Accept { kind: GameKind::Kuba, challenge: None });
    let id = replies
        .iter()
        .find_map(|r| match &r.destination {
            Destination::Thread { game, .. } => Some(game.clone()),
            _ => None,
        })
        .expect("the game's thread");
    for (who, text) in [(a, "e1-N"), (b, "f1-E")] {
        ask(service, who, Command::Move { game: kuba(Some(&id)), text: text.to_string(), at: None });
    }
    id
}

both_backends! {
    fn a_bad_move_says_why_and_a_review_stored_before_reads_as_it_was(db) {
        let service = start(db);
        let id = blunder_game(&service, "alice", "bob");
        ask(&service, "carol", analysis(&id));
        service.wait_until_idle();
        let posted = crate::common::pending(&service, Platform::Discord);
        let find = |pick: fn(&Message) -> bool| {
            posted.iter().map(|(_, r)| r).find(|r| pick(&r.message)).expect("posted").text()
        };
        let summary = find(|m| matches!(m, Message::Review { .. }));
        assert!(summary.contains("1. e1-N?? by @alice (White), blunder: 100 points"), "{summary}");
        assert!(summary.contains("The computer expects f1-E."), "{summary}");
        let moves = find(|m| matches!(m, Message::ReviewMoves { .. }));
        assert!(moves.contains("1. e1-N?? (e1-E)  2. f1-E"), "{moves}");
        assert!(moves.contains("1. e1-N?? lost 100 points."), "{moves}");
        assert!(moves.contains("From the start its player had 100% with the computer's first move, 0% after this one."), "{moves}");
        assert!(moves.contains("The computer expects f1-E. Better: e1-E."), "{moves}");

        // A review stored before reviews kept their lines and doubts (of the same
        // moves in another game): answered as it was, without a reason it never had.
        let id = blunder_game(&service, "alice", "bob");
        let game = service.store().find_game(&id).expect("the game").id;
        let old = r#"{"chances":[[100.0,0.0],[0.0,100.0],[0.0,100.0]],"plies":[
            {"ply":1,"seat":0,"move":"e1-N","before":100.0,"after":0.0,"loss":100.0,"label":"blunder","best":"e1-E","trusted":true},
            {"ply":2,"seat":1,"move":"f1-E","before":100.0,"after":100.0,"loss":0.0,"label":null,"best":null,"trusted":true}],
            "seats":[{"seat":0,"moves":1,"accuracy":0.5,"inaccuracies":0,"mistakes":0,"blunders":1},
            {"seat":1,"moves":1,"accuracy":100.0,"inaccuracies":0,"mistakes":0,"blunders":0}],"playouts":2000,"seed":1}"#;
        service.store().write(move |tx| {
            let destination = r#"{"Channel":{"channel":"lobby"}}"#;
            let new = NewReview { game, requested_by: None, platform: Platform::Discord, destination, community: None, playouts: 2000, now: 0 };
            store::queue_review(tx, &new)?;
            store::finish_review(tx, game, old, 1).map(|_| ())
        }).expect("stored");
        let again = ask(&service, "alice", analysis(&id));
        let text: Vec<String> = again.iter().map(Reply::text).collect();
        assert!(text[0].contains("1. e1-N?? by @alice (White), blunder: 100 points"), "{text:?}");
        assert!(!text[0].contains("expects"), "{text:?}");
        assert!(text[1].contains("1. e1-N?? (e1-E)  2. f1-E") && !text[1].contains("lost"), "{text:?}");
    }
}

/// The annotated moves of a long review, every move a blunder in doubt with long
/// lines in Cabale's notation, are cut into messages that each stay under Discord's
/// 2,000 characters in every language; moves without a label go 40 a message.
#[test]
fn every_part_of_the_annotated_moves_fits_a_message_in_every_language() {
    use boardbot::ai::review::Label;
    use boardbot::lang::Lang;
    use boardbot::present::{say, Plain};
    use boardbot::service::{annotated_parts, AnnotatedMove, GameTag, Why};

    let long = "F2>F6>D4+xF5#D8|E8".to_string();
    let why = |ply| Why {
        line: vec![long.clone(); 5],
        then: vec![long.clone(); 4],
        doubt: Some((9, 21)),
        first: (ply == 1).then_some((58, 31)),
    };
    let bad: Vec<AnnotatedMove> = (1..=120)
        .map(|ply| AnnotatedMove {
            ply,
            text: long.clone(),
            label: Some(Label::Blunder),
            best: Some(long.clone()),
            why: Some((23, why(ply))),
        })
        .collect();
    let game = GameTag { kind: GameKind::Cabale, id: "K7Q2".into() };
    let parts = annotated_parts(&bad);
    assert!(parts.len() > 3, "{} parts", parts.len());
    assert_eq!(parts.iter().map(|p| p.len()).sum::<usize>(), bad.len());
    for (i, part) in parts.iter().enumerate() {
        let message = Message::ReviewMoves {
            game: game.clone(),
            moves: part.to_vec(),
            part: i as u32 + 1,
            parts: parts.len() as u32,
        };
        for lang in Lang::ALL {
            let text = say(&message, lang, &Plain::default()).text;
            assert!(text.chars().count() < 2_000, "{lang}, part {}: {} characters", i + 1, text.chars().count());
        }
    }
    let quiet: Vec<AnnotatedMove> =
        bad.iter().map(|m| AnnotatedMove { label: None, best: None, why: None, ..m.clone() }).collect();
    assert_eq!(annotated_parts(&quiet).iter().map(|p| p.len()).collect::<Vec<_>>(), vec![40, 40, 40]);
}
