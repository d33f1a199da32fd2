//! Puzzles (issue #52): the finder against the test set of positions with a known
//! best move (`tests/fixtures/puzzles/`), the store on both back ends, and the
//! service: a reviewed game's puzzles never go to the opponent, and a puzzle's web
//! page checks an answer.
//!
//! The test set was made by deep searches (`examples/puzzle_fixtures.rs`, every legal
//! move searched with ten times the finder's playouts or more, twice with two seeds):
//! each position has its best move (`best e5-S`) or none (`best none`: the two best
//! moves within 5 points). The finder may leave a position out (it keeps only what it
//! is sure of), but it never keeps a position for another move than the known one,
//! nor a position without a best move.

use std::path::PathBuf;
use std::sync::Arc;

use boardbot::ai::puzzle::{judge, PuzzleSearch, Verdict, DEFAULT_PLAYOUTS};
use boardbot::config::Platform;
use boardbot::games::{GameKind, Position};
use boardbot::rating::RatingConfig;
use boardbot::service::{
    Actor, AnalysisOptions, Command, ComputerOptions, First, GameRef, Message, Place, PuzzleMode, PuzzleRefusal,
    PuzzleSaid, Refusal, Reply, Request, Service, ServiceOptions, Target, TestClock,
};
use boardbot::store::{
    self, GameId, NewAttempt, NewPuzzle, PlayerId, PuzzleAsk, PuzzleLabel, PuzzleSource, SeatHolder, Store, Streak,
};

use crate::common;
use common::store::{both_backends, community, new_game, players, TempDir};

/// A position of the test set.
#[derive(Clone, Debug)]
struct Known {
    code: String,
    /// The best move; `None`: no move is clearly best.
    best: Option<String>,
}

fn test_set(kind: GameKind) -> Vec<Known> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/puzzles").join(format!("{kind}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    let mut code = None;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if let Some(c) = line.strip_prefix("position ") {
            code = Some(c.to_string());
        } else if let Some(best) = line.strip_prefix("best ") {
            let code = code.take().unwrap_or_else(|| panic!("{}: `best` without a position", path.display()));
            out.push(Known { code, best: (best != "none").then(|| best.to_string()) });
        }
    }
    out
}

/// What the finder makes of each position of `kind`'s set at `playouts`: the count
/// of positions with a best move it kept. Panics on a position kept wrongly.
fn check_set(kind: GameKind, playouts: u64) -> (usize, usize) {
    let settings = kind.default_settings();
    let set = test_set(kind);
    assert!(set.iter().filter(|k| k.best.is_none()).count() >= 3, "{kind}: too few positions without a best move");
    let mut wrong = Vec::new();
    let mut kept = 0;
    for (i, known) in set.iter().enumerate() {
        let position = Position::from_code(&known.code, &settings).expect("a position of the set");
        let search = PuzzleSearch { playouts, seed: 7 + i as u64, exhaustive: false };
        let verdict = judge(&position, &[], search, None).expect("a verdict");
        if let Verdict::Clear { best, .. } = verdict {
            match &known.best {
                Some(b) if *b == best => kept += 1,
                _ => wrong.push(format!("{}: kept for {best}, known {:?}", known.code, known.best)),
            }
        }
    }
    assert!(wrong.is_empty(), "{kind}: positions kept wrongly:\n{}", wrong.join("\n"));
    (kept, set.iter().filter(|k| k.best.is_some()).count())
}

/// The finder at half its default playouts (a debug build): never a wrong puzzle,
/// and most of the known ones found. (Cabale's positions seldom have a move 15
/// points clear of the others: its set may hold positions without one alone.)
#[test]
fn the_finder_keeps_only_positions_whose_best_move_is_the_known_one() {
    let mut with_best = 0;
    for kind in GameKind::ALL {
        let (kept, known) = check_set(*kind, DEFAULT_PLAYOUTS / 2);
        assert!(2 * kept >= known, "{kind}: the finder kept {kept} of the {known} positions with a best move");
        with_best += known;
    }
    assert!(with_best >= 15, "only {with_best} positions with a best move in the whole set");
}

/// The same at the finder's own budget (run it in a release build).
#[test]
#[ignore = "the finder's whole budget on every position of the set: minutes in a debug build"]
fn the_finder_at_its_default_budget_keeps_only_known_best_moves() {
    for kind in GameKind::ALL {
        let (kept, known) = check_set(*kind, DEFAULT_PLAYOUTS);
        eprintln!("{kind}: {kept} of {known} positions with a best move kept");
        assert!(2 * kept >= known, "{kind}: the finder kept {kept} of the {known} positions with a best move");
    }
}

// ---------------------------------------------------------------------------
// The store

fn puzzle_of(game: GameId, ply: u32, player: Option<PlayerId>, community: Option<store::CommunityId>) -> NewPuzzle {
    NewPuzzle {
        game,
        ply,
        kind: GameKind::Kuba,
        seat: 0,
        player,
        community,
        code: "W6/7/7/7/7/7/4WBR w 6-6 -".into(),
        played: "e1-N".into(),
        label: PuzzleLabel::Blunder,
        best: "e1-E".into(),
        line: vec!["e1-E".into()],
        margin: 40.0,
        now: 5,
    }
}

/// A finished game between `seats` in `community`.
fn game(store: &Store, seats: &[PlayerId], community: store::CommunityId) -> GameId {
    let mut new = new_game(GameKind::Kuba, None, seats.iter().map(|p| SeatHolder::Player(*p)).collect(), false);
    new.community = Some(community);
    store.create_game(new).expect("a game").0
}

both_backends! {
    fn the_finders_queue_takes_each_game_once(db) {
        let store = db.open();
        let p = players(&store, 2);
        let here = community(&store, "room");
        let g = game(&store, &p, here);
        let queued = store.write(move |tx| Ok([store::queue_puzzle_scan(tx, g, 1)?, store::queue_puzzle_scan(tx, g, 2)?]));
        assert_eq!(queued.expect("queued"), [true, false]);
        assert_eq!(store.read(|tx| store::pending_puzzle_scans(tx, 10)).expect("pending"), vec![g]);
        assert_eq!(store.read(move |tx| store::puzzle_scan(tx, g)).expect("scan"), None, "pending");
        let done = store.write(move |tx| Ok([store::finish_puzzle_scan(tx, g, 3, 4)?, store::finish_puzzle_scan(tx, g, 1, 5)?]));
        assert_eq!(done.expect("done"), [true, false], "finished once");
        assert!(store.read(|tx| store::pending_puzzle_scans(tx, 10)).expect("pending").is_empty());
        assert_eq!(store.read(move |tx| store::puzzle_scan(tx, g)).expect("scan"), Some(3));
    }

    fn puzzles_go_to_their_player_first_then_the_community_never_to_the_opponent(db) {
        let store = db.open();
        let p = players(&store, 4);
        let (alice, bob, carol, dave) = (p[0], p[1], p[2], p[3]);
        let here = community(&store, "room");
        let elsewhere = community(&store, "other");
        let older = game(&store, &[carol, dave], here);
        let newer = game(&store, &[alice, bob], here);
        let far = game(&store, &[carol, dave], elsewhere);
        let config = RatingConfig::default();
        let ids = store
            .write(move |tx| {
                Ok([
                    store::add_puzzle(tx, &puzzle_of(older, 3, Some(carol), Some(here)), &config)?,
                    store::add_puzzle(tx, &puzzle_of(newer, 5, Some(alice), Some(here)), &config)?,
                    store::add_puzzle(tx, &puzzle_of(newer, 5, Some(alice), Some(here)), &config)?,
                    store::add_puzzle(tx, &puzzle_of(far, 2, None, Some(elsewhere)), &config)?,
                ])
            })
            .expect("stored");
        assert!(ids[0].is_some() && ids[1].is_some() && ids[3].is_some());
        assert_eq!(ids[2], None, "one puzzle per move of a game");
        let (mine, hers, far_one) = (ids[1].unwrap_or(store::PuzzleId(0)), ids[0].unwrap_or(store::PuzzleId(0)), ids[3]);
        let next = |who: PlayerId, community: Option<store::CommunityId>| {
            let ask = PuzzleAsk { player: who, kind: GameKind::Kuba, community, rating: 1500.0, easiest_first: false };
            store.read(move |tx| store::next_puzzle(tx, &ask)).expect("next").map(|(p, s)| (p.id, s))
        };
        // Alice's own first, wherever she asks; in a direct message only hers.
        assert_eq!(next(alice, Some(here)), Some((mine, PuzzleSource::Own)));
        assert_eq!(next(alice, Some(elsewhere)), Some((mine, PuzzleSource::Own)));
        assert_eq!(next(alice, None), Some((mine, PuzzleSource::Own)));
        // Bob played alice's game as her opponent: never hers; carol's game is the
        // community's.
        assert_eq!(next(bob, Some(here)), Some((hers, PuzzleSource::Community)));
        assert_eq!(next(bob, None), None);
        // Dave played carol's game: not hers, and alice's is the community's.
        assert_eq!(next(dave, Some(here)), Some((mine, PuzzleSource::Community)));
        // Elsewhere, the puzzles of elsewhere: the computer's mistake in a game dave
        // played is not for him, and is for bob.
        assert_eq!(next(dave, Some(elsewhere)), None);
        assert_eq!(next(bob, Some(elsewhere)), far_one.map(|id| (id, PuzzleSource::Community)));
        // Once given, a puzzle is not given again.
        let given = store
            .write(move |tx| {
                let new = NewAttempt { puzzle: hers, player: bob, kind: GameKind::Kuba, community: Some(here), streak: false, now: 9 };
                store::give_puzzle(tx, &new)
            })
            .expect("given")
            .expect("an attempt");
        assert!(given.rated && !given.streak && given.solved.is_none());
        assert_eq!(next(bob, Some(here)), None);
        // The token opens the puzzle; a puzzle reads back as stored.
        let row = store.read(move |tx| store::load_puzzle(tx, mine)).expect("read").expect("a puzzle");
        assert_eq!((row.game, row.ply, row.player, row.best.as_str()), (newer, 5, Some(alice), "e1-E"));
        assert_eq!((row.label, row.line.clone(), row.attempts, row.solved), (PuzzleLabel::Blunder, vec!["e1-E".to_string()], 0, 0));
        let token = row.token.clone();
        assert_eq!(store.read(move |tx| store::puzzle_of_token(tx, &token)).expect("read").map(|p| p.id), Some(mine));
        assert_eq!(store.read(move |tx| store::puzzles_of_game(tx, newer)).expect("read").len(), 1);
    }

    fn an_answer_moves_both_ratings_once_and_one_puzzle_is_open_at_a_time(db) {
        let store = db.open();
        let p = players(&store, 3);
        let here = community(&store, "room");
        let g = game(&store, &[p[0], p[1]], here);
        let config = RatingConfig::default();
        let alice = p[0];
        let (first, second) = store
            .write(move |tx| {
                let a = store::add_puzzle(tx, &puzzle_of(g, 1, Some(alice), Some(here)), &config)?;
                let b = store::add_puzzle(tx, &puzzle_of(g, 3, Some(alice), Some(here)), &config)?;
                Ok((a, b))
            })
            .expect("stored");
        let (first, second) = (first.expect("a puzzle"), second.expect("a puzzle"));
        let carol = p[2];
        let give = |puzzle, streak| {
            store.write(move |tx| {
                let new = NewAttempt { puzzle, player: carol, kind: GameKind::Kuba, community: Some(here), streak, now: 10 };
                store::give_puzzle(tx, &new)
            })
        };
        let attempt = give(first, false).expect("given").expect("an attempt");
        assert_eq!(give(second, false).expect("refused"), None, "one open puzzle per person and game");
        let open = store.read(move |tx| store::open_attempt(tx, carol, GameKind::Kuba)).expect("read");
        assert_eq!(open.map(|a| a.id), Some(attempt.id));
        let id = attempt.id;
        let answered = store.write(move |tx| store::answer_attempt(tx, id, "e1-E", 20, &config)).expect("answered");
        let answered = answered.expect("it was open");
        assert!(answered.solved && answered.after.rating > answered.before.rating);
        assert_eq!(store.write(move |tx| store::answer_attempt(tx, id, "e1-E", 21, &config)).expect("read"), None);
        let puzzle = store.read(move |tx| store::load_puzzle(tx, first)).expect("read").expect("a puzzle");
        assert!(puzzle.rating.rating < 1500.0, "solved: the puzzle loses points");
        assert_eq!((puzzle.attempts, puzzle.solved), (1, 1));
        let rating = store.read(move |tx| store::puzzle_rating(tx, carol, GameKind::Kuba, &config)).expect("read");
        let rating = rating.expect("a rating");
        assert_eq!((rating.attempts, rating.solved, rating.provisional), (1, 1, true));
        assert!((rating.rating.rating - answered.after.rating).abs() < 1e-9);
        // Given again (a streak): not rated, a wrong answer moves nothing but counts.
        let again = give(first, true).expect("given").expect("an attempt");
        assert!(!again.rated && again.streak);
        let id = again.id;
        let missed = store.write(move |tx| store::answer_attempt(tx, id, "a7-S", 30, &config)).expect("answered");
        let missed = missed.expect("it was open");
        assert!(!missed.solved);
        assert_eq!(missed.before, missed.after);
        let rating = store.read(move |tx| store::puzzle_rating(tx, carol, GameKind::Kuba, &config)).expect("read");
        assert_eq!(rating.map(|r| (r.attempts, r.solved)), Some((2, 1)));
        // The leaderboard is the community's: carol answered here.
        let board = store.read(move |tx| store::puzzle_leaderboard(tx, GameKind::Kuba, here, 10, &config)).expect("read");
        assert_eq!(board.iter().map(|r| (r.rank, r.player, r.solved)).collect::<Vec<_>>(), vec![(1, carol, 1)]);
        let other = community(&store, "other");
        let empty = store.read(move |tx| store::puzzle_leaderboard(tx, GameKind::Kuba, other, 10, &config)).expect("read");
        assert!(empty.is_empty());
        // Streaks read back as stored.
        assert_eq!(store.read(move |tx| store::streak(tx, carol, GameKind::Kuba)).expect("read"), Streak::default());
        let s = Streak { running: true, current: 3, best: 5 };
        store.write(move |tx| store::set_streak(tx, carol, GameKind::Kuba, s, 40)).expect("written");
        assert_eq!(store.read(move |tx| store::streak(tx, carol, GameKind::Kuba)).expect("read"), s);
    }
}

// ---------------------------------------------------------------------------
// The service

/// Both sides have pushed off six reds: White wins with e1-E, and e1-N lets Black win.
pub(crate) const LAST_RED: &str = "W6/7/7/7/7/7/4WBR w 6-6 -";

struct Bot {
    service: Service,
    _dir: TempDir,
}

fn bot(web_url: Option<String>) -> Bot {
    let dir = TempDir::new("puzzles-service");
    let store = Store::open(&dir.join("db.sqlite")).expect("a store");
    let options = ServiceOptions {
        scheduler: false,
        computer: ComputerOptions::deterministic(1),
        analysis: AnalysisOptions { playouts: 60, ..AnalysisOptions::default() },
        web_url,
        ..ServiceOptions::default()
    };
    let service = Service::start(store, Arc::new(TestClock::new(1_800_000_000_000)), options).expect("a service");
    Bot { service, _dir: dir }
}

fn ask(service: &Service, who: &str, command: Command) -> Vec<Reply> {
    let place = Place { community: Some("server".into()), channel: Some("chan".into()), ..Place::default() };
    let replies =
        service.handle(&Request::new(Actor::new(Platform::Discord, format!("id-{who}"), who), place, command));
    service.wait_until_idle();
    replies
}

/// `white` blunders against `black` from [`LAST_RED`], and the game is reviewed.
fn blunder(service: &Service, white: &str, black: &str) -> GameId {
    blunder_by(service, &|who, command| drop(ask(service, who, command)), &|who| format!("id-{who}"), white, black)
}

/// [`blunder`], each request made by `ask` (waiting until the service is idle), a
/// person's user id being `user_id` of their name.
pub(crate) fn blunder_by(
    service: &Service,
    ask: &dyn Fn(&str, Command),
    user_id: &dyn Fn(&str) -> String,
    white: &str,
    black: &str,
) -> GameId {
    let kind = GameKind::Kuba;
    let opponents = vec![Target::User { user_id: user_id(black), display_name: black.into(), is_bot: false }];
    let challenge = Command::Challenge {
        kind,
        opponents,
        rated: false,
        first: First::Me,
        level: None,
        settings: None,
        start: Some(LAST_RED.into()),
        time: None,
    };
    ask(white, challenge);
    ask(black, Command::Accept { kind, challenge: None });
    let game = *service.store().read(store::all_games).expect("games").last().expect("a game");
    let id = service.store().load_game(game).expect("the game").public_id.to_string();
    let on = |text: &str| Command::Move { game: GameRef { kind, id: Some(id.clone()) }, text: text.into(), at: None };
    ask(white, on("e1-N"));
    ask(black, on("f1-E"));
    ask(white, Command::Analysis { game: GameRef { kind, id: Some(id.clone()) } });
    game
}

fn puzzle(service: &Service, who: &str) -> Message {
    let replies = ask(service, who, Command::Puzzle { kind: GameKind::Kuba, mode: PuzzleMode::Next });
    replies.into_iter().next().expect("an answer").message
}

#[test]
fn a_reviewed_games_puzzle_goes_to_its_player_and_the_community_never_to_the_opponent() {
    let bot = bot(None);
    let service = &bot.service;
    let game = blunder(service, "alice", "bob");
    assert_eq!(service.store().read(move |tx| store::puzzle_scan(tx, game)).expect("read"), Some(1));
    let found = service.store().read(move |tx| store::puzzles_of_game(tx, game)).expect("read");
    assert_eq!(
        found.iter().map(|p| (p.ply, p.best.as_str(), p.played.as_str())).collect::<Vec<_>>(),
        [(1, "e1-E", "e1-N")]
    );
    let none = Message::Refused(Refusal::Puzzle(PuzzleRefusal::NoneLeft { kind: GameKind::Kuba, alone: false }));
    assert_eq!(puzzle(service, "bob"), none, "the opponent never gets it");
    assert!(matches!(
        puzzle(service, "alice"),
        Message::Puzzle(PuzzleSaid::Given { from: boardbot::service::PuzzleFrom::Own { .. }, .. })
    ));
    assert!(matches!(
        puzzle(service, "carol"),
        Message::Puzzle(PuzzleSaid::Given { from: boardbot::service::PuzzleFrom::Community, .. })
    ));
    // The menu of `solve` (Discord's completion) offers the puzzle's moves, to the
    // person whose puzzle it is; nobody else has one.
    let place = Place { community: Some("server".into()), channel: Some("chan".into()), ..Place::default() };
    let menu =
        service.solve_menu(&Actor::new(Platform::Discord, "id-carol", "carol"), &place, Some(GameKind::Kuba), "e1");
    let values: Vec<String> = menu.choices.iter().filter_map(boardbot::service::Action::menu_value).collect();
    assert_eq!(values, ["e1-N", "e1-E"]);
    let none = service.solve_menu(&Actor::new(Platform::Discord, "id-bob", "bob"), &place, Some(GameKind::Kuba), "");
    assert!(none.choices.is_empty());
    // Answered by a move that is not legal there: refused, still open.
    let refused = ask(service, "carol", Command::Solve { kind: GameKind::Kuba, text: "e1-W".into() });
    assert!(matches!(refused[0].message, Message::Refused(Refusal::Illegal(_))), "{:?}", refused[0].message);
    let right = ask(service, "carol", Command::Solve { kind: GameKind::Kuba, text: "e1 right".into() });
    let Message::Puzzle(PuzzleSaid::Answered { solved, answer, rating, .. }) = &right[0].message else {
        panic!("{:?}", right[0].message)
    };
    assert!(*solved && answer == "e1-E", "a lenient form is read as the move");
    assert!(rating.is_some_and(|r| r.delta > 0));
    assert!(right[0].only_actor && right[0].delivery.is_some(), "kept as the request's answer");
}

#[test]
fn a_puzzles_page_shows_its_position_and_checks_an_answer() {
    use tower::ServiceExt as _;
    let bot = bot(Some("https://boards.example.org".into()));
    let service = &bot.service;
    blunder(service, "alice", "bob");
    let Message::Puzzle(PuzzleSaid::Given { page: Some(url), .. }) = puzzle(service, "alice") else {
        panic!("no page")
    };
    let path = url.strip_prefix("https://boards.example.org").expect("under the public address").to_string();
    assert!(path.starts_with("/p/"));
    let options = boardbot::web::WebOptions {
        public_url: "https://boards.example.org".into(),
        requests_per_minute: 1_000,
        trust_forwarded_for: false,
        poll: std::time::Duration::from_secs(1),
        actions_per_minute: 30,
        activity: None,
    };
    let router = boardbot::web::router(service.pages(), &options);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let get = |path: String| {
        let router = router.clone();
        runtime.block_on(async move {
            let request = axum::http::Request::get(path).body(axum::body::Body::empty()).expect("a request");
            let response = router.oneshot(request).await.expect("an answer");
            let status = response.status().as_u16();
            let cache = response.headers().get("cache-control").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
            let body = axum::body::to_bytes(response.into_body(), 1 << 24).await.expect("a body");
            (status, cache, body.to_vec())
        })
    };
    let (status, cache, body) = get(path.clone());
    let page = String::from_utf8_lossy(&body).into_owned();
    assert_eq!((status, cache.as_str()), (200, "public, max-age=60"));
    assert!(page.contains("White to move: find the best move."), "{page}");
    assert!(page.contains(&format!("{path}/position-en.png")) && page.contains("name=\"move\""));
    assert!(!page.contains("e1-E"), "the answer is not on the page before it is asked");
    let (status, cache, body) = get(format!("{path}?move=e1-E"));
    let page = String::from_utf8_lossy(&body).into_owned();
    assert_eq!((status, cache.as_str()), (200, "no-store"));
    assert!(page.contains("Right: e1-E is the best move.") && page.contains(&format!("{path}/line-en.png")), "{page}");
    let (_, _, body) = get(format!("{path}?move=a7-S"));
    assert!(String::from_utf8_lossy(&body).contains("Not the best move: a7-S. The best was e1-E."));
    let (_, _, body) = get(format!("{path}?move=zz"));
    assert!(String::from_utf8_lossy(&body).contains("zz cannot be played here."));
    for picture in ["position-en.png", "line-fr.png"] {
        let (status, cache, body) = get(format!("{path}/{picture}"));
        assert_eq!((status, cache.as_str()), (200, "public, max-age=31536000, immutable"), "{picture}");
        assert!(body.starts_with(b"\x89PNG"), "{picture}");
    }
    for missing in [
        format!("{path}/line-xx.png"),
        format!("{path}/other-en.png"),
        "/p/abcdefghijklmnopqrstuvwxyz".into(),
        "/p/short".into(),
    ] {
        assert_eq!(get(missing.clone()).0, 404, "{missing}");
    }
    // The page's answers count for no one: alice's puzzle is still open.
    let open = ask(service, "alice", Command::Puzzle { kind: GameKind::Kuba, mode: PuzzleMode::Next });
    assert!(matches!(open[0].message, Message::Puzzle(PuzzleSaid::Given { again: true, .. })));
}

/// `boardbot db copy` carries the puzzles across back ends: every table, its
/// booleans and reals, both ways.
#[test]
fn the_puzzles_tables_copy_to_postgres_and_back() {
    let Some(pg) = common::store::TestDb::postgres("puzzles-copy") else { return };
    let dir = TempDir::new("puzzles-copy");
    let source = Store::open(&dir.join("source.sqlite")).expect("a store");
    let p = players(&source, 3);
    let here = community(&source, "room");
    let g = game(&source, &[p[0], p[1]], here);
    let config = RatingConfig::default();
    let carol = p[2];
    source
        .write(move |tx| {
            store::queue_puzzle_scan(tx, g, 1)?;
            store::finish_puzzle_scan(tx, g, 2, 2)?;
            let first = store::add_puzzle(tx, &puzzle_of(g, 1, Some(p[0]), Some(here)), &config)?;
            let second = store::add_puzzle(tx, &puzzle_of(g, 3, None, Some(here)), &config)?;
            for (puzzle, streak) in [(first, false), (second, true)] {
                let puzzle = puzzle.ok_or_else(|| store::StoreError::Internal("no puzzle".into()))?;
                let new =
                    NewAttempt { puzzle, player: carol, kind: GameKind::Kuba, community: Some(here), streak, now: 3 };
                if let Some(a) = store::give_puzzle(tx, &new)? {
                    store::answer_attempt(tx, a.id, if streak { "a7-S" } else { "e1-E" }, 4, &config)?;
                }
            }
            store::set_streak(tx, carol, GameKind::Kuba, Streak { running: false, current: 1, best: 1 }, 5)?;
            Ok(())
        })
        .expect("filled");
    let dump = |store: &Store| {
        store
            .read(|tx| {
                let mut out = vec![format!("{:?}", store::puzzles_of_game(tx, g)?)];
                for id in 1..=2 {
                    out.push(format!("{:?}", store::load_attempt(tx, store::AttemptId(id))?));
                }
                out.push(format!("{:?}", store::puzzle_rating(tx, carol, GameKind::Kuba, &config)?));
                out.push(format!("{:?}", store::streak(tx, carol, GameKind::Kuba)?));
                out.push(format!("{:?}", store::puzzle_scan(tx, g)?));
                out.push(format!("{:?}", store::puzzle_leaderboard(tx, GameKind::Kuba, here, 10, &config)?));
                Ok(out)
            })
            .expect("read")
    };
    let before = dump(&source);
    assert!(before[1].contains("streak: false") && before[2].contains("streak: true"), "{before:?}");
    let middle = pg.open();
    let report = source.copy_to(&middle, |_, _| {}).expect("copied to PostgreSQL");
    for table in ["puzzle_scans", "puzzles", "puzzle_attempts", "puzzle_ratings", "puzzle_streaks"] {
        assert!(report.tables.iter().any(|(t, n)| t == table && *n > 0), "{table}: {report:?}");
    }
    assert_eq!(dump(&middle), before);
    let back = Store::open(&dir.join("back.sqlite")).expect("a store");
    middle.copy_to(&back, |_, _| {}).expect("copied back");
    assert_eq!(dump(&back), before);
}

#[test]
fn a_streak_that_runs_out_of_puzzles_ends_and_is_kept_as_the_best() {
    let bot = bot(None);
    let service = &bot.service;
    blunder(service, "alice", "bob");
    let streak = |who: &str| ask(service, who, Command::Puzzle { kind: GameKind::Kuba, mode: PuzzleMode::Streak });
    let given = streak("erin");
    assert!(
        matches!(given[0].message, Message::Puzzle(PuzzleSaid::Given { streak: Some(0), .. })),
        "{:?}",
        given[0].message
    );
    let solved = ask(service, "erin", Command::Solve { kind: GameKind::Kuba, text: "e1-E".into() });
    assert_eq!(solved.len(), 1, "no next puzzle");
    let Message::Puzzle(PuzzleSaid::Answered { streak: Some(s), rating, .. }) = &solved[0].message else {
        panic!("{:?}", solved[0].message)
    };
    assert_eq!((s.count, s.best, s.going, s.exhausted), (1, 1, false, true));
    assert_eq!(*rating, None, "a streak's answers are not rated");
    let none = Message::Refused(Refusal::Puzzle(PuzzleRefusal::NoneLeft { kind: GameKind::Kuba, alone: false }));
    assert_eq!(streak("erin")[0].message, none);
    let Message::Puzzle(PuzzleSaid::Rating { rating, attempts, solved, best_streak, .. }) =
        &ask(service, "erin", Command::Puzzle { kind: GameKind::Kuba, mode: PuzzleMode::Rating })[0].message
    else {
        panic!("no rating")
    };
    assert_eq!((rating.map(|r| r.value), *attempts, *solved, *best_streak), (Some(1500), 1, 1, 1));
    // The leaderboard is a community's: refused in a direct message.
    let dm = Place { channel: Some("dm-erin".into()), ..Place::default() };
    let request = Request::new(
        Actor::new(Platform::Discord, "id-erin", "erin"),
        dm,
        Command::Puzzle { kind: GameKind::Kuba, mode: PuzzleMode::Leaderboard },
    );
    let refused = service.handle(&request);
    assert_eq!(refused[0].message, Message::Refused(Refusal::Puzzle(PuzzleRefusal::NoCommunity(GameKind::Kuba))));
}
