//! boardbot: a chat bot for four abstract board games — Kuba, Kewbz, Cabale and
//! Nuba. The crate holds its layers, lowest first: the rules cores ([`games`]), the
//! computer players ([`ai`]) and the board pictures ([`render`]), storage ([`store`])
//! with ratings ([`rating`]), tournaments' pairings and standings ([`pairing`]),
//! then the command line ([`cli`]) and its configuration ([`config`]).
//!
//! Any game, picked at run time:
//!
//! ```
//! use boardbot::games::{GameKind, Position};
//!
//! let kind: GameKind = "kuba".parse()?;
//! let mut game = Position::start(&kind.default_settings());
//! assert_eq!(game.play_text("a7 down")?.text, "a7-S");
//! assert_eq!(game.code(), "1W3BB/WW1R1BB/W1RRR2/1RRRRR1/2RRR2/BB1R1WW/BB3WW b 0-0 -");
//! let refused = game.play_text("a1-S").unwrap_err();
//! assert_eq!(
//!     refused.to_string(),
//!     "illegal: the marble on a1 cannot be pushed S: the square behind it, a2, is not free"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod admin;
pub mod ai;
pub mod calendar;
pub mod chat;
pub mod cli;
pub mod config;
pub mod games;
pub mod lang;
pub mod pairing;
pub mod present;
pub mod rating;
pub mod render;
pub mod service;
pub mod store;
pub mod web;
