//! Pieces drawn once per size and kept as transparent sprites, so a picture only
//! copies them onto the board; and the small marks drawn straight onto a picture
//! (ghosts of pieces that left, the panel's icons).

use std::sync::Arc;

use tiny_skia::Pixmap;

use super::canvas::{self, Anchor, Canvas, Color, Kept, Outline, Weight};
use super::theme::{self, Shape};
use crate::games::view::{Piece, Tone};

/// The sprite of `piece` for a cell of `cell` pixels: a square image of that side,
/// the piece centred in it (`None` only for a size tiny-skia refuses).
pub fn sprite(piece: &Piece, cell: u32) -> Option<Arc<Pixmap>> {
    static SPRITES: Kept<(Piece, u32), Pixmap> = Kept::new(1024);
    SPRITES.get((piece.clone(), cell), || draw(piece, cell))
}

fn draw(piece: &Piece, cell: u32) -> Option<Pixmap> {
    let mut img = Pixmap::new(cell, cell)?;
    paint(&mut img, piece, cell);
    Some(img)
}

/// Draws `piece` in the box from (0, 0) to (`cell`, `cell`): a sprite's picture.
pub fn paint<C: Canvas + ?Sized>(img: &mut C, piece: &Piece, cell: u32) {
    let s = cell as f32;
    let c = s / 2.0;
    match piece {
        Piece::Marble(tone) => marble(img, c, s * 0.41, *tone),
        Piece::Stack(tones) => stack(img, s, tones),
        Piece::Block { tone, double } => block(img, s, *tone, *double),
        Piece::Runner(tone) => runner(img, c, s * 0.36, *tone),
        Piece::Token { tone, label, champion } => token(img, s, *tone, label, *champion),
    }
}

fn marble<C: Canvas + ?Sized>(img: &mut C, c: f32, r: f32, tone: Tone) {
    let st = theme::style(tone);
    canvas::disc(img, c + r * 0.08, c + r * 0.1, r, [0, 0, 0], 0.35);
    canvas::disc(img, c, c, r, st.edge, 1.0);
    canvas::disc(img, c, c, r - (r * 0.09).max(1.0), st.fill, 1.0);
    // A soft light up-left makes the disc read as a ball.
    let shine = if tone == Tone::Black { 0.4 } else { 0.75 };
    canvas::glow(img, c - r * 0.32, c - r * 0.34, r * 0.5, [255, 255, 255], shine);
    if st.ring {
        canvas::ring(img, c, c, r * 0.52, (r * 0.16).max(1.5), [255, 255, 255], 0.95);
    }
}

/// The outline of a tone's shape around a centre, `r` its size.
fn shape(shape: Shape, cx: f32, cy: f32, r: f32) -> Option<Outline> {
    match shape {
        Shape::Circle => Some(canvas::circle(cx, cy, r)),
        Shape::Square => Some(canvas::rounded_rect(cx, cy, r * 0.9, r * 0.9, r * 0.22)),
        Shape::Diamond => {
            let k = r * 1.16;
            canvas::outline_through(&[(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], true)
        }
        Shape::Hexagon => {
            // Flat-topped, so it differs from the board's pointy cells.
            let (h, v) = (r * 1.1, r * 1.1 * 0.866_025_4);
            let pts = [(h, 0.0), (h / 2.0, v), (-h / 2.0, v), (-h, 0.0), (-h / 2.0, -v), (h / 2.0, -v)];
            canvas::outline_through(&pts.map(|(x, y)| (cx + x, cy + y)), true)
        }
    }
}

/// A body of a shape with an outline `edge` wide, all inside the shape of size `r`.
#[allow(clippy::too_many_arguments)]
fn body<C: Canvas + ?Sized>(img: &mut C, s: Shape, cx: f32, cy: f32, r: f32, edge: f32, fill: Color, line: Color) {
    let inner = r - edge / 2.0;
    canvas::fill(img, shape(s, cx, cy, inner), fill, 1.0);
    canvas::stroke(img, shape(s, cx, cy, inner), edge, line, 1.0);
}

fn stack<C: Canvas + ?Sized>(img: &mut C, s: f32, tones: &[Tone]) {
    let Some(top) = tones.last() else { return };
    let h = tones.len() as f32;
    // Each cube shows as a layer shifted up and left, so a taller tower looks taller.
    let step = s * 0.055;
    let half = s * 0.33;
    let base = s / 2.0 + step * (h - 1.0) / 2.0;
    let edge = (s * 0.035).max(1.0);
    for (i, tone) in tones.iter().enumerate() {
        let st = theme::style(*tone);
        let at = base - step * i as f32;
        canvas::rounded_box(img, at, at, half, half, s * 0.06, st.edge, 1.0);
        canvas::rounded_box(img, at, at, half - edge, half - edge, s * 0.05, st.fill, 1.0);
    }
    let st = theme::style(*top);
    let at = base - step * (h - 1.0);
    if tones.len() >= 2 {
        canvas::text(img, Weight::Bold, s * 0.42, at, at, Anchor::Centre, st.ink, &tones.len().to_string());
    } else if st.ring {
        canvas::ring(img, at, at, half * 0.45, (s * 0.05).max(1.2), [255, 255, 255], 0.9);
    }
}

fn block<C: Canvas + ?Sized>(img: &mut C, s: f32, tone: Tone, double: bool) {
    let st = theme::style(tone);
    let r = s * 0.27;
    let edge = (s * 0.04).max(1.0);
    let c = s / 2.0;
    if double {
        // Two stacked blocks: a lower one peeking out and a light band on the top one.
        let o = s * 0.08;
        body(img, st.shape, c + o, c + o, r, edge, st.fill, st.edge);
        let t = c - o * 0.4;
        body(img, st.shape, t, t, r, edge, st.fill, st.edge);
        canvas::stroke(img, shape(st.shape, t, t, r * 0.47), r * 0.17, [255, 255, 255], 0.85);
    } else {
        body(img, st.shape, c, c, r, edge, st.fill, st.edge);
    }
}

fn runner<C: Canvas + ?Sized>(img: &mut C, c: f32, r: f32, tone: Tone) {
    let st = theme::style(tone);
    canvas::disc(img, c + r * 0.06, c + r * 0.1, r, [0, 0, 0], 0.35);
    canvas::disc(img, c, c, r, [0x14, 0x14, 0x14], 1.0);
    canvas::disc(img, c, c, r * 0.84, st.fill, 1.0);
    canvas::disc(img, c, c, r * 0.5, [0xff, 0xff, 0xff], 1.0);
    canvas::fill(img, shape(st.shape, c, c, r * 0.3), st.edge, 1.0);
}

fn token<C: Canvas + ?Sized>(img: &mut C, s: f32, tone: Tone, label: &str, champion: bool) {
    let st = theme::style(tone);
    let c = s / 2.0;
    let r = s * 0.37;
    canvas::fill(img, shape(st.shape, c + s * 0.02, c + s * 0.03, r), [0, 0, 0], 0.3);
    body(img, st.shape, c, c, r, (s * 0.035).max(1.0), st.fill, st.edge);
    if champion {
        // A gold band inside the outline marks the champion besides its X.
        canvas::stroke(img, shape(st.shape, c, c, r - s * 0.07), s * 0.07, theme::GOLD, 1.0);
    }
    canvas::text(img, Weight::Bold, s * 0.4, c, c, Anchor::Centre, st.ink, label);
}

/// Lays `piece`, drawn for a cell `px` wide, centred on `centre`, at `opacity`.
pub fn place<C: Canvas + ?Sized>(img: &mut C, piece: &Piece, centre: (f32, f32), px: u32, opacity: f32) {
    img.piece(piece, centre, px, opacity);
}

/// Paints a translucent copy of a piece, crossed out, for pieces that left.
pub fn ghost<C: Canvas + ?Sized>(img: &mut C, piece: &Piece, centre: (f32, f32), cell: u32, scale: f32) {
    let px = ((cell as f32 * scale).round() as u32).max(4);
    place(img, piece, centre, px, 0.7);
    let k = px as f32 * 0.2;
    let w = (px as f32 * 0.07).max(1.5);
    for (a, b) in [((-k, -k), (k, k)), ((-k, k), (k, -k))] {
        let line = [(centre.0 + a.0, centre.1 + a.1), (centre.0 + b.0, centre.1 + b.1)];
        canvas::polyline(img, &line, w + 2.0, theme::MOVE_EDGE, 0.9);
        canvas::polyline(img, &line, w, theme::MOVE, 1.0);
    }
}

/// A small mark of a seat's colour and shape for the panel, `px` across.
pub fn icon<C: Canvas + ?Sized>(img: &mut C, tone: Tone, centre: (f32, f32), px: f32) {
    let st = theme::style(tone);
    let s = if matches!(tone, Tone::White | Tone::Black) { Shape::Circle } else { st.shape };
    body(img, s, centre.0, centre.1, px / 2.0, (px * 0.1).max(1.0), st.fill, st.edge);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprites_are_cached_per_piece_and_size() {
        let p = Piece::Marble(Tone::Red);
        let a = sprite(&p, 40).unwrap();
        let b = sprite(&p, 40).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(sprite(&p, 41).map(|s| (s.width(), s.height())), Some((41, 41)));
    }

    #[test]
    fn pieces_are_opaque_in_the_middle_and_clear_in_the_corners() {
        let pieces = [
            Piece::Marble(Tone::White),
            Piece::Stack(vec![Tone::Blue, Tone::Yellow, Tone::Yellow]),
            Piece::Block { tone: Tone::Green, double: true },
            Piece::Runner(Tone::Red),
            Piece::Token { tone: Tone::Green, label: "X".into(), champion: true },
        ];
        for p in pieces {
            let s = draw(&p, 48).unwrap();
            let alpha = |x, y| s.pixel(x, y).map_or(0, |c| c.alpha());
            assert_eq!(alpha(0, 0), 0, "{p:?}");
            assert!(alpha(24, 26) > 200, "{p:?}");
        }
    }

    #[test]
    fn a_double_block_differs_from_a_single() {
        let one = draw(&Piece::Block { tone: Tone::Red, double: false }, 48).unwrap();
        let two = draw(&Piece::Block { tone: Tone::Red, double: true }, 48).unwrap();
        let differing = one.pixels().iter().zip(two.pixels()).filter(|(a, b)| a != b).count();
        assert!(differing > 200, "{differing}");
    }
}
