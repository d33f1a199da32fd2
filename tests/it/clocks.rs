//! Clocks across simulated days, through the service with an injected clock: each
//! event happens once, whatever restarts happen in between.

use crate::common::Said;
use std::sync::Arc;
use std::time::Duration;

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::lang::Lang;
use boardbot::service::{
    Actor, Command, Destination, First, GameRef, LanguageScope, Place, Reply, Request, Service, ServiceOptions, Target,
    TestClock, TimeAsked, DAY, HOUR, MINUTE,
};
use boardbot::store::{self, EndReason, Scope, Status};

use crate::common::store::{both_backends, TestDb};

const START: i64 = 1_795_435_200_000; // 2026-11-23 12:00 UTC

struct World<'a> {
    db: &'a TestDb,
    clock: Arc<TestClock>,
    service: Service,
}

fn open(db: &TestDb, clock: &Arc<TestClock>, scheduler: bool) -> Service {
    Service::start(db.open(), clock.clone(), ServiceOptions { picture_px: 160, scheduler, ..ServiceOptions::default() })
        .expect("service")
}

fn world(db: &TestDb) -> World<'_> {
    world_with(db, false)
}

fn world_with(db: &TestDb, scheduler: bool) -> World<'_> {
    let clock = Arc::new(TestClock::new(START));
    let service = open(db, &clock, scheduler);
    World { db, clock, service }
}

fn user(name: &str) -> Target {
    Target::User { user_id: format!("id-{name}"), display_name: name.to_string(), is_bot: false }
}

impl World<'_> {
    fn ask(&self, who: &str, command: Command) -> Vec<Reply> {
        let actor = Actor::new(Platform::Discord, format!("id-{who}"), who);
        let place = Place { community: Some("server".into()), channel: Some("chan".into()), ..Place::default() };
        crate::common::everything(&self.service, Request { actor, place, command, via: Default::default() })
    }

    /// A game between `a` (moving first) and the others, accepted by them.
    fn game(&self, kind: GameKind, a: &str, others: &[&str], rated: bool, time: Option<TimeAsked>) -> String {
        let opponents = others.iter().map(|o| user(o)).collect();
        let r = self.ask(
            a,
            Command::Challenge {
                kind,
                opponents,
                rated,
                first: First::Me,
                level: None,
                settings: None,
                start: None,
                time,
            },
        );
        assert!(!r[0].only_actor, "{r:?}");
        let mut replies = Vec::new();
        for o in others {
            replies = self.ask(o, Command::Accept { kind, challenge: None });
        }
        replies
            .iter()
            .find_map(|r| match &r.destination {
                Destination::Thread { game, .. } => Some(game.clone()),
                _ => None,
            })
            .expect("a game begins")
    }

    fn play(&self, who: &str, kind: GameKind, text: &str) -> Vec<Reply> {
        let r = self.ask(who, Command::Move { game: GameRef { kind, id: None }, text: text.to_string(), at: None });
        assert!(!r[0].only_actor, "{who} {text}: {r:?}");
        r
    }

    /// The outbox's messages, delivered.
    fn said(&self) -> Vec<Reply> {
        let mut out = Vec::new();
        for (id, reply) in crate::common::pending(&self.service, Platform::Discord) {
            self.service.delivered(id);
            out.push(reply);
        }
        out
    }

    fn record(&self, id: &str) -> store::GameRecord {
        self.service.store().find_game(id).expect("the game")
    }

    fn advance_to(&self, at: i64) {
        let now = boardbot::service::Clock::now(&*self.clock);
        assert!(at >= now);
        self.clock.advance(at - now);
    }
}

fn texts(replies: &[Reply]) -> Vec<String> {
    replies.iter().map(|r| r.text().clone()).collect()
}

both_backends! {
    fn each_reminder_is_sent_once_at_each_point(db) {
        let w = world(db);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], false, Some(TimeAsked::Days(2)));
        w.play("alice", GameKind::Kuba, "a7-S");
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        assert_eq!(deadline, START + 2 * DAY);
        assert_eq!(w.service.run_due(), 0);
        assert!(w.said().is_empty());
        // Just before the 24 h point: nothing; at it: one reminder, once.
        w.advance_to(deadline - DAY - 1);
        assert_eq!(w.service.run_due(), 0);
        w.advance_to(deadline - DAY);
        assert_eq!(w.service.run_due(), 1);
        assert_eq!(w.service.run_due(), 0);
        let said = w.said();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].text().starts_with("@bob, it is your turn in Kuba game"), "{}", said[0].text());
        assert_eq!(said[0].mentions[0].user_id, "id-bob");
        // The 1 h point, by direct message after bob asks for it.
        w.ask("bob", Command::Notify { how: boardbot::service::Notify::Direct, user: None });
        w.advance_to(deadline - HOUR + MINUTE);
        assert_eq!(w.service.run_due(), 1);
        assert_eq!(w.service.run_due(), 0);
        let said = w.said();
        assert_eq!(said.len(), 1);
        assert!(matches!(&said[0].destination, Destination::Direct(u) if u.user_id == "id-bob"), "{said:?}");
        // Off: recorded, not sent.
        w.play("bob", GameKind::Kuba, "g7-S");
        w.ask("alice", Command::Notify { how: boardbot::service::Notify::Off, user: None });
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline - MINUTE);
        w.service.run_due();
        assert_eq!(w.service.run_due(), 0);
        assert!(w.said().is_empty(), "alice asked for no reminders");
    }

    fn overdue_points_after_downtime_send_only_the_latest(db) {
        let w = world(db);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], false, Some(TimeAsked::Days(3)));
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline - 30 * MINUTE);
        assert_eq!(w.service.run_due(), 1);
        let said = texts(&w.said());
        assert_eq!(said.len(), 1);
        assert!(said[0].contains("30 minutes left"), "{said:?}");
    }

    fn a_timeout_ends_the_game_once_and_rates_it_once(db) {
        let w = world(db);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], true, None);
        let record = w.record(&id);
        assert_eq!(
            record.time_control,
            Some(boardbot::store::TimeControl::DaysPerMove(3)),
            "rated games default to 3 days"
        );
        // Both players move, so the timeout is rated (before that it aborts, below).
        w.play("alice", GameKind::Kuba, "a7-S");
        w.play("bob", GameKind::Kuba, "a1-E");
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline);
        assert!(w.service.run_due() >= 1);
        assert_eq!(w.service.run_due(), 0);
        let record = w.record(&id);
        assert_eq!(record.status, Status::Over);
        let result = record.result.expect("a result");
        assert_eq!((result.end_reason, result.places.clone()), (EndReason::TimedOut, vec![2, 1]));
        let said = texts(&w.said());
        assert!(said.iter().any(|t| t.contains("@alice ran out of time") && t.contains("@bob wins")), "{said:?}");
        assert!(said.iter().any(|t| t.starts_with("Ratings:")), "{said:?}");
        let board = w
            .service
            .store()
            .read(|tx| store::leaderboard(tx, GameKind::Kuba, Scope::Global, 10, &Default::default()))
            .expect("leaderboard");
        assert!(board.iter().all(|row| row.games == 1), "rated once: {board:?}");
    }

    fn a_rated_game_timed_out_before_both_moved_is_aborted(db) {
        let w = world(db);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], true, Some(TimeAsked::Days(1)));
        w.play("alice", GameKind::Kuba, "a7-S");
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline);
        assert!(w.service.run_due() >= 1);
        let result = w.record(&id).result.expect("ended");
        assert_eq!((result.end_reason, result.places.clone()), (EndReason::Aborted, vec![]));
        let said = texts(&w.said());
        assert!(said.iter().any(|t| t.contains("@bob ran out of time before every player had moved")), "{said:?}");
        assert!(!said.iter().any(|t| t.starts_with("Ratings:")), "{said:?}");
        let board = w
            .service
            .store()
            .read(|tx| store::leaderboard(tx, GameKind::Kuba, Scope::Global, 10, &Default::default()))
            .expect("leaderboard");
        assert!(board.is_empty(), "not rated: {board:?}");
    }

    fn a_restart_between_due_and_handling_handles_it_once(db) {
        let mut w = world(db);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], true, Some(TimeAsked::Days(1)));
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline + HOUR);
        // The bot was down when the deadline passed: a new process finds it due.
        w.service = open(w.db, &w.clock, false);
        assert!(w.service.run_due() >= 1);
        w.service = open(w.db, &w.clock, false);
        assert_eq!(w.service.run_due(), 0);
        let said = texts(&w.said());
        assert_eq!(said.iter().filter(|t| t.contains("ran out of time")).count(), 1, "{said:?}");
        assert_eq!(w.record(&id).status, Status::Over);
    }

    fn a_move_just_before_the_deadline_wins_the_race(db) {
        let w = world(db);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], true, Some(TimeAsked::Days(1)));
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline - 1);
        w.play("alice", GameKind::Kuba, "a7-S");
        w.advance_to(deadline);
        w.service.run_due();
        let record = w.record(&id);
        assert_eq!(record.status, Status::Ongoing);
        assert_eq!(record.turn_deadline, Some(deadline - 1 + DAY), "bob's turn has a day from alice's move");
        assert!(texts(&w.said()).iter().all(|t| !t.contains("ran out of time")));
    }

    fn the_scheduler_thread_wakes_for_a_new_deadline(db) {
        let w = world_with(db, true);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], true, Some(TimeAsked::Days(1)));
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline + 1);
        // A deadline set anywhere wakes the thread, which finds the overdue game.
        w.game(GameKind::Nuba, "carol", &["dave"], true, None);
        let mut seen = 0;
        for _ in 0..100 {
            if w.record(&id).status == Status::Over {
                break;
            }
            seen = w.service.wait_for_messages(seen, Duration::from_millis(100));
        }
        assert_eq!(w.record(&id).status, Status::Over);
    }

    fn vacations_move_deadlines_and_end_on_time(db) {
        let w = world(db);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], true, Some(TimeAsked::Days(2)));
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        let r = w.ask("alice", Command::Vacation { days: 5 });
        assert!(!r[0].only_actor, "{r:?}");
        assert_eq!(w.record(&id).turn_deadline, Some(deadline + 5 * DAY));
        // The board tells the opponent.
        let r = w.ask("bob", Command::Board { game: GameRef { kind: GameKind::Kuba, id: Some(id.clone()) }, flip: false });
        assert!(r[0].text().contains("@alice is on vacation until 2026-11-28 12:00 UTC"), "{}", r[0].text());
        // A turn that begins during the vacation counts from its end.
        let other = w.game(GameKind::Nuba, "bob", &["alice"], false, Some(TimeAsked::Days(1)));
        // The answer to a move tells who is away, in the mover's own language (both
        // read with the game, in one statement).
        w.ask("bob", Command::Language { language: Some(Lang::Fr), scope: LanguageScope::Me });
        let r = w.ask("bob", Command::Move { game: GameRef { kind: GameKind::Nuba, id: Some(other.clone()) }, text: "X@c2".into(), at: None });
        assert!(!r[0].only_actor, "{r:?}");
        assert_eq!(r[0].lang, Lang::Fr, "{r:?}");
        assert!(r[0].text().contains("@alice is on vacation until 2026-11-28 12:00 UTC"), "{}", r[0].text());
        assert_eq!(w.record(&other).turn_deadline, Some(START + 5 * DAY + DAY));
        // Back in English, and the vacation is still told.
        w.ask("bob", Command::Language { language: None, scope: LanguageScope::Me });
        let r = w.ask("bob", Command::Board { game: GameRef { kind: GameKind::Nuba, id: Some(other.clone()) }, flip: false });
        assert_eq!(r[0].lang, Lang::En, "{r:?}");
        assert!(r[0].text().contains("@alice is on vacation until 2026-11-28 12:00 UTC"), "{}", r[0].text());
        // It ends on time: nothing happens at its end, and the moved deadline holds.
        w.advance_to(START + 5 * DAY + DAY - 1);
        w.service.run_due();
        assert_eq!(w.record(&other).status, Status::Ongoing);
        w.advance_to(START + 6 * DAY);
        w.service.run_due();
        assert_eq!(w.record(&other).status, Status::Over);
        // Ended early, the clock stood still exactly as long as the player was away.
        let db = db.fresh("vacation-end");
        let w = world(&db);
        let id = w.game(GameKind::Kuba, "alice", &["bob"], true, Some(TimeAsked::Days(2)));
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.ask("alice", Command::Vacation { days: 5 });
        w.advance_to(START + DAY);
        let r = w.ask("alice", Command::VacationEnd);
        assert!(!r[0].only_actor, "{r:?}");
        assert_eq!(w.record(&id).turn_deadline, Some(deadline + DAY));
    }

    fn the_vacation_allowance_is_per_year(db) {
        let w = world(db);
        assert!(!w.ask("alice", Command::Vacation { days: 20 })[0].only_actor);
        w.advance_to(START + 20 * DAY);
        let r = w.ask("alice", Command::Vacation { days: 11 });
        assert!(r[0].only_actor && r[0].text().contains("10 vacation days left"), "{}", r[0].text());
        // 2027 begins: a fresh allowance.
        w.advance_to(START + 40 * DAY);
        assert!(!w.ask("alice", Command::Vacation { days: 30 })[0].only_actor);
        for bad in [0, -3, 31] {
            w.advance_to(START + 80 * DAY + bad.max(0));
            let r = w.ask("bob", Command::Vacation { days: bad });
            assert!(r[0].only_actor, "days:{bad} {r:?}");
        }
    }

    fn expired_challenges_cannot_be_accepted(db) {
        let w = world(db);
        let r = w.ask(
            "alice",
            crate::common::casual_challenge(GameKind::Kuba, user("bob")),
        );
        assert!(!r[0].only_actor);
        w.advance_to(START + 7 * DAY);
        // Before the scheduler marks it, accepting is already refused.
        let r = w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
        assert!(r[0].only_actor && r[0].text().contains("expired"), "{r:?}");
        assert_eq!(w.service.run_due(), 1);
        assert_eq!(w.service.run_due(), 0);
        // The notice gathers the channel's other expiries for a minute, then goes.
        w.advance_to(START + 7 * DAY + 60_000);
        let said = texts(&w.said());
        assert_eq!(said, ["Challenge 1 from @alice to @bob (Kuba) expired unanswered."]);
        let r = w.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
        assert!(r[0].only_actor, "{r:?}");
    }

    fn a_three_player_cabale_game_goes_on_after_one_player_times_out(db) {
        let w = world(db);
        let id = w.game(GameKind::Cabale, "alice", &["bob", "carol"], true, Some(TimeAsked::Days(1)));
        // The runners first: a timeout while they are placed ends the game instead.
        for (who, place) in [("alice", "@A2"), ("bob", "@C7"), ("carol", "@I8"), ("alice", "A2>D5>E5")] {
            w.play(who, GameKind::Cabale, place);
        }
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline);
        assert_eq!(w.service.run_due(), 1);
        assert_eq!(w.service.run_due(), 0);
        // Bob left: the game goes on with Carol to move, and a fresh deadline.
        let record = w.record(&id);
        assert_eq!(record.status, Status::Ongoing);
        assert_eq!(record.moves.last().map(|m| m.text.as_str()), Some("leave"));
        assert_eq!(record.to_move, 2);
        assert_eq!(record.turn_deadline, Some(deadline + DAY));
        let said = texts(&w.said());
        assert!(said.iter().any(|t| t.contains("@bob ran out of time and leaves the game")), "{said:?}");
        assert!(said.iter().any(|t| t.contains("@carol (Green) to move")), "{said:?}");
        // Carol and Alice play on, Bob's turns skipped; then Carol times out with two
        // seats left, which ends the game: Alice first, Carol second, Bob last.
        let r = w.ask("bob", Command::Move { game: GameRef { kind: GameKind::Cabale, id: None }, text: "C7>C4>B3".into(), at: None });
        assert!(r[0].only_actor, "bob has left: {r:?}");
        let legal = store::replay::legal_moves(GameKind::Cabale, Some(&record.settings), &record.code).expect("moves");
        w.play("carol", GameKind::Cabale, &legal[0]);
        assert_eq!(w.record(&id).to_move, 0, "alice after carol");
        let code = w.record(&id).code;
        let legal = store::replay::legal_moves(GameKind::Cabale, Some(&record.settings), &code).expect("moves");
        w.play("alice", GameKind::Cabale, &legal[0]);
        assert_eq!(w.record(&id).to_move, 2, "carol after alice: bob is skipped");
        let deadline = w.record(&id).turn_deadline.expect("a deadline");
        w.advance_to(deadline);
        w.service.run_due();
        let result = w.record(&id).result.expect("over");
        assert_eq!(result.end_reason, EndReason::TimedOut);
        assert_eq!(result.places, vec![1, 3, 2]);
    }

    fn bad_clock_input_is_refused_and_changes_nothing(db) {
        let w = world(db);
        let challenge = |rated: bool, time: Option<TimeAsked>| {
            w.ask(
                "alice",
                Command::Challenge {
                    kind: GameKind::Kuba,
                    opponents: vec![user("bob")],
                    rated,
                    first: First::Me,
                    level: None,
                    settings: None,
                    start: None,
                    time,
                },
            )
        };
        for (rated, time) in [
            (false, Some(TimeAsked::Days(4))),
            (false, Some(TimeAsked::Days(0))),
            (true, Some(TimeAsked::Days(-2))),
            (true, Some(TimeAsked::Unlimited)),
        ] {
            let r = challenge(rated, time);
            assert!(r[0].only_actor, "{time:?}: {r:?}");
        }
        let r = w.ask("alice", Command::Notify { how: boardbot::service::Notify::Off, user: Some(user("bob")) });
        assert!(r[0].only_actor && r[0].text().contains("your own"), "{r:?}");
        assert!(w.ask("alice", Command::VacationEnd)[0].only_actor);
        let open = w.service.store().read(store::all_games).expect("games");
        assert!(open.is_empty());
    }

    fn the_time_left_is_on_the_board_picture_too(db) {
        let w = world(db);
        w.game(GameKind::Kuba, "alice", &["bob"], false, Some(TimeAsked::Days(2)));
        let r = w.play("alice", GameKind::Kuba, "a7-S");
        let picture = r.iter().find_map(|r| r.picture()).expect("a board");
        assert!(picture.alt.ends_with("Black to move, clock: 2 days left"), "{}", picture.alt);
        // A game without a clock says nothing of one.
        let db = db.fresh("picture-unlimited");
        let w = world(&db);
        w.game(GameKind::Kuba, "alice", &["bob"], false, None);
        let r = w.play("alice", GameKind::Kuba, "a7-S");
        let picture = r.iter().find_map(|r| r.picture()).expect("a board");
        assert!(!picture.alt.contains("clock"), "{}", picture.alt);
    }
}
