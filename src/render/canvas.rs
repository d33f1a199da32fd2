//! The few shapes the pictures use and text from the bundled fonts (each character
//! from the first font that has it, so that a name in any common script shows instead
//! of a box), drawn on a [`Canvas`]: tiny-skia's pixmap for the PNGs, or the SVG
//! writer ([`super::svg::Svg`]) for the pages. A game's board is drawn by one code
//! for both, so the two encodings have one look.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve};

use crate::games::view::Piece;
use tiny_skia::{
    FillRule, GradientStop, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Point, RadialGradient, SpreadMode,
    Stroke, Transform,
};

/// An opaque colour.
pub type Color = [u8; 3];

/// Things made once per key and kept (layers, sprites, glyphs); past `limit`
/// the store starts afresh, which a bot that draws a few sizes never reaches.
pub struct Kept<K, V>(OnceLock<Mutex<HashMap<K, Arc<V>>>>, usize);

impl<K: Hash + Eq, V> Kept<K, V> {
    /// An empty store of at most `limit` things.
    pub const fn new(limit: usize) -> Self {
        Kept(OnceLock::new(), limit)
    }

    /// The thing kept under `key`, or the one `make` makes, kept from now on.
    pub fn get(&self, key: K, make: impl FnOnce() -> Option<V>) -> Option<Arc<V>> {
        let map = self.0.get_or_init(|| Mutex::new(HashMap::new()));
        if let Some(v) = map.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Some(Arc::clone(v));
        }
        let v = Arc::new(make()?);
        let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= self.1 {
            map.clear();
        }
        map.insert(key, Arc::clone(&v));
        Some(v)
    }
}

/// A surface the pictures are drawn on. The drawing code (boards, pieces, the panel)
/// is written once over this trait; each back end encodes the same shapes its own
/// way: tiny-skia's [`Pixmap`] paints pixels for the PNGs, [`super::svg::Svg`] writes
/// the shapes as SVG for the pages.
pub trait Canvas {
    /// Covers everything with an opaque colour.
    fn clear(&mut self, color: Color);
    /// Fills an outline (non-zero winding).
    fn fill_outline(&mut self, outline: Outline, color: Color, alpha: f32);
    /// Strokes an outline `w` wide, with round ends and joins; `w` is finite and
    /// positive.
    fn stroke_outline(&mut self, outline: Outline, w: f32, color: Color, alpha: f32);
    /// A soft spot of light: `color` at `alpha` in the middle, fading out at `r`.
    fn glow(&mut self, cx: f32, cy: f32, r: f32, color: Color, alpha: f32);
    /// Writes `text` at `px` pixels with its anchor at `(x, y)` (see [`text`]); the
    /// arguments are finite, `px` positive and `text` not empty.
    #[allow(clippy::too_many_arguments)]
    fn write(&mut self, weight: Weight, px: f32, x: f32, y: f32, anchor: Anchor, color: Color, text: &str);
    /// Lays `piece`, drawn for a cell `px` wide, centred on `centre`, at `opacity`:
    /// drawn once per piece and size and then reused (a sprite, an SVG `<use>`).
    fn piece(&mut self, piece: &Piece, centre: (f32, f32), px: u32, opacity: f32);
}

/// A shape to fill or stroke. Circles and boxes stay what they are, so the SVG
/// writer gives them as `<circle>` and `<rect>`; everything else is a path.
#[derive(Clone, Debug)]
pub enum Outline {
    /// A circle.
    Circle {
        /// Centre, x.
        cx: f32,
        /// Centre, y.
        cy: f32,
        /// Radius.
        r: f32,
    },
    /// A box of half-sizes `hw` × `hh` around a centre, corners rounded by `r`
    /// (at most the smaller half-size).
    Box {
        /// Centre, x.
        cx: f32,
        /// Centre, y.
        cy: f32,
        /// Half the width.
        hw: f32,
        /// Half the height.
        hh: f32,
        /// The corners' radius.
        r: f32,
    },
    /// Any other path.
    Path(Path),
}

impl Outline {
    /// The outline as tiny-skia's path (`None`: empty, or not finite).
    pub fn into_path(self) -> Option<Path> {
        match self {
            Outline::Circle { cx, cy, r } => PathBuilder::from_circle(cx, cy, r),
            Outline::Box { cx, cy, hw, hh, r } => box_path(cx, cy, hw, hh, r),
            Outline::Path(path) => Some(path),
        }
    }
}

fn sk(color: Color, alpha: f32) -> tiny_skia::Color {
    let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
    tiny_skia::Color::from_rgba8(color[0], color[1], color[2], a)
}

fn solid(color: Color, alpha: f32) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(sk(color, alpha));
    paint
}

fn fill_with(img: &mut Pixmap, path: Option<Path>, paint: &Paint) {
    if let Some(path) = path {
        img.fill_path(&path, paint, FillRule::Winding, Transform::identity(), None);
    }
}

impl Canvas for Pixmap {
    fn clear(&mut self, [r, g, b]: Color) {
        self.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
    }

    fn fill_outline(&mut self, outline: Outline, color: Color, alpha: f32) {
        fill_with(self, outline.into_path(), &solid(color, alpha));
    }

    fn stroke_outline(&mut self, outline: Outline, w: f32, color: Color, alpha: f32) {
        let Some(path) = outline.into_path() else { return };
        let stroke = Stroke { width: w, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
        self.stroke_path(&path, &solid(color, alpha), &stroke, Transform::identity(), None);
    }

    fn glow(&mut self, cx: f32, cy: f32, r: f32, color: Color, alpha: f32) {
        let stops = vec![GradientStop::new(0.0, sk(color, alpha)), GradientStop::new(1.0, sk(color, 0.0))];
        let centre = Point::from_xy(cx, cy);
        let shader = RadialGradient::new(centre, 0.0, centre, r, stops, SpreadMode::Pad, Transform::identity());
        if let Some(shader) = shader {
            fill_with(self, PathBuilder::from_circle(cx, cy, r), &Paint { shader, ..Paint::default() });
        }
    }

    fn write(&mut self, weight: Weight, px: f32, x: f32, y: f32, anchor: Anchor, color: Color, text: &str) {
        let mut pen = start(weight, px, x, anchor, text);
        let baseline = baseline(px, y).round() as i32;
        for ch in text.chars() {
            let Some((face, id)) = glyph(weight, ch) else { continue };
            let whole = pen.floor();
            let frac = ((pen - whole) * 4.0) as u8;
            pen += face.font.h_advance_unscaled(id) * face.scale * px;
            if let Some(g) = glyph_sprite(face, id, px, frac, color) {
                blit(self, &g.img, whole as i32 + g.left, baseline + g.top, 1.0);
            }
        }
    }

    fn piece(&mut self, piece: &Piece, centre: (f32, f32), px: u32, opacity: f32) {
        let half = px as f32 / 2.0;
        if let Some(s) = super::pieces::sprite(piece, px) {
            blit(self, &s, (centre.0 - half).round() as i32, (centre.1 - half).round() as i32, opacity);
        }
    }
}

/// Fills an outline (nothing when there is none: a path that could not be built).
pub fn fill<C: Canvas + ?Sized>(img: &mut C, outline: Option<Outline>, color: Color, alpha: f32) {
    if let Some(outline) = outline {
        img.fill_outline(outline, color, alpha);
    }
}

/// A circle.
pub fn circle(cx: f32, cy: f32, r: f32) -> Outline {
    Outline::Circle { cx, cy, r }
}

/// A filled circle.
pub fn disc<C: Canvas + ?Sized>(img: &mut C, cx: f32, cy: f32, r: f32, color: Color, alpha: f32) {
    img.fill_outline(circle(cx, cy, r), color, alpha);
}

/// A soft spot of light: `color` at `alpha` in the middle, fading out at `r`.
pub fn glow<C: Canvas + ?Sized>(img: &mut C, cx: f32, cy: f32, r: f32, color: Color, alpha: f32) {
    img.glow(cx, cy, r, color, alpha);
}

/// A circle's outline, `w` wide.
#[allow(clippy::too_many_arguments)]
pub fn ring<C: Canvas + ?Sized>(img: &mut C, cx: f32, cy: f32, r: f32, w: f32, color: Color, alpha: f32) {
    stroke(img, Some(circle(cx, cy, r)), w, color, alpha);
}

/// A box of half-sizes `hw` × `hh` around a centre, corners rounded by `r`.
pub fn rounded_rect(cx: f32, cy: f32, hw: f32, hh: f32, r: f32) -> Outline {
    Outline::Box { cx, cy, hw, hh, r: r.clamp(0.0, hw.min(hh).max(0.0)) }
}

/// The path of [`Outline::Box`].
fn box_path(cx: f32, cy: f32, hw: f32, hh: f32, r: f32) -> Option<Path> {
    let r = r.clamp(0.0, hw.min(hh).max(0.0));
    let (x0, y0, x1, y1) = (cx - hw, cy - hh, cx + hw, cy + hh);
    // The cubic that best follows a quarter circle puts its handles 0.552 r out.
    let k = r * (1.0 - 0.552_285);
    let mut pb = PathBuilder::new();
    pb.move_to(x0 + r, y0);
    pb.line_to(x1 - r, y0);
    pb.cubic_to(x1 - k, y0, x1, y0 + k, x1, y0 + r);
    pb.line_to(x1, y1 - r);
    pb.cubic_to(x1, y1 - k, x1 - k, y1, x1 - r, y1);
    pb.line_to(x0 + r, y1);
    pb.cubic_to(x0 + k, y1, x0, y1 - k, x0, y1 - r);
    pb.line_to(x0, y0 + r);
    pb.cubic_to(x0, y0 + k, x0 + k, y0, x0 + r, y0);
    pb.close();
    pb.finish()
}

/// A filled rounded box (see [`rounded_rect`]).
#[allow(clippy::too_many_arguments)]
pub fn rounded_box<C: Canvas + ?Sized>(
    img: &mut C,
    cx: f32,
    cy: f32,
    hw: f32,
    hh: f32,
    r: f32,
    color: Color,
    alpha: f32,
) {
    img.fill_outline(rounded_rect(cx, cy, hw, hh, r), color, alpha);
}

/// The path through `points`, closed or not.
pub fn through(points: &[(f32, f32)], closed: bool) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    rest.iter().for_each(|p| pb.line_to(p.0, p.1));
    if closed {
        pb.close();
    }
    pb.finish()
}

/// The outline through `points`, closed or not.
pub fn outline_through(points: &[(f32, f32)], closed: bool) -> Option<Outline> {
    through(points, closed).map(Outline::Path)
}

/// A filled polygon.
pub fn polygon<C: Canvas + ?Sized>(img: &mut C, points: &[(f32, f32)], color: Color, alpha: f32) {
    fill(img, outline_through(points, true), color, alpha);
}

/// Strokes an outline `w` wide with round ends and joins.
pub fn stroke<C: Canvas + ?Sized>(img: &mut C, outline: Option<Outline>, w: f32, color: Color, alpha: f32) {
    let Some(outline) = outline else { return };
    if !(w.is_finite() && w > 0.0) {
        return;
    }
    img.stroke_outline(outline, w, color, alpha);
}

/// A thick polyline through `points`, with round ends and joins.
pub fn polyline<C: Canvas + ?Sized>(img: &mut C, points: &[(f32, f32)], w: f32, color: Color, alpha: f32) {
    stroke(img, outline_through(points, false), w, color, alpha);
}

/// Lays a sprite with its top-left corner at `(x, y)`, at `opacity`.
///
/// By hand rather than `Pixmap::draw_pixmap`: tiny-skia sends every pixmap through
/// its floating-point pattern pipeline, which took a tenth of a picture's time for
/// the one case here, whole pixels and no scaling.
pub fn blit(img: &mut Pixmap, sprite: &Pixmap, x: i32, y: i32, opacity: f32) {
    let op = (opacity.clamp(0.0, 1.0) * 255.0).round() as u32;
    let (w, sw) = (img.width() as i32, sprite.width() as i32);
    let (x0, x1) = (x.max(0), (x + sw).min(w));
    if x0 >= x1 {
        return;
    }
    let src = sprite.data();
    let dst_rows = img.height() as i32;
    let dst = img.data_mut();
    for sy in 0..sprite.height() as i32 {
        let dy = y + sy;
        if !(0..dst_rows).contains(&dy) {
            continue;
        }
        let s = &src[((sy * sw + x0 - x) * 4) as usize..((sy * sw + x1 - x) * 4) as usize];
        let d = &mut dst[((dy * w + x0) * 4) as usize..((dy * w + x1) * 4) as usize];
        for (d, s) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
            // Premultiplied source over: d = s·op + d·(1 − a·op), in 255ths.
            let a = u32::from(s[3]) * op;
            if a == 0 {
                continue;
            }
            if a == 255 * 255 {
                d.copy_from_slice(s);
                continue;
            }
            let a = div255(a);
            for k in 0..4 {
                d[k] = div255(u32::from(s[k]) * op + u32::from(d[k]) * (255 - a)).min(255) as u8;
            }
        }
    }
}

/// `v / 255`, rounded, for `v` up to 255 · 255 · 2.
fn div255(v: u32) -> u32 {
    (v + 128 + ((v + 128) >> 8)) >> 8
}

/// The text's weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
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

/// A font and how many of its units make one pixel at a text size of 1 px.
struct Face {
    font: FontRef<'static>,
    /// Pixels per font unit for a text size of 1 px: sizes are in DejaVu's terms
    /// (its ascent to descent), and the other fonts are scaled to the same em.
    scale: f32,
}

/// The bundled fonts: DejaVu first, then the fallbacks (see `fonts/README.md`).
struct Fonts {
    /// One DejaVu em in pixels at a text size of 1 px.
    em: f32,
    regular: Face,
    bold: Face,
    fallback: Vec<Face>,
}

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let load = |bytes: &'static [u8]| FontRef::try_from_slice(bytes).ok();
        let regular = load(include_bytes!("../../fonts/DejaVuSans.ttf"));
        let bold = load(include_bytes!("../../fonts/DejaVuSans-Bold.ttf"));
        // The bundled files are valid fonts (the unit tests load every one), so
        // `unreachable` is never met.
        let (Some(regular), Some(bold)) = (regular, bold) else { unreachable!("the bundled DejaVu fonts load") };
        let em = |f: &FontRef| f.units_per_em().unwrap_or(2048.0);
        let height = |f: &FontRef| (f.ascent_unscaled() - f.descent_unscaled()).max(1.0);
        let em_px = em(&regular) / height(&regular);
        let face = |font: FontRef<'static>| Face { scale: em_px / em(&font), font };
        let fallback = [
            &include_bytes!("../../fonts/DroidSansFallback-cjk.ttf")[..],
            &include_bytes!("../../fonts/NanumGothic-hangul.ttf")[..],
            &include_bytes!("../../fonts/Symbola-emoji.ttf")[..],
        ]
        .into_iter()
        .filter_map(load)
        .map(face)
        .collect();
        Fonts { em: em_px, regular: face(regular), bold: face(bold), fallback }
    })
}

/// The face and glyph for a character: the weight's own, or the first fallback
/// that has it; a character no font has comes out as `None` and is skipped.
fn glyph(weight: Weight, ch: char) -> Option<(&'static Face, GlyphId)> {
    let f = fonts();
    let main = match weight {
        Weight::Regular => &f.regular,
        Weight::Bold => &f.bold,
    };
    std::iter::once(main).chain(&f.fallback).find_map(|face| {
        let id = face.font.glyph_id(ch);
        (id.0 != 0).then_some((face, id))
    })
}

/// A character of a text as laid out: its face ([`face_number`]), its glyph, and
/// how far it moves the pen, in pixels at a text size of 1 px.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Laid {
    /// The face's number: 0 regular, 1 bold, then the fallbacks.
    pub face: usize,
    /// The glyph in that face.
    pub id: u16,
    /// The pen's advance at a text size of 1 px.
    pub advance: f32,
}

/// The number of a face: 0 DejaVu Sans, 1 its bold, then the fallbacks in order.
fn face_number(face: &Face) -> usize {
    let f = fonts();
    let all = std::iter::once(&f.regular).chain(std::iter::once(&f.bold)).chain(&f.fallback);
    all.enumerate().find(|(_, g)| std::ptr::eq(*g, face)).map_or(0, |(i, _)| i)
}

/// The face of a number ([`face_number`]).
fn face_of(number: usize) -> Option<&'static Face> {
    let f = fonts();
    match number {
        0 => Some(&f.regular),
        1 => Some(&f.bold),
        n => f.fallback.get(n - 2),
    }
}

/// The characters of `text` as [`text`] lays them out (those no font has left out).
pub(super) fn lay_out(weight: Weight, text: &str) -> Vec<Laid> {
    text.chars()
        .filter_map(|ch| glyph(weight, ch))
        .map(|(face, id)| Laid {
            face: face_number(face),
            id: id.0,
            advance: face.font.h_advance_unscaled(id) * face.scale,
        })
        .collect()
}

/// A glyph's outline with its points in pixels at a text size of 1 px, y up from the
/// baseline (`None`: an empty glyph, such as a space).
pub(super) fn glyph_curves(face: usize, id: u16) -> Option<(Vec<OutlineCurve>, f32)> {
    let face = face_of(face)?;
    let outline = face.font.outline(GlyphId(id))?;
    Some((outline.curves, face.scale))
}

/// Width of `text` at `px` pixels, as [`text`] lays it out.
pub fn text_width(weight: Weight, px: f32, text: &str) -> f32 {
    text.chars()
        .filter_map(|ch| glyph(weight, ch))
        .map(|(face, id)| face.font.h_advance_unscaled(id) * face.scale)
        .sum::<f32>()
        * px
}

/// Draws `text` at `px` pixels with its anchor at `(x, y)`; `y` is the middle of the
/// capital letters, so digits and letters centre on a point.
#[allow(clippy::too_many_arguments)]
pub fn text<C: Canvas + ?Sized>(
    img: &mut C,
    weight: Weight,
    px: f32,
    x: f32,
    y: f32,
    anchor: Anchor,
    color: Color,
    text: &str,
) {
    if !(px.is_finite() && x.is_finite() && y.is_finite()) || px <= 0.0 || text.is_empty() {
        return;
    }
    img.write(weight, px, x, y, anchor, color, text);
}

/// Where the pen starts for `text` anchored at `x`.
pub(super) fn start(weight: Weight, px: f32, x: f32, anchor: Anchor, text: &str) -> f32 {
    let width = text_width(weight, px, text);
    match anchor {
        Anchor::Left => x,
        Anchor::Centre => x - width / 2.0,
        Anchor::Right => x - width,
    }
}

/// The baseline of text at `px` pixels whose capitals centre on `y`.
pub(super) fn baseline(px: f32, y: f32) -> f32 {
    // DejaVu's capital height is 0.729 em.
    y + 0.729 * fonts().em * px / 2.0
}

/// A glyph drawn on its own, and where its top-left corner lies from the pen.
struct GlyphSprite {
    img: Pixmap,
    left: i32,
    top: i32,
}

/// Face (by address: the fonts live in a static), glyph, size in eighths of a
/// pixel, the pen's offset in quarter pixels, and the colour.
type GlyphKey = (usize, u16, u32, u8, Color);

/// A glyph drawn once per face, size, colour and quarter-pixel offset, and then
/// laid like a sprite: a picture's text is mostly the same names, counters and
/// coordinates as the last one's, and filling glyph outlines anew each time took
/// more time than all the rest of the drawing.
fn glyph_sprite(face: &'static Face, id: GlyphId, px: f32, frac: u8, color: Color) -> Option<Arc<GlyphSprite>> {
    static GLYPHS: Kept<GlyphKey, GlyphSprite> = Kept::new(4096);
    let key = (face as *const Face as usize, id.0, (px * 8.0).round() as u32, frac, color);
    GLYPHS.get(key, || draw_glyph(face, id, px, frac, color))
}

fn draw_glyph(face: &Face, id: GlyphId, px: f32, frac: u8, color: Color) -> Option<GlyphSprite> {
    let outline = face.font.outline(id)?;
    let s = face.scale * px;
    // Font units, y up; ab_glyph gives the box's corners in either order.
    let (a, b) = (outline.bounds.min, outline.bounds.max);
    let (x0, x1, y0, y1) = (a.x.min(b.x), a.x.max(b.x), a.y.min(b.y), a.y.max(b.y));
    let (left, top) = ((x0 * s).floor() as i32 - 1, (-y1 * s).floor() as i32 - 1);
    let (w, h) = (((x1 - x0) * s).ceil() as u32 + 3, ((y1 - y0) * s).ceil() as u32 + 3);
    if w > 4096 || h > 4096 {
        return None;
    }
    let mut img = Pixmap::new(w, h)?;
    let (pen, baseline) = (f32::from(frac) / 4.0 - left as f32, -top as f32);
    let at = |p: ab_glyph::Point| (pen + p.x * s, baseline - p.y * s);
    let mut pb = PathBuilder::new();
    let mut end: Option<(f32, f32)> = None;
    // A fill closes each contour by itself, so a new one only needs a move.
    for curve in &outline.curves {
        let (a, b) = match *curve {
            OutlineCurve::Line(a, b) | OutlineCurve::Quad(a, _, b) | OutlineCurve::Cubic(a, _, _, b) => (at(a), at(b)),
        };
        if end != Some(a) {
            pb.move_to(a.0, a.1);
        }
        match *curve {
            OutlineCurve::Line(..) => pb.line_to(b.0, b.1),
            OutlineCurve::Quad(_, c, _) => pb.quad_to(at(c).0, at(c).1, b.0, b.1),
            OutlineCurve::Cubic(_, c, d, _) => pb.cubic_to(at(c).0, at(c).1, at(d).0, at(d).1, b.0, b.1),
        }
        end = Some(b);
    }
    fill(&mut img, pb.finish().map(Outline::Path), color, 1.0);
    Some(GlyphSprite { img, left, top })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_font_loads() {
        assert_eq!(fonts().fallback.len(), 3);
    }

    /// Names in other scripts draw from a fallback font, glyph by glyph, never
    /// as the box a font draws for a character it lacks.
    #[test]
    fn text_falls_back_glyph_by_glyph() {
        for ch in ['G', 'ü', 'Д', '红', '漢', 'か', '김', '✓', '🎲', '😀', '♥'] {
            let found = glyph(Weight::Bold, ch);
            assert!(found.is_some_and(|(_, id)| id.0 != 0), "{ch}");
        }
        let mut img = Pixmap::new(200, 40).unwrap_or_else(|| unreachable!());
        text(&mut img, Weight::Regular, 20.0, 10.0, 20.0, Anchor::Left, [255, 255, 255], "红");
        assert!(img.pixels().iter().any(|p| p.alpha() > 0));
        assert!(text_width(Weight::Regular, 20.0, "Grün 红") > text_width(Weight::Regular, 20.0, "Grün"));
    }
}
