//! Chat adapters: thin translations between a platform and the [`crate::service`].
//!
//! `command.rs` is the text command syntax shared by text platforms (the terminal
//! now, Matrix later); `discord/` is the Discord adapter; `terminal.rs` is the embedded default platform.

pub mod command;
pub mod discord;
pub mod terminal;
