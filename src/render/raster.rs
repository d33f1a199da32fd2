//! Anti-aliased shapes and text on RGB and RGBA images.
//!
//! Shapes are given as signed distance functions (negative inside, in pixels), so
//! one routine fills circles, rings, rounded boxes, convex polygons and thick lines
//! with a one-pixel soft edge, which keeps small pictures legible.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{Rgb, RgbImage, RgbaImage};

/// An opaque colour.
pub type Color = [u8; 3];

/// A picture that shapes can be blended onto.
pub trait Canvas {
    /// Width and height in pixels.
    fn size(&self) -> (u32, u32);
    /// Blends `color` over the pixel at `(x, y)` with opacity `alpha` (0..=1); the
    /// pixel must be inside.
    fn blend(&mut self, x: u32, y: u32, color: Color, alpha: f32);
}

#[inline]
fn mix(a: u8, b: u8, t: f32) -> u8 {
    (f32::from(a) + (f32::from(b) - f32::from(a)) * t + 0.5) as u8
}

impl Canvas for RgbImage {
    fn size(&self) -> (u32, u32) {
        self.dimensions()
    }

    #[inline]
    fn blend(&mut self, x: u32, y: u32, color: Color, alpha: f32) {
        let p = self.get_pixel_mut(x, y);
        if alpha >= 1.0 {
            *p = Rgb(color);
        } else {
            for (d, s) in p.0.iter_mut().zip(color) {
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

/// Fills the shape `sdf` (signed distance in pixels, negative inside) within the
/// box `[x0, x1] × [y0, y1]`, clipped to the canvas.
pub fn fill<C: Canvas>(c: &mut C, bbox: [f32; 4], color: Color, alpha: f32, sdf: impl Fn(f32, f32) -> f32) {
    let (w, h) = c.size();
    let [x0, y0, x1, y1] = bbox;
    if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
        return;
    }
    let xa = (x0 - 1.0).floor().max(0.0) as u32;
    let ya = (y0 - 1.0).floor().max(0.0) as u32;
    let xb = ((x1 + 1.0).ceil().max(0.0) as u32).min(w);
    let yb = ((y1 + 1.0).ceil().max(0.0) as u32).min(h);
    for y in ya..yb {
        let py = y as f32 + 0.5;
        for x in xa..xb {
            let d = sdf(x as f32 + 0.5, py);
            let cover = (0.5 - d).clamp(0.0, 1.0);
            if cover > 0.0 {
                c.blend(x, y, color, cover * alpha);
            }
        }
    }
}

/// A filled disc.
pub fn disc<C: Canvas>(c: &mut C, cx: f32, cy: f32, r: f32, color: Color, alpha: f32) {
    fill(c, [cx - r, cy - r, cx + r, cy + r], color, alpha, |x, y| (x - cx).hypot(y - cy) - r);
}

/// A circle line of width `w` centred on radius `r`.
pub fn ring<C: Canvas>(c: &mut C, cx: f32, cy: f32, r: f32, w: f32, color: Color, alpha: f32) {
    let o = r + w;
    fill(c, [cx - o, cy - o, cx + o, cy + o], color, alpha, |x, y| ((x - cx).hypot(y - cy) - r).abs() - w / 2.0);
}

/// Signed distance to a box centred on `(cx, cy)` with half sizes `hw`, `hh` and
/// corner radius `r`.
#[inline]
pub fn box_sdf(x: f32, y: f32, cx: f32, cy: f32, hw: f32, hh: f32, r: f32) -> f32 {
    let qx = (x - cx).abs() - (hw - r);
    let qy = (y - cy).abs() - (hh - r);
    qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0) - r
}

/// A filled rounded rectangle.
#[allow(clippy::too_many_arguments)]
pub fn rounded_box<C: Canvas>(c: &mut C, cx: f32, cy: f32, hw: f32, hh: f32, r: f32, color: Color, alpha: f32) {
    fill(c, [cx - hw, cy - hh, cx + hw, cy + hh], color, alpha, |x, y| box_sdf(x, y, cx, cy, hw, hh, r));
}

/// Signed distance to the segment `a`–`b` thickened to half width `hw`.
#[inline]
pub fn segment_sdf(x: f32, y: f32, a: (f32, f32), b: (f32, f32), hw: f32) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    (x - a.0 - t * dx).hypot(y - a.1 - t * dy) - hw
}

/// A line of width `w` with round ends.
pub fn line<C: Canvas>(c: &mut C, a: (f32, f32), b: (f32, f32), w: f32, color: Color, alpha: f32) {
    let hw = w / 2.0;
    let bbox = [a.0.min(b.0) - hw, a.1.min(b.1) - hw, a.0.max(b.0) + hw, a.1.max(b.1) + hw];
    fill(c, bbox, color, alpha, |x, y| segment_sdf(x, y, a, b, hw));
}

/// A convex polygon, points in either winding order. Its distance is exact inside
/// and along the edges, which is all the soft edge needs.
pub fn polygon<C: Canvas>(c: &mut C, points: &[(f32, f32)], color: Color, alpha: f32) {
    if points.len() < 3 {
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
    let bbox = points.iter().fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, p| {
        [b[0].min(p.0), b[1].min(p.1), b[2].max(p.0), b[3].max(p.1)]
    });
    fill(c, bbox, color, alpha, |x, y| edges.iter().fold(f32::MIN, |d, (nx, ny, k)| d.max(nx * x + ny * y - k)));
}

/// Copies `sprite` onto `canvas` with its top-left corner at `(x, y)`, blending by
/// the sprite's alpha and an overall opacity.
pub fn blit(canvas: &mut RgbImage, sprite: &RgbaImage, x: i32, y: i32, opacity: f32) {
    let (cw, ch) = (canvas.width() as i64, canvas.height() as i64);
    let (sw, sh) = (i64::from(sprite.width()), i64::from(sprite.height()));
    let (x, y) = (i64::from(x), i64::from(y));
    let (sx0, sy0) = ((-x).max(0), (-y).max(0));
    let (sx1, sy1) = (sw.min(cw - x), sh.min(ch - y));
    if sx0 >= sx1 || sy0 >= sy1 {
        return;
    }
    let opacity = (opacity.clamp(0.0, 1.0) * 256.0) as u32;
    let src = sprite.as_raw();
    let dst: &mut [u8] = canvas;
    for sy in sy0..sy1 {
        let s_row = &src[((sy * sw + sx0) * 4) as usize..((sy * sw + sx1) * 4) as usize];
        let d_start = (((y + sy) * cw + x + sx0) * 3) as usize;
        let d_row = &mut dst[d_start..d_start + ((sx1 - sx0) * 3) as usize];
        for (s, d) in s_row.chunks_exact(4).zip(d_row.chunks_exact_mut(3)) {
            let a = (u32::from(s[3]) * opacity) >> 8;
            if a == 0 {
                continue;
            }
            if a >= 255 {
                d.copy_from_slice(&s[..3]);
            } else {
                for (d, s) in d.iter_mut().zip(s) {
                    *d = ((u32::from(*s) * a + u32::from(*d) * (255 - a) + 127) / 255) as u8;
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
    let scale = PxScale::from(px);
    let scaled = font.as_scaled(scale);
    let width = text_width(font, px, text);
    let mut pen = match anchor {
        Anchor::Left => x,
        Anchor::Centre => x - width / 2.0,
        Anchor::Right => x - width,
    };
    // DejaVu's capital height is 0.729 em.
    let baseline = y + 0.729 * px * scale_ratio(font) / 2.0;
    let (w, h) = c.size();
    for ch in text.chars() {
        let id = scaled.glyph_id(ch);
        let glyph = id.with_scale_and_position(scale, ab_glyph::point(pen, baseline));
        pen += scaled.h_advance(id);
        let Some(outlined) = font.outline_glyph(glyph) else { continue };
        let bounds = outlined.px_bounds();
        outlined.draw(|gx, gy, cover| {
            let px = bounds.min.x as i32 + gx as i32;
            let py = bounds.min.y as i32 + gy as i32;
            if px >= 0 && py >= 0 && (px as u32) < w && (py as u32) < h && cover > 0.0 {
                c.blend(px as u32, py as u32, color, cover.min(1.0));
            }
        });
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

    #[test]
    fn a_disc_covers_its_inside_and_not_its_outside() {
        let mut img = RgbImage::from_pixel(20, 20, Rgb([0, 0, 0]));
        disc(&mut img, 10.0, 10.0, 5.0, [255, 255, 255], 1.0);
        assert_eq!(img.get_pixel(10, 10).0, [255, 255, 255]);
        assert_eq!(img.get_pixel(1, 1).0, [0, 0, 0]);
        let edge = img.get_pixel(15, 10).0[0];
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
        assert_eq!(img.get_pixel(5, 5).0, [255, 0, 0]);
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
