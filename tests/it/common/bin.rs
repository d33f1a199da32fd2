//! The `boardbot` binary run as a user runs it.

use std::process::{Command, Output};

/// Runs the binary with `args`, no standard input; the database is never taken from
/// the environment of the test run.
pub fn boardbot(args: &[&str]) -> Output {
    boardbot_env(args, &[])
}

/// [`boardbot`] with variables added to its environment.
pub fn boardbot_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(args)
        .env_remove("BOARDBOT_DATABASE_URL")
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
