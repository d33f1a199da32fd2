//! Chat menus of moves: at most N choices for what the user has chosen and typed so
//! far, labelled only once they are known to be shown.

use serde::Serialize;

/// The most entries a chat menu shows (Discord's autocomplete and select limit).
pub const MENU_LIMIT: usize = 25;

/// One entry of a move menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The canonical text of the turn so far, this choice included.
    pub text: String,
    /// A short label for people: `d2-N · pushes 3 · takes a red`.
    pub label: String,
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

/// True when `text` is offered for what the user typed: its start, ignoring case
/// and surrounding blanks.
pub(crate) fn matches(text: &str, typed: &str) -> bool {
    let typed = typed.trim();
    text.len() >= typed.len() && text.as_bytes()[..typed.len()].eq_ignore_ascii_case(typed.as_bytes())
}

/// The menu of the candidates that match `typed`, at most `limit`, each labelled
/// by `label` once it is kept.
pub(crate) fn select<L>(
    candidates: impl IntoIterator<Item = Candidate<L>>,
    typed: &str,
    limit: usize,
    mut label: impl FnMut(L) -> String,
) -> Menu {
    let mut menu = Menu::default();
    for c in candidates.into_iter().filter(|c| matches(&c.text, typed)) {
        if menu.choices.len() == limit {
            menu.cut = true;
            break;
        }
        menu.choices.push(Choice { text: c.text, label: label(c.label), complete: c.complete, more: c.more });
    }
    menu
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates(texts: &[&str]) -> Vec<Candidate<String>> {
        texts
            .iter()
            .map(|t| Candidate { text: t.to_string(), complete: true, more: false, label: t.to_uppercase() })
            .collect()
    }

    #[test]
    fn typed_text_filters_by_start_ignoring_case() {
        let menu = select(candidates(&["a7-E", "a7-S", "b7-S"]), " A7", 25, |l| l);
        let texts: Vec<&str> = menu.choices.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["a7-E", "a7-S"]);
        assert_eq!(menu.choices[0].label, "A7-E");
        assert!(!menu.cut);
    }

    #[test]
    fn the_limit_cuts_and_says_so_and_labels_only_what_is_kept() {
        let mut labelled = 0;
        let menu = select(candidates(&["a", "b", "c", "d"]), "", 2, |l| {
            labelled += 1;
            l
        });
        assert_eq!(menu.choices.len(), 2);
        assert!(menu.cut);
        assert_eq!(labelled, 2);
        let menu = select(candidates(&["a", "b"]), "", 2, |l| l);
        assert!(!menu.cut);
    }

    #[test]
    fn typed_text_longer_than_a_choice_or_not_ascii_matches_nothing() {
        assert!(!matches("a7", "a7-E"));
        assert!(!matches("a7-E", "é"));
        assert!(matches("a7-E", ""));
    }
}
