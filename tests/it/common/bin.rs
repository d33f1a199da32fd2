//! The `boardbot` binary run as a user runs it.

use std::process::{Command, Output};

/// Runs the binary with `args`, no standard input.
pub fn boardbot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardbot")).args(args).output().expect("the binary runs")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
