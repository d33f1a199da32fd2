//! A puzzle's page played signed in (issue #52, on top of #51's sessions): the real
//! server on a loopback port over a running service whose review and puzzle finder
//! made a puzzle from a blunder. Signed in, the page's board offers the position's
//! moves and a move sent with the session's form token is answered as `/kuba solve`
//! is: rated once, a second answer refused, the game's opponent refused, a forged or
//! missing form token, cookie or origin refused with nothing stored; a puzzle given in
//! chat is answered on its page as in chat; signed out, the form checks an answer
//! for no one's rating.

use boardbot::games::GameKind;
use boardbot::rating::RatingConfig;
use boardbot::service::{AnalysisOptions, Command, ComputerOptions, Message, PuzzleMode, PuzzleSaid, ServiceOptions};
use boardbot::store::{self, GameId, PlayerId};

use crate::common::store::{both_backends, TestDb};
use crate::puzzles::blunder_by;
use crate::web_play::{buttons, field, get, post, world_with, World, SAME_SITE};

/// The pages over a service with the computer's review and finder, a puzzle made from
/// alice's blunder against bob: the world, the game and the puzzle page's path.
fn puzzle_world(db: &TestDb) -> (World, GameId, String) {
    let options = ServiceOptions {
        computer: ComputerOptions::deterministic(1),
        analysis: AnalysisOptions { playouts: 60, ..AnalysisOptions::default() },
        ..ServiceOptions::default()
    };
    let w = world_with(db, 1_000, options);
    let ask = |who: &str, command: Command| {
        w.ask(who, command);
        w.service.wait_until_idle();
    };
    let game = blunder_by(&w.service, &ask, &|who| who.to_string(), "alice", "bob");
    let found = w.service.store().read(move |tx| store::puzzles_of_game(tx, game)).expect("read");
    let [puzzle] = found.as_slice() else { panic!("one puzzle: {found:?}") };
    assert_eq!((puzzle.best.as_str(), puzzle.played.as_str()), ("e1-E", "e1-N"));
    let path = format!("/p/{}", puzzle.token);
    (w, game, path)
}

/// What the store holds of `who`'s puzzles: their puzzle rating (value, attempts,
/// solved), whether one waits for them, and the answers the game's puzzle got.
fn held(w: &World, game: GameId, who: &str) -> (Option<(i64, u32, u32)>, bool, u32) {
    let store = w.service.store();
    let me: Option<PlayerId> = store.player_id(boardbot::config::Platform::Terminal, who).expect("read");
    store
        .read(move |tx| {
            let answers = store::puzzles_of_game(tx, game)?.first().map_or(0, |p| p.attempts);
            let Some(me) = me else { return Ok((None, false, answers)) };
            let rating = store::puzzle_rating(tx, me, GameKind::Kuba, &RatingConfig::default())?
                .map(|r| (r.rating.rating.round() as i64, r.attempts, r.solved));
            let open = store::open_attempt(tx, me, GameKind::Kuba)?.is_some();
            Ok((rating, open, answers))
        })
        .expect("read")
}

/// A request's extra headers.
type Headers<'a> = &'a [(&'a str, &'a str)];

both_backends! {
    fn a_signed_in_answer_on_the_page_counts_once_and_never_for_the_opponent(db) {
        let (w, game, path) = puzzle_world(db);
        let solve = format!("{path}/solve");
        let carol = w.sign_in(&w.link("carol"));
        // Signed in: the board's squares are buttons, the page says what an answer does.
        let page = get(w.addr, &path, Some(&carol));
        assert_eq!(page.status, 200);
        assert_eq!(page.header("cache-control"), Some("private, no-store"));
        let html = page.text();
        assert_eq!(buttons(&html, "pick").len(), 49, "{html}");
        assert!(html.contains("This puzzle was not given to you in chat"), "{html}");
        assert!(html.contains("/assets/play.js") && html.contains(&format!("action=\"{solve}\"")), "{html}");
        assert!(!html.contains("e1-E") && !html.contains("count for no one"), "{html}");
        let picked = get(w.addr, &format!("{path}?pick=e1"), Some(&carol)).text();
        assert_eq!(buttons(&picked, "move"), ["e1-N", "e1-E"], "{picked}");
        let (csrf, key) = (field(&picked, "csrf"), field(&picked, "key"));
        let nothing = (None, false, 0);
        // Refused before the service sees it: no form token, a forged one, no cookie,
        // another person's cookie, another site. Nothing stored.
        let dave = w.sign_in(&w.link("dave"));
        let cross: Headers = &[("Sec-Fetch-Site", "cross-site")];
        let elsewhere: Headers = &[("Origin", "http://evil.example")];
        let (c, k) = (csrf.as_str(), key.as_str());
        let refused_with = |form: &[(&str, &str)], session: Option<&str>, origin: Headers| {
            let answer = post(w.addr, &solve, form, session, origin);
            assert_eq!(answer.status, 403, "{form:?} {origin:?}: {}", answer.text());
            assert_eq!(held(&w, game, "carol"), nothing);
            assert_eq!(held(&w, game, "dave").0, None);
        };
        refused_with(&[("key", k), ("move", "e1-E")], Some(&carol), SAME_SITE);
        refused_with(&[("csrf", "forged"), ("key", k), ("move", "e1-E")], Some(&carol), SAME_SITE);
        let sent = [("csrf", c), ("key", k), ("move", "e1-E")];
        refused_with(&sent, None, SAME_SITE);
        refused_with(&sent, Some(&dave), SAME_SITE);
        refused_with(&sent, Some(&carol), cross);
        refused_with(&sent, Some(&carol), elsewhere);
        // A move that cannot be played there: refused in chat's words, nothing given.
        let illegal = post(w.addr, &solve, &[("csrf", &csrf), ("key", &key), ("move", "e1-W")], Some(&carol), SAME_SITE);
        assert_eq!(illegal.status, 422, "{}", illegal.text());
        assert!(illegal.text().contains("class=\"refused\""), "{}", illegal.text());
        assert_eq!(held(&w, game, "carol"), nothing, "a refused answer gives nothing");
        // The right move: rated, once.
        let key = field(&illegal.text(), "key");
        let right = post(w.addr, &solve, &[("csrf", &csrf), ("key", &key), ("move", "e1-E")], Some(&carol), SAME_SITE);
        assert_eq!(right.status, 200, "{}", right.text());
        let html = right.text();
        assert!(html.contains("Right: e1-E is the best move (puzzle 1).") && html.contains("Your puzzle rating: "), "{html}");
        assert!(html.contains("You have answered this puzzle") && html.contains("/line-en.png"), "{html}");
        assert!(buttons(&html, "pick").is_empty(), "answered: nothing to play");
        let after = held(&w, game, "carol");
        let Some((rating, 1, 1)) = after.0 else { panic!("{after:?}") };
        assert!(rating > 1500, "{after:?}");
        assert_eq!((after.1, after.2), (false, 1));
        // The same form sent again is the same answer; another answer is refused.
        let again = post(w.addr, &solve, &[("csrf", &csrf), ("key", &key), ("move", "e1-E")], Some(&carol), SAME_SITE);
        assert_eq!(again.status, 200, "{}", again.text());
        assert!(again.text().contains("Right: e1-E is the best move (puzzle 1)."));
        let other = post(w.addr, &solve, &[("csrf", &csrf), ("key", "another"), ("move", "e1-N")], Some(&carol), SAME_SITE);
        assert_eq!(other.status, 422, "{}", other.text());
        assert!(other.text().contains("You have answered Kuba puzzle 1 already"), "{}", other.text());
        assert_eq!(held(&w, game, "carol"), after, "counted once");
        let shown = get(w.addr, &path, Some(&carol)).text();
        assert!(shown.contains("Right: e1-E is the best move.") && shown.contains("You have answered this puzzle"));
        // A wrong move by another person: their rating goes down.
        let erin = w.sign_in(&w.link("erin"));
        let page = get(w.addr, &path, Some(&erin)).text();
        let wrong = post(
            w.addr,
            &solve,
            &[("csrf", &field(&page, "csrf")), ("key", &field(&page, "key")), ("move", "e1-N")],
            Some(&erin),
            SAME_SITE,
        );
        assert_eq!(wrong.status, 200, "{}", wrong.text());
        assert!(wrong.text().contains("Not the best move: e1-N. The best was e1-E (puzzle 1)."), "{}", wrong.text());
        let Some((rating, 1, 0)) = held(&w, game, "erin").0 else { panic!("{:?}", held(&w, game, "erin")) };
        assert!(rating < 1500);
        // bob played the other side: never his to answer.
        let bob = w.sign_in(&w.link("bob"));
        let page = get(w.addr, &path, Some(&bob)).text();
        assert!(page.contains("You played the other side of this game") && buttons(&page, "pick").is_empty(), "{page}");
        let csrf = field(&page, "csrf");
        let refused = post(w.addr, &solve, &[("csrf", &csrf), ("key", "bobs"), ("move", "e1-E")], Some(&bob), SAME_SITE);
        assert_eq!(refused.status, 422, "{}", refused.text());
        assert!(refused.text().contains("You played the other side of the game Kuba puzzle 1 comes from"), "{}", refused.text());
        assert_eq!(held(&w, game, "bob"), (None, false, 2));
    }
}

#[test]
fn a_puzzle_given_in_chat_is_answered_on_its_page_as_in_chat() {
    let db = TestDb::sqlite("puzzle-page-chat");
    let (w, game, path) = puzzle_world(&db);
    let given = w.ask("alice", Command::Puzzle { kind: GameKind::Kuba, mode: PuzzleMode::Next });
    let Message::Puzzle(PuzzleSaid::Given { page: Some(url), .. }) = &given[0].message else {
        panic!("{:?}", given[0].message)
    };
    assert!(url.ends_with(&path), "{url}");
    let alice = w.sign_in(&w.link("alice"));
    let page = get(w.addr, &path, Some(&alice)).text();
    assert!(page.contains("Your answer counts for your puzzle rating, as in chat"), "{page}");
    let (csrf, key) = (field(&page, "csrf"), field(&page, "key"));
    let answered = post(
        w.addr,
        &format!("{path}/solve"),
        &[("csrf", &csrf), ("key", &key), ("move", "e1 right")],
        Some(&alice),
        SAME_SITE,
    );
    assert_eq!(answered.status, 200, "{}", answered.text());
    assert!(answered.text().contains("Right: e1-E is the best move (puzzle 1)."), "{}", answered.text());
    assert!(matches!(held(&w, game, "alice"), (Some((_, 1, 1)), false, 1)));
    // The puzzle is answered: chat has nothing left to solve.
    let solve = w.ask("alice", Command::Solve { kind: GameKind::Kuba, text: "e1-E".into() });
    assert!(matches!(solve[0].message, Message::Refused(_)), "{:?}", solve[0].message);
    assert!(matches!(held(&w, game, "alice"), (Some((_, 1, 1)), false, 1)));
}

#[test]
fn signed_out_the_page_checks_an_answer_for_no_one_and_says_how_to_sign_in() {
    let db = TestDb::sqlite("puzzle-page-out");
    let (w, game, path) = puzzle_world(&db);
    let page = get(w.addr, &path, None);
    assert_eq!((page.status, page.header("cache-control")), (200, Some("public, max-age=60")));
    let html = page.text();
    assert!(html.contains("Sign in with /boardbot web login in chat"), "{html}");
    assert!(buttons(&html, "pick").is_empty() && !html.contains("/assets/play.js"), "{html}");
    let checked = get(w.addr, &format!("{path}?move=e1-E"), None);
    assert_eq!(checked.header("cache-control"), Some("no-store"));
    assert!(checked.text().contains("Right: e1-E is the best move."), "{}", checked.text());
    assert_eq!(held(&w, game, "alice"), (None, false, 0), "nobody's answer");
    // A signed-in person's query is not checked: their answer is the rated one.
    let carol = w.sign_in(&w.link("carol"));
    let peek = get(w.addr, &format!("{path}?move=e1-E"), Some(&carol)).text();
    assert!(!peek.contains("Right: e1-E"), "{peek}");
    assert_eq!(held(&w, game, "carol"), (None, false, 0));
}

#[test]
fn a_streaks_puzzle_answered_on_its_page_goes_on_as_in_chat_unrated() {
    let db = TestDb::sqlite("puzzle-page-streak");
    let (w, game, path) = puzzle_world(&db);
    let given = w.ask("erin", Command::Puzzle { kind: GameKind::Kuba, mode: PuzzleMode::Streak });
    assert!(matches!(given[0].message, Message::Puzzle(PuzzleSaid::Given { streak: Some(0), .. })));
    let erin = w.sign_in(&w.link("erin"));
    let page = get(w.addr, &path, Some(&erin)).text();
    assert!(page.contains("This puzzle is part of your streak"), "{page}");
    let (csrf, key) = (field(&page, "csrf"), field(&page, "key"));
    let answered = post(
        w.addr,
        &format!("{path}/solve"),
        &[("csrf", &csrf), ("key", &key), ("move", "e1-E")],
        Some(&erin),
        SAME_SITE,
    );
    assert_eq!(answered.status, 200, "{}", answered.text());
    let html = answered.text();
    assert!(html.contains("No puzzle is left for you: your streak ends at 1 (best 1)."), "{html}");
    assert!(!html.contains("Your puzzle rating:"), "a streak's answers are not rated: {html}");
    assert!(matches!(held(&w, game, "erin"), (Some((1500, 1, 1)), false, 1)));
}
