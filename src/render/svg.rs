//! The SVG writer: a [`Canvas`] that writes the shapes it is given as an SVG
//! document instead of painting them, so a board drawn for a page is the PNG's
//! picture as vector graphics, sharp at any size (one look, two encodings).
//!
//! What a picture repeats is written once and referred to: each piece (per kind and
//! size) is a `<g>` in `<defs>` laid by `<use>`, as the PNG lays a sprite; each glyph
//! is a path in `<defs>` (its outline from the bundled fonts, so the text looks the
//! same on every reader, with no font of theirs); each light's gradient once per
//! colour. Circles and boxes are `<circle>` and `<rect>`, every other shape a path.
//! Numbers have two decimals at most and everything is written in drawing order, one
//! element a line, so the same view always gives the same bytes (the golden tests
//! compare them, and their diffs read line by line).

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use ab_glyph::OutlineCurve;
use tiny_skia::PathSegment;

use super::canvas::{self, Anchor, Canvas, Color, Kept, Outline, Weight};
use crate::games::view::Piece;

/// Glyph outlines are written in this many units per pixel of text size.
const GLYPH_UNITS: f32 = 1000.0;

/// An SVG document being drawn: `width` × `height` pixels, its `viewBox` the same, so
/// it scales to whatever box a page gives it.
pub struct Svg {
    width: u32,
    height: u32,
    body: String,
    defs: String,
    /// Glyphs written in `defs` (face, glyph); empty glyphs are never written.
    glyphs: HashSet<(usize, u16)>,
    /// Pieces written in `defs`, by piece and size: their number.
    pieces: HashMap<(Piece, u32), usize>,
    /// Lights' gradients written in `defs`, by colour and alpha (in 255ths): their number.
    lights: HashMap<(Color, u8), usize>,
}

impl Svg {
    /// An empty picture `width` × `height` pixels.
    pub fn new(width: u32, height: u32) -> Svg {
        Svg {
            width,
            height,
            body: String::with_capacity(32 * 1024),
            defs: String::with_capacity(16 * 1024),
            glyphs: HashSet::new(),
            pieces: HashMap::new(),
            lights: HashMap::new(),
        }
    }

    /// The document.
    pub fn finish(self) -> String {
        let (w, h) = (self.width, self.height);
        let mut out = String::with_capacity(self.body.len() + self.defs.len() + 256);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
             stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        );
        if !self.defs.is_empty() {
            out.push_str("<defs>\n");
            out.push_str(&self.defs);
            out.push_str("</defs>\n");
        }
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }

    /// Writes an outline's element up to its paint: `<circle …`, `<rect …` or
    /// `<path …`; `false` when there is nothing to draw.
    fn shape(&mut self, outline: &Outline) -> bool {
        let out = &mut self.body;
        match *outline {
            Outline::Circle { cx, cy, r } => {
                if !(cx.is_finite() && cy.is_finite() && r.is_finite() && r > 0.0) {
                    return false;
                }
                out.push_str("<circle cx=\"");
                num(out, cx);
                out.push_str("\" cy=\"");
                num(out, cy);
                out.push_str("\" r=\"");
                num(out, r);
                out.push('"');
            }
            Outline::Box { cx, cy, hw, hh, r } => {
                if ![cx, cy, hw, hh, r].iter().all(|v| v.is_finite()) || hw <= 0.0 || hh <= 0.0 {
                    return false;
                }
                out.push_str("<rect x=\"");
                num(out, cx - hw);
                out.push_str("\" y=\"");
                num(out, cy - hh);
                out.push_str("\" width=\"");
                num(out, 2.0 * hw);
                out.push_str("\" height=\"");
                num(out, 2.0 * hh);
                out.push('"');
                if r > 0.0 {
                    out.push_str(" rx=\"");
                    num(out, r);
                    out.push('"');
                }
            }
            Outline::Path(ref path) => {
                out.push_str("<path d=\"");
                path_data(out, path);
                out.push('"');
            }
        }
        true
    }

    /// The number of the gradient of a light of `color` at `alpha`, written on first use.
    fn light(&mut self, color: Color, alpha: f32) -> usize {
        let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
        if let Some(&n) = self.lights.get(&(color, a)) {
            return n;
        }
        let n = self.lights.len();
        // The gradient spans the circle it fills (objectBoundingBox: centre and
        // radius 50 %), so one serves every light of its colour.
        let _ = write!(self.defs, "<radialGradient id=\"l{n}\"><stop offset=\"0\" stop-color=\"");
        hex(&mut self.defs, color);
        self.defs.push_str("\" stop-opacity=\"");
        num(&mut self.defs, f32::from(a) / 255.0);
        self.defs.push_str("\"/><stop offset=\"1\" stop-color=\"");
        hex(&mut self.defs, color);
        self.defs.push_str("\" stop-opacity=\"0\"/></radialGradient>\n");
        self.lights.insert((color, a), n);
        n
    }

    /// Whether the glyph has an outline, written in `defs` on first use.
    fn glyph(&mut self, face: usize, id: u16) -> bool {
        if self.glyphs.contains(&(face, id)) {
            return true;
        }
        static OUTLINES: Kept<(usize, u16), String> = Kept::new(8192);
        let Some(d) = OUTLINES.get((face, id), || glyph_data(face, id)) else { return false };
        let _ = writeln!(self.defs, "<path id=\"g{face}-{id}\" d=\"{d}\"/>");
        self.glyphs.insert((face, id));
        true
    }
}

/// Writes `v` with at most two decimals (`12`, `12.5`, `-0.25`); a value that is not
/// finite as 0.
fn num(out: &mut String, v: f32) {
    fixed(out, v, 100);
}

/// Writes `v` rounded to `1 / scale` (a power of ten), without trailing zeros.
fn fixed(out: &mut String, v: f32, scale: u32) {
    let v = if v.is_finite() { f64::from(v) } else { 0.0 };
    let n = (v * f64::from(scale)).round() as i64;
    if n < 0 {
        out.push('-');
    }
    let n = n.unsigned_abs();
    let scale = u64::from(scale);
    let _ = write!(out, "{}", n / scale);
    let mut frac = n % scale;
    if frac == 0 {
        return;
    }
    let mut digits = scale.ilog10() as usize;
    while frac.is_multiple_of(10) {
        frac /= 10;
        digits -= 1;
    }
    let _ = write!(out, ".{frac:0digits$}");
}

/// Writes a colour as `#rrggbb`.
fn hex(out: &mut String, [r, g, b]: Color) {
    let _ = write!(out, "#{r:02x}{g:02x}{b:02x}");
}

/// Writes a paint attribute's colour and its opacity when not opaque.
fn paint(out: &mut String, what: &str, color: Color, alpha: f32) {
    let _ = write!(out, " {what}=\"");
    hex(out, color);
    out.push('"');
    let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
    if a < 255 {
        let _ = write!(out, " {what}-opacity=\"");
        num(out, f32::from(a) / 255.0);
        out.push('"');
    }
}

/// A path's `d`.
fn path_data(out: &mut String, path: &tiny_skia::Path) {
    let point = |out: &mut String, p: tiny_skia::Point| {
        num(out, p.x);
        out.push(' ');
        num(out, p.y);
    };
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                out.push('M');
                point(out, p);
            }
            PathSegment::LineTo(p) => {
                out.push('L');
                point(out, p);
            }
            PathSegment::QuadTo(a, p) => {
                out.push('Q');
                point(out, a);
                out.push(' ');
                point(out, p);
            }
            PathSegment::CubicTo(a, b, p) => {
                out.push('C');
                point(out, a);
                out.push(' ');
                point(out, b);
                out.push(' ');
                point(out, p);
            }
            PathSegment::Close => out.push('Z'),
        }
    }
}

/// A glyph's outline as a path's `d`, in [`GLYPH_UNITS`] per pixel of text size, y
/// down from the baseline; `None` for a glyph without one.
fn glyph_data(face: usize, id: u16) -> Option<String> {
    let (curves, scale) = canvas::glyph_curves(face, id)?;
    if curves.is_empty() {
        return None;
    }
    let k = scale * GLYPH_UNITS;
    let mut d = String::with_capacity(curves.len() * 16);
    let at = |d: &mut String, p: ab_glyph::Point| {
        fixed(d, p.x * k, 10);
        d.push(' ');
        fixed(d, -p.y * k, 10);
    };
    let mut end: Option<ab_glyph::Point> = None;
    // A fill closes each contour by itself, so a new one only needs a move.
    for curve in &curves {
        let (a, b) = match *curve {
            OutlineCurve::Line(a, b) | OutlineCurve::Quad(a, _, b) | OutlineCurve::Cubic(a, _, _, b) => (a, b),
        };
        if end != Some(a) {
            d.push('M');
            at(&mut d, a);
        }
        match *curve {
            // Fonts close a contour with a line back to its start, often of no length.
            OutlineCurve::Line(..) if a == b => continue,
            OutlineCurve::Line(..) => d.push('L'),
            OutlineCurve::Quad(_, c, _) => {
                d.push('Q');
                at(&mut d, c);
                d.push(' ');
            }
            OutlineCurve::Cubic(_, c, e, _) => {
                d.push('C');
                at(&mut d, c);
                d.push(' ');
                at(&mut d, e);
                d.push(' ');
            }
        }
        at(&mut d, b);
        end = Some(b);
    }
    Some(d)
}

impl Canvas for Svg {
    fn clear(&mut self, color: Color) {
        let _ = write!(self.body, "<rect width=\"{}\" height=\"{}\"", self.width, self.height);
        paint(&mut self.body, "fill", color, 1.0);
        self.body.push_str("/>\n");
    }

    fn fill_outline(&mut self, outline: Outline, color: Color, alpha: f32) {
        if self.shape(&outline) {
            paint(&mut self.body, "fill", color, alpha);
            self.body.push_str("/>\n");
        }
    }

    fn stroke_outline(&mut self, outline: Outline, w: f32, color: Color, alpha: f32) {
        if self.shape(&outline) {
            self.body.push_str(" fill=\"none\"");
            paint(&mut self.body, "stroke", color, alpha);
            self.body.push_str(" stroke-width=\"");
            num(&mut self.body, w);
            self.body.push_str("\"/>\n");
        }
    }

    fn glow(&mut self, cx: f32, cy: f32, r: f32, color: Color, alpha: f32) {
        let n = self.light(color, alpha);
        if self.shape(&Outline::Circle { cx, cy, r }) {
            let _ = writeln!(self.body, " fill=\"url(#l{n})\"/>");
        }
    }

    fn write(&mut self, weight: Weight, px: f32, x: f32, y: f32, anchor: Anchor, color: Color, text: &str) {
        let laid = canvas::lay_out(weight, text);
        let mut pen = 0.0;
        let mut uses = String::new();
        for g in &laid {
            if self.glyph(g.face, g.id) {
                let _ = write!(uses, "<use href=\"#g{}-{}\"", g.face, g.id);
                if pen != 0.0 {
                    uses.push_str(" x=\"");
                    fixed(&mut uses, pen, 10);
                    uses.push('"');
                }
                uses.push_str("/>");
            }
            pen += g.advance * GLYPH_UNITS;
        }
        if uses.is_empty() {
            return;
        }
        let out = &mut self.body;
        out.push_str("<g");
        paint(out, "fill", color, 1.0);
        out.push_str(" transform=\"translate(");
        num(out, canvas::start(weight, px, x, anchor, text));
        out.push(' ');
        num(out, canvas::baseline(px, y));
        out.push_str(") scale(");
        fixed(out, px / GLYPH_UNITS, 100_000);
        out.push_str(")\">");
        out.push_str(&uses);
        out.push_str("</g>\n");
    }

    fn piece(&mut self, piece: &Piece, centre: (f32, f32), px: u32, opacity: f32) {
        let key = (piece.clone(), px);
        let n = match self.pieces.get(&key) {
            Some(&n) => n,
            None => {
                // Drawn once, in its own box of `px` × `px`, into the definitions.
                let n = self.pieces.len();
                let outside = std::mem::take(&mut self.body);
                super::pieces::paint(self, piece, px);
                let drawn = std::mem::replace(&mut self.body, outside);
                let _ = write!(self.defs, "<g id=\"p{n}\">\n{drawn}</g>\n");
                self.pieces.insert(key, n);
                n
            }
        };
        let half = px as f32 / 2.0;
        let out = &mut self.body;
        let _ = write!(out, "<use href=\"#p{n}\" x=\"");
        num(out, centre.0 - half);
        out.push_str("\" y=\"");
        num(out, centre.1 - half);
        out.push('"');
        let a = (opacity.clamp(0.0, 1.0) * 255.0).round() as u8;
        if a < 255 {
            out.push_str(" opacity=\"");
            num(out, f32::from(a) / 255.0);
            out.push('"');
        }
        out.push_str("/>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(v: f32, scale: u32) -> String {
        let mut s = String::new();
        fixed(&mut s, v, scale);
        s
    }

    #[test]
    fn numbers_are_short_and_exact_to_their_decimals() {
        assert_eq!(written(12.0, 100), "12");
        assert_eq!(written(12.5, 100), "12.5");
        assert_eq!(written(-0.25, 100), "-0.25");
        assert_eq!(written(0.004, 100), "0");
        assert_eq!(written(-0.004, 100), "0");
        assert_eq!(written(0.05, 100), "0.05");
        assert_eq!(written(f32::NAN, 100), "0");
        assert_eq!(written(0.018_43, 100_000), "0.01843");
        assert_eq!(written(3.1, 10), "3.1");
    }

    #[test]
    fn shapes_become_elements_and_nothing_is_written_for_nothing() {
        let mut svg = Svg::new(100, 50);
        canvas::disc(&mut svg, 10.0, 10.0, 5.0, [255, 0, 0], 1.0);
        canvas::disc(&mut svg, 10.0, 10.0, 0.0, [255, 0, 0], 1.0);
        canvas::rounded_box(&mut svg, 50.0, 25.0, 10.0, 5.0, 2.0, [0, 0, 0], 0.5);
        canvas::polyline(&mut svg, &[(0.0, 0.0), (10.0, 10.0)], 2.0, [1, 2, 3], 1.0);
        canvas::text(&mut svg, Weight::Bold, 12.0, 5.0, 40.0, Anchor::Left, [9, 9, 9], "a a");
        let doc = svg.finish();
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 50\""), "{doc}");
        assert!(doc.contains("<circle cx=\"10\" cy=\"10\" r=\"5\" fill=\"#ff0000\"/>"), "{doc}");
        assert_eq!(doc.matches("<circle").count(), 1, "{doc}");
        assert!(
            doc.contains(
                "<rect x=\"40\" y=\"20\" width=\"20\" height=\"10\" rx=\"2\" fill=\"#000000\" fill-opacity=\"0.5\"/>"
            ),
            "{doc}"
        );
        assert!(doc.contains("<path d=\"M0 0L10 10\" fill=\"none\" stroke=\"#010203\" stroke-width=\"2\"/>"), "{doc}");
        // One glyph defined for the two a's; the space has no outline and is skipped.
        assert_eq!(doc.matches("<path id=\"g1-").count(), 1, "{doc}");
        assert_eq!(doc.matches("<use href=\"#g1-").count(), 2, "{doc}");
    }
}
