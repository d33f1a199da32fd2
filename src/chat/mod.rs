//! Chat adapters: thin translations between a platform and the [`crate::service`].
//!
//! `command.rs` is the text command syntax shared by the text platforms (the terminal
//! and Matrix), `text.rs` the same syntax read from the commands' declaration (which
//! replaces it); `discord/` and `matrix/` are those platforms' adapters; `terminal.rs`
//! is the embedded default platform. Discord and Matrix are cargo features (`discord`,
//! `matrix`), both on by default; the terminal is always built.

pub mod command;
#[cfg(feature = "discord")]
pub mod discord;
#[cfg(feature = "matrix")]
pub mod matrix;
pub mod terminal;
pub mod text;
