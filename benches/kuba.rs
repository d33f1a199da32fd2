//! Kuba speed: random playouts from the start to the end of the game, and legal-move
//! generation in a midgame position. `cargo bench --bench kuba`.

use std::hint::black_box;

use boardbot::ai::Rng;
use boardbot::games::kuba::{Kuba, KubaMove, KubaSettings};
use boardbot::games::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Plays one random game to its end; returns the number of plies.
fn playout(rng: &mut Rng, moves: &mut Vec<KubaMove>) -> u64 {
    let mut p = Kuba::start(&KubaSettings::default());
    let mut plies = 0;
    loop {
        moves.clear();
        p.legal_moves(moves);
        if moves.is_empty() || plies >= 100_000 {
            return plies;
        }
        let m = moves[rng.below(moves.len())];
        p.play_unchecked(&m);
        plies += 1;
    }
}

const GAMES: u64 = 64;

fn playouts(c: &mut Criterion) {
    let mut moves = Vec::with_capacity(64);
    let plies: u64 = {
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        (0..GAMES).map(|_| playout(&mut rng, &mut moves)).sum()
    };
    let mut group = c.benchmark_group("kuba");
    group.throughput(Throughput::Elements(plies));
    group.bench_function(format!("random playouts ({GAMES} games, {plies} plies)"), |b| {
        b.iter(|| {
            let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
            let total: u64 = (0..GAMES).map(|_| playout(&mut rng, &mut moves)).sum();
            black_box(total)
        })
    });
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let midgame = "1WW1BB1/4R2/WBRRB2/WRRRWR1/1RRR2W/1BBR1WW/1BBR3 w 0-1 -";
    let p = Kuba::from_code(midgame, &KubaSettings::default()).expect("a valid code");
    let mut moves = Vec::with_capacity(64);
    c.bench_function("kuba/legal moves, midgame (15 moves)", |b| {
        b.iter(|| {
            moves.clear();
            black_box(&p).legal_moves(&mut moves);
            black_box(moves.len())
        })
    });
}

criterion_group!(benches, playouts, legal_moves);
criterion_main!(benches);
