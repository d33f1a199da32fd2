//! The panel above the board: the game and the last move, one line per seat with
//! its name, colour and counters, and the result or a note.

use super::layout::{Layout, FONT_SHARE};
use super::pieces;
use super::raster::{self, Anchor, Color, Picture};
use super::{fonts, theme};
use crate::games::view::BoardView;

/// Seats shown at most.
const MAX_SEATS: usize = 8;

/// Width of the panel's text area in units of the font size; the font size is a
/// fixed share of the picture width, so this holds at every size.
const TEXT_EMS: f32 = 1.0 / FONT_SHARE - 1.4;

/// A seat's name as shown: the player's name given by the caller, with the colour.
fn seat_name(view: &BoardView, names: &[String], i: usize) -> String {
    let colour = view.seats.get(i).map_or("", |s| s.colour.as_str());
    match names.get(i).map(|n| n.trim()).filter(|n| !n.is_empty()) {
        Some(n) => format!("{n} ({colour})"),
        None => colour.to_string(),
    }
}

fn counters_text(view: &BoardView, i: usize) -> String {
    let Some(seat) = view.seats.get(i) else { return String::new() };
    let parts: Vec<String> = seat.counters.iter().map(|c| format!("{} {}", c.label, c.value)).collect();
    parts.join(" · ")
}

/// True when a seat's counters do not fit beside its name and go on a second line.
fn wraps(view: &BoardView, names: &[String], i: usize) -> bool {
    let f = fonts();
    let name = raster::text_width(&f.bold, 1.0, &seat_name(view, names, i)).min(12.0);
    let counters = raster::text_width(&f.regular, 0.9, &counters_text(view, i));
    name + counters + 3.0 > TEXT_EMS
}

/// Lines the result or note may take below the seats.
const FOOTER_LINES: usize = 3;

/// The result, or else the note, broken into lines at spaces so that each fits the
/// panel (a result such as Nuba's "no piece can move for either player…" is long
/// for a phone-size picture); past [`FOOTER_LINES`], the rest shares the last line.
fn footer(view: &BoardView) -> Vec<String> {
    let Some(text) = view.result.as_ref().or(view.note.as_ref()) else { return Vec::new() };
    let bold = &fonts().bold;
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let longer = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
        if current.is_empty() || raster::text_width(bold, 0.9, &longer) <= TEXT_EMS {
            current = longer;
        } else {
            lines.push(std::mem::replace(&mut current, word.to_string()));
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    if lines.len() > FOOTER_LINES {
        let rest = lines.split_off(FOOTER_LINES - 1).join(" ");
        lines.push(rest);
    }
    lines
}

/// Lines of text the panel needs for a view and the players' names.
pub fn lines(view: &BoardView, names: &[String]) -> u8 {
    let seats = view.seats.len().min(MAX_SEATS);
    let wrapped = (0..seats).filter(|&i| wraps(view, names, i)).count();
    (1 + seats + wrapped + footer(view).len()) as u8
}

/// `text` cut to fit `width` pixels, with an ellipsis when cut.
fn fit(font: &ab_glyph::FontRef<'static>, px: f32, width: f32, text: &str) -> String {
    if raster::text_width(font, px, text) <= width {
        return text.to_string();
    }
    // One pass: keep characters while they and the ellipsis still fit.
    let room = width - raster::text_width(font, px, "…");
    let mut used = 0.0;
    let mut end = 0;
    for (i, ch) in text.char_indices() {
        let mut buf = [0u8; 4];
        used += raster::text_width(font, px, ch.encode_utf8(&mut buf));
        if used > room {
            break;
        }
        end = i + ch.len_utf8();
    }
    if room < 0.0 {
        return String::new();
    }
    format!("{}…", text[..end].trim_end())
}

/// Draws the panel's text onto the picture.
pub fn draw(img: &mut Picture, view: &BoardView, names: &[String], l: &Layout) {
    // Fitting names and counters measures text, which a strip below the panel
    // need not pay for.
    if !raster::meets(img, 0.0, l.panel + l.line) {
        return;
    }
    let f = fonts();
    let w = l.frame.width as f32;
    let pad = l.font * 0.7;
    let px = l.font;
    let mut y = l.font * 0.45 + l.line / 2.0;

    let title_w = raster::text_width(&f.bold, px, &view.title);
    raster::text(img, &f.bold, px, pad, y, Anchor::Left, theme::TEXT, &view.title);
    if let Some(last) = &view.last {
        let room = w - 2.0 * pad - title_w - px;
        let label = fit(&f.regular, px * 0.9, room, &format!("last: {}", last.label));
        raster::text(img, &f.regular, px * 0.9, pad + title_w + px, y, Anchor::Left, theme::TEXT_DIM, &label);
    }

    for (i, seat) in view.seats.iter().enumerate().take(MAX_SEATS) {
        y += l.line;
        let to_move = view.to_move == Some(i);
        let wrap = wraps(view, names, i);
        if to_move {
            // A bar behind the seat and a pointer: whose turn it is, without colour.
            let half = l.line / 2.0 - 1.0;
            let mid = if wrap { y + l.line / 2.0 } else { y };
            let half_h = if wrap { half + l.line / 2.0 } else { half };
            raster::rounded_box(img, w / 2.0, mid, w / 2.0 - pad * 0.4, half_h, half * 0.4, [0x33, 0x3b, 0x4a], 1.0);
            let (tx, k) = (pad * 0.9, px * 0.34);
            raster::polygon(img, &[(tx - k * 0.6, y - k), (tx + k, y), (tx - k * 0.6, y + k)], theme::TEXT_ACCENT, 1.0);
        }
        let icon_x = pad + px * 1.3;
        pieces::icon(img, seat.tone, (icon_x, y), px * 0.95);
        let name_x = icon_x + px * 0.9;
        let counters = counters_text(view, i);
        let room = if wrap {
            w - pad - name_x
        } else {
            let counters_w = raster::text_width(&f.regular, px * 0.9, &counters);
            raster::text(img, &f.regular, px * 0.9, w - pad, y, Anchor::Right, theme::TEXT_DIM, &counters);
            (w - pad - counters_w - px * 0.8 - name_x).max(0.0)
        };
        let color: Color = if to_move || view.to_move.is_none() { theme::TEXT } else { theme::TEXT_DIM };
        let name = fit(&f.bold, px, room, &seat_name(view, names, i));
        raster::text(img, &f.bold, px, name_x, y, Anchor::Left, color, &name);
        if wrap {
            y += l.line;
            let counters = fit(&f.regular, px * 0.9, w - pad - name_x, &counters);
            raster::text(img, &f.regular, px * 0.9, name_x, y, Anchor::Left, theme::TEXT_DIM, &counters);
        }
    }

    for line in footer(view) {
        y += l.line;
        // Below the smallest font's share of the width, a line may still not fit.
        let text = fit(&f.bold, px * 0.9, w - 2.0 * pad, &line);
        raster::text(img, &f.bold, px * 0.9, pad, y, Anchor::Left, theme::TEXT_ACCENT, &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::view::{Geometry, SeatView, Surface, Tone};

    fn view(result: Option<&str>) -> BoardView {
        BoardView {
            title: "Nuba".into(),
            geometry: Geometry::Square { files: 5, ranks: 6 },
            surface: Surface::Squares,
            cells: Vec::new(),
            walls: Vec::new(),
            seats: vec![
                SeatView { tone: Tone::Red, colour: "Red".into(), counters: Vec::new() },
                SeatView { tone: Tone::Green, colour: "Green".into(), counters: Vec::new() },
            ],
            to_move: None,
            note: None,
            result: result.map(str::to_string),
            side: None,
            last: None,
        }
    }

    #[test]
    fn a_short_result_takes_one_line() {
        assert_eq!(footer(&view(Some("Red wins"))), vec!["Red wins".to_string()]);
        assert_eq!(lines(&view(Some("Red wins")), &[]), 4);
        assert!(footer(&view(None)).is_empty());
        assert_eq!(lines(&view(None), &[]), 3);
    }

    /// A long result is broken at spaces into lines that each fit the panel, and
    /// every word is kept; past three lines the rest shares the third.
    #[test]
    fn a_long_result_wraps_instead_of_being_cut() {
        let long = "Draw: no piece can move for either player (NU-I1), so the game ends with \
                    neither champion home and the position is scored as a draw";
        let lines_of = footer(&view(Some(long)));
        assert!(lines_of.len() >= 2, "{lines_of:?}");
        assert!(lines_of.len() <= FOOTER_LINES);
        for line in &lines_of[..lines_of.len() - 1] {
            assert!(raster::text_width(&fonts().bold, 0.9, line) <= TEXT_EMS, "{line}");
        }
        assert_eq!(lines_of.join(" "), long.split_whitespace().collect::<Vec<_>>().join(" "));
        let endless = "word ".repeat(200);
        let lines_of = footer(&view(Some(&endless)));
        assert_eq!(lines_of.len(), FOOTER_LINES);
        assert_eq!(lines_of.join(" ").split(' ').count(), 200);
    }
}
