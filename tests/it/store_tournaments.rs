//! Tournaments through the store (`migrations/012_tournaments.sql`, PostgreSQL 007):
//! settings, entrants, rounds and results, the series' links and the clock's due
//! starts, on both back ends.

use crate::common;
use boardbot::games::GameKind;
use boardbot::store::{
    self, CommunityId, NewTournament, PlayerId, Scope, Store, StoreError, TournamentFormat, TournamentId,
    TournamentStatus, Withdrawal,
};
use common::store::{both_backends, community, players, start};

fn new(creator: PlayerId, community: CommunityId, format: TournamentFormat) -> NewTournament {
    NewTournament {
        kind: GameKind::Kuba,
        format,
        name: Some("Winter league".to_string()),
        rounds: (format == TournamentFormat::Swiss).then_some(3),
        days: 3,
        rated: true,
        max_players: 64,
        every_days: None,
        previous: None,
        edition: 1,
        creator,
        community: Some(community),
        channel: Some("general".to_string()),
        starts_at: None,
        now: 1_000,
    }
}

fn create(store: &Store, t: NewTournament) -> TournamentId {
    store.write(move |tx| store::create_tournament(tx, &t)).expect("created")
}

both_backends! {
    fn a_tournament_reads_back_as_it_was_created(db) {
        let store = db.open();
        let p = players(&store, 2);
        let here = community(&store, "room");
        let id = create(&store, new(p[0], here, TournamentFormat::Swiss));
        let t = store.read(move |tx| store::load_tournament(tx, id)).expect("loaded");
        assert_eq!(t.id, id);
        assert_eq!((t.kind, t.format, t.name.as_deref()), (GameKind::Kuba, TournamentFormat::Swiss, Some("Winter league")));
        assert_eq!((t.rounds, t.days, t.rated, t.max_players), (Some(3), 3, true, 64));
        assert_eq!((t.creator, t.community, t.channel.as_deref()), (p[0], Some(here), Some("general")));
        assert_eq!((t.status, t.round, t.total_rounds, t.edition), (TournamentStatus::Open, 0, None, 1));
        assert_eq!((t.created_at, t.started_at, t.ended_at), (1_000, None, None));
        // Its page's token opens it, and it is locked and read alike.
        let token = t.token.clone();
        assert_eq!(store.read(move |tx| store::tournament_of_page(tx, &token)).expect("page"), Some(id));
        let locked = store.write(move |tx| store::lock_tournament(tx, id)).expect("locked");
        assert_eq!(locked, t);
        let missing = store.read(|tx| store::load_tournament(tx, TournamentId(9_999)));
        assert!(matches!(missing, Err(StoreError::NotFound(_))), "{missing:?}");
        // Two tournaments never share a token.
        let other = create(&store, new(p[1], here, TournamentFormat::RoundRobin));
        let second = store.read(move |tx| store::load_tournament(tx, other)).expect("loaded");
        assert_ne!(second.token, t.token);
    }

    fn entrants_enter_in_order_leave_and_withdraw(db) {
        let store = db.open();
        let p = players(&store, 4);
        let here = community(&store, "room");
        let id = create(&store, new(p[0], here, TournamentFormat::Swiss));
        let (a, b, c, d) = (p[0], p[1], p[2], p[3]);
        let entered = store
            .write(move |tx| {
                Ok([
                    store::add_entrant(tx, id, c, 10)?,
                    store::add_entrant(tx, id, a, 11)?,
                    store::add_entrant(tx, id, a, 12)?,
                    store::add_entrant(tx, id, b, 13)?,
                    store::add_entrant(tx, id, d, 14)?,
                ])
            })
            .expect("entered");
        assert_eq!(entered, [true, true, false, true, true], "entering twice changes nothing");
        // Leaving before the start removes the entry; the order of the others stays.
        assert!(store.write(move |tx| store::remove_entrant(tx, id, b)).expect("removed"));
        assert!(!store.write(move |tx| store::remove_entrant(tx, id, b)).expect("removed once"));
        let list = store.read(move |tx| store::entrants(tx, id)).expect("entrants");
        assert_eq!(list.iter().map(|e| e.player).collect::<Vec<_>>(), vec![c, a, d]);
        assert_eq!(list.iter().map(|e| e.entry).collect::<Vec<_>>(), vec![1, 2, 4]);
        assert_eq!((list[0].entered_at, list[0].name.as_str(), list[0].user_id.as_str()), (10, "p2", "u2"));
        assert!(list.iter().all(|e| e.rating.is_none() && e.timeouts == 0 && e.withdrawn.is_none()));
        // The ratings used for pairing, a timeout count, withdrawals.
        store
            .write(move |tx| {
                store::set_entrant_rating(tx, id, a, Some(1612.5))?;
                assert_eq!(store::add_timeout(tx, id, d)?, 1);
                assert_eq!(store::add_timeout(tx, id, d)?, 2);
                assert_eq!(store::add_timeout(tx, id, b)?, 0, "not entered: nothing counted");
                assert!(store::withdraw_entrant(tx, id, d, Withdrawal::Timeouts, 50)?);
                assert!(!store::withdraw_entrant(tx, id, d, Withdrawal::Left, 60)?, "withdrawn once");
                assert!(store::withdraw_entrant(tx, id, c, Withdrawal::Left, 70)?);
                Ok(())
            })
            .expect("changed");
        let list = store.read(move |tx| store::entrants(tx, id)).expect("entrants");
        assert_eq!(list[1].rating, Some(1612.5));
        assert_eq!((list[2].timeouts, list[2].withdrawn), (2, Some((50, Withdrawal::Timeouts))));
        assert_eq!(list[0].withdrawn, Some((70, Withdrawal::Left)));
        let barred = store
            .read(move |tx| Ok((store::withdrawn_for_timeouts(tx, id, d)?, store::withdrawn_for_timeouts(tx, id, c)?)))
            .expect("read");
        assert_eq!(barred, (true, false), "only a withdrawal for timeouts bars");
    }

    fn rounds_boards_games_and_results(db) {
        let store = db.open();
        let p = players(&store, 3);
        let here = community(&store, "room");
        let id = create(&store, new(p[0], here, TournamentFormat::Swiss));
        let game = start(&store, GameKind::Kuba, &[p[0], p[1]], true);
        let elsewhere = start(&store, GameKind::Kuba, &[p[1], p[2]], true);
        let (a, b, c) = (p[0], p[1], p[2]);
        store
            .write(move |tx| {
                for x in [a, b, c] {
                    store::add_entrant(tx, id, x, 10)?;
                }
                store::start_tournament(tx, id, 3, 100)?;
                store::add_round(tx, id, 1, &[(1, a, Some(b)), (0, c, None)])?;
                store::link_game(tx, id, 1, 1, game)?;
                Ok(())
            })
            .expect("paired");
        let t = store.read(move |tx| store::load_tournament(tx, id)).expect("loaded");
        assert_eq!((t.status, t.round, t.total_rounds, t.started_at), (TournamentStatus::Running, 1, Some(3), Some(100)));
        // A tournament starts once.
        let again = store.write(move |tx| store::start_tournament(tx, id, 3, 101));
        assert!(matches!(again, Err(StoreError::MovedOn)), "{again:?}");
        // A bye has no game.
        let bye = store.write(move |tx| store::link_game(tx, id, 1, 0, elsewhere));
        assert!(matches!(bye, Err(StoreError::NotFound(_))), "{bye:?}");
        let rows = store.read(move |tx| store::tournament_games(tx, id)).expect("games");
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].round, rows[0].board, rows[0].white, rows[0].black, rows[0].game), (1, 0, c, None, None));
        assert_eq!((rows[1].board, rows[1].white, rows[1].black, rows[1].game), (1, a, Some(b), Some(game)));
        let of = store.read(move |tx| store::tournament_of_game(tx, game)).expect("of").expect("a tournament's");
        assert_eq!((of.tournament, of.round, of.board), (id, 1, 1));
        assert!(store.read(move |tx| store::tournament_of_game(tx, elsewhere)).expect("of").is_none());
        let running = store
            .read(move |tx| Ok((store::running_games_of(tx, id, b)?, store::running_games_of(tx, id, c)?)))
            .expect("running");
        assert_eq!(running, (vec![game], vec![]));
        // A result is recorded once.
        let set = store
            .write(move |tx| Ok((store::set_board_result(tx, id, 1, 1, "white")?, store::set_board_result(tx, id, 1, 1, "draw")?)))
            .expect("result");
        assert_eq!(set, (true, false));
        let rows = store.read(move |tx| store::tournament_games(tx, id)).expect("games");
        assert_eq!(rows[1].result.as_deref(), Some("white"));
        // The next round, then the end.
        store.write(move |tx| store::set_tournament_round(tx, id, 2)).expect("round 2");
        store.write(move |tx| store::end_tournament(tx, id, TournamentStatus::Finished, 900)).expect("ended");
        let t = store.read(move |tx| store::load_tournament(tx, id)).expect("loaded");
        assert_eq!((t.status, t.round, t.ended_at), (TournamentStatus::Finished, 2, Some(900)));
        let late = store.write(move |tx| store::set_tournament_round(tx, id, 3));
        assert!(matches!(late, Err(StoreError::MovedOn)), "{late:?}");
        let twice = store.write(move |tx| store::end_tournament(tx, id, TournamentStatus::Cancelled, 901));
        assert!(matches!(twice, Err(StoreError::MovedOn)), "{twice:?}");
    }

    fn a_series_next_edition_and_the_starts_due(db) {
        let store = db.open();
        let p = players(&store, 2);
        let here = community(&store, "room");
        let there = community(&store, "other room");
        let first = create(&store, NewTournament { every_days: Some(7), ..new(p[0], here, TournamentFormat::RoundRobin) });
        let next = create(
            &store,
            NewTournament {
                every_days: Some(7),
                previous: Some(first),
                edition: 2,
                starts_at: Some(5_000),
                ..new(p[0], here, TournamentFormat::RoundRobin)
            },
        );
        let elsewhere = create(&store, new(p[1], there, TournamentFormat::Swiss));
        assert_eq!(store.read(move |tx| store::next_edition(tx, first)).expect("next"), Some(next));
        assert_eq!(store.read(move |tx| store::next_edition(tx, next)).expect("next"), None);
        let t = store.read(move |tx| store::load_tournament(tx, next)).expect("loaded");
        assert_eq!((t.previous, t.edition, t.every_days, t.starts_at), (Some(first), 2, Some(7), Some(5_000)));
        // Its start is a clock event, due at its time and not before.
        assert!(store.read(|tx| store::tournaments_due(tx, 4_999)).expect("due").is_empty());
        assert_eq!(store.read(|tx| store::tournaments_due(tx, 5_000)).expect("due"), vec![next]);
        let event = store.read(|tx| store::next_clock_event(tx, 0, &[])).expect("next event");
        assert_eq!(event, Some(5_000));
        // The lists of a community: newest first; the active ones oldest first.
        let listed = store.read(move |tx| store::community_tournaments(tx, here, 10)).expect("listed");
        assert_eq!(listed.iter().map(|t| t.id).collect::<Vec<_>>(), vec![next, first]);
        let limited = store.read(move |tx| store::community_tournaments(tx, here, 1)).expect("listed");
        assert_eq!(limited.len(), 1);
        store.write(move |tx| store::end_tournament(tx, first, TournamentStatus::Finished, 3_000)).expect("ended");
        let active = store.read(move |tx| store::active_tournaments(tx, here)).expect("active");
        assert_eq!(active.iter().map(|t| t.id).collect::<Vec<_>>(), vec![next]);
        assert_eq!(store.read(move |tx| store::active_tournaments(tx, there)).expect("active")[0].id, elsewhere);
        // A cancelled edition is no longer due.
        store.write(move |tx| store::end_tournament(tx, next, TournamentStatus::Cancelled, 5_000)).expect("cancelled");
        assert!(store.read(|tx| store::tournaments_due(tx, 9_000)).expect("due").is_empty());
        assert_eq!(store.read(|tx| store::next_clock_event(tx, 0, &[])).expect("next event"), None);
    }

    fn ratings_for_the_seeding(db) {
        let store = db.open();
        let p = players(&store, 2);
        let found = store.read(move |tx| store::ratings_of(tx, GameKind::Kuba, Scope::Global, &p)).expect("ratings");
        assert!(found.is_empty(), "no one is rated yet: {found:?}");
    }
}
