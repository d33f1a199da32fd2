//! A player's rating over time as a PNG: one line per game kind, the band of
//! ± 2 rating deviations shaded (wide while a rating is provisional), dates on
//! the x-axis, and the current value of each line labelled at the right edge.
//!
//! Drawn with tiny-skia and the pictures' own text (`canvas`), not a plotting
//! crate: the names and dates are the caller's, in any language and script, and
//! the bundled fonts fall back glyph by glyph (a plotting crate draws one font);
//! the chart shares the boards' theme and indexed-PNG encoder; and the few parts
//! a chart has (lines, a band, ticks, labels) take less code than configuring one.
//!
//! Every word is the caller's: the title, the axis title, the series' names, and
//! the dates through a formatter ([`ChartOptions::date_label`]).
//!
//! ```
//! use boardbot::render::chart::{chart, ChartOptions, DateUnit, RatingPoint, Series};
//!
//! let day = 86_400_000;
//! let points = (0..5).map(|i| RatingPoint { at_ms: 1_790_000_000_000 + i * 3 * day, rating: 1500.0 + 20.0 * i as f64, deviation: 200.0 - 30.0 * i as f64 });
//! let series = [Series { name: "Kuba".into(), points: points.collect() }];
//! let date = |ms: i64, _unit: DateUnit| format!("day {}", ms / day);
//! let options = ChartOptions { width_px: 512, title: "Ada".into(), axis: "Rating".into(), date_label: &date };
//! let png = chart(&series, &options).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, StrokeDash, Transform};

use super::canvas::{self, Anchor, Color, Weight};
use super::{encode, layout, theme, RenderError, MAX_SIZE, MIN_SIZE};
use crate::calendar::{civil, days_from_civil};

/// A rating after a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingPoint {
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// The rating.
    pub rating: f64,
    /// Its deviation (RD); the band is `rating ± 2 × deviation`.
    pub deviation: f64,
}

/// One line of the chart: a game kind's ratings, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name in the legend, in the reader's words.
    pub name: String,
    /// The points, oldest first (sorted again here).
    pub points: Vec<RatingPoint>,
}

/// What a date label on the x-axis stands for, so the caller can write `3 Nov`,
/// `Nov 2026` or `2026`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DateUnit {
    /// A day: the instant is its first millisecond (UTC).
    Day,
    /// A month: the instant is its first day's first millisecond (UTC).
    Month,
    /// A year: the instant is its 1 January's first millisecond (UTC).
    Year,
}

/// How to draw a chart; every text is the caller's.
pub struct ChartOptions<'a> {
    /// Picture width in pixels ([`MIN_SIZE`] to [`MAX_SIZE`]); the height follows.
    pub width_px: u32,
    /// The line on top (the player's name, say).
    pub title: String,
    /// The value axis' title ("Rating").
    pub axis: String,
    /// A date label for the x-axis.
    pub date_label: &'a dyn Fn(i64, DateUnit) -> String,
}

/// Line colours: the Okabe–Ito set, told apart with the common forms of colour
/// blindness, each line also dashed its own way.
const LINES: [Color; 6] = [
    [0xe6, 0x9f, 0x00],
    [0x56, 0xb4, 0xe9],
    [0x2f, 0xc0, 0x8f],
    [0xcc, 0x79, 0xa7],
    [0xf0, 0xe4, 0x42],
    [0xd5, 0x5e, 0x00],
];
/// Dash patterns in line widths (on, off), by series; empty is solid.
pub(super) const DASHES: [&[f32]; 4] = [&[], &[4.0, 2.0], &[1.0, 1.8], &[4.0, 1.8, 1.0, 1.8]];
/// The grid's lines.
pub(super) const GRID: Color = [0x3a, 0x40, 0x4c];
/// How much of a band's colour shows.
const BAND_ALPHA: f32 = 0.16;
/// A day in milliseconds.
const DAY_MS: i64 = 86_400_000;

/// Draws the chart as a PNG. Points that are not finite are left out; refused
/// when no point is left (the caller then answers in words), or for a width out
/// of range.
pub fn chart(series: &[Series], options: &ChartOptions) -> Result<Vec<u8>, RenderError> {
    let img = draw(series, options)?;
    let mut known = theme::known_colours();
    known.extend(LINES);
    known.push(GRID);
    Ok(encode::png(&img, &known)?)
}

/// A series as drawn: its index (colour and dash), name and clean points.
struct Line<'a> {
    index: usize,
    name: &'a str,
    points: Vec<RatingPoint>,
}

/// Picture space of a chart: the plot's box and the data ranges it shows.
struct Plot {
    x0: f32,
    x1: f32,
    y0: f32,
    y1: f32,
    t0: i64,
    t1: i64,
    lo: f64,
    hi: f64,
}

impl Plot {
    fn x(&self, t: i64) -> f32 {
        self.x0 + (self.x1 - self.x0) * ((t - self.t0) as f64 / (self.t1 - self.t0).max(1) as f64) as f32
    }

    /// The height of a rating, clamped to the plot (a band wider than the range).
    fn y(&self, r: f64) -> f32 {
        let k = ((r - self.lo) / (self.hi - self.lo).max(1.0)).clamp(0.0, 1.0) as f32;
        self.y1 - (self.y1 - self.y0) * k
    }
}

fn draw(series: &[Series], options: &ChartOptions) -> Result<Pixmap, RenderError> {
    let w = options.width_px;
    if !(MIN_SIZE..=MAX_SIZE).contains(&w) {
        return Err(RenderError::Size(w));
    }
    let lines: Vec<Line> = series
        .iter()
        .enumerate()
        .map(|(index, s)| {
            let mut points: Vec<RatingPoint> = s
                .points
                .iter()
                .filter(|p| p.rating.is_finite() && p.deviation.is_finite() && p.rating.abs() < 1e6)
                .map(|p| RatingPoint { deviation: p.deviation.clamp(0.0, 1e4), ..*p })
                .collect();
            points.sort_by_key(|p| p.at_ms);
            Line { index, name: &s.name, points }
        })
        .filter(|l| !l.points.is_empty())
        .collect();
    let all = || lines.iter().flat_map(|l| &l.points);
    let (Some(t_first), Some(t_last)) = (all().map(|p| p.at_ms).min(), all().map(|p| p.at_ms).max()) else {
        return Err(RenderError::Nothing("no rating to chart"));
    };

    let (px, small) = (layout::font_px(w), (layout::font_px(w) * 0.85).max(13.0));
    let wf = w as f32;
    let pad = px * 0.7;
    let line_h = (px * 1.45).round();
    let legend = legend_rows(&lines, small, pad, wf - 2.0 * pad);
    // Title, legend rows, the axis' title, and half a line above the top value.
    let top = pad + line_h * (1 + legend.len()) as f32 + line_h * 1.5;
    let bottom = line_h + pad;
    let height = (wf * 0.72).max(top + bottom + wf * 0.4).round();
    let mut img = Pixmap::new(w, height as u32).ok_or(RenderError::Size(w))?;
    let [r, g, b] = theme::BACKGROUND;
    img.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));

    // Time: at least two days, so a first game still has a span to sit in.
    let (mut t0, mut t1) = (t_first, t_last);
    if t1 - t0 < 2 * DAY_MS {
        let mid = t0 / 2 + t1 / 2;
        (t0, t1) = (mid - DAY_MS, mid + DAY_MS);
    }
    // Ratings: every line with a margin, and the bands up to 200 points beyond
    // the lines (a first rating's band is ± 700: the lines would be flat in it).
    let (r_lo, r_hi) = all().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.rating), hi.max(p.rating)));
    let (b_lo, b_hi) = all().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.rating - 2.0 * p.deviation), hi.max(p.rating + 2.0 * p.deviation))
    });
    let (lo, hi) = (b_lo.max(r_lo - 200.0).min(r_lo - 25.0), b_hi.min(r_hi + 200.0).max(r_hi + 25.0));
    let y0 = top;
    let y1 = height - bottom;
    let step = value_step(hi - lo, ((y1 - y0) / (small * 2.4)).max(2.0) as usize);
    let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let ticks: Vec<f64> = (0..).map(|i| lo + step * f64::from(i)).take_while(|v| *v <= hi + step * 0.01).collect();
    let label = |v: f64| format!("{}", v.round() as i64);
    let left = ticks.iter().map(|v| canvas::text_width(Weight::Regular, small, &label(*v))).fold(0.0, f32::max);
    let badge_w = |l: &Line| {
        let current = l.points.last().map_or(0.0, |p| p.rating);
        canvas::text_width(Weight::Bold, small, &label(current)) + small
    };
    let right = lines.iter().map(badge_w).fold(0.0, f32::max) + pad * 0.6;
    let plot = Plot { x0: pad + left + small * 0.6, x1: wf - pad - right, y0, y1, t0, t1, lo, hi };

    // Title, legend and the axis' title.
    canvas::text(&mut img, Weight::Bold, px, pad, pad + line_h / 2.0, Anchor::Left, theme::TEXT, &options.title);
    for (row, entries) in legend.iter().enumerate() {
        let y = pad + line_h * (row as f32 + 1.5);
        for &(i, x) in entries {
            let l = &lines[i];
            let swatch = [(x, y), (x + small * 1.6, y)];
            stroke(&mut img, &swatch, line_width(w), LINES[l.index % LINES.len()], dash(l.index), 1.0);
            let name_x = x + small * 2.0;
            canvas::text(&mut img, Weight::Regular, small, name_x, y, Anchor::Left, theme::TEXT, l.name);
        }
    }
    let axis_y = top - line_h;
    canvas::text(&mut img, Weight::Regular, small, pad, axis_y, Anchor::Left, theme::TEXT_DIM, &options.axis);

    // The grid and the value labels.
    for v in &ticks {
        let y = plot.y(*v).round() + 0.5;
        stroke(&mut img, &[(plot.x0, y), (plot.x1, y)], 1.0, GRID, &[], 1.0);
        canvas::text(
            &mut img,
            Weight::Regular,
            small,
            plot.x0 - small * 0.5,
            y,
            Anchor::Right,
            theme::TEXT_DIM,
            &label(*v),
        );
    }
    // The dates.
    let dates = date_ticks(&plot, |ms, unit| (options.date_label)(ms, unit), small);
    let date_y = plot.y1 + line_h * 0.65;
    for (ms, text) in &dates {
        let x = plot.x(*ms).round() + 0.5;
        stroke(&mut img, &[(x, plot.y1), (x, plot.y1 + small * 0.3)], 1.0, theme::TEXT_DIM, &[], 1.0);
        canvas::text(&mut img, Weight::Regular, small, x, date_y, Anchor::Centre, theme::TEXT_DIM, text);
    }
    stroke(&mut img, &[(plot.x0, plot.y1 + 0.5), (plot.x1, plot.y1 + 0.5)], 1.0, theme::TEXT_DIM, &[], 1.0);

    // Bands under every line, then the lines, then the current values.
    for l in &lines {
        band(&mut img, &plot, l, line_width(w));
    }
    for l in &lines {
        let colour = LINES[l.index % LINES.len()];
        let pts: Vec<(f32, f32)> = l.points.iter().map(|p| (plot.x(p.at_ms), plot.y(p.rating))).collect();
        stroke(&mut img, &pts, line_width(w), colour, dash(l.index), 1.0);
        if pts.len() <= 40 {
            for &(x, y) in &pts {
                canvas::disc(&mut img, x, y, line_width(w) * 1.3, colour, 1.0);
            }
        }
    }
    badges(&mut img, &plot, &lines, small);
    Ok(img)
}

/// The legend laid out in rows: for each row, (line, x) of each entry.
fn legend_rows(lines: &[Line], small: f32, start: f32, room: f32) -> Vec<Vec<(usize, f32)>> {
    let mut rows: Vec<Vec<(usize, f32)>> = Vec::new();
    let mut x = start;
    for (i, l) in lines.iter().enumerate() {
        let width = small * 2.0 + canvas::text_width(Weight::Regular, small, l.name) + small * 1.2;
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

/// A line's width for a picture width.
pub(super) fn line_width(w: u32) -> f32 {
    (w as f32 / 200.0).max(2.0)
}

/// The dash pattern of series `i`, in line widths.
fn dash(i: usize) -> &'static [f32] {
    DASHES[i % DASHES.len()]
}

/// Strokes a polyline, dashed by `pattern` (in line widths), with round ends.
pub(super) fn stroke(img: &mut Pixmap, points: &[(f32, f32)], width: f32, colour: Color, pattern: &[f32], alpha: f32) {
    let Some(path) = canvas::through(points, false) else { return };
    if points.len() < 2 {
        return;
    }
    let dash = match pattern {
        [] => None,
        p => StrokeDash::new(p.iter().map(|v| v * width * 1.6).collect(), 0.0),
    };
    let stroke = Stroke { width, line_cap: LineCap::Round, line_join: LineJoin::Round, dash, ..Stroke::default() };
    let mut paint = Paint::default();
    paint.set_color_rgba8(colour[0], colour[1], colour[2], (alpha.clamp(0.0, 1.0) * 255.0) as u8);
    paint.anti_alias = true;
    img.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
}

/// The ± 2 RD band of a line, shaded in its colour (a narrow box for one point).
fn band(img: &mut Pixmap, plot: &Plot, l: &Line, line: f32) {
    let colour = LINES[l.index % LINES.len()];
    let upper = l.points.iter().map(|p| (plot.x(p.at_ms), plot.y(p.rating + 2.0 * p.deviation)));
    let lower = l.points.iter().rev().map(|p| (plot.x(p.at_ms), plot.y(p.rating - 2.0 * p.deviation)));
    let mut outline: Vec<(f32, f32)> = upper.chain(lower).collect();
    if let [a, b] = outline.as_slice() {
        let k = line * 2.5;
        outline = vec![(a.0 - k, a.1), (a.0 + k, a.1), (b.0 + k, b.1), (b.0 - k, b.1)];
    }
    let mut pb = PathBuilder::new();
    if let Some((first, rest)) = outline.split_first() {
        pb.move_to(first.0, first.1);
        rest.iter().for_each(|p| pb.line_to(p.0, p.1));
        pb.close();
    }
    if let Some(path) = pb.finish() {
        let mut paint = Paint::default();
        paint.set_color_rgba8(colour[0], colour[1], colour[2], (BAND_ALPHA * 255.0) as u8);
        img.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
    }
}

/// Each line's current value in a badge of its colour at the right of the plot,
/// pushed apart where two would overlap, with a dotted lead from a line that
/// stopped earlier.
fn badges(img: &mut Pixmap, plot: &Plot, lines: &[Line], small: f32) {
    let half = small * 0.72;
    let mut at: Vec<(f32, usize)> =
        lines.iter().enumerate().filter_map(|(i, l)| Some((plot.y(l.points.last()?.rating), i))).collect();
    at.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Top to bottom, each at least a badge below the one above; then back up
    // from the bottom, if that pushed the last below the plot.
    for k in 1..at.len() {
        at[k].0 = at[k].0.max(at[k - 1].0 + 2.0 * half + 2.0);
    }
    if let Some(last) = at.last_mut() {
        last.0 = last.0.min(plot.y1);
    }
    for k in (0..at.len().saturating_sub(1)).rev() {
        at[k].0 = at[k].0.min(at[k + 1].0 - 2.0 * half - 2.0);
    }
    for (y, i) in at {
        let l = &lines[i];
        let Some(p) = l.points.last() else { continue };
        let colour = LINES[l.index % LINES.len()];
        let (px_, py) = (plot.x(p.at_ms), plot.y(p.rating));
        let text = format!("{}", p.rating.round() as i64);
        let tw = canvas::text_width(Weight::Bold, small, &text);
        let (bx, hw) = (plot.x1 + small * 0.4 + tw / 2.0 + small * 0.5, tw / 2.0 + small * 0.45);
        if plot.x1 - px_ > 1.0 || (py - y).abs() > 1.0 {
            stroke(img, &[(px_, py), (plot.x1, py), (bx - hw, y)], 1.0, colour, &[1.0, 2.0], 0.9);
        }
        canvas::rounded_box(img, bx, y, hw, half, half * 0.4, colour, 1.0);
        canvas::text(img, Weight::Bold, small, bx, y, Anchor::Centre, theme::PANEL, &text);
    }
}

/// A round step for value labels: the smallest of 10, 20, 25, 50, 100 … that
/// puts at most `max` labels on `range`.
fn value_step(range: f64, max: usize) -> f64 {
    let mut base = 10.0;
    loop {
        for k in [1.0, 2.0, 2.5, 5.0] {
            let step = base * k;
            if range / step <= max.saturating_sub(1).max(1) as f64 || step >= 1e7 {
                return step;
            }
        }
        base *= 10.0;
    }
}

/// A step between date labels.
#[derive(Clone, Copy)]
enum Step {
    /// Every `n` days from days counted from 1970-01-01 that leave `offset` (mod `n`).
    Days(i64, i64),
    /// Every `n` months from months counted from year 0 that are multiples of `n`.
    Months(i64),
}

/// The date labels of the x-axis: the finest of days, weeks, months and years
/// whose labels fit side by side, as (instant, text).
fn date_ticks(plot: &Plot, label: impl Fn(i64, DateUnit) -> String, small: f32) -> Vec<(i64, String)> {
    let (d0, d1) = (plot.t0.div_euclid(DAY_MS) + 1, plot.t1.div_euclid(DAY_MS));
    let day_ticks = |step: i64, offset: i64| -> Vec<i64> {
        (d0..=d1).filter(|d| (d - offset).rem_euclid(step) == 0).map(|d| d * DAY_MS).collect()
    };
    let month_ticks = |step: i64| -> Vec<i64> {
        let (y, m, _) = civil(plot.t0.div_euclid(DAY_MS));
        let mut out = Vec::new();
        let mut index = y * 12 + (m - 1) + 1;
        loop {
            let ms = days_from_civil(index.div_euclid(12), index.rem_euclid(12) + 1, 1) * DAY_MS;
            if ms > plot.t1 {
                return out;
            }
            if index.rem_euclid(step) == 0 {
                out.push(ms);
            }
            index += 1;
        }
    };
    let width = plot.x1 - plot.x0;
    let most = (width / (small * 3.0)).max(1.0) as usize;
    // Days, weeks (Mondays: 1970-01-01 was a Thursday), fortnights, then months
    // and years (1 January of years that are multiples of 1, 2, 5 …).
    use DateUnit::{Day, Month, Year};
    let candidates = [
        (Day, Step::Days(1, 0)),
        (Day, Step::Days(2, 0)),
        (Day, Step::Days(7, 4)),
        (Day, Step::Days(14, 4)),
        (Month, Step::Months(1)),
        (Month, Step::Months(2)),
        (Month, Step::Months(3)),
        (Month, Step::Months(6)),
        (Year, Step::Months(12)),
        (Year, Step::Months(24)),
        (Year, Step::Months(60)),
        (Year, Step::Months(120)),
        (Year, Step::Months(1200)),
    ];
    let span_days = (d1 - d0).max(0) as usize;
    for (unit, step) in candidates {
        // Skip a step that would give far too many ticks before building them.
        let step_days = match unit {
            DateUnit::Day => 1,
            DateUnit::Month => 28,
            DateUnit::Year => 365,
        };
        if span_days / step_days > most * 24 {
            continue;
        }
        let ticks = match step {
            Step::Days(n, offset) => day_ticks(n, offset),
            Step::Months(n) => month_ticks(n),
        };
        if ticks.len() > most {
            continue;
        }
        let labelled: Vec<(i64, String)> = ticks.into_iter().map(|ms| (ms, label(ms, unit))).collect();
        let fits = labelled.windows(2).all(|pair| {
            let room = plot.x(pair[1].0) - plot.x(pair[0].0);
            let need = (canvas::text_width(Weight::Regular, small, &pair[0].1)
                + canvas::text_width(Weight::Regular, small, &pair[1].1))
                / 2.0
                + small;
            room >= need
        });
        let inside = labelled.iter().all(|(ms, text)| {
            let half = canvas::text_width(Weight::Regular, small, text) / 2.0;
            plot.x(*ms) - half >= 0.0 && plot.x(*ms) + half <= plot.x1 + small * 3.0
        });
        if fits && inside && !labelled.is_empty() {
            return labelled;
        }
    }
    // No boundary in range that fits: the first day alone.
    let first = plot.t0.div_euclid(DAY_MS) * DAY_MS;
    vec![(first.max(plot.t0), label(first, DateUnit::Day))]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plot(days: i64) -> Plot {
        let t0 = days_from_civil(2026, 3, 10) * DAY_MS + 3_600_000;
        Plot { x0: 40.0, x1: 470.0, y0: 60.0, y1: 300.0, t0, t1: t0 + days * DAY_MS, lo: 1300.0, hi: 1700.0 }
    }

    fn iso(ms: i64, unit: DateUnit) -> String {
        let (y, m, d) = civil(ms.div_euclid(DAY_MS));
        match unit {
            DateUnit::Day => format!("{m}/{d}"),
            DateUnit::Month => format!("{y}-{m:02}"),
            DateUnit::Year => format!("{y}"),
        }
    }

    #[test]
    fn dates_step_up_with_the_span() {
        let units = |days| date_ticks(&plot(days), iso, 15.0);
        let week = units(6);
        assert!(week.len() >= 3 && week.iter().all(|(_, t)| t.contains('/')), "{week:?}");
        let year = units(300);
        assert!(year.len() >= 2 && year.iter().all(|(_, t)| t.len() == 7 && t.contains('-')), "{year:?}");
        let decade = units(3650);
        assert!(decade.len() >= 2 && decade.iter().all(|(_, t)| t.len() == 4), "{decade:?}");
        for (ms, _) in units(3650).iter().chain(&year) {
            assert_eq!(ms.rem_euclid(DAY_MS), 0);
        }
    }

    #[test]
    fn value_steps_are_round() {
        assert_eq!(value_step(400.0, 6), 100.0);
        assert_eq!(value_step(90.0, 6), 20.0);
        assert_eq!(value_step(1400.0, 4), 500.0);
    }

    #[test]
    fn nothing_to_chart_is_refused_and_bad_points_are_skipped() {
        let date = |_: i64, _: DateUnit| String::new();
        let options = ChartOptions { width_px: 512, title: String::new(), axis: String::new(), date_label: &date };
        assert!(matches!(chart(&[], &options), Err(RenderError::Nothing(_))));
        let nan = RatingPoint { at_ms: 0, rating: f64::NAN, deviation: 10.0 };
        let series = [Series { name: "Kuba".into(), points: vec![nan] }];
        assert!(matches!(chart(&series, &options), Err(RenderError::Nothing(_))));
        let one = RatingPoint { at_ms: 5, rating: 1500.0, deviation: f64::INFINITY };
        let series = [Series { name: "Kuba".into(), points: vec![nan, one] }];
        assert!(chart(&series, &options).is_err());
        let one = RatingPoint { deviation: 350.0, ..one };
        let series = [Series { name: "Kuba".into(), points: vec![nan, one] }];
        assert!(chart(&series, &options).is_ok());
    }
}
