//! A board as a picture for a reader: the view drawn with the panel's words in the
//! reader's language, a file name, and a description for people who cannot see it.

use super::grammar::Plain;
use super::say::{Say, V};
use crate::lang::Lang;
use crate::render::{render, RenderError, RenderOptions};
use crate::service::{Board, EndedBy};

/// A drawn board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The PNG bytes.
    pub png: Vec<u8>,
    /// A file name such as `K7Q2-12.png`.
    pub file_name: String,
    /// What it shows, for people who cannot see it.
    pub alt: String,
}

/// The file name of a board's picture.
pub fn file_name(board: &Board) -> String {
    match &board.game {
        Some(id) => format!("{id}-{}{}.png", board.ply, if board.flip { "-flipped" } else { "" }),
        None => format!("{}-start.png", board.kind),
    }
}

/// Draws `board` `size_px` wide, its words in `lang`.
pub fn picture(board: &Board, lang: Lang, size_px: u32) -> Result<Picture, RenderError> {
    let grammar = Plain::default();
    let mut say = Say::new(lang, &grammar);
    let mut view = super::view::worded(board.view.clone(), lang);
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
        let line = match ended {
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
        };
        view.result = Some(line);
        view.to_move = None;
    }
    let options = RenderOptions { size_px, flip: board.flip, names: board.names.clone() };
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
            match (shows_clock, clock) {
                (true, Some(clock)) => say.t("picture-alt-clock", vec![("alt", base.into()), ("clock", clock.into())]),
                _ => base,
            }
        }
    };
    Ok(Picture { png, file_name: file_name(board), alt })
}

/// The board as a plain-text diagram, its words in `lang`.
pub fn diagram(board: &Board, lang: Lang) -> String {
    super::view::diagram_text(&board.diagram, lang)
}
