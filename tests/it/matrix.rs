//! The Matrix adapter from outside: a throwaway Synapse on loopback
//! (`tests/it/common/synapse.rs`), the real `boardbot matrix` process, and players on
//! matrix-sdk clients of the test's own, with their own crypto stores, in an encrypted
//! room. The game played is the whole Kuba game of `tests/sessions/kuba_two_players.txt`.

// matrix-sdk's sync future is deep: proving it Send needs more than the default.

use crate::common::http_get;
use crate::common::synapse;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use matrix_sdk::config::SyncSettings;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::{Annotation, Thread};
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, Relation, RoomMessageEventContent,
};
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, UserId};
use matrix_sdk::{Client, Room};

const PASSWORD: &str = "a-long-test-password";
const WAIT: Duration = Duration::from_secs(60);

/// A message a player's client saw.
#[derive(Clone, Debug)]
struct Seen {
    event: OwnedEventId,
    room: OwnedRoomId,
    sender: OwnedUserId,
    body: String,
    image: Option<MediaSource>,
    /// An image's `info`: its MIME type, size in bytes, width and height.
    info: Option<(String, u64, u64, u64)>,
    thread: Option<OwnedEventId>,
    mentions: Vec<OwnedUserId>,
    notice: bool,
}

/// A person on a client of the test's own.
struct Player {
    client: Client,
    user: OwnedUserId,
    seen: Arc<Mutex<Vec<Seen>>>,
    _dir: TempDir,
}

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("boardbot-matrix-{name}-{}-{}", std::process::id(), nanos()));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn nanos() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)
}

impl Player {
    async fn login(base_url: &str, user: &str) -> Player {
        let dir = TempDir::new(user.trim_start_matches('@').split(':').next().unwrap_or("p"));
        let client =
            Client::builder().homeserver_url(base_url).sqlite_store(&dir.0, None).build().await.expect("a client");
        client.matrix_auth().login_username(user, PASSWORD).send().await.expect("login");
        client.sync_once(SyncSettings::default()).await.expect("first sync");
        let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
        let log = seen.clone();
        client.add_event_handler(move |ev: OriginalSyncRoomMessageEvent, room: Room| {
            let log = log.clone();
            async move {
                let (body, image, notice) = match &ev.content.msgtype {
                    MessageType::Text(t) => (t.body.clone(), None, false),
                    MessageType::Notice(t) => (t.body.clone(), None, true),
                    MessageType::Image(i) => (i.body.clone(), Some(i.source.clone()), false),
                    other => (other.body().to_string(), None, false),
                };
                let info = match &ev.content.msgtype {
                    MessageType::Image(i) => i.info.as_ref().map(|info| {
                        let n = |v: Option<matrix_sdk::ruma::UInt>| v.map_or(0, u64::from);
                        (info.mimetype.clone().unwrap_or_default(), n(info.size), n(info.width), n(info.height))
                    }),
                    _ => None,
                };
                let thread = match &ev.content.relates_to {
                    Some(Relation::Thread(t)) => Some(t.event_id.clone()),
                    _ => None,
                };
                let mentions =
                    ev.content.mentions.as_ref().map(|m| m.user_ids.iter().cloned().collect()).unwrap_or_default();
                log.lock().unwrap().push(Seen {
                    event: ev.event_id.clone(),
                    room: room.room_id().to_owned(),
                    sender: ev.sender.clone(),
                    body,
                    image,
                    info,
                    thread,
                    mentions,
                    notice,
                });
            }
        });
        let syncing = client.clone();
        tokio::spawn(async move {
            let _ = syncing.sync(SyncSettings::default().timeout(Duration::from_secs(5))).await;
        });
        let user = UserId::parse(user).expect("a user id");
        Player { client, user, seen, _dir: dir }
    }

    fn count(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// The first message from `from` on that passes `test`, waiting for it.
    async fn wait_for(&self, what: &str, from: usize, bot: &Bot, test: impl Fn(&Seen) -> bool) -> (usize, Seen) {
        let start = Instant::now();
        loop {
            {
                let seen = self.seen.lock().unwrap();
                if let Some((i, s)) = seen.iter().enumerate().skip(from).find(|(_, s)| test(s)) {
                    return (i, s.clone());
                }
            }
            if start.elapsed() > WAIT {
                let seen: Vec<String> =
                    self.seen.lock().unwrap().iter().skip(from).map(|s| format!("{}: {}", s.sender, s.body)).collect();
                panic!(
                    "{} waited {}s for {what}; seen since:\n{}\nthe bot's log:\n{}",
                    self.user,
                    WAIT.as_secs(),
                    seen.join("\n"),
                    bot.log_tail()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn room(&self, id: &OwnedRoomId) -> Room {
        self.client.get_room(id).expect("the room")
    }

    async fn say(&self, room: &OwnedRoomId, content: RoomMessageEventContent) -> OwnedEventId {
        self.room(room).send(content).await.expect("sent").response.event_id
    }

    /// A plain text message in a game's thread.
    async fn in_thread(&self, room: &OwnedRoomId, root: &OwnedEventId, text: &str) -> OwnedEventId {
        let mut content = RoomMessageEventContent::text_plain(text);
        content.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
        content.mentions = Some(Mentions::new());
        self.say(room, content).await
    }

    /// Downloads (and decrypts) an image.
    async fn download(&self, source: &MediaSource) -> Vec<u8> {
        let request = MediaRequestParameters { source: source.clone(), format: MediaFormat::File };
        self.client.media().get_media_content(&request, false).await.expect("the image downloads")
    }
}

/// The bot's process.
struct Bot {
    child: Option<Child>,
    config: PathBuf,
    log: PathBuf,
    runs: usize,
    /// Where it serves `/healthz` and `/metrics` (`--metrics`).
    metrics: String,
}

impl Bot {
    fn start(dir: &Path, base_url: &str, user: &str) -> Bot {
        let config = dir.join("boardbot.toml");
        std::fs::write(
            &config,
            format!(
                "[storage]\ndatabase = \"{}\"\n\n[chat]\nplatform = \"matrix\"\n\n[matrix]\nhomeserver = \"{base_url}\"\nuser = \"{user}\"\ndevice_name = \"boardbot test\"\n",
                dir.join("boardbot.sqlite").display()
            ),
        )
        .expect("the config");
        let metrics = format!("127.0.0.1:{}", crate::discord::free_port());
        let mut bot = Bot { child: None, config, log: dir.join("bot.log"), runs: 0, metrics };
        bot.spawn();
        bot
    }

    fn spawn(&mut self) {
        self.spawn_with(&[]);
    }

    /// Starts the bot with more variables in its environment.
    fn spawn_with(&mut self, env: &[(&str, &str)]) {
        self.runs += 1;
        let log = std::fs::OpenOptions::new().create(true).append(true).open(&self.log).expect("the log");
        let child = Command::new(env!("CARGO_BIN_EXE_boardbot"))
            .envs(env.iter().copied())
            .args(["matrix", "--metrics", &self.metrics, "--config"])
            .arg(&self.config)
            // The password comes from the environment, as it would in production.
            .env("BOARDBOT_MATRIX_PASSWORD", PASSWORD)
            .env("RUST_LOG", std::env::var("BOARDBOT_TEST_LOG").unwrap_or_else(|_| "boardbot=debug,warn".into()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("boardbot starts");
        self.child = Some(child);
    }

    /// Waits until the process ends on its own; whether it ended well.
    fn wait_for_exit(&mut self) -> bool {
        let child = self.child.as_mut().expect("the bot runs");
        let start = Instant::now();
        loop {
            if let Some(status) = child.try_wait().expect("the bot's status") {
                self.child = None;
                return status.success();
            }
            assert!(start.elapsed() < WAIT, "the bot did not end:\n{}", self.log_tail());
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// SIGKILL: nothing is flushed or closed on the way out.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(60)..].join("\n")
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The moves of the Kuba game in the terminal session fixture: (who, move).
fn kuba_game() -> Vec<(String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sessions/kuba_two_players.txt");
    let text = std::fs::read_to_string(path).expect("the session fixture");
    let mut who = String::new();
    let mut moves = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("> /as ") {
            who = name.trim().to_string();
        } else if let Some(m) = line.strip_prefix("> /kuba move ") {
            moves.push((who.clone(), m.trim().to_string()));
        }
    }
    moves
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime")
}

fn is_png(bytes: &[u8]) -> bool {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png).is_ok_and(|i| i.width() >= 64)
}

/// Everything a player does, from the invitation to the result, with a refusal and a
/// SIGKILL of the bot (and a move sent while it is down) in the middle.
#[test]
fn a_whole_kuba_game_in_an_encrypted_room() {
    let Some(server) = synapse::Synapse::start() else { return };
    let bot_id = server.register("boardbot", PASSWORD);
    let alice_id = server.register("alice", PASSWORD);
    let bob_id = server.register("bob", PASSWORD);
    let dir = TempDir::new("bot");
    let mut bot = Bot::start(&dir.0, &server.base_url(), &bot_id);
    let moves = kuba_game();
    assert!(moves.len() > 60, "the fixture holds a whole game");

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let bob = Player::login(&server.base_url(), &bob_id).await;

        // An encrypted room, as Element makes them; the bot joins on its invitation.
        let mut request = CreateRoom::new();
        request.name = Some("Board games".into());
        let room = alice.client.create_room(request).await.expect("a room");
        room.enable_encryption().await.expect("encryption on");
        room.invite_user_by_id(&bob.user).await.expect("bob invited");
        room.invite_user_by_id(UserId::parse(&bot_id).unwrap().as_ref()).await.expect("the bot invited");
        let room_id = room.room_id().to_owned();
        join_when_invited(&bob, &room_id).await;
        let bot_user = UserId::parse(&bot_id).unwrap();
        wait_joined(&room, &bot_user, &bot).await;
        assert!(room.latest_encryption_state().await.unwrap().is_encrypted());

        // A malformed command is answered, in words.
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!kuba chalenge")).await;
        alice
            .wait_for("an answer to a malformed command", from, &bot, |s| {
                s.sender == bot_user && s.body.contains("chalenge")
            })
            .await;

        // The challenge, with bob as a pill (HTML) and in m.mentions.
        let from = alice.count();
        let mut challenge = RoomMessageEventContent::text_html(
            "!kuba challenge bob first:me rated:yes",
            format!("!kuba challenge <a href=\"https://matrix.to/#/{bob_id}\">bob</a> first:me rated:yes"),
        );
        challenge.mentions = Some(Mentions::with_user_ids([bob.user.clone()]));
        alice.say(&room_id, challenge).await;
        let (_, offer) =
            bob.wait_for("the challenge", 0, &bot, |s| s.sender == bot_user && s.body.contains("challenges")).await;
        assert!(offer.body.contains("React ✅"), "{}", offer.body);
        assert!(offer.notice && offer.room == room_id, "the bot's words are notices in the room: {offer:?}");
        assert!(offer.mentions.contains(&bob.user), "bob is mentioned: {offer:?}");
        assert!(offer.body.contains("!kuba accept"), "hints use !: {}", offer.body);

        // Bob accepts with ✅ and the emoji presentation selector.
        bob.room(&room_id)
            .send(ReactionEventContent::new(Annotation::new(offer.event.clone(), "✅\u{fe0f}".into())))
            .await
            .expect("a reaction");
        let (_, first_board) =
            alice.wait_for("the first board", from, &bot, |s| s.sender == bot_user && s.image.is_some()).await;
        let root = first_board.thread.clone().expect("the board is in a thread");
        assert!(first_board.mentions.contains(&alice.user), "the player to move is mentioned: {first_board:?}");
        assert!(is_png(&alice.download(first_board.image.as_ref().unwrap()).await), "the first board is a PNG");
        let (_, announcement) = alice.wait_for("the announcement", from, &bot, |s| s.event == root).await;
        assert!(announcement.body.contains("begins"), "the thread hangs under the announcement: {}", announcement.body);

        let players: HashMap<&str, &Player> = [("alice", &alice), ("bob", &bob)].into_iter().collect();
        for (i, (who, mv)) in moves.iter().enumerate() {
            let player = players[who.as_str()];
            let other = if who == "alice" { &bob } else { &alice };
            if i == 10 {
                // Not your turn: answered in the thread, and nothing changes.
                let from = other.count();
                other.in_thread(&room_id, &root, mv).await;
                let (_, refusal) = other
                    .wait_for("a refusal", from, &bot, |s| s.sender == bot_user && s.body.contains("not your turn"))
                    .await;
                assert_eq!(refusal.thread.as_ref(), Some(&root), "the refusal is in the thread");
            }
            if i == 30 {
                // SIGKILL the bot, play a move while it is down, and start it again.
                bot.kill();
                let from = player.count();
                player.in_thread(&room_id, &root, mv).await;
                bot.spawn();
                let (_, board) = player
                    .wait_for(&format!("the board after {mv}, played while the bot was down"), from, &bot, |s| {
                        s.sender == bot_user && s.image.is_some() && s.body.contains(&format!("plays {mv}"))
                    })
                    .await;
                assert_eq!(board.thread.as_ref(), Some(&root));
                continue;
            }
            let from = player.count();
            if i % 2 == 0 {
                player.in_thread(&room_id, &root, mv).await;
            } else {
                player.in_thread(&room_id, &root, &format!("!kuba move {mv}")).await;
            }
            let (_, board) = player
                .wait_for(&format!("the board after move {i} ({who} {mv})"), from, &bot, |s| {
                    s.sender == bot_user && s.image.is_some() && s.body.contains(&format!("plays {mv}"))
                })
                .await;
            assert_eq!(board.thread.as_ref(), Some(&root), "boards stay in the game's thread");
            assert!(is_png(&player.download(board.image.as_ref().unwrap()).await), "board {i} is a PNG");
            if let Some((next, _)) = moves.get(i + 1) {
                if next != who {
                    assert!(board.mentions.contains(&players[next.as_str()].user), "{next} is mentioned: {board:?}");
                }
            } else {
                assert!(board.body.contains("@alice wins"), "the result: {}", board.body);
            }
        }
        assert_eq!(bot.runs, 2);
    });
    // `--metrics` serves the health check and the counters of this run (the restarted
    // bot stored the moves after the kill).
    assert_eq!(http_get(&bot.metrics, "/healthz"), (200, "ok\n".to_string()));
    let (status, metrics) = http_get(&bot.metrics, "/metrics");
    assert_eq!(status, 200);
    let stored: f64 = metrics
        .lines()
        .find_map(|l| l.strip_prefix("boardbot_moves_stored_total{by=\"person\"} "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no count of people's moves stored:\n{metrics}"));
    assert!(stored >= 20.0, "{stored} moves stored since the restart:\n{metrics}");
    assert!(metrics.contains("boardbot_outbox_depth"), "{metrics}");
    drop(bot);
    drop(server);
}

/// A homeserver with the bot's account, and the bot running on it.
struct World {
    server: synapse::Synapse,
    dir: TempDir,
    bot: Bot,
    bot_id: String,
    bot_user: OwnedUserId,
}

impl World {
    /// Registers the bot on `server` and starts it with its files in a folder `name`.
    fn new(server: synapse::Synapse, name: &str) -> World {
        let bot_id = server.register("boardbot", PASSWORD);
        let dir = TempDir::new(name);
        let bot = Bot::start(&dir.0, &server.base_url(), &bot_id);
        let bot_user = UserId::parse(&bot_id).expect("the bot's id");
        World { server, dir, bot, bot_id, bot_user }
    }
}

/// A new (unencrypted) room of `player`'s, once the bot has joined it on invitation.
async fn room_with_bot(player: &Player, bot_user: &UserId, bot: &Bot) -> (Room, OwnedRoomId) {
    let room = player.client.create_room(CreateRoom::new()).await.expect("a room");
    room.invite_user_by_id(bot_user).await.expect("the bot invited");
    wait_joined(&room, bot_user, bot).await;
    let id = room.room_id().to_owned();
    (room, id)
}

/// Waits until `user` is a joined member of `room` (as `room`'s client sees it).
async fn wait_joined(room: &Room, user: &UserId, bot: &Bot) {
    let start = Instant::now();
    loop {
        let _ = room.sync_members().await;
        let joined = room
            .get_member(user)
            .await
            .ok()
            .flatten()
            .is_some_and(|m| *m.membership() == matrix_sdk::ruma::events::room::member::MembershipState::Join);
        if joined {
            return;
        }
        assert!(start.elapsed() < WAIT, "{user} never joined {}:\n{}", room.room_id(), bot.log_tail());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn join_when_invited(player: &Player, room: &OwnedRoomId) {
    let start = Instant::now();
    loop {
        if let Some(r) = player.client.get_room(room) {
            if r.state() == matrix_sdk::RoomState::Invited {
                let _ = r.join().await;
            }
            if r.state() == matrix_sdk::RoomState::Joined {
                return;
            }
        }
        assert!(start.elapsed() < WAIT, "{} never got into {room}", player.user);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A plain room made by `alice`, with `bob` and the bot joined.
async fn plain_room(alice: &Player, bob: &Player, bot_user: &UserId, bot: &Bot) -> OwnedRoomId {
    let room = alice.client.create_room(CreateRoom::new()).await.expect("a room");
    room.invite_user_by_id(&bob.user).await.expect("bob invited");
    room.invite_user_by_id(bot_user).await.expect("the bot invited");
    let room_id = room.room_id().to_owned();
    join_when_invited(bob, &room_id).await;
    wait_joined(&room, bot_user, bot).await;
    room_id
}

/// What people get wrong, in a plain (unencrypted) room: each gets a clear answer where
/// one can be posted and a log line where it cannot, and the bot carries on.
#[test]
fn bad_input_gets_clear_answers() {
    let Some(server) = synapse::Synapse::start() else { return };
    let World { server, dir: _dir, bot, bot_id: _, bot_user } = World::new(server, "bot-bad");
    let alice_id = server.register("alice", PASSWORD);
    let bob_id = server.register("bob", PASSWORD);

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let bob = Player::login(&server.base_url(), &bob_id).await;
        let room_id = plain_room(&alice, &bob, &bot_user, &bot).await;
        let from_bot = |s: &Seen| s.sender == bot_user;

        // Someone who is not in the room, typed as a user id.
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!kuba challenge @nobody:localhost")).await;
        let (_, answer) = alice
            .wait_for("an answer about an unknown user", from, &bot, |s| from_bot(s) && s.body.contains("nobody"))
            .await;
        assert_eq!(answer.body, "I do not know @nobody:localhost: they are not in this room (invite them first).");

        // An unknown option and an unknown subcommand.
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!kuba challenge @bob:localhost colour:red")).await;
        alice.wait_for("an answer about an option", from, &bot, |s| from_bot(s) && s.body.contains("colour")).await;
        // Other bots' commands are theirs: no answer (the help below comes first).
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!weather tomorrow")).await;
        alice.say(&room_id, RoomMessageEventContent::text_plain("!kuba help")).await;
        let (_, help) = alice.wait_for("the help", from, &bot, from_bot).await;
        assert!(help.body.contains("!kuba challenge"), "the help lists the commands: {}", help.body);

        // A move in a thread that belongs to no game.
        let from = alice.count();
        let loose = alice.say(&room_id, RoomMessageEventContent::text_plain("a thread about nothing")).await;
        alice.in_thread(&room_id, &loose, "!kuba move d2-N").await;
        let (_, answer) = alice.wait_for("an answer to a move outside any game", from, &bot, from_bot).await;
        assert!(answer.body.contains("no Kuba game"), "{}", answer.body);
        assert_eq!(answer.thread.as_ref(), Some(&loose), "answered where it was asked");

        // A challenge accepted by command, a game resigned, then a ✅ on the finished
        // game's challenge.
        let from = alice.count();
        // Bob named in the body by name and in m.mentions only, as clients without HTML do.
        let mut challenge = RoomMessageEventContent::text_plain("!kuba challenge bob");
        challenge.mentions = Some(Mentions::with_user_ids([bob.user.clone()]));
        alice.say(&room_id, challenge).await;
        let (_, offer) = bob.wait_for("the challenge", 0, &bot, |s| from_bot(s) && s.body.contains("challenges")).await;
        bob.say(&room_id, RoomMessageEventContent::text_plain("!kuba accept")).await;
        let (_, board) = alice.wait_for("the first board", from, &bot, |s| from_bot(s) && s.image.is_some()).await;
        assert!(is_png(&alice.download(board.image.as_ref().unwrap()).await), "an unencrypted board is a PNG too");
        let root = board.thread.clone().expect("a thread");
        let from = alice.count();
        alice.in_thread(&room_id, &root, "!kuba resign").await;
        alice.wait_for("the resignation", from, &bot, |s| from_bot(s) && s.body.contains("resign")).await;
        let from = bob.count();
        bob.room(&room_id)
            .send(ReactionEventContent::new(Annotation::new(offer.event.clone(), "✅".into())))
            .await
            .expect("a reaction");
        let (_, answer) = bob
            .wait_for("an answer to a stale ✅", from, &bot, |s| from_bot(s) && s.body.contains("no longer open"))
            .await;
        assert!(answer.body.contains("Challenge"), "{}", answer.body);

        // A room where only moderators may speak: the bot joins, cannot answer, logs it.
        let mut request = CreateRoom::new();
        request.power_level_content_override = Some(
            // In room version 12 the creator outranks everyone without being listed.
            matrix_sdk::ruma::serde::Raw::from_json_string(r#"{"events_default": 50}"#.to_string()).unwrap(),
        );
        let muted = alice.client.create_room(request).await.expect("a muted room");
        muted.invite_user_by_id(&bot_user).await.expect("the bot invited");
        wait_joined(&muted, &bot_user, &bot).await;
        muted.send(RoomMessageEventContent::text_plain("!kuba help")).await.expect("sent");
        let start = Instant::now();
        while !std::fs::read_to_string(&bot.log)
            .unwrap_or_default()
            .contains(&format!("cannot post in {}", muted.room_id()))
        {
            assert!(start.elapsed() < WAIT, "no log line about the muted room:\n{}", bot.log_tail());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // And it carries on elsewhere.
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!boardbot games")).await;
        alice.wait_for("an answer after the muted room", from, &bot, from_bot).await;
    });
    let log = std::fs::read_to_string(&bot.log).unwrap_or_default();
    assert!(!log.contains("panicked"), "the bot panicked:\n{log}");
    assert!(!log.contains(PASSWORD), "the password is in the log");
    drop(bot);
    drop(server);
}

/// A game against the computer, which moves first: its move comes from the outbox and
/// lands in the same thread as the opening board, under the announcement.
#[test]
fn the_computer_plays_in_the_games_thread() {
    let Some(server) = synapse::Synapse::start() else { return };
    let World { server, dir: _dir, mut bot, bot_id, bot_user } = World::new(server, "bot-computer");
    let alice_id = server.register("alice", PASSWORD);
    // With web pages (served elsewhere), each game message gives the game's page.
    bot.kill();
    let mut config = std::fs::read_to_string(&bot.config).expect("the config");
    config.push_str("\n[web]\npublic_url = \"https://boards.example.org\"\n");
    std::fs::write(&bot.config, config).expect("the config");
    bot.spawn();

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let (_, room_id) = room_with_bot(&alice, &bot_user, &bot).await;
        let from = alice.count();
        // The bot's user id typed as text.
        let challenge =
            RoomMessageEventContent::text_plain(format!("!kuba challenge {bot_id} first:them level:random"));
        alice.say(&room_id, challenge).await;
        let (at, first) =
            alice.wait_for("the first board", from, &bot, |s| s.sender == bot_user && s.image.is_some()).await;
        let root = first.thread.clone().expect("a thread");
        // In order: the announcement the thread hangs under, the opening board, then
        // the computer's move (made meanwhile, in a transaction of its own).
        assert!(!first.body.contains("boardbot plays"), "the opening board comes first: {first:?}");
        let (announced_at, announcement) = alice.wait_for("the announcement", from, &bot, |s| s.event == root).await;
        assert!(announcement.body.contains("begins"), "{}", announcement.body);
        assert!(announced_at < at, "the announcement comes before the first board");
        let (_, reply) = alice
            .wait_for("the computer's move", at + 1, &bot, |s| {
                s.sender == bot_user && s.body.contains("boardbot plays")
            })
            .await;
        assert_eq!(reply.thread.as_ref(), Some(&root), "the computer's move is in the game's thread: {reply:?}");
        assert!(reply.mentions.contains(&alice.user), "alice is told it is her turn: {reply:?}");
        for said in [&first, &reply] {
            assert!(said.body.contains("On the web: https://boards.example.org/g/"), "the game's page: {said:?}");
        }
        let threads: Vec<OwnedEventId> = alice
            .seen
            .lock()
            .unwrap()
            .iter()
            .filter(|s| s.sender == bot_user)
            .filter_map(|s| s.thread.clone())
            .collect();
        assert!(threads.iter().all(|t| *t == root), "one thread for the game: {threads:?}");
    });
    drop(bot);
    drop(server);
}

/// Killed after the homeserver took the computer's move but before the bot recorded it
/// delivered, the bot sends it again on restart with the transaction id stored with
/// the message: Synapse drops the repeat, and the room holds the move once.
#[test]
fn a_message_sent_again_after_a_crash_is_not_posted_twice() {
    let Some(server) = synapse::Synapse::start() else { return };
    let World { server, dir, mut bot, bot_id, bot_user } = World::new(server, "bot-once");
    let alice_id = server.register("alice", PASSWORD);

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let (_, room_id) = room_with_bot(&alice, &bot_user, &bot).await;
        let from = alice.count();
        let challenge =
            RoomMessageEventContent::text_plain(format!("!kuba challenge {bot_id} first:them level:random"));
        alice.say(&room_id, challenge).await;
        let is_move = |s: &Seen| s.sender == bot_user && s.body.contains("boardbot plays");
        let (at, first) = alice.wait_for("the computer's move", from, &bot, is_move).await;
        // The crash: SIGKILL, and the message not recorded as delivered (its claim run
        // out), as when the kill falls between the homeserver's answer and the write.
        bot.kill();
        let db = rusqlite::Connection::open(dir.0.join("boardbot.sqlite")).expect("the database");
        let reopened = db
            .execute("UPDATE outbox SET delivered_at = NULL, claimed_until = NULL WHERE platform = 'matrix'", [])
            .expect("undo the delivery");
        assert!(reopened >= 1);
        drop(db);
        bot.spawn();
        // The bot sends it again and records it delivered …
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            let db = rusqlite::Connection::open(dir.0.join("boardbot.sqlite")).expect("the database");
            let waiting: i64 = db
                .query_row("SELECT count(*) FROM outbox WHERE platform = 'matrix' AND delivered_at IS NULL", [], |r| {
                    r.get(0)
                })
                .expect("count");
            if waiting == 0 {
                break;
            }
            assert!(Instant::now() < until, "the bot never sent it again:\n{}", bot.log_tail());
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        // … and the homeserver kept the first: a message from alice after it comes
        // through with no second move before it.
        alice.say(&room_id, RoomMessageEventContent::text_plain("!kuba rules")).await;
        let _ = alice.wait_for("the rules", at + 1, &bot, |s| s.sender == bot_user && s.body.contains("Kuba")).await;
        let seen = alice.seen.lock().unwrap().clone();
        let moves: Vec<&Seen> = seen.iter().filter(|s| is_move(s)).collect();
        assert_eq!(moves.len(), 1, "posted once: {moves:?}");
        assert_eq!(moves[0].event, first.event);
    });
    drop(bot);
    drop(server);
}

/// A homeserver that allows one message every two seconds (after a burst of two): the
/// bot is refused with 429, waits as told, and every answer arrives, in order.
#[test]
fn rate_limits_slow_the_bot_down_but_lose_nothing() {
    let limited = serde_json::json!({"rc_message": {"per_second": 0.5, "burst_count": 2}});
    let Some(server) = synapse::Synapse::start_with(limited) else { return };
    let World { server, dir: _dir, bot, bot_id: _, bot_user } = World::new(server, "bot-limited");
    let alice_id = server.register("alice", PASSWORD);
    // Alice is not limited, so her questions come faster than the bot may answer.
    let admin = server.register_admin("admin", PASSWORD);
    let token = server.login(&admin, PASSWORD);
    let path = format!("/_synapse/admin/v1/users/{alice_id}/override_ratelimit");
    let (status, _) = server.http(
        "POST",
        &path,
        Some(&token),
        Some(&serde_json::json!({"messages_per_second": 0, "burst_count": 0})),
    );
    assert_eq!(status, 200, "alice's rate limit lifted");

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let (_, room_id) = room_with_bot(&alice, &bot_user, &bot).await;
        let from = alice.count();
        let asks = ["!kuba rules", "!kewbz rules", "!cabale rules", "!nuba rules"];
        for ask in asks {
            alice.say(&room_id, RoomMessageEventContent::text_plain(ask)).await;
        }
        let mut at = from;
        for game in ["Kuba", "Kewbz", "Cabale", "Nuba"] {
            let (i, _) = alice
                .wait_for(&format!("the rules of {game}"), at, &bot, |s| s.sender == bot_user && s.body.contains(game))
                .await;
            at = i + 1;
        }
    });
    let homeserver_log = std::fs::read_to_string(server.dir().join("homeserver.log")).unwrap_or_default();
    assert!(
        homeserver_log.lines().any(|l| l.contains("@boardbot:localhost") && l.contains(" 429 ")),
        "the bot was never refused with 429: the test proves nothing"
    );
    let log = std::fs::read_to_string(&bot.log).unwrap_or_default();
    assert!(!log.contains("cannot post"), "a message was lost:\n{log}");
    drop(bot);
    drop(server);
}

/// Synapse with its rate limits as shipped (a sender: a burst of 10 messages, then one
/// every 5 s), two rooms, and alice asking faster than that in both: every answer
/// arrives once, in order in each room; each time the bot is refused it holds its
/// messages in every room for the `retry_after_ms` given: Synapse's log shows no send
/// of the bot's inside a hold (the waits read from the bot's log).
#[test]
fn at_synapses_default_limits_the_bot_waits_as_told_in_every_room() {
    let Some(server) = synapse::Synapse::start_with_default_limits() else { return };
    let World { server, dir: _dir, bot, bot_id: _, bot_user } = World::new(server, "bot-defaults");
    let alice_id = server.register("alice", PASSWORD);
    // Alice is not limited, so her questions come faster than the bot may answer.
    let admin = server.register_admin("admin", PASSWORD);
    let token = server.login(&admin, PASSWORD);
    let path = format!("/_synapse/admin/v1/users/{alice_id}/override_ratelimit");
    let lifted = serde_json::json!({"messages_per_second": 0, "burst_count": 0});
    let (status, _) = server.http("POST", &path, Some(&token), Some(&lifted));
    assert_eq!(status, 200, "alice's rate limit lifted");
    let games = ["Kuba", "Kewbz", "Cabale", "Nuba"];
    let asked = 8;
    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let (_, a) = room_with_bot(&alice, &bot_user, &bot).await;
        let (_, b) = room_with_bot(&alice, &bot_user, &bot).await;
        let from = alice.count();
        for i in 0..asked {
            for room in [&a, &b] {
                let ask = format!("!{} rules", games[i % 4].to_lowercase());
                alice.say(room, RoomMessageEventContent::text_plain(ask)).await;
            }
        }
        for room in [&a, &b] {
            let mut at = from;
            for i in 0..asked {
                let game = games[i % 4];
                let (j, _) = alice
                    .wait_for(&format!("the rules of {game}"), at, &bot, |s| {
                        s.sender == bot_user && s.room == *room && s.body.contains(game)
                    })
                    .await;
                at = j + 1;
            }
        }
        let seen = alice.seen.lock().unwrap().clone();
        let answers = seen.iter().filter(|s| s.sender == bot_user && s.body.contains("rules")).count();
        assert!(answers <= 2 * asked, "an answer came twice: {answers}");
    });
    // The bot's sends as Synapse logged them (when each was answered), and its
    // refusals; the waits the refusals gave, as the bot logged them, in order.
    let homeserver_log = std::fs::read_to_string(server.dir().join("homeserver.log")).unwrap_or_default();
    let sends: Vec<(f64, bool)> = homeserver_log
        .lines()
        .filter(|l| l.contains("{@boardbot:localhost} Processed request") && l.contains("/send/"))
        .filter_map(|l| Some((seconds_of_day(l)?, l.contains(" 429 "))))
        .collect();
    let log = std::fs::read_to_string(&bot.log).unwrap_or_default();
    assert!(!log.contains("cannot post"), "a message was lost:\n{log}");
    let waits: Vec<Duration> = log
        .lines()
        .filter_map(|l| l.split("rate limited in ").nth(1)?.split(": waiting ").nth(1).and_then(debug_duration))
        .collect();
    let refusals: Vec<f64> = sends.iter().filter(|(_, refused)| *refused).map(|(t, _)| *t).collect();
    eprintln!("the bot was refused {} times for {} answers: waits {waits:?}", refusals.len(), 2 * asked);
    assert!(!refusals.is_empty(), "the bot was never refused with 429: the test proves nothing");
    assert_eq!(refusals.len(), waits.len(), "each refusal seen by the bot");
    for (at, wait) in refusals.iter().zip(&waits) {
        // Sends already on their way when the refusal came are not into the hold.
        let (from, until) = (at + 0.3, at + wait.as_secs_f64() - 0.2);
        let into: Vec<f64> = sends.iter().map(|(t, _)| *t).filter(|t| *t > from && *t < until).collect();
        assert!(into.is_empty(), "sent at {into:?}, inside the hold from {at} for {wait:?}");
    }
    drop(bot);
    drop(server);
}

/// The time of day, in seconds, of a line of Synapse's log (`2026-11-29 09:45:03,822 - …`).
fn seconds_of_day(line: &str) -> Option<f64> {
    let time = line.split_whitespace().nth(1)?;
    let (hms, ms) = time.split_once(',')?;
    let mut parts = hms.split(':').map(|p| p.parse::<f64>().ok());
    let (h, m, s) = (parts.next()??, parts.next()??, parts.next()??);
    Some(h * 3600.0 + m * 60.0 + s + ms.parse::<f64>().ok()? / 1000.0)
}

/// A duration as Rust's `Debug` writes it (`2s`, `4.2s`, `850ms`, `12.5µs`).
fn debug_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| !(c.is_ascii_digit() || c == '.')) {
        Some(i) => text.split_at(i),
        None => return None,
    };
    let n: f64 = number.parse().ok()?;
    let secs = match unit.trim() {
        "s" => n,
        "ms" => n / 1e3,
        "µs" => n / 1e6,
        "ns" => n / 1e9,
        _ => return None,
    };
    Some(Duration::from_secs_f64(secs))
}

/// An admin logs the bot's device out: the bot notices, logs in again as a new device
/// (keeping the old store aside) and answers again, without a restart.
#[test]
fn a_bot_logged_out_logs_in_again() {
    let Some(server) = synapse::Synapse::start() else { return };
    let World { server, dir, bot, bot_id, bot_user } = World::new(server, "bot-logout");
    let alice_id = server.register("alice", PASSWORD);
    let admin = server.register_admin("admin", PASSWORD);
    let token = server.login(&admin, PASSWORD);
    let session = dir.0.join("boardbot.matrix/session.json");

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let (_, room_id) = room_with_bot(&alice, &bot_user, &bot).await;
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!boardbot games")).await;
        alice.wait_for("an answer", from, &bot, |s| s.sender == bot_user).await;

        let saved: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&session).expect("the session is saved")).unwrap();
        let device = device_of(&saved).expect("a device id");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&session).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "the access token is readable by the bot's user only");
        }
        let (status, _) =
            server.http("DELETE", &format!("/_synapse/admin/v2/users/{bot_id}/devices/{device}"), Some(&token), None);
        assert_eq!(status, 200, "the device is deleted");

        let start = Instant::now();
        loop {
            let now: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&session).unwrap_or_default()).unwrap_or_default();
            if device_of(&now).is_some_and(|d| d != device) {
                break;
            }
            assert!(start.elapsed() < WAIT, "the bot never logged in again:\n{}", bot.log_tail());
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!kuba help")).await;
        alice.wait_for("an answer from the new device", from, &bot, |s| s.sender == bot_user).await;
    });
    let log = std::fs::read_to_string(&bot.log).unwrap_or_default();
    assert!(log.contains("logging in as a new device"), "the log says what happened:\n{log}");
    assert!(!log.contains(PASSWORD), "the password is in the log");
    drop(bot);
    drop(server);
}

/// The device of a saved session (matrix-sdk flattens the session's fields).
fn device_of(session: &serde_json::Value) -> Option<String> {
    session["device_id"].as_str().or(session["meta"]["device_id"].as_str()).map(str::to_string)
}

/// `!kuba replay` posts the game as an animated GIF whose `info` says so (MIME type,
/// size, width and height), within the homeserver's upload limit (`m.upload.size`):
/// here a limit below the whole replay's size, so it comes drawn smaller and says so.
#[test]
fn a_replay_is_a_gif_within_the_homeservers_upload_limit() {
    // Boards at 512 px (about 23 kB) fit; the replay of eight moves (about 110 kB) does not.
    let limit: u64 = 70_000;
    let Some(server) = synapse::Synapse::start_with(serde_json::json!({ "max_upload_size": limit })) else { return };
    let World { server, dir: _dir, bot, bot_id: _, bot_user } = World::new(server, "bot-replay");
    let alice_id = server.register("alice", PASSWORD);
    let bob_id = server.register("bob", PASSWORD);
    let moves = kuba_game();
    let moves = &moves[..8];

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let bob = Player::login(&server.base_url(), &bob_id).await;
        let room_id = plain_room(&alice, &bob, &bot_user, &bot).await;
        let from_bot = |s: &Seen| s.sender == bot_user;

        let from = alice.count();
        let mut challenge = RoomMessageEventContent::text_plain("!kuba challenge bob first:me");
        challenge.mentions = Some(Mentions::with_user_ids([bob.user.clone()]));
        alice.say(&room_id, challenge).await;
        bob.wait_for("the challenge", 0, &bot, |s| from_bot(s) && s.body.contains("challenges")).await;
        bob.say(&room_id, RoomMessageEventContent::text_plain("!kuba accept")).await;
        let (_, board) = alice.wait_for("the first board", from, &bot, |s| from_bot(s) && s.image.is_some()).await;
        let board_info = board.info.clone().expect("the board's info");
        assert_eq!(board_info.0, "image/png");
        let root = board.thread.clone().expect("a thread");
        let players: HashMap<&str, &Player> = [("alice", &alice), ("bob", &bob)].into_iter().collect();
        for (who, mv) in moves {
            let player = players[who.as_str()];
            let from = player.count();
            player.in_thread(&room_id, &root, mv).await;
            player
                .wait_for(&format!("the board after {mv}"), from, &bot, |s| {
                    from_bot(s) && s.image.is_some() && s.body.contains(&format!("plays {mv}"))
                })
                .await;
        }

        let from = alice.count();
        alice.in_thread(&room_id, &root, "!kuba replay speed:fast").await;
        let (_, replay) =
            alice.wait_for("the replay", from, &bot, |s| from_bot(s) && s.body.starts_with("Replay of")).await;
        assert!(replay.body.contains("8 moves so far"), "{}", replay.body);
        assert!(replay.body.contains("to fit the upload limit"), "the replay says it was fitted: {}", replay.body);
        let (mime, size, width, height) = replay.info.clone().expect("the replay's info");
        assert_eq!(mime, "image/gif");
        let gif = alice.download(replay.image.as_ref().expect("an image")).await;
        assert_eq!(size, gif.len() as u64, "the size field is the file's");
        assert!(size <= limit, "{size} > {limit}");
        assert_eq!(&gif[..6], b"GIF89a");
        assert_eq!(width, u64::from(u16::from_le_bytes([gif[6], gif[7]])));
        assert_eq!(height, u64::from(u16::from_le_bytes([gif[8], gif[9]])));
        assert!(width < 512, "drawn smaller: {width}");
        use image::AnimationDecoder;
        let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).expect("a GIF");
        assert!(decoder.into_frames().collect_frames().expect("every frame decodes").len() >= 2);
    });
    let log = std::fs::read_to_string(&bot.log).unwrap_or_default();
    assert!(!log.contains("panicked"), "the bot panicked:\n{log}");
    drop(bot);
    drop(server);
}

/// `!boardbot language nl`: the person reads Dutch from then on; the room's language
/// is for those whose power level lets them rename the room.
#[test]
fn each_person_and_each_room_reads_its_language() {
    let Some(server) = synapse::Synapse::start() else { return };
    let World { server, dir: _dir, bot, bot_id: _, bot_user } = World::new(server, "bot-languages");
    let alice_id = server.register("alice", PASSWORD);
    let bob_id = server.register("bob", PASSWORD);

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let bob = Player::login(&server.base_url(), &bob_id).await;
        let room_id = plain_room(&alice, &bob, &bot_user, &bot).await;
        let from_bot = |s: &Seen| s.sender == bot_user;

        // Bob chooses Dutch: the answer and what follows are Dutch.
        let from = bob.count();
        bob.say(&room_id, RoomMessageEventContent::text_plain("!boardbot language nl")).await;
        let (_, set) = bob.wait_for("the choice", from, &bot, from_bot).await;
        assert_eq!(set.body, "Vanaf nu antwoord ik je in het Nederlands.");
        let from = bob.count();
        bob.say(&room_id, RoomMessageEventContent::text_plain("!boardbot games")).await;
        let (_, games) = bob.wait_for("bob's games", from, &bot, from_bot).await;
        assert!(games.body.starts_with("Je hebt geen lopende partij."), "{}", games.body);

        // Bob may not choose the room's language (he cannot rename the room).
        let from = bob.count();
        bob.say(&room_id, RoomMessageEventContent::text_plain("!boardbot language fr scope:room")).await;
        let (_, refused) = bob.wait_for("a refusal", from, &bot, from_bot).await;
        assert!(refused.body.starts_with("Alleen wie de instellingen"), "{}", refused.body);

        // Alice, who made the room, may: the room is German for those who chose nothing.
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!boardbot language de scope:room")).await;
        // Bob's refusal may reach Alice's client after she counted: skip it.
        let seen = [refused.event.clone()];
        let fresh = |s: &Seen| from_bot(s) && !seen.contains(&s.event);
        let (_, set) = alice.wait_for("the room's language", from, &bot, fresh).await;
        assert_eq!(set.body, "Hier schreibe ich ab jetzt auf Deutsch.");
        let from = alice.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!boardbot games")).await;
        let seen = [refused.event.clone(), set.event.clone()];
        let fresh = |s: &Seen| from_bot(s) && !seen.contains(&s.event);
        let (_, games) = alice.wait_for("alice's games", from, &bot, fresh).await;
        assert!(games.body.starts_with("Du hast keine laufende Partie."), "{}", games.body);
        // Bob's own choice still holds for what answers him.
        let from = bob.count();
        bob.say(&room_id, RoomMessageEventContent::text_plain("!boardbot games")).await;
        let seen = [refused.event.clone(), set.event.clone(), games.event.clone()];
        let fresh = |s: &Seen| from_bot(s) && !seen.contains(&s.event);
        let (_, games) = bob.wait_for("bob's games again", from, &bot, fresh).await;
        assert!(games.body.starts_with("Je hebt geen lopende partij."), "{}", games.body);
    });
    let log = std::fs::read_to_string(&bot.log).unwrap_or_default();
    assert!(!log.contains("panicked"), "the bot panicked:\n{log}");
    drop(bot);
    drop(server);
}

/// The bot dies (aborts) right after alice's move commits, before anything about it is
/// posted: started again on the same database, it posts the move's board, mentioning
/// bob, once, in the game's thread. The answer is sent twice after the restart (by the
/// sync that brings alice's message again, and by the outbox that a gone process's
/// claim was taken from) with the same transaction id: the homeserver keeps one.
#[test]
fn a_kill_after_a_moves_commit_loses_nothing_and_posts_nothing_twice() {
    let Some(server) = synapse::Synapse::start() else { return };
    let World { server, dir, mut bot, bot_id: _, bot_user } = World::new(server, "bot-failpoint");
    let alice_id = server.register("alice", PASSWORD);
    let bob_id = server.register("bob", PASSWORD);

    runtime().block_on(async {
        let alice = Player::login(&server.base_url(), &alice_id).await;
        let bob = Player::login(&server.base_url(), &bob_id).await;
        let room_id = plain_room(&alice, &bob, &bot_user, &bot).await;
        let from_bot = |s: &Seen| s.sender == bot_user;
        let from = alice.count();
        let mut challenge = RoomMessageEventContent::text_plain("!kuba challenge bob first:me");
        challenge.mentions = Some(Mentions::with_user_ids([bob.user.clone()]));
        alice.say(&room_id, challenge).await;
        bob.wait_for("the challenge", 0, &bot, |s| from_bot(s) && s.body.contains("challenges")).await;
        bob.say(&room_id, RoomMessageEventContent::text_plain("!kuba accept")).await;
        let (_, first) = alice.wait_for("the first board", from, &bot, |s| from_bot(s) && s.image.is_some()).await;
        let root = first.thread.clone().expect("a thread");

        bot.kill();
        bot.spawn_with(&[("BOARDBOT_FAILPOINT", "after-commit")]);
        let from = bob.count();
        alice.in_thread(&room_id, &root, "a7-S").await;
        assert!(!bot.wait_for_exit(), "the failpoint aborts the bot");
        let db = rusqlite::Connection::open(dir.0.join("boardbot.sqlite")).expect("the database");
        let stored: i64 = db.query_row("SELECT count(*) FROM moves", [], |r| r.get(0)).expect("count");
        assert_eq!(stored, 1, "the move is stored");
        drop(db);
        let played = |s: &Seen| from_bot(s) && s.body.contains("plays a7-S");

        bot.spawn();
        let (_, board) = bob.wait_for("the board after the restart", from, &bot, played).await;
        assert_eq!(board.thread.as_ref(), Some(&root), "in the game's thread: {board:?}");
        assert!(board.mentions.contains(&bob.user), "bob is told it is his move: {board:?}");
        assert!(board.image.is_some(), "{board:?}");
        // Once everything before it has come, the board is there once.
        let marker = bob.count();
        alice.say(&room_id, RoomMessageEventContent::text_plain("!kuba rules")).await;
        bob.wait_for("the rules", marker, &bot, |s| from_bot(s) && s.body.contains("Kuba")).await;
        let boards: Vec<Seen> = bob.seen.lock().unwrap().iter().filter(|s| played(s)).cloned().collect();
        assert_eq!(boards.len(), 1, "posted once: {boards:?}");
    });
    drop(bot);
    drop(server);
}
