//! What never changes within a game: the background, the board, its coordinates and
//! its printed values. Drawn once per frame and kept.

use std::sync::Arc;

use tiny_skia::Pixmap;

use super::canvas::{self, Anchor, Canvas, Kept, Weight};
use super::layout::{Frame, Layout};
use super::theme;
use crate::games::view::{file_letter, Geometry, Surface, Tone};

/// Everything the static layer depends on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BaseKey {
    /// Layout inputs.
    pub frame: Frame,
    /// Printed values, in cell order.
    pub values: Vec<Option<u8>>,
    /// Home-area tints, in cell order.
    pub zones: Vec<Option<Tone>>,
    /// The side space's label.
    pub side_label: Option<String>,
}

/// The static layer for `key`, drawn on first use and kept (`None` only for a
/// size tiny-skia refuses).
pub fn base(key: &BaseKey, layout: &Layout) -> Option<Arc<Pixmap>> {
    static LAYERS: Kept<BaseKey, Pixmap> = Kept::new(12);
    LAYERS.get(key.clone(), || draw(key, layout))
}

fn draw(key: &BaseKey, l: &Layout) -> Option<Pixmap> {
    let mut img = Pixmap::new(l.frame.width, l.height)?;
    paint(&mut img, key, l);
    Some(img)
}

/// Draws the static layer: the background, the panel's ground, the board, its
/// coordinates and printed values, the side space.
pub fn paint<C: Canvas + ?Sized>(img: &mut C, key: &BaseKey, l: &Layout) {
    img.clear(theme::BACKGROUND);
    // The panel is a shade darker than the margins around the board.
    let (hw, hh) = (l.frame.width as f32 / 2.0, l.panel / 2.0);
    canvas::rounded_box(img, hw, hh, hw, hh, 0.0, theme::PANEL, 1.0);
    match l.frame.geometry {
        Geometry::Square { files, ranks } => squares(img, key, l, files, ranks),
        Geometry::Hex61 => hexes(img, key, l),
    }
    if let (Some(side), Some(label)) = (l.side, &key.side_label) {
        let (cx, cy) = ((side[0] + side[2]) / 2.0, (side[1] + side[3]) / 2.0);
        let (hw, hh) = ((side[2] - side[0]) / 2.0, (side[3] - side[1]) / 2.0);
        canvas::rounded_box(img, cx, cy, hw, hh, l.cell * 0.12, theme::GRID_LINE, 1.0);
        canvas::rounded_box(img, cx, cy, hw - 2.0, hh - 2.0, l.cell * 0.1, theme::SQUARE_LIGHT, 1.0);
        let px = (l.cell * 0.22).max(l.font * 0.8);
        canvas::text(img, Weight::Regular, px, cx, side[1] - px * 0.9, Anchor::Centre, theme::COORD, label);
    }
}

fn squares<C: Canvas + ?Sized>(img: &mut C, key: &BaseKey, l: &Layout, files: u8, ranks: u8) {
    let [x0, y0, x1, y1] = l.board;
    let c = l.cell;
    let holes = l.frame.surface == Surface::Holes;
    let g = l.groove;
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let (hw, hh) = ((x1 - x0) / 2.0, (y1 - y0) / 2.0);
    if holes {
        // The frame, the catching groove, then the raised playing field.
        canvas::rounded_box(img, cx, cy, hw + g, hh + g, c * 0.25, theme::WOOD_DARK, 1.0);
        canvas::rounded_box(img, cx, cy, hw + g - 2.0, hh + g - 2.0, c * 0.22, theme::WOOD, 1.0);
        canvas::rounded_box(img, cx, cy, hw + g * 0.82, hh + g * 0.82, c * 0.3, theme::WOOD_DARK, 1.0);
        canvas::rounded_box(img, cx, cy, hw + g * 0.78, hh + g * 0.78, c * 0.28, theme::WOOD_HOLE, 1.0);
        canvas::rounded_box(img, cx, cy, hw + g * 0.16, hh + g * 0.16, c * 0.1, theme::WOOD_DARK, 1.0);
        canvas::rounded_box(img, cx, cy, hw + g * 0.12, hh + g * 0.12, c * 0.08, theme::WOOD, 1.0);
    } else {
        canvas::rounded_box(img, cx, cy, hw + g, hh + g, c * 0.06, theme::GRID_LINE, 1.0);
    }
    for index in 0..l.frame.geometry.cell_count() {
        let Some((px, py)) = l.centre(index) else { continue };
        if holes {
            canvas::disc(img, px, py, c * 0.36, theme::WOOD_DARK, 1.0);
            canvas::disc(img, px + c * 0.025, py + c * 0.03, c * 0.33, theme::WOOD_HOLE, 1.0);
        } else {
            let inset = (c * 0.02).max(0.5);
            let fill = match key.zones.get(index).copied().flatten() {
                Some(tone) => theme::blend(theme::SQUARE_LIGHT, theme::style(tone).fill, 0.28),
                None => theme::SQUARE_LIGHT,
            };
            canvas::rounded_box(img, px, py, c / 2.0 - inset, c / 2.0 - inset, 0.0, fill, 1.0);
        }
    }
    // As large as the panel's text where the squares leave room, never wider than
    // a square (two-digit ranks on big Kewbz boards).
    let px = (c * 0.36).max(l.font * 0.85).min(c * 0.55);
    for f in 0..files {
        coord(img, px, (l.at(f32::from(f), 0.0).0, y1 + g + 0.33 * c), &file_letter(f).to_string());
    }
    for r in 0..ranks {
        coord(img, px, (x0 - g - 0.3 * c, l.at(0.0, f32::from(r)).1), &(u32::from(r) + 1).to_string());
    }
}

fn hexes<C: Canvas + ?Sized>(img: &mut C, key: &BaseKey, l: &Layout) {
    let geometry = l.frame.geometry;
    let line = (l.radius * 0.07).max(1.0);
    // The board's dark outline first, then each cell inset by the line width.
    for index in 0..geometry.cell_count() {
        if let Some(c) = l.centre(index) {
            canvas::polygon(img, &l.hexagon(c, 1.0 + 2.0 * line / l.radius), theme::HEX_LINE, 1.0);
        }
    }
    for index in 0..geometry.cell_count() {
        let Some(c) = l.centre(index) else { continue };
        let value = key.values.get(index).copied().flatten();
        canvas::polygon(img, &l.hexagon(c, 1.0 - line / l.radius), theme::hex_fill(value), 1.0);
        if let Some(v) = value {
            canvas::text(img, Weight::Bold, l.cell * 0.34, c.0, c.1, Anchor::Centre, theme::HEX_VALUE, &v.to_string());
        }
    }
    let px = (l.cell * 0.36).max(l.font * 0.85);
    // Row letters left of each row's leftmost cell, numbers beyond the lower end of
    // each diagonal: found on screen, so they follow a flip.
    for row in 0..9u8 {
        let cells = (1..=9).filter_map(|n| geometry.index(row, n)).filter_map(|i| l.centre(i));
        if let Some(left) = cells.min_by(|a, b| a.0.total_cmp(&b.0)) {
            coord(img, px, (left.0 - l.cell * 0.85, left.1), &char::from(b'A' + row).to_string());
        }
    }
    for number in 1..=9u8 {
        let cells = (0..9).filter_map(|r| geometry.index(r, number)).filter_map(|i| l.centre(i));
        if let Some(low) = cells.max_by(|a, b| a.1.total_cmp(&b.1)) {
            coord(img, px, (low.0 + l.cell * 0.42, low.1 + l.radius * 1.3), &number.to_string());
        }
    }
}

/// A coordinate, centred on a point.
fn coord<C: Canvas + ?Sized>(img: &mut C, px: f32, (x, y): (f32, f32), text: &str) {
    canvas::text(img, Weight::Bold, px, x, y, Anchor::Centre, theme::COORD, text);
}
