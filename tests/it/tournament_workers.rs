//! Two workers on one PostgreSQL database end the last two games of a Swiss round at
//! the same moment: the tournament's subscriber runs on both (each takes its own
//! `GameEnded` event), and the next round is paired exactly once, thanks to the
//! tournament's row lock.

use std::collections::HashMap;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::pairing::Format;
use boardbot::service::{
    Actor, Command, GameRef, Message, Place, Request, Service, ServiceOptions, TestClock, TournamentAsked,
    TournamentCommand,
};
use boardbot::store::{self, TournamentId};

use crate::common::store::TestDb;

fn ask(service: &Service, who: &str, command: Command) -> Vec<Message> {
    let place = Place { community: Some("guild".into()), channel: Some("general".into()), ..Place::default() };
    let actor = Actor::new(Platform::Discord, who, format!("p{who}"));
    crate::common::everything(service, Request::new(actor, place, command)).into_iter().map(|r| r.message).collect()
}

#[test]
fn two_workers_ending_a_rounds_last_games_at_once_pair_the_next_round_once() {
    let Some(db) = TestDb::postgres("tournament-two-workers") else { return };
    let clock = Arc::new(TestClock::new(1_000));
    let options = || ServiceOptions { scheduler: false, ..ServiceOptions::default() };
    let one = Service::start(db.open(), clock.clone(), options()).expect("worker one");
    let two = Service::start(db.open(), clock.clone(), options()).expect("worker two");
    let asked = TournamentAsked {
        kind: GameKind::Kuba,
        format: Format::Swiss,
        rounds: Some(3),
        days: None,
        rated: Some(false),
        name: None,
        max: None,
        every: None,
    };
    let created = ask(&one, "1", Command::Tournament(TournamentCommand::Create(asked)));
    let Some(Message::TournamentCreated { tournament, .. }) = created.first() else { panic!("created: {created:?}") };
    let id = TournamentId(tournament.id);
    for who in ["1", "2", "3", "4"] {
        ask(&two, who, Command::Tournament(TournamentCommand::Join { tournament: None }));
    }
    ask(&one, "1", Command::Tournament(TournamentCommand::Start { tournament: None }));
    let store = one.store();
    let boards = store.read(move |tx| store::tournament_games(tx, id)).expect("round 1");
    assert_eq!(boards.len(), 2, "four players, two boards: {boards:?}");
    let users: HashMap<_, _> = store
        .read(move |tx| store::entrants(tx, id))
        .expect("entrants")
        .into_iter()
        .map(|e| (e.player, e.user_id))
        .collect();
    // Each worker has one first player resign their game, both at once.
    let gate = Arc::new(Barrier::new(2));
    let mut handles = Vec::new();
    for (service, board) in [(one.clone(), &boards[0]), (two.clone(), &boards[1])] {
        let game = store.load_game(board.game.expect("a game")).expect("the game");
        let who = users[&board.white].clone();
        let gate = Arc::clone(&gate);
        handles.push(std::thread::spawn(move || {
            gate.wait();
            let game = GameRef { kind: GameKind::Kuba, id: Some(game.public_id.as_str().to_string()) };
            ask(&service, &who, Command::Resign { game })
        }));
    }
    for h in handles {
        let said = h.join().expect("resigned");
        assert!(said.iter().any(|m| matches!(m, Message::Resigned { .. })), "{said:?}");
    }
    // Both workers' subscribers run; the round is paired by one of them.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        one.wait_until_idle();
        two.wait_until_idle();
        let t = store.read(move |tx| store::load_tournament(tx, id)).expect("tournament");
        if t.round >= 2 || Instant::now() > deadline {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    one.wait_until_idle();
    two.wait_until_idle();
    let t = store.read(move |tx| store::load_tournament(tx, id)).expect("tournament");
    assert_eq!(t.round, 2, "round 2 is paired");
    let rows = store.read(move |tx| store::tournament_games(tx, id)).expect("rounds");
    let second: Vec<_> = rows.iter().filter(|g| g.round == 2).collect();
    assert_eq!(second.len(), 2, "paired once: {rows:?}");
    assert!(rows.iter().all(|g| g.round <= 2), "{rows:?}");
    let games = store.read(store::all_games).expect("games");
    assert_eq!(games.len(), 4, "two games a round, begun once");
    assert!(rows.iter().filter(|g| g.round == 1).all(|g| g.result.is_some()), "{rows:?}");
}
