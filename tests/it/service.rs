//! The use cases through the service API alone: no terminal, no platform.

use crate::common::Said;
use std::sync::Arc;
use std::time::Duration;

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::service::{
    Action, Actor, Answer, Command, ComputerOptions, Destination, First, GameRef, Place, Reply, Request, Service,
    ServiceOptions, Target, TestClock,
};

use crate::common::store::{both_backends, TestDb};
use boardbot::service::events::{EndCause, Event};

struct World {
    service: Service,
}

fn world(db: &TestDb) -> World {
    world_with(db, ServiceOptions { picture_px: 200, scheduler: false, ..ServiceOptions::default() })
}

fn world_with(db: &TestDb, options: ServiceOptions) -> World {
    let clock = Arc::new(TestClock::new(1_800_000_000_000));
    World { service: Service::start(db.open(), clock, options).expect("service") }
}

fn actor(name: &str) -> Actor {
    Actor::new(Platform::Discord, format!("id-{name}"), name)
}

fn user(name: &str) -> Target {
    Target::User { user_id: format!("id-{name}"), display_name: name.to_string(), is_bot: false }
}

fn place() -> Place {
    Place { community: Some("server".into()), channel: Some("chan".into()), ..Place::default() }
}

impl World {
    fn ask(&self, who: &str, command: Command) -> Vec<Reply> {
        crate::common::everything(
            &self.service,
            Request { actor: actor(who), place: place(), command, via: Default::default() },
        )
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
        self.ask(who, Command::Move { game: GameRef { kind, id: None }, text: text.to_string(), at: None })
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

both_backends! {
    fn a_challenge_offers_answers_and_a_game_offers_moves(db) {
        let w = world(db);
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
        assert_eq!(&picture.bytes[..4], b"\x89PNG");
        assert!(board.actions.iter().any(|a| matches!(a, Action::Move { text, .. } if text == "a7-S")));
        assert_eq!(board.mentions[0].name, "alice");

        let r = w.play("alice", GameKind::Kuba, "a7 down");
        assert!(r[0].text().starts_with("@alice plays a7-S"), "{r:?}");
        assert_eq!(r[0].mentions[0].name, "bob");
        // Both have moved, so resigning is rated (before that it would abort).
        w.play("bob", GameKind::Kuba, "a1-E");

        let r = w.ask("bob", Command::Resign { game: GameRef { kind: GameKind::Kuba, id: None } });
        assert!(r[0].text().contains("@alice wins"), "{r:?}");
        assert!(r.iter().any(|m| m.text().starts_with("Ratings: @alice 1500? → ")), "{r:?}");
    }

    fn refusals_change_nothing(db) {
        let w = world(db);
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
        let bot_actor = Request { actor: Actor { is_bot: true, ..actor("bob") }, place: place(), command: Command::Games, via: Default::default() };
        assert!(refused(&w.service.handle(&bot_actor)).contains("bots"));
        assert_eq!(w.service.store().find_game(&id).expect("the game"), before);
    }

    fn a_game_is_found_by_its_thread_and_ambiguity_lists_the_ids(db) {
        let w = world(db);
        w.challenge("alice", GameKind::Nuba, vec![user("bob")], false);
        let one = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Nuba, challenge: None }));
        w.challenge("alice", GameKind::Nuba, vec![user("carol")], false);
        let two = game_id(&w.ask("carol", Command::Accept { kind: GameKind::Nuba, challenge: None }));
        let text = refused(&w.play("alice", GameKind::Nuba, "1@a1")).to_string();
        assert!(text.contains(&format!("game:{one}")) && text.contains(&format!("game:{two}")), "{text}");

        let in_thread = Place { thread: Some(format!("nuba-{two}")), ..place() };
        let r = crate::common::everything(&w.service, Request {
            actor: actor("alice"),
            place: in_thread,
            command: Command::Move { game: GameRef { kind: GameKind::Nuba, id: None }, text: "1@a1".into(), at: None }, via: Default::default(),
        });
        assert!(r[0].text().starts_with("@alice plays"), "{r:?}");
        assert_eq!(w.service.store().find_game(&two).expect("game").ply, 1);
        assert_eq!(w.service.store().find_game(&one).expect("game").ply, 0);
    }

    fn cabale_starts_when_everyone_has_accepted(db) {
        let w = world(db);
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

    fn the_computer_speaks_through_the_outlet(db) {
        let w = world(db);
        let r = w.challenge_computer("alice", First::Them, "random", None);
        let id = game_id(&r);
        let seen = w.service.wait_for_messages(0, Duration::from_secs(10));
        assert!(seen > 0);
        w.service.wait_until_idle();
        let pending = crate::common::pending(&w.service, Platform::Discord);
        assert_eq!(pending.len(), 1, "{pending:?}");
        let (message, reply) = &pending[0];
        assert!(reply.text().starts_with("@boardbot plays"), "{reply:?}");
        assert_eq!(&reply.picture().as_ref().expect("a board").bytes[..4], b"\x89PNG");
        assert_eq!(reply.mentions[0].name, "alice");
        assert!(crate::common::pending(&w.service, Platform::Matrix).is_empty());
        w.service.delivered(*message);
        assert!(crate::common::pending(&w.service, Platform::Discord).is_empty());
        assert_eq!(w.service.store().find_game(&id).expect("game").ply, 1);
    }
}

/// White (seat 0) has taken six black marbles and Black none of White's.
const WHITE_AHEAD: &str = "WW3B1/WW5/2RRR2/1RRRRR1/2RRR2/1B1R1WW/5WW w 0-0 -";

impl World {
    /// A game of Kuba against the computer at `level` from `start`.
    fn against_computer(&self, who: &str, first: First, level: &str, start: &str) -> String {
        game_id(&self.challenge_computer(who, first, level, Some(start)))
    }

    /// A casual Kuba challenge of the computer at `level`, from `start` or the start.
    fn challenge_computer(&self, who: &str, first: First, level: &str, start: Option<&str>) -> Vec<Reply> {
        self.ask(
            who,
            Command::Challenge {
                kind: GameKind::Kuba,
                opponents: vec![Target::Computer],
                rated: false,
                first,
                level: Some(level.parse().expect("a level")),
                settings: None,
                start: start.map(str::to_string),
                time: None,
            },
        )
    }

    fn draw(&self, who: &str, answer: Answer) -> Vec<Reply> {
        self.ask(who, Command::Draw { game: GameRef { kind: GameKind::Kuba, id: None }, answer })
    }

    /// What the service said on its own once the computer is idle, delivered.
    fn said_on_its_own(&self) -> Vec<String> {
        self.service.wait_until_idle();
        let pending = crate::common::pending(&self.service, Platform::Discord);
        for (id, _) in &pending {
            self.service.delivered(*id);
        }
        pending.iter().map(|(_, r)| r.text()).collect()
    }
}

both_backends! {
    fn the_computer_far_behind_accepts_a_draw_as_its_own_message(db) {
        let w = world(db);
        // Alice plays White, far ahead, and is to move.
        let id = w.against_computer("alice", First::Me, "hard", WHITE_AHEAD);
        let r = w.draw("alice", Answer::Ask);
        assert!(r[0].text().contains("@alice offers a draw"), "{r:?}");
        let said = w.said_on_its_own();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with("@boardbot accepts the draw."), "{said:?}");
        let record = w.service.store().find_game(&id).expect("game");
        assert_eq!(record.status, boardbot::store::Status::Over);
    }

    fn the_computer_ahead_declines_a_draw_and_plays_on(db) {
        let w = world(db);
        // The computer plays White, far ahead, and moves first.
        let id = w.against_computer("alice", First::Them, "medium", WHITE_AHEAD);
        let said = w.said_on_its_own();
        assert!(said.len() == 1 && said[0].starts_with("@boardbot plays"), "{said:?}");
        let r = w.draw("alice", Answer::Ask);
        assert!(r[0].text().contains("@alice offers a draw"), "{r:?}");
        let said = w.said_on_its_own();
        assert_eq!(said, vec!["@boardbot declines @alice's draw offer. Play on.".to_string()]);
        let record = w.service.store().find_game(&id).expect("game");
        assert_eq!((record.status, record.draw_offer, record.ply), (boardbot::store::Status::Ongoing, None, 1));
        // The offer is gone: there is nothing to accept.
        assert!(refused(&w.draw("alice", Answer::Accept)).contains("No draw is offered"));
        // Both turns, the move and the answer, ran on the computer's workers.
        let stats = w.service.computer_stats();
        assert_eq!((stats.done, stats.waiting, stats.running, stats.panicked), (2, 0, 0, 0), "{stats:?}");
    }

    fn the_computer_behind_offers_a_draw_when_a_position_comes_back_a_third_time(db) {
        let w = world(db);
        // Alice plays White, far ahead, and shuffles one marble back and forth; the
        // computer, far behind, is glad to repeat, and offers a draw with the move
        // that brings a position back for the third time, not before.
        let id = w.against_computer("alice", First::Me, "medium", WHITE_AHEAD);
        let mut offered_at = None;
        for turn in 0..12 {
            let mv = if turn % 2 == 0 { "a6-E" } else { "c6-W" };
            let r = w.play("alice", GameKind::Kuba, mv);
            assert!(r[0].text().starts_with("@alice plays"), "{mv}: {r:?}");
            let said = w.said_on_its_own();
            assert!(said[0].starts_with("@boardbot plays"), "{said:?}");
            if said.iter().any(|t| t.contains("@boardbot offers a draw")) {
                assert_eq!(said.len(), 2, "the move, then the offer: {said:?}");
                offered_at = Some(turn);
                break;
            }
        }
        // Eight plies make the first position come back twice: alice's fourth move
        // (turn 3) is the earliest the computer's reply can make a third occurrence.
        let turn = offered_at.expect("the computer offers a draw");
        assert!(turn >= 3, "offered at turn {turn}");
        let record = w.service.store().find_game(&id).expect("game");
        assert_eq!(record.draw_offer, Some(1), "the computer's seat (Black) offers");
        let start = boardbot::games::Position::from_code(WHITE_AHEAD, &GameKind::Kuba.default_settings()).expect("start");
        let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
        let (_, history) = boardbot::ai::game_history(&start, &moves).expect("the game replays");
        let now = *history.last().expect("positions");
        assert_eq!(history.iter().filter(|k| **k == now).count(), 3, "the third occurrence");
        // Alice takes it: the game is drawn.
        let r = w.draw("alice", Answer::Accept);
        assert!(r.iter().any(|m| m.text().contains("draw")), "{r:?}");
        let record = w.service.store().find_game(&id).expect("game");
        assert_eq!(record.status, boardbot::store::Status::Over);
    }

    fn games_against_the_computer_are_limited_per_player(db) {
        let computer = ComputerOptions { max_games_per_player: 2, ..ComputerOptions::deterministic(1) };
        let w = world_with(db, ServiceOptions { picture_px: 200, scheduler: false, computer, ..ServiceOptions::default() });
        let challenge = |who: &str| w.challenge_computer(who, First::Me, "random", None);
        let first = game_id(&challenge("alice"));
        game_id(&challenge("alice"));
        let r = challenge("alice");
        assert_eq!(
            refused(&r),
            "You already have 2 games in progress against the computer, the most one player may have here; finish or resign one first."
        );
        // A game between people does not count, nor another player's games.
        w.challenge("alice", GameKind::Kuba, vec![user("bob")], false);
        game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
        game_id(&challenge("bob"));
        // A finished game frees a place.
        w.ask("alice", Command::Resign { game: GameRef { kind: GameKind::Kuba, id: Some(first) } });
        game_id(&challenge("alice"));
        assert!(refused(&challenge("alice")).contains("2 games in progress"));
        w.service.wait_until_idle();
    }

    fn a_broken_game_gets_an_apology_not_the_error(db) {
        let w = world(db);
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

    fn two_submissions_for_one_turn_store_one_move(db) {
        let w = world(db);
        w.challenge("alice", GameKind::Kuba, vec![user("bob")], false);
        let id = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
        let threads: Vec<_> = ["a7-S", "a6-E"]
            .into_iter()
            .map(|mv| {
                let service = w.service.clone();
                std::thread::spawn(move || {
                    crate::common::everything(&service, Request {
                        actor: actor("alice"),
                        place: place(),
                        command: Command::Move { game: GameRef { kind: GameKind::Kuba, id: None }, text: mv.into(), at: None }, via: Default::default(),
                    })
                })
            })
            .collect();
        let replies: Vec<Vec<Reply>> = threads.into_iter().map(|t| t.join().expect("thread")).collect();
        let played = replies.iter().filter(|r| r[0].text().starts_with("@alice plays")).count();
        assert_eq!(played, 1, "{replies:?}");
        assert_eq!(w.service.store().find_game(&id).expect("game").ply, 1);
    }

    fn draws_takebacks_history_and_ratings(db) {
        let w = world(db);
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

    fn a_leaderboard_question_creates_no_community(db) {
        let w = world(db);
        // No game was ever played in "server": the board is empty, and asking stores nothing.
        let r = w.ask("carol", Command::Leaderboard { kind: GameKind::Kuba, global: false });
        assert_eq!(r[0].text(), "No rated Kuba game has been played here yet.", "{r:?}");
        let known =
            w.service.store().read(|tx| boardbot::store::find_community(tx, Platform::Discord, "server")).expect("read");
        assert_eq!(known, None);
        let r = w.ask("carol", Command::Leaderboard { kind: GameKind::Kuba, global: true });
        assert_eq!(r[0].text(), "No rated Kuba game has been played everywhere yet.", "{r:?}");
    }

    fn games_ended_before_both_moved_are_aborted_and_not_rated(db) {
        let w = world(db);
        let kuba = |id: Option<String>| GameRef { kind: GameKind::Kuba, id };
        let ratings = |w: &World| w.ask("carol", Command::Leaderboard { kind: GameKind::Kuba, global: false })[0].text();

        // A rated game resigned after one move only: aborted, no rating at all.
        w.challenge("alice", GameKind::Kuba, vec![user("bob")], true);
        let first = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
        w.play("alice", GameKind::Kuba, "a7-S");
        let r = w.ask("alice", Command::Resign { game: kuba(None) });
        assert!(r[0].text().contains("the game is aborted, not rated"), "{r:?}");
        assert!(!r.iter().any(|m| m.text().starts_with("Ratings:")), "{r:?}");
        assert_eq!(ratings(&w), "No rated Kuba game has been played here yet.");
        let stored = w.service.store().find_game(&first).expect("the game");
        assert_eq!(stored.result.map(|r| r.end_reason), Some(boardbot::store::EndReason::Aborted));

        // `abort`: by either player before their own first move, refused after it.
        w.challenge("alice", GameKind::Kuba, vec![user("bob")], true);
        w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
        w.play("alice", GameKind::Kuba, "a7-S");
        let r = w.ask("alice", Command::Abort { game: kuba(None) });
        assert!(refused(&r).contains("can no longer be aborted"), "{r:?}");
        let r = w.ask("bob", Command::Abort { game: kuba(None) });
        assert!(r[0].text().contains("@bob aborts the game before their first move"), "{r:?}");
        assert_eq!(ratings(&w), "No rated Kuba game has been played here yet.");
        let r = w.ask("bob", Command::Abort { game: kuba(None) });
        assert!(refused(&r).contains("no Kuba game") || refused(&r).contains("is over"), "{r:?}");

        // Once both have moved, resigning is rated.
        w.challenge("alice", GameKind::Kuba, vec![user("bob")], true);
        w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
        w.play("alice", GameKind::Kuba, "a7-S");
        w.play("bob", GameKind::Kuba, "a1-E");
        let r = w.ask("alice", Command::Resign { game: kuba(None) });
        assert!(r.iter().any(|m| m.text().starts_with("Ratings:")), "{r:?}");
    }

    fn history_and_board_show_the_last_game_once_it_ended(db) {
        let w = world(db);
        let kuba = |id: Option<String>| GameRef { kind: GameKind::Kuba, id };
        w.challenge("alice", GameKind::Kuba, vec![user("bob")], false);
        let first = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
        w.play("alice", GameKind::Kuba, "a7-S");
        w.play("bob", GameKind::Kuba, "a1-E");
        w.ask("alice", Command::Resign { game: kuba(None) });

        // No game in progress: the last one played, finished.
        let r = w.ask("bob", Command::History { game: kuba(None) });
        assert!(r[0].text().contains("1. a7-S  2. a1-E"), "{r:?}");
        let r = w.ask("alice", Command::Board { game: kuba(None), flip: false });
        assert!(r[0].picture().is_some() && r[0].text().contains(&first), "{r:?}");

        // A game in progress wins over the last finished one.
        w.challenge("alice", GameKind::Kuba, vec![user("bob")], false);
        w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
        w.play("alice", GameKind::Kuba, "g1-N");
        let r = w.ask("bob", Command::History { game: kuba(None) });
        assert!(r[0].text().contains("1. g1-N") && !r[0].text().contains("a1-E"), "{r:?}");
        // With an id, any finished game.
        let r = w.ask("carol", Command::History { game: kuba(Some(first.clone())) });
        assert!(r[0].text().contains("1. a7-S  2. a1-E"), "{r:?}");
        // Someone who never played has nothing to show.
        let r = w.ask("carol", Command::History { game: GameRef { kind: GameKind::Nuba, id: None } });
        assert!(refused(&r).contains("no Nuba game"), "{r:?}");
    }

    fn a_third_repetition_draws_a_game_under_the_house_rule(db) {
        let w = world(db);
        let start = |settings: &str| Command::Challenge {
            kind: GameKind::Kuba,
            opponents: vec![user("bob")],
            rated: false,
            first: First::Me,
            level: None,
            settings: Some(settings.to_string()),
            start: Some("6B/7/7/7/7/7/W6 w 0-0 -".to_string()),
            time: None,
        };
        let cycle = ["a1-N", "g7-S", "a2-S", "g6-N", "a1-N", "g7-S", "a2-S", "g6-N"];
        for (settings, draws) in [(r#"{"repetition":"draw"}"#, true), ("{}", false)] {
            w.ask("alice", start(settings));
            let id = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
            let mut last = Vec::new();
            for (i, m) in cycle.iter().enumerate() {
                last = w.play(if i % 2 == 0 { "alice" } else { "bob" }, GameKind::Kuba, m);
            }
            let text = last[0].text();
            assert_eq!(text.contains("the same position occurred a third time"), draws, "{text}");
            let over = w.service.store().find_game(&id).expect("the game").status == boardbot::store::Status::Over;
            assert_eq!(over, draws);
            if !draws {
                w.ask("alice", Command::Resign { game: GameRef { kind: GameKind::Kuba, id: Some(id) } });
            }
        }
    }
}

/// The causes of the `game_ended` events recorded for game `id` (its public id).
fn endings_of(w: &World, id: &str) -> Vec<EndCause> {
    let store = w.service.store();
    let game = store.find_game(id).expect("the game").id;
    store
        .read(|tx| boardbot::store::events_of_game(tx, game, None, 1000))
        .expect("events")
        .iter()
        .filter_map(Event::read)
        .filter_map(|e| match e {
            Event::GameEnded { cause, .. } => Some(cause),
            _ => None,
        })
        .collect()
}

fn casual_kuba(w: &World, start: Option<&str>, settings: Option<&str>) -> String {
    w.ask(
        "alice",
        Command::Challenge {
            kind: GameKind::Kuba,
            opponents: vec![user("bob")],
            rated: false,
            first: First::Me,
            level: None,
            settings: settings.map(str::to_string),
            start: start.map(str::to_string),
            time: None,
        },
    );
    game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }))
}

// Every way a game ends goes through the finisher, which records one `game_ended`
// event with its cause: one test per cause.
both_backends! {
    fn a_game_won_by_the_rules_records_its_end(db) {
        let w = world(db);
        let id = casual_kuba(&w, Some("7/7/7/7/7/7/5WB w 0-0 -"), None);
        w.play("alice", GameKind::Kuba, "f1-E");
        assert_eq!(endings_of(&w, &id), vec![EndCause::Rules { reason: "all_marbles".into() }]);
    }

    fn a_repetition_draw_records_its_end(db) {
        let w = world(db);
        let id = casual_kuba(&w, Some("6B/7/7/7/7/7/W6 w 0-0 -"), Some(r#"{"repetition":"draw"}"#));
        for (i, m) in ["a1-N", "g7-S", "a2-S", "g6-N", "a1-N", "g7-S", "a2-S", "g6-N"].iter().enumerate() {
            w.play(if i % 2 == 0 { "alice" } else { "bob" }, GameKind::Kuba, m);
        }
        assert_eq!(endings_of(&w, &id), vec![EndCause::Rules { reason: "repetition".into() }]);
    }

    fn a_resignation_records_its_end(db) {
        let w = world(db);
        let id = casual_kuba(&w, None, None);
        w.play("alice", GameKind::Kuba, "a7-S");
        w.ask("bob", Command::Resign { game: GameRef { kind: GameKind::Kuba, id: Some(id.clone()) } });
        assert_eq!(endings_of(&w, &id), vec![EndCause::Resigned { seat: 1 }]);
    }

    fn an_agreed_draw_records_its_end(db) {
        let w = world(db);
        let id = casual_kuba(&w, None, None);
        let game = GameRef { kind: GameKind::Kuba, id: Some(id.clone()) };
        w.ask("alice", Command::Draw { game: game.clone(), answer: Answer::Ask });
        w.ask("bob", Command::Draw { game, answer: Answer::Accept });
        assert_eq!(endings_of(&w, &id), vec![EndCause::Agreed]);
    }

    fn an_abort_records_its_end(db) {
        let w = world(db);
        let id = casual_kuba(&w, None, None);
        w.ask("bob", Command::Abort { game: GameRef { kind: GameKind::Kuba, id: Some(id.clone()) } });
        assert_eq!(endings_of(&w, &id), vec![EndCause::Aborted { seat: 1, how: boardbot::service::AbortCause::Asked }]);
    }

    fn a_timeout_records_its_end(db) {
        let clock = Arc::new(TestClock::new(1_800_000_000_000));
        let options = ServiceOptions { picture_px: 200, scheduler: false, ..ServiceOptions::default() };
        let w = World { service: Service::start(db.open(), clock.clone(), options).expect("service") };
        w.ask(
            "alice",
            Command::Challenge {
                kind: GameKind::Kuba,
                opponents: vec![user("bob")],
                rated: true,
                first: First::Me,
                level: None,
                settings: None,
                start: None,
                time: Some(boardbot::service::TimeAsked::Days(1)),
            },
        );
        let id = game_id(&w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None }));
        w.play("alice", GameKind::Kuba, "a7-S");
        w.play("bob", GameKind::Kuba, "g7-S");
        clock.advance(2 * boardbot::service::DAY);
        w.service.run_due();
        assert_eq!(endings_of(&w, &id), vec![EndCause::TimedOut { seat: 0 }]);
    }

    fn the_computer_accepting_a_draw_records_its_end(db) {
        let w = world(db);
        let id = w.against_computer("alice", First::Me, "hard", WHITE_AHEAD);
        w.draw("alice", Answer::Ask);
        w.service.wait_until_idle();
        assert_eq!(endings_of(&w, &id), vec![EndCause::ComputerAgreed]);
    }
}

// The limits hold under requests racing each other: they are counted in the
// transaction that writes, with the player's row locked.
both_backends! {
    fn limits_hold_with_eight_requests_at_once(db) {
        let options = ServiceOptions {
            picture_px: 200,
            scheduler: false,
            computer: ComputerOptions { max_games_per_player: 3, ..ComputerOptions::deterministic(1) },
            ..ServiceOptions::default()
        };
        let w = world_with(db, options);
        let at_once = |who: &'static str, command: Command| -> Vec<Vec<Reply>> {
            let threads: Vec<_> = (0..8)
                .map(|_| {
                    let (service, command) = (w.service.clone(), command.clone());
                    std::thread::spawn(move || {
                        crate::common::everything(
                            &service,
                            Request { actor: actor(who), place: place(), command, via: Default::default() },
                        )
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().expect("a request")).collect()
        };
        // A first-time player asks for eight games against the computer at once.
        let computer = Command::Challenge {
            kind: GameKind::Nuba,
            opponents: vec![Target::Computer],
            rated: false,
            first: First::Them,
            level: Some(boardbot::ai::Level::Random),
            settings: None,
            start: None,
            time: None,
        };
        let answers = at_once("dora", computer);
        let begun = answers.iter().filter(|r| r.iter().any(|r| r.text().contains("takes on the computer"))).count();
        assert_eq!(begun, 3, "{answers:?}");
        let refused = answers.iter().filter(|r| r.len() == 1 && r[0].only_actor).count();
        assert_eq!(refused, 5, "{answers:?}");
        // Eight challenges to the same person at once: one is made.
        let challenge = crate::common::casual_challenge(GameKind::Kuba, user("bob"));
        let answers = at_once("erin", challenge);
        let made = answers.iter().filter(|r| r.iter().any(|r| !r.only_actor)).count();
        assert_eq!(made, 1, "{answers:?}");
        w.service.wait_until_idle();
    }
}
