//! Nuba speed: random playouts from the start position, placement included.
//!
//! The throughput line reports plies per second (`elem/s`).
//! Run with `cargo bench --bench nuba`.

use std::hint::black_box;

use boardbot::ai::Rng;
use boardbot::games::nuba::{Nuba, NubaSettings};
use boardbot::games::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Playouts per measured iteration.
const PLAYOUTS: u64 = 64;

/// Plays one random game to its end and returns the number of plies.
fn playout(seed: u64, moves: &mut Vec<<Nuba as Game>::Move>) -> u64 {
    let mut rng = Rng::new(seed);
    let mut position = Nuba::start(&NubaSettings::default());
    let mut plies = 0;
    loop {
        moves.clear();
        position.legal_moves(moves);
        if moves.is_empty() {
            return plies;
        }
        let m = moves[rng.below(moves.len())];
        position.play_unchecked(&m);
        plies += 1;
    }
}

fn playouts(c: &mut Criterion) {
    let mut moves = Vec::with_capacity(100);
    let plies: u64 = (1..=PLAYOUTS).map(|seed| playout(seed, &mut moves)).sum();
    let mut group = c.benchmark_group("nuba");
    group.throughput(Throughput::Elements(plies));
    group.bench_function("random playouts (plies)", |b| {
        b.iter(|| {
            let mut total = 0;
            for seed in 1..=PLAYOUTS {
                total += playout(black_box(seed), &mut moves);
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
