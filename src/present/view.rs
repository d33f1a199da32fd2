//! Pictures and diagrams in the reader's words: the rules cores describe a position
//! with phrases ([`BoardView<Phrase>`], [`Diagram`]); these functions word them from
//! the catalogs for one language, so the picture and the terminal get text.
//!
//! ```
//! use boardbot::games::{GameKind, Position};
//! use boardbot::lang::Lang;
//! use boardbot::present::view::{diagram_text, worded};
//!
//! let mut position = Position::start(&GameKind::Kuba.default_settings());
//! let played = position.play_text("a7 down")?;
//! let view = worded(position.view(Some(played.view)), Lang::En);
//! assert_eq!(view.title, "Kuba");
//! assert_eq!(view.last_line, ["last: a7-S", "pushes 2"]);
//! assert!(diagram_text(&position.diagram(), Lang::En).ends_with("Black to move\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::catalog;
use crate::games::{BoardView, Diagram, Phrase};
use crate::lang::Lang;

/// `view` with every phrase worded in `lang`, ready for [`crate::render::render`].
pub fn worded(view: BoardView<Phrase>, lang: Lang) -> BoardView<String> {
    view.map_text(|p| catalog::phrase(lang, &p))
}

/// The diagram as terminals show it: the board, then each line worded in `lang`,
/// every line ending in a line break.
pub fn diagram_text(diagram: &Diagram, lang: Lang) -> String {
    let mut out = diagram.grid.clone();
    for line in &diagram.lines {
        out.push_str(&catalog::phrase(lang, line));
        out.push('\n');
    }
    out
}
