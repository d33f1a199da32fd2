//! Conditional moves (`premove`) through the service, on both back ends: a line that
//! matches is answered at once through the mover, one that does not is dropped and
//! its owner told, a line is checked when given, games against the computer refuse
//! them, and a restart between the opponent's move and the answer loses nothing.

use crate::common::Said;
use std::sync::Arc;

use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::service::events::{Event, MovedBy};
use boardbot::service::{
    Actor, Command, Destination, First, GameRef, Message, Place, PremoveAsked, Reply, Request, Service, ServiceOptions,
    Target, TestClock,
};
use boardbot::store::test_support::DirectWrites;
use boardbot::store::{GameId, Store};

use crate::common::store::both_backends;

const NOW: i64 = 1_800_000_000_000;

struct World {
    service: Service,
}

fn start(store: Store) -> World {
    let options = ServiceOptions { picture_px: 200, scheduler: false, ..ServiceOptions::default() };
    World { service: Service::start(store, Arc::new(TestClock::new(NOW)), options).expect("service") }
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

fn kuba() -> GameRef {
    GameRef { kind: GameKind::Kuba, id: None }
}

impl World {
    fn ask(&self, who: &str, command: Command) -> Vec<Reply> {
        crate::common::everything(
            &self.service,
            Request { actor: actor(who), place: place(), command, via: Default::default() },
        )
    }

    /// A casual Kuba game of alice (White, first) and bob; its id.
    fn game(&self) -> String {
        self.ask("alice", crate::common::casual_challenge(GameKind::Kuba, user("bob")));
        let r = self.ask("bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
        r.iter()
            .find_map(|r| match &r.destination {
                Destination::Thread { game, .. } => Some(game.clone()),
                _ => None,
            })
            .expect("the game's thread")
    }

    fn play(&self, who: &str, text: &str) -> Vec<Reply> {
        self.ask(who, Command::Move { game: kuba(), text: text.to_string(), at: None })
    }

    fn premove(&self, who: &str, asked: PremoveAsked) -> Vec<Reply> {
        self.ask(who, Command::Premove { game: kuba(), asked })
    }

    fn line(&self, who: &str, line: &str) -> Vec<Reply> {
        self.premove(who, PremoveAsked::Add(line.to_string()))
    }

    /// What the service said on its own once idle (the answers, the notices to their
    /// owners), delivered.
    fn said_on_its_own(&self) -> Vec<Reply> {
        self.service.wait_until_idle();
        let pending = crate::common::pending(&self.service, Platform::Discord);
        for (id, _) in &pending {
            self.service.delivered(*id);
        }
        pending.into_iter().map(|(_, r)| r).collect()
    }

    fn moves(&self, id: &str) -> Vec<String> {
        self.service.store().find_game(id).expect("the game").moves.into_iter().map(|m| m.text).collect()
    }

    /// The move events of the game, with who made each.
    fn moved_by(&self, id: &str) -> Vec<(String, MovedBy)> {
        let game = self.service.store().find_game(id).expect("the game").id;
        self.service
            .store()
            .read(move |tx| boardbot::store::events_of_game(tx, game, None, 1000))
            .expect("events")
            .iter()
            .filter_map(Event::read)
            .filter_map(|e| match e {
                Event::MovePlayed { text, by, .. } => Some((text, by)),
                _ => None,
            })
            .collect()
    }
}

/// The only reply, private to the actor; its words.
fn private(replies: &[Reply]) -> String {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].only_actor, "{replies:?}");
    replies[0].text()
}

/// The position after `moves` from Kuba's start.
fn kuba_after(moves: &[&str]) -> Position {
    let mut position = Position::setup(GameKind::Kuba, None, None).expect("the start");
    for m in moves {
        position.play_text(m).expect("a legal move");
    }
    position
}

/// The first legal move in `position`.
fn first_legal(position: &Position) -> String {
    position.legal_moves().first().expect("a legal move").to_string()
}

both_backends! {
    fn a_matching_move_is_answered_at_once_through_the_mover(db) {
        let w = start(db.open());
        let id = w.game();
        w.play("alice", "f1-N");
        // Two exchanges: bob's f7-S is answered with a6-E, then his next move with hers.
        let third = first_legal(&kuba_after(&["f1-N", "f7-S", "a6-E"]));
        let fourth = first_legal(&kuba_after(&["f1-N", "f7-S", "a6-E", &third]));
        let line = format!("f7-S a6-E {third} {fourth}");
        let saved = private(&w.line("alice", &line));
        assert!(saved.starts_with("Conditional move saved. Your lines in Kuba game"), "{saved}");
        assert!(saved.contains(&format!("1. f7-S → a6-E, {third} → {fourth}")), "{saved}");
        // Listing shows the same, to alice alone.
        let listed = private(&w.premove("alice", PremoveAsked::List));
        assert!(listed.contains(&format!("1. f7-S → a6-E, {third} → {fourth}")), "{listed}");

        let r = w.play("bob", "f7-S");
        assert!(r[0].text().starts_with("@bob plays f7-S"), "{r:?}");
        // Her answer comes at once: bob's board does not ping her for her move.
        assert!(r[0].mentions.is_empty(), "{:?}", r[0].mentions);
        let said = w.said_on_its_own();
        let answer = said.iter().find(|r| matches!(r.message, Message::Moved { conditional: true, .. })).expect("the answer");
        let text = answer.text();
        assert!(text.starts_with("@alice plays a6-E · pushes") && text.contains("(a conditional move). @bob"), "{text}");
        assert!(answer.picture.is_some() && answer.mentions.iter().any(|u| u.name == "bob"), "{answer:?}");
        assert_eq!(w.moves(&id), ["f1-N", "f7-S", "a6-E"]);

        // The rest of the line waits for bob's next move.
        let listed = private(&w.premove("alice", PremoveAsked::List));
        assert!(listed.contains(&format!("1. {third} → {fourth}")), "{listed}");
        w.play("bob", &third);
        let said = w.said_on_its_own();
        let conditional = |r: &Reply, mv: &str| r.text().starts_with(&format!("@alice plays {mv}")) && r.text().contains("(a conditional move)");
        assert!(said.iter().any(|r| conditional(r, &fourth)), "{said:?}");
        assert_eq!(w.moves(&id), ["f1-N", "f7-S", "a6-E", third.as_str(), fourth.as_str()]);
        // Played out: nothing left; the mover recorded each answer as conditional.
        assert!(private(&w.premove("alice", PremoveAsked::List)).starts_with("You have no conditional moves"));
        let by = w.moved_by(&id);
        assert_eq!(by[2], ("a6-E".to_string(), MovedBy::Conditional));
        assert_eq!(by[4], (fourth.clone(), MovedBy::Conditional));
        assert_eq!(by[3].1, MovedBy::Person);
        assert!(w.service.render_metrics().contains("boardbot_moves_stored_total{by=\"conditional\"} 2"));
    }

    fn a_move_no_line_expects_drops_them_all_and_tells_their_owner(db) {
        let w = start(db.open());
        let id = w.game();
        w.play("alice", "f1-N");
        private(&w.line("alice", "f7-S a6-E"));
        private(&w.line("alice", "g7-W a7-E"));
        let r = w.play("bob", "g7-S");
        // No line answers g7-S: alice is to move, and bob's board says so to her.
        assert!(r[0].mentions.iter().any(|u| u.name == "alice"), "{:?}", r[0].mentions);
        let said = w.said_on_its_own();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(matches!(&said[0].destination, Destination::Direct(u) if u.name == "alice"), "{said:?}");
        assert_eq!(
            said[0].text(),
            format!("@bob played g7-S in Kuba game {id}: none of your conditional moves answered it, so they are cleared. It is your move.")
        );
        assert_eq!(w.moves(&id), ["f1-N", "g7-S"]);
        assert!(private(&w.premove("alice", PremoveAsked::List)).starts_with("You have no conditional moves"));
        // Only the lines of the move played go on: the other is dropped silently.
        w.play("alice", "a6-E");
        private(&w.line("alice", "f7-S a7-S"));
        let other = first_legal(&kuba_after(&["f1-N", "g7-S", "a6-E"]));
        let line = format!("{other} {}", first_legal(&kuba_after(&["f1-N", "g7-S", "a6-E", &other])));
        assert!(!other.starts_with("f7-S"));
        private(&w.line("alice", &line));
        w.play("bob", &other);
        let said = w.said_on_its_own();
        assert!(said.iter().any(|r| matches!(r.message, Message::Moved { conditional: true, .. })), "{said:?}");
        assert!(!said.iter().any(|r| matches!(r.destination, Destination::Direct(_))), "{said:?}");
        assert!(private(&w.premove("alice", PremoveAsked::List)).starts_with("You have no conditional moves"));
    }

    fn a_line_is_checked_when_given_and_a_refusal_changes_nothing(db) {
        let w = start(db.open());
        let id = w.game();
        // On one's own turn: play instead.
        assert_eq!(
            private(&w.line("alice", "f7-S a6-E")),
            format!("It is your turn in game {id}: play your move. Conditional moves are left while the others are to move.")
        );
        w.play("alice", "f1-N");
        assert_eq!(
            private(&w.line("alice", "f7-S d2-N")),
            "In that line, move 2 (d2-N) is refused: d2 holds a red marble: only your own marbles can be pushed."
        );
        assert!(private(&w.line("alice", "f7-S zz")).starts_with("In that line, move 2 (zz) is refused: "));
        assert_eq!(
            private(&w.line("alice", "f7-S a6-E g7-S")),
            "A line ends with your answer: its last move, g7-S, would be @bob's."
        );
        assert!(private(&w.line("alice", "")).starts_with("Give the line's moves, theirs and your answers in turn, e.g. "));
        let long = ["f7-S", "a6-E"].repeat(6).join(" ");
        assert_eq!(private(&w.line("alice", &long)), "A line holds at most 10 moves.");
        assert!(private(&w.premove("alice", PremoveAsked::List)).starts_with("You have no conditional moves"));
        // Lenient notation is stored canonical; commas separate moves with spaces.
        let saved = private(&w.line("alice", "f7 down, a6 right"));
        assert!(saved.contains("1. f7-S → a6-E"), "{saved}");
        assert!(private(&w.line("alice", "f7-S a6-E")).starts_with("That line is already among your conditional moves."));
        // Another answer to the same move replaces it; another move of theirs adds a line.
        let replaced = private(&w.line("alice", "f7-S a7-E"));
        assert!(replaced.contains("it replaces a line that answered the same moves differently"), "{replaced}");
        assert!(replaced.contains("1. f7-S → a7-E") && !replaced.contains("a6-E"), "{replaced}");
        let two = private(&w.line("alice", "g7-S a6-E"));
        assert!(two.contains("1. f7-S → a7-E") && two.contains("2. g7-S → a6-E"), "{two}");
        // Bob is to move: his own lines wait for his turn to pass.
        assert!(private(&w.line("bob", "f7-S")).starts_with("It is your turn in game"));
        let cleared = private(&w.premove("alice", PremoveAsked::Clear));
        assert_eq!(cleared, format!("Your 2 lines of conditional moves in Kuba game {id} are cleared."));
        w.play("bob", "f7-S");
        assert!(w.said_on_its_own().is_empty());
        assert_eq!(w.moves(&id), ["f1-N", "f7-S"]);
    }

    fn games_against_the_computer_refuse_conditional_moves(db) {
        let w = start(db.open());
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
        let id = r.iter().find_map(|r| match &r.destination {
            Destination::Thread { game, .. } => Some(game.clone()),
            _ => None,
        }).expect("a game");
        for asked in [PremoveAsked::Add("a1-N a6-E".into()), PremoveAsked::List, PremoveAsked::Clear] {
            assert_eq!(
                private(&w.premove("alice", asked)),
                format!("Conditional moves are for games between people: in game {id} you play the computer.")
            );
        }
    }

    fn a_takeback_and_the_end_of_the_game_clear_the_lines(db) {
        let w = start(db.open());
        let id = w.game();
        w.play("alice", "f1-N");
        private(&w.line("alice", "f7-S a6-E"));
        w.ask("alice", Command::Takeback { game: kuba(), answer: boardbot::service::Answer::Ask });
        w.ask("bob", Command::Takeback { game: kuba(), answer: boardbot::service::Answer::Accept });
        let said = w.said_on_its_own();
        assert!(
            said.iter().any(|r| matches!(r.destination, Destination::Direct(_))
                && r.text() == format!("A move was taken back in Kuba game {id}: your conditional moves there are cleared.")),
            "{said:?}"
        );
        assert_eq!(w.moves(&id), Vec::<String>::new());
        w.play("alice", "f1-N");
        private(&w.line("alice", "f7-S a6-E"));
        w.ask("bob", Command::Resign { game: kuba() });
        w.said_on_its_own();
        let game = w.service.store().find_game(&id).expect("the game").id;
        let left = w.service.store().read(move |tx| boardbot::store::premoves_of_game(tx, game)).expect("lines");
        assert!(left.is_empty(), "{left:?}");
    }

    fn a_restart_between_the_move_and_its_answer_loses_nothing(db) {
        let id = {
            let w = start(db.open());
            let id = w.game();
            w.play("alice", "f1-N");
            private(&w.line("alice", "f7-S a6-E"));
            w.service.wait_until_idle();
            id
        };
        // What a crash right after bob's move committed leaves: the move stored, its
        // event queued for the subscribers, nothing handled, no service running.
        {
            let store = db.open();
            let game = store.find_game(&id).expect("the game").id;
            store.play_move(game, 2, "f7-S", NOW).expect("bob's move");
            queue_move_event(&store, game, 2, 1, "f7-S");
        }
        let w = start(db.open());
        let said = w.said_on_its_own();
        let answered = |r: &Reply| r.text().starts_with("@alice plays a6-E") && r.text().contains("(a conditional move)");
        assert!(said.iter().any(answered), "{said:?}");
        assert_eq!(w.moves(&id), ["f1-N", "f7-S", "a6-E"]);
        drop(w);
        // Once only: another start finds nothing left to do.
        let w = start(db.open());
        assert!(w.said_on_its_own().is_empty());
        assert_eq!(w.moves(&id), ["f1-N", "f7-S", "a6-E"]);
    }
}

both_backends! {
    fn the_store_queues_a_games_moves_for_the_conditional_moves_only_while_it_has_lines(db) {
        use boardbot::store::{queued_count, record_event_if, set_premoves, NewPremoveLine, QueueIf};
        let store = db.open();
        let players = crate::common::store::players(&store, 2);
        let game = crate::common::store::start(&store, GameKind::Kuba, &players, false);
        let (player, record) = (players[0], move |game: Option<GameId>| {
            move |tx: &boardbot::store::Transaction| {
                let only_if = [("premoves", QueueIf::GameHasPremoves)];
                record_event_if(tx, "move_played", game, "{}", &["always"], &only_if, NOW)?;
                Ok((queued_count(tx, "premoves")?, queued_count(tx, "always")?))
            }
        });
        assert_eq!(store.write(record(Some(game))).expect("an event"), (0, 1));
        let line = NewPremoveLine { ply: 0, moves: vec!["a1-N".into(), "a7-S".into()], created_at: NOW };
        store.write(move |tx| set_premoves(tx, game, player, &[line])).expect("a line");
        assert_eq!(store.write(record(Some(game))).expect("an event"), (1, 2));
        // An event about no game is never queued on a condition of its game.
        assert_eq!(store.write(record(None)).expect("an event"), (1, 3));
    }
}

/// Records move `ply` of `game` as the mover does, queued for the conditional moves'
/// subscriber.
fn queue_move_event(store: &Store, game: GameId, ply: u32, seat: u8, text: &str) {
    let event = Event::MovePlayed { game: game.0, ply, seat, text: text.to_string(), by: MovedBy::Person };
    let payload = serde_json::to_string(&event).expect("JSON");
    store
        .write(move |tx| boardbot::store::record_event(tx, event.kind(), Some(game), &payload, &["premoves"], NOW))
        .expect("the event");
}
