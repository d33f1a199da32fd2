//! Where everything goes: the panel on top, the board below it, the coordinates
//! around it and the space beside it, in pixels for one picture width.

use crate::games::view::{Geometry, Surface};

const SQRT3: f32 = 1.732_050_8;

/// The panel's font size for a picture width: a fixed share of it, but never below
/// 14 px, which a phone still shows legibly.
pub fn font_px(width: u32) -> f32 {
    (width as f32 * 0.036).max(14.0)
}

/// The parts of a picture that decide its layout; equal keys give equal layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    /// The board's shape.
    pub geometry: Geometry,
    /// Its look.
    pub surface: Surface,
    /// Picture width in pixels.
    pub width: u32,
    /// Drawn from the other side.
    pub flip: bool,
    /// Lines of text in the panel.
    pub panel_lines: u8,
    /// A space beside the board.
    pub side: bool,
}

/// The computed positions for a [`Frame`].
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The frame it was computed for.
    pub frame: Frame,
    /// Picture height in pixels.
    pub height: u32,
    /// The panel's text size in pixels.
    pub font: f32,
    /// Height of one panel line.
    pub line: f32,
    /// Height of the panel.
    pub panel: f32,
    /// Square boards: the side of a square; hexagonal board: a hexagon's width.
    pub cell: f32,
    /// Hexagonal board: a hexagon's corner radius.
    pub radius: f32,
    /// Square boards: the top-left corner of square a-top; hexagonal board: the
    /// centre of the middle cell.
    origin: (f32, f32),
    /// The board's playing area (inside any groove): x0, y0, x1, y1.
    pub board: [f32; 4],
    /// Kuba's groove width (0 for other surfaces).
    pub groove: f32,
    /// The space beside the board: x0, y0, x1, y1.
    pub side: Option<[f32; 4]>,
}

impl Layout {
    /// The layout of a frame.
    pub fn new(frame: Frame) -> Layout {
        let w = frame.width as f32;
        let font = font_px(frame.width);
        let line = (font * 1.45).round();
        let panel = (line * f32::from(frame.panel_lines) + font * 0.9).round();
        let (height, cell, radius, origin, board, groove, side) = match frame.geometry {
            Geometry::Square { files, ranks } => {
                let (files, ranks) = (f32::from(files.max(1)), f32::from(ranks.max(1)));
                let groove = if frame.surface == Surface::Holes { 0.72 } else { 0.1 };
                // In units of one square: coordinates on the left and at the bottom,
                // a thin margin on the right and at the top.
                let (left, right, top, bottom) = (0.62, 0.2, 0.25, 0.62);
                let side = if frame.side { 1.7 } else { 0.0 };
                let units = left + 2.0 * groove + files + right + side;
                let cell = (w / units).floor();
                let x0 = ((w - (units * cell)) / 2.0).floor() + (left + groove) * cell;
                let y0 = panel + (top + groove) * cell;
                let board = [x0, y0, x0 + files * cell, y0 + ranks * cell];
                let height = (board[3] + (groove + bottom) * cell).ceil() as u32;
                let side = frame.side.then(|| {
                    let sx = board[2] + groove * cell + 0.35 * cell;
                    let cy = (board[1] + board[3]) / 2.0;
                    [sx, cy - 0.6 * cell, sx + 1.2 * cell, cy + 0.6 * cell]
                });
                (height, cell, cell / 2.0, (x0, y0), board, groove * cell, side)
            }
            Geometry::Hex61 => {
                // Nine hexagons across the middle row, the row letters on the left and
                // the diagonal numbers below the lower-right edge.
                let cell = (w / 10.6).floor();
                let radius = cell / SQRT3;
                let cx = (w / 2.0 + 0.15 * cell).round();
                let cy = panel + 7.4 * radius;
                let board = [cx - 4.5 * cell, cy - 13.0 * radius / 2.0, cx + 4.5 * cell, cy + 13.0 * radius / 2.0];
                let height = (cy + 8.7 * radius).ceil() as u32;
                (height, cell, radius, (cx, cy), board, 0.0, None)
            }
        };
        Layout { frame, height, font, line, panel, cell, radius, origin, board, groove, side }
    }

    /// Screen position of a (column, row) pair in [`Geometry::coords`] terms, which
    /// may lie off the board (coordinates, pieces leaving).
    pub fn at(&self, a: f32, b: f32) -> (f32, f32) {
        match self.frame.geometry {
            Geometry::Square { files, ranks } => {
                let flip = |v: f32, n: u8| if self.frame.flip { f32::from(n) - 1.0 - v } else { v };
                let (f, r) = (flip(a, files), flip(b, ranks));
                let (x0, y0) = self.origin;
                (x0 + (f + 0.5) * self.cell, y0 + (f32::from(ranks) - 0.5 - r) * self.cell)
            }
            Geometry::Hex61 => {
                let (x, y) = if self.frame.flip { (-(b - 5.0), -(a - 4.0)) } else { (b - 5.0, a - 4.0) };
                let (cx, cy) = self.origin;
                (cx + self.cell * (x - y / 2.0), cy - 1.5 * self.radius * y)
            }
        }
    }

    /// The centre of the space beside the board.
    pub fn side_centre(&self) -> Option<(f32, f32)> {
        self.side.map(|s| ((s[0] + s[2]) / 2.0, (s[1] + s[3]) / 2.0))
    }

    /// Screen centre of a cell, if it exists.
    pub fn centre(&self, index: usize) -> Option<(f32, f32)> {
        let (a, b) = self.frame.geometry.coords(index)?;
        Some(self.at(f32::from(a), f32::from(b)))
    }

    /// Where a piece pushed off the board across the edge rests: in the groove, one
    /// step from its cell in the (file, rank) direction.
    pub fn beyond(&self, index: usize, step: (i8, i8)) -> Option<(f32, f32)> {
        let (a, b) = self.frame.geometry.coords(index)?;
        let reach = match self.frame.surface {
            Surface::Holes => 0.5 + self.groove / self.cell / 2.0,
            _ => 0.85,
        };
        Some(self.at(f32::from(a) + f32::from(step.0) * reach, f32::from(b) + f32::from(step.1) * reach))
    }

    /// The corners of a hexagon around a centre, pointy side up.
    pub fn hexagon(&self, centre: (f32, f32), scale: f32) -> [(f32, f32); 6] {
        let r = self.radius * scale;
        std::array::from_fn(|i| {
            let angle = std::f32::consts::PI / 180.0 * (60.0 * i as f32 - 90.0);
            (centre.0 + r * angle.cos(), centre.1 + r * angle.sin())
        })
    }

    /// The shared edge of two cells, as its two end points (square or hexagonal).
    pub fn edge(&self, a: usize, b: usize) -> Option<((f32, f32), (f32, f32))> {
        let (pa, pb) = (self.centre(a)?, self.centre(b)?);
        let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
        let len = dx.hypot(dy);
        if len <= 0.0 || len > self.cell * 1.05 {
            return None;
        }
        let mid = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
        let half = match self.frame.geometry {
            Geometry::Square { .. } => self.cell / 2.0,
            Geometry::Hex61 => self.radius / 2.0,
        };
        let (nx, ny) = (-dy / len * half, dx / len * half);
        Some(((mid.0 - nx, mid.1 - ny), (mid.0 + nx, mid.1 + ny)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(geometry: Geometry, surface: Surface, flip: bool, side: bool) -> Frame {
        Frame { geometry, surface, width: 400, flip, panel_lines: 4, side }
    }

    #[test]
    fn square_boards_fit_the_width_and_flip_around() {
        let g = Geometry::Square { files: 7, ranks: 7 };
        let l = Layout::new(frame(g, Surface::Holes, false, false));
        assert!(l.board[0] > 0.0 && l.board[2] < 400.0);
        let a1 = l.centre(0).unwrap();
        let g7 = l.centre(48).unwrap();
        assert!(a1.0 < g7.0 && a1.1 > g7.1, "a1 bottom left, g7 top right");
        let f = Layout::new(frame(g, Surface::Holes, true, false));
        assert_eq!(f.centre(0), l.centre(48));
        assert!(l.height as f32 > l.board[3]);
    }

    #[test]
    fn hex_board_fits_and_neighbours_share_an_edge() {
        let l = Layout::new(frame(Geometry::Hex61, Surface::Hexes, false, false));
        for i in 0..61 {
            let (x, y) = l.centre(i).unwrap();
            assert!(x - l.cell / 2.0 > 0.0 && x + l.cell / 2.0 < 400.0, "cell {i} at {x}");
            assert!(y > l.panel && y < l.height as f32);
        }
        let e5 = Geometry::Hex61.index(4, 5).unwrap();
        let e6 = Geometry::Hex61.index(4, 6).unwrap();
        let f6 = Geometry::Hex61.index(5, 6).unwrap();
        assert!(l.edge(e5, e6).is_some());
        assert!(l.edge(e5, f6).is_some());
        assert!(l.edge(0, 60).is_none());
        let flipped = Layout::new(frame(Geometry::Hex61, Surface::Hexes, true, false));
        assert_eq!(flipped.centre(0), l.centre(60));
    }

    #[test]
    fn a_side_space_sits_right_of_the_board() {
        let l = Layout::new(frame(Geometry::Square { files: 5, ranks: 6 }, Surface::Squares, false, true));
        let side = l.side.unwrap();
        assert!(side[0] > l.board[2] && side[2] <= 400.0);
    }
}
