//! The throwaway Synapse of `tests/it/common/synapse.rs` works: it starts, registers users,
//! lets them log in and talk in a room, and comes back after a restart with its data.

use crate::common::synapse;

use std::time::Instant;

use serde_json::json;
use synapse::Synapse;

#[test]
fn starts_registers_logs_in_and_restarts() {
    let started = Instant::now();
    let Some(mut server) = Synapse::start() else { return };
    eprintln!("synapse: started in {:.1?} at {}", started.elapsed(), server.base_url());
    assert_eq!(server.base_url(), format!("http://127.0.0.1:{}", server.port()));

    let registering = Instant::now();
    let alice = server.register("alice", "alice-password");
    eprintln!("synapse: registered a user in {:.1?}", registering.elapsed());
    let bob = server.register("bob", "bob-password");
    assert_eq!(alice, "@alice:localhost");
    assert_eq!(bob, format!("@bob:{}", server.server_name()));

    // A raw password login, as a client makes it.
    let body = json!({
        "type": "m.login.password",
        "identifier": {"type": "m.id.user", "user": "alice"},
        "password": "alice-password",
        "initial_device_display_name": "harness",
    });
    let (status, reply) = server.http("POST", "/_matrix/client/v3/login", None, Some(&body));
    assert_eq!(status, 200, "login: {reply}\n{}", server.log_tail());
    assert_eq!(reply["user_id"], alice);
    let token = reply["access_token"].as_str().expect("an access token").to_owned();
    assert!(!token.is_empty());
    // The well-known in the reply points at the server itself, not at https://localhost/.
    if let Some(base) = reply["well_known"]["m.homeserver"]["base_url"].as_str() {
        assert_eq!(base.trim_end_matches('/'), server.base_url());
    }

    let bad = json!({
        "type": "m.login.password",
        "identifier": {"type": "m.id.user", "user": "bob"},
        "password": "wrong",
    });
    let (status, reply) = server.http("POST", "/_matrix/client/v3/login", None, Some(&bad));
    assert_eq!(status, 403, "{reply}");
    assert_eq!(reply["errcode"], "M_FORBIDDEN");

    // Alice makes a room, invites Bob, and sends more messages than the default rate
    // limit allows in a burst.
    let (status, reply) =
        server.http("POST", "/_matrix/client/v3/createRoom", Some(&token), Some(&json!({"invite": [bob]})));
    assert_eq!(status, 200, "createRoom: {reply}");
    let room = reply["room_id"].as_str().expect("a room id").to_owned();
    for n in 0..20 {
        let path = format!("/_matrix/client/v3/rooms/{room}/send/m.room.message/txn{n}");
        let (status, reply) =
            server.http("PUT", &path, Some(&token), Some(&json!({"msgtype": "m.text", "body": format!("hello {n}")})));
        assert_eq!(status, 200, "message {n}: {reply}");
    }
    let bob_token = server.login(&bob, "bob-password");
    let (status, reply) =
        server.http("POST", &format!("/_matrix/client/v3/join/{room}"), Some(&bob_token), Some(&json!({})));
    assert_eq!(status, 200, "join: {reply}");

    let port = server.port();
    let restarted = Instant::now();
    server.restart();
    eprintln!("synapse: restarted in {:.1?}", restarted.elapsed());
    assert_eq!(server.port(), port);
    assert!(server.is_running());

    // The data survived: the old token still works, and Alice can log in again.
    let (status, reply) = server.http("GET", "/_matrix/client/v3/account/whoami", Some(&token), None);
    assert_eq!(status, 200, "whoami: {reply}");
    assert_eq!(reply["user_id"], alice);
    let again = server.login("alice", "alice-password");
    assert_ne!(again, token);
    let (status, reply) = server.http("GET", "/_matrix/client/v3/joined_rooms", Some(&bob_token), None);
    assert_eq!(status, 200, "joined_rooms: {reply}");
    assert_eq!(reply["joined_rooms"], json!([room]));

    let dir = server.dir().to_owned();
    let stopped = Instant::now();
    drop(server);
    eprintln!("synapse: stopped in {:.1?}", stopped.elapsed());
    assert!(!dir.exists() || std::env::var_os("BOARDBOT_KEEP_SYNAPSE").is_some());
}
