//! Pieces drawn once per size and kept as transparent sprites, so a picture only
//! copies them onto the board (as lila-gif does with its piece sprites).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::RgbaImage;

use super::fonts;
use super::raster::{self, Anchor, Color, Picture, Sprite};
use super::theme::{self, Shape};
use crate::games::view::{Piece, Tone};

/// Sprites kept at most; past that the cache starts afresh (sizes rarely vary).
const CACHE_LIMIT: usize = 1024;

/// Sprites by what they show.
type Cache<K> = OnceLock<Mutex<HashMap<K, Arc<Sprite>>>>;

/// The sprite kept under `key`, or the one `draw` makes, kept from now on.
fn cached<K: std::hash::Hash + Eq>(cache: &Cache<K>, key: K, draw: impl FnOnce() -> RgbaImage) -> Arc<Sprite> {
    let cache = cache.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(s) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(s);
    }
    let sprite = Arc::new(Sprite::new(draw()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() >= CACHE_LIMIT {
        cache.clear();
    }
    cache.insert(key, Arc::clone(&sprite));
    sprite
}

/// The sprite of `piece` for a cell of `cell` pixels: a square image of that side,
/// the piece centred in it.
pub fn sprite(piece: &Piece, cell: u32) -> Arc<Sprite> {
    static PIECES: Cache<(Piece, u32)> = OnceLock::new();
    cached(&PIECES, (piece.clone(), cell), || draw(piece, cell))
}

fn draw(piece: &Piece, cell: u32) -> RgbaImage {
    let mut img = RgbaImage::new(cell, cell);
    let s = cell as f32;
    let c = s / 2.0;
    match piece {
        Piece::Marble(tone) => marble(&mut img, c, c, s * 0.41, *tone),
        Piece::Stack(tones) => stack(&mut img, s, tones),
        Piece::Block { tone, double } => block(&mut img, s, *tone, *double),
        Piece::Runner(tone) => runner(&mut img, c, s * 0.36, *tone),
        Piece::Token { tone, label, champion } => token(&mut img, s, *tone, label, *champion),
    }
    img
}

fn marble(img: &mut RgbaImage, cx: f32, cy: f32, r: f32, tone: Tone) {
    let st = theme::style(tone);
    raster::disc(img, cx + r * 0.08, cy + r * 0.1, r, [0, 0, 0], 0.35);
    raster::disc(img, cx, cy, r, st.edge, 1.0);
    raster::disc(img, cx, cy, r - (r * 0.09).max(1.0), st.fill, 1.0);
    // A soft shine up-left makes the disc read as a ball.
    let shine = if tone == Tone::Black { 0.28 } else { 0.55 };
    raster::disc(img, cx - r * 0.32, cy - r * 0.34, r * 0.3, [255, 255, 255], shine);
    if st.ring {
        raster::ring(img, cx, cy, r * 0.52, (r * 0.16).max(1.5), [255, 255, 255], 0.95);
    }
}

/// The outline of a shape as a signed distance, for blocks and tokens.
fn shape_sdf(shape: Shape, x: f32, y: f32, cx: f32, cy: f32, r: f32) -> f32 {
    let (dx, dy) = (x - cx, y - cy);
    match shape {
        Shape::Circle => super::raster::len(dx, dy) - r,
        Shape::Square => raster::box_sdf(x, y, cx, cy, r * 0.9, r * 0.9, r * 0.22),
        Shape::Diamond => (dx.abs() + dy.abs()) * std::f32::consts::FRAC_1_SQRT_2 - r * 0.82,
        Shape::Hexagon => {
            // Flat-topped hexagon: three slabs.
            let (ax, ay) = (dx.abs(), dy.abs());
            let (k, r) = (0.866_025_4, r * 1.1);
            (ay - r * k).max(ax * k + ay * 0.5 - r * k)
        }
    }
}

fn shaped(img: &mut RgbaImage, shape: Shape, cx: f32, cy: f32, r: f32, color: Color, alpha: f32) {
    let b = [cx - r * 1.3, cy - r * 1.3, cx + r * 1.3, cy + r * 1.3];
    raster::fill(img, b, color, alpha, |x, y| shape_sdf(shape, x, y, cx, cy, r));
}

/// A body of the tone's shape with an outline of width `edge`.
#[allow(clippy::too_many_arguments)]
fn body(img: &mut RgbaImage, shape: Shape, cx: f32, cy: f32, r: f32, edge: f32, fill: Color, line: Color) {
    shaped(img, shape, cx, cy, r, line, 1.0);
    let b = [cx - r * 1.3, cy - r * 1.3, cx + r * 1.3, cy + r * 1.3];
    raster::fill(img, b, fill, 1.0, |x, y| shape_sdf(shape, x, y, cx, cy, r) + edge);
}

fn stack(img: &mut RgbaImage, s: f32, tones: &[Tone]) {
    let Some(top) = tones.last() else { return };
    let h = tones.len() as f32;
    // Each cube shows as a layer shifted up and left, so a taller tower looks taller.
    let step = s * 0.055;
    let half = s * 0.33;
    let base = (s / 2.0 + step * (h - 1.0) / 2.0, s / 2.0 + step * (h - 1.0) / 2.0);
    let edge = (s * 0.035).max(1.0);
    for (i, tone) in tones.iter().enumerate() {
        let st = theme::style(*tone);
        let (cx, cy) = (base.0 - step * i as f32, base.1 - step * i as f32);
        raster::rounded_box(img, cx, cy, half, half, s * 0.06, st.edge, 1.0);
        raster::rounded_box(img, cx, cy, half - edge, half - edge, s * 0.05, st.fill, 1.0);
    }
    let st = theme::style(*top);
    let (cx, cy) = (base.0 - step * (h - 1.0), base.1 - step * (h - 1.0));
    if tones.len() >= 2 {
        raster::text(img, &fonts().bold, s * 0.42, cx, cy, Anchor::Centre, st.ink, &tones.len().to_string());
    } else if st.ring {
        raster::ring(img, cx, cy, half * 0.45, (s * 0.05).max(1.2), [255, 255, 255], 0.9);
    }
}

fn block(img: &mut RgbaImage, s: f32, tone: Tone, double: bool) {
    let st = theme::style(tone);
    let r = s * 0.27;
    let edge = (s * 0.04).max(1.0);
    let c = s / 2.0;
    if double {
        // Two stacked blocks: a lower one peeking out and a light band between.
        let o = s * 0.08;
        body(img, st.shape, c + o, c + o, r, edge, st.fill, st.edge);
        body(img, st.shape, c - o * 0.4, c - o * 0.4, r, edge, st.fill, st.edge);
        shaped(img, st.shape, c - o * 0.4, c - o * 0.4, r * 0.55, [255, 255, 255], 0.85);
        shaped(img, st.shape, c - o * 0.4, c - o * 0.4, r * 0.38, st.fill, 1.0);
    } else {
        body(img, st.shape, c, c, r, edge, st.fill, st.edge);
    }
}

fn runner(img: &mut RgbaImage, c: f32, r: f32, tone: Tone) {
    let st = theme::style(tone);
    raster::disc(img, c + r * 0.06, c + r * 0.1, r, [0, 0, 0], 0.35);
    raster::disc(img, c, c, r, [0x14, 0x14, 0x14], 1.0);
    raster::disc(img, c, c, r * 0.84, st.fill, 1.0);
    raster::disc(img, c, c, r * 0.5, [0xff, 0xff, 0xff], 1.0);
    shaped(img, st.shape, c, c, r * 0.3, st.edge, 1.0);
}

fn token(img: &mut RgbaImage, s: f32, tone: Tone, label: &str, champion: bool) {
    let st = theme::style(tone);
    let c = s / 2.0;
    let r = s * 0.37;
    let b = [c - r * 1.3, c - r * 1.3, c + r * 1.3, c + r * 1.3];
    raster::fill(img, b, [0, 0, 0], 0.3, |x, y| shape_sdf(st.shape, x, y, c + s * 0.02, c + s * 0.03, r));
    body(img, st.shape, c, c, r, (s * 0.035).max(1.0), st.fill, st.edge);
    if champion {
        // A gold band inside the outline marks the champion besides its X.
        let gold = [0xff, 0xd7, 0x3a];
        let inset = s * 0.07;
        raster::fill(img, b, gold, 1.0, |x, y| {
            let d = shape_sdf(st.shape, x, y, c, c, r);
            (d + inset).abs() - s * 0.035
        });
    }
    raster::text(img, &fonts().bold, s * 0.4, c, c, Anchor::Centre, st.ink, label);
}

/// Paints a translucent copy of a piece sprite, crossed out, for pieces that left.
pub fn ghost(canvas: &mut Picture, piece: &Piece, centre: (f32, f32), cell: u32, scale: f32) {
    let px = ((cell as f32 * scale).round() as u32).max(4);
    let s = sprite(piece, px);
    let half = px as f32 / 2.0;
    raster::blit(canvas, &s, (centre.0 - half).round() as i32, (centre.1 - half).round() as i32, 0.7);
    let k = px as f32 * 0.2;
    let w = (px as f32 * 0.07).max(1.5);
    for (a, b) in [((-k, -k), (k, k)), ((-k, k), (k, -k))] {
        let p = (centre.0 + a.0, centre.1 + a.1);
        let q = (centre.0 + b.0, centre.1 + b.1);
        raster::line(canvas, p, q, w + 2.0, theme::MOVE_EDGE, 0.9);
        raster::line(canvas, p, q, w, theme::MOVE, 1.0);
    }
}

/// A bar from `p` to `q` (a wall), `w` wide, with an optional outline: drawn once
/// per shape as a sprite and copied, since a board has many walls of a few shapes.
pub fn bar(canvas: &mut Picture, p: (f32, f32), q: (f32, f32), w: f32, fill: Color, edge: Option<Color>) {
    static BARS: Cache<(i32, i32, u32, Color, Option<Color>)> = OnceLock::new();
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    if !(dx.is_finite() && dy.is_finite() && w.is_finite()) || dx.abs() + dy.abs() > 4096.0 || w > 256.0 {
        return;
    }
    let reach = w + 4.0;
    if !raster::meets(canvas, p.1.min(q.1) - reach, p.1.max(q.1) + reach) {
        return;
    }
    let key = ((dx * 4.0).round() as i32, (dy * 4.0).round() as i32, (w.max(0.0) * 4.0).round() as u32, fill, edge);
    let sprite = cached(&BARS, key, || {
        let outer = w + if edge.is_some() { 3.0 } else { 0.0 };
        let (sw, sh) = ((dx.abs() + outer + 4.0).ceil() as u32, (dy.abs() + outer + 4.0).ceil() as u32);
        let mut img = RgbaImage::new(sw, sh);
        let (cx, cy) = (sw as f32 / 2.0, sh as f32 / 2.0);
        let (a, b) = ((cx - dx / 2.0, cy - dy / 2.0), (cx + dx / 2.0, cy + dy / 2.0));
        if let Some(edge) = edge {
            raster::line(&mut img, a, b, outer, edge, 1.0);
        }
        raster::line(&mut img, a, b, w, fill, 1.0);
        img
    });
    let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
    let (sw, sh) = sprite.dimensions();
    raster::blit(
        canvas,
        &sprite,
        (mid.0 - sw as f32 / 2.0).round() as i32,
        (mid.1 - sh as f32 / 2.0).round() as i32,
        1.0,
    );
}

/// A small copy of a piece for the panel, `px` pixels across, centred on `centre`
/// (to the nearest pixel): drawn once per colour and size and copied.
pub fn icon(canvas: &mut Picture, tone: Tone, centre: (f32, f32), px: f32) {
    static ICONS: Cache<(Tone, u32)> = OnceLock::new();
    if !(px.is_finite() && centre.0.is_finite() && centre.1.is_finite() && (0.0..=512.0).contains(&px)) {
        return;
    }
    let size = (px * 2.6).ceil() as u32 + 2;
    let half = size as f32 / 2.0;
    if !raster::meets(canvas, centre.1 - half, centre.1 + half) {
        return;
    }
    let sprite = cached(&ICONS, (tone, (px * 4.0).round() as u32), || {
        let mut img = RgbaImage::new(size, size);
        let st = theme::style(tone);
        let r = px / 2.0;
        let b = [half - r * 1.3, half - r * 1.3, half + r * 1.3, half + r * 1.3];
        let shape = if matches!(tone, Tone::White | Tone::Black) { Shape::Circle } else { st.shape };
        raster::fill(&mut img, b, st.edge, 1.0, |x, y| shape_sdf(shape, x, y, half, half, r));
        raster::fill(&mut img, b, st.fill, 1.0, |x, y| shape_sdf(shape, x, y, half, half, r) + (px * 0.1).max(1.0));
        img
    });
    raster::blit(canvas, &sprite, (centre.0 - half).round() as i32, (centre.1 - half).round() as i32, 1.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprites_are_cached_per_piece_and_size() {
        let p = Piece::Marble(Tone::Red);
        let a = sprite(&p, 40);
        let b = sprite(&p, 40);
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(sprite(&p, 41).dimensions(), (41, 41));
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
            let s = draw(&p, 48);
            assert_eq!(s.get_pixel(0, 0).0[3], 0, "{p:?}");
            assert!(s.get_pixel(24, 26).0[3] > 200, "{p:?}");
        }
    }

    #[test]
    fn a_double_block_differs_from_a_single() {
        let one = draw(&Piece::Block { tone: Tone::Red, double: false }, 48);
        let two = draw(&Piece::Block { tone: Tone::Red, double: true }, 48);
        let differing = one.pixels().zip(two.pixels()).filter(|(a, b)| a != b).count();
        assert!(differing > 200, "{differing}");
    }
}
