//! Games, moves, endings, ratings and queries through the store.

use crate::common;
use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::store::test_support::DirectWrites;
use boardbot::store::{
    find_community, games_at_place, games_in_progress, games_with_computer_to_move, head_to_head, leaderboard,
    player_ratings, rating_history, recent_games, set_thread, EndReason, Ending, Scope, SeatHolder, Status, Store,
    StoreError, MIGRATIONS,
};
use common::store::{both_backends, community, new_game, next_move, players, start, Rng};

#[test]
fn migrations_validate() {
    MIGRATIONS.validate().expect("valid migrations");
}

both_backends! {
    fn a_game_is_played_to_its_end_and_rated(db) {
        let store = db.open();
        let p = players(&store, 2);
        let room = community(&store, "room");
        let mut new = new_game(GameKind::Kuba, None, vec![SeatHolder::Player(p[0]), SeatHolder::Player(p[1])], true);
        new.community = Some(room);
        let (game, public) = store.create_game(new).expect("create");
        assert_eq!(public.as_str().len(), 4);
        assert_eq!(store.find_game(&public.as_str().to_lowercase()).expect("by public id").id, game);

        let mut rng = Rng(7);
        let mut plies = 0;
        let mut last = None;
        while let Some((ply, text)) = next_move(&store, game, &mut rng) {
            let stored = store.play_move(game, ply, &text, 2_000 + i64::from(ply)).expect("move");
            assert_eq!(stored.ply, ply);
            assert_eq!(stored.text, text);
            plies = ply;
            last = Some(stored);
            assert!(plies < 2_000, "the game should end");
        }
        let last = last.expect("moves were played");
        let result = last.result.expect("the last move ends the game");
        assert_eq!(result.end_reason, EndReason::Finished);
        // Two players, two scopes.
        assert_eq!(last.ratings.len(), 4);

        let record = store.load_game(game).expect("load");
        assert_eq!(record.status, Status::Over);
        assert_eq!(record.moves.len() as u32, plies);
        assert_eq!(record.ply, plies);
        let key = record.result.as_ref().and_then(|r| r.reason_key.clone()).expect("the rules' reason key is stored");
        assert!(boardbot::games::EndReason::keys(GameKind::Kuba).contains(&key.as_str()), "{key}");
        assert!(store.check(|_| {}).expect("check").is_empty());
        // A result whose reason is not what the moves give is caught.
        let mut tampered = record.clone();
        if let Some(result) = tampered.result.as_mut() {
            result.reason_key = Some("no_push".to_string()).filter(|k| *k != key).or(Some("seven_reds".to_string()));
        }
        let problems = boardbot::store::check_record(&tampered);
        assert!(problems.iter().any(|p| p.starts_with("ended for the reason")), "{problems:?}");
        assert_eq!(store.play_move(game, plies + 1, "a1-N", 9_999), Err(StoreError::GameOver));

        let winner = if result.places[0] == 1 { 0 } else { 1 };
        for scope in [Scope::Global, Scope::Community(room)] {
            let board = store
                .read(|tx| leaderboard(tx, GameKind::Kuba, scope, 10, &boardbot::rating::RatingConfig::default()))
                .expect("leaderboard");
            assert_eq!(board.len(), 2);
            assert_eq!(board[0].player, p[winner]);
            assert_eq!(board[0].rank, 1);
            assert!(board[0].provisional && board[0].rating.rating > 1500.0);
        }
        let mine = store.read(|tx| player_ratings(tx, p[winner], store.rating_config())).expect("ratings");
        assert_eq!(mine.len(), 2);
        assert!(mine.iter().all(|r| r.rank == 1 && r.of == 2 && r.games == 1));
        let history = store.read(|tx| rating_history(tx, p[0], GameKind::Kuba, Scope::Global)).expect("history");
        assert_eq!(history.len(), 1);
        let h = store.read(|tx| head_to_head(tx, p[winner], p[1 - winner], None)).expect("h2h");
        assert_eq!((h.games, h.wins, h.draws, h.losses), (1, 1, 0, 0));
        let recent = store.read(|tx| recent_games(tx, p[0], 5)).expect("recent");
        assert_eq!(recent.len(), 1);
        assert!(store.read(|tx| games_in_progress(tx, p[0])).expect("in progress").is_empty());
    }

    fn a_game_read_again_is_whole_when_another_worker_moved_and_took_back(db) {
        // Two handles, as two workers: each remembers the moves it read and then reads
        // only the later ones, which must stay true whatever the other one did.
        let (here, there) = (db.open(), db.open());
        let p = players(&here, 2);
        let game = start(&here, GameKind::Kuba, &p, false);
        let public = here.load_game(game).expect("load").public_id;
        let mut rng = Rng(11);
        let whole = |store: &Store| {
            let record = store.read(|tx| boardbot::store::load_game(tx, game)).expect("a read of everything");
            assert_eq!(store.load_game(game).expect("load"), record);
            assert_eq!(store.find_game(public.as_str()).expect("find"), record);
            record
        };
        for n in 0..6 {
            let store = if n % 2 == 0 { &here } else { &there };
            let (ply, text) = next_move(store, game, &mut rng).expect("a move");
            store.play_move(game, ply, &text, 100 + i64::from(ply)).expect("move");
            assert_eq!(whole(&here).moves.len(), ply as usize);
            assert_eq!(whole(&there).moves.len(), ply as usize);
        }
        // A takeback on one, then another move of the same ply on the other: the
        // first handle's memory of move 6 is no longer the game's.
        let before = whole(&here);
        there.take_back(game, 6, 200).expect("take back");
        let mut played = before.moves[5].text.clone();
        while played == before.moves[5].text {
            played = next_move(&there, game, &mut rng).expect("a move").1;
        }
        there.play_move(game, 6, &played, 201).expect("another sixth move");
        let after = whole(&here);
        assert_eq!(after.ply, 6);
        assert_eq!(after.moves[5].text, played);
        assert_eq!(after.moves[..5], before.moves[..5]);
        assert!(here.check(|_| {}).expect("check").is_empty());
    }

    fn stale_moves_resignations_and_takebacks(db) {
        let store = db.open();
        let p = players(&store, 3);
        let game = start(&store, GameKind::Kuba, &p[..2], true);
        let mut rng = Rng(3);
        let (ply, text) = next_move(&store, game, &mut rng).expect("a move");
        store.play_move(game, ply, &text, 10).expect("first");
        assert_eq!(store.play_move(game, ply, &text, 11), Err(StoreError::MovedOn));
        assert!(matches!(store.play_move(game, ply + 1, "zz9", 11), Err(StoreError::Refused(_))));

        let in_progress = store.read(|tx| games_in_progress(tx, p[1])).expect("in progress");
        assert_eq!(in_progress.len(), 1);
        assert!(in_progress[0].is_turn_of(p[1]));
        assert_eq!(store.read(|tx| games_at_place(tx, "chan")).expect("at place").len(), 1);

        let (ply2, text2) = next_move(&store, game, &mut rng).expect("a move");
        store.play_move(game, ply2, &text2, 12).expect("second");
        assert_eq!(store.take_back(game, ply2 - 1, 13).map(|_| ()), Err(StoreError::MovedOn));
        let back = store.take_back(game, ply2, 13).expect("take back");
        assert_eq!(back.ply, ply);
        assert!(store.check(|_| {}).expect("check").is_empty());

        let resign =
            Ending { reason: EndReason::Resigned, places: vec![2, 1], scores: None, expected_ply: Some(5), now: 20 };
        assert_eq!(store.end_game(game, resign.clone()), Err(StoreError::MovedOn));
        let (result, changes) = store.end_game(game, Ending { expected_ply: Some(ply), ..resign.clone() }).expect("resign");
        assert_eq!(result.end_reason, EndReason::Resigned);
        assert_eq!(changes.len(), 2);
        assert_eq!(store.end_game(game, resign), Err(StoreError::GameOver));
        assert!(store.check(|_| {}).expect("check").is_empty());

        // The computer is never rated; aborted games are never rated.
        let computer = vec![SeatHolder::Player(p[2]), SeatHolder::Computer(boardbot::ai::Level::Hard)];
        assert!(matches!(
            store.create_game(new_game(GameKind::Kuba, None, computer.clone(), true)),
            Err(StoreError::Invalid(_))
        ));
        let (casual, _) = store.create_game(new_game(GameKind::Kuba, None, computer, false)).expect("casual");
        let record = store.load_game(casual).expect("load");
        assert_eq!(record.seats[1].name, "computer (hard)");
        let aborted = start(&store, GameKind::Kuba, &p[1..], true);
        let (_, changes) = store
            .end_game(
                aborted,
                Ending { reason: EndReason::Aborted, places: vec![], scores: None, expected_ply: None, now: 30 },
            )
            .expect("abort");
        assert!(changes.is_empty());
    }

    fn cabale_with_three_players_rates_every_pair(db) {
        let store = db.open();
        let p = players(&store, 3);
        let seats = p.iter().map(|p| SeatHolder::Player(*p)).collect();
        let (game, _) =
            store.create_game(new_game(GameKind::Cabale, Some(r#"{"players":3}"#), seats, true)).expect("create");
        let (_, changes) = store
            .end_game(
                game,
                Ending { reason: EndReason::Resigned, places: vec![2, 1, 2], scores: None, expected_ply: None, now: 5 },
            )
            .expect("end");
        assert_eq!(changes.len(), 3);
        assert!(changes[1].after.rating > 1500.0);
        assert!((changes[0].after.rating - changes[2].after.rating).abs() < 1e-9);
    }

    fn outbox_and_challenges(db) {
        use boardbot::store::{
            answer_challenge, create_challenge, mark_delivered, open_challenges, pending_messages, push_message,
            ChallengeAnswer, ChallengeStatus, NewChallenge,
        };
        let store = db.open();
        let p = players(&store, 3);
        let id = store.write(|tx| push_message(tx, Platform::Discord, r#"{"text":"your move"}"#, 5)).expect("push");
        store.write(|tx| push_message(tx, Platform::Matrix, "{}", 6)).expect("push");
        let pending = store.read(|tx| pending_messages(tx, Platform::Discord, 10)).expect("pending");
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].id, id);
        store.write(move |tx| mark_delivered(tx, id, 7)).expect("delivered");
        assert!(store.read(|tx| pending_messages(tx, Platform::Discord, 10)).expect("pending").is_empty());

        let (a, b, c) = (p[0], p[1], p[2]);
        let challenge = NewChallenge {
            challenger: a,
            challenged: vec![b, c],
            kind: GameKind::Cabale,
            settings: Some(r#"{"players":3}"#.to_string()),
            start_code: None,
            rated: true,
            time_control: None,
            community: None,
            channel: None,
            now: 1,
            expires_at: Some(100),
            first: boardbot::store::FirstMover::Challenged,
        };
        let cid = store.write(move |tx| create_challenge(tx, &challenge)).expect("challenge");
        let stored = store.read(|tx| boardbot::store::load_challenge(tx, cid)).expect("load");
        assert_eq!(stored.first, boardbot::store::FirstMover::Challenged);
        let after = store.write(move |tx| answer_challenge(tx, cid, b, ChallengeAnswer::Accepted)).expect("answer");
        assert_eq!(after.status, ChallengeStatus::Open);
        assert_eq!(store.read(|tx| open_challenges(tx, c)).expect("open").len(), 1);
        let after = store.write(move |tx| answer_challenge(tx, cid, c, ChallengeAnswer::Declined)).expect("answer");
        assert_eq!(after.status, ChallengeStatus::Declined);
        assert_eq!(
            store.write(move |tx| answer_challenge(tx, cid, b, ChallengeAnswer::Accepted)).map(|_| ()),
            Err(StoreError::MovedOn)
        );
    }

    fn established_players_lead_the_board_and_provisional_ones_follow(db) {
        let store = db.open();
        let p = players(&store, 4);
        let end = |game, places: Vec<u8>| {
            let ending = Ending { reason: EndReason::Resigned, places, scores: None, expected_ply: None, now: 50 };
            store.end_game(game, ending).expect("end");
        };
        for i in 0..40 {
            let game = start(&store, GameKind::Nuba, &p[..2], true);
            end(game, if i % 3 == 0 { vec![2, 1] } else { vec![1, 2] });
        }
        let game = start(&store, GameKind::Nuba, &p[2..], true);
        end(game, vec![1, 2]);
        let config = boardbot::rating::RatingConfig::default();
        let board = store.read(|tx| leaderboard(tx, GameKind::Nuba, Scope::Global, 10, &config)).expect("board");
        let order: Vec<_> = board.iter().map(|r| (r.player, r.provisional)).collect();
        assert_eq!(order, vec![(p[0], false), (p[1], false), (p[2], true), (p[3], true)], "{board:?}");
        assert!(board[2].rating.rating > board[0].rating.rating, "the provisional leader is rated higher: {board:?}");
        assert_eq!(board.iter().map(|r| r.rank).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
        assert_eq!(board[0].games, 40);
        assert!(board[2].rating.display(&config).ends_with('?'));
        let top = store.read(|tx| leaderboard(tx, GameKind::Nuba, Scope::Global, 1, &config)).expect("top 1");
        assert_eq!(top.len(), 1);
        let ranks = store.read(|tx| player_ratings(tx, p[2], &config)).expect("ranks");
        assert_eq!((ranks[0].rank, ranks[0].of), (3, 4));
        // The threshold is the configuration's (`[ratings] provisional_deviation`):
        // above every deviation, nobody is provisional and the board is by rating.
        let lenient = boardbot::config::Ratings { provisional_deviation: 400 }.rating_config();
        let board = store.read(|tx| leaderboard(tx, GameKind::Nuba, Scope::Global, 10, &lenient)).expect("board");
        assert!(board.iter().all(|r| !r.provisional), "{board:?}");
        assert!(board.windows(2).all(|w| w[0].rating.rating >= w[1].rating.rating), "{board:?}");
    }

    fn places_draw_offers_and_deadlines(db) {
        use boardbot::store::{games_past_deadline, set_draw_offer, set_takeback, set_turn_deadline, Place};
        let store = db.open();
        let p = players(&store, 2);
        let seats = vec![SeatHolder::Player(p[0]), SeatHolder::Player(p[1])];
        let mut new = new_game(GameKind::Kewbz, Some(r#"{"size":8}"#), seats, false);
        new.place = Place { channel: Some("general".to_string()), thread: Some("thread-7".to_string()) };
        new.turn_deadline = Some(500);
        let (game, _) = store.create_game(new).expect("create");
        assert_eq!(store.read(|tx| games_at_place(tx, "thread-7")).expect("thread")[0].id, game);
        assert_eq!(store.read(|tx| games_at_place(tx, "general")).expect("channel")[0].id, game);
        assert!(store.read(|tx| games_at_place(tx, "elsewhere")).expect("none").is_empty());
        assert!(store.read(|tx| games_past_deadline(tx, 499)).expect("early").is_empty());
        assert_eq!(store.read(|tx| games_past_deadline(tx, 500)).expect("due"), vec![game]);
        store.write(move |tx| set_turn_deadline(tx, game, Some(900))).expect("deadline");
        store.write(move |tx| set_draw_offer(tx, game, Some(1), 5)).expect("offer");
        store.write(move |tx| set_takeback(tx, game, Some((1, 0)), 5)).expect("takeback asked");
        let asked = store.load_game(game).expect("load");
        assert_eq!((asked.draw_offer, asked.takeback), (Some(1), Some((1, 0))));
        let mut rng = Rng(1);
        let (ply, text) = next_move(&store, game, &mut rng).expect("move");
        store.play_move(game, ply, &text, 6).expect("move");
        // A move answers the offer and the request.
        let moved = store.load_game(game).expect("load");
        assert_eq!((moved.draw_offer, moved.takeback), (None, None));
        let draw =
            Ending { reason: EndReason::DrawnByAgreement, places: vec![1, 1], scores: None, expected_ply: None, now: 7 };
        store.end_game(game, draw).expect("draw");
        assert!(store.read(|tx| games_past_deadline(tx, 10_000)).expect("over").is_empty());
        assert_eq!(store.write(move |tx| set_draw_offer(tx, game, Some(0), 8)), Err(StoreError::GameOver));
    }

    fn a_community_is_found_without_being_created(db) {
        let store = db.open();
        let find = |id: &'static str, platform| store.read(move |tx| find_community(tx, platform, id)).expect("find");
        assert_eq!(find("room", Platform::Terminal), None);
        // Looking did not create it.
        assert_eq!(find("room", Platform::Terminal), None);
        let room = community(&store, "room");
        assert_eq!(find("room", Platform::Terminal), Some(room));
        // The same id on another platform is another community.
        assert_eq!(find("room", Platform::Discord), None);
    }

    fn a_game_is_found_by_the_thread_set_after_its_creation(db) {
        let store = db.open();
        let p = players(&store, 2);
        let game = start(&store, GameKind::Kuba, &p, false);
        let other = start(&store, GameKind::Kuba, &p, false);
        assert!(store.read(|tx| games_at_place(tx, "thread-42")).expect("at place").is_empty());
        store.write(move |tx| set_thread(tx, game, "thread-42")).expect("set thread");
        let found = store.read(|tx| games_at_place(tx, "thread-42")).expect("at place");
        assert_eq!(found.iter().map(|g| g.id).collect::<Vec<_>>(), vec![game]);
        assert_eq!(store.load_game(other).expect("load").place.thread, None);
        // An unknown game is refused, not silently ignored.
        let missing = boardbot::store::GameId(other.0 + 100);
        assert!(matches!(store.write(move |tx| set_thread(tx, missing, "t")), Err(StoreError::NotFound(_))));
    }

    fn only_ongoing_games_with_the_computer_to_move_are_waiting_for_it(db) {
        let store = db.open();
        let p = players(&store, 2);
        let computer = || SeatHolder::Computer(boardbot::ai::Level::Easy);
        let create = |seats| store.create_game(new_game(GameKind::Kuba, None, seats, false)).expect("create").0;
        // The computer moves first.
        let computer_first = create(vec![computer(), SeatHolder::Player(p[0])]);
        // A person moves first, then it is the computer's turn.
        let person_first = create(vec![SeatHolder::Player(p[0]), computer()]);
        // A person to move, the computer seated second.
        let person_to_move = create(vec![SeatHolder::Player(p[1]), computer()]);
        // The computer's turn, but the game is over.
        let over = create(vec![computer(), SeatHolder::Player(p[1])]);
        // No computer at all.
        let people = start(&store, GameKind::Kuba, &p, false);

        let waiting = |store: &Store| store.read(games_with_computer_to_move).expect("waiting");
        assert_eq!(waiting(&store), vec![computer_first, over]);

        let (ply, text) = next_move(&store, person_first, &mut Rng(3)).expect("a move");
        store.play_move(person_first, ply, &text, 2_000).expect("move");
        let abort = Ending { reason: EndReason::Aborted, places: vec![], scores: None, expected_ply: None, now: 2_001 };
        store.end_game(over, abort).expect("abort");
        assert_eq!(waiting(&store), vec![computer_first, person_first]);
        assert!(!waiting(&store).contains(&person_to_move) && !waiting(&store).contains(&people));
    }

    fn two_claimers_never_share_a_message_and_expired_claims_are_taken_over(db) {
        use boardbot::store::{claim_messages, mark_delivered, push_message};
        let store = db.open();
        let ids = store
            .write(|tx| {
                (0..5).map(|i| push_message(tx, Platform::Discord, &format!("m{i}"), i)).collect::<Result<Vec<_>, _>>()
            })
            .expect("push");
        store.write(|tx| push_message(tx, Platform::Matrix, "other platform", 0)).expect("push");
        let claim = |who: &'static str, now, limit| {
            store.write(move |tx| claim_messages(tx, Platform::Discord, who, now, 1_000, limit)).expect("claim")
        };
        let a = claim("a", 100, 3);
        let b = claim("b", 100, 3);
        assert_eq!(a.iter().map(|m| m.id).collect::<Vec<_>>(), ids[..3].to_vec());
        assert_eq!(b.iter().map(|m| m.id).collect::<Vec<_>>(), ids[3..].to_vec());
        assert!(claim("c", 500, 10).is_empty(), "every claim is still live");
        // "a" delivers one and crashes; after the lease its other two are taken over.
        let first = ids[0];
        store.write(move |tx| mark_delivered(tx, first, 200)).expect("delivered");
        let c = claim("c", 1_100, 10);
        assert_eq!(c.iter().map(|m| m.id).collect::<Vec<_>>(), ids[1..].to_vec());
        assert!(claim("a", 1_200, 10).is_empty());
    }
}
