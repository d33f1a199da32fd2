//! Picture speed: drawing and PNG-encoding a midgame position of each game at
//! 768 px on the calling thread, the last move highlighted, after the static layers
//! and sprites are warm; and writing the same picture as SVG (the game's page, at
//! 512 px, as the web server draws it).
//! Prints each picture's size in bytes. `cargo bench --bench render`.

mod common;

use common::Rng;

use std::hint::black_box;

use boardbot::games::{BoardView, GameKind, Position};
use boardbot::lang::Lang;
use boardbot::present::view::worded;
use boardbot::render::{render, render_svg, RenderOptions};
use criterion::{criterion_group, criterion_main, Criterion};

/// Plies of random play that reach a midgame in every game (past Nuba's and
/// Cabale's placements, with towers, captures and blockades on the board).
const MIDGAME_PLIES: usize = 26;

/// The position after a seeded random playout of [`MIDGAME_PLIES`] plies (or to the
/// end, if the game ends sooner), with its last move, worded in English.
fn midgame(kind: GameKind) -> BoardView {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut position = Position::start(&kind.default_settings());
    let mut last = None;
    for _ in 0..MIDGAME_PLIES {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        match position.play(&moves[rng.below(moves.len())]) {
            Ok(played) => last = Some(played.view),
            Err(_) => break,
        }
    }
    worded(position.view(last), Lang::En)
}

fn pictures(c: &mut Criterion) {
    let options = RenderOptions { size_px: 768, flip: false, names: vec!["Alice".into(), "Bob".into()] };
    let mut group = c.benchmark_group("render_768");
    for &kind in GameKind::ALL {
        let view = midgame(kind);
        match render(&view, &options) {
            Ok(png) => eprintln!("{kind}: {} bytes at 768 px", png.len()),
            Err(e) => panic!("{kind}: {e}"),
        }
        group.bench_function(kind.name(), |b| b.iter(|| render(black_box(&view), black_box(&options))));
    }
    group.finish();
}

fn svg(c: &mut Criterion) {
    let options = RenderOptions { size_px: 512, flip: false, names: vec!["Alice".into(), "Bob".into()] };
    let mut group = c.benchmark_group("render_svg_512");
    for &kind in GameKind::ALL {
        let view = midgame(kind);
        match render_svg(&view, &options) {
            Ok(svg) => eprintln!("{kind}: {} bytes of SVG at 512 px", svg.len()),
            Err(e) => panic!("{kind}: {e}"),
        }
        group.bench_function(kind.name(), |b| b.iter(|| render_svg(black_box(&view), black_box(&options))));
    }
    group.finish();
}

criterion_group!(benches, pictures, svg);
criterion_main!(benches);
