//! Words for people: a typed [`crate::service::Message`] in, text for a reader out,
//! in the reader's language and the platform's grammar (how a command, a person and
//! a game's thread are written there).
//!
//! The words live in the Fluent catalogs under `locales/<lang>/` ([`catalog`]);
//! nothing below this module builds a sentence a person reads.
//!
//! Catalog ids are checked in one place, a unit test (`src/present/ids.rs`), rather
//! than typed: it reads every Rust file under `src/` (the rules cores' aside, which
//! `tests/it/game_words.rs` words variant by variant), finds each id passed to
//! `catalog::text`, `catalog::words`, `Phrase::new` and to every function or closure
//! that hands one of its parameters on to them (`Say::t`, `web::word`, an adapter's
//! own helpers), and fails naming the file and line of any id some language's catalog
//! lacks. Ids made at run time (`level-{}`, `rules-{}`) are enumerated from the enums
//! they are made of, and ids read from a table (the commands' help, a game's terms)
//! from that table; an id the test cannot read fails it too, so none goes unchecked.
//! Typed ids generated from `locales/en/*.ftl` were the other way: they would have
//! changed every call of the wording functions, in the adapters too, and still left
//! the ids made at run time and read from tables to a test. A second test fails on an
//! English message nothing passes any more (one a change left behind).

pub mod catalog;
mod drawn;
pub mod grammar;
pub mod help;
#[cfg(test)]
mod ids;
mod messages;
mod picture;
mod puzzles;
mod refusals;
mod say;
pub mod standings;
pub mod view;
pub mod web;

pub use crate::render::CellBox;
pub use drawn::{dimensions, Drawn, GIF, PNG, SVG};
pub use grammar::{Grammar, Plain, ThreadSaid};
pub use help::{commands_table, help as help_text};
pub use messages::{refusal, say};
pub use picture::{board_svg, cell_boxes, diagram, draw, file_name, picture, picture_file_name};
pub(crate) use say::label_id;
pub use say::{date, escape_html, move_label, quoted_thread_title, thread_title, Words};
