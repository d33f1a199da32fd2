//! What the benchmarks share: a fixed generator, so every run draws the same
//! positions, and quiet random moves for filling databases.

// Each benchmark uses part of these.
#![allow(dead_code)]

use boardbot::games::Position;

/// A small fixed generator (xorshift64). Kept rather than `boardbot::ai::Rng`:
/// another generator draws other positions, and the figures reported for the
/// benchmarks are for these.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random legal move that does not end the game, if there is one.
pub fn quiet_move(game: &Position, rng: &mut Rng) -> Option<String> {
    let legal = game.legal_moves();
    for _ in 0..8 {
        let m = legal.get(rng.below(legal.len().max(1)))?;
        let mut next = game.clone();
        if next.play(m).is_ok() && next.outcome().is_none() {
            return Some(m.to_string());
        }
    }
    None
}

/// A casual Kuba game between `a` and `b` at `place`, as the benchmarks fill their
/// databases with.
pub fn kuba_game(
    a: boardbot::store::PlayerId,
    b: boardbot::store::PlayerId,
    place: boardbot::store::Place,
) -> boardbot::store::NewGame {
    use boardbot::store::SeatHolder;
    boardbot::store::NewGame {
        kind: boardbot::games::GameKind::Kuba,
        settings: None,
        start_code: None,
        rated: false,
        time_control: None,
        community: None,
        place,
        seats: vec![SeatHolder::Player(a), SeatHolder::Player(b)],
        turn_deadline: None,
        now: 0,
    }
}
