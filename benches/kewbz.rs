//! Kewbz speed: random playouts from the start position, reported in plies per
//! second (criterion's "elem/s"), and legal-move generation.

use std::hint::black_box;

use boardbot::ai::Rng;
use boardbot::games::kewbz::{Kewbz, KewbzSettings};
use boardbot::games::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Plays one random game from `start`; returns the number of plies.
fn playout(start: &Kewbz, rng: &mut Rng) -> u64 {
    let mut position = start.clone();
    let mut plies = 0;
    while let Some(m) = position.random_move(&mut |n| rng.below(n)) {
        position.play_unchecked(&m);
        plies += 1;
    }
    black_box(&position);
    plies
}

const GAMES: u64 = 100;

fn playouts(c: &mut Criterion) {
    let start = Kewbz::start(&KewbzSettings::default());
    // The seeds are fixed, so every iteration plays the same games: count their
    // plies once to report plies per second.
    let mut rng = Rng::new(1);
    let plies: u64 = (0..GAMES).map(|_| playout(&start, &mut rng)).sum();
    let mut group = c.benchmark_group("kewbz");
    group.throughput(Throughput::Elements(plies));
    group.bench_function(format!("random playouts 8x8 ({GAMES} games, {plies} plies)"), |b| {
        b.iter(|| {
            let mut rng = Rng::new(1);
            (0..GAMES).map(|_| playout(&start, &mut rng)).sum::<u64>()
        })
    });
    group.finish();

    let mut rng = Rng::new(7);
    let mut midgame = start.clone();
    for _ in 0..14 {
        if let Some(m) = midgame.random_move(&mut |n| rng.below(n)) {
            midgame.play_unchecked(&m);
        }
    }
    c.bench_function("kewbz legal moves, 8x8 middle game", |b| {
        let mut moves = Vec::with_capacity(64);
        b.iter(|| {
            moves.clear();
            black_box(&midgame).legal_moves(&mut moves);
            moves.len()
        })
    });
}

criterion_group!(benches, playouts);
criterion_main!(benches);
