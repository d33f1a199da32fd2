//! A tournament's standings as a PNG: one row per player (place, name, points,
//! tie-breaks), and for a round robin the crosstable in the same rows, each
//! player's result against every other (`1`, `½`, `0`, `+` and `−` for
//! forfeits) between the name and the points, as crosstables are printed.
//!
//! Drawn like the rating chart ([`super::chart`]): the same background, fonts
//! and text colours, the title in bold, the body a size smaller, readable on a
//! phone at 512 px. Every word is the caller's (the title, the headers, the
//! names, the numbers as the reader writes them); the results are symbols. A
//! name too long for its column is cut and ends with `…`.
//!
//! Rows are never dropped: 64 players make a picture under 2,000 px tall. A
//! crosstable's result columns share the width left beside the names; when they
//! would be narrower than a symbol needs (more than about 12 players at
//! 512 px), the picture grows wider instead, and platforms show it scaled down,
//! to zoom into.
//!
//! ```
//! use boardbot::render::standings::{standings, Headers, Row, Table};
//!
//! let row = |rank: &str, name: &str, points: &str| Row {
//!     rank: rank.into(),
//!     name: name.into(),
//!     points: points.into(),
//!     tiebreaks: vec!["4.5".into(), "6".into()],
//!     marks: Vec::new(),
//!     withdrawn: false,
//! };
//! let table = Table {
//!     title: "Kuba Swiss #3".into(),
//!     headers: Headers { rank: "#".into(), name: "Player".into(), points: "Pts".into(), tiebreaks: vec!["SB".into(), "Bh".into()] },
//!     rows: vec![row("1", "carol", "3"), row("2", "dave", "2.5")],
//! };
//! let png = standings(&table, 512).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

use tiny_skia::Pixmap;

use super::canvas::{self, Anchor, Color, Weight};
use super::{encode, layout, theme, RenderError, MAX_SIZE, MIN_SIZE};

/// A row player's result against a column player, in a crosstable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The diagonal: the player against themself.
    Own,
    /// No game between them (yet): an empty cell.
    Empty,
    /// Their game runs: a dot.
    Running,
    /// Won: `1`.
    Won,
    /// Drawn: `½`.
    Drawn,
    /// Lost: `0`.
    Lost,
    /// Won by forfeit: `+`.
    WonByForfeit,
    /// Lost by forfeit: `−`.
    LostByForfeit,
}

impl Mark {
    /// The symbol in the cell.
    fn symbol(self) -> &'static str {
        match self {
            Mark::Own | Mark::Empty => "",
            Mark::Running => "·",
            Mark::Won => "1",
            Mark::Drawn => "½",
            Mark::Lost => "0",
            Mark::WonByForfeit => "+",
            Mark::LostByForfeit => "−",
        }
    }
}

/// The column headers, in the reader's words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers {
    /// Over the places ("#").
    pub rank: String,
    /// Over the names ("Player").
    pub name: String,
    /// Over the points ("Pts").
    pub points: String,
    /// Over each tie-break, in order ("SB", "Bh").
    pub tiebreaks: Vec<String>,
}

/// One player's row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    /// The place as shown ("1", "=2").
    pub rank: String,
    /// The player's name.
    pub name: String,
    /// The points as the reader writes them ("2.5", "2,5").
    pub points: String,
    /// Each tie-break's value, in the headers' order.
    pub tiebreaks: Vec<String>,
    /// A crosstable's results against each row's player, in row order; empty
    /// for a plain table. The column of row `k` is headed `k + 1`.
    pub marks: Vec<Mark>,
    /// Withdrawn: the row is drawn dimmed.
    pub withdrawn: bool,
}

/// What the picture shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The line on top (the tournament's name and round, say).
    pub title: String,
    /// The column headers.
    pub headers: Headers,
    /// The rows, best first.
    pub rows: Vec<Row>,
}

/// Winning cells' tint: the rating chart's green.
const WON: Color = [0x2f, 0xc0, 0x8f];
/// The stripes behind every other row.
const STRIPE: Color = [0x2e, 0x33, 0x3d];
/// The grid's lines, as the chart's.
const GRID: Color = [0x3a, 0x40, 0x4c];
/// The tallest or widest picture drawn.
const MOST_PX: f32 = 8192.0;

/// Draws the table `width_px` wide (wider for a crosstable that needs it) as a
/// PNG. Refused for a width out of range, a table without rows, or one too big
/// to draw (over 8,192 px either way).
pub fn standings(table: &Table, width_px: u32) -> Result<Vec<u8>, RenderError> {
    let img = draw(table, width_px)?;
    let mut known = theme::known_colours();
    known.extend([WON, STRIPE, GRID]);
    Ok(encode::png(&img, &known)?)
}

/// The widest of `texts` at `px`.
fn widest<'a>(weight: Weight, px: f32, texts: impl IntoIterator<Item = &'a str>) -> f32 {
    texts.into_iter().map(|t| canvas::text_width(weight, px, t)).fold(0.0, f32::max)
}

/// `text` cut to fit `room` pixels, ending with `…` when cut.
fn clip(weight: Weight, px: f32, text: &str, room: f32) -> String {
    if canvas::text_width(weight, px, text) <= room {
        return text.to_string();
    }
    let mut out: String = text.chars().collect();
    while !out.is_empty() {
        out.pop();
        let cut = format!("{}…", out.trim_end());
        if canvas::text_width(weight, px, &cut) <= room {
            return cut;
        }
    }
    String::new()
}

fn draw(table: &Table, width_px: u32) -> Result<Pixmap, RenderError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&width_px) {
        return Err(RenderError::Size(width_px));
    }
    if table.rows.is_empty() {
        return Err(RenderError::Nothing("no player to list"));
    }
    let px = layout::font_px(width_px);
    let small = (px * 0.85).max(13.0);
    let pad = px * 0.7;
    let gap = small * 0.9;
    let line_h = (px * 1.45).round();
    let row_h = (small * 1.7).round();
    let n = table.rows.len();
    let crossed = table.rows.iter().any(|r| !r.marks.is_empty());

    // Column widths: the place, the numbers (each as wide as its widest text),
    // the crosstable's cells, and the name in what is left.
    let rank_w = widest(Weight::Bold, small, table.rows.iter().map(|r| r.rank.as_str())).max(canvas::text_width(
        Weight::Regular,
        small,
        &table.headers.rank,
    )) + gap;
    let points_w = widest(Weight::Bold, small, table.rows.iter().map(|r| r.points.as_str())).max(canvas::text_width(
        Weight::Regular,
        small,
        &table.headers.points,
    )) + gap;
    let tiebreak_w: Vec<f32> = table
        .headers
        .tiebreaks
        .iter()
        .enumerate()
        .map(|(k, header)| {
            let values = table.rows.iter().filter_map(|r| r.tiebreaks.get(k).map(String::as_str));
            widest(Weight::Regular, small, values).max(canvas::text_width(Weight::Regular, small, header)) + gap
        })
        .collect();
    let numbers_w = points_w + tiebreak_w.iter().sum::<f32>();
    let min_name = small * 5.5;
    let min_cell = (small * 1.75).max(canvas::text_width(Weight::Regular, small, &n.to_string()) + small * 0.5);
    let fixed = 2.0 * pad + rank_w + numbers_w + gap;
    let mut width = width_px as f32;
    let cells = if crossed { n } else { 0 };
    let mut cell_w = 0.0;
    if crossed {
        let room = width - fixed - min_name.max(width * 0.28);
        cell_w = (room / cells as f32).clamp(min_cell, small * 2.6);
    }
    width = width.max(fixed + min_name + cell_w * cells as f32).ceil();
    let name_w = width - fixed - cell_w * cells as f32;

    let top = pad + line_h + line_h * 0.35;
    let height = (top + row_h * (n + 1) as f32 + pad).ceil();
    if width > MOST_PX || height > MOST_PX {
        return Err(RenderError::Size(width as u32));
    }
    let mut img = Pixmap::new(width as u32, height as u32).ok_or(RenderError::Size(width as u32))?;
    let [r, g, b] = theme::BACKGROUND;
    img.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));

    let title = clip(Weight::Bold, px, &table.title, width - 2.0 * pad);
    canvas::text(&mut img, Weight::Bold, px, pad, pad + line_h / 2.0, Anchor::Left, theme::TEXT, &title);

    // Where each column's text sits: the place and the numbers right-aligned,
    // the name left-aligned, the cells centred.
    let rank_x = pad + rank_w - gap;
    let name_x = pad + rank_w;
    let cells_x = name_x + name_w;
    let points_x = cells_x + cell_w * cells as f32 + points_w;
    let mut tiebreak_x = Vec::with_capacity(tiebreak_w.len());
    let mut x = points_x;
    for w in &tiebreak_w {
        x += w;
        tiebreak_x.push(x);
    }
    let row_y = |k: usize| top + row_h * (k as f32 + 0.5);

    // The header row.
    let y = row_y(0);
    let dim = theme::TEXT_DIM;
    canvas::text(&mut img, Weight::Regular, small, rank_x, y, Anchor::Right, dim, &table.headers.rank);
    let header_name = clip(Weight::Regular, small, &table.headers.name, name_w - gap);
    canvas::text(&mut img, Weight::Regular, small, name_x, y, Anchor::Left, dim, &header_name);
    for k in 0..cells {
        let cx = cells_x + cell_w * (k as f32 + 0.5);
        canvas::text(&mut img, Weight::Regular, small, cx, y, Anchor::Centre, dim, &(k + 1).to_string());
    }
    canvas::text(&mut img, Weight::Regular, small, points_x, y, Anchor::Right, dim, &table.headers.points);
    for (header, x) in table.headers.tiebreaks.iter().zip(&tiebreak_x) {
        canvas::text(&mut img, Weight::Regular, small, *x, y, Anchor::Right, dim, header);
    }
    let rule = top + row_h;
    canvas::polyline(&mut img, &[(pad, rule), (width - pad, rule)], 1.0, GRID, 1.0);

    for (k, row) in table.rows.iter().enumerate() {
        let y = row_y(k + 1);
        if k % 2 == 1 {
            let (cx, hw) = (width / 2.0, width / 2.0 - pad * 0.5);
            canvas::rounded_box(&mut img, cx, y, hw, row_h / 2.0, row_h * 0.2, STRIPE, 1.0);
        }
        let (ink, strong) = if row.withdrawn { (dim, dim) } else { (theme::TEXT, theme::TEXT) };
        let rank_ink = if row.rank.trim_start_matches('=') == "1" && !row.withdrawn { theme::GOLD } else { strong };
        canvas::text(&mut img, Weight::Bold, small, rank_x, y, Anchor::Right, rank_ink, &row.rank);
        let name = clip(Weight::Regular, small, &row.name, name_w - gap);
        canvas::text(&mut img, Weight::Regular, small, name_x, y, Anchor::Left, ink, &name);
        for (c, mark) in row.marks.iter().take(cells).enumerate() {
            let cx = cells_x + cell_w * (c as f32 + 0.5);
            let (hw, hh) = (cell_w / 2.0 - 1.5, row_h / 2.0 - 2.0);
            match mark {
                Mark::Own => canvas::rounded_box(&mut img, cx, y, hw, hh, 2.0, GRID, 1.0),
                Mark::Won | Mark::WonByForfeit => canvas::rounded_box(&mut img, cx, y, hw, hh, 2.0, WON, 0.28),
                _ => {}
            }
            let colour = match mark {
                Mark::Lost | Mark::LostByForfeit | Mark::Running => dim,
                Mark::WonByForfeit => theme::TEXT_ACCENT,
                _ => ink,
            };
            canvas::text(&mut img, Weight::Bold, small, cx, y, Anchor::Centre, colour, mark.symbol());
        }
        canvas::text(&mut img, Weight::Bold, small, points_x, y, Anchor::Right, strong, &row.points);
        for (value, x) in row.tiebreaks.iter().zip(&tiebreak_x) {
            canvas::text(&mut img, Weight::Regular, small, *x, y, Anchor::Right, ink, value);
        }
    }
    Ok(img)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, marks: Vec<Mark>) -> Row {
        Row { rank: "1".into(), name: name.into(), points: "1".into(), tiebreaks: Vec::new(), marks, withdrawn: false }
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        let px = 15.0;
        let long = "Wolfeschlegelsteinhausenbergerdorff the Elder";
        let cut = clip(Weight::Regular, px, long, 100.0);
        assert!(cut.ends_with('…') && canvas::text_width(Weight::Regular, px, &cut) <= 100.0, "{cut}");
        assert_eq!(clip(Weight::Regular, px, "Ada", 100.0), "Ada");
    }

    #[test]
    fn big_crosstables_grow_wider_and_empty_tables_are_refused() {
        assert!(matches!(draw(&Table::default(), 512), Err(RenderError::Nothing(_))));
        let rows = |n: usize| -> Vec<Row> { (0..n).map(|i| row(&format!("p{i}"), vec![Mark::Won; n])).collect() };
        let small = draw(&Table { rows: rows(6), ..Table::default() }, 512).expect("a picture");
        assert_eq!(small.width(), 512);
        let big = draw(&Table { rows: rows(40), ..Table::default() }, 512).expect("a picture");
        assert!(big.width() > 1000, "{}", big.width());
        let plain =
            draw(&Table { rows: (0..64).map(|i| row(&i.to_string(), Vec::new())).collect(), ..Table::default() }, 512)
                .expect("a picture");
        assert_eq!(plain.width(), 512);
        assert!(plain.height() < 2000, "{}", plain.height());
        assert!(matches!(draw(&Table { rows: rows(3), ..Table::default() }, 100), Err(RenderError::Size(100))));
    }
}
