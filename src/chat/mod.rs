//! Chat adapters: thin translations between a platform and the [`crate::service`].
//!
//! `command.rs` is the text command syntax shared by the text platforms (the terminal
//! and Matrix); `discord/` and `matrix/` are those platforms' adapters; `terminal.rs`
//! is the embedded default platform.

pub mod command;
pub mod discord;
pub mod matrix;
pub mod terminal;
