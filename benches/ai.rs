//! AI speed: playouts per second from a midgame position of each game on one core,
//! and the time `hard` takes on the slowest position found (an early Cabale turn
//! with 48 042 complete turns at the root, which hard scans before it searches).
//! `cargo bench --bench ai`.

use std::hint::black_box;

use boardbot::ai::{choose, Budget, Level, MctsConfig, Player, Rng};
use boardbot::games::{dispatch, Game, GameKind, GameVisitor};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const PLAYOUTS: u64 = 500;

/// A position reached by random moves from the start, with settings as JSON.
fn midgame<G: Game>(settings: &str, plies: usize, seed: u64) -> G {
    let settings: G::Settings = serde_json::from_str(settings).unwrap_or_default();
    let mut position = G::start(&settings);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let Some(m) = position.random_move(&mut |n| rng.below(n)) else { break };
        let mut next = position.clone();
        next.play_unchecked(&m);
        if next.is_over() {
            break;
        }
        position = next;
    }
    position
}

struct Playouts<'c> {
    c: &'c mut Criterion,
}

impl GameVisitor for Playouts<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let plies = if G::TITLE == "Cabale" { 14 } else { 30 };
        // Playouts per second: the search runs its whole budget rather than settling.
        let player = Player::Mcts(MctsConfig {
            budget: Budget::playouts(PLAYOUTS).expect("positive"),
            settle: false,
            ..MctsConfig::hard()
        });
        // A midgame where the search runs its whole budget: a position with a winning
        // or forced move would be answered without playouts.
        let spent = |p: &G| choose(p, &player, 3).map_or(0, |c| c.playouts);
        let Some(position) = (0..50).map(|seed| midgame::<G>("{}", plies, seed)).find(|p| spent(p) == PLAYOUTS) else {
            return;
        };
        let spent = PLAYOUTS;
        let mut group = self.c.benchmark_group("ai");
        group.sample_size(10);
        group.throughput(Throughput::Elements(spent));
        group.bench_function(format!("{} ({spent} playouts), midgame {position}", G::TITLE), |b| {
            b.iter(|| black_box(choose(black_box(&position), &player, 3).map(|c| c.playouts)))
        });
        group.finish();
    }
}

fn playouts(c: &mut Criterion) {
    for kind in GameKind::ALL {
        dispatch(*kind, Playouts { c });
    }
}

struct Hard<'c> {
    c: &'c mut Criterion,
}

impl GameVisitor for Hard<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let position: G = midgame(r#"{"players":2}"#, 6, 5);
        let hard = Level::Hard.player();
        let mut group = self.c.benchmark_group("ai");
        group.sample_size(10);
        group.bench_function(format!("hard, slowest position {position}"), |b| {
            b.iter(|| black_box(choose(black_box(&position), &hard, 3).map(|c| c.playouts)))
        });
        group.finish();
    }
}

fn hard(c: &mut Criterion) {
    if let Ok(kind) = "cabale".parse::<GameKind>() {
        dispatch(kind, Hard { c });
    }
}

criterion_group!(benches, playouts, hard);
criterion_main!(benches);
