//! The `boardbot` command line.

use std::process::ExitCode;

use clap::Parser;

/// mimalloc instead of the system's allocator: a worker serves many requests at once on
/// as many threads, each allocating small short-lived buffers (the database client's,
/// the replies'), where glibc's allocator spent about a tenth of a worker's time
/// (`perf`, during `cargo bench --bench store_postgres`); see docs/operating.md.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // No transparent huge pages in this process. mimalloc reserves its memory in large
    // aligned arenas and by default asks the kernel to back them with huge pages
    // (`madvise`; the `no_thp` feature drops that ask, and this covers kernels that
    // use them everywhere): each 2 MiB a thread touches then stays resident whole,
    // whatever mimalloc purges within it. With them a worker serving 8 games at once
    // held 238 MB; without, about 50 MB (`cargo bench --features discord --bench
    // discord_memory`; docs/operating.md, "Memory").
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
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
