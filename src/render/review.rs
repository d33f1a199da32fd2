//! A game's review as a PNG: the winning chances along the game (one line for two
//! players, one per seat for three or four), the bad moves marked on it, and below
//! it the moves that changed the game most, each on a small board with a caption.
//!
//! Drawn like the rating chart ([`super::chart`]): tiny-skia, the pictures' own
//! text, the boards' theme. Every word is the caller's: the title, the axis' title,
//! the lines' names, the names of the marks and the boards' captions; the numbers
//! on the axes are the only text drawn here.
//!
//! The three kinds of marks differ in colour and in shape (a ring, a square, a
//! diamond), so they are told apart without colour too.
//!
//! ```
//! use boardbot::render::review::{review_chart, ChanceLine, Flag, ReviewOptions, Severity};
//!
//! let line = ChanceLine { name: "Ada (White)".into(), values: vec![50.0, 55.0, 40.0, 70.0, 100.0] };
//! let flags = [Flag { at: 2, line: 0, severity: Severity::Mistake }];
//! let options = ReviewOptions {
//!     width_px: 512,
//!     title: "Kuba K7Q2".into(),
//!     axis: "Winning chances (%)".into(),
//!     severities: ["?! inaccuracy".into(), "? mistake".into(), "?? blunder".into()],
//! };
//! let png = review_chart(&[line], &flags, &[], &options).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

use tiny_skia::Pixmap;

use super::canvas::{self, Anchor, Color, Weight};
use super::chart::{line_width, stroke, DASHES, GRID};
use super::{compose, encode, layout, panel, theme, BoardView, RenderError, RenderOptions, MAX_SIZE, MIN_SIZE};

/// How bad a marked move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// An inaccuracy: a ring.
    Inaccuracy,
    /// A mistake: a square.
    Mistake,
    /// A blunder: a diamond.
    Blunder,
}

impl Severity {
    const ALL: [Severity; 3] = [Severity::Inaccuracy, Severity::Mistake, Severity::Blunder];

    fn colour(self) -> Color {
        match self {
            Severity::Inaccuracy => [0xf0, 0xe4, 0x42],
            Severity::Mistake => [0xe6, 0x9f, 0x00],
            Severity::Blunder => [0xd5, 0x5e, 0x00],
        }
    }

    fn index(self) -> usize {
        match self {
            Severity::Inaccuracy => 0,
            Severity::Mistake => 1,
            Severity::Blunder => 2,
        }
    }
}

/// One line of the chart: a seat's winning chances in percent, at the start and
/// after each move.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceLine {
    /// Its name in the legend, in the reader's words.
    pub name: String,
    /// The chances, 0–100, one per position.
    pub values: Vec<f64>,
}

/// A bad move marked on a line: at the position it led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The position after the move (its number in the game).
    pub at: usize,
    /// The line it is marked on.
    pub line: usize,
    /// How bad it was.
    pub severity: Severity,
}

/// A move that changed the game, drawn on a small board under the chart. The board
/// shows the pieces and the move alone: the caption says the rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    /// The position after the move, the move as its last move, words worded.
    pub view: BoardView,
    /// The caption's first line, the move (`12. c3-N??`).
    pub caption: String,
    /// Its second line, in the reader's words (`better d5-W`).
    pub better: String,
    /// How bad the move was.
    pub severity: Severity,
}

/// How to draw a review; every text is the caller's.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewOptions {
    /// Picture width in pixels ([`MIN_SIZE`] to [`MAX_SIZE`]); the height follows.
    pub width_px: u32,
    /// The line on top.
    pub title: String,
    /// The value axis' title.
    pub axis: String,
    /// The legend's names of an inaccuracy, a mistake and a blunder.
    pub severities: [String; 3],
}

/// Line colours, told apart from the marks' (and by their dashes).
const LINES: [Color; 4] = [[0x56, 0xb4, 0xe9], [0x2f, 0xc0, 0x8f], [0xcc, 0x79, 0xa7], [0xee, 0xf0, 0xf4]];
/// The marks' outline, so they stand out on any line.
const OUTLINE: Color = [0x11, 0x13, 0x17];
/// How much of a line's colour the area between it and even shows.
const AREA_ALPHA: f32 = 0.22;
/// The most small boards in a row.
const BOARDS_PER_ROW: usize = 3;

/// Draws the review as a PNG. Values that are not finite are left out of a line;
/// refused when no line has a value (the caller then answers in words), or for a
/// width out of range.
pub fn review_chart(
    lines: &[ChanceLine],
    flags: &[Flag],
    moments: &[Moment],
    options: &ReviewOptions,
) -> Result<Vec<u8>, RenderError> {
    let img = draw(lines, flags, moments, options)?;
    let mut known = theme::known_colours();
    known.extend(LINES);
    known.extend(Severity::ALL.map(Severity::colour));
    known.extend([GRID, OUTLINE]);
    Ok(encode::png(&img, &known)?)
}

/// The plot's box and the number of positions it shows.
struct Plot {
    x0: f32,
    x1: f32,
    y0: f32,
    y1: f32,
    last: usize,
}

impl Plot {
    fn x(&self, at: usize) -> f32 {
        self.x0 + (self.x1 - self.x0) * (at as f32 / self.last.max(1) as f32)
    }

    fn y(&self, percent: f64) -> f32 {
        let k = (percent / 100.0).clamp(0.0, 1.0) as f32;
        self.y1 - (self.y1 - self.y0) * k
    }
}

/// A legend entry: a line's swatch or a mark, and its name.
enum Entry<'a> {
    Line(usize, &'a str),
    Mark(Severity, &'a str),
}

impl Entry<'_> {
    fn name(&self) -> &str {
        match self {
            Entry::Line(_, name) | Entry::Mark(_, name) => name,
        }
    }
}

fn draw(
    lines: &[ChanceLine],
    flags: &[Flag],
    moments: &[Moment],
    options: &ReviewOptions,
) -> Result<Pixmap, RenderError> {
    let w = options.width_px;
    if !(MIN_SIZE..=MAX_SIZE).contains(&w) {
        return Err(RenderError::Size(w));
    }
    let last = lines.iter().map(|l| l.values.len()).max().unwrap_or(0).saturating_sub(1);
    if !lines.iter().any(|l| l.values.iter().any(|v| v.is_finite())) {
        return Err(RenderError::Nothing("no winning chances to chart"));
    }
    let (px, small) = (layout::font_px(w), (layout::font_px(w) * 0.85).max(13.0));
    let wf = w as f32;
    let pad = px * 0.7;
    let line_h = (px * 1.45).round();

    // The legend: the lines, then the marks that occur.
    let mut entries: Vec<Entry> = lines.iter().enumerate().map(|(i, l)| Entry::Line(i, &l.name)).collect();
    for s in Severity::ALL {
        if flags.iter().any(|f| f.severity == s) {
            entries.push(Entry::Mark(s, &options.severities[s.index()]));
        }
    }
    let legend = legend_rows(&entries, small, pad, wf - 2.0 * pad);

    // The small boards, drawn first: their height decides the picture's. Three a row
    // when they fit at the smallest board size, else fewer.
    let gap = (pad * 0.5).round();
    let width_for = |n: usize| ((wf - gap * (n as f32 + 1.0)) / n as f32).floor();
    let mut per_row = moments.len().clamp(1, BOARDS_PER_ROW);
    while per_row > 1 && width_for(per_row) < MIN_SIZE as f32 {
        per_row -= 1;
    }
    let board_w = width_for(per_row).max(MIN_SIZE as f32) as u32;
    let boards: Vec<Pixmap> = moments.iter().map(|m| small_board(&m.view, board_w)).collect::<Result<_, _>>()?;
    let rows: Vec<&[Pixmap]> = boards.chunks(per_row).collect();
    let caption_h = line_h * 2.0;
    let boards_h: f32 =
        rows.iter().map(|row| caption_h + row.iter().map(|b| b.height() as f32).fold(0.0, f32::max) + pad).sum();

    let top = pad + line_h * (1 + legend.len()) as f32 + line_h * 1.5;
    let plot_h = (wf * 0.42).round();
    let below_plot = line_h + pad;
    let height = (top + plot_h + below_plot + boards_h).round();
    let mut img = Pixmap::new(w, height as u32).ok_or(RenderError::Size(w))?;
    let [r, g, b] = theme::BACKGROUND;
    img.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));

    let label = |v: usize| v.to_string();
    let left = canvas::text_width(Weight::Regular, small, "100");
    let plot = Plot { x0: pad + left + small * 0.6, x1: wf - pad - small, y0: top, y1: top + plot_h, last };

    // Title, legend and the axis' title.
    canvas::text(&mut img, Weight::Bold, px, pad, pad + line_h / 2.0, Anchor::Left, theme::TEXT, &options.title);
    for (row, placed) in legend.iter().enumerate() {
        let y = pad + line_h * (row as f32 + 1.5);
        for &(i, x) in placed {
            let name_x = match &entries[i] {
                Entry::Line(index, _) => {
                    let swatch = [(x, y), (x + small * 1.6, y)];
                    stroke(&mut img, &swatch, line_width(w), colour(*index), dash(*index, lines.len()), 1.0);
                    x + small * 2.0
                }
                Entry::Mark(severity, _) => {
                    mark(&mut img, x + small * 0.5, y, small * 0.42, *severity);
                    x + small * 1.3
                }
            };
            canvas::text(&mut img, Weight::Regular, small, name_x, y, Anchor::Left, theme::TEXT, entries[i].name());
        }
    }
    canvas::text(&mut img, Weight::Regular, small, pad, top - line_h, Anchor::Left, theme::TEXT_DIM, &options.axis);

    // The grid: every quarter, even chances brighter.
    for v in [0usize, 25, 50, 75, 100] {
        let y = plot.y(v as f64).round() + 0.5;
        let (colour, pattern): (Color, &[f32]) = if v == 50 { (theme::TEXT_DIM, &[2.0, 2.0]) } else { (GRID, &[]) };
        stroke(&mut img, &[(plot.x0, y), (plot.x1, y)], 1.0, colour, pattern, 1.0);
        let x = plot.x0 - small * 0.5;
        canvas::text(&mut img, Weight::Regular, small, x, y, Anchor::Right, theme::TEXT_DIM, &label(v));
    }
    // The moves along the bottom.
    let step = move_step(last, ((plot.x1 - plot.x0) / (small * 3.0)).max(1.0) as usize);
    let tick_y = plot.y1 + line_h * 0.65;
    for at in (0..=last).step_by(step) {
        let x = plot.x(at).round() + 0.5;
        stroke(&mut img, &[(x, plot.y1), (x, plot.y1 + small * 0.3)], 1.0, theme::TEXT_DIM, &[], 1.0);
        canvas::text(&mut img, Weight::Regular, small, x, tick_y, Anchor::Centre, theme::TEXT_DIM, &label(at));
    }

    // One line: the area between it and even chances, shaded. Then the lines.
    let points = |l: &ChanceLine| -> Vec<(f32, f32)> {
        l.values.iter().enumerate().filter(|(_, v)| v.is_finite()).map(|(i, v)| (plot.x(i), plot.y(*v))).collect()
    };
    if let [only] = lines {
        let pts = points(only);
        if let (Some(first), Some(end)) = (pts.first(), pts.last()) {
            let even = plot.y(50.0);
            let mut area = pts.clone();
            area.push((end.0, even));
            area.push((first.0, even));
            canvas::polygon(&mut img, &area, colour(0), AREA_ALPHA);
        }
    }
    for (i, l) in lines.iter().enumerate() {
        stroke(&mut img, &points(l), line_width(w), colour(i), dash(i, lines.len()), 1.0);
    }
    // The marks, mildest first so that a blunder is on top.
    let mut sorted: Vec<&Flag> = flags.iter().collect();
    sorted.sort_by_key(|f| f.severity.index());
    for f in sorted {
        let Some(v) = lines.get(f.line).and_then(|l| l.values.get(f.at)).filter(|v| v.is_finite()) else { continue };
        mark(&mut img, plot.x(f.at), plot.y(*v), small * 0.42, f.severity);
    }

    // The moves that changed the game, each with its caption above its board.
    let mut y = plot.y1 + below_plot;
    let mut index = 0;
    for row in rows {
        let height = row.iter().map(|b| b.height() as f32).fold(0.0, f32::max);
        for (k, board) in row.iter().enumerate() {
            let m = &moments[index];
            index += 1;
            let x = gap + (board_w as f32 + gap) * k as f32;
            let (first, second) = (y + line_h * 0.5, y + line_h * 1.35);
            mark(&mut img, x + small * 0.5, first, small * 0.42, m.severity);
            let room = board_w as f32 - small * 1.3;
            let (cx, caption, better) = (x + small * 1.3, fit(&m.caption, small, room), fit(&m.better, small, room));
            canvas::text(&mut img, Weight::Bold, small, cx, first, Anchor::Left, theme::TEXT, &caption);
            canvas::text(&mut img, Weight::Regular, small, cx, second, Anchor::Left, theme::TEXT_DIM, &better);
            canvas::blit(&mut img, board, x.round() as i32, (y + caption_h).round() as i32, 1.0);
        }
        y += caption_h + height + pad;
    }
    Ok(img)
}

/// A moment's small board, `width` pixels wide: the pieces and the move, without the
/// panel of words above them (the caption says what it would).
fn small_board(view: &BoardView, width: u32) -> Result<Pixmap, RenderError> {
    let mut view = view.clone();
    view.title = String::new();
    view.seats.clear();
    view.to_move = None;
    view.note = None;
    view.result = None;
    view.last_line.clear();
    let drawn = compose(&view, &RenderOptions { size_px: width, flip: false, names: Vec::new() })?;
    // The panel is the top of the picture, as tall as its lines make it.
    let frame = layout::Frame {
        geometry: view.geometry,
        surface: view.surface,
        width,
        flip: false,
        panel_lines: panel::plan(&view, &[], width).lines(),
        side: view.side.is_some(),
    };
    let top = (layout::Layout::new(frame).panel.round() as u32).min(drawn.height().saturating_sub(1));
    let mut board = Pixmap::new(width, drawn.height() - top).ok_or(RenderError::Size(width))?;
    let row = width as usize * 4;
    board.data_mut().copy_from_slice(&drawn.data()[top as usize * row..]);
    Ok(board)
}

/// Line `i`'s colour.
fn colour(i: usize) -> Color {
    LINES[i % LINES.len()]
}

/// Line `i`'s dash: a lone line is solid, several are dashed each their own way.
fn dash(i: usize, lines: usize) -> &'static [f32] {
    if lines <= 1 {
        &[]
    } else {
        DASHES[i % DASHES.len()]
    }
}

/// A mark of `severity` centred on `(x, y)`, `r` its half size.
fn mark(img: &mut Pixmap, x: f32, y: f32, r: f32, severity: Severity) {
    let c = severity.colour();
    match severity {
        Severity::Inaccuracy => {
            canvas::disc(img, x, y, r * 1.15, OUTLINE, 1.0);
            canvas::ring(img, x, y, r * 0.78, r * 0.5, c, 1.0);
        }
        Severity::Mistake => {
            canvas::rounded_box(img, x, y, r * 1.05, r * 1.05, r * 0.2, OUTLINE, 1.0);
            canvas::rounded_box(img, x, y, r * 0.8, r * 0.8, r * 0.15, c, 1.0);
        }
        Severity::Blunder => {
            let k = r * 1.45;
            canvas::polygon(img, &[(x, y - k), (x + k, y), (x, y + k), (x - k, y)], OUTLINE, 1.0);
            let k = r * 1.1;
            canvas::polygon(img, &[(x, y - k), (x + k, y), (x, y + k), (x - k, y)], c, 1.0);
        }
    }
}

/// The legend laid out in rows: for each row, (entry, x) of each entry.
fn legend_rows(entries: &[Entry], small: f32, start: f32, room: f32) -> Vec<Vec<(usize, f32)>> {
    let mut rows: Vec<Vec<(usize, f32)>> = Vec::new();
    let mut x = start;
    for (i, e) in entries.iter().enumerate() {
        let lead = match e {
            Entry::Line(..) => small * 2.0,
            Entry::Mark(..) => small * 1.3,
        };
        let width = lead + canvas::text_width(Weight::Regular, small, e.name()) + small * 1.2;
        if rows.is_empty() || (x + width > start + room && x > start) {
            rows.push(Vec::new());
            x = start;
        }
        if let Some(row) = rows.last_mut() {
            row.push((i, x));
        }
        x += width;
    }
    rows
}

/// The step between move numbers on the x-axis: the smallest of 1, 2, 5, 10, 20,
/// 50 … that puts at most `most` numbers on `0..=last`.
fn move_step(last: usize, most: usize) -> usize {
    let mut base = 1;
    loop {
        for k in [1, 2, 5] {
            let step = base * k;
            if last / step < most.max(1) {
                return step;
            }
        }
        base *= 10;
    }
}

/// `text` cut to `room` pixels at `px`, with an ellipsis when cut.
fn fit(text: &str, px: f32, room: f32) -> String {
    if canvas::text_width(Weight::Bold, px, text) <= room {
        return text.to_string();
    }
    let mut out: String = text.to_string();
    while !out.is_empty() && canvas::text_width(Weight::Bold, px, &format!("{out}…")) > room {
        out.pop();
    }
    format!("{out}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(width_px: u32) -> ReviewOptions {
        ReviewOptions {
            width_px,
            title: "t".into(),
            axis: "a".into(),
            severities: ["i".into(), "m".into(), "b".into()],
        }
    }

    #[test]
    fn move_steps_are_round_and_few() {
        assert_eq!(move_step(10, 20), 1);
        assert_eq!(move_step(60, 8), 10);
        assert_eq!(move_step(60, 30), 5);
        assert_eq!(move_step(0, 1), 1);
        assert_eq!(move_step(1000, 5), 500);
    }

    #[test]
    fn nothing_to_chart_or_a_bad_width_is_refused() {
        assert!(matches!(review_chart(&[], &[], &[], &options(512)), Err(RenderError::Nothing(_))));
        let nan = ChanceLine { name: "x".into(), values: vec![f64::NAN] };
        assert!(matches!(review_chart(&[nan], &[], &[], &options(512)), Err(RenderError::Nothing(_))));
        let line = ChanceLine { name: "x".into(), values: vec![50.0, 60.0] };
        assert!(matches!(
            review_chart(std::slice::from_ref(&line), &[], &[], &options(10)),
            Err(RenderError::Size(10))
        ));
        // A flag off the line is skipped, not a failure.
        let flag = Flag { at: 9, line: 3, severity: Severity::Blunder };
        assert!(review_chart(&[line], &[flag], &[], &options(512)).is_ok());
    }

    #[test]
    fn long_captions_are_cut() {
        let cut = fit("A3>C3>C2 · double block · takes 2 · blockade D4|D5", 15.0, 120.0);
        assert!(!cut.is_empty());
        assert!(cut.ends_with('…') && canvas::text_width(Weight::Bold, 15.0, &cut) <= 120.0, "{cut}");
        assert_eq!(fit("a7-S", 15.0, 120.0), "a7-S");
    }
}
