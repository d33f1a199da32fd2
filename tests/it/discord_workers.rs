//! Several `boardbot discord --http` workers on one PostgreSQL behave as one bot: the
//! real binary three times, signed interactions sent round robin by the test, the
//! Discord double recording what they all post; one worker is SIGKILLed mid-game and
//! the others carry on. And `/healthz` follows the database: 503 while PostgreSQL is
//! stopped, 200 once it is back, without restarting the worker.

use std::process::Child;
use std::time::{Duration, Instant};

use boardbot::store::{self, Database, GameRecord, SeatHolder, Status, Store};

use crate::common::discord_double::{summary, Call, Double};
use crate::common::http_get as get;
use crate::common::postgres::{private_server, TestDatabase};
use crate::common::store::{Rng, TempDir};
use crate::discord::{
    answer_at, button, command, free_port, posted, scripted_kuba_game, signed_at, start_discord_bot, thread_of, Opt,
    ALICE, BOB, BOT, CHANNEL,
};

/// One worker process.
struct Worker {
    child: Child,
    addr: String,
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `boardbot discord --http` on `url` with the leases of `config`.
fn start_worker(url: &str, double: &Double, config: &std::path::Path) -> Worker {
    let addr = format!("127.0.0.1:{}", free_port());
    let child = start_discord_bot(&addr, BOT, &double.url, "BOARDBOT_TEST_LOG", Duration::from_secs(30), |c| {
        c.args(["--db", url, "--config"]).arg(config).env_remove("BOARDBOT_DATABASE_URL");
    });
    Worker { child, addr }
}

/// A configuration whose leases last `seconds`, so a dead worker is replaced quickly.
fn config_with_leases(dir: &TempDir, seconds: u32) -> std::path::PathBuf {
    let path = dir.join("boardbot.toml");
    std::fs::write(&path, format!("[storage]\nlease_seconds = {seconds}\n")).expect("config");
    path
}

/// Waits until `done` holds, at most `limit`.
fn eventually(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let until = Instant::now() + limit;
    while !done() {
        assert!(Instant::now() < until, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn wall_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The process id in a lease holder's name (`host-pid-started`).
fn holder_pid(store: &Store, lease: &'static str) -> Option<u32> {
    let holder = store.read(|tx| store::lease_holder(tx, lease, wall_now())).expect("read the lease")?;
    // Named `host:boot:pid:start:instance` (service::process).
    holder.split(':').nth(2).and_then(|p| p.parse().ok())
}

/// The seat of `user` in a game.
fn seat_of(store: &Store, record: &GameRecord, user: &str) -> Option<u8> {
    record.seats.iter().find_map(|s| match s.holder {
        SeatHolder::Player(p) => {
            let player = store.read(move |tx| store::load_player(tx, p)).expect("player");
            (player.user_id == user).then_some(s.seat)
        }
        SeatHolder::Computer(_) => None,
    })
}

#[test]
fn three_workers_on_one_postgres_play_as_one_bot() {
    let Some(db) = TestDatabase::create("discord_workers") else { return };
    let double = Double::start();
    let dir = TempDir::new("workers");
    let config = config_with_leases(&dir, 2);
    let mut workers: Vec<Worker> = (0..3).map(|_| start_worker(&db.url, &double, &config)).collect();
    let store = Store::open_database(&Database::parse(&db.url)).expect("the database");

    // A whole game between two people, each interaction to the next worker.
    let mut turn = 0usize;
    let mut next = |workers: &[Worker]| {
        turn += 1;
        workers[turn % workers.len()].addr.clone()
    };
    let challenge = answer_at(
        &next(&workers),
        &double,
        &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB), Opt::Str("first", "me")], None),
    );
    assert!(!challenge.private, "{}", challenge.text);
    let accepted = answer_at(&next(&workers), &double, &button(BOB, "bb:accept:kuba:1", None));
    assert!(!accepted.private && accepted.text.contains("begins"), "{}", accepted.text);
    let calls = double.wait_for("the first board", |calls| {
        calls.iter().any(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL) && c.has_png())
    });
    let thread = thread_of(&calls);
    let moves = scripted_kuba_game();
    for (i, (who, mv)) in moves.iter().enumerate() {
        let user = if who == "alice" { ALICE } else { BOB };
        let interaction = command(user, "kuba", "move", &[Opt::Str("move", mv)], Some(&thread));
        if i == 3 {
            // The same ply sent to two workers at once: stored once, one board.
            double.clear();
            let (a, b) = (workers[0].addr.clone(), workers[1].addr.clone());
            let twin = {
                let mut t = interaction.clone();
                t["id"] = serde_json::json!("987654321");
                t["token"] = serde_json::json!("token-twin");
                t
            };
            let first = std::thread::spawn({
                let i = interaction.clone();
                move || signed_at(&a, &i)
            });
            let second = std::thread::spawn(move || signed_at(&b, &twin));
            let (first, second) = (first.join().expect("first"), second.join().expect("second"));
            assert_eq!((first.0, second.0), (200, 200), "{first:?} {second:?}");
            let calls = double.settle(Duration::from_millis(800));
            let boards: Vec<_> = calls
                .iter()
                .filter(|c| {
                    (c.path.contains(interaction["token"].as_str().unwrap_or("-")) || c.path.contains("token-twin"))
                        && c.has_png()
                })
                .collect();
            assert_eq!(boards.len(), 1, "one board for one ply: {:?}", summary(&calls));
        } else {
            let board = answer_at(&next(&workers), &double, &interaction);
            assert!(!board.private && board.png, "{mv} refused: {}", board.text);
        }
    }
    let games = store.read(store::all_games).expect("games");
    assert_eq!(games.len(), 1, "one game");
    let record = store.load_game(games[0]).expect("the game");
    assert_eq!(record.status, Status::Over);
    let stored: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    let played: Vec<&str> = moves.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(stored, played, "every ply stored once, in order");

    // A game against the computer: the computer's moves and the outbox run in one
    // worker at a time; its holder is killed mid-game and another takes over. The
    // first game's last notices go out first.
    eventually("the outbox to drain", Duration::from_secs(30), || store.read(store::outbox_depth).expect("depth") == 0);
    double.settle(Duration::from_millis(300));
    double.clear();
    let begins = answer_at(
        &next(&workers),
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
    let thread = thread_of(&calls);
    let games = store.read(store::all_games).expect("games");
    let game = *games.last().expect("the computer's game");
    let alice = seat_of(&store, &store.load_game(game).expect("game"), ALICE).expect("alice plays");
    let mut rng = Rng(0x5eed);
    let mut killed = false;
    for round in 0..12 {
        let record = store.load_game(game).expect("game");
        if record.status == Status::Over {
            break;
        }
        if round == 4 {
            // Nothing in flight: every message so far is delivered. Then the computer's
            // holder dies; the others take its leases over.
            eventually("the outbox to drain", Duration::from_secs(30), || {
                store.read(store::outbox_depth).expect("depth") == 0
            });
            let pid = holder_pid(&store, "computer").expect("someone holds the computer");
            let at = workers.iter().position(|w| w.child.id() == pid).expect("the holder is a worker");
            let mut dead = workers.remove(at);
            dead.child.kill().expect("SIGKILL");
            let _ = dead.child.wait();
            killed = true;
            let alive: Vec<u32> = workers.iter().map(|w| w.child.id()).collect();
            eventually("the computer's lease taken over", Duration::from_secs(20), || {
                holder_pid(&store, "computer").is_some_and(|p| alive.contains(&p))
            });
            eventually("the clocks' lease held by a live worker", Duration::from_secs(20), || {
                holder_pid(&store, "clocks").is_some_and(|p| alive.contains(&p))
            });
        }
        assert_eq!(record.to_move, alice, "the computer has answered before alice moves");
        let legal = store::replay::legal_moves(record.kind, Some(&record.settings), &record.code).expect("legal moves");
        let mv = legal[(rng.next() % legal.len() as u64) as usize].clone();
        let interaction = command(ALICE, "kuba", "move", &[Opt::Str("move", &mv)], Some(&thread));
        let (status, _) = signed_at(&next(&workers), &interaction);
        assert_eq!(status, 200);
        let ply = record.ply;
        eprintln!("round {round}: alice plays {mv} at ply {}", ply + 1);
        eventually("the computer's answer", Duration::from_secs(30), || {
            let now = store.load_game(game).expect("game");
            now.status == Status::Over || (now.ply > ply && now.to_move == alice)
        });
    }
    assert!(killed, "the game went on long enough to kill a worker");
    // Every message the service produced on its own reached the double exactly once.
    eventually("the outbox to drain", Duration::from_secs(30), || store.read(store::outbox_depth).expect("depth") == 0);
    let calls = double.settle(Duration::from_millis(800));
    let record = store.load_game(game).expect("game");
    let computer_moves = record.moves.iter().filter(|m| m.seat != alice).count();
    let said = format!("<@{BOT}> plays");
    let boards: Vec<String> =
        posted(&calls, &thread).iter().map(|c| c.content()).filter(|t| t.contains(&said)).collect();
    assert_eq!(boards.len(), computer_moves, "{boards:#?}");
    let mut unique = boards.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), boards.len(), "a computer move posted twice: {boards:#?}");
    let rows: i64 = {
        let mut client = crate::common::postgres::connect(&db.url);
        // The computer's moves, among everything else the outbox keeps (answers,
        // notices to people).
        client
            .query_one("SELECT COUNT(*) FROM outbox WHERE payload LIKE '%\"mover\":\"Computer\"%'", &[])
            .expect("count")
            .get(0)
    };
    assert_eq!(rows as usize, boards.len(), "each computer move is one post: {:?}", summary(&calls));

    // The workers count what they did.
    let (status, text) = get(&workers[0].addr, "/metrics");
    assert_eq!(status, 200);
    assert!(text.contains("boardbot_requests_total{outcome=\"answered\"}"), "{text}");
    assert!(text.contains("boardbot_outbox_depth 0"), "{text}");
    // People's moves (casual, no clock) went through the store's group commit.
    let grouped = text.lines().find_map(|l| l.strip_prefix("boardbot_store_grouped_writes_total "));
    assert!(grouped.and_then(|n| n.trim().parse::<u64>().ok()).is_some_and(|n| n > 0), "{text}");
}

#[test]
fn healthz_follows_the_database() {
    let Some(server) = private_server() else { return };
    let server: &'static _ = Box::leak(Box::new(server));
    let db = TestDatabase::create_on(server, "healthz").expect("a database");
    let double = Double::start();
    let dir = TempDir::new("healthz");
    let config = config_with_leases(&dir, 2);
    let worker = start_worker(&db.url, &double, &config);
    assert_eq!(get(&worker.addr, "/healthz"), (200, "ok\n".to_string()));
    let (status, metrics) = get(&worker.addr, "/metrics");
    assert_eq!(status, 200);
    assert!(metrics.contains("# TYPE boardbot_move_seconds histogram"), "{metrics}");
    assert!(metrics.contains("boardbot_moves_stored_total{by=\"person\"} 0"), "{metrics}");
    server.stop();
    eventually("/healthz to say 503", Duration::from_secs(20), || get(&worker.addr, "/healthz").0 == 503);
    // A request while the database is down gets its apology (deferred, then edited
    // in), and changes nothing.
    let began = Instant::now();
    let asked =
        answer_at(&worker.addr, &double, &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB)], None));
    assert!(asked.text.contains("Sorry, something went wrong on my side"), "{}", asked.text);
    eprintln!("the apology came {} ms after the request", began.elapsed().as_millis());
    server.start_again();
    eventually("/healthz to say 200 again", Duration::from_secs(30), || get(&worker.addr, "/healthz").0 == 200);
    // The same process serves requests again.
    let challenge =
        answer_at(&worker.addr, &double, &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB)], None));
    assert!(!challenge.private && challenge.text.contains(&format!("<@{BOB}>")), "{}", challenge.text);
}

/// The same interaction (its id and token) sent to two workers at once, as a load
/// balancer's retry does while the first still works on it, 60 times: each time one
/// move is stored, and whichever answer reaches Discord first shows the move's board
/// publicly (both answers are public; the board goes into a public message).
#[test]
fn the_same_interaction_at_two_workers_is_answered_publicly() {
    let Some(db) = TestDatabase::create("discord_twice") else { return };
    let double = Double::start_strict();
    let dir = TempDir::new("twice");
    let config = config_with_leases(&dir, 2);
    let workers: Vec<Worker> = (0..3).map(|_| start_worker(&db.url, &double, &config)).collect();
    let store = Store::open_database(&Database::parse(&db.url)).expect("the database");
    let mut rng = Rng(0x7157);
    let mut thread = String::new();
    let mut game = None;
    let mut challenges = 0;
    let mut slow = Duration::ZERO;
    for race in 0..60 {
        let record = game.map(|g| store.load_game(g).expect("the game"));
        if record.as_ref().is_none_or(|r: &GameRecord| r.status == Status::Over) {
            challenges += 1;
            answer_at(
                &workers[0].addr,
                &double,
                &command(ALICE, "kuba", "challenge", &[Opt::User("opponent", BOB), Opt::Str("first", "me")], None),
            );
            answer_at(&workers[1].addr, &double, &button(BOB, &format!("bb:accept:kuba:{challenges}"), None));
            let calls = double.wait_for("the first board", |calls| {
                calls.iter().any(|c| c.path.ends_with("/messages") && !c.path.contains(CHANNEL) && c.has_png())
            });
            thread = thread_of(&calls);
            let games = store.read(store::all_games).expect("games");
            game = games.last().copied();
        }
        let record = store.load_game(game.expect("a game")).expect("the game");
        let legal = store::replay::legal_moves(record.kind, Some(&record.settings), &record.code).expect("legal moves");
        let mv = legal[(rng.next() % legal.len() as u64) as usize].clone();
        let user = if seat_of(&store, &record, ALICE) == Some(record.to_move) { ALICE } else { BOB };
        let interaction = command(user, "kuba", "move", &[Opt::Str("move", &mv)], Some(&thread));
        let token = interaction["token"].as_str().expect("a token").to_string();
        double.clear();
        let (a, b) = (workers[race % 3].addr.clone(), workers[(race + 1) % 3].addr.clone());
        let (tx, rx) = std::sync::mpsc::channel();
        let began = Instant::now();
        for addr in [a, b] {
            let (tx, i) = (tx.clone(), interaction.clone());
            std::thread::spawn(move || {
                let answered = signed_at(&addr, &i);
                let _ = tx.send((answered, Instant::now()));
            });
        }
        let mut answers = Vec::new();
        for _ in 0..2 {
            let ((status, body), at) = rx.recv_timeout(Duration::from_secs(20)).expect("an answer");
            assert_eq!(status, 200, "{body}");
            let response: serde_json::Value = serde_json::from_str(&body).expect("a JSON response");
            // Discord takes the first answer to reach it.
            double.respond(&token, &response);
            answers.push(response);
            slow = slow.max(at - began);
        }
        for response in &answers {
            let flags = response["data"]["flags"].as_u64().unwrap_or(0);
            assert_eq!(flags & 64, 0, "race {race} ({mv}): an answer is private: {answers:#?}");
        }
        let calls = double.wait_for("the board", |calls| {
            calls.iter().any(|c| c.path.contains(&token) && c.method == "PATCH" && c.has_png() && !c.unknown_webhook)
        });
        let boards: Vec<&Call> =
            calls.iter().filter(|c| c.path.contains(&token) && c.has_png() && !c.unknown_webhook).collect();
        assert!(boards.iter().all(|c| !c.into_ephemeral), "race {race}: the board went into a private message");
        let now = store.load_game(record.id).expect("the game");
        assert_eq!(now.moves.len(), record.moves.len() + 1, "race {race}: one move stored");
    }
    eprintln!("60 races: the slower of two answers came within {slow:?}");
    assert!(slow < Duration::from_secs(3), "{slow:?}");
}
