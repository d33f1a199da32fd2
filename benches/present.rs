//! Rendering a typed message through the catalog: the service's `Moved` (with a move
//! label and the next player's clock), a game's result and a refusal, in every
//! language, as the terminal's grammar writes them. Criterion times the mix; a plain
//! loop then times each rendering alone and prints its p50, p99 and max, the figure
//! the presentation layer is held to (≤ 20 µs p99). `cargo bench --bench present`.

use std::time::{Duration, Instant};

use boardbot::games::{GameKind, Phrase};
use boardbot::lang::Lang;
use boardbot::present::{say, Plain};
use boardbot::service::{ClockNote, GameTag, Message, MoveSaid, Next, Person, Refusal, SeatRef, UserRef};
use criterion::Criterion;

fn person(id: &str, name: &str) -> Person {
    Person::User(UserRef { user_id: id.into(), name: name.into() })
}

/// Messages people read most: a move with the next player's clock, a board, a refusal.
fn messages() -> Vec<Message> {
    let bob = person("12", "bob");
    let seat = SeatRef { person: bob.clone(), colour: Phrase::new("kuba-seat-black") };
    let next = Next::ToMove { seat, clock: ClockNote { left: Some(90_000_000), vacation: None } };
    let mv = MoveSaid {
        text: "a7-S".into(),
        parts: vec![Phrase::new("kuba-label-pushes").number("n", 2), Phrase::new("kuba-label-takes-red")],
    };
    vec![
        Message::Moved { mover: person("11", "alice"), mv, next: next.clone(), conditional: false },
        Message::Board { game: GameTag { kind: GameKind::Kuba, id: "K7Q2".into() }, ply: 12, next },
        Message::Refused(Refusal::NotYourTurn { game: "K7Q2".into(), waiting: bob }),
    ]
}

fn bench(c: &mut Criterion) {
    boardbot::present::catalog::load();
    let all = messages();
    let grammar = Plain::default();
    c.bench_function("present/say, 3 messages × 5 languages", |b| {
        b.iter(|| {
            for lang in Lang::ALL {
                for m in &all {
                    std::hint::black_box(say(m, lang, &grammar));
                }
            }
        })
    });
    let mut times: Vec<Duration> = Vec::with_capacity(30_000);
    for _ in 0..2_000 {
        for lang in Lang::ALL {
            for m in &all {
                let began = Instant::now();
                std::hint::black_box(say(m, lang, &grammar));
                times.push(began.elapsed());
            }
        }
    }
    times.sort_unstable();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q) as usize];
    println!(
        "present/say, one message: p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs over {} renderings",
        at(0.50).as_secs_f64() * 1e6,
        at(0.99).as_secs_f64() * 1e6,
        at(1.0).as_secs_f64() * 1e6,
        times.len()
    );
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
