//! Discord as it really is (issue #55): the real `boardbot discord --http` against a
//! Discord double with Discord's latency and limits ([`Strict`]): moves never refused
//! as too many, a burst of games that exhausts the threads a server may make waited
//! out with one refusal at most (its games played in the channel, saying so), a
//! failing channel that never holds up another, and a restart after a kill that loses
//! nothing, posts nothing twice and lets the computer move within ten seconds.
//!
//! The double's latency is short here (20 ms a call), so that the tests stay quick;
//! the benchmarks (`benches/discord_limits.rs`) use Discord's 80 ms.

use std::process::Child;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::discord_double::{summary, Call, Double, Fault, Strict};
use crate::common::store::TestDb;
use crate::discord::{button, command, free_port, signed_at, start_discord_bot, Opt, ALICE, BOB, BOT, CAROL, CHANNEL};

/// Dave, a fourth person.
const DAVE: &str = "14";

/// The bot as a process; killed when dropped.
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

fn start(db: &TestDb, double: &Double, env: &[(&str, &str)]) -> Bot {
    let addr = format!("127.0.0.1:{}", free_port());
    let child = start_discord_bot(&addr, BOT, &double.url, "BOARDBOT_TEST_LOG", Duration::from_secs(20), |c| {
        c.envs(env.iter().copied()).args(["--db", &db.arg()]);
    });
    Bot { child, addr }
}

/// Discord's limits, 20 ms a call.
fn strict() -> Double {
    Double::start_with(Strict::discord_at(Duration::from_millis(20)))
}

/// Sends `interaction` as Discord does and plays Discord's part with the response
/// (its webhook is known from then on); for a deferred response, waits for the edit
/// that finishes it. The response.
fn send(addr: &str, double: &Double, interaction: &Value) -> Value {
    let (status, body) = signed_at(addr, interaction);
    assert_eq!(status, 200, "{body}");
    let response: Value = serde_json::from_str(&body).expect("a JSON response");
    let token = interaction["token"].as_str().expect("a token").to_string();
    double.respond(&token, &response);
    if response["type"] == 5 {
        double.wait_for("the deferred response's edit", |calls| {
            calls.iter().any(|c| c.path.contains(&token) && c.method == "PATCH" && c.status == 200)
        });
    }
    response
}

/// A game of `first` (to move) against `second` begun in `channel` (a challenge and
/// the Accept button); its thread, once its first board is there.
fn game(addr: &str, double: &Double, first: &str, second: &str) -> String {
    let options = [Opt::User("opponent", second), Opt::Str("first", "me")];
    let challenge = send(addr, double, &command(first, "kuba", "challenge", &options, None));
    let accept = challenge["data"]["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap_or_else(|| panic!("no Accept button: {challenge}"))
        .to_string();
    send(addr, double, &button(second, &accept, None));
    let me = format!("<@{first}>");
    let calls = double.wait_for("the first board", |calls| {
        calls.iter().any(|c| is_post(c) && !c.path.contains(CHANNEL) && c.has_png() && c.content().contains(&me))
    });
    let board = calls
        .iter()
        .rev()
        .find(|c| is_post(c) && !c.path.contains(CHANNEL) && c.has_png() && c.content().contains(&me))
        .expect("the first board");
    board.path.split('/').nth(4).expect("a channel").to_string()
}

/// A message posted (and taken) in a channel.
fn is_post(c: &Call) -> bool {
    c.method == "POST" && c.path.starts_with("/api/v10/channels/") && c.path.ends_with("/messages") && c.status == 200
}

/// Calls to a message route refused as too many.
fn refused_messages(double: &Double) -> Vec<Call> {
    double.refused().into_iter().filter(|c| c.path.contains("/messages")).collect()
}

/// A legal move of the game in `thread` for whoever is to move, from the database.
fn a_move(db: &TestDb, thread: &str, rng: &mut crate::common::store::Rng) -> (String, String) {
    let store = db.open();
    let games = store.read(boardbot::store::all_games).expect("games");
    let record = games
        .into_iter()
        .map(|g| store.load_game(g).expect("a game"))
        .find(|r| r.place.thread.as_deref() == Some(thread))
        .expect("the thread's game");
    let legal =
        boardbot::store::replay::legal_moves(record.kind, Some(&record.settings), &record.code).expect("legal moves");
    let mv = legal[(rng.next() % legal.len() as u64) as usize].clone();
    let seat = record.to_move;
    let holder = record.seats.iter().find(|s| s.seat == seat).expect("a seat").holder.clone();
    let user = match holder {
        boardbot::store::SeatHolder::Player(p) => {
            store.read(move |tx| boardbot::store::load_player(tx, p)).expect("a player").user_id
        }
        boardbot::store::SeatHolder::Computer(_) => panic!("the computer is to move"),
    };
    (user, mv)
}

/// Two people move as fast as the bot answers, 16 moves: every board comes as the edit
/// of its interaction's response, every "your move" notice in the thread within
/// Discord's 5 messages per 5 s (notices of moves already answered are not sent), and
/// nothing is refused as too many or sent into a bucket Discord said was empty.
#[test]
fn moves_keep_within_discords_limits() {
    let db = TestDb::sqlite("limits-moves");
    let double = strict();
    let bot = start(&db, &double, &[]);
    let thread = game(&bot.addr, &double, ALICE, BOB);
    let mut rng = crate::common::store::Rng(0x11);
    for _ in 0..16 {
        let (user, mv) = a_move(&db, &thread, &mut rng);
        let response =
            send(&bot.addr, &double, &command(&user, "kuba", "move", &[Opt::Str("move", &mv)], Some(&thread)));
        assert_eq!(response["data"]["flags"].as_u64().unwrap_or(0) & 64, 0, "{mv} refused: {response}");
    }
    let calls = double.settle(Duration::from_secs(6));
    let notices: Vec<&Call> =
        calls.iter().filter(|c| is_post(c) && c.path.contains(&thread) && c.content().contains("your move")).collect();
    assert!(!notices.is_empty(), "{:?}", summary(&calls));
    // No more than 5 in any 5 s.
    for (i, n) in notices.iter().enumerate() {
        let within = notices[i..].iter().filter(|m| m.at.duration_since(n.at) < Duration::from_secs(5)).count();
        assert!(within <= 5, "{within} notices within 5 s");
    }
    assert!(refused_messages(&double).is_empty(), "{:?}", summary(&refused_messages(&double)));
    assert!(double.refused().is_empty(), "{:?}", summary(&double.refused()));
    assert!(double.sent_into_empty().is_empty(), "{:?}", summary(&double.sent_into_empty()));
}

/// Twenty people challenge the computer at once in one channel, where Discord lets a
/// server make 10 threads a minute and answers a burst over it with a 120 s penalty
/// that no header announced. The bot makes threads one at a time, is refused once,
/// sends nothing more into the penalty, and plays the other games in the channel,
/// saying so; every game gets the computer's first move within seconds, and no
/// message is refused.
#[test]
fn a_burst_of_games_meets_the_thread_limit_once() {
    let db = TestDb::sqlite("limits-threads");
    let double = strict();
    let bot = start(&db, &double, &[]);
    let people: Vec<String> = (0..20).map(|i| (3000 + i).to_string()).collect();
    let began = Instant::now();
    let asked: Vec<_> = people
        .iter()
        .map(|who| {
            let options = [Opt::User("opponent", BOT), Opt::Str("level", "random"), Opt::Str("first", "them")];
            let interaction = command(who, "kuba", "challenge", &options, None);
            let addr = bot.addr.clone();
            std::thread::spawn(move || signed_at(&addr, &interaction))
        })
        .collect();
    for a in asked {
        let (status, body) = a.join().expect("asked");
        assert_eq!(status, 200, "{body}");
    }
    let computer = format!("<@{BOT}> plays");
    let calls = double.wait_for("the computer's first move in every game", |calls| {
        calls.iter().filter(|c| is_post(c) && c.content().contains(&computer)).count() >= people.len()
    });
    let took = began.elapsed();
    eprintln!("20 games against the computer: every first move at the double after {took:?}");
    let threads: Vec<&Call> = calls.iter().filter(|c| c.path.ends_with("/threads")).collect();
    let made = threads.iter().filter(|c| c.status == 201).count();
    let refused = threads.iter().filter(|c| c.status == 429).count();
    assert_eq!(made, 10, "{:?}", summary(&calls));
    assert!(refused <= 1, "{refused} thread requests refused: {:?}", summary(&calls));
    let in_channel: Vec<&Call> =
        calls.iter().filter(|c| is_post(c) && c.path.contains(&format!("/channels/{CHANNEL}/"))).collect();
    let noted = in_channel.iter().filter(|c| c.content().contains("no new thread")).count();
    assert_eq!(
        noted,
        people.len() - 10,
        "each game in the channel says why: {:?}",
        summary(&in_channel.iter().map(|c| (*c).clone()).collect::<Vec<_>>())
    );
    assert!(took < Duration::from_secs(30), "{took:?}");
    let settled = double.settle(Duration::from_secs(2));
    assert!(refused_messages(&double).is_empty(), "{:?}", summary(&refused_messages(&double)));
    assert!(double.sent_into_empty().is_empty(), "{:?}", summary(&double.sent_into_empty()));
    // Each computer move once.
    let mut moves: Vec<String> = settled
        .iter()
        .filter(|c| is_post(c) && c.content().contains(&computer))
        .map(|c| format!("{} {}", c.path, c.content()))
        .collect();
    let n = moves.len();
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), n, "a message posted twice");
}

/// While one game's thread fails (500, then no answer at all), another game's notices
/// go out as if nothing failed: within a call or two of its move, not after the
/// failing one's retries or time-out. Once the thread heals, its notice goes once.
#[test]
fn a_failing_channel_never_holds_up_another() {
    let db = TestDb::sqlite("limits-faults");
    let double = strict();
    let bot = start(&db, &double, &[]);
    let first = game(&bot.addr, &double, ALICE, BOB);
    let second = game(&bot.addr, &double, CAROL, DAVE);
    let mut rng = crate::common::store::Rng(0x22);
    for fault in [Fault::ServerError, Fault::Hang] {
        double.fail(&format!("/channels/{first}/messages"), fault);
        let (user, mv) = a_move(&db, &first, &mut rng);
        send(&bot.addr, &double, &command(&user, "kuba", "move", &[Opt::Str("move", &mv)], Some(&first)));
        // The failing notice is on its way; then the other game moves.
        std::thread::sleep(Duration::from_millis(100));
        let (user, mv) = a_move(&db, &second, &mut rng);
        let sent = Instant::now();
        let asked = command(&user, "kuba", "move", &[Opt::Str("move", &mv)], Some(&second));
        send(&bot.addr, &double, &asked);
        double.wait_for("the other game's notice", |calls| {
            calls
                .iter()
                .any(|c| is_post(c) && c.path.contains(&second) && c.at > sent && c.content().contains("your move"))
        });
        let took = sent.elapsed();
        eprintln!("{fault:?} in one thread: the other's notice {took:?} after its move");
        assert!(took < Duration::from_secs(1), "{fault:?}: {took:?}");
        double.heal();
        // The failed notice goes, once.
        double.wait_for("the healed thread's notice", |calls| {
            calls
                .iter()
                .any(|c| is_post(c) && c.path.contains(&first) && c.at > sent && c.content().contains("your move"))
        });
    }
    let calls = double.settle(Duration::from_secs(1));
    let mut posted: Vec<String> = calls.iter().filter(|c| is_post(c) && !c.repeat).map(|c| c.content()).collect();
    let n = posted.len();
    posted.sort();
    posted.dedup();
    assert_eq!(posted.len(), n, "a message posted twice: {:?}", summary(&calls));
}

/// Killed right after a move against the computer commits, the bot restarts on the
/// same database, where Discord no longer knows the dead process's interaction
/// ("Unknown Webhook"): the board is posted in the thread instead, the computer's
/// answer follows within ten seconds of the restart, and nothing is posted twice.
#[test]
fn after_a_kill_the_computer_moves_within_ten_seconds() {
    let db = TestDb::sqlite("limits-kill");
    let double = strict();
    let thread = {
        let bot = start(&db, &double, &[]);
        let options = [Opt::User("opponent", BOT), Opt::Str("level", "random"), Opt::Str("first", "me")];
        send(&bot.addr, &double, &command(ALICE, "kuba", "challenge", &options, None));
        let calls = double.wait_for("the first board", |calls| {
            calls.iter().any(|c| is_post(c) && !c.path.contains(CHANNEL) && c.has_png())
        });
        let board = calls.iter().find(|c| is_post(c) && !c.path.contains(CHANNEL) && c.has_png()).expect("a board");
        board.path.split('/').nth(4).expect("a channel").to_string()
    };
    let mut bot = start(&db, &double, &[("BOARDBOT_FAILPOINT", "after-commit")]);
    let mut rng = crate::common::store::Rng(0x33);
    let (user, mv) = a_move(&db, &thread, &mut rng);
    let asked = command(&user, "kuba", "move", &[Opt::Str("move", &mv)], Some(&thread));
    let token = asked["token"].as_str().expect("a token").to_string();
    let (status, _) = signed_at(&bot.addr, &asked);
    assert_eq!(status, 200);
    let until = Instant::now() + Duration::from_secs(20);
    while bot.child.try_wait().expect("the bot's status").is_none() {
        assert!(Instant::now() < until, "the failpoint did not end the bot");
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(bot);
    // Discord forgot the interaction (its response never came, or its token ran out).
    double.fail(&token, Fault::UnknownWebhook);
    let mark = double.count();
    let restarted = Instant::now();
    let _bot = start(&db, &double, &[]);
    let computer = format!("<@{BOT}> plays");
    double.wait_for("the computer's answer", |calls| {
        calls[mark.min(calls.len())..]
            .iter()
            .any(|c| is_post(c) && c.path.contains(&thread) && c.content().contains(&computer))
    });
    let took = restarted.elapsed();
    eprintln!("the computer's move {took:?} after the restart");
    assert!(took <= Duration::from_secs(10), "{took:?}");
    let calls = double.settle(Duration::from_secs(2));
    let board = format!("plays {mv}");
    let boards: Vec<&Call> =
        calls[mark..].iter().filter(|c| is_post(c) && !c.repeat && c.content().contains(&board)).collect();
    assert_eq!(boards.len(), 1, "alice's board posted once in the thread: {:?}", summary(&calls[mark..]));
    let answers: Vec<&Call> =
        calls[mark..].iter().filter(|c| is_post(c) && !c.repeat && c.content().contains(&computer)).collect();
    assert_eq!(answers.len(), 1, "{:?}", summary(&calls[mark..]));
    assert!(double.sent_into_empty().is_empty(), "{:?}", summary(&double.sent_into_empty()));
}
