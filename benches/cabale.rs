//! Cabale speed: random playouts with turns sampled part by part, and full
//! legal-move generation from a midgame position.
//!
//! Run with `cargo bench --bench cabale`; the playout group reports plies per
//! second as its throughput.

use std::hint::black_box;
use std::time::Duration;

use boardbot::ai::Rng;
use boardbot::games::cabale::{Cabale, CabaleSettings};
use boardbot::games::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// A 2-player midgame: 102 runner paths, 31,458 complete turns.
const MIDGAME: &str = "..R.2/Y...../...Y.../.R...Y../..R.....Y/....1..Y/......./....../.R..R y 20-20 1-1 7-7 0.0-0.0 \
                       A1|B1,C3|C4,D1|D2,D4|E5,D7|E8,F2|G3,F3|G3,F6|F7,G6|G7,H9|I9";

const PLAYOUTS: u64 = 32;

/// Plays one game to the end from `start`; returns the number of plies.
fn playout(start: &Cabale, seed: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let mut p = start.clone();
    let mut plies = 0;
    while let Some(m) = p.random_move(&mut |n| rng.below(n)) {
        p.play_unchecked(&m);
        plies += 1;
    }
    black_box(p);
    plies
}

fn batch(starts: &[Cabale]) -> u64 {
    (0..PLAYOUTS).map(|i| playout(&starts[i as usize % starts.len()], 0x9E37_79B9_7F4A_7C15 ^ (i + 1))).sum()
}

fn benches(c: &mut Criterion) {
    let mut starts = Vec::new();
    for players in 2..=4u8 {
        let mut p = Cabale::start(&CabaleSettings { players, ..Default::default() });
        for cell in ["@A3", "@I7", "@D1", "@F9"].iter().take(usize::from(players)) {
            if p.play_text(cell).is_err() {
                return;
            }
        }
        starts.push(p);
    }
    let plies = batch(&starts);

    let mut group = c.benchmark_group("cabale");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    group.throughput(Throughput::Elements(plies));
    group.bench_function("random_playouts_32_games", |b| b.iter(|| black_box(batch(&starts))));

    let Ok(midgame) = Cabale::from_code(MIDGAME, &CabaleSettings::default()) else {
        return;
    };
    let mut moves = Vec::with_capacity(40_000);
    midgame.legal_moves(&mut moves);
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("legal_moves_midgame", |b| {
        b.iter(|| {
            moves.clear();
            black_box(&midgame).legal_moves(&mut moves);
            black_box(moves.len())
        })
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_move_midgame", |b| {
        let mut rng = Rng::new(7);
        b.iter(|| black_box(&midgame).random_move(&mut |n| rng.below(n)))
    });
    group.finish();
}

criterion_group!(cabale, benches);
criterion_main!(cabale);
