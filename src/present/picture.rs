//! A reply's picture for a reader: a board, an animated replay or a rating chart,
//! drawn with its words in the reader's language, with a file name, a MIME type, a
//! description for people who cannot see it and, for a replay that had to change to
//! fit the platform's upload limit, a note saying how.

use super::drawn::{dimensions, Drawn, GIF, PNG};
use super::grammar::Plain;
use super::say::{label_id, Say, V};
use crate::ai::review::Label;
use crate::calendar::civil;
use crate::games::view::BoardView;
use crate::lang::Lang;
use crate::render::chart::{chart, ChartOptions, DateUnit, Series};
use crate::render::replay::{replay_within, Fitted, ReplayOptions};
use crate::render::review::{review_chart, ChanceLine, Flag, Moment, ReviewOptions, Severity};
use crate::render::{render, render_svg, CellBox, RenderError, RenderOptions};
use crate::service::{Board, ChartSpec, EndedBy, Picture, ReplaySpec, ReviewSpec, StandingsSpec};

/// The file name of a board's picture.
pub fn file_name(board: &Board) -> String {
    match &board.game {
        Some(id) => format!("{id}-{}{}.png", board.ply, if board.flip { "-flipped" } else { "" }),
        None => format!("{}-start.png", board.kind),
    }
}

/// The file name of a picture: a board's as [`file_name`] says, `K7Q2-replay.gif`,
/// `ratings-alice.png`.
pub fn picture_file_name(picture: &Picture) -> String {
    match picture {
        Picture::Board(board) => file_name(board),
        Picture::Replay(r) => format!("{}-replay{}.gif", r.game, if r.flip { "-flipped" } else { "" }),
        Picture::Review(r) => format!("{}-review.png", r.game),
        Picture::Standings(s) => format!("tournament-{}-standings.png", s.tournament.id),
        Picture::Chart(c) => {
            // File names travel in headers and URLs: the name's plain letters only.
            let name: String =
                c.player.chars().filter(|ch| ch.is_ascii_alphanumeric() || *ch == '-' || *ch == '_').take(32).collect();
            if name.is_empty() {
                "ratings.png".to_string()
            } else {
                format!("ratings-{name}.png")
            }
        }
    }
}

/// Draws `picture` `size_px` wide, its words in `lang`. A replay is fitted into
/// `limit` bytes (the platform's upload limit; `None`: no limit): drawn smaller,
/// then with fewer positions, never refused for its size, and [`Drawn::note`] says
/// what was given up. Boards and charts are far below any platform's limit.
///
/// Blocking work (a replay of a long game takes a fraction of a second): async
/// callers run it through `spawn_blocking`.
pub fn draw(picture: &Picture, lang: Lang, size_px: u32, limit: Option<usize>) -> Result<Drawn, RenderError> {
    match picture {
        Picture::Board(board) => self::picture(board, lang, size_px),
        Picture::Replay(spec) => replay_picture(spec, lang, size_px, limit),
        Picture::Chart(spec) => chart_picture(spec, lang, size_px),
        Picture::Review(spec) => review_picture(spec, lang, size_px),
        Picture::Standings(spec) => standings_picture(spec, lang, size_px),
    }
}

/// A tournament's standings table (with a round robin's crosstable), `size_px` wide,
/// its title, headers and numbers in `lang`.
fn standings_picture(spec: &StandingsSpec, lang: Lang, size_px: u32) -> Result<Drawn, RenderError> {
    let grammar = Plain::default();
    let say = Say::new(lang, &grammar);
    let tournament = say.tournament(&spec.tournament);
    let title = say.t(
        "standings-title",
        vec![
            ("tournament", tournament.into()),
            ("round", V::N(i64::from(spec.round))),
            ("of", V::N(i64::from(spec.of))),
        ],
    );
    let name = |id| spec.names.iter().find(|(p, _)| *p == id).map(|(_, n)| n.clone()).unwrap_or_default();
    let table =
        super::standings::table(spec.tournament.format, &title, &spec.standings, spec.crosstable.as_ref(), &name, lang);
    super::standings::picture(&table, size_px, &picture_file_name(&Picture::Standings(spec.clone())), lang)
}

/// The line a picture's panel shows for a game ended outside the rules.
fn ended_line(say: &Say, ended: &EndedBy) -> String {
    match ended {
        EndedBy::Resigned(seat) => {
            let who = say.phrase(&seat.colour);
            say.t("picture-result-resigned", vec![("who", who.into())])
        }
        EndedBy::TimedOut(seat) => {
            let who = say.phrase(&seat.colour);
            say.t("picture-result-timed-out", vec![("who", who.into())])
        }
        EndedBy::Agreed => say.t0("picture-result-agreed"),
        EndedBy::Aborted => say.t0("picture-result-aborted"),
    }
}

/// Draws `board` `size_px` wide, its words in `lang`.
pub fn picture(board: &Board, lang: Lang, size_px: u32) -> Result<Drawn, RenderError> {
    let grammar = Plain::default();
    let mut say = Say::new(lang, &grammar);
    let Worded { view, options, clock } = worded_board(board, &mut say, lang, size_px);
    let png = render(&view, &options)?;
    let game = V::S(board.kind.title().to_string());
    let alt = match &board.game {
        None => say.t("picture-alt-start", vec![("game", game)]),
        Some(id) => {
            let over = view.to_move.is_none();
            let base = if over {
                say.t(
                    "picture-alt-over",
                    vec![("game", game), ("id", id.clone().into()), ("ply", V::N(i64::from(board.ply)))],
                )
            } else {
                let colour = view.to_move.and_then(|s| view.seats.get(s)).map(|s| s.colour.clone()).unwrap_or_default();
                say.t(
                    "picture-alt",
                    vec![
                        ("game", game),
                        ("id", id.clone().into()),
                        ("ply", V::N(i64::from(board.ply))),
                        ("colour", colour.into()),
                    ],
                )
            };
            match clock {
                Some(clock) => say.t("picture-alt-clock", vec![("alt", base.into()), ("clock", clock.into())]),
                None => base,
            }
        }
    };
    let size = dimensions(&png).unwrap_or((size_px, 0));
    Ok(Drawn { bytes: png, mime: PNG, file_name: file_name(board), alt, size, note: None })
}

/// Draws `board` as [`picture`] does, `size_px` wide, as an SVG document (the
/// game's page shows it: the same picture as vector graphics).
pub fn board_svg(board: &Board, lang: Lang, size_px: u32) -> Result<String, RenderError> {
    let grammar = Plain::default();
    let mut say = Say::new(lang, &grammar);
    let Worded { view, options, .. } = worded_board(board, &mut say, lang, size_px);
    render_svg(&view, &options)
}

/// Where the cells of `board`'s picture (as [`picture`] draws it) lie: the picture's
/// width and height, and each cell's centre and width, in pixels.
pub fn cell_boxes(board: &Board, lang: Lang, size_px: u32) -> Result<(u32, u32, Vec<CellBox>), RenderError> {
    let grammar = Plain::default();
    let mut say = Say::new(lang, &grammar);
    let Worded { view, options, .. } = worded_board(board, &mut say, lang, size_px);
    crate::render::cell_boxes(&view, &options)
}

/// A board's picture before drawing: its view worded, how to draw it, and the clock
/// it shows.
struct Worded {
    view: BoardView,
    options: RenderOptions,
    clock: Option<String>,
}

fn worded_board(board: &Board, say: &mut Say<'_>, lang: Lang, size_px: u32) -> Worded {
    let view = match board.ended {
        Some(_) => board.view.clone().ended(),
        None => board.view.clone(),
    };
    let mut view = super::view::worded(view, lang);
    let clock = say.clock(&board.clock);
    let clock = clock.map(|c| say.finish_plain(&c));
    let shows_clock = view.result.is_none() && board.ended.is_none() && clock.is_some();
    if let (true, Some(clock)) = (shows_clock, &clock) {
        let line = say.t("picture-clock", vec![("clock", clock.clone().into())]);
        view.note = Some(match view.note.take() {
            Some(note) => format!("{note} · {line}"),
            None => line,
        });
    }
    if let Some(ended) = &board.ended {
        view.result = Some(ended_line(say, ended));
    }
    let options = RenderOptions { size_px, flip: board.flip, names: board.names.clone() };
    Worded { view, options, clock: clock.filter(|_| shows_clock) }
}

/// A replay as a GIF within `limit` bytes.
fn replay_picture(spec: &ReplaySpec, lang: Lang, size_px: u32, limit: Option<usize>) -> Result<Drawn, RenderError> {
    let grammar = Plain::default();
    let say = Say::new(lang, &grammar);
    let last = spec.views.len().saturating_sub(1);
    let views: Vec<_> = spec
        .views
        .iter()
        .enumerate()
        .map(|(i, v)| {
            // The final frame of a game ended outside the rules has nobody to move.
            let v = if i == last && spec.ended.is_some() { v.clone().ended() } else { v.clone() };
            super::view::worded(v, lang)
        })
        .collect();
    let options = ReplayOptions {
        size_px,
        flip: spec.flip,
        speed: spec.speed,
        names: spec.names.clone(),
        result: spec.ended.as_ref().map(|e| ended_line(&say, e)),
    };
    let fitted = replay_within(&views, &options, limit.unwrap_or(usize::MAX))?;
    let note = fit_note(&say, &fitted, &options);
    let moves = V::N(i64::try_from(spec.views.len().saturating_sub(1)).unwrap_or(i64::MAX));
    let alt = say.t(
        "picture-alt-replay",
        vec![("game", say.game_title(spec.kind)), ("id", spec.game.clone().into()), ("moves", moves)],
    );
    let size = dimensions(&fitted.gif).unwrap_or((fitted.size_px, 0));
    let file_name = picture_file_name(&Picture::Replay(spec.clone()));
    Ok(Drawn { bytes: fitted.gif, mime: GIF, file_name, alt, size, note })
}

/// What a fitted replay gave up, in words; `None` when it is whole.
fn fit_note(say: &Say, fitted: &Fitted, asked: &ReplayOptions) -> Option<String> {
    if fitted.is_whole(asked) {
        return None;
    }
    let smaller = fitted.size_px < asked.size_px;
    let nth = V::N(i64::try_from(fitted.every_nth).unwrap_or(i64::MAX));
    Some(match (fitted.frames, fitted.every_nth, smaller) {
        // Over the limit even so: the platform refuses it, and the upload error is logged.
        (1, _, _) => say.t0("picture-fit-final-only"),
        (_, 1, _) => say.t0("picture-fit-smaller"),
        (_, _, false) => say.t("picture-fit-sampled", vec![("nth", nth)]),
        (_, _, true) => say.t("picture-fit-smaller-sampled", vec![("nth", nth)]),
    })
}

/// A rating chart as a PNG.
fn chart_picture(spec: &ChartSpec, lang: Lang, size_px: u32) -> Result<Drawn, RenderError> {
    let grammar = Plain::default();
    let say = Say::new(lang, &grammar);
    let series: Vec<Series> =
        spec.lines.iter().map(|l| Series { name: say.game(l.kind), points: l.points.clone() }).collect();
    let date = |ms: i64, unit: DateUnit| {
        let (y, m, d) = civil(ms.div_euclid(86_400_000));
        let month = || say.t("chart-month", vec![("month", V::N(m))]);
        match unit {
            DateUnit::Day => say.t("chart-date-day", vec![("day", V::N(d)), ("month", month().into())]),
            DateUnit::Month => {
                say.t("chart-date-month", vec![("month", month().into()), ("year", V::S(y.to_string()))])
            }
            DateUnit::Year => say.t("chart-date-year", vec![("year", V::S(y.to_string()))]),
        }
    };
    let player = say.clean_text(&spec.player);
    let options =
        ChartOptions { width_px: size_px, title: player.clone(), axis: say.t0("chart-axis"), date_label: &date };
    let png = chart(&series, &options)?;
    let games = say.list_and(series.iter().map(|s| s.name.clone()).collect());
    let alt = say.t("picture-alt-chart", vec![("player", player.into()), ("games", games.into())]);
    let size = dimensions(&png).unwrap_or((size_px, 0));
    Ok(Drawn {
        bytes: png,
        mime: PNG,
        file_name: picture_file_name(&Picture::Chart(spec.clone())),
        alt,
        size,
        note: None,
    })
}

/// A review's chart and turning points as a PNG.
fn review_picture(spec: &ReviewSpec, lang: Lang, size_px: u32) -> Result<Drawn, RenderError> {
    let grammar = Plain::default();
    let say = Say::new(lang, &grammar);
    let lines: Vec<ChanceLine> = spec
        .lines
        .iter()
        .map(|l| {
            let name = say.t(
                "review-chart-line",
                vec![("name", say.clean_text(&l.name).into()), ("colour", say.phrase(&l.colour).into())],
            );
            ChanceLine { name, values: l.values.clone() }
        })
        .collect();
    let flags: Vec<Flag> =
        spec.flags.iter().map(|&(at, line, label)| Flag { at: at as usize, line, severity: severity(label) }).collect();
    let moments: Vec<Moment> = spec
        .moments
        .iter()
        .map(|m| {
            let caption = format!("{}. {}{}", m.ply, m.played, m.label.sign());
            let better = say.t("review-chart-better", vec![("best", m.best.clone().into())]);
            Moment { view: super::view::worded(m.view.clone(), lang), caption, better, severity: severity(m.label) }
        })
        .collect();
    let game = say.game_title(spec.kind);
    let id = V::S(spec.game.clone());
    let options = ReviewOptions {
        width_px: size_px,
        title: say.t("review-chart-title", vec![("game", say.game_title(spec.kind)), ("id", spec.game.clone().into())]),
        axis: say.t0("review-chart-axis"),
        severities: [Label::Inaccuracy, Label::Mistake, Label::Blunder]
            .map(|l| format!("{} {}", l.sign(), say.t0(label_id(l)))),
    };
    let png = review_chart(&lines, &flags, &moments, &options)?;
    let marked = V::N(i64::try_from(spec.flags.len()).unwrap_or(i64::MAX));
    let alt = say.t("picture-alt-review", vec![("game", game), ("id", id), ("marked", marked)]);
    let size = dimensions(&png).unwrap_or((size_px, 0));
    Ok(Drawn {
        bytes: png,
        mime: PNG,
        file_name: picture_file_name(&Picture::Review(spec.clone())),
        alt,
        size,
        note: None,
    })
}

/// How the chart marks a label.
fn severity(label: Label) -> Severity {
    match label {
        Label::Inaccuracy => Severity::Inaccuracy,
        Label::Mistake => Severity::Mistake,
        Label::Blunder => Severity::Blunder,
    }
}

/// The board as a plain-text diagram, its words in `lang`.
pub fn diagram(board: &Board, lang: Lang) -> String {
    super::view::diagram_text(&board.diagram, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_come_from_the_headers() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&512u32.to_be_bytes());
        png.extend_from_slice(&640u32.to_be_bytes());
        assert_eq!(dimensions(&png), Some((512, 640)));
        assert_eq!(dimensions(b"GIF89a\x00\x02\x80\x02"), Some((512, 640)));
        assert_eq!(dimensions(b"GIF89a"), None);
        assert_eq!(dimensions(b"nothing of the kind"), None);
    }
}
