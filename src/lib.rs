//! boardbot: a chat bot for four abstract board games — Kuba, Kewbz, Cabale and
//! Nuba. This crate holds the layers of `architecture.md`; today the rules cores
//! ([`games`]), the board pictures ([`render`]) and the command line ([`cli`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cli;
pub mod games;
pub mod render;
