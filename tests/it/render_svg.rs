//! The board as SVG (the game's page): a few positions per game drawn and compared,
//! as text, with the files committed under `tests/golden/svg/`; the same view gives
//! the same bytes; the SVG has the PNG's size and lays every piece the view has; every
//! document is well-formed XML whose references all resolve. After a deliberate
//! change, look at the new files in a browser and bless them with
//! `BOARDBOT_BLESS=1 cargo test --test it render_svg::`.

use std::collections::HashSet;
use std::path::PathBuf;

use boardbot::games::{BoardView, GameKind, Position};
use boardbot::lang::Lang;
use boardbot::present::view::worded;
use boardbot::render::{render, render_svg, RenderOptions};

/// One picture: a name (the file), the game, an optional position code and rule
/// options, the moves (the last one shown), flip, and the width.
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
    Case { name: "kuba-start", game: "kuba", from: None, settings: None, moves: &[], flip: false, size: 512 },
    Case {
        name: "kuba-capture-flipped",
        game: "kuba",
        from: Some("7/2WBBB1/WRRRB2/WRRRRR1/B1RRR2/BBRRW2/1B2WWW b 0-0 -"),
        settings: None,
        moves: &["e6-S"],
        flip: true,
        size: 512,
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
        size: 512,
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
        size: 512,
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
        name: "nuba-placement",
        game: "nuba",
        from: None,
        settings: None,
        moves: &["X@c2", "1@a5"],
        flip: false,
        size: 512,
    },
    Case {
        name: "nuba-capture",
        game: "nuba",
        from: Some("...../R9..../..R5../.G4.../...../G1.... g g:- r:- -"),
        settings: None,
        moves: &["b3-c4"],
        flip: false,
        size: 512,
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
        size: 512,
    },
    Case {
        name: "kewbz-towers",
        game: "kewbz",
        from: Some("3yb3/b1b3b1/b2y1b2/y1b1(yyy)(bb)2/(bbbbb)b(bbbbb)y(yybyy)3/y1b1(yyby)bby/1y(bbyyy)y4/y1y1y3 y 5-8"),
        settings: None,
        moves: &["b8"],
        flip: false,
        size: 512,
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

fn golden_dir() -> PathBuf {
    crate::render_golden::golden_dir().join("svg")
}

/// The case's position after its moves, the last one shown.
fn view_of(case: &Case) -> BoardView {
    let kind: GameKind = case.game.parse().expect("a known game");
    let mut position = Position::setup(kind, case.from, case.settings).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let last = position.play_all(case.moves).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    worded(position.view(last.map(|played| played.view)), Lang::En)
}

fn options(case: &Case) -> RenderOptions {
    RenderOptions { size_px: case.size, flip: case.flip, names: vec!["Ada".into(), "Grace <&> \"Hopper\"".into()] }
}

fn draw(case: &Case) -> String {
    render_svg(&view_of(case), &options(case)).unwrap_or_else(|e| panic!("{}: {e}", case.name))
}

#[test]
fn svg_boards_match_the_golden_files() {
    let bless = std::env::var_os("BOARDBOT_BLESS").is_some_and(|v| v == "1");
    let dir = golden_dir();
    let mut failures = Vec::new();
    for case in CASES {
        let svg = draw(case);
        let path = dir.join(format!("{}.svg", case.name));
        if bless {
            std::fs::create_dir_all(&dir).expect("the golden directory can be made");
            std::fs::write(&path, &svg).expect("the golden file can be written");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(want) if want == svg => {}
            Ok(want) => {
                let actual = std::env::temp_dir().join(format!("{}.actual.svg", case.name));
                let _ = std::fs::write(&actual, &svg);
                let at = want.bytes().zip(svg.bytes()).position(|(a, b)| a != b).unwrap_or(want.len().min(svg.len()));
                let around = |s: &str| s.get(at.saturating_sub(60)..(at + 60).min(s.len())).unwrap_or("").to_string();
                failures.push(format!(
                    "{}: differs at byte {at}:\n  golden: {}\n  now:    {}\n  (new file: {})",
                    case.name,
                    around(&want),
                    around(&svg),
                    actual.display()
                ));
            }
            Err(e) => failures.push(format!("{}: no golden file ({e}); bless with BOARDBOT_BLESS=1", case.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same view drawn twice, and after other pictures in between (the caches warm),
/// gives the same bytes.
#[test]
fn the_same_view_gives_the_same_bytes() {
    for case in CASES {
        let first = draw(case);
        let _ = render(&view_of(case), &options(case));
        let _ = draw(&CASES[(CASES.len() - 1).min(3)]);
        assert_eq!(first, draw(case), "{}", case.name);
    }
}

/// The SVG is the PNG's picture: the same size, a piece laid for every piece in the
/// view (and each piece drawn once per kind), the players' names as glyphs rather
/// than text a reader's fonts would change.
#[test]
fn the_svg_is_the_png_s_picture() {
    for case in CASES {
        let view = view_of(case);
        let svg = draw(case);
        let png = render(&view, &options(case)).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let png = image::load_from_memory(&png).expect("a PNG").to_rgb8();
        let (w, h) = png.dimensions();
        assert!(
            svg.starts_with(&format!("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\"")),
            "{}",
            case.name
        );
        let on_board = view.cells.iter().filter(|c| c.piece.is_some()).count()
            + view.side.iter().filter(|s| s.piece.is_some()).count();
        // Pieces that left show as ghosts, but for one taken to the side space (an arrow).
        let to_side =
            |l: &&boardbot::games::view::Leaving| l.exit == boardbot::games::view::Exit::ToSide && view.side.is_some();
        let ghosts = view.last.as_ref().map_or(0, |m| m.leaving.iter().filter(|l| !to_side(l)).count());
        assert_eq!(svg.matches("<use href=\"#p").count(), on_board + ghosts, "{}", case.name);
        let kinds: HashSet<_> = view.cells.iter().filter_map(|c| c.piece.as_ref()).collect();
        assert!(svg.matches("<g id=\"p").count() <= kinds.len() + ghosts + 1, "{}", case.name);
        assert!(!svg.contains("<text") && !svg.contains("Ada"), "{}", case.name);
        well_formed(&svg).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    }
}

/// Every game's positions along random playouts, at a phone's and a desktop's
/// width, flipped or not, encode to well-formed SVG.
#[test]
fn playouts_encode_to_well_formed_svg() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for &kind in GameKind::ALL {
        let mut position = Position::start(&kind.default_settings());
        let mut last = None;
        for ply in 0..40 {
            let view = worded(position.view(last.clone()), Lang::ALL[ply % Lang::ALL.len()]);
            let options = RenderOptions { size_px: [160, 512, 777][ply % 3], flip: ply % 2 == 1, names: Vec::new() };
            let svg = render_svg(&view, &options).unwrap_or_else(|e| panic!("{kind} ply {ply}: {e}"));
            well_formed(&svg).unwrap_or_else(|e| panic!("{kind} ply {ply}: {e}"));
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            match position.play(&moves[(seed % moves.len() as u64) as usize]) {
                Ok(played) => last = Some(played.view),
                Err(e) => panic!("{kind}: a legal move refused: {e}"),
            }
        }
    }
}

#[test]
fn the_well_formedness_check_catches_what_it_should() {
    assert!(well_formed("<svg><defs><path id=\"a\" d=\"M0 0\"/></defs><use href=\"#a\"/></svg>").is_ok());
    for bad in [
        "",
        "<svg>",
        "<svg></g>",
        "<svg><g></svg></g>",
        "<svg a=\"1\" a=\"2\"/>",
        "<svg a=1/>",
        "<svg a=\"<\"/>",
        "<svg a=\"&x\"/>",
        "<svg/><svg/>",
        "<svg>text</svg>",
        "<svg><use href=\"#missing\"/></svg>",
        "<svg><rect fill=\"url(#missing)\"/></svg>",
        "<svg><path id=\"a\"/><path id=\"a\"/></svg>",
        "<svg><1a/></svg>",
    ] {
        assert!(well_formed(bad).is_err(), "{bad:?}");
    }
}

/// Checks that `doc` is one well-formed XML element (tags nested and closed,
/// attributes `name="value"` once each with `<` and bare `&` never in a value, no
/// text but the line breaks between elements, since the writer makes none), and that every `#id` it refers to (`href`,
/// `url(#…)`) is an `id` it defines, and no `id` is defined twice.
///
/// By hand rather than an XML crate: the writer makes a small regular subset of XML,
/// and no XML parser is in the build (quick-xml would be one more crate to compile
/// for one test).
pub(crate) fn well_formed(doc: &str) -> Result<(), String> {
    let mut open: Vec<&str> = Vec::new();
    let mut ids = HashSet::new();
    let mut refs = Vec::new();
    let mut roots = 0;
    let mut rest = doc.trim_start();
    while !rest.is_empty() {
        let Some(tail) = rest.strip_prefix('<') else {
            let text_end = rest.find('<').unwrap_or(rest.len());
            return Err(format!("text outside a tag: {:?}", &rest[..text_end.min(40)]));
        };
        let end = tail.find('>').ok_or("a tag is not closed")?;
        let tag = &tail[..end];
        // Line breaks between elements are not text.
        rest = tail[end + 1..].trim_start();
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name => continue,
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        }
        if open.is_empty() {
            roots += 1;
        }
        let (body, empty) = match tag.strip_suffix('/') {
            Some(body) => (body, true),
            None => (tag, false),
        };
        let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
        let name = &body[..name_end];
        let name_ok = |n: &str| {
            n.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
        };
        if !name_ok(name) {
            return Err(format!("a bad element name {name:?}"));
        }
        let mut attributes = body[name_end..].trim_start();
        let mut seen = HashSet::new();
        while !attributes.is_empty() {
            let eq = attributes.find('=').ok_or_else(|| format!("an attribute without a value in <{name}>"))?;
            let key = &attributes[..eq];
            if !name_ok(key) || !seen.insert(key) {
                return Err(format!("a bad or repeated attribute {key:?} in <{name}>"));
            }
            let value = attributes[eq + 1..].strip_prefix('"').ok_or_else(|| format!("{key} is not quoted"))?;
            let close = value.find('"').ok_or_else(|| format!("{key}'s value is not closed"))?;
            let v = &value[..close];
            if v.contains('<') {
                return Err(format!("'<' in {key}"));
            }
            for (i, _) in v.match_indices('&') {
                let entity = &v[i..v[i..].find(';').map_or(v.len(), |e| i + e + 1)];
                if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity) {
                    return Err(format!("a bare '&' in {key}"));
                }
            }
            match key {
                "id" if !ids.insert(v.to_string()) => return Err(format!("id {v} defined twice")),
                "href" => refs.push(v.strip_prefix('#').ok_or("an href outside the document")?.to_string()),
                _ => {
                    if let Some(r) = v.strip_prefix("url(#").and_then(|r| r.strip_suffix(')')) {
                        refs.push(r.to_string());
                    }
                }
            }
            let after = &value[close + 1..];
            if !after.is_empty() && !after.starts_with(char::is_whitespace) {
                return Err(format!("no space after {key} in <{name}>"));
            }
            attributes = after.trim_start();
        }
        if !empty {
            open.push(name);
        }
    }
    if let Some(o) = open.last() {
        return Err(format!("<{o}> is not closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    match refs.iter().find(|r| !ids.contains(*r)) {
        Some(missing) => Err(format!("#{missing} is not defined")),
        None => Ok(()),
    }
}
