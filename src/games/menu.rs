//! Chat menus of moves: at most N choices for what the user has chosen and typed so
//! far, labelled only once they are known to be shown.

use std::fmt::Display;

use serde::Serialize;

use super::{Phrase, Worded};

/// The most entries a chat menu shows (Discord's autocomplete and select limit).
pub const MENU_LIMIT: usize = 25;

/// One entry of a move menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The canonical text of the turn so far, this choice included.
    pub text: String,
    /// A short label in English, for the engine and logs: `d2-N · pushes 3 · takes
    /// a red`, [`Choice::head`] and the parts joined.
    pub label: String,
    /// The label's first part: the move as people read it (`d2-N`; Cabale shows a
    /// turn's runner path).
    pub head: String,
    /// The label's parts after the head, as phrases for people (`pushes 3`, `takes a
    /// red`).
    pub parts: Vec<Phrase>,
    /// `text` is a complete legal move.
    pub complete: bool,
    /// Further parts can follow `text` (Cabale's block, capture and blockade).
    pub more: bool,
}

/// What a menu offers: the choices that fit, in canonical order, and whether more
/// would have fitted than the limit let through.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Menu {
    /// At most the limit asked for.
    pub choices: Vec<Choice>,
    /// True when choices were left out because of the limit.
    pub cut: bool,
}

/// A choice before its label is made: `label` is whatever the game needs to write
/// it (usually the move), so labels cost only for the choices shown.
pub(crate) struct Candidate<L> {
    pub text: String,
    pub complete: bool,
    pub more: bool,
    pub label: L,
}

/// A move's label as the game makes it: the head (the move as people read it) and
/// typed notes, each with its English (`Display`) and its phrase ([`Worded`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label<N> {
    /// The move as people read it (`d2-N`).
    pub head: String,
    /// What it does, part by part.
    pub notes: Vec<N>,
}

/// The English label: `head` and the notes joined by ` · `.
pub(crate) fn join_label<N: Display>(head: &str, notes: &[N]) -> String {
    let mut label = head.to_string();
    for note in notes {
        label.push_str(" · ");
        label.push_str(&note.to_string());
    }
    label
}

/// True when `text` is offered for what the user typed: its start, ignoring case
/// and surrounding blanks.
pub(crate) fn matches(text: &str, typed: &str) -> bool {
    let typed = typed.trim();
    text.len() >= typed.len() && text.as_bytes()[..typed.len()].eq_ignore_ascii_case(typed.as_bytes())
}

/// The menu of the candidates that match `typed`, at most `limit`, each labelled
/// by `label` once it is kept.
pub(crate) fn select<L, N: Display + Worded>(
    candidates: impl IntoIterator<Item = Candidate<L>>,
    typed: &str,
    limit: usize,
    mut label: impl FnMut(L) -> Label<N>,
) -> Menu {
    let mut menu = Menu::default();
    for c in candidates.into_iter().filter(|c| matches(&c.text, typed)) {
        if menu.choices.len() == limit {
            menu.cut = true;
            break;
        }
        let Label { head, notes } = label(c.label);
        menu.choices.push(Choice {
            text: c.text,
            label: join_label(&head, &notes),
            head,
            parts: notes.iter().map(Worded::phrase).collect(),
            complete: c.complete,
            more: c.more,
        });
    }
    menu
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A note that is its own text, worded as a phrase of the same id.
    #[derive(Clone, Debug)]
    struct Note(String);

    impl Display for Note {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.0)
        }
    }

    impl Worded for Note {
        fn phrase(&self) -> Phrase {
            Phrase::new(self.0.clone())
        }
    }

    fn label(head: String) -> Label<Note> {
        Label { notes: vec![Note(head.to_lowercase())], head }
    }

    fn candidates(texts: &[&str]) -> Vec<Candidate<String>> {
        texts
            .iter()
            .map(|t| Candidate { text: t.to_string(), complete: true, more: false, label: t.to_uppercase() })
            .collect()
    }

    #[test]
    fn typed_text_filters_by_start_ignoring_case() {
        let menu = select(candidates(&["a7-E", "a7-S", "b7-S"]), " A7", 25, label);
        let texts: Vec<&str> = menu.choices.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["a7-E", "a7-S"]);
        assert_eq!(menu.choices[0].label, "A7-E · a7-e");
        assert_eq!(menu.choices[0].head, "A7-E");
        assert_eq!(menu.choices[0].parts, vec![Phrase::new("a7-e")]);
        assert!(!menu.cut);
    }

    #[test]
    fn the_limit_cuts_and_says_so_and_labels_only_what_is_kept() {
        let mut labelled = 0;
        let menu = select(candidates(&["a", "b", "c", "d"]), "", 2, |l| {
            labelled += 1;
            label(l)
        });
        assert_eq!(menu.choices.len(), 2);
        assert!(menu.cut);
        assert_eq!(labelled, 2);
        let menu = select(candidates(&["a", "b"]), "", 2, label);
        assert!(!menu.cut);
    }

    #[test]
    fn typed_text_longer_than_a_choice_or_not_ascii_matches_nothing() {
        assert!(!matches("a7", "a7-E"));
        assert!(!matches("a7-E", "é"));
        assert!(matches("a7-E", ""));
    }
}
