//! Tournament pairing speed: a 200-player Swiss's fifth round (the target is
//! 100 ms at most), its standings, and a 64-player round robin's whole schedule.
//!
//! The Swiss is a realistic mid-event state, made by the pairing itself: 200
//! entrants (one in ten unrated), four rounds paired and played out with results
//! drawn from the ratings (the higher-rated wins more often, one game in five a
//! draw, one in forty a forfeit), six players withdrawn along the way; so
//! scores, colour histories, byes and previous opponents are all as a real event
//! has them. `cargo bench --bench pairing`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use boardbot::pairing::{
    pair_swiss, round_robin, standings, Entrant, Format, GameResult, PlayerId, Round, MAX_SWISS_PLAYERS,
};
use common::Rng;
use criterion::{criterion_group, criterion_main, Criterion};

/// A Swiss of `players` after `rounds` rounds, made as the module's doc says.
fn mid_event(players: usize, rounds: usize) -> (Vec<Entrant>, Vec<Round>) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut entrants: Vec<Entrant> = (0..players)
        .map(|i| Entrant {
            id: 1000 + i as PlayerId,
            rating: (rng.below(10) != 0).then(|| 1100.0 + rng.below(1200) as f64),
            withdrawn: false,
        })
        .collect();
    let rating = |entrants: &[Entrant], id: PlayerId| {
        entrants.iter().find(|e| e.id == id).and_then(|e| e.rating).unwrap_or(1500.0)
    };
    let mut played: Vec<Round> = Vec::new();
    for _ in 0..rounds {
        let Ok(paired) = pair_swiss(&entrants, &played) else { break };
        let mut round = Round::from(paired);
        for game in &mut round.games {
            let edge = (rating(&entrants, game.white) - rating(&entrants, game.black)) / 8.0;
            let roll = rng.below(1000) as f64;
            game.result = Some(match rng.below(40) {
                0 => GameResult::WhiteWonByForfeit,
                1 => GameResult::BlackWonByForfeit,
                _ if roll < 400.0 + edge => GameResult::WhiteWon,
                _ if roll < 600.0 + edge => GameResult::Draw,
                _ => GameResult::BlackWon,
            });
        }
        played.push(round);
        for _ in 0..2 {
            let i = rng.below(players);
            entrants[i].withdrawn = true;
        }
    }
    (entrants, played)
}

fn swiss(c: &mut Criterion) {
    let (entrants, rounds) = mid_event(200, 4);
    let present = entrants.iter().filter(|e| !e.withdrawn).count();
    let next = pair_swiss(&entrants, &rounds).expect("round 5 pairs");
    eprintln!(
        "swiss: {present} players present of {}, round {} paired: {} games, bye {:?} (at most {MAX_SWISS_PLAYERS})",
        entrants.len(),
        rounds.len() + 1,
        next.games.len(),
        next.bye
    );
    let mut group = c.benchmark_group("swiss_200");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    group.bench_function("pair_round_5", |b| b.iter(|| pair_swiss(black_box(&entrants), black_box(&rounds))));
    group
        .bench_function("standings", |b| b.iter(|| standings(Format::Swiss, black_box(&entrants), black_box(&rounds))));
    group.finish();
}

fn robin(c: &mut Criterion) {
    let players: Vec<PlayerId> = (1..=64).collect();
    c.bench_function("round_robin_64", |b| b.iter(|| round_robin(black_box(&players))));
}

criterion_group!(benches, swiss, robin);
criterion_main!(benches);
