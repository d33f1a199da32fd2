//! Replay speed and size: a game of up to 100 seeded random moves that do not end
//! it (Kuba reaches 100; the others end sooner, their supplies used up) drawn and
//! encoded as an animated GIF at 512 px on the calling thread. The target is
//! Kuba's: at most 1.5 MB in at most 300 ms. Prints each GIF's size, and the CPU
//! time the thread spent on one replay (the median of five, read from Linux's
//! `/proc/thread-self/schedstat`), which a machine busy with other work does not
//! inflate as it does the wall-clock time criterion measures.
//! `cargo bench --bench replay`.

mod common;

use std::hint::black_box;

use boardbot::games::{BoardView, GameKind, Position};
use boardbot::render::replay::{replay, ReplayOptions};
use common::{quiet_move, Rng};
use criterion::{criterion_group, criterion_main, Criterion};

/// Moves in each replayed game.
const MOVES: usize = 100;

/// The start and the position after each of [`MOVES`] seeded random moves, each
/// with its move highlighted.
fn game(kind: GameKind) -> Vec<BoardView> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut position = Position::start(&kind.default_settings());
    let word = |v| boardbot::present::view::worded(v, boardbot::lang::Lang::En);
    let mut views = vec![word(position.view(None))];
    for _ in 0..MOVES {
        let Some(text) = quiet_move(&position, &mut rng) else { break };
        match position.play_text(&text) {
            Ok(played) => views.push(word(position.view(Some(played.view)))),
            Err(e) => panic!("{kind}: {text}: {e}"),
        }
    }
    views
}

/// The CPU time this thread has used, in nanoseconds, where Linux tells it.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// The median CPU time of five runs of `f`, in milliseconds.
fn cpu_ms(mut f: impl FnMut()) -> Option<f64> {
    let mut runs = Vec::new();
    for _ in 0..5 {
        let before = thread_cpu_ns()?;
        f();
        runs.push((thread_cpu_ns()? - before) as f64 / 1e6);
    }
    runs.sort_by(f64::total_cmp);
    Some(runs[2])
}

fn replays(c: &mut Criterion) {
    let options = ReplayOptions { names: vec!["Alice".into(), "Bob".into()], ..ReplayOptions::default() };
    let mut group = c.benchmark_group("replay_512");
    group.sample_size(10);
    for &kind in GameKind::ALL {
        let views = game(kind);
        let bytes = match replay(&views, &options) {
            Ok(gif) => gif.len(),
            Err(e) => panic!("{kind}: {e}"),
        };
        let cpu = cpu_ms(|| drop(black_box(replay(&views, &options))));
        let cpu = cpu.map_or(String::new(), |ms| format!(", {ms:.0} ms of CPU"));
        eprintln!("{kind}: {} moves, {bytes} bytes at 512 px{cpu}", views.len() - 1);
        group.bench_function(kind.name(), |b| b.iter(|| replay(black_box(&views), black_box(&options))));
    }
    group.finish();
}

criterion_group!(benches, replays);
criterion_main!(benches);
