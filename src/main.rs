//! The `boardbot` command line.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = boardbot::cli::Cli::parse();
    // Not locked for the whole run: the logs of other threads (the computer, the
    // clocks, the adapters' tasks) write to standard error too, and would wait forever.
    let mut stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    match boardbot::cli::run(cli, &mut stdout, &mut stderr) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}
