//! Chat adapters: thin translations between a platform and the [`crate::service`].
//!
//! `text.rs` is the text command syntax of the text platforms (the terminal and
//! Matrix), read from the commands' declaration ([`crate::service::commands`]);
//! `discord/` and `matrix/` are those platforms' adapters; `terminal.rs` is the
//! embedded default platform; `pace.rs` keeps the platforms' rate limits as they
//! state them; `delivery.rs` is the one runtime that delivers the outbox on every
//! platform, the terminal's included; `failpoint.rs` is a test hook that kills the process where a
//! crash hurts most. Discord and Matrix are cargo features (`discord`,
//! `matrix`), off by default; the terminal is always built.

pub mod delivery;
#[cfg(feature = "discord")]
pub mod discord;
#[cfg(any(feature = "discord", feature = "matrix"))]
pub mod failpoint;
#[cfg(feature = "matrix")]
pub mod matrix;
#[cfg(any(feature = "discord", feature = "matrix"))]
pub mod observe;
pub mod pace;
pub mod terminal;
pub mod text;
