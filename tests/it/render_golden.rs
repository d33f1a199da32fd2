//! Golden pictures: a handful of positions per game, drawn and compared with the
//! PNGs committed under `tests/golden/`. After a deliberate change to the pictures,
//! look at them and bless the new ones with `BOARDBOT_BLESS=1 cargo test --test
//! render_golden`.

use std::path::PathBuf;

use boardbot::games::{BoardView, GameKind, Position};
use boardbot::lang::Lang;
use boardbot::present::view::worded;
use boardbot::render::{draw as draw_rgb, render, RenderOptions};

/// One picture: a name (the file), the game, an optional position code, the moves
/// (the last one highlighted), flip, and the width.
struct Case {
    name: &'static str,
    game: &'static str,
    from: Option<&'static str>,
    settings: Option<&'static str>,
    moves: &'static [&'static str],
    flip: bool,
    size: u32,
}

const CASES: &[Case] = &[
    Case { name: "kuba-start", game: "kuba", from: None, settings: None, moves: &[], flip: false, size: 320 },
    Case {
        name: "kuba-push",
        game: "kuba",
        from: None,
        settings: None,
        moves: &["g2-W", "a2-E"],
        flip: false,
        size: 320,
    },
    Case {
        name: "kuba-capture-flipped",
        game: "kuba",
        from: Some("7/2WBBB1/WRRRB2/WRRRRR1/B1RRR2/BBRRW2/1B2WWW b 0-0 -"),
        settings: None,
        moves: &["e6-S"],
        flip: true,
        size: 320,
    },
    Case {
        name: "kuba-won",
        game: "kuba",
        from: Some("7/W5B/7/7/7/7/3B3 w 6-6 -"),
        settings: None,
        moves: &["a6-N"],
        flip: false,
        size: 320,
    },
    Case {
        name: "kuba-ban",
        game: "kuba",
        from: None,
        settings: None,
        moves: &["g2-W", "a2-E", "f2-W"],
        flip: false,
        size: 320,
    },
    Case {
        name: "cabale-placement",
        game: "cabale",
        from: None,
        settings: None,
        moves: &["@A3"],
        flip: false,
        size: 320,
    },
    Case {
        name: "cabale-double-blockade",
        game: "cabale",
        from: Some(
            "r..../....../......./......../....R..../.y.1...R/....Y../.....2/y..y. r 25-25 5-4 8-10 0.0-0.0 \
             A5|B6,B5|C6,D2|E3,G5|H5,G7|H7,H7|I7",
        ),
        settings: None,
        moves: &["B6>D6>E7+#E6|F7"],
        flip: false,
        size: 360,
    },
    Case {
        name: "cabale-jump-flipped",
        game: "cabale",
        from: Some(
            "rr.../....../....r../r..2.r../r.ryR..../.yy..R.R/....Y../.yy.y./y.yy1 r 18-17 5-3 1-3 0.0-1.0 \
             A1|B2,A5|B6,B1|B2,B3|B4,B5|C6,D1|E1,D2|E3,D3|E4,E5|F6,E6|F7,E7|F7,E9|F9,F4|G4,F6|F7,F7|F8,F8|G9,\
             G5|H5,G7|H7,G8|H8,H7|I7",
        ),
        settings: None,
        moves: &["F5>F4>G5xD4#C6|D7"],
        flip: true,
        size: 360,
    },
    Case {
        name: "cabale-four-players",
        game: "cabale",
        from: None,
        settings: Some(r#"{"players":4}"#),
        moves: &["@A3", "@I7", "@D1", "@F9"],
        flip: false,
        size: 320,
    },
    Case {
        name: "nuba-placement",
        game: "nuba",
        from: None,
        settings: None,
        moves: &["X@c2", "1@a5"],
        flip: false,
        size: 320,
    },
    Case {
        name: "nuba-capture",
        game: "nuba",
        from: Some("...../R9..../..R5../.G4.../...../G1.... g g:- r:- -"),
        settings: None,
        moves: &["b3-c4"],
        flip: false,
        size: 320,
    },
    Case {
        name: "nuba-musician-wins",
        game: "nuba",
        from: Some("R8...R2/.G8.../...../...../...../..... g g:- r:- -"),
        settings: None,
        moves: &["b5-b6"],
        flip: false,
        size: 320,
    },
    Case {
        name: "nuba-champion-flipped",
        game: "nuba",
        from: Some("R1..../...GX./...../..R2../...../G3.... g g:- r:- -"),
        settings: None,
        moves: &["d5-d6"],
        flip: true,
        size: 320,
    },
    Case {
        name: "kewbz-corner",
        game: "kewbz",
        from: None,
        settings: None,
        moves: &["d4", "e4", "d5"],
        flip: false,
        size: 320,
    },
    Case {
        name: "kewbz-towers",
        game: "kewbz",
        from: Some("3yb3/b1b3b1/b2y1b2/y1b1(yyy)(bb)2/(bbbbb)b(bbbbb)y(yybyy)3/y1b1(yyby)bby/1y(bbyyy)y4/y1y1y3 y 5-8"),
        settings: None,
        moves: &["b8"],
        flip: false,
        size: 360,
    },
    Case {
        name: "kewbz-12-flipped",
        game: "kewbz",
        from: None,
        settings: Some(r#"{"size":12}"#),
        moves: &["f6", "g6", "f7", "e6"],
        flip: true,
        size: 320,
    },
];

pub(crate) fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("golden")
}

/// The case's position after its moves, the last one shown.
fn view_of(case: &Case) -> BoardView {
    let kind: GameKind = case.game.parse().expect("a known game");
    let mut position = Position::setup(kind, case.from, case.settings).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let last = position.play_all(case.moves).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    worded(position.view(last.map(|played| played.view)), Lang::En)
}

fn draw(case: &Case) -> Vec<u8> {
    let options = RenderOptions { size_px: case.size, flip: case.flip, names: vec!["Ada".into(), "Grace".into()] };
    render(&view_of(case), &options).unwrap_or_else(|e| panic!("{}: {e}", case.name))
}

/// Pixels whose channels differ by more than this count as different.
const CHANNEL_TOLERANCE: u8 = 24;
/// Share of pixels allowed to differ (float rounding on other machines).
const PIXEL_TOLERANCE: f64 = 0.002;

pub(crate) fn compare(name: &str, got: &[u8], want: &[u8]) -> Result<(), String> {
    let got = image::load_from_memory(got).map_err(|e| e.to_string())?.to_rgb8();
    let want = image::load_from_memory(want).map_err(|e| e.to_string())?.to_rgb8();
    if got.dimensions() != want.dimensions() {
        return Err(format!("{name}: size {:?}, golden {:?}", got.dimensions(), want.dimensions()));
    }
    let differing = got
        .pixels()
        .zip(want.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE))
        .count();
    let share = differing as f64 / (got.width() * got.height()) as f64;
    if share > PIXEL_TOLERANCE {
        return Err(format!("{name}: {differing} pixels differ ({:.3}%)", share * 100.0));
    }
    Ok(())
}

#[test]
fn pictures_match_the_golden_files() {
    let bless = std::env::var_os("BOARDBOT_BLESS").is_some_and(|v| v == "1");
    let dir = golden_dir();
    let mut failures = Vec::new();
    for case in CASES {
        let png = draw(case);
        let path = dir.join(format!("{}.png", case.name));
        if bless {
            std::fs::create_dir_all(&dir).expect("the golden directory can be made");
            std::fs::write(&path, &png).expect("the golden file can be written");
            continue;
        }
        match std::fs::read(&path) {
            Ok(want) => {
                if let Err(e) = compare(case.name, &png, &want) {
                    let actual = std::env::temp_dir().join(format!("{}.actual.png", case.name));
                    let _ = std::fs::write(&actual, &png);
                    failures.push(format!("{e} (new picture: {})", actual.display()));
                }
            }
            Err(e) => failures.push(format!("{}: no golden file ({e}); bless with BOARDBOT_BLESS=1", case.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_changed_picture_is_caught() {
    let case = &CASES[1];
    let png = draw(case);
    let mut img = image::load_from_memory(&png).unwrap().to_rgb8();
    for (x, y, p) in img.enumerate_pixels_mut() {
        if x < 60 && y < 60 {
            p.0 = [255, 0, 255];
        }
    }
    let mut changed = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut changed), image::ImageFormat::Png).unwrap();
    assert!(compare(case.name, &png, &png).is_ok());
    assert!(compare(case.name, &changed, &png).is_err());
}

/// The PNG's palette keeps the picture's colours: against the picture before
/// encoding, 99 % of the pixels are within 12 levels and all but one in 2,000
/// within 32 (rare blends on soft edges fold to a near colour).
#[test]
fn the_palette_keeps_the_drawn_colours() {
    for case in CASES {
        let view = view_of(case);
        let options = RenderOptions { size_px: case.size, flip: case.flip, names: vec!["Ada".into(), "Grace".into()] };
        let drawn = draw_rgb(&view, &options).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let rgb = image::RgbImage::from_raw(drawn.width, drawn.height, drawn.rgb).expect("width × height pixels");
        let png = render(&view, &options).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let back = image::load_from_memory(&png).expect("a valid PNG").to_rgb8();
        let err =
            |a: &image::Rgb<u8>, b: &image::Rgb<u8>| a.0.iter().zip(b.0).map(|(x, y)| x.abs_diff(y)).max().unwrap_or(0);
        let total = rgb.pixels().count();
        let off = rgb.pixels().zip(back.pixels()).filter(|(a, b)| err(a, b) > 12).count();
        let far = rgb.pixels().zip(back.pixels()).filter(|(a, b)| err(a, b) > 32).count();
        eprintln!("{}: {off} > 12, {far} > 32 of {total}", case.name);
        for (i, (a, b)) in rgb.pixels().zip(back.pixels()).enumerate().filter(|(_, (a, b))| err(a, b) > 32).take(8) {
            eprintln!("  ({}, {}) {:?} -> {:?}", i as u32 % rgb.width(), i as u32 / rgb.width(), a.0, b.0);
        }
        assert!(off * 100 <= total, "{}: {off} of {total} pixels off by more than 12 levels", case.name);
        assert!(far * 2000 <= total, "{}: {far} of {total} pixels off by more than 32 levels", case.name);
    }
}
