//! Anti-aliased shapes and text on RGB and RGBA images.
//!
//! Shapes are given as signed distance functions (negative inside, in pixels), so
//! one routine fills circles, rings, rounded boxes, convex polygons and thick lines
//! with a one-pixel soft edge, which keeps small pictures legible.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{RgbImage, RgbaImage};

/// An opaque colour.
pub type Color = [u8; 3];

/// A picture that shapes can be blended onto.
pub trait Canvas {
    /// Width and height in pixels.
    fn size(&self) -> (u32, u32);
    /// The rows `first..end` this canvas holds: drawing skips every other row, so
    /// that a picture can be drawn in strips, each on its own thread.
    fn rows(&self) -> (u32, u32) {
        (0, self.size().1)
    }
    /// Blends `color` over the pixel at `(x, y)` with opacity `alpha` (0..=1); the
    /// pixel must be inside, on one of [`Canvas::rows`].
    fn blend(&mut self, x: u32, y: u32, color: Color, alpha: f32);
    /// Says that pixels in `x0..x1` × `y0..y1` may change (called once per shape,
    /// glyph or sprite, before its pixels).
    fn touch(&mut self, _x0: u32, _y0: u32, _x1: u32, _y1: u32) {}
    /// Blends `color` over the pixels `x0..x1` of row `y` (inside the canvas).
    fn span(&mut self, y: u32, x0: u32, x1: u32, color: Color, alpha: f32) {
        for x in x0..x1 {
            self.blend(x, y, color, alpha);
        }
    }
    /// Blends `color` over the pixels of row `y` from `x` on, each with its own
    /// opacity out of 255 (inside the canvas): a line of a glyph.
    fn blend_run(&mut self, x: u32, y: u32, color: Color, alphas: &[u8]) {
        for (i, &a) in alphas.iter().enumerate() {
            if a > 0 {
                self.blend(x + i as u32, y, color, f32::from(a) / 255.0);
            }
        }
    }
}

/// True when something spanning rows `y0..=y1` (in pixels, unclipped) may reach
/// one of the canvas's rows.
#[inline]
pub fn meets<C: Canvas>(c: &C, y0: f32, y1: f32) -> bool {
    let (first, end) = c.rows();
    y1 + 1.0 >= first as f32 && y0 - 1.0 < end as f32
}

/// Width in pixels of the column bands [`Touched`] keeps track of.
pub const BAND: usize = 32;

/// The column bands of each row that drawing has touched. A picture drawn over a
/// static layer equals the layer everywhere else, so restoring the layer and
/// encoding the picture can skip those bands without comparing a pixel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Touched {
    width: u32,
    height: u32,
    /// Words per row.
    words: usize,
    bits: Vec<u64>,
}

impl Touched {
    /// Nothing touched on a `width` × `height` picture.
    pub fn new(width: u32, height: u32) -> Touched {
        let words = (width as usize).div_ceil(BAND).div_ceil(64).max(1);
        Touched { width, height, words, bits: vec![0; words * height as usize] }
    }

    /// The picture size this map is for.
    pub fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Forgets every touch.
    pub fn clear(&mut self) {
        self.bits.fill(0);
    }

    /// Marks the bands that `x0..x1` × `y0..y1` overlaps, clipped to the picture.
    pub fn mark(&mut self, x0: u32, y0: u32, x1: u32, y1: u32) {
        let (x1, y1) = (x1.min(self.width), y1.min(self.height));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let (first, last) = (x0 as usize / BAND, (x1 as usize - 1) / BAND);
        for y in y0 as usize..y1 as usize {
            let row = &mut self.bits[y * self.words..(y + 1) * self.words];
            for b in first..=last {
                row[b / 64] |= 1 << (b % 64);
            }
        }
    }

    /// True when band `band` (pixels from `band * BAND`) of row `y` was touched;
    /// outside the picture, true.
    #[inline]
    pub fn band(&self, y: usize, band: usize) -> bool {
        if band / 64 >= self.words {
            return true;
        }
        self.bits.get(y * self.words + band / 64).is_none_or(|w| w >> (band % 64) & 1 == 1)
    }

    /// True when no band of row `y` was touched.
    #[inline]
    pub fn row_clean(&self, y: usize) -> bool {
        self.bits.get(y * self.words..(y + 1) * self.words).is_some_and(|r| r.iter().all(|w| *w == 0))
    }
}

/// A picture drawn over a static layer, and where drawing touched it: the whole
/// picture, or a strip of its rows (see [`Canvas::rows`]), which is drawn with the
/// picture's coordinates and holds only its own rows.
#[derive(Clone, Debug, Default)]
pub struct Picture {
    /// The strip's rows, `top..top + img.height()` of the picture.
    img: RgbImage,
    touched: Touched,
    /// The layer the picture was laid down from (see [`Picture::lay`]).
    layer: Option<u64>,
    top: u32,
    /// The whole picture's height.
    height: u32,
}

impl Picture {
    /// The pixels of the strip's rows.
    pub fn image(&self) -> &RgbImage {
        &self.img
    }

    /// The pixels, for keeps.
    pub fn into_image(self) -> RgbImage {
        self.img
    }

    /// The bands drawn on since the layer was laid down, by the strip's rows. The
    /// shapes, text and [`blit`] of this module mark what they touch before
    /// changing a pixel; a caller of [`Canvas::blend`] or [`Canvas::span`] itself
    /// must call [`Canvas::touch`] first.
    pub fn touched(&self) -> &Touched {
        &self.touched
    }

    /// Makes the picture a copy of the static layer `base`, known by the unique
    /// `id`, and forgets every touch.
    pub fn lay(&mut self, base: &RgbImage, id: u64) {
        self.lay_rows(base, id, 0..base.height());
    }

    /// Makes the picture the strip of rows `rows` of the static layer `base`, known
    /// by the unique `id`, and forgets every touch. When the strip last came from
    /// the same rows of the same layer, only the bands drawn on since are copied
    /// back.
    pub fn lay_rows(&mut self, base: &RgbImage, id: u64, rows: std::ops::Range<u32>) {
        let (width, height) = base.dimensions();
        let rows = rows.start.min(height)..rows.end.min(height);
        let strip = (width, rows.len() as u32);
        let same = self.layer == Some(id)
            && self.top == rows.start
            && self.height == height
            && self.img.dimensions() == strip
            && self.touched.dimensions() == strip;
        let width = width as usize;
        let first = rows.start as usize * width * 3;
        let src = &base.as_raw()[first..rows.end as usize * width * 3];
        if same {
            let bands = width.div_ceil(BAND);
            let dst: &mut [u8] = &mut self.img;
            for y in 0..strip.1 as usize {
                if self.touched.row_clean(y) {
                    continue;
                }
                let mut b = 0;
                while b < bands {
                    if !self.touched.band(y, b) {
                        b += 1;
                        continue;
                    }
                    let start = b;
                    while b < bands && self.touched.band(y, b) {
                        b += 1;
                    }
                    let (a, z) = ((y * width + start * BAND) * 3, (y * width + (b * BAND).min(width)) * 3);
                    dst[a..z].copy_from_slice(&src[a..z]);
                }
            }
            self.touched.clear();
        } else {
            if self.img.dimensions() == strip {
                self.img.copy_from_slice(src);
            } else {
                self.img = RgbImage::from_raw(strip.0, strip.1, src.to_vec()).unwrap_or_default();
            }
            self.touched = Touched::new(strip.0, strip.1);
        }
        self.layer = Some(id);
        self.top = rows.start;
        self.height = height;
    }
}

impl Canvas for Picture {
    fn size(&self) -> (u32, u32) {
        (self.img.width(), self.height)
    }

    fn rows(&self) -> (u32, u32) {
        (self.top, self.top + self.img.height())
    }

    #[inline(always)]
    fn blend(&mut self, x: u32, y: u32, color: Color, alpha: f32) {
        self.img.blend(x, y.wrapping_sub(self.top), color, alpha);
    }

    fn touch(&mut self, x0: u32, y0: u32, x1: u32, y1: u32) {
        let (first, end) = self.rows();
        let (y0, y1) = (y0.max(first), y1.min(end));
        if y0 < y1 {
            self.touched.mark(x0, y0 - self.top, x1, y1 - self.top);
        }
    }

    fn span(&mut self, y: u32, x0: u32, x1: u32, color: Color, alpha: f32) {
        self.img.span(y.wrapping_sub(self.top), x0, x1, color, alpha);
    }

    fn blend_run(&mut self, x: u32, y: u32, color: Color, alphas: &[u8]) {
        self.img.blend_run(x, y.wrapping_sub(self.top), color, alphas);
    }
}

/// `s` over `d` at opacity `a` out of 255, in whole numbers (glyph rows, sprites).
#[inline]
fn over(d: u8, s: u8, a: u32) -> u8 {
    ((u32::from(s) * a + u32::from(d) * (255 - a) + 127) / 255) as u8
}

#[inline]
fn mix(a: u8, b: u8, t: f32) -> u8 {
    (f32::from(a) + (f32::from(b) - f32::from(a)) * t + 0.5) as u8
}

impl Canvas for RgbImage {
    fn size(&self) -> (u32, u32) {
        self.dimensions()
    }

    fn span(&mut self, y: u32, x0: u32, x1: u32, color: Color, alpha: f32) {
        let w = self.width() as usize;
        let (a, b) = ((y as usize * w + x0 as usize) * 3, (y as usize * w + x1 as usize) * 3);
        let Some(pixels) = (**self).get_mut(a..b) else { return };
        if alpha >= 1.0 {
            // One pixel, then copies of what is filled so far: a long span costs a
            // few block copies instead of a store per pixel.
            if pixels.len() >= 3 {
                pixels[..3].copy_from_slice(&color);
                let mut done = 3;
                while done < pixels.len() {
                    let n = done.min(pixels.len() - done);
                    pixels.copy_within(..n, done);
                    done += n;
                }
            }
        } else {
            for p in pixels.chunks_exact_mut(3) {
                for (d, s) in p.iter_mut().zip(color) {
                    *d = mix(*d, s, alpha);
                }
            }
        }
    }

    fn blend_run(&mut self, x: u32, y: u32, color: Color, alphas: &[u8]) {
        let i = (y as usize * self.width() as usize + x as usize) * 3;
        let Some(pixels) = (**self).get_mut(i..i + alphas.len() * 3) else { return };
        for (p, &a) in pixels.chunks_exact_mut(3).zip(alphas) {
            match a {
                0 => {}
                255 => p.copy_from_slice(&color),
                _ => {
                    let a = u32::from(a);
                    for (d, s) in p.iter_mut().zip(color) {
                        *d = over(*d, s, a);
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn blend(&mut self, x: u32, y: u32, color: Color, alpha: f32) {
        let i = (y as usize * self.width() as usize + x as usize) * 3;
        let Some(p) = (**self).get_mut(i..i + 3) else { return };
        if alpha >= 1.0 {
            p.copy_from_slice(&color);
        } else {
            for (d, s) in p.iter_mut().zip(color) {
                *d = mix(*d, s, alpha);
            }
        }
    }
}

impl Canvas for RgbaImage {
    fn size(&self) -> (u32, u32) {
        self.dimensions()
    }

    #[inline]
    fn blend(&mut self, x: u32, y: u32, color: Color, alpha: f32) {
        let p = self.get_pixel_mut(x, y);
        let below = f32::from(p.0[3]) / 255.0;
        let out = alpha + below * (1.0 - alpha);
        if out <= 0.0 {
            return;
        }
        for (d, s) in p.0.iter_mut().zip(color) {
            let c = (f32::from(s) * alpha + f32::from(*d) * below * (1.0 - alpha)) / out;
            *d = (c + 0.5).clamp(0.0, 255.0) as u8;
        }
        p.0[3] = (out * 255.0 + 0.5) as u8;
    }
}

/// Length of a vector. `f32::hypot` guards against overflow at a large cost; the
/// distances here are at most a few thousand pixels.
#[inline]
pub fn len(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Fills the shape `sdf` (signed distance in pixels, negative inside) within the
/// box `[x0, x1] × [y0, y1]`, clipped to the canvas.
pub fn fill<C: Canvas>(c: &mut C, bbox: [f32; 4], color: Color, alpha: f32, sdf: impl Fn(f32, f32) -> f32) {
    fill_around(c, bbox, [0.0; 4], color, alpha, sdf);
}

/// Like [`fill`], with a box `core` (x0, y0, x1, y1) known to lie wholly inside
/// the shape: its pixels are painted without evaluating the shape, which makes
/// large boxes cheap.
fn fill_around<C: Canvas>(
    c: &mut C,
    bbox: [f32; 4],
    core: [f32; 4],
    color: Color,
    alpha: f32,
    sdf: impl Fn(f32, f32) -> f32,
) {
    fill_rows(c, bbox, core, |_| (f32::MIN, f32::MAX), |_| None, color, alpha, sdf);
}

/// Like [`fill_around`], with `rows(y)` giving for a row's centre `y` the span
/// of x outside which the shape surely leaves that row, and `flat(y)` a span of
/// pixel centres x over which the shape's distance is the same at every pixel
/// (painted at once, with the coverage of its first pixel).
#[allow(clippy::too_many_arguments)]
fn fill_rows<C: Canvas>(
    c: &mut C,
    bbox: [f32; 4],
    core: [f32; 4],
    rows: impl Fn(f32) -> (f32, f32),
    flat: impl Fn(f32) -> Option<(f32, f32)>,
    color: Color,
    alpha: f32,
    sdf: impl Fn(f32, f32) -> f32,
) {
    let (w, _) = c.size();
    let (first, end) = c.rows();
    let [x0, y0, x1, y1] = bbox;
    if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
        return;
    }
    let xa = (x0 - 1.0).floor().max(0.0) as u32;
    let ya = ((y0 - 1.0).floor().max(0.0) as u32).max(first);
    let xb = ((x1 + 1.0).ceil().max(0.0) as u32).min(w);
    let yb = ((y1 + 1.0).ceil().max(0.0) as u32).min(end);
    if ya >= yb || xa >= xb {
        return;
    }
    c.touch(xa, ya, xb, yb);
    // Pixels wholly inside the core: x >= core[0] and x + 1 <= core[2].
    let (ca, cb) = if core[0].is_finite() && core[2].is_finite() && core[2] > core[0] {
        ((core[0].ceil().max(0.0) as u32).clamp(xa, xb), (core[2].floor().max(0.0) as u32).clamp(xa, xb))
    } else {
        (xa, xa)
    };
    for y in ya..yb {
        let py = y as f32 + 0.5;
        let core_row = py - 0.5 >= core[1] && py + 0.5 <= core[3] && ca < cb;
        let edge = |c: &mut C, x: u32| {
            let cover = (0.5 - sdf(x as f32 + 0.5, py)).clamp(0.0, 1.0);
            if cover > 0.0 {
                c.blend(x, y, color, cover * alpha);
            }
        };
        let (ra, rb) = rows(py);
        let ra = if ra > xa as f32 { ((ra - 1.0).floor() as u32).clamp(xa, xb) } else { xa };
        let rb = if rb < xb as f32 { ((rb + 1.0).ceil().max(0.0) as u32).clamp(xa, xb) } else { xb };
        if core_row {
            (ra..ca.max(ra)).for_each(|x| edge(c, x));
            c.span(y, ca, cb, color, alpha);
            (cb.min(rb)..rb).for_each(|x| edge(c, x));
        } else if let Some((fa, fb)) = flat(py).filter(|(fa, fb)| fa.is_finite() && fb.is_finite()) {
            // Pixels whose centre x + 0.5 lies in fa..=fb.
            let pa = ((fa - 0.5).ceil().max(0.0) as u32).clamp(ra, rb);
            let pb = (((fb - 0.5).floor() + 1.0).max(0.0) as u32).clamp(pa, rb);
            (ra..pa).for_each(|x| edge(c, x));
            if pa < pb {
                let cover = (0.5 - sdf(pa as f32 + 0.5, py)).clamp(0.0, 1.0);
                if cover > 0.0 {
                    c.span(y, pa, pb, color, cover * alpha);
                }
            }
            (pb..rb).for_each(|x| edge(c, x));
        } else {
            (ra..rb).for_each(|x| edge(c, x));
        }
    }
}

/// A filled disc.
pub fn disc<C: Canvas>(c: &mut C, cx: f32, cy: f32, r: f32, color: Color, alpha: f32) {
    fill(c, [cx - r, cy - r, cx + r, cy + r], color, alpha, |x, y| len(x - cx, y - cy) - r);
}

/// A circle line of width `w` centred on radius `r`.
pub fn ring<C: Canvas>(c: &mut C, cx: f32, cy: f32, r: f32, w: f32, color: Color, alpha: f32) {
    let o = r + w;
    fill(c, [cx - o, cy - o, cx + o, cy + o], color, alpha, |x, y| (len(x - cx, y - cy) - r).abs() - w / 2.0);
}

/// Signed distance to a box centred on `(cx, cy)` with half sizes `hw`, `hh` and
/// corner radius `r`.
#[inline]
pub fn box_sdf(x: f32, y: f32, cx: f32, cy: f32, hw: f32, hh: f32, r: f32) -> f32 {
    let qx = (x - cx).abs() - (hw - r);
    let qy = (y - cy).abs() - (hh - r);
    len(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0) - r
}

/// A filled rounded rectangle.
#[allow(clippy::too_many_arguments)]
pub fn rounded_box<C: Canvas>(c: &mut C, cx: f32, cy: f32, hw: f32, hh: f32, r: f32, color: Color, alpha: f32) {
    let bbox = [cx - hw, cy - hh, cx + hw, cy + hh];
    // The box less its rounded corners' height is solid.
    let k = r.max(0.0) + 1.0;
    let core = [cx - hw + 1.0, cy - hh + k, cx + hw - 1.0, cy + hh - k];
    // Above and below the straight sides, between the corners' centres, the
    // distance is the row's distance from the top or bottom edge alone (a hundredth
    // of a pixel in from the corners, so rounding cannot say otherwise).
    let straight = hw - r - 0.01;
    let flat = move |py: f32| ((py - cy).abs() - (hh - r) >= 0.0).then_some((cx - straight, cx + straight));
    let rows = |_| (f32::MIN, f32::MAX);
    fill_rows(c, bbox, core, rows, flat, color, alpha, |x, y| box_sdf(x, y, cx, cy, hw, hh, r));
}

/// Signed distance to the segment `a`–`b` thickened to half width `hw`.
#[inline]
pub fn segment_sdf(x: f32, y: f32, a: (f32, f32), b: (f32, f32), hw: f32) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    len(x - a.0 - t * dx, y - a.1 - t * dy) - hw
}

/// A line of width `w` with round ends.
pub fn line<C: Canvas>(c: &mut C, a: (f32, f32), b: (f32, f32), w: f32, color: Color, alpha: f32) {
    let hw = w / 2.0;
    let bbox = [a.0.min(b.0) - hw, a.1.min(b.1) - hw, a.0.max(b.0) + hw, a.1.max(b.1) + hw];
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    // A long slanted line crosses a large box: each row looks only near where the
    // line's axis meets it. Every pixel the line covers (within hw + 0.5 of the
    // axis) lies that close to it horizontally, scaled by the slant.
    let steep = dy.abs() > 1e-3;
    let reach = if steep { (hw + 1.0) * len(dx, dy) / dy.abs() + 1.0 } else { f32::INFINITY };
    let rows = move |py: f32| {
        if !steep {
            return (f32::MIN, f32::MAX);
        }
        let x = a.0 + (py - a.1) / dy * dx;
        (x - reach, x + reach)
    };
    fill_rows(c, bbox, [0.0; 4], rows, |_| None, color, alpha, |x, y| segment_sdf(x, y, a, b, hw));
}

/// A convex polygon, points in either winding order. Its distance is exact inside
/// and along the edges, which is all the soft edge needs.
pub fn polygon<C: Canvas>(c: &mut C, points: &[(f32, f32)], color: Color, alpha: f32) {
    let bbox = points.iter().fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, p| {
        [b[0].min(p.0), b[1].min(p.1), b[2].max(p.0), b[3].max(p.1)]
    });
    if points.len() < 3 || !meets(c, bbox[1], bbox[3]) {
        return;
    }
    let area: f32 = points.iter().zip(points.iter().cycle().skip(1)).map(|(p, q)| p.0 * q.1 - q.0 * p.1).sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let edges: Vec<(f32, f32, f32)> = points
        .iter()
        .zip(points.iter().cycle().skip(1))
        .filter_map(|(p, q)| {
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let len = dx.hypot(dy);
            // Outward normal for counter-clockwise points in y-down coordinates.
            (len > 0.0).then(|| {
                let (nx, ny) = (sign * dy / len, -sign * dx / len);
                (nx, ny, nx * p.0 + ny * p.1)
            })
        })
        .collect();
    let n = points.len() as f32;
    let (cx, cy) = points.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0 / n, s.1 + p.1 / n));
    let sdf = |x: f32, y: f32| edges.iter().fold(f32::MIN, |d, (nx, ny, k)| d.max(nx * x + ny * y - k));
    // A square around the centre that stays inside every edge is painted without
    // evaluating the edges (a hexagon's middle half).
    let inside = -sdf(cx, cy);
    let core = if inside > 2.0 {
        let h = inside / std::f32::consts::SQRT_2 - 1.0;
        [cx - h, cy - h, cx + h, cy + h]
    } else {
        [0.0; 4]
    };
    fill_around(c, bbox, core, color, alpha, sdf);
}

/// A transparent picture prepared for copying: each row split into runs of opaque
/// pixels, copied as they are, and runs of partly transparent ones, blended; fully
/// transparent pixels are skipped.
pub struct Sprite {
    img: RgbaImage,
    rgb: Vec<u8>,
    runs: Vec<Run>,
}

struct Run {
    y: u32,
    x0: u32,
    x1: u32,
    opaque: bool,
}

impl Sprite {
    /// Prepares a picture.
    pub fn new(img: RgbaImage) -> Sprite {
        let (w, h) = img.dimensions();
        let rgb = img.pixels().flat_map(|p| [p.0[0], p.0[1], p.0[2]]).collect();
        let mut runs = Vec::new();
        for y in 0..h {
            let mut x = 0;
            while x < w {
                let kind = |x: u32| match img.get_pixel(x, y).0[3] {
                    0 => None,
                    255 => Some(true),
                    _ => Some(false),
                };
                let k = kind(x);
                let start = x;
                while x < w && kind(x) == k {
                    x += 1;
                }
                if let Some(opaque) = k {
                    runs.push(Run { y, x0: start, x1: x, opaque });
                }
            }
        }
        Sprite { img, rgb, runs }
    }
}

impl std::ops::Deref for Sprite {
    type Target = RgbaImage;
    fn deref(&self) -> &RgbaImage {
        &self.img
    }
}

/// Copies `sprite` onto `canvas` with its top-left corner at `(x, y)`, blending by
/// the sprite's alpha and an overall opacity.
pub fn blit(canvas: &mut Picture, sprite: &Sprite, x: i32, y: i32, opacity: f32) {
    let (cw, top) = (i64::from(canvas.img.width()), i64::from(canvas.top));
    let end = top + i64::from(canvas.img.height());
    let (sw, sh) = (i64::from(sprite.img.width()), i64::from(sprite.img.height()));
    let (x, y) = (i64::from(x), i64::from(y));
    let (ya, yb) = (y.clamp(top, end), (y + sh).clamp(top, end));
    if ya >= yb {
        return;
    }
    let clip = |v: i64| v.clamp(0, cw) as u32;
    canvas.touch(clip(x), ya as u32, clip(x + sw), yb as u32);
    let opacity = (opacity.clamp(0.0, 1.0) * 256.0) as u32;
    let src = sprite.img.as_raw();
    let dst: &mut [u8] = &mut canvas.img;
    for run in &sprite.runs {
        let ty = y + i64::from(run.y);
        let (sx0, sx1) = (i64::from(run.x0).max(-x), i64::from(run.x1).min(cw - x));
        if ty < ya || ty >= yb || sx0 >= sx1 {
            continue;
        }
        let d = (((ty - top) * cw + x + sx0) * 3) as usize;
        let n = (sx1 - sx0) as usize;
        let s = (i64::from(run.y) * sw + sx0) as usize;
        if run.opaque && opacity >= 256 {
            dst[d..d + n * 3].copy_from_slice(&sprite.rgb[s * 3..(s + n) * 3]);
            continue;
        }
        for (sp, dp) in src[s * 4..(s + n) * 4].chunks_exact(4).zip(dst[d..d + n * 3].chunks_exact_mut(3)) {
            let a = (u32::from(sp[3]) * opacity) >> 8;
            if a == 0 {
                continue;
            }
            if a >= 255 {
                dp.copy_from_slice(&sp[..3]);
            } else {
                for (d, s) in dp.iter_mut().zip(sp) {
                    *d = over(*d, *s, a);
                }
            }
        }
    }
}

/// The bundled fonts (DejaVu Sans, see `fonts/LICENSE-DejaVu.txt`).
pub struct Fonts {
    /// Regular weight.
    pub regular: FontRef<'static>,
    /// Bold weight.
    pub bold: FontRef<'static>,
}

/// Where a text's anchor point lies on the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Left end, vertically centred on the capital height.
    Left,
    /// Centre.
    Centre,
    /// Right end, vertically centred.
    Right,
}

/// Width of `text` at `px` pixels, laid out as [`text`] lays it out.
pub fn text_width(font: &FontRef<'static>, px: f32, text: &str) -> f32 {
    let scaled = font.as_scaled(PxScale::from(px));
    text.chars().map(|ch| scaled.h_advance(scaled.glyph_id(ch))).sum()
}

/// A glyph's coverage, rasterised once per font, size and sub-pixel offset.
struct GlyphBitmap {
    /// Offset of the bitmap's top-left from the pen position (whole pixels).
    left: i32,
    top: i32,
    width: u32,
    /// Coverage out of 255, row by row.
    alpha: Vec<u8>,
    /// Each row's first and past-last covered column.
    extents: Vec<(u32, u32)>,
}

/// Font (by address: the fonts live in a static), character, size in eighths of a
/// pixel, and the pen's sub-pixel x and y offsets.
type GlyphKey = (usize, char, u32, u8, u8);
type GlyphCache = Mutex<HashMap<GlyphKey, Arc<GlyphBitmap>>>;

/// Glyph bitmaps kept at most; past that the cache starts afresh.
const GLYPH_LIMIT: usize = 4096;

/// Pen positions are rounded to a quarter pixel, which no eye tells apart.
const SUBPIXEL: f32 = 4.0;

fn glyph_cache() -> &'static GlyphCache {
    static CACHE: OnceLock<GlyphCache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn glyph(font: &FontRef<'static>, ch: char, px: f32, frac: u8, yfrac: u8) -> Option<Arc<GlyphBitmap>> {
    let key = (font as *const FontRef<'static> as usize, ch, (px * 8.0).round() as u32, frac, yfrac);
    if let Some(g) = glyph_cache().lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Some(Arc::clone(g));
    }
    let scaled = font.as_scaled(PxScale::from(px));
    let id = scaled.glyph_id(ch);
    let origin = ab_glyph::point(f32::from(frac) / SUBPIXEL, f32::from(yfrac) / SUBPIXEL);
    let outlined = font.outline_glyph(id.with_scale_and_position(PxScale::from(px), origin))?;
    let bounds = outlined.px_bounds();
    let width = bounds.width().max(0.0) as u32;
    let height = bounds.height().max(0.0) as u32;
    let mut alpha = vec![0u8; (width * height) as usize];
    outlined.draw(|x, y, c| {
        if let Some(v) = alpha.get_mut((y * width + x) as usize) {
            *v = (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
        }
    });
    let extents = (0..height as usize)
        .map(|y| {
            let row = &alpha[y * width as usize..(y + 1) * width as usize];
            let first = row.iter().position(|&a| a > 0).unwrap_or(row.len());
            let end = row.iter().rposition(|&a| a > 0).map_or(first, |i| i + 1);
            (first as u32, end as u32)
        })
        .collect();
    let bitmap = Arc::new(GlyphBitmap { left: bounds.min.x as i32, top: bounds.min.y as i32, width, alpha, extents });
    let mut cache = glyph_cache().lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() >= GLYPH_LIMIT {
        cache.clear();
    }
    cache.insert(key, Arc::clone(&bitmap));
    Some(bitmap)
}

/// Draws `text` at `px` pixels with its anchor at `(x, y)`; `y` is the middle of the
/// capital letters, so digits and letters centre on a point.
#[allow(clippy::too_many_arguments)]
pub fn text<C: Canvas>(
    c: &mut C,
    font: &FontRef<'static>,
    px: f32,
    x: f32,
    y: f32,
    anchor: Anchor,
    color: Color,
    text: &str,
) {
    if !(px.is_finite() && x.is_finite() && y.is_finite()) || px <= 0.0 {
        return;
    }
    // DejaVu's capital height is 0.729 em.
    let baseline = y + 0.729 * px * scale_ratio(font) / 2.0;
    // No glyph of these fonts reaches a font size above its baseline or below it
    // by more than a font size, so a strip away from the line skips the lookups.
    if !meets(c, baseline - 2.0 * px, baseline + 2.0 * px) {
        return;
    }
    let scaled = font.as_scaled(PxScale::from(px));
    let width = text_width(font, px, text);
    let mut pen = match anchor {
        Anchor::Left => x,
        Anchor::Centre => x - width / 2.0,
        Anchor::Right => x - width,
    };
    let base_whole = baseline.floor();
    let yfrac = ((baseline - base_whole) * SUBPIXEL) as u8;
    let (w, _) = c.size();
    let (first, end) = c.rows();
    for ch in text.chars() {
        let advance = scaled.h_advance(scaled.glyph_id(ch));
        let whole = pen.floor();
        let frac = ((pen - whole) * SUBPIXEL) as u8;
        pen += advance;
        let Some(g) = glyph(font, ch, px, frac, yfrac) else { continue };
        let (gw, gh) = (i64::from(g.width), g.extents.len() as i64);
        let (gx0, gy0) = (whole as i64 + i64::from(g.left), base_whole as i64 + i64::from(g.top));
        let (ya, yb) =
            (gy0.clamp(i64::from(first), i64::from(end)), (gy0 + gh).clamp(i64::from(first), i64::from(end)));
        if ya >= yb {
            continue;
        }
        let clip = |v: i64| v.clamp(0, i64::from(w)) as u32;
        c.touch(clip(gx0), ya as u32, clip(gx0 + gw), yb as u32);
        for gy in ya..yb {
            let row = (gy - gy0) as usize;
            let (f, e) = g.extents[row];
            // The covered columns of this row, clipped to the canvas.
            let (xa, xb) = ((gx0 + i64::from(f)).max(0), (gx0 + i64::from(e)).min(i64::from(w)));
            if xa >= xb {
                continue;
            }
            let at = row * gw as usize + (xa - gx0) as usize;
            c.blend_run(xa as u32, gy as u32, color, &g.alpha[at..at + (xb - xa) as usize]);
        }
    }
}

/// ab_glyph scales by the font's height (ascent − descent), not by the em; this is
/// the em's share of that height, so sizes and capital heights are in em terms.
fn scale_ratio(font: &FontRef<'static>) -> f32 {
    let units = font.units_per_em().unwrap_or(2048.0);
    let height = font.ascent_unscaled() - font.descent_unscaled();
    if height > 0.0 {
        units / height
    } else {
        1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn a_disc_covers_its_inside_and_not_its_outside() {
        let mut img = RgbImage::from_pixel(20, 20, Rgb([0, 0, 0]));
        disc(&mut img, 10.0, 10.0, 5.0, [255, 255, 255], 1.0);
        assert_eq!(img.get_pixel(10, 10).0, [255, 255, 255]);
        assert_eq!(img.get_pixel(1, 1).0, [0, 0, 0]);
        let edge = img.get_pixel(14, 10).0[0];
        assert!(edge > 0 && edge < 255, "soft edge, got {edge}");
    }

    #[test]
    fn polygons_fill_either_winding() {
        for pts in [
            vec![(2.0, 2.0), (18.0, 2.0), (18.0, 18.0), (2.0, 18.0)],
            vec![(2.0, 2.0), (2.0, 18.0), (18.0, 18.0), (18.0, 2.0)],
        ] {
            let mut img = RgbImage::from_pixel(20, 20, Rgb([0, 0, 0]));
            polygon(&mut img, &pts, [9, 9, 9], 1.0);
            assert_eq!(img.get_pixel(10, 10).0, [9, 9, 9]);
            assert_eq!(img.get_pixel(0, 10).0, [0, 0, 0]);
        }
    }

    #[test]
    fn shapes_off_the_canvas_are_clipped() {
        let mut img = RgbImage::new(10, 10);
        disc(&mut img, -50.0, 400.0, 30.0, [255, 0, 0], 1.0);
        line(&mut img, (-5.0, -5.0), (50.0, 50.0), 3.0, [255, 0, 0], 1.0);
        disc(&mut img, f32::NAN, 0.0, 3.0, [255, 0, 0], 1.0);
        // Shapes with a painted middle wholly beyond the right or bottom edge.
        rounded_box(&mut img, 60.0, 5.0, 8.0, 8.0, 2.0, [0, 255, 0], 1.0);
        rounded_box(&mut img, 5.0, 60.0, 8.0, 8.0, 2.0, [0, 255, 0], 1.0);
        let far: Vec<(f32, f32)> =
            (0..6).map(|k| (80.0 + 20.0 * (k as f32).cos(), 5.0 + 20.0 * (k as f32).sin())).collect();
        polygon(&mut img, &far, [0, 255, 0], 1.0);
        assert_eq!(img.get_pixel(5, 5).0, [255, 0, 0]);
    }

    /// The run-based copy gives what blending pixel by pixel gives, clipped at
    /// every edge of the canvas.
    #[test]
    fn sprites_blend_like_pixels_and_clip() {
        let sprite = RgbaImage::from_fn(9, 7, |x, y| {
            image::Rgba([x as u8 * 20, y as u8 * 30, 7, [0, 128, 255][((x + y) % 3) as usize]])
        });
        let prepared = Sprite::new(sprite.clone());
        for (x, y, opacity) in [(2, 3, 1.0), (-4, -2, 1.0), (16, 10, 1.0), (5, 5, 0.5)] {
            let mut slow = RgbImage::from_pixel(20, 14, Rgb([50, 60, 70]));
            let mut fast = Picture::default();
            fast.lay(&slow, 0);
            blit(&mut fast, &prepared, x, y, opacity);
            for (sx, sy, p) in sprite.enumerate_pixels() {
                let (tx, ty) = (x + sx as i32, y + sy as i32);
                if tx < 0 || ty < 0 || tx >= 20 || ty >= 14 {
                    continue;
                }
                let a = (u32::from(p.0[3]) * (opacity * 256.0) as u32) >> 8;
                let d = slow.get_pixel_mut(tx as u32, ty as u32);
                for i in 0..3 {
                    let v = if a >= 255 {
                        u32::from(p.0[i])
                    } else {
                        (u32::from(p.0[i]) * a + u32::from(d.0[i]) * (255 - a) + 127) / 255
                    };
                    d.0[i] = v as u8;
                }
            }
            assert_eq!(fast.image(), &slow, "at ({x}, {y}) × {opacity}");
        }
    }

    /// A canvas that blends pixel by pixel (the trait's own `span`).
    struct Plain(RgbImage);

    impl Canvas for Plain {
        fn size(&self) -> (u32, u32) {
            self.0.dimensions()
        }
        fn blend(&mut self, x: u32, y: u32, color: Color, alpha: f32) {
            self.0.blend(x, y, color, alpha);
        }
    }

    /// Filling a shape's core by spans gives what blending each pixel gives.
    #[test]
    fn spans_fill_like_pixels() {
        let bg = RgbImage::from_fn(60, 40, |x, y| Rgb([x as u8 * 4, y as u8 * 6, 99]));
        for (alpha, (cx, cy, hw, hh, r)) in [
            (1.0, (30.3, 20.6, 20.2, 12.7, 4.0)),
            (0.6, (5.0, 3.0, 30.0, 9.0, 0.0)),
            (1.0, (59.5, 39.5, 7.0, 7.0, 2.5)),
        ] {
            let mut fast = bg.clone();
            let mut slow = Plain(bg.clone());
            rounded_box(&mut fast, cx, cy, hw, hh, r, [250, 10, 10], alpha);
            rounded_box(&mut slow, cx, cy, hw, hh, r, [250, 10, 10], alpha);
            assert_eq!(fast, slow.0);
        }
    }

    /// Text blended a glyph row at a time in whole numbers equals blending each
    /// pixel by its coverage to within rounding, clipped alike at every edge.
    #[test]
    fn glyph_rows_blend_like_pixels() {
        let fonts = crate::render::fonts();
        let bg = RgbImage::from_fn(120, 40, |x, y| Rgb([x as u8 * 2, y as u8 * 6, 140]));
        for (x, y, px) in [(10.3, 20.0, 18.0), (-6.0, 2.0, 30.0), (100.7, 37.5, 13.0)] {
            let mut fast = bg.clone();
            let mut slow = Plain(bg.clone());
            text(&mut fast, &fonts.bold, px, x, y, Anchor::Left, [250, 250, 20], "Wg½ 12");
            text(&mut slow, &fonts.bold, px, x, y, Anchor::Left, [250, 250, 20], "Wg½ 12");
            assert_ne!(fast, bg, "text at ({x}, {y}) is drawn");
            for (a, b) in fast.as_raw().iter().zip(slow.0.as_raw()) {
                assert!(a.abs_diff(*b) <= 1, "text at ({x}, {y}): {a} and {b}");
            }
        }
    }

    /// Lines look only near their axis, polygons paint their middle without the
    /// edges, and rounded boxes paint their middle and the stretch between their
    /// corners at once: all give exactly what evaluating every pixel gives.
    #[test]
    fn shortcuts_change_no_pixel() {
        let bg = RgbImage::from_fn(90, 70, |x, y| Rgb([x as u8 * 2, y as u8 * 3, 77]));
        let mut seed = 12345u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        for _ in 0..300 {
            let a = (next() * 110.0 - 10.0, next() * 90.0 - 10.0);
            let b = (next() * 110.0 - 10.0, next() * 90.0 - 10.0);
            let w = 0.5 + next() * 14.0;
            let alpha = if next() < 0.5 { 1.0 } else { next() };
            let mut fast = bg.clone();
            let mut slow = bg.clone();
            line(&mut fast, a, b, w, [9, 200, 9], alpha);
            let hw = w / 2.0;
            let bbox = [a.0.min(b.0) - hw, a.1.min(b.1) - hw, a.0.max(b.0) + hw, a.1.max(b.1) + hw];
            fill(&mut slow, bbox, [9, 200, 9], alpha, |x, y| segment_sdf(x, y, a, b, hw));
            assert_eq!(fast, slow, "line {a:?}-{b:?} width {w}");
            let (cx, cy, r) = (next() * 90.0, next() * 70.0, 2.0 + next() * 30.0);
            let hex: Vec<(f32, f32)> = (0..6)
                .map(|k| {
                    let t = k as f32 * std::f32::consts::PI / 3.0 + 0.3;
                    (cx + r * t.cos(), cy + r * t.sin())
                })
                .collect();
            let mut fast = bg.clone();
            polygon(&mut fast, &hex, [200, 9, 9], alpha);
            assert_ne!(fast, bg, "the hexagon at ({cx}, {cy}) is drawn");
            let mut slow = bg.clone();
            let edges: Vec<(f32, f32, f32)> = hex
                .iter()
                .zip(hex.iter().cycle().skip(1))
                .map(|(p, q)| {
                    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                    let l = dx.hypot(dy);
                    (dy / l, -dx / l, dy / l * p.0 - dx / l * p.1)
                })
                .collect();
            let bbox = hex.iter().fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, p| {
                [b[0].min(p.0), b[1].min(p.1), b[2].max(p.0), b[3].max(p.1)]
            });
            fill(&mut slow, bbox, [200, 9, 9], alpha, |x, y| {
                edges.iter().fold(f32::MIN, |d, (nx, ny, k)| d.max(nx * x + ny * y - k))
            });
            assert_eq!(fast, slow, "hexagon at ({cx}, {cy}) radius {r}");
            let (cx, cy) = (next() * 100.0 - 5.0, next() * 80.0 - 5.0);
            let (hw, hh) = (0.3 + next() * 40.0, 0.3 + next() * 30.0);
            let r = next() * hw.min(hh);
            let mut fast = bg.clone();
            rounded_box(&mut fast, cx, cy, hw, hh, r, [20, 20, 220], alpha);
            let mut slow = bg.clone();
            fill(&mut slow, [cx - hw, cy - hh, cx + hw, cy + hh], [20, 20, 220], alpha, |x, y| {
                box_sdf(x, y, cx, cy, hw, hh, r)
            });
            assert_eq!(fast, slow, "box at ({cx}, {cy}) half {hw} × {hh} corner {r}");
        }
    }

    #[test]
    fn touches_mark_whole_bands_clipped_to_the_picture() {
        let mut t = Touched::new(100, 5);
        t.mark(31, 1, 33, 2);
        assert!(t.band(1, 0) && t.band(1, 1) && !t.band(1, 2) && !t.band(1, 3));
        assert!(t.row_clean(0) && !t.row_clean(1) && t.row_clean(2));
        t.mark(97, 4, 500, 500);
        assert!(t.band(4, 3) && !t.band(4, 2));
        t.mark(50, 3, 50, 4);
        assert!(t.row_clean(3), "an empty box touches nothing");
        t.clear();
        assert!((0..5).all(|y| t.row_clean(y)));
        let wide = Touched::new(4096, 1);
        assert!(!wide.band(0, 127) && wide.band(0, 128), "past the last band counts as touched");
    }

    /// Every way of drawing marks what it changed, and laying the same layer again
    /// undoes exactly that; another layer is copied whole.
    #[test]
    fn a_picture_knows_what_it_drew_and_undoes_it() {
        let layer = RgbImage::from_fn(200, 120, |x, y| Rgb([x as u8, y as u8, 9]));
        let mut p = Picture::default();
        p.lay(&layer, 7);
        disc(&mut p, 20.0, 20.0, 8.0, [255, 0, 0], 1.0);
        line(&mut p, (100.0, 10.0), (120.0, 90.0), 3.0, [0, 255, 0], 0.5);
        let fonts = crate::render::fonts();
        text(&mut p, &fonts.bold, 20.0, 150.0, 100.0, Anchor::Centre, [0, 0, 255], "Ag");
        let sprite = Sprite::new(RgbaImage::from_pixel(10, 10, image::Rgba([1, 2, 3, 255])));
        blit(&mut p, &sprite, 190, 115, 1.0);
        let w = 200usize;
        for (i, (a, b)) in p.image().pixels().zip(layer.pixels()).enumerate() {
            let (x, y) = (i % w, i / w);
            if a != b {
                assert!(p.touched().band(y, x / BAND), "({x}, {y}) changed outside the touched bands");
            }
        }
        assert!(p.touched().band(119, 199 / BAND) && !p.touched().band(60, 0));
        p.lay(&layer, 7);
        assert_eq!(p.image(), &layer);
        assert!((0..120).all(|y| p.touched().row_clean(y)));
        disc(&mut p, 20.0, 20.0, 8.0, [255, 0, 0], 1.0);
        let other = RgbImage::from_pixel(200, 120, Rgb([1, 1, 1]));
        p.lay(&other, 8);
        assert_eq!(p.image(), &other);
    }

    #[test]
    fn rgba_blending_keeps_straight_alpha() {
        let mut img = RgbaImage::new(2, 1);
        img.blend(0, 0, [200, 100, 0], 0.5);
        assert_eq!(img.get_pixel(0, 0).0, [200, 100, 0, 128]);
        img.blend(0, 0, [200, 100, 0], 1.0);
        assert_eq!(img.get_pixel(0, 0).0, [200, 100, 0, 255]);
    }
}
