//! The `boardbot` command line.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = boardbot::cli::Cli::parse();
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    match boardbot::cli::run(cli, &mut stdout, &mut stderr) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}
