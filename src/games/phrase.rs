//! Words for people, without the words: a [`Phrase`] is a stable message id and its
//! arguments. The rules cores say *what* happened or why a move is refused as
//! phrases; the catalogs under `locales/` word them in each language
//! ([`crate::present`]). The cores' `Display` impls stay for the engine's command
//! line and the logs.
//!
//! Ids are kebab-case and start with the game's name when they belong to one game
//! (`kuba-illegal-not-own`), or with `game-` when every game shares them. They are
//! part of the catalogs' contract: renaming one means renaming it in every
//! `locales/*/` file.
//!
//! ```
//! use boardbot::games::{Arg, Phrase};
//!
//! let p = Phrase::new("kuba-illegal-no-marble").text("square", "d2");
//! assert_eq!(p.id, "kuba-illegal-no-marble");
//! assert_eq!(p.args[0].1, Arg::Text("d2".to_string()));
//! ```

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// A message for people by its catalog id, with named arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Phrase {
    /// The catalog's message id.
    pub id: Cow<'static, str>,
    /// The arguments, by the names the catalog's message uses (`$square`).
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// One argument of a [`Phrase`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arg {
    /// Words that are the same in every language: a square, a move, a code, a name.
    Text(String),
    /// A number; the catalog chooses plural forms by it.
    Number(i64),
    /// Another message of the catalog (a colour, a piece, a direction), worded in the
    /// reader's language before it is put in. Messages may also select on the id
    /// itself, for agreement (`{ $colour -> [kuba-marble-white] … }`), through the
    /// argument `<name>-id` that comes with every term.
    Term(Cow<'static, str>),
    /// A whole phrase, worded first and put in.
    Phrase(Box<Phrase>),
}

impl Phrase {
    /// A phrase without arguments.
    pub fn new(id: impl Into<Cow<'static, str>>) -> Phrase {
        Phrase { id: id.into(), args: Vec::new() }
    }

    /// Adds an argument.
    pub fn arg(mut self, name: impl Into<Cow<'static, str>>, value: Arg) -> Phrase {
        self.args.push((name.into(), value));
        self
    }

    /// Adds words that are never translated (a square, a move, a name).
    pub fn text(self, name: impl Into<Cow<'static, str>>, value: impl ToString) -> Phrase {
        self.arg(name, Arg::Text(value.to_string()))
    }

    /// Adds a number.
    pub fn number(self, name: impl Into<Cow<'static, str>>, value: impl Into<i64>) -> Phrase {
        self.arg(name, Arg::Number(value.into()))
    }

    /// Adds another catalog message by id (a colour, a piece name).
    pub fn term(self, name: impl Into<Cow<'static, str>>, id: impl Into<Cow<'static, str>>) -> Phrase {
        self.arg(name, Arg::Term(id.into()))
    }

    /// Adds a phrase, worded first.
    pub fn phrase(self, name: impl Into<Cow<'static, str>>, value: Phrase) -> Phrase {
        self.arg(name, Arg::Phrase(Box::new(value)))
    }
}

/// Something a person may read, as a phrase: refusals of moves, codes and settings,
/// end reasons, labels.
pub trait Worded {
    /// The phrase that says it.
    fn phrase(&self) -> Phrase;
}
