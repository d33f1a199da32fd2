//! Every integration test, as one test binary: one link of the crate and its
//! dependencies instead of one per file. Each module is what used to be a file of
//! its own under `tests/`; run one with `cargo test --test it <module>::` (for
//! example `cargo test --test it kuba_rules::`). Fixtures, session files and golden
//! pictures stay under `tests/`.

// matrix-sdk's sync future is deeper than the default limit allows in a crate that
// spawns it.
#![recursion_limit = "256"]

mod common;

mod ai_cli;
mod ai_positions;
mod ai_props;
mod analysis;
mod architecture;
mod cabale_props;
mod cabale_rules;
mod catalogs;
mod chat_fuzz;
mod chat_restart;
mod chat_sessions;
mod cli;
mod clocks;
mod commands;
mod db_cli;
#[cfg(feature = "discord")]
mod discord;
#[cfg(feature = "discord")]
mod discord_limits;
#[cfg(feature = "discord")]
mod discord_workers;
mod docs;
mod game_words;
mod kewbz_props;
mod kewbz_rules;
mod kuba_perft;
mod kuba_props;
mod kuba_rules;
mod limits;
#[cfg(feature = "matrix")]
mod matrix;
mod nuba_props;
mod nuba_rules;
mod pairing_props;
mod pictures;
mod premoves;
mod present;
mod puzzle_page;
mod puzzles;
mod render_cli;
mod render_golden;
mod render_playouts;
mod render_props;
mod render_replay;
mod render_standings;
mod render_svg;
mod render_views;
mod reviews;
mod service;
mod store_concurrency;
mod store_crash;
mod store_files;
mod store_games;
mod store_postgres;
mod store_tournaments;
#[cfg(feature = "matrix")]
mod synapse_harness;
mod tournament_workers;
mod web;
#[cfg(feature = "discord")]
mod web_activity;
mod web_browser;
mod web_play;
mod wording;
