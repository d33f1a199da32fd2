//! boardbot: a chat bot for four abstract board games — Kuba, Kewbz, Cabale and
//! Nuba. This crate holds the layers of `architecture.md`; today the rules cores
//! ([`games`]) and the engine's command line ([`cli`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod cli;
pub mod games;
