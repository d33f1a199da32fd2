//! The puzzle finder (`boardbot::ai::puzzle`) at its default playouts (3,000 per
//! move searched, `[analysis] playouts` 2,000):
//!
//! 1. **The games of `tests/fixtures/analysis/`** (`medium` against `random`, each
//!    kind, both seats), reviewed first at the default budget (not timed), then
//!    searched for puzzles: the CPU time of the whole search of each game (read from
//!    Linux's `/proc/thread-self/schedstat`, which other work on a busy machine does
//!    not inflate as it does wall-clock time), the longest single search (a
//!    background job of the computer's workers), and the puzzles found.
//! 2. Criterion: one position judged, a Kuba position of the test set whose best
//!    move is e5-S (`W4BB/1W1R1B1/1W1RB2/1RWRRR1/1BRRR2/1RRRWW1/1BBBRWW b 0-0 -`).
//!
//! `cargo bench --bench puzzles`; `BENCH_PUZZLES=games` runs part 1 alone (then
//! criterion's part with its own filter, `cargo bench --bench puzzles -- judge`).

use std::hint::black_box;
use std::path::PathBuf;

use boardbot::ai::puzzle::{judge, suspects, Finder, PuzzleSearch, Suspect};
use boardbot::ai::review::{review, ReviewBudget};
use boardbot::games::{GameKind, Position};
use criterion::{criterion_group, criterion_main, Criterion};

/// The CPU time this thread has used, in nanoseconds, where Linux tells it.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn wanted(part: &str) -> bool {
    std::env::var("BENCH_PUZZLES").map_or(true, |v| v.split(',').any(|p| p.trim() == part))
}

/// A fixture game of `tests/fixtures/analysis/`.
fn fixture(kind: GameKind, seat: usize) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/analysis")
        .join(format!("{kind}-medium-seat{seat}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_string).collect()
}

/// Part 1: each fixture game's puzzles.
fn games() {
    for &kind in GameKind::ALL {
        for seat in [1, 2] {
            let moves = fixture(kind, seat);
            let settings = kind.default_settings();
            let reviewed = review(&settings, None, &moves, ReviewBudget::default()).expect("a review");
            let labelled =
                reviewed.plies.iter().filter_map(|p| p.label.map(|label| Suspect { ply: p.ply, label, loss: p.loss }));
            let picked = suspects(labelled);
            let search = PuzzleSearch { seed: 1, ..PuzzleSearch::default() };
            let mut finder = Finder::new(&settings, None, &moves, &picked, search).expect("a finder");
            let (mut total, mut longest, mut steps) = (0.0f64, 0.0f64, 0u32);
            loop {
                let before = thread_cpu_ns();
                let more = finder.step().expect("a search");
                if let Some(ns) = thread_cpu_ns().zip(before).map(|(a, b)| (a - b) as f64 / 1e9) {
                    total += ns;
                    longest = longest.max(ns);
                }
                steps += 1;
                if !more {
                    break;
                }
            }
            let found = finder.puzzles().unwrap_or_default();
            let bests: Vec<String> =
                found.iter().map(|p| format!("{}. {} (not {})", p.ply, p.best, p.played)).collect();
            println!(
                "{kind} seat {seat}: {} moves, {} suspects, {steps} searches, {total:.1} s of one core (longest search {longest:.2} s), {} puzzles{}{}",
                moves.len(),
                picked.len(),
                found.len(),
                if found.is_empty() { "" } else { ": " },
                bests.join(", ")
            );
        }
    }
}

fn bench(c: &mut Criterion) {
    if wanted("games") {
        games();
    }
    let position = Position::from_code(
        "W4BB/1W1R1B1/1W1RB2/1RWRRR1/1BRRR2/1RRRWW1/1BBBRWW b 0-0 -",
        &GameKind::Kuba.default_settings(),
    )
    .expect("a position");
    let mut group = c.benchmark_group("judge");
    group.sample_size(10);
    group.bench_function("kuba_e5_s", |b| b.iter(|| black_box(judge(&position, &[], PuzzleSearch::default(), None))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
