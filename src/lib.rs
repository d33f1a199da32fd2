//! boardbot: a chat bot for four abstract board games — Kuba, Kewbz, Cabale and
//! Nuba. This crate holds the layers of `architecture.md`; today the rules cores
//! ([`games`]), the board pictures ([`render`]), storage ([`store`]) with ratings
//! ([`rating`]) and the command line ([`cli`]).
//!
//! Any game, picked at run time, through the registry:
//!
//! ```
//! use boardbot::games::GameKind;
//!
//! let kind: GameKind = "kuba".parse()?;
//! let mut game = kind.start(None)?;
//! assert_eq!(game.play("a7 down")?, "a7-S");
//! assert_eq!(game.code(), "1W3BB/WW1R1BB/W1RRR2/1RRRRR1/2RRR2/BB1R1WW/BB3WW b 0-0 -");
//! let refused = game.play("a1-S").unwrap_err();
//! assert_eq!(
//!     refused.to_string(),
//!     "illegal: the marble on a1 cannot be pushed S: the square behind it, a2, is not free"
//! );
//! # Ok::<(), boardbot::games::GameError>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod admin;
pub mod ai;
pub mod cli;
pub mod config;
pub mod games;
pub mod rating;
pub mod render;
pub mod store;
