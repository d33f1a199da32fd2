//! Words for people: a typed [`crate::service::Message`] in, text for a reader out,
//! in the reader's language and the platform's grammar (how a command, a person and
//! a game's thread are written there).
//!
//! The words live in the Fluent catalogs under `locales/<lang>/` ([`catalog`]);
//! nothing below this module builds a sentence a person reads.

pub mod catalog;
mod drawn;
pub mod grammar;
pub mod help;
mod messages;
mod picture;
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
pub use say::{date, escape_html, move_label, quoted_thread_title, thread_title, Words};
