//! Animated replays, rating charts and review charts: golden frames and golden charts (compared
//! as `render_golden` compares pictures; bless with `BOARDBOT_BLESS=1`), every
//! frame decodes and there is one per move plus the start, a replay fitted to a
//! byte limit stays within it, every game of `tests/sessions/` replays, and the
//! command line (`boardbot replay`, `boardbot db export --gif`).

use crate::common;
use crate::render_golden::{compare, golden_dir};

use boardbot::games::{BoardView, GameKind, Position};
use boardbot::render::chart::{chart, ChartOptions, DateUnit, RatingPoint, Series};
use boardbot::render::replay::{replay, replay_within, ReplayOptions, Speed, FIT_FLOOR_PX};
use boardbot::render::review::{review_chart, ChanceLine, Flag, Moment, ReviewOptions, Severity};
use boardbot::render::MIN_SIZE;
use common::bin::{boardbot, stderr, stdout};
use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, RgbaImage};

/// Eight moves of Kuba with two captures (greedy play, seed 3).
const KUBA: [&str; 8] = ["b7-S", "b1-N", "b5-E", "b2-N", "b6-S", "b3-E", "f1-N", "f2-N"];

/// The start of `kind` (or `from`), then the position after each move with it
/// highlighted, as a caller builds them.
fn views(kind: GameKind, from: Option<&str>, settings: Option<&str>, moves: &[&str]) -> Vec<BoardView> {
    let mut position = Position::setup(kind, from, settings).expect("the setup");
    let word = |v| boardbot::present::view::worded(v, boardbot::lang::Lang::En);
    let mut out = vec![word(position.view(None))];
    for m in moves {
        let played = position.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        out.push(word(position.view(Some(played.view))));
    }
    out
}

/// [`views`] of a game resigned after `moves`, as the service gives them: the final
/// view has nobody to move, nor to move again (`BoardView::ended`).
fn resigned_views(kind: GameKind, moves: &[&str]) -> Vec<BoardView> {
    let mut out = views(kind, None, None, moves);
    let mut position = Position::setup(kind, None, None).expect("the setup");
    let mut last = None;
    for m in moves {
        last = Some(position.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}")).view);
    }
    if let Some(final_view) = out.last_mut() {
        *final_view = boardbot::present::view::worded(position.view(last).ended(), boardbot::lang::Lang::En);
    }
    out
}

/// A drawn picture as the image crate holds it.
fn rgb_image(pixels: boardbot::render::Pixels) -> image::RgbImage {
    image::RgbImage::from_raw(pixels.width, pixels.height, pixels.rgb).expect("width × height pixels")
}

/// Every frame of a GIF as shown (each drawn over the ones before), with its delay
/// in milliseconds.
fn frames(gif: &[u8]) -> Vec<(RgbaImage, u32)> {
    let decoder = GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF header");
    let frames = decoder.into_frames().collect_frames().expect("every frame decodes");
    frames
        .into_iter()
        .map(|f| {
            let (n, d) = f.delay().numer_denom_ms();
            (f.into_buffer(), n / d.max(1))
        })
        .collect()
}

fn png(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::DynamicImage::ImageRgba8(img.clone())
        .to_rgb8()
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("PNG encoding");
    out
}

/// Compares `pictures` (name, PNG) with their golden files, or writes them when
/// blessing.
pub(crate) fn check_golden(pictures: &[(String, Vec<u8>)]) {
    let bless = std::env::var_os("BOARDBOT_BLESS").is_some_and(|v| v == "1");
    let dir = golden_dir();
    let mut failures = Vec::new();
    for (name, got) in pictures {
        let path = dir.join(format!("{name}.png"));
        if bless {
            std::fs::write(&path, got).expect("the golden file can be written");
            continue;
        }
        match std::fs::read(&path) {
            Ok(want) => {
                if let Err(e) = compare(name, got, &want) {
                    let actual = std::env::temp_dir().join(format!("{name}.actual.png"));
                    let _ = std::fs::write(&actual, got);
                    failures.push(format!("{e} (new picture: {})", actual.display()));
                }
            }
            Err(e) => failures.push(format!("{name}: no golden file ({e}); bless with BOARDBOT_BLESS=1")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn kuba_options() -> ReplayOptions {
    ReplayOptions {
        size_px: 320,
        names: vec!["Ada".into(), "Grace".into()],
        result: Some("Grace resigned".into()),
        ..ReplayOptions::default()
    }
}

#[test]
fn replay_frames_match_the_golden_files() {
    let gif = replay(&resigned_views(GameKind::Kuba, &KUBA), &kuba_options()).expect("a replay");
    let shown = frames(&gif);
    assert_eq!(shown.len(), KUBA.len() + 1);
    let pick = [("first", 0), ("middle", KUBA.len() / 2), ("last", KUBA.len())];
    let pictures: Vec<(String, Vec<u8>)> =
        pick.iter().map(|(name, i)| (format!("replay-kuba-{name}"), png(&shown[*i].0))).collect();
    check_golden(&pictures);
}

/// Each shown frame is the picture of its position: against `render`'s own
/// drawing of the same view (the panel as tall as the replay's), few pixels
/// differ beyond the palette's rounding.
#[test]
fn each_frame_shows_its_position() {
    let views = views(GameKind::Kuba, None, None, &KUBA);
    let options = kuba_options();
    let shown = frames(&replay(&views, &options).expect("a replay"));
    let draw = boardbot::render::RenderOptions { size_px: 320, flip: false, names: options.names.clone() };
    // The middle frames have the replay's panel, one line taller than theirs
    // alone (the result's line): compare the boards, below the panels.
    for i in [1, 4, 7] {
        let alone = rgb_image(boardbot::render::draw(&views[i], &draw).expect("a picture"));
        let (w, h) = alone.dimensions();
        let (fw, fh) = shown[i].0.dimensions();
        assert_eq!(fw, w);
        assert!(fh >= h, "frame {i}: {fh} < {h}");
        let off = fh - h;
        let far = (h / 2..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let (a, b) = (alone.get_pixel(x, y).0, shown[i].0.get_pixel(x, y + off).0);
                (0..3).any(|c| a[c].abs_diff(b[c]) > 40)
            })
            .count();
        assert!(far * 200 < (w * h / 2) as usize, "frame {i}: {far} pixels differ");
    }
}

/// A resigned game's final frame shows the result and marks nobody to move, though
/// its position still names whose turn it was: it is the picture of that view with
/// no one to move, not of the view as the position gives it.
#[test]
fn the_final_frame_of_a_finished_game_marks_nobody_to_move() {
    let views = views(GameKind::Kuba, None, None, &KUBA);
    let options = kuba_options();
    let shown = frames(&replay(&views, &options).expect("a replay"));
    let last = &shown[KUBA.len()].0;
    let draw = boardbot::render::RenderOptions { size_px: 320, flip: false, names: options.names.clone() };
    let mut over = views[KUBA.len()].clone();
    assert!(over.to_move.is_some(), "the position still has someone to move");
    over.result = options.result.clone();
    let marked = rgb_image(boardbot::render::draw(&over, &draw).expect("a picture"));
    over.to_move = None;
    let unmarked = rgb_image(boardbot::render::draw(&over, &draw).expect("a picture"));
    let far = |picture: &image::RgbImage| {
        assert_eq!(picture.dimensions(), last.dimensions());
        picture
            .enumerate_pixels()
            .filter(|(x, y, p)| (0..3).any(|c| p.0[c].abs_diff(last.get_pixel(*x, *y).0[c]) > 40))
            .count()
    };
    let (to_unmarked, to_marked) = (far(&unmarked), far(&marked));
    assert!(to_unmarked * 200 < (last.width() * last.height()) as usize, "{to_unmarked} pixels differ");
    assert!(to_unmarked < to_marked, "{to_unmarked} pixels differ from nobody to move, {to_marked} from the mark");
}

#[test]
fn every_game_gives_a_frame_per_move_plus_the_start() {
    let cases: [(GameKind, Option<&str>, &[&str]); 4] = [
        (GameKind::Kuba, None, &["g2-W", "a2-E", "f2-W"]),
        (GameKind::Kewbz, None, &["d4", "e4", "d5", "f5"]),
        (
            GameKind::Cabale,
            Some(r#"{"players":3}"#),
            &["@A3", "@I7", "@D1", "A3>E3>E8+#F2|F3", "I7>F4>C4+xD2#D4|E5", "D1>C1>C2+xE3#F5|F6"],
        ),
        (GameKind::Nuba, None, &["X@c2", "1@a5", "2@b2"]),
    ];
    for (kind, settings, moves) in cases {
        for speed in Speed::ALL {
            let options = ReplayOptions { size_px: 240, speed, flip: true, ..ReplayOptions::default() };
            let gif = replay(&views(kind, None, settings, moves), &options).unwrap_or_else(|e| panic!("{kind}: {e}"));
            let shown = frames(&gif);
            assert_eq!(shown.len(), moves.len() + 1, "{kind}");
            let size = shown[0].0.dimensions();
            assert!(shown.iter().all(|(f, _)| f.dimensions() == size), "{kind}: frames of one size");
            assert_eq!(size.0, 240);
            let delays: Vec<u32> = shown.iter().map(|(_, d)| *d).collect();
            let (last, before) = delays.split_last().expect("frames");
            assert!(before.iter().all(|d| *d == u32::from(speed.move_cs()) * 10), "{kind} {speed:?}: {delays:?}");
            assert_eq!(*last, u32::from(speed.final_cs()) * 10, "{kind}");
            // Consecutive frames differ: each shows its move.
            assert!(shown.windows(2).all(|w| w[0].0 != w[1].0), "{kind}");
        }
    }
}

#[test]
fn a_replay_of_the_start_alone_is_one_frame_and_nothing_is_refused() {
    let start = views(GameKind::Nuba, None, None, &[]);
    let shown = frames(&replay(&start, &ReplayOptions::default()).expect("a replay"));
    assert_eq!(shown.len(), 1);
    assert!(replay(&[], &ReplayOptions::default()).is_err());
    let tiny = ReplayOptions { size_px: 20, ..ReplayOptions::default() };
    assert!(replay(&start, &tiny).is_err());
}

/// A Kuba game of `moves` seeded random moves that do not end it.
fn long_kuba(moves: usize) -> Vec<BoardView> {
    let mut rng = common::store::Rng(17);
    let mut position = Position::start(&GameKind::Kuba.default_settings());
    let mut texts = Vec::new();
    for _ in 0..moves {
        let legal = position.legal_moves();
        let quiet = (0..8).find_map(|_| {
            let m = &legal[(rng.next() % legal.len() as u64) as usize];
            let mut next = position.clone();
            (next.play(m).is_ok() && next.outcome().is_none()).then(|| m.to_string())
        });
        let Some(text) = quiet else { break };
        position.play_text(&text).expect("a legal move");
        texts.push(text);
    }
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    views(GameKind::Kuba, None, None, &texts)
}

#[test]
fn a_replay_over_the_limit_is_made_smaller_then_sampled_and_stays_within() {
    let views = long_kuba(40);
    assert_eq!(views.len(), 41);
    let options = ReplayOptions { size_px: 480, ..ReplayOptions::default() };
    let whole = replay(&views, &options).expect("a replay");
    let roomy = replay_within(&views, &options, whole.len()).expect("fitted");
    assert!(roomy.is_whole(&options));
    assert_eq!(roomy.gif, whole);

    // Four fifths of the bytes: drawn smaller, every frame kept.
    let limit = whole.len() * 4 / 5;
    let smaller = replay_within(&views, &options, limit).expect("fitted");
    assert!(smaller.gif.len() <= limit && smaller.within_limit);
    assert!(smaller.size_px < 480 && smaller.size_px >= FIT_FLOOR_PX, "{}", smaller.size_px);
    assert_eq!((smaller.every_nth, smaller.frames), (1, 41));
    let shown = frames(&smaller.gif);
    assert_eq!(shown.len(), 41);
    assert_eq!(shown[0].0.width(), smaller.size_px);

    // A fifth: at the floor, only some positions, the start and the end kept.
    let limit = whole.len() / 5;
    let sampled = replay_within(&views, &options, limit).expect("fitted");
    assert!(sampled.gif.len() <= limit && sampled.within_limit, "{} > {limit}", sampled.gif.len());
    assert_eq!(sampled.size_px, FIT_FLOOR_PX);
    assert!(sampled.every_nth > 1 && sampled.frames < 41 && sampled.frames >= 2);
    assert_eq!(frames(&sampled.gif).len(), sampled.frames);
    assert!(!sampled.is_whole(&options));

    // Below what any picture takes: the final position alone, as small as it gets.
    let hopeless = replay_within(&views, &options, 100).expect("never refused");
    assert!(!hopeless.within_limit);
    assert_eq!((hopeless.frames, hopeless.size_px), (1, MIN_SIZE));
    let last = frames(&hopeless.gif);
    assert_eq!(last.len(), 1);
}

/// Plays a session file's inputs through the terminal as `chat_sessions` does,
/// without checking what is printed, and gives its folder (removed on drop) and
/// its database.
fn play_session(name: &str) -> (common::store::TempDir, std::path::PathBuf) {
    use crate::chat_sessions::{bind_ids, start, substitute, SESSION_START};
    let file = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sessions").join(format!("{name}.txt"));
    let script = std::fs::read_to_string(&file).expect("the session file");
    let dir = common::store::TempDir::new(&format!("replay-session-{name}"));
    let db = dir.join("boardbot.sqlite");
    let out = common::output::Shared::default();
    let clock = std::sync::Arc::new(boardbot::service::TestClock::new(SESSION_START));
    let terminal = |service: &boardbot::service::Service| {
        boardbot::chat::terminal::Terminal::new(service.clone(), Box::new(out.clone()), dir.join("boards"))
            .with_clock(clock.clone())
    };
    let mut service = start(&db, &clock);
    let mut term = terminal(&service);
    term.run(&mut std::io::empty(), false).expect("the terminal runs");
    let mut ids = Vec::new();
    bind_ids(&out.take(), &mut ids);
    for line in script.lines() {
        if let Some(input) = line.strip_prefix("> ") {
            term.line(&substitute(input, &ids)).expect("the terminal writes");
        } else if line.trim() == "=== restart" {
            drop(term);
            drop(service);
            service = start(&db, &clock);
            term = terminal(&service);
            term.run(&mut std::io::empty(), false).expect("the terminal runs");
        }
        bind_ids(&out.take(), &mut ids);
    }
    drop(term);
    drop(service);
    (dir, db)
}

/// Replays every game the session files play: each session is played, then each
/// stored game drawn by `db export --gif` and decoded.
#[test]
fn every_session_game_replays() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the sessions")
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".txt").map(str::to_string))
        .collect();
    names.sort();
    let mut games = 0;
    for name in &names {
        let (_tmp, db) = play_session(name);
        let store = boardbot::store::Store::open(&db).expect("the database");
        let ids = store.read(boardbot::store::all_games).expect("games");
        for id in ids {
            let record = store.load_game(id).expect("a game");
            let out = std::env::temp_dir().join(format!("boardbot-replay-{}-{name}.gif", std::process::id()));
            let o = boardbot(&[
                "db",
                "export",
                record.public_id.as_str(),
                "--gif",
                out.to_str().expect("a UTF-8 path"),
                "--size",
                "160",
                "--db",
                db.to_str().expect("a UTF-8 path"),
            ]);
            assert!(o.status.success(), "{name} {}: {}", record.public_id.as_str(), stderr(&o));
            let gif = std::fs::read(&out).expect("the GIF");
            let _ = std::fs::remove_file(&out);
            assert_eq!(frames(&gif).len(), record.moves.len() + 1, "{name} {}", record.public_id.as_str());
            games += 1;
        }
        drop(store);
        service_replays(name, &db);
    }
    assert!(games >= names.len(), "{games} games in {} sessions", names.len());
}

/// Every game of a session's database replayed as chat asks for it (`/kuba replay
/// game:ID` by a spectator, drawn by `present::draw`): a GIF of a frame per move,
/// and within an upload limit of half its size when it is longer than a few moves.
fn service_replays(name: &str, db: &std::path::Path) {
    use boardbot::service::{Actor, Command, GameRef, Message, Request};
    let clock = std::sync::Arc::new(boardbot::service::TestClock::new(crate::chat_sessions::SESSION_START));
    let service = crate::chat_sessions::start(db, &clock);
    let ids = service.store().read(boardbot::store::all_games).expect("games");
    for id in ids {
        let record = service.store().load_game(id).expect("a game");
        let actor = Actor::new(boardbot::config::Platform::Terminal, "spectator", "spectator");
        let game = GameRef { kind: record.kind, id: Some(record.public_id.as_str().to_string()) };
        let command = Command::Replay { game, flip: false, speed: Speed::Fast };
        let replies = crate::common::everything(
            &service,
            Request { actor, place: Default::default(), command, via: Default::default() },
        );
        let Message::Replay { moves, .. } = &replies[0].message else { panic!("{name}: {:?}", replies[0]) };
        let picture = replies[0].picture.as_ref().expect("a picture");
        let lang = boardbot::lang::Lang::En;
        let drawn = boardbot::present::draw(picture, lang, MIN_SIZE, None).expect("the replay draws");
        assert_eq!(drawn.mime, "image/gif");
        assert_eq!(frames(&drawn.bytes).len(), *moves as usize + 1, "{name} {}", record.public_id.as_str());
        if *moves > 4 {
            let limit = drawn.bytes.len() / 2;
            let fitted = boardbot::present::draw(picture, lang, MIN_SIZE, Some(limit)).expect("the replay draws");
            assert!(fitted.bytes.len() <= limit, "{name}: {} > {limit}", fitted.bytes.len());
            assert!(fitted.note.is_some(), "{name}: the note says what was given up");
            assert!(!frames(&fitted.bytes).is_empty());
        }
    }
}

/// A database with one Kuba game of three moves that `p1` resigned.
fn resigned_game(db: &std::path::Path) -> String {
    use boardbot::store::test_support::DirectWrites;
    use boardbot::store::{EndReason, Ending, Store};
    let store = Store::open(db).expect("open");
    let players = common::store::players(&store, 2);
    let game = common::store::start(&store, GameKind::Kuba, &players, false);
    for (ply, text) in ["g2-W", "a2-E", "f2-W"].into_iter().enumerate() {
        store.play_move(game, ply as u32 + 1, text, 1_795_467_519_000).expect("stored");
    }
    let ending = Ending {
        reason: EndReason::Resigned,
        places: vec![1, 2],
        scores: None,
        expected_ply: Some(3),
        now: 1_795_467_600_000,
    };
    store.end_game(game, ending).expect("ended");
    store.load_game(game).expect("load").public_id.as_str().to_string()
}

#[test]
fn db_export_writes_the_replay_with_names_and_result() {
    let dir = common::store::TempDir::new("replay-export");
    let db = dir.join("games.sqlite");
    let id = resigned_game(&db);
    let gif = dir.join("game.gif");
    let args = ["db", "export", &id, "--gif", gif.to_str().expect("path"), "--db", db.to_str().expect("path")];
    let o = boardbot(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Result: 1-2"), "the record is still printed: {}", stdout(&o));
    let shown = frames(&std::fs::read(&gif).expect("the GIF"));
    assert_eq!(shown.len(), 4);
    assert_eq!(shown[0].0.width(), 512);
    // The result is written on the final frame: it differs from the final frame
    // of a replay without one, which has the same names.
    let plain = replay(
        &views(GameKind::Kuba, None, None, &["g2-W", "a2-E", "f2-W"]),
        &ReplayOptions { names: vec!["p0".into(), "p1".into()], ..ReplayOptions::default() },
    )
    .expect("a replay");
    let plain = frames(&plain);
    assert_ne!(plain[3].0, shown[3].0);

    let missing =
        boardbot(&["db", "export", "ZZZZZZ", "--gif", gif.to_str().expect("path"), "--db", db.to_str().expect("path")]);
    assert_eq!(missing.status.code(), Some(1));
}

#[test]
fn the_command_line_writes_a_replay() {
    let dir = common::store::TempDir::new("replay-cli");
    let out = dir.join("k.gif");
    let p = out.to_str().expect("a UTF-8 path");
    let o = boardbot(&["replay", "kuba", "g2-W", "a2-E", "--flip", "--size", "300", "--speed", "fast", "-o", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{p}: 3 frames, 300 px wide\n"));
    let shown = frames(&std::fs::read(&out).expect("the GIF"));
    assert_eq!((shown.len(), shown[0].0.width(), shown[0].1), (3, 300, 500));

    let o = boardbot(&["replay", "kuba", "g2-W", "a2-E", "--max-bytes", "30000", "-o", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("; to fit 30000 bytes: "), "{text}");
    assert!(std::fs::metadata(&out).expect("written").len() <= 30_000);

    for game in ["kewbz", "cabale", "nuba"] {
        let o = boardbot(&["replay", game, "--size", "200", "-o", p]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        assert_eq!(frames(&std::fs::read(&out).expect("the GIF")).len(), 1, "{game}");
    }

    let o = boardbot(&["replay", "kuba", "g2-W", "b7-W", "-o", p]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("move 2 \"b7-W\""), "{}", stderr(&o));
    let o = boardbot(&["replay", "kuba", "--speed", "warp", "-o", p]);
    assert_eq!(o.status.code(), Some(2));
    let o = boardbot(&["replay", "kuba", "--names", "A,B,C", "-o", p]);
    assert_eq!(o.status.code(), Some(1));
}

/// English dates for the tests: `3 Nov`, `Nov 2026`, `2026`.
fn english(ms: i64, unit: DateUnit) -> String {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let (y, m, d) = boardbot::calendar::civil(ms.div_euclid(86_400_000));
    let month = MONTHS[(m - 1) as usize];
    match unit {
        DateUnit::Day => format!("{d} {month}"),
        DateUnit::Month => format!("{month} {y}"),
        DateUnit::Year => format!("{y}"),
    }
}

/// A player's first twelve Kuba games over two months, and three Nuba games.
fn rating_series() -> Vec<Series> {
    let start = 1_790_000_000_000;
    let day = 86_400_000;
    let kuba = (0..12)
        .map(|i| RatingPoint {
            at_ms: start + i * 5 * day,
            rating: 1500.0
                + [0.0, 160.0, 90.0, 210.0, 180.0, 260.0, 230.0, 240.0, 300.0, 280.0, 320.0, 310.0][i as usize],
            deviation: (350.0 - 25.0 * i as f64).max(80.0),
        })
        .collect();
    let nuba = (0..3)
        .map(|i| RatingPoint {
            at_ms: start + (20 + i * 15) * day,
            rating: 1500.0 - 120.0 * i as f64,
            deviation: 300.0 - 40.0 * i as f64,
        })
        .collect();
    vec![Series { name: "Kuba".into(), points: kuba }, Series { name: "Nuba".into(), points: nuba }]
}

#[test]
fn the_chart_matches_its_golden_file() {
    let options =
        ChartOptions { width_px: 512, title: "Ada — ratings".into(), axis: "Rating".into(), date_label: &english };
    let png = chart(&rating_series(), &options).expect("a chart");
    let img = image::load_from_memory(&png).expect("a PNG");
    assert_eq!(img.width(), 512);
    check_golden(&[("chart-two-games".to_string(), png)]);
}

#[test]
fn charts_of_any_span_and_size_draw() {
    let day = 86_400_000;
    for (span_days, width) in [(0, 160), (1, 320), (9, 512), (400, 512), (4000, 1024)] {
        let points = (0..6)
            .map(|i| RatingPoint {
                at_ms: 1_700_000_000_000 + i * span_days * day / 5,
                rating: 1500.0 + 9.0 * i as f64,
                deviation: 60.0,
            })
            .collect();
        let series = [Series { name: "Cabale".into(), points }];
        let options =
            ChartOptions { width_px: width, title: "Grace".into(), axis: "Rating".into(), date_label: &english };
        let png = chart(&series, &options).unwrap_or_else(|e| panic!("{span_days} days at {width}: {e}"));
        assert_eq!(image::load_from_memory(&png).expect("a PNG").width(), width);
    }
}

/// The options of the review charts below, in English.
fn review_options(width_px: u32, title: &str) -> ReviewOptions {
    ReviewOptions {
        width_px,
        title: title.into(),
        axis: "Winning chances (%)".into(),
        severities: ["?! inaccuracy".into(), "? mistake".into(), "?? blunder".into()],
    }
}

/// A review of the Kuba moves above: White's chances after each move (made up, so
/// that the picture never changes with the search), three bad moves marked, and
/// two of them on small boards.
fn kuba_review() -> (Vec<ChanceLine>, Vec<Flag>, Vec<Moment>) {
    let values = vec![55.0, 52.0, 61.0, 58.0, 40.0, 44.0, 71.0, 69.0, 88.0];
    let line = ChanceLine { name: "Ada (White)".into(), values };
    let flags = vec![
        Flag { at: 4, line: 0, severity: Severity::Blunder },
        Flag { at: 2, line: 0, severity: Severity::Inaccuracy },
        Flag { at: 6, line: 0, severity: Severity::Mistake },
    ];
    let shown = views(GameKind::Kuba, None, None, &KUBA);
    let moments = vec![
        Moment {
            view: shown[4].clone(),
            caption: "4. b2-N??".into(),
            better: "better: a1-N".into(),
            severity: Severity::Blunder,
        },
        Moment {
            view: shown[6].clone(),
            caption: "6. b3-E?".into(),
            better: "better: f1-W".into(),
            severity: Severity::Mistake,
        },
        Moment {
            view: shown[2].clone(),
            caption: "2. b1-N?!".into(),
            better: "better: a2-E".into(),
            severity: Severity::Inaccuracy,
        },
    ];
    (vec![line], flags, moments)
}

#[test]
fn the_review_chart_matches_its_golden_file() {
    let (lines, flags, moments) = kuba_review();
    let png = review_chart(&lines, &flags, &moments, &review_options(512, "Kuba K7Q2: winning chances"))
        .expect("a review chart");
    let img = image::load_from_memory(&png).expect("a PNG");
    assert_eq!(img.width(), 512);
    // Three seats of Cabale: one line each, dashed apart, no board.
    let seats = ["Ada (Yellow)", "Grace (Red)", "Edsger (Blue)"];
    let cabale: Vec<ChanceLine> = seats
        .iter()
        .enumerate()
        .map(|(s, name)| ChanceLine {
            name: (*name).into(),
            values: (0..12).map(|i| 50.0 + ((i * (s + 2)) % 7) as f64 * 6.0 - 15.0 * s as f64).collect(),
        })
        .collect();
    let flags =
        [Flag { at: 5, line: 1, severity: Severity::Blunder }, Flag { at: 7, line: 2, severity: Severity::Inaccuracy }];
    let three = review_chart(&cabale, &flags, &[], &review_options(480, "Cabale K7Q3: winning chances"))
        .expect("a review chart");
    check_golden(&[("review-kuba".to_string(), png), ("review-cabale-three".to_string(), three)]);
}

#[test]
fn review_charts_of_any_length_and_width_draw() {
    let (lines, flags, moments) = kuba_review();
    for width in [MIN_SIZE, 320, 768, 1600] {
        let png = review_chart(&lines, &flags, &moments, &review_options(width, "t")).expect("a review chart");
        let img = image::load_from_memory(&png).expect("a PNG");
        assert_eq!(img.width(), width);
    }
    let long = ChanceLine { name: "x".into(), values: (0..400).map(|i| (i % 100) as f64).collect() };
    assert!(review_chart(&[long], &[], &[], &review_options(512, "t")).is_ok());
    let one = ChanceLine { name: "x".into(), values: vec![50.0] };
    assert!(review_chart(&[one], &[], &[], &review_options(512, "t")).is_ok(), "a game of no move");
    // Every game's small boards (Cabale's hexagons, Kewbz's supply beside the board).
    let games: [(GameKind, &[&str]); 3] =
        [(GameKind::Cabale, &["@A3", "@I7", "A3>C3>C2"]), (GameKind::Kewbz, &["d4", "e4"]), (GameKind::Nuba, &[])];
    for (kind, moves) in games {
        let shown = views(kind, None, None, moves);
        let moment = |i: usize| Moment {
            view: shown[i].clone(),
            caption: format!("{i}. x??"),
            better: "better: y".into(),
            severity: Severity::Blunder,
        };
        let moments: Vec<Moment> = (0..shown.len()).map(moment).collect();
        let png = review_chart(&lines, &flags, &moments, &review_options(512, "t")).expect("a review chart");
        assert!(image::load_from_memory(&png).is_ok(), "{kind}");
        if let Some(dir) = std::env::var_os("BOARDBOT_REVIEW_PICTURES") {
            std::fs::write(std::path::Path::new(&dir).join(format!("review-{kind}.png")), &png).expect("written");
        }
    }
}
