//! The panel above the board: the game and the last move, one line per seat with
//! its name, colour and counters, and the result or a note.
//!
//! The panel is planned before anything is drawn, because its number of lines
//! decides the layout: long texts wrap at the " · " between their parts (then at
//! spaces) instead of being cut, so the words that matter stay in the picture.
//!
//! Every word comes from the view, already in the reader's language; the panel only
//! joins parts with " · " and a counter's label and value with a space.

use super::canvas::{self, Anchor, Canvas, Color, Weight};
use super::layout::{self, Layout};
use super::{pieces, theme};
use crate::games::view::BoardView;

/// Seats shown at most.
const MAX_SEATS: usize = 8;
/// Lines the last move may take.
const LAST_LINES: usize = 3;
/// Lines a seat's counters may take below its name.
const COUNTER_LINES: usize = 2;
/// Lines the result or note may take below the seats.
const FOOTER_LINES: usize = 3;

/// One line of the panel.
#[derive(Clone, Debug, PartialEq)]
enum Row {
    /// The game's name, and the start of the last move beside it.
    Title(Option<String>),
    /// A seat: its index, its name as shown, and its counters when they fit beside
    /// the name; `below` more rows of counters follow.
    Seat { index: usize, name: String, counters: Option<String>, below: usize },
    /// A line of secondary text (the rest of the last move, a seat's counters).
    Dim(String),
    /// A line of the result or note.
    Accent(String),
}

/// The panel's lines for a picture width, decided before drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    rows: Vec<Row>,
}

/// The two text sizes of the panel: names and the title, and everything else.
fn sizes(width: u32) -> (f32, f32) {
    let px = layout::font_px(width);
    // Never below 13 px: smaller is not read on a phone.
    (px, (px * 0.9).max(13.0).min(px))
}

/// Left and right padding of the panel's text.
fn pad(px: f32) -> f32 {
    px * 0.7
}

/// Where a seat's name starts, right of the turn pointer and the icon.
fn name_x(px: f32) -> f32 {
    pad(px) + px * 2.2
}

/// `text` cut to fit `width` pixels, with an ellipsis when cut.
fn fit(weight: Weight, px: f32, width: f32, text: &str) -> String {
    if canvas::text_width(weight, px, text) <= width {
        return text.to_string();
    }
    let room = width - canvas::text_width(weight, px, "…");
    if room < 0.0 {
        return String::new();
    }
    let mut used = 0.0;
    let kept: String = text
        .chars()
        .take_while(|ch| {
            used += canvas::text_width(weight, px, ch.encode_utf8(&mut [0u8; 4]));
            used <= room
        })
        .collect();
    format!("{}…", kept.trim_end())
}

/// Breaks `parts`, joined by " · ", into at most `max` lines: the first `first`
/// pixels wide, the others `width`. A part goes whole onto a new line rather than
/// being split, unless it is wider than a line, when it breaks at spaces; what
/// still does not fit ends the last line with an ellipsis.
fn wrap(parts: &[String], weight: Weight, px: f32, first: f32, width: f32, max: usize) -> Vec<String> {
    let w = |s: &str| canvas::text_width(weight, px, s);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let room = |lines: &Vec<String>| if lines.is_empty() { first } else { width };
    for part in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        let joined = if line.is_empty() { part.to_string() } else { format!("{line} · {part}") };
        if w(&joined) <= room(&lines) {
            line = joined;
            continue;
        }
        if !line.is_empty() && w(part) <= width {
            lines.push(std::mem::replace(&mut line, part.to_string()));
            continue;
        }
        for (i, word) in part.split_whitespace().enumerate() {
            let sep = if i == 0 { " · " } else { " " };
            let joined = if line.is_empty() { word.to_string() } else { format!("{line}{sep}{word}") };
            if line.is_empty() || w(&joined) <= room(&lines) {
                line = joined;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > max {
        let rest = lines.split_off(max.max(1) - 1).join(" ");
        lines.push(rest);
    }
    lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| fit(weight, px, if i == 0 { first } else { width }, &l))
        .take(max)
        .collect()
}

/// A seat's name as shown: the player's name given by the caller, cut to fit
/// `width` if need be, and always the colour after it.
fn seat_name(view: &BoardView, names: &[String], i: usize, px: f32, width: f32) -> String {
    let colour = view.seats.get(i).map_or("", |s| s.colour.as_str());
    match names.get(i).map(|n| n.trim()).filter(|n| !n.is_empty()) {
        Some(n) => {
            let tail = format!(" ({colour})");
            let room = width - canvas::text_width(Weight::Bold, px, &tail);
            format!("{}{tail}", fit(Weight::Bold, px, room, n))
        }
        None => fit(Weight::Bold, px, width, colour),
    }
}

/// A seat's counters as text parts: each its label and value.
fn counters(view: &BoardView, i: usize) -> Vec<String> {
    let Some(seat) = view.seats.get(i) else { return Vec::new() };
    seat.counters.iter().map(|c| format!("{} {}", c.label, c.value)).collect()
}

/// Plans the panel of `view` for a picture `width` pixels wide.
pub fn plan(view: &BoardView, names: &[String], width: u32) -> Plan {
    let (px, small) = sizes(width);
    let w = width as f32;
    let full = w - 2.0 * pad(px);
    let title_w = canvas::text_width(Weight::Bold, px, &view.title);
    let beside = full - title_w - px;
    let mut last = wrap(&view.last_line, Weight::Regular, small, beside.max(0.0), full, LAST_LINES).into_iter();
    // A first line squeezed beside a long title goes below it instead.
    let first = last.next().filter(|l| !l.is_empty() && !l.ends_with('…'));
    let rest = match first {
        Some(_) => last.collect(),
        None => wrap(&view.last_line, Weight::Regular, small, full, full, LAST_LINES),
    };
    let mut rows = vec![Row::Title(first)];
    rows.extend(rest.into_iter().map(Row::Dim));

    let room = w - pad(px) - name_x(px);
    for index in 0..view.seats.len().min(MAX_SEATS) {
        let parts = counters(view, index);
        let text = parts.join(" · ");
        let name = seat_name(view, names, index, px, room);
        let fits = canvas::text_width(Weight::Bold, px, &name) + px + canvas::text_width(Weight::Regular, small, &text)
            <= room
            && !name.contains('…');
        if fits {
            rows.push(Row::Seat { index, name, counters: Some(text).filter(|t| !t.is_empty()), below: 0 });
        } else {
            let lines = wrap(&parts, Weight::Regular, small, room, room, COUNTER_LINES);
            rows.push(Row::Seat { index, name, counters: None, below: lines.len() });
            rows.extend(lines.into_iter().map(Row::Dim));
        }
    }

    if let Some(text) = view.result.as_ref().or(view.note.as_ref()) {
        // Joined by spaces, not " · ": a sentence.
        let sentence = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let lines = wrap(&[sentence], Weight::Bold, small, full, full, FOOTER_LINES);
        rows.extend(lines.into_iter().map(Row::Accent));
    }
    Plan { rows }
}

impl Plan {
    /// Lines of text the panel needs.
    pub fn lines(&self) -> u8 {
        self.rows.len().min(usize::from(u8::MAX)) as u8
    }
}

/// Draws the planned panel onto the picture.
pub fn draw<C: Canvas + ?Sized>(img: &mut C, view: &BoardView, plan: &Plan, l: &Layout) {
    let (px, small) = sizes(l.frame.width);
    let w = l.frame.width as f32;
    let pad = pad(px);
    let mut y = l.font * 0.45 + l.line / 2.0;
    let mut x_dim = pad;
    for row in &plan.rows {
        match row {
            Row::Title(last) => {
                canvas::text(img, Weight::Bold, px, pad, y, Anchor::Left, theme::TEXT, &view.title);
                if let Some(last) = last {
                    let x = pad + canvas::text_width(Weight::Bold, px, &view.title) + px;
                    canvas::text(img, Weight::Regular, small, x, y, Anchor::Left, theme::TEXT_DIM, last);
                }
            }
            Row::Seat { index, name, counters, below } => {
                let to_move = view.to_move == Some(*index);
                if to_move {
                    // A bar behind the seat and a pointer: whose turn it is, without colour.
                    let half = l.line / 2.0 - 1.0;
                    let extra = l.line * *below as f32 / 2.0;
                    let (cx, hw) = (w / 2.0, w / 2.0 - pad * 0.4);
                    canvas::rounded_box(img, cx, y + extra, hw, half + extra, half * 0.4, theme::TURN_BAR, 1.0);
                    let (tx, k) = (pad * 0.9, px * 0.34);
                    let pointer = [(tx - k * 0.6, y - k), (tx + k, y), (tx - k * 0.6, y + k)];
                    canvas::polygon(img, &pointer, theme::TEXT_ACCENT, 1.0);
                }
                let tone = view.seats.get(*index).map(|s| s.tone);
                if let Some(tone) = tone {
                    pieces::icon(img, tone, (pad + px * 1.3, y), px * 0.95);
                }
                let color: Color = if to_move || view.to_move.is_none() { theme::TEXT } else { theme::TEXT_DIM };
                let x = name_x(px);
                canvas::text(img, Weight::Bold, px, x, y, Anchor::Left, color, name);
                if let Some(c) = counters {
                    canvas::text(img, Weight::Regular, small, w - pad, y, Anchor::Right, theme::TEXT_DIM, c);
                }
                x_dim = x;
            }
            Row::Dim(text) => canvas::text(img, Weight::Regular, small, x_dim, y, Anchor::Left, theme::TEXT_DIM, text),
            Row::Accent(text) => canvas::text(img, Weight::Bold, small, pad, y, Anchor::Left, theme::TEXT_ACCENT, text),
        }
        y += l.line;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::view::Counter;
    use crate::games::Game;

    /// Nuba's start, with seats Green and Red, no one to move and no note.
    fn view(result: Option<&str>) -> BoardView {
        let mut v = crate::games::nuba::Nuba::start(&Default::default()).view().map_text(|p| p.id.into_owned());
        v.seats[0].colour = "Green".into();
        v.seats[1].colour = "Red".into();
        v.seats.iter_mut().for_each(|s| s.counters.clear());
        (v.to_move, v.note, v.result) = (None, None, result.map(str::to_string));
        v
    }

    fn text(plan: &Plan) -> String {
        let line = |r: &Row| match r {
            Row::Title(l) => l.clone().unwrap_or_default(),
            Row::Seat { name, counters, .. } => format!("{name} {}", counters.clone().unwrap_or_default()),
            Row::Dim(t) | Row::Accent(t) => t.clone(),
        };
        plan.rows.iter().map(line).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn a_short_result_takes_one_line() {
        assert_eq!(plan(&view(Some("Red wins")), &[], 768).lines(), 4);
        assert_eq!(plan(&view(None), &[], 768).lines(), 3);
    }

    /// A long result is broken at spaces into lines that each fit the panel, and
    /// every word is kept; past three lines the rest is cut.
    #[test]
    fn a_long_result_wraps_instead_of_being_cut() {
        let long = "Draw: no piece can move for either player (NU-I1), so the game ends with \
                    neither champion home and the position is scored as a draw";
        for width in [320, 768] {
            let p = plan(&view(Some(long)), &[], width);
            let footer: Vec<&String> =
                p.rows.iter().filter_map(|r| if let Row::Accent(t) = r { Some(t) } else { None }).collect();
            assert!(footer.len() >= 2 && footer.len() <= FOOTER_LINES, "{footer:?}");
            if width == 768 {
                let joined = footer.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ");
                assert_eq!(joined, long.split_whitespace().collect::<Vec<_>>().join(" "));
            }
        }
    }

    /// The last move's parts and a long name's colour survive at both sizes.
    #[test]
    fn the_panel_keeps_the_words_that_matter() {
        let mut v = view(None);
        v.title = "Kewbz".into();
        v.last_line = ["last: h2>h2", "2 extensions at f2 +0", "tower f2 full", "cornered at h1", "last cube"]
            .map(String::from)
            .into();
        v.seats[0].counters =
            vec![Counter::new("score".into(), "12".into()), Counter::new("cubes left".into(), "7".into())];
        let names = ["Wilhelmina Augusta von Hohenzollern-Sigmaringen".to_string(), "Bob".to_string()];
        for width in [320, 768] {
            let t = text(&plan(&v, &names, width));
            for words in
                ["h2>h2", "2 extensions at f2 +0", "tower f2 full", "cornered at h1", "last cube", "(Red)", "(Green)"]
            {
                assert!(t.contains(words), "{width}: {words} in\n{t}");
            }
            assert!(t.contains("score 12") && t.contains("cubes left 7"), "{width}:\n{t}");
        }
    }

    #[test]
    fn counters_are_their_label_and_value() {
        let mut v = view(None);
        v.seats[0].counters =
            vec![Counter::new("doubles".into(), "2".into()), Counter::new("taken".into(), "0 single, 4 double".into())];
        assert_eq!(counters(&v, 0), vec!["doubles 2".to_string(), "taken 0 single, 4 double".to_string()]);
    }
}
