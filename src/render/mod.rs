//! Board pictures: a [`BoardView`] in, PNG bytes out ([`render`]), or the same
//! picture as an SVG document for the web pages ([`render_svg`]).
//!
//! The picture takes only the plain view a game gives ([`crate::games::Game::view`]),
//! never a chat or storage type, and knows no rule. It is drawn once, on a canvas with
//! two back ends (`canvas::Canvas`): tiny-skia's pixmap, or the SVG writer (`svg`), so
//! both encodings have one look. For the PNG, what never changes for a board and a
//! size (background, board, coordinates, printed values) is drawn once and kept, and
//! pieces are drawn once per size as sprites; each picture then copies the board,
//! places the sprites, marks the last move and writes the panel.
//!
//! The view's texts are words in the reader's language: the rules cores give
//! phrases ([`BoardView<Phrase>`](crate::games::BoardView)) and the caller words
//! them (`crate::present::view::worded`), so the picture holds no sentence of its
//! own.
//!
//! ```
//! use boardbot::games::{kuba::Kuba, Game};
//! use boardbot::lang::Lang;
//! use boardbot::present::view::worded;
//! use boardbot::render::{render, RenderOptions};
//!
//! let before = Kuba::start(&Default::default());
//! let push = before.parse_move("g2-W").unwrap();
//! let view = before.clone().play(&push).unwrap().view().with_last(Some(before.move_view(&push)));
//! let png = render(&worded(view, Lang::En), &RenderOptions::default()).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod board;
mod canvas;
pub mod chart;
mod encode;
mod layout;
mod lzw;
mod panel;
mod pieces;
pub mod replay;
pub mod review;
pub mod standings;
mod svg;
mod theme;

use tiny_skia::Pixmap;

use crate::games::view::{BoardView, Exit, Geometry, MoveView, Surface};
use canvas::{Anchor, Canvas, Weight};
use layout::{Frame, Layout};

/// The smallest picture width accepted.
pub const MIN_SIZE: u32 = 160;
/// The largest picture width accepted.
pub const MAX_SIZE: u32 = 4096;

/// How to draw a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Picture width in pixels; the height follows from the board.
    pub size_px: u32,
    /// Draw the board from the other player's side (rotated half a turn).
    pub flip: bool,
    /// The players' names in seat order, as the caller knows them; a missing or
    /// empty name shows the seat's colour alone.
    pub names: Vec<String>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions { size_px: 768, flip: false, names: Vec::new() }
    }
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The width is below [`MIN_SIZE`] or above [`MAX_SIZE`].
    #[error("picture width {0} px is not supported: use {MIN_SIZE} to {MAX_SIZE}")]
    Size(u32),
    /// The view does not fit its own geometry.
    #[error("the board view is inconsistent: {0}")]
    View(String),
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(#[from] png::EncodingError),
    /// GIF encoding failed.
    #[error("GIF encoding failed: {0}")]
    Gif(#[from] gif::EncodingError),
    /// There is nothing to draw (a replay without a position, a chart without a point).
    #[error("nothing to draw: {0}")]
    Nothing(&'static str),
}

/// Checks that every cell index in the view exists on its board.
fn check(view: &BoardView) -> Result<(), RenderError> {
    let n = view.geometry.cell_count();
    if view.cells.len() != n {
        return Err(RenderError::View(format!("{} cells for a board of {n}", view.cells.len())));
    }
    if let Geometry::Square { files, ranks } = view.geometry {
        if files == 0 || ranks == 0 || files > 26 || ranks > 99 {
            return Err(RenderError::View(format!("a {files}×{ranks} board")));
        }
    }
    let mut indices: Vec<usize> = view.walls.iter().flat_map(|(a, b)| [*a, *b]).collect();
    if let Some(m) = &view.last {
        indices.extend(m.path.iter().chain(&m.marked));
        indices.extend(m.raised.iter().map(|(c, _)| *c));
        indices.extend(m.jumps.iter().flat_map(|(a, b)| [*a, *b]));
        indices.extend(m.leaving.iter().map(|l| l.cell));
        indices.extend(m.walls.iter().flat_map(|(a, b)| [*a, *b]));
    }
    match indices.iter().find(|&&i| i >= n) {
        Some(i) => Err(RenderError::View(format!("cell {i} is not on a board of {n}"))),
        None => Ok(()),
    }
}

/// A picture's pixels before encoding: `width × height` RGB triples, row by row.
/// (A plain buffer rather than an image crate's type: the bot itself never decodes
/// or transforms pictures, and that crate is a large part of a build.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pixels {
    /// The width in pixels.
    pub width: u32,
    /// The height in pixels.
    pub height: u32,
    /// Three bytes (red, green, blue) per pixel.
    pub rgb: Vec<u8>,
}

impl Pixels {
    /// The colour of the pixel at (`x`, `y`), `None` outside the picture.
    pub fn get(&self, x: u32, y: u32) -> Option<[u8; 3]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let at = (y as usize * self.width as usize + x as usize) * 3;
        self.rgb.get(at..at + 3).and_then(|p| p.try_into().ok())
    }
}

/// Draws a view as a picture, before PNG encoding.
pub fn draw(view: &BoardView, options: &RenderOptions) -> Result<Pixels, RenderError> {
    let img = compose(view, options)?;
    Ok(Pixels { width: img.width(), height: img.height(), rgb: encode::rgb(&img) })
}

/// Checks the request, finds (or draws) the static layer and draws the position
/// on a copy of it.
fn compose(view: &BoardView, options: &RenderOptions) -> Result<Pixmap, RenderError> {
    compose_lines(view, options, 0)
}

/// [`compose`] with a panel of at least `min_lines` lines, so that the frames of a
/// replay share one layout.
fn compose_lines(view: &BoardView, options: &RenderOptions, min_lines: u8) -> Result<Pixmap, RenderError> {
    let (plan, l, key) = prepare(view, options, min_lines)?;
    let base = board::base(&key, &l).ok_or_else(|| RenderError::View(format!("a picture of {}", l.height)))?;
    let mut img = Pixmap::clone(&base);
    position(&mut img, view, &plan, &l);
    Ok(img)
}

/// Checks the request and lays the picture out: its panel's plan, its layout and
/// what its static layer depends on.
fn prepare(
    view: &BoardView,
    options: &RenderOptions,
    min_lines: u8,
) -> Result<(panel::Plan, Layout, board::BaseKey), RenderError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&options.size_px) {
        return Err(RenderError::Size(options.size_px));
    }
    check(view)?;
    let plan = panel::plan(view, &options.names, options.size_px);
    let frame = Frame {
        geometry: view.geometry,
        surface: view.surface,
        width: options.size_px,
        flip: options.flip,
        panel_lines: plan.lines().max(min_lines),
        side: view.side.is_some(),
    };
    let key = board::BaseKey {
        frame,
        values: view.cells.iter().map(|c| c.value).collect(),
        zones: view.cells.iter().map(|c| c.zone).collect(),
        side_label: view.side.as_ref().map(|s| s.label.clone()),
    };
    Ok((plan, Layout::new(frame), key))
}

/// Draws the position over the static layer: the last move's marks, walls,
/// pieces, the move's arrows, and the panel.
fn position<C: Canvas + ?Sized>(img: &mut C, view: &BoardView, plan: &panel::Plan, l: &Layout) {
    if let Some(m) = &view.last {
        mark_cells(img, m, l);
    }
    walls(img, view, l);
    // A runner's path crosses only empty hexagons but ends on pieces it must not
    // hide (the new block, the runner), so on hexagons it goes under the pieces; a
    // Kuba push or a Nuba step runs through or onto pieces and is drawn over them.
    let path_under = view.surface == Surface::Hexes;
    if let (Some(m), true) = (&view.last, path_under) {
        path_arrow(img, view, m, l, &[]);
    }
    place_pieces(img, view, l);
    if let Some(m) = &view.last {
        overlay(img, view, m, l, !path_under);
    }
    panel::draw(img, view, plan, l);
}

/// Draws a view as an SVG document: the same picture as [`render`]'s PNG (the same
/// layout, shapes and words, the text as the bundled fonts' outlines), as vector
/// graphics whose `viewBox` is the PNG's size in pixels, so a page can show it at
/// any size and it stays sharp.
///
/// ```
/// use boardbot::games::{kuba::Kuba, Game};
/// use boardbot::lang::Lang;
/// use boardbot::present::view::worded;
/// use boardbot::render::{render_svg, RenderOptions};
///
/// let view = worded(Kuba::start(&Default::default()).view(), Lang::En);
/// let svg = render_svg(&view, &RenderOptions::default()).unwrap();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 768 "));
/// ```
pub fn render_svg(view: &BoardView, options: &RenderOptions) -> Result<String, RenderError> {
    let (plan, l, key) = prepare(view, options, 0)?;
    let mut doc = svg::Svg::new(l.frame.width, l.height);
    board::paint(&mut doc, &key, &l);
    position(&mut doc, view, &plan, &l);
    Ok(doc.finish())
}

/// Where a cell lies on a picture: its centre and its width, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellBox {
    /// The cell ([`Geometry::index`]).
    pub index: usize,
    /// Its centre, from the picture's left edge.
    pub x: f32,
    /// Its centre, from the picture's top edge.
    pub y: f32,
    /// Its width (a square's side, a hexagon's width).
    pub size: f32,
}

/// Where the cells of a view lie on its picture drawn with `options`, and the
/// picture's size: what a page lays over the picture to make its cells buttons.
/// The same layout as the picture's, so they fall on the cells it draws.
pub fn cell_boxes(view: &BoardView, options: &RenderOptions) -> Result<(u32, u32, Vec<CellBox>), RenderError> {
    let (_, l, _) = prepare(view, options, 0)?;
    let cells = (0..view.geometry.cell_count())
        .filter_map(|index| l.centre(index).map(|(x, y)| CellBox { index, x, y, size: l.cell }))
        .collect();
    Ok((options.size_px, l.height, cells))
}

/// Draws a view and encodes it as PNG.
pub fn render(view: &BoardView, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    Ok(encode::png(&compose(view, options)?, &theme::known_colours())?)
}

/// The sprite size for a layout: a square, or a hexagon's width.
fn sprite_px(l: &Layout) -> u32 {
    (l.cell.round() as u32).max(4)
}

fn mark_cells<C: Canvas + ?Sized>(img: &mut C, m: &MoveView, l: &Layout) {
    for &cell in &m.marked {
        let Some(c) = l.centre(cell) else { continue };
        match l.frame.surface {
            Surface::Hexes => canvas::polygon(img, &l.hexagon(c, 0.9), theme::MARKED, 0.55),
            Surface::Holes => canvas::disc(img, c.0, c.1, l.cell * 0.45, theme::MARKED, 0.6),
            Surface::Squares => {
                let h = l.cell * 0.47;
                canvas::rounded_box(img, c.0, c.1, h, h, l.cell * 0.05, theme::MARKED, 0.5);
            }
        }
    }
}

/// A wall on the edge between two cells, with an outline when it is new.
fn wall_bar<C: Canvas + ?Sized>(
    img: &mut C,
    l: &Layout,
    a: usize,
    b: usize,
    fill: canvas::Color,
    edge: Option<canvas::Color>,
) {
    let Some((p, q)) = l.edge(a, b) else { return };
    let w = (l.radius * 0.22).max(3.0);
    if let Some(edge) = edge {
        canvas::polyline(img, &[p, q], w + 3.0, edge, 1.0);
    }
    canvas::polyline(img, &[p, q], w, fill, 1.0);
}

fn walls<C: Canvas + ?Sized>(img: &mut C, view: &BoardView, l: &Layout) {
    let new: &[(usize, usize)] = view.last.as_ref().map_or(&[], |m| &m.walls);
    for &(a, b) in &view.walls {
        if !new.contains(&(a, b)) && !new.contains(&(b, a)) {
            wall_bar(img, l, a, b, theme::WALL, None);
        }
    }
}

fn place_pieces<C: Canvas + ?Sized>(img: &mut C, view: &BoardView, l: &Layout) {
    let side = view.side.as_ref().and_then(|s| s.piece.as_ref()).zip(l.side_centre());
    let cells = view.cells.iter().enumerate().filter_map(|(i, c)| c.piece.as_ref().zip(l.centre(i)));
    for (piece, c) in cells.chain(side) {
        pieces::place(img, piece, c, sprite_px(l), 1.0);
    }
}

/// An arrow along `points` with a head at the last one.
fn arrow<C: Canvas + ?Sized>(img: &mut C, points: &[(f32, f32)], width: f32, fill: canvas::Color, alpha: f32) {
    let [.., before, tip] = points else { return };
    let (dx, dy) = (tip.0 - before.0, tip.1 - before.1);
    let len = dx.hypot(dy);
    if len <= 0.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = width * 2.6;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let wing = (-uy * head * 0.6, ux * head * 0.6);
    let tri = [*tip, (base.0 + wing.0, base.1 + wing.1), (base.0 - wing.0, base.1 - wing.1)];
    let mut shaft: Vec<(f32, f32)> = points.to_vec();
    if let Some(last) = shaft.last_mut() {
        *last = (tip.0 - ux * head * 0.8, tip.1 - uy * head * 0.8);
    }
    // A dark edge first, so the arrow stands out on any colour.
    let extra = width * 0.35 + 1.5;
    canvas::polyline(img, &shaft, width + extra, theme::MOVE_EDGE, 0.8);
    canvas::stroke(img, canvas::outline_through(&tri, true), extra * 1.2, theme::MOVE_EDGE, 0.8);
    canvas::polyline(img, &shaft, width, fill, alpha);
    canvas::polygon(img, &tri, fill, alpha);
}

/// The last move's path as an arrow, run on to `beyond` (a piece pushed off).
fn path_arrow<C: Canvas + ?Sized>(img: &mut C, view: &BoardView, m: &MoveView, l: &Layout, beyond: &[(f32, f32)]) {
    let width = (l.cell * 0.1).max(2.5);
    let mut path: Vec<(f32, f32)> = m.path.iter().filter_map(|&c| via(view, l, c)).collect();
    let ends_on_piece = m.path.last().and_then(|&c| view.cells.get(c)).is_some_and(|c| c.piece.is_some());
    if ends_on_piece && beyond.is_empty() {
        // Stop at the edge of the piece that arrived, so its label stays readable.
        if let [.., before, tip] = path.as_mut_slice() {
            *tip = short(*before, *tip, |len| (l.cell * 0.34).min(len * 0.6));
        }
    }
    path.extend_from_slice(beyond);
    if path.len() >= 2 {
        if let Some(start) = path.first() {
            canvas::disc(img, start.0, start.1, width * 0.9 + 1.5, theme::MOVE_EDGE, 0.8);
            canvas::disc(img, start.0, start.1, width * 0.9, theme::MOVE, 1.0);
        }
        arrow(img, &path, width, theme::MOVE, 1.0);
    }
}

/// `to` moved back towards `from` by `stop(distance)` pixels, so that an arrow
/// ends at a piece's edge rather than over its label.
fn short(from: (f32, f32), to: (f32, f32), stop: impl Fn(f32) -> f32) -> (f32, f32) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy);
    if len <= 0.0 {
        return to;
    }
    let k = stop(len) / len;
    (to.0 - dx * k, to.1 - dy * k)
}

/// Where an arrow passes a cell: its centre, or below the middle of an empty cell
/// with a printed value, so that the arrow never hides what a cell is worth.
fn via(view: &BoardView, l: &Layout, cell: usize) -> Option<(f32, f32)> {
    let c = l.centre(cell)?;
    let printed = view.cells.get(cell).is_some_and(|c| c.piece.is_none() && c.value.is_some());
    Some(if printed { (c.0, c.1 + l.radius * 0.45) } else { c })
}

fn overlay<C: Canvas + ?Sized>(img: &mut C, view: &BoardView, m: &MoveView, l: &Layout, with_path: bool) {
    let width = (l.cell * 0.1).max(2.5);
    let mut beyond = Vec::new();
    let mut ghosts = Vec::new();
    for leaving in &m.leaving {
        let target = match leaving.exit {
            Exit::OffBoard(df, dr) => l.beyond(leaving.cell, (df, dr)),
            Exit::ToSide => l.side_centre(),
            Exit::Here => None,
        };
        let here = l.centre(leaving.cell);
        match (leaving.exit, target, here) {
            (Exit::OffBoard(..), Some(t), Some(h)) => {
                // The push's arrow runs on to the edge of the marble it knocked off,
                // which is drawn after the arrow so that it stays in sight.
                if m.path.last() == Some(&leaving.cell) {
                    beyond.push(short(h, t, |_| l.cell * 0.3));
                }
                ghosts.push((leaving.piece.clone(), t, 0.85));
            }
            (Exit::ToSide, Some(t), Some(h)) => {
                // Stop at the edge of the piece on the side space, so its number stays readable.
                arrow(img, &[h, short(h, t, |len| (l.cell * 0.4).min(len * 0.5))], width * 0.8, theme::MOVE, 1.0)
            }
            (_, _, Some(h)) => {
                let k = l.cell * 0.3;
                let occupied = view.cells.get(leaving.cell).is_some_and(|c| c.piece.is_some());
                let (at, scale) = if occupied { ((h.0 + k, h.1 - k), 0.5) } else { (h, 1.0) };
                ghosts.push((leaving.piece.clone(), at, scale));
            }
            _ => {}
        }
    }
    if with_path {
        path_arrow(img, view, m, l, &beyond);
    }
    for (piece, at, scale) in &ghosts {
        pieces::ghost(img, piece, *at, sprite_px(l), *scale);
    }
    for &(a, b) in &m.jumps {
        if let (Some(p), Some(q)) = (via(view, l, a), via(view, l, b)) {
            arrow(img, &[p, q], width * 0.8, theme::JUMP, 1.0);
        }
    }
    for &(a, b) in &m.walls {
        wall_bar(img, l, a, b, theme::MOVE, Some(theme::MOVE_EDGE));
    }
    let fpx = (l.cell * 0.26).max(l.font * 0.75).min(l.cell * 0.4);
    for &(cell, by) in &m.raised {
        let Some(c) = l.centre(cell) else { continue };
        // On the cell's corner, clear of the tower's number.
        let (k, text) = (l.cell * 0.44, format!("+{by}"));
        let (bx, by_) = (c.0 + k, c.1 - k);
        let (hw, hh) = (canvas::text_width(Weight::Bold, fpx, &text) / 2.0 + fpx * 0.3, fpx * 0.62);
        canvas::rounded_box(img, bx, by_, hw + 1.5, hh + 1.5, hh, theme::MOVE_EDGE, 1.0);
        canvas::rounded_box(img, bx, by_, hw, hh, hh, theme::MOVE, 1.0);
        canvas::text(img, Weight::Bold, fpx, bx, by_, Anchor::Centre, theme::MOVE_EDGE, &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::view::{CellView, Piece, Tone};
    use crate::games::Game;

    #[test]
    fn flipping_turns_the_board_half_round() {
        let mut view = crate::games::kuba::Kuba::start(&Default::default()).view().map_text(|p| p.id.into_owned());
        view.geometry = Geometry::Square { files: 3, ranks: 3 };
        view.cells = vec![CellView::default(); 9];
        view.cells[0].piece = Some(Piece::Marble(Tone::Black));
        let plain = draw(&view, &RenderOptions { size_px: 300, ..RenderOptions::default() }).unwrap();
        let flipped = draw(&view, &RenderOptions { size_px: 300, flip: true, ..RenderOptions::default() }).unwrap();
        let l = Layout::new(Frame {
            geometry: view.geometry,
            surface: view.surface,
            width: 300,
            flip: false,
            panel_lines: panel::plan(&view, &[], 300).lines(),
            side: false,
        });
        let (a1, c3) = (l.centre(0).unwrap(), l.centre(8).unwrap());
        let dark = |img: &Pixels, p: (f32, f32)| img.get(p.0 as u32, p.1 as u32).is_some_and(|c| c[0] < 80);
        assert!(dark(&plain, a1) && !dark(&plain, c3));
        assert!(dark(&flipped, c3) && !dark(&flipped, a1));
    }
}
